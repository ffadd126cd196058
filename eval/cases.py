"""The evaluation cases: a plain data file, loaded into typed, validated values."""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Literal

from corpus import LANGS, Corpus
from corpus.yamlsrc import CorpusError, Mapping, read_yaml

Half = Literal["dev", "test"]
STYLES = frozenset({"plain", "casual", "typo"})
_KEYS = {
    "id",
    "half",
    "question",
    "lang",
    "game",
    "style",
    "sections",
    "facts",
    "not_found",
    "source",
    "expect",
    "group",
}
#: The case sets, each a file beside this module: the main set first (the others are reported apart from it).
SETS = ("cases", "polarity", "absent", "parts", "answerable", "yesno_blind")


class CaseError(CorpusError):
    """A bad evaluation case; the message names the file, the line and the problem."""


@dataclass(frozen=True)
class Case:
    """One question with what a correct answer must hold."""

    id: str
    half: Half
    question: str
    lang: str
    game: str | None
    style: str
    #: Sections that answer it: any one of them among the results counts as found.
    sections: tuple[str, ...]
    #: Key facts: every fact is required; each fact is a tuple of acceptable alternatives.
    facts: tuple[tuple[str, ...], ...]
    not_found: bool
    source: str
    #: For a yes/no question: the right answer, ``yes`` or ``no``.
    expect: Literal["yes", "no"] | None = None
    #: Cases written from one ruling's passage share a group (and a half).
    group: str | None = None
    #: The set the case belongs to (its file's name).
    set: str = "cases"

    @property
    def kind(self) -> str:
        """``not_found`` for a question the rules do not answer, else ``rules``."""
        return "not_found" if self.not_found else "rules"


def default_cases_file() -> Path:
    """The main case set shipped with the package."""
    return Path(str(resources.files("eval").joinpath("cases.yaml")))


def default_case_files() -> tuple[Path, ...]:
    """Every case set shipped with the package, the main one first."""
    folder = default_cases_file().parent
    return tuple(folder / f"{name}.yaml" for name in SETS if (folder / f"{name}.yaml").is_file())


def _case(path: Path, raw: Mapping, corpus: Corpus, seen: set[str]) -> Case:
    def fail(problem: str) -> CaseError:
        return CaseError(path, raw.line, f"case {raw.get('id')!r}: {problem}")

    extra = set(raw) - _KEYS
    if extra:
        raise fail(f"unknown key {sorted(extra)[0]!r}")
    missing = sorted(_KEYS - {"game", "source", "expect", "group"} - set(raw))
    if missing:
        raise fail(f"lacks {missing[0]!r}")
    if raw["id"] in seen:
        raise fail("duplicate id")
    if raw["half"] not in ("dev", "test"):
        raise fail(f"half must be dev or test, not {raw['half']!r}")
    if raw["lang"] not in LANGS:
        raise fail(f"unknown language {raw['lang']!r}")
    if raw.get("game") is not None and raw["game"] not in corpus.games:
        raise fail(f"unknown game {raw['game']!r}")
    if raw["style"] not in STYLES:
        raise fail(f"unknown style {raw['style']!r}")
    known = set(corpus.section_ids())
    for section in raw["sections"]:
        if section not in known:
            raise fail(f"unknown section {section!r}")
    facts = tuple(tuple(str(alt) for alt in fact) for fact in raw["facts"])
    expect = raw.get("expect")
    if expect is not None and expect not in ("yes", "no"):
        raise fail(f"expect must be yes or no, not {expect!r}")
    if bool(raw["not_found"]) != (not raw["sections"]):
        raise fail("a not_found case has no sections, and only a not_found case has none")
    if not raw["not_found"] and not facts and expect is None:
        raise fail("an answerable case needs its key facts or, for a yes/no question, its expect")
    return Case(
        id=str(raw["id"]),
        half=raw["half"],
        question=str(raw["question"]),
        lang=raw["lang"],
        game=raw.get("game"),
        style=raw["style"],
        sections=tuple(raw["sections"]),
        facts=facts,
        not_found=bool(raw["not_found"]),
        source=str(raw.get("source", "")),
        expect=expect,
        group=None if raw.get("group") is None else str(raw["group"]),
        set=path.stem,
    )


def load_cases(corpus: Corpus, path: Path | None = None) -> tuple[Case, ...]:
    """Load and validate the cases of one file, or of every shipped set; raises :class:`CaseError` naming file,
    line and problem."""
    if path is None:
        cases = [c for p in default_case_files() for c in load_cases(corpus, p)]
        ids = [c.id for c in cases]
        if len(set(ids)) != len(ids):
            twice = sorted({i for i in ids if ids.count(i) > 1})
            raise CaseError(default_cases_file(), 1, f"case {twice[0]!r} is in more than one set")
        return tuple(cases)
    data = read_yaml(path, path.read_text(encoding="utf-8"))
    if not isinstance(data.get("cases"), list):
        raise CaseError(path, data.line, "the file must hold a 'cases' list")
    seen: set[str] = set()
    cases = []
    for raw in data["cases"]:
        if not isinstance(raw, Mapping):
            raise CaseError(path, data.line, f"a case must be a mapping, not {raw!r}")
        case = _case(path, raw, corpus, seen)
        seen.add(case.id)
        cases.append(case)
    return tuple(cases)
