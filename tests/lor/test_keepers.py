"""The Keepers in Iron by the Law of Root (LoR 15), played by legal moves: scenario tests per rule
from small Fall positions, perft-style counts derived by hand, the relics' hidden values, the
saved position, and random programs in whole games beside bots and other program seats on the
four maps with the invariants checked at every event."""

from __future__ import annotations

import copy

import pytest

from rootbotics.core import invariants, serial
from rootbotics.core.battle import battle
from rootbotics.core.cards import load_deck
from rootbotics.core.fields import StateError
from rootbotics.core.rules import remove_piece
from rootbotics.factions.keepers import lor as K
from rootbotics.factions.keepers.board import RETAINER, KeepersBoard
from rootbotics.game import GameConfig, Seat, new_game, play
from rootbotics.programs import ProgramController, SeatView, builtin

from helpers import game, position
from tests.lor.scripted import kinds, seat

DECK = load_deck()
RT = "faithful_retainer"


def ID(name: str) -> int:
    return DECK.by_name[name]


def camp(hand: tuple[str, ...] = ("anvil", "a_visit_to_friends"), retinue: dict[str, list[str]] | None = None, clearings: dict | None = None, **board: object) -> object:
    """Fall. The Keepers: two warriors in 1 (fox, one slot), two warriors and the tablet/jewelry
    waystation showing tablets in 5 (rabbit), one warrior in 10 (rabbit), one warrior beside two
    Eyrie warriors in 9 (mouse, the Eyrie rule it). Forest 0 (clearings 1, 2, 5, 10) holds a
    face-down figure worth 3; forest 1 (1, 9, 10, 12) a face-up tablet worth 2. A Faithful
    Retainer in each Retinue column. The Keepers rule 1, 5 and 10."""
    cl = {
        1: {"warriors": {"keepers": 2}},
        5: {"warriors": {"keepers": 2}, "buildings": [["keepers", "waystation_tj"]]},
        9: {"warriors": {"keepers": 1, "eyrie": 2}},
        10: {"warriors": {"keepers": 1}},
    }
    cl.update(clearings or {})
    kb = {
        "forests": {"0": [{"relic": "relic_figure_3", "face_up": False}], "1": [{"relic": "relic_tablet_2", "face_up": True}]},
        "retinue": retinue or {"move": [RT], "battle_delve": [RT], "move_recover": [RT]},
        "waystations": {"waystation_tj": "tablet"},
        **board,
    }
    return position(cl, seats=("keepers", "eyrie"), humans=("keepers",), keepers={"hand": list(hand), "keepers": kb})


def checked(g) -> None:
    g.log.listeners.append(lambda e: invariants.check(g.state))


def kb(s) -> KeepersBoard:
    return s.factions["keepers"].board


# -- setup (LoR 15.3) ----------------------------------------------------------------------------------
def setup_game(seed: int = 3):
    ctl, script = seat([], then=lambda d: d.moves[0])
    g = new_game(GameConfig([Seat("marquise"), Seat("keepers", "human")], "fall", seed), controllers={"keepers": ctl})
    return g, script


def test_lor_15_3_3_a_corner_opposite_a_starting_corner_then_an_edge_clearing_next_to_it() -> None:
    """The Marquise bot keeps its corner; the Keepers are offered only the opposite corner (one
    move), four warriors there and four in an edge clearing next to it (15.3.2: 15 in supply)."""
    g, script = setup_game()
    s = g.state
    corner = s.map.opposite_corner[s.start_corners["marquise"]]
    assert [m.args for m in script.moves_at("setup.corner")] == [(corner,)]
    edges = [m.args[0] for m in script.moves_at("setup.edge")]
    assert edges == [c for c in s.map.adjacent[corner] if c in s.map.edge_loop]
    assert s.clearings[corner].warriors["keepers"] == 4 and s.clearings[edges[0]].warriors["keepers"] == 4
    assert s.factions["keepers"].supply["warrior"] == 15 - 8
    invariants.check(s)


def test_lor_15_3_1_and_15_3_4_relics_face_down_one_per_forest_the_rest_away_from_the_warriors() -> None:
    g, _ = setup_game()
    s = g.state
    b = kb(s)
    assert sum(len(r) for r in b.forests.values()) == 12 and all(not up for r in b.forests.values() for _, up in r)
    assert all(len(b.relics_in(i)) >= 1 for i in range(len(s.map.forests)))  # 15.3.1
    near = [i for i, f in enumerate(s.map.forests) if any(s.clearings[c].warriors.get("keepers") for c in f)]
    far = [i for i in range(len(s.map.forests)) if i not in near]
    assert all(len(b.relics_in(i)) == 1 for i in near)  # 15.3.4: none more next to Keeper warriors
    counts = [len(b.relics_in(i)) for i in far]
    assert max(counts) - min(counts) <= 1 and sum(counts) == 12 - len(near)  # as evenly as possible
    events = [e for e in g.log if e.kind == "relic_forest"]
    assert len(events) == 12 and all("value" not in e.data for e in events)  # no value shown (LoR 15.2.1)


