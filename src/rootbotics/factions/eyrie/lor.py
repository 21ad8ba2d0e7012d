"""The Eyrie Dynasties by the Law of Root (LoR 7), for a seat played by legal moves: its setup
(a roost and six warriors in a corner, a leader, the Loyal Viziers), Birdsong (Emergency Orders,
adding to the Decree, A New Roost), Daylight (crafting with roosts, then resolving the Decree
column by column, or Turmoil) and Evening (the roost track). Lords of the Forest (LoR 7.2.2),
Disdain for Trade (LoR 7.2.3), the Commander's extra hit and the Despot's extra VP (LoR 7.8) act
through the faction's hooks in ``faction.py``, whoever's turn it is. The board (the Decree, the
leaders) is ``board.DynastyBoard``."""

from __future__ import annotations

from typing import cast

from ...core.context import Game
from ...core.lor.battling import ask_battle, can_take_battle
from ...core.lor.cards import ask_card, card_moves, draw, draw_and_discard, suit_matches
from ...core.lor.crafting import building_pieces, craft, craft_moves
from ...core.lor.effects import daylight_start, evening_start
from ...core.lor.offers import offer_between_steps
from ...core.lor.moving import ask_move, can_take_move
from ...core.lor.turn import apply_free_daylight, free_daylight_moves, play_turn
from ...core.maps import CLEARINGS
from ...core.moves import DONE, MOVE_TEXT, Move, ask
from ...core.rules import can_place_building, discard, lose_vp, may_place_in, place_building, place_warriors, ruled_clearings, score, snared, told_after
from ...core.state import GameState
from .board import LEADERS, LOR_COLUMNS, VIZIER, DynastyBoard

FACTION = "eyrie"

ROOSTS = 7  # roosts in the box: one at setup, six on the track (LoR 7.3.2, 7.3.5)
ROOST_VP: tuple[int, ...] = (0, 1, 2, 3, 4, 4, 5)  # the roost track, by roosts on the map (the board)
DRAW_BONUS_AT = (3, 6)  # the 3rd and 6th roosts uncover a draw bonus (the board)
NEW_ROOST_WARRIORS = 3  # LoR 7.4.3
START_WARRIORS = 6  # LoR 7.3.2


def board(state: GameState) -> DynastyBoard:
    """The human Eyrie's board (a no-op cast for the compiled build)."""
    return cast(DynastyBoard, state.factions[FACTION].board)


def decree(state: GameState) -> dict[str, list[int]]:
    return cast(dict, board(state).decree)


def roosts_on_map(state: GameState) -> int:
    return state.on_map(FACTION, "roost")


def suit_of(state: GameState, cid: int) -> str:
    """A Decree card's suit; a Loyal Vizier is a bird card (LoR 7.3.4)."""
    return "bird" if cid == VIZIER else state.deckdef.cards[cid].suit


def matching_clearings(state: GameState, suit: str) -> list[int]:
    """The clearings a Decree card of ``suit`` may act in (birds match any, LoR 2.1.1)."""
    return [c for c in CLEARINGS if suit_matches(suit, state.suits[c] or "")]


def has_roost(state: GameState, c: int) -> bool:
    return (FACTION, "roost") in state.clearings[c].buildings


def can_place_roost(state: GameState, c: int) -> bool:
    """A roost may go in ``c``: one in supply, a free slot, no roost there (LoR 7.5.2.4), no keep
    or snare stopping it."""
    return not has_roost(state, c) and can_place_building(state, FACTION, c, "roost") and not snared(state, FACTION, c)


# -- setup (LoR 7.3) ---------------------------------------------------------------------------------
def setup(g: Game) -> None:
    s = g.state
    g.emit(FACTION, "LoR 7.3.1", "setup", "forms a supply of {n} warriors", n=s.factions[FACTION].supply.get("warrior", 0))
    others = {c for f, c in s.start_corners.items() if f != FACTION}
    corners = [c for c in s.map.corners if c not in others and can_place_roost(s, c)]
    opposite = [c for c in corners if s.map.opposite_corner[c] in others]
    pool = opposite or corners
    if pool:
        c = ask(g, FACTION, "setup.corner", "LoR 7.3.2", [Move("clearing", (c,), "LoR 7.3.2") for c in pool], "place the first roost and six warriors in which corner").args[0]
        place_building(g, FACTION, c, "roost", "LoR 7.3.2")
        place_warriors(g, FACTION, c, START_WARRIORS, "LoR 7.3.2")
        s.start_corners[FACTION] = c
    else:
        g.emit(FACTION, "LoR 7.3.2", "setup", "finds no corner where its roost can be placed")
    leader = ask(g, FACTION, "setup.leader", "LoR 7.3.3", [Move("leader", (name,), "LoR 7.3.3") for name in LEADERS], "choose your leader").args[0]
    b = board(s)
    b.deposed = []
    b.decree = {col: [] for col in LOR_COLUMNS}
    crown(g, leader, "LoR 7.3.3", "LoR 7.3.4")
    g.emit(FACTION, "LoR 7.3.5", "setup", "puts its {n} other roosts on its roost track", n=s.factions[FACTION].supply.get("roost", 0))


