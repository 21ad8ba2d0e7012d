"""A human Vagabond's Rootlog actions on the board (``table/board.py`` hands them over): his pawn
(``p->5``, ``p->2_6_10_11_12``: a move along a path, into a forest beside his clearing, out of a
forest to a clearing beside it, or between forests one path apart; his first placement, his
setup, in any forest) and his items (``%s->s`` from the box at setup, ``%h->6`` laid under a ruin at setup, ``%s->d`` damaged,
``%sd->s`` repaired, ``%s->e`` exhausted, ``%se->r`` refreshed; ``%_e->r`` refreshes every
exhausted one). Items he gains from ruins, crafting, aid or the bots' effects go through the
rules that move them (a ruin's item with ``%s5->s``)."""

from __future__ import annotations

from ..core.context import Game
from ..core.items import ITEM_TYPES
from ..core.paths import move_destinations
from ..core.rules import snared
from ..core.state import GameState
from ..factions.vagabot.human import VagabondBoard, VagabondItem, board_of, place_pawn
from .seat_errors import SeatRefused
from .rootlog import Clearing, Counted, Forest, Item, ItemPlace, Move, Piece, format_action

LETTER: dict[str, str] = {"vagabot": "V", "vagabond2": "G"}  # each Vagabond's Rootlog letter
ITEM_NAMES: dict[str, str] = {
    "s": "sword", "b": "bag", "c": "coins", "x": "crossbow", "h": "hammer", "t": "tea", "r": "torch", "f": "boots",
}
assert set(ITEM_NAMES.values()) == set(ITEM_TYPES)


def is_pawn_move(move: Move) -> bool:
    return any(isinstance(c.thing, Piece) and c.thing.kind == "p" for p in move.parts for c in p.things)


def is_item_move(move: Move) -> bool:
    return all(isinstance(c.thing, Item) for p in move.parts for c in p.things)


# -- the pawn -----------------------------------------------------------------------------------
def move_pawn(g: Game, faction: str, move: Move) -> None:
    """``p-><clearing or forest>``: one destination, the pawn alone."""
    token = format_action(move)
    vb = _board(g.state, faction, token)
    things = [c for p in move.parts for c in p.things]
    if len(things) != 1 or len(move.dests) != 1:
        raise SeatRefused(token, "the pawn moves alone, to one place")
    piece = things[0].thing
    assert isinstance(piece, Piece)
    if piece.faction not in (None, LETTER.get(faction)):
        raise SeatRefused(token, "a line moves only its own seat's pawn")
    dest = move.dests[0]
    s = g.state
    origin = where_short(s, vb)
    if isinstance(dest, Clearing) and 1 <= dest.number <= 12:
        _check_to_clearing(s, faction, vb, dest.number, token)
        # the event comes first, so that a recorder (table/export.py) hears whose move it is
        g.emit(faction, "LoR 9.4", "move_pawn", "moves his pawn from {a} to {b}", a=origin, b=dest.number)
        place_pawn(s, faction, vb, clearing=dest.number)
    elif isinstance(dest, Forest):
        forest = _forest(s, dest, token)
        _check_to_forest(s, faction, vb, forest, token)
        if origin is None:  # his setup
            g.emit(faction, "LoR 9.3.2", "place_pawn", "sets up his pawn in {b}", b=forest_name(s, forest))
        else:
            g.emit(faction, "LoR 9.4.2", "slip", "moves his pawn from {a} into {b}", a=origin, b=forest_name(s, forest), forest=forest)
        place_pawn(s, faction, vb, forest=forest)
    else:
        raise SeatRefused(token, "the pawn goes to a clearing or a forest")


def forest_name(s: GameState, forest: int) -> str:
    """A forest as the map picture numbers it: ``forest F3 (by 2, 6, 10, 11, 12)``."""
    return f"forest F{forest + 1} (by {', '.join(map(str, s.map.forests[forest]))})"


def where_short(s: GameState, vb: VagabondBoard) -> int | str | None:
    """The pawn's place as events name it: a clearing number, a forest's name, None before setup."""
    if vb.forest is not None:
        return forest_name(s, vb.forest)
    return vb.clearing


def _board(s: GameState, faction: str, token: str) -> VagabondBoard:
    vb = board_of(s, faction)
    if vb is None:
        raise SeatRefused(token, f"the {faction} have no pawn: only a human Vagabond's line moves one")
    return vb


def _forest(s: GameState, dest: Forest, token: str) -> int:
    if dest.clearings not in s.map.forests:
        raise SeatRefused(token, f"no forest between {', '.join(map(str, dest.clearings))} on the {s.map.name} map")
    return s.map.forests.index(dest.clearings)


