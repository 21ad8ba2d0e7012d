"""Cards in a human seat's hand and play area (LoR 2.1, 2.1.4): matching suits with birds wild,
spending, drawing, discarding down to the hand limit, and asking which card."""

from __future__ import annotations

from collections.abc import Iterable

from ..cards import card_keys, in_play, load_deck  # noqa: F401 (in_play re-exported)
from ..context import Game
from ..moves import MOVE_TEXT, Move, ask, yes_no
from ..rules import discard, discard_words, draw_card, told_after
from ..state import GameState

HAND_LIMIT = 5  # LoR 6.6, 7.6.2, 8.6.2, 9.6.3: discard down to five at the end of the Evening draw


def suit_matches(card_suit: str, suit: str) -> bool:
    """LoR 2.1.1: a bird card may be treated as a card of any suit."""
    return card_suit == suit or card_suit == "bird"


def matching(state: GameState, faction: str, suit: str) -> list[int]:
    """The cards in hand matching ``suit`` (birds included), in hand order."""
    deck = state.deckdef.cards
    return [cid for cid in state.factions[faction].hand if suit_matches(deck[cid].suit, suit)]


def birds(state: GameState, faction: str) -> list[int]:
    deck = state.deckdef.cards
    return [cid for cid in state.factions[faction].hand if deck[cid].suit == "bird"]


def card_moves(state: GameState, cards: Iterable[int], rule: str, kind: str = "card") -> list[Move]:
    """One move per distinct card: two copies of a card are the same choice (their ids differ,
    what they do does not), so a program sees each once."""
    keys = card_keys(state.deckdef)
    out: list[Move] = []
    seen: set[str] = set()
    for cid in cards:
        if keys[cid] not in seen:
            seen.add(keys[cid])
            out.append(Move(kind, (cid,), rule, card_label(cid, state)))
    return out


def ask_card(g: Game, faction: str, step: str, rule: str, cards: Iterable[int], prompt: str = "") -> int:
    """Ask ``faction`` which of ``cards`` (at least one); returns the card id."""
    return ask(g, faction, step, rule, card_moves(g.state, cards, rule), prompt).args[0]


def spend(g: Game, faction: str, cid: int, rule: str, what: str) -> None:
    """Spend (or discard) a card from hand: it goes to the discard pile, a dominance card beside
    the map (LoR 3.3.3), or wherever a faction's rules send discards (Lost Souls)."""
    card = g.state.deckdef.cards[cid]
    g.emit(faction, rule, "spend", "spends {card} {what}", card=card.label(), card_id=card.name, what=what)
    g.state.factions[faction].hand.remove(cid)
    discard(g, cid)


def discard_from_hand(g: Game, faction: str, cid: int, rule: str, why: str) -> None:
    card = g.state.deckdef.cards[cid]
    g.state.factions[faction].hand.remove(cid)
    with told_after(g):
        said = discard_words(discard(g, cid, told=True), "{card}")
        g.emit(faction, rule, "discard", said + " {reason}", card=card.label(), card_id=card.name, reason=why)


def draw(g: Game, faction: str, n: int, rule: str, why: str) -> int:
    """Draw ``n`` cards into hand (the deck reshuffled from the discard pile when empty); fewer
    when both are empty (LoR 1.5.4). Returns how many were drawn."""
    s = g.state
    fs = s.factions[faction]
    drawn = 0
    for _ in range(n):
        if not s.deck and not s.discard:
            break
        fs.hand.append(draw_card(g, faction))
        drawn += 1
    if drawn:
        g.emit(faction, rule, "draw", "draws {n} card{pl} {reason}", n=drawn, pl="" if drawn == 1 else "s", reason=why)
    return drawn


def discard_down(g: Game, faction: str, rule: str, limit: int = HAND_LIMIT) -> None:
    """Discard cards of the seat's choice until it holds ``limit`` (LoR 6.6 and the like)."""
    fs = g.state.factions[faction]
    while len(fs.hand) > limit:
        cid = ask_card(g, faction, "evening.discard", rule, fs.hand, f"discard down to {limit} cards")
        discard_from_hand(g, faction, cid, rule, f"down to the hand limit of {limit}")


def draw_and_discard(g: Game, faction: str, n: int, rule: str) -> None:
    """The Evening's draw of one card plus bonuses, then the hand limit (LoR 6.6, 7.6.2, 8.6.2)."""
    evening_draw(g, faction, n, rule)
    discard_down(g, faction, rule)


def evening_draw(g: Game, faction: str, n: int, rule: str) -> None:
    """The Evening's draw; with Informants (Exiles and Partisans deck) the seat may take an
    ambush card from the discard pile instead."""
    s = g.state
    if s.deckdef.exiles and in_play(s, faction, "informants") is not None:
        ambushes = [cid for cid in s.discard if s.deckdef.cards[cid].kind == "ambush"]
        if ambushes and yes_no(g, faction, "evening.informants", "LoR 4.1.3", f"Informants: take an ambush card from the discard pile instead of drawing {n}?"):
            cid = ask_card(g, faction, "informants.card", "LoR 4.1.3", ambushes, "take which ambush card") if len(ambushes) > 1 else ambushes[0]
            s.discard.remove(cid)
            s.factions[faction].hand.append(cid)
            card = s.deckdef.cards[cid]
            g.emit(faction, "LoR 4.1.3", "informants", "uses Informants: takes {card} from the discard pile instead of drawing", card=card.label(), card_id=card.name)
            return
    draw(g, faction, n, rule, "in Evening")


def card_label(cid: int, state: GameState) -> str:
    """A card's title and suit in the game's deck (the base deck and Exiles and Partisans
    number their cards differently, LoR 19.2)."""
    return state.deckdef.card(cid).label()


def move_card(m: Move) -> str:
    """The words of the card a move names (set where the move is made, from the game's deck)."""
    return m.card or f"card {m.args[0]}"


def card_text(m: Move) -> str:
    return move_card(m)


MOVE_TEXT["card"] = card_text
