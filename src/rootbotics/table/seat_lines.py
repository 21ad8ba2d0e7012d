"""Rootlog actions that belong to one kind of human seat, handed over by ``table/board.py``: a
human Vagabond's pawn and items (``vagabond_lines.py``), warriors on a human Riverfolk's board
(``riverfolk_lines.py``), a human Keepers' relics (``keepers_lines.py``). Keeping them here keeps ``board.py`` the same for every faction."""

from __future__ import annotations

from ..core.context import Game
from ..core.state import GameState
from ..factions.vagabot.human import board_of
from . import hundreds_lines, keepers_lines, riverfolk_lines, vagabond_lines
from .rootlog import Action, Move
from .seat_errors import SeatRefused

__all__ = ["SeatRefused", "apply", "handles", "kept_for", "moved"]


def handles(state: GameState, faction: str, move: Move) -> bool:
    """Whether the move is one of these: a pawn's, a human Vagabond's items, a board's warriors."""
    if vagabond_lines.is_pawn_move(move):
        return True
    if vagabond_lines.is_item_move(move) and board_of(state, faction) is not None:
        return True
    if faction == "keepers" and keepers_lines.is_relic_move(move, keepers_lines.LETTER):
        return True
    return riverfolk_lines.is_board_move(move, faction) or hundreds_lines.is_mood_move(move, faction)


def apply(g: Game, faction: str, move: Move, names: dict[str, str]) -> None:
    """Play the move (raise ``SeatRefused``); ``names``: Rootlog letter -> engine name."""
    if vagabond_lines.is_pawn_move(move):
        vagabond_lines.move_pawn(g, faction, move)
    elif riverfolk_lines.is_board_move(move, faction):
        riverfolk_lines.move_warriors(g, faction, move, names)
    elif hundreds_lines.is_mood_move(move, faction):
        hundreds_lines.set_mood(g, faction, move)
    elif faction == "keepers" and keepers_lines.is_relic_move(move, keepers_lines.LETTER):
        keepers_lines.apply_move(g, faction, move)
    else:
        vagabond_lines.move_items(g, faction, move)


def moved(g: Game, faction: str, move: Move) -> None:
    """The board's pieces of a line moved: what a seat's board keeps of them (the Hundreds'
    warlord, the side a Keepers' waystation shows)."""
    hundreds_lines.note_warlord(g, faction, move)
    keepers_lines.note_waystation_faces(g, faction, move)


def kept_for(letter: str, action: Action) -> bool:
    """Item moves are the engine's in a human Vagabond's line (V, or G: the second Vagabond)."""
    return letter in ("V", "G") and isinstance(action, Move) and vagabond_lines.is_item_move(action)


def recorded_damage(state: GameState, faction: str, actions: list[Action], i: int, consumed: set[int]) -> list[str]:
    """A human Vagabond's items written as damaged right after his battle ``i`` (``%s->d``,
    ``%se->d`` for an exhausted one), among its recorded removals: the items he picks for the
    hits he takes (LoR 9.2.7), in order. Their actions join ``consumed``."""
    if board_of(state, faction) is None:
        return []
    words: list[str] = []
    for j in range(i + 1, len(actions)):
        act = actions[j]
        if j in consumed:
            continue
        picked = vagabond_lines.damage_written(act)
        if picked is None:
            break
        words += picked
        consumed.add(j)
    return words


def damage_problem(state: GameState, faction: str, written: list[str], damaged: int) -> str | None:
    """A human Vagabond's battle must record the items the bot's hits damaged, as many as the
    Law gives (LoR 9.2.7: they are his choice, so the line says which)."""
    if board_of(state, faction) is None or len(written) == damaged:
        return None
    if not written:
        return f"the Law gives {damaged} damaged item(s) (LoR 9.2.7): write which right after the battle, as %s->d"
    return f"the Law gives {damaged} damaged item(s) (LoR 9.2.7), the line records {len(written)}"
