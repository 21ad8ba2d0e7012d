"""The Better Bot Project v5's Robot Raccoon #2 (``vagabond2@bbp``; BBP 4.2 lists "Vagabond #2 /
Robot Raccoon #2" as setup letter E): the Robot Raccoon's turn (factions/vagabot/bbp.py) played for
the second Vagabond's seat, with his own board, quests and character, the second set of items, the
one paths option of both Robot Raccoons, and no Law bot of his (ruling R-BBP-RR2)."""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
from typing import Any

import pytest
from helpers import position
from tests.lor.scripted import save_and_continue
from test_bbp_marquise import checked

from rootbotics.core import serial
from rootbotics.core.chance import ScriptedChance
from rootbotics.core.context import Game
from rootbotics.core.fields import StateError
from rootbotics.core.maps import MAP_NAMES
from rootbotics.core.state import GameState
from rootbotics.core.targeting import choose_player_bbp
from rootbotics.factions import REGISTRY, RULE_SET_ONLY_BOTS, TABLE_VALUES
from rootbotics.factions.vagabot import bbp as RR
from rootbotics.factions.vagabot.items import CHARACTERS, RaccoonState
from rootbotics.game import ConfigError, GameConfig, Seat, new_game, play
from rootbotics.record import play_recorded
from rootbotics.table.export import export_bot_game
from rootbotics.web.board import board_svg

ME = "vagabond2"
PATHS = {"fox": ["explore", "battle", "special"], "rabbit": ["battle", "aid", "special"], "mouse": ["quest", "aid", "battle"]}
PATHS_TEXT = "fox=explore+battle+special,rabbit=battle+aid+special,mouse=quest+aid+battle"


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rootbotics", *args], capture_output=True, text=True, timeout=300)


def two_raccoons(seed: int = 3, map_name: str = "fall", paths: object = "stand-in", **options: object) -> GameConfig:
    seats = [Seat("vagabot", rule_set="bbp"), Seat(ME, rule_set="bbp"), Seat("marquise", rule_set="bbp")]
    return GameConfig(seats, map_name, seed, options={"raccoon_paths": paths, **options})


def board(s: GameState, faction: str = ME) -> RaccoonState:
    vs = s.factions[faction].board
    assert isinstance(vs, RaccoonState)
    return vs


# -- the seat ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("args", [
    ["--bots", "vagabot@bbp,vagabond2@bbp,marquise@bbp", "--raccoon-paths", "stand-in"],  # issue 29's line
    ["--programs", "vagabot=greedy", "--bots", "vagabond2@bbp,marquise@bbp,eyrie", "--raccoon-paths", PATHS_TEXT + ",character2=scoundrel"],
    ["--bots", "vagabot,vagabond2@bbp,marquise,eyrie@bbp", "--raccoon-paths", "stand-in"],  # beside the Law's bots, its Vagabot too
])
def test_bbp_rr2_full_games_from_the_command_line(args: list[str]) -> None:
    out = cli("play", *args, "--seed", "4", "--check")
    assert out.returncode == 0, out.stderr
    assert "Winner:" in out.stdout and re.search(r"vagabond2 +Robot Raccoon #2 \(bot\)", out.stdout)
    assert re.search(r"\[BBP RR\.\d+\] vagabond2: ", out.stdout)  # his turn, under his own name


def test_bbp_rr2_the_law_has_one_vagabot_and_the_raccoon_2_needs_the_paths() -> None:
    out = cli("play", "--bots", "vagabond2,marquise")
    assert out.returncode == 2 and out.stderr.count("\n") == 1
    assert "vagabond2@law: the Law of Robotics has one Vagabot" in out.stderr and "(vagabond2@bbp)" in out.stderr
    out = cli("play", "--bots", "vagabot,vagabond2@bbp,marquise")  # beside the first Vagabond (LoR 9.7)
    assert out.returncode == 2 and out.stderr.count("\n") == 1 and "--raccoon-paths: the Robot Raccoon's fox, rabbit and mouse paths" in out.stderr
    with pytest.raises(ConfigError, match=r"^options\.raccoon_paths: "):
        GameConfig([Seat("vagabot"), Seat(ME, rule_set="bbp"), Seat("eyrie")], "fall", 1).validate()
    assert RULE_SET_ONLY_BOTS == (ME,) and REGISTRY[ME].rule_sets == ("bbp",)
    assert TABLE_VALUES["--raccoon-paths"].faction == "vagabot"  # one flag for both Robot Raccoons


