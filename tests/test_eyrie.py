"""Electric Eyrie, rule by rule (Law of Robotics section 5)."""

from __future__ import annotations

import pytest
from helpers import game, position, set_order

from rootbotics.factions.eyrie import bot as E
from rootbotics.core.chance import ScriptedChance
from rootbotics.factions.eyrie.board import VIZIER
from rootbotics.game import GameConfig, Seat, bot_config, new_game, play_turn
from rootbotics.factions.marquise.faction import keep_clearing


def decree(**cols: list[str]) -> dict:
    base = {"fox": [], "mouse": [], "rabbit": [], "bird": ["loyal_vizier", "loyal_vizier"]}
    base.update(cols)
    return {"decree": base}


# -- 5.3 setup ---------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(8))
def test_5_3_2_roost_opposite_the_keep_with_six_warriors(seed: int) -> None:
    g = new_game(bot_config(["marquise", "eyrie"], seed=seed))
    s = g.state
    corner = s.map.opposite_corner[keep_clearing(s)]
    assert s.clearings[corner].buildings == [("eyrie", "roost")] and s.warriors("eyrie", corner) == 6
    fs = s.factions["eyrie"]
    assert fs.board.decree == {"fox": [], "mouse": [], "rabbit": [], "bird": [VIZIER, VIZIER]}  # 5.3.3
    assert fs.supply["roost"] == 6 and fs.supply["warrior"] == 14  # 5.3.1, 5.3.4


def test_5_3_2_random_corner_when_no_starting_corner_exists() -> None:
    # With only a human Marquise (no recorded corner), the Eyrie picks any corner at random.
    cfg = GameConfig([Seat("eyrie"), Seat("marquise", "human")])
    hand = [("draw", c) for c in (0, 1, 4)]  # 3.4: the human draws three cards first
    g = new_game(cfg, chance=ScriptedChance([*hand, ("pick", 2)]))
    assert g.state.clearings[2].buildings == [("eyrie", "roost")]
    assert g.state.start_corners == {"eyrie": 2}


# -- 5.4 Birdsong ------------------------------------------------------------------------------
def test_5_4_3_order_joins_its_decree_column() -> None:
    s = position({3: {"warriors": {"eyrie": 1}, "buildings": [["eyrie", "roost"]]}}, turn=1, eyrie=decree())
    g = game(s, [("draw", "codebreakers")])
    E.ElectricEyrie().birdsong(g)
    fs = s.factions["eyrie"]
    assert fs.board.decree["mouse"] == [s.deckdef.by_name["codebreakers"]] and fs.order is None


def test_5_4_4_a_new_roost_in_highest_priority_ordered_clearing_it_can_use() -> None:
    # Fox order, no roost on the map: 1 holds the keep (4.2.1), so the roost goes to 6.
    s = position({1: {"warriors": {"marquise": 1}, "tokens": [["marquise", "keep"]]}}, turn=1, eyrie=decree())
    g = game(s)
    E.a_new_roost(g, "fox")
    assert s.clearings[6].buildings == [("eyrie", "roost")] and s.warriors("eyrie", 6) == 4
    assert "skipped 1 (the keep forbids placing there)" in g.log.of_kind("place_building")[0].text


def test_5_4_4_no_new_roost_while_one_is_on_the_map() -> None:
    s = position({3: {"buildings": [["eyrie", "roost"]]}}, turn=1, eyrie=decree())
    g = game(s)
    E.a_new_roost(g, "fox")
    assert s.on_map("eyrie", "roost") == 1


