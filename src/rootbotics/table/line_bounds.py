"""Bounds a human seat's turn line must meet, checked before any search of legal moves.

Each bound is a necessary condition drawn from one rule and what the line writes: the wood a
Marquise's buildings cost (LoR 6.5.4.2), the warriors the Duchy can put in the Burrow in one
turn (LoR 12.4, 12.5.1.2), the warriors a Corvid plot removes from its own clearing (LoR
13.5.2), a Vagabond's quest rewarded once (LoR 9.5.5), the Lizards' ritual pieces placed only
where their revealed cards match (LoR 10.5.1, 10.5.2), and, for every seat, an Outrage's card
given to the Alliance's Supporters, not its hand (LoR 8.2.6). A line that breaks one has no
chain of legal moves at all, so it is refused at once with that rule, where a search could only
run out of budget or name a later decision's rule (the published games' slips, docs/rootlog.md).
A bound counts every removal the line writes as if it paid (a wood a battle removed, a warrior
lost), so it never refuses a line a chain could make.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from ..core.state import GameState
from ..factions.duchy.lor import ASSEMBLY_ACTIONS, warrior_icons
from ..factions.marquise.lor import COST
from ..factions.marquise.lor import placed as on_map
from .line_cards import card_suits, own_reveal, sympathy_removed
from .rootlog import (
    Board,
    Card,
    Clearing,
    Craft,
    Hand,
    Item,
    Move,
    Piece,
    Quests,
    Score,
    format_action,
)

MARQUISE_BUILDINGS = {"s": "sawmill", "w": "workshop", "r": "recruiter"}


def broken_bound(s: GameState, faction: str, letter: str, part: str, actions: Sequence[Any]) -> str | None:
    """The rule and why, when the turn line breaks a bound of its faction or of every seat;
    None otherwise."""
    if part != "turn":
        return None
    for check in (*BOUNDS.get(faction, ()), *EVERY_SEAT):
        why = check(s, letter, actions)
        if why:
            return why
    return None


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


def items_gained(actions: Sequence[Any], letter: str, kind: str) -> int:
    """The items of ``kind`` (a Rootlog letter, ``h``) the line puts on the seat's own board from
    anywhere else (the supply, a ruin, another board) or crafts: the import leaves a Vagabond's
    items to the table, so a bound on them counts what the line writes."""
    n = 0
    for act in actions:
        if isinstance(act, Craft) and act.item == kind:
            n += 1
        if not isinstance(act, Move) or not any(isinstance(d, Board) and d.faction in (None, letter) for d in act.dests):
            continue
        for part in act.parts:
            if isinstance(part.start, Board) and part.start.faction in (None, letter):
                continue
            n += sum(c.count for c in part.things if isinstance(c.thing, Item) and c.thing.kind == kind)
    return n


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


def _draws_two(act: Any, letter: str) -> bool:
    """Two cards drawn from the deck to the seat's own hand (``2#->V``)."""
    return (isinstance(act, Move) and len(act.dests) == 1 and isinstance(act.dests[0], Hand) and act.dests[0].faction in (None, letter)
            and len(act.parts) == 1 and act.parts[0].start is None and [(c.count, type(c.thing)) for c in act.parts[0].things] == [(2, Card)])


def vagabond_quests(s: GameState, letter: str, actions: Sequence[Any]) -> str | None:
    """LoR 9.5.5: a completed quest scores or draws two cards, not both. Refused: a quest
    followed at once by two cards drawn and then a score; nothing else the Vagabond does at that
    moment draws, and no step of his after a draw scores (a score then a draw may be the
    quest's VP and the Evening's draw, LoR 9.6.2)."""
    for k, act in enumerate(actions):
        if not (isinstance(act, Move) and any(isinstance(p.start, Quests) for p in act.parts)):
            continue
        after = list(actions[k + 1 : k + 3])
        if len(after) == 2 and _draws_two(after[0], letter) and isinstance(after[1], Score) and not after[1].lose and after[1].faction in (None, letter):
            return f"LoR 9.5.5: the quest {format_action(act)!r} both draws and scores ({'/'.join(format_action(a) for a in after)}); a quest rewards one or the other"
    return None


def lizard_rituals(s: GameState, letter: str, actions: Sequence[Any]) -> str | None:
    """LoR 10.5.1, 10.5.2: a garden or warrior a ritual places goes to a clearing matching its
    revealed card. The Lizards place pieces on the map in Daylight by rituals only (their
    conspiracies are Birdsong's, before any reveal), so after the line's first reveal the pieces
    placed in clearings of each suit are at most the cards of that suit revealed, birds (and
    cards of no written suit) making up for any suit."""
    first = next((k for k, a in enumerate(actions) if _reveals(a, letter)), None)
    if first is None:
        return None
    shown, unwritten = card_suits(c for a in actions[first:] if _reveals(a, letter) for c in a.cards)
    placed_in: Counter[str] = Counter()
    for kind in ("w", "b"):
        for c, _, n in placed(actions[first:], letter, kind):
            if 1 <= c <= 12 and s.suits[c]:
                placed_in[s.suits[c] or ""] += n
    short = {suit: n - shown[suit] for suit, n in placed_in.items() if n > shown[suit]}
    spare = shown["bird"] + unwritten
    if sum(short.values()) <= spare:
        return None
    over = ", ".join(f"{n} in {suit} clearings ({shown[suit]} {suit} card{'s' if shown[suit] != 1 else ''} revealed)" for suit, n in sorted(placed_in.items()) if suit in short)
    return f"LoR 10.5.2: after its first reveal the line places {over}, with {spare} bird card{'s' if spare != 1 else ''} revealed; a ritual places a piece only in a clearing matching its card (LoR 10.5.1, 10.5.2)"


def _reveals(a: Any, letter: str) -> bool:
    """The seat's own cards revealed to nobody in particular (``F#^``; not a hand shown, ``^A``)."""
    return own_reveal(a, letter) and bool(a.cards)


def alliance_outrage(s: GameState, letter: str, actions: Sequence[Any]) -> str | None:
    """LoR 8.2.6: the card an Outrage gives the Alliance goes to its Supporters, never its hand:
    a card drawn from the deck into the Alliance's hand right after another seat removes one of
    its sympathy tokens is refused (a Birdsong's Better Burrow Bank draws at the turn's start)."""
    if letter == "A":
        return None
    for k in range(1, len(actions)):
        before, act = actions[k - 1], actions[k]
        gone = sympathy_removed(before) if isinstance(before, Move) and not before.dests else []
        if gone and isinstance(act, Move) and act.dests == (Hand("A"),) and all(p.start is None for p in act.parts):
            return (f"LoR 8.2.6: {format_action(act)!r} draws the Alliance a card into its hand after the sympathy token removed in {gone[0]} "
                    f"({format_action(before)!r}); an Outrage's card goes to its Supporters")
    return None


Bound = Callable[[GameState, str, Sequence[Any]], str | None]
BOUNDS: dict[str, tuple[Bound, ...]] = {
    "vagabot": (vagabond_quests,),
    "vagabond2": (vagabond_quests,),
    "marquise": (marquise_wood,),
    "duchy": (duchy_burrow,),
    "corvids": (corvid_plots,),
    "lizards": (lizard_rituals,),
}
EVERY_SEAT: tuple[Bound, ...] = (alliance_outrage,)
