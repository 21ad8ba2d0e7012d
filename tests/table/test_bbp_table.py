"""The table companion with bots of the Better Bot Project v5 (issue 17, BBP 1.1): ``table new
--bots eyrie@bbp,...`` seats them, the session file keeps each seat's rule set, resume and undo
replay it, their turns are told as physical steps whose ``why`` cites the text, and the Rootlog
export's seat lines name the rule set."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rootbotics.table.session import Session, TableConfig, TableSeat
from rootbotics.table.session_export import export_session
from rootbotics.table.terminal import UsageError, bot_seats, parse_seats

from .test_session import drive, lines


def config(seed: int = 3) -> TableConfig:
    seats = [TableSeat("marquise", "human", "Ann"), TableSeat("eyrie", "bot", rule_set="bbp"), TableSeat("alliance", "bot", rule_set="bbp"), TableSeat("vagabot", "bot")]
    return TableConfig(seats, "fall", None, seed)


def test_bbp_1_1_bots_option_names_each_seats_rule_set() -> None:
    assert [(s.faction, s.rule_set) for s in bot_seats("eyrie@bbp,vagabot")] == [("eyrie", "bbp"), ("vagabot", "law")]
    assert [(s.faction, s.rule_set) for s in bot_seats("bbp:eyrie,alliance,marquise@law")] == [("eyrie", "bbp"), ("alliance", "bbp"), ("marquise", "law")]
    seats = parse_seats("marquise:Ann", "alliance@bbp,eyrie@bbp", None)
    assert [(s.faction, s.seat, s.rule_set) for s in seats] == [("marquise", "human", "law"), ("eyrie", "bot", "bbp"), ("alliance", "bot", "bbp")]


@pytest.mark.parametrize("bots,message", [
    ("vagabond2,eyrie", "--bots: vagabond2@law: the Law of Robotics has one Vagabot"),  # his bot is the Robot Raccoon #2 (R-BBP-RR2)
    ("eyrie@xyz,alliance", "--bots: eyrie@xyz: 'xyz' is not a rule set"),
    ("xyz:eyrie,alliance", "--bots: 'xyz' is not a rule set"),
])
def test_bbp_1_1_a_rule_set_a_bot_lacks_is_refused_in_one_line(bots: str, message: str) -> None:
    with pytest.raises(UsageError) as e:
        parse_seats("marquise:Ann", bots, None)
    assert str(e.value).startswith(message) and "\n" not in str(e.value)


def test_bbp_1_1_session_file_keeps_the_rule_set_and_resume_replays_it(tmp_path: Path) -> None:
    s = Session(config(), tmp_path / "a.json")
    drive(s, 30)
    data = json.loads((tmp_path / "a.json").read_text())
    assert [seat.get("rule_set") for seat in data["config"]["seats"]] == [None, "bbp", "bbp", None]
    again = Session.load(tmp_path / "a.json")
    assert [f.rule_set for f in again.play.game.state.factions.values()] == [f.rule_set for f in s.play.game.state.factions.values()]
    assert again.play.game.state.factions["eyrie"].rule_set == "bbp"
    assert lines(again) == lines(s)


def test_bbp_1_1_undo_across_a_bbp_bot_turn_and_redo(tmp_path: Path) -> None:
    s = Session(config(), tmp_path / "a.json")
    drive(s, 14)
    before, entries = lines(s), list(s.entries)
    assert s.undo(6) == 6
    assert lines(s) == lines(Session(config(), tmp_path / "b.json", entries[:-6]))
    assert s.redo(6) == 6
    assert lines(s) == before


def test_bbp_bot_turns_are_told_as_steps_whose_why_cites_the_text(tmp_path: Path) -> None:
    s = Session(config(), tmp_path / "a.json")
    seen = {}
    for _ in range(40):  # every step shown at the table, entry after entry
        seen.update({(step.seq, step.text): step for step in s.play.steps})
        drive(s, 1)
    bbp = [step for step in seen.values() if step.faction in ("eyrie", "alliance")]
    assert any("BBP EE." in step.why for step in bbp) and any("BBP AA." in step.why for step in bbp)
    assert any(step.text.startswith("Take ") and "blue warrior" in step.text for step in bbp)  # a physical instruction
    assert all(step.why for step in bbp)


def test_bbp_rootlog_export_names_the_rule_set_in_the_seat_lines(tmp_path: Path) -> None:
    s = Session(config(), tmp_path / "a.json")
    drive(s, 20)
    text = export_session(s)
    assert "E: Electric Eyrie // bot (Better Bot Project v5), difficulty default" in text
    assert "A: Automated Alliance // bot (Better Bot Project v5), difficulty default" in text
    assert "V: Clockwork Vagabot // bot (Law of Robotics), difficulty default" in text


def test_bbp_table_new_from_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    args = ["table", "new", "--file", str(path), "--humans", "marquise:Ann", "--bots", "bbp:eyrie,alliance", "--seed", "3"]
    out = subprocess.run([sys.executable, "-m", "rootbotics", *args], input="", capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    seats = json.loads(path.read_text())["config"]["seats"]
    assert [(x["faction"], x.get("rule_set", "law")) for x in seats] == [("marquise", "law"), ("eyrie", "bbp"), ("alliance", "bbp")]
    bad_args = ["table", "new", "--file", str(tmp_path / "u.json"), "--humans", "marquise:Ann", "--bots", "vagabot@bbp,eyrie"]
    bad = subprocess.run([sys.executable, "-m", "rootbotics", *bad_args], input="", capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "--raccoon-paths: the Robot Raccoon's" in bad.stderr  # R-BBP-RR-PATHS


SETUP = "t_k->1/w->1/w->2/w->4/w->5/w->6/w->7/w->8/w->9/w->10/w->11/w->12/b_s->1/b_w->5/b_r->9"


def until_ambush_asked(path: Path, options: dict) -> Session:
    """Ann (the human Marquise) sets up, draws a bird ambush at her first turn (``B#@->C``), and
    the table plays on until the Better Bot Eyrie attacks her and she is asked (BBP 3.2)."""
    seats = [TableSeat("marquise", "human", "Ann"), TableSeat("eyrie", "bot", rule_set="bbp"), TableSeat("alliance", "bot", rule_set="bbp")]
    s = Session(TableConfig(seats, "fall", None, 3, options=options), path)
    for _ in range(60):
        play = s.play
        if play.unconfirmed:
            s.enter({"kind": "ok", "n": len(play.unconfirmed)})
        elif play.pending is not None or play.over:
            break
        else:
            line = SETUP if play.open.stage == "setup" else ("B#@->C" if play.open.stage == "turn" and not any(e.get("text") == "B#@->C" for e in s.entries) else None)
            if line:
                s.enter({"kind": "line", "faction": "marquise", "text": line})
            s.enter({"kind": "done", "faction": "marquise"})
    return s


def test_bbp_3_2_the_table_asks_the_human_for_an_ambush_and_undo_takes_it_back(tmp_path: Path) -> None:
    s = until_ambush_asked(tmp_path / "a.json", {"bbp_variants": ["ambush"]})
    q = s.play.pending
    assert q is not None and q.ask == "ambush_card" and q.faction == "marquise" and q.options == ("ambush_bird",)
    s.enter({"kind": "answer", "ask": "ambush_card", "value": "ambush_bird"})
    (ambush,) = s.play.game.log.of_kind("ambush")
    assert ambush.rule == "BBP 3.2" and "ambush_bird" not in [s.play.game.state.deckdef.card(c).name for c in s.play.game.state.factions["marquise"].hand]
    told = [step for step in s.play.steps if step.why.startswith("[BBP 3.2]") or "BBP 3.2" in step.why]
    assert told and "Ann: plays Ambush! (bird) against the Electric Eyrie in clearing 11 (mouse" in told[0].text  # the table sees the ambush as a step
    again = Session.load(tmp_path / "a.json")  # resume replays the answer
    assert lines(again) == lines(s)
    s.undo(1)
    s.enter({"kind": "answer", "ask": "ambush_card", "value": None})  # none: the battle is rolled
    assert not s.play.game.log.of_kind("ambush")


def test_bbp_3_2_without_the_variant_the_table_never_asks(tmp_path: Path) -> None:
    s = until_ambush_asked(tmp_path / "a.json", {})
    assert s.play.pending is None or s.play.pending.ask != "ambush_card"
    assert any(e.kind == "battle" and e.data["defender"] == "marquise" for e in s.play.game.log)


def test_bbp_modes_and_variants_at_the_table_command_line(tmp_path: Path) -> None:
    args = ["table", "new", "--file", str(tmp_path / "t.json"), "--humans", "eyrie:Ann", "--bots", "marquise@bbp,alliance", "--mode", "team", "--variant", "ambush"]
    out = subprocess.run([sys.executable, "-m", "rootbotics", *args], input="", capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert json.loads((tmp_path / "t.json").read_text())["config"]["options"] == {"cooperative": True, "bbp_variants": ["ambush"]}
    for extra, message in ((["--variant", "spy"], "--variant: spy: the Spy cards' text"), (["--variant", "dominance"], "--variant: dominance: the new Dominance cards' victory conditions are missing"), (["--mode", "solo"], "--mode: 'solo' is not a mode")):
        bad = [*args[:3], str(tmp_path / "u.json"), *args[4:8], *extra]
        r = subprocess.run([sys.executable, "-m", "rootbotics", *bad], input="", capture_output=True, text=True, timeout=120)
        assert r.returncode == 2 and r.stderr.startswith(f"rootbotics: error: {message}") and r.stderr.count("\n") == 1, r.stderr
        assert not (tmp_path / "u.json").exists()


@pytest.mark.parametrize("seed", range(3))
def test_bbp_a_table_session_s_rootlog_imports_back_to_its_position(tmp_path: Path, seed: int) -> None:
    """Each Better Bot's setup is written on its own line (never on the human's before it, which
    the file takes from what was typed), so the session's Rootlog file replays to its position."""
    from rootbotics.table.export import snapshot
    from rootbotics.table.rootlog_import import import_rootlog

    seats = [TableSeat("marquise", "human", "Ann"), TableSeat("eyrie", "bot", rule_set="bbp"), TableSeat("alliance", "bot", rule_set="bbp"), TableSeat("vagabot", "bot")]
    s = Session(TableConfig(seats, "fall", None, seed), tmp_path / "a.json")
    for _ in range(24):
        play = s.play
        if play.open is not None and play.open.stage == "setup" and not play.unconfirmed and play.pending is None:
            s.enter({"kind": "line", "faction": "marquise", "text": SETUP})
        drive(s, 1)
    if s.play.unconfirmed:
        s.enter({"kind": "ok", "n": len(s.play.unconfirmed)})
    state = import_rootlog(export_session(s))
    assert snapshot(state) == snapshot(s.play.game.state)


