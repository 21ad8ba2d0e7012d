"""``rootbotics report A --against B``: each faction's win rate in A and in B and the change with
its 95% interval (Newcombe's hybrid score interval, checked against his published example)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("duckdb")

from cli_helpers import cli, plain_output  # noqa: E402

from rootbotics.sim.rates import difference_interval  # noqa: E402
from rootbotics.sim.rates import Rate  # noqa: E402


def test_newcombes_example_of_a_difference_of_proportions() -> None:
    """56/70 against 48/80: a difference of 0.2 with 95% interval 0.0524 to 0.3339 (Newcombe
    1998, method 10)."""
    d, low, high = difference_interval(Rate(("x",), 70, 56), Rate(("x",), 80, 48))
    assert round(d, 4) == 0.2 and round(low, 4) == 0.0524 and round(high, 4) == 0.3339


def test_report_against_compares_two_studies_faction_by_faction(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    plain_output(monkeypatch)
    for name, difficulty in (("a", "default"), ("b", "eyrie=easy")):
        code, _, err = cli(capsys, "simulate", "--bots", "marquise,eyrie", "--games", "60", "--jobs", "1", "--difficulty", difficulty, "--out", str(tmp_path / name))
        assert code == 0, err
    code, out, err = cli(capsys, "report", str(tmp_path / "a"), "--against", str(tmp_path / "b"), "--json")
    assert code == 0, err
    table = json.loads(out)["reports"][0]["tables"][0]
    assert table["name"] == "against"
    rows = {r[0]: dict(zip(table["columns"], r)) for r in table["rows"]}
    assert set(rows) == {"eyrie", "marquise"}
    for row in rows.values():
        assert row["a_games"] == row["b_games"] == 60
        change = row["a_wins"] / 60 - row["b_wins"] / 60
        assert row["change"] == pytest.approx(change, abs=1e-5)  # the data rounds to six places
        assert row["change_low"] <= change <= row["change_high"]
    code, text, _ = cli(capsys, "report", str(tmp_path / "a"), "--against", str(tmp_path / "b"))
    assert code == 0 and "Win rate by faction, A against B" in text and "95% CI of the change" in text


def test_against_a_folder_without_results_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(capsys, "simulate", "--bots", "marquise,eyrie", "--games", "10", "--jobs", "1", "--out", str(tmp_path / "a"))
    assert code == 0, err
    (tmp_path / "empty").mkdir()
    code, _, err = cli(capsys, "report", str(tmp_path / "a"), "--against", str(tmp_path / "empty"))
    assert code == 2 and err.strip().count("\n") == 0 and "--against" in err


def test_report_by_a_field_with_plots_draws_a_heat_map(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The heat map of win rate by faction × a field (here the difficulty, over two studies)."""
    plain_output(monkeypatch)
    for difficulty in ("default", "eyrie=easy"):
        code, _, err = cli(capsys, "simulate", "--bots", "marquise,eyrie", "--games", "30", "--jobs", "1", "--difficulty", difficulty, "--out", str(tmp_path / "r"))
        assert code == 0, err
    code, out, err = cli(capsys, "report", str(tmp_path / "r"), "--by", "difficulty", "--plots", str(tmp_path / "p"))
    assert code == 0, err
    heat = tmp_path / "p" / "winrate_by_faction_and_difficulty.png"
    assert heat.exists() and heat.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert f"Wrote {heat}" in out
