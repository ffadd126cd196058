"""Scenario questions: a player's sentence read into a position, computed by the rules engine, answered.

:mod:`~qa.scenario.lexicon` turns the sentence into typed tokens; :mod:`~qa.scenario.reader` reads the facts it
states; :mod:`~qa.scenario.frames` says which question it asks and which facts that question needs;
:mod:`~qa.scenario.solve` builds the position through the engine's schema and runs its query;
:mod:`~qa.scenario.contract` is the typed result the answer carries.
"""
