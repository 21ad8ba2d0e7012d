"""Cogwheel Corvids (Law of Robotics section 11), rule by rule, and what their plots do to every
other bot (11.8). Positions are built on an empty Fall map (fox 1 6 8 12, mouse 2 7 9 11, rabbit
3 4 5 10); dice and random picks are scripted."""

from __future__ import annotations

import pytest
from conftest import card_id, fall_state, make_game, put_building, put_token, put_warriors
from helpers import game as helpers_game
from helpers import position

from rootbotics.factions.alliance import bot as alliance
from rootbotics.factions.corvids import bot as corvids
from rootbotics.factions.eyrie import bot as eyrie
from rootbotics.factions.marquise import bot as marquise
from rootbotics.factions.vagabot import bot as vagabot
from rootbotics.core import invariants, rules
from rootbotics.factions.corvids import plots
from rootbotics.core.battle import battle
from rootbotics.core.chance import RngChance
from rootbotics.controllers import ScriptedHuman
from rootbotics.factions.vagabot.items import Item, VagabotState, put_pawn
from rootbotics.core.state import GameState
from rootbotics.game import GameConfig, Seat, new_game
from rootbotics.factions.marquise.faction import keep_clearing

C = "corvids"


def put_plot(state: GameState, c: int, kind: str, up: bool = False) -> None:
    """A plot of ``kind`` in ``c``, face up or down, taken from the Corvids' supply."""
    fs = state.factions[C]
    assert fs.board.plots is not None and fs.supply["plot"] > 0 and c not in fs.board.plots
    fs.supply["plot"] -= 1
    state.clearings[c].tokens.append((C, "plot"))
    fs.board.plots[c] = (kind, up)


def order(state: GameState, faction: str, name: str) -> None:
    state.factions[faction].order = card_id(state, name)


def check(s: GameState) -> None:
    """Conservation, but for the deck: these positions are built without one."""
    assert [v for v in invariants.violations(s) if "card" not in v] == []


def texts(g, rule: str) -> list[str]:
    return [e.text for e in g.log if e.rule == rule]


# -- 11.2 faction rules ------------------------------------------------------------------------
def test_11_2_1_nimble_moves_regardless_of_rule() -> None:
    s = fall_state(C, "marquise", "eyrie")
    put_warriors(s, C, 1, 1)
    put_warriors(s, "eyrie", 1, 1)
    put_warriors(s, "marquise", 1, 3)
    put_warriors(s, "marquise", 5, 3)
    assert rules.can_move(s, C, 1, 5)
    assert not rules.can_move(s, "eyrie", 1, 5)  # an ordinary mover needs to rule one end


def test_11_2_2_embedded_agents_extra_hit_even_defenseless() -> None:
    s = fall_state("marquise", C)
    put_warriors(s, "marquise", 1, 3)
    put_plot(s, 1, "raid", up=False)
    g = make_game(s, [("roll", (2, 0))])
    res = battle(g, "marquise", C, 1, "test")
    assert res.defender_hits == 1  # no warriors, yet one hit: Embedded Agents
    assert any("Embedded Agents" in t for t in texts(g, "11.2.2"))
    # a face-up plot is no agent
    s = fall_state("marquise", C)
    put_warriors(s, "marquise", 1, 3)
    put_plot(s, 1, "raid", up=True)
    g = make_game(s, [("roll", (2, 0))])
    assert battle(g, "marquise", C, 1, "test").defender_hits == 0


# -- 11.3 setup --------------------------------------------------------------------------------
def test_11_3_setup_gathers_and_scatters_to_lowest_priority_of_each_suit() -> None:
    g = new_game(GameConfig([Seat(C), Seat("marquise"), Seat("eyrie")], seed=3))
    s = g.state
    fs = s.factions[C]
    assert fs.supply["plot"] == 8 and fs.board.plots == {}
    placed = {c: s.warriors(C, c) for c in range(1, 13) if s.warriors(C, c)}
    # fox 12, mouse 11, rabbit 10 - unless the keep forbids one (then the next lowest)
    keep = keep_clearing(s)
    expect = {12, 11, 10} - {keep}
    assert expect <= set(placed) and sum(placed.values()) == 3 and fs.supply["warrior"] == 12


