"""Where the cards of a power question lie: played now, in a hand, in a display, on top of a deck, chosen.

The reader reads every card as a district's ("un jaune 3" is a yellow district of 3): that is what the round-end
questions state. A question about a power also names cards that lie in no district: the card played now, the
cards in a hand or a display, the top of a deck, the card a player chooses to take or to give. Each such role is
said by the words of :data:`ROLES`; a card whose clause says one of them, before the card and with no Capital or
City word between them, takes that role. A list of cards shares the role said before its first card ("the
display has a pink 5, a blue 2 and a green 3").

The pass runs only on a question about what a power does: one that names a power, a configuration or a kind of
card, and says a card is played (:func:`about_a_play`). A round-end question that says "I played a 7, so my green
is 13" keeps its districts.

>>> from qa.scenario.reader import read_facts
>>> reading = read_facts("J'ai 2 ors, je joue un jaune 3 avec le Marchand en jeu", "fr")
>>> [(f.path, f.value) for f in reading.facts]
[('me.gold', 2), ('me.plays', 'yellow:3'), ('powers.yellow', <Power.MERCHANT: 'merchant'>)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from itertools import pairwise

from corpus.text import fold
from engine.cl2.power import CONFIGURATIONS, Power
from qa.scenario.architect import with_architect
from qa.scenario.chosen import chosen_district
from qa.scenario.draws import DECK_OF, DISPLAY_OF, KIND_OF, drawn_by_the_play
from qa.scenario.facts import Fact, card_text
from qa.scenario.flag import flag_facts
from qa.scenario.tiles_drawn import agent_stack, prophet_tiles
from qa.scenario.tokens import Kind, Token

#: The words that say where a card lies, by role (folded, both languages).
ROLES: dict[str, frozenset[str]] = {
    role: frozenset(words.split())
    for role, words in {
        "plays": (
            "joue joues jouer jouant jouerai jouais joué jouee pose poses poser posant poserai posee jette balance "
            "colle coller colles place places placer placing play plays playing played put puts putting lay lays "
            "laying drop drops dropping dropped slap slaps"
        ),
        "hand": "main mains hand hands hold tiens",  # "I hold", "je tiens"; a district "holds" its cards
        "display": "presentoir presentoirs display displays etal",
        "deck": (
            "pioche pioches pile piles dessus sommet tire tires tirer tirerai retourne visible deck decks top stack "
            "draw draws drawing drew drawn flip flips flipped revealed face-up"
        ),
        "take": (
            "prends prendre prend prenne recupere recuperer choisis choisir take takes taking grab grabs pick picks"
        ),
        "give": "ajoute ajouter ajoutes donne donner mets mettre add adds adding give gives giving",
        "on": "sur on onto",
    }.items()
}
#: The context a follow-up of a question about a card played is read in.
PLAYED = "played"
#: The role words that say a play.
PLAY_WORDS = ROLES["plays"]
#: Words before where a card goes.
_INTO = frozenset({"in", "into", "on", "onto", "dans", "sur", "en"})
_TO = frozenset({"to", "a"})
#: What a round end or a game end decides: a question that asks one of them is no question about a play.
ROUND_END = frozenset({"bust", "safe", "score", "maximum", "bonus", "win"})
#: The frames of a card played: their question's cards are read as a play.
PLAYING = frozenset({"play", "legal_plays"})
#: The powers a round-end question names (the MAXIMUM's tiles, the gold that saves a district).
ROUND_END_POWERS = frozenset({Power.AGENT, Power.MERCHANT})
#: Words a question about a play says (every role's but "on", which is everywhere).
_SAID = frozenset().union(*(words for role, words in ROLES.items() if role != "on"))
#: Where a clause ends: a card's role is said within its clause.
_ENDS = frozenset(".?!;")
#: A role said of a card, as a fact path (``{owner}`` is the player whose card it is).
_PATHS = {
    "plays": "{owner}.plays",
    "plays_city": "{owner}.plays",
    "hand": "{owner}.hand",
    "take": "choice.take",
    "give": "choice.give",
    "on": "choice.on",
}
#: How many words before a card its role word may be (beyond, only the card before it in a list carries it).
_REACH = 8
#: Roles whose fact is one card, not a list.
_ONE = frozenset({"plays", "plays_city", "take", "give", "on"})


def about_a_play(tokens: Sequence[Token]) -> bool:
    """True when the question names a power, a configuration or a kind of card, and says a card is played, given,
    taken, drawn or held (a word of :data:`ROLES` but "on")."""
    powered = any(t.kind in (Kind.POWER, Kind.CONFIGURATION, Kind.CARD_KIND) for t in tokens)
    return powered and (any(fold(t.text) in _SAID for t in tokens) or _sent(tokens))


def _sent(tokens: Sequence[Token]) -> bool:
    """A card sent to the Capital with no verb: "yellow 3 to the capital", "jaune 3 -> capitale"."""
    return any(
        a.kind is Kind.NUMBER and fold(b.text) in _TO | {"->", "=>", ">"} and Kind.CAPITAL in {t.kind for t in rest}
        for a, b, *rest in zip(tokens, tokens[1:], tokens[2:], tokens[3:], strict=False)
    )


def _role(
    tokens: Sequence[Token], start: int, end: int, placed: Sequence[tuple[int, int, str]], *, city: bool = True
) -> str | None:
    """The role said of the card at ``start``-``end`` (``city``: a card played to one's City is a play, when a power
    it may activate is named): the last role word before it in its clause and at most
    :data:`_REACH` words away, or the role of the card before it in the same list ("the display has a pink 5, a
    blue 2 and a green 3"); none when a Capital or City word comes between them ("je joue mon 5 dans la Capitale, où
    il y a un 2"), or when where the card goes is said after it ("un 3 bleu en plus chez moi")."""
    after = [t for t in tokens if t.start >= end][:4]
    in_hand = _in_hand(after)
    home = not in_hand and (
        any(t.kind is Kind.CITY or fold(t.text) == "chez" for t in after)
        or any(fold(a.text) in _INTO and b.kind is Kind.ASKER for a, b in pairwise(after))
    )  # "a 4 in my green", "un 3 dans ma Cité": the player's City
    if home and _capital_district(tokens, after):
        return "plays"  # "a purple 4 into the purple district of the Capital"
    if home:
        near = [t for t in tokens if t.end <= start][-_REACH:]
        return "plays_city" if city and any(fold(t.text) in PLAY_WORDS for t in near) else None
    if any(t.kind is Kind.CAPITAL for t in after) and (
        any(fold(t.text) in PLAY_WORDS for t in after[:2]) or (after and fold(after[0].text) in _INTO | _TO)
    ):
        return "plays"  # "jaune 7 posé en capitale", "bleu 3 dans la capitale", "a pink 4 into the Capital"
    before = [t for t in tokens if t.end <= start]
    for k in range(len(before) - 1, -1, -1):
        token = before[k]
        if token.kind is Kind.MARK and token.text in _ENDS:
            return in_hand
        if token.kind in (Kind.CAPITAL, Kind.CITY):
            return in_hand
        listed = next((role for s, e, role in placed if s <= token.start and token.end <= e), None)
        if listed is not None:
            return listed
        if len(before) - k > _REACH:
            continue
        word = fold(token.text)
        if k + 1 < len(before) and fold(before[k + 1].text) == "up":
            continue  # "adds up to 11": a sum, no card given
        if word in ("play", "jeu") and k > 0 and fold(before[k - 1].text) in ("in", "en"):
            continue  # "the Merchant is in play": no card played
        for role, words in ROLES.items():
            if word in words:  # "on" is everywhere ("the flag is on pink and I have a 2 in hand"): a hand said wins
                return in_hand if role == "on" and in_hand else role
    return in_hand


def _capital_district(tokens: Sequence[Token], after: Sequence[Token]) -> bool:
    """The district said after a card is the Capital's: "into the purple district of the Capital", "dans le district
    violet de la Capitale" (the Capital named within four words of "district", nobody's before it)."""
    at = next((k for k, t in enumerate(tokens) if after and t is after[0]), None)
    if at is None:
        return False
    for k in range(at, min(at + len(after), len(tokens))):
        if tokens[k].kind is Kind.ASKER:
            return False
        if tokens[k].kind is Kind.CITY and fold(tokens[k].text).startswith("district"):
            follow = tokens[k + 1 : k + 5]
            cut = next((n for n, t in enumerate(follow) if t.kind in (Kind.MARK, Kind.LINK)), len(follow))
            return any(t.kind is Kind.CAPITAL for t in follow[:cut])
    return False


def _in_hand(after: Sequence[Token]) -> str | None:
    """``hand`` when the words after a card with no role before it say it is in a hand: "a green 6 in hand", "un
    jaune 4 en main", "a rebel 2 in my hand" (but "take the blue 3 into my hand" is a take, said before)."""
    words = [fold(t.text) for t in after]
    return "hand" if words and words[0] in _INTO and any(w in ROLES["hand"] for w in words[1:3]) else None


#: The kind of card a power's name says before a card ("mon expérimentateur rose 7", "a vector -2").
_CARD_OF = {
    Power.EXPERIMENTER: "experimenter",
    Power.VECTOR: "vector",
    Power.INTRUDER: "rebel",
    Power.INFILTRATOR: "rebel",
    Power.RECRUITER: "recruiter",
}


def _kind_near(tokens: Sequence[Token], start: int, value: int) -> str | None:
    """The kind of the card at ``start``: said by a power's name at most two words before it, or by a kind word in
    its clause with no other number between them, or by a negative value (only Vector cards are negative)."""
    before = [t for t in tokens if t.end <= start][-6:]
    for near, token in enumerate(reversed(before)):
        if token.kind is Kind.NUMBER or (token.kind is Kind.MARK and token.text in _ENDS):
            break  # another card's kind, or another clause's
        if token.kind is Kind.POWER and token.value in _CARD_OF and near < 3:
            return _CARD_OF[token.value]
        if token.kind is Kind.CARD_KIND:  # "une carte rebelle, un vert 6", "a rebel card in hand, green 5"
            return str(getattr(token.value, "value", token.value) or fold(token.text)).removesuffix("s")
    return "vector" if value < 0 else None


def _path(role: str, owner: str, powers: frozenset[Power]) -> str:
    """The fact path of a role: a deck or a display is the one of the power in play that has it."""
    if role == "deck":
        return next((DECK_OF[p] for p in DECK_OF if p in powers), "deck_top")
    if role == "display":
        return next((DISPLAY_OF[p] for p in DISPLAY_OF if p in powers), "display")
    return _PATHS[role].format(owner=owner)


def _said_numbers(tokens: Sequence[Token], fact: Fact, values: tuple[object, ...]) -> list[Token] | None:
    """The number tokens that say ``values`` within the fact's span, in order (others may lie between them: "blue
    2 and a green 3; ... my blue 4"); ``None`` when they cannot all be found."""
    inside = [t for t in tokens if fact.start <= t.start and t.end <= fact.end and t.kind is Kind.NUMBER]
    found: list[Token] = []
    for value in values:
        nxt = next((t for t in inside if t.value == value and (not found or t.start > found[-1].start)), None)
        if nxt is None:
            return None
        found.append(nxt)
    return found


def place_cards(
    tokens: Sequence[Token],
    facts: Sequence[Fact],
    asked: frozenset[str] = frozenset(),
    *,
    played: bool = False,
    placing: bool = False,
) -> list[Fact]:
    """``facts`` with each card whose words say a role moved to that role's path (cards as ``colour:value``); the
    other cards stay in their district. Roles are found number by number, since the reader may have put cards of
    one colour said in two places into one district ("display: a green 3 ...; I play a green 1"). A card played is
    one card: the first after its word. A question that ``asked`` what a round end or a game end decides (a bust,
    who, a score) keeps its districts: "I played a 4 in my green, do I bust?" states a district. A follow-up of a
    question about a card ``played`` reads its cards so even when it names no power ("and if I add my yellow 5?").
    A question read as asking where a card may go (``placing``) places its one card said alone."""
    facts = with_architect(tokens, facts)
    named = {t.value for t in tokens if t.kind is Kind.POWER} | {f.value for f in facts if f.path == "configuration"}
    if not (played or about_a_play(tokens)) or (asked & ROUND_END and named <= ROUND_END_POWERS):
        return list(facts)
    facts = agent_stack(tokens, prophet_tiles(tokens, facts, _SAID))
    letter = next((str(f.value) for f in facts if f.path == "configuration"), None)
    preset = CONFIGURATIONS[letter].values() if letter is not None and letter in CONFIGURATIONS else ()
    powers = frozenset(f.value for f in facts if isinstance(f.value, Power)) | frozenset(preset)
    sentinel = Power.SENTINEL in powers or any(t.value is Power.SENTINEL for t in tokens)
    out: list[Fact] = []
    placed: dict[str, int] = {}  # path -> index in out of the fact it extends
    roles: list[tuple[int, int, str]] = []  # the list cards given a role so far, where they are said
    for fact in facts:
        parts = fact.path.split(".")
        district = len(parts) >= 2 and parts[-2] in ("city", "capital") and isinstance(fact.value, int | tuple)
        values = fact.value if isinstance(fact.value, tuple) else (fact.value,)
        numbers = _said_numbers(tokens, fact, values)
        if not district or not values or (numbers is None and len(values) > 1):
            out.append(fact)
            continue
        spans = [(t.start, t.end) for t in numbers] if numbers else [(fact.start, fact.end)]
        kinds = fact.kinds or (None,) * len(values)
        stay: list[int] = []
        for n, (value, kind) in enumerate(zip(values, kinds, strict=False)):
            start, end = spans[min(n, len(spans) - 1)]
            role = _role(tokens, start, end, roles, city=not named <= ROUND_END_POWERS)
            if role is None or (role == "on" and not sentinel):
                stay.append(n)
                continue
            owner = "me" if parts[0] == "capital" or fold(parts[0]) in _SAID else parts[0]  # "Main : rose 3"
            path = _path(role, owner, powers)
            if role == "deck" and Power.PROPHET in powers and not powers & frozenset(DECK_OF):
                tiles = next((f for f in out if f.path == "prophet_stack"), None)  # "je tire un 3": a Prophet tile
                if tiles is None:
                    out.append(Fact("prophet_stack", (int(value),), start, end))
                continue
            card = card_text(parts[-1], int(value), kind or _kind_near(tokens, start, int(value)) or KIND_OF.get(path))
            if role in _ONE:
                if path in placed:
                    stay.append(n)  # a second card after the one played is no card played
                    continue
                placed[path] = len(out)
                out.append(Fact(path, card, start, end))
                if role == "plays_city":  # "je pose mon vert 4 dans ma Cité": played in the City
                    out.append(Fact(f"{owner}.plays_into", "city", start, end))
                continue
            roles.append((start, end, role))  # a list: the next card may be of it
            if path in placed:
                k = placed[path]
                out[k] = replace(out[k], value=(*out[k].value, card), end=end)  # type: ignore[misc]
            else:
                placed[path] = len(out)
                out.append(Fact(path, (card,), start, end))
        if len(stay) == len(values):
            out.append(fact)
        elif stay:
            kept = tuple(values[n] for n in stay)
            left = tuple(kinds[n] for n in stay) if fact.kinds else ()
            out.append(replace(fact, value=kept if len(kept) > 1 else kept[0], kinds=left))
    if asked & ROUND_END and not any(f.path.endswith(".plays") for f in out):
        # a round end asked, no card played: its cards are the districts', but those said in a hand ("il me reste en
        # main un rebelle rose 4"), which no district counts
        held = [f for f in out if f.path.endswith(".hand")]
        districts = [f for f in facts if not any(h.start <= f.start and f.end <= h.end for h in held)]
        if held and len(districts) + len(held) <= len(facts):
            return districts + held + flag_facts(tokens)  # rebel cards in hand go where the flag stands at round end
        return list(facts)
    chosen = chosen_district(tokens)
    out = out if chosen is None or any(f.path == chosen.path for f in out) else [*out, chosen]
    stated = [
        f
        for f in out
        if not isinstance(f.value, Power) and f.path not in ("configuration", "power") and not f.path.endswith(".total")
    ]
    # a card played with no value is asked for in a position; "where can I play a rebel card?" is a rules question
    unsaid = [] if any(f.path.endswith(".plays") for f in out) or not stated else _unsaid_play(tokens)
    out = to_place(out, asked)
    if placing and not any(f.path.endswith(".plays") for f in out):
        out = _lone_card(tokens, out)
    return drawn_by_the_play(out) + flag_facts(tokens) + unsaid


def to_place(facts: list[Fact], asked: frozenset[str]) -> list[Fact]:
    """A question that asks where its one card in hand may go ("I hold a rebel blue 2: where can it go?") asks where
    that card is played: it is the card played (a hand of several does not say which)."""
    held = [f for f in facts if f.path.endswith(".hand") and isinstance(f.value, tuple) and len(f.value) == 1]
    if "where" not in asked or len(held) != 1 or any(f.path.endswith(".plays") for f in facts):
        return facts
    card = held[0]
    played = replace(card, path=f"{card.path.split('.')[0]}.plays", value=card.value[0])  # type: ignore[index]
    return [played if f is card else f for f in facts]


def _lone_card(tokens: Sequence[Token], facts: list[Fact]) -> list[Fact]:
    """The one card a where-question states, said alone and in no district ("I'm holding a rebel card, a pink
    seven. Where am I allowed to play it?"): the card to place, its kind said before it."""
    cards = [f for f in facts if f.path.startswith("capital") or ".city." in f.path]
    card = cards[0] if len(cards) == 1 else None
    value = card.value if card is not None else None
    if card is None or ".city." not in card.path or not isinstance(value, int):
        return facts
    if any(t.kind in (Kind.CITY, Kind.CAPITAL) for t in [t for t in tokens if t.end <= card.start][-4:]):
        return facts  # "my blue district is a 5": a district, not a card to place
    kind = (card.kinds[0] if card.kinds else None) or _kind_near(tokens, card.start, value)
    said = card_text(card.path.split(".")[-1], value, kind)
    return [replace(card, path=f"{card.path.split('.')[0]}.plays", value=said) if f is card else f for f in facts]


def _unsaid_play(tokens: Sequence[Token]) -> list[Fact]:
    """A card said to be played without its colour and value ("I play a card into the Capital", "dropping my 4"):
    ``me.plays`` with no value, which is asked for."""
    for k, token in enumerate(tokens):
        if fold(token.text) not in PLAY_WORDS or (k > 0 and fold(tokens[k - 1].text) in ("in", "en")):
            continue
        after = tokens[k + 1 : k + 5]
        kinds = {t.kind for t in after}
        who = {t.kind for t in tokens[max(0, k - 3) : k]}
        if kinds & {Kind.CONFIGURATION, Kind.AGENT_TILE} or not who & {Kind.ASKER, Kind.NAME, Kind.PRONOUN}:
            continue  # "we played configuration A", "la tuile Agent posée sur...": no card played by someone
        if (Kind.CARD in kinds and Kind.NUMBER not in kinds) or (Kind.NUMBER in kinds and Kind.COLOUR not in kinds):
            return [Fact("me.plays", None, token.start, after[-1].end)]
    return []
