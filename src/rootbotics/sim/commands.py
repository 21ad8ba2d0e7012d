"""``rootbotics simulate``, ``rootbotics report`` and ``rootbotics replay``.

``register(app)`` adds the three commands to the typer application of ``cli.py``; the work is
done by ``run_simulate``, ``run_report`` and ``run_replay``, which raise ``cli.CliError`` for
bad input (one line on stderr, exit code 2) like the other commands.

No ``from __future__ import annotations`` here: typer reads the annotations at run time.
"""

import os
import sys
import time
import traceback
from datetime import datetime, timezone
from pathlib import Path
from typing import Annotated, Any, Optional

from ..cli import CliError, Out, RunFailure, check_out_folder, config_problem, load_position, parse_bots, parse_difficulty, parse_map, parse_traits, score_table, turn_writer, winner_line
from .study import Study

NEED_SIM = "the 'sim' extra is needed: pip install 'rootbotics[sim]'"
EXIT_INTERRUPTED = 130  # the usual code for a run stopped by Ctrl-C


# -- checking the input --------------------------------------------------------------------------
def parse_shard(text: Optional[str]) -> Optional[tuple[int, int]]:
    """``"2/8"`` -> ``(2, 8)``: the second of eight slices (1-based)."""
    if text is None:
        return None
    parts = text.split("/")
    try:
        i, n = (int(p) for p in parts) if len(parts) == 2 else (None, None)  # type: ignore[misc]
    except ValueError:
        i = n = None
    if i is None or n is None or n < 1 or not 1 <= i <= n:
        raise CliError(f"--shard: expected i/N with 1 <= i <= N, e.g. --shard 1/4 (got {text!r})")
    return i, n


def make_study(
    bots: str,
    map_name: Optional[str],
    max_rounds: Optional[int],
    difficulty: Optional[str],
    traits: Optional[str],
    rotate_seats: bool = False,
) -> Study:
    from ..game import DEFAULT_MAX_ROUNDS, ConfigError

    factions = parse_bots(bots)
    study = Study(
        bots=tuple(factions),
        map=parse_map(map_name if map_name is not None else "fall"),
        max_rounds=max_rounds if max_rounds is not None else DEFAULT_MAX_ROUNDS,
        difficulty=parse_difficulty(difficulty, factions),
        traits=parse_traits(traits, factions),
        rotate_seats=rotate_seats,
    )
    try:
        study.config(0).validate()
    except ConfigError as e:
        raise config_problem(e) from None
    return study


def need_sim_extra() -> None:
    try:
        import duckdb  # noqa: F401
        import pyarrow  # noqa: F401
    except ImportError:
        raise CliError(NEED_SIM) from None


# -- rootbotics simulate ------------------------------------------------------------------------
def run_simulate(
    bots: str,
    games: int,
    seed: int,
    jobs: Optional[int],
    out: str,
    map_name: Optional[str],
    max_rounds: Optional[int],
    difficulty: Optional[str],
    traits: Optional[str],
    shard_text: Optional[str],
    trajectory: bool,
    rotate_seats: bool,
    chunk_size: Optional[int],
    overwrite: bool,
) -> int:
    need_sim_extra()
    from . import runner

    study = make_study(bots, map_name, max_rounds, difficulty, traits, rotate_seats)
    if games < 1:
        raise CliError(f"--games: {games} must be at least 1")
    if jobs is not None and jobs < 1:
        raise CliError(f"--jobs: {jobs} must be at least 1")
    if chunk_size is not None and chunk_size < 1:
        raise CliError(f"--chunk-size: {chunk_size} must be at least 1")
    shard = parse_shard(shard_text)
    if shard is not None and shard[1] > games:
        raise CliError(f"--shard: {shard[1]} shards for {games} games leaves some shards without a game")
    folder = check_out_folder(out)
    jobs = jobs or os.cpu_count() or 1

    first, count = runner.shard_slice(seed, games, shard)
    size = chunk_size or runner.default_chunk_size(count)
    chunks = runner.plan_chunks(first, count, size)
    started = datetime.now(timezone.utc)
    term = Out()
    where = f"seeds {first}..{first + count - 1}" + (f" (shard {shard[0]}/{shard[1]} of seeds {seed}..{seed + games - 1})" if shard else "")
    term.text(
        f"Study {study.key()}: {study.lineup} on {study.map}{', seats rotated by seed' if rotate_seats else ''}; "
        f"{where}; {len(chunks)} chunk{'s' if len(chunks) != 1 else ''} of up to {size} games on {jobs} process{'es' if jobs != 1 else ''}"
    )

    from concurrent.futures.process import BrokenProcessPool

    try:
        result = _run_with_progress(study, chunks, folder, jobs, trajectory, overwrite, count)
    except BrokenProcessPool as e:  # a worker was killed (out of memory, a signal): not a game's fault
        raise RunFailure("error", f"a worker process died ({e}); the chunks already written are kept") from None
    except OSError as e:
        raise RunFailure("error", f"cannot write the results in {out}: {e.strerror or e}; the chunks already written are kept") from None
    manifest = runner.manifest_path(folder, study, first, count)
    runner.write_manifest(manifest, study, (first, count), shard, jobs, size, trajectory, result, started)
    print_run_summary(term, study, folder, chunks, result, manifest)
    if result.interrupted:
        return EXIT_INTERRUPTED
    return 0