# -- 11.4 Birdsong -----------------------------------------------------------------------------
def test_11_4_3_recruit_prefers_no_plot_then_most_warriors() -> None:
    s = fall_state(C, "marquise")
    order(s, C, "ambush_fox")
    put_warriors(s, C, 6, 3)
    put_plot(s, 6, "bomb")
    put_warriors(s, C, 8, 1)
    g = make_game(s)
    corvids.recruit(g)
    # 1, 8, 12 have no plot; 8 has the most warriors; then 1 by priority. 6 has a plot.
    assert [s.warriors(C, c) for c in (1, 6, 8, 12)] == [2, 3, 3, 0]


def test_11_4_3_II_plot_thickens_when_the_supply_runs_out_midway() -> None:
    s = fall_state(C, "marquise")
    order(s, C, "ambush_fox")
    put_warriors(s, C, 4, 13)  # rabbit clearing: the thickening happens here
    put_warriors(s, C, 1, 1)  # one warrior left in supply
    g = make_game(s, [("pick", "snare"), ("pick", "raid")])
    corvids.recruit(g)
    # 1 takes one warrior, the plot thickens in 4 (the most), 1 takes the freed one; before 6 the
    # plot thickens in 1 (now three), 6 takes that one; then nothing is left to thicken.
    assert plots.plot_map(s) == {4: ("snare", False), 1: ("raid", False)}
    assert [s.warriors(C, c) for c in (1, 4, 6)] == [2, 12, 1]
    assert s.factions[C].supply["warrior"] == 0
    assert texts(g, "11.4.3 II")[0].startswith("has no warriors left")
    assert "rest of the recruit is not placed" in texts(g, "11.4.3 II")[-1]
    check(s)


def test_11_4_3_II_without_a_clearing_to_thicken_the_rest_is_not_placed() -> None:
    s = fall_state(C, "marquise")
    order(s, C, "ambush_fox")
    for c in (2, 3, 4, 5, 7, 9, 10):
        put_warriors(s, C, c, 2)
    put_warriors(s, C, 11, 1)
    g = make_game(s)
    corvids.recruit(g)
    assert s.factions[C].supply["warrior"] == 0 and s.warriors(C, 1) == 0
    assert any("rest of the recruit is not placed" in t for t in texts(g, "11.4.3 II"))


def test_11_4_4_flip_plots_in_priority_order_scoring_face_up_plots() -> None:
    s = fall_state(C, "marquise")
    put_plot(s, 9, "raid", up=True)
    put_plot(s, 5, "snare")
    put_plot(s, 2, "extortion")
    g = make_game(s)
    corvids.flip_plots(g)
    flips = [e.data["c"] for e in g.log if e.kind == "flip"]
    assert flips == [2, 5]
    assert s.factions[C].vp == 2 + 3  # two face up after the first flip, three after the second
    assert all(up for _, up in plots.plot_map(s).values())


# -- 11.5 Daylight -----------------------------------------------------------------------------
def test_11_5_1_battle_where_two_or_more_against_most_buildings_and_tokens() -> None:
    s = fall_state(C, "marquise", "eyrie")
    order(s, C, "ambush_fox")
    put_warriors(s, C, 1, 2)
    put_warriors(s, "marquise", 1, 3)
    put_warriors(s, "eyrie", 1, 1)
    put_building(s, "eyrie", 1, "roost")
    put_warriors(s, C, 6, 1)
    put_warriors(s, "marquise", 6, 1)
    g = make_game(s, [("roll", (0, 0))])
    corvids.battle_step(g)
    fights = g.log.of_kind("battle")
    assert [(e.data["defender"], e.data["c"]) for e in fights] == [("eyrie", 1)]


