"""The board in play as SVG: the empty map of ``mapsvg`` with every piece drawn on top.

Around each clearing: its buildings on the building slots, its tokens in a row under it (a
Corvid plot face down or face up, trade posts, the keep, wood, sympathy, tunnels), a badge per
faction with its warrior count, and the Vagabot's pawn. The map keeps its ruins (while they
are there), the Ferry where it lies, closed paths and the Pass (the Tower); a line under the
map shows what lies beside it (the Burrow). ``highlight`` rings the clearings of a bot step.

Element classes the tests count: ``warriors``, ``building``, ``token``, ``pawn``, ``burrow``,
``highlight``, ``pick`` (a clickable clearing, ``data-clearing``). Every piece on the map has
its clearing (``data-clearing``) and its Rootlog name (``data-rootlog``): the page composes a
human's line from the pieces and clearings clicked.
"""

from __future__ import annotations

from collections.abc import Collection
from xml.sax.saxutils import escape, quoteattr

from ..core.faction import rules_of
from ..core.maps import CLEARINGS
from ..core.state import GameState
from ..mapsvg import RADIUS, clearing_xy, forest_xy, render_svg
from .compose import rootlog_piece

# Each faction's colour on the board (the table's colour names, as ``table/steps.py`` says them).
FILL: dict[str, str] = {
    "marquise": "#e07b22", "eyrie": "#2f5fb3", "alliance": "#3c9a3c", "vagabot": "#6e6e6e",
    "lizards": "#e3c52b", "riverfolk": "#2a9d9a", "duchy": "#8a5a2b", "corvids": "#6b3fa0",
    "hundreds": "#a8262b",
}
FILL["keepers"] = "#4a6d8c"  # steel blue (LoR 15)
INK: dict[str, str] = {"lizards": "#222", "marquise": "#222"}
STRIP = 34  # the line under the map for what lies beside it


