"""Explanations: ordered steps, each citing the corpus section it applies, in French and English."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Step:
    """One step of a verdict: what was computed, the rule it applies, and the reading used if ambiguous."""

    #: The corpus section applied, e.g. ``cl2-rules/faq/depasser-la-capitale``.
    rule: str
    fr: str
    en: str
    #: The corpus note whose documented reading this step relies on, when the texts are ambiguous.
    reading: str | None = None

    def text(self, lang: str) -> str:
        """The step in ``lang`` (``fr`` or ``en``)."""
        return self.fr if lang == "fr" else self.en
