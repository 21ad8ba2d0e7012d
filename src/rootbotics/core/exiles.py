"""The cards of the Exiles and Partisans deck (LoR 19.2) that change core's rules for the seat
holding them: rule (Soup Kitchens), moving (Corvid Planners) and paths (Boat Builders, Tunnels).

Only a human seat crafts persistent effects (a bot crafts items only, Law of Robotics 1.1.3), so
only human seats hold these cards. Every function here is reached only when the game plays with
the Exiles and Partisans deck (``state.deckdef.exiles``), so games with the base deck, the bots'
simulations among them, never pay for it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import in_play
from .faction import REGISTRY
from .maps import CLEARINGS
from .state import GameState

if TYPE_CHECKING:
    from .context import Game

RULE = "LoR 4.1.3"  # a persistent effect acts as its card says


def holder(state: GameState, key: str) -> str | None:
    """The seat with the card ``key`` (its data id) in its play area, if any (LoR 2.1.4)."""
    for f in state.turn_order:
        fs = state.factions[f]
        if fs.play_area and in_play(state, f, key) is not None:
            return f
    return None


def has(state: GameState, faction: str, key: str) -> bool:
    fs = state.factions.get(faction)
    return fs is not None and bool(fs.play_area) and in_play(state, faction, key) is not None


# -- Soup Kitchens: the holder's tokens count for rule, twice each: core/rules.py: ruler_counting --
# -- Corvid Planners: the holder ignores rule while moving ----------------------------------------
def ignores_rule(state: GameState, faction: str) -> bool:
    return has(state, faction, "corvid_planners")


# -- Boat Builders (rivers as paths) and Tunnels (crafting clearings adjacent) --------------------
def crafting_clearings(state: GameState, faction: str) -> list[int]:
    """Clearings holding any crafting piece of the seat (a faction's ``crafting_pieces``)."""
    kinds = REGISTRY[faction].crafting_pieces if faction in REGISTRY else frozenset()
    if not kinds:
        return []
    out = []
    for c in CLEARINGS:
        cl = state.clearings[c]
        if any(f == faction and k in kinds for f, k in cl.buildings) or any(f == faction and k in kinds for f, k in cl.tokens):
            out.append(c)
    return out


def extra_adjacent(state: GameState, faction: str, c: int, near: tuple[int, ...]) -> tuple[int, ...]:
    """``near`` plus the clearings Boat Builders (rivers) and Tunnels (other clearings with the
    seat's crafting pieces, when ``c`` has one) make adjacent to ``c`` for the seat."""
    fs = state.factions.get(faction)
    if fs is None or fs.is_bot or not fs.play_area:
        return near
    extra: set[int] = set()
    if in_play(state, faction, "boat_builders") is not None:
        extra.update(b if a == c else a for a, b in state.map.river_paths if c in (a, b))
    if in_play(state, faction, "tunnels") is not None:
        linked = crafting_clearings(state, faction)
        if c in linked:
            extra.update(k for k in linked if k != c)
    if not extra:
        return near
    return tuple(sorted(extra.union(near)))


# -- Coffin Makers: warriors returning to a supply lie on the card ---------------------------------
def to_coffin(g: Game, owner: str, n: int) -> None:
    """``n`` warriors of ``owner`` just returned to its supply: with Coffin Makers in a play
    area they go on the card instead (ruling R-EP-COFFIN)."""
    s = g.state
    if n <= 0 or holder(s, "coffin_makers") is None:
        return
    s.factions[owner].supply["warrior"] -= n
    s.coffin[owner] = s.coffin.get(owner, 0) + n
    g.emit(owner, RULE, "coffin_makers", "{n} of its warriors go on Coffin Makers instead of its supply", n=n)


def empty_coffin(g: Game) -> None:
    """Every warrior on Coffin Makers returns to its owner's supply."""
    s = g.state
    for owner in sorted(s.coffin):
        n = s.coffin.pop(owner)  # off the card before the event: every event sees a whole position
        s.factions[owner].supply["warrior"] = s.factions[owner].supply.get("warrior", 0) + n
        g.emit(owner, RULE, "coffin_return", "{n} of its warriors return from Coffin Makers to its supply", n=n)
