"""Rules engines: pure Python simulations of game positions (no I/O).

Shared by every game: :mod:`engine.errors` (``MissingFact`` naming the fact a query needs,
``ImpossiblePosition``) and :mod:`engine.steps` (explanations citing corpus sections in French and
English). Capital Lux 2 lives in :mod:`engine.cl2`.
"""
