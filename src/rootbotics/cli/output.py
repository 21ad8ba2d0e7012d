"""What the commands print: ``Out`` (rich on a terminal, plain text otherwise), aligned plain
tables, the score table and winner line, and the per-turn log writer.

rich is imported only when the output may be styled (a terminal), the engine only when something
is printed.
"""

import os
import sys
import traceback
from collections.abc import Callable, Sequence
from typing import Any

# Colours for faction names when stdout is a terminal.
FACTION_STYLES = {
    "marquise": "bold dark_orange",
    "eyrie": "bold dodger_blue2",
    "alliance": "bold green",
    "vagabot": "bold grey70",
    "duchy": "bold tan",
    "corvids": "bold purple",
    "lizards": "bold yellow3",
    "riverfolk": "bold cyan",
}


# Variables by which the environment may ask for a terminal's styles though stdout is none.
FORCING_VARIABLES = ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE", "PY_COLORS", "CLICOLOR_FORCE")


def surely_plain() -> bool:
    """Whether rich would surely print plain text here (stdout no terminal, and nothing in the
    environment asking for styles all the same), so that a run whose output goes to a file or a
    pipe need not import rich at all (issue 15). When in doubt, rich decides."""
    if any(name in os.environ for name in FORCING_VARIABLES):
        return False
    try:
        return not sys.stdout.isatty()
    except (AttributeError, ValueError):  # a stand-in stdout, or one already closed
        return False


class Out:
    """Writes to stdout: with rich styles and tables on a terminal, plain text otherwise."""

    def __init__(self) -> None:
        self.rich = not surely_plain() and self._rich_console()

    def _rich_console(self) -> bool:
        """Ask rich whether stdout is a terminal, keeping its console for the styled output."""
        from rich.console import Console

        self.console = Console(highlight=False, emoji=False)
        return self.console.is_terminal

    def text(self, line: str = "") -> None:
        if self.rich:
            self.console.print(line, markup=False)
        else:
            sys.stdout.write(line + "\n")

    def raw(self, line: str) -> None:
        """A line that must reach stdout untouched (JSON)."""
        if self.rich:
            self.console.file.write(line + "\n")
        else:
            sys.stdout.write(line + "\n")

    def header(self, title: str) -> None:
        if self.rich:
            from rich.text import Text

            self.console.rule(Text(title, style="bold"))
        else:
            sys.stdout.write(f"— {title} —\n")

    def event(self, e: Any) -> None:
        self.event_text(e, e.text)

    def event_text(self, e: Any, text: str) -> None:
        """One log line, ``[rule] faction: text``, with ``text`` as the log writer words it."""
        who = e.faction or "game"
        if self.rich:
            from rich.text import Text

            self.console.print(Text.assemble((f"[{e.rule}]", "cyan"), " ", (who, FACTION_STYLES.get(who, "bold")), ": ", text))
        else:
            sys.stdout.write(f"[{e.rule}] {who}: {text}\n")

    def table(self, title: str, columns: Sequence[tuple[str, str]], rows: Sequence[Sequence[str]]) -> None:
        """``columns`` are (name, "left" | "right")."""
        if self.rich:
            from rich.table import Table

            t = Table(title=title, title_justify="left", title_style="bold")
            for name, justify in columns:
                t.add_column(name, justify=justify)  # type: ignore[arg-type]
            for row in rows:
                t.add_row(*row)
            self.console.print(t)
            return
        sys.stdout.write(title + "\n")
        for line in plain_table(columns, rows):
            sys.stdout.write(line + "\n")


def plain_table(columns: Sequence[tuple[str, str]], rows: Sequence[Sequence[str]]) -> list[str]:
    """Aligned columns, two spaces apart, a dashed line under the header; no colour."""
    widths = [len(name) for name, _ in columns]
    for row in rows:
        for i, cell in enumerate(row):
            widths[i] = max(widths[i], len(cell))

    def fmt(cells: Sequence[str]) -> str:
        parts = [
            cell.rjust(widths[i]) if columns[i][1] == "right" else cell.ljust(widths[i])
            for i, cell in enumerate(cells)
        ]
        return ("  " + "  ".join(parts)).rstrip()

    lines = [fmt([name for name, _ in columns]), fmt(["-" * w for w in widths])]
    lines.extend(fmt(row) for row in rows)
    return lines


def card_label(state: Any, cid: int) -> str:
    return state.deckdef.card(cid).label()


def seat_title(state: Any, faction: str) -> str:
    from ..core.faction import faction_title

    fs = state.factions[faction]
    program = (state.options.get("programs") or {}).get(faction)
    return f"{faction_title(faction, fs.seat, fs.rule_set)} ({fs.seat if program is None else program + ' program'})"


def winner_line(state: Any) -> str:
    names = ", ".join(state.winner or [])
    who = "Winners" if state.winner and len(state.winner) > 1 else "Winner"
    reason = f" ({state.end_reason})" if state.end_reason else ""
    return f"{who}: {names}{reason}"


def score_table(out: Out, state: Any, title: str) -> None:
    from ..game import final_scores

    winners = set(state.winner or [])
    rows = [
        [str(i), f, seat_title(state, f), str(vp), "winner" if f in winners else ""]
        for i, (f, vp) in enumerate(final_scores(state), start=1)
    ]
    out.table(title, [("#", "right"), ("faction", "left"), ("seat", "left"), ("VP", "right"), ("result", "left")], rows)


def final_scores_and_winner(out: Out, state: Any) -> None:
    """The final score table and the winner line, after a blank line."""
    out.text()
    score_table(out, state, f"Final scores after round {state.round}")
    out.text(winner_line(state))


def turn_writer(out: Out, current: list[Any], short: bool = False) -> Callable[[Any], None]:
    """A log listener printing each event under a header per turn and per phase, clearings
    named with their suit (``cli.logtext``; ``short``: a line per bot action). ``current`` holds
    the Game once it is set up; until then events belong to setup."""
    from .logtext import log_writer

    return log_writer(out, current, short)


def print_traceback(out: Out, headline: str, exc: BaseException) -> None:
    """``headline`` on stdout after a blank line, then the traceback of ``exc`` on stderr."""
    out.text()
    out.text(headline)
    sys.stdout.flush()
    traceback.print_exception(type(exc), exc, exc.__traceback__, file=sys.stderr)
    sys.stderr.flush()