def _run_with_progress(study: Study, chunks: list[tuple[int, int]], folder: Path, jobs: int, trajectory: bool, overwrite: bool, count: int) -> Any:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn, TextColumn, TimeElapsedColumn
    from rich.text import Text

    from . import runner

    class Rate(ProgressColumn):
        def render(self, task: Any) -> Text:
            elapsed = task.elapsed or 0.0
            rate = task.completed / elapsed if elapsed > 0 and task.completed else 0.0
            return Text(f"{rate:,.0f} games/s", style="cyan")

    class Eta(ProgressColumn):
        """Time left at the average rate so far (chunks arrive in bursts)."""

        def render(self, task: Any) -> Text:
            elapsed = task.elapsed or 0.0
            if not task.completed or elapsed <= 0 or task.total is None:
                return Text("ETA -:--:--", style="dim")
            left = (task.total - task.completed) * elapsed / task.completed
            return Text(f"ETA {time.strftime('%H:%M:%S', time.gmtime(left))}", style="dim")

    console = Console(stderr=True)
    progress = Progress(
        TextColumn("[bold]simulating"),
        BarColumn(),
        MofNCompleteColumn(),
        Rate(),
        TextColumn("{task.fields[failed]} failed"),
        TimeElapsedColumn(),
        Eta(),
        console=console,
        transient=False,
    )
    todo = sum(last - first + 1 for first, last in chunks if overwrite or not runner.chunk_done(folder, study, first, last, trajectory))
    if todo < count:
        console.print(f"resuming: {count - todo} games already on disk are kept (--overwrite plays them again)")
    failed = [0]
    with progress:
        task = progress.add_task("simulate", total=todo, failed=0)

        def on_chunk(s: Any) -> None:
            failed[0] += s.failed
            progress.update(task, advance=s.games, failed=failed[0])
            if progress.tasks[0].completed >= todo:
                progress.stop_task(task)  # the clock (and games/s) stop with the last game

        def on_interrupt(running: int) -> None:
            progress.console.print(
                f"interrupted: finishing the {running} chunk{'s' if running != 1 else ''} already handed to the workers "
                "(Ctrl-C again to abandon them)"
            )

        return runner.run_study(study, chunks, folder, jobs, trajectory, overwrite, on_chunk, on_interrupt)


def print_run_summary(out: Out, study: Study, folder: Path, chunks: list[tuple[int, int]], result: Any, manifest: Path) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    from .report import replay_command
    from .results import failure_path, games_path

    tables = [
        pq.read_table(p, columns=["seed", "status", "winner", "rounds", "turn_order", "error_type", "error_message"])
        for p in (games_path(folder, study, a, b) for a, b in chunks)
        if p.exists()
    ]
    rows = pa.concat_tables(tables).to_pylist() if tables else []
    rate = f" ({result.played / result.seconds:,.0f} games/s)" if result.seconds > 0 and result.played else ""
    out.text()
    out.text(f"Played {result.played} games in {result.seconds:.1f} s{rate}; {result.skipped} were already on disk")
    if result.interrupted:
        lost = len(chunks) - len([1 for a, b in chunks if games_path(folder, study, a, b).exists()])
        out.text(
            f"Interrupted: {len(rows)} games are on disk; {lost} chunk{'s' if lost != 1 else ''} not written"
            f"{f' ({result.abandoned} abandoned)' if result.abandoned else ''}. Run the same command again to play the rest."
        )
    ok = [r for r in rows if r["status"] == "ok"]
    if ok:
        wins: dict[str, int] = {}
        for r in ok:
            for w in r["winner"].split(","):
                wins[w] = wins.get(w, 0) + 1
        share = ", ".join(f"{f} {wins.get(f, 0)} ({100 * (wins.get(f, 0) / len(ok)):.1f}%)" for f in sorted(study.bots, key=lambda f: -wins.get(f, 0)))
        out.text(f"Wins in {len(ok)} finished games: {share}")
        out.text(f"Mean length: {sum(r['rounds'] for r in ok) / len(ok):.2f} rounds")
    bad = [r for r in rows if r["status"] != "ok"]
    if bad:
        out.text(f"Failures: {len(bad)} (recorded as rows with their seed, error and saved position)")
        for r in bad[:10]:
            out.text(f"  seed {r['seed']}: {r['error_type']}: {r['error_message']}")
            saved = failure_path(folder, study, r["seed"])
            if saved.exists():
                out.text(f"    replay: rootbotics replay {saved}")
            out.text(f"    replay: {replay_command(r['seed'], r['turn_order'], study.map, study.max_rounds)}")
        if len(bad) > 10:
            out.text(f"  ... and {len(bad) - 10} more")
    else:
        out.text("Failures: none")
    out.text(f"Results: {folder}/ (games-{study.key()}-*.parquet); run details: {manifest.name}")
    out.text(f"Report: rootbotics report {folder}/*.parquet")


