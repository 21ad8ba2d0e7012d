"""The Better Bot Project v5's Electric Eyrie (``eyrie@bbp``, factions/eyrie/bbp.py). Rule ids
are docs/bbp-coverage.md's ("BBP EE.4")."""

from __future__ import annotations

import pytest
from helpers import game, position
from test_bbp_marquise import checked
from test_examples import lines_of, load_game

from rootbotics.core import invariants, serial
from rootbotics.core.maps import MAP_NAMES
from rootbotics.factions import bot_for
from rootbotics.factions.eyrie.bbp import BbpDecree, BetterEyrie, decree_battle, decree_move, decree_recruit
from rootbotics.factions.eyrie.board import VIZIER
from rootbotics.game import GameConfig, Seat, bot_of, new_game, play, play_turn

BBP = {"rule_set": "bbp"}


def eyrie_position(clearings: dict, decree: dict | None = None, **kw) -> serial.GameState:
    eyrie = dict(BBP, **kw.pop("eyrie", {}))
    if decree is not None:
        eyrie["decree"] = {"fox": [], "mouse": [], "rabbit": [], "bird": ["loyal_vizier", "loyal_vizier"], **decree}
    return position(clearings, seats=("eyrie", "marquise"), eyrie=eyrie, **kw)


def moves(g) -> list[tuple[int, int, int]]:
    return [(e.data["a"], e.data["b"], e.data["n"]) for e in g.log.of_kind("move")]


# -- the example turn (BBP EE.2-7) ------------------------------------------------------------------
def test_bbp_ee_example_turn() -> None:
    """'Playing against the Electric Eyrie', Example Turn, on a board of ours (the text's board
    was lost, ruling R-BBP-EE-EXAMPLE): a fox Root Tea order, the Decree holding only the Viziers."""
    g = load_game("bbp_eyrie_example_turn.json", [("draw", "root_tea_fox"), ("roll", (1, 0)), ("roll", (1, 0)), ("pick", "recruiter")])
    s = g.state
    assert isinstance(bot_of(s, "eyrie"), BetterEyrie)
    play_turn(g)
    ey = s.factions["eyrie"]
    # EE.2: Root Tea joins the fox column; its item is gained for 1 VP, not the card's 2.
    assert ey.items == ["tea"] and ey.board.decree["fox"] == [s.deckdef.by_name["root_tea_fox"]]
    assert any("always 1; the card lists 2" in t for t in lines_of(g, "BBP EE.2"))
    assert not any(e.kind == "place_building" for e in g.log if e.rule == "BBP EE.2")  # roosts on the map: no new roost
    # EE.3: fox column: one warrior where a fox roost is: 1 and 8 tie on enemy pieces, 1 has fewer Eyrie warriors.
    recruits = [e for e in g.log if e.rule == "BBP EE.3" and e.kind == "place_warriors"]
    assert [(e.data["c"], e.data["n"]) for e in recruits] == [(1, 1), (8, 2)]
    assert "chose 1 by fewest Eyrie warriors" in recruits[0].text
    # bird column: two warriors (two Viziers) in any clearing with a roost: 8 and 1 tie, lowest priority.
    assert "chose 8 by lowest priority (BBP EE.8)" in recruits[1].text
    # EE.4: fox: 12 has the most warriors and no enemy: all but 1 move, to 10 (no roost, fewest
    # enemies, lowest priority; 4 has a roost). Bird: 10, just moved into, ties 8 and wins by
    # lowest priority; it keeps 2 (two cards) and 3 move.
    assert moves(g) == [(12, 10, 5), (10, 12, 3)]
    move_texts = [e.text for e in g.log.of_kind("move")]
    assert "4 (has a roost, 0)" in move_texts[0] and "leaves 1" in move_texts[0]
    assert "chose 10 by lowest priority (BBP EE.8)" in move_texts[1] and "leaves 2" in move_texts[1]
    # EE.5: fox: 6 (no roost) before the roost clearings; bird: 11 by a defenseless building,
    # with the extra hit of the fullest column.
    battles = g.log.of_kind("battle")
    assert [(e.data["c"], e.data["defender"]) for e in battles] == [(6, "marquise"), (11, "marquise")]
    assert "chose 6 by no roost" in battles[0].text and "chose 11 by a defenseless building" in battles[1].text
    extra = [e for e in g.log.of_kind("extra_hit") if e.rule == "BBP EE.5"]
    assert len(extra) == 1 and "bird column" in extra[0].text
    # EE.6: a roost in the highest-priority clearing it rules with a free slot and no roost.
    assert [e.data["c"] for e in g.log if e.rule == "BBP EE.6" and e.kind == "place_building"] == [6]
    # EE.7: it built, so no Turmoil; 1 VP for each of its 4 roosts.
    assert not g.log.of_kind("turmoil")
    assert any("4 VP for 4 roosts on the map" in t for t in lines_of(g, "BBP EE.7"))
    assert ey.vp == 1 + 3 + 4  # the craft, three buildings removed, four roosts
    invariants.check(s)


