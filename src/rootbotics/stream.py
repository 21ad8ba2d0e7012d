"""The public event stream (``rootbotics play --json``): each event of the log as one JSON line
with named, typed fields, a first line giving the format and its version, and a last line with
the result. Documented in docs/event-stream.md; its JSON Schema is ``json_schema()``, published
as docs/event-stream.schema.json.

The bots' events carry the values their English sentences need (``{"n": 2, "pl": "s"}``); this
module is the one place that turns them into data: each event kind maps each of its values to a
public field name and type (``FIELDS``), drops what only serves the sentence (plural endings,
clauses of explanation), and never reads the sentence, so rewording a sentence changes no field.
A value an event carries that the mapping does not name is an error in the tests, not a silent
field (``tests/test_event_stream.py`` also fails on an event kind with no mapping).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from .core.events import Event

FORMAT = "rootbotics.events"
VERSION = 1

# -- value types: (JSON Schema of the field, converter from the event's value) ---------------------
Type = tuple[dict[str, Any], Callable[[Any], Any]]
_FOREST = re.compile(r"forest (\d+)")


def _items(value: Any) -> list[str]:
    """A list written as ``a, b, c`` (or already a list); ``none`` and empty are no item."""
    if isinstance(value, (list, tuple)):
        return [str(v) for v in value]
    text = str(value).strip()
    return [] if text in ("", "none") else [part.strip() for part in text.split(", ")]


def _place(value: Any) -> dict[str, int]:
    """A clearing number or a forest name (``forest 2 (by 2, 6, 10)``) as an object."""
    if isinstance(value, int) or str(value).isdigit():
        return {"clearing": int(value)}
    found = _FOREST.match(str(value))
    if found is None:
        raise ValueError(f"not a clearing or a forest: {value!r}")
    return {"forest": int(found.group(1))}


def _suit_counts(value: Any) -> dict[str, int]:
    """``1 bird, 2 fox`` as ``{"bird": 1, "fox": 2}``."""
    return {suit: int(n) for n, suit in (part.split(" ") for part in _items(value))}


def _priority_suits(value: Any) -> list[str]:
    """``1 rabbit, 2 fox, ...`` (clearings in priority order) as ``["rabbit", "fox", ...]``."""
    return [part.split(" ")[1] for part in _items(value)]


def _seats(value: Any) -> list[dict[str, str]]:
    """``marquise (bot), eyrie (human)`` as ``[{"faction": "marquise", "seat": "bot"}, ...]``."""
    seats = []
    for part in _items(value):
        faction, _, seat = part.partition(" (")
        seats.append({"faction": faction, "seat": seat.rstrip(")")})
    return seats


_INT_S = {"type": "integer"}
_STR_S = {"type": "string"}
_LIST_S = {"type": "array", "items": {"type": "string"}}
INT: Type = (_INT_S, int)
STR: Type = (_STR_S, str)
BOOL: Type = ({"type": "boolean"}, bool)
STRS: Type = (_LIST_S, _items)
INTS: Type = ({"type": "array", "items": _INT_S}, lambda v: [int(x) for x in _items(v)])
PLACE: Type = (
    {"type": "object", "properties": {"clearing": _INT_S, "forest": _INT_S}, "additionalProperties": False, "minProperties": 1, "maxProperties": 1},
    _place,
)
SUIT_COUNTS: Type = ({"type": "object", "additionalProperties": _INT_S}, _suit_counts)
PRIORITY_SUITS: Type = (_LIST_S, _priority_suits)
SEATS: Type = (
    {
        "type": "array",
        "items": {"type": "object", "properties": {"faction": _STR_S, "seat": {"enum": ["bot", "human"]}}, "required": ["faction", "seat"], "additionalProperties": False},
    },
    _seats,
)
FULFILLED: Type = ({"type": "boolean"}, lambda v: str(v) == "fulfilled")
TIMES: Type = (_INT_S, lambda v: {"once": 1, "twice": 2}[str(v)])
NONEMPTY: Type = ({"type": "boolean"}, lambda v: bool(v))
FACE_UP: Type = ({"type": "boolean"}, lambda v: str(v) == "face-up")
DROP = None  # a value that only serves the sentence (a plural ending, a clause of explanation)

Field = tuple[str, Type] | None

# Values named the same way by every kind, unless the kind says otherwise.
COMMON: dict[str, Field] = {
    "c": ("clearing", INT),
    "n": ("count", INT),
    "pl": DROP, "apl": DROP, "dpl": DROP, "reason": DROP, "note": DROP, "how": DROP, "what": DROP,
    "occasion": DROP, "none": DROP, "again": DROP, "source": DROP, "bonus": DROP,
    "card": ("card", STR), "item": ("item", STR), "kind": ("kind", STR), "suit": ("suit", STR),
    "defender": ("defender", STR), "attacker": ("attacker", STR), "by": ("by", STR),
    "quest": ("quest", STR), "target": ("target", STR), "human": ("human", STR),
    "items": ("items", STRS), "m": ("minister", STR), "minister": ("minister", STR), "col": ("column", STR),
}

_FROM_TO = {"a": ("from", INT), "b": ("to", INT)}

# Every event kind the engine emits, with what differs from COMMON (an empty dict: nothing).
FIELDS: dict[str, dict[str, Field]] = {
    "acolyte": {"n": ("acolytes", INT), "name": ("conspiracy", STR), "spent": ("spent", INT), "lost": ("lost", INT)},
    "adventurer": {},
    "aid": {"other": ("other", STR), "who": ("other", STR), "vp": ("other_vp", INT)},
    "ambush": {"rule": DROP},
    "ambush_ends_battle": {},
    "ambush_in_front": {"rule": DROP},
    "arbiter_declined": {},
    "arbiter_hits": {},
    "battle": {},
    "board_warriors": {"owner": ("owner", STR), "a": ("from", STR), "b": ("to", STR)},
    "battle_step": {},
    "buy_service": {"service": ("service", STR), "n": ("warriors", INT), "vp": ("price", INT)},
    "cannot_spread": {},
    "conspiracy": {"name": ("conspiracy", STR), "i": ("space", INT)},
    "convert": {"f": ("owner", STR)},
    "cost_of_errors": {"where": ("clearings", INTS)},
    "cover_slot": {"state": ("state", STRS)},
    "crackdown": {"where": ("clearings", INTS)},
    "craft": {"card_id": ("card_id", STR)},
    "craft_skipped": {},
    "damage": {"was": ("was", STR), "u": ("undamaged", INT)},
    "damage_ignored": {"k": ("count", INT)},
    "daylight_ends": {"action": ("action", STR)},
    "decree": {},
    "discard": {"card_id": ("card_id", STR)},
    "discard_market": {},
    "discard_order": {},
    "no_order": {},
    "dominance_available": {},
    "draw": {"crafter": ("crafter", STR)},
    "enlist": {},
    "escalate": {},
    "exhaust": {"left": ("ready_left", INT)},
    "export": {"card_id": ("card_name", STR)},
    "expand": {},
    "bird_order": {},
    "recruit_short": {},
    "expand_stopped": {},
    "explore": {},
    "extortion": {"victim": ("victim", STR)},
    "exert": {},
    "expose": {"guess": ("guess", STR), "right": ("right", BOOL), "verdict": DROP},
    "extra_hit": {"other": ("other", STR)},
    "favor": {"rule": DROP},
    "ferocious": {},
    "ferry": dict(_FROM_TO),
    "field_hospitals": {"keep": ("clearing", INT)},
    "flip": {},
    "fortified": {},
    "gain_item": {"n": ("satchel", INT), "place": ("place", STR)},
    "gamble": {"guess": ("guess", STR)},
    "game": {"map": ("map", STR), "seed": ("seed", INT), "seats": ("seats", SEATS)},
    "game_over": {"winners": ("winners", STRS)},
    "garrison": {"s": DROP},
    "gift": {"giver": ("giver", STR)},
    "hand_card": {"old": ("replaces", STR), "rule": DROP, "card_id": ("card_name", STR)},
    "hits": {"ah": ("attacker_hits", INT), "dh": ("defender_hits", INT)},
    "human_turn": {},
    "instigate": {"a": ("attacker", STR), "d": ("defender", STR)},
    "invaders": {},
    "investors": {},
    "lose_vp": {"vp": ("total", INT)},
    "lost_soul": {"cards": ("cards", STRS), "rule": DROP},
    "marksman": {},
    "move": {**_FROM_TO, "c": ("to", INT)},
    "move_pawn": {"a": ("from", PLACE), "b": ("to", INT)},
    "new_quest": {},
    "no_battle": {},
    "no_build": {},
    "no_convert": {},
    "no_crown": {},
    "no_crusade": {},
    "no_dig": {"n": ("burrow", INT), "need": ("need", INT)},
    "no_garden": {},
    "no_plot": {},
    "no_quest": {},
    "no_revolt": {},
    "no_sanctify": {},
    "no_score": {"owner": ("owner", STR), "buyer": ("buyer", STR)},
    "no_swap": {},
    "no_sway": {},
    "nobility": {},
    "open_path": dict(_FROM_TO),
    "order": {"card_id": ("card_id", STR), "shown": ("shown", SUIT_COUNTS), "tie": ("tie", NONEMPTY)},
    "organize": {},
    "outcast": {"limit": ("maximum", INT), "cards": ("cards", STRS)},  # the Clockwork Cult's Outcast Pile (BBP CC.2)
    "outrage": {"culprit": ("culprit", STR)},
    "payments": {},
    "place_building": {},
    "place_plot": {},
    "place_token": {},
    "place_warriors": {},
    "plot_removed": {"state": ("face_up", FACE_UP)},
    "price": {"service": ("service", STR), "price": ("price", INT)},
    "protectionism": {"shield": ("shield", FULFILLED), "sword": ("sword", FULFILLED)},
    "public_pity": {"times": ("times", TIMES)},
    "purge": {"card_id": ("card_id", STR)},
    "quest": {},
    "racketeering": {},
    "recruit": {"base": ("base", INT), "moles": ("moles", INT)},
    "refresh": {"want": ("wanted", INT)},
    "remove_piece": {},
    "remove_ruin": {},
    "remove_warriors": {},
    "repair": {"d": ("damaged_left", INT), "place": DROP},
    "reshuffle": {},
    "rest": {},
    "return_payments": {"who": ("owner", STR)},
    "reveal": {"card_id": ("card_id", STR)},
    "revolt": {},
    "ritual": {"n": ("acolytes", INT)},
    "roll": {"r1": ("die1", INT), "r2": ("die2", INT), "hi": ("attacker_roll", INT), "lo": ("defender_roll", INT)},
    "salvage": {},
    "sanctify": {"f": ("owner", STR)},
    "scorched_earth": {},
    "score": {"vp": ("total", INT)},
    "sequence": {"actions": ("actions", STRS)},
    "setup": {
        "first": ("first", STR), "seat": ("seat", STR), "title": ("title", STR), "character": ("character", STR),
        "d": ("difficulty", STR), "t": ("traits", STRS), "forest": ("forest", PLACE), "w": ("warriors", INT),
        "p": ("plots", INT), "saw": ("sawmills", INT), "work": ("workshops", INT), "rec": ("recruiters", INT),
    },
    "skip": {"a": ("attacker", STR), "d": ("damaged", INT), "action": ("action", STR), "cost": ("cost", INT), "where": DROP, "step": ("step", STR)},
    "slip": {"a": ("from", PLACE), "b": DROP, "forest": ("forest", INT), "u": ("undamaged", INT)},
    "place_pawn": {"b": ("to", PLACE)},
    "snare": {"keep": ("clearing", INT)},
    "stall": {},
    "steal": {"victim": ("victim", STR), "other": ("other", STR)},
    "stock_market": {"names": ("cards", STRS)},
    "market_short": {"n": ("cards_in_market", INT)},
    "stop": {"c": ("at", PLACE), "target": ("toward", INT), "cost": ("cost", INT), "n": ("ready", INT), "who": ("other", STR)},
    "suits": {"how": ("how", STR), "suits": ("suits", PRIORITY_SUITS)},
    "supply_empty": {},
    "swap": {},
    "trick": {"face": ("face", STR), **_FROM_TO},
    "trade_disruption": {"total": ("funds", INT)},
    "trade_post_gone": {},
    "sway": {"rank": ("rank", STR)},
    "take_tunnel": {},
    "to_burrow": {},
    "track_off": {"space": ("space", INT), "u": ("undamaged", INT), "m": ("max_rolled_hits", INT), "track": DROP, "counted": DROP},
    "track_on": {"space": ("space", INT), "u": ("undamaged", INT), "was": ("was", STR), "track": DROP, "counted": DROP},
    "turmoil": {},
    "vendetta": {},
    # the seats played by legal moves (issue 26)
    "base_lost": {},
    "battle_card": {"card_id": ("card_id", STR)},
    "codebreakers": {"other": ("other", STR), "cards": ("cards", STR)},
    "day_labor": {},
    "decree_add": {"card_id": ("card_id", STR), "column": ("column", STR)},
    "decree_empty_hand": {},
    "decree_fails": {"column": ("column", STR)},
    "depose": {"leader": ("leader", STR)},
    "discard_supporter": {"card_id": ("card_id", STR)},
    "dominance": {},
    "foil": {},
    "hideout": {},
    "leader": {"leader": ("leader", STR)},
    "martial_law": {},
    "mobilize": {},
    "new_clutch": {},
    "no_new_roost": {},
    "no_room": {},
    "officer": {},
    "relationship": {"other": ("other", STR), "space": ("space", INT), "i": ("item_hits", INT), "w": ("warrior_hits", INT)},
    "ally_battle": {"other": ("ally", STR)},
    "ally_move": {**_FROM_TO, "other": ("ally", STR)},
    "coalition": {"other": ("partner", STR)},
    "remove_item": {},
    "royal_claim": {},
    "spend": {"card_id": ("card_id", STR)},
    "spend_supporter": {"card_id": ("card_id", STR)},
    "stand_and_deliver": {"victim": ("victim", STR)},
    "supporters": {},
    "take_dominance": {},
    "viziers": {"a": ("column", STR), "b": ("other_column", STR)},
    "glide": dict(_FROM_TO),
    # the Underground Duchy (LoR 12)
    "minister": {},
    "price_of_failure": {"where": ("clearings", INTS)},
    "return_revealed": {},
    "officers_lost": {"n": ("officers", INT), "left": ("left", INT)},
    # the Exiles and Partisans deck (LoR 19.2)
    "coffin_makers": {},
    "coffin_return": {},
    "discard_play_card": {"card_id": ("card_id", STR)},
    "false_orders": {"enemy": ("enemy", STR), **_FROM_TO},
    "give": {"other": ("other", STR)},
    "informants": {"card_id": ("card_id", STR)},
    "league": {},
    "saboteurs": {"enemy": ("enemy", STR), "card_id": ("card_id", STR)},
    "swap_meet": {"other": ("other", STR)},
    # the Lizard Cult (LoR 10)
    "outcast_marker": {"side": ("side", STR)},
    "return_revealed": {"cards": ("cards", STRS)},
    # the Robot Raccoon (BBP RR) and the stand-ins of values lost from the text (issue 29)
    "stand_in": {"what": ("stand_in", STR), "paths": ("paths", STR), "title": DROP},
    "trade": {"who": ("other", STR), "n": ("satchel", INT)},
    # the Lord of the Hundreds (LoR 14)
    "hoard": {"track": ("track", STR), "gone": ("removed", STR)},
    "mood": {"mood": ("mood", STR)},
    "warlord": {},
    "raze": {},
    "mob_roll": {},
    "loot": {},
    "ignore_hit": {},
}
FIELDS.update({  # the Keepers in Iron (LoR 15): a relic's value only once it shows (LoR 15.2.1)
    "relic_forest": {"relic": ("relic", STR), "value": ("value", INT), "shown": DROP, "forest": ("forest", INT)},
    "relic_move": {"relic": ("relic", STR), "value": ("value", INT), "shown": DROP, **_FROM_TO},
    "delve": {"relic": ("relic", STR), "value": ("value", INT), "shown": DROP, "forest": ("forest", INT)},
    "recover": {"relic": ("relic", STR), "value": ("value", INT), "shown": DROP},
    "retinue": {"card_id": ("card_id", STR), "column": ("column", STR)},
    "retinue_discard": {"card_id": ("card_id", STR)},
    "waystation_face": {"face": ("face", STR)},
    "ignore_hit": {},  # Devout Knights (LoR 15.2.4); the Stubborn mood (LoR 14.7.7)
})

# Where one kind's value means something else at one rule: (kind, rule) -> overrides.
BY_RULE: dict[tuple[str, str], dict[str, Field]] = {
    ("setup", "10.3.1"): {"c": ("crowns", INT), "t": ("tunnels", INT)},
    ("setup", "10.3.4"): {"c": ("citadels", INT), "m": ("markets", INT)},
    ("setup", "BBP 2.1"): {"kind": ("building", STR)},
    ("setup", "3.2"): {"rules": ("rule_set", STR)},
    ("setup", "BBP RR.4"): {"paths": ("paths", STR), "option": DROP},
    ("track_on", "BBP RR.2"): {"u": ("items", INT)},  # the Robot Raccoon's Combat Track counts every item
    ("track_off", "BBP RR.2"): {"u": ("items", INT)},
    ("setup", "LoR 9.3.2"): {"place": ("place", STR)},
    ("setup", "LoR 9.3.3"): {"quests": ("quests", STR)},
    ("setup", "LoR 9.7.2"): {"quests": ("quests", STR)},
}

# What a VP scored counts as, by the rule that scored it (the sentence plays no part).
VP_REMOVAL_RULES = frozenset({"LoR 3.2.1", "7.5.4", "BBP RR.8"})
VP_CRAFTING_RULES = frozenset({"1.1.2", "BBP MM.13", "BBP EE.2", "BBP AA.2", "BBP CC.6", "BBP RR.3", "LoR 3.2.2"})  # the BBP bots' 1-VP crafts
VP_TRACK_RULES = frozenset({
    "4.6.1", "5.6", "6.5.1", "8.6.1", "9.6.1", "10.6.2", "11.6.1", "BBP MM.9", "BBP EE.7", "BBP AA.6", "BBP CC.5",
    "LoR 6.5.4.3", "LoR 7.6.1", "LoR 8.4.2.3", "LoR 8.6.1.4",  # the human factions' tracks (issue 26)
})
VP_SOURCES = ("tracks", "removal", "crafting", "special")


def vp_source(rule: str) -> str:
    """``tracks`` (a faction's scoring in Evening), ``removal`` (buildings, tokens, a Vagabot's
    warriors), ``crafting``, or ``special`` (everything else: quests, aid, the Pass, plots...)."""
    if rule in VP_REMOVAL_RULES:
        return "removal"
    if rule in VP_CRAFTING_RULES:
        return "crafting"
    return "tracks" if rule in VP_TRACK_RULES else "special"


def _plain(value: Any) -> Any:
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return value if value is None or isinstance(value, (bool, int, float, str)) else str(value)


def field_for(kind: str, rule: str, key: str) -> Field:
    """The public name and type of value ``key`` of an event (KeyError: not mapped)."""
    for table in (BY_RULE.get((kind, rule), {}), FIELDS[kind]):
        if key in table:
            return table[key]
    return COMMON[key]


def public_data(e: Event) -> dict[str, Any]:
    """The event's values under their public names and types. A kind or value the engine does
    not emit (one of your own bot's, docs/design.md) is passed on as it is."""
    if e.kind not in FIELDS:
        return {str(k): _plain(v) for k, v in e.data.items()}
    data: dict[str, Any] = {}
    for key, value in e.data.items():
        try:
            spec = field_for(e.kind, e.rule, key)
        except KeyError:
            data[key] = _plain(value)
            continue
        if spec is not None:
            name, (_, convert) = spec
            data[name] = convert(value)
    if e.kind == "score":  # a score event that scores nothing carries no total
        if "vp" not in e.data:
            data = {"count": 0, **({"kind": data["kind"]} if "kind" in data else {})}
        data["source"] = vp_source(e.rule)
    return data


def event_line(e: Event) -> dict[str, Any]:
    """One event of the stream."""
    return {
        "seq": e.seq, "round": e.round, "faction": e.faction, "phase": e.phase, "rule": e.rule,
        "kind": e.kind, "data": public_data(e), "text": e.text,
    }


def format_line() -> dict[str, Any]:
    """The stream's first line: what it is and which version of the format."""
    return {"kind": "format", "format": FORMAT, "version": VERSION}


def result_line(state: Any, final: bool) -> dict[str, Any]:
    """The stream's last line: scores in turn order, winners, why the game ended (``final``:
    the game is over; otherwise it stopped part-way)."""
    winners = list(state.winner or [])
    return {
        "kind": "result",
        "over": final,
        "round": state.round,
        "winners": winners,
        "end_reason": state.end_reason,
        "scores": [{"faction": f, "vp": state.factions[f].vp, "won": f in winners} for f in state.turn_order],
    }


def kind_fields(kind: str) -> dict[str, dict[str, Any]]:
    """Every public field an event kind may have, with its JSON Schema (a kind may have any
    field of COMMON: the schema checks names and types, not which values a sentence needs)."""
    specs: list[Field] = [FIELDS[kind].get(key, COMMON.get(key)) for key in {*COMMON, *FIELDS[kind]}]
    specs += [spec for (k, _), table in BY_RULE.items() if k == kind for spec in table.values()]
    props = {spec[0]: spec[1][0] for spec in specs if spec is not None}
    if kind == "score":
        props["source"] = {"enum": list(VP_SOURCES)}
    return props


def _event_schema() -> dict[str, Any]:
    from .core.state import PHASES

    kinds = sorted(FIELDS)
    return {
        "type": "object",
        "required": ["seq", "round", "faction", "phase", "rule", "kind", "data", "text"],
        "additionalProperties": False,
        "properties": {
            "seq": _INT_S, "round": _INT_S, "faction": {"type": ["string", "null"]},
            "phase": {"enum": list(PHASES)}, "rule": _STR_S, "kind": _STR_S,
            "data": {"type": "object"}, "text": _STR_S,
        },
        "allOf": [
            {"if": {"properties": {"kind": {"const": k}}}, "then": {"properties": {"data": {"$ref": f"#/$defs/data.{k}"}}}}
            for k in kinds
        ],
    }


def _result_schema() -> dict[str, Any]:
    score = {
        "type": "object", "required": ["faction", "vp", "won"], "additionalProperties": False,
        "properties": {"faction": _STR_S, "vp": _INT_S, "won": {"type": "boolean"}},
    }
    return {
        "type": "object", "required": ["kind", "over", "round", "winners", "end_reason", "scores"], "additionalProperties": False,
        "properties": {
            "kind": {"const": "result"}, "over": {"type": "boolean"}, "round": _INT_S, "winners": _LIST_S,
            "end_reason": {"type": ["string", "null"]}, "scores": {"type": "array", "items": score},
        },
    }


def json_schema() -> dict[str, Any]:
    """The JSON Schema of one line of the stream (docs/event-stream.schema.json)."""
    defs: dict[str, Any] = {
        "format": {
            "type": "object", "required": ["kind", "format", "version"], "additionalProperties": False,
            "properties": {"kind": {"const": "format"}, "format": {"const": FORMAT}, "version": {"const": VERSION}},
        },
        "result": _result_schema(),
        "event": _event_schema(),
    }
    for kind in sorted(FIELDS):
        defs[f"data.{kind}"] = {"type": "object", "additionalProperties": False, "properties": dict(sorted(kind_fields(kind).items()))}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"rootbotics event stream, format {FORMAT} version {VERSION}: one line",
        "description": "One line of `rootbotics play --json`: the format line first, then one event per line, then the result. See docs/event-stream.md.",
        "oneOf": [{"$ref": "#/$defs/format"}, {"$ref": "#/$defs/event"}, {"$ref": "#/$defs/result"}],
        "$defs": defs,
    }


if __name__ == "__main__":  # python -m rootbotics.stream > docs/event-stream.schema.json
    import json
    import sys

    sys.stdout.write(json.dumps(json_schema(), indent=2) + "\n")
