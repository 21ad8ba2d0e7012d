"""The BBP Mechanical Marquise's setup, difficulty and trait cards, built from a third party's
transcription of its board and cards (Vagabottos/clockroot, src/app/models/marquise.ts at commits
eef5c99 and 6c9f35e; rulings R-BBP-MM-SETUP, R-BBP-MM-DIFFICULTY, R-BBP-MM-TRAITS). Events of
the cards cite "BBP MM.16", docs/bbp-coverage.md's row for them."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import game, position

from rootbotics.core import invariants
from rootbotics.core.battle import battle, take_hits
from rootbotics.core.chance import ScriptedChance
from rootbotics.core.maps import MAP_NAMES
from rootbotics.factions import REGISTRY
from rootbotics.factions.marquise import bbp as mm
from rootbotics.game import ConfigError, GameConfig, Seat, new_game, play_turn

ME = "marquise"
ROOT = Path(__file__).resolve().parent.parent


def bbp_position(clearings: dict, difficulty: str = "default", traits: tuple[str, ...] = (), **kw):
    return position(clearings, marquise={"rule_set": "bbp", "difficulty": difficulty, "traits": list(traits)}, **kw)


def placed(g, rule: str) -> list[tuple[int, int]]:
    return [(e.data["c"], e.data["n"]) for e in g.log if e.rule == rule and e.kind == "place_warriors"]


# -- setup (eef5c99 setupRules; ruling R-BBP-MM-SETUP) ----------------------------------------------
@pytest.mark.parametrize("map_name", MAP_NAMES)
def test_bbp_mm16_setup_as_transcribed(map_name: str) -> None:
    """The keep in a random corner; a warrior in every clearing but the opposite corner and one
    more by the keep, 12 in all; a sawmill, a workshop and a recruiter at random among the
    clearings next to the keep, one per clearing, not the keep's own. A corner with two
    neighbours (the Lake, the Mountain) puts the third in the keep's clearing (R-BBP-MM-SETUP)."""
    corners: set[int] = set()
    for seed in range(16):
        g = new_game(GameConfig([Seat(ME, rule_set="bbp"), Seat("eyrie")], map_name, seed))
        s = g.state
        keep = s.start_corners[ME]
        corners.add(keep)
        opposite = s.map.opposite_corner[keep]
        assert keep in s.map.corners and (ME, "keep") in s.clearings[keep].tokens
        assert s.on_map(ME, "warrior") == 12
        for c in range(1, 13):
            assert s.warriors(ME, c) == (0 if c == opposite else 2 if c == keep else 1), (map_name, seed, c)
        where = [c for c in range(1, 13) for f, _ in s.clearings[c].buildings if f == ME]
        kinds = sorted(k for c in range(1, 13) for f, k in s.clearings[c].buildings if f == ME)
        assert kinds == ["recruiter", "sawmill", "workshop"]
        near = set(s.map.adjacent[keep])
        if len(near) >= 3:
            assert len(set(where)) == 3 and set(where) <= near, (map_name, seed, where)
        else:  # every neighbour holds one; the third is by the keep when its clearing has a slot
            assert near <= set(where) and set(where) <= near | {keep}
        assert all(e.rule == "BBP 2.1" for e in g.log if e.faction == ME and e.kind in ("place_building", "place_warriors"))
        invariants.check(s)
    assert len(corners) > 1  # the corner is random


def test_bbp_mm16_setup_s_buildings_are_chosen_through_the_game_s_chance() -> None:
    """The buildings' clearings are the game's chance (``g.chance``), one pick per building while
    more than one clearing is open: scripting the picks places them there."""
    from rootbotics.factions.marquise.bbp import garrison, place_starting_buildings

    s = bbp_position({1: {"tokens": [[ME, "keep"]]}})
    g = game(s)
    g.chance = ScriptedChance([("pick", 10), ("pick", 5)])
    garrison(g, 1)
    place_starting_buildings(g, 1)
    where = {k: c for c in range(1, 13) for f, k in s.clearings[c].buildings if f == ME}
    assert where == {"sawmill": 10, "workshop": 5, "recruiter": 9}  # the last one left: no pick
    assert s.warriors(ME, 1) == 2


