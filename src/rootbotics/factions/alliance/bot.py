"""Automated Alliance (Law of Robotics section 6).

The faction rules that other players set off are the faction's hooks (``faction.py``): Automated
Ambush (6.2.2), Automated Outrage (6.2.3), Crackdown (6.2.4) and a human Alliance's Outrage.
This module is the bot's own turn, and the sympathy track with Martial Law.
"""

from __future__ import annotations

from collections.abc import Callable

from ...core import rules as R
from ...core.context import Game
from .board import BASES
from ...core.maps import CLEARINGS
from ...core.state import GameState
from ...core.bot import difficulty, has_trait
from ...core.targeting import Choice, choose_clearing, fewest, in_priority_order, most

FACTION = "alliance"
# VP on the Sympathy track for the space each placed token reveals, 1st token to 10th (6.5.1).
SYMPATHY_VP = (0, 1, 1, 1, 1, 2, 2, 3, 3, 4)
CANNOT_SPREAD_VP = 5  # 6.5.1 II
POPULAR = 5  # 6.4.4: with this many tokens on the map, Public Pity spreads once, not twice
MARTIAL_LAW_WARRIORS = 3  # 6.2.5
ORGANIZE_WARRIORS = {"easy": 4, "default": 3, "challenging": 2, "nightmare": 2}  # 6.6.1 by difficulty (3.3.1)
KEEP_FORBIDS = "the keep is there: only the Marquise may place pieces there, 4.2.1"


class AutomatedAlliance:
    faction = FACTION

    # -- 6.3 setup ---------------------------------------------------------------------------
    def setup(self, g: Game) -> None:
        gather_warriors(g)
        place_bases(g)
        fill_sympathy_track(g)

    # -- 6.4 Birdsong ------------------------------------------------------------------------
    def birdsong(self, g: Game) -> None:
        R.reveal_order(g, FACTION, "6.4.1")
        R.craft_order(g, FACTION, "6.4.2")
        if not revolt(g) and not steadfast_skips_pity(g):
            public_pity(g)

    # -- 6.5 Daylight ------------------------------------------------------------------------
    def daylight(self, g: Game) -> None:
        spread_sympathy(g, "Daylight (6.5.1)")
        if not steadfast_skips_revolt(g):
            surprise_revolt(g)

    # -- 6.6 Evening -------------------------------------------------------------------------
    def evening(self, g: Game) -> None:
        organize(g)
        recruit(g)
        wildfire(g)
        R.discard_order(g, FACTION, "6.6.3")
        nightmare_point(g)


# -- setup steps ------------------------------------------------------------------------------
def gather_warriors(g: Game) -> None:
    """6.3.1: a supply of 10 warriors."""
    g.emit(FACTION, "6.3.1", "setup", "forms a supply of {n} warriors", n=g.state.factions[FACTION].supply["warrior"])


def place_bases(g: Game) -> None:
    """6.3.2: the three bases wait in the Bases box (the supply)."""
    g.emit(FACTION, "6.3.2", "setup", "places its fox, rabbit and mouse bases in its Bases box")


def fill_sympathy_track(g: Game) -> None:
    """6.3.3: the ten sympathy tokens fill the Sympathy track (the supply)."""
    g.emit(FACTION, "6.3.3", "setup", "fills its Sympathy track with {n} sympathy tokens", n=g.state.factions[FACTION].supply["sympathy"])


# -- sympathy (6.2.1, 6.2.5) -------------------------------------------------------------------
def sympathetic(s: GameState, c: int) -> bool:
    """6.2.1 II: a clearing with a sympathy token."""
    return (FACTION, "sympathy") in s.clearings[c].tokens


def sympathy_on_map(s: GameState) -> int:
    return s.on_map(FACTION, "sympathy")


def sympathy_vp(placed: int) -> int:
    """VP on the Sympathy-track space revealed by the ``placed``-th token on the map (6.5.1)."""
    return SYMPATHY_VP[placed - 1]


def martial_law(s: GameState, c: int) -> str | None:
    """6.2.5: the enemy with three or more warriors in ``c``, if any."""
    for f, n in sorted(s.clearings[c].warriors.items()):
        if f != FACTION and n >= MARTIAL_LAW_WARRIORS:
            return f
    return None


def placement_blocked(s: GameState, c: int) -> str | None:
    """Why a sympathy token cannot go in ``c`` (one per clearing, 6.2.1 I; the keep, 4.2.1)."""
    if sympathetic(s, c):
        return "already sympathetic (6.2.1 I)"
    if not R.may_place_in(s, FACTION, c):
        return KEEP_FORBIDS
    return None


