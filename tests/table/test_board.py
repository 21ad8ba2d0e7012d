"""Rootlog lines of a human seat on the board: accepted lines change the position through the
engine's rules (with their events); refused lines name the token and change nothing."""

from __future__ import annotations

import pytest
from conftest import fall_state, put_building, put_token, put_warriors

from rootbotics.core import serial
from rootbotics.core.context import Game
from rootbotics.controllers import ScriptedHuman
from rootbotics.core.chance import ScriptedChance
from rootbotics.core.state import GameState
from rootbotics.table.board import LineRefused, apply_line, untracked
from rootbotics.table.rootlog import parse_action

HUMAN = ("marquise", "human")


def table(state: GameState, script: list[tuple[str, object]] | None = None) -> Game:
    controllers = {f: ScriptedHuman() for f, fs in state.factions.items() if not fs.is_bot}
    chance = ScriptedChance(script or [], fallback=None) if script is not None else None
    return Game(state, chance, controllers)


def lines_since(g: Game, first: int) -> list[str]:
    return [e.line() for e in g.log.events[first:]]


def refused(g: Game, faction: str, text: str, token: str, words: str) -> None:
    """The line is refused naming ``token``, and the position and the log are as they were."""
    before, events = serial.dumps(g.state), len(g.log)
    with pytest.raises(LineRefused) as err:
        apply_line(g, faction, text)
    assert err.value.token == token and words in err.value.problem, str(err.value)
    assert serial.dumps(g.state) == before and len(g.log) == events


# -- accepted lines -----------------------------------------------------------------------
def test_placing_warriors_in_two_clearings() -> None:
    g = table(fall_state(HUMAN, "eyrie"))
    apply_line(g, "C", "2w->3+4")
    assert g.state.warriors("marquise", 3) == 2 and g.state.warriors("marquise", 4) == 2
    assert g.state.factions["marquise"].supply["warrior"] == 21
    assert lines_since(g, 0) == ["[LoR 1.5.4] marquise: places 2 warriors in 3", "[LoR 1.5.4] marquise: places 2 warriors in 4"]


def test_building_and_wood_placed_from_supply() -> None:
    g = table(fall_state(HUMAN, "eyrie"))
    apply_line(g, "marquise", "b_s->5/t->5")
    assert g.state.clearings[5].buildings == [("marquise", "sawmill")]
    assert g.state.clearings[5].tokens == [("marquise", "wood")]
    assert lines_since(g, 0)[0] == "[LoR 1.5.4] marquise: places a sawmill in 5"


def test_marching_warriors_along_a_path() -> None:
    s = fall_state(HUMAN, "eyrie")
    put_warriors(s, "marquise", 1, 3)
    g = table(s)
    apply_line(g, "C", "2w1->5")
    assert (s.warriors("marquise", 1), s.warriors("marquise", 5)) == (1, 2)
    assert lines_since(g, 0) == ["[LoR 4.2] marquise: moves 2 warriors from 1 to 5"]


def test_removing_a_bot_roost_scores_once_even_with_the_written_plus() -> None:
    s = fall_state(HUMAN, "eyrie")
    put_building(s, "eyrie", 3, "roost")
    g = table(s)
    apply_line(g, "C", "Eb3->/++")
    assert s.clearings[3].buildings == [] and s.factions["eyrie"].supply["roost"] == 7
    assert s.factions["marquise"].vp == 1
    assert "[LoR 3.2.1] marquise: scores 1 VP for removing an enemy roost (now 1)" in lines_since(g, 0)


def test_written_points_beyond_the_engines_are_scored() -> None:
    g = table(fall_state(HUMAN, "eyrie"))
    apply_line(g, "C", "++2")
    assert g.state.factions["marquise"].vp == 2
    assert lines_since(g, 0) == ["[LoR 3.2] marquise: scores 2 VP as the table records (now 2)"]


def test_moving_into_sympathy_sets_off_automated_outrage() -> None:
    s = fall_state(HUMAN, "alliance")
    put_warriors(s, "marquise", 1, 2)
    put_token(s, "alliance", 5, "sympathy")
    g = table(s)
    apply_line(g, "C", "w1->5")
    assert s.factions["alliance"].vp == 1  # no card in the human's hand to discard
    assert any(line.startswith("[6.2.3] alliance: Automated Outrage in 5") for line in lines_since(g, 0))


def test_battle_with_a_bot_follows_the_rolls_and_matches_the_written_outcome() -> None:
    s = fall_state(HUMAN, "eyrie")
    put_warriors(s, "marquise", 3, 3)
    put_warriors(s, "eyrie", 3, 2)
    put_building(s, "eyrie", 3, "roost")
    g = table(s)
    apply_line(g, "C", "XE3(2,1)/2Ew3->/w3->")
    assert (s.warriors("marquise", 3), s.warriors("eyrie", 3)) == (2, 0)
    assert s.clearings[3].buildings == [("eyrie", "roost")]
    lines = lines_since(g, 0)
    assert "[LoR 4.3.2] game: dice roll 2-1: marquise rolls 2, eyrie rolls 1" in lines
    assert "[LoR 4.3.4] eyrie: loses 2 warriors in 3" in lines


