"""The Better Bot Project v5's Clockwork Cult (``lizards@bbp``, factions/lizards/bbp.py, its board
and hooks in factions/lizards/cult.py). Rule ids are docs/bbp-coverage.md's ("BBP CC.4")."""

from __future__ import annotations

import pytest
from helpers import game, position
from test_bbp_marquise import checked
from test_examples import lines_of, load_game

from rootbotics.core import invariants, serial
from rootbotics.core import rules as R
from rootbotics.core.battle import battle
from rootbotics.core.fields import StateError
from rootbotics.core.maps import MAP_NAMES
from rootbotics.factions import REGISTRY, bot_for
from rootbotics.factions.lizards.bbp import ClockworkCult, convert_all, crusade, discard_oldest, score_gardens
from rootbotics.factions.lizards.cult import OutcastPile
from rootbotics.game import ConfigError, GameConfig, Seat, bot_of, new_game, play, play_turn

ME = "lizards"
THREE = ("lizards", "marquise", "alliance")


def cult_position(clearings: dict, cult: dict | None = None, **kw):
    lizards = {"rule_set": "bbp", **kw.pop("lizards", {})}
    if cult is not None:
        lizards["cult"] = cult
    return position(clearings, seats=kw.pop("seats", THREE), lizards=lizards, **kw)


def pile_names(s) -> list[str]:
    board = s.factions[ME].board
    assert isinstance(board, OutcastPile)
    return [s.deckdef.card(c).name for c in board.pile]


# -- the example turn (BBP CC.3-5) ------------------------------------------------------------------
def test_bbp_cc_example_turn() -> None:
    """'Playing against the Clockwork Cult', Example Turn, on a board of ours (ruling
    R-BBP-CC-EXAMPLE): seven acolytes pay for Crusade, Sanctify and one Convert (one left);
    the pile of four resolves oldest to newest; Evening scores the most gardens of one suit + 1."""
    g = load_game("bbp_lizards_example_turn.json", [("roll", (0, 0))])
    s = g.state
    assert isinstance(bot_of(s, ME), ClockworkCult)
    play_turn(g)
    cc = lines_of(g, "BBP CC.3")
    # Crusade: 8 and 10 tie on three Cult warriors, 8 by priority; the Marquise and the Alliance
    # tie on buildings there, the Marquise by setup order (A before C).
    assert any("battles marquise in 8" in t and "chose 8 by highest priority (BBP 4.1)" in t and "chose marquise by setup order (BBP 4.2)" in t for t in cc)
    # Sanctify: the Marquise has most VP; 1, 2, 7, 9 tie on one Marquise warrior, 1 by priority.
    assert s.clearings[1].buildings == [(ME, "garden_fox")]
    assert any("sanctifies the marquise workshop in 1" in t and "chose 1 by highest priority" in t for t in cc)
    # Convert: three acolytes left, so once; the keep's clearing 3 is skipped, 10 beats 12 by priority.
    assert any("converts a warrior of the marquise in 10" in t and "skipped 3 (the keep forbids placing there)" in t for t in cc)
    assert s.clearings[10].warriors == {ME: 3, "marquise": 1}  # 4 after Convert; one becomes an acolyte in Daylight
    # Daylight, oldest to newest: fox recruits in 6 (6, 8 and 12 have a free slot: priority,
    # BBP 4.1) and gardens it; the bird card makes an acolyte from 10 (tied with 11) and is discarded;
    # mouse: no free slot anywhere, 2, 7, 9 tie on enemy buildings: 2, not ruled, no garden;
    # rabbit: 5, the only free slot it may use, ruled, a garden.
    cc4 = lines_of(g, "BBP CC.4")
    assert any("places 1 warrior in 6" in t and "chose 6 by highest priority (BBP 4.1)" in t for t in cc4)
    assert any("places 1 warrior in 2" in t and "no mouse clearing has a free building slot" in t for t in cc4)
    assert (ME, "garden_fox") in s.clearings[6].buildings and (ME, "garden_rabbit") in s.clearings[5].buildings
    assert any("a warrior in 10 becomes an acolyte" in t for t in cc4)
    assert any("places no garden in 2: it does not rule it" in t for t in cc4)
    assert pile_names(s) == ["travel_gear_fox", "root_tea_mouse", "a_visit_to_friends"]
    assert [s.deckdef.card(c).name for c in s.discard] == ["ambush_bird"]
    board = s.factions[ME].board
    assert isinstance(board, OutcastPile) and board.acolytes == 2  # one left over, one from the bird card
    # Evening: two gardens of every suit: 3 VP; with two buildings removed, 5 VP. Pile 3/4: kept.
    assert any("scores 3 VP for gardens" in t for t in lines_of(g, "BBP CC.5"))
    assert s.factions[ME].vp == 5
    assert any("not full" in t for t in lines_of(g, "BBP CC.6"))
    invariants.check(s)


