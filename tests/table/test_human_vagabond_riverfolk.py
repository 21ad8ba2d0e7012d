"""Human seats for the Vagabond (V) and the Riverfolk Company (O) beside the bots: their boards in
the saved-position format, their Rootlog lines on the board (accepted and refused, one line naming
the token), and what the bots' battles and effects do to a human Vagabond (LoR 9.2.2, 9.2.4, 9.2.6, 9.2.7)."""

from __future__ import annotations

import json

import pytest
from helpers import position

from rootbotics.controllers import ScriptedHuman
from rootbotics.core import invariants, serial
from rootbotics.core.battle import battle
from rootbotics.core.chance import ScriptedChance
from rootbotics.core.context import Game
from rootbotics.core.fields import StateError
from rootbotics.core.rules import remove_all_enemy_pieces
from rootbotics.core.state import GameState
from rootbotics.factions.riverfolk.company import CompanyBoard
from rootbotics.factions.vagabot.human import VagabondBoard
from rootbotics.table.board import LineRefused, apply_line, untracked
from rootbotics.table.rootlog import parse_action

FOREST = "2_6_10_11_12"  # the Fall forest by 2, 6, 10, 11 and 12 (forest:2)


def vagabond(location: object = 5, items: tuple[str, ...] = ("sword", "boots", "torch"), **clearings: object) -> GameState:
    cl = {int(k[1:]): v for k, v in clearings.items()}
    return position(cl, seats=("vagabot", "eyrie"), humans=("vagabot",), vagabot={"vagabond": {"location": location, "items": list(items)}})


def company(**clearings: object) -> GameState:
    cl = {int(k[1:]): v for k, v in clearings.items()}
    return position(cl, seats=("marquise", "riverfolk", "eyrie"), humans=("marquise", "riverfolk"))


def table(state: GameState, script: list[tuple[str, object]] | None = None, preference: tuple[str, ...] = ()) -> Game:
    controllers = {f: ScriptedHuman(preference=preference) for f, fs in state.factions.items() if not fs.is_bot}
    return Game(state, ScriptedChance(script or [], fallback=None), controllers)


def board(g: Game) -> VagabondBoard:
    b = g.state.factions["vagabot"].board
    assert isinstance(b, VagabondBoard)
    return b


def words(g: Game) -> list[str]:
    return [i.words() for i in board(g).items]


def refused(g: Game, faction: str, text: str, token: str, problem: str) -> None:
    before, events = serial.dumps(g.state), len(g.log)
    with pytest.raises(LineRefused) as err:
        apply_line(g, faction, text)
    assert err.value.token == token and problem in err.value.problem, str(err.value)
    assert serial.dumps(g.state) == before and len(g.log) == events


# -- the saved-position format --------------------------------------------------------------------
def test_a_human_vagabond_board_saves_and_loads_back() -> None:
    s = vagabond("forest:2", ("sword", "boots exhausted", "tea damaged"))
    data = json.loads(serial.dumps(s))
    assert data["factions"]["vagabot"]["vagabond"] == {"location": "forest:2", "items": ["sword", "boots exhausted", "tea damaged"]}
    again = serial.loads(serial.dumps(s))
    assert serial.dumps(again) == serial.dumps(s) and not invariants.check(again)


def test_a_human_vagabond_without_a_board_loads_unplaced() -> None:
    s = position({}, seats=("vagabot", "eyrie"), humans=("vagabot",))  # a file from before the human Vagabond
    b = s.factions["vagabot"].board
    assert isinstance(b, VagabondBoard) and b.clearing is None and b.forest is None and b.items == []


@pytest.mark.parametrize(("board", "path", "words"), [
    ({"location": 13}, "factions.vagabot.vagabond.location", "neither a clearing"),
    ({"location": 5, "items": ["sword shiny"]}, "factions.vagabot.vagabond.items.0", "'shiny' is not a state"),
    ({"location": 5, "items": ["saber"]}, "factions.vagabot.vagabond.items.0", "does not start with an item"),
    ({"location": 5, "quest": "x"}, "factions.vagabot.vagabond.quest", ""),
])
def test_a_bad_human_vagabond_board_is_one_line_naming_the_field(board: dict[str, object], path: str, words: str) -> None:
    with pytest.raises(StateError) as err:
        position({}, seats=("vagabot", "eyrie"), humans=("vagabot",), vagabot={"vagabond": board})
    assert str(err.value).startswith(path) and words in str(err.value) and "\n" not in str(err.value)


