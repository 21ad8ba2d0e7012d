"""``make bench``'s web section: how long one bot step takes to render server-side.

A table session of four bots (seed 1, the Fall map) is walked step by step; each step is
rendered as the game page shows it (``views.game_view``, which replays the turn up to the step
for the board, then the ``game.html`` template), and so is each step of a watched bot game
(``watch.watch_view`` and ``watch.html``). Mean and 95th percentile in milliseconds; the issue
asks for under 100 ms. Nothing is asserted. Runs only with the ``web`` extra installed.

Run: ``python -m rootbotics.web.bench`` (``--help`` for the options).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from ..table.session import Session, TableConfig, TableSeat
from .views import game_view

BOTS = ("marquise", "eyrie", "alliance", "vagabot")


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def table_step_times(steps: int, seed: int = 1) -> list[float]:
    """Milliseconds to render the game page at each of the first ``steps`` bot steps."""
    from .pages import templates

    page = templates.env.get_template("game.html")
    times: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        config = TableConfig([TableSeat(f, "bot") for f in BOTS], "fall", None, seed)
        session = Session(config, Path(folder) / "bench.json")
        while len(times) < steps and session.play.unconfirmed and not session.play.over:
            start = time.perf_counter()
            page.render(**game_view("bench", session))
            times.append(1000 * (time.perf_counter() - start))
            session.enter({"kind": "ok", "n": 1})
    return times


def watch_step_times(steps: int, seed: int = 1) -> list[float]:
    """Milliseconds to render the watch page at each of the first ``steps`` steps of a bot game."""
    from .pages import templates
    from .watch import watch_config, watch_game, watch_view

    page = templates.env.get_template("watch.html")
    query = {"bots": ",".join(BOTS), "seed": str(seed)}
    game = watch_game(watch_config(query))
    times: list[float] = []
    for step in range(1, min(steps, len(game.frames)) + 1):
        start = time.perf_counter()
        page.render(**watch_view(game, {**query, "step": str(step)}, query))
        times.append(1000 * (time.perf_counter() - start))
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rootbotics.web.bench", description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=300, help="bot steps rendered of each kind of page (default 300)")
    args = parser.parse_args(argv)
    if args.steps < 1:
        parser.error("--steps must be at least 1")
    try:
        import fastapi  # noqa: F401
        import jinja2  # noqa: F401
    except ImportError:
        print("Web: skipped (the web extra is not installed: pip install -e '.[web]')")
        return 0
    table_step_times(5)  # warm up: templates compiled, data files loaded
    print()
    print(f"Web: one bot step rendered server-side (page context and template), first {args.steps} steps of a four-bot game, seed 1")
    print(f"  {'page':42} {'steps':>7} {'mean':>7} {'p95':>7}")
    for name, times in (("table game (board after the step)", table_step_times(args.steps)), ("watched bot game", watch_step_times(args.steps))):
        print(f"  {name:42} {len(times):>7} {statistics.fmean(times):>7.1f} {p95(times):>7.1f}  ms", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
