"""Counting bounds on a human seat's turn line (``table/line_bounds.py``), checked before the
search of legal moves: each refuses a line no chain could make, with its rule."""

from __future__ import annotations

from helpers import position

from rootbotics.table.line_bounds import broken_bound
from rootbotics.table.published_law import check_game
from rootbotics.table.rootlog import parse_action
from tests.table.test_published_law import HEAD, SETUP_C, SETUP_E


def test_lor_6_5_4_2_a_marquise_building_placed_without_its_wood_is_refused_before_any_search() -> None:
    """After the setup (one building of each kind placed), a second recruiter costs one wood
    (the track's second space): ``b_r->10`` with no wood removed cannot be made; with the
    Birdsong's wood in 1 spent (``t1->``) the bound holds and the search follows the line."""
    v = check_game(HEAD + SETUP_C + SETUP_E + "C:t->1/b_r->10/++/#->C\n")
    assert (v.status, v.line, v.checked) == ("refused", 9, 2), v.text()
    assert v.why == "LoR 6.5.4.2: the buildings the line places cost 1 wood, and it removes 0 from the map"
    v = check_game(HEAD + SETUP_C + SETUP_E + "C:t->1/t1->/b_r->10/++/#->C\n")
    assert v.status == "legal" and v.checked == 3, v.text()


def duchy_state(citadels: int = 0) -> object:
    """Fall: the Duchy with two warriors and a tunnel in 1, ``citadels`` citadels there."""
    c1 = {"warriors": {"duchy": 2}, "tokens": [["duchy", "tunnel"]], "buildings": [["duchy", "citadel"]] * citadels}
    return position({1: c1}, seats=("duchy", "eyrie"), humans=("duchy",))


def test_lor_12_4_and_12_5_1_2_more_warriors_into_the_burrow_than_birdsong_and_two_recruits_is_refused() -> None:
    """No citadel on the map, no warrior icon: one warrior in Birdsong (LoR 12.4) and one per
    Recruit, two Assembly actions at most (LoR 12.5.1.2): three at most."""
    s = duchy_state()
    assert broken_bound(s, "duchy", "D", "turn", parse_action("3w->0/#->D", "D")) is None
    why = broken_bound(s, "duchy", "D", "turn", parse_action("4w->0/#->D", "D"))
    assert why is not None and why.startswith("LoR 12.5.1.2: the line places 4 warriors in the Burrow; at most 3"), why
    # moving warriors in through a tunnel is no placement; the setup places as it likes
    assert broken_bound(s, "duchy", "D", "turn", parse_action("3w->0/2w1->0", "D")) is None
    assert broken_bound(s, "duchy", "D", "setup", parse_action("4w->0", "D")) is None


def test_lor_13_5_2_a_plot_paid_with_warriors_of_another_clearing_is_refused() -> None:
    """The first plot of a turn removes one Corvid warrior from its own clearing, the second two
    (LoR 13.5.2)."""
    s = position({2: {"warriors": {"corvids": 1}}, 4: {"warriors": {"corvids": 3}}}, seats=("corvids", "eyrie"), humans=("corvids",))
    assert broken_bound(s, "corvids", "P", "turn", parse_action("w4->/t->4/2w4->/t->2", "P")) is not None
    assert broken_bound(s, "corvids", "P", "turn", parse_action("w2->/t->2/2w4->/t->4", "P")) is None
    why = broken_bound(s, "corvids", "P", "turn", parse_action("w2->/t->4", "P"))
    assert why == "LoR 13.5.2: the plots placed in 4 remove 1 Corvid warrior from 4 (one more for each plot placed before it this turn); the line removes 0 there", why


def test_lor_4_2_1_a_move_of_warriors_the_clearing_does_not_hold_is_refused_when_every_line_before_was_checked() -> None:
    """The Marquise placed no warrior in 3 (the Eyrie's corner): ``w3->7`` cannot be made. Every
    line before was played by the legal moves, so the position is the engine's, and the strict
    import's stop is a refusal with the rule (it stays "could not be checked" after a bot's line,
    whose pieces are only the file's bookkeeping)."""
    v = check_game(HEAD + SETUP_C + SETUP_E + "C:t->1/w3->7/#->C\n")
    assert (v.status, v.line, v.checked) == ("refused", 9, 2), v.text()
    assert v.why == "LoR 4.2.1: 'w3->7' moves the marquise's warriors out of 3, where it has none"
    bot_head = HEAD.replace("E: Bo\n", "E: Bo // bot\n")
    v = check_game(bot_head + SETUP_C + SETUP_E + "C:t->1/w3->7/#->C\n")
    assert v.status == "unchecked" and "the strict import stops at 'w3->7'" in v.why, v.text()
