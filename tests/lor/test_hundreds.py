"""The Lord of the Hundreds by the Law of Root (LoR 14), played by legal moves: setup, the
Birdsong steps (raze, recruit, anoint, mood), Daylight (craft, command, advance), Evening
(incite, oppress, draw), the Hoard, the warlord, Looters and the moods; random games beside bots
and other program seats."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rootbotics.core import invariants, serial
from rootbotics.core.battle import battle
from rootbotics.core.fields import StateError
from rootbotics.core.rules import remove_all_enemy_pieces
from rootbotics.factions.hundreds import lor as H
from rootbotics.factions.hundreds.board import HoardItem, board_of, strength, warlord_clearing
from rootbotics.game import GameConfig, Seat, new_game, play
from rootbotics.programs import ProgramController, builtin

from helpers import game, position
from tests.lor.scripted import kinds, seat

ID = lambda name: __import__("rootbotics.core.cards", fromlist=["load_deck"]).load_deck().by_name[name]  # noqa: E731
ME = "hundreds"
SEATS = ("hundreds", "marquise", "eyrie")


def camp(clearings: dict[int, dict[str, Any]], hand: tuple[str, ...] = (), mood: str = "stubborn", warlord: int | None = 12,
         command: tuple[str, ...] = (), prowess: tuple[str, ...] = (), humans: tuple[str, ...] = (ME,), **factions: dict[str, Any]):
    """A Fall position with the Hundreds played by legal moves (Fall suits: fox 1 6 8 12, rabbit
    3 4 5 10, mouse 2 7 9 11; 12 touches 4 7 9 10 11)."""
    me = {"hand": list(hand), "mood": mood, "warlord": warlord, "hoard": {"command": list(command), "prowess": list(prowess)}}
    return position(clearings, seats=SEATS, humans=humans, hundreds=me, **factions)


# -- setup (LoR 14.3) ---------------------------------------------------------------------------------
def test_lor_14_3_setup_garrisons_a_free_corner_and_lays_stubborn() -> None:
    """Perft at the garrison: the Marquise and Eyrie bots hold two opposite corners of Fall; the
    other two are free, and neither is opposite a taken corner (each faces the other), so both
    are offered: 2 moves (LoR 14.3.2)."""
    ctl, script = seat([], then=lambda d: d.moves[0])
    g = new_game(GameConfig([Seat(ME, "human"), Seat("marquise"), Seat("eyrie")], "fall", 5), controllers={ME: ctl})
    s = g.state
    taken = {s.start_corners["marquise"], s.start_corners["eyrie"]}
    free = sorted(set(s.map.corners) - taken)
    assert [m.args[0] for m in script.moves_at("setup.corner")] == free and len(free) == 2
    c = s.start_corners[ME]
    b = board_of(s)
    assert s.clearings[c].warriors[ME] == 5 and (ME, "stronghold") in s.clearings[c].buildings  # LoR 14.3.2
    assert b.warlord == c and b.mood == "stubborn"  # LoR 14.3.4
    fs = s.factions[ME]
    assert fs.supply == {"warrior": 16, "stronghold": 5, "mob": 5}  # LoR 14.3.1: 20 warriors + the warlord
    assert sum(len(s.clearings[r].ruin_items) for r in s.map.ruins) == 4  # LoR 14.3.3


def test_lor_14_3_2_garrison_prefers_a_corner_opposite_a_starting_corner() -> None:
    """With only the Marquise's corner 1 taken, corner 3 (opposite 1) is the one offered."""
    s = position({1: {"tokens": [["marquise", "keep"]]}}, seats=SEATS, humans=(ME,))
    s.start_corners["marquise"] = 1
    assert H.garrison_corners(s) == [3]


def test_lor_14_3_2_with_every_corner_taken_nothing_is_garrisoned_and_anoint_places_the_warlord() -> None:
    """Five corner factions (the soak's seed 27000324): no corner is left (R-HUNDREDS-NO-CORNER)."""
    seats = [Seat(ME, "human"), Seat("riverfolk"), Seat("eyrie"), Seat("marquise"), Seat("duchy"), Seat("lizards")]
    g = new_game(GameConfig(seats, "fall", 27000324), controllers={ME: ProgramController(builtin("greedy", 1, ME))})
    s = g.state
    assert ME not in s.start_corners and s.factions[ME].supply["warrior"] == 21 and board_of(s).warlord is None
    H.anoint(g)
    assert warlord_clearing(s) is not None and s.factions[ME].supply["warrior"] == 20
    invariants.check(s)


