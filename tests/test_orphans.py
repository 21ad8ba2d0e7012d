"""Issue 18, item 4: killing the main process of a soak or a study with kill -9 leaves no
worker behind (they watch their parent and leave with it)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

SRC = str(Path(__file__).resolve().parents[1] / "src")


def _children(pid: int) -> list[int]:
    out: list[int] = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                out.append(int(entry))
    return out


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads the process table in /proc")
@pytest.mark.parametrize(
    "args",
    [
        ["-m", "rootbotics.soak", "--games", "100000", "--jobs", "2"],
        ["-m", "rootbotics", "simulate", "--bots", "marquise,eyrie", "--games", "100000", "--jobs", "2", "--chunk-size", "50000"],
    ],
    ids=["soak", "simulate"],
)
def test_workers_die_with_a_killed_main_process(tmp_path: Path, args: list[str]) -> None:
    env = dict(os.environ, PYTHONPATH=SRC)
    if "simulate" in args:
        args = [*args, "--out", str(tmp_path / "o")]
    else:
        args = [*args, "--out", str(tmp_path / "f")]
    main = subprocess.Popen([sys.executable, *args], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=tmp_path)
    workers: list[int] = []
    for _ in range(300):  # until both workers run
        time.sleep(0.1)
        workers = [p for p in _children(main.pid) if _alive(p)]
        if len(workers) >= 2:
            break
    assert workers, "the workers did not start"
    main.send_signal(signal.SIGKILL)
    main.wait()
    for _ in range(100):  # they notice within a few seconds
        if not any(_alive(p) for p in workers):
            break
        time.sleep(0.1)
    left = [p for p in workers if _alive(p)]
    for p in left:  # never leave them running after the test
        os.kill(p, signal.SIGKILL)
    assert not left, f"workers {left} outlived their parent"
