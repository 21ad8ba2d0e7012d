"""`rootbotics simulate` knows what `play` knows (issue 21, item 7): --vagabot-character,
--riverfolk-services and --suits shape the study and are recorded in its rows; several line-ups,
maps and difficulties make a grid, each cell its own study in the same folder, and the report
gives one report per study."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import cli, plain_output

pytest.importorskip("duckdb")
import duckdb  # noqa: E402

SUITS = "fox,rabbit,mouse,fox,rabbit,mouse,fox,rabbit,mouse,fox,rabbit,mouse"


@pytest.fixture(autouse=True)
def plain_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    plain_output(monkeypatch, 140)


def rows(folder: Path, sql: str) -> list[tuple]:
    return duckdb.sql(sql.replace("GAMES", f"read_parquet('{folder}/games-*.parquet')")).fetchall()


def test_7_a_grid_of_lineups_maps_and_difficulties_is_a_study_per_cell(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = cli(
        capsys, "simulate", "--bots", "marquise,eyrie", "--bots", "eyrie,alliance", "--map", "fall,winter",
        "--difficulty", "default,nightmare", "--games", "3", "--jobs", "1", "--out", str(tmp_path),
    )  # fmt: skip
    assert code == 0, err
    assert "Grid of 8 studies" in out
    cells = rows(tmp_path, "SELECT DISTINCT study, lineup, map, seats[1].difficulty FROM GAMES")
    assert len(cells) == 8 and len({c[0] for c in cells}) == 8
    assert {(c[1], c[2], c[3]) for c in cells} == {
        (lu, m, d) for lu in ("marquise,eyrie", "eyrie,alliance") for m in ("fall", "winter") for d in ("default", "nightmare")
    }
    assert len(list(tmp_path.glob("manifest-*.json"))) == 8
    code, report, err = cli(capsys, "report", str(tmp_path))
    assert code == 0, err
    assert report.count("Study report") == 8


def test_7_a_cell_given_twice_is_played_once(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = cli(capsys, "simulate", "--bots", "marquise,eyrie", "--map", "fall", "--map", "fall", "--games", "2", "--jobs", "1", "--out", str(tmp_path))
    assert code == 0, err
    assert "Grid" not in out and len(list(tmp_path.glob("games-*.parquet"))) == 1


def test_7_faction_options_and_suits_are_recorded_in_the_rows(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = cli(
        capsys, "simulate", "--bots", "marquise,eyrie", "--bots", "vagabot,riverfolk", "--map", "lake", "--suits", SUITS,
        "--vagabot-character", "Tinker", "--riverfolk-services", "none", "--games", "3", "--jobs", "1", "--out", str(tmp_path),
    )  # fmt: skip
    assert code == 0, err
    found = {lineup: (json.loads(options), chars) for lineup, options, chars in rows(tmp_path, "SELECT DISTINCT lineup, options, [s.character FOR s IN seats] FROM GAMES")}
    assert found["vagabot,riverfolk"] == ({"riverfolk_services": "none", "suits": SUITS.split(","), "vagabot_character": "tinker"}, ["tinker", None])
    assert found["marquise,eyrie"] == ({"riverfolk_services": "none", "suits": SUITS.split(",")}, [None, None])


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "marquise,eyrie", "--vagabot-character", "thief"], "--vagabot-character: the vagabot is not among the bots"),
        (["--bots", "marquise,eyrie", "--bots", "eyrie,alliance", "--vagabot-character", "thief"], "--vagabot-character: the vagabot is in none"),
        (["--bots", "vagabot,eyrie", "--vagabot-character", "wizard"], "--vagabot-character: 'wizard' is not a Vagabot character"),
        (["--bots", "vagabot,eyrie", "--riverfolk-services", "lots"], "--riverfolk-services: 'lots' is not a services policy"),
        (["--bots", "marquise,eyrie", "--map", "fall,moon"], "--map: 'moon' is not a map"),
        (["--bots", "marquise,eyrie", "--difficulty", "easy,hard"], "--difficulty: 'hard' is not a difficulty"),
        (["--bots", "marquise,eyrie", "--bots", "marquise"], "--bots: a game needs at least 2 bots"),
    ],
)
def test_7_bad_grid_options_get_one_line_and_write_nothing(capsys: pytest.CaptureFixture[str], tmp_path: Path, args: list[str], message: str) -> None:
    code, out, err = cli(capsys, "simulate", *args, "--games", "2", "--out", str(tmp_path / "r"))
    assert code == 2 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "r").exists()


def test_7_the_replay_command_of_a_failed_game_carries_every_setting(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = cli(
        capsys, "simulate", "--bots", "vagabot,eyrie,marquise", "--difficulty", "eyrie=easy", "--traits", "marquise=blitz",
        "--vagabot-character", "tinker", "--riverfolk-services", "none", "--max-rounds", "4", "--games", "3", "--jobs", "1", "--out", str(tmp_path),
    )  # fmt: skip
    assert code == 0, err
    commands = [line.split("replay: ", 1)[1] for line in out.splitlines() if "replay: rootbotics replay --seed" in line]
    assert commands, out
    command = commands[0]
    for setting in ("--difficulty eyrie=easy", "--traits marquise=blitz", "--vagabot-character tinker", "--riverfolk-services none", "--max-rounds 4"):
        assert setting in command
    code, report, _ = cli(capsys, "report", str(tmp_path))
    assert command in report  # the report gives the same command
    code, replayed, err = cli(capsys, *command.split()[1:])
    assert code == 1 and "stalled: no winner after 4 rounds" in err
    assert "vagabot: sits as" in replayed and "Tinker" in replayed
