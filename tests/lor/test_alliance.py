"""The Woodland Alliance by the Law of Root (LoR 8) played by legal moves
(``factions/alliance/lor.py``, ``supporters.py``): a scenario per rule on Fall, perft counts
derived by hand, and random programs in whole games on the four maps with the invariants checked
after every event."""

from __future__ import annotations

import pytest
from helpers import game, position

from rootbotics.core import invariants, serial
from rootbotics.core import rules as R
from rootbotics.core.battle import battle
from rootbotics.core.moves import Decision, Move
from rootbotics.controllers import ScriptedHuman
from rootbotics.factions.alliance import lor
from rootbotics.factions.alliance.board import AllianceBoard
from rootbotics.game import GameConfig, Seat, new_game, play
from rootbotics.programs import ProgramController, SeatView, builtin

ME = "alliance"
SYM = [ME, "sympathy"]
SEATS = ("marquise", "eyrie", ME)


class Script:
    """A program answering decisions from a list of (step, kind, *args) in order; any other
    decision is answered with ``done``/``no`` when offered, else the first move. ``seen`` keeps
    every decision asked."""

    def __init__(self, *picks: tuple) -> None:
        self.picks = list(picks)
        self.seen: list[Decision] = []

    def __call__(self, view: SeatView, d: Decision) -> Move:
        self.seen.append(d)
        if self.picks and self.picks[0][0] == d.step:
            step, kind, *args = self.picks.pop(0)
            for m in d.moves:
                if m.kind == kind and (not args or list(m.args) == args):
                    return m
            raise AssertionError(f"{kind} {args} is not legal at {step}: {d.moves}")
        for m in d.moves:
            if m.kind in ("done", "no"):
                return m
        return d.moves[0]


def cid(s, name: str) -> int:
    return s.deckdef.by_name[name]


def board(s) -> AllianceBoard:
    b = s.factions[ME].board
    assert isinstance(b, AllianceBoard)
    return b


def setup_game(s, *picks: tuple, **others):
    script = Script(*picks)
    g = game(s, **{ME: ProgramController(script)}, **others)
    g.log.listeners.append(lambda e: invariants.check(g.state))
    return g, script


def kinds(g, kind: str) -> list:
    return [e for e in g.log.events if e.kind == kind]


# -- 8.3 setup ------------------------------------------------------------------------------------
def test_lor_8_3_setup_supply_and_three_supporters() -> None:
    s = position({}, seats=SEATS, humans=(ME,), alliance={"hand": []})
    g, _ = setup_game(s)
    deck = len(s.deck)
    lor.setup(g)
    fs = s.factions[ME]
    assert fs.supply == {"warrior": 10, "base_fox": 1, "base_rabbit": 1, "base_mouse": 1, "sympathy": 10}
    assert len(board(s).supporters or ()) == 3 and len(s.deck) == deck - 3 and fs.hand == []
    assert [e.rule for e in kinds(g, "supporters")] == ["LoR 8.3.4"]


# -- 8.4.1 Revolt ------------------------------------------------------------------------------
def revolt_position():
    return position(
        {
            1: {"tokens": [SYM], "warriors": {"marquise": 2}, "buildings": [["marquise", "sawmill"]]},
            6: {"tokens": [SYM]},
            5: {"tokens": [SYM]},
        },
        seats=SEATS, humans=(ME,),
        alliance={"supporters": ["anvil", "armorers", "cobbler"]},
    )  # fmt: skip


