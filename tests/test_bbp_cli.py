"""Choosing a rule set on the command line: ``--bots marquise@bbp,eyrie`` or ``bbp:marquise,...``,
and the ``rule_set`` column of a study's rows."""

from __future__ import annotations

from pathlib import Path

import pyarrow.parquet as pq
import pytest
from cli_helpers import cli, plain_output

from rootbotics.core import serial


@pytest.fixture(autouse=True)
def plain_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    plain_output(monkeypatch, 120)


def test_play_seats_a_bbp_bot_and_saves_its_rule_set(capsys, tmp_path: Path) -> None:
    saved = tmp_path / "p.json"
    code, out, err = cli(capsys, "play", "--bots", "marquise@bbp,eyrie", "--seed", "4", "--turns", "4", "--save", str(saved), "--quiet")
    assert code == 0, err
    state = serial.load(saved)
    assert state.factions["marquise"].rule_set == "bbp" and state.factions["eyrie"].rule_set == "law"


@pytest.mark.parametrize(
    ("bots", "message"),
    [
        ("bbp:marquise,duchy", "--bots: duchy@bbp: the Drillbit Duchy has no bot of rule set 'bbp' (its rule sets: law)"),
        ("marquise@fan,eyrie", "--bots: marquise@fan: 'fan' is not a rule set (choose from law, bbp)"),
        ("fan:marquise,eyrie", "--bots: 'fan' is not a rule set (choose from law, bbp)"),
    ],
)
def test_play_refuses_a_rule_set_a_faction_lacks(capsys, bots: str, message: str) -> None:
    code, out, err = cli(capsys, "play", "--bots", bots, "--seed", "1")
    assert code == 2
    assert err.strip().splitlines() == [f"rootbotics: error: {message}"]


def test_play_refuses_bbp_difficulty_cards(capsys) -> None:
    code, _, err = cli(capsys, "play", "--bots", "eyrie@bbp,marquise", "--difficulty", "eyrie=easy")
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert "--difficulty: the bbp rule set of the Electric Eyrie has no easy difficulty" in err


def test_play_takes_the_bbp_marquise_s_transcribed_cards(capsys) -> None:
    """The BBP Marquise's difficulty and trait cards, from a transcription (R-BBP-MM-DIFFICULTY,
    R-BBP-MM-TRAITS), are chosen as the Law's are."""
    code, _, err = cli(capsys, "play", "--bots", "marquise@bbp,eyrie", "--difficulty", "marquise=nightmare", "--traits", "marquise=blitz+fortified+iron-will+hospitals", "--seed", "3", "--turns", "4", "--quiet")
    assert code == 0, err


def test_bbp_prefix_with_a_law_seat(capsys) -> None:
    code, _, err = cli(capsys, "play", "--bots", "bbp:marquise,eyrie@law", "--seed", "2", "--turns", "2", "--quiet")
    assert code == 0, err


def test_study_rows_have_a_rule_set_column(capsys, tmp_path: Path) -> None:
    code, _, err = cli(capsys, "simulate", "--bots", "marquise@bbp,eyrie", "--games", "4", "--seed", "1", "--jobs", "1", "--out", str(tmp_path), "--vp-trajectory")
    assert code == 0, err
    games = [r for f in sorted(tmp_path.glob("games-*.parquet")) for r in pq.read_table(f).to_pylist()]
    assert len(games) == 4
    for r in games:
        assert r["lineup"] == "marquise@bbp,eyrie" and r["status"] == "ok"
        assert [(s["faction"], s["rule_set"]) for s in r["seats"]] == [("marquise", "bbp"), ("eyrie", "law")]
    rounds = [r for f in tmp_path.glob("rounds-*.parquet") for r in pq.read_table(f).to_pylist()]
    assert rounds and {(r["faction"], r["rule_set"]) for r in rounds} == {("marquise", "bbp"), ("eyrie", "law")}
