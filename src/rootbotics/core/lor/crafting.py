"""Crafting (LoR 4.1) for a human seat: which cards it can craft with the crafting pieces it has
not activated this turn, paying the cost, and what a crafted card does (an item and its VP,
LoR 3.2.2; a persistent effect in the play area, LoR 4.1.3; an immediate effect such as a Favor)."""

from __future__ import annotations

from ..context import Game
from ..faction import rules_of
from ..maps import CLEARINGS
from ..moves import DONE, MOVE_TEXT, Move, ask
from ..rules import discard, murine_broker, remove_all_enemy_pieces, score
from ..state import GameState
from .cards import card_keys, card_moves, in_play, move_card
from .offers import take_turn_offer, turn_offers

CRAFT_SUITS: tuple[str, ...] = ("fox", "rabbit", "mouse")
ANY = "any"  # a cost of any suit (LoR 4.1.1's question mark)
FAVORS: dict[str, str] = {"favor_of_the_foxes": "fox", "favor_of_the_rabbits": "rabbit", "favor_of_the_mice": "mouse"}


def can_pay(cost: tuple[str, ...], pieces: dict[str, int]) -> bool:
    """Whether unactivated crafting pieces (by suit) cover ``cost`` (LoR 4.1.1)."""
    spare = 0
    for suit in CRAFT_SUITS:
        need = cost.count(suit)
        have = pieces.get(suit, 0)
        if need > have:
            return False
        spare += have - need
    return cost.count(ANY) <= spare


def building_pieces(state: GameState, faction: str, kind: str) -> dict[str, int]:
    """Crafting pieces by suit of a seat whose buildings of ``kind`` each count for their
    clearing's suit (LoR 4.1.1: the Marquise's workshops, the Eyrie's roosts, the Hundreds'
    strongholds)."""
    pieces = dict.fromkeys(CRAFT_SUITS, 0)
    for c in CLEARINGS:
        for f, k in state.clearings[c].buildings:
            if f == faction and k == kind:
                suit = state.suits[c] or ""
                pieces[suit] = pieces.get(suit, 0) + 1
    return pieces


def craftable(state: GameState, faction: str, pieces: dict[str, int]) -> list[int]:
    """Cards in hand the seat may craft now: not an ambush or dominance card (LoR 2.1.2,
    2.1.3), an item still in the supply (LoR 4.1.2), no duplicate of a persistent effect in its
    play area (LoR 4.1.4), and a cost its pieces cover (LoR 4.1.1)."""
    fs = state.factions[faction]
    deck = state.deckdef.cards
    keys = card_keys(state.deckdef)
    owned = {keys[c] for c in fs.play_area}
    out = []
    for cid in fs.hand:
        card = deck[cid]
        if card.kind not in ("item", "effect"):
            continue
        if card.kind == "item" and state.item_supply.get(card.item or "", 0) <= 0:
            continue
        if card.persistent and keys[cid] in owned:
            continue
        if can_pay(card.cost, pieces):
            out.append(cid)
    return out


def craft_moves(state: GameState, faction: str, pieces: dict[str, int], rule: str) -> list[Move]:
    return card_moves(state, craftable(state, faction, pieces), rule, kind="craft")


def pay(g: Game, faction: str, cost: tuple[str, ...], pieces: dict[str, int], rule: str) -> None:
    """Activate crafting pieces for ``cost``: its suits first, then for each any-suit icon the
    seat picks which suit of piece to activate when it has a choice (LoR 4.1.1)."""
    for suit in cost:
        if suit != ANY:
            pieces[suit] -= 1
    for _ in range(cost.count(ANY)):
        left = [s for s in CRAFT_SUITS if pieces.get(s, 0) > 0]
        if len(left) > 1:
            suit = ask(g, faction, "craft.any_suit", rule, [Move("suit", (s,), rule) for s in left], "which crafting piece pays the any-suit cost").args[0]
        else:
            suit = left[0]
        pieces[suit] -= 1


