"""The Otter Overlords' market as other seats use it (Better Bot Project v5, ``riverfolk@bbp``):
the row of four cards, what a card costs and how many a buyer may take, the Payments box and
the export track (BBP OO.5-OO.11, "what to watch out for"). Rule numbers are the paragraphs of the
text as docs/bbp-coverage.md numbers them; rulings ``R-BBP-OO-...`` are in docs/rulings.md.

A service of this rule set is one card of the market (the text names no other service): the
buyer pays warriors into the Otters' Payments box; a human takes the card into their hand, a bot
reveals it as its order card (ruling R-BBP-OO-BOTS-BUY). Purchases are made at the start of the
buyer's Birdsong, and a seat that bought nothing then moves the export track (R-BBP-OO-WHEN).
"""

from __future__ import annotations

from ...core import rules as R
from ...core.context import EngineFailure, Game
from ...core.faction import piece_totals
from ...core.maps import CLEARINGS
from ...core.state import GameState
from .board import RiverfolkBoard
from .services import HAND_CARD, Offer, Purchase, policy, price

FACTION = "riverfolk"
BBP = "bbp"
MARKET_CARDS = 4  # BBP OO.1: a row of four cards
EXPORT_STEP_VP = 1  # ruling R-BBP-OO-EXPORT: the stand-in's VP under every step (the track was an image)
EXPORT_OPTION = "otters_export"  # the VP under each step, read off the table's board (issue 29)
EXPORT_FLAG = "--otters-export"
EXPORT_STEPS = (1, 30)  # how many steps a given track may have
EXPORT_WHAT = "the Otter Overlords' export track"
EXPORT_HELP = (
    "The Otter Overlords' (riverfolk@bbp) export track read off its board, the VP under each step from the first "
    "step right of the start, e.g. 1,1,2,2,3 (BBP OO.5; the track was an image). Default: a stand-in, 1 VP on every "
    "step and no end, named as such in the log, the record and reports (ruling R-BBP-OO-EXPORT)."
)


def export_track(state: GameState) -> list[int] | None:
    """The export track the table gave (``options.otters_export``), or None: the stand-in."""
    value = state.options.get(EXPORT_OPTION)
    return list(value) if isinstance(value, (list, tuple)) else None


def export_option_problem(options: dict[str, object]) -> str | None:
    if EXPORT_OPTION not in options:
        return None
    from ...core.lost_values import vp_track_problem

    problem = vp_track_problem(options[EXPORT_OPTION], EXPORT_STEPS, EXPORT_WHAT)
    return f"options.{EXPORT_OPTION}: {problem}" if problem else None


def export_table_options(text: str) -> dict[str, object]:
    from ...core.lost_values import parse_vp_track

    return {EXPORT_OPTION: parse_vp_track(text, EXPORT_STEPS, EXPORT_WHAT)}


class OtterBoard(RiverfolkBoard):
    """The Otters' board: the market (left to right, BBP OO.1), the Payments box (warriors by
    owner, BBP OO.7), the export track's marker (steps moved right, never below 0) and its trade
    posts out of the game, by suit (removed ones leave the game, ruling R-BBP-OO-POSTS; each
    suit has three, 9.3.3)."""

    __slots__ = ("export", "lost_posts")

    def __init__(self, market: list[int] | None = None, payments: dict[str, int] | None = None, export: int = 0, lost_posts: dict[str, int] | None = None) -> None:
        super().__init__(market, payments, None)
        self.export = export
        self.lost_posts: dict[str, int] = dict(lost_posts or {})

    def clone(self) -> OtterBoard:
        return OtterBoard(None if self.market is None else list(self.market), None if self.payments is None else dict(self.payments), self.export, self.lost_posts)

    def lost(self, suit: str) -> int:
        """Trade posts of ``suit`` out of the game."""
        return self.lost_posts.get(suit, 0)


def otters(state: GameState) -> OtterBoard | None:
    """The Otter Overlords' board, if a set-up ``riverfolk@bbp`` seat plays."""
    fs = state.factions.get(FACTION)
    if fs is None or not fs.is_bot or fs.rule_set != BBP:
        return None
    board = fs.board
    return board if isinstance(board, OtterBoard) and board.market is not None else None


