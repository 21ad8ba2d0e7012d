"""How long the command line takes to start (issue 15), as ``make bench`` prints it.

Each figure is the CPU time (user + system) of a whole new process, the median of several runs
after one warm-up, taken from the operating system's accounting of the finished child. The
bytecode is cached first (``compileall`` over rootbotics, typer, click and rich): an environment
with ``PYTHONDONTWRITEBYTECODE=1`` never writes it, and then every run compiles every module
again, which is not what a user's installed copy does. Nothing is asserted: timings vary by
machine; the goals (under 80 ms for ``--version``, under 150 ms for ``play ... --quiet``) are
printed beside them.

Run: ``python -m rootbotics.sim.startup`` (``--help`` for the options).
"""

from __future__ import annotations

import argparse
import compileall
import importlib.util
import resource
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

# The console script's own code: what `rootbotics ARGS` runs, without depending on PATH.
CONSOLE = "from rootbotics.cli import main; main()"
PLAY = ["play", "--bots", "marquise,eyrie,alliance,vagabot", "--seed", "1", "--quiet"]
CACHED = ("rootbotics", "typer", "click", "rich")  # packages whose bytecode is compiled first


@dataclass(frozen=True)
class Case:
    """One command timed: what it is, its arguments to the interpreter, its goal (ms) if any."""

    label: str
    argv: tuple[str, ...]
    goal_ms: float | None = None


CASES = (
    Case("the interpreter alone (python -c pass)", ("-c", "pass")),
    Case("import typer.main", ("-c", "import typer.main")),
    Case("import rootbotics.game (the engine)", ("-c", "import rootbotics.game")),
    Case("rootbotics --version", ("-c", CONSOLE, "--version"), 80.0),
    Case("rootbotics play ... --quiet (4 bots, seed 1)", ("-c", CONSOLE, *PLAY), 150.0),
)


def cache_bytecode(packages: tuple[str, ...] = CACHED) -> list[str]:
    """Write the bytecode of each installed package (a missing one is skipped); their names."""
    done = []
    for name in packages:
        spec = importlib.util.find_spec(name)
        if spec is None or not spec.submodule_search_locations:
            continue
        for folder in spec.submodule_search_locations:
            compileall.compile_dir(folder, quiet=1)
        done.append(name)
    return done


def cpu_of_run(argv: tuple[str, ...]) -> float:
    """CPU seconds (user + system) of one run of the interpreter with ``argv``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([sys.executable, *argv], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(argv[-3:])} exited {done.returncode}: {done.stderr.strip()[-200:]}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def time_case(case: Case, runs: int) -> list[float]:
    """The CPU milliseconds of ``runs`` runs of the case, after one warm-up run."""
    cpu_of_run(case.argv)
    return [1000 * cpu_of_run(case.argv) for _ in range(runs)]


def row(case: Case, ms: list[float]) -> str:
    """A table row: median, min and max CPU ms, and the goal."""
    goal = f"< {case.goal_ms:.0f}" if case.goal_ms is not None else ""
    return f"  {case.label:46} {statistics.median(ms):7.1f} {min(ms):7.1f} {max(ms):7.1f}  {goal}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rootbotics.sim.startup", description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9, help="timed runs of each command after one warm-up (default 9)")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs: must be at least 1")
    cached = cache_bytecode()
    started = time.perf_counter()
    print(f"Start-up: CPU ms of a whole new process (user + system), median of {args.runs} runs after a warm-up;")
    print(f"bytecode cached first ({', '.join(cached)}); Python {sys.version.split()[0]}, {Path(sys.executable)}")
    print()
    print(f"  {'command':46} {'median':>7} {'min':>7} {'max':>7}  goal (ms)")
    for case in CASES:
        print(row(case, time_case(case, args.runs)), flush=True)
    print(f"\n({time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