def test_11_5_2_move_all_but_two_to_no_plot_then_lowest_priority() -> None:
    s = fall_state(C, "marquise")
    order(s, C, "ambush_fox")
    put_warriors(s, C, 12, 5)
    put_plot(s, 12, "raid", up=True)
    for c in (4, 7, 9, 10):
        put_plot(s, c, "snare")
    put_plot(s, 11, "bomb")
    put_warriors(s, C, 1, 4)
    put_plot(s, 1, "extortion", up=True)
    put_warriors(s, C, 9, 1)
    g = make_game(s)
    corvids.move(g)
    # 1: neighbours 5 (no plot), 9, 10 (plots) -> 5.  12: every neighbour has a plot -> 11 (II)
    assert s.warriors(C, 1) == 2 and s.warriors(C, 5) == 2
    assert s.warriors(C, 12) == 2 and s.warriors(C, 11) == 3
    assert [e.rule for e in g.log.of_kind("move")] == ["11.5.2", "11.5.2 II"]


def test_11_5_3_plot_in_the_ordered_clearing_with_most_warriors_and_no_plot() -> None:
    s = fall_state(C, "marquise")
    order(s, C, "ambush_fox")
    put_warriors(s, C, 1, 2)
    put_warriors(s, C, 8, 3)
    put_plot(s, 8, "raid")
    put_warriors(s, C, 12, 1)
    g = make_game(s, [("pick", "bomb")])
    corvids.plot(g)
    assert plots.plot_map(s)[1] == ("bomb", False) and s.warriors(C, 1) == 1
    assert "bomb" not in " ".join(texts(g, "11.5.3"))  # the kind stays hidden


def test_11_5_4_the_plot_thickens_in_the_clearing_with_most_warriors() -> None:
    s = fall_state(C, "marquise")
    put_warriors(s, C, 3, 3)
    put_warriors(s, C, 9, 4)
    put_warriors(s, C, 10, 5)
    put_plot(s, 10, "raid")
    g = make_game(s, [("pick", "snare")])
    assert corvids.the_plot_thickens(g, "11.5.4")
    assert plots.plot_map(s)[9] == ("snare", False) and s.warriors(C, 9) == 3
    assert 3 not in plots.plot_map(s)


def test_mastermind_plots_twice() -> None:
    s = fall_state(C, "marquise")
    s.factions[C].traits = ["mastermind"]
    order(s, C, "ambush_fox")
    put_warriors(s, C, 1, 1)
    put_warriors(s, C, 6, 1)
    g = make_game(s, [("pick", "bomb"), ("pick", "raid")])
    corvids.CogwheelCorvids().daylight(g)
    assert set(plots.plot_map(s)) == {1, 6}


# -- 11.6 Evening ------------------------------------------------------------------------------
def test_11_6_score_face_up_extortion_and_discard() -> None:
    s = fall_state(C, "marquise")
    order(s, C, "ambush_fox")
    put_plot(s, 1, "extortion", up=True)
    put_plot(s, 2, "extortion", up=False)
    put_plot(s, 3, "raid", up=True)
    g = make_game(s)
    corvids.CogwheelCorvids().evening(g)
    assert s.factions[C].vp == 1 and s.factions[C].order is None


def test_nightmare_scores_one_at_the_end_of_evening() -> None:
    s = fall_state(C, "marquise")
    s.factions[C].difficulty = "nightmare"
    order(s, C, "ambush_fox")
    g = make_game(s)
    corvids.CogwheelCorvids().evening(g)
    assert s.factions[C].vp == 1


@pytest.mark.parametrize(("level", "n"), [("easy", 1), ("default", 2), ("challenging", 3), ("nightmare", 3)])
def test_difficulty_sets_warriors_recruited_in_each_clearing(level: str, n: int) -> None:
    s = fall_state(C, "marquise")
    s.factions[C].difficulty = level
    order(s, C, "ambush_fox")
    g = make_game(s)
    corvids.recruit(g)
    assert s.warriors(C, 1) == n and s.warriors(C, 6) == n


# -- 11.7 plots --------------------------------------------------------------------------------
def test_11_7_1_bomb_removes_all_human_pieces_and_swaps_face_up() -> None:
    s = fall_state(C, ("marquise", "human"))
    put_warriors(s, "marquise", 1, 3)
    put_building(s, "marquise", 1, "sawmill")
    put_plot(s, 1, "bomb")
    put_plot(s, 5, "bomb", up=True)
    g = make_game(s, [("pick", "raid")])
    plots.flip(g, 1, "11.4.4")
    assert s.clearings[1].pieces_of("marquise") == 0
    assert plots.plot_map(s)[1] == ("raid", True)
    assert s.factions[C].vp == 2 + 1  # two face-up plots, one building
    assert not any(e.kind == "place_warriors" for e in g.log)  # the swapped raid does not trigger
    check(s)


