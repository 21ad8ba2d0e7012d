"""``rootbotics table new --humans vagabond@arbiter:Ann,riverfolk:Bob --bots marquise,eyrie``
from a script on stdin: the Vagabond sets up in a forest with his items, the Company places
warriors and a trade post, the bots play, Ann moves out of the forest; then ``table resume`` with
an undo across a bot turn and the same moves typed again. The session keeps it all."""

from __future__ import annotations

import json
from pathlib import Path

from rootbotics.factions.riverfolk.company import CompanyBoard
from rootbotics.factions.vagabot.human import VagabondBoard
from rootbotics.table.session import Session
from table.table_script import export_and_import, play, resume, run

NEW = ["table", "new", "--humans", "vagabond@arbiter:Ann,riverfolk:Bob", "--bots", "marquise,eyrie", "--map", "fall", "--seed", "3", "--rules", "board"]  # Rootlog lines: the board-only mode
FIRST = [
    "ok all", "p->2_6_10_11_12/%s->s/%s->s/%f->s/%r->s", "done",  # the Marquise's setup; Ann's
    "w->5/w->3/t_r->3", "done", "ok all",  # Bob's; the Eyrie's
    "ok all", "ok all", "none", "ok all",  # round 1: the Marquise (it buys from Bob, 9.7), the Eyrie (Bob shows no card it may buy)
    "p->10/%f->e", "done", "2w->O$", "done",  # Ann; Bob buys nothing but pays two warriors in
    "ok all", "none", "ok all", "board",  # round 2: the Marquise (Bob shows no card it may buy)
]
AFTER = ["undo 5", "3w->O$", "done", "ok all", "none", "ok all", "board"]  # back across the Marquise's turn, into Bob's


def test_a_table_game_with_a_human_vagabond_and_riverfolk_plays_undoes_and_resumes(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    first = play(NEW, FIRST, path)
    assert "Put Ann's pawn in forest F3 (by 2, 6, 10, 11, 12)." in first
    assert "Ann holds 3 card(s); Vagabond: the Arbiter, in clearing 10; items: sword, sword, boots exhausted, torch (maximum rolled hits 2)" in first
    saved = json.loads(path.read_text())
    assert saved["config"]["options"] == {"vagabond_character": "arbiter"}
    assert [s["faction"] for s in saved["config"]["seats"]] == ["marquise", "eyrie", "vagabot", "riverfolk"]
    state = Session.load(path).play.game.state
    vb, rf = state.factions["vagabot"].board, state.factions["riverfolk"].board
    assert isinstance(vb, VagabondBoard) and vb.clearing == 10 and state.clearings[10].pawn == "vagabot"
    assert isinstance(rf, CompanyBoard) and rf.payments == {"marquise": 2, "riverfolk": 2}  # the Marquise bought a service (9.7)

    again = resume(path, AFTER, undone=5)
    assert "Bob holds 3 card(s); Payments: the Mechanical Marquise 2, Bob 3; Funds: empty" in again
    state = Session.load(path).play.game.state
    rf = state.factions["riverfolk"].board
    assert isinstance(rf, CompanyBoard) and rf.payments == {"marquise": 2, "riverfolk": 3} and state.factions["vagabot"].board.clearing == 10


def test_only_a_vagabond_names_a_character(tmp_path: Path) -> None:
    r = run(["table", "new", "--humans", "marquise@arbiter:Ann", "--bots", "eyrie", "--file", str(tmp_path / "g.json")], [])
    assert r.returncode == 2 and r.stderr.strip().endswith("only a Vagabond names a character (vagabond@arbiter:Ann)")
    r = run(["table", "new", "--humans", "vagabond@wizard:Ann", "--bots", "eyrie", "--file", str(tmp_path / "g.json")], [])
    assert r.returncode == 2 and "options.vagabond_character: 'wizard' is not a Vagabond character" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1


def test_the_session_exports_to_rootlog_with_the_pawn_in_the_vagabonds_line(tmp_path: Path) -> None:
    lines, seats = export_and_import(NEW, FIRST, tmp_path)
    assert "V:p->2_6_10_11_12/%s->s/%s->s/%f->s/%r->s" in lines and "O:2w->O$" in lines
    assert not any(line.startswith("E:") and "Vp" in line for line in lines)
    assert seats["vagabot"]["vagabond"]["location"] == 10 and seats["riverfolk"]["company"]["payments"] == {"marquise": 2, "riverfolk": 2}
