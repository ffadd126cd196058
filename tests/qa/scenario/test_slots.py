"""The slot head reads each number at its tokens, links lists into runs, and computes the same labels everywhere."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from qa.embeddings import E5Embeddings, TokenStates
from qa.scenario.slots import STATE_BITS, WEIGHT_BITS, SlotHead, numbers_in, quantised, shipped, token_spans


def test_numbers_are_found_in_digits_signs_and_words() -> None:
    text = "capitale 9 et huit, tuile -2, moi dix-sept"
    assert [(text[s:e], v) for s, e, v in numbers_in(text, "fr")] == [
        ("9", 9),
        ("huit", 8),
        ("-2", -2),
        ("dix-sept", 17),
    ]


def test_a_count_before_a_card_says_the_card_that_many_times() -> None:
    text = "la Capitale a deux 7, Léa trois 4 et un 9 ; tous les deux 61 points ; deux +2"
    assert [(text[s:e], v) for s, e, v in numbers_in(text, "fr")] == [
        ("7", 7),
        ("7", 7),
        ("4", 4),
        ("4", 4),
        ("4", 4),
        ("9", 9),
        ("61", 61),  # "tous les deux": everyone, not a count
        ("deux", 2),  # a signed number is an Agent tile's value, never a card said twice
        ("+2", 2),
    ]
    assert [v for _, _, v in numbers_in("The Capital holds two 5s and a 3", "en")] == [5, 5, 3]


def test_each_token_is_mapped_back_to_its_characters() -> None:
    text = "Ma capitale: 9"
    pieces = ("<s>", "▁que", "ry", ":", "▁Ma", "▁capitale", ":", "▁9", "</s>")
    spans = token_spans(text, pieces)
    assert [text[a:b] if a >= 0 else None for a, b in spans] == [
        None,
        None,
        None,
        None,
        "Ma",
        "capitale",
        ":",
        "9",
        None,
    ]


def _head() -> SlotHead:
    """Two features (a "Capital" one and a "City" one), an identity hidden layer, and heads that read them; the link
    head says "same" when the third feature is on."""
    eye = np.eye(3)
    return SlotHead.from_float(
        [("capital", "city"), ("me", "none"), ("blue", "none"), ("new", "same")],
        eye,
        np.zeros(3),
        [eye[:2], eye[[1, 0]], eye[:2], np.array([[0.5, 0.5, 0.0], [0.0, 0.0, 2.0]])],
        [np.zeros(2)] * 4,
    )


def _x(*rows: tuple[float, float, float]) -> np.ndarray:
    return quantised(np.array(rows))


def test_a_linked_number_takes_its_runs_labels_from_the_summed_scores() -> None:
    head = _head()
    # the second number leans "city" on its own, but is linked to a strong "capital" number before it
    decoded = head.decode(_x((3.0, 0.0, 0.0), (0.0, 1.0, 5.0), (0.0, 2.0, 0.0)))
    assert [(d[0], d[4]) for d in decoded] == [("capital", False), ("capital", True), ("city", False)]
    assert decoded[0][3][0] == pytest.approx(2.0) and decoded[2][3][0] == pytest.approx(2.0)


def test_the_first_layer_is_exact_whatever_the_path() -> None:
    rng = np.random.default_rng(0)
    head = SlotHead.from_float(
        [("a", "b")] * 4, rng.normal(size=(8, 64)), rng.normal(size=8), [rng.normal(size=(2, 8))] * 4, [np.zeros(2)] * 4
    )
    x = rng.integers(-(2**12), 2**12, size=(5, 64))
    assert np.array_equal(head._first_layer(x), x @ head.hidden.T)  # doubles through BLAS, or integers
    huge = np.full((1, 64), 2**50, dtype=np.int64)
    assert np.array_equal(head._first_layer(huge), huge @ head.hidden.T)  # too large for doubles: integers


def test_weights_are_integers_in_fixed_point_and_a_saved_head_loads_the_same(tmp_path: Path) -> None:
    head = _head()
    assert head.hidden[0, 0] == 2**WEIGHT_BITS and head.hidden.dtype == np.int64
    assert quantised(np.array([[1.0]]))[0, 0] == 2**STATE_BITS
    again = SlotHead.load(head.save(tmp_path / "slots.npz"))
    assert again.labels == head.labels
    assert all(np.array_equal(a, b) for a, b in zip(again.heads, head.heads, strict=True))
    x = _x((1.0, 2.0, 3.0))
    assert all(np.array_equal(a, b) for a, b in zip(again.scores(x), head.scores(x), strict=True))


def test_the_shipped_head_reads_a_stated_position(embeddings: E5Embeddings) -> None:
    text = "Capitale bleue 9 et 6, moi j'ai 17 en bleu et 2 or."
    states = embeddings.token_states(text)
    assert isinstance(states, TokenStates)
    read = shipped().read(text, "fr", states)
    assert [(s.value, s.role, s.owner) for s in read] == [
        (9, "capital", "none"), (6, "capital", "none"), (17, "city", "me"), (2, "gold", "me")
    ]  # fmt: skip
    assert [s.joins for s in read] == [False, True, False, False]
    assert {s.colour for s in read[:3]} == {"blue"}
