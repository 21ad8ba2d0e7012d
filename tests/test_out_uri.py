"""``simulate --out`` and ``report`` take a URI that pyarrow's filesystem layer opens (issue 16,
part 3): the chunk files, the failed games' positions and the manifest are written through the
filesystem object (``sim.storage``), resuming lists and checks them there, and the report reads
them through a pyarrow dataset. Tested with ``file://`` URIs (the same code serves ``s3://``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("duckdb")

from cli_helpers import cli, plain_output  # noqa: E402

from rootbotics.sim import runner  # noqa: E402
from rootbotics.sim.storage import UriFolder, open_folder  # noqa: E402
from rootbotics.sim.study import Study  # noqa: E402

GAMES = ["--bots", "marquise,eyrie", "--games", "40", "--jobs", "1", "--chunk-size", "10"]


def test_a_study_written_to_a_file_uri_has_the_bytes_of_one_written_to_a_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    plain_output(monkeypatch)
    code, out, err = cli(capsys, "simulate", *GAMES, "--vp-trajectory", "--out", (tmp_path / "uri").as_uri())
    assert code == 0, err
    assert f"Results: {(tmp_path / 'uri').as_uri()}/" in out
    code, _, err = cli(capsys, "simulate", *GAMES, "--vp-trajectory", "--out", str(tmp_path / "local"))
    assert code == 0, err
    parquet = sorted(p.name for p in (tmp_path / "local").glob("*.parquet"))
    assert len(parquet) == 8 and parquet == sorted(p.name for p in (tmp_path / "uri").glob("*.parquet"))
    for name in parquet:
        assert (tmp_path / "uri" / name).read_bytes() == (tmp_path / "local" / name).read_bytes(), name
    manifest = json.loads(next((tmp_path / "uri").glob("manifest-*.json")).read_text())
    assert manifest["games_played"] == 40
    assert not list((tmp_path / "uri").glob(".*.tmp"))  # every temporary file moved onto its name


def test_a_study_at_a_uri_resumes_and_replays_a_torn_chunk(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    plain_output(monkeypatch)
    uri = (tmp_path / "r").as_uri()
    assert cli(capsys, "simulate", *GAMES, "--out", uri)[0] == 0
    torn = sorted((tmp_path / "r").glob("games-*-11-20.parquet"))[0]
    whole = torn.read_bytes()
    torn.write_bytes(whole[: len(whole) // 2])  # a file cut short, as a crash would leave it
    code, out, err = cli(capsys, "simulate", *GAMES, "--out", uri)
    assert code == 0, err
    assert "Played 10 games" in out and "30 were already on disk" in out
    assert torn.read_bytes() == whole  # the same games, played again


def test_run_study_takes_a_uri_folder(tmp_path: Path) -> None:
    folder = open_folder((tmp_path / "api").as_uri())
    assert isinstance(folder, UriFolder)
    study = Study(bots=("marquise", "eyrie"), map="fall")
    chunks = runner.plan_chunks(1, 20, 10)
    result = runner.run_study(study, chunks, folder, jobs=1)
    assert result.played == 20
    assert runner.chunks_on_disk(folder, study, chunks, False) == [(1, 10), (11, 20)]
    assert runner.run_study(study, chunks, folder, jobs=1).skipped == 20


def test_the_report_of_a_uri_is_the_report_of_its_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(capsys, "simulate", *GAMES, "--vp-trajectory", "--out", str(tmp_path / "r"))[0] == 0
    code, local, err = cli(capsys, "report", str(tmp_path / "r"), "--json")
    assert code == 0, err
    for target in ((tmp_path / "r").as_uri(), (tmp_path / "r").as_uri() + "/games-*.parquet"):
        code, remote, err = cli(capsys, "report", target, *(["--json"]))
        assert code == 0, err
        if target.endswith("*.parquet"):  # the games files alone: no VP by round
            assert json.loads(remote)["reports"][0]["games"] == 40
        else:
            assert json.loads(remote) == json.loads(local)


@pytest.mark.parametrize("command", ["simulate", "report"])
def test_a_bad_uri_is_one_line_and_exit_code_2(command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = [*GAMES, "--out", "nosuch://bucket/results"] if command == "simulate" else ["nosuch://bucket/results"]
    code, out, err = cli(capsys, command, *args)
    assert code == 2 and err.strip().count("\n") == 0 and "nosuch://bucket/results" in err
    if command == "report":
        code, _, err = cli(capsys, "report", (tmp_path / "missing").as_uri())
        assert code == 2 and err.strip().count("\n") == 0 and "no such file or folder" in err
