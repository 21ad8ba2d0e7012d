"""The human Underground Duchy's ministers and crowns (LoR 12.2.3, 12.3.5-12.3.6, 12.5.3), shared
by its Law of Root turn (``lor.py``) and the rule other seats set off (``faction.py``): the ranks,
what swaying costs and scores, which crowns are left, the cards a sway may reveal, and the Price
of Failure when Duchy buildings are removed.

Values of the faction board the Law's text does not print (ruling R-LOR-DUCHY-BOARD): a squire
is swayed by revealing two cards and uncovers 1 VP, a noble three cards and 2 VP, a lord four
cards and 3 VP; each rank has three crowns."""

from __future__ import annotations

from typing import cast

from ...core.context import Game
from ...core.lor.cards import card_label
from ...core.maps import CLEARINGS
from ...core.moves import MOVE_TEXT, Move, ask
from ...core.rules import discard
from ...core.state import GameState
from .burrow import DUCHY, MINISTER_TITLE, MINISTERS, DuchyState

RANKS: tuple[str, ...] = ("squire", "noble", "lord")  # lowest first (LoR 12.2.3 names them highest first)
RANK: dict[str, str] = {
    "foremole": "squire", "captain": "squire", "marshal": "squire",
    "brigadier": "noble", "banker": "noble", "mayor": "noble",
    "duchess": "lord", "baron": "lord", "earl": "lord",
}
CARDS_TO_SWAY: dict[str, int] = {"squire": 2, "noble": 3, "lord": 4}  # the minister cards (R-LOR-DUCHY-BOARD)
SWAY_VP: dict[str, int] = {"squire": 1, "noble": 2, "lord": 3}  # the crown spaces (R-LOR-DUCHY-BOARD)
CROWNS_PER_RANK = 3  # LoR 12.3.6: nine crowns, three of each rank
SUITED: tuple[str, ...] = ("fox", "rabbit", "mouse")


def duchy_board(state: GameState) -> DuchyState:
    """The Duchy's board (the Burrow, the ministers, the revealed cards)."""
    return cast(DuchyState, state.factions[DUCHY].board)


def crowns_left(state: GameState, rank: str) -> int:
    """Crowns of ``rank`` still on the faction board: three, less those on swayed ministers and
    those Price of Failure took out of the game (LoR 12.2.3, 12.5.3.1)."""
    ds = duchy_board(state)
    on_ministers = sum(1 for m in ds.swayed if RANK[m] == rank)
    return CROWNS_PER_RANK - on_ministers - ds.lost_crowns.count(rank)


# -- the cards a sway may reveal (LoR 12.5.3.2) -------------------------------------------------
def suit_room(state: GameState) -> dict[str, int]:
    """How many clearings of each suit hold a Duchy piece: each lets one matching card be revealed
    for a sway (LoR 12.5.3.2). The Burrow has no suit, so it lets none (ruling R-LOR-DUCHY-SWAY)."""
    room = dict.fromkeys(SUITED, 0)
    for c in CLEARINGS:
        cl = state.clearings[c]
        if cl.warriors.get(DUCHY, 0) > 0 or cl.buildings_of(DUCHY) > 0 or cl.tokens_of(DUCHY) > 0:
            suit = state.suits[c] or ""
            if suit in room:
                room[suit] += 1
    return room


def matchable(state: GameState, cards: list[int], room: dict[str, int]) -> bool:
    """Whether each of ``cards`` can be paired with its own clearing holding a Duchy piece, of a
    matching suit (a bird matches any, LoR 2.1.1): each suit's cards fit its clearings, and the
    birds fit the clearings left."""
    deck = state.deckdef.cards
    suits = [deck[c].suit for c in cards]
    left = 0
    for suit in SUITED:
        n = suits.count(suit)
        if n > room[suit]:
            return False
        left += room[suit] - n
    return suits.count("bird") <= left


def most_revealable(state: GameState, hand: list[int], room: dict[str, int]) -> int:
    """The most cards of ``hand`` a sway could reveal together (LoR 12.5.3.2)."""
    deck = state.deckdef.cards
    suits = [deck[c].suit for c in hand]
    fitted = sum(min(suits.count(s), room[s]) for s in SUITED)
    return fitted + min(suits.count("bird"), sum(room.values()) - fitted)


def swayable(state: GameState) -> list[str]:
    """Unswayed ministers the Duchy may sway now: a crown of the rank left on its board and enough
    cards in hand that its clearings let it reveal (LoR 12.5.3.1-12.5.3.2)."""
    ds = duchy_board(state)
    hand = state.factions[DUCHY].hand
    most = most_revealable(state, hand, suit_room(state))
    return [m for m in MINISTERS if not ds.has(m) and crowns_left(state, RANK[m]) > 0 and CARDS_TO_SWAY[RANK[m]] <= most]


def revealable_next(state: GameState, chosen: list[int]) -> list[int]:
    """Cards in hand that may join ``chosen`` in a sway's reveal. Sets of cards that fit the
    clearings are those of a transversal matroid: any such set grows to the cost as long as the
    whole hand reaches it, which :func:`swayable` made sure of."""
    room = suit_room(state)
    return [c for c in state.factions[DUCHY].hand if c not in chosen and matchable(state, [*chosen, c], room)]


# -- Price of Failure (LoR 12.2.3) -------------------------------------------------------------
def highest_swayed(state: GameState) -> list[str]:
    """The swayed ministers of the highest rank held (lord, then noble, then squire)."""
    ds = duchy_board(state)
    for rank in reversed(RANKS):
        top = [m for m in ds.swayed if RANK[m] == rank]
        if top:
            return top
    return []


def price_of_failure(g: Game, where: list[int]) -> None:
    """LoR 12.2.3: Duchy buildings were removed (in ``where``, by one effect): the swayed minister
    of highest rank returns to the unswayed ministers, the Duchy choosing among equals; its crown
    leaves the game; then the Duchy discards a random card from its hand (revealed cards are not
    in it, ruling R-LOR-DUCHY-FAILURE)."""
    s = g.state
    ds = duchy_board(s)
    places = ", ".join(map(str, sorted(set(where))))
    top = highest_swayed(s)
    if top:
        minister = top[0] if len(top) == 1 else ask(g, DUCHY, "price_of_failure.minister", "LoR 12.2.3", [Move("minister", (m,), "LoR 12.2.3") for m in top], "which minister of highest rank leaves").args[0]
        ds.swayed.remove(minister)
        ds.lost_crowns.append(RANK[minister])
        g.emit(DUCHY, "LoR 12.2.3", "price_of_failure", "Price of Failure for its buildings lost in {where}: the {m} returns unswayed and its crown leaves the game", where=places, m=MINISTER_TITLE[minister])
    else:
        g.emit(DUCHY, "LoR 12.2.3", "price_of_failure", "Price of Failure for its buildings lost in {where}: no minister is swayed", where=places)
    hand = s.factions[DUCHY].hand
    if not hand:
        return
    cid = g.chance.pick(list(hand), "which card the Duchy discards at random (Price of Failure)")
    g.emit(DUCHY, "LoR 12.2.3", "discard", "discards {card} at random (Price of Failure)", card=card_label(cid, s), card_id=s.deckdef.cards[cid].name)
    hand.remove(cid)
    discard(g, cid)


MOVE_TEXT["minister"] = lambda m: f"the {MINISTER_TITLE[m.args[0]]}"
