"""Reading JSON fields with one-line errors that name the field path (saved positions, sessions).

``StateError("clearings.5.warriors.<faction>", "-1 is not a count")`` reads
``clearings.5.warriors.<faction>: -1 is not a count``.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterable
from typing import Any


class StateError(ValueError):
    """A saved position that cannot be loaded. ``str()`` is one line: ``path: problem``."""

    def __init__(self, path: str, problem: str) -> None:
        path, problem = one_line(path), one_line(problem)
        super().__init__(f"{path}: {problem}" if path else problem)
        self.path = path
        self.problem = problem


def one_line(text: str) -> str:
    """Escape anything that would break the message over lines (or hide in it)."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in text)


def show(value: Any) -> str:
    """A value as it would look in the file, shortened for a one-line message."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        return "a number with more than 60 digits"
    if isinstance(value, str):  # shortened inside the quotes, so that it stays one string
        text, n = json.dumps(value), min(len(value), 36)
        while len(text) > 40:
            n -= 1
            text = json.dumps(value[:n] + "...")
        return text
    try:
        text = json.dumps(value)
    except (TypeError, ValueError, RecursionError):
        text = f"a {type(value).__name__}"
    return text if len(text) <= 40 else text[:36] + " ..."


def seg(key: Any) -> str:
    """A key as one segment of a path: bare when it is a plain word, quoted otherwise."""
    if isinstance(key, str) and key and len(key) <= 40 and all(ch.isalnum() or ch in "_#-" for ch in key) and key.isascii():
        return key
    return show(key)


def at(path: str, key: Any) -> str:
    return f"{path}.{seg(key)}" if path else seg(key)


def obj(value: Any, path: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise StateError(path, f"expected an object, got {kind_of(value)}")
    return value


def lst(value: Any, path: str) -> list[Any]:
    if not isinstance(value, list):
        raise StateError(path, f"expected a list, got {kind_of(value)}")
    return value


def integer(value: Any, path: str, lo: int | None = None, hi: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise StateError(path, f"expected a whole number, got {kind_of(value)}")
    if lo is not None and value < lo:
        raise StateError(path, f"{show(value)} is below {lo}")
    if hi is not None and value > hi:
        raise StateError(path, f"{show(value)} is above {hi}")
    return value


def count(value: Any, path: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise StateError(path, f"{show(value)} is not a count")
    return value


def string(value: Any, path: str, choices: Iterable[str] | None = None) -> str:
    if not isinstance(value, str):
        raise StateError(path, f"expected a string, got {kind_of(value)}")
    if choices is not None:
        options = list(choices)
        if value not in options:
            raise StateError(path, f"{show(value)} is not one of {', '.join(options)}")
    return value


def kind_of(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return f"the number {show(value)}"
    if isinstance(value, str):
        return f"the string {show(value)}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return f"a {type(value).__name__}"  # not JSON at all (from_json given Python data)


def require(data: dict[str, Any], key: str, path: str) -> Any:
    if key not in data:
        raise StateError(at(path, key), "is missing")
    return data[key]


def only(data: dict[str, Any], fields: Iterable[str], path: str, what: str) -> None:
    """Unknown keys are an error (a misspelt field would otherwise be silently ignored)."""
    known = tuple(fields)
    for key in data:
        if key not in known:
            raise StateError(at(path, key), f"is not a field of {what} (fields: {', '.join(known)})")


class Cards:
    """Card names to ids, checking that no card is in two places."""

    def __init__(self, by_name: dict[str, int], extras: dict[str, tuple[int, str]] | None = None) -> None:
        self.by_name = by_name
        self.extras = extras or {}  # names of pieces that are not deck cards: name -> (id, where they may be)
        self.seen: dict[int, str] = {}

    def one(self, value: Any, path: str, extra_ok: bool = False) -> int:
        name = string(value, path)
        if name in self.extras:
            cid, where = self.extras[name]
            if not extra_ok:
                raise StateError(path, f"{show(name)} can only be {where}")
            return cid
        if name not in self.by_name:
            close = difflib.get_close_matches(name, self.by_name, n=1)
            hint = f" (did you mean {show(close[0])}?)" if close else ""
            raise StateError(path, f"{show(name)} is not a card of the deck{hint}")
        cid = self.by_name[name]
        if cid in self.seen:
            raise StateError(path, f"card {show(name)} is already at {self.seen[cid]}")
        self.seen[cid] = path
        return cid

    def many(self, value: Any, path: str, extra_ok: bool = False) -> list[int]:
        return [self.one(v, f"{path}.{i}", extra_ok) for i, v in enumerate(lst(value, path))]