def test_defenseless_bot_takes_the_extra_hit() -> None:
    s = fall_state(HUMAN, "eyrie")
    put_warriors(s, "marquise", 3, 2)
    put_building(s, "eyrie", 3, "roost")
    g = table(s)
    apply_line(g, "C", "XE3(0,0)/Eb3->/++")
    assert s.clearings[3].buildings == [] and s.factions["marquise"].vp == 1
    assert "[LoR 4.3.3] marquise: deals an extra hit: eyrie is defenseless in 3" in lines_since(g, 0)


def test_the_ferry_carries_a_move_and_the_human_draws() -> None:
    s = GameState("lake", 3)
    s.add_faction("marquise", "human")
    s.add_faction("eyrie", "bot")
    s.deck = [0, 1, 2]
    s.phase = "daylight"
    put_warriors(s, "marquise", 1, 2)
    g = table(s)
    apply_line(g, "C", "(2w+f)1->12")
    assert s.warriors("marquise", 12) == 2 and s.ferry == 12 and s.ferry_used
    assert len(s.factions["marquise"].hand) == 1


def test_a_closed_path_opened_with_a_card_then_used() -> None:
    s = GameState("mountain", 3)
    s.add_faction("marquise", "human")
    s.add_faction("eyrie", "bot")
    s.phase = "daylight"
    s.suits = [None, *["fox", "mouse", "rabbit"] * 4]
    fox = next(c for c in range(len(s.deckdef.cards)) if s.deckdef.card(c).suit == "fox")
    s.factions["marquise"].hand.append(fox)
    put_warriors(s, "marquise", 2, 2)
    g = table(s)
    refused(g, "C", "w2->5", "w2->5", "no path")
    apply_line(g, "C", "F#C->/2_5->/w2->5")
    assert (2, 5) in s.opened_paths and s.warriors("marquise", 5) == 1
    assert s.factions["marquise"].vp == 1 and fox in s.discard


# -- refused lines --------------------------------------------------------------------------
def test_piece_not_there() -> None:
    s = fall_state(HUMAN, "eyrie")
    put_warriors(s, "marquise", 1, 1)
    refused(table(s), "C", "w->2/2w1->5", "2w1->5", "have 1 warrior in 1, not 2")


def test_too_many_warriors_for_the_supply() -> None:
    s = fall_state(("alliance", "human"), "eyrie")
    s.factions["alliance"].board.supporters = []
    put_warriors(s, "alliance", 2, 9)
    refused(table(s), "A", "w->3/w->4", "w->4", "supply exhausted")


def test_no_path_between_the_clearings() -> None:
    s = fall_state(HUMAN, "eyrie")
    put_warriors(s, "marquise", 1, 2)
    refused(table(s), "C", "w1->3", "w1->3", "no path")


def test_rule_of_origin_or_destination() -> None:
    s = fall_state(HUMAN, "eyrie")
    put_warriors(s, "marquise", 1, 1)
    put_warriors(s, "eyrie", 1, 2)
    put_warriors(s, "eyrie", 5, 2)
    refused(table(s), "C", "w1->5", "w1->5", "LoR 4.2.1")


def test_full_clearing_and_the_ruin_that_fills_a_slot() -> None:
    s = fall_state(HUMAN, "eyrie")
    put_building(s, "eyrie", 1, "roost")  # clearing 1 has one slot
    g = table(s)
    refused(g, "C", "b_w->1", "b_w->1", "free building slot")
    refused(g, "C", "b_s->6/b_w->6", "b_w->6", "ruins fill slots")  # 2 slots, one under the ruin


def test_the_keep_bars_other_factions() -> None:
    s = fall_state(("eyrie", "human"), "marquise")
    put_token(s, "marquise", 1, "keep")
    refused(table(s), "E", "w->5/w->1", "w->1", "keep")


def test_battle_outcome_that_the_law_does_not_give() -> None:
    s = fall_state(HUMAN, "eyrie")
    put_warriors(s, "marquise", 3, 3)
    put_warriors(s, "eyrie", 3, 2)
    refused(table(s), "C", "XE3(2,1)/Ew3->", "XE3(2,1)", "the Law gives 2 eyrie warriors, 1 marquise warrior, the line records 1 eyrie warrior")


def test_battle_rolls_the_wrong_way_round_or_missing_or_with_an_ambush() -> None:
    s = fall_state(HUMAN, "eyrie")
    put_warriors(s, "marquise", 3, 3)
    put_warriors(s, "eyrie", 3, 2)
    g = table(s)
    refused(g, "C", "XE3(0,2)", "XE3(0,2)", "takes the higher roll")
    refused(g, "C", "XE3", "XE3", "give the rolls")
    refused(g, "C", "XE3R@(2,1)", "XE3R@(2,1)", "2.8.2")
    refused(g, "C", "XE4(2,1)", "XE4(2,1)", "no battle")


