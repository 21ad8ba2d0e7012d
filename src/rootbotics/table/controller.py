"""The controller of every human seat at the table: a human's turn (and setup) is the Rootlog
lines recorded for it, applied in order (board mode), or its faction's Law of Root played by
legal moves (law mode, ``law``: ``choose`` answers each decision from the entries, table/law.py);
a decision a rule asks of a human is a question to the table, answered from the recorded entries
(``Answers``) or asked (``NeedInput``)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..factions.vagabot.human import board_of as vagabond_board
from ..core.faction import rules_of
from .board import apply_line
from .chance import Answers, BadAnswer, NeedInput, Question, hand_card, hand_names, plot_guess, purchases, shown_cards
from .law import decode

if TYPE_CHECKING:
    from ..core.context import Game
    from ..core.moves import Decision, Move
    from ..factions.riverfolk.services import Offer, Purchase


class TurnOpen(Exception):
    """A human's setup or turn is under way: more lines may come until they say ``done``."""

    def __init__(self, faction: str, stage: str) -> None:
        super().__init__(f"{faction}'s {stage} is under way")
        self.faction = faction
        self.stage = stage


class LineRefused(ValueError):
    """A human's line the board refused (``entry``: its index in the session)."""

    def __init__(self, entry: int, problem: str) -> None:
        super().__init__(problem)
        self.entry = entry


# The piece that marks a human faction's starting corner once it has set up (Law of Root setup).
CORNER_PIECES: dict[str, tuple[str, tuple[str, ...]]] = {
    "marquise": ("tokens", ("keep",)), "eyrie": ("buildings", ("roost",)),
    "lizards": ("buildings", ("garden_fox", "garden_rabbit", "garden_mouse")), "duchy": ("tokens", ("tunnel",)),
}


def starting_corner(g: Game, faction: str) -> int | None:
    """The corner clearing where a human set up their keep, first roost, garden or tunnel, if any."""
    where = CORNER_PIECES.get(faction)
    if where is None:
        return None
    pile, kinds = where
    s = g.state
    return next((c for c in s.map.corners if any((faction, k) in getattr(s.clearings[c], pile) for k in kinds)), None)


@dataclass(slots=True)
class HumanPlay:
    """What the humans have entered in the part of the game being played: their lines in order
    (entry index, faction, text) and who has said ``done``."""

    lines: list[tuple[int, str, str]] = field(default_factory=list)
    done: set[str] = field(default_factory=set)


