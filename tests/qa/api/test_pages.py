"""The rules pages (/rules/{doc}), the widget's release paths and the demo page."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi.testclient import TestClient

from qa.api.routes.widget import integrity, script

README = Path(__file__).resolve().parents[3] / "README.md"


def test_a_rules_page_has_an_anchor_per_section_and_highlights_the_quoted_lines(client: TestClient) -> None:
    page = client.get("/rules/cl2-rules", params={"section": "cl2-rules/faq/jeton-or", "lines": "1-1"})
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    assert "script-src 'self'" in page.headers["content-security-policy"]
    assert '<section id="cl2-rules/faq/jeton-or" class="depth-1 cited">' in page.text
    assert re.search(r"<mark>2 points chacun en fin de partie", page.text)
    assert page.text.count("<mark>") == 1
    assert '<html lang="fr">' in page.text


def test_a_translation_is_labelled_with_its_original_one_click_away(client: TestClient) -> None:
    page = client.get("/rules/root-necropossums", params={"lang": "en"})
    assert page.status_code == 200
    assert '<span class="label">Translation</span>' in page.text
    assert 'href="/rules/root-necropossums?lang=fr#root-necropossums/cn-2-4"' in page.text


def test_nothing_from_the_request_is_written_into_the_page(client: TestClient) -> None:
    page = client.get("/rules/cl2-rules", params={"section": "<script>alert(1)</script>", "lines": "1-2"})
    assert page.status_code == 200
    assert "<script>alert(1)" not in page.text and "&lt;script&gt;" not in page.text
    assert "<mark>" not in page.text


def test_a_bad_document_language_or_range_is_refused_with_its_detail(client: TestClient) -> None:
    missing = client.get("/rules/nope")
    assert missing.status_code == 404
    assert missing.json()["detail"].startswith("no document 'nope'; documents: cl2-expansion")
    assert client.get("/rules/cl2-rules", params={"lang": "de"}).json()["detail"] == "lang: 'de' is not one of fr, en"
    bad = client.get("/rules/cl2-rules", params={"lines": "<b>"})
    assert bad.status_code == 422
    assert bad.json()["detail"] == "lines: '<b>' is not a range like '3-5'"


def test_each_release_of_the_widget_has_its_path_and_its_caching(client: TestClient) -> None:
    version, body = script()
    exact = client.get(f"/widget/v{version}.js")
    assert exact.status_code == 200
    assert exact.content == body
    assert exact.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert exact.headers["content-type"] == "text/javascript; charset=utf-8"
    assert exact.headers["access-control-allow-origin"] == "*"
    assert exact.headers["cross-origin-resource-policy"] == "cross-origin"
    for latest in (f"/widget/v{version.split('.')[0]}.js", "/widget.js"):
        found = client.get(latest)
        assert (found.status_code, found.content) == (200, body)
        assert found.headers["cache-control"] == "public, max-age=300"
    old = client.get("/widget/v0.9.0.js")
    assert old.status_code == 404
    assert old.json()["detail"] == f"no widget release 'v0.9.0.js'; this server has v{version}"


def test_the_readme_pins_this_release_with_its_integrity() -> None:
    version, _ = script()
    text = README.read_text(encoding="utf-8")
    assert f'src="https://HOST/widget/v{version}.js"' in text
    assert f'integrity="{integrity()}"' in text
    assert 'crossorigin="anonymous"' in text


def test_the_demo_page_loads_the_widget(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200
    assert '<script src="/widget/v1.js" data-game="capital-lux-2" data-lang="auto"></script>' in page.text
    assert "default-src 'none'" in page.headers["content-security-policy"]
