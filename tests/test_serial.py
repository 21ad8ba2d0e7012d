"""Saved positions (docs/state-format.md): round trips, continuation, clone independence,
the loader's error messages, fuzzing of the loader, and the atomic save."""

from __future__ import annotations

import copy
import json
import os
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rootbotics.core.context import Game
from rootbotics.core.serial import StateError, dumps, from_json, load, loads, save, to_json
from rootbotics.factions.eyrie.board import VIZIER
from rootbotics.game import bot_config, new_game, play

TOP_FIELDS = {
    "format", "version", "map", "suits", "seed", "rng", "round", "turn_order", "turn", "phase",
    "factions", "clearings", "start_corners", "deck", "discard", "removed_cards", "winner",
    "end_reason", "options", "item_supply",
}


def game_after(seed: int, turns: int, factions: tuple[str, ...] = ("marquise", "eyrie")) -> Game:
    g = new_game(bot_config(list(factions), seed=seed))
    play(g, turns=turns)
    return g


_BASE = to_json(game_after(3, 4).state)


def good() -> dict[str, Any]:
    """A valid position: Marquise and Eyrie bots after four turns (a fresh copy)."""
    return copy.deepcopy(_BASE)


def with_alliance() -> dict[str, Any]:
    """``good()`` plus a human Woodland Alliance with a hand, supporters, a base and sympathy."""
    d = good()
    d["turn_order"].append("alliance")
    d["factions"]["alliance"] = {
        "seat": "human",
        "vp": 2,
        "hand": d["deck"][:3],
        "items": [],
        "supporters": d["deck"][3:5],
    }
    del d["deck"][:5]
    d["clearings"]["8"]["tokens"].append(["alliance", "sympathy"])
    d["clearings"]["7"]["tokens"].append(["alliance", "sympathy"])
    d["clearings"]["7"]["buildings"].append(["alliance", "base_mouse"])
    d["clearings"]["7"]["warriors"]["alliance"] = 2
    return d


def error(data: Any) -> StateError:
    with pytest.raises(StateError) as info:
        from_json(data)
    return info.value


def text_error(text: str) -> StateError:
    with pytest.raises(StateError) as info:
        loads(text)
    return info.value


def test_bases_load() -> None:
    assert to_json(from_json(good())) == _BASE
    rich = with_alliance()
    state = from_json(rich)
    assert to_json(state) == rich
    assert state.factions["alliance"].supply == {"warrior": 8, "base_fox": 1, "base_rabbit": 1, "base_mouse": 0, "sympathy": 8}


# -- round trips and continuation ---------------------------------------------------------------
@pytest.mark.parametrize("seed", [0, 1, 2, 7, 11])
def test_round_trip_after_some_turns(seed: int) -> None:
    for turns in (0, 1, 3, 6):
        g = game_after(seed, turns)
        text = dumps(g.state)
        assert json.loads(text) == to_json(g.state)
        assert to_json(loads(text)) == to_json(g.state)


@pytest.mark.parametrize("seed,turns", [(0, 1), (1, 3), (2, 5), (5, 2), (9, 4), (13, 7)])
def test_reloaded_position_plays_on_identically(seed: int, turns: int) -> None:
    g = game_after(seed, turns, ("eyrie", "marquise") if seed % 2 else ("marquise", "eyrie"))
    reloaded = Game(loads(dumps(g.state)))
    assert reloaded.state.phase == "birdsong"
    play(g)
    play(reloaded)
    assert g.state.winner is not None
    assert reloaded.state.winner == g.state.winner
    assert to_json(reloaded.state) == to_json(g.state)


def test_saving_a_finished_game_round_trips() -> None:
    g = game_after(4, 1000)
    assert g.state.winner
    assert to_json(loads(dumps(g.state))) == to_json(g.state)


def test_dumps_is_compact_and_readable() -> None:
    d = with_alliance()
    text = dumps(from_json(d))
    assert json.loads(text) == d
    lines = text.splitlines()
    assert '    "turn_order": ["marquise", "eyrie", "alliance"],' not in lines  # indent is 2
    assert '  "turn_order": ["marquise", "eyrie", "alliance"],' in lines
    assert '      "buildings": [["marquise", "workshop"], ["marquise", "recruiter"]],' in lines
    assert '      "tokens": [["marquise", "keep"]],' in lines
    assert '        "bird": ["loyal_vizier", "loyal_vizier", "armorers#2"]' in lines
    # the deck wraps, several cards to a line
    start = lines.index('  "deck": [')
    end = lines.index("  ],", start)
    assert end - start - 1 < len(d["deck"]) / 3
    assert all(len(line) <= 100 for line in lines)
    # objects keep their indentation
    assert '  "factions": {' in lines and '    "marquise": {' in lines


