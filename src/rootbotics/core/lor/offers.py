"""What other factions' rules let a human seat do on its own turn (DESIGN 7): a faction's
:meth:`~rootbotics.core.faction.Faction.turn_offers` (LoR 13.2.4: exposing a face-down plot with
a matching card, any number of times in the seat's turn before its last step, LoR 1.4.3). Offered
in Birdsong (``effects.birdsong_cards``) and among Daylight's free choices (``turn``)."""

from __future__ import annotations

from ..context import Game
from ..faction import overrides, rules_of
from ..moves import Move
from ..state import GameState


def turn_offers(state: GameState, seat: str) -> list[Move]:
    """The moves the other seated factions offer ``seat`` now (none for a bot: bots never call)."""
    out: list[Move] = []
    for name in sorted(overrides("turn_offers")):
        if name != seat and name in state.factions:
            out.extend(rules_of(name).turn_offers(state, seat))
    return out


def take_turn_offer(g: Game, seat: str, m: Move) -> bool:
    """Carry out a move of :func:`turn_offers`; False for any other move."""
    for name in sorted(overrides("take_turn_offer")):
        if name != seat and name in g.state.factions and rules_of(name).take_turn_offer(g, seat, m):
            return True
    return False
