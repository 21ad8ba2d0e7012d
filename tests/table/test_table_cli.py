"""``rootbotics table`` from a script on stdin: a whole game of two humans and two bots on Fall,
an undo across a bot turn, the process killed mid-game (kill -9) and resumed. The script is made
by tests/table/table_game_script.py; the transcript is kept in tests/table/golden/; set
ROOTBOTICS_UPDATE_GOLDEN=1 to rewrite it."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

from rootbotics.table.session import Session

GOLDEN = Path(__file__).parent / "golden" / "whole_game_fall.txt"
SCRIPT = Path(__file__).parent / "golden" / "whole_game_fall.script"  # made by table_game_script.py
NEW = ["table", "new", "--humans", "marquise:Ann,alliance:Bob", "--bots", "eyrie,vagabot", "--map", "fall", "--seed", "7", "--rules", "board"]  # Rootlog lines: the board-only mode
DEADLINE = 120  # seconds: only a guard against a hung process, nothing is timed


def command(*args: str) -> list[str]:
    return [sys.executable, "-m", "rootbotics", *args]


def run_until_prompts(args: list[str], lines: list[str]) -> str:
    """Feed ``lines``, wait until the companion prompts for the next one, then kill -9 it."""
    proc = subprocess.Popen(command(*args), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=_env())
    out: list[str] = []
    seen = threading.Event()

    def read() -> None:
        assert proc.stdout is not None
        while ch := proc.stdout.read(1):
            out.append(ch)
            if "".join(out).count("table> ") > len(lines):
                seen.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    assert proc.stdin is not None
    proc.stdin.write("".join(f"{line}\n" for line in lines))
    proc.stdin.flush()
    assert seen.wait(DEADLINE), "".join(out)
    proc.kill()  # SIGKILL: no clean-up of any kind
    proc.wait()
    reader.join(DEADLINE)
    return "".join(out)


def _env() -> dict[str, str]:
    return {**os.environ, "COLUMNS": "120", "NO_COLOR": "1", "TERM": "dumb"}


def test_a_whole_scripted_table_game_survives_kill_and_resume(tmp_path: Path) -> None:
    """A complete game (until the Eyrie reaches 30 VP) typed from the script: an undo across the
    Eyrie's turn in round 3, kill -9 in round 5, resume, and play on to the end."""
    script = SCRIPT.read_text(encoding="utf-8").splitlines()
    cut = script.index("KILL")
    before, after = script[:cut], script[cut + 1 :]
    path = tmp_path / "game.json"
    first = run_until_prompts([*NEW, "--file", str(path)], before)
    saved = Session.load(path)
    assert saved.entries[-1] == {"kind": "line", "faction": "marquise", "text": before[-1]}  # nothing lost
    assert len(saved.entries) > 50 and not saved.play.over
    done = subprocess.run(command("table", "resume", str(path)), input="".join(f"{x}\n" for x in after), capture_output=True, text=True, env=_env(), timeout=DEADLINE)
    assert done.returncode == 0, done.stderr
    transcript = (first + "\n--- killed with kill -9, then: rootbotics table resume game.json ---\n" + done.stdout).replace(str(path), "game.json")
    if os.environ.get("ROOTBOTICS_UPDATE_GOLDEN"):
        GOLDEN.write_text(transcript, encoding="utf-8")
    assert transcript == GOLDEN.read_text(encoding="utf-8")
    assert "undid 7 entries" in transcript and "redid 1 entry" in transcript and "error: " in transcript
    assert "Game over: the Electric Eyrie reached 30 VP" in transcript and Session.load(path).play.over


def test_bad_options_give_one_line_and_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    cases = [
        (["--humans", "marquise", "--bots", "eyrie"], "--humans"),
        (["--humans", "marquise:Ann", "--bots", "dragon"], "--humans/--bots"),
        (["--humans", "marquise:Ann", "--bots", "eyrie", "--dice", "cup"], "config.dice"),
        (["--humans", "eyrie:Ann", "--bots", "eyrie"], "config"),
    ]
    for args, field in cases:
        r = subprocess.run(command("table", "new", *args, "--file", str(path)), input="", capture_output=True, text=True, env=_env(), timeout=DEADLINE)
        assert r.returncode == 2, (args, r.stderr)
        assert r.stderr.count("\n") == 1 and field in r.stderr, r.stderr
        assert not path.exists()
    path.write_text("{}")
    r = subprocess.run(command("table", "resume", str(path)), capture_output=True, text=True, env=_env(), timeout=DEADLINE)
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "format" in r.stderr


def test_ctrl_c_at_the_prompt_loses_nothing(tmp_path: Path) -> None:
    import signal

    path = tmp_path / "game.json"
    args = [*NEW, "--file", str(path)]
    proc = subprocess.Popen(command(*args), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env())
    assert proc.stdout is not None and proc.stdin is not None
    def read_to_prompt() -> str:
        out = ""
        while not out.endswith("table> "):
            ch = proc.stdout.read(1)
            assert ch, out
            out += ch
        return out

    read_to_prompt()
    proc.send_signal(signal.SIGINT)
    assert "Ctrl-C: nothing lost" in read_to_prompt()  # and the prompt comes back
    rest, err = proc.communicate("ok all\n", timeout=DEADLINE)
    assert proc.returncode == 0 and err == "", err
    assert Session.load(path).entries == [{"kind": "ok", "n": 8}]


def test_the_terminal_prompt_completes_commands_and_keeps_a_history(tmp_path: Path) -> None:
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from prompt_toolkit.document import Document

    from rootbotics.table.terminal import command_completer, toolkit_reader

    found = [c.text for c in command_completer().get_completions(Document("und"), None)]
    assert found == ["undo"]
    with create_pipe_input() as pipe:
        ask = toolkit_reader(tmp_path / "game.json", input=pipe, output=DummyOutput())
        pipe.send_text("ok all\r")
        assert ask("table> ") == "ok all"
        pipe.close()
        assert ask("table> ") is None  # end of input: the companion saves and leaves
    assert "ok all" in (tmp_path / "game.json.history").read_text()
