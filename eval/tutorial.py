"""The usual tutorial RAG pipeline, as a baseline: 500-character chunks of the seed texts, e5, Chroma, top 4.

It uses the same e5 embeddings and Chroma through langchain as Arbitre, but no sections, no
translations, no lexical ranking and no threshold: the top chunk is the answer.
"""

from __future__ import annotations

import difflib
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from corpus import Corpus
from corpus.text import normalize
from qa.embeddings import E5Embeddings

if TYPE_CHECKING:
    from langchain_chroma import Chroma

CHUNK_SIZE, CHUNK_OVERLAP, TOP_K = 500, 50, 4
#: A chunk counts for a section when it holds more than this share of the section's text.
MOST = 0.5


@dataclass(frozen=True)
class Chunk:
    """One chunk of a seed file, and the sections it holds most of."""

    text: str
    sections: tuple[str, ...]


def coverage(section_text: str, chunk: str) -> float:
    """The share of ``section_text`` that ``chunk`` holds (matching blocks, whitespace normalised)."""
    a, b = normalize(section_text), normalize(chunk)
    if not a:
        return 0.0
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    return sum(block.size for block in matcher.get_matching_blocks()) / len(a)


def chunk_seeds(corpus: Corpus, seeds_dir: Path) -> list[Chunk]:
    """Split every seed file as the tutorial does, and map each chunk to the sections it mostly holds."""
    from langchain_text_splitters import RecursiveCharacterTextSplitter

    splitter = RecursiveCharacterTextSplitter(chunk_size=CHUNK_SIZE, chunk_overlap=CHUNK_OVERLAP)
    chunks = []
    for doc in corpus.documents.values():
        text = (seeds_dir / doc.source).read_text(encoding="utf-8")
        originals = [corpus.original(i) for i in corpus.section_ids()]
        mine = [s for s in originals if s.doc == doc.id and s.is_retrievable]
        for piece in splitter.split_text(text):
            held = tuple(s.id for s in mine if coverage(s.text, piece) > MOST)
            chunks.append(Chunk(piece, held))
    return chunks


class TutorialPipeline:
    """Chunks in an in-memory Chroma collection, searched by e5 similarity."""

    def __init__(self, chunks: Sequence[Chunk], embeddings: E5Embeddings) -> None:
        import chromadb
        from chromadb.config import Settings as ChromaSettings
        from langchain_chroma import Chroma

        #: The chunks, in store order.
        self.chunks = list(chunks)
        client = chromadb.EphemeralClient(settings=ChromaSettings(anonymized_telemetry=False))
        self.store: Chroma = Chroma.from_texts(
            [c.text for c in self.chunks],
            embedding=embeddings,
            metadatas=[{"i": i} for i in range(len(self.chunks))],
            client=client,
            collection_name=f"tutorial-{uuid.uuid4().hex[:8]}",
        )

    def search(self, question: str) -> list[Chunk]:
        """The top 4 chunks for ``question``."""
        docs = self.store.similarity_search(question, k=TOP_K)
        return [self.chunks[int(d.metadata["i"])] for d in docs]