# -- 6.5.1 Spread Sympathy ------------------------------------------------------------------------
def spread_target(s: GameState, suit: str) -> Choice:
    """6.5.1: an ordered unsympathetic clearing adjacent to sympathy, with the fewest enemy
    warriors; then highest priority (2.1), skipping clearings where it may not place (2.3)."""
    near = {d for c in CLEARINGS if sympathetic(s, c) for d in s.map.adjacent[c]}
    candidates = [c for c in CLEARINGS if c in near and not sympathetic(s, c) and R.matches(suit, s.suit(c))]
    among = "any suit, the order is a bird" if suit == "bird" else suit
    return choose_clearing(
        s,
        f"where to spread sympathy (unsympathetic clearings next to sympathy; {among})",
        candidates,
        [fewest("fewest enemy warriors", lambda c: s.enemy_warriors(FACTION, c), "6.5.1")],
        legal=lambda c: placement_blocked(s, c),
    )


def fallback_target(s: GameState) -> Choice:
    """6.5.1 I: with no such clearing to target, the unsympathetic clearing with the fewest enemy
    pieces (any suit); then highest priority."""
    return choose_clearing(
        s,
        "no such clearing, so where to place sympathy (6.5.1 I: every unsympathetic clearing)",
        [c for c in CLEARINGS if not sympathetic(s, c)],
        [fewest("fewest enemy pieces", lambda c: s.enemy_pieces(FACTION, c), "6.5.1 I")],
        legal=lambda c: placement_blocked(s, c),
    )


def spread_sympathy(g: Game, occasion: str, scoring: bool = True) -> int | None:
    """6.5.1: place a sympathy token (6.5.1 I when no such clearing can be targeted) and score the
    space it reveals, one fewer under Martial Law; 6.5.1 II: 5 VP when no token can be placed.
    ``occasion`` names the step spreading (Public Pity, Daylight, Organize); without ``scoring``
    (Wildfire) nothing is scored either way. Returns the clearing."""
    s = g.state
    if s.factions[FACTION].supply.get("sympathy", 0) == 0:
        cannot_spread(g, occasion, "its Sympathy track is empty", scoring)
        return None
    first = spread_target(s, R.order_suit(s, FACTION))
    rule, target, explain = "6.5.1", first.target, first.explain
    if target is None:
        second = fallback_target(s)
        if second.target is None:
            cannot_spread(g, occasion, "no clearing can take a sympathy token", scoring)
            return None

        def explain() -> str:
            return f"{first.explain()}; {second.explain()}"

        rule, target = "6.5.1 I", second.target
    if not R.place_token(g, FACTION, target, "sympathy", rule, why=lambda: f"{occasion}: {explain()}"):
        return None  # a Corvid snare was removed instead (11.8.2): nothing placed, nothing scored
    if scoring:
        score_sympathy(g, target)
    else:
        g.emit(FACTION, "3.3.2", "score", "scores nothing for this token ({occasion})", occasion=occasion)
    return target


def score_sympathy(g: Game, c: int) -> None:
    """6.5.1 with 6.2.5: the VP on the revealed space, one fewer (never below zero) if one enemy
    has three or more warriors where the token went."""
    s = g.state
    placed = sympathy_on_map(s)
    vp = sympathy_vp(placed)
    enemy = None if has_trait(s, FACTION, "steadfast") else martial_law(s, c)  # Steadfast ignores Martial Law
    reason = f"for its sympathy token number {placed} on the map"
    if enemy is not None:
        vp = max(vp - 1, 0)
        reason += f", one fewer under Martial Law (6.2.5: {enemy} has {s.warriors(enemy, c)} warriors in {c})"
    if vp:
        R.score(g, FACTION, vp, "6.5.1", reason)
    else:
        g.emit(FACTION, "6.5.1", "score", "scores nothing {reason}", reason=reason)


def cannot_spread(g: Game, occasion: str, reason: str, scoring: bool = True) -> None:
    """6.5.1 II: unable to place a sympathy token, score 5 VP (nothing for Wildfire's spread)."""
    g.emit(FACTION, "6.5.1 II", "cannot_spread", "{occasion}: cannot spread sympathy: {reason}", occasion=occasion, reason=reason)
    if scoring:
        R.score(g, FACTION, CANNOT_SPREAD_VP, "6.5.1 II", "for being unable to spread sympathy")
    else:
        g.emit(FACTION, "3.3.2", "score", "scores nothing ({occasion})", occasion=occasion)


