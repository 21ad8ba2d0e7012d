"""Automated Alliance of the Better Bot Project v5 (fan-made, ``alliance@bbp``).

A second rule set beside the Law's bot (``bot.py``); nothing here is shared with it. Rule numbers
are the paragraphs of the text as docs/bbp-coverage.md numbers them ("BBP AA.6" is Daylight's
sympathy); rulings ``R-BBP-...`` are in docs/rulings.md. Each turn it revolts or places sympathy
once or twice in Birdsong, places one more in Daylight, and organizes and recruits at its bases in
Evening (BBP AA.1). Automated Ambush and Automated Outrage (BBP AA.3, AA.4) are the faction's
hooks (``faction.py``), which cite these paragraphs for a BBP seat; Crackdown is not in this text.
"""

from __future__ import annotations

from collections.abc import Callable

from ...core import rules as R
from ...core.context import Game
from ...core.maps import CLEARINGS
from ...core.state import GameState
from ...core.targeting import HIGHEST, LOWEST, Choice, choose_clearing, fewest, in_priority_order, most
from .board import BASES
from .sympathy_track import sympathy_track

FACTION = "alliance"
EMPTY_TRACK_VP = 5  # BBP AA.6
TWICE_UP_TO = 4  # BBP AA.5: with 4 or fewer tokens placed, sympathy twice instead of a revolt
CROWD = 3  # BBP AA.6: clearings with 3 warriors of one opponent are avoided
ORGANIZE_AT = 3  # BBP AA.7


class BetterAlliance:
    """The Better Bot Project's Automated Alliance: setup, Birdsong, Daylight, Evening."""

    faction = FACTION

    def setup(self, g: Game) -> None:
        """Ruling R-BBP-AA-SETUP: the standard game's setup leaves nothing on the map."""
        fs = g.state.factions[FACTION]
        g.emit(FACTION, "BBP 2.1", "setup", "keeps {n} warriors, its three bases and its sympathy track off the map (ruling R-BBP-AA-SETUP)", n=fs.supply["warrior"])

    def birdsong(self, g: Game) -> None:
        """BBP AA.2, AA.5: reveal the order, craft its item for 1 VP; revolt, or place sympathy
        once or twice. On a bird order the revolt waits for the end of Daylight (BBP AA.8)."""
        R.reveal_order(g, FACTION, "BBP AA.2")
        craft_shown_item(g)
        if R.order_suit(g.state, FACTION) == "bird":
            g.emit(FACTION, "BBP AA.8", "no_revolt", "does not revolt yet: on a bird order the revolt comes at the end of Daylight")
            return
        revolt_or_sympathy(g, "BBP AA.5")

    def daylight(self, g: Game) -> None:
        """BBP AA.6: place one sympathy; on a bird order, then revolt (BBP AA.8)."""
        place_sympathy(g, "Daylight (BBP AA.6)")
        if R.order_suit(g.state, FACTION) == "bird":
            revolt_or_sympathy(g, "BBP AA.8")

    def evening(self, g: Game) -> None:
        """BBP AA.7: organize at bases with three warriors, recruit at each base, discard the order."""
        organize(g)
        recruit(g)
        R.discard_order(g, FACTION, "BBP AA.7")


# -- Birdsong (BBP AA.2) --------------------------------------------------------------------------
def craft_shown_item(g: Game) -> bool:
    """BBP AA.2: an item the order card shows, left in the supply, is gained for 1 VP whatever the card lists."""
    return R.craft_order(g, FACTION, "BBP AA.2", "BBP AA.2", "BBP AA.2", "; the card stays its order card", "always 1; the card lists")


# -- sympathy (BBP AA.6, AA.8) --------------------------------------------------------------------
def sympathetic(s: GameState, c: int) -> bool:
    return (FACTION, "sympathy") in s.clearings[c].tokens


def crowded(s: GameState, c: int) -> int:
    """1 if one opponent has three or more warriors in ``c`` (BBP AA.6: avoided if possible)."""
    return int(any(n >= CROWD and s.is_enemy(FACTION, f) for f, n in s.clearings[c].warriors.items()))


