"""Human seats for the Lizard Cult, the Underground Duchy and the Corvid Conspiracy beside the
bots, through the table companion: their Rootlog lines on the board (``table/board.py`` with
``table/off_map.py`` and ``table/plot_lines.py``), the Law's rules their lines set off among the
bots, and the saved-position format of their boards."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import position
from table.test_law_for_humans import card, hand, table

from rootbotics.core import invariants, rules, serial
from rootbotics.core.fields import StateError
from rootbotics.core.state import GameState
from rootbotics.factions.corvids import plots
from rootbotics.table.board import LineRefused, apply_line, untracked
from rootbotics.table.rootlog import parse_action

TUNNEL, MARKET = ["duchy", "tunnel"], ["duchy", "market"]


def cult(clearings: dict, bot: str = "marquise", **extra: Any) -> GameState:
    """A human Lizard Cult beside one bot."""
    lz = {"lizards": extra.pop("lizards", {"acolytes": 0}), "hand": extra.pop("hand", [])}
    return position(clearings, seats=(bot, "lizards"), humans=("lizards",), lizards=lz, **extra)


def underground(clearings: dict, bot: str = "marquise", burrow: int = 0, **extra: Any) -> GameState:
    """A human Underground Duchy beside one bot."""
    return position(clearings, seats=(bot, "duchy"), humans=("duchy",), duchy={"duchy": {"burrow": burrow, "swayed": []}}, **extra)


def conspiracy(clearings: dict, bot: str = "marquise", face_up: dict | None = None, **extra: Any) -> GameState:
    """A human Corvid Conspiracy beside one bot; its face-down plots are tokens with no kind."""
    up = {str(c): {"kind": k, "face_up": True} for c, k in (face_up or {}).items()}
    return position(clearings, seats=(bot, "corvids"), humans=("corvids",), corvids={"plots": up, **extra.pop("corvids", {})}, **extra)


PLOT = ["corvids", "plot"]


# -- the Lizard Cult: warriors, gardens, acolytes, Lost Souls ---------------------------------------
def test_lizard_cult_places_gardens_of_the_clearings_suit_and_fills_its_acolytes_box() -> None:
    s = cult({})
    g = table(s)
    apply_line(g, "L", "4w->1/b_f->1/w->5+9")  # 1 is a fox corner on Fall
    assert s.warriors("lizards", 1) == 4 and ("lizards", "garden_fox") in s.clearings[1].buildings
    apply_line(g, "L", "w->$/w1->$")
    assert s.factions["lizards"].board.acolytes == 2 and s.warriors("lizards", 1) == 3
    apply_line(g, "L", "w$->/w$->5")
    assert s.factions["lizards"].board.acolytes == 0 and s.warriors("lizards", 5) == 2
    invariants.check(s)


@pytest.mark.parametrize(("line", "problem"), [
    ("b_r->6", "garden_rabbit"),  # a garden only in a clearing of its suit (6 is fox)
    ("w$->", "the Acolytes box holds 0, not 1"),
    ("Cw1->$", "only their own pieces off the map"),
    ("b_f1->$", "only warriors stand in the Burrow, the Acolytes box or the Officers box"),
    ("w->O$", "no human Riverfolk Company at this table"),
    ("26w->3", "supply exhausted"),
])
def test_lizard_cult_impossible_lines_are_refused_naming_the_token(line: str, problem: str) -> None:
    s = cult({1: {"warriors": {"marquise": 1, "lizards": 1}, "buildings": [["lizards", "garden_fox"]]}})
    before = serial.to_json(s)
    with pytest.raises(LineRefused, match=problem) as refused:
        apply_line(table(s), "L", line)
    assert refused.value.token and "\n" not in str(refused.value)
    assert serial.to_json(s) == before


def test_lizard_cult_lost_souls_take_every_discard_and_are_saved() -> None:
    s = cult({}, lizards={"acolytes": 1, "lost_souls": ["anvil"]}, hand=["cobbler"])
    apply_line(table(s), "L", "R#cobbler->")
    lz = s.factions["lizards"].board
    assert [s.deckdef.card(c).name for c in lz.lost_souls] == ["anvil", "cobbler"] and s.discard == []
    again = serial.from_json(serial.to_json(s))
    assert again.factions["lizards"].board.lost_souls == lz.lost_souls and again.factions["lizards"].board.acolytes == 1


def test_lor_10_2_6_a_dominance_card_spent_goes_to_a_human_cults_lost_souls_until_10_4_2() -> None:
    """LoR 10.2.6: any card spent or discarded, even a dominance card, goes to the Lost Souls, not
    beside the map (LoR 3.3.3); LoR 10.4.2: the Cult's Birdsong discards them, and only then is
    the dominance card available."""
    s = cult({}, lizards={"acolytes": 0, "lost_souls": []}, hand=["dominance_fox", "cobbler"])
    g = table(s)
    apply_line(g, "L", "F#dom->")
    lz = s.factions["lizards"].board
    assert lz.lost_souls == [card(s, "dominance_fox")] and s.available_dominance == [] and s.discard == []
    assert g.log.of_kind("lost_soul")[-1].rule == "LoR 10.2.6"
    apply_line(g, "L", "F#dom$->")
    assert lz.lost_souls == [] and s.available_dominance == [card(s, "dominance_fox")] and s.discard == []
    invariants.check(s)


def test_lor_10_2_6_a_dominance_card_a_bot_discards_goes_to_a_human_cults_lost_souls() -> None:
    """LoR 10.2.6 catches every card, whoever spends it: a bot's dominance order card discarded
    (2.7) goes to a human Cult's Lost Souls too, and to a Lizards bot's alike (8.2.4, ruling
    R-LIZ-LOST-SOULS)."""
    s = cult({}, lizards={"acolytes": 0, "lost_souls": []})
    g = table(s)
    s.deck.remove(card(s, "dominance_fox"))  # drawn as the bot's order card
    s.factions["marquise"].order = card(s, "dominance_fox")
    rules.discard_order(g, "marquise", "2.7")
    assert s.factions["lizards"].board.lost_souls == [card(s, "dominance_fox")] and s.available_dominance == []
    invariants.check(s)
    bots = position({}, seats=("marquise", "lizards"))
    g = table(bots)
    bots.deck.remove(card(bots, "dominance_fox"))
    bots.factions["marquise"].order = card(bots, "dominance_fox")
    rules.discard_order(g, "marquise", "2.7")
    assert bots.available_dominance == [] and bots.factions["lizards"].board.lost_souls == [card(bots, "dominance_fox")]
    invariants.check(bots)


def test_lizard_cult_board_format_refuses_the_bots_fields() -> None:
    with pytest.raises(StateError, match=r"factions\.lizards\.lizards.*conspiracy"):
        cult({}, lizards={"acolytes": 0, "conspiracy": 2})


def test_1_2_1_a_conversion_and_sanctify_on_the_bot_set_off_its_rules() -> None:
    """Convert (replace an enemy warrior) and Sanctify (replace an enemy building with a garden)
    written as removals and placements: the Marquise bot's sawmill scores the Cult (LoR 3.2.1)."""
    s = cult({2: {"warriors": {"marquise": 2, "lizards": 1}, "buildings": [["marquise", "sawmill"]]}}, lizards={"acolytes": 2})
    g = table(s)
    apply_line(g, "L", "2w$->/Cw2->/w->2/Cb_s2->/b_m->2/++")
    assert s.warriors("lizards", 2) == 2 and s.clearings[2].buildings == [("lizards", "garden_mouse")]
    assert s.factions["lizards"].vp == 1


