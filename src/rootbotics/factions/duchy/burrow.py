"""The Drillbit Duchy's pieces off the map, as plain data (Law of Robotics 10.2.2, 10.7).

The Burrow (10.2.2) is not one of the twelve clearings: it is kept here, as the number of Duchy
warriors in it, so that no targeting, adjacency or distance of any bot ever sees it. Only Duchy
warriors are ever in it (non-Duchy pieces cannot enter it; the Duchy bot has no other piece that
could). It is adjacent to every clearing with a tunnel, and the Duchy always rules it; the Duchy
bot's own rules (``bot.py``) are the only ones that move warriors in or out of it.

The swayed ministers are the ones with a crown (10.6.3, 10.7); crowns not on a minister are in
the supply. Rules that change this state are in ``bot.py``; the shared rules call its Cost of
Errors (10.2.1, ``rules.py``) through the faction's hooks when Duchy buildings are removed.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...core.faction import Board

DUCHY = "duchy"
# 10.7, top to bottom on the faction board, with each minister's suit (shared/data/bot-cards.md section 4).
MINISTERS: tuple[str, ...] = (
    "captain", "marshal", "foremole", "brigadier", "banker", "mayor", "earl", "baron", "duchess",
)
MINISTER_SUIT: dict[str, str] = {
    "captain": "fox", "marshal": "rabbit", "foremole": "mouse",
    "brigadier": "fox", "banker": "rabbit", "mayor": "mouse",
    "earl": "fox", "baron": "rabbit", "duchess": "mouse",
}
MINISTER_TITLE: dict[str, str] = {
    "captain": "Captain", "marshal": "Marshal", "foremole": "Foremole", "brigadier": "Brigadier",
    "banker": "Banker", "mayor": "Mayor", "earl": "Earl of Stone", "baron": "Baron of Dirt",
    "duchess": "Duchess of Mud",
}


@dataclass(slots=True)
class DuchyState(Board):
    """Warriors in the Burrow, the swayed ministers (kept in board order, top first), and the
    ambush cards the bot bought and placed in front of it (9.7, the Duchy's Advanced Services card).
    A human Underground Duchy played by legal moves also keeps the cards it revealed this turn
    (out of its hand until Evening, LoR 12.6.1) and the ranks of the crowns Price of Failure took
    out of the game (LoR 12.2.3)."""

    burrow: int = 0
    swayed: list[str] = field(default_factory=list)
    ambushes: list[int] = field(default_factory=list)
    revealed: list[int] = field(default_factory=list)
    lost_crowns: list[str] = field(default_factory=list)

    def clone(self) -> DuchyState:
        return DuchyState(self.burrow, list(self.swayed), list(self.ambushes), list(self.revealed), list(self.lost_crowns))

    def cards(self) -> list[int]:
        return [*self.ambushes, *self.revealed]

    def public_cards(self) -> dict[str, list[int]]:
        """A human Duchy's revealed cards are face up until Evening (LoR 12.5, 12.6.1)."""
        return {"revealed": list(self.revealed)} if self.revealed else {}

    def take_card(self, cid: int) -> bool:
        if cid not in self.ambushes:
            return False
        self.ambushes.remove(cid)
        return True

    def has(self, minister: str) -> bool:
        return minister in self.swayed

    def sway(self, minister: str) -> None:
        self.swayed.append(minister)
        self.swayed.sort(key=MINISTERS.index)

    def off_map(self, kind: str) -> int:
        """Pieces of one kind held off the map: warriors in the Burrow, crowns on ministers."""
        if kind == "warrior":
            return self.burrow
        if kind == "crown":
            return len(self.swayed)
        return 0

    def out_of_play(self, kind: str) -> int:
        """Crowns removed from the game by Price of Failure (LoR 12.2.3)."""
        return len(self.lost_crowns) if kind == "crown" else 0
