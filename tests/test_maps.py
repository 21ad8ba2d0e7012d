"""The four maps as data (Law of Root 2.2, 5.1.4, C; Law of Robotics 3.1, 12) and their SVG pictures.

Facts per map come from the printed priority charts and boards (see shared/data/maps-notes.md);
the loader's validation is tested by breaking a copy of the data.
"""

from __future__ import annotations

import copy
import json
import xml.etree.ElementTree as ET
from collections import deque
from importlib import resources
from pathlib import Path

import pytest

from rootbotics.core import maps as M
from rootbotics.core.maps import CLEARINGS, MAP_NAMES, MapDataError, load_map, suit_problem
from rootbotics.mapsvg import render_svg

ROOT = Path(__file__).resolve().parent.parent
SVG = "{http://www.w3.org/2000/svg}"


def bfs(adjacent, start: int) -> dict[int, int]:
    dist = {start: 0}
    queue = deque([start])
    while queue:
        c = queue.popleft()
        for n in adjacent[c]:
            if n not in dist:
                dist[n] = dist[c] + 1
                queue.append(n)
    return dist


def link(a: int, b: int) -> tuple[int, int]:
    return (min(a, b), max(a, b))


# -- every map ----------------------------------------------------------------------------------
def test_all_four_maps_are_offered() -> None:
    assert MAP_NAMES == ("fall", "winter", "lake", "mountain")


@pytest.mark.parametrize("name", MAP_NAMES)
def test_every_map_loads_and_validates(name: str) -> None:
    """12 clearings by priority number, 4 ruins, symmetric paths, connected for bots and humans,
    distances are shortest paths, four corners with symmetric diagonal opposites."""
    m = load_map(name)
    assert len(m.slots) == 13 and len(m.adjacent) == 13
    assert len(m.ruins) == 4 and not m.ruins & set(m.corners)
    for a in CLEARINGS:
        for b in m.adjacent[a]:
            assert a in m.adjacent[b]
    for graph in (m.adjacent, m.open_adjacent):
        assert set(bfs(graph, 1)) == set(CLEARINGS)
    for a in CLEARINGS:
        dist = bfs(m.adjacent, a)
        assert [m.distance[a][b] for b in CLEARINGS] == [dist[b] for b in CLEARINGS]
    assert sorted(m.corners) == [1, 2, 3, 4]
    for a, b in m.opposite_corner.items():
        assert m.opposite_corner[b] == a and not m.is_adjacent(a, b)
    assert load_map(name) is load_map(name)  # loaded once, shared


@pytest.mark.parametrize(("name", "total"), [("fall", 22), ("winter", 22), ("lake", 22), ("mountain", 23)])
def test_slot_totals(name: str, total: int) -> None:
    """Building slots, the slot under each ruin included: 22, 22, 22 and 23 (the Mountain)."""
    assert sum(load_map(name).slots) == total


@pytest.mark.parametrize(
    ("name", "ruins"),
    [("fall", {6, 10, 11, 12}), ("winter", {8, 9, 11, 12}), ("lake", {5, 10, 11, 12}), ("mountain", {9, 10, 11, 12})],
)
def test_lor_5_1_4_ruins(name: str, ruins: set[int]) -> None:
    assert load_map(name).ruins == ruins


@pytest.mark.parametrize(
    ("name", "opposite"),
    [
        ("fall", {1: 3, 3: 1, 2: 4, 4: 2}),
        ("winter", {1: 3, 3: 1, 2: 4, 4: 2}),
        ("lake", {1: 2, 2: 1, 3: 4, 4: 3}),  # the Lake's corners are laid out differently
        ("mountain", {1: 3, 3: 1, 2: 4, 4: 2}),
    ],
)
def test_4_3_3_diagonally_opposite_corners(name: str, opposite: dict[int, int]) -> None:
    assert load_map(name).opposite_corner == opposite


@pytest.mark.parametrize(
    ("name", "adjacent", "not_adjacent"),
    [
        ("winter", [(1, 5), (1, 11), (9, 11), (2, 12), (5, 6)], [(11, 12), (10, 11), (7, 12)]),
        ("lake", [(1, 5), (1, 9), (7, 10), (7, 11), (4, 5), (9, 12)], [(1, 10), (1, 11), (10, 11), (3, 4)]),
        ("mountain", [(9, 10), (10, 12), (5, 10), (1, 8), (2, 5), (3, 7)], [(1, 5), (4, 7), (2, 10)]),
    ],
)
def test_lor_2_2_a_few_paths(name: str, adjacent: list[tuple[int, int]], not_adjacent: list[tuple[int, int]]) -> None:
    m = load_map(name)
    for a, b in adjacent:
        assert m.is_adjacent(a, b), f"{a}-{b}"
    for a, b in not_adjacent:
        assert not m.is_adjacent(a, b), f"{a}-{b}"


