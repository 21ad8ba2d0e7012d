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

import itertools
import json
import math
import multiprocessing
import os
import platform
import re
import signal
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any
from datetime import datetime, timezone
from pathlib import Path

from ..core.workers import die_with_parent
from .results import GAMES_SCHEMA, ROUNDS_SCHEMA, failure_path, game_row, games_path, parquet_rows, round_rows, rounds_path, write_table
from .storage import UriFile, UriFolder, open_folder, write_text
from .study import Study, play_one

Folder = Path | UriFolder  # a local folder or a URI one (sim.storage)

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

    planned: Sequence[tuple[int, int]]
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


class ChunkPlan(Sequence[tuple[int, int]]):
    """The (first, last) seed pairs, inclusive, of ``count`` seeds from ``first`` in chunks of
    ``size``, computed on demand: an absurd study builds no list (issue 18, item 5)."""

    def __init__(self, first: int, count: int, size: int) -> None:
        self.first, self.count, self.size = first, count, size

    def __len__(self) -> int:
        return -(-self.count // self.size)

    def __getitem__(self, i: int) -> tuple[int, int]:  # type: ignore[override]
        n = len(self)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError(i)
        a = self.first + i * self.size
        return a, min(a + self.size, self.first + self.count) - 1

    def __iter__(self) -> Iterator[tuple[int, int]]:
        return (self[i] for i in range(len(self)))

    def __contains__(self, chunk: object) -> bool:
        if not (isinstance(chunk, tuple) and len(chunk) == 2 and all(isinstance(x, int) for x in chunk)):
            return False
        i, rest = divmod(chunk[0] - self.first, self.size)
        return rest == 0 and 0 <= i < len(self) and self[i] == chunk


def plan_chunks(first: int, count: int, chunk_size: int | None = None) -> ChunkPlan:
    """(first, last) seed pairs, inclusive, covering ``count`` seeds from ``first``."""
    return ChunkPlan(first, count, chunk_size or default_chunk_size(count))


def chunk_done(out: Folder, study: Study, first: int, last: int, trajectory: bool) -> bool:
    """A chunk is done when its games file (written last) is sound Parquet with one row per
    seed and, if wanted, its rounds file is sound too: a truncated, empty or short file left by
    a crash or a full disk is played again, never counted."""
    if parquet_rows(games_path(out, study, first, last)) != last - first + 1:
        return False
    return not trajectory or parquet_rows(rounds_path(out, study, first, last)) is not None


def chunks_on_disk(out: Folder, study: Study, chunks: Sequence[tuple[int, int]], trajectory: bool) -> list[tuple[int, int]]:
    """The planned chunks that are done, found from the folder's listing (never by asking for
    every planned chunk, which may be a billion), in seed order."""
    prefix = f"games-{study.key()}-"
    found = []
    for path in out.glob(f"{prefix}*.parquet") if out.is_dir() else ():
        seeds = re.fullmatch(r"(-?\d+)-(-?\d+)\.parquet", path.name[len(prefix) :])
        if seeds is None:
            continue
        chunk = (int(seeds[1]), int(seeds[2]))
        if chunk in chunks and chunk_done(out, study, *chunk, trajectory):
            found.append(chunk)
    return sorted(found)


def remove_stale_temp_files(out: Folder, study: Study, chunks: Sequence[tuple[int, int]]) -> None:
    """Temporary files of our own chunks left by an abandoned run (other shards' are theirs),
    found from the folder's listing."""
    for kind in ("games", "rounds"):
        prefix = f".{kind}-{study.key()}-"
        for tmp in out.glob(f"{prefix}*.tmp"):
            seeds = re.match(r"(-?\d+)-(-?\d+)\.parquet\.", tmp.name[len(prefix) :])
            if seeds is not None and (int(seeds[1]), int(seeds[2])) in chunks:
                tmp.unlink(missing_ok=True)


# -- a worker's job -----------------------------------------------------------------------------
def run_chunk(task: ChunkTask) -> ChunkSummary:
    """Play the chunk's games and write its files (rounds first, games last)."""
    study, out = task.study, open_folder(task.out)
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
                write_text(failure_path(out, study, seed), record.position + "\n")
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
    chunks: Sequence[tuple[int, int]],
    out: Path | str | UriFolder,
    jobs: int,
    trajectory: bool = False,
    overwrite: bool = False,
    on_chunk: Progress | None = None,
    on_interrupt: Callable[[int], None] | None = None,
    backend: Callable[[Iterable[ChunkTask], Callable[[ChunkSummary], None], RunResult], None] | None = None,
) -> RunResult:
    """Play every chunk not already on disk; ``on_chunk`` hears of each one written. The chunks
    go to a pool of ``jobs`` processes, or to ``backend`` (Ray: ``sim.ray_runner``), handed out
    as the workers take them, never listed whole. ``out``: a folder, or a URI (``sim.storage``)."""
    out = open_folder(out)
    out.mkdir(parents=True, exist_ok=True)
    remove_stale_temp_files(out, study, chunks)
    result = RunResult(planned=chunks)
    done = set() if overwrite else set(chunks_on_disk(out, study, chunks, trajectory))
    result.skipped = sum(last - first + 1 for first, last in done)
    tasks = (ChunkTask(study, first, last, str(out), trajectory) for first, last in chunks if (first, last) not in done)
    head = list(itertools.islice(tasks, max(2, jobs)))  # one chunk needs no pool, two no more workers
    todo = itertools.chain(head, tasks)
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
        elif jobs <= 1 or len(head) <= 1:
            _run_here(todo, finished, result)
        else:
            _run_pool(todo, min(jobs, len(head)), finished, result, on_interrupt)
    finally:
        result.seconds = time.perf_counter() - start
    return result


