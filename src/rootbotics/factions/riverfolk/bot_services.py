"""What bots buy from the Riverfolk, as the Riverfolk Bot Services cards say (Law of Robotics 9.7).

The three Basic Services cards apply with ``options["riverfolk_services"]`` = ``basic`` or
``advanced``; the per-bot Advanced Services cards with ``advanced``, and where they conflict
with the Basic cards they win (the Introduction to Advanced Services). ``none``: bots never buy.
The cards are cited by name in every event (``CARD_*``); the Law's 9.2.3 still sets what a
service does (``services.py``).

A bot buys at the moment its card names, during its own turn (Basic 1):

- Hand Card (Basic 2): when the card it tries to craft shows no available item
  (``before_craft``); the Marquise's, Alliance's and Eyrie's Advanced cards change the choice.
- Mercenaries (Basic 3): when it battles with two or fewer warriors where Riverfolk warriors
  stand (``battling``), or when a building it wants to place can go nowhere and Mercenaries
  would give it somewhere (``cannot_build``).
- Riverboats: never (Basic 2), but the Eyrie's and the Vagabot's Advanced cards treat rivers as
  paths when they target clearings (``rivers_as_paths``: the Eyrie for its Move, the Vagabot for
  any action) and buy Riverboats when they do move along one (``by_river``; the Vagabot's move
  along a river then exhausts no item).
- At the start of its turn (``turn_start``): the Lizards' Lost Souls (Advanced), the Corvids'
  Favor card (Advanced), the Duchy's ambush card placed in front of it (Advanced), which it plays
  as defender (``ambush_in_front``).

A bot buys only what it can pay for, and not while it has fewer points than the Riverfolk
(Basic 1; the Lizards' Advanced card overrides this). From the Riverfolk bot it buys any number
of services; from a human Riverfolk within 9.2.3's limit. The price is 2 / 3 / 4 by the bot's
own score. The Vagabot exhausts an item per service and, like the Alliance, pays with Riverfolk
warriors; the Vagabot never buys Mercenaries, the Lizards never a bird card.

Other factions' boards are read through their plain data (the Eyrie's ``decree``, the Lizards'
``lost_souls``, the Vagabot's ``ready()`` items): no faction imports another.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core.context import EngineFailure, Game
from ...core.state import GameState
from . import services as S
from .bbp_market import otters
from .services import HAND_CARD, MERCENARIES, RIVERBOATS, RIVERFOLK

RULE = "9.7"
CARD_B1 = "Basic Services 1"
CARD_B2 = "Basic Services 2, Hand Card"
CARD_B3 = "Basic Services 3, Mercenaries"
ADVANCED = {
    "marquise": "Advanced Services for the Mechanical Marquise 2.0, Hand Card",
    "eyrie": "Advanced Services for the Electric Eyrie, Hand Card",
    "alliance": "Advanced Services for the Automated Alliance, Hand Card",
    "lizards": "Advanced Services for the Logical Lizards, Hand Card",
    "corvids": "Advanced Services for the Cogwheel Corvids, Hand Card",
    "duchy": "Advanced Services for the Drillbit Duchy, Hand Card",
}
RIVERBOATS_CARD = {  # the Advanced cards that have a bot buy Riverboats, and for which actions
    "eyrie": "Advanced Services for the Electric Eyrie, Riverboats",
    "vagabot": "Advanced Services for the Vagabot, Riverboats",
}
FREE_RIVER_MOVE: frozenset[str] = frozenset({"vagabot"})  # "do not exhaust the item for the move"
PAYS_WITH_RIVERFOLK: frozenset[str] = frozenset({"vagabot", "alliance"})  # Basic 3
NEVER_MERCENARIES: frozenset[str] = frozenset({"vagabot"})  # Basic 3
NEVER_BIRDS: frozenset[str] = frozenset({"lizards"})  # Basic 3
MOST_WARRIORS_FOR_MERCENARIES = 2  # Basic 3: "two or fewer of your warriors"
LOST_SOULS_WANTED = 5  # the Lizards' Advanced card


# -- Basic Services 1: who may buy, how many, at what price -------------------------------------
def level(state: GameState) -> str:
    return S.policy(state)


def advanced(state: GameState, buyer: str) -> bool:
    return level(state) == "advanced"


def seller_seated(state: GameState) -> bool:
    """A Riverfolk bot with its Market, or a human Riverfolk Company."""
    fs = state.factions.get(RIVERFOLK)
    return fs is not None and (S.riverfolk_bot(state) or not fs.is_bot)


def payer(buyer: str) -> str:
    """Basic 3: the Vagabot and the Alliance pay with Riverfolk warriors; other bots with theirs."""
    return RIVERFOLK if buyer in PAYS_WITH_RIVERFOLK else buyer


def refusal(state: GameState, buyer: str, n: int = 1, points_gate: bool = True) -> str | None:
    """Why ``buyer`` cannot buy ``n`` more services now, or None (Basic 1, 3; 9.2.3)."""
    if level(state) == "none" or buyer == RIVERFOLK or not seller_seated(state) or otters(state) is not None:
        return "no services"  # the Otter Overlords (BBP) sell by their own rules (bbp_market.py)
    fs = state.factions[buyer]
    if not fs.is_bot or state.current != buyer:
        return "not a bot on its turn"
    if points_gate and fs.vp < state.factions[RIVERFOLK].vp:
        return f"it has fewer points than the Riverfolk ({fs.vp} to {state.factions[RIVERFOLK].vp}, {CARD_B1})"
    if not state.factions[RIVERFOLK].is_bot:  # a human Riverfolk: 9.2.3's limit
        room = S.allowance(state, buyer) - len(state.services.get(buyer, []))
        if n > room:
            return f"a human Riverfolk sells it {S.allowance(state, buyer)} service(s) a turn (9.2.3, {CARD_B1})"
    cost = n * S.price(fs.vp)
    have = state.factions[payer(buyer)].supply.get("warrior", 0)
    if have < cost:
        whose = "the Riverfolk have" if payer(buyer) != buyer else "it has"
        return f"{whose} {have} warriors in supply, {cost} needed ({CARD_B1})"
    items = ready_items(state, buyer)
    if items is not None and len(items) < n:
        return f"it has {len(items)} ready items to exhaust ({CARD_B1}, Vagabot)"
    return None


def ready_items(state: GameState, buyer: str) -> list[Any] | None:
    """The Vagabot's items he can exhaust (None for a bot that pays no items)."""
    ready = getattr(state.factions[buyer].board, "ready", None)
    return ready() if buyer == "vagabot" and callable(ready) else None


