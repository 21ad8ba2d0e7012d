"""What a Rootlog line writes of cards, for the published games' check (``published_law.py``):
the discards and reveals each prefix of the line allows (by suit, with those the file leaves
unwritten), and the hands, ruins and piles fitted to what the line spends, shows and takes (the
file records suits and items, not which cards or which item lay where)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.state import GameState
from .law_lines import SUIT_OF
from .rootlog import (
    Board,
    Card,
    Clearing,
    Counted,
    Craft,
    Hand,
    Item,
    Move,
    Piece,
    Reveal,
    SetMarker,
)
from .rootlog_import import ENGINE_ITEMS

REVEALERS = {"lizards": "L", "duchy": "D"}  # seats whose rituals and Assembly reveal cards (LoR 10.5, 12.5)


# -- discards and reveals the line allows ------------------------------------------------------
def own_reveal(act: Any, letter: str) -> bool:
    """The line's seat revealing cards to nobody in particular (``F#^``, ``(R+B)#^``; not a hand
    shown to a seat, ``^A``)."""
    return isinstance(act, Reveal) and (act.revealer or letter) == letter and act.target is None


def sympathy_removed(act: Any) -> list[int]:
    """The clearings a move takes an Alliance sympathy token from (``At12->``)."""
    if not isinstance(act, Move):
        return []
    return [p.start.number for p in act.parts if isinstance(p.start, Clearing) for c in p.things if isinstance(c.thing, Piece) and c.thing.faction == "A" and c.thing.kind == "t"]


def revealed_birds(letter: str, actions: Sequence[Any]) -> int:
    """The bird cards the Duchy's line reveals (``(R+B)#^``): its Evening discards them (LoR
    12.6.1), which the file does not write."""
    if letter != "D":
        return 0
    return sum(c.count for a in actions if own_reveal(a, letter) for c in a.cards if isinstance(c.thing, Card) and c.thing.suit == "B")


@dataclass(frozen=True, slots=True)
class Allowance:
    """The cards a prefix of the line discards: ``suits`` as written, ``unknown`` more of any
    suit (``#C->``, a turmoil's Decree, an Alliance base's supporters)."""

    suits: Counter[str]
    unknown: int


ANY = 99  # cards of any suit: a discard the file does not count (the Eyrie's Decree in turmoil)


def discarded(s: GameState) -> Counter[str]:
    """Every discarded card in the game by suit: the discard pile, the dominance cards beside the
    map, the Lost Souls (LoR 10.2.6; the Cult bot's pile)."""
    deck = s.deckdef
    out = Counter(deck.card(c).suit for c in s.discard)
    out.update(deck.card(c).suit for c in s.available_dominance)
    for fs in s.factions.values():
        for pile in (getattr(fs.board, "lost_souls", None), getattr(fs.board, "pile", None)):
            if isinstance(pile, list):
                out.update(deck.card(c).suit for c in pile if isinstance(c, int))
    return out


def fits(thrown: Counter[str], allowed: Allowance) -> bool:
    """The chain discarded no card the prefix does not (its unknown ones of any suit)."""
    over = sum(max(0, n - allowed.suits[suit]) for suit, n in thrown.items())
    return over <= allowed.unknown


def turmoil(act: Any, letter: str) -> bool:
    """``$_->`` on the Eyrie's board: its Decree discarded in turmoil (LoR 7.7.2)."""
    return isinstance(act, SetMarker) and not act.value and any((b.faction or letter) == "E" and b.area == "" for b in act.boards)


def card_suits(things: Iterable[Counted]) -> tuple[Counter[str], int]:
    """The cards among ``things`` by suit, and how many are of no written suit (``#C->``)."""
    suits: Counter[str] = Counter()
    unknown = 0
    for counted in things:
        if not isinstance(counted.thing, Card):
            continue
        suit = SUIT_OF.get(counted.thing.suit or "")
        if suit:
            suits[suit] += counted.count
        else:
            unknown += counted.count
    return suits, unknown


def allowed_discards(s: GameState, letter: str, actions: Sequence[Any], made: Sequence[int]) -> Allowance:
    """The discards ``actions`` write: cards moved from a hand or a board to nowhere (``M#C->``,
    ``(M+F)#$->``), the cards crafted that are not kept for a lasting effect (LoR 4.1), and
    what the file leaves uncounted: a turmoil's Decree (LoR 7.7), an Alliance base's supporters
    (LoR 8.2.5), the birds the Duchy revealed (discarded in its Evening, LoR 12.6.1)."""
    suits: Counter[str] = Counter()
    unknown = 0
    crafts = iter(made)
    for act in actions:
        if isinstance(act, Craft):
            cid = next(crafts, None)
            if cid is None or not s.deckdef.card(cid).persistent:
                if cid is None:
                    unknown += 1
                else:
                    suits[s.deckdef.card(cid).suit] += 1
        elif turmoil(act, letter):
            unknown += ANY
        elif isinstance(act, Reveal):
            suits["bird"] += revealed_birds(letter, [act])
        elif isinstance(act, Move) and not act.dests:
            for part in act.parts:
                if any(isinstance(c.thing, Piece) and c.thing.faction == "A" and c.thing.kind == "b" for c in part.things):
                    unknown += ANY
                if isinstance(part.start, (Hand, Board, type(None))):
                    written, blind = card_suits(part.things)
                    suits += written
                    unknown += blind
    return Allowance(suits, unknown)


def allowed_reveals(letter: str, actions: Sequence[Any]) -> Allowance:
    """The cards ``actions`` reveal for the seat's rituals or Assembly and sway (``F#^``,
    ``(R+B)#^``), and the Lizards' cards spent from the hand in Daylight (``F#L->``: a Score
    reveals the card it spends, LoR 10.5.3); a card of no written suit is any."""
    if letter not in REVEALERS.values():
        return Allowance(Counter(), ANY)
    things: list[Counted] = []
    for act in actions:
        if own_reveal(act, letter):
            things.extend(act.cards)
        elif letter == "L" and isinstance(act, Move) and not act.dests:
            things.extend(c for p in act.parts if isinstance(p.start, Hand) and p.start.faction == letter for c in p.things)
    return Allowance(*card_suits(things))


# -- the hands fitted to what the line spends --------------------------------------------------
def spent_suits(actions: Sequence[Any], letter: str, pile: type = Hand) -> Counter[str]:
    """The suits of the cards the line takes from its own seat's hand (or board: supporters),
    and of those it shows (``(2M#+F#)^``: a Duchy minister swayed, LoR 12.5.3), which the hand
    must hold too: as many of each suit as the more of the two asks; for the Lizards and the
    Duchy, both (a card revealed in Daylight is out of the hand until Evening, LoR 10.5,
    12.6.1, so one spent that Daylight is another card)."""
    taken = _taken_suits(actions, letter, pile)
    if pile is not Hand:
        return taken
    shown = shown_suits(actions, letter)
    return taken + shown if letter in REVEALERS.values() else taken | shown


def shown_suits(actions: Sequence[Any], letter: str) -> Counter[str]:
    """The suits of the cards the line's seat reveals (``F#^``, ``(R+B)#^``)."""
    return card_suits(c for a in actions if isinstance(a, Reveal) and (a.revealer or letter) == letter for c in a.cards)[0]


def taken_from(actions: Sequence[Any], letter: str, other: str) -> Counter[str]:
    """The suits of the cards the line of ``letter`` takes from the hand of the seat ``other``
    (``R#O->V``: a Hand Card bought from a human Riverfolk, LoR 11.2.7.1)."""
    return card_suits(c for p in _parts(actions) if isinstance(p.start, Hand) and p.start.faction == other != letter for c in p.things)[0]


def _taken_suits(actions: Sequence[Any], letter: str, pile: type) -> Counter[str]:
    return card_suits(c for p in _parts(actions) if isinstance(p.start, pile) and (p.start.faction or letter) == letter and getattr(p.start, "area", None) is None for c in p.things)[0]


def _parts(actions: Sequence[Any]) -> Iterator[Any]:
    """Every part of the line's moves."""
    return (p for a in actions if isinstance(a, Move) for p in a.parts)


def fit_hand(s: GameState, faction: str, want: Counter[str], hand: list[int] | None = None) -> str | None:
    """Make the hand (or another pile: supporters) hold the suits the line spends, swapping cards
    the line does not need with cards of the deck (the file records suits, not cards). Why not,
    or None."""
    hand = s.factions[faction].hand if hand is None else hand
    deck = s.deck
    suit = lambda c: s.deckdef.card(c).suit
    if sum(want.values()) > len(hand):
        return f"the line spends {sum(want.values())} cards of named suits; the hand holds {len(hand)}"
    have = Counter(suit(c) for c in hand)
    for needed, n in want.items():
        while have[needed] < n:
            spare = next((c for c in hand if have[suit(c)] > want[suit(c)]), None)
            new = next((c for c in deck if suit(c) == needed), None)
            if spare is None or new is None:
                return f"no {needed} card to put in the hand"
            hand.remove(spare)
            deck.remove(new)
            deck.append(spare)
            hand.append(new)
            have[suit(spare)] -= 1
            have[needed] += 1
    return None


def fit_outrage(s: GameState, faction: str, letter: str, actions: Sequence[Any], want: Counter[str]) -> str | None:
    """A whole hand shown to the Alliance (``^A``) after the line removed a sympathy token or
    moved into a sympathetic clearing is an Outrage paid with no card matching that clearing
    (birds included, LoR 8.2.6): at each such showing the hand holds no more cards of those
    suits than the line spends before it; the spare ones are swapped with the deck's cards of
    other suits (the file records no hand). Why not, or None."""
    shows = _outrage_clearings(s, letter, actions)
    if not shows:
        return None
    cap: dict[str, int] = {}
    for k, c in shows:
        before = spent_suits(actions[:k], letter)
        for suit in (s.suit(c), "bird"):
            if want[suit] > before[suit]:
                return f"the line spends a {suit} card after showing a hand with none for Outrage in {c} (LoR 8.2.6)"
            cap[suit] = min(cap.get(suit, before[suit]), before[suit])
    hand, deck = s.factions[faction].hand, s.deck
    of = lambda cid: s.deckdef.card(cid).suit
    for suit, most in cap.items():
        while sum(1 for x in hand if of(x) == suit) > most:
            cid = next(x for x in hand if of(x) == suit)
            new = next((d for d in deck if of(d) not in cap), None)
            if new is None:
                return f"no card in the deck to keep a {suit} card out of the hand shown for Outrage (LoR 8.2.6)"
            hand[hand.index(cid)] = new
            deck[deck.index(new)] = cid
    return None


def _outrage_clearings(s: GameState, letter: str, actions: Sequence[Any]) -> list[tuple[int, int]]:
    """Each whole hand shown to the Alliance (its place in the line) and the clearing of the
    Outrage it pays: the last sympathy removed (``At12->``) or sympathetic clearing moved into
    before it."""
    out: list[tuple[int, int]] = []
    last = None
    for k, act in enumerate(actions):
        if isinstance(act, Reveal) and not act.cards and act.target == "A" and (act.revealer or letter) == letter:
            if last is not None:
                out.append((k, last))
            last = None
            continue
        if not isinstance(act, Move):
            continue
        removed = sympathy_removed(act)
        if removed:
            last = removed[-1]
        for d in act.dests:
            if isinstance(d, Clearing) and 1 <= d.number <= 12 and ("alliance", "sympathy") in s.clearings[d.number].tokens:
                last = d.number
    return out


def fit_ruins(s: GameState, actions: Sequence[Any]) -> str | None:
    """Make each ruin the line explores hold the item it takes (``%b12->t``): the items under the
    ruins lie face down (LoR 9.3.4) and the file names them only when taken, so the item is swapped
    with one under another ruin. Why not, or None."""
    for act in actions:
        if not isinstance(act, Move):
            continue
        for part in act.parts:
            if not isinstance(part.start, Clearing) or not 1 <= part.start.number <= 12:
                continue
            cl = s.clearings[part.start.number]
            for counted in part.things:
                if not isinstance(counted.thing, Item):  # (``t10->``: a wood, no tea)
                    continue
                kind = ENGINE_ITEMS.get(counted.thing.kind, "")
                if not kind or not cl.ruin or kind in cl.ruin_items or not cl.ruin_items:
                    continue
                other = next((o for o in s.map.ruins if o != part.start.number and kind in s.clearings[o].ruin_items), None)
                if other is None:
                    return f"no {kind} under a ruin to be the one taken in {part.start.number}"
                mine, theirs = cl.ruin_items, s.clearings[other].ruin_items
                given = mine[0]
                mine[0], theirs[theirs.index(kind)] = kind, given
    return None


def hold_card(s: GameState, faction: str, cid: int, want: Counter[str]) -> str | None:
    """Put a copy of the card ``cid`` (same title and suit) in the hand, for a card the line
    does not spend otherwise; the file does not say which cards the hand held. Why not, or None."""
    hand = s.factions[faction].hand
    same = lambda c: (s.deckdef.card(c).title, s.deckdef.card(c).suit) == (s.deckdef.card(cid).title, s.deckdef.card(cid).suit)
    suit = lambda c: s.deckdef.card(c).suit
    have = Counter(suit(c) for c in hand)
    if any(same(c) and have[suit(c)] > want[suit(c)] for c in hand):
        return None
    spare = next((c for c in hand if have[suit(c)] > want[suit(c)]), None)
    pile = next((p for p in (s.deck, s.discard) if any(same(c) for c in p)), None)
    if pile is None and spare is not None:
        return _from_another_hand(s, faction, cid, spare)
    if pile is None or spare is None:
        return f"no {s.deckdef.card(cid).title} ({s.deckdef.card(cid).suit}) to put in the hand"
    new = next(c for c in pile if same(c))
    pile[pile.index(new)] = spare
    hand[hand.index(spare)] = new
    return None


def _from_another_hand(s: GameState, faction: str, cid: int, spare: int) -> str | None:
    """The card ``cid`` (a copy) dealt to another human seat's hand: it comes to ``faction``'s
    hand, the other hand gets a card of the same suit from the deck (its suits, all the file
    says of it, unchanged) and the spare card goes to the deck. Why not, or None."""
    title, suit = s.deckdef.card(cid).title, s.deckdef.card(cid).suit
    for other, fs in sorted(s.factions.items()):
        if other == faction or fs.is_bot:
            continue
        held = next((c for c in fs.hand if (s.deckdef.card(c).title, s.deckdef.card(c).suit) == (title, suit)), None)
        if held is None:
            continue
        stand_in = next((c for c in s.deck if s.deckdef.card(c).suit == suit and s.deckdef.card(c).title != title), None)
        if stand_in is None:
            return f"no {title} ({suit}) to put in the hand (the {other} holds it and the deck has no other {suit} card for it)"
        fs.hand[fs.hand.index(held)] = stand_in
        s.deck[s.deck.index(stand_in)] = spare
        hand = s.factions[faction].hand
        hand[hand.index(spare)] = held
        return None
    return f"no {title} ({suit}) to put in the hand"
