"""ASGI middleware: the body size limit (413 before the body is read whole, chunked or not), JSON only on the
API's POSTs (415), and the security headers."""

from __future__ import annotations

import json
from typing import Any

from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

#: The Content-Security-Policy of the API's own responses (JSON: nothing to load, never framed).
API_CSP = "default-src 'none'; frame-ancestors 'none'"
#: The interactive documentation pages load Swagger UI and ReDoc from their CDN, with one inline script.
DOCS_CSP = (
    "default-src 'none'; script-src 'self' https://cdn.jsdelivr.net 'unsafe-inline'; "
    "style-src 'self' https://cdn.jsdelivr.net https://fonts.googleapis.com 'unsafe-inline'; "
    "font-src https://fonts.gstatic.com; img-src 'self' data: https://fastapi.tiangolo.com https://cdn.redoc.ly; "
    "connect-src 'self'; worker-src blob:; frame-ancestors 'none'"
)
DOCS_PATHS = ("/docs", "/redoc")
#: The HTML pages (rules documents, the demo): their own scripts, styles and images only, and the API.
PAGE_CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
#: Where the pages are.
PAGE_PREFIXES = ("/rules/", "/demo")


async def _error(send: Send, status: int, detail: str, headers: dict[str, str] | None = None) -> None:
    body = json.dumps({"detail": detail}).encode()
    raw = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    raw += [(k.lower().encode(), v.encode()) for k, v in (headers or {}).items()]
    await send({"type": "http.response.start", "status": status, "headers": raw})
    await send({"type": "http.response.body", "body": body})


class BodyLimit:
    """Refuse a body over ``limit`` bytes with 413: at once when Content-Length says so, else as soon as the
    chunks read so far pass it (a chunked body has no Content-Length); the app gets the body only once it is
    whole and within the limit. Also refuse a POST to the API whose body
    is not JSON (415)."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] not in ("POST", "PUT", "PATCH"):
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        length = headers.get("content-length")
        if length is not None and (not length.isdecimal() or int(length) > self.limit):
            await _error(send, 413, f"the body is {length} bytes; the limit is {self.limit}")
            return
        kind = headers.get("content-type", "").split(";")[0].strip().lower()
        if scope["path"].startswith("/api/") and kind != "application/json":
            await _error(send, 415, f"send JSON (Content-Type: application/json), not {kind or 'no Content-Type'!r}")
            return
        chunks: list[bytes] = []
        seen = 0
        while True:  # read the body here, up to the limit: a chunked body has no Content-Length to trust
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            seen += len(chunk)
            if seen > self.limit:
                await _error(send, 413, f"the body is over the limit of {self.limit} bytes")
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


class SecurityHeaders:
    """``nosniff``, a Referrer-Policy and a Content-Security-Policy on every response; the static files (the
    widget's script) may be loaded from any site: ``Access-Control-Allow-Origin: *`` and
    ``Cross-Origin-Resource-Policy: cross-origin``."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope["path"]

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                headers["X-Content-Type-Options"] = "nosniff"
                headers["Referrer-Policy"] = "strict-origin-when-cross-origin"
                if path.startswith(("/static/", "/widget")):
                    headers["Access-Control-Allow-Origin"] = "*"
                    headers["Cross-Origin-Resource-Policy"] = "cross-origin"
                else:
                    headers["Cross-Origin-Resource-Policy"] = "same-site"
                    page = path == "/" or path.startswith(PAGE_PREFIXES)
                    headers["Content-Security-Policy"] = (
                        DOCS_CSP if path in DOCS_PATHS else PAGE_CSP if page else API_CSP
                    )
                    headers["X-Frame-Options"] = "DENY"
            await send(message)

        await self.app(scope, receive, with_headers)


def problem_detail(errors: list[dict[str, Any]]) -> str:
    """One sentence for a validation error list: where and why, for the first error (the others follow in
    ``errors``).

    >>> problem_detail([{"loc": ("body", "question"), "msg": "Value error, the question is empty", "input": " "}])
    "question: the question is empty (got ' ')"
    """
    first = errors[0]
    if first.get("type") == "json_invalid":
        ctx = first.get("ctx") or {}
        return f"the body is not valid JSON: {ctx.get('error', 'cannot be parsed')} (at character {first['loc'][-1]})"
    where = ".".join(str(p) for p in first.get("loc", ()) if p != "body") or "body"
    msg = str(first.get("msg", "invalid")).removeprefix("Value error, ")
    got = first.get("input")
    shown = "" if got is None or isinstance(got, dict | list) else f" (got {str(got)[:80]!r})"
    return f"{where}: {msg}{shown}"
