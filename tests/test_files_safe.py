"""Issue 18, items 1 and 6: writes never replace what is not a regular file, go through
symlinks, get the usual permissions, leave no stale temporary file; position reads are bounded."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from rootbotics.core import serial
from rootbotics.core.serial import StateError, write_atomic



def test_a_target_that_is_not_a_regular_file_is_refused(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(OSError) as err:
        write_atomic(fifo, "x")
    assert "not a regular file" in str(err.value)
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)  # still the pipe


def test_a_symlink_is_written_through(tmp_path: Path) -> None:
    real = tmp_path / "real.json"
    real.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    write_atomic(link, "new")
    assert link.is_symlink() and real.read_text() == "new"


def test_written_files_follow_the_umask(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        write_atomic(tmp_path / "a.json", "x")
    finally:
        os.umask(old)
    assert stat.S_IMODE(os.stat(tmp_path / "a.json").st_mode) == 0o644


def test_a_replaced_file_keeps_its_mode(tmp_path: Path) -> None:
    target = tmp_path / "b.json"
    target.write_text("x")
    target.chmod(0o640)
    write_atomic(target, "y")
    assert stat.S_IMODE(os.stat(target).st_mode) == 0o640


@pytest.mark.parametrize("option", ["--save", "--record"])
def test_play_refuses_dev_null_like_targets(tmp_path: Path, option: str) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    code, out, err = run(["play", "--bots", "marquise,eyrie", "--seed", "1", option, str(fifo)])
    assert code == 2 and len(err.strip().splitlines()) == 1 and "not a regular file" in err
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_map_out_refuses_what_is_not_a_regular_file(tmp_path: Path) -> None:
    # a pipe stands in for /dev/null: a test that failed must never replace a real device
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    code, out, err = run(["map", "--out", str(fifo)])
    assert code == 2 and "not a regular file" in err and stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_a_stale_temporary_file_of_a_killed_save_is_cleaned(tmp_path: Path) -> None:
    target = tmp_path / "pos.json"
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    stale = tmp_path / f".pos.json.{int(dead.stdout)}.abc123.tmp"
    stale.write_text("half a posi")
    other = tmp_path / f".other.json.{int(dead.stdout)}.abc123.tmp"
    other.write_text("not ours")
    write_atomic(target, "whole")
    assert not stale.exists() and other.exists() and target.read_text() == "whole"


def test_a_position_file_is_read_up_to_a_cap(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    big.write_text(" " * (serial.MAX_POSITION_BYTES + 1))
    with pytest.raises(StateError) as err:
        serial.load(big)
    assert "MB" in str(err.value)


def test_show_dev_zero_stops_at_the_cap() -> None:
    code, out, err = run(["show", "/dev/zero"])
    assert code == 2 and len(err.strip().splitlines()) == 1 and "MB" in err


def run(args: list[str]) -> tuple[int, str, str]:
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1] / "src"))
    p = subprocess.run([sys.executable, "-m", "rootbotics", *args], capture_output=True, text=True, env=env, timeout=120)
    return p.returncode, p.stdout, p.stderr
