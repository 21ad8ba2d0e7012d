"""The Riverfolk Company by the Law of Root (LoR 11), for a seat played by legal moves: its setup
(LoR 11.3), Birdsong (Protectionism, Dividends, gathering the funds; LoR 11.4), Daylight (actions
paid by committing or spending funds, in any order and number; LoR 11.5) and Evening (the hand
limit, the prices; LoR 11.6).

Its board (Payments, Funds, Committed, the warriors crafting put on the Trade Posts tracks, the
trade posts out of the game, the prices) is ``company.CompanyBoard``; warriors there stay their
owners'. Swimmers (LoR 11.2.2) acts through ``core/paths.py`` and ``core/rules.py: can_move``
(the faction's ``swims``); Trade Disruption (LoR 11.2.5.1) through the faction's
``piece_removed`` hook (:func:`trade_disruption`); the services other human seats buy
(LoR 11.2.6-11.2.7) are ``lor_services.py``. This module never imports ``faction.py``."""

from __future__ import annotations

from typing import cast

from ...core.context import Game
from ...core.lor.battling import ask_battle, can_take_battle
from ...core.lor.cards import HAND_LIMIT, card_keys, card_label, discard_down, draw, move_card
from ...core.lor.crafting import ANY, CRAFT_SUITS, craftable, crafted
from ...core.lor.effects import daylight_start, evening_start
from ...core.lor.offers import offer_between_steps
from ...core.lor.moving import ask_move, can_take_move
from ...core.lor.turn import apply_free_daylight, free_daylight_moves, play_turn
from ...core.maps import CLEARINGS
from ...core.moves import DONE, MOVE_TEXT, Move, ask
from ...core.rules import discard, may_place_in, place_token, place_warriors, ruler, score, snared
from ...core.state import GameState
from .board import TRADE_POSTS_PER_SUIT, trade_posts_placed
from .company import PRICES, SERVICES, CompanyBoard, empty_spaces

FACTION = "riverfolk"
START_WARRIORS = 4  # LoR 11.3.2
START_PAYMENTS = 3  # LoR 11.3.4
PROTECTIONISM = 2  # LoR 11.4.1
FUNDS_PER_DIVIDEND = 2  # LoR 11.4.2
TRADE_POST_COST = 2  # LoR 11.5.6
# The VP printed under each trade post of a suit's track, uncovered left to right (the faction
# board; ruling R-LOR-RIVERFOLK-POSTS).
TRADE_POST_VP: dict[str, tuple[int, ...]] = {"fox": (2, 2, 2), "rabbit": (2, 2, 2), "mouse": (2, 2, 2)}
SERVICE_NAMES = {"hand_card": "Hand Card", "riverboats": "Riverboats", "mercenaries": "Mercenaries"}


def company(state: GameState) -> CompanyBoard:
    """The human Company's board (a no-op cast for the compiled build)."""
    return cast(CompanyBoard, state.factions[FACTION].board)


def funds(state: GameState) -> int:
    return company(state).total("funds")


# -- moving warriors about the board (LoR 11.2.4, 11.5) -------------------------------------------
def board_move(g: Game, owner: str, n: int, a: str, b: str, rule: str) -> None:
    """``n`` of ``owner``'s warriors from area ``a`` to ``b`` (``supply`` is the owner's supply)."""
    if n <= 0:
        return
    s = g.state
    cb = company(s)
    if a == "supply":
        s.factions[owner].supply["warrior"] -= n
    else:
        cb.put(a, owner, -n)
    if b == "supply":
        s.factions[owner].supply["warrior"] += n
    else:
        cb.put(b, owner, n)
    g.emit(FACTION, rule, "board_warriors", "{n} {owner} warrior(s) from {a} to {b}", n=n, owner=owner, a=a, b=b)


def fund_owner(g: Game, rule: str, among: list[str] | None = None, step: str = "fund.owner") -> str:
    """Whose warrior in the Funds pays (asked only when there is a choice): the owner matters
    to Trade Posts (LoR 11.5.6.2) and to whose supply a spent fund returns (LoR 11.5)."""
    box = company(g.state).funds
    owners = [f for f in g.state.turn_order if box.get(f, 0) > 0 and (among is None or f in among)]
    if len(owners) == 1:
        return owners[0]
    return ask(g, FACTION, step, rule, [Move("fund", (f,), rule) for f in owners], "pay with whose warrior in the Funds").args[0]


def commit(g: Game, rule: str) -> str:
    """LoR 11.5: commit a fund (to the Committed box); returns its owner."""
    owner = fund_owner(g, rule)
    board_move(g, owner, 1, "funds", "committed", rule)
    return owner