def may_take(s: GameState, c: int) -> str | None:
    if sympathetic(s, c):
        return "already sympathetic"
    return None if R.may_place_in(s, FACTION, c) else "the keep forbids placing there"


def next_to_sympathy(s: GameState) -> set[int]:
    return {d for c in CLEARINGS if sympathetic(s, c) for d in s.map.adjacent[c] if not sympathetic(s, d)}


def pick(s: GameState, what: str, candidates: list[int], rule: str, priority: str = HIGHEST, avoid: bool = True) -> Choice:
    criteria = [fewest("not 3 warriors of one opponent", lambda c: crowded(s, c), rule, words=("fine", "avoided"))] if avoid else []
    choice = choose_clearing(s, what, candidates, criteria, priority, legal=lambda c: may_take(s, c))
    choice.tiebreak = choice.tiebreak.replace("(2.1)", "(BBP AA.8)" if priority == LOWEST else "(BBP 4.1)")
    return choice


def sympathy_target(s: GameState, suit: str) -> Choice:
    """BBP AA.6 (ruling R-BBP-AA-SPREAD): a matching clearing next to sympathy (with none on the
    map, any matching clearing); else any clearing next to sympathy; else any clearing. Each
    time clearings with three warriors of one opponent last, then highest priority. On a bird
    order (BBP AA.8): the lowest-priority clearing next to sympathy, nothing else considered."""
    near = next_to_sympathy(s)
    if suit == "bird":
        choice = pick(s, "where to place sympathy (bird order: next to sympathy, lowest priority)", sorted(near), "BBP AA.8", LOWEST, avoid=False)
        if choice.target is None:
            choice = pick(s, "where to place sympathy (bird order: none next to sympathy, so any clearing, lowest priority)", list(CLEARINGS), "BBP AA.8", LOWEST, avoid=False)
        return choice
    none_yet = not s.on_map(FACTION, "sympathy")
    matching = [c for c in CLEARINGS if s.suit(c) == suit and (none_yet or c in near)]
    choice = pick(s, f"where to place sympathy ({suit} clearings {'(none on the map yet)' if none_yet else 'next to sympathy'})", matching, "BBP AA.6")
    if choice.target is None:
        choice = pick(s, f"where to place sympathy (no {suit} clearing: any clearing next to sympathy)", sorted(near), "BBP AA.6")
    if choice.target is None:
        choice = pick(s, "where to place sympathy (none next to sympathy: any clearing)", list(CLEARINGS), "BBP AA.6")
    return choice


def place_sympathy(g: Game, occasion: str) -> None:
    """BBP AA.6, AA.9: place one sympathy token (always, somewhere) and score the VP under it on
    the track; with the track empty, 5 VP instead."""
    s = g.state
    rule = "BBP AA.8" if R.order_suit(s, FACTION) == "bird" else "BBP AA.6"
    if s.factions[FACTION].supply.get("sympathy", 0) <= 0:
        g.emit(FACTION, "BBP AA.6", "cannot_spread", "{occasion}: no sympathy left on the track", occasion=occasion)
        R.score(g, FACTION, EMPTY_TRACK_VP, "BBP AA.6", "for sympathy it had to place with its track empty")
        return
    choice = sympathy_target(s, R.order_suit(s, FACTION))
    if choice.target is None:
        g.emit(FACTION, rule, "cannot_spread", "{occasion}: no clearing can take a sympathy token", why=choice.explain, occasion=occasion)
        return
    if not R.place_token(g, FACTION, choice.target, "sympathy", rule, why=lambda: f"{occasion}: {choice.explain()}"):
        return  # a snare was removed instead (11.8.2)
    n = s.on_map(FACTION, "sympathy")
    track = sympathy_track(s)
    vp = track[min(n, len(track)) - 1]
    if vp:
        R.score(g, FACTION, vp, "BBP AA.6", f"for the sympathy token number {n} taken from the track")
    else:
        g.emit(FACTION, "BBP AA.6", "score", "scores nothing for the sympathy token number {n} taken from the track", n=n)


