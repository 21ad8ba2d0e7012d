"""Running a study: a seed range cut into chunks, played by a pool of worker processes.

Each worker builds its own games from a chunk's description (study, first and last seed) and
writes the chunk's result files itself, atomically; the main process only hears back a short
summary per chunk. Nothing is pickled per game or per move.

Stopping: on Ctrl-C the chunks not started are dropped and the ones being played are finished
and written (a second Ctrl-C abandons them), so no finished chunk is ever lost; running the
same command again skips the chunks already on disk and plays the rest.

Sharding: ``shard=(i, n)`` plays the i-th of n equal slices of the seed range, so a cluster can
spread a study over machines; every file name holds its seed range, so the shards' files can be
put in one folder and read together.
"""

from __future__ import annotations

import json
import math
import multiprocessing
import os
import platform
import signal
import sys
import time
from collections.abc import Callable, Iterable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from ..core.workers import die_with_parent
from ..core import serial
from .results import GAMES_SCHEMA, ROUNDS_SCHEMA, failure_path, game_row, games_path, round_rows, rounds_path, write_table
from .study import Study, play_one

MIN_CHUNK = 10
MAX_CHUNK = 250
CHUNKS_PER_SLICE = 50  # aim: progress moves smoothly and Ctrl-C loses little


@dataclass(frozen=True, slots=True)
class ChunkTask:
    """One chunk of work, as sent to a worker: everything it needs to build its games."""

    study: Study
    first: int
    last: int  # inclusive
    out: str
    trajectory: bool


@dataclass(slots=True)
class ChunkSummary:
    """What a worker sends back for a chunk it has written."""

    first: int
    last: int
    games: int = 0
    failed: int = 0
    turns: int = 0


@dataclass(slots=True)
class RunResult:
    """What a run did: games played now, games found on disk, and whether it was stopped."""

    planned: list[tuple[int, int]]
    played: int = 0
    skipped: int = 0
    failed: int = 0
    turns: int = 0
    seconds: float = 0.0
    interrupted: bool = False
    abandoned: int = 0  # chunks given up on a second Ctrl-C
    written: list[tuple[int, int]] = field(default_factory=list)
    nodes: dict[str, list[tuple[int, int]]] = field(default_factory=dict)  # where chunks ran (Ray)


# -- planning -----------------------------------------------------------------------------------
def shard_slice(seed: int, games: int, shard: tuple[int, int] | None) -> tuple[int, int]:
    """The seeds of shard ``i`` of ``n`` (1-based) as (first, count): contiguous, equal to
    within one game, together exactly the whole range."""
    if shard is None:
        return seed, games
    i, n = shard
    start = games * (i - 1) // n
    stop = games * i // n
    return seed + start, stop - start


def default_chunk_size(count: int) -> int:
    return max(MIN_CHUNK, min(MAX_CHUNK, math.ceil(count / CHUNKS_PER_SLICE)))


def plan_chunks(first: int, count: int, chunk_size: int | None = None) -> list[tuple[int, int]]:
    """(first, last) seed pairs, inclusive, covering ``count`` seeds from ``first``."""
    size = chunk_size or default_chunk_size(count)
    return [(a, min(a + size, first + count) - 1) for a in range(first, first + count, size)]


def chunk_done(out: Path, study: Study, first: int, last: int, trajectory: bool) -> bool:
    """A chunk is done when its games file exists (written last) and, if wanted, its rounds."""
    if not games_path(out, study, first, last).exists():
        return False
    return not trajectory or rounds_path(out, study, first, last).exists()


def remove_stale_temp_files(out: Path, study: Study, chunks: Iterable[tuple[int, int]]) -> None:
    """Temporary files of our own chunks left by an abandoned run (other shards' are theirs)."""
    for first, last in chunks:
        for final in (games_path(out, study, first, last), rounds_path(out, study, first, last)):
            for tmp in out.glob(f".{final.name}.*.tmp"):
                tmp.unlink(missing_ok=True)


