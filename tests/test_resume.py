"""Issue 18, items 5 and 7: a re-run of `simulate` trusts only sound chunk files, plans its chunks
lazily, and a killed `soak` resumes from the progress it wrote as it went."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from cli_helpers import cli, plain_output

from rootbotics import soak as S
from rootbotics.factions import PLAYABLE_BOTS
from rootbotics.sim import runner

SRC = str(Path(__file__).resolve().parents[1] / "src")
BOTS_ARG = ",".join(PLAYABLE_BOTS[:2])


@pytest.fixture(autouse=True)
def plain_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    plain_output(monkeypatch, 120)


def simulate(capsys: pytest.CaptureFixture[str], out: Path, games: int = 20) -> tuple[int, str, str]:
    return cli(capsys, "simulate", "--bots", BOTS_ARG, "--games", str(games), "--seed", "1", "--jobs", "1",
               "--out", str(out), "--chunk-size", "5")  # fmt: skip


# -- simulate: chunks on a re-run (item 5) --------------------------------------------------------
def test_truncated_empty_or_short_chunks_are_played_again_not_counted(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, _ = simulate(capsys, tmp_path)
    assert code == 0
    files = sorted(tmp_path.glob("games-*.parquet"), key=lambda p: int(p.stem.rsplit("-", 2)[1]))
    assert len(files) == 4
    truncated, empty, short = files[0], files[1], files[2]
    truncated.write_bytes(truncated.read_bytes()[: truncated.stat().st_size // 2])  # footer gone
    empty.write_bytes(b"")
    pq.write_table(pq.read_table(short).slice(0, 3), short)  # a sound file with 3 of its 5 games
    code, out, err = simulate(capsys, tmp_path)
    assert code == 0, err
    assert "Played 15 games" in out and "5 were already on disk" in out
    seeds = sorted(s for f in tmp_path.glob("games-*.parquet") for s in pq.read_table(f).column("seed").to_pylist())
    assert seeds == list(range(1, 21))


def test_the_chunk_plan_of_an_absurd_study_is_not_built_in_memory() -> None:
    tracemalloc.start()
    try:
        plan = runner.plan_chunks(1, 10**9, 1)
        assert len(plan) == 10**9
        assert plan[0] == (1, 1) and plan[-1] == (10**9, 10**9)
        assert (7, 7) in plan and (7, 8) not in plan
        assert list(zip(range(3), plan)) == [(0, (1, 1)), (1, (2, 2)), (2, (3, 3))]
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 1_000_000


def _rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads the process table in /proc")
def test_a_billion_one_game_chunks_start_at_once_in_little_memory(tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=SRC)
    args = ["-m", "rootbotics", "simulate", "--bots", BOTS_ARG, "--games", str(10**9), "--jobs", "2", "--chunk-size", "1",
            "--out", str(tmp_path / "o")]  # fmt: skip
    main = subprocess.Popen([sys.executable, *args], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(1200):  # the first one-game chunks are written within seconds
            time.sleep(0.1)
            if len(list((tmp_path / "o").glob("games-*.parquet"))) >= 4 or main.poll() is not None:
                break
        rss = _rss_kib(main.pid)
        written = len(list((tmp_path / "o").glob("games-*.parquet")))
    finally:
        main.send_signal(signal.SIGKILL)  # its workers leave with it (test_orphans.py)
        main.wait()
    assert written >= 4, "no chunk written: the plan was built before playing"
    assert rss < 400_000, f"main process holds {rss} KiB"


# -- soak: progress as it goes (item 7) -----------------------------------------------------------
def test_a_soak_writes_its_progress_and_plays_only_what_is_missing(tmp_path: Path) -> None:
    first = S.soak(12, jobs=1, seed=5, out_dir=str(tmp_path), chunk=4)
    assert first.games == 12 and first.played == 12 and first.skipped == 0 and not first.failures
    progress = json.loads(S.progress_path(str(tmp_path), 5).read_text())
    assert progress["done"] == [[0, 12]] and progress["failures"] == []
    again = S.soak(20, jobs=1, seed=5, out_dir=str(tmp_path), chunk=4)
    assert (again.games, again.played, again.skipped) == (20, 8, 12)


def test_a_soak_keeps_its_failures_across_a_resume(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = S.run_one

    def fail_game_2(seed: int, index: int, out_dir: str | None, programs: str = "half") -> S.SoakResult:
        return S.SoakResult(index, 99, False, 0, "ValueError: deliberate") if index == 2 else real(seed, index, out_dir, programs)

    monkeypatch.setattr(S, "run_one", fail_game_2)
    first = S.soak(4, jobs=1, seed=5, out_dir=str(tmp_path), chunk=4)
    assert [r.index for r in first.failures] == [2]
    monkeypatch.setattr(S, "run_one", real)
    again = S.soak(8, jobs=1, seed=5, out_dir=str(tmp_path), chunk=4)
    assert again.played == 4 and [r.index for r in again.failures] == [2]
    assert "failing seeds: 99" in "\n".join(S.summary(again, 1.0))


def test_a_soak_with_a_damaged_progress_file_says_so_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    S.progress_path(str(tmp_path), 1).write_text("{not json")
    code, out, err = cli(capsys, "soak", "--games", "2", "--jobs", "1", "--out", str(tmp_path))
    assert code == 2 and len(err.strip().splitlines()) == 1 and "soak-progress" in err


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="kills a process")
def test_a_soak_killed_with_kill_9_resumes_where_it_stopped(tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=SRC)
    out = tmp_path / "f"
    command = [sys.executable, "-m", "rootbotics.soak", "--games", "40", "--jobs", "2", "--chunk", "3", "--every", "3", "--seed", "4", "--out", str(out)]
    main = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    progress = S.progress_path(str(out), 4)
    done = 0
    try:
        for _ in range(1200):
            time.sleep(0.1)
            if progress.exists():
                done = sum(b - a for a, b in json.loads(progress.read_text())["done"])
                if done >= 6:
                    break
    finally:
        main.send_signal(signal.SIGKILL)
        main.wait()
    assert 6 <= done < 40, f"{done} games recorded before the kill"
    kept = sum(b - a for a, b in json.loads(progress.read_text())["done"])
    again = subprocess.run(command, env=env, capture_output=True, text=True, timeout=600)
    assert again.returncode == 0, again.stdout + again.stderr
    assert f"{kept} already done" in again.stdout and f"{40 - kept} games played" in again.stdout
    assert json.loads(progress.read_text())["done"] == [[0, 40]]
