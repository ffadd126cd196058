"""The widget's script at its release paths, and the demo page.

``/widget/v{version}.js`` (this release, never changed: cached for a year, ``immutable``), ``/widget/v{major}.js``
and ``/widget.js`` (the latest release: cached for five minutes). A site pins a release with subresource integrity
(:func:`integrity`). Any site may load them (``Access-Control-Allow-Origin: *``, set by the security headers); the
API's own CORS list still decides who may ask.
"""

from __future__ import annotations

import base64
import hashlib
import re
from functools import cache
from pathlib import Path

from fastapi import APIRouter, HTTPException
from fastapi.responses import FileResponse, Response

STATIC = Path(__file__).resolve().parent.parent.parent / "static"
SCRIPT = STATIC / "widget.js"
_VERSION = re.compile(r'var VERSION = "(\d+\.\d+\.\d+)";')
YEAR = "public, max-age=31536000, immutable"
SHORT = "public, max-age=300"

router = APIRouter(tags=["widget"])


@cache
def script() -> tuple[str, bytes]:
    """The widget's release version and its bytes."""
    body = SCRIPT.read_bytes()
    found = _VERSION.search(body.decode("utf-8"))
    if found is None:
        raise RuntimeError(f"{SCRIPT} does not say its VERSION")
    return found.group(1), body


def integrity() -> str:
    """The ``integrity`` attribute that pins this release (SHA-384, as subresource integrity writes it)."""
    return "sha384-" + base64.b64encode(hashlib.sha384(script()[1]).digest()).decode()


def _js(body: bytes, cache_control: str) -> Response:
    return Response(body, media_type="text/javascript; charset=utf-8", headers={"Cache-Control": cache_control})


@router.get("/widget.js", include_in_schema=False)
def latest() -> Response:
    return _js(script()[1], SHORT)


@router.get("/widget/{name}", include_in_schema=False)
def release(name: str) -> Response:
    """``v1.0.0.js`` (this exact release) or ``v1.js`` (the latest of major 1); 404 for any other."""
    version, body = script()
    if name == f"v{version}.js":
        return _js(body, YEAR)
    if name == f"v{version.split('.')[0]}.js":
        return _js(body, SHORT)
    raise HTTPException(404, f"no widget release {name!r}; this server has v{version}")


@router.get("/favicon.ico", include_in_schema=False)
def favicon() -> Response:
    return Response(status_code=204)


@router.get("/", include_in_schema=False)
def demo() -> FileResponse:
    """A sample rules page with the widget on it."""
    return FileResponse(STATIC / "demo.html", media_type="text/html; charset=utf-8")
