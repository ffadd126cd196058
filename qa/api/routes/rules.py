"""``GET /rules/{doc}``: a corpus document as an HTML page, one anchor per section, translations labelled with
their original one click away, and the lines a citation quoted highlighted.

The link a citation gives carries the section id and the quoted line range, never the quote's text: nothing from
the request is written into the page except a section id the corpus knows and two numbers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

from fastapi import APIRouter, HTTPException, Query, Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates

from corpus import LANGS, Corpus, Section
from qa.api.deps import ServicesDep

router = APIRouter(tags=["pages"])
templates = Jinja2Templates(directory=Path(__file__).resolve().parent.parent / "templates")
_LINES = re.compile(r"^(\d{1,4})-(\d{1,4})$")
_WORDS = {
    "fr": {"translation": "Traduction", "original": "Voir l'original", "source": "Source :", "rules": "Règles"},
    "en": {"translation": "Translation", "original": "See the original", "source": "Source:", "rules": "Rules"},
}


@dataclass(frozen=True)
class Shown:
    """A section as the page shows it: its depth, its lines, which are highlighted, and its original's link."""

    section: Section
    depth: int
    lines: tuple[tuple[str, bool], ...]
    original_lang: str | None


def _doc_sections(corpus: Corpus, doc: str, lang: str) -> list[Section]:
    found = [s for (sid, lg), s in corpus.sections.items() if s.doc == doc and lg == lang]
    return sorted(found, key=lambda s: s.order)


def _depth(corpus: Corpus, section: Section) -> int:
    return len(corpus.breadcrumb(section))


@router.get("/rules/{doc}", response_class=HTMLResponse, include_in_schema=False)  # a page, not the JSON API
def rules_page(
    request: Request,
    doc: str,
    services: ServicesDep,
    lang: Annotated[str | None, Query(description="fr or en (default: the document's own)")] = None,
    section: Annotated[str | None, Query(description="A section id to highlight")] = None,
    lines: Annotated[str | None, Query(description="The quoted lines of that section, as 'first-last'")] = None,
) -> HTMLResponse:
    """The document ``doc`` in ``lang``, with the ``lines`` of ``section`` highlighted."""
    corpus = services.corpus()
    if doc not in corpus.documents:
        raise HTTPException(404, f"no document {doc!r}; documents: {', '.join(sorted(corpus.documents))}")
    document = corpus.documents[doc]
    lang = lang or document.lang
    if lang not in LANGS:
        raise HTTPException(422, f"lang: {lang!r} is not one of {', '.join(LANGS)}")
    span = _span(lines)
    shown = []
    for s in _doc_sections(corpus, doc, lang):
        text_lines = s.text.split("\n") if s.text else []
        marked = tuple(
            (line, s.id == section and span is not None and span[0] <= k + 1 <= span[1])
            for k, line in enumerate(text_lines)
        )
        original = corpus.original(s.id).lang if s.translated else None
        shown.append(Shown(s, _depth(corpus, s), marked, original))
    context = {
        "document": document,
        "title": document.title(lang),
        "lang": lang,
        "sections": shown,
        "words": _WORDS[lang],
        "highlighted": section if any(s.section.id == section for s in shown) else None,
    }
    return templates.TemplateResponse(request, "rules.html", context)


def _span(lines: str | None) -> tuple[int, int] | None:
    """``"3-5"`` as (3, 5); a 422 quoting anything else."""
    if lines is None:
        return None
    found = _LINES.match(lines)
    if found is None or int(found.group(1)) > int(found.group(2)):
        raise HTTPException(422, f"lines: {lines[:40]!r} is not a range like '3-5'")
    return int(found.group(1)), int(found.group(2))
