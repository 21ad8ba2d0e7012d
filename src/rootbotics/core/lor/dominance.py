"""Dominance cards for a human seat (LoR 3.3): activating one in Daylight at 10 VP or more, taking
an available one by spending a matching card, and the dominance victory at the start of Birdsong.
Bots never play them (1.3)."""

from __future__ import annotations

from ..context import Game
from ..moves import MOVE_TEXT, Move
from ..rules import declare_winner, ruled_clearings
from ..state import GameState
from .cards import ask_card, card_label, move_card, spend, suit_matches

ACTIVATE_VP = 10  # LoR 3.3.1
SUIT_CLEARINGS = 3  # LoR 3.3.1.1
RULE_ACTIVATE = "LoR 3.3.1"
RULE_TAKE = "LoR 3.3.4"


def activations(state: GameState, faction: str) -> list[Move]:
    """Dominance cards in hand the seat may activate now (LoR 3.3.1): at 10 VP or more, with no
    card activated before. A faction whose rules change this (the Vagabond's coalition, LoR
    9.2.8) offers its own moves instead."""
    fs = state.factions[faction]
    if fs.dominance is not None or fs.vp < ACTIVATE_VP:
        return []
    deck = state.deckdef.cards
    return [Move("activate_dominance", (cid,), RULE_ACTIVATE, card_label(cid, state)) for cid in fs.hand if deck[cid].kind == "dominance"]


def takings(state: GameState, faction: str) -> list[Move]:
    """Available dominance cards the seat can take by spending a matching card (LoR 3.3.4); a
    bird one only for a bird card."""
    return [Move("take_dominance", (cid,), RULE_TAKE, card_label(cid, state)) for cid in state.available_dominance if payers(state, faction, cid)]


def payers(state: GameState, faction: str, cid: int) -> list[int]:
    """Cards in hand that may pay for the available dominance card ``cid``: its suit, or a bird
    for a non-bird one (LoR 2.1.1, 3.3.4)."""
    deck = state.deckdef.cards
    suit = deck[cid].suit
    return [h for h in state.factions[faction].hand if deck[h].suit == suit or (suit != "bird" and suit_matches(deck[h].suit, suit))]


def dominance_moves(state: GameState, faction: str) -> list[Move]:
    return activations(state, faction) + takings(state, faction)


def activate(g: Game, faction: str, cid: int) -> None:
    """LoR 3.3.1: the card goes to the play area; the seat scores no more VP."""
    fs = g.state.factions[faction]
    fs.hand.remove(cid)
    fs.dominance = cid
    g.emit(faction, RULE_ACTIVATE, "dominance", "activates {card}: its score marker leaves the track; it now wins by dominance", card=card_label(cid, g.state))


def take(g: Game, faction: str, cid: int) -> None:
    """LoR 3.3.4: spend a matching card to take the available dominance card into hand."""
    s = g.state
    pay = ask_card(g, faction, "dominance.pay", RULE_TAKE, payers(s, faction, cid), f"spend which card to take {card_label(cid, s)}")
    spend(g, faction, pay, RULE_TAKE, f"to take {card_label(cid, s)}")
    s.available_dominance.remove(cid)
    s.factions[faction].hand.append(cid)
    g.emit(faction, RULE_TAKE, "take_dominance", "takes {card} into its hand", card=card_label(cid, g.state))


def apply_dominance_move(g: Game, faction: str, m: Move) -> bool:
    """Carry out a move of :func:`dominance_moves`; False for any other move."""
    if m.kind == "activate_dominance":
        activate(g, faction, m.args[0])
    elif m.kind == "take_dominance":
        take(g, faction, m.args[0])
    else:
        return False
    return True


def dominance_won(state: GameState, faction: str) -> bool:
    """LoR 3.3.1.1-3.3.1.2: three ruled clearings of the card's suit, or for a bird card two
    ruled clearings in opposite corners."""
    cid = state.factions[faction].dominance
    if cid is None:
        return False
    suit = state.deckdef.cards[cid].suit
    ruled = ruled_clearings(state, faction)
    if suit == "bird":
        opposite = state.map.opposite_corner
        return any(opposite.get(c) in ruled for c in ruled)
    return sum(1 for c in ruled if state.suits[c] == suit) >= SUIT_CLEARINGS


def check_dominance_victory(g: Game, faction: str) -> None:
    """At the start of Birdsong (LoR 3.3.1): a seat whose dominance is fulfilled wins now."""
    if g.state.factions[faction].dominance is not None and dominance_won(g.state, faction):
        card = card_label(g.state.factions[faction].dominance or 0, g.state)
        declare_winner(g, [faction], f"{faction} fulfils {card} at the start of Birdsong (LoR 3.3.1)")


MOVE_TEXT["activate_dominance"] = lambda m: f"activate {move_card(m)}"
MOVE_TEXT["take_dominance"] = lambda m: f"take the available {move_card(m)}"
