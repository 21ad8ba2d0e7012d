"""Maps as data: clearings named by their priority number (1 = highest priority).

A map is loaded once from the package's JSON, validated, and shared by every game; games
never copy it. Adjacency and path distances are precomputed here so that bots never search
the graph during play.

Two graphs matter on the Mountain: ``adjacent`` (and ``distance``) link clearings by every
printed path, closed ones included, which is how the bots see the map (Law of Robotics
12.2.1); ``open_adjacent`` leaves out the paths closed at setup, which is how everyone else
sees it until a path is opened (Law of Root C.3.2). On the other maps the two are the same.
Things that change during a game (where the Ferry is, which closed paths are open) are in
the game state; ``core/paths.py`` answers "adjacent for whom" from both.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

SUITS: tuple[str, ...] = ("fox", "rabbit", "mouse")
CLEARINGS: tuple[int, ...] = tuple(range(1, 13))
MAP_NAMES: tuple[str, ...] = ("fall", "winter", "lake", "mountain")
SUIT_MARKERS_EACH = 4  # the 12 suit markers: 4 of each suit (Law of Root A.1)


class MapDataError(ValueError):
    """The packaged map data is inconsistent."""


@dataclass(frozen=True, slots=True)
class Map:
    """One board. Tuples are indexed by clearing number; index 0 is unused.

    ``paths`` are all printed paths; ``adjacent``/``distance`` use them all (the bots' graph,
    12.2.1). ``closed_paths`` are the Mountain's paths closed at setup and ``open_adjacent``
    the graph without them (Law of Root C.3.2). ``coastal``, ``coast_order`` and
    ``ferry_start`` describe the Lake (C.2); ``pass_clearing`` the Mountain's Pass (C.3.4).
    Forests are indexed 0.. in ``forests``; ``forest_neighbours[i]`` are the forests
    adjacent to forest ``i``.
    """

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
    closed_paths: frozenset[tuple[int, int]] = frozenset()
    open_adjacent: tuple[tuple[int, ...], ...] = ()
    coastal: frozenset[int] = frozenset()
    coast_order: tuple[int, ...] = ()
    ferry_start: int | None = None
    edge_loop: tuple[int, ...] = ()
    forest_neighbours: tuple[tuple[int, ...], ...] = ()
    notes: tuple[str, ...] = ()

    def is_adjacent(self, a: int, b: int) -> bool:
        """Linked by a printed path (closed paths count: the bots' view, 12.2.1)."""
        return b in self.adjacent[a]

    def forests_of(self, clearing: int) -> tuple[int, ...]:
        """Indexes of the forests that touch a clearing."""
        return tuple(i for i, f in enumerate(self.forests) if clearing in f)

    @property
    def has_printed_suits(self) -> bool:
        """Only Fall prints its suits; the other maps take shuffled suit markers (LoR A.1)."""
        return all(s is not None for s in self.printed_suits[1:])

    def is_closed(self, a: int, b: int) -> bool:
        """A path covered by a closed-path marker at setup (Law of Root C.3.1)."""
        return (min(a, b), max(a, b)) in self.closed_paths


def suit_problem(m: Map, suits: Sequence[str | None]) -> str | None:
    """Why ``suits`` (12, in priority order) cannot be this map's clearing suits, or None.

    Maps without printed suits take the 12 suit markers, four of each suit (LoR A.1); Fall
    keeps its printed suits.
    """
    if len(suits) != 12:
        return f"give 12 suits, one per clearing in priority order, not {len(suits)}"
    for i, s in enumerate(suits, start=1):
        if s not in SUITS:
            return f"clearing {i}: {s!r} is not a suit (suits: {', '.join(SUITS)})"
    if m.has_printed_suits:
        printed = list(m.printed_suits[1:])
        if list(suits) != printed:
            return f"the {m.name} map prints its suits ({','.join(printed)}); give exactly those or none"  # type: ignore[arg-type]
        return None
    counts = Counter(suits)
    if any(counts[s] != SUIT_MARKERS_EACH for s in SUITS):
        shown = ", ".join(f"{counts[s]} {s}" for s in SUITS)
        return f"the suit markers are 4 of each suit, not {shown}"
    return None


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


_MAP_KEYS = (
    "name", "clearings", "paths", "closed_paths", "river_paths", "river_clearings", "corners",
    "opposite_corners", "coastal_clearings", "coast_order", "ferry_start", "pass_clearing",
    "edge_loop", "forests", "forest_adjacency", "layout_xy", "sources", "notes",
)
_CLEARING_KEYS = ("suit", "slots", "open_slots_at_setup", "ruin", "corner", "map_edge", "river")
RUINS_PER_MAP = 4  # LoR 5.1.4


def _pair(name: str, what: str, link: Any) -> tuple[int, int]:
    if not (isinstance(link, list) and len(link) == 2 and all(type(c) is int for c in link)):
        raise MapDataError(f"{name}: {what}: {link!r} is not a pair of clearings")
    a, b = link
    if a not in CLEARINGS or b not in CLEARINGS or a == b:
        raise MapDataError(f"{name}: {what}: bad link {a}-{b}")
    return (min(a, b), max(a, b))


Links = list[tuple[int, int]]


def _pairs(name: str, what: str, links: Any) -> Links:
    out = [_pair(name, what, link) for link in links]
    if len(set(out)) != len(out):
        raise MapDataError(f"{name}: {what}: a link is listed twice")
    return out


def _neighbours(pairs: Sequence[tuple[int, int]]) -> tuple[tuple[int, ...], ...]:
    sets: list[set[int]] = [set() for _ in range(13)]
    for a, b in pairs:
        sets[a].add(b)
        sets[b].add(a)
    return tuple(tuple(sorted(s)) for s in sets)


def _connected(adjacent: tuple[tuple[int, ...], ...]) -> bool:
    return all(d < 99 for d in _bfs_distances(adjacent)[1][1:])


def _validate(name: str, raw: dict) -> None:
    """Everything the engine relies on, checked once when the map is loaded."""
    _check_fields(name, raw)
    clearings = raw["clearings"]
    paths = _pairs(name, "paths", raw["paths"])
    rivers = _pairs(name, "river_paths", raw["river_paths"])
    closed = _pairs(name, "closed_paths", raw["closed_paths"])
    ruins = _check_clearings(name, clearings)
    _check_paths(name, raw, paths, rivers, closed)
    _check_corners(name, raw, paths, ruins)
    _check_lake_pass_and_edge(name, raw, paths, rivers)
    _check_forests(name, raw, paths, rivers)
    layout = raw["layout_xy"]
    if sorted(int(k) for k in layout) != list(CLEARINGS):
        raise MapDataError(f"{name}: layout_xy needs a position for every clearing")


def _check_fields(name: str, raw: dict) -> None:
    if raw.get("name") != name:
        raise MapDataError(f"{name}: the file names the map {raw.get('name')!r}")
    for key in _MAP_KEYS:
        if key not in raw:
            raise MapDataError(f"{name}: {key} is missing")
    for key in raw:
        if key not in _MAP_KEYS:
            raise MapDataError(f"{name}: {key} is not a map field")
    if sorted(int(k) for k in raw["clearings"]) != list(CLEARINGS):
        raise MapDataError(f"{name}: clearings must be 1..12")


def _check_clearings(name: str, clearings: dict) -> list[int]:
    """Each clearing's fields, suits (all printed or none, four of each) and ruins; returns the ruins."""
    for c, info in clearings.items():
        if sorted(info) != sorted(_CLEARING_KEYS):
            raise MapDataError(f"{name}: clearing {c} needs exactly the fields {', '.join(_CLEARING_KEYS)}")
        if info["suit"] is not None and info["suit"] not in SUITS:
            raise MapDataError(f"{name}: clearing {c} has unknown suit {info['suit']!r}")
        if not 1 <= info["slots"] <= 3:
            raise MapDataError(f"{name}: clearing {c} has {info['slots']} slots")
        if info["open_slots_at_setup"] != info["slots"] - (1 if info["ruin"] else 0):
            raise MapDataError(f"{name}: clearing {c}: open slots must be the slots less the ruin's")
    suits = [clearings[str(c)]["suit"] for c in CLEARINGS]
    if any(s is None for s in suits) and any(s is not None for s in suits):
        raise MapDataError(f"{name}: either every clearing prints a suit or none does")
    if suits[0] is not None and any(suits.count(s) != SUIT_MARKERS_EACH for s in SUITS):
        raise MapDataError(f"{name}: a printed map has four clearings of each suit")
    ruins = [c for c in CLEARINGS if clearings[str(c)]["ruin"]]
    if len(ruins) != RUINS_PER_MAP:
        raise MapDataError(f"{name}: {len(ruins)} ruins, not {RUINS_PER_MAP}")
    return ruins


def _check_paths(name: str, raw: dict, paths: Links, rivers: Links, closed: Links) -> None:
    """Closed paths are printed paths; both graphs (printed, open at setup) connect every
    clearing; the river flags agree with the rivers."""
    clearings = raw["clearings"]
    for link in closed:
        if link not in paths:
            raise MapDataError(f"{name}: closed path {link[0]}-{link[1]} is not a printed path")
    if not _connected(_neighbours(paths)):
        raise MapDataError(f"{name}: the paths do not connect every clearing")
    if not _connected(_neighbours([p for p in paths if p not in closed])):
        raise MapDataError(f"{name}: the paths open at setup do not connect every clearing")
    river_ends = {c for link in rivers for c in link}
    if sorted(river_ends) != sorted(raw["river_clearings"]):
        raise MapDataError(f"{name}: river_clearings must be the clearings the rivers link")
    for c in CLEARINGS:
        if clearings[str(c)]["river"] != (c in river_ends):
            raise MapDataError(f"{name}: clearing {c}: its river flag disagrees with river_paths")


def _check_corners(name: str, raw: dict, paths: Links, ruins: list[int]) -> None:
    """Four corners, flagged, none with a ruin, opposites symmetric and never adjacent."""
    clearings = raw["clearings"]
    corners = raw["corners"]
    if sorted(corners) != sorted(c for c in CLEARINGS if clearings[str(c)]["corner"]) or len(corners) != 4:
        raise MapDataError(f"{name}: corners must be the four clearings flagged as corners")
    if set(corners) & set(ruins):
        raise MapDataError(f"{name}: a corner has a ruin")
    opp = raw["opposite_corners"]
    if sorted(int(k) for k in opp) != sorted(corners):
        raise MapDataError(f"{name}: every corner needs a diagonally opposite corner")
    for a, b in opp.items():
        if b not in corners or opp[str(b)] != int(a) or b == int(a):
            raise MapDataError(f"{name}: opposite corners {a} and {b} are not symmetric")
        if (min(int(a), b), max(int(a), b)) in paths:
            raise MapDataError(f"{name}: opposite corners {a} and {b} are adjacent")


def _check_lake_pass_and_edge(name: str, raw: dict, paths: Links, rivers: Links) -> None:
    """The Lake's coast and Ferry (LoR C.2.1, C.2.2), the Pass, and the map's edge loop."""
    coastal = raw["coastal_clearings"]
    if sorted(raw["coast_order"]) != sorted(coastal):
        raise MapDataError(f"{name}: coast_order must list the coastal clearings")
    ferry = raw["ferry_start"]
    if coastal:
        if ferry not in coastal or ferry not in raw["corners"]:
            raise MapDataError(f"{name}: the Ferry starts in the corner clearing that is coastal (LoR C.2.1)")
        lake = {(a, b) for a in coastal for b in coastal if a < b}
        if not lake <= set(rivers):
            raise MapDataError(f"{name}: the lake links every pair of coastal clearings as rivers (LoR C.2.2)")
    elif ferry is not None:
        raise MapDataError(f"{name}: a Ferry needs coastal clearings")
    if raw["pass_clearing"] is not None and raw["pass_clearing"] not in CLEARINGS:
        raise MapDataError(f"{name}: the Pass must be a clearing")
    loop = raw["edge_loop"]
    if sorted(loop) != sorted(c for c in CLEARINGS if raw["clearings"][str(c)]["map_edge"]) or len(set(loop)) != len(loop):
        raise MapDataError(f"{name}: edge_loop must list the clearings flagged map_edge, once each")
    for a, b in zip(loop, loop[1:] + loop[:1]):
        if (min(a, b), max(a, b)) not in paths:
            raise MapDataError(f"{name}: the map edge {a}-{b} is not a path")


def _check_forests(name: str, raw: dict, paths: Links, rivers: Links) -> None:
    """At least three clearings around each forest, every clearing touches one, and adjacent
    forests share a boundary (a path or river between two shared clearings, or a coastal
    clearing between two coastal forests)."""
    coastal = raw["coastal_clearings"]
    forests = [tuple(f) for f in raw["forests"]]
    if len(set(forests)) != len(forests):
        raise MapDataError(f"{name}: a forest is listed twice")
    for f in forests:
        if len(f) < 3 or len(set(f)) != len(f) or any(c not in CLEARINGS for c in f):
            raise MapDataError(f"{name}: forest {list(f)} is not three or more distinct clearings")
    for c in CLEARINGS:
        if not any(c in f for f in forests):
            raise MapDataError(f"{name}: clearing {c} touches no forest")
    seen: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
    for a, b in raw["forest_adjacency"]:
        fa, fb = tuple(a), tuple(b)
        if fa not in forests or fb not in forests or fa == fb:
            raise MapDataError(f"{name}: forest adjacency {a}-{b} names an unknown forest")
        key = (min(fa, fb), max(fa, fb))
        if key in seen:
            raise MapDataError(f"{name}: forest adjacency {a}-{b} is listed twice")
        seen.add(key)
        shared = set(fa) & set(fb)
        divided = any((x, y) in paths or (x, y) in rivers for x in shared for y in shared if x < y)
        by_the_lake = bool(shared & set(coastal)) and bool(coastal)
        if not (divided or by_the_lake):
            raise MapDataError(f"{name}: forests {a} and {b} share no boundary")


@cache
def load_map(name: str) -> Map:
    """Load, validate and cache a map by name (``fall``, ``winter``, ``lake``, ``mountain``)."""
    if name not in MAP_NAMES:
        raise KeyError(name)
    text = resources.files("rootbotics.data").joinpath(f"map_{name}.json").read_text()
    raw = json.loads(text)
    _validate(name, raw)
    cl = raw["clearings"]
    paths = tuple(_pair(name, "paths", p) for p in raw["paths"])
    closed = frozenset(_pair(name, "closed_paths", p) for p in raw["closed_paths"])
    adjacent = _neighbours(paths)
    forests = tuple(tuple(f) for f in raw["forests"])
    index = {f: i for i, f in enumerate(forests)}
    forest_adjacency = tuple((index[tuple(a)], index[tuple(b)]) for a, b in raw["forest_adjacency"])
    forest_neighbours = tuple(
        tuple(sorted({b for a, b in forest_adjacency if a == i} | {a for a, b in forest_adjacency if b == i}))
        for i in range(len(forests))
    )
    return Map(
        name=name,
        printed_suits=(None,) + tuple(cl[str(c)]["suit"] for c in CLEARINGS),
        slots=(0,) + tuple(cl[str(c)]["slots"] for c in CLEARINGS),
        ruins=frozenset(c for c in CLEARINGS if cl[str(c)]["ruin"]),
        paths=paths,
        adjacent=adjacent,
        river_paths=tuple((a, b) for a, b in raw["river_paths"]),
        river_clearings=frozenset(raw["river_clearings"]),
        corners=tuple(raw["corners"]),
        opposite_corner={int(a): b for a, b in raw["opposite_corners"].items()},
        forests=forests,
        forest_adjacency=forest_adjacency,
        distance=_bfs_distances(adjacent),
        layout_xy={int(c): (xy[0], xy[1]) for c, xy in raw["layout_xy"].items()},
        pass_clearing=raw["pass_clearing"],
        closed_paths=closed,
        open_adjacent=_neighbours([p for p in paths if p not in closed]),
        coastal=frozenset(raw["coastal_clearings"]),
        coast_order=tuple(raw["coast_order"]),
        ferry_start=raw["ferry_start"],
        edge_loop=tuple(raw["edge_loop"]),
        forest_neighbours=forest_neighbours,
        notes=tuple(raw["notes"]),
    )