# -- rootbotics report --------------------------------------------------------------------------
def run_report(files: list[str], plots: Optional[str]) -> int:
    need_sim_extra()
    from .report import ReportError, Results, print_report, write_plots

    try:
        res = Results(files)
    except ReportError as e:
        raise CliError(str(e)) from None
    out = Out()
    print_report(res, out)
    if plots is not None:
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
    return 0


# -- rootbotics replay --------------------------------------------------------------------------
def run_replay(
    file: Optional[str],
    seed: Optional[int],
    bots: Optional[str],
    map_name: Optional[str],
    max_rounds: Optional[int],
    difficulty: Optional[str],
    traits: Optional[str],
    quiet: bool,
) -> int:
    from ..core.context import Game
    from ..core.events import EventLog
    from ..game import new_game, play

    state: Any = None
    config: Any = None
    if file is not None:
        given = [o for o, v in (("--seed", seed), ("--bots", bots), ("--map", map_name), ("--difficulty", difficulty), ("--traits", traits)) if v is not None]
        recorded = read_game_record(file)
        if recorded is not None:
            if max_rounds is not None:
                given.append("--max-rounds")
            if given:
                raise CliError(f"{' and '.join(given)} cannot be used with a game record FILE: it replays the game as recorded")
            return run_replay_record(file, recorded, quiet)
        if given:
            raise CliError(f"{' and '.join(given)} cannot be used with a position FILE: it already says how the game stands")
        state = load_position(file)
        if max_rounds is not None:
            if max_rounds < 1:
                raise CliError(f"--max-rounds: {max_rounds} must be at least 1")
            state.options["max_rounds"] = max_rounds
        humans = [f for f in state.turn_order if not state.factions[f].is_bot]
        if humans and state.winner is None:
            raise CliError(f"{file}: the {humans[0]} seat is human; replay plays bot seats only")
    else:
        if seed is None or bots is None:
            raise CliError("replay: give a saved position FILE, or --seed and --bots (with --map and --max-rounds as in the study)")
        study = make_study(bots, map_name, max_rounds, difficulty, traits)
        config = study.config(seed)

    out = Out()
    log = EventLog()
    current: list[Any] = []
    if not quiet:
        log.listeners.append(turn_writer(out, current))
    if config is not None:
        out.text(f"Replaying seed {config.seed}: {', '.join(s.faction for s in config.seats)} on {config.map}, at most {config.max_rounds} rounds")
    else:
        out.text(f"Replaying {file}: round {state.round}, {state.current} to play")
    g: Any = None
    try:
        if config is not None:
            g = new_game(config, log=log)
        else:
            g = Game(state, log=log)
        current.append(g)
        play(g)
    except Exception as exc:
        out.text()
        where = f" in round {g.state.round}, {g.state.current}'s {g.state.phase}" if g is not None and g.state.turn_order else " during setup"
        out.text(f"The game failed again{where}:")
        sys.stdout.flush()
        traceback.print_exception(type(exc), exc, exc.__traceback__, file=sys.stderr)
        sys.stderr.flush()
        raise RunFailure("engine failure", f"{type(exc).__name__}: {exc}") from None
    finally:
        log.listeners.clear()
    out.text()
    score_table(out, g.state, f"Final scores after round {g.state.round}")
    out.text(winner_line(g.state))
    out.text("No failure: the game played to its end.")
    return 0


