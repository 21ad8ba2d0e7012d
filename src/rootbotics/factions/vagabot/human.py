"""The human Vagabond's board (Law of Root 9): his pawn, in a clearing or a forest, and his items
(face up or exhausted, damaged or not), and what the bots' battles and effects do to him.

The Law of Robotics keeps the Vagabond's own rules: in battle his maximum rolled hits are his
undamaged swords (LoR 9.2.6) and he is defenseless with none (LoR 9.2.4; ruling
R-VAGABOT-DEFENSELESS); each hit he takes damages one undamaged item of his choice (LoR 9.2.7),
hits beyond them do nothing; an effect that removes all enemy pieces from his clearing damages
three items instead (LoR 9.2.2, as 7.2.1 I for the Vagabot). His choices are asked of his controller
(``assign_hits`` with his undamaged items). Which character he plays, his relationships, quests
and the coalition are kept at the table.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ...core.context import EngineFailure, Game
from ...core.faction import Board
from ...core.fields import StateError, lst, only, show, string
from ...core.items import ITEM_TYPES
from ...core.maps import CLEARINGS
from .items import FOREST_PREFIX

if TYPE_CHECKING:
    from ...core.state import GameState

FIELDS = ("character", "location", "items")
OPTION = "vagabond_character"  # a game's option: the human Vagabond's character, when his board names none
SECOND = "vagabond2"  # the second Vagabond (LoR: two Vagabonds in one game), a human seat only
OPTIONS: dict[str, str] = {"vagabot": OPTION, SECOND: "vagabond2_character"}  # each Vagabond's option
FULL_REMOVAL_DAMAGE = 3  # LoR 9.2.2
ITEM_FLAGS = ("exhausted", "damaged")
# The Law of Root's Vagabond characters (base game, Riverfolk and Vagabond packs)
HUMAN_CHARACTERS = ("thief", "tinker", "ranger", "vagrant", "scoundrel", "arbiter", "adventurer", "ronin", "harrier")


@dataclass(slots=True)
class VagabondItem:
    """One item on the human Vagabond's board: face up or exhausted, damaged or not."""

    kind: str
    exhausted: bool = False
    damaged: bool = False

    def clone(self) -> VagabondItem:
        return VagabondItem(self.kind, self.exhausted, self.damaged)

    def words(self) -> str:
        return " ".join([self.kind] + [f for f in ITEM_FLAGS if getattr(self, f)])


@dataclass(slots=True)
class VagabondBoard(Board):
    """A human Vagabond's pawn (``clearing`` 1-12 mirrored by ``Clearing.pawn``, or ``forest``, an
    index into the map's forests; neither before his setup) and his items."""

    clearing: int | None = None
    forest: int | None = None
    items: list[VagabondItem] = field(default_factory=list)
    character: str | None = None  # his character card; the bots ask only whether he is the Arbiter (7.7.6)

    def clone(self) -> VagabondBoard:
        return VagabondBoard(self.clearing, self.forest, [i.clone() for i in self.items], self.character)

    def item_pieces(self) -> list[str]:
        return [i.kind for i in self.items]

    def has_pawn(self) -> bool:
        return True

    def swords(self) -> int:
        """Undamaged swords: his maximum rolled hits (LoR 9.2.6)."""
        return sum(1 for i in self.items if i.kind == "sword" and not i.damaged)

    def undamaged(self) -> list[VagabondItem]:
        return [i for i in self.items if not i.damaged]

    def location(self) -> str | int | None:
        """As saved: a clearing number, ``"forest:2"``, or None before setup."""
        if self.forest is not None:
            return f"{FOREST_PREFIX}{self.forest}"
        return self.clearing


def character(state: GameState, vb: VagabondBoard, faction: str = "vagabot") -> str | None:
    """His character: on his board, else the game's option for his seat (``vagabond_character``,
    ``vagabond2_character`` for the second Vagabond; a table session)."""
    chosen = vb.character or state.options.get(OPTIONS.get(faction, OPTION))
    return chosen if isinstance(chosen, str) else None


def board_of(state: GameState, faction: str) -> VagabondBoard | None:
    fs = state.factions.get(faction)
    return fs.board if fs is not None and isinstance(fs.board, VagabondBoard) else None


def place_pawn(state: GameState, faction: str, vb: VagabondBoard, clearing: int | None = None, forest: int | None = None) -> None:
    """Put the pawn in a clearing or a forest, keeping ``Clearing.pawn`` in step."""
    if vb.clearing is not None:
        state.clearings[vb.clearing].remove_pawn(faction)
    vb.clearing, vb.forest = clearing, forest
    if clearing is not None:
        state.clearings[clearing].add_pawn(faction)


def where(state: GameState, vb: VagabondBoard) -> str:
    if vb.forest is not None:
        return f"forest F{vb.forest + 1} (by {', '.join(map(str, state.map.forests[vb.forest]))})"  # the map's numbering
    return "no place yet" if vb.clearing is None else f"clearing {vb.clearing}"


# -- in battle and under the bots' effects (LoR 9.2.2, 9.2.4, 9.2.6, 9.2.7) ------------------
def max_rolled_hits(vb: VagabondBoard) -> int:
    return vb.swords()


