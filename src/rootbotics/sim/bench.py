"""The benchmark behind ``make bench``: seeded bot games of every line-up on one core.

For each line-up of ``sim.lineups`` (the four Clockwork 1 bots on Fall; each Clockwork 2 bot
with three Clockwork 1 bots on every map) it prints complete games per second and bot turns per
second with the events counted, not kept (as a simulation plays), by wall clock and by the
process's CPU time, the mean and 99th percentile of one explained bot turn (every event's text
formatted as the turn is played, as ``rootbotics play`` does), and the ratio of its games per
second to a python-chess random-game loop timed right before it, so a figure taken on a busy
machine still compares. Then where the time goes (cProfile, top by internal time).

Run: ``python -m rootbotics.sim.bench`` (``--help`` for the options). python-chess is a
bench-only dependency (the ``bench`` extra); without it the ratios are left out. Nothing is
asserted: timings vary by machine.
"""

from __future__ import annotations

import argparse
import cProfile
import importlib.machinery
import io
import json
import pstats
import random
import statistics
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from ..game import new_game, play
from .lineups import lineup_studies
from .study import Study, play_one

CLOCKWORK_1_NAME = "marquise,eyrie,alliance,vagabot@fall"


@dataclass(slots=True)
class Timing:
    """One timed pass over a line-up's seeds."""

    wall: float
    cpu: float
    done: int
    failed: int
    turns: int


def time_games(study: Study, seeds: range) -> Timing:
    """Play whole games as a simulation does (events counted, not kept)."""
    done = failed = turns = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for seed in seeds:
        record = play_one(study, seed)
        turns += record.turns
        if record.status == "ok":
            done += 1
        else:
            failed += 1
    return Timing(time.perf_counter() - wall, time.process_time() - cpu, done, failed, turns)


def time_explained_turns(study: Study, seeds: range) -> tuple[list[float], int]:
    """Play games turn by turn, formatting every event's text (with its explanation) right
    after the turn: (seconds of each bot turn, events formatted)."""
    spent: list[float] = []
    events = 0
    for seed in seeds:
        g = new_game(study.config(seed))
        seen = len(g.log)
        over = False
        while not over:
            t0 = time.perf_counter()
            try:
                over = play(g, turns=1)
            except Exception:
                break  # a failing game: its turns so far still count
            new = g.log.events[seen:]
            for e in new:
                e.text  # noqa: B018 - formatting is what is measured
            spent.append(time.perf_counter() - t0)
            events += len(new)
            seen = len(g.log)
    return spent, events


def chess_games_per_second(games: int) -> float | None:
    """A python-chess loop of random games (a uniformly random legal move until the game is
    over), seeded: the yardstick timed in the same run. None without python-chess."""
    try:
        import chess
    except ImportError:
        return None
    rng = random.Random(15)  # the yardstick's own generator; no game of ours uses it
    start = time.process_time()
    for _ in range(games):
        board = chess.Board()
        while not board.is_game_over():
            board.push(rng.choice(list(board.legal_moves)))
    return games / (time.process_time() - start)


def profile_games(study: Study, seeds: range, top: int = 20) -> str:
    profiler = cProfile.Profile()
    profiler.enable()
    for seed in seeds:
        play_one(study, seed)
    profiler.disable()
    buf = io.StringIO()
    stats = pstats.Stats(profiler, stream=buf)
    stats.strip_dirs().sort_stats("tottime").print_stats(top)
    lines = [line for line in buf.getvalue().splitlines() if line.strip()]
    # Drop pstats' preamble (the "Ordered by" and "List reduced" lines stay).
    start = next((i for i, line in enumerate(lines) if "function calls" in line), 0)
    return "\n".join(lines[start:])


def p99(values: list[float]) -> float:
    return statistics.quantiles(values, n=100)[98] if len(values) >= 2 else (values[0] if values else 0.0)


@dataclass(slots=True)
class LineupFigures:
    """One line of the table, kept so that ``--json`` can write it for ``sim.bench_compare``."""

    name: str
    per_wall: float  # complete games per wall-clock second
    per_cpu: float  # complete games per CPU second of this process
    turns_per_cpu: float
    turns_per_game: float
    mean_ms: float  # one explained bot turn
    p99_ms: float
    chess_ratio: float | None  # per_cpu over python-chess random games per CPU second
    failed: int

    def line(self) -> str:
        ratio = f"{self.chess_ratio:6.2f}" if self.chess_ratio else "     -"
        failed = f" ({self.failed} failed)" if self.failed else ""
        return (
            f"  {self.name:42} {self.per_wall:7.1f} {self.per_cpu:7.1f} {self.turns_per_cpu:7.0f} {self.turns_per_game:5.1f}"
            f" {self.mean_ms:6.3f} {self.p99_ms:6.3f} {ratio}{failed}"
        )


