"""The Vagabot's state as plain data: his pawn, his items (Satchel and Battle Track), his quests;
and the item pieces of the box, so that every item can be accounted for.

Rules that change this state during play (exhausting, damaging, the Battle Track, battle) are in
``core/satchel.py``; this module holds data and arithmetic only, so that ``state.py`` can use it.

Law of Robotics 7.2.3: to the Vagabot all items are alike, so an item's kind matters only for
bookkeeping (every physical item is in exactly one place).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING

from ...core.cards import ITEMS, load_deck

if TYPE_CHECKING:
    from ...core.state import GameState

VAGABOT = "vagabot"
# Every item piece kind: the seven craftable items and the torch (never in the supply).
ITEM_TYPES: tuple[str, ...] = ITEMS + ("torch",)
CHARACTERS: tuple[str, ...] = ("thief", "tinker", "ranger", "vagrant", "scoundrel", "arbiter")
CHARACTER_TITLES: dict[str, str] = {c: c.capitalize() for c in CHARACTERS}
# 7.3.5: "any 4 items marked S" (the Tinker 3). Items are alike to the bot, so the engine takes the
# same four every game (ruling R-VAGABOT-ITEMS): the base-game Thief's items, all marked S.
STARTING_ITEMS: tuple[str, ...] = ("boots", "torch", "tea", "sword")
TINKER_STARTING_ITEMS = 3
TRACK_THRESHOLDS: tuple[int, ...] = (6, 9, 12)  # 7.2.4: undamaged items for the 1st, 2nd, 3rd space
FOREST_PREFIX = "forest:"


class ItemDataError(ValueError):
    """The packaged item data is inconsistent."""


@dataclass(frozen=True, slots=True)
class ItemBox:
    """The item pieces of the base box (LoR App. B): the supply's 12, the four marked R, the seven
    marked S."""

    total: dict[str, int]
    supply: dict[str, int]
    ruin: tuple[str, ...]
    starting: dict[str, int]

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
    for k in STARTING_ITEMS:
        if STARTING_ITEMS.count(k) > starting[k]:
            raise ItemDataError(f"the Vagabot's starting {k} is not an item marked S")
    return ItemBox(total, supply, deck.ruin_items, starting)


# -- quests ----------------------------------------------------------------------------------------
@cache
def quest_names() -> tuple[str, ...]:
    """The saved-position name of each quest card by id: ``expel_bandits_mouse``."""
    names = tuple(
        re.sub(r"[^a-z]+", "_", q.name.lower()).strip("_") + "_" + q.suit for q in load_deck().quests
    )
    if len(set(names)) != len(names):
        raise ItemDataError("two quest cards share a name")
    return names


def quest_label(qid: int) -> str:
    q = load_deck().quests[qid]
    return f"{q.name} ({q.suit})"


# -- the Vagabot -----------------------------------------------------------------------------------
@dataclass(slots=True)
class Item:
    """One item on the Vagabot's faction board (7.2.3)."""

    kind: str
    exhausted: bool = False  # face down
    damaged: bool = False
    track: int = 0  # 0: in the Satchel (or the damaged box); 1-3: its space on the Battle Track

    def clone(self) -> Item:
        return Item(self.kind, self.exhausted, self.damaged, self.track)

    def state_words(self) -> str:
        words = ["exhausted" if self.exhausted else "face up"]
        if self.damaged:
            words.append("damaged")
        if self.track:
            words.append(f"on Battle Track space {self.track}")
        return ", ".join(words)


@dataclass(slots=True)
class VagabotState:
    """The Vagabot's pawn, items and quests. The pawn is in a clearing or in a forest, never both:
    ``clearing`` (1-12, mirrored by ``Clearing.pawn``) or ``forest`` (an index into the map's
    forest list)."""

    character: str
    clearing: int | None = None
    forest: int | None = None
    items: list[Item] = field(default_factory=list)
    quest: int | None = None  # the face-up quest (7.3.3); None once the quest deck is spent
    quest_deck: list[int] = field(default_factory=list)  # top card last
    quest_discard: list[int] = field(default_factory=list)

    def clone(self) -> VagabotState:
        return VagabotState(
            self.character,
            self.clearing,
            self.forest,
            [i.clone() for i in self.items],
            self.quest,
            list(self.quest_deck),
            list(self.quest_discard),
        )

    # -- counting (7.2.3-7.2.4) ----------------------------------------------------------------
    def undamaged(self) -> int:
        return sum(1 for i in self.items if not i.damaged)

    def damaged(self) -> int:
        return sum(1 for i in self.items if i.damaged)

    def ready(self) -> list[Item]:
        """Items he can exhaust: undamaged, face up, in the Satchel (7.2.3, 7.2.4)."""
        return [i for i in self.items if not i.damaged and not i.exhausted and not i.track]

    def on_track(self) -> int:
        return sum(1 for i in self.items if i.track)

    def max_rolled_hits(self) -> int:
        """7.2.4: one, plus one for each of the first two Battle Track spaces filled."""
        return 1 + min(self.on_track(), 2)

    def attack_extra_hits(self) -> int:
        """7.2.4: the third Battle Track space (twelve undamaged items) adds a hit as attacker."""
        return 1 if self.on_track() >= 3 else 0

    def location(self) -> str:
        """``"7"`` or ``"forest:2"``: as saved, and as the log names it."""
        if self.forest is not None:
            return f"{FOREST_PREFIX}{self.forest}"
        return str(self.clearing)