# -- revolts (6.4.3, 6.5.2) -----------------------------------------------------------------------
def base_room(s: GameState, c: int) -> str | None:
    """Once every enemy piece is gone from ``c``, can a base stand there (a free slot)?"""
    cl = s.clearings[c]
    room = s.map.slots[c] - (1 if cl.ruin else 0) - len(cl.slot_items) - cl.buildings_of(FACTION)
    if room <= 0:
        if cl.slot_items and s.map.slots[c] - (1 if cl.ruin else 0) - cl.buildings_of(FACTION) > 0:
            covered = " and ".join(cl.slot_items)
            slot = "slot is" if s.map.slots[c] - (1 if cl.ruin else 0) == 1 else "free slots are"
            return f"its building {slot} covered by the Vagabot's {covered}"  # Scoundrel, 7.7.5
        return "no building slot would be free for a base"
    return None


def bases_in_box(s: GameState) -> list[str]:
    """Suits whose base is on the faction board (not on the map)."""
    return [suit for suit, base in BASES.items() if s.factions[FACTION].supply.get(base, 0) > 0]


def rise_up(g: Game, c: int, rule: str, why: Callable[[], str]) -> None:
    """Remove all enemy pieces from ``c`` (scoring their buildings and tokens), then place the
    base of ``c``'s suit there."""
    s = g.state
    g.emit(FACTION, rule, "revolt", "revolts in {c}", why, c=c)
    R.remove_all_enemy_pieces(g, FACTION, c, rule)
    R.place_building(g, FACTION, c, BASES[s.suit(c)], rule)


def revolt(g: Game) -> bool:
    """6.4.3: unless the order is a bird or the ordered base is on the map, revolt in the ordered
    sympathetic clearing with the most enemy pieces (highest priority on ties). Returns True if
    it revolted. The three reasons a revolt fails ("What can stop a revolt?") are logged."""
    s = g.state
    suit = R.order_suit(s, FACTION)
    if suit == "bird":
        g.emit(FACTION, "6.4.3", "no_revolt", "does not revolt: the order card is a bird")
        return False
    if suit not in bases_in_box(s):
        g.emit(FACTION, "6.4.3", "no_revolt", "does not revolt: its {suit} base is already on the map", suit=suit)
        return False
    candidates = [c for c in CLEARINGS if sympathetic(s, c) and s.suit(c) == suit]
    if not candidates:
        g.emit(FACTION, "6.4.3", "no_revolt", "does not revolt: no {suit} clearing is sympathetic", suit=suit)
        return False
    choice = choose_clearing(
        s,
        f"where to revolt (sympathetic {suit} clearings)",
        candidates,
        [most("most enemy pieces", lambda c: s.enemy_pieces(FACTION, c), "6.4.3")],
        legal=lambda c: base_room(s, c),
    )
    if choice.target is None:
        g.emit(FACTION, "6.4.3", "no_revolt", "does not revolt: no sympathetic {suit} clearing can take its {suit} base", why=choice.explain, suit=suit)
        return False
    rise_up(g, choice.target, "6.4.3", choice.explain)
    return True


def public_pity(g: Game) -> None:
    """6.4.4: with no revolt this Birdsong, spread sympathy twice with zero to four tokens on the
    map, once with five or more."""
    s = g.state
    n = sympathy_on_map(s)
    times = 1 if n >= POPULAR else 2
    if has_trait(s, FACTION, "steadfast"):
        s.turn_steps.append("public_pity")  # Steadfast: no Surprise Revolt after it this turn
    g.emit(FACTION, "6.4.4", "public_pity", "Public Pity: no revolt, {n} sympathy token{pl} on the map, so it spreads sympathy {times}", n=n, pl="" if n == 1 else "s", times="once" if times == 1 else "twice")
    for i in range(times):
        spread_sympathy(g, f"Public Pity (6.4.4), {'first' if i == 0 else 'second'} spread")


def surprise_target(s: GameState) -> Choice:
    """6.5.2: the sympathetic clearing with the most enemy pieces whose suit's base is on the
    faction board (highest priority on ties), where a base would have room."""
    free = bases_in_box(s)
    return choose_clearing(
        s,
        f"where to revolt by surprise (sympathetic clearings matching a base in its box: {', '.join(free) or 'none'})",
        [c for c in CLEARINGS if sympathetic(s, c) and s.suit(c) in free],
        [most("most enemy pieces", lambda c: s.enemy_pieces(FACTION, c), "6.5.2")],
        legal=lambda c: base_room(s, c),
    )