def test_lor_8_4_1_revolt_removes_enemies_places_base_warriors_and_an_officer() -> None:
    s = revolt_position()
    assert lor.revolt_options(s) == [1, 5, 6]  # fox 1 and 6: anvil + bird; rabbit 5: cobbler + bird
    g, script = setup_game(s, ("birdsong.revolt", "revolt", 1))
    lor.birdsong(g)
    cl = s.clearings[1]
    assert cl.warriors.get("marquise", 0) == 0 and (ME, "base_fox") in cl.buildings and ("marquise", "sawmill") not in cl.buildings
    assert cl.warriors[ME] == 2  # two sympathetic fox clearings: 1 and 6
    assert board(s).officers == 1 and s.factions[ME].supply["warrior"] == 7
    assert s.factions[ME].vp == 1  # the sawmill (LoR 3.2.1); warriors score nothing
    assert board(s).supporters == [cid(s, "cobbler")]  # fox supporter and the bird spent: no choice
    assert lor.revolt_options(s) == []  # the rabbit revolt lost its bird
    assert [d.step for d in script.seen] == ["birdsong.revolt"]  # nothing to spread: no supporter fits a cost


def test_lor_8_4_1_1_no_revolt_where_a_base_stands_or_its_base_is_placed() -> None:
    s = position(
        {1: {"tokens": [SYM], "buildings": [[ME, "base_fox"]]}, 6: {"tokens": [SYM]}, 3: {"tokens": [SYM]}},
        seats=SEATS, humans=(ME,), alliance={"supporters": ["anvil", "foxfolk_steel", "cobbler"]},
    )  # fmt: skip
    assert lor.revolt_options(s) == []  # 1 has a base, 6's fox base is on the map, 3 lacks a second rabbit


def test_lor_8_4_1_2_supporters_match_the_clearing_birds_wild() -> None:
    s = position({12: {"tokens": [SYM]}}, seats=SEATS, humans=(ME,), alliance={"supporters": ["armorers", "sappers", "anvil", "cobbler"]})
    g, script = setup_game(s, ("birdsong.revolt", "revolt", 12), ("supporters.spend", "supporter", cid(s, "sappers")))
    lor.revolt(g, 12)
    # three fox-spendable supporters for two: one choice among three distinct cards, then two left for one
    asked = [d for d in script.seen if d.step == "supporters.spend"]
    assert len(asked) == 2 and len(asked[0].moves) == 3 and len(asked[1].moves) == 2
    assert cid(s, "cobbler") in (board(s).supporters or [])


# -- 8.4.2 Spread Sympathy -------------------------------------------------------------------------
def test_lor_8_4_2_1_first_token_anywhere_scores_the_first_space() -> None:
    s = position({}, seats=SEATS, humans=(ME,), alliance={"supporters": ["anvil"]})
    assert lor.spread_options(s) == [1, 6, 8, 12]  # any fox clearing, cost 1
    g, _ = setup_game(s, ("birdsong.spread", "spread", 8))
    lor.birdsong(g)
    assert (ME, "sympathy") in s.clearings[8].tokens and board(s).supporters == []
    assert s.factions[ME].vp == 0  # R-LOR-SYMPATHY-VP: the first space shows no VP


def test_lor_8_4_2_2_1_martial_law_and_adjacency() -> None:
    s = position(
        {8: {"tokens": [SYM]}, 7: {"warriors": {"marquise": 3}}},
        seats=SEATS, humans=(ME,), alliance={"supporters": ["cobbler", "sappers#2", "codebreakers"]},
    )  # fmt: skip
    # next to 8: 4 (rabbit) and 7 (mouse, Martial Law: 1 + 1: Codebreakers and the bird)
    assert lor.spread_options(s) == [4, 7]
    assert lor.spread_cost(s, 7) == 2 and lor.spread_cost(s, 4) == 1
    g, _ = setup_game(s, ("birdsong.spread", "spread", 7))
    lor.birdsong(g)
    assert (ME, "sympathy") in s.clearings[7].tokens and s.factions[ME].vp == 1  # the 2nd space: 1 VP
    assert kinds(g, "martial_law") and board(s).supporters == [cid(s, "cobbler")]


def test_lor_8_4_2_costs_and_vp_follow_the_track() -> None:
    assert lor.SPREAD_COST == (1, 1, 1, 2, 2, 2, 3, 3, 3, 3)
    assert lor.SYMPATHY_VP == (0, 1, 1, 1, 2, 2, 3, 4, 4, 4) and sum(lor.SYMPATHY_VP) == 22


