"""Logical Lizards, rule by rule (Law of Robotics section 8), their example turn, their
difficulty and traits (3.3), and what they do to and with the other bots (issue 5 part 6).

Positions are built through the saved-position format (``helpers.position``) on Fall: fox 1, 6,
8, 12; rabbit 3, 4, 5, 10; mouse 2, 7, 9, 11. Any die, draw or pick a test does not script fails
loudly.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import game, position, set_order

from rootbotics.factions.lizards import bot as L
from rootbotics.core import invariants, serial
from rootbotics.core import rules as R
from rootbotics.core.battle import battle
from rootbotics.core.chance import ScriptedChance
from rootbotics.core.context import Game
from rootbotics.controllers import ScriptedHuman
from rootbotics.core.serial import StateError
from rootbotics.game import GameConfig, Seat, bot_config, new_game, play, play_turn

ME = "lizards"
POSITIONS = Path(__file__).parent / "positions"
GM = ["lizards", "garden_mouse"]
GF = ["lizards", "garden_fox"]


def board(s):
    return s.factions[ME].board


def names(s, cards: list[int]) -> list[str]:
    return [s.deckdef.card(c).name for c in cards]


def lizard_position(clearings: dict, seats=("marquise", "eyrie", ME), order: str | None = "mouse", **extra):
    """A position with the Lizards' board given by ``extra['board']`` and its order set."""
    lz = {"acolytes": 0}
    lz.update(extra.pop("board", {}))
    if order is not None:
        lz["order"] = order
    factions = extra
    factions.setdefault(ME, {})
    factions[ME] = {**factions[ME], "lizards": lz}
    return position(clearings, seats=seats, **factions)


def lines(g, rule: str, kind: str | None = None) -> list[str]:
    return [e.text for e in g.log if e.rule == rule and (kind is None or e.kind == kind)]


# -- the example turn ------------------------------------------------------------------------
def test_8_lizards_example_turn() -> None:
    """'Logical Lizards Example Turn', from a saved position (ruling R-LIZ-EXAMPLE)."""
    state = serial.load(POSITIONS / "lizards_example_turn.json")
    ids = state.deckdef.by_name
    script = [("roll", (2, 1)), ("roll", (1, 1)), ("roll", (1, 0)), ("draw", ids["brutal_tactics"])]
    g = Game(state, ScriptedChance(script))
    s = g.state
    play_turn(g)
    invariants.check(s)
    # 8.4.1: 1 bird, 2 fox, 3 mouse: the order is mouse.
    assert lines(g, "8.4.1") == ["its order is mouse: its Lost Souls hold 1 bird, 2 fox, 0 rabbit, 3 mouse"]
    moves = [e.data["name"] for e in g.log if e.rule == "8.4.2" and e.kind == "conspiracy"]
    # The book's five steps, then the two acolytes Robot Revenge added in the first Crusade.
    assert moves[:5] == ["Crusade", "Sanctify", "Convert", "Crusade", "Convert"]
    assert moves[5:] == ["Crusade", "Sanctify", "Convert"]
    fights = [(e.data["c"], e.data["defender"]) for e in g.log.of_kind("battle")]
    assert fights[:2] == [(8, "marquise"), (12, "alliance")]  # higher priority first; most points there
    (sanct,) = lines(g, "8.4.2 III", "sanctify")
    assert sanct.startswith("sanctifies the marquise workshop in 7") and "chose 7 by fewest enemy warriors (8.4.2 III b)" in sanct
    converts = [(e.data["f"], e.data["c"]) for e in g.log if e.kind == "convert"]
    assert converts[:2] == [("alliance", 4), ("marquise", 8)]
    assert "chose 8 by most enemy buildings (8.4.2 I b)" in lines(g, "8.4.2 I", "convert")[1]
    assert lines(g, "8.4.2 II", "no_crusade")  # the fourth step could not crusade
    # Daylight (easy: three rituals): fox to 10 without a garden; bird from 2; mouse with a garden.
    rituals = [e for e in g.log if e.rule in ("8.5.1", "8.5.2") and e.kind in ("place_warriors", "ritual")]
    assert [(e.kind, e.data["c"]) for e in rituals] == [("place_warriors", 10), ("ritual", 2), ("place_warriors", 4)]
    assert "chose 10 by most enemy buildings (8.5.1 I)" in rituals[0].text
    assert "places no garden in 10: it does not rule it" in lines(g, "8.5.1")
    assert "chose 2 by highest priority (2.1)" in rituals[1].text
    assert ("lizards", "garden_mouse") in s.clearings[4].buildings
    assert "armorers" in names(s, s.discard)  # the bird card went to the discard pile
    # Evening: three mouse gardens score 2; Lost Souls discarded; revealed returned; Brutal Tactics on top.
    assert lines(g, "8.6.1") == ["scores 2 VP from its mouse Gardens track (mouse order; 3 mouse gardens on the map) (now 9)"]
    assert {"codebreakers", "favor_of_the_foxes", "scouting_party"} <= set(names(s, s.discard))
    assert names(s, board(s).lost_souls) == ["investments", "root_tea_fox", "brutal_tactics"]  # bottom to top
    assert lines(g, "8.6.4", "craft_skipped") == ["does not craft Brutal Tactics (bird): it shows no item"]
    assert s.factions[ME].vp == 9 and s.factions[ME].items == []


