"""The environments' speed for ``make bench`` (issue 28, part 3), on one core.

- **steps/s**: agent steps of the PettingZoo AEC environment per CPU second, a masked uniform
  random agent in one seat beside three bots on Fall (``env.last()`` with its observation,
  a legal action drawn from the mask, ``env.step``), bot turns included; per driver
  (greenlet, thread);
- **no obs**: the same loop reading only the mask and the legal actions (``session.legal``): the
  cost of the game and the hand-over alone;
- PettingZoo's own ``performance_benchmark`` (its printed figures);
- python-chess random moves per CPU second in the same run, the yardstick.

Run: ``python -m rootbotics.env.bench`` (``--help``). Nothing is asserted. Goal: 10,000 steps/s.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import sys
import time

from ..sim.bench_programs import chess_moves_per_second
from .aec import aec_env
from .driver import DRIVERS, _greenlet


def steps_per_second(faction: str, games: int, driver: str, observe: bool) -> tuple[float, int]:
    """(agent steps per CPU second, steps per game)."""
    env = aec_env([faction], map="fall", driver=driver, wrap=False, max_rounds=60)
    rng = random.Random(28)  # the yardstick agent's own generator; no game of ours uses it
    steps = 0
    start = time.process_time()
    for seed in range(1, games + 1):
        env.reset(seed=seed)
        s = env.session
        while not s.finished:
            if observe:
                obs = env.observe(env.agent_selection)
                legal = obs["action_mask"].nonzero()[0]
                env.step(int(legal[rng.randrange(len(legal))]))
            else:
                legal = s.legal
                env.step(legal[rng.randrange(len(legal))])
            steps += 1
    cpu = time.process_time() - start
    env.close()
    return steps / cpu, steps // games


def pettingzoo_benchmark(faction: str) -> str:
    from pettingzoo.test import performance_benchmark

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        performance_benchmark(aec_env([faction], map="fall"))
    return " ".join(out.getvalue().split())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rootbotics.env.bench", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per faction and driver (default 100)")
    parser.add_argument("--chess", type=int, default=20, help="python-chess random games for the yardstick (default 20; 0 for none)")
    parser.add_argument("--factions", default="marquise,alliance,vagabot", help="the agent's seats, one at a time")
    parser.add_argument("--no-pettingzoo", action="store_true", help="skip PettingZoo's performance_benchmark")
    args = parser.parse_args(argv)
    drivers = [d for d in DRIVERS if d != "greenlet" or _greenlet is not None]
    print(f"rootbotics.env: a masked random agent in one seat beside three bots on Fall, seeds 1..{args.games}; one core")
    steps_per_second("marquise", 3, drivers[0], True)  # warm up
    chess = chess_moves_per_second(args.chess) if args.chess else None
    if not args.chess:
        print("python-chess yardstick: not run (--chess 0)")
    else:
        print(f"python-chess random moves per CPU second: {chess:,.0f}" if chess else "python-chess: not installed (pip install chess)")
    print()
    print(f"  {'faction':10} {'driver':8} {'steps/s':>8} {'no obs':>8} {'chess':>6} {'steps':>6}")
    print(f"  {'':10} {'':8} {'(cpu)':>8} {'(cpu)':>8} {'ratio':>6} {'/game':>6}")
    for faction in args.factions.split(","):
        for driver in drivers:
            rate, per_game = steps_per_second(faction, args.games, driver, True)
            bare, _ = steps_per_second(faction, args.games, driver, False)
            ratio = f"{rate / chess:6.2f}" if chess else "     -"
            print(f"  {faction:10} {driver:8} {rate:8,.0f} {bare:8,.0f} {ratio} {per_game:6d}", flush=True)
    if not args.no_pettingzoo:
        print()
        print(f"PettingZoo performance_benchmark (marquise, greenlet): {pettingzoo_benchmark('marquise')}")
    print()
    print("steps/s: agent steps per CPU second with the observation built each step (bot turns included);")
    print("no obs: the same with the mask's indexes only; chess ratio: steps/s over python-chess moves/s. Goal: 10,000 steps/s.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