def play_three_rounds(s: Session) -> None:
    """Ann's Marquise sets up and passes each turn, declining what she is asked (Field Hospitals,
    ...), and every bot step is confirmed, until round 4 or the game's end."""
    for _ in range(120):
        play = s.play
        if play.unconfirmed:
            s.enter({"kind": "ok", "n": len(play.unconfirmed)})
        elif play.pending is not None:
            s.enter({"kind": "answer", "ask": play.pending.ask, "value": None})
        elif play.over or play.game.state.round > 3:
            break
        else:
            if play.open.stage == "setup":
                s.enter({"kind": "line", "faction": "marquise", "text": SETUP})
            s.enter({"kind": "done", "faction": "marquise"})


def test_issue_29_a_table_game_with_the_robot_raccoon_tells_its_steps(tmp_path: Path) -> None:
    """The Robot Raccoon at the table (its paths given at table new, saved in the session): its
    turns become steps, the stand-in of a lost value is said, and resume replays it."""
    seats = [TableSeat("marquise", "human", "Ann", rules="board"), TableSeat("vagabot", "bot", rule_set="bbp"), TableSeat("alliance", "bot", rule_set="bbp")]
    options = {"raccoon_paths": {"fox": ["explore", "battle"], "rabbit": ["aid", "battle"], "mouse": ["quest", "special"]}}
    path = tmp_path / "rr.json"
    s = Session(TableConfig(seats, "fall", None, 5, options=options), path)
    play_three_rounds(s)
    g = s.play.game
    assert g.state.round > 3 and len([e for e in g.log if e.faction == "vagabot" and e.kind == "sequence"]) >= 2
    assert any(e.kind == "stand_in" and "R-BBP-AA-TRACK" in e.text for e in g.log)
    assert not any(e.kind == "stand_in" and "R-BBP-RR-PATHS" in e.text for e in g.log)
    s.save()
    again = Session.load(path)
    assert [e.text for e in again.play.game.log] == [e.text for e in g.log]