def test_11_7_1_the_replacement_can_be_the_other_bomb() -> None:
    s = fall_state(C, ("marquise", "human"))
    put_plot(s, 1, "bomb")
    g = make_game(s, [("pick", "bomb")])
    plots.flip(g, 1, "11.4.4")
    assert plots.plot_map(s)[1] == ("bomb", True)
    assert plots.supply_kinds(s).count("bomb") == 1
    check(s)


def test_11_7_2_snare_stops_a_human_placing_and_moving() -> None:
    s = fall_state(C, ("marquise", "human"))
    put_plot(s, 1, "snare", up=True)
    put_warriors(s, "marquise", 1, 2)
    put_warriors(s, "marquise", 5, 2)
    g = make_game(s)
    assert rules.place_warriors(g, "marquise", 1, 1, "test") == 0
    assert rules.move_warriors(g, "marquise", 1, 5, 1, "test") == 0
    assert plots.plot_map(s)[1] == ("snare", True)  # a human does not remove it
    assert rules.move_warriors(g, "marquise", 5, 1, 1, "test") == 1  # moving in is allowed
    # a facedown snare does nothing yet
    put_plot(s, 6, "snare", up=False)
    assert rules.place_warriors(g, "marquise", 6, 1, "test") == 1


def test_11_7_3_extortion_each_human_there_discards_at_random() -> None:
    s = fall_state(C, ("marquise", "human"), "eyrie")
    hand = [card_id(s, "ambush_fox"), card_id(s, "anvil")]
    s.factions["marquise"].hand = list(hand)
    s.deck = [c for c in range(len(s.deckdef.cards)) if c not in hand]
    put_warriors(s, "marquise", 1, 1)
    put_warriors(s, "eyrie", 1, 1)
    put_plot(s, 1, "extortion")
    g = make_game(s, [("pick", hand[1])])
    plots.flip(g, 1, "11.4.4")
    assert s.factions["marquise"].hand == [hand[0]] and s.discard == [hand[1]]
    check(s)


def test_11_7_4_raid_places_a_warrior_in_each_adjacent_clearing_when_removed() -> None:
    s = fall_state("marquise", C)
    put_warriors(s, "marquise", 12, 3)
    put_plot(s, 12, "raid", up=False)
    g = make_game(s, [("roll", (3, 0))])
    battle(g, "marquise", C, 12, "test")
    assert 12 not in plots.plot_map(s)
    assert all(s.warriors(C, d) == 1 for d in (4, 7, 9, 10, 11))
    assert s.factions["marquise"].vp == 1
    check(s)


def test_11_7_4_and_12_2_2_a_raid_short_of_warriors_fills_the_pass_first() -> None:
    # The Mountain: a face-down raid in 9 is removed with only 2 Corvid warriors in supply. Of the
    # clearings next to 9 (1, 5, 8, 10, 12) the Pass (10) wins every highest-priority test, so
    # the two go to 10 and then 1 (12.2.2), not to 1 and 5.
    s = position(
        {3: {"warriors": {C: 13}}, 9: {"warriors": {"marquise": 3}, "tokens": [[C, "plot"]]}},
        seats=("marquise", C),
        map_name="mountain",
        suits=dict(zip(range(1, 13), ["fox", "rabbit", "mouse"] * 4)),
        corvids={"plots": {"9": {"kind": "raid", "face_up": False}}},
    )
    assert s.factions[C].supply["warrior"] == 2 and s.map.pass_clearing == 10
    g = helpers_game(s, [("roll", (3, 0))])
    battle(g, "marquise", C, 9, "4.5.1")
    assert [s.warriors(C, d) for d in (1, 5, 8, 10, 12)] == [1, 0, 0, 1, 0]
    placed = [e for e in g.log.of_kind("place_warriors") if e.rule == "11.7.4"]
    assert [e.data["c"] for e in placed] == [10, 1]
    assert "the Pass (12.2.2)" in placed[0].text


