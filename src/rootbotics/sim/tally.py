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


Handler = Callable[[Any, str, dict[str, Any]], None]  # (faction, rule, data)


class Tally:
    """Counts per faction of one game. ``watch`` maps the event kinds it counts to handlers of
    (faction, rule, data), for a game that only counts its events (``core.context.CountingGame``);
    ``see`` takes a whole event, as a log listener."""

    def __init__(self, factions: tuple[str, ...]) -> None:
        self.counts: dict[str, dict[str, int]] = {f: dict.fromkeys(COUNTS, 0) for f in factions}
        self.watch: dict[str, Handler] = {
            "battle": self._battle, "hits": self._hits, "remove_warriors": self._removed, "remove_piece": self._removed,
            "place_building": self._placed("buildings_placed"), "place_token": self._placed("tokens_placed"),
            "place_plot": self._placed("tokens_placed"), "craft": self._placed("cards_crafted"),
            "score": self._score, "lose_vp": self._lose,
        }  # fmt: skip

    def see(self, e: Event) -> None:
        on = self.watch.get(e.kind)
        if on is not None:
            on(e.faction, e.rule, e.data)

    def _add(self, faction: Any, key: str, n: int = 1) -> None:
        counts = self.counts.get(faction)
        if counts is not None:
            counts[key] += n

    def _battle(self, faction: Any, rule: str, d: dict[str, Any]) -> None:
        self._add(faction, "battles_started")

    def _hits(self, faction: Any, rule: str, d: dict[str, Any]) -> None:
        if d["ah"] > d["dh"]:
            self._add(d["attacker"], "battles_won")

    def _removed(self, faction: Any, rule: str, d: dict[str, Any]) -> None:
        by = d.get("by")
        if by != faction:  # pieces lost to an enemy, not put away by their owner
            self._add(by, "pieces_removed", d.get("n", 1))

    def _placed(self, key: str) -> Handler:
        return lambda faction, rule, d: self._add(faction, key)

    def _score(self, faction: Any, rule: str, d: dict[str, Any]) -> None:
        if "vp" in d:
            self._add(faction, f"vp_{vp_source(rule)}", d["n"])

    def _lose(self, faction: Any, rule: str, d: dict[str, Any]) -> None:
        self._add(faction, "vp_lost", d["n"])

    def of(self, faction: str) -> dict[str, int]:
        return self.counts[faction]
