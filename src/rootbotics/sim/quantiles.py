"""Exact quantiles from a histogram (value -> how many times it occurs), as DuckDB's
``histogram()`` aggregate returns it: a report's medians and quartiles of VP, rounds and
margins are read from these (a few dozen distinct values per group), never from every row, so
they cost the same memory at 10 million games as at ten thousand.

The quantile is the continuous one (DuckDB's ``quantile_cont``, NumPy's default, matplotlib's
box plots): position q·(n−1) in the sorted values, linear between its two neighbours.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

Histogram = Mapping[Any, int]


def sorted_counts(hist: Histogram | None) -> list[tuple[float, int]]:
    """The histogram's (value, count) pairs, values ascending, NULL values dropped."""
    return sorted((float(v), int(n)) for v, n in (hist or {}).items() if v is not None and n)


def value_at(pairs: list[tuple[float, int]], rank: int) -> float:
    """The value at 0-based ``rank`` in the sorted values the pairs stand for."""
    seen = 0
    for value, n in pairs:
        seen += n
        if rank < seen:
            return value
    raise IndexError(rank)


def quantile(hist: Histogram | None, q: float) -> float:
    """The continuous ``q`` quantile of the values (NaN when there are none)."""
    pairs = sorted_counts(hist)
    total = sum(n for _, n in pairs)
    if total == 0:
        return math.nan
    pos = q * (total - 1)
    low = math.floor(pos)
    a = value_at(pairs, low)
    b = value_at(pairs, min(low + 1, total - 1))
    return a + (pos - low) * (b - a)


def box_stats(hist: Histogram, label: str, whis: float = 1.5) -> dict[str, Any]:
    """What matplotlib's ``Axes.bxp`` draws for one box, as ``boxplot`` would compute it from the
    values: quartiles, mean, whiskers at the furthest values within ``whis`` IQR of the box, and
    the values beyond them (each distinct value once)."""
    pairs = sorted_counts(hist)
    total = sum(n for _, n in pairs)
    q1, med, q3 = (quantile(hist, q) for q in (0.25, 0.5, 0.75))
    reach = whis * (q3 - q1)
    inside = [v for v, _ in pairs if q1 - reach <= v <= q3 + reach]
    return {
        "label": label,
        "q1": q1,
        "med": med,
        "q3": q3,
        "mean": sum(v * n for v, n in pairs) / total,
        "whislo": min(inside, default=q1),
        "whishi": max(inside, default=q3),
        "fliers": [v for v, _ in pairs if v < q1 - reach or v > q3 + reach],
    }
