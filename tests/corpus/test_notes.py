"""Corpus notes: one per point of AMBIGUITIES.md, each quoting its passages verbatim."""

from __future__ import annotations

import re
from pathlib import Path

from corpus import Corpus
from corpus.text import normalize


def test_one_note_per_ambiguity(corpus: Corpus, seeds_dir: Path) -> None:
    points = re.findall(r"^### (\d+)\.", (seeds_dir / "AMBIGUITIES.md").read_text(encoding="utf-8"), re.M)
    originals = [n for n in corpus.notes.values() if not n.translated]
    assert len(originals) == len(points) == 21


def test_every_quote_is_verbatim_in_its_section(corpus: Corpus) -> None:
    for note in corpus.notes.values():
        assert note.quotes, note.id
        for quote in note.quotes:
            section = corpus.original(quote.section)
            assert normalize(quote.text) in normalize(f"{section.title}\n{section.text}"), (note.id, quote)


def test_every_ambiguity_quote_is_in_a_note(corpus: Corpus, seeds_dir: Path) -> None:
    """Each «…» quoted in AMBIGUITIES.md is covered by a note quote (the note may quote more)."""
    text = (seeds_dir / "AMBIGUITIES.md").read_text(encoding="utf-8")
    quoted = [normalize(q) for q in re.findall(r"> \[\d{3}\] «(.+?)»", text)]
    note_quotes = [normalize(q.text) for n in corpus.notes.values() for q in n.quotes]
    uncovered = [q for q in quoted if not any(q in nq or nq in q for nq in note_quotes)]
    assert uncovered == []


def test_notes_name_their_sections(corpus: Corpus) -> None:
    note = next(n for n in corpus.notes.values() if n.id == "notes/draft-hand-size" and not n.translated)
    assert "cl2-rules/faq/draft" in note.section_ids
    assert "cl2-expansion/fifth-player" in note.section_ids


def test_a_section_knows_its_notes(corpus: Corpus) -> None:
    ids = {n.id for n in corpus.notes_for("cl2-power-tiles/config-c/sentinelle", "en")}
    assert "notes/sentinelle-details" in ids


def test_open_question_is_one_sentence(corpus: Corpus) -> None:
    for note in corpus.notes.values():
        assert note.open.endswith("."), note.id
        assert len(re.findall(r"[.!?](?:\s|$)", note.open)) == 1, (note.id, note.open)
