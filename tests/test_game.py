"""Setup with bots (Law of Robotics section 3) and the game loop."""

from __future__ import annotations

import pytest

from rootbotics.core import serial
from rootbotics.core.context import EngineFailure
from rootbotics.controllers import ScriptedHuman
from rootbotics.game import ConfigError, GameConfig, Seat, bot_config, final_scores, new_game, play


def test_3_1_priority_markers_are_the_clearing_numbers() -> None:
    g = new_game(bot_config(["marquise", "eyrie"], seed=1))
    assert [e.rule for e in g.log if e.kind == "setup"].count("3.1") == 1
    assert g.state.map.name == "fall" and len(g.state.clearings) == 13


def test_3_2_bots_replace_factions_in_seat_order_and_set_up_by_letter() -> None:
    g = new_game(bot_config(["eyrie", "marquise"], seed=2))
    s = g.state
    assert s.turn_order == ["eyrie", "marquise"] and s.current == "eyrie"  # the first listed starts
    setup_rules = [e.rule for e in g.log if e.rule[:1] in "45" and e.kind in ("setup", "place_token")]
    assert setup_rules.index("4.3.1") < setup_rules.index("5.3.1")  # Marquise (A) before Eyrie (B)


def test_3_3_difficulty_and_traits_are_carried_in_the_state() -> None:
    cfg = GameConfig([Seat("marquise", difficulty="nightmare", traits=("fortified",)), Seat("eyrie", difficulty="easy")], seed=3)
    g = new_game(cfg)
    saved = serial.to_json(g.state)["factions"]
    assert (saved["marquise"]["difficulty"], saved["marquise"]["traits"]) == ("nightmare", ["fortified"])
    assert saved["eyrie"]["difficulty"] == "easy"
    again = serial.from_json(serial.to_json(g.state))
    assert again.factions["marquise"].traits == ["fortified"]


def test_3_4_with_one_human_the_dominance_cards_leave_and_only_humans_draw() -> None:
    cfg = GameConfig([Seat("marquise"), Seat("eyrie"), Seat("alliance", "human")], seed=4)
    g = new_game(cfg, controllers={"alliance": ScriptedHuman()})
    s = g.state
    removed = {s.deckdef.card(c).kind for c in s.removed_cards}
    assert len(s.removed_cards) == 4 and removed == {"dominance"}
    assert len(s.factions["alliance"].hand) == 3
    assert s.factions["marquise"].hand == [] and s.factions["eyrie"].hand == []
    assert len(s.deck) == 54 - 4 - 3


def test_3_4_with_no_human_the_dominance_cards_stay() -> None:
    g = new_game(bot_config(["marquise", "eyrie"], seed=5))
    assert g.state.removed_cards == [] and len(g.state.deck) == 54


def test_a_human_seat_takes_its_turn_through_its_controller() -> None:
    human = ScriptedHuman()
    cfg = GameConfig([Seat("marquise"), Seat("eyrie"), Seat("alliance", "human")], seed=6)
    g = new_game(cfg, controllers={"alliance": human})
    play(g, turns=3)
    assert human.turns_taken == 1 and g.state.round == 2


def test_lor_3_1_game_ends_at_30_vp_with_the_reason() -> None:
    g = new_game(bot_config(["marquise", "eyrie"], seed=7))
    assert play(g)
    s = g.state
    (winner,) = s.winner or [None]
    assert winner is not None and s.factions[winner].vp >= 30
    assert s.end_reason == f"{winner} reached 30 VP" and s.phase == "over"
    assert final_scores(s)[0][0] == winner
    assert g.log.events[-1].kind == "game_over"


def test_a_stalled_game_is_an_engine_failure_not_a_draw() -> None:
    cfg = bot_config(["marquise", "eyrie"], seed=8)
    cfg.max_rounds = 2
    g = new_game(cfg)
    with pytest.raises(EngineFailure, match="stalled: no winner after 2 rounds"):
        play(g)
    assert g.state.winner is None and g.state.end_reason is not None


@pytest.mark.parametrize(
    ("seats", "message"),
    [
        ([Seat("marquise")], "seats: a game needs 2 to 8 players"),
        ([Seat("marquise"), Seat("marquise")], "seats.1.faction: marquise is seated twice"),
        ([Seat("marquise"), Seat("cats")], "seats.1.faction: 'cats' is not a faction"),
        ([Seat("marquise", difficulty="hard"), Seat("eyrie")], "seats.0.difficulty: 'hard' is not one of"),
    ],
)
def test_bad_configurations_name_the_field(seats, message) -> None:
    with pytest.raises(ConfigError, match=message):
        new_game(GameConfig(seats))


def test_pause_and_resume_gives_the_same_game() -> None:
    whole = new_game(bot_config(["marquise", "eyrie"], seed=9))
    play(whole)
    part = new_game(bot_config(["marquise", "eyrie"], seed=9))
    play(part, turns=5)
    resumed = serial.loads(serial.dumps(part.state))
    from rootbotics.core.context import Game

    g = Game(resumed)
    play(g)
    assert serial.to_json(g.state) == serial.to_json(whole.state)
    assert g.log.signature() == whole.log.signature()[len(part.log) :]


def test_emit_rejects_a_reason_that_is_not_a_closure() -> None:
    # The lazy reason of an event is a closure; a plain value there would fail only when read.
    g = new_game(bot_config(["marquise", "eyrie"], seed=1))
    with pytest.raises(TypeError, match="why"):
        g.emit(None, "3.4", "setup", "removes ({reason})", why="one or two humans")  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", range(6))
def test_3_4_every_event_of_a_game_with_human_seats_formats(seed: int) -> None:
    # One or two human seats (and cooperative play) set off the 3.4 removal of the dominance cards.
    bots = ["vagabot", "corvids", "duchy", "riverfolk", "lizards"][seed % 5]
    humans = [("alliance",), ("marquise", "eyrie"), ("eyrie",)][seed % 3]
    seats = [Seat(bots), *(Seat(h, "human") for h in humans)]
    if seed % 2:
        seats.append(Seat([f for f in ("marquise", "eyrie", "alliance") if f not in humans][0]))
    options: dict[str, object] = {"cooperative": True} if seed >= 3 else {}
    cfg = GameConfig(seats, seed=seed, options=options)
    g = new_game(cfg, controllers={h: ScriptedHuman() for h in humans})
    play(g, turns=12)
    assert any(e.rule == "3.4" and "dominance" in e.text for e in g.log)
    for e in g.log:
        assert isinstance(e.line(), str)
