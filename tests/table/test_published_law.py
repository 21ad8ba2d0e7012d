"""Issue 26 part 5: Rootlog games replayed through the legal moves (``table/published_law.py``):
small games of our own always; the published games of Vagabottos/Rootlog when a copy is fetched."""

from __future__ import annotations

import pytest
from tests.table.test_rootlog_file import ROOTLOG_GIT

from rootbotics.table.published import game_paths, show
from rootbotics.table.published_law import check_game

HEAD = """Map: Fall
Deck: Standard
Pool: CE
C: Ada
E: Bo

"""
SETUP_C = "C:t_k->1/b_s->1/b_w->5/b_r->5/w->1+2+4+5+6+7+8+9+10+11+12\n"
SETUP_E = "E:(6w+b)->3/#despot->$\n"


def test_legal_setups_in_another_order_than_the_engine_asks_are_legal() -> None:
    """The line places the workshop before the warriors; the engine asks the keep, then the
    sawmill, workshop, recruiter, and places the warriors itself: the change is the same."""
    v = check_game(HEAD + SETUP_C + SETUP_E)
    assert v.status == "legal" and v.checked == 2, v.text()


def test_a_keep_outside_a_corner_is_refused_with_its_rule() -> None:
    v = check_game(HEAD + SETUP_C.replace("t_k->1", "t_k->6") + SETUP_E)
    assert v.status == "refused" and v.line == 7 and v.why.startswith("LoR 6.3"), v.text()


def test_lor_4_1_a_craft_is_followed_with_each_card_that_could_have_made_it() -> None:
    """The file names the item (``Z%f``) or the card (``Zvisit``: A Visit to Friends), not the
    copy: a boot comes from A Visit to Friends, Travel Gear or Woodland Runners, each costing one
    rabbit (LoR 4.1.1); the workshop in 5 (rabbit) pays it, and the boot scores 1 VP."""
    for craft in ("Z%f", "Zvisit", "Zavisittofriends"):
        v = check_game(HEAD + SETUP_C + SETUP_E + f"C:t->1/{craft}/++/#->C\n")
        assert v.status == "legal" and v.checked == 3, (craft, v.text())


def test_lor_4_1_a_craft_no_card_of_the_deck_makes_or_no_crafting_pieces_pay_is_refused() -> None:
    v = check_game(HEAD + SETUP_C + SETUP_E + "C:t->1/Zsomethingelse/#->C\n")
    assert v.status == "refused" and v.line == 9 and v.why.startswith("LoR 4.1: no card of the deck crafts Zsomethingelse"), v.text()
    # LoR 4.1.1: a sword costs two foxes; her one workshop is in 5, a rabbit clearing
    v = check_game(HEAD + SETUP_C + SETUP_E + "C:t->1/Z%s/++2/#->C\n")
    assert (v.status, v.line, v.checked) == ("refused", 9, 2), v.text()
    assert v.why == "LoR 4.1.1: no card that makes Z%s can be paid with the crafting pieces on the map (1 rabbit)"


RIVERFOLK_HEAD = HEAD.replace("Pool: CE", "Pool: CEO").replace("E: Bo\n", "E: Bo\nO: Cy\n")


def test_lor_11_3_a_riverfolk_setup_with_its_funds_unwritten_and_its_prices_is_followed_and_one_off_the_river_refused() -> None:
    """Issue 27: the Company's setup line as Rootlog_V2 writes it (four warriors by the river,
    LoR 11.3.2; prices ``$_->3``, LoR 11.3.5; its Starting Funds unwritten, LoR 11.3.4); the
    Fall map's river clearings are 4, 5, 7, 10 and 11."""
    v = check_game(RIVERFOLK_HEAD + SETUP_C + SETUP_E + "O:w->4+5+7+10/$_->3\n")
    assert v.status == "legal" and v.checked == 3, v.text()
    v = check_game(RIVERFOLK_HEAD + SETUP_C + SETUP_E + "O:w->2+5+6+10/$_->3\n")
    assert v.status == "refused" and v.line == 10 and v.why.startswith("LoR 11.3.2"), v.text()