def track_spaces(undamaged: int) -> int:
    """7.2.4: how many Battle Track spaces hold items with this many undamaged items."""
    return sum(1 for t in TRACK_THRESHOLDS if undamaged >= t)


def forest_name(state: GameState, forest: int) -> str:
    """A forest as the log names it: ``forest 2 (by 2, 6, 10, 11, 12)``."""
    return f"forest {forest} (by {', '.join(map(str, state.map.forests[forest]))})"


def where(state: GameState, vs: VagabotState) -> str:
    if vs.forest is not None:
        return forest_name(state, vs.forest)
    return str(vs.clearing)


def put_pawn(state: GameState, vs: VagabotState, clearing: int | None = None, forest: int | None = None) -> None:
    """Put the pawn in a clearing or a forest (exactly one), keeping ``Clearing.pawn`` in step."""
    assert (clearing is None) != (forest is None), "the pawn is in a clearing or in a forest"
    if vs.clearing is not None:
        state.clearings[vs.clearing].pawn = None
    vs.clearing, vs.forest = clearing, forest
    if clearing is not None:
        state.clearings[clearing].pawn = VAGABOT


# -- bookkeeping checked by core/invariants.py -------------------------------------------------------
def items_in_play(state: GameState) -> dict[str, int]:
    """Items in the supply, in Crafted Items boxes, under ruins, with the Vagabot, on slots."""
    count = {k: state.item_supply.get(k, 0) for k in ITEM_TYPES}
    for fs in state.factions.values():
        for k in fs.items:
            count[k] += 1
        if fs.vagabot is not None:
            for i in fs.vagabot.items:
                count[i.kind] += 1
    for cl in state.clearings[1:]:
        for k in cl.ruin_items:
            count[k] += 1
        for k in cl.slot_items:
            count[k] += 1
    return count


def violations(state: GameState) -> list[str]:
    """Broken item, pawn, Battle Track and quest bookkeeping, as readable lines."""
    out: list[str] = []
    box = load_item_box()
    in_play = items_in_play(state)
    for k in ITEM_TYPES:
        kept = state.item_box.get(k, 0)
        if state.item_supply.get(k, 0) < 0 or kept < 0 or in_play[k] + kept != box.total[k]:
            out.append(
                f"item {k}: {in_play[k]} in play (supply, crafted, ruins, Vagabot, slots) + {kept} in the box"
                f" != {box.total[k]}"
            )
    for c in range(1, 13):
        cl = state.clearings[c]
        if cl.ruin_items and not cl.ruin:
            out.append(f"clearing {c}: items under a ruin that is gone: {cl.ruin_items}")
        if cl.pawn is not None and (cl.pawn not in state.factions or state.factions[cl.pawn].vagabot is None):
            out.append(f"clearing {c}: a pawn of {cl.pawn}, who has no pawn")
    for f, fs in state.factions.items():
        vs = fs.vagabot
        if vs is None:
            continue
        out.extend(_vagabot_violations(state, f, vs))
        if fs.items:
            out.append(f"{f}: items in a Crafted Items box ({fs.items}); the Vagabot keeps them in his Satchel")
    return out


def _vagabot_violations(state: GameState, f: str, vs: VagabotState) -> list[str]:
    out: list[str] = []
    pawns = [c for c in range(1, 13) if state.clearings[c].pawn == f]
    if (vs.clearing is None) == (vs.forest is None):
        out.append(f"{f}: the pawn is in {vs.location()}: it must be in one clearing or one forest")
    elif vs.clearing is not None and pawns != [vs.clearing]:
        out.append(f"{f}: the pawn is in clearing {vs.clearing} but the map shows it in {pawns}")
    elif vs.forest is not None and (pawns or not 0 <= vs.forest < len(state.map.forests)):
        out.append(f"{f}: the pawn is in forest {vs.forest} but the map shows it in clearings {pawns}")
    spaces = sorted(i.track for i in vs.items if i.track)
    want = track_spaces(vs.undamaged())
    if spaces != list(range(1, want + 1)):
        out.append(f"{f}: Battle Track spaces {spaces} with {vs.undamaged()} undamaged items (want {want} filled)")
    if any(i.track and i.damaged for i in vs.items):
        out.append(f"{f}: a damaged item on the Battle Track")
    quests = list(vs.quest_deck) + list(vs.quest_discard) + ([] if vs.quest is None else [vs.quest])
    if sorted(quests) != list(range(len(load_deck().quests))):
        out.append(f"{f}: quest cards out of place: deck {vs.quest_deck}, discard {vs.quest_discard}, current {vs.quest}")
    if vs.character not in CHARACTERS:
        out.append(f"{f}: unknown character {vs.character!r}")
    return out
