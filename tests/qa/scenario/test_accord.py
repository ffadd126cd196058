"""Two readings, one verdict: agreement answers, a disagreement that changes the verdict asks, and a question the
rule reader cannot read is left to the learned reading."""

from __future__ import annotations

from qa.ask import Asker
from qa.scenario.accord import Accord, reconcile, unread
from qa.scenario.contract import Scenario
from qa.scenario.frames import Frame, choose, find
from qa.scenario.intent import RULES, Intent
from qa.scenario.learned import LearnedReading
from qa.scenario.reader import Reading, read_facts
from qa.scenario.slots import Slot, numbers_in
from qa.scenario.solve import Outcome, solve
from qa.scenario.write import write

M = (5.0, 5.0, 5.0)
CAP, MINE, GOLD = ("capital", "none", "blue"), ("city", "me", "blue"), ("gold", "me", "none")


def _learned(text: str, *labels: tuple[str, str, str], intent: str = "district") -> LearnedReading:
    slots = tuple(Slot(s, e, v, *lab, M) for (s, e, v), lab in zip(numbers_in(text, "fr"), labels, strict=True))
    return LearnedReading(Intent(intent, 0.9), slots)


def _solver(text: str):  # type: ignore[no-untyped-def]
    def solver(reading: Reading, frame: Frame) -> Outcome | None:
        return solve(reading, frame, text)

    return solver


def _ruled(text: str) -> Outcome:
    reading = read_facts(text, "fr")
    frame = choose(reading)
    assert frame is not None
    return solve(reading, frame, text)


TEXT = "capitale bleue 9 et 6, moi 17 en bleu : je saute ?"


def test_the_same_facts_are_an_agreement() -> None:
    outcome = reconcile(_ruled(TEXT), _learned(TEXT, CAP, CAP, MINE), _solver(TEXT))
    assert outcome.accord is Accord.AGREED and outcome.other is None and outcome.verdict is not None


def test_different_facts_with_the_same_verdict_answer() -> None:
    text = "manche 3 : capitale bleue 9 et 6, moi 17 en bleu, je saute ?"
    # the learned reading takes the round for my gold, which nothing in play spends: the same verdict
    outcome = reconcile(_ruled(text), _learned(text, GOLD, CAP, CAP, MINE), _solver(text))
    assert outcome.accord is Accord.SAME_VERDICT and outcome.other is None
    # it takes the 6 for one of my cards: still a bust, but not with the same numbers, so it is asked
    assert reconcile(_ruled(TEXT), _learned(TEXT, CAP, MINE, MINE), _solver(TEXT)).accord is Accord.ASKED


def test_readings_whose_verdict_lines_match_answer_though_their_results_differ_elsewhere() -> None:
    text = "Fossoyer : 3 cimetières en jeu et 11 guerriers en réserve, combien j'en place ?"
    # the learned reading leaves the supply out: Fossoyer places 3 all the same, only the supply left differs
    learned = _learned(text, ("cemeteries", "none", "none"), ("none", "none", "none"), intent="gravedigging")
    outcome = reconcile(_ruled(text), learned, _solver(text))
    assert outcome.accord is Accord.SAME_VERDICT and outcome.verdict is not None
    assert outcome.verdict.verdict["warriors_placed"] == 3


def test_the_same_facts_of_other_players_keep_the_rule_readers_names() -> None:
    text = "capitale bleue 9 et 6, Thaïs a 8 et 7 en bleu, Ulysse 4 : Thaïs saute-t-elle ?"
    theirs = ("city", "other", "blue")
    # the learned reading takes Thaïs's cards for mine: the same position with its players renamed, one to one
    outcome = reconcile(_ruled(text), _learned(text, CAP, CAP, MINE, MINE, theirs), _solver(text))
    assert outcome.accord is Accord.RENAMED and outcome.other is None
    assert outcome.verdict is not None and {f.path for f in outcome.reading.facts} >= {"Thaïs.city.blue"}
    # Thaïs's cards and Ulysse's read as one player's (mine): no renaming makes that the same position, and as the
    # readings differ only on what City districts hold, the rule reader, the better reader of those, settles it
    merged = reconcile(_ruled(text), _learned(text, CAP, CAP, MINE, MINE, MINE), _solver(text))
    assert merged.accord is Accord.RULES and merged.other is None
    assert {f.path for f in merged.reading.facts} >= {"Thaïs.city.blue", "Ulysse.city.blue"}


def test_different_verdicts_ask_which_reading_is_meant() -> None:
    text = "capitale bleue 9 et 6, moi 8 et 7 en bleu : je saute ?"
    learned = _learned(text, CAP, MINE, MINE, MINE)  # rules: 15 against 15, safe; learned: 21 against 9, a bust
    outcome = reconcile(_ruled(text), learned, _solver(text))
    assert outcome.accord is Accord.ASKED and outcome.other is not None
    assert outcome.verdict is not None and outcome.other.verdict is not None
    assert outcome.verdict.result != outcome.other.verdict.result


