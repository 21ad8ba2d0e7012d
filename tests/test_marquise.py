"""Mechanical Marquise 2.0, rule by rule (Law of Robotics section 4)."""

from __future__ import annotations

import pytest
from helpers import game, position, set_order

from rootbotics.factions.marquise import bot as M
from rootbotics.core.chance import ScriptedChance
from rootbotics.controllers import ScriptedHuman
from rootbotics.game import bot_config, new_game, play_turn
from rootbotics.factions.marquise.faction import keep_clearing


def events(g, rule, kind=None):
    return [e for e in g.log if e.rule == rule and (kind is None or e.kind == kind)]


# -- 4.3 setup ---------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(12))
def test_4_3_setup_keep_garrison_and_starting_buildings(seed: int) -> None:
    g = new_game(bot_config(["marquise", "eyrie"], seed=seed))
    s = g.state
    keep = keep_clearing(s)
    assert keep in s.map.corners  # 4.3.2
    opposite = s.map.opposite_corner[keep]
    for c in range(1, 13):  # 4.3.3
        expected = 0 if c == opposite else 2 if c == keep else 1
        assert s.warriors("marquise", c) == expected
    placed = [(c, k) for c in range(1, 13) for f, k in s.clearings[c].buildings if f == "marquise"]
    assert sorted(k for _, k in placed) == ["recruiter", "sawmill", "workshop"]  # 4.3.4
    spots = [c for c, _ in placed]
    assert len(set(spots)) == 3 and all(c == keep or s.map.is_adjacent(keep, c) for c in spots)
    sup = s.factions["marquise"].supply  # 4.3.1 and 4.3.5
    assert (sup["warrior"], sup["sawmill"], sup["workshop"], sup["recruiter"]) == (25 - 12, 5, 5, 5)


def test_4_3_2_keep_corner_and_4_3_4_buildings_come_from_chance() -> None:
    # Picks, in order: the keep's corner, then the clearings of sawmill, workshop, recruiter.
    chance = ScriptedChance([("pick", 2), ("pick", 10), ("pick", 2), ("pick", 6)])
    g = new_game(bot_config(["marquise", "eyrie"]), chance=chance)
    s = g.state
    assert keep_clearing(s) == 2 and s.warriors("marquise", 4) == 0
    assert ("marquise", "sawmill") in s.clearings[10].buildings
    assert ("marquise", "workshop") in s.clearings[2].buildings
    assert ("marquise", "recruiter") in s.clearings[6].buildings
    # 5.3.2: the Eyrie then takes the corner opposite the keep.
    assert ("eyrie", "roost") in s.clearings[4].buildings and s.warriors("eyrie", 4) == 6


# -- 4.5 Daylight ------------------------------------------------------------------------------
def test_4_5_1_battle_each_ordered_clearing_defender_most_pieces_then_most_vp() -> None:
    s = position(
        {
            1: {"warriors": {"marquise": 2, "eyrie": 1}},
            6: {"warriors": {"marquise": 3, "eyrie": 1}, "tokens": [["alliance", "sympathy"]]},
            8: {"warriors": {"marquise": 1}},
        },
        seats=("marquise", "eyrie", "alliance"),
        humans=("alliance",),
        eyrie={"vp": 3},
        alliance={"vp": 5},
    )
    g = game(s, [("roll", (0, 0)), ("roll", (0, 0)), ("draw", "anvil")], alliance=ScriptedHuman())
    M.battle_ordered(g, "fox")
    battles = [(e.data["c"], e.data["defender"]) for e in g.log.of_kind("battle")]
    # Highest priority first (2.4); in 6 Eyrie and Alliance tie on one piece: the Alliance has more VP.
    assert battles == [(1, "eyrie"), (6, "alliance")]
    assert "chose alliance by most VP (4.5.1 I)" in g.log.of_kind("battle")[1].text


@pytest.mark.parametrize(
    ("ruled", "expected"),
    [((6,), {6: 4}), ((6, 12), {6: 2, 12: 2}), ((1, 8, 12), {1: 2, 8: 1, 12: 1}), ((1, 6, 8, 12), {1: 1, 6: 1, 8: 1, 12: 1})],
)
def test_4_5_2_recruit_four_evenly_extra_to_highest_priority(ruled, expected) -> None:
    s = position({c: {"warriors": {"marquise": 1}} for c in ruled})
    g = game(s)
    M.recruit(g, "fox")
    assert {c: s.warriors("marquise", c) - 1 for c in ruled} == expected


