"""Controllers: how the engine asks a human seat for the decisions that are theirs (DESIGN 6).

Bots never need one: they decide by their rules. A human seat is played through a controller:
the table companion asks the person, a test answers from a script. The shared rules ask only
what is here; the factions' own requests (Outrage, services, the Arbiter, ...) are listed in the
full protocol, ``rootbotics.controllers.HumanController``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from .context import Game


class Controller(Protocol):
    def take_turn(self, g: Game, faction: str) -> None:
        """Play the human's whole turn (the engine then passes play on)."""

    def assign_hits(self, g: Game, faction: str, clearing: int, hits: int, removable: list[str]) -> list[str]:
        """Order in which to remove this seat's buildings and tokens (``removable``: kinds).

        Warriors are always removed first (LoR 4.3.4); this is asked only for the rest.
        """

    def ambush_card(self, g: Game, faction: str, clearing: int, attacker: str) -> int | None:
        """An ambush card matching the clearing to play as defender, or None (LoR 4.3.1; asked
        only with the Better Bot Project's Ambush variant, BBP 3.2)."""
