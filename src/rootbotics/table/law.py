"""A human seat played *by the Law of Root* at the table (issue 26 part 4; DESIGN 7).

In law mode a human seat's setup and turns are its faction's ``lor()`` code, which asks the seat
at every choice for one of the legal moves it lists (``core.moves.ask``). At the table each such
decision is a question (``ask == "move"``, carrying the decision), answered from the session's
entries like the table's other questions, or asked: the companion prints the numbered legal
moves and the person answers by number or by the move's words. The entry records the decision's
step and the move's kind and arguments, so a session reads well and a replay that reaches another
decision than the one answered is an error naming the entry.

Board mode (``rules: "board"``, today's companion and every session written before) applies the
human's Rootlog lines to the board with no rule checks, for tables playing house rules.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..core.faction import rules_of

if TYPE_CHECKING:
    from ..core.moves import Decision, Move

LAW, BOARD = "law", "board"
RULES: tuple[str, ...] = (LAW, BOARD)  # how a human seat plays (TableSeat.rules)
SHOWN = 6  # legal moves named in a refusal (``moves`` lists them all)


def law_built(faction: str) -> bool:
    """The faction's Law of Root is built: a human seat of it can be played by legal moves."""
    return rules_of(faction).lor() is not None


def plain(value: Any) -> Any:
    """Tuples as lists, as a JSON file holds them (moves compare by JSON value)."""
    return json.loads(json.dumps(value))


def encode(decision: Decision, move: Move) -> dict[str, Any]:
    """The answer entry's value for ``move`` at ``decision``."""
    return {"step": decision.step, "kind": move.kind, "args": plain(list(move.args))}


def decode(decision: Decision, value: Any) -> Move:
    """The legal move a recorded answer names (a ValueError, one line with the rule, if none)."""
    if not isinstance(value, dict) or set(value) != {"step", "kind", "args"} or not isinstance(value.get("args"), list):
        raise ValueError(f"{value!r} is not a move (an object with step, kind and args)")
    if value["step"] != decision.step:
        raise ValueError(f"answers the decision {value['step']}, but the game asks {decision.step} ({decision.rule}): {decision.prompt}")
    for m in decision.moves:
        if m.kind == value["kind"] and plain(list(m.args)) == value["args"]:
            return m
    raise ValueError(refusal(decision, f"{value['kind']} {' '.join(map(str, value['args']))}".strip()))


def words(move: Move) -> str:
    """The move as a person reads it, without its rule."""
    from ..core.moves import MOVE_TEXT

    say = MOVE_TEXT.get(move.kind)
    return say(move) if say is not None else " ".join([move.kind.replace("_", " "), *map(str, move.args)])


def secret(decision: Decision | None) -> tuple[str, ...] | None:
    """Every answer of a decision whose answer is the seat's secret (``core.moves.SECRET_STEPS``:
    a face-down plot's kind, LoR 13.2.2.1), or None for any other decision."""
    from ..core.moves import SECRET_STEPS

    return None if decision is None else SECRET_STEPS.get(decision.step)


def listing(decision: Decision) -> list[str]:
    """The numbered legal moves, one a line; for a secret decision, only every answer it could
    ever have, unnumbered (the moves of the moment would tell what is left)."""
    hidden = secret(decision)
    if hidden is not None:
        return [f"  a secret choice: type one of {', '.join(hidden)} (hidden as you type; the table sees no kind)"]
    return [f"{i:>3}. {m.text()}" for i, m in enumerate(decision.moves, 1)]


def parse_secret(decision: Decision, text: str) -> Move:
    """A secret decision's answer, by its words only; a refusal names neither the legal moves
    nor what was typed (both would tell the table the secret)."""
    typed = _key(text)
    found = [m for m in decision.moves if typed and (_key(words(m)) == typed or _key(" ".join(map(str, m.args))) == typed)]
    if len(found) != 1:
        raise ValueError(f"{decision.rule}: not a choice you can make now; type one of {', '.join(secret(decision) or ())}")
    return found[0]


def refusal(decision: Decision, typed: str) -> str:
    """One line: the rule of the decision, what was typed, and a few legal moves."""
    shown = "; ".join(f"{i}. {words(m)}" for i, m in enumerate(decision.moves[:SHOWN], 1))
    more = f"; ... ({len(decision.moves)} in all: type moves)" if len(decision.moves) > SHOWN else ""
    return f"{decision.rule}: {typed!r} is not a legal move for {decision.prompt or decision.step}; legal: {shown}{more}"


def _key(text: str) -> list[str]:
    return re.sub(r"[^a-z0-9]+", " ", text.lower()).split()


def parse_move(decision: Decision, text: str) -> Move:
    """What the person typed: a number of the list, the move's words (``march``, ``clearing 5``,
    ``craft cobbler``), ``done``/``no``/``yes`` where offered, or any words that begin the words
    of one legal move only (``rec`` for Recruit). A ValueError names the rule otherwise. A
    secret decision takes its answer's words only (:func:`parse_secret`)."""
    if secret(decision) is not None:
        return parse_secret(decision, text)
    typed = text.strip()
    moves: Sequence[Move] = decision.moves
    if typed.isdigit():
        n = int(typed)
        if 1 <= n <= len(moves):
            return moves[n - 1]
        raise ValueError(refusal(decision, typed) + f" (number 1 to {len(moves)})")
    want = _key(typed)
    if not want:
        raise ValueError(refusal(decision, typed))
    if want == ["done"]:
        want = _key(words(moves[-1])) if moves[-1].kind == "done" else want
    exact = [m for m in moves if _key(words(m)) == want or _key(" ".join([m.kind, *map(str, m.args)])) == want]
    if len(exact) == 1:
        return exact[0]
    starts = [m for m in moves if _begins(want, _key(words(m)))]
    if len(starts) == 1:
        return starts[0]
    if len(starts) > 1:
        raise ValueError(f"{decision.rule}: {typed!r} could be {' or '.join(words(m) for m in starts[:SHOWN])}: say which (or its number)")
    raise ValueError(refusal(decision, typed))


def _begins(want: list[str], of: list[str]) -> bool:
    """The typed words begin the move's words in order (``to 5`` for ``to clearing 5`` too:
    a typed word may skip words of the move)."""
    i = 0
    for w in want:
        while i < len(of) and not (of[i] == w if w.isdigit() else of[i].startswith(w)):  # 1 is not 12
            i += 1
        if i == len(of):
            return False
        i += 1
    return True
