"""A human seat's warriors off the map, moved by Rootlog lines: the Lizard Cult's Acolytes box
and the Woodland Alliance's Officers box (each its board, ``$``) and the Underground Duchy's
Burrow (``0``). Which box a ``$`` is goes by the seat whose line it is (``BOXES``); the human
Riverfolk's Payments and Funds (``O$``) are ``riverfolk_lines.py``'s, handed over before.

``table/board.py`` hands every move of pieces with one end off the map to :func:`move`, which
checks it and returns what is wrong (a sentence), or does it and returns None. What the engine
keeps: the number of acolytes (the Lizards' board, ``LizardsState.acolytes``), of officers
(``AllianceBoard.officers``) and of warriors in the Burrow (``DuchyState.burrow``), each counted
among the seat's pieces in play.

- Acolytes: ``w->$`` (a warrior from the supply, as Revenge puts warriors removed defending
  there, LoR), ``w5->$`` (from a clearing), ``w$->`` (spent back to the supply), ``w$->5``
  (an acolyte placed in a clearing). Only the Lizards' own warriors go there.
- Officers (Train, LoR 8.5.3): ``w->$`` (a warrior from the supply to the Officers box),
  ``w$->`` (one back to the supply, when the table removes or spends one). Officers come only
  from the supply and go back only to it.
- The Burrow (10.2.2, as normal for the human Duchy): ``w->0`` (recruited into it), ``2w0->5``
  and ``2w5->0`` (out of and into it, where a Duchy tunnel stands: the Burrow is adjacent only
  to clearings with a tunnel), ``w0->`` (removed from it). Non-Duchy pieces never enter it.
- The human Duchy's ministers: ``#brigadier->$`` sways one (a crown from the supply, while its
  rank has a crown left, LoR 12.3.6), ``#brigadier$->`` loses it (Price of Failure: the crown
  leaves the game, LoR 12.2.3; saved in ``duchy.lost_crowns``).
"""

from __future__ import annotations

from ..core import rules
from ..core.context import Game
from ..factions.alliance.board import FACTION as ALLIANCE
from ..factions.alliance.board import AllianceBoard
from ..factions.duchy.burrow import DUCHY, MINISTER_TITLE, MINISTERS, DuchyState
from ..factions.duchy.ministers import RANK, crowns_left
from ..factions.lizards.rules import FACTION as LIZARDS
from ..factions.lizards.rules import LizardsState
from .rootlog_ast import Board, Card, Clearing, Move
from .rootlog_format import format_location

BURROW = Clearing(0)


def is_off_map(loc: object) -> bool:
    """A place of pieces off the map: the Burrow (``0``) or a faction board (``$``)."""
    return loc == BURROW or isinstance(loc, Board)


def move(g: Game, seat: str, owner: str, kind: str, n: int, start: object, dest: object) -> str | None:
    """Move ``n`` of ``owner``'s ``kind`` for ``seat``'s line between a board or the Burrow and a
    clearing or the supply (None: a supply). Returns what is wrong, or None once done."""
    if kind != "warrior":
        return f"only warriors stand in the Burrow, the Acolytes box or the Officers box, not a {kind}"
    if owner != seat:
        return f"the {seat} move only their own pieces off the map, not the {owner}'s"
    if BURROW in (start, dest):
        return _burrow(g, seat, n, start, dest)
    box = BOXES.get(seat)
    if box is None:  # no other seat's board holds warriors the engine keeps
        board = start if isinstance(start, Board) else dest
        return f"pieces in {format_location(board)!r} are not kept by the engine (clearings and supply only)"
    return box(g, seat, n, start, dest)


def _box(g: Game, seat: str, want: type, name: str) -> tuple[object | None, str | None]:
    fs = g.state.factions[seat]
    if fs.is_bot or not isinstance(fs.board, want):
        return None, f"the {seat} have no {name} the companion keeps"
    return fs.board, None


def _acolytes(g: Game, seat: str, n: int, start: object, dest: object) -> str | None:
    """Warriors into or out of the human Lizard Cult's Acolytes box."""
    if isinstance(start, Board) and isinstance(dest, Board):
        return "from a board to a board: nothing moves"
    board = start if isinstance(start, Board) else dest
    assert isinstance(board, Board)
    if board.area is not None or (board.faction not in (None, "L")):
        return "warriors go only to the Lizard Cult's own Acolytes box, written $"
    box, problem = _box(g, seat, LizardsState, "Acolytes box")
    if problem or seat != LIZARDS:
        return problem or f"the {seat} have no Acolytes box"
    assert isinstance(box, LizardsState)
    return _through(g, seat, n, start, dest, box, leaving=isinstance(start, Board))


