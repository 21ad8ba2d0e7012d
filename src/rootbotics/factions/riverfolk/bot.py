"""Riverfolk Robots (Law of Robotics section 9).

The bot's state is its board (``board.py``): the Market (left to right, 9.2.1), the Payments box
(warriors by owner, 9.2.3) and the Protectionism conditions met this turn (9.2.4). The services
other players buy are in ``services.py``; trade posts are tokens that go back to their suit's
track when removed (9.2.2).
"""

from __future__ import annotations

from typing import cast

from ...core import rules as R
from ...core.battle import battle, can_battle
from ...core.context import Game
from ...core.maps import CLEARINGS
from ...core.state import FactionState, GameState
from .board import TRADE_POSTS_PER_SUIT, RiverfolkBoard, trade_posts_placed
from ...core.bot import enemies_in
from ...core.bot import difficulty
from ...core.targeting import choose_clearing, choose_player, fewest, in_priority_order, most

FACTION = "riverfolk"
MARKET_SIZE = 5  # 9.2.1
STARTING_PAYMENT = 1  # 9.3.4
GARRISON = {"easy": 0, "default": 1, "challenging": 2, "nightmare": 2}  # 9.5.1 by difficulty (3.3.1)
ORGANIZE_WARRIORS = 2  # 9.5.3
RACKET_KEEPS = 2  # 9.6.2
SHIELD, SWORD = "shield", "sword"


class RiverfolkRobots:
    faction = FACTION

    # -- 9.3 setup -----------------------------------------------------------------------------
    def setup(self, g: Game) -> None:
        board = river_board(g.state)
        board.market, board.payments, board.protection = [], {}, []
        gather_warriors(g)
        place_river_warriors(g)
        fill_trade_posts(g)
        starting_payment(g)
        stock_market(g, "9.3.5")

    # -- 9.4 Birdsong --------------------------------------------------------------------------
    def birdsong(self, g: Game) -> None:
        river_board(g.state).protection = []  # the conditions hold for one turn (9.2.4)
        added = stock_market(g, "9.4.1")
        craft(g, added)
        set_order(g)

    # -- 9.5 Daylight --------------------------------------------------------------------------
    def daylight(self, g: Game) -> None:
        build_and_garrison(g)
        recruit(g)
        organize(g)
        battle_step(g)

    # -- 9.6 Evening ---------------------------------------------------------------------------
    def evening(self, g: Game) -> None:
        score_payments(g)
        racketeering(g)
        discard(g)
        nightmare_points(g)


def me(s: GameState) -> FactionState:
    return s.factions[FACTION]


def river_board(s: GameState) -> RiverfolkBoard:
    """The bot's board, typed for the compiled build (a no-op cast)."""
    return cast(RiverfolkBoard, s.factions[FACTION].board)


def market(s: GameState) -> list[int]:
    board = river_board(s)
    assert board.market is not None, "the Riverfolk Robots' Market is set up in 9.3.5"
    return board.market


def payments(s: GameState) -> dict[str, int]:
    board = river_board(s)
    assert board.payments is not None
    return board.payments


def condition(s: GameState, which: str) -> bool:
    """Whether a Protectionism condition was fulfilled this turn (9.2.4)."""
    return which in (river_board(s).protection or ())


# -- setup (9.3) -----------------------------------------------------------------------------------
def gather_warriors(g: Game) -> None:
    """9.3.1: a supply of 15 warriors."""
    g.emit(FACTION, "9.3.1", "setup", "forms a supply of {n} warriors", n=me(g.state).supply["warrior"])


def place_river_warriors(g: Game) -> None:
    """9.3.2: one warrior in each clearing on the river (on the Lake, each coastal clearing)."""
    s = g.state
    for c in in_priority_order(s, s.map.river_clearings):
        R.place_warriors(g, FACTION, c, 1, "9.3.2", why=lambda: "one warrior in each clearing on the river")


def fill_trade_posts(g: Game) -> None:
    """9.3.3: nine trade posts on the Trade Posts tracks (the supply)."""
    g.emit(FACTION, "9.3.3", "setup", "fills its Trade Posts tracks with {n} trade posts", n=me(g.state).supply["trade_post"])


def starting_payment(g: Game) -> None:
    """9.3.4: one of its own warriors in the Payments box."""
    to_payments(g, STARTING_PAYMENT, "9.3.4", "as its starting payment")


