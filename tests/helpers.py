"""Build small positions for bot tests through the saved-position format itself."""

from __future__ import annotations

from typing import Any

from rootbotics.core import serial
from rootbotics.core.chance import ScriptedChance
from rootbotics.core.context import Game
from rootbotics.core.state import GameState

EMPTY_DECREE = {"fox": [], "mouse": [], "rabbit": [], "bird": ["loyal_vizier", "loyal_vizier"]}


def position(
    clearings: dict[int, dict[str, Any]],
    seats: tuple[str, ...] = ("marquise", "eyrie"),
    humans: tuple[str, ...] = (),
    turn: int = 0,
    options: dict[str, Any] | None = None,
    map_name: str = "fall",
    suits: dict[int, str] | None = None,
    **factions: dict[str, Any],
) -> GameState:
    """A Fall position: ``clearings`` as in the JSON format; per-faction extras by keyword;
    ``options`` as saved (``{"cooperative": True}`` for Fully Cooperative Play)."""
    data: dict[str, Any] = {
        "format": "rootbotics-position",
        "version": 1,
        "map": map_name,
        "seed": 11,
        "turn_order": list(seats),
        "turn": turn,
        "factions": {},
        "clearings": {str(c): v for c, v in clearings.items()},
    }
    if options:
        data["options"] = dict(options)
    if suits:
        data["suits"] = {str(c): v for c, v in suits.items()}
    for f in seats:
        entry: dict[str, Any] = {"seat": "human" if f in humans else "bot"}
        if f == "eyrie" and f not in humans:
            entry["decree"] = {k: list(v) for k, v in EMPTY_DECREE.items()}
        entry.update(factions.get(f, {}))
        data["factions"][f] = entry
    return serial.from_json(data)


def game(state: GameState, script: list[tuple[str, object]] | None = None, **controllers) -> Game:
    """A game on ``state``; ``("draw", "card_name")`` entries are resolved to card ids."""
    if script is None:
        return Game(state, controllers=controllers)
    ids = state.deckdef.by_name
    resolved = [(k, ids[v] if k == "draw" else v) for k, v in script]
    return Game(state, ScriptedChance(resolved), controllers)


def set_order(g: Game, faction: str, card: str) -> None:
    """Give a bot its order card from the deck (as if revealed)."""
    cid = g.state.deckdef.by_name[card]
    g.state.deck.remove(cid)
    g.state.factions[faction].order = cid
