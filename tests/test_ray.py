"""Studies on Ray (issue "Studies beyond one machine"): a local Ray runtime on two CPUs plays a
study's chunks as tasks and writes the same rows as the process pool, byte for byte; a study
stopped part-way is completed by running it again, with no game lost or counted twice; the
manifest says which node ran which chunks. Skipped where Ray is not installed (``make test``
installs it with the dev extra)."""

from __future__ import annotations

from pathlib import Path

import pytest

ray = pytest.importorskip("ray")
pytestmark = pytest.mark.xdist_group("ray")  # one Ray runtime at a time on this machine's cores

from rootbotics.sim import runner  # noqa: E402
from rootbotics.sim.digest import rows_digest  # noqa: E402
from rootbotics.sim.ray_runner import LOCAL, RayUnavailable, ray_backend, start_ray  # noqa: E402
from rootbotics.sim.study import Study  # noqa: E402

GAMES = 2000


def study() -> Study:
    return Study(bots=("marquise", "eyrie", "alliance", "vagabot"), map="fall")


def test_an_unreachable_cluster_is_one_line() -> None:
    if ray.is_initialized():
        pytest.skip("a Ray runtime is already running in this process")
    with pytest.raises(RayUnavailable, match=r"^--ray ray://127\.0\.0\.1:1: cannot start or reach Ray"):
        start_ray("ray://127.0.0.1:1", 1)


def test_an_unreachable_cluster_on_the_command_line_is_one_line_and_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    if ray.is_initialized():
        pytest.skip("a Ray runtime is already running in this process")
    from cli_helpers import cli

    code, out, err = cli(capsys, "simulate", "--bots", "marquise,eyrie", "--games", "10", "--out", str(tmp_path), "--ray", "ray://127.0.0.1:1")
    assert code == 2
    assert err.strip().count("\n") == 0 and "--ray ray://127.0.0.1:1: cannot start or reach Ray" in err


@pytest.fixture(scope="module")
def local_ray():
    try:
        start_ray(LOCAL, 2)
    except RayUnavailable as exc:  # a machine where Ray cannot start its runtime: say so
        pytest.skip(str(exc))
    yield
    ray.shutdown()


def test_a_study_on_ray_writes_the_process_pools_rows_byte_for_byte(tmp_path: Path, local_ray: None) -> None:
    chunks = list(runner.plan_chunks(1, GAMES, 100))
    pool = runner.run_study(study(), chunks, tmp_path / "pool", jobs=2, trajectory=True)
    on_ray = runner.run_study(study(), chunks, tmp_path / "ray", jobs=2, trajectory=True, backend=ray_backend(LOCAL, 2))
    assert pool.played == on_ray.played == GAMES
    assert rows_digest(tmp_path / "pool") == rows_digest(tmp_path / "ray")
    assert sorted(c for node in on_ray.nodes.values() for c in node) == chunks  # every chunk ran, once


def test_a_stopped_ray_study_is_completed_by_running_it_again(tmp_path: Path, local_ray: None) -> None:
    chunks = list(runner.plan_chunks(1, 400, 50))
    whole = runner.run_study(study(), chunks, tmp_path / "whole", jobs=1)
    half = tmp_path / "half"
    runner.run_study(study(), chunks[:3], half, jobs=1)  # as if stopped after three chunks
    again = runner.run_study(study(), chunks, half, jobs=2, backend=ray_backend(LOCAL, 2))
    assert again.skipped == 150 and again.played == 250  # no game played twice, none lost
    assert whole.played == 400 and rows_digest(tmp_path / "whole") == rows_digest(half)


def test_the_manifest_says_which_node_ran_which_chunks(tmp_path: Path, local_ray: None) -> None:
    import json
    from datetime import datetime, timezone

    chunks = list(runner.plan_chunks(1, 60, 20))
    result = runner.run_study(study(), chunks, tmp_path, jobs=2, backend=ray_backend(LOCAL, 2))
    path = runner.manifest_path(tmp_path, study(), 1, 60)
    runner.write_manifest(path, study(), (1, 60), None, 2, 20, False, result, datetime.now(timezone.utc), argv=["test"])
    by_node = json.loads(path.read_text())["chunks_by_node"]
    assert sorted(c for chunks_ in by_node.values() for c in chunks_) == ["1-20", "21-40", "41-60"]


def test_simulate_with_ray_on_the_command_line_writes_the_pools_rows(tmp_path: Path, local_ray: None, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from cli_helpers import cli, plain_output

    plain_output(monkeypatch)
    common = ("simulate", "--bots", "marquise,eyrie", "--games", "120", "--chunk-size", "30", "--jobs", "2")
    code, out, err = cli(capsys, *common, "--out", str(tmp_path / "ray"), "--ray", "local")
    assert code == 0, err
    assert "on Ray (local)" in out
    code, _, err = cli(capsys, *common, "--out", str(tmp_path / "pool"))
    assert code == 0, err
    assert rows_digest(tmp_path / "ray") == rows_digest(tmp_path / "pool")


def descendants(pid: int) -> list[int]:
    """The processes started, directly or not, by process ``pid`` (from /proc)."""
    parents: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(stat.parent.name)] = int(fields[1])
    found, frontier = [], [pid]
    while frontier:
        children = [p for p, parent in parents.items() if parent in frontier]
        found += children
        frontier = children
    return found


def busy_chunk_worker() -> int | None:
    """A Ray worker of this process's runtime while it plays a chunk (Ray names the process after
    the task it runs), or None."""
    import os

    for pid in descendants(os.getpid()):
        try:
            title = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ")
        except OSError:
            continue
        if title.startswith(b"ray::run_chunk_on_node"):
            return pid
    return None


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="finds Ray's workers through /proc")
def test_a_ray_worker_killed_mid_chunk_loses_no_game_and_plays_none_twice(tmp_path: Path, local_ray: None) -> None:
    """kill -9 of the worker playing a chunk: Ray plays the chunk again on another worker, the
    study completes, and its rows are those of the study played on the process pool."""
    import os
    import signal
    import threading
    import time

    chunks = list(runner.plan_chunks(1, 240, 40))
    outcome: dict[str, runner.RunResult] = {}
    play = lambda: outcome.setdefault("ray", runner.run_study(study(), chunks, tmp_path / "ray", jobs=2, backend=ray_backend(LOCAL, 2)))  # noqa: E731
    driver = threading.Thread(target=play)
    driver.start()
    killed = None
    while driver.is_alive() and killed is None:
        killed = busy_chunk_worker()
        time.sleep(0.02)
    assert killed is not None, "no worker was seen playing a chunk"
    os.kill(killed, signal.SIGKILL)
    driver.join(timeout=900)
    assert not driver.is_alive()
    result = outcome["ray"]
    assert result.played == 240 and not result.interrupted
    assert sorted(c for node in result.nodes.values() for c in node) == chunks  # each chunk reported once
    runner.run_study(study(), chunks, tmp_path / "pool", jobs=2)
    assert rows_digest(tmp_path / "ray") == rows_digest(tmp_path / "pool")  # no game lost, none twice
