"""Security headers, CORS for the listed origins only, the static files for any site, and the rate limit."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from tests.qa.api.conftest import MakeClient

QUESTION = {"question": "Combien rapporte un jeton Or ?"}


def test_security_headers_on_the_api_and_the_pages(client: TestClient) -> None:
    api = client.get("/api/games")
    assert api.status_code == 200
    assert api.headers["x-content-type-options"] == "nosniff"
    assert api.headers["referrer-policy"] == "strict-origin-when-cross-origin"
    assert api.headers["content-security-policy"] == "default-src 'none'; frame-ancestors 'none'"
    page = client.get("/docs")
    assert page.status_code == 200
    assert "script-src 'self' https://cdn.jsdelivr.net" in page.headers["content-security-policy"]


def test_cors_answers_only_the_listed_origins(make_client: MakeClient) -> None:
    client = make_client(api_origins=("https://rules.example",))
    listed = client.post("/api/ask", json=QUESTION, headers={"Origin": "https://rules.example"})
    assert listed.status_code == 200
    assert listed.headers["access-control-allow-origin"] == "https://rules.example"
    other = client.post("/api/ask", json=QUESTION, headers={"Origin": "https://evil.example"})
    assert "access-control-allow-origin" not in other.headers
    preflight = client.options(
        "/api/ask",
        headers={"Origin": "https://evil.example", "Access-Control-Request-Method": "POST"},
    )
    assert preflight.status_code == 400
    assert "access-control-allow-origin" not in preflight.headers


def test_the_static_files_load_from_any_site(client: TestClient) -> None:
    script = client.get("/static/widget.js", headers={"Origin": "https://any.example"})
    assert script.status_code == 200
    assert script.headers["access-control-allow-origin"] == "*"
    assert script.headers["cross-origin-resource-policy"] == "cross-origin"
    assert script.text == "console.log('arbitre');\n"


def test_past_the_limit_a_client_gets_429_with_retry_after(make_client: MakeClient) -> None:
    client = make_client(rate_limit="3/minute")
    statuses = [client.post("/api/ask", json=QUESTION).status_code for _ in range(3)]
    assert statuses == [200, 200, 200]
    refused = client.post("/api/ask", json=QUESTION)
    assert refused.status_code == 429
    assert 1 <= int(refused.headers["retry-after"]) <= 60
    assert refused.json()["detail"].startswith("too many requests: the limit is 3/minute per client")
    assert client.get("/api/health").status_code == 200  # health and games are not limited


@pytest.mark.anyio
@pytest.mark.parametrize(("peer", "trusted"), [("10.0.0.1", True), ("10.0.0.9", False)])
async def test_a_forwarded_client_counts_only_behind_a_trusted_proxy(
    make_client: MakeClient, peer: str, trusted: bool
) -> None:
    app = make_client(rate_limit="1/minute").app
    proxied: Any = ProxyHeadersMiddleware(app, trusted_hosts="10.0.0.1")  # type: ignore[arg-type] # uvicorn's option
    transport = httpx.ASGITransport(app=proxied, client=(peer, 5000))
    async with httpx.AsyncClient(transport=transport, base_url="http://api") as client:
        first = await client.post("/api/ask", json=QUESTION, headers={"X-Forwarded-For": "203.0.113.1"})
        second = await client.post("/api/ask", json=QUESTION, headers={"X-Forwarded-For": "203.0.113.2"})
    assert first.status_code == 200
    # Trusted: two clients behind one proxy, each within its limit. Untrusted: the header is ignored, one client.
    assert second.status_code == (200 if trusted else 429)
