"""``rootbotics report`` reads results of any size in flat memory (issue 16, part 4): the rows
stay in the Parquet files (DuckDB views), DuckDB's memory is capped and spills, and the medians,
quartiles and box plots come from histograms. A synthetic folder of 1 million games rows (in
``make test``) or 10 million (the soak) is reported, plots included, in a child process whose
peak resident memory must stay under ``PEAK_BOUND``. The quantiles from histograms are checked
against DuckDB's own ``quantile_cont``.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

duckdb = pytest.importorskip("duckdb")
pytest.importorskip("matplotlib")

from synthetic_results import write_synthetic  # noqa: E402

from rootbotics.sim.quantiles import box_stats, quantile  # noqa: E402

PEAK_BOUND_MB = 1024  # the whole report process: Python, DuckDB, pyarrow, matplotlib and the data


# A fresh Python runs the report as its only child and prints the child's peak RSS (KiB on
# Linux), so no other child of the test process can stand in the measure.
MEASURE = """
import resource, subprocess, sys
run = subprocess.run([sys.executable, "-m", "rootbotics", "report", *sys.argv[1:]], capture_output=True, text=True)
sys.stdout.write(run.stdout)
sys.stderr.write(run.stderr)
print(f"peak-kib {resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}")
sys.exit(run.returncode)
"""


def report_peak_mb(folder: Path, tmp_path: Path) -> tuple[float, str]:
    """Run the report with its plots in a child process; its peak RSS (MiB) and its output."""
    run = subprocess.run(
        [sys.executable, "-c", MEASURE, str(folder), "--plots", str(tmp_path / "plots")], capture_output=True, text=True, timeout=3600
    )
    assert run.returncode == 0, run.stderr
    text, _, peak = run.stdout.rpartition("peak-kib ")
    return int(peak) / 1024, text


def check_report(rows: int, tmp_path: Path) -> None:
    write_synthetic(tmp_path / "results", rows)
    peak, text = report_peak_mb(tmp_path / "results", tmp_path)
    assert f"Games: {rows} ({rows} finished, 0 failed)" in text
    assert "Head to head" in text and "Margin of victory" in text
    for name in ("winrate_by_faction.png", "final_vp.png", "game_length.png"):
        assert (tmp_path / "plots" / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert peak < PEAK_BOUND_MB, f"the report of {rows} rows peaked at {peak:.0f} MiB"


def test_report_of_a_million_rows_stays_under_the_memory_bound(tmp_path: Path) -> None:
    check_report(1_000_000, tmp_path)


@pytest.mark.soak
def test_report_of_ten_million_rows_stays_under_the_memory_bound(tmp_path: Path) -> None:
    check_report(10_000_000, tmp_path)


@pytest.mark.parametrize("values", [[7], [1, 2], [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5], [0, 30, 30, 30, 12, -2, 17, 17]])
def test_quantiles_from_a_histogram_equal_duckdbs_quantile_cont(values: list[int]) -> None:
    con = duckdb.connect()
    con.execute("CREATE TABLE t AS SELECT unnest($v) AS v", {"v": values})
    hist = dict(con.execute("SELECT histogram(v) FROM t").fetchone()[0])
    for q in (0.25, 0.5, 0.75):
        assert quantile(hist, q) == pytest.approx(con.execute(f"SELECT quantile_cont(v, {q}) FROM t").fetchone()[0])


def test_box_stats_match_matplotlibs_own() -> None:
    """The box drawn from a histogram is the one matplotlib computes from every value."""
    from matplotlib.cbook import boxplot_stats

    values = [0, 30, 30, 30, 12, -2, 17, 17, 18, 19, 20, 21, 60]
    hist: dict[int, int] = {}
    for v in values:
        hist[v] = hist.get(v, 0) + 1
    ours, theirs = box_stats(hist, "x"), boxplot_stats(values)[0]
    for key in ("q1", "med", "q3", "mean", "whislo", "whishi"):
        assert ours[key] == pytest.approx(theirs[key]), key
    assert sorted(ours["fliers"]) == sorted(set(theirs["fliers"]))


def test_games_found_in_two_files_are_counted_once(tmp_path: Path) -> None:
    """The only case where rows are copied (into DuckDB's spilling storage): the same games in
    files of two chunkings. The report equals that of one copy, and says how many were doubled."""
    import json

    write_synthetic(tmp_path / "once", 1000, per_file=500)
    write_synthetic(tmp_path / "twice", 1000, per_file=500)
    write_synthetic(tmp_path / "twice", 1000, per_file=250)  # other names, the same games
    reports = {}
    for name in ("once", "twice"):
        run = subprocess.run([sys.executable, "-m", "rootbotics", "report", str(tmp_path / name), "--json"], capture_output=True, text=True)
        assert run.returncode == 0, run.stderr
        reports[name] = json.loads(run.stdout)["reports"][0]
    assert reports["once"]["duplicates"] == 0 and reports["twice"]["duplicates"] == 1000
    assert reports["twice"]["games"] == 1000
    assert reports["twice"]["tables"] == reports["once"]["tables"]
