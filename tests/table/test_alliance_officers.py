"""A human Woodland Alliance's officers from table lines (Train, LoR 8.5.3): ``w->$`` takes a
warrior from its supply to its Officers box, ``w$->`` returns one; checked, shown by ``board``,
saved, and written back by the Rootlog export (``table/off_map.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import position
from table.test_law_for_humans import table

from rootbotics.core import invariants, serial
from rootbotics.core.state import GameState
from rootbotics.table.board import LineRefused, apply_line
from rootbotics.table.export import snapshot
from rootbotics.table.rootlog_import import import_rootlog
from rootbotics.table.session import Session, TableConfig, TableSeat
from rootbotics.table.session_export import export_session
from rootbotics.table.text import board_lines, human_board
from tests.table.test_session_export import confirm


def alliance(officers: int = 0, warriors_on_map: int = 1) -> GameState:
    """A human Alliance beside the Marquise bot, with a warrior in 5 and ``officers``."""
    return position({5: {"warriors": {"alliance": warriors_on_map, "marquise": 1}}}, seats=("marquise", "alliance"),
                    humans=("alliance",), alliance={"supporters": [], "officers": officers})


def test_lor_8_5_3_a_human_alliance_trains_officers_from_its_supply_and_returns_them() -> None:
    s = alliance()
    fs = s.factions["alliance"]
    supply = fs.supply["warrior"]
    apply_line(table(s), "A", "2w->$")
    assert fs.board.officers == 2 and fs.supply["warrior"] == supply - 2
    apply_line(table(s), "A", "w$->")
    assert fs.board.officers == 1 and fs.supply["warrior"] == supply - 1
    invariants.check(s)
    assert serial.from_json(serial.to_json(s)).factions["alliance"].board.officers == 1


def test_lor_8_5_3_the_officers_are_shown_on_the_human_alliances_board() -> None:
    s = alliance(officers=3)
    assert human_board(s, s.factions["alliance"]) == ["Woodland Alliance board", "supporters: 0 card(s)", "officers: 3"]


@pytest.mark.parametrize(("line", "token", "problem"), [
    ("w$->", "w$->", "the Officers box holds 0, not 1"),
    ("w5->$", "w5->$", "officers come only from the supply"),
    ("10w->$", "10w->$", "supply exhausted: the alliance have 9 warriors left, not 10"),
    ("w->E$", "w->E$", "officers go only to the Woodland Alliance's own Officers box"),
    ("Cw5->$", "Cw5->$", "only their own pieces off the map"),
    ("t->$", "t->$", "only warriors stand in the Burrow, the Acolytes box or the Officers box"),
])
def test_lor_8_5_3_impossible_officer_lines_are_refused_naming_the_token(line: str, token: str, problem: str) -> None:
    s = alliance()
    before = serial.to_json(s)
    with pytest.raises(LineRefused, match=problem) as refused:
        apply_line(table(s), "A", line)
    assert refused.value.token == token and "\n" not in str(refused.value)
    assert serial.to_json(s) == before


def test_lor_8_5_3_officers_leave_the_box_only_for_the_supply() -> None:
    s = alliance(officers=1)
    with pytest.raises(LineRefused, match="only for the supply"):
        apply_line(table(s), "A", "w$->5")
    assert s.factions["alliance"].board.officers == 1


def test_a_bot_alliance_keeps_no_officers() -> None:
    s = position({}, seats=("marquise", "alliance"), humans=("marquise",))
    with pytest.raises(LineRefused, match="bot"):
        apply_line(table(s), "A", "w->$")


def test_a_session_with_a_human_alliances_officers_exports_and_imports_to_its_position(tmp_path: Path) -> None:
    seats = [TableSeat("marquise", "bot"), TableSeat("alliance", "human", "Bob"), TableSeat("eyrie", "bot")]
    s = Session(TableConfig(seats, "fall", None, 7), tmp_path / "g.json")
    for lines in ([], ["2w->$", "w$->"]):
        confirm(s)
        assert s.play.open is not None and s.play.open.faction == "alliance"
        for text in lines:
            s.enter({"kind": "line", "faction": "alliance", "text": text})
        s.enter({"kind": "done", "faction": "alliance"})
    confirm(s)
    assert any(line.endswith("Woodland Alliance board; supporters: 0 card(s); officers: 1") for line in board_lines(s))
    text = export_session(s)
    assert "\nA:2w->$/w$->\n" in text
    imported = import_rootlog(text)
    assert imported.factions["alliance"].board.officers == 1
    assert snapshot(imported) == snapshot(s.play.game.state)
