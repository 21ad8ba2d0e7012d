"""``rootbotics simulate``: play many seeded games of a study on worker processes and write
the results as Parquet files (the engine of it is ``sim.runner``), with a progress bar and a
summary.

No ``from __future__ import annotations`` here: typer reads the annotations at run time.
"""

import os
import time
from dataclasses import dataclass
from datetime import datetime, timezone
from types import SimpleNamespace
from typing import Any, Optional

from .common import CliError, table_value_options, table_values, RunFailure, check_out_folder, faction_options, make_study, need_sim_extra, parse_bots, parse_lineup, parse_programs, option, study_option_help
from .output import Out

EXIT_INTERRUPTED = 130  # the usual code for a run stopped by Ctrl-C

HELP = (
    "Play many seeded games of bots and write the results as Parquet files.\n\n"
    "Games with seeds SEED..SEED+GAMES-1 are played on JOBS processes, in chunks; each chunk is written "
    "to OUT as soon as it is finished (games-*.parquet, and rounds-*.parquet with --vp-trajectory), so "
    "Ctrl-C loses no finished game and running the same command again plays only what is missing. "
    "A game that fails is recorded with its error and saved position, and the run goes on. "
    "The same study and seed always give the same row.\n\n"
    "Several --bots, maps or difficulties make a grid: each cell (line-up × map × difficulty) is its own "
    "study, played in turn into the same folder (e.g. --bots marquise,eyrie --bots marquise,eyrie,vagabot "
    "--map fall,winter --difficulty default,nightmare: eight studies).\n\n"
    "Exit codes: 0 done, 2 bad input, 130 stopped by Ctrl-C."
)


@dataclass
class SimulateArgs:
    """The options of ``rootbotics simulate`` as given."""

    bots: list[str]
    games: int
    seed: int
    jobs: Optional[int]
    out: str
    map_name: Optional[list[str]]
    max_rounds: Optional[int]
    difficulty: Optional[list[str]]
    traits: Optional[str]
    shard: Optional[str]
    vp_trajectory: bool
    rotate_seats: bool
    chunk_size: Optional[int]
    overwrite: bool
    suits: Optional[str] = None
    vagabot_character: Optional[str] = None
    riverfolk_services: Optional[str] = None
    ray: Optional[str] = None
    cult_outcast_max: Optional[int] = None
    programs: Optional[str] = None
    deck_cards: Optional[str] = None
    raccoon_paths: Optional[str] = None
    otters_export: Optional[str] = None
    alliance_sympathy: Optional[str] = None
    marquise_cards: Optional[str] = None


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


MAX_GAMES = 10**9  # a study's bound: more would not finish in a lifetime on one machine
SEED_MIN, SEED_MAX = -(2**63), 2**63 - 1  # seeds are stored as 64-bit integers (Parquet)


def check_counts(a: SimulateArgs) -> Optional[tuple[int, int]]:
    """--games, --jobs and --chunk-size are at least 1; the --shard, if any, has games."""
    if a.games < 1:
        raise CliError(f"--games: {a.games} must be at least 1")
    if a.games > MAX_GAMES:
        raise CliError(f"--games: {a.games} is more than one study plays ({MAX_GAMES:,}); split it with --seed")
    if a.seed < SEED_MIN or a.seed + a.games - 1 > SEED_MAX:
        raise CliError(f"--seed: the seeds {a.seed}..{a.seed + a.games - 1} must lie within {SEED_MIN}..{SEED_MAX} (64-bit results)")
    if a.jobs is not None and a.jobs < 1:
        raise CliError(f"--jobs: {a.jobs} must be at least 1")
    if a.chunk_size is not None and a.chunk_size < 1:
        raise CliError(f"--chunk-size: {a.chunk_size} must be at least 1")
    shard = parse_shard(a.shard)
    if shard is not None and shard[1] > a.games:
        raise CliError(f"--shard: {shard[1]} shards for {a.games} games leaves some shards without a game")
    return shard


