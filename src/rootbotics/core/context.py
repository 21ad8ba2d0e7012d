"""The running game: state, chance source, event log and the controllers of human seats."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .chance import Chance, RngChance
from .events import Event, EventLog
from .state import GameState

if TYPE_CHECKING:
    from .controllers import Controller


class GameOver(Exception):
    """Raised the moment the game ends (30 VP, 3.1 of the Law of Root), to unwind the turn."""


class NoOrderCard(Exception):
    """Raised when a bot must reveal an order card and no card is left to draw (ruling
    R-NO-ORDER-CARD): the rest of its turn is skipped."""


class EngineFailure(RuntimeError):
    """The engine could not go on (a stalled game, an impossible draw). Never silent."""


def _not_a_closure(why: object) -> None:
    """``emit``'s ``why`` is the decision's lazy explanation, never a value of the template."""
    raise TypeError(f"emit: why must be a closure giving the explanation, not {type(why).__name__} (name template values otherwise)")


class Game:
    """Everything a rule needs: the position, where chance comes from, where events go."""

    __slots__ = ("state", "chance", "log", "controllers", "_seq", "removal_batch", "after_removal", "held", "told_after")

    # Whether anyone may read the events' explanations. When not (a simulation), a bot may drop
    # candidates it would skip anyway before ranking them: the same target, a shorter ranking.
    explains = True

    def __init__(
        self,
        state: GameState,
        chance: Chance | None = None,
        controllers: dict[str, Controller] | None = None,
        log: EventLog | None = None,
    ) -> None:
        self.state = state
        self.chance: Chance = chance if chance is not None else RngChance(state.rng)
        self.controllers: dict[str, Controller] = controllers or {}
        self.log = log if log is not None else EventLog()
        self._seq = len(self.log)
        # Clearings where buildings set off a per-effect rule (10.2.1) were removed during one effect still resolving (a battle's
        # hits, a removal of all enemy pieces): Cost of Errors (10.2.1) then costs one crown.
        self.removal_batch: list[tuple[str, int, str | None]] | None = None  # (owner, clearing, remover)
        # A human seat's effects set off by its pieces removed during one effect wait until every
        # piece of that effect is removed (LoR 1.5.4): (owner, clearing, warriors).
        self.after_removal: list[tuple[str, int, int]] = []
        # Events that wait to be told (``rules.told_after``): ``held`` takes what ``emit`` records
        # while it is a list; ``told_after`` is where a discard's own events wait for the action's.
        self.held: list[Event] | None = None
        self.told_after: list[Event] | None = None

    def emit(
        self,
        faction: str | None,
        rule: str,
        kind: str,
        template: str,
        /,
        why: Callable[[], str] | None = None,
        **data: Any,
    ) -> Event:
        """Record one change or decision. ``template`` is formatted with ``data`` only when read.
        ``why`` is the decision's lazy explanation, a closure; it is never a value of the template
        (a plain value there would fail only when the text is read, so it is refused now)."""
        if why is not None and not callable(why):
            _not_a_closure(why)
        state = self.state
        event = Event(self._seq, state.round, faction, state.phase, rule, kind, template, data, why)
        if self.held is not None:  # told later, numbered then (``tell``)
            self.held.append(event)
            return event
        self._seq += 1
        log = self.log
        log.events.append(event)  # EventLog.append, inlined: this runs for every event
        for listen in log.listeners:
            listen(event)
        return event

    def tell(self, events: list[Event]) -> None:
        """Record events that were held (``held``), in order, numbered as they are told."""
        log = self.log
        for event in events:
            event.seq = self._seq
            self._seq += 1
            log.events.append(event)
            for listen in log.listeners:
                listen(event)

    @property
    def emitted(self) -> int:
        """How many events the game has emitted (kept in the log or only counted)."""
        return self._seq

    def controller(self, faction: str) -> Controller:
        try:
            return self.controllers[faction]
        except KeyError:
            raise EngineFailure(f"the human seat {faction} has no controller to ask") from None


class CountingGame(Game):
    """A game that counts its events instead of keeping them: what a simulation needs, since
    nobody reads the text (a failing game is played again with the log on). The games are the
    same: no rule reads the log."""

    __slots__ = ("watch",)

    explains = False  # nothing is kept, so no explanation is ever read

    def __init__(self, *args: Any, watch: dict[str, Callable[[str | None, str, dict[str, Any]], None]] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.watch = watch or {}  # event kinds someone counts: kind -> handler of (faction, rule, data)

    def emit(  # type: ignore[override]
        self,
        faction: str | None,
        rule: str,
        kind: str,
        template: str,
        /,
        why: Callable[[], str] | None = None,
        **data: Any,
    ) -> None:
        """Count one event, and hand it to whoever counts its kind (``watch``); ``why`` is checked as
        ``Game.emit`` checks it, nothing is kept."""
        if why is not None and not callable(why):
            _not_a_closure(why)
        self._seq += 1
        on = self.watch.get(kind)
        if on is not None:
            on(faction, rule, data)