def allowance(state: GameState, buyer: str) -> int:
    """BBP OO.10: a player may buy 1 + one per trade post in a clearing where they have a piece;
    BBP OO.11: a bot any number (at most the market's cards)."""
    if state.factions[buyer].is_bot:
        return MARKET_CARDS
    post = (FACTION, "trade_post")
    return 1 + sum(1 for c in CLEARINGS if post in state.clearings[c].tokens and state.clearings[c].pieces_of(buyer) > 0)


def offer(state: GameState, buyer: str, board: OtterBoard) -> Offer:
    """BBP OO.8: the price by the buyer's score (2, 3, 4), paid with the buyer's own warriors
    (a faction without warriors cannot pay, ruling R-BBP-OO-PAY)."""
    return Offer(buyer, allowance(state, buyer), price(state.factions[buyer].vp), buyer, tuple(board.market or ()))


def can_pay(state: GameState, buyer: str) -> bool:
    return "warrior" in piece_totals(buyer, state.factions[buyer].seat)


def offer_cards(g: Game, buyer: str) -> None:
    """At the start of ``buyer``'s Birdsong (R-BBP-OO-WHEN): it may buy market cards; if it buys
    none, the export track moves (BBP OO.5)."""
    s = g.state
    board = otters(s)
    if board is None or buyer == FACTION:
        return  # the Otters' own turn moves no marker: they buy nothing from themselves
    o = offer(s, buyer, board)
    wanted: list[Purchase] = []
    if can_pay(s, buyer) and o.affordable(s) > 0:
        wanted = bot_purchases(s, o) if s.factions[buyer].is_bot else list(g.controller(buyer).buy_services(g, buyer, o))
        problem = purchase_problem(s, o, wanted)
        if problem:
            raise EngineFailure(f"{buyer} cannot buy {wanted}: {problem}")
    for _, card in wanted:
        assert card is not None
        buy_card(g, o, card)
    if not wanted:
        move_export(g, buyer)


def purchase_problem(state: GameState, o: Offer, wanted: list[Purchase]) -> str | None:
    """Whether purchases fit the offer: market cards only, each once, within allowance and warriors."""
    if len(wanted) > o.allowance:
        return f"only {o.allowance} card(s) may be bought"
    if len(wanted) * o.price > state.factions[o.payer].supply.get("warrior", 0):
        return f"{o.payer} has too few warriors in supply to pay {len(wanted) * o.price}"
    cards = [card for _, card in wanted]
    for service, card in wanted:
        if service != HAND_CARD:
            return f"the Otter Overlords sell only market cards, not {service!r}"
        if card not in o.market or cards.count(card) > 1:
            return f"card {card!r} is not in the market"
    return None


def buy_card(g: Game, o: Offer, card: int) -> None:
    """BBP OO.7: pay the price in warriors into the Payments box and take the card; the other
    cards keep their order (BBP OO.1). A bot reveals it as its order card (R-BBP-OO-BOTS-BUY)."""
    s = g.state
    board = otters(s)
    assert board is not None and board.market is not None and board.payments is not None
    s.factions[o.payer].supply["warrior"] -= o.price
    board.payments[o.payer] = board.payments.get(o.payer, 0) + o.price
    board.market.remove(card)
    label = s.deckdef.card(card).label()
    fs = s.factions[o.buyer]
    if fs.is_bot:
        fs.order = card
        s.services.setdefault(o.buyer, []).append(HAND_CARD)
    else:
        fs.hand.append(card)
    g.emit(o.buyer, "BBP OO.7", "buy_service", "buys {card} from the Otters' market: {n} of its warriors go into their Payments box (the price at {vp} VP)", card=label, n=o.price, vp=fs.vp)
    if fs.is_bot:
        g.emit(o.buyer, "BBP OO.9", "hand_card", "a bot holds no hand: {card} will be its order card this turn (ruling R-BBP-OO-BOTS-BUY)", card=label)


# Bots that draw no order card have no use for the Otters' card: the Logical Lizards' order is a
# suit taken from their Lost Souls (8.4.1), so a bought card would have nowhere to go
# (ruling R-BBP-OO-BOTS-BUY).
NO_ORDER_CARD: frozenset[str] = frozenset({"lizards"})


