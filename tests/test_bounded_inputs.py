"""Issue 18, item 5: inputs that used to end in a traceback are refused in one line."""

from __future__ import annotations

import copy
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rootbotics.core.serial import StateError, from_json, to_json
from rootbotics.game import bot_config, new_game

_BASE = to_json(new_game(bot_config(["marquise", "eyrie"], seed=3)).state)


def test_options_nested_400_deep_are_refused_at_load() -> None:
    d = copy.deepcopy(_BASE)
    deep: object = 1
    for _ in range(400):
        deep = {"x": deep}
    d["options"]["deep"] = deep
    with pytest.raises(StateError) as err:
        from_json(d)
    assert err.value.path.startswith("options") and "deep" in str(err.value)


def run(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1] / "src"))
    return subprocess.run([sys.executable, "-m", "rootbotics", *args], capture_output=True, text=True, env=env, timeout=120)


@pytest.mark.parametrize(
    "args,option",
    [
        (["--seed", str(2**63 - 1)], "--seed"),
        (["--seed", str(-(2**63) - 1)], "--seed"),
        (["--games", str(10**15)], "--games"),
    ],
)
def test_simulate_bounds_seeds_and_games(tmp_path: Path, args: list[str], option: str) -> None:
    p = run("simulate", "--bots", "marquise,eyrie", "--games", "2", *args, "--out", str(tmp_path / "o"))
    assert p.returncode == 2, p.stderr
    assert len(p.stderr.strip().splitlines()) == 1 and option in p.stderr and "Traceback" not in p.stderr
