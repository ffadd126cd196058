"""The bilingual corpus: every section and note in French and English, faithful to its original."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from corpus import LANGS, Corpus
from corpus.glossary import Glossary, load_glossary


@pytest.fixture(scope="module")
def glossary() -> Glossary:
    return load_glossary()


def _pairs(corpus: Corpus) -> list[tuple[str, str, str]]:
    """(section id, French title+text, English title+text) for every section."""

    def both(sid: str, lang: str) -> str:
        section = corpus.section(sid, lang)
        return f"{section.title}\n{section.text}"

    return [(sid, both(sid, "fr"), both(sid, "en")) for sid in corpus.section_ids()]


def test_every_section_exists_in_both_languages(corpus: Corpus) -> None:
    missing = [(sid, lang) for sid in corpus.section_ids() for lang in LANGS if (sid, lang) not in corpus.sections]
    assert missing == []


def test_exactly_one_original_per_section(corpus: Corpus) -> None:
    for sid in corpus.section_ids():
        versions = corpus.versions(sid)
        assert [v.translated for v in versions] == [False, True], sid
        assert versions[0].lang == corpus.documents[versions[0].doc].lang


def test_every_note_exists_in_both_languages(corpus: Corpus) -> None:
    ids = {note_id for note_id, _ in corpus.notes}
    assert len(ids) == 21
    assert {(i, lang) for i in ids for lang in LANGS} == set(corpus.notes)
    assert all(corpus.notes[(i, "fr")].translated and not corpus.notes[(i, "en")].translated for i in ids)


def test_translation_keeps_the_structure(corpus: Corpus) -> None:
    for sid in corpus.section_ids():
        original, translation = corpus.versions(sid)
        assert (translation.parent, translation.order, translation.furniture) == (
            original.parent,
            original.order,
            original.furniture,
        ), sid
        assert len(translation.text.splitlines()) == len(original.text.splitlines()), sid


def _bullets(text: str) -> list[str]:
    return [m for line in text.splitlines() for m in re.findall(r"^(?:•|-|\d+\.)", line.strip())]


def test_translation_keeps_the_bullets(corpus: Corpus) -> None:
    for sid in corpus.section_ids():
        original, translation = corpus.versions(sid)
        assert _bullets(translation.text) == _bullets(original.text), sid


_NUMBER = re.compile(r"(?<![\w.])-?\d+(?:[.,]\d+)*")


def _numbers(text: str) -> Counter[str]:
    return Counter(_NUMBER.findall(text))


def test_numbers_are_preserved(corpus: Corpus) -> None:
    changed = []
    for sid in corpus.section_ids():
        original, translation = corpus.versions(sid)
        if _numbers(original.text) != _numbers(translation.text):
            changed.append((sid, _numbers(original.text), _numbers(translation.text)))
    assert changed == []


def test_notes_keep_their_numbers(corpus: Corpus) -> None:
    for (note_id, lang), note in corpus.notes.items():
        if lang == "fr":
            assert _numbers(note.open) == _numbers(corpus.notes[(note_id, "en")].open), note_id


@pytest.mark.parametrize("kind", ["power"])
def test_power_names_are_preserved(corpus: Corpus, glossary: Glossary, kind: str) -> None:
    powers = [t for t in glossary.terms if t.kind == kind]
    assert len(powers) >= 17  # configurations A, B and C, set E, the Mentalist
    lost = [
        (sid, term.id)
        for sid, fr, en in _pairs(corpus)
        for term in powers
        if term.occurs_in(fr, "fr") != term.occurs_in(en, "en")
    ]
    assert lost == []


def test_glossary_terms_are_used_consistently(corpus: Corpus, glossary: Glossary) -> None:
    inconsistent = []
    for sid, fr, en in _pairs(corpus):
        for term in glossary.terms:
            in_fr, in_en = term.occurs_in(fr, "fr"), term.occurs_in(en, "en")
            if in_fr != in_en:
                inconsistent.append((sid, term.id, "fr" if in_fr else "en"))
    assert inconsistent == []


def test_glossary_terms_each_occur_somewhere(corpus: Corpus, glossary: Glossary) -> None:
    """A term no text uses is dead weight or a misspelt form."""
    texts = " ".join(f"{s.title}\n{s.text}" for s in corpus.sections.values())
    unused = [t.id for t in glossary.terms if not any(t.occurs_in(texts, lang) for lang in LANGS)]
    assert unused == []


def test_notes_name_the_same_powers_in_both_languages(corpus: Corpus, glossary: Glossary) -> None:
    powers = [t for t in glossary.terms if t.kind in {"power", "ability"}]
    lost = []
    for (note_id, lang), note in corpus.notes.items():
        if lang != "fr":
            continue
        english = corpus.notes[(note_id, "en")]
        fr, en = f"{note.title}\n{note.open}", f"{english.title}\n{english.open}"
        lost += [(note_id, t.id) for t in powers if t.occurs_in(fr, "fr") != t.occurs_in(en, "en")]
    assert lost == []
