"""Running the command line in-process, with plain output, for the CLI tests."""

from __future__ import annotations

import re

import pytest

from rootbotics.cli import main

COLOUR_VARIABLES = ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE", "PY_COLORS", "CLICOLOR_FORCE")


def plain_output(monkeypatch: pytest.MonkeyPatch, columns: int = 100) -> None:
    """Nothing in the environment may force colours on: output must be plain when piped."""
    for name in COLOUR_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("COLUMNS", str(columns))


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Run `rootbotics ARGS` in this process: (exit code, stdout, stderr)."""
    with pytest.raises(SystemExit) as exc:
        main(list(args))
    out, err = capsys.readouterr()
    code = exc.value.code
    return (code if isinstance(code, int) else 0 if code is None else 1), out, err


def same_but_clearings(line: str) -> str:
    """A log line with ``clearing 2 (mouse)`` (and ``clearing 2``) written ``2``: the explained
    log names clearings as a player reads them, the events' text by number (cli/logtext.py)."""
    return re.sub(r"clearing (\d+)", r"\1", re.sub(r"clearing (\d+) \((?:fox|rabbit|mouse)\)", r"\1", line))
