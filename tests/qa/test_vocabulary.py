"""The things a question names that no text does: configuration letters, player counts, names."""

from __future__ import annotations

import pytest

from corpus import Corpus
from corpus.glossary import load_glossary
from qa.vocabulary import Vocabulary


@pytest.fixture(scope="module")
def vocabulary(corpus: Corpus) -> Vocabulary:
    return Vocabulary(corpus, load_glossary())


def test_what_the_texts_name_is_derived_from_them(vocabulary: Vocabulary) -> None:
    assert vocabulary.letters == {"A", "B", "C", "E"}
    assert {1, 2, 3, 4, 5} <= vocabulary.player_counts and 6 not in vocabulary.player_counts


@pytest.mark.parametrize(
    ("question", "lang", "names"),
    [
        ("Which four power tiles make up Set D?", "en", ["Set D"]),
        ("What does the Wizard do?", "en", ["Wizard"]),
        ("Peut-on jouer à 6 joueurs ?", "fr", ["6 joueurs"]),
        ("Can Mercenary cards be played in the purple district?", "en", ["Mercenary cards"]),
        ("le pouvoir alchimiste il fait quoi ?", "fr", ["pouvoir alchimiste"]),
        ("le mausolee ca rapporte combien de points ?", "fr", ["mausolee"]),  # a noun after a determiner
    ],
)
def test_unknown_things_are_named_as_written(
    vocabulary: Vocabulary, question: str, lang: str, names: list[str]
) -> None:
    assert [u.name for u in vocabulary.unknown(question, lang)] == names


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        ("Which four powers make up configuration A?", "en"),
        ("c quoi les pouvoirs du set E ?", "fr"),
        ("What do we do with the Emporer tile between rounds?", "en"),  # a typo of a name of the texts
        ("Leftover cards in hand at the end of the round, are they discarded?", "en"),  # a capital that starts
        ("Capital Lux 2 à 4 joueurs, ça marche ?", "fr"),
        ("Ça marche si le cimetierre de la bonne couleur a été détruit ?", "fr"),  # "bonne" before a noun
        ("En plaçant un Cimetière, puis-je l'accompagner du Nécro ?", "fr"),  # "l'" + a verb
        ("Je la pose dans le distric bleu ?", "fr"),  # a pronoun and a typo of a word of the texts
    ],
)
def test_what_the_texts_know_is_not_unknown(vocabulary: Vocabulary, question: str, lang: str) -> None:
    assert vocabulary.unknown(question, lang) == ()
