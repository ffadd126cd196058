"""Root battles read clause by clause: yes/no facts ("sans Cimetière", "my Necro survives", "its Cemetery is still
in play") that no number states."""

from __future__ import annotations

from corpus.text import fold
from qa.scenario.cues import asking_sentence, cues_of
from qa.scenario.facts import Fact
from qa.scenario.lexicon import Kind, Token
from qa.scenario.words import IF

#: Root clause words: negations, "elsewhere", removal and survival.
_NEGATIONS = frozenset(
    {"sans", "no", "without", "pas", "aucun", "aucune", "ni", "plus", "not", "nobody", "none", "don", "doesn", "didn"}
)
_ELSEWHERE = frozenset({"ailleurs", "elsewhere", "another", "autre", "other"})
_REMOVED = frozenset(
    {
        *("detruit", "detruite", "detruisant", "destroyed", "destroying", "retire", "retiree", "retirant"),
        *("removed", "removing", "meurt", "dies", "killed", "killing", "tue", "tuer", "tues", "tuant"),
        *("takes", "took", "taken", "wiped", "knocked", "bute", "butes", "degage", "degages", "destroys"),
        *("rase", "razed"),
        *("perds", "perd", "perdu", "perdue", "lose", "loses", "lost"),  # "je perds le Nécro souris": mine, removed
    }
)
_SURVIVES = frozenset(
    {"survit", "survives", "survive", "survived", "survecu", "reste", "stays", "tient", "holds", "standing", "debout"}
    | {"indemne", "intact", "untouched", "unharmed", "alive", "vivant"}
)
_HERE = frozenset(
    {
        *("clairiere", "clearing", "combat", "combats", "battle", "fight", "fights", "there", "la", "dessus"),
        *("which", "contains", "contient", "holds", "has"),  # "my Necro's clearing, which also has my Cemetery"
    }
)


def _clauses(tokens: list[Token]) -> list[list[Token]]:
    """The clauses of a sentence: between marks, commas and semicolons."""
    out: list[list[Token]] = [[]]
    for t in tokens:
        if t.kind is Kind.MARK or (t.kind is Kind.LINK and t.text in (",", ";")):
            out.append([])
        else:
            out[-1].append(t)
    return [c for c in out if c]


def _negated_near(clause: list[Token], kind: Kind) -> bool:
    """A negation within the three words before the piece ("sans Cimetière", "no Necro", "n'ai pas de Nécro")."""
    for k, t in enumerate(clause):
        if t.kind is kind:
            return any(fold(u.text) in _NEGATIONS for u in clause[max(0, k - 5) : k])
    return False


def _removed_near(clause: list[Token], kind: Kind) -> bool:
    """A removal word within four words of the piece ("le cimetière est détruit", "took out my Cemetery"), not
    anywhere in the clause ("my Cemetery is in play and I removed 2 enemy warriors")."""
    return any(t.kind is kind and _removal(clause[max(0, k - 4) : k + 5]) for k, t in enumerate(clause))


