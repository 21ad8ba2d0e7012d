"""A picture of a map as SVG, drawn from the map data alone (standard library only).

Meant for a person to hold next to the real board and check the data: every clearing with its
priority number, suit, building slots and ruins; the paths (closed ones marked); rivers dashed;
the Lake with its coastal clearings and the Ferry; the Mountain's Pass; the forests if wanted;
and the diagonally opposite corners in the legend. ``rootbotics map`` writes it to a file.

Element classes (what the tests count): ``clearing`` circles, ``path`` lines (``closed`` or
``opened`` added on the Mountain), ``river`` lines, ``lake``, ``ferry``, ``pass``, ``forest``,
``slot`` and ``ruin`` squares.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from xml.sax.saxutils import escape, quoteattr

from .core.maps import CLEARINGS, Map

SCALE = 1.7
MARGIN = 70
LEGEND_HEIGHT = 150
RADIUS = 27
SUIT_COLOURS = {"fox": "#d8502f", "rabbit": "#f1cf45", "mouse": "#e8953b", None: "#d9d9d9"}
PATH_COLOUR = "#8a6d4a"
CLOSED_COLOUR = "#7a1f1f"
WATER = "#4f8fd6"
LAKE_FILL = "#bcd8f5"
FOREST = "#3f7f3a"


def clearing_xy(m: Map, c: int) -> tuple[float, float]:
    """Where clearing ``c``'s centre is drawn (what a picture of the pieces lays over the map)."""
    x, y = m.layout_xy[c]
    return MARGIN + x * SCALE, MARGIN + y * SCALE


_xy = clearing_xy


def _num(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def _line(m: Map, a: int, b: int, cls: str, style: str, label: str) -> str:
    (x1, y1), (x2, y2) = _xy(m, a), _xy(m, b)
    return (
        f'<line class={quoteattr(cls)} x1="{_num(x1)}" y1="{_num(y1)}" x2="{_num(x2)}" y2="{_num(y2)}" {style}>'
        f"<title>{escape(label)}</title></line>"
    )


def _text(x: float, y: float, text: str, size: int = 12, extra: str = "", anchor: str = "middle") -> str:
    return f'<text x="{_num(x)}" y="{_num(y)}" font-size="{size}" text-anchor="{anchor}" {extra}>{escape(text)}</text>'


def render_svg(
    m: Map,
    suits: Sequence[str | None] | None = None,
    *,
    ferry: int | None = None,
    opened: Collection[tuple[int, int]] = (),
    forests: bool = True,
    ruins: Collection[int] | None = None,
    legend: bool = True,
    rings: Collection[int] = (),
) -> str:
    """The map as an SVG document. ``suits`` is indexed by clearing (index 0 unused); without
    it the printed suits are shown, or grey "?" where the map prints none (suit markers are
    shuffled at setup). ``ferry`` defaults to where it starts; ``opened`` are closed paths that
    have been opened; ``ruins`` the clearings whose ruin is still there (default: all the map's);
    without ``legend`` the picture ends below the map; ``rings`` are clearings ringed (a step's,
    class ``highlight``)."""
    shown = list(suits) if suits is not None else list(m.printed_suits)
    ferry = m.ferry_start if ferry is None else ferry
    xs = [_xy(m, c)[0] for c in CLEARINGS]
    ys = [_xy(m, c)[1] for c in CLEARINGS]
    width = max(xs) + MARGIN
    board_bottom = max(ys) + MARGIN
    height = board_bottom + (LEGEND_HEIGHT if legend else 0)
    out: list[str] = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_num(width)}" height="{_num(height)}" '
        f'viewBox="0 0 {_num(width)} {_num(height)}" font-family="sans-serif">',
        f"<title>Root: the {escape(m.name)} map, clearings by priority number</title>",
        f'<rect x="0" y="0" width="{_num(width)}" height="{_num(board_bottom)}" fill="#eef3e2"/>',
    ]
    if forests:
        out.extend(_forests(m))
    if m.coastal:
        out.extend(_lake(m))
    out.extend(_rivers(m))
    out.extend(_paths(m, opened))
    for c in CLEARINGS:
        out.extend(_clearing(m, c, shown[c], ferry, m.ruins if ruins is None else ruins))
    for c in sorted(set(rings)):
        x, y = _xy(m, c)
        out.append(f'<circle class="highlight" cx="{_num(x)}" cy="{_num(y)}" r="{RADIUS + 9}" fill="none" stroke="#e6007e" stroke-width="5"><title>this step: clearing {c}</title></circle>')
    if legend:
        out.extend(_legend(m, board_bottom, suits is None and not m.has_printed_suits, forests))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def forest_xy(m: Map, forest: int) -> tuple[float, float]:
    """The middle of a forest (an index into ``Map.forests``), where its tree is drawn."""
    f = m.forests[forest]
    return sum(_xy(m, c)[0] for c in f) / len(f), sum(_xy(m, c)[1] for c in f) / len(f)


