"""A follow-up that corrects one card of an earlier district: "le 2 de la capitale c'est un 1 en fait".

Read alone, such a sentence states two values for one district (2, then 1), which the reader quotes as a
contradiction. After a position that holds that district, it means something else: the card said first is one
of the earlier cards, and the second is what it really is.
"""

from __future__ import annotations

from dataclasses import replace

from qa.scenario.facts import Contradiction, Fact


def card_corrected(
    earlier: tuple[Fact, ...], now: tuple[Fact, ...], contradictions: tuple[Contradiction, ...]
) -> tuple[tuple[Fact, ...], tuple[Contradiction, ...]]:
    """``now``'s facts with each pair "card said, card meant" of one district turned into the earlier district with
    that card replaced, and the contradiction the pair raised dropped.

    >>> before = (Fact("capital.yellow", (7, 5, 2), 0, 9),)
    >>> said = (Fact("capital.yellow", 2, 10, 11), Fact("capital.yellow", 1, 30, 31))
    >>> [(f.path, f.value) for f in card_corrected(before, said, ())[0]]
    [('capital.yellow', (7, 5, 1))]
    """
    cards = {f.path: f.value for f in earlier if isinstance(f.value, tuple)}
    facts = list(now)
    dropped: list[tuple[int, int]] = []
    for path, held in cards.items():
        said = [f for f in facts if f.path == path]
        if len(said) != 2 or not all(isinstance(_single(f.value), int) for f in said):
            continue
        wrong, meant = (_single(f.value) for f in said)
        if wrong not in held or meant == wrong:
            continue
        k = held.index(wrong)
        first, second = said
        fixed = replace(first, value=(*held[:k], meant, *held[k + 1 :]), end=second.end)
        facts = [fixed if f is first else f for f in facts if f is not second]
        dropped.append((first.start, second.end))
    kept = tuple(c for c in contradictions if not any(c.start <= s and e <= c.end for s, e in dropped))
    return tuple(facts), kept


def _single(value: object) -> object:
    """A one-card district is its card."""
    return value[0] if isinstance(value, tuple) and len(value) == 1 else value