def test_6_2_3_a_human_cult_converting_sympathy_alliance_outrage() -> None:
    """Moving Lizard warriors into a sympathetic clearing sets off Automated Outrage (6.2.3)."""
    s = cult({5: {"warriors": {"lizards": 2}}, 1: {"tokens": [["alliance", "sympathy"]]}}, bot="alliance")
    s.factions["lizards"].hand = []
    apply_line(table(s), "L", "w5->1")
    assert s.factions["alliance"].vp == 1  # no matching card: the Alliance scores


# -- the Underground Duchy: the Burrow, tunnels, buildings ---------------------------------------
def test_duchy_recruits_into_the_burrow_and_comes_out_through_a_tunnel() -> None:
    s = underground({12: {"warriors": {"duchy": 2}}})
    g = table(s)
    apply_line(g, "D", "2w->0/t->12")
    assert s.factions["duchy"].board.burrow == 2 and (("duchy", "tunnel") in s.clearings[12].tokens)
    apply_line(g, "D", "2w0->12/w12->0/b_c->12")
    assert s.warriors("duchy", 12) == 3 and s.factions["duchy"].board.burrow == 1
    assert ("duchy", "citadel") in s.clearings[12].buildings
    invariants.check(s)
    again = serial.from_json(serial.to_json(s))
    assert again.factions["duchy"].board.burrow == 1 and again.factions["duchy"].supply["warrior"] == s.factions["duchy"].supply["warrior"]


