"""Saves are atomic: a writer killed at any moment never leaves a half-written file."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from rootbotics.core import serial
from rootbotics.game import bot_config, new_game, play

WRITER = """
import sys
from rootbotics.core import serial
from rootbotics.game import bot_config, new_game, play
g = new_game(bot_config(["marquise", "eyrie"], seed=5))
target = sys.argv[1]
print("ready", flush=True)
while True:
    play(g, turns=1)
    if g.state.winner is not None:
        g = new_game(bot_config(["marquise", "eyrie"], seed=g.state.seed + 1))
    serial.save(g.state, target)
"""


def test_killing_a_writer_mid_save_leaves_a_whole_file(tmp_path: Path) -> None:
    target = tmp_path / "position.json"
    first = new_game(bot_config(["eyrie", "marquise"], seed=1))
    play(first, turns=3)
    serial.save(first.state, target)
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1] / "src"))
    for delay in (0.05, 0.13, 0.21, 0.34, 0.55):
        proc = subprocess.Popen([sys.executable, "-c", WRITER, str(target)], stdout=subprocess.PIPE, env=env)
        assert proc.stdout is not None and proc.stdout.readline().strip() == b"ready"
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        state = serial.load(target)  # must be a whole position: the old one or a newer one
        assert state.map.name == "fall"
    leftovers = [p.name for p in tmp_path.iterdir() if p.name != "position.json"]
    # A kill between creating the temporary file and renaming it may leave that temporary
    # file behind; it never replaces the real one.
    assert all(name.startswith(".position.json.") and name.endswith(".tmp") for name in leftovers)
