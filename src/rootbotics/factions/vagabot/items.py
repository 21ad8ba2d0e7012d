"""The Vagabot's board as plain data: his pawn, his items (Satchel and Battle Track), his quests.
The item pieces of the box are ``core/items.py``.

Rules that change this state during play (exhausting, damaging, the Battle Track, battle) are in
``satchel.py``; this module holds data and arithmetic only.

Law of Robotics 7.2.3: to the Vagabot all items are alike, so an item's kind matters only for
bookkeeping (every physical item is in exactly one place).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, ClassVar

from ...core.cards import load_deck
from ...core.faction import Board
from ...core.items import ItemBox, ItemDataError, load_item_box  # noqa: F401 (ItemDataError for callers)

if TYPE_CHECKING:
    from ...core.state import GameState

VAGABOT = "vagabot"
CHARACTERS: tuple[str, ...] = ("thief", "tinker", "ranger", "vagrant", "scoundrel", "arbiter")
CHARACTER_TITLES: dict[str, str] = {c: c.capitalize() for c in CHARACTERS}
# 7.3.5: "any 4 items marked S" (the Tinker 3). Items are alike to the bot, so the engine takes the
# same four every game (ruling R-VAGABOT-ITEMS): the base-game Thief's items, all marked S.
STARTING_ITEMS: tuple[str, ...] = ("boots", "torch", "tea", "sword")
TINKER_STARTING_ITEMS = 3
TRACK_THRESHOLDS: tuple[int, ...] = (6, 9, 12)  # 7.2.4: undamaged items for the 1st, 2nd, 3rd space
FOREST_PREFIX = "forest:"


def check_starting_items(box: ItemBox) -> None:
    """The Vagabot's starting items are items marked S of the box (7.3.5)."""
    for k in STARTING_ITEMS:
        if STARTING_ITEMS.count(k) > box.starting[k]:
            raise ItemDataError(f"the Vagabot's starting {k} is not an item marked S")


SETS: tuple[str, ...] = ("base", "riverfolk", "vagabond_pack")  # the boxes, each played with those before it


@cache
def character_sets() -> dict[str, str]:
    """Each character's box (``data/items.json`` ``vagabond_characters``): ``harrier`` -> ``vagabond_pack``."""
    raw = json.loads(resources.files("rootbotics.data").joinpath("items.json").read_text())
    return {str(ch["name"]).lower(): str(ch["set"]) for ch in raw["vagabond_characters"]}


def check_characters(starting: dict[str, tuple[str, ...]], box: ItemBox) -> None:
    """Every character finds his starting items (LoR 9.3.5, 26) among the items marked S of the
    base box and of the sets up to his own: the Riverfolk's with the base game's, the Vagabond
    Pack's with both (ruling R-VAGABOND-STARTING)."""
    sets = character_sets()
    for name, items in starting.items():
        have = dict(box.starting)
        for added in SETS[1 : SETS.index(sets[name]) + 1]:
            for k, n in box.expansions.get(added, {}).items():
                have[k] = have.get(k, 0) + n
        for k in sorted(set(items)):
            if items.count(k) > have.get(k, 0):
                raise ItemDataError(f"the {name.title()}'s starting {k} is not among the items marked S")


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
    ruin: bool = False  # an item marked R he took from a ruin in a game of two Vagabonds (LoR 9.7.3); saved as R

    def clone(self) -> Item:
        return Item(self.kind, self.exhausted, self.damaged, self.track, self.ruin)

    def state_words(self) -> str:
        words = ["exhausted" if self.exhausted else "face up"]
        if self.damaged:
            words.append("damaged")
        if self.track:
            words.append(f"on Battle Track space {self.track}")
        return ", ".join(words)


@dataclass(slots=True)
class VagabotState(Board):
    """The Vagabot's pawn, items and quests. The pawn is in a clearing or in a forest, never both:
    ``clearing`` (1-12, mirrored by ``Clearing.pawn``) or ``forest`` (an index into the map's
    forest list)."""

    character: str
    clearing: int | None = None
    forest: int | None = None
    items: list[Item] = field(default_factory=list)
    quests: list[int] = field(default_factory=list)  # the face-up quest (7.3.3; none once the deck is spent), or the row of a game of two (LoR 9.7.2, ``quests.py``)
    quest_deck: list[int] = field(default_factory=list)  # top card last
    quest_discard: list[int] = field(default_factory=list)

    def clone(self) -> VagabotState:
        """A copy of the same kind (the Robot Raccoon's board, RaccoonState, has no fields of its own)."""
        return type(self)(
            self.character,
            self.clearing,
            self.forest,
            [i.clone() for i in self.items],
            list(self.quests),
            list(self.quest_deck),
            list(self.quest_discard),
        )

    def item_pieces(self) -> list[str]:
        return [i.kind for i in self.items]

    def has_pawn(self) -> bool:
        return True

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

    # -- what the track counts: the Law's Battle Track (7.2.4); the Robot Raccoon's differs ------
    track_rule: ClassVar[str] = "7.2.4"
    track_name: ClassVar[str] = "Battle Track"
    damaged_leave_track: ClassVar[bool] = True  # 7.2.5: a damaged item leaves the track

    def track_count(self) -> int:
        """7.2.4: the track fills by his undamaged items."""
        return self.undamaged()

    def next_for_track(self) -> Item:
        """7.2.4: the item the track takes next: exhausted before face up, the newest first."""
        satchel = [i for i in self.items if not i.track and not i.damaged]
        return ([i for i in satchel if i.exhausted] or satchel)[-1]


