"""The learned intent head scores a question's vector exactly, the same on every machine."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from qa.embeddings import E5Embeddings
from qa.scenario.data.generate import WEIGHTS
from qa.scenario.data.generate_powers import WEIGHTS as POWER_WEIGHTS
from qa.scenario.intent import RULES, IntentHead, shipped


def _head(seed: int = 0) -> IntentHead:
    rng = np.random.default_rng(seed)
    return IntentHead.from_float(["a", "b", "c"], rng.normal(size=(3, 384)), rng.normal(size=3))


def test_scores_are_exact_integers_whatever_the_order_of_the_sums() -> None:
    head, rng = _head(), np.random.default_rng(1)
    vector = rng.normal(size=384)
    scores = head.scores(vector)
    assert np.array_equal(scores, np.rint(scores))
    order = rng.permutation(384)
    shuffled = IntentHead(head.labels, head.weights[:, order], head.bias)
    assert np.array_equal(shuffled.scores(vector[order]), scores)


def test_the_prediction_is_the_best_score_with_its_probability() -> None:
    head = _head()
    vector = np.random.default_rng(2).normal(size=384)
    said = head.predict(vector)
    assert said.label == head.labels[int(np.argmax(head.scores(vector)))] and 1 / 3 <= said.confidence <= 1


def test_a_saved_head_loads_the_same(tmp_path: Path) -> None:
    head = _head()
    again = IntentHead.load(head.save(tmp_path / "head.npz"))
    assert again.labels == head.labels and np.array_equal(again.weights, head.weights)
    assert np.array_equal(again.bias, head.bias)


def test_the_shipped_head_knows_every_frame_and_tells_a_position_from_a_rule(embeddings: E5Embeddings) -> None:
    head = shipped()
    assert set(head.labels) == {*WEIGHTS, *POWER_WEIGHTS, RULES}  # part 1's frames and part 2's
    position = "capitale bleue 9 et 6, moi 17 en bleu, 2 or et le Marchand en jeu : je saute ?"
    assert head.predict(embeddings.embed_query_array(position)).label != RULES
    played = "Scholar in play, I play my green 5 and the top of the deck is a blue 3: what do I draw?"
    assert head.predict(embeddings.embed_query_array(played)).label == "play"
    hammer = "Hammer with my fox Necro in clearing 5, a mouse clearing I rule; hand: mouse, mouse. Can I build?"
    assert head.predict(embeddings.embed_query_array(hammer)).label == "hammer"
    assert head.predict(embeddings.embed_query_array("Combien rapporte un jeton Or ?")).label == RULES


def test_the_heads_frame_decides_when_the_question_asks_it(embeddings: E5Embeddings) -> None:
    from qa.scenario.route import route

    gain = "Le Marchand, c'est le jaune. Je joue un jaune 3 et j'ai 4 ors. Qu'est-ce que je gagne ou perds ?"
    outcome = route(gain, "fr", states=embeddings.token_states(gain))  # the cue words alone hear a bust asked
    assert outcome is not None and outcome.frame is not None and outcome.frame.query == "play"
    assert outcome.verdict is not None and outcome.verdict.verdict["gold"] == 5
    assert outcome.then is None  # "gagne ou perds" asks no "où": where a card played may go is moot
    rules = "The current undercover card shows blue. Where else am I allowed to play my blue cards?"
    assert route(rules, "en", states=embeddings.token_states(rules)) is None  # no card named: a rules question
    bonus = (
        "After the purple district was resolved, Isadora's purple held 6 and 5, Rupert's 4 and 4. Who takes the "
        "purple Bonus card? The Capital's purple district held 6, 5 and 2 (Undercover module)."
    )
    kept = route(bonus, "en", states=embeddings.token_states(bonus))  # whatever the head reads, it asks a Bonus
    assert kept is not None and kept.frame is not None and kept.frame.query == "bonus"
