"""The benchmark behind ``make bench``: a fixed set of seeded bot games on one core.

Prints complete games per second and bot turns per second with the log's text left unformatted
(as a simulation plays), the mean time of one explained bot turn (every event's text formatted
as the turn is played, as ``rootbotics play`` does), then where the time goes (cProfile, top 15
by cumulative time). Standard library only. Run: ``python -m rootbotics.sim.bench``.

The games: every playable bot (at most four, in ``PLAYABLE_BOTS`` order) on the first map,
seeds 1..N, seat order rotated by seed. Nothing here is asserted: timings vary by machine.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import sys
import time

from ..factions import PLAYABLE_BOTS
from ..core.maps import MAP_NAMES
from ..game import new_game, play
from .study import Study, play_one

MAX_BENCH_BOTS = 4


def bench_study() -> Study:
    return Study(bots=tuple(PLAYABLE_BOTS[:MAX_BENCH_BOTS]), map=MAP_NAMES[0], rotate_seats=True)


def time_games(study: Study, seeds: range) -> tuple[float, int, int, int]:
    """Play whole games, text unformatted: (seconds, games finished, failed, bot turns)."""
    done = failed = turns = 0
    start = time.perf_counter()
    for seed in seeds:
        record = play_one(study, seed)
        turns += record.turns
        if record.status == "ok":
            done += 1
        else:
            failed += 1
    return time.perf_counter() - start, done, failed, turns


def time_explained_turns(study: Study, seeds: range) -> tuple[float, int, int]:
    """Play games turn by turn, formatting every event's text (with its explanation) right
    after the turn: (seconds spent in turns, bot turns, events formatted)."""
    spent = 0.0
    turns = events = 0
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
            spent += time.perf_counter() - t0
            turns += 1
            events += len(new)
            seen = len(g.log)
    return spent, turns, events


def profile_games(study: Study, seeds: range, top: int = 15) -> str:
    profiler = cProfile.Profile()
    profiler.enable()
    for seed in seeds:
        play_one(study, seed)
    profiler.disable()
    buf = io.StringIO()
    stats = pstats.Stats(profiler, stream=buf)
    stats.strip_dirs().sort_stats("cumulative").print_stats(top)
    lines = [line for line in buf.getvalue().splitlines() if line.strip()]
    # Drop pstats' preamble (the "Ordered by" and "List reduced" lines stay).
    start = next((i for i, line in enumerate(lines) if "function calls" in line), 0)
    return "\n".join(lines[start:])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rootbotics.sim.bench", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games timed with text unformatted (default 400)")
    parser.add_argument("--passes", type=int, default=3, help="timed passes over those games; the best counts (default 3)")
    parser.add_argument("--explained", type=int, default=100, help="games timed with text formatted (default 100)")
    parser.add_argument("--profile", type=int, default=100, help="games profiled (default 100; 0 for none)")
    args = parser.parse_args(argv)
    if args.games < 1 or args.passes < 1 or args.explained < 0 or args.profile < 0:
        parser.error("--games and --passes must be at least 1; --explained and --profile at least 0")

    study = bench_study()
    bots = ", ".join(study.bots)
    print(f"Benchmark: {len(study.bots)}-bot games ({bots}) on {study.map}, seat order rotated by seed; one core")
    print(f"Python {sys.version.split()[0]}")
    time_games(study, range(1_000_001, 1_000_011))  # warm up: data files loaded, caches filled

    # The best of a few passes: other programs on the machine only ever make a pass slower.
    passes = [time_games(study, range(1, args.games + 1)) for _ in range(args.passes)]
    seconds, done, failed, turns = min(passes)
    games = done + failed
    print()
    print(f"Unformatted log (as in a simulation), seeds 1..{args.games}, best of {args.passes} passes:")
    print(f"  complete games per second:  {done / seconds:8.1f}   ({done} games in {seconds:.2f} s{f', {failed} failed' if failed else ''})")
    print(f"  bot turns per second:       {turns / seconds:8.0f}   ({turns} turns, {turns / games:.1f} per game)")
    print(f"  mean time of one bot turn:  {1000 * seconds / turns:8.3f} ms")
    if args.explained:
        spent, eturns, events = time_explained_turns(study, range(1, args.explained + 1))
        print()
        print(f"Explained log (every event's text formatted as the turn is played), seeds 1..{args.explained}:")
        print(f"  mean time of one explained bot turn: {1000 * spent / eturns:.3f} ms   ({eturns} turns, {events / eturns:.1f} events each)")
    if args.profile:
        print()
        print(f"Where the time goes: cProfile of {args.profile} games (unformatted), top 15 by cumulative time")
        print(profile_games(study, range(1, args.profile + 1)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
