"""Cogwheel Corvids (Law of Robotics section 11).

The plots themselves (kinds, flipping, bombs, extortion, raids) live in ``plots.py``; the rules
other players meet are the faction's hooks (``faction.py``): Nimble (11.2.1), Embedded Agents
(11.2.2), snares (11.7.2, 11.8.2, called from ``rules.snare_stops``); bombs against bots (11.8.1)
go through ``rules.remove_all_enemy_pieces``. This module is the bot's turn.
"""

from __future__ import annotations

from typing import Any, cast

from . import plots as P
from ...core import rules as R
from ...core.battle import battle
from ...core.context import Game
from ...core.maps import CLEARINGS, SUITS
from ...core.state import GameState
from ...core.bot import enemies_in, victory_points
from ...core.bot import difficulty, has_trait
from ...core.targeting import LOWEST, choose_clearing, choose_player, fewest, in_priority_order, most

FACTION = "corvids"
RECRUIT_WARRIORS = {"easy": 1, "default": 2, "challenging": 3, "nightmare": 3}  # 11.4.3 by difficulty (3.3.1)
RECRUIT_CLEARINGS = 2  # 11.4.3
BATTLE_WARRIORS = 2  # 11.5.1
STAY_BEHIND = 2  # 11.5.2
THICKEN_WARRIORS = 3  # 11.5.4
KEEP_FORBIDS = "the keep is there: only the Marquise may place pieces there, 4.2.1"


class CogwheelCorvids:
    faction = FACTION

    # -- 11.3 setup --------------------------------------------------------------------------
    def setup(self, g: Game) -> None:
        gather_warriors_and_plots(g)
        scatter(g)

    # -- 11.4 Birdsong -----------------------------------------------------------------------
    def birdsong(self, g: Game) -> None:
        R.reveal_order(g, FACTION, "11.4.1")
        R.craft_order(g, FACTION, "11.4.2")
        recruit(g)
        flip_plots(g)

    # -- 11.5 Daylight -----------------------------------------------------------------------
    def daylight(self, g: Game) -> None:
        battle_step(g)
        move(g)
        plot(g)
        if has_trait(g.state, FACTION, "mastermind"):
            plot(g, "Mastermind (3.3.2): plots a second time")
        the_plot_thickens(g, "11.5.4")

    # -- 11.6 Evening ------------------------------------------------------------------------
    def evening(self, g: Game) -> None:
        score_extortion(g)
        R.discard_order(g, FACTION, "11.6.2")
        nightmare_point(g)


def placeable(s: GameState, c: int) -> str | None:
    return None if R.may_place_in(s, FACTION, c) else KEEP_FORBIDS


# -- 11.3 setup ---------------------------------------------------------------------------------
def gather_warriors_and_plots(g: Game) -> None:
    """11.3.1: 15 warriors and 8 plot tokens, face down, in supply."""
    fs = g.state.factions[FACTION]
    g.emit(FACTION, "11.3.1", "setup", "forms supplies of {w} warriors and {p} facedown plot tokens", w=fs.supply["warrior"], p=fs.supply["plot"])


def scatter(g: Game) -> None:
    """11.3.2 Scatter: one warrior in the lowest-priority clearing of each suit."""
    s = g.state
    for suit in SUITS:
        choice = choose_clearing(s, f"where to scatter a warrior ({suit} clearings)", [c for c in CLEARINGS if s.suits[c] == suit], priority=LOWEST, legal=lambda c: placeable(s, c))
        if choice.target is not None:
            R.place_warriors(g, FACTION, choice.target, 1, "11.3.2", why=choice.explain)


# -- 11.4.3 Recruit -----------------------------------------------------------------------------
def recruit(g: Game) -> None:
    """11.4.3: two (by difficulty, 3.3.1) warriors in each of two ordered clearings, chosen one at
    a time: no plot first, then most Corvid warriors (I). An empty supply sets off The Plot
    Thickens before the rest is placed (II). Ruling R-CORVID-RECRUIT."""
    s = g.state
    suit = R.order_suit(s, FACTION)
    n = RECRUIT_WARRIORS[difficulty(s, FACTION)]
    among = "any suit, the order is a bird" if suit == "bird" else suit
    chosen: list[int] = []
    for _ in range(RECRUIT_CLEARINGS):
        if not _warriors_to_place(g):
            return
        choice = choose_clearing(
            s,
            f"where to recruit ({among} clearings)",
            [c for c in CLEARINGS if R.matches(suit, s.suit(c)) and c not in chosen],
            [
                fewest("fewest plot tokens", lambda c: 1 if P.has_plot(s, c) else 0, "11.4.3 I"),
                most("most Corvid warriors", lambda c: s.warriors(FACTION, c), "11.4.3 I"),
            ],
            legal=lambda c: placeable(s, c),
        )
        if choice.target is None:
            g.emit(FACTION, "11.4.3", "skip", "cannot recruit: no ordered clearing takes its warriors", why=choice.explain)
            return
        chosen.append(choice.target)
        left = n
        while left > 0 and _warriors_to_place(g):
            placed = R.place_warriors(g, FACTION, choice.target, left, "11.4.3", why=choice.explain)
            if not placed:
                break
            left -= placed


