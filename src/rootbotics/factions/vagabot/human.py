"""The human Vagabond's board (Law of Root 9): his pawn, in a clearing or a forest, and his items
(face up or exhausted, damaged or not), and what the bots' battles and effects do to him.

The Law of Robotics keeps the Vagabond's own rules: in battle his maximum rolled hits are his
undamaged swords (LoR 9.2.6) and he is defenseless with none (LoR 9.2.4; ruling
R-VAGABOT-DEFENSELESS); each hit he takes damages one undamaged item of his choice (LoR 9.2.7),
hits beyond them do nothing; an effect that removes all enemy pieces from his clearing damages
three items instead (LoR 9.2.2, as 7.2.1 I for the Vagabot). His choices are asked of his controller
(``assign_hits`` with his undamaged items). Which character he plays, his relationships, quests
and the coalition (LoR 9.2.8) are on his board when he is played by legal moves (``vagabond_lor.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ...core.context import EngineFailure, Game
from ...core.faction import Board
from ...core.fields import StateError, lst, only, show, string
from ...core.items import ITEM_TYPES
from ...core.maps import CLEARINGS
from ...core.rules import remove_warriors
from .items import FOREST_PREFIX, quest_names
from .raccoon_paths import CHARACTER_OPTIONS as BOT_CHARACTER_OPTIONS

if TYPE_CHECKING:
    from ...core.state import GameState

FIELDS = ("character", "location", "items", "relationships", "quests", "quest_deck", "completed_quests", "aids", "scorched_earth", "improvised", "coalition")
OPTION = "vagabond_character"  # a game's option: the human Vagabond's character, when his board names none
SECOND = "vagabond2"  # the second Vagabond (LoR: two Vagabonds in one game), a human seat only
OPTIONS: dict[str, str] = {"vagabot": OPTION, SECOND: "vagabond2_character"}  # each Vagabond's option
FULL_REMOVAL_DAMAGE = 3  # LoR 9.2.2
ITEM_FLAGS = ("exhausted", "damaged")
RUIN_MARK = "R"  # LoR 9.7.3: an item marked R, taken from a ruin
# The Law of Root's Vagabond characters (base game, Riverfolk and Vagabond packs)
HUMAN_CHARACTERS = ("thief", "tinker", "ranger", "vagrant", "scoundrel", "arbiter", "adventurer", "ronin", "harrier")
# LoR 9.2.9: a relationship marker's place: Indifferent, the Allied track's two steps, Allied, or
# the Hostile box (saved by these names; kept as -1 for Hostile, 0-3 along the track).
HOSTILE = -1
ALLIED = 3
RELATION_NAMES: dict[int, str] = {HOSTILE: "hostile", 0: "indifferent", 1: "step1", 2: "step2", ALLIED: "allied"}
RELATION_OF: dict[str, int] = {v: k for k, v in RELATION_NAMES.items()}
TRACKED = ("tea", "coins", "bag")  # LoR 9.2.5.1: items kept on tracks while face up
TRACK_SPACES = 3


@dataclass(slots=True)
class VagabondItem:
    """One item on the human Vagabond's board: face up or exhausted, damaged or not."""

    kind: str
    exhausted: bool = False
    damaged: bool = False
    ruin: bool = False  # an item marked R he took from a ruin (LoR 9.7.3); saved as the word R

    def clone(self) -> VagabondItem:
        return VagabondItem(self.kind, self.exhausted, self.damaged, self.ruin)

    def words(self) -> str:
        return " ".join([self.kind] + [f for f in ITEM_FLAGS if getattr(self, f)])

    def saved(self) -> str:
        return self.words() + (f" {RUIN_MARK}" if self.ruin else "")