def test_bbp_rr2_help_and_errors_name_him() -> None:
    help_text = cli("play", "--help").stdout
    assert "vagabond2@bbp" in help_text and "Robot Raccoon #2 (vagabond2@bbp)" in help_text
    out = cli("play", "--bots", "cat,eyrie")
    assert "vagabond2@bbp" in out.stderr


# -- setup as the second Vagabond (BBP 2.1 with LoR 9.7.1; rulings R-BBP-RR-SETUP, R-BBP-RR2) -----------
def test_bbp_rr2_sets_up_as_the_second_vagabond_with_his_own_board_quests_and_the_second_item_set() -> None:
    g = new_game(two_raccoons(seed=5))
    s = g.state
    first, second = board(s, "vagabot"), board(s, ME)
    assert first.forest is not None and second.forest is not None
    keeper, other = (first, second) if s.options["first_vagabond"] == "vagabot" else (second, first)
    assert len(keeper.quests) == 3 and len(keeper.quest_deck) == len(s.deckdef.quests) - 3  # LoR 9.7.2: one deck, three shared face up
    assert not other.quests and not other.quest_deck  # R-TWO-VAGABONDS-QUESTS: no extra quests
    for vs in (first, second):
        assert len(vs.items) == (3 if vs.character == "tinker" else 4) and not any(i.exhausted or i.damaged for i in vs.items)
    ruins = [c for c in range(1, 13) if s.clearings[c].ruin]
    assert all(len(s.clearings[c].ruin_items) == 2 for c in ruins)  # LoR 9.7.1: both sets of R items
    assert first.character != second.character
    mine = [e for e in g.log if e.faction == ME]
    assert {e.rule for e in mine} >= {"BBP 2.1", "BBP RR.4", "7.3.1", "7.3.2", "LoR 9.7.2", "7.3.4", "7.3.5"}
    assert not any(e.kind == "skip" for e in mine)  # the second set holds his starting items


def test_bbp_rr2_his_character_is_his_own_option_and_never_the_first_vagabond_s() -> None:
    g = new_game(two_raccoons(vagabot_character="thief", vagabot2_character="ranger"))
    assert (board(g.state, "vagabot").character, board(g.state, ME).character) == ("thief", "ranger")
    with pytest.raises(ConfigError, match=r"^options\.vagabot2_character: the Robot Raccoon #2 cannot play the thief"):
        two_raccoons(vagabot_character="thief", vagabot2_character="thief").validate()
    human_first = GameConfig([Seat("vagabot", "human"), Seat(ME, rule_set="bbp"), Seat("eyrie")], "fall", 1, options={"raccoon_paths": "stand-in", "vagabond_character": "ranger", "vagabot2_character": "ranger"})
    with pytest.raises(ConfigError, match=r"^options\.vagabot2_character: the Robot Raccoon #2 cannot play the ranger"):
        human_first.validate()
    with pytest.raises(ConfigError, match=r"^options\.vagabot2_character: 'king' is not a Vagabot character"):
        two_raccoons(vagabot2_character="king").validate()
    for seed in range(12):  # drawn at random: never the other's (one card each)
        s = new_game(two_raccoons(seed=seed, vagabot_character="tinker")).state
        assert board(s, ME).character in CHARACTERS and board(s, ME).character != "tinker"


def test_bbp_rr2_the_paths_option_takes_each_raccoon_s_character() -> None:
    parse = TABLE_VALUES["--raccoon-paths"].parse
    assert parse(PATHS_TEXT + ",character=thief,character2=arbiter") == {"raccoon_paths": PATHS, "vagabot_character": "thief", "vagabot2_character": "arbiter"}
    assert parse("stand-in,character2=vagrant") == {"raccoon_paths": "stand-in", "vagabot2_character": "vagrant"}
    with pytest.raises(ValueError, match="character2='king' is not a character"):
        parse("stand-in,character2=king")
    with pytest.raises(ValueError, match="with stand-in only character=NAME and character2=NAME may follow"):
        parse("stand-in,fox=aid")


