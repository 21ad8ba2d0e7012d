"""A human Lord of the Hundreds' own Rootlog lines at the table in board mode (``table/seat_lines.py``;
Rootlog V2.8, ruling R-HUNDREDS-ROOTLOG): the mood chosen in Birdsong, ``#<mood>->$`` (LoR
14.4.4), and the warlord, ``w_w`` (LoR 14.2.2), whose clearing the board keeps once its line has
moved the piece (``w_w->12`` placed or anointed there, ``w_w12->9`` moved, ``w_w12->`` removed)."""

from __future__ import annotations

from ..core.context import Game
from ..factions.hundreds.board import FACTION, MOODS, board_of
from .rootlog import Board, Card, Clearing, Move, Piece, format_action
from .seat_errors import SeatRefused

LETTER = "H"


def is_mood_move(move: Move, faction: str) -> bool:
    """A mood card put on the Hundreds' own board (``#lavish->$``)."""
    if faction != FACTION or len(move.parts) != 1 or len(move.parts[0].things) != 1 or len(move.dests) != 1:
        return False
    thing, dest = move.parts[0].things[0].thing, move.dests[0]
    return isinstance(thing, Card) and thing.name in MOODS and isinstance(dest, Board) and dest.faction in (None, LETTER)


def set_mood(g: Game, faction: str, move: Move) -> None:
    b = board_of(g.state)
    card = move.parts[0].things[0].thing
    if b is None or not isinstance(card, Card) or card.name not in MOODS:
        raise SeatRefused(format_action(move), f"not a mood card of the Lord of the Hundreds ({', '.join(MOODS)})")
    b.mood = card.name
    g.emit(FACTION, "LoR 14.4.4", "mood", "becomes {mood}", mood=card.name.title())


def note_warlord(g: Game, faction: str, move: Move) -> None:
    """After the Hundreds' own line moved ``w_w``: where the warlord now stands (None: removed)."""
    b = board_of(g.state)
    if faction != FACTION or b is None:
        return
    for part in move.parts:
        for counted in part.things:
            piece = counted.thing
            if isinstance(piece, Piece) and piece.kind == "w" and piece.variant == "w" and piece.faction in (None, LETTER):
                dest = move.dests[0] if move.dests else None
                b.warlord = dest.number if isinstance(dest, Clearing) else None
                g.emit(FACTION, "LoR 14.2.2", "warlord", "has its warlord in {c}" if b.warlord else "has its warlord off the map", c=b.warlord)
