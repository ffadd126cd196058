"""Load and validate the corpus: the games registry, the documents, their translations and the notes.

Every problem is a :class:`~corpus.yamlsrc.CorpusError` naming the file, the line and the problem.
Nothing is skipped silently: an unknown key, an unknown file kind or a missing translation is an error.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, cast

from corpus.asked import read_asked
from corpus.model import LANGS, Corpus, Document, Game, Lang, Note, Quote, Ruling, Section, leading_verdict
from corpus.text import normalize
from corpus.yamlsrc import CorpusError, Mapping, read_yaml

GAMES_FILE = "games.yaml"
#: The longest direct answer a ruling may give, in characters.
MAX_ANSWER = 500
#: Files of the data folder that other loaders read (see :mod:`corpus.glossary`).
OTHER_FILES = frozenset({"glossary.yaml"})


def default_data_dir() -> Traversable:
    """The corpus shipped inside the package."""
    return resources.files("corpus").joinpath("data")


@dataclass(frozen=True)
class _File:
    path: str
    data: Mapping


def _read_all(data_dir: Traversable | Path) -> list[_File]:
    files = []
    for entry in sorted(data_dir.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".yaml"):
            path = str(entry)
            files.append(_File(path, read_yaml(Path(path), entry.read_text(encoding="utf-8"))))
    return files


def _keys(f: _File, m: Mapping, allowed: Iterable[str], required: Iterable[str], what: str) -> None:
    extra = sorted(set(m) - set(allowed))
    if extra:
        raise CorpusError(f.path, m.line, f"unknown key {extra[0]!r} in {what}; allowed: {', '.join(sorted(allowed))}")
    for key in required:
        value = m.get(key)
        if value is None or (isinstance(value, str) and not value.strip()):
            raise CorpusError(f.path, m.line, f"{what} lacks {key!r}")


def _mapping(f: _File, value: Any, line: int, what: str) -> Mapping:
    if not isinstance(value, Mapping):
        raise CorpusError(f.path, line, f"{what} must be a mapping, not {value!r}")
    return value


def _list(f: _File, value: Any, line: int, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise CorpusError(f.path, line, f"{what} must be a list, not {value!r}")
    return value


def _lang(f: _File, m: Mapping) -> Lang:
    lang = m.get("lang")
    if lang not in LANGS:
        raise CorpusError(f.path, m.line, f"unknown language {lang!r}; expected one of {', '.join(LANGS)}")
    return cast(Lang, lang)


def _text(value: Any) -> str:
    return str(value).strip() if value is not None else ""


class _Builder:
    def __init__(self) -> None:
        self.games: dict[str, Game] = {}
        self.game_lines: dict[str, int] = {}
        self.documents: dict[str, Document] = {}
        self.sections: dict[tuple[str, str], Section] = {}
        self.notes: dict[tuple[str, str], Note] = {}
        self.rulings: dict[str, Ruling] = {}
        self.games_file = GAMES_FILE

    # --- games -------------------------------------------------------------------------
    def add_games(self, f: _File) -> None:
        self.games_file = f.path
        _keys(f, f.data, {"games"}, {"games"}, "the games registry")
        for raw in _list(f, f.data["games"], f.data.line, "'games'"):
            g = _mapping(f, raw, f.data.line, "a game")
            _keys(f, g, {"id", "names", "aliases", "documents", "suggested"}, {"id", "names", "documents"}, "a game")
            if g["id"] in self.games:
                raise CorpusError(f.path, g.line, f"duplicate game {g['id']!r}")
            names = _mapping(f, g["names"], g.line, "'names'")
            missing = [lang for lang in LANGS if not names.get(lang)]
            if missing:
                raise CorpusError(f.path, g.line, f"game {g['id']!r} has no name in {missing[0]!r}")
            self.games[g["id"]] = Game(
                id=g["id"],
                names=dict(names),
                aliases=tuple(_list(f, g.get("aliases", []), g.line, "'aliases'")),
                documents=tuple(_list(f, g["documents"], g.line, "'documents'")),
                suggested=self._suggested(f, g),
            )
            self.game_lines[g["id"]] = g.line

    def _suggested(self, f: _File, g: Any) -> dict[str, tuple[str, ...]]:
        """A game's suggested questions, in both languages when it has any."""
        if "suggested" not in g:
            return {}
        raw = _mapping(f, g["suggested"], g.line, "'suggested'")
        found: dict[str, tuple[str, ...]] = {
            lang: tuple(str(q) for q in _list(f, raw.get(lang, []), g.line, f"'suggested.{lang}'")) for lang in LANGS
        }
        missing = [lang for lang in LANGS if not found[lang]]
        if missing:
            raise CorpusError(f.path, g.line, f"game {g['id']!r} suggests no question in {missing[0]!r}")
        return found

    # --- documents -----------------------------------------------------------------------
    def add_original(self, f: _File) -> None:
        head = _mapping(f, f.data.get("document"), f.data.line, "'document'")
        _keys(f, f.data, {"document", "sections"}, {"document", "sections"}, "a document file")
        _keys(f, head, {"id", "game", "lang", "title", "source"}, {"id", "game", "lang", "title"}, "'document'")
        doc_id, game_id, lang = head["id"], head["game"], _lang(f, head)
        if game_id not in self.games:
            known = ", ".join(sorted(self.games))
            raise CorpusError(f.path, head.line, f"unknown game {game_id!r}; known games: {known}")
        if doc_id not in self.games[game_id].documents:
            raise CorpusError(
                f.path, head.line, f"document {doc_id!r} is not listed for game {game_id!r} in games.yaml"
            )
        if doc_id in self.documents:
            raise CorpusError(f.path, head.line, f"duplicate document {doc_id!r}")
        self.documents[doc_id] = Document(
            doc_id, game_id, lang, {lang: _text(head["title"])}, _text(head.get("source"))
        )

        raw_sections = _list(f, f.data["sections"], f.data.line, "'sections'")
        lines: dict[str, int] = {}
        parents: dict[str, str | None] = {}
        for order, raw in enumerate(raw_sections):
            s = _mapping(f, raw, f.data.line, "a section")
            _keys(f, s, {"id", "title", "text", "parent", "furniture"}, {"id", "title"}, "a section")
            sid = str(s["id"])
            if not sid.startswith(doc_id + "/"):
                raise CorpusError(f.path, s.line, f"section id {sid!r} does not start with {doc_id + '/'!r}")
            self._check_unique(f, s, sid, lang)
            parent = s.get("parent")
            if parent is not None and parent not in lines:
                raise CorpusError(
                    f.path, s.line, f"broken parent {parent!r} of section {sid!r}: no earlier section has that id"
                )
            lines[sid], parents[sid] = s.line, parent
            self.sections[(sid, lang)] = Section(
                id=sid,
                doc=doc_id,
                game=game_id,
                lang=lang,
                title=_text(s["title"]),
                text=_text(s.get("text")),
                parent=parent,
                order=order,
                furniture=bool(s.get("furniture", False)),
            )
        with_children = {p for p in parents.values() if p is not None}
        for sid, line in lines.items():
            if not self.sections[(sid, lang)].text and sid not in with_children:
                raise CorpusError(f.path, line, f"empty section {sid!r}: no text and no sections under it")

    def add_translation(self, f: _File) -> None:
        head = _mapping(f, f.data.get("document"), f.data.line, "'document'")
        _keys(f, f.data, {"document", "sections"}, {"document", "sections"}, "a translation file")
        _keys(f, head, {"id", "lang", "title", "translated"}, {"id", "lang", "title"}, "'document'")
        doc_id, lang = head["id"], _lang(f, head)
        doc = self.documents.get(doc_id)
        if doc is None:
            raise CorpusError(f.path, head.line, f"translation of unknown document {doc_id!r}")
        if lang == doc.lang or lang in doc.titles:
            raise CorpusError(f.path, head.line, f"document {doc_id!r} already exists in {lang!r}")
        self.documents[doc_id] = Document(
            doc.id, doc.game, doc.lang, {**doc.titles, lang: _text(head["title"])}, doc.source
        )

        expected = [s for s in self.sections.values() if s.doc == doc_id and not s.translated]
        raw_sections = _list(f, f.data["sections"], f.data.line, "'sections'")
        for raw, original in zip(raw_sections, expected, strict=False):
            s = _mapping(f, raw, f.data.line, "a section")
            _keys(f, s, {"id", "title", "text"}, {"id", "title"}, "a translated section")
            sid = str(s["id"])
            self._check_unique(f, s, sid, lang)
            if sid != original.id:
                raise CorpusError(
                    f.path,
                    s.line,
                    f"section {sid!r} found where the original has {original.id!r} (same ids, same order)",
                )
            text = _text(s.get("text"))
            if bool(text) != bool(original.text):
                state = "has text" if original.text else "has no text"
                raise CorpusError(f.path, s.line, f"section {sid!r}: the original {state}, the translation must match")
            self.sections[(sid, lang)] = Section(
                id=sid,
                doc=doc_id,
                game=doc.game,
                lang=lang,
                title=_text(s["title"]),
                text=text,
                parent=original.parent,
                order=original.order,
                furniture=original.furniture,
                translated=True,
            )
        if len(raw_sections) != len(expected):
            short, n = (
                ("lacks", len(raw_sections)) if len(raw_sections) < len(expected) else ("has more than", len(expected))
            )
            missing = expected[n].id if len(raw_sections) < len(expected) else raw_sections[n].get("id")
            raise CorpusError(f.path, f.data.line, f"translation {short} the original's sections (at {missing!r})")

    def _check_unique(self, f: _File, s: Mapping, sid: str, lang: str) -> None:
        if (sid, lang) in self.sections:
            raise CorpusError(f.path, s.line, f"duplicate section ({sid!r}, {lang!r})")

    # --- notes ---------------------------------------------------------------------------
    def add_notes(self, f: _File) -> None:
        head = _mapping(f, f.data.get("document"), f.data.line, "'document'")
        _keys(f, f.data, {"document", "notes"}, {"document", "notes"}, "a notes file")
        _keys(f, head, {"id", "lang", "translated"}, {"id", "lang"}, "'document'")
        lang = _lang(f, head)
        translated = bool(head.get("translated", False))
        originals = [n for n in self.notes.values() if not n.translated]
        raw_notes = _list(f, f.data["notes"], f.data.line, "'notes'")
        for i, raw in enumerate(raw_notes):
            n = _mapping(f, raw, f.data.line, "a note")
            if translated:
                _keys(f, n, {"id", "title", "open"}, {"id", "title", "open"}, "a translated note")
                if i >= len(originals) or n["id"] != originals[i].id:
                    raise CorpusError(
                        f.path,
                        n.line,
                        f"note {n['id']!r} is not the original's note at this place (same ids, same order)",
                    )
                base = originals[i]
                quotes, sections = base.quotes, base.sections
            else:
                _keys(
                    f,
                    n,
                    {"id", "point", "title", "quotes", "sections", "open"},
                    {"id", "title", "quotes", "open"},
                    "a note",
                )
                quotes = tuple(self._quote(f, q, n.line) for q in _list(f, n["quotes"], n.line, "'quotes'"))
                sections = tuple(_list(f, n.get("sections", []), n.line, "'sections'"))
                for sid in sections:
                    self._original(f, n.line, sid)
            if not quotes:
                raise CorpusError(f.path, n.line, f"note {n['id']!r} quotes no passage")
            if (n["id"], lang) in self.notes:
                raise CorpusError(f.path, n.line, f"duplicate note ({n['id']!r}, {lang!r})")
            self.notes[(n["id"], lang)] = Note(
                id=n["id"],
                lang=lang,
                title=_text(n["title"]),
                open=_text(n["open"]),
                quotes=quotes,
                sections=sections,
                translated=translated,
            )
        if translated and len(raw_notes) < len(originals):
            raise CorpusError(f.path, f.data.line, f"translation lacks note {originals[len(raw_notes)].id!r}")

    def _original(self, f: _File, line: int, section_id: str) -> Section:
        for lang in LANGS:
            section = self.sections.get((section_id, lang))
            if section is not None and not section.translated:
                return section
        raise CorpusError(f.path, line, f"unknown section {section_id!r}")

    def _quote(self, f: _File, raw: Any, line: int) -> Quote:
        q = _mapping(f, raw, line, "a quote")
        _keys(f, q, {"section", "text"}, {"section", "text"}, "a quote")
        section = self._original(f, q.line, q["section"])
        text = _text(q["text"])
        if normalize(text) not in normalize(f"{section.title}\n{section.text}"):
            raise CorpusError(f.path, q.line, f"quote not found in section {section.id!r}: {text!r}")
        return Quote(section.id, text)

    # --- rulings ---------------------------------------------------------------------------
    def add_rulings(self, f: _File) -> None:
        _keys(f, f.data, {"rulings"}, {"rulings"}, "a rulings file")
        keys = {"id", "kind", "note", "section", "quote", "questions", "answer", "claim", "asked"}
        for raw in _list(f, f.data["rulings"], f.data.line, "'rulings'"):
            r = _mapping(f, raw, f.data.line, "a ruling")
            _keys(f, r, keys, {"id", "section", "quote", "questions", "answer"}, "a ruling")
            rid = str(r["id"])
            if rid in self.rulings:
                raise CorpusError(f.path, r.line, f"duplicate ruling {rid!r}")
            kind = r.get("kind", "answer")
            if kind not in ("answer", "silent"):
                raise CorpusError(f.path, r.line, f"ruling {rid!r}: kind must be answer or silent, not {kind!r}")
            original = self._original(f, r.line, r["section"])
            if not original.is_retrievable:
                raise CorpusError(f.path, r.line, f"ruling {rid!r} rests on {original.id!r}, which has no rule text")
            note = r.get("note")
            if note is not None and not any(n.id == note for n in self.notes.values()):
                raise CorpusError(f.path, r.line, f"ruling {rid!r}: unknown note {note!r}")
            per_lang = {}
            for key in ("quote", "questions", "answer"):
                value = _mapping(f, r[key], r.line, f"{key!r} of ruling {rid!r}")
                missing = [lang for lang in LANGS if not value.get(lang)]
                if missing:
                    raise CorpusError(f.path, value.line, f"ruling {rid!r} has no {key!r} in {missing[0]!r}")
                per_lang[key] = value
            for lang in LANGS:
                section = self.sections[(original.id, lang)]
                quote = _text(per_lang["quote"][lang])
                if normalize(quote) not in normalize(f"{section.title}\n{section.text}"):
                    raise CorpusError(
                        f.path, per_lang["quote"].line, f"quote not found in section {section.id!r} ({lang}): {quote!r}"
                    )
                if len(_text(per_lang["answer"][lang])) > MAX_ANSWER:
                    raise CorpusError(
                        f.path, per_lang["answer"].line, f"ruling {rid!r}: {lang} answer over {MAX_ANSWER} characters"
                    )
            claims = self._claims(f, r, rid, {lang: _text(per_lang["answer"][lang]) for lang in LANGS})
            questions: dict[str, tuple[str, ...]] = {
                lang: tuple(_text(q) for q in _list(f, per_lang["questions"][lang], r.line, "'questions'"))
                for lang in LANGS
            }
            verdict = leading_verdict(_text(per_lang["answer"][LANGS[0]])) if kind == "answer" else None
            asked = read_asked(f.path, r.line, rid, r.get("asked"), questions, verdict)
            self.rulings[rid] = Ruling(
                id=rid,
                game=original.game,
                section=original.id,
                kind=kind,
                quotes={lang: _text(per_lang["quote"][lang]) for lang in LANGS},
                questions=questions,
                answers={lang: _text(per_lang["answer"][lang]) for lang in LANGS},
                note=note,
                claims=claims,
                asked=asked,
            )

    def _claims(self, f: _File, r: Any, rid: str, answers: dict[str, str]) -> dict[str, str] | None:
        """A ruling's claims: required, in every language, exactly when its answers start with a yes or a no
        (the same one in every language)."""
        verdicts = {lang: leading_verdict(answers[lang]) for lang in LANGS}
        if len(set(verdicts.values())) > 1:
            said = ", ".join(f"{lang}: {v or 'neither'}" for lang, v in verdicts.items())
            raise CorpusError(
                f.path, r.line, f"ruling {rid!r}: its answers do not start with the same yes or no ({said})"
            )
        if "claim" not in r:
            if verdicts[LANGS[0]] is not None:
                raise CorpusError(
                    f.path,
                    r.line,
                    f"ruling {rid!r} answers {answers[LANGS[0]][:12]!r}... but states no 'claim': "
                    "a yes/no ruling needs the fact its answer affirms, in each language",
                )
            return None
        if verdicts[LANGS[0]] is None:
            raise CorpusError(f.path, r.line, f"ruling {rid!r} has a 'claim' but its answer starts with no yes or no")
        value = _mapping(f, r["claim"], r.line, f"'claim' of ruling {rid!r}")
        missing = [lang for lang in LANGS if not value.get(lang)]
        if missing:
            raise CorpusError(f.path, value.line, f"ruling {rid!r} has no 'claim' in {missing[0]!r}")
        claims: dict[str, str] = {lang: _text(value[lang]) for lang in LANGS}
        for claim in claims.values():
            if leading_verdict(claim) is not None:
                raise CorpusError(
                    f.path, value.line, f"ruling {rid!r}: a claim states a fact, not a yes or no: {claim!r}"
                )
        return claims

    # --- whole corpus ----------------------------------------------------------------------
    def finish(self) -> Corpus:
        for game in self.games.values():
            for doc_id in game.documents:
                if doc_id not in self.documents:
                    raise CorpusError(
                        self.games_file,
                        self.game_lines[game.id],
                        f"document {doc_id!r} of game {game.id!r} has no file",
                    )
        order = [d for g in self.games.values() for d in g.documents]
        documents = {d: self.documents[d] for d in order}
        return Corpus(
            games=dict(self.games),
            documents=documents,
            sections=dict(self.sections),
            notes=dict(self.notes),
            rulings=dict(self.rulings),
        )