# -- 8.2 faction rules ----------------------------------------------------------------------------
def test_8_2_1_pilgrims_a_garden_rules_its_clearing() -> None:
    s = lizard_position({2: {"warriors": {"marquise": 3}, "buildings": [GM]}, 7: {"warriors": {"eyrie": 1, ME: 1}}})
    assert R.ruler(s, 2) == ME  # against three Marquise warriors
    assert R.ruler(s, 7) == "eyrie"  # no garden: Lords of the Forest as usual
    assert 2 in R.ruled_clearings(s, ME)


def test_8_2_1_pilgrims_hold_against_a_marquise_with_mercenaries() -> None:
    """8.2.1 with Mercenaries (9.2.3 III): the Lizards' garden in 2 still rules it, though the
    Marquise's warrior and the two hired Riverfolk warriors outnumber it, so she cannot build there."""
    from rootbotics.factions.marquise import bot as M

    s = position({2: {"warriors": {"marquise": 1, "riverfolk": 2}, "buildings": [GM]}}, seats=("marquise", "riverfolk", ME), turn=0)
    s.phase = "daylight"
    s.services["marquise"] = ["mercenaries"]
    assert R.ruler(s, 2) == ME and R.ruled_clearings(s, "marquise") == []
    g = game(s)
    assert not M.build(g, "mouse")
    assert s.clearings[2].buildings == [tuple(GM)]


def test_8_2_2_robot_revenge_one_removed_warrior_becomes_an_acolyte() -> None:
    s = lizard_position({7: {"warriors": {"marquise": 3, ME: 3}}})
    g = game(s, [("roll", (3, 0))])
    battle(g, "marquise", ME, 7, "test")
    assert s.warriors(ME, 7) == 0 and board(s).acolytes == 1
    assert s.factions[ME].supply["warrior"] == 25 - 1  # two back to supply, one in the Acolytes box
    assert lines(g, "8.2.2")[0].startswith("Robot Revenge: one of the warriors lost in 7")
    invariants.check(s)


def test_8_2_3_a_removed_garden_sends_the_top_lost_soul_to_the_discard_pile() -> None:
    s = lizard_position({2: {"warriors": {"marquise": 2}, "buildings": [GM]}}, board={"lost_souls": ["anvil", "cobbler"]})
    g = game(s, [("roll", (1, 0))])
    battle(g, "marquise", ME, 2, "test")  # defenseless garden: 1 + 1 hits
    assert ("lizards", "garden_mouse") not in s.clearings[2].buildings
    assert names(s, board(s).lost_souls) == ["anvil"] and names(s, s.discard) == ["cobbler"]
    assert s.factions["marquise"].vp == 1
    invariants.check(s)


def test_8_2_4_every_players_discards_land_in_lost_souls() -> None:
    s = lizard_position({}, seats=("marquise", ME, "eyrie"), humans=("eyrie",), eyrie={"hand": ["anvil"]})
    g = game(s)
    set_order(g, "marquise", "cobbler")
    R.discard_order(g, "marquise", "4.6.2")  # a bot's order card
    R.give_card_to_bot(g, "eyrie", "marquise", s.deckdef.by_name["anvil"], "test")  # a human's card
    assert names(s, board(s).lost_souls) == ["cobbler", "anvil"] and s.discard == []
    assert len(lines(g, "8.2.4")) == 2


def test_8_2_4_dominance_cards_go_on_the_lost_souls_too() -> None:
    """8.2.4, ruling R-LIZ-LOST-SOULS: every card another seat spends or discards, a dominance card
    included, goes on the bot's Lost Souls; it is placed beside the map (LoR 3.3.3) only when the
    Lizards discard their Lost Souls in Evening (8.6.2)."""
    s = lizard_position({}, seats=("marquise", ME))
    g = game(s)
    set_order(g, "marquise", "dominance_fox")
    R.discard_order(g, "marquise", "4.6.2")  # the bot Marquise's order card, at the end of its turn
    dom = s.deckdef.by_name["dominance_fox"]
    assert board(s).lost_souls == [dom] and s.available_dominance == [] and s.discard == []
    assert lines(g, "8.2.4", "lost_soul") == ["Dominance (fox) goes on top of its Lost Souls instead of the discard pile"]
    L.discard_lost_souls(g)
    assert board(s).lost_souls == [] and s.available_dominance == [dom]