# -- the Outcast Pile (BBP CC.2) ------------------------------------------------------------------
def test_bbp_cc2_opponents_discards_fill_the_outcast_pile_in_order() -> None:
    """CC.2: opponents' discards join the pile, oldest first, up to 4; the fifth is discarded as usual."""
    s = cult_position({1: {"warriors": {ME: 1}}})
    g = game(s)
    names = ["ambush_fox", "anvil", "bake_sale", "cobbler", "investments"]
    for name in names:
        cid = s.deckdef.by_name[name]
        s.deck.remove(cid)
        R.discard(g, cid)
    assert pile_names(s) == names[:4]
    assert [s.deckdef.card(c).name for c in s.discard] == ["investments"]
    assert any("Outcast Pile is full (4/4)" in t for t in lines_of(g, "BBP CC.2"))
    invariants.check(s)


def test_bbp_cc2_the_maximum_is_an_option() -> None:
    """CC.2 "(default: 4)": ``options.cult_outcast_max`` sets another; a bad one is refused in one line."""
    s = cult_position({}, options={"cult_outcast_max": 2})
    g = game(s)
    for name in ("ambush_fox", "anvil", "bake_sale"):
        cid = s.deckdef.by_name[name]
        s.deck.remove(cid)
        R.discard(g, cid)
    assert pile_names(s) == ["ambush_fox", "anvil"]
    with pytest.raises(ConfigError) as e:
        GameConfig([Seat(ME, rule_set="bbp"), Seat("marquise")], options={"cult_outcast_max": 0}).validate()
    assert str(e.value).startswith("options.cult_outcast_max: 0 is not a number") and "\n" not in str(e.value)


# -- Birdsong (BBP CC.3) ----------------------------------------------------------------------------
def test_bbp_cc3_crusade_needs_an_enemy_building() -> None:
    """CC.3: no clearing with its warriors and an enemy building: no Crusade, the acolyte is kept."""
    s = cult_position({1: {"warriors": {ME: 3, "marquise": 2}}}, cult={"acolytes": 1})
    g = game(s)
    assert not crusade(g)
    assert s.factions[ME].board.acolytes == 1 and not g.log.of_kind("battle")


def test_bbp_cc3_convert_for_every_two_acolytes_and_none_without_warriors() -> None:
    """CC.3: five acolytes convert twice (one left); with no warrior in supply, Convert is skipped."""
    clearings = {7: {"warriors": {"marquise": 3}}, 9: {"warriors": {"alliance": 1}}}
    s = cult_position(clearings, cult={"acolytes": 5}, alliance={"vp": 4})
    g = game(s)
    assert convert_all(g) == 2
    # the Alliance has most VP, then no warrior left: the Marquise is next
    assert s.clearings[9].warriors == {ME: 1} and s.clearings[7].warriors == {"marquise": 2, ME: 1}
    assert s.factions[ME].board.acolytes == 1
    s = cult_position(clearings, cult={"acolytes": 25})
    g = game(s)
    assert convert_all(g) == 0 and any("no warrior in its supply" in t for t in lines_of(g, "BBP CC.3"))