def test_the_bots_board_field_is_refused_for_a_human_vagabond() -> None:
    with pytest.raises(StateError, match=r"^factions\.vagabot\.vagabot: a human Vagabond's board is vagabond"):
        position({}, seats=("vagabot", "eyrie"), humans=("vagabot",), vagabot={"vagabot": {}})


def test_a_human_riverfolk_board_saves_and_loads_back() -> None:
    s = position({}, seats=("marquise", "riverfolk", "eyrie"), humans=("marquise", "riverfolk"),
                 riverfolk={"company": {"payments": {"marquise": 2}, "funds": {"riverfolk": 1}}})
    assert s.factions["marquise"].supply["warrior"] == 23 and s.factions["riverfolk"].supply["warrior"] == 14
    again = serial.loads(serial.dumps(s))
    assert json.loads(serial.dumps(again))["factions"]["riverfolk"]["company"] == {"payments": {"marquise": 2}, "funds": {"riverfolk": 1}}
    assert not invariants.check(again)


def test_a_human_riverfolk_board_holding_an_absent_faction_is_refused() -> None:
    with pytest.raises(StateError, match=r"^factions\.riverfolk\.company\.payments\.duchy: "):
        position({}, seats=("marquise", "riverfolk", "eyrie"), humans=("marquise", "riverfolk"), riverfolk={"company": {"payments": {"duchy": 2}}})


def test_the_robots_market_is_refused_for_a_human_riverfolk() -> None:
    with pytest.raises(StateError, match=r"^factions\.riverfolk\.market: only the Riverfolk Robots"):
        position({}, seats=("marquise", "riverfolk", "eyrie"), humans=("marquise", "riverfolk"), riverfolk={"market": []})


# -- the pawn --------------------------------------------------------------------------------------
def test_the_vagabond_sets_up_in_a_forest_with_his_starting_items() -> None:
    g = table(vagabond(None, ()))
    apply_line(g, "V", f"p->{FOREST}/%s->s/%f->s/%r->s")
    assert board(g).forest == 2 and board(g).clearing is None and words(g) == ["sword", "boots", "torch"]
    assert not invariants.check(g.state)


def test_the_vagabond_does_not_set_up_in_a_clearing() -> None:
    refused(table(vagabond(None, ())), "V", "p->5", "p->5", "sets up in a forest")


def test_the_pawn_moves_along_a_path_ignoring_rule() -> None:
    g = table(vagabond(5, c1={"warriors": {"eyrie": 3}}))
    apply_line(g, "V", "p->1")  # Nimble: the Eyrie rule 1, the Vagabond moves anyway (LoR 9.2.3)
    assert board(g).clearing == 1 and g.state.clearings[1].pawn == "vagabot" and g.state.clearings[5].pawn is None
    assert g.log.events[-1].line() == "[LoR 9.4] vagabot: moves his pawn from 5 to 1"


def test_the_pawn_moves_into_and_out_of_a_bordering_forest() -> None:
    g = table(vagabond(10))
    apply_line(g, "V", f"p->{FOREST}/p->12")
    assert board(g).clearing == 12 and board(g).forest is None


@pytest.mark.parametrize(("start", "text", "token", "problem"), [
    (5, "p->12", "p->12", "no path this seat may use from 5 to 12"),
    (5, f"p->{FOREST}", f"p->{FOREST}", "does not border clearing 5"),
    (5, "p->1_2_3", "p->1_2_3", "no forest between 1, 2, 3"),
    ("forest:2", "p->1", "p->1", "does not border the forest"),
])
def test_impossible_pawn_moves_are_refused(start: object, text: str, token: str, problem: str) -> None:
    refused(table(vagabond(start)), "V", text, token, problem)


def test_another_seat_has_no_pawn() -> None:
    g = table(position({}, seats=("marquise", "eyrie"), humans=("marquise",)))
    with pytest.raises(ValueError, match="column 1: 'p': the Marquise de Cat have no piece of type 'p'"):
        apply_line(g, "C", "p->5")


