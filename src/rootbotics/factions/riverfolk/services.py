"""The Riverfolk Robots' services, as other players buy and use them (Law of Robotics 9.2.3, 9.7).

At the start of another player's Birdsong that player may buy services: one, plus one for each
clearing holding both their pieces and a trade post. Each costs 2, 3 or 4 warriors by the buyer's
score, placed in the Riverfolk's Payments box (Riverfolk warriors if the buyer's faction has
none). A bought service lasts until the end of the buyer's turn (``GameState.services``):

- Hand Card (I): a Market card goes to the buyer's hand (a bot's bought card replaces the card
  it tried to craft, Basic Services 2: ``bot_services.py``).
- Riverboats (II): rivers are paths for the buyer (``core/paths.py``).
- Mercenaries (III): in the buyer's Daylight and Evening, Riverfolk warriors count as the
  buyer's for rule and battle, except against the Riverfolk; hits taken are split.

A human buyer is offered services here, at the start of its Birdsong, through its controller
(``Controller.buy_services``). Bots buy as the Basic and Advanced Services cards say, at the
moments the cards name (``bot_services.py``; ``GameConfig.options["riverfolk_services"]``:
``none``, ``basic`` (the default) or ``advanced``).
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
    with a dominance condition (9.2.3): a human seat that activated a dominance card (LoR 3.3.1;
    bots never take one, 1.3), ruling R-SERVICES-DOMINANCE."""
    if buyer == RIVERFOLK:
        return "the Riverfolk do not buy their own services"
    if not riverfolk_bot(state):
        return "no Riverfolk Robots in the game"
    if state.factions[buyer].dominance is not None:
        return "the Riverfolk Robots do not sell to a player with a dominance victory condition"
    return None


def offer(state: GameState, buyer: str) -> Offer:
    rf = state.factions[RIVERFOLK]
    return Offer(buyer, allowance(state, buyer), price(state.factions[buyer].vp), payer(state, buyer), tuple(rf.board.market or ()))


# -- buying -------------------------------------------------------------------------------------
def offer_services(g: Game, buyer: str) -> None:
    """9.2.3: at the start of a human ``buyer``'s Birdsong, it may buy services, as its controller
    answers. Bots buy by the Services cards, at the moments they name (``bot_services.py``)."""
    s = g.state
    if refusal(s, buyer) is not None or s.factions[buyer].is_bot:
        return
    o = offer(s, buyer)
    if o.affordable(s) == 0:
        return
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
        elif service == MERCENARIES and o.payer != o.buyer:
            return "a faction with no warriors (the Vagabond) cannot buy Mercenaries (LoR 11.2.7.3.2; 9.2.3 III: as normal)"
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
    """9.2.3 I: the card leaves the Market (the others keep their order, 9.2.1) for the human
    buyer's hand."""
    s = g.state
    rf = s.factions[RIVERFOLK]
    assert rf.board.market is not None
    rf.board.market.remove(card)
    s.factions[buyer].hand.append(card)
    g.emit(buyer, "9.2.3 I", "hand_card", "takes {card} from the Market into its hand", card=s.deckdef.card(card).label())


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


# -- the services level (9.7: the cards, ``bot_services.py``) ------------------------------------
def policy(state: GameState) -> str:
    return str(state.options.get(OPTION, DEFAULT_POLICY))


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