def _n(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def _label(kind: str) -> str:
    """A piece's letter(s) on the board: the kind's first letter (two for look-alikes)."""
    short = {"trade_post": "TP", "workshop": "Wk", "recruiter": "Rc", "roost": "Ro", "sawmill": "Sm", "sympathy": "S", "citadel": "Ci", "market": "Mk", "stronghold": "Sh", "mob": "Mb"}
    if kind.startswith("relic_"):  # a Keepers relic, face up: its type and value (LoR 15.2.1)
        return kind[6].upper() + kind[-1]
    return short.get(kind, kind[:1].upper())


def _title(text: str) -> str:
    return f"<title>{escape(text)}</title>"


def board_svg(state: GameState, highlight: Collection[int] = (), pickable: bool = False) -> str:
    """The whole board as an SVG element to put in a page (no XML declaration)."""
    m = state.map
    ruins = [c for c in CLEARINGS if state.clearings[c].ruin]
    svg = render_svg(m, state.suits, ferry=state.ferry, opened=state.opened_paths, ruins=ruins, legend=False)
    svg = svg.split("\n", 1)[1]  # the XML declaration: not inside a page
    head, _, _ = svg.rpartition("</svg>")
    height = float(head.split('height="', 1)[1].split('"', 1)[0])
    width = float(head.split('width="', 1)[1].split('"', 1)[0])
    head = head.replace(f'height="{_n(height)}" viewBox="0 0 {_n(width)} {_n(height)}"', f'height="{_n(height + STRIP)}" viewBox="0 0 {_n(width)} {_n(height + STRIP)}"', 1)
    head = head.replace("<svg ", f'<svg class="board{" pickable" if pickable else ""}" role="img" ', 1)
    out = [head, f'<rect x="0" y="{_n(height)}" width="{_n(width)}" height="{STRIP}" fill="#f7f3e8"/>']
    for c in CLEARINGS:
        out.extend(_pieces(state, c))
    out.extend(_forest_pawns(state))
    out.extend(_forest_tokens(state))
    out.extend(_beside(state, height))
    for c in sorted(set(highlight)):
        x, y = clearing_xy(m, c)
        out.append(f'<circle class="highlight" data-clearing="{c}" cx="{_n(x)}" cy="{_n(y)}" r="{RADIUS + 9}" fill="none" stroke="#e6007e" stroke-width="5">{_title(f"this step: clearing {c}")}</circle>')
    if pickable:
        for c in CLEARINGS:
            x, y = clearing_xy(m, c)
            out.append(f'<circle class="pick" data-clearing="{c}" cx="{_n(x)}" cy="{_n(y)}" r="{RADIUS}" fill="transparent" tabindex="0" role="button" aria-label="clearing {c}">{_title(f"clearing {c}: click to add it to the line")}</circle>')
    out.append("</svg>")
    return "\n".join(out)


def _pick(faction: str, kind: str, c: int) -> str:
    """The attributes a click reads: the piece's clearing and its Rootlog name."""
    token = rootlog_piece(faction, kind)
    return f' data-clearing="{c}"' + (f' data-rootlog="{token}"' if token else "")


def _pieces(state: GameState, c: int) -> list[str]:
    """Buildings on the slots, tokens under the clearing, warriors to its right, the pawn to its left."""
    x, y = clearing_xy(state.map, c)
    cl = state.clearings[c]
    out: list[str] = []
    slots = state.map.slots[c]
    size, gap = 13, 3
    left = x - (slots * size + (slots - 1) * gap) / 2
    for i, (f, kind) in enumerate(cl.buildings):
        bx, by = left + i * (size + gap) - 1, y - RADIUS - size - 5
        out.append(
            f'<g class="building" data-faction="{f}" data-kind={quoteattr(kind)}{_pick(f, kind, c)}>{_title(f"{f} {kind} in clearing {c}")}'
            f'<rect x="{_n(bx)}" y="{_n(by)}" width="{size + 2}" height="{size + 2}" rx="2" fill="{FILL.get(f, "#999")}" stroke="#111" stroke-width="1.5"/>'
            f'<text x="{_n(bx + (size + 2) / 2)}" y="{_n(by + size - 1)}" font-size="8" text-anchor="middle" fill="{INK.get(f, "#fff")}" font-weight="bold">{escape(_label(kind))}</text></g>'
        )
    for i, item in enumerate(cl.slot_items):
        bx, by = left + (len(cl.buildings) + i) * (size + gap), y - RADIUS - size - 4
        out.append(f'<rect class="slot-item" x="{_n(bx)}" y="{_n(by)}" width="{size}" height="{size}" fill="#d9c9a3" stroke="#111">{_title(f"{item} covering a building slot")}</rect>')
    out.extend(_tokens(state, c, x, y))
    badges = [(f, n) for f, n in sorted(cl.warriors.items()) if n]
    for i, (f, n) in enumerate(badges):
        wx, wy = x + RADIUS + 11, y - 16 + i * 17
        out.append(
            f'<g class="warriors" data-faction="{f}" data-count="{n}"{_pick(f, "warrior", c)}>{_title(f"{n} {f} warrior(s) in clearing {c}")}'
            f'<circle cx="{_n(wx)}" cy="{_n(wy)}" r="8" fill="{FILL.get(f, "#999")}" stroke="#111" stroke-width="1.2"/>'
            f'<text x="{_n(wx)}" y="{_n(wy + 4)}" font-size="11" text-anchor="middle" font-weight="bold" fill="{INK.get(f, "#fff")}">{n}</text></g>'
        )
    for i, pawn in enumerate(cl.pawns()):  # a second Vagabond's pawn below the first, lighter
        out.append(_pawn(pawn, x - RADIUS - 9, y - 4 + 24 * i, f"clearing {c}", ""))
    return out


def _pawn(faction: str, px: float, py: float, where: str, place: str) -> str:
    fill = FILL.get(faction, "#b5b5b5")
    return (
        f'<g class="pawn" data-faction="{faction}"{place}>{_title(f"the {faction} pawn in {where}")}'
        f'<circle cx="{_n(px)}" cy="{_n(py - 7)}" r="5" fill="{fill}" stroke="#111"/>'
        f'<path d="M{_n(px - 7)},{_n(py + 11)} L{_n(px)},{_n(py - 3)} L{_n(px + 7)},{_n(py + 11)} z" fill="{fill}" stroke="#111"/></g>'
    )


def _forest_pawns(state: GameState) -> list[str]:
    """A Vagabond's pawn in a forest (the Vagabot's or a human's), beside the forest's tree."""
    out: list[str] = []
    seen: dict[int, int] = {}
    for f, fs in state.factions.items():
        forest = getattr(fs.board, "forest", None)
        if isinstance(forest, int) and 0 <= forest < len(state.map.forests):
            x, y = forest_xy(state.map, forest)
            k = seen[forest] = seen.get(forest, -1) + 1
            clearings = ", ".join(map(str, state.map.forests[forest]))
            out.append(_pawn(f, x + 18 + 16 * k, y - 2, f"forest F{forest + 1} (by {clearings})", f' data-forest="F{forest + 1}"'))
    return out


def _forest_tokens(state: GameState) -> list[str]:
    """Tokens a board keeps in forests (the Keepers' relics, LoR 15.2.1), in a row under the
    forest's tree: a face-down one shows only its type."""
    out: list[str] = []
    for f, fs in state.factions.items():
        shown = getattr(fs.board, "forest_tokens", None)
        if shown is None:
            continue
        for forest, tokens in sorted(shown().items()):
            if not 0 <= forest < len(state.map.forests):
                continue
            x, y = forest_xy(state.map, forest)
            for i, (label, text, up) in enumerate(tokens):
                tx, ty = x - (len(tokens) - 1) * 8 + i * 16, y + 16
                out.append(
                    f'<g class="token forest-token" data-faction="{f}" data-forest="F{forest + 1}" data-face="{"up" if up else "down"}">{_title(f"{f} {text} in forest F{forest + 1}")}'
                    f'<circle cx="{_n(tx)}" cy="{_n(ty)}" r="7" fill="{"#fff" if up else FILL.get(f, "#999")}" stroke="{FILL.get(f, "#111")}" stroke-width="2"/>'
                    f'<text x="{_n(tx)}" y="{_n(ty + 3)}" font-size="8" text-anchor="middle" font-weight="bold" fill="{FILL.get(f, "#111") if up else "#fff"}">{escape(label)}</text></g>'
                )
    return out


def _tokens(state: GameState, c: int, x: float, y: float) -> list[str]:
    """The tokens in a row under the suit's name; a plot shows its face only once face up."""
    cl = state.clearings[c]
    out = []
    first = x - (len(cl.tokens) - 1) * 9
    for i, (f, kind) in enumerate(cl.tokens):
        seen = rules_of(f).describe_token(state, c, kind)
        face_up = "face up" in seen
        tx, ty = first + i * 18, y + RADIUS + 25
        label = seen.split("(")[1].split(",")[0][:1].upper() if face_up else ("?" if kind == "plot" else _label(kind))
        out.append(
            f'<g class="token" data-faction="{f}" data-kind={quoteattr(kind)} data-face={quoteattr("up" if face_up else "down" if kind == "plot" else "")}{_pick(f, kind, c)}>'
            f'{_title(f"{f} {seen} in clearing {c}")}'
            f'<circle cx="{_n(tx)}" cy="{_n(ty)}" r="8" fill="{"#fff" if face_up else FILL.get(f, "#999")}" stroke="{FILL.get(f, "#111")}" stroke-width="2"/>'
            f'<text x="{_n(tx)}" y="{_n(ty + 3.5)}" font-size="{8 if len(label) > 1 else 10}" text-anchor="middle" font-weight="bold" '
            f'fill="{FILL.get(f, "#111") if face_up else INK.get(f, "#fff")}">{escape(label)}</text></g>'
        )
    return out


def _beside(state: GameState, top: float) -> list[str]:
    """What lies beside the map: warriors in the Burrow, the Ferry's and the Tower's state."""
    parts = []
    for f, fs in state.factions.items():
        burrow = getattr(fs.board, "burrow", None)
        if burrow is not None:
            parts.append(f'<tspan class="burrow" data-count="{burrow}" fill="{FILL.get(f, "#333")}">the Burrow: {burrow} warrior{"s" if burrow != 1 else ""}</tspan>')
    if state.ferry is not None:
        parts.append(f"<tspan>the Ferry: clearing {state.ferry}{' (sailed this turn)' if state.ferry_used else ''}</tspan>")
    if state.map.closed_paths:
        closed = len(state.map.closed_paths) - len(state.opened_paths)
        parts.append(f"<tspan>closed paths: {closed}</tspan>")
    text = "<tspan>  ·  </tspan>".join(parts) or "<tspan>nothing beside the map</tspan>"
    return [f'<text x="12" y="{_n(top + 22)}" font-size="14" fill="#222">{text}</text>']
