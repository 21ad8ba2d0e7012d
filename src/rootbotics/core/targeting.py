"""Targeting, once for every bot: Law of Robotics 2.1-2.5.

A bot decision is: the candidates that meet the action's criteria ("such clearings", 2.5),
ranked by the action's tie-breakers in order, then by clearing priority (2.1: highest or
lowest, as the action says) or player setup priority (2.2). The bot then tries targets in
that order and takes the first one the rules allow (2.3: tied targets first, then the next
rank). Several actions with different targets go in priority order (2.4).

Every decision returns a ``Choice`` that can explain itself: the chosen target, the
candidates with their values, the criterion that decided, and the targets skipped as illegal.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .setup_order import SETUP_LETTER, bbp_setup_rank, setup_rank
from .state import GameState

# A target: a clearing (int) or a player (str). Not a TypeVar: the optional mypyc build
# (docs/studying-the-bots.md) cannot compile a Generic dataclass.
T = Any

HIGHEST = "highest"
LOWEST = "lowest"
_TIEBREAK = {HIGHEST: "highest priority (2.1)", LOWEST: "lowest priority (2.1)"}  # written once, read by every choice


# Not frozen: a frozen dataclass is slow to build, and bots build many. ``__init__`` written out
# (init=False): in the mypyc build a dataclass's generated one stays interpreted.
@dataclass(slots=True, init=False)
class Criterion:
    """One tie-breaker: prefer the target with the most (or fewest) of something."""

    label: str
    key: Callable[[T], int]
    most: bool
    rule: str
    words: tuple[str, str] | None  # a yes/no criterion: how to print 0 and 1

    def __init__(self, label: str, key: Callable[[T], int], most: bool = True, rule: str = "", words: tuple[str, str] | None = None) -> None:
        self.label = label
        self.key = key
        self.most = most
        self.rule = rule
        self.words = words

    def shown(self, value: int) -> str:
        """A ranked value as printed: the count, or the word for a yes/no criterion."""
        v = -value if self.most else value
        return self.words[v] if self.words is not None and v in (0, 1) else str(v)


def most(label: str, key: Callable[[T], int], rule: str = "", words: tuple[str, str] | None = None) -> Criterion:
    return Criterion(label, key, True, rule, words)


def fewest(label: str, key: Callable[[T], int], rule: str = "", words: tuple[str, str] | None = None) -> Criterion:
    return Criterion(label, key, False, rule, words)


@dataclass(slots=True, init=False)  # __init__ written out, as Criterion's
class Choice:
    """The outcome of one targeting decision, able to explain itself lazily."""

    what: str
    target: T | None
    ranked: list[T]
    values: dict[T, tuple[int, ...]]
    criteria: Sequence[Criterion]
    tiebreak: str
    skipped: list[tuple[T, str]]

    def __init__(
        self,
        what: str,
        target: T | None,
        ranked: list[T],
        values: dict[T, tuple[int, ...]],
        criteria: Sequence[Criterion],
        tiebreak: str,
        skipped: list[tuple[T, str]] | None = None,
    ) -> None:
        self.what = what
        self.target = target
        self.ranked = ranked
        self.values = values
        self.criteria = criteria
        self.tiebreak = tiebreak
        self.skipped = [] if skipped is None else skipped

    def decided_by(self) -> str:
        if self.target is None:
            return "no legal target"
        skipped = {t for t, _ in self.skipped}
        rest = [t for t in self.ranked if t != self.target and t not in skipped]
        if not rest:
            return "the only legal candidate" if self.skipped else "the only candidate"
        mine = self.values[self.target]
        pool = rest
        for i, crit in enumerate(self.criteria):
            pool = [t for t in pool if self.values[t][i] == mine[i]]
            if not pool:
                rule = f" ({crit.rule})" if crit.rule else ""
                return f"{crit.label}{rule}"
        return self.tiebreak

    def explain(self) -> str:
        """E.g. ``where to build: ranked by most warriors: 1 (3); 6, 8, 12 (2); skipped 1 (no
        free building slot); chose 6 by highest priority (2.1)``. Candidates with equal values
        are grouped, in the order they were tried."""
        if not self.ranked:
            return f"{self.what}: no candidates"
        if self.criteria:
            groups: list[tuple[tuple[int, ...], list[T]]] = []
            for t in self.ranked:
                vals = self.values[t]
                if groups and groups[-1][0] == vals:
                    groups[-1][1].append(t)
                else:
                    groups.append((vals, [t]))
            labels = ", ".join(c.label for c in self.criteria)
            shown = "; ".join(
                f"{', '.join(map(str, ts))} ({', '.join(c.shown(v) for c, v in zip(self.criteria, vals))})"
                for vals, ts in groups
            )
            msg = f"{self.what}: ranked by {labels}: {shown}"
        else:
            msg = f"{self.what}: candidates {', '.join(map(str, self.ranked))}"
        if self.skipped:
            msg += "; skipped " + ", ".join(f"{t} ({why})" for t, why in self.skipped)
        if self.target is not None:
            msg += f"; chose {self.target} by {self.decided_by()}"
        else:
            msg += "; none is legal"
        return msg


def clearing_priority_key(state: GameState, c: int, order: str) -> int:
    """Sort key for clearing priority (2.1): lower sorts first. The Pass wins either way (12.2.2)."""
    if c == state.map.pass_clearing:
        return -100
    return c if order == HIGHEST else -c


def _rank(
    candidates: Iterable[T],
    criteria: Sequence[Criterion],
    last_key: Callable[[T], int],
) -> tuple[list[T], dict[T, tuple[int, ...]]]:
    # Values are stored so that smaller is better for every criterion. The common shapes (no
    # criterion, one criterion) skip the general loop: this runs for every bot decision.
    values: dict[T, tuple[int, ...]] = {}
    if not criteria:
        for t in candidates:
            values[t] = ()
    elif len(criteria) == 1:
        key = criteria[0].key
        if criteria[0].most:
            for t in candidates:
                values[t] = (-key(t),)
        else:
            for t in candidates:
                values[t] = (key(t),)
    elif len(criteria) == 2:  # the next most common shape, unrolled
        c1, c2 = criteria
        k1, m1, k2, m2 = c1.key, c1.most, c2.key, c2.most
        for t in candidates:
            a, b = k1(t), k2(t)
            values[t] = (-a if m1 else a, -b if m2 else b)
    else:
        keys = [(c.key, c.most) for c in criteria]
        for t in candidates:
            values[t] = tuple([-k(t) if m else k(t) for k, m in keys])
    if len(values) < 2:  # nothing to order
        return list(values), values
    if not criteria:  # priority alone
        return sorted(values, key=last_key), values
    # Sorted on (values, last key, target): the last key differs between any two targets
    # (clearing or setup priority), so targets themselves are never compared.
    keyed = [(v, last_key(t), t) for t, v in values.items()]
    keyed.sort()
    return [k[2] for k in keyed], values


def choose_clearing(
    state: GameState,
    what: str,
    candidates: Iterable[int],
    criteria: Sequence[Criterion] = (),
    priority: str = HIGHEST,
    legal: Callable[[int], str | None] | None = None,
) -> Choice:
    """Rank clearings by ``criteria`` then priority, and take the first legal one (2.1, 2.3).

    ``legal`` returns None for a target the rules allow, or a short reason why not.
    """
    pass_clearing = state.map.pass_clearing
    sign = 1 if priority == HIGHEST else -1
    # clearing_priority_key, inlined for speed
    ranked, values = _rank(candidates, criteria, lambda c: -100 if c == pass_clearing else sign * c)
    tiebreak = _TIEBREAK.get(priority) or f"{priority} priority (2.1)"
    choice = _first_legal(what, ranked, values, criteria, tiebreak, legal)
    if pass_clearing is not None and choice.target == pass_clearing:
        choice.tiebreak = "the Pass (12.2.2)"  # it wins every priority test, whatever its number
    return choice


def choose_player(
    state: GameState,
    what: str,
    candidates: Iterable[str],
    criteria: Sequence[Criterion] = (),
    legal: Callable[[str], str | None] | None = None,
) -> Choice:
    """Rank players by ``criteria`` then setup priority A, B, C... (2.2), first legal (2.3)."""
    ranked, values = _rank(candidates, criteria, setup_rank(state.options))
    return _first_legal(what, ranked, values, criteria, "setup priority (2.2)", legal)


def choose_player_bbp(
    state: GameState,
    what: str,
    candidates: Iterable[str],
    criteria: Sequence[Criterion] = (),
    legal: Callable[[str], str | None] | None = None,
) -> Choice:
    """A Better Bot Project bot's choice of player: ``criteria``, then the text's own printed
    setup order (BBP 4.2: A to G, no draw; ruling R-BBP-LETTERS)."""
    ranked, values = _rank(candidates, criteria, bbp_setup_rank)
    return _first_legal(what, ranked, values, criteria, "setup order (BBP 4.2)", legal)


def _first_legal(
    what: str,
    ranked: list[T],
    values: dict[T, tuple[int, ...]],
    criteria: Sequence[Criterion],
    tiebreak: str,
    legal: Callable[[T], str | None] | None,
) -> Choice:
    skipped: list[tuple[T, str]] = []
    if legal is None:  # every target is allowed: the first ranked
        return Choice(what, ranked[0] if ranked else None, ranked, values, criteria, tiebreak, skipped)
    for t in ranked:
        reason = legal(t)
        if reason is None:
            return Choice(what, t, ranked, values, criteria, tiebreak, skipped)
        skipped.append((t, reason))
    return Choice(what, None, ranked, values, criteria, tiebreak, skipped)


def in_priority_order(state: GameState, clearings: Iterable[int], order: str = HIGHEST) -> list[int]:
    """Several actions in different clearings go from highest to lowest priority (2.4)."""
    pass_clearing = state.map.pass_clearing
    sign = 1 if order == HIGHEST else -1
    return sorted(clearings, key=lambda c: -100 if c == pass_clearing else sign * c)  # clearing_priority_key


def player_label(faction: str) -> str:
    return f"{faction} ({SETUP_LETTER[faction]})"
