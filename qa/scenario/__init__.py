"""Scenario questions: a player's sentence read into a position, computed by the rules engine, answered.

This package's one entrance: the decision calls :func:`route` (a question's position, solved, or ``None`` for a
rules question) and :func:`check` (a position file sent as it is); the composer calls :func:`write` and carries
the :class:`Scenario` contract. Inside, :mod:`~qa.scenario.lexicon` turns the sentence into typed tokens;
:mod:`~qa.scenario.reader` reads the facts it states; :mod:`~qa.scenario.frames` holds one module per kind of
question (its slots, its builder, its verdict sentence, its cues) and chooses the question's frame;
:mod:`~qa.scenario.solve` builds the position through the engine's schema and runs its queries.
"""

from qa.scenario.check import PositionError
from qa.scenario.check import check_position as check
from qa.scenario.contract import Scenario
from qa.scenario.lexicon import colour_words
from qa.scenario.numbers import number_words
from qa.scenario.route import route
from qa.scenario.solve import Outcome
from qa.scenario.write import write

__all__ = ["Outcome", "PositionError", "Scenario", "check", "colour_words", "number_words", "route", "write"]