# -- setup order E (BBP 4.2; ruling R-BBP-LETTERS) ------------------------------------------------------
def test_bbp_rr2_is_letter_e_in_the_better_bots_ties_between_players() -> None:
    s = new_game(two_raccoons()).state
    ranked = choose_player_bbp(s, "a tie", ["riverfolk", ME, "lizards", "vagabot"]).ranked
    assert ranked == ["vagabot", ME, "lizards", "riverfolk"]


def raccoon2(clearings: dict[int, dict[str, Any]], seats: tuple[str, ...] = ("vagabot", "riverfolk", ME), **kw: Any) -> GameState:
    """A Fall position with the Robot Raccoon #2 in clearing 7 and a human first Vagabond."""
    vb: dict[str, Any] = {"character": "thief", "location": 7, "items": ["boots", "torch", "tea", "sword", "bag"], "quest": "expel_bandits_mouse"}
    extras: dict[str, Any] = {ME: {"rule_set": "bbp", "vagabot": vb}, "vagabot": {"vagabond": {"character": "arbiter", "location": 1}}}
    for f, data in kw.items():
        extras.setdefault(f, {}).update(data)
    return position(clearings, seats=seats, humans=("vagabot",), turn=seats.index(ME), options={"raccoon_paths": PATHS}, **extras)


def test_bbp_rr2_battles_the_first_vagabond_before_the_otters_on_a_tie() -> None:
    """BBP RR.8: the highest score; tied, the setup order: the first Vagabond is D, the Otters G."""
    s = raccoon2({7: {"warriors": {"riverfolk": 1}}}, vagabot={"vp": 5}, riverfolk={"vp": 5})
    g = Game(s, ScriptedChance([]))
    target = RR.battle_target(g, ME)
    assert target.target == "vagabot" and "setup order (BBP 4.2)" in target.explain()


# -- his turn, for his faction ----------------------------------------------------------------------
def test_bbp_rr2_his_turn_acts_on_his_board_only() -> None:
    """BBP RR.5 from 7: the ruin in 12, one move away, 2 items; the events, the pawn, the items and
    the score are his, the first Vagabond's board is as it was."""
    s = raccoon2({12: {"ruin_items": ["bag"]}})
    first = json.loads(serial.dumps(s))["factions"]["vagabot"]
    g = Game(s, ScriptedChance([]))
    RR.explore(g, ME)
    vs = board(s, ME)
    assert vs.clearing == 12 and s.clearings[12].pawns() == (ME,) and len(vs.items) == 6 and sum(i.exhausted for i in vs.items) == 2
    assert {e.faction for e in g.log} == {ME} and not s.clearings[12].ruin
    assert json.loads(serial.dumps(s))["factions"]["vagabot"] == first


def test_bbp_rr5_with_two_vagabonds_he_takes_both_items_of_a_ruin_even_two_of_a_kind() -> None:
    """BBP RR.5's note: no effort to leave the other Vagabond half the items; both hammers of the
    ruin in 12 are his, one Explore each (LoR 9.7.3's limit on R items is the players')."""
    s = raccoon2({12: {"ruin_items": ["hammer", "hammer"]}})
    g = Game(s, ScriptedChance([("pick", "hammer")]))
    RR.explore(g, ME)
    RR.explore(g, ME)
    assert [i.kind for i in board(s, ME).items].count("hammer") == 2 and not s.clearings[12].ruin
    assert [e.text for e in g.log if e.kind == "remove_ruin"] == ["removes the ruin in 12: its last item is taken"]


def test_bbp_rr2_the_stand_in_is_named_for_each_raccoon_in_the_log_and_the_record() -> None:
    g, record = play_recorded(two_raccoons())
    assert record["stand_ins"] == [
        "vagabot: the Robot Raccoon's paths: the bird path for every order (stand-in, R-BBP-RR-PATHS)",
        "vagabond2: the Robot Raccoon #2's paths: the bird path for every order (stand-in, R-BBP-RR-PATHS)",
    ]
    mine = [e for e in g.log if e.faction == ME and e.kind == "sequence" and e.data["suit"] != "bird"]
    assert mine and all("(stand-in: the bird path)" in e.text for e in mine)