def test_a_line_moves_only_its_own_seats_pawn_and_the_second_vagabond_must_be_seated() -> None:
    g = table(vagabond())
    refused(g, "V", "Gp->5", "Gp->5", "a line moves only its own seat's pawn")
    with pytest.raises(LineRefused, match="'G': the vagabond2 are not at this table"):
        apply_line(g, "G", "p->5")


# -- items -----------------------------------------------------------------------------------------
def test_items_exhausted_refreshed_damaged_and_repaired() -> None:
    g = table(vagabond(5, ("sword", "boots", "boots", "torch")))
    apply_line(g, "V", "2%f->e/%r->d")
    assert words(g) == ["sword", "boots exhausted", "boots exhausted", "torch damaged"]
    apply_line(g, "V", "%_e->r/%rd->s")
    assert words(g) == ["sword", "boots", "boots", "torch"]
    said = [e.line() for e in g.log if e.rule == "LoR 9.2.5"]
    assert "vagabot: his boots are exhausted" in said[0] and "his torch is damaged" in said[2], said  # (LoR 9.2.5; "boots" is plural)


def test_a_human_vagabonds_item_moves_are_kept_by_the_engine() -> None:
    actions = parse_action("%f->e/R#^A", "V")
    assert untracked(actions, "V") == [actions[1]] and untracked(actions) == actions


def test_exploring_a_ruin_takes_its_item() -> None:
    g = table(vagabond(6, c6={"ruin": True, "ruin_items": ["bag"]}))
    apply_line(g, "V", "%b6->s")  # Explore, LoR 9.5.3
    assert words(g)[-1] == "bag" and not g.state.clearings[6].ruin and not invariants.check(g.state)


@pytest.mark.parametrize(("text", "token", "problem"), [
    ("%s->d/%s->d", "%s->d", "have 0 such item(s) that can be damaged, not 1"),
    ("%t->e", "%t->e", "have 0 such item(s)"),
    ("%s->s", "%s->s", "starting items only"),
    ("%s6->s", "%s6->s", "his pawn is not in 6"),
])
def test_impossible_item_lines_are_refused(text: str, token: str, problem: str) -> None:
    refused(table(vagabond(5, ("sword", "boots"))), "V", text, token, problem)


# -- battles (LoR 9.2.2, 9.2.4, 9.2.6, 9.2.7) ----------------------------------------------------------------------
def test_the_vagabond_attacks_a_bot_with_his_swords_and_picks_the_damaged_item() -> None:
    s = vagabond(5, ("sword", "boots", "torch"), c5={"warriors": {"eyrie": 2}})
    g = table(s)
    apply_line(g, "V", "XE5(3,1)/%r->d")  # one sword: 1 hit of his 3; the Eyrie's 1 hit damages the torch
    assert g.state.warriors("eyrie", 5) == 1 and words(g) == ["sword", "boots", "torch damaged"]


def test_a_battle_recording_more_damage_than_the_law_gives_is_refused() -> None:
    g = table(vagabond(5, ("sword", "boots", "torch"), c5={"warriors": {"eyrie": 2}}))
    refused(g, "V", "XE5(3,1)/%r->d/%f->d", "XE5(3,1)", "the Law gives 1 damaged item(s) (LoR 9.2.7), the line records 2")


def test_a_battle_taking_hits_must_name_the_damaged_items() -> None:
    g = table(vagabond(5, ("sword", "boots", "torch"), c5={"warriors": {"eyrie": 2}}))
    refused(g, "V", "XE5(3,1)", "XE5(3,1)", "the Law gives 1 damaged item(s) (LoR 9.2.7): write which right after the battle, as %s->d")


def test_a_battle_taking_no_hits_names_no_item() -> None:
    g = table(vagabond(5, ("sword", "boots"), c5={"warriors": {"eyrie": 2}}))
    apply_line(g, "V", "XE5(1,0)/Ew5->")
    assert g.state.warriors("eyrie", 5) == 1 and words(g) == ["sword", "boots"]