def to_payments(g: Game, n: int, rule: str, reason: str) -> None:
    """Move ``n`` Riverfolk warriors from supply into Payments."""
    s = g.state
    fs = me(s)
    n = min(n, fs.supply.get("warrior", 0))
    if n <= 0:
        return
    fs.supply["warrior"] -= n
    pay = payments(s)
    pay[FACTION] = pay.get(FACTION, 0) + n
    g.emit(FACTION, rule, "payments", "puts {n} of its warriors in its Payments box {reason}", n=n, reason=reason)


# -- Birdsong (9.4) --------------------------------------------------------------------------------
def stock_market(g: Game, rule: str) -> list[int]:
    """9.3.5, 9.4.1: draw cards onto the Market's right side until it holds five. Returns the
    cards added, in the order they were added."""
    s = g.state
    row = market(s)
    added: list[int] = []
    while len(row) < MARKET_SIZE:
        if not (s.deck or s.discard):  # LoR 1.5.4: as many as can be drawn
            g.emit(FACTION, rule, "market_short", "its Market stays at {n} cards: the deck and the discard pile are empty (LoR 1.5.4)", n=len(row))
            break
        card = R.draw_card(g, FACTION)
        row.append(card)
        added.append(card)
    if added:
        names = ", ".join(s.deckdef.card(c).label() for c in added)
        g.emit(FACTION, rule, "stock_market", "adds {names} to the right of its Market", names=names)
    return added


def shows_available_item(s: GameState, card: int) -> bool:
    c = s.deckdef.card(card)
    return c.kind == "item" and c.item is not None and s.item_supply.get(c.item, 0) > 0


def craft(g: Game, added: list[int]) -> None:
    """9.4.2: craft the first card added this turn that shows an item still in the supply,
    scoring 1 VP (1.1.2), and discard it."""
    s = g.state
    card = next((c for c in added if shows_available_item(s, c)), None)
    if card is None:
        g.emit(FACTION, "9.4.2", "craft_skipped", "crafts nothing: no card added to its Market this turn shows an available item")
        return
    c = s.deckdef.card(card)
    assert c.item is not None
    s.item_supply[c.item] -= 1
    me(s).items.append(c.item)
    market(s).remove(card)
    with R.told_after(g):
        R.discard(g, card)
        g.emit(FACTION, "9.4.2", "craft", "crafts {card} from its Market, takes the {item} and discards the card", card=c.label(), item=c.item)
    R.score(g, FACTION, 1, "1.1.2", f"for crafting an item (the card lists {c.vp})")


def order_card(s: GameState) -> int:
    """9.4.3: the order is the rightmost Market card."""
    return market(s)[-1]


def order_suit(s: GameState) -> str:
    return s.deckdef.card(order_card(s)).suit


def set_order(g: Game) -> None:
    s = g.state
    if not market(s):  # nothing could be drawn to it, and a craft took the last card added
        R.no_order_card(g, FACTION, "9.4.3", "its Market is empty and no card could be drawn to it", "R-BBP-OO-EMPTY-MARKET")
    c = s.deckdef.card(order_card(s))
    g.emit(FACTION, "9.4.3", "order", "its order is {suit}: the rightmost Market card is {card}", suit=c.suit, card=c.label())


def ordered(s: GameState) -> list[int]:
    suit = order_suit(s)
    return [c for c in CLEARINGS if R.matches(suit, s.suit(c))]


# -- Daylight (9.5) --------------------------------------------------------------------------------
def top_payer(s: GameState) -> str | None:
    """The player with the most warriors in Payments, the Riverfolk themselves included, read as
    in 9.6.1 (ties: setup priority, 2.2; ruling R-RIVERFOLK-PAYMENTS)."""
    pay = payments(s)
    who = [f for f, n in pay.items() if n > 0]
    if not who:
        return None
    return choose_player(s, "the player with the most warriors in Payments", who, [most("most warriors in Payments", lambda f: pay[f], "9.5.1 I")]).target


def post_blocked(s: GameState, c: int) -> str | None:
    """Why ``c`` cannot take a trade post (None if it can): the keep (4.2.1), or no trade post of
    its suit left on the Trade Posts tracks (9.3.3; a removed one is back on its track, 9.2.2)."""
    if not R.may_place_in(s, FACTION, c):
        return "the keep is there (4.2.1)"
    suit = s.suit(c)
    if trade_posts_placed(s, suit) >= TRADE_POSTS_PER_SUIT:
        return f"no {suit} trade post left on its tracks"
    return None


