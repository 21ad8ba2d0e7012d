"""The Better Bot Project v5's Automated Alliance (``alliance@bbp``, factions/alliance/bbp.py and
its hooks in factions/alliance/faction.py). Rule ids are docs/bbp-coverage.md's ("BBP AA.6")."""

from __future__ import annotations

import pytest
from helpers import game, position, set_order
from test_bbp_marquise import checked
from test_examples import lines_of, load_game

from rootbotics.controllers import ScriptedHuman
from rootbotics.core import invariants
from rootbotics.core import rules as R
from rootbotics.core.battle import battle
from rootbotics.core.maps import MAP_NAMES
from rootbotics.factions import bot_for
from rootbotics.factions.alliance.bbp import BetterAlliance, organize, place_sympathy, revolt_or_sympathy
from rootbotics.game import GameConfig, Seat, bot_of, new_game, play_turn

ME = "alliance"
BBP = {"rule_set": "bbp"}
SYM = ["alliance", "sympathy"]
THREE = ("alliance", "marquise", "eyrie")


def bbp_position(clearings: dict, **kw):
    alliance = dict(BBP, **kw.pop("alliance", {}))
    return position(clearings, seats=kw.pop("seats", THREE), alliance=alliance, **kw)


def sympathy_placed(g) -> list[int]:
    return [e.data["c"] for e in g.log.of_kind("place_token") if e.faction == ME]


# -- the example turn (BBP AA.2, AA.5-7) ------------------------------------------------------------
@pytest.mark.parametrize(
    ("saved", "where"),
    [("bbp_alliance_example_turn.json", [1, 5, 2]), ("bbp_alliance_example_turn_keep_in_1.json", [6, 2, 5])],
)
def test_bbp_aa_example_turn(saved: str, where: list[int]) -> None:
    """'Playing against the Automated Alliance', Example Turn: a first turn on Fall with the fox
    Root Tea order: sympathy in 1, 5 and 2; with the keep in 1, in 6, 2 and 5 (the Eyrie's six
    warriors in 3 are avoided). Boards of ours, standard setups (ruling R-BBP-AA-EXAMPLE)."""
    g = load_game(saved, [("draw", "root_tea_fox")])
    s = g.state
    assert isinstance(bot_of(s, ME), BetterAlliance)
    play_turn(g)
    al = s.factions[ME]
    # AA.2: Root Tea for 1 VP (the card lists 2); the card stays the order card until Evening.
    assert al.items == ["tea"] and any("always 1; the card lists 2" in t for t in lines_of(g, "BBP AA.2"))
    # AA.5: no sympathetic fox clearing, so no revolt; none placed so far, so sympathy twice.
    assert any("places sympathy twice" in t for t in lines_of(g, "BBP AA.5"))
    # AA.6: then once in Daylight; the first on the highest-priority fox clearing, then next to sympathy.
    assert sympathy_placed(g) == where
    assert [e.phase for e in g.log.of_kind("place_token")] == ["birdsong", "birdsong", "daylight"]
    # The track: 0, 1, 1 VP for its first three tokens; with the craft, 3 VP.
    assert al.vp == 3
    # AA.7: no base: no organizing nor recruiting; the order is discarded.
    assert any("no base on the map" in t for t in lines_of(g, "BBP AA.7")) and al.order is None
    if 3 in s.start_corners.values():
        avoided = g.log.of_kind("place_token")[2].text
        assert "3 (avoided)" in avoided
    invariants.check(s)


# -- Birdsong and Daylight ------------------------------------------------------------------------
def test_bbp_aa5_revolt_removes_every_enemy_piece_and_places_the_base() -> None:
    """AA.5: the fox base in the box and sympathetic fox clearings: revolt where most enemy pieces
    (6 and 8 tie at three), ties to priority; it scores the buildings and tokens removed."""
    s = bbp_position({
        1: {"tokens": [SYM], "warriors": {"marquise": 1}},
        6: {"tokens": [SYM], "warriors": {"marquise": 2}, "buildings": [["eyrie", "roost"]]},
        8: {"tokens": [SYM], "warriors": {"eyrie": 3}},
    })
    g = game(s)
    set_order(g, ME, "root_tea_fox")
    revolt_or_sympathy(g, "BBP AA.5")
    assert s.clearings[6].buildings == [(ME, "base_fox")] and s.enemy_pieces(ME, 6) == 0
    (rev,) = g.log.of_kind("revolt")
    assert rev.data["c"] == 6 and "chose 6 by highest priority (BBP 4.1)" in rev.text
    assert s.factions[ME].vp == 1  # the roost (LoR 3.2.1)
    assert not g.log.of_kind("place_token")