def battle_flags(tokens: list[Token], facts: list[Fact]) -> list[Fact]:
    """Yes/no facts of a Root battle, clause by clause: is there a Cemetery in the battle's clearing, one of its
    suit elsewhere, a Necro there, and was a Necro or a Cemetery removed. Counts already read are kept."""
    found: dict[str, Fact] = {}
    said = {f.path for f in facts}
    in_play: list[tuple[list[Token], tuple[int, int]]] = []
    for clause in _clauses(tokens):
        words = {fold(t.text) for t in clause}
        span = (clause[0].start, clause[-1].end)
        negated = bool(words & _NEGATIONS)
        near_cemetery = _negated_near(clause, Kind.CEMETERY)
        near_necro = _negated_near(clause, Kind.NECRO)
        if any(t.kind is Kind.CEMETERY for t in clause):
            negated = near_cemetery
            if (
                negated
                and not words & {"ailleurs", "elsewhere"}
                and not words & {"plateau", "board", "map", "jeu", "play"}
            ):
                found["cemetery_here"] = Fact("cemetery_here", False, *span)  # "another clearing with no Cemetery"
            elif words & _ELSEWHERE:
                found["cemetery_elsewhere"] = Fact("cemetery_elsewhere", not negated, *span)
            elif _removed_near(clause, Kind.CEMETERY) and not negated:
                found["cemetery_removed"] = Fact("cemetery_removed", True, *span)
            elif negated and words & {"plateau", "board", "map", "jeu", "play"} and any(_cemetery_suits(clause)):
                found["cemetery_elsewhere"] = Fact("cemetery_elsewhere", False, *span)  # "pas de cimetière lapin"
            elif negated and words & {"plateau", "board", "map", "jeu", "play"}:
                found.setdefault("cemeteries_none", Fact("cemeteries", 0, *span))
            elif words & _HERE or negated:
                found.setdefault("cemetery_here", Fact("cemetery_here", not negated, *span))
            elif words & _IN_PLAY:
                in_play.append((clause, span))  # "mon cimetière lapin est en jeu": here or elsewhere, said apart
        negated = near_necro
        necro = next((k for k, t in enumerate(clause) if t.kind is Kind.NECRO), None)
        if necro is not None and "necros" not in said:
            around = _around(clause, necro) + _but_still(clause, necro)  # "le necro meurt mais le cimetiere tient"
            near = [fold(t.text) for t in around]
            words = set(near)
            if words & _SURVIVES or (negated and words & {"lose", "perds", "perd", "loses"}):
                found["necro_removed"] = Fact("necro_removed", False, *span)
                found.setdefault("necros", Fact("necros", 1, *span))
            elif negated:
                found["necros"] = Fact("necros", 0, *span)
            elif words & _REMOVED or _dies(near):
                found["necro_removed"] = Fact("necro_removed", True, *span)
                found.setdefault("necros", Fact("necros", 1, *span))  # "my Necro there gets killed": it was there
            else:
                found.setdefault("necros", Fact("necros", 1, *span))
    here = found.get("cemetery_here")
    if in_play and (here is None or not here.value) and "cemetery_elsewhere" not in found:
        clause, span = in_play[0]  # a Cemetery in play, not said in the battle's clearing: elsewhere
        battle = battle_suit(tokens)  # "My Cemeteries in play are the fox one and the rabbit one"
        theirs = {u.value for u in clause if u.kind is Kind.SUIT}
        matching = battle is None or not theirs or battle in theirs
        found["cemetery_elsewhere"] = Fact("cemetery_elsewhere", matching, *span)
    return [f for f in found.values() if f.path not in said]


_CLEARINGS = frozenset({"clairiere", "clearing"})


def battle_suit(tokens: list[Token]) -> str | None:
    """The suit of the first clearing the question qualifies: "clairière lapin", "a fox clearing"."""
    suit = _suit_near(tokens, _CLEARINGS)
    return None if suit is None else str(suit)


def _suit_near(tokens: list[Token], words: frozenset[str]) -> object:
    """The suit next to a clearing word (``words``) or, with no words, next to a Cemetery: "clairière lapin",
    "fox clearing", "mon cimetière renard"."""
    for k, t in enumerate(tokens):
        if fold(t.text) in words or (not words and t.kind is Kind.CEMETERY):
            near = [u.value for u in tokens[max(0, k - 1) : k + 2] if u.kind is Kind.SUIT]
            if near:
                return near[0]
    return None


_IN_PLAY = frozenset({"jeu", "play", "safe", "ailleurs", "elsewhere", "toujours", "still", "board", "plateau", "map"})


def _dies(words: list[str]) -> bool:
    """ "y passe", "y est passé": French for "gets killed"."""
    passes = ("passe", "passer", "passent")
    return any(
        w == "y" and (words[k + 1 : k + 2] == [p] or words[k + 1 : k + 3] == ["est", p])
        for k, w in enumerate(words)
        for p in passes
    )


def removes(token: Token) -> bool:
    """The token says a piece was taken off the map: a removal cue ("retiré", "killed") or a Root word for it."""
    return fold(token.text) in _REMOVED or (token.kind is Kind.CUE and token.value == "remove")


