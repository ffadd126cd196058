"""A ruling's questions asked with their answer: loaded typed, and refused with the bad entry quoted."""

from __future__ import annotations

from pathlib import Path

import pytest

from corpus import Corpus, CorpusError, load_corpus
from corpus.model import Asked
from tests.utils import DOC_EN, RULINGS, write

YES_NO = RULINGS.replace("answer: {fr: 6 cartes., en: 6 cards.}", "answer: {fr: Non. 6 cartes., en: No. 6 cards.}")
CLAIM = "\n  claim: {fr: Chacun reçoit 6 cartes., en: Each player gets 6 cards.}"
ASKED = """
  asked:
    fr:
    - {text: "On reçoit bien 6 cartes ?", answer: "yes", trigger: "bien 6", pair: 1}
    - {text: "Et à 9 joueurs ?", answer: "unsettled"}
    en:
    - {text: "Do I get 6 cards?", answer: "yes"}
"""


def load(tmp_path: Path, rulings: str) -> Corpus:
    return load_corpus(write(tmp_path, **{"demo-doc.en.yaml": DOC_EN, "rulings.demo.yaml": rulings}))


def refused(tmp_path: Path, rulings: str) -> str:
    with pytest.raises(CorpusError) as caught:
        load(tmp_path, rulings)
    return str(caught.value)


def test_asked_questions_load_typed(tmp_path: Path) -> None:
    ruling = load(tmp_path, YES_NO + CLAIM + ASKED).rulings["rulings/demo/cards"]
    assert ruling.asked["fr"] == (
        Asked("On reçoit bien 6 cartes ?", "yes", "bien 6", 1),
        Asked("Et à 9 joueurs ?", "unsettled"),
    )
    assert ruling.asked["en"] == (Asked("Do I get 6 cards?", "yes"),)


def test_a_yes_no_ruling_needs_its_other_answer_in_every_language(tmp_path: Path) -> None:
    only_fr = ASKED.replace(
        '    - {text: "Do I get 6 cards?", answer: "yes"}', '    - {text: "Do I?", answer: "unsettled"}'
    )
    assert "answers 'no': its asked questions need some whose answer is 'yes' in 'en'" in refused(
        tmp_path, YES_NO + CLAIM + only_fr
    )


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ('answer: "unsettled"}', "answer must be one of yes, no, unsettled, not 'maybe'"),
        ('trigger: "bien 6"', "trigger 'jamais' is not in the text"),
        ("pair: 1}", "pair must be the index of one of the ruling's 2 fr questions, not 7"),
    ],
)
def test_a_bad_entry_is_quoted(tmp_path: Path, change: str, message: str) -> None:
    bad = {
        'answer: "unsettled"}': 'answer: "maybe"}',
        'trigger: "bien 6"': 'trigger: "jamais"',
        "pair: 1}": "pair: 7}",
    }[change]
    problem = refused(tmp_path, YES_NO + CLAIM + ASKED.replace(change, bad))
    assert message in problem
    assert "ruling 'rulings/demo/cards', asked 'fr' {" in problem


def test_a_ruling_without_yes_or_no_is_asked_only_near_misses(tmp_path: Path) -> None:
    asked = '\n  asked:\n    fr:\n    - {text: "On reçoit 7 cartes ?", answer: "no"}\n'
    assert "can only be asked 'unsettled' near misses" in refused(tmp_path, RULINGS + asked)


def test_a_question_asked_twice_is_refused(tmp_path: Path) -> None:
    twice = ASKED.replace("Et à 9 joueurs ?", "on a combien de cartes")
    assert "question asked twice: 'on a combien de cartes'" in refused(tmp_path, YES_NO + CLAIM + twice)


def test_every_shipped_yes_no_ruling_with_asked_questions_holds_both_answers(corpus: Corpus) -> None:
    for ruling in corpus.rulings.values():
        if ruling.verdict is None or not any(ruling.asked.values()):
            continue
        for lang in ("fr", "en"):
            answers = {ruling.verdict} | {a.answer for a in ruling.asked[lang]}
            assert {"yes", "no"} <= answers, (ruling.id, lang)
