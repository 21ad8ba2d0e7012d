"""Otter Overlords of the Better Bot Project v5 (fan-made, ``riverfolk@bbp``).

A second rule set beside the Law's Riverfolk Robots (``bot.py``); nothing here is shared with
it. Rule numbers are the paragraphs of the text as docs/bbp-coverage.md numbers them ("BBP
OO.3" is Daylight); rulings ``R-BBP-OO-...`` are in docs/rulings.md. Most of its play happens in
other seats' turns, when they buy its market cards or not (``bbp_market.py``, BBP OO.5-OO.11). On its
own turn it rolls the market on and crafts the order card's item (Birdsong), places a trade
post, recruits around its pieces and may battle (Daylight), and scores its Payments (Evening).
"""

from __future__ import annotations

from collections.abc import Callable

from ...core import rules as R
from ...core.battle import battle, can_battle
from ...core.bot import enemies_in, pieces_there, victory_points
from ...core.context import Game
from ...core.maps import CLEARINGS
from ...core.paths import river_links
from ...core.state import GameState
from ...core.targeting import Choice, choose_clearing, choose_player_bbp, in_priority_order, most
from .bbp_market import MARKET_CARDS, OtterBoard
from .board import TRADE_POSTS_PER_SUIT, trade_posts_placed

FACTION = "riverfolk"
SETUP_WARRIORS = 4  # ruling R-BBP-OO-SETUP: the Riverfolk Company's four warriors on the river
RECRUIT_CAP = 2  # BBP OO.3: no third warrior in a clearing
BATTLE_IF_AT_MOST = 2  # BBP OO.3: battle after recruiting 2 or fewer


class BetterOtters:
    """The Better Bot Project's Otter Overlords: setup, Birdsong, Daylight, Evening."""

    faction = FACTION

    def setup(self, g: Game) -> None:
        """Ruling R-BBP-OO-SETUP: four warriors on the river, nine trade posts off the map, an
        empty Payments box, the market filled with four cards."""
        s = g.state
        fs = s.factions[FACTION]
        fs.board = OtterBoard([], {}, 0)
        place_river_warriors(g)
        g.emit(FACTION, "BBP OO.12", "setup", "keeps {n} trade posts (three of each suit) off the map", n=fs.supply["trade_post"])
        restock(g, "BBP OO.12")

    def birdsong(self, g: Game) -> None:
        """BBP OO.2: discard the leftmost market card, restock to four; the rightmost is the order;
        craft its item for 1 VP, keeping the card."""
        discard_leftmost(g)
        restock(g, "BBP OO.2")
        if not board(g.state).market:  # ruling R-BBP-OO-EMPTY-MARKET
            g.emit(FACTION, "BBP OO.2", "skip", "has no order this turn: its market is empty and no card is left to draw (ruling R-BBP-OO-EMPTY-MARKET)")
            return
        card = order_card(g.state)
        c = g.state.deckdef.card(card)
        g.emit(FACTION, "BBP OO.2", "order", "its order is {suit}: the rightmost market card is {card}", suit=c.suit, card=c.label(), card_id=c.name)
        craft_shown_item(g, card)

    def daylight(self, g: Game) -> None:
        """BBP OO.3: a trade post, then recruit; battle if it recruited 2 or fewer."""
        if not board(g.state).market:  # no order card (ruling R-BBP-OO-EMPTY-MARKET)
            g.emit(FACTION, "BBP OO.3", "skip", "takes no Daylight actions: it has no order card (ruling R-BBP-OO-EMPTY-MARKET)")
            return
        suit = order_suit(g.state)
        place_trade_post(g, suit)
        if recruit(g, suit) <= BATTLE_IF_AT_MOST:
            battle_ordered(g, suit)
        else:
            g.emit(FACTION, "BBP OO.3", "skip", "does not battle: it recruited more than {n} warriors", n=BATTLE_IF_AT_MOST)

    def evening(self, g: Game) -> None:
        """BBP OO.4: score the Payments box, then return its warriors."""
        score_payments(g)


