"""Saved positions: ``to_json`` / ``from_json`` for ``GameState`` (see docs/state-format.md).

Loading validates everything and raises ``StateError`` whose message names the field path and
the problem, e.g. ``clearings.5.warriors.<faction>: -1 is not a count``. Supplies are derived
(box minus map minus out-of-game), so they are not written and cannot disagree.
"""

from __future__ import annotations

import errno
import json
import os
import re
import stat
import tempfile
from pathlib import Path
from typing import Any

from .cards import ITEMS, deck_problem
from .chance import Rng
from .faction import LAW, REGISTRY, SHARED, faction_title, piece_totals, rules_of
from .fields import Cards, StateError, at as _at, count as _count, integer as _int, kind_of as _kind, lst as _list
from .fields import obj as _obj, only as _only, require as _require, seg as _seg, show as _show, string as _str
from .invariants import violations
from .items import ITEM_TYPES, box_total, items_in_play
from .maps import CLEARINGS, MAP_NAMES, SUITS, suit_problem
from .setup_order import FACTIONS, SETUP_DRAW_KEY, SETUP_DRAW_CHOICES
from .state import DIFFICULTIES, PHASES, TURN_STEPS, FactionState, GameState

FORMAT = "rootbotics-position"
VERSION = 1
_MASK64 = (1 << 64) - 1


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


# -- writing ------------------------------------------------------------------------------------
def to_json(state: GameState) -> dict[str, Any]:
    """The position as plain JSON data."""
    names = state.deckdef.cards
    card = lambda c: names[c].name  # noqa: E731
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
        "factions": {f: _seat_json(state, f) for f in state.turn_order},
        "clearings": {str(c): _clearing_json(state, c) for c in CLEARINGS},
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
    if state.turn_steps:
        out["turn_steps"] = list(state.turn_steps)
    if state.coffin:  # warriors on Coffin Makers (the Exiles and Partisans deck)
        out["coffin_makers"] = dict(state.coffin)
    if state.item_supply != _default_item_supply(state):
        out["item_supply"] = {k: state.item_supply.get(k, 0) for k in ITEMS}
    return out


def _seat_json(state: GameState, f: str) -> dict[str, Any]:
    """One seat: its score, cards and items, and its faction's board."""
    fs = state.factions[f]
    card = lambda c: state.deckdef.cards[c].name  # noqa: E731
    entry: dict[str, Any] = {"seat": fs.seat, "vp": fs.vp}
    if fs.seat == "bot":
        if fs.rule_set != LAW:  # absent: the Law of Robotics (files from before rule sets load unchanged)
            entry["rule_set"] = fs.rule_set
        entry["difficulty"] = fs.difficulty
        entry["traits"] = list(fs.traits)
        entry["order"] = None if fs.order is None else card(fs.order)
    else:
        entry["hand"] = [card(c) for c in fs.hand]
        if fs.play_area:
            entry["play_area"] = [card(c) for c in fs.play_area]
        if fs.dominance is not None:
            entry["dominance"] = card(fs.dominance)
    entry["items"] = list(fs.items)
    if fs.removed:
        entry["removed"] = dict(fs.removed)
    entry.update(rules_of(f).write_board(state, fs))
    return entry


def _clearing_json(state: GameState, c: int) -> dict[str, Any]:
    cl = state.clearings[c]
    out: dict[str, Any] = {
        "warriors": {f: n for f, n in sorted(cl.warriors.items()) if n},
        "buildings": [[f, k] for f, k in cl.buildings],
        "tokens": [[f, k] for f, k in cl.tokens],
        "ruin": cl.ruin,
    }
    if cl.ruin_items:
        out["ruin_items"] = list(cl.ruin_items)
    if cl.slot_items:
        out["slot_items"] = list(cl.slot_items)
    return out


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


class NotAFileError(OSError):
    """The target of a write exists and is not a regular file (a device, a pipe, a folder)."""


