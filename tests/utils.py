"""Test helpers: a small demo corpus written to a temporary data folder, and the installed `arbitre e5-folder`."""

from __future__ import annotations

import multiprocessing
import shutil
import subprocess
import sys
import textwrap
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

#: What a function run in a process of its own returns.
T = TypeVar("T")

GAMES = """\
games:
- id: demo
  names: {fr: Démo, en: Demo}
  documents: [demo-doc]
"""

DOC = """\
document:
  id: demo-doc
  game: demo
  lang: fr
  title: Règles de démo
sections:
- id: demo-doc/setup
  title: Mise en place
- id: demo-doc/setup/cards
  parent: demo-doc/setup
  title: Les cartes
  text: |-
    Chaque joueur reçoit 6 cartes.
"""

NOTES = """\
document:
  id: notes
  lang: fr
notes:
- id: notes/cards
  title: Nombre de cartes
  quotes:
  - section: demo-doc/setup/cards
    text: reçoit 6 cartes
  open: Le texte ne dit pas d'où viennent les cartes.
"""

DOC_EN = """\
document: {id: demo-doc, lang: en, translated: true, title: Demo rules}
sections:
- id: demo-doc/setup
  title: Setup
- id: demo-doc/setup/cards
  title: The cards
  text: Each player gets 6 cards.
"""


def write(tmp_path: Path, **files: str) -> Path:
    """A data folder with the demo games, document and notes, some replaced by ``files`` ("" drops one)."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    contents = {"games.yaml": GAMES, "demo-doc.fr.yaml": DOC, "notes.fr.yaml": NOTES, **files}
    for name, text in contents.items():
        if text:
            (tmp_path / name).write_text(textwrap.dedent(text), encoding="utf-8")
    return tmp_path


RULINGS = """\
rulings:
- id: rulings/demo/cards
  section: demo-doc/setup/cards
  quote: {fr: reçoit 6 cartes, en: gets 6 cards}
  questions:
    fr: ["Combien de cartes au départ ?", "on a combien de cartes"]
    en: ["How many cards do I start with?", "how many cards each"]
  answer: {fr: 6 cartes., en: 6 cards.}
"""


def e5_folder_command(*args: str) -> subprocess.CompletedProcess[str]:
    """The installed ``arbitre e5-folder``, in a process of its own (the build's arrays never sit in this one)."""
    arbitre = shutil.which("arbitre", path=str(Path(sys.executable).parent))
    assert arbitre, "the arbitre command is not installed"
    return subprocess.run([arbitre, "e5-folder", *args], capture_output=True, text=True, timeout=300, check=False)


def in_a_process_of_its_own(function: Callable[..., T], *args: Any) -> T:
    """``function(*args)`` run in a freshly spawned interpreter, its result sent back: what it loads (torch, a
    model) is gone when it returns, and never sits in the test process. ``function`` must be importable."""
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=1, mp_context=context) as pool:
        return pool.submit(function, *args).result(timeout=600)
