"""What a study is, and one seeded game of it as a result.

A study is a configuration (bots, map, difficulty and traits per bot, options, round limit,
whether seats rotate) played over a range of seeds. Game ``seed`` of a study is always the same
game, so its result is always the same record: nothing here reads a clock or the machine.

A game that raises (an ``EngineFailure`` for a stalled game, or any bug) is a result too: its
record carries the error and the position at the start of the failing turn, so it can be
replayed (``rootbotics replay``).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from functools import cache

from .. import __version__
from ..core import serial
from ..core.context import Game
from ..game import DEFAULT_MAX_ROUNDS, LAW, GameConfig, Seat, new_game, play
from .tally import Tally

MESSAGE_LIMIT = 500  # characters of an error message kept in a row


@dataclass(frozen=True, slots=True)
class Study:
    """A configuration to play many times. ``difficulty``, ``traits`` and ``rule_sets`` line up
    with ``bots`` (empty: every bot at default difficulty, without traits, by the Law)."""

    bots: tuple[str, ...]
    map: str = "fall"
    max_rounds: int = DEFAULT_MAX_ROUNDS
    difficulty: tuple[str, ...] = ()
    traits: tuple[tuple[str, ...], ...] = ()
    options: tuple[tuple[str, object], ...] = ()
    rotate_seats: bool = False
    rule_sets: tuple[str, ...] = ()
    suits: tuple[str, ...] = ()  # the clearings' suits in priority order, as given (empty: printed or shuffled by seed)

    @property
    def lineup(self) -> str:
        """The bots, a seat of another rule set than the Law as ``marquise@bbp``."""
        return ",".join(f if self.rule_set_of(f) == LAW else f"{f}@{self.rule_set_of(f)}" for f in self.bots)

    def rule_set_of(self, faction: str) -> str:
        return self.rule_sets[self.bots.index(faction)] if self.rule_sets else LAW

    def difficulty_of(self, faction: str) -> str:
        return self.difficulty[self.bots.index(faction)] if self.difficulty else "default"

    def traits_of(self, faction: str) -> tuple[str, ...]:
        return self.traits[self.bots.index(faction)] if self.traits else ()

    def turn_order(self, seed: int) -> tuple[str, ...]:
        """The bots in turn order for game ``seed``. With seat rotation, the lineup is turned
        left by ``seed mod players``, so every bot sits in every seat equally often over a
        range of seeds, and a game's seats depend on its seed alone (shards agree)."""
        if not self.rotate_seats:
            return self.bots
        k = seed % len(self.bots)
        return self.bots[k:] + self.bots[:k]

    @property
    def programs(self) -> dict[str, str]:
        """Seats played by a built-in program (options ``programs``, kept as pairs so a study
        stays hashable)."""
        return dict(dict(self.options).get("programs", ()))  # type: ignore[call-overload]

    def config(self, seed: int) -> GameConfig:
        programs = self.programs
        seats = [
            Seat(f, "human") if f in programs else Seat(f, "bot", self.difficulty_of(f), self.traits_of(f), self.rule_set_of(f))
            for f in self.turn_order(seed)
        ]
        options = dict(self.options)
        if programs:
            options["programs"] = programs
        return GameConfig(seats, self.map, seed, self.max_rounds, options, suits=list(self.suits) if self.suits else None)

    def describe(self) -> dict[str, object]:
        """The study as JSON data (for the run manifest and the study key)."""
        described: dict[str, object] = {
            "bots": list(self.bots),
            "map": self.map,
            "max_rounds": self.max_rounds,
            "difficulty": {f: self.difficulty_of(f) for f in self.bots},
            "traits": {f: list(self.traits_of(f)) for f in self.bots},
            "options": dict(self.options),
            "rotate_seats": self.rotate_seats,
            "engine_version": __version__,
        }
        if any(self.rule_set_of(f) != LAW for f in self.bots):  # left out for the Law: study keys stay
            described["rule_sets"] = {f: self.rule_set_of(f) for f in self.bots}
        if self.suits:  # left out when not given: study keys stay
            described["suits"] = list(self.suits)
        return described

    def options_json(self) -> str:
        """The game options as JSON, with the suits when they were given (the row's ``options``)."""
        options = dict(self.options)
        if self.suits:
            options["suits"] = list(self.suits)
        return json.dumps(options, sort_keys=True)

    def key(self) -> str:
        """A short name for the study: a digest of its configuration and the engine version.
        Result files carry it, so studies of different configurations can share a folder."""
        return study_key(self)


