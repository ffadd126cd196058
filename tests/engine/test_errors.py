"""The errors a player's position can meet carry a French wording beside the English one."""

from __future__ import annotations

import pytest

from engine.cl2.cards import Card
from engine.errors import EngineError


@pytest.mark.parametrize(
    ("card", "en", "fr"),
    [
        ("purple:7", "purple cards are worth 2 to 6", "les cartes violettes valent de 2 à 6"),
        ("rebel/pink:8", "rebel cards are worth 1 to 6", "les cartes Rebelle valent de 1 à 6"),
        ("blue:-2", "a negative card is a Vector card", "une carte négative est une carte Vecteur"),
    ],
)
def test_a_card_the_texts_rule_out_is_refused_in_both_languages(card: str, en: str, fr: str) -> None:
    with pytest.raises(EngineError) as refused:
        Card.parse(card)
    assert en in str(refused.value) and refused.value.fr is not None and fr in refused.value.fr


def test_an_error_without_a_french_wording_has_none() -> None:
    assert EngineError("unknown query 'x'").fr is None