def test_a_position_without_deck_gets_the_other_cards_shuffled_by_its_rng() -> None:
    d = good()
    deck = d.pop("deck")
    a, b = from_json(copy.deepcopy(d)), from_json(copy.deepcopy(d))
    assert sorted(a.deck) == sorted(a.deckdef.by_name[n] for n in deck)
    assert a.deck == b.deck  # the shuffle comes from the position's rng
    d["rng"] += 1
    assert from_json(d).deck != a.deck


# -- clone -----------------------------------------------------------------------------------------
def test_clone_is_independent() -> None:
    g = game_after(6, 5)
    before = to_json(g.state)
    c = g.state.clone()
    c.clearings[5].warriors["marquise"] = 9
    c.clearings[6].buildings.append(("eyrie", "roost"))
    c.factions["eyrie"].board.decree["fox"].append(c.deck.pop())
    c.factions["eyrie"].board.decree["bird"].remove(VIZIER)
    c.deck.reverse()
    c.discard.append(3)
    c.factions["marquise"].vp += 7
    c.factions["marquise"].supply["warrior"] -= 1
    c.factions["eyrie"].items.append("tea")
    c.start_corners["eyrie"] = 3
    c.options["max_rounds"] = 2
    c.rng.next64()
    assert to_json(g.state) == before
    assert to_json(c) != before


def test_clone_plays_on_to_the_same_result() -> None:
    g = game_after(8, 3)
    twin = Game(g.state.clone())
    play(g)
    play(twin)
    assert twin.state.winner == g.state.winner
    assert to_json(twin.state) == to_json(g.state)


# -- specific bad inputs ---------------------------------------------------------------------------
def test_negative_warriors() -> None:
    d = good()
    d["clearings"]["5"]["warriors"]["marquise"] = -1
    assert str(error(d)) == "clearings.5.warriors.marquise: -1 is not a count"


def test_string_count() -> None:
    d = good()
    d["clearings"]["4"]["warriors"]["eyrie"] = "3"
    e = error(d)
    assert str(e) == 'clearings.4.warriors.eyrie: "3" is not a count'
    assert (e.path, e.problem) == ("clearings.4.warriors.eyrie", '"3" is not a count')


def test_unknown_faction_in_turn_order() -> None:
    d = good()
    d["turn_order"][1] = "owls"
    assert str(error(d)).startswith('turn_order.1: "owls" is not one of marquise, eyrie, alliance')


def test_faction_entry_not_in_turn_order() -> None:
    d = good()
    d["turn_order"] = ["marquise", "alliance"]
    d["factions"]["alliance"] = {"seat": "human"}
    assert str(error(d)) == "factions.eyrie: is not in turn_order"


def test_turn_order_faction_without_entry() -> None:
    d = good()
    del d["factions"]["eyrie"]
    assert str(error(d)).startswith("factions.eyrie: is missing")


def test_faction_listed_twice() -> None:
    d = good()
    d["turn_order"].append("marquise")
    assert str(error(d)) == "turn_order.2: marquise is listed twice"


def test_unknown_card_name() -> None:
    d = good()
    d["deck"][0] = "tax_colector"
    assert str(error(d)) == 'deck.0: "tax_colector" is not a card of the deck (did you mean "tax_collector"?)'


def test_card_in_two_places() -> None:
    d = good()
    d["discard"].append(d["deck"][-1])
    card = d["deck"][-1]
    last = len(d["deck"]) - 1
    assert str(error(d)) == f'deck.{last}: card "{card}" is already at discard.2'


def test_missing_cards_when_deck_is_given() -> None:
    d = good()
    gone = d["deck"].pop(0)
    msg = str(error(d))
    assert msg.startswith("deck: 1 of the 54 cards are nowhere")
    assert f'"{gone}"' in msg


def test_too_many_warriors_on_the_map() -> None:
    d = good()
    d["clearings"]["1"]["warriors"]["eyrie"] = 20  # the Eyrie has 20 in the box, 8 already out
    assert str(error(d)) == "clearings: 28 eyrie warrior piece(s) on the map and 0 out of the game, but the box has only 20"


