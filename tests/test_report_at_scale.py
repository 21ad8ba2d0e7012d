"""``rootbotics report`` at any size (issue "Studies beyond one machine", part 4): the report's
queries run in DuckDB over the files, never row by row in Python, so its memory stays flat from
ten thousand to ten million rows. A synthetic study is made by the test: the rows of a real
4,000-game study repeated under new seeds. Marked ``soak`` (``make soak``): writing and reading
ten million rows takes minutes."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

from rootbotics.sim.results import GAMES_SCHEMA  # noqa: E402
from rootbotics.sim.runner import plan_chunks, run_study  # noqa: E402
from rootbotics.sim.study import Study  # noqa: E402

SEED_GAMES = 4000
BATCH = 40  # copies of the seed study per file: 160,000 rows


def grow(source: Path, out: Path, rows: int) -> None:
    """``rows`` games rows: the source study's rows again and again, each copy under new seeds."""
    table = pa.concat_tables([pq.read_table(p) for p in sorted(source.glob("games-*.parquet"))])
    copies = rows // table.num_rows
    out.mkdir()
    for start in range(0, copies, BATCH):
        parts = []
        for k in range(start, min(copies, start + BATCH)):
            seeds = pa.compute.add(table["seed"], k * 10_000_000)
            parts.append(table.set_column(table.schema.get_field_index("seed"), "seed", seeds))
        pq.write_table(pa.concat_tables(parts).cast(GAMES_SCHEMA), out / f"games-synthetic-{start}.parquet")


def peak_report_memory(folder: Path) -> int:
    """The peak resident memory (KiB) of ``rootbotics report`` run on ``folder``, in its own process."""
    code = (
        "import resource, sys; from rootbotics.cli import run; "
        f"rc = run(['report', {str(folder)!r}, '--pool']); "
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr); sys.exit(rc)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=3600)
    assert done.returncode == 0, done.stderr[-2000:]
    return int(done.stderr.strip().splitlines()[-1])


@pytest.mark.soak
def test_the_reports_memory_stays_flat_from_ten_thousand_to_ten_million_rows(tmp_path: Path) -> None:
    seed = tmp_path / "seed"
    run_study(Study(bots=("marquise", "eyrie", "alliance", "vagabot")), plan_chunks(1, SEED_GAMES, 500), seed, jobs=2)
    grow(seed, tmp_path / "small", 10_000 - 10_000 % SEED_GAMES or SEED_GAMES)
    grow(seed, tmp_path / "large", 10_000_000)
    small, large = peak_report_memory(tmp_path / "small"), peak_report_memory(tmp_path / "large")
    print(f"report peak memory: {small / 1024:.0f} MiB at about 10k rows, {large / 1024:.0f} MiB at 10M rows")
    assert large < 2 * small + 200 * 1024  # flat: not a thousand times more rows' worth of memory