def spend_fund(g: Game, rule: str, among: list[str] | None = None) -> str:
    """LoR 11.5: spend a fund (back to its owner's supply); returns its owner."""
    owner = fund_owner(g, rule, among)
    board_move(g, owner, 1, "funds", "supply", rule)
    return owner


# -- setup (LoR 11.3) -------------------------------------------------------------------------------
def setup(g: Game) -> None:
    s = g.state
    fs = s.factions[FACTION]
    g.emit(FACTION, "LoR 11.3.1", "setup", "forms a supply of {n} warriors", n=fs.supply.get("warrior", 0))
    for i in range(START_WARRIORS):
        spots = river_spots(s)
        if not spots or fs.supply.get("warrior", 0) <= 0:
            break
        c = ask(g, FACTION, "setup.warrior", "LoR 11.3.2", [Move("clearing", (c,), "LoR 11.3.2") for c in spots], f"place warrior {i + 1} of {START_WARRIORS} in which river clearing").args[0]
        place_warriors(g, FACTION, c, 1, "LoR 11.3.2")
    g.emit(FACTION, "LoR 11.3.3", "setup", "fills its Trade Posts tracks with {n} trade posts", n=fs.supply.get("trade_post", 0))
    board_move(g, FACTION, min(START_PAYMENTS, fs.supply.get("warrior", 0)), "supply", "payments", "LoR 11.3.4")
    set_prices(g, "setup.price", "LoR 11.3.5")


def river_spots(state: GameState) -> list[int]:
    """Clearings touching a river where the Company may place a warriors now."""
    return [c for c in sorted(state.map.river_clearings) if may_place_in(state, FACTION, c) and not snared(state, FACTION, c)]


def set_prices(g: Game, step: str, rule: str) -> None:
    """LoR 11.3.5, 11.6.2: a price for each service, any space of its track."""
    cb = company(g.state)
    for service in SERVICES:
        n = ask(g, FACTION, step, rule, [Move("price", (service, n), rule) for n in PRICES], f"the price of {SERVICE_NAMES[service]}").args[1]
        cb.prices[service] = n
        g.emit(FACTION, rule, "price", "sets the price of {service} to {price}", service=SERVICE_NAMES[service], price=n)


# -- the turn ---------------------------------------------------------------------------------------
def turn(g: Game) -> None:
    """The seat's turn (LoR 1.4.1)."""
    play_turn(g, FACTION, birdsong, daylight, evening)