# -- saved, shown, exported --------------------------------------------------------------------------
def test_bbp_rr2_a_game_saved_between_turns_plays_on_identically() -> None:
    whole, resumed = save_and_continue(two_raccoons(seed=7, paths=PATHS), 9)
    assert whole == resumed and any("vagabond2:" in line for line in whole)


def test_bbp_rr2_his_board_is_saved_as_the_robot_raccoon_s_and_checked() -> None:
    s = raccoon2({})
    again = serial.loads(serial.dumps(s))
    assert isinstance(again.factions[ME].board, RaccoonState) and serial.dumps(again) == serial.dumps(s)
    with pytest.raises(StateError, match=r"^factions\.vagabond2\.vagabot: is missing"):
        position({}, seats=("eyrie", ME), vagabond2={"rule_set": "bbp"}, options={"raccoon_paths": "stand-in"})
    with pytest.raises(StateError, match=r"^factions\.vagabond2\.vagabond: only a human Vagabond has this board"):
        position({}, seats=("eyrie", ME), vagabond2={"rule_set": "bbp", "vagabond": {}}, options={"raccoon_paths": "stand-in"})


def test_bbp_rr2_the_board_picture_the_seat_and_the_rootlog_export_name_him() -> None:
    g = new_game(two_raccoons(seed=2, vagabot2_character="arbiter"))
    s = g.state
    assert REGISTRY[ME].describe_board(s, s.factions[ME])[0].startswith("Robot Raccoon #2: the Arbiter, in forest ")
    assert REGISTRY["vagabot"].describe_board(s, s.factions["vagabot"])[0].startswith("Robot Raccoon: the ")
    assert 'data-faction="vagabond2"' in board_svg(s)
    text = export_bot_game(two_raccoons(seed=2))
    assert "G: Robot Raccoon #2 // bot (Better Bot Project v5)" in text and "V: Robot Raccoon // bot" in text
    assert re.search(r"^G:", text, re.M)


# -- the first Robot Raccoon's games are unchanged ---------------------------------------------------------
@pytest.mark.parametrize("seed,map_name,seats,digest", [
    (1, "fall", (("vagabot", "bot", "bbp"), ("marquise", "bot", "bbp"), ("eyrie", "bot", "law")), "c006ba97ed072161"),
    (3, "fall", (("vagabot", "bot", "bbp"), ("vagabond2", "human", "law"), ("marquise", "bot", "bbp")), "30e19f8172ced541"),  # LoR 9.7: he avoids the human second Vagabond's character, and they share the quests (LoR 9.7.2); the human Vagrant takes his starting coins (R-VAGABOND-STARTING), now
])
def test_bbp_rr_the_first_robot_raccoon_s_games_are_as_before(seed: int, map_name: str, seats: tuple[tuple[str, str, str], ...], digest: str) -> None:
    """Pinned from the games of the commit before the Robot Raccoon #2 (58cde5e)."""
    options: dict[str, object] = {"raccoon_paths": "stand-in"}
    if any(seat == "human" for _, seat, _ in seats):
        options["programs"] = {f: "greedy" for f, seat, _ in seats if seat == "human"}
    g = new_game(GameConfig([Seat(f, seat, rule_set=rs) for f, seat, rs in seats], map_name, seed, options=options))
    play(g)
    assert hashlib.sha256("\n".join(e.line() for e in g.log).encode()).hexdigest()[:16] == digest


# -- invariants ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("map_name", MAP_NAMES)
def test_bbp_rr2_games_keep_every_invariant_on_every_map(map_name: str) -> None:
    checked(two_raccoons(seed=11, map_name=map_name, paths=PATHS))
    checked(GameConfig([Seat("lizards", rule_set="bbp"), Seat(ME, rule_set="bbp"), Seat("vagabot"), Seat("riverfolk")], map_name, 12, options={"raccoon_paths": "stand-in", "riverfolk_services": "advanced"}))
    checked(GameConfig([Seat(ME, rule_set="bbp"), Seat("alliance", rule_set="bbp"), Seat("vagabot", "human"), Seat("corvids")], map_name, 13, options={"raccoon_paths": PATHS, "programs": {"vagabot": "random"}}))
