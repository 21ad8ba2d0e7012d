"""Which clearings a seat may reach, on every map (Law of Robotics 12.1.1, 12.2.1; Law of Root
C.2 and C.3).

Bots and humans see the paths differently on two maps:

- Mountain: bots treat closed paths as paths (12.2.1); everyone else only uses a closed path
  once someone has opened it (LoR C.3.2, C.3.3), recorded in ``state.opened_paths``.
- Lake: a move that starts in the Ferry's clearing may go to any other coastal clearing, once
  per turn, and the Ferry goes along (LoR C.2.5). Bots treat this as if the Ferry's clearing and
  the other coastal clearings were linked by paths (12.1.1). The Ferry's place is
  ``state.ferry``; ``state.ferry_used`` says whether it has carried anyone this turn.

``adjacent_for`` answers "which clearings are adjacent" for targeting and setup (paths only);
``move_destinations`` answers "where may a move from here go" (paths, and the Ferry when it can
sail). Rule (LoR 4.2.1) is checked by ``rules.can_move``, not here. See ruling R-FERRY.
"""

from __future__ import annotations

from collections.abc import Sequence

from .exiles import extra_adjacent
from .faction import SHARED
from .state import GameState

FAR = 99  # distance to a clearing that cannot be reached


def is_bot(state: GameState, faction: str) -> bool:
    fs = state.factions.get(faction)
    return fs is None or fs.is_bot


def adjacent_for(state: GameState, faction: str, c: int) -> tuple[int, ...]:
    """Clearings linked to ``c`` by a path this seat may use: every printed path for a bot
    (closed paths too, 12.2.1); for a human, the open paths and those opened (LoR C.3.2)."""
    if state.deckdef.exiles:  # Boat Builders, Tunnels (the Exiles and Partisans deck)
        return extra_adjacent(state, faction, c, _adjacent(state, faction, c))
    return _adjacent(state, faction, c)


def _adjacent(state: GameState, faction: str, c: int) -> tuple[int, ...]:
    m = state.map
    if (state.services and state.has_service(faction, "riverboats")) or swims(state, faction):
        return riverboat_adjacent(state, faction, c)
    if not m.closed_paths or is_bot(state, faction):
        return m.adjacent[c]
    if not state.opened_paths:
        return m.open_adjacent[c]
    extra = [b if a == c else a for a, b in state.opened_paths if c in (a, b)]
    return tuple(sorted(set(m.open_adjacent[c]).union(extra)))


def swims(state: GameState, faction: str) -> bool:
    """A human seat whose faction treats rivers as paths (Swimmers, LoR 11.2.2)."""
    return faction in SHARED.swimmers and not is_bot(state, faction)


def river_links(state: GameState, c: int) -> tuple[int, ...]:
    """Clearings joined to ``c`` by a river (on the Lake, the lake's links, LoR C.2.2)."""
    return tuple(b if a == c else a for a, b in state.map.river_paths if c in (a, b))


def riverboat_adjacent(state: GameState, faction: str, c: int) -> tuple[int, ...]:
    """Riverboats (9.2.3 II, LoR 11.2.7.2; Swimmers, LoR 11.2.2): rivers count as paths for this
    seat."""
    m = state.map
    if not m.closed_paths or is_bot(state, faction):
        near = m.adjacent[c]
    else:
        near = m.open_adjacent[c]
        extra = [b if a == c else a for a, b in state.opened_paths if c in (a, b)]
        near = tuple(set(near).union(extra))
    return tuple(sorted(set(near).union(river_links(state, c))))


def distance_table(state: GameState, faction: str) -> Sequence[Sequence[int]]:
    """Fewest moves between every two clearings along the paths this seat may use (ferry
    aside): the map's table, unless Riverboats make rivers paths (9.2.3 II)."""
    if not state.has_service(faction, "riverboats") and not swims(state, faction):
        return state.map.distance
    table: list[list[int]] = [[FAR] * 13]
    for start in range(1, 13):
        table.append(fewest_moves(start, lambda c: riverboat_adjacent(state, faction, c)))
    return table


_RIVER_TABLES: dict[tuple[object, ...], list[list[int]]] = {}


def river_distance_table(state: GameState) -> Sequence[Sequence[int]]:
    """Fewest moves between every two clearings for a bot that treats rivers as paths (every
    printed path, 12.2.1, and every river; 9.7, the Advanced Services cards). Kept per map."""
    m = state.map
    key = (m.name, m.paths, m.river_paths)
    if key not in _RIVER_TABLES:
        near = [(), *(tuple(sorted(set(m.adjacent[c]).union(river_links(state, c)))) for c in range(1, 13))]
        _RIVER_TABLES[key] = [[FAR] * 13, *(fewest_moves(start, lambda c: near[c]) for start in range(1, 13))]
    return _RIVER_TABLES[key]


def fewest_moves(start: int, neighbours) -> list[int]:
    """Breadth-first: the fewest moves from ``start`` to every clearing (``FAR`` if none)."""
    dist = [FAR] * 13
    dist[start] = 0
    frontier = [start]
    while frontier:
        nxt: list[int] = []
        for c in frontier:
            for n in neighbours(c):
                if dist[n] == FAR:
                    dist[n] = dist[c] + 1
                    nxt.append(n)
        frontier = nxt
    return dist


def ferry_links(state: GameState, c: int) -> tuple[int, ...]:
    """Coastal clearings the Ferry can carry pieces to from ``c``: none unless the Ferry is in
    ``c`` and has not sailed this turn (LoR C.2.5; 12.1.1)."""
    if state.ferry is None or state.ferry != c or state.ferry_used:
        return ()
    return tuple(k for k in state.map.coast_order if k != c)


def is_ferry_move(state: GameState, faction: str, a: int, b: int) -> bool:
    """A move from ``a`` to ``b`` that needs the Ferry: no path links them, the Ferry does."""
    if state.ferry is None:  # no Ferry on this map
        return False
    return b not in adjacent_for(state, faction, a) and b in ferry_links(state, a)


def move_destinations(state: GameState, faction: str, c: int) -> tuple[int, ...]:
    """Where a move from ``c`` may go by path or by the Ferry, in priority-number order."""
    if state.ferry is None and not state.services and not state.map.closed_paths and not state.deckdef.exiles and faction not in SHARED.swimmers:
        return state.map.adjacent[c]  # no Ferry, no Riverboats, no closed path: the printed paths
    near = adjacent_for(state, faction, c)
    boat = ferry_links(state, c)
    if not boat:
        return near
    return tuple(sorted(set(near).union(boat)))


def distances_from(state: GameState, faction: str, start: int) -> list[int]:
    """Fewest moves from ``start`` to each clearing (index 0 unused), over the paths this seat
    may use and, on the Lake, the Ferry's links from where it stands now. ``FAR`` = unreachable.

    A bot on a map without closed paths or a Ferry reads the precomputed table."""
    m = state.map
    if state.ferry is None and not state.services and (not m.closed_paths or is_bot(state, faction)) and not (state.deckdef.exiles and not is_bot(state, faction)) and not swims(state, faction):
        return list(m.distance[start])
    return fewest_moves(start, lambda c: move_destinations(state, faction, c))


def distance(state: GameState, faction: str, a: int, b: int) -> int:
    """Fewest moves from ``a`` to ``b`` for this seat (see ``distances_from``)."""
    return distances_from(state, faction, a)[b]