def test_lor_15_3_1_no_supply_count_tells_which_relics_lie_in_the_forests() -> None:
    """At the setup decisions (after 15.3.1), the relics not yet placed lie in a face-down pile,
    not in the supply that every seat sees: every relic kind's supply is 0 then, and after."""
    seen: list[tuple[str, dict[str, int]]] = []

    def program(view: SeatView, d):
        seen.append((d.step, {k: n for k, n in view.supply("keepers").items() if k.startswith("relic_")}))
        return d.moves[0]

    g = new_game(GameConfig([Seat("marquise"), Seat("keepers", "human")], "fall", 5), controllers={"keepers": ProgramController(program)})
    assert any(e.kind == "setup" and e.rule == "LoR 15.3.1" for e in g.log)
    assert [step for step, _ in seen] == ["setup.corner", "setup.edge"]
    assert all(n == 0 for _, supply in seen for n in supply.values())
    assert kb(g.state).pile == []


def test_lor_15_3_5_and_15_3_6_retainers_in_each_column_waystations_on_the_board() -> None:
    g, _ = setup_game()
    s = g.state
    assert kb(s).retinue == [[RETAINER], [RETAINER], [RETAINER]]
    assert all(s.factions["keepers"].supply[k] == 1 for k in ("waystation_ft", "waystation_tj", "waystation_jf"))


def test_lor_15_3_3_corner_choices() -> None:
    s = camp()
    s.start_corners.clear()
    assert K.setup_corners(s) == [1, 2, 3, 4]
    s.start_corners["eyrie"] = 2
    assert K.setup_corners(s) == [4]  # opposite 2


# -- Birdsong (LoR 15.4) -----------------------------------------------------------------------------------
def test_lor_15_4_1_encamp_perft_and_replace_a_warrior() -> None:
    """Encamp options of :func:`camp`, by hand: Keeper warriors in 1, 5, 9, 10, each with an open
    slot (1 has one slot, empty; 5 two, one taken; 9 and 10 two): 4 clearings + done = 5. Two
    waystations are in supply (ft, jf): 2 choices; then its two sides: 2 choices."""
    ctl, script = seat([
        ("birdsong.encamp", "clearing", (10,)), ("encamp.waystation", "building", ("waystation_jf",)),
        ("encamp.face", "face", ("figure",)), ("birdsong.encamp", "done", ()),
    ])
    g = game(camp(), keepers=ctl)
    checked(g)
    K.encamp(g)
    s = g.state
    assert len(script.moves_at("birdsong.encamp")) == 5
    assert len(script.moves_at("encamp.waystation")) == 2 and [m.args for m in script.moves_at("encamp.face")] == [("jewelry",), ("figure",)]
    assert "keepers" not in s.clearings[10].warriors and ("keepers", "waystation_jf") in s.clearings[10].buildings
    assert kb(s).faces["waystation_jf"] == "figure"
    assert [m.args for m in script.asked[-1].moves if m.kind == "clearing"] == [(1,), (5,), (9,)]  # once per clearing


def test_lor_15_4_1_with_nothing_on_the_map_a_waystation_and_a_warrior_on_the_edge() -> None:
    s = camp(clearings={1: {}, 5: {}, 9: {"warriors": {"eyrie": 2}}, 10: {}}, waystations={})
    ctl, script = seat([("birdsong.restart", "clearing", (2,)), ("restart.waystation", "building", ("waystation_ft",)), ("restart.face", "face", ("tablet",))])
    g = game(s, keepers=ctl)
    K.encamp(g)
    assert sorted(m.args[0] for m in script.moves_at("birdsong.restart")) == sorted(s.map.edge_loop)
    assert s.clearings[2].warriors["keepers"] == 1 and ("keepers", "waystation_ft") in s.clearings[2].buildings
    invariants.check(s)


def test_lor_15_4_2_decamp_replaces_a_waystation_with_a_warrior() -> None:
    ctl, script = seat([("birdsong.decamp", "clearing", (5,))])
    g = game(camp(), keepers=ctl)
    checked(g)
    K.decamp(g)
    s = g.state
    assert [m.args for m in script.moves_at("birdsong.decamp") if m.kind == "clearing"] == [(5,)]
    assert s.clearings[5].warriors["keepers"] == 3 and not s.clearings[5].buildings and "waystation_tj" not in kb(s).faces
    assert s.factions["keepers"].vp == 0  # its own piece: no VP