def grid_studies(a: SimulateArgs) -> list[Any]:
    """The studies of the grid the options give: every line-up (--bots, repeatable) on every map
    (--map fall,winter) at every difficulty (--difficulty default,nightmare; a per-bot setting
    with ``=`` is one cell), each checked; a cell given twice is one study."""
    options = faction_options(a.vagabot_character, a.riverfolk_services, cult_outcast_max=a.cult_outcast_max, deck_cards=a.deck_cards)
    options.update(table_value_options(table_values(a)))
    maps = [m.strip().lower() for text in a.map_name or () for m in text.split(",")] or [None]
    levels = [cell for text in a.difficulty or () for cell in difficulty_cells(text)] or [None]
    studies = [
        make_study(bots, map_name, a.max_rounds, level, a.traits, a.rotate_seats, cell_options(options, bots, a.bots), a.suits, parse_programs(a.programs))
        for bots in a.bots
        for map_name in maps
        for level in levels
    ]
    return list({study.key(): study for study in studies}.values())


def cell_options(options: dict[str, object], bots: str, lineups: list[str]) -> dict[str, object]:
    """The options of a line-up of the grid: --vagabot-character only where the vagabot plays,
    --cult-outcast-max only where the Clockwork Cult (lizards@bbp) does (each must play in at
    least one line-up)."""
    if len(lineups) == 1:
        return options
    from ..core.faction import faction_title
    from ..factions import TABLE_VALUES

    kept = dict(options)
    seated = [  # a value lost from the text only where its bot plays (issue 29)
        (v.key, v.flag, f"the {faction_title(v.faction, 'bot', v.rule_set)} ({v.faction}@{v.rule_set})", lambda text, v=v: (v.faction, v.rule_set) in zip(*parse_lineup(text)))
        for v in TABLE_VALUES.values()
    ]
    for key, flag, who, plays in (
        ("vagabot_character", "--vagabot-character", "the vagabot", lambda text: "vagabot" in parse_bots(text)),
        ("cult_outcast_max", "--cult-outcast-max", "the Clockwork Cult (lizards@bbp)", lambda text: ("lizards", "bbp") in zip(*parse_lineup(text))),
        *seated,
    ):
        if key not in options or plays(bots):
            continue
        if not any(plays(other) for other in lineups):
            raise CliError(f"{flag}: {who} is in none of the line-ups (--bots)")
        del kept[key]
    return kept


def difficulty_cells(text: str) -> list[str]:
    """``default,nightmare`` -> two cells of the grid; ``eyrie=easy,marquise=nightmare`` is one."""
    return [text] if "=" in text else [level for level in text.split(",")]


def run_simulate(a: SimulateArgs) -> int:
    """Check the options, then play each study of the grid in turn (its missing chunks), write
    its manifest and sum it up; Ctrl-C stops the grid after the study it cut short."""
    need_sim_extra()
    studies = grid_studies(a)
    shard = check_counts(a)
    folder = check_out(a.out)
    term = Out()
    if len(studies) > 1:
        term.text(f"Grid of {len(studies)} studies (line-ups × maps × difficulties), each its own study in {folder}/")
    for i, study in enumerate(studies, start=1):
        if len(studies) > 1:
            term.header(f"Study {i} of {len(studies)}")
        if run_one_study(a, term, study, shard, folder):
            return EXIT_INTERRUPTED
    if len(studies) > 1:
        term.text()
        term.text(f"Report (one per study): rootbotics report {folder}/")
    return 0


def check_out(out: str) -> Any:
    """--out: a local folder (``check_out_folder``), or a URI pyarrow's filesystem layer opens
    (``file://``, ``s3://``, ``gs://``, ...; ``sim.storage``), the folder made if missing."""
    from ..sim.storage import StorageError, is_uri, open_folder

    if not is_uri(out):
        return check_out_folder(out)
    try:
        folder = open_folder(out)
        if folder.is_file():
            raise CliError(f"--out: {out} is a file, not a folder")
        folder.mkdir(parents=True, exist_ok=True)
    except StorageError as e:
        raise CliError(f"--out: {e}") from None
    except OSError as e:
        raise CliError(f"--out: cannot make the folder {out}: {' '.join(str(e).split())}") from None
    return folder


