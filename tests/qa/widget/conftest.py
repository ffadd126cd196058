"""A real server (uvicorn, in a thread, over the session's asker), a second origin serving a hostile page, and
headless Chromium (Debian's, driven by Playwright)."""

from __future__ import annotations

import dataclasses
import http.server
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import uvicorn
from playwright.sync_api import Browser, Page, Playwright, sync_playwright

from qa.api.main import create_app
from qa.ask import Asker
from qa.feedback import FeedbackStore

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
HOSTILE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A hostile page</title>
<style>* { all: revert; font-size: 30px } div { display: inline; color: red } button { display: none }
[data-arbitre-widget] { --arbitre-accent: rgb(0, 128, 0) }
[data-arbitre-widget]::part(panel) { border-color: rgb(255, 0, 0) }</style>
</head><body><h1>Someone else's rules site</h1>
<script src="{api}/widget/v1.js" data-game="capital-lux-2" data-lang="en"></script></body></html>"""


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass(frozen=True)
class Site:
    """The API and its demo page, the feedback store it writes, and a page on another origin."""

    url: str
    store: FeedbackStore
    hostile_url: str


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="session")
def site(asker: Asker, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    port, other = _port(), _port()
    api, hostile_origin = f"http://127.0.0.1:{port}", f"http://localhost:{other}"
    folder = tmp_path_factory.mktemp("site")
    store = FeedbackStore(folder / "feedback.sqlite3")
    settings = dataclasses.replace(asker.settings, rate_limit=None, data_dir=folder, api_origins=(hostile_origin,))
    server = uvicorn.Server(
        uvicorn.Config(create_app(settings, asker=asker, store=store), port=port, log_level="warning")
    )
    serving = threading.Thread(target=server.run, daemon=True)
    serving.start()
    pages = tmp_path_factory.mktemp("hostile")
    (pages / "index.html").write_text(HOSTILE.replace("{api}", api), encoding="utf-8")
    handler = lambda *a: _Quiet(*a, directory=str(pages))  # noqa: E731
    second = http.server.ThreadingHTTPServer(("127.0.0.1", other), handler)
    threading.Thread(target=second.serve_forever, daemon=True).start()
    for _ in range(200):
        if server.started:
            break
        time.sleep(0.05)
    yield Site(api, store, f"{hostile_origin}/index.html")
    second.shutdown()
    server.should_exit = True
    serving.join(10)


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"no Chromium at {CHROMIUM}: `make test` installs Debian's chromium (apt-get install chromium)")
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    found = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
    yield found
    found.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    found = context.new_page()
    errors: list[str] = []
    found.on("pageerror", lambda e: errors.append(str(e)))
    yield found
    context.close()
    assert errors == [], errors


def ask(page: Page, question: str, turn: int) -> None:
    """Type a question and send it; wait for answer number ``turn`` (from 1)."""
    page.locator("[data-arbitre=input]").fill(question)
    page.locator("[data-arbitre=send]").click()
    page.locator("[data-arbitre=answer]").nth(turn - 1).wait_for(timeout=20_000)