@dataclass(slots=True)
class VagabondBoard(Board):
    """A human Vagabond's pawn (``clearing`` 1-12 mirrored by ``Clearing.pawn``, or ``forest``, an
    index into the map's forests; neither before his setup) and his items."""

    clearing: int | None = None
    forest: int | None = None
    items: list[VagabondItem] = field(default_factory=list)
    character: str | None = None  # his character card; the bots ask only whether he is the Arbiter (7.7.6)
    relations: dict[str, int] = field(default_factory=dict)  # LoR 9.2.9: per other faction, RELATION_NAMES
    quests: list[int] = field(default_factory=list)  # LoR 9.3.3: the face-up quests (quest ids)
    quest_deck: list[int] = field(default_factory=list)  # his quest deck, top card last
    completed: list[int] = field(default_factory=list)  # LoR 9.5.5: completed quests in his play area
    aids: dict[str, int] = field(default_factory=dict)  # LoR 9.2.9.1.1: Aids this turn toward the next step
    scorched: list[int] = field(default_factory=list)  # LoR 26.6.2: clearings where his torch lies (in ``slot_items``)
    improvised: bool = False  # LoR 26.7.2: the Adventurer improvised this turn
    coalition: str | None = None  # LoR 9.2.8: the player his score marker sits with (his dominance card is FactionState.dominance)
    # LoR 9.2.9.2.3-9.2.9.2.4, within one battle he attacks only (never saved: no position is
    # saved inside a battle): the Allied faction whose warriors fight as his, and the hits he took
    # by removing them and by damaging items.
    battle_ally: str | None = None
    ally_hits: list[int] = field(default_factory=lambda: [0, 0])

    def clone(self) -> VagabondBoard:
        return VagabondBoard(
            self.clearing, self.forest, [i.clone() for i in self.items], self.character,
            dict(self.relations), list(self.quests), list(self.quest_deck), list(self.completed), dict(self.aids),
            list(self.scorched), self.improvised, self.coalition, self.battle_ally, list(self.ally_hits),
        )

    def on_track(self, kind: str) -> int:
        """LoR 9.2.5.1: face-up undamaged tea, coins or bags sit on their track, three at most;
        the rest (face down, damaged, or a fourth) lie in the Satchel or the Damaged box."""
        return min(TRACK_SPACES, sum(1 for i in self.items if i.kind == kind and not i.exhausted and not i.damaged))

    def satchel_and_damaged(self) -> int:
        """Items counted against his item limit (LoR 9.6.4): all but those on the tracks."""
        return len(self.items) - sum(self.on_track(k) for k in TRACKED)

    def hostile(self, faction: str) -> bool:
        return self.relations.get(faction, 0) == HOSTILE

    def allied(self, faction: str) -> bool:
        return self.relations.get(faction, 0) == ALLIED

    def item_pieces(self) -> list[str]:
        return [i.kind for i in self.items]

    def has_pawn(self) -> bool:
        return True

    def coalition_with(self) -> str | None:
        return self.coalition  # LoR 9.2.8: not each other's enemies (LoR 21.8)

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


def taken_characters(state: GameState, faction: str) -> set[str]:
    """The character the other Vagabond of a game of two (LoR 9.7) plays, or is given for his
    setup if he has not set up yet (a bot's ``vagabot_character`` / ``vagabot2_character``, a
    human's ``vagabond_character`` / ``vagabond2_character``): a character is one card, so the two
    never share one (ruling R-BBP-RR2). Empty without a second Vagabond, so those games draw as
    they always have."""
    out: set[str] = set()
    for other in OPTIONS:
        fs = state.factions.get(other)
        if other == faction or fs is None:
            continue
        option = BOT_CHARACTER_OPTIONS[other] if fs.is_bot else OPTIONS[other]
        chosen = getattr(fs.board, "character", None) or state.options.get(option)  # set up, or given for his setup
        if isinstance(chosen, str):
            out.add(chosen)
    return out


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
def max_rolled_hits(state: GameState, vb: VagabondBoard, c: int) -> int:
    """LoR 9.2.6; LoR 9.2.9.2.3: attacking with an Allied faction's warriors, theirs there too."""
    ally = vb.battle_ally
    return vb.swords() + (state.clearings[c].warriors.get(ally, 0) if ally is not None else 0)


ALLY_WARRIOR = "warrior of the {}"  # LoR 9.2.9.2.4: an Allied warrior in his choices of what takes a hit


def take_hits(g: Game, faction: str, c: int, hits: int, by: str) -> None:
    """LoR 9.2.7; LoR 9.2.9.2.4: in a battle where an Allied faction's warriors fight as his, he
    may take each hit by removing one of them instead of damaging an item (he picks, one hit at a
    time); the hits taken each way are counted for the Hostility check at the end of the battle."""
    vb = board_of(g.state, faction)
    assert vb is not None
    ally = vb.battle_ally
    if ally is None or not g.state.clearings[c].warriors.get(ally, 0):
        vb.ally_hits[1] += damage(g, faction, c, hits, "LoR 9.2.7", f"for a hit from {by} in {c}")
        return
    word = ALLY_WARRIOR.format(ally)
    for _ in range(hits):
        warriors = g.state.clearings[c].warriors.get(ally, 0)
        pool = sorted(i.words() for i in vb.undamaged()) + [word] * warriors
        if not pool:
            g.emit(faction, "LoR 9.2.7", "damage_ignored", "has no undamaged item nor Allied warrior left: the hit does nothing")
            return
        pick = g.controller(faction).assign_hits(g, faction, c, 1, pool)[0] if len(set(pool)) > 1 else pool[0]
        if pick == word:
            remove_warriors(g, ally, c, 1, "LoR 9.2.9.2.4", by=by)
            vb.ally_hits[0] += 1
        else:
            vb.ally_hits[1] += damage_one(g, faction, pick, f"for a hit from {by} in {c}")