def birdsong(g: Game) -> None:
    """LoR 11.4: Protectionism, Score Dividends, Gather Funds."""
    s = g.state
    cb = company(s)
    if not cb.payments:
        board_move(g, FACTION, min(PROTECTIONISM, s.factions[FACTION].supply.get("warrior", 0)), "supply", "payments", "LoR 11.4.1")
    if s.on_map(FACTION, "trade_post") > 0:
        score(g, FACTION, funds(s) // FUNDS_PER_DIVIDEND, "LoR 11.4.2", f"as dividends on {funds(s)} funds")
        if s.phase == "over":
            return
    gather_funds(g)


def gather_funds(g: Game) -> None:
    """LoR 11.4.3: every warrior on the board (Payments, Committed, the Trade Posts tracks) to
    the Funds."""
    cb = company(g.state)
    for area in ("payments", "committed"):
        for owner, n in sorted(cb.area(area).items()):
            board_move(g, owner, n, area, "funds", "LoR 11.4.3")
    for suit, box in sorted(cb.crafted.items()):
        for owner, n in sorted(box.items()):
            cb.on_track(suit, owner, -n)
            cb.put("funds", owner, n)
            g.emit(FACTION, "LoR 11.4.3", "board_warriors", "{n} {owner} warrior(s) from {a} to {b}", n=n, owner=owner, a=f"the {suit} Trade Posts track", b="funds")


# -- Daylight (LoR 11.5) ------------------------------------------------------------------------------
def daylight(g: Game) -> None:
    """LoR 11.5: actions in any order and number while funds pay for them."""
    daylight_start(g, FACTION)
    s = g.state
    used: set[str] = set()
    while True:
        m = ask(g, FACTION, "daylight.action", "LoR 11.5", [*action_moves(s), *free_daylight_moves(s, FACTION, used), DONE], "take an action")
        if m is DONE or s.phase == "over":
            return
        if apply_free_daylight(g, FACTION, m, used):
            continue
        ACTION[m.kind](g, m)


def action_moves(state: GameState) -> list[Move]:
    """The actions the Company may pay for now, each with a legal way to finish."""
    n = funds(state)
    if n <= 0:
        return []
    out: list[Move] = []
    if can_take_move(state, FACTION):
        out.append(Move("move", (), "LoR 11.5.1"))
    if can_take_battle(state, FACTION):
        out.append(Move("battle", (), "LoR 11.5.2"))
    cards = crafts(state)
    out += [Move("craft", (cid,), "LoR 11.5.3", card_label(cid, state)) for cid in cards]
    if state.factions[FACTION].supply.get("warrior", 0) > 0:
        out += [Move("export", (cid,), "LoR 11.5.3.1", card_label(cid, state)) for cid in cards]
    if state.deck or state.discard:
        out.append(Move("draw", (), "LoR 11.5.4"))
    if recruit_possible(state):
        out.append(Move("recruit", (), "LoR 11.5.5"))
    if trade_post_clearings(state):
        out.append(Move("trade_post", (), "LoR 11.5.6"))
    return out


def move(g: Game, m: Move) -> None:
    commit(g, "LoR 11.5.1")
    ask_move(g, FACTION, "LoR 11.5.1")


def battle(g: Game, m: Move) -> None:
    commit(g, "LoR 11.5.2")
    ask_battle(g, FACTION, "LoR 11.5.2")


def draw_action(g: Game, m: Move) -> None:
    commit(g, "LoR 11.5.4")
    draw(g, FACTION, 1, "LoR 11.5.4", "for a committed fund")


# -- crafting (LoR 11.2.1, 11.5.3) -----------------------------------------------------------------------
def spaces(state: GameState) -> dict[str, int]:
    """The empty Trade Posts track spaces by suit: the Company's crafting (LoR 11.2.1)."""
    cb = company(state)
    return {suit: empty_spaces(state, cb, suit) for suit in CRAFT_SUITS}


def crafts(state: GameState) -> list[int]:
    """Cards the Company can craft (and so export, the Law of Root FAQ on 11.5.3): the empty
    spaces cover the cost (LoR 4.1.1) and enough funds fill them."""
    n = funds(state)
    deck = state.deckdef.cards
    keys = card_keys(state.deckdef)
    seen: set[str] = set()
    out = []
    for cid in craftable(state, FACTION, spaces(state)):
        if len(deck[cid].cost) <= n and keys[cid] not in seen:
            seen.add(keys[cid])
            out.append(cid)
    return out


def pay_crafting(g: Game, cid: int, rule: str) -> None:
    """Commit one fund to an empty track space for each icon of the cost (LoR 11.5.3): the
    suit's own track, any track for an any-suit icon (asked when there is a choice)."""
    s = g.state
    cb = company(s)
    free = spaces(s)
    cost = s.deckdef.cards[cid].cost
    for suit in [x for x in cost if x != ANY] + [x for x in cost if x == ANY]:
        if suit == ANY:
            left = [x for x in CRAFT_SUITS if free[x] > 0]
            suit = left[0] if len(left) == 1 else ask(g, FACTION, "craft.any_suit", rule, [Move("suit", (x,), rule) for x in left], "fill an empty space of which track").args[0]
        free[suit] -= 1
        owner = fund_owner(g, rule)
        cb.put("funds", owner, -1)
        cb.on_track(suit, owner, 1)
        g.emit(FACTION, rule, "board_warriors", "{n} {owner} warrior(s) from {a} to {b}", n=1, owner=owner, a="funds", b=f"the {suit} Trade Posts track")


def craft_card(g: Game, m: Move) -> None:
    """LoR 11.5.3: fill the spaces, then the card does what crafting it does (LoR 4.1)."""
    cid = m.args[0]
    pay_crafting(g, cid, "LoR 11.5.3")
    crafted(g, FACTION, cid, "LoR 11.5.3")


def export(g: Game, m: Move) -> None:
    """LoR 11.5.3.1: crafted but not used: the card is discarded, and a Riverfolk warrior goes to
    the Payments box."""
    s = g.state
    cid = m.args[0]
    pay_crafting(g, cid, "LoR 11.5.3.1")
    card = s.deckdef.cards[cid]
    g.emit(FACTION, "LoR 11.5.3.1", "export", "exports {card}: discards it instead of its benefit", card=card.label(), card_id=card.name)
    s.factions[FACTION].hand.remove(cid)
    discard(g, cid)
    board_move(g, FACTION, 1, "supply", "payments", "LoR 11.5.3.1")


# -- Recruit (LoR 11.5.5) -------------------------------------------------------------------------------
def recruit_possible(state: GameState) -> bool:
    """A warrior can be placed: one in supply, or a Riverfolk fund that returns to it when spent."""
    own = state.factions[FACTION].supply.get("warrior", 0) > 0 or company(state).funds.get(FACTION, 0) > 0
    return own and bool(river_spots(state))


def recruit(g: Game, m: Move) -> None:
    """LoR 11.5.5: spend a fund (a Riverfolk one when the supply is empty), then a warrior in a
    clearing with a river."""
    s = g.state
    only_own = s.factions[FACTION].supply.get("warrior", 0) <= 0
    spend_fund(g, "LoR 11.5.5", [FACTION] if only_own else None)
    c = ask(g, FACTION, "recruit.clearing", "LoR 11.5.5", [Move("clearing", (c,), "LoR 11.5.5") for c in river_spots(s)], "recruit in which river clearing").args[0]
    place_warriors(g, FACTION, c, 1, "LoR 11.5.5")


# -- Establish Trade Post with Garrison (LoR 11.5.6) --------------------------------------------------
def post_left(state: GameState, suit: str) -> bool:
    """A trade post of ``suit`` still on its track (three a suit; LoR 11.3.3, 11.2.5.1)."""
    return trade_posts_placed(state, suit) + company(state).lost.get(suit, 0) < TRADE_POSTS_PER_SUIT


def trade_post_clearings(state: GameState) -> list[int]:
    """LoR 11.5.6.1-2: a clearing without a trade post, ruled by a player with two funds, where a
    trade post of its suit can go."""
    cb = company(state)
    out = []
    for c in CLEARINGS:
        suit = state.suits[c] or ""
        if suit not in TRADE_POST_VP or (FACTION, "trade_post") in state.clearings[c].tokens or not post_left(state, suit):
            continue
        owner = ruler(state, c)
        if owner is not None and cb.funds.get(owner, 0) >= TRADE_POST_COST and may_place_in(state, FACTION, c) and not snared(state, FACTION, c):
            out.append(c)
    return out


def trade_post(g: Game, m: Move) -> None:
    """LoR 11.5.6: the clearing, two funds of its ruler spent, the trade post and a warrior
    placed, the VP of the uncovered space scored."""
    s = g.state
    rule = "LoR 11.5.6"
    c = ask(g, FACTION, "trade_post.clearing", "LoR 11.5.6.1", [Move("clearing", (c,), "LoR 11.5.6.1") for c in trade_post_clearings(s)], "establish a trade post in which clearing").args[0]
    owner = ruler(s, c)
    assert owner is not None
    board_move(g, owner, TRADE_POST_COST, "funds", "supply", "LoR 11.5.6.2")
    suit = s.suits[c] or ""
    uncovered = trade_posts_placed(s, suit) + company(s).lost.get(suit, 0)
    place_token(g, FACTION, c, "trade_post", rule)
    place_warriors(g, FACTION, c, 1, "LoR 11.5.6.3")
    score(g, FACTION, TRADE_POST_VP[suit][uncovered], "LoR 11.5.6.3", f"for the {suit} trade post's uncovered space")


ACTION = {"move": move, "battle": battle, "craft": craft_card, "export": export, "draw": draw_action, "recruit": recruit, "trade_post": trade_post}


# -- Evening (LoR 11.6) ----------------------------------------------------------------------------------
def evening(g: Game) -> None:
    """LoR 11.6: discard down to five, then set the prices."""
    evening_start(g, FACTION)
    offer_between_steps(g, FACTION)  # before 11.6.1 and 11.6.2, the last (LoR 1.4.3)
    discard_down(g, FACTION, "LoR 11.6.1", HAND_LIMIT)
    offer_between_steps(g, FACTION)
    set_prices(g, "evening.price", "LoR 11.6.2")


# -- Trade Disruption (LoR 11.2.5.1) --------------------------------------------------------------------
def by_legal_moves(g: Game) -> bool:
    """The Company's seat is played by legal moves (a program, or the table in law mode); at a
    table in board mode the people move the funds themselves."""
    ctl = g.controllers.get(FACTION)
    if getattr(ctl, "choose", None) is None:
        return False
    law = getattr(ctl, "law", None)
    return law is None or FACTION in law


def trade_disruption(g: Game) -> None:
    """A trade post was removed: half the funds, rounded up, go back to their owners' supplies,
    the Company picking whose (one warrior at a time)."""
    s = g.state
    n = (funds(s) + 1) // 2
    if n:
        g.emit(FACTION, "LoR 11.2.5.1", "trade_disruption", "loses {n} of its {total} funds to trade disruption", n=n, total=funds(s))
    for _ in range(n):
        owner = fund_owner(g, "LoR 11.2.5.1", step="disruption.fund")
        board_move(g, owner, 1, "funds", "supply", "LoR 11.2.5.1")


MOVE_TEXT["fund"] = lambda m: f"one {m.args[0]} warrior from the Funds"
MOVE_TEXT["price"] = lambda m: f"{SERVICE_NAMES[m.args[0]]} at {m.args[1]}"
MOVE_TEXT["export"] = lambda m: f"export {move_card(m)} (discard it for a warrior in Payments)"
MOVE_TEXT["draw"] = lambda m: "Draw: commit a fund to draw a card"
MOVE_TEXT["trade_post"] = lambda m: "Establish a trade post with garrison"