def run_one_study(a: SimulateArgs, term: Out, study: Any, shard: Optional[tuple[int, int]], folder: Any) -> bool:
    """Play one study's missing chunks, write its manifest and sum it up; True if interrupted."""
    from concurrent.futures.process import BrokenProcessPool

    from ..sim import runner

    jobs = a.jobs or os.cpu_count() or 1
    first, count = runner.shard_slice(a.seed, a.games, shard)
    size = a.chunk_size or runner.default_chunk_size(count)
    chunks = runner.plan_chunks(first, count, size)
    started = datetime.now(timezone.utc)
    term.text(plan_line(a, study, shard, (first, count), len(chunks), size, jobs))
    try:
        result = run_with_progress(study, chunks, folder, jobs, a.vp_trajectory, a.overwrite, count, ray_backend_of(a, jobs))
    except BrokenProcessPool as e:  # a worker was killed (out of memory, a signal): not a game's fault
        raise RunFailure("error", f"a worker process died ({e}); the chunks already written are kept") from None
    except OSError as e:
        raise RunFailure("error", f"cannot write the results in {a.out}: {e.strerror or e}; the chunks already written are kept") from None
    manifest = runner.manifest_path(folder, study, first, count)
    runner.write_manifest(manifest, study, (first, count), shard, jobs, size, a.vp_trajectory, result, started)
    print_run_summary(term, study, folder, chunks, result, manifest)
    return bool(result.interrupted)


def ray_backend_of(a: SimulateArgs, jobs: int) -> Any:
    """--ray ADDRESS: the chunks go to Ray (``local``: a runtime on this machine's ``jobs`` cores;
    ``auto`` or ``ray://host:port``: a cluster); None: the process pool."""
    if a.ray is None:
        return None
    from ..sim.ray_runner import RayUnavailable, ray_backend, start_ray

    try:
        start_ray(a.ray, jobs)  # fails now, in one line, rather than after the progress bar
    except RayUnavailable as exc:
        raise CliError(str(exc)) from None
    return ray_backend(a.ray, jobs)


def plan_line(
    a: SimulateArgs, study: Any, shard: Optional[tuple[int, int]], seeds: tuple[int, int], chunks: int, size: int, jobs: int
) -> str:
    """The first line: the study, the seeds, the chunks and the processes."""
    first, count = seeds
    where = f"seeds {first}..{first + count - 1}" + (f" (shard {shard[0]}/{shard[1]} of seeds {a.seed}..{a.seed + a.games - 1})" if shard else "")
    return (
        f"Study {study.key()}: {study.lineup} on {study.map}{settings_words(study)}{', seats rotated by seed' if a.rotate_seats else ''}; "
        f"{where}; {chunks} chunk{'s' if chunks != 1 else ''} of up to {size} games on "
        + (f"Ray ({a.ray})" if a.ray else f"{jobs} process{'es' if jobs != 1 else ''}")
    )


def settings_words(study: Any) -> str:
    """The settings of a study other than its line-up and map, in a few words (empty: none)."""
    words = [f"{f}={study.difficulty_of(f)}" for f in study.bots if study.difficulty_of(f) != "default"]
    words += [f"{f}={'+'.join(study.traits_of(f))}" for f in study.bots if study.traits_of(f)]
    words += [f"{f} played by the {p} program" for f, p in study.programs.items()]
    words += [f"{k}={v}" for k, v in study.options if k != "programs"]
    words += ["suits as given"] if study.suits else []
    return f" ({', '.join(words)})" if words else ""


