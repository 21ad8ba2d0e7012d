"""Vagabot, rule by rule (Law of Robotics section 7), and its example turn from a saved position."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from helpers import position, set_order

from rootbotics.factions.marquise import bot as M
from rootbotics.factions.vagabot import bot as V
from rootbotics.core import invariants, rules, serial
from rootbotics.factions.vagabot import satchel
from rootbotics.core.battle import battle, can_battle
from rootbotics.core.chance import ScriptedChance
from rootbotics.core.context import Game
from rootbotics.controllers import ScriptedHuman
from rootbotics.factions.vagabot.items import CHARACTERS, Item, ItemDataError, load_item_box, quest_names, track_spaces
from rootbotics.core.state import GameState
from rootbotics.game import GameConfig, Seat, new_game, play_turn

POSITIONS = Path(__file__).parent / "positions"
QUEST = {name: i for i, name in enumerate(quest_names())}
DEFAULT_ITEMS = ["boots", "torch", "tea", "sword", "bag"]


def vpos(
    clearings: dict[int, dict[str, Any]],
    seats: tuple[str, ...] = ("marquise", "eyrie", "vagabot"),
    humans: tuple[str, ...] = (),
    **vagabot: Any,
) -> GameState:
    """A Fall position with the Vagabot (keyword arguments go into his ``vagabot`` entry; ``vp``
    and ``<faction>_vp`` / ``<faction>_items`` set scores and crafted items)."""
    vb: dict[str, Any] = {"character": "thief", "location": 7, "items": list(DEFAULT_ITEMS), "quest": "expel_bandits_mouse"}
    extras: dict[str, dict[str, Any]] = {f: {} for f in seats}
    for key in list(vagabot):
        for f in seats:
            if key == f"{f}_vp":
                extras[f]["vp"] = vagabot.pop(key)
            elif key == f"{f}_items":
                extras[f]["items"] = vagabot.pop(key)
            elif key == f"{f}_hand":
                extras[f]["hand"] = vagabot.pop(key)
    vb.update(vagabot)
    extras["vagabot"]["vagabot"] = vb
    return position(clearings, seats=seats, humans=humans, turn=seats.index("vagabot"), **extras)


def game(state: GameState, script: list[tuple[str, object]] | None = None, **controllers: Any) -> Game:
    """A game whose chance answers from ``script`` (card names resolved; quest ids as ints)."""
    if script is None:
        return Game(state, controllers=controllers)
    ids = state.deckdef.by_name
    resolved = [(k, ids[v] if k == "draw" and isinstance(v, str) else v) for k, v in script]
    return Game(state, ScriptedChance(resolved), controllers)


def vb(state: GameState):
    vs = state.factions["vagabot"].board
    assert vs is not None
    return vs


def kinds(g: Game, kind: str) -> list:
    return g.log.of_kind(kind)


def texts(g: Game, rule: str) -> list[str]:
    return [e.text for e in g.log if e.rule == rule]


def items(*words: str) -> list[str]:
    return list(words)


def give(s: GameState, *kinds: str) -> None:
    """Move items from the supply into his Satchel, face up (the Battle Track follows)."""
    for kind in kinds:
        s.item_supply[kind] -= 1
        vb(s).items.append(Item(kind))
    satchel.settle_track(vb(s))


# -- 7.2.1 Lone Wanderer ---------------------------------------------------------------------------
def test_7_2_1_the_pawn_never_rules_nor_stops_rule() -> None:
    s = vpos({7: {"warriors": {"marquise": 1}}, 8: {}}, location=7)
    assert rules.ruler(s, 7) == "marquise"
    s2 = vpos({}, location=8)
    assert rules.ruler(s2, 8) is None  # the pawn alone rules nothing


def test_7_2_1_the_pawn_is_a_piece_for_targeting() -> None:
    s = vpos({7: {"warriors": {"marquise": 2}}}, location=7)
    cl = s.clearings[7]
    assert cl.pieces_of("vagabot") == 1 and "vagabot" in cl.factions_present()
    assert s.enemy_pieces("marquise", 7) == 1 and s.enemy_warriors("marquise", 7) == 0
    assert can_battle(s, "marquise", "vagabot", 7) and can_battle(s, "vagabot", "marquise", 7)


def test_7_2_1_the_marquise_battles_the_vagabot_and_cannot_remove_him() -> None:
    # 4.5.1: the Vagabot is the only enemy in fox clearing 12: he defends and damages items.
    s = vpos({12: {"warriors": {"marquise": 3}}}, location=12, items=items("boots exhausted", "torch", "tea"))
    g = game(s, [("roll", (3, 1))])
    set_order(g, "marquise", "foxfolk_steel")
    M.battle_ordered(g, "fox")
    assert [e.data["defender"] for e in kinds(g, "battle")] == ["vagabot"]
    assert vb(s).clearing == 12 and s.clearings[12].pawn == "vagabot"
    # 3 rolled hits, never defenseless (ruling R-VAGABOT-DEFENSELESS): no extra hit.
    assert not kinds(g, "extra_hit")
    assert [(e.data["item"], e.data["was"]) for e in kinds(g, "damage")] == [("boots", "exhausted"), ("torch", "face up"), ("tea", "face up")]
    # the Vagabot's maximum rolled hits is 1: one Marquise warrior lost
    assert s.warriors("marquise", 12) == 2


def test_7_2_1_I_full_removal_damages_three_items() -> None:
    s = vpos({5: {"warriors": {"marquise": 1}}}, location=5)
    g = game(s)
    assert satchel.full_removal(g, "eyrie", 5)
    assert vb(s).damaged() == 3 and vb(s).clearing == 5
    assert V.full_removal is satchel.full_removal
    assert all(e.rule == "7.2.1 I" for e in kinds(g, "damage"))
    assert not satchel.full_removal(g, "eyrie", 6)  # not there: nothing
    assert not satchel.full_removal(g, "vagabot", 5)  # his own effects spare him
    assert vb(s).damaged() == 3


# -- 7.2.2 Nimble, 7.2.3 items ---------------------------------------------------------------------------
def test_7_2_2_nimble_moves_through_clearings_others_rule() -> None:
    s = vpos({3: {"warriors": {"eyrie": 5}}, 7: {"warriors": {"marquise": 5}}}, location=11, quest="guard_duty_rabbit")
    assert rules.can_move(s, "vagabot", 11, 3)
    g = game(s, [("draw", QUEST["escort_mouse"])])
    V.quest(g)  # the nearest rabbit clearing from 11 is 3, ruled by the Eyrie
    assert vb(s).clearing == 3


def test_7_2_3_only_face_up_undamaged_satchel_items_are_exhausted() -> None:
    s = vpos({}, items=items("boots exhausted", "torch damaged", "tea", "sword", "bag", "hammer track1", "crossbow"))
    g = game(s)
    assert [i.kind for i in vb(s).ready()] == ["tea", "sword", "bag", "crossbow"]
    assert satchel.exhaust(g, "vagabot", 9, "7.2.3", "to test") == 4
    assert not vb(s).ready() and not vb(s).items[5].exhausted  # the Battle Track item stays face up


def test_7_2_3_gained_items_go_face_up_into_the_satchel() -> None:
    s = vpos({}, items=items("boots", "torch exhausted"))
    g = game(s)
    satchel.gain(g, "vagabot", "crossbow", "7.2.3", "for a test")
    assert vb(s).items[-1] == Item("crossbow") and vb(s).ready()[-1].kind == "crossbow"


# -- 7.2.4 Battle Track ------------------------------------------------------------------------------
def test_7_2_4_thresholds_six_nine_twelve() -> None:
    assert [track_spaces(n) for n in (0, 5, 6, 8, 9, 11, 12, 15)] == [0, 0, 1, 1, 2, 2, 3, 3]
    s = vpos({})
    g = game(s)
    hits = []
    for kind in ("sword", "crossbow", "hammer", "coins", "coins", "tea", "tea", "boots"):
        satchel.gain(g, "vagabot", kind, "7.2.3", "for a test")
        hits.append((len(vb(s).items), vb(s).max_rolled_hits(), vb(s).attack_extra_hits()))
    assert hits == [(6, 2, 0), (7, 2, 0), (8, 2, 0), (9, 3, 0), (10, 3, 0), (11, 3, 0), (12, 3, 1), (13, 3, 1)]
    assert sorted(i.track for i in vb(s).items if i.track) == [1, 2, 3]


def test_7_2_4_exhausted_items_go_on_the_track_first() -> None:
    s = vpos({}, items=items("boots", "torch exhausted", "tea", "sword", "bag"))
    g = game(s)
    satchel.gain(g, "vagabot", "hammer", "7.2.3", "for a test")
    assert [i.kind for i in vb(s).items if i.track] == ["torch"]
    assert "places the torch (exhausted) on space 1" in kinds(g, "track_on")[0].text


def test_7_2_4_max_rolled_hits_as_attacker_and_the_twelfth_item_extra_hit() -> None:
    s = vpos({7: {"warriors": {"marquise": 6}}}, items=items("boots", "torch", "tea", "sword", "bag", "hammer track1"))
    give(s, "sword", "bag", "boots", "coins", "coins", "tea")  # from the supply: twelve items
    assert sorted(i.track for i in vb(s).items if i.track) == [1, 2, 3]
    g = game(s, [("roll", (3, 3))])
    result = battle(g, "vagabot", "marquise", 7, "7.5.4")
    assert result.attacker_hits == 4  # 3 rolled (maximum 3) + 1 for the third track space
    assert any(e.rule == "7.2.4" for e in kinds(g, "extra_hit"))
    assert s.warriors("marquise", 7) == 2


def test_7_2_4_max_rolled_hits_as_defender_caps_the_roll() -> None:
    s = vpos({7: {"warriors": {"eyrie": 4}}}, items=items("boots", "torch", "tea", "sword", "bag", "hammer track1"))
    g = game(s, [("roll", (3, 3))])
    result = battle(g, "eyrie", "vagabot", 7, "5.5.1 III")
    assert result.defender_hits == 2 and s.warriors("eyrie", 7) == 2
    assert result.attacker_hits == 3 and vb(s).damaged() == 3


# -- 7.2.5 taking hits -------------------------------------------------------------------------------
def test_7_2_5_exhausted_items_are_damaged_first_and_the_track_empties() -> None:
    s = vpos({}, items=items("boots", "torch exhausted", "tea", "sword exhausted", "bag", "hammer track1"))
    g = game(s)
    satchel.take_hits(g, "vagabot", 7, 3, "eyrie")
    damaged = [(e.data["item"], e.data["was"]) for e in kinds(g, "damage")]
    assert damaged[:2] == [("torch", "exhausted"), ("sword", "exhausted")]
    # after the first hit only five are undamaged: the hammer leaves the track, face up
    assert kinds(g, "track_off")[0].data["item"] == "hammer"
    assert damaged[2] == ("boots", "face up")
    assert vb(s).on_track() == 0


def test_7_2_5_hits_beyond_his_items_do_nothing() -> None:
    s = vpos({}, items=items("boots", "torch damaged"))
    g = game(s)
    assert satchel.damage(g, "vagabot", 3, "7.2.5", "for a test") == 1
    assert kinds(g, "damage_ignored")[0].data["k"] == 2


# -- 7.3 setup ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("character", CHARACTERS)
def test_7_3_setup_character_forest_quest_ruins_items(character: str) -> None:
    g = new_game(GameConfig([Seat("marquise"), Seat("vagabot"), Seat("eyrie")], seed=3, options={"vagabot_character": character}))
    s = g.state
    vs = vb(s)
    assert vs.character == character  # 7.3.1
    assert vs.forest == 2 and s.map.forests[2] == (2, 6, 10, 11, 12)  # 7.3.2: the only forest by five clearings
    assert len(vs.quests) == 1 and len(vs.quest_deck) == 14 and not vs.quest_discard  # 7.3.3
    under = sorted(k for c in (6, 10, 11, 12) for k in s.clearings[c].ruin_items)
    assert under == sorted(load_item_box().ruin) and all(len(s.clearings[c].ruin_items) == 1 for c in (6, 10, 11, 12))  # 7.3.4
    expected = 3 if character == "tinker" else 4  # 7.3.5
    assert [i.kind for i in vs.items] == ["boots", "torch", "tea", "sword"][:expected]
    assert all(i == Item(i.kind) for i in vs.items)
    invariants.check(s)


def test_7_3_1_the_character_is_random_by_default() -> None:
    seen = {vb(new_game(GameConfig([Seat("vagabot"), Seat("eyrie")], seed=seed)).state).character for seed in range(40)}
    assert seen == set(CHARACTERS)


def test_7_3_1_a_bad_character_is_a_config_error() -> None:
    from rootbotics.game import ConfigError

    with pytest.raises(ConfigError, match="options.vagabot_character: 'bard' is not a Vagabot character"):
        new_game(GameConfig([Seat("vagabot"), Seat("eyrie")], options={"vagabot_character": "bard"}))


def test_7_3_2_ties_between_forests_are_broken_at_random() -> None:
    s = vpos({})
    forests = tuple(f for f in s.map.forests if len(f) == 4)  # four forests by four clearings
    s.map = replace(s.map, forests=forests)
    vs = vb(s)
    g = game(s, [("pick", 2)])
    assert V.place_pawn(g, vs) == 2 and vs.forest == 2 and s.clearings[7].pawn is None


def test_7_3_4_ruin_items_are_placed_at_random() -> None:
    g = new_game(GameConfig([Seat("vagabot"), Seat("eyrie")], seed=0, options={"vagabot_character": "thief"}))
    layouts = set()
    for seed in range(12):
        s = new_game(GameConfig([Seat("vagabot"), Seat("eyrie")], seed=seed, options={"vagabot_character": "thief"})).state
        layouts.add(tuple(s.clearings[c].ruin_items[0] for c in (6, 10, 11, 12)))
    assert len(layouts) > 3 and g.state.item_box["torch"] == load_item_box().total["torch"] - 1  # his torch came from the box


# -- 7.4 Birdsong ------------------------------------------------------------------------------------
def test_7_4_2_crafted_items_go_to_the_satchel_for_one_vp() -> None:
    s = vpos({})
    g = game(s, [("draw", "protection_racket")])
    V.Vagabot().birdsong(g)
    assert vb(s).items[-1].kind == "coins" and s.factions["vagabot"].items == []
    assert s.factions["vagabot"].vp == 1 and s.item_supply["coins"] == 1
    assert any("the card lists 3" in t for t in texts(g, "1.1.2"))


def test_7_4_2_no_craft_without_the_item_in_supply() -> None:
    s = vpos({}, marquise_items=["crossbow"])
    g = game(s, [("draw", "crossbow_mouse")])
    V.Vagabot().birdsong(g)
    assert kinds(g, "craft_skipped") and len(vb(s).items) == 5


def test_7_4_3_slip_with_two_undamaged_items_and_skip_daylight() -> None:
    s = vpos({7: {"warriors": {"marquise": 1}}}, location=7, items=items("boots", "torch", "tea damaged", "sword damaged"))
    g = game(s, [("draw", "ambush_fox"), ("pick", 4)])
    bot = V.Vagabot()
    bot.birdsong(g)
    assert vb(s).forest == 4 and s.clearings[7].pawn is None  # forest 4 is by 3, 7, 11, 12
    assert 7 in s.map.forests[4]
    bot.daylight(g)
    assert kinds(g, "skip")[-1].rule == "7.4.3" and not kinds(g, "exhaust")


def test_7_4_3_no_slip_with_three_undamaged_items() -> None:
    s = vpos({}, items=items("boots", "torch", "tea", "sword damaged"))
    g = game(s, [("draw", "anvil")])
    V.Vagabot().birdsong(g)
    assert vb(s).clearing == 7 and not kinds(g, "slip")


def test_7_4_3_slip_from_a_forest_goes_to_an_adjacent_forest() -> None:
    s = vpos({}, location="forest:6", items=items("boots"))
    g = game(s, [("draw", "anvil"), ("pick", 5)])
    V.Vagabot().birdsong(g)
    assert vb(s).forest == 5 and V.adjacent_forests(s, vb(s)) == [4, 6]


# -- 7.5 Daylight: sequences, nearest, moving ------------------------------------------------------------
@pytest.mark.parametrize(
    ("card", "actions"),
    [
        ("arms_trader", ["explore", "quest", "aid", "battle"]),
        ("anvil", ["explore", "battle", "special"]),
        ("cobbler", ["battle", "repair", "special"]),
        ("investments", ["quest", "aid", "battle", "repair"]),
    ],
)
def test_7_5_order_suit_picks_the_sequence(card: str, actions: list[str], monkeypatch) -> None:
    s = vpos({})
    g = game(s)
    set_order(g, "vagabot", card)
    called: list[str] = []
    for name in actions:
        monkeypatch.setitem(V.ACTIONS, name, lambda g, name=name: called.append(name))
    V.take_actions(g)
    assert called == actions
    suit = s.deckdef.card(s.factions["vagabot"].order).suit
    assert kinds(g, "sequence")[0].rule == V.SEQUENCE_RULE[suit]


def test_7_5_daylight_ends_when_no_item_is_face_up() -> None:
    s2 = vpos({7: {"warriors": {"marquise": 1}}}, items=items("boots", "torch exhausted", "tea exhausted"))
    g2 = game(s2, [("roll", (0, 0))])
    set_order(g2, "vagabot", "cobbler")
    V.take_actions(g2)
    assert kinds(g2, "daylight_ends")[0].data["action"] == "Repair"


def test_7_5_nearest_is_fewest_moves_then_highest_priority() -> None:
    s = vpos({}, location=1)
    g = game(s)
    choice = V.nearest(g, "a test", [3, 9, 10, 5], "7.5")
    assert choice.target == 5  # 5, 9 and 10 are one move from 1; 5 has the highest priority
    s2 = vpos({}, location="forest:6")
    assert V.moves_to(s2, vb(s2), 12) == 1 and V.moves_to(s2, vb(s2), 7) == 2
    assert V.path_to(s2, vb(s2), 7) == [12, 7]


def test_7_5_moving_exhausts_one_item_per_move_along_a_shortest_path() -> None:
    s = vpos({}, location=1, quest="repair_a_shed_fox")
    g = game(s, [("draw", QUEST["escort_mouse"])])
    # from 1 the nearest fox clearing is 1 itself: no move
    V.quest(g)
    assert not kinds(g, "move_pawn") and vb(s).clearing == 1
    s2 = vpos({}, location=3, quest="repair_a_shed_fox")
    g2 = game(s2, [("draw", QUEST["escort_mouse"])])
    V.quest(g2)  # 3 -> 6 (fox), one move
    moves = kinds(g2, "move_pawn")
    assert [(e.data["a"], e.data["b"]) for e in moves] == [("3", 6)]
    assert sum(e.data["n"] for e in kinds(g2, "exhaust")) == 3


def test_7_5_he_moves_even_without_items_left_for_the_action() -> None:
    s = vpos({}, location=3, quest="repair_a_shed_fox", items=items("boots", "torch exhausted"))
    g = game(s)
    V.quest(g)
    assert vb(s).clearing == 6 and vb(s).quests == [QUEST["repair_a_shed_fox"]]
    assert "it takes two face-up items and he has 0" in kinds(g, "skip")[0].text


def test_7_5_he_stops_where_his_items_run_out() -> None:
    # the only ruin left is 6: 4 -> 12 -> 11 -> 6 takes three moves; with two face-up items he
    # stops in 11 (ruling R-VAGABOT-SHORT)
    s = vpos({6: {"ruin_items": ["bag"]}, 10: {"ruin": False}, 11: {"ruin": False}, 12: {"ruin": False}}, location=4, items=items("boots", "torch"))
    g = game(s)
    V.explore(g)
    assert [e.data["b"] for e in kinds(g, "move_pawn")] == [12, 11]
    assert vb(s).clearing == 11 and kinds(g, "stop") and s.clearings[6].ruin_items == ["bag"]


def test_7_5_and_11_8_2_no_item_to_move_leaves_the_snare_alone() -> None:
    # Every item exhausted in 3, where a face-up snare stands: he cannot move (7.5: each move
    # exhausts an item), so there is no move for the snare to cancel (11.8.2): it stays, no VP.
    vagabot = {"character": "thief", "location": 3, "items": items("boots exhausted", "torch exhausted", "sword exhausted"), "quest": "repair_a_shed_fox"}
    s = position(
        {3: {"warriors": {"corvids": 1}, "tokens": [["corvids", "plot"]]}},
        seats=("corvids", "marquise", "vagabot"),
        turn=2,
        corvids={"plots": {"3": {"kind": "snare", "face_up": True}}},
        vagabot={"vagabot": vagabot},
    )
    g = game(s)
    V.quest(g)
    assert s.clearings[3].tokens == [("corvids", "plot")] and s.factions["vagabot"].vp == 0
    assert vb(s).clearing == 3 and not kinds(g, "snare") and kinds(g, "stop")


# -- 7.5.1 Explore ------------------------------------------------------------------------------------
def test_7_5_1_explore_the_nearest_ruin_take_its_item_and_remove_it() -> None:
    s = vpos({10: {"ruin_items": ["boots"]}, 11: {"ruin_items": ["hammer"]}, 12: {"ruin_items": ["sword"]}, 6: {"ruin": False}}, location=3)
    g = game(s)
    V.explore(g)
    # from 3, ruin 11 is one move away (6 is explored and gone)
    assert vb(s).clearing == 11 and vb(s).items[-1].kind == "hammer"
    assert not s.clearings[11].ruin and not s.clearings[11].ruin_items
    assert s.factions["vagabot"].vp == 0  # no VP for exploring
    assert s.free_slots(11) == 3


def test_7_5_1_random_item_when_a_ruin_holds_several() -> None:
    s = vpos({6: {"ruin_items": ["boots", "hammer"]}}, location=6)
    g = game(s, [("pick", "hammer")])
    V.explore(g)
    assert vb(s).items[-1].kind == "hammer" and s.clearings[6].ruin and s.clearings[6].ruin_items == ["boots"]


def test_7_5_1_no_explore_without_ruin_items() -> None:
    s = vpos({c: {"ruin": False} for c in (6, 10, 11, 12)})
    g = game(s)
    V.explore(g)
    assert kinds(g, "skip") and not kinds(g, "exhaust")


# -- 7.5.2 Quest ---------------------------------------------------------------------------------------
def test_7_5_2_quest_scores_one_and_draws_a_new_quest() -> None:
    s = vpos({}, location=7, quest="expel_bandits_mouse")
    g = game(s, [("draw", QUEST["errand_fox"])])
    V.quest(g)
    vs = vb(s)
    assert s.factions["vagabot"].vp == 1 and vs.quests == [QUEST["errand_fox"]]
    assert vs.quest_discard == [QUEST["expel_bandits_mouse"]] and len(vs.ready()) == 3


def test_7_5_2_no_new_quest_when_the_deck_is_spent() -> None:
    spent = [n for n in quest_names() if n != "expel_bandits_mouse"]
    s = vpos({}, location=7, quest="expel_bandits_mouse", quest_deck=[], quest_discard=spent)
    g = game(s)
    V.quest(g)
    assert vb(s).quests == [] and kinds(g, "no_quest")
    V.quest(g)
    assert "quest deck is spent" in kinds(g, "skip")[-1].text


# -- 7.5.3 Aid ------------------------------------------------------------------------------------------
def test_7_5_3_aid_the_player_with_items_and_fewest_vp_a_bot_scores_one() -> None:
    s = vpos({7: {"warriors": {"marquise": 1, "eyrie": 1}}}, marquise_vp=5, eyrie_vp=3, marquise_items=["bag", "tea", "coins"], eyrie_items=["boots", "sword"], items=items("boots", "torch", "tea"))
    g = game(s)
    V.aid(g)
    # the Eyrie has fewer VP; he exhausts two items (all the Eyrie has), takes two, scores two
    assert s.factions["eyrie"].items == [] and [i.kind for i in vb(s).items][-2:] == ["boots", "sword"]
    assert s.factions["vagabot"].vp == 2 and s.factions["eyrie"].vp == 4
    invariants.check(s)


def test_7_5_3_aid_is_limited_by_his_face_up_items_and_a_human_draws() -> None:
    s = vpos({7: {"warriors": {"marquise": 1}}}, humans=("marquise",), marquise_items=["bag", "tea", "coins"], marquise_hand=[], items=items("boots", "torch exhausted"))
    g = game(s, [("draw", "anvil")], marquise=ScriptedHuman())
    V.aid(g)
    assert s.factions["marquise"].items == ["tea", "coins"] and vb(s).items[-1].kind == "bag"
    assert s.factions["marquise"].hand == [s.deckdef.by_name["anvil"]]
    assert s.factions["vagabot"].vp == 1 and s.factions["marquise"].vp == 0


def test_7_5_3_no_aid_without_crafted_items_or_in_a_forest() -> None:
    s = vpos({7: {"warriors": {"marquise": 1}}})
    g = game(s)
    V.aid(g)
    s2 = vpos({}, location="forest:1", marquise_items=["bag"])
    g2 = game(s2)
    V.aid(g2)
    assert kinds(g, "skip") and kinds(g2, "skip") and not kinds(g, "exhaust") and not kinds(g2, "exhaust")


# -- 7.5.4 Battle ---------------------------------------------------------------------------------------
def test_7_5_4_battle_the_player_with_most_vp_in_the_nearest_clearing_and_repeat() -> None:
    s = vpos({7: {"warriors": {"eyrie": 1}}, 8: {"warriors": {"marquise": 1}}}, location=7, marquise_vp=4, eyrie_vp=2)
    g = game(s, [("roll", (2, 0))])
    V.battle_action(g)
    assert vb(s).clearing == 8 and not s.clearings[8].warriors
    assert s.factions["vagabot"].vp == 1  # one VP per warrior removed
    assert len(kinds(g, "battle")) == 1  # no Marquise piece remains: no second battle


def test_7_5_4_repeat_for_two_items_while_the_defender_has_pieces() -> None:
    s = vpos({7: {"warriors": {"marquise": 4}}}, items=items("boots", "torch", "tea", "sword", "bag"))
    g = game(s, [("roll", (1, 0)), ("roll", (1, 0)), ("roll", (1, 0))])
    V.battle_action(g)
    costs = [e.data["n"] for e in kinds(g, "exhaust")]
    assert costs == [1, 2, 2] and len(kinds(g, "battle")) == 3
    assert s.warriors("marquise", 7) == 1 and s.factions["vagabot"].vp == 3
    assert "it takes 2 face-up items and he has 0" in kinds(g, "stop")[-1].text


@pytest.mark.parametrize(
    ("clearings", "chosen", "decided"),
    [
        # I: at equal distance, most buildings and tokens of the defender
        ({9: {"warriors": {"marquise": 1}}, 11: {"warriors": {"marquise": 1}, "buildings": [["marquise", "sawmill"]]}}, 11, "7.5.4 I"),
        # II: then fewest warriors of the defender
        ({9: {"warriors": {"marquise": 2}}, 11: {"warriors": {"marquise": 1}}}, 11, "7.5.4 II"),
        # then highest priority (2.1)
        ({9: {"warriors": {"marquise": 1}}, 11: {"warriors": {"marquise": 1}}}, 9, "highest priority (2.1)"),
    ],
)
def test_7_5_4_ties_for_the_destination(clearings, chosen: int, decided: str) -> None:
    s = vpos(clearings, location=12, items=items("boots", "torch"))
    g = game(s, [("roll", (0, 0))])
    V.battle_action(g)
    assert vb(s).clearing == chosen
    assert decided in kinds(g, "move_pawn")[0].text


def test_7_5_4_he_scores_no_warrior_vp_as_defender() -> None:
    s = vpos({7: {"warriors": {"marquise": 3}}})
    g = game(s, [("roll", (1, 1))])
    battle(g, "marquise", "vagabot", 7, "4.5.1")
    assert s.warriors("marquise", 7) == 2 and s.factions["vagabot"].vp == 0


# -- 7.5.5 Repair, 7.5.6 Special -------------------------------------------------------------------------
def test_7_5_5_repair_face_up_damaged_items_first_and_keep_them_face_down() -> None:
    s = vpos({}, items=items("boots", "torch exhausted damaged", "tea damaged", "sword"))
    g = game(s)
    V.repair_action(g)
    vs = vb(s)
    assert not vs.items[2].damaged and vs.items[1].damaged
    V.repair_action(g)
    assert not vs.items[1].damaged and vs.items[1].exhausted
    V.repair_action(g)
    assert "no item is damaged" in kinds(g, "skip")[-1].text


def test_7_5_6_a_special_that_would_do_nothing_costs_nothing() -> None:
    for character in CHARACTERS:
        s = vpos({}, character=character)
        g = game(s)
        V.special(g)
        assert kinds(g, "skip") and not kinds(g, "exhaust"), character


# -- 7.6 Evening ---------------------------------------------------------------------------------------
def test_7_6_1_refresh_four_with_damage_six_without() -> None:
    six = [f"{k} exhausted" for k in ("boots", "torch", "tea", "sword", "bag", "hammer")]
    s = vpos({}, items=six + ["crossbow exhausted track1"])
    g = game(s)
    V.evening_refresh(g)
    assert sum(not i.exhausted for i in vb(s).items) == 6
    s2 = vpos({}, items=six[:5] + ["hammer exhausted track1", "crossbow damaged"])
    g2 = game(s2)
    V.evening_refresh(g2)
    assert sum(not i.exhausted and not i.damaged for i in vb(s2).items) == 4


def test_7_6_2_repair_all_in_a_forest_one_elsewhere_face_up_first() -> None:
    damaged = items("boots exhausted damaged", "torch damaged", "tea damaged", "sword")
    s = vpos({}, location="forest:3", items=damaged)
    g = game(s)
    V.evening_repair(g)
    assert vb(s).damaged() == 0
    s2 = vpos({}, location=7, items=damaged)
    g2 = game(s2)
    V.evening_repair(g2)
    assert [i.damaged for i in vb(s2).items] == [True, False, True, False]


def test_7_6_3_evening_discards_the_order_card() -> None:
    s = vpos({})
    g = game(s)
    set_order(g, "vagabot", "anvil")
    V.Vagabot().evening(g)
    assert s.factions["vagabot"].order is None and s.discard[-1] == s.deckdef.by_name["anvil"]


# -- 7.7 characters --------------------------------------------------------------------------------------
def test_7_7_1_thief_steals_from_the_richest_enemy_with_cards() -> None:
    s = vpos({7: {"warriors": {"marquise": 1, "eyrie": 1}}}, humans=("marquise",), marquise_vp=2, eyrie_vp=9, marquise_hand=["anvil", "cobbler"])
    g = game(s, [("pick", s.deckdef.by_name["cobbler"])], marquise=ScriptedHuman())
    V.thief(g)
    # the Eyrie has more VP but is a bot with no cards (2.3): the Marquise loses the card
    assert s.factions["marquise"].hand == [s.deckdef.by_name["anvil"]]
    assert s.discard[-1] == s.deckdef.by_name["cobbler"]
    assert "skipped eyrie (no cards in hand)" in kinds(g, "steal")[0].text


def test_7_7_1_the_thief_scores_nothing_for_a_card_he_takes() -> None:
    # 2.8.1 scores a bot a human *gives* a card to; the Thief takes one: it is discarded, no VP.
    s = vpos({7: {"warriors": {"marquise": 1}}}, humans=("marquise",), marquise_hand=["anvil"])
    g = game(s, [("pick", s.deckdef.by_name["anvil"])], marquise=ScriptedHuman())
    V.thief(g)
    assert s.factions["marquise"].hand == [] and s.discard[-1] == s.deckdef.by_name["anvil"]
    assert s.factions["vagabot"].vp == 0 and not kinds(g, "score")
    assert "scores nothing: 2.8.1 scores a card given to a bot, not one taken" in kinds(g, "steal")[0].text


def test_7_7_2_tinker_crafts_the_topmost_discarded_card_with_an_available_item() -> None:
    s = vpos({}, character="tinker", marquise_items=["crossbow"])
    s.discard = [s.deckdef.by_name[n] for n in ("anvil", "crossbow_mouse", "ambush_fox")]
    for cid in s.discard:
        s.deck.remove(cid)
    s.item_supply["hammer"] = 1
    g = game(s)
    V.tinker(g)
    assert vb(s).items[-1].kind == "hammer" and s.item_supply["hammer"] == 0 and s.factions["vagabot"].vp == 1
    assert s.discard[0] == s.deckdef.by_name["anvil"]  # the card stays in the discard pile


def test_7_7_3_ranger_slips_with_three_damaged_items() -> None:
    s = vpos({}, character="ranger", location=7, items=items("boots", "torch damaged", "tea damaged", "sword damaged"))
    g = game(s, [("pick", 5)])
    V.ranger(g)
    assert vb(s).forest == 5 and s.clearings[7].pawn is None and kinds(g, "exhaust")


def test_7_7_4_vagrant_starts_a_battle_and_removes_pieces_for_both() -> None:
    s = vpos(
        {7: {"warriors": {"eyrie": 2}, "buildings": [["marquise", "workshop"]], "tokens": []}},
        character="vagrant",
        seats=("marquise", "eyrie", "vagabot"),
    )
    g = game(s, [("roll", (2, 0))])
    V.vagrant(g)
    # the Marquise (A) has no warriors there, so the Eyrie attacks; the defender is the Marquise
    battle_event = kinds(g, "battle")[0]
    assert battle_event.faction == "eyrie" and battle_event.data["defender"] == "marquise"
    assert not s.clearings[7].buildings
    assert s.factions["vagabot"].vp == 1 and s.factions["eyrie"].vp == 0  # he removed it, he scores


def test_7_7_5_scoundrel_removes_all_enemy_pieces_and_covers_a_slot() -> None:
    s = vpos(
        {7: {"warriors": {"marquise": 1, "eyrie": 1}, "buildings": [["marquise", "workshop"], ["eyrie", "roost"]]}},
        character="scoundrel",
        items=items("boots", "torch damaged", "tea", "sword"),
    )
    g = game(s)
    V.scoundrel(g)
    cl = s.clearings[7]
    assert not cl.warriors and not cl.buildings and cl.pawn == "vagabot"
    assert cl.slot_items == ["torch"] and s.free_slots(7) == 1
    assert s.factions["vagabot"].vp == 3  # two buildings and the special
    invariants.check(s)


def test_7_7_5_scoundrel_needs_three_enemy_pieces_with_a_building_or_token() -> None:
    s = vpos({7: {"warriors": {"marquise": 3}}}, character="scoundrel")
    g = game(s)
    V.scoundrel(g)
    assert "no enemy building or token" in kinds(g, "skip")[0].text and s.warriors("marquise", 7) == 3


def test_7_7_5_covered_slots_block_buildings() -> None:
    s = vpos({1: {"slot_items": ["boots"]}})
    assert s.free_slots(1) == 0 and not rules.can_place_building(s, "marquise", 1, "sawmill")


def test_7_7_6_a_bot_defender_enlists_the_arbiter_when_all_three_hold() -> None:
    s = vpos(
        {7: {"warriors": {"marquise": 4, "eyrie": 1}}},
        character="arbiter",
        items=items("boots", "torch", "tea", "sword", "bag", "hammer track1"),
        eyrie_vp=5,
        vagabot_vp=1,
    )
    g = game(s, [("roll", (3, 3))])
    result = battle(g, "marquise", "eyrie", 7, "4.5.1")
    assert kinds(g, "enlist") and s.factions["vagabot"].vp == 2
    assert result.defender_hits == 2  # one Eyrie warrior + one Battle Track item


@pytest.mark.parametrize(
    ("warriors", "attackers", "eyrie_vp", "fails"),
    [(3, 4, 5, "(I)"), (1, 1, 5, "(II)"), (1, 4, 1, "(III)")],
)
def test_7_7_6_a_bot_defender_declines_when_a_condition_fails(warriors: int, attackers: int, eyrie_vp: int, fails: str) -> None:
    s = vpos({7: {"warriors": {"marquise": attackers, "eyrie": warriors}}}, character="arbiter", eyrie_vp=eyrie_vp, vagabot_vp=1)
    g = game(s, [("roll", (0, 0))])
    battle(g, "marquise", "eyrie", 7, "4.5.1")
    declined = kinds(g, "arbiter_declined")
    assert declined and fails in declined[0].text and s.factions["vagabot"].vp == 1


def test_7_7_6_a_human_defender_is_asked() -> None:
    s = vpos({7: {"warriors": {"marquise": 2, "eyrie": 1}}}, humans=("eyrie",), character="arbiter", items=items("boots", "torch", "tea", "sword", "bag", "hammer track1"))
    g = game(s, [("roll", (3, 3))], eyrie=ScriptedHuman(enlist=True))
    result = battle(g, "marquise", "eyrie", 7, "4.5.1")
    assert kinds(g, "enlist") and result.defender_hits == 2
    s2 = vpos({7: {"warriors": {"marquise": 2, "eyrie": 1}}}, humans=("eyrie",), character="arbiter")
    g2 = game(s2, [("roll", (3, 3))], eyrie=ScriptedHuman())
    battle(g2, "marquise", "eyrie", 7, "4.5.1")
    assert kinds(g2, "arbiter_declined") and s2.factions["vagabot"].vp == 0


def test_7_7_6_the_arbiter_is_not_enlisted_in_his_own_battle() -> None:
    s = vpos({7: {"warriors": {"marquise": 2}}}, character="arbiter")
    g = game(s, [("roll", (0, 0))])
    battle(g, "marquise", "vagabot", 7, "4.5.1")
    assert not kinds(g, "enlist") and not kinds(g, "arbiter_declined")


# -- the example turn ------------------------------------------------------------------------------------
def test_7_vagabot_example_turn() -> None:
    """Law of Robotics, 'Vagabot Example Turn' (7.4-7.6), with a human Marquise (she draws a card
    when aided, as the example says)."""
    state = serial.load(POSITIONS / "vagabot_example_turn.json")
    script = [
        ("draw", "arms_trader"),  # 7.4.1: a bird order card showing a sword
        ("draw", QUEST["escort_mouse"]),  # 7.5.2: the new quest
        ("draw", "travel_gear_fox"),  # 7.5.3: the Marquise draws a card for being aided
        ("roll", (3, 3)),  # 7.5.4: a pair of threes
    ]
    g = game(state, script, marquise=ScriptedHuman())
    s = g.state
    invariants.check(s)
    play_turn(g)
    invariants.check(s)
    vs = vb(s)
    vp = s.factions["vagabot"].vp
    lines = [e.text for e in g.log]

    # Birdsong: the crafted sword is his sixth item and goes on the Battle Track; one VP; no slip.
    assert "crafts Arms Trader (bird): the sword goes face up into his Satchel (no crafting pieces needed, 1.1.1)" in lines
    assert "places the sword (face up) on space 1 of the Battle Track (6 undamaged items: maximum rolled hits 2)" in lines
    assert not kinds(g, "slip")
    # Explore: one item to move to fox clearing 12, the nearest ruin, one to explore; the sword.
    moves = [(e.data["a"], e.data["b"]) for e in kinds(g, "move_pawn")]
    assert moves == [("forest 6 (by 4, 9, 12)", 12), ("12", 7)]
    assert "explores the ruin in 12 and reveals a sword" in kinds(g, "explore")[0].text
    assert "exhausts 1 item to explore the ruin in 12 (3 ready left)" in lines
    assert not s.clearings[12].ruin
    # Quest: south to mouse clearing 7 (tied with 9 and 11 on one move, highest priority), two items, one VP.
    assert "chose 7 by highest priority (2.1)" in kinds(g, "move_pawn")[1].text
    assert "exhausts 2 items to complete Expel Bandits (mouse) (1 ready left)" in lines
    # Aid: only the Marquise has a crafted item; he takes the bag, scores one, she draws a card.
    assert "aids marquise in 7 and takes 1 item: bag" in kinds(g, "aid")[0].text
    assert s.factions["marquise"].items == [] and len(s.factions["marquise"].hand) == 4
    # Battle: the Marquise has the most VP; 3-3: he deals two (maximum 2), she deals three.
    assert kinds(g, "battle")[0].data == {"defender": "marquise", "c": 7}
    assert s.warriors("marquise", 7) == 2
    assert [e.data["item"] for e in kinds(g, "damage")] == ["boots", "torch", "tea"]
    assert "moves the sword off space 1 of the Battle Track into the Satchel (5 undamaged items: maximum rolled hits 1)" in lines
    assert "does not battle again in 7: it takes 2 face-up items and he has 1" in lines
    # Evening: a damaged item, so only four refreshed; one repaired (in a clearing).
    assert "refreshes 4 items (up to 4)" in lines
    assert kinds(g, "repair")[0].data["n"] == 1
    # Scores: craft 1 + quest 1 + aid 1 + two warriors 2.
    assert vp == 6 + 5
    assert vs.clearing == 7 and len(vs.items) == 8 and vs.damaged() == 2
    assert s.factions["vagabot"].order is None and s.discard[-1] == s.deckdef.by_name["arms_trader"]
    assert s.current == "marquise"


def test_example_position_saves_and_loads_unchanged() -> None:
    state = serial.load(POSITIONS / "vagabot_example_turn.json")
    assert serial.to_json(serial.loads(serial.dumps(state))) == serial.to_json(state)
    assert state.factions["vagabot"].board is not None



# -- the command line ------------------------------------------------------------------------------------
def _cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    from rootbotics.cli import run

    code = run(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_plays_the_vagabot_with_a_chosen_character_and_shows_him(capsys, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    pos = tmp_path / "pos.json"
    code, out, err = _cli(capsys, "play", "--bots", "vagabot,marquise,eyrie", "--vagabot-character", "Tinker", "--seed", "4", "--turns", "4", "--save", str(pos))
    assert (code, err) == (0, "")
    assert "[7.3.1] vagabot: plays the Tinker, chosen as the game was set up" in out
    code, out, err = _cli(capsys, "show", str(pos))
    assert code == 0 and "Vagabot: the Tinker, in " in out and "Battle Track:" in out
    code, out, err = _cli(capsys, "play", "--bots", "vagabot,eyrie", "--vagabot-character", "bard")
    assert code == 2 and err == "rootbotics: error: --vagabot-character: 'bard' is not a Vagabot character (choose from thief, tinker, ranger, vagrant, scoundrel, arbiter)\n"
    code, out, err = _cli(capsys, "play", "--from", str(pos), "--vagabot-character", "thief")
    assert code == 2 and "cannot be used with --from" in err


def test_7_2_5_an_exhausted_track_item_is_damaged_before_face_up_ones() -> None:
    s = vpos({}, items=items("boots", "torch", "tea", "sword", "bag", "hammer exhausted track1"))
    g = game(s)
    satchel.take_hits(g, "vagabot", 7, 1, "eyrie")
    assert kinds(g, "damage")[0].data == {"item": "hammer", "was": "exhausted", "reason": "for a hit from eyrie in 7", "u": 5}
    assert len(vb(s).ready()) == 5 and vb(s).on_track() == 0


def test_7_2_1_his_moves_cause_no_outrage_but_removing_sympathy_does() -> None:
    s = vpos({6: {"warriors": {"alliance": 2}, "tokens": [["alliance", "sympathy"]]}}, seats=("marquise", "alliance", "vagabot"), humans=("alliance",), location=3, quest="repair_a_shed_fox", character="scoundrel")
    s.factions["alliance"].board.supporters = []
    g = game(s, [("draw", QUEST["escort_mouse"]), ("draw", "anvil")], alliance=ScriptedHuman())
    V.quest(g)  # 3 -> 6, into a sympathetic clearing: the pawn is not a warrior (LoR 8.2.6)
    assert vb(s).clearing == 6 and not kinds(g, "outrage")
    V.scoundrel(g)  # he removes the sympathy token: Outrage, and a bot has no card to give (2.8.1)
    assert [e.data["c"] for e in kinds(g, "outrage")] == [6] and s.factions["alliance"].board.supporters == [s.deckdef.by_name["anvil"]]
    assert s.factions["vagabot"].vp == 1 + 1 + 1  # the quest, the sympathy token, the special


def test_the_box_adds_the_starting_items_of_the_riverfolk_expansion_and_the_vagabond_pack() -> None:
    """The Riverfolk box's eleven item pieces are a second set marked R (bag, boots, hammer,
    sword) and the seven its three characters start with (one coin, one torch, one crossbow, two
    boots, two swords); the Vagabond Pack's three (coin, hammer, boots) are starting items. The
    data's split (``expansion_S_items``) is checked against its component counts."""
    import json
    from importlib import resources

    box = load_item_box()
    assert box.expansions == {"riverfolk": {"boots": 2, "sword": 2, "torch": 1, "coins": 1, "crossbow": 1},
                              "vagabond_pack": {"coins": 1, "hammer": 1, "boots": 1}}
    pieces = json.loads(resources.files("rootbotics.data").joinpath("items.json").read_text())["physical_item_pieces"]
    riverfolk = {k: n for k, n in pieces["riverfolk_expansion"].items() if k != "total"}
    with_r = dict(box.expansions["riverfolk"])
    for k in box.ruin:
        with_r[k] = with_r.get(k, 0) + 1
    assert with_r == riverfolk and sum(riverfolk.values()) == pieces["riverfolk_expansion"]["total"]
    assert box.expansions["vagabond_pack"] == {k: n for k, n in pieces["vagabond_pack"].items() if k != "total"}
    base = {"boots": 4, "sword": 4, "bag": 4, "hammer": 3, "tea": 3, "coins": 2, "crossbow": 2, "torch": 1}
    assert box.total == {k: base[k] + sum(e.get(k, 0) for e in box.expansions.values()) for k in base}


def test_a_character_whose_starting_items_no_box_holds_is_a_data_error() -> None:
    from rootbotics.factions.vagabot.items import check_characters
    from rootbotics.factions.vagabot.vagabond_lor import STARTING

    box = load_item_box()
    check_characters(STARTING, box)  # every character of the Law finds his items
    with pytest.raises(ItemDataError, match="the Thief's starting coins is not among the items marked S"):
        check_characters({"thief": ("coins",)}, box)  # a base-game character finds no coin