def pay(g: Game, buyer: str, service: str, card: str, why: str) -> None:
    """Pay for one service: the price by the buyer's score into Payments (9.2.3, Basic 1), the
    Riverfolk's warriors for the Vagabot and the Alliance, an item exhausted by the Vagabot."""
    s = g.state
    vp = s.factions[buyer].vp
    cost, who = S.price(vp), payer(buyer)
    s.factions[who].supply["warrior"] -= cost
    board = s.factions[RIVERFOLK].board
    box = board.payments if getattr(board, "market", None) is not None else board.area("payments")
    box[who] = box.get(who, 0) + cost
    how = f"{cost} of its warriors go" if who == buyer else f"{cost} Riverfolk warriors go"
    g.emit(
        buyer, RULE, "buy_service", "buys {service} ({card}): {how} into the Riverfolk's Payments, the price at {vp} VP",
        lambda: why, service=S.SERVICE_NAMES[service], card=card, how=how, n=cost, vp=vp,
    )
    items = ready_items(s, buyer)
    if items:
        items[0].exhausted = True
        g.emit(buyer, RULE, "exhaust", "exhausts {item:an item} to pay for the service ({card}, Vagabot)", item=items[0].kind, card="Basic Services 3")
    s.services.setdefault(buyer, []).append(service)


