"""The section index: built once, refreshed by content hash, swapped atomically, rebuilt when unreadable."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from corpus import Corpus, load_corpus
from qa.embeddings import E5Embeddings
from qa.index import BUILD_PREFIX, SectionIndex, entries, fingerprint
from qa.settings import Settings
from tests.utils import DOC, DOC_EN, write

DOC_MORE = (
    DOC
    + """\
- id: demo-doc/turn
  title: Le tour
  text: |-
    Jouez une carte dans votre Cité ou dans la Capitale.
"""
)
DOC_EN_MORE = (
    DOC_EN
    + """\
- id: demo-doc/turn
  title: The turn
  text: Play a card in your City or in the Capital.
"""
)


def demo(tmp_path: Path, **files: str) -> Corpus:
    return load_corpus(
        write(tmp_path / "corpus", **{"demo-doc.en.yaml": DOC_EN_MORE, "demo-doc.fr.yaml": DOC_MORE, **files})
    )


class Recorder:
    """Records notices and progress updates."""

    def __init__(self) -> None:
        self.messages: list[str] = []
        self.bars: list[tuple[str, int, int]] = []

    def notify(self, message: str) -> None:
        self.messages.append(message)

    def progress(self, total: int, label: str) -> AbstractContextManager[Any]:
        recorder = self

        class Bar:
            done = 0

            def update(self, n: int) -> None:
                self.done += n

        @contextmanager
        def cm() -> Iterator[Bar]:
            bar = Bar()
            yield bar
            recorder.bars.append((label, total, bar.done))

        return cm()


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    (tmp_path / "data").mkdir()
    return Settings(data_dir=tmp_path / "data")


def test_first_use_builds_with_progress(tmp_path: Path, settings: Settings, embeddings: E5Embeddings) -> None:
    rec = Recorder()
    index = SectionIndex(demo(tmp_path), embeddings, settings, notify=rec.notify, progress=rec.progress)
    assert index.info() is None
    info = index.ensure()
    assert (info.built, info.count, info.embedded, info.reused) == (True, 4, 4, 0)
    assert info.backend == embeddings.name
    assert rec.messages == ["No index yet: building it (once)."]
    assert rec.bars == [("Embedding sections", 4, 4)]


def test_vectors_read_a_page_at_a_time_are_those_read_at_once(
    tmp_path: Path, settings: Settings, embeddings: E5Embeddings, monkeypatch: pytest.MonkeyPatch
) -> None:
    SectionIndex(demo(tmp_path), embeddings, settings).ensure()
    whole = SectionIndex(demo(tmp_path), embeddings, settings).vectors("section")
    for page in (1, 3, 4):  # pages of one, a partial last page, a page that ends exactly at the last row
        monkeypatch.setattr("qa.index.READ_PAGE", page)
        paged = SectionIndex(demo(tmp_path), embeddings, settings).vectors("section")
        assert paged.keys == whole.keys and len(paged.keys) == 4
        assert paged.refs == whole.refs and np.array_equal(paged.matrix, whole.matrix)


def test_backend_is_recorded_in_the_index(tmp_path: Path, settings: Settings, embeddings: E5Embeddings) -> None:
    index = SectionIndex(demo(tmp_path), embeddings, settings)
    index.ensure()
    meta = index.client().get_collection(index.name).metadata or {}
    assert meta["arbitre_backend"] == embeddings.name
    assert meta["arbitre_complete"] is True


def test_nothing_changed_means_nothing_rebuilt(tmp_path: Path, settings: Settings, embeddings: E5Embeddings) -> None:
    SectionIndex(demo(tmp_path), embeddings, settings).ensure()
    rec = Recorder()
    info = SectionIndex(demo(tmp_path), embeddings, settings, notify=rec.notify, progress=rec.progress).ensure()
    assert info.built is False and info.count == 4
    assert rec.messages == [] and rec.bars == []


def test_only_changed_sections_are_re_embedded(tmp_path: Path, settings: Settings, embeddings: E5Embeddings) -> None:
    SectionIndex(demo(tmp_path), embeddings, settings).ensure()
    changed = demo(tmp_path, **{"demo-doc.en.yaml": DOC_EN_MORE.replace("gets 6 cards", "gets six cards")})
    rec = Recorder()
    index = SectionIndex(changed, embeddings, settings, notify=rec.notify, progress=rec.progress)
    info = index.ensure()
    assert (info.built, info.embedded, info.reused) == (True, 1, 3)
    assert rec.messages == ["The index is outdated (the corpus or the embedding backend changed): refreshing it."]
    first = SectionIndex(demo(tmp_path), embeddings, settings).name
    names = sorted(c.name for c in index.client().list_collections())
    assert names == sorted([index.name, first])  # the one before stays for instances not yet restarted
    again = demo(tmp_path, **{"demo-doc.en.yaml": DOC_EN_MORE.replace("gets 6 cards", "gets seven cards")})
    newest = SectionIndex(again, embeddings, settings)
    newest.ensure()
    assert sorted(c.name for c in newest.client().list_collections()) == sorted([newest.name, index.name])


def test_force_re_embeds_everything(tmp_path: Path, settings: Settings, embeddings: E5Embeddings) -> None:
    SectionIndex(demo(tmp_path), embeddings, settings).ensure()
    info = SectionIndex(demo(tmp_path), embeddings, settings).build(force=True)
    assert (info.embedded, info.reused) == (4, 0)


class FailingEmbeddings(E5Embeddings):
    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        raise RuntimeError("embedding failed half-way")


def test_a_failed_build_leaves_the_previous_index_in_place(
    tmp_path: Path, settings: Settings, embeddings: E5Embeddings
) -> None:
    old = SectionIndex(demo(tmp_path), embeddings, settings)
    old.ensure()
    changed = demo(tmp_path, **{"demo-doc.en.yaml": DOC_EN_MORE.replace("gets 6 cards", "gets six cards")})
    failing = SectionIndex(changed, FailingEmbeddings(embeddings.backend), settings)
    with pytest.raises(RuntimeError, match="embedding failed half-way"):
        failing.ensure()
    names = [c.name for c in old.client().list_collections()]
    assert names == [old.name]
    assert old.info() is not None and failing.info() is None


def test_readers_never_see_a_half_built_index(tmp_path: Path, settings: Settings, embeddings: E5Embeddings) -> None:
    """While the vectors are written, they sit in a temporary collection readers do not look at."""
    from chromadb.api.models.Collection import Collection

    index = SectionIndex(demo(tmp_path), embeddings, settings)

    original_add = Collection.add
    during: list[tuple[bool, bool]] = []

    def add(self: Collection, *args: Any, **kwargs: Any) -> None:
        during.append((self.name.startswith(BUILD_PREFIX), index.info() is None))
        original_add(self, *args, **kwargs)

    Collection.add = add
    try:
        index.ensure()
    finally:
        Collection.add = original_add
    assert during and all(temp and invisible for temp, invisible in during)
    assert index.info() is not None


def test_unreadable_index_is_kept_aside_and_rebuilt(
    tmp_path: Path, settings: Settings, embeddings: E5Embeddings
) -> None:
    from chromadb.api.client import SharedSystemClient

    SectionIndex(demo(tmp_path), embeddings, settings).ensure()
    (settings.data_dir / "chroma" / "chroma.sqlite3").write_bytes(b"not a database" * 100)
    SharedSystemClient.clear_system_cache()
    rec = Recorder()
    info = SectionIndex(demo(tmp_path), embeddings, settings, notify=rec.notify).ensure()
    assert info.built and info.count == 4
    assert rec.messages[0].startswith(f"The index at {settings.data_dir / 'chroma'} cannot be read")
    assert "building a new one" in rec.messages[0]
    kept = [p.name for p in settings.data_dir.iterdir() if p.name.startswith("chroma.unreadable-")]
    assert len(kept) == 1 and (settings.data_dir / kept[0] / "chroma.sqlite3").read_bytes().startswith(b"not a")


def test_fingerprint_follows_content_and_backend(tmp_path: Path) -> None:
    corpus = demo(tmp_path)
    assert fingerprint(entries(corpus, "a")) == fingerprint(entries(corpus, "a"))
    assert fingerprint(entries(corpus, "a")) != fingerprint(entries(corpus, "b"))


def test_headings_and_furniture_are_not_indexed(corpus: Corpus) -> None:
    keys = {e.key for e in entries(corpus, "x")}
    assert "cl2-rules/faq/jeton-or@fr" in keys and "cl2-rules/faq/jeton-or@en" in keys
    assert "cl2-rules/meme-genre@fr" not in keys and "cl2-rules/faq@fr" not in keys


def test_indexed_text_carries_the_breadcrumb(corpus: Corpus) -> None:
    (entry,) = [e for e in entries(corpus, "x") if e.key == "root-necropossums/cn-4-1@en"]
    assert entry.content.startswith("CN.4 BIRDSONG › CN.4.1 ")


def test_a_crashed_build_is_cleaned_up_but_a_running_one_is_not(
    tmp_path: Path, settings: Settings, embeddings: E5Embeddings
) -> None:
    from datetime import UTC, datetime, timedelta

    index = SectionIndex(demo(tmp_path), embeddings, settings)
    client = index.client()
    old = (datetime.now(UTC) - timedelta(hours=3)).isoformat()
    client.create_collection(f"{BUILD_PREFIX}crashed", metadata={"arbitre_built_at": old})
    client.create_collection(f"{BUILD_PREFIX}running", metadata={"arbitre_built_at": datetime.now(UTC).isoformat()})
    index.ensure()
    names = sorted(c.name for c in client.list_collections())
    assert names == sorted([index.name, f"{BUILD_PREFIX}running"])


def test_ruling_questions_are_searched_in_memory_like_the_store_would(asker: Any) -> None:
    """The in-memory search over ruling questions ranks as a Chroma query over the same vectors does."""
    index = asker.index
    questions = index.vectors("ruling")
    assert len(questions.refs) == sum(
        len(qs) for r in asker.corpus.rulings.values() for qs in (*r.questions.values(), *r.asked.values())
    )
    vector = index.embeddings.embed_query("Combien rapporte un jeton Or ?")
    nearest = questions.nearest(vector, lang="fr", games=None, k=10)
    assert len({ref for ref, _ in nearest}) == 10 and nearest[0][0] == "rulings/cl2/gold-points"
    stored = index.vectorstore().similarity_search_by_vector_with_relevance_scores(
        vector, k=200, filter={"$and": [{"lang": "fr"}, {"kind": "ruling"}]}
    )
    best: dict[str, float] = {}
    for doc, distance in stored:
        best.setdefault(str(doc.metadata["ref"]), 1.0 - distance)
    assert [ref for ref, _ in nearest] == list(best)[:10]
    assert [s for _, s in nearest] == pytest.approx([best[ref] for ref, _ in nearest], abs=1e-5)


def test_ruling_question_search_keeps_to_the_language_and_games(asker: Any) -> None:
    questions = asker.index.vectors("ruling")
    vector = asker.index.embeddings.embed_query("How many warriors does the Ritual remove?")
    root = questions.nearest(vector, lang="en", games=["root"], k=20)
    assert root and all(asker.corpus.rulings[ref].game == "root" for ref, _ in root)
    rows = {(ref, lang) for ref, lang in zip(questions.refs, questions.langs, strict=True)}
    assert all((ref, "en") in rows for ref, _ in root)
    assert questions.nearest(vector, lang="en", games=["no-such-game"], k=5) == []


def test_a_corrupted_page_is_found_at_open_and_the_index_rebuilt(
    tmp_path: Path, settings: Settings, embeddings: E5Embeddings
) -> None:
    """4 KB overwritten in the middle of the store made Chroma's Rust core panic half-way through a question; the
    damage is now found when the store is opened, said in one line, kept aside and rebuilt."""
    from chromadb.api.client import SharedSystemClient

    SectionIndex(demo(tmp_path), embeddings, settings).ensure()
    SharedSystemClient.clear_system_cache()
    db = settings.data_dir / "chroma" / "chroma.sqlite3"
    size = db.stat().st_size
    with db.open("r+b") as f:
        f.seek(size // 2 // 4096 * 4096)
        f.write(b"\xff" * 4096)
    rec = Recorder()
    index = SectionIndex(demo(tmp_path), embeddings, settings, notify=rec.notify)
    info = index.ensure()
    assert info.built and info.count == 4
    assert rec.messages[0].startswith(f"The index at {settings.data_dir / 'chroma'} cannot be read (")
    assert "malformed" in rec.messages[0] or "quick_check" in rec.messages[0]
    assert "\n" not in rec.messages[0] and rec.messages[0].endswith("building a new one.")
    assert index.search(embeddings.embed_query("Combien de cartes ?"), lang="fr", games=None, k=2)
    assert len([p for p in settings.data_dir.iterdir() if p.name.startswith("chroma.unreadable-")]) == 1


def test_the_order_entries_are_stored_in_changes_no_score(
    tmp_path: Path, embeddings: E5Embeddings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Chroma's HNSW graph depends on the order vectors are added in; the exact search does not."""
    import qa.index

    corpus = demo(tmp_path)
    forward = SectionIndex(corpus, embeddings, Settings(data_dir=tmp_path / "forward"))
    forward.ensure()
    ordered = qa.index.entries
    monkeypatch.setattr(qa.index, "entries", lambda c, b: list(reversed(ordered(c, b))))
    backward = SectionIndex(corpus, embeddings, Settings(data_dir=tmp_path / "backward"))
    backward.ensure()
    stored = backward.client().get_collection(backward.name).get()
    assert stored["ids"] != sorted(stored["ids"])  # really stored in another order
    vector = embeddings.embed_query("Combien de cartes reçoit chaque joueur ?")
    for lang in ("fr", "en"):
        assert forward.search(vector, lang=lang, games=None, k=4) == backward.search(vector, lang=lang, games=None, k=4)