def _forests(m: Map) -> list[str]:
    """A small tree at the middle of each forest, numbered as in ``Map.forests`` from 1 (F1, as
    the table companion names them)."""
    out = []
    for i, f in enumerate(m.forests):
        x, y = forest_xy(m, i)
        label = f"forest {i + 1}: clearings {', '.join(map(str, f))}"
        neighbours = m.forest_neighbours[i] if m.forest_neighbours else ()
        if neighbours:
            label += f"; adjacent forests {', '.join(str(j + 1) for j in neighbours)}"
        out.append(
            f'<g class="forest"><title>{escape(label)}</title>'
            f'<polygon points="{_num(x)},{_num(y - 14)} {_num(x - 10)},{_num(y + 6)} {_num(x + 10)},{_num(y + 6)}" '
            f'fill="{FOREST}" opacity="0.55"/>'
            + _text(x, y + 18, f"F{i + 1}", 10, f'fill="{FOREST}"')
            + "</g>"
        )
    return out


def _lake(m: Map) -> list[str]:
    points = " ".join(f"{_num(x)},{_num(y)}" for x, y in (_xy(m, c) for c in m.coast_order))
    coast = ", ".join(map(str, m.coast_order))
    cx = sum(_xy(m, c)[0] for c in m.coast_order) / len(m.coast_order)
    cy = sum(_xy(m, c)[1] for c in m.coast_order) / len(m.coast_order)
    return [
        f'<polygon class="lake" points="{points}" fill="{LAKE_FILL}" stroke="{WATER}" stroke-width="2">'
        f"<title>the lake: coastal clearings {coast}, linked to each other as rivers</title></polygon>",
        _text(cx, cy, "Lake", 16, f'fill="{WATER}" font-style="italic"'),
    ]


def _rivers(m: Map) -> list[str]:
    """River links as dashed blue lines; on the Lake they are the lake itself (drawn above)."""
    out = []
    for a, b in m.river_paths:
        if a in m.coastal and b in m.coastal:
            continue
        out.append(_line(m, a, b, "river", f'stroke="{WATER}" stroke-width="5" stroke-dasharray="10 6"', f"river {a}-{b}"))
    return out


def _paths(m: Map, opened: Collection[tuple[int, int]]) -> list[str]:
    out = []
    opened_keys = {(min(a, b), max(a, b)) for a, b in opened}
    for a, b in m.paths:
        if m.is_closed(a, b) and (a, b) not in opened_keys:
            style = f'stroke="{CLOSED_COLOUR}" stroke-width="6" stroke-dasharray="4 5"'
            out.append(_line(m, a, b, "path closed", style, f"closed path {a}-{b} (bots use it, 12.2.1)"))
            (x1, y1), (x2, y2) = _xy(m, a), _xy(m, b)
            out.append(_text((x1 + x2) / 2, (y1 + y2) / 2 + 5, "✕", 16, f'fill="{CLOSED_COLOUR}" font-weight="bold"'))
        elif m.is_closed(a, b):
            out.append(_line(m, a, b, "path opened", f'stroke="{PATH_COLOUR}" stroke-width="6"', f"path {a}-{b} (opened)"))
        else:
            out.append(_line(m, a, b, "path", f'stroke="{PATH_COLOUR}" stroke-width="6"', f"path {a}-{b}"))
    return out


