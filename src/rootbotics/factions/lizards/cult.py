"""The Clockwork Cult's board (Better Bot Project v5, ``lizards@bbp``) and its rules that other
seats set off: the Outcast Pile catching opponents' discards (BBP CC.2) and the Lizard Cult's
Revenge (ruling R-BBP-CC-FACTION). Its turn is ``bbp.py``; nothing here is the Law's bot's.

The Outcast Pile replaces the Lost Souls and the outcast suit (BBP CC.2): cards any opponent
discards join it, oldest first, up to its maximum (4 unless ``options["cult_outcast_max"]``
says otherwise); beyond that they go to the discard pile as usual.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ...core.faction import Board

if TYPE_CHECKING:
    from ...core.context import Game
    from ...core.state import GameState

FACTION = "lizards"
RULE_SET = "bbp"
OUTCAST_MAX = 4  # BBP CC.2: the default maximum
OPTION = "cult_outcast_max"  # a table's other maximum (BBP CC.2 "default: 4")
OPTION_RANGE = (1, 20)


@dataclass(slots=True)
class OutcastPile(Board):
    """The Clockwork Cult's board: its Acolytes box and its Outcast Pile (deck ids, the oldest
    first). The pile is face down between turns and face up while Daylight resolves it; whole
    turns never leave it face up in a saved position, so no flag is kept."""

    acolytes: int = 0
    pile: list[int] = field(default_factory=list)

    def clone(self) -> OutcastPile:
        return OutcastPile(self.acolytes, list(self.pile))

    def cards(self) -> list[int]:
        return list(self.pile)

    def out_of_play(self, kind: str) -> int:
        return self.acolytes if kind == "warrior" else 0  # the Acolytes box


def outcast_max(state: GameState) -> int:
    """BBP CC.2: the pile's maximum, 4 by default."""
    value = state.options.get(OPTION, OUTCAST_MAX)
    return value if isinstance(value, int) and not isinstance(value, bool) else OUTCAST_MAX


def option_problem(options: dict[str, object]) -> str | None:
    value = options.get(OPTION)
    low, high = OPTION_RANGE
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high):
        return f"options.{OPTION}: {value!r} is not a number of cards from {low} to {high} (the Clockwork Cult's Outcast Pile maximum)"
    return None


def cult_board(state: GameState) -> OutcastPile | None:
    """The Clockwork Cult's board, if a Clockwork Cult seat plays."""
    fs = state.factions.get(FACTION)
    if fs is None or not fs.is_bot or fs.rule_set != RULE_SET or not isinstance(fs.board, OutcastPile):
        return None
    return fs.board


def to_outcast_pile(g: Game, card: int) -> None:
    """BBP CC.2: an opponent's discard joins the pile as its newest card; with the pile at its
    maximum, it goes to the discard pile as usual."""
    board = cult_board(g.state)
    assert board is not None
    name = g.state.deckdef.card(card).label()
    limit = outcast_max(g.state)
    if len(board.pile) >= limit:
        g.state.discard.append(card)
        g.emit(FACTION, "BBP CC.2", "discard", "{card} is discarded as usual: its Outcast Pile is full ({n}/{n})", card=name, n=limit)
        return
    board.pile.append(card)
    g.emit(FACTION, "BBP CC.2", "outcast", "{card} goes into its Outcast Pile as the newest card ({n}/{limit})", card=name, n=len(board.pile), limit=limit)


def revenge(g: Game, warriors_lost: int) -> None:
    """Ruling R-BBP-CC-FACTION: the Lizard Cult's Revenge: its warriors removed defending in
    battle go to the Acolytes box instead of its supply."""
    board = cult_board(g.state)
    if board is None or warriors_lost <= 0 or g.state.factions[FACTION].supply.get("warrior", 0) <= 0:
        return
    supply = g.state.factions[FACTION].supply
    n = min(warriors_lost, supply.get("warrior", 0))
    supply["warrior"] -= n
    board.acolytes += n
    g.emit(FACTION, "BBP CC.2", "acolyte", "Revenge: its {lost} warrior(s) lost defending become acolytes ({n} in the Acolytes box; ruling R-BBP-CC-FACTION)", lost=n, n=board.acolytes)