def test_a_bots_hits_damage_a_human_vagabonds_items_of_his_choice() -> None:
    s = vagabond(5, ("sword", "boots", "torch", "tea"), c5={"warriors": {"eyrie": 3}})
    g = table(s, [("roll", (3, 1))], preference=("tea", "torch"))
    battle(g, "eyrie", "vagabot", 5, "test")
    # 3 hits (he has a sword: not defenseless), in the order he prefers; his sword deals 1 hit
    assert words(g) == ["sword", "boots damaged", "torch damaged", "tea damaged"]
    assert g.state.warriors("eyrie", 5) == 2


def test_a_human_vagabond_with_no_sword_is_defenseless() -> None:
    g = table(vagabond(5, ("boots", "torch", "tea"), c5={"warriors": {"eyrie": 3}}), [("roll", (1, 0))])
    battle(g, "eyrie", "vagabot", 5, "test")
    assert sum(1 for w in words(g) if w.endswith("damaged")) == 2  # the roll's hit and the extra one (LoR 4.3.3)


def test_hits_beyond_his_undamaged_items_do_nothing() -> None:
    g = table(vagabond(5, ("sword",), c5={"warriors": {"eyrie": 3}}), [("roll", (3, 0))])
    battle(g, "eyrie", "vagabot", 5, "test")
    assert words(g) == ["sword damaged"] and g.log.events[-1].kind == "damage_ignored"


def test_removing_all_enemy_pieces_damages_three_of_his_items() -> None:
    g = table(vagabond(5, ("sword", "boots", "torch", "tea"), c5={"warriors": {"eyrie": 1}}))
    remove_all_enemy_pieces(g, "eyrie", 5, "test")
    assert sum(1 for w in words(g) if w.endswith("damaged")) == 3 and board(g).clearing == 5  # LoR 9.2.2


# -- the Riverfolk Company's board ------------------------------------------------------------------
def test_a_buyer_pays_warriors_into_payments_which_move_to_funds_and_back() -> None:
    g = table(company())
    apply_line(g, "C", "2w->O$")
    b = g.state.factions["riverfolk"].board
    assert isinstance(b, CompanyBoard) and b.payments == {"marquise": 2} and g.state.factions["marquise"].supply["warrior"] == 23
    apply_line(g, "O", "2Cw$->$_f")
    assert b.payments == {} and b.funds == {"marquise": 2}
    apply_line(g, "O", "Cw$_f->")
    assert b.funds == {"marquise": 1} and g.state.factions["marquise"].supply["warrior"] == 24
    assert not invariants.check(g.state)
    assert serial.loads(serial.dumps(g.state)).factions["riverfolk"].board.funds == {"marquise": 1}


@pytest.mark.parametrize(("who", "text", "token", "problem"), [
    ("O", "2Cw$->$_f", "2Cw$->$_f", "hold 0 marquise warrior(s), not 2"),
    ("C", "26w->O$", "26w->O$", "supply exhausted: the marquise have 25 warrior(s) left, not 26"),
    ("C", "2Ew->O$", "2Ew->O$", "move only their own warriors"),
    ("O", "2w->E$", "2w->E$", "pieces in 'E$' are not kept by the engine"),
    ("O", "2w$->E$", "2w$->E$", "only in the Riverfolk Company's Payments"),
    ("O", "2Lw->$", "2Lw->$", "L is not at this table"),
])
def test_impossible_board_warriors_are_refused(who: str, text: str, token: str, problem: str) -> None:
    refused(table(company()), who, text, token, problem)


def test_a_human_riverfolk_places_warriors_and_trade_posts() -> None:
    g = table(company())
    apply_line(g, "O", "2w->3/t_r->3")
    assert g.state.warriors("riverfolk", 3) == 2 and ("riverfolk", "trade_post") in g.state.clearings[3].tokens


def test_a_human_riverfolks_removed_trade_post_leaves_the_game() -> None:
    """9.2.2: only the bot's removed trade posts go back to its board."""
    g = table(company(c3={"tokens": [["riverfolk", "trade_post"]]}, c7={"warriors": {"marquise": 1}}))
    apply_line(g, "C", "Ot3->")
    fs = g.state.factions["riverfolk"]
    assert fs.removed == {"trade_post": 1} and fs.supply["trade_post"] == 8 and g.state.factions["marquise"].vp == 1
    assert not invariants.check(g.state)