def _warriors_to_place(g: Game) -> bool:
    """11.4.3 II: with none in supply, The Plot Thickens at once; whether a warrior is now there."""
    fs = g.state.factions[FACTION]
    if fs.supply.get("warrior", 0) > 0:
        return True
    g.emit(FACTION, "11.4.3 II", "supply_empty", "has no warriors left to recruit: The Plot Thickens at once")
    the_plot_thickens(g, "11.4.3 II")
    if fs.supply.get("warrior", 0) > 0:
        return True
    g.emit(FACTION, "11.4.3 II", "skip", "still has no warrior in supply: the rest of the recruit is not placed")
    return False


# -- 11.4.4 Flip Plots --------------------------------------------------------------------------
def flip_plots(g: Game) -> None:
    """11.4.4: flip each facedown plot, highest priority first (2.4), scoring and resolving each."""
    s = g.state
    down = in_priority_order(s, [c for c in P.plot_map(s) if P.facedown_plot(s, c)])
    if not down:
        g.emit(FACTION, "11.4.4", "skip", "has no facedown plot to flip")
    for c in down:
        if P.facedown_plot(s, c):
            if not gamble(g, c):
                P.flip(g, c, "11.4.4")


# -- 11.5 Daylight ------------------------------------------------------------------------------
def ordered(s: GameState) -> list[int]:
    suit = R.order_suit(s, FACTION)
    return [c for c in CLEARINGS if R.matches(suit, s.suit(c))]


def battle_step(g: Game) -> None:
    """11.5.1: battle in each ordered clearing with two or more Corvid warriors (2.4), against
    the enemy with the most buildings and tokens there, then the most VP (I), then setup order."""
    s = g.state
    fought = False
    for c in in_priority_order(s, ordered(s)):
        if s.warriors(FACTION, c) < BATTLE_WARRIORS:
            continue
        enemies = enemies_in(s, FACTION, c)
        if not enemies:
            continue
        cl = s.clearings[c]
        choice = choose_player(
            s,
            f"whom to battle in {c}",
            enemies,
            [
                most("most buildings and tokens there", lambda f: cl.buildings_of(f) + cl.tokens_of(f), "11.5.1 I"),
                most("most victory points", victory_points(s), "11.5.1 I"),
            ],
        )
        assert choice.target is not None
        battle(g, FACTION, choice.target, c, "11.5.1", why=choice.explain)
        fought = True
    if not fought:
        g.emit(FACTION, "11.5.1", "skip", "does not battle: no ordered clearing has two or more Corvid warriors and an enemy")


def move(g: Game) -> None:
    """11.5.2: from each ordered clearing with a face-up plot, all but two Corvid warriors move to
    the adjacent clearing with no plot and the most Corvid warriors (I); with a plot in every
    adjacent clearing, to the adjacent clearing of lowest priority (II)."""
    s = g.state
    moved = False
    for c in in_priority_order(s, [c for c in ordered(s) if P.plot_map(s).get(c, ("", False))[1]]):
        n = s.warriors(FACTION, c) - STAY_BEHIND
        if n <= 0:
            continue
        near = R.move_destinations(s, FACTION, c)
        free = [d for d in near if not P.has_plot(s, d)]
        if free:
            dest = choose_clearing(s, f"where to move from {c} (adjacent clearings with no plot)", free, [most("most Corvid warriors", lambda d: s.warriors(FACTION, d), "11.5.2 I")])
            rule = "11.5.2"
        else:
            dest = choose_clearing(s, f"where to move from {c} (every adjacent clearing has a plot)", near, priority=LOWEST)
            rule = "11.5.2 II"
        if dest.target is not None and R.move_warriors(g, FACTION, c, dest.target, n, rule, why=dest.explain):
            moved = True
    if not moved:
        g.emit(FACTION, "11.5.2", "skip", "does not move: no ordered clearing with a face-up plot has three or more Corvid warriors")


def plot(g: Game, occasion: str = "") -> None:
    """11.5.3: in the ordered clearing with no plot and the most Corvid warriors, one warrior
    leaves to place a random facedown plot. A clearing needs a warrior to remove (ruling R-PLOT)."""
    s = g.state
    if s.factions[FACTION].supply.get("plot", 0) == 0:
        g.emit(FACTION, "11.5.3", "skip", "does not plot: no plot token left in supply")
        return
    choice = choose_clearing(
        s,
        "where to plot (ordered clearings with no plot and a Corvid warrior)",
        [c for c in ordered(s) if not P.has_plot(s, c) and s.warriors(FACTION, c) > 0],
        [most("most Corvid warriors", lambda c: s.warriors(FACTION, c), "11.5.3")],
        legal=lambda c: placeable(s, c),
    )
    if choice.target is None:
        g.emit(FACTION, "11.5.3", "skip", "does not plot: no ordered clearing without a plot has a Corvid warrior", why=choice.explain)
        return
    _hatch(g, choice.target, "11.5.3", choice.explain if not occasion else (lambda: f"{occasion}; {choice.explain()}"))


