"""The text of a scenario answer: the verdict first (yes or no, who, how many), then the position as read, the
assumptions, and the short computation; a missing fact asked for, or the problem quoted.

Each answer stays within :data:`MAX_CHARS`; the steps that do not fit are in the scenario's verdict.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from engine.cl2.cards import Colour
from qa.scenario.facts import Fact
from qa.scenario.frames import Plan
from qa.scenario.solve import Outcome
from qa.scenario.words import ME

MAX_CHARS = 500
_YES = {"fr": ("Oui", "Non"), "en": ("Yes", "No")}


def _who(name: str, lang: str) -> str:
    return ("toi" if lang == "fr" else "you") if name == ME else name


def _colour(colour: str, lang: str, feminine: bool = False, plural: bool = False) -> str:
    """A colour's name in ``lang``, agreeing in French with a feminine or plural noun."""
    if lang != "fr" or colour not in {c.value for c in Colour}:
        return colour if colour in {c.value for c in Colour} else ""
    name = Colour(colour).fr
    if feminine and name in ("bleu", "vert", "violet"):
        name += "te" if name == "violet" else "e"
    return name + ("s" if plural else "")


_ADDRESS = {
    "fr": (("me dépense", "tu dépenses"), ("me refuse", "tu refuses"), ("me n'a ", "tu n'as "), ("de me", "de toi")),
    "en": (("me's", "your"), ("me has", "you have"), ("me spends", "you spend"), ("me declines", "you decline")),
}


def _me(text: str, lang: str) -> str:
    """An engine step, with the asker (the player called ``me``) addressed as "tu" or "you"."""
    for said, meant in _ADDRESS[lang]:
        text = text.replace(said, meant)
    return re.sub(r"\bme\b", "toi" if lang == "fr" else "you", text)


def _numbers(value: object) -> str:
    if isinstance(value, tuple) and len(value) > 1:
        return " + ".join(str(v) for v in value) + f" = {sum(value)}"
    if isinstance(value, tuple):
        return str(value[0]) if value else "0"
    return str(value)


def label(fact: Fact, lang: str) -> str:
    """What a fact is about, as a player says it ("Capitale verte", "ton vert", "or de Léo"), in ``lang``."""
    head, _, rest = fact.path.partition(".")
    colour = rest.rsplit(".", 1)[-1]
    fr = lang == "fr"
    if head == "capital":
        return ("Capitale " if fr else "Capital ") + _colour(colour, lang, True)
    if head == "maximum":
        return f"MAXIMUM {_colour(colour, lang)}"
    if rest.startswith("city."):
        if fr:
            return f"ton {_colour(colour, lang)}" if head == ME else f"{_colour(colour, lang)} de {head}"
        return f"your {colour}" if head == ME else f"{head}'s {colour}"
    if rest == "city":
        if fr:
            return "ta Cité" if head == ME else f"Cité de {head}"
        return "your City" if head == ME else f"{head}'s City"
    if rest == "bonus":
        return f"Bonus {_who(head, lang)}"
    if rest == "total":
        return f"{'total' if not fr else 'total de'} {_who(head, lang)}"
    if rest == "gold":
        return (f"or de {_who(head, lang)}" if head != ME else "ton or") if fr else f"{_who(head, lang)}: gold"
    if head == "agent_tiles":
        return ("tuiles Agent " if fr else "Agent tiles ") + _colour(colour, lang)
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
            said.append(f"{label(f, lang)} = {_numbers(f.value)}")
        elif head == "maximum" or rest == "total":
            said.append(f"{label(f, lang)} = {f.value}")
        elif rest == "gold":
            said.append(f"{_who(head, lang)} : {f.value} or" if lang == "fr" else f"{_who(head, lang)}: {f.value} gold")
        elif head == "agent_tiles":
            tiles = ", ".join(f"{v:+d}" for v in f.value) if isinstance(f.value, tuple) else str(f.value)
            tiles = tiles or ("aucune" if lang == "fr" else "none")
            said.append(f"{label(f, lang)} : {tiles}")
        elif f.path in _ROOT_NAMES:
            said.append(f"{label(f, lang)} = {f.value}")
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


