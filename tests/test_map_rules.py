"""Map interactions (Law of Robotics section 12; Law of Root A.1 and C) and every bot's setup on
every map: suit markers, the Lake's Ferry (12.1.1), the Mountain's closed paths (12.2.1) and
its Pass (12.2.2), with real bot decisions from positions built through the saved format."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from rootbotics.factions.eyrie import bot as E
from rootbotics.factions.marquise import bot as MQ
from rootbotics.core import rules as R
from rootbotics.core import serial
from rootbotics.core.chance import Rng, RngChance, ScriptedChance
from rootbotics.core.context import EngineFailure, Game
from rootbotics.core.maps import CLEARINGS, MAP_NAMES, load_map
from rootbotics.core.paths import adjacent_for, distance, ferry_links, move_destinations
from rootbotics.core.serial import StateError
from rootbotics.core.state import GameState
from rootbotics.game import ConfigError, GameConfig, Seat, bot_config, new_game, play
from rootbotics.factions.marquise.faction import keep_clearing

ROOT = Path(__file__).resolve().parent.parent
# Suit markers for test positions, by priority: 1 fox, 2 rabbit, 3 mouse, 4 fox, ... 12 mouse.
SUITS = ["fox", "rabbit", "mouse"] * 4
NO_DECREE = {"fox": [], "mouse": [], "rabbit": [], "bird": ["loyal_vizier", "loyal_vizier"]}


def on_map(
    map_name: str,
    clearings: dict[int, dict[str, Any]],
    seats: tuple[str, ...] = ("marquise", "eyrie"),
    humans: tuple[str, ...] = (),
    extra: dict[str, Any] | None = None,
    **factions: dict[str, Any],
) -> GameState:
    """A position on any map, through the saved-position format (suits as in ``SUITS``)."""
    data: dict[str, Any] = {
        "format": "rootbotics-position",
        "version": 1,
        "map": map_name,
        "suits": {str(c): s for c, s in zip(CLEARINGS, SUITS)},
        "seed": 5,
        "turn_order": list(seats),
        "factions": {},
        "clearings": {str(c): v for c, v in clearings.items()},
    }
    for f in seats:
        entry: dict[str, Any] = {"seat": "human" if f in humans else "bot"}
        if f == "eyrie" and f not in humans:
            entry["decree"] = {k: list(v) for k, v in NO_DECREE.items()}
        entry.update(factions.get(f, {}))
        data["factions"][f] = entry
    data.update(extra or {})
    return serial.from_json(data)


def warriors(**by_faction: int) -> dict[str, Any]:
    return {"warriors": by_faction}


def fox_decree() -> dict[str, Any]:
    return {"decree": {**NO_DECREE, "fox": ["root_tea_fox"]}}


def mouse_decree() -> dict[str, Any]:
    return {"decree": {**NO_DECREE, "mouse": ["root_tea_mouse"]}}


# -- LoR A.1: suit markers ---------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["winter", "lake", "mountain"])
def test_lor_a_1_suit_markers_are_shuffled_from_the_seed(name: str) -> None:
    seen = set()
    for seed in range(6):
        g = new_game(bot_config(["marquise", "eyrie"], name, seed))
        suits = g.state.suits[1:]
        assert Counter(suits) == {"fox": 4, "rabbit": 4, "mouse": 4}
        assert new_game(bot_config(["marquise", "eyrie"], name, seed)).state.suits == g.state.suits  # same seed, same suits
        assert [e.rule for e in g.log if e.kind == "suits"] == ["LoR A.1"]
        seen.add(tuple(suits))
    assert len(seen) > 1


def test_lor_a_1_fall_keeps_its_printed_suits_and_draws_nothing_for_them() -> None:
    g = new_game(bot_config(["marquise", "eyrie"], "fall", 3))
    assert g.state.suits == list(load_map("fall").printed_suits)
    assert not [e for e in g.log if e.kind == "suits"]


def test_lor_a_1_suits_given_by_the_user_are_used() -> None:
    cfg = GameConfig([Seat("marquise"), Seat("eyrie")], "mountain", 1, suits=list(SUITS))
    g = new_game(cfg)
    assert g.state.suits[1:] == SUITS
    assert "as given" in [e for e in g.log if e.kind == "suits"][0].text


def test_lor_a_1_bad_suits_are_refused_by_the_configuration() -> None:
    with pytest.raises(ConfigError, match="suits: the suit markers are 4 of each suit"):
        GameConfig([Seat("marquise"), Seat("eyrie")], "lake", suits=["fox"] * 12).validate()
    with pytest.raises(ConfigError, match="suits: the fall map prints its suits"):
        GameConfig([Seat("marquise"), Seat("eyrie")], "fall", suits=list(SUITS)).validate()
    printed = list(load_map("fall").printed_suits[1:])
    GameConfig([Seat("marquise"), Seat("eyrie")], "fall", suits=printed).validate()


def test_lor_a_1_a_saved_position_needs_suits_on_maps_without_printed_ones() -> None:
    data = serial.to_json(on_map("winter", {}))
    del data["suits"]
    with pytest.raises(StateError, match="^suits: the winter map has no printed suits"):
        serial.from_json(data)
    data["suits"] = {str(c): "fox" for c in CLEARINGS}
    with pytest.raises(StateError, match="^suits: the suit markers are 4 of each suit"):
        serial.from_json(data)


def test_bots_read_suits_from_the_state_never_the_printed_map() -> None:
    """Every rule reads ``state.suit(c)`` (the markers); the printed suits are only the default."""
    for path in (ROOT / "src" / "rootbotics" / "bots").glob("*.py"):
        assert "printed_suits" not in path.read_text(), path.name
    rules = (ROOT / "src" / "rootbotics" / "core" / "rules.py").read_text()
    assert "printed_suits" not in rules


# -- setup on every map (4.3.2, 4.3.3, 5.3.2) --------------------------------------------------------
@pytest.mark.parametrize("name", MAP_NAMES)
@pytest.mark.parametrize("keep", [1, 2, 3, 4])
def test_4_3_and_5_3_2_keep_garrison_and_the_eyrie_corner_on_every_map(name: str, keep: int) -> None:
    """The keep in a corner; a warrior everywhere but the diagonally opposite corner; the Eyrie
    takes that opposite corner. On the Lake, a keep in 3 leaves 4 empty and the Eyrie takes 4."""
    chance = ScriptedChance([("pick", keep)], fallback=RngChance(Rng.from_seed(keep)))
    g = new_game(bot_config(["marquise", "eyrie"], name, 9), chance=chance)
    s = g.state
    opposite = load_map(name).opposite_corner[keep]
    assert keep_clearing(s) == keep
    assert s.warriors("marquise", opposite) == 0
    assert all(s.warriors("marquise", c) >= 1 for c in CLEARINGS if c != opposite)
    assert s.warriors("marquise", keep) == 2
    assert s.clearings[opposite].buildings == [("eyrie", "roost")] and s.warriors("eyrie", opposite) == 6
    assert s.start_corners == {"marquise": keep, "eyrie": opposite}
    for c in CLEARINGS:  # 4.3.4: starting buildings by the keep, closed paths included (12.2.1)
        if s.clearings[c].buildings_of("marquise"):
            assert c == keep or c in adjacent_for(s, "marquise", keep)


def test_4_3_3_lake_keep_in_3_skips_4_and_the_eyrie_takes_4() -> None:
    chance = ScriptedChance([("pick", 3)], fallback=RngChance(Rng.from_seed(2)))
    s = new_game(bot_config(["marquise", "eyrie"], "lake", 2), chance=chance).state
    assert s.warriors("marquise", 4) == 0 and s.warriors("marquise", 1) == 1 and s.warriors("marquise", 2) == 1
    assert s.start_corners["eyrie"] == 4


def test_4_3_4_mountain_starting_buildings_may_stand_across_a_closed_path() -> None:
    """Keep in 2: its neighbours for the bot are 5 (closed path), 6 and 11 (12.2.1)."""
    chance = ScriptedChance([("pick", 2), ("pick", 5), ("pick", 2), ("pick", 6)], fallback=RngChance(Rng.from_seed(1)))
    s = new_game(bot_config(["marquise", "eyrie"], "mountain", 1), chance=chance).state
    assert s.clearings[5].buildings == [("marquise", "sawmill")]
    assert s.clearings[2].buildings == [("marquise", "workshop")]
    assert s.clearings[6].buildings == [("marquise", "recruiter")]


# -- 12.1.1 the Ferry ---------------------------------------------------------------------------------
def test_12_1_1_the_ferry_links_its_clearing_to_every_other_coastal_clearing() -> None:
    s = on_map("lake", {})
    assert s.ferry == 1
    assert move_destinations(s, "marquise", 1) == (5, 9, 10, 11, 12)
    assert adjacent_for(s, "marquise", 1) == (5, 9)  # the Ferry is a move, not a path
    assert move_destinations(s, "marquise", 10) == (2, 7, 8)  # no Ferry in 10
    assert distance(s, "marquise", 1, 12) == 1 and distance(s, "marquise", 9, 11) == 2
    assert distance(s, "marquise", 10, 1) == 4  # the Ferry only sails from where it is


def test_12_1_1_a_bot_moving_by_ferry_scores_one_vp_and_the_ferry_goes_along() -> None:
    s = on_map("lake", {1: warriors(marquise=4)})
    g = Game(s)
    assert R.move_warriors(g, "marquise", 1, 11, 2, "4.5.4") == 2
    assert s.warriors("marquise", 11) == 2 and s.ferry == 11 and s.ferry_used
    assert s.factions["marquise"].vp == 1 and len(s.deck) == 54  # scores instead of drawing
    assert [e.rule for e in g.log if e.kind in ("ferry", "score")] == ["LoR C.2.5", "12.1.1"]
    # Once per turn (LoR C.2.5): the Ferry does not sail again this turn.
    assert ferry_links(s, 11) == () and not R.can_move(s, "marquise", 11, 1)


def test_12_1_1_ferry_moves_follow_the_normal_movement_rules() -> None:
    """The mover must rule the Ferry's clearing or the destination (LoR 4.2.1)."""
    s = on_map("lake", {1: warriors(marquise=1, eyrie=2), 12: warriors(eyrie=1, marquise=0)})
    assert not R.can_move(s, "marquise", 1, 12)
    assert R.can_move(s, "eyrie", 1, 12)


