"""Game records: a whole game as its configuration and seed, plus the answers human seats
gave, and a digest of the event log. Replaying a record rebuilds the identical game.

Format (JSON, ``"format": "rootbotics-game"``, version 1)::

    {"format": "rootbotics-game", "version": 1, "engine": "0.1.0",
     "config": {"map": "fall", "seed": 7, "max_rounds": 150, "options": {},
                "seats": [{"faction": "marquise", "seat": "bot", "difficulty": "default", "traits": [],
                           "rule_set": "bbp"}, ...]},   (rule_set absent: the Law of Robotics)
     "decisions": [{"seat": "alliance", "ask": "assign_hits", "answer": ["sympathy"]}, ...],
     "result": {"winner": ["eyrie"], "end_reason": "...", "round": 8, "scores": {"eyrie": 30, ...},
                "events": 263, "digest": "sha256 of the event log"},
     "stand_ins": ["vagabot: the Robot Raccoon's paths: ... (stand-in, R-BBP-RR-PATHS)"]}
                   (only when the game played a stand-in for a value lost from a rule set's text)
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from . import game as G
from .core.context import EngineFailure, Game
from .core.controllers import Controller
from .core.events import EventLog
from .core.serial import StateError, write_atomic

FORMAT = "rootbotics-game"
VERSION = 1
ASKS = ("take_turn", "assign_hits", "ambush_card", "outrage_card", "field_hospitals", "automated_outrage_discard", "enlist_arbiter", "buy_services", "investors_discard")


class ReplayMismatch(RuntimeError):
    """A replay did not rebuild the recorded game."""


def digest(log: EventLog) -> str:
    """A fingerprint of everything the events say (no text formatting needed)."""
    h = hashlib.sha256()
    for sig in log.signature():
        h.update(repr(sig).encode())
        h.update(b"\n")
    return h.hexdigest()


class RecordingController:
    """Passes every question to a real controller and keeps the answers, in order."""

    def __init__(self, seat: str, inner: Controller, decisions: list[dict[str, Any]]) -> None:
        self.seat = seat
        self.inner = inner
        self.decisions = decisions

    def _ask(self, ask: str, *args: Any) -> Any:
        answer = getattr(self.inner, ask)(*args)
        self.decisions.append({"seat": self.seat, "ask": ask, "answer": answer})
        return answer

    def take_turn(self, g: Game, faction: str) -> None:
        self._ask("take_turn", g, faction)

    def assign_hits(self, g: Game, faction: str, clearing: int, hits: int, removable: list[str]) -> list[str]:
        return list(self._ask("assign_hits", g, faction, clearing, hits, removable))

    def ambush_card(self, g: Game, faction: str, clearing: int, attacker: str) -> int | None:
        return self._ask("ambush_card", g, faction, clearing, attacker)

    def outrage_card(self, g: Game, faction: str, clearing: int) -> int | None:
        return self._ask("outrage_card", g, faction, clearing)

    def field_hospitals(self, g: Game, faction: str, clearing: int, warriors: int) -> int | None:
        return self._ask("field_hospitals", g, faction, clearing, warriors)

    def automated_outrage_discard(self, g: Game, faction: str, clearing: int) -> int:
        return self._ask("automated_outrage_discard", g, faction, clearing)

    def enlist_arbiter(self, g: Game, faction: str, clearing: int, attacker: str) -> bool:
        return bool(self._ask("enlist_arbiter", g, faction, clearing, attacker))

    def buy_services(self, g: Game, faction: str, offer: Any) -> list[tuple[str, int | None]]:
        answer = [[service, card] for service, card in self.inner.buy_services(g, faction, offer)]
        self.decisions.append({"seat": self.seat, "ask": "buy_services", "answer": answer})
        return [(service, card) for service, card in answer]

    def investors_discard(self, g: Game, faction: str, clearings: list[int]) -> int:
        return self._ask("investors_discard", g, faction, clearings)

    def guess_plot(self, g: Game, faction: str, clearing: int) -> str:
        return str(self._ask("guess_plot", g, faction, clearing))


class ReplayController:
    """Answers each question with the next recorded answer for this seat."""

    def __init__(self, seat: str, decisions: list[dict[str, Any]]) -> None:
        self.seat = seat
        self.answers = [d for d in decisions if d["seat"] == seat]
        self.pos = 0

    def _next(self, ask: str) -> Any:
        if self.pos >= len(self.answers):
            raise ReplayMismatch(f"{self.seat} was asked {ask} but the record has no more answers")
        entry = self.answers[self.pos]
        if entry["ask"] != ask:
            raise ReplayMismatch(f"{self.seat} was asked {ask} but the record answered {entry['ask']}")
        self.pos += 1
        return entry["answer"]

    def take_turn(self, g: Game, faction: str) -> None:
        self._next("take_turn")
        g.emit(faction, "LoR 1.4.1", "human_turn", "takes its turn at the table (no actions recorded)")

    def assign_hits(self, g: Game, faction: str, clearing: int, hits: int, removable: list[str]) -> list[str]:
        return list(self._next("assign_hits"))

    def ambush_card(self, g: Game, faction: str, clearing: int, attacker: str) -> int | None:
        return self._next("ambush_card")

    def outrage_card(self, g: Game, faction: str, clearing: int) -> int | None:
        return self._next("outrage_card")

    def field_hospitals(self, g: Game, faction: str, clearing: int, warriors: int) -> int | None:
        return self._next("field_hospitals")

    def automated_outrage_discard(self, g: Game, faction: str, clearing: int) -> int:
        return self._next("automated_outrage_discard")

    def enlist_arbiter(self, g: Game, faction: str, clearing: int, attacker: str) -> bool:
        return bool(self._next("enlist_arbiter"))

    def buy_services(self, g: Game, faction: str, offer: Any) -> list[tuple[str, int | None]]:
        return [(service, card) for service, card in self._next("buy_services")]

    def investors_discard(self, g: Game, faction: str, clearings: list[int]) -> int:
        return self._next("investors_discard")

    def guess_plot(self, g: Game, faction: str, clearing: int) -> str:
        return str(self._next("guess_plot"))


def seat_to_json(seat: G.Seat) -> dict[str, Any]:
    """A seat in a record; ``rule_set`` only when not the Law (older records read unchanged)."""
    data: dict[str, Any] = {"faction": seat.faction, "seat": seat.seat, "difficulty": seat.difficulty, "traits": list(seat.traits)}
    if seat.rule_set != G.LAW:
        data["rule_set"] = seat.rule_set
    return data


def config_to_json(config: G.GameConfig) -> dict[str, Any]:
    data: dict[str, Any] = {
        "map": config.map,
        "seed": config.seed,
        "max_rounds": config.max_rounds,
        "options": dict(config.options),
        "seats": [seat_to_json(s) for s in config.seats],
    }
    if config.suits is not None:  # the suit markers as given (LoR A.1); left out when shuffled or printed
        data["suits"] = list(config.suits)
    return data


def config_from_json(data: Any, path: str = "config") -> G.GameConfig:
    if not isinstance(data, dict):
        raise StateError(path, "expected an object")
    seats_raw = data.get("seats")
    if not isinstance(seats_raw, list):
        raise StateError(f"{path}.seats", "expected a list of seats")
    seats = []
    for i, s in enumerate(seats_raw):
        if not isinstance(s, dict) or not isinstance(s.get("faction"), str):
            raise StateError(f"{path}.seats.{i}", "expected an object with a faction")
        seats.append(
            G.Seat(
                s["faction"],
                str(s.get("seat", "bot")),
                str(s.get("difficulty", "default")),
                tuple(str(t) for t in s.get("traits", [])),
                str(s.get("rule_set", G.LAW)),
            )
        )
    for key in ("seed", "max_rounds"):
        if key in data and (isinstance(data[key], bool) or not isinstance(data[key], int)):
            raise StateError(f"{path}.{key}", "expected a whole number")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise StateError(f"{path}.options", "expected an object")
    suits = data.get("suits")
    if suits is not None and (not isinstance(suits, list) or not all(isinstance(x, str) for x in suits)):
        raise StateError(f"{path}.suits", "expected a list of suit names")
    config = G.GameConfig(
        seats,
        str(data.get("map", "fall")),
        int(data.get("seed", 0)),
        int(data.get("max_rounds", G.DEFAULT_MAX_ROUNDS)),
        dict(options),
        suits=None if suits is None else list(suits),
    )
    try:
        config.validate()
    except G.ConfigError as e:
        raise StateError(path, str(e)) from None
    return config


def play_recorded(
    config: G.GameConfig,
    controllers: dict[str, Controller] | None = None,
    on_start: Callable[[Game], None] | None = None,
) -> tuple[Game, dict[str, Any]]:
    """Play a whole game and return it with its record."""
    decisions: list[dict[str, Any]] = []
    recording = {f: RecordingController(f, c, decisions) for f, c in (controllers or {}).items()}
    g = G.new_game(config, controllers=recording)  # type: ignore[arg-type]
    if on_start is not None:
        on_start(g)
    G.play(g)
    return g, record_of(config, g, decisions)


def record_of(config: G.GameConfig, g: Game, decisions: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The record of a game played from ``config`` (its whole log, from setup), with the answers
    its human seats gave."""
    from . import __version__

    s = g.state
    record: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "engine": __version__,
        "config": config_to_json(config),
        "decisions": list(decisions or []),
        "result": {
            "winner": s.winner,
            "end_reason": s.end_reason,
            "round": s.round,
            "scores": {f: fs.vp for f, fs in s.factions.items()},
            "events": len(g.log),
            "digest": digest(g.log),
        },
    }
    used = stand_ins_of(config)
    if used:  # values lost from a rule set's text that this game played by a stand-in (issue 29)
        record["stand_ins"] = used
    return record