def test_backup_plans_places_a_warrior_where_a_plot_was_removed() -> None:
    s = fall_state("marquise", C)
    s.factions[C].traits = ["backup-plans"]
    put_warriors(s, "marquise", 1, 3)
    put_plot(s, 1, "bomb", up=True)
    g = make_game(s, [("roll", (3, 0))])
    battle(g, "marquise", C, 1, "test")
    assert s.warriors(C, 1) == 1


def test_vendetta_every_flip_also_blasts() -> None:
    s = fall_state(C, ("marquise", "human"))
    s.factions[C].traits = ["vendetta"]
    put_warriors(s, "marquise", 1, 2)
    put_plot(s, 1, "raid")
    g = make_game(s)
    plots.flip(g, 1, "11.4.4")
    assert s.warriors("marquise", 1) == 0 and plots.plot_map(s)[1] == ("raid", True)


def test_gamble_right_guess_flips_without_effect_and_removes_the_plot() -> None:
    s = fall_state(C, ("marquise", "human"))
    s.factions[C].traits = ["gamble"]
    put_warriors(s, "marquise", 1, 2)
    put_plot(s, 1, "bomb")
    g = make_game(s, controllers={"marquise": ScriptedHuman(guess="bomb")})
    corvids.flip_plots(g)
    assert s.warriors("marquise", 1) == 2 and 1 not in plots.plot_map(s)
    assert s.factions[C].vp == 1 and s.factions["marquise"].vp == 1


def test_gamble_wrong_guess_scores_the_corvids_a_point() -> None:
    s = fall_state(C, ("marquise", "human"))
    s.factions[C].traits = ["gamble"]
    put_warriors(s, "marquise", 1, 2)
    put_plot(s, 1, "bomb")
    g = make_game(s, [("pick", "raid")], controllers={"marquise": ScriptedHuman(guess="snare")})
    corvids.flip_plots(g)
    assert s.warriors("marquise", 1) == 0 and s.factions[C].vp == 1 + 1


# -- 11.8 bot interactions ---------------------------------------------------------------------
def test_11_8_1_bomb_removes_two_pieces_of_each_bot_warriors_first() -> None:
    s = fall_state(C, "marquise", "eyrie", "alliance")
    put_warriors(s, "marquise", 7, 1)
    put_building(s, "marquise", 7, "sawmill")
    put_building(s, "marquise", 7, "workshop")
    put_warriors(s, "eyrie", 7, 3)
    put_token(s, "alliance", 7, "sympathy")
    put_plot(s, 7, "bomb")
    g = make_game(s, [("pick", "sawmill"), ("pick", "snare")])
    plots.flip(g, 7, "11.4.4")
    cl = s.clearings[7]
    assert cl.warriors.get("marquise", 0) == 0 and cl.buildings_of("marquise") == 1  # warrior, then a random building
    assert cl.has("marquise", "workshop") and s.warriors("eyrie", 7) == 1  # two warriors
    assert cl.tokens_of("alliance") == 0  # its only piece
    assert s.factions[C].vp == 1 + 2  # one face-up plot; a sawmill and a sympathy token
    check(s)


def test_11_8_1_the_vagabot_facing_a_bomb_damages_three_items() -> None:
    """Ruling R-BOMB-VAGABOT: Full Removal (7.2.1 I) names Conspiracy bombs."""
    s = fall_state(C, "vagabot")
    vs = VagabotState("thief")
    vs.items = [Item(k) for k in ("boots", "sword", "torch", "bag", "coins")]
    s.factions["vagabot"].board = vs
    put_pawn(s, vs, clearing=1)
    put_plot(s, 1, "bomb")
    g = make_game(s, [("pick", "snare")])
    plots.flip(g, 1, "11.4.4")
    assert vs.damaged() == 3 and s.clearings[1].pawn == "vagabot"
    assert any("Full Removal" in t for t in texts(g, "7.2.1 I"))