def test_12_1_1_a_human_draws_a_card_for_the_ferry() -> None:
    s = on_map("lake", {1: warriors(marquise=3)}, humans=("marquise",))
    g = Game(s)
    R.move_warriors(g, "marquise", 1, 10, 3, "LoR 4.2")
    assert len(s.factions["marquise"].hand) == 1 and s.factions["marquise"].vp == 0 and s.ferry == 10


def test_12_1_1_marquise_4_5_4_moves_by_ferry_to_the_most_enemy_pieces() -> None:
    """Fox order: from 1 (fox) the Marquise's neighbours are 5 and 9 by path and 10, 11, 12 by
    the Ferry; 12 has the most enemy pieces, so three warriors sail there."""
    s = on_map("lake", {1: warriors(marquise=6), 12: warriors(eyrie=2), 5: warriors(eyrie=1)})
    g = Game(s)
    MQ.move(g, "fox")
    assert s.warriors("marquise", 12) == 3 and s.warriors("marquise", 1) == 3
    assert s.ferry == 12 and s.factions["marquise"].vp == 1
    assert "ranked by most enemy pieces: 12 (2); 5 (1); 9, 10, 11 (0)" in g.log.of_kind("move")[0].text


def test_12_1_1_eyrie_5_5_1_II_sails_to_the_lowest_priority_coastal_clearing() -> None:
    """From 1 the Eyrie's destinations with no enemy are 5, 9 (paths) and 10, 11, 12 (Ferry);
    the lowest priority, 12, is reached by the Ferry."""
    s = on_map("lake", {1: {"warriors": {"eyrie": 6}, "buildings": [["eyrie", "roost"]]}}, eyrie=fox_decree())
    g = Game(s)
    E.decree_move(g, "fox")
    assert s.warriors("eyrie", 12) == 5 and s.warriors("eyrie", 1) == 1
    assert s.ferry == 12 and s.factions["eyrie"].vp == 1