def read_game_record(file: str) -> Optional[dict[str, Any]]:
    """The JSON of ``file`` if it is a game record (format rootbotics-game), else None (then it
    is read as a saved position, whose loader names any problem)."""
    import json

    from ..record import FORMAT

    try:
        data = json.loads(Path(file).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        return None
    return data if isinstance(data, dict) and data.get("format") == FORMAT else None


def run_replay_record(file: str, recorded: dict[str, Any], quiet: bool) -> int:
    """Replay a game record (record.py): print the explained log, then say whether the replay
    rebuilt the recorded game (its event digest); a mismatch is one line and exit code 1."""
    from ..core.context import EngineFailure
    from ..core.events import EventLog
    from ..core.serial import StateError
    from ..record import ReplayMismatch, check_record, replay

    try:
        config = check_record(recorded)
    except StateError as e:
        raise CliError(f"{file}: {e}") from None
    out = Out()
    log = EventLog()
    current: list[Any] = []
    if not quiet:
        log.listeners.append(turn_writer(out, current))
    lineup = ", ".join(f"{s.faction}" + (f" ({s.difficulty})" if s.difficulty != "default" else "") + (f" [{'+'.join(s.traits)}]" if s.traits else "") for s in config.seats)
    out.text(f"Replaying the game recorded in {file}: {lineup} on {config.map}, seed {config.seed}")
    try:
        g = replay(recorded, on_start=current.append, log=log)
    except ReplayMismatch as e:
        raise RunFailure("replay mismatch", f"{file}: {e}") from None
    except EngineFailure as e:
        raise RunFailure("replay mismatch", f"{file}: the recorded game ended but the replay failed: {e}") from None
    except Exception as exc:  # an engine bug: show where, as a failing position's replay does
        out.text()
        out.text("The replay failed:")
        sys.stdout.flush()
        traceback.print_exception(type(exc), exc, exc.__traceback__, file=sys.stderr)
        sys.stderr.flush()
        raise RunFailure("engine failure", f"{type(exc).__name__}: {exc}") from None
    finally:
        log.listeners.clear()
    result = recorded.get("result", {})
    out.text()
    score_table(out, g.state, f"Final scores after round {g.state.round}")
    out.text(winner_line(g.state))
    if "digest" in result:
        out.text(f"The replay matched the record: {len(g.log)} events, digest {str(result['digest'])[:12]}.")
    else:
        out.text("The record holds no digest, so the replay could not be checked against it.")
    return 0


# -- the typer commands -------------------------------------------------------------------------
SIMULATE_HELP = (
    "Play many seeded games of bots and write the results as Parquet files.\n\n"
    "Games with seeds SEED..SEED+GAMES-1 are played on JOBS processes, in chunks; each chunk is written "
    "to OUT as soon as it is finished (games-*.parquet, and rounds-*.parquet with --vp-trajectory), so "
    "Ctrl-C loses no finished game and running the same command again plays only what is missing. "
    "A game that fails is recorded with its error and saved position, and the run goes on. "
    "The same study and seed always give the same row.\n\n"
    "Exit codes: 0 done, 2 bad input, 130 stopped by Ctrl-C."
)
REPORT_HELP = (
    "Print win rates (with 95% Wilson intervals) by faction, map, difficulty and seat, game length, "
    "scores, VP by round and failures from simulation results; --plots writes PNG charts.\n\n"
    "FILES are result files (games-*.parquet, rounds-*.parquet) or folders holding them; the files of "
    "several shards can be read together."
)
REPLAY_HELP = (
    "Play one game again and explain every step: a game of a study (--seed, --bots, --map, --max-rounds, "
    "and --difficulty or --traits if the study had them), a saved position FILE (a failing game's "
    "failed-*.json) or a game record FILE written by 'rootbotics play --record'.\n\n"
    "A game record is replayed from its setup and checked against the digest of its recorded log: a "
    "mismatch is one line and exit code 1. If a game fails again, the traceback is printed and the exit code is 1."
)


def register(app: Any) -> None:
    import typer

    from ..factions import PLAYABLE_BOTS
    from ..core.maps import MAP_NAMES
    from ..core.state import DIFFICULTIES

    example = ",".join(PLAYABLE_BOTS)
    bots_help = f"The bots that play, separated by commas, in seat order. Bots: {', '.join(PLAYABLE_BOTS)}."
    map_help = f"The map. Maps: {', '.join(MAP_NAMES)}. Default: fall."
    rounds_help = "A game with no winner after N rounds is recorded as a failure (EngineFailure). Default: 150."
    difficulty_help = (
        f"Difficulty of every bot (e.g. nightmare) or per bot (e.g. eyrie=easy,marquise=nightmare). "
        f"Levels: {', '.join(DIFFICULTIES)}. Default: default."
    )
    traits_help = "Traits per bot, e.g. marquise=fortified+hospitals,eyrie=swoop ('rootbotics play --help' lists them). Default: none."

    @app.command("simulate", help=SIMULATE_HELP)
    def simulate_command(
        bots: Annotated[str, typer.Option("--bots", metavar="NAMES", help=f"{bots_help} Example: --bots {example}.")],
        games: Annotated[int, typer.Option("--games", metavar="N", help="How many games. Default: 1000.", show_default=False)] = 1000,
        seed: Annotated[int, typer.Option("--seed", metavar="N", help="The first game's seed. Default: 1.", show_default=False)] = 1,
        jobs: Annotated[
            Optional[int], typer.Option("--jobs", "-j", metavar="N", help="Worker processes. Default: one per CPU.")
        ] = None,
        out: Annotated[str, typer.Option("--out", metavar="DIR", help="Folder for the result files. Default: results.", show_default=False)] = "results",
        map_name: Annotated[Optional[str], typer.Option("--map", metavar="MAP", help=map_help)] = None,
        max_rounds: Annotated[Optional[int], typer.Option("--max-rounds", metavar="N", help=rounds_help)] = None,
        difficulty: Annotated[Optional[str], typer.Option("--difficulty", metavar="LEVELS", help=difficulty_help)] = None,
        traits: Annotated[Optional[str], typer.Option("--traits", metavar="TRAITS", help=traits_help)] = None,
        shard: Annotated[
            Optional[str],
            typer.Option(
                "--shard",
                metavar="I/N",
                help="Play only the I-th of N equal slices of the seed range (1-based), e.g. one per machine; "
                "the shards' files can be put in one folder and read together.",
            ),
        ] = None,
        vp_trajectory: Annotated[
            bool, typer.Option("--vp-trajectory", help="Also write each player's VP at the end of every round (rounds-*.parquet).")
        ] = False,
        rotate_seats: Annotated[
            bool,
            typer.Option(
                "--rotate-seats",
                help="Rotate the seat order by game: game S turns the list of bots left by S mod the number of "
                "bots, so each bot plays from each seat equally often.",
            ),
        ] = False,
        chunk_size: Annotated[
            Optional[int],
            typer.Option("--chunk-size", metavar="N", help="Games per result file. Default: about 1/50 of the games, 10 to 250."),
        ] = None,
        overwrite: Annotated[
            bool, typer.Option("--overwrite", help="Play and write again chunks whose files are already in the folder.")
        ] = False,
    ) -> int:
        return run_simulate(
            bots, games, seed, jobs, out, map_name, max_rounds, difficulty, traits, shard, vp_trajectory, rotate_seats, chunk_size, overwrite
        )

    @app.command("report", help=REPORT_HELP)
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

    @app.command("replay", help=REPLAY_HELP)
    def replay_command(
        file: Annotated[
            Optional[str],
            typer.Argument(
                metavar="[FILE]",
                help="A saved position (a failing game's failed-*.json) or a game record (rootbotics play --record FILE).",
                show_default=False,
            ),
        ] = None,
        seed: Annotated[Optional[int], typer.Option("--seed", metavar="N", help="The game's seed.")] = None,
        bots: Annotated[
            Optional[str],
            typer.Option("--bots", metavar="NAMES", help="The bots in the game's turn order (a result row's turn_order), separated by commas."),
        ] = None,
        map_name: Annotated[Optional[str], typer.Option("--map", metavar="MAP", help=map_help)] = None,
        max_rounds: Annotated[
            Optional[int],
            typer.Option("--max-rounds", metavar="N", help="The study's round limit: no winner after N rounds is an engine failure. Default: 150."),
        ] = None,
        difficulty: Annotated[Optional[str], typer.Option("--difficulty", metavar="LEVELS", help=difficulty_help)] = None,
        traits: Annotated[Optional[str], typer.Option("--traits", metavar="TRAITS", help=traits_help)] = None,
        quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print only the outcome, not the log.")] = False,
    ) -> int:
        return run_replay(file, seed, bots, map_name, max_rounds, difficulty, traits, quiet)
