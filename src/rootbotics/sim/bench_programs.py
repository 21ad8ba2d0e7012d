"""The legal-move engine's speed for ``make bench`` (issue 26): for each faction whose Law of Root is
built, a random program plays it beside three bots on Fall, seeds 1..N, on one core.

- **decisions/s**: decisions the program's seat takes in its own setup and turns (each one: the
  legal moves listed, one chosen, applied) per CPU second spent in them; bot turns are not
  counted;
- **chess ratio**: that over python-chess random moves per CPU second (a list of legal moves,
  one chosen at random, pushed), timed in the same run; the goal is at least 1.0;
- **games/s**: whole four-seat games per CPU second (the goal: 100 or more).

Run: ``python -m rootbotics.sim.bench_programs`` (``--help``). Nothing is asserted.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from itertools import combinations

from ..core.context import Game
from ..factions import HUMAN_FACTIONS, REGISTRY
from ..game import GameConfig, Seat, new_game, play
from ..programs import ProgramController, builtin

BOTS = ("marquise", "eyrie", "alliance", "vagabot")  # the Clockwork 1 bots; the program takes one's place


class TimedController(ProgramController):
    """A program seat that keeps the CPU time of its own setup and turns."""

    def __init__(self, program) -> None:  # type: ignore[no-untyped-def]
        super().__init__(program)
        self.cpu = 0.0
        self.own = 0  # decisions taken in its own setup and turns

    def _timed(self, run, g: Game, faction: str) -> None:  # type: ignore[no-untyped-def]
        before, start = self.decisions, time.process_time()
        try:
            run(g, faction)
        finally:
            self.cpu += time.process_time() - start
            self.own += self.decisions - before

    def setup(self, g: Game, faction: str) -> None:
        self._timed(super().setup, g, faction)

    def take_turn(self, g: Game, faction: str) -> None:
        self._timed(super().take_turn, g, faction)


def lineup(faction: str) -> list[Seat]:
    """The program's faction first, then three Clockwork 1 bots (never its own bot), the first
    three in order that it may sit beside (the second Vagabond needs the first, LoR 9.7)."""
    others = [b for b in BOTS if b != faction]
    bots = next(c for c in combinations(others, 3) if REGISTRY[faction].seating_problem({faction, *c}) is None)
    return [Seat(faction, "human"), *(Seat(b) for b in bots)]


def time_faction(faction: str, games: int) -> tuple[float, float, int]:
    """(decisions per CPU second of its turns, games per CPU second, decisions per game)."""
    cpu_own = 0.0
    decisions = 0
    start = time.process_time()
    for seed in range(1, games + 1):
        ctl = TimedController(builtin("random", seed, faction))
        g = new_game(GameConfig(lineup(faction), "fall", seed), controllers={faction: ctl}, count_only=True)
        play(g)
        cpu_own += ctl.cpu
        decisions += ctl.own
    total = time.process_time() - start
    return decisions / cpu_own, games / total, decisions // games


def chess_moves_per_second(games: int) -> float | None:
    """python-chess random moves per CPU second: legal moves listed, one chosen, pushed."""
    try:
        import chess
    except ImportError:
        return None
    rng = random.Random(15)  # the yardstick's own generator; no game of ours uses it
    moves = 0
    start = time.process_time()
    for _ in range(games):
        board = chess.Board()
        while not board.is_game_over():
            board.push(rng.choice(list(board.legal_moves)))
            moves += 1
    return moves / (time.process_time() - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rootbotics.sim.bench_programs", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per faction (default 200)")
    parser.add_argument("--chess", type=int, default=20, help="python-chess random games for the yardstick (default 20; 0 for none)")
    args = parser.parse_args(argv)
    if args.games < 1 or args.chess < 0:
        parser.error("--games must be at least 1 and --chess at least 0")
    built = [f for f in HUMAN_FACTIONS if REGISTRY[f].lor() is not None]
    print(f"Legal moves: a random program in one seat beside three bots on Fall, seeds 1..{args.games}; one core")
    time_faction(built[0], 5)  # warm up
    chess_rate = chess_moves_per_second(args.chess) if args.chess else None
    if not args.chess:
        print("python-chess yardstick: not run (--chess 0)")
    else:
        print(f"python-chess random moves per CPU second: {chess_rate:,.0f}" if chess_rate else "python-chess: not installed (pip install chess)")
    print()
    print(f"  {'faction':10} {'decisions/s':>11} {'chess':>6} {'games/s':>8} {'decisions':>9}")
    print(f"  {'':10} {'(own turns)':>11} {'ratio':>6} {'(cpu)':>8} {'/game':>9}")
    for faction in built:
        rate, games, per_game = time_faction(faction, args.games)
        ratio = f"{rate / chess_rate:6.2f}" if chess_rate else "     -"
        print(f"  {faction:10} {rate:11,.0f} {ratio} {games:8.1f} {per_game:9d}", flush=True)
    print()
    print("decisions/s: the program seat's decisions per CPU second of its own setup and turns (list, choose,")
    print("apply); chess ratio: over python-chess random moves per CPU second; games/s: whole games per CPU second.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