def stand_ins_of(config: G.GameConfig) -> list[str]:
    """The stand-ins a game played with, ``"vagabot: the Robot Raccoon's paths: ..."`` each (what
    a record says; derived from its configuration, so a replay needs nothing more)."""
    bots = [(seat.faction, seat.rule_set) for seat in config.seats if seat.seat == "bot"]
    return [f"{faction}: {phrase}" for faction, _, phrase in G.stand_ins(bots, config.options)]


def check_record(record: Any) -> G.GameConfig:
    """The record's configuration, once its format, version, decisions and result are sound;
    otherwise ``StateError`` naming the field."""
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise StateError("format", f"not a {FORMAT!r} record")
    if record.get("version") != VERSION:
        raise StateError("version", f"this engine reads version {VERSION}")
    config = config_from_json(record.get("config"))
    decisions = record.get("decisions", [])
    if not isinstance(decisions, list):
        raise StateError("decisions", "expected a list")
    for i, d in enumerate(decisions):
        if not isinstance(d, dict) or not isinstance(d.get("seat"), str) or d.get("ask") not in ASKS:
            raise StateError(f"decisions.{i}", f"expected an object with a seat and an ask ({', '.join(ASKS)})")
    result = record.get("result", {})
    if not isinstance(result, dict):
        raise StateError("result", "expected an object")
    if "digest" in result and not isinstance(result["digest"], str):
        raise StateError("result.digest", "expected the text of a digest")
    return config


