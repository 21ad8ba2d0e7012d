"""Targeting, once for every bot (Law of Robotics 2.1-2.5, 12.2.2): priority, player setup
priority, legality fallback, action order, "such a", and the explanations of a choice."""

from __future__ import annotations

import dataclasses

from conftest import fall_state, put_warriors
from rootbotics.core.targeting import HIGHEST, LOWEST, choose_clearing, choose_player, fewest, in_priority_order, most
from rootbotics.core import rules as R
from rootbotics.core.maps import CLEARINGS, load_map


def table(values: dict[int, int]):
    """A criterion key reading a fixed table (missing clearings count 0)."""
    return lambda c: values.get(c, 0)


def refuse(*illegal: int | str, why: str = "not allowed"):
    """A legality check (2.3) that refuses the given targets."""
    return lambda t: why if t in illegal else None


# -- 2.1 clearing priority ---------------------------------------------------------------------------
def test_2_1_highest_priority_is_the_lowest_number():
    """2.1: the clearing of highest priority is marked 1, the lowest 12."""
    s = fall_state("marquise")
    choice = choose_clearing(s, "build", [12, 8, 6])
    assert choice.target == 6
    assert choice.ranked == [6, 8, 12]
    assert choose_clearing(s, "all", CLEARINGS).target == 1


def test_2_1_lowest_priority_when_the_action_asks():
    """2.1 with e.g. 4.7.2 / 5.5.1 I c: 'of lowest priority' takes the highest number."""
    s = fall_state("marquise")
    choice = choose_clearing(s, "recruit", [6, 12, 8], priority=LOWEST)
    assert choice.target == 12
    assert choice.ranked == [12, 8, 6]
    assert choose_clearing(s, "all", CLEARINGS, priority=LOWEST).target == 12


def test_2_1_criteria_apply_in_order_before_priority():
    """2.1: the action's rules come first; priority only breaks the ties they leave."""
    s = fall_state("marquise")
    enemies = table({3: 1, 7: 4, 9: 4, 11: 4})
    eyrie_warriors = table({7: 2, 9: 1, 11: 1})
    only_first = choose_clearing(s, "battle", [3, 7, 9, 11], [most("most enemy pieces", enemies)])
    assert only_first.target == 7  # 7, 9, 11 tie on enemies; 7 has highest priority
    both = choose_clearing(
        s, "recruit", [3, 7, 9, 11],
        [most("most enemy pieces", enemies), fewest("fewest Eyrie warriors", eyrie_warriors)],
    )
    assert both.target == 9  # 9 and 11 tie on both criteria; 9 has the higher priority
    assert both.ranked == [9, 11, 7, 3]
    lowest = choose_clearing(
        s, "recruit", [3, 7, 9, 11],
        [most("most enemy pieces", enemies), fewest("fewest Eyrie warriors", eyrie_warriors)],
        priority=LOWEST,
    )
    assert lowest.target == 11
    # A clearing of top priority that loses on the first criterion is not chosen.
    assert choose_clearing(s, "x", [1, 12], [fewest("fewest", table({1: 2, 12: 0}))]).target == 12


def test_2_1_explain_names_target_candidates_and_priority():
    """2.1: a choice made by priority says so, with the chosen target and the candidates."""
    s = fall_state("marquise")
    choice = choose_clearing(s, "build", [12, 8, 6], [most("most Marquise warriors", table({6: 2, 8: 2, 12: 2}))])
    text = choice.explain()
    assert text.startswith("build: ranked by most Marquise warriors: 6, 8, 12 (2)")
    assert "chose 6" in text
    assert "by highest priority (2.1)" in text
    assert choice.decided_by() == "highest priority (2.1)"
    low = choose_clearing(s, "recruit", [12, 8, 6], priority=LOWEST)
    assert "chose 12 by lowest priority (2.1)" in low.explain()


def test_2_1_explain_names_the_deciding_criterion():
    """2.1: when a criterion decides, the explanation names it and its rule number."""
    s = fall_state("marquise")
    choice = choose_clearing(
        s, "move to", [4, 9, 12],
        [most("most enemy pieces", table({4: 1, 9: 3, 12: 3}), "4.5.4"),
         fewest("fewest roosts", table({9: 1}), "5.5.1 III a")],
    )
    assert choice.target == 12
    text = choice.explain()
    assert "chose 12 by fewest roosts (5.5.1 III a)" in text
    assert "ranked by most enemy pieces, fewest roosts: 12 (3, 0); 9 (3, 1); 4 (1, 0)" in text
    first = choose_clearing(s, "move to", [4, 9], [most("most enemy pieces", table({4: 1, 9: 3}), "4.5.4")])
    assert first.decided_by() == "most enemy pieces (4.5.4)"
    single = choose_clearing(s, "build", [5])
    assert single.decided_by() == "the only candidate"
    assert "chose 5 by the only candidate" in single.explain()
    assert choose_clearing(s, "build", []).explain() == "build: no candidates"


