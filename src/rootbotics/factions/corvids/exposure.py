"""Exposure (LoR 13.2.4) by another human seat played by legal moves: on its own turn, before its
last step (LoR 1.4.3), an enemy of the Corvids with pieces where a face-down plot stands shows
them a card matching that clearing and guesses the plot's kind. Wrong: the card goes to the
Corvids (to a bot: discarded, and the bot scores, 2.8.1). Right: the guesser removes the plot and
scores for it (LoR 3.2.1), a raid placing no warriors (LoR 13.7.4).

The core offers these moves to every human seat's turn through the Faction hooks
``turn_offers``/``take_turn_offer`` (``core/lor/offers.py``): in Birdsong, Daylight and Evening
until the seat begins its turn's last step (ruling R-LOR-CORVIDS-EXPOSURE). A plot whose kind the engine does
not know (a human Corvids at the table in board mode) is not offered: only the table can answer.
A bot never exposes (the Law of Robotics gives no bot this rule)."""

from __future__ import annotations

from ...core.context import Game
from ...core.lor.cards import ask_card, matching
from ...core.maps import CLEARINGS
from ...core.moves import MOVE_TEXT, Move, ask
from ...core.rules import give_card_to_bot
from ...core.state import GameState
from . import plots as P
from .plots import CORVIDS, PLOT_KINDS

RULE = "LoR 13.2.4"


def exposable(state: GameState, seat: str) -> list[int]:
    """Clearings where ``seat`` may expose a plot now: a face-down plot of known kind, a piece of
    ``seat`` there, a card in its hand matching the clearing (birds match any, LoR 2.1.1)."""
    fs = state.factions.get(CORVIDS)
    me = state.factions.get(seat)
    if fs is None or me is None or seat == CORVIDS or me.is_bot or not me.hand or P.hidden(state):
        return []
    if state.phase not in ("birdsong", "daylight", "evening") or not state.is_enemy(seat, CORVIDS):
        return []
    plots = P.plot_map(state)
    out = []
    for c in CLEARINGS:
        if c in plots and P.facedown_plot(state, c) and seat in state.clearings[c].factions_present() and matching(state, seat, state.suit(c)):
            out.append(c)
    return out


def exposure_moves(state: GameState, seat: str) -> list[Move]:
    return [Move("expose", (c,), RULE) for c in exposable(state, seat)]


def expose(g: Game, seat: str, m: Move) -> bool:
    """Carry out an ``expose`` move: the card shown, the guess, then its outcome."""
    if m.kind != "expose":
        return False
    s = g.state
    c = m.args[0]
    card = ask_card(g, seat, "expose.card", RULE, matching(s, seat, s.suit(c)), f"show the Corvids which card matching {c}")
    guess = ask(g, seat, "expose.guess", RULE, [Move("plot", (k,), RULE) for k in PLOT_KINDS], f"which plot lies face down in {c}?").args[0]
    kind = P.plot_map(s)[c][0]
    label = s.deckdef.cards[card].label()
    g.emit(seat, RULE, "expose", "shows {card} and guesses the plot in {c} is {what}: {verdict}", card=label, c=c, what=P.named(guess), guess=guess, verdict="right" if guess == kind else "wrong", right=guess == kind)
    if guess == kind:
        P.expose(g, seat, c)
    else:
        give_card(g, seat, card)
    return True


def give_card(g: Game, seat: str, card: int) -> None:
    """A wrong guess: the card shown goes to the Corvids; a bot keeps no cards (2.8.1)."""
    s = g.state
    if s.factions[CORVIDS].is_bot:
        give_card_to_bot(g, seat, CORVIDS, card, "Exposure, LoR 13.2.4")
        return
    s.factions[seat].hand.remove(card)
    s.factions[CORVIDS].hand.append(card)
    g.emit(seat, RULE, "give", "gives the card it showed to the {other} (a wrong guess)", other=CORVIDS)


MOVE_TEXT["expose"] = lambda m: f"Exposure: show a card matching clearing {m.args[0]} and guess its face-down plot"
MOVE_TEXT["plot"] = lambda m: f"a {m.args[0]}" if m.args else "Plot: place a face-down plot"
