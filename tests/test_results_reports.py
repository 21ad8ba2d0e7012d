"""Results people can build on (issue 21): each seat's counts and VP by source in the games
table agree with its final VP and with the game's events; unlike studies get one report each
(pooled only with --pool); --where selects games; a glob over a results folder skips the
manifests; the package builds as an sdist and a wheel with the right metadata."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tarfile
import zipfile
from email.parser import Parser
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from cli_helpers import cli, plain_output

from rootbotics import __version__
from rootbotics.game import new_game, play
from rootbotics.sim.study import Study, play_one
from rootbotics.sim.tally import COUNTS, Tally

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def plain_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    plain_output(monkeypatch, 140)


def test_each_seat_s_vp_by_source_adds_up_to_its_final_vp() -> None:
    study = Study(("marquise", "eyrie", "vagabot", "alliance"))
    for seed in range(1, 6):
        r = play_one(study, seed)
        assert r.status == "ok"
        for vp, counts in zip(r.vp, r.counts):
            assert vp == counts["vp_tracks"] + counts["vp_removal"] + counts["vp_crafting"] + counts["vp_special"] - counts["vp_lost"]
        assert [c for c in r.characters if c is not None] and r.characters[:2] == [None, None]


def test_the_tally_counts_what_the_events_say() -> None:
    g = new_game(Study(("eyrie", "marquise")).config(4))
    tally = Tally(("eyrie", "marquise"))
    for e in g.log:
        tally.see(e)
    g.log.listeners.append(tally.see)
    play(g)
    for f in ("eyrie", "marquise"):
        assert tally.of(f)["battles_started"] == sum(1 for e in g.log.of_kind("battle") if e.faction == f)
        assert tally.of(f)["cards_crafted"] == sum(1 for e in g.log.of_kind("craft") if e.faction == f)
        assert tally.of(f)["buildings_placed"] == sum(1 for e in g.log.of_kind("place_building") if e.faction == f)
    assert tally.of("eyrie")["battles_started"] > 0


def run(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    code, out, err = cli(capsys, *args)
    assert (code, err) == (0, ""), err
    return out


@pytest.fixture(scope="module")
def four_studies(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Four unlike studies in one folder: two line-ups, two maps, an easy Eyrie."""
    from rootbotics.cli import main

    out = tmp_path_factory.mktemp("four")
    for extra in (
        ["--bots", "marquise,eyrie"],
        ["--bots", "marquise,eyrie,alliance,vagabot"],
        ["--bots", "marquise,eyrie", "--map", "winter"],
        ["--bots", "marquise,eyrie", "--difficulty", "eyrie=easy"],
    ):
        with pytest.raises(SystemExit) as exc:
            main(["simulate", *extra, "--games", "12", "--jobs", "1", "--out", str(out), "--vp-trajectory"])
        assert exc.value.code in (0, None)
    return out


def test_the_games_table_has_the_counts_and_the_character(four_studies: Path) -> None:
    rows = [r for f in four_studies.glob("games-*.parquet") for r in pq.read_table(f).to_pylist()]
    seats = [s for r in rows for s in r["seats"]]
    assert all(s[name] is not None for s in seats for name in COUNTS)
    assert {s["character"] is not None for s in seats if s["faction"] == "vagabot"} == {True}
    assert {s["character"] for s in seats if s["faction"] != "vagabot"} == {None}


def test_four_unlike_studies_give_four_reports(four_studies: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "report", str(four_studies))
    assert out.startswith("4 studies (configurations): one report each")
    assert out.count("— Study report —") == 4
    assert out.count("Study: ") == 4 and "pooled" not in out
    assert "marquise,eyrie on winter" in out and "eyrie=easy" in out
    # No report mixes four-player and two-player games: seat 4 shows only in one.
    assert sum(1 for part in out.split("— Study report —") if "\n     4 " in part) == 1


def test_pool_reads_them_as_one(four_studies: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "report", str(four_studies), "--pool")
    assert out.count("— Study report —") == 1
    assert "Studies: 4 configurations" in out and "pooled (--pool)" in out
    assert "Games: 48 (" in out


def test_where_selects_the_games(four_studies: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "report", str(four_studies), "--where", "map=winter")
    assert out.count("— Study report —") == 1 and "Maps: winter" in out
    out = run(capsys, "report", str(four_studies), "--where", "difficulty=easy")
    assert out.count("— Study report —") == 1 and "eyrie=easy" in out
    code, _, err = cli(capsys, "report", str(four_studies), "--where", "colour=red")
    assert code == 2 and "--where: 'colour' is not a field" in err
    code, _, err = cli(capsys, "report", str(four_studies), "--where", "map")
    assert code == 2 and "--where: expected FIELD=VALUE" in err


def test_a_glob_over_the_folder_skips_the_manifests(four_studies: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert list(four_studies.glob("manifest-*.json"))
    out = run(capsys, "report", f"{four_studies}/*", "--pool")
    assert "Games: 48 (" in out


def test_vp_by_round_counts_games_not_rows(four_studies: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "report", str(four_studies), "--where", "lineup=marquise,eyrie,alliance,vagabot")
    table = out.split("Mean VP at the end of each round")[1]
    first = next(line for line in table.splitlines() if line.strip().startswith("1 "))
    assert first.split()[1] == "12"  # 12 games reached round 1, not 12 rows per faction summed


def test_vp_sources_table(four_studies: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "report", str(four_studies), "--where", "map=winter")
    assert "Where the VP come from" in out
    assert any(line.strip().startswith("eyrie ") and len(line.split()) == 11 for line in out.split("Where the VP come from")[1].splitlines())


def test_the_package_builds_with_its_metadata(tmp_path: Path) -> None:
    """python -m build: an sdist and a wheel named for the version, with the licence as an SPDX
    expression (no deprecated table), the extras and the console script."""
    pytest.importorskip("build")
    work = tmp_path / "src"
    shutil.copytree(ROOT, work, ignore=shutil.ignore_patterns(".venv", ".git", "*.egg-info", "build", "dist", "__pycache__", ".pytest_cache"))
    done = subprocess.run([sys.executable, "-m", "build", "--outdir", str(tmp_path / "dist"), str(work)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "deprecated" not in (done.stdout + done.stderr).lower()
    sdist = tmp_path / "dist" / f"rootbotics-{__version__}.tar.gz"
    wheel = tmp_path / "dist" / f"rootbotics-{__version__}-py3-none-any.whl"
    with zipfile.ZipFile(wheel) as z:
        meta = Parser().parsestr(z.read(f"rootbotics-{__version__}.dist-info/METADATA").decode())
        names = z.namelist()
        entry = z.read(f"rootbotics-{__version__}.dist-info/entry_points.txt").decode()
    assert meta["Name"] == "rootbotics" and meta["Version"] == __version__
    assert meta["License-Expression"] == "MIT"
    assert meta["Requires-Python"] == ">=3.11"
    assert {"cli", "sim", "dev"} <= set(meta.get_all("Provides-Extra"))
    assert "rootbotics = rootbotics.cli:main" in entry
    assert "rootbotics/data/deck.json" in names and "rootbotics/stream.py" in names
    with tarfile.open(sdist) as t:
        assert f"rootbotics-{__version__}/pyproject.toml" in t.getnames()
