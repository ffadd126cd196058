"""What ``arbitre corpus`` shows: the documents and sections, for people and as JSON."""

from __future__ import annotations

from typing import Any

from corpus import Corpus


def _depth(corpus: Corpus, section_id: str) -> int:
    depth, parent = 0, corpus.original(section_id).parent
    while parent is not None:
        depth, parent = depth + 1, corpus.original(parent).parent
    return depth


def corpus_lines(corpus: Corpus) -> list[str]:
    """One line per document and per section: id, title, languages (``*`` marks the original), length."""
    lines = ["# id  title  languages (* = original)  length of the original text"]
    for doc in corpus.documents.values():
        langs = ",".join(f"{lang}*" if lang == doc.lang else lang for lang in sorted(doc.titles))
        lines.append(f"{doc.id}  {doc.title(doc.lang)}  [{langs}]  game={doc.game}")
        for section_id in corpus.section_ids():
            section = corpus.original(section_id)
            if section.doc != doc.id:
                continue
            versions = corpus.versions(section_id)
            langs = ",".join(f"{v.lang}*" if not v.translated else v.lang for v in versions)
            flag = "  (furniture)" if section.furniture else ""
            indent = "  " * (1 + _depth(corpus, section_id))
            lines.append(f"{indent}{section.id}  {section.title}  [{langs}]  {len(section.text)}{flag}")
    lines.append(f"notes: {len({note_id for note_id, _ in corpus.notes})}")
    return lines


def corpus_json(corpus: Corpus) -> dict[str, Any]:
    """Every document, section and note, with each language version and the original marked."""
    documents = []
    for doc in corpus.documents.values():
        sections = []
        for section_id in corpus.section_ids():
            original = corpus.original(section_id)
            if original.doc != doc.id:
                continue
            sections.append(
                {
                    "id": section_id,
                    "parent": original.parent,
                    "order": original.order,
                    "furniture": original.furniture,
                    "languages": [v.lang for v in corpus.versions(section_id)],
                    "length": len(original.text),
                    "versions": [
                        {
                            "lang": v.lang,
                            "original": not v.translated,
                            "translated": v.translated,
                            "title": v.title,
                            "text": v.text,
                            "length": len(v.text),
                        }
                        for v in corpus.versions(section_id)
                    ],
                }
            )
        documents.append(
            {
                "id": doc.id,
                "game": doc.game,
                "lang": doc.lang,
                "source": doc.source,
                "titles": dict(doc.titles),
                "sections": sections,
            }
        )
    notes: dict[str, dict[str, Any]] = {}
    for note in sorted(corpus.notes.values(), key=lambda n: n.translated):
        entry = notes.setdefault(
            note.id,
            {
                "id": note.id,
                "sections": list(note.section_ids),
                "quotes": [{"section": q.section, "text": q.text} for q in note.quotes],
                "versions": [],
            },
        )
        entry["versions"].append(
            {
                "lang": note.lang,
                "original": not note.translated,
                "translated": note.translated,
                "title": note.title,
                "open": note.open,
            }
        )
    return {
        "games": [{"id": g.id, "names": dict(g.names), "documents": list(g.documents)} for g in corpus.games.values()],
        "documents": documents,
        "notes": list(notes.values()),
    }


def section_page(corpus: Corpus, section_id: str, lang: str) -> list[str]:
    """A section as a rules page shows it: in ``lang``, with its original beneath when translated.

    Raises ``KeyError`` quoting an unknown section id or language.
    """
    try:
        section = corpus.section(section_id, lang)
    except KeyError:
        known = section_id in corpus.section_ids()
        raise KeyError(
            f"no language {lang!r} for section {section_id!r}" if known else f"unknown section {section_id!r}"
        ) from None
    doc = corpus.documents[section.doc]
    lines = [f"{section.title}  [{section.id}]", f"{doc.title(lang)}", ""]
    lines += section.text.splitlines() or ["(heading: " + ", ".join(corpus.children(section_id)) + ")"]
    if section.translated:
        original = corpus.original(section_id)
        label = "Original" if lang == "en" else "Texte original"
        lines += [
            "",
            f"{label} ({original.lang}) : {original.title}"
            if lang == "fr"
            else f"{label} ({original.lang}): {original.title}",
        ]
        lines += [f"  > {line}" for line in original.text.splitlines()]
    return lines


def section_json(corpus: Corpus, section_id: str, lang: str) -> dict[str, Any]:
    """The JSON form of :func:`section_page`: the version asked for, and the original."""
    section_page(corpus, section_id, lang)  # same errors
    asked, original = corpus.section(section_id, lang), corpus.original(section_id)
    return {
        "id": section_id,
        "doc": asked.doc,
        "lang": lang,
        "translated": asked.translated,
        "title": asked.title,
        "text": asked.text,
        "original": None
        if not asked.translated
        else {"lang": original.lang, "title": original.title, "text": original.text},
    }