@dataclass(slots=True)
class RaccoonState(VagabotState):
    """The Robot Raccoon's board (Better Bot Project v5, ``vagabot@bbp``): the Vagabot's, but its
    Combat Track fills by the total number of items he holds, damaged or not (BBP RR.2, RR.10:
    the 6th, 9th and 12th item gained go onto it); a damaged item stays on the track (ruling
    R-BBP-RR-TRACK)."""

    track_rule: ClassVar[str] = "BBP RR.2"
    track_name: ClassVar[str] = "Combat Track"
    damaged_leave_track: ClassVar[bool] = False

    def track_count(self) -> int:
        """BBP RR.2, RR.10: every item he holds counts."""
        return len(self.items)

    def next_for_track(self) -> Item:
        """BBP RR.2: the item just gained (the newest off the track) goes onto it."""
        return [i for i in self.items if not i.track][-1]


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


def put_pawn(state: GameState, vs: VagabotState, clearing: int | None = None, forest: int | None = None, faction: str = VAGABOT) -> None:
    """Put the pawn in a clearing or a forest (exactly one), keeping ``Clearing.pawn`` in step.
    ``faction``: whose pawn (the Robot Raccoon #2's is ``vagabond2``)."""
    assert (clearing is None) != (forest is None), "the pawn is in a clearing or in a forest"
    if vs.clearing is not None:
        state.clearings[vs.clearing].remove_pawn(faction)
    vs.clearing, vs.forest = clearing, forest
    if clearing is not None:
        state.clearings[clearing].add_pawn(faction)


# -- bookkeeping checked by the invariants ----------------------------------------------------------
def violations(state: GameState, f: str, vs: VagabotState) -> list[str]:
    """The pawn in one place, the Battle Track matching his undamaged items, each quest in one place."""
    out: list[str] = []
    pawns = [c for c in range(1, 13) if f in state.clearings[c].pawns()]
    if (vs.clearing is None) == (vs.forest is None):
        out.append(f"{f}: the pawn is in {vs.location()}: it must be in one clearing or one forest")
    elif vs.clearing is not None and pawns != [vs.clearing]:
        out.append(f"{f}: the pawn is in clearing {vs.clearing} but the map shows it in {pawns}")
    elif vs.forest is not None and (pawns or not 0 <= vs.forest < len(state.map.forests)):
        out.append(f"{f}: the pawn is in forest {vs.forest} but the map shows it in clearings {pawns}")
    spaces = sorted(i.track for i in vs.items if i.track)
    want = track_spaces(vs.track_count())
    if spaces != list(range(1, want + 1)):
        counted = "items" if isinstance(vs, RaccoonState) else "undamaged items"
        out.append(f"{f}: {vs.track_name} spaces {spaces} with {vs.track_count()} {counted} (want {want} filled)")
    if vs.damaged_leave_track and any(i.track and i.damaged for i in vs.items):
        out.append(f"{f}: a damaged item on the Battle Track")
    quests = list(vs.quest_deck) + list(vs.quest_discard) + list(vs.quests)
    shared = all(v in state.factions for v in (VAGABOT, "vagabond2"))  # LoR 9.7.2: checked across both boards (quests.py)
    if not shared and sorted(quests) != list(range(len(load_deck().quests))):
        out.append(f"{f}: quest cards out of place: deck {vs.quest_deck}, discard {vs.quest_discard}, face up {vs.quests}")
    if not shared and len(vs.quests) > 1:
        out.append(f"{f}: {len(vs.quests)} face-up quests; the Vagabot has one (7.3.3)")
    if vs.character not in CHARACTERS:
        out.append(f"{f}: unknown character {vs.character!r}")
    return out


def ruin_choices(vs: VagabotState, under: list[str]) -> list[str]:
    """LoR 9.7.3: the items under a ruin a bot Vagabond may take: none of a kind he holds marked R
    (in a game of one Vagabond the four R items differ, so this never bars one)."""
    held = {i.kind for i in vs.items if i.ruin}
    return [k for k in under if k not in held]
