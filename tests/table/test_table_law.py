"""Issue 26 part 4: a human seat played at the table *by the Law of Root's legal moves* (law mode,
``table/law.py``): the companion asks each decision with its numbered legal moves, refuses a wrong
answer with the decision's rule, ``moves`` lists them again, every answer is an entry (undo, redo,
resume), and board mode (Rootlog lines, no rule checks) stays as it was."""

from __future__ import annotations

import re

import json
from pathlib import Path

import pytest
from tests.table.table_script import run
from tests.table.test_table_cli import run_until_prompts

from rootbotics.table.law import law_built, parse_move
from rootbotics.table.replay import Refused
from rootbotics.table.session import Session, SessionError, TableConfig, TableSeat
from rootbotics.table.terminal import handle

NEW = ["table", "new", "--humans", "marquise:Ann", "--bots", "eyrie,alliance", "--map", "fall", "--seed", "3"]
# Ann sets up (keep, sawmill, workshop, recruiter), the bots set up, then her first turn:
# recruit, a build in 9 (a sawmill, paid with the wood of 1), then the end of her Daylight.
SETUP = ["ok all", "clearing 1", "clearing 1", "clearing 5", "clearing 5", "ok all"]
TURN = ["recruit", "build", "clearing 9", "sawmill", "done"]
# A faction whose Law of Root is not built: every seated faction's is now, so the tests make one so
# (its ``lor`` hook answering None, as a faction added without its Law of Root would).
UNBUILT = "corvids"
UNBUILT_CODE = "from rootbotics.factions.corvids.faction import Corvids; Corvids.lor = lambda self: None"


@pytest.fixture
def unbuilt(monkeypatch: pytest.MonkeyPatch) -> str:
    from rootbotics.factions.corvids.faction import Corvids

    monkeypatch.setattr(Corvids, "lor", lambda self: None)
    assert not law_built(UNBUILT)
    return UNBUILT


def law_session(path: Path, seed: int = 3) -> Session:
    seats = [TableSeat("marquise", "human", "Ann", rules="law"), TableSeat("eyrie", "bot"), TableSeat("alliance", "bot")]
    return Session(TableConfig(seats, "fall", None, seed), path)