def crown(g: Game, leader: str, rule: str, tuck_rule: str, deposed: str | None = None, clutch: bool = False) -> None:
    """Take ``leader`` and tuck the two Loyal Viziers into the columns it names (LoR 7.3.3-7.3.4,
    7.7.3), then say so, with the leader ``deposed`` and a new clutch first (every event sees a
    whole board)."""
    b = board(g.state)
    b.leader = leader
    cols = LEADERS[leader]
    for col in cols:
        decree(g.state)[col].append(VIZIER)
    if deposed is not None:
        g.emit(FACTION, "LoR 7.7.3", "depose", "deposes the {leader}: it lies face down", leader=deposed.capitalize())
    if clutch:
        g.emit(FACTION, "LoR 7.7.3.1", "new_clutch", "A New Clutch: no leader was face up, so all four are turned face up")
    g.emit(FACTION, rule, "leader", "takes the {leader} as its leader", leader=leader.capitalize())
    g.emit(FACTION, tuck_rule, "viziers", "tucks its Loyal Viziers into {a} and {b}", a=cols[0].capitalize(), b=cols[1].capitalize())


# -- the turn ---------------------------------------------------------------------------------------
def turn(g: Game) -> None:
    """The seat's turn (LoR 1.4.1)."""
    play_turn(g, FACTION, birdsong, daylight, evening)


def birdsong(g: Game) -> None:
    """LoR 7.4: Emergency Orders, Add to the Decree, A New Roost."""
    if not g.state.factions[FACTION].hand:
        draw(g, FACTION, 1, "LoR 7.4.1", "as Emergency Orders: its hand is empty")
    add_to_decree(g)
    a_new_roost(g)


def add_to_decree(g: Game) -> None:
    """LoR 7.4.2: one or two cards from hand into any columns, at most one of them a bird."""
    s = g.state
    hand = s.factions[FACTION].hand
    if not hand:
        g.emit(FACTION, "LoR 7.4.2", "decree_empty_hand", "has no card to add to the Decree (the deck and discard pile are empty)")
        return
    first = ask_card(g, FACTION, "decree.card", "LoR 7.4.2", hand, "add which card to the Decree")
    tuck(g, first)
    bird_added = suit_of(s, first) == "bird"
    more = [c for c in hand if not (bird_added and suit_of(s, c) == "bird")]
    if not more:
        return
    m = ask(g, FACTION, "decree.second", "LoR 7.4.2", [*card_moves(s, more, "LoR 7.4.2"), DONE], "add a second card to the Decree?")
    if m is not DONE:
        tuck(g, m.args[0])


def tuck(g: Game, cid: int) -> None:
    s = g.state
    col = ask(g, FACTION, "decree.column", "LoR 7.4.2", [Move("column", (col,), "LoR 7.4.2") for col in LOR_COLUMNS], "into which column").args[0]
    s.factions[FACTION].hand.remove(cid)
    decree(s)[col].append(cid)
    card = s.deckdef.cards[cid]
    g.emit(FACTION, "LoR 7.4.2", "decree_add", "adds {card} to the Decree under {column}", card=card.label(), card_id=card.name, column=col.capitalize())


def new_roost_clearings(state: GameState) -> list[int]:
    """LoR 7.4.3: among the clearings where the roost and the warriors may be placed, those with
    the fewest warriors (of all players). Ruling R-LOR-EYRIE-NEWROOST."""
    room = [c for c in CLEARINGS if can_place_roost(state, c)]
    if not room:
        return []
    fewest = min(sum(state.clearings[c].warriors.values()) for c in room)
    return [c for c in room if sum(state.clearings[c].warriors.values()) == fewest]


def a_new_roost(g: Game) -> None:
    s = g.state
    if roosts_on_map(s) > 0:
        return
    spots = new_roost_clearings(s)
    if not spots:
        g.emit(FACTION, "LoR 7.4.3", "no_new_roost", "has no roost on the map and no clearing where a new roost can go")
        return
    c = ask(g, FACTION, "birdsong.new_roost", "LoR 7.4.3", [Move("clearing", (c,), "LoR 7.4.3") for c in spots], "A New Roost: in which clearing").args[0]
    place_building(g, FACTION, c, "roost", "LoR 7.4.3")
    place_warriors(g, FACTION, c, NEW_ROOST_WARRIORS, "LoR 7.4.3")