# -- 2.2 player priority -----------------------------------------------------------------------------
def test_2_2_players_tie_broken_by_setup_priority_marquise_eyrie_alliance():
    """2.2: a tie between players goes to setup priority A (Marquise), B (Eyrie), C (Alliance)."""
    s = fall_state("marquise", "eyrie", ("alliance", "human"))
    assert choose_player(s, "defender", ["alliance", "eyrie", "marquise"]).target == "marquise"
    assert choose_player(s, "defender", ["alliance", "eyrie"]).target == "eyrie"
    tied = choose_player(s, "defender", ["alliance", "eyrie"], [most("most pieces there", lambda f: 2)])
    assert tied.target == "eyrie"
    assert tied.ranked == ["eyrie", "alliance"]
    assert "by setup priority (2.2)" in tied.explain()


def test_2_2_player_criteria_come_before_setup_priority():
    """2.2 (e.g. 4.5.1 I): the action's rules first (most pieces, then most VP), setup priority last."""
    s = fall_state("marquise", "eyrie", ("alliance", "human"))
    pieces = {"marquise": 3, "eyrie": 3, "alliance": 3}
    vp = {"marquise": 4, "eyrie": 4, "alliance": 7}
    choice = choose_player(
        s, "defender", ["marquise", "eyrie", "alliance"],
        [most("most pieces there", pieces.__getitem__, "4.5.1"), most("most VP", vp.__getitem__, "4.5.1 I")],
    )
    assert choice.target == "alliance"
    assert choice.ranked == ["alliance", "marquise", "eyrie"]
    assert choice.decided_by() == "most VP (4.5.1 I)"


def test_2_3_player_legality_falls_back_in_setup_order():
    """2.3 for players: an illegal player is skipped for the next in target priority."""
    s = fall_state("marquise", "eyrie", ("alliance", "human"))
    choice = choose_player(s, "defender", ["alliance", "eyrie", "marquise"], legal=refuse("marquise", why="no pieces"))
    assert choice.target == "eyrie"
    assert choice.skipped == [("marquise", "no pieces")]


# -- 2.3 target legality -----------------------------------------------------------------------------
ENEMIES = table({7: 5, 3: 5, 1: 3, 2: 3, 9: 1})


def test_2_3_target_legality_falls_back_to_tied_then_next_rank():
    """2.3: an illegal top target is skipped; the bot tries another target tied with it, then the
    next rank (most enemy warriors: 3 and 7 tie at 5, then 1 and 2 at 3, then 9)."""
    s = fall_state("marquise")
    crit = [most("most enemy warriors", ENEMIES)]
    choice = choose_clearing(s, "battle", [9, 2, 1, 7, 3], crit, legal=refuse(3, why="no warriors"))
    assert choice.target == 7  # tied with 3 in target priority
    assert choice.skipped == [(3, "no warriors")]
    choice = choose_clearing(s, "battle", [9, 2, 1, 7, 3], crit, legal=refuse(3, 7, why="no warriors"))
    assert choice.target == 1  # next rank, highest priority of it
    assert choice.skipped == [(3, "no warriors"), (7, "no warriors")]
    choice = choose_clearing(s, "battle", [9, 2, 1, 7, 3], crit, legal=refuse(3, 7, 1, why="no warriors"))
    assert choice.target == 2
    assert [t for t, _ in choice.skipped] == [3, 7, 1]
    text = choice.explain()
    assert "skipped 3 (no warriors), 7 (no warriors), 1 (no warriors)" in text
    assert "chose 2" in text


def test_2_3_no_legal_target_gives_none():
    """2.3: after attempting every candidate, the bot targets nothing."""
    s = fall_state("marquise")
    choice = choose_clearing(s, "battle", [9, 2, 1, 7, 3], [most("most enemy warriors", ENEMIES)], legal=lambda c: "no warriors")
    assert choice.target is None
    assert [t for t, _ in choice.skipped] == [3, 7, 1, 2, 9]
    assert choice.decided_by() == "no legal target"
    assert choice.explain().endswith("; none is legal")


def test_2_3_explain_after_a_skip_names_the_only_legal_candidate():
    """2.3: when every other candidate was illegal, the explanation says so."""
    s = fall_state("marquise")
    choice = choose_clearing(s, "build", [1, 6], legal=refuse(1, why="no free slot"))
    assert choice.target == 6
    assert choice.decided_by() == "the only legal candidate"
    assert "skipped 1 (no free slot); chose 6 by the only legal candidate" in choice.explain()


