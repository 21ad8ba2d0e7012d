"""Batch simulation: `rootbotics simulate`, `report` and `replay` (issue 8).

One small study (40 games on 2 worker processes, with VP trajectories) is run once per module;
the other runs are played in-process (--jobs 1), which gives the same rows.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from cli_helpers import cli, plain_output

from rootbotics.cli import main
from rootbotics.core import serial
from rootbotics.factions import PLAYABLE_BOTS
from rootbotics.game import BOTS
from rootbotics.sim import runner
from rootbotics.sim.report import wilson
from rootbotics.sim.study import Study, play_one

BOTS_ARG = ",".join(PLAYABLE_BOTS[:2])
GAME_COLUMNS = {
    "study", "seed", "lineup", "players", "map", "max_rounds", "rotate_seats", "options", "turn_order", "seats",
    "status", "winner", "winners", "rounds", "turns", "events", "end_reason", "error_type", "error_message",
    "failed_faction", "failed_phase", "position", "engine_version",
}
ROUND_COLUMNS = {"study", "seed", "lineup", "map", "round", "seat", "faction", "difficulty", "vp", "rule_set"}  # rule_set: issue 17
INTERVAL = re.compile(r"\d+\.\d%\s+\d+\.\d–\d+\.\d%")


@pytest.fixture(autouse=True)
def plain_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    plain_output(monkeypatch, 120)


def simulate(capsys: pytest.CaptureFixture[str], out: Path, *extra: str, games: int = 40, jobs: int = 1) -> tuple[int, str, str]:
    return cli(capsys, "simulate", "--bots", BOTS_ARG, "--games", str(games), "--seed", "1", "--jobs", str(jobs), "--out", str(out), *extra)


def rows(folder: Path, kind: str = "games") -> list[dict]:
    files = sorted(folder.glob(f"{kind}-*.parquet"))
    assert files, f"no {kind} files in {folder}"
    out = [row for f in files for row in pq.read_table(f).to_pylist()]
    key = (lambda r: (r["seed"], r["round"], r["seat"])) if kind == "rounds" else (lambda r: r["seed"])
    return sorted(out, key=key)


@pytest.fixture(scope="module")
def study_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """40 games on 2 processes, in chunks of 10, with VP trajectories."""
    out = tmp_path_factory.mktemp("study")
    with pytest.raises(SystemExit) as exc:
        main(["simulate", "--bots", BOTS_ARG, "--games", "40", "--seed", "1", "--jobs", "2", "--out", str(out),
              "--chunk-size", "10", "--vp-trajectory"])
    assert exc.value.code in (0, None)
    return out


# -- simulate -------------------------------------------------------------------------------------
def test_simulate_writes_parquet_with_the_expected_columns(study_dir: Path) -> None:
    games = sorted(study_dir.glob("games-*.parquet"))
    assert len(games) == 4 and len(list(study_dir.glob("rounds-*.parquet"))) == 4
    assert not list(study_dir.glob(".*.tmp")), "no temporary file is left behind"
    assert set(pq.read_schema(games[0]).names) == GAME_COLUMNS
    table = rows(study_dir)
    assert [r["seed"] for r in table] == list(range(1, 41))
    for r in table:
        assert r["status"] == "ok" and r["error_type"] is None and r["position"] is None
        assert r["turn_order"] == BOTS_ARG.split(",") and r["players"] == 2 and r["map"] == "fall"
        assert r["winner"] and r["winners"] == r["winner"].split(",")
        assert [s["faction"] for s in r["seats"]] == r["turn_order"] and [s["seat"] for s in r["seats"]] == [1, 2]
        assert max(s["vp"] for s in r["seats"] if s["won"]) >= 30
        assert r["rounds"] >= 1 and r["turns"] >= r["rounds"] and r["events"] > 0
        assert r["engine_version"]
    manifest = json.loads(next(study_dir.glob("manifest-*.json")).read_text())
    assert manifest["games_played"] == 40 and manifest["jobs"] == 2 and "seconds" in manifest


def test_rows_match_a_game_played_directly(study_dir: Path) -> None:
    row = rows(study_dir)[6]
    record = play_one(Study(tuple(BOTS_ARG.split(","))), row["seed"], trajectory=True)
    assert row["winners"] == record.winners and row["rounds"] == record.rounds and row["events"] == record.events
    assert [s["vp"] for s in row["seats"]] == record.vp
    trajectory = [r for r in rows(study_dir, "rounds") if r["seed"] == row["seed"]]
    assert set(trajectory[0]) == ROUND_COLUMNS
    assert [(r["round"], r["vp"]) for r in trajectory if r["seat"] == 1] == [(n, vp[0]) for n, vp in record.trajectory]
    assert trajectory[-1]["round"] == row["rounds"]


def test_the_same_study_twice_gives_identical_rows(study_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, _ = simulate(capsys, tmp_path, "--vp-trajectory", "--chunk-size", "7")  # other chunks, one process
    assert code == 0
    assert rows(tmp_path) == rows(study_dir)
    assert rows(tmp_path, "rounds") == rows(study_dir, "rounds")


def test_two_shards_give_the_rows_of_the_whole_study(study_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for shard in ("1/2", "2/2"):
        code, out, _ = simulate(capsys, tmp_path, "--shard", shard, "--vp-trajectory")
        assert code == 0, out
    manifests = [json.loads(p.read_text()) for p in tmp_path.glob("manifest-*.json")]
    slices = sorted((m["shard"], m["seeds"]["first"], m["seeds"]["last"], m["games_played"]) for m in manifests)
    assert slices == [("1/2", 1, 20, 20), ("2/2", 21, 40, 20)]
    assert rows(tmp_path) == rows(study_dir)


def test_rotated_seats_depend_on_the_seed_alone(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, _ = simulate(capsys, tmp_path, "--rotate-seats", games=6)
    assert code == 0
    bots = BOTS_ARG.split(",")
    for r in rows(tmp_path):
        k = r["seed"] % len(bots)
        assert r["turn_order"] == bots[k:] + bots[:k]


def test_an_interrupted_run_keeps_finished_chunks_and_resumes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    real = runner.run_chunk
    calls = []

    def stop_at_the_third(task: runner.ChunkTask) -> runner.ChunkSummary:
        calls.append(task.first)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(task)

    monkeypatch.setattr(runner, "run_chunk", stop_at_the_third)
    code, out, _ = simulate(capsys, tmp_path, "--chunk-size", "5", games=20)
    assert code == 130 and "Interrupted" in out
    assert len(list(tmp_path.glob("games-*.parquet"))) == 2
    monkeypatch.setattr(runner, "run_chunk", real)
    code, out, err = simulate(capsys, tmp_path, "--chunk-size", "5", games=20)
    assert code == 0 and "Played 10 games" in out and "10 were already on disk" in out
    assert [r["seed"] for r in rows(tmp_path)] == list(range(1, 21))


# -- report ---------------------------------------------------------------------------------------
def test_report_prints_win_rates_with_intervals_and_writes_the_plots(
    study_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = cli(capsys, "report", *map(str, sorted(study_dir.glob("*.parquet"))), "--plots", str(tmp_path / "plots"))
    assert (code, err) == (0, "")
    assert "Games: 40 (40 finished, 0 failed)" in out
    for title in ("Win rate by faction", "Win rate by seat", "Game length:", "Mean VP at the end of each round", "Failures: none"):
        assert title in out
    assert "By map: every game on fall" in out and "By difficulty: every bot at default" in out
    by_faction = out.split("Win rate by faction")[1].split("\n\n")[0]
    for faction in BOTS_ARG.split(","):
        assert re.search(rf"{faction}\s+40\s+\d+\s+{INTERVAL.pattern}", by_faction), by_faction
    for name in ("winrate_by_faction.png", "final_vp.png", "vp_by_round.png", "game_length.png"):
        png = tmp_path / "plots" / name
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 5000


def test_report_reads_a_folder_and_skips_the_vp_plot_without_trajectories(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    simulate(capsys, tmp_path / "r", games=10)
    code, out, _ = cli(capsys, "report", str(tmp_path / "r"), "--plots", str(tmp_path / "plots"))
    assert code == 0
    assert "no trajectory rows" in out and "vp_by_round.png skipped" in out
    assert sorted(p.name for p in (tmp_path / "plots").iterdir()) == ["final_vp.png", "game_length.png", "winrate_by_faction.png"]


def test_report_counts_a_game_found_twice_once(study_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first = str(sorted(study_dir.glob("games-*.parquet"))[0])
    code, out, _ = cli(capsys, "report", first, first, str(study_dir))
    assert code == 0 and "Games: 40 (" in out


def test_the_engine_version_in_rows_is_the_package_version() -> None:
    import tomllib

    import rootbotics

    pyproject = tomllib.loads((Path(__file__).parent.parent / "pyproject.toml").read_text())
    assert rootbotics.__version__ == pyproject["project"]["version"]


def test_wilson_interval() -> None:
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 and 0 < wilson(0, 10)[1] < 0.31


# -- failing games --------------------------------------------------------------------------------
def test_a_stalled_game_is_a_row_with_its_position_and_is_replayable(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = simulate(capsys, tmp_path, "--max-rounds", "7", games=12)
    assert code == 0, "failing games do not stop the run"
    table = rows(tmp_path)
    failed = [r for r in table if r["status"] == "failed"]
    assert failed and len(failed) < len(table) and len(table) == 12
    r = failed[0]
    assert r["error_type"] == "EngineFailure" and r["error_message"] == "stalled: no winner after 7 rounds"
    assert r["winner"] is None and r["rounds"] == 8
    state = serial.loads(r["position"])
    assert (state.round, state.turn, state.winner) == (8, 0, None)
    saved = next(tmp_path.glob(f"failed-*-{r['seed']}.json"))
    assert serial.load(saved).round == 8
    assert f"seed {r['seed']}: EngineFailure" in out and f"rootbotics replay {saved}" in out

    code, out, err = cli(capsys, "report", str(tmp_path))
    assert code == 0 and f"Failures: {len(failed)} of 12 games (EngineFailure: {len(failed)})" in out

    code, out, err = cli(capsys, "replay", str(saved))
    assert code == 1 and "failed again" in out
    assert "Traceback" in err and err.strip().splitlines()[-1] == "rootbotics: engine failure: EngineFailure: stalled: no winner after 7 rounds"
    code, out, err = cli(capsys, "replay", "--seed", str(r["seed"]), "--bots", BOTS_ARG, "--max-rounds", "7")
    assert code == 1 and "[4.4.1]" in out and "EngineFailure" in err


def test_an_exception_in_one_game_is_recorded_and_replayable(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bot step that raises in round 3 of game 5 only: game 5 becomes a failed row with the
    position at the start of its failing turn; the other games are played as usual."""
    bot = BOTS["eyrie"]
    real_daylight = bot.daylight

    def broken_daylight(g):  # noqa: ANN001, ANN202
        if g.state.seed == 5 and g.state.round == 3:
            raise RuntimeError("injected\nfailure")
        real_daylight(g)

    monkeypatch.setattr(bot, "daylight", broken_daylight)
    code, out, _ = simulate(capsys, tmp_path, games=8)
    assert code == 0
    table = rows(tmp_path)
    assert [r["seed"] for r in table if r["status"] != "ok"] == [5]
    r = table[4]
    assert (r["error_type"], r["error_message"]) == ("RuntimeError", "injected failure")
    assert (r["failed_faction"], r["failed_phase"], r["rounds"]) == ("eyrie", "daylight", 3)
    state = serial.loads(r["position"])
    assert (state.round, state.current, state.phase) == (3, "eyrie", "birdsong")
    saved = tmp_path / next(p.name for p in tmp_path.glob("failed-*-5.json"))

    code, out, err = cli(capsys, "replay", str(saved))
    assert code == 1 and "RuntimeError: injected" in err and "broken_daylight" in err
    code, out, err = cli(capsys, "replay", "--seed", "5", "--bots", BOTS_ARG)
    assert code == 1 and "in round 3, eyrie's daylight" in out

    monkeypatch.setattr(bot, "daylight", real_daylight)
    code, out, err = cli(capsys, "replay", str(saved), "--quiet")
    assert (code, err) == (0, "") and "No failure: the game played to its end." in out and "Winner" in out


