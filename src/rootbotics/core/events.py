"""Events: every change to the game, with its faction, phase, rule number and reason.

An event stores a message template and the values it needs; the text is formatted only when
somebody reads it (``Event.text``), so simulations pay for a tuple and a dict, not a string.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

_SUITED_PIECE = re.compile(r"^(base|garden)_(fox|mouse|rabbit)$")


def piece_words(kind: str) -> str:
    """A piece's internal name in a player's words: ``garden_fox`` -> ``fox garden``,
    ``base_mouse`` -> ``mouse base``, ``trade_post`` -> ``trade post``."""
    m = _SUITED_PIECE.match(kind)
    return f"{m[2]} {m[1]}" if m else kind.replace("_", " ")


_MASS_ITEMS = frozenset({"boots", "coins", "tea"})  # items named in the plural or uncounted: no article


def an_item(kind: str) -> str:
    """An item in a player's words: ``a sword``, ``a torch``, but ``boots``, ``coins``, ``tea``."""
    return kind if kind.split(" ", 1)[0] in _MASS_ITEMS else a_or_an(kind)


def a_or_an(words: str) -> str:
    """``words`` after its indefinite article: ``an item``, ``a fox garden``, ``an Owl``."""
    return f"{'an' if words[:1].lower() in 'aeiou' else 'a'} {words}"


class _Words(string.Formatter):
    """Templates name a piece kind as ``{kind:piece}`` (its words, ``piece_words``) and add its
    article with ``{kind:a piece}``, an item as ``{item:an item}`` (``an_item``), a count of items as ``{n:items}``; the event's
    data keeps the internal name."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec == "piece":
            return piece_words(str(value))
        if format_spec == "a piece":
            return a_or_an(piece_words(str(value)))
        if format_spec == "a":
            return a_or_an(str(value))
        if format_spec == "an item":
            return an_item(str(value))
        if format_spec == "items":
            return f"{value} item{'' if value == 1 else 's'}"
        return super().format_field(value, format_spec)


_WORDS = _Words()


def format_template(template: str, data: dict[str, Any]) -> str:
    """An event's sentence: ``template`` formatted with ``data`` (the word specs of ``_Words``)."""
    if not data:
        return template
    if ":piece}" in template or ":a}" in template or ":a piece}" in template or ":an item}" in template or ":items}" in template:
        return _WORDS.vformat(template, (), data)
    return template.format(**data)


@dataclass(slots=True)
class Event:
    """One change (or one decision) in the game."""

    seq: int
    round: int
    faction: str | None
    phase: str
    rule: str
    kind: str
    template: str
    data: dict[str, Any]
    why: Callable[[], str] | None = None  # lazily built explanation of a decision

    @property
    def text(self) -> str:
        msg = format_template(self.template, self.data)
        if self.why is not None:
            msg = f"{msg} — {self.why()}"
        return msg

    def to_json(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "round": self.round,
            "faction": self.faction,
            "phase": self.phase,
            "rule": self.rule,
            "kind": self.kind,
            "data": {k: _plain(v) for k, v in self.data.items()},
            "text": self.text,
        }

    def line(self) -> str:
        """One log line: ``[rule] faction: text``."""
        who = self.faction or "game"
        return f"[{self.rule}] {who}: {self.text}"


def _plain(value: Any) -> Any:
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


@dataclass(slots=True)
class EventLog:
    """The game's events in order. ``listeners`` see each event as it happens."""

    events: list[Event] = field(default_factory=list)
    listeners: list[Callable[[Event], None]] = field(default_factory=list)

    def __iter__(self) -> Iterator[Event]:
        return iter(self.events)

    def __len__(self) -> int:
        return len(self.events)

    def append(self, event: Event) -> None:
        self.events.append(event)
        for listen in self.listeners:
            listen(event)

    def of_kind(self, kind: str) -> list[Event]:
        return [e for e in self.events if e.kind == kind]

    def lines(self) -> list[str]:
        return [e.line() for e in self.events]

    def signature(self) -> list[tuple[Any, ...]]:
        """Everything that identifies the events, without formatting any text."""
        return [
            (e.round, e.faction, e.phase, e.rule, e.kind, tuple(sorted((k, repr(v)) for k, v in e.data.items())))
            for e in self.events
        ]
