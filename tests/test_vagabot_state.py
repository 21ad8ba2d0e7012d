"""The Vagabot's state in saved positions (docs/state-format.md) and in the invariants: round
trips, the loader's messages, a fuzzed Vagabot position, and broken bookkeeping detected."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_serial import _MUTATION, _check_message, _mutate

from rootbotics.core import invariants
from rootbotics.core.context import Game
from rootbotics.core.items import items_in_play, load_item_box
from rootbotics.factions.vagabot.items import Item
from rootbotics.core.serial import StateError, dumps, from_json, loads, to_json
from rootbotics.game import GameConfig, Seat, new_game, play


def game_after(seed: int, turns: int, character: str = "scoundrel") -> Game:
    g = new_game(GameConfig([Seat("marquise"), Seat("eyrie"), Seat("vagabot")], seed=seed, options={"vagabot_character": character}))
    play(g, turns=turns)
    return g


_BASE = to_json(game_after(5, 7).state)


def good() -> dict[str, Any]:
    return copy.deepcopy(_BASE)


def error(data: Any) -> str:
    with pytest.raises(StateError) as info:
        from_json(data)
    return str(info.value)


def vagabot_entry(d: dict[str, Any]) -> dict[str, Any]:
    return d["factions"]["vagabot"]["vagabot"]


# -- round trips ---------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(6))
def test_vagabot_positions_round_trip_and_play_on_identically(seed: int) -> None:
    character = ("thief", "tinker", "ranger", "vagrant", "scoundrel", "arbiter")[seed]
    g = game_after(seed, 3 + seed * 2, character)
    text = dumps(g.state)
    again = loads(text)
    assert to_json(again) == to_json(g.state)
    twin = Game(again)
    clone = Game(g.state.clone())
    play(g)
    play(twin)
    play(clone)
    assert to_json(twin.state) == to_json(g.state) == to_json(clone.state)


def test_items_are_written_compactly() -> None:
    d = good()
    vb = vagabot_entry(d)
    vb["items"] = ["boots exhausted", "torch damaged", "tea", "sword", "bag exhausted track1", "hammer", "crossbow"]
    vb["location"] = "forest:3"
    for c in ("6", "10", "11", "12"):
        d["clearings"][c]["ruin_items"] = []
        d["clearings"][c].pop("ruin_items")
    state = from_json(d)
    vs = state.factions["vagabot"].board
    assert vs is not None and vs.forest == 3 and vs.clearing is None
    assert vs.items[4] == Item("bag", exhausted=True, track=1) and vs.items[1] == Item("torch", damaged=True)
    text = dumps(state)
    assert vagabot_entry(to_json(state))["items"] == vb["items"]
    assert '"boots exhausted", "torch damaged", "tea", "sword", "bag exhausted track1"' in text  # on one line
    assert to_json(loads(text)) == to_json(state)


def test_the_item_supply_is_written_once_aid_has_moved_items() -> None:
    d = good()
    state = from_json(d)
    state.item_supply["tea"] -= 1  # as if a crafted tea had been taken by Aid
    state.factions["vagabot"].board.items.append(Item("tea", exhausted=True, damaged=True))  # type: ignore[union-attr]
    data = to_json(state)
    assert data["item_supply"]["tea"] == state.item_supply["tea"]
    again = from_json(data)
    assert again.item_supply == state.item_supply and again.item_box == state.item_box
    plain = to_json(new_game(GameConfig([Seat("marquise"), Seat("eyrie")], seed=1)).state)
    assert "item_supply" not in plain  # written only when it differs from the base supply minus crafted items


def test_a_position_without_quest_deck_gets_the_other_quests_shuffled_by_its_rng() -> None:
    d = good()
    vb = vagabot_entry(d)
    deck = vb.pop("quest_deck")
    a, b = from_json(copy.deepcopy(d)), from_json(copy.deepcopy(d))
    assert sorted(a.factions["vagabot"].board.quest_deck) == sorted(from_json(good()).factions["vagabot"].board.quest_deck)  # type: ignore[union-attr]
    assert a.factions["vagabot"].board.quest_deck == b.factions["vagabot"].board.quest_deck  # type: ignore[union-attr]
    assert len(deck) == len(a.factions["vagabot"].board.quest_deck)  # type: ignore[union-attr]


# -- the loader's messages -----------------------------------------------------------------------------
def _vb(key: str, value: Any):
    def change(d: dict[str, Any]) -> None:
        vagabot_entry(d)[key] = value

    return change


def _ruin_items(c: str, value: list[str]):
    def change(d: dict[str, Any]) -> None:
        d["clearings"][c]["ruin"] = False
        d["clearings"][c]["ruin_items"] = value

    return change


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (_vb("location", "forest:9"), "factions.vagabot.vagabot.location: the fall map has forests forest:0 to forest:6"),
        (_vb("location", 13), "factions.vagabot.vagabot.location: 13 is neither a clearing (1 to 12) nor a forest (forest:0 to forest:6)"),
        (_vb("character", "bard"), 'factions.vagabot.vagabot.character: "bard" is not one of thief, tinker, ranger, vagrant, scoundrel, arbiter'),
        (_vb("items", ["sword shiny"]), 'factions.vagabot.vagabot.items.0: "shiny" is not an item state (states: exhausted, damaged, track1, track2, track3, R)'),
        (_vb("items", ["lute"]), 'factions.vagabot.vagabot.items.0: "lute" is not an item (items: boots, bag, crossbow, hammer, sword, tea, coins, torch)'),
        (_vb("items", ["sword damaged track1"]), "factions.vagabot.vagabot.items.0: a damaged item cannot be on the Battle Track (7.2.4)"),
        (_vb("items", ["sword exhausted exhausted"]), 'factions.vagabot.vagabot.items.0: "sword exhausted exhausted" names a state twice'),
        (_vb("items", ["sword track1"]), "factions.vagabot.vagabot.items: 1 undamaged items leave the Battle Track empty (7.2.4); the items mark spaces 1"),
        (
            _vb("items", ["boots", "torch", "tea", "sword", "bag", "hammer"]),
            "factions.vagabot.vagabot.items: 6 undamaged items fill Battle Track spaces 1 to 1 (7.2.4); the items mark spaces none",
        ),
        (_vb("quest", "escort"), 'factions.vagabot.vagabot.quest: "escort" is not a quest card (did you mean "escort_mouse"?)'),
        (_vb("vagabot", 1), "factions.vagabot.vagabot.vagabot: is not a field of the Vagabot (fields: character, location, items, quest, quests, quest_deck, quest_discard)"),
        (lambda d: d["factions"]["vagabot"].pop("vagabot"), "factions.vagabot.vagabot: is missing"),
        (lambda d: d["factions"]["vagabot"].update(items=["bag"]), "factions.vagabot.items: the Vagabot has no Crafted Items box: his items are in vagabot.items"),
        (lambda d: d["factions"]["eyrie"].update(vagabot={}), "factions.eyrie.vagabot: only the Vagabot has this on its board"),
        (_ruin_items("6", ["bag"]), "clearings.6.ruin_items: items lie only under an unexplored ruin (ruin: true)"),
        (_vb("items", ["coins", "coins", "coins"]), "factions.vagabot.vagabot.items: 5 coins item(s) in play, but the box has only 2"),
        (lambda d: d.update(item_supply={"torch": 1}), "item_supply.torch: is not a field of the item supply (craftable items) (fields: boots, bag, crossbow, hammer, sword, tea, coins)"),
        (lambda d: d.update(item_supply={"tea": -1}), "item_supply.tea: -1 is not a count"),
        (
            lambda d: d["clearings"]["1"].update(slot_items=["boots"], buildings=[["marquise", "sawmill"]]),
            "clearings.1.buildings: 1 building(s) and 1 item(s) covering slots, but clearing 1 has 1 slot(s)",
        ),
    ],
)
def test_vagabot_loader_messages(change, message: str) -> None:
    d = good()
    change(d)
    got = error(d)
    assert got == message or (message.startswith("factions.vagabot.vagabot.items: 5 coins") and "coins item(s) in play" in got)


def test_a_quest_in_two_places() -> None:
    d = good()
    vb = vagabot_entry(d)
    vb["quest_discard"] = [vb["quest"]]
    assert "is already at factions.vagabot.vagabot.quest" in error(d)


def test_quest_deck_missing_quests() -> None:
    d = good()
    vagabot_entry(d)["quest_deck"].pop()
    assert "of the 15 quests are nowhere" in error(d)


# -- invariants ------------------------------------------------------------------------------------
def test_invariants_find_broken_vagabot_bookkeeping() -> None:
    state = from_json(good())
    invariants.check(state)
    vs = state.factions["vagabot"].board
    assert vs is not None
    broken = state.clone()
    broken.factions["vagabot"].board.items.append(Item("sword"))  # type: ignore[union-attr]
    assert any(v.startswith("item sword:") for v in invariants.violations(broken))
    broken = state.clone()
    c = 1 if vs.clearing != 1 else 2
    broken.clearings[c].pawn = "vagabot"
    assert any("the map shows it" in v for v in invariants.violations(broken))
    broken = state.clone()
    broken.factions["vagabot"].board.quest_deck.append(0)  # type: ignore[union-attr]
    assert any("quest cards out of place" in v for v in invariants.violations(broken))
    broken = state.clone()
    first = broken.factions["vagabot"].board.items[0]  # type: ignore[union-attr]
    first.track = 3
    assert any("Battle Track spaces" in v for v in invariants.violations(broken))


def test_item_pieces_add_up_to_the_box() -> None:
    state = from_json(good())
    box = load_item_box()
    assert sum(box.total.values()) == 23 + 7 + 3  # the base box, the Riverfolk's starting items, the Vagabond Pack's
    in_play = items_in_play(state)
    assert all(in_play[k] + state.item_box[k] == box.total[k] for k in box.total)


# -- fuzzing --------------------------------------------------------------------------------------------
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutations=st.lists(_MUTATION, min_size=1, max_size=3))
def test_fuzz_mutated_vagabot_positions_load_or_raise_state_error(mutations: list) -> None:
    doc = good()
    for how, where, value in mutations:
        _mutate(doc, how, where, copy.deepcopy(value))
    snapshot = copy.deepcopy(doc)
    try:
        state = from_json(doc)
    except StateError as err:
        _check_message(err, doc)
        return
    finally:
        assert doc == snapshot
    assert to_json(loads(dumps(state))) == to_json(state)


def test_the_documented_vagabot_entry_loads() -> None:
    import json
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parents[1] / "docs" / "state-format.md").read_text(encoding="utf-8")
    section = text[text.index("## The Vagabot") :]
    block = section[section.index("```json\n") + 8 :]
    entry = json.loads("{" + block[: block.index("```")] + "}")
    d = good()
    d["factions"]["vagabot"] = entry["vagabot"]
    for c in d["clearings"].values():
        c.pop("ruin_items", None)
        c.pop("slot_items", None)
    d.pop("item_supply", None)
    for f in ("marquise", "eyrie"):
        d["factions"][f]["items"] = []
    state = from_json(d)
    vs = state.factions["vagabot"].board
    assert vs is not None and vs.forest == 6 and vs.items[3] == Item("sword", damaged=True)
    assert re.search(r"`forest:6` 4, 9, 12", text) and state.map.forests[6] == (4, 9, 12)
