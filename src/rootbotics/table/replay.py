"""The position of a table game is what its entries give when played from its configuration.

``Play`` is the machine that takes entries one at a time. The game is cut into *parts*: the
setup, then one part per turn. A part is played from a copy of the position at its start with
the answers and human lines recorded for it so far; when the engine needs something the entries
do not hold (a die roll or card told by the table, a human's decision, more of a human's turn),
the part stops there, and the next entry makes it play again from its start, now knowing more.
So the same configuration and entries always give the same position and log.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..core.context import Game, GameOver
from ..core.events import Event, EventLog
from ..core.state import GameState
from ..game import new_game, play_turn
from .chance import Answers, BadAnswer, NeedInput, Question, TableChance
from .controller import HumanPlay, LineRefused, TableController, TurnOpen
from .places import landmarks
from .steps import Step, dealt_cards, owner_words, seat_names, steps_of, told_of

if TYPE_CHECKING:
    from .session import TableConfig


class _Reached(Exception):
    """Raised by a listener to stop a replayed part at the event it waits for."""

    def __init__(self, state: GameState) -> None:
        super().__init__("reached")
        self.state = state


class Refused(ValueError):
    """An entry that does not fit the game now; nothing was changed. One line."""


@dataclass(slots=True)
class Part:
    """The setup (``start`` None) or one turn (``start``: the position before it)."""

    start: GameState | None
    log_at: int
    answers: list[tuple[int, str, Any]] = field(default_factory=list)
    humans: HumanPlay = field(default_factory=HumanPlay)
    confirmed: int = 0


class Play:
    """The game so far, built entry by entry (``feed``)."""

    def __init__(self, config: TableConfig) -> None:
        self.config = config
        self.log = EventLog()
        self.g: Game | None = None
        self.part = Part(None, 0)
        self.parts: list[Part] = []  # the parts played out before this one (for the Rootlog export)
        self.fed = 0  # entries taken so far
        self.pending: Question | None = None
        self.open: TurnOpen | None = None
        self.finished = False
        self.steps: list[Step] = []
        self.previous: list[Step] = []  # the steps of the part before (for why during a human turn)
        self.earlier: list[tuple[str | None, list[Step]]] = []  # the turns of the last round played out: (whose, steps) (why SEAT N)
        self.told: list[str] = []  # what the latest human line changed so far
        self.line_entry: int | None = None  # the entry of the latest human line
        self.told_from: int | None = None  # the log's length when the latest entry came (law-mode seats' moves)
        self.law_told: list[str] = []  # what law-mode seats' moves did since then (part of ``told``)
        self.law_carried: list[str] = []  # the same, of the parts played out since then
        self.names = seat_names({s.faction: s.player for s in config.seats if s.seat == "human"}, {s.faction: s.rule_set for s in config.seats})
        self._run()

    @property
    def game(self) -> Game:
        assert self.g is not None
        return self.g

    @property
    def over(self) -> bool:
        return self.g is not None and self.g.state.winner is not None

    @property
    def round(self) -> int:
        """The round of the part being played (the setup counts as round 1)."""
        return 1 if self.part.start is None else self.part.start.round

    @property
    def whose(self) -> str | None:
        """The seat whose turn the current part is (None: the setup)."""
        return None if self.part.start is None else self.part.start.current

    @property
    def unconfirmed(self) -> list[Step]:
        return self.steps[self.part.confirmed :]

    # -- playing a part -------------------------------------------------------------------------
    def _run(self) -> None:
        """Play the current part from its start with what is known; stop where input is needed."""
        part = self.part
        del self.log.events[part.log_at :]
        chance, ctl, go = self._part_game(self.log)
        self.pending, self.open, self.finished = None, None, False
        try:
            go()
            self.finished = True
        except NeedInput as e:
            self.pending = e.question
        except TurnOpen as e:
            self.open = e
        except GameOver:
            self.finished = True
        finally:
            self.g = chance.game
        events = self.log.events[part.log_at :]
        if self.g is None:  # the game is not set up yet: only questions before the first event
            self.steps, self.told = [], []
            return
        suits = [None, *(self.g.state.suit(c) for c in range(1, 13))]
        state = self.g.state
        humans = {f for f, fs in state.factions.items() if not fs.is_bot}
        dealt = dealt_cards(events, chance.drawn, humans, lambda card: state.deckdef.card(card).label())
        marks = landmarks(state.map.name)
        self.steps = steps_of(events, ctl.spans + ctl.law_spans, suits, self.names, dealt, marks, frozenset(chance.answers.asked))
        latest = [span for span in ctl.spans if span[0] == self.line_entry]
        self.told = told_of(events, latest, suits, self.names, dealt, marks)
        if self.told_from is not None:  # what a law-mode seat's moves did since the entry came
            fresh = [e for e in events if e.seq >= self.told_from]
            self.law_told = self.law_carried + told_of(fresh, ctl.law_spans, suits, self.names, dealt, marks)
            self.told += self.law_told

    def _part_game(self, log: EventLog) -> tuple[TableChance, TableController, Callable[[], object]]:
        """The chance, the humans' controller, and the play of the current part into ``log``."""
        part, cfg = self.part, self.config
        answers = Answers(part.answers)
        ctl = TableController(answers, part.humans, law=cfg.law_factions())
        controllers = {seat.faction: ctl for seat in cfg.seats if seat.seat == "human"}
        chance = TableChance(answers, cfg.dice, cfg.deck)

        def go() -> object:
            if part.start is None:
                return new_game(cfg.game_config(), chance, controllers, log)
            g = Game(part.start.clone(), chance, controllers, log)
            chance.bind(g)
            return play_turn(g)

        return chance, ctl, go

    def position_after(self, number: int) -> GameState:
        """The position right after step ``number`` of this part: the board a person sees once
        that step is carried out. The part is played again (from the same entries, so the same
        events) into a scratch log, stopped at that step's event; nothing of the game changes."""
        if not 1 <= number <= len(self.steps):
            raise IndexError(f"step {number}: this part has {len(self.steps)} steps")
        target = self.steps[number - 1].seq
        log = EventLog(self.log.events[: self.part.log_at])
        chance, _, go = self._part_game(log)

        def stop(e: Event) -> None:
            if e.seq == target and chance.game is not None:
                raise _Reached(chance.game.state.clone())

        log.listeners.append(stop)
        try:
            go()
        except _Reached as reached:
            return reached.state
        except (NeedInput, TurnOpen, GameOver):
            pass
        raise RuntimeError(f"step {number}: its event {target} did not come again when the part was replayed")

    def _advance(self) -> None:
        """Start the next turn once this part is played out and its steps are all done."""
        while self.finished and not self.unconfirmed and not self.over:
            self.previous = self.steps or self.previous
            state = self.game.state.clone()
            if self.steps:  # a round of turns back, whoever's turn it is now
                self.earlier = [*self.earlier, (self.whose, self.steps)][-len(self.config.seats) :]
            self.parts.append(self.part)
            self.part = Part(state, len(self.log))
            self.law_carried = self.law_told  # the part before ended with the entry: told on
            self._run()

    # -- entries --------------------------------------------------------------------------------
    def feed(self, entry: dict[str, Any]) -> None:
        """Take one entry; raise ``Refused`` (and change nothing) when it does not fit."""
        kind = entry["kind"]
        if self.over and kind != "ok":  # the last steps can still be confirmed
            raise Refused(f"the game is over: {self.game.state.end_reason}")
        self.told_from, self.law_told, self.law_carried = len(self.log), [], []
        if kind == "ok":
            self._ok(int(entry.get("n", 1)))
        elif self.unconfirmed:
            raise Refused(f"first carry out step {self.unconfirmed[0].number} and confirm it with ok")
        elif kind == "answer":
            self._answer(entry["ask"], entry["value"])
        elif kind == "line":
            self._line(entry["faction"], entry["text"])
        elif kind == "done":
            self._done(entry["faction"])
        else:
            raise Refused(f"{kind!r} is not an entry kind")
        self.fed += 1
        if kind not in ("line", "answer"):
            self.line_entry = None
        self._advance()

    def _ok(self, n: int) -> None:
        left = len(self.unconfirmed)
        if left == 0:
            raise Refused("there is no bot step waiting to be confirmed")
        if not 1 <= n <= left:
            raise Refused(f"ok: {n} steps asked, but {left} wait")
        self.part.confirmed += n

    def _answer(self, ask: str, value: Any) -> None:
        if self.pending is None or self.pending.ask != ask:
            want = "nothing" if self.pending is None else f"a {self.pending.ask} answer"
            raise Refused(f"an answer to a {ask} question came, but the game waits for {want}")
        self.part.answers.append((self.fed, ask, value))
        self._try(lambda: self.part.answers.pop())

    def _line(self, faction: str, text: str) -> None:
        self._check_open(faction)
        self.part.humans.lines.append((self.fed, faction, text))
        before, self.line_entry = self.line_entry, self.fed

        def take_back() -> None:
            self.part.humans.lines.pop()
            self.line_entry = before

        self._try(take_back)

    def _done(self, faction: str) -> None:
        self._check_open(faction)
        self.part.humans.done.add(faction)
        self._try(lambda: self.part.humans.done.discard(faction))

    def _check_open(self, faction: str) -> None:
        if self.pending is not None:
            raise Refused(f"first answer: {self.pending.text}")
        if self.open is None or self.open.faction != faction:
            who = "nobody's" if self.open is None else f"{self.open.faction}'s"
            raise Refused(f"it is {who} turn to enter moves, not {faction}'s")

    def _try(self, take_back: Callable[[], object]) -> None:
        """Play the part again with the new entry; if the entry itself is refused, take it back."""
        try:
            self._run()
        except (BadAnswer, LineRefused) as e:
            if e.entry != self.fed:
                raise
            take_back()
            self._run()
            raise Refused(owner_words(str(e), self.names) if isinstance(e, LineRefused) else str(e)) from None