def test_12_1_1_the_ferry_sails_at_most_once_per_turn_in_real_games() -> None:
    sailed = 0
    for seed in range(12):
        g = new_game(bot_config(["marquise", "eyrie"], "lake", seed))
        turns: list[tuple[int, str | None]] = []
        g.log.listeners.append(lambda e, turns=turns: turns.append((e.round, e.faction)) if e.kind == "ferry" else None)
        play(g)
        assert all(n == 1 for n in Counter(turns).values()), turns
        sailed += len(turns)
        assert g.state.ferry in g.state.map.coastal
    assert sailed > 0


def test_12_1_1_the_ferry_is_saved_and_loaded() -> None:
    s = on_map("lake", {}, extra={"ferry": 11, "ferry_used": True})
    assert (s.ferry, s.ferry_used) == (11, True)
    again = serial.loads(serial.dumps(s))
    assert (again.ferry, again.ferry_used) == (11, True)
    assert serial.to_json(on_map("lake", {}))["ferry"] == 1  # default: where it starts
    with pytest.raises(StateError, match=r"^ferry: 5 is not a coastal clearing \(coastal: 1, 10, 11, 12\)$"):
        on_map("lake", {}, extra={"ferry": 5})
    with pytest.raises(StateError, match="^ferry: the winter map has no Ferry$"):
        on_map("winter", {}, extra={"ferry": 1})
    with pytest.raises(StateError, match="^ferry_used: expected true or false"):
        on_map("lake", {}, extra={"ferry_used": 1})
    assert "ferry" not in serial.to_json(on_map("fall", {}, extra={"suits": None}))


