"""The item pieces of the box (LoR App. B), so that every item can be accounted for: the
supply's twelve, the four marked R (under the ruins) and the seven marked S (starting items),
and the starting items the expansions add for their characters (``expansion_S_items`` in the
data, ruling R-VAGABOND-STARTING). Where an item lies during a game (supply, Crafted Items boxes,
ruins, slots, a faction's board) is counted by :func:`items_in_play`."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING

from .cards import ITEMS, load_deck
from .faction import rules_of

if TYPE_CHECKING:
    from .state import GameState

# Every item piece kind: the seven craftable items and the torch (never in the supply).
ITEM_TYPES: tuple[str, ...] = ITEMS + ("torch",)


class ItemDataError(ValueError):
    """The packaged item data is inconsistent."""


@dataclass(frozen=True, slots=True)
class ItemBox:
    """The item pieces of the box: in all, in the supply, marked R, marked S in the base game,
    and the starting items each expansion adds (``expansions``: its set name -> pieces)."""

    total: dict[str, int]
    supply: dict[str, int]
    ruin: tuple[str, ...]
    starting: dict[str, int]
    expansions: dict[str, dict[str, int]]

    def outside_supply(self) -> dict[str, int]:
        """What is left in the box once the item supply is on the map (R and S items)."""
        return {k: self.total[k] - self.supply.get(k, 0) for k in ITEM_TYPES}


@cache
def load_item_box() -> ItemBox:
    """Load and check the box's item pieces from ``data/items.json``."""
    raw = json.loads(resources.files("rootbotics.data").joinpath("items.json").read_text())
    pieces = raw["physical_item_pieces"]
    total = {k: int(pieces["base_box"].get(k, 0)) for k in ITEM_TYPES}
    starting = {k: int(pieces["base_box_S_items"].get(k, 0)) for k in ITEM_TYPES}
    deck = load_deck()
    supply = dict(deck.item_supply)
    if sum(total.values()) != int(pieces["base_box"]["total"]):
        raise ItemDataError("base box items do not add up to their total")
    for k in ITEM_TYPES:
        parts = supply.get(k, 0) + deck.ruin_items.count(k) + starting[k]
        if parts != total[k]:
            raise ItemDataError(f"{k}: supply + R + S items = {parts}, but the box has {total[k]}")
    expansions = {name: {k: int(n) for k, n in added.items()} for name, added in pieces["expansion_S_items"].items() if not name.startswith("_")}
    for added in expansions.values():
        for k, n in added.items():
            if k not in ITEM_TYPES:
                raise ItemDataError(f"expansion_S_items: {k} is no item")
            total[k] += n
    return ItemBox(total, supply, deck.ruin_items, starting, expansions)


def items_in_play(state: GameState) -> dict[str, int]:
    """Items in the supply, in Crafted Items boxes, on faction boards, under ruins, on slots."""
    count = {k: state.item_supply.get(k, 0) for k in ITEM_TYPES}
    for fs in state.factions.values():
        for k in fs.items:
            count[k] += 1
        if fs.board is not None:
            for k in fs.board.item_pieces():
                count[k] += 1
    for cl in state.clearings[1:]:
        for k in cl.ruin_items:
            count[k] += 1
        for k in cl.slot_items:
            count[k] += 1
    return count


def box_total(state: GameState) -> dict[str, int]:
    """Every item piece of the game: the base box's and those a seat brings (its own set,
    :attr:`core.faction.Faction.box_items`)."""
    total = dict(load_item_box().total)
    for f in state.factions:
        for k, n in rules_of(f).box_items.items():
            total[k] += n
    return total


def violations(state: GameState) -> list[str]:
    """Every item piece in exactly one place; items under a ruin only while it stands."""
    out: list[str] = []
    total = box_total(state)
    in_play = items_in_play(state)
    for k in ITEM_TYPES:
        kept = state.item_box.get(k, 0)
        if state.item_supply.get(k, 0) < 0 or kept < 0 or in_play[k] + kept != total[k]:
            out.append(
                f"item {k}: {in_play[k]} in play (supply, crafted, ruins, faction boards, slots) + {kept} in the box"
                f" != {total[k]}"
            )
    for c in range(1, 13):
        cl = state.clearings[c]
        if cl.ruin_items and not cl.ruin:
            out.append(f"clearing {c}: items under a ruin that is gone: {cl.ruin_items}")
        for pawn in cl.pawns():
            owner = state.factions.get(pawn)
            if owner is None or owner.board is None or not owner.board.has_pawn():
                out.append(f"clearing {c}: a pawn of {pawn}, who has no pawn")
        if cl.pawn2 is not None and cl.pawn2 == cl.pawn:
            out.append(f"clearing {c}: the pawn of {cl.pawn} twice")
    return out
