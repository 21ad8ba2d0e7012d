"""What each faction did in one game, counted from the event kinds as they happen (a listener
on the log: one dictionary look-up per event, no text formatted), for the games table's seats.

Counts (per faction): battles it started and battles it won (it dealt more hits than it took),
enemy pieces it removed (warriors, buildings, tokens), buildings and tokens it placed (plots
count as tokens), cards it crafted, and its VP by source (``stream.vp_source``: tracks, removal,
crafting, special) and VP lost.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.events import Event
from ..stream import vp_source

COUNTS: tuple[str, ...] = (
    "battles_started", "battles_won", "pieces_removed", "buildings_placed", "tokens_placed", "cards_crafted",
    "vp_tracks", "vp_removal", "vp_crafting", "vp_special", "vp_lost",
)  # fmt: skip


class Tally:
    """Counts per faction of one game; ``see`` is the log listener."""

    def __init__(self, factions: tuple[str, ...]) -> None:
        self.counts: dict[str, dict[str, int]] = {f: dict.fromkeys(COUNTS, 0) for f in factions}
        self._on: dict[str, Callable[[Event], None]] = {
            "battle": self._battle, "hits": self._hits, "remove_warriors": self._removed, "remove_piece": self._removed,
            "place_building": self._placed("buildings_placed"), "place_token": self._placed("tokens_placed"),
            "place_plot": self._placed("tokens_placed"), "craft": self._placed("cards_crafted"),
            "score": self._score, "lose_vp": self._lose,
        }  # fmt: skip

    def see(self, e: Event) -> None:
        on = self._on.get(e.kind)
        if on is not None:
            on(e)

    def _add(self, faction: Any, key: str, n: int = 1) -> None:
        counts = self.counts.get(faction)
        if counts is not None:
            counts[key] += n

    def _battle(self, e: Event) -> None:
        self._add(e.faction, "battles_started")

    def _hits(self, e: Event) -> None:
        d = e.data
        if d["ah"] > d["dh"]:
            self._add(d["attacker"], "battles_won")

    def _removed(self, e: Event) -> None:
        by = e.data.get("by")
        if by != e.faction:  # pieces lost to an enemy, not put away by their owner
            self._add(by, "pieces_removed", e.data.get("n", 1))

    def _placed(self, key: str) -> Callable[[Event], None]:
        return lambda e: self._add(e.faction, key)

    def _score(self, e: Event) -> None:
        if "vp" in e.data:
            self._add(e.faction, f"vp_{vp_source(e.rule)}", e.data["n"])

    def _lose(self, e: Event) -> None:
        self._add(e.faction, "vp_lost", e.data["n"])

    def of(self, faction: str) -> dict[str, int]:
        return self.counts[faction]