def bench_lineup(name: str, study: Study, args: argparse.Namespace) -> LineupFigures:
    """One line of the table: the best of the passes (others on the machine only slow a pass)."""
    chess_rate = chess_games_per_second(args.chess) if args.chess else None
    passes = [time_games(study, range(1, args.games + 1)) for _ in range(args.passes)]
    best = min(passes, key=lambda t: t.cpu)
    wall = min(t.wall for t in passes)
    games = best.done + best.failed
    per_cpu = best.done / best.cpu
    spent, _ = time_explained_turns(study, range(1, args.explained + 1)) if args.explained else ([], 0)
    mean = 1000 * statistics.fmean(spent) if spent else 0.0
    return LineupFigures(
        name, best.done / wall, per_cpu, best.turns / best.cpu, best.turns / games, mean, 1000 * p99(spent),
        per_cpu / chess_rate if chess_rate else None, best.failed,
    )


def write_json(path: str, figures: list[LineupFigures]) -> None:
    """The table as JSON (``--json``), written atomically: what ``sim.bench_compare`` reads."""
    from ..core.serial import write_atomic

    doc = {"python": sys.version.split()[0], "compiled": compiled_modules(), "lineups": [asdict(f) for f in figures]}
    write_atomic(Path(path), json.dumps(doc, indent=1))


def compiled_modules() -> list[str]:
    """The engine's modules loaded in this process as compiled extensions (the mypyc build)."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    return sorted(
        name for name, module in list(sys.modules.items())
        if name.startswith("rootbotics.") and (getattr(module, "__file__", None) or "").endswith(suffixes)
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rootbotics.sim.bench", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per line-up timed with events counted (default 100)")
    parser.add_argument("--passes", type=int, default=2, help="timed passes over those games; the best counts (default 2)")
    parser.add_argument("--explained", type=int, default=20, help="games per line-up timed with text formatted (default 20)")
    parser.add_argument("--chess", type=int, default=20, help="python-chess random games timed before each line-up (default 20; 0 for none)")
    parser.add_argument("--profile", type=int, default=100, help="Clockwork 1 games profiled (default 100; 0 for none)")
    parser.add_argument("--only", default="", help="line-ups whose name contains this text (default: all)")
    parser.add_argument("--json", default="", metavar="FILE", help="also write the table to FILE as JSON (for python -m rootbotics.sim.bench_compare)")
    args = parser.parse_args(argv)
    if min(args.games, args.passes) < 1 or min(args.explained, args.chess, args.profile) < 0:
        parser.error("--games and --passes must be at least 1; --explained, --chess and --profile at least 0")
    studies = {n: s for n, s in lineup_studies().items() if args.only in n}
    if not studies:
        parser.error(f"--only: no line-up name contains {args.only!r}")
    print(f"Benchmark: four-bot games, seats rotated by seed, seeds 1..{args.games}, best of {args.passes} passes; one core")
    print(f"Python {sys.version.split()[0]}; python-chess yardstick: {'on' if args.chess and chess_games_per_second(1) else 'off (pip install chess)'}")
    for study in list(studies.values())[:1]:
        time_games(study, range(1_000_001, 1_000_011))  # warm up: data files loaded, caches filled
    print()
    print(f"  {'line-up@map':42} {'games/s':>7} {'per cpu':>7} {'turns/s':>7} {'turns':>5} {'mean':>6} {'p99':>6} {'chess'}")
    print(f"  {'':42} {'(wall)':>7} {'second':>7} {'(cpu)':>7} {'/game':>5} {'ms':>6} {'ms':>6} {'ratio'}")
    figures = []
    for name, study in studies.items():
        figures.append(bench_lineup(name, study, args))
        print(figures[-1].line(), flush=True)
    if args.json:
        write_json(args.json, figures)
    print()
    print("games/s: complete games per wall-clock second; per cpu second: per second of this process's CPU time")
    print("(steadier on a shared machine); mean, p99: one explained bot turn (text formatted), over the first")
    print(f"{args.explained} games; chess ratio: games per CPU second over python-chess random games per CPU second.")
    if args.profile:
        first = studies.get(CLOCKWORK_1_NAME) or next(iter(studies.values()))
        print()
        print(f"Where the time goes: cProfile of {args.profile} games of {first.lineup} on {first.map}, top 20 by internal time")
        print(profile_games(first, range(1, args.profile + 1)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
