"""What other factions' rules let a human seat do on its own turn (DESIGN 7): a faction's
:meth:`~rootbotics.core.faction.Faction.turn_offers` (LoR 13.2.4: exposing a face-down plot with
a matching card, any number of times in the seat's turn until it begins its last step, LoR 1.4.3).
Offered at the start of Birdsong (``effects.birdsong_cards``) and after its last step
(``turn.play_turn``), among Daylight's free choices (``turn``) and between crafts
(``crafting.craft_while_wanted``), and in Evening by :func:`offer_between_steps`, which each
faction's Evening calls before each of its steps but the last (ruling R-LOR-CORVIDS-EXPOSURE)."""

from __future__ import annotations

from ..context import Game
from ..faction import overrides, rules_of
from ..moves import DONE, Move, ask
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


def offer_between_steps(g: Game, seat: str, step: str = "turn.offers") -> None:
    """Between two steps of ``seat``'s own turn, before its last step begins (LoR 1.4.3): the
    other factions' offers, any number of times, until the seat says done. Asks nothing when
    there are none (so a table without such a faction sees no new question)."""
    while True:
        moves = turn_offers(g.state, seat)
        if not moves:
            return
        m = ask(g, seat, step, "LoR 1.4.3", [*moves, DONE], "before the next step of your turn: anything the other factions allow?")
        if m is DONE or not take_turn_offer(g, seat, m):
            return
