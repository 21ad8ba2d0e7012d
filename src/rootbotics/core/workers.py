"""Worker processes that leave with their parent (issue 18): a ``ProcessPoolExecutor``'s
workers otherwise sleep for ever when the main process is killed with SIGKILL."""

from __future__ import annotations

import os
import threading
import time

POLL_SECONDS = 0.5


def die_with_parent(parent: int | None = None, poll: float = POLL_SECONDS) -> None:
    """End this process as soon as ``parent`` (the pool's main process, given as the
    initializer's argument; by default the current parent) is no longer its parent: at once if
    it died while this worker was starting, else from a daemon thread that polls ``getppid``
    (a process whose parent died is re-parented). Use it as (part of) a pool's initializer."""
    expected = os.getppid() if parent is None else parent
    if os.getppid() != expected:
        os._exit(1)

    def watch() -> None:
        while True:
            time.sleep(poll)
            if os.getppid() != expected:
                os._exit(1)  # nothing to save: the parent that collected the results is gone

    threading.Thread(target=watch, name="die-with-parent", daemon=True).start()