def test_too_many_buildings_for_the_slots() -> None:
    d = good()
    d["clearings"]["1"]["buildings"] = [["marquise", "sawmill"], ["marquise", "sawmill"]]
    assert str(error(d)) == "clearings.1.buildings: 2 building(s), but clearing 1 has 1 slot(s)"
    d = good()
    d["clearings"]["6"]["buildings"].append(["marquise", "workshop"])  # 6 has a ruin and 2 slots
    assert str(error(d)) == "clearings.6.buildings: 2 building(s) and a ruin, but clearing 6 has 2 slot(s)"


def test_unknown_building_kind() -> None:
    d = good()
    d["clearings"]["3"]["buildings"] = [["marquise", "castle"]]
    assert str(error(d)) == 'clearings.3.buildings.0.1: "castle" is not a building of the marquise'


def test_building_of_another_factions_kind() -> None:
    d = good()
    d["clearings"]["3"]["buildings"] = [["eyrie", "sawmill"]]
    assert str(error(d)) == 'clearings.3.buildings.0.1: "sawmill" is not a building of the eyrie'


def test_token_in_the_buildings_list() -> None:
    d = good()
    d["clearings"]["3"]["buildings"] = [["marquise", "keep"]]
    assert str(error(d)) == 'clearings.3.buildings.0.1: "keep" is not a building of the marquise'


def test_piece_not_a_pair() -> None:
    d = good()
    d["clearings"]["3"]["tokens"] = [["marquise"]]
    assert str(error(d)) == "clearings.3.tokens.0: expected [faction, kind], got a list of 1"


def test_bad_suit_on_fall() -> None:
    d = good()
    d["suits"]["1"] = "mouse"
    assert str(error(d)) == "suits.1: the fall map prints fox here, not mouse"
    d["suits"]["1"] = "bird"
    assert str(error(d)) == 'suits.1: "bird" is not one of fox, rabbit, mouse'


def test_suits_may_be_left_out_on_fall() -> None:
    d = good()
    del d["suits"]
    assert to_json(from_json(d)) == _BASE


def test_ruin_in_a_clearing_without_one() -> None:
    d = good()
    d["clearings"]["1"]["ruin"] = True
    assert str(error(d)) == "clearings.1.ruin: the fall map has no ruin in clearing 1"


def test_wrong_format_and_version() -> None:
    d = good()
    d["format"] = "root-save"
    assert str(error(d)) == 'format: "root-save" is not "rootbotics-position"'
    d = good()
    d["version"] = 2
    assert str(error(d)) == "version: this engine reads version 1, not 2"
    d = good()
    del d["format"]
    assert str(error(d)) == "format: is missing"


def test_missing_and_unknown_map() -> None:
    d = good()
    del d["map"]
    assert str(error(d)) == "map: is missing"
    d["map"] = "marsh"
    assert str(error(d)) == 'map: "marsh" is not one of fall, winter, lake, mountain'


def test_bot_with_a_hand() -> None:
    d = good()
    d["factions"]["marquise"]["hand"] = [d["deck"].pop()]
    assert str(error(d)) == "factions.marquise.hand: a bot has no cards of its own but its order card (2.8.1, 1.1.3)"


def test_decree_card_in_the_wrong_column() -> None:
    d = good()
    d["factions"]["eyrie"]["decree"]["bird"].append("anvil")
    d["deck"].remove("anvil")
    assert str(error(d)) == "factions.eyrie.decree.bird.3: anvil is a fox card: it belongs in the fox column"


def test_vizier_outside_the_bird_column() -> None:
    d = good()
    d["factions"]["eyrie"]["decree"]["bird"].remove("loyal_vizier")
    d["factions"]["eyrie"]["decree"]["fox"].append("loyal_vizier")
    assert str(error(d)) == "factions.eyrie.decree.fox.0: loyal_vizier is a bird card: it belongs in the bird column"


def test_three_loyal_viziers() -> None:
    d = good()
    d["factions"]["eyrie"]["decree"]["bird"].append("loyal_vizier")
    assert str(error(d)) == "factions.eyrie.decree.bird: there are only two Loyal Viziers"


def test_vizier_outside_the_decree() -> None:
    d = good()
    d["discard"].append("loyal_vizier")
    assert str(error(d)) == "discard.2: \"loyal_vizier\" can only be in the bird column of the Eyrie's Decree"


