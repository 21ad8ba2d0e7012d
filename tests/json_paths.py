"""Walking a JSON document by paths of keys and indices (the position fuzzers share these)."""

from __future__ import annotations

import json
from typing import Any


def copy_doc(doc: dict[str, Any]) -> dict[str, Any]:
    """A deep copy of plain JSON data."""
    return json.loads(json.dumps(doc))


def nodes(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The path of every value inside ``value`` (keys of objects, indices of lists), depth first."""
    found = [prefix] if prefix else []
    if isinstance(value, dict):
        for k, v in value.items():
            found += nodes(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            found += nodes(v, (*prefix, i))
    return found


def get_at(doc: Any, path: tuple[Any, ...]) -> Any:
    """The value at ``path``."""
    for key in path:
        doc = doc[key]
    return doc