def test_lor_15_4_3_recruit_two_warriors_at_a_matching_waystation() -> None:
    ctl, script = seat([("birdsong.recruit", "clearing", (5,)), ("recruit.card", "card", (ID("a_visit_to_friends"),)), ("birdsong.recruit", "done", ())])
    g = game(camp(), keepers=ctl)
    K.recruit(g)
    s = g.state
    assert s.clearings[5].warriors["keepers"] == 4 and ID("a_visit_to_friends") in s.discard
    assert [d.step for d in script.asked].count("birdsong.recruit") == 1  # no rabbit card left


def test_lor_15_4_3_no_recruit_without_a_matching_card() -> None:
    ctl, script = seat([])
    g = game(camp(hand=("anvil",)), keepers=ctl)
    K.recruit(g)
    assert script.asked == []


# -- Daylight (LoR 15.5) ---------------------------------------------------------------------------------------
def test_lor_15_2_3_and_15_5_1_craft_with_waystations() -> None:
    s = camp()
    assert K.waystation_pieces(s) == {"fox": 0, "rabbit": 1, "mouse": 0}
    ctl, _ = seat([("daylight.craft", "craft", (ID("a_visit_to_friends"),))])
    g = game(s, keepers=ctl)
    K.daylight(g)
    assert "boots" in s.factions["keepers"].items and s.factions["keepers"].vp == 1


def test_lor_15_5_2_1_move_from_a_matching_clearing_carrying_relics() -> None:
    """A fox card in the Move column: only fox clearings with Keeper warriors are origins (1). Two
    warriors move, so up to two relics may go along (Devout Knights, LoR 15.2.4)."""
    relics = {1: {"warriors": {"keepers": 2}, "tokens": [["keepers", "relic_jewelry_1"], ["keepers", "relic_figure_1"], ["keepers", "relic_figure_2"]]}}
    s = camp(retinue={"move": ["anvil"], "battle_delve": [], "move_recover": []}, hand=(), clearings=relics)
    ctl, script = seat([
        ("daylight.move", "retinue", (0, ID("anvil"))), ("retinue.move.from", "from", (1,)), ("retinue.move.to", "to", (5,)),
        ("retinue.move.count", "count", (2,)), ("retinue.move.relic", "piece", ("relic_jewelry_1",)), ("retinue.move.relic", "piece", ("relic_figure_1",)),
        ("daylight.move", "done", ()),
    ])
    g = game(s, keepers=ctl)
    checked(g)
    K.act_column(g, 0, set())
    assert [m.args for m in script.moves_at("retinue.move.from")] == [(1,)]
    assert sorted(k for f, k in s.clearings[5].tokens) == ["relic_figure_1", "relic_jewelry_1"]
    assert s.clearings[1].tokens == [("keepers", "relic_figure_2")]
    assert [e.rule for e in g.log if e.kind == "relic_move"] == ["LoR 15.2.4", "LoR 15.2.4"]
    assert kinds(list(script.asked[-1].moves)) == ["done"]  # the card acted once


def test_lor_15_5_2_2_battle_then_delve_perft() -> None:
    """Clearings for a Faithful Retainer (bird: any suit) in :func:`camp`, by hand: 9 (the Eyrie
    there may be battled), 1, 5 and 10 (ruled, a Keeper warrior, a forest around with a relic:
    0 or 1): 4."""
    assert K.battle_delve_clearings(camp(), RETAINER) == [1, 5, 9, 10]


def test_lor_15_5_2_2_1_delve_flips_a_face_down_relic_and_keeps_the_card() -> None:
    """Delving from forest 0 into 10: the face-down figure shows 3; the Keepers rule 1, 5 and 10
    of the forest's 1, 2, 5, 10 (three, not fewer than 3): the card stays (LoR 15.5.2.2.2)."""
    ctl, script = seat([("delve.clearing", "clearing", (10,)), ("delve.delve", "yes", ()), ("delve.forest", "forest", (0,))])
    g = game(camp(), keepers=ctl)
    checked(g)
    K.battle_delve(g, RETAINER)
    s = g.state
    assert "delve.defender" not in [d.step for d in script.asked]  # no enemy in 10: no battle
    assert ("keepers", "relic_figure_3") in s.clearings[10].tokens and kb(s).relics_in(0) == []
    delve = next(e for e in g.log if e.kind == "delve")
    assert delve.data["value"] == 3 and delve.rule == "LoR 15.5.2.2.1"
    assert kb(s).retinue[1] == [RETAINER]


