"""A human Woodland Alliance's Supporters stack and Officers box (LoR 8.2.3, 8.2.4), shared by its
Law of Root turn (``lor.py``) and the rules other seats set off (``faction.py``): gaining a
supporter within the stack's capacity, spending supporters for their suit, training officers,
and what a removed base costs."""

from __future__ import annotations

from ...core.context import Game
from ...core.lor.cards import card_label, card_moves, move_card, suit_matches
from ...core.maps import CLEARINGS
from ...core.moves import MOVE_TEXT, ask
from ...core.rules import discard, told_after
from ...core.state import GameState
from .board import BASE_SUIT, BASES, FACTION, AllianceBoard

SUPPORTERS_CAP_WITHOUT_BASES = 5  # LoR 8.2.3.1


def alliance_board(state: GameState) -> AllianceBoard:
    board = state.factions[FACTION].board
    assert isinstance(board, AllianceBoard), "only a human Alliance has Supporters and officers"
    return board


def supporters(state: GameState) -> list[int]:
    return list(alliance_board(state).supporters or ())


def bases_on_map(state: GameState) -> list[int]:
    """The clearings holding an Alliance base."""
    return [c for c in CLEARINGS if any(f == FACTION and k in BASE_SUIT for f, k in state.clearings[c].buildings)]


def matching_supporters(state: GameState, suit: str) -> list[int]:
    """Supporters that may be spent for ``suit``: its own, and birds, which are wild (LoR 8.2.3
    with 2.1.1, ruling R-LOR-SUPPORTER-BIRDS)."""
    deck = state.deckdef.cards
    return [cid for cid in supporters(state) if suit_matches(deck[cid].suit, suit)]


def add_supporter(g: Game, card: int) -> None:
    """Add to the human Alliance's Supporters; with no base on the map the stack holds five
    cards at most and the excess is discarded (LoR 8.2.3.1)."""
    s = g.state
    board = alliance_board(s)
    if board.supporters is None:
        board.supporters = []
    bases = sum(s.on_map(FACTION, b) for b in BASES.values())
    if bases == 0 and len(board.supporters) >= SUPPORTERS_CAP_WITHOUT_BASES:
        with told_after(g):
            discard(g, card)
            g.emit(FACTION, "LoR 8.2.3.1", "discard", "discards the new supporter: five is the limit with no base on the map")
        return
    board.supporters.append(card)


def spend_supporter(g: Game, cid: int, rule: str, what: str) -> None:
    board = alliance_board(g.state)
    assert board.supporters is not None
    board.supporters.remove(cid)
    with told_after(g):
        discard(g, cid)
        g.emit(FACTION, rule, "spend_supporter", "spends the supporter {card} {what}", card=card_label(cid, g.state), card_id=g.state.deckdef.cards[cid].name, what=what)


def pay_supporters(g: Game, suit: str, n: int, rule: str, what: str) -> None:
    """Spend ``n`` supporters matching ``suit`` (the caller made sure there are enough). The seat
    picks which when it has a real choice: more matching supporters than needed, not all alike."""
    for left in range(n, 0, -1):
        cands = matching_supporters(g.state, suit)
        moves = card_moves(g.state, cands, rule, kind="supporter")
        if len(cands) > left and len(moves) > 1:
            cid = ask(g, FACTION, "supporters.spend", rule, moves, f"spend which supporter {what}").args[0]
        else:
            cid = cands[0]
        spend_supporter(g, cid, rule, what)


def train_officer(g: Game, rule: str) -> bool:
    """A warrior from the supply to the Officers box (LoR 8.4.1.3, 8.5.3); none when the supply
    is empty (LoR 1.5.4)."""
    s = g.state
    fs = s.factions[FACTION]
    board = alliance_board(s)
    if fs.supply.get("warrior", 0) <= 0:
        g.emit(FACTION, rule, "supply_empty", "has no warrior left in supply to become an officer (LoR 1.5.4)")
        return False
    fs.supply["warrior"] -= 1
    board.officers += 1
    g.emit(FACTION, rule, "officer", "puts a warrior in the Officers box ({n} officer{pl} now)", n=board.officers, pl="" if board.officers == 1 else "s")
    return True


def base_removed(g: Game, c: int, kind: str) -> None:
    """LoR 8.2.4: a base is removed: discard every supporter matching its clearing (birds too),
    lose half the officers rounded up, and with no base left keep at most five supporters (the
    Alliance picks which go, LoR 8.2.4 and 1.1.3)."""
    s = g.state
    board = alliance_board(s)
    suit = BASE_SUIT[kind]
    deck = s.deckdef.cards
    gone = [cid for cid in board.supporters or () if suit_matches(deck[cid].suit, suit)]
    with told_after(g):
        for cid in gone:
            board.supporters.remove(cid)  # type: ignore[union-attr]
            discard(g, cid)
        g.emit(FACTION, "LoR 8.2.4", "base_lost", "its {suit} base in {c} is removed: it discards {n} matching supporter{pl}", suit=suit, c=c, n=len(gone), pl="" if len(gone) == 1 else "s")
    lost = (board.officers + 1) // 2
    if lost:
        board.officers -= lost
        s.factions[FACTION].supply["warrior"] = s.factions[FACTION].supply.get("warrior", 0) + lost
        g.emit(FACTION, "LoR 8.2.4", "officers_lost", "loses {n} officer{pl}, half rounded up ({left} left)", n=lost, pl="" if lost == 1 else "s", left=board.officers)
    if bases_on_map(s):
        return
    while len(board.supporters or ()) > SUPPORTERS_CAP_WITHOUT_BASES:
        stack = board.supporters or []
        cid = ask(g, FACTION, "supporters.discard", "LoR 8.2.4", card_moves(s, stack, "LoR 8.2.4", kind="supporter"), "no base is left: discard supporters down to five").args[0]
        stack.remove(cid)
        with told_after(g):
            discard(g, cid)
            g.emit(FACTION, "LoR 8.2.4", "discard_supporter", "discards the supporter {card}: no base is left, five at most", card=card_label(cid, g.state), card_id=deck[cid].name)


MOVE_TEXT["supporter"] = lambda m: f"the supporter {move_card(m)}"
