"""The services of a human Riverfolk Company bought by another seat played by the Law of Root, at
the start of that seat's Birdsong (LoR 11.2.6-11.2.7), as legal moves of the buyer.

The buyer may buy one service plus one per clearing holding a trade post and any of its pieces
(LoR 11.2.6.2), each at the price the Company set on that service's track (LoR 11.2.6.1), paid with
warriors from its supply into the Payments box; the Vagabond, who has none, exhausts an item per
warrior of the price and the Company puts that many of its own warriors in (LoR 11.2.6.3). What
the services then do on the buyer's turn is shared with the Robots' (``services.py``): a Hand Card
joins the buyer's hand at once (LoR 11.2.7.1); Riverboats make rivers paths (LoR 11.2.7.2,
``core/paths.py``); Mercenaries count the Company's warriors as the buyer's for rule and battle in
its Daylight and Evening, never against the Company, hits split (LoR 11.2.7.3, ``services.py:
mercenary_warriors, split_hits, ruling_presence``). The Vagabond may not buy Mercenaries
(LoR 11.2.7.3.2)."""

from __future__ import annotations

from typing import Any, cast

from ...core.context import Game
from ...core.faction import piece_totals
from ...core.lor.cards import card_moves
from ...core.moves import DONE, MOVE_TEXT, Move, ask
from ...core.state import GameState
from .company import CompanyBoard
from .services import HAND_CARD, MERCENARIES, RIVERBOATS, allowance

FACTION = "riverfolk"
RULE = "LoR 11.2.6"
NAMES = {HAND_CARD: "Hand Card", RIVERBOATS: "Riverboats", MERCENARIES: "Mercenaries"}
RULE_OF = {HAND_CARD: "LoR 11.2.7.1", RIVERBOATS: "LoR 11.2.7.2", MERCENARIES: "LoR 11.2.7.3"}


def company(state: GameState) -> CompanyBoard:
    return cast(CompanyBoard, state.factions[FACTION].board)


def pays_with_items(state: GameState, buyer: str) -> bool:
    """A buyer whose faction owns no warriors (the Vagabond) pays with items (LoR 11.2.6.3)."""
    return "warrior" not in piece_totals(buyer, state.factions[buyer].seat)


def ready_items(state: GameState, buyer: str) -> list[Any]:
    """The Vagabond's items he can exhaust: face up and undamaged (read as plain data)."""
    return [i for i in getattr(state.factions[buyer].board, "items", ()) if not i.exhausted and not i.damaged]


def can_pay(state: GameState, buyer: str, cost: int) -> bool:
    if pays_with_items(state, buyer):
        return len(ready_items(state, buyer)) >= cost
    return state.factions[buyer].supply.get("warrior", 0) >= cost


def offers(state: GameState, buyer: str, bought: list[str]) -> list[Move]:
    """The services ``buyer`` can pay for now: a Hand Card per distinct card in the Company's
    hand (as often as the allowance lets, LoR 11.2.7.1), Riverboats and Mercenaries once a turn
    each (a second buys nothing more), no Mercenaries for the Vagabond (LoR 11.2.7.3.2)."""
    cb = company(state)
    out: list[Move] = []
    if can_pay(state, buyer, cb.price(HAND_CARD)):
        out += card_moves(state, state.factions[FACTION].hand, RULE_OF[HAND_CARD], kind="service")
        out = [Move("service", (HAND_CARD, m.args[0]), m.rule, m.card) for m in out]
    if RIVERBOATS not in bought and can_pay(state, buyer, cb.price(RIVERBOATS)):
        out.append(Move("service", (RIVERBOATS,), RULE_OF[RIVERBOATS]))
    if MERCENARIES not in bought and not pays_with_items(state, buyer) and can_pay(state, buyer, cb.price(MERCENARIES)):
        out.append(Move("service", (MERCENARIES,), RULE_OF[MERCENARIES]))
    return out


def offer(g: Game, buyer: str) -> None:
    """LoR 11.2.6: at the start of ``buyer``'s Birdsong, services one at a time until it stops or
    reaches its allowance (LoR 11.2.6.2)."""
    s = g.state
    if buyer == FACTION or not isinstance(s.factions[FACTION].board, CompanyBoard):
        return
    most = allowance(s, buyer)
    bought: list[str] = []
    while len(bought) < most:
        moves = offers(s, buyer, bought)
        if not moves:
            return
        m = ask(g, buyer, "services.buy", RULE, [*moves, DONE], f"buy a Riverfolk service ({len(bought)} of {most} bought)?")
        if m is DONE:
            return
        service = m.args[0]
        pay(g, buyer, service)
        bought.append(service)
        s.services.setdefault(buyer, []).append(service)
        if service == HAND_CARD:
            take_hand_card(g, buyer, m.args[1])


def pay(g: Game, buyer: str, service: str) -> None:
    """LoR 11.2.6.1: the price in the buyer's warriors into Payments; LoR 11.2.6.3: the Vagabond
    exhausts that many items, and the Company puts in as many of its own warriors as it has."""
    s = g.state
    cb = company(s)
    cost = cb.price(service)
    if pays_with_items(s, buyer):
        for _ in range(cost):
            exhaust_one(g, buyer)
        payer, n = FACTION, min(cost, s.factions[FACTION].supply.get("warrior", 0))
        rule = "LoR 11.2.6.3"
    else:
        payer, n, rule = buyer, cost, "LoR 11.2.6.1"
    s.factions[payer].supply["warrior"] -= n
    cb.put("payments", payer, n)
    g.emit(buyer, rule, "buy_service", "buys {service} from the Riverfolk Company: {how} (the price is {vp})", service=NAMES[service], how=f"{n} {payer} warrior(s) into its Payments", n=n, vp=cost)


def exhaust_one(g: Game, buyer: str) -> None:
    """The Vagabond picks an item to exhaust (one choice per kind)."""
    items = ready_items(g.state, buyer)
    kinds = sorted({i.kind for i in items})
    kind = kinds[0] if len(kinds) == 1 else ask(g, buyer, "services.item", "LoR 11.2.6.3", [Move("item", (k,), "LoR 11.2.6.3") for k in kinds], "exhaust which item to pay").args[0]
    item = next(i for i in items if i.kind == kind)
    item.exhausted = True
    g.emit(buyer, "LoR 11.2.6.3", "exhaust", "exhausts {item:an item} to pay the Riverfolk Company", item=kind)


def take_hand_card(g: Game, buyer: str, cid: int) -> None:
    """LoR 11.2.7.1: the card leaves the Company's face-up hand for the buyer's."""
    s = g.state
    s.factions[FACTION].hand.remove(cid)
    s.factions[buyer].hand.append(cid)
    card = s.deckdef.cards[cid]
    g.emit(buyer, "LoR 11.2.7.1", "hand_card", "takes {card} from the Riverfolk Company's hand", card=card.label(), card_id=card.name)


def service_text(m: Move) -> str:
    if m.args[0] == HAND_CARD:
        return f"buy a Hand Card: {m.card or f'card {m.args[1]}'}"
    return f"buy {NAMES[m.args[0]]}"


MOVE_TEXT["service"] = service_text
