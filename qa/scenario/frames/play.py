"""What does playing this card do? A card played to the Capital and the power it activates, on the position the
question states ("j'ai 2 ors, je joue un jaune 3 avec le Marchand", "Capitale rose 2, 4, 6: je pose mon rose 1
avec le Clerc dans le rose, je prends quoi ?").

The engine plays the card and applies the power of its colour (or of the purple district's undercover card); its
verdict says what changed: the gold, the cards into the hand and the City, the cards that left or joined the
Capital, the Rebel flag, an extra turn. A draw is never invented: the top of a deck, a tile drawn, the choice a
power needs are asked for when the question does not say them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from engine.cl2.cards import BASE_COLOURS, Card, Colour
from engine.cl2.power import CONFIGURATIONS, Power
from qa.query import QuestionKind
from qa.scenario.frames.base import Frame, Slot
from qa.scenario.frames.cl2_table import Table
from qa.scenario.frames.swap import swap_query
from qa.scenario.mentalist import secret_card
from qa.scenario.plan import CL2, Missing, NotThisFrame, Plan
from qa.scenario.say import YES_NO, Wording, colour, listed, who
from qa.scenario.words import ME

if TYPE_CHECKING:
    from engine.verdict import Verdict
    from qa.scenario.reader import Reading

#: Decks, displays and tiles a power draws from, as the position file names them (the case format's paths).
PILES = (
    "deck_top",
    "agent_stack",
    "prophet_tiles",
    "prophet_stack",
    "display",
    "recruiter_top",
    "rebel_deck",
    "dualist_deck",
    "vector_deck",
    "experimenter_display",
    "architect_display",
)
#: A choice the power needs: the case format's path and the play query's field.
CHOICES = {
    "choice.district": "district",
    "choice.take": "take",
    "choice.give": "give",
    "choice.on": "on",
    "choice.target": "target",
    "choice.tile": "tile",
    "choice.keep": "keep",
}

#: What the Prophet's face-up tiles must reach for it to read the Capital (``cl2-power-tiles/config-b/prophete``).
_PROPHET_TRIGGER = 5


def _reads(activated: str | None, reading: Reading, district: Colour) -> bool:
    """Whether the power activated reads the Capital's ``district``, given what the question says: a district it
    reads is asked for when not said, one it does not read joins the position as it stands (the card played)."""
    if activated == "cleric":  # the district chosen, or, until one is, every district
        chosen = reading.get("choice.district")
        return chosen is None or chosen.value == district.value
    if activated == "missionary":  # the district of the card said taken, or, with none said, every district
        take = reading.get("choice.take")
        return take is None or Card.parse(str(take.value)).colour is district
    if activated == "prophet":  # every district, unless the tiles face up stay below 5
        stack, tiles = reading.get("prophet_stack"), reading.get("prophet_tiles")
        drawn = list(stack.value)[:1] if stack is not None and isinstance(stack.value, tuple) else None
        face_up = list(tiles.value) if tiles is not None and isinstance(tiles.value, tuple) else []
        return drawn is None or sum(face_up) + sum(drawn) >= _PROPHET_TRIGGER
    return False


#: A card played to a colour whose power nobody names, before a round end's question: it joins its district.
_JOINS = Slot(
    "powers.{colour}",
    default=Wording(
        "la carte jouée rejoint le district {colour} de la Capitale, sans pouvoir (aucun n'est nommé sur le {colour})",
        "the card played joins the Capital's {colour} district with no power (none is named on {colour})",
    ),
)
#: A Capital district the question leaves out of its list of the Capital's: empty.
_EMPTY = Slot(
    "capital.{colour}",
    default=Wording(
        "le district {colour} de la Capitale est vide (la question donne les autres)",
        "the Capital's {colour} district is empty (the question gives the others)",
    ),
)


def _capital_listed(reading: Reading) -> bool:
    """The question lists the Capital district by district (two of them at least, with their cards): a district a
    power reads and the list leaves out is empty, not asked for."""
    said = {f.path for f in reading.facts if f.path.startswith("capital.") and f.value is not None}
    return len(said) >= 2


def _asked(path: str, fr: str, en: str) -> Slot:
    """A fact a power needs that states no position by itself, and the question that asks for it."""
    return Slot(path, Wording(fr, en), position=False)


PLAYS = Slot(
    "{player}.plays",
    Wording("Quelle carte joues-tu (sa couleur et sa valeur) ?", "Which card do you play (its colour and value)?"),
    Wording("Quelle carte joue {who} ?", "Which card does {who} play?"),
)
SLOTS = (
    PLAYS,
    _asked("{player}.hand", "Quelles cartes as-tu en main ?", "Which cards are in your hand?"),
    _asked("deck_top", "Quelle carte est sur le dessus de la pioche ?", "Which card is on top of the deck?"),
    _asked("agent_stack", "Quelle tuile Agent est tirée ?", "Which Agent tile is drawn?"),
    _asked("prophet_stack", "Quelle tuile Prophète est tirée ?", "Which Prophet tile is drawn?"),
    _asked("display", "Quelles cartes sont au présentoir ?", "Which cards are in the display?"),
    _asked("recruiter_top", "Quelle carte Recruteur est visible ?", "Which Recruiter card is face up?"),
    _asked("rebel_flag", "Où est le drapeau Rebelle ?", "Where is the Rebel flag?"),
    _asked(
        "undercover.current",
        "Que montre la carte Clandestin actuelle (son pouvoir et sa couleur en plus) ?",
        "What does the current undercover card show (its power and its extra colour)?",
    ),
    _asked("rebel_deck", "Quelle carte Rebelle est tirée ?", "Which rebel card is drawn?"),
    _asked("vector_deck", "Quelle carte Vecteur est visible ?", "Which Vector card is face up?"),
    _asked("dualist_deck", "Quelle carte Dualiste est tirée ?", "Which Dualist card is drawn?"),
    _asked(
        "experimenter_display",
        "Quelles cartes Expérimentateur sont visibles ?",
        "Which experimenter cards are face up?",
    ),
    _asked("choice.district", "Dans quel district de la Capitale ?", "Which Capital district do you choose?"),
    _asked("choice.take", "Quelle carte prends-tu ?", "Which card do you take?"),
    _asked("choice.give", "Quelle carte ajoutes-tu ?", "Which card do you add?"),
    _asked("choice.on", "Sur quelle carte poses-tu l'Or ?", "Which card does the gold go on?"),
    _asked("choice.target", "Sur quelle carte Pouvoir ?", "On which Power card?"),
)


def played_card(reading: Reading) -> tuple[str, str, Colour]:
    """Who plays, the card as said (the engine checks it, and a card that cannot be is quoted back), its colour."""
    fact = next((f for f in reversed(reading.facts) if f.path.endswith(".plays")), None)
    if fact is None:
        raise NotThisFrame("no card is played")
    if fact.value is None:
        raise Missing(fact.path)  # "I play a card into the Capital": which one is asked
    text = str(fact.value)
    # a dualist card's first colour is its Capital side ("dualist/green|blue:2")
    return fact.path.split(".")[0], text, Colour.parse(text.split("/")[-1].split(":")[0].split("|")[0])


def _powered(reading: Reading, played: Colour) -> None:
    """``Missing`` when nothing says which power the card's colour activates."""
    named = {str(f.path.split(".")[1]) for f in reading.facts if f.path.startswith("powers.")}
    letter = next((str(f.value) for f in reading.facts if f.path == "configuration"), None)
    preset = {c.value for c in CONFIGURATIONS[letter]} if letter is not None and letter in CONFIGURATIONS else set()
    if played.value not in named | preset and played in BASE_COLOURS:
        set_e = next((f for f in reading.facts if f.path == "power" and isinstance(f.value, Power)), None)
        if set_e is None:
            raise Missing(f"powers.{played.value}")