def test_4_5_2_recruit_only_where_it_rules() -> None:
    s = position({6: {"warriors": {"marquise": 1, "eyrie": 2}}, 8: {"warriors": {"marquise": 1}}})
    g = game(s)
    M.recruit(g, "fox")
    assert s.warriors("marquise", 6) == 1 and s.warriors("marquise", 8) == 5


def test_4_5_2_recruit_spreads_what_the_supply_holds_evenly() -> None:
    # 22 of its 25 warriors are on the map: three fox clearings it rules get one each (not 2/1/0).
    s = position({1: {"warriors": {"marquise": 8}}, 6: {"warriors": {"marquise": 7}}, 8: {"warriors": {"marquise": 7}}, 12: {"warriors": {"eyrie": 1}}})
    assert s.factions["marquise"].supply["warrior"] == 3
    g = game(s)
    M.recruit(g, "fox")
    assert [s.warriors("marquise", c) for c in (1, 6, 8)] == [9, 8, 8]
    placed = events(g, "4.5.2", "place_warriors")
    assert len(placed) == 3 and "only 3 of its 4 warriors are in supply, so those are spread" in placed[0].text
    assert not g.log.of_kind("supply_empty")


@pytest.mark.parametrize(("suit", "kind"), [("fox", "sawmill"), ("rabbit", "workshop"), ("mouse", "recruiter")])
def test_4_5_3_build_type_follows_the_order_not_the_clearing(suit: str, kind: str) -> None:
    s = position({9: {"warriors": {"marquise": 2}}, 3: {"warriors": {"marquise": 4}, "buildings": [["marquise", "sawmill"]]}})
    g = game(s)
    assert M.build(g, suit)
    # 3 has the most warriors but its only slot is taken (2.3), so 9 gets the building.
    assert ("marquise", kind) in s.clearings[9].buildings


def test_4_5_4_move_all_but_three_to_adjacent_with_most_enemy_pieces() -> None:
    s = position(
        {
            12: {"warriors": {"marquise": 6}},
            9: {"warriors": {"eyrie": 2}},
            11: {"warriors": {"eyrie": 2}},
            4: {"warriors": {"eyrie": 1}},
        }
    )
    g = game(s)
    M.move(g, "fox")
    # 9 and 11 tie on two enemy pieces; 9 has higher priority (2.1).
    assert s.warriors("marquise", 12) == 3 and s.warriors("marquise", 9) == 3
    assert "chose 9 by highest priority (2.1)" in g.log.of_kind("move")[0].text


def test_4_5_4_move_needs_rule_of_origin_or_destination() -> None:
    # The Marquise does not rule 12 (Eyrie has more) nor its neighbours with Eyrie in them.
    s = position({12: {"warriors": {"marquise": 4, "eyrie": 5}}, 9: {"warriors": {"eyrie": 2}}, 7: {"warriors": {"marquise": 1}}})
    g = game(s)
    M.move(g, "fox")
    moves = g.log.of_kind("move")
    assert [(e.data["a"], e.data["b"]) for e in moves] == [(12, 7)]  # 7 is ruled; 9, 4, 10, 11 are not legal


def test_4_5_5_expand_when_nothing_was_built() -> None:
    # Only clearing 1 is ruled and it has no free slot: no building, so it expands.
    s = position({1: {"warriors": {"marquise": 2}, "buildings": [["marquise", "sawmill"]]}, 3: {"warriors": {"eyrie": 1}}})
    g = game(s, [("draw", "arms_trader")])  # the new order is a bird: Escalated Daylight
    set_order(g, "marquise", "anvil")
    M.MechanicalMarquise().daylight(g)
    assert [e.kind for e in g.log if e.rule == "4.5.5"] == ["discard_order", "expand", "order"]
    assert s.factions["marquise"].order == s.deckdef.by_name["arms_trader"]
    assert not g.log.of_kind("craft")  # no crafting for the new order card
    assert g.log.of_kind("escalate")