def damage(g: Game, faction: str, c: int, hits: int, rule: str, reason: str) -> int:
    """Damage one undamaged item per hit, the ones he picks (his controller is asked in the order
    they go); hits beyond his undamaged items do nothing. Returns how many were damaged."""
    vb = board_of(g.state, faction)
    assert vb is not None
    pool = sorted(i.words() for i in vb.undamaged())
    if hits <= 0:
        return 0
    if not pool:
        g.emit(faction, rule, "damage_ignored", "has no undamaged item: {k} hit(s) do nothing", k=hits)
        return 0
    order = g.controller(faction).assign_hits(g, faction, c, hits, pool) if len(pool) > hits else pool
    done = 0
    for words in order[:hits]:
        item = next((i for i in vb.undamaged() if i.words() == words), None)
        if item is None:
            raise EngineFailure(f"the {faction} has no undamaged {words} to damage")
        item.damaged = True
        done += 1
        g.emit(faction, rule, "damage", "damages his {item} {reason}", item=words, reason=reason)
    if hits > done:
        g.emit(faction, rule, "damage_ignored", "has no undamaged item left: {k} more hit(s) do nothing", k=hits - done)
    return done


def full_removal(g: Game, pawn: str, by: str, c: int) -> None:
    """LoR 9.2.2: removing all enemy pieces from his clearing damages three of his items."""
    if pawn != by and pawn in g.state.clearings[c].pawns() and board_of(g.state, pawn) is not None:
        damage(g, pawn, c, FULL_REMOVAL_DAMAGE, "LoR 9.2.2", f"as {by} removes all enemy pieces from {c}")


# -- the saved-position format (docs/state-format.md, "The human Vagabond") ---------------------
def board_json(vb: VagabondBoard) -> dict[str, Any]:
    out: dict[str, Any] = {"location": vb.location(), "items": [i.words() for i in vb.items]}
    if vb.character is not None:
        out = {"character": vb.character, **out}
    return out


def read_board(state: GameState, faction: str, raw: Any, path: str) -> VagabondBoard:
    """``{"location": 5 | "forest:2" | null, "items": ["sword", "boots exhausted damaged"]}``."""
    if not isinstance(raw, dict):
        raise StateError(path, f"{show(raw)} is not an object")
    only(raw, FIELDS, path, "the human Vagabond")
    vb = VagabondBoard()
    if raw.get("character") is not None:
        vb.character = string(raw["character"], f"{path}.character", HUMAN_CHARACTERS)
    location = raw.get("location")
    lpath, forests = f"{path}.location", len(state.map.forests)
    if isinstance(location, str) and location.startswith(FOREST_PREFIX) and location[len(FOREST_PREFIX):].isdigit():
        forest = int(location[len(FOREST_PREFIX):])
        if forest >= forests:
            raise StateError(lpath, f"the {state.map.name} map has forests forest:0 to forest:{forests - 1}")
        place_pawn(state, faction, vb, forest=forest)
    elif isinstance(location, int) and not isinstance(location, bool) and location in CLEARINGS:
        place_pawn(state, faction, vb, clearing=location)
    elif location is not None:
        raise StateError(lpath, f"{show(location)} is neither a clearing (1 to 12), a forest (forest:0 to forest:{forests - 1}) nor null")
    for i, value in enumerate(lst(raw.get("items", []), f"{path}.items")):
        vb.items.append(_read_item(value, f"{path}.items.{i}"))
    return vb


def _read_item(value: Any, path: str) -> VagabondItem:
    words = string(value, path).split()
    if not words or words[0] not in ITEM_TYPES:
        raise StateError(path, f"{show(value)} does not start with an item ({', '.join(ITEM_TYPES)})")
    flags = words[1:]
    for w in flags:
        if w not in ITEM_FLAGS or flags.count(w) > 1:
            raise StateError(path, f"{w!r} is not a state of an item (exhausted, damaged; each once)")
    return VagabondItem(words[0], "exhausted" in flags, "damaged" in flags)


def violations(state: GameState, faction: str, vb: VagabondBoard) -> list[str]:
    """The pawn in one place at most, and where the map shows it."""
    pawns = [c for c in CLEARINGS if faction in state.clearings[c].pawns()]
    if vb.clearing is not None and vb.forest is not None:
        return [f"{faction}: the pawn is in clearing {vb.clearing} and in forest {vb.forest}"]
    if pawns != ([] if vb.clearing is None else [vb.clearing]):
        return [f"{faction}: the pawn is in {where(state, vb)} but the map shows it in {pawns}"]
    if vb.forest is not None and not 0 <= vb.forest < len(state.map.forests):
        return [f"{faction}: no forest {vb.forest} on the {state.map.name} map"]
    return []


def describe(state: GameState, vb: VagabondBoard, faction: str = "vagabot") -> list[str]:
    chosen = character(state, vb, faction)
    title = f"the {chosen.title()}, " if chosen else ""
    return [
        f"{'Second Vagabond' if faction == SECOND else 'Vagabond'}: {title}in {where(state, vb)}",
        f"  items: {', '.join(i.words() for i in vb.items) or '-'} (maximum rolled hits {vb.swords()})",
    ]