def test_lor_14_3_3_ruin_items_placed_unless_already_there() -> None:
    s = position({}, seats=(ME, "marquise"), humans=(ME,))
    assert not any(s.clearings[c].ruin_items for c in s.map.ruins)  # a saved position without them
    g = game(s, [("pick", "bag"), ("pick", "boots"), ("pick", "hammer")])
    H.place_ruin_items(g)
    assert sorted(k for c in s.map.ruins for k in s.clearings[c].ruin_items) == sorted(s.deckdef.ruin_items)
    invariants.check(s)
    H.place_ruin_items(g)
    assert list(g.log)[-1].kind == "skip"


# -- the Hoard (LoR 14.2.4) ----------------------------------------------------------------------------
def test_lor_14_2_4_2_command_and_prowess_from_items_on_a_track() -> None:
    assert [strength(n) for n in range(5)] == [1, 2, 2, 3, 4]


def test_lor_14_2_4_1_a_gained_item_on_a_full_track_removes_one_and_scores() -> None:
    """Perft: a full Prowess track (four items) gaining a fifth: the gained item or any of the
    four may go, 5 moves."""
    s = camp({12: {"warriors": {ME: 1}}}, prowess=("hammer", "tea", "sword", "crossbow"))
    s.item_supply["sword"] -= 1
    ctl, script = seat([("hoard.full", "hoard_remove", ("prowess", 1))])
    g = game(s, **{ME: ctl})
    H.gain(g, "sword", "in a test")
    b = board_of(s)
    assert len(script.moves_at("hoard.full")) == 5
    assert [i.kind for i in b.prowess] == ["hammer", "sword", "crossbow", "sword"]
    assert s.factions[ME].vp == 1 and s.item_box["tea"] >= 1


def test_lor_14_2_4_1_items_go_to_the_leftmost_empty_space_of_their_track() -> None:
    s = camp({12: {"warriors": {ME: 1}}})
    g = game(s)
    s.item_supply["boots"] -= 1
    s.item_supply["sword"] -= 1
    H.gain(g, "boots", "in a test")
    H.gain(g, "sword", "in a test")
    b = board_of(s)
    assert [i.kind for i in b.command] == ["boots"] and [i.kind for i in b.prowess] == ["sword"]
    assert b.command_value() == 2 and b.prowess_value() == 2
    invariants.check(s)


# -- the warlord (LoR 14.2.2) -------------------------------------------------------------------------
def test_lor_14_2_2_the_warlord_is_not_removed_outside_battle() -> None:
    """A removal of every enemy piece (a Favor, a revolt) in the warlord's clearing takes the
    other warriors but leaves the warlord."""
    s = camp({12: {"warriors": {ME: 3}}})
    g = game(s)
    remove_all_enemy_pieces(g, "marquise", 12, "LoR 4.1.2")
    assert s.clearings[12].warriors[ME] == 1 and warlord_clearing(s) == 12
    invariants.check(s)


def test_lor_14_2_2_the_warlord_falls_in_battle_last_of_its_warriors() -> None:
    s = camp({12: {"warriors": {ME: 2, "marquise": 5}}}, humans=(ME, "marquise"))
    g = game(s, [("roll", (3, 2))], **{ME: seat([])[0], "marquise": seat([])[0]})
    battle(g, "marquise", ME, 12, "LoR 4.3")
    assert s.clearings[12].warriors.get(ME, 0) == 0
    assert board_of(s).warlord is None and any(e.kind == "warlord" for e in g.log)
    assert s.factions[ME].supply["warrior"] == 21
    invariants.check(s)


def test_lor_14_2_2_a_move_of_all_warriors_takes_the_warlord_and_of_some_asks() -> None:
    s = camp({12: {"warriors": {ME: 3}}})
    ctl, _ = seat([("move.from", "from", (12,)), ("move.to", "to", (9,)), ("move.count", "count", (2,)), ("move.warlord", "yes", ())])
    g = game(s, **{ME: ctl})
    from rootbotics.core.lor.moving import ask_move

    ask_move(g, ME, "LoR 14.5.2.1")
    assert warlord_clearing(s) == 9 and s.clearings[9].warriors[ME] == 2


