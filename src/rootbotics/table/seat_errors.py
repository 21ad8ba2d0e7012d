"""The refusal of a faction-specific action on the board (``seat_lines.py`` and its modules)."""

from __future__ import annotations


class SeatRefused(ValueError):
    """The action's token and what is wrong (``board.LineRefused`` is made of the two)."""

    def __init__(self, token: str, problem: str) -> None:
        self.token, self.problem = token, problem
        super().__init__(f"{token!r}: {problem}")
