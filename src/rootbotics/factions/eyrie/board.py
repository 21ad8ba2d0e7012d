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


# -- a human seat's board: the Eyrie Dynasties by the Law of Root (LoR 7) ----------------------------
LOR_COLUMNS: tuple[str, ...] = ("recruit", "move", "battle", "build")  # the Decree, left to right (LoR 7.5.2)
LEADERS: dict[str, tuple[str, str]] = {  # each leader and the columns its Viziers start in (LoR 7.8)
    "builder": ("recruit", "move"),
    "charismatic": ("recruit", "battle"),
    "commander": ("move", "battle"),
    "despot": ("move", "build"),
}


class DynastyBoard(Board):
    """A human Eyrie's board (LoR 7): the Decree by column (``LOR_COLUMNS``, Loyal Viziers as
    ``VIZIER``), the leader, and the leaders deposed (face down, LoR 7.7.3). The leaders neither
    current nor deposed are face up. ``decree`` and ``leader`` are None until setup."""

    __slots__ = ("decree", "leader", "deposed")

    def __init__(self, decree: dict[str, list[int]] | None = None, leader: str | None = None, deposed: list[str] | None = None) -> None:
        self.decree = decree
        self.leader = leader
        self.deposed = deposed if deposed is not None else []

    def clone(self) -> DynastyBoard:
        return DynastyBoard(None if self.decree is None else {k: list(v) for k, v in self.decree.items()}, self.leader, list(self.deposed))

    def cards(self) -> list[int]:
        if self.decree is None:
            return []
        return [c for column in self.decree.values() for c in column if c != VIZIER]

    def face_up(self) -> list[str]:
        """The leaders one may choose when deposing (LoR 7.7.3)."""
        return [name for name in LEADERS if name != self.leader and name not in self.deposed]
