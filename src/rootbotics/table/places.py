"""Clearings named so a person can find them on a board that prints no priority numbers
(issue 30 item 6): the suit, and where the clearing lies on the board as its picture shows it
(a corner, an edge, the middle; left or right of centre), and a ruin's printed site. The
priority number stays first, for the map picture at hand (``rootbotics map``, docs/maps/).

Each map's twelve landmarks differ from one another (``tests/table/test_places.py``), so the
landmark alone finds a clearing, whatever the suits."""

from __future__ import annotations

from functools import cache

from ..core.maps import Map, load_map

# Bands of the map picture's layout (``Map.layout_xy``, about 0..390 each way).
ROWS: tuple[tuple[int, str], ...] = ((70, "top"), (160, "upper"), (290, "lower"), (10_000, "bottom"))
COLUMNS: tuple[tuple[int, str], ...] = ((80, "left"), (200, "centre-left"), (320, "centre-right"), (10_000, "right"))


def _band(v: int, bands: tuple[tuple[int, str], ...]) -> str:
    return next(name for limit, name in bands if v < limit)


def landmark(m: Map, c: int) -> str:
    """Where clearing ``c`` lies: ``top-left corner``, ``left edge, upper half``, ``top edge,
    right of centre``, ``middle, lower left``; with ``ruin`` where a ruin is printed."""
    x, y = m.layout_xy[c]
    row, col = _band(y, ROWS), _band(x, COLUMNS)
    side = "left" if col in ("left", "centre-left") else "right"
    if c in m.corners:
        where = f"{'top' if y < 195 else 'bottom'}-{side} corner"
    elif col in ("left", "right") and row in ("upper", "lower"):
        where = f"{col} edge, {row} half"
    elif row in ("top", "bottom"):
        where = f"{row} edge, {'near the ' + side + ' corner' if col in ('left', 'right') else side + ' of centre'}"
    else:
        where = f"middle, {row} {side}"
    return where + (", ruin" if c in m.ruins else "")


@cache
def landmarks(map_name: str) -> tuple[str, ...]:
    """Every clearing's landmark on a map, indexed by clearing (0 unused)."""
    m = load_map(map_name)
    return ("", *(landmark(m, c) for c in range(1, 13)))


def clearing_name(c: int, suit: str | None, mark: str = "") -> str:
    """``clearing 8 (fox, bottom edge, left of centre)``: number, suit and landmark."""
    inside = ", ".join(p for p in (suit, mark) if p)
    return f"clearing {c} ({inside})" if inside else f"clearing {c}"
