"""``make bench-ray``: the same study played by the process pool and by a local Ray runtime on
this machine's cores, games per second for each and their ratio, and Ray's cost per task (a
task that does nothing, sent and waited for). Nothing is asserted; the figures go in
docs/studies-on-ray.md."""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

from .ray_runner import LOCAL, ray_backend, start_ray
from .runner import plan_chunks, run_study
from .study import Study

GAMES = 4000
CHUNK = 100
EMPTY_TASKS = 500


def games_per_second(study: Study, jobs: int, on_ray: bool) -> float:
    """Play the study once into a fresh folder; its games per second by the wall clock."""
    with tempfile.TemporaryDirectory() as tmp:
        backend = ray_backend(LOCAL, jobs) if on_ray else None
        start = time.perf_counter()
        result = run_study(study, plan_chunks(1, GAMES, CHUNK), Path(tmp), jobs, backend=backend)
        return result.played / (time.perf_counter() - start)


def task_overhead_ms(ray: object) -> float:
    """Milliseconds per task for tasks that do nothing (sent all at once, then all waited for)."""
    nothing = ray.remote(lambda: None)  # type: ignore[attr-defined]
    ray.get([nothing.remote() for _ in range(10)])  # type: ignore[attr-defined]  # workers warm
    start = time.perf_counter()
    ray.get([nothing.remote() for _ in range(EMPTY_TASKS)])  # type: ignore[attr-defined]
    return (time.perf_counter() - start) * 1000 / EMPTY_TASKS


def main() -> None:
    jobs = os.cpu_count() or 1
    study = Study(bots=("marquise", "eyrie", "alliance", "vagabot"), map="fall")
    print(f"{GAMES} games of {study.lineup} on {study.map}, chunks of {CHUNK}, {jobs} CPUs")
    pool = games_per_second(study, jobs, on_ray=False)
    print(f"  process pool: {pool:7.1f} games/s")
    ray = start_ray(LOCAL, jobs)
    overhead = task_overhead_ms(ray)
    on_ray = games_per_second(study, jobs, on_ray=True)
    print(f"  Ray (local):  {on_ray:7.1f} games/s  ({on_ray / pool:.0%} of the pool)")
    print(f"  Ray's cost per task: {overhead:.2f} ms (a chunk of {CHUNK} games takes about {CHUNK / (pool / jobs) * 1000:.0f} ms)")


if __name__ == "__main__":
    main()
