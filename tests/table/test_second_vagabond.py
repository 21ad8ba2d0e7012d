"""The second Vagabond (LoR: two Vagabonds in one game; Rootlog G; the engine's ``vagabond2``), a
human seat (his bot, the Robot Raccoon #2, is tests/test_bbp_raccoon2.py's): his board in the saved-position format, both pawns in one clearing
(``Clearing.pawn2``), every G token on the board (accepted and refused, one line naming the
token), and the bots' battles and effects on him under the same rules as the first (LoR 9.2.2,
9.2.4, 9.2.6, 9.2.7; the Arbiter, 7.7.6)."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest
from helpers import position

from rootbotics.controllers import ScriptedHuman
from rootbotics.core import invariants, serial
from rootbotics.core.battle import battle
from rootbotics.core.chance import Rng, RngChance, ScriptedChance
from rootbotics.core.context import Game
from rootbotics.core.fields import StateError
from rootbotics.core.rules import remove_all_enemy_pieces
from rootbotics.core.setup_order import SETUP_LETTER, setup_rank
from rootbotics.core.targeting import choose_player
from rootbotics.core.state import GameState
from rootbotics.factions import HUMAN_FACTIONS, PLAYABLE_BOTS, REGISTRY
from rootbotics.factions.vagabot.human import VagabondBoard
from rootbotics.game import ConfigError, GameConfig, Seat, new_game
from rootbotics.table.board import LineRefused, apply_line, untracked
from rootbotics.table.rootlog import parse_action

ITEMS = ("sword", "boots", "torch", "tea")


def two(v: object = 5, g: object = 5, v_items: tuple[str, ...] = ITEMS, g_items: tuple[str, ...] = ITEMS, options: dict[str, Any] | None = None, **clearings: object) -> GameState:
    """V and G (humans) with the Eyrie (a bot) on Fall: by default both pawns in 5."""
    cl = {int(k[1:]): v for k, v in clearings.items()}
    return position(
        cl, seats=("eyrie", "vagabot", "vagabond2"), humans=("vagabot", "vagabond2"), options=options,
        vagabot={"vagabond": {"location": v, "items": list(v_items)}},
        vagabond2={"vagabond": {"location": g, "items": list(g_items)}},
    )


def table(state: GameState, script: list[tuple[str, object]] | None = None, preference: tuple[str, ...] = ()) -> Game:
    controllers = {f: ScriptedHuman(preference=preference) for f, fs in state.factions.items() if not fs.is_bot}
    return Game(state, ScriptedChance(script or [], fallback=None), controllers)


def board(g: Game, faction: str = "vagabond2") -> VagabondBoard:
    b = g.state.factions[faction].board
    assert isinstance(b, VagabondBoard)
    return b


def words(g: Game, faction: str = "vagabond2") -> list[str]:
    return [i.words() for i in board(g, faction).items]


def refused(g: Game, text: str, token: str, problem: str) -> None:
    before, events = serial.dumps(g.state), len(g.log)
    with pytest.raises(LineRefused) as err:
        apply_line(g, "G", text)
    assert err.value.token == token and problem in err.value.problem, str(err.value)
    assert serial.dumps(g.state) == before and len(g.log) == events


# -- the seat and the saved position ------------------------------------------------------------
def test_the_second_vagabond_is_a_human_seat_lettered_d_like_the_first() -> None:
    assert "vagabond2" in HUMAN_FACTIONS and "vagabond2" not in PLAYABLE_BOTS
    assert SETUP_LETTER["vagabond2"] == SETUP_LETTER["vagabot"] == "D"  # ruling R-LETTERS
    # no Law bot of his (the Law has one Vagabot); his bot is the Robot Raccoon #2 (R-BBP-RR2)
    with pytest.raises(ConfigError, match=r"^seats\.1\.rule_set: the Law of Robotics has one Vagabot: .*\(vagabond2@bbp\)$"):
        new_game(GameConfig([Seat("eyrie", "bot"), Seat("vagabond2", "bot")], "fall", 1))


@pytest.mark.parametrize("first", ["vagabond2", "vagabot"])
def test_lor_9_7_1_a_draw_sets_which_vagabond_sets_up_first_beside_the_other(first: str) -> None:
    """LoR 9.7.1 and 2.2: the chance source draws which Vagabond sets up first; the two set up
    side by side (after the Alliance, before the Lizards), and the bots' ties between players
    follow that order (rulings R-LETTERS, R-TWO-VAGABONDS)."""
    seats = [Seat("lizards", "bot"), Seat("vagabond2", "human"), Seat("alliance", "bot"), Seat("vagabot", "human")]
    class Drawn(RngChance):
        def pick(self, options, what):  # type: ignore[no-untyped-def]
            return first if "LoR 9.7.1" in what else super().pick(options, what)

    chance = Drawn(Rng.from_seed(3))
    g = new_game(GameConfig(seats, "fall", 3), chance=chance)
    assert g.state.options["first_vagabond"] == first
    (drawn,) = [e for e in g.log if e.rule == "LoR 9.7.1"]
    assert first in drawn.text
    order = sorted(g.state.turn_order, key=setup_rank(g.state.options))
    second = "vagabot" if first == "vagabond2" else "vagabond2"
    assert order == ["alliance", first, second, "lizards"]
    assert choose_player(g.state, "a tie", ["lizards", "vagabond2", "vagabot"]).target == first
    again = serial.loads(serial.dumps(g.state))
    assert again.options["first_vagabond"] == first and again.clone().options["first_vagabond"] == first
    with pytest.raises(StateError, match=r'options\.first_vagabond: "eyrie" is not one of vagabot, vagabond2'):
        two(options={"first_vagabond": "eyrie"})


def test_both_pawns_stand_in_one_clearing_and_save_and_load_back() -> None:
    s = two()
    assert s.clearings[5].pawns() == ("vagabot", "vagabond2") and not invariants.check(s)
    data = json.loads(serial.dumps(s))
    assert data["factions"]["vagabond2"]["vagabond"] == {"location": 5, "items": list(ITEMS)}
    again = serial.loads(serial.dumps(s))
    assert again.clearings[5].pawns() == ("vagabot", "vagabond2") and serial.dumps(again) == serial.dumps(s)
    assert s.clone().clearings[5].pawns() == ("vagabot", "vagabond2")


def test_the_second_vagabonds_character_is_his_own_option() -> None:
    s = two(options={"vagabond2_character": "arbiter"})
    assert REGISTRY["vagabond2"].describe_board(s, s.factions["vagabond2"])[0] == "Second Vagabond: the Arbiter, in clearing 5"
    assert REGISTRY["vagabot"].describe_board(s, s.factions["vagabot"])[0] == "Vagabond: in clearing 5"
    with pytest.raises(StateError, match=r"vagabond2_character: 'wizard' is not a Vagabond character"):
        two(options={"vagabond2_character": "wizard"})


def test_a_bot_board_for_the_second_vagabond_is_refused_in_one_line() -> None:
    # a Law bot seat of his: the Law has one Vagabot (his bot is the Robot Raccoon #2, R-BBP-RR2)
    with pytest.raises(StateError, match=r"^factions\.vagabond2\.rule_set: the Law of Robotics has one Vagabot"):
        position({}, seats=("eyrie", "vagabond2"), humans=())
    with pytest.raises(StateError, match=r"^factions\.vagabond2\.vagabot: "):
        position({}, seats=("eyrie", "vagabond2"), humans=("vagabond2",), vagabond2={"vagabot": {}})


# -- G's lines: the pawn -------------------------------------------------------------------------
def test_g_sets_up_in_a_forest_with_items_from_the_box() -> None:
    g = table(two(v="forest:2", g=None, g_items=()))
    apply_line(g, "G", "p->1_2_5_10/%s->s/%f->s/%t->s")
    assert board(g).forest == 0 and words(g) == ["sword", "boots", "tea"] and not invariants.check(g.state)


def test_g_moves_into_the_first_vagabonds_clearing_and_out_again() -> None:
    g = table(two(v=5, g=1))
    apply_line(g, "G", "p->5")  # Fall: 1 and 5 are one path apart
    assert g.state.clearings[5].pawns() == ("vagabot", "vagabond2") and not invariants.check(g.state)
    apply_line(g, "V", "p->1")
    assert g.state.clearings[5].pawns() == ("vagabond2",) and g.state.clearings[1].pawns() == ("vagabot",)
    apply_line(g, "G", "p->1_2_5_10")
    assert g.state.clearings[5].pawns() == () and board(g).forest == 0 and not invariants.check(g.state)


@pytest.mark.parametrize(("start", "text", "token", "problem"), [
    (None, "p->5", "p->5", "sets up in a forest"),
    (5, "p->7", "p->7", "no path this seat may use from 5 to 7"),
    (5, "Vp->1", "Vp->1", "a line moves only its own seat's pawn"),
    (5, "p->1+2", "p->1+2", "the pawn moves alone, to one place"),
    (5, "p->1_2_3", "p->1_2_3", "no forest between 1, 2, 3"),
    ("forest:2", "p->1", "p->1", "does not border the forest"),
])
def test_impossible_g_pawn_lines_are_refused(start: object, text: str, token: str, problem: str) -> None:
    refused(table(two(v=1, g=start)), text, token, problem)


@pytest.mark.parametrize(("text", "words"), [
    ("w->5", "column 1: 'w': the second Vagabond have no piece of type 'w'"),
    ("Gp5->", "a pawn's start is always left out"),
    ("%q->e", "column 1: '%q': unknown item type"),
])
def test_g_lines_that_are_not_rootlog_for_him_are_refused_naming_the_token(text: str, words: str) -> None:
    g = table(two())
    before = serial.dumps(g.state)
    with pytest.raises(ValueError, match=re.escape(words)):
        apply_line(g, "G", text)
    assert serial.dumps(g.state) == before


# -- G's lines: items ----------------------------------------------------------------------------
def test_g_items_exhausted_damaged_repaired_and_refreshed_not_the_first_vagabonds() -> None:
    g = table(two())
    apply_line(g, "G", "%f->e/%s->d")
    assert words(g) == ["sword damaged", "boots exhausted", "torch", "tea"] and words(g, "vagabot") == list(ITEMS)
    apply_line(g, "G", "%_e->r/%sd->s")
    assert words(g) == list(ITEMS)


def test_g_explores_a_ruin() -> None:
    g = table(two(v=1, g=6, c6={"ruin": True, "ruin_items": ["bag"]}))
    apply_line(g, "G", "%b6->s")  # Explore, LoR 9.5.3
    assert words(g)[-1] == "bag" and not g.state.clearings[6].ruin


def test_a_g_lines_item_moves_are_the_engines() -> None:
    actions = parse_action("%f->e/R#^A", "G")
    assert untracked(actions, "G") == [actions[1]]


@pytest.mark.parametrize(("text", "token", "problem"), [
    ("%x->d", "%x->d", "have 0 such item(s) that can be damaged, not 1"),
    ("%s->s", "%s->s", "starting items only"),
    ("%s6->s", "%s6->s", "his pawn is not in 6"),
    ("%sd->s", "%sd->s", "have 0 such item(s) that can be repaired"),
])
def test_impossible_g_item_lines_are_refused(text: str, token: str, problem: str) -> None:
    refused(table(two()), text, token, problem)


def test_an_unknown_faction_letter_is_refused_in_one_line() -> None:
    with pytest.raises(LineRefused, match=r"^'Q': not a faction of the engine \(C E A V L O D P G H K\)"):
        apply_line(table(two()), "Q", "p->5")


# -- the bots' battles and effects on him (LoR 9.2.2-9.2.7, 7.7.6) -------------------------------
def test_g_attacks_a_bot_and_names_the_item_its_hit_damages() -> None:
    g = table(two(c5={"warriors": {"eyrie": 2}}))
    apply_line(g, "G", "XE5(3,1)/%r->d")  # one sword: 1 hit of his 3; the Eyrie's 1 hit damages his torch
    assert g.state.warriors("eyrie", 5) == 1 and words(g) == ["sword", "boots", "torch damaged", "tea"]
    assert words(g, "vagabot") == list(ITEMS)


def test_g_battle_must_name_the_damaged_items() -> None:
    g = table(two(c5={"warriors": {"eyrie": 2}}))
    refused(g, "XE5(3,1)", "XE5(3,1)", "the Law gives 1 damaged item(s) (LoR 9.2.7)")


def test_a_bots_hits_on_g_damage_his_items_only() -> None:
    g = table(two(c5={"warriors": {"eyrie": 3}}), [("roll", (3, 1))], preference=("tea", "torch"))
    battle(g, "eyrie", "vagabond2", 5, "test")
    assert words(g) == ["sword", "boots damaged", "torch damaged", "tea damaged"] and words(g, "vagabot") == list(ITEMS)


def test_g_with_no_sword_is_defenseless() -> None:
    g = table(two(g_items=("boots", "torch", "tea"), c5={"warriors": {"eyrie": 3}}), [("roll", (1, 0))])
    battle(g, "eyrie", "vagabond2", 5, "test")
    assert sum(1 for w in words(g) if w.endswith("damaged")) == 2  # the roll's hit and the extra one (LoR 4.3.3)


def test_full_removal_damages_three_items_of_each_vagabond_there() -> None:
    g = table(two(c5={"warriors": {"eyrie": 1}}))
    remove_all_enemy_pieces(g, "eyrie", 5, "test")
    for f in ("vagabot", "vagabond2"):
        assert sum(1 for w in words(g, f) if w.endswith("damaged")) == 3 and board(g, f).clearing == 5  # LoR 9.2.2


def test_full_removal_in_the_other_vagabonds_clearing_leaves_him_alone() -> None:
    g = table(two(v=1, g=5, c5={"warriors": {"eyrie": 1}}))
    remove_all_enemy_pieces(g, "eyrie", 5, "test")
    assert sum(1 for w in words(g) if w.endswith("damaged")) == 3 and words(g, "vagabot") == list(ITEMS)


def test_7_7_6_a_bot_defender_enlists_g_as_the_arbiter_once() -> None:
    s = position(
        {5: {"warriors": {"eyrie": 1, "marquise": 3}}}, seats=("marquise", "eyrie", "vagabot", "vagabond2"),
        humans=("marquise", "vagabot", "vagabond2"), eyrie={"vp": 3},
        vagabot={"vagabond": {"location": 5, "items": ["sword"]}},
        vagabond2={"vagabond": {"character": "arbiter", "location": 5, "items": ["sword", "sword", "boots"]}},
    )
    g = table(s, [("roll", (1, 1))])
    battle(g, "marquise", "eyrie", 5, "test")  # both Vagabonds stand by; only G is the Arbiter
    enlisted = [e for e in g.log.events if e.kind == "arbiter_hits"]
    assert len(enlisted) == 1 and enlisted[0].faction == "vagabond2" and enlisted[0].data["n"] == 2
    assert g.state.factions["vagabond2"].vp == 1 and g.state.factions["vagabot"].vp == 0


# -- ruins in a game of two Vagabonds (R-TWO-VAGABONDS) -------------------------------------------
def at_setup(**clearings: object) -> Game:
    s = two(v=None, g=None, v_items=(), g_items=(), **clearings)
    s.phase = "setup"
    return table(s)


def test_each_vagabond_lays_one_item_under_a_ruin_at_setup_and_g_explores_both() -> None:
    g = at_setup(c6={"ruin": True})
    apply_line(g, "V", "p->2_6_10_11_12/%h->6")
    apply_line(g, "G", "p->1_2_5_10/%h->6")  # the second set's hammer
    assert g.state.clearings[6].ruin_items == ["hammer", "hammer"] and not invariants.check(g.state)
    refused(g, "%b->6", "%b->6", "the ruin in 6 holds 2 item(s), one per Vagabond")


@pytest.mark.parametrize(("text", "token", "problem"), [
    ("%h->5", "%h->5", "no ruin in 5"),
    ("%_->6", "%_->6", "one named item goes under a ruin"),
])
def test_impossible_ruin_items_are_refused(text: str, token: str, problem: str) -> None:
    refused(at_setup(c6={"ruin": True}), text, token, problem)


def test_items_go_under_ruins_at_setup_only() -> None:
    refused(table(two(c6={"ruin": True})), "%h->6", "%h->6", "at setup only (LoR 9.3.4)")


# -- a coalition's win (a file's Winner line naming Vagabonds beside the player who reached 30) ----
def test_human_vagabonds_in_coalition_win_with_the_player_who_reached_30() -> None:
    s = two()
    s.factions["eyrie"].vp, s.winner, s.end_reason, s.phase = 31, ["eyrie", "vagabond2", "vagabot"], "as the Rootlog file records", "over"
    again = serial.loads(serial.dumps(s))
    assert again.winner == ["eyrie", "vagabond2", "vagabot"]
    s.winner = ["vagabond2"]
    with pytest.raises(StateError, match=r"^winner: vagabond2 did not reach 30 VP"):
        serial.loads(serial.dumps(s))


ROOTLOG_GIT = Path(os.environ.get("ROOTLOG_GIT", "/work/.mirror/Vagabottos+Rootlog/repo"))


@pytest.mark.skipif(not ROOTLOG_GIT.is_dir(), reason="the Rootlog repository is not fetched here")
def test_the_published_game_of_two_vagabonds_imports_to_a_position_that_loads() -> None:
    from rootbotics.table.published import show
    from rootbotics.table.rootlog_import import import_rootlog

    s = import_rootlog(show(ROOTLOG_GIT, "Games/2020_11_26_winter_tournament_r1g3.rootlog"))
    again = serial.loads(serial.dumps(s))
    assert again.factions["vagabond2"].seat == "human" and again.winner == ["marquise", "vagabond2", "vagabot"]
    assert not invariants.check(again)