def buying(g: Game, buyer: str) -> None:
    """Once per occasion on which a bot buys: the Riverfolk's trait Greedy (3.3.2)."""
    S.greedy_point(g, buyer)


# -- the Market: the Riverfolk bot's, or a human Riverfolk's hand ------------------------------
def market(g: Game, buyer: str) -> list[int]:
    """The cards a Hand Card can buy: the Riverfolk bot's Market (9.2.1), or the cards a human
    Riverfolk holds, face up, as the human's controller tells them (asked once per occasion)."""
    board = g.state.factions[RIVERFOLK].board
    if getattr(board, "market", None) is not None:
        return list(board.market)
    hand = g.state.factions[RIVERFOLK].hand
    if not hand:
        return []
    shown = list(g.controller(RIVERFOLK).riverfolk_hand(g, RIVERFOLK, buyer))
    if any(c not in hand for c in shown):
        raise EngineFailure(f"the Riverfolk showed {shown}, not all in their hand {hand}")
    return shown


def take_card(g: Game, card: int) -> None:
    board = g.state.factions[RIVERFOLK].board
    if getattr(board, "market", None) is not None:
        board.market.remove(card)
    else:
        hand = g.state.factions[RIVERFOLK].hand
        if card in hand:
            hand.remove(card)


def has_available_item(state: GameState, cid: int) -> bool:
    card = state.deckdef.card(cid)
    return card.kind == "item" and card.item is not None and state.item_supply.get(card.item, 0) > 0


def bird(state: GameState, cid: int) -> bool:
    return state.deckdef.card(cid).suit == "bird"


def highest_listed(state: GameState, cards: list[int]) -> list[int]:
    """Basic 2: of several, those listing the most points."""
    top = max((state.deckdef.card(c).vp or 0) for c in cards)
    return [c for c in cards if (state.deckdef.card(c).vp or 0) == top]


def pick(g: Game, cards: list[int], what: str) -> int:
    return cards[0] if len(cards) == 1 else g.chance.pick(sorted(cards), what)


def names(state: GameState, cards: list[int]) -> str:
    return ", ".join(state.deckdef.card(c).label() for c in cards)


# -- Basic Services 2 (and the Advanced cards' Hand Card): a card for the craft ---------------
def before_craft(g: Game, buyer: str, cid: int) -> int:
    """The card ``buyer`` is about to craft is ``cid`` (its order card, or the Lizards' revealed
    card): buy a Hand Card to replace it where a card says so, and return the card to craft."""
    s = g.state
    if refusal(s, buyer) is not None:
        return cid
    eyrie = buyer == "eyrie" and advanced(s, buyer) and s.deckdef.card(cid).suit in decree_suits(s)
    if not eyrie and has_available_item(s, cid):
        return cid
    cards = market(g, buyer)  # one look at the Market (or a human Riverfolk's hand) per craft
    if eyrie:
        pick_why = eyrie_choice(g, cid, cards)
        if pick_why is not None:
            return replace(g, buyer, cid, *pick_why)
        if has_available_item(s, cid):
            return cid
    pick_why = hand_card_choice(g, buyer, cid, cards)
    return cid if pick_why is None else replace(g, buyer, cid, *pick_why)