def write_target(path: Path) -> Path:
    """Where writing ``path`` goes: through symlinks to the file they name; refused with
    ``NotAFileError`` when that exists and is not a regular file (``/dev/null`` stays a device)."""
    real = Path(os.path.realpath(path))
    try:
        mode = os.stat(real).st_mode
    except FileNotFoundError:
        return real
    if not stat.S_ISREG(mode):
        raise NotAFileError(errno.EEXIST, f"{path} exists and is not a regular file")
    return real


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all: a temporary file in the same folder, then
    a rename. The file gets the mode of the one it replaces, or the umask's; temporary files of
    the same target left by a writer that was killed are removed first."""
    real = write_target(path)
    folder = real.parent
    _clean_stale(folder, real.name)
    fd, tmp = tempfile.mkstemp(prefix=f".{real.name}.{os.getpid()}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fchmod(fh.fileno(), _mode_for(real))
            os.fsync(fh.fileno())
        os.replace(tmp, real)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def _mode_for(real: Path) -> int:
    """The mode of the file being replaced, or 0666 less the umask for a new one."""
    try:
        return stat.S_IMODE(os.stat(real).st_mode)
    except FileNotFoundError:
        umask = os.umask(0o022)
        os.umask(umask)
        return 0o666 & ~umask


def _clean_stale(folder: Path, name: str) -> None:
    """Remove ``.<name>.<pid>.*.tmp`` files whose writer process is gone (a kill -9 mid-save)."""
    prefix = f".{name}."
    try:
        entries = [e for e in os.listdir(folder) if e.startswith(prefix) and e.endswith(".tmp")]
    except OSError:
        return
    for entry in entries:
        pid = entry[len(prefix):].split(".", 1)[0]
        if pid.isdigit() and not _alive(int(pid)):
            try:
                os.unlink(folder / entry)
            except OSError:
                pass


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


# -- reading ------------------------------------------------------------------------------------
_TOP_FIELDS = (
    "format", "version", "map", "suits", "seed", "rng", "round", "turn_order", "turn", "phase",
    "factions", "clearings", "start_corners", "deck", "discard", "removed_cards", "available_dominance", "winner",
    "end_reason", "options", "ferry", "ferry_used", "opened_paths", "item_supply", "services", "turn_steps", "coffin_makers",
)
_SEAT_FIELDS = ("seat", "vp", "items", "removed", "hand", "play_area", "dominance")
_BOT_FIELDS = ("rule_set", "difficulty", "traits", "order")
_CLEARING_FIELDS = ("warriors", "buildings", "tokens", "ruin", "ruin_items", "slot_items")


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


MAX_POSITION_BYTES = 1 << 20  # 1 MB: a real position is a few kB


def load(path: str | Path) -> GameState:
    """Read a position file (at most ``MAX_POSITION_BYTES``) and load it."""
    try:
        with open(path, "rb") as fh:
            raw = fh.read(MAX_POSITION_BYTES + 1)
    except OSError as e:
        raise StateError("", f"cannot read {path}: {e.strerror or e}") from None
    if len(raw) > MAX_POSITION_BYTES:
        raise StateError("", f"{path} is larger than {MAX_POSITION_BYTES >> 20} MB: no position is that big")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise StateError("", f"{path} is not a UTF-8 text file") from None
    return loads(text)


def from_json(data: Any) -> GameState:
    """Build a validated ``GameState`` from JSON data."""
    _check_format(data)
    map_name = _str(_require(data, "map", ""), "map", MAP_NAMES)
    seed = _int(data.get("seed", 0), "seed")
    state = GameState(map_name, seed)
    _read_deck(state, data)
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
    return _read_rest(state, data, order, factions)


def _check_format(data: Any) -> None:
    """One object of this format and version, with no field it does not know."""
    if not isinstance(data, dict):
        raise StateError("", f"a position is one JSON object, not {_kind(data)}")
    fmt = _require(data, "format", "")
    if fmt != FORMAT:
        raise StateError("format", f"{_show(fmt)} is not {_show(FORMAT)}")
    version = _int(_require(data, "version", ""), "version")
    if version != VERSION:
        raise StateError("version", f"this engine reads version {VERSION}, not {_show(version)}")
    _only(data, _TOP_FIELDS, "", "a position")


def _read_rest(state: GameState, data: dict[str, Any], order: list[str], factions: dict[str, Any]) -> GameState:
    """The seats, the turn, the clearings and the cards, then what spans them, in an order
    that keeps the position's RNG draws (deck, then quest decks) as they were saved."""
    extras = {name: extra for rules in REGISTRY.values() for name, extra in rules.card_extras.items()}
    cards = Cards(state.deckdef.by_name, extras)
    for f in order:
        _read_faction(state, f, _obj(factions[f], f"factions.{f}"), cards)
    state.turn = _int(data.get("turn", 0), "turn", 0, len(order) - 1)
    state.round = _int(data.get("round", 1), "round", 1)
    state.phase = _str(data.get("phase", "birdsong"), "phase", PHASES)
    _read_clearings(state, _obj(_require(data, "clearings", ""), "clearings"))
    _read_start_corners(state, data, order)
    _read_cards(state, data, cards)
    _read_coffin(state, data, order)
    _read_map_pieces(state, data)
    for f in order:  # what spans a faction's board and the map (plot tokens, quest decks, Payments)
        rules_of(f).check_position(state, data)
    _read_services(state, data)
    raw_steps = _list(data.get("turn_steps", []), "turn_steps")
    state.turn_steps = [_str(v, f"turn_steps.{i}", TURN_STEPS) for i, v in enumerate(raw_steps)]
    _derive_supplies(state, data)
    _read_result_and_options(state, data, order)
    _refuse_impossible(state)
    return state