def replay(
    record: dict[str, Any], on_start: Callable[[Game], None] | None = None, verify: bool = True, log: EventLog | None = None
) -> Game:
    """Rebuild a recorded game (into ``log`` if given, whose listeners see every event from
    setup on); with ``verify``, raise ``ReplayMismatch`` unless it is identical."""
    config = check_record(record)
    decisions = record.get("decisions", [])
    played = config.options.get("programs") or {}  # seats of built-in programs play again by themselves (seeded)
    humans = [s.faction for s in config.seats if s.seat == "human" and s.faction not in played]
    g = G.new_game(config, controllers={f: ReplayController(f, decisions) for f in humans}, log=log)  # type: ignore[misc]
    if on_start is not None:
        on_start(g)
    try:
        G.play(g)
    except EngineFailure:
        if verify and record.get("result", {}).get("winner") is not None:
            raise
    if verify:
        result = record.get("result", {})
        got = digest(g.log)
        if got != result.get("digest"):
            raise ReplayMismatch(f"the replay's events differ from the record (digest {got[:12]} != {str(result.get('digest'))[:12]})")
    return g


def save_record(record: dict[str, Any], path: str | Path) -> None:
    write_atomic(Path(path), json.dumps(record, indent=1) + "\n")


def load_record(path: str | Path) -> dict[str, Any]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as e:
        raise StateError("", f"cannot read {path}: {e.strerror or e}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise StateError("", f"{path} is not a JSON game record ({e})") from None
    if not isinstance(data, dict):
        raise StateError("", "a game record is a JSON object")
    return data