# -- Birdsong (LoR 14.4) -----------------------------------------------------------------------------------
def test_lor_14_4_1_raze_removes_enemy_buildings_and_tokens_takes_a_ruin_item_and_spreads() -> None:
    """The mob in 12 razes the Marquise's sawmill and wood (2 VP), takes the sword from the ruin
    (its last item: the ruin goes) and the mob die rolls mouse: the mouse clearings next to 12
    with no mob are 7, 9 and 11 (perft 3)."""
    s = camp({12: {"warriors": {ME: 1, "marquise": 1}, "buildings": [["marquise", "sawmill"]], "tokens": [[ME, "mob"], ["marquise", "wood"]], "ruin": True, "ruin_items": ["sword"]}},
             humans=(ME, "marquise"))
    ctl, script = seat([("mob.where", "clearing", (9,))])
    g = game(s, [("pick", "mouse")], **{ME: ctl})
    H.raze(g)
    cl = s.clearings[12]
    assert cl.buildings == [] and cl.tokens == [(ME, "mob")] and cl.warriors["marquise"] == 1
    assert s.factions[ME].vp == 2
    assert board_of(s).prowess == [HoardItem("sword", True)] and not cl.ruin
    assert [m.args[0] for m in script.moves_at("mob.where")] == [7, 9, 11]
    assert (ME, "mob") in s.clearings[9].tokens
    invariants.check(s)


def test_lor_9_7_3_no_ruin_item_of_a_kind_held_marked_r() -> None:
    s = camp({12: {"warriors": {ME: 1}, "tokens": [[ME, "mob"]], "ruin": True, "ruin_items": ["sword"]}}, prowess=("sword:ruin",))
    g = game(s, [("pick", "mouse")], **{ME: seat([], then=lambda d: d.moves[0])[0]})
    H.raze(g)
    assert s.clearings[12].ruin_items == ["sword"] and any(e.rule == "LoR 9.7.3" and e.kind == "skip" for e in g.log)


def test_lor_14_4_birdsong_razes_recruits_anoints_then_chooses_a_mood() -> None:
    """LoR 14.4: the mob die is rolled (raze), warriors come (recruit), then the mood; Lavish
    chosen acts at the end of Birdsong (LoR 14.7.4)."""
    s = camp({12: {"warriors": {ME: 1}}}, command=("boots",))
    ctl, script = seat([("birdsong.mood", "mood", ("lavish",)), ("lavish.item", "done", ())])
    g = game(s, [("pick", "fox")], **{ME: ctl})
    H.birdsong(g)
    rules = [e.rule for e in g.log if e.faction == ME and e.kind in ("mob_roll", "place_warriors", "mood")]
    assert rules == ["LoR 14.4.1", "LoR 14.4.2", "LoR 14.4.4"]
    assert [d.step for d in script.asked] == ["birdsong.mood", "lavish.item"]


def test_lor_14_4_2_recruit_prowess_at_the_warlord_and_one_per_stronghold() -> None:
    """One Prowess item: Prowess 2 at the warlord's 12; strongholds in 12 and 1: one each."""
    s = camp({12: {"warriors": {ME: 1}, "buildings": [[ME, "stronghold"]]}, 1: {"buildings": [[ME, "stronghold"]]}}, prowess=("tea",))
    g = game(s)
    H.recruit(g)
    assert s.clearings[12].warriors[ME] == 4 and s.clearings[1].warriors[ME] == 1


def test_lor_14_4_3_anoint_replaces_a_warrior_or_places_the_warlord() -> None:
    """Perft: warriors in 1 and 5 and no warlord: 2 choices; the swap leaves the supply as it was."""
    s = camp({1: {"warriors": {ME: 2}}, 5: {"warriors": {ME: 1}}}, warlord=None)
    before = s.factions[ME].supply["warrior"]
    ctl, script = seat([("anoint.where", "clearing", (5,))])
    g = game(s, **{ME: ctl})
    H.anoint(g)
    assert [m.args[0] for m in script.moves_at("anoint.where")] == [1, 5]
    assert warlord_clearing(s) == 5 and s.factions[ME].supply["warrior"] == before
    invariants.check(s)
    empty = camp({}, warlord=None)
    ctl, script = seat([("anoint.place", "clearing", (7,))])
    g = game(empty, **{ME: ctl})
    H.anoint(g)
    assert len(script.moves_at("anoint.place")) == 12 and warlord_clearing(empty) == 7 and empty.clearings[7].warriors[ME] == 1