# -- 12.2.1 closed paths -------------------------------------------------------------------------------
def test_12_2_1_bots_treat_closed_paths_as_paths_and_humans_do_not() -> None:
    s = on_map("mountain", {2: warriors(marquise=3, eyrie=2)}, humans=("eyrie",))
    assert adjacent_for(s, "marquise", 2) == (5, 6, 11)
    assert adjacent_for(s, "eyrie", 2) == (6, 11)
    assert R.can_move(s, "marquise", 2, 5) and not R.can_move(s, "eyrie", 2, 5)
    assert distance(s, "marquise", 2, 9) == 2 and distance(s, "eyrie", 2, 9) == 3


def test_12_2_1_marquise_4_5_4_moves_across_a_closed_path() -> None:
    """Rabbit order: from 2 the most enemy pieces are in 5, behind the closed path 2-5."""
    s = on_map("mountain", {2: warriors(marquise=6), 5: warriors(eyrie=2), 6: warriors(eyrie=1)})
    g = Game(s)
    MQ.move(g, "rabbit")
    assert s.warriors("marquise", 5) == 3


def test_12_2_1_eyrie_5_5_1_II_moves_across_a_closed_path() -> None:
    """Mouse column: from 3 the neighbours are 6, 7 (closed path 3-7) and 11; 7 alone has no enemy."""
    s = on_map(
        "mountain",
        {3: {"warriors": {"eyrie": 5}, "buildings": [["eyrie", "roost"]]}, 6: warriors(marquise=1), 11: warriors(marquise=1)},
        eyrie=mouse_decree(),
    )
    g = Game(s)
    E.decree_move(g, "mouse")
    assert s.warriors("eyrie", 7) == 4


def test_12_2_1_a_human_may_open_a_closed_path_and_bots_never_do() -> None:
    s = on_map("mountain", {5: warriors(eyrie=1)}, humans=("eyrie",), eyrie={"hand": ["root_tea_fox"]})
    g = Game(s)
    with pytest.raises(EngineFailure, match="bots ignore the rules for opening closed paths"):
        R.open_closed_path(g, "marquise", 2, 5, s.deckdef.by_name["root_tea_fox"])
    with pytest.raises(EngineFailure, match="no piece in 8 or 9"):
        R.open_closed_path(g, "eyrie", 9, 8, s.deckdef.by_name["root_tea_fox"])
    R.open_closed_path(g, "eyrie", 5, 2, s.deckdef.by_name["root_tea_fox"])  # LoR C.3.3
    assert s.opened_paths == {(2, 5)} and s.factions["eyrie"].vp == 1 and s.factions["eyrie"].hand == []
    assert adjacent_for(s, "eyrie", 2) == (5, 6, 11)
    again = serial.loads(serial.dumps(s))
    assert again.opened_paths == {(2, 5)}