def _kind(f: _File) -> str:
    if "sections" in f.data:
        head = f.data.get("document")
        return "translation" if isinstance(head, Mapping) and head.get("translated") else "original"
    if "rulings" in f.data:
        return "rulings"
    if "notes" in f.data:
        head = f.data.get("document")
        return "note-translation" if isinstance(head, Mapping) and head.get("translated") else "notes"
    raise CorpusError(
        f.path,
        f.data.line,
        "unknown kind of corpus file: expected 'games', 'sections', 'notes' or 'rulings' at the top level",
    )


def load_corpus(data_dir: Traversable | Path | None = None) -> Corpus:
    """Load, validate and return the whole corpus: the one in ``data_dir``, or the one shipped with the package
    (read once per process: a corpus is frozen, and the package's files do not change while it runs).

    >>> corpus = load_corpus()
    >>> corpus.original("cl2-rules/faq/jeton-or").title
    'Combien rapporte un jeton Or ?'
    >>> load_corpus() is corpus
    True
    """
    return _shipped() if data_dir is None else _load(data_dir)


@cache
def _shipped() -> Corpus:
    return _load(default_data_dir())


def _load(data_dir: Traversable | Path) -> Corpus:
    files = _read_all(data_dir)
    games = [f for f in files if Path(f.path).name == GAMES_FILE]
    if not games:
        raise CorpusError(str(data_dir), None, f"no {GAMES_FILE} (the games registry)")
    builder = _Builder()
    builder.add_games(games[0])
    rest = [f for f in files if Path(f.path).name not in OTHER_FILES | {GAMES_FILE}]
    by_kind: dict[str, list[_File]] = {
        "original": [],
        "translation": [],
        "notes": [],
        "note-translation": [],
        "rulings": [],
    }
    for f in rest:
        by_kind[_kind(f)].append(f)
    for f in by_kind["original"]:
        builder.add_original(f)
    for f in by_kind["translation"]:
        builder.add_translation(f)
    for f in by_kind["notes"]:
        builder.add_notes(f)
    for f in by_kind["note-translation"]:
        builder.add_notes(f)
    for f in by_kind["rulings"]:
        builder.add_rulings(f)
    return builder.finish()
