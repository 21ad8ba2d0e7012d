"""``rootbotics table new --humans vagabond@arbiter:Ann,vagabond2@thief:Bob --bots marquise,eyrie``
from a script on stdin: the draw (LoR 9.7.1) puts Bob's second Vagabond first in setup, both set up
in forests with their items and meet in clearing 10; then ``table resume`` with an undo across a
bot turn, and Bob goes elsewhere. The session exports
to Rootlog with G's lines and imports back to the same pawns (LoR: two Vagabonds in one game)."""

from __future__ import annotations

import json
from pathlib import Path

from rootbotics.factions.vagabot.human import VagabondBoard
from rootbotics.table.session import Session
from table.table_script import export_and_import, play, resume, run

NEW = ["table", "new", "--humans", "vagabond@arbiter:Ann,vagabond2@thief:Bob", "--bots", "marquise,eyrie", "--map", "fall", "--seed", "3", "--rules", "board"]  # Rootlog lines: the board-only mode
DRAWN = "Step 9: The table: two Vagabonds: Bob sets up first, drawn at random"  # LoR 9.7.1, seed 3
FIRST = [
    "ok 8", "ok all",  # up to the draw of which Vagabond sets up first (LoR 9.7.1); the bots' setup
    "p->1_2_5_10/%s->s/%f->s/%r->s", "done",  # Bob's, drawn first: the second set's torch
    "p->2_6_10_11_12/%s->s/%f->s/%r->s", "done", "ok all",  # Ann's beside his; the first turn
    "ok all", "ok all",  # round 1: the Marquise, the Eyrie
    "p->10/%f->e", "done", "p->10/%f->e", "done",  # Ann and Bob meet in 10
    "ok all", "board",  # round 2: the Marquise
]
AFTER = ["undo 3", "p->2/%f->e", "done", "ok all", "board"]  # back across the Marquise's turn, into Bob's


def pawns(path: Path) -> dict[str, object]:
    state = Session.load(path).play.game.state
    boards = {f: state.factions[f].board for f in ("vagabot", "vagabond2")}
    assert all(isinstance(b, VagabondBoard) for b in boards.values())
    return {f: b.location() for f, b in boards.items()} | {"10": state.clearings[10].pawns()}  # type: ignore[union-attr]


def test_two_human_vagabonds_play_beside_two_bots_undo_across_a_bot_turn_and_resume(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    first = play(NEW, FIRST, path)
    assert DRAWN in first
    assert first.index("Bob (second Vagabond): set up;") < first.index("Ann (Vagabond): set up;")
    assert "Put Bob's pawn in forest F1 (by 1, 2, 5, 10)." in first
    assert "  10 (rabbit): Mechanical Marquise 1w, workshop; Ann pawn; Bob pawn; ruin" in first
    assert "Bob holds 3 card(s); Second Vagabond: the Thief, in clearing 10; items: sword, boots exhausted, torch (maximum rolled hits 1)" in first
    saved = json.loads(path.read_text())
    assert saved["config"]["options"] == {"vagabond_character": "arbiter", "vagabond2_character": "thief"}
    assert [s["faction"] for s in saved["config"]["seats"]] == ["marquise", "eyrie", "vagabot", "vagabond2"]
    assert pawns(path) == {"vagabot": 10, "vagabond2": 10, "10": ("vagabot", "vagabond2")}
    assert Session.load(path).play.game.state.options["first_vagabond"] == "vagabond2"  # kept for 2.2 ties

    again = resume(path, AFTER, undone=3)
    assert "Move Bob's pawn from forest F1 (by 1, 2, 5, 10) to clearing 2 (mouse, top-right corner)." in again
    assert pawns(path) == {"vagabot": 10, "vagabond2": 2, "10": ("vagabot",)}


def test_the_second_vagabond_is_a_human_seat_only_on_the_command_line(tmp_path: Path) -> None:
    r = run(["table", "new", "--humans", "vagabond:Ann", "--bots", "eyrie,vagabond2", "--file", str(tmp_path / "g.json")], [])
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert "vagabond2" in r.stderr


def test_the_session_exports_g_lines_and_imports_both_pawns_back(tmp_path: Path) -> None:
    lines, seats = export_and_import(NEW, FIRST, tmp_path)
    assert "V: Ann" in lines and "G: Bob" in lines
    assert "G:p->1_2_5_10/%s->s/%f->s/%r->s" in lines and lines.count("G:p->10/%f->e") == 1
    assert seats["vagabot"]["vagabond"]["location"] == 10 and seats["vagabond2"]["vagabond"]["location"] == 10
    assert seats["vagabond2"]["seat"] == "human"