# -- 8.3 setup ------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(4))
def test_8_3_setup(seed: int) -> None:
    g = new_game(bot_config(["marquise", "eyrie", ME], "fall", seed))
    s = g.state
    corner = s.start_corners[ME]
    assert corner not in (s.start_corners["marquise"], s.start_corners["eyrie"])  # 8.3.2
    starts = {s.start_corners["marquise"], s.start_corners["eyrie"]}
    opposite = [c for c in s.map.corners if c not in starts and s.map.opposite_corner[c] in starts]
    if opposite:
        assert corner in opposite
    assert s.warriors(ME, corner) >= 4 and (ME, f"garden_{s.suit(corner)}") in s.clearings[corner].buildings
    assert all(s.warriors(ME, c) >= 1 for c in s.map.adjacent[corner])
    fs = s.factions[ME]
    assert fs.supply["warrior"] == 25 - 4 - len(s.map.adjacent[corner])  # 8.3.1, 8.3.2
    assert sum(fs.supply[f"garden_{t}"] for t in ("fox", "rabbit", "mouse")) == 14  # 8.3.4
    assert board(s).conspiracy == 4 and L.CONSPIRACIES[4] == "sanctify"  # 8.3.3
    assert len(board(s).lost_souls) == 3  # 8.3.5
    invariants.check(s)


# -- 8.4 Birdsong ---------------------------------------------------------------------------------
def test_8_4_1_the_order_is_the_most_common_suit_and_bird_on_a_tie() -> None:
    s = lizard_position({}, order=None, board={"lost_souls": ["anvil", "cobbler", "cobbler#2"]})
    g = game(s)
    assert L.set_order(g) == "rabbit"
    board(s).lost_souls.append(s.deckdef.by_name["tax_collector"])
    assert L.set_order(g) == "bird"  # two fox, two rabbit
    board(s).lost_souls[:] = []
    assert L.set_order(g) == "bird"  # nothing at all is a tie too


def test_8_4_2_the_marker_moves_right_wraps_and_spends_an_acolyte_per_conspiracy() -> None:
    s = lizard_position({2: {"warriors": {"marquise": 2}}, 7: {"warriors": {ME: 1}}}, board={"acolytes": 2, "conspiracy": 4})
    g = game(s)
    L.perform_conspiracies(g)
    # Sanctify -> Convert (done), Crusade (cannot), Convert (done): two acolytes, two conversions.
    assert [e.data["name"] for e in g.log.of_kind("conspiracy")] == ["Convert", "Crusade", "Convert"]
    assert board(s).acolytes == 0 and board(s).conspiracy == 2
    assert s.warriors(ME, 2) == 2 and s.warriors("marquise", 2) == 0
    invariants.check(s)


def test_8_4_2_no_acolytes_no_conspiracy() -> None:
    s = lizard_position({2: {"warriors": {"marquise": 2}}})
    g = game(s)
    L.perform_conspiracies(g)
    assert board(s).conspiracy == 4 and not g.log.of_kind("conspiracy")


def test_8_4_2_a_lap_with_nothing_performed_ends_the_step() -> None:
    """Ruling R-LIZ-STALL: five spaces in a row that cannot be performed end the step."""
    s = lizard_position({7: {"warriors": {ME: 1}}}, board={"acolytes": 3})
    g = game(s)
    L.perform_conspiracies(g)
    assert len(g.log.of_kind("conspiracy")) == 5 and board(s).acolytes == 3
    assert g.log.of_kind("stall")


def test_8_4_2_I_a_convert_the_player_with_the_most_points() -> None:
    s = lizard_position({2: {"warriors": {"marquise": 1}}, 9: {"warriors": {"eyrie": 1}}}, marquise={"vp": 3}, eyrie={"vp": 5})
    g = game(s)
    assert L.convert(g)
    assert s.warriors("eyrie", 9) == 0 and s.warriors(ME, 9) == 1 and s.warriors("marquise", 2) == 1


