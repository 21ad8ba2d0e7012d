"""Drillbit Duchy, rule by rule (Law of Robotics section 10), its example turn, and what its
tunnels and Burrow mean to the other bots (issue 5 part 6).

Positions are built through the saved-position format (``helpers.position``, Fall); the Duchy is
a bot. Any die or draw a test does not script fails loudly.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import game, position, set_order

from rootbotics.factions.alliance import bot as A
from rootbotics.factions.duchy import bot as D
from rootbotics.factions.vagabot import bot as V
from rootbotics.core import invariants, paths, serial
from rootbotics.core import rules as R
from rootbotics.core.battle import battle
from rootbotics.factions.duchy.burrow import MINISTERS
from rootbotics.core.chance import ScriptedChance
from rootbotics.core.context import Game
from rootbotics.core.serial import StateError
from rootbotics.game import GameConfig, Seat, bot_config, new_game, play, play_turn

ME = "duchy"
TUNNEL = [ME, "tunnel"]
POSITIONS = Path(__file__).parent / "positions"


def pos(clearings: dict, seats=("duchy", "marquise"), burrow: int = 0, swayed=(), humans=(), **factions):
    extra = dict(factions.pop(ME, {}))
    extra.setdefault("duchy", {"burrow": burrow, "swayed": list(swayed)})
    return position(clearings, seats=seats, humans=humans, **{ME: extra}, **factions)


def ds(s):
    return s.factions[ME].board


def events(g, rule: str, kind: str | None = None) -> list:
    return [e for e in g.log if e.rule == rule and (kind is None or e.kind == kind)]


# -- the example turn ---------------------------------------------------------------------------
def test_10_example_turn() -> None:
    """Law of Robotics, 'Drillbit Duchy Example Turn', from a saved position (ruling R-DUCHY-EXAMPLE)."""
    s = serial.load(POSITIONS / "duchy_example_turn.json")
    ids = s.deckdef.by_name
    g = Game(s, ScriptedChance([("draw", ids["travel_gear_mouse"]), ("roll", (0, 0)), ("roll", (0, 0))]), {})
    play_turn(g)
    text = [e.text for e in g.log]
    # 10.4.2: no craft (no boots left); 10.4.3: easy 1 + 2 citadels' moles + the Foremole = 4.
    assert any("cannot craft Travel Gear (mouse)" in t for t in text)
    (rec,) = events(g, "10.4.3", "recruit")
    assert rec.data["n"] == 4
    # 10.5.1: the tunnel goes to 6 (most empty slots) after being taken from 7 (fewest warriors).
    (take,) = events(g, "10.5.1 II", "take_tunnel")
    assert take.data["c"] == 7 and "chose 7 by fewest Duchy warriors" in take.text
    assert D.tunnels(s) == [5, 6, 12] and s.warriors(ME, 6) == 4
    assert "chose 6 by most empty building slots (10.5.1 I)" in events(g, "10.5.1", "place_token")[0].text
    # 10.5.2: the Alliance (standing in for the Cult) by most VP in 10; the Eyrie in 12, with the Captain's hit.
    fights = [(e.data["c"], e.data["defender"]) for e in g.log.of_kind("battle")]
    assert fights == [(10, "alliance"), (12, "eyrie")]
    assert "chose alliance by most VP (10.5.2 I)" in g.log.of_kind("battle")[0].text
    assert any("the Captain is swayed and 12 has a tunnel, 10.7.1" in t for t in text)
    assert s.warriors("eyrie", 12) == 0
    # 10.5.3: a market in 5 with three warriors in supply.
    (built,) = events(g, "10.5.3", "place_building")
    assert built.data == {"kind": "market", "c": 5} and "3 warriors in supply" in built.text
    # 10.7.2: the Marshal's warrior goes to 3, tied with 7 and of higher priority; 10.7.4 skipped.
    (marshal,) = events(g, "10.7.2", "place_warriors")
    assert marshal.data["c"] == 3 and "chose 3 by highest priority (2.1)" in marshal.text
    assert events(g, "10.7.4", "no_dig")
    # 10.6.1: 10's two warriors rally to 1 (fewer Duchy warriors than 4).
    (rally,) = events(g, "10.6.1", "move")
    assert (rally.data["a"], rally.data["b"], rally.data["n"]) == (10, 1, 2)
    # 10.6.2: three markets; 10.6.3: the Mayor; 10.6.4: the order is discarded.
    assert any("scores 3 VP for 3 markets on the map" in t for t in text)
    assert ds(s).swayed == ["captain", "marshal", "foremole", "brigadier", "mayor"]
    assert s.factions[ME].vp == 8 and s.factions[ME].supply["warrior"] == 2
    assert s.factions[ME].order is None and s.discard == [ids["travel_gear_mouse"]]
    invariants.check(s)


# -- 10.2.1 Cost of Errors ----------------------------------------------------------------------
def test_10_2_1_cost_of_errors_once_per_battle_from_the_bottom() -> None:
    s = pos({5: {"buildings": [[ME, "citadel"], [ME, "market"]], "warriors": {"marquise": 3}}}, swayed=("captain", "marshal", "mayor"))
    g = game(s, [("roll", (3, 0)), ("pick", "citadel")])
    battle(g, "marquise", ME, 5, "test")
    assert s.clearings[5].buildings_of(ME) == 0
    assert len(g.log.of_kind("cost_of_errors")) == 1  # two buildings, one effect: one crown
    assert ds(s).swayed == ["captain", "marshal"] and s.factions[ME].supply["crown"] == 7
    invariants.check(s)


def test_10_2_1_cost_of_errors_once_per_revolt_and_not_for_tunnels() -> None:
    s = pos({5: {"buildings": [[ME, "market"]], "tokens": [TUNNEL]}, 2: {"tokens": [TUNNEL]}}, seats=("duchy", "alliance"), swayed=("captain", "duchess"))
    g = game(s)
    R.remove_all_enemy_pieces(g, "alliance", 2, "test")  # a tunnel alone: a token, no crown
    assert ds(s).swayed == ["captain", "duchess"]
    R.remove_all_enemy_pieces(g, "alliance", 5, "test")
    assert ds(s).swayed == ["captain"] and s.factions["alliance"].vp == 3


def test_10_2_1_cost_of_errors_with_no_crown() -> None:
    s = pos({5: {"buildings": [[ME, "market"]]}})
    g = game(s)
    R.remove_piece(g, ME, 5, "market", "test", by="marquise")
    assert "no swayed minister" in g.log.of_kind("cost_of_errors")[0].text


# -- 10.2.2 The Burrow -------------------------------------------------------------------------
def test_10_2_2_burrow_is_state_saved_loaded_and_conserved() -> None:
    s = pos({1: {"warriors": {ME: 2}}}, burrow=5, swayed=("baron", "captain"))
    assert ds(s).burrow == 5 and ds(s).swayed == ["captain", "baron"]  # board order
    assert s.factions[ME].supply["warrior"] == 13 and s.factions[ME].supply["crown"] == 7
    again = serial.loads(serial.dumps(s))
    assert ds(again).burrow == 5 and ds(again).swayed == ["captain", "baron"]
    copy = s.clone()
    ds(copy).burrow = 0
    ds(copy).swayed.clear()
    assert ds(s).burrow == 5 and ds(s).swayed  # clone() copies
    invariants.check(s)
    ds(s).burrow += 1  # a warrior from nowhere
    assert any("duchy warrior" in v for v in invariants.violations(s))


@pytest.mark.parametrize(
    "duchy, where, problem",
    [
        ({"burrow": 21}, "factions.duchy.duchy.burrow", "above 20"),
        ({"swayed": ["captain", "captain"]}, "factions.duchy.duchy.swayed.1", "listed twice"),
        ({"swayed": ["king"]}, "factions.duchy.duchy.swayed.0", "king"),
        ({"tunnels": 1}, "factions.duchy.duchy.tunnels", "tunnels"),
    ],
)
def test_10_2_2_bad_duchy_state_names_the_field(duchy, where, problem) -> None:
    with pytest.raises(StateError) as err:
        pos({}, **{ME: {"duchy": duchy}})
    assert err.value.path == where and problem in str(err.value)


def test_10_2_2_duchy_state_missing_or_misplaced() -> None:
    with pytest.raises(StateError, match="is missing"):
        position({}, seats=("duchy", "marquise"))
    with pytest.raises(StateError, match="only the Drillbit Duchy"):
        pos({}, marquise={"duchy": {"burrow": 0}})


def test_10_2_2_too_many_warriors_with_the_burrow() -> None:
    with pytest.raises(StateError, match="the box has only 20"):
        pos({1: {"warriors": {ME: 10}}}, burrow=11)


def test_10_2_2_the_burrow_is_not_a_clearing_for_anyone() -> None:
    """Tunnels in 1 and 3 (opposite corners): the Burrow would join them, but no seat's adjacency
    or distance changes, and no clearing number stands for it (ruling R-DUCHY-BURROW)."""
    s = pos({1: {"tokens": [TUNNEL]}, 3: {"tokens": [TUNNEL]}}, seats=("duchy", "marquise", "vagabot"), vagabot={"vagabot": {"character": "thief", "location": 1}})
    for f in ("marquise", "vagabot", ME):
        assert paths.adjacent_for(s, f, 1) == s.map.adjacent[1]
        assert paths.distance(s, f, 1, 3) == s.map.distance[1][3] > 2
    assert len(s.clearings) == 13 and D.tunnels(s) == [1, 3]


# -- 10.3 setup --------------------------------------------------------------------------------
def test_10_3_setup_surfaces_opposite_a_starting_corner_and_sways_two() -> None:
    g = new_game(GameConfig([Seat("eyrie"), Seat(ME)], seed=3))
    s = g.state
    corner = s.start_corners[ME]
    assert s.map.opposite_corner[corner] == s.start_corners["eyrie"]  # 10.3.3
    assert s.clearings[corner].tokens == [(ME, "tunnel")] and s.warriors(ME, corner) == 2
    for c in s.map.adjacent[corner]:
        assert s.warriors(ME, c) == 2
    assert len(ds(s).swayed) == 2 and s.factions[ME].supply["crown"] == 7  # 10.3.5
    assert len(s.discard) + len(s.available_dominance) == 2
    assert s.factions[ME].supply["citadel"] == 3 and s.factions[ME].supply["market"] == 3  # 10.3.4
    invariants.check(s)


def test_10_3_3_surface_in_the_highest_priority_corner_that_qualifies() -> None:
    # The Marquise started in 1 and the Eyrie in 2: 3 and 4 are both opposite a starting corner.
    # 10.3.3 does not say random (5.3.2 does), so 2.1 picks 3, with no draw from chance.
    s = pos({1: {"warriors": {"marquise": 2}, "tokens": [["marquise", "keep"]]}, 2: {"warriors": {"eyrie": 6}, "buildings": [["eyrie", "roost"]]}},
            seats=("marquise", "eyrie", "duchy"))
    s.start_corners.update({"marquise": 1, "eyrie": 2})
    g = game(s, [])
    assert D.surface(g) == 3
    (placed,) = [e for e in g.log.of_kind("place_warriors") if e.data["c"] == 3]
    assert "chose 3 by highest priority (2.1)" in placed.text and "diagonally opposite" in placed.text


def test_10_3_5_setup_cards_crown_the_topmost_matching_minister() -> None:
    s = pos({}, swayed=("brigadier",))
    g = game(s, [("draw", "root_tea_fox"), ("draw", "ambush_bird")])
    D.sway_starting_ministers(g)
    # fox: the Captain (topmost fox); bird matches any: the Marshal (topmost unswayed).
    assert ds(s).swayed == ["captain", "marshal", "brigadier"]


# -- 10.4 Birdsong -------------------------------------------------------------------------------
@pytest.mark.parametrize("citadels, foremole, level, n", [(0, False, "default", 2), (1, False, "default", 3), (2, True, "easy", 4), (3, False, "default", 6), (3, True, "challenging", 8)])
def test_10_4_3_recruit_into_the_burrow_with_mole_icons(citadels, foremole, level, n) -> None:
    cl = {c: {"buildings": [[ME, "citadel"]]} for c in (1, 2, 3)[:citadels]}
    s = pos(cl, swayed=("foremole",) if foremole else (), **{ME: {"difficulty": level}})
    g = game(s)
    assert D.recruit(g) == n and ds(s).burrow == n
    invariants.check(s)


def test_10_4_3_recruit_runs_out_of_warriors() -> None:
    s = pos({1: {"warriors": {ME: 19}}})
    g = game(s)
    assert D.recruit(g) == 1 and s.factions[ME].supply["warrior"] == 0
    assert D.recruit(g) == 0


# -- 10.5.1 Dig ---------------------------------------------------------------------------------
def test_10_5_1_dig_most_empty_slots_then_fewest_warriors() -> None:
    # Mouse: 2, 7, 9, 11. 11 has a tunnel; 7 a Duchy market; 2 and 9 two free slots each, 9 fewer warriors.
    s = pos({2: {"warriors": {"marquise": 2}}, 9: {"warriors": {"marquise": 1}}, 7: {"buildings": [[ME, "market"]]}, 11: {"tokens": [TUNNEL]}}, burrow=5)
    g = game(s)
    set_order(g, ME, "root_tea_mouse")
    assert D.dig(g, "10.5.1") == 9
    assert s.warriors(ME, 9) == 4 and ds(s).burrow == 1 and D.has_tunnel(s, 9)
    assert "chose 9 by fewest warriors (10.5.1 I)" in events(g, "10.5.1", "place_token")[0].text


def test_10_5_1_dig_bird_order_most_enemy_buildings_and_tokens() -> None:
    s = pos({3: {"buildings": [["marquise", "sawmill"]], "tokens": [["marquise", "keep"]]}, 8: {"buildings": [["marquise", "workshop"], ["marquise", "sawmill"]]}, 12: {"buildings": [["marquise", "recruiter"]]}}, burrow=4)
    g = game(s)
    set_order(g, ME, "ambush_bird")
    # 3 and 8 tie on two; 3 holds the keep (4.2.1; a keep is in a corner, 4.3.2), so 8.
    assert D.dig(g, "10.5.1") == 8


def test_10_5_1_no_dig_with_fewer_than_four() -> None:
    s = pos({}, burrow=3)
    g = game(s)
    set_order(g, ME, "root_tea_fox")
    assert D.dig(g, "10.5.1") is None and ds(s).burrow == 3
    assert "fewer than 4" in events(g, "10.5.1", "no_dig")[0].text


def test_10_5_1_ii_no_tunnel_in_supply_takes_from_fewest_warriors() -> None:
    s = pos({1: {"tokens": [TUNNEL], "warriors": {ME: 3}}, 6: {"tokens": [TUNNEL], "warriors": {ME: 1}}, 12: {"tokens": [TUNNEL], "warriors": {ME: 1}}}, burrow=4)
    g = game(s)
    set_order(g, ME, "root_tea_fox")
    assert D.dig(g, "10.5.1") == 8
    assert D.tunnels(s) == [1, 8, 12]  # 6 and 12 tie on one warrior; 6 has priority
    invariants.check(s)


# -- 10.5.2 Battle --------------------------------------------------------------------------------
def test_10_5_2_defender_most_buildings_then_pieces_then_vp() -> None:
    s = pos({
        1: {"warriors": {ME: 2, "marquise": 3, "eyrie": 1}, "buildings": [["eyrie", "roost"]]},
        8: {"warriors": {ME: 2, "marquise": 2, "eyrie": 1}},
        12: {"warriors": {ME: 2, "marquise": 1, "eyrie": 1}},
    }, seats=("duchy", "marquise", "eyrie"), eyrie={"vp": 4})
    assert D.defender_in(s, 1).target == "eyrie"
    assert D.defender_in(s, 8).target == "marquise"
    assert D.defender_in(s, 12).target == "eyrie"


def test_10_5_2_battle_in_each_ordered_clearing_captain_needs_a_tunnel() -> None:
    s = pos({1: {"warriors": {ME: 2, "marquise": 2}}, 8: {"warriors": {ME: 2, "marquise": 2}, "tokens": [TUNNEL]}, 6: {"warriors": {"marquise": 1}}}, swayed=("captain",))
    g = game(s, [("roll", (0, 0)), ("roll", (0, 0))])
    set_order(g, ME, "root_tea_fox")
    D.battle_step(g)
    assert [e.data["c"] for e in g.log.of_kind("battle")] == [1, 8]
    assert s.warriors("marquise", 1) == 2 and s.warriors("marquise", 8) == 1


# -- 10.5.3 Build ---------------------------------------------------------------------------------
def test_10_5_3_citadel_with_nine_in_supply_in_ruled_clearing_with_most() -> None:
    s = pos({1: {"warriors": {ME: 3}, "buildings": [["marquise", "sawmill"]]}, 5: {"warriors": {ME: 4, "marquise": 4}}, 2: {"warriors": {ME: 3}}})
    g = game(s)
    assert D.build(g, "10.5.3")
    # 5 is not ruled (a tie); 1 and 2 tie on three warriors, 1 has no free slot: 2.
    assert s.clearings[2].buildings == [(ME, "citadel")]
    assert "skipped 1 (no free building slot)" in events(g, "10.5.3", "place_building")[0].text


def test_10_5_3_market_with_fewer_than_nine() -> None:
    s = pos({5: {"warriors": {ME: 12}}})
    g = game(s)
    assert D.build(g, "10.5.3") and s.clearings[5].buildings == [(ME, "market")]


def test_10_5_3_cannot_build_scores_one_if_buildings_left() -> None:
    s = pos({1: {"warriors": {ME: 2}, "buildings": [["marquise", "sawmill"]]}})
    g = game(s)
    assert not D.build(g, "10.5.3") and s.factions[ME].vp == 1
    full = {c: {"buildings": [[ME, k]]} for c, k in zip((2, 3, 4, 5, 7, 8), ("citadel",) * 3 + ("market",) * 3)}
    full[1] = {"warriors": {ME: 2}, "buildings": [["marquise", "sawmill"]]}
    s = pos(full)
    g = game(s)
    assert not D.build(g, "10.5.3") and s.factions[ME].vp == 0


# -- 10.5.4 / 10.7 ministers ------------------------------------------------------------------------
def test_10_7_ministers_act_top_to_bottom() -> None:
    s = pos({5: {"warriors": {ME: 6}, "buildings": [[ME, "citadel"]], "tokens": [TUNNEL]}, 2: {"buildings": [[ME, "market"]], "tokens": [TUNNEL]}, 11: {"tokens": [TUNNEL]}},
            burrow=3, swayed=MINISTERS)
    g = game(s)
    set_order(g, ME, "root_tea_fox")
    D.act_with_ministers(g)
    rules = [e.rule for e in g.log if e.rule.startswith("10.7")]
    firsts = sorted(set(rules), key=rules.index)
    assert firsts == ["10.7.2", "10.7.4", "10.7.5", "10.7.6", "10.7.7", "10.7.8", "10.7.9"]
    # Marshal: 2 (no warriors) gets one. Brigadier: 3 in the Burrow, a fox clearing. Banker builds.
    assert events(g, "10.7.2", "place_warriors")[0].data["c"] == 2
    assert ds(s).burrow == 0


def test_10_7_6_mayor_removes_from_ruled_clearing_with_most_and_scores() -> None:
    s = pos({5: {"warriors": {ME: 3}}, 1: {"warriors": {ME: 6, "marquise": 7}}}, burrow=9, swayed=("mayor",))
    g = game(s)
    D.mayor(g)
    assert s.warriors(ME, 5) == 2 and ds(s).burrow == 9 and s.factions[ME].vp == 1


def test_10_7_7_to_9_scoring_ministers() -> None:
    s = pos({1: {"buildings": [[ME, "citadel"]], "tokens": [TUNNEL]}, 2: {"buildings": [[ME, "citadel"], [ME, "market"]], "tokens": [TUNNEL]}, 3: {"tokens": [TUNNEL]}})
    g = game(s)
    D.earl_of_stone(g)
    D.baron_of_dirt(g)
    D.duchess_of_mud(g)
    assert s.factions[ME].vp == 2 + 1 + 2
    s = pos({1: {"tokens": [TUNNEL]}})
    g = game(s)
    D.duchess_of_mud(g)
    assert s.factions[ME].vp == 0


# -- 10.6 Evening ---------------------------------------------------------------------------------------
def test_10_6_1_rally_moves_to_fewest_then_all_but_four_to_burrow() -> None:
    # Rabbit: 3, 4, 5, 10. 4 (1 warrior, no building) is next to 8 and 12 (buildings); 12 has fewer.
    s = pos({4: {"warriors": {ME: 1}}, 8: {"warriors": {ME: 3}, "buildings": [[ME, "market"]]}, 12: {"warriors": {ME: 7}, "buildings": [[ME, "market"]]},
             5: {"warriors": {ME: 2}}})
    g = game(s)
    set_order(g, ME, "root_tea_rabbit")
    D.rally(g)
    (mv,) = events(g, "10.6.1", "move")
    assert (mv.data["a"], mv.data["b"]) == (4, 8)
    # 5 (rabbit, two warriors) has no adjacent clearing with a building: to the Burrow (10.6.1 II).
    assert s.warriors(ME, 5) == 0
    # 12 ruled with 7: three to the Burrow.
    assert s.warriors(ME, 12) == 4 and ds(s).burrow == 2 + 3
    invariants.check(s)


def test_10_6_2_score_markets() -> None:
    s = pos({1: {"buildings": [[ME, "market"]]}, 2: {"buildings": [[ME, "market"], [ME, "citadel"]]}})
    g = game(s)
    D.score_markets(g)
    assert s.factions[ME].vp == 2


def test_10_6_3_sway_topmost_ordered_else_bottommost() -> None:
    s = pos({}, swayed=("marshal",))
    g = game(s)
    set_order(g, ME, "root_tea_rabbit")
    D.sway(g)
    assert ds(s).has("banker")
    R.discard_order(g, ME, "test")
    set_order(g, ME, "ambush_bird")
    D.sway(g)
    assert ds(s).has("duchess")
    s = pos({}, swayed=("marshal", "banker", "baron"))
    g = game(s)
    set_order(g, ME, "root_tea_rabbit")
    D.sway(g)
    assert ds(s).has("duchess")
    s = pos({}, swayed=MINISTERS)
    g = game(s)
    set_order(g, ME, "root_tea_rabbit")
    D.sway(g)
    assert g.log.of_kind("no_sway")


# -- difficulty and traits (3.3) ----------------------------------------------------------------------
def test_3_3_2_duchy_foundations_takes_a_matching_minister() -> None:
    s = pos({5: {"buildings": [[ME, "market"]]}}, swayed=("captain", "marshal", "duchess"), **{ME: {"traits": ["foundations"]}})
    g = game(s)
    R.remove_piece(g, ME, 5, "market", "test", by="marquise")  # 5 is rabbit: the Marshal
    assert ds(s).swayed == ["captain", "duchess"]


def test_3_3_2_duchy_overwhelm_digs_twice_with_three() -> None:
    s = pos({}, burrow=6, **{ME: {"traits": ["overwhelm"]}})
    g = game(s, [("roll", (0, 0))] * 4)
    set_order(g, ME, "root_tea_fox")
    D.DrillbitDuchy().daylight(g)
    assert len(events(g, "10.5.1", "place_token")) == 2 and ds(s).burrow == 0


def test_3_3_1_duchy_nightmare_point() -> None:
    s = pos({}, **{ME: {"difficulty": "nightmare"}})
    g = game(s)
    D.nightmare_point(g)
    assert s.factions[ME].vp == 1


# -- cross-bot interactions (issue 5 part 6; ruling R-DUCHY-BURROW) ------------------------------------------
def test_cross_marquise_never_moves_into_the_burrow() -> None:
    """The Marquise moves from 1 to its adjacent clearing with most enemy pieces; the tunnel clearing 3,
    far away, is not reachable through the Burrow."""
    s = pos({1: {"warriors": {"marquise": 6, ME: 1}, "tokens": [TUNNEL]}, 3: {"warriors": {ME: 5}, "tokens": [TUNNEL]}, 9: {"warriors": {ME: 1}, "tokens": [["duchy", "tunnel"]]}})
    from rootbotics.factions.marquise import bot as M
    g = game(s)
    moved = M.move_out(g, [1], "4.5.4")
    assert moved == [9]  # tunnel token plus warrior: the most enemy pieces next to 1
    assert 3 not in paths.move_destinations(s, "marquise", 1)


def test_cross_vagabot_nearest_ignores_tunnels() -> None:
    s = pos({1: {"tokens": [TUNNEL]}, 3: {"tokens": [TUNNEL], "warriors": {ME: 1}}, 12: {"warriors": {ME: 1}}}, seats=("duchy", "vagabot"), vagabot={"vagabot": {"character": "thief", "location": 1}})
    g = game(s)
    choice = V.nearest(g, "test", [3, 12], "7.5")
    assert choice.target == 12  # 3 would be two moves through the Burrow; it is four by paths


def test_cross_alliance_spreads_by_paths_not_through_the_burrow() -> None:
    s = pos({1: {"tokens": [["alliance", "sympathy"], TUNNEL]}, 3: {"tokens": [TUNNEL]}}, seats=("duchy", "alliance"))
    choice = A.spread_target(s, "rabbit")
    assert choice.target == 5 and 3 not in choice.ranked  # 3 is rabbit, tunnelled, but not adjacent to 1
    # A tunnel is an enemy piece for the fallback's "fewest enemy pieces".
    assert s.enemy_pieces("alliance", 3) == 1


def test_cross_eyrie_ruled_clearings_never_include_the_burrow() -> None:
    s = pos({}, burrow=10, seats=("duchy", "eyrie"))
    assert R.ruled_clearings(s, ME) == [] and R.ruler(s, 1) is None


# -- whole games -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed, seats, map_name", [
    (1, ("duchy", "marquise", "eyrie"), "fall"),
    (2, ("alliance", "duchy", "vagabot", "marquise"), "winter"),
    (3, ("eyrie", "vagabot", "duchy", "alliance", "marquise"), "lake"),
    (4, ("duchy", "alliance", "eyrie", "vagabot"), "mountain"),
])
def test_duchy_games_end_and_conserve_after_every_event(seed, seats, map_name) -> None:
    g = new_game(bot_config(list(seats), map_name, seed))
    live: list[str] = []

    def check(event) -> None:
        live.append(event.text)
        invariants.check(g.state)

    g.log.listeners.append(check)
    play(g)
    assert g.state.winner is not None
    assert [e.text for e in g.log][-len(live):] == live


def duchy_lineup(seed: int) -> tuple[list[str], str]:
    """Seats for random game ``seed``: the Duchy and two to four Clockwork 1 bots, any order, any map."""
    from rootbotics.core.chance import Rng
    from rootbotics.core.maps import MAP_NAMES

    rng = Rng.from_seed(seed)
    others = ["marquise", "eyrie", "alliance", "vagabot"]
    rng.shuffle(others)
    seats = ["duchy", *others[: 2 + seed % 3]]
    rng.shuffle(seats)
    return seats, MAP_NAMES[rng.below(len(MAP_NAMES))]


@pytest.mark.soak
@pytest.mark.parametrize("block", range(10))
def test_soak_duchy_games(block: int) -> None:
    """300 games with the Duchy and 2-4 Clockwork 1 bots, invariants after every event (``make soak``)."""
    for seed in range(block * 30, block * 30 + 30):
        seats, map_name = duchy_lineup(seed)
        g = new_game(bot_config(seats, map_name, seed))
        g.log.listeners.append(lambda e, g=g: invariants.check(g.state))
        play(g)
        assert g.state.winner is not None, (seed, seats, map_name)


def test_3_3_2_duchy_investors_human_discards_and_duchy_loses_a_vp() -> None:
    from rootbotics.controllers import ScriptedHuman

    s = pos({5: {"buildings": [[ME, "market"]], "warriors": {"marquise": 2}}}, humans=("marquise",), swayed=("captain",),
            **{ME: {"traits": ["investors"], "vp": 4}}, marquise={"hand": ["root_tea_fox", "root_tea_rabbit"]})
    g = game(s, [("roll", (2, 0))], marquise=ScriptedHuman())
    battle(g, "marquise", ME, 5, "test")
    assert ds(s).swayed == [] and s.factions[ME].vp == 3  # the crown, then the VP
    assert s.factions["marquise"].hand == [s.deckdef.by_name["root_tea_fox"]]  # 5 is rabbit
    invariants.check(s)


def test_3_3_2_duchy_investors_without_a_matching_card_sways_a_matching_minister() -> None:
    from rootbotics.controllers import ScriptedHuman

    s = pos({5: {"buildings": [[ME, "market"]], "warriors": {"marquise": 2}}}, humans=("marquise",), swayed=("captain", "marshal"),
            **{ME: {"traits": ["investors"]}}, marquise={"hand": ["root_tea_fox"]})
    g = game(s, [("roll", (2, 0))], marquise=ScriptedHuman())
    battle(g, "marquise", ME, 5, "test")
    # Cost of Errors takes the Marshal's crown. The Investors card sways "as in the Sway action"
    # (10.6.3): the Duchy has no order card in the Marquise's turn, so no minister is ordered and
    # the crown goes on the bottommost unswayed minister matching 5 (rabbit): the Baron of Dirt.
    assert ds(s).swayed == ["captain", "baron"] and s.factions[ME].vp == 0
    assert "Investors" in g.log.of_kind("sway")[-1].text
    # A bot remover sets off nothing more.
    s = pos({5: {"buildings": [[ME, "market"]]}}, swayed=("captain",), **{ME: {"traits": ["investors"]}})
    g = game(s)
    R.remove_piece(g, ME, 5, "market", "test", by="marquise")
    assert ds(s).swayed == [] and not g.log.of_kind("investors")


def test_3_3_2_duchy_investors_sways_as_the_sway_action_does_among_matching_ministers() -> None:
    """The printed Investors card (clockwork-cards.md): with no matching card the Duchy sways a
    minister as in the Sway action (10.6.3: the topmost ordered minister with no crown, else the
    bottommost with none) that also matches a clearing of removal."""
    from rootbotics.controllers import ScriptedHuman

    def case(order: str | None) -> list[str]:
        s = pos({5: {"buildings": [[ME, "market"]], "warriors": {"marquise": 2}}}, humans=("marquise",), swayed=("captain",),
                **{ME: {"traits": ["investors"]}}, marquise={"hand": ["root_tea_fox"]})
        g = game(s, [("roll", (2, 0))], marquise=ScriptedHuman())
        if order is not None:
            set_order(g, ME, order)
        battle(g, "marquise", ME, 5, "test")
        return ds(s).swayed

    # A rabbit order (5 is rabbit): the topmost unswayed rabbit minister, the Marshal.
    assert case("root_tea_rabbit") == ["marshal"]
    # A fox order: no unswayed minister is both ordered and rabbit, so the bottommost rabbit one.
    assert case("travel_gear_fox") == ["baron"]
    # A bird order, or no order at all (another player's turn): the bottommost rabbit one.
    assert case("crossbow_bird") == ["baron"]
    assert case(None) == ["baron"]


def test_3_3_2_duchy_invaders_dig_tie_and_battle_instead_of_building() -> None:
    # Fox: 1, 6, 8, 12. 8 has two free slots; 12 an enemy building and fewer enemy warriors than 6.
    s = pos({12: {"buildings": [["marquise", "sawmill"]], "warriors": {"marquise": 1}}, 6: {"buildings": [["marquise", "sawmill"]], "warriors": {"marquise": 2}}}, burrow=4, **{ME: {"traits": ["invaders"]}})
    g = game(s)
    set_order(g, ME, "root_tea_fox")
    assert D.dig(g, "10.5.1") == 12
    # Build: it rules only 1, whose one slot holds a sawmill: it battles there and scores nothing.
    s = pos({1: {"warriors": {ME: 3, "marquise": 1}, "buildings": [["marquise", "sawmill"]]}}, **{ME: {"traits": ["invaders"]}})
    g = game(s, [("roll", (1, 0))])
    assert not D.build(g, "10.5.3")
    assert [e.data["c"] for e in g.log.of_kind("battle")] == [1]
    assert s.warriors("marquise", 1) == 0 and s.factions[ME].vp == 0


@pytest.mark.parametrize("trait", ["foundations", "investors", "invaders", "overwhelm"])
def test_duchy_games_with_each_trait_and_nightmare(trait: str) -> None:
    config = GameConfig([Seat(ME, difficulty="nightmare", traits=(trait,)), Seat("eyrie"), Seat("alliance"), Seat("marquise")], seed=7)
    g = new_game(config)
    g.log.listeners.append(lambda e: invariants.check(g.state))
    play(g)
    assert g.state.winner is not None


def test_cross_eyrie_moves_by_paths_and_counts_tunnels_as_enemy_pieces() -> None:
    """5.5.1 II from 1 (next to 5, 9, 10): 5 holds a Duchy warrior and 10 a tunnel, so 9 has
    the fewest enemy pieces (were tunnels nothing, 10 would win on lowest priority); 3, also
    tunnelled, is no destination through the Burrow."""
    from rootbotics.factions.eyrie import bot as E

    s = pos({1: {"warriors": {"eyrie": 5}, "tokens": [TUNNEL]}, 3: {"tokens": [TUNNEL]}, 5: {"warriors": {ME: 1}}, 10: {"tokens": [TUNNEL]}},
            seats=("duchy", "eyrie"))
    g = game(s)
    choice = E.move_destination(g, 1)
    assert choice.target == 9 and sorted(choice.ranked) == [5, 9, 10]


def test_cross_eyrie_relentless_costs_one_crown_per_clearing() -> None:
    from rootbotics.factions.eyrie import bot as E

    s = pos({5: {"warriors": {"eyrie": 1}, "buildings": [[ME, "market"], [ME, "citadel"]], "tokens": [TUNNEL]}},
            seats=("duchy", "eyrie"), swayed=("captain", "marshal"), eyrie={"traits": ["relentless"]})
    g = game(s)
    E.relentless(g)
    assert s.clearings[5].buildings == [] and s.clearings[5].tokens == []
    assert len(g.log.of_kind("cost_of_errors")) == 1 and ds(s).swayed == ["captain"]
    assert s.factions["eyrie"].vp == 3


def test_cli_show_names_the_burrow_and_the_ministers(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from rootbotics.cli import main

    target = tmp_path / "duchy.json"
    target.write_text((POSITIONS / "duchy_example_turn.json").read_text())
    with pytest.raises(SystemExit) as exc:
        main(["show", str(target)])
    assert exc.value.code in (0, None)
    shown = capsys.readouterr().out
    assert "Drillbit Duchy: 0 warriors in the Burrow" in shown
    assert "Swayed ministers: Captain, Marshal, Foremole, Brigadier" in shown


def test_10_2_2_a_saved_duchy_game_continues_the_same() -> None:
    """Save after every turn of a Duchy game; each saved position reloads to the same text, and
    the game played on from the last one ends as the uninterrupted game."""
    config = bot_config(["duchy", "eyrie", "alliance", "vagabot"], "winter", 21)
    whole = new_game(config)
    play(whole)
    g = new_game(config)
    for _ in range(9):
        play(g, turns=1)
        text = serial.dumps(g.state)
        assert serial.dumps(serial.loads(text)) == text
    resumed = Game(serial.loads(serial.dumps(g.state)))
    play(resumed)
    assert serial.dumps(resumed.state) == serial.dumps(whole.state)


def test_12_1_1_duchy_rallies_by_the_ferry() -> None:
    """On the Lake, the Ferry in 1 links it with the other coastal clearings (12.1.1): a lone
    warrior in 1 rallies to coastal 12, which has a Duchy market; the Ferry goes along."""
    data = {
        "format": "rootbotics-position", "version": 1, "map": "lake", "seed": 1,
        "suits": {str(c): s for c, s in zip(range(1, 13), ["fox", "mouse", "rabbit", "fox", "mouse", "rabbit", "fox", "mouse", "rabbit", "fox", "mouse", "rabbit"])},
        "turn_order": ["duchy", "marquise"], "ferry": 1,
        "factions": {"duchy": {"seat": "bot", "duchy": {}}, "marquise": {"seat": "bot"}},
        "clearings": {"1": {"warriors": {"duchy": 1}}, "12": {"warriors": {"duchy": 2}, "buildings": [["duchy", "market"]]}},
    }
    s = serial.from_json(data)
    g = game(s)
    set_order(g, ME, "root_tea_fox")
    D.rally(g)
    assert s.warriors(ME, 12) == 3 and s.ferry == 12 and s.factions[ME].vp == 1


def test_11_8_2_a_snare_holds_warriors_out_of_the_burrow() -> None:
    """Ruling R-DUCHY-SNARE: the Duchy rules 5 with six warriors, but a face-up snare stands there;
    Rally's all-but-four removes the snare instead."""
    s = pos({5: {"warriors": {ME: 6}, "tokens": [["corvids", "plot"]]}}, seats=("duchy", "corvids"),
            corvids={"plots": {"5": {"kind": "snare", "face_up": True}}})
    g = game(s)
    set_order(g, ME, "root_tea_fox")
    D.rally(g)
    assert s.warriors(ME, 5) == 6 and ds(s).burrow == 0
    assert s.clearings[5].tokens == [] and s.factions[ME].vp == 1
    invariants.check(s)


def test_10_5_1_II_and_11_8_2_a_snared_dig_leaves_every_tunnel_where_it_is() -> None:
    # All three tunnels are on the map (3, 4, 7) and the fox dig goes to 8, where a face-up snare
    # stands: 11.8.2 cancels the tunnel's placement, so none is taken off the map for it.
    tunnels = {c: {"warriors": {ME: 1}, "tokens": [TUNNEL]} for c in (3, 4, 7)}
    s = pos({**tunnels, 8: {"tokens": [["corvids", "plot"]]}}, seats=("duchy", "corvids"), burrow=4,
            corvids={"plots": {"8": {"kind": "snare", "face_up": True}}})
    g = game(s)
    set_order(g, ME, "root_tea_fox")
    D.dig(g, "10.5.1")
    assert [c for c in range(1, 13) if (ME, "tunnel") in s.clearings[c].tokens] == [3, 4, 7]
    assert not g.log.of_kind("take_tunnel") and s.clearings[8].tokens == [] and ds(s).burrow == 4
    assert "place a tunnel token in 8" in g.log.of_kind("snare")[0].text
    invariants.check(s)
