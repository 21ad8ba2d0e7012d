"""Rootlog for clicks: the notation of each piece on the board and in a supply, so that the page
can compose a human's line from what is clicked (``static/table.js``) and show it in the text box
before it is sent. The letters are the ones the table reads lines with (``table/board.py``)."""

from __future__ import annotations

from typing import Any

from ..core.state import GameState
from ..table.board import ENGINE_NAMES, KINDS, LETTERS

# (faction, engine piece kind) -> the Rootlog piece with its faction letter ("Cw", "Cb_s", "Pt")
PIECES: dict[tuple[str, str], str] = {}
for (_letter, _type, _variant), _kind in KINDS.items():
    PIECES.setdefault((ENGINE_NAMES[_letter], _kind), f"{_letter}{_type}{'_' + _variant if _variant else ''}")


def rootlog_piece(faction: str, kind: str) -> str | None:
    """The Rootlog name of a piece (``None``: a piece the table does not take from lines)."""
    return PIECES.get((faction, kind))


def letter_of(faction: str) -> str:
    return LETTERS.get(faction, "")


def supply_of(state: GameState, faction: str) -> list[dict[str, Any]]:
    """The pieces a human seat may place from its supply (LoR 1.5.4), with their notation."""
    fs = state.factions[faction]
    out = []
    for kind, n in fs.supply.items():
        token = rootlog_piece(faction, kind)
        if n > 0 and token is not None:
            out.append({"kind": kind, "label": kind.replace("_", " "), "rootlog": token, "count": n})
    return out