# -- Evening (BBP CC.5-7) -----------------------------------------------------------------------
def test_bbp_cc6_a_full_pile_discards_its_oldest_card_and_crafts_it() -> None:
    """CC.6: 4/4: the oldest card (Root Tea) goes to the discard pile and is crafted for 1 VP."""
    pile = ["root_tea_fox", "anvil", "bake_sale", "cobbler"]
    s = cult_position({}, cult={"outcast_pile": pile})
    g = game(s)
    assert discard_oldest(g)
    assert pile_names(s) == pile[1:] and s.factions[ME].items == ["tea"] and s.factions[ME].vp == 1
    assert [s.deckdef.card(c).name for c in s.discard] == ["root_tea_fox"]
    assert any("always 1; the card lists 2" in t for t in lines_of(g, "BBP CC.6"))


def test_bbp_cc7_no_gardens_no_points() -> None:
    """CC.7: with no garden in play it scores 0 VP (not 1)."""
    s = cult_position({1: {"warriors": {ME: 2}}})
    g = game(s)
    assert score_gardens(g) == 0 and s.factions[ME].vp == 0
    assert any("no garden in play" in t for t in lines_of(g, "BBP CC.7"))


# -- the faction (ruling R-BBP-CC-FACTION) ----------------------------------------------------------
def test_bbp_cc_revenge_makes_acolytes_of_warriors_lost_defending() -> None:
    """Ruling R-BBP-CC-FACTION: its warriors lost defending become acolytes; the Law's Robot
    Revenge (one per removal, 8.2.2) is not used."""
    s = cult_position({9: {"warriors": {ME: 2, "marquise": 3}}})
    g = game(s, [("roll", (2, 0))])
    battle(g, "marquise", ME, 9, "test")
    assert s.factions[ME].board.acolytes == 2 and s.warriors(ME, 9) == 0
    assert not lines_of(g, "8.2.2")
    invariants.check(s)


def test_bbp_cc_setup_and_the_seat() -> None:
    """Ruling R-BBP-CC-SETUP: the standard game's Lizard Cult setup and an empty pile."""
    assert isinstance(bot_for(ME, "bbp"), ClockworkCult)
    for seed in range(4):
        g = new_game(GameConfig([Seat("marquise"), Seat(ME, rule_set="bbp")], seed=seed))
        s = g.state
        corner = s.start_corners[ME]
        assert corner in s.map.corners and s.map.opposite_corner[corner] == s.start_corners["marquise"]
        assert s.warriors(ME, corner) == 4 and (ME, f"garden_{s.suit(corner)}") in s.clearings[corner].buildings
        assert all(s.warriors(ME, c) == 1 for c in s.map.adjacent[corner] if c != s.start_corners["marquise"])
        assert pile_names(s) == [] and s.factions[ME].board.acolytes == 0


# -- saved positions --------------------------------------------------------------------------------
def test_bbp_cult_board_round_trips() -> None:
    g = new_game(GameConfig([Seat(ME, rule_set="bbp"), Seat("marquise", rule_set="bbp"), Seat("eyrie")], seed=5))
    play(g, turns=7)
    data = serial.to_json(g.state)
    assert set(data["factions"][ME]["cult"]) == {"acolytes", "outcast_pile"} and "lizards" not in data["factions"][ME]
    again = serial.loads(serial.dumps(g.state))
    assert serial.to_json(again) == data and serial.to_json(again.clone()) == data
    shown = REGISTRY[ME].describe_board(again, again.factions[ME])
    assert shown[0] == "Clockwork Cult board" and any("Outcast Pile (oldest first" in str(x) for x in shown)


@pytest.mark.parametrize(
    ("lizards", "field"),
    [
        ({"cult": {"acolytes": -1}}, "factions.lizards.cult.acolytes"),
        ({"cult": {"pile": []}}, "factions.lizards.cult.pile"),
        ({"lizards": {"acolytes": 1}}, "factions.lizards.lizards"),
        ({"cult": {"outcast_pile": ["nope"]}}, "factions.lizards.cult.outcast_pile.0"),
    ],
)
def test_bad_cult_boards_name_the_field(lizards: dict, field: str) -> None:
    with pytest.raises(StateError) as e:
        cult_position({}, lizards=lizards)
    assert e.value.path == field