# -- difficulties (6c9f35e difficultyDescriptions; ruling R-BBP-MM-DIFFICULTY) -------------------------
@pytest.mark.parametrize(("level", "n"), [("easy", 3), ("default", 4), ("challenging", 5), ("nightmare", 5)])
def test_bbp_mm16_difficulty_recruits_one_fewer_or_one_more(level: str, n: int) -> None:
    """Easy: Recruit places one warrior fewer; Challenging and Nightmare: one more."""
    g = game(bbp_position({6: {"warriors": {ME: 1}}}, difficulty=level))
    mm.recruit(g, "fox")
    assert placed(g, "BBP MM.5") == [(6, n)]


@pytest.mark.parametrize(("level", "vp"), [("easy", 1), ("default", 2), ("challenging", 2)])
def test_bbp_mm16_difficulty_changes_the_warriors_due(level: str, vp: int) -> None:
    """MM.5's 1 VP for every two warriors not recruited counts the card's number: 3, 4 or 5."""
    g = game(bbp_position({1: {"tokens": [[ME, "keep"]], "warriors": {"eyrie": 1}}, 5: {"warriors": {ME: 2}}}, difficulty=level))
    mm.recruit(g, "fox")
    assert g.state.factions[ME].vp == vp


@pytest.mark.parametrize(("level", "plan"), [("easy", [(9, 2), (5, 1)]), ("default", [(9, 2), (5, 2)]), ("challenging", [(9, 3), (5, 2)]), ("nightmare", [(9, 3), (5, 2)])])
def test_bbp_mm16_difficulty_on_a_bird_order(level: str, plan: list[tuple[int, int]]) -> None:
    """Bird order (MM.11): Easy, one fewer in the second-lowest-priority clearing; Challenging and
    Nightmare, one more in the lowest-priority one. It rules 1, 2, 5 and 9: 9 is the lowest."""
    s = bbp_position({1: {"warriors": {ME: 1}, "tokens": [[ME, "keep"]]}, 2: {"warriors": {ME: 3}}, 5: {"warriors": {ME: 6}}, 9: {"warriors": {ME: 1}}}, difficulty=level)
    g = game(s)
    mm.bird_recruit(g)
    assert placed(g, "BBP MM.11") == plan


@pytest.mark.parametrize(("level", "n"), [("easy", 3), ("challenging", 5)])
def test_bbp_mm16_difficulty_on_a_bird_order_with_one_clearing(level: str, n: int) -> None:
    """Ruling one clearing, all four go there (R-BBP-MM-BIRD-RECRUIT), less or more one."""
    g = game(bbp_position({6: {"warriors": {ME: 1}}}, difficulty=level))
    mm.bird_recruit(g)
    assert placed(g, "BBP MM.11") == [(6, n)]


def test_bbp_mm16_nightmare_scores_one_per_player_each_round() -> None:
    """Nightmare: each round 1 VP per player, at the end of its Evening; every seat counts,
    itself too (three seats: 3 VP)."""
    s = bbp_position({1: {"warriors": {ME: 1}, "tokens": [[ME, "keep"]]}}, difficulty="nightmare", seats=(ME, "eyrie", "alliance"))
    g = game(s, [("draw", "root_tea_fox"), ("draw", "bake_sale"), ("draw", "cobbler")])
    play_turn(g)
    mine = [e for e in g.log if e.faction == ME]
    last = mine[-1]
    assert last.kind == "score" and last.rule == "BBP MM.16" and last.data["n"] == 3
    assert "1 per player, 3 players" in last.text
    normal = bbp_position({1: {"warriors": {ME: 1}, "tokens": [[ME, "keep"]]}}, difficulty="challenging", seats=(ME, "eyrie", "alliance"))
    g = game(normal, [("draw", "root_tea_fox"), ("draw", "bake_sale"), ("draw", "cobbler")])
    play_turn(g)
    assert not any(e.rule == "BBP MM.16" for e in g.log)