def test_the_bots_buy_no_services_of_a_human_riverfolk() -> None:
    """9.2.3's offer at the start of Birdsong is the Riverfolk bot's: a human Company's sales to
    the bots follow the Services cards at their own moments (9.7, tests/test_bot_services.py and
    table/test_law_for_humans.py::test_9_7_*), never this offer."""
    from rootbotics.factions.riverfolk.services import refusal

    assert refusal(company(), "eyrie") == "no Riverfolk Robots in the game"


# -- 7.7.6: the bots enlist a human Arbiter as they would the Vagabot -----------------------------
def arbiter_table(eyrie_vp: int, swords: tuple[str, ...] = ("sword", "sword")) -> Game:
    s = position({5: {"warriors": {"eyrie": 1, "marquise": 3}}}, seats=("marquise", "eyrie", "vagabot"), humans=("marquise", "vagabot"),
                 eyrie={"vp": eyrie_vp}, vagabot={"vagabond": {"character": "arbiter", "location": 5, "items": [*swords, "boots"]}})
    return table(s, [("roll", (1, 1))])


def test_7_7_6_a_bot_defender_enlists_a_human_arbiter_who_adds_his_swords() -> None:
    g = arbiter_table(eyrie_vp=3)
    battle(g, "marquise", "eyrie", 5, "test")
    kinds = [e.kind for e in g.log.events]
    assert "enlist" in kinds and g.state.factions["vagabot"].vp == 1
    hits = next(e for e in g.log.events if e.kind == "arbiter_hits")
    assert hits.data["n"] == 2 and "undamaged swords" in hits.line()


def test_7_7_6_III_a_bot_with_no_more_vp_than_the_human_arbiter_does_not_enlist_him() -> None:
    g = arbiter_table(eyrie_vp=0)
    battle(g, "marquise", "eyrie", 5, "test")
    assert "arbiter_declined" in [e.kind for e in g.log.events] and g.state.factions["vagabot"].vp == 0


def test_a_human_vagabonds_character_saves_and_a_wrong_one_is_refused() -> None:
    s = arbiter_table(1).state
    assert json.loads(serial.dumps(s))["factions"]["vagabot"]["vagabond"]["character"] == "arbiter"
    with pytest.raises(StateError, match=r"^factions\.vagabot\.vagabond\.character: "):
        position({}, seats=("vagabot", "eyrie"), humans=("vagabot",), vagabot={"vagabond": {"character": "wizard"}})


# -- a human Vagabond's crafting (LoR 4.1, 9.2.1): the item goes to his board ------------------------
def test_lor_9_2_1_a_human_vagabonds_crafted_item_goes_face_up_onto_his_board() -> None:
    """LoR 9.2.5: he has no Crafted Items box; LoR 9.2.1: he takes the crafted item face up."""
    s = position({5: {}}, seats=("vagabot", "eyrie"), humans=("vagabot",),
                  vagabot={"vagabond": {"location": 5, "items": ["sword"]}, "hand": ["crossbow_bird"]})
    g = table(s)
    supply = s.item_supply["crossbow"]
    apply_line(g, "V", "Zcrossbow")
    assert words(g) == ["sword", "crossbow"] and s.factions["vagabot"].items == []
    taken = g.log.of_kind("gain_item")[-1]
    assert taken.rule == "LoR 9.2.1" and taken.data["item"] == "crossbow" and not board(g).items[-1].exhausted
    assert s.item_supply["crossbow"] == supply - 1 and s.factions["vagabot"].hand == []
    apply_line(g, "V", "Z%s")
    assert words(g) == ["sword", "crossbow", "sword"] and board(g).swords() == 2  # his maximum rolled hits (LoR 9.2.6)
    invariants.check(s)
    again = serial.from_json(serial.to_json(s))
    assert [i.kind for i in again.factions["vagabot"].board.items] == ["sword", "crossbow", "sword"]


def test_lor_4_1_2_a_human_vagabond_crafts_no_item_the_supply_lacks() -> None:
    s = vagabond()
    s.item_supply["hammer"] = 0
    before = serial.to_json(s)
    with pytest.raises(LineRefused, match="no hammer left in the item supply") as refused:
        apply_line(table(s), "V", "Z%h")
    assert refused.value.token == "Z%h" and serial.to_json(s) == before