def test_5_4_4_and_5_7_no_place_for_a_new_roost_is_turmoil() -> None:
    # No roost on the map, a rabbit order, and every rabbit clearing (3, 4, 5, 10) full: 5.7 sends
    # the Eyrie into turmoil at once (for any reason), so Daylight never comes (no roost in 8).
    full = {3: [["marquise", "sawmill"]], 4: [["marquise", "workshop"]], 5: [["marquise", "sawmill"], ["marquise", "recruiter"]], 10: [["marquise", "workshop"]]}
    clearings: dict[int, dict] = {c: {"buildings": b} for c, b in full.items()}
    clearings[8] = {"warriors": {"eyrie": 4}}
    s = position(clearings, turn=1, eyrie={"vp": 5, **decree()})
    g = game(s, [("draw", "cobbler")])
    play_turn(g)
    fs = s.factions["eyrie"]
    assert s.on_map("eyrie", "roost") == 0 and not g.log.of_kind("place_building")
    assert fs.vp == 5 - 2  # the two Loyal Viziers (5.7.1); no roost on the map scores nothing (5.6)
    assert fs.board.decree == {"fox": [], "mouse": [], "rabbit": [], "bird": [VIZIER, VIZIER]}  # 5.7.2
    assert s.discard == [s.deckdef.by_name["cobbler"]]
    rules = [e.rule for e in g.log if e.faction == "eyrie"]
    assert rules.index("5.7") > rules.index("5.4.4") and "5.5.1 I" not in rules and "5.5.2" not in rules
    (skip,) = [e for e in g.log if e.rule == "5.4.4"]
    assert "no rabbit clearing can take one, so it falls into turmoil (5.7)" in skip.text
    assert "skips Daylight" in g.log.of_kind("rest")[-1].text


# -- 5.5.1 Resolve the Decree ------------------------------------------------------------------
def test_5_5_1_I_recruit_ties_fewest_eyrie_warriors_then_lowest_priority() -> None:
    roosts = {c: {"warriors": {"eyrie": n}, "buildings": [["eyrie", "roost"]]} for c, n in ((6, 2), (8, 1), (12, 1))}
    s = position(roosts, eyrie=decree(fox=["anvil", "tax_collector"]))
    g = game(s)
    E.decree_recruit(g, "fox")
    # No enemies anywhere; 8 and 12 tie on one warrior; 12 has the lower priority.
    assert s.warriors("eyrie", 12) == 3
    assert "chose 12 by lowest priority (2.1)" in g.log.of_kind("place_warriors")[0].text


def test_2_7_and_5_5_1_the_bird_column_speaks_of_any_clearing() -> None:
    # Birds are wild (2.7): the bird column orders every clearing, so there are no "bird clearings".
    s = position({8: {"warriors": {"eyrie": 2}}}, eyrie=decree())
    g = game(s)
    assert not E.decree_recruit(g, "bird")
    E.decree_battle(g, "bird")
    texts = [e.text for e in g.log.of_kind("skip")]
    assert texts == [
        "cannot recruit for the bird column: no clearing has a roost (birds are wild: any clearing)",
        "cannot battle for the bird column: no clearing has both its warriors and an enemy (birds are wild: any clearing)",
    ]
    assert not any("bird clearing" in e.text for e in g.log)


def test_5_5_1_III_a_a_yes_no_tie_break_is_printed_in_words() -> None:
    # Battle ties: no roost first (5.5.1 III a). The ranking says "no roost", never "(1, 0)".
    s = position({3: {"warriors": {"eyrie": 2, "marquise": 1}, "buildings": [["eyrie", "roost"]]}, 4: {"warriors": {"eyrie": 2, "marquise": 1}}}, eyrie=decree(rabbit=["cobbler"]))
    g = game(s, [("roll", (0, 0))])
    E.decree_battle(g, "rabbit")
    (b,) = g.log.of_kind("battle")
    assert "ranked by no roost, most defenseless buildings: 10, 5, 4 (no roost, 0); 3 (has a roost, 0)" in b.text