def _officers(g: Game, seat: str, n: int, start: object, dest: object) -> str | None:
    """Warriors into the human Alliance's Officers box from its supply (Train, LoR 8.5.3), or out
    of it back to the supply."""
    board = start if isinstance(start, Board) else dest
    assert isinstance(board, Board)
    if isinstance(start, Board) and isinstance(dest, Board):
        return "from a board to a board: nothing moves"
    if board.area is not None or board.faction not in (None, "A"):
        return "officers go only to the Woodland Alliance's own Officers box, written $"
    box, problem = _box(g, seat, AllianceBoard, "Officers box")
    if problem:
        return problem
    assert isinstance(box, AllianceBoard)
    if isinstance(start, Board):
        if dest is not None:
            return "officers leave the Officers box only for the supply (w$->)"
        if box.officers < n:
            return f"the Officers box holds {box.officers}, not {n}"
        box.officers -= n
        g.state.factions[seat].supply["warrior"] += n
        _officer_event(g, seat, n, "the Officers box", "supply", box.officers)
        return None
    if start is not None:
        return "officers come only from the supply (Train, LoR 8.5.3: w->$)"
    problem = _arrive(g, seat, n, None)
    if problem is None:
        box.officers += n
        _officer_event(g, seat, n, "supply", "the Officers box", box.officers)
    return problem


def _officer_event(g: Game, seat: str, n: int, a: str, b: str, now: int) -> None:
    g.emit(seat, "LoR 8.5.3", "board_warriors", "{n} {owner} warrior(s) from {a} to {b} ({note} officer(s) now)", n=n, owner=seat, a=a, b=b, note=now)


def _burrow(g: Game, seat: str, n: int, start: object, dest: object) -> str | None:
    """Warriors into or out of the human Duchy's Burrow, through a Duchy tunnel (10.2.2)."""
    if seat != DUCHY:
        return "only Duchy pieces enter the Burrow (10.2.2)"
    if start == dest:
        return "from the Burrow to the Burrow: nothing moves"
    box, problem = _box(g, seat, DuchyState, "Burrow")
    if problem:
        return problem
    assert isinstance(box, DuchyState)
    other = dest if start == BURROW else start
    if isinstance(other, Clearing) and (DUCHY, "tunnel") not in g.state.clearings[other.number].tokens:
        return f"no Duchy tunnel in {other.number}: the Burrow is adjacent only to clearings with a tunnel (10.2.2)"
    return _through(g, seat, n, start, dest, box, leaving=start == BURROW)


def _through(g: Game, seat: str, n: int, start: object, dest: object, box: LizardsState | DuchyState, leaving: bool) -> str | None:
    """Warriors leave the Acolytes box or the Burrow for ``dest``, or arrive in it from ``start``
    (the supply or a clearing)."""
    lizards = isinstance(box, LizardsState)
    held = box.acolytes if isinstance(box, LizardsState) else box.burrow
    if leaving:
        if held < n:
            return f"the Acolytes box holds {held}, not {n}" if lizards else f"the Burrow holds {held} warrior(s), not {n}"
        return _leave(g, seat, n, dest, box)
    problem = _arrive(g, seat, n, start)
    if problem is None:
        _arrived(g, seat, n, start, box)
    return problem


def _arrived(g: Game, seat: str, n: int, start: object, box: LizardsState | DuchyState) -> None:
    """Count the warriors in the box they reached and say so."""
    if isinstance(box, LizardsState):
        box.acolytes += n
        src = "its supply" if start is None else f"clearing {start.number}"  # type: ignore[attr-defined]
        g.emit(seat, "LoR 1.5.4", "acolyte", "puts {how} warrior(s) from {source} in its Acolytes box ({n} there now)", how=n, source=src, n=box.acolytes)
        return
    box.burrow += n
    if isinstance(start, Clearing):
        g.emit(seat, "10.2.2", "to_burrow", "moves {n} warrior(s) from {c} into the Burrow ({note} there now)", n=n, c=start.number, note=box.burrow)
    else:
        g.emit(seat, "LoR 1.5.4", "recruit", "puts {how} warrior(s) from its supply in the Burrow ({note} there now)", how=n, note=box.burrow)


def _arrive(g: Game, seat: str, n: int, start: object) -> str | None:
    """Take the warriors from the supply (None) or a clearing, ahead of their arrival off the map."""
    s = g.state
    fs = s.factions[seat]
    if start is None:
        if fs.supply.get("warrior", 0) < n:
            return f"supply exhausted: the {seat} have {fs.supply.get('warrior', 0)} warriors left, not {n}"
        fs.supply["warrior"] -= n
        return None
    if not isinstance(start, Clearing):
        return "warriors come from a clearing or the supply"
    c = start.number
    if s.warriors(seat, c) < n:
        return f"the {seat} have {s.warriors(seat, c)} warriors in {c}, not {n}"
    if rules.snared(s, seat, c):
        return f"a face-up snare stands in {c}: no moving out (11.7.2)"
    cl = s.clearings[c]
    cl.warriors[seat] -= n
    if not cl.warriors[seat]:
        del cl.warriors[seat]
    return None


