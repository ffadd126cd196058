"""What a writer is shown of an item: the facts to state and the question to ask, in plain English, whatever
language the question is to be written in. The writer never sees fact paths or the frame's name."""

from __future__ import annotations

from typing import Any

from qa.scenario.data.generate import Item

LANGUAGE = {"fr": "French", "en": "English"}
POWER = {"merchant": "the Merchant (Marchand) power is in play, on yellow",
         "agent": "the Agent power is in play, on blue"}  # fmt: skip


def _whose(player: str) -> str:
    return "the asker's" if player == "me" else f"{player}'s"


def _cards(value: Any) -> str:
    if isinstance(value, int):
        return f"total {value} (say only the total, not the cards)"
    if not value:
        return "no cards (empty)"
    return "cards " + ", ".join(str(v) for v in value)


def fact(path: str, value: Any) -> str:
    """One fact in words."""
    parts = path.split(".")
    if parts[0] == "capital":
        return f"the Capital's {parts[1]} district: {_cards(value)}"
    if parts[0] == "agent_tiles":
        return f"revealed Agent tiles on the {parts[1]} Power card: " + ", ".join(f"{v:+d}" for v in value)
    if parts[0] == "powers":
        return POWER[value]
    if parts[0] == "maximum":
        return f"the {parts[1]} MAXIMUM is {value}"
    if parts[0] == "cemetery":
        return f"the {parts[1]} Cemetery is {'in play (on the map)' if value else 'not in play'}"
    simple = {
        "cemeteries": f"Cemeteries in play: {value}",
        "warriors": f"the Cabal's regular warriors in the clearing: {value}",
        "necros": f"the Cabal's Necros in the clearing: {value}",
        "hits": f"hits the Cabal takes in the battle: {value}",
        "enemy_warriors_removed": f"enemy warriors removed in the battle: {value}",
        "cemetery_here": "there IS a Cemetery in the battle's clearing"
        if value
        else "there is NO Cemetery in the battle's clearing",
        "supply": f"warriors left in the Cabal's supply: {value}",
        "bird_cards": f"bird cards spent for Fossoyer (Gravedigger): {value}",
        "necro_suit": f"the removed Necro is the {value} Necro",
        "necro_warriors": f"the Cabal's regular warriors in the clearing of that Cemetery's Necro: {value}",
        "cemetery_removed": "one of the Cabal's Cemeteries is removed",
    }
    if path in simple:
        return simple[path]
    player, what = parts[0], parts[1]
    if what == "city":
        return f"{_whose(player)} {parts[2]} district (in their City): {_cards(value)}"
    if what == "gold":
        return (
            f"{_whose(player).replace(chr(39) + 's', '')} holds {value} gold"
            if player != "me"
            else f"the asker holds {value} gold"
        )
    if what == "bonus":
        return f"{_whose(player)} Bonus cards: " + (", ".join(map(str, value)) if value else "none")
    if what == "city_total":
        return f"{_whose(player)} City totals {value} (game over)"
    if what == "bonus_total":
        return f"{_whose(player)} Bonus cards total {value}"
    raise ValueError(f"no wording for fact {path!r}")


def ask(frame: str, item: Item) -> str:
    """The question the item asks, in words."""
    colour = next((p.split(".")[-1] for p in item.facts if p.startswith(("capital.", "agent_tiles."))), "")
    who = "the asker" if item.about == "me" else item.about
    whose = "the asker's" if item.about == "me" else f"{item.about}'s"
    return {
        "district": f"at round end, does {whose} {colour} district bust (exceed the Capital)? (or: is it safe?)",
        "gold_needed": f"how much gold must {who} spend with the Merchant so that the {colour} district does not bust?",
        "maximum": f"what is the {colour} MAXIMUM (the Capital's {colour} total with the Agent tiles)?",
        "bonus": f"who takes the {colour} Bonus card at round end?",
        "score": f"what is {whose} final score?",
        "winners": "who wins the game?",
        "ritual": "how many victory points can the Cabal's Rituals score this turn?",
        "remove_cemetery": "how many Cabal warriors are removed along with that Cemetery?",
        "remove_necro": "where does the removed Necro go?",
        "battle_losses": "how many regular warriors does the Cabal lose in this battle?",
        "after_battle": "how many warriors does the Cabal place after this battle (Ambiance lugubre / Présence "
        "morbide)?",
        "gravedigging": "how many warriors does Fossoyer (Gravedigger) place in all at Birdsong?",
    }[frame]


def describe(item: Item) -> str:
    """The writer's view of one item."""
    game = "Capital Lux 2" if item.game == "capital-lux-2" else "Root, the Necropossums (Cabal) faction"
    lines = [f"[{item.id}] {game}. Write in {LANGUAGE[item.lang]}."]
    lines += [f"  - {fact(p, v)}" for p, v in item.facts.items() if p != item.leave_out]
    if item.leave_out:
        lines.append(f"  LEAVE OUT entirely (the player forgot it): {fact(item.leave_out, item.facts[item.leave_out])}")
    lines.append(f"  Ask: {ask(item.frame, item)}")
    if item.also:
        lines.append(f"  Also ask, in the same message: {ask(item.also, item)}")
    if item.then:
        changed = "; ".join(fact(p, v) for p, v in item.then.items())
        lines.append(f"  Then a SECOND message (a follow-up), changing only this and not repeating the rest: {changed}")
    return "\n".join(lines)
