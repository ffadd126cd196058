"""Birdsong and the Hammer, asked of clearings named by number."""

from __future__ import annotations

from qa.scenario import route, write


def test_birdsong_gives_each_clearings_warriors_and_the_supply() -> None:
    question = (
        "Aurore Cabale : cimetière renard en clairière 1 avec 2 guerriers, cimetière souris en clairière 8 avec 0 "
        "guerrier, pas de carte oiseau dépensée, réserve à 9. Après l'Aurore : combien en 1, en 8, et en réserve ?"
    )
    outcome = route(question, "fr")
    assert outcome is not None and outcome.frame is not None and outcome.verdict is not None
    assert outcome.frame.query == "birdsong"
    assert outcome.verdict.verdict == {"warriors": {"1": 3, "8": 1}, "supply": 7}
    text = write(outcome, "fr")
    assert text.startswith("Après l'Aurore : clairière 1 : 3, clairière 8 : 1")
    assert "clairière 1 : renard, Cimetière renard, 2 guerrier(s)" in text  # the position as read


def test_birdsong_with_no_cemetery_returns_to_the_clearing_with_fewest_enemies() -> None:
    question = (
        "My Cabal starts Birdsong with no Cemetery in play. Clearing 8 is a rabbit clearing with a single Eyrie "
        "warrior; every other clearing has at least three enemy pieces. I have 1 warrior in clearing 2, 10 warriors "
        "in my supply, and I won't spend a bird card. Warriors in 8 and 2 after Birdsong, and in my supply?"
    )
    outcome = route(question, "en")
    assert outcome is not None and outcome.verdict is not None
    assert outcome.verdict.verdict == {"warriors": {"8": 4, "2": 1}, "supply": 6}


def test_birdsong_asks_for_the_supply_then_whether_a_bird_card_is_spent() -> None:
    no_supply = route("Birdsong. Cemeteries: fox in clearing 3 (2 warriors). No bird card. Supply after?", "en")
    assert no_supply is not None and no_supply.missing == "supply"
    bird = route("Aurore : cimetière lapin en clairière 7 avec 2 guerriers, réserve 8, j'ai une carte oiseau.", "fr")
    assert bird is not None and bird.missing == "bird_cards"
    assert "carte Oiseau" in write(bird, "fr")


def test_the_hammer_builds_only_where_the_cemetery_is_off_the_map_and_the_clearing_ruled() -> None:
    question = (
        "J'ai choisi le Marteau pour mon Nécro renard, qui se trouve en clairière 9 (lapin), une clairière que je "
        "contrôle. Mon seul cimetière en jeu est le renard, en clairière 1 (renard). En main : lapin, lapin, souris. "
        "Je peux fabriquer ou construire ?"
    )
    outcome = route(question, "fr")
    assert outcome is not None and outcome.frame is not None and outcome.verdict is not None
    assert outcome.frame.query == "hammer"
    assert outcome.verdict.verdict == {
        "necro": "fox",
        "options": ["crafting", "building"],
        "crafting_suits": ["fox", "rabbit"],
    }
    assert write(outcome, "fr").startswith("Oui : Construction possible")


def test_the_hammer_asks_for_the_hand_or_the_ruler_only_when_building_is_asked() -> None:
    suits = route(
        "Quiz: the Cabal's only Cemetery is the fox one in clearing 2, and the fox Necro stands there. The fox Necro "
        "takes the Hammer and crafts. Which suits?",
        "en",
    )
    assert suits is not None and suits.verdict is not None
    assert suits.verdict.verdict == {"necro": "fox", "options": None, "crafting_suits": ["fox", "fox"]}
    hand = route("Hammer for my rabbit Necro in clearing 4 (mouse), which I rule. Can I Build?", "en")
    assert hand is not None and hand.missing == "hand"
    ruled = route(
        "Marteau avec mon Nécro souris, il est en clairière 7 (renard). Cimetière souris en clairière 12. "
        "Main : renard, renard, lapin. Je peux construire ?",
        "fr",
    )
    assert ruled is not None and ruled.missing == "ruled"
