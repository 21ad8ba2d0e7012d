"""Warriors on a human Riverfolk Company's board, from a Rootlog line (``table/seat_lines.py``):
the Payments box is the board itself (``2w->O$``: a buyer pays with two warriors of its supply;
``2Ew->$`` in the Company's line: two Eyrie warriors paid in), the Funds its ``$_f`` part
(``2Ew$->$_f``: moved from Payments to Funds), and ``2Ew$_f->`` returns them to their owner's
supply (spent). A faction with no warriors (a Vagabond) has the Company pay in its own."""

from __future__ import annotations

from ..core.context import Game
from ..core.faction import piece_totals
from ..factions.riverfolk.company import CompanyBoard, company_of
from .rootlog import Board, Move, Piece, format_action
from .seat_errors import SeatRefused

RIVERFOLK, LETTER = "riverfolk", "O"
AREA_OF: dict[str | None, str] = {None: "payments", "f": "funds"}


def is_board_move(move: Move, faction: str) -> bool:
    """Warriors with the Riverfolk's board at either end (``O$``, or ``$`` in its own line);
    other boards (the Alliance's officers, the Lizards' acolytes) are not this module's."""
    ends = [p.start for p in move.parts] + list(move.dests)
    pieces = [c.thing for p in move.parts for c in p.things]
    ours = any(isinstance(e, Board) and (e.faction == LETTER or (e.faction is None and faction == RIVERFOLK)) for e in ends)
    return bool(pieces) and all(isinstance(t, Piece) and t.kind == "w" for t in pieces) and ours


def move_warriors(g: Game, faction: str, move: Move, names: dict[str, str]) -> None:
    """``names``: Rootlog letter -> engine faction name."""
    token = format_action(move)
    if len(move.dests) > 1:
        raise SeatRefused(token, "warriors go to one place")
    dest = move.dests[0] if move.dests else None
    for part in move.parts:
        for counted in part.things:
            piece = counted.thing
            assert isinstance(piece, Piece)
            owner = _owner(g, faction, piece, token, names)
            _one_move(g, faction, owner, counted.count, part.start, dest, token)


def _owner(g: Game, faction: str, piece: Piece, token: str, names: dict[str, str]) -> str:
    name = faction if piece.faction is None else names.get(piece.faction)
    if name is None or name not in g.state.factions:
        raise SeatRefused(token, f"{piece.faction} is not at this table")
    if "warrior" not in piece_totals(name, g.state.factions[name].seat):
        raise SeatRefused(token, f"the {name} have no warriors")
    return name


def _area(faction: str, loc: object, token: str) -> str | None:
    """The board area a start or destination names (None: the supply)."""
    if loc is None:
        return None
    if not isinstance(loc, Board):
        raise SeatRefused(token, "warriors move between a supply and the Riverfolk's Payments (O$) or Funds ($_f) here")
    whose = loc.faction or (LETTER if faction == RIVERFOLK else None)
    if whose != LETTER or loc.area not in AREA_OF:
        raise SeatRefused(token, "the engine keeps warriors only in the Riverfolk Company's Payments (O$) and Funds (O$_f)")
    return AREA_OF[loc.area]


def _company(g: Game, token: str) -> CompanyBoard:
    b = company_of(g.state)
    if b is None:
        raise SeatRefused(token, "no human Riverfolk Company at this table (the Robots' Payments are theirs to fill, 9.2.3)")
    return b


def _one_move(g: Game, faction: str, owner: str, n: int, start: object, dest: object, token: str) -> None:
    """Supply -> Payments/Funds, Payments -> Funds, Payments/Funds -> supply."""
    a, b = _area(faction, start, token), _area(faction, dest, token)
    board = _company(g, token)
    if a == b:
        raise SeatRefused(token, "the warriors would stay where they are")
    if faction not in (owner, RIVERFOLK):
        raise SeatRefused(token, f"the {faction} move only their own warriors onto the Riverfolk's board")
    if a is None:
        have = g.state.factions[owner].supply.get("warrior", 0)
        if have < n:
            raise SeatRefused(token, f"supply exhausted: the {owner} have {have} warrior(s) left, not {n}")
        g.state.factions[owner].supply["warrior"] = have - n
    else:
        have = board.area(a).get(owner, 0)
        if have < n:
            raise SeatRefused(token, f"the Riverfolk's {a} hold {have} {owner} warrior(s), not {n}")
        board.put(a, owner, -n)
    if b is None:
        g.state.factions[owner].supply["warrior"] += n
    else:
        board.put(b, owner, n)
    g.emit(RIVERFOLK, "LoR 11.2", "board_warriors", "{n} {owner} warrior(s) from {a} to {b}", n=n, owner=owner, a=a or "supply", b=b or "supply")