def test_lor_14_4_4_a_new_mood_shows_no_item_of_the_hoard() -> None:
    """Perft: Stubborn now, the Hoard holds boots and a sword: not Stubborn (the current card),
    not Jubilant (boots), not Wrathful (sword): 8 - 3 = 5 moods."""
    s = camp({12: {"warriors": {ME: 1}}}, command=("boots",), prowess=("sword",))
    ctl, script = seat([("birdsong.mood", "mood", ("rowdy",))])
    g = game(s, **{ME: ctl})
    H.choose_mood(g)
    assert [m.args[0] for m in script.moves_at("birdsong.mood")] == ["bitter", "grandiose", "lavish", "relentless", "rowdy"]
    assert board_of(s).mood == "rowdy"


def test_lor_14_4_4_lavish_stays_when_no_other_mood_is_open() -> None:
    s = camp({12: {"warriors": {ME: 1}}}, mood="lavish", command=("boots", "bag"), prowess=("hammer", "tea", "sword", "crossbow"))
    board_of(s).command.append(HoardItem("coins"))  # both coins of the box lie in the supply of a saved position
    ctl, script = seat([])
    g = game(s, **{ME: ctl})
    H.choose_mood(g)
    assert board_of(s).mood == "lavish" and script.asked == []


def test_lor_14_7_4_lavish_removes_items_for_two_warriors_each() -> None:
    s = camp({12: {"warriors": {ME: 1}}}, mood="lavish", command=("boots", "bag"))
    ctl, _ = seat([("lavish.item", "hoard_remove", ("command", 0)), ("lavish.item", "done", ())])
    g = game(s, **{ME: ctl})
    H.lavish(g)
    assert [i.kind for i in board_of(s).command] == ["bag"]  # shifted left
    assert s.clearings[12].warriors[ME] == 3
    invariants.check(s)


# -- Daylight (LoR 14.5) --------------------------------------------------------------------------------------
def test_lor_14_2_3_contempt_for_trade_take_or_score() -> None:
    """A stronghold in fox 12 crafts Anvil (a hammer, 2 VP): taken, it scores nothing; a second
    stronghold crafts Crossbow (1 VP) removed for good: 1 VP, no crossbow on the Hoard."""
    s = camp({12: {"warriors": {ME: 1}, "buildings": [[ME, "stronghold"]]}, 1: {"buildings": [[ME, "stronghold"]]}}, hand=("anvil", "crossbow_mouse"))
    ctl, _ = seat([
        ("daylight.craft", "craft", (ID("anvil"),)), ("craft.contempt", "contempt", ("take",)),
        ("daylight.craft", "craft", (ID("crossbow_mouse"),)), ("craft.contempt", "contempt", ("score",)),
    ])
    g = game(s, **{ME: ctl})
    H.daylight(g)
    assert [i.kind for i in board_of(s).prowess] == ["hammer"] and s.factions[ME].vp == 1
    invariants.check(s)


def test_lor_14_5_2_command_takes_as_many_actions_as_the_command() -> None:
    """No Command items: Command 1, so after one move only ``done`` (and free choices) remain."""
    s = camp({12: {"warriors": {ME: 3}}})
    ctl, script = seat([("daylight.command", "move", ()), ("move.from", "from", (12,)), ("move.to", "to", (9,)), ("move.count", "count", (1,)), ("move.warlord", "no", ())])
    g = game(s, **{ME: ctl})
    H.command(g, set())
    later = [d for d in script.asked if d.step == "daylight.command"][1]
    assert kinds(list(later.moves)) == ["done"]


def test_lor_14_5_2_3_build_spends_a_matching_card_in_a_ruled_clearing() -> None:
    """Perft: the Hundreds rule 12 (fox) and 9 (mouse) and hold a fox card: only 12."""
    s = camp({12: {"warriors": {ME: 1}}, 9: {"warriors": {ME: 1}}}, hand=("anvil",))
    assert H.build_options(s) == [12]
    ctl, _ = seat([("daylight.command", "build", ()), ("build.clearing", "clearing", (12,)), ("build.card", "card", (ID("anvil"),))])
    g = game(s, **{ME: ctl})
    H.command(g, set())
    assert (ME, "stronghold") in s.clearings[12].buildings and ID("anvil") in s.discard