def test_without_a_learned_reading_the_rule_reader_is_alone() -> None:
    assert reconcile(_ruled(TEXT), None, _solver(TEXT)).accord is Accord.ALONE


def test_a_learned_reading_that_cannot_be_placed_leaves_the_rules_verdict() -> None:
    learned = _learned(TEXT, CAP, CAP, ("city", "me", "none"))
    assert reconcile(_ruled(TEXT), learned, _solver(TEXT)).accord in (Accord.AGREED, Accord.RULES)
    learned = _learned(TEXT, ("hits", "none", "none"), ("hits", "none", "none"), MINE)  # hits said twice, apart
    assert reconcile(_ruled(TEXT), learned, _solver(TEXT)).accord is Accord.RULES


def test_an_unread_note_is_decided_by_the_learned_reading_with_its_intent() -> None:
    text = "cap bleu 9 6 / moi 17 / 2 or / marchand"
    reading = read_facts(text, "fr")
    learned = _learned(text, CAP, CAP, MINE, GOLD, intent="gold_needed")
    outcome = unread(reading, learned, _solver(text))
    assert outcome is not None and outcome.accord is Accord.LEARNED and outcome.frame == find("gold_needed")
    assert outcome.verdict is not None
    assert unread(reading, _learned(text, CAP, CAP, MINE, GOLD, intent=RULES), _solver(text)) is None
    assert unread(reading, None, _solver(text)) is None


def test_two_readings_are_shown_with_their_verdicts_and_carried_in_the_contract() -> None:
    text = "capitale bleue 9 et 6, moi 8 et 7 en bleu : je saute ?"
    outcome = reconcile(_ruled(text), _learned(text, CAP, MINE, MINE, MINE), _solver(text))
    said = write(outcome, "fr").splitlines()
    assert said[0].startswith("Je peux lire cette question de deux façons")
    assert said[1].startswith("1. Capitale bleue = 9 + 6") and said[2].startswith("2. Capitale bleue = 9")
    contract = Scenario.of(outcome, text, "fr").to_dict()
    assert contract["accord"] == "asked"
    assert {f["path"]: f["value"] for f in contract["alternative"]["facts"]}["me.city.blue"] == [6, 8, 7]
    assert contract["alternative"]["verdicts"][0]["verdict"]["busted"] is True


def test_an_answer_says_how_the_readers_agreed(asker: Asker) -> None:
    answer = asker.ask("Capitale bleue 9 et 6, moi j'ai 17 en bleu et 2 or, le Marchand est en jeu : je saute ?")
    assert answer.kind == "scenario" and answer.scenario is not None
    assert answer.scenario.accord == "agreed"
    assert answer.to_dict()["scenario"]["alternative"] is None


def test_a_learned_reading_that_missed_facts_leaves_the_rule_readers_fuller_one() -> None:
    text = "capitale bleue 9 et 6, Thaïs a 8 et 7 en bleu et 2 or : Thaïs saute-t-elle ?"
    # the learned reading sees Thaïs's cards as mine and misses her gold: fewer facts, none read otherwise
    learned = _learned(text, CAP, CAP, MINE, MINE, ("none", "none", "none"))
    outcome = reconcile(_ruled(text), learned, _solver(text))
    assert outcome.accord is Accord.FEWER and outcome.other is None
    assert outcome.verdict is not None and outcome.reading.get("Thaïs.gold") is not None


def test_the_reading_with_as_many_agent_tiles_as_the_question_counts_decides() -> None:
    text = "max du jaune ? capitale jaune 8 + 3 + 2, et deux tuiles agent dessus, moins un et plus deux"
    tile = ("agent", "none", "yellow")
    cap = ("capital", "none", "yellow")
    # the learned reading takes the count ("deux tuiles") for a third tile: 3 tiles where the question counts 2
    learned = _learned(text, cap, cap, cap, tile, tile, tile, intent="maximum")
    outcome = reconcile(_ruled(text), learned, _solver(text))
    assert outcome.accord is Accord.COUNTED and outcome.verdict is not None
    assert outcome.verdict.verdict["maximum"] == 14  # 13 - 1 + 2: the two tiles said one by one both count


def test_a_number_the_rule_reader_reads_twice_and_the_learned_reading_sets_aside_is_resolved() -> None:
    text = "capitale bleue 9 et 6, moi 17 en bleu, Léo dit que j'ai 18 : je saute ?"
    ruled = _ruled(text)
    assert ruled.problem is not None  # 17 or 18: which?
    outcome = reconcile(ruled, _learned(text, CAP, CAP, MINE, ("none", "none", "none")), _solver(text))
    assert outcome.accord is Accord.RESOLVED and outcome.problem is None and outcome.verdict is not None
    assert outcome.verdict.verdict["busted"] is True
    assert "17 or 18: which?" in write(outcome, "en")  # the answer says what it set aside
    # a learned reading that reads both numbers too is no way out: the problem stands
    both = reconcile(ruled, _learned(text, CAP, CAP, MINE, MINE), _solver(text))
    assert both.problem is not None