# -- Daylight (LoR 7.5) --------------------------------------------------------------------------------
def roost_pieces(state: GameState) -> dict[str, int]:
    """Crafting pieces: a roost counts for its clearing's suit (LoR 7.2.1)."""
    return building_pieces(state, FACTION, "roost")


crafting_pieces = roost_pieces  # what a Rootlog line's craft can be paid with (table/published_law.py)


def daylight(g: Game) -> None:
    """LoR 7.5: craft with roosts (LoR 7.5.1), then resolve the Decree (LoR 7.5.2). The free
    choices of Daylight (dominance, once-a-turn cards, closed paths) are offered while crafting
    and again once the Decree is resolved."""
    daylight_start(g, FACTION)
    pieces = roost_pieces(g.state)
    used: set[str] = set()
    while True:
        moves = craft_moves(g.state, FACTION, pieces, "LoR 7.5.1")
        m = ask(g, FACTION, "daylight.craft", "LoR 7.5.1", [*moves, *free_daylight_moves(g.state, FACTION, used), DONE], "craft with your roosts, or resolve the Decree")
        if m is DONE:
            break
        if not apply_free_daylight(g, FACTION, m, used):
            craft(g, FACTION, m.args[0], pieces, "LoR 7.5.1")
    if not resolve_decree(g):
        turmoil(g)
        return
    while True:
        m = ask(g, FACTION, "daylight.free", "LoR 7.5", [*free_daylight_moves(g.state, FACTION, used), DONE], "anything more in Daylight?")
        if m is DONE:
            return
        apply_free_daylight(g, FACTION, m, used)


def resolve_decree(g: Game) -> bool:
    """LoR 7.5.2: the columns left to right, each column's cards in the order the seat picks (one
    choice per suit: two cards of a suit do the same). False as soon as a card's action cannot be
    fully taken (turmoil follows, LoR 7.7)."""
    s = g.state
    for col in LOR_COLUMNS:
        pending = [suit_of(s, cid) for cid in decree(s)[col]]
        while pending:
            kinds = sorted(set(pending))
            suit = kinds[0]
            if len(kinds) > 1:
                suit = ask(g, FACTION, "decree.next", "LoR 7.5.2", [Move("decree_card", (col, k), "LoR 7.5.2") for k in kinds], f"which {col.capitalize()} card next").args[1]
            pending.remove(suit)
            if not ACTION[col](g, suit):
                g.emit(FACTION, RULE[col], "decree_fails", "cannot {column} for a {suit} card of the Decree", column=col, suit=suit)
                return False
    return True


def recruit_clearings(state: GameState, suit: str) -> list[int]:
    if state.factions[FACTION].supply.get("warrior", 0) <= 0:
        return []
    return [c for c in matching_clearings(state, suit) if has_roost(state, c) and can_place_warriors(state, c)]


def can_place_warriors(state: GameState, c: int) -> bool:
    return may_place_in(state, FACTION, c) and not snared(state, FACTION, c)


def recruit(g: Game, suit: str) -> bool:
    """LoR 7.5.2.1: a warrior in a matching clearing with a roost; the Charismatic places two
    (LoR 7.8.2), and with one warrior left places it and cannot fully take the action (ruling
    R-LOR-EYRIE-CHARISMATIC)."""
    s = g.state
    spots = recruit_clearings(s, suit)
    if not spots:
        return False
    c = ask(g, FACTION, "decree.recruit", "LoR 7.5.2.1", [Move("clearing", (c,), "LoR 7.5.2.1") for c in spots], f"Recruit ({suit}) in which clearing").args[0]
    want = 2 if board(s).leader == "charismatic" else 1
    rule = "LoR 7.8.2" if want == 2 else "LoR 7.5.2.1"
    return place_warriors(g, FACTION, c, want, rule) == want


def move(g: Game, suit: str) -> bool:
    """LoR 7.5.2.2: a move of at least one warrior out of a matching clearing."""
    among = matching_clearings(g.state, suit)
    if not can_take_move(g.state, FACTION, among):
        return False
    ask_move(g, FACTION, "LoR 7.5.2.2", among=among, step="decree.move")
    return True


