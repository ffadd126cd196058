"""Set-up facts that depend on the number of players and the modules: the draft deal, the starting Capital.

Where the texts disagree (the draft hand size: ``notes/draft-hand-size``) every reading is reported, each
with its citation, rather than one picked silently.

>>> [r.cards for r in deal(3, undercover=False)]
[6, 8]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.cl2 import sections
from engine.cl2.cards import Card, Colour
from engine.errors import EngineError, ImpossiblePosition
from engine.steps import Step


@dataclass(frozen=True)
class DealReading:
    """One reading of how many cards each player is dealt, and how they are picked."""

    cards: int | None
    picks: str | None
    why: Step


def deal(players: int, *, undercover: bool) -> tuple[DealReading, ...]:
    """Every reading the texts support for the draft deal with ``players`` players."""
    if not 1 <= players <= 5:
        raise ImpossiblePosition(f"Capital Lux 2 is played by 1 to 5 players (5 with the expansion), not {players}")
    if players == 1:
        return (
            DealReading(
                None,
                None,
                Step(
                    sections.GAME,
                    "les textes annoncent 1 à 4 joueurs mais ne décrivent pas la partie à 1 joueur",
                    "the texts list 1 to 4 players but never describe a 1-player game",
                    reading=sections.SOLO_NOTE,
                ),
            ),
        )
    if undercover:
        if players == 5:
            return (
                DealReading(
                    6,
                    None,
                    Step(
                        sections.UNDERCOVER_DRAFT,
                        "module Clandestin à 5 joueurs : 6 cartes chacun ; le rythme des choix n'est pas donné",
                        "Undercover with 5 players: 6 cards each; the pick pattern is not given",
                        reading=sections.DRAFT_NOTE,
                    ),
                ),
            )
        return (
            DealReading(
                7,
                "2+2+2, then pass the last card",
                Step(
                    sections.UNDERCOVER_DRAFT,
                    "module Clandestin à 2 à 4 joueurs : 7 cartes, choisir 2 cartes trois fois, "
                    "puis passer la dernière",
                    "Undercover with 2 to 4 players: 7 cards, choose 2 cards three times, then pass the last",
                    reading=sections.DRAFT_NOTE,
                ),
            ),
        )
    if players == 5:
        return (
            DealReading(
                5,
                "2+2, then pass the last card",
                Step(
                    sections.FIFTH_PLAYER,
                    "à 5 joueurs : 5 cartes (au lieu de 8), choisir 2 cartes deux fois puis passer la dernière",
                    "with 5 players: 5 cards (instead of 8), choose 2 cards twice, then pass the last",
                    reading=sections.DRAFT_NOTE,
                ),
            ),
        )
    return (
        DealReading(
            6,
            "keep 2, pass the rest, until 6 cards",
            Step(
                sections.DRAFT,
                "résumé des règles : 6 cartes, en garder 2 et passer le reste à gauche, jusqu'à 6 cartes en main",
                "rules summary: 6 cards, keep 2 and pass the rest left, until you hold 6",
                reading=sections.DRAFT_NOTE,
            ),
        ),
        DealReading(
            8,
            None,
            Step(
                sections.FIFTH_PLAYER,
                "l'extension dit « 5 cartes (au lieu de 8) » pour 5 joueurs, ce qui suppose 8 cartes d'ordinaire",
                "the expansion says '5 cards (instead of 8)' for 5 players, which implies 8 cards normally",
                reading=sections.DRAFT_NOTE,
            ),
        ),
    )


def starting_capital(cards: Sequence[Card], *, undercover: bool) -> tuple[dict[Colour, tuple[Card, ...]], Step]:
    """Place the random starting cards in the Capital: 4 with the Undercover module (purple ones in purple).

    The base rules' own count is given only as "instead of 3" in the expansion.
    """
    expected = 4 if undercover else 3
    if len(cards) != expected:
        raise EngineError(
            f"{expected} starting cards go to the Capital{' with Undercover' if undercover else ''}, "
            f"not {len(cards)}: {[c.format() for c in cards]!r}"
        )
    if not undercover and any(c.colour is Colour.PURPLE for c in cards):
        raise EngineError("purple cards exist only with the Undercover module")
    capital: dict[Colour, tuple[Card, ...]] = {}
    for card in cards:
        capital[card.colour] = (*capital.get(card.colour, ()), card)
    return capital, Step(
        sections.UNDERCOVER_SETUP,
        f"{expected} cartes de départ dans la Capitale, chacune dans le district de sa couleur",
        f"{expected} starting cards to the Capital, each in the district of its colour",
    )
