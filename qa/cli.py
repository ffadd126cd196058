"""The ``arbitre`` command line.

Examples::

    arbitre ask "Combien rapporte un jeton Or ?"
    arbitre ask "What does the Intruder do?" --json
    arbitre corpus
    arbitre corpus --json
"""

from __future__ import annotations

import json
import sys
from typing import Any

import click

from qa import __version__
from qa.answer import Answer
from qa.corpus_view import corpus_json, corpus_lines

#: Exit codes of ``arbitre ask``, by kind of answer.
EXIT_CODES = {"rules": 0, "scenario": 0, "not_found": 3, "clarify": 4}


def _emit_json(data: Any) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, indent=2))


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", prog_name="arbitre")
def cli() -> None:
    """Arbitre: answers board-game rules questions from the rule texts, and cites them.

    \b
    Examples:
      arbitre ask "Combien rapporte un jeton Or ?"
      arbitre ask "Can a Necro be removed during a ritual?" --json
      arbitre corpus --json
    """


@cli.command()
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def corpus(as_json: bool) -> None:
    """List the documents and their sections: id, title, languages, length.

    \b
    Examples:
      arbitre corpus
      arbitre corpus --json
    """
    from corpus import CorpusError, load_corpus

    try:
        loaded = load_corpus()
    except CorpusError as exc:
        raise click.ClickException(str(exc)) from None
    if as_json:
        _emit_json(corpus_json(loaded))
    else:
        for line in corpus_lines(loaded):
            click.echo(line)


@cli.command()
@click.argument("section_id")
@click.option("-l", "--lang", envvar="ARBITRE_LANG", help="Language to show, fr or en (default: the original's).")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def show(section_id: str, lang: str | None, as_json: bool) -> None:
    """Show one section, in French or English; a translation comes with its original beneath.

    \b
    Examples:
      arbitre show cl2-expansion/set-e/intruder --lang fr
      arbitre show root-necropossums/cn-6-1 --lang en --json
    """
    from corpus import load_corpus
    from qa.corpus_view import section_json, section_page

    loaded = load_corpus()
    try:
        chosen = lang or loaded.original(section_id).lang
        if as_json:
            _emit_json(section_json(loaded, section_id, chosen))
        else:
            click.echo("\n".join(section_page(loaded, section_id, chosen)))
    except KeyError as exc:
        raise click.ClickException(exc.args[0]) from None


@cli.command()
@click.argument("question")
@click.option("-g", "--game", envvar="ARBITRE_GAME", help="The game, e.g. capital-lux-2 or root (default: inferred).")
@click.option("-l", "--lang", envvar="ARBITRE_LANG", help="Answer language, fr or en (default: the question's).")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output (the API's answer format).")
def ask(question: str, game: str | None, lang: str | None, as_json: bool) -> None:
    """Answer QUESTION from the rule texts, citing the passage used.

    Exit codes: 0 answered, 3 the rules do not say, 4 a clarification is needed.

    \b
    Examples:
      arbitre ask "Combien rapporte un jeton Or ?"
      arbitre ask "Que fait le Clerc ?" --game capital-lux-2
      arbitre ask "Rituel CN.6.1" --json
    """
    from qa.ask import Asker

    try:
        answer = Asker().ask(question, lang=lang, game=game)
    except ValueError as exc:
        raise click.ClickException(str(exc)) from None
    if as_json:
        _emit_json(answer.to_dict())
    else:
        click.echo(render(answer))
    sys.exit(EXIT_CODES[answer.kind])


def render(answer: Answer) -> str:
    """The answer for a person: the answer, then each source with its quote set apart."""
    labels = {"fr": ("Source", "Original", "Attention"), "en": ("Source", "Original", "Caveat")}
    source, original, caveat = labels.get(answer.lang, labels["en"])
    out = [answer.answer]
    for c in answer.citations:
        out += [
            "",
            f"{source} : {c.title} [{c.section}]" if answer.lang == "fr" else f"{source}: {c.title} [{c.section}]",
        ]
        if c.quote != answer.answer:
            out += [f"  > {line}" for line in c.quote.splitlines()]
        if c.original is not None:
            out += [f"  {original} ({c.original.lang}):"] + [f"  > {line}" for line in c.original.quote.splitlines()]
    for cv in answer.caveats:
        out += ["", f"{caveat} ({cv.note}) : {cv.text}" if answer.lang == "fr" else f"{caveat} ({cv.note}): {cv.text}"]
    return "\n".join(out)


def main() -> None:
    """Entry point of the ``arbitre`` console script."""
    cli()
