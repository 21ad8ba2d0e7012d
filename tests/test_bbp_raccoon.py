"""The Better Bot Project v5's Robot Raccoon (``vagabot@bbp``, factions/vagabot/bbp.py): its
paths of actions as options (``--raccoon-paths``; ruling R-BBP-RR-PATHS), the refusal without
them, the labelled stand-in, and each paragraph of the text (BBP RR.2-RR.10). Rule ids are
docs/bbp-coverage.md's ("BBP RR.5")."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from helpers import position, set_order
from test_bbp_marquise import checked

from rootbotics.core import invariants, serial
from rootbotics.core.chance import ScriptedChance
from rootbotics.core.context import Game
from rootbotics.core.fields import StateError
from rootbotics.core.state import GameState
from rootbotics.factions.vagabot import bbp as RR
from rootbotics.factions.vagabot.items import RaccoonState, quest_names
from rootbotics.factions.vagabot.raccoon_paths import PathsError, paths_of, table_options
from rootbotics.game import ConfigError, GameConfig, Seat, new_game, play_turn
from rootbotics.record import play_recorded

ME = "vagabot"
PATHS = {"fox": ["explore", "battle", "special"], "rabbit": ["battle", "aid", "special"], "mouse": ["quest", "aid", "battle"]}
PATHS_TEXT = "fox=explore+battle+special,rabbit=battle+aid+special,mouse=quest+aid+battle"
ITEMS = ["boots", "torch", "tea", "sword", "bag"]


def rpos(clearings: dict[int, dict[str, Any]], paths: object = None, seats: tuple[str, ...] = ("marquise", "eyrie", ME), **kw: Any) -> GameState:
    """A Fall position with the Robot Raccoon (``vagabot`` entry keywords; ``<faction>_vp`` and
    ``<faction>_items`` for the others)."""
    vb: dict[str, Any] = {"character": "thief", "location": 7, "items": list(ITEMS), "quest": "expel_bandits_mouse"}
    extras: dict[str, dict[str, Any]] = {f: {} for f in seats}
    for key in list(kw):
        for f in seats:
            if key in (f"{f}_vp", f"{f}_items"):
                extras[f][key.rpartition("_")[2]] = kw.pop(key)
    vb.update(kw)
    extras[ME].update({"rule_set": "bbp", "vagabot": vb})
    return position(clearings, seats=seats, turn=seats.index(ME), options={"raccoon_paths": PATHS if paths is None else paths}, **extras)


def run(state: GameState, script: list[tuple[str, object]] | None = None) -> Game:
    ids = state.deckdef.by_name
    resolved = [(k, ids[v] if k == "draw" and isinstance(v, str) else v) for k, v in script or []]
    return Game(state, ScriptedChance(resolved))


def vs(s: GameState) -> RaccoonState:
    board = s.factions[ME].board
    assert isinstance(board, RaccoonState)
    return board


def texts(g: Game, rule: str) -> list[str]:
    return [e.text for e in g.log if e.rule == rule]


def config(paths: object = "stand-in", seed: int = 3, **options: object) -> GameConfig:
    opts: dict[str, object] = dict(options)
    if paths is not None:
        opts["raccoon_paths"] = paths
    return GameConfig([Seat(ME, rule_set="bbp"), Seat("marquise", rule_set="bbp"), Seat("eyrie")], "fall", seed, options=opts)


def cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rootbotics", *args], input=stdin, capture_output=True, text=True, timeout=300)


# -- part 1: the paths as options, the refusal, the stand-in -----------------------------------------
def test_bbp_rr4_a_full_game_from_the_command_line_with_the_table_s_paths(tmp_path: Path) -> None:
    """Issue 29's 'done when': play --bots vagabot@bbp,marquise@bbp,eyrie --raccoon-paths ... plays a full game."""
    out = cli("play", "--bots", "vagabot@bbp,marquise@bbp,eyrie", "--raccoon-paths", PATHS_TEXT + ",character=tinker", "--seed", "4", "--check")
    assert out.returncode == 0, out.stderr
    assert "Robot Raccoon" in out.stdout and "Winner:" in out.stdout
    assert "follows the paths of actions given from the table's board" in out.stdout and "stand-in" not in out.stdout.split("[BBP RR.4]")[1].split("\n")[0]
    assert "plays the Tinker, chosen as the game was set up" in out.stdout