def place_river_warriors(g: Game) -> None:
    """Ruling R-BBP-OO-SETUP: four warriors dealt one at a time round the river clearings it may
    place in, by priority (the Mountain has only three; with none free, any clearing)."""
    s = g.state
    river = [c for c in in_priority_order(s, s.map.river_clearings) if R.may_place_in(s, FACTION, c)]
    where = river or [c for c in in_priority_order(s, CLEARINGS) if R.may_place_in(s, FACTION, c)]
    why: Callable[[], str] = lambda: "four warriors dealt round the river clearings by priority (ruling R-BBP-OO-SETUP)"  # noqa: E731
    for i in range(SETUP_WARRIORS):
        R.place_warriors(g, FACTION, where[i % len(where)], 1, "BBP OO.12", why=why)


def board(s: GameState) -> OtterBoard:
    b = s.factions[FACTION].board
    assert isinstance(b, OtterBoard) and b.market is not None and b.payments is not None, "the Otters' board is set up in BBP 2.1"
    return b


def order_card(s: GameState) -> int:
    """BBP OO.2: the rightmost market card is the order card."""
    return board(s).market[-1]  # type: ignore[index]


def order_suit(s: GameState) -> str:
    return s.deckdef.card(order_card(s)).suit


def ordered_clearings(s: GameState, suit: str) -> list[int]:
    """Clearings of the order's suit; a bird order is wild (ruling R-BBP-OO-BIRD)."""
    return [c for c in CLEARINGS if R.matches(suit, s.suit(c))]


# -- Birdsong (BBP OO.2) --------------------------------------------------------------------------
def discard_leftmost(g: Game) -> None:
    """BBP OO.2: the leftmost market card is discarded (the rest keep their order)."""
    row = board(g.state).market
    assert row is not None
    if not row:
        g.emit(FACTION, "BBP OO.2", "skip", "discards nothing: its market is empty")
        return
    card = row.pop(0)
    R.discard(g, card)
    g.emit(FACTION, "BBP OO.2", "discard_market", "discards {card}, the leftmost card of its market", card=g.state.deckdef.card(card).label())


def restock(g: Game, rule: str) -> None:
    """Cards are added to the right of the market until it holds four."""
    s = g.state
    row = board(s).market
    assert row is not None
    added: list[int] = []
    while len(row) < MARKET_CARDS:
        if not (s.deck or s.discard):  # LoR 1.5.4: as many as can be drawn
            g.emit(FACTION, rule, "market_short", "its market stays at {n} cards: the deck and the discard pile are empty (LoR 1.5.4)", n=len(row))
            break
        card = R.draw_card(g, FACTION)
        row.append(card)
        added.append(card)
    if added:
        g.emit(FACTION, rule, "stock_market", "adds {names} to the right of its market", names=", ".join(s.deckdef.card(c).label() for c in added))


def craft_shown_item(g: Game, card: int) -> bool:
    """BBP OO.2: an item the order card shows, left in the supply, is gained for 1 VP whatever
    the card lists; the card stays in the market."""
    s = g.state
    c = s.deckdef.card(card)
    if c.kind != "item" or c.item is None:
        return False
    if s.item_supply.get(c.item, 0) <= 0:
        g.emit(FACTION, "BBP OO.2", "craft_skipped", "cannot craft {card}: no {item} left in the supply", card=c.label(), item=c.item)
        return False
    s.item_supply[c.item] -= 1
    s.factions[FACTION].items.append(c.item)
    g.emit(FACTION, "BBP OO.2", "craft", "crafts {card} and takes the {item}; the card stays in its market", card=c.label(), item=c.item)
    R.score(g, FACTION, 1, "BBP OO.2", f"for crafting an item (always 1; the card lists {c.vp})")
    return True


# -- Daylight (BBP OO.3) --------------------------------------------------------------------------
def post_problem(s: GameState, c: int) -> str | None:
    """Why ``c`` cannot take a trade post: one there already, the keep, or none of its suit left."""
    if (FACTION, "trade_post") in s.clearings[c].tokens:
        return "has a trade post"
    if not R.may_place_in(s, FACTION, c):
        return "the keep forbids placing there"
    if trade_posts_placed(s, s.suit(c)) + board(s).lost(s.suit(c)) >= TRADE_POSTS_PER_SUIT:
        return f"no {s.suit(c)} trade post is left"  # on the map or out of the game (ruling R-BBP-OO-POSTS)
    return None