def test_4_5_5_no_expand_with_more_than_five_buildings() -> None:
    s = position(
        {
            1: {"warriors": {"marquise": 1}, "buildings": [["marquise", "sawmill"]]},
            2: {"warriors": {"marquise": 1}, "buildings": [["marquise", "sawmill"], ["marquise", "workshop"]]},
            5: {"warriors": {"marquise": 1}, "buildings": [["marquise", "workshop"], ["marquise", "recruiter"]]},
            9: {"warriors": {"marquise": 1}, "buildings": [["marquise", "recruiter"], ["marquise", "sawmill"]]},
        }
    )
    g = game(s)
    set_order(g, "marquise", "anvil")
    M.MechanicalMarquise().daylight(g)
    assert not g.log.of_kind("expand") and not events(g, "4.5.3", "place_building")


# -- 4.6 Evening -------------------------------------------------------------------------------
def test_4_6_1_bird_order_scores_the_best_track() -> None:
    s = position(
        {
            1: {"warriors": {"marquise": 1}, "buildings": [["marquise", "recruiter"]]},
            2: {"warriors": {"marquise": 1}, "buildings": [["marquise", "recruiter"], ["marquise", "recruiter"]]},
            5: {"warriors": {"marquise": 1}, "buildings": [["marquise", "sawmill"]]},
        }
    )
    g = game(s)
    set_order(g, "marquise", "arms_trader")
    M.MechanicalMarquise().evening(g)
    assert s.factions["marquise"].vp == 2  # three recruiters: the rightmost empty space shows 2
    assert s.factions["marquise"].order is None and s.discard  # 4.6.2


# -- 4.7 Escalated Daylight --------------------------------------------------------------------
def test_4_7_2_recruit_two_each_in_two_lowest_priority_ruled() -> None:
    s = position({2: {"warriors": {"marquise": 1}}, 7: {"warriors": {"marquise": 1}}, 11: {"warriors": {"marquise": 1}}})
    g = game(s)
    M.escalated_recruit(g)
    assert [s.warriors("marquise", c) for c in (2, 7, 11)] == [1, 3, 3]


def test_4_7_2_recruit_four_if_it_rules_one_clearing() -> None:
    s = position({7: {"warriors": {"marquise": 1}}})
    g = game(s)
    M.escalated_recruit(g)
    assert s.warriors("marquise", 7) == 5


@pytest.mark.parametrize(
    ("counts", "expected"),
    [
        ({"sawmill": 1, "workshop": 1, "recruiter": 1}, "sawmill"),
        ({"sawmill": 0, "workshop": 2, "recruiter": 2}, "recruiter"),
        ({"sawmill": 1, "workshop": 2, "recruiter": 0}, "workshop"),
        ({"sawmill": 2, "workshop": 0, "recruiter": 3}, "recruiter"),
    ],
)
def test_4_7_3_build_type_with_most_pieces_and_its_ties(counts, expected) -> None:
    slots = [1, 2, 2, 5, 5, 7, 7, 8, 8, 9, 9]
    clearings: dict[int, dict] = {}
    for kind, n in counts.items():
        for _ in range(n):
            c = slots.pop()
            clearings.setdefault(c, {"warriors": {"marquise": 1}, "buildings": []})["buildings"].append(["marquise", kind])
    s = position(clearings)
    assert M.escalated_building_type(s) == expected


def test_4_7_4_move_from_every_clearing_then_battle_where_it_moved() -> None:
    s = position({3: {"warriors": {"marquise": 5}}, 7: {"warriors": {"eyrie": 1}, "buildings": [["eyrie", "roost"]]}})
    g = game(s, [("roll", (2, 1))])
    M.escalated_move(g)
    assert s.warriors("marquise", 3) == 3
    assert [(e.rule, e.data["c"]) for e in g.log.of_kind("battle")] == [("4.7.4", 7)]
    # Two hits take the Eyrie warrior and then the roost (1 VP); one hit back leaves one cat.
    assert s.warriors("marquise", 7) == 1 and not s.clearings[7].buildings
    assert s.factions["marquise"].vp == 1


def test_4_7_1_escalated_daylight_battles_in_every_clearing() -> None:
    s = position({2: {"warriors": {"marquise": 1, "eyrie": 1}}, 9: {"warriors": {"marquise": 1, "eyrie": 1}}})
    g = game(s, [("roll", (0, 0)), ("roll", (0, 0))])
    set_order(g, "marquise", "arms_trader")
    M.MechanicalMarquise().daylight(g)
    assert [(e.rule, e.data["c"]) for e in g.log.of_kind("battle")] == [("4.7.1", 2), ("4.7.1", 9)]
