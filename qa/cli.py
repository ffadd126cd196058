"""The ``arbitre`` command line.

Examples::

    arbitre ask "Combien rapporte un jeton Or ?"
    arbitre ask "What does the Intruder do?" --json
    arbitre corpus --json
    arbitre index
    arbitre eval
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import click

from qa import __version__
from qa.answer import Answer

#: True in the ``arbitre`` process itself (not when the CLI is invoked from tests or other code).
_STANDALONE = False

#: Exit codes of ``arbitre ask``, by kind of answer.
EXIT_CODES = {"rules": 0, "scenario": 0, "not_found": 3, "clarify": 4}


def _emit_json(data: Any) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, indent=2))


def notify(message: str) -> None:
    """Tell the user, on standard error, what a long step is doing."""
    click.echo(message, err=True)


@contextmanager
def progress(total: int, label: str) -> Iterator[Any]:
    """A progress bar on standard error."""
    with click.progressbar(length=total, label=label, file=sys.stderr, show_pos=True) as bar:
        yield bar


def _asker() -> Any:
    from qa.ask import Asker
    from qa.embeddings import BackendError
    from qa.store import StoreError

    try:
        return Asker(notify=notify, progress=progress)
    except (BackendError, StoreError, ValueError) as exc:
        raise click.ClickException(str(exc)) from None


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
    from qa.corpus_view import corpus_json, corpus_lines

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
@click.option(
    "--svg",
    type=click.Path(dir_okay=False, writable=True),
    help="Also save the picture of the position to this file (a scenario answer's).",
)
def ask(question: str, game: str | None, lang: str | None, as_json: bool, svg: str | None) -> None:
    """Answer QUESTION from the rule texts, citing the passage used.

    Builds the search index on first use. Exit codes: 0 answered, 3 the rules do not say,
    4 a clarification is needed.

    \b
    Examples:
      arbitre ask "Combien rapporte un jeton Or ?"
      arbitre ask "Que fait le Clerc ?" --game capital-lux-2
      arbitre ask "Rituel CN.6.1" --json
      arbitre ask "capitale verte 2, 8 et 5, moi 7 et 9 en vert, je saute ?" --svg position.svg
    """
    asker = _asker()
    try:
        answer = asker.ask(question, lang=lang, game=game)
    except ValueError as exc:
        raise click.ClickException(str(exc)) from None
    if svg is not None:
        picture = answer.scenario.picture if answer.scenario is not None else None
        if picture is None:
            click.echo(f"No picture saved to {svg}: this answer computes no position.", err=True)
        else:
            Path(svg).write_text(picture, encoding="utf-8")
            click.echo(f"Picture of the position saved to {svg}", err=True)
    if as_json:
        _emit_json(answer.to_dict())
    else:
        click.echo(render(answer))
    _finish(EXIT_CODES[answer.kind], wrote=asker.built_index)


@cli.command()
@click.option("-g", "--game", envvar="ARBITRE_GAME", help="The game, e.g. capital-lux-2 or root (default: inferred).")
@click.option("-l", "--lang", envvar="ARBITRE_LANG", help="Answer language, fr or en (default: each question's).")
@click.option("--json", "as_json", is_flag=True, help="Each answer as one line of JSON (the API's answer format).")
def chat(game: str | None, lang: str | None, as_json: bool) -> None:
    """Ask questions one after another; a follow-up ("and with 2 gold?", "et si la capitale avait 17 ?") amends
    the last position. An empty line, or end of input, quits.

    \b
    Example:
      arbitre chat
      > capitale bleue 14, moi 16 en bleu, Marchand en jeu, je saute ?
      > et avec 2 or ?
    """
    asker = _asker()
    history: list[dict[str, Any]] = []
    while True:
        try:
            question = click.prompt("", prompt_suffix="> ", default="", show_default=False)
        except (EOFError, click.Abort):
            break
        if not question.strip():
            break
        try:
            answer = asker.ask(question, lang=lang, game=game, history=history)
        except ValueError as exc:
            click.echo(str(exc), err=True)
            continue
        history.append({"question": question, "response": answer.to_dict()})
        click.echo(json.dumps(answer.to_dict(), ensure_ascii=False) if as_json else render(answer) + "\n")
    _finish(0, wrote=asker.built_index)


def _finish(code: int, *, wrote: bool) -> None:
    """Exit with ``code``. A process that only read skips interpreter teardown (a quarter of a second
    of unloading chromadb and langchain); one that wrote the index exits normally, so the store closes."""
    if wrote or not _STANDALONE:
        sys.exit(code)
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


def render(answer: Answer) -> str:
    """The answer for a person: the answer, then each source with its quote set apart."""
    fr = answer.lang == "fr"
    colon = " :" if fr else ":"
    out = [answer.answer]
    if answer.ruling:
        several = len(answer.citations) > 1
        if fr:
            basis = "les sources ci-dessous" if several else "la source ci-dessous"
            out += ["", f"(Lecture d'Arbitre, non officielle, fondée sur {basis}.)"]
        else:
            basis = "the sources below" if several else "the source below"
            out += ["", f"(Arbitre's reading, not official text, based on {basis}.)"]
    for c in answer.citations:
        out += ["", f"Source{colon} {c.title} [{c.section}]"]
        if c.quote != answer.answer:
            out += [f"  > {line}" for line in c.quote.splitlines()]
        if c.original is not None:
            out += [f"  Original ({c.original.lang}):"] + [f"  > {line}" for line in c.original.quote.splitlines()]
    for cv in answer.caveats:
        out += ["", f"{'Attention' if fr else 'Caveat'} ({cv.note}){colon} {cv.text}"]
    return "\n".join(out)


@cli.command()
@click.argument("position_file", required=False, type=click.File("r", encoding="utf-8"))
@click.option(
    "-l", "--lang", type=click.Choice(["fr", "en"]), default="en", show_default=True, help="Language of the steps."
)
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@click.option("--schema", is_flag=True, help="Print the JSON Schema of a position file (of --game) and exit.")
@click.option("--verdicts", "verdict_schema", is_flag=True, help="Print the JSON Schema of each query's result.")
@click.option(
    "-g",
    "--game",
    default="capital-lux-2",
    show_default=True,
    help="The game whose schema --schema prints (its id or a name: capital-lux-2, root, Necropossums...).",
)
def check(position_file: Any, lang: str, as_json: bool, schema: bool, verdict_schema: bool, game: str) -> None:
    """Run the queries of a POSITION_FILE (JSON, or - for standard input) with the rules engine.

    The file's "game" (capital-lux-2 by default, or root) chooses the engine. Each verdict comes with
    its steps, each citing the rule it applies. A query that needs a fact the file does not give answers
    with that fact's name (exit code 4).

    \b
    Examples:
      arbitre check position.json
      echo '{"players": [...], "queries": [...]}' | arbitre check - --json
      arbitre check --schema --game root
      arbitre check --verdicts
    """
    from pydantic import ValidationError

    from engine.errors import EngineError
    from engine.games import declared_game, find_engine
    from engine.verdict import verdict_schema as schemas

    if verdict_schema:
        _emit_json(schemas())
        return
    if schema:
        try:
            _emit_json(find_engine(game).schema())
        except EngineError as exc:
            raise click.BadParameter(str(exc), param_hint="--game") from None
        return
    if position_file is None:
        raise click.UsageError("give a POSITION_FILE (or - for standard input), or --schema")
    text = position_file.read()
    try:
        engine = find_engine(declared_game(text))
    except EngineError as exc:
        raise click.ClickException(f"in {position_file.name!r}: {exc}") from None
    try:
        doc = engine.read(text)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc']) or '(top)'}: {e['msg']} (got {e.get('input')!r})"
            for e in exc.errors()
        )
        raise click.ClickException(f"invalid position file {position_file.name!r}: {problems}") from None
    except EngineError as exc:
        raise click.ClickException(f"impossible position in {position_file.name!r}: {exc}") from None
    verdicts = engine.run(doc)
    if as_json:
        _emit_json({"verdicts": [v.to_dict() for v in verdicts]})
    else:
        for v in verdicts:
            if v.missing:
                click.echo(f"{v.query}: missing fact {v.missing!r}")
            elif v.error:
                click.echo(f"{v.query}: {v.error}")
            else:
                click.echo(f"{v.query}: " + ", ".join(f"{k}={val}" for k, val in v.verdict.items()))
            for n, step in enumerate(v.steps, start=1):
                reading = f" (reading: {step.reading})" if step.reading else ""
                click.echo(f"  {n}. {step.text(lang)} [{step.rule}]{reading}")
    if any(v.error and not v.missing for v in verdicts):
        sys.exit(1)
    sys.exit(4 if any(v.missing for v in verdicts) else 0)


def _register() -> None:
    from qa.cli_serve import feedback, serve, widget_snippet
    from qa.cli_tools import bench, e5_folder, evaluate, index, tune

    for command in (index, e5_folder, tune, evaluate, bench):
        cli.add_command(command)
    cli.add_command(serve)
    cli.add_command(feedback)
    cli.add_command(widget_snippet)


_register()


def main() -> None:
    """Entry point of the ``arbitre`` console script."""
    global _STANDALONE
    _STANDALONE = True
    cli()