def test_lor_14_2_5_looters_deal_no_rolled_hits_and_take_an_item() -> None:
    """The Hundreds loot the Marquise (boots crafted) in 12: rolls 3-1, the Hundreds deal no
    rolled hits, the Marquise one; the Hundreds still rule 12 and take the boots."""
    s = camp({12: {"warriors": {ME: 4, "marquise": 1}}}, mood="rowdy", humans=(ME, "marquise"), marquise={"items": ["boots"]})
    ctl, _ = seat([("battle.clearing", "clearing", (12,)), ("battle.defender", "defender", ("marquise",)), ("battle.loot", "yes", ())])
    g = game(s, [("roll", (3, 1))], **{ME: ctl, "marquise": seat([])[0]})
    H.ask_hundreds_battle(g, "LoR 14.5.2.2", [12])
    assert s.clearings[12].warriors == {ME: 3, "marquise": 1}  # no rolled hit dealt; one taken
    assert s.factions["marquise"].items == [] and [i.kind for i in board_of(s).command] == ["boots"]
    invariants.check(s)


def test_lor_14_2_5_no_looting_a_pawn_or_an_empty_crafted_items_box() -> None:
    """Looting needs an item in the defender's Crafted Items box, and never a Vagabond (his items
    are on his board, LoR 14.2.5)."""
    from rootbotics.core.faction import Board

    class PawnBoard(Board):
        def has_pawn(self) -> bool:
            return True

    s = camp({12: {"warriors": {ME: 1}}}, humans=(ME, "marquise"))
    assert not H.can_loot(s, "marquise")
    s.factions["marquise"].items.append("boots")
    s.item_supply["boots"] -= 1
    assert H.can_loot(s, "marquise")
    s.factions["marquise"].board = PawnBoard()
    assert not H.can_loot(s, "marquise")


def test_lor_14_5_3_advance_moves_the_warlord_then_battles_and_relentless_adds_one() -> None:
    s = camp({12: {"warriors": {ME: 3}}, 9: {"warriors": {"marquise": 1}}}, mood="relentless", humans=(ME, "marquise"))
    ctl, script = seat([
        ("daylight.advance", "advance", ()), ("advance.to", "clearing", (9,)), ("advance.count", "count", (3,)),
        ("battle.clearing", "clearing", (9,)), ("battle.defender", "defender", ("marquise",)),
        ("advance.relentless", "relentless", ("move",)), ("advance.to", "clearing", (12,)), ("advance.count", "count", (1,)),
    ])
    g = game(s, [("roll", (2, 0))], **{ME: ctl, "marquise": seat([])[0]})
    H.advance_the_warlord(g, set())
    assert warlord_clearing(s) == 12 and s.clearings[9].warriors == {ME: 2}
    assert [m.args for m in script.moves_at("advance.relentless")] == [("move",), ()]  # no enemy left in 9


def test_lor_14_7_2_grandiose_advances_before_commanding() -> None:
    s = camp({12: {"warriors": {ME: 2}}}, mood="grandiose")
    ctl, script = seat([])
    g = game(s, **{ME: ctl})
    H.daylight(g)
    steps = [d.step for d in script.asked]
    assert steps.index("daylight.advance") < steps.index("daylight.command")


# -- Evening (LoR 14.6) --------------------------------------------------------------------------------------
def test_lor_14_6_1_incite_and_jubilant_rolls() -> None:
    """Perft: warriors in 12 (fox) and 9 (mouse), a fox card: incite only in 12 (and done).
    Jubilant in the warlord's clearing: a roll of mouse spreads a mob to 7, 9 or 11."""
    s = camp({12: {"warriors": {ME: 2}}, 9: {"warriors": {ME: 1}}}, mood="jubilant", hand=("anvil",))
    ctl, script = seat([
        ("evening.incite", "clearing", (12,)), ("incite.card", "card", (ID("anvil"),)),
        ("incite.jubilant", "yes", ()), ("mob.where", "clearing", (11,)), ("incite.jubilant", "no", ()),
    ])
    g = game(s, [("pick", "mouse")], **{ME: ctl})
    H.incite(g)
    assert [m.args for m in script.moves_at("evening.incite")] == [(12,), ()]
    assert (ME, "mob") in s.clearings[12].tokens and (ME, "mob") in s.clearings[11].tokens
    assert [m.args[0] for m in script.moves_at("mob.where")] == [7, 9, 11]