def hand_card_choice(state: GameState, o: Offer) -> int | None:
    """A market card showing an item the supply still has: bird, then most VP, then leftmost
    (the Otters' stand-in, ruling R-BBP-OO-BOTS-BUY)."""
    best: tuple[int, int, int] | None = None
    pick = None
    for i, cid in enumerate(o.market):
        card = state.deckdef.card(cid)
        if card.kind != "item" or card.item is None or state.item_supply.get(card.item, 0) <= 0:
            continue
        key = (0 if card.suit == "bird" else 1, -(card.vp or 0), i)
        if best is None or key < best:
            best, pick = key, cid
    return pick


def bot_purchases(state: GameState, o: Offer) -> list[Purchase]:
    """BBP OO.9, ruling R-BBP-OO-BOTS-BUY (the bots' buying cards are lost): the services option.
    ``none``: never; otherwise, when the Otters have no more VP than the buyer and the buyer
    reveals order cards, one card showing an item still in the supply (bird, most VP, leftmost)."""
    if policy(state) == "none" or o.buyer in NO_ORDER_CARD:
        return []
    if state.factions[FACTION].vp > state.factions[o.buyer].vp:
        return []
    card = hand_card_choice(state, o)
    return [] if card is None else [(HAND_CARD, card)]


# -- the export track (BBP OO.5, OO.6) -----------------------------------------------------------------
def move_export(g: Game, buyer: str) -> None:
    """A player bought nothing this turn: the marker moves one step right and the Otters score
    the VP it now covers (ruling R-BBP-OO-EXPORT)."""
    board = otters(g.state)
    assert board is not None
    track = export_track(g.state)
    if track is None:  # the stand-in: every step 1 VP, no end
        board.export += 1
        R.score(g, FACTION, EXPORT_STEP_VP, "BBP OO.5", f"as {buyer} buys nothing from its market: the export marker moves to step {board.export} (ruling R-BBP-OO-EXPORT)")
        return
    if board.export >= len(track):
        g.emit(FACTION, "BBP OO.5", "no_score", "{buyer} buys nothing from its market, but the export marker is on the last step of the track given ({n}): it stays, covering nothing new (ruling R-BBP-OO-EXPORT)", buyer=buyer, n=len(track))
        return
    board.export += 1
    vp = track[board.export - 1]
    reason = f"as {buyer} buys nothing from its market: the export marker moves to step {board.export} of the track given"
    if vp:
        R.score(g, FACTION, vp, "BBP OO.5", reason)
    else:
        g.emit(FACTION, "BBP OO.5", "no_score", "scores nothing {reason}: the step shows 0 VP", reason=reason)


def trade_post_removed(g: Game, c: int) -> None:
    """A removed trade post leaves the game, as the standard Riverfolk's do (ruling
    R-BBP-OO-POSTS; the Law's 9.2.2 returns only its own bot's), recorded by its suit (its
    clearing's, 9.3.3); then the export marker steps back (BBP OO.6)."""
    s = g.state
    board = otters(s)
    if board is None:
        return
    fs = s.factions[FACTION]
    suit = s.suit(c)
    fs.supply["trade_post"] -= 1
    fs.removed["trade_post"] = fs.removed.get("trade_post", 0) + 1
    board.lost_posts[suit] = board.lost(suit) + 1
    g.emit(FACTION, "BBP OO.6", "trade_post_gone", "the removed {suit} trade post leaves the game (the standard Riverfolk rule, ruling R-BBP-OO-POSTS)", suit=suit, c=c)
    export_back(g)


def export_back(g: Game) -> None:
    """A trade post was removed: the marker goes one step back, scoring nothing (BBP OO.6)."""
    board = otters(g.state)
    if board is None:
        return
    if board.export == 0:
        g.emit(FACTION, "BBP OO.6", "no_score", "loses a trade post; the export marker is already at the start")
        return
    board.export -= 1
    g.emit(FACTION, "BBP OO.6", "no_score", "loses a trade post: the export marker goes back to step {n}, scoring nothing", n=board.export)