@pytest.mark.parametrize(("line", "problem"), [
    ("w0->5", "no Duchy tunnel in 5"),
    ("w5->0", "no Duchy tunnel in 5"),
    ("3w0->12", "the Burrow holds 1 warrior"),
    ("b_c->0", "only warriors stand in the Burrow"),
    ("4t->12", "supply exhausted"),
])
def test_duchy_impossible_lines_are_refused_naming_the_token(line: str, problem: str) -> None:
    s = underground({5: {"warriors": {"duchy": 1, "marquise": 1}}, 12: {"tokens": [TUNNEL]}}, burrow=1)
    before = serial.to_json(s)
    with pytest.raises(LineRefused, match=problem):
        apply_line(table(s), "D", line)
    assert serial.to_json(s) == before


@pytest.mark.parametrize(("seat", "line"), [("C", "w->0"), ("D", "Cw5->0")])
def test_10_2_2_only_duchy_pieces_enter_the_burrow(seat: str, line: str) -> None:
    s = position({5: {"warriors": {"duchy": 1, "marquise": 1}, "tokens": [TUNNEL]}}, seats=("marquise", "duchy"), humans=("marquise", "duchy"), duchy={"duchy": {"burrow": 1}})
    with pytest.raises(ValueError, match="only Duchy pieces"):
        apply_line(table(s), seat, line)


def test_1_2_1_a_bot_battling_the_human_duchy_hits_its_tunnel_as_the_duchy_orders() -> None:
    """The Marquise bot's battle against the human Duchy: warriors first, then the Duchy chooses
    the order of its tunnel and market (LoR 4.3.4), asked as a question of the table."""
    from rootbotics.core.battle import battle
    from rootbotics.table.chance import NeedInput

    s = underground({5: {"warriors": {"marquise": 3, "duchy": 1}, "tokens": [TUNNEL], "buildings": [MARKET]}})
    g = table(s, [("roll", [2, 0]), ("assign_hits", ["market", "tunnel"])])
    battle(g, "marquise", "duchy", 5, "test")
    assert s.warriors("duchy", 5) == 0 and s.clearings[5].buildings == [] and s.clearings[5].tokens == [("duchy", "tunnel")]
    assert s.factions["marquise"].vp == 1
    s = underground({5: {"warriors": {"marquise": 3, "duchy": 1}, "tokens": [TUNNEL], "buildings": [MARKET]}})
    with pytest.raises(NeedInput):  # the order is the human's: asked when not yet answered
        battle(table(s, [("roll", [2, 0])]), "marquise", "duchy", 5, "test")
    s = underground({5: {"warriors": {"marquise": 3}, "tokens": [TUNNEL], "buildings": [MARKET]}})
    battle(table(s, [("roll", [2, 0])]), "marquise", "duchy", 5, "test")  # both go: nothing to ask
    assert s.clearings[5].buildings == [] and s.clearings[5].tokens == []


# -- the Corvid Conspiracy: hidden plots, flips, tricks; bots' battles; exposure ------------------
def test_a_human_corvids_plot_is_hidden_until_flipped_and_saved_as_a_token() -> None:
    s = conspiracy({3: {"warriors": {"corvids": 2}}})
    g = table(s)
    apply_line(g, "P", "w3->/t->3")
    assert PLOT in [list(t) for t in s.clearings[3].tokens] and plots.plot_map(s) == {} and plots.facedown_plot(s, 3)
    invariants.check(s)
    data = serial.to_json(s)
    assert data["factions"]["corvids"]["plots"] == {}
    assert serial.from_json(data).clearings[3].tokens == [("corvids", "plot")]
    apply_line(g, "P", "t3^t_e/++")
    assert plots.plot_map(s) == {3: ("extortion", True)} and s.factions["corvids"].vp == 1
    assert serial.to_json(s)["factions"]["corvids"]["plots"] == {"3": {"kind": "extortion", "face_up": True}}


