"""The section index: every retrievable section, in both languages, embedded in a Chroma collection.

Building is atomic: a new index is written to a temporary collection, marked complete, then renamed
to the name readers look for, which is derived from the content (a fingerprint of every section's
content hash and the embedding backend). A reader therefore sees the previous complete index or the
new one, never half of one. Refreshing re-embeds only the sections whose content hash changed: the
others' vectors are copied from the previous index.
"""

from __future__ import annotations

import hashlib
import shutil
import time
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, nullcontext, suppress
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from corpus import Corpus, Ruling, Section
from qa.embeddings import E5Embeddings
from qa.lexical import section_terms
from qa.settings import Settings
from qa.store import StoreError, chroma_client, database_problem
from qa.vectors import StoredVectors
from qa.yesno import labels

if TYPE_CHECKING:
    from chromadb.api import ClientAPI
    from chromadb.api.models.Collection import Collection
    from langchain_chroma import Chroma

#: Bump when the way sections are stored changes, so older indexes are rebuilt.
SCHEMA = 2
PREFIX = "arbitre-"
BUILD_PREFIX = "arbitre-build-"
#: Complete indexes kept besides the current one after a build: the one before it, which instances started
#: before the build still read until they restart (a rolling restart swaps indexes without downtime).
KEPT = 1
BATCH = 32
#: Entries written to the store per call: fewer, larger calls (2048 stores the 18,315 texts in 12 s, not 17 s at 256).
STORE_BATCH = 2048
#: Vectors read from the store per call: the store's copy of a page is several times the vectors' own size.
READ_PAGE = 2048
#: A temporary build collection older than this belongs to a build that crashed; the next build removes it.
ABANDONED = timedelta(hours=1)


def _store_failure(exc: BaseException) -> bool:
    """An ``Exception``, or the Rust panic a damaged store makes Chroma raise (pyo3's ``PanicException``, a
    ``BaseException`` that cannot be imported by name); never an interrupt."""
    return isinstance(exc, Exception) or type(exc).__name__ == "PanicException"


#: A progress display: called with the total, returns a context manager whose ``update(n)`` advances it.
Progress = Callable[[int, str], AbstractContextManager[Any]]


class _Silent:
    def update(self, n: int) -> None:
        """Ignore progress."""


def silent_progress(total: int, label: str) -> AbstractContextManager[Any]:
    """No progress display."""
    return nullcontext(_Silent())


@dataclass(frozen=True)
class Entry:
    """One stored text: a section version, or one question of a ruling, with its content hash."""

    key: str
    #: ``section`` or ``ruling``.
    kind: str
    #: The section id, or the ruling id.
    ref: str
    #: The section the entry belongs to (a ruling's: the section it rests on), in the entry's language.
    section: Section
    content: str
    hash: str

    @property
    def metadata(self) -> dict[str, str | bool | int]:
        """What Chroma stores beside the vector, and filters on."""
        s = self.section
        return {
            "kind": self.kind,
            "ref": self.ref,
            "section": s.id,
            "lang": s.lang,
            "doc": s.doc,
            "game": s.game,
            "translated": s.translated,
            "hash": self.hash,
        }


def entry_key(section: Section) -> str:
    """The store id of a section version: ``<section id>@<lang>``."""
    return f"{section.id}@{section.lang}"


def _digest(backend: str, content: str) -> str:
    return hashlib.sha256(f"{SCHEMA}\0{backend}\0{content}".encode()).hexdigest()


def entries(corpus: Corpus, backend: str) -> list[Entry]:
    """Every retrievable section version (no furniture, no bare headings) and every ruling question."""
    found = []
    for section in corpus.sections.values():
        if section.is_retrievable:
            content = section_terms(corpus, section)
            found.append(Entry(entry_key(section), "section", section.id, section, content, _digest(backend, content)))
    for ruling in corpus.rulings.values():
        for lang in ruling.questions:
            section = corpus.section(ruling.section, lang)
            for key, question in question_keys(ruling, lang).items():
                found.append(Entry(key, "ruling", ruling.id, section, question, _digest(backend, question)))
    return sorted(found, key=lambda e: e.key)


def question_keys(ruling: Ruling, lang: str) -> dict[str, str]:
    """The store key of each question of ``ruling`` in ``lang`` (:func:`qa.yesno.labels` names them), with its
    text."""
    return {key: question.text for key, question in labels(ruling, lang).items()}


def fingerprint(items: Sequence[Entry]) -> str:
    """A digest of the whole index's content: same sections, same texts, same backend, same digest."""
    h = hashlib.sha256()
    for e in items:
        h.update(f"{e.key}\0{e.hash}\n".encode())
    return h.hexdigest()


@dataclass(frozen=True)
class IndexInfo:
    """What the index holds, and what the last build did."""

    collection: str
    backend: str
    fingerprint: str
    count: int
    built: bool = False
    embedded: int = 0
    reused: int = 0
    seconds: float = 0.0