def _check_to_clearing(s: GameState, faction: str, vb: VagabondBoard, c: int, token: str) -> None:
    if vb.clearing is None and vb.forest is None:
        raise SeatRefused(token, "the Vagabond sets up in a forest (LoR 9.3.2)")
    if vb.clearing is not None:
        if snared(s, faction, vb.clearing):
            raise SeatRefused(token, f"a face-up snare stands in {vb.clearing}: no moving out (11.7.2)")
        if c not in move_destinations(s, faction, vb.clearing):
            raise SeatRefused(token, f"no path this seat may use from {vb.clearing} to {c}")
    elif c not in s.map.forests[vb.forest]:  # type: ignore[index]
        raise SeatRefused(token, f"clearing {c} does not border the forest the pawn is in")


def _check_to_forest(s: GameState, faction: str, vb: VagabondBoard, forest: int, token: str) -> None:
    if vb.clearing is None and vb.forest is None:
        return  # his setup: any forest (LoR 9.3.2)
    if vb.clearing is not None:
        if snared(s, faction, vb.clearing):
            raise SeatRefused(token, f"a face-up snare stands in {vb.clearing}: no moving out (11.7.2)")
        if vb.clearing not in s.map.forests[forest]:
            raise SeatRefused(token, f"the forest does not border clearing {vb.clearing}")
        return
    if forest == vb.forest or not _forests_adjacent(s, vb.forest, forest):  # type: ignore[arg-type]
        raise SeatRefused(token, "a forest is reached from a clearing beside it or a forest one path away")


def _forests_adjacent(s: GameState, a: int, b: int) -> bool:
    """Two forests are one path apart when they share both ends of a path."""
    shared = set(s.map.forests[a]) & set(s.map.forests[b])
    return any(y in s.map.adjacent[x] for x in shared for y in shared if x < y)


# -- items ----------------------------------------------------------------------------------------
def move_items(g: Game, faction: str, move: Move) -> None:
    """Item changes on his board: gained (setup, from the box; a ruin's), damaged, repaired,
    exhausted, refreshed."""
    token = format_action(move)
    vb = _board(g.state, faction, token)
    for part in move.parts:
        for counted in part.things:
            _item_change(g, faction, vb, counted, part.start, move.dests, token)


def _item_change(g: Game, faction: str, vb: VagabondBoard, counted: Counted, start: object, dests: tuple[object, ...], token: str) -> None:
    item = counted.thing
    assert isinstance(item, Item)
    dest = dests[0] if len(dests) == 1 else None
    if len(dests) > 1:
        raise SeatRefused(token, "an item goes to one place")
    if isinstance(start, Clearing) and isinstance(dest, ItemPlace) and dest.area == "s":
        return _from_ruin(g, faction, vb, item, counted.count, start.number, token)
    if start is None and isinstance(dest, ItemPlace) and dest.area == "s" and dest.state is None:
        return _from_box(g, faction, vb, item, counted.count, token)
    if start is None and isinstance(dest, Clearing):
        return _under_ruin(g, faction, item, counted.count, dest.number, token)
    change = _CHANGES.get((_key(start), _key(dest)))
    if change is None:
        raise SeatRefused(token, "the engine keeps items gained (->s), damaged (->d), repaired (d->s), exhausted (->e) and refreshed (e->r)")
    want, flag, value, words, kind = change
    pool = [i for i in vb.items if (item.kind == "_" or i.kind == ITEM_NAMES.get(item.kind)) and want(i)]
    n = len(pool) if item.kind == "_" else counted.count
    if (item.kind == "_" and not pool) or len(pool) < n:
        raise SeatRefused(token, f"the {faction} have {len(pool)} such item(s) that can be {words}, not {n}")
    for it in pool[:n]:
        setattr(it, flag, value)
        _tell(g, faction, kind, it.kind)


def _tell(g: Game, faction: str, kind: str, item: str) -> None:
    """The event of one item's change (LoR 9.2.5), its kind a literal as every event's."""
    are = item in PLURAL_ITEMS  # "his boots are exhausted", "his sword is"
    if kind == "damage":
        g.emit(faction, "LoR 9.2.5", "damage", "his {item} are damaged" if are else "his {item} is damaged", item=item)
    elif kind == "repair":
        g.emit(faction, "LoR 9.2.5", "repair", "his {item} are repaired" if are else "his {item} is repaired", item=item)
    elif kind == "exhaust":
        g.emit(faction, "LoR 9.2.5", "exhaust", "his {item} are exhausted" if are else "his {item} is exhausted", item=item)
    else:
        g.emit(faction, "LoR 9.2.5", "refresh", "his {item} are refreshed" if are else "his {item} is refreshed", item=item)


PLURAL_ITEMS = ("boots", "coins")  # items named in the plural (one piece each)


