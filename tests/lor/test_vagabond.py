"""The Vagabond by the Law of Root (LoR 9, characters LoR 26) played by legal moves
(``factions/vagabot/vagabond_lor.py``): his board's new state, setup, Birdsong, Daylight's
actions, Evening, battle, Hostility and Infamy; a hand-derived perft count; random-program games
on the four maps beside three bots with the invariants checked after every event."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from helpers import position

from rootbotics.core import invariants, serial
from rootbotics.core.context import Game
from rootbotics.core.moves import DONE, Decision, Move
from rootbotics.factions.vagabot import vagabond_lor as V
from rootbotics.factions.vagabot.human import HOSTILE, VagabondBoard, VagabondItem
from rootbotics.game import GameConfig, Seat, new_game, play
from rootbotics.programs import ProgramController, builtin

Pick = Callable[[Decision], Move | None]


class Recorder:
    """A program that answers from ``picks`` (step -> chooser) and records every decision;
    a step it has no pick for is answered ``done`` when offered, else with the first move."""

    def __init__(self, picks: dict[str, Pick] | None = None) -> None:
        self.picks = picks or {}
        self.seen: list[Decision] = []

    def __call__(self, view: Any, d: Decision) -> Move:
        self.seen.append(d)
        pick = self.picks.get(d.step)
        if pick is not None:
            m = pick(d)
            if m is not None:
                return m
        return DONE if DONE in d.moves else d.moves[0]


def kind(k: str, *args: Any) -> Pick:
    return lambda d: next((m for m in d.moves if m.kind == k and (not args or m.args == args)), None)


def vagabond(location: Any = 5, items: tuple[str, ...] = ("boots", "sword", "torch"), hand: tuple[str, ...] = (), relationships: dict[str, str] | None = None,
             character: str = "thief", quests: tuple[str, ...] = (), **clearings: Any) -> Any:
    cl = {int(k[1:]): v for k, v in clearings.items()}
    board: dict[str, Any] = {"character": character, "location": location, "items": list(items),
                             "relationships": relationships or {"eyrie": "indifferent", "marquise": "indifferent"}}
    if quests:
        board["quests"] = list(quests)
    return position(cl, seats=("vagabot", "eyrie", "marquise"), humans=("vagabot",), vagabot={"vagabond": board, "hand": list(hand)})


def play_daylight(state: Any, picks: dict[str, Pick]) -> tuple[Game, Recorder]:
    rec = Recorder(picks)
    g = Game(state, controllers={"vagabot": ProgramController(rec)})
    g.log.listeners.append(lambda e: invariants.check(g.state))
    V.daylight(g, "vagabot")
    return g, rec


def vb(g: Game) -> VagabondBoard:
    b = g.state.factions["vagabot"].board
    assert isinstance(b, VagabondBoard)
    return b


def coins(s: Any, words: str) -> None:
    """A coins piece from the supply to his board (the box holds none outside the supply)."""
    s.item_supply["coins"] -= 1
    kind, *flags = words.split()
    s.factions["vagabot"].board.items.append(VagabondItem(kind, "exhausted" in flags, "damaged" in flags))


def words(g: Game) -> list[str]:
    return [i.words() for i in vb(g).items]


# -- the board (LoR 9.2.5, 9.2.9) ---------------------------------------------------------------------
def test_lor_9_2_9_relationships_quests_and_aids_save_load_and_clone() -> None:
    s = vagabond(relationships={"eyrie": "hostile", "marquise": "step2"}, quests=("expel_bandits_mouse", "errand_fox"))
    b = s.factions["vagabot"].board
    b.quest_deck = [3, 4]
    b.completed = [5]
    b.aids = {"marquise": 1}
    data = serial.to_json(s)
    assert data["factions"]["vagabot"]["vagabond"]["relationships"] == {"eyrie": "hostile", "marquise": "step2"}
    assert data["factions"]["vagabot"]["vagabond"]["aids"] == {"marquise": 1}
    again = serial.from_json(data)
    assert serial.dumps(again) == serial.dumps(s)
    c = s.clone().factions["vagabot"].board
    assert c.relations == {"eyrie": HOSTILE, "marquise": 2} and c.quests == [0, 11] and c.completed == [5] and c.aids == {"marquise": 1}
    c.relations["eyrie"] = 0
    assert b.relations["eyrie"] == HOSTILE


def test_lor_9_2_9_a_bad_relationship_names_its_field() -> None:
    from rootbotics.core.fields import StateError

    with pytest.raises(StateError, match=r"factions\.vagabot\.vagabond\.relationships\.eyrie"):
        vagabond(relationships={"eyrie": "friendly"})


def test_lor_9_2_5_1_face_up_tea_coins_bags_sit_on_tracks_three_at_most() -> None:
    s = vagabond(items=("tea", "bag damaged", "bag", "sword"))
    b = s.factions["vagabot"].board
    coins(s, "coins exhausted")
    assert (b.on_track("tea"), b.on_track("coins"), b.on_track("bag")) == (1, 0, 1)
    assert b.satchel_and_damaged() == 3  # the face-down coins, the damaged bag, the sword
    b.items.extend(VagabondItem("tea") for _ in range(3))  # more pieces than the box holds: the board's arithmetic only
    assert b.on_track("tea") == 3 and b.satchel_and_damaged() == 4


# -- setup (LoR 9.3) -----------------------------------------------------------------------------------
def test_lor_9_3_setup_takes_character_items_quests_ruins_and_relationships() -> None:
    cfg = GameConfig([Seat("marquise"), Seat("eyrie"), Seat("alliance"), Seat("vagabot", "human")], "fall", 3, options={"vagabond_character": "tinker"})
    rec = Recorder({"setup.forest": kind("forest", 2)})
    g = new_game(cfg, controllers={"vagabot": ProgramController(rec)})
    b = vb(g)
    assert b.character == "tinker" and b.forest == 2
    assert sorted(words(g)) == ["bag", "boots", "hammer", "torch"]  # LoR 26.2.1
    assert len(b.quests) == 3 and len(b.quest_deck) == 12
    assert b.relations == {"marquise": 0, "eyrie": 0, "alliance": 0}
    assert sorted(k for c in g.state.map.ruins for k in g.state.clearings[c].ruin_items) == ["bag", "boots", "hammer", "sword"]
    assert not invariants.violations(g.state)


def test_lor_9_7_1_beside_the_vagabot_each_ruin_holds_one_item_per_vagabond() -> None:
    cfg = GameConfig([Seat("marquise"), Seat("eyrie"), Seat("vagabot"), Seat("vagabond2", "human")], "fall", 5)
    g = new_game(cfg, controllers={"vagabond2": ProgramController(Recorder())})
    assert all(len(g.state.clearings[c].ruin_items) == 2 for c in g.state.map.ruins)
    assert not invariants.violations(g.state)


# -- Birdsong (LoR 9.4) ---------------------------------------------------------------------------------
def test_lor_9_4_1_refresh_three_plus_two_per_face_up_tea() -> None:
    s = vagabond(items=("tea", "boots exhausted", "boots exhausted", "sword exhausted", "torch exhausted", "crossbow exhausted", "hammer exhausted", "bag exhausted"))
    g = Game(s, controllers={"vagabot": ProgramController(Recorder())})
    V.refresh(g, "vagabot")
    assert sum(1 for i in vb(g).items if i.exhausted) == 2  # 7 exhausted, 3 + 2 refreshed


def test_lor_9_4_2_slip_into_an_adjacent_forest_ignores_hostile_warriors() -> None:
    s = vagabond(5, relationships={"eyrie": "hostile", "marquise": "indifferent"}, c1={"warriors": {"eyrie": 2}})
    rec = Recorder({"birdsong.slip": kind("to", 1)})
    g = Game(s, controllers={"vagabot": ProgramController(rec)})
    V.slip(g, "vagabot")
    assert vb(g).clearing == 1 and words(g) == ["boots", "sword", "torch"]
    assert {m for m in rec.seen[0].moves} == {Move("to", (1,)), Move("to", (2,)), Move("forest", (0,)), DONE}


# -- Daylight (LoR 9.5) ---------------------------------------------------------------------------------
def test_lor_9_5_perft_daylight_actions_and_moves_derived_by_hand() -> None:
    """Fall, pawn in 5 (rabbit; paths to 1 and 2; no ruin), items boots, sword, torch, no cards,
    the Thief, the Eyrie Hostile with a warrior in 5 and two in 1. Actions: Move (a boots; 2 is
    open), Battle (a sword, the Eyrie there), Steal (a torch, the Eyrie has pieces there), and
    done: 4. Explore (no ruin item), Aid (no card), Quest (none), Strike (no crossbow), Repair
    and Craft (no hammer) are not offered. Move's destinations: 1 needs two boots (Hostile
    warriors, LoR 9.2.9.3.2), he has one, so only 2: 1 move."""
    s = vagabond(relationships={"eyrie": "hostile", "marquise": "indifferent"}, c5={"warriors": {"eyrie": 1}}, c1={"warriors": {"eyrie": 2}})
    g, rec = play_daylight(s, {"daylight.action": lambda d: Move("move") if Move("move") in d.moves else DONE})
    first = rec.seen[0]
    assert sorted(m.kind for m in first.moves) == ["battle", "done", "move", "special"]
    to = next(d for d in rec.seen if d.step == "move.to")
    assert to.moves == [Move("to", (2,))]
    assert vb(g).clearing == 2 and words(g) == ["boots exhausted", "sword", "torch"]


def test_lor_9_2_9_3_2_two_boots_into_hostile_warriors() -> None:
    s = vagabond(items=("boots", "boots"), relationships={"eyrie": "hostile", "marquise": "indifferent"}, c1={"warriors": {"eyrie": 2}})
    g, _ = play_daylight(s, {"daylight.action": lambda d: Move("move") if Move("move") in d.moves else DONE, "move.to": kind("to", 1)})
    assert vb(g).clearing == 1 and words(g) == ["boots exhausted", "boots exhausted"]


def test_lor_9_5_3_explore_takes_the_item_scores_and_removes_the_empty_ruin() -> None:
    s = vagabond(6, c6={"ruin": True, "ruin_items": ["hammer"]})
    g, _ = play_daylight(s, {"daylight.action": lambda d: Move("explore") if Move("explore") in d.moves else DONE})
    assert "hammer" in words(g) and "torch exhausted" in words(g)
    assert not g.state.clearings[6].ruin and g.state.factions["vagabot"].vp == 1


def test_lor_9_2_9_1_aid_twice_in_a_turn_reaches_step_two_and_a_bot_gets_the_card_discarded() -> None:
    s = vagabond(items=("boots", "sword", "torch"), hand=("bake_sale", "a_visit_to_friends", "ambush_bird"), relationships={"eyrie": "step1", "marquise": "indifferent"},
                 c5={"warriors": {"eyrie": 1}})
    aid = lambda d: Move("aid") if Move("aid") in d.moves else DONE  # noqa: E731
    g, _ = play_daylight(s, {"daylight.action": aid, "aid.player": kind("player", "eyrie")})
    b = vb(g)
    # three Aids (an item each): two reach step 2 (LoR 9.2.9.1.1), scoring 2 VP (LoR 9.2.9.1.2);
    # the third counts toward Allied; the Eyrie bot scores 1 VP per card given (2.8.1)
    assert b.relations["eyrie"] == 2 and b.aids == {"eyrie": 1}
    assert g.state.factions["eyrie"].vp == 3 and g.state.factions["vagabot"].vp == 2
    assert len(g.state.factions["vagabot"].hand) == 0  # the bird card matches any clearing (LoR 2.1.1)
    assert sum(1 for i in b.items if i.exhausted) == 3


def test_lor_9_5_5_quest_exhausts_its_items_and_scores_per_completed_suit() -> None:
    s = vagabond(items=("torch", "sword", "boots"), quests=("guard_duty_rabbit", "expel_bandits_mouse"))
    s.factions["vagabot"].board.quest_deck = [3]
    g, rec = play_daylight(s, {"daylight.action": lambda d: Move("quest") if Move("quest") in d.moves else DONE, "quest.reward": kind("quest_vp")})
    b = vb(g)
    assert b.completed == [5] and b.quests == [0, 3] and not b.quest_deck
    assert g.state.factions["vagabot"].vp == 1 and words(g) == ["torch exhausted", "sword exhausted", "boots"]
    assert next(d for d in rec.seen if d.step == "quest.card").moves == [Move("quest", (5,))]  # Expel Bandits is a mouse quest


def test_lor_9_5_6_strike_removes_a_warrior_first_and_makes_the_faction_hostile() -> None:
    s = vagabond(items=("crossbow",), c5={"warriors": {"eyrie": 1}, "buildings": [["eyrie", "roost"]]})
    g, rec = play_daylight(s, {"daylight.action": lambda d: Move("strike") if Move("strike") in d.moves else DONE})
    assert next(d for d in rec.seen if d.step == "strike.piece").moves == [Move("piece", ("eyrie", "warrior"))]
    assert g.state.warriors("eyrie", 5) == 0 and vb(g).relations["eyrie"] == HOSTILE
    assert g.state.factions["vagabot"].vp == 0  # a warrior scores nothing; no Infamy outside battle


def test_lor_9_5_7_repair_and_9_5_8_craft_with_hammers_matching_his_clearing() -> None:
    s = vagabond(6, items=("hammer", "hammer", "sword damaged"), hand=("anvil",))
    picks = {"daylight.action": lambda d: next((Move(k) for k in ("repair", "craft") if Move(k) in d.moves), DONE)}
    g, _ = play_daylight(s, picks)
    # repair takes one hammer; the anvil (one fox icon) the other; clearing 6 is fox
    assert sorted(words(g)) == ["hammer", "hammer exhausted", "hammer exhausted", "sword"]
    assert g.state.factions["vagabot"].vp == 2 and not g.state.factions["vagabot"].hand


# -- battle (LoR 9.2.4, 9.2.6, 9.2.7, 9.2.9.3.1) ------------------------------------------------------
def test_lor_9_2_9_3_1_battle_makes_hostile_and_scores_infamy_for_the_rest() -> None:
    s = vagabond(items=("sword", "sword", "boots"), c5={"warriors": {"eyrie": 1}, "buildings": [["eyrie", "roost"]]})
    s2 = s
    from rootbotics.core.chance import ScriptedChance

    rec = Recorder({"daylight.action": lambda d: Move("battle") if sum(1 for m in d.moves if m.kind == "battle") and not rec.seen[1:] else DONE})
    g = Game(s2, ScriptedChance([("roll", (3, 0))], fallback=None), {"vagabot": ProgramController(rec)})
    V.daylight(g, "vagabot")
    assert g.state.warriors("eyrie", 5) == 0 and not g.state.clearings[5].buildings
    assert vb(g).relations["eyrie"] == HOSTILE
    # two hits (two undamaged swords, LoR 9.2.6): the warrior and the roost; the roost scores 1
    # (LoR 3.2.1) and 1 Infamy, the warrior none (it made the Eyrie Hostile)
    assert g.state.factions["vagabot"].vp == 2
    assert words(g) == ["sword exhausted", "sword", "boots"]


def test_lor_9_2_7_hits_damage_items_he_picks() -> None:
    from rootbotics.core.battle import battle
    from rootbotics.core.chance import ScriptedChance

    s = vagabond(items=("sword", "boots", "torch"), c5={"warriors": {"eyrie": 3}})
    rec = Recorder({"hits.piece": kind("piece", "torch")})
    g = Game(s, ScriptedChance([("roll", (2, 0))], fallback=None), {"vagabot": ProgramController(rec)})
    battle(g, "eyrie", "vagabot", 5, "test")
    assert "torch damaged" in words(g)


# -- Evening (LoR 9.6) ---------------------------------------------------------------------------------
def test_lor_9_6_rest_draw_per_coin_and_item_capacity() -> None:
    s = vagabond("forest:0", items=("sword damaged", "boots", "boots", "torch", "crossbow", "hammer", "bag exhausted", "tea exhausted"))
    coins(s, "coins")
    rec = Recorder()
    g = Game(s, controllers={"vagabot": ProgramController(rec)})
    V.evening(g, "vagabot")
    assert "sword damaged" not in words(g)  # LoR 9.6.1 in a forest
    assert len(g.state.factions["vagabot"].hand) == 2  # 1 + a face-up coin (LoR 9.6.2)
    assert vb(g).satchel_and_damaged() == 6 and len(vb(g).items) == 7  # LoR 9.6.4: the coin is on its track
    assert not invariants.violations(g.state)


# -- games ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(8))
def test_lor_9_random_program_games_on_four_maps_keep_the_invariants(seed: int) -> None:
    maps = ("fall", "winter", "lake", "mountain")
    seats = [Seat("marquise"), Seat("eyrie"), Seat("alliance"), Seat("vagabot", "human")]
    cfg = GameConfig(seats, maps[seed % 4], seed)
    ctl = ProgramController(builtin("random", seed, "vagabot"))
    g = new_game(cfg, controllers={"vagabot": ctl})
    g.log.listeners.append(lambda e: invariants.check(g.state))
    play(g)
    assert g.state.winner and ctl.decisions > 0


@pytest.mark.parametrize("seed", range(4))
def test_lor_9_7_a_second_vagabond_by_legal_moves_beside_the_vagabot_keeps_the_invariants(seed: int) -> None:
    maps = ("fall", "winter", "lake", "mountain")
    seats = [Seat("marquise"), Seat("eyrie"), Seat("vagabot"), Seat("vagabond2", "human")]
    ctl = ProgramController(builtin("random", seed, "vagabond2"))
    g = new_game(GameConfig(seats, maps[seed], 200 + seed), controllers={"vagabond2": ctl})
    g.log.listeners.append(lambda e: invariants.check(g.state))
    play(g)
    assert g.state.winner and ctl.decisions > 0


# -- special actions (LoR 9.5.9, 26) ----------------------------------------------------------------
def special(d: Decision) -> Move:
    return Move("special") if Move("special") in d.moves else DONE


def once(step_pick: Pick) -> Pick:
    """Pick with ``step_pick`` the first time only, then ``done``."""
    used: list[bool] = []

    def pick(d: Decision) -> Move | None:
        if used:
            return DONE if DONE in d.moves else None
        m = step_pick(d)
        if m is not None and m is not DONE:
            used.append(True)
        return m

    return pick


def test_lor_26_1_2_steal_from_a_human_takes_a_random_card_and_from_a_bot_draws_instead() -> None:
    def thief() -> Any:
        return position({5: {"warriors": {"eyrie": 1, "marquise": 1}}}, seats=("vagabot", "eyrie", "marquise"), humans=("vagabot", "marquise"),
                        vagabot={"vagabond": {"character": "thief", "location": 5, "items": ["torch"]}}, marquise={"hand": ["anvil", "bake_sale"]})

    g, rec = play_daylight(thief(), {"daylight.action": special, "special.target": kind("steal", "marquise")})
    assert next(d for d in rec.seen if d.step == "special.target").moves == [Move("steal", ("eyrie",)), Move("steal", ("marquise",))]
    assert len(g.state.factions["vagabot"].hand) == 1 and len(g.state.factions["marquise"].hand) == 1
    assert any(e.kind == "steal" for e in g.log) and words(g) == ["torch exhausted"]
    deck = len(thief().deck)
    g, _ = play_daylight(thief(), {"daylight.action": special, "special.target": kind("steal", "eyrie")})
    assert len(g.state.factions["vagabot"].hand) == 1 and len(g.state.deck) == deck - 1  # a bot has no hand: he draws (2.8.1)
    assert len(g.state.factions["marquise"].hand) == 2


def test_lor_26_2_2_day_labor_takes_a_matching_card_from_the_discard_pile() -> None:
    s = vagabond(6, character="tinker", items=("torch",))
    deck = s.deckdef.cards
    fox = next(i for i, c in enumerate(deck) if c.suit == "fox")
    mouse = next(i for i, c in enumerate(deck) if c.suit == "mouse")
    bird = next(i for i, c in enumerate(deck) if c.suit == "bird")
    for cid in (fox, mouse, bird):
        s.deck.remove(cid)
        s.discard.append(cid)
    g, rec = play_daylight(s, {"daylight.action": special, "special.target": kind("card", fox)})
    # clearing 6 is fox: the fox card and the bird card (a bird card matches any clearing), not the mouse
    assert sorted(m.arg for m in next(d for d in rec.seen if d.step == "special.target").moves) == sorted([fox, bird])
    assert g.state.factions["vagabot"].hand == [fox] and fox not in g.state.discard


def test_lor_26_3_2_hideout_repairs_three_items_and_ends_daylight() -> None:
    s = vagabond(character="ranger", items=("torch", "sword damaged", "boots damaged", "crossbow damaged", "hammer damaged"))
    g, rec = play_daylight(s, {"daylight.action": special})
    assert sum(1 for i in vb(g).items if i.damaged) == 1 and "torch exhausted" in words(g)
    assert [d.step for d in rec.seen].count("daylight.action") == 1  # no more actions after it
    assert any(e.kind == "hideout" for e in g.log)


def test_lor_26_8_2_glide_moves_the_pawn_anywhere_even_hostile_without_boots() -> None:
    s = vagabond(character="harrier", items=("torch",), relationships={"eyrie": "hostile", "marquise": "indifferent"}, c12={"warriors": {"eyrie": 3}})
    g, rec = play_daylight(s, {"daylight.action": once(special), "special.target": kind("to", 12)})
    assert len(next(d for d in rec.seen if d.step == "special.target").moves) == 11  # every clearing but his own
    assert vb(g).clearing == 12 and g.state.clearings[12].pawn == "vagabot" and words(g) == ["torch exhausted"]


def test_lor_26_4_2_instigate_forces_a_battle_he_scores_the_buildings_and_infamy() -> None:
    from rootbotics.core.chance import ScriptedChance

    s = vagabond(character="vagrant", items=("torch", "boots"), relationships={"eyrie": "hostile", "marquise": "indifferent"},
                 c5={"warriors": {"marquise": 3, "eyrie": 1}, "buildings": [["eyrie", "roost"]]})
    rec = Recorder({"daylight.action": once(special), "special.target": kind("instigate", "marquise", "eyrie")})
    g = Game(s, ScriptedChance([("roll", (3, 1))], fallback=None), {"vagabot": ProgramController(rec)})
    g.log.listeners.append(lambda e: invariants.check(g.state))
    V.daylight(g, "vagabot")
    targets = next(d for d in rec.seen if d.step == "special.target").moves
    # attackers with warriors or a pawn in 5 against anyone else there: marquise->eyrie,
    # eyrie->marquise, vagabot->eyrie, vagabot->marquise, eyrie->vagabot, marquise->vagabot
    assert set(targets) == {Move("instigate", a) for a in [("marquise", "eyrie"), ("eyrie", "marquise"), ("vagabot", "eyrie"), ("vagabot", "marquise"), ("eyrie", "vagabot"), ("marquise", "vagabot")]}
    # three hits on the Eyrie: the warrior and the roost; one hit on the Marquise's warriors
    assert g.state.warriors("eyrie", 5) == 0 and not g.state.clearings[5].buildings and g.state.warriors("marquise", 5) == 2
    # the roost is his removal: 1 VP (LoR 3.2.1) and 1 Infamy (the Eyrie is Hostile); no Hostility for the Marquise
    assert g.state.factions["vagabot"].vp == 2 and vb(g).relations["marquise"] == 0
    assert "torch exhausted" in words(g)


def test_lor_26_6_2_scorched_earth_removes_all_enemy_pieces_and_leaves_the_torch() -> None:
    s = vagabond(character="scoundrel", items=("torch", "boots"), c5={"warriors": {"marquise": 2}, "buildings": [["eyrie", "roost"]]})
    g, rec = play_daylight(s, {"daylight.action": once(special)})
    cl = g.state.clearings[5]
    assert cl.slot_items == ["torch"] and not cl.buildings and not cl.warriors.get("marquise")
    assert words(g) == ["boots"] and vb(g).relations["marquise"] == HOSTILE and vb(g).relations["eyrie"] == 0
    assert g.state.factions["vagabot"].vp == 1  # the roost (LoR 3.2.1); no Infamy outside battle
    assert vb(g).scorched == [5] and not invariants.violations(g.state)
    from rootbotics.core.rules import can_move, closed, move_warriors, place_building, place_warriors

    s2 = g.state
    assert closed(s2, 5) and not closed(s2, 1)
    s2.clearings[1].warriors["marquise"] = 2
    # nothing placed in or moved into the clearing with the torch (LoR 26.6.2)
    assert place_warriors(g, "marquise", 5, 1, "test") == 0 and not place_building(g, "marquise", 5, "sawmill", "test")
    assert not can_move(s2, "marquise", 1, 5) and move_warriors(g, "marquise", 1, 5, 1, "test") == 0
    data = serial.to_json(s2)
    assert data["factions"]["vagabot"]["vagabond"]["scorched_earth"] == [5]
    assert serial.dumps(serial.from_json(data)) == serial.dumps(s2)
    assert s2.clone().factions["vagabot"].board.scorched == [5]


def test_lor_26_9_2_swift_strike_exhausts_a_sword_for_an_extra_hit_after_the_roll() -> None:
    from rootbotics.core.battle import battle
    from rootbotics.core.chance import ScriptedChance

    s = vagabond(character="ronin", items=("sword", "sword", "boots"), c5={"warriors": {"eyrie": 4}})
    rec = Recorder({"battle.swift_strike": kind("yes")})
    g = Game(s, ScriptedChance([("roll", (2, 0))], fallback=None), {"vagabot": ProgramController(rec)})
    battle(g, "vagabot", "eyrie", 5, "test")
    assert g.state.warriors("eyrie", 5) == 1  # two rolled hits, one more from Swift Strike
    assert sorted(words(g)) == ["boots", "sword", "sword exhausted"]
    assert [d.step for d in rec.seen] == ["battle.swift_strike"]


def test_lor_26_9_2_swift_strike_defending_and_declined() -> None:
    from rootbotics.core.battle import battle
    from rootbotics.core.chance import ScriptedChance

    s = vagabond(character="ronin", items=("sword", "boots", "torch"), c5={"warriors": {"eyrie": 4}})
    rec = Recorder({"battle.swift_strike": kind("no"), "hits.piece": kind("piece", "torch")})
    g = Game(s, ScriptedChance([("roll", (1, 1))], fallback=None), {"vagabot": ProgramController(rec)})
    battle(g, "eyrie", "vagabot", 5, "test")
    assert g.state.warriors("eyrie", 5) == 3 and "sword" in words(g)


def test_lor_26_5_2_a_bot_defender_enlists_the_human_arbiter_by_7_7_6() -> None:
    """Law of Robotics 7.7.6: the bot enlists him when its maximum rolled hits is below three
    and below the enemy pieces in the battle, and it has more VP than he."""
    from rootbotics.core.battle import battle
    from rootbotics.core.chance import ScriptedChance

    s = vagabond(character="arbiter", items=("sword", "sword", "boots"), c5={"warriors": {"eyrie": 1, "marquise": 3}})
    s.factions["eyrie"].vp = 3
    g = Game(s, ScriptedChance([("roll", (3, 3))], fallback=None), {"vagabot": ProgramController(Recorder())})
    battle(g, "marquise", "eyrie", 5, "test")
    assert g.state.factions["vagabot"].vp == 1 and any(e.kind == "enlist" for e in g.log)
    assert g.state.warriors("marquise", 5) == 0  # the Eyrie's one warrior plus his two swords: 3 hits


def test_lor_26_5_2_the_arbiter_is_not_enlisted_against_himself_and_a_human_defender_is_asked() -> None:
    from rootbotics.core.battle import battle
    from rootbotics.core.chance import ScriptedChance

    s = position({5: {"warriors": {"eyrie": 2, "marquise": 1}}}, seats=("vagabot", "eyrie", "marquise"), humans=("vagabot", "marquise"),
                 vagabot={"vagabond": {"character": "arbiter", "location": 5, "items": ["sword", "boots"]}})
    rec = Recorder({"battle.enlist": kind("yes")})
    g = Game(s, ScriptedChance([("roll", (2, 2)), ("roll", (1, 1))], fallback=None), {"vagabot": ProgramController(Recorder()), "marquise": ProgramController(rec)})
    battle(g, "eyrie", "marquise", 5, "test")
    assert [d.step for d in rec.seen if d.step == "battle.enlist"] == ["battle.enlist"] and g.state.factions["vagabot"].vp == 1
    assert g.state.warriors("eyrie", 5) == 0  # 1 warrior + 1 sword
    battle(g, "eyrie", "vagabot", 5, "test")
    assert g.state.factions["vagabot"].vp == 1  # not enlisted against himself


@pytest.mark.parametrize("i,character", list(enumerate(("thief", "tinker", "ranger", "vagrant", "scoundrel", "arbiter", "adventurer", "harrier", "ronin"))))
def test_lor_26_every_character_in_random_program_games_keeps_the_invariants(i: int, character: str) -> None:
    maps = ("fall", "winter", "lake", "mountain")
    seats = [Seat("marquise"), Seat("eyrie"), Seat("alliance"), Seat("vagabot", "human")]
    cfg = GameConfig(seats, maps[i % 4], 300 + i, options={"vagabond_character": character})
    ctl = ProgramController(builtin("random", 300 + i, "vagabot"))
    g = new_game(cfg, controllers={"vagabot": ctl})
    g.log.listeners.append(lambda e: invariants.check(g.state))
    play(g)
    assert g.state.winner and ctl.decisions > 0


def test_lor_26_7_2_improvise_one_item_once_a_turn_damaging_it() -> None:
    """Guard Duty (rabbit) asks a torch and a sword; in rabbit clearing 5 the Adventurer has a
    torch, a hammer and boots, no sword. Improvise: the hammer or the boots for the sword, or
    standing in for the torch would leave the sword missing: two ways, no plain completion.
    Errand (rabbit: tea, boots) is then out of reach: no tea, and Improvise is spent."""
    s = vagabond(character="adventurer", items=("torch", "hammer", "boots"), quests=("guard_duty_rabbit", "errand_rabbit"))
    g, rec = play_daylight(s, {"daylight.action": lambda d: Move("quest") if Move("quest") in d.moves else DONE, "quest.improvise": kind("improvise", "hammer", "sword"),
                               "quest.reward": kind("quest_vp")})
    ways = next(d for d in rec.seen if d.step == "quest.improvise").moves
    assert ways == [Move("improvise", ("boots", "sword")), Move("improvise", ("hammer", "sword"))]
    assert sorted(words(g)) == ["boots", "hammer exhausted damaged", "torch exhausted"]
    assert vb(g).improvised and len(vb(g).completed) == 1
    assert [d.step for d in rec.seen].count("quest.card") == 1  # once a turn: no second quest
    data = serial.to_json(g.state)
    assert data["factions"]["vagabot"]["vagabond"]["improvised"] is True


def test_lor_9_7_3_no_second_r_item_of_a_kind_and_his_pick_of_two() -> None:
    s = vagabond(6, items=("torch", "sword R"), c6={"ruin": True, "ruin_items": ["hammer", "sword"]})
    assert serial.to_json(s)["factions"]["vagabot"]["vagabond"]["items"] == ["torch", "sword R"]
    explore = {"daylight.action": lambda d: Move("explore") if Move("explore") in d.moves else DONE}
    g, rec = play_daylight(s, explore)
    # the hammer is the only item he may take (he holds a sword marked R): nothing to ask
    assert "explore.item" not in [d.step for d in rec.seen]
    assert g.state.clearings[6].ruin_items == ["sword"] and g.state.factions["vagabot"].vp == 1
    assert [i.ruin for i in vb(g).items] == [False, True, True]
    vb(g).items[0].exhausted = False
    g, rec = play_daylight(g.state, explore)
    # exploring again takes nothing and scores nothing; the torch is exhausted all the same
    assert g.state.clearings[6].ruin_items == ["sword"] and g.state.factions["vagabot"].vp == 1
    assert sorted(words(g)) == ["hammer", "sword", "torch exhausted"]


def test_lor_9_2_9_3_a_warrior_he_removes_defending_in_another_seats_battle_makes_hostile() -> None:
    from rootbotics.core.battle import battle
    from rootbotics.core.chance import ScriptedChance

    s = vagabond(items=("sword", "sword", "boots"), c5={"warriors": {"eyrie": 3}})
    s.turn = 1  # the Eyrie's turn: no Infamy (LoR 9.2.9.3.1 is for battles on his turn)
    g = Game(s, ScriptedChance([("roll", (2, 2))], fallback=None), {"vagabot": ProgramController(Recorder())})
    battle(g, "eyrie", "vagabot", 5, "test")
    assert g.state.warriors("eyrie", 5) == 1 and vb(g).relations["eyrie"] == HOSTILE
    assert g.state.factions["vagabot"].vp == 0


# -- Allies (LoR 9.2.9.2) ---------------------------------------------------------------------------
def aid_pick(d: Decision) -> Move:
    return Move("aid") if Move("aid") in d.moves else DONE


def test_lor_9_2_9_2_three_aids_from_step_two_make_allied_and_9_2_9_2_1_aiding_an_ally_scores_two() -> None:
    s = vagabond(items=("boots", "sword", "torch", "crossbow"), hand=("bake_sale", "a_visit_to_friends", "cobbler", "cobbler#2"),
                 relationships={"eyrie": "step2", "marquise": "indifferent"}, c5={"warriors": {"eyrie": 1}})
    g, _ = play_daylight(s, {"daylight.action": aid_pick, "aid.player": kind("player", "eyrie")})
    lines = [e.line() for e in g.log]
    # three Aids in the turn reach Allied (2 VP, ruling R-VAGABOND-TRACK); the fourth scores 2 VP
    # for aiding an Ally (LoR 9.2.9.2.1); the Eyrie bot scores 1 VP a card (2.8.1)
    assert vb(g).allied("eyrie") and vb(g).aids.get("eyrie", 0) == 0
    assert g.state.factions["vagabot"].vp == 4 and g.state.factions["eyrie"].vp == 4
    assert sum("improves his relationship with the eyrie to allied" in x for x in lines) == 1
    assert sum("for aiding his ally the eyrie" in x for x in lines) == 1


def test_lor_9_2_9_2_2_allied_warriors_move_with_him_when_their_own_move_is_legal() -> None:
    """Fall, pawn in 5, Allied with both: 3 Eyrie and 1 Marquise warriors in 5, nothing in 2.
    Moving to 2, the Eyrie rules 5 (3 warriors to 1) so their move 5->2 is legal; the Marquise
    rules neither 5 nor 2 (LoR 4.2.1, forced as they would move, LoR 1.5.5; ruling
    R-VAGABOND-ALLIES): offered the Eyrie or none (2 moves), then 1 to 3 warriors (3 moves)."""
    s = vagabond(items=("boots",), relationships={"eyrie": "allied", "marquise": "allied"}, c5={"warriors": {"eyrie": 3, "marquise": 1}})
    g, rec = play_daylight(s, {"daylight.action": lambda d: Move("move") if Move("move") in d.moves else DONE, "move.to": kind("to", 2),
                               "move.ally": kind("ally", "eyrie"), "move.ally_count": kind("count", 2)})
    ally = next(d for d in rec.seen if d.step == "move.ally")
    assert ally.moves == [Move("ally", ("eyrie",)), Move("no")]
    assert [m.args[0] for m in next(d for d in rec.seen if d.step == "move.ally_count").moves] == [1, 2, 3]
    assert vb(g).clearing == 2 and g.state.warriors("eyrie", 2) == 2 and g.state.warriors("eyrie", 5) == 1
    assert g.state.warriors("marquise", 5) == 1 and vb(g).allied("eyrie")


def test_lor_9_2_9_2_2_the_slip_takes_allies_the_harriers_glide_moves_alone() -> None:
    s = vagabond(items=("torch",), relationships={"eyrie": "allied", "marquise": "indifferent"}, character="harrier", c5={"warriors": {"eyrie": 2}})
    rec = Recorder({"birdsong.slip": kind("to", 1), "move.ally": kind("ally", "eyrie"), "move.ally_count": kind("count", 2)})
    g = Game(s, controllers={"vagabot": ProgramController(rec)})
    V.slip(g, "vagabot")
    assert vb(g).clearing == 1 and g.state.warriors("eyrie", 1) == 2  # ruling R-VAGABOND-ALLIES: the Slip is a move
    g2, rec2 = play_daylight(g.state, {"daylight.action": once(special), "special.target": kind("to", 12)})
    assert vb(g2).clearing == 12 and g2.state.warriors("eyrie", 1) == 2
    assert not any(d.step == "move.ally" for d in rec2.seen)  # Glide moves him alone (LoR 9.2.9.2.2, 26.8.2)


def ally_battle(rolls: tuple[int, int], hits: list[str], **clearings: Any) -> tuple[Game, Recorder]:
    from rootbotics.core.chance import ScriptedChance

    s = vagabond(items=("sword", "boots", "torch"), relationships={"eyrie": "allied", "marquise": "allied"}, **clearings)
    order = list(hits)
    rec = Recorder({"daylight.action": once(lambda d: Move("battle") if Move("battle") in d.moves else DONE), "battle.defender": kind("defender", "marquise"),
                    "battle.ally": kind("ally", "eyrie"), "hits.piece": lambda d: kind("piece", order.pop(0))(d)})
    g = Game(s, ScriptedChance([("roll", rolls)], fallback=None), {"vagabot": ProgramController(rec)})
    g.log.listeners.append(lambda e: invariants.check(g.state))
    V.daylight(g, "vagabot")
    return g, rec


def test_lor_9_2_9_2_3_attacking_with_allied_warriors_raises_his_maximum_rolled_hits() -> None:
    """Pawn in 5 with one undamaged sword; 2 Allied Eyrie warriors there; the Marquise (Allied
    too) defends with 2 warriors and a sawmill. Offered the Eyrie or none (never the defender's
    own warriors, LoR 9.2.9.2.3). Rolled 3: his maximum is 1 sword + 2 Eyrie warriors = 3, so 3
    hits remove both warriors and the sawmill."""
    g, rec = ally_battle((3, 0), [], c5={"warriors": {"eyrie": 2, "marquise": 2}, "buildings": [["marquise", "sawmill"]]})
    assert next(d for d in rec.seen if d.step == "battle.ally").moves == [Move("ally", ("eyrie",)), Move("no")]
    assert g.state.warriors("marquise", 5) == 0 and not g.state.clearings[5].buildings
    # the Marquise turns Hostile (LoR 9.2.9.3); the sawmill scores 1 (LoR 3.2.1) and Infamy 2
    # (the second warrior and the sawmill, LoR 9.2.9.3.1)
    assert vb(g).hostile("marquise") and vb(g).allied("eyrie") and g.state.factions["vagabot"].vp == 3
    assert vb(g).battle_ally is None


def test_lor_9_2_9_2_4_more_hits_on_allied_warriors_than_items_turns_them_hostile() -> None:
    """Rolled 3-3: the Marquise's 3 warriors deal 3 hits; he takes two with Eyrie warriors and
    one with his torch: 2 > 1, so the Eyrie is Hostile at the end of the battle (LoR 9.2.9.2.4,
    not 9.2.9.3: the Marquise removed them)."""
    g, _ = ally_battle((3, 3), ["warrior of the eyrie", "warrior of the eyrie", "torch"], c5={"warriors": {"eyrie": 2, "marquise": 3}})
    assert g.state.warriors("eyrie", 5) == 0 and "torch damaged" in words(g)
    assert vb(g).hostile("eyrie")
    assert any("LoR 9.2.9.2.4" in e.line() or e.rule == "LoR 9.2.9.2.4" for e in g.log if e.kind == "relationship")


def test_lor_9_2_9_2_4_as_many_hits_on_items_keeps_the_ally() -> None:
    g, _ = ally_battle((3, 2), ["warrior of the eyrie", "boots"], c5={"warriors": {"eyrie": 2, "marquise": 3}})
    assert g.state.warriors("eyrie", 5) == 1 and "boots damaged" in words(g)
    assert vb(g).allied("eyrie")  # one hit each way: not more by warriors


# -- coalitions (LoR 9.2.8, 9.2.9.3.4) ---------------------------------------------------------------
def four_players(vp: dict[str, int], board: dict[str, Any] | None = None, hand: tuple[str, ...] = ("dominance_rabbit",), dominance: str | None = None) -> Any:
    b: dict[str, Any] = {"character": "thief", "location": 5, "items": ["sword", "boots"],
                         "relationships": {"eyrie": "hostile", "marquise": "indifferent", "alliance": "indifferent"}, **(board or {})}
    me: dict[str, Any] = {"vagabond": b, "hand": list(hand), "vp": vp.pop("vagabot")}
    if dominance:
        me["dominance"] = dominance
    seats = ("vagabot", "eyrie", "marquise", "alliance")
    return position({5: {"warriors": {"eyrie": 1, "marquise": 1}}}, seats=seats, humans=("vagabot",), vagabot=me, **{f: {"vp": v} for f, v in vp.items()})


def coalition_pick(d: Decision) -> Move:
    return next((m for m in d.moves if m.kind == "coalition"), DONE)


def test_lor_9_2_8_coalition_with_a_player_of_fewest_vp_his_pick_of_a_tie_and_9_2_9_3_4_hostile_to_indifferent() -> None:
    """Four players; he has 12 VP and the rabbit dominance card; the Eyrie and the Marquise have
    3 VP, the Alliance 7: the partner is one of the two tied (his pick, 2 moves). He picks the
    Hostile Eyrie, which becomes Indifferent; he scores no more and may no longer battle the
    Eyrie (ruling R-VAGABOND-COALITION)."""
    s = four_players({"vagabot": 12, "eyrie": 3, "marquise": 3, "alliance": 7})
    g, rec = play_daylight(s, {"daylight.action": once(coalition_pick), "coalition.player": kind("player", "eyrie")})
    assert next(d for d in rec.seen if d.step == "coalition.player").moves == [Move("player", ("eyrie",)), Move("player", ("marquise",))]
    fs, b = g.state.factions["vagabot"], vb(g)
    assert b.coalition == "eyrie" and g.state.deckdef.card(fs.dominance).name == "dominance_rabbit" and not fs.hand
    assert b.relations["eyrie"] == 0  # LoR 9.2.9.3.4
    assert V.coalition_moves(g.state, "vagabot") == []  # one activated card (LoR 3.3.2)
    assert V.battle_targets(g.state, "vagabot", b) == ["marquise"]
    from rootbotics.core.rules import score

    score(g, "vagabot", 3, "test", "for nothing")
    assert fs.vp == 12  # his score marker is off the track (LoR 9.2.8)
    again = serial.from_json(serial.to_json(g.state))
    assert again.factions["vagabot"].board.coalition == "eyrie" and serial.dumps(again) == serial.dumps(g.state)


def test_lor_9_2_8_no_coalition_below_10_vp_with_three_players_or_with_the_lowest_in_a_coalition() -> None:
    assert V.coalition_moves(four_players({"vagabot": 9, "eyrie": 3, "marquise": 3, "alliance": 7}), "vagabot") == []  # LoR 3.3.1's 10 VP
    three = vagabond(hand=("dominance_rabbit",))
    three.factions["vagabot"].vp = 15
    assert V.coalition_moves(three, "vagabot") == []  # four or more players (LoR 9.2.8)
    s = four_players({"vagabot": 12, "eyrie": 3, "marquise": 5, "alliance": 7})
    assert V.coalition_moves(s, "vagabot") == [Move("coalition", (s.deckdef.by_name["dominance_rabbit"],))]
    assert V.coalition_partners(s, "vagabot") == ["eyrie"]  # fewer VP than each other player but him


def test_lor_9_2_8_he_wins_when_his_partner_wins() -> None:
    from rootbotics.core.context import GameOver
    from rootbotics.core.rules import score

    s = four_players({"vagabot": 12, "eyrie": 27, "marquise": 3, "alliance": 7}, board={"coalition": "marquise"}, hand=(), dominance="dominance_rabbit")
    assert not invariants.violations(s)
    g = Game(s, controllers={"vagabot": ProgramController(Recorder())})
    with pytest.raises(GameOver):
        score(g, "eyrie", 3, "test", "to 30")
    assert s.winner == ["eyrie"]  # not his partner
    s = four_players({"vagabot": 12, "eyrie": 3, "marquise": 27, "alliance": 7}, board={"coalition": "marquise"}, hand=(), dominance="dominance_rabbit")
    g = Game(s, controllers={"vagabot": ProgramController(Recorder())})
    g.log.listeners.append(lambda e: invariants.check(g.state))
    with pytest.raises(GameOver):
        score(g, "marquise", 3, "test", "to 30")
    assert s.winner == ["marquise", "vagabot"] and not invariants.violations(s)
    assert any("game over: marquise, vagabot win" in e.line() for e in g.log)


def test_lor_9_2_8_a_coalition_names_another_player_of_the_game() -> None:
    from rootbotics.core.fields import StateError

    with pytest.raises(StateError, match=r"factions\.vagabot\.vagabond\.coalition"):
        four_players({"vagabot": 12, "eyrie": 3, "marquise": 3, "alliance": 7}, board={"coalition": "vagabot"}, hand=(), dominance="dominance_rabbit")
    with pytest.raises(StateError, match="without an activated dominance card"):
        four_players({"vagabot": 12, "eyrie": 3, "marquise": 3, "alliance": 7}, board={"coalition": "marquise"})


@pytest.mark.parametrize("seed", range(4))
def test_lor_9_2_8_and_9_2_9_2_random_program_games_allied_with_a_dominance_card_keep_the_invariants(seed: int) -> None:
    """Two humans beside Better Bot Project bots keep the dominance cards (BBP 2.3). A head start
    after setup: 10 VP, a dominance card in hand, Allied with every faction. His program takes
    Allied warriors along and into battle, battles and forms a coalition whenever offered, else
    plays at random; the invariants hold after every event and he wins exactly when his partner does."""
    maps = ("fall", "winter", "lake", "mountain")
    seats = [Seat("vagabot", "human"), Seat("marquise", "human"), Seat("eyrie", rule_set="bbp"), Seat("alliance", rule_set="bbp")]
    rand = builtin("random", seed, "vagabot")

    def program(view: Any, d: Decision) -> Move:
        return next((m for k in ("ally", "battle", "coalition") for m in d.moves if m.kind == k), None) or rand(view, d)

    ctl = ProgramController(program)
    g = new_game(GameConfig(seats, maps[seed], 300 + seed), controllers={"vagabot": ctl, "marquise": ProgramController(builtin("random", seed, "marquise"))})
    s = g.state
    card = next(c for c in s.deck if s.deckdef.card(c).kind == "dominance")
    s.deck.remove(card)
    s.factions["vagabot"].hand.append(card)
    s.factions["vagabot"].vp = 10
    b = vb(g)
    b.relations = dict.fromkeys(b.relations, 3)
    invariants.check(s)
    g.log.listeners.append(lambda e: invariants.check(g.state))
    play(g)
    assert s.winner and b.coalition is not None
    assert ("vagabot" in s.winner) == (b.coalition in s.winner)


# -- Lone Wanderer, Full Removal, Defenseless (LoR 9.2.2-9.2.4); Aiding Hostile (LoR 9.2.9.3.3) ------
def test_lor_9_2_2_his_pawn_never_rules_and_is_never_removed() -> None:
    from rootbotics.core.battle import battle
    from rootbotics.core.chance import ScriptedChance
    from rootbotics.core.rules import ruler

    s = vagabond(items=("sword",), c5={"warriors": {"eyrie": 3}})
    assert ruler(s, 5) == "eyrie"  # his pawn is no warrior: he rules nothing and stops no one
    alone = vagabond(location=2, items=("sword",))
    assert ruler(alone, 2) is None
    g = Game(s, ScriptedChance([("roll", (3, 0))], fallback=None), {"vagabot": ProgramController(Recorder())})
    battle(g, "eyrie", "vagabot", 5, "test")  # 3 hits: one damages the sword, two do nothing (LoR 9.2.7)
    assert vb(g).clearing == 5 and "vagabot" in g.state.clearings[5].pawns() and words(g) == ["sword damaged"]
    assert not invariants.violations(g.state)


def test_lor_9_2_2_1_an_effect_removing_all_enemy_pieces_damages_three_items() -> None:
    from rootbotics.core.rules import remove_all_enemy_pieces

    s = vagabond(items=("sword", "boots", "torch", "crossbow"), c5={"warriors": {"marquise": 2}})
    rec = Recorder({"hits.piece": kind("piece", "crossbow")})
    g = Game(s, controllers={"vagabot": ProgramController(rec)})
    remove_all_enemy_pieces(g, "eyrie", 5, "test")  # a revolt, a Favor card, a bomb (LoR 9.2.2.1)
    assert g.state.warriors("marquise", 5) == 0 and vb(g).clearing == 5
    assert sum("damaged" in w for w in words(g)) == 3 and "crossbow damaged" in words(g)  # three of his choice


def test_lor_9_2_4_defenseless_without_an_undamaged_sword() -> None:
    """The Eyrie's one warrior attacks him, rolls 1-0: with an undamaged sword he takes 1 hit;
    with only a damaged one he is defenseless and takes 2 (LoR 4.3.3, 9.2.4)."""
    from rootbotics.core.battle import battle
    from rootbotics.core.chance import ScriptedChance

    for items, damaged in ((("sword", "boots", "torch"), 1), (("sword damaged", "boots", "torch"), 3)):  # the damaged sword counts
        s = vagabond(items=items, c5={"warriors": {"eyrie": 1}})
        g = Game(s, ScriptedChance([("roll", (1, 0))], fallback=None), {"vagabot": ProgramController(Recorder())})
        result = battle(g, "eyrie", "vagabot", 5, "test")
        assert result.attacker_hits == (2 if "sword damaged" in items else 1)
        assert sum("damaged" in w for w in words(g)) == damaged
        assert any(e.kind == "extra_hit" for e in g.log) == ("sword damaged" in items)


def test_lor_9_2_9_3_3_aiding_a_hostile_faction_takes_its_item_but_never_improves() -> None:
    s = vagabond(items=("boots", "sword"), hand=("bake_sale", "cobbler"), relationships={"eyrie": "hostile", "marquise": "indifferent"},
                 c5={"warriors": {"eyrie": 1}})
    s.item_supply["hammer"] -= 1  # a hammer the Eyrie crafted
    s.factions["eyrie"].items.append("hammer")
    g, _ = play_daylight(s, {"daylight.action": aid_pick, "aid.player": kind("player", "eyrie"), "aid.take": kind("item", "hammer")})
    assert vb(g).hostile("eyrie") and not vb(g).aids.get("eyrie")
    # LoR 9.5.4: he may still take a crafted item (the second Aid then exhausted it)
    assert any(w.startswith("hammer") for w in words(g)) and not g.state.factions["eyrie"].items
    assert g.state.factions["vagabot"].vp == 0 and g.state.factions["eyrie"].vp == 2  # no relationship VP; 1 VP a card to the bot (2.8.1)


# -- starting items (LoR 26.1.1, 26.3.1, 26.7.1) -------------------------------------------------------
@pytest.mark.parametrize("character,items", [("thief", ["boots", "sword", "tea", "torch"]), ("ranger", ["boots", "crossbow", "sword", "torch"]),
                                             ("adventurer", ["boots", "hammer", "torch"])])
def test_lor_26_x_1_starting_items_of_the_thief_ranger_and_adventurer(character: str, items: list[str]) -> None:
    cfg = GameConfig([Seat("marquise"), Seat("eyrie"), Seat("alliance"), Seat("vagabot", "human")], "fall", 3, options={"vagabond_character": character})
    g = new_game(cfg, controllers={"vagabot": ProgramController(Recorder())})
    assert vb(g).character == character and sorted(words(g)) == items  # face up, undamaged (LoR 9.3.5)
    assert not invariants.violations(g.state)


# -- two Vagabonds by legal moves (LoR 9.7) -----------------------------------------------------------
@pytest.mark.parametrize("seed", range(4))
def test_lor_9_7_two_vagabonds_by_legal_moves_keep_the_invariants(seed: int) -> None:
    """Both Vagabonds human seats played by random programs beside two bots, on the four maps:
    two items under each ruin (LoR 9.7.1), no relationship with each other (LoR 9.3.6: markers
    for non-Vagabond factions only), the invariants after every event."""
    maps = ("fall", "winter", "lake", "mountain")
    seats = [Seat("marquise"), Seat("eyrie"), Seat("vagabot", "human"), Seat("vagabond2", "human")]
    c1, c2 = ProgramController(builtin("random", seed, "vagabot")), ProgramController(builtin("random", seed + 50, "vagabond2"))
    g = new_game(GameConfig(seats, maps[seed], 400 + seed), controllers={"vagabot": c1, "vagabond2": c2})
    s = g.state
    assert all(len(s.clearings[c].ruin_items) == 2 for c in s.map.ruins)
    assert sorted(s.factions["vagabot"].board.relations) == sorted(s.factions["vagabond2"].board.relations) == ["eyrie", "marquise"]
    g.log.listeners.append(lambda e: invariants.check(g.state))
    play(g)
    assert s.winner and c1.decisions > 0 and c2.decisions > 0


def test_lor_21_8_his_coalition_partner_and_he_are_not_each_others_enemies() -> None:
    """LoR 21.8: an enemy is any other player one is not in a coalition with (LoR 9.2.8), both
    ways. In 5: his pawn, a Marquise warrior (his partner) and an Eyrie warrior. The Marquise may
    not battle him (LoR 4.3) and her effects that remove all enemy pieces there leave him alone
    (no Full Removal, LoR 9.2.2.1); the Eyrie's still count him."""
    from rootbotics.core.lor.battling import defenders
    from rootbotics.core.rules import remove_all_enemy_pieces

    s = four_players({"vagabot": 12, "eyrie": 27, "marquise": 3, "alliance": 7}, board={"coalition": "marquise"}, hand=(), dominance="dominance_rabbit")
    assert not s.is_enemy("marquise", "vagabot") and not s.is_enemy("vagabot", "marquise")
    assert s.is_enemy("eyrie", "vagabot") and s.is_enemy("marquise", "eyrie")
    assert defenders(s, "marquise", 5) == ["eyrie"] and defenders(s, "eyrie", 5) == ["vagabot", "marquise"]
    assert s.enemy_pieces("marquise", 5) == 1 and s.enemy_pieces("eyrie", 5) == 2  # a pawn is a piece
    assert s.enemy_warriors("vagabot", 5) == 1
    g = Game(s, controllers={"vagabot": ProgramController(Recorder())})
    assert remove_all_enemy_pieces(g, "marquise", 5, "test") == 1
    assert [i.words() for i in s.factions["vagabot"].board.items] == ["sword", "boots"]  # nothing damaged
    assert s.clearings[5].warriors == {"marquise": 1} and not any(e.kind == "damage" for e in g.log)


