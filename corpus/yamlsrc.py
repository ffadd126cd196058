"""Read YAML corpus files, keeping the line of every mapping so errors can point at it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml


class CorpusError(ValueError):
    """Bad corpus input. The message names the file, the line and the problem."""

    def __init__(self, path: str | Path, line: int | None, problem: str) -> None:
        self.path = str(path)
        self.line = line
        self.problem = problem
        where = f"{self.path}:{line}" if line is not None else self.path
        super().__init__(f"{where}: {problem}")


class Mapping(dict[str, Any]):
    """A YAML mapping that remembers the (1-based) line where it starts."""

    line: int = 0


class _LineLoader(yaml.CSafeLoader):
    """A safe loader (libyaml's parser, which PyYAML's wheels include) that records lines and refuses
    duplicate keys."""


def _construct_mapping(loader: _LineLoader, node: yaml.MappingNode) -> Mapping:
    seen: set[Any] = set()
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=True)
        if key in seen:
            raise yaml.constructor.ConstructorError(None, None, f"duplicate key {key!r}", key_node.start_mark)
        seen.add(key)
    mapping = Mapping({str(k): v for k, v in loader.construct_mapping(node, deep=True).items()})
    mapping.line = node.start_mark.line + 1
    return mapping


_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


def read_yaml(path: Path, text: str) -> Mapping:
    """Parse one corpus file whose top level must be a mapping.

    Raises :class:`CorpusError` with the line of a syntax error or duplicate key.
    """
    try:
        data = yaml.load(text, Loader=_LineLoader)  # noqa: S506 - a SafeLoader subclass
    except yaml.MarkedYAMLError as exc:
        line = exc.problem_mark.line + 1 if exc.problem_mark else None
        raise CorpusError(path, line, f"invalid YAML: {exc.problem}") from None
    if not isinstance(data, Mapping):
        raise CorpusError(path, 1, "the file must hold a mapping at the top level")
    return data