@pytest.mark.parametrize(("name", "paths"), [("fall", 18), ("winter", 16), ("lake", 17), ("mountain", 21)])
def test_path_counts(name: str, paths: int) -> None:
    assert len(load_map(name).paths) == paths


def test_only_fall_prints_its_suits() -> None:
    assert load_map("fall").has_printed_suits
    for name in ("winter", "lake", "mountain"):
        m = load_map(name)
        assert not m.has_printed_suits and set(m.printed_suits) == {None}


# -- rivers, the lake, the mountain --------------------------------------------------------------
def test_lor_c_1_winter_river_is_not_a_path_and_divides_forests() -> None:
    m = load_map("winter")
    assert sorted(m.river_paths) == [(7, 12), (10, 11), (11, 12)] and m.river_clearings == {7, 10, 11, 12}
    # C.1.1 Raging River: the river splits the area between 1, 10, 4 and 11 in two forests.
    assert (1, 10, 11) in m.forests and (4, 10, 11) in m.forests
    a, b = m.forests.index((1, 10, 11)), m.forests.index((4, 10, 11))
    assert b in m.forest_neighbours[a]


def test_lor_c_2_lake_coast_ferry_and_lake_links() -> None:
    m = load_map("lake")
    assert m.coastal == {1, 10, 11, 12}
    assert m.ferry_start == 1 and m.ferry_start in m.corners  # C.2.1: the coastal corner
    assert set(m.coast_order) == m.coastal
    # C.2.2: the lake is rivers linking every coastal clearing to every other.
    assert {link(a, b) for a, b in m.river_paths} == {link(a, b) for a in m.coastal for b in m.coastal if a != b}
    for a in m.coastal:
        for b in m.coastal:
            assert not m.is_adjacent(a, b)  # only the Ferry crosses the lake
    # C.2.4: coastal forests are adjacent to their neighbours around the lake.
    i, j = m.forests.index((1, 5, 11)), m.forests.index((1, 9, 12))
    assert j in m.forest_neighbours[i]


def test_lor_c_3_mountain_closed_paths_and_the_pass() -> None:
    m = load_map("mountain")
    closed = {(2, 5), (5, 9), (8, 9), (11, 12), (6, 11), (3, 7)}
    assert m.closed_paths == closed
    assert m.pass_clearing == 10
    for a, b in closed:
        assert m.is_adjacent(a, b)  # the bots' graph (12.2.1)
        assert b not in m.open_adjacent[a] and a not in m.open_adjacent[b]  # C.3.2
    assert m.distance[2][5] == 1
    assert sorted(m.river_paths) == [(2, 10), (4, 10)] and 8 not in m.river_clearings
    assert (1, 5, 9) in m.forests and (4, 7, 12) in m.forests  # C.3.5 the map-edge areas


@pytest.mark.parametrize(("name", "n"), [("fall", 7), ("winter", 8), ("lake", 9), ("mountain", 12)])
def test_forests_touch_clearings_and_neighbours_are_symmetric(name: str, n: int) -> None:
    m = load_map(name)
    assert len(m.forests) == n
    for c in CLEARINGS:
        assert m.forests_of(c)
    for i, near in enumerate(m.forest_neighbours):
        for j in near:
            assert i in m.forest_neighbours[j]


def test_other_maps_have_no_ferry_closed_paths_or_pass() -> None:
    for name in ("fall", "winter"):
        m = load_map(name)
        assert (m.coastal, m.ferry_start, m.closed_paths, m.pass_clearing) == (frozenset(), None, frozenset(), None)
        assert m.open_adjacent == m.adjacent


# -- suits --------------------------------------------------------------------------------------
def test_lor_a_1_suit_problem() -> None:
    winter = load_map("winter")
    assert suit_problem(winter, ["fox", "rabbit", "mouse"] * 4) is None
    assert "4 of each suit, not 5 fox, 3 rabbit, 4 mouse" in suit_problem(winter, ["fox", "fox"] + ["rabbit", "mouse", "fox"] * 3 + ["mouse"])
    assert "not 11" in suit_problem(winter, ["fox"] * 11)
    fall = load_map("fall")
    assert suit_problem(fall, list(fall.printed_suits[1:])) is None
    assert "prints its suits" in suit_problem(fall, ["fox", "rabbit", "mouse"] * 4)


# -- the loader's validation ------------------------------------------------------------------------
def raw(name: str) -> dict:
    return json.loads(resources.files("rootbotics.data").joinpath(f"map_{name}.json").read_text())


def broken(name: str, change) -> str:
    data = copy.deepcopy(raw(name))
    change(data)
    with pytest.raises(MapDataError) as e:
        M._validate(name, data)
    return str(e.value)