def craft(g: Game, faction: str, cid: int, pieces: dict[str, int], rule: str) -> None:
    """Craft card ``cid`` from hand, paying with ``pieces`` (changed in place)."""
    pay(g, faction, g.state.deckdef.cards[cid].cost, pieces, rule)
    crafted(g, faction, cid, rule)


def craft_while_wanted(g: Game, faction: str, pieces: dict[str, int], step: str, rule: str, prompt: str) -> None:
    """The seat crafts card after card with ``pieces`` (each used once a turn, changed in place)
    until nothing more can be crafted or it says ``done`` (LoR 4.1); between two crafts, the
    other factions' offers on its turn (LoR 13.2.4, ``offers``)."""
    while True:
        moves = craft_moves(g.state, faction, pieces, rule)
        if not moves:
            return
        m = ask(g, faction, step, rule, [*moves, *turn_offers(g.state, faction), DONE], prompt)
        if m is DONE:
            return
        if not take_turn_offer(g, faction, m):
            craft(g, faction, m.args[0], pieces, rule)


def crafted(g: Game, faction: str, cid: int, rule: str) -> None:
    """What crafting card ``cid`` does once its cost is paid (LoR 4.1.2-4.1.3): a faction that
    pays otherwise (with funds, LoR 11.5.3) calls it after paying."""
    s = g.state
    card = s.deckdef.cards[cid]
    fs = s.factions[faction]
    if card.kind == "item":
        craft_item(g, faction, cid, rule)
    elif card.persistent:
        fs.hand.remove(cid)
        fs.play_area.append(cid)
        g.emit(faction, "LoR 4.1.3", "craft", "crafts {card}: a persistent effect, now in its play area", card=card.label(), card_id=card.name)
    else:  # the card lies before the seat while its effect resolves, then is discarded (LoR 4.1.2)
        g.emit(faction, "LoR 4.1.2", "craft", "crafts {card}: an immediate effect", card=card.label(), card_id=card.name)
        fs.hand.remove(cid)  # out of the hand: an Outrage it sets off cannot take it
        fs.play_area.append(cid)
        resolve_immediate(g, faction, cid)
        fs.play_area.remove(cid)
        discard(g, cid)


def craft_item(g: Game, faction: str, cid: int, rule: str) -> None:
    """LoR 4.1.2 and 3.2.2: take the item from the supply, score the card's VP (as the faction
    counts them), discard the card."""
    s = g.state
    card = s.deckdef.cards[cid]
    item = card.item or ""
    g.emit(faction, "LoR 4.1.2", "craft", "crafts {card} and takes the {item}", card=card.label(), card_id=card.name, item=item)
    s.factions[faction].hand.remove(cid)
    discard(g, cid)  # where the card goes is told right after the craft (the Lost Souls, 8.2.4)
    s.item_supply[item] -= 1
    rules_of(faction).keep_crafted_item(g, faction, item)
    vp = rules_of(faction).crafted_item_vp(s, faction, card.vp)
    score(g, faction, vp, "LoR 3.2.2", f"for crafting {card.title}")
    if s.deckdef.exiles:
        if in_play(s, faction, "master_engravers") is not None:  # LoR 7.2.3, 14.2.3: an extra point even so
            score(g, faction, 1, "LoR 4.1.3", "for crafting an item with Master Engravers")
        murine_broker(g, faction)


def resolve_immediate(g: Game, faction: str, cid: int) -> None:
    """An immediate effect of the base deck: a Favor removes every enemy piece in the clearings
    of its suit (the card's text; one removal per clearing, LoR 3.2.1 scoring as usual)."""
    s = g.state
    suit = FAVORS.get(card_keys(s.deckdef)[cid])
    if suit is None:
        return
    for c in CLEARINGS:
        if s.suits[c] == suit and any(f != faction for f in s.clearings[c].factions_present()):
            remove_all_enemy_pieces(g, faction, c, "LoR 4.1.2")


MOVE_TEXT["craft"] = lambda m: f"craft {move_card(m)}" if m.args else "Craft"  # a card, or an action of that name
MOVE_TEXT["suit"] = lambda m: f"a {m.args[0]} crafting piece"
