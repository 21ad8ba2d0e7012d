"""Saved positions: ``to_json`` / ``from_json`` for ``GameState`` (see docs/state-format.md).

Loading validates everything and raises ``StateError`` whose message names the field path and
the problem, e.g. ``clearings.5.warriors.marquise: -1 is not a count``. Supplies are derived
(box minus map minus out-of-game), so they are not written and cannot disagree.
"""

from __future__ import annotations

import difflib
import json
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from .burrow import DUCHY, MINISTERS, DuchyState
from .cards import CARD_SUITS, ITEMS
from .chance import Rng
from .factions import BUILDINGS, FACTIONS, TOKENS, TRADE_POSTS_PER_SUIT, piece_totals
from .items import (
    CHARACTERS,
    FOREST_PREFIX,
    ITEM_TYPES,
    VAGABOT,
    Item,
    VagabotState,
    items_in_play,
    load_item_box,
    put_pawn,
    quest_names,
    track_spaces,
)
from .lizards import CONSPIRACIES, LizardsState
from .maps import CLEARINGS, MAP_NAMES, SUITS, suit_problem
from .plots import PLOT_KINDS, PLOTS_EACH
from .state import DECREE_COLUMNS, DIFFICULTIES, PHASES, VIZIER, FactionState, GameState

FORMAT = "rootbotics-position"
VERSION = 1
_MASK64 = (1 << 64) - 1


class StateError(ValueError):
    """A saved position that cannot be loaded. ``str()`` is one line: ``path: problem``."""

    def __init__(self, path: str, problem: str) -> None:
        path, problem = _one_line(path), _one_line(problem)
        super().__init__(f"{path}: {problem}" if path else problem)
        self.path = path
        self.problem = problem