def typed(session: Session, lines: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """Type ``lines`` at the prompt of ``session``; what the companion said."""
    capsys.readouterr()
    for line in lines:
        handle(session, line)
    return capsys.readouterr().out


def step(session: Session) -> str:
    q = session.play.pending
    assert q is not None and q.ask == "move", q
    return q.decision.step


# -- a turn by moves ------------------------------------------------------------------------------
def test_a_human_marquise_sets_up_and_plays_a_turn_by_moves_beside_two_bots(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    r = run([*NEW, "--file", str(path)], [*SETUP, "moves", *TURN])
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert "error:" not in out, out
    assert "By the Law of Root's legal moves: Ann" in out
    assert "Ann (Marquise de Cat, set up): place the keep in which corner [setup.keep, LoR 6.3.2]" in out
    assert "  1. clearing 1 (fox, top-left corner) (LoR 6.3.2)" in out  # named as the table names clearings
    assert "Ann (Marquise de Cat, round 1): take an action [daylight.action, LoR 6.5]" in out
    assert "  2. Recruit: a warrior at each recruiter (LoR 6.5.3)" in out
    # what her moves did is told as the bots' steps are, but needs no ok
    assert "  Put Ann's keep token in clearing 1 (fox, top-left corner)." in out
    assert "  Take a sawmill from Ann's board and put it in clearing 9 (mouse, left edge, upper half)." in out
    assert "  Ann scores 1 VP for the sawmill track's uncovered space: move its marker to 1." in out
    assert "  Ann: draws 1 card in Evening" in out
    assert re.search(r"Step 1(/\d+)?: The Electric Eyrie", out)  # her turn is over: the Eyrie's steps
    saved = json.loads(path.read_text())
    assert saved["config"]["seats"][0] == {"faction": "marquise", "seat": "human", "player": "Ann", "rules": "law"}
    answers = [e["value"] for e in saved["entries"] if e["kind"] == "answer"]
    assert answers[0] == {"step": "setup.keep", "kind": "clearing", "args": [1]}
    assert {"step": "daylight.action", "kind": "recruit", "args": []} in answers
    assert {"step": "build.building", "kind": "building", "args": ["sawmill"]} in answers
    s = Session.load(path)
    state = s.play.game.state
    assert ("marquise", "sawmill") in state.clearings[9].buildings and state.factions["marquise"].vp == 1
    assert state.clearings[5].warriors["marquise"] == 2  # 1 at setup, 1 recruited
    assert state.current == "eyrie" and s.play.unconfirmed


def test_an_illegal_answer_is_refused_with_its_rule_and_changes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    s = law_session(tmp_path / "g.json")
    typed(s, [*SETUP, "recruit"], capsys)
    entries = list(s.entries)
    out = typed(s, ["recruit", "9", "clearing 4"], capsys)
    lines = [x for x in out.splitlines() if x.startswith("error:")]
    assert len(lines) == 3
    # recruit once per turn (LoR 6.5.3): no longer offered, so refused under the action's rule
    assert lines[0].startswith("error: answer: LoR 6.5: 'recruit' is not a legal move for take an action; legal: 1. March: up to two moves; 2. Build")
    assert lines[1].endswith("(number 1 to 4)")
    assert "LoR 6.5: 'clearing 4' is not a legal move" in lines[2]
    assert s.entries == entries and step(s) == "daylight.action"
    assert json.loads((tmp_path / "g.json").read_text())["entries"] == entries  # nothing saved


def test_a_tampered_answer_in_the_file_is_an_error_naming_the_entry_and_the_rule(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "g.json"
    s = law_session(path)
    typed(s, SETUP[:2], capsys)
    data = json.loads(path.read_text())
    data["entries"][1]["value"]["args"] = [6]  # clearing 6 is no corner
    path.write_text(json.dumps(data))
    with pytest.raises(SessionError, match=r"entries\.1: LoR 6\.3\.2: 'clearing 6' is not a legal move for place the keep in which corner"):
        Session.load(path)


def test_moves_lists_the_legal_moves_again_and_says_why_when_there_is_none(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    s = law_session(tmp_path / "g.json")
    out = typed(s, ["moves"], capsys)
    assert out.strip() == "error: moves: first carry out step 1 and confirm it with ok"
    typed(s, ["ok all"], capsys)
    assert typed(s, ["moves"], capsys).splitlines() == [f"  {i}. clearing {i} (LoR 6.3.2)" for i in range(1, 5)]
    board = law_session(tmp_path / "b.json")
    board.config.seats[0].rules = "board"
    board = Session(board.config, tmp_path / "b.json")
    out = typed(board, ["ok all", "moves"], capsys)
    assert "error: moves: no seat is asked for a move now (every human seat plays by Rootlog lines (board mode))" in out


def test_words_numbers_and_prefixes_pick_one_legal_move(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    s = law_session(tmp_path / "g.json")
    typed(s, [*SETUP, "march"], capsys)
    d = s.play.pending.decision  # march.from: clearings 1, 2, 4, 5 ... 12
    assert parse_move(d, "from clearing 12").args == (12,)
    assert parse_move(d, "from 1").args == (1,)  # the number is the whole number: not 10, 11, 12
    assert parse_move(d, "clearing 10").args == (10,)
    assert parse_move(d, "2").args == d.moves[1].args  # a number is the list's number
    with pytest.raises(ValueError, match="LoR 6.5.2: 'from clearing 3' is not a legal move"):
        parse_move(d, "from clearing 3")  # the Eyrie's roost: no warrior of hers there


# -- undo, redo, resume --------------------------------------------------------------------------
def test_undo_and_redo_across_decisions(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    s = law_session(tmp_path / "g.json")
    typed(s, SETUP, capsys)
    before = s.play.game.state.clone()
    n = len(s.entries)
    typed(s, ["march", "from 1", "to 5", "1"], capsys)
    assert step(s) == "march.from" and s.play.game.state.clearings[5].warriors["marquise"] == 2
    out = typed(s, ["undo 4"], capsys)
    assert "undid 4 entries" in out and "take an action [daylight.action, LoR 6.5]" in out
    assert len(s.entries) == n and step(s) == "daylight.action"
    assert s.play.game.state.clearings[5].warriors == before.clearings[5].warriors
    typed(s, ["redo 2"], capsys)
    assert step(s) == "march.to"
    assert Session.load(tmp_path / "g.json").play.pending.decision.step == "march.to"


def test_a_law_session_killed_mid_turn_resumes_at_the_same_decision(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    first = run_until_prompts([*NEW, "--file", str(path)], [*SETUP, "recruit", "build"])
    assert "build where [build.clearing, LoR 6.5.4.1]" in first
    r = run(["table", "resume", str(path)], ["moves", "clearing 9", "sawmill", "done"])
    assert r.returncode == 0 and "error:" not in r.stdout, r.stdout
    assert "Resuming" in r.stdout and "  1. clearing 2 (LoR 6.5.4.1)" in r.stdout
    assert "Take a sawmill from Ann's board and put it in clearing 9 (mouse, left edge, upper half)." in r.stdout
    assert Session.load(path).play.game.state.current == "eyrie"


# -- the session file and the options ----------------------------------------------------------
def test_board_mode_stays_and_old_sessions_load_as_board(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    r = run([*NEW, "--file", str(path), "--rules", "board"], ["ok all", "t_k->1/w->1/w->2/w->4/w->5/w->6/w->7/w->8/w->9/w->10/w->11/w->12/b_s->1/b_w->5/b_r->5", "done", "ok all", "moves"])
    assert r.returncode == 0, r.stderr
    assert "Legal moves" not in r.stdout and "By the Law" not in r.stdout
    assert "error: moves: no seat is asked for a move now" in r.stdout and r.stdout.count("error:") == 1
    seat = json.loads(path.read_text())["config"]["seats"][0]
    assert seat == {"faction": "marquise", "seat": "human", "player": "Ann"}  # as files of before
    assert Session.load(path).config.seats[0].rules == "board"


def test_rules_law_is_the_default_only_where_the_law_of_root_is_built(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    path = tmp_path / "g.json"
    code = f"{UNBUILT_CODE}; import sys; from rootbotics.cli import main; sys.argv = ['rootbotics', *sys.argv[1:]]; main()"
    args = ["table", "new", "--file", str(path), "--humans", f"marquise:Ann,{UNBUILT}:Cy", "--bots", "eyrie", "--seed", "1"]
    env = {**os.environ, "COLUMNS": "120", "NO_COLOR": "1", "TERM": "dumb"}
    r = subprocess.run([sys.executable, "-c", code, *args], input="", capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    assert "By the Law of Root's legal moves: Ann (answer by number or words; moves lists them); by Rootlog lines, unchecked: Cy." in r.stdout
    rules = {x["faction"]: x.get("rules", "board") for x in json.loads(path.read_text())["config"]["seats"] if x["seat"] == "human"}
    assert rules == {"marquise": "law", UNBUILT: "board"}


def test_rules_takes_law_or_board_only(tmp_path: Path) -> None:
    bad = run(["table", "new", "--file", str(tmp_path / "u.json"), "--humans", "marquise:Ann", "--bots", "eyrie", "--rules", "house"], [])
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "--rules: 'house' is not a mode (choose from law, board)" in bad.stderr


@pytest.mark.parametrize(("seat", "problem"), [
    ({"faction": UNBUILT, "seat": "human", "player": "Cy", "rules": "law"}, f"config.seats.0.rules: the {UNBUILT}'s Law of Root is not built yet"),
    ({"faction": "marquise", "seat": "human", "player": "Ann", "rules": "strict"}, "config.seats.0.rules: 'strict' is not one of law, board"),
    ({"faction": "marquise", "seat": "bot", "difficulty": "default", "traits": [], "rules": "law"}, "config.seats.0.rules: only a human seat"),
])
def test_a_bad_rules_field_is_an_error_naming_it(tmp_path: Path, seat: dict, problem: str, unbuilt: str) -> None:
    path = tmp_path / "g.json"
    bot = {"faction": "eyrie", "seat": "bot", "difficulty": "default", "traits": []}
    path.write_text(json.dumps({"format": "rootbotics-table-session", "version": 1, "config": {"seats": [seat, bot], "map": "fall", "suits": None, "seed": 1, "dice": "app", "deck": "app", "options": {}}, "entries": []}))
    with pytest.raises(SessionError, match=problem):
        Session.load(path)


def test_a_law_session_exports_to_rootlog(tmp_path: Path) -> None:
    path, out = tmp_path / "g.json", tmp_path / "g.rootlog"
    assert run([*NEW, "--file", str(path)], [*SETUP, *TURN]).returncode == 0
    r = run(["rootlog", "export", str(path), "--out", str(out)], [])
    assert r.returncode == 0, r.stderr
    text = out.read_text()
    assert "C: Ann\n" in text  # her moves written as the recorder hears them, as a bot's are
    assert "C:t->1/w->5/t1->/b_s->9/++" in text


def test_an_answer_refused_by_feed_changes_nothing(tmp_path: Path) -> None:
    s = law_session(tmp_path / "g.json")
    s.enter({"kind": "ok", "n": len(s.play.unconfirmed)})
    with pytest.raises(Refused, match="LoR 6.3.2"):
        s.enter({"kind": "answer", "ask": "move", "value": {"step": "setup.keep", "kind": "clearing", "args": [7]}})
    assert len(s.entries) == 1 and step(s) == "setup.keep"


# -- a secret choice at a shared terminal (LoR 13.2.2.1) ----------------------------------------------
def corvids_at_the_plot_kind(path: Path) -> Session:
    """A law-mode Corvid Conspiracy beside two bots (seed 3), played to its first Plot: the
    decision of the plot's kind in clearing 1 is asked."""
    seats = [TableSeat("corvids", "human", "Cory", rules="law"), TableSeat("eyrie", "bot"), TableSeat("marquise", "bot")]
    session = Session(TableConfig(seats, "fall", None, 3), path)
    for _ in range(200):
        play = session.play
        if play.unconfirmed or play.pending is None:
            handle(session, "ok all")
            continue
        d = play.pending.decision
        if d.step == "plot.kind":
            return session
        plot = [i for i, m in enumerate(d.moves, 1) if m.kind == "plot" or (d.step == "plot.clearing" and m.args == (1,))]
        handle(session, str(plot[0] if plot else 1))
    raise AssertionError("no Plot was reached")


def test_lor_13_2_2_1_a_plots_kind_is_typed_hidden_and_never_printed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The shared terminal names every kind a plot can have, never the kinds left nor the one
    chosen: the question, a number (refused: the list is not shown), the placement told face
    down, undo and redo; the engine has the kind (R-LOR-CORVIDS-KNOWN)."""
    from rootbotics.factions.corvids import plots as P
    from rootbotics.table.terminal import asks_secret

    session = corvids_at_the_plot_kind(tmp_path / "game.json")
    assert asks_secret(session)
    shown = typed(session, ["moves"], capsys)
    assert "type one of bomb, snare, extortion, raid" in shown and "a snare" not in shown
    assert "not a choice you can make now" in typed(session, ["2"], capsys)
    said = typed(session, ["snare"], capsys)
    assert P.plot_map(session.play.game.state)[1] == ("snare", False)
    assert "face-down plot token of Cory in clearing 1" in said and "snare" not in said.replace("bomb, snare, extortion, raid", "") and "your secret answer is taken" in said
    again = typed(session, ["undo", "redo"], capsys)
    assert "a secret answer (plot.kind)" in again and "snare" not in again.replace("bomb, snare, extortion, raid", "")
    assert P.plot_map(session.play.game.state)[1] == ("snare", False)


def test_lor_13_2_2_1_a_piped_secret_answer_is_not_echoed(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import io

    from rootbotics.table.terminal import piped

    monkeypatch.setattr("sys.stdin", io.StringIO("snare\nok\n"))
    assert piped("> ", True) == "snare" and piped("> ") == "ok"
    assert capsys.readouterr().out == "> (hidden)\n> ok\n"


def test_lor_13_2_2_1_a_secret_answer_at_a_terminal_is_kept_out_of_the_history(tmp_path: Path) -> None:
    pytest.importorskip("prompt_toolkit")
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from rootbotics.table.terminal import toolkit_reader

    with create_pipe_input() as pipe:
        ask = toolkit_reader(tmp_path / "game.json", input=pipe, output=DummyOutput())
        pipe.send_text("snare\r")
        assert ask("table> ", True) == "snare"
        pipe.send_text("ok all\r")
        assert ask("table> ") == "ok all"
    assert "snare" not in (tmp_path / "game.json.history").read_text()


# -- two human Vagabonds at one table (LoR 9.7) -------------------------------------------------------
def test_lor_9_7_two_human_vagabonds_play_by_legal_moves_at_a_table_and_resume(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The first and the second Vagabond, both people playing by legal moves beside an Eyrie bot,
    answered with each decision's first legal move through the terminal's own commands: each
    has his character and all its starting items (LoR 9.3.5), the two share the quests (LoR
    9.7.2), every invariant holds, and the saved session loads to the same position."""
    from rootbotics.core import invariants, serial
    from rootbotics.factions.vagabot.vagabond_lor import STARTING

    seats = [TableSeat("vagabot", "human", "Val", rules="law"), TableSeat("vagabond2", "human", "Gus", rules="law"), TableSeat("eyrie", "bot")]
    path = tmp_path / "two.json"
    session = Session(TableConfig(seats, "fall", None, 5, options={"vagabond_character": "harrier", "vagabond2_character": "vagrant"}), path)
    for _ in range(400):
        play = session.play
        if play.game.state.round >= 3 or play.game.state.winner:
            break
        pending = play.pending
        if play.unconfirmed or pending is None:
            handle(session, "ok all")
        elif pending.ask == "move":
            handle(session, "1")
        else:  # the table's own questions (hits on his items, LoR 9.2.7): the first ones offered
            handle(session, ", ".join(pending.options[: pending.pick or 1]))
    state = session.play.game.state
    assert state.round >= 3 and not invariants.violations(state)
    said = capsys.readouterr().out
    assert "error:" not in said and "Gus takes 2 hits in clearing 5" in said  # the first battles the second: Gus picks his items
    for f, character in (("vagabot", "harrier"), ("vagabond2", "vagrant")):
        vb = state.factions[f].board
        assert vb.character == character and len(vb.items) >= len(STARTING[character])  # type: ignore[union-attr]
    assert any(e.rule == "LoR 9.7.2" for e in session.play.game.log)  # the second shares the first's quests
    assert not [e for e in session.play.game.log if e.rule == "LoR 9.3.5" and e.kind == "skip"]
    assert serial.dumps(Session.load(path).play.game.state) == serial.dumps(state)