_PATH = re.compile(r"^(?:[A-Za-z0-9_#-]+|\"[^\"]*\")(?:\.(?:[A-Za-z0-9_#-]+|\"[^\"]*\"))*$")


def _refuse_impossible(state: GameState) -> None:
    """The last step of loading: the position must keep every invariant (``core.invariants``,
    with the configuration checks of ``core.validity``); the first broken one is the error,
    at its field path when it names one."""
    found = violations(state)
    if found:
        path, sep, problem = found[0].partition(": ")
        if sep and _PATH.match(path):
            raise StateError(path, problem)
        raise StateError("", f"an impossible position: {found[0]}")


def _read_start_corners(state: GameState, data: dict[str, Any], order: list[str]) -> None:
    corners = _obj(data.get("start_corners", {}), "start_corners")
    for f, c in corners.items():
        path = _at("start_corners", f)
        if f not in order:
            raise StateError(path, f"{_show(f)} is not playing in this game")
        state.start_corners[f] = _int(c, path)
        if c not in state.map.corners:
            corner_list = ", ".join(map(str, state.map.corners))
            raise StateError(path, f"{c} is not a corner of the {state.map.name} map (corners: {corner_list})")


def _read_deck(state: GameState, data: dict[str, Any]) -> None:
    """The shared deck (``options.deck``, LoR 19.2) before any card is read by its name."""
    options = data.get("options")
    if isinstance(options, dict) and "deck" in options:
        problem = deck_problem(options["deck"])
        if problem:
            raise StateError("options.deck", problem.partition(": ")[2])
        state.options["deck"] = options["deck"]
        state.use_deck()


def _read_coffin(state: GameState, data: dict[str, Any], order: list[str]) -> None:
    """Warriors on Coffin Makers, by owner: only while a seat has the card in its play area."""
    raw = _obj(data.get("coffin_makers", {}), "coffin_makers")
    if not raw:
        return
    if not state.deckdef.exiles or not any("coffin_makers" == state.deckdef.cards[c].name for fs in state.factions.values() for c in fs.play_area):
        raise StateError("coffin_makers", "holds warriors, but no seat has Coffin Makers in its play area")
    for f, n in raw.items():
        path = _at("coffin_makers", f)
        if f not in order:
            raise StateError(path, f"{_show(f)} is not playing in this game")
        state.coffin[f] = _int(n, path, 0)


