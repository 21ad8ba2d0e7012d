"""The line-ups whose speed ``make bench`` reports and whose games ``tests/test_study_digests.py``
pins: the four Clockwork 1 bots on Fall, and each Clockwork 2 bot with three Clockwork 1 bots
on every map. Seats rotate by seed, so every bot plays in every seat."""

from __future__ import annotations

from ..core.maps import MAP_NAMES
from .study import Study

CLOCKWORK_1: tuple[str, ...] = ("marquise", "eyrie", "alliance", "vagabot")
CLOCKWORK_2: tuple[str, ...] = ("lizards", "riverfolk", "duchy", "corvids")
THREE_OTHERS: tuple[str, ...] = ("marquise", "eyrie", "alliance")


def lineup_studies() -> dict[str, Study]:
    """Every benchmarked line-up by name (``bots@map``), Clockwork 1 on Fall first."""
    studies = [Study(bots=CLOCKWORK_1, map="fall", rotate_seats=True)]
    for bot in CLOCKWORK_2:
        studies += [Study(bots=(bot, *THREE_OTHERS), map=m, rotate_seats=True) for m in MAP_NAMES]
    return {f"{s.lineup}@{s.map}": s for s in studies}
