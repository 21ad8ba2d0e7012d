"""Counting bounds a human seat's turn line must meet, checked before any search of legal moves.

Each bound is a necessary condition drawn from one rule and the pieces the line writes: the
wood a Marquise's buildings cost (LoR 6.5.4.2), the warriors the Duchy can put in the Burrow in
one turn (LoR 12.4, 12.5.1.2), the warriors a Corvid plot removes from its own clearing (LoR
13.5.2). A line that breaks one has no chain of legal moves at all, so it is refused at once
with that rule, where a search could only run out of budget (the published games' slips,
docs/rootlog.md). A bound counts every removal the line writes as if it paid (a wood a battle
removed, a warrior lost), so it never refuses a line a chain could make.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from ..core.state import GameState
from ..factions.duchy.lor import ASSEMBLY_ACTIONS, warrior_icons
from ..factions.marquise.lor import COST
from ..factions.marquise.lor import placed as on_map
from .rootlog import Clearing, Move, Piece

MARQUISE_BUILDINGS = {"s": "sawmill", "w": "workshop", "r": "recruiter"}


def broken_bound(s: GameState, faction: str, letter: str, part: str, actions: Sequence[Any]) -> str | None:
    """The rule and why, when the turn line breaks a bound of its faction; None otherwise."""
    check = BOUNDS.get(faction)
    if part != "turn" or check is None:
        return None
    return check(s, letter, actions)


# -- what the line writes ---------------------------------------------------------------------------
def _own(piece: Any, letter: str, kind: str) -> bool:
    return isinstance(piece, Piece) and (piece.faction or letter) == letter and piece.kind == kind


def placed(actions: Sequence[Any], letter: str, kind: str) -> list[tuple[int, str, int]]:
    """The seat's pieces of ``kind`` placed from its supply, in the line's order: (clearing,
    variant, count); the Burrow is clearing 0."""
    out: list[tuple[int, str, int]] = []
    for act in actions:
        if not isinstance(act, Move):
            continue
        for part in act.parts:
            if part.start is not None:
                continue
            for counted in part.things:
                if _own(counted.thing, letter, kind):
                    out.extend((d.number, counted.thing.variant, counted.count) for d in act.dests if isinstance(d, Clearing))
    return out


def removed(actions: Sequence[Any], letter: str, kind: str) -> Counter[int]:
    """The seat's pieces of ``kind`` the line takes off each clearing to nowhere (``t9->``,
    ``w2->``, ``Ct9->``): spent, paid or lost."""
    out: Counter[int] = Counter()
    for act in actions:
        if not isinstance(act, Move) or act.dests:
            continue
        for part in act.parts:
            if isinstance(part.start, Clearing):
                for counted in part.things:
                    if _own(counted.thing, letter, kind):
                        out[part.start.number] += counted.count
    return out


# -- the bounds ---------------------------------------------------------------------------------------
def marquise_wood(s: GameState, letter: str, actions: Sequence[Any]) -> str | None:
    """LoR 6.5.4.2: each building the Marquise places costs the wood its track shows, removed
    from the map; the line must remove at least that much wood."""
    count = {kind: on_map(s, kind) for kind in MARQUISE_BUILDINGS.values()}
    cost = 0
    for _, variant, n in placed(actions, letter, "b"):
        kind = MARQUISE_BUILDINGS.get(variant)
        for _ in range(n if kind else 0):
            cost += COST[min(count[kind], len(COST) - 1)]
            count[kind] += 1
    paid = sum(removed(actions, letter, "t").values())
    if paid >= cost:
        return None
    return f"LoR 6.5.4.2: the buildings the line places cost {cost} wood, and it removes {paid} from the map"


def duchy_burrow(s: GameState, letter: str, actions: Sequence[Any]) -> str | None:
    """LoR 12.4 and 12.5.1.2: the Duchy puts one warrior in the Burrow in Birdsong, plus one per
    warrior icon showing, and one per Recruit, an Assembly action (two at most)."""
    into = sum(n for c, _, n in placed(actions, letter, "w") if c == 0)
    icons = warrior_icons(s)
    most = 1 + icons + ASSEMBLY_ACTIONS
    if into <= most:
        return None
    return (
        f"LoR 12.5.1.2: the line places {into} warriors in the Burrow; at most {most} can go there in a turn "
        f"(one in Birdsong and {icons} for warrior icons, LoR 12.4, and one per Recruit, up to {ASSEMBLY_ACTIONS} Assembly actions)"
    )


def corvid_plots(s: GameState, letter: str, actions: Sequence[Any]) -> str | None:
    """LoR 13.5.2: the n-th plot placed in a turn removes n Corvid warriors from its own clearing."""
    need: Counter[int] = Counter()
    n = 0
    for c, _, k in placed(actions, letter, "t"):
        for _ in range(k):
            n += 1
            need[c] += n
    paid = removed(actions, letter, "w")
    for c, cost in sorted(need.items()):
        if paid[c] < cost:
            return f"LoR 13.5.2: the plots placed in {c} remove {cost} Corvid warrior{'s' if cost != 1 else ''} from {c} (one more for each plot placed before it this turn); the line removes {paid[c]} there"
    return None


BOUNDS: dict[str, Callable[[GameState, str, Sequence[Any]], str | None]] = {
    "marquise": marquise_wood,
    "duchy": duchy_burrow,
    "corvids": corvid_plots,
}