def _one_line(text: str) -> str:
    """Escape anything that would break the message over lines (or hide in it)."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in text)


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
        if fs.vagabot is not None:
            entry["vagabot"] = _vagabot_json(fs.vagabot)
        if fs.market is not None:  # the Riverfolk Robots (9.2.1, 9.2.3, 9.2.4)
            entry["market"] = [card(c) for c in fs.market]
            entry["payments"] = {k: n for k, n in sorted((fs.payments or {}).items()) if n}
            entry["protection"] = list(fs.protection or [])
            # 9.3.3: each trade post on the map with its suit (its clearing's), so a reader sees
            # which track it came from and returns to (9.2.2)
            post = ("riverfolk", "trade_post")
            entry["trade_posts"] = {str(c): state.suits[c] for c in CLEARINGS if post in state.clearings[c].tokens}
        if fs.duchy is not None:
            entry["duchy"] = {"burrow": fs.duchy.burrow, "swayed": list(fs.duchy.swayed)}
        if fs.plots is not None:
            entry["plots"] = {str(c): {"kind": k, "face_up": up} for c, (k, up) in sorted(fs.plots.items())}
        if fs.lizards is not None:
            lz = fs.lizards
            entry["lizards"] = {
                "acolytes": lz.acolytes,
                "conspiracy": lz.conspiracy,
                "lost_souls": [card(c) for c in lz.lost_souls],
                "revealed": [card(c) for c in lz.revealed],
                "order": lz.order,
            }
        factions[f] = entry
    clearings: dict[str, Any] = {}
    for c in CLEARINGS:
        cl = state.clearings[c]
        clearings[str(c)] = {
            "warriors": {f: n for f, n in sorted(cl.warriors.items()) if n},
            "buildings": [[f, k] for f, k in cl.buildings],
            "tokens": [[f, k] for f, k in cl.tokens],
            "ruin": cl.ruin,
        }
        if cl.ruin_items:
            clearings[str(c)]["ruin_items"] = list(cl.ruin_items)
        if cl.slot_items:
            clearings[str(c)]["slot_items"] = list(cl.slot_items)
    out: dict[str, Any] = {
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
        "available_dominance": [card(c) for c in state.available_dominance],
        "winner": state.winner,
        "end_reason": state.end_reason,
        "options": dict(state.options),
    }
    if state.map.ferry_start is not None:  # the Lake
        out["ferry"] = state.ferry
        out["ferry_used"] = state.ferry_used
    if state.map.closed_paths:  # the Mountain
        out["opened_paths"] = [list(link) for link in sorted(state.opened_paths)]
    if state.services:
        out["services"] = {f: list(v) for f, v in state.services.items()}
    if state.item_supply != _default_item_supply(state):
        out["item_supply"] = {k: state.item_supply.get(k, 0) for k in ITEMS}
    return out


def _vagabot_json(vs: VagabotState) -> dict[str, Any]:
    names = quest_names()
    return {
        "character": vs.character,
        "location": vs.clearing if vs.clearing is not None else vs.location(),
        "items": [_item_json(i) for i in vs.items],
        "quest": None if vs.quest is None else names[vs.quest],
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
    return " ".join(words)


def _default_item_supply(state: GameState) -> dict[str, int]:
    """The item supply a position gets when it does not list one: the base game's items minus
    those in Crafted Items boxes."""
    supply = dict(state.deckdef.item_supply)
    for fs in state.factions.values():
        for k in fs.items:
            supply[k] = supply.get(k, 0) - 1
    return supply


def dumps(state: GameState) -> str:
    """The position as JSON text: objects indented, lists without objects kept on one line
    (long ones, like the deck, wrapped several items to a line)."""
    out: list[str] = []
    _write(to_json(state), 0, out)
    return "".join(out)


_INDENT = "  "
_WIDTH = 96  # wrap lists of scalars at about this column


def _write(value: Any, level: int, out: list[str]) -> None:
    """Append ``value`` as JSON; the caller has already written the line up to it."""
    if isinstance(value, dict):
        if not value:
            out.append("{}")
            return
        inner = _INDENT * (level + 1)
        out.append("{")
        for i, (key, item) in enumerate(value.items()):
            out.append("," if i else "")
            out.append(f"\n{inner}{json.dumps(str(key))}: ")
            _write(item, level + 1, out)
        out.append(f"\n{_INDENT * level}}}")
    elif isinstance(value, list) and not _has_object(value):
        parts = [_flat(v) for v in value]
        one_line = "[" + ", ".join(parts) + "]"
        column = len(out[-1].rsplit("\n", 1)[-1]) if out else 0  # the key before it, if any
        if column + len(one_line) <= _WIDTH:
            out.append(one_line)
            return
        inner = _INDENT * (level + 1)
        lines: list[str] = []
        line = ""
        for part in parts:
            if line and len(inner) + len(line) + len(part) + 2 > _WIDTH:
                lines.append(line + ",")
                line = ""
            line = f"{line}, {part}" if line else part
        lines.append(line)
        out.append("[\n" + "\n".join(inner + ln for ln in lines) + f"\n{_INDENT * level}]")
    elif isinstance(value, list):
        inner = _INDENT * (level + 1)
        out.append("[")
        for i, item in enumerate(value):
            out.append(f"{',' if i else ''}\n{inner}")
            _write(item, level + 1, out)
        out.append(f"\n{_INDENT * level}]")
    else:
        out.append(json.dumps(value))


def _has_object(value: list[Any]) -> bool:
    return any(isinstance(v, dict) or (isinstance(v, list) and _has_object(v)) for v in value)


def _flat(value: Any) -> str:
    """A list without objects, or a scalar, on one line."""
    if isinstance(value, list):
        return "[" + ", ".join(_flat(v) for v in value) + "]"
    return json.dumps(value)


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
_TOP_FIELDS = (
    "format", "version", "map", "suits", "seed", "rng", "round", "turn_order", "turn", "phase",
    "factions", "clearings", "start_corners", "deck", "discard", "removed_cards", "available_dominance", "winner",
    "end_reason", "options", "ferry", "ferry_used", "opened_paths", "item_supply", "services",
)
_SEAT_FIELDS = ("seat", "vp", "items", "removed", "decree", "supporters", "hand")
_BOT_FIELDS = ("difficulty", "traits", "order", "vagabot", "duchy", "plots", "lizards", "market", "payments", "protection", "trade_posts")
_LIZARDS_FIELDS = ("acolytes", "conspiracy", "lost_souls", "revealed", "order")
SERVICES: tuple[str, ...] = ("hand_card", "riverboats", "mercenaries")  # 9.2.3 I-III
PROTECTION: tuple[str, ...] = ("shield", "sword")  # 9.2.4
_CLEARING_FIELDS = ("warriors", "buildings", "tokens", "ruin", "ruin_items", "slot_items")
_VAGABOT_FIELDS = ("character", "location", "items", "quest", "quest_deck", "quest_discard")


def loads(text: str) -> GameState:
    if not text.strip():
        raise StateError("", "the text is empty: a position is one JSON object")
    try:
        data = json.loads(text, parse_constant=_no_constant, object_pairs_hook=_no_duplicates)
    except json.JSONDecodeError as e:
        raise StateError("", f"not valid JSON (line {e.lineno}, column {e.colno}: {e.msg})") from None
    except _JSONProblem as e:
        raise StateError("", f"not valid JSON ({e})") from None
    except RecursionError:
        raise StateError("", "not valid JSON (lists or objects nested too deeply)") from None
    except ValueError as e:  # e.g. a number with thousands of digits
        raise StateError("", f"not valid JSON ({e})") from None
    return from_json(data)


def load(path: str | Path) -> GameState:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise StateError("", f"cannot read {path}: {e.strerror or e}") from None
    except UnicodeDecodeError:
        raise StateError("", f"{path} is not a UTF-8 text file") from None
    return loads(text)


class _JSONProblem(ValueError):
    pass


def _no_constant(name: str) -> Any:
    raise _JSONProblem(f"{name} is not a JSON number")


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _JSONProblem(f"the key {_show(key)} appears twice in one object")
        out[key] = value
    return out


def _show(value: Any) -> str:
    """A value as it would look in the file, shortened for a one-line message."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        return "a number with more than 60 digits"
    if isinstance(value, str):  # shortened inside the quotes, so that it stays one string
        text, n = json.dumps(value), min(len(value), 36)
        while len(text) > 40:
            n -= 1
            text = json.dumps(value[:n] + "...")
        return text
    try:
        text = json.dumps(value)
    except (TypeError, ValueError, RecursionError):
        text = f"a {type(value).__name__}"
    return text if len(text) <= 40 else text[:36] + " ..."


def _seg(key: Any) -> str:
    """A key as one segment of a path: bare when it is a plain word, quoted otherwise."""
    if isinstance(key, str) and key and len(key) <= 40 and all(ch.isalnum() or ch in "_#-" for ch in key) and key.isascii():
        return key
    return _show(key)


def _at(path: str, key: Any) -> str:
    return f"{path}.{_seg(key)}" if path else _seg(key)


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
        raise StateError(path, f"{_show(value)} is below {lo}")
    if hi is not None and value > hi:
        raise StateError(path, f"{_show(value)} is above {hi}")
    return value


