"""The rule texts Arbitre answers from: games, documents, sections and notes, loaded and validated."""

from corpus.loader import load_corpus
from corpus.model import LANGS, Corpus, Document, Game, Lang, Note, Quote, Ruling, Section
from corpus.yamlsrc import CorpusError

__all__ = [
    "LANGS",
    "Corpus",
    "CorpusError",
    "Document",
    "Game",
    "Lang",
    "Note",
    "Quote",
    "Ruling",
    "Section",
    "load_corpus",
]
