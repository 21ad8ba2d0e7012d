"""A human seat's hand at the table: the card actions of a Rootlog line, kept by the engine.

The engine asks about a human's hand (Automated Outrage 6.2.3, Investors, Extortion 11.7.3, a
card bought from the Riverfolk 9.2.3), so the hand it holds must be the one on the table. The
card actions of a line are applied to it (``apply_card_move``, ``apply_craft``):

- ``#->C``, ``2#->C``: cards drawn from the deck (LoR 2.1; the deck question in table mode);
  ``F#ambush->C`` names the card drawn, taken from the deck if it can be there;
- ``F#C->`` or ``F#->``: a card of the hand discarded (or spent): to the discard pile, a
  dominance card beside the map (LoR 3.3.3); while the Lizards play, to their Lost Souls (8.2.4;
  a human Cult's take a dominance card too, LoR 10.2.6, until its Birdsong discards them, 10.4.2);
- ``F#->E`` to a bot: discarded, and the bot scores 1 VP (2.8.1 Poor Manual Dexterity);
- ``#E->C`` from a bot: the human draws a card instead (2.8.1);
- ``F#C->A`` between human hands; ``F#->A$`` to a human Alliance's Supporters; ``F#->$_f``
  to another human board (a Decree, an activated dominance card): kept before the player, out
  of play (with ``removed_cards``), until ``F#$_f->`` discards it or ``F#$->E`` takes it back;
- ``F#*->C``: a card taken from the discard pile (or a dominance card beside the map);
- ``Zsoup``: a card of the hand crafted: an item card's item goes to the Crafted Items box
  and the card to the discard pile; ``Z%b``: an item crafted from the supply. A human
  Vagabond has no Crafted Items box (LoR 9.2.5): he takes his crafted item face up onto his
  board (LoR 9.2.1, 9.5.8), where his battles and the bots' hits use it.

A card is found by its Rootlog name (the title in lower case without spaces, a prefix will do;
``@`` an ambush, ``dom`` a dominance card) and suit; by suit alone, the first such card in the
hand (on a board: the latest put there). Which column of a Decree a card is in is the table's.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..core import rules
from ..core.context import EngineFailure
from ..factions.vagabot.human import VagabondItem, board_of
from .rootlog_ast import ITEMS, Board, Card, Counted, Craft, DiscardPile, Hand, Move

if TYPE_CHECKING:
    from ..core.context import Game
    from ..core.state import GameState

SUIT_WORDS: dict[str, str] = {"B": "bird", "F": "fox", "M": "mouse", "R": "rabbit"}
ITEM_NAMES: dict[str, str] = {"s": "sword", "b": "bag", "c": "coins", "x": "crossbow", "h": "hammer", "t": "tea", "r": "torch", "f": "boots"}


def is_card_move(move: Move) -> bool:
    """Cards only, between hands, the deck, the discard pile and faction boards."""
    if not all(isinstance(c.thing, Card) for p in move.parts for c in p.things):
        return False
    places = [p.start for p in move.parts] + list(move.dests)
    return all(loc is None or isinstance(loc, (Hand, DiscardPile, Board)) for loc in places)


def title(state: GameState, card: int) -> str:
    """A card's Rootlog name: ``@`` for an ambush, ``dom`` for a dominance card, else its title
    in lower case without spaces or punctuation."""
    c = state.deckdef.card(card)
    return {"ambush": "@", "dominance": "dom"}.get(c.kind) or re.sub(r"[^a-z]", "", c.title.lower())


def fits(state: GameState, card: int, want: Card) -> bool:
    if want.suit is not None and state.deckdef.card(card).suit != SUIT_WORDS[want.suit]:
        return False
    return want.name is None or title(state, card).startswith(want.name)


def find(state: GameState, pile: list[int], want: Card, where: str) -> int:
    """The first card of ``pile`` that fits ``want``; an unsuited, unnamed card only if the pile
    holds one card (else the engine would guess which)."""
    if want.suit is None and want.name is None and len(set(pile)) > 1:
        raise EngineFailure(f"which card? {where} holds {len(pile)}: write its suit or name (F#, M#ambush)")
    for card in pile:
        if fits(state, card, want):
            return card
    raise EngineFailure(f"no such card in {where} (the engine keeps {', '.join(title(state, c) for c in pile) or 'none'})")


def apply_card_move(g: Game, faction: str, letters: dict[str, str], move: Move) -> None:
    """Each card of the line moved, one at a time (``letters``: Rootlog letter -> engine name)."""
    own = next(k for k, v in letters.items() if v == faction)
    dests = move.dests or (None,)
    for part in move.parts:
        for counted in part.things:
            for dest in dests:
                for _ in range(counted.count):
                    _one_card(g, faction, own, letters, counted, part.start, dest)


def _one_card(g: Game, faction: str, own: str, letters: dict[str, str], counted: Counted, start: object, dest: object) -> None:
    want = counted.thing
    assert isinstance(want, Card)
    if isinstance(dest, Hand) and dest.faction == own and not isinstance(start, (Hand, Board)):
        _take(g, faction, want, start)
        return
    if isinstance(start, Hand) and start.faction != own:
        _from_other_hand(g, faction, own, letters, want, start, dest)
        return
    s = g.state
    if isinstance(start, Board):
        _from_board(g, faction, letters, want, start, dest)
        return
    card = find(s, s.factions[faction].hand, want, f"the {faction} hand")
    if dest is None:
        s.factions[faction].hand.remove(card)
        rules.discard(g, card)
        g.emit(faction, "LoR 2.1", "discard", "discards {card}", card=s.deckdef.card(card).label())
        return
    _give(g, faction, letters, card, dest)


def _take(g: Game, faction: str, want: Card, start: object) -> None:
    """A draw from the deck (named: that card, if it can be there) or a card from the pile."""
    s = g.state
    if isinstance(start, DiscardPile):
        pile = s.discard + s.available_dominance
        card = find(s, pile, want, "the discard pile")
        (s.available_dominance if card in s.available_dominance else s.discard).remove(card)
    elif want.name is not None:
        card = find(s, s.deck, want, "the deck")
        s.deck.remove(card)
    else:
        card = rules.draw_card(g, faction)
        if not fits(s, card, want):
            s.deck.append(card)
            raise EngineFailure(f"the card drawn is {s.deckdef.card(card).label()}, not a {SUIT_WORDS[want.suit or 'B']} card")
    s.factions[faction].hand.append(card)
    g.emit(faction, "LoR 2.1", "draw", "takes {card} into their hand", card=s.deckdef.card(card).label())


def _from_other_hand(g: Game, faction: str, own: str, letters: dict[str, str], want: Card, start: Hand, dest: object) -> None:
    """From a bot: the human draws instead (2.8.1); from a human: that card of their hand."""
    s = g.state
    other = letters.get(start.faction)
    if other is None or other not in s.factions:
        raise EngineFailure(f"{start.faction} is not at this table")
    if not (isinstance(dest, Hand) and dest.faction == own):
        raise EngineFailure("a card taken from another hand comes into this seat's own hand")
    if s.factions[other].is_bot:
        card = rules.draw_card(g, faction)
        s.factions[faction].hand.append(card)
        g.emit(faction, "2.8.1", "draw", "would take a card from {target}, a bot with no hand, so draws a card instead", target=other)
        return
    card = find(s, s.factions[other].hand, want, f"the {other} hand")
    s.factions[other].hand.remove(card)
    s.factions[faction].hand.append(card)
    g.emit(faction, "LoR 2.1", "draw", "takes a card from {target}", target=other)


def _give(g: Game, faction: str, letters: dict[str, str], card: int, dest: object) -> None:
    """A card of the hand given, as an effect says (LoR 1.3.2): to a bot (2.8.1), another human,
    or a human Alliance's Supporters stack."""
    s = g.state
    letter = dest.faction if isinstance(dest, (Hand, Board)) else None
    to = letters.get(letter or "", faction if letter is None else "")
    if to not in s.factions:
        raise EngineFailure(f"{letter} is not at this table")
    fs = s.factions[to]
    if fs.is_bot:
        rules.give_card_to_bot(g, faction, to, card, "2.8.1")
        return
    if isinstance(dest, Board):
        s.factions[faction].hand.remove(card)
        if _supporters(fs) is None:  # a Decree, a dominance card: before the player, out of play
            s.removed_cards.append(card)
        else:
            fs.board.supporters = [*_supporters(fs), card]  # type: ignore[union-attr]
    else:
        s.factions[faction].hand.remove(card)
        fs.hand.append(card)
    g.emit(faction, "LoR 1.3.2", "gift", "gives {card} to {target}", card=s.deckdef.card(card).label(), target=to, giver=faction)


