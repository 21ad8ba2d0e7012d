"""The Vagabot's part of the saved-position format (docs/state-format.md): his character, pawn,
items (``"sword exhausted"``, ``"tea track1"``) and quests, read with field-path errors."""

from __future__ import annotations

import difflib
from typing import Any

from ...core.fields import StateError, lst, only, require, show, string
from ...core.maps import CLEARINGS
from ...core.items import ITEM_TYPES
from ...core.state import GameState
from .quests import DEALT, PAIR, completed, keeper, row_taken, two_vagabonds
from .items import CHARACTERS, FOREST_PREFIX, VAGABOT, Item, VagabotState, put_pawn, quest_names, track_spaces

VAGABOT_FIELDS = ("character", "location", "items", "quest", "quests", "quest_deck", "quest_discard")


def vagabot_json(vs: VagabotState) -> dict[str, Any]:
    names = quest_names()
    return {
        "character": vs.character,
        "location": vs.clearing if vs.clearing is not None else vs.location(),
        "items": [_item_json(i) for i in vs.items],
        **({"quests": [names[q] for q in vs.quests]} if len(vs.quests) > 1 else {"quest": names[vs.quests[0]] if vs.quests else None}),  # a row of a game of two (LoR 9.7.2)
        "quest_deck": [names[q] for q in vs.quest_deck],
        "quest_discard": [names[q] for q in vs.quest_discard],
    }


def _item_json(item: Item) -> str:
    """``"sword"``: a face-up undamaged Satchel item; flags follow the kind: ``"sword exhausted"``,
    ``"bag exhausted damaged"``, ``"tea track1"`` (on Battle Track space 1)."""
    words = [item.kind]
    if item.exhausted:
        words.append("exhausted")
    if item.damaged:
        words.append("damaged")
    if item.track:
        words.append(f"track{item.track}")
    if item.ruin:
        words.append(RUIN_WORD)
    return " ".join(words)


def read_vagabot(state: GameState, raw: dict[str, Any], path: str, board: type[VagabotState] = VagabotState, faction: str = VAGABOT) -> VagabotState:
    """The Vagabot's character, pawn, items and quests (7.2, 7.3); the quest deck comes later.
    ``board``: the Robot Raccoon's (``RaccoonState``, BBP RR.2) for a ``vagabot@bbp`` seat (and
    the Robot Raccoon #2's, ``faction`` ``vagabond2``)."""
    only(raw, VAGABOT_FIELDS, path, "the Vagabot")
    vs = board(string(require(raw, "character", path), f"{path}.character", CHARACTERS))
    location = require(raw, "location", path)
    lpath = f"{path}.location"
    forests = len(state.map.forests)
    if isinstance(location, str) and location.startswith(FOREST_PREFIX) and location[len(FOREST_PREFIX):].isdigit():
        forest = int(location[len(FOREST_PREFIX):])
        if forest >= forests:
            raise StateError(lpath, f"the {state.map.name} map has forests forest:0 to forest:{forests - 1}")
        put_pawn(state, vs, forest=forest, faction=faction)
    elif isinstance(location, int) and not isinstance(location, bool) and location in CLEARINGS:
        put_pawn(state, vs, clearing=location, faction=faction)
    else:
        raise StateError(lpath, f"{show(location)} is neither a clearing (1 to 12) nor a forest (forest:0 to forest:{forests - 1})")
    ipath = f"{path}.items"
    for i, raw_item in enumerate(lst(raw.get("items", []), ipath)):
        item = _read_item(raw_item, f"{ipath}.{i}")
        if item.track and item.damaged and vs.damaged_leave_track:
            raise StateError(f"{ipath}.{i}", "a damaged item cannot be on the Battle Track (7.2.4)")
        vs.items.append(item)
    counted = vs.track_count()
    what = f"{counted} {'undamaged items' if vs.damaged_leave_track else 'items'}"
    spaces = sorted(it.track for it in vs.items if it.track)
    want = track_spaces(counted)
    if spaces != list(range(1, want + 1)):
        shown = ", ".join(map(str, spaces)) or "none"
        name, rule = vs.track_name, vs.track_rule
        raise StateError(ipath, f"{what} fill {name} spaces 1 to {want} ({rule}); the items mark spaces {shown}" if want else f"{what} leave the {name} empty ({rule}); the items mark spaces {shown}")
    names = quest_names()
    seen: dict[int, str] = {}

    def quest(value: Any, qpath: str) -> int:
        name = string(value, qpath)
        if name not in names:
            close = difflib.get_close_matches(name, names, n=1)
            hint = f" (did you mean {show(close[0])}?)" if close else ""
            raise StateError(qpath, f"{show(name)} is not a quest card{hint}")
        qid = names.index(name)
        if qid in seen:
            raise StateError(qpath, f"quest {show(name)} is already at {seen[qid]}")
        seen[qid] = qpath
        return qid

    current = raw.get("quest")
    if current is not None and "quests" in raw:
        raise StateError(f"{path}.quests", "give the face-up quest as quest, or a game of two Vagabonds' shared row as quests (LoR 9.7.2), not both")
    vs.quests = [] if current is None else [quest(current, f"{path}.quest")]
    vs.quests += [quest(v, f"{path}.quests.{i}") for i, v in enumerate(lst(raw.get("quests", []), f"{path}.quests"))]
    vs.quest_discard = [quest(v, f"{path}.quest_discard.{i}") for i, v in enumerate(lst(raw.get("quest_discard", []), f"{path}.quest_discard"))]
    deck = raw.get("quest_deck")
    if deck is not None:
        vs.quest_deck = [quest(v, f"{path}.quest_deck.{i}") for i, v in enumerate(lst(deck, f"{path}.quest_deck"))]
    else:
        vs.quest_deck = list(DEALT)  # to be dealt from the quests not named, after the card deck (deal_quest_decks)
    return vs


