"""The Riverfolk Robots' services, as other players buy and use them (Law of Robotics 9.2.3, 9.7).

At the start of another player's Birdsong that player may buy services: one, plus one for each
clearing holding both their pieces and a trade post. Each costs 2, 3 or 4 warriors by the buyer's
score, placed in the Riverfolk's Payments box (Riverfolk warriors if the buyer's faction has
none). A bought service lasts until the end of the buyer's turn (``GameState.services``):

- Hand Card (I): a Market card goes to the buyer's hand; a bot has no hand, so it reveals the
  card as its order card instead of drawing one (ruling R-SERVICES-BOTS).
- Riverboats (II): rivers are paths for the buyer (``core/paths.py``).
- Mercenaries (III): in the buyer's Daylight and Evening, Riverfolk warriors count as the
  buyer's for rule and battle, except against the Riverfolk; hits taken are split.

How a bot decides what to buy is on the Basic and Advanced Services cards, whose text no source
we have holds: ``GameConfig.options["riverfolk_services"]`` picks ``none``, ``basic`` (the
default) or ``advanced``, stand-ins described in ruling R-SERVICES-BOTS. A human buyer is asked
through its controller (``Controller.buy_services``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...core.context import EngineFailure, Game
from ...core.faction import piece_totals
from ...core.maps import CLEARINGS
from ...core.state import GameState

RIVERFOLK = "riverfolk"
HAND_CARD, RIVERBOATS, MERCENARIES = "hand_card", "riverboats", "mercenaries"
SERVICES: tuple[str, ...] = (HAND_CARD, RIVERBOATS, MERCENARIES)
SERVICE_NAMES = {HAND_CARD: "Hand Card", RIVERBOATS: "Riverboats", MERCENARIES: "Mercenaries"}
POLICIES: tuple[str, ...] = ("none", "basic", "advanced")
DEFAULT_POLICY = "basic"
OPTION = "riverfolk_services"
MOVERS: frozenset[str] = frozenset({"marquise", "eyrie", "vagabot"})  # bots whose turn moves pieces
FIGHTERS: frozenset[str] = frozenset({"marquise", "eyrie"})  # bots that battle with warriors

Purchase = tuple[str, int | None]  # (service, Market card for Hand Card)


@dataclass(slots=True)
class Offer:
    """What a buyer may buy now: how many services, at what price each, from which Market."""

    buyer: str
    allowance: int
    price: int
    payer: str  # whose warriors go into Payments
    market: tuple[int, ...]

    def affordable(self, state: GameState) -> int:
        """How many services the payer's supply can pay for, within the allowance."""
        have = state.factions[self.payer].supply.get("warrior", 0)
        return min(self.allowance, have // self.price)


# -- 9.2.3: who may buy, how many, at what price ------------------------------------------------
def riverfolk_bot(state: GameState) -> bool:
    fs = state.factions.get(RIVERFOLK)
    return fs is not None and fs.is_bot and fs.board.market is not None


def price(vp: int) -> int:
    """9.2.3: two warriors at 0-9 VP, three at 10-19, four at 20 or more."""
    if vp >= 20:
        return 4
    return 3 if vp >= 10 else 2


def allowance(state: GameState, buyer: str) -> int:
    """9.2.3: one service, plus one per clearing with the buyer's pieces and a trade post."""
    return 1 + sum(
        1
        for c in CLEARINGS
        if (RIVERFOLK, "trade_post") in state.clearings[c].tokens and state.clearings[c].pieces_of(buyer) > 0
    )


def payer(state: GameState, buyer: str) -> str:
    """9.2.3: the buyer pays with its warriors; a faction with none (the Vagabot) has the
    Riverfolk place their own warriors instead."""
    return buyer if "warrior" in piece_totals(buyer, state.factions[buyer].seat) else RIVERFOLK


def refusal(state: GameState, buyer: str) -> str | None:
    """Why ``buyer`` may not buy services now, or None. The Riverfolk never sell to a player
    with a dominance condition (9.2.3): this engine seats no such player (bots never take a
    dominance card, 1.3, and human turns are played outside it), ruling R-SERVICES-DOMINANCE."""
    if buyer == RIVERFOLK:
        return "the Riverfolk do not buy their own services"
    if not riverfolk_bot(state):
        return "no Riverfolk Robots in the game"
    return None


def offer(state: GameState, buyer: str) -> Offer:
    rf = state.factions[RIVERFOLK]
    return Offer(buyer, allowance(state, buyer), price(state.factions[buyer].vp), payer(state, buyer), tuple(rf.board.market or ()))


# -- buying -------------------------------------------------------------------------------------
def offer_services(g: Game, buyer: str) -> None:
    """9.2.3: at the start of ``buyer``'s Birdsong, it may buy services: a bot by the policy set
    up for the game, a human by its controller."""
    s = g.state
    if refusal(s, buyer) is not None:
        return
    o = offer(s, buyer)
    if o.affordable(s) == 0:
        return
    fs = s.factions[buyer]
    if fs.is_bot:
        wanted = bot_purchases(s, o)
    else:
        wanted = [(svc, card) for svc, card in g.controller(buyer).buy_services(g, buyer, o)]
    problem = purchase_problem(s, o, wanted)
    if problem:
        raise EngineFailure(f"{buyer} cannot buy {wanted}: {problem}")
    if not wanted:
        return
    greedy_point(g, buyer)
    for service, card in wanted:
        buy(g, o, service, card)


def purchase_problem(state: GameState, o: Offer, wanted: list[Purchase]) -> str | None:
    """Whether a list of purchases is within the offer: the allowance, the payer's warriors,
    Market cards for Hand Card, and Riverboats and Mercenaries bought at most once each."""
    if len(wanted) > o.allowance:
        return f"only {o.allowance} service(s) may be bought"
    if len(wanted) * o.price > state.factions[o.payer].supply.get("warrior", 0):
        return f"{o.payer} has too few warriors in supply to pay {len(wanted) * o.price}"
    cards: list[int] = []
    for service, card in wanted:
        if service not in SERVICES:
            return f"{service!r} is not a service"
        if service == HAND_CARD:
            if card is None or card not in o.market or card in cards:
                return f"card {card!r} is not in the Market"
            cards.append(card)
        elif card is not None:
            return f"{SERVICE_NAMES[service]} takes no card"
        elif sum(1 for sv, _ in wanted if sv == service) > 1:
            return f"{SERVICE_NAMES[service]} is bought at most once a turn"
    return None


def buy(g: Game, o: Offer, service: str, card: int | None) -> None:
    """Pay for one service (9.2.3) and take it."""
    s = g.state
    rf = s.factions[RIVERFOLK]
    assert rf.board.payments is not None
    s.factions[o.payer].supply["warrior"] -= o.price
    rf.board.payments[o.payer] = rf.board.payments.get(o.payer, 0) + o.price
    how = f"{o.price} of its warriors go" if o.payer == o.buyer else f"it has no warriors, so {o.price} Riverfolk warriors go"
    g.emit(o.buyer, "9.2.3", "buy_service", "buys {service}: {how} into the Riverfolk's Payments (the price at {vp} VP)", service=SERVICE_NAMES[service], how=how, n=o.price, vp=s.factions[o.buyer].vp)
    s.services.setdefault(o.buyer, []).append(service)
    if service == HAND_CARD:
        assert card is not None and rf.board.market is not None
        take_hand_card(g, o.buyer, card)


def take_hand_card(g: Game, buyer: str, card: int) -> None:
    """9.2.3 I: the card leaves the Market (the others keep their order, 9.2.1). A human adds it
    to its hand; a bot holds it as the order card it will reveal this Birdsong."""
    s = g.state
    rf = s.factions[RIVERFOLK]
    assert rf.board.market is not None
    rf.board.market.remove(card)
    fs = s.factions[buyer]
    label = s.deckdef.card(card).label()
    if fs.is_bot:
        fs.order = card
        g.emit(buyer, "9.2.3 I", "hand_card", "takes {card} from the Market; a bot has no hand, so it will be its order card (ruling R-SERVICES-BOTS)", card=label)
    else:
        fs.hand.append(card)
        g.emit(buyer, "9.2.3 I", "hand_card", "takes {card} from the Market into its hand", card=label)


def end_of_turn(g: Game, buyer: str) -> None:
    """Services last until the end of the buyer's turn (9.2.3 II, III)."""
    g.state.services.pop(buyer, None)


def greedy_point(g: Game, buyer: str) -> None:
    """Riverfolk trait Greedy (3.3.2): 1 VP whenever the player with the most VP buys services
    (a tie for most counts, ruling R-TRAIT-GREEDY)."""
    s = g.state
    rf = s.factions[RIVERFOLK]
    if "greedy" not in rf.traits:
        return
    top = max(fs.vp for fs in s.factions.values())
    if s.factions[buyer].vp == top:
        from ...core.rules import score

        score(g, RIVERFOLK, 1, "3.3.2", f"Greedy: {buyer}, with the most VP, buys services")


# -- what a bot buys (9.7; ruling R-SERVICES-BOTS) -----------------------------------------------
def policy(state: GameState) -> str:
    return str(state.options.get(OPTION, DEFAULT_POLICY))


# Bots that draw no order card have no use for a Hand Card: the Logical Lizards' order is a
# suit taken from their Lost Souls (8.4.1), so a bought card would have nowhere to go.
NO_ORDER_CARD: frozenset[str] = frozenset({"lizards"})


def bot_purchases(state: GameState, o: Offer) -> list[Purchase]:
    """The stand-in for the Services cards (ruling R-SERVICES-BOTS). ``none``: never. Otherwise
    only if the Riverfolk have no more VP than the buyer. ``basic``: one Hand Card, a Market
    card showing an item the supply still has (bird first, then the most VP listed, then
    leftmost), to be revealed and crafted as the order. ``advanced``: that, then while the
    allowance and warriors last, Riverboats for a bot that moves with a piece in a river
    clearing, and Mercenaries for a bot that battles with warriors beside Riverfolk warriors and
    another enemy."""
    mode = policy(state)
    if mode == "none" or state.factions[RIVERFOLK].vp > state.factions[o.buyer].vp:
        return []
    room = o.affordable(state)
    wanted: list[Purchase] = []
    card = hand_card_choice(state, o) if o.buyer not in NO_ORDER_CARD else None
    if card is not None:
        wanted.append((HAND_CARD, card))
    if mode == "advanced":
        for service, useful in ((RIVERBOATS, riverboats_useful), (MERCENARIES, mercenaries_useful)):
            if len(wanted) < room and useful(state, o.buyer):
                wanted.append((service, None))
    return wanted[:room]


def hand_card_choice(state: GameState, o: Offer) -> int | None:
    """A Market card showing an item the supply still has: bird, then most VP, then leftmost."""
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


def riverboats_useful(state: GameState, buyer: str) -> bool:
    if buyer not in MOVERS:
        return False
    river = state.map.river_clearings
    return any(state.clearings[c].pieces_of(buyer) > 0 for c in river)


def mercenaries_useful(state: GameState, buyer: str) -> bool:
    if buyer not in FIGHTERS:
        return False
    for c in CLEARINGS:
        cl = state.clearings[c]
        if cl.warriors.get(buyer, 0) and cl.warriors.get(RIVERFOLK, 0):
            if any(f not in (buyer, RIVERFOLK) for f in cl.factions_present()):
                return True
    return False


# -- Mercenaries in play (9.2.3 III) --------------------------------------------------------------
def mercenaries(state: GameState, faction: str) -> bool:
    """Whether Riverfolk warriors count as ``faction``'s now: bought this turn, in its own
    Daylight or Evening."""
    return (
        state.has_service(faction, MERCENARIES)
        and state.phase in ("daylight", "evening")
        and state.current == faction
    )


def mercenary_warriors(state: GameState, faction: str, c: int, opponent: str | None = None) -> int:
    """Riverfolk warriors in ``c`` that count as ``faction``'s (none against the Riverfolk)."""
    if opponent == RIVERFOLK or faction == RIVERFOLK:
        return 0
    if (state.services and mercenaries(state, faction)) or involved(state, faction, opponent):
        return state.clearings[c].warriors.get(RIVERFOLK, 0)
    return 0


def involved(state: GameState, faction: str, opponent: str | None) -> bool:
    """Riverfolk trait Involved (3.3.2): in the turn of a human who did not buy Mercenaries,
    that human's enemies fight it as if they had bought them. Only battles against that human
    are affected, not rule (ruling R-TRAIT-INVOLVED); a human Vagabond buying them gains nothing."""
    rf = state.factions.get(RIVERFOLK)
    if rf is None or not rf.is_bot or "involved" not in rf.traits or opponent is None:
        return False
    human = state.current
    return (
        opponent == human
        and faction != human
        and not state.factions[human].is_bot
        and state.phase in ("daylight", "evening")
        and not state.has_service(human, MERCENARIES)
    )


def split_hits(state: GameState, faction: str, c: int, hits: int) -> tuple[int, int]:
    """9.2.3 III: hits are split between the buyer's pieces and the Riverfolk warriors: in turn,
    the buyer's first, as long as both have warriors; the rest falls on whichever still has
    warriors, then on the buyer's other pieces (ruling R-SERVICES-MERCENARIES)."""
    own = state.warriors(faction, c)
    hired = state.clearings[c].warriors.get(RIVERFOLK, 0)
    own_hits = hired_hits = 0
    for i in range(hits):
        if (i % 2 == 0 or hired_hits >= hired) and own_hits < own:
            own_hits += 1
        elif hired_hits < hired:
            hired_hits += 1
        else:
            own_hits += 1  # no warriors left: the buyer's buildings and tokens
    return own_hits, hired_hits


def ruling_presence(state: GameState, c: int) -> Callable[[str], int] | None:
    """For rule: the buyer with Mercenaries in its Daylight or Evening counts the Riverfolk
    warriors in ``c`` as its own (9.2.3 III). None when nobody has them."""
    if not state.services:
        return None
    buyer = state.current
    if not mercenaries(state, buyer):
        return None
    return lambda f: state.clearings[c].warriors.get(RIVERFOLK, 0) if f == buyer else 0
