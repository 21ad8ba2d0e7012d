"""A table session written as a Rootlog file.

The humans' lines are Rootlog already: each human setup and turn is written as the lines typed,
joined. The bots' setups and turns come from the export's comparison of positions
(``export.Recorder``): every part of the session (the setup, then each turn) is played once
more from its start with its recorded answers and lines while a recorder listens. What the
engine did beyond a human's own lines during their turn (the bots' reactions: Robot Revenge, a
crown of Cost of Errors, Automated Outrage's VP, the removals of a battle written without its
outcome) is what the position after the turn holds beyond the lines played by
``rootlog_import`` on the position before; it is written at the end of the human's line.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ..core.context import Game, GameOver
from ..core.events import EventLog
from ..core.state import GameState
from ..game import new_game, play_turn
from .board import LETTERS
from .chance import Answers, NeedInput, TableChance
from .controller import TableController, TurnOpen
from .export import Recorder, Writer, rootlog_text, snapshot
from .rootlog import Action, RootlogError, parse_action
from .rootlog_import import ImportError_, play_actions
from .rootlog_readers import funds_left

if TYPE_CHECKING:
    from .replay import Part
    from .session import Session


class _Listening:
    """The part's chance source; once ``new_game`` binds it, a recorder starts listening."""

    def __init__(self, inner: TableChance, log: EventLog, holder: list[Recorder]) -> None:
        self.inner, self.log, self.holder = inner, log, holder

    def bind(self, g: Game) -> None:
        self.inner.bind(g)
        _listen(g, self.log, self.holder)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def _listen(g: Game, log: EventLog, holder: list[Recorder]) -> None:
    rec = Recorder(Writer(g.state), snapshot(g.state))
    rec.writer.current = "" if g.state.phase == "setup" else g.state.current
    holder.append(rec)
    log.listeners.append(rec.hear)


def _replay_part(session: Session, part: Part) -> tuple[GameState | None, list[tuple[str, list[Action]]]]:
    """Play ``part`` again from its start with a recorder: the position after it and the
    recorder's lines (faction, actions)."""
    cfg = session.config
    log, holder = EventLog(), []
    answers = Answers(part.answers)
    ctl = TableController(answers, part.humans, law=cfg.law_factions())
    controllers = {seat.faction: ctl for seat in cfg.seats if seat.seat == "human"}
    chance = TableChance(answers, cfg.dice, cfg.deck)
    g: Game | None = None
    try:
        if part.start is None:
            new_game(cfg.game_config(), _Listening(chance, log, holder), controllers, log)  # type: ignore[arg-type]
        else:
            g = Game(part.start.clone(), chance, controllers, log)
            chance.bind(g)
            _listen(g, log, holder)
            play_turn(g)
    except (NeedInput, TurnOpen, GameOver):
        pass
    if not holder:
        return None, []
    holder[0].flush()
    return holder[0].writer.state, holder[0].lines


def _human_line(before: GameState | None, after: GameState, faction: str, texts: list[str]) -> list[Action]:
    """The human's own actions, then what the engine did beyond them (the bots' reactions)."""
    letter = LETTERS[faction]
    actions = [a for t in texts for a in parse_action(t, letter)]
    if before is None:
        return actions
    shadow = before.clone()
    try:
        play_actions(shadow, letter, actions)
    except (ImportError_, RootlogError, KeyError, ValueError):
        return actions  # the import cannot follow the line: it is written as typed
    writer = Writer(after, faction)
    return actions + writer.diff(snapshot(shadow), snapshot(after))


def _funds_left(after: GameState, faction: str, texts: list[str]) -> list[Action]:
    """The spec's ``$_f->N`` at the end of a human Company's turn (left out, the funds are
    taken to be none): when it holds funds, or its lines moved some."""
    marker = funds_left(after) if faction == "riverfolk" else None
    if marker is None or any(re.search(r"\$_f->\d", t) for t in texts):
        return []  # no Company of a human, or its player wrote the funds
    if marker.value == "0" and not any("$_f" in t for t in texts):
        return []
    return [marker]


def session_lines(session: Session) -> tuple[GameState, list[tuple[str, list[Action]]]]:
    """The final position and the Rootlog lines of a session, part by part: a human's line
    where the recorder heard their setup or turn, the recorder's own line for a bot."""
    play = session.play
    out: list[tuple[str, list[Action]]] = []
    state: GameState | None = None
    for part in [*play.parts, play.part]:
        after, lines = _replay_part(session, part)
        if after is None:
            continue
        state = after
        texts: dict[str, list[str]] = {}
        for _, who, text in part.humans.lines:
            texts.setdefault(who, []).append(text)
        for faction, actions in lines:
            if faction in texts:
                typed = texts.pop(faction)
                actions = _human_line(part.start, after, faction, typed) + _funds_left(after, faction, typed)
            if actions:
                out.append((faction, actions))
        for faction, left in texts.items():  # a human whose lines changed nothing on the board
            out.append((faction, [a for t in left for a in parse_action(t, LETTERS[faction])]))
    assert state is not None, "a session always has its setup"
    return state, out


def export_session(session: Session) -> str:
    """The Rootlog file of a table session: humans under their players' names, bots marked."""
    state, lines = session_lines(session)
    players = {s.faction: s.player for s in session.config.seats if s.seat == "human" and s.player}
    return rootlog_text(state, lines, players, comment=f"rootbotics table session, seed {session.config.seed}")
