"""``make bench``'s web section renders bot steps of both pages (its timings are not asserted)."""

from __future__ import annotations

import pytest

pytest.importorskip("fastapi")

from rootbotics.web import bench  # noqa: E402


def test_the_web_bench_renders_bot_steps_of_a_table_game_and_a_watched_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert len(bench.table_step_times(4)) == 4 and len(bench.watch_step_times(4)) == 4
    assert bench.p95([float(n) for n in range(1, 101)]) == 95.0
    assert bench.main(["--steps", "3"]) == 0
    out = capsys.readouterr().out
    assert "table game (board after the step)" in out and "watched bot game" in out and "p95" in out
