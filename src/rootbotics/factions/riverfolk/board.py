"""The Riverfolk Robots' board: the Market, the Payments box, Protectionism and the suited
Trade Posts tracks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.faction import Board
from ...core.maps import CLEARINGS

if TYPE_CHECKING:
    from ...core.state import GameState

FACTION = "riverfolk"
PROTECTION: tuple[str, ...] = ("shield", "sword")  # 9.2.4
MARKET_SIZE = 5  # 9.2.1
TRADE_POSTS_PER_SUIT = 3  # 9.3.3: the nine trade posts lie on three suited tracks, three each


def trade_posts_placed(state: GameState, suit: str) -> int:
    """Trade posts of ``suit`` on the map: a clearing takes a trade post of its own suit (the
    marker's on maps with markers), so each post's suit is its clearing's (9.3.3)."""
    post = (FACTION, "trade_post")
    return sum(1 for c in CLEARINGS if state.suits[c] == suit and post in state.clearings[c].tokens)


class RiverfolkBoard(Board):
    """The Market (left to right, 9.2.1), the Payments box (warriors by owner, 9.2.3; they stay
    their owners' pieces) and the Protectionism conditions met this turn (9.2.4). None until the
    bot's setup."""

    __slots__ = ("market", "payments", "protection")

    def __init__(self, market: list[int] | None = None, payments: dict[str, int] | None = None, protection: list[str] | None = None) -> None:
        self.market = market
        self.payments = payments
        self.protection = protection

    def clone(self) -> RiverfolkBoard:
        return RiverfolkBoard(
            None if self.market is None else list(self.market),
            None if self.payments is None else dict(self.payments),
            None if self.protection is None else list(self.protection),
        )

    def cards(self) -> list[int]:
        return list(self.market or ())

    def held(self, owner: str, kind: str) -> int:
        return self.payments.get(owner, 0) if kind == "warrior" and self.payments else 0

    def public_counts(self) -> dict[str, dict[str, int]]:
        """The Payments box by owner, face up on the bot's board (9.2.3); its prices follow
        each buyer's VP (``services.price``), so none is kept here."""
        return {} if self.payments is None else {"payments": dict(self.payments)}