# -- each step ---------------------------------------------------------------------------------------
def test_bbp_ee2_new_roost_when_none_on_the_map() -> None:
    """EE.2: no roost on the map: a roost and four warriors in the highest-priority matching clearing."""
    s = eyrie_position({1: {"warriors": {"marquise": 1}, "tokens": [["marquise", "keep"]]}, 12: {"warriors": {"eyrie": 1}}})
    g = game(s, [("draw", "root_tea_fox")])
    BetterEyrie().birdsong(g)
    # 1 holds the keep (no placing there): the next fox clearing by priority is 6.
    assert ("eyrie", "roost") in s.clearings[6].buildings and s.warriors("eyrie", 6) == 4
    assert s.factions["eyrie"].board.roost_placed
    BetterEyrie().evening(g)  # ruling R-BBP-EE-TURMOIL: the Birdsong roost was placed this turn
    assert not g.log.of_kind("turmoil")


def test_bbp_ee3_recruit_needs_a_roost_in_the_column() -> None:
    """EE.3: no roost in a fox clearing: no warriors for the fox column."""
    s = eyrie_position({3: {"warriors": {"eyrie": 1}, "buildings": [["eyrie", "roost"]]}}, {"fox": ["root_tea_fox"]})
    g = game(s)
    decree_recruit(g, "fox")
    assert s.warriors("eyrie", 3) == 1
    assert any("no roost in a fox clearing" in t for t in lines_of(g, "BBP EE.3"))


def test_bbp_ee8_a_move_may_move_nobody() -> None:
    """EE.4, EE.8: the clearing with the most warriors must keep enough to rule and one per card:
    nobody moves, even though another clearing could have moved."""
    s = eyrie_position(
        {8: {"warriors": {"eyrie": 3, "marquise": 3}}, 12: {"warriors": {"eyrie": 2}}},
        {"fox": ["root_tea_fox"]},
    )
    g = game(s)
    decree_move(g, "fox")
    assert not g.log.of_kind("move")
    assert any("8 has the most Eyrie warriors but must keep 3" in t for t in lines_of(g, "BBP EE.8"))


def test_bbp_ee5_shared_longest_columns_both_deal_the_extra_hit() -> None:
    """EE.5: the columns with the most cards, ties shared, deal an extra hit."""
    s = eyrie_position({6: {"warriors": {"eyrie": 2, "marquise": 2}}}, {"fox": ["root_tea_fox", "anvil"]})
    g = game(s, [("roll", (0, 0))])
    decree_battle(g, "fox")
    assert [e.rule for e in g.log.of_kind("extra_hit")] == ["BBP EE.5"]


def test_bbp_ee7_turmoil_keeps_the_viziers_and_loses_vp_for_them() -> None:
    """EE.7, EE.8: no roost placed this turn: lose 1 VP per bird card (two Viziers and a bird
    card: 3), discard all but the Viziers; then 1 VP per roost. A roost placed in Birdsong counts
    as placed this turn (ruling R-BBP-EE-TURMOIL; test_bbp_ee2_new_roost_when_none_on_the_map)."""
    s = eyrie_position(
        {1: {"warriors": {"eyrie": 1}, "buildings": [["eyrie", "roost"]]}},
        {"fox": ["root_tea_fox"], "bird": ["loyal_vizier", "loyal_vizier", "arms_trader"]},
        eyrie={"vp": 5},
    )
    g = game(s)
    BetterEyrie().evening(g)  # a loaded Decree has placed no roost this turn
    ey = s.factions["eyrie"]
    assert g.log.of_kind("turmoil")
    assert any("loses 3 VP for the 3 bird cards" in t for t in lines_of(g, "BBP EE.7"))
    assert ey.board.decree == {"fox": [], "mouse": [], "rabbit": [], "bird": [VIZIER, VIZIER]}
    assert s.deckdef.by_name["root_tea_fox"] in s.discard and s.deckdef.by_name["arms_trader"] in s.discard
    assert ey.vp == 5 - 3 + 1
    invariants.check(s)