def progress_bar(console: Any, label: str = "simulating") -> Any:
    """A rich progress bar on stderr: games done, games/s, failures, time so far and left."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn, TextColumn, TimeElapsedColumn
    from rich.text import Text

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

    return Progress(
        TextColumn(f"[bold]{label}"),
        BarColumn(),
        MofNCompleteColumn(),
        Rate(),
        TextColumn("{task.fields[failed]} failed"),
        TimeElapsedColumn(),
        Eta(),
        console=console,
        transient=False,
    )


def run_with_progress(
    study: Any, chunks: Any, folder: Any, jobs: int, trajectory: bool, overwrite: bool, count: int, backend: Any = None
) -> Any:
    """Play the chunks not yet on disk (all with ``overwrite``) under the progress bar."""
    from rich.console import Console

    from ..sim import runner

    console = Console(stderr=True)
    progress = progress_bar(console)
    on_disk = [] if overwrite else runner.chunks_on_disk(folder, study, chunks, trajectory)
    todo = count - sum(last - first + 1 for first, last in on_disk)
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

        return runner.run_study(study, chunks, folder, jobs, trajectory, overwrite, on_chunk, on_interrupt, backend)


def print_run_summary(out: Out, study: Any, folder: Any, chunks: Any, result: Any, manifest: Any) -> None:
    """Games played and their speed, what an interruption left, wins, length, failures, files
    (counted in Arrow, one chunk's file at a time: ``sim.runner.summarise``)."""
    from ..sim.results import games_path
    from ..sim.runner import chunks_on_disk, summarise

    on_disk = [games_path(folder, study, a, b) for a, b in chunks_on_disk(folder, study, chunks, False)]  # sound games files only
    summary = summarise(on_disk)
    rate = f" ({result.played / result.seconds:,.0f} games/s)" if result.seconds > 0 and result.played else ""
    out.text()
    out.text(f"Played {result.played} games in {result.seconds:.1f} s{rate}; {result.skipped} were already on disk")
    if result.interrupted:
        lost = len(chunks) - len(on_disk)
        out.text(
            f"Interrupted: {summary.games} games are on disk; {lost} chunk{'s' if lost != 1 else ''} not written"
            f"{f' ({result.abandoned} abandoned)' if result.abandoned else ''}. Run the same command again to play the rest."
        )
    print_wins(out, study, summary)
    print_failures(out, study, folder, summary)
    out.text(f"Results: {folder}/ (games-{study.key()}-*.parquet); run details: {manifest.name}")
    out.text(f"Report: rootbotics report {folder}/*.parquet")


def print_wins(out: Out, study: Any, summary: Any) -> None:
    """Each bot's wins in the finished games (most first) and the mean length."""
    ok, wins = summary.ok, summary.wins
    if not ok:
        return
    share = ", ".join(f"{f} {wins.get(f, 0)} ({100 * (wins.get(f, 0) / ok):.1f}%)" for f in sorted(study.bots, key=lambda f: -wins.get(f, 0)))
    out.text(f"Wins in {ok} finished games: {share}")
    out.text(f"Mean length: {summary.mean_rounds:.2f} rounds")


def print_failures(out: Out, study: Any, folder: Any, summary: Any) -> None:
    """The failed games (the first ten), each with the commands that replay it."""
    from ..sim.report import replay_command
    from ..sim.results import failure_path

    if not summary.failed:
        out.text("Failures: none")
        return
    out.text(f"Failures: {summary.failed} (recorded as rows with their seed, error and saved position)")
    for r in summary.failures:
        out.text(f"  seed {r['seed']}: {r['error_type']}: {r['error_message']}")
        saved = failure_path(folder, study, r["seed"])
        if saved.exists():
            out.text(f"    replay: rootbotics replay {saved}")
        seats = [{"faction": f, "difficulty": study.difficulty_of(f), "traits": study.traits_of(f), "rule_set": study.rule_set_of(f)} for f in r["turn_order"]]
        out.text(f"    replay: {replay_command(r['seed'], seats, study.map, study.max_rounds, study.options_json())}")
    if summary.failed > len(summary.failures):
        out.text(f"  ... and {summary.failed - len(summary.failures)} more")


def simulate_options() -> SimpleNamespace:
    """The options' declarations, by parameter name (typer reads them from the annotations)."""
    from .common import bot_names
    from .play import game_options

    shared = study_option_help()
    play = game_options()
    bots_help = (
        f"The bots that play, separated by commas, in seat order. Bots: {bot_names()}. "
        "marquise@bbp seats a bot of the Better Bot Project v5; bbp:marquise,eyrie seats them all so."
    )

    return SimpleNamespace(
        bots=option(
            list[str], "--bots", metavar="NAMES",
            help=f"{bots_help} Example: --bots marquise,eyrie,vagabot. Repeat it to play several line-ups, each its own study.",
            show_default=False,
        ),
        games=option(int, "--games", metavar="N", help="How many games. Default: 1000.", show_default=False),
        seed=option(int, "--seed", metavar="N", help="The first game's seed. Default: 1.", show_default=False),
        jobs=option(Optional[int], "--jobs", "-j", metavar="N", help="Worker processes. Default: one per CPU."),
        out=option(str, "--out", metavar="DIR", help="Folder for the result files, or a URI pyarrow opens (file://, s3://, gs://, ...). Default: results.", show_default=False),
        map_name=option(
            Optional[list[str]], "--map", metavar="MAPS",
            help=f"{shared['map']} Several, separated by commas (or the option repeated), make a study per map.",
        ),
        max_rounds=option(
            Optional[int], "--max-rounds", metavar="N",
            help="A game with no winner after N rounds is recorded as a failure (EngineFailure). Default: 150.",
        ),
        difficulty=option(
            Optional[list[str]], "--difficulty", metavar="LEVELS",
            help=f"{shared['difficulty']} Several levels, separated by commas (default,nightmare), or the option "
            "repeated, make a study per level.",
        ),
        traits=option(Optional[str], "--traits", metavar="TRAITS", help=shared["traits"]),
        **{name: getattr(play, name) for name in (
            "suits", "vagabot_character", "riverfolk_services", "cult_outcast_max", "programs", "deck_cards",
            "raccoon_paths", "otters_export", "alliance_sympathy", "marquise_cards",  # read off a table's boards (issue 29)
        )},
        shard=option(
            Optional[str], "--shard", metavar="I/N",
            help="Play only the I-th of N equal slices of the seed range (1-based), e.g. one per machine; "
            "the shards' files can be put in one folder and read together.",
        ),
        vp_trajectory=option(bool, "--vp-trajectory", help="Also write each player's VP at the end of every round (rounds-*.parquet)."),
        rotate_seats=option(
            bool, "--rotate-seats",
            help="Rotate the seat order by game: game S turns the list of bots left by S mod the number of bots, so each bot plays from each seat equally often.",
        ),
        chunk_size=option(Optional[int], "--chunk-size", metavar="N", help="Games per result file. Default: about 1/50 of the games, 10 to 250."),
        overwrite=option(bool, "--overwrite", help="Play and write again chunks whose files are already in the folder."),
        ray=option(
            Optional[str], "--ray", metavar="ADDRESS",
            help="Play the chunks as Ray tasks: 'local' starts a Ray runtime on this machine's --jobs cores, "
            "'auto' or 'ray://host:port' uses a running cluster (needs the ray extra; docs/studies-on-ray.md).",
        ),
    )  # fmt: skip


def register(app: Any) -> None:
    """Add ``rootbotics simulate`` to ``app``."""
    o = simulate_options()

    @app.command("simulate", help=HELP)
    def simulate_command(
        bots: o.bots,
        games: o.games = 1000,
        seed: o.seed = 1,
        jobs: o.jobs = None,
        out: o.out = "results",
        map_name: o.map_name = None,
        max_rounds: o.max_rounds = None,
        difficulty: o.difficulty = None,
        traits: o.traits = None,
        shard: o.shard = None,
        vp_trajectory: o.vp_trajectory = False,
        rotate_seats: o.rotate_seats = False,
        chunk_size: o.chunk_size = None,
        overwrite: o.overwrite = False,
        suits: o.suits = None,
        vagabot_character: o.vagabot_character = None,
        riverfolk_services: o.riverfolk_services = None,
        ray: o.ray = None,
        cult_outcast_max: o.cult_outcast_max = None,
        programs: o.programs = None,
        deck_cards: o.deck_cards = None,
        raccoon_paths: o.raccoon_paths = None,
        otters_export: o.otters_export = None,
        alliance_sympathy: o.alliance_sympathy = None,
        marquise_cards: o.marquise_cards = None,
    ) -> int:
        return run_simulate(SimulateArgs(**locals()))