def _key(loc: object) -> str | None:
    if loc is None:
        return None
    if isinstance(loc, ItemPlace):
        return (loc.area or "") + (loc.state or "")
    return "?"


_CHANGES = {  # (start, destination) -> (which items, flag, new value, in words, event kind)
    (None, "d"): (lambda i: not i.damaged, "damaged", True, "damaged", "damage"),
    ("d", "s"): (lambda i: i.damaged, "damaged", False, "repaired", "repair"),
    ("d", "r"): (lambda i: i.damaged, "damaged", False, "repaired", "repair"),
    (None, "e"): (lambda i: not i.exhausted and not i.damaged, "exhausted", True, "exhausted", "exhaust"),
    ("e", "r"): (lambda i: i.exhausted, "exhausted", False, "refreshed", "refresh"),
}


def _from_box(g: Game, faction: str, vb: VagabondBoard, item: Item, n: int, token: str) -> None:
    """Starting items (LoR 9.3.5), taken from the box while his pawn is in no clearing yet."""
    kind = ITEM_NAMES.get(item.kind)
    if kind is None:
        raise SeatRefused(token, "name the item (s b c x h t r f)")
    if vb.clearing is not None:
        raise SeatRefused(token, "items from the box are his starting items only (LoR 9.3.5); name where a later item comes from")
    left = g.state.item_box.get(kind, 0)
    if left < n:
        raise SeatRefused(token, f"the box holds {left} {kind} not in play, not {n}")
    g.state.item_box[kind] = left - n
    vb.items.extend(VagabondItem(kind) for _ in range(n))
    for _ in range(n):
        g.emit(faction, "LoR 9.3.5", "gain_item", "takes {item:an item} {source}", item=kind, source="from the box (a starting item)")


def _under_ruin(g: Game, faction: str, item: Item, n: int, c: int, token: str) -> None:
    """At setup, an item marked R from the box under a ruin (LoR 9.3.4; in a game of two
    Vagabonds each lays his set, so a ruin holds one item per Vagabond, ruling R-TWO-VAGABONDS)."""
    kind = ITEM_NAMES.get(item.kind)
    s = g.state
    if kind is None or n != 1:
        raise SeatRefused(token, "one named item goes under a ruin")
    if s.phase != "setup":
        raise SeatRefused(token, "items are laid under ruins at setup only (LoR 9.3.4)")
    cl = s.clearings[c] if 1 <= c <= 12 else None
    if cl is None or not cl.ruin:
        raise SeatRefused(token, f"no ruin in {c}")
    vagabonds = sum(1 for fs in s.factions.values() if fs.board is not None and fs.board.has_pawn())
    if len(cl.ruin_items) >= vagabonds:
        raise SeatRefused(token, f"the ruin in {c} holds {len(cl.ruin_items)} item(s), one per Vagabond")
    if s.item_box.get(kind, 0) < 1:
        raise SeatRefused(token, f"the box holds no {kind} not in play")
    s.item_box[kind] -= 1
    cl.ruin_items.append(kind)
    g.emit(faction, "LoR 9.3.4", "setup", "places an item under the ruin in {c}", c=c, item=kind)


def _from_ruin(g: Game, faction: str, vb: VagabondBoard, item: Item, n: int, c: int, token: str) -> None:
    """Explore (LoR 9.5.3): the item under the ruin of his clearing; the ruin goes when empty."""
    kind = ITEM_NAMES.get(item.kind)
    cl = g.state.clearings[c]
    if vb.clearing != c:
        raise SeatRefused(token, f"his pawn is not in {c}")
    if n != 1 or kind not in cl.ruin_items:
        raise SeatRefused(token, f"no {kind} under a ruin in {c}")
    cl.ruin_items.remove(kind)
    if not cl.ruin_items:
        cl.ruin = False
    vb.items.append(VagabondItem(kind))
    g.emit(faction, "LoR 9.5.3", "gain_item", "takes {item:an item} {source}", item=kind, source=f"from under the ruin in {c}")
    if not cl.ruin:
        g.emit(faction, "LoR 9.5.3", "remove_ruin", "removes the emptied ruin in {c}", c=c)


def damage_written(action: object) -> list[str] | None:
    """The items an action marks damaged, as his board words them (``"sword"``, ``"boots
    exhausted"``), or None if it is not an item damage."""
    if not isinstance(action, Move) or not is_item_move(action) or _key(action.dests[0] if len(action.dests) == 1 else "?") != "d":
        return None
    out: list[str] = []
    for part in action.parts:
        if part.start is not None and _key(part.start) != "e":
            return None
        for counted in part.things:
            assert isinstance(counted.thing, Item)
            kind = ITEM_NAMES.get(counted.thing.kind)
            if kind is None:
                return None
            out += [kind + (" exhausted" if part.start is not None else "")] * counted.count
    return out
