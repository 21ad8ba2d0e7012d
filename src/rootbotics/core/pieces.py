"""A clearing's warriors and buildings as containers that notice change (issue 15).

Who rules a clearing (LoR 2.5, ``rules.ruler``) is asked tens of times a turn and changes only
when pieces move. So ``Warriors`` keeps the last answer in ``rule`` and forgets it (``STALE``)
whenever any count in it changes, and ``Buildings`` raises ``moved`` whenever a building is
placed or removed; ``rules.ruler`` recounts only then. Every way of changing them (item
assignment, ``del``, ``pop``, ``update``, ``append``, ``remove``, ...) goes through the methods
below, so code elsewhere may keep treating them as the plain dict and list they are. One
exception, for the optional mypyc build: compiled code calls a list's methods directly on
anything typed as a plain list, skipping these; so in the compiled modules (setup.py) change
buildings only through a reference typed ``Buildings`` (``Clearing.buildings`` is), never through
a variable that may hold either buildings or tokens. ``make bench-mypyc`` runs the kept-ruler
test on the compiled build.
``core.invariants`` checks that every clearing holds these two types and that a kept answer
agrees with a full recount.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

STALE = "\0stale"  # no kept answer (never a faction's name)


class Warriors(dict[str, int]):
    """Warriors by faction; ``rule`` is the kept ruler (or ``STALE``) of the clearing."""

    __slots__ = ("rule",)

    def __init__(self, counts: Any = (), /) -> None:
        super().__init__(counts)
        self.rule: str | None = STALE

    def __reduce__(self) -> tuple[type, tuple[dict[str, int]]]:
        return (Warriors, (dict(self),))

    def __setitem__(self, faction: str, n: int) -> None:
        self.rule = STALE
        super().__setitem__(faction, n)

    def __delitem__(self, faction: str) -> None:
        self.rule = STALE
        super().__delitem__(faction)

    def __ior__(self, other: Any) -> Warriors:  # type: ignore[override,misc]
        self.rule = STALE
        super().update(other)
        return self

    def pop(self, *args: Any) -> Any:
        self.rule = STALE
        return super().pop(*args)

    def popitem(self) -> tuple[str, int]:
        self.rule = STALE
        return super().popitem()

    def clear(self) -> None:
        self.rule = STALE
        super().clear()

    def update(self, *args: Any, **kwargs: int) -> None:
        self.rule = STALE
        super().update(*args, **kwargs)

    def setdefault(self, faction: str, n: int = 0) -> int:  # type: ignore[override]
        self.rule = STALE
        return super().setdefault(faction, n)


class Buildings(list[tuple[str, str]]):
    """Buildings as (faction, kind); ``moved`` is raised by every change until ``ruler`` recounts."""

    __slots__ = ("moved",)

    def __init__(self, pieces: Iterable[tuple[str, str]] = (), /) -> None:
        super().__init__(pieces)
        self.moved = True

    def __reduce__(self) -> tuple[type, tuple[list[tuple[str, str]]]]:
        return (Buildings, (list(self),))

    def __setitem__(self, i: Any, v: Any) -> None:
        self.moved = True
        super().__setitem__(i, v)

    def __delitem__(self, i: Any) -> None:
        self.moved = True
        super().__delitem__(i)

    def __iadd__(self, other: Any) -> Buildings:  # type: ignore[override,misc]
        self.moved = True
        super().extend(other)
        return self

    def __imul__(self, n: Any) -> Buildings:  # type: ignore[override,misc]
        self.moved = True
        return super().__imul__(n)  # type: ignore[return-value]

    def append(self, piece: tuple[str, str]) -> None:
        self.moved = True
        super().append(piece)

    def extend(self, pieces: Iterable[tuple[str, str]]) -> None:
        self.moved = True
        super().extend(pieces)

    def insert(self, i: Any, piece: tuple[str, str]) -> None:
        self.moved = True
        super().insert(i, piece)

    def remove(self, piece: tuple[str, str]) -> None:
        self.moved = True
        super().remove(piece)

    def pop(self, i: Any = -1) -> tuple[str, str]:
        self.moved = True
        return super().pop(i)

    def clear(self) -> None:
        self.moved = True
        super().clear()

    def sort(self, *args: Any, **kwargs: Any) -> None:
        self.moved = True
        super().sort(*args, **kwargs)

    def reverse(self) -> None:
        self.moved = True
        super().reverse()