def _removal(clause: list[Token]) -> bool:
    return any(removes(t) for t in clause)


def _listed(clauses: list[list[Token]], tokens: list[Token]) -> list[list[Token]]:
    """Clauses that only list pieces after a removal ("the enemy removes everything: my warriors, the mouse Necro
    and the mouse Cemetery") take the removal's words, up to the end of the sentence."""
    out: list[list[Token]] = []
    carried: list[Token] = []
    for clause in clauses:
        before = [t for t in tokens if t.end <= clause[0].start]
        if before and before[-1].kind is Kind.MARK and before[-1].text in ".?!":
            carried = []  # a new sentence
        verbs = _removal(clause) or {fold(t.text) for t in clause} & (_IN_PLAY | _SURVIVES)
        if verbs:
            carried = [t for t in clause if fold(t.text) in _REMOVED or t.kind is Kind.CUE] if _removal(clause) else []
            out.append(clause)
        else:
            out.append(clause + carried if any(t.kind in (Kind.NECRO, Kind.CEMETERY) for t in clause) else clause)
    return out


_BUT = frozenset({"mais", "but", "while", "whereas", "tandis", "alors"})


def _around(clause: list[Token], k: int) -> list[Token]:
    """The words about the piece at ``k``: six before and four after, within its side of a "mais"/"but"."""
    lo, hi = max(0, k - 6), min(len(clause), k + 5)
    for m in range(k - 1, lo - 1, -1):
        if fold(clause[m].text) in _BUT:
            lo = m + 1
            break
    for m in range(k + 1, hi):
        if fold(clause[m].text) in _BUT:
            hi = m
            break
    return clause[lo:hi]


#: Who or what a "mais" may start talking about.
_SUBJECTS = frozenset({Kind.CEMETERY, Kind.NECRO, Kind.WARRIOR, Kind.ASKER, Kind.NAME, Kind.PRONOUN, Kind.ENEMY})


def _but_still(clause: list[Token], k: int) -> list[Token]:
    """The words after the "mais"/"but" that follows the piece at ``k``, when they say no new subject: "my Necro
    was there but got killed" is still about the Necro ("mais le cimetière tient" is not)."""
    after = [m for m in range(k + 1, len(clause)) if fold(clause[m].text) in _BUT]
    if not after:
        return []
    tail = clause[after[0] + 1 :]
    cut = next((m for m, t in enumerate(tail) if t.kind in _SUBJECTS), len(tail))
    return tail[:cut]


def _relative(clause: list[Token]) -> bool:
    """A clause that opens on "which", "qui", "that": about the last thing named before it."""
    return bool(clause) and fold(clause[0].text) in ("which", "qui", "that", "lequel", "laquelle")


def _cemetery_suits(clause: list[Token]) -> list[str | None]:
    """The suit of each Cemetery a clause names ("the fox Cemetery", "mon cimetière lapin"), ``None`` when unsaid."""
    suits: list[str | None] = []
    for k, t in enumerate(clause):
        if t.kind is Kind.CEMETERY:
            near = [str(u.value) for u in clause[max(0, k - 1) : k + 2] if u.kind is Kind.SUIT]
            suits.append(near[0] if near else None)
    return suits


