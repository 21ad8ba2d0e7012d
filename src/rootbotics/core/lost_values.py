"""Tracks of VP lost from a rule set's text that a table reads off its own board (issue 29): a
list of whole numbers, one per space, given as ``1,1,2,2,3`` and kept in the game's options.
Which track, how long and what stands in without it is the faction's (``Faction.table_values``,
``Faction.stand_ins``)."""

from __future__ import annotations

MAX_VP_PER_SPACE = 10


def option_text(value: object) -> str:
    """An option's value as its flag takes it: ``fox=explore+battle,rabbit=...`` for an object
    of lists, ``1,1,2`` for a list, ``easy=-1`` for an object of numbers, else as it is."""
    if isinstance(value, dict):
        return ",".join(f"{k}={'+'.join(map(str, v)) if isinstance(v, (list, tuple)) else v}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return ",".join(map(str, value))
    return str(value)


def vp_track_problem(value: object, lengths: tuple[int, int], what: str) -> str | None:
    """Why ``value`` is no track of ``lengths`` (fewest, most) spaces of 0 to 10 VP (None: it is)."""
    low, high = lengths
    size = f"{low}" if low == high else f"{low} to {high}"
    if not isinstance(value, (list, tuple)) or not low <= len(value) <= high:
        return f"{what} has {size} spaces: give the VP of each, e.g. {','.join(['1'] * low)} (got {value!r})"
    for i, vp in enumerate(value):
        if isinstance(vp, bool) or not isinstance(vp, int) or not 0 <= vp <= MAX_VP_PER_SPACE:
            return f"{what}: space {i + 1} holds {vp!r}, not a number of VP from 0 to {MAX_VP_PER_SPACE}"
    return None


def parse_vp_track(text: str, lengths: tuple[int, int], what: str) -> list[int]:
    """``"0,1,1,2"`` -> ``[0, 1, 1, 2]``, checked (``ValueError`` with one line)."""
    words = [w.strip() for w in text.replace("+", ",").split(",") if w.strip()]
    try:
        value: list[int] = [int(w) for w in words]
    except ValueError:
        raise ValueError(f"{text!r} is not a list of whole numbers separated by commas ({what})") from None
    problem = vp_track_problem(value, lengths, what)
    if problem:
        raise ValueError(problem)
    return value