def test_a_law_seat_has_no_outcast_pile() -> None:
    with pytest.raises(StateError) as e:
        position({}, seats=THREE, lizards={"cult": {"acolytes": 0}})
    assert e.value.path == "factions.lizards.cult"


def test_the_outcast_pile_above_its_maximum_is_a_violation() -> None:
    """Invariant (factions/lizards/faction.py: cult_violations): at most the maximum (BBP CC.2)."""
    five = ["anvil", "bake_sale", "cobbler", "ambush_fox", "investments"]
    with pytest.raises(StateError) as e:
        cult_position({}, cult={"outcast_pile": five})
    assert e.value.path == "factions.lizards.cult.outcast_pile" and "above its maximum 4 (BBP CC.2)" in e.value.problem
    s = cult_position({}, cult={"outcast_pile": five[:4]})
    s.factions[ME].board.acolytes = -1
    assert any("cult.acolytes" in v for v in invariants.violations(s))


# -- random games: alone with BBP bots, and mixed with official bots, on every map -------------------
LINEUPS = ((), ("vagabot",), ("riverfolk", "duchy"), ("corvids", "alliance"))


@pytest.mark.parametrize("seed", range(16))
def test_bbp_lizards_games_keep_every_invariant(seed: int) -> None:
    others = LINEUPS[seed % len(LINEUPS)]
    seats = [Seat(ME, rule_set="bbp"), Seat("marquise", rule_set="bbp"), Seat("eyrie", rule_set="bbp" if seed % 2 else "law")]
    seats += [Seat(f) for f in others]
    if seed % 3 == 1:
        seats.reverse()
    checked(GameConfig(seats, MAP_NAMES[seed // len(LINEUPS) % len(MAP_NAMES)], seed))


def test_bbp_lizards_alone_with_bbp_bots_on_every_map() -> None:
    for seed, name in enumerate(MAP_NAMES):
        checked(GameConfig([Seat("alliance", rule_set="bbp"), Seat(ME, rule_set="bbp"), Seat("eyrie", rule_set="bbp")], name, seed))


def test_bbp_cc_coverage_rows_name_code_tests_and_rulings() -> None:
    """docs/bbp-coverage.md: every Clockwork Cult paragraph maps to code and a test
    (test_bbp_marquise.py::test_bbp_coverage_table_is_true checks that they exist)."""
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "docs" / "bbp-coverage.md").read_text()
    rows = [[c.strip() for c in line.strip().strip("|").split("|")] for line in text.splitlines() if line.startswith("| CC.")]
    assert [r[0] for r in rows] == [f"CC.{n}" for n in range(1, 9)]
    assert all(r[2].startswith("factions.lizards.") and "test_bbp_lizards.py::" in r[3] for r in rows)


def test_bbp_cc_cooperative_bots_are_no_opponents() -> None:
    """BBP 1.2: as a team, another bot's pieces are no enemy pieces and it is no target: the
    Alliance's base does not draw a Crusade, and Convert takes the human's warrior though the
    Alliance has more VP."""
    from rootbotics.factions.lizards.bbp import enemy_buildings

    clearings = {8: {"warriors": {ME: 3, "alliance": 2}, "buildings": [["alliance", "base_fox"]]}, 7: {"warriors": {"marquise": 1}}}
    s = cult_position(clearings, cult={"acolytes": 3}, humans=("marquise",), options={"cooperative": True}, marquise={"hand": []}, alliance={"vp": 9})
    g = game(s)
    assert enemy_buildings(s, 8) == 0 and not crusade(g)
    assert convert_all(g) == 1 and s.clearings[7].warriors == {ME: 1} and s.clearings[8].warriors["alliance"] == 2