def revenant_flags(tokens: list[Token]) -> list[Fact]:
    """Which Necro is removed, and whether its Cemetery is in play, clause by clause ("Mon Cimetière lapin est
    toujours en jeu", "its Cemetery was removed with it")."""
    found: dict[str, Fact] = {}
    cemeteries: dict[str, Fact] = {}
    removed: list[str] = []
    last_cemetery: str | None = None
    last_necro: str | None = None
    named = [str(t.value) for t in tokens if t.kind is Kind.SUIT]
    for clause in _listed(_clauses(tokens), tokens):
        words = {fold(t.text) for t in clause}
        span = (clause[0].start, clause[-1].end)
        # a clause that names no suit speaks of the one the question named ("..., and the Cemetery was removed")
        own = [str(t.value) for t in clause if t.kind is Kind.SUIT]
        suits = own or (named[:1] if len(set(named)) == 1 else [])
        negated = bool(words & _NEGATIONS)
        for k, t in enumerate(clause):
            near = _suits_near(clause, k)
            suit = near[0] if near else (suits[0] if suits else None)
            generic = suit is None and (
                (k > 0 and fold(clause[k - 1].text) in {"a", "an", "un", "une", "any"})
                or fold(tokens[0].text) in IF  # "si une même action vire mon nécro..."
            )
            if t.kind is Kind.NECRO:
                last_necro = suit
            # "Mon Nécro renard est là ; il se fait tuer": the pronoun stands for the Necro named before
            pronoun = t.kind is Kind.PRONOUN and last_necro is not None and _removal(_around(clause, k))
            if pronoun and "necro_suit" not in found and not negated:
                found["necro_suit"] = Fact("necro_suit", last_necro, *span)
            if t.kind is Kind.NECRO and _removal(clause) and not negated and "necro_suit" not in found and not generic:
                found["necro_suit"] = Fact("necro_suit", suit, *span)
                theirs = _cemetery_suits(clause)  # "removed both the fox Cemetery and the rabbit Necro": not its own
                together = words & {"avec", "with", "together", "ensemble", "meme", "same", "both", "single"}
                if together and theirs and all(s in (None, suit) for s in theirs):
                    found["with_cemetery"] = Fact("with_cemetery", True, *span)
            if t.kind is Kind.CEMETERY and suit is not None:
                gone = _removal(_around(clause, k))  # not "removed ... two clearings away from my Cemetery"
                kept = {fold(u.text) for u in clause[k + 1 : k + 4]} & (_IN_PLAY | _SURVIVES)  # "le cimetière tient"
                if (gone and not kept) or negated:
                    cemeteries.setdefault(suit, Fact(f"cemetery.{suit}", False, *span))
                    if gone and not negated:
                        removed.append(suit)
                elif words & _IN_PLAY or kept:
                    cemeteries[suit] = Fact(f"cemetery.{suit}", True, *span)
                last_cemetery = suit
        if _relative(clause) and words & _IN_PLAY and last_cemetery and not _cemetery_suits(clause):
            cemeteries[last_cemetery] = Fact(
                f"cemetery.{last_cemetery}", True, *span
            )  # "..., which stays on the board"
    removed = list(dict.fromkeys(removed))
    necro = next((t for t in tokens if t.kind is Kind.NECRO), None)
    said = found.get("necro_suit")
    if said is not None and said.value in removed and "with_cemetery" not in found:
        found["with_cemetery"] = Fact("with_cemetery", True, said.start, said.end)  # its own Cemetery removed too
    if "necro_suit" not in found and necro is not None and len(removed) == 1:
        # "on m'a retiré mon cimetière lapin, le nécro lapin il va où ?": its Necro goes with it (CN.2.5)
        span = (necro.start, necro.end)
        found["necro_suit"] = Fact("necro_suit", removed[0], *span)
        found["with_cemetery"] = Fact("with_cemetery", True, *span)
    if "necro_suit" not in found:
        # "Your rabbit Necro stands there. A battle removes it. ... Where does my rabbit Necro go?": where a Necro goes
        # is asked of a removed one, and the Necro the question names, of one suit, is that one
        of_necros = {s for k, t in enumerate(tokens) if t.kind is Kind.NECRO for s in _suits_near(tokens, k)}
        asking = asking_sentence(tokens)
        said_necro = next((t for t in asking if t.kind is Kind.NECRO), None)
        if len(of_necros) == 1 and said_necro is not None and cues_of(asking) & {"where", "revenant"}:
            found["necro_suit"] = Fact("necro_suit", of_necros.pop(), said_necro.start, said_necro.end)
    return [*found.values(), *cemeteries.values()]


def _suits_near(tokens: list[Token], k: int) -> list[str]:
    """The suits said next to the piece at ``k`` ("mon Nécro renard", "my fox Necro")."""
    return [str(u.value) for u in tokens[max(0, k - 2) : k + 3] if u.kind is Kind.SUIT]