def test_5_5_1_II_leave_enough_to_rule_or_column_size() -> None:
    # 9 holds 6 Eyrie warriors and 3 Marquise warriors: ruling needs 3 (ties rule, 5.2.1).
    s = position({9: {"warriors": {"eyrie": 6, "marquise": 3}}}, eyrie=decree(mouse=["codebreakers"]))
    g = game(s)
    assert E.enough_to_rule(s, 9) == 3
    E.decree_move(g, "mouse")
    assert s.warriors("eyrie", 9) == 3
    # The bird column has two cards: with no enemies, it leaves two (more than the one it needs).
    s2 = position({9: {"warriors": {"eyrie": 6}}}, eyrie=decree())
    g2 = game(s2)
    E.decree_move(g2, "bird")
    assert s2.warriors("eyrie", 9) == 2


def test_5_5_1_II_move_into_a_roost_only_when_every_neighbour_has_one() -> None:
    roost = {"buildings": [["eyrie", "roost"]]}
    s = position({3: {"warriors": {"eyrie": 5}}, 6: dict(roost), 7: dict(roost), 11: dict(roost)}, eyrie=decree(rabbit=["cobbler"]))
    g = game(s)
    E.decree_move(g, "rabbit")
    (move,) = g.log.of_kind("move")
    # All of 3's neighbours have roosts; fewest enemy pieces ties; lowest priority: 11.
    assert (move.data["a"], move.data["b"], move.data["n"]) == (3, 11, 4)


def test_5_5_1_III_defender_most_buildings_then_most_pieces() -> None:
    s = position(
        {
            2: {"warriors": {"eyrie": 2, "marquise": 3, "alliance": 1}, "tokens": [["alliance", "sympathy"]], "buildings": [["marquise", "workshop"]]},
        },
        seats=("marquise", "eyrie", "alliance"),
        humans=("alliance",),
        turn=1,
        eyrie=decree(mouse=["codebreakers"]),
    )
    g = game(s, [("roll", (1, 1))])
    E.decree_battle(g, "mouse")
    (battle,) = g.log.of_kind("battle")
    assert battle.data["defender"] == "marquise"  # one building against none
    assert not [e for e in g.log.of_kind("extra_hit") if e.rule == "5.5.1 III"]  # 1 card < 2 birds


def test_5_5_1_III_extra_hit_only_for_the_strictly_longest_column() -> None:
    s = position({5: {"warriors": {"eyrie": 1, "marquise": 2}}}, eyrie=decree(rabbit=["cobbler", "cobbler#2", "bake_sale"]))
    g = game(s, [("roll", (0, 0))])
    E.decree_battle(g, "rabbit")
    assert s.warriors("marquise", 5) == 1  # 0 rolled + 1 extra hit


def test_5_5_1_III_prefers_no_roost_then_defenseless_buildings() -> None:
    s = position(
        {
            2: {"warriors": {"eyrie": 1, "marquise": 1}, "buildings": [["eyrie", "roost"]]},
            7: {"warriors": {"eyrie": 1, "marquise": 1}, "buildings": [["marquise", "sawmill"]]},
            9: {"warriors": {"eyrie": 1}, "buildings": [["marquise", "recruiter"]]},
        },
        eyrie=decree(mouse=["codebreakers"]),
    )
    g = game(s, [("roll", (0, 0))])
    E.decree_battle(g, "mouse")
    assert g.log.of_kind("battle")[0].data["c"] == 9  # no roost, one defenseless building
    assert not s.clearings[9].buildings and s.factions["eyrie"].vp == 1


# -- 5.5.2 Build, 5.7 Turmoil, 5.6 Evening -----------------------------------------------------
def test_5_5_2_build_in_highest_priority_ruled_clearing_without_roost() -> None:
    s = position({3: {"warriors": {"eyrie": 1}, "buildings": [["eyrie", "roost"]]}, 7: {"warriors": {"eyrie": 1}}, 11: {"warriors": {"eyrie": 1}}}, eyrie=decree())
    g = game(s)
    assert E.build(g)
    assert ("eyrie", "roost") in s.clearings[7].buildings


