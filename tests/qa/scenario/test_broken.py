"""Words cut in two by a line break are joined again only when the whole is a word the reader knows or the question
says elsewhere."""

from __future__ import annotations

from qa.scenario.broken import broken_words
from qa.scenario.reader import read_facts


def _joined(question: str, known: set[str]) -> list[str]:
    return [word for _, word in broken_words(question, lambda w: w.lower() in known).values()]


def test_a_cut_word_is_joined_when_its_whole_is_known_or_said_elsewhere() -> None:
    assert _joined("VE\nRT and Bo\nnus", {"vert", "bonus"}) == ["VERT", "Bonus"]
    assert _joined("Cordel\nia: 8, 4\ndoes Cordelia keep it?", set()) == ["Cordelia"]
    # two known words on two lines stay two words; an unknown whole stays cut
    assert _joined("capitale\nbleue 9\nmoi\nplus", {"capitale", "bleue", "moi", "plus", "capitalebleue"}) == []
    assert _joined("Tho\nmas 7", set()) == []


def test_both_readers_read_a_position_whose_words_were_cut() -> None:
    question = "Capital pink : 9 , 3\nCordel\nia pink: 8 , 4\nThaddeus pink : 6\ndoes Cordelia keep h\ner pink ?"
    facts = {f.path: f.value for f in read_facts(question, "en").facts}
    assert facts == {"capital.pink": (9, 3), "Cordelia.city.pink": (8, 4), "Thaddeus.city.pink": 6}