def test_sympathy_twice_in_a_clearing() -> None:
    d = good()
    d["turn_order"].append("alliance")
    d["factions"]["alliance"] = {"seat": "human"}
    d["clearings"]["8"]["tokens"] = [["alliance", "sympathy"], ["alliance", "sympathy"]]
    assert str(error(d)) == "clearings.8.tokens: a clearing holds at most one sympathy token"
    d = with_alliance()
    d["clearings"]["8"]["tokens"].append(["alliance", "sympathy"])
    assert str(error(d)) == "clearings.8.tokens: a clearing holds at most one sympathy token"


def test_a_faction_with_no_human_seat_cannot_be_seated_as_human(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every faction of the box has a human seat now; a plugged-in faction may not (Faction.human_seat)."""
    from rootbotics.factions import REGISTRY

    waiting = next(f for f in REGISTRY if f not in good()["factions"])
    monkeypatch.setattr(type(REGISTRY[waiting]), "human_seat", False)
    d = good()
    d["turn_order"].append(waiting)
    d["factions"][waiting] = {"seat": "human"}
    assert str(error(d)) == f"factions.{waiting}.seat: the {waiting} faction cannot be a human seat in this version"


def test_the_alliance_bot_has_no_supporters() -> None:
    d = good()
    d["turn_order"].append("alliance")
    d["factions"]["alliance"] = {"seat": "bot", "supporters": []}
    assert str(error(d)) == "factions.alliance.supporters: the Automated Alliance has no Supporters (it holds no cards, 2.8.1)"


def test_a_base_stands_only_in_a_clearing_of_its_suit() -> None:
    d = good()
    d["turn_order"].append("alliance")
    d["factions"]["alliance"] = {"seat": "bot"}
    d["clearings"]["6"] = {"buildings": [["alliance", "base_rabbit"]]}
    assert str(error(d)) == "clearings.6.buildings.0: a base_rabbit stands only in a rabbit clearing; 6 is fox"


def test_two_keeps() -> None:
    d = good()
    d["clearings"]["1"]["tokens"].append(["marquise", "keep"])
    assert str(error(d)) == "clearings.2.tokens: there is only one keep"
    d = good()
    d["clearings"]["2"]["tokens"].append(["marquise", "keep"])
    assert str(error(d)) == "clearings.2.tokens: there is only one keep"


def test_crafted_items_beyond_the_supply() -> None:
    d = good()
    d["factions"]["eyrie"]["items"] = ["coins", "coins"]  # the Marquise has one of the two
    assert str(error(d)) == "factions.eyrie.items: 3 coins item(s) crafted, but there are only 2"


def test_turn_out_of_range() -> None:
    d = good()
    d["turn"] = 2
    assert str(error(d)) == "turn: 2 is above 1"
    d["turn"] = -1
    assert str(error(d)) == "turn: -1 is below 0"


def test_misspelt_field() -> None:
    d = good()
    d["clearings"]["5"]["warrior"] = d["clearings"]["5"].pop("warriors")
    assert str(error(d)).startswith("clearings.5.warrior: is not a field of a clearing")
    d = good()
    d["factions"]["marquise"]["hand "] = []
    assert str(error(d)).startswith('factions.marquise."hand ": is not a field of a bot seat')


def test_human_seat_has_no_order_card() -> None:
    d = with_alliance()
    d["factions"]["alliance"]["order"] = None
    assert str(error(d)).startswith("factions.alliance.order: is not a field of a human seat")


def test_start_corner_must_be_a_corner() -> None:
    d = good()
    d["start_corners"]["eyrie"] = 5
    assert str(error(d)) == "start_corners.eyrie: 5 is not a corner of the fall map (corners: 1, 2, 3, 4)"


def test_not_json_and_truncated_json() -> None:
    assert str(text_error("hello")) == "not valid JSON (line 1, column 1: Expecting value)"
    text = dumps(from_json(good()))
    e = text_error(text[: len(text) // 2])
    assert str(e).startswith("not valid JSON (line ")
    assert e.path == ""
    assert str(text_error("")) == "the text is empty: a position is one JSON object"
    assert str(text_error("[1, 2]")) == "a position is one JSON object, not a list"
    assert str(text_error('{"format": NaN}')) == "not valid JSON (NaN is not a JSON number)"
    assert str(text_error('{"a": 1, "a": 2}')) == 'not valid JSON (the key "a" appears twice in one object)'
    assert str(text_error("[" * 100_000)).startswith("not valid JSON")
    assert str(text_error('{"version": 1' + "0" * 5000 + "}")).startswith("not valid JSON")


def test_messages_stay_on_one_line() -> None:
    d = good()
    d["clearings"]["5"]["warriors"]["a\nb"] = 1
    e = error(d)
    assert str(e) == 'clearings.5.warriors."a\\nb": "a\\nb" is not playing in this game'
    d = good()
    d["turn_order"][0] = "x\u2028" * 100
    msg = str(error(d))
    assert len(msg.splitlines()) == 1 and len(msg) < 200


# -- the documented example and messages (docs/state-format.md) ---------------------------------
_DOC = Path(__file__).resolve().parents[1] / "docs" / "state-format.md"


def _doc_example() -> dict[str, Any]:
    text = _DOC.read_text(encoding="utf-8")
    section = text[text.index("## A complete example"):]
    block = section[section.index("```json\n") + 8:]
    return json.loads(block[: block.index("```")])


def test_documented_example_loads_as_described() -> None:
    state = from_json(_doc_example())
    assert state.turn_order[state.turn] == "eyrie" and state.phase == "birdsong"
    assert state.factions["marquise"].supply == {"warrior": 18, "sawmill": 5, "workshop": 5, "recruiter": 5, "keep": 0}
    assert state.factions["eyrie"].supply == {"warrior": 14, "roost": 5}
    assert state.item_supply["boots"] == 1
    assert len(state.deck) == 50 and not state.clearings[10].ruin and state.clearings[11].ruin
    assert to_json(loads(dumps(state))) == to_json(state)


def _set(path: str, value: Any):
    def change(d: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        for key in parents:
            d = d[int(key)] if isinstance(d, list) else d[key]
        if isinstance(d, list):
            d[int(last)] = value
        else:
            d[last] = value

    return change


@pytest.mark.parametrize(
    "change,message",
    [
        (_set("clearings.5.warriors.marquise", -1), "clearings.5.warriors.marquise: -1 is not a count"),
        (
            lambda d: d["factions"]["eyrie"]["decree"]["fox"].append("cobbler"),
            "factions.eyrie.decree.fox.1: cobbler is a rabbit card: it belongs in the rabbit column",
        ),
        (lambda d: d["discard"].append("cobbler"), 'discard.2: card "cobbler" is already at factions.eyrie.decree.rabbit.0'),
        (_set("discard.0", "ambush"), 'discard.0: "ambush" is not a card of the deck (did you mean "ambush_fox"?)'),
        (
            lambda d: d["clearings"]["3"]["buildings"].append(["marquise", "sawmill"]),
            "clearings.3.buildings: 2 building(s), but clearing 3 has 1 slot(s)",
        ),
        (
            _set("clearings.2.warrior", {}),
            "clearings.2.warrior: is not a field of a clearing (fields: warriors, buildings, tokens, ruin, ruin_items, slot_items)",
        ),
        (
            _set("clearings.1.warriors.marquise", 25),
            "clearings: 29 marquise warrior piece(s) on the map and 0 out of the game, but the box has only 25",
        ),
    ],
)
def test_documented_messages(change, message: str) -> None:
    d = _doc_example()
    change(d)
    assert str(error(d)) == message
    assert f"\n{message}\n" in _DOC.read_text(encoding="utf-8")


def test_documented_json_message() -> None:
    message = str(text_error('{"format": "rootbotics-position",'))
    assert message == "not valid JSON (line 1, column 34: Expecting property name enclosed in double quotes)"
    assert f"\n{message}\n" in _DOC.read_text(encoding="utf-8")


# -- fuzzing -----------------------------------------------------------------------------------
def _paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix] if prefix else []
    if isinstance(value, dict):
        for k, v in value.items():
            out.extend(_paths(v, prefix + (k,)))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out.extend(_paths(v, prefix + (i,)))
    return out


_SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-3, max_value=30)
    | st.integers()
    | st.sampled_from([-1, 2**64, -(2**63), 10**30])
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
    | st.sampled_from(["marquise", "eyrie", "alliance", "bot", "human", "anvil", "loyal_vizier", "sawmill", "roost", "fox", "bird", "birdsong", "5"])
)
_JSON = st.recursive(
    _SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)
_MUTATION = st.one_of(
    st.tuples(st.just("delete"), st.integers(min_value=0), st.none()),
    st.tuples(st.just("replace"), st.integers(min_value=0), _JSON),
)
_SEGMENT = re.compile(r'"(?:[^"\\]|\\.)*"|[^.]+')


def _mutate(doc: Any, how: str, where: int, value: Any) -> tuple:
    paths = _paths(doc)
    path = paths[where % len(paths)]
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    if how == "delete":
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    return path


def _check_message(err: StateError, doc: Any) -> None:
    msg = str(err)
    assert msg and len(msg.splitlines()) == 1 and "\n" not in msg
    assert msg == (f"{err.path}: {err.problem}" if err.path else err.problem)
    # a nested mutation is reported at a path: its first key is a field of the document, and
    # every key before the last exists in the (mutated) document
    assert err.path, msg
    segments = _SEGMENT.findall(err.path)
    assert ".".join(segments) == err.path, msg
    assert segments[0] in TOP_FIELDS or segments[0] in doc, msg
    node = doc
    for seg in segments[:-1]:
        if seg.startswith('"'):
            return  # a quoted (odd or shortened) key: nothing more to check
        if isinstance(node, list):
            assert seg.isdigit() and int(seg) < len(node), msg
            node = node[int(seg)]
        else:
            assert isinstance(node, dict) and seg in node, msg
            node = node[seg]


@settings(max_examples=180, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rich=st.booleans(), mutations=st.lists(_MUTATION, min_size=1, max_size=3))
def test_fuzz_mutated_positions_load_or_raise_state_error(rich: bool, mutations: list) -> None:
    doc = with_alliance() if rich else good()
    for how, where, value in mutations:
        _mutate(doc, how, where, copy.deepcopy(value))
    snapshot = copy.deepcopy(doc)
    try:
        state = from_json(doc)
    except StateError as err:
        _check_message(err, doc)
        return
    finally:
        assert doc == snapshot  # the loader never changes its input
    # whatever loads, saves and loads again to the same position
    assert to_json(loads(dumps(state))) == to_json(state)


@settings(max_examples=60, deadline=None)
@given(rich=st.booleans(), cut=st.integers(min_value=0))
def test_fuzz_truncated_text(rich: bool, cut: int) -> None:
    text = dumps(from_json(with_alliance() if rich else good()))
    cut %= len(text) + 1
    try:
        loads(text[:cut])
    except StateError as err:
        msg = str(err)
        assert msg and len(msg.splitlines()) == 1
        assert err.path == "" and (msg.startswith("not valid JSON (line ") or msg.startswith("the text is empty"))
    else:
        assert cut == len(text)


@settings(max_examples=40, deadline=None)
@given(text=st.text(max_size=40) | st.builds(json.dumps, _JSON))
def test_fuzz_arbitrary_text(text: str) -> None:
    try:
        loads(text)
    except StateError as err:
        msg = str(err)
        assert msg and len(msg.splitlines()) == 1


# -- atomic save ----------------------------------------------------------------------------------
def test_save_writes_a_file_that_loads(tmp_path) -> None:
    g = game_after(2, 3)
    path = tmp_path / "position.json"
    save(g.state, path)
    assert to_json(load(path)) == to_json(g.state)
    assert path.read_text(encoding="utf-8").endswith("}\n")
    assert os.listdir(tmp_path) == ["position.json"]
    save(game_after(2, 5).state, str(path))  # overwrite, with a str path
    assert to_json(load(path)) == to_json(game_after(2, 5).state)
    assert os.listdir(tmp_path) == ["position.json"]


def test_crash_before_the_rename_leaves_the_old_file(tmp_path, monkeypatch) -> None:
    path = tmp_path / "position.json"
    save(game_after(1, 2).state, path)
    old = path.read_bytes()

    def crash(src, dst):
        raise OSError("simulated crash before the rename")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError, match="simulated crash"):
        save(game_after(1, 6).state, path)
    assert path.read_bytes() == old
    assert os.listdir(tmp_path) == ["position.json"]
    monkeypatch.undo()
    assert to_json(load(path)) == to_json(game_after(1, 2).state)


def test_load_reports_unreadable_files(tmp_path) -> None:
    with pytest.raises(StateError, match="^cannot read "):
        load(tmp_path / "nope.json")
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\xff\xfe{}")
    with pytest.raises(StateError, match="is not a UTF-8 text file$"):
        load(bad)
