"""The bookkeeping every position must keep, checked in tests (and on demand by ``--check``).

Conservation: pieces on the map + in supply + out of the game (+ kept on another seat's board)
= the box; the 54 cards are each in exactly one place; every item piece is in exactly one place;
no clearing holds more buildings than slots; the limits of pieces (one keep, 4.2.1, in a corner,
4.3.2; one sympathy token, 6.2.1 I, or trade post, 9.5.1, or plot, 11.3.1, per clearing) and of
suited buildings (bases, 6.4.3; gardens, 8.3.2); the map's suits, Ferry and closed paths; scores
stay at or above zero except where a rule lets a faction lose VP (ruling R-VP). Each faction's
own board is checked by its ``Faction.violations`` (``factions/<name>/``).
"""

from __future__ import annotations

from collections import Counter

from . import items
from .faction import SHARED, Board, faction_title, piece_totals, rules_of
from .maps import CLEARINGS, suit_problem
from .pieces import STALE, Buildings, Warriors
from .rules import count_ruler
from .state import GameState
from .validity import position_violations


def can_lose_vp(state: GameState, faction: str) -> bool:
    """Whether a rule in this game can take the faction's score below zero (ruling R-VP)."""
    return any(rules_of(f).makes_lose_vp(state, faction) for f in state.turn_order)


class InvariantError(AssertionError):
    """A position broke the rules' bookkeeping."""


def violations(state: GameState) -> list[str]:
    """Every broken invariant, as readable lines (empty when all is well)."""
    out = piece_violations(state)
    out.extend(card_violations(state))
    out.extend(items.violations(state))  # items in one place each; pawns where their board says
    out.extend(clearing_violations(state))
    out.extend(kept_rule_violations(state))
    out.extend(map_violations(state))
    out.extend(service_violations(state))
    out.extend(position_violations(state))  # seats, turn, scores and winner, corners, options
    for f, fs in state.factions.items():
        out.extend(rules_of(f).violations(state, fs))
        problem = rules_of(f).rule_set_problem(fs.rule_set) if fs.is_bot else None
        if problem:  # a seat plays by a rule set its faction has (core.faction.RULE_SETS)
            out.append(f"{f}: {problem}")
    return out


def piece_violations(state: GameState) -> list[str]:
    """Pieces on the map + supply + out of the game = the box, per faction and kind (scores:
    ``validity.score_violations``)."""
    out: list[str] = []
    placed = pieces_on_map(state)
    holders = [fs.board for fs in state.factions.values() if fs.board is not None and type(fs.board).held is not Board.held]
    for f, fs in state.factions.items():
        board = fs.board
        for kind, total in piece_totals(f, fs.seat).items():
            on_map = placed.get((f, kind), 0)
            supply = fs.supply.get(kind, 0)
            gone = fs.removed.get(kind, 0)
            if board is not None:
                on_map += board.off_map(kind)  # the Burrow and crowns count as in play
                gone += board.out_of_play(kind)  # the Acolytes box (8.2.2)
            paid = 0
            for holder in holders:  # a Payments box (9.2.3)
                paid += holder.held(f, kind)
            if kind == "warrior" and state.coffin:  # on Coffin Makers (the Exiles and Partisans deck)
                paid += state.coffin.get(f, 0)
            if supply < 0 or on_map + supply + gone + paid != total:
                in_payments = f" + {paid} in Payments or on Coffin Makers" if paid else ""
                out.append(f"{f} {kind}: {on_map} on map + {supply} in supply + {gone} removed{in_payments} != {total}")
    return out


def pieces_on_map(state: GameState) -> dict[tuple[str, str], int]:
    """Every seat's pieces on the map by (faction, kind), counted in one pass over the clearings
    (the same numbers as ``GameState.on_map`` for each kind, for the check after every event)."""
    placed: dict[tuple[str, str], int] = {}
    get = placed.get
    for cl in state.clearings[1:]:
        for f, n in cl.warriors.items():
            key = (f, "warrior")
            placed[key] = get(key, 0) + n
        for key in cl.buildings:
            placed[key] = get(key, 0) + 1
        for key in cl.tokens:
            placed[key] = get(key, 0) + 1
    return placed


