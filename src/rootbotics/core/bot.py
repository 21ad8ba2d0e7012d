"""What every bot has: a setup, the three phases, and a few shared look-ups."""

from __future__ import annotations

from typing import Protocol

from .context import Game
from .state import GameState


class Bot(Protocol):
    """One bot faction's rules. Module-level functions would do; a class keeps the registry tidy."""

    faction: str

    def setup(self, g: Game) -> None: ...

    def birdsong(self, g: Game) -> None: ...

    def daylight(self, g: Game) -> None: ...

    def evening(self, g: Game) -> None: ...


def enemies_in(state: GameState, faction: str, c: int) -> list[str]:
    """Enemy players with at least one piece in a clearing."""
    cl = state.clearings[c]
    if state.cooperative():  # bots are a team: no bot targets another (Fully Cooperative Play)
        return sorted(f for f in cl.factions_present() if state.is_enemy(faction, f))
    if not cl.buildings and not cl.tokens and cl.pawn is None:  # warriors only: the common case, made quick
        return sorted(f for f, n in cl.warriors.items() if n > 0 and f != faction)
    return sorted(f for f in cl.factions_present() if f != faction)


def has_enemy_in(state: GameState, faction: str, c: int) -> bool:
    """Whether ``enemies_in`` would name anyone: the same answer, without building the list."""
    cl = state.clearings[c]
    if state.cooperative():
        return bool(enemies_in(state, faction, c))
    for f, n in cl.warriors.items():  # a plain loop: cheaper than any() over a generator
        if n > 0 and f != faction:
            return True
    if cl.pawn is not None and any(p != faction for p in cl.pawns()):
        return True
    for pieces in (cl.buildings, cl.tokens):
        for f, _ in pieces:
            if f != faction:
                return True
    return False


def pieces_there(state: GameState, c: int):
    """Key function: how many pieces a player has in clearing ``c``."""
    cl = state.clearings[c]
    return lambda f: cl.pieces_of(f)


def victory_points(state: GameState):
    return lambda f: state.factions[f].vp


# -- difficulty and trait cards (3.3) --------------------------------------------------------
def has_trait(state: GameState, faction: str, trait: str) -> bool:
    """Whether a bot seat plays with a trait card."""
    fs = state.factions.get(faction)
    return fs is not None and fs.is_bot and trait in fs.traits


def difficulty(state: GameState, faction: str) -> str:
    return state.factions[faction].difficulty


def at_least_challenging(state: GameState, faction: str) -> bool:
    return difficulty(state, faction) in ("challenging", "nightmare")
