"""A small SVG picture of the position a scenario answer computed (``scenario.picture``).

Capital Lux 2: one row per colour, the Capital's district total as a bar with its MAXIMUM line, each player's
City district beside it, busted districts marked, the Bonus winner starred; at game end, the players' totals.
Root: the clearings, with their Cemetery, Necros and warriors. Every text in it is escaped (player names come
from the question); clients show it as an image, never inserted into a page.

>>> svg = picture({"capital": {"green": ["green:2", "green:8", "green:5"]},
...     "players": [{"name": "<b>Léo</b>", "city": {"green": ["green:7", "green:9"]}}]}, None, "fr")
>>> svg.startswith("<svg") and "&lt;b&gt;Léo&lt;/b&gt;" in svg and "<b>" not in svg
True
"""

from __future__ import annotations

import json
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from engine.cl2.cards import Colour
from engine.cl2.roundend import is_busted, maximum
from engine.errors import EngineError
from engine.games import find_engine

#: Fill colours of the game's colours and of Root's suits.
_FILL = {
    "blue": "#2f6fb5",
    "pink": "#d9539a",
    "yellow": "#d9a400",
    "green": "#3a9a4a",
    "purple": "#7a4bb0",
    "fox": "#c8442c",
    "rabbit": "#d9b22e",
    "mouse": "#e08a2e",
}
_WORDS = {
    "fr": {
        "capital": "Capitale",
        "busted": "saute",
        "max": "MAX",
        "me": "moi",
        "wins": "gagne",
        "score": "score",
        "gold": "or",
    },
    "en": {
        "capital": "Capital",
        "busted": "busts",
        "max": "MAX",
        "me": "me",
        "wins": "wins",
        "score": "score",
        "gold": "gold",
    },
}
#: "la Capitale verte": the colour agrees with the feminine noun.
_FEMININE = {"bleu": "bleue", "vert": "verte", "violet": "violette"}
_SUITS = {"fr": {"fox": "renard", "rabbit": "lapin", "mouse": "souris"}, "en": {}}
WIDTH = 360
_ROW = 20
_SCALE_MAX = 40  # the longest bar stands for this total, or more when a total is larger


def picture(position: dict[str, Any] | None, verdict: dict[str, Any] | None, lang: str) -> str | None:
    """The SVG of ``position`` (a position file) with what ``verdict`` says; ``None`` when there is nothing to
    draw or the position cannot be read."""
    if not position:
        return None
    try:
        if position.get("game") == "root":
            return _root(position, lang)
        return _cl2(position, verdict or {}, lang)
    except (EngineError, ValueError, KeyError):
        return None


def _text(x: float, y: float, text: str, *, size: int = 12, anchor: str = "start", weight: str = "normal") -> str:
    return (
        f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" text-anchor="{anchor}" font-weight="{weight}">'
        f"{escape(text)}</text>"
    )


def _svg(height: int, body: list[str], title: str, width: int = WIDTH) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
        f'role="img" font-family="system-ui, sans-serif" fill="#222"><title>{escape(title)}</title>'
        f'<rect width="{width}" height="{height}" fill="#fff"/>{"".join(body)}</svg>'
    )


def _who(name: str, lang: str) -> str:
    return _WORDS[lang]["me"] if name == "me" else name


