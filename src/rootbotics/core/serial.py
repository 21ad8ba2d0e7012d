"""Saved positions: ``to_json`` / ``from_json`` for ``GameState`` (see docs/state-format.md).

Loading validates everything and raises ``StateError`` whose message names the field path and
the problem, e.g. ``clearings.5.warriors.marquise: -1 is not a count``. Supplies are derived
(box minus map minus out-of-game), so they are not written and cannot disagree.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from .cards import ITEMS
from .chance import Rng
from .factions import BUILDINGS, FACTIONS, TOKENS, piece_totals
from .maps import CLEARINGS, MAP_NAMES, SUITS
from .state import DECREE_COLUMNS, DIFFICULTIES, PHASES, VIZIER, FactionState, GameState

FORMAT = "rootbotics-position"
VERSION = 1
_MASK64 = (1 << 64) - 1


class StateError(ValueError):
    """A saved position that cannot be loaded. ``str()`` is one line: ``path: problem``."""

    def __init__(self, path: str, problem: str) -> None:
        super().__init__(f"{path}: {problem}" if path else problem)
        self.path = path
        self.problem = problem


# -- writing ------------------------------------------------------------------------------------
def to_json(state: GameState) -> dict[str, Any]:
    """The position as plain JSON data."""
    names = state.deckdef.cards
    card = lambda c: "loyal_vizier" if c == VIZIER else names[c].name  # noqa: E731
    factions: dict[str, Any] = {}
    for f in state.turn_order:
        fs = state.factions[f]
        entry: dict[str, Any] = {"seat": fs.seat, "vp": fs.vp}
        if fs.seat == "bot":
            entry["difficulty"] = fs.difficulty
            entry["traits"] = list(fs.traits)
            entry["order"] = None if fs.order is None else card(fs.order)
        else:
            entry["hand"] = [card(c) for c in fs.hand]
        entry["items"] = list(fs.items)
        if fs.removed:
            entry["removed"] = dict(fs.removed)
        if fs.decree is not None:
            entry["decree"] = {col: [card(c) for c in fs.decree[col]] for col in DECREE_COLUMNS}
        if fs.supporters is not None:
            entry["supporters"] = [card(c) for c in fs.supporters]
        factions[f] = entry
    clearings: dict[str, Any] = {}
    for c in CLEARINGS:
        cl = state.clearings[c]
        clearings[str(c)] = {
            "warriors": {f: n for f, n in sorted(cl.warriors.items())},
            "buildings": [[f, k] for f, k in cl.buildings],
            "tokens": [[f, k] for f, k in cl.tokens],
            "ruin": cl.ruin,
        }
    return {
        "format": FORMAT,
        "version": VERSION,
        "map": state.map.name,
        "suits": {str(c): state.suits[c] for c in CLEARINGS},
        "seed": state.seed,
        "rng": state.rng.state,
        "round": state.round,
        "turn_order": list(state.turn_order),
        "turn": state.turn,
        "phase": state.phase,
        "factions": factions,
        "clearings": clearings,
        "start_corners": dict(state.start_corners),
        "deck": [card(c) for c in state.deck],
        "discard": [card(c) for c in state.discard],
        "removed_cards": [card(c) for c in state.removed_cards],
        "winner": state.winner,
        "end_reason": state.end_reason,
        "options": dict(state.options),
    }


def dumps(state: GameState) -> str:
    return json.dumps(to_json(state), indent=1)


def save(state: GameState, path: str | Path) -> None:
    """Write atomically: a temporary file in the same folder, then a rename."""
    write_atomic(Path(path), dumps(state) + "\n")


def write_atomic(path: Path, text: str) -> None:
    folder = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


# -- reading ------------------------------------------------------------------------------------
def loads(text: str) -> GameState:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise StateError("", f"not valid JSON (line {e.lineno}, column {e.colno}: {e.msg})") from None
    return from_json(data)


def load(path: str | Path) -> GameState:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise StateError("", f"cannot read {path}: {e.strerror or e}") from None
    except UnicodeDecodeError:
        raise StateError("", f"{path} is not a UTF-8 text file") from None
    return loads(text)


def _obj(value: Any, path: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise StateError(path, f"expected an object, got {_kind(value)}")
    return value


def _list(value: Any, path: str) -> list[Any]:
    if not isinstance(value, list):
        raise StateError(path, f"expected a list, got {_kind(value)}")
    return value


def _int(value: Any, path: str, lo: int | None = None, hi: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise StateError(path, f"expected a whole number, got {_kind(value)}")
    if lo is not None and value < lo:
        raise StateError(path, f"{value} is below {lo}")
    if hi is not None and value > hi:
        raise StateError(path, f"{value} is above {hi}")
    return value


def _count(value: Any, path: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise StateError(path, f"{json.dumps(value)} is not a count")
    return value


def _str(value: Any, path: str, choices: Iterable[str] | None = None) -> str:
    if not isinstance(value, str):
        raise StateError(path, f"expected a string, got {_kind(value)}")
    if choices is not None:
        options = list(choices)
        if value not in options:
            raise StateError(path, f"{value!r} is not one of {', '.join(options)}")
    return value


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the string {value!r}"[:60]
    if isinstance(value, list):
        return "a list"
    return "an object"


def _require(data: dict[str, Any], key: str, path: str) -> Any:
    if key not in data:
        raise StateError(f"{path}.{key}" if path else key, "is missing")
    return data[key]


class _Cards:
    """Card names to ids, checking that no card is in two places."""

    def __init__(self, state: GameState) -> None:
        self.by_name = state.deckdef.by_name
        self.seen: dict[int, str] = {}

    def one(self, value: Any, path: str, vizier_ok: bool = False) -> int:
        name = _str(value, path)
        if name == "loyal_vizier":
            if not vizier_ok:
                raise StateError(path, "a Loyal Vizier can only be in the Eyrie's Decree")
            return VIZIER
        if name not in self.by_name:
            raise StateError(path, f"{name!r} is not a card of the deck")
        cid = self.by_name[name]
        if cid in self.seen:
            raise StateError(path, f"card {name!r} is already at {self.seen[cid]}")
        self.seen[cid] = path
        return cid

    def many(self, value: Any, path: str, vizier_ok: bool = False) -> list[int]:
        return [self.one(v, f"{path}.{i}", vizier_ok) for i, v in enumerate(_list(value, path))]


def from_json(data: Any) -> GameState:
    """Build a validated ``GameState`` from JSON data."""
    data = _obj(data, "position")
    fmt = _require(data, "format", "")
    if fmt != FORMAT:
        raise StateError("format", f"{fmt!r} is not {FORMAT!r}")
    version = _int(_require(data, "version", ""), "version")
    if version != VERSION:
        raise StateError("version", f"this engine reads version {VERSION}, not {version}")
    map_name = _str(_require(data, "map", ""), "map", MAP_NAMES)
    seed = _int(data.get("seed", 0), "seed")
    state = GameState(map_name, seed)
    if "rng" in data and data["rng"] is not None:
        state.rng = Rng(_int(data["rng"], "rng", 0, _MASK64))
    _read_suits(state, data)
    order = [_str(f, f"turn_order.{i}", FACTIONS) for i, f in enumerate(_list(_require(data, "turn_order", ""), "turn_order"))]
    if len(order) < 2:
        raise StateError("turn_order", "a game needs at least two players")
    if len(set(order)) != len(order):
        raise StateError("turn_order", "a faction is listed twice")
    factions = _obj(_require(data, "factions", ""), "factions")
    if set(factions) != set(order):
        extra = sorted(set(factions) - set(order))
        missing = sorted(set(order) - set(factions))
        what = f"{extra[0]} is not in turn_order" if extra else f"{missing[0]} is in turn_order but has no entry"
        raise StateError("factions", what)
    cards = _Cards(state)
    for f in order:
        _read_faction(state, f, _obj(factions[f], f"factions.{f}"), cards)
    state.turn = _int(data.get("turn", 0), "turn", 0, len(order) - 1)
    state.round = _int(data.get("round", 1), "round", 1)
    state.phase = _str(data.get("phase", "birdsong"), "phase", PHASES)
    _read_clearings(state, _obj(_require(data, "clearings", ""), "clearings"))
    corners = _obj(data.get("start_corners", {}), "start_corners")
    for f, c in corners.items():
        _str(f, "start_corners", order)
        state.start_corners[f] = _int(c, f"start_corners.{f}", 1, 12)
    _read_cards(state, data, cards)
    _derive_supplies(state)
    winner = data.get("winner")
    if winner is not None:
        state.winner = [_str(w, f"winner.{i}", order) for i, w in enumerate(_list(winner, "winner"))]
    reason = data.get("end_reason")
    state.end_reason = None if reason is None else _str(reason, "end_reason")
    options = _obj(data.get("options", {}), "options")
    state.options = dict(options)
    if "max_rounds" in options:
        _int(options["max_rounds"], "options.max_rounds", 1)
    return state


def _read_suits(state: GameState, data: dict[str, Any]) -> None:
    suits = data.get("suits")
    if suits is None:
        if any(s is None for s in state.map.printed_suits[1:]):
            raise StateError("suits", f"the {state.map.name} map has no printed suits: give one per clearing")
        return
    suits = _obj(suits, "suits")
    for c in CLEARINGS:
        key = str(c)
        if key not in suits:
            raise StateError(f"suits.{key}", "is missing")
        state.suits[c] = _str(suits[key], f"suits.{key}", SUITS)
    extra = set(suits) - {str(c) for c in CLEARINGS}
    if extra:
        raise StateError(f"suits.{sorted(extra)[0]}", "is not a clearing (clearings are 1 to 12)")
    printed = state.map.printed_suits
    for c in CLEARINGS:
        if printed[c] is not None and state.suits[c] != printed[c]:
            raise StateError(f"suits.{c}", f"the {state.map.name} map prints {printed[c]} here, not {state.suits[c]}")


def _read_faction(state: GameState, f: str, raw: dict[str, Any], cards: _Cards) -> None:
    path = f"factions.{f}"
    seat = _str(_require(raw, "seat", path), f"{path}.seat", ("bot", "human"))
    try:
        totals = piece_totals(f, seat)
    except KeyError:
        raise StateError(f"{path}.seat", f"the {f} faction cannot be a {seat} seat in this version") from None
    fs = FactionState(f, seat)
    state.factions[f] = fs
    state.turn_order.append(f)
    fs.vp = _int(raw.get("vp", 0), f"{path}.vp", -1000, 1000)
    if seat == "bot":
        fs.difficulty = _str(raw.get("difficulty", "default"), f"{path}.difficulty", DIFFICULTIES)
        fs.traits = [_str(t, f"{path}.traits.{i}") for i, t in enumerate(_list(raw.get("traits", []), f"{path}.traits"))]
        order = raw.get("order")
        fs.order = None if order is None else cards.one(order, f"{path}.order")
        if "hand" in raw and raw["hand"]:
            raise StateError(f"{path}.hand", "a bot has no hand of cards (2.8.1)")
    else:
        fs.hand = cards.many(raw.get("hand", []), f"{path}.hand")
    fs.items = [_str(it, f"{path}.items.{i}", ITEMS) for i, it in enumerate(_list(raw.get("items", []), f"{path}.items"))]
    for kind, n in _obj(raw.get("removed", {}), f"{path}.removed").items():
        if kind not in totals:
            raise StateError(f"{path}.removed.{kind}", f"the {f} has no {kind} pieces")
        fs.removed[kind] = _count(n, f"{path}.removed.{kind}")
    if "decree" in raw:
        if f != "eyrie":
            raise StateError(f"{path}.decree", "only the Eyrie has a Decree")
        decree = _obj(raw["decree"], f"{path}.decree")
        fs.decree = {}
        for col in DECREE_COLUMNS:
            fs.decree[col] = cards.many(decree.get(col, []), f"{path}.decree.{col}", vizier_ok=True)
            for i, cid in enumerate(fs.decree[col]):
                if cid != VIZIER and state.deckdef.card(cid).suit != col:
                    raise StateError(f"{path}.decree.{col}.{i}", f"{state.deckdef.card(cid).name} is a {state.deckdef.card(cid).suit} card")
        extra = set(decree) - set(DECREE_COLUMNS)
        if extra:
            raise StateError(f"{path}.decree.{sorted(extra)[0]}", "is not a Decree column (fox, mouse, rabbit, bird)")
        if sum(col.count(VIZIER) for col in fs.decree.values()) > 2:
            raise StateError(f"{path}.decree", "there are only two Loyal Viziers")
    elif f == "eyrie" and seat == "bot":
        raise StateError(f"{path}.decree", "is missing")
    if "supporters" in raw:
        if f != "alliance":
            raise StateError(f"{path}.supporters", "only the Alliance has Supporters")
        fs.supporters = cards.many(raw["supporters"], f"{path}.supporters")


def _read_clearings(state: GameState, raw: dict[str, Any]) -> None:
    for key in raw:
        if key not in {str(c) for c in CLEARINGS}:
            raise StateError(f"clearings.{key}", "is not a clearing (clearings are 1 to 12)")
    for c in CLEARINGS:
        path = f"clearings.{c}"
        entry = _obj(raw.get(str(c), {}), path)
        cl = state.clearings[c]
        for f, n in _obj(entry.get("warriors", {}), f"{path}.warriors").items():
            if f not in state.factions:
                raise StateError(f"{path}.warriors.{f}", f"{f} is not playing in this game")
            n = _count(n, f"{path}.warriors.{f}")
            if "warrior" not in piece_totals(f, state.factions[f].seat):
                raise StateError(f"{path}.warriors.{f}", f"the {f} has no warriors")
            if n:
                cl.warriors[f] = n
        for label, pool, allowed in (("buildings", cl.buildings, BUILDINGS), ("tokens", cl.tokens, TOKENS)):
            for i, piece in enumerate(_list(entry.get(label, []), f"{path}.{label}")):
                ppath = f"{path}.{label}.{i}"
                pair = _list(piece, ppath)
                if len(pair) != 2:
                    raise StateError(ppath, "expected [faction, kind]")
                f = _str(pair[0], f"{ppath}.0")
                if f not in state.factions:
                    raise StateError(f"{ppath}.0", f"{f} is not playing in this game")
                kind = _str(pair[1], f"{ppath}.1")
                if kind not in allowed or kind not in piece_totals(f, state.factions[f].seat):
                    raise StateError(f"{ppath}.1", f"{kind!r} is not a {label[:-1]} of the {f}")
                pool.append((f, kind))
        ruin = entry.get("ruin", c in state.map.ruins)
        if not isinstance(ruin, bool):
            raise StateError(f"{path}.ruin", f"expected true or false, got {_kind(ruin)}")
        if ruin and c not in state.map.ruins:
            raise StateError(f"{path}.ruin", f"the {state.map.name} map has no ruin in clearing {c}")
        cl.ruin = ruin
        if cl.used_slots() > state.map.slots[c]:
            raise StateError(f"{path}.buildings", f"{cl.used_slots()} buildings and ruins, but clearing {c} has {state.map.slots[c]} slots")
        if cl.tokens.count(("alliance", "sympathy")) > 1:
            raise StateError(f"{path}.tokens", "a clearing holds at most one sympathy token")
    keeps = [c for c in CLEARINGS if ("marquise", "keep") in state.clearings[c].tokens]
    if len(keeps) > 1:
        raise StateError(f"clearings.{keeps[1]}.tokens", "there is only one keep")


def _read_cards(state: GameState, data: dict[str, Any], cards: _Cards) -> None:
    state.discard = cards.many(data.get("discard", []), "discard")
    state.removed_cards = cards.many(data.get("removed_cards", []), "removed_cards")
    if "deck" in data and data["deck"] is not None:
        state.deck = cards.many(data["deck"], "deck")
        missing = [c for c in range(len(state.deckdef.cards)) if c not in cards.seen]
        if missing:
            name = state.deckdef.card(missing[0]).name
            raise StateError("deck", f"card {name!r} is nowhere: {len(missing)} of the 54 cards are missing")
    else:
        # No deck given: every card not placed elsewhere, shuffled by the position's RNG.
        state.deck = [c for c in range(len(state.deckdef.cards)) if c not in cards.seen]
        state.rng.shuffle(state.deck)


def _derive_supplies(state: GameState) -> None:
    """Supply = box - map - out of game; more pieces than the box is an error."""
    for f, fs in state.factions.items():
        for kind, total in piece_totals(f, fs.seat).items():
            placed = state.on_map(f, kind)
            gone = fs.removed.get(kind, 0)
            left = total - placed - gone
            if left < 0:
                raise StateError(
                    f"factions.{f}",
                    f"{placed} {kind} piece(s) on the map and {gone} out of the game, but the {f} has only {total}",
                )
            fs.supply[kind] = left
    for item in ITEMS:
        held = sum(fs.items.count(item) for fs in state.factions.values())
        left = state.deckdef.item_supply[item] - held
        if left < 0:
            raise StateError("factions", f"{held} {item} item(s) crafted, but there are only {state.deckdef.item_supply[item]}")
        state.item_supply[item] = left