def test_bbp_ee_setup_opposite_the_keep() -> None:
    """Ruling R-BBP-EE-SETUP: a roost and six warriors opposite the keep; two Viziers."""
    for seed in range(6):
        g = new_game(GameConfig([Seat("marquise"), Seat("eyrie", rule_set="bbp")], seed=seed))
        s = g.state
        keep = next(c for c in range(1, 13) if ("marquise", "keep") in s.clearings[c].tokens)
        corner = s.map.opposite_corner[keep]
        assert s.clearings[corner].buildings == [("eyrie", "roost")] and s.warriors("eyrie", corner) == 6
        assert isinstance(s.factions["eyrie"].board, BbpDecree)
        assert s.factions["eyrie"].board.decree["bird"] == [VIZIER, VIZIER]
    g = new_game(GameConfig([Seat("alliance"), Seat("eyrie", rule_set="bbp")], seed=2))
    assert g.state.start_corners["eyrie"] in g.state.map.corners


def test_bbp_eyrie_is_a_rule_set_of_the_faction() -> None:
    assert isinstance(bot_for("eyrie", "bbp"), BetterEyrie)
    g = new_game(GameConfig([Seat("eyrie", rule_set="bbp"), Seat("marquise")], seed=4))
    play(g, turns=4)
    again = serial.loads(serial.dumps(g.state))
    assert again.factions["eyrie"].rule_set == "bbp"
    assert again.factions["eyrie"].board.decree == g.state.factions["eyrie"].board.decree


# -- random games: alone with the BBP Marquise, and mixed with official bots, on every map -------
LINEUPS = ((), ("alliance", "vagabot"), ("lizards", "riverfolk", "duchy"), ("corvids", "eyrie"))


@pytest.mark.parametrize("seed", range(16))
def test_bbp_eyrie_games_keep_every_invariant(seed: int) -> None:
    others = LINEUPS[seed % len(LINEUPS)]
    seats = [Seat("eyrie", rule_set="bbp"), Seat("marquise", rule_set="bbp" if not others or seed % 2 else "law")]
    seats += [Seat(f, rule_set="bbp" if (f == "riverfolk" and seed // 4 % 2 == 0 or f == "lizards" and seed // 4 % 2 == 1) else "law") for f in others if f != "eyrie"]  # the Otter Overlords and the Clockwork Cult in half
    if seed % 3 == 1:
        seats.reverse()
    checked(GameConfig(seats, MAP_NAMES[seed // len(LINEUPS) % len(MAP_NAMES)], seed))  # every line-up on every map


def test_bbp_ee_cooperative_bots_ignore_each_other() -> None:
    """BBP 1.2: as a team, the Eyrie does not battle the Marquise bot, only the human Alliance."""
    s = position(
        {6: {"warriors": {"eyrie": 3, "alliance": 2}}, 8: {"warriors": {"eyrie": 2, "marquise": 1}}},
        seats=("eyrie", "marquise", "alliance"),
        humans=("alliance",),
        options={"cooperative": True},
        eyrie=dict(BBP, decree={"fox": ["root_tea_fox"], "mouse": [], "rabbit": [], "bird": ["loyal_vizier", "loyal_vizier"]}),
    )
    g = game(s, [("roll", (0, 0))])
    decree_battle(g, "fox")
    # without the team, 8 would come first (lowest priority); the Marquise bot there is an ally
    assert [(e.data["c"], e.data["defender"]) for e in g.log.of_kind("battle")] == [(6, "alliance")]
