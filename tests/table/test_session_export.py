"""A table session exported as a Rootlog file (``rootbotics rootlog export game.json``): the
humans' lines as typed, the bots' setups and turns from the comparison of positions, the bots'
reactions to a human line written after it; importing the file gives the session's position."""

from __future__ import annotations

from pathlib import Path

import pytest

from rootbotics.table.export import snapshot
from rootbotics.table.replay import Refused
from rootbotics.table.rootlog import parse_file
from rootbotics.table.rootlog_import import import_rootlog
from rootbotics.table.session import Session, TableConfig, TableSeat
from rootbotics.table.session_export import export_session
from tests.cli_helpers import cli

SETUP = "t_k->1/w->1/w->2/w->4/w->5/w->6/w->7/w->8/w->9/w->10/w->11/w->12/b_s->1/b_w->5/b_r->9"


def confirm(s: Session) -> None:
    while s.play.unconfirmed:
        s.enter({"kind": "ok", "n": len(s.play.unconfirmed)})
    while s.play.pending is not None:  # the first option, or none; hits in the order offered
        q = s.play.pending
        value = list(q.options) if q.ask == "assign_hits" else q.options[0] if q.options else None
        s.enter({"kind": "answer", "ask": q.ask, "value": value})
        while s.play.unconfirmed:
            s.enter({"kind": "ok", "n": len(s.play.unconfirmed)})


def ann_turn(s: Session) -> None:
    """Ann draws, then battles a bot where she can (rolls written, outcome left to the engine)."""
    st = s.play.game.state
    s.enter({"kind": "line", "faction": "marquise", "text": "#->C"})
    for c in range(1, 13):
        foes = [f for f in ("lizards", "eyrie") if st.clearings[c].pieces_of(f) and st.clearings[c].warriors.get("marquise", 0)]
        if foes:
            try:
                s.enter({"kind": "line", "faction": "marquise", "text": f"X{'L' if foes[0] == 'lizards' else 'E'}{c}(2,1)"})
            except Refused:
                continue
            confirm(s)
            break
    s.enter({"kind": "done", "faction": "marquise"})


def played(path: Path, rounds: int = 4) -> Session:
    seats = [TableSeat("marquise", "human", "Ann"), TableSeat("eyrie", "bot"), TableSeat("lizards", "bot")]
    s = Session(TableConfig(seats, "fall", None, 7), path)
    confirm(s)
    s.enter({"kind": "line", "faction": "marquise", "text": SETUP})
    s.enter({"kind": "done", "faction": "marquise"})
    for _ in range(rounds * 3):
        confirm(s)
        if s.play.over:
            break
        if s.play.open is not None:
            ann_turn(s)
    confirm(s)
    return s


def test_a_table_session_exported_and_imported_gives_its_position(tmp_path: Path) -> None:
    s = played(tmp_path / "g.json")
    text = export_session(s)
    record = parse_file(text)
    assert [seat for seat in record.seats][0] == ("C", "Ann")
    assert "E: Clockwork Eyrie // bot" in text and f"C:{SETUP}" in text
    battles = [line for line in text.splitlines() if line.startswith("C:") and "X" in line]
    assert battles, "Ann battled a bot in some turn"
    imported = import_rootlog(text)
    assert snapshot(imported) == snapshot(s.play.game.state)  # pieces, boards, VP
    assert [f for f in imported.turn_order] == ["marquise", "eyrie", "lizards"]


def test_cli_rootlog_export_of_a_table_session(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    s = played(tmp_path / "g.json", rounds=1)
    out = tmp_path / "g.rootlog"
    code, said, err = cli(capsys, "rootlog", "export", str(s.path), "--out", str(out))
    assert code == 0, err
    assert out.read_text(encoding="utf-8") == export_session(Session.load(s.path))
    code, _, err = cli(capsys, "rootlog", "export", str(s.path), "--seed", "3", "--out", str(out))
    assert code == 2 and "cannot be used with a table session" in err
    broken = tmp_path / "broken.json"
    broken.write_text(s.path.read_text(encoding="utf-8").replace('"n": ', '"n": -', 1), encoding="utf-8")
    code, _, err = cli(capsys, "rootlog", "export", str(broken), "--out", str(tmp_path / "b.rootlog"))
    assert code == 2 and "entries.0" in err and not (tmp_path / "b.rootlog").exists()


def test_the_whole_scripted_table_game_exports_and_imports_to_its_final_position(tmp_path: Path) -> None:
    """The game of the CLI's golden transcript (tests/table/table_game_script.py), played in
    process: its script is the checked-in one, and its Rootlog file imports to its position."""
    from tests.table.table_game_script import SCRIPT, play_game

    t = play_game(tmp_path / "game.json")
    assert "".join(f"{line}\n" for line in t.lines) == SCRIPT.read_text(encoding="utf-8")
    text = export_session(t.session)
    assert text.rstrip().splitlines()[-1].startswith("Winner: E //")
    imported = import_rootlog(text)
    assert snapshot(imported) == snapshot(t.session.play.game.state)


def test_a_session_with_a_human_cult_duchy_and_corvids_exported_and_imported_gives_its_position(tmp_path: Path) -> None:
    """The humans' setups are their own lines (not the bot's before them), and their acolytes,
    Burrow and hidden plots import as they stood (table/export.py: a human's setup starts with
    a change of its own)."""
    seats = [TableSeat("lizards", "human", "Ann"), TableSeat("duchy", "human", "Bob"), TableSeat("corvids", "human", "Cid"),
             TableSeat("marquise", "bot"), TableSeat("eyrie", "bot")]
    s = Session(TableConfig(seats, "fall", None, 7), tmp_path / "g.json")
    for who, lines in (("lizards", ["4w->4/b_r->4/w->8+9+12"]), ("duchy", ["2w->2/t->2/2w->5+6+10"]), ("corvids", ["w->5+9+12"]),
                       ("lizards", ["w->$/w4->9"]), ("duchy", ["w->0/w0->2"]), ("corvids", ["w5->/t->5"])):
        confirm(s)
        assert s.play.open is not None and s.play.open.faction == who
        for text in lines:
            s.enter({"kind": "line", "faction": who, "text": text})
        s.enter({"kind": "done", "faction": who})
    confirm(s)
    text = export_session(s)
    assert "\nE:b->1/6w->1\n" in text and "\nL:4w->4/b_r->4/w->8+9+12\n" in text
    assert snapshot(import_rootlog(text)) == snapshot(s.play.game.state)
