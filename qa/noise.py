"""Noisy copies of a question, as players type them: lower case, no accents or punctuation, slips of the keys.

Used to train the embedding model (:mod:`qa.tune`) so that a question typed in a hurry lands near the same
ruling as its clean wording. The noise is generic (it knows nothing about the rules or any question asked),
and reproducible from the random generator it is given.
"""

from __future__ import annotations

import random
import re
import unicodedata
from dataclasses import dataclass
from typing import Final

_WORD: Final = re.compile(r"\w+")
_PUNCTUATION: Final = re.compile(r"[?!.,;:«»\"()\[\]]+")
_SPACES: Final = re.compile(r"\s+")


def strip_accents(text: str) -> str:
    """``text`` without its diacritics.

    >>> strip_accents("Égalité à la Capitale, Nécros")
    'Egalite a la Capitale, Necros'
    """
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFC", "".join(c for c in decomposed if not unicodedata.combining(c)))


def casual(text: str) -> str:
    """``text`` typed casually: lower case, no accents, no punctuation.

    >>> casual("Le Marchand : peut-on dépenser l'Or ?")
    "le marchand peut-on depenser l'or"
    """
    return _SPACES.sub(" ", _PUNCTUATION.sub(" ", strip_accents(text).lower())).strip()


def slip(word: str, rng: random.Random) -> str:
    """``word`` with one slip of the keys: a letter dropped, doubled or swapped with the next one.

    >>> slip("marchand", random.Random(1)) != "marchand"
    True
    >>> slip("or", random.Random(1))
    'or'
    """
    if len(word) < 4:
        return word
    kind = rng.randrange(3)
    i = rng.randrange(1, len(word) - (2 if kind == 2 else 1))  # the first and last letters stay
    if kind == 0:
        return word[:i] + word[i + 1 :]
    if kind == 1:
        return word[:i] + word[i] + word[i:]
    return word[:i] + word[i + 1] + word[i] + word[i + 2 :]


@dataclass(frozen=True)
class Noise:
    """How much noise :meth:`apply` adds."""

    #: Chance that the copy is typed casually (see :func:`casual`).
    casual: float = 0.5
    #: Chance that each word of 4 letters or more gets a slip (see :func:`slip`).
    slips: float = 0.12

    def apply(self, text: str, rng: random.Random) -> str:
        """A noisy copy of ``text``.

        >>> Noise(casual=1.0, slips=0.0).apply("Combien rapporte un jeton Or ?", random.Random(0))
        'combien rapporte un jeton or'
        >>> Noise(casual=0.0, slips=0.0).apply("Combien ?", random.Random(0))
        'Combien ?'
        """
        if rng.random() < self.casual:
            text = casual(text)
        return _WORD.sub(lambda m: slip(m.group(), rng) if rng.random() < self.slips else m.group(), text)