def test_8_4_2_I_b_convert_where_the_most_enemy_buildings_are() -> None:
    s = lizard_position({2: {"warriors": {"marquise": 1}}, 9: {"warriors": {"marquise": 1}, "buildings": [["eyrie", "roost"]]}})
    g = game(s)
    assert L.convert(g)
    assert s.warriors(ME, 9) == 1 and s.warriors(ME, 2) == 0
    assert "chose 9 by most enemy buildings (8.4.2 I b)" in lines(g, "8.4.2 I", "convert")[0]


def test_8_4_2_I_convert_only_in_ordered_clearings_and_never_in_the_keeps() -> None:
    s = lizard_position({3: {"warriors": {"marquise": 1}}, 1: {"warriors": {"marquise": 1}, "tokens": [["marquise", "keep"]]}}, order="bird")
    g = game(s)
    assert L.convert(g)  # bird order: any clearing, but not the keep's (4.2.1)
    assert s.warriors(ME, 3) == 1 and s.warriors("marquise", 1) == 1
    s2 = lizard_position({3: {"warriors": {"marquise": 1}}}, order="mouse")
    assert not L.convert(game(s2))  # 3 is rabbit


def test_8_4_2_II_crusade_battles_in_each_ordered_clearing_with_two_warriors() -> None:
    s = lizard_position(
        {
            2: {"warriors": {ME: 2, "marquise": 1, "eyrie": 1}},
            7: {"warriors": {ME: 1, "marquise": 1}},
            9: {"warriors": {ME: 3, "marquise": 1}},
            11: {"warriors": {ME: 2}},
        },
        marquise={"vp": 2}, eyrie={"vp": 4},
    )
    g = game(s, [("roll", (1, 0)), ("roll", (1, 0))])
    assert L.crusade(g)
    assert [(e.data["c"], e.data["defender"]) for e in g.log.of_kind("battle")] == [(2, "eyrie"), (9, "marquise")]


def test_8_4_2_II_crusade_without_an_enemy_is_not_performed() -> None:
    s = lizard_position({11: {"warriors": {ME: 4}}})
    assert not L.crusade(game(s))


def test_8_4_2_III_sanctify_the_richest_players_building_where_fewest_enemy_warriors() -> None:
    s = lizard_position(
        {
            2: {"warriors": {"marquise": 2}, "buildings": [["marquise", "sawmill"]]},
            7: {"warriors": {"marquise": 1}, "buildings": [["marquise", "workshop"]]},
            9: {"buildings": [["eyrie", "roost"]]},
        },
        marquise={"vp": 6}, eyrie={"vp": 1},
    )
    g = game(s)
    assert L.sanctify(g)
    assert s.clearings[7].buildings == [("lizards", "garden_mouse")]
    assert s.factions[ME].vp == 1  # LoR 3.2.1 for the workshop
    assert R.ruler(s, 7) == ME
    invariants.check(s)


def test_8_4_2_III_sanctify_picks_a_building_type_at_random_and_needs_a_garden() -> None:
    """Ruling R-LIZ-SANCTIFY."""
    s = lizard_position({2: {"buildings": [["marquise", "sawmill"], ["marquise", "recruiter"]]}})
    g = game(s, [("pick", "sawmill")])
    assert L.sanctify(g)
    assert sorted(s.clearings[2].buildings) == [("lizards", "garden_mouse"), ("marquise", "recruiter")]
    s.factions[ME].supply["garden_mouse"] = 0  # the mouse track is empty
    assert not L.sanctify(g)


def snared_lizard_position(clearings: dict) -> object:
    """``lizard_position`` with the Corvids seated and a face-up snare of theirs in 2 (mouse)."""
    clearings[2] = {**clearings.get(2, {}), "tokens": [["corvids", "plot"]]}
    return lizard_position(clearings, seats=("marquise", "corvids", ME), corvids={"plots": {"2": {"kind": "snare", "face_up": True}}})


def test_11_8_2_a_snare_stops_convert_before_the_enemy_warrior_goes() -> None:
    """11.8.2: Convert (8.4.2 I) replaces the warrior in one placement; the snare in that clearing
    takes its place, so the enemy warrior stays and nobody scores for it (ruling R-SNARE)."""
    s = snared_lizard_position({2: {"warriors": {"marquise": 1}}})
    g = game(s)
    assert L.convert(g)  # the snare's removal was the action (R-SNARE)
    assert s.warriors("marquise", 2) == 1 and s.warriors(ME, 2) == 0
    assert s.factions["corvids"].board.plots == {} and s.factions[ME].vp == 1  # the snare only
    assert not g.log.of_kind("convert") and not [e for e in g.log if e.faction == "marquise"]
    (snare,) = lines(g, "11.8.2", "snare")
    assert "convert" in snare and "chose 2" in snare  # the cancelled convert keeps its explanation
    invariants.check(s)


