"""Chance and human decisions at a real table.

The engine asks a chance source for dice and cards and a seat's controller for a human's
decisions. At the table both become *questions*: ``Answers.take`` returns the answer already
recorded for this part of the game, or raises ``NeedInput`` so that the session stops, asks,
records the answer as an entry and plays the part again from its start (see session.py).

Dice and the deck come from the app (the game's seeded RNG, which then says what came) or from
the table (``"table"``: the person types the roll or names the revealed card). Random picks the
Law leaves to chance (a starting corner, an item under a ruin) always come from the RNG.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from ..core.cards import Deck, load_deck
from ..core.events import format_template
from ..core.chance import Rng
from ..factions.corvids.plots import PLOT_KINDS

if TYPE_CHECKING:
    from ..core.context import Game
    from ..factions.riverfolk.services import Offer, Purchase

T = TypeVar("T")
MODES: tuple[str, ...] = ("app", "table")
NONE_WORDS = ("none", "no", "-")
YES_WORDS = ("yes", "y")
NO_WORDS = ("no", "n")

# What shape of answer each question takes.
SHAPES: dict[str, str] = {
    "roll": "roll",
    "draw": "card",
    "automated_outrage_discard": "card",
    "investors_discard": "card",
    "outrage_card": "card_or_none",
    "field_hospitals": "card_or_none",
    "ambush_card": "card_or_none",
    "enlist_arbiter": "yes_no",
    "assign_hits": "order",
    "guess_plot": "choice",
    "buy_services": "services",
    "riverfolk_hand": "cards",
    "move": "move",  # a decision of a human seat in law mode (table/law.py)
}


@dataclass(frozen=True, slots=True)
class Question:
    """Something only the table can answer. ``faction``: the seat that answers (None: whoever
    holds the dice or the deck); ``options``: the accepted words or card names."""

    ask: str
    faction: str | None
    text: str
    options: tuple[str, ...] = ()
    pick: int = 0  # an order: how many of ``options`` the answer names (0: all of them)
    decision: Any = None  # a ``move`` question: the ``core.moves.Decision`` with its legal moves


class NeedInput(Exception):
    """The engine needs an answer the session does not have yet."""

    def __init__(self, question: Question) -> None:
        super().__init__(question.text)
        self.question = question


class BadAnswer(ValueError):
    """A recorded answer that does not fit its question (one line; ``entry`` is its index)."""

    def __init__(self, entry: int, problem: str) -> None:
        super().__init__(problem)
        self.entry = entry


class Answers:
    """The answers recorded for one part of the game, given out in the order they were asked.

    ``board.apply_line`` first rehearses a human's line on a copy of the game, then plays it on
    the game: both read the same answers, the rehearsal from where the game stands (``rehearse``).
    """

    def __init__(self, recorded: Sequence[tuple[int, str, Any]]) -> None:
        self.recorded = list(recorded)  # (entry index, ask, value)
        self.pos: dict[str, int] = {"main": 0}
        self.main: Game | None = None  # the game of the part (rehearsals play on copies)
        self.asked: list[int] = []  # the log's length each time the part's game asked (steps do not span it)

    def rehearse(self) -> None:
        self.pos["rehearsal"] = self.pos["main"]

    def key(self, g: Game) -> str:
        return "main" if self.main is None or g is self.main else "rehearsal"

    def take(self, q: Question, convert: Callable[[Any], T], key: str = "main") -> T:
        pos = self.pos.get(key, self.pos["main"])
        if key == "main" and self.main is not None:
            self.asked.append(len(self.main.log))
        if pos >= len(self.recorded):
            raise NeedInput(q)
        entry, ask, value = self.recorded[pos]
        if ask != q.ask:
            raise BadAnswer(entry, f"answers a {ask} question, but the game asks: {q.text}")
        self.pos[key] = pos + 1
        try:
            return convert(value)
        except ValueError as e:
            raise BadAnswer(entry, str(e)) from None


# -- reading what the table types -------------------------------------------------------------
def card_key(text: str) -> str:
    """A card name as people type it: case, punctuation and the copy number do not matter."""
    text = re.sub(r"#\d+$", "", text.strip().lower())
    return " ".join(re.sub(r"[^a-z0-9]+", " ", text).split())


def match_card(text: str, names: Sequence[str], deck: Deck) -> str | None:
    """The first of ``names`` (card names) that ``text`` names: by name or by label, or by any
    words that fit one card only (``crossbow``; ``ambush`` when one ambush fits)."""
    try:
        return find_card(text, names, deck)
    except ValueError:
        return None


def find_card(text: str, names: Sequence[str], deck: Deck) -> str:
    """``match_card``, or a ValueError saying which cards ``text`` could mean."""
    want = card_key(text)
    labels = {name: deck.card(deck.by_name[name]).label() for name in names}
    for name, label in labels.items():
        if want in (card_key(name), card_key(label)):
            return name
    words = want.split()
    fits = {label: name for name, label in reversed(labels.items()) if words and _starts_words(words, card_key(label).split() + card_key(name).split())}
    if len(fits) == 1:
        return next(iter(fits.values()))
    choices = ", ".join(dict.fromkeys(labels.values())) or "none"
    if fits:
        raise ValueError(f"{text.strip()!r} could be {' or '.join(sorted(fits))}: say which (choose from {choices})")
    raise ValueError(f"{text.strip()!r} is not one of the cards that can be meant here (choose from {choices})")


def _starts_words(words: Sequence[str], of: Sequence[str]) -> bool:
    """Each typed word begins a word of the card's name or label."""
    return all(any(w.startswith(x) for w in of) for x in words)


