"""Turning the engine's pull into an environment's push (issue 28; docs/rl.md, "The inversion").

The engine asks a seat's controller ``choose(g, decision)`` deep inside ``play`` (its own turns,
and hits, ambushes, Outrage... during the others'). An environment's ``step(action)`` must
instead return at each decision and resume the game with the answer. A :class:`Driver` runs the
game body on a second stack and hands each decision over:

- :class:`GreenletDriver` (the default when ``greenlet`` is installed, as the ``rl`` extra does):
  the game runs in a greenlet; ``ask`` switches back to the caller with the decision and the
  next ``send`` switches in with the answer. A switch costs well under a microsecond and never
  touches the GIL or the OS scheduler.
- :class:`ThreadDriver` (the fallback): the game runs in a daemon thread; the two sides hand over
  with a pair of plain locks used as binary semaphores (cheaper than a ``Condition``).

Both surface an exception raised in the game from ``start``/``send`` (the caller re-raises it in
``step``), and ``close`` unwinds a game still waiting for an answer by raising
:class:`Closed` (a ``BaseException``, so no ``except Exception`` in the engine swallows it) at
its ``ask``: no greenlet or thread is left behind.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, Protocol

try:  # the rl extra installs greenlet; without it the thread driver is used
    import greenlet as _greenlet
except ImportError:  # pragma: no cover - exercised where greenlet is missing
    _greenlet = None  # type: ignore[assignment]

# What a driver hands back: ("decision", payload), ("end", result) or ("error", exception).
Handover = tuple[str, Any]


class Closed(BaseException):
    """Raised inside a game that is closed while it waits for an answer."""


class Driver(Protocol):
    """Run ``body(ask)`` (which calls ``ask(payload)`` at each decision and gets the answer back)
    one decision at a time."""

    def start(self) -> Handover: ...

    def send(self, answer: Any) -> Handover: ...

    def close(self) -> None: ...

    @property
    def alive(self) -> bool: ...


def _outcome(body: Callable[[Callable[[Any], Any]], Any], ask: Callable[[Any], Any]) -> Handover:
    try:
        return ("end", body(ask))
    except Closed:
        return ("closed", None)
    except BaseException as e:  # handed to the caller, raised again in step()
        return ("error", e)


class GreenletDriver(Driver):
    """The game body in a greenlet: a decision is a switch out, an answer a switch in."""

    __slots__ = ("_body", "_g", "_parent", "_closing")

    def __init__(self, body: Callable[[Callable[[Any], Any]], Any]) -> None:
        if _greenlet is None:
            raise RuntimeError("greenlet is not installed (pip install 'rootbotics[rl]')")
        self._body = body
        self._parent = _greenlet.getcurrent()
        self._g = _greenlet.greenlet(self._run, parent=self._parent)
        self._closing = False

    def _run(self) -> Handover:
        return _outcome(self._body, self._ask)

    def _ask(self, payload: Any) -> Any:
        answer = self._parent.switch(("decision", payload))
        if self._closing:
            raise Closed
        return answer

    def start(self) -> Handover:
        return self._g.switch()  # type: ignore[no-any-return]

    def send(self, answer: Any) -> Handover:
        return self._g.switch(answer)  # type: ignore[no-any-return]

    def close(self) -> None:
        if self._g:  # started and waiting for an answer: unwind it
            self._closing = True
            self._g.switch(None)
        self._g = _greenlet.greenlet(lambda: None, parent=self._parent)  # drop the old frames

    @property
    def alive(self) -> bool:
        return bool(self._g) and not self._g.dead


class ThreadDriver(Driver):
    """The game body in a daemon thread, handing over with two locks (binary semaphores)."""

    def __init__(self, body: Callable[[Callable[[Any], Any]], Any]) -> None:
        self._body = body
        self._to_game = threading.Lock()
        self._to_env = threading.Lock()
        self._to_game.acquire()
        self._to_env.acquire()
        self._box: Any = None
        self._closing = False
        self._thread: threading.Thread | None = None

    def _run(self) -> None:
        self._to_game.acquire()
        self._box = _outcome(self._body, self._ask)
        self._to_env.release()

    def _ask(self, payload: Any) -> Any:
        self._box = ("decision", payload)
        self._to_env.release()
        self._to_game.acquire()
        if self._closing:
            raise Closed
        return self._box

    def _swap(self, answer: Any) -> Handover:
        self._box = answer
        self._to_game.release()
        self._to_env.acquire()
        out: Handover = self._box
        if out[0] != "decision" and self._thread is not None:
            self._thread.join()
            self._thread = None
        return out

    def start(self) -> Handover:
        self._thread = threading.Thread(target=self._run, name="rootbotics-env-game", daemon=True)
        self._thread.start()
        return self._swap(None)

    def send(self, answer: Any) -> Handover:
        return self._swap(answer)

    def close(self) -> None:
        if self._thread is not None:
            self._closing = True
            self._swap(None)

    @property
    def alive(self) -> bool:
        return self._thread is not None


DRIVERS: dict[str, type[Driver]] = {"greenlet": GreenletDriver, "thread": ThreadDriver}


def default_driver() -> str:
    return "greenlet" if _greenlet is not None else "thread"


def make_driver(kind: str | None, body: Callable[[Callable[[Any], Any]], Any]) -> Driver:
    name = kind or default_driver()
    if name not in DRIVERS:
        raise ValueError(f"driver: {name!r} is not one of {', '.join(DRIVERS)}")
    return DRIVERS[name](body)