def test_lor_11_2_6_a_hand_card_bought_from_a_human_riverfolk_is_followed() -> None:
    """``3w->O$/B#O->C``: the Marquise pays three warriors, the Hand Card's price (LoR 11.2.6.1),
    and takes a bird card from the Company's hand (LoR 11.2.7.1), which is fitted to hold one."""
    v = check_game(RIVERFOLK_HEAD + SETUP_C + SETUP_E + "O:w->4+5+7+10/$_h->3\nC:3w->O$/B#O->C/t->1/#->C\n")
    assert v.status == "legal" and v.checked == 4, v.text()


def test_a_battle_with_a_bot_is_not_checked_and_says_so() -> None:
    head = RIVERFOLK_HEAD.replace("O: Cy\n", "O: Clockwork Riverfolk // bot (Law of Robotics), difficulty default\n")
    v = check_game(head + SETUP_C + SETUP_E + "O:w->4+5+7+10\nC:t->1/XO5/Ow5->/#->C\n")
    assert v.status == "unchecked" and v.line == 11 and "a battle with the riverfolk" in v.why and "not played by legal moves" in v.why, v.text()


# Where each published game stops, why, and how many human seats' lines were legal before
# (docs/rootlog.md says which, per game, and why). Every faction's Law is built (issue 27): the
# expansion factions' lines are checked too. A refusal names the rule; "could not be checked"
# says what the engine cannot follow (the strict import's own stop, the search's budget).
PUBLISHED = {
    "Games/2020_11_08_mega_exploding_birds.rootlog": ("refused", 18, "LoR 4.2.1: '4w10->4' moves the riverfolk's warriors out of 10, where it has none", 5),
    "Games/2020_11_19_winter_tournament_r1g2.rootlog": ("refused", 25, "LoR 9.5.5: the quest 'R#Q->$' both draws and scores (2#->V/++)", 6),
    "Games/2020_11_19_orderly_eyrie.rootlog": ("refused", 28, "LoR 8.2.6: '#->A' draws the Alliance a card into its hand after the sympathy token removed in 2", 13),
    "Games/2020_11_20_winter_tournament_r1g5.rootlog": ("refused", 30, "LoR 12.5.1.2: the line places 4 warriors in the Burrow; at most 3", 10),
    "Games/2020_11_24_winter_tournament_r2g4.rootlog": ("refused", 20, "LoR 6.5.4.2: the buildings the line places cost 2 wood, and it removes 0", 4),
    "Games/2020_11_25_winter_tournament_r2g3.rootlog": ("refused", 28, "LoR 10.5.2: after its first reveal the line places 2 in rabbit clearings (1 rabbit card revealed)", 8),
    "Games/2020_11_26_winter_tournament_r1g3.rootlog": ("refused", 31, "LoR 4.1.1: no card that makes Z%b can be paid with the crafting pieces on the map (1 fox)", 11),
    "Games/2020_12_05_after_dark_special.rootlog": ("refused", 19, "LoR 13.5.2: the plots placed in 4 remove 1 Corvid warrior from 4", 5),
}


def check_published(path: str, expected: tuple[str, int, str, int]) -> None:
    assert path in game_paths(ROOTLOG_GIT)
    v = check_game(show(ROOTLOG_GIT, path), path)
    status, line, why, checked = expected
    assert (v.status, v.line, v.checked) == (status, line, checked) and why in v.why, v.text()


@pytest.mark.skipif(not ROOTLOG_GIT.is_dir(), reason="the Rootlog repository is not fetched here")
@pytest.mark.parametrize("path", sorted(PUBLISHED))
def test_published_games_through_the_legal_moves(path: str) -> None:
    check_published(path, PUBLISHED[path])


def test_the_check_command_says_per_file_and_exits_1_on_a_refused_line(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    from tests.cli_helpers import cli

    good, bad = tmp_path / "good.rootlog", tmp_path / "bad.rootlog"
    good.write_text(HEAD + SETUP_C + SETUP_E, encoding="utf-8")
    bad.write_text(HEAD + SETUP_C.replace("t_k->1", "t_k->6") + SETUP_E, encoding="utf-8")
    code, out, _ = cli(capsys, "rootlog", "check", str(good))
    assert code == 0 and out.startswith(f"{good}: every checked line legal")
    code, out, _ = cli(capsys, "rootlog", "check", str(good), str(bad))
    assert code == 1 and f"{bad}: refused line " in out and "LoR 6.3" in out
