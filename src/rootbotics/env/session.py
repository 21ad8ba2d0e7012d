"""One game played one decision at a time for the environments (issue 28).

A :class:`Session` seats the agents (every human seat not given to a program) with an
:class:`AgentController` whose ``choose`` hands the decision out through a driver
(``driver.py``) and returns the answer; programs and bots play their seats inside, between the
agents' decisions. ``advance(move)`` answers the pending decision and runs the game to the next
agent decision, or to its end.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..core.context import EngineFailure, Game
from ..core.moves import Decision, Move
from ..core.state import DEFAULT_MAX_ROUNDS
from ..game import GameConfig, Seat, new_game, play
from ..programs import ProgramController, builtin
from .actions import ActionTable, action_table
from .driver import Driver, make_driver


class AgentController(ProgramController):
    """A seat played by the environment's agent: every decision goes out through ``ask``."""

    def __init__(self, ask: Any) -> None:
        super().__init__(self._never)
        self.ask = ask

    @staticmethod
    def _never(view: Any, decision: Decision) -> Move:  # pragma: no cover - choose is overridden
        raise EngineFailure("an agent's seat has no program")

    def choose(self, g: Game, decision: Decision) -> Move:
        self.decisions += 1
        return self.ask((g, decision))  # type: ignore[no-any-return]


class LegalText(Sequence[str]):
    """The legal moves' text (one line each, with its rule), formatted only when read."""

    __slots__ = ("_moves",)

    def __init__(self, moves: Sequence[Move]) -> None:
        self._moves = moves

    def __len__(self) -> int:
        return len(self._moves)

    def __getitem__(self, i):  # type: ignore[no-untyped-def, override]
        if isinstance(i, slice):
            return [m.text() for m in self._moves[i]]
        return self._moves[i].text()

    def __repr__(self) -> str:
        return repr(list(self))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    def __deepcopy__(self, memo: dict[int, Any]) -> list[str]:
        return list(self)


@dataclass
class Options:
    """How a game for an environment is set up (``aec_env``/``gymnasium.make`` arguments)."""

    factions: list[str]  # the agents' seats (human seats played by the environment's caller)
    bots: list[str] = field(default_factory=list)
    programs: dict[str, str] = field(default_factory=dict)  # other human seats: faction -> built-in program
    map: str = "fall"
    difficulty: str = "default"
    traits: dict[str, list[str]] = field(default_factory=dict)
    order: list[str] | None = None  # the seats in turn order; default: agents, programs, then bots
    max_rounds: int = 30  # truncate after this many rounds
    max_decisions: int = 5000  # or after this many agent decisions
    driver: str | None = None  # "greenlet" (the default when installed) or "thread"
    illegal: str = "lose"  # an illegal action: "lose" (the game ends, -1 to that seat) or "raise" (ValueError)

    def config(self, seed: int) -> GameConfig:
        seats = {f: Seat(f, "human") for f in [*self.factions, *self.programs]}
        for b in self.bots:
            seats[b] = Seat(b, "bot", self.difficulty, tuple(self.traits.get(b, ())))
        order = self.order or list(seats)
        if sorted(order) != sorted(seats):
            raise ValueError(f"order: {order} must list each seat once ({', '.join(seats)})")
        return GameConfig([seats[f] for f in order], self.map, seed, max_rounds=min(DEFAULT_MAX_ROUNDS, self.max_rounds + 1))


class Session:
    """One game, stopped at each agent decision."""

    def __init__(self, opts: Options, seed: int) -> None:
        self.opts = opts
        self.seed = seed
        self.game: Game | None = None
        self.decision: Decision | None = None
        self.legal: list[int] = []
        self.decisions = 0
        self.finished = False
        self.truncated = False
        self.illegal_by: str | None = None  # the seat that answered with an illegal action (illegal="lose")
        self.driver: Driver = make_driver(opts.driver, self._body)
        self.tables: dict[str, ActionTable] = {f: action_table(f) for f in opts.factions}
        self._handle(self.driver.start())

    def _body(self, ask: Any) -> str:
        o = self.opts
        ctls: dict[str, Any] = {f: AgentController(ask) for f in o.factions}
        for f, name in o.programs.items():
            ctls[f] = ProgramController(builtin(name, self.seed, f))
        g = new_game(o.config(self.seed), controllers=ctls, count_only=True)
        self.game = g
        try:
            play(g)
        except EngineFailure:
            if g.state.winner is None and (g.state.end_reason or "").startswith("stalled"):
                return "truncated"
            raise
        return "over"

    def _handle(self, out: tuple[str, Any]) -> None:
        what, payload = out
        if what == "decision":
            g, d = payload
            self.game = g
            self.decision = d
            self.legal = self.tables[d.seat].indexes(d.moves)
            if g.state.round > self.opts.max_rounds or self.decisions >= self.opts.max_decisions:
                self._stop(truncated=True)
            return
        self.decision = None
        self.legal = []
        self.finished = True
        if what == "error":
            raise payload
        self.truncated = payload == "truncated"

    def _stop(self, truncated: bool) -> None:
        self.driver.close()
        self.decision = None
        self.legal = []
        self.finished = True
        self.truncated = truncated

    @property
    def agent(self) -> str | None:
        """Whose decision is pending (None once the game is over)."""
        return None if self.decision is None else self.decision.seat

    def mask(self, faction: str) -> np.ndarray:
        m = np.zeros(len(self.tables[faction]), np.int8)
        if self.decision is not None and self.decision.seat == faction:
            m[self.legal] = 1
        return m

    def move_of(self, action: int) -> Move:
        """The legal move an action number stands for (ValueError when it is not legal now)."""
        d = self.decision
        if d is None:
            raise ValueError("the game is over: no decision is pending")
        try:
            return d.moves[self.legal.index(int(action))]
        except ValueError:
            table = self.tables[d.seat]
            name = table.name(int(action)) if 0 <= int(action) < len(table) else str(action)
            raise ValueError(f"{d.seat}: action {action} ({name}) is not legal at {d.step}; legal: {', '.join(table.name(i) for i in self.legal[:8])}") from None

    def advance(self, action: int) -> None:
        try:
            move = self.move_of(action)
        except ValueError:
            if self.opts.illegal == "raise" or self.decision is None:
                raise
            self.illegal_by = self.decision.seat
            self._stop(truncated=False)
            return
        self.decisions += 1
        try:
            self._handle(self.driver.send(move))
        except BaseException:
            self.finished = True
            self.decision = None
            raise

    def close(self) -> None:
        if not self.finished:
            self.driver.close()
            self.finished = True
            self.decision = None

    def board_svg(self) -> str | None:
        """The board as the web app draws it (SVG text), or None before a game."""
        if self.game is None:
            return None
        from ..web.board import board_svg

        return board_svg(self.game.state)

    def info(self) -> dict[str, Any]:
        d = self.decision
        if d is None:
            return {}
        return {"step": d.step, "rule": d.rule, "prompt": d.prompt, "legal_moves": LegalText(d.moves), "legal_actions": list(self.legal)}

    def winners(self) -> list[str]:
        if self.game is None:
            return []
        return list(self.game.state.winner or ())

    def vp(self) -> dict[str, int]:
        return {} if self.game is None else {f: fs.vp for f, fs in self.game.state.factions.items()}
