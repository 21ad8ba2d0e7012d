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


def parse_where(items: Optional[list[str]]) -> dict[str, str]:
    """``--where map=fall --where difficulty=easy`` -> ``{"map": "fall", "difficulty": "easy"}``."""
    where: dict[str, str] = {}
    for item in items or []:
        key, eq, value = item.partition("=")
        if not eq or not key.strip() or not value.strip():
            raise CliError(f"--where: expected FIELD=VALUE, e.g. --where map=fall (got {item!r})")
        where[key.strip()] = value.strip()
    return where


def run_report(files: list[str], plots: Optional[str], pool: bool = False, where: Optional[list[str]] = None, rule_sets: bool = False) -> int:
    """Print the report of ``files``: one per study (configuration), or one of them all with
    ``pool``; with ``plots``, write its charts there too (a folder per study). With
    ``rule_sets``, instead compare each bot of another rule set with its official counterpart."""
    need_sim_extra()
    from ..sim.report import ReportError, Results, print_report

    chosen = parse_where(where)
    try:
        res = Results(files)
        studies = res.studies(chosen)
    except ReportError as e:
        raise CliError(str(e)) from None
    if not studies:
        raise CliError(f"--where: no game matches {' and '.join(f'{k}={v}' for k, v in chosen.items())}")
    out = Out()
    if rule_sets:
        from ..sim.compare import PLOT_FILE, comparisons, plot_rule_sets, print_rule_set_comparison

        res.focus(studies, chosen)
        print_rule_set_comparison(res, out)
        pairs = comparisons(res)
        if plots is not None and pairs:
            out.text()
            out.text(f"Wrote {plot_rule_sets(pairs, Path(plots) / PLOT_FILE)}")
        return 0
    groups: list[Optional[list[str]]] = [studies] if pool or len(studies) == 1 else [[key] for key in studies]
    if len(groups) > 1:
        out.text(f"{len(studies)} studies (configurations): one report each (--pool reads them together)")
        out.text()
    for group in groups:
        res.focus(group, chosen)
        print_report(res, out)
        if plots is not None:
            write_charts(out, res, plots if len(groups) == 1 else str(Path(plots) / group[0]))
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
        pool: Annotated[
            bool, typer.Option("--pool", help="Read all the studies given as one (by default, one report per study: line-up, map and settings).")
        ] = False,
        where: Annotated[
            Optional[list[str]],
            typer.Option(
                "--where", metavar="FIELD=VALUE",
                help="Only the games where FIELD is VALUE (study, map, lineup, players, max_rounds, rotate_seats; "
                "difficulty and faction: any seat). Repeat for several.",
            ),
        ] = None,
        rule_sets: Annotated[
            bool,
            typer.Option("--rule-sets", help="Compare each bot of another rule set (marquise@bbp) with its official counterpart in the same line-up: win rate with 95% interval, VP per round."),
        ] = False,
    ) -> int:
        return run_report(files, plots, pool, where, rule_sets)