# -- revolt (BBP AA.5, AA.8) ----------------------------------------------------------------------
def base_room(s: GameState, c: int) -> str | None:
    """Whether a base could stand in ``c`` once every enemy piece there is gone."""
    cl = s.clearings[c]
    room = s.map.slots[c] - (1 if cl.ruin else 0) - len(cl.slot_items) - cl.buildings_of(FACTION)
    if room <= 0:
        return "no building slot would be free for a base"
    return None if R.may_place_in(s, FACTION, c) else "the keep forbids placing there"


def in_box(s: GameState) -> list[str]:
    return [suit for suit, base in BASES.items() if s.factions[FACTION].supply.get(base, 0) > 0]


def revolt_target(s: GameState, suit: str) -> Choice | str:
    """Where to revolt, or why not: BBP AA.5 the order's base in the box and a sympathetic clearing
    of its suit; AA.8 (bird) any sympathetic clearing whose suit's base is in the box. Most enemy
    pieces, then highest priority."""
    free = in_box(s)
    if suit != "bird" and suit not in free:
        return f"its {suit} base is already on the map"
    suits = free if suit == "bird" else [suit]
    candidates = [c for c in CLEARINGS if sympathetic(s, c) and s.suit(c) in suits]
    if not candidates:
        return f"no sympathetic clearing of a suit whose base is in its box ({', '.join(suits) or 'none'})"
    choice = choose_clearing(s, "where to revolt (sympathetic clearings with their base in the box)", candidates, [most("most enemy pieces", lambda c: s.enemy_pieces(FACTION, c), "BBP AA.5")], legal=lambda c: base_room(s, c))
    choice.tiebreak = choice.tiebreak.replace("(2.1)", "(BBP 4.1)")
    return choice if choice.target is not None else "no such clearing can take the base"


def revolt_or_sympathy(g: Game, rule: str) -> None:
    """Revolt: remove every enemy piece there and place the base. If it cannot, sympathy twice
    with 4 or fewer tokens on the map, else once (BBP AA.5, AA.9)."""
    s = g.state
    target = revolt_target(s, R.order_suit(s, FACTION))
    if isinstance(target, Choice):
        c = target.target
        assert c is not None
        g.emit(FACTION, rule, "revolt", "revolts in {c}", target.explain, c=c)
        R.remove_all_enemy_pieces(g, FACTION, c, rule)
        R.place_building(g, FACTION, c, BASES[s.suit(c)], rule)
        return
    n = s.on_map(FACTION, "sympathy")
    times = 2 if n <= TWICE_UP_TO else 1
    g.emit(FACTION, rule, "no_revolt", "cannot revolt ({reason}); {n} sympathy on the map, so it places sympathy {how}", reason=target, n=n, how="twice" if times == 2 else "once")
    for i in range(times):
        place_sympathy(g, f"no revolt ({rule}), {'first' if i == 0 else 'second'} sympathy")


# -- Evening (BBP AA.7) ---------------------------------------------------------------------------
def base_clearings(s: GameState) -> list[int]:
    return in_priority_order(s, [c for c in CLEARINGS if any(f == FACTION and k in BASES.values() for f, k in s.clearings[c].buildings)])


def organize(g: Game) -> None:
    """BBP AA.7: each base with three or more Alliance warriors (by priority, BBP 4.1): those
    three leave the map and sympathy is placed once more (ruling R-BBP-AA-ORGANIZE)."""
    s = g.state
    if R.has_no_order(g, FACTION, "BBP AA.7", "does not organize (its sympathy follows the order)"):
        return
    for c in base_clearings(s):
        if s.warriors(FACTION, c) < ORGANIZE_AT:
            continue
        g.emit(FACTION, "BBP AA.7", "organize", "organizes in {c}: three of its warriors there leave the map", c=c)
        R.remove_warriors(g, FACTION, c, ORGANIZE_AT, "BBP AA.7")
        place_sympathy(g, f"Organize in {c} (BBP AA.7)")


def recruit(g: Game) -> None:
    """BBP AA.7: a warrior in each clearing with a base."""
    s = g.state
    bases = base_clearings(s)
    if not bases:
        g.emit(FACTION, "BBP AA.7", "skip", "does not recruit: no base on the map")
    why: Callable[[], str] = lambda: "one warrior in each clearing with a base"  # noqa: E731
    for c in bases:
        R.place_warriors(g, FACTION, c, 1, "BBP AA.7", why=why)