def test_lor_15_5_2_2_2_delve_discards_the_card_when_ruling_too_few_around_the_forest() -> None:
    """Without the Keepers in 1 they rule only 5 and 10 around forest 0: 2 < 3, so the Faithful
    Retainer is discarded, out of the game."""
    s = camp(clearings={1: {"warriors": {"eyrie": 1}}})
    ctl, _ = seat([("delve.clearing", "clearing", (10,)), ("delve.delve", "yes", ()), ("delve.forest", "forest", (0,))])
    g = game(s, keepers=ctl)
    checked(g)
    K.battle_delve(g, RETAINER)
    assert kb(s).retinue[1] == []
    assert any(e.kind == "retinue_discard" and e.rule == "LoR 15.5.2.2.2" for e in g.log)


def test_lor_15_5_2_2_must_battle_where_an_enemy_can_be_battled() -> None:
    """In 9 the Eyrie are there: the battle is not optional (no step offers to skip it)."""
    ctl, script = seat([("delve.clearing", "clearing", (9,))])
    g = game(camp(), [("roll", (0, 0))], keepers=ctl)
    K.battle_delve(g, RETAINER)
    assert any(e.kind == "battle" and e.faction == "keepers" for e in g.log)
    assert "delve.delve" not in [d.step for d in script.asked]  # the Eyrie still rule 9


def test_lor_15_5_2_2_1_a_face_down_relic_is_chosen_by_type_only() -> None:
    """Two face-down figures (worth 1 and 3) and a face-up jewelry in forest 0: three choices,
    the figures as one; chance picks which figure it is."""
    forests = {"0": [{"relic": "relic_figure_3", "face_up": False}, {"relic": "relic_figure_1", "face_up": False}, {"relic": "relic_jewelry_2", "face_up": True}]}
    s = camp(forests=forests)
    assert [(m.kind, m.args) for m in K.forest_relic_moves(s, 0, "r")] == [("relic", ("figure",)), ("piece", ("relic_jewelry_2",))]
    ctl, _ = seat([("delve.clearing", "clearing", (5,)), ("delve.delve", "yes", ()), ("delve.relic", "relic", ("figure",))])
    g = game(s, [("pick", ("relic_figure_1", False))], keepers=ctl)
    K.battle_delve(g, RETAINER)
    assert ("keepers", "relic_figure_1") in s.clearings[5].tokens


def recovering(tokens: list[str], **board: object) -> object:
    board.setdefault("forests", {"0": [{"relic": "relic_figure_3", "face_up": False}]})
    return camp(retinue={"move": [], "battle_delve": [], "move_recover": ["a_visit_to_friends"]}, hand=(), clearings={5: {"warriors": {"keepers": 2}, "buildings": [["keepers", "waystation_tj"]], "tokens": [["keepers", t] for t in tokens]}}, **board)


def test_lor_15_5_2_3_move_or_recover_perft() -> None:
    """A rabbit card: a move from 5 or 10 (both ruled, rabbit), or recover in 5 (a tablet there,
    the waystation shows tablets; the figure there matches no waystation): 2 moves."""
    s = recovering(["relic_tablet_2", "relic_figure_1"])
    assert K.recoverable(s, 5) == ["relic_tablet_2"]
    ctl, script = seat([("recover.action", "recover", (5,))])
    g = game(s, keepers=ctl)
    checked(g)
    K.move_or_recover(g, ID("a_visit_to_friends"))
    assert [(m.kind, m.args) for m in script.moves_at("recover.action")] == [("move", ()), ("recover", (5,))]
    assert kb(s).recovered["tablet"] == [2] and s.factions["keepers"].vp == 2
    assert kb(s).retinue[2] == [ID("a_visit_to_friends")]  # rules 5 and 10 (rabbit): not fewer than 2


def test_lor_15_5_2_3_2_filling_a_relics_column_scores_two_more() -> None:
    s = recovering(["relic_tablet_1"], relics={"figure": [3], "tablet": [], "jewelry": [2]})
    ctl, _ = seat([("recover.action", "recover", (5,))])
    g = game(s, keepers=ctl)
    K.move_or_recover(g, ID("a_visit_to_friends"))
    assert s.factions["keepers"].vp == 1 + 2
    assert [e.data["n"] for e in g.log if e.kind == "score" and e.rule == "LoR 15.5.2.3.2"] == [1, 2]


