"""Read the published games of the Rootlog repository (a git directory fetched beside us) with
our parser, and say for each whether it parses or where it first fails.

    python -m rootbotics.table.published /path/to/Rootlog/git-dir

Nothing of those games is stored in this project: they are read from the git directory.
"""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from .rootlog import RootlogError, parse_action, parse_file


@dataclass(frozen=True, slots=True)
class Outcome:
    path: str
    turns: int  # turns read, when the whole file parses
    error: str | None  # the first refusal, when it does not


def game_paths(git_dir: Path) -> list[str]:
    """The ``.rootlog`` files at the repository's HEAD."""
    out = subprocess.run(
        ["git", f"--git-dir={git_dir}", "ls-tree", "-r", "--name-only", "HEAD"],
        capture_output=True, text=True, check=True,
    ).stdout
    return [p for p in out.splitlines() if p.endswith(".rootlog")]


def read_game(git_dir: Path, path: str) -> Outcome:
    text = show(git_dir, path)
    try:
        record = parse_file(text)
    except RootlogError as e:
        return Outcome(path, 0, str(e))
    return Outcome(path, len(record.turns), None)


def failing_lines(text: str) -> list[str]:
    """Every turn line that does not parse on its own, with its refusal (for a fuller picture
    than the first failure of ``parse_file``)."""
    out = []
    for number, line in enumerate(text.splitlines(), 1):
        body = line.partition("//")[0].strip()
        if len(body) < 2 or body[1] != ":" or body[2:3].isspace() or body.startswith(("Map", "Deck")):
            continue
        try:
            parse_action(body)
        except RootlogError as e:
            out.append(f"line {number}: {e}")
    return out


def show(git_dir: Path, path: str) -> str:
    return subprocess.run(
        ["git", f"--git-dir={git_dir}", "show", f"HEAD:{path}"], capture_output=True, text=True, check=True,
    ).stdout


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m rootbotics.table.published <Rootlog git directory>", file=sys.stderr)
        return 2
    git_dir = Path(argv[0])
    for path in game_paths(git_dir):
        o = read_game(git_dir, path)
        print(f"{path}: " + (f"parses ({o.turns} turns)" if o.error is None else f"fails at {o.error}"))
        for problem in failing_lines(show(git_dir, path)):
            print(f"    {problem}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
