"""make bench's comparison of the pure and compiled builds against issue 15's goals
(``sim.bench --json`` and ``sim.bench_compare``). Nothing here times anything: the figures are
written by hand, or taken from a one-game run whose speed is not looked at."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rootbotics.sim import bench, bench_compare
from rootbotics.sim.bench_compare import CLOCKWORK_1, Figure

LIZARDS = "lizards,marquise,eyrie,alliance@fall"


def write(path: Path, rows: dict[str, tuple[float, float | None]], compiled: list[str]) -> str:
    lineups = [{"name": n, "per_cpu": v, "chess_ratio": r} for n, (v, r) in rows.items()]
    path.write_text(json.dumps({"python": "3.11", "compiled": compiled, "lineups": lineups}))
    return str(path)


def test_a_figure_meets_a_goal_by_rate_or_by_chess_ratio() -> None:
    assert Figure(301.0, None).meets(300)
    assert not Figure(299.0, None).meets(300)
    assert Figure(250.0, 4.0).meets(300)  # a busy machine: 4.0 >= 300/76
    assert not Figure(250.0, 3.29).meets(300)


def test_the_verdict_names_each_goal_for_each_build(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pure = write(tmp_path / "pure.json", {CLOCKWORK_1: (250.0, 3.29), LIZARDS: (190.0, 2.5)}, [])
    fast = write(tmp_path / "mypyc.json", {CLOCKWORK_1: (330.0, 4.34), LIZARDS: (240.0, 3.16)}, ["rootbotics.core.rules"])
    assert bench_compare.main([pure, fast]) == 0
    out = capsys.readouterr().out
    assert "pure: Clockwork 1 on Fall 250.0 per CPU second (goal 300, ratio 3.95): NOT met" in out
    assert f"pure: under the floor (goal 200, ratio 2.63): {LIZARDS}" in out
    assert "mypyc: Clockwork 1 on Fall 330.0 per CPU second (goal 300, ratio 3.95): met" in out
    assert "mypyc: every line-up at or above the floor" in out
    assert "+32%" in out  # 330 / 250


def test_pure_only_says_the_compiled_build_was_not_made(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pure = write(tmp_path / "pure.json", {CLOCKWORK_1: (310.0, None)}, [])
    assert bench_compare.main([pure]) == 0
    out = capsys.readouterr().out
    assert "Clockwork 1 on Fall 310.0 per CPU second (goal 300, ratio 3.95): met" in out
    assert "mypyc: not benched" in out


def test_a_compiled_file_without_compiled_modules_is_refused(tmp_path: Path) -> None:
    pure = write(tmp_path / "pure.json", {CLOCKWORK_1: (250.0, None)}, [])
    with pytest.raises(SystemExit, match="no compiled module was loaded"):
        bench_compare.main([pure, pure])


def test_a_malformed_file_is_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"lineups": [{"name": 1}]}')
    with pytest.raises(SystemExit, match=r"bad\.json: not a bench --json file \(KeyError"):
        bench_compare.main([str(bad)])


def test_bench_json_holds_every_benched_lineup(tmp_path: Path) -> None:
    out = tmp_path / "pure.json"
    argv = ["--only", "vagabot@fall", "--games", "1", "--passes", "1", "--explained", "0", "--chess", "0", "--profile", "0"]
    assert bench.main([*argv, "--json", str(out)]) == 0
    doc = json.loads(out.read_text())
    assert [row["name"] for row in doc["lineups"]] == [CLOCKWORK_1]
    row = doc["lineups"][0]
    assert row["per_cpu"] > 0 and row["chess_ratio"] is None and row["failed"] == 0
    assert doc["compiled"] == bench.compiled_modules()  # none in the pure package
    assert bench_compare.load_build(str(out), "pure").figures[CLOCKWORK_1].per_cpu == row["per_cpu"]


def test_bench_study_times_a_whole_simulate_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """make bench-study: simulate in a process of its own, its time and both peaks printed."""
    from rootbotics.sim import bench_study

    out = tmp_path / "study"
    assert bench_study.main(["--games", "6", "--jobs", "1", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "Study: 6 games of marquise,eyrie,alliance,vagabot on fall, 1 worker process," in printed
    for label in ("wall clock", "CPU, all processes", "main process CPU", "main process peak", "largest worker peak", "result files"):
        assert label in printed
    assert list(out.glob("games-*.parquet"))  # the study's own files, kept with --out
    peaks = json.loads((out / "peaks.json").read_text())
    assert peaks["exit_code"] == 0 and peaks["main_kib"] > 0


def test_bench_study_refuses_a_folder_in_use(tmp_path: Path) -> None:
    from rootbotics.sim import bench_study

    with pytest.raises(SystemExit):
        bench_study.main(["--games", "6", "--out", str(tmp_path)])
