"""The text of a scenario answer: the verdict first (yes or no, who, how many), then the numbers behind it as a
player would check them, the position as read, the assumptions, and the engine's steps; a missing fact asked for,
or the problem quoted. The verdict and the numbers are worded by the question's frame.

Each answer stays within :data:`MAX_CHARS`; the steps that do not fit are in the scenario's verdict.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from engine.cl2.cards import Colour
from qa.scenario.facts import Fact
from qa.scenario.frames import FRAMES, Frame
from qa.scenario.frames.clearing_table import clearings_line, suit_name
from qa.scenario.say import Wording, district_of, numbers, who
from qa.scenario.say import colour as colour_name
from qa.scenario.solve import Outcome
from qa.scenario.words import ME

MAX_CHARS = 500
_ADDRESS = {
    "fr": (("me dépense", "tu dépenses"), ("me refuse", "tu refuses"), ("me n'a ", "tu n'as "), ("de me", "de toi")),
    "en": (("me's", "your"), ("me has", "you have"), ("me spends", "you spend"), ("me declines", "you decline")),
}


def _me(text: str, lang: str) -> str:
    """An engine step, with the asker (the player called ``me``) addressed as "tu" or "you"."""
    for said, meant in _ADDRESS[lang]:
        text = text.replace(said, meant)
    return re.sub(r"\bme\b", "toi" if lang == "fr" else "you", text)


def label(fact: Fact, lang: str) -> str:
    """What a fact is about, as a player says it ("Capitale verte", "ton vert", "or de Léo"), in ``lang``."""
    head, _, rest = fact.path.partition(".")
    colour = rest.rsplit(".", 1)[-1]
    fr = lang == "fr"
    if head == "capital":
        return ("Capitale " if fr else "Capital ") + colour_name(colour, lang, True)
    if head == "maximum":
        return f"MAXIMUM {colour_name(colour, lang)}"
    if rest.startswith("city."):
        return district_of(head, colour, lang)
    if rest == "city":
        if fr:
            return "ta Cité" if head == ME else f"Cité de {head}"
        return "your City" if head == ME else f"{head}'s City"
    if rest == "bonus":
        return f"Bonus {who(head, lang)}"
    if rest == "total":
        return f"{'total' if not fr else 'total de'} {who(head, lang)}"
    if rest == "gold":
        return (f"or de {who(head, lang)}" if head != ME else "ton or") if fr else f"{who(head, lang)}: gold"
    if head == "agent_tiles":
        return ("tuiles Agent " if fr else "Agent tiles ") + colour_name(colour, lang)
    if fact.path in _ROOT_NAMES:
        return _ROOT_NAMES[fact.path][lang]
    return fact.path


def echo(facts: tuple[Fact, ...], lang: str) -> str:
    """The position as read, so that a misreading shows at once."""
    said = []
    for f in facts:
        f = f if f.value is not None else dataclasses.replace(f, value="?")  # said without its number: asked
        head, _, rest = f.path.partition(".")
        if head in ("capital",) or rest.startswith("city") or rest == "bonus":
            said.append(f"{label(f, lang)} = {numbers(f.value, f.kinds, lang)}")
        elif head == "maximum" or rest == "total":
            said.append(f"{label(f, lang)} = {f.value}")
        elif rest == "gold":
            said.append(f"{who(head, lang)} : {f.value} or" if lang == "fr" else f"{who(head, lang)}: {f.value} gold")
        elif head == "agent_tiles":
            tiles = ", ".join(f"{v:+d}" for v in f.value) if isinstance(f.value, tuple) else str(f.value)
            tiles = tiles or ("aucune" if lang == "fr" else "none")
            said.append(f"{label(f, lang)} : {tiles}")
        elif f.path in _ROOT_NAMES:
            said.append(f"{label(f, lang)} = {f.value}")
        elif f.path == "hand" and isinstance(f.value, tuple):
            suits = ", ".join(suit_name(str(s), lang) for s in f.value)
            said.append(("main : " if lang == "fr" else "hand: ") + suits)
    said += clearings_line(facts, lang)
    if not said:
        return ""
    return ("Lu : " if lang == "fr" else "Read: ") + " ; ".join(said) + "."


_ROOT_NAMES = {
    "cemeteries": {"fr": "Cimetières", "en": "Cemeteries"},
    "warriors": {"fr": "guerriers", "en": "warriors"},
    "necros": {"fr": "Nécros", "en": "Necros"},
    "hits": {"fr": "coups", "en": "hits"},
    "enemy_warriors_removed": {"fr": "guerriers adverses retirés", "en": "enemy warriors removed"},
    "bird_cards": {"fr": "cartes Oiseau", "en": "bird cards"},
    "supply": {"fr": "réserve", "en": "supply"},
}


def verdict_line(outcome: Outcome, lang: str) -> str:
    """The verdict, first: yes or no, who, how many, in the words of its frame."""
    assert outcome.plan is not None and outcome.verdict is not None  # noqa: S101 - solved
    frame = outcome.frame
    if frame is None or frame.sentence is None:
        return _plain(outcome.plan.frame, outcome.verdict.verdict, lang)
    return frame.sentence(outcome.plan, outcome.verdict.verdict, lang)


def work_line(outcome: Outcome, lang: str) -> str:
    """The numbers behind the verdict, as a player would check them ("MAXIMUM vert : 15 (Capitale) + 2 ...")."""
    assert outcome.plan is not None and outcome.verdict is not None  # noqa: S101 - solved
    if outcome.frame is None:
        return ""
    return outcome.frame.work(outcome.plan, (outcome.verdict, *outcome.more), lang)


def _plain(query: str, found: dict[str, Any], lang: str) -> str:
    """A verdict no frame words (a position file sent as it is): its query and its plain values.

    >>> _plain("wheel", {"points": 3, "steps": ["..."], "moved": None}, "en")
    'wheel: points = 3.'
    """
    shown = [f"{k} = {v}" for k, v in found.items() if isinstance(v, int | str | bool) and k != "query"]
    label = "Résultat" if lang == "fr" else "Result"
    return f"{query}: {' ; '.join(shown)}." if shown else f"{label} ({query})."


#: How a fact no frame's slot words is asked.
_ANY = Wording("Il manque un fait : {path}.", "One fact is missing: {path}.")


def ask_for(path: str, lang: str, frame: Frame | None = None) -> str:
    """A question a player understands, asking for the fact at ``path``: worded by the slot of ``frame`` it fills,
    else by any frame's slot."""
    frames = ([frame] if frame is not None else []) + list(FRAMES)
    for slot in (s for f in frames for s in f.slots):
        fields = slot.match(path)
        if fields is None or slot.ask is None:
            continue
        player = fields.get("player", ME)
        wording = slot.ask_other if player != ME and slot.ask_other is not None else slot.ask
        name = fields.get("colour", "")
        shown = (Colour(name).fr if lang == "fr" else name) if name in {c.value for c in Colour} else ""
        return wording.text(lang, colour=shown, who=player, path=path, clearing=fields.get("clearing", ""))
    return _ANY.text(lang, path=path)