def test_other_seats_and_pieces_that_are_not_kept() -> None:
    s = fall_state(HUMAN, "eyrie")
    put_warriors(s, "marquise", 1, 1)
    g = table(s)
    refused(g, "C", "Ew->1", "Ew->1", "only their own pieces")
    refused(g, "C", "w1->1_2_5_10", "w1->1_2_5_10", "not kept by the engine")
    refused(g, "C", "Ow->1", "Ow->1", "not at this table")
    with pytest.raises(LineRefused, match="'E': the eyrie are a bot"):
        apply_line(g, "E", "w->1")


def test_hands_are_kept_items_and_reveals_are_left_to_the_table() -> None:
    actions = parse_action("#->C/F#C->/w->1/%s->e/F#^A/F#->$_f", "C")
    assert untracked(actions) == [actions[3], actions[4]]


# -- the bots' reactions to a human's removals ---------------------------------------------------
def test_removed_lizard_warriors_feed_robot_revenge() -> None:
    from helpers import position

    s = position({4: {"warriors": {"lizards": 3}}}, seats=("marquise", "lizards"), humans=("marquise",), lizards={"lizards": {"acolytes": 0}})
    g = table(s)
    apply_line(g, "C", "2Lw4->")
    assert s.warriors("lizards", 4) == 1 and s.factions["lizards"].board.acolytes == 1
    assert lines_since(g, 0)[-1].startswith("[8.2.2] lizards: Robot Revenge")


def test_removed_duchy_citadel_costs_a_crown() -> None:
    from helpers import position

    s = position({4: {"buildings": [["duchy", "citadel"]]}}, seats=("marquise", "duchy"), humans=("marquise",), duchy={"duchy": {"burrow": 0, "swayed": ["captain", "marshal"]}})
    g = table(s)
    apply_line(g, "C", "Db4->/++")
    assert s.factions["marquise"].vp == 1 and s.factions["duchy"].board.swayed == ["captain"]
    assert any(line.startswith("[10.2.1] duchy: Cost of Errors") for line in lines_since(g, 0))


def test_battle_with_the_vagabot_damages_his_items() -> None:
    from helpers import position

    s = position({3: {"warriors": {"marquise": 3}}}, seats=("marquise", "vagabot"), humans=("marquise",),
                 vagabot={"vagabot": {"character": "thief", "location": 3, "items": ["boots", "torch", "bag"]}})
    g = table(s)
    apply_line(g, "C", "XV3(2,1)")
    damaged = [line for line in lines_since(g, 0) if line.startswith("[7.2.5] vagabot:")]
    assert len(damaged) == 2, lines_since(g, 0)
    assert sum(i.damaged for i in s.factions["vagabot"].board.items) == 2
    assert s.clearings[3].pawn == "vagabot"


def test_the_humans_buildings_take_hits_in_the_written_order() -> None:
    s = fall_state(HUMAN, "eyrie")
    put_warriors(s, "marquise", 5, 1)
    put_building(s, "marquise", 5, "sawmill")
    put_building(s, "marquise", 5, "workshop")
    put_warriors(s, "eyrie", 5, 2)
    g = table(s)
    apply_line(g, "C", "XE5(2,2)/(w+b_w)5->/Ew5->")
    assert s.clearings[5].buildings == [("marquise", "sawmill")]
    assert (s.warriors("marquise", 5), s.warriors("eyrie", 5)) == (0, 1)
    assert s.factions["eyrie"].vp == 1  # LoR 3.2.1: the bot scores the workshop


def test_alliance_and_eyrie_seats_place_their_own_pieces() -> None:
    s = fall_state(("alliance", "human"), ("eyrie", "human"), "marquise")
    s.factions["alliance"].board.supporters = []
    g = table(s)
    apply_line(g, "A", "t->5/b_f->1/w->1")
    apply_line(g, "eyrie", "b+2w->6")
    assert s.clearings[5].tokens == [("alliance", "sympathy")]
    assert s.clearings[1].buildings == [("alliance", "base_fox")]
    assert s.clearings[6].buildings == [("eyrie", "roost")] and s.warriors("eyrie", 6) == 2
    refused(g, "A", "b_f->2", "b_f->2", "supply exhausted")


def test_eyrie_rule_ties_let_it_move_out() -> None:
    """Lords of the Forest: the Eyrie rule a clearing where they tie for most (rules.ruler)."""
    s = fall_state(("eyrie", "human"), "marquise")
    put_warriors(s, "eyrie", 1, 1)
    put_warriors(s, "marquise", 1, 1)
    put_warriors(s, "marquise", 5, 3)
    g = table(s)
    apply_line(g, "E", "w1->5")
    assert s.warriors("eyrie", 5) == 1
