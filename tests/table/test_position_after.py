"""The board after each step of a bot turn (``Play.position_after``): what a person sees once
the step shown is carried out, not the position after the whole turn."""

from __future__ import annotations

from pathlib import Path

import pytest

from rootbotics.core.state import GameState
from rootbotics.table.session import Session

from .test_session import config, drive
from .test_steps import board


def warriors(s: GameState, faction: str, c: int) -> int:
    return s.clearings[c].warriors.get(faction, 0)


def bot_part(tmp_path: Path, dice: str = "app") -> Session:
    """A session stopped at the first bot turn after the setup, its steps not yet carried out."""
    session = Session(config(dice, dice), tmp_path / "s.json")
    for _ in range(200):
        play = session.play
        if play.unconfirmed and play.part.start is not None and play.part.confirmed == 0 and len(play.steps) > 3:
            return session
        drive(session, 1)
    raise AssertionError("no bot turn with steps came")


def test_the_board_after_each_step_follows_the_steps_and_the_last_is_the_turn_s_end(tmp_path: Path) -> None:
    session = bot_part(tmp_path)
    play = session.play
    log, entries = len(play.log), list(session.entries)
    after = [play.position_after(n) for n in range(1, len(play.steps) + 1)]
    assert board(after[-1]) == board(play.game.state)  # no board change after the last step
    before = play.part.start
    assert before is not None
    for step, now in zip(play.steps, after):
        if step.text.startswith("Move ") and step.faction is not None and len(step.places) == 2:
            a, b = step.places
            n = warriors(before, step.faction, a) - warriors(now, step.faction, a)
            assert n > 0 and warriors(now, step.faction, b) - warriors(before, step.faction, b) == n
        before = now
    assert len(play.log) == log and session.entries == entries  # nothing of the game changed


def test_a_part_waiting_for_the_table_s_dice_still_shows_its_steps_so_far(tmp_path: Path) -> None:
    play = bot_part(tmp_path, "table").play
    boards = [board(play.position_after(n)) for n in range(1, len(play.steps) + 1)]
    assert boards[-1] == board(play.game.state)  # where the part stands (done, or waiting to be told)
    assert len(set(boards)) > 1  # the board changes from step to step


def test_a_step_that_is_not_in_the_part_is_refused(tmp_path: Path) -> None:
    play = bot_part(tmp_path).play
    with pytest.raises(IndexError, match="this part has"):
        play.position_after(len(play.steps) + 1)