@pytest.mark.parametrize("character", V.HUMAN_CHARACTERS)
def test_lor_9_3_5_every_character_takes_every_starting_item_from_the_box(character: str) -> None:
    """The box holds the starting items the Riverfolk expansion and the Vagabond Pack add
    (ruling R-VAGABOND-STARTING): the Harrier and the Vagrant find their coins, the Arbiter his
    second sword, the Scoundrel and the Ronin their second boots."""
    cfg = GameConfig([Seat("marquise"), Seat("vagabot", "human")], "fall", 5, options={"vagabond_character": character})
    g = new_game(cfg, controllers={"vagabot": ProgramController(builtin("random", 5, "vagabot"))})
    vb = g.state.factions["vagabot"].board
    assert isinstance(vb, VagabondBoard)
    assert sorted(i.kind for i in vb.items) == sorted(V.STARTING[character])
    assert not [e for e in g.log if e.rule == "LoR 9.3.5" and e.kind == "skip"]
    assert not invariants.violations(g.state)


@pytest.mark.parametrize("first,second", [("harrier", "vagrant"), ("ronin", "scoundrel"), ("arbiter", "harrier")])
def test_lor_9_7_two_vagabonds_both_find_their_starting_items(first: str, second: str) -> None:
    """Two coins (the Riverfolk's and the Pack's), four boots, three swords: two human
    Vagabonds of the expansions each take all of theirs (LoR 9.3.5, 9.7)."""
    cfg = GameConfig([Seat("marquise"), Seat("vagabot", "human"), Seat("vagabond2", "human")], "fall", 6,
                     options={"vagabond_character": first, "vagabond2_character": second})
    g = new_game(cfg, controllers={f: ProgramController(builtin("random", 6, f)) for f in ("vagabot", "vagabond2")})
    for f, character in (("vagabot", first), ("vagabond2", second)):
        vb = g.state.factions[f].board
        assert isinstance(vb, VagabondBoard) and sorted(i.kind for i in vb.items) == sorted(V.STARTING[character])
    assert not invariants.violations(g.state)