def study_key(study: Study) -> str:
    """The study's digest, by its description's JSON (an option's value may be a list or an
    object, the Robot Raccoon's paths, so the study itself is not hashed)."""
    return _digest(json.dumps(study.describe(), sort_keys=True))


@cache
def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:10]


@dataclass(slots=True)
class GameRecord:
    """The result of one game: what ends up in one row of the games table."""

    seed: int
    turn_order: tuple[str, ...]
    status: str  # "ok" | "failed"
    winners: list[str] = field(default_factory=list)
    vp: list[int] = field(default_factory=list)  # in turn order
    rounds: int = 0
    turns: int = 0  # whole turns played (a failing turn does not count)
    events: int = 0
    end_reason: str | None = None
    error_type: str | None = None
    error_message: str | None = None
    failed_faction: str | None = None
    failed_phase: str | None = None
    position: str | None = None  # saved position at the start of the failing turn (JSON)
    trajectory: list[tuple[int, list[int]]] | None = None  # (round, VP in turn order) at each round's end
    counts: list[dict[str, int]] = field(default_factory=list)  # what each seat did (sim.tally), in turn order
    characters: list[str | None] = field(default_factory=list)  # the Vagabot's character, in turn order


def one_line(text: str, limit: int = MESSAGE_LIMIT) -> str:
    line = " ".join(str(text).split())
    return line if len(line) <= limit else line[: limit - 1] + "…"


def turns_done(g: Game) -> int:
    """Whole turns played so far (the current turn not included)."""
    s = g.state
    return (s.round - 1) * len(s.turn_order) + s.turn


def play_one(study: Study, seed: int, trajectory: bool = False) -> GameRecord:
    """Play game ``seed`` of the study to its end and return its record; never raises for a
    game that fails (``KeyboardInterrupt`` still stops the run)."""
    config = study.config(seed)
    order = tuple(s.faction for s in config.seats)
    traj: list[tuple[int, list[int]]] | None = [] if trajectory else None
    g: Game | None = None
    tally = Tally(order)
    try:
        g = new_game(config, count_only=True, watch=tally.watch)
        on_turn = None
        if traj is not None:
            record_round = traj.append

            def on_turn(g: Game) -> None:
                s = g.state
                if s.turn == 0:  # a round has just ended
                    record_round((s.round - 1, [s.factions[f].vp for f in order]))

        play(g, on_turn=on_turn)
    except Exception as exc:  # a failing game is a result, not a crash
        return failed_record(study, seed, order, g, exc, traj)
    s = g.state
    vp = [s.factions[f].vp for f in order]
    if traj is not None and (not traj or traj[-1][0] != s.round):
        traj.append((s.round, vp))
    return GameRecord(
        seed=seed,
        turn_order=order,
        status="ok",
        winners=list(s.winner or []),
        vp=vp,
        rounds=s.round,
        turns=turns_done(g) + 1,  # the winning turn ended the game part-way
        events=g.emitted,
        end_reason=s.end_reason,
        trajectory=traj,
        counts=[tally.of(f) for f in order],
        characters=[character_of(g, f) for f in order],
    )


def character_of(g: Game, faction: str) -> str | None:
    """The Vagabot's character (7.3.1), None for every other faction."""
    return getattr(g.state.factions[faction].board, "character", None)


def failed_record(
    study: Study,
    seed: int,
    order: tuple[str, ...],
    g: Game | None,
    exc: Exception,
    traj: list[tuple[int, list[int]]] | None,
) -> GameRecord:
    record = GameRecord(
        seed=seed,
        turn_order=order,
        status="failed",
        error_type=type(exc).__name__,
        error_message=one_line(str(exc)) or type(exc).__name__,
        trajectory=traj,
    )
    if g is None:  # it failed during setup: there is no position to keep
        return record
    s = g.state
    record.vp = [s.factions[f].vp if f in s.factions else 0 for f in order]
    record.rounds = s.round
    record.turns = turns_done(g)
    record.events = g.emitted
    record.end_reason = s.end_reason
    if s.turn_order:
        record.failed_faction = s.current
    record.failed_phase = s.phase
    record.position = position_before_turn(study, seed, record.turns)
    return record


def position_before_turn(study: Study, seed: int, turns: int) -> str | None:
    """The saved position at the start of turn ``turns`` (0-based) of game ``seed``, rebuilt by
    playing the game again up to there: games are deterministic, and simulations pay nothing
    for positions of games that do not fail. None if the game fails again before that turn."""
    try:
        g = new_game(study.config(seed))
        play(g, turns=turns)
    except Exception:
        return None
    if turns_done(g) != turns:
        return None
    return serial.dumps(g.state)