def _run_here(todo: Iterable[ChunkTask], finished: Callable[[ChunkSummary], None], result: RunResult) -> None:
    """One process: chunk after chunk. Ctrl-C loses only the chunk being played."""
    try:
        for task in todo:
            finished(run_chunk(task))
    except KeyboardInterrupt:
        result.interrupted = True


def _run_pool(
    todo: Iterable[ChunkTask],
    jobs: int,
    finished: Callable[[ChunkSummary], None],
    result: RunResult,
    on_interrupt: Callable[[int], None] | None,
) -> None:
    # "spawn": fresh workers on every platform, never a fork of a process running threads
    # (the progress bar has one). At most two chunks per worker are handed out at a time.
    context = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(max_workers=jobs, mp_context=context, initializer=_worker_init, initargs=(os.getpid(),))
    pending: set[Future[ChunkSummary]] = set()
    try:
        try:
            for task in todo:
                pending.add(pool.submit(run_chunk, task))
                if len(pending) >= 2 * jobs:
                    pending = _collect(pending, finished)
            while pending:
                pending = _collect(pending, finished)
        except KeyboardInterrupt:
            result.interrupted = True
            running = {f for f in pending if not f.cancel()}
            if on_interrupt is not None:
                on_interrupt(len(running))
            try:
                while running:
                    running = _collect(running, finished)
            except KeyboardInterrupt:
                result.abandoned = len(running)
                for process in list(getattr(pool, "_processes", {}).values()):  # no public way
                    process.terminate()
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _collect(pending: set[Future[ChunkSummary]], finished: Callable[[ChunkSummary], None]) -> set[Future[ChunkSummary]]:
    """Wait for at least one chunk, report the finished ones, return those still pending."""
    done, pending = wait(pending, return_when=FIRST_COMPLETED)
    for fut in done:
        finished(fut.result())
    return pending


# -- the manifest -------------------------------------------------------------------------------
def manifest_path(out: Folder, study: Study, first: int, count: int) -> Path | UriFile:
    return out / f"manifest-{study.key()}-{first}-{first + count - 1}.json"


def write_manifest(
    path: Path | UriFile,
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
    write_text(path, json.dumps(data, indent=1) + "\n")


# -- the summary --------------------------------------------------------------------------------
FAILURES_LISTED = 10


@dataclass(slots=True)
class StudySummary:
    """What the command prints after a run, counted in Arrow one games file at a time (never row
    by row in Python, never every file at once, so the main process stays small at any study
    size)."""

    games: int = 0
    ok: int = 0
    wins: dict[str, int] = field(default_factory=dict)
    mean_rounds: float = 0.0
    failed: int = 0
    failures: list[dict] = field(default_factory=list)  # the first FAILURES_LISTED, by seed
    rounds: int = 0  # the finished games' rounds, all together

    def add_file(self, table: Any) -> None:
        """Count one games file's rows (an Arrow table)."""
        import pyarrow.compute as pc

        finished = pc.equal(table["status"], "ok")
        ok = table.filter(finished)
        self.games += table.num_rows
        self.ok += ok.num_rows
        self.rounds += pc.sum(ok["rounds"]).as_py() or 0
        winners = pc.list_flatten(pc.split_pattern(ok["winner"], ","))
        for row in pc.value_counts(winners).to_pylist():
            self.wins[row["values"]] = self.wins.get(row["values"], 0) + row["counts"]
        if ok.num_rows < table.num_rows:
            failed = table.filter(pc.invert(finished)).select(["seed", "turn_order", "error_type", "error_message"])
            self.failures = sorted(self.failures + failed.to_pylist(), key=lambda f: f["seed"])[:FAILURES_LISTED]


SUMMARY_COLUMNS = ["seed", "status", "winner", "rounds", "turn_order", "error_type", "error_message"]


def summarise(paths: Sequence[Path | UriFile]) -> StudySummary:
    """Count games, wins per faction, mean length and failures in these games files, one file at
    a time (a chunk's few hundred rows), so memory does not grow with the study."""
    import pyarrow.parquet as pq

    summary = StudySummary()
    for path in paths:
        if isinstance(path, UriFile):
            table = pq.read_table(path.path, columns=SUMMARY_COLUMNS, filesystem=path.folder.fs)
        else:
            table = pq.read_table(path, columns=SUMMARY_COLUMNS)
        summary.add_file(table)
    summary.failed = summary.games - summary.ok
    summary.mean_rounds = summary.rounds / summary.ok if summary.ok else 0.0
    return summary