def test_11_8_2_a_snare_stops_sanctify_before_the_enemy_building_goes() -> None:
    """11.8.2: Sanctify (8.4.2 III) replaces the building in one placement; the snare in that
    clearing takes its place, so the building stays and is not scored (ruling R-SNARE)."""
    s = snared_lizard_position({2: {"buildings": [["marquise", "sawmill"]]}})
    g = game(s)
    assert L.sanctify(g)
    assert s.clearings[2].buildings == [("marquise", "sawmill")]
    assert s.factions["corvids"].board.plots == {} and s.factions[ME].vp == 1  # the snare only
    assert not g.log.of_kind("sanctify") and not [e for e in g.log if e.faction == "marquise"]
    (snare,) = lines(g, "11.8.2", "snare")
    assert "sanctify" in snare and "chose 2" in snare
    invariants.check(s)


# -- 8.5 Daylight ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("level", "n"), [("easy", 3), ("default", 4), ("challenging", 5), ("nightmare", 5)])
def test_8_5_reveal_the_top_lost_souls_by_difficulty(level: str, n: int) -> None:
    souls = ["cobbler", "cobbler#2", "command_warren", "command_warren#2", "bake_sale", "a_visit_to_friends"]
    s = lizard_position({}, board={"lost_souls": souls}, lizards={"difficulty": level})
    g = game(s)
    L.rituals(g)
    assert len(g.log.of_kind("reveal")) == n
    assert names(s, board(s).revealed) == list(reversed(souls))[:n]


def test_8_5_1_I_a_warrior_where_slots_are_free_then_most_enemy_buildings() -> None:
    s = lizard_position(
        {
            2: {"buildings": [["marquise", "sawmill"], ["marquise", "workshop"]]},  # full
            7: {"buildings": [["eyrie", "roost"]]},
            9: {},
        }
    )
    g = game(s)
    assert L.suit_ritual(g, "mouse") == 7
    assert "places no garden in 7: it does not rule it" in lines(g, "8.5.1")


def test_8_5_1_a_garden_where_it_rules() -> None:
    s = lizard_position({2: {"warriors": {ME: 1, "marquise": 1}}, 7: {"buildings": [["marquise", "sawmill"], ["marquise", "workshop"]]}})
    g = game(s)
    assert L.suit_ritual(g, "mouse") == 2  # 7 is full; 2, 9 and 11 tie, 2 has priority
    assert ("lizards", "garden_mouse") in s.clearings[2].buildings


def test_8_5_2_bird_ritual_makes_an_acolyte_and_discards_the_card() -> None:
    s = lizard_position({7: {"warriors": {ME: 2}}, 9: {"warriors": {ME: 2}}, 11: {"warriors": {ME: 1}}}, board={"lost_souls": ["sappers"]})
    g = game(s)
    L.rituals(g)
    assert s.warriors(ME, 7) == 1 and board(s).acolytes == 1
    assert names(s, s.discard) == ["sappers"] and board(s).revealed == [] and board(s).lost_souls == []
    invariants.check(s)


# -- 8.6 Evening ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("gardens", "vp"), [(0, 0), (1, 0), (2, 2), (3, 2), (4, 3)])
def test_8_6_1_score_the_ordered_gardens_track(gardens: int, vp: int) -> None:
    s = lizard_position({c: {"buildings": [GM]} for c in (2, 7, 9, 11)[:gardens]})
    g = game(s)
    L.score_gardens(g)
    assert s.factions[ME].vp == vp


def test_8_6_1_a_bird_order_scores_the_track_with_the_fewest_gardens_left() -> None:
    s = lizard_position({2: {"buildings": [GM]}, 7: {"buildings": [GM]}, 1: {"buildings": [GF]}}, order="bird")
    g = game(s)
    L.score_gardens(g)
    assert s.factions[ME].vp == 2 and "the mouse track has the fewest gardens left" in lines(g, "8.6.1")[0]


def test_8_6_2_to_8_6_4_discard_return_and_craft() -> None:
    s = lizard_position({}, board={"lost_souls": ["cobbler", "anvil"], "revealed": ["bake_sale", "sappers#2"]})
    g = game(s, [("draw", "root_tea_fox")])
    L.discard_lost_souls(g)
    assert names(s, s.discard) == ["anvil", "cobbler"] and board(s).lost_souls == []
    L.return_revealed(g)
    assert names(s, board(s).lost_souls) == ["sappers#2", "bake_sale"]  # the first revealed on top
    L.craft(g)
    assert s.factions[ME].items == ["tea"] and s.factions[ME].vp == 1
    assert names(s, board(s).lost_souls)[-1] == "root_tea_fox"
    invariants.check(s)


