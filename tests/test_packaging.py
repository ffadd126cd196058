"""The corpus ships as package data, so an installed ``arbitre`` works anywhere."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

from tests.conftest import REPO


def test_wheel_carries_the_corpus(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(tmp_path), str(REPO)],
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("arbitre-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    shipped = {f"corpus/data/{p.name}" for p in (REPO / "corpus" / "data").glob("*.yaml")}
    assert shipped and shipped <= names
    assert {"qa/cli.py", "qa/e5_tokens.c", "corpus/loader.py", "engine/__init__.py", "eval/__init__.py"} <= names
    entry_points = next(n for n in names if n.endswith("entry_points.txt"))
    assert "arbitre = qa.cli:main" in zipfile.ZipFile(wheel).read(entry_points).decode()