def card_choices(q: Question, deck: Deck) -> str:
    """A question's options as the table names them (a card by its label)."""
    if SHAPES.get(q.ask) in ("card", "card_or_none", "cards"):
        labels = [deck.card(deck.by_name[n]).label() if n in deck.by_name else n for n in q.options]
        return ", ".join(dict.fromkeys(labels)) + (", or none" if SHAPES[q.ask] in ("card_or_none", "cards") else "")
    return ", ".join(q.options)


def parse_order(q: Question, text: str) -> list[str]:
    """Pieces or items in the order they go, split by commas or spaces; an item may be several
    words (``boots exhausted``) or its first word when that names one kind left (``boots``).
    Names ``q.pick`` of the options (or all of them)."""
    left = Counter(q.options)
    chosen: list[str] = []
    for part in text.lower().split(","):
        words = part.split()
        while words:
            n, kind = next(((n, " ".join(words[:n])) for n in range(len(words), 0, -1) if left[" ".join(words[:n])] > 0), (0, ""))
            if not n:
                kinds = {o for o in left if left[o] > 0 and o.split()[0] == words[0]}
                if len(kinds) != 1:
                    raise ValueError(f"{words[0]!r} is not one of {_order_hint(q)}")
                n, kind = 1, kinds.pop()
            chosen.append(kind)
            left[kind] -= 1
            words = words[n:]
    want = q.pick or len(q.options)
    if len(chosen) not in (want, len(q.options)):
        raise ValueError(f"name {want} of {_order_hint(q)}, first to go first")
    return chosen[:want]


def _order_hint(q: Question) -> str:
    return ", ".join(q.options) + " (separated by commas)"


def parse_answer(q: Question, text: str, deck: Deck) -> Any:
    """What the table typed, as the JSON value recorded in the entry (checked again when used)."""
    shape, words = SHAPES[q.ask], text.strip().lower()
    if shape == "move":
        from .law import encode, parse_move

        return encode(q.decision, parse_move(q.decision, text))
    if shape == "roll":
        digits = re.findall(r"\d+", words)
        if len(digits) != 2 or any(int(d) > 3 for d in digits):
            raise ValueError("a roll is two dice of 0 to 3, e.g. '2 1'")
        return [int(digits[0]), int(digits[1])]
    if shape == "yes_no":
        if words in YES_WORDS or words in NO_WORDS:
            return words in YES_WORDS
        raise ValueError("answer yes or no")
    if shape == "card_or_none" and words in NONE_WORDS:
        return None
    if shape in ("card", "card_or_none"):
        return find_card(text, q.options, deck)
    if shape == "order":
        return parse_order(q, text)
    if shape == "choice":
        if words not in q.options:
            raise ValueError(f"choose one of {', '.join(q.options)}")
        return words
    if shape == "cards":
        return [] if words in NONE_WORDS else [find_card(part, q.options, deck) for part in text.split(",")]
    return _parse_services(text, deck)


def shown_cards(g: Game, faction: str, names: tuple[str, ...], value: Any) -> list[int]:
    """A recorded ``riverfolk_hand`` answer: card names, each once, each in the hand."""
    if not isinstance(value, list) or len(set(map(str, value))) != len(value):
        raise ValueError("the cards shown are a list of card names, each once")
    return [hand_card(g, faction, names, v) for v in value]


def _parse_services(text: str, deck: Deck) -> list[list[Any]]:
    """``none`` or e.g. ``hand_card ambush bird, riverboats``."""
    if text.strip().lower() in NONE_WORDS:
        return []
    out: list[list[Any]] = []
    for part in text.split(","):
        service, _, card = part.strip().partition(" ")
        out.append([service.lower(), match_card(card, list(deck.by_name), deck) if card.strip() else None])
    return out


