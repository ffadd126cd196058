"""Every corpus section and note the Capital Lux 2 engine cites, in one place.

A step cites the section whose rule it applies (``Step.rule``) and, where the texts are ambiguous, the note
whose documented reading it uses (``Step.reading``). The powers' own sections are also reachable through the
registry (:data:`engine.cl2.power.REGISTRY`), which takes them from here.
"""

from __future__ import annotations

# --- the rules summary and FAQ (cl2-rules) ----------------------------------------------------------------
GAME = "cl2-rules/le-jeu"
PLAY = "cl2-rules/un-tour/jouer"
ORDER = "cl2-rules/un-tour/resolution"
DRAFT = "cl2-rules/faq/draft"
MANDATORY = "cl2-rules/faq/capitale-sans-pouvoir"
BUST = "cl2-rules/faq/depasser-la-capitale"
TIE_KEEPS = "cl2-rules/erreurs/egalite-capitale"
LEFTOVERS = "cl2-rules/faq/cartes-en-main"
BONUS = "cl2-rules/faq/carte-bonus"
BONUS_TIE = "cl2-rules/faq/egalite-bonus"
BONUS_EMPTY = "cl2-rules/erreurs/bonus-district-vide"
NEXT_ROUND = "cl2-rules/faq/cartes-restent"
SCORING = "cl2-rules/comment-on-gagne/aux-points"
TIEBREAK = "cl2-rules/comment-on-gagne/egalite"
GOLD = "cl2-rules/faq/jeton-or"

# --- the power tiles (cl2-power-tiles) and set E (cl2-expansion) -------------------------------------------
AGENT = "cl2-power-tiles/config-a/agent"
CLERIC = "cl2-power-tiles/config-a/clerc"
MERCHANT = "cl2-power-tiles/config-a/marchand"
SCHOLAR = "cl2-power-tiles/config-a/savant"
INFILTRATOR = "cl2-power-tiles/config-b/infiltre"
PROPHET = "cl2-power-tiles/config-b/prophete"
DISCIPLE = "cl2-power-tiles/config-b/disciple"
PROSELYTIZER = "cl2-power-tiles/config-b/proselytiste"
RECRUITER = "cl2-power-tiles/config-c/recruteur"
MISSIONARY = "cl2-power-tiles/config-c/missionnaire"
SENTINEL = "cl2-power-tiles/config-c/sentinelle"
DUALIST = "cl2-power-tiles/config-c/dualiste"
INTRUDER = "cl2-expansion/set-e/intruder"
VECTOR = "cl2-expansion/set-e/vector"
ARCHITECT = "cl2-expansion/set-e/architect"
EXPERIMENTER = "cl2-expansion/set-e/experimenter"

# --- the expansion's modules ------------------------------------------------------------------------------
SECRET_CARD = "cl2-expansion/mentalist/secret-card"  # noqa: S105 - a section id, not a password
SWAP = "cl2-expansion/mentalist/swap"
UNDERCOVER = "cl2-expansion/undercover"
UNDERCOVER_SETUP = "cl2-expansion/undercover/setup"
UNDERCOVER_PLAY = "cl2-expansion/undercover/play-cards"
UNDERCOVER_ROUND_END = "cl2-expansion/undercover/round-end"
UNDERCOVER_DRAFT = "cl2-expansion/undercover/draft"
FIFTH_PLAYER = "cl2-expansion/fifth-player"

# --- corpus notes: the documented readings ------------------------------------------------------------------
MAXIMUM_READING = "notes/maximum-undefined"
ROUND_END_ORDER = "notes/round-end-order"
SENTINEL_DETAILS = "notes/sentinelle-details"
REBELS_READING = "notes/infiltre-vs-intruder"
JUST_PLAYED = "notes/clerc-prophete-card-just-played"
NO_LOWER_CARD = "notes/missionnaire-no-lower-card"
SECRET_CARD_READING = "notes/mentalist-secret-card"  # noqa: S105 - a note id
ARCHITECT_TIMING = "notes/architect-timing"
DRAFT_NOTE = "notes/draft-hand-size"
SOLO_NOTE = "notes/player-count-solo"
