"""Text helpers shared by the loader, the checks and the rankers.

The corpus keeps every rule text word for word; these helpers only decide when two texts are
"the same" for coverage and quote checks, never rewrite what is stored.
"""

from __future__ import annotations

import re
import unicodedata

_SPACE = re.compile(r"\s+")
_BULLET = re.compile(r"^(?:[•\-*–]\s*)+")


def normalize(text: str) -> str:
    """Collapse runs of whitespace to one space and strip the ends.

    >>> normalize("  Trois   manches.\\n (p. 1) ")
    'Trois manches. (p. 1)'
    """
    return _SPACE.sub(" ", text).strip()


def strip_bullet(line: str) -> str:
    """Drop leading bullet markers (``•``, ``-``, ``*``, ``–``) and whitespace from one line.

    >>> strip_bullet("  • Pouvoir : Tirez la première tuile")
    'Pouvoir : Tirez la première tuile'
    """
    return _BULLET.sub("", line.strip()).strip()


def fold(text: str) -> str:
    """Lower-case and remove accents, for matching what people type.

    >>> fold("Prophète, Cité, Nécro")
    'prophete, cite, necro'
    """
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))