def _supporters(fs: object) -> list[int] | None:
    """A human Alliance's Supporters stack (empty if it has none yet), else None."""
    board = getattr(fs, "board", None)
    if not hasattr(board, "supporters"):
        return None
    return list(board.supporters or [])  # type: ignore[union-attr]


def _from_board(g: Game, faction: str, letters: dict[str, str], want: Card, start: Board, dest: object) -> None:
    """A card leaves a human's board: the Supporters stack, or the cards kept before the player
    (a Decree, an activated dominance card): discarded, or into a hand."""
    s = g.state
    owner = letters.get(start.faction or "", faction if start.faction is None else "")
    if owner not in s.factions or s.factions[owner].is_bot:
        raise EngineFailure(f"no cards of the {owner or start.faction} board are kept by the engine")
    fs = s.factions[owner]
    souls = getattr(fs.board, "lost_souls", None)  # a human Lizard Cult's Lost Souls (R-TABLE-LOST-SOULS)
    pile = _supporters(fs) if souls is None else souls
    latest = s.removed_cards[::-1] if pile is None else souls[::-1] if souls is not None else pile  # latest first but Supporters
    card = find(s, latest, want, f"the {owner} board")
    if pile is None:
        s.removed_cards.remove(card)
    elif souls is not None:
        souls.remove(card)
    else:
        pile.remove(card)
        fs.board.supporters = pile  # type: ignore[union-attr]
    if dest is None:
        rules.discard(g, card, lost_souls=souls is None)  # the Lost Souls go to the discard pile
        g.emit(faction, "LoR 2.1", "discard", "discards {card} from the board", card=s.deckdef.card(card).label())
        return
    if not isinstance(dest, Hand) or letters.get(dest.faction) not in s.factions or s.factions[letters[dest.faction]].is_bot:
        raise EngineFailure("a card from a board goes to the discard pile or a human's hand")
    s.factions[letters[dest.faction]].hand.append(card)
    g.emit(faction, "LoR 2.1", "draw", "takes {card} from the board", card=s.deckdef.card(card).label())


