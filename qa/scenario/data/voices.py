"""The writers' voices: each a brief, committed verbatim in ``briefs/`` beside the writers' common brief
(``briefs/writer.md``), that a writer follows to put positions into words.

A voice is a way of asking, not a set of questions: the same kinds of position are drawn for every voice, so a
reader trained on all but one voice can be measured on the one it never saw.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

BRIEFS = Path(__file__).parent / "briefs"


@dataclass(frozen=True)
class Voice:
    name: str
    #: ``fr``, ``en`` or ``mixed`` (half each).
    lang: str

    @property
    def brief(self) -> str:
        """The voice's brief, as the writer read it."""
        return (BRIEFS / f"{self.name}.md").read_text(encoding="utf-8")


VOICES = (
    Voice("dictation", "mixed"),
    Voice("narrated", "mixed"),
    Voice("sms-fr", "fr"),
    Voice("non-native-en", "en"),
    Voice("franglais", "fr"),
    Voice("number-words", "mixed"),
    Voice("self-correction", "mixed"),
    Voice("card-notation", "mixed"),
    Voice("other-player", "mixed"),
    Voice("two-at-once", "mixed"),
    # batch 3: voices that no earlier batch had
    Voice("terse-note", "mixed"),
    Voice("forum-post", "mixed"),
    Voice("chat-lines", "mixed"),
    Voice("question-first", "mixed"),
    Voice("beginner", "mixed"),
    Voice("emoji-casual", "mixed"),
    Voice("regional-fr", "fr"),
    Voice("hypothetical", "mixed"),
    # batch 4
    Voice("typos", "mixed"),
    Voice("table-paste", "mixed"),
    Voice("non-native-fr", "fr"),
    Voice("spoken-fr", "fr"),
    Voice("rules-lawyer", "mixed"),
    Voice("streamer", "mixed"),
    Voice("parent-for-kid", "mixed"),
    Voice("compact-en", "en"),
    # batch 5
    Voice("stray-numbers", "mixed"),
    Voice("labelled-form", "mixed"),
    Voice("dispute", "mixed"),
    Voice("app-said", "mixed"),
    Voice("many-lines", "mixed"),
    Voice("formal", "mixed"),
    Voice("symbols", "mixed"),
    # batch 6
    Voice("onlooker", "mixed"),
    Voice("flourish", "mixed"),
    Voice("staccato", "mixed"),
    Voice("interview", "mixed"),
    Voice("ledger", "mixed"),
    Voice("hearsay", "mixed"),
    # batch 9 (part 2): a claim beside the facts, a position told after the game, an exchange at the table
    Voice("claimed", "mixed"),
    Voice("after-the-fact", "mixed"),
    Voice("dialogue", "mixed"),
)
VOICE = {v.name: v for v in VOICES}
