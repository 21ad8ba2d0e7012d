"""Maps as data: clearings named by their priority number (1 = highest priority).

A map is loaded once from the package's JSON, validated, and shared by every game; games
never copy it. Adjacency and path distances are precomputed here so that bots never search
the graph during play.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

SUITS: tuple[str, ...] = ("fox", "rabbit", "mouse")
CLEARINGS: tuple[int, ...] = tuple(range(1, 13))
MAP_NAMES: tuple[str, ...] = ("fall",)


class MapDataError(ValueError):
    """The packaged map data is inconsistent."""


@dataclass(frozen=True, slots=True)
class Map:
    """One board. Tuples are indexed by clearing number; index 0 is unused."""

    name: str
    printed_suits: tuple[str | None, ...]
    slots: tuple[int, ...]
    ruins: frozenset[int]
    paths: tuple[tuple[int, int], ...]
    adjacent: tuple[tuple[int, ...], ...]
    river_paths: tuple[tuple[int, int], ...]
    river_clearings: frozenset[int]
    corners: tuple[int, ...]
    opposite_corner: dict[int, int]
    forests: tuple[tuple[int, ...], ...]
    forest_adjacency: tuple[tuple[int, int], ...]
    distance: tuple[tuple[int, ...], ...]
    layout_xy: dict[int, tuple[int, int]]
    pass_clearing: int | None = None

    def is_adjacent(self, a: int, b: int) -> bool:
        return b in self.adjacent[a]

    def forests_of(self, clearing: int) -> tuple[int, ...]:
        """Indexes of the forests that touch a clearing."""
        return tuple(i for i, f in enumerate(self.forests) if clearing in f)


def _bfs_distances(adjacent: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    far = 99
    rows: list[tuple[int, ...]] = [()]
    for start in CLEARINGS:
        dist = [far] * 13
        dist[start] = 0
        frontier = [start]
        while frontier:
            nxt: list[int] = []
            for c in frontier:
                for n in adjacent[c]:
                    if dist[n] == far:
                        dist[n] = dist[c] + 1
                        nxt.append(n)
            frontier = nxt
        rows.append(tuple(dist))
    return tuple(rows)


def _validate(name: str, raw: dict) -> None:
    clearings = raw["clearings"]
    if sorted(int(k) for k in clearings) != list(CLEARINGS):
        raise MapDataError(f"{name}: clearings must be 1..12")
    for a, b in raw["paths"] + raw["river_paths"]:
        if a not in CLEARINGS or b not in CLEARINGS or a == b:
            raise MapDataError(f"{name}: bad link {a}-{b}")
    for c, info in clearings.items():
        if info["suit"] is not None and info["suit"] not in SUITS:
            raise MapDataError(f"{name}: clearing {c} has unknown suit {info['suit']!r}")
        if not 0 <= info["slots"] <= 3:
            raise MapDataError(f"{name}: clearing {c} has {info['slots']} slots")
    opp = raw["opposite_corners"]
    for a, b in opp.items():
        if opp[str(b)] != int(a):
            raise MapDataError(f"{name}: opposite corners {a} and {b} are not symmetric")


@cache
def load_map(name: str) -> Map:
    """Load, validate and cache a map by name (``fall``)."""
    if name not in MAP_NAMES:
        raise KeyError(name)
    text = resources.files("rootbotics.data").joinpath(f"map_{name}.json").read_text()
    raw = json.loads(text)
    _validate(name, raw)
    cl = raw["clearings"]
    neighbours: list[set[int]] = [set() for _ in range(13)]
    for a, b in raw["paths"]:
        neighbours[a].add(b)
        neighbours[b].add(a)
    adjacent = tuple(tuple(sorted(s)) for s in neighbours)
    distance = _bfs_distances(adjacent)
    if any(d == 99 for row in distance[1:] for d in row[1:]):
        raise MapDataError(f"{name}: the paths do not connect every clearing")
    forests = tuple(tuple(f) for f in raw["forests"])
    index = {f: i for i, f in enumerate(forests)}
    return Map(
        name=name,
        printed_suits=(None,) + tuple(cl[str(c)]["suit"] for c in CLEARINGS),
        slots=(0,) + tuple(cl[str(c)]["slots"] for c in CLEARINGS),
        ruins=frozenset(c for c in CLEARINGS if cl[str(c)]["ruin"]),
        paths=tuple((a, b) for a, b in raw["paths"]),
        adjacent=adjacent,
        river_paths=tuple((a, b) for a, b in raw["river_paths"]),
        river_clearings=frozenset(raw["river_clearings"]),
        corners=tuple(raw["corners"]),
        opposite_corner={int(a): b for a, b in raw["opposite_corners"].items()},
        forests=forests,
        forest_adjacency=tuple(
            (index[tuple(a)], index[tuple(b)]) for a, b in raw["forest_adjacency"]
        ),
        distance=distance,
        layout_xy={int(c): (xy[0], xy[1]) for c, xy in raw["layout_xy"].items()},
    )