# -- the chance source ----------------------------------------------------------------------------
@dataclass(slots=True)
class TableChance:
    """Dice and the deck from the app (the game's RNG) or from the table; picks from the RNG.
    A copy (``copy.deepcopy``, as ``board.apply_line`` makes to rehearse a line) shares the
    answers and rolls with a copy of the RNG as it stands."""

    answers: Answers
    dice: str = "app"
    deck: str = "app"
    game: Game | None = None
    rng: Rng | None = None  # a rehearsal's own copy; else the game state's
    key: str = "main"
    drawn: list[tuple[int, int]] = field(default_factory=list)  # (log length, card): the main deck's draws

    def bind(self, g: Game) -> None:
        """Called by ``new_game`` once the game exists: the RNG is the game state's own."""
        self.game = g
        self.answers.main = g

    def __deepcopy__(self, memo: dict[int, Any]) -> TableChance:
        self.answers.rehearse()
        return TableChance(self.answers, self.dice, self.deck, None, self._rng().clone(), "rehearsal")

    def _rng(self) -> Rng:
        if self.rng is not None:
            return self.rng
        assert self.game is not None, "new_game binds the chance source before any chance"
        return self.game.state.rng

    def roll(self) -> tuple[int, int]:
        if self.dice == "app":
            below = self._rng().below
            return below(4), below(4)
        q = Question("roll", None, f"roll the two battle dice ({self._battle()}): type both results, 0 to 3")
        return self.answers.take(q, _roll_value, self.key)

    def _battle(self) -> str:
        for e in reversed(self.game.log.events if self.game is not None else []):
            if e.kind in ("battle", "instigate"):  # the event's words, not its long explanation
                return f"{e.faction} {format_template(e.template, e.data)}"
        return "a battle"

    def shuffle(self, cards: list[int]) -> None:
        self._rng().shuffle(cards)  # a real deck is shuffled by hand; draws are named

    def draw(self, deck: list[int]) -> int:
        # The main deck, not the Vagabot's quests (a rehearsal of a human line draws no quest).
        main = self.game is None or deck is self.game.state.deck
        if self.deck == "app" or not main:
            card = deck.pop()
            if main and self.game is not None:
                self.drawn.append((len(self.game.log), card))
            return card
        cards = self.game.state.deckdef if self.game is not None else load_deck()  # LoR 19.2: the game's deck
        names = tuple(dict.fromkeys(cards.cards[c].name for c in sorted(deck)))
        q = Question("draw", None, "draw the top card of the deck and name it", names)

        def convert(value: Any) -> int:
            card = _card_id(cards, value)
            if card not in deck:
                raise ValueError(f"{value!r} cannot be in the deck now (it is in a hand, a pile or on a board)")
            return card

        card = self.answers.take(q, convert, self.key)
        deck.remove(card)
        if self.game is not None:
            self.drawn.append((len(self.game.log), card))
        return card

    def pick(self, options: Sequence[T], what: str) -> T:
        return options[self._rng().below(len(options))]


def _roll_value(value: Any) -> tuple[int, int]:
    if not (isinstance(value, list) and len(value) == 2 and all(type(v) is int and 0 <= v <= 3 for v in value)):
        raise ValueError(f"{value!r} is not a roll (two whole numbers from 0 to 3)")
    return value[0], value[1]


def _card_id(deck: Deck, value: Any) -> int:
    if not isinstance(value, str) or value not in deck.by_name:
        raise ValueError(f"{value!r} is not a card of the deck")
    return deck.by_name[value]


def hand_names(g: Game, faction: str, suit: str | None = None, kind: str | None = None) -> tuple[str, ...]:
    """The names of the cards in a human's hand (matching ``suit`` or bird when given; of
    ``kind``, e.g. ambush, when given)."""
    s = g.state
    cards = [s.deckdef.cards[c] for c in s.factions[faction].hand]
    return tuple(c.name for c in cards if (suit is None or c.suit in (suit, "bird")) and kind in (None, c.kind))


def hand_card(g: Game, faction: str, names: tuple[str, ...], value: Any) -> int:
    """A recorded card answer, checked to be one of ``names`` (cards of the hand that fit)."""
    if value not in names:
        raise ValueError(f"{value!r} is not a card {faction} holds that fits here ({', '.join(names) or 'none'})")
    return g.state.deckdef.by_name[value]


def purchases(g: Game, offer: Offer, value: Any) -> list[Purchase]:
    """A human's purchases, checked as the seated Riverfolk sells: the Law's services (9.2.3) or
    the Otter Overlords' market cards (BBP OO.7), so a wrong answer is asked again, never played."""
    from ..factions.riverfolk import bbp_market, services

    if not isinstance(value, list) or not all(isinstance(p, list) and len(p) == 2 for p in value):
        raise ValueError("services are a list of [service, card or null]")
    wanted: list[Purchase] = []
    for service, card in value:
        if service not in services.SERVICES:
            raise ValueError(f"{service!r} is not a service (choose from {', '.join(services.SERVICES)})")
        wanted.append((service, None if card is None else _card_id(g.state.deckdef, card)))
    otters = bbp_market.otters(g.state) is not None
    problem = (bbp_market.purchase_problem if otters else services.purchase_problem)(g.state, offer, wanted)
    if problem:
        raise ValueError(problem)
    return wanted


def plot_guess(value: Any) -> str:
    if value not in PLOT_KINDS:
        raise ValueError(f"{value!r} is not a plot (choose from {', '.join(PLOT_KINDS)})")
    return value
