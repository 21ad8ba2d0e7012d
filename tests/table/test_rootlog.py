"""Rootlog V2.8 parser and writer: every token kind, refusals naming the token, round trips."""

from __future__ import annotations

import pytest

from rootbotics.table.rootlog import (
    Battle, Board, Card, Clearing, Counted, Craft, DiscardPile, Dominance, Exposure, Flip, Forest,
    Hand, Item, ItemPlace, Move, Part, PathLoc, Piece, Quests, RemovePath, Reveal, RootlogError,
    Score, SetMarker, Trick, format_action, format_actions, parse_action,
)


def one(text: str, faction: str | None = "C"):
    actions = parse_action(text, faction)
    assert len(actions) == 1
    return actions[0]


def w(n: int = 1, faction: str | None = None) -> Counted:
    return Counted(n, Piece(faction, "w"))


# -- pieces ------------------------------------------------------------------------------
def test_warriors_move_between_clearings() -> None:
    assert one("4w11->2") == Move((Part((w(4),), Clearing(11)),), (Clearing(2),))


def test_piece_of_another_faction_with_its_letter() -> None:
    assert one("2Ew7->") == Move((Part((w(2, "E"),), Clearing(7)),), ())


def test_building_from_supply_to_a_clearing() -> None:
    assert one("b_w->4") == Move((Part((Counted(1, Piece(None, "b", "w")),)),), (Clearing(4),))


def test_keep_wood_and_trade_post_letters() -> None:
    assert one("t_k->1").parts[0].things[0].thing == Piece(None, "t", "k")
    assert one("t->1").parts[0].things[0].thing == Piece(None, "t", "")
    assert one("t_m->6", "O").parts[0].things[0].thing == Piece(None, "t", "m")


def test_alliance_bases_lizard_gardens_duchy_buildings_corvid_plots() -> None:
    assert one("Ab_f3->").parts[0].things[0].thing == Piece("A", "b", "f")
    assert one("Lb_m3->").parts[0].things[0].thing == Piece("L", "b", "m")
    assert one("Db_c3->").parts[0].things[0].thing == Piece("D", "b", "c")
    assert one("Pt_s3->").parts[0].things[0].thing == Piece("P", "t", "s")


def test_pawn_to_a_forest() -> None:
    assert one("p->1_2_5_10", "V") == Move((Part((Counted(1, Piece(None, "p")),)),), (Forest((1, 2, 5, 10)),))


def test_the_ferry_moves_with_warriors() -> None:
    act = one("(2w+f)3->9")
    assert act.parts[0].things == (w(2), Counted(1, Piece(None, "f")))


def test_burrow_is_clearing_zero_for_the_duchy() -> None:
    assert one("3w0->6", "D").parts[0].start == Clearing(0)


def test_several_destinations_and_several_parts() -> None:
    act = one("w+t_r->8+9", "O")
    assert len(act.parts) == 2 and act.dests == (Clearing(8), Clearing(9))


def test_group_with_a_shared_start() -> None:
    act = one("(3w+2Ew+Eb)5->")
    assert act.parts == (Part((w(3), w(2, "E"), Counted(1, Piece("E", "b"))), Clearing(5)),)


# -- cards -------------------------------------------------------------------------------
def test_draw_a_card() -> None:
    assert one("2#->C") == Move((Part((Counted(2, Card()),)),), (Hand("C"),))


def test_discard_a_suited_card_from_hand() -> None:
    assert one("R#C->") == Move((Part((Counted(1, Card("R")),), Hand("C")),), ())


def test_named_card_between_hands_and_from_the_discard_pile() -> None:
    assert one("M#codebO->E").parts[0] == Part((Counted(1, Card("M", "codeb")),), Hand("O"))
    assert one("R#@*->A", "A").parts[0].start == DiscardPile()


def test_suit_group_shares_the_card_sign() -> None:
    act = one("(3F+B)#$->", "A")
    assert act.parts[0].things == (Counted(3, Card("F")), Counted(1, Card("B")))
    assert format_action(act) == "(3F#+B#)$->"


def test_cards_to_decree_column_and_supporters() -> None:
    assert one("F#E->$_x", "E").dests == (Board(None, "x"),)
    assert one("#C->A$").dests == (Board("A", None),)


# -- items -------------------------------------------------------------------------------
def test_item_from_a_ruin_and_between_boards() -> None:
    assert one("%h7->$", "V").parts[0] == Part((Counted(1, Item("h")),), Clearing(7))
    assert one("%cO$->V$", "V").dests == (Board("V", None),)


def test_item_states_and_board_areas() -> None:
    act = one("(%x+%f)de->s+r", "V")
    assert act.parts[0].start == ItemPlace("d", "e")
    assert act.dests == (ItemPlace("s", None), ItemPlace(None, "r"))
    assert one("%_t->s", "V").parts[0].things[0].thing == Item("_")


def test_quests() -> None:
    assert one("R#Q->$", "V").parts[0].start == Quests()


# -- other actions -----------------------------------------------------------------------
def test_battle_with_ambushes_and_rolls() -> None:
    assert one("XE4F@B@(3,1)") == Battle(None, "E", 4, ("F", "B"), (3, 1))
    assert one("OXA2", "V") == Battle("O", "A", 2, (), None)


def test_score_and_lose_points() -> None:
    assert one("++") == Score(None, 1, False)
    assert one("V++3") == Score("V", 3, False)
    assert one("--2") == Score(None, 2, True)


