# ruff: noqa: S311  (reproducible noise, not security)
"""Noisy copies of questions, for training the embedding model."""

from __future__ import annotations

import random

from qa.noise import Noise, casual, slip

QUESTION = "Avec le Marchand, les jetons Or dépensés rapportent-ils 2 points en fin de partie ?"


def test_the_same_generator_gives_the_same_copy() -> None:
    noise = Noise()
    assert [noise.apply(QUESTION, random.Random(7)) for _ in range(2)] == [noise.apply(QUESTION, random.Random(7))] * 2


def test_casual_copy_drops_case_accents_and_punctuation_and_keeps_the_words() -> None:
    copy = casual(QUESTION)
    assert copy == "avec le marchand les jetons or depenses rapportent-ils 2 points en fin de partie"
    assert casual(copy) == copy


def test_a_slip_keeps_the_first_and_last_letters_and_moves_one_letter_at_most() -> None:
    rng = random.Random(0)
    for _ in range(200):
        word = "dépensés"
        slipped = slip(word, rng)
        assert slipped != word
        assert slipped[0] == word[0] and slipped[-1] == word[-1]
        assert abs(len(slipped) - len(word)) <= 1
        assert sorted(slipped) == sorted(word) or len(slipped) != len(word)


def test_slips_touch_about_the_share_of_words_asked() -> None:
    rng = random.Random(0)
    words = QUESTION.split()
    noise = Noise(casual=0.0, slips=0.25)
    changed = sum(a != b for _ in range(200) for a, b in zip(noise.apply(QUESTION, rng).split(), words, strict=True))
    long_words = sum(len(w) >= 4 for w in words)
    assert 0.15 < changed / (200 * long_words) < 0.35


def test_no_noise_leaves_the_question_as_it_is() -> None:
    assert Noise(casual=0.0, slips=0.0).apply(QUESTION, random.Random(0)) == QUESTION