def test_lor_8_4_birdsong_perft_spread() -> None:
    """Sympathy in 12 (fox), next to 4, 7, 9, 10 and 11; one bird supporter; one token placed,
    so a spread costs 1 (LoR 8.4.2.2). The Marquise's three warriors in 9 put it under Martial
    Law (cost 2, LoR 8.4.2.2.1): out. Revolt in 12 needs two supporters: no revolt step is asked.
    Spread: 4, 7, 10, 11 and done = 5 moves."""
    s = position({12: {"tokens": [SYM]}, 9: {"warriors": {"marquise": 3}}}, seats=SEATS, humans=(ME,), alliance={"supporters": ["armorers"]})
    g, script = setup_game(s)
    lor.birdsong(g)
    (first,) = script.seen
    assert first.step == "birdsong.spread" and len(first.moves) == 5
    assert sorted(m.args[0] for m in first.moves if m.kind == "spread") == [4, 7, 10, 11]


# -- 8.5 Daylight ---------------------------------------------------------------------------------
def test_lor_8_5_daylight_perft() -> None:
    """Sympathy in 1 and 8 (fox) and 5 (rabbit): crafting pieces fox 2, rabbit 1 (LoR 8.2.1).
    Hand: Anvil (fox), Foxfolk Steel (fox fox), Armorers (fox), Cobbler (rabbit rabbit: no).
    Craft: 3. Mobilize: 1 (a hand). Train: none (no base on the map). No dominance (0 VP), no
    once-in-Daylight card, no closed path on Fall. With done: 3 + 1 + 1 = 5."""
    s = position(
        {1: {"tokens": [SYM]}, 8: {"tokens": [SYM]}, 5: {"tokens": [SYM]}},
        seats=SEATS, humans=(ME,), alliance={"supporters": [], "hand": ["anvil", "foxfolk_steel", "armorers", "cobbler"]},
    )  # fmt: skip
    g, script = setup_game(s)
    lor.daylight(g)
    (first,) = script.seen
    assert first.step == "daylight.action" and len(first.moves) == 5
    assert sorted(m.kind for m in first.moves) == ["craft", "craft", "craft", "done", "mobilize"]


def test_lor_8_5_1_craft_activates_sympathy_once() -> None:
    s = position({1: {"tokens": [SYM]}}, seats=SEATS, humans=(ME,), alliance={"supporters": [], "hand": ["anvil", "armorers"]})
    g, script = setup_game(s, ("daylight.action", "craft", cid(s, "anvil")))
    lor.daylight(g)
    assert s.factions[ME].items == ["hammer"] and s.factions[ME].vp == 2
    assert [m.kind for m in script.seen[-1].moves] == ["mobilize", "done"]  # the one fox piece is used


def test_lor_8_5_2_mobilize_and_8_5_3_train() -> None:
    s = position({5: {"buildings": [[ME, "base_rabbit"]]}}, seats=SEATS, humans=(ME,), alliance={"supporters": [], "hand": ["cobbler", "ambush_fox"]})
    g, _ = setup_game(s, ("daylight.action", "train"), ("daylight.action", "mobilize"))
    lor.daylight(g)
    assert board(s).officers == 1 and s.factions[ME].supply["warrior"] == 9
    assert board(s).supporters == [cid(s, "ambush_fox")] and s.factions[ME].hand == []
    assert cid(s, "cobbler") in s.discard  # the only card matching the base's clearing


def test_lor_8_2_3_1_no_base_five_supporters_at_most() -> None:
    s = position({}, seats=SEATS, humans=(ME,), alliance={"supporters": ["anvil", "cobbler", "sappers", "codebreakers", "bake_sale"], "hand": ["armorers"]})
    g, _ = setup_game(s, ("daylight.action", "mobilize"))
    lor.daylight(g)
    assert len(board(s).supporters or ()) == 5 and cid(s, "armorers") in s.discard