@pytest.mark.parametrize("command", [
    ["play", "--bots", "vagabot@bbp,marquise@bbp,eyrie"],
    ["simulate", "--bots", "vagabot@bbp,marquise@bbp,eyrie", "--games", "2", "--out", "OUT"],
    ["replay", "--seed", "3", "--bots", "vagabot@bbp,marquise@bbp,eyrie"],
    ["table", "new", "--file", "OUT/t.json", "--humans", "marquise:Ann", "--bots", "vagabot@bbp,eyrie"],
])
def test_bbp_rr4_without_its_paths_the_seat_is_refused_with_one_line_naming_the_option(command: list[str], tmp_path: Path) -> None:
    out = cli(*[str(tmp_path / a[4:]) if a.startswith("OUT/") else str(tmp_path / "sim") if a == "OUT" else a for a in command])
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.count("\n") == 1 and "--raccoon-paths: the Robot Raccoon's fox, rabbit and mouse paths" in out.stderr
    assert "--raccoon-paths stand-in" in out.stderr and "R-BBP-RR-PATHS" in out.stderr
    assert not (tmp_path / "t.json").exists()


def test_bbp_rr4_a_configuration_without_paths_names_the_field() -> None:
    with pytest.raises(ConfigError) as e:
        config(paths=None).validate()
    assert str(e.value).startswith("options.raccoon_paths: ") and "\n" not in str(e.value)


@pytest.mark.parametrize("text,problem", [
    ("fox=explore,rabbit=aid", "the mouse path is missing"),
    ("fox=explore,rabbit=aid,mouse=repair", "'repair' is not an action of the Robot Raccoon"),
    ("fox=explore,rabbit=aid,mouse=quest,bird=battle", "'bird' is not an order whose path is asked for"),
    ("fox=explore,rabbit=aid,mouse=quest,character=king", "character='king' is not a character"),
    ("fox", "is not ORDER=ACTION+ACTION"),
    ("fox=a+b+c+d+e+f+g,rabbit=aid,mouse=quest", "1 to 6 actions"),
])
def test_bbp_rr4_bad_paths_are_refused_in_one_line(text: str, problem: str) -> None:
    with pytest.raises(PathsError) as e:
        table_options(text)
    assert problem in str(e.value) and "\n" not in str(e.value)
    out = cli("play", "--bots", "vagabot@bbp,marquise", "--raccoon-paths", text)
    assert out.returncode == 2 and out.stderr.startswith("rootbotics: error: --raccoon-paths: ") and problem in out.stderr


def test_bbp_rr4_the_option_only_with_a_robot_raccoon_seated() -> None:
    out = cli("play", "--bots", "vagabot,marquise", "--raccoon-paths", "stand-in")
    assert out.returncode == 2 and "--raccoon-paths: no Robot Raccoon (vagabot@bbp) among the bots" in out.stderr


def test_bbp_rr4_paths_of_the_option() -> None:
    assert paths_of({"raccoon_paths": "stand-in"}) == {s: ("explore", "quest", "aid", "battle") for s in ("bird", "fox", "rabbit", "mouse")}
    given = paths_of({"raccoon_paths": PATHS})
    assert given["bird"] == ("explore", "quest", "aid", "battle") and given["rabbit"] == ("battle", "aid", "special")
    assert table_options(PATHS_TEXT + ",character=ranger") == {"raccoon_paths": PATHS, "vagabot_character": "ranger"}


