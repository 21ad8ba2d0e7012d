"""A program for scenario tests: it answers each decision from a script and records every
decision it was asked, so a test can check both the moves offered and the position after."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rootbotics.core.moves import Decision, Move
from rootbotics.programs import ProgramController, SeatView

Answer = tuple[str, str, tuple[Any, ...] | None]  # (step, move kind, args or None for "any args")


class Scripted:
    """Answer decisions in order from ``answers``: each names the decision's step, and the kind
    (and arguments) of the move to pick. Past the script, ``then`` answers (default: ``done``
    or ``no`` where offered, else fail)."""

    def __init__(self, answers: list[Answer], then: Callable[[Decision], Move] | None = None) -> None:
        self.answers = list(answers)
        self.asked: list[Decision] = []
        self.then = then

    def __call__(self, view: SeatView, d: Decision) -> Move:
        self.asked.append(d)
        if self.answers:
            step, kind, args = self.answers.pop(0)
            assert d.step == step, f"expected the decision {step}, was asked {d.step}: {[m.text() for m in d.moves]}"
            for m in d.moves:
                if m.kind == kind and (args is None or m.args == args):
                    return m
            raise AssertionError(f"{step}: no legal move {kind} {args}; legal: {[(m.kind, m.args) for m in d.moves]}")
        if self.then is not None:
            return self.then(d)
        for m in d.moves:
            if m.kind in ("done", "no"):
                return m
        raise AssertionError(f"the script is over but {d.step} asks: {[m.text() for m in d.moves]}")

    def moves_at(self, step: str) -> list[Move]:
        """The legal moves of the first decision asked at ``step``."""
        for d in self.asked:
            if d.step == step:
                return list(d.moves)
        raise AssertionError(f"{step} was never asked (asked: {[d.step for d in self.asked]})")


def seat(answers: list[Answer], then: Callable[[Decision], Move] | None = None) -> tuple[ProgramController, Scripted]:
    script = Scripted(answers, then)
    return ProgramController(script), script


def kinds(moves: list[Move]) -> list[str]:
    return [m.kind for m in moves]


def save_and_continue(config: Any, turns: int) -> tuple[list[str], list[str]]:
    """Play ``turns`` turns of a game seated by ``config`` (its programs in ``options``), save the
    position, then play up to ``turns`` more both in the game and from the saved position. The log
    lines after the save: (as the game went on, as the saved position went on)."""
    from contextlib import suppress

    from rootbotics.core import serial
    from rootbotics.core.context import Game, GameOver
    from rootbotics.game import new_game, play_turn, program_controllers

    whole = new_game(config)
    for _ in range(turns):
        play_turn(whole)
    saved = serial.loads(serial.dumps(whole.state))
    start = len(whole.log)
    resumed = Game(saved, controllers=program_controllers(saved))
    for g in (whole, resumed):
        with suppress(GameOver):  # the game may end within the turns
            for _ in range(turns):
                play_turn(g)
    return [e.line() for e in whole.log.events[start:]], [e.line() for e in resumed.log]


def check_every_event(g: Any, round_trip_on: tuple[str, ...]) -> None:
    """Every invariant checked after every event of ``g``; after each event of a kind in
    ``round_trip_on``, the state read back from its saved JSON is the same."""
    from rootbotics.core import invariants, serial

    def check(e: Any) -> None:
        invariants.check(g.state)
        if e.kind in round_trip_on:
            data = serial.to_json(g.state)
            assert serial.to_json(serial.from_json(data)) == data

    g.log.listeners.append(check)