# -- traits (eef5c99 rules; ruling R-BBP-MM-TRAITS) ---------------------------------------------------
def test_bbp_mm16_blitz_moves_all_but_one_and_battles() -> None:
    """Blitz: after Move, from the highest-priority clearing it rules with no enemy pieces (1 has
    a single warrior: nobody would move), all but one warrior go where Move sends them (the
    adjacent clearing with most enemy pieces, MM.7) and battle the opponent there."""
    s = bbp_position({1: {"warriors": {ME: 1}, "tokens": [[ME, "keep"]]}, 2: {"warriors": {ME: 4}}, 5: {"warriors": {"eyrie": 2}}}, traits=("blitz",))
    assert 5 in s.map.adjacent[2]
    g = game(s, [("roll", (0, 0))])
    mm.blitz(g)
    moves = [(e.data["a"], e.data["b"], e.data["n"], e.rule) for e in g.log.of_kind("move")]
    assert moves == [(2, 5, 3, "BBP MM.16")]
    assert "skipped 1 (it has at most one warrior there)" in g.log.of_kind("move")[0].why()
    assert [(e.data["c"], e.data["defender"], e.rule) for e in g.log.of_kind("battle")] == [(5, "eyrie", "BBP MM.16")]
    invariants.check(s)


def test_bbp_mm16_blitz_follows_the_move_step_and_only_with_the_card() -> None:
    for traits, blitzed in (((), False), (("blitz",), True)):
        s = bbp_position({1: {"warriors": {ME: 1}, "tokens": [[ME, "keep"]]}, 2: {"warriors": {ME: 3}}, 5: {"warriors": {"eyrie": 1}}}, traits=traits)
        g = game(s, [("draw", "bake_sale")] + [("roll", (0, 0))] * 3)
        play_turn(g)
        assert any(e.rule == "BBP MM.16" and e.kind == "move" for e in g.log) == blitzed


def test_bbp_mm16_fortified_needs_two_hits_per_building() -> None:
    """Fortified: opponents need two hits to remove each of its buildings; one hit does nothing."""
    s = bbp_position({1: {"tokens": [[ME, "keep"]]}, 5: {"buildings": [[ME, "sawmill"], [ME, "workshop"]]}}, traits=("fortified",))
    g = game(s)
    g.chance = ScriptedChance([("pick", "sawmill")])
    take_hits(g, ME, 5, 3, "eyrie")
    assert sorted(k for f, k in s.clearings[5].buildings if f == ME) == ["workshop"]
    held = g.log.of_kind("fortified")
    assert len(held) == 1 and held[0].rule == "BBP MM.16"


def test_bbp_mm16_iron_will_escalates_twice_a_turn() -> None:
    """Iron Will: Escalate may happen twice a turn (without it, once: R-BBP-MM-ESCALATE). It
    rules only 1, whose one slot is taken: no building can be placed."""
    for traits, times in (((), 1), (("iron-will",), 2)):
        s = bbp_position({1: {"warriors": {ME: 1}, "buildings": [[ME, "sawmill"]], "tokens": [[ME, "keep"]]}}, traits=traits)
        g = game(s, [("draw", "bake_sale"), ("draw", "codebreakers"), ("draw", "cobbler")])
        play_turn(g)
        esc = g.log.of_kind("escalate")
        assert len(esc) == times and all(e.rule == "BBP MM.8" for e in esc)
        assert [e.data["card_id"] for e in g.log.of_kind("order")] == ["bake_sale", "codebreakers", "cobbler"][: times + 1]
        if times == 2:
            assert "a second time this turn, by Iron Will" in esc[1].text


