"""A value the engine's schema refuses, said in the asker's language.

pydantic names each refusal by a type, with its bound in ``ctx`` ("greater_than_equal", ``{"ge": 0}``): those are
said in French here from the type and the bound, never by translating the English message. A refusal the engine
words itself (``Value error, no card 'purple:7'``) is said in the engine's own French wording where it has one.

>>> said_fr({"type": "greater_than_equal", "ctx": {"ge": 0}, "msg": "Input should be greater than or equal to 0"})
'la valeur doit être au moins 0'
>>> said_fr({"type": "int_from_float", "msg": "Input should be a valid integer, got a number with a fractional part"})
'un nombre entier est attendu, pas une fraction'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: French for pydantic's refusals, by their type; ``{bound}`` is the value of ``ctx`` when there is one.
_FR = {
    "int_from_float": "un nombre entier est attendu, pas une fraction",
    "int_parsing": "un nombre entier est attendu",
    "int_type": "un nombre entier est attendu",
    "greater_than_equal": "la valeur doit être au moins {bound}",
    "greater_than": "la valeur doit être plus grande que {bound}",
    "less_than_equal": "la valeur doit être au plus {bound}",
    "less_than": "la valeur doit être plus petite que {bound}",
    "too_long": "il y en a trop : au plus {bound}",
    "too_short": "il en faut au moins {bound}",
}
_BOUNDS = ("ge", "gt", "le", "lt", "max_length", "min_length")


def said_en(error: Mapping[str, Any]) -> str:
    """The refusal as pydantic or the engine words it."""
    return str(error["msg"]).removeprefix("Value error, ")


def said_fr(error: Mapping[str, Any]) -> str:
    """The refusal in French: pydantic's known ones from their type, the engine's in its own French wording
    (:class:`engine.errors.EngineError` ``fr``), else as the engine words it."""
    ctx = error.get("ctx") or {}
    fr = getattr(ctx.get("error"), "fr", None)
    if isinstance(fr, str):
        return fr
    template = _FR.get(str(error.get("type")))
    if template is None:
        return said_en(error)
    bound = next((ctx[k] for k in _BOUNDS if k in ctx), "")
    return template.format(bound=bound)