def place_trade_post(g: Game, suit: str) -> None:
    """BBP OO.3: a trade post of the order's suit (if one is left) in the highest-priority
    clearing of that suit without one."""
    s = g.state
    choice = choose_clearing(s, f"where to place a trade post ({'any' if suit == 'bird' else suit} clearing without one)", ordered_clearings(s, suit), [], legal=lambda c: post_problem(s, c))
    choice.tiebreak = choice.tiebreak.replace("(2.1)", "(BBP 4.1)")
    if choice.target is None:
        g.emit(FACTION, "BBP OO.3", "skip", "places no trade post: no {suit} clearing can take one", why=choice.explain, suit=suit)
        return
    R.place_token(g, FACTION, choice.target, "trade_post", "BBP OO.3", why=choice.explain)


def near_its_pieces(s: GameState, c: int) -> bool:
    """``c`` holds an Otter piece or borders one, rivers counting as paths (BBP OO.3)."""
    if s.clearings[c].pieces_of(FACTION) > 0:
        return True
    return any(s.clearings[d].pieces_of(FACTION) > 0 for d in set(s.map.adjacent[c]).union(river_links(s, c)))


def recruit(g: Game, suit: str) -> int:
    """BBP OO.3: one warrior in each ordered clearing that holds or borders its pieces (judged
    before any is placed, ruling R-BBP-OO-RECRUIT), never a third; by priority. Returns how many."""
    s = g.state
    eligible = [c for c in ordered_clearings(s, suit) if near_its_pieces(s, c)]
    full = [c for c in eligible if s.warriors(FACTION, c) >= RECRUIT_CAP]
    if full:
        g.emit(FACTION, "BBP OO.3", "skip", "recruits nowhere with {n} of its warriors already: {what}", n=RECRUIT_CAP, what=", ".join(map(str, full)))
    why: Callable[[], str] = lambda: "one warrior in each ordered clearing holding or next to its pieces (rivers count)"  # noqa: E731
    placed = 0
    for c in in_priority_order(s, [c for c in eligible if c not in full]):
        placed += R.place_warriors(g, FACTION, c, 1, "BBP OO.3", why=why)
    return placed


def choose_defender(s: GameState, c: int) -> Choice:
    """BBP OO.3: most pieces there, then the higher score, then setup order (BBP 4.2)."""
    choice = choose_player_bbp(s, f"defender in {c}", enemies_in(s, FACTION, c), [most("most pieces there", pieces_there(s, c), "BBP OO.3"), most("higher score", victory_points(s), "BBP OO.3")])
    return choice


def battle_ordered(g: Game, suit: str) -> None:
    """BBP OO.3: battle in every ordered clearing with its warriors and an enemy, by priority."""
    s = g.state
    targets = [c for c in ordered_clearings(s, suit) if s.warriors(FACTION, c) and enemies_in(s, FACTION, c)]
    if not targets:
        g.emit(FACTION, "BBP OO.3", "skip", "does not battle: no ordered clearing has both its warriors and an enemy piece")
    for c in in_priority_order(s, targets):
        if s.warriors(FACTION, c) == 0 or not enemies_in(s, FACTION, c):
            continue
        choice = choose_defender(s, c)
        if choice.target is not None and can_battle(s, FACTION, choice.target, c):
            battle(g, FACTION, choice.target, c, "BBP OO.3", why=choice.explain)


# -- Evening (BBP OO.4) ---------------------------------------------------------------------------
def score_payments(g: Game) -> None:
    """BBP OO.4: 1 VP for every set of Payments warriors as large as the number of opponents;
    then every warrior goes back to its owner's supply."""
    s = g.state
    pay = board(s).payments
    assert pay is not None
    total = sum(pay.values())
    opponents = sum(1 for f in s.turn_order if f != FACTION and s.is_enemy(FACTION, f))  # ruling R-BBP-OO-OPPONENTS
    vp = total // opponents if opponents else 0
    g.emit(FACTION, "BBP OO.4", "payments", "counts {n} warriors in its Payments box: {how}", n=total, how=f"{vp} set(s) of {opponents} (its opponents)")
    returned = dict(pay)
    pay.clear()
    for owner, n in returned.items():
        s.factions[owner].supply["warrior"] = s.factions[owner].supply.get("warrior", 0) + n
    if returned:
        g.emit(FACTION, "BBP OO.4", "return_payments", "returns the Payments warriors to their owners: {who}", who=", ".join(f"{n} to {f}" for f, n in sorted(returned.items())))
    if vp:
        R.score(g, FACTION, vp, "BBP OO.4", f"for {vp} set(s) of {opponents} warriors in its Payments box")
