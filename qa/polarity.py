"""Reading a yes/no question's polarity against a ruling's claim: does it ask the claim, or its opposite?

A yes/no ruling states its claim, the fact its answer affirms ("The Agent tile is placed face down."). A player's
question may ask that fact ("is it hidden?": yes) or its opposite ("is it face up?", "must I show it?": no). The
reader compares the *stances* of the two sentences, never how close they read:

- a **negation** ("ne … pas", "sans", "not", "without", "never") flips a sentence;
- each **opposition** is a pair of sides ("face up" / "face down", "keep" / "lose", "once" / "twice", "before" /
  "after", "all" / "part"): the question and the claim on different sides flip;
- the **mode** ("must" / "may"): asking "must I?" of a fact that is only allowed ("you may...") is a no.

When the polarity cannot be read safely, the reader says so (``None``) and the answer states the rule without its
yes or no: the question names a side of an opposition the claim does not (or the other way round), or it asks two
things at once ("... or only at the end?").
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from corpus.model import Verdict
from corpus.text import fold

Mode = Literal["must", "may"]

#: Negations, matched on folded text. French "ne" alone ("je ne joue qu'une carte") restricts, it does not negate:
#: only its second half counts, and spoken French drops the "ne" anyway ("je peux pas").
_NEGATION = {
    "fr": re.compile(r"\b(?:pas|jamais|aucune?s?|rien|sans|nulle? part|ni|interdite?s?)\b|\bne\b[^.?!]{0,30}?\bplus\b"),
    "en": re.compile(
        r"\b(?:not|never|no|without|none|nothing|nobody|neither|nor|cannot|forbidden|prohibited|off-limits)\b|n't\b"
    ),
}

#: Verbs that say "not do": "can I skip the power?" asks "can I not apply it?".
_DECLINE = {
    "fr": re.compile(
        r"\b(?:ignor|zapp|renon[cç]|refus|evit|esquiv|oubli)\w*|\b(?:m|t|s)'en passer\b|\bse passer de\b"
        r"|\blaisser tomber\b"
    ),
    "en": re.compile(r"\b(?:ignor|skip|forgo|forego|refus|avoid|declin|opt(?:ing)? out|pass(?:ing)? on)\w*"),
}

#: "May" negated: "cannot X" is "must not X" (the negation moves inside, the mode becomes "must"), and "not
#: optional" is "must".
_MAY_NOT = {
    "fr": re.compile(
        r"\b(?:ne|n')\s*(?:\w+\s+){0,2}?(?:peu(?:x|t|vent)|pouvez|pouvons|puis)\b(?:\s+\w+){0,2}?\s+pas\b"
        r"|\bpeu(?:x|t|vent) pas\b|\bpas (?:le )?droit\b|\binterdit\w*|\bpas (?:facultati|optionn|permis|autoris)\w*"
    ),
    "en": re.compile(
        r"\bcannot\b|\bcan't\b|\bcan not\b|\bmay not\b|\bnot (?:be )?(?:allowed|permitted|optional|able)\b"
        r"|\bforbidden\b"
    ),
}
#: "Optional" says "may do, and may not do": it asks about not doing.
_OPTIONAL = {"fr": re.compile(r"\bfacultati\w*|\boptionn\w*"), "en": re.compile(r"\boptional\b")}

#: Oppositions: each a pair of sides, each side a pattern on folded text.
_OPPOSITIONS: Mapping[str, Mapping[str, tuple[str, str]]] = {
    "fr": {
        "visibility": (
            r"\bface (?:visible|decouverte|en l'air)\b|\bvisibles?\b|\breveler\b|\brevele(?:e|es|s)?\b|\bmontr\w*|"
            r"\bdevoil\w*|\bvoi(?:r|t|ent|s)\b|\bmontre\b",
            r"\bface cachee?s?\b|\bcachee?s?\b|\ben secret\b|\bsecret(?:e|es|s)?\b|\bsecretement\b|\bdissimul\w*",
        ),
        "keeping": (
            r"\bgard\w*|\bconserv\w*|\brest(?:e|ent|er)\b",
            r"\bperd\w*|\bdefauss\w*|\bjet(?:er|te|tes|tent)\b",
        ),
        "count": (
            r"\bune (?:seule )?fois\b|\bun seul\b|\bune seule\b|\bqu'une\b|\bqu'un\b|\bseulement une?\b",
            r"\bdeux fois\b|\bplusieurs\b|\bplus d'une fois\b|\bplus d'une?\b|\b(?:\d+|deux|trois) fois\b|\bencore\b",
        ),
        "timing": (r"\bavant\b", r"\bapres\b"),
        "whole": (r"\btou(?:t|s|te|tes)\b|\bentier\w*", r"\bexcedent\w*|\bsurplus\b|\bune partie\b|\bcertaines\b"),
    },
    "en": {
        "visibility": (
            r"\bface up\b|\bface-up\b|\bvisible\b|\breveal\w*|\bshow\w*|\bsee\b|\bsees\b|\bseen\b|\bpublic\w*",
            r"\bface down\b|\bface-down\b|\bhidden\b|\bhide\w*|\bsecret\w*|\bconceal\w*",
        ),
        "keeping": (
            r"\bkeep\w*|\bkept\b|\bretain\w*|\bstay\w*|\bremain\w*|\bcarr(?:y|ies) over\b",
            r"\blos(?:e|es|t|ing)\b|\bdiscard\w*|\bwip\w*|\bthrow\w* away\b",
        ),
        "count": (
            r"\bonce\b|\bonly one\b|\ba single\b|\bjust one\b|\bone time\b",
            r"\btwice\b|\bseveral\b|\bmultiple\b|\bmore than (?:once|one)\b|\b(?:\d+|two|three) times\b|\bagain\b",
        ),
        "timing": (r"\bbefore\b", r"\bafter\b"),
        "whole": (r"\ball\b|\bentire\w*|\bwhole\b|\bevery\b", r"\bexcess\b|\bsurplus\b|\bpart of\b|\bsome of\b"),
    },
}

_MODES: Mapping[str, Mapping[Mode, str]] = {
    "fr": {
        "must": r"\bdoi(?:s|t|vent)\b|\bdevoir\b|\bdevez\b|\bobligee?s?\b|\bobligatoire\w*|\bforcee?s?\b|\bil faut\b"
        r"|\bfaut-il\b|\bfaut\b",
        "may": r"\bpeu(?:x|t|vent)\b|\bpouvez\b|\bpouvoir\b|\bpuis-je\b|\bfacultati\w*|\boptionn\w*|\bau choix\b"
        r"|\ble droit\b|\bpermis\b|\bautorisee?s?\b|\bpossible\b",
    },
    "en": {
        "must": r"\bmust\b|\bha(?:ve|s) to\b|\bmandatory\b|\bobligatory\b|\brequired?\b|\bforced\b|\bobliged\b"
        r"|\bneed to\b|\bneeds to\b",
        "may": r"\bmay\b|\bcan\b|\bcould\b|\ballowed\b|\boptional\b|\bpermitted\b|\bable to\b|\bpossible\b"
        r"|\bcannot\b|\bcan't\b",
    },
}

#: A question offering alternatives ("... or only at the end?", "... ou bien ...") asks more than one thing.
_ALTERNATIVE = {
    "fr": re.compile(r"\bou (?:bien|alors|pas|non|seulement|plutot)\b|\bou\b.*\?$"),
    "en": re.compile(r"\bor\b"),
}


@dataclass(frozen=True)
class Stance:
    """The polarity markers of one sentence."""

    #: An odd number of negations.
    negated: bool
    #: For each opposition it names: the side (0 or 1), or 2 when it names both.
    sides: Mapping[str, int]
    #: "must" or "may" when the sentence says one of them (must wins when it says both).
    mode: Mode | None
    #: True when the sentence offers alternatives.
    alternative: bool = False


def stance(text: str, lang: str) -> Stance:
    """The stance of ``text`` (a question or a claim) in ``lang``.

    >>> stance("Est-ce que je peux garder la tuile face visible ?", "fr")
    Stance(negated=False, sides={'visibility': 0, 'keeping': 0}, mode='may', alternative=False)
    >>> stance("You don't have to reveal it.", "en").negated
    True
    """
    folded = fold(text).replace("’", "'")
    negations = sum(len(p[lang].findall(folded)) for p in (_NEGATION, _DECLINE, _OPTIONAL))
    sides: dict[str, int] = {}
    for name, (first, second) in _OPPOSITIONS[lang].items():
        named = (bool(re.search(first, folded)), bool(re.search(second, folded)))
        if any(named):
            sides[name] = 2 if all(named) else named.index(True)
    modes = _MODES[lang]
    mode: Mode | None = (
        "must" if re.search(modes["must"], folded) else "may" if re.search(modes["may"], folded) else None
    )
    if mode == "may" and _MAY_NOT[lang].search(folded):
        mode = "must"  # not allowed to X: must not X; not allowed to skip X: must X
    return Stance(negations % 2 == 1, sides, mode, bool(_ALTERNATIVE[lang].search(folded)))


def unmarked(text: str, lang: str, sides: frozenset[str] = frozenset()) -> str:
    """``text`` (folded) without its negations, its mode and the oppositions named in ``sides``: what is left is
    what it speaks of.

    >>> unmarked("Can I keep the tile face up?", "en", frozenset({"visibility"})).split()
    ['i', 'keep', 'the', 'tile', '?']
    """
    folded = fold(text).replace("’", "'")
    patterns = [p[lang].pattern for p in (_MAY_NOT, _NEGATION, _DECLINE, _OPTIONAL)] + [*_MODES[lang].values()]
    patterns += [side for name, pair in _OPPOSITIONS[lang].items() if name in sides for side in pair]
    for pattern in patterns:
        folded = re.sub(pattern, " ", folded)
    return folded


def read_verdict(question: Stance, claim: Stance) -> Verdict | None:
    """The right yes or no to a question of stance ``question`` about a fact of stance ``claim`` (the fact the
    answer affirms, so true), or ``None`` when it cannot be read safely.

    >>> claim = stance("The Agent tile is placed face down.", "en")
    >>> read_verdict(stance("Is the Agent tile face up?", "en"), claim)
    'no'
    >>> read_verdict(stance("Do I keep it hidden?", "en"), claim) is None  # "keep": a side the claim lacks
    True
    """
    if question.alternative:
        return None
    if question.mode == "must" and claim.mode == "may" and not claim.negated:
        return "no"  # "must I?" of what is only allowed
    flips = question.negated != claim.negated
    for name in question.sides.keys() | claim.sides.keys():
        asked, claimed = question.sides.get(name), claim.sides.get(name)
        if asked is None or claimed is None:
            return None  # one names a side the other does not: they may not speak of the same thing
        if 2 in (asked, claimed):
            if asked != claimed:
                return None
            continue
        flips ^= asked != claimed
    return "no" if flips else "yes"