#: What a round end decides: a question that asks one of them, about a card played, is that frame's question on
#: the position after the play (:func:`with_plays`).
_AFTER = frozenset({"bust", "safe", "bonus", "win", "score", "maximum"})


def build(reading: Reading) -> Plan:
    after = reading.asked & _AFTER
    # "What gets discarded?" with no City district said asks what the power discards, not what a round end busts
    discards = after == {"bust"} and not any(".city." in f.path for f in reading.facts)
    if after and not discards:
        raise NotThisFrame("a card played, then what the round end decides: the round end's frame, after the play")
    return played_plan(reading)


def with_plays(plan: Plan, reading: Reading) -> Plan:
    """``plan`` (another frame's) on the position after the card the question plays, when it plays one: the play
    goes first in the position file (its facts added where the plan lacks them), the plan's query after it."""
    if plan.frame not in ("swap", "play", "legal_plays"):
        swap = swap_query(reading)  # the Mentalist's Swap made first ("... I swap my 3 for their 7: do I bust?")
        if swap is not None:
            return replace(plan, position={**plan.position, "plays": [swap]})
    if plan.frame in ("swap", "play", "legal_plays") or not any(f.path.endswith(".plays") for f in reading.facts):
        return plan
    try:
        play = played_plan(reading, unnamed=True)  # as in the round end's position, no power but those named
    except (Missing, NotThisFrame):
        return plan
    position = {**play.position, **plan.position}
    capital = {**play.position.get("capital", {}), **plan.position.get("capital", {})}
    players = {p["name"]: p for p in play.position.get("players", [])}
    for p in plan.position.get("players", []):
        mine = players.get(p["name"], {})
        players[p["name"]] = {**mine, **p, "city": {**mine.get("city", {}), **p.get("city", {})}}
    named = {c: p for c, p in play.position.get("powers", {}).items() if p != "none"}
    powers = {**plan.position.get("powers", {}), **named}  # the power the play names, where the plan put "none"
    position.update(capital=capital, players=list(players.values()), powers=powers, plays=[play.query])
    assumptions = (*plan.assumptions, *play.assumptions)
    colour = play.colour
    if colour is not None and play.query.get("place") != "city" and powers.get(colour.value) == "none":
        # no power named on the card's colour: as the round end assumes, none is in play, so the card only joins
        # the Capital's district ("je joue un vecteur jaune -3 dans la Capitale jaune ... elle saute ?")
        capital[colour.value] = [*capital.get(colour.value, []), play.query["card"]]
        position["plays"] = []
        assumptions = (*assumptions, _JOINS.assumed({"colour": colour.fr}, {"colour": colour.value}))
    return replace(plan, position=position, assumptions=tuple(dict.fromkeys(assumptions)))


