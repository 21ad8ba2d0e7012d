"""The bookkeeping every position must keep, checked in tests (and on demand by ``--check``).

Conservation: pieces on the map + in supply + out of the game = the box; the 54 cards are each
in exactly one place; every item piece is in the supply, a Crafted Items box, under a ruin, with
the Vagabot, covering a slot or still in the box, once; the Vagabot's pawn is in one place, his
Battle Track matches his undamaged items and each quest card is in one place; no clearing
holds more buildings than slots; at most one keep, in a corner (4.2.1, 4.3.2); at most one
sympathy token per clearing (6.2.1 I) and each Alliance base in a clearing of its suit (6.4.3,
6.5.2); each Corvid plot token has one recorded kind and face, and the plots face up, face down
and in supply are two of each kind (11.3.1); scores stay at or above zero except where a rule lets a faction lose VP (the Eyrie's
Humiliate, 5.7.1).
"""

from __future__ import annotations

from collections import Counter

from . import items, plots
from .factions import BASES, TRADE_POSTS_PER_SUIT, piece_totals
from .lizards import CONSPIRACIES, GARDENS
from .maps import CLEARINGS, SUITS, suit_problem
from .state import GameState

CAN_LOSE_VP: frozenset[str] = frozenset({"eyrie"})  # Humiliate (5.7.1)


def can_lose_vp(state: GameState, faction: str) -> bool:
    """Whether a rule in this game can take the faction's score below zero (ruling R-VP)."""
    if faction in CAN_LOSE_VP:
        return True
    if faction == "duchy" and "investors" in state.factions[faction].traits:  # Investors (3.3.2)
        return True
    eyrie = state.factions.get("eyrie")
    return eyrie is not None and eyrie.is_bot and "war-tax" in eyrie.traits  # War Tax (3.3.2)


class InvariantError(AssertionError):
    """A position broke the rules' bookkeeping."""


def violations(state: GameState) -> list[str]:
    """Every broken invariant, as readable lines (empty when all is well)."""
    out: list[str] = []
    for f, fs in state.factions.items():
        for kind, total in piece_totals(f, fs.seat).items():
            on_map = state.on_map(f, kind) + fs.off_map(kind)  # the Burrow and crowns count as in play
            supply = fs.supply.get(kind, 0)
            gone = fs.removed.get(kind, 0)
            if kind == "warrior" and fs.lizards is not None:
                gone += fs.lizards.acolytes  # the Acolytes box (8.2.2)
            paid = state.in_payments(f) if kind == "warrior" else 0  # the Riverfolk's Payments box (9.2.3)
            if supply < 0 or on_map + supply + gone + paid != total:
                in_payments = f" + {paid} in Payments" if paid else ""
                out.append(f"{f} {kind}: {on_map} on map + {supply} in supply + {gone} removed{in_payments} != {total}")
        if fs.vp < 0 and not can_lose_vp(state, f):
            out.append(f"{f} has {fs.vp} VP")
    cards = Counter(state.all_cards_accounted())
    expected = len(state.deckdef.cards)
    dupes = [state.deckdef.card(c).name for c, n in cards.items() if n > 1]
    if dupes:
        out.append(f"cards in two places: {', '.join(sorted(dupes))}")
    if sum(1 for _ in cards) != expected:
        missing = [state.deckdef.card(c).name for c in range(expected) if c not in cards]
        out.append(f"{len(missing)} card(s) missing: {', '.join(missing[:5])}")
    out.extend(items.violations(state))  # items, the Vagabot's pawn, Battle Track and quests
    out.extend(plots.violations(state))  # Corvid plots: face up, face down and in supply
    keeps = 0
    for c in CLEARINGS:
        cl = state.clearings[c]
        if cl.used_slots() > state.map.slots[c]:
            out.append(f"clearing {c}: {cl.used_slots()} buildings and ruins in {state.map.slots[c]} slots")
        if any(n <= 0 for n in cl.warriors.values()):
            out.append(f"clearing {c}: a warrior count is not positive: {cl.warriors}")
        if ("marquise", "keep") in cl.tokens:
            keeps += cl.tokens.count(("marquise", "keep"))
            if c not in state.map.corners:  # placed in a corner (4.3.2) and never moved
                out.append(f"the keep is in clearing {c}, not a corner")
        if cl.tokens.count(("alliance", "sympathy")) > 1:
            out.append(f"clearing {c}: {cl.tokens.count(('alliance', 'sympathy'))} sympathy tokens")
        for suit, base in BASES.items():
            if ("alliance", base) in cl.buildings and state.suits[c] != suit:
                out.append(f"clearing {c}: the {suit} base stands in a {state.suits[c]} clearing")
        for suit, garden in GARDENS.items():  # 8.3.2, 8.4.2 III, 8.5.1: gardens match their clearing
            if ("lizards", garden) in cl.buildings and state.suits[c] != suit:
                out.append(f"clearing {c}: a {suit} garden stands in a {state.suits[c]} clearing")
    if keeps > 1:
        out.append(f"{keeps} keeps on the map")
    out.extend(map_violations(state))
    lz = state.factions["lizards"].lizards if "lizards" in state.factions else None
    if lz is not None and (lz.acolytes < 0 or not 0 <= lz.conspiracy < len(CONSPIRACIES)):
        out.append(f"the Lizards' board: {lz.acolytes} acolytes, marker on space {lz.conspiracy}")
    out.extend(riverfolk_violations(state))
    return out


