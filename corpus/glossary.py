"""The bilingual game vocabulary: one term, its French and English forms, and look-alike warnings.

Search and scenario understanding reuse it; a test uses it to check that translations keep the
vocabulary. Matching is on whole words; :meth:`Term.occurs_in` is case-sensitive (for checking
texts), :meth:`Glossary.lookup` folds case and accents (for what people type).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from importlib.resources.abc import Traversable
from pathlib import Path

from corpus.loader import default_data_dir
from corpus.model import LANGS
from corpus.text import fold
from corpus.yamlsrc import CorpusError, read_yaml

GLOSSARY_FILE = "glossary.yaml"
KINDS = frozenset({"place", "piece", "card", "power", "colour", "phase", "action", "ability", "faction", "other"})


def _pattern(forms: tuple[str, ...], flags: int = 0) -> re.Pattern[str]:
    alternatives = "|".join(re.escape(f) for f in sorted(forms, key=len, reverse=True))
    return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)", flags)


@dataclass(frozen=True)
class Term:
    """One game term: its forms in each language (every inflection that occurs)."""

    id: str
    game: str
    kind: str
    forms: Mapping[str, tuple[str, ...]]
    note: str = ""

    @cached_property
    def _patterns(self) -> dict[str, re.Pattern[str]]:
        return {lang: _pattern(forms) for lang, forms in self.forms.items()}

    def occurs_in(self, text: str, lang: str) -> bool:
        """True when one of the term's ``lang`` forms occurs in ``text`` (whole word, case-sensitive)."""
        return bool(self._patterns[lang].search(text))

    def name(self, lang: str) -> str:
        """The term's main form in ``lang``."""
        return self.forms[lang][0]


@dataclass(frozen=True)
class Glossary:
    """Every term, in file order."""

    terms: tuple[Term, ...]

    def term(self, term_id: str) -> Term:
        """The term ``term_id``; ``KeyError`` quoting it otherwise."""
        for term in self.terms:
            if term.id == term_id:
                return term
        raise KeyError(f"no glossary term {term_id!r}")

    def terms_in(self, text: str, lang: str) -> tuple[Term, ...]:
        """The terms one of whose ``lang`` forms occurs in ``text`` (case-sensitive)."""
        return tuple(t for t in self.terms if t.occurs_in(text, lang))

    @cached_property
    def _folded(self) -> list[tuple[Term, re.Pattern[str]]]:
        return [(t, _pattern(tuple(fold(f) for lang in LANGS for f in t.forms[lang]))) for t in self.terms]

    def lookup(self, text: str) -> tuple[Term, ...]:
        """The terms named in free text, in either language, ignoring case and accents.

        >>> [t.id for t in load_glossary().lookup("le prophete et la SENTINEL")]
        ['prophet', 'sentinel']
        """
        folded = fold(text)
        return tuple(t for t, pattern in self._folded if pattern.search(folded))


def load_glossary(data_dir: Traversable | Path | None = None) -> Glossary:
    """Load and validate ``glossary.yaml``; errors name the file, the line and the problem."""
    entry = (data_dir if data_dir is not None else default_data_dir()).joinpath(GLOSSARY_FILE)
    path = str(entry)
    data = read_yaml(Path(path), entry.read_text(encoding="utf-8"))
    raw_terms = data.get("terms")
    if set(data) != {"terms"} or not isinstance(raw_terms, list):
        raise CorpusError(path, data.line, "the glossary must hold one key, 'terms', with a list")
    terms: list[Term] = []
    seen: set[str] = set()
    for raw in raw_terms:
        line = getattr(raw, "line", data.line)
        if not isinstance(raw, dict):
            raise CorpusError(path, line, f"a term must be a mapping, not {raw!r}")
        extra = set(raw) - {"id", "game", "kind", "fr", "en", "note"}
        if extra:
            raise CorpusError(path, line, f"unknown key {sorted(extra)[0]!r} in a term")
        term_id = raw.get("id")
        if not term_id or term_id in seen:
            raise CorpusError(path, line, f"missing or duplicate term id {term_id!r}")
        seen.add(term_id)
        if raw.get("kind") not in KINDS:
            raise CorpusError(path, line, f"term {term_id!r}: unknown kind {raw.get('kind')!r}")
        forms: dict[str, tuple[str, ...]] = {}
        for lang in LANGS:
            values = raw.get(lang)
            if not isinstance(values, list) or not values or not all(isinstance(v, str) and v for v in values):
                raise CorpusError(path, line, f"term {term_id!r} needs a non-empty list of {lang!r} forms")
            forms[lang] = tuple(values)
        terms.append(Term(term_id, str(raw.get("game", "")), raw["kind"], forms, str(raw.get("note", ""))))
    return Glossary(tuple(terms))
