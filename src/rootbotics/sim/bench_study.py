"""A whole study timed as a user runs it: ``rootbotics simulate`` in a process of its own, with its
wall-clock time, its main process's peak memory and its largest worker's (``make bench-study``).

Issue 15 asks for a 1,000,000-game study in under 30 minutes on the 2-core machine with the main
process under 200 MB whatever the study's size; this prints what a run took:

    python -m rootbotics.sim.bench_study --games 1000000 --jobs 2

The study plays Clockwork 1 on Fall (``--bots``, ``--map`` to change) into a temporary folder,
removed afterwards unless ``--out`` names one. Nothing is asserted: timings vary by machine.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CLOCKWORK_1 = "marquise,eyrie,alliance,vagabot"


# The study's own process: the command line as the console script runs it, then this process's
# peak resident memory and its largest reaped worker's (KiB, Linux's ru_maxrss) and its own CPU
# time written to the report file. A new interpreter, as a user's ``rootbotics simulate`` is.
STUDY_PROCESS = """
import json, resource, sys
from rootbotics.cli import run
code = run(sys.argv[2:])
me, workers = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
peaks = {"main_kib": me.ru_maxrss, "worker_kib": workers.ru_maxrss, "exit_code": code,
         "main_cpu_s": me.ru_utime + me.ru_stime}
open(sys.argv[1], "w", encoding="utf-8").write(json.dumps(peaks))
sys.exit(code)
"""


def folder_mib(folder: Path) -> float:
    """What the result files take on disk."""
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()) / 2**20


def time_study(args: argparse.Namespace, out: Path) -> int:
    """Run the study in a new process and print its time and peaks."""
    simulate = ["simulate", "--bots", args.bots, "--map", args.map, "--games", str(args.games), "--jobs", str(args.jobs), "--out", str(out)]
    report = out / "peaks.json"
    start, cpu = time.perf_counter(), os.times()
    child = subprocess.run([sys.executable, "-c", STUDY_PROCESS, str(report), *simulate], check=False)
    wall, after = time.perf_counter() - start, os.times()
    if child.returncode != 0 or not report.exists():
        print(f"bench_study: the study stopped with exit code {child.returncode}", file=sys.stderr)
        return 1
    peaks = json.loads(report.read_text(encoding="utf-8"))
    cpu_s = (after.children_user - cpu.children_user) + (after.children_system - cpu.children_system)
    print()
    print(f"Study: {args.games:,} games of {args.bots} on {args.map}, {args.jobs} worker process{'' if args.jobs == 1 else 'es'}, Python {sys.version.split()[0]}")
    print(f"  wall clock          {wall:10.1f} s ({wall / 60:.1f} min), {args.games / wall:,.0f} games/s")
    print(f"  CPU, all processes  {cpu_s:10.1f} s ({args.games / cpu_s:,.0f} games per CPU second)")
    print(f"  main process CPU    {peaks['main_cpu_s']:10.1f} s (start-up, progress, the summary)")
    print(f"  main process peak   {peaks['main_kib'] / 1024:10.1f} MiB (its own resident memory, VmHWM)")
    print(f"  largest worker peak {peaks['worker_kib'] / 1024:10.1f} MiB")
    print(f"  result files        {folder_mib(out):10.1f} MiB")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rootbotics.sim.bench_study", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1_000_000, help="games in the study (default 1,000,000)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes (default: one per CPU)")
    parser.add_argument("--bots", default=CLOCKWORK_1, help=f"the line-up (default {CLOCKWORK_1})")
    parser.add_argument("--map", default="fall", help="the map (default fall)")
    parser.add_argument("--out", default="", help="keep the result files in this new folder (default: a temporary one, removed)")
    args = parser.parse_args(argv)
    if args.games < 1 or args.jobs < 1:
        parser.error("--games and --jobs must be at least 1")
    if args.out:
        out = Path(args.out)
        if out.exists():
            parser.error(f"--out: {out} exists; the study's time counts only from an empty folder")
        out.mkdir(parents=True)
        return time_study(args, out)
    with tempfile.TemporaryDirectory(prefix="rootbotics-study-") as tmp:
        return time_study(args, Path(tmp))


if __name__ == "__main__":
    sys.exit(main())
