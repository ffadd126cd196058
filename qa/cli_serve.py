"""``arbitre serve`` (the HTTP API) and ``arbitre feedback`` (the stored votes).

Examples::

    arbitre serve --workers 2
    arbitre feedback stats
    arbitre feedback export drafts.yaml
"""

from __future__ import annotations

import os
import sys

import click
import yaml


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="The address to listen on.")
@click.option("--port", type=click.IntRange(1, 65535), default=8080, show_default=True)
@click.option(
    "--workers",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Worker processes (uvicorn's). One is best on one machine: it shares its askers between all connections.",
)
@click.option(
    "--answerers",
    type=click.IntRange(min=1),
    default=None,
    help="Askers (answering threads) in each worker (default: $ARBITRE_ANSWERERS, else the cores over the workers).",
)
@click.option(
    "--forwarded-allow-ips",
    default=None,
    help="Proxies whose X-Forwarded-For names the client (uvicorn's option; default: $FORWARDED_ALLOW_IPS, "
    "else 127.0.0.1 and ::1).",
)
@click.option(
    "--access-log/--no-access-log",
    default=False,
    show_default=True,
    help="uvicorn's access log (it records client addresses).",
)
def serve(
    host: str, port: int, workers: int, answerers: int | None, forwarded_allow_ips: str | None, access_log: bool
) -> None:
    """Serve the HTTP API (OpenAPI document at /openapi.json, pages at /docs).

    The index is built (or found current) first, in this process, and only then do the workers start: they
    never build it, so several workers, or several machines against one Chroma server (ARBITRE_CHROMA_URL),
    never race each other. Settings come from the ARBITRE_* environment variables (see docs/deploy.md).
    """
    import uvicorn

    from qa.cli_tools import index as build_index
    from qa.feedback import FeedbackStore, FeedbackStoreError
    from qa.settings import Settings

    click.get_current_context().invoke(build_index)
    share_cores(workers, answerers)
    try:
        settings = Settings.from_env()
        FeedbackStore(settings.feedback_db, settings.feedback_days)  # a store that cannot open stops here
    except (ValueError, FeedbackStoreError) as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(
        f"Serving on http://{host}:{port} with {workers} worker(s) of {settings.answerers} asker(s) each", err=True
    )
    uvicorn.run(
        "qa.api.main:create_app",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        forwarded_allow_ips=forwarded_allow_ips,
        proxy_headers=True,
        server_header=False,
        access_log=access_log,
        log_level="info",
    )


def share_cores(workers: int, answerers: int | None = None) -> None:
    """Give each worker its askers (``answerers``, else ``$ARBITRE_ANSWERERS``, else its share of the cores), and
    each asker its share of the cores for the embedding engine's threads (OpenMP), unless ``OMP_NUM_THREADS``
    says otherwise: askers that each spin one thread per core starve each other (measured: two such processes on
    2 cores answer 1.3 questions a second together, 45 with one thread each). The workers read both from the
    environment they inherit."""
    cores = os.cpu_count() or 1
    if answerers is not None:
        os.environ["ARBITRE_ANSWERERS"] = str(answerers)
    elif not os.environ.get("ARBITRE_ANSWERERS"):
        os.environ["ARBITRE_ANSWERERS"] = str(max(1, cores // workers))
    each = os.environ["ARBITRE_ANSWERERS"]
    if "OMP_NUM_THREADS" not in os.environ and each.isdigit() and int(each) > 0:
        os.environ["OMP_NUM_THREADS"] = str(max(1, cores // (workers * int(each))))


@click.group()
def feedback() -> None:
    """The votes stored by POST /api/feedback."""


def _store() -> object:
    from qa.feedback import FeedbackStore, FeedbackStoreError
    from qa.settings import Settings

    try:
        settings = Settings.from_env()
        return FeedbackStore(settings.feedback_db, settings.feedback_days)
    except (ValueError, FeedbackStoreError) as exc:
        raise click.ClickException(str(exc)) from None


@feedback.command()
def stats() -> None:
    """Print how many answers were voted up and down, in all and by kind of answer."""
    from qa.feedback import FeedbackStore

    store = _store()
    assert isinstance(store, FeedbackStore)  # noqa: S101 - for the type checker
    found = store.stats()
    click.echo(f"{found.total} vote(s): {found.up} up, {found.down} down")
    for kind, (up, down) in sorted(found.by_kind.items()):
        click.echo(f"  {kind}: {up} up, {down} down")


@feedback.command()
@click.argument("out", type=click.File("w", encoding="utf-8"), default="-")
def export(out: object) -> None:
    """Write the thumbs-down answers as draft evaluation cases (YAML, the case formats) to OUT (default: standard
    output), for a person to complete from the rule texts and review before adding them to eval/."""
    from qa.feedback import FeedbackStore, draft_cases

    store = _store()
    assert isinstance(store, FeedbackStore)  # noqa: S101 - for the type checker
    drafts = draft_cases(store.rows("down"))
    text = "# Draft cases from thumbs-down feedback: complete each TODO from the rule texts, then review.\n"
    text += yaml.safe_dump({"cases": drafts}, allow_unicode=True, sort_keys=False)
    click.echo(text, file=out, nl=False)  # type: ignore[arg-type]
    click.echo(f"{len(drafts)} draft case(s) written", err=True, file=sys.stderr)


@click.command("widget-snippet")
@click.option("--host", required=True, help="Where the API is served, e.g. https://rules.example.org.")
@click.option("--game", default="capital-lux-2", show_default=True)
@click.option("--lang", default="auto", show_default=True, help="The interface language: fr, en or auto.")
def widget_snippet(host: str, game: str, lang: str) -> None:
    """Print the script tag that pins this release of the widget with subresource integrity."""
    from urllib.parse import urlparse

    from qa.api.routes.widget import integrity, script

    parsed = urlparse(host)
    if parsed.scheme not in ("http", "https") or not parsed.netloc:
        raise click.ClickException(f"--host must look like https://rules.example.org, not {host!r}")
    version, _ = script()
    click.echo(
        f'<script src="{host.rstrip("/")}/widget/v{version}.js" integrity="{integrity()}" crossorigin="anonymous" '
        f'data-game="{game}" data-lang="{lang}"></script>'
    )