def test_lor_15_5_2_3_3_too_valuable_a_relic_discards_the_card_and_ends() -> None:
    """A tablet worth 3: the Keepers rule two rabbit clearings (5, 10), fewer than 3: the card is
    discarded and the second tablet stays."""
    s = recovering(["relic_tablet_3", "relic_tablet_1"])
    ctl, script = seat([("recover.action", "recover", (5,)), ("recover.relic", "piece", ("relic_tablet_3",))])
    g = game(s, keepers=ctl)
    K.move_or_recover(g, ID("a_visit_to_friends"))
    assert kb(s).retinue[2] == [] and ID("a_visit_to_friends") in s.discard
    assert ("keepers", "relic_tablet_1") in s.clearings[5].tokens and s.factions["keepers"].vp == 3


def test_lor_15_5_2_3_3_recover_again() -> None:
    s = recovering(["relic_tablet_1", "relic_tablet_2"])
    ctl, _ = seat([("recover.action", "recover", (5,)), ("recover.relic", "piece", ("relic_tablet_1",)), ("recover.again", "yes", ())])
    g = game(s, keepers=ctl)
    K.move_or_recover(g, ID("a_visit_to_friends"))
    assert sorted(kb(s).recovered["tablet"]) == [1, 2] and s.factions["keepers"].vp == 3


def test_lor_15_5_2_columns_left_to_right_each_card_once() -> None:
    """Daylight after crafting: the Move column, then Battle then Delve, then Move or Recover;
    each asked with its Faithful Retainer, then done."""
    ctl, script = seat([])
    g = game(camp(hand=()), keepers=ctl)
    K.daylight(g)
    steps = [d.step for d in script.asked]
    assert steps == ["daylight.move", "daylight.battle_delve", "daylight.move_recover"]
    assert [(m.kind, m.args) for m in script.asked[0].moves] == [("retinue", (0, RETAINER)), ("done", ())]


# -- faction rules (LoR 15.2) ---------------------------------------------------------------------------------
def test_lor_15_2_5_prized_trophies_a_bot_removing_a_relic_scores_two() -> None:
    s = camp(clearings={9: {"warriors": {"keepers": 1, "eyrie": 2}, "tokens": [["keepers", "relic_jewelry_2"]]}})
    g = game(s, [("pick", 6)])
    checked(g)
    remove_piece(g, "keepers", 9, "relic_jewelry_2", "LoR 4.3.3", by="eyrie")
    assert kb(s).relics_in(6) == [("relic_jewelry_2", True)]
    assert s.factions["eyrie"].vp == 2
    assert [e.rule for e in g.log if e.kind == "score"] == ["LoR 15.2.5", "LoR 3.2.1"]


def test_lor_15_2_5_a_program_remover_picks_any_forest() -> None:
    """A human Eyrie played by a program is asked: every forest of Fall (7)."""
    s = position({9: {"warriors": {"keepers": 1}, "tokens": [["keepers", "relic_jewelry_2"]]}}, seats=("keepers", "eyrie"), humans=("keepers", "eyrie"))
    ctl, script = seat([("trophy.forest", "trophy_forest", (3,))])
    g = game(s, eyrie=ctl)
    remove_piece(g, "keepers", 9, "relic_jewelry_2", "LoR 4.3.3", by="eyrie")
    assert len(script.moves_at("trophy.forest")) == 7
    assert kb(s).relics_in(3) == [("relic_jewelry_2", True)] and s.factions["eyrie"].vp == 2


def test_lor_15_2_4_devout_knights_ignore_the_first_hit() -> None:
    """The Eyrie bot attacks the Keepers' two warriors in 9: rolls 1 and 0, one hit on the Keepers,
    ignored with a relic there (both warriors stay); without a relic one warrior is removed."""
    s = camp(clearings={9: {"warriors": {"keepers": 2, "eyrie": 2}, "tokens": [["keepers", "relic_jewelry_2"]]}})
    g = game(s, [("roll", (1, 0))])
    battle(g, "eyrie", "keepers", 9, "test")
    assert s.clearings[9].warriors["keepers"] == 2
    assert any(e.kind == "ignore_hit" and e.rule == "LoR 15.2.4" for e in g.log)
    s2 = camp(clearings={9: {"warriors": {"keepers": 2, "eyrie": 2}}})
    g2 = game(s2, [("roll", (1, 0))])
    battle(g2, "eyrie", "keepers", 9, "test")
    assert s2.clearings[9].warriors["keepers"] == 1


# -- Evening (LoR 15.6) -------------------------------------------------------------------------------------------
def test_lor_15_6_1_live_off_the_land() -> None:
    s = camp(clearings={1: {"warriors": {"keepers": 5}}, 10: {"warriors": {"keepers": 3}}})
    g = game(s)
    K.live_off_the_land(g)
    assert s.clearings[1].warriors["keepers"] == 4 and s.clearings[10].warriors["keepers"] == 3


