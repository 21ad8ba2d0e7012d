"""``rootbotics soak``: the soak of ``rootbotics.soak`` (many random seeded games, every
invariant checked after every event) as a command.

No ``from __future__ import annotations`` here: typer reads the annotations at run time.
"""

import os
import time
from typing import Annotated, Any, Optional

from .common import CliError, check_out_folder
from .output import Out

HELP = (
    "Play many random seeded games with every invariant checked after every event.\n\n"
    "Game I of a soak with seed S draws its bots (2 to 6 of those built, in a random seat order), map, "
    "difficulties and trait sets from S and I, so the same command plays the same games. Prints the games "
    "played, the failures and the failing seeds; each failure is saved in OUT as soak-failure-SEED.json "
    "(error, traceback, configuration) and soak-failure-SEED.position.json (the position at the start of the "
    "failing turn, for 'rootbotics play --from FILE --check'). The progress is written as the soak goes "
    "(OUT/soak-progress-SEED.json): the same command run again after a kill plays only the games not done.\n\n"
    "Programs: by default half the games seat one built-in program (random or greedy) in a human faction "
    "whose Law of Root is built; --programs every seats one or more in every game, beside at least one bot.\n\n"
    "Exit codes: 0 every game passed, 1 some failed, 2 bad input."
)


def run_soak(games: int, jobs: Optional[int], seed: int, out: str, programs: str = "half") -> int:
    """Check the options, run the soak (resuming from its progress file) under a progress bar,
    print its summary; exit code 1 if a game failed."""
    from ..soak import MAX_GAMES, PROGRAM_MODES, SoakProgressError, summary

    if games < 1:
        raise CliError(f"--games: {games} must be at least 1")
    if games > MAX_GAMES:
        raise CliError(f"--games: {games} is more than one soak plays ({MAX_GAMES:,})")
    if jobs is not None and jobs < 1:
        raise CliError(f"--jobs: {jobs} must be at least 1")
    if programs not in PROGRAM_MODES:
        raise CliError(f"--programs: {programs!r} is not one of {', '.join(PROGRAM_MODES)}")
    folder = check_out_folder(out)
    jobs = jobs or os.cpu_count() or 1
    term = Out()
    term.text(f"soak: {games} games from seed {seed} on {jobs} process{'es' if jobs != 1 else ''}, failures and progress saved in {out}/")
    start = time.perf_counter()
    try:
        report = soak_with_progress(games, jobs, seed, str(folder), programs)
    except SoakProgressError as e:
        raise CliError(str(e)) from None
    for line in summary(report, time.perf_counter() - start):
        term.text(line)
    return 1 if report.failures else 0


def soak_with_progress(games: int, jobs: int, seed: int, folder: str, programs: str = "half") -> Any:
    """The soak under a progress bar on stderr: games done (those of an earlier run counted as
    done at the start), games/s, failures, time left."""
    from rich.console import Console

    from ..soak import soak
    from .simulate import progress_bar

    left = missing_games(games, seed, folder, programs)  # a damaged progress file stops the soak here, before any bar
    progress = progress_bar(Console(stderr=True), "soaking")
    failed = [0]
    with progress:
        task = progress.add_task("soak", total=games, failed=0)
        progress.update(task, completed=games - left)

        def on_chunk(results: list[Any]) -> None:
            failed[0] += sum(1 for r in results if not r.ok)
            progress.update(task, advance=len(results), failed=failed[0])

        return soak(games, jobs, seed, folder, on_chunk=on_chunk, programs=programs)


def missing_games(games: int, seed: int, folder: str, programs: str = "half") -> int:
    """Games of the soak that an earlier run (its progress file) has not played."""
    from ..soak import load_progress

    return sum(b - a for a, b in load_progress(folder, seed, programs).missing(0, games))


def register(app: Any) -> None:
    """Add ``rootbotics soak`` to ``app``."""
    import typer

    @app.command("soak", help=HELP)
    def soak_command(
        games: Annotated[int, typer.Option("--games", metavar="N", help="How many games. Default: 1000.", show_default=False)] = 1000,
        jobs: Annotated[
            Optional[int], typer.Option("--jobs", "-j", metavar="N", help="Worker processes. Default: one per CPU.")
        ] = None,
        seed: Annotated[int, typer.Option("--seed", metavar="N", help="The soak's seed. Default: 1.", show_default=False)] = 1,
        out: Annotated[
            str, typer.Option("--out", metavar="DIR", help="Folder for failure files. Default: soak-failures.", show_default=False)
        ] = "soak-failures",
        programs: Annotated[
            str, typer.Option("--programs", metavar="half|every", help="Seat built-in programs in half the games (default) or in every game.", show_default=False)
        ] = "half",
    ) -> int:
        return run_soak(games, jobs, seed, out, programs)