def test_bbp_aa9_no_revolt_with_five_sympathy_places_once() -> None:
    """AA.5, AA.9: cannot revolt (the fox base is on the map) and 5 tokens placed: sympathy once."""
    tokens = {c: {"tokens": [SYM]} for c in (2, 3, 5, 7, 9)}
    tokens[1] = {"tokens": [SYM], "buildings": [[ME, "base_fox"]]}
    s = bbp_position(tokens)
    g = game(s)
    set_order(g, ME, "root_tea_fox")
    revolt_or_sympathy(g, "BBP AA.5")
    assert any("its fox base is already on the map" in t and "once" in t for t in lines_of(g, "BBP AA.5"))
    assert len(sympathy_placed(g)) == 1


def test_bbp_aa6_avoids_three_warriors_of_one_opponent_if_possible() -> None:
    """AA.6: a matching clearing next to sympathy, those with 3 warriors of one opponent last."""
    s = bbp_position({1: {"tokens": [SYM]}, 12: {"warriors": {"eyrie": 3}}, 10: {"tokens": [SYM]}, 6: {"warriors": {"marquise": 2, "eyrie": 2}}, 2: {"tokens": [SYM]}})
    g = game(s)
    set_order(g, ME, "root_tea_fox")
    place_sympathy(g, "test")
    assert sympathy_placed(g) == [6]  # 12 (fox, next to 10) has three Eyrie warriors


def test_bbp_aa6_empty_track_scores_five() -> None:
    s = bbp_position({c: {"tokens": [SYM]} for c in range(2, 12)})
    g = game(s)
    set_order(g, ME, "root_tea_fox")
    place_sympathy(g, "test")
    assert s.factions[ME].vp == 5 and not sympathy_placed(g)


def test_bbp_aa8_bird_order_revolts_at_the_end_of_daylight() -> None:
    """AA.8: on a bird order no revolt in Birdsong; Daylight's sympathy goes to the lowest-priority
    clearing next to sympathy (nothing else counts: three warriors are no bar); then the revolt
    where most enemy pieces among clearings whose base is still in the box."""
    s = bbp_position({
        2: {"tokens": [SYM], "warriors": {"marquise": 1}},
        6: {"tokens": [SYM], "warriors": {"marquise": 2}, "buildings": [[ME, "base_fox"]]},
        5: {"tokens": [SYM], "warriors": {"eyrie": 1}},
        10: {"warriors": {"eyrie": 3}},
    })
    g = game(s, [("draw", "arms_trader")])
    bot = BetterAlliance()
    bot.birdsong(g)
    assert not g.log.of_kind("revolt") and lines_of(g, "BBP AA.8")
    bot.daylight(g)
    # next to sympathy (2, 5, 6): 1, 3, 10, 11; the lowest priority is 11.
    assert sympathy_placed(g) == [11]
    # revolt: 6 is fox (its base is on the map); 2 (mouse, 1 enemy) and 5 (rabbit, 1) tie: priority.
    (rev,) = g.log.of_kind("revolt")
    assert rev.rule == "BBP AA.8" and rev.data["c"] == 2 and s.clearings[2].buildings == [(ME, "base_mouse")]


# -- Evening ----------------------------------------------------------------------------------------
def test_bbp_aa7_organize_and_recruit() -> None:
    """AA.7: a base with three warriors organizes (three leave, sympathy once more); each base recruits one."""
    s = bbp_position({
        1: {"tokens": [SYM], "warriors": {ME: 4}, "buildings": [[ME, "base_fox"]]},
        3: {"warriors": {ME: 2}, "buildings": [[ME, "base_rabbit"]]},
    })
    g = game(s)
    set_order(g, ME, "root_tea_fox")
    BetterAlliance().evening(g)
    assert [e.data["c"] for e in g.log.of_kind("organize")] == [1]
    assert s.warriors(ME, 1) == 1 + 1 and s.warriors(ME, 3) == 2 + 1
    assert len(sympathy_placed(g)) == 1 and s.factions[ME].order is None


# -- the faction's hooks for a BBP seat (AA.3, AA.4, no Crackdown) ----------------------------------
def test_bbp_aa3_automated_ambush() -> None:
    s = bbp_position({7: {"warriors": {"marquise": 3, ME: 1}}})
    g = game(s, [("roll", (2, 0))])
    battle(g, "marquise", ME, 7, "test")
    (extra,) = [e for e in g.log.of_kind("extra_hit") if e.faction == ME]
    assert extra.rule == "BBP AA.3" and s.warriors("marquise", 7) == 2


