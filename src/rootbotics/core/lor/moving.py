"""A move of warriors (LoR 4.2) for a human seat, in three steps: the clearing it leaves, the
clearing it enters, how many warriors. Only moves the Law allows are offered: along a path the
seat may use (closed paths and the Ferry, LoR C.2-C.3), ruling the origin or the destination
(LoR 4.2.1), never out of a clearing where a snare stops the seat (11.7.2)."""

from __future__ import annotations

from ..context import Game
from ..faction import rules_of
from ..moves import DONE, MOVE_TEXT, Move, ask
from ..rules import can_move, move_warriors, snared
from ..maps import CLEARINGS
from ..paths import move_destinations
from ..state import GameState


def destinations(state: GameState, faction: str, a: int) -> list[int]:
    """Where warriors of ``faction`` in ``a`` may move (LoR 4.2.1)."""
    return [b for b in move_destinations(state, faction, a) if can_move(state, faction, a, b)]


def origins(state: GameState, faction: str, among: tuple[int, ...] | list[int] | None = None) -> list[int]:
    """Clearings with warriors of ``faction`` that have somewhere to go."""
    out = []
    for a in CLEARINGS if among is None else among:
        if state.clearings[a].warriors.get(faction, 0) > 0 and not snared(state, faction, a) and destinations(state, faction, a):
            out.append(a)
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
    moves: list[Move] = [Move("from", (a,), rule) for a in origins(s, faction, among)]
    if optional:
        moves.append(DONE)
    m = ask(g, faction, f"{step}.from", rule, moves, "move from which clearing")
    if m is DONE:
        return None
    a = m.args[0]
    b = ask(g, faction, f"{step}.to", rule, [Move("to", (b,), rule) for b in destinations(s, faction, a)], f"move from {a} to which clearing").args[0]
    have = s.clearings[a].warriors.get(faction, 0)
    n = ask(g, faction, f"{step}.count", rule, [Move("count", (k,), rule) for k in range(1, have + 1)], f"move how many warriors from {a} to {b}").args[0]
    rules_of(faction).warriors_moving(g, faction, a, b, n)  # which warriors go, where that matters (LoR 14.2.2)
    move_warriors(g, faction, a, b, n, rule)
    return a, b, n


MOVE_TEXT["from"] = lambda m: f"from clearing {m.args[0]}"
MOVE_TEXT["to"] = lambda m: f"to clearing {m.args[0]}"
MOVE_TEXT["count"] = lambda m: f"{m.args[0]}"
MOVE_TEXT["clearing"] = lambda m: f"clearing {m.args[0]}"