def damage_one(g: Game, faction: str, words: str, reason: str) -> int:
    vb = board_of(g.state, faction)
    assert vb is not None
    item = next((i for i in vb.undamaged() if i.words() == words), None)
    if item is None:
        raise EngineFailure(f"the {faction} has no undamaged {words} to damage")
    item.damaged = True
    g.emit(faction, "LoR 9.2.7", "damage", "damages his {item} {reason}", item=words, reason=reason)
    return 1


def damage(g: Game, faction: str, c: int, hits: int, rule: str, reason: str) -> int:
    """Damage one undamaged item per hit, the ones he picks (his controller is asked in the order
    they go); hits beyond his undamaged items do nothing. Returns how many were damaged."""
    vb = board_of(g.state, faction)
    assert vb is not None
    pool = sorted(i.words() for i in vb.undamaged())
    if hits <= 0:
        return 0
    if not pool:
        g.emit(faction, rule, "damage_ignored", "has no undamaged item: {k} hit{pl} with no effect", k=hits, pl="" if hits == 1 else "s")
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
        g.emit(faction, rule, "damage_ignored", "has no undamaged item left: {k} more hit{pl} with no effect", k=hits - done, pl="" if hits - done == 1 else "s")
    return done


def full_removal(g: Game, pawn: str, by: str, c: int) -> None:
    """LoR 9.2.2: removing all enemy pieces from his clearing damages three of his items."""
    if pawn != by and pawn in g.state.clearings[c].pawns() and board_of(g.state, pawn) is not None:
        damage(g, pawn, c, FULL_REMOVAL_DAMAGE, "LoR 9.2.2", f"as {by} removes all enemy pieces from {c}")


# -- the saved-position format (docs/state-format.md, "The human Vagabond") ---------------------
def board_json(vb: VagabondBoard) -> dict[str, Any]:
    out: dict[str, Any] = {"location": vb.location(), "items": [i.saved() for i in vb.items]}
    if vb.character is not None:
        out = {"character": vb.character, **out}
    names = quest_names()
    if vb.relations:
        out["relationships"] = {f: RELATION_NAMES[r] for f, r in sorted(vb.relations.items())}
    if vb.quests or vb.quest_deck or vb.completed:
        out["quests"] = [names[q] for q in vb.quests]
        out["quest_deck"] = [names[q] for q in vb.quest_deck]
        out["completed_quests"] = [names[q] for q in vb.completed]
    if any(vb.aids.values()):
        out["aids"] = {f: n for f, n in sorted(vb.aids.items()) if n}
    if vb.scorched:
        out["scorched_earth"] = list(vb.scorched)
    if vb.improvised:
        out["improvised"] = True
    if vb.coalition is not None:
        out["coalition"] = vb.coalition
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
    _read_relations(state, faction, vb, raw, path)
    names = quest_names()
    for key, into in (("quests", vb.quests), ("quest_deck", vb.quest_deck), ("completed_quests", vb.completed)):
        for i, value in enumerate(lst(raw.get(key, []), f"{path}.{key}")):
            into.append(names.index(string(value, f"{path}.{key}.{i}", names)))
    for i, value in enumerate(lst(raw.get("scorched_earth", []), f"{path}.scorched_earth")):
        if not isinstance(value, int) or isinstance(value, bool) or value not in CLEARINGS:
            raise StateError(f"{path}.scorched_earth.{i}", f"{show(value)} is not a clearing (1 to 12)")
        vb.scorched.append(value)
    improvised = raw.get("improvised", False)
    if not isinstance(improvised, bool):
        raise StateError(f"{path}.improvised", f"{show(improvised)} is not true or false")
    vb.improvised = improvised
    coalition = raw.get("coalition")
    if coalition is not None:
        vb.coalition = string(coalition, f"{path}.coalition")  # another faction of the game: checked in ``violations``
        if vb.coalition == faction:
            raise StateError(f"{path}.coalition", "is the Vagabond himself, not another player")
    return vb


