"""Root positions read across clauses: the Cemeteries besides the one a question stands in ("sur les deux autres
cimetières un seul guerrier chacun", "the other Cemetery is empty"), and a Root question's facts kept to Root's.

A Ritual is scored clearing by clearing, so the warriors of each Cemetery's clearing are read as a list: the
clearing the question stands in first, then the others ("8, then 1 and 1"). A bare number of a Root question
is never a Capital Lux player's total.
"""

from __future__ import annotations

from dataclasses import replace

from corpus.text import fold
from qa.scenario.clauses import removes
from qa.scenario.facts import Contradiction, Fact
from qa.scenario.lexicon import Kind, Token
from qa.scenario.words import IF

_OTHER = frozenset({"autre", "autres", "other", "others"})
#: "both other Cemeteries", "les deux autres".
_BOTH = frozenset({"both"})
_EACH = frozenset({"chacun", "chacune", "each", "apiece", "both"})
#: Words that say a clearing holds no warrior: "vide", "personne dessus", "nobody on it", "no warriors".
_EMPTY = frozenset({"vide", "vides", "empty", "personne", "nobody", "aucun", "rien", "nothing", "none", "no"})
_ROOT = frozenset({Kind.CEMETERY, Kind.WARRIOR, Kind.NECRO, Kind.HIT, Kind.BIRD, Kind.SUPPLY})
_CL2 = frozenset({Kind.CAPITAL, Kind.COLOUR, Kind.AGENT_TILE, Kind.CITY, Kind.GOLD})  # "PV max" is Root too
#: The facts of a Capital Lux player (``me.total``, ``Léo.city.blue``...).
_CL2_OWNED = (".total", ".city", ".gold", ".bonus")


def is_root(tokens: list[Token]) -> bool:
    """The question speaks of Root pieces and of nothing of Capital Lux."""
    kinds = {t.kind for t in tokens}
    return bool(kinds & _ROOT) and not kinds & _CL2


def root_only(facts: list[Fact]) -> list[Fact]:
    """A Root question's facts, without the Capital Lux player facts a stray number made."""
    return [f for f in facts if not any(part in f.path for part in _CL2_OWNED)]


#: A Cemetery in general, not the player's: "si on me détruit un cimetière", "when a Cemetery is removed".
_GENERIC = frozenset({"un", "une", "a", "an", "any", "n'importe"})


#: Words that start talking about someone or something else.
_NEW_SUBJECT = frozenset({Kind.ASKER, Kind.NAME, Kind.PRONOUN, Kind.WARRIOR, Kind.ENEMY, Kind.NECRO})


def removed_cemetery(tokens: list[Token], facts: list[Fact]) -> list[Fact]:
    """A Cemetery said removed ("mon cimetière renard vient d'être retiré", "my Cemetery got destroyed"): a fact of
    the position even with no number, so that the warriors its removal costs are asked for."""
    if any(f.path == "cemetery_removed" for f in facts):
        return facts
    for k, t in enumerate(tokens):
        if t.kind is Kind.CEMETERY:
            clause = _clause_of(tokens, k, commas=True)  # "détruit mon cimetière", "my Cemetery got removed"
            at = clause.index(t)
            after = clause[at + 1 : at + 7]  # "vient de se faire retirer", not "is in play and I removed 2"
            cut = next((m for m, u in enumerate(after) if u.kind in _NEW_SUBJECT or fold(u.text) in ("and", "et")), 6)
            near = clause[max(0, at - 4) : at + 1] + after[:cut]  # "removed one of my Cemeteries"
            removal = [u for u in near if removes(u)]
            negated = any(fold(u.text) in ("pas", "not", "sans", "no", "never", "jamais") for u in near)
            mine = any(u.kind is Kind.ASKER for u in clause[max(0, at - 4) : at])  # "on m'enlève un cimetière"
            generic = (any(fold(u.text) in _GENERIC for u in clause[: at + 1][-3:]) and not mine) or fold(
                clause[0].text
            ) in IF
            if removal and not negated and not generic:
                end = max(t.end, removal[-1].end)
                return [*facts, Fact("cemetery_removed", True, min(t.start, removal[0].start), end)]
    return facts