def battle(g: Game, suit: str) -> bool:
    """LoR 7.5.2.3: a battle in a matching clearing."""
    among = matching_clearings(g.state, suit)
    if not can_take_battle(g.state, FACTION, among):
        return False
    ask_battle(g, FACTION, "LoR 7.5.2.3", among=among, step="decree.battle")
    return True


def build_clearings(state: GameState, suit: str) -> list[int]:
    ruled = set(ruled_clearings(state, FACTION))
    return [c for c in matching_clearings(state, suit) if c in ruled and can_place_roost(state, c)]


def build(g: Game, suit: str) -> bool:
    """LoR 7.5.2.4: a roost in a matching clearing it rules with no roost."""
    spots = build_clearings(g.state, suit)
    if not spots:
        return False
    c = ask(g, FACTION, "decree.build", "LoR 7.5.2.4", [Move("clearing", (c,), "LoR 7.5.2.4") for c in spots], f"Build ({suit}) in which clearing").args[0]
    return place_building(g, FACTION, c, "roost", "LoR 7.5.2.4")


ACTION = {"recruit": recruit, "move": move, "battle": battle, "build": build}
RULE = {"recruit": "LoR 7.5.2.1", "move": "LoR 7.5.2.2", "battle": "LoR 7.5.2.3", "build": "LoR 7.5.2.4"}


# -- Turmoil (LoR 7.7) ----------------------------------------------------------------------------------
def turmoil(g: Game) -> None:
    """LoR 7.7: Humiliate, Purge, Depose, Rest (Daylight ends)."""
    s = g.state
    g.emit(FACTION, "LoR 7.7", "turmoil", "falls into turmoil")
    cards = [cid for col in LOR_COLUMNS for cid in decree(s)[col]]
    birds_n = sum(1 for cid in cards if suit_of(s, cid) == "bird")
    lose_vp(g, FACTION, birds_n, "LoR 7.7.1", f"to Humiliate: {birds_n} bird card{'s' if birds_n != 1 else ''} on the Decree")
    for col in LOR_COLUMNS:
        for cid in [cid for cid in decree(s)[col] if cid != VIZIER]:
            decree(s)[col].remove(cid)
            with told_after(g):
                discard(g, cid)
                g.emit(FACTION, "LoR 7.7.2", "purge", "purges {card} from the Decree", card=s.deckdef.cards[cid].label(), card_id=s.deckdef.cards[cid].name)
    depose(g)
    g.emit(FACTION, "LoR 7.7.4", "rest", "rests: Daylight ends")


def depose(g: Game) -> None:
    """LoR 7.7.3: the leader goes face down; a face-up one takes its place (all four face up
    again when none is, LoR 7.7.3.1, ruling R-LOR-EYRIE-CLUTCH); the Viziers move to its
    columns."""
    s = g.state
    b = board(s)
    old = b.leader or ""
    choices = [name for name in b.face_up()]
    clutch = not choices
    if clutch:
        choices = list(LEADERS)
    new = ask(g, FACTION, "turmoil.leader", "LoR 7.7.3.1" if clutch else "LoR 7.7.3", [Move("leader", (name,), "LoR 7.7.3") for name in choices], "choose a new leader").args[0]
    b.deposed = [] if clutch else [*b.deposed, old]
    for col in LOR_COLUMNS:
        decree(s)[col] = [cid for cid in decree(s)[col] if cid != VIZIER]
    crown(g, new, "LoR 7.7.3", "LoR 7.7.3", deposed=old, clutch=clutch)


# -- Evening (LoR 7.6) ------------------------------------------------------------------------------------
def evening(g: Game) -> None:
    """LoR 7.6: score the rightmost empty space of the roost track, then draw one plus a card per
    uncovered draw bonus and discard down to five."""
    evening_start(g, FACTION)
    offer_between_steps(g, FACTION)  # before 7.6.1 and 7.6.2; none in the last (LoR 1.4.3)
    n = roosts_on_map(g.state)
    if n > 0:
        score(g, FACTION, ROOST_VP[min(n, ROOSTS) - 1], "LoR 7.6.1", f"for {n} roost{'s' if n > 1 else ''} on the map")
    if g.state.phase == "over":
        return
    offer_between_steps(g, FACTION)
    bonus = sum(1 for k in DRAW_BONUS_AT if n >= k)
    draw_and_discard(g, FACTION, 1 + bonus, "LoR 7.6.2")


MOVE_TEXT["leader"] = lambda m: f"the {m.args[0].capitalize()}"
MOVE_TEXT["column"] = lambda m: f"the {m.args[0].capitalize()} column"
MOVE_TEXT["decree_card"] = lambda m: f"a {m.args[1]} card of the {m.args[0].capitalize()} column"
