"""Whose pieces a Root count is: the Cabal's, or another faction's ("2 of their warriors", "2 guerriers de Baptiste",
"Orson lost 3 warriors", "Jethro's Marquise loses 1 warrior")."""

from __future__ import annotations

from corpus.text import fold
from qa.scenario.lexicon import Kind
from qa.scenario.state import WalkState

#: Verbs that say a side lost pieces: "Orson lost 3 warriors", "la Marquise perd 2 guerriers".
_LOSE = frozenset({"lost", "loses", "lose", "losing", "perd", "perdu", "perdait", "perdent", "perdre"})
#: Words between a side and its loss: "a perdu", "has lost", "just lost", "only lost".
_AUX = frozenset({"a", "has", "had", "just", "only", "then", "alors", "ensuite", "juste", "seulement", "s"})
#: Articles between "of" and a side: "3 guerriers de l'Alliance", "2 warriors of the Eyrie".
_ARTICLES = frozenset({"l", "la", "le", "les", "the"})
#: Root's other factions: a side that is not the Cabal.
_FACTIONS = frozenset(
    {"marquise", "eyrie", "eyries", "canopee", "alliance", "vagabond", "vagabonde", "riverfolk", "duchy", "corvid"}
    | {"corvids", "lizard", "lizards", "lezards", "loutres", "taupes", "corbeaux", "opponent", "adversaire", "ennemi"}
)


class Sides(WalkState):
    """The reader's rules for whose warriors a number counts."""

    def _theirs(self, i: int, j: int) -> bool:
        """The warriors counted at ``i`` (their word at ``j``) are the enemy's: "on leur tue deux guerriers",
        "3 guerriers d'en face", "2 of their warriors"."""
        before = {fold(self.text(k)) for k in range(max(0, i - 2), i)}
        after = [fold(self.text(k)) for k in range(j + 1, j + 4)]
        return (
            bool(before & {"leur", "leurs", "their"}) or after[:3] == ["d", "en", "face"] or after[:2] == ["en", "face"]
        )

    def _someone_elses(self, k: int) -> bool:
        """The warriors just counted belong to another side, named after them: "2 guerriers de Baptiste", "3 guerriers
        de l'Alliance", "2 warriors of the Eyrie"."""
        if fold(self.text(k)) not in ("de", "d", "du", "des", "of"):
            return False
        k += 1
        while fold(self.text(k)) in _ARTICLES:
            k += 1
        return self._another_side(k)

    def _side_before(self, j: int) -> bool:
        """Another side's name stands between a count and its warriors: "2 Marquise warriors", "3 Eyrie warriors"."""
        return self.kind(j + 1) is Kind.WARRIOR and fold(self.text(j)) in _FACTIONS

    def _another_side(self, k: int) -> bool:
        """The word at ``k`` names a side that is not the Cabal: another faction, or a player who does not play it."""
        return fold(self.text(k)) in _FACTIONS or (self.kind(k) is Kind.NAME and self._not_cabal(k))

    def _lost_by_another(self, i: int) -> bool:
        """The warriors counted at ``i`` are lost by a side that is not the Cabal: a named player who does not play
        it, or another faction ("Orson lost 3 warriors", "Jethro's Marquise loses 1 warrior", "la Marquise a perdu
        2 guerriers")."""
        k = i - 1
        if fold(self.text(k)) not in _LOSE:
            return False
        k -= 1
        while k >= 0 and fold(self.text(k)) in _AUX and self.kind(k) in (Kind.WORD, Kind.PRONOUN):
            k -= 1
        return self._another_side(k)

    def _not_cabal(self, k: int) -> bool:
        """The player named at ``k`` is not the one the question gives the Cabal to ("la Cabale de Lazare", "Cordelia's
        Cabal", "Cabal (Thaddeus)")."""
        name = fold(self.text(k))
        for m, token in enumerate(self.tokens):
            if fold(token.text) in ("cabale", "cabal"):
                near = [fold(self.text(n)) for n in range(max(0, m - 3), m + 4) if n != m]
                if name in near:
                    return False
        return True
