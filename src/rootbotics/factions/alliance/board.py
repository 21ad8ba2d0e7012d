"""The Woodland Alliance's pieces by suit and a human Alliance's board: the Supporters stack."""

from __future__ import annotations

from ...core.faction import Board

FACTION = "alliance"
BASES: dict[str, str] = {"fox": "base_fox", "rabbit": "base_rabbit", "mouse": "base_mouse"}  # suit -> base
BASE_SUIT: dict[str, str] = {base: suit for suit, base in BASES.items()}


class AllianceBoard(Board):
    """A human Woodland Alliance's Supporters stack (None until its first supporter)."""

    __slots__ = ("supporters",)

    def __init__(self, supporters: list[int] | None = None) -> None:
        self.supporters = supporters

    def clone(self) -> AllianceBoard:
        return AllianceBoard(None if self.supporters is None else list(self.supporters))

    def cards(self) -> list[int]:
        return list(self.supporters or ())