def test_a_human_corvids_face_down_plot_in_the_format_is_refused() -> None:
    with pytest.raises(StateError, match=r"factions\.corvids\.plots\.3\.face_up: .*hidden"):
        conspiracy({3: {"tokens": [PLOT]}}, corvids={"plots": {"3": {"kind": "bomb", "face_up": False}}})


def test_lor_13_5_4_trick_refuses_a_face_down_and_a_face_up_plot() -> None:
    """LoR 13.5.4: a Trick swaps two plots with the same face, both up or both down."""
    s = conspiracy({3: {"tokens": [PLOT]}, 6: {"tokens": [PLOT]}}, face_up={6: "snare"})
    before = serial.to_json(s)
    with pytest.raises(LineRefused, match=r"one face up and one face down .*LoR 13\.5\.4") as refused:
        apply_line(table(s), "P", "t3<->t6")
    assert "\n" not in str(refused.value)
    assert serial.to_json(s) == before


def test_lor_13_5_4_trick_swaps_two_face_down_or_two_face_up_plots() -> None:
    s = conspiracy({3: {"tokens": [PLOT]}, 4: {"tokens": [PLOT]}, 6: {"tokens": [PLOT]}, 8: {"tokens": [PLOT]}},
                   face_up={6: "snare", 8: "bomb"})
    g = table(s)
    apply_line(g, "P", "t3<->t4")
    assert plots.facedown_plot(s, 3) and plots.facedown_plot(s, 4)
    apply_line(g, "P", "t6<->t8")
    assert plots.plot_map(s) == {6: ("bomb", True), 8: ("snare", True)}
    invariants.check(s)


@pytest.mark.parametrize(("line", "problem"), [
    ("t4^t_b", "no face-down Corvid plot in 4"),
    ("t6^t_b", "no face-down Corvid plot in 6"),  # already face up
    ("t3<->t4", "no Corvid plot in 4"),
    ("?Pt_b3", "do not guess their own plots"),
    ("9t->3", "supply exhausted"),
])
def test_corvids_impossible_lines_are_refused_naming_the_token(line: str, problem: str) -> None:
    s = conspiracy({3: {"tokens": [PLOT]}, 6: {"tokens": [PLOT]}}, face_up={6: "snare"})
    before = serial.to_json(s)
    with pytest.raises(LineRefused, match=problem):
        apply_line(table(s), "P", line)
    assert serial.to_json(s) == before


def test_11_8_1_a_human_bomb_removes_two_pieces_of_each_bot_warriors_first() -> None:
    s = conspiracy({3: {"tokens": [PLOT], "warriors": {"marquise": 3, "corvids": 1}, "buildings": [["marquise", "sawmill"]]}})
    apply_line(table(s), "P", "t3^t_b/++/Pt3->")
    cl = s.clearings[3]
    assert cl.warriors == {"marquise": 1, "corvids": 1} and cl.buildings == [("marquise", "sawmill")]
    assert cl.tokens == [] and s.factions["corvids"].vp == 1


def test_7_2_1_I_a_human_bomb_is_full_removal_for_the_vagabot() -> None:
    from test_vagabot import vpos

    s = vpos({7: {"tokens": [PLOT], "warriors": {"corvids": 1}}}, seats=("vagabot", "corvids"), humans=("corvids",))
    apply_line(table(s), "P", "t7^t_b")
    assert s.clearings[7].pawn == "vagabot"
    assert sum(1 for it in s.factions["vagabot"].board.items if it.damaged) == 3


def test_11_8_2_a_bot_springs_a_human_corvids_face_up_snare() -> None:
    from rootbotics.core import rules

    s = conspiracy({3: {"tokens": [PLOT]}}, face_up={3: "snare"})
    g = table(s)
    assert not rules.place_warriors(g, "marquise", 3, 1, "test") and s.clearings[3].tokens == []
    assert s.warriors("marquise", 3) == 0