def _clause_of(tokens: list[Token], k: int, commas: bool = False) -> list[Token]:
    """The tokens of the clause holding token ``k`` (between marks and semicolons, and commas if ``commas``)."""
    start, end = k, k
    while start > 0 and not _stops(tokens[start - 1], commas):
        start -= 1
    while end + 1 < len(tokens) and not _stops(tokens[end + 1], commas):
        end += 1
    return tokens[start : end + 1]


def _stops(t: Token, commas: bool = False) -> bool:
    return t.kind is Kind.MARK or (t.kind is Kind.LINK and t.text in ((";", ",") if commas else (";",)))


def _others_count(tokens: list[Token], k: int) -> tuple[int, int, int] | None:
    """How many other Cemeteries "autres" at ``k`` names, with the span of the words that say it."""
    if not any(t.kind is Kind.CEMETERY for t in tokens[k + 1 : k + 3]):  # "autres cimetières", "other two Cemeteries"
        return None
    before = tokens[k - 1] if k else None
    after = tokens[k + 1] if k + 1 < len(tokens) else None
    for t in (before, after):
        if t is not None and t.kind is Kind.NUMBER and isinstance(t.value, int) and 0 < t.value < 3:
            return t.value, min(t.start, tokens[k].start), max(t.end, tokens[k].end)
    plural = fold(tokens[k].text).endswith("s") or (before is not None and fold(before.text) in _BOTH)
    return (2 if plural else 1), tokens[k].start, tokens[k].end


def other_cemeteries(tokens: list[Token], facts: list[Fact]) -> list[Fact]:
    """The warriors of the other Cemeteries' clearings joined to the first clearing's, and the Cemeteries they
    add up to when no count was said ("j'ai 12 guerriers sur mon cimetière lapin, les deux autres sont en jeu")."""
    for k, t in enumerate(tokens):
        if fold(t.text) not in _OTHER:
            continue
        counted = _others_count(tokens, k)
        if counted is None:
            continue
        n, start, end = counted
        clause = _clause_of(tokens, k)
        lo, hi = clause[0].start, clause[-1].end
        words = {fold(u.text) for u in clause}
        facts = [f for f in facts if not (f.start < end and start < f.end)]  # "deux" counts the other Cemeteries
        warriors = [f for f in facts if f.path == "warriors"]
        inside = [f for f in warriors if lo <= f.start and f.end <= hi]
        theirs = min(inside, key=lambda f: min(abs(f.start - end), abs(start - f.end)), default=None)
        mark = start if theirs is None else min(start, theirs.start)
        first = next((f for f in reversed(warriors) if f is not theirs and f.end <= mark), None)
        if first is not None and isinstance(first.value, int):
            if theirs is not None and isinstance(theirs.value, int):
                each = bool(words & _EACH) or n == 1
                rest = (theirs.value,) * n if each else (theirs.value, *(0,) * (n - 1))
            elif words & _EMPTY:  # "vides", "personne dessus"
                rest = (0,) * n
            else:
                rest = ()  # their warriors are not said: the frame's assumption says so
            if rest:
                spread = replace(first, value=(first.value, *rest), end=max(first.end, hi))
                facts = [spread if f is first else f for f in facts if f is not theirs]
        if not any(f.path == "cemeteries" for f in facts):
            facts.append(Fact("cemeteries", n + 1, start, end))
        return facts
    return facts


#: Words that say where pieces are: "in play", "en jeu", "on the map".
_WHERE = frozenset({"in", "play", "en", "jeu", "on", "the", "map", "board", "sur", "le", "plateau", "la", "carte"})
#: Possessives that make a Cemetery one that exists: "my Cemetery clearing", "mon cimetière", "its Cemetery".
_OWNERS = frozenset({"my", "mon", "ma", "mes", "its", "son", "sa"})


