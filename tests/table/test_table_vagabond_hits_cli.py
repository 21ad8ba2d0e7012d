"""``rootbotics table new --humans vagabond@arbiter:Ann --bots marquise,eyrie`` from a script on
stdin (issue 30 item 1): Ann's move leaves her boots exhausted, the Marquise battles her in clearing
12 in its next turn, and the hits question lists her undamaged items (an exhausted one named as her
board words it, ``boots exhausted``), asks for as many as there are hits, and takes that answer.
``table resume`` then undoes the answer and takes the short form (``boots torch``)."""

from __future__ import annotations

from pathlib import Path

from rootbotics.factions.vagabot.human import VagabondBoard
from rootbotics.table.session import Session
from table.table_script import play, resume, run

NEW = ["table", "new", "--humans", "vagabond@arbiter:Ann", "--bots", "marquise,eyrie", "--map", "fall", "--seed", "3", "--rules", "board"]  # Rootlog lines: the board-only mode
FIRST = [
    "ok all", "p->2_6_10_11_12/%s->s/%s->s/%f->s/%r->s", "done", "ok all",  # the bots' setup; Ann's; the first turn
    "ok all", "ok all",  # round 1: the Marquise, the Eyrie
    "p->12/%f->e", "done",  # Ann moves out of forest F3: her boots are exhausted
    "ok all",  # round 2: the Marquise battles Ann in 12 with 2 hits
    "boots exhausted, torch",  # which 2 of her undamaged items are damaged
    "ok all", "board",
]
ASKED = "Question for Ann: Ann takes 2 hits in clearing 12 (fox, middle, lower left, ruin): which 2 of his undamaged items are damaged?"
CHOICES = "  choose from: boots exhausted, sword, sword, torch"


def items(path: Path) -> list[tuple[str, bool, bool]]:
    """Ann's items as (kind, exhausted, damaged), in board order."""
    board = Session.load(path).play.game.state.factions["vagabot"].board
    assert isinstance(board, VagabondBoard)
    return sorted((i.kind, i.exhausted, i.damaged) for i in board.items)


def test_a_bot_battles_the_human_vagabond_after_his_turn_and_his_hits_are_answered(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    out = play(NEW, FIRST, path)
    assert "Move Ann's pawn from forest F3 (by 2, 6, 10, 11, 12) to clearing 12 (fox, middle, lower left, ruin)." in out
    assert f"{ASKED}\n{CHOICES}\n" in out
    assert "refused" not in out
    assert "items: sword, sword, boots exhausted damaged, torch damaged (maximum rolled hits 2)" in out
    assert items(path) == [("boots", True, True), ("sword", False, False), ("sword", False, False), ("torch", False, True)]

    again = resume(path, ["undo 2", "boots torch", "ok all", "board"], undone=2)  # back into the question; the board once the turn is done
    assert "items: sword, sword, boots exhausted damaged, torch damaged" in again
    assert items(path) == [("boots", True, True), ("sword", False, False), ("sword", False, False), ("torch", False, True)]


def test_an_answer_naming_too_few_items_is_refused_and_asked_again(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    play(NEW, FIRST[:-3], path)  # up to the question
    r = run(["table", "resume", str(path)], ["torch", "sword, torch", "ok all", "board"])
    assert r.returncode == 0, r.stderr
    assert "error: answer: name 2 of boots exhausted, sword, sword, torch" in r.stdout
    assert "items: sword damaged, sword, boots exhausted, torch damaged" in r.stdout
