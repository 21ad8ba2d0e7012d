"""Legal moves, one decision at a time (DESIGN 7).

A human faction's rules (the Law of Root) are written as plain code that, at each point where the
seat has a choice, lists every legal choice as a :class:`Move` and asks the seat's controller to
pick one (:func:`ask`). A compound action is split into short steps (the action, then the clearing,
then the target, then the count), so no list is long and every step can be masked. A person at
the table, a person on screen, a built-in program and a learning agent all answer through the same
``choose`` of their controller; the engine checks the answer against the list and refuses any
other with the rule it breaks.

Every step offered has at least one legal way to finish: a seat is never led into a dead end.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from .context import EngineFailure

if TYPE_CHECKING:
    from .context import Game


PROGRAM_NAMES: tuple[str, ...] = ("random", "greedy")  # the built-in programs (``rootbotics.programs``)


class IllegalMove(EngineFailure):
    """A seat answered a decision with a move that is not among its legal moves."""


class Move:
    """One legal choice: its ``kind`` (an action, a clearing, a card, a count, ``done``...), its
    arguments, and the Law of Root rule that allows it. Moves compare by kind and arguments.
    ``card``: the words of the card a card move names, from the game's own deck (the decks
    number their cards differently); not compared."""

    __slots__ = ("kind", "args", "rule", "card")

    def __init__(self, kind: str, args: tuple[Any, ...] = (), rule: str = "", card: str = "") -> None:
        self.kind = kind
        self.args = args
        self.rule = rule
        self.card = card

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Move) and self.kind == other.kind and self.args == other.args

    def __hash__(self) -> int:
        return hash((self.kind, self.args))

    def __repr__(self) -> str:
        return f"Move({self.kind!r}, {self.args!r})" if self.args else f"Move({self.kind!r})"

    @property
    def arg(self) -> Any:
        """The first argument (most moves have one)."""
        return self.args[0]

    def text(self) -> str:
        """One line a player reads: what the move does, with its rule."""
        say = MOVE_TEXT.get(self.kind)
        words = say(self) if say is not None else " ".join([self.kind.replace("_", " "), *map(str, self.args)])
        return f"{words} ({self.rule})" if self.rule else words


# How each kind of move reads, registered by the modules that make them (kept lazy: a program
# choosing among moves never formats them).
MOVE_TEXT: dict[str, Callable[[Move], str]] = {}
# Decision steps whose answer is the seat's own secret (a face-down plot's kind, LoR 13.2.2.1),
# with the words of every answer the step can ever have: a shared screen names those, never the
# legal moves of the moment (which would tell what is left) nor the answer. Filled by factions.
SECRET_STEPS: dict[str, tuple[str, ...]] = {}


class Decision:
    """What a seat must choose now: ``step`` names the decision (``"daylight.action"``,
    ``"march.from"``...), ``rule`` the Law of Root rule it is taken under, ``moves`` the legal
    choices (never empty), ``prompt`` the question in words."""

    __slots__ = ("seat", "step", "rule", "moves", "prompt")

    def __init__(self, seat: str, step: str, rule: str, moves: Sequence[Move], prompt: str = "") -> None:
        self.seat = seat
        self.step = step
        self.rule = rule
        self.moves = moves
        self.prompt = prompt

    def __repr__(self) -> str:
        return f"Decision({self.seat}, {self.step}, {len(self.moves)} moves)"


class Chooser(Protocol):
    """A controller that answers decisions (a program, a person, an agent)."""

    def choose(self, g: Game, decision: Decision) -> Move: ...


def ask(g: Game, seat: str, step: str, rule: str, moves: Sequence[Move], prompt: str = "") -> Move:
    """Ask ``seat`` to pick one of ``moves`` (at least one) and return it, checked."""
    if not moves:
        raise EngineFailure(f"{seat}: the decision {step} ({rule}) has no legal move")
    controller = g.controllers.get(seat)
    choose = getattr(controller, "choose", None)
    if choose is None:
        raise EngineFailure(f"the seat {seat} has no controller that chooses moves ({step}, {rule})")
    move = choose(g, Decision(seat, step, rule, moves, prompt))
    for legal in moves:  # the list's own object: callers may compare with ``is``
        if legal is move or legal == move:
            return legal
    raise IllegalMove(f"{seat}: {move!r} is not a legal move for {step} ({rule}); legal: {', '.join(m.text() for m in moves[:8])}{' ...' if len(moves) > 8 else ''}")


def plays_by_law(g: Game, seat: str) -> bool:
    """Whether the engine plays ``seat``'s own rules (DESIGN 7): its controller answers decisions
    of legal moves (a program, or a table seat in law mode), not lines written at the table
    (board mode), where the table's lines carry out what the seat's rules make it do."""
    controller = g.controllers.get(seat)
    if getattr(controller, "choose", None) is None:
        return False
    law = getattr(controller, "law", None)  # a table's seats played by legal moves
    return law is None or seat in law


def yes_no(g: Game, seat: str, step: str, rule: str, prompt: str = "") -> bool:
    """A choice between doing something (``yes``) and not (``no``)."""
    return ask(g, seat, step, rule, (YES, NO), prompt) is YES


YES = Move("yes", (), "")
NO = Move("no", (), "")
DONE = Move("done", (), "")
MOVE_TEXT["yes"] = lambda m: "yes"
MOVE_TEXT["no"] = lambda m: "no"
MOVE_TEXT["done"] = lambda m: "end this step"