def test_11_8_2_marquise_recruit_removes_the_snare_instead() -> None:
    s = fall_state("marquise", C)
    order(s, "marquise", "ambush_fox")
    for c in (1, 6):
        put_warriors(s, "marquise", c, 1)
    put_plot(s, 1, "snare", up=True)
    g = make_game(s)
    marquise.recruit(g, "fox")
    assert s.warriors("marquise", 1) == 1 and s.warriors("marquise", 6) == 3  # targeted 1 as if no snare
    assert 1 not in plots.plot_map(s) and s.factions["marquise"].vp == 1
    assert any("removes the snare instead" in t for t in texts(g, "11.8.2"))
    check(s)


def test_11_8_2_marquise_moving_out_of_a_snare_removes_it() -> None:
    s = fall_state("marquise", C)
    put_warriors(s, "marquise", 1, 6)
    put_warriors(s, "marquise", 5, 1)
    put_plot(s, 1, "snare", up=True)
    g = make_game(s)
    marquise.move_out(g, [1], "4.5.4")
    assert s.warriors("marquise", 1) == 6 and 1 not in plots.plot_map(s)


def test_11_8_2_a_cancelled_move_keeps_its_explanation() -> None:
    # The Marquise's 4.5.4 move out of 1 is cancelled by the snare there: the log still says which
    # move it was (how many, toward where) and why that destination was chosen.
    s = position({1: {"warriors": {"marquise": 6}, "tokens": [[C, "plot"]]}, 5: {"warriors": {"marquise": 1}}},
                 seats=("marquise", C), corvids={"plots": {"1": {"kind": "snare", "face_up": True}}})
    g = helpers_game(s)
    marquise.move_out(g, [1], "4.5.4")
    (snare,) = g.log.of_kind("snare")
    assert snare.text.startswith("would move 3 warriors toward ")
    assert "where to move from 1" in snare.text


def test_11_8_2_eyrie_recruit_into_a_snare_is_no_turmoil() -> None:
    s = fall_state("eyrie", C)
    s.factions["eyrie"].board.decree = {"fox": [card_id(s, "ambush_fox")], "mouse": [], "rabbit": [], "bird": []}
    put_building(s, "eyrie", 1, "roost")
    put_warriors(s, "eyrie", 1, 1)
    put_plot(s, 1, "snare", up=True)
    g = make_game(s)
    assert eyrie.decree_recruit(g, "fox") is True
    assert s.warriors("eyrie", 1) == 1 and 1 not in plots.plot_map(s)


def test_11_8_2_alliance_spread_into_a_snare_places_and_scores_nothing() -> None:
    s = fall_state("alliance", C)
    order(s, "alliance", "ambush_fox")
    put_token(s, "alliance", 5, "sympathy")
    put_plot(s, 1, "snare", up=True)  # 1 is the adjacent fox clearing with the fewest enemies
    g = make_game(s)
    assert alliance.spread_sympathy(g, "test") is None
    assert ("alliance", "sympathy") not in s.clearings[1].tokens and 1 not in plots.plot_map(s)
    assert s.factions["alliance"].vp == 1  # only the snare it removed
    check(s)


def test_11_8_2_vagabot_moving_out_of_a_snare_removes_it_and_stays() -> None:
    s = fall_state("vagabot", C)
    vs = VagabotState("thief")
    vs.items = [Item(k) for k in ("boots", "sword", "torch")]
    s.factions["vagabot"].board = vs
    put_pawn(s, vs, clearing=1)
    put_plot(s, 1, "snare", up=True)
    g = make_game(s)
    assert vagabot.travel(g, 10, "7.5", lambda: "test") is False
    assert vs.clearing == 1 and 1 not in plots.plot_map(s) and vs.ready() and len(vs.ready()) == 3


def test_11_8_2_bots_ignore_snares_when_targeting() -> None:
    """The snare is no reason to skip a clearing: the Alliance still targets 1 (above) and the
    Marquise's build targets the snared clearing and removes the snare."""
    s = fall_state("marquise", C)
    put_warriors(s, "marquise", 1, 3)
    put_warriors(s, "marquise", 6, 1)
    put_plot(s, 1, "snare", up=True)
    g = make_game(s)
    assert not marquise.build_in_best_clearing(g, "sawmill", "4.5.3")
    assert 1 not in plots.plot_map(s) and s.clearings[1].buildings_of("marquise") == 0


