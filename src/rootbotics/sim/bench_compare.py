"""The pure-Python bench beside the compiled one, and issue 15's goals checked against both.

``make bench`` runs ``python -m rootbotics.sim.bench --json`` with the pure package and, where a
C compiler and Python's headers are found, with the optional mypyc build (``.venv-mypyc``), then
this module prints one table of both and whether each build meets the goals:

- Clockwork 1 on Fall at 300 complete games per CPU second or more;
- no line-up under 200.

A figure counts as met by either test: games per CPU second, or the ratio to the python-chess
loop timed in the same run (``GOAL_CHESS_LOOP`` is that loop's rate on this project's 2-core
machine when quiet), so that a figure taken on a busy machine still compares.

Run: ``python -m rootbotics.sim.bench_compare PURE.json [COMPILED.json]``.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass

CLOCKWORK_1 = "marquise,eyrie,alliance,vagabot@fall"
GOAL_CLOCKWORK_1 = 300.0  # games per CPU second, Clockwork 1 on Fall
GOAL_FLOOR = 200.0  # games per CPU second, every line-up
GOAL_CHESS_LOOP = 76.0  # python-chess random games per CPU second, quiet 2-core machine (docs/studying-the-bots.md)


@dataclass(frozen=True, slots=True)
class Figure:
    """One line-up's speed in one build."""

    per_cpu: float
    ratio: float | None

    def meets(self, goal: float) -> bool:
        """At ``goal`` games per CPU second, or at the chess ratio ``goal`` is on a quiet machine."""
        return self.per_cpu >= goal or (self.ratio is not None and self.ratio >= goal / GOAL_CHESS_LOOP)

    def cell(self) -> str:
        ratio = f"{self.ratio:5.2f}" if self.ratio is not None else "    -"
        return f"{self.per_cpu:7.1f} {ratio}"


@dataclass(frozen=True, slots=True)
class Build:
    """A bench run's figures by line-up, as ``sim.bench --json`` wrote them."""

    label: str
    compiled: tuple[str, ...]
    figures: dict[str, Figure]


def load_build(path: str, label: str) -> Build:
    """Read one ``--json`` file; a missing or malformed one is a one-line error."""
    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
        figures = {row["name"]: Figure(float(row["per_cpu"]), row["chess_ratio"]) for row in doc["lineups"]}
        return Build(label, tuple(doc.get("compiled", ())), figures)
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise SystemExit(f"bench_compare: {path}: not a bench --json file ({e.__class__.__name__}: {e})") from None


def verdict(build: Build) -> list[str]:
    """The goals, each met or not, for one build."""
    lines = []
    cw1 = build.figures.get(CLOCKWORK_1)
    if cw1 is not None:
        ok = "met" if cw1.meets(GOAL_CLOCKWORK_1) else "NOT met"
        lines.append(f"  {build.label}: Clockwork 1 on Fall {cw1.per_cpu:.1f} per CPU second (goal {GOAL_CLOCKWORK_1:.0f}, ratio {GOAL_CLOCKWORK_1 / GOAL_CHESS_LOOP:.2f}): {ok}")
    under = [name for name, f in build.figures.items() if not f.meets(GOAL_FLOOR)]
    floor = f"goal {GOAL_FLOOR:.0f}, ratio {GOAL_FLOOR / GOAL_CHESS_LOOP:.2f}"
    if under:
        lines.append(f"  {build.label}: under the floor ({floor}): {', '.join(under)}")
    else:
        lines.append(f"  {build.label}: every line-up at or above the floor ({floor}): met")
    return lines


def table(builds: list[Build]) -> str:
    """Both builds side by side: games per CPU second and chess ratio, and the gain of the last."""
    names = list(builds[0].figures)
    head = "".join(f"  {b.label + ': per cpu s  ratio':>22}" for b in builds)
    out = [f"  {'line-up@map':42}{head}" + ("    gain" if len(builds) > 1 else "")]
    for name in names:
        cells = "".join(f"  {b.figures[name].cell() if name in b.figures else '':>22}" for b in builds)
        gain = ""
        if len(builds) > 1 and name in builds[-1].figures:
            gain = f"  {100 * (builds[-1].figures[name].per_cpu / builds[0].figures[name].per_cpu - 1):+5.0f}%"
        out.append(f"  {name:42}{cells}{gain}")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rootbotics.sim.bench_compare", description=__doc__.splitlines()[0])
    parser.add_argument("pure", help="the pure package's bench --json file")
    parser.add_argument("compiled", nargs="?", help="the mypyc build's bench --json file, if it was built")
    args = parser.parse_args(argv)
    builds = [load_build(args.pure, "pure")]
    if args.compiled:
        build = load_build(args.compiled, "mypyc")
        if not build.compiled:
            raise SystemExit(f"bench_compare: {args.compiled}: no compiled module was loaded in that run")
        builds.append(build)
    print(table(builds))
    print()
    print(f"Issue 15's goals (a figure counts by games per CPU second or by its chess ratio; the loop runs {GOAL_CHESS_LOOP:.0f}/s on the quiet 2-core machine):")
    for build in builds:
        print("\n".join(verdict(build)))
    if len(builds) == 1:
        print("  mypyc: not benched (it needs a C compiler and Python's headers, and a build that passed its check: see above)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
