"""Every table of `rootbotics report` as data (--json, --csv), --by FIELD, and the comparison
statistics (issue 21, items 3 and 4): the final-VP distribution, the margin of victory and the
head-to-head matrix agree with the same numbers counted in Python from the games' rows."""

from __future__ import annotations

import csv
import json
import statistics
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from cli_helpers import cli, plain_output

pytest.importorskip("duckdb")


@pytest.fixture(autouse=True)
def plain_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    plain_output(monkeypatch, 140)


@pytest.fixture(scope="module")
def grid(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two studies: a four-player line-up at two difficulties."""
    from rootbotics.cli import main

    out = tmp_path_factory.mktemp("grid")
    with pytest.raises(SystemExit) as exc:
        main(["simulate", "--bots", "marquise,eyrie,alliance,vagabot", "--difficulty", "default,easy", "--games", "16", "--jobs", "1", "--out", str(out), "--vp-trajectory"])
    assert exc.value.code in (0, None)
    return out


def games(folder: Path, study: str) -> list[dict]:
    return [r for f in folder.glob(f"games-{study}-*.parquet") for r in pq.read_table(f).to_pylist() if r["status"] == "ok"]


def report_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    code, out, err = cli(capsys, "report", *args, "--json")
    assert (code, err) == (0, ""), err
    return json.loads(out)


def table(report: dict, name: str) -> dict:
    return next(t for t in report["tables"] if t["name"] == name)


def test_json_has_every_table_of_each_study_with_typed_values(grid: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = report_json(capsys, str(grid))
    assert doc["format"] == 1 and len(doc["reports"]) == 2
    for report in doc["reports"]:
        names = [t["name"] for t in report["tables"]]
        for name in ("win_rate_by_faction", "win_rate_by_seat", "game_length", "final_score_by_faction", "vp_sources",
                     "final_vp_distribution", "margin_of_victory", "head_to_head", "vp_by_round"):  # fmt: skip
            assert name in names
        rates = table(report, "win_rate_by_faction")
        assert rates["columns"] == ["faction", "games", "wins", "win_rate", "ci95_low", "ci95_high"]
        assert sum(row[2] for row in rates["rows"]) >= report["finished"]
        assert all(isinstance(row[3], float) and row[4] <= row[3] <= row[5] for row in rates["rows"])
        assert list(report["studies"]) == [report["id"]]


def test_final_vp_distribution_margin_and_head_to_head_match_the_rows(grid: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report = report_json(capsys, str(grid))["reports"][0]
    rows = games(grid, report["id"])
    seats = [s for r in rows for s in r["seats"]]
    dist = {row[0]: row for row in table(report, "final_vp_distribution")["rows"]}
    for faction, row in dist.items():
        vps = [s["vp"] for s in seats if s["faction"] == faction]
        assert row[1:4] == [len(vps), min(vps), statistics.quantiles(vps, n=4, method="inclusive")[0]]
        assert row[4] == statistics.median(vps) and row[6] == max(vps)
    margins = []
    for r in rows:
        won = [s for s in r["seats"] if s["won"]]
        if len(won) == 1:
            margins.append(won[0]["vp"] - max(s["vp"] for s in r["seats"] if not s["won"]))
    overall = table(report, "margin_of_victory")["rows"][-1]
    assert overall[0] == "all" and overall[1] == len(margins) and overall[2] == pytest.approx(statistics.mean(margins))
    for faction, opponent, together, ahead, tied in table(report, "head_to_head")["rows"]:
        count = tie = 0
        for r in rows:
            a, b = (next(s for s in r["seats"] if s["faction"] == f) for f in (faction, opponent))
            count += (a["won"] and not b["won"]) or (a["won"] == b["won"] and a["vp"] > b["vp"])
            tie += a["won"] == b["won"] and a["vp"] == b["vp"]
        assert (together, ahead, tied) == (len(rows), count, tie)


def test_the_head_to_head_matrix_has_an_empty_diagonal_and_shares_that_add_up(grid: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "report", str(grid), "--where", "difficulty=easy")
    assert code == 0
    assert "Final VP distribution by faction" in out and "Margin of victory" in out
    lines = out.split("Head to head")[1].split("\n\n")[0].splitlines()
    assert lines[1].split()[:2] == ["faction", "vs"]
    cells = {line.split()[0]: line.split()[1:] for line in lines[3:]}
    names = sorted(cells)
    assert len(names) == 4 and all(cells[f][i] == "-" for i, f in enumerate(names))
    for i, a in enumerate(names):
        for j, b in enumerate(names[i + 1 :], start=i + 1):
            assert float(cells[a][j].rstrip("%")) + float(cells[b][i].rstrip("%")) <= 100.05  # ties are neither's


def test_by_compares_the_studies_by_a_field(grid: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, "report", str(grid), "--by", "difficulty")
    assert code == 0, err
    assert out.count("— Study report —") == 1 and "compared by difficulty (--by)" in out
    block = out.split("Win rate by difficulty and faction")[1].split("\n\n")[0]
    assert {line.split()[0] for line in block.splitlines()[3:]} == {"default", "easy"}
    report = report_json(capsys, str(grid), "--by", "difficulty", "--by", "seat")["reports"][0]
    assert report["id"] == "by-difficulty-seat"
    rows = table(report, "win_rate_by_difficulty_and_faction")["rows"]
    assert {r[0] for r in rows} == {"default", "easy"} and {r[1] for r in rows} == {"marquise", "eyrie", "alliance", "vagabot"}
    assert sum(r[2] for r in rows) == 4 * report["finished"]
    assert table(report, "final_vp_by_seat_and_faction")["columns"][:2] == ["seat", "faction"]
    code, _, err = cli(capsys, "report", str(grid), "--by", "colour")
    assert code == 2 and "--by: 'colour' is not a field to group by" in err


def test_csv_writes_a_file_per_table(grid: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = cli(capsys, "report", str(grid), "--csv", str(tmp_path / "csv"))
    assert code == 0, err
    files = sorted((tmp_path / "csv").glob("*.csv"))
    assert len(files) == out.count("Wrote ") and len(files) >= 20
    with open(next(f for f in files if f.name.endswith("-win_rate_by_faction.csv"))) as fh:
        rows = list(csv.reader(fh))
    assert rows[0] == ["faction", "games", "wins", "win_rate", "ci95_low", "ci95_high"] and len(rows) == 5
    (tmp_path / "file").write_text("x")
    code, out, err = cli(capsys, "report", str(grid), "--csv", str(tmp_path / "file"))
    assert code == 2 and "--csv: " in err and out == ""


def test_every_plot_is_written_and_its_caption_names_the_studies(grid: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from rootbotics.sim.plots import PLOT_FILES, caption
    from rootbotics.sim.report import Results

    code, out, err = cli(capsys, "report", str(grid), "--pool", "--plots", str(tmp_path / "plots"))
    assert code == 0, err
    assert sorted(p.name for p in (tmp_path / "plots").iterdir()) == sorted(PLOT_FILES)
    res = Results([str(grid)])
    keys = res.distinct("study")
    text = caption(res)
    assert len(keys) == 2 and all(key in text for key in keys) and "eyrie=easy" in text and text.startswith("2 studies (32 finished games)")
