"""A law-mode seat's decision on the game page (issue 26 part 4): who is asked, the step's
prompt and rule, and every legal move as a button. A click posts the move's number with the
key of the decision the page showed; the server answers it through ``tables.enter`` (the
terminal's numbered answer: ``table.chance.parse_answer`` then ``Session.enter``), so undo,
redo, refusals and saving are the table's. A key that no longer fits (the game moved on: another
device, an undo) is refused before anything is entered.

The board rings the clearings the answered move named and those its events touched. A secret
decision (a face-down plot's kind, ``core.moves.SECRET_STEPS``) offers every answer it could
ever have, as the shared terminal does, and posts the answer's word: the page never shows
which are left, nor which was chosen.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from ..core.faction import faction_title
from ..table.law import secret, words
from ..table.session import Session
from ..table.steps import places_of
from ..table.text import clearings_named

# Kinds of moves whose first argument is a clearing (core/lor/moving.py, the factions' lor.py).
CLEARING_KINDS: frozenset[str] = frozenset({"clearing", "from", "to", "revolt", "spread", "tax_collector"})


def decision_of(session: Session) -> Any:
    """The law-mode decision the table is asked now (None: a bot step waits, or no decision)."""
    play = session.play
    if play.unconfirmed or play.pending is None or play.pending.ask != "move":
        return None
    return play.pending.decision


def decision_key(session: Session) -> str:
    """What identifies the decision shown: the entries so far and the legal moves offered (for a
    secret decision every answer it could have, so the key tells nothing of those left). Any
    entry made since (here or at another device), or an undo, changes it."""
    d = decision_of(session)
    hidden = secret(d)
    moves = [] if d is None else list(hidden) if hidden is not None else [[m.kind, list(m.args)] for m in d.moves]
    text = json.dumps([session.entries, None if d is None else d.step, moves], default=str, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def move_clearings(kind: str, args: list[Any] | tuple[Any, ...]) -> tuple[int, ...]:
    """The clearing a move names (``clearing 5``, ``from clearing 1``, ``Revolt in 8``), if any."""
    if kind in CLEARING_KINDS and args and isinstance(args[0], int) and not isinstance(args[0], bool) and 1 <= args[0] <= 12:
        return (args[0],)
    return ()


def answered_places(session: Session) -> tuple[int, ...]:
    """The clearings to ring after a law-mode answer: the clearing the move named (``clearing
    1`` for the keep), else those of the events law-mode seats made since the entry came (a
    Recruit's warriors, a build and the wood that paid for it)."""
    play = session.play
    if not session.entries or play.g is None:
        return ()
    last = session.entries[-1]
    out: list[int] = []
    if last.get("kind") == "answer" and last.get("ask") == "move" and isinstance(last.get("value"), dict):
        named = move_clearings(str(last["value"].get("kind")), last["value"].get("args") or [])
        if named:
            return named
    law = session.config.law_factions()
    if law and play.told_from is not None:
        for e in play.log.events[play.told_from :]:
            if e.faction in law:
                out.extend(places_of(e))
    return tuple(dict.fromkeys(out))


def law_view(session: Session) -> dict[str, Any] | None:
    """The decision as the page shows it, or None when no law-mode seat is asked now."""
    d = decision_of(session)
    if d is None:
        return None
    play, cfg = session.play, session.config
    stage = "setting up" if play.game.state.phase == "setup" else f"round {play.round}"
    state = play.game.state  # clearings named with suit and landmark, as the terminal lists them
    hidden = secret(d)
    if hidden is not None:  # a face-down plot's kind (LoR 13.2.2.1): every kind, never those left
        moves = [{"n": answer, "words": answer, "rule": d.rule, "clearings": ()} for answer in hidden]
    else:
        moves = [{"n": i, "words": clearings_named(state, words(m)), "rule": m.rule, "clearings": move_clearings(m.kind, m.args)} for i, m in enumerate(d.moves, 1)]
    return {
        "who": cfg.player(d.seat), "faction": faction_title(d.seat, "human"), "stage": stage, "secret": hidden is not None,
        "prompt": d.prompt or d.step, "step": d.step, "rule": d.rule, "moves": moves, "key": decision_key(session),
    }