def test_bbp_aa4_automated_outrage_and_aa9_bots_cause_none() -> None:
    """AA.4: a human moving warriors into sympathy with no matching card: the bot scores 1.
    AA.9: a bot doing the same causes nothing."""
    s = bbp_position({4: {"tokens": [SYM]}, 8: {"warriors": {"marquise": 3}}, 9: {"warriors": {"eyrie": 2}}}, humans=("marquise",), marquise={"hand": ["anvil"]})
    g = game(s, marquise=ScriptedHuman())
    R.move_warriors(g, "eyrie", 9, 4, 1, "test")
    assert not g.log.of_kind("outrage")
    R.move_warriors(g, "marquise", 8, 4, 1, "test")
    assert [e.rule for e in g.log.of_kind("outrage")] == ["BBP AA.4"] and s.factions[ME].vp == 1


def test_bbp_alliance_has_no_crackdown() -> None:
    """The text replaces only Outrage and Guerrilla War and has no Crackdown (6.2.4 is the Law's)."""
    s = bbp_position({5: {"tokens": [SYM], "buildings": [[ME, "base_rabbit"]], "warriors": {"marquise": 3}}, 4: {"tokens": [SYM]}})
    g = game(s, [("roll", (3, 0))])
    battle(g, "marquise", ME, 5, "test")
    assert not g.log.of_kind("crackdown") and (ME, "sympathy") in s.clearings[4].tokens


def test_bbp_alliance_is_a_rule_set_of_the_faction() -> None:
    assert isinstance(bot_for(ME, "bbp"), BetterAlliance)
    g = new_game(GameConfig([Seat(ME, rule_set="bbp"), Seat("marquise")], seed=3))
    assert not any(s.pieces_of(ME) for s in g.state.clearings[1:])  # R-BBP-AA-SETUP: nothing on the map


# -- random games: alone with BBP bots, and mixed with official bots, on every map -------------------
LINEUPS = ((), ("vagabot",), ("lizards", "riverfolk"), ("corvids", "duchy"))


@pytest.mark.parametrize("seed", range(16))
def test_bbp_alliance_games_keep_every_invariant(seed: int) -> None:
    others = LINEUPS[seed % len(LINEUPS)]
    seats = [Seat(ME, rule_set="bbp"), Seat("marquise", rule_set="bbp"), Seat("eyrie", rule_set="bbp" if seed % 2 else "law")]
    seats += [Seat(f, rule_set="bbp" if (f == "riverfolk" and seed // 4 % 2 == 0 or f == "lizards" and seed // 4 % 2 == 1) else "law") for f in others]  # the Otter Overlords and the Clockwork Cult in half
    if seed % 3 == 1:
        seats.reverse()
    checked(GameConfig(seats, MAP_NAMES[seed // len(LINEUPS) % len(MAP_NAMES)], seed))  # every line-up on every map


def test_bbp_alliance_alone_with_the_bbp_marquise() -> None:
    for seed in range(4):
        checked(GameConfig([Seat("marquise", rule_set="bbp"), Seat(ME, rule_set="bbp")], MAP_NAMES[seed], seed))


def test_bbp_coverage_rows_of_the_built_bots_name_code() -> None:
    """docs/bbp-coverage.md: every paragraph of the Marquise, Eyrie and Alliance maps to code and a test."""
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "docs" / "bbp-coverage.md").read_text()
    rows = [[c.strip() for c in line.strip().strip("|").split("|")] for line in text.splitlines() if line.startswith("| ")]
    built = {r[0]: r for r in rows if r[0][:3] in ("MM.", "EE.", "AA.")}
    assert [k for k in built if k.startswith("EE.")] == [f"EE.{n}" for n in range(1, 10)]
    assert [k for k in built if k.startswith("AA.")] == [f"AA.{n}" for n in range(1, 11)]
    assert all(":" in r[2] and r[3] for r in built.values())


def test_bbp_robot_raccoon_without_its_paths_is_refused_with_one_line() -> None:
    """The Robot Raccoon plays only with its paths given or the stand-in chosen (ruling R-BBP-RR-PATHS)."""
    from rootbotics.game import ConfigError

    with pytest.raises(ConfigError) as e:
        GameConfig([Seat("marquise", rule_set="bbp"), Seat("vagabot", rule_set="bbp")]).validate()
    assert str(e.value).startswith("options.raccoon_paths: ") and "--raccoon-paths" in str(e.value) and "\n" not in str(e.value)


def test_bbp_aa_cooperative_allies_are_not_avoided() -> None:
    """BBP 1.2: three warriors of an allied bot do not keep sympathy away (they are no opponent's);
    the fox clearings next to sympathy are 8 and 12, and 8 keeps its priority."""
    clearings = {1: {"tokens": [SYM]}, 4: {"tokens": [SYM]}, 10: {"tokens": [SYM]}, 8: {"warriors": {"eyrie": 3}}}
    for coop, where in ((True, [8]), (False, [12])):
        s = bbp_position(clearings, humans=("marquise",), options={"cooperative": coop}, marquise={"hand": []})
        g = game(s)
        set_order(g, ME, "root_tea_fox")
        place_sympathy(g, "test")
        assert sympathy_placed(g) == where