def _cl2(position: dict[str, Any], verdict: dict[str, Any], lang: str) -> str | None:
    game = find_engine("capital-lux-2")
    doc = game.read(json.dumps({k: v for k, v in position.items() if k != "queries"} | {"queries": []}))
    pos = doc.to_position()
    words = _WORDS[lang]
    colours = [c for c in Colour if c in pos.capital or any(c in p.city for p in pos.players)]
    if not colours:
        return _totals(position, verdict, lang)
    rows: list[tuple[Colour, int, int | None, list[tuple[str, int, bool]]]] = []
    for colour in colours:
        base = sum(card.value for card in pos.capital.get(colour, ()))
        try:
            limit: int | None = maximum(pos, colour).value if colour in pos.capital else None
        except EngineError:
            limit = None
        players = []
        for p in pos.players:
            if colour in p.city:
                total = p.district_total(colour)
                busted = _busted(verdict, p.name, colour, total, limit)
                players.append((p.name, total, busted))
        rows.append((colour, base, limit, players))
    scale = (WIDTH - 150) / max(_SCALE_MAX, *(max([b, lim or 0, *(t for _, t, _ in ps)]) for _, b, lim, ps in rows))
    body, y = [], 8
    for colour, base, limit, players in rows:
        fill = _FILL[colour.value]
        named = _FEMININE.get(colour.fr, colour.fr) if lang == "fr" else colour.value
        body.append(_text(8, y + 14, f"{words['capital']} {named}", weight="bold"))
        body.append(f'<rect x="110" y="{y + 3}" width="{base * scale:.0f}" height="14" fill={quoteattr(fill)}/>')
        body.append(_text(114 + base * scale, y + 14, str(base)))
        top = y
        for name, total, busted in players:
            y += _ROW
            mark = f" ✗ {words['busted']}" if busted else ""
            star = " ★" if verdict.get("winner") == name and verdict.get("colour") == colour.value else ""
            body.append(_text(16, y + 14, _who(name, lang) + star))
            style = 'fill-opacity="0.45" stroke="#b00020" stroke-dasharray="3 2"' if busted else 'fill-opacity="0.75"'
            body.append(
                f'<rect x="110" y="{y + 3}" width="{max(total * scale, 1):.0f}" height="14" fill={quoteattr(fill)} '
                f"{style}/>"
            )
            body.append(_text(114 + total * scale, y + 14, f"{total}{mark}"))
        if limit is not None:
            x = 110 + limit * scale
            body.append(f'<line x1="{x:.0f}" y1="{top}" x2="{x:.0f}" y2="{y + 20}" stroke="#222" stroke-width="2"/>')
            body.append(_text(x, top + 1, f"{words['max']} {limit}", size=9, anchor="middle"))
        y += _ROW + 12
    return _svg(y, body, _title(lang))


def _busted(verdict: dict[str, Any], name: str, colour: Colour, total: int, limit: int | None) -> bool:
    """What the verdict says of this district, else the plain comparison (a tie stays)."""
    if verdict.get("player") == name and verdict.get("colour") == colour.value and "busted" in verdict:
        return bool(verdict["busted"])
    return limit is not None and is_busted(total, limit)


def _totals(position: dict[str, Any], verdict: dict[str, Any], lang: str) -> str | None:
    """Game end: each player's stated score and gold; the winners starred."""
    players = position.get("players") or []
    if not players:
        return None
    winners = set(verdict.get("winners") or ([verdict["player"]] if "player" in verdict else []))
    body, y = [], 8
    for p in players:
        name = str(p.get("name", "?"))
        parts = [f"{_WORDS[lang][k]} {p[k]}" for k in ("score", "gold") if p.get(k) is not None]
        star = f" ★ {_WORDS[lang]['wins']}" if name in winners and "winners" in verdict else ""
        body.append(_text(8, y + 14, f"{_who(name, lang)}: {', '.join(parts)}{star}"))
        y += _ROW
    return _svg(y + 8, body, _title(lang))


def _root(position: dict[str, Any], lang: str) -> str | None:
    clearings = position.get("clearings") or []
    if not clearings:
        return None
    body, x = [], 12
    suits: dict[str, str] = _SUITS[lang]
    for c in clearings[:6]:
        suit = str(c.get("suit", ""))
        fill = quoteattr(_FILL.get(suit, "#999"))
        body.append(f'<circle cx="{x + 45}" cy="50" r="42" fill={fill} fill-opacity="0.3"/>')
        body.append(_text(x + 45, 24, f"{c.get('id', '')} ({suits.get(suit, suit)})", size=10, anchor="middle"))
        lines = []
        if c.get("cemetery"):
            lines.append(("Cimetière " if lang == "fr" else "Cemetery ") + suits.get(c["cemetery"], c["cemetery"]))
        for necro in c.get("necros") or []:
            lines.append(("Nécro " if lang == "fr" else "Necro ") + suits.get(necro, necro))
        lines.append(f"{c.get('warriors', 0)} {'guerriers' if lang == 'fr' else 'warriors'}")
        for k, line in enumerate(lines[:4]):
            body.append(_text(x + 45, 42 + 13 * k, line, size=10, anchor="middle"))
        x += 100
    return _svg(100, body, _title(lang), max(WIDTH, x + 12))


def _title(lang: str) -> str:
    return "Position lue" if lang == "fr" else "Position read"