def test_lor_15_6_2_gather_retinue_add_cards() -> None:
    ctl, script = seat([
        ("evening.retinue", "add_retinue", ()), ("retinue.card", "card", (ID("anvil"),)), ("retinue.column", "slot", (2,)),
        ("retinue.card", "card", (ID("a_visit_to_friends"),)), ("retinue.column", "slot", (0,)),
    ])
    g = game(camp(), keepers=ctl)
    K.gather_retinue(g)
    s = g.state
    assert kb(s).retinue == [[RETAINER, ID("a_visit_to_friends")], [RETAINER], [RETAINER, ID("anvil")]] and s.factions["keepers"].hand == []
    assert [(m.kind, m.args) for m in script.moves_at("evening.retinue")] == [("add_retinue", ()), ("shift_retinue", ()), ("done", ())]


def test_lor_15_6_2_the_retinue_holds_ten() -> None:
    full = {"move": [RT, "tax_collector", "tax_collector#2", "tax_collector#3"], "battle_delve": [RT, "cobbler", "cobbler#2"], "move_recover": [RT, "codebreakers", "codebreakers#2"]}
    ctl, script = seat([])
    g = game(camp(retinue=full), keepers=ctl)
    K.gather_retinue(g)
    assert kinds(script.moves_at("evening.retinue")) == ["shift_retinue", "done"]


def test_lor_15_6_2_shift_one_card() -> None:
    """Shift choices: one Faithful Retainer per column (3); then the two other columns."""
    ctl, script = seat([("evening.retinue", "shift_retinue", ()), ("retinue.shift", "retinue", (1, RETAINER)), ("retinue.to", "slot", (0,))])
    g = game(camp(), keepers=ctl)
    K.gather_retinue(g)
    assert len(script.moves_at("retinue.shift")) == 3 and [m.args for m in script.moves_at("retinue.to")] == [(0,), (2,)]
    assert kb(g.state).retinue == [[RETAINER, RETAINER], [], [RETAINER]]


def test_lor_15_6_3_draw_one_plus_one_per_waystation() -> None:
    s = camp(hand=())
    ctl, _ = seat([])
    g = game(s, keepers=ctl)
    K.evening(g)
    assert len(s.factions["keepers"].hand) == 2  # one waystation on the map


# -- hidden values, the saved position ------------------------------------------------------------------------------
def test_lor_15_2_1_a_face_down_value_is_in_no_view_nor_observation() -> None:
    """Two positions that differ only in the value of a face-down relic look the same to every
    seat: the program's view and the environment's observation."""
    np = pytest.importorskip("numpy")
    from rootbotics.env.observe import observe

    def down(k: str) -> dict:
        return {"relic": k, "face_up": False}

    a = camp(forests={"0": [down("relic_figure_3")], "2": [down("relic_figure_1")]})
    b = camp(forests={"0": [down("relic_figure_1")], "2": [down("relic_figure_3")]})
    for me in ("keepers", "eyrie"):
        oa, ob = observe(a, me, np.zeros(1), None), observe(b, me, np.zeros(1), None)
        assert all((oa[k] == ob[k]).all() for k in oa)
        va, vb = SeatView(a, me), SeatView(b, me)
        assert [va.tokens(c) for c in range(1, 13)] == [vb.tokens(c) for c in range(1, 13)]
        assert va.forest_tokens() == vb.forest_tokens() == {0: ("keepers figure relic (face down)",), 2: ("keepers figure relic (face down)",)}
        assert not hasattr(va, "board") and not hasattr(va, "state")


def test_lor_15_2_1_the_board_picture_shows_a_face_down_relic_by_its_type_only() -> None:
    from rootbotics.web.board import board_svg

    svg = board_svg(camp())
    relics = [line for line in svg.split("\n") if "forest-token" in line]
    assert len(relics) == 2
    assert "figure relic (face down)" in relics[0] and ">F<" in relics[0] and "worth" not in relics[0]
    assert ">T2<" in relics[1] and "tablet relic worth 2" in relics[1]


def test_saved_position_round_trip_and_errors() -> None:
    s = camp(relics={"figure": [3], "tablet": [], "jewelry": []})
    data = serial.to_json(s)
    assert serial.to_json(serial.from_json(copy.deepcopy(data))) == data
    assert data["factions"]["keepers"]["keepers"]["forests"]["0"] == [{"relic": "relic_figure_3", "face_up": False}]
    bad = copy.deepcopy(data)
    bad["factions"]["keepers"]["keepers"]["forests"]["9"] = []
    with pytest.raises(StateError, match=r"factions.keepers.keepers.forests.9"):
        serial.from_json(bad)
    bad = copy.deepcopy(data)
    bad["factions"]["keepers"]["keepers"]["waystations"] = {"waystation_tj": "figure"}
    with pytest.raises(StateError, match=r"waystations.waystation_tj"):
        serial.from_json(bad)
    bad = copy.deepcopy(data)
    bad["factions"]["keepers"]["keepers"]["relics"]["figure"] = [3, 3, 3]
    with pytest.raises(StateError, match=r"relics.figure"):
        serial.from_json(bad)