def test_r_bbp_rr2_a_table_game_with_both_robot_raccoons_tells_the_second_s_steps(tmp_path: Path) -> None:
    """The Robot Raccoon #2 (``vagabond2@bbp``, ruling R-BBP-RR2) beside the first at the table:
    one paths option for both, his turns become steps under his name, and resume replays them."""
    seats = [TableSeat("marquise", "human", "Ann", rules="board"), TableSeat("vagabot", "bot", rule_set="bbp"), TableSeat("vagabond2", "bot", rule_set="bbp")]
    path = tmp_path / "rr2.json"
    s = Session(TableConfig(seats, "fall", None, 6, options={"raccoon_paths": "stand-in", "vagabot2_character": "ranger"}), path)
    play_three_rounds(s)
    g = s.play.game
    assert g.state.round > 3 and len([e for e in g.log if e.faction == "vagabond2" and e.kind == "sequence"]) >= 2
    assert any(e.faction == "vagabond2" and e.rule == "7.3.1" and "Ranger" in e.text for e in g.log)
    assert len([e for e in g.log if e.kind == "stand_in" and "R-BBP-RR-PATHS" in e.text]) >= 2  # each Raccoon's
    s.save()
    again = Session.load(path)
    assert [e.text for e in again.play.game.log] == [e.text for e in g.log]