def verdict_line(plan: Plan, found: dict[str, Any], lang: str) -> str:
    """The verdict, first: yes or no, who, how many."""
    fr = lang == "fr"
    frame = plan.frame
    if frame == "district":
        busted = bool(found["busted"])
        yes, no = _YES[lang]
        first = (no if busted else yes) if plan.safe else (yes if busted else no)
        colour = _colour(found["colour"], lang)
        player = found["player"]
        owner = ("toi" if player == ME else player) if fr else ("your" if player == ME else f"{player}'s")
        spent = found["gold_spent"]
        limit = found["maximum"] + spent
        total = found["total"]
        if busted and fr:
            whose = f"ton district {colour}" if player == ME else f"le district {colour} de {player}"
            return f"{first} : {whose} saute ({total} > {limit}) ; ses cartes sont défaussées."
        if busted:
            return f"{first}: {owner} {colour} district busts ({total} > {limit}); its cards are discarded."
        if fr:
            gold = f", en dépensant {spent} or" if spent else ""
            cards = _colour(found["colour"], lang, True, True)
            whose = f"tes cartes {cards}" if player == ME else f"les cartes {cards} de {player}"
            return f"{first} : {whose} restent ({total} ≤ {limit}{gold})."
        gold = f", spending {spent} gold" if spent else ""
        return f"{first}: {owner} {colour} cards stay ({total} ≤ {limit}{gold})."
    if frame == "gold_needed":
        need, enough = found["gold_needed"], found["enough"]
        if fr:
            line = f"Il faut au moins {need} jeton(s) Or." if need else "Aucun : le district ne saute pas."
            return line + ("" if enough is None or not need else " Assez d'or." if enough else " Pas assez d'or.")
        line = f"At least {need} gold." if need else "None: the district does not bust."
        return line + ("" if enough is None or not need else " Enough gold." if enough else " Not enough gold.")
    if frame == "score":
        parts = f"{found['city']} + {found['bonus']} + {found['gold']}"
        who = (
            "Ton score"
            if fr and found["player"] == ME
            else f"Score de {found['player']}"
            if fr
            else ("Your score" if found["player"] == ME else f"{found['player']}'s score")
        )
        return f"{who} : {found['total']} ({parts})." if fr else f"{who}: {found['total']} ({parts})."
    if frame == "winners":
        names = [_who(n, lang) for n in found["winners"]]
        if len(names) == 1:
            if found["winners"][0] == ME:
                return "Tu gagnes." if fr else "You win."
            return f"{names[0]} gagne." if fr else f"{names[0]} wins."
        joined = ", ".join(names)
        return f"Victoire partagée : {joined}." if fr else f"A shared victory: {joined}."
    if frame == "maximum":
        colour = _colour(found["colour"], lang)
        return f"MAXIMUM {colour} = {found['maximum']}."
    if frame == "bonus":
        colour = _colour(found["colour"], lang)
        card = _colour(found["colour"], lang, feminine=True)
        if found["winner"] == ME:
            return f"Tu prends la carte Bonus {card}." if fr else f"You take the {colour} Bonus card."
        if found["winner"]:
            who = found["winner"]
            return f"{who} prend la carte Bonus {card}." if fr else f"{who} takes the {colour} Bonus card."
        if found["tied"]:
            tied = ", ".join(_who(t, lang) for t in found["tied"])
            return (
                f"Égalité ({tied}) : chacun prend 1 jeton Or, la carte la plus forte de la Capitale est défaussée."
                if fr
                else f"A tie ({tied}): each takes 1 gold, the Capital's strongest card is discarded."
            )
        return (
            "Personne ne prend la carte Bonus : aucun district ne vaut au moins 1."
            if fr
            else "Nobody takes the Bonus card: no district is worth at least 1."
        )
    if frame == "ritual" and plan.each:
        n = found["per_ritual"]
        return (
            f"{n} point(s) par Rituel (1 par Cimetière en jeu)." if fr else f"{n} point(s) per Ritual (1 per Cemetery)."
        )
    if frame == "ritual":
        return f"{found['points']} point(s)."
    if frame in ("remove_cemetery", "battle_losses"):
        n = found["warriors_removed"]
        return f"{n} guerrier(s) retiré(s)." if fr else f"{n} warrior(s) removed."
    if frame == "remove_necro":
        if found["returns_to"] == "cemetery":
            return (
                "Il revient aussitôt dans la clairière de son Cimetière."
                if fr
                else "It returns at once to its Cemetery's clearing."
            )
        return "Il retourne sur le plateau de faction." if fr else "It goes back to the faction board."
    if frame == "after_battle":
        n = found["warriors_placed"]
        return f"{n} guerrier(s) placé(s) après le combat." if fr else f"{n} warrior(s) placed after the battle."
    if frame == "gravedigging":
        n = found["warriors_placed"]
        return f"{n} guerrier(s) placé(s)." if fr else f"{n} warrior(s) placed."
    return _plain(frame, found, lang)


