"""``rootbotics report --rule-sets``: a Better Bot Project bot against its official counterpart in
the same line-up (sim/compare.py): win rates with Wilson intervals, their difference, VP per round."""

from __future__ import annotations

from pathlib import Path

import pyarrow.parquet as pq
import pytest
from cli_helpers import cli, plain_output

from rootbotics.sim.rule_sets import comparisons, counterpart
from rootbotics.sim.report import Results, wilson


@pytest.fixture(autouse=True)
def plain_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    plain_output(monkeypatch, 160)


def simulate(capsys, out: Path, bots: str, games: int = 6) -> None:
    code, _, err = cli(capsys, "simulate", "--bots", bots, "--games", str(games), "--seed", "3", "--jobs", "1", "--rotate-seats", "--out", str(out))
    assert code == 0, err


def test_counterpart_replaces_only_that_seat() -> None:
    assert counterpart("marquise@bbp,eyrie@bbp,alliance", "eyrie", "bbp") == "marquise@bbp,eyrie,alliance"
    assert counterpart("marquise@bbp,eyrie", "marquise", "bbp") == "marquise,eyrie"


def test_report_compares_a_bbp_bot_with_its_official_counterpart(capsys, tmp_path: Path) -> None:
    simulate(capsys, tmp_path, "eyrie@bbp,marquise")
    simulate(capsys, tmp_path, "eyrie,marquise")
    simulate(capsys, tmp_path, "eyrie@bbp,marquise@bbp")  # its Marquise pairs with the first line-up's
    pairs = comparisons(Results([str(tmp_path)]))
    assert [(p.faction, p.other.lineup, p.law.lineup) for p in pairs] == [
        ("eyrie", "eyrie@bbp,marquise", "eyrie,marquise"),
        ("marquise", "eyrie@bbp,marquise@bbp", "eyrie@bbp,marquise"),
    ]
    # the numbers are the rows' own
    rows = [r for f in tmp_path.glob("games-*.parquet") for r in pq.read_table(f).to_pylist() if r["lineup"] == "eyrie@bbp,marquise"]
    seat = [next(s for s in r["seats"] if s["faction"] == "eyrie") for r in rows]
    p = pairs[0]
    assert p.other.rate.games == 6 and p.other.rate.wins == sum(s["won"] for s in seat)
    assert p.other.rate.interval == wilson(p.other.rate.wins, 6)
    assert p.other.vp_per_round == pytest.approx(sum(s["vp"] / r["rounds"] for s, r in zip(seat, rows)) / 6)
    d, lo, hi = p.difference()
    assert lo <= d <= hi and d == pytest.approx(p.other.rate.rate - p.law.rate.rate)
    code, out, err = cli(capsys, "report", "--rule-sets", str(tmp_path), "--plots", str(tmp_path / "plots"))
    assert code == 0, err
    assert (tmp_path / "plots" / "rule_sets.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "Rule sets: each bot against its official counterpart" in out
    assert "eyrie on fall: bbp minus law" in out and "VP/round" in out


def test_report_says_when_no_counterpart_is_loaded(capsys, tmp_path: Path) -> None:
    simulate(capsys, tmp_path, "alliance@bbp,marquise", games=2)
    code, out, err = cli(capsys, "report", "--rule-sets", str(tmp_path))
    assert code == 0, err
    assert "No bot of another rule set has its official counterpart" in out