def build_and_garrison(g: Game) -> None:
    """9.5.1: a trade post and (by difficulty) warriors in an ordered clearing without a trade
    post; first tie: a clearing with pieces of the player with the most warriors in Payments.
    A snare that stops the trade post stops its warriors too (11.8.2)."""
    s = g.state
    fs = me(s)
    if fs.supply.get("trade_post", 0) == 0:
        g.emit(FACTION, "9.5.1", "skip", "does not build: no trade post left on its tracks")
        return
    payer = top_payer(s)
    label = f"has pieces of {payer}" if payer else "has pieces of the top payer (nobody)"
    choice = choose_clearing(
        s,
        f"where to build a trade post (ordered clearings without one; order {order_suit(s)})",
        [c for c in ordered(s) if (FACTION, "trade_post") not in s.clearings[c].tokens],
        [most(label, lambda c: 1 if payer and s.clearings[c].pieces_of(payer) else 0, "9.5.1 I")],
        legal=lambda c: post_blocked(s, c),
    )
    if choice.target is None:
        g.emit(FACTION, "9.5.1", "skip", "does not build: no ordered clearing can take a trade post", why=choice.explain)
        return
    c = choice.target
    if not R.place_token(g, FACTION, c, "trade_post", "9.5.1", why=choice.explain):
        # a snare there (11.8.2) took the place of this whole placement, garrison included:
        # there is no new trade post to garrison (ruling R-SNARE)
        return
    n = GARRISON[difficulty(s, FACTION)]
    if n:
        R.place_warriors(g, FACTION, c, n, "9.5.1", why=lambda: f"the garrison of its new trade post ({n} at this difficulty)")


def recruit(g: Game) -> None:
    """9.5.2: one warrior in each ordered clearing, or on a bird order in each clearing on the
    river; short of warriors, highest priority first (9.5.2 I)."""
    s = g.state
    bird = order_suit(s) == "bird"
    where = s.map.river_clearings if bird else ordered(s)
    reason = "one warrior in each clearing on the river (bird order)" if bird else "one warrior in each ordered clearing"
    for c in in_priority_order(s, where):
        if me(s).supply.get("warrior", 0) == 0:
            g.emit(FACTION, "9.5.2 I", "supply_empty", "has no warriors left: the rest of its recruit is not placed")
            return
        R.place_warriors(g, FACTION, c, 1, "9.5.2", why=lambda: reason)


def check_protectionism(g: Game) -> None:
    """9.2.4: the shield condition with an empty Payments box, the sword condition with no
    warriors in supply; either lasts the rest of the turn."""
    s = g.state
    fs = me(s)
    board = river_board(s)
    met = board.protection if board.protection is not None else []
    if sum(payments(s).values()) == 0 and SHIELD not in met:
        met.append(SHIELD)
    if fs.supply.get("warrior", 0) == 0 and SWORD not in met:
        met.append(SWORD)
    board.protection = met
    shield = "fulfilled" if SHIELD in met else "not fulfilled (its Payments box holds warriors)"
    sword = "fulfilled" if SWORD in met else "not fulfilled (it has warriors in supply)"
    g.emit(FACTION, "9.2.4", "protectionism", "Protectionism: shield condition {shield}; sword condition {sword}", shield=shield, sword=sword)


def organize(g: Game) -> None:
    """9.5.3: check Protectionism; with either condition, score 1 VP and place two warriors in a
    clearing with Riverfolk pieces and the most enemy pieces."""
    s = g.state
    check_protectionism(g)
    if not river_board(s).protection:
        return
    R.score(g, FACTION, 1, "9.5.3", "for organizing under Protectionism")
    choice = choose_clearing(
        s,
        "where to place two warriors (clearings with Riverfolk pieces)",
        [c for c in CLEARINGS if s.clearings[c].pieces_of(FACTION) > 0],
        [most("most enemy pieces", lambda c: s.enemy_pieces(FACTION, c), "9.5.3")],
        legal=lambda c: None if R.may_place_in(s, FACTION, c) else "the keep is there (4.2.1)",
    )
    if choice.target is None:
        g.emit(FACTION, "9.5.3", "skip", "places no warriors: no clearing with its pieces can take them", why=choice.explain)
        return
    if me(s).supply.get("warrior", 0) == 0:
        g.emit(FACTION, "9.5.3", "supply_empty", "has no warriors in supply to place in {c}", c=choice.target)
        return
    R.place_warriors(g, FACTION, choice.target, ORGANIZE_WARRIORS, "9.5.3", why=choice.explain)