def _plain(query: str, found: dict[str, Any], lang: str) -> str:
    """A verdict no frame words (a position file sent as it is): its query and its plain values.

    >>> _plain("wheel", {"points": 3, "steps": ["..."], "moved": None}, "en")
    'wheel: points = 3.'
    """
    shown = [f"{k} = {v}" for k, v in found.items() if isinstance(v, int | str | bool) and k != "query"]
    label = "Résultat" if lang == "fr" else "Result"
    return f"{query}: {' ; '.join(shown)}." if shown else f"{label} ({query})."


#: How a missing fact is asked, by the start of its path: (French, English), for the asker and for another player.
_ASK = {
    "capital": (
        "Quel est le district {colour} de la Capitale (ses cartes ou son total) ?",
        "What is the Capital's {colour} district (its cards or its total)?",
    ),
    "city": ("Combien vaut ton district {colour} ?", "What is your {colour} district worth?"),
    "city_of": ("Combien vaut le district {colour} de {who} ?", "What is {who}'s {colour} district worth?"),
    "gold": ("Combien de jetons Or as-tu ?", "How many gold tokens do you have?"),
    "gold_of": ("Combien de jetons Or a {who} ?", "How many gold tokens does {who} have?"),
    "bonus": ("Quelles cartes Bonus as-tu ?", "Which Bonus cards do you have?"),
    "bonus_of": ("Quelles cartes Bonus a {who} ?", "Which Bonus cards does {who} have?"),
    "powers": ("Quel pouvoir est sur le {colour} ?", "Which power is on {colour}?"),
    "agent_tiles": (
        "Quelles tuiles Agent sont révélées sur le {colour} ?",
        "Which Agent tiles are revealed on {colour}?",
    ),
    "cemeteries": ("Combien de Cimetières sont en jeu ?", "How many Cemeteries are in play?"),
    "necro_suit": (
        "Quel Nécro (renard, souris ou lapin) est retiré ?",
        "Which Necro (fox, mouse or rabbit) is removed?",
    ),
    "warriors": (
        "Combien de guerriers de la Cabale sont dans la clairière ?",
        "How many Cabal warriors are in the clearing?",
    ),
    "hits": ("Combien de coups la Cabale subit-elle ?", "How many hits does the Cabal take?"),
    "cemetery_here": (
        "La clairière du combat contient-elle un Cimetière ?",
        "Is there a Cemetery in the battle's clearing?",
    ),
    "necros": (
        "Combien de tes Nécros sont dans la clairière du combat ?",
        "How many of your Necros are in the battle's clearing?",
    ),
    "enemy_warriors_removed": (
        "Combien de guerriers adverses ont été retirés ?",
        "How many enemy warriors were removed?",
    ),
}


def ask_for(path: str, lang: str) -> str:
    """A question a player understands, asking for the fact at ``path``."""
    parts = path.split(".")
    key = "city" if "city" in parts else parts[-1] if parts[-1] in ("gold", "bonus") else parts[0]
    who = parts[0] if key in ("city", "gold", "bonus") else ME
    if who != ME:
        key += "_of"
    colour = parts[-1] if parts[-1] in {c.value for c in Colour} else ""
    fr, en = _ASK.get(key, ("Il manque un fait : {path}.", "One fact is missing: {path}."))
    if lang == "fr":
        return fr.format(colour=Colour(colour).fr if colour else "", who=who, path=path)
    return en.format(colour=colour, who=who, path=path)


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
    if outcome.missing is not None:
        lead = "Il me manque un fait pour calculer : " if lang == "fr" else "I need one more fact to compute this: "
        return _fit([lead + ask_for(outcome.missing, lang), said])
    assert outcome.plan is not None and outcome.verdict is not None  # noqa: S101 - solved
    first = verdict_line(outcome.plan, outcome.verdict.verdict, lang)
    assumed = ""
    if outcome.plan.assumptions:
        label = "Hypothèses : " if lang == "fr" else "Assuming: "
        assumed = label + " ; ".join(a.text(lang) for a in outcome.plan.assumptions) + "."
    steps = [_me(s.text(lang), lang) for s in outcome.verdict.steps]
    return _fit([first, said, assumed, *steps])


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