def test_dominance_marker_to_a_board() -> None:
    assert one("++->V$") == Dominance(Board("V"))


def test_reveals() -> None:
    assert one("^P") == Reveal((), None, "P")
    assert one("V^O") == Reveal((), "V", "O")
    assert one("M#+2R#^") == Reveal((Counted(1, Card("M")), Counted(2, Card("R"))), None, None)
    assert one("F#C^E") == Reveal((Counted(1, Card("F")),), "C", "E")
    both = Reveal((Counted(1, Card("M")), Counted(2, Card("R"))), "C", None)
    assert one("M#+2R#C^") == both and format_action(both) == "(M#+2R#)C^"


def test_corvid_plots_flip_trick_and_exposure() -> None:
    assert one("Pt6^t_e") == Flip("P", 6, "e")
    assert one("t2<->t11", "P") == Trick(2, 11)
    assert one("?Pt_r8") == Exposure("r", 8)
    assert one("?Pt8^t_r") == Exposure("r", 8)


def test_board_markers_prices_relationship_outcast_decree() -> None:
    assert one("$_->4", "O") == SetMarker((Board(None, ""),), "4")
    assert one("($_r+$_h)->2", "O") == SetMarker((Board(None, "r"), Board(None, "h")), "2")
    assert one("$_E->a", "V") == SetMarker((Board(None, "E"),), "a")
    assert one("$_ho->M", "L") == SetMarker((Board(None, "ho"),), "M")
    assert one("$_->", "E") == SetMarker((Board(None, ""),), "")


def test_remove_a_closed_path() -> None:
    assert one("3_7->") == RemovePath(3, 7)


def test_path_as_a_location() -> None:
    assert one("w->3_7", "C").dests == (PathLoc(3, 7),)


def test_craft_item_and_card() -> None:
    assert one("Z%x") == Craft(item="x")
    assert one("Zx") == Craft(item="x")
    assert one("Zcob") == Craft(card="cob")


def test_turn_line_with_prefix_separators_and_comment() -> None:
    acts = parse_action("E: 2w->7 ; ++ / #->E // a quiet turn")
    assert [format_action(a) for a in acts] == ["2w->7", "++", "#->E"]


# -- refusals: each names the token --------------------------------------------------------
@pytest.mark.parametrize(
    ("line", "token", "words"),
    [
        ("w->13", "13", "no such clearing"),
        ("w->0", "0", "Burrow"),
        ("Cb_q->3", "Cb_q", "no b_q"),
        ("b_s->3", "b_s", "no b_s"),  # the Eyrie have no sawmill (faction E below)
        ("Kb_x->3", "Kb_x", "no b_x"),  # the Keepers' waystations are b_f_t, b_t_j, b_j_f (either side up)
        ("h_Cw->3", "h_C", "hirelings"),
        ("#F->C", "F", "is a suit"),
        ("0w3->5", "0", "at least 1"),
        ("2p->5", "2p", "only one"),
        ("p5->6", "p5", "always left out"),
        ("XE", "XE", "a battle is"),
        ("XE3(4,1)", "(4,1)", "0 to 3"),
        ("XE13", "13", "no such clearing"),
        ("XC3", "XC3", "battle itself"),
        ("w7->*", "*", "only a start"),
        ("F#C->5", "F#C->5", "cards do not go to clearings"),
        ("w->C", "w->C", "pieces do not go to a hand"),
        ("%q->e", "%q", "unknown item"),
        ("w5->", "", ""),  # accepted; a control line for the table below
        ("5_3->", "5_3", "lowest first"),
        ("t4<->t4", "t4<->t4", "two different"),
        ("Pt4^t_q", "t_q", "a plot is"),
        ("?Pt_z4", "t_z", "a plot is"),
        ("Z%", "Z%", "a craft is"),
        ("w->5//", "", ""),
        ("w5-6", "w5-6", "not an action"),
        ("w->5/", "/", "empty action"),
        ("w->5 x", "x", "unexpected"),
        ("++0", "++0", "at least 1"),
        ("++->5", "5", "faction board"),
        ("(w+$)->5", "$)->5", "expected a piece"),
        ("(t+w3)->5", "(t+w3", "none inside"),
        ("$_h+w->2", "$_h+w->2", "together"),
        ("F#C+M#^", "F#C+M#", "one hand"),
        ("w^C", "w", "cards from one hand"),
    ],
)
def test_refused_lines_name_their_token(line: str, token: str, words: str) -> None:
    faction = {"b_s->3": "E", "2p->5": "V", "p5->6": "V"}.get(line, "C")
    if not words:
        assert parse_action(line, faction)
        return
    with pytest.raises(RootlogError) as err:
        parse_action(line, faction)
    assert f"{token!r}" in str(err.value) and words in str(err.value)
    assert "column" in str(err.value)


def test_error_column_points_at_the_token() -> None:
    with pytest.raises(RootlogError) as err:
        parse_action("C:w->3/w->14")
    assert err.value.column == 11 and err.value.token == "14"


def test_prefix_must_agree_with_the_given_faction() -> None:
    with pytest.raises(RootlogError, match="'E:'.*Eyrie"):
        parse_action("E:w->3", "C")


def test_canonical_text_of_a_whole_turn() -> None:
    text = "3w5->9/E:b->6".split("/")[0]
    assert format_actions(parse_action(text, "C")) == "3w5->9"
    assert format_actions(parse_action("w+t_r->10/1#->O", "O")) == "w+t_r->10/#->O"