def test_5_5_2_and_12_2_2_the_log_names_the_pass_when_it_decides() -> None:
    # The Mountain: the Eyrie rules 1 and 10 (the Pass) without a roost; 1 has the higher
    # priority, but the Pass meets every highest-priority test (12.2.2), and the log says so.
    s = position(
        {1: {"warriors": {"eyrie": 1}}, 10: {"warriors": {"eyrie": 1}}, 3: {"warriors": {"eyrie": 1}, "buildings": [["eyrie", "roost"]]}},
        map_name="mountain",
        suits=dict(zip(range(1, 13), ["fox", "rabbit", "mouse"] * 4)),
        eyrie=decree(),
    )
    g = game(s)
    assert E.build(g) and ("eyrie", "roost") in s.clearings[10].buildings
    assert "chose 10 by the Pass (12.2.2)" in g.log.of_kind("place_building")[0].text


def test_5_5_2_and_4_2_1_the_keep_s_clearing_is_skipped_for_the_keep() -> None:
    # The Eyrie rules 1, where the keep stands and the slot is free: the keep is why 1 is skipped.
    s = position({1: {"warriors": {"eyrie": 3}, "tokens": [["marquise", "keep"]]}, 3: {"warriors": {"eyrie": 1}, "buildings": [["eyrie", "roost"]]}, 6: {"warriors": {"eyrie": 1}}}, eyrie=decree())
    g = game(s)
    assert E.build(g) and ("eyrie", "roost") in s.clearings[6].buildings
    assert "skipped 1 (the keep forbids placing there); chose 6" in g.log.of_kind("place_building")[0].text


def test_5_5_2_and_5_7_turmoil_when_no_roost_can_be_placed() -> None:
    roost = ["eyrie", "roost"]
    s = position(
        {c: {"buildings": [roost]} for c in (1, 2, 3, 4, 5, 7, 8)},  # one roost a clearing at most (5.5.2)
        eyrie={"vp": 1, **decree(fox=["anvil"], bird=["loyal_vizier", "loyal_vizier", "armorers"])},
    )
    g = game(s)
    E.ElectricEyrie().daylight(g)  # all seven roosts are on the map: 5.5.2 cannot place one
    fs = s.factions["eyrie"]
    assert [e.rule for e in g.log if e.kind in ("turmoil", "lose_vp", "purge", "rest")] == ["5.7", "5.7.1", "5.7.2", "5.7.3"]
    assert fs.vp == 1 - 3  # three bird cards, Viziers included; the score may go below zero
    assert fs.board.decree == {"fox": [], "mouse": [], "rabbit": [], "bird": [VIZIER, VIZIER]}
    assert sorted(s.discard) == sorted([s.deckdef.by_name["anvil"], s.deckdef.by_name["armorers"]])


@pytest.mark.parametrize(("roosts", "vp"), [(1, 0), (2, 1), (4, 3), (7, 6)])
def test_5_6_score_rightmost_empty_roost_space(roosts: int, vp: int) -> None:
    spots = [2, 5, 7, 8, 3, 4, 9][:roosts]  # one roost a clearing at most (5.5.2)
    clearings: dict[int, dict] = {}
    for c in spots:
        clearings.setdefault(c, {"buildings": []})["buildings"].append(["eyrie", "roost"])
    s = position(clearings, eyrie=decree())
    g = game(s)
    E.ElectricEyrie().evening(g)
    assert s.factions["eyrie"].vp == vp


def test_5_4_2_crafts_the_order_item_for_one_vp() -> None:
    s = position({3: {"warriors": {"eyrie": 1}, "buildings": [["eyrie", "roost"]]}}, eyrie=decree())
    g = game(s)
    set_order(g, "eyrie", "anvil")
    from rootbotics.core import rules as R

    assert R.craft_order(g, "eyrie", "5.4.2")
    assert s.factions["eyrie"].items == ["hammer"] and s.factions["eyrie"].vp == 1