def _read_result_and_options(state: GameState, data: dict[str, Any], order: list[str]) -> None:
    winner = data.get("winner")
    if winner is not None:
        state.winner = [_str(w, f"winner.{i}", order) for i, w in enumerate(_list(winner, "winner"))]
    reason = data.get("end_reason")
    state.end_reason = None if reason is None else _str(reason, "end_reason")
    options = _obj(data.get("options", {}), "options")
    if "max_rounds" in options:
        _int(options["max_rounds"], "options.max_rounds", 1)
    if SETUP_DRAW_KEY in options:  # LoR 9.7.1: drawn at setup
        _str(options[SETUP_DRAW_KEY], f"options.{SETUP_DRAW_KEY}", list(SETUP_DRAW_CHOICES))
    for key, value in options.items():
        if _depth(value) > MAX_OPTION_DEPTH:
            raise StateError(_at("options", key), f"is nested more than {MAX_OPTION_DEPTH} deep: no option is")
    try:
        json.dumps(options, allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        raise StateError("options", "holds something that is not plain JSON") from None
    state.options = dict(options)


MAX_OPTION_DEPTH = 8  # options are flat values today; deep nesting would break saving it again


def _depth(value: Any) -> int:
    """How deeply lists and objects nest in ``value`` (iteratively: no recursion to overflow)."""
    deepest, stack = 0, [(value, 0)]
    while stack:
        item, level = stack.pop()
        deepest = max(deepest, level)
        if deepest > MAX_OPTION_DEPTH:
            break
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else ()
        stack.extend((child, level + 1) for child in children)
    return deepest


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


def _read_faction(state: GameState, f: str, raw: dict[str, Any], cards: Cards) -> None:
    path = f"factions.{f}"
    seat = _str(_require(raw, "seat", path), f"{path}.seat", ("bot", "human"))
    rules = rules_of(f)
    for key in raw:  # a field of another faction's board
        owner = next((r for r in REGISTRY.values() if key in r.board_fields), None)
        if owner is not None and key not in rules.board_fields:
            raise StateError(_at(path, key), f"only the {owner.bot_name} has this on its board")
    if seat == "bot":
        _only(raw, _SEAT_FIELDS + _BOT_FIELDS + rules.board_fields, path, "a bot seat")
    else:
        _only(raw, _SEAT_FIELDS + rules.board_fields, path, "a human seat")
    if (seat == "human" and not rules.human_seat) or seat not in rules.pieces:  # a human seat only: no bot
        raise StateError(f"{path}.seat", f"the {f} faction cannot be a {seat} seat in this version")
    totals = piece_totals(f, seat)
    fs = FactionState(f, seat)
    state.factions[f] = fs
    state.turn_order.append(f)
    fs.vp = _int(raw.get("vp", 0), f"{path}.vp", -1000, 1000)
    if seat == "bot":
        fs.rule_set = _read_rule_set(f, raw, path)
        fs.difficulty = _str(raw.get("difficulty", "default"), f"{path}.difficulty", DIFFICULTIES)
        if fs.difficulty not in rules.rule_set_difficulties(fs.rule_set):
            raise StateError(f"{path}.difficulty", f"the {fs.rule_set} rule set of the {faction_title(f, 'bot')} has no {fs.difficulty} difficulty (levels: {', '.join(rules.rule_set_difficulties(fs.rule_set))})")
        fs.traits = [_str(t, f"{path}.traits.{i}") for i, t in enumerate(_list(raw.get("traits", []), f"{path}.traits"))]
        _check_traits(f, fs.traits, f"{path}.traits", fs.rule_set)
        order = raw.get("order")
        fs.order = None if order is None else cards.one(order, f"{path}.order")
        for key in ("hand", "play_area"):
            if raw.get(key, []) != []:
                raise StateError(f"{path}.{key}", "a bot has no cards of its own but its order card (2.8.1, 1.1.3)")
        if raw.get("dominance") is not None:
            raise StateError(f"{path}.dominance", "bots cannot activate a dominance card (1.3)")
    else:
        fs.hand = cards.many(raw.get("hand", []), f"{path}.hand")
        fs.play_area = cards.many(raw.get("play_area", []), f"{path}.play_area")
        for i, cid in enumerate(fs.play_area):
            if not state.deckdef.card(cid).persistent:
                raise StateError(f"{path}.play_area.{i}", f"{state.deckdef.card(cid).name} is not a persistent effect (LoR 4.1.3)")
        dominance = raw.get("dominance")
        if dominance is not None:
            fs.dominance = cards.one(dominance, f"{path}.dominance")
            if state.deckdef.card(fs.dominance).kind != "dominance":
                raise StateError(f"{path}.dominance", f"{dominance} is not a dominance card (LoR 3.3.1)")
    fs.items = [_str(it, f"{path}.items.{i}", ITEMS) for i, it in enumerate(_list(raw.get("items", []), f"{path}.items"))]
    for kind, n in _obj(raw.get("removed", {}), f"{path}.removed").items():
        kpath = _at(f"{path}.removed", kind)
        if kind not in totals:
            raise StateError(kpath, f"the {f} has no {_seg(kind)} pieces")
        fs.removed[kind] = _count(n, kpath)
    fs.board = rules.new_board(seat)
    rules.read_board(state, fs, raw, path, cards)


def _read_services(state: GameState, data: dict[str, Any]) -> None:
    """Services bought this turn (9.2.3, LoR 11.2.6): by seated factions, from a seller of services
    seated in this game, bot or human."""
    raw = _obj(data.get("services", {}), "services")
    seller = SHARED.services.name
    fs = state.factions.get(seller) if seller else None
    if raw and fs is None:
        raise StateError("services", f"services are bought only from the {faction_title(seller, 'bot') if seller else 'seller of services, and none plays'}")
    names = SHARED.services.service_names
    for buyer, bought in raw.items():
        bpath = _at("services", buyer)
        if buyer not in state.factions or buyer == seller:
            raise StateError(bpath, f"{_show(buyer)} is not a player who can buy services")
        state.services[buyer] = [_str(v, f"{bpath}.{i}", names) for i, v in enumerate(_list(bought, bpath))]


def _read_rule_set(f: str, raw: dict[str, Any], path: str) -> str:
    """A bot seat's rule set: absent means the Law of Robotics; else one its faction has."""
    rule_set = _str(raw.get("rule_set", LAW), f"{path}.rule_set")
    problem = rules_of(f).rule_set_problem(rule_set)
    if problem:
        raise StateError(f"{path}.rule_set", problem)
    return rule_set


def _check_traits(f: str, traits: list[str], path: str, rule_set: str = LAW) -> None:
    """Each trait is one of the bot's own trait cards (3.3) in its rule set, listed once."""
    known = rules_of(f).rule_set_traits(rule_set)
    for i, trait in enumerate(traits):
        if trait not in known and rule_set == LAW and rules_of(f).trait_refused(trait):
            raise StateError(f"{path}.{i}", str(rules_of(f).trait_refused(trait)))
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
        for label, pool, allowed in (("buildings", cl.buildings, SHARED.buildings), ("tokens", cl.tokens, SHARED.tokens)):
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
        _check_piece_limits(state, c, path)
        if cl.used_slots() > state.map.slots[c]:
            what = f"{len(cl.buildings)} building(s)" + (" and a ruin" if cl.ruin else "")
            if cl.slot_items:
                what += f" and {len(cl.slot_items)} item(s) covering slots"
            raise StateError(f"{path}.buildings", f"{what}, but clearing {c} has {state.map.slots[c]} slot(s)")
    _check_one_on_map(state)


def _check_piece_limits(state: GameState, c: int, path: str) -> None:
    """Tokens a clearing holds one of at most (sympathy, 6.2.1 I; trade posts, 9.5.1; plots,
    11.3.1) and buildings that stand only in clearings of their suit (bases, 6.4.3; gardens, 8.3.2)."""
    cl = state.clearings[c]
    for label, pool in (("tokens", cl.tokens), ("buildings", cl.buildings)):
        for piece in set(pool):
            if piece in SHARED.one_per_clearing and pool.count(piece) > 1:
                raise StateError(f"{path}.{label}", f"a clearing holds at most one {piece[1].replace('_', ' ')} {label[:-1]}")
    for i, piece in enumerate(cl.buildings):
        suit = SHARED.suited.get(piece)
        if suit is not None and suit != state.suits[c]:
            raise StateError(f"{path}.buildings.{i}", f"a {piece[1]} stands only in a {suit} clearing; {c} is {state.suits[c]}")


def _check_one_on_map(state: GameState) -> None:
    """Pieces of which there is only one (the keep, 4.2.1)."""
    for piece in SHARED.one_on_map:
        where = [c for c in CLEARINGS for _ in range(state.clearings[c].tokens.count(piece))]
        if len(where) > 1:
            raise StateError(f"clearings.{where[1]}.tokens", f"there is only one {piece[1]}")


def _read_cards(state: GameState, data: dict[str, Any], cards: Cards) -> None:
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
            placed = state.on_map(f, kind) + fs.off_map(kind)  # a Burrow and crowns (10.2.2)
            held = state.held_on_boards(f, kind)  # a Payments box (9.2.3)
            gone = fs.removed.get(kind, 0) + held
            if fs.board is not None:
                gone += fs.board.out_of_play(kind)  # an Acolytes box (8.2.2)
            coffin = state.coffin.get(f, 0) if kind == "warrior" else 0  # on Coffin Makers
            gone += coffin
            left = total - placed - gone
            if left < 0:
                where = "clearings" if placed > total else f"coffin_makers.{f}" if coffin else f"factions.{f}.removed.{kind}"
                if held:
                    where = next(p for p in (rules_of(o).held_path(state, f, kind) for o in state.turn_order) if p)
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
    total = box_total(state)
    in_play = items_in_play(state)
    for item in ITEM_TYPES:
        left = total[item] - in_play[item]
        if left < 0:
            raise StateError(_item_holder(state, item, given is not None), f"{in_play[item]} {item} item(s) in play, but the box has only {total[item]}")
        state.item_box[item] = left


def _item_holder(state: GameState, item: str, supply_given: bool) -> str:
    """The last place that holds an item kind, to name in an error."""
    where = "item_supply" if supply_given and state.item_supply.get(item, 0) else ""
    for f, fs in state.factions.items():
        if item in fs.items:
            where = f"factions.{f}.items"
        if fs.board is not None and item in fs.board.item_pieces():
            where = f"factions.{f}.{rules_of(f).board_items_path}"
    for c in CLEARINGS:
        for label, pool in (("ruin_items", state.clearings[c].ruin_items), ("slot_items", state.clearings[c].slot_items)):
            if item in pool:
                where = f"clearings.{c}.{label}"
    return where or "item_supply"