# -- difficulty and traits (3.3) --------------------------------------------------------------------
def test_3_3_1_lizards_nightmare_scores_one_at_the_end_of_evening() -> None:
    s = lizard_position({}, lizards={"difficulty": "nightmare"})
    g = game(s, [("draw", "cobbler")])
    L.LogicalLizards().evening(g)
    assert s.factions[ME].vp == 1


@pytest.mark.parametrize(("traits", "battles"), [((), 0), (("fanatics",), 1)])
def test_3_3_2_lizards_fanatics_battle_after_convert(traits, battles) -> None:
    s = lizard_position({2: {"warriors": {"marquise": 2}, "buildings": [["eyrie", "roost"]]}}, lizards={"traits": list(traits)})
    g = game(s, [("roll", (0, 0))] * battles)
    assert L.convert(g)
    fights = g.log.of_kind("battle")
    assert len(fights) == battles
    if battles:
        # The Eyrie's roost is defenseless (no Eyrie warrior there): it is the defender, and
        # the extra hit plus the defenseless hit remove it.
        assert fights[0].data["defender"] == "eyrie" and ("eyrie", "roost") not in s.clearings[2].buildings


@pytest.mark.parametrize(("traits", "acolytes"), [((), 1), (("martyrs",), 2)])
def test_3_3_2_lizards_martyrs(traits, acolytes) -> None:
    s = lizard_position({7: {"warriors": {ME: 1}}}, board={"lost_souls": ["sappers"]}, lizards={"traits": list(traits)})
    g = game(s)
    L.rituals(g)
    assert board(s).acolytes == acolytes
    invariants.check(s)


@pytest.mark.parametrize(("traits", "souls"), [((), 1), (("erratic",), 2)])
def test_3_3_2_lizards_erratic(traits, souls) -> None:
    s = lizard_position({}, lizards={"traits": list(traits)})
    g = game(s, [("draw", "cobbler"), ("draw", "anvil")][:souls])
    L.LogicalLizards().evening(g)
    assert len(board(s).lost_souls) == souls


@pytest.mark.parametrize(("traits", "vp"), [((), 1), (("spiteful",), 2)])
def test_3_3_2_lizards_spiteful(traits, vp) -> None:
    s = lizard_position({2: {"warriors": {ME: 2}, "tokens": [["alliance", "sympathy"]]}}, seats=("alliance", ME), lizards={"traits": list(traits)})
    g = game(s, [("roll", (0, 0))])
    assert L.crusade(g)  # defenseless sympathy: one hit removes it
    assert s.factions[ME].vp == vp


# -- part 6: the Lizards and the other bots ---------------------------------------------------------
def test_8_4_2_I_convert_a_marquise_warrior() -> None:
    s = lizard_position({2: {"warriors": {"marquise": 1}}})
    assert L.convert(game(s)) and s.warriors(ME, 2) == 1 and s.factions["marquise"].supply["warrior"] == 25


def test_8_4_2_I_convert_an_eyrie_warrior_ends_lords_of_the_forest_there() -> None:
    s = lizard_position({2: {"warriors": {"eyrie": 1, ME: 1}}})
    assert R.ruler(s, 2) == "eyrie"
    assert L.convert(game(s)) and R.ruler(s, 2) == ME


def test_8_4_2_I_convert_an_alliance_warrior_sets_off_nothing() -> None:
    s = lizard_position({2: {"warriors": {"alliance": 1}, "tokens": [["alliance", "sympathy"]]}}, seats=("alliance", ME))
    g = game(s)
    assert L.convert(g) and s.warriors(ME, 2) == 1
    assert ("alliance", "sympathy") in s.clearings[2].tokens and not g.log.of_kind("outrage")


def test_8_4_2_I_the_vagabot_has_no_warrior_to_convert() -> None:
    """Ruling R-LIZ-VAGABOT: his pawn is no warrior, so Convert passes over him."""
    vb = {"character": "thief", "location": 2, "items": ["boots", "torch", "tea", "sword"]}
    s = lizard_position({2: {}, 7: {"warriors": {"marquise": 1}}}, seats=("marquise", "vagabot", ME), vagabot={"vp": 20, "vagabot": vb})
    g = game(s)
    assert L.convert(g) and s.warriors(ME, 7) == 1
    assert "vagabot" not in lines(g, "8.4.2 I", "convert")[0]


