"""What a question asks: its cue words, and the sentence that asks (the one with the question mark)."""

from __future__ import annotations

from corpus.text import fold
from qa.scenario.lexicon import Kind, Token
from qa.scenario.words import NOBODY


def asking_sentence(tokens: list[Token]) -> list[Token]:
    """The tokens of the sentence that asks: the last one that ends with "?" ("Combien je perds ? Mon Cimetière
    ... où je n'ai que 1 guerrier."), else the last one."""
    sentences: list[list[Token]] = [[]]
    for t in tokens:
        sentences[-1].append(t)
        if t.kind is Kind.MARK and t.text in ".?!":
            sentences.append([])
    sentences = [s for s in sentences if any(t.kind is not Kind.MARK for t in s)]
    asking = [s for s in sentences if s[-1].text == "?"]
    chosen = (asking or sentences or [[]])[-1]
    return [t for t in chosen if not (t.kind is Kind.MARK and t.text in ".?!")]


def asked_text(question: str, asking: list[Token]) -> str:
    """The words of the sentence that asks, as the question says them, with its question mark."""
    end = asking[-1].end
    mark = "?" if "?" in question[end:].split(".")[0] else ""
    return question[asking[0].start : end] + mark


def cues_of(tokens: list[Token], *, accents: bool | None = None) -> frozenset[str]:
    """The cues ``tokens`` say. ``accents``: whether the whole question writes French accents (by default, whether
    ``tokens`` do), which tells an "ou" that means "or" from an "où" written without its accent."""
    if accents is None:
        accents = writes_accents(tokens)
    named = {k.value for k in (Kind.MAXIMUM, Kind.CEMETERY, Kind.GOLD) if any(t.kind is k for t in tokens)}
    words = {fold(t.text) for t in tokens}
    if "total" in words and "combien" in words | {"how"}:
        named.add("score")  # "ça fait combien au total ?"
    if words & {"final", "finale"} and words & {"combien", "how", "cmb", "cb", "total"}:
        named.add("score")  # "j'ai combien au final ?"
    if {"fin", "partie"} <= words and words & {"combien", "cmb", "cb"}:
        named.add("score")  # "fin de partie ... je fais combien ?"
    asked = [fold(t.text) for t in tokens if t.kind is not Kind.MARK]
    if asked and asked[-1] == "total" and tokens[-1].text == "?":
        named.add("score")  # "... bonus : 6+4+9 / or : deux. total ?", "Mon total ?"
    if words & NOBODY:
        named.add("nobody")
    said = [t for k, t in enumerate(tokens) if t.kind is Kind.CUE and not _or_not(tokens, k, accents)]
    return frozenset(str(t.value) for t in said) | named


#: Letters only a writer who types French accents writes: one who does writes "où" for where, and "ou" is "or".
_ACCENTED = frozenset("éèêàâùûîôç")


def writes_accents(tokens: list[Token]) -> bool:
    """True when the words write a French accent somewhere."""
    return any(_ACCENTED & set(t.text.lower()) for t in tokens)


def _or_not(tokens: list[Token], k: int, accents: bool) -> bool:
    """The word at ``k`` is the "ou" of "ou pas", "ou non", "ou quoi" ("or not", "or what"), or an "ou" written
    without its accent by a writer who writes ``accents`` ("je gagne ou je perds ?"), not "où" written without it."""
    if tokens[k].text.lower() != "ou":
        return False
    after = fold(tokens[k + 1].text) if k + 1 < len(tokens) else ""
    return after in ("pas", "non", "quoi") or accents
