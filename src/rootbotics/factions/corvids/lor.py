"""The Corvid Conspiracy by the Law of Root (LoR 13), for a seat played by legal moves: its setup
(LoR 13.3), Birdsong (crafting with plot tokens, flipping plots, recruiting, LoR 13.4), Daylight
(three actions: Move, Plot, Battle, Trick, LoR 13.5) and Evening (Exert, then the draw, LoR 13.6).

The seat chooses each plot's kind, so the engine keeps its face-down plots (``plots.py``,
``CorvidsBoard.known``); no event names a face-down plot's kind, and no other seat's view shows
it. What other seats meet acts through the faction's hooks in ``faction.py``: Nimble (LoR
13.2.3), Embedded Agents (LoR 13.2.5), snares (LoR 13.7.2; a bot springs them, 11.8.2), a removed
raid (LoR 13.7.4, ``plots.raid_by_choice``), and Exposure by another human seat (LoR 13.2.4,
``exposure.py``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from ...core.context import EngineFailure, Game
from ...core.lor.battling import ask_battle, can_take_battle
from ...core.lor.cards import card_moves, draw_and_discard, discard_down, spend
from ...core.lor.crafting import CRAFT_SUITS, craft_while_wanted
from ...core.lor.effects import daylight_start, evening_start
from ...core.lor.moving import ask_move, can_take_move
from ...core.lor.turn import apply_free_daylight, free_daylight_moves, play_turn
from ...core.maps import CLEARINGS, SUITS
from ...core.moves import DONE, MOVE_TEXT, SECRET_STEPS, Move, ask
from ...core.rules import draw_into_hand, may_place_in, place_warriors, remove_all_enemy_pieces, remove_piece, remove_warriors, score
from ...core.state import GameState
from . import exposure  # noqa: F401 (the texts of the plot moves)
from . import plots as P
from .plots import BOMB_BOT_LOSSES, CORVIDS, PLOT_KINDS, CorvidsBoard

FACTION = CORVIDS
ACTIONS = 3  # LoR 13.5


@dataclass(slots=True)
class TurnState:
    """What one turn remembers between its steps: the plots placed (LoR 13.5.2's rising cost)."""

    plotted: int = 0


def board(state: GameState) -> CorvidsBoard:
    return cast(CorvidsBoard, state.factions[FACTION].board)


def plots(state: GameState) -> dict[int, tuple[str, bool]]:
    return board(state).plots


# -- setup (LoR 13.3) ------------------------------------------------------------------------------
def setup(g: Game) -> None:
    """LoR 13.3.1: the supplies (the engine keeps the plots' kinds from now on); LoR 13.3.2
    Scatter: a warrior in a clearing of each suit, of the seat's choice."""
    s = g.state
    board(s).known = True
    fs = s.factions[FACTION]
    g.emit(FACTION, "LoR 13.3.1", "setup", "forms supplies of {w} warriors and {p} facedown plot tokens", w=fs.supply.get("warrior", 0), p=fs.supply.get("plot", 0))
    for suit in SUITS:
        spots = [c for c in CLEARINGS if s.suit(c) == suit and may_place_in(s, FACTION, c)]
        if not spots:
            g.emit(FACTION, "LoR 13.3.2", "skip", "cannot scatter a warrior: no {suit} clearing takes one", suit=suit)
            continue
        c = ask(g, FACTION, "setup.scatter", "LoR 13.3.2", [Move("clearing", (c,), "LoR 13.3.2") for c in spots], f"scatter a warrior in which {suit} clearing").args[0]
        place_warriors(g, FACTION, c, 1, "LoR 13.3.2")


# -- the turn ----------------------------------------------------------------------------------------
def turn(g: Game) -> None:
    """The seat's turn (LoR 1.4.1)."""
    known_plots(g.state)
    t = TurnState()
    play_turn(g, FACTION, birdsong, lambda g: daylight(g, t), lambda g: evening(g, t))


def known_plots(state: GameState) -> None:
    """A seat played by legal moves must know its face-down plots: a position whose face-down
    plots are hidden (the table's board mode) cannot be played on by moves."""
    if board(state).known:
        return
    hidden = [c for c in CLEARINGS if P.has_plot(state, c) and c not in plots(state)]
    if hidden:
        raise EngineFailure(f"the Corvids' face-down plots in {hidden} have no recorded kind: a seat played by legal moves needs them (factions.corvids.plots_known)")
    board(state).known = True


def birdsong(g: Game) -> None:
    """LoR 13.4: Craft, Flip Plots, Recruit."""
    craft_step(g)
    flip_step(g)
    recruit(g)


def plot_pieces(state: GameState) -> dict[str, int]:
    """Crafting pieces: each plot token, face up or down, counts for its clearing's suit (LoR 13.2.1)."""
    pieces = dict.fromkeys(CRAFT_SUITS, 0)
    for c in CLEARINGS:
        if P.has_plot(state, c) and state.suit(c) in pieces:
            pieces[state.suit(c)] += 1
    return pieces


def craft_step(g: Game) -> None:
    """LoR 13.4.1: craft cards by activating plot tokens."""
    craft_while_wanted(g, FACTION, plot_pieces(g.state), "birdsong.craft", "LoR 13.4.1", "craft a card with your plot tokens?")


# -- flipping plots (LoR 13.4.2, 13.7) ----------------------------------------------------------------
def flippable(state: GameState) -> list[int]:
    """Face-down plots in clearings with a Corvid warrior (LoR 13.4.2)."""
    return [c for c in CLEARINGS if P.facedown_plot(state, c) and state.warriors(FACTION, c) > 0]


def flip_step(g: Game) -> None:
    """LoR 13.4.2: flip plots, one at a time, as many as the seat likes."""
    while True:
        spots = flippable(g.state)
        if not spots:
            return
        m = ask(g, FACTION, "birdsong.flip", "LoR 13.4.2", [*(Move("flip", (c,), "LoR 13.4.2") for c in spots), DONE], "flip a plot?")
        if m is DONE:
            return
        flip(g, m.args[0])


def flip(g: Game, c: int) -> None:
    """Turn the plot in ``c`` face up, score one VP per face-up plot on the map, then its flip
    effect: a bomb's (LoR 13.7.1) or an extortion's (LoR 13.7.3)."""
    s = g.state
    kind, _ = plots(s)[c]
    plots(s)[c] = (kind, True)
    g.emit(FACTION, "LoR 13.4.2", "flip", "flips the plot in {c}: {what}", c=c, what=P.named(kind), kind=kind)
    up = P.face_up(s)
    score(g, FACTION, up, "LoR 13.4.2", f"for flipping a plot: {up} face-up plot{'s' if up != 1 else ''} on the map")
    if kind == "bomb":
        bomb(g, c)
    elif kind == "extortion":
        extortion(g, c)
    elif kind == "snare":
        g.emit(FACTION, "LoR 13.7.2", "snare", "the snare in {c} is set: enemy pieces cannot be placed there or moved out of it", c=c)


def bomb(g: Game, c: int) -> None:
    """LoR 13.7.1: every enemy piece in ``c`` is removed (each bot only two, warriors first,
    11.8.1), then the bomb itself."""
    remove_all_enemy_pieces(g, FACTION, c, "LoR 13.7.1", bots_lose=BOMB_BOT_LOSSES)
    remove_piece(g, FACTION, c, "plot", "LoR 13.7.1")


def extortion(g: Game, c: int) -> None:
    """LoR 13.7.3: a random card from each enemy with pieces in ``c``; from a bot, which has no
    hand, the Corvids draw instead (2.8.1)."""
    s = g.state
    for f in s.turn_order:
        if f == FACTION or f not in s.clearings[c].factions_present() or not s.is_enemy(FACTION, f):
            continue
        fs = s.factions[f]
        if fs.is_bot:
            if draw_into_hand(g, FACTION):
                g.emit(FACTION, "2.8.1", "extortion", "extorts {victim} in {c}, a bot with no hand: draws a card instead", victim=f, c=c)
            continue
        if not fs.hand:
            g.emit(FACTION, "LoR 13.7.3", "extortion", "extorts {victim} in {c}, who holds no card", victim=f, c=c)
            continue
        cid = g.chance.pick(list(fs.hand), f"which card the Corvids take from {f} (extortion in {c})")
        fs.hand.remove(cid)
        s.factions[FACTION].hand.append(cid)
        g.emit(FACTION, "LoR 13.7.3", "extortion", "extorts {victim} in {c}: takes a random card", victim=f, c=c)


# -- recruit (LoR 13.4.3) ---------------------------------------------------------------------------
def recruit_spots(state: GameState, suit: str) -> list[int]:
    return [c for c in CLEARINGS if state.suit(c) == suit and may_place_in(state, FACTION, c)]


def recruit_suits(state: GameState) -> list[str]:
    """The suits whose clearings can take a recruited warrior now."""
    if state.factions[FACTION].supply.get("warrior", 0) <= 0:
        return []
    return [suit for suit in SUITS if recruit_spots(state, suit)]


def recruit(g: Game) -> None:
    """LoR 13.4.3: once, spend a card to place a warrior in each clearing of its suit (a bird:
    the seat names the suit)."""
    s = g.state
    suits = recruit_suits(s)
    deck = s.deckdef.cards
    cards = [cid for cid in s.factions[FACTION].hand if deck[cid].suit in suits or (suits and deck[cid].suit == "bird")]
    if not cards:
        return
    m = ask(g, FACTION, "birdsong.recruit", "LoR 13.4.3", [*card_moves(s, cards, "LoR 13.4.3"), DONE], "spend a card to recruit?")
    if m is DONE:
        return
    cid = m.args[0]
    suit = deck[cid].suit
    if suit == "bird":
        suit = ask(g, FACTION, "recruit.suit", "LoR 13.4.3", [Move("recruit_in", (x,), "LoR 13.4.3") for x in suits], "recruit in the clearings of which suit").args[0]
    spend(g, FACTION, cid, "LoR 13.4.3", f"to recruit in the {suit} clearings")
    place_one_each(g, recruit_spots(s, suit), "LoR 13.4.3")


def place_one_each(g: Game, spots: list[int], rule: str) -> None:
    """A warrior in each of ``spots``; with too few in supply the seat picks which (LoR 1.5.4)."""
    supply = g.state.factions[FACTION].supply
    spots = list(spots)
    while spots and supply.get("warrior", 0) > 0:
        if supply["warrior"] >= len(spots):
            for c in spots:
                place_warriors(g, FACTION, c, 1, rule)
            return
        c = ask(g, FACTION, "recruit.where", "LoR 1.5.4", [Move("clearing", (c,), "LoR 1.5.4") for c in spots], "too few warriors: which clearing gets one").args[0]
        spots.remove(c)
        place_warriors(g, FACTION, c, 1, rule)


# -- Daylight (LoR 13.5) -----------------------------------------------------------------------------
def plot_clearings(state: GameState, t: TurnState) -> list[int]:
    """LoR 13.5.2: clearings with no plot and enough Corvid warriors (one, plus one per plot
    placed this turn), where a plot may be placed; none without a plot in supply."""
    if state.factions[FACTION].supply.get("plot", 0) <= 0:
        return []
    need = 1 + t.plotted
    return [c for c in CLEARINGS if not P.has_plot(state, c) and state.warriors(FACTION, c) >= need and may_place_in(state, FACTION, c)]


def trick_groups(state: GameState) -> list[list[int]]:
    """LoR 13.5.4: the plots on the map by face, each group that holds two or more."""
    down = [c for c in CLEARINGS if P.facedown_plot(state, c)]
    up = [c for c in CLEARINGS if P.has_plot(state, c) and not P.facedown_plot(state, c)]
    return [group for group in (down, up) if len(group) >= 2]


def action_moves(state: GameState, t: TurnState, rule: str) -> list[Move]:
    """The actions the seat may take now, each with a legal way to finish."""
    out: list[Move] = []
    if can_take_move(state, FACTION):
        out.append(Move("move", (), rule))
    if plot_clearings(state, t):
        out.append(Move("plot", (), rule))
    if can_take_battle(state, FACTION):
        out.append(Move("battle", (), rule))
    if trick_groups(state):
        out.append(Move("trick", (), rule))
    return out


def daylight(g: Game, t: TurnState) -> None:
    """LoR 13.5: up to three actions in any order and number, and the free choices of Daylight."""
    daylight_start(g, FACTION)
    s = g.state
    left = ACTIONS
    used: set[str] = set()
    while True:
        actions = action_moves(s, t, "LoR 13.5") if left > 0 else []
        m = ask(g, FACTION, "daylight.action", "LoR 13.5", [*actions, *free_daylight_moves(s, FACTION, used), DONE], "take an action")
        if m is DONE:
            return
        if apply_free_daylight(g, FACTION, m, used):
            continue
        left -= 1
        take_action(g, m.kind, t)


def take_action(g: Game, kind: str, t: TurnState) -> None:
    if kind == "move":
        ask_move(g, FACTION, "LoR 13.5.1")
    elif kind == "plot":
        plot(g, t)
    elif kind == "battle":
        ask_battle(g, FACTION, "LoR 13.5.3")
    else:
        trick(g)


def plot(g: Game, t: TurnState) -> None:
    """LoR 13.5.2: a clearing, the plot's kind (from those in supply), then its warriors leave
    and the plot goes there face down."""
    s = g.state
    rule = "LoR 13.5.2"
    c = ask(g, FACTION, "plot.clearing", rule, [Move("clearing", (c,), rule) for c in plot_clearings(s, t)], "plot in which clearing").args[0]
    kinds = [k for k in PLOT_KINDS if k in P.supply_kinds(s)]
    kind = ask(g, FACTION, "plot.kind", rule, [Move("plot", (k,), rule) for k in kinds], f"which plot goes face down in {c}").args[0]
    remove_warriors(g, FACTION, c, 1 + t.plotted, rule)
    t.plotted += 1
    P.place_chosen(g, c, kind, rule)


def trick(g: Game) -> None:
    """LoR 13.5.4: swap two plots with the same face. Face-down plots stay unnamed."""
    s = g.state
    rule = "LoR 13.5.4"
    groups = trick_groups(s)
    firsts = sorted(c for group in groups for c in group)
    a = ask(g, FACTION, "trick.first", rule, [Move("clearing", (c,), rule) for c in firsts], "swap which plot").args[0]
    group = next(group for group in groups if a in group)
    b = ask(g, FACTION, "trick.second", rule, [Move("clearing", (c,), rule) for c in group if c != a], f"swap the plot in {a} with which").args[0]
    p = plots(s)
    p[a], p[b] = p[b], p[a]
    face = "face-up" if p[a][1] else "face-down"
    g.emit(FACTION, rule, "trick", "swaps its {face} plots in {a} and {b}", face=face, a=a, b=b)


# -- Evening (LoR 13.6) ------------------------------------------------------------------------------
def evening(g: Game, t: TurnState) -> None:
    """LoR 13.6: Exert (one more action instead of drawing), then the draw: one card plus one per
    face-up extortion, and the hand limit. Exerting, the seat still discards down to five
    (ruling R-LOR-CORVIDS-EXERT)."""
    evening_start(g, FACTION)
    s = g.state
    actions = action_moves(s, t, "LoR 13.6.1")
    if actions:
        m = ask(g, FACTION, "evening.exert", "LoR 13.6.1", [*actions, DONE], "Exert: one more action, and draw no card this Evening?")
        if m is not DONE:
            g.emit(FACTION, "LoR 13.6.1", "exert", "exerts: takes one more action and draws no card this Evening")
            take_action(g, m.kind, t)
            discard_down(g, FACTION, "LoR 13.6.2")
            return
    draw_and_discard(g, FACTION, 1 + P.face_up(s, "extortion"), "LoR 13.6.2")


SECRET_STEPS["plot.kind"] = PLOT_KINDS  # the kind of a face-down plot (LoR 13.2.2.1)
MOVE_TEXT["flip"] = lambda m: f"flip the plot in clearing {m.args[0]}"
MOVE_TEXT["trick"] = lambda m: "Trick: swap two plots with the same face"
MOVE_TEXT["recruit_in"] = lambda m: f"the {m.args[0]} clearings"