class SectionIndex:
    """The Chroma collection of section vectors for one corpus and one embedding backend."""

    def __init__(
        self,
        corpus: Corpus,
        embeddings: E5Embeddings,
        settings: Settings,
        *,
        notify: Callable[[str], None] | None = None,
        progress: Progress = silent_progress,
    ) -> None:
        #: The corpus indexed.
        self.corpus = corpus
        #: The embeddings adapter (its backend name is recorded in the index).
        self.embeddings = embeddings
        #: Where the store lives.
        self.settings = settings
        self._notify = notify or (lambda message: None)
        self._progress = progress
        self._entries = entries(corpus, embeddings.name)
        self._fingerprint = fingerprint(self._entries)
        self._client: ClientAPI | None = None
        self._store: Chroma | None = None
        self._vectors: dict[str, StoredVectors] = {}
        #: Never build: a missing or outdated index is a ``StoreError`` (the API's workers read, never build).
        self.readonly = False

    @property
    def name(self) -> str:
        """The collection name readers look for: derived from the content."""
        return f"{PREFIX}{self._fingerprint[:24]}"

    # --- client ----------------------------------------------------------------------------
    def client(self) -> ClientAPI:
        """The Chroma client; an unreadable embedded store is moved aside (kept) and started afresh."""
        if self._client is None:
            problem = None if self.settings.chroma_url else database_problem(self._path / "chroma.sqlite3")
            if problem is not None and self.readonly:
                raise StoreError(
                    f"the index at {self._path} cannot be read ({problem}): rebuild it with `arbitre index`"
                )
            if problem is not None:
                self._client = self._reset_embedded(problem)
                return self._client
            try:
                self._client = chroma_client(self.settings)
                self._client.list_collections()
            except StoreError:
                raise
            except BaseException as exc:
                if not _store_failure(exc):
                    raise
                if self.settings.chroma_url:
                    raise StoreError(f"the Chroma server at {self.settings.chroma_url!r} failed: {exc}") from None
                self._client = self._reset_embedded(f"{type(exc).__name__}: {exc}")
        return self._client

    @property
    def _path(self) -> Path:
        return self.settings.data_dir / "chroma"

    def _reset_embedded(self, problem: str) -> ClientAPI:
        from chromadb.api.client import SharedSystemClient

        path = self._path
        aside = path.with_name(f"chroma.unreadable-{datetime.now(UTC):%Y%m%dT%H%M%S}")
        self._notify(
            f"The index at {path} cannot be read ({problem.splitlines()[0]}); "
            f"keeping it as {aside.name} and building a new one."
        )
        SharedSystemClient.clear_system_cache()
        shutil.move(str(path), str(aside))
        return chroma_client(self.settings)

    # --- reading ---------------------------------------------------------------------------
    def _complete(self) -> Collection | None:
        try:
            collection = self.client().get_collection(self.name)
        except StoreError:
            raise
        except Exception:
            return None
        meta = collection.metadata or {}
        if meta.get("arbitre_complete") is not True or collection.count() != len(self._entries):
            return None
        return collection

    def info(self) -> IndexInfo | None:
        """The current index, or ``None`` when it must be built."""
        collection = self._complete()
        if collection is None:
            return None
        return IndexInfo(self.name, self.embeddings.name, self._fingerprint, collection.count())

    def ensure(self) -> IndexInfo:
        """The current index, built (or refreshed) first when missing, outdated or unreadable."""
        current = self.info()
        if current is not None:
            return current
        if self.readonly:
            where = self.settings.chroma_url or self.settings.data_dir / "chroma"
            raise StoreError(
                f"no current index {self.name!r} in {where}: build it first with `arbitre index` (a server process "
                "never builds it, so that workers and instances do not race each other)"
            )
        older = self._previous()
        if older:
            self._notify("The index is outdated (the corpus or the embedding backend changed): refreshing it.")
        else:
            self._notify("No index yet: building it (once).")
        return self.build()

    def vectorstore(self) -> Chroma:
        """The current index as a langchain ``Chroma`` vector store (built first if needed)."""
        if self._store is None:
            from langchain_chroma import Chroma

            self.ensure()
            self._store = Chroma(
                client=self.client(),
                collection_name=self.name,
                embedding_function=self.embeddings,
                create_collection_if_not_exists=False,
            )
        return self._store

    def vectors(self, kind: str) -> StoredVectors:
        """Every stored vector of one ``kind`` (``section`` or ``ruling``), read once from the index.

        Searches run on these in memory, exactly (:mod:`qa.vectors`): the same scores on every machine, and
        faster than a filtered query to the store (0.2 ms for the sections, 2.8 ms for ~7,500 ruling questions).
        """
        if kind not in self._vectors:
            keys: list[str] = []
            metadatas: list[Mapping[str, Any]] = []
            pages: list[np.ndarray] = []
            while True:  # a page at a time: the store's copy of one page, never of them all, sits in memory
                got = self.vectorstore().get(
                    where={"kind": kind}, include=["embeddings", "metadatas"], limit=READ_PAGE, offset=len(keys)
                )
                ids = [str(i) for i in got.get("ids") or []]
                if ids:
                    keys += ids
                    metadatas += got.get("metadatas") or []
                    pages.append(np.asarray(got.get("embeddings"), dtype=np.float64).reshape(len(ids), -1))
                if len(ids) < READ_PAGE:
                    break
            if len(set(keys)) != len(keys):
                raise RuntimeError(f"the index {self.name!r} returned {kind} vectors twice while paging: rebuild it")
            self._vectors[kind] = StoredVectors.from_rows(
                keys=keys,
                refs=[str(m["ref"]) for m in metadatas],
                langs=[str(m["lang"]) for m in metadatas],
                games=[str(m["game"]) for m in metadatas],
                vectors=np.concatenate(pages) if pages else [],
            )
        return self._vectors[kind]

    def search(
        self, vector: Sequence[float], *, lang: str, games: Sequence[str] | None, k: int
    ) -> list[tuple[str, float]]:
        """The ``k`` nearest sections in ``lang`` (and ``games``), with cosine similarity, exact."""
        return self.vectors("section").nearest(vector, lang=lang, games=games, k=k)

    # --- building --------------------------------------------------------------------------
    def _previous(self) -> list[Collection]:
        """Complete indexes of the same backend, newest first (for vector reuse and clean-up)."""
        found = []
        for collection in self.client().list_collections():
            meta = collection.metadata or {}
            if (
                collection.name.startswith(PREFIX)
                and not collection.name.startswith(BUILD_PREFIX)
                and collection.name != self.name
                and meta.get("arbitre_complete") is True
            ):
                found.append(collection)
        return sorted(found, key=lambda c: str((c.metadata or {}).get("arbitre_built_at", "")), reverse=True)

    def _abandoned(self) -> list[str]:
        """Temporary collections of builds that started over ``ABANDONED`` ago: a build that crashed."""
        cutoff = datetime.now(UTC) - ABANDONED
        names = []
        for collection in self.client().list_collections():
            started = str((collection.metadata or {}).get("arbitre_built_at", ""))
            if collection.name.startswith(BUILD_PREFIX) and started and datetime.fromisoformat(started) < cutoff:
                names.append(collection.name)
        return names

    def _reusable(self) -> dict[str, list[float]]:
        for collection in self._previous():
            if (collection.metadata or {}).get("arbitre_backend") != self.embeddings.name:
                continue
            got = collection.get(include=["embeddings", "metadatas"])
            metadatas, vectors = got.get("metadatas") or [], got.get("embeddings")
            if vectors is None:
                continue
            return {str(m["hash"]): [float(x) for x in v] for m, v in zip(metadatas, vectors, strict=True)}
        return {}

    def build(self, *, force: bool = False) -> IndexInfo:
        """Build the index for the current corpus, re-embedding only changed sections.

        ``force`` re-embeds everything. The new index replaces the old one atomically.
        """
        started = time.perf_counter()
        client = self.client()
        reusable = {} if force else self._reusable()
        todo = [e for e in self._entries if e.hash not in reusable]
        vectors: dict[str, list[float]] = {e.hash: reusable[e.hash] for e in self._entries if e.hash in reusable}
        with self._progress(len(todo), "Embedding sections") as bar:
            for batch in _batches(todo, BATCH):
                for e, v in zip(batch, self.embeddings.embed_documents([e.content for e in batch]), strict=True):
                    vectors[e.hash] = v
                bar.update(len(batch))

        temp = f"{BUILD_PREFIX}{self._fingerprint[:12]}-{uuid.uuid4().hex[:8]}"
        meta: dict[str, Any] = {
            "arbitre_schema": SCHEMA,
            "arbitre_backend": self.embeddings.name,
            "arbitre_fingerprint": self._fingerprint,
            "arbitre_complete": False,
            "arbitre_built_at": datetime.now(UTC).isoformat(),
        }
        collection = client.create_collection(temp, metadata=meta, configuration={"hnsw": {"space": "cosine"}})
        try:
            for batch in _batches(self._entries, min(STORE_BATCH, client.get_max_batch_size())):
                collection.add(
                    ids=[e.key for e in batch],
                    embeddings=[vectors[e.hash] for e in batch],
                    documents=[e.content for e in batch],
                    metadatas=[e.metadata for e in batch],
                )
            collection.modify(metadata={**meta, "arbitre_complete": True})
            if force:
                _delete(client, self.name)
            collection.modify(name=self.name)
        except Exception:
            _delete(client, temp)
            if self._complete() is None:  # another process did not win the race either
                raise
        for old in self._previous()[KEPT:]:  # the one before stays: instances not yet restarted still read it
            _delete(client, old.name)
        for stale in self._abandoned():
            _delete(client, stale)
        self._store = None
        self._vectors = {}
        return IndexInfo(
            self.name,
            self.embeddings.name,
            self._fingerprint,
            len(self._entries),
            built=True,
            embedded=len(todo),
            reused=len(self._entries) - len(todo),
            seconds=time.perf_counter() - started,
        )


def _batches(items: Sequence[Entry], size: int) -> Iterator[Sequence[Entry]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


def _delete(client: ClientAPI, name: str) -> None:
    with suppress(Exception):  # already gone: nothing to do
        client.delete_collection(name)