def hand_card_choice(g: Game, buyer: str, cid: int, market_cards: list[int] | None = None) -> tuple[int, str, str] | None:
    """Basic 2 (the Lizards never take a bird, Basic 3), changed by the Marquise's and the
    Alliance's Advanced cards: the card to buy, the card that decided, and why."""
    s = g.state
    old = s.deckdef.card(cid).label()
    offered = market(g, buyer) if market_cards is None else market_cards
    cards = [c for c in offered if not (buyer in NEVER_BIRDS and bird(s, c))]
    with_items = [c for c in cards if has_available_item(s, c)]
    if advanced(s, buyer) and buyer in ("marquise", "alliance"):
        adv = ADVANCED[buyer]
        birds = [c for c in with_items if bird(s, c)]
        if len(with_items) > 1 and birds:
            return pick(g, birds, f"the bird card bought ({adv})"), adv, f"{old} shows no available item; of the Market cards with one ({names(s, with_items)}) it takes a bird card"
        any_birds = [c for c in cards if bird(s, c)]
        if not with_items and not bird(s, cid) and any_birds:
            return pick(g, any_birds, f"the bird card bought ({adv})"), adv, f"{old} shows no available item, no Market card has one and its order is not a bird, so it takes a bird card"
    if not with_items:
        return None
    top = highest_listed(s, with_items)
    why = f"{old} shows no available item; of the Market cards with one ({names(s, with_items)}) it takes the one listing the most points"
    if len(top) > 1:
        why += f", at random of {names(s, top)}"
    return pick(g, top, f"the Hand Card bought ({CARD_B2})"), CARD_B2, why


def eyrie_choice(g: Game, cid: int, cards: list[int]) -> tuple[int, str, str] | None:
    """The Eyrie's Advanced card: an order whose suit is in the Decree gives way to a Market card
    of a suit that is not (at random of several)."""
    s = g.state
    held = decree_suits(s)
    suit = s.deckdef.card(cid).suit
    if suit not in held:
        return None
    fresh = [c for c in cards if s.deckdef.card(c).suit not in held]
    if not fresh:
        return None
    adv = ADVANCED["eyrie"]
    why = f"its order's suit, {suit}, is already in the Decree; Market cards of a suit that is not: {names(s, fresh)}"
    return pick(g, fresh, f"the card bought ({adv})"), adv, why


def decree_suits(s: GameState) -> set[str]:
    """The suits with a card in the Eyrie's Decree (read through its plain data)."""
    decree: dict[str, list[int]] = getattr(s.factions["eyrie"].board, "decree", None) or {}
    return {suit for suit, column in decree.items() if column}


def replace(g: Game, buyer: str, old: int, new: int, card: str, why: str) -> int:
    """Basic 2: the bought card replaces the card it tried to craft, which is discarded (an
    order card so bought may change the order's suit)."""
    s = g.state
    buying(g, buyer)
    pay(g, buyer, HAND_CARD, card, why)
    take_card(g, new)
    fs = s.factions[buyer]
    pile: list[int] = getattr(fs.board, "lost_souls", None) or []
    if fs.order == old:
        fs.order = new
    elif pile and pile[-1] == old:  # the Lizards' revealed card, already on its Lost Souls (8.6.4)
        pile[-1] = new
    from ...core import rules as R

    with R.told_after(g):
        went = R.discard(g, old, lost_souls=buyer != "lizards", told=True)
        label, was = s.deckdef.card(new).label(), s.deckdef.card(old).label()
        how = "which goes beside the map (a dominance card, LoR 3.3.3)" if went == R.BESIDE_THE_MAP else "which is discarded"
        g.emit(buyer, RULE, "hand_card", "takes {card} from the Market in place of {old}, {what} ({rule})", card=label, old=was, what=how, rule=card, card_id=s.deckdef.card(new).name, suit=s.deckdef.card(new).suit)
    return new


# -- Basic Services 3: Mercenaries --------------------------------------------------------------
def battling(g: Game, attacker: str, c: int) -> None:
    """Basic 3: battling in ``c`` with two or fewer of its warriors where Riverfolk warriors
    stand, a bot buys Mercenaries (never the Vagabot)."""
    s = g.state
    cl = s.clearings[c]
    hired, own = cl.warriors.get(RIVERFOLK, 0), cl.warriors.get(attacker, 0)
    if not hired or own > MOST_WARRIORS_FOR_MERCENARIES or attacker in NEVER_MERCENARIES:
        return
    if s.has_service(attacker, MERCENARIES) or refusal(s, attacker) is not None:
        return
    buying(g, attacker)
    pay(g, attacker, MERCENARIES, CARD_B3, f"it battles in {c} with {own} of its warriors, two or fewer, and {hired} Riverfolk warrior{'' if hired == 1 else 's'} {'stands' if hired == 1 else 'stand'} there")