MARKET_SIZE = 5  # 9.2.1


def riverfolk_violations(state: GameState) -> list[str]:
    """The Riverfolk Robots: a Market of at most five cards, Payments only of seated factions
    with warriors, one trade post per clearing (9.5.1), services only bought from a Riverfolk."""
    out: list[str] = []
    rf = state.factions.get("riverfolk")
    if rf is not None and rf.market is not None and len(rf.market) > MARKET_SIZE:
        out.append(f"the Market holds {len(rf.market)} cards, more than {MARKET_SIZE}")
    if rf is not None and rf.payments is not None:
        for f, n in rf.payments.items():
            if f not in state.factions or n <= 0:
                out.append(f"Payments: {n} warriors of {f}")
    if state.services and (rf is None or not rf.is_bot):
        out.append(f"services bought with no Riverfolk Robots in the game: {state.services}")
    stale = [f for f in state.services if f not in state.factions or f != state.current]
    if stale:
        out.append(f"services of {', '.join(stale)} outlast their turn (9.2.3)")
    for c in CLEARINGS:
        if state.clearings[c].tokens.count(("riverfolk", "trade_post")) > 1:
            out.append(f"clearing {c}: two trade posts")
    if rf is not None:
        for suit in SUITS:  # 9.3.3: three trade posts on each suit's track
            if state.trade_posts_placed(suit) > TRADE_POSTS_PER_SUIT:
                out.append(f"{state.trade_posts_placed(suit)} {suit} trade posts on the map (9.3.3: three per suit)")
    return out


def map_violations(state: GameState) -> list[str]:
    """Suits are four markers of each suit (or the printed ones); the Ferry is on a coastal
    clearing of the Lake and nowhere else; only closed paths can have been opened."""
    out: list[str] = []
    m = state.map
    if state.phase != "setup" or any(s is not None for s in state.suits[1:]):
        problem = suit_problem(m, state.suits[1:])
        if problem:
            out.append(f"suits: {problem}")
    if m.ferry_start is None:
        if state.ferry is not None or state.ferry_used:
            out.append(f"a Ferry on the {m.name} map")
    elif state.ferry not in m.coastal:
        out.append(f"the Ferry is in {state.ferry}, not a coastal clearing")
    stray = sorted(state.opened_paths - m.closed_paths)
    if stray:
        out.append(f"opened paths that were never closed: {stray}")
    return out


def check(state: GameState) -> None:
    """Raise ``InvariantError`` listing every broken invariant."""
    found = violations(state)
    if found:
        raise InvariantError("; ".join(found))
