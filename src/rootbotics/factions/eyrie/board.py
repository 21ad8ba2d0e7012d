"""The Electric Eyrie's board: the Decree (5.3.3)."""

from __future__ import annotations

from ...core.faction import Board

FACTION = "eyrie"
DECREE_COLUMNS: tuple[str, ...] = ("fox", "mouse", "rabbit", "bird")  # left to right
VIZIER = -1  # a Loyal Vizier in the Decree; not one of the 54 cards
VIZIER_NAME = "loyal_vizier"  # as saved


class EyrieBoard(Board):
    """The Electric Eyrie's Decree: its cards by column, Loyal Viziers as ``VIZIER`` (5.3.3).
    None until the bot's setup tucks the Viziers."""

    __slots__ = ("decree",)

    def __init__(self, decree: dict[str, list[int]] | None = None) -> None:
        self.decree = decree

    def clone(self) -> EyrieBoard:
        return EyrieBoard(None if self.decree is None else {k: list(v) for k, v in self.decree.items()})

    def cards(self) -> list[int]:
        if self.decree is None:
            return []
        return [c for column in self.decree.values() for c in column if c != VIZIER]
