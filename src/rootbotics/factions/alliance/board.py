"""The Woodland Alliance's pieces by suit and a human Alliance's board: the Supporters stack and
the Officers box."""

from __future__ import annotations

from ...core.faction import Board

FACTION = "alliance"
BASES: dict[str, str] = {"fox": "base_fox", "rabbit": "base_rabbit", "mouse": "base_mouse"}  # suit -> base
BASE_SUIT: dict[str, str] = {base: suit for suit, base in BASES.items()}


class AllianceBoard(Board):
    """A human Woodland Alliance's Supporters stack (None until its first supporter) and its
    officers: warriors on the board, neither on the map nor in the supply (Train, LoR 8.5.3)."""

    __slots__ = ("supporters", "officers")

    def __init__(self, supporters: list[int] | None = None, officers: int = 0) -> None:
        self.supporters = supporters
        self.officers = officers

    def clone(self) -> AllianceBoard:
        return AllianceBoard(None if self.supporters is None else list(self.supporters), self.officers)

    def cards(self) -> list[int]:
        return list(self.supporters or ())

    def out_of_play(self, kind: str) -> int:
        return self.officers if kind == "warrior" else 0  # the Officers box