# -- state -------------------------------------------------------------------------------------
def test_plots_round_trip_and_validate() -> None:
    from rootbotics.core import serial
    from rootbotics.core.serial import StateError

    s = fall_state(C, "marquise")
    put_plot(s, 3, "bomb")
    put_plot(s, 4, "snare", up=True)
    data = serial.to_json(s)
    del data["deck"]
    assert data["factions"][C]["plots"] == {"3": {"kind": "bomb", "face_up": False}, "4": {"kind": "snare", "face_up": True}}
    back = serial.from_json(data)
    assert back.factions[C].board.plots == {3: ("bomb", False), 4: ("snare", True)}
    assert back.factions[C].supply["plot"] == 6
    bad = serial.to_json(s)
    del bad["deck"]
    del bad["factions"][C]["plots"]["3"]
    with pytest.raises(StateError, match=r"factions\.corvids\.plots\.3"):
        serial.from_json(bad)
    bad = serial.to_json(s)
    del bad["deck"]
    bad["factions"][C]["plots"]["4"]["kind"] = "trap"
    with pytest.raises(StateError, match=r"factions\.corvids\.plots\.4\.kind"):
        serial.from_json(bad)
    clone = s.clone()
    clone.factions[C].board.plots[3] = ("raid", True)
    assert s.factions[C].board.plots[3] == ("bomb", False)


def test_conservation_catches_a_lost_plot_record() -> None:
    s = fall_state(C, "marquise")
    put_plot(s, 3, "bomb")
    s.factions[C].board.plots.clear()
    assert any("plot" in v for v in invariants.violations(s))


def test_seeded_games_with_the_corvids_keep_conservation() -> None:
    from rootbotics.game import play

    for seed, line in enumerate([(C, "marquise", "eyrie"), ("alliance", C, "vagabot", "marquise"), ("eyrie", "vagabot", C, "alliance", "marquise")]):
        g = new_game(GameConfig([Seat(f) for f in line], map=("fall", "winter", "lake", "mountain")[seed], seed=seed))
        g.log.listeners.append(lambda e, g=g: invariants.check(g.state))
        assert play(g) and g.state.winner


def test_random_chance_source_is_accepted() -> None:
    s = fall_state(C, "marquise")
    put_warriors(s, C, 1, 1)
    g = make_game(s, fallback=RngChance(s.rng))
    assert plots.place_plot(g, 1, "test")


def test_11_8_2_eyrie_new_roost_into_a_snare_places_neither_roost_nor_warriors() -> None:
    s = fall_state("eyrie", C)
    put_plot(s, 1, "snare", up=True)
    g = make_game(s)
    eyrie.a_new_roost(g, "fox")
    assert s.clearings[1].pieces_of("eyrie") == 0 and 1 not in plots.plot_map(s)
    assert s.factions["eyrie"].vp == 1
    check(s)


def test_11_8_2_eyrie_moving_out_of_a_snare_removes_it() -> None:
    s = fall_state("eyrie", C)
    s.factions["eyrie"].board.decree = {"fox": [card_id(s, "ambush_fox")], "mouse": [], "rabbit": [], "bird": []}
    put_warriors(s, "eyrie", 1, 5)
    put_plot(s, 1, "snare", up=True)
    g = make_game(s)
    eyrie.decree_move(g, "fox")
    assert s.warriors("eyrie", 1) == 5 and 1 not in plots.plot_map(s)


def test_11_7_2_a_snare_in_the_keeps_clearing_stops_field_hospitals() -> None:
    s = fall_state(("marquise", "human"), C)
    s.factions["marquise"].hand = [card_id(s, "ambush_fox")]
    put_token(s, "marquise", 1, "keep")
    put_plot(s, 1, "snare", up=True)
    put_warriors(s, "marquise", 12, 2)
    g = make_game(s, controllers={"marquise": ScriptedHuman(hospitals=True)})
    rules.remove_warriors(g, "marquise", 12, 2, "test", by=C)
    assert s.warriors("marquise", 1) == 0 and s.factions["marquise"].hand == [card_id(s, "ambush_fox")]
