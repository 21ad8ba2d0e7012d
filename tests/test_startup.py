"""The command line's start-up (issue 15): what a command imports, never how long it takes (the
figures are ``make bench``'s, ``sim/startup.py``). Each check runs a new interpreter, so that
nothing this test session imported counts."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys

import pytest

from rootbotics import game
from rootbotics.cli import output
from rootbotics.sim import startup

# Never needed to play a game from the command line.
HEAVY = ("pyarrow", "duckdb", "fastapi", "pydantic", "matplotlib", "ray", "uvicorn", "jinja2")
SEATED = ("marquise", "eyrie")
UNSEATED_BOTS = ("rootbotics.factions.lizards.bot", "rootbotics.factions.duchy.bot", "rootbotics.factions.marquise.bbp")


def modules_after(code: str) -> set[str]:
    """The modules a new interpreter holds after running ``code`` (stdout of the code itself
    is sent to stderr, so that the list is the only thing printed)."""
    probe = (
        "import contextlib, json, sys\n"
        "with contextlib.redirect_stdout(sys.stderr):\n"
        + "".join(f"    {line}\n" for line in code.splitlines())
        + "print(json.dumps(sorted(sys.modules)))\n"
    )
    env = {k: v for k, v in os.environ.items() if k not in output.FORCING_VARIABLES}
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stdout))


def test_importing_the_cli_imports_neither_the_engine_nor_the_extras() -> None:
    loaded = modules_after("import rootbotics.cli.app")
    assert not {m for m in loaded if m.split(".")[0] in HEAVY or m == "typer"}
    assert not {m for m in loaded if m.startswith(("rootbotics.factions", "rootbotics.game", "rootbotics.core"))}


def test_version_imports_no_typer() -> None:
    loaded = modules_after("from rootbotics.cli import run\nrun(['--version'])")
    assert "typer" not in loaded and "rootbotics.game" not in loaded


def test_play_quiet_imports_only_the_seated_bots_and_no_extra() -> None:
    loaded = modules_after(f"from rootbotics.cli import run\nassert run(['play', '--bots', '{','.join(SEATED)}', '--seed', '3', '--quiet']) == 0")
    assert "rootbotics.game" in loaded and "typer" in loaded
    assert not {m for m in loaded if m.split(".")[0] in HEAVY}
    assert {f"rootbotics.factions.{f}.bot" for f in SEATED} <= loaded
    assert not loaded & set(UNSEATED_BOTS)
    # Output to a pipe is plain text, written without rich; the bots' cards are the help's only.
    assert "rich.console" not in loaded and "rich.markup" not in loaded


def test_bots_are_built_when_first_seated_and_the_law_stays_the_default() -> None:
    assert game.BOTS["eyrie"] is game.BOTS_BY_LAW["eyrie"]
    assert type(game.BOTS_BY_RULE_SET[("marquise", "bbp")]).__module__ == "rootbotics.factions.marquise.bbp"
    with pytest.raises(KeyError):
        game.BOTS["keepers"]
    assert type(game.BOTS_BY_RULE_SET[("vagabot", "bbp")]).__module__ == "rootbotics.factions.vagabot.bbp"  # the Robot Raccoon
    with pytest.raises(KeyError):
        game.BOTS_BY_RULE_SET[("duchy", "bbp")]  # the Duchy plays the Law only
    with pytest.raises(KeyError):
        game.BOTS_BY_RULE_SET[("eyrie", "law")]  # the Law's bots are BOTS_BY_LAW's


def test_output_is_plain_without_rich_only_when_rich_would_say_so(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in output.FORCING_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    assert output.surely_plain() and not output.Out().rich
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert not output.surely_plain()
    assert output.Out().rich  # rich was asked, and FORCE_COLOR makes it style the output


def test_startup_bench_prints_each_command_with_its_goal(capsys: pytest.CaptureFixture[str]) -> None:
    assert startup.main(["--runs", "1"]) == 0
    out = capsys.readouterr().out
    assert "bytecode cached first (rootbotics, typer" in out
    rows = {case.label: line for case in startup.CASES for line in out.splitlines() if line.strip().startswith(case.label)}
    assert set(rows) == {case.label for case in startup.CASES}
    assert rows["rootbotics --version"].rstrip().endswith("< 80")
    assert rows["rootbotics play ... --quiet (4 bots, seed 1)"].rstrip().endswith("< 150")