def _leave(g: Game, seat: str, n: int, dest: object, box: LizardsState | DuchyState) -> str | None:
    """Warriors leave the box for the supply (None) or a clearing: acolytes are placed there (LoR
    1.5.4), warriors of the Burrow move there through the tunnel (10.2.2, moved into: Outrage)."""
    s = g.state
    if dest is not None and not isinstance(dest, Clearing):
        return "warriors go to a clearing or the supply"
    if isinstance(dest, Clearing) and isinstance(box, DuchyState):
        box.burrow -= n
        cl = s.clearings[dest.number]
        cl.warriors[seat] = cl.warriors.get(seat, 0) + n
        g.emit(seat, "10.2.2", "move", "moves {n} warrior(s) from the Burrow to {c}", n=n, c=dest.number)
        rules.moved_into(g, seat, dest.number)
        return None
    if isinstance(dest, Clearing):
        c = dest.number
        if not rules.may_place_in(s, seat, c):
            return f"the keep stands in {c}: only the Marquise may place pieces there (4.2.1)"
        if rules.snared(s, seat, c):
            return f"a face-up snare stands in {c}: no placing there (11.7.2)"
    if isinstance(box, LizardsState):
        box.acolytes -= n
    else:
        box.burrow -= n
    if isinstance(dest, Clearing) and isinstance(box, LizardsState):  # from the box, not the supply
        cl = s.clearings[dest.number]
        cl.warriors[seat] = cl.warriors.get(seat, 0) + n
        g.emit(seat, "LoR 1.5.4", "place_warriors", "places {n} acolyte{pl} from its Acolytes box in {c}", n=n, c=dest.number, pl="s" if n > 1 else "", source="Acolytes box")
        return None
    s.factions[seat].supply["warrior"] += n
    if isinstance(dest, Clearing):
        rules.place_warriors(g, seat, dest.number, n, "LoR 1.5.4")
    else:
        if isinstance(box, DuchyState):
            g.emit(seat, "LoR 1.5.4", "recruit", "returns {how} warrior(s) from the Burrow to its supply ({note} left there)", how=n, note=box.burrow)
        else:
            g.emit(seat, "LoR 1.5.4", "acolyte", "returns {how} acolyte(s) to its supply ({n} left there)", how=n, n=box.acolytes)
    return None


BOXES = {LIZARDS: _acolytes, ALLIANCE: _officers}  # a seat's board ($) -> its warriors' box


# -- the human Duchy's ministers --------------------------------------------------------------
def minister_move(seat: str, move: Move) -> str | None:
    """The minister a line sways or loses (``#brigadier->$``, ``#earl$->``), or None when the move
    is no minister's."""
    if seat != DUCHY or len(move.parts) != 1 or len(move.parts[0].things) != 1:
        return None
    thing = move.parts[0].things[0].thing
    return thing.name if isinstance(thing, Card) and thing.suit is None and thing.name in MINISTERS else None


def sway(g: Game, seat: str, minister: str, move: Move) -> str | None:
    """A human Duchy sways a minister (a crown of its rank from the supply onto it) or loses one
    (Price of Failure, LoR 12.2.3: its crown leaves the game for good); the swayed ministers and
    the crowns lost are saved (``duchy.swayed``, ``duchy.lost_crowns``)."""
    box, problem = _box(g, seat, DuchyState, "ministers")
    if problem:
        return problem
    assert isinstance(box, DuchyState)
    fs = g.state.factions[seat]
    start, dests = move.parts[0].start, move.dests
    if start is None and dests == (Board(),):
        if box.has(minister) or fs.supply.get("crown", 0) < 1:
            return f"the {MINISTER_TITLE[minister]} is swayed already, or no crown is left"
        if crowns_left(g.state, RANK[minister]) < 1:
            return f"no {RANK[minister]} crown is left for the {MINISTER_TITLE[minister]}: three of a rank, on ministers or out of the game (LoR 12.3.6)"
        fs.supply["crown"] -= 1
        box.sway(minister)
        g.emit(seat, "LoR 12.5.3", "sway", "sways the {m}", m=MINISTER_TITLE[minister])
        return None
    if start == Board() and not dests:
        if not box.has(minister):
            return f"the {MINISTER_TITLE[minister]} is not swayed"
        box.swayed.remove(minister)
        box.lost_crowns.append(RANK[minister])
        g.emit(seat, "LoR 12.2.3", "sway", "loses the {m}: its crown leaves the game", m=MINISTER_TITLE[minister])
        return None
    return "a minister is swayed onto the board (#brigadier->$) or lost from it (#brigadier$->)"