def test_bbp_rr4_the_stand_in_is_named_in_the_log_the_record_and_the_report(tmp_path: Path) -> None:
    g, record = play_recorded(config("stand-in"))
    stand_ins = [e for e in g.log if e.kind == "stand_in" and e.rule == "BBP RR.4"]
    assert any("the bird path for every order (stand-in, R-BBP-RR-PATHS)" in e.text for e in stand_ins)
    assert any("a stand-in, since the fox, rabbit and mouse paths were on its board" in e.text for e in stand_ins)
    assert all("(stand-in: the bird path)" in e.text for e in g.log if e.kind == "sequence" and e.data["suit"] != "bird")
    assert record["stand_ins"] == ["vagabot: the Robot Raccoon's paths: the bird path for every order (stand-in, R-BBP-RR-PATHS)"]
    g2, given = play_recorded(config(PATHS))
    assert "stand_ins" not in given and not [e for e in g2.log if e.kind == "stand_in" and e.rule == "BBP RR.4"]
    out = cli("simulate", "--bots", "vagabot@bbp,marquise@bbp,eyrie", "--raccoon-paths", "stand-in", "--games", "3", "--jobs", "1", "--out", str(tmp_path / "sim"))
    assert out.returncode == 0, out.stderr
    report = cli("report", str(tmp_path / "sim"))
    assert report.returncode == 0, report.stderr
    assert "Stand-ins: all 3 games of study" in report.stdout and "the bird path for every order (stand-in, R-BBP-RR-PATHS)" in report.stdout
    meta = json.loads(cli("report", str(tmp_path / "sim"), "--json").stdout)["reports"][0]
    assert list(meta["stand_ins"].values()) == [["vagabot: the Robot Raccoon's paths: the bird path for every order (stand-in, R-BBP-RR-PATHS)"]]
    rule_sets = cli("report", "--rule-sets", str(tmp_path / "sim"))
    assert rule_sets.returncode == 0 and "Stand-ins: all 3 games of study" in rule_sets.stdout
    given_sim = cli("simulate", "--bots", "vagabot@bbp,marquise@bbp,eyrie", "--raccoon-paths", PATHS_TEXT, "--games", "2", "--jobs", "1", "--out", str(tmp_path / "given"))
    assert given_sim.returncode == 0 and "Stand-ins" not in cli("report", str(tmp_path / "given")).stdout


@pytest.mark.parametrize("paths", ["stand-in", PATHS])
def test_bbp_robot_raccoon_games_keep_every_invariant(paths: object) -> None:
    for seed in range(4):
        checked(config(paths, seed))
    checked(GameConfig([Seat("alliance", rule_set="bbp"), Seat(ME, rule_set="bbp"), Seat("riverfolk", rule_set="bbp"), Seat("lizards", rule_set="bbp")], "lake", 2, options={"raccoon_paths": paths}))


def test_bbp_rr_the_board_round_trips_with_a_damaged_item_on_the_combat_track() -> None:
    s = rpos({}, items=["boots", "torch", "tea", "sword", "bag", "hammer damaged track1"])
    assert isinstance(s.factions[ME].board, RaccoonState) and vs(s).max_rolled_hits() == 2
    again = serial.loads(serial.dumps(s))
    assert isinstance(again.factions[ME].board, RaccoonState) and serial.dumps(again) == serial.dumps(s)
    with pytest.raises(StateError) as e:
        rpos({}, items=["boots", "torch", "tea", "sword", "bag", "hammer"])
    assert str(e.value) == "factions.vagabot.vagabot.items: 6 items fill Combat Track spaces 1 to 1 (BBP RR.2); the items mark spaces none"


# -- each paragraph ---------------------------------------------------------------------------------
def test_bbp_rr2_the_combat_track_counts_every_item_and_keeps_damaged_ones() -> None:
    """BBP RR.2, RR.10: the 6th item gained goes onto the Combat Track (2 hits); a hit damages
    it there without taking it off, since the track counts the items he holds."""
    s = rpos({7: {"warriors": {"marquise": 1}}})
    g = run(s, [("roll", (0, 0))])
    from rootbotics.factions.vagabot import satchel

    s.item_supply["coins"] -= 1
    satchel.gain(g, ME, "coins", "BBP RR.7", "for a test")
    track = [i for i in vs(s).items if i.track]
    assert [(i.kind, i.track) for i in track] == [("coins", 1)] and vs(s).max_rolled_hits() == 2
    assert "places the coins (face up) on space 1 of the Combat Track (6 items: maximum rolled hits 2)" in texts(g, "BBP RR.2")
    for item in vs(s).items:
        item.exhausted = item.kind != "coins"
    satchel.damage(g, ME, 6, "7.2.5", "for a test")
    assert vs(s).undamaged() == 0 and [(i.kind, i.track, i.damaged) for i in vs(s).items if i.track] == [("coins", 1, True)]
    assert vs(s).max_rolled_hits() == 2
    invariants.check(s)