def card_violations(state: GameState) -> list[str]:
    """Each of the deck's cards in exactly one place."""
    out: list[str] = []
    held = state.all_cards_accounted()
    expected = len(state.deckdef.cards)
    if len(held) == expected and len(set(held)) == expected and all(0 <= c < expected for c in held):
        return out  # each card once: the common case, checked without counting
    cards = Counter(held)
    dupes = [state.deckdef.card(c).name for c, n in cards.items() if n > 1]
    if dupes:
        out.append(f"cards in two places: {', '.join(sorted(dupes))}")
    if sum(1 for _ in cards) != expected:
        missing = [state.deckdef.card(c).name for c in range(expected) if c not in cards]
        out.append(f"{len(missing)} card(s) missing: {', '.join(missing[:5])}")
    return out


def kept_rule_violations(state: GameState) -> list[str]:
    """Each clearing's warriors and buildings are the containers that keep who rules there
    (``core/pieces.py``), and a kept answer is what a full recount gives (LoR 2.5)."""
    out: list[str] = []
    for c in CLEARINGS:
        cl = state.clearings[c]
        if type(cl.warriors) is not Warriors or type(cl.buildings) is not Buildings:
            out.append(f"clearings.{c}: warriors or buildings replaced by a plain container, so who rules is not kept")
            continue
        kept = cl.warriors.rule
        if kept is not STALE and not cl.buildings.moved and kept != count_ruler(cl):
            out.append(f"clearings.{c}: kept ruler {kept} but a recount gives {count_ruler(cl)}")
    return out


def clearing_violations(state: GameState) -> list[str]:
    """Slots, positive warrior counts, pieces a clearing or the map holds one of, suited buildings."""
    out: list[str] = []
    singles: Counter[tuple[str, str]] = Counter()
    slots, suits, suited = state.map.slots, state.suits, SHARED.suited
    for c in CLEARINGS:
        cl = state.clearings[c]
        if cl.used_slots() > slots[c]:
            out.append(f"clearing {c}: {cl.used_slots()} buildings and ruins in {slots[c]} slots")
        if cl.warriors and min(cl.warriors.values()) <= 0:
            out.append(f"clearing {c}: a warrior count is not positive: {cl.warriors}")
        if not cl.tokens and not cl.buildings:
            continue
        for piece in set(cl.tokens) | set(cl.buildings):
            n = cl.tokens.count(piece) + cl.buildings.count(piece)
            if piece in SHARED.one_per_clearing and n > 1:
                out.append(f"clearings.{c}: {n} {piece[1].replace('_', ' ')}s, but a clearing holds at most one")
            if piece in SHARED.one_on_map:
                singles[piece] += n
        for piece in cl.buildings:
            suit = suited.get(piece)
            if suit is not None and suit != suits[c]:
                out.append(f"clearing {c}: the {piece[1]} ({suit}) stands in a {state.suits[c]} clearing")
    for piece, n in singles.items():
        if n > 1:
            out.append(f"{n} {piece[1]}s on the map")
    return out


def service_violations(state: GameState) -> list[str]:
    """Services (9.2.3) are bought only from a seated seller, bot or human (9.7: bots buy from a
    human seller too; LoR 11.2.6: so do human seats), never by the seller; they last only through
    the buyer's turn."""
    if not state.services:
        return []
    out: list[str] = []
    seller = state.factions.get(SHARED.services.name) if SHARED.services.name else None
    if seller is None or SHARED.services.name in state.services:
        out.append(f"services bought with no {_seller_title()} in the game: {state.services}")
    stale = [f for f in state.services if f not in state.factions or f != state.current]
    if stale:
        out.append(f"services of {', '.join(stale)} outlast their turn (9.2.3)")
    return out


def _seller_title() -> str:
    name = SHARED.services.name
    return faction_title(name, "bot") if name else "seller of services"


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
