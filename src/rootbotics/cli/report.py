"""``rootbotics report``: sum up simulation results (the queries are in ``sim.report``).

No ``from __future__ import annotations`` here: typer reads the annotations at run time.
"""

from pathlib import Path
from typing import Annotated, Any, Optional

from .common import NEED_SIM, CliError, RunFailure, need_sim_extra
from .output import Out

HELP = (
    "Print win rates (with 95% Wilson intervals) by faction, map, difficulty and seat, game length, "
    "scores, VP by round and failures from simulation results; --plots writes PNG charts.\n\n"
    "FILES are result files (games-*.parquet, rounds-*.parquet) or folders holding them; the files of "
    "several shards can be read together; each may be a URI pyarrow opens (file://, s3://, gs://, ...)."
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


def run_report(
    files: list[str],
    plots: Optional[str],
    pool: bool = False,
    where: Optional[list[str]] = None,
    by: Optional[list[str]] = None,
    as_json: bool = False,
    csv_dir: Optional[str] = None,
    against: Optional[list[str]] = None,
    rule_sets: bool = False,
) -> int:
    """Print the report of ``files``: one per study (configuration), one of them all with
    ``pool``, or one comparing them ``by`` fields; as text, or as data (``as_json`` on stdout,
    ``csv_dir``: a CSV file per table); with ``plots``, write the charts too (a folder per study).
    ``against``: these studies against others; ``rule_sets``: each bot of another rule set
    against its official counterpart."""
    need_sim_extra()
    from ..sim.compare import check_by
    from ..sim.report import ReportError, Results
    from ..sim.tables import DataTables, TextTables

    chosen = parse_where(where)
    try:
        for field in by or ():
            check_by(field)
        res = Results(files)
        studies = res.studies(chosen)
    except ReportError as e:
        raise CliError(str(e)) from None
    if not studies:
        raise CliError(f"--where: no game matches {' and '.join(f'{k}={v}' for k, v in chosen.items())}")
    csv_folder = check_csv_folder(csv_dir)
    out = Out()
    sink: Any = DataTables() if as_json or csv_folder is not None else TextTables(out)
    if against:
        return report_against(res, against, chosen, sink, (files, against), (out, as_json, csv_folder))
    if rule_sets:
        return report_rule_sets(res, studies, chosen, out, plots)
    say = out if not as_json else None  # with --json, stdout holds the JSON document alone
    groups: list[list[str]] = [studies] if pool or by or len(studies) == 1 else [[key] for key in studies]
    if len(groups) > 1:
        sink.text(f"{len(studies)} studies (configurations): one report each (--pool reads them together)")
        sink.text()
    import duckdb

    try:
        for group in groups:
            res.focus(group, chosen)
            print_one(res, sink, by)
            if plots is not None:
                write_charts(say, res, plots if len(groups) == 1 else str(Path(plots) / group[0]), by)
    except duckdb.Error as e:  # out of memory or disk for its spill files, a file gone meanwhile
        raise RunFailure("error", f"the report could not be computed: {str(e).splitlines()[0]}") from None
    finish_data(sink, out, as_json, csv_folder)
    return 0


def report_against(res: Any, against: list[str], chosen: dict[str, str], sink: Any, names: tuple[list[str], list[str]], finish: tuple[Any, bool, Optional[Path]]) -> int:
    """--against B: the studies given (A, pooled) against those of B (pooled), faction by faction."""
    from ..sim.against import print_against
    from ..sim.report import ReportError, Results

    try:
        other = Results(against)
        other_studies = other.studies(chosen)
    except ReportError as e:
        raise CliError(f"--against: {e}") from None
    if not other_studies:
        raise CliError("--against: no game there matches the --where given")
    res.focus(res.studies(chosen), chosen)
    other.focus(other_studies, chosen)
    print_against(res, other, sink, (" ".join(names[0]), " ".join(names[1])))
    finish_data(sink, *finish)
    return 0


def report_rule_sets(res: Any, studies: list[str], chosen: dict[str, str], out: Out, plots: Optional[str]) -> int:
    """--rule-sets: each bot of another rule set against its official counterpart."""
    from ..sim.rule_sets import PLOT_FILE, comparisons, plot_rule_sets, print_rule_set_comparison

    from ..sim.report import print_stand_ins

    res.focus(studies, chosen)
    print_rule_set_comparison(res, out)
    print_stand_ins(res, out, studies)
    pairs = comparisons(res)
    if plots is not None and pairs:
        out.text()
        out.text(f"Wrote {plot_rule_sets(pairs, Path(plots) / PLOT_FILE)}")
    return 0


def print_one(res: Any, sink: Any, by: Optional[list[str]]) -> None:
    """One report: the whole one, or the comparison by fields."""
    from ..sim.report import print_by_report, print_report

    if by:
        print_by_report(res, sink, by)
    else:
        print_report(res, sink)


def check_csv_folder(csv_dir: Optional[str]) -> Optional[Path]:
    """--csv DIR: a folder (made when the files are written), not a file."""
    if csv_dir is None:
        return None
    folder = Path(csv_dir)
    if folder.exists() and not folder.is_dir():
        raise CliError(f"--csv: {csv_dir} is a file, not a folder")
    return folder


def finish_data(sink: Any, out: Out, as_json: bool, csv_folder: Optional[Path]) -> None:
    """--json: the document on stdout; --csv: the files, each named on a line (on stderr with --json)."""
    import sys

    if as_json:
        sink.write_json(sys.stdout)
    if csv_folder is not None:
        try:
            written = sink.write_csv(csv_folder)
        except OSError as e:
            raise RunFailure("error", f"--csv: cannot write in {csv_folder}: {e.strerror or e}") from None
        for path in written:
            print(f"Wrote {path}", file=sys.stderr if as_json else sys.stdout)


def write_charts(out: Optional[Out], res: Any, plots: str, by: Optional[list[str]] = None) -> None:
    """--plots DIR: the PNG charts (matplotlib), with --by a heat map per field, and a line for
    each file written or skipped."""
    from ..sim.plots import write_heatmaps, write_plots

    folder = Path(plots)
    if folder.exists() and not folder.is_dir():
        raise CliError(f"--plots: {plots} is a file, not a folder")
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise CliError(f"--plots: {NEED_SIM}") from None
    written, notes = write_plots(res, folder)
    if by and res.ok:
        written += write_heatmaps(res, folder, by)
    if out is None:
        return
    out.text()
    for p in written:
        out.text(f"Wrote {p}")
    for note in notes:
        out.text(note)


def register(app: Any) -> None:
    """Add ``rootbotics report`` to ``app``."""
    import typer

    from ..sim.compare import BY_FIELDS

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
        by: Annotated[
            Optional[list[str]],
            typer.Option(
                "--by", metavar="FIELD",
                help=f"Compare the games selected (all the studies given, or those --where keeps) by FIELD: win rate and "
                f"final VP of each faction for each value. Fields: {', '.join(BY_FIELDS)}. Repeat for several.",
            ),
        ] = None,
        as_json: Annotated[
            bool, typer.Option("--json", help="Print every table as data (typed values, one JSON document) instead of the text report.")
        ] = False,
        csv_dir: Annotated[
            Optional[str], typer.Option("--csv", metavar="DIR", help="Write every table as a CSV file into DIR (<study>-<table>.csv).")
        ] = None,
        against: Annotated[
            Optional[list[str]],
            typer.Option(
                "--against", metavar="FILES",
                help="Compare the studies given (A) with these result files or folders (B): each faction's win rate "
                "in both and the change with its 95% interval. Repeat for several.",
            ),
        ] = None,
        rule_sets: Annotated[
            bool,
            typer.Option("--rule-sets", help="Compare each bot of another rule set (marquise@bbp) with its official counterpart in the same line-up: win rate with 95% interval, VP per round."),
        ] = False,
    ) -> int:
        return run_report(files, plots, pool, where, by, as_json, csv_dir, against, rule_sets)
