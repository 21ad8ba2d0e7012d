"""The Lord of the Hundreds' board (LoR 14): the Hoard's two tracks (LoR 14.2.4), the mood card
in the Mood Card slot (LoR 14.4.4, 14.7) and where the warlord stands (LoR 14.2.2).

The warlord is a warrior (LoR 14.2.2): on the map it is one of the Hundreds' warriors counted in
its clearing, and off the map it lies in their supply among the warriors (the box holds 20
warriors and the warlord, so 21 of the kind ``warrior``). The board says which clearing's count
includes it (ruling R-HUNDREDS-WARLORD)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.faction import Board

if TYPE_CHECKING:
    from ...core.state import GameState

FACTION = "hundreds"
COMMAND_ITEMS: tuple[str, ...] = ("boots", "bag", "coins")  # LoR 14.2.4
PROWESS_ITEMS: tuple[str, ...] = ("hammer", "tea", "sword", "crossbow")  # LoR 14.2.4
TRACK_SPACES = 4  # each track's spaces (LoR 14.2.4.2 counts up to four items)
TRACKS: tuple[str, ...] = ("command", "prowess")
MOODS: dict[str, str | None] = {  # each mood card and the item it shows (LoR 14.7)
    "bitter": "hammer",
    "grandiose": "tea",
    "jubilant": "boots",
    "lavish": None,
    "relentless": "bag",
    "rowdy": "coins",
    "stubborn": "crossbow",
    "wrathful": "sword",
}
RUIN_MARK = ":ruin"  # a saved hoard item marked R (taken from a ruin; LoR 9.7.3)


def track_of(item: str) -> str:
    """The Hoard track an item goes on (LoR 14.2.4)."""
    return "command" if item in COMMAND_ITEMS else "prowess"


def strength(n: int) -> int:
    """Command or Prowess from the items on a track (LoR 14.2.4.2): 0 -> 1, 1-2 -> 2, 3 -> 3, 4 -> 4."""
    return 1 if n == 0 else 2 if n <= 2 else n


class HoardItem:
    """One item piece on the Hoard: its kind and whether it is a piece marked R (LoR 9.7.3)."""

    __slots__ = ("kind", "ruin")

    def __init__(self, kind: str, ruin: bool = False) -> None:
        self.kind = kind
        self.ruin = ruin

    def saved(self) -> str:
        return self.kind + (RUIN_MARK if self.ruin else "")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HoardItem) and (self.kind, self.ruin) == (other.kind, other.ruin)

    def __repr__(self) -> str:
        return f"HoardItem({self.saved()!r})"


class HundredsBoard(Board):
    """The Hoard (``command`` and ``prowess``, each left to right), the ``mood`` in the Mood Card
    slot, the ``warlord``'s clearing (None: in the supply) and ``looting``, the battle now under
    way in which the Hundreds declared they loot (LoR 14.2.5; only during that battle)."""

    __slots__ = ("command", "prowess", "mood", "warlord", "looting", "craft_scores")

    def __init__(
        self,
        command: list[HoardItem] | None = None,
        prowess: list[HoardItem] | None = None,
        mood: str = "stubborn",
        warlord: int | None = None,
    ) -> None:
        self.command = command if command is not None else []
        self.prowess = prowess if prowess is not None else []
        self.mood = mood
        self.warlord = warlord
        self.looting = False
        self.craft_scores = False  # inside one crafted item (LoR 14.2.3): removed to score its VP

    def clone(self) -> HundredsBoard:
        b = HundredsBoard([HoardItem(i.kind, i.ruin) for i in self.command], [HoardItem(i.kind, i.ruin) for i in self.prowess], self.mood, self.warlord)
        b.looting = self.looting
        b.craft_scores = self.craft_scores
        return b

    def track(self, name: str) -> list[HoardItem]:
        return self.command if name == "command" else self.prowess

    def item_pieces(self) -> list[str]:
        return [i.kind for i in self.command] + [i.kind for i in self.prowess]

    def command_value(self) -> int:
        return strength(len(self.command))

    def prowess_value(self) -> int:
        return strength(len(self.prowess))

    def moods_open(self) -> list[str]:
        """The mood cards that show no item in the Hoard (LoR 14.4.4)."""
        held = set(self.item_pieces())
        return [m for m, item in MOODS.items() if item is None or item not in held]


def board_of(state: GameState) -> HundredsBoard | None:
    fs = state.factions.get(FACTION)
    board = None if fs is None else fs.board
    return board if isinstance(board, HundredsBoard) else None


def warlord_clearing(state: GameState) -> int | None:
    """Where the warlord stands: the board's clearing while a Hundreds warrior is counted there
    (a battle's hits remove it last and its board is told once the battle's removals are over)."""
    board = board_of(state)
    if board is None or board.warlord is None:
        return None
    return board.warlord if state.clearings[board.warlord].warriors.get(FACTION, 0) > 0 else None


def regular_supply(state: GameState) -> int:
    """Warriors in the supply other than the warlord (LoR 14.3.1: 20 warriors and the warlord)."""
    fs = state.factions[FACTION]
    have = fs.supply.get("warrior", 0)
    board = board_of(state)
    return max(0, have - (1 if board is not None and board.warlord is None else 0))