def test_pieces_conserved_with_relics_in_forests_and_recovered() -> None:
    s = camp(relics={"figure": [3], "tablet": [], "jewelry": []})
    fs = s.factions["keepers"]
    assert fs.supply["relic_figure_3"] == 0 and fs.supply["relic_tablet_2"] == 0 and fs.supply["relic_jewelry_3"] == 2
    invariants.check(s)
    kb(s).recovered["figure"].append(1)  # a relic out of nowhere
    assert any("relic_figure_1" in v for v in invariants.violations(s))


# -- whole games -------------------------------------------------------------------------------------------------------
MAPS = ("fall", "winter", "lake", "mountain")
BOTS = (("eyrie", "alliance", "vagabot"), ("marquise", "lizards", "riverfolk"), ("duchy", "corvids", "eyrie"))


@pytest.mark.parametrize("seed", range(24))
def test_random_program_beside_bots_plays_legal_games(seed: int) -> None:
    seats = [Seat("keepers", "human"), *(Seat(f) for f in BOTS[seed % 3])]
    g = new_game(GameConfig(seats, MAPS[seed % 4], seed), controllers={"keepers": ProgramController(builtin("random", seed, "keepers"))})
    checked(g)
    play(g)
    assert g.state.winner or g.state.phase == "over"


@pytest.mark.parametrize("seed", range(8))
def test_random_programs_beside_other_program_seats(seed: int) -> None:
    humans = ("keepers", "marquise", "corvids") if seed % 2 else ("keepers", "duchy", "alliance")
    seats = [*(Seat(f, "human") for f in humans), Seat("eyrie")]
    g = new_game(GameConfig(seats, MAPS[seed % 4], 100 + seed), controllers={f: ProgramController(builtin("random", seed + i, f)) for i, f in enumerate(humans)})
    checked(g)
    play(g)
    assert g.state.winner or g.state.phase == "over"


def test_at_the_table_the_keepers_play_by_legal_moves_or_by_board_lines() -> None:
    """Ruling R-KEEPERS-TABLE: a human Keepers seat plays in law mode, or in board mode, whose
    `K` lines the table reads (``table/keepers_lines.py``, tests/table/test_keepers_lines.py)."""
    from rootbotics.table.session import TableConfig, TableSeat

    TableConfig([TableSeat("keepers", "human", "Ann", rules="law"), TableSeat("eyrie", "bot")]).validate()
    TableConfig([TableSeat("keepers", "human", "Ann", rules="board"), TableSeat("eyrie", "bot")]).validate()


def test_lor_15_2_1_face_down_values_never_reach_an_agents_observation() -> None:
    """In an environment game (the Keepers and the Marquise as agents beside the Eyrie bot), the
    face-down relics' values are dealt again among the face-down relics of each type at every
    decision: neither agent's observation changes, array for array."""
    pytest.importorskip("pettingzoo")
    np = pytest.importorskip("numpy")
    from rootbotics.env import aec_env

    env = aec_env(["keepers", "marquise"], ["eyrie"])
    env.reset(seed=5)
    raw = env.unwrapped
    rng = np.random.default_rng(5)
    checked = 0
    for _ in env.agent_iter(max_iter=300):
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        b = kb(raw.session.game.state)
        before = [{k: v.tobytes() for k, v in raw.observe(a).items()} for a in ("keepers", "marquise")]
        saved = {i: list(r) for i, r in b.forests.items()}
        down = [(i, j) for i, r in b.forests.items() for j, (_, up) in enumerate(r) if not up]
        for t in ("figure", "tablet", "jewelry"):
            spots = [(i, j) for i, j in down if b.forests[i][j][0].split("_")[1] == t]
            kinds_ = [b.forests[i][j][0] for i, j in spots]
            rng.shuffle(kinds_)
            for (i, j), k in zip(spots, kinds_):
                b.forests[i][j] = (k, False)
        after = [{k: v.tobytes() for k, v in raw.observe(a).items()} for a in ("keepers", "marquise")]
        assert after == before
        b.forests.clear()
        b.forests.update(saved)
        checked += 1
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert checked > 50