def test_bbp_rr3_craft_exhausts_an_item_scores_one_and_keeps_the_card() -> None:
    s = rpos({})
    g = run(s, [("draw", "root_tea_fox")])
    RR.RobotRaccoon().birdsong(g)
    assert s.factions[ME].order == s.deckdef.by_name["root_tea_fox"]
    assert [i.kind for i in vs(s).items][-1] == "tea" and sum(i.exhausted for i in vs(s).items) == 1
    assert s.factions[ME].vp == 1 and any("for crafting an item (the card lists 2)" in t for t in texts(g, "BBP RR.3"))
    s2 = rpos({}, items=["boots exhausted", "torch exhausted", "tea exhausted", "sword exhausted"])
    g2 = run(s2)
    set_order(g2, ME, "root_tea_fox")
    assert not RR.craft_order(g2) and s2.factions[ME].vp == 0
    assert "cannot craft Root Tea (fox): no item he can exhaust" in texts(g2, "BBP RR.3")


def test_bbp_rr3_with_two_undamaged_items_he_slips_into_the_highest_priority_forest_and_skips_daylight() -> None:
    s = rpos({}, items=["boots", "torch", "tea damaged", "sword damaged", "bag damaged"])
    g = run(s, [("draw", "ambush_fox")])
    bot = RR.RobotRaccoon()
    bot.birdsong(g)
    bot.daylight(g)
    forest = vs(s).forest
    assert forest is not None and vs(s).clearing is None
    touching = [f for f, cs in enumerate(s.map.forests) if 7 in cs]
    assert forest == min(touching, key=lambda f: sorted(s.map.forests[f]))
    assert any("R-BBP-RR-SLIP" in e.text for e in g.log if e.kind == "slip")
    assert "skips Daylight: he slipped in Birdsong" in texts(g, "BBP RR.3")


def test_bbp_rr5_explore_costs_a_move_each_and_one_and_is_skipped_unless_paid_in_full() -> None:
    """From 7 the closest ruin is 12, one move away: 2 items. With one he stays put (no
    partial move); with two he moves, explores and takes its item (no VP)."""
    s = rpos({12: {"ruin_items": ["bag"]}}, items=["boots", "torch exhausted", "tea exhausted", "sword exhausted", "bag exhausted"])
    g = run(s)
    RR.explore(g)
    assert vs(s).clearing == 7 and len(vs(s).items) == 5
    assert "skips Explore: it costs 2 items (1 to move to 12, 1 to explore) and he has 1 to exhaust" in texts(g, "BBP RR.4")
    s2 = rpos({12: {"ruin_items": ["bag"]}}, items=["boots", "torch", "tea exhausted", "sword exhausted", "bag exhausted"])
    g2 = run(s2)
    RR.explore(g2)
    assert vs(s2).clearing == 12 and len(vs(s2).items) == 6 and not vs(s2).ready() and s2.factions[ME].vp == 0
    assert not s2.clearings[12].ruin
    invariants.check(s2)


def test_bbp_rr6_quest_costs_two_and_scores_two() -> None:
    s = rpos({}, location=2)  # Expel Bandits is a mouse quest; 2 is a mouse clearing on Fall
    assert s.suit(2) == "mouse"
    g = run(s, [("draw", vs(s).quest_deck[0])])
    RR.quest(g)
    assert s.factions[ME].vp == 2 and sum(i.exhausted for i in vs(s).items) == 2
    assert vs(s).quest_discard == [quest_names().index("expel_bandits_mouse")] and len(vs(s).quests) == 1


def test_bbp_rr7_aid_trades_for_every_item_with_one_item_and_rewards_the_lowest_scorer() -> None:
    """BBP RR.7: one face-up item trades for all of the Marquise's crafted items (each trade:
    the bot opponent 1 VP, he 1 VP); then the player with the fewest VP there (the Eyrie, a
    bot) scores 1 and so does he."""
    s = rpos({7: {"warriors": {"marquise": 1, "eyrie": 1}}}, items=["boots", "torch exhausted", "tea exhausted", "sword exhausted"], marquise_items=["hammer", "crossbow"], marquise_vp=5, eyrie_vp=1)
    g = run(s)
    RR.aid(g)
    assert s.factions["marquise"].items == [] and s.factions["marquise"].vp == 7
    assert s.factions["eyrie"].vp == 2 and s.factions[ME].vp == 3
    # the hammer gained paid for the crossbow, the 6th item, which went onto the Combat Track
    assert [(i.kind, i.exhausted, i.track) for i in vs(s).items][-2:] == [("hammer", True, 0), ("crossbow", False, 1)]
    invariants.check(s)