def _read_relations(state: GameState, faction: str, vb: VagabondBoard, raw: dict[str, Any], path: str) -> None:
    """``relationships``: faction -> indifferent, step1, step2, allied, hostile; ``aids``:
    faction -> Aids this turn toward the next step (LoR 9.2.9)."""
    for key in ("relationships", "aids"):
        value = raw.get(key, {})
        if not isinstance(value, dict):
            raise StateError(f"{path}.{key}", f"{show(value)} is not an object")
        for f, v in value.items():
            if f == faction:  # other factions of the game: checked in ``violations``
                raise StateError(f"{path}.{key}.{f}", "is the Vagabond himself, not another faction")
            if key == "relationships":
                vb.relations[f] = RELATION_OF[string(v, f"{path}.{key}.{f}", tuple(RELATION_OF))]
            elif not isinstance(v, int) or isinstance(v, bool) or v < 0:
                raise StateError(f"{path}.{key}.{f}", f"{show(v)} is not a count of Aids")
            else:
                vb.aids[f] = v


def _read_item(value: Any, path: str) -> VagabondItem:
    words = string(value, path).split()
    if not words or words[0] not in ITEM_TYPES:
        raise StateError(path, f"{show(value)} does not start with an item ({', '.join(ITEM_TYPES)})")
    flags = words[1:]
    for w in flags:
        if w not in (*ITEM_FLAGS, RUIN_MARK) or flags.count(w) > 1:
            raise StateError(path, f"{w!r} is not a state of an item (exhausted, damaged, R; each once)")
    return VagabondItem(words[0], "exhausted" in flags, "damaged" in flags, RUIN_MARK in flags)


def violations(state: GameState, faction: str, vb: VagabondBoard) -> list[str]:
    """The pawn in one place at most, and where the map shows it."""
    pawns = [c for c in CLEARINGS if faction in state.clearings[c].pawns()]
    if vb.clearing is not None and vb.forest is not None:
        return [f"{faction}: the pawn is in clearing {vb.clearing} and in forest {vb.forest}"]
    if pawns != ([] if vb.clearing is None else [vb.clearing]):
        return [f"{faction}: the pawn is in {where(state, vb)} but the map shows it in {pawns}"]
    if vb.forest is not None and not 0 <= vb.forest < len(state.map.forests):
        return [f"{faction}: no forest {vb.forest} on the {state.map.name} map"]
    strangers = sorted(f for f in [*vb.relations, *vb.aids] if f not in state.turn_order or f == faction)
    if strangers:
        return [f"{faction}: relationships or Aids with factions not among the others in this game: {strangers}"]
    if vb.coalition is not None and (vb.coalition not in state.turn_order or vb.coalition == faction):
        return [f"{faction}: a coalition with {vb.coalition}, not another player of this game (LoR 9.2.8)"]
    if vb.coalition is not None and state.factions[faction].dominance is None:
        return [f"{faction}: a coalition with the {vb.coalition} without an activated dominance card (LoR 9.2.8)"]
    quests = vb.quests + vb.quest_deck + vb.completed
    if len(set(quests)) != len(quests):
        return [f"{faction}: a quest card in two places: {quests}"]
    torches = sum(1 for c in CLEARINGS for k in state.clearings[c].slot_items if k == "torch")
    if any(state.clearings[c].slot_items.count("torch") < vb.scorched.count(c) for c in set(vb.scorched)) or len(vb.scorched) > torches:
        return [f"{faction}: Scorched Earth in {vb.scorched} without his torch there (LoR 26.6.2)"]
    return []


def describe(state: GameState, vb: VagabondBoard, faction: str = "vagabot") -> list[str]:
    chosen = character(state, vb, faction)
    title = f"the {chosen.title()}, " if chosen else ""
    return [
        f"{'Second Vagabond' if faction == SECOND else 'Vagabond'}: {title}in {where(state, vb)}",
        f"  items: {', '.join(i.words() for i in vb.items) or '-'} (maximum rolled hits {vb.swords()})",
        f"  relationships: {', '.join(f'{f} {RELATION_NAMES[r]}' for f, r in sorted(vb.relations.items())) or '-'}",
        f"  quests: {len(vb.quests)} face up, {len(vb.quest_deck)} in the deck, {len(vb.completed)} completed",
    ]