def test_8_4_2_III_sanctify_an_eyrie_roost() -> None:
    s = lizard_position({9: {"warriors": {"eyrie": 2}, "buildings": [["eyrie", "roost"]]}})
    g = game(s)
    assert L.sanctify(g)
    assert s.clearings[9].buildings == [("lizards", "garden_mouse")] and s.factions["eyrie"].supply["roost"] == 7
    assert R.ruler(s, 9) == ME  # Pilgrims against two Eyrie warriors


def test_8_4_2_III_sanctify_an_alliance_base_sets_off_crackdown() -> None:
    s = lizard_position(
        {2: {"buildings": [["alliance", "base_mouse"]]}, 7: {"tokens": [["alliance", "sympathy"]]}, 1: {"tokens": [["alliance", "sympathy"]]}},
        seats=("alliance", ME),
    )
    g = game(s)
    assert L.sanctify(g)
    assert s.clearings[2].buildings == [("lizards", "garden_mouse")]
    assert ("alliance", "sympathy") not in s.clearings[7].tokens  # mouse sympathy gone (6.2.4)
    assert ("alliance", "sympathy") in s.clearings[1].tokens
    assert s.factions[ME].vp == 1  # the base only (ruling R-CRACKDOWN)


def test_8_4_2_III_sanctify_a_marquise_building_but_never_in_the_keeps_clearing() -> None:
    s = lizard_position({1: {"buildings": [["marquise", "sawmill"]], "tokens": [["marquise", "keep"]]}, 12: {"buildings": [["marquise", "workshop"]]}}, order="fox")
    g = game(s)
    assert L.sanctify(g)
    assert ("marquise", "sawmill") in s.clearings[1].buildings and s.clearings[12].buildings == [("lizards", "garden_fox")]


def test_8_4_2_III_the_vagabot_has_no_building_to_sanctify() -> None:
    vb = {"character": "thief", "location": 2, "items": ["boots", "torch", "tea", "sword"]}
    s = lizard_position({2: {}}, seats=("vagabot", ME), vagabot={"vp": 20, "vagabot": vb})
    assert not L.sanctify(game(s))


def test_8_2_2_8_2_3_an_alliance_revolt_on_a_garden() -> None:
    """remove_all_enemy_pieces on the Lizards: the garden's Lost Soul is discarded, and of the
    warriors removed one becomes an acolyte."""
    from rootbotics.factions.alliance import bot as A

    s = lizard_position({2: {"warriors": {ME: 3}, "buildings": [GM], "tokens": [["alliance", "sympathy"]]}}, seats=("alliance", ME), board={"lost_souls": ["anvil"]})
    g = game(s)
    A.rise_up(g, 2, "6.4.3", lambda: "test")
    assert s.warriors(ME, 2) == 0 and board(s).acolytes == 1
    assert names(s, s.discard) == ["anvil"] and ("alliance", "base_mouse") in s.clearings[2].buildings
    assert s.factions["alliance"].vp == 1
    invariants.check(s)


def test_8_2_4_the_eyrie_turmoil_discards_its_decree_into_lost_souls() -> None:
    g = new_game(bot_config(["eyrie", ME], "fall", 3))
    s = g.state
    from rootbotics.factions.eyrie import bot as E

    fs = s.factions["eyrie"]
    card = s.deck.pop()
    fs.board.decree["fox"].append(card)  # type: ignore[index]
    before = list(board(s).lost_souls)
    E.turmoil(g)
    assert board(s).lost_souls[: len(before)] == before and card in board(s).lost_souls
    invariants.check(s)


# -- saved positions ----------------------------------------------------------------------------
def test_the_lizards_board_round_trips_and_is_validated() -> None:
    s = serial.load(POSITIONS / "lizards_example_turn.json")
    again = serial.loads(serial.dumps(s))
    assert serial.to_json(again) == serial.to_json(s)
    assert again.factions[ME].supply["warrior"] == 25 - 7 - 4  # seven on the map, four acolytes
    data = json.loads((POSITIONS / "lizards_example_turn.json").read_text())
    bad = json.loads(json.dumps(data))
    bad["factions"][ME]["lizards"]["conspiracy"] = 5
    with pytest.raises(StateError, match=r"^factions\.lizards\.lizards\.conspiracy"):
        serial.from_json(bad)
    bad = json.loads(json.dumps(data))
    bad["factions"][ME]["lizards"]["lost_souls"].append("armorers")
    with pytest.raises(StateError, match=r"factions\.lizards\.lizards\.lost_souls\.6: card \"armorers\" is already"):
        serial.from_json(bad)
    bad = json.loads(json.dumps(data))
    bad["clearings"]["10"]["buildings"].append(["lizards", "garden_mouse"])
    with pytest.raises(StateError, match=r"^clearings\.10\.buildings\.1: a garden_mouse stands only in a mouse clearing"):
        serial.from_json(bad)
    bad = json.loads(json.dumps(data))
    bad["factions"]["marquise"]["lizards"] = {}
    with pytest.raises(StateError, match=r"^factions\.marquise\.lizards"):
        serial.from_json(bad)