def cannot_build(g: Game, buyer: str, able: Callable[[], bool], what: str) -> bool:
    """Basic 3: a bot that wants to place a building and can place it nowhere buys Mercenaries
    if with them ``able()`` finds a place. True if it bought them."""
    s = g.state
    if buyer in NEVER_MERCENARIES or s.has_service(buyer, MERCENARIES) or refusal(s, buyer) is not None:
        return False
    bought = s.services.setdefault(buyer, [])
    bought.append(MERCENARIES)
    try:
        helps = able()
    finally:
        bought.pop()
        if not bought:
            del s.services[buyer]
    if not helps:
        return False
    buying(g, buyer)
    pay(g, buyer, MERCENARIES, CARD_B3, f"it can place {what} nowhere, and with Mercenaries it rules a clearing where it can")
    return True


# -- at the start of a bot's turn: the Advanced cards that say so -------------------------------
def turn_start(g: Game, buyer: str) -> None:
    """The Lizards' and the Corvids' Advanced cards act at the start of the turn."""
    if not advanced(g.state, buyer):
        return
    if buyer == "lizards":
        lost_souls(g)
    elif buyer == "corvids":
        favor(g)
    elif buyer == "duchy":
        ambush_to_front(g)


def lost_souls(g: Game) -> None:
    """The Lizards' Advanced card: with fewer than five Lost Souls, buy non-bird cards until it
    has five, even when the Riverfolk have more points."""
    s = g.state
    pile: list[int] | None = getattr(s.factions["lizards"].board, "lost_souls", None)
    if pile is None:
        return
    adv, first = ADVANCED["lizards"], True
    if len(pile) >= LOST_SOULS_WANTED or refusal(s, "lizards", points_gate=False) is not None:
        return
    offered = market(g, "lizards")  # one look; the cards it takes leave it
    while len(pile) < LOST_SOULS_WANTED and refusal(s, "lizards", points_gate=False) is None:
        cards = [c for c in offered if not bird(s, c)]
        if not cards:
            return
        new = pick(g, cards, f"the non-bird card bought ({adv})")
        if first:
            buying(g, "lizards")
            first = False
        pay(g, "lizards", HAND_CARD, adv, f"{len(pile)} cards in its Lost Souls, fewer than five")
        take_card(g, new)
        offered.remove(new)
        pile.append(new)
        g.emit("lizards", RULE, "lost_soul", "adds {card}, bought, to the top of its Lost Souls ({rule})", card=s.deckdef.card(new).label(), rule=adv)


def favor(g: Game) -> None:
    """The Corvids' Advanced card: a "Favor of the ..." card in the Market is bought and
    resolved (LoR: remove all enemy pieces in clearings of its suit), then discarded."""
    s = g.state
    if refusal(s, "corvids") is not None:
        return
    favors = [c for c in market(g, "corvids") if s.deckdef.card(c).name.startswith("favor_of_the_")]
    if not favors:
        return
    adv = ADVANCED["corvids"]
    cid = pick(g, favors, f"the Favor card bought ({adv})")
    card = s.deckdef.card(cid)
    buying(g, "corvids")
    pay(g, "corvids", HAND_CARD, adv, f"the Market holds {card.label()}")
    take_card(g, cid)
    from ...core import rules as R
    from ...core.lor.crafting import resolve_immediate

    with R.told_after(g):
        R.discard(g, cid)  # played: to the discard pile as it resolves (every card in one place at each event)
        g.emit("corvids", RULE, "favor", "resolves {card}: all enemy pieces in {suit} clearings are removed ({rule})", card=card.label(), suit=card.suit, rule=adv)
    resolve_immediate(g, "corvids", cid)  # the Favor's removal, as a human seat's crafted Favor (LoR 4.1.2)


