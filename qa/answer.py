"""The typed answer Arbitre gives, and its JSON form (the output contract of the CLI and the API)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from qa.scenario import Scenario

Kind = Literal["rules", "scenario", "clarify", "not_found"]


@dataclass(frozen=True)
class OriginalQuote:
    """The original-language text behind a quoted translation."""

    lang: str
    quote: str


#: Stands, on a line of its own, for the lines of a section a quote leaves out.
GAP = "[…]"


@dataclass(frozen=True)
class Citation:
    """A passage an answer relies on, quoted word for word from the corpus (a :data:`GAP` line marks the lines
    of the section it leaves out)."""

    doc: str
    section: str
    title: str
    lang: str
    translated: bool
    quote: str
    original: OriginalQuote | None = None
    #: The first and last lines (from 1) of the section the quote spans, for a link that highlights them.
    lines: tuple[int, int] | None = None

    @property
    def pieces(self) -> tuple[str, ...]:
        r"""The runs of consecutive lines the quote holds, each word for word from the section.

        >>> Citation("d", "s", "t", "en", False, "one\n[…]\nthree\nfour").pieces
        ('one', 'three\nfour')
        """
        return tuple(self.quote.split(f"\n{GAP}\n"))


def quoted_lines(text: str, quote: str) -> tuple[int, int] | None:
    r"""The first and last lines (from 1) of ``text`` that ``quote`` (lines or parts of lines, maybe with gaps)
    spans; ``None`` when it is not there.

    >>> quoted_lines("one\ntwo\nthree\nfour", "two\n[…]\nfour"), quoted_lines("one two", "two"), quoted_lines("a", "b")
    ((2, 4), (1, 1), None)
    """
    lines = text.split("\n")
    said = [line.strip() for line in quote.split("\n") if line.strip() and line.strip() != GAP]
    first = next((k for k, line in enumerate(lines) if said and said[0] in line), None)
    if first is None:
        return None
    last = next((k for k in range(len(lines) - 1, first - 1, -1) if said[-1] in lines[k]), None)
    return None if last is None else (first + 1, last + 1)


@dataclass(frozen=True)
class Caveat:
    """A corpus note the answer touches: where the texts are ambiguous or contradict each other."""

    note: str
    text: str


@dataclass(frozen=True)
class Answer:
    """What Arbitre says to a question."""

    question: str
    lang: str
    game: str | None
    kind: Kind
    answer: str
    citations: tuple[Citation, ...] = ()
    caveats: tuple[Caveat, ...] = ()
    #: The position read and computed, for a scenario question (:class:`qa.scenario.contract.Scenario`).
    scenario: Scenario | None = field(default=None)
    #: The ruling the answer gives (Arbitre's reading of the texts, not official text), if any.
    ruling: str | None = None
    #: How close the decision came to another answer: the smallest distance between a similarity it compared and
    #: the threshold or rival score it was compared with (:mod:`qa.margin`); ``None`` when none was compared.
    margin: float | None = None
    #: Why the answer is what it is (:class:`qa.decision.Reason`), e.g. ``ruling``, ``unknown_thing``.
    reason: str | None = None
    #: The sections retrieval ranked, best first (for evaluation; not part of the JSON form).
    retrieved: tuple[str, ...] = field(default=(), repr=False)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: the same fields, ``original`` only on translated citations."""
        citations = []
        for c in self.citations:
            item: dict[str, Any] = {
                "doc": c.doc,
                "section": c.section,
                "title": c.title,
                "lang": c.lang,
                "translated": c.translated,
                "quote": c.quote,
            }
            if c.original is not None:
                item["original"] = {"lang": c.original.lang, "quote": c.original.quote}
            item["lines"] = None if c.lines is None else list(c.lines)
            citations.append(item)
        return {
            "question": self.question,
            "lang": self.lang,
            "game": self.game,
            "kind": self.kind,
            "answer": self.answer,
            "citations": citations,
            "caveats": [{"note": c.note, "text": c.text} for c in self.caveats],
            "scenario": None if self.scenario is None else self.scenario.to_dict(),
            "ruling": self.ruling,
            "reason": self.reason,
            "margin": None if self.margin is None else round(self.margin, 4),
        }
