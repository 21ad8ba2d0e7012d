"""Running a study's chunks as Ray tasks: on this machine's cores (a local Ray runtime) or on a
Ray cluster (``auto``, or ``ray://host:port``).

A task is exactly what a process-pool worker does (``runner.run_chunk``): it builds the chunk's
games from the chunk's description, writes the chunk's result files itself, atomically, and
sends back a short summary with the name of the node it ran on. So a Ray study gives the same
rows as the process pool, byte for byte, and resumes the same way: chunks already on disk are
skipped by ``runner.run_study`` before any task is sent. Every task's node goes in the run's
manifest ("which chunks ran where").

On a cluster, the output folder must be one every node can write (a shared file system); the
results are read from it afterwards like any other folder.
"""

from __future__ import annotations

import socket
from collections.abc import Callable, Iterable
from typing import Any

from .runner import ChunkSummary, ChunkTask, RunResult, run_chunk

LOCAL = "local"  # --ray local: start a Ray runtime on this machine's cores


class RayUnavailable(RuntimeError):
    """Ray is not installed, or the cluster cannot be reached: one line saying which."""


def _running() -> bool:
    """Whether this process is already connected to a Ray runtime."""
    try:
        import ray
    except ImportError:
        return False
    return bool(ray.is_initialized())


def run_chunk_on_node(task: ChunkTask) -> tuple[ChunkSummary, str]:
    """A Ray task: play and write one chunk; say which node did it."""
    return run_chunk(task), socket.gethostname()


def start_ray(address: str, jobs: int) -> Any:
    """Connect to the cluster at ``address`` or start a local runtime with ``jobs`` CPUs."""
    try:
        import ray
    except ImportError:
        raise RayUnavailable("--ray needs Ray: pip install 'rootbotics[ray]' (in a clone: pip install -e '.[ray]')") from None
    if ray.is_initialized():
        return ray
    options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False, "configure_logging": False}
    try:
        if address == LOCAL:  # a runtime of our own, on this machine's cores
            ray.init(num_cpus=max(1, jobs), **options)
        else:
            ray.init(address=address, **options)
    except (ConnectionError, RuntimeError, ValueError) as exc:
        raise RayUnavailable(f"--ray {address}: cannot start or reach Ray ({str(exc).splitlines()[0] if str(exc) else type(exc).__name__})") from None
    return ray


def ray_backend(address: str, jobs: int) -> Callable[[Iterable[ChunkTask], Callable[[ChunkSummary], None], RunResult], None]:
    """The way ``runner.run_study`` plays its chunks when they go to Ray."""
    return lambda todo, finished, result: run_on_ray(todo, address, jobs, finished, result)


def run_on_ray(todo: Iterable[ChunkTask], address: str, jobs: int, finished: Callable[[ChunkSummary], None], result: RunResult) -> None:
    """Send every chunk as a task and take the summaries as they come; Ctrl-C cancels the
    tasks not finished (the chunks already written stay, so running again completes the study).
    A task whose worker is lost is tried again (up to twice)."""
    nodes = result.nodes
    ours = address == LOCAL and not _running()  # a runtime this run starts, and stops
    ray = start_ray(address, jobs)
    task = ray.remote(num_cpus=1, max_retries=2)(run_chunk_on_node)
    pending = [task.remote(t) for t in todo]
    try:
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            summary, node = ray.get(done[0])
            nodes.setdefault(node, []).append((summary.first, summary.last))
            finished(summary)
    except KeyboardInterrupt:
        result.interrupted = True
        for ref in pending:
            ray.cancel(ref, force=True)
        result.abandoned = len(pending)
    finally:
        if ours:
            ray.shutdown()