RUIN_WORD = "R"  # LoR 9.7.3: an item marked R taken from a ruin (kept in a game of two Vagabonds)
_ITEM_FLAGS = ("exhausted", "damaged", "track1", "track2", "track3", RUIN_WORD)


def _read_item(value: Any, path: str) -> Item:
    """An item as ``"kind flag flag"`` (see ``_item_json``)."""
    words = string(value, path).split(" ")
    kind, flags = words[0], words[1:]
    if kind not in ITEM_TYPES:
        raise StateError(path, f"{show(kind)} is not an item (items: {', '.join(ITEM_TYPES)})")
    item = Item(kind)
    for word in flags:
        if word not in _ITEM_FLAGS:
            raise StateError(path, f"{show(word)} is not an item state (states: {', '.join(_ITEM_FLAGS)})")
        if flags.count(word) > 1 or (word.startswith("track") and item.track):
            raise StateError(path, f"{show(value)} names a state twice")
        if word == RUIN_WORD:
            item.ruin = True
        elif word == "exhausted":
            item.exhausted = True
        elif word == "damaged":
            item.damaged = True
        else:
            item.track = int(word[-1])
    return item


def deal_quest_decks(state: GameState) -> None:
    """A Vagabot saved without ``quest_deck`` gets the quests not named elsewhere, shuffled by
    the position's RNG (after the card deck, if that was dealt too). In a game of two Vagabonds
    (LoR 9.7.2) the quests named on either board are out, and only the board holding the shared
    row (the first Vagabond's while neither does) gets the deck: the other's is empty."""
    for f, fs in state.factions.items():
        vs = fs.board
        if isinstance(vs, VagabotState) and vs.quest_deck != DEALT and not two_vagabonds(state):
            _all_placed(vs, f"factions.{f}.vagabot.quest_deck")
        if not isinstance(vs, VagabotState) or vs.quest_deck != DEALT:
            continue
        if two_vagabonds(state) and keeper(state, f) is not vs or (row_taken(state, f) and not vs.quests):
            vs.quest_deck = []
            continue
        boards = [state.factions[v].board for v in PAIR if v in state.factions] if two_vagabonds(state) else [vs]
        named = {q for b in boards if b is not None for q in [*b.quests, *completed(b), *b.quest_deck] if q >= 0}
        vs.quest_deck = [q for q in range(len(quest_names())) if q not in named]
        state.rng.shuffle(vs.quest_deck)


def _all_placed(vs: VagabotState, path: str) -> None:
    """A lone Vagabot's quest deck given: every quest is on his board (in a game of two
    Vagabonds the other board holds some, LoR 9.7.2)."""
    names = quest_names()
    placed = {*vs.quests, *vs.quest_deck, *vs.quest_discard}
    missing = [names[q] for q in range(len(names)) if q not in placed]
    if missing:
        raise StateError(path, f"{len(missing)} of the {len(names)} quests are nowhere (first: {show(missing[0])}); list every quest once, or leave out quest_deck")