# -- the Duchy's Advanced card: ambushes in front of it --------------------------------------------
def ambush_to_front(g: Game) -> None:
    """At the start of its turn, an ambush card in the Market is bought and placed in front of
    the Duchy (one a turn; at random of several, ruling R-SERVICES-DUCHY-AMBUSH)."""
    s = g.state
    front: list[int] | None = getattr(s.factions["duchy"].board, "ambushes", None)
    if front is None:
        return
    if refusal(s, "duchy") is not None:
        return
    ambushes = [c for c in market(g, "duchy") if s.deckdef.card(c).kind == "ambush"]
    if not ambushes:
        return
    adv = ADVANCED["duchy"]
    cid = pick(g, ambushes, f"the ambush card bought ({adv})")
    card = s.deckdef.card(cid)
    buying(g, "duchy")
    pay(g, "duchy", HAND_CARD, adv, f"the Market holds {names(s, ambushes)}")
    take_card(g, cid)
    front.append(cid)
    g.emit("duchy", RULE, "ambush_in_front", "places {card}, bought, in front of it ({rule})", card=card.label(), suit=card.suit, rule=adv)


def ambush_in_front(g: Game, defender: str, attacker: str, c: int) -> int | None:
    """The Duchy's Advanced card: as defender it plays an ambush lying in front of it that
    matches the clearing, a non-bird one before a bird one; taken from in front of it. Never
    against a bot attacker: Hates Surprises (2.8.2) still protects it (ruling R-SERVICES-DUCHY-AMBUSH)."""
    s = g.state
    fs = s.factions.get(defender)
    if defender != "duchy" or fs is None or not fs.is_bot or s.factions[attacker].is_bot:
        return None
    front: list[int] = getattr(fs.board, "ambushes", None) or []
    suit = s.suit(c)
    matching = [x for x in front if s.deckdef.card(x).suit == suit and not bird(s, x)]
    birds = [x for x in front if bird(s, x)]
    playable = matching or birds
    if not playable:
        return None
    cid = playable[0]
    card = s.deckdef.card(cid)
    g.emit(defender, RULE, "ambush", "plays {card}, which lay in front of it, against {attacker} in {c} ({rule})", card=card.label(), suit=card.suit, attacker=attacker, c=c, rule=ADVANCED["duchy"])
    return cid  # it stays in front until the battle discards it (core/battle.py: Board.take_card)


# -- the Eyrie's and the Vagabot's Advanced cards: Riverboats --------------------------------------
def rivers_as_paths(state: GameState, buyer: str) -> bool:
    """Whether ``buyer`` treats rivers as paths as it targets clearings now: its Advanced card
    says so and it has Riverboats or could buy them (Basic 1's gates, ruling
    R-SERVICES-RIVERBOATS)."""
    if buyer not in RIVERBOATS_CARD or not advanced(state, buyer) or not state.factions[buyer].is_bot:
        return False
    return state.has_service(buyer, RIVERBOATS) or refusal(state, buyer) is None


def by_river(g: Game, buyer: str, a: int, b: int) -> bool:
    """``buyer`` moves from ``a`` to ``b`` along a river: it buys Riverboats unless it has them.
    True if the move costs it no item (the Vagabot's card)."""
    s = g.state
    if buyer not in RIVERBOATS_CARD or not advanced(s, buyer):
        return False
    if not s.has_service(buyer, RIVERBOATS):
        if refusal(s, buyer) is not None:
            return False
        buying(g, buyer)
        pay(g, buyer, RIVERBOATS, RIVERBOATS_CARD[buyer], f"it moves from {a} to {b} along a river")
    return buyer in FREE_RIVER_MOVE