def test_bbp_rr8_battle_repeats_for_two_items_and_scores_each_piece_removed_as_attacker() -> None:
    s = rpos({7: {"warriors": {"marquise": 2}, "buildings": [["marquise", "sawmill"]]}}, items=["boots", "torch", "tea", "sword", "bag", "hammer track1"], marquise_vp=4)
    g = run(s, [("roll", (1, 0)), ("roll", (2, 0)), ("roll", (2, 0))])
    RR.battle_action(g)
    assert not s.clearings[7].pieces_of("marquise")
    exhausted = sum(i.exhausted for i in vs(s).items)
    assert exhausted == 1 + 2  # the first battle for 1 item, the second for 2
    # 3 pieces removed as attacker: 3 VP (BBP RR.8) and the sawmill's point (LoR 3.2.1)
    assert s.factions[ME].vp == 4
    assert any("for removing 1 piece of marquise as attacker" in t for t in texts(g, "BBP RR.8"))


def test_bbp_rr9_evening_refreshes_four_and_repairs_and_refreshes_one() -> None:
    s = rpos({}, items=["boots exhausted", "torch exhausted", "tea exhausted", "sword exhausted", "bag exhausted", "hammer exhausted damaged track1"])
    g = run(s)
    set_order(g, ME, "ambush_fox")
    RR.RobotRaccoon().evening(g)
    assert sum(i.exhausted for i in vs(s).items) == 1 and not any(i.damaged for i in vs(s).items)
    assert "repairs and refreshes 1 item (in clearing 7: one; 0 damaged left)" in texts(g, "BBP RR.9")


def test_bbp_rr10_special_is_the_character_s_as_the_law_s_vagabot_takes_it() -> None:
    s = rpos({}, character="tinker")
    g = run(s)
    s.discard.append(s.deckdef.by_name["root_tea_fox"])
    s.deck.remove(s.deckdef.by_name["root_tea_fox"])
    RR.special(g)
    assert any("R-BBP-RR-SPECIAL" in t for t in texts(g, "BBP RR.10"))
    assert [i.kind for i in vs(s).items][-1] == "tea" and s.factions[ME].vp == 1


def test_bbp_rr4_the_order_s_path_is_followed_and_unpaid_actions_are_skipped() -> None:
    s = rpos({}, paths={"fox": ["aid", "aid"], "rabbit": ["quest"], "mouse": ["quest"]})
    g = run(s, [("draw", "ambush_fox")])
    play_turn(g)
    seq = [e for e in g.log if e.kind == "sequence"]
    assert seq[0].text.endswith("fox order: Aid, Aid (given from the table's board)")
    assert texts(g, "BBP RR.7").count("skips Aid: no opponent in 7 has a crafted item, and the player with the fewest VP has no piece there") == 2


# -- part 2: the other lost board values ---------------------------------------------------------------
def test_bbp_oo5_the_export_track_given_scores_its_steps_and_stops_at_its_end(tmp_path: Path) -> None:
    from rootbotics.factions.riverfolk.bbp_market import move_export

    s = position({}, seats=("riverfolk", "marquise"), riverfolk={"rule_set": "bbp", "market": ["cobbler", "codebreakers", "bake_sale", "sappers"], "payments": {}, "export": 0}, options={"otters_export": [0, 2]})
    g = run(s)
    for _ in range(3):
        move_export(g, "marquise")
    assert s.factions["riverfolk"].vp == 2 and s.factions["riverfolk"].board.export == 2
    assert any("is on the last step of the track given (2): it stays" in e.text for e in g.log)
    out = cli("play", "--bots", "riverfolk@bbp,marquise", "--otters-export", "1,x")
    assert out.returncode == 2 and out.stderr.startswith("rootbotics: error: --otters-export: ")