def test_11_2_2_embedded_agents_a_bot_attacking_a_human_corvids_facedown_plot_takes_an_extra_hit() -> None:
    from rootbotics.core.battle import battle

    s = conspiracy({3: {"tokens": [PLOT], "warriors": {"marquise": 3, "corvids": 1}}})
    g = table(s, [("roll", [2, 1]), ("assign_hits", ["plot"])])
    battle(g, "marquise", "corvids", 3, "test")
    assert s.warriors("marquise", 3) == 1  # one rolled hit and Embedded Agents' extra hit
    assert s.clearings[3].tokens == [] and s.factions["corvids"].supply["plot"] == 8 and s.factions["marquise"].vp == 1
    assert [e.kind for e in g.log.events if e.kind == "plot_removed"] == ["plot_removed"]


def bot_plot(kind: str, hand_: tuple[str, ...] = ("anvil", "cobbler")) -> GameState:
    s = position({1: {"warriors": {"marquise": 1}}}, seats=("marquise", "corvids"), humans=("marquise",), marquise={"hand": list(hand_)})
    fs = s.factions["corvids"]
    fs.supply["plot"] -= 1
    s.clearings[1].tokens.append(("corvids", "plot"))
    fs.board.plots[1] = (kind, False)
    return s


def test_lor_13_2_4_exposure_guessed_right_removes_the_bots_plot_scores_and_ignores_its_raid() -> None:
    """LoR 13.2.4: the guesser removes the plot and scores; its effect is ignored, so an exposed
    raid places no warriors (LoR 13.7.4), unlike a raid removed otherwise (11.7.4)."""
    s = bot_plot("raid")
    g = table(s)
    apply_line(g, "C", "?Pt_r1/++")
    assert plots.plot_map(s) == {} and s.factions["marquise"].vp == 1
    assert all(s.warriors("corvids", c) == 0 for c in s.map.adjacent[1])  # LoR 13.7.4: no raid
    assert hand(s, "marquise") == ["anvil", "cobbler"]
    assert [e.rule for e in g.log.of_kind("remove_piece")] == ["LoR 13.2.4"]
    assert g.log.of_kind("plot_removed")[-1].data["kind"] == "raid" and not g.log.of_kind("place_warriors")
    assert s.factions["corvids"].supply["plot"] == 8
    invariants.check(s)


def test_lor_13_2_4_an_exposed_plot_still_sets_off_backup_plans_3_3_2() -> None:
    """The plot's own effect is ignored, not the bot's trait: Backup Plans places its warrior."""
    s = bot_plot("bomb")
    s.factions["corvids"].traits = ["backup-plans"]
    apply_line(table(s), "C", "?Pt_b1/++")
    assert plots.plot_map(s) == {} and s.warriors("corvids", 1) == 1 and s.factions["marquise"].vp == 1


def test_2_8_1_exposure_a_wrong_guess_gives_the_card_the_bot_discards_it_and_scores() -> None:
    s = bot_plot("raid")
    g = table(s)
    with pytest.raises(LineRefused, match="write it, as F#->P"):
        apply_line(g, "C", "?Pt_b1")
    apply_line(g, "C", "?Pt_b1/F#anvil->P")
    assert plots.plot_map(s) == {1: ("raid", False)} and s.factions["corvids"].vp == 1
    assert hand(s, "marquise") == ["cobbler"] and s.discard == [card(s, "anvil")]
    with pytest.raises(LineRefused, match="the card shown stays in the hand"):
        apply_line(g, "C", "?Pt_r1/R#->P")


def test_exposure_of_a_human_corvids_plot_is_the_tables() -> None:
    s = position({1: {"tokens": [PLOT], "warriors": {"eyrie": 1}}}, seats=("marquise", "eyrie", "corvids"), humans=("eyrie", "corvids"))
    acts = parse_action("?Pt_b1/Pt1->", "E")
    apply_line(table(s), "E", "?Pt_b1/Pt1->")
    assert s.clearings[1].tokens == [] and s.factions["eyrie"].vp == 1 and untracked(acts) == []


def test_lizard_cult_discards_its_lost_souls_to_the_discard_pile() -> None:
    s = cult({}, lizards={"acolytes": 0, "lost_souls": ["anvil", "cobbler"]})
    g = table(s)
    apply_line(g, "L", "R#L$->/F#$->")
    assert s.factions["lizards"].board.lost_souls == [] and s.discard == [card(s, "cobbler"), card(s, "anvil")]
    with pytest.raises(LineRefused, match="no such card|holds 0|which card"):
        apply_line(g, "L", "F#$->")


