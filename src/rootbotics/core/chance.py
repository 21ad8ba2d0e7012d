"""Chance: the game's one seeded random source, and the sources that can replace it.

``Rng`` is a SplitMix64 generator written out here, so that a seed gives the same numbers on
every machine and every Python version (the standard library's ``random`` does not promise
that for ``shuffle`` or ``randrange``). Its whole state is one integer, saved with the position.

The engine never calls the RNG directly. It asks a *chance source* for dice, draws, shuffles
and random picks: ``RngChance`` (the default) answers from the game's RNG; ``ScriptedChance``
answers from a list (tests, replays, a person at a real table typing what they rolled).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol, TypeVar, cast

T = TypeVar("T")
_MASK = (1 << 64) - 1


class Rng:
    """SplitMix64: tiny, fast, and identical everywhere."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        return cls((seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK)

    def next64(self) -> int:
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffle(self, items: list) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def clone(self) -> Rng:
        return Rng(self.state)


class Chance(Protocol):
    """Where the game's uncertain outcomes come from."""

    def roll(self) -> tuple[int, int]:
        """Roll the two battle dice (each 0-3)."""

    def shuffle(self, cards: list[int]) -> None:
        """Shuffle a pile of card ids in place."""

    def draw(self, deck: list[int]) -> int:
        """Take the top card of ``deck`` (remove it) and return it."""

    def pick(self, options: Sequence[T], what: str) -> T:
        """Choose one option at random; ``what`` says what the pick is for."""


class RngChance:
    """The default chance source: the game's seeded RNG."""

    __slots__ = ("rng",)

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def roll(self) -> tuple[int, int]:
        # Each 12-sided die shows 0, 1, 2 and 3 on three faces each: uniform over 0-3.
        below = self.rng.below
        return below(4), below(4)

    def shuffle(self, cards: list[int]) -> None:
        self.rng.shuffle(cards)

    def draw(self, deck: list[int]) -> int:
        return deck.pop()

    def pick(self, options: Sequence[T], what: str) -> T:
        return options[self.rng.below(len(options))]


class ChanceExhausted(RuntimeError):
    """A scripted chance source was asked for more outcomes than it was given."""


class ScriptedChance:
    """Outcomes given in advance: ``("roll", (a, b))``, ``("draw", card_id)``, ``("pick", value)``.

    A draw takes the named card out of the deck wherever it is, so the deck's order does not
    matter; shuffles change nothing. A ``fallback`` chance source answers once the script runs out
    (or pass none to make running out an error).
    """

    def __init__(
        self,
        script: Iterable[tuple[str, object]],
        fallback: Chance | None = None,
    ) -> None:
        self.script = list(script)
        self.pos = 0
        self.fallback = fallback

    def _next(self, kind: str) -> object | None:
        if self.pos >= len(self.script):
            if self.fallback is None:
                raise ChanceExhausted(f"no scripted {kind} left")
            return None
        want, value = self.script[self.pos]
        if want != kind:
            raise ChanceExhausted(f"script expected a {want} but the game asked for a {kind}")
        self.pos += 1
        return value

    def roll(self) -> tuple[int, int]:
        value = self._next("roll")
        if value is None:
            assert self.fallback is not None
            return self.fallback.roll()
        a, b = cast("tuple[int, int]", value)
        return int(a), int(b)

    def shuffle(self, cards: list[int]) -> None:
        if self.pos >= len(self.script) and self.fallback is not None:
            self.fallback.shuffle(cards)

    def draw(self, deck: list[int]) -> int:
        value = self._next("draw")
        if value is None:
            assert self.fallback is not None
            return self.fallback.draw(deck)
        card = int(value)  # type: ignore
        if card not in deck:
            raise ChanceExhausted(f"scripted draw of card {card}, which is not in the deck")
        deck.remove(card)
        return card

    def pick(self, options: Sequence[T], what: str) -> T:
        value = self._next("pick")
        if value is None:
            assert self.fallback is not None
            return self.fallback.pick(options, what)
        for option in options:
            if option == value or (isinstance(value, list) and list(option) == value):  # type: ignore
                return option
        raise ChanceExhausted(f"scripted pick {value!r} for {what} is not among {list(options)!r}")