def none_but_named(question: str, tokens: list[Token], facts: list[Fact]) -> list[Contradiction]:
    """ "0 Cemeteries in play ... in my Cemetery clearing": no Cemetery said, then one spoken of as there."""
    zero = next((f for f in facts if f.path == "cemeteries" and f.value == 0), None)
    if zero is None:
        return []
    for k, t in enumerate(tokens):
        if t.kind is not Kind.CEMETERY or zero.start <= t.start < zero.end:
            continue
        before = [fold(u.text) for u in tokens[max(0, k - 2) : k]]
        if before and before[-1] in _OWNERS and not set(before) & {"no", "pas", "sans", "without", "aucun"}:
            end = zero.end
            for u in (u for u in tokens if u.start >= zero.end):  # "0 Cemeteries in play", "0 cimetière en jeu"
                if fold(u.text) not in _WHERE:
                    break
                end = u.end
            quote = question[zero.start : end]
            return [
                Contradiction(
                    quote,
                    zero.start,
                    end,
                    f"aucun Cimetière en jeu, mais « {t.text} » en désigne un",
                    f"no Cemetery in play, but '{t.text}' speaks of one",
                )
            ]
    return []


def gapped_warriors(tokens: list[Token], facts: list[Fact]) -> list[Fact]:
    """ "my mouse Cemetery's clearing has 4 warriors and my rabbit Cemetery's clearing has 6": a bare number in
    the sentence of a warriors count, in a clause that names a Cemetery or a clearing by its suit or as the
    asker's ("et trois sur mon seul cimetière"), counts warriors too."""
    read = [(f.start, f.end) for f in facts]
    out = list(facts)
    for k, t in enumerate(tokens):
        if t.kind is not Kind.NUMBER or not isinstance(t.value, int) or any(a <= t.start < b for a, b in read):
            continue
        sentence_start = max((u.end for u in tokens[:k] if u.kind is Kind.MARK and u.text in ".?!"), default=0)
        counted = [f for f in facts if f.path == "warriors" and sentence_start <= f.start < t.start]
        clause = _clause_of(tokens, k, commas=True)
        placed = any(u.kind is Kind.CEMETERY or fold(u.text) in ("clairiere", "clearing") for u in clause)
        suit = any(u.kind is Kind.SUIT for u in clause)  # "my rabbit Cemetery's clearing has 6"
        mine = any(  # "et trois sur mon seul cimetière"
            u.kind is Kind.CEMETERY and any(v.kind is Kind.ASKER for v in clause[max(0, m - 2) : m])
            for m, u in enumerate(clause)
        )
        if counted and placed and (suit or mine):
            out.append(Fact("warriors", t.value, t.start, t.end))
    return out


def without_cemetery(tokens: list[Token], fact: Fact) -> bool:
    """The fact is said of a clearing with no Cemetery: "9 warriors stacked in a clearing with no Cemetery"."""
    inside = [k for k, t in enumerate(tokens) if fact.start <= t.start < fact.end]
    if not inside:
        return False
    clause = _clause_of(tokens, inside[0], commas=True)
    for k, t in enumerate(clause):
        if t.kind is Kind.CEMETERY:
            before = {fold(u.text) for u in clause[max(0, k - 3) : k]}
            if before & {"no", "sans", "without", "aucun", "pas"}:
                return True
    return False


#: Words that put a piece in another clearing: "another clearing", "ailleurs", "moved", "wandered".
_AWAY = frozenset({"another", "autre", "ailleurs", "elsewhere", "different", "moved", "wandered", "parti", "bouge"})


def necro_away(tokens: list[Token], facts: list[Fact]) -> list[Fact]:
    """A Necro said in another clearing than its Cemetery's, with the warriors there ("The rabbit Necro has
    wandered to another clearing where I have 7 warriors", "le Nécro est parti dans une autre clairière avec 5
    guerriers"): those warriors are also said to be the Necro's clearing's (``necro_warriors``)."""
    for k, t in enumerate(tokens):
        if t.kind is not Kind.NECRO:
            continue
        reach = tokens[k + 1 :]
        end = next((m for m, u in enumerate(reach) if u.text in (";", ".", "?", "!")), len(reach))
        said = reach[:end]
        if not {fold(u.text) for u in said} & _AWAY:
            continue
        lo, hi = t.start, said[-1].end if said else t.end
        counted = [f for f in facts if f.path == "warriors" and lo <= f.start < hi and isinstance(f.value, int)]
        if counted:
            return [*facts, replace(counted[0], path="necro_warriors")]
    return facts