def test_bbp_mm16_hospitals_recruits_one_in_the_keep_after_losing_two_defending() -> None:
    """Hospitals: after a battle it defended that cost it at least two warriors, one warrior in
    the keep's clearing (the Law's card places two, 3.3.2); after losing one, none."""
    for lost_roll, extra in (((2, 0), 1), ((1, 0), 0)):
        s = bbp_position({1: {"warriors": {ME: 1}, "tokens": [[ME, "keep"]]}, 5: {"warriors": {ME: 3, "eyrie": 3}}}, traits=("hospitals",))
        g = game(s, [("roll", lost_roll)])
        battle(g, "eyrie", ME, 5, "test")
        assert s.warriors(ME, 1) == 1 + extra
        assert placed(g, "BBP MM.16") == ([(1, 1)] if extra else [])
        invariants.check(s)
    s = position({5: {"warriors": {ME: 3, "eyrie": 3}}}, marquise={"rule_set": "bbp", "traits": ["hospitals"], "removed": {"keep": 1}})
    g = game(s, [("roll", (2, 0))])
    battle(g, "eyrie", ME, 5, "test")
    assert any("no keep on the map" in e.text for e in g.log.of_kind("skip")) and s.on_map(ME, "warrior") == 1


# -- the seat and the documents ----------------------------------------------------------------------
def test_bbp_mm16_the_seat_takes_every_transcribed_card() -> None:
    rules = REGISTRY[ME]
    assert rules.rule_set_difficulties("bbp") == ("easy", "default", "challenging", "nightmare")
    assert sorted(rules.rule_set_traits("bbp")) == ["blitz", "fortified", "hospitals", "iron-will"]
    GameConfig([Seat(ME, rule_set="bbp", difficulty="nightmare", traits=("blitz", "fortified", "iron-will", "hospitals")), Seat("eyrie")]).validate()
    with pytest.raises(ConfigError, match="'overwhelming' is not a trait"):
        GameConfig([Seat(ME, rule_set="bbp", traits=("overwhelming",)), Seat("eyrie")]).validate()


@pytest.mark.parametrize("seed", range(6))
def test_bbp_mm16_games_with_every_card_keep_every_invariant(seed: int) -> None:
    from test_bbp_marquise import checked

    level = ("easy", "challenging", "nightmare")[seed % 3]
    config = GameConfig([Seat(ME, rule_set="bbp", difficulty=level, traits=("blitz", "fortified", "iron-will", "hospitals")), Seat("eyrie", rule_set="bbp"), Seat("alliance")], MAP_NAMES[seed % len(MAP_NAMES)], seed)
    checked(config)


def test_bbp_mm16_rulings_and_coverage_name_the_source() -> None:
    """Each card's ruling names the transcription (repository, file and commit); the coverage
    table says where each value comes from."""
    rulings = (ROOT / "docs" / "rulings.md").read_text()
    coverage = (ROOT / "docs" / "bbp-coverage.md").read_text()
    for rid, commit in (("R-BBP-MM-SETUP", "eef5c99"), ("R-BBP-MM-DIFFICULTY", "6c9f35e"), ("R-BBP-MM-TRAITS", "eef5c99")):
        row = next(line for line in rulings.splitlines() if f'id="{rid}"' in line)
        assert "Vagabottos/clockroot" in row and "src/app/models/marquise.ts" in row and commit in row, rid
    for value in ("12 warriors", "Easy", "Challenging", "Nightmare", "Blitz", "Fortified", "Iron Will", "Hospitals"):
        assert any(value in line and "transcription" in line for line in coverage.splitlines()), value
    import importlib

    rows = [[c.strip() for c in line.strip().strip("|").split("|")] for line in coverage.splitlines() if line.startswith("| Setup:") or line.startswith("| Difficulty:") or line.startswith("| Trait:")]
    assert len(rows) == 11
    for _, _, _, code, tests, ruling in rows:  # the table of values names code, tests and rulings that exist
        module, _, attr = code.partition(":")
        obj = importlib.import_module(f"rootbotics.{module}")
        for part in attr.split("."):
            obj = getattr(obj, part)
        for t in (x.strip() for x in tests.split(",")):
            file, _, name = t.partition("::")
            assert f"def {name}(" in (Path(__file__).parent / file).read_text(), t
        for r in (x.strip() for x in ruling.split(",")):
            assert f'id="{r}"' in rulings, r