def test_a_table_session_of_the_keepers_by_moves_exports_k_lines(tmp_path) -> None:
    """Ruling R-KEEPERS-TABLE: a law-mode session (every decision answered with its first move)
    exports `K` lines with Rootlog_V2's pieces; the setup's relics go to the forests by type only."""
    import re

    from tests.table.table_script import run

    path, out = tmp_path / "k.json", tmp_path / "k.rootlog"
    new = ["table", "new", "--humans", "keepers:Ann", "--bots", "eyrie,alliance", "--seed", "3", "--file", str(path)]
    assert run(new, ["ok all", "1"] * 40).returncode == 0
    r = run(["rootlog", "export", str(path), "--out", str(out)], [])
    assert r.returncode == 0, r.stderr
    lines = [x for x in out.read_text().splitlines() if x.startswith("K:") and not x.startswith("K: ")]
    assert "K: Ann" in out.read_text() and len(lines) >= 2
    setup = lines[0]
    assert len(re.findall(r"t_[ftj]->\d+(?:_\d+)+", setup)) == 12  # twelve relics, each by type only
    assert not re.search(r"t_\d_[ftj]->", setup)
    assert re.search(r"b_[ftj]_[ftj]->\d+", "/".join(lines[1:]))


@pytest.mark.parametrize("seed", range(4))
def test_random_games_with_the_exiles_and_partisans_deck(seed: int) -> None:
    seats = [Seat("keepers", "human"), Seat("marquise", "human"), Seat("eyrie"), Seat("corvids")]
    controllers = {f: ProgramController(builtin(("random", "greedy")[seed % 2], seed, f)) for f in ("keepers", "marquise")}
    g = new_game(GameConfig(seats, MAPS[seed % 4], seed, options={"deck": "exiles-partisans"}), controllers=controllers)
    checked(g)
    play(g)
    assert g.state.winner


def test_the_command_line_seats_the_keepers_as_a_program(tmp_path) -> None:
    """`play --programs keepers=random --check` and `simulate --programs keepers=greedy` play whole
    games; the saved position loads and shows the Keepers' board."""
    from tests.table.table_script import run

    pos = tmp_path / "pos.json"
    r = run(["play", "--programs", "keepers=random", "--bots", "eyrie,alliance", "--seed", "4", "--check", "--quiet", "--save", str(pos)], [])
    assert r.returncode == 0, r.stderr
    assert "Keepers in Iron (random program)" in r.stdout
    shown = run(["show", str(pos)], [])
    assert shown.returncode == 0 and "Keepers in Iron board" in shown.stdout and "(face down)" in shown.stdout
    sim = run(["simulate", "--programs", "keepers=greedy", "--bots", "eyrie", "--games", "2", "--out", str(tmp_path / "sim")], [])
    assert sim.returncode == 0 and "Failures: none" in sim.stdout, sim.stdout + sim.stderr


def test_lor_15_2_4_ambushed_ignore_one_hit_of_the_ambush_and_no_more() -> None:
    """The Keepers (three warriors and a relic in 9) attack a human Eyrie program's two warriors;
    the Eyrie ambush: two hits, one ignored (two Keeper warriors left). Rolls 2 and 1: the Eyrie's
    one rolled hit is not ignored (one Keeper warrior left)."""
    s = position({9: {"warriors": {"keepers": 3, "eyrie": 2}, "tokens": [["keepers", "relic_jewelry_2"]]}}, seats=("keepers", "eyrie"), humans=("keepers", "eyrie"), eyrie={"hand": ["ambush_mouse"]})
    k_ctl, _ = seat([])
    e_ctl, _ = seat([("battle.ambush", "card", (ID("ambush_mouse"),))], then=lambda d: d.moves[0])
    g = game(s, [("roll", (2, 1))], keepers=k_ctl, eyrie=e_ctl)
    checked(g)
    battle(g, "keepers", "eyrie", 9, "test")
    assert s.clearings[9].warriors["keepers"] == 1
    assert [e.rule for e in g.log if e.kind == "ignore_hit"] == ["LoR 15.2.4"]


@pytest.mark.parametrize("seed", (21, 22))
def test_a_keepers_game_saved_between_turns_plays_on_identically(seed: int) -> None:
    """The Keepers' board (relics in forests face down, Retinue, waystations' sides) survives a
    saved position between turns: the game continues move for move as it did."""
    from tests.lor.scripted import save_and_continue

    cfg = GameConfig([Seat("keepers", "human"), Seat("eyrie"), Seat("alliance")], "fall", seed, options={"programs": {"keepers": "random"}})
    went_on, resumed = save_and_continue(cfg, 9)
    assert resumed and resumed == went_on