def test_lor_14_6_evening_incites_oppresses_then_draws() -> None:
    s = camp({12: {"warriors": {ME: 1}}}, hand=("anvil",))
    ctl, script = seat([("evening.incite", "done", ())])
    g = game(s, **{ME: ctl})
    H.evening(g)
    assert [e.rule for e in g.log if e.kind in ("score", "draw")] == ["LoR 14.6.2", "LoR 14.6.3"]
    assert s.factions[ME].vp == 1 and len(s.factions[ME].hand) == 2


@pytest.mark.parametrize(("n", "vp"), [(0, 0), (1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 4), (7, 4)])
def test_lor_14_6_2_oppress_scores_by_clearings_ruled_alone(n: int, vp: int) -> None:
    s = camp({c: {"warriors": {ME: 1}} for c in range(1, n + 1)} | {12: {"warriors": {ME: 1, "marquise": 1}}}, humans=(ME, "marquise"))
    g = game(s)
    H.oppress(g)
    assert len(H.oppressed(s)) == n and s.factions[ME].vp == vp


def test_lor_14_7_6_rowdy_draws_one_or_two_more() -> None:
    s = camp({12: {"warriors": {ME: 1, "marquise": 2}, "buildings": [["marquise", "sawmill"]]}}, mood="rowdy", humans=(ME, "marquise"))
    assert H.evening_draw(s) == 3
    s.clearings[12].buildings.clear()
    assert H.evening_draw(s) == 2
    board_of(s).mood = "stubborn"
    assert H.evening_draw(s) == 1


# -- the moods in battle (LoR 14.7) --------------------------------------------------------------------------
def test_lor_14_7_7_stubborn_ignores_the_first_hit_in_the_warlords_clearing() -> None:
    s = camp({12: {"warriors": {ME: 3, "marquise": 3}}}, humans=(ME, "marquise"))
    g = game(s, [("roll", (2, 1))], **{ME: seat([])[0], "marquise": seat([])[0]})
    battle(g, "marquise", ME, 12, "LoR 4.3")
    assert s.clearings[12].warriors[ME] == 2 and any(e.kind == "ignore_hit" for e in g.log)


def test_lor_14_7_7_stubborn_ignores_one_hit_of_an_ambush_only() -> None:
    """The Hundreds attack into an ambush in the warlord's clearing: of its two hits one is
    ignored; the defender's rolled hit after it is taken."""
    s = camp({12: {"warriors": {ME: 3, "marquise": 2}}}, humans=(ME, "marquise"), marquise={"hand": ["ambush_fox"]})
    ambusher, _ = seat([("battle.ambush", "card", (ID("ambush_fox"),))])
    g = game(s, [("roll", (1, 1))], **{ME: seat([])[0], "marquise": ambusher})
    battle(g, ME, "marquise", 12, "LoR 14.5.2.2")
    assert s.clearings[12].warriors == {ME: 1, "marquise": 1}  # 3 - (2 - 1) - 1
    assert sum(1 for e in g.log if e.kind == "ignore_hit") == 1


def test_lor_14_7_8_wrathful_deals_an_extra_hit_attacking_with_the_warlord() -> None:
    s = camp({12: {"warriors": {ME: 3, "marquise": 3}}}, mood="wrathful", humans=(ME, "marquise"))
    g = game(s, [("roll", (1, 0))], **{ME: seat([])[0], "marquise": seat([])[0]})
    battle(g, ME, "marquise", 12, "LoR 14.5.2.2")
    assert s.clearings[12].warriors["marquise"] == 1


def test_lor_14_7_1_bitter_turns_mobs_into_warriors_before_the_roll() -> None:
    """Perft: mobs in 12 (the warlord's), 9 (next to it) and 1 (not): 2 mobs and done."""
    s = camp({12: {"warriors": {ME: 1, "marquise": 2}, "tokens": [[ME, "mob"]]}, 9: {"tokens": [[ME, "mob"]]}, 1: {"tokens": [[ME, "mob"]]}}, mood="bitter", humans=(ME, "marquise"))
    ctl, script = seat([("battle.bitter", "clearing", (9,)), ("battle.bitter", "clearing", (12,)), ("battle.bitter", "done", ())])
    g = game(s, [("roll", (0, 0))], **{ME: ctl, "marquise": seat([])[0]})
    battle(g, "marquise", ME, 12, "LoR 4.3")
    assert [m.args for m in script.moves_at("battle.bitter")] == [(9,), (12,), ()]
    assert s.clearings[12].warriors[ME] == 3 and (ME, "mob") in s.clearings[1].tokens
    invariants.check(s)


