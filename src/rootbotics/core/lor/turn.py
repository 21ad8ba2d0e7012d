"""The parts of a human seat's turn that every faction shares: the start of Birdsong (the
dominance victory, LoR 3.3.1; cards acting then), and the free choices of Daylight that are no
faction's action (dominance cards, LoR 3.3.1 and 3.3.4; once-in-Daylight cards; opening a
closed path on the Mountain, LoR C.3.3)."""

from __future__ import annotations

from collections.abc import Callable

from ..context import Game
from ..faction import overrides, rules_of
from ..moves import MOVE_TEXT, Move
from ..rules import open_closed_path
from ..state import GameState
from .cards import ask_card
from .dominance import apply_dominance_move, check_dominance_victory, dominance_moves
from .effects import apply_daylight_move, birdsong_cards, birdsong_start, daylight_moves
from .offers import offer_between_steps, take_turn_offer, turn_offers

RULE_PATH = "LoR C.3.3"


def play_turn(g: Game, faction: str, birdsong: Callable[[Game], None], daylight: Callable[[Game], None], evening: Callable[[Game], None]) -> None:
    """A human seat's turn: Birdsong (after what acts at its start), Daylight, Evening (LoR 1.4.1)."""
    s = g.state
    s.phase = "birdsong"
    start_of_birdsong(g, faction)
    birdsong(g)
    offer_between_steps(g, faction)  # after Birdsong's last step (LoR 13.2.4 with 1.4.3)
    s.phase = "daylight"
    daylight(g)
    s.phase = "evening"
    evening(g)


def start_of_birdsong(g: Game, faction: str) -> None:
    """Before anything else in Birdsong: a fulfilled dominance wins (LoR 3.3.1), then what other
    seats offer at its start (services bought from a human seller, LoR 11.2.6), then the cards
    acting at the start of Birdsong, then the cards usable in Birdsong."""
    check_dominance_victory(g, faction)
    others_at_birdsong(g, faction)
    birdsong_start(g, faction)
    birdsong_cards(g, faction)


def others_at_birdsong(g: Game, faction: str) -> None:
    """Each other seated faction's hook for the start of this seat's Birdsong, in turn order
    (``Faction.lor_birdsong_starting``)."""
    hooked = overrides("lor_birdsong_starting")
    if not hooked:
        return
    for other in g.state.turn_order:
        if other != faction and other in hooked:
            rules_of(other).lor_birdsong_starting(g, faction)


def closed_paths(state: GameState, faction: str, used: set[str]) -> list[Move]:
    """LoR C.3.3: once per turn in Daylight, spend a card to open a closed path next to one of
    the seat's pieces."""
    fs = state.factions[faction]
    if "closed_path" in used or not fs.hand or not state.map.closed_paths:
        return []
    out = []
    for a, b in sorted(state.map.closed_paths - state.opened_paths):
        if state.clearings[a].pieces_of(faction) or state.clearings[b].pieces_of(faction):
            out.append(Move("open_path", (a, b), RULE_PATH))
    return out


def free_daylight_moves(state: GameState, faction: str, used: set[str]) -> list[Move]:
    """Daylight choices that are no action of the faction's own (and other factions' offers,
    such as exposing a plot, LoR 13.2.4: ``offers``)."""
    return dominance_moves(state, faction) + daylight_moves(state, faction, used) + closed_paths(state, faction, used) + turn_offers(state, faction)


def apply_free_daylight(g: Game, faction: str, m: Move, used: set[str]) -> bool:
    """Carry out a move of :func:`free_daylight_moves`; False for any other move."""
    if take_turn_offer(g, faction, m) or apply_dominance_move(g, faction, m) or apply_daylight_move(g, faction, m, used):
        return True
    if m.kind != "open_path":
        return False
    used.add("closed_path")
    a, b = m.args
    card = ask_card(g, faction, "open_path.card", RULE_PATH, g.state.factions[faction].hand, f"spend which card to open the path {a}-{b}")
    open_closed_path(g, faction, a, b, card)
    return True


MOVE_TEXT["open_path"] = lambda m: f"open the closed path between {m.args[0]} and {m.args[1]}"