# -- 8.6 Evening ------------------------------------------------------------------------------------
def evening_position():
    return position(
        {1: {"buildings": [[ME, "base_fox"]], "tokens": [SYM]}, 9: {"warriors": {ME: 2}}, 4: {"warriors": {"marquise": 1}}},
        seats=SEATS, humans=(ME,), alliance={"supporters": [], "officers": 2, "hand": []},
    )  # fmt: skip


def test_lor_8_6_evening_perft() -> None:
    """Two officers. Warriors: two in 9 (unsympathetic, ruled), next to 1, 4 and 12. Move: yes
    (from 9). Battle: no (no enemy in 9). Recruit: yes (the base in 1). Organize: yes (9). With
    done: 4 + 1 = 5."""
    s = evening_position()
    g, script = setup_game(s)
    lor.evening(g)
    first = script.seen[0]
    assert first.step == "evening.operation" and sorted(m.kind for m in first.moves) == ["done", "move", "organize", "recruit"]


def test_lor_8_6_1_operations_up_to_officers_then_draw_with_base_bonus() -> None:
    s = evening_position()
    g, script = setup_game(s, ("evening.operation", "organize"), ("evening.operation", "recruit"))
    lor.evening(g)
    assert (ME, "sympathy") in s.clearings[9].tokens and s.warriors(ME, 9) == 1 and s.factions[ME].vp == 1
    assert s.warriors(ME, 1) == 1
    assert [d.step for d in script.seen].count("evening.operation") == 2  # two officers: two operations
    assert len(s.factions[ME].hand) == 2  # one card plus one for the base on the map (LoR 8.6.2)


def test_lor_8_6_1_2_battle_as_an_operation() -> None:
    s = position({4: {"warriors": {ME: 2, "marquise": 1}}}, seats=SEATS, humans=(ME,), alliance={"supporters": [], "officers": 1})
    g = game(s, [("roll", (2, 0)), ("draw", "anvil")], **{ME: ProgramController(Script(("evening.operation", "battle")))})
    lor.evening(g)
    assert s.warriors("marquise", 4) == 0 and s.warriors(ME, 4) == 2


# -- faction rules ------------------------------------------------------------------------------------
def test_lor_8_2_2_guerrilla_war_defends_with_the_higher_roll() -> None:
    s = position({7: {"warriors": {"marquise": 2, ME: 2}}}, seats=SEATS, humans=(ME,), alliance={"supporters": []})
    g = game(s, [("roll", (2, 0))], **{ME: ProgramController(Script())})
    battle(g, "marquise", ME, 7, "test")
    assert s.warriors("marquise", 7) == 0 and s.warriors(ME, 7) == 2


BASE_LOSS_SUPPORTERS = ["anvil", "armorers", "cobbler", "bake_sale", "codebreakers", "sappers", "investments", "command_warren"]


def base_loss_position(supporters: list[str] = BASE_LOSS_SUPPORTERS):
    return position(
        {1: {"buildings": [[ME, "base_fox"]], "warriors": {"marquise": 1}}},
        seats=SEATS, humans=(ME,), alliance={"supporters": supporters, "officers": 3},
    )  # fmt: skip


def test_lor_8_2_4_removing_a_base() -> None:
    s = base_loss_position()
    g, script = setup_game(s)
    assert R.remove_piece(g, ME, 1, "base_fox", "test", by="marquise")
    # anvil (fox), armorers and sappers (birds) go; 5 left: no discard down
    assert board(s).officers == 1 and s.factions[ME].supply["warrior"] == 9  # 3 officers: 2 lost
    assert sorted(board(s).supporters or ()) == sorted(cid(s, n) for n in ["cobbler", "bake_sale", "codebreakers", "investments", "command_warren"])
    assert s.factions["marquise"].vp == 1 and not script.seen


