"""Reading names as players type them: case and accents do not matter.

>>> fold(" Prosélytiste ") == fold("PROSELYTISTE")
True
"""

from __future__ import annotations

import unicodedata


def fold(text: str) -> str:
    """``text`` stripped, in lower case, without accents: the key names are compared by."""
    decomposed = unicodedata.normalize("NFKD", text.strip().casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))
