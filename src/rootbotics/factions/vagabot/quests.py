"""The quests of a game of two Vagabonds (LoR 9.7.2; ruling R-TWO-VAGABONDS-QUESTS): one quest
deck and one row of three face-up quests, which either Vagabond, bot or human, may complete; a
completed quest goes to its completer (a human's play area, a bot's discard) and the row is
refilled from the shared deck. The shared row and deck lie on the board of the Vagabond who set
up first (the *keeper*); the other's board holds only what he completed. Without a second
Vagabond each board keeps its own quests, as before (the Vagabot one face-up quest, 7.3.3; a
human Vagabond three, LoR 9.3.3).

Both kinds of board name the same lists: ``quests`` (face up), ``quest_deck`` (top card last)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .human import OPTIONS, SECOND
from .items import VAGABOT, quest_label

if TYPE_CHECKING:
    from ...core.state import GameState

PAIR: tuple[str, ...] = tuple(OPTIONS)  # the first Vagabond, the second
SHARED_FACE_UP = 3  # LoR 9.7.2: the three face-up quests, drawn once (LoR 9.3.3)
DEALT = [-1]  # a Vagabot's quest_deck left out of a saved position, dealt after loading (saved.py)


def two_vagabonds(state: GameState) -> bool:
    """LoR 9.7: both Vagabonds' seats are in the game."""
    return all(f in state.factions for f in PAIR)


def other(faction: str) -> str:
    return SECOND if faction == VAGABOT else VAGABOT


def holds_row(board: Any) -> bool:
    """Whether a board holds face-up quests or a quest deck (a deck still to be dealt is none)."""
    return board is not None and bool(board.quests or (board.quest_deck and board.quest_deck != DEALT))


def keeper(state: GameState, faction: str) -> Any:
    """The board whose face-up quests and quest deck ``faction`` plays with: his own, or in a game
    of two Vagabonds the one holding the shared row (his own while neither holds any)."""
    own = state.factions[faction].board
    if not two_vagabonds(state) or holds_row(own):
        return own
    theirs = state.factions[other(faction)].board
    return theirs if holds_row(theirs) else own


def face_up(state: GameState, faction: str) -> list[int]:
    """The face-up quests ``faction`` may complete (LoR 9.5.5, 9.7.2; the Vagabot's 7.5.2)."""
    board = keeper(state, faction)
    return board.quests if board is not None else []


def deck(state: GameState, faction: str) -> list[int]:
    """The quest deck his completed quests are replaced from (top card last)."""
    board = keeper(state, faction)
    return board.quest_deck if board is not None else []


def row_taken(state: GameState, faction: str) -> bool:
    """LoR 9.7.2: at his setup, the other Vagabond already drew the shared quests (no extra
    quests are drawn)."""
    return two_vagabonds(state) and holds_row(state.factions[other(faction)].board)


def described(state: GameState, faction: str) -> str:
    """The board picture's line of quests in a game of two (``faction.py: describe_board``)."""
    row = face_up(state, faction)
    shown = ", ".join(quest_label(q) for q in row) or "none"
    return f"shared face-up quests (LoR 9.7.2): {shown}; {len(deck(state, faction))} in the shared quest deck"


def completed(board: Any) -> list[int]:
    """What a Vagabond completed: a human's play area, a bot's discard."""
    return list(getattr(board, "completed", None) or getattr(board, "quest_discard", None) or [])


def violations(state: GameState) -> list[str]:
    """LoR 9.7.2 in a saved or played game of two Vagabonds: one row of at most three face-up
    quests and one deck, on one board; every quest card in one place at most."""
    if not two_vagabonds(state):
        return []
    boards = {f: state.factions[f].board for f in PAIR}
    holders = [f for f, b in boards.items() if holds_row(b)]
    if len(holders) > 1:
        return [f"factions.{SECOND}.{_field(boards[SECOND])}: the two Vagabonds share one quest deck and three face-up quests (LoR 9.7.2), kept on one board; both the vagabot's and the vagabond2's boards hold some"]
    out: list[str] = []
    if holders and len(boards[holders[0]].quests) > SHARED_FACE_UP:
        out.append(f"factions.{holders[0]}.{_field(boards[holders[0]])}: {len(boards[holders[0]].quests)} face-up quests; the two Vagabonds share three (LoR 9.7.2)")
    seen: list[int] = []
    for b in boards.values():
        if b is not None:
            seen += list(b.quests) + [q for q in b.quest_deck if q >= 0] + completed(b)
    if len(set(seen)) != len(seen):
        out.append(f"factions.{SECOND}: a quest card in two places between the two Vagabonds' boards (LoR 9.7.2): {sorted(q for q in set(seen) if seen.count(q) > 1)}")
    return out


def _field(board: Any) -> str:
    """The saved field of a board's face-up quests (docs/state-format.md)."""
    return "vagabond.quests" if hasattr(board, "completed") else "vagabot.quests"