def the_plot_thickens(g: Game, rule: str) -> bool:
    """11.5.4 (and 11.4.3 II): in the clearing with no plot and three or more Corvid warriors,
    the most first (I), one warrior leaves to place a random facedown plot. Returns whether it did."""
    s = g.state
    if s.factions[FACTION].supply.get("plot", 0) == 0:
        g.emit(FACTION, rule, "skip", "The Plot Thickens: no plot token left in supply")
        return False
    candidates = [c for c in CLEARINGS if not P.has_plot(s, c) and s.warriors(FACTION, c) >= THICKEN_WARRIORS]
    if not candidates:
        g.emit(FACTION, rule, "skip", "The Plot Thickens: no clearing without a plot has three or more Corvid warriors")
        return False
    choice = choose_clearing(
        s,
        "where the plot thickens (clearings with no plot and three or more Corvid warriors)",
        candidates,
        [most("most Corvid warriors", lambda c: s.warriors(FACTION, c), "11.5.4 I")],
        legal=lambda c: placeable(s, c),
    )
    if choice.target is None:
        g.emit(FACTION, rule, "skip", "The Plot Thickens: no such clearing can take a plot", why=choice.explain)
        return False
    _hatch(g, choice.target, rule, choice.explain)
    return True


def _hatch(g: Game, c: int, rule: str, why) -> None:
    """Remove one Corvid warrior in ``c`` to place a random facedown plot there."""
    R.remove_warriors(g, FACTION, c, 1, rule)
    P.place_plot(g, c, rule, why)


# -- 11.6 Evening -------------------------------------------------------------------------------
def score_extortion(g: Game) -> None:
    """11.6.1: one VP per face-up extortion plot on the map."""
    n = P.face_up(g.state, "extortion")
    if n:
        R.score(g, FACTION, n, "11.6.1", f"for {n} face-up extortion plot{'s' if n > 1 else ''} on the map")
    else:
        g.emit(FACTION, "11.6.1", "score", "scores nothing: no face-up extortion plot on the map")


# -- difficulty and traits (3.3) ------------------------------------------------------------------
def nightmare_point(g: Game) -> None:
    """Nightmare (3.3.1): one VP at the end of Evening (ruling R-DIFF-CORVIDS)."""
    if difficulty(g.state, FACTION) == "nightmare":
        R.score(g, FACTION, 1, "3.3.1", "at the end of Evening (nightmare difficulty)")


def gamble(g: Game, c: int) -> bool:
    """Gamble (3.3.2): before a plot flips, the human with the most pieces in ``c`` (setup order on
    ties) guesses its kind. Right: it flips and scores without its effect, then is removed (the
    guesser removes it and scores 1 VP). Wrong: the Corvids score 1 VP and it flips as usual.
    Returns whether the flip was handled here (a right guess)."""
    s = g.state
    if not has_trait(s, FACTION, "gamble"):
        return False
    humans = [f for f in enemies_in(s, FACTION, c) if not s.factions[f].is_bot]
    if not humans:
        return False
    cl = s.clearings[c]
    who = choose_player(s, f"who guesses the plot in {c}", humans, [most("most pieces there", cl.pieces_of, "Gamble, 3.3.2")])
    assert who.target is not None
    guesser = who.target
    controller: Any = g.controller(guesser)  # a human's: it answers the Corvids' requests (Gamble)
    guess = controller.guess_plot(g, guesser, c)
    kind, _ = P.plot_map(s)[c]
    g.emit(guesser, "3.3.2", "gamble", "Gamble: guesses the plot in {c} is {what}", who.explain, c=c, what=P.named(guess), guess=guess)
    if guess != kind:
        R.score(g, FACTION, 1, "3.3.2", f"Gamble: {guesser} guessed wrong")
        return False
    plots = cast(P.CorvidsBoard, s.factions[FACTION].board).plots
    assert plots is not None
    plots[c] = (kind, True)
    g.emit(FACTION, "11.4.4", "flip", "flips the plot in {c}: {what} (guessed right: no effect)", c=c, what=P.named(kind), kind=kind)
    up = P.face_up(s)
    R.score(g, FACTION, up, "11.4.4", f"for flipping a plot: {up} face-up plot{'s' if up != 1 else ''} on the map")
    R.remove_piece(g, FACTION, c, "plot", "3.3.2", by=guesser, why=lambda: f"Gamble: {guesser} guessed it and removes it")
    return True
