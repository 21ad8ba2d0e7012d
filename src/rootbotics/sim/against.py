"""``report A --against B``: each faction's win rate in study A, in study B, and the change with
its 95% interval (Newcombe's hybrid score interval for a difference of two proportions, built
from the two Wilson intervals: good for small samples and rates near 0 or 1)."""

from __future__ import annotations

import math
from typing import Any

from .rates import Rate, difference_interval, pct
from .report import Results, print_stand_ins


def points(x: float) -> str:
    """A difference of rates in percentage points, signed."""
    return "-" if math.isnan(x) else f"{100 * x:+.1f}"


def against_rows(a: Results, b: Results) -> list[tuple[str, Rate, Rate]]:
    """Every faction of either study with its win rate in each (no games: a rate of 0 of 0)."""
    rates_a = {r.group[0]: r for r in a.win_rates("faction")}
    rates_b = {r.group[0]: r for r in b.win_rates("faction")}
    factions = sorted(set(rates_a) | set(rates_b))
    empty = lambda f: Rate((f,), 0, 0)  # noqa: E731
    return [(f, rates_a.get(f, empty(f)), rates_b.get(f, empty(f))) for f in factions]


def print_against(a: Results, b: Results, sink: Any, names: tuple[str, str]) -> None:
    """The comparison table: games, wins and rate in A and in B, the change and its interval."""
    rows, data = [], []
    for f, ra, rb in against_rows(a, b):
        d, low, high = difference_interval(ra, rb)
        interval = "-" if math.isnan(d) else f"{points(low)} to {points(high)}"
        rows.append([f, str(ra.games), pct(ra.rate), str(rb.games), pct(rb.rate), points(d), interval])
        data.append([f, ra.games, ra.wins, rb.games, rb.wins, None if math.isnan(d) else d, None if math.isnan(d) else low, None if math.isnan(d) else high])
    sink.begin("against", {"a": names[0], "b": names[1]})
    sink.header("Study report: A against B")
    sink.text(f"A: {names[0]}    B: {names[1]}")
    print_stand_ins(a, sink, a.distinct("study"), " in A")
    print_stand_ins(b, sink, b.distinct("study"), " in B")
    columns = [("faction", "left"), ("A games", "right"), ("A win rate", "right"), ("B games", "right"), ("B win rate", "right"),
               ("change (points)", "right"), ("95% CI of the change", "right")]  # fmt: skip
    names_data = ["faction", "a_games", "a_wins", "b_games", "b_wins", "change", "change_low", "change_high"]
    sink.table("Win rate by faction, A against B", columns, rows, name="against", data=(names_data, data))