def apply_craft(g: Game, faction: str, craft: Craft) -> None:
    """``Z<card>``: the card leaves the hand; an item card's item joins the Crafted Items box and
    the card is discarded (LoR 4.1.2), a card of lasting effect stays before its crafter (LoR
    4.1.3; kept by the engine out of play). ``Z%<item>``: the item from the supply, which must
    hold it (LoR 4.1.2). A human Vagabond's item goes face up onto his board (LoR 9.2.1)."""
    s = g.state
    fs = s.factions[faction]
    if craft.card is None:
        _take_item(g, faction, ITEM_NAMES.get(craft.item or "", ITEMS.get(craft.item or "", "?")))
        return
    card = find(s, fs.hand, Card(None, craft.card), f"the {faction} hand")
    c = s.deckdef.card(card)
    fs.hand.remove(card)
    if c.kind == "item" and c.item is not None:
        _take_item(g, faction, c.item)
        rules.discard(g, card)
    else:
        s.removed_cards.append(card)
    g.emit(faction, "LoR 4.1", "craft", "crafts {card}", card=c.label())


def _take_item(g: Game, faction: str, item: str) -> None:
    s = g.state
    if s.item_supply.get(item, 0) <= 0:
        raise EngineFailure(f"no {item} left in the item supply")
    s.item_supply[item] -= 1
    vb = board_of(s, faction)
    if vb is None:
        s.factions[faction].items.append(item)
        return
    vb.items.append(VagabondItem(item))  # a human Vagabond's: face up on his board (LoR 9.2.1)
    g.emit(faction, "LoR 9.2.1", "gain_item", "takes {item:an item} {source}", item=item, source="he crafted")
