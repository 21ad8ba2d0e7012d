"""A move of warriors (LoR 4.2) for a human seat, in three steps: the clearing it leaves, the
clearing it enters, how many warriors. Only moves the Law allows are offered: along a path the
seat may use (closed paths and the Ferry, LoR C.2-C.3), ruling the origin or the destination
(LoR 4.2.1), never out of a clearing where a snare stops the seat (11.7.2). A seat with a place off
the map that its warriors enter like a clearing (a Burrow, LoR 12.2.2: its faction's
``off_map_places``) moves into and out of it here too, with ``from_place`` and ``to_place``."""

from __future__ import annotations

from ..context import Game
from ..faction import rules_of
from ..moves import DONE, MOVE_TEXT, Move, ask
from ..rules import can_move, closed, move_warriors, snared
from ..maps import CLEARINGS
from ..paths import move_destinations
from ..state import GameState


def destinations(state: GameState, faction: str, a: int) -> list[int]:
    """Where warriors of ``faction`` in ``a`` may move (LoR 4.2.1): a place off the map is
    ruled by its owner, so a move into or out of it needs only the link (LoR 12.2.2)."""
    places = rules_of(faction).off_map_places(state, faction)
    if a in places:
        return [c for c in rules_of(faction).off_map_links(state, faction, a) if not closed(state, c)]
    out = [b for b in move_destinations(state, faction, a) if can_move(state, faction, a, b)]
    if places:
        out.extend(p for p in places if a in rules_of(faction).off_map_links(state, faction, p))
    return out


def warriors_at(state: GameState, faction: str, a: int) -> int:
    """The seat's warriors in clearing ``a`` or in its place off the map ``a``."""
    places = rules_of(faction).off_map_places(state, faction)
    return places[a] if a in places else state.clearings[a].warriors.get(faction, 0)


def origins(state: GameState, faction: str, among: tuple[int, ...] | list[int] | None = None) -> list[int]:
    """Clearings with warriors of ``faction`` that have somewhere to go; then its places off the
    map (which no suit names, so none when ``among`` limits the clearings)."""
    out = []
    for a in CLEARINGS if among is None else among:
        if state.clearings[a].warriors.get(faction, 0) > 0 and not snared(state, faction, a) and destinations(state, faction, a):
            out.append(a)
    if among is None:
        places = rules_of(faction).off_map_places(state, faction)
        out.extend(p for p, n in places.items() if n > 0 and destinations(state, faction, p))
    return out


def can_take_move(state: GameState, faction: str, among: tuple[int, ...] | list[int] | None = None) -> bool:
    return bool(origins(state, faction, among))


def ask_move(
    g: Game,
    faction: str,
    rule: str,
    among: tuple[int, ...] | list[int] | None = None,
    optional: bool = False,
    step: str = "move",
) -> tuple[int, int, int] | None:
    """Ask for one move and take it: from, to, how many. ``among`` limits the origins (a Decree
    card's suit); ``optional`` offers ``done`` instead of a move. Returns (from, to, warriors),
    or None when the seat passed."""
    s = g.state
    places = rules_of(faction).off_map_places(s, faction)
    moves: list[Move] = [Move("from_place", (a,), rule) if a in places else Move("from", (a,), rule) for a in origins(s, faction, among)]
    if optional:
        moves.append(DONE)
    m = ask(g, faction, f"{step}.from", rule, moves, "move from which clearing")
    if m is DONE:
        return None
    a = m.args[0]
    tos = [Move("to_place", (b,), rule) if b in places else Move("to", (b,), rule) for b in destinations(s, faction, a)]
    b = ask(g, faction, f"{step}.to", rule, tos, f"move from {_where(a, places)} to which clearing").args[0]
    have = warriors_at(s, faction, a)
    n = ask(g, faction, f"{step}.count", rule, [Move("count", (k,), rule) for k in range(1, have + 1)], f"move how many warriors from {_where(a, places)} to {_where(b, places)}").args[0]
    if a in places or b in places:
        rules_of(faction).move_off_map(g, faction, a, b, n, rule)
    else:
        rules_of(faction).warriors_moving(g, faction, a, b, n)  # which warriors go, where that matters (LoR 14.2.2)
        move_warriors(g, faction, a, b, n, rule)
    return a, b, n


def _where(a: int, places: dict[int, int]) -> str:
    return f"place {a} off the map" if a in places else str(a)


MOVE_TEXT["from"] = lambda m: f"from clearing {m.args[0]}"
MOVE_TEXT["to"] = lambda m: f"to clearing {m.args[0]}"
MOVE_TEXT["count"] = lambda m: f"{m.args[0]}"
MOVE_TEXT["from_place"] = lambda m: f"from place {m.args[0]} off the map"
MOVE_TEXT["to_place"] = lambda m: f"to place {m.args[0]} off the map"
MOVE_TEXT["clearing"] = lambda m: f"clearing {m.args[0]}"
