"""Configuration A powers, played to the Capital: the Agent, the Cleric, the Merchant, the Scholar.

What the Agent tiles and the Merchant's gold do at round end is in :mod:`engine.cl2.roundend`.
"""

from __future__ import annotations

from dataclasses import replace

from engine.cl2 import sections
from engine.cl2.cards import Card, Colour
from engine.cl2.effects import Play, PlayResult
from engine.errors import EngineError, MissingFact
from engine.steps import Step


def merchant(play: Play) -> PlayResult:
    """Take 1 gold token from the supply."""
    gold = play.player.known_gold()
    return play.done(
        play.give_player(gold=gold + 1),
        Step(
            sections.MERCHANT,
            f"{play.name} prend 1 jeton Or ({gold} → {gold + 1})",
            f"{play.name} takes 1 gold ({gold} → {gold + 1})",
        ),
    )


def scholar(play: Play) -> PlayResult:
    """Draw the top card of the citizen deck into your hand."""
    deck = play.position.deck_top
    if deck == ():
        return play.cannot("la pioche Citoyen est vide", "the citizen deck is empty")
    if deck is None:
        raise MissingFact("deck.top", "which card is on top of the citizen deck?")
    drawn = deck[0]
    after = play.give_player({"deck_top": deck[1:] or None}, hand=(*(play.player.hand or ()), drawn))
    return play.done(
        after,
        Step(
            sections.SCHOLAR,
            f"{play.name} pioche {drawn.format()} et la prend en main",
            f"{play.name} draws {drawn.format()} into their hand",
        ),
    )


def agent(play: Play) -> PlayResult:
    """Place the top Agent tile face down on a Power card (one that already has a tile is allowed)."""
    position, target = play.position, play.choices.target
    if position.agent_stack == ():
        return play.cannot("plus de tuile Agent dans la pile", "no Agent tile left in the stack")
    if position.agent_stack is None:
        raise MissingFact("agent.stack", "which Agent tile is on top of the stack?")
    if target is None:
        raise MissingFact(f"{play.name}.agent_target", "on which Power card does the tile go?")
    tile, rest = position.agent_stack[0], position.agent_stack[1:]
    already = len(position.hidden_agent_tiles.get(target, ()))
    hidden = {**position.hidden_agent_tiles, target: (*position.hidden_agent_tiles.get(target, ()), tile)}
    note_fr = " (elle porte déjà une tuile Agent : c'est permis)" if already else ""
    note_en = " (it already has an Agent tile: that is allowed)" if already else ""
    return play.done(
        replace(position, hidden_agent_tiles=hidden, agent_stack=rest),
        Step(
            sections.AGENT,
            f"{play.name} place une tuile Agent face cachée sur la carte Pouvoir {target.fr}{note_fr}",
            f"{play.name} places an Agent tile face down on the {target.value} Power card{note_en}",
        ),
    )


def cleric(play: Play) -> PlayResult:
    """Move the lowest card of a Capital district (your choice of district, and of tied lowest cards) to the
    same district of your City; the card just played stays."""
    position, player, card, landed = play.position, play.player, play.card, play.landed
    district, take = play.choices.district, play.choices.take

    def candidates(colour: Colour) -> list[Card]:
        cards = [c for c in position.capital.get(colour, ()) if c not in position.face_down]
        if colour is landed:
            cards.remove(card)  # the card just played must stay
        return cards

    known = [c for c in position.capital if candidates(c)]
    if not known and len(position.capital) == len([c for c in Colour if c is not Colour.PURPLE]):
        return play.cannot("aucune autre carte dans la Capitale", "no other card in the Capital")
    if district is None:
        raise MissingFact(f"{play.name}.clerc_district", "which Capital district does the Clerc take from?")
    position.capital_district(district)  # the district chosen must be known: MissingFact names it otherwise
    pool = candidates(district)
    if not pool:
        raise EngineError(f"the Clerc cannot take from the {district.value} district: no card there may be taken")
    lowest = min(c.value for c in pool)
    lowest_cards = [c for c in pool if c.value == lowest]
    chosen = take if take is not None else lowest_cards[0]
    if chosen not in lowest_cards:
        raise EngineError(f"the Clerc takes the lowest card of the district ({lowest}), not {chosen.format()}")
    remaining = list(position.capital[district])
    remaining.remove(chosen)
    city = {**player.city, district: (*player.district(district), chosen)}
    after = play.give_player({"capital": {**position.capital, district: tuple(remaining)}}, city=city)
    stays_fr = " (la carte qu'il vient de jouer doit rester)" if district is landed else ""
    stays_en = " (the card just played must stay)" if district is landed else ""
    return play.done(
        after,
        Step(
            sections.CLERIC,
            f"{play.name} déplace {chosen.format()}, la plus faible du district {district.fr} de la Capitale"
            f"{stays_fr}, vers le district {district.fr} de sa Cité",
            f"{play.name} moves {chosen.format()}, the lowest of the Capital's {district.value} district"
            f"{stays_en}, to their City's {district.value} district",
            reading=sections.JUST_PLAYED if district is landed else None,
        ),
    )
