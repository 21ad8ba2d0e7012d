"""A table game session is a record, not a snapshot: its configuration and the ordered entries
typed at the table (human lines, ``done``, answers, ``ok``). The position is what the entries
give when played from the configuration (``replay.Play``). Every entry is written to the file
at once, atomically (see docs/session-format.md); ``undo``/``redo`` drop and bring back entries.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.chance import ChanceExhausted
from ..core.context import EngineFailure
from ..core.faction import LAW
from ..core.serial import write_atomic
from ..game import ConfigError, GameConfig, Seat
from .chance import MODES, SHAPES, BadAnswer
from .board import LINES_UNREAD
from .controller import LineRefused
from .law import BOARD, RULES, law_built
from .law import LAW as LAW_RULES
from .replay import Play, Refused

FORMAT = "rootbotics-table-session"
VERSION = 1
ENTRY_FIELDS: dict[str, tuple[str, ...]] = {
    "line": ("kind", "faction", "text"),
    "done": ("kind", "faction"),
    "answer": ("kind", "ask", "value"),
    "ok": ("kind", "n"),
}


class SessionError(ValueError):
    """A session file or configuration that cannot be used; one line naming the field."""

    def __init__(self, path: str, problem: str) -> None:
        super().__init__(f"{path}: {problem}" if path else problem)
        self.path = path


@dataclass(slots=True)
class TableSeat:
    faction: str
    seat: str  # "human" | "bot"
    player: str = ""  # a human's name
    difficulty: str = "default"
    traits: tuple[str, ...] = ()
    rule_set: str = LAW  # a bot's rule set (core.faction.RULE_SETS): "law" or "bbp"
    rules: str = BOARD  # a human's: "law" (played by legal moves, table/law.py) or "board" (Rootlog lines, no rule checks)


@dataclass(slots=True)
class TableConfig:
    """Seats in turn order, map and suits, seed, and where dice and cards come from."""

    seats: list[TableSeat]
    map: str = "fall"
    suits: list[str] | None = None
    seed: int = 0
    dice: str = "app"
    deck: str = "app"
    options: dict[str, Any] = field(default_factory=dict)

    def game_config(self) -> GameConfig:
        seats = [Seat(s.faction, s.seat, s.difficulty, tuple(s.traits), s.rule_set) for s in self.seats]
        return GameConfig(seats, self.map, self.seed, options=dict(self.options), suits=self.suits)

    def validate(self) -> None:
        for name in ("dice", "deck"):
            if getattr(self, name) not in MODES:
                raise SessionError(f"config.{name}", f"{getattr(self, name)!r} is not one of {', '.join(MODES)}")
        for i, seat in enumerate(self.seats):
            if seat.seat == "human" and not seat.player.strip():
                raise SessionError(f"config.seats.{i}.player", f"the human {seat.faction} needs a player name")
            if seat.rules not in RULES:
                raise SessionError(f"config.seats.{i}.rules", f"{seat.rules!r} is not one of {', '.join(RULES)}")
            if seat.rules == LAW_RULES and seat.seat != "human":
                raise SessionError(f"config.seats.{i}.rules", "only a human seat plays by the Law of Root's legal moves (a bot by its own rule set)")
            if seat.rules == LAW_RULES and not law_built(seat.faction):
                raise SessionError(f"config.seats.{i}.rules", f"the {seat.faction}'s Law of Root is not built yet: this seat plays by board rules")
            if seat.rules == BOARD and seat.seat == "human" and seat.faction in LINES_UNREAD:  # ruling R-KEEPERS-TABLE
                raise SessionError(f"config.seats.{i}.rules", f"the {seat.faction}' Rootlog lines are not read by the board mode yet: this seat plays by legal moves (rules: law)")
        try:
            self.game_config().validate()
        except ConfigError as e:  # "field: problem"
            field, _, problem = str(e).partition(": ")
            raise SessionError(f"config.{field}", problem) from None

    def law_factions(self) -> frozenset[str]:
        """The human seats played by legal moves (law mode)."""
        return frozenset(s.faction for s in self.seats if s.seat == "human" and s.rules == LAW_RULES)

    def player(self, faction: str) -> str:
        return next((s.player for s in self.seats if s.faction == faction and s.player), faction)

    def to_json(self) -> dict[str, Any]:
        seats = []
        for s in self.seats:
            entry: dict[str, Any] = {"faction": s.faction, "seat": s.seat}
            if s.seat == "human":
                entry["player"] = s.player
                if s.rules != BOARD:  # absent: board rules (files of before stay as they were)
                    entry["rules"] = s.rules
            else:
                entry.update(difficulty=s.difficulty, traits=list(s.traits))
                if s.rule_set != LAW:  # absent: the Law of Robotics (files of before stay as they were)
                    entry["rule_set"] = s.rule_set
            seats.append(entry)
        return {"seats": seats, "map": self.map, "suits": self.suits, "seed": self.seed, "dice": self.dice, "deck": self.deck, "options": self.options}


class Session:
    """A game at the table, kept in ``path`` after every entry."""

    def __init__(self, config: TableConfig, path: Path, entries: list[dict[str, Any]] | None = None, undone: list[dict[str, Any]] | None = None) -> None:
        config.validate()
        self.config = config
        self.path = Path(path)
        self.entries: list[dict[str, Any]] = []
        self.undone: list[dict[str, Any]] = list(undone or [])
        self.play = self._replay(entries or [])

    def _replay(self, entries: list[dict[str, Any]]) -> Play:
        play = Play(self.config)
        self.entries = []
        for i, entry in enumerate(entries):
            try:
                play.feed(entry)
            except (Refused, BadAnswer, LineRefused) as e:
                raise SessionError(f"entries.{i}", str(e)) from None
            except (EngineFailure, ChanceExhausted) as e:
                raise SessionError(f"entries.{i}", f"the engine could not play on: {e}") from None
            self.entries.append(entry)
        return play

    # -- what the table does ----------------------------------------------------------------------
    def enter(self, entry: dict[str, Any]) -> None:
        """Add one entry (raises ``Refused`` and changes nothing when it does not fit), then save."""
        self.play.feed(entry)
        self.entries.append(entry)
        self.undone.clear()
        self.save()

    def undo(self, n: int = 1) -> int:
        """Drop the last ``n`` entries (fewer if there are fewer); returns how many were dropped."""
        n = max(0, min(n, len(self.entries)))
        if n:
            dropped = self.entries[len(self.entries) - n :]
            self.undone[:0] = dropped
            self.play = self._replay(self.entries[: len(self.entries) - n])
            self.save()
        return n

    def redo(self, n: int = 1) -> int:
        """Bring back up to ``n`` undone entries, oldest first; returns how many came back."""
        done = 0
        while done < n and self.undone:
            self.play.feed(self.undone[0])
            self.entries.append(self.undone.pop(0))
            done += 1
        if done:
            self.save()
        return done

    # -- the file ---------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "config": self.config.to_json(), "entries": self.entries, "undone": self.undone}

    def save(self) -> None:
        lines = ",\n    ".join(json.dumps(e, ensure_ascii=False) for e in self.entries)
        undone = ",\n    ".join(json.dumps(e, ensure_ascii=False) for e in self.undone)
        head = json.dumps({"format": FORMAT, "version": VERSION, "config": self.config.to_json()}, ensure_ascii=False)[:-1]
        text = f'{head},\n  "entries": [\n    {lines}\n  ],\n  "undone": [\n    {undone}\n  ]\n}}\n'
        write_atomic(self.path, text)

    @classmethod
    def load(cls, path: str | Path) -> Session:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as e:
            raise SessionError("", f"cannot read {path}: {e.strerror or e}") from None
        except UnicodeDecodeError:
            raise SessionError("", f"{path} is not a UTF-8 text file") from None
        try:
            data = json.loads(text)
        except ValueError as e:
            raise SessionError("", f"{path} is not valid JSON ({e})") from None
        config, entries, undone = read_session(data)
        return cls(config, Path(path), entries, undone)


# -- reading and checking a session file ---------------------------------------------------------
def read_session(data: Any) -> tuple[TableConfig, list[dict[str, Any]], list[dict[str, Any]]]:
    """The configuration and entries of a session file, each field checked (one-line errors)."""
    _obj(data, "")
    _only(data, ("format", "version", "config", "entries", "undone"), "")
    if data.get("format") != FORMAT:
        raise SessionError("format", f"{data.get('format')!r} is not {FORMAT!r}")
    if data.get("version") != VERSION:
        raise SessionError("version", f"{data.get('version')!r}: this version reads version {VERSION}")
    config = read_config(_need(data, "config", ""))
    entries = [read_entry(e, f"entries.{i}") for i, e in enumerate(_list(_need(data, "entries", ""), "entries"))]
    undone = [read_entry(e, f"undone.{i}") for i, e in enumerate(_list(data.get("undone", []), "undone"))]
    return config, entries, undone


def read_config(raw: Any) -> TableConfig:
    _obj(raw, "config")
    _only(raw, ("seats", "map", "suits", "seed", "dice", "deck", "options"), "config")
    seats = [read_seat(s, f"config.seats.{i}") for i, s in enumerate(_list(_need(raw, "seats", "config"), "config.seats"))]
    suits = raw.get("suits")
    if suits is not None and not (isinstance(suits, list) and all(isinstance(x, str) for x in suits)):
        raise SessionError("config.suits", "expected null or a list of suit names")
    seed = _need(raw, "seed", "config")
    if type(seed) is not int or seed < 0:
        raise SessionError("config.seed", f"{seed!r} is not a whole number of 0 or more")
    options = raw.get("options", {})
    _obj(options, "config.options")
    cfg = TableConfig(seats, _str(raw.get("map", "fall"), "config.map"), suits, seed, _str(raw.get("dice", "app"), "config.dice"), _str(raw.get("deck", "app"), "config.deck"), options)
    cfg.validate()
    return cfg


def read_seat(raw: Any, path: str) -> TableSeat:
    _obj(raw, path)
    _only(raw, ("faction", "seat", "player", "difficulty", "traits", "rule_set", "rules"), path)
    traits = _list(raw.get("traits", []), f"{path}.traits")
    for j, t in enumerate(traits):
        _str(t, f"{path}.traits.{j}")
    return TableSeat(
        _str(_need(raw, "faction", path), f"{path}.faction"),
        _str(_need(raw, "seat", path), f"{path}.seat"),
        _str(raw.get("player", ""), f"{path}.player"),
        _str(raw.get("difficulty", "default"), f"{path}.difficulty"),
        tuple(traits),
        _str(raw.get("rule_set", LAW), f"{path}.rule_set"),
        _str(raw.get("rules", BOARD), f"{path}.rules"),
    )


def read_entry(raw: Any, path: str) -> dict[str, Any]:
    _obj(raw, path)
    kind = _str(_need(raw, "kind", path), f"{path}.kind")
    if kind not in ENTRY_FIELDS:
        raise SessionError(f"{path}.kind", f"{kind!r} is not one of {', '.join(ENTRY_FIELDS)}")
    _only(raw, ENTRY_FIELDS[kind], path)
    if kind in ("line", "done"):
        _str(_need(raw, "faction", path), f"{path}.faction")
    if kind == "line":
        _str(_need(raw, "text", path), f"{path}.text")
    if kind == "answer":
        ask = _str(_need(raw, "ask", path), f"{path}.ask")
        if ask not in SHAPES:
            raise SessionError(f"{path}.ask", f"{ask!r} is not one of {', '.join(SHAPES)}")
        _need(raw, "value", path)
    if kind == "ok":
        n = raw.get("n", 1)
        if type(n) is not int or n < 1:
            raise SessionError(f"{path}.n", f"{n!r} is not a count of 1 or more")
    return raw


def _obj(value: Any, path: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise SessionError(path, "expected an object")
    return value


def _list(value: Any, path: str) -> list[Any]:
    if not isinstance(value, list):
        raise SessionError(path, "expected a list")
    return value


def _str(value: Any, path: str) -> str:
    if not isinstance(value, str):
        raise SessionError(path, f"expected a string, got {json.dumps(value)[:30]}")
    return value


def _need(data: dict[str, Any], key: str, path: str) -> Any:
    if key not in data:
        raise SessionError(f"{path}.{key}" if path else key, "is missing")
    return data[key]


def _only(data: dict[str, Any], fields: tuple[str, ...], path: str) -> None:
    for key in data:
        if key not in fields:
            where = f"{path}.{key}" if path else str(key)
            raise SessionError(where, f"is not a field here (fields: {', '.join(fields)})")