def _clearing(m: Map, c: int, suit: str | None, ferry: int | None, ruins: Collection[int]) -> list[str]:
    x, y = _xy(m, c)
    ring = f'stroke="{WATER}" stroke-width="4"' if c in m.coastal else 'stroke="#333" stroke-width="2"'
    facts = [suit or "suit marker", f"{m.slots[c]} slot(s)"]
    if c in ruins:
        facts.append("ruin")
    if c in m.corners:
        facts.append(f"corner, diagonally opposite {m.opposite_corner[c]}")
    if c in m.coastal:
        facts.append("coastal")
    if c in m.river_clearings:
        facts.append("river")
    out = [
        f'<circle class="clearing" data-clearing="{c}" cx="{_num(x)}" cy="{_num(y)}" r="{RADIUS}" '
        f'fill="{SUIT_COLOURS.get(suit, SUIT_COLOURS[None])}" {ring}>'
        f"<title>{escape(f'clearing {c}: ' + ', '.join(facts))}</title></circle>",
        _text(x, y + 7, str(c), 20, 'font-weight="bold" fill="#1a1a1a"'),
        _text(x, y + RADIUS + 14, suit or "?", 11, 'fill="#333"'),
    ]
    # Building slots above the clearing; the one under a ruin is marked R.
    n = m.slots[c]
    size, gap = 13, 3
    left = x - (n * size + (n - 1) * gap) / 2
    for i in range(n):
        sx = left + i * (size + gap)
        sy = y - RADIUS - size - 4
        ruin = c in ruins and i == n - 1
        cls = "ruin" if ruin else "slot"
        out.append(
            f'<rect class="{cls}" x="{_num(sx)}" y="{_num(sy)}" width="{size}" height="{size}" '
            f'fill="{"#b8a27a" if ruin else "#fff"}" stroke="#333" stroke-width="1.5"/>'
        )
        if ruin:
            out.append(_text(sx + size / 2, sy + size - 2, "R", 10, 'font-weight="bold"'))
    if c == m.pass_clearing:
        px, py = x - RADIUS - 16, y - RADIUS - 14
        out.append(
            f'<g class="pass"><title>the Pass (the Tower): ruling it scores 1 VP at the end of Evening; it wins every '
            f'highest/lowest-priority test of the bots (12.2.2)</title>'
            f'<rect x="{_num(px)}" y="{_num(py)}" width="14" height="22" fill="#6b6b6b" stroke="#222"/>'
            + _text(px - 14, py + 16, "Pass", 11, 'font-weight="bold"')
            + "</g>"
        )
    if c == ferry:
        fx, fy = x - RADIUS - 40, y + RADIUS - 6
        out.append(
            f'<g class="ferry"><title>the Ferry: carries a move from here to any other coastal clearing once per turn '
            f'(bots: 12.1.1)</title>'
            f'<path d="M{_num(fx)},{_num(fy)} h34 l-6,9 h-22 z" fill="#7b4a2a" stroke="#222"/>'
            + _text(fx + 17, fy - 4, "Ferry", 11, 'font-weight="bold"')
            + "</g>"
        )
    return out


def _legend(m: Map, top: float, shuffled: bool, forests: bool) -> list[str]:
    pairs = sorted({(min(a, b), max(a, b)) for a, b in m.opposite_corner.items()})
    lines = [
        f"The {m.name} map. Clearings are numbered by priority (1 highest). "
        f"Diagonally opposite corners: {', '.join(f'{a} ↔ {b}' for a, b in pairs)}.",
        "Brown lines: paths. Dashed blue: rivers. Squares above a clearing: building slots (R = ruin).",
    ]
    if shuffled:
        lines.append("No printed suits: the 12 suit markers (4 of each) are shuffled into the clearings at setup.")
    else:
        lines.append("Colours: fox red, rabbit yellow, mouse orange.")
    if m.closed_paths:
        closed = ", ".join(f"{a}-{b}" for a, b in sorted(m.closed_paths))
        lines.append(f"Dark red ✕: closed paths ({closed}); bots use them as paths (12.2.1).")
    if m.pass_clearing is not None:
        lines.append(f"The Pass is {m.pass_clearing}: it wins the bots' priority tests (12.2.2).")
    if m.coastal:
        coast = ", ".join(map(str, sorted(m.coastal)))
        lines.append(f"Blue rings: coastal clearings {coast}. The Ferry starts in {m.ferry_start}.")
    if forests:
        lines.append("Green trees: forests (hover for their clearings and neighbours).")
    return [_text(MARGIN - 40, top + 24 + i * 19, line, 13, 'fill="#222"', anchor="start") for i, line in enumerate(lines)]