def test_duchy_sways_and_loses_ministers_with_crowns_from_its_supply() -> None:
    """A minister lost (Price of Failure, LoR 12.2.3) takes its crown out of the game, not back
    to the supply: saved as ``lost_crowns``, and that rank has one crown fewer to sway with."""
    s = underground({})
    g = table(s)
    apply_line(g, "D", "#brigadier->$/#captain->$")
    ds = s.factions["duchy"].board
    assert ds.swayed == ["captain", "brigadier"] and s.factions["duchy"].supply["crown"] == 7
    apply_line(g, "D", "#brigadier$->")
    assert ds.swayed == ["captain"] and s.factions["duchy"].supply["crown"] == 7 and ds.lost_crowns == ["noble"]
    assert "leaves the game" in g.log.events[-1].text and g.log.events[-1].rule == "LoR 12.2.3"
    with pytest.raises(LineRefused, match="Captain is swayed already"):
        apply_line(g, "D", "#captain->$")
    with pytest.raises(LineRefused, match="Earl of Stone is not swayed"):
        apply_line(g, "D", "#earl$->")
    again = serial.from_json(serial.to_json(s)).factions["duchy"].board
    assert again.swayed == ["captain"] and again.lost_crowns == ["noble"]
    invariants.check(s)


def test_duchy_with_a_ranks_crowns_lost_or_on_ministers_sways_no_more_of_it() -> None:
    """Three noble crowns (LoR 12.3.6): one out of the game, two on ministers: no third noble."""
    s = underground({})
    g = table(s)
    apply_line(g, "D", "#brigadier->$")
    apply_line(g, "D", "#brigadier$->")
    apply_line(g, "D", "#brigadier->$/#banker->$")
    with pytest.raises(LineRefused, match="no noble crown is left"):
        apply_line(g, "D", "#mayor->$")
    invariants.check(s)


@pytest.mark.parametrize(("faction", "line", "corner"), [("lizards", "4w->4/b_r->4", 4), ("duchy", "2w->2/t->2", 2)])
def test_a_human_cult_or_duchy_setup_marks_its_starting_corner_for_the_bots_after(faction: str, line: str, corner: int) -> None:
    """The bots that set up later look for the humans' corners (8.3.2, 10.3.3: diagonally opposite)."""
    from rootbotics.table.controller import HumanPlay, TableController
    from rootbotics.table.chance import Answers

    s = position({}, seats=("marquise", faction), humans=(faction,))
    g = table(s)
    ctl = TableController(Answers([]), HumanPlay([(0, faction, line)], {faction}))
    g.controllers[faction] = ctl
    ctl.setup(g, faction)
    assert s.start_corners[faction] == corner


def test_11_2_1_a_human_corvids_move_ruling_neither_clearing_nimble() -> None:
    s = conspiracy({5: {"warriors": {"corvids": 1, "marquise": 3}}, 1: {"warriors": {"marquise": 2}}})
    apply_line(table(s), "P", "w5->1")
    assert s.warriors("corvids", 1) == 1
    s = cult({5: {"warriors": {"lizards": 1, "marquise": 3}}, 1: {"warriors": {"marquise": 2}}})
    with pytest.raises(LineRefused, match="rule neither 5 nor 1"):
        apply_line(table(s), "L", "w5->1")


def test_11_7_1_the_corvid_bots_bomb_removes_every_piece_of_a_human_cult_and_duchy() -> None:
    """The bot's bomb against humans removes all their pieces (only bots lose two, 11.8.1); the
    Corvids score for the garden and the tunnel (LoR 3.2.1)."""
    s = position({6: {"warriors": {"lizards": 3, "duchy": 2}, "buildings": [["lizards", "garden_fox"]], "tokens": [TUNNEL, PLOT]}},
                 seats=("corvids", "lizards", "duchy"), humans=("lizards", "duchy"), corvids={"plots": {"6": {"kind": "bomb", "face_up": False}}})
    g = table(s)
    plots.flip(g, 6, "11.4.4")
    cl = s.clearings[6]
    assert cl.warriors == {} and cl.buildings == [] and cl.tokens == [("corvids", "plot")]
    assert s.factions["corvids"].vp == 1 + 2  # the flip (one face-up plot), the garden and the tunnel
    invariants.check(s)
