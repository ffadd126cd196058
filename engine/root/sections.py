"""Every corpus section and note the Necropossums engine cites, in one place."""

from __future__ import annotations

DOC = "root-necropossums"
# --- abilities (CN.2), set-up (CN.3), Birdsong (CN.4) -------------------------------------------------------
GLOOMY, MORBID, REVENANT = f"{DOC}/cn-2-2", f"{DOC}/cn-2-3", f"{DOC}/cn-2-4"
CEMETERIES, NECROS = f"{DOC}/cn-2-5", f"{DOC}/cn-2-6"
SETUP_SUPPLY, SETUP_PLACE, SETUP_BOARD = f"{DOC}/cn-3-1", f"{DOC}/cn-3-2", f"{DOC}/cn-3-3"
SINISTER, GRAVEDIG = f"{DOC}/cn-4-1", f"{DOC}/cn-4-2"
# --- Daylight (CN.5) and Evening (CN.6) ---------------------------------------------------------------------
MARCH, WHEEL, TURN_WHEEL, PAIR = f"{DOC}/cn-5-1", f"{DOC}/cn-5-2", f"{DOC}/cn-5-2-i", f"{DOC}/cn-5-2-ii"
SKULL, HAMMER, CRAFT, BUILD = f"{DOC}/cn-5-2-d", f"{DOC}/cn-5-2-e", f"{DOC}/cn-5-2-f", f"{DOC}/cn-5-2-g"
RITUAL, EVENING_DRAW = f"{DOC}/cn-6-1", f"{DOC}/cn-6-2"
# --- corpus notes: the documented readings ------------------------------------------------------------------
RITUAL_NECROS = "notes/rituel-necro-count"
CEMETERY_HALF = "notes/cemetery-removal-half"
FOSSOYER_BIRDS = "notes/fossoyer-bird-cards"
WARRIOR_SUPPLY = "notes/warrior-supply"
STACKING = "notes/ambiance-presence-stacking"