# -- bad input ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "args, message",
    [
        (["simulate", "--bots", BOTS_ARG, "--shard", "3/2"], "--shard: expected i/N with 1 <= i <= N"),
        (["simulate", "--bots", BOTS_ARG, "--shard", "one/two"], "--shard: expected i/N"),
        (["simulate", "--bots", "marquise,gnome"], "--bots: 'gnome' is not a bot"),
        (["simulate", "--bots", "marquise"], "--bots: a game needs at least 2 bots"),
        (["simulate", "--bots", BOTS_ARG, "--games", "0"], "--games: 0 must be at least 1"),
        (["simulate", "--bots", BOTS_ARG, "--map", "moon"], "--map: 'moon' is not a map"),
        (["simulate", "--bots", BOTS_ARG, "--difficulty", "impossible"], "--difficulty: 'impossible' is not a difficulty"),
        (["report", "no-such-results/"], "no-such-results/: no such file or folder"),
        (["replay"], "replay: give a saved position FILE, or --seed and --bots"),
        (["replay", "--seed", "3", "--bots", "marquise,gnome"], "--bots: 'gnome' is not a bot"),
    ],
)
def test_bad_input_gives_one_line_and_exit_code_2(
    args: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = cli(capsys, *args)
    lines = [line for line in err.splitlines() if line.strip()]
    assert code == 2 and out == "" and len(lines) == 1 and "Traceback" not in err
    assert lines[0].startswith("rootbotics: error: ") and message in lines[0], lines[0]
    assert not (tmp_path / "results").exists(), "nothing is written for bad input"


def test_report_of_a_file_that_is_not_parquet(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "games-x.parquet"
    bad.write_text("not parquet")
    code, out, err = cli(capsys, "report", str(bad))
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and "not a Parquet file" in err


def test_the_summary_counts_file_by_file_coalitions_and_the_first_failures_by_seed(tmp_path) -> None:
    """``runner.summarise`` reads one games file at a time (issue 15: the main process stays small):
    a coalition's win counts for each of its members, the mean length is over finished games only,
    and the failures listed are the first ``FAILURES_LISTED`` by seed across all files."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    from rootbotics.sim.runner import FAILURES_LISTED, summarise

    def games_file(name: str, rows: list[tuple[int, str, str | None, int]]) -> Path:
        seed, status, winner, rounds = zip(*rows)
        table = pa.table({
            "seed": list(seed), "status": list(status), "winner": list(winner), "rounds": list(rounds),
            "turn_order": ["marquise,eyrie"] * len(rows),
            "error_type": [None if s == "ok" else "EngineFailure" for s in status],
            "error_message": [None if s == "ok" else f"seed {n}" for n, s in zip(seed, status)],
        })
        path = tmp_path / name
        pq.write_table(table, path)
        return path

    late = games_file("b.parquet", [(100 + i, "error", None, 150) for i in range(8)] + [(120, "ok", "eyrie", 9)])
    early = games_file("a.parquet", [(1, "ok", "marquise,vagabot", 7), (2, "ok", "eyrie", 5)] + [(10 + i, "error", None, 150) for i in range(5)])
    summary = summarise([late, early])
    assert (summary.games, summary.ok, summary.failed) == (16, 3, 13)
    assert summary.wins == {"eyrie": 2, "marquise": 1, "vagabot": 1}
    assert summary.mean_rounds == (7 + 5 + 9) / 3
    assert [f["seed"] for f in summary.failures] == [10, 11, 12, 13, 14, 100, 101, 102, 103, 104][:FAILURES_LISTED]
    assert summary.failures[0] == {"seed": 10, "turn_order": "marquise,eyrie", "error_type": "EngineFailure", "error_message": "seed 10"}
    assert summarise([]).games == 0