def test_the_acolytes_are_conserved() -> None:
    s = serial.load(POSITIONS / "lizards_example_turn.json")
    board(s).acolytes += 1
    assert any("lizards warrior" in v for v in invariants.violations(s))


# -- random games ---------------------------------------------------------------------------------
LINEUPS = [
    ("marquise", "eyrie", ME),
    (ME, "alliance", "vagabot", "marquise"),
    ("eyrie", ME, "vagabot", "alliance", "marquise"),
]


def lizard_game(seed: int, seats: tuple[str, ...], map_name: str) -> Game:
    g = new_game(GameConfig([Seat(f) for f in seats], map_name, seed))
    live: list[str] = []

    def after_event(event) -> None:
        live.append(event.text)
        invariants.check(g.state)

    g.log.listeners.append(after_event)
    play(g)
    assert [e.text for e in g.log][-len(live) :] == live
    return g


@pytest.mark.parametrize("seed", range(6))
def test_random_lizard_games_end_and_conserve_everything(seed: int) -> None:
    seats = LINEUPS[seed % 3]
    g = lizard_game(seed, seats, ("fall", "winter", "lake", "mountain")[seed % 4])
    assert g.state.winner is not None and g.state.phase == "over"


@pytest.mark.soak
@pytest.mark.parametrize("seed", range(300))
def test_soak_random_lizard_games(seed: int) -> None:
    seats = LINEUPS[seed % 3]
    g = lizard_game(1000 + seed, seats[seed % len(seats) :] + seats[: seed % len(seats)], ("fall", "winter", "lake", "mountain")[seed % 4])
    assert g.state.winner is not None


def test_a_human_seat_next_to_the_lizards_has_its_discards_taken() -> None:
    """A human Marquise spending a card for Field Hospitals: the card joins the Lost Souls."""
    s = lizard_position(
        {1: {"tokens": [["marquise", "keep"]]}, 2: {"warriors": {"marquise": 2, ME: 3}}},
        seats=("marquise", ME), humans=("marquise",), marquise={"hand": ["codebreakers"]},
    )
    hospitals = ScriptedHuman(hospitals=True)
    g = game(s, [("roll", (2, 0))], marquise=hospitals)
    battle(g, ME, "marquise", 2, "test")
    assert names(s, board(s).lost_souls) == ["codebreakers"] and s.warriors("marquise", 1) == 2


def test_8_4_2_II_crusade_against_the_vagabot_damages_his_items() -> None:
    """Ruling R-LIZ-VAGABOT: the Vagabot can be the Crusade's defender; hits damage items (7.2.5)."""
    vb = {"character": "thief", "location": 2, "items": ["boots", "torch", "tea", "sword"]}
    s = lizard_position({2: {"warriors": {ME: 2, "marquise": 1}}}, seats=("marquise", "vagabot", ME), vagabot={"vp": 20, "vagabot": vb}, marquise={"vp": 3})
    g = game(s, [("roll", (2, 0))])
    assert L.crusade(g)
    assert g.log.of_kind("battle")[0].data["defender"] == "vagabot"
    assert s.factions["vagabot"].board.damaged() == 2 and s.warriors(ME, 2) == 2
    invariants.check(s)


def test_the_lizards_have_no_order_card() -> None:
    data = json.loads((POSITIONS / "lizards_example_turn.json").read_text())
    data["factions"][ME]["order"] = "anvil"
    with pytest.raises(StateError, match=r"^factions\.lizards\.order: the Lizards draw no order card"):
        serial.from_json(data)


@pytest.mark.parametrize("level", ["easy", "default", "challenging", "nightmare"])
def test_lizard_games_with_every_trait_at_every_difficulty(level: str) -> None:
    traits = ("erratic", "fanatics", "martyrs", "spiteful")
    seats = [Seat("marquise"), Seat(ME, difficulty=level, traits=traits), Seat("alliance"), Seat("vagabot")]
    g = new_game(GameConfig(seats, "fall", 40 + len(level)))
    play(g, on_turn=lambda g: invariants.check(g.state))
    assert g.state.winner is not None
    rules_used = {e.rule for e in g.log if e.faction == ME}
    assert "3.3.2" in rules_used
