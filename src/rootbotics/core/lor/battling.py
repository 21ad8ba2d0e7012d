"""Battle (LoR 4.3) for a human seat: where and whom it may battle, as legal moves. The battle
itself is ``core/battle.py``'s, which asks the human sides inside it (``core/battle_cards.py``)."""

from __future__ import annotations

from ..battle import BattleResult, battle, can_battle
from ..context import Game
from ..faction import SHARED
from ..maps import CLEARINGS
from ..moves import DONE, MOVE_TEXT, Move, ask
from ..state import GameState


def defenders(state: GameState, faction: str, c: int) -> list[str]:
    """The enemies ``faction`` may battle in ``c`` (LoR 4.3), in turn order: not a player it is
    in a coalition with (LoR 21.8, 9.2.8). Hired Mercenaries there let it battle with no warrior
    of its own, but not the seller (LoR 11.2.7.3)."""
    cl = state.clearings[c]
    if cl.warriors.get(faction, 0) <= 0 and faction not in cl.pawns():
        return hired_defenders(state, faction, c)
    present = cl.factions_present()
    return [f for f in state.turn_order if f != faction and f in present and can_battle(state, faction, f, c) and state.is_enemy(faction, f)]


def hired_defenders(state: GameState, faction: str, c: int) -> list[str]:
    """With bought Mercenaries and none of its own warriors in ``c``, the seat battles with the
    seller's warriors there, never against the seller (LoR 11.2.7.3; the Law of Root FAQ on
    Mercenaries)."""
    seller = SHARED.services
    cl = state.clearings[c]
    if not state.services or not cl.warriors.get(seller.name) or not seller.hired_now(state, faction):
        return []
    return [f for f in state.turn_order if f not in (faction, seller.name) and cl.pieces_of(f) > 0]


def battle_clearings(state: GameState, faction: str, among: tuple[int, ...] | list[int] | None = None) -> list[int]:
    return [c for c in (CLEARINGS if among is None else among) if defenders(state, faction, c)]


def can_take_battle(state: GameState, faction: str, among: tuple[int, ...] | list[int] | None = None) -> bool:
    return bool(battle_clearings(state, faction, among))


def ask_battle(
    g: Game,
    faction: str,
    rule: str,
    among: tuple[int, ...] | list[int] | None = None,
    optional: bool = False,
    step: str = "battle",
) -> BattleResult | None:
    """Ask for a clearing and a defender and resolve the battle (LoR 4.3). ``among`` limits the
    clearings; ``optional`` offers ``done`` instead. None when the seat passed."""
    s = g.state
    moves: list[Move] = [Move("clearing", (c,), rule) for c in battle_clearings(s, faction, among)]
    if optional:
        moves.append(DONE)
    m = ask(g, faction, f"{step}.clearing", rule, moves, "battle in which clearing")
    if m is DONE:
        return None
    c = m.args[0]
    d = ask(g, faction, f"{step}.defender", rule, [Move("defender", (f,), rule) for f in defenders(s, faction, c)], f"battle whom in {c}").args[0]
    return battle(g, faction, d, c, rule)


MOVE_TEXT["defender"] = lambda m: f"battle the {m.args[0]}"