def _disconnect(d: dict) -> None:
    d["paths"] = [p for p in d["paths"] if 8 not in p]
    d["edge_loop"] = [c for c in d["edge_loop"] if c != 8]
    d["clearings"]["8"]["map_edge"] = False


BREAKS = [
    ("fall", lambda d: d["opposite_corners"].update({"1": 2}), "not symmetric"),
    ("fall", lambda d: d["paths"].append([1, 3]), "are adjacent"),
    ("fall", _disconnect, "do not connect every clearing"),
    ("fall", lambda d: d["clearings"]["1"].update(suit="rabbit"), "four clearings of each suit"),
    ("fall", lambda d: d["clearings"]["1"].update(ruin=True, open_slots_at_setup=0), "ruins"),
    ("fall", lambda d: d["paths"].append([5, 1]), "listed twice"),
    ("fall", lambda d: d.update(extra=1), "extra is not a map field"),
    ("winter", lambda d: d["clearings"]["1"].update(suit="fox"), "every clearing prints a suit or none"),
    ("winter", lambda d: d["river_clearings"].append(1), "river_clearings"),
    ("lake", lambda d: d.update(ferry_start=10), "Ferry starts in the corner clearing that is coastal"),
    ("lake", lambda d: d["river_paths"].remove([1, 10]), "lake links every pair"),
    ("lake", lambda d: d.update(coast_order=[10, 11, 1]), "coast_order"),
    ("mountain", lambda d: d["closed_paths"].append([1, 12]), "not a printed path"),
    ("mountain", lambda d: d.update(closed_paths=d["closed_paths"] + [[1, 8], [1, 9]]), "open at setup do not connect"),
    ("mountain", lambda d: d.update(pass_clearing=13), "Pass"),
    ("mountain", lambda d: d["forest_adjacency"].append([[1, 5, 9], [3, 6, 11]]), "share no boundary"),
    ("mountain", lambda d: d["forests"].remove([4, 7, 12]), "unknown forest"),
]


@pytest.mark.parametrize(("name", "change", "message"), BREAKS, ids=[m for _, _, m in BREAKS])
def test_loader_rejects_broken_map_data(name: str, change, message: str) -> None:
    assert message in broken(name, change)


# -- the SVG pictures -------------------------------------------------------------------------------
def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg.encode("utf-8"))


def of_class(root: ET.Element, tag: str, cls: str) -> list[ET.Element]:
    return [e for e in root.iter(f"{SVG}{tag}") if cls in (e.get("class") or "").split()]


@pytest.mark.parametrize("name", MAP_NAMES)
def test_svg_is_valid_xml_with_twelve_clearings_and_every_path(name: str) -> None:
    m = load_map(name)
    root = parse(render_svg(m))
    assert root.tag == f"{SVG}svg"
    circles = of_class(root, "circle", "clearing")
    assert sorted(int(c.get("data-clearing")) for c in circles) == list(CLEARINGS)
    assert len(of_class(root, "line", "path")) == len(m.paths)
    assert len(of_class(root, "line", "closed")) == len(m.closed_paths)
    rivers = [p for p in m.river_paths if not (p[0] in m.coastal and p[1] in m.coastal)]
    assert len(of_class(root, "line", "river")) == len(rivers)
    assert len(of_class(root, "polygon", "lake")) == (1 if m.coastal else 0)
    assert len(of_class(root, "g", "ferry")) == (1 if m.ferry_start else 0)
    assert len(of_class(root, "g", "pass")) == (1 if m.pass_clearing else 0)
    assert len(of_class(root, "g", "forest")) == len(m.forests)
    assert len(of_class(root, "rect", "slot")) + len(of_class(root, "rect", "ruin")) == sum(m.slots)
    assert len(of_class(root, "rect", "ruin")) == 4


def test_svg_suits_forests_and_opened_paths() -> None:
    m = load_map("mountain")
    suits = [None] + ["fox", "rabbit", "mouse"] * 4
    root = parse(render_svg(m, suits, opened=[(5, 2)], forests=False))
    fills = {int(c.get("data-clearing")): c.get("fill") for c in of_class(root, "circle", "clearing")}
    assert fills[1] == fills[4] != fills[2]
    assert of_class(root, "g", "forest") == []
    assert len(of_class(root, "line", "closed")) == 5 and len(of_class(root, "line", "opened")) == 1
    grey = parse(render_svg(m))
    assert {c.get("fill") for c in of_class(grey, "circle", "clearing")} == {"#d9d9d9"}


@pytest.mark.parametrize("name", MAP_NAMES)
def test_the_committed_pictures_match_the_data(name: str) -> None:
    """docs/maps/<map>.svg is what `rootbotics map --map <map> --out ...` draws from the data now."""
    assert (ROOT / "docs" / "maps" / f"{name}.svg").read_text(encoding="utf-8") == render_svg(load_map(name))