# -- the saved position -------------------------------------------------------------------------------------
def test_the_hundreds_board_is_saved_and_loaded() -> None:
    s = camp({12: {"warriors": {ME: 2}}}, mood="rowdy", command=("bag",), prowess=("sword:ruin", "tea"))
    data = serial.to_json(s)
    assert data["factions"][ME]["hoard"] == {"command": ["bag"], "prowess": ["sword:ruin", "tea"]} and data["factions"][ME]["warlord"] == 12
    again = serial.from_json(data)
    assert board_of(again).prowess == [HoardItem("sword", True), HoardItem("tea")] and board_of(again).mood == "rowdy"


@pytest.mark.parametrize(("field", "value", "path"), [
    ("hoard", {"command": ["sword"]}, "factions.hundreds.hoard.command[0]"),
    ("mood", "sulky", "factions.hundreds.mood"),
    ("warlord", 13, "factions.hundreds.warlord"),
    ("warlord", 5, "factions.hundreds.warlord"),  # no Hundreds warrior in 5 to be it
    ("hoard", {"prowess": ["tea", "tea", "sword", "hammer", "crossbow"]}, "factions.hundreds.hoard.prowess"),
])
def test_a_bad_hundreds_board_names_its_field(field: str, value: Any, path: str) -> None:
    data = serial.to_json(camp({12: {"warriors": {ME: 1}}}))
    data["factions"][ME][field] = value
    with pytest.raises(StateError) as err:
        serial.from_json(data)
    assert path in str(err.value)


# -- random games ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(24))
def test_random_hundreds_games_beside_bots_and_other_program_seats(seed: int) -> None:
    """A program in the Hundreds seat beside bots, or beside other program seats, on every map:
    every invariant after every event, an end."""
    map_name = ("fall", "winter", "lake", "mountain")[seed % 4]
    seats = [
        [Seat(ME, "human"), Seat("eyrie"), Seat("alliance"), Seat("vagabot")],
        [Seat(ME, "human"), Seat("marquise", "human"), Seat("eyrie", "human"), Seat("vagabot")],  # a bot keeps the game going (weak programs alone can stall)
        [Seat(ME, "human"), Seat("corvids", "human"), Seat("duchy"), Seat("lizards")],
    ][seed % 3]
    ctl = {x.faction: ProgramController(builtin("random" if (seed + i) % 3 else "greedy", seed, x.faction)) for i, x in enumerate(seats) if x.seat == "human"}
    g = new_game(GameConfig(seats, map_name, seed), controllers=ctl)
    g.log.listeners.append(lambda e, g=g: invariants.check(g.state))
    play(g)
    assert g.state.winner


# -- seated everywhere a human faction is: the command line, the table, Rootlog ------------------------
def test_cli_play_and_simulate_with_a_hundreds_program(capsys: pytest.CaptureFixture[str], tmp_path) -> None:
    from tests.cli_helpers import cli

    code, out, err = cli(capsys, "play", "--programs", "hundreds=random", "--bots", "eyrie,alliance", "--seed", "3", "--quiet")
    assert code == 0, err
    assert "Lord of the Hundreds (random program)" in out
    code, out, err = cli(capsys, "simulate", "--programs", "hundreds=greedy", "--bots", "eyrie,marquise", "--games", "3", "--out", str(tmp_path))
    assert code == 0 and "Failures: none" in out, err


def test_the_table_seats_a_hundreds_played_by_legal_moves(tmp_path) -> None:
    """``--humans hundreds:Ann``: the companion asks the garrison, then her first Birdsong's mood."""
    from tests.table.table_script import run

    path = tmp_path / "h.json"
    r = run(["table", "new", "--file", str(path), "--humans", "hundreds:Ann", "--bots", "eyrie,alliance", "--seed", "3"], ["ok all", "1", "ok all", "ok all", "ok all", "1"])
    assert r.returncode == 0, r.stderr
    assert "Ann (Lord of the Hundreds, set up): garrison which corner [setup.corner, LoR 14.3.2]" in r.stdout
    assert "choose a new mood [birdsong.mood, LoR 14.4.4]" in r.stdout
    seats = json.loads(path.read_text())["config"]["seats"]
    assert {"faction": ME, "seat": "human", "player": "Ann", "rules": "law"} in seats