def played_plan(reading: Reading, *, unnamed: bool = False) -> Plan:
    """The play the question makes: its position and its query. The power of the card's colour is asked for when
    nothing says it, unless the play comes before another frame's question (``unnamed``): then, as in that frame's
    position, no power is in play but those named."""
    player, card, played = played_card(reading)
    into = reading.get(f"{player}.plays_into")
    secret = into is not None and into.value != "city" and secret_card(reading.tokens)
    if secret:  # the Mentalist's Secret Card: the district played in activates its power, whatever the card
        played = Colour(str(into.value))  # type: ignore[union-attr]
    if (into is None or into.value != "city") and not unnamed:
        _powered(reading, played)  # a card played into one's City activates no power: none is asked for
    table = Table(reading, played)
    set_e = [f.value for f in reading.facts if f.path == "power" and isinstance(f.value, Power)]
    for power in set_e:
        if power.info.set_e and power.value not in table.powers.values():  # not already on its colour
            table.powers.setdefault(played.value, power.value)  # a set E power sits on the colour it replaces
    names = set(PILES) | {f"{player}.hand"}
    position = table.position(colour=played)
    position["players"] = [p for p in position["players"] if p["name"] != "display"]
    me = next((p for p in position["players"] if p["name"] == player), None)
    if me is None:
        me = {"name": player, "city": {}}
        position["players"].append(me)
    for c in BASE_COLOURS:
        me["city"].setdefault(c.value, [])  # a card a power moves joins the district as it stands
    for c, said in position["capital"].items():  # one number in a Capital district is one card, not a sum
        position["capital"][c] = [card.removeprefix("total/") for card in said]
    for c, said in me["city"].items():  # and in the player's City ("a pink 1 without a token")
        me["city"][c] = [card.removeprefix("total/") for card in said]
    activated = position["powers"].get(played.value)
    joined = [*BASE_COLOURS, *([played] if played not in BASE_COLOURS else [])]  # a purple card's district too
    listed = _capital_listed(reading)
    for c in joined:  # the card joins its district; the districts the power does not read change nothing
        if not _reads(activated, reading, c):
            position["capital"].setdefault(c.value, [])
        elif listed and c.value not in position["capital"]:
            position["capital"][c.value] = []  # "Capitale : bleu 4, jaune 2, vert 4": the pink district is empty
            table.assumptions.append(_EMPTY.assumed({"colour": c.fr}, {"colour": c.value}))
    for fact in reading.facts:
        if fact.path in names:
            value = list(fact.value) if isinstance(fact.value, tuple) else fact.value
            if fact.path.endswith(".hand"):
                me["hand"] = value
            elif fact.path == "recruiter_top" and isinstance(value, list):
                position["recruiter_top"] = value[0]
            else:
                position[fact.path] = value
    query: dict[str, Any] = {"query": "play", "player": player, "card": card}
    if into is not None and into.value == "city":
        query["place"] = "city"
    elif secret:
        query |= {"into": played.value, "secret": True}
    for path, field in CHOICES.items():
        chosen = reading.get(path)
        if chosen is not None:
            query[field] = chosen.value
    if activated == "agent" and "district" in query and "target" not in query:
        query["target"] = query.pop("district")  # the Power card the Agent's tile goes on, said as a colour chosen
    take = query.get("take")
    shown = [c for pile in ("experimenter_display", "display") for c in position.get(pile) or ()]
    same = [c for c in shown if isinstance(take, str) and "/" not in take and str(c).split("/")[-1] == take]
    if len(same) == 1:
        query["take"] = same[0]  # "I take the pink 1": the display's experimenter pink 1, named by colour and value
    if query.get("tile") is not None and "architect_display" not in position:
        position["architect_display"] = [query["tile"]]  # the tile taken was face up; the other one decides nothing
    give = query.get("give")
    if give is not None and give not in me.get("hand", []):
        me["hand"] = [*me.get("hand", []), give]  # the card added comes from the hand
    yes = "extra_turn" if reading.cues & {"again"} else "applied"
    asks = yes if reading.whether else None
    return Plan("play", CL2, position, query, tuple(table.assumptions), played, player, asks=asks)


