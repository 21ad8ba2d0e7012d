"""``rootbotics report``: sum up simulation results (the queries are in ``sim.report``).

No ``from __future__ import annotations`` here: typer reads the annotations at run time.
"""

from pathlib import Path
from typing import Annotated, Any, Optional

from .common import NEED_SIM, CliError, need_sim_extra
from .output import Out

HELP = (
    "Print win rates (with 95% Wilson intervals) by faction, map, difficulty and seat, game length, "
    "scores, VP by round and failures from simulation results; --plots writes PNG charts.\n\n"
    "FILES are result files (games-*.parquet, rounds-*.parquet) or folders holding them; the files of "
    "several shards can be read together."
)


def run_report(files: list[str], plots: Optional[str]) -> int:
    """Print the report of ``files``; with ``plots``, write its charts there too."""
    need_sim_extra()
    from ..sim.report import ReportError, Results, print_report

    try:
        res = Results(files)
    except ReportError as e:
        raise CliError(str(e)) from None
    out = Out()
    print_report(res, out)
    if plots is not None:
        write_charts(out, res, plots)
    return 0


def write_charts(out: Out, res: Any, plots: str) -> None:
    """--plots DIR: the PNG charts (matplotlib), and a line for each file written or skipped."""
    from ..sim.report import write_plots

    folder = Path(plots)
    if folder.exists() and not folder.is_dir():
        raise CliError(f"--plots: {plots} is a file, not a folder")
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise CliError(f"--plots: {NEED_SIM}") from None
    written, notes = write_plots(res, folder)
    out.text()
    for p in written:
        out.text(f"Wrote {p}")
    for note in notes:
        out.text(note)


def register(app: Any) -> None:
    """Add ``rootbotics report`` to ``app``."""
    import typer

    @app.command("report", help=HELP)
    def report_command(
        files: Annotated[list[str], typer.Argument(metavar="FILES...", help="Result files or folders.", show_default=False)],
        plots: Annotated[
            Optional[str],
            typer.Option(
                "--plots",
                metavar="DIR",
                help="Write PNG plots into DIR: win rate by faction, VP over rounds (needs --vp-trajectory rows), "
                "game length.",
            ),
        ] = None,
    ) -> int:
        return run_report(files, plots)