def battle_step(g: Game) -> None:
    """9.5.4: shield: battle in each clearing, then go to Evening; else sword: battle in each
    ordered clearing. Highest priority first (2.4)."""
    s = g.state
    if condition(s, SHIELD):
        g.emit(FACTION, "9.5.4", "battle_step", "shield condition: battles in each clearing, then goes to Evening")
        battle_in(g, list(CLEARINGS))
        return
    if condition(s, SWORD):
        g.emit(FACTION, "9.5.4", "battle_step", "sword condition: battles in each ordered clearing")
        battle_in(g, ordered(s))
        return
    g.emit(FACTION, "9.5.4", "no_battle", "does not battle: neither Protectionism condition is fulfilled")


def battle_in(g: Game, where: list[int]) -> None:
    s = g.state
    pay = payments(s)
    for c in in_priority_order(s, where):
        if s.warriors(FACTION, c) == 0:
            continue
        foes = enemies_in(s, FACTION, c)
        if not foes:
            continue
        choice = choose_player(
            s,
            f"whom to battle in {c}",
            foes,
            [fewest("fewest warriors in Payments", lambda f: pay.get(f, 0), "9.5.4 I")],
            legal=lambda f: None if can_battle(s, FACTION, f, c) else "cannot be attacked there",
        )
        if choice.target is not None:
            battle(g, FACTION, choice.target, c, "9.5.4", why=choice.explain)


# -- Evening (9.6) ---------------------------------------------------------------------------------
def score_payments(g: Game) -> None:
    """9.6.1: 1 VP per warrior of the player with the most warriors in Payments (the Riverfolk's
    own count too; ties: setup priority), whose warriors then go back to its supply."""
    s = g.state
    pay = payments(s)
    owners = [f for f, n in pay.items() if n > 0]
    if not owners:
        g.emit(FACTION, "9.6.1", "score", "scores nothing: its Payments box is empty")
        return
    choice = choose_player(s, "whose payments to score", owners, [most("most warriors in Payments", lambda f: pay[f], "9.6.1")])
    who = choice.target
    assert who is not None
    n = pay.pop(who)
    s.factions[who].supply["warrior"] = s.factions[who].supply.get("warrior", 0) + n
    g.emit(FACTION, "9.6.1", "return_payments", "returns {n} {who} warrior{pl} from Payments to their supply", choice.explain, n=n, who=who, pl="s" if n > 1 else "")
    R.score(g, FACTION, n, "9.6.1", f"for the {n} {who} warrior{'s' if n != 1 else ''} in its Payments box")


def racketeering(g: Game) -> None:
    """9.6.2: under either Protectionism condition, all but two Riverfolk warriors leave each
    clearing for the Payments box."""
    s = g.state
    if not river_board(s).protection:
        return
    for c in CLEARINGS:
        extra = s.warriors(FACTION, c) - RACKET_KEEPS
        if extra <= 0:
            continue
        cl = s.clearings[c]
        cl.warriors[FACTION] -= extra
        pay = payments(s)
        pay[FACTION] = pay.get(FACTION, 0) + extra
        g.emit(FACTION, "9.6.2", "racketeering", "Racketeering: takes {n} warrior{pl} from {c} into its Payments box", n=extra, c=c, pl="s" if extra > 1 else "")


def discard(g: Game) -> None:
    """9.6.3: discard the leftmost Market card; under the shield condition, once more."""
    s = g.state
    times = 2 if condition(s, SHIELD) else 1
    for _ in range(times):
        row = market(s)
        if not row:
            return
        card = row.pop(0)
        with R.told_after(g):
            said = R.discard_words(R.discard(g, card, told=True), "{card}")
            g.emit(FACTION, "9.6.3", "discard_market", said + ", the leftmost card of its Market", card=s.deckdef.card(card).label())


def nightmare_points(g: Game) -> None:
    """Nightmare (3.3.1): 1 VP at the end of Evening, as the Riverfolk Nightmare card says (ruling
    R-DIFF-CW2-NIGHTMARE)."""
    if difficulty(g.state, FACTION) == "nightmare":
        R.score(g, FACTION, 1, "3.3.1", "at the end of Evening (nightmare difficulty)")