def test_bbp_aa6_the_sympathy_track_given_replaces_the_stand_in() -> None:
    from rootbotics.factions.alliance.sympathy_track import sympathy_track

    g = new_game(GameConfig([Seat("alliance", rule_set="bbp"), Seat("marquise", rule_set="bbp")], "fall", 2, options={"alliance_sympathy": [5] * 10}))
    play_turn(g)
    assert sympathy_track(g.state) == (5,) * 10
    tokens = g.state.on_map("alliance", "sympathy")
    assert tokens >= 1 and g.state.factions["alliance"].vp >= 5 * tokens
    assert not [e for e in g.log if e.kind == "stand_in"]
    with pytest.raises(ConfigError) as e:
        GameConfig([Seat("alliance", rule_set="bbp"), Seat("marquise")], options={"alliance_sympathy": [1, 2]}).validate()
    assert str(e.value).startswith("options.alliance_sympathy: the Automated Alliance's sympathy track has 10 spaces")


def test_the_stand_ins_of_the_otters_and_the_alliance_are_labelled_in_the_log_and_the_record() -> None:
    cfg = GameConfig([Seat("alliance", rule_set="bbp"), Seat("riverfolk", rule_set="bbp"), Seat("marquise")], "fall", 5)
    g, record = play_recorded(cfg)
    labels = [e.text for e in g.log if e.kind == "stand_in"]
    assert any("export track: 1 VP on every step, no end (stand-in, R-BBP-OO-EXPORT)" in t for t in labels)
    assert any("sympathy track: the Woodland Alliance's, 0,1,1,1,2,2,3,4,4,4 (stand-in, R-BBP-AA-TRACK)" in t for t in labels)
    assert len(record["stand_ins"]) == 2
    given = GameConfig(cfg.seats, "fall", 5, options={"alliance_sympathy": [0, 1, 1, 1, 2, 2, 3, 4, 4, 4], "otters_export": [1] * 30})
    assert "stand_ins" not in play_recorded(given)[1]


def test_the_marquise_s_bbp_cards_show_in_help_not_the_law_s() -> None:
    out = cli("play", "--help")
    text = " ".join(out.stdout.split())
    section = text.split("Mechanical Marquise 2.0 (marquise@bbp)")[1].split("Electric Eyrie")[0]
    assert "Recruit places one warrior fewer" in section and "trait blitz:" in section and "trait overwhelming" not in section
    assert "Recruit places 2 warriors instead of 4" not in section
    assert "Robot Raccoon (vagabot@bbp) difficulty default only, no traits" in text


def test_bbp_3_1_the_marquise_s_card_values_read_off_the_table_s_cards() -> None:
    """Issue 29 part 2: each number of the BBP Marquise's cards as an option; values not given
    keep the transcription's (rulings R-BBP-MM-DIFFICULTY, R-BBP-MM-TRAITS)."""
    from rootbotics.factions.marquise import bbp as MM
    from rootbotics.factions.marquise.bbp_cards import table_options

    def recruit_due(level: str, **options: object) -> int:
        g = new_game(GameConfig([Seat("marquise", rule_set="bbp", difficulty=level), Seat("eyrie")], "fall", 1, options=options))
        return MM.recruit_due(g.state)

    assert [recruit_due(level) for level in ("easy", "default", "challenging", "nightmare")] == [3, 4, 5, 5]
    assert recruit_due("easy", marquise_cards={"easy": -2}) == 2 and recruit_due("nightmare", marquise_cards={"easy": -2}) == 5
    g = new_game(GameConfig([Seat("marquise", rule_set="bbp", difficulty="nightmare"), Seat("eyrie")], "fall", 1, options={"marquise_cards": {"nightmare-vp": 2}}))
    before = g.state.factions["marquise"].vp
    MM.nightmare_points(g)
    assert g.state.factions["marquise"].vp == before + 4
    assert table_options("easy=-1, nightmare-vp=3") == {"marquise_cards": {"easy": -1, "nightmare-vp": 3}}
    for text, problem in (("easy=1", "from -4 to 0"), ("blitz=1", "'blitz' is not a card value"), ("easy", "is not name=number")):
        with pytest.raises(ValueError) as e:
            table_options(text)
        assert problem in str(e.value)
    with pytest.raises(ConfigError) as c:
        GameConfig([Seat("marquise", rule_set="bbp"), Seat("eyrie")], options={"marquise_cards": {"iron-will": 0}}).validate()
    assert str(c.value).startswith("options.marquise_cards: iron-will=0")
