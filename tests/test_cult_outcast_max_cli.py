"""BBP CC.2 "(default: 4)": ``--cult-outcast-max N`` sets the Clockwork Cult's Outcast Pile
maximum for ``play``, ``simulate`` (and ``replay``, which a study's failed game names it in) and
``table new``, as ``options.cult_outcast_max``; a bad value or a table without the Cult is one
line naming the option, exit code 2, nothing written."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import cli, plain_output

from rootbotics.core import serial
from rootbotics.table.terminal import UsageError, new_session

CULT = "lizards@bbp,marquise"


@pytest.fixture(autouse=True)
def plain_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    plain_output(monkeypatch, 120)


def test_bbp_cc2_play_sets_the_outcast_pile_maximum(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    saved = tmp_path / "p.json"
    code, out, err = cli(capsys, "play", "--bots", CULT, "--seed", "2", "--cult-outcast-max", "2", "--turns", "6", "--save", str(saved))
    assert code == 0, err
    assert "starts with an empty Outcast Pile (maximum 2)" in out
    state = serial.load(saved)
    assert state.options["cult_outcast_max"] == 2 and len(state.factions["lizards"].board.pile) <= 2


BAD = [
    (["--bots", CULT, "--cult-outcast-max", "0"], "--cult-outcast-max: 0 is not a number of cards from 1 to 20 (the Clockwork Cult's Outcast Pile maximum)"),
    (["--bots", CULT, "--cult-outcast-max", "21"], "--cult-outcast-max: 21 is not a number of cards from 1 to 20"),
    (["--bots", CULT, "--cult-outcast-max", "many"], "Invalid value for '--cult-outcast-max'"),
    (["--bots", "lizards,marquise", "--cult-outcast-max", "3"], "--cult-outcast-max: no Clockwork Cult (lizards@bbp) among the bots (lizards,marquise)"),
]


@pytest.mark.parametrize(("args", "message"), BAD)
def test_bbp_cc2_play_refuses_a_bad_maximum_in_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path, args: list[str], message: str) -> None:
    code, out, err = cli(capsys, "play", *args, "--save", str(tmp_path / "p.json"))
    assert code == 2 and out == "" and message in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "p.json").exists()


def test_bbp_cc2_play_from_a_saved_position_keeps_its_own_maximum(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    saved = tmp_path / "p.json"
    assert cli(capsys, "play", "--bots", CULT, "--turns", "2", "--save", str(saved), "-q")[0] == 0
    code, _, err = cli(capsys, "play", "--from", str(saved), "--cult-outcast-max", "3")
    assert code == 2 and "--cult-outcast-max cannot be used with --from" in err


def test_bbp_cc2_simulate_records_the_maximum_where_the_cult_plays_and_replay_takes_it(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pytest.importorskip("duckdb")
    import duckdb

    code, out, err = cli(
        capsys, "simulate", "--bots", CULT, "--bots", "marquise,eyrie", "--cult-outcast-max", "6", "--max-rounds", "3",
        "--games", "2", "--jobs", "1", "--out", str(tmp_path),
    )  # fmt: skip
    assert code == 0, err
    found = dict(duckdb.sql(f"SELECT DISTINCT lineup, options FROM read_parquet('{tmp_path}/games-*.parquet')").fetchall())
    assert json.loads(found["lizards@bbp,marquise"]) == {"cult_outcast_max": 6} and json.loads(found["marquise,eyrie"]) == {}
    command = next(line.split("replay: ", 1)[1] for line in out.splitlines() if "replay: rootbotics replay" in line and "lizards" in line)
    assert "--cult-outcast-max 6" in command
    code, replayed, err = cli(capsys, *command.split()[1:])
    assert code == 1 and "stalled: no winner after 3 rounds" in err and "(maximum 6)" in replayed


@pytest.mark.parametrize(("args", "message"), [
    (["--bots", CULT, "--cult-outcast-max", "0"], "--cult-outcast-max: 0 is not a number of cards from 1 to 20"),
    (["--bots", "marquise,eyrie", "--bots", "eyrie,alliance", "--cult-outcast-max", "3"], "--cult-outcast-max: the Clockwork Cult (lizards@bbp) is in none of the line-ups"),
    (["--bots", "marquise,eyrie", "--cult-outcast-max", "3"], "--cult-outcast-max: no Clockwork Cult (lizards@bbp) among the bots"),
])
def test_bbp_cc2_simulate_refuses_a_bad_maximum_in_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path, args: list[str], message: str) -> None:
    code, out, err = cli(capsys, "simulate", *args, "--games", "2", "--out", str(tmp_path / "r"))
    assert code == 2 and out == "" and message in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "r").exists()


def table_args(path: Path, bots: str, maximum: int | None) -> dict:
    return {"file": str(path), "humans": "eyrie:Ann", "bots": bots, "map": "fall", "order": None, "difficulty": None, "traits": None,
            "suits": None, "seed": 1, "dice": "app", "deck": "app", "mode": "competitive", "variant": "", "cult_outcast_max": maximum}


def test_bbp_cc2_table_new_sets_the_maximum_in_its_session(tmp_path: Path) -> None:
    session = new_session(table_args(tmp_path / "t.json", "lizards@bbp,marquise", 7))
    assert session.config.options == {"cult_outcast_max": 7} and session.play.game.state.options["cult_outcast_max"] == 7
    assert json.loads((tmp_path / "t.json").read_text())["config"]["options"] == {"cult_outcast_max": 7}


@pytest.mark.parametrize(("bots", "maximum", "message"), [
    ("lizards@bbp,marquise", 0, "--cult-outcast-max: 0 is not a number of cards from 1 to 20"),
    ("lizards,marquise", 5, "--cult-outcast-max: no Clockwork Cult (lizards@bbp) among the bots"),
])
def test_bbp_cc2_table_new_refuses_a_bad_maximum_in_one_line(tmp_path: Path, bots: str, maximum: int, message: str) -> None:
    with pytest.raises(UsageError, match=message.replace("(", r"\(").replace(")", r"\)")):
        new_session(table_args(tmp_path / "t.json", bots, maximum))
    assert not (tmp_path / "t.json").exists()


def test_bbp_cc2_table_new_takes_the_option_on_the_command_line(tmp_path: Path) -> None:
    args = ["table", "new", "--file", str(tmp_path / "t.json"), "--humans", "eyrie:Ann", "--bots", "lizards@bbp", "--cult-outcast-max"]
    bad = subprocess.run([sys.executable, "-m", "rootbotics", *args, "25"], input="", capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "--cult-outcast-max: 25 is not a number of cards" in bad.stderr
    good = subprocess.run([sys.executable, "-m", "rootbotics", *args, "3"], input="", capture_output=True, text=True, timeout=120)
    assert good.returncode == 0, good.stderr
    assert json.loads((tmp_path / "t.json").read_text())["config"]["options"] == {"cult_outcast_max": 3}