def surprise_revolt(g: Game) -> bool:
    """6.5.2: on a bird order, revolt by surprise (:func:`surprise_target`)."""
    s = g.state
    if R.order_suit(s, FACTION) != "bird":
        return False
    choice = surprise_target(s)
    if choice.target is None:
        g.emit(FACTION, "6.5.2", "no_revolt", "makes no surprise revolt: no sympathetic clearing matches a base in its box", why=choice.explain)
        return False
    rise_up(g, choice.target, "6.5.2", choice.explain)
    return True


# -- Evening --------------------------------------------------------------------------------------
def has_base(s: GameState, c: int) -> bool:
    return any(f == FACTION and k in BASES.values() for f, k in s.clearings[c].buildings)


def organize(g: Game) -> None:
    """6.6.1: in each clearing with a base and three or more Alliance warriors (highest priority
    first, 2.4), remove those warriors, then spread sympathy. Easy difficulty needs four warriors,
    challenging and nightmare two (3.3.1)."""
    s = g.state
    if R.has_no_order(g, FACTION, "6.6.1", "does not organize (its spread follows the order)"):
        return
    level = difficulty(s, FACTION)
    need = ORGANIZE_WARRIORS[level]
    for c in in_priority_order(s, [c for c in CLEARINGS if has_base(s, c)]):
        n = s.warriors(FACTION, c)
        if n < need:
            continue
        note = "" if level == "default" else f" ({level} difficulty: {need} or more, 3.3.1)"
        g.emit(FACTION, "6.6.1", "organize", "organizes in {c}: its {n} warriors there leave the map{note}", c=c, n=n, note=note)
        R.remove_warriors(g, FACTION, c, n, "6.6.1")
        spread_sympathy(g, f"Organize in {c} (6.6.1)")


def recruit(g: Game) -> None:
    """6.6.2: one warrior in each clearing with a base."""
    s = g.state
    bases = in_priority_order(s, [c for c in CLEARINGS if has_base(s, c)])
    if not bases:
        g.emit(FACTION, "6.6.2", "skip", "does not recruit: no base on the map")
        return
    for c in bases:
        R.place_warriors(g, FACTION, c, 1, "6.6.2", why=lambda: "one warrior in each clearing with a base")


# -- difficulty and traits (3.3) ------------------------------------------------------------------
def wildfire(g: Game) -> None:
    """Wildfire (3.3.2): after Recruit, spread sympathy once more, scoring nothing for it. It comes
    before the order card is discarded, since the spread follows the order (ruling R-TRAIT-WILDFIRE)."""
    if has_trait(g.state, FACTION, "wildfire") and not R.has_no_order(g, FACTION, "3.3.2", "Wildfire spreads no sympathy (the spread follows the order)"):
        spread_sympathy(g, "Wildfire (3.3.2)", scoring=False)


def steadfast_skips_pity(g: Game) -> bool:
    """Steadfast (3.3.2): no Public Pity when a Surprise Revolt will come this turn: a bird order
    and a clearing to revolt in now (spreading sympathy in Daylight takes none away; ruling
    R-TRAIT-STEADFAST)."""
    s = g.state
    if not has_trait(s, FACTION, "steadfast") or R.order_suit(s, FACTION) != "bird":
        return False
    choice = surprise_target(s)
    if choice.target is None:
        return False
    g.emit(FACTION, "3.3.2", "skip", "skips Public Pity by Steadfast: a Surprise Revolt will come this turn, in {c}", why=choice.explain, c=choice.target)
    return True


def steadfast_skips_revolt(g: Game) -> bool:
    """Steadfast (3.3.2): only one of Public Pity and Surprise Revolt a turn, so no Surprise
    Revolt after Public Pity (ruling R-TRAIT-STEADFAST)."""
    s = g.state
    if not has_trait(s, FACTION, "steadfast") or R.order_suit(s, FACTION) != "bird":
        return False
    if "public_pity" not in s.turn_steps:
        return False
    g.emit(FACTION, "3.3.2", "skip", "makes no Surprise Revolt by Steadfast: it took Public Pity this turn")
    return True


def nightmare_point(g: Game) -> None:
    """Nightmare (3.3.1): one VP at the end of Evening."""
    if difficulty(g.state, FACTION) == "nightmare":
        R.score(g, FACTION, 1, "3.3.1", "at the end of Evening (nightmare difficulty)")