# -- a worker's job -----------------------------------------------------------------------------
def run_chunk(task: ChunkTask) -> ChunkSummary:
    """Play the chunk's games and write its files (rounds first, games last)."""
    study, out = task.study, Path(task.out)
    summary = ChunkSummary(task.first, task.last)
    games: list[dict] = []
    rounds: list[dict] = []
    for seed in range(task.first, task.last + 1):
        record = play_one(study, seed, task.trajectory)
        games.append(game_row(study, record))
        if task.trajectory:
            rounds.extend(round_rows(study, record))
        summary.games += 1
        summary.turns += record.turns
        if record.status != "ok":
            summary.failed += 1
            if record.position is not None:
                serial.write_atomic(failure_path(out, study, seed), record.position + "\n")
    if task.trajectory:
        write_table(rounds_path(out, study, task.first, task.last), rounds, ROUNDS_SCHEMA)
    write_table(games_path(out, study, task.first, task.last), games, GAMES_SCHEMA)
    return summary


def _worker_init(parent: int) -> None:
    """Workers leave Ctrl-C to the main process, which decides what happens to their chunks,
    and leave with it if it is killed (no orphans)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    die_with_parent(parent)


# -- the run ------------------------------------------------------------------------------------
Progress = Callable[[ChunkSummary], None]


def run_study(
    study: Study,
    chunks: list[tuple[int, int]],
    out: Path,
    jobs: int,
    trajectory: bool = False,
    overwrite: bool = False,
    on_chunk: Progress | None = None,
    on_interrupt: Callable[[int], None] | None = None,
    backend: Callable[[list[ChunkTask], Callable[[ChunkSummary], None], RunResult], None] | None = None,
) -> RunResult:
    """Play every chunk not already on disk; ``on_chunk`` hears of each one written. The chunks
    go to a pool of ``jobs`` processes, or to ``backend`` (Ray: ``sim.ray_runner``)."""
    out.mkdir(parents=True, exist_ok=True)
    remove_stale_temp_files(out, study, chunks)
    result = RunResult(planned=list(chunks))
    todo = []
    for first, last in chunks:
        if not overwrite and chunk_done(out, study, first, last, trajectory):
            result.skipped += last - first + 1
        else:
            todo.append(ChunkTask(study, first, last, str(out), trajectory))
    start = time.perf_counter()

    def finished(summary: ChunkSummary) -> None:
        result.played += summary.games
        result.failed += summary.failed
        result.turns += summary.turns
        result.written.append((summary.first, summary.last))
        if on_chunk is not None:
            on_chunk(summary)

    try:
        if backend is not None:
            backend(todo, finished, result)
        elif jobs <= 1 or len(todo) <= 1:
            _run_here(todo, finished, result)
        else:
            _run_pool(todo, jobs, finished, result, on_interrupt)
    finally:
        result.seconds = time.perf_counter() - start
    return result


def _run_here(todo: list[ChunkTask], finished: Callable[[ChunkSummary], None], result: RunResult) -> None:
    """One process: chunk after chunk. Ctrl-C loses only the chunk being played."""
    try:
        for task in todo:
            finished(run_chunk(task))
    except KeyboardInterrupt:
        result.interrupted = True


def _run_pool(
    todo: list[ChunkTask],
    jobs: int,
    finished: Callable[[ChunkSummary], None],
    result: RunResult,
    on_interrupt: Callable[[int], None] | None,
) -> None:
    # "spawn": fresh workers on every platform, never a fork of a process running threads
    # (the progress bar has one).
    context = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(max_workers=min(jobs, len(todo)), mp_context=context, initializer=_worker_init, initargs=(os.getpid(),))
    pending: set[Future[ChunkSummary]] = {pool.submit(run_chunk, task) for task in todo}
    try:
        try:
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for fut in done:
                    finished(fut.result())
        except KeyboardInterrupt:
            result.interrupted = True
            running = {f for f in pending if not f.cancel()}
            if on_interrupt is not None:
                on_interrupt(len(running))
            try:
                while running:
                    done, running = wait(running, return_when=FIRST_COMPLETED)
                    for fut in done:
                        finished(fut.result())
            except KeyboardInterrupt:
                result.abandoned = len(running)
                for process in list(getattr(pool, "_processes", {}).values()):  # no public way
                    process.terminate()
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


# -- the manifest -------------------------------------------------------------------------------
def manifest_path(out: Path, study: Study, first: int, count: int) -> Path:
    return out / f"manifest-{study.key()}-{first}-{first + count - 1}.json"


def write_manifest(
    path: Path,
    study: Study,
    seeds: tuple[int, int],
    shard: tuple[int, int] | None,
    jobs: int,
    chunk_size: int,
    trajectory: bool,
    result: RunResult,
    started: datetime,
    argv: list[str] | None = None,
) -> None:
    """Everything about the run that is not a result: when, where, how fast."""
    now = datetime.now(timezone.utc)
    data = {
        "format": "rootbotics-sim-run",
        "study": study.key(),
        "configuration": study.describe(),
        "seeds": {"first": seeds[0], "last": seeds[0] + seeds[1] - 1, "count": seeds[1]},
        "shard": None if shard is None else f"{shard[0]}/{shard[1]}",
        "jobs": jobs,
        "chunk_size": chunk_size,
        "trajectory": trajectory,
        "games_played": result.played,
        "games_already_on_disk": result.skipped,
        "games_failed": result.failed,
        "turns_played": result.turns,
        "interrupted": result.interrupted,
        "chunks_abandoned": result.abandoned,
        "chunks_by_node": {node: [f"{a}-{b}" for a, b in chunks] for node, chunks in sorted(result.nodes.items())},
        "seconds": round(result.seconds, 3),
        "games_per_second": round(result.played / result.seconds, 1) if result.seconds > 0 else None,
        "started_at": started.isoformat(timespec="seconds"),
        "finished_at": now.isoformat(timespec="seconds"),
        "command": argv if argv is not None else sys.argv,
        "python": platform.python_version(),
        "platform": platform.platform(),
        "cpus": os.cpu_count(),
    }
    serial.write_atomic(path, json.dumps(data, indent=1) + "\n")


# -- the summary --------------------------------------------------------------------------------
FAILURES_LISTED = 10


@dataclass(slots=True)
class StudySummary:
    """What the command prints after a run, counted by DuckDB over the games files (never row by
    row in Python, so the main process stays small at any study size)."""

    games: int = 0
    ok: int = 0
    wins: dict[str, int] = field(default_factory=dict)
    mean_rounds: float = 0.0
    failed: int = 0
    failures: list[dict] = field(default_factory=list)  # the first FAILURES_LISTED, by seed


def summarise(paths: list[Path]) -> StudySummary:
    """Count games, wins per faction, mean length and failures in these games files."""
    import duckdb

    summary = StudySummary()
    if not paths:
        return summary
    con = duckdb.connect()
    try:
        con.read_parquet([str(p) for p in paths]).create_view("games")
        games, ok, mean_rounds = con.execute(
            "SELECT count(*), count(*) FILTER (WHERE status = 'ok'), avg(rounds) FILTER (WHERE status = 'ok') FROM games"
        ).fetchone()
        summary.games, summary.ok, summary.failed = games, ok, games - ok
        summary.mean_rounds = float(mean_rounds or 0.0)
        wins = con.execute(
            "SELECT w, count(*) FROM (SELECT unnest(string_split(winner, ',')) AS w FROM games WHERE status = 'ok') GROUP BY w"
        ).fetchall()
        summary.wins = {w: n for w, n in wins}
        cursor = con.execute(
            "SELECT seed, turn_order, error_type, error_message FROM games WHERE status <> 'ok' ORDER BY seed LIMIT ?",
            [FAILURES_LISTED],
        )
        names = [d[0] for d in cursor.description]
        summary.failures = [dict(zip(names, row)) for row in cursor.fetchall()]
    finally:
        con.close()
    return summary