def test_lor_8_2_4_discard_down_to_five_without_bases() -> None:
    s = base_loss_position(["anvil", "cobbler", "bake_sale", "codebreakers", "investments", "command_warren", "better_burrow_bank"])
    g, script = setup_game(s)
    R.remove_piece(g, ME, 1, "base_fox", "test", by="marquise")
    assert len(board(s).supporters or ()) == 5 and [d.step for d in script.seen] == ["supporters.discard"]
    assert kinds(g, "discard_supporter")


def test_lor_8_2_4_at_the_table_the_person_records_the_discards() -> None:
    s = base_loss_position()
    g = game(s, **{ME: ScriptedHuman()})
    R.remove_piece(g, ME, 1, "base_fox", "test", by="marquise")
    assert board(s).officers == 3 and len(board(s).supporters or ()) == 8  # R-LOR-BASE-REMOVED


def test_lor_8_2_6_outrage_from_a_program_seat_and_a_bot() -> None:
    s = position(
        {4: {"tokens": [SYM]}, 8: {"warriors": {"marquise": 3}}, 9: {"warriors": {"eyrie": 2}}},
        seats=SEATS, humans=("marquise", ME), alliance={"supporters": []}, marquise={"hand": ["anvil", "cobbler"]},
    )  # fmt: skip
    g = game(s, **{ME: ProgramController(Script()), "marquise": ProgramController(Script())})
    g.log.listeners.append(lambda e: invariants.check(g.state))
    R.move_warriors(g, "marquise", 8, 4, 1, "test")  # 4 is rabbit: Cobbler must go
    assert board(s).supporters == [cid(s, "cobbler")] and s.factions["marquise"].hand == [cid(s, "anvil")]
    R.move_warriors(g, "eyrie", 9, 4, 2, "test")  # a bot has no hand: the Alliance draws (2.8.1)
    assert len(board(s).supporters or ()) == 2
    R.remove_piece(g, ME, 4, "sympathy", "test", by="marquise")  # no rabbit nor bird: show, then draw
    assert len(board(s).supporters or ()) == 3 and s.factions["marquise"].vp == 1
    assert [e.rule for e in kinds(g, "outrage")] == ["LoR 8.2.6", "2.8.1", "LoR 8.2.6"]


def test_lor_8_2_5_one_token_per_clearing() -> None:
    s = position({8: {"tokens": [SYM], "warriors": {ME: 1}}}, seats=SEATS, humans=(ME,), alliance={"supporters": ["sappers", "sappers#2"]})
    assert 8 not in lor.spread_options(s) and lor.organize_options(s) == []


def test_lor_alliance_board_saves_and_loads() -> None:
    s = base_loss_position()
    data = serial.to_json(s)
    again = serial.from_json(data)
    assert board(again).officers == 3 and board(again).supporters == board(s).supporters
    invariants.check(again)


# -- whole games --------------------------------------------------------------------------------------
MAPS = ("fall", "winter", "lake", "mountain")


@pytest.mark.parametrize("seed", range(16))
def test_lor_alliance_random_games(seed: int) -> None:
    humans = {ME, "marquise"} if seed % 2 else {ME}
    seats = [Seat("marquise", "human" if "marquise" in humans else "bot"), Seat("eyrie"), Seat(ME, "human"), Seat("vagabot")]
    cfg = GameConfig(seats, MAPS[seed % 4], seed)
    g = new_game(cfg, controllers={f: ProgramController(builtin("random" if seed % 3 else "greedy", seed, f)) for f in humans})
    g.log.listeners.append(lambda e: invariants.check(g.state))
    play(g)
    assert g.state.winner is not None or "stalled" in (g.state.end_reason or "")
    assert any(e.faction == ME and e.kind in ("place_token", "mobilize", "spend_supporter") for e in g.log.events)
    again = serial.from_json(serial.to_json(g.state))
    invariants.check(again)