def _count(value: Any, path: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise StateError(path, f"{_show(value)} is not a count")
    return value


def _str(value: Any, path: str, choices: Iterable[str] | None = None) -> str:
    if not isinstance(value, str):
        raise StateError(path, f"expected a string, got {_kind(value)}")
    if choices is not None:
        options = list(choices)
        if value not in options:
            raise StateError(path, f"{_show(value)} is not one of {', '.join(options)}")
    return value


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return f"the number {_show(value)}"
    if isinstance(value, str):
        return f"the string {_show(value)}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return f"a {type(value).__name__}"  # not JSON at all (from_json given Python data)


def _require(data: dict[str, Any], key: str, path: str) -> Any:
    if key not in data:
        raise StateError(_at(path, key), "is missing")
    return data[key]


def _only(data: dict[str, Any], fields: Iterable[str], path: str, what: str) -> None:
    """Unknown keys are an error (a misspelt field would otherwise be silently ignored)."""
    known = tuple(fields)
    for key in data:
        if key not in known:
            raise StateError(_at(path, key), f"is not a field of {what} (fields: {', '.join(known)})")


class _Cards:
    """Card names to ids, checking that no card is in two places."""

    def __init__(self, state: GameState) -> None:
        self.by_name = state.deckdef.by_name
        self.seen: dict[int, str] = {}

    def one(self, value: Any, path: str, vizier_ok: bool = False) -> int:
        name = _str(value, path)
        if name == "loyal_vizier":
            if not vizier_ok:
                raise StateError(path, "a Loyal Vizier can only be in the bird column of the Eyrie's Decree")
            return VIZIER
        if name not in self.by_name:
            close = difflib.get_close_matches(name, self.by_name, n=1)
            hint = f" (did you mean {_show(close[0])}?)" if close else ""
            raise StateError(path, f"{_show(name)} is not a card of the deck{hint}")
        cid = self.by_name[name]
        if cid in self.seen:
            raise StateError(path, f"card {_show(name)} is already at {self.seen[cid]}")
        self.seen[cid] = path
        return cid

    def many(self, value: Any, path: str, vizier_ok: bool = False) -> list[int]:
        return [self.one(v, f"{path}.{i}", vizier_ok) for i, v in enumerate(_list(value, path))]


def from_json(data: Any) -> GameState:
    """Build a validated ``GameState`` from JSON data."""
    if not isinstance(data, dict):
        raise StateError("", f"a position is one JSON object, not {_kind(data)}")
    fmt = _require(data, "format", "")
    if fmt != FORMAT:
        raise StateError("format", f"{_show(fmt)} is not {_show(FORMAT)}")
    version = _int(_require(data, "version", ""), "version")
    if version != VERSION:
        raise StateError("version", f"this engine reads version {VERSION}, not {_show(version)}")
    _only(data, _TOP_FIELDS, "", "a position")
    map_name = _str(_require(data, "map", ""), "map", MAP_NAMES)
    seed = _int(data.get("seed", 0), "seed")
    state = GameState(map_name, seed)
    if data.get("rng") is not None:
        state.rng = Rng(_int(data["rng"], "rng", 0, _MASK64))
    _read_suits(state, data)
    order = [_str(f, f"turn_order.{i}", FACTIONS) for i, f in enumerate(_list(_require(data, "turn_order", ""), "turn_order"))]
    if len(order) < 2:
        raise StateError("turn_order", "a game needs at least two players")
    for i, f in enumerate(order):
        if f in order[:i]:
            raise StateError(f"turn_order.{i}", f"{f} is listed twice")
    factions = _obj(_require(data, "factions", ""), "factions")
    for f in factions:
        if f not in order:
            raise StateError(_at("factions", f), "is not in turn_order")
    for f in order:
        if f not in factions:
            raise StateError(f"factions.{f}", "is missing (every faction in turn_order needs an entry)")
    cards = _Cards(state)
    for f in order:
        _read_faction(state, f, _obj(factions[f], f"factions.{f}"), cards)
    state.turn = _int(data.get("turn", 0), "turn", 0, len(order) - 1)
    state.round = _int(data.get("round", 1), "round", 1)
    state.phase = _str(data.get("phase", "birdsong"), "phase", PHASES)
    _read_clearings(state, _obj(_require(data, "clearings", ""), "clearings"))
    _check_plot_tokens(state)
    corners = _obj(data.get("start_corners", {}), "start_corners")
    for f, c in corners.items():
        path = _at("start_corners", f)
        if f not in order:
            raise StateError(path, f"{_show(f)} is not playing in this game")
        state.start_corners[f] = _int(c, path)
        if c not in state.map.corners:
            corner_list = ", ".join(map(str, state.map.corners))
            raise StateError(path, f"{c} is not a corner of the {state.map.name} map (corners: {corner_list})")
    _read_cards(state, data, cards)
    _read_map_pieces(state, data)
    _read_quest_decks(state)
    _check_payments_and_services(state, data)
    _check_trade_posts(state, data)
    _derive_supplies(state, data)
    winner = data.get("winner")
    if winner is not None:
        state.winner = [_str(w, f"winner.{i}", order) for i, w in enumerate(_list(winner, "winner"))]
    reason = data.get("end_reason")
    state.end_reason = None if reason is None else _str(reason, "end_reason")
    options = _obj(data.get("options", {}), "options")
    if "max_rounds" in options:
        _int(options["max_rounds"], "options.max_rounds", 1)
    try:
        json.dumps(options, allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        raise StateError("options", "holds something that is not plain JSON") from None
    state.options = dict(options)
    return state


def _read_suits(state: GameState, data: dict[str, Any]) -> None:
    suits = data.get("suits")
    if suits is None:
        if any(s is None for s in state.map.printed_suits[1:]):
            raise StateError("suits", f"the {state.map.name} map has no printed suits: give one per clearing")
        return
    suits = _obj(suits, "suits")
    for key in suits:
        if key not in _CLEARING_KEYS:
            raise StateError(_at("suits", key), "is not a clearing (clearings are 1 to 12)")
    for c in CLEARINGS:
        key = str(c)
        if key not in suits:
            raise StateError(f"suits.{key}", "is missing")
        state.suits[c] = _str(suits[key], f"suits.{key}", SUITS)
    printed = state.map.printed_suits
    for c in CLEARINGS:
        if printed[c] is not None and state.suits[c] != printed[c]:
            raise StateError(f"suits.{c}", f"the {state.map.name} map prints {printed[c]} here, not {state.suits[c]}")
    problem = suit_problem(state.map, state.suits[1:])
    if problem:  # four markers of each suit (LoR A.1)
        raise StateError("suits", problem)


_CLEARING_KEYS = frozenset(str(c) for c in CLEARINGS)


def _read_map_pieces(state: GameState, data: dict[str, Any]) -> None:
    """The Lake's Ferry (LoR C.2) and the Mountain's opened closed paths (LoR C.3.3)."""
    m = state.map
    if m.ferry_start is None:
        for key in ("ferry", "ferry_used"):
            value = data.get(key)
            if value is not None and value is not False:  # `is`: 0 is not false here
                raise StateError(key, f"the {m.name} map has no Ferry")
    else:
        ferry = data.get("ferry", m.ferry_start)
        if ferry is None:
            raise StateError("ferry", "the Ferry is always on the Lake map: give its clearing")
        state.ferry = _int(ferry, "ferry")
        if state.ferry not in m.coastal:
            coast = ", ".join(map(str, sorted(m.coastal)))
            raise StateError("ferry", f"{state.ferry} is not a coastal clearing (coastal: {coast})")
        used = data.get("ferry_used", False)
        if not isinstance(used, bool):
            raise StateError("ferry_used", f"expected true or false, got {_kind(used)}")
        state.ferry_used = used
    opened = _list(data.get("opened_paths", []), "opened_paths")
    if opened and not m.closed_paths:
        raise StateError("opened_paths", f"the {m.name} map has no closed paths")
    for i, link in enumerate(opened):
        path = f"opened_paths.{i}"
        pair = _list(link, path)
        if len(pair) != 2:
            raise StateError(path, f"expected [clearing, clearing], got a list of {len(pair)}")
        a, b = _int(pair[0], f"{path}.0", 1, 12), _int(pair[1], f"{path}.1", 1, 12)
        key = (min(a, b), max(a, b))
        if key not in m.closed_paths:
            closed = ", ".join(f"{x}-{y}" for x, y in sorted(m.closed_paths))
            raise StateError(path, f"{a}-{b} is not a closed path (closed paths: {closed})")
        if key in state.opened_paths:
            raise StateError(path, f"{a}-{b} is listed twice")
        state.opened_paths.add(key)


def _read_faction(state: GameState, f: str, raw: dict[str, Any], cards: _Cards) -> None:
    path = f"factions.{f}"
    seat = _str(_require(raw, "seat", path), f"{path}.seat", ("bot", "human"))
    if seat == "bot":
        _only(raw, _SEAT_FIELDS + _BOT_FIELDS, path, "a bot seat")
    else:
        _only(raw, _SEAT_FIELDS, path, "a human seat")
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
        _check_traits(f, fs.traits, f"{path}.traits")
        order = raw.get("order")
        fs.order = None if order is None else cards.one(order, f"{path}.order")
        if raw.get("hand", []) != []:
            raise StateError(f"{path}.hand", "a bot has no hand of cards (2.8.1)")
    else:
        fs.hand = cards.many(raw.get("hand", []), f"{path}.hand")
    fs.items = [_str(it, f"{path}.items.{i}", ITEMS) for i, it in enumerate(_list(raw.get("items", []), f"{path}.items"))]
    for kind, n in _obj(raw.get("removed", {}), f"{path}.removed").items():
        kpath = _at(f"{path}.removed", kind)
        if kind not in totals:
            raise StateError(kpath, f"the {f} has no {_seg(kind)} pieces")
        fs.removed[kind] = _count(n, kpath)
    if "decree" in raw:
        if f != "eyrie":
            raise StateError(f"{path}.decree", "only the Eyrie has a Decree")
        decree = _obj(raw["decree"], f"{path}.decree")
        _only(decree, DECREE_COLUMNS, f"{path}.decree", "the Decree (its columns)")
        fs.decree = {}
        for col in DECREE_COLUMNS:
            fs.decree[col] = cards.many(decree.get(col, []), f"{path}.decree.{col}", vizier_ok=True)
            for i, cid in enumerate(fs.decree[col]):
                suit = "bird" if cid == VIZIER else state.deckdef.card(cid).suit
                if suit != col:
                    name = "loyal_vizier" if cid == VIZIER else state.deckdef.card(cid).name
                    raise StateError(f"{path}.decree.{col}.{i}", f"{name} is a {suit} card: it belongs in the {suit} column")
        if sum(col.count(VIZIER) for col in fs.decree.values()) > 2:
            raise StateError(f"{path}.decree.bird", "there are only two Loyal Viziers")
    elif f == "eyrie" and seat == "bot":
        raise StateError(f"{path}.decree", "is missing")
    if "supporters" in raw:
        if f != "alliance":
            raise StateError(f"{path}.supporters", "only the Alliance has Supporters")
        if seat == "bot":
            raise StateError(f"{path}.supporters", "the Automated Alliance has no Supporters (it holds no cards, 2.8.1)")
        fs.supporters = cards.many(raw["supporters"], f"{path}.supporters")
    if "vagabot" in raw:
        if f != VAGABOT:
            raise StateError(f"{path}.vagabot", "only the Vagabot has a pawn, a Satchel and quests")
        fs.vagabot = _read_vagabot(state, _obj(raw["vagabot"], f"{path}.vagabot"), f"{path}.vagabot")
        if fs.items:
            raise StateError(f"{path}.items", "the Vagabot has no Crafted Items box: his items are in vagabot.items")
    elif f == VAGABOT and seat == "bot":
        raise StateError(f"{path}.vagabot", "is missing")
    if "duchy" in raw:
        if f != DUCHY:
            raise StateError(f"{path}.duchy", "only the Drillbit Duchy has a Burrow and ministers")
        fs.duchy = _read_duchy(_obj(raw["duchy"], f"{path}.duchy"), f"{path}.duchy")
    elif f == DUCHY and seat == "bot":
        raise StateError(f"{path}.duchy", "is missing")
    if "plots" in raw:
        if f != "corvids":
            raise StateError(f"{path}.plots", "only the Corvids have plot tokens")
        fs.plots = _read_plots(_obj(raw["plots"], f"{path}.plots"), f"{path}.plots")
    elif f == "corvids":
        fs.plots = {}
    if "lizards" in raw:
        if f != "lizards":
            raise StateError(f"{path}.lizards", "only the Logical Lizards have Acolytes, a Conspiracy track and Lost Souls")
        fs.lizards = _read_lizards(_obj(raw["lizards"], f"{path}.lizards"), f"{path}.lizards", totals["warrior"], cards)
    elif f == "lizards" and seat == "bot":
        fs.lizards = LizardsState()  # a fresh board: no acolytes, marker on Sanctify, no Lost Souls
    if fs.lizards is not None and fs.order is not None:
        raise StateError(f"{path}.order", "the Lizards draw no order card: their order is a suit, lizards.order (8.4.1)")
    _read_riverfolk(raw, fs, path, cards)


def _read_riverfolk(raw: dict[str, Any], fs: FactionState, path: str, cards: _Cards) -> None:
    """The Riverfolk Robots' Market (9.2.1), Payments box (9.2.3) and Protectionism (9.2.4).
    Payments name other seats, so they are checked once every seat is read."""
    here = [k for k in ("market", "payments", "protection") if k in raw]
    if fs.faction != "riverfolk" or fs.seat != "bot":
        if here:
            raise StateError(f"{path}.{here[0]}", "only the Riverfolk Robots have a Market, Payments and Protectionism")
        return
    fs.market = cards.many(raw.get("market", []), f"{path}.market")
    if len(fs.market) > 5:
        raise StateError(f"{path}.market", f"the Market holds five cards at most, not {len(fs.market)}")
    fs.payments = {}
    for owner, n in _obj(raw.get("payments", {}), f"{path}.payments").items():
        fs.payments[owner] = _count(n, _at(f"{path}.payments", owner))
    fs.protection = [_str(p, f"{path}.protection.{i}", PROTECTION) for i, p in enumerate(_list(raw.get("protection", []), f"{path}.protection"))]


def _check_trade_posts(state: GameState, data: dict[str, Any]) -> None:
    """9.3.3: a trade post has its clearing's suit, and each suit's track holds three. The
    ``trade_posts`` entry (clearing -> suit) is optional: files from before it was saved load
    with the suits taken from the clearings; when given it must agree with the map."""
    raw = data.get("factions", {}).get("riverfolk", {}) if isinstance(data.get("factions"), dict) else {}
    path = "factions.riverfolk.trade_posts"
    post = ("riverfolk", "trade_post")
    placed = {c: state.suits[c] for c in CLEARINGS if post in state.clearings[c].tokens}
    if isinstance(raw, dict) and "trade_posts" in raw:
        rf = state.factions.get("riverfolk")
        if rf is None or not rf.is_bot:
            raise StateError(path, "only the Riverfolk Robots keep suited Trade Posts tracks")
        given = _obj(raw["trade_posts"], path)
        for key, suit in given.items():
            kpath = _at(path, key)
            if key not in _CLEARING_KEYS:
                raise StateError(kpath, "is not a clearing (clearings are 1 to 12)")
            c = int(key)
            _str(suit, kpath, SUITS)
            if c not in placed:
                raise StateError(kpath, f"clearing {c} holds no trade post")
            if suit != placed[c]:
                raise StateError(kpath, f"the trade post in {c} is {suit}, but {c} is a {placed[c]} clearing: a clearing takes a trade post of its own suit")
        missing = sorted(set(placed) - {int(k) for k in given})
        if missing:
            raise StateError(path, f"the trade post in {missing[0]} is not listed")
    for suit in SUITS:
        n = sum(1 for v in placed.values() if v == suit)
        if n > TRADE_POSTS_PER_SUIT:
            raise StateError("clearings", f"{n} {suit} trade posts are on the map, but the {suit} Trade Posts track holds only {TRADE_POSTS_PER_SUIT} (9.3.3)")


def _check_payments_and_services(state: GameState, data: dict[str, Any]) -> None:
    """Payments hold warriors of seated factions that have warriors; services were bought by
    seated factions other than the Riverfolk, from a Riverfolk bot."""
    rf = state.factions.get("riverfolk")
    if rf is not None and rf.payments is not None:
        for owner in list(rf.payments):
            opath = _at("factions.riverfolk.payments", owner)
            if owner not in state.factions:
                raise StateError(opath, f"{_show(owner)} is not playing in this game")
            if "warrior" not in piece_totals(owner, state.factions[owner].seat):
                raise StateError(opath, f"the {owner} has no warriors")
            if rf.payments[owner] == 0:
                del rf.payments[owner]
    raw = _obj(data.get("services", {}), "services")
    if raw and (rf is None or not rf.is_bot):
        raise StateError("services", "services are bought only from the Riverfolk Robots")
    for buyer, bought in raw.items():
        bpath = _at("services", buyer)
        if buyer not in state.factions or buyer == "riverfolk":
            raise StateError(bpath, f"{_show(buyer)} is not a player who can buy services")
        state.services[buyer] = [_str(v, f"{bpath}.{i}", SERVICES) for i, v in enumerate(_list(bought, bpath))]


def _read_duchy(raw: dict[str, Any], path: str) -> DuchyState:
    """The Burrow's warriors (10.2.2) and the swayed ministers (10.7); the supply of warriors and
    crowns is derived from them later."""
    _only(raw, ("burrow", "swayed"), path, "the Duchy's Burrow and ministers")
    ds = DuchyState(_int(raw.get("burrow", 0), f"{path}.burrow", 0, 20))
    for i, m in enumerate(_list(raw.get("swayed", []), f"{path}.swayed")):
        name = _str(m, f"{path}.swayed.{i}", MINISTERS)
        if name in ds.swayed:
            raise StateError(f"{path}.swayed.{i}", f"{name} is listed twice (a minister holds one crown)")
        ds.sway(name)
    return ds


def _read_plots(raw: dict[str, Any], path: str) -> dict[int, tuple[str, bool]]:
    """``{"<clearing>": {"kind": "bomb", "face_up": false}}``: each plot on the map (11.3.1)."""
    out: dict[int, tuple[str, bool]] = {}
    for key, entry in raw.items():
        ppath = _at(path, key)
        if key not in _CLEARING_KEYS:
            raise StateError(ppath, "is not a clearing (clearings are 1 to 12)")
        entry = _obj(entry, ppath)
        _only(entry, ("kind", "face_up"), ppath, "a plot")
        kind = _str(_require(entry, "kind", ppath), f"{ppath}.kind", PLOT_KINDS)
        up = _require(entry, "face_up", ppath)
        if not isinstance(up, bool):
            raise StateError(f"{ppath}.face_up", f"expected true or false, got {_kind(up)}")
        out[int(key)] = (kind, up)
    for kind in PLOT_KINDS:
        if sum(1 for k, _ in out.values() if k == kind) > PLOTS_EACH:
            raise StateError(path, f"more than {PLOTS_EACH} {kind} plots: the box has {PLOTS_EACH} of each kind")
    return out


def _check_plot_tokens(state: GameState) -> None:
    """Each ``["corvids", "plot"]`` token in a clearing has its entry in ``factions.corvids.plots``
    and each entry its token, one per clearing."""
    fs = state.factions.get("corvids")
    if fs is None:
        return
    plots = fs.plots or {}
    for c in CLEARINGS:
        tokens = state.clearings[c].tokens.count(("corvids", "plot"))
        if tokens > 1:
            raise StateError(f"clearings.{c}.tokens", "a clearing holds at most one plot token")
        if tokens and c not in plots:
            raise StateError(f"factions.corvids.plots.{c}", f"is missing: clearing {c} has a plot token; give its kind and face")
        if c in plots and not tokens:
            raise StateError(f"factions.corvids.plots.{c}", f"clearing {c} has no [\"corvids\", \"plot\"] token")


def _read_lizards(raw: dict[str, Any], path: str, warriors: int, cards: _Cards) -> LizardsState:
    """The Lizards' board (8.2.2, 8.3.3, 8.2.4, 8.5, 8.4.1)."""
    _only(raw, _LIZARDS_FIELDS, path, "the Lizards' board")
    lz = LizardsState()
    lz.acolytes = _int(raw.get("acolytes", 0), f"{path}.acolytes", 0, warriors)
    lz.conspiracy = _int(raw.get("conspiracy", lz.conspiracy), f"{path}.conspiracy", 0, len(CONSPIRACIES) - 1)
    lz.lost_souls = cards.many(raw.get("lost_souls", []), f"{path}.lost_souls")
    lz.revealed = cards.many(raw.get("revealed", []), f"{path}.revealed")
    order = raw.get("order")
    lz.order = None if order is None else _str(order, f"{path}.order", CARD_SUITS)
    return lz


def _read_vagabot(state: GameState, raw: dict[str, Any], path: str) -> VagabotState:
    """The Vagabot's character, pawn, items and quests (7.2, 7.3); the quest deck comes later."""
    _only(raw, _VAGABOT_FIELDS, path, "the Vagabot")
    vs = VagabotState(_str(_require(raw, "character", path), f"{path}.character", CHARACTERS))
    location = _require(raw, "location", path)
    lpath = f"{path}.location"
    forests = len(state.map.forests)
    if isinstance(location, str) and location.startswith(FOREST_PREFIX) and location[len(FOREST_PREFIX):].isdigit():
        forest = int(location[len(FOREST_PREFIX):])
        if forest >= forests:
            raise StateError(lpath, f"the {state.map.name} map has forests forest:0 to forest:{forests - 1}")
        put_pawn(state, vs, forest=forest)
    elif isinstance(location, int) and not isinstance(location, bool) and location in CLEARINGS:
        put_pawn(state, vs, clearing=location)
    else:
        raise StateError(lpath, f"{_show(location)} is neither a clearing (1 to 12) nor a forest (forest:0 to forest:{forests - 1})")
    ipath = f"{path}.items"
    for i, raw_item in enumerate(_list(raw.get("items", []), ipath)):
        vs.items.append(_read_item(raw_item, f"{ipath}.{i}"))
    undamaged = vs.undamaged()
    spaces = sorted(it.track for it in vs.items if it.track)
    want = track_spaces(undamaged)
    if spaces != list(range(1, want + 1)):
        shown = ", ".join(map(str, spaces)) or "none"
        raise StateError(ipath, f"{undamaged} undamaged items fill Battle Track spaces 1 to {want} (7.2.4); the items mark spaces {shown}" if want else f"{undamaged} undamaged items leave the Battle Track empty (7.2.4); the items mark spaces {shown}")
    names = quest_names()
    seen: dict[int, str] = {}

    def quest(value: Any, qpath: str) -> int:
        name = _str(value, qpath)
        if name not in names:
            close = difflib.get_close_matches(name, names, n=1)
            hint = f" (did you mean {_show(close[0])}?)" if close else ""
            raise StateError(qpath, f"{_show(name)} is not a quest card{hint}")
        qid = names.index(name)
        if qid in seen:
            raise StateError(qpath, f"quest {_show(name)} is already at {seen[qid]}")
        seen[qid] = qpath
        return qid

    current = raw.get("quest")
    vs.quest = None if current is None else quest(current, f"{path}.quest")
    vs.quest_discard = [quest(v, f"{path}.quest_discard.{i}") for i, v in enumerate(_list(raw.get("quest_discard", []), f"{path}.quest_discard"))]
    deck = raw.get("quest_deck")
    if deck is not None:
        vs.quest_deck = [quest(v, f"{path}.quest_deck.{i}") for i, v in enumerate(_list(deck, f"{path}.quest_deck"))]
        missing = [names[q] for q in range(len(names)) if q not in seen]
        if missing:
            raise StateError(f"{path}.quest_deck", f"{len(missing)} of the {len(names)} quests are nowhere (first: {_show(missing[0])}); list every quest once, or leave out quest_deck")
    else:
        vs.quest_deck = [-1]  # to be dealt from the quests not named, after the card deck (_read_quest_decks)
    return vs


_ITEM_FLAGS = ("exhausted", "damaged", "track1", "track2", "track3")


def _read_item(value: Any, path: str) -> Item:
    """An item as ``"kind flag flag"`` (see ``_item_json``)."""
    words = _str(value, path).split(" ")
    kind, flags = words[0], words[1:]
    if kind not in ITEM_TYPES:
        raise StateError(path, f"{_show(kind)} is not an item (items: {', '.join(ITEM_TYPES)})")
    item = Item(kind)
    for word in flags:
        if word not in _ITEM_FLAGS:
            raise StateError(path, f"{_show(word)} is not an item state (states: {', '.join(_ITEM_FLAGS)})")
        if flags.count(word) > 1 or (word.startswith("track") and item.track):
            raise StateError(path, f"{_show(value)} names a state twice")
        if word == "exhausted":
            item.exhausted = True
        elif word == "damaged":
            item.damaged = True
        else:
            item.track = int(word[-1])
    if item.track and item.damaged:
        raise StateError(path, "a damaged item cannot be on the Battle Track (7.2.4)")
    return item


def _read_quest_decks(state: GameState) -> None:
    """A Vagabot saved without ``quest_deck`` gets the quests not named elsewhere, shuffled by
    the position's RNG (after the card deck, if that was dealt too)."""
    for fs in state.factions.values():
        vs = fs.vagabot
        if vs is None or vs.quest_deck != [-1]:
            continue
        named = set(vs.quest_discard) | ({vs.quest} if vs.quest is not None else set())
        vs.quest_deck = [q for q in range(len(quest_names())) if q not in named]
        state.rng.shuffle(vs.quest_deck)


def _check_traits(f: str, traits: list[str], path: str) -> None:
    """Each trait is one of the bot's own trait cards (3.3), listed once."""
    from ..bots.cards import TRAIT_TEXT  # the card data, no engine code
    from .factions import faction_title

    known = TRAIT_TEXT.get(f, {})
    for i, trait in enumerate(traits):
        if trait not in known:
            raise StateError(f"{path}.{i}", f"{_show(trait)} is not a trait of the {faction_title(f, 'bot')} (traits: {', '.join(known) or 'none yet'})")
        if trait in traits[:i]:
            raise StateError(f"{path}.{i}", f"{_show(trait)} is listed twice")


def _read_clearings(state: GameState, raw: dict[str, Any]) -> None:
    for key in raw:
        if key not in _CLEARING_KEYS:
            raise StateError(_at("clearings", key), "is not a clearing (clearings are 1 to 12)")
    for c in CLEARINGS:
        path = f"clearings.{c}"
        entry = _obj(raw.get(str(c), {}), path)
        _only(entry, _CLEARING_FIELDS, path, "a clearing")
        cl = state.clearings[c]
        for f, n in _obj(entry.get("warriors", {}), f"{path}.warriors").items():
            wpath = _at(f"{path}.warriors", f)
            if f not in state.factions:
                raise StateError(wpath, f"{_show(f)} is not playing in this game")
            n = _count(n, wpath)
            if "warrior" not in piece_totals(f, state.factions[f].seat):
                raise StateError(wpath, f"the {f} has no warriors")
            if n:
                cl.warriors[f] = n
        for label, pool, allowed in (("buildings", cl.buildings, BUILDINGS), ("tokens", cl.tokens, TOKENS)):
            for i, piece in enumerate(_list(entry.get(label, []), f"{path}.{label}")):
                ppath = f"{path}.{label}.{i}"
                pair = _list(piece, ppath)
                if len(pair) != 2:
                    raise StateError(ppath, f"expected [faction, kind], got a list of {len(pair)}")
                f = _str(pair[0], f"{ppath}.0")
                if f not in state.factions:
                    raise StateError(f"{ppath}.0", f"{_show(f)} is not playing in this game")
                kind = _str(pair[1], f"{ppath}.1")
                if kind not in allowed or kind not in piece_totals(f, state.factions[f].seat):
                    raise StateError(f"{ppath}.1", f"{_show(kind)} is not a {label[:-1]} of the {f}")
                pool.append((f, kind))
        ruin = entry.get("ruin", c in state.map.ruins)
        if not isinstance(ruin, bool):
            raise StateError(f"{path}.ruin", f"expected true or false, got {_kind(ruin)}")
        if ruin and c not in state.map.ruins:
            raise StateError(f"{path}.ruin", f"the {state.map.name} map has no ruin in clearing {c}")
        cl.ruin = ruin
        for label, pool in (("ruin_items", cl.ruin_items), ("slot_items", cl.slot_items)):
            for i, it in enumerate(_list(entry.get(label, []), f"{path}.{label}")):
                pool.append(_str(it, f"{path}.{label}.{i}", ITEM_TYPES))
        if cl.ruin_items and not cl.ruin:
            raise StateError(f"{path}.ruin_items", "items lie only under an unexplored ruin (ruin: true)")
        if cl.used_slots() > state.map.slots[c]:
            what = f"{len(cl.buildings)} building(s)" + (" and a ruin" if cl.ruin else "")
            if cl.slot_items:
                what += f" and {len(cl.slot_items)} item(s) covering slots"
            raise StateError(f"{path}.buildings", f"{what}, but clearing {c} has {state.map.slots[c]} slot(s)")
        if cl.tokens.count(("alliance", "sympathy")) > 1:
            raise StateError(f"{path}.tokens", "a clearing holds at most one sympathy token")
        for i, (f, kind) in enumerate(cl.buildings):
            if kind.startswith("base_") and kind != f"base_{state.suits[c]}":
                raise StateError(f"{path}.buildings.{i}", f"a {kind} stands only in a {kind[5:]} clearing; {c} is {state.suits[c]}")
            if kind.startswith("garden_") and kind != f"garden_{state.suits[c]}":
                raise StateError(f"{path}.buildings.{i}", f"a {kind} stands only in a {kind[7:]} clearing; {c} is {state.suits[c]}")
    keeps = [c for c in CLEARINGS if ("marquise", "keep") in state.clearings[c].tokens]
    if len(keeps) > 1 or (keeps and state.clearings[keeps[0]].tokens.count(("marquise", "keep")) > 1):
        where = keeps[1] if len(keeps) > 1 else keeps[0]
        raise StateError(f"clearings.{where}.tokens", "there is only one keep")


def _read_cards(state: GameState, data: dict[str, Any], cards: _Cards) -> None:
    state.discard = cards.many(data.get("discard", []), "discard")
    state.removed_cards = cards.many(data.get("removed_cards", []), "removed_cards")
    state.available_dominance = cards.many(data.get("available_dominance", []), "available_dominance")
    for i, cid in enumerate(state.available_dominance):
        if state.deckdef.card(cid).kind != "dominance":
            raise StateError(f"available_dominance.{i}", f"{state.deckdef.card(cid).name} is not a dominance card")
    if data.get("deck") is not None:
        state.deck = cards.many(data["deck"], "deck")
        missing = [c for c in range(len(state.deckdef.cards)) if c not in cards.seen]
        if missing:
            first = _show(state.deckdef.card(missing[0]).name)
            raise StateError(
                "deck",
                f"{len(missing)} of the {len(state.deckdef.cards)} cards are nowhere (first: {first});"
                " list every card once, or leave out the deck",
            )
    else:
        # No deck given: every card not placed elsewhere, shuffled by the position's RNG.
        state.deck = [c for c in range(len(state.deckdef.cards)) if c not in cards.seen]
        state.rng.shuffle(state.deck)


def _derive_supplies(state: GameState, data: dict[str, Any]) -> None:
    """Supply = box - map - out of game; more pieces than the box is an error. The item supply is
    given (``item_supply``) or is the base game's items minus the crafted ones; the item pieces
    not in play stay in the box, and more items in play than the box holds is an error."""
    for f, fs in state.factions.items():
        for kind, total in piece_totals(f, fs.seat).items():
            placed = state.on_map(f, kind) + fs.off_map(kind)  # the Duchy's Burrow and crowns (10.2.2)
            gone = fs.removed.get(kind, 0) + (state.in_payments(f) if kind == "warrior" else 0)
            if kind == "warrior" and fs.lizards is not None:
                gone += fs.lizards.acolytes  # the Acolytes box (8.2.2)
            left = total - placed - gone
            if left < 0:
                where = "clearings" if placed > total else f"factions.{f}.removed.{kind}"
                if kind == "warrior" and state.in_payments(f):
                    where = _at("factions.riverfolk.payments", f)
                raise StateError(
                    where,
                    f"{placed} {f} {kind} piece(s) on the map and {gone} out of the game, but the box has only {total}",
                )
            fs.supply[kind] = left
    given = data.get("item_supply")
    if given is None:
        for item in ITEMS:
            held = sum(fs.items.count(item) for fs in state.factions.values())
            left = state.deckdef.item_supply[item] - held
            if left < 0:
                holder = [f for f, fs in state.factions.items() if item in fs.items][-1]
                raise StateError(f"factions.{holder}.items", f"{held} {item} item(s) crafted, but there are only {state.deckdef.item_supply[item]}")
            state.item_supply[item] = left
    else:
        given = _obj(given, "item_supply")
        _only(given, ITEMS, "item_supply", "the item supply (craftable items)")
        for item in ITEMS:
            state.item_supply[item] = _count(given.get(item, 0), _at("item_supply", item))
    box = load_item_box()
    in_play = items_in_play(state)
    for item in ITEM_TYPES:
        left = box.total[item] - in_play[item]
        if left < 0:
            raise StateError(_item_holder(state, item, given is not None), f"{in_play[item]} {item} item(s) in play, but the box has only {box.total[item]}")
        state.item_box[item] = left


def _item_holder(state: GameState, item: str, supply_given: bool) -> str:
    """The last place that holds an item kind, to name in an error."""
    where = "item_supply" if supply_given and state.item_supply.get(item, 0) else ""
    for f, fs in state.factions.items():
        if item in fs.items:
            where = f"factions.{f}.items"
        if fs.vagabot is not None and any(i.kind == item for i in fs.vagabot.items):
            where = f"factions.{f}.vagabot.items"
    for c in CLEARINGS:
        for label, pool in (("ruin_items", state.clearings[c].ruin_items), ("slot_items", state.clearings[c].slot_items)):
            if item in pool:
                where = f"clearings.{c}.{label}"
    return where or "item_supply"