def test_2_3_legality_from_the_rules_move_needs_rule():
    """2.3 with LoR 4.2.1 (the rulebook's own example in spirit): the most-enemy destination the
    bot cannot move to is skipped for the next one."""
    s = fall_state("marquise", "eyrie")
    put_warriors(s, "marquise", 5, 1)
    put_warriors(s, "eyrie", 5, 3)  # the Eyrie rule the origin
    put_warriors(s, "eyrie", 1, 4)
    put_warriors(s, "eyrie", 2, 1)
    put_warriors(s, "marquise", 2, 2)  # the Marquise rule 2
    choice = choose_clearing(
        s, "move from 5", s.map.adjacent[5],
        [most("most enemy pieces", lambda c: s.enemy_pieces("marquise", c))],
        legal=lambda c: None if R.can_move(s, "marquise", 5, c) else "rules neither",
    )
    assert choice.skipped == [(1, "rules neither")]
    assert choice.target == 2


# -- 2.4 action order --------------------------------------------------------------------------------
def test_2_4_actions_go_from_highest_to_lowest_priority():
    """2.4: several actions with different targets are taken highest priority first."""
    s = fall_state("marquise")
    assert in_priority_order(s, [9, 2, 11, 5]) == [2, 5, 9, 11]
    assert in_priority_order(s, [9, 2, 11, 5], HIGHEST) == [2, 5, 9, 11]
    assert in_priority_order(s, [9, 2, 11, 5], LOWEST) == [11, 9, 5, 2]
    assert in_priority_order(s, []) == []


# -- 2.5 "such a" --------------------------------------------------------------------------------------
def test_2_5_such_a_clearing_filters_before_tie_breaking():
    """2.5: 'such a clearing' meets every criterion listed before; a clearing that does not is never
    chosen, even with a better priority or better tie-breaker values, and even when all such
    clearings turn out illegal (2.3 falls back only among such clearings)."""
    s = fall_state("marquise", "eyrie")
    put_warriors(s, "marquise", 1, 9)  # top priority and the most warriors, but not ruled (see below)
    put_warriors(s, "eyrie", 1, 9)  # tie: the Eyrie rule 1 (5.2.1)
    put_warriors(s, "marquise", 8, 2)
    put_warriors(s, "marquise", 12, 3)
    ruled = R.ruled_clearings(s, "marquise")  # "a clearing you rule"
    assert ruled == [8, 12]
    crit = [most("most Marquise warriors", lambda c: s.warriors("marquise", c))]
    choice = choose_clearing(s, "build", ruled, crit)
    assert choice.target == 12
    assert 1 not in choice.ranked and 1 not in choice.values
    none = choose_clearing(s, "build", ruled, crit, legal=lambda c: "no free slot")
    assert none.target is None
    assert [t for t, _ in none.skipped] == [12, 8]


def test_2_5_such_a_clearing_ties_broken_by_priority():
    """2.5 (4.5.2): among such clearings (ordered clearings you rule) the tie goes to priority."""
    s = fall_state("marquise")
    for c in (1, 6, 8, 12):
        put_warriors(s, "marquise", c, 1)
    put_warriors(s, "marquise", 5, 1)  # ruled but not a fox clearing
    such = [c for c in R.ruled_clearings(s, "marquise") if R.matches("fox", s.suit(c))]
    assert such == [1, 6, 8, 12]
    assert choose_clearing(s, "recruit", such).target == 1
    assert choose_clearing(s, "recruit", such, priority=LOWEST).target == 12


# -- 12.2.2 The Pass -----------------------------------------------------------------------------------
def _with_pass(c: int):
    s = fall_state("marquise")
    s.map = dataclasses.replace(s.map, pass_clearing=c)
    return s


def test_12_2_2_the_pass_wins_both_highest_and_lowest_priority():
    """12.2.2 The Pass: when a bot targets by highest or lowest priority, the Pass always meets it."""
    s = _with_pass(10)
    assert choose_clearing(s, "x", [1, 10, 12]).target == 10
    assert choose_clearing(s, "x", [1, 10, 12], priority=LOWEST).target == 10
    assert in_priority_order(s, [12, 10, 1]) == [10, 1, 12]
    assert in_priority_order(s, [12, 10, 1], LOWEST) == [10, 12, 1]
    assert load_map("fall").pass_clearing is None  # the shared map is untouched


def test_12_2_2_the_pass_only_wins_the_priority_tie_break():
    """12.2.2: the Pass wins tie-breakers by priority, not the action's own criteria."""
    s = _with_pass(10)
    crit = [most("most enemy pieces", table({1: 2, 10: 1, 12: 2}))]
    assert choose_clearing(s, "x", [1, 10, 12], crit).target == 1
    tied = [most("most enemy pieces", table({1: 2, 10: 2, 12: 2}))]
    assert choose_clearing(s, "x", [1, 10, 12], tied, priority=LOWEST).target == 10