def write(outcome: Outcome, lang: str) -> str:
    """The answer's text: the verdict first, then the echo, the assumptions and the steps, within MAX_CHARS."""
    said = echo(outcome.reading.facts, lang)
    if outcome.problem is not None:
        head = "Cette position ne peut pas exister" if lang == "fr" else "This position cannot be"
        text = (
            f"{head} : « {outcome.problem.quote} » — {outcome.problem.text(lang)}"
            if lang == "fr"
            else (f"{head}: '{outcome.problem.quote}': {outcome.problem.text(lang)}")
        )
        return _fit([text])
    if outcome.other is not None:
        return _fit(two_readings(outcome, outcome.other, lang))
    if outcome.missing is not None:
        lead = "Il me manque un fait pour calculer : " if lang == "fr" else "I need one more fact to compute this: "
        return _fit([lead + ask_for(outcome.missing, lang, outcome.frame), said])
    assert outcome.plan is not None and outcome.verdict is not None  # noqa: S101 - solved
    first = verdict_line(outcome, lang)
    assumed = ""
    if outcome.plan.assumptions:
        label = "Hypothèses : " if lang == "fr" else "Assuming: "
        assumed = label + " ; ".join(a.text(lang) for a in outcome.plan.assumptions) + "."
    steps = [_me(s.text(lang), lang) for s in outcome.verdict.steps]
    work = work_line(outcome, lang)
    then: list[str] = []
    if outcome.then is not None and outcome.then.plan is not None and outcome.then.verdict is not None:
        more = work_line(outcome.then, lang)  # "my score, and who wins?": every total, once
        then = [verdict_line(outcome.then, lang), "" if more == work else more]
    return _fit([first, work, *then, said, assumed, *steps])


def two_readings(one: Outcome, other: Outcome, lang: str) -> list[str]:
    """Two readings of the question that give different verdicts: the words each reads differently, and the
    verdict each gives, for the player to say which one is meant."""
    mine = {f.path: f for f in one.reading.facts}
    theirs = {f.path: f for f in other.reading.facts}
    differ = [p for p in dict.fromkeys([*mine, *theirs]) if getattr(mine.get(p), "value", None) != getattr(
        theirs.get(p), "value", None)]  # fmt: skip
    lines = [
        "Je peux lire cette question de deux façons, qui ne donnent pas la même réponse. Laquelle est la bonne ?"
        if lang == "fr"
        else "I can read this question two ways, and they do not give the same answer. Which one do you mean?"
    ]
    for n, outcome in enumerate((one, other), start=1):
        facts = {f.path: f for f in outcome.reading.facts}
        said = echo(tuple(facts[p] for p in differ if p in facts), lang).removeprefix("Lu : ").removeprefix("Read: ")
        said = said.rstrip(".") or "—"
        lines.append(f"{n}. {said} → {verdict_line(outcome, lang)}")
    return lines


def _fit(pieces: list[str]) -> str:
    """The pieces in order, as many as fit within MAX_CHARS (the first always)."""
    out: list[str] = []
    used = 0
    for piece in (p for p in pieces if p):
        if out and used + len(piece) + 1 > MAX_CHARS:
            break
        out.append(piece)
        used += len(piece) + 1
    return "\n".join(out)[:MAX_CHARS]
