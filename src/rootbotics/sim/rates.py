"""Win rates and their 95% Wilson intervals, the interval of a difference of two of them
(Newcombe), and how a table of them is printed and kept as data."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

Z95 = 1.959963984540054  # two-sided 95% normal quantile


class ReportError(ValueError):
    """Result files that cannot be read; the message names the file."""


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (good near 0 and 1 and for small samples)."""
    if games == 0:
        return (math.nan, math.nan)
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    lo = 0.0 if wins == 0 else max(0.0, centre - half)  # exact at the ends, whatever the rounding
    hi = 1.0 if wins == games else min(1.0, centre + half)
    return (lo, hi)


@dataclass(frozen=True, slots=True)
class Rate:
    """Wins out of games for one group (a faction, or a faction on a map, ...)."""

    group: tuple[Any, ...]
    games: int
    wins: int

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else math.nan

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)


def pct(x: float) -> str:
    return "-" if math.isnan(x) else f"{100 * x:.1f}%"


def interval_text(r: Rate) -> str:
    lo, hi = r.interval
    return "-" if math.isnan(lo) else f"{100 * lo:.1f}–{100 * hi:.1f}%"


def rate_rows(rates: list[Rate]) -> list[list[str]]:
    return [[*("-" if g is None else str(g) for g in r.group), str(r.games), str(r.wins), pct(r.rate), interval_text(r)] for r in rates]


def rate_data(rates: list[Rate], *group: str) -> tuple[list[str], list[list[Any]]]:
    """A rate table's data: the group's fields, games, wins, the rate and its interval's ends."""
    columns = [*group, "games", "wins", "win_rate", "ci95_low", "ci95_high"]
    return columns, [[*r.group, r.games, r.wins, r.rate, *r.interval] for r in rates]


def rate_table(out: Any, title: str, group: Sequence[tuple[str, str]], rates: list[Rate]) -> None:
    """A win-rate table: the group's columns, games, wins, rate and 95% interval."""
    names = [n for n, _ in group]
    out.table(title, [*group, *RATE_COLUMNS], rate_rows(rates), name=table_name(title), data=rate_data(rates, *names))


def table_name(title: str) -> str:
    from .tables import slug

    return slug(title)


RATE_COLUMNS = [("games", "right"), ("wins", "right"), ("win rate", "right"), ("95% CI (Wilson)", "right")]


def difference_interval(a: Rate, b: Rate) -> tuple[float, float, float]:
    """(difference, low, high) of ``a.rate - b.rate`` with its 95% interval (Newcombe, method 10)."""
    if not a.games or not b.games:
        return (math.nan, math.nan, math.nan)
    (la, ua), (lb, ub) = a.interval, b.interval
    d = a.rate - b.rate
    low = d - math.sqrt((a.rate - la) ** 2 + (ub - b.rate) ** 2)
    high = d + math.sqrt((ua - a.rate) ** 2 + (b.rate - lb) ** 2)
    return (d, low, high)
