"""Counting bounds on a human seat's turn line (``table/line_bounds.py``), checked before the
search of legal moves: each refuses a line no chain could make, with its rule."""

from __future__ import annotations

from typing import Any

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


def test_lor_9_5_8_a_vagabond_crafts_only_with_hammers_and_his_clearing_s_suit() -> None:
    """Every bag card costs a mouse (Birdy Bindle, Gently Used Knapsack, Smuggler's Trail): a
    Vagabond with a hammer in a fox clearing cannot craft ``Z%b`` (LoR 4.1.1, 9.5.8); in a mouse
    clearing he can, and without a hammer only with one the line gives him first (``%h5->$``,
    counted although the import leaves his items to the table)."""
    from rootbotics.table.published_law import unpayable
    from rootbotics.table.rootlog import Craft

    def at(suit: str, items: list[str]) -> Any:
        s = position({}, seats=("vagabot", "eyrie"), humans=("vagabot",))
        c = next(c for c in range(1, 13) if s.suits[c] == suit)
        return position({}, seats=("vagabot", "eyrie"), humans=("vagabot",), vagabot={"vagabond": {"character": "tinker", "location": c, "items": items}})

    bag = Craft(item="b")
    s = at("fox", ["hammer", "boots"])
    assert unpayable(s, "vagabot", "V", [], bag) == "LoR 4.1.1: no card that makes Z%b can be paid with the crafting pieces on the map (1 fox)"
    s = at("mouse", ["hammer", "boots"])
    assert unpayable(s, "vagabot", "V", [], bag) is None
    s = at("mouse", ["boots"])
    assert unpayable(s, "vagabot", "V", [], bag) == "LoR 4.1.1: no card that makes Z%b can be paid with the crafting pieces on the map (none)"
    assert unpayable(s, "vagabot", "V", parse_action("%h->$", "V"), bag) is None


def test_lor_9_5_5_a_quest_written_with_both_rewards_is_refused() -> None:
    """A quest scores or draws two cards (LoR 9.5.5): ``R#Q->$/2#->V/++`` writes both; either
    alone, a score later in the line (an Aid's), or the quest's VP then the Evening's draw of
    two (one and a coin, LoR 9.6.2) is no slip."""
    s = position({}, seats=("vagabot", "eyrie"), humans=("vagabot",))
    why = broken_bound(s, "vagabot", "V", "turn", parse_action("%t->e/R#Q->$/2#->V/++/#->V", "V"))
    assert why == "LoR 9.5.5: the quest 'R#Q->$' both draws and scores (2#->V/++); a quest rewards one or the other", why
    assert broken_bound(s, "vagabot", "V", "turn", parse_action("R#Q->$/++/2#->V", "V")) is None
    assert broken_bound(s, "vagabot", "V", "turn", parse_action("R#Q->$/2#->V/%f->e/#V->E/++/#->V", "V")) is None
    assert broken_bound(s, "vagabot", "V", "turn", parse_action("R#Q->$/++/#->V", "V")) is None


def test_lor_10_5_2_a_ritual_piece_in_a_clearing_of_another_suit_than_its_card_is_refused() -> None:
    """After the first reveal, the Lizards place pieces by rituals only: each matches its card
    (LoR 10.5.1, 10.5.2), a bird card any suit. Fall's clearing suits are read from the map."""
    s = position({}, seats=("lizards", "eyrie"), humans=("lizards",))
    fox, rabbit = (next(c for c in range(1, 13) if s.suits[c] == suit) for suit in ("fox", "rabbit"))
    assert broken_bound(s, "lizards", "L", "turn", parse_action(f"F#^/w->{fox}/R#^/w->{rabbit}", "L")) is None
    why = broken_bound(s, "lizards", "L", "turn", parse_action(f"F#^/w->{rabbit}/R#^/w->{rabbit}", "L"))
    assert why == ("LoR 10.5.2: after its first reveal the line places 2 in rabbit clearings (1 rabbit card revealed), with 0 bird cards revealed; "
                   "a ritual places a piece only in a clearing matching its card (LoR 10.5.1, 10.5.2)"), why
    assert broken_bound(s, "lizards", "L", "turn", parse_action(f"B#^/w->{rabbit}/R#^/w->{rabbit}", "L")) is None  # the bird for either
    assert broken_bound(s, "lizards", "L", "turn", parse_action(f"w->{rabbit}/F#^/w->{fox}", "L")) is None  # before the first reveal: a conspiracy's


def test_lor_8_2_6_an_outrage_card_drawn_into_the_alliance_hand_is_refused() -> None:
    """Another seat that removes a sympathy token gives a matching card to the Supporters, or
    the Alliance draws one into its Supporters (LoR 8.2.6); ``#->A`` right after is its hand."""
    s = position({}, seats=("eyrie", "alliance"), humans=("eyrie",))
    why = broken_bound(s, "eyrie", "E", "turn", parse_action("XA2/At2->/#->A/++2", "E"))
    assert why == "LoR 8.2.6: '#->A' draws the Alliance a card into its hand after the sympathy token removed in 2 ('At2->'); an Outrage's card goes to its Supporters", why
    assert broken_bound(s, "eyrie", "E", "turn", parse_action("XA2/At2->/#->A$/++2", "E")) is None
    assert broken_bound(s, "eyrie", "E", "turn", parse_action("XA2/At2->/B#E->A$/++2", "E")) is None
