"""Every line of every seed document is in the corpus, word for word."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from corpus import Corpus
from corpus.text import normalize, strip_bullet

#: Seed file -> corpus document id, as given in ../shared/seeds/README.md.
SEEDS = {
    "000_41347c1327f025ae.txt": "cl2-power-tiles",
    "001_e70faf29b9ba2740.txt": "cl2-rules",
    "002_102c6386f40da9a1.txt": "cl2-expansion",
    "004_605624d1ee94aa40.txt": "root-necropossums",
}


def test_seed_readme_gives_the_same_document_ids(seeds_dir: Path) -> None:
    readme = (seeds_dir / "README.md").read_text(encoding="utf-8")
    rows = dict(re.findall(r"\| `(\d{3}_[0-9a-f]+\.txt)` \|.*\| `([a-z0-9-]+)` \|", readme))
    assert rows == SEEDS


def _original_text(corpus: Corpus, doc_id: str) -> str:
    doc = corpus.documents[doc_id]
    parts = [doc.title(doc.lang)]
    for section_id in corpus.section_ids():
        section = corpus.original(section_id)
        if section.doc == doc_id:
            parts += [section.title, section.text]
    return normalize("\n".join(parts))


@pytest.mark.parametrize(("seed", "doc_id"), sorted(SEEDS.items()))
def test_every_seed_line_is_in_the_corpus(corpus: Corpus, seeds_dir: Path, seed: str, doc_id: str) -> None:
    text = _original_text(corpus, doc_id)
    lines = (seeds_dir / seed).read_text(encoding="utf-8").splitlines()
    missing = [line for line in lines if strip_bullet(line) and normalize(strip_bullet(line)) not in text]
    assert missing == []


@pytest.mark.parametrize(("seed", "doc_id"), sorted(SEEDS.items()))
def test_section_source_is_the_seed(corpus: Corpus, seed: str, doc_id: str) -> None:
    assert corpus.documents[doc_id].source == seed


def test_every_section_text_line_comes_from_its_seed(corpus: Corpus, seeds_dir: Path) -> None:
    """The other direction: an original section holds nothing that is not in its seed."""
    seed_of = {doc: normalize((seeds_dir / seed).read_text(encoding="utf-8")) for seed, doc in SEEDS.items()}
    invented = [
        (s.id, line)
        for s in corpus.sections.values()
        if not s.translated
        for line in s.text.splitlines()
        if normalize(strip_bullet(line)) not in seed_of[s.doc]
    ]
    assert invented == []


def test_furniture_is_marked_in_the_rules_summary(corpus: Corpus) -> None:
    furniture = {s.id for s in corpus.sections.values() if s.furniture and s.doc == "cl2-rules"}
    assert furniture == {
        "cl2-rules/accroche",
        "cl2-rules/aide-de-jeu",
        "cl2-rules/livret",
        "cl2-rules/meme-genre",
    }
    assert not any(corpus.original(i).is_retrievable for i in furniture)


@pytest.mark.parametrize(
    ("section_id", "title"),
    [
        ("cl2-power-tiles/config-a/marchand", "Pouvoir jaune : Marchand"),
        ("root-necropossums/cn-6-1", "CN.6.1 Rituel."),
        ("root-necropossums/cn-5-2", "CN.5.2 Roue macabre."),
        ("cl2-expansion/undercover/setup", "Undercover Module — SETUP:"),
        ("cl2-rules/faq/jeton-or", "Combien rapporte un jeton Or ?"),
    ],
)
def test_sections_follow_the_documents_structure(corpus: Corpus, section_id: str, title: str) -> None:
    assert corpus.original(section_id).title == title


def test_parents_and_order(corpus: Corpus) -> None:
    assert corpus.original("cl2-power-tiles/config-c/sentinelle").parent == "cl2-power-tiles/config-c"
    assert corpus.children("root-necropossums/cn-5-2-e") == ("root-necropossums/cn-5-2-f", "root-necropossums/cn-5-2-g")
    agent, clerc = corpus.original("cl2-power-tiles/config-a/agent"), corpus.original("cl2-power-tiles/config-a/clerc")
    assert agent.order < clerc.order


def test_typos_are_kept(corpus: Corpus) -> None:
    assert "placez-le sur unen carte" in corpus.original("cl2-power-tiles/config-c/sentinelle").text
    assert "La couleur de la acrte Dualiste" in corpus.original("cl2-power-tiles/config-c/dualiste").text