@dataclass(slots=True)
class TableController:
    """Plays every human seat from the session's entries (the ``Controller`` protocol)."""

    answers: Answers
    play: HumanPlay
    spans: list[tuple[int, int, int]] = field(default_factory=list)  # (entry, log start, log end) of human lines
    law: frozenset[str] = frozenset()  # the human seats played by legal moves (law mode)
    law_spans: list[tuple[int, int, int]] = field(default_factory=list)  # (-1, log start, log end) of their setups and turns

    def setup(self, g: Game, faction: str) -> None:
        if faction in self.law:
            self._by_law(g, faction, "setup")
            return
        self._lines(g, faction, "setup")
        corner = starting_corner(g, faction)
        if corner is not None:  # the bots that set up later look for it (5.3.2, 8.3.2, 10.3.3)
            g.state.start_corners[faction] = corner

    def take_turn(self, g: Game, faction: str) -> None:
        """The human's lines, after the start of Birdsong (the services offered, 9.2.3). A line
        names no phase, so the turn is held as Daylight: the Law's rules for a human's Daylight
        and Evening (Mercenaries, 9.2.3 III) apply to its lines (ruling R-TABLE-PHASE). In law
        mode: the faction's Law of Root turn, every decision a question."""
        if faction in self.law:
            self._by_law(g, faction, "turn")
            return
        g.state.phase = "daylight"
        self._lines(g, faction, "turn")

    def _by_law(self, g: Game, faction: str, stage: str) -> None:
        """The faction's ``lor()`` setup or turn; what it does is the human's (not bot steps)."""
        law = rules_of(faction).lor()
        start = len(g.log)
        try:
            (law.setup if stage == "setup" else law.turn)(g)
        finally:  # also when it stops for a question
            self.law_spans.append((-1, start, len(g.log)))

    def choose(self, g: Game, decision: Decision) -> Move:
        """A decision of a law-mode seat: the recorded answer's move, checked against the legal
        moves (a wrong one is a ``BadAnswer`` naming the rule), or the question (``NeedInput``)."""
        q = Question("move", decision.seat, decision.prompt or decision.step, tuple(m.text() for m in decision.moves), decision=decision)
        return self.answers.take(q, lambda v: decode(decision, v), self.answers.key(g))

    def _lines(self, g: Game, faction: str, stage: str) -> None:
        for entry, who, text in self.play.lines:
            if who != faction:
                continue
            start = len(g.log)
            try:
                apply_line(g, faction, text)
            except (BadAnswer, NeedInput):
                raise
            except ValueError as e:  # the board refused the line (RootlogError, LineRefused)
                raise LineRefused(entry, str(e)) from None
            finally:  # also when the line stops for a question: what it did so far is the human's
                self.spans.append((entry, start, len(g.log)))
        if faction not in self.play.done:
            raise TurnOpen(faction, stage)

    def assign_hits(self, g: Game, faction: str, clearing: int, hits: int, removable: list[str]) -> list[str]:
        """The pieces (or a Vagabond's items) that take the hits, asked only when the table has a
        choice: as many as there are hits, never when all go or all are alike."""
        need = min(hits, len(removable))
        if need == len(removable) or len(set(removable)) == 1:
            return list(removable)
        took = f"{faction} takes {hits} hit{'s' if hits != 1 else ''} in {clearing}"
        if vagabond_board(g.state, faction) is not None:
            text = f"{took}: which of his undamaged items is damaged?" if need == 1 else f"{took}: which {need} of his undamaged items are damaged?"
        else:
            text = f"{took} beyond warriors: which of its pieces goes?" if need == 1 else f"{took} beyond warriors: which {need} of its pieces go, first removed first?"
        q = Question("assign_hits", faction, text, tuple(removable), need)

        def convert(value: Any) -> list[str]:
            left = Counter(removable)
            if not isinstance(value, list) or len(value) not in (need, len(removable)) or any(not isinstance(v, str) for v in value):
                raise ValueError(f"name {need} of {', '.join(removable)}")
            for v in value:
                if left[v] <= 0:
                    raise ValueError(f"{v!r} is not one of {', '.join(removable)} (or named too often)")
                left[v] -= 1
            return list(value) + list(left.elements())

        return self.answers.take(q, convert, self.answers.key(g))

    def _card(self, g: Game, ask: str, faction: str, clearing: int, text: str, optional: bool, kind: str | None = None) -> int | None:
        names = hand_names(g, faction, g.state.suit(clearing), kind)
        if optional and not names:  # no card that fits: nothing to ask
            return None
        q = Question(ask, faction, text, names)
        return self.answers.take(q, lambda v: None if optional and v is None else hand_card(g, faction, names, v), self.answers.key(g))

    def ambush_card(self, g: Game, faction: str, clearing: int, attacker: str) -> int | None:
        """BBP 3.2: asked only when the human holds an ambush card matching the clearing."""
        return self._card(g, "ambush_card", faction, clearing, f"{attacker} attacks {faction} in {clearing}: play an ambush card against it (Ambush variant), or none?", True, kind="ambush")

    def outrage_card(self, g: Game, faction: str, clearing: int) -> int | None:
        return self._card(g, "outrage_card", faction, clearing, f"Outrage in {clearing}: which matching card does {faction} give the Alliance (or none)?", True)

    def field_hospitals(self, g: Game, faction: str, clearing: int, warriors: int) -> int | None:
        return self._card(g, "field_hospitals", faction, clearing, f"Field Hospitals for {warriors} warrior(s) lost in {clearing}: which matching card (or none)?", True)

    def automated_outrage_discard(self, g: Game, faction: str, clearing: int) -> int:
        card = self._card(g, "automated_outrage_discard", faction, clearing, f"Automated Outrage in {clearing}: which matching card does {faction} discard?", False)
        assert card is not None
        return card

    def enlist_arbiter(self, g: Game, faction: str, clearing: int, attacker: str) -> bool:
        q = Question("enlist_arbiter", faction, f"{attacker} attacks {faction} in {clearing}: does {faction} enlist the Arbiter (yes/no)?", ("yes", "no"))

        def convert(value: Any) -> bool:
            if not isinstance(value, bool):
                raise ValueError(f"{value!r} is not true or false")
            return value

        return self.answers.take(q, convert, self.answers.key(g))

    def buy_services(self, g: Game, faction: str, offer: Offer) -> list[Purchase]:
        from ..factions.riverfolk import bbp_market

        market = ", ".join(g.state.deckdef.cards[c].name for c in offer.market) or "empty"
        if bbp_market.otters(g.state) is not None:  # BBP OO.7: the Otter Overlords sell their market cards only
            text = f"{faction} may buy up to {offer.affordable(g.state)} of the Otter Overlords' market cards at {offer.price} warriors each (market: {market}): e.g. 'hand_card <card>', or none"
        else:
            text = f"{faction} may buy up to {offer.affordable(g.state)} Riverfolk service(s) at {offer.price} each (market: {market}): e.g. 'hand_card <card>, riverboats', or none"
        q = Question("buy_services", faction, text)
        return self.answers.take(q, lambda v: purchases(g, offer, v), self.answers.key(g))

    def riverfolk_hand(self, g: Game, faction: str, buyer: str) -> list[int]:
        """9.7: the bot ``buyer`` may buy a Hand Card from the human Company, whose hand is face up:
        the table says which cards it holds (each one the table's record has in its hand)."""
        names = hand_names(g, faction)
        q = Question("riverfolk_hand", faction, f"{buyer} may buy a Hand Card from {faction} (Riverfolk Bot Services): which cards does {faction} hold, face up (e.g. '{', '.join(names[:2])}'), or none?", names)
        return self.answers.take(q, lambda v: shown_cards(g, faction, names, v), self.answers.key(g))

    def investors_discard(self, g: Game, faction: str, clearings: list[int]) -> int:
        suits = {g.state.suit(c) for c in clearings}
        names = tuple(n for n in hand_names(g, faction) if g.state.deckdef.card(g.state.deckdef.by_name[n]).suit in suits | {"bird"})
        q = Question("investors_discard", faction, f"Investors: which card matching {', '.join(map(str, clearings))} does {faction} discard?", names)
        return self.answers.take(q, lambda v: hand_card(g, faction, names, v), self.answers.key(g))

    def guess_plot(self, g: Game, faction: str, clearing: int) -> str:
        q = Question("guess_plot", faction, f"Gamble: which plot does {faction} guess lies in {clearing}?", ("bomb", "snare", "extortion", "raid"))
        return self.answers.take(q, plot_guess, self.answers.key(g))
