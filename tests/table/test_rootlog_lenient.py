"""``rootbotics rootlog import --lenient`` (issue 30 item 12): a file with its recorder's slips is
read to its ``Winner:`` line, as python-chess's PGN reader records errors and keeps reading. Each
repair names its line, token, what the strict import refuses and what was done; the strict
import still stops at the first. Small games of our own making; the published games of the
Rootlog repository are in test_rootlog_file.py (when a copy is fetched)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rootbotics.core import serial
from rootbotics.core.invariants import piece_violations
from rootbotics.table.rootlog import RootlogError
from rootbotics.table.rootlog_import import ImportError_, Repair, import_rootlog
from tests.cli_helpers import cli

HEAD = """Map: Fall
Deck: Standard
C: Ann
E: Bob

C:t_k->1/w->1+2+3+4+5+6+7+8+9+10+11/b_s->1/b_w->5/b_r->10
E:b->12/6w->12
"""


def lenient(text: str) -> tuple[object, list[Repair]]:
    repairs: list[Repair] = []
    s = import_rootlog(text, repairs)
    serial.loads(serial.dumps(s))  # a position a game can be in
    assert piece_violations(s) == []  # every piece counted once: map, boards, supply
    return s, repairs


def strict_stop(text: str) -> str:
    with pytest.raises((ImportError_, RootlogError)) as e:
        import_rootlog(text)
    return str(e.value)


def test_a_wood_removed_that_was_never_placed_is_placed_first() -> None:
    text = HEAD + "C:t->2/b_s->2/++\nE:2w12->11/XC11(2,0)/Cw11->/2Ct11->/E++\n\nWinner: E\n"
    assert strict_stop(text) == "line 9: '2Ct11->': the marquise have no wood in 11"
    s, repairs = lenient(text)
    assert [str(r) for r in repairs] == [
        "line 9: '2Ct11->': the marquise have no wood in 11: 2 placed there from the supply first",
        "line 11: 'Winner: E': the eyrie have 1 VP by the file's lines, not 30 (LoR 3.1): their VP corrected to 30",
    ]
    assert s.factions["marquise"].supply["wood"] == 8 - 1  # the wood placed in 2 is on the map; the two "removed" back
    assert s.clearings[11].warriors == {"eyrie": 2} and s.winner == ["eyrie"] and s.factions["eyrie"].vp == 30


def test_more_than_the_supply_holds_is_placed_as_far_as_it_goes() -> None:
    text = HEAD + "C:w->1+2+3+4+5+6+7+8+9+10+11+12+1+2+3+4/w12->8\n"  # 11 + 16 > 25 warriors
    assert strict_stop(text) == "line 8: 'w->1+2+3+4+5+6+7+8+9+10+11+12+1+2+3+4': supply exhausted: the marquise have no warrior left"
    s, repairs = lenient(text)
    assert [str(r) for r in repairs] == ["line 8: 'w->1+2+3+4+5+6+7+8+9+10+11+12+1+2+3+4': supply exhausted: the marquise have no warrior left: 2 not placed (the count corrected)"]
    assert s.factions["marquise"].supply["warrior"] == 0 and s.warriors("marquise", 8) == 3  # 12 got one, then moved to 8


def test_a_piece_neither_there_nor_in_the_supply_is_left_out() -> None:
    text = HEAD + "E:20w->1+2\nE:3w3->4\n"
    s, repairs = lenient(text)
    assert [str(r) for r in repairs] == [
        "line 8: '20w->1+2': supply exhausted: the eyrie have no warrior left: 26 not placed (the count corrected)",
        "line 9: '3w3->4': the eyrie have no warrior in 3: none there nor in the supply: 3 left out (the count corrected)",
    ]
    assert s.warriors("eyrie", 1) == 14 and s.warriors("eyrie", 4) == 0


def test_an_action_that_does_not_parse_is_left_out_and_the_line_goes_on() -> None:
    text = HEAD + "C:w2->6/XC6/w6->7/Zq!/w->3\n\nWinner: C // by dominance, as the table saw it\n"
    assert strict_stop(text).startswith("line 8, column 9: 'XC6': a faction cannot battle itself")
    s, repairs = lenient(text)
    assert [(r.line, r.token, r.done) for r in repairs][:2] == [
        (8, "XC6", "left out (the line read without it)"),
        (8, "Zq!", "left out (the line read without it)"),
    ]
    assert s.warriors("marquise", 7) == 2 and s.warriors("marquise", 3) == 2 and s.winner == ["marquise"]


def test_a_building_with_no_free_slot_or_of_another_suit_and_a_second_sympathy_go_back_to_the_supply() -> None:
    text = """Map: Fall
Deck: Standard
C: Ann
A: Bob

C:t_k->1/w->1/b_s->1/b_w->1
A:t->5/t->5/b_f->6/b_r->8
"""
    assert strict_stop(text) == "line 6: 'b_w->1': clearing 1 has no free building slot"
    s, repairs = lenient(text)
    assert [str(r) for r in repairs] == [
        "line 6: 'b_w->1': clearing 1 has no free building slot: 1 not placed: back to the supply",
        "line 7: 't->5': clearing 5 holds a sympathy already: one at most: 1 not placed: back to the supply",
        "line 7: 'b_r->8': a base rabbit stands only in a rabbit clearing; 8 is fox: 1 not placed: back to the supply",
    ]
    assert s.clearings[5].tokens.count(("alliance", "sympathy")) == 1 and s.factions["marquise"].supply["workshop"] == 6


def test_lines_after_the_winner_line_are_left_out() -> None:
    text = HEAD + "C:w->3\n\nWinner: C\nE:w->5\n"
    s, repairs = lenient(text)
    assert [(r.line, r.token) for r in repairs] == [(10, "Winner: C"), (11, "E:w->5")]
    assert "nothing may follow the Winner: line" in repairs[1].problem and s.warriors("eyrie", 5) == 0


def test_a_clean_file_needs_no_repair_and_gives_the_strict_position() -> None:
    text = HEAD + "C:w1->2/b_s->2/++\nE:2w12->7/Cw7->/E++2\n"
    s, repairs = lenient(text)
    assert repairs == [] and serial.dumps(s) == serial.dumps(import_rootlog(text))


def test_a_file_without_its_header_is_still_refused() -> None:
    with pytest.raises(RootlogError, match="a game starts with Map: and Deck: lines"):
        import_rootlog("C: Ann\nC:w->1\n", [])


def test_cli_import_lenient_lists_each_repair_and_writes_the_position(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = tmp_path / "slips.rootlog"
    game.write_text(HEAD + "C:t->2/b_s->2/++\nE:2w12->11/XC11(2,0)/Cw11->/2Ct11->/E++\n\nWinner: E\n", encoding="utf-8")
    pos = tmp_path / "pos.json"
    code, out, err = cli(capsys, "rootlog", "import", str(game), "--out", str(pos))
    assert code == 2 and "line 9: '2Ct11->': the marquise have no wood in 11" in err and not pos.exists()
    code, out, err = cli(capsys, "rootlog", "import", "--lenient", str(game), "--out", str(pos))
    assert code == 0, err
    lines = out.strip().splitlines()
    assert lines[0] == f"{game}: repaired line 9: '2Ct11->': the marquise have no wood in 11: 2 placed there from the supply first"
    assert lines[1].startswith(f"{game}: repaired line 11: 'Winner: E'") and lines[-1].endswith("2 repair(s)")
    assert serial.load(pos).winner == ["eyrie"]
    code, _, err = cli(capsys, "rootlog", "import", "--lenient", "--out", str(pos))
    assert code == 2 and len(err.strip().splitlines()) == 1
