"""Scripted ``rootbotics table`` sessions for the CLI tests: a game typed on stdin, resumed with
an undo, exported to Rootlog and imported back. Each step checks what every such test checks."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

DEADLINE = 120  # seconds: only a guard against a hung process, nothing is timed


def run(args: list[str], lines: list[str]) -> subprocess.CompletedProcess[str]:
    """``python -m rootbotics <args>`` with ``lines`` typed on stdin, on a plain 120-column terminal."""
    env = {**os.environ, "COLUMNS": "120", "NO_COLOR": "1", "TERM": "dumb"}
    return subprocess.run([sys.executable, "-m", "rootbotics", *args], input="".join(f"{x}\n" for x in lines), capture_output=True, text=True, env=env, timeout=DEADLINE)


def play(new: list[str], lines: list[str], path: Path) -> str:
    """``table new ... --file path`` typed from ``lines``: it succeeds with no error line; its output."""
    r = run([*new, "--file", str(path)], lines)
    assert r.returncode == 0, r.stderr
    assert "error:" not in r.stdout, r.stdout
    return r.stdout


def resume(path: Path, lines: list[str], undone: int) -> str:
    """``table resume path`` typed from ``lines``, which undo ``undone`` entries first; its output."""
    r = run(["table", "resume", str(path)], lines)
    assert r.returncode == 0, r.stderr
    assert f"undid {undone} entries" in r.stdout and "error:" not in r.stdout, r.stdout
    return r.stdout


def export_and_import(new: list[str], lines: list[str], tmp_path: Path) -> tuple[list[str], dict[str, Any]]:
    """Play ``lines``, export the session to Rootlog and import that file back: the file's lines
    and the imported position's factions."""
    path, out, pos = tmp_path / "game.json", tmp_path / "game.rootlog", tmp_path / "pos.json"
    play(new, lines, path)
    r = run(["rootlog", "export", str(path), "--out", str(out)], [])
    assert r.returncode == 0, r.stderr
    r = run(["rootlog", "import", str(out), "--out", str(pos)], [])
    assert r.returncode == 0, r.stderr
    return out.read_text().splitlines(), json.loads(pos.read_text())["factions"]