def test_12_2_1_opened_paths_are_validated_when_loaded() -> None:
    with pytest.raises(StateError, match=r"^opened_paths.0: 1-8 is not a closed path \(closed paths: 2-5, 3-7"):
        on_map("mountain", {}, extra={"opened_paths": [[1, 8]]})
    with pytest.raises(StateError, match="^opened_paths: the lake map has no closed paths$"):
        on_map("lake", {}, extra={"opened_paths": [[2, 5]]})
    with pytest.raises(StateError, match="^opened_paths.1: 5-2 is listed twice$"):
        on_map("mountain", {}, extra={"opened_paths": [[2, 5], [5, 2]]})


# -- 12.2.2 the Pass -----------------------------------------------------------------------------------
def test_12_2_2_eyrie_5_5_2_builds_in_the_pass_before_higher_priority_clearings() -> None:
    s = on_map("mountain", {1: warriors(eyrie=2), 10: warriors(eyrie=1)})
    g = Game(s)
    E.build(g)
    assert s.clearings[10].buildings == [("eyrie", "roost")]
    assert "chose 10 by the Pass (12.2.2)" in g.log.of_kind("place_building")[0].text


def test_12_2_2_eyrie_5_5_1_II_moves_into_the_pass_before_lower_priority_clearings() -> None:
    """From 9 (mouse) every neighbour has no enemy: lowest priority would be 12, the Pass wins."""
    s = on_map("mountain", {9: {"warriors": {"eyrie": 5}, "buildings": [["eyrie", "roost"]]}}, eyrie=mouse_decree())
    g = Game(s)
    E.decree_move(g, "mouse")
    assert s.warriors("eyrie", 10) == 4 and s.warriors("eyrie", 12) == 0


def test_12_2_2_marquise_4_5_2_gives_the_pass_the_extra_recruit() -> None:
    """Fox clearings it rules: 1, 4, 10. Four warriors: one each, the extra to the Pass."""
    s = on_map("mountain", {1: warriors(marquise=1), 4: warriors(marquise=1), 10: warriors(marquise=1)})
    g = Game(s)
    MQ.recruit(g, "fox")
    assert [s.warriors("marquise", c) for c in (1, 4, 10)] == [2, 2, 3]


def test_12_2_2_marquise_4_7_2_recruits_in_the_pass_as_a_lowest_priority_clearing() -> None:
    s = on_map("mountain", {10: warriors(marquise=1), 11: warriors(marquise=1), 12: warriors(marquise=1)})
    g = Game(s)
    MQ.escalated_recruit(g)
    assert [s.warriors("marquise", c) for c in (10, 11, 12)] == [3, 1, 3]


def test_lor_c_3_4_ruling_the_pass_scores_at_the_end_of_evening() -> None:
    s = on_map("mountain", {10: warriors(eyrie=1, marquise=1)})
    g = Game(s)
    R.score_the_pass(g, "marquise")  # a tie: the Eyrie rules (5.2.1)
    R.score_the_pass(g, "eyrie")
    assert (s.factions["marquise"].vp, s.factions["eyrie"].vp) == (0, 1)
    scored = 0
    for seed in range(6):
        g = new_game(bot_config(["marquise", "eyrie"], "mountain", seed))
        checks: list[bool] = []

        def check(e, g=g, checks=checks) -> None:
            if e.rule == "LoR C.3.4":
                checks.append(R.ruler(g.state, 10) == e.faction == g.state.current and g.state.phase == "evening")

        g.log.listeners.append(check)
        play(g)
        assert all(checks)
        scored += len(checks)
    assert scored > 0


# -- invariants ---------------------------------------------------------------------------------------
def test_map_invariants() -> None:
    from rootbotics.core.invariants import violations

    s = on_map("lake", {})
    assert violations(s) == []
    s.ferry = 5
    assert violations(s) == ["the Ferry is in 5, not a coastal clearing"]
    s = on_map("mountain", {})
    s.opened_paths.add((1, 8))
    assert violations(s) == ["opened paths that were never closed: [(1, 8)]"]
    s.opened_paths.clear()
    s.suits[1] = "rabbit"
    assert [v for v in violations(s) if v.startswith("suits:")]


def test_every_event_names_a_rule_on_every_map() -> None:
    for name in MAP_NAMES:
        g = new_game(bot_config(["eyrie", "marquise"], name, 4))
        play(g)
        assert all(re.match(r"^(LoR )?[0-9A-C]", e.rule) for e in g.log)
