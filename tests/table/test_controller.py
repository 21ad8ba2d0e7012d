"""A human's decisions and the table's dice become questions, answered from recorded entries."""

from __future__ import annotations

import pytest

from conftest import fall_state, put_building, put_token, put_warriors
from rootbotics.core.battle import battle
from rootbotics.core.context import Game
from rootbotics.core.state import GameState
from rootbotics.table.chance import Answers, BadAnswer, NeedInput, TableChance
from rootbotics.table.controller import HumanPlay, TableController, TurnOpen


def position() -> GameState:
    s = fall_state(("marquise", "human"), "eyrie")
    put_warriors(s, "marquise", 2, 1)
    put_token(s, "marquise", 2, "keep")
    put_building(s, "marquise", 2, "sawmill")
    put_warriors(s, "eyrie", 2, 3)
    return s


def game(answers: list[tuple[int, str, object]], dice: str = "table") -> Game:
    recorded = Answers(answers)
    chance = TableChance(recorded, dice, "app")
    g = Game(position(), chance, {"marquise": TableController(recorded, HumanPlay())})
    chance.bind(g)
    return g


def test_the_table_is_asked_for_the_roll_then_the_human_for_the_order_of_hits() -> None:
    with pytest.raises(NeedInput) as asked:
        battle(game([]), "eyrie", "marquise", 2, "test")
    assert asked.value.question.ask == "roll" and "eyrie battles marquise in 2" in asked.value.question.text
    with pytest.raises(NeedInput) as asked:  # one hit beyond the warrior, two pieces to choose from
        battle(game([(0, "roll", [2, 0])]), "eyrie", "marquise", 2, "test")
    q = asked.value.question
    assert (q.ask, q.faction, sorted(q.options), q.pick) == ("assign_hits", "marquise", ["keep", "sawmill"], 1)
    g = game([(0, "roll", [2, 0]), (1, "assign_hits", ["sawmill"])])
    battle(g, "eyrie", "marquise", 2, "test")
    cl = g.state.clearings[2]
    assert cl.warriors.get("marquise", 0) == 0 and cl.buildings == [] and cl.tokens == [("marquise", "keep")]


def test_no_order_is_asked_when_every_piece_goes() -> None:
    g = game([(0, "roll", [3, 0])])  # two hits beyond the warrior, two pieces: both go
    battle(g, "eyrie", "marquise", 2, "test")
    cl = g.state.clearings[2]
    assert cl.warriors.get("marquise", 0) == 0 and cl.buildings == [] and cl.tokens == []


def test_an_answer_that_does_not_fit_names_its_entry() -> None:
    with pytest.raises(BadAnswer) as bad:
        battle(game([(4, "roll", [2, 0]), (5, "assign_hits", ["roost"])]), "eyrie", "marquise", 2, "test")
    assert bad.value.entry == 5 and "keep" in str(bad.value)
    with pytest.raises(BadAnswer) as bad:
        battle(game([(4, "enlist_arbiter", True)]), "eyrie", "marquise", 2, "test")
    assert bad.value.entry == 4 and "roll" in str(bad.value)


def app_battle() -> tuple[list[tuple[int, int]], str | None]:
    g = game([], "app")
    try:
        battle(g, "eyrie", "marquise", 2, "test")
        asked = None
    except NeedInput as e:
        asked = e.question.ask
    return [(e.data["r1"], e.data["r2"]) for e in g.log.of_kind("roll")], asked


def test_app_dice_come_from_the_seeded_generator() -> None:
    rolls, asked = app_battle()
    assert len(rolls) == 1 and asked != "roll"
    assert app_battle() == (rolls, asked)


def test_no_question_when_the_hand_holds_no_fitting_card() -> None:
    g = game([(0, "roll", [3, 0]), (1, "assign_hits", ["keep", "sawmill"])])
    assert g.state.factions["marquise"].hand == []
    battle(g, "eyrie", "marquise", 2, "test")  # Field Hospitals not asked: nothing to spend
    assert g.state.clearings[2].buildings == []


def test_a_human_turn_stays_open_until_done() -> None:
    play = HumanPlay()
    ctl = TableController(Answers([]), play)
    g = Game(position(), controllers={"marquise": ctl})
    with pytest.raises(TurnOpen) as open_:
        ctl.take_turn(g, "marquise")
    assert open_.value.faction == "marquise" and open_.value.stage == "turn"
    play.done.add("marquise")
    ctl.take_turn(g, "marquise")  # nothing entered, turn over: returns