def test_rootlog_reads_the_hundreds_pieces() -> None:
    """Rootlog V2.8: `H`, the warlord `w_w`; a stronghold `b` and a mob `t` (R-HUNDREDS-ROOTLOG)."""
    from rootbotics.table.board import KINDS
    from rootbotics.table.rootlog import parse_action

    move = parse_action("Hw_w->12", "C")[0]
    piece = move.parts[0].things[0].thing
    assert (piece.faction, piece.kind, piece.variant) == ("H", "w", "w")
    assert [KINDS[("H", k, v)] for k, v in (("w", ""), ("w", "w"), ("b", ""), ("t", ""))] == ["warrior", "warrior", "stronghold", "mob"]


def test_the_observation_holds_the_hundreds_board() -> None:
    """The warlord, the mood and the Hoard are public (the faction board): every seat sees them."""
    import numpy as np

    from rootbotics.env.observe import II, observe

    s = camp({12: {"warriors": {ME: 2}}}, mood="rowdy", command=("bag",), prowess=("sword:ruin", "tea"))
    o = observe(s, "marquise", np.zeros(1, np.int8), "daylight.command")
    assert o["warlord"].tolist() == [0] * 11 + [1]
    assert o["mood"].tolist() == [0, 0, 0, 0, 0, 1, 0, 0]
    assert {k: int(o["hoard"][i]) for k, i in II.items() if o["hoard"][i]} == {"bag": 1, "sword": 1, "tea": 1}


def test_lor_14_2_2_a_vagabond_cannot_strike_a_warlord_standing_alone() -> None:
    """Strike (LoR 9.5.6) removes a warrior outside battle: a lone warlord is no target, nor its
    stronghold (the Hundreds have a warrior there); with a second warrior, one may go."""
    from rootbotics.factions.vagabot.human import VagabondBoard, VagabondItem
    from rootbotics.factions.vagabot.vagabond_lor import strike_pieces

    s = camp({12: {"warriors": {ME: 1}, "buildings": [[ME, "stronghold"]]}})
    vb = VagabondBoard()
    vb.clearing, vb.items = 12, [VagabondItem("crossbow")]
    assert strike_pieces(s, "vagabot", vb) == []
    s.clearings[12].warriors[ME] = 2
    assert strike_pieces(s, "vagabot", vb) == [(ME, "warrior")]


def test_a_hundreds_program_game_saved_between_turns_continues_move_for_move(capsys: pytest.CaptureFixture[str], tmp_path) -> None:
    """Saved mid-game (the Hoard, mood and warlord in the file) and continued, the game ends as
    the one played straight through."""
    from tests.cli_helpers import cli

    path = tmp_path / "h.json"
    code, whole, err = cli(capsys, "play", "--programs", "hundreds=random", "--bots", "eyrie,alliance", "--seed", "5", "--quiet")
    assert code == 0, err
    code, _, err = cli(capsys, "play", "--programs", "hundreds=random", "--bots", "eyrie,alliance", "--seed", "5", "--turns", "7", "--save", str(path), "--quiet")
    assert code == 0, err
    assert {"hoard", "mood", "warlord"} <= set(json.loads(path.read_text())["factions"][ME])
    code, rest, err = cli(capsys, "play", "--from", str(path), "--check", "--quiet")
    assert code == 0, err
    assert whole.splitlines()[-4:] == rest.splitlines()[-4:]


def test_board_mode_lines_keep_the_mood_and_the_warlord() -> None:
    """At the table in board mode (R-HUNDREDS-ROOTLOG): ``#lavish->$`` lays the mood card,
    ``w_w->5`` places the warlord, ``w_w5->1`` moves it, a line of plain warriors leaves it."""
    from rootbotics.table.board import LineRefused, apply_line

    s = camp({}, warlord=None)
    g = game(s)
    apply_line(g, "H", "#lavish->$")
    assert board_of(s).mood == "lavish"
    apply_line(g, "H", "w_w->5/2w->5")
    assert warlord_clearing(s) == 5 and s.clearings[5].warriors[ME] == 3
    apply_line(g, "H", "w_w5->1")
    assert warlord_clearing(s) == 1 and s.clearings[5].warriors[ME] == 2
    apply_line(g, "H", "w5->1")
    assert warlord_clearing(s) == 1
    with pytest.raises(LineRefused):
        apply_line(g, "H", "#anvil->$")  # a card of the deck is not a mood: the cards' rules refuse it
    invariants.check(s)