def _cards(cards: Sequence[str], lang: str) -> str:
    return listed([f"{colour(c.colour.value, lang)} {c.value}".strip() for c in map(Card.parse, cards)], lang)


def sentence(plan: Plan, found: Mapping[str, Any], lang: str) -> str:
    fr = lang == "fr"
    power = found.get("power")
    name = Power(power).info.name(lang) if power else ("aucun pouvoir" if fr else "no power")
    parts: list[str] = []
    if not found["applied"]:
        parts.append(
            f"le pouvoir ({name}) ne s'applique pas : la carte est jouée sans effet"
            if fr
            else f"the power ({name}) does not apply: the card is played without effect"
        )
    if found.get("extra_turn"):
        parts.append("tu rejoues immédiatement un tour" if fr else "you play an extra turn at once")
    me = plan.player == ME
    player = who(plan.player, lang)
    if found.get("hand_gained"):
        taken = _cards(found["hand_gained"], lang)
        if fr:
            parts.append(f"tu prends en main {taken}" if me else f"{player} prend en main {taken}")
        else:
            parts.append(f"you take {taken} into your hand" if me else f"{player} takes {taken} into their hand")
    whose = ("ta Cité" if me else f"la Cité de {player}") if fr else ("your City" if me else f"{player}'s City")
    covered = [c for c in found.get("city_gained", ()) if c.endswith("+gold")]
    if covered:  # the Sentinel's token: "a gold token goes on pink 1 in your City"
        on = _cards([c.removesuffix("+gold") for c in covered], lang)
        parts.append(f"un jeton Or va sur {on} dans {whose}" if fr else f"a gold token goes on {on} in {whose}")
    if found.get("city_gained") and len(covered) < len(found["city_gained"]):
        moved = _cards([c for c in found["city_gained"] if c not in covered], lang)
        parts.append(f"{moved} va dans {whose}" if fr else f"{moved} goes to {whose}")
    gone = [c for c in found.get("capital_left", ()) if c not in (*found["hand_gained"], *found["city_gained"])]
    if gone:
        parts.append(
            f"défaussé de la Capitale : {_cards(gone, lang)}"
            if fr
            else f"discarded from the Capital: {_cards(gone, lang)}"
        )
    if found.get("capital_added"):
        added = _cards(found["capital_added"], lang)
        parts.append(f"{added} est placée dans la Capitale" if fr else f"{added} is placed in the Capital")
    if found.get("gold") is not None and power in ("merchant", "sentinel", "architect"):
        gold = found["gold"]
        if fr:
            parts.append(f"tu as maintenant {gold} Or" if me else f"{player} a maintenant {gold} Or")
        else:
            parts.append(f"you now have {gold} gold" if me else f"{player} now has {gold} gold")
    if found.get("rebel_flag") and power == "infiltrator":
        flag = colour(found["rebel_flag"], lang)
        parts.append(f"le drapeau Rebelle est sur le {flag}" if fr else f"the Rebel flag is on {flag}")
    if not parts:
        parts.append("rien ne change" if fr else "nothing changes")
    head = f"{name} : " if fr else f"{name}: "
    text = head + " ; ".join(parts) + "."
    if plan.asks:
        yes, no = YES_NO[lang]
        text = f"{yes if found.get(plan.asks) else no}. {text}"
    return text[:1].upper() + text[1:]


def work(plan: Plan, verdicts: Sequence[Verdict], lang: str) -> str:
    found = verdicts[0].verdict
    card = _cards([found["card"]], lang)
    city = plan.query.get("place") == "city"
    if lang == "fr":
        return f"Carte jouée dans {'ta Cité' if city else 'la Capitale'} : {card}."
    return f"Card played to {'your City' if city else 'the Capital'}: {card}."


FRAME = Frame(
    "play",
    CL2,
    frozenset(),
    build,
    ("plays",),
    rank=5,
    answers=QuestionKind.YES_NO,
    slots=SLOTS,
    sentence=sentence,
    work=work,
)
