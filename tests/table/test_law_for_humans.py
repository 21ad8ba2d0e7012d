"""Every rule of the Law of Robotics (sections 1-12) that speaks of humans, through the table
companion: a position, the human's Rootlog lines applied by ``table/board.py``, the table's
dice and cards and the human's decisions answered as the session's entries would answer them
(``Answers``), a question the entries do not answer yet raised as ``NeedInput``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from helpers import position
from test_vagabot import items, vpos

from rootbotics.core import invariants, rules
from rootbotics.core.battle import battle
from rootbotics.core.context import Game
from rootbotics.core.state import GameState
from rootbotics.factions.corvids import bot as corvids
from rootbotics.factions.corvids import plots
from rootbotics.factions.vagabot import bot as vagabot
from rootbotics.game import play_turn
from rootbotics.table.board import LineRefused, apply_line
from rootbotics.table.chance import Answers, BadAnswer, NeedInput, Question, TableChance
from rootbotics.table.controller import HumanPlay, TableController
from rootbotics.table.controller import LineRefused as ControllerRefused
from rootbotics.table.session import Session, TableConfig, TableSeat

TUNNEL, MARKET, CITADEL = ["duchy", "tunnel"], ["duchy", "market"], ["duchy", "citadel"]


def table(state: GameState, answers: Sequence[tuple[str, Any]] = (), dice: str = "table", deck: str = "app",
          lines: Sequence[tuple[str, str]] = ()) -> Game:
    """The game of a session part on ``state``: every human seat played by the companion's
    controller (its turn: ``lines``, then done), chance from the app's RNG or the table,
    ``answers`` as recorded entries."""
    recorded = Answers([(i, ask, value) for i, (ask, value) in enumerate(answers)])
    chance = TableChance(recorded, dice, deck)
    humans = {f for f, fs in state.factions.items() if not fs.is_bot}
    ctl = TableController(recorded, HumanPlay([(100 + i, f, t) for i, (f, t) in enumerate(lines)], humans))
    g = Game(state, chance, {f: ctl for f, fs in state.factions.items() if not fs.is_bot})
    chance.bind(g)
    return g


def asks(act: Callable[[], object]) -> Question:
    with pytest.raises(NeedInput) as asked:
        act()
    return asked.value.question


def card(s: GameState, name: str) -> int:
    return s.deckdef.by_name[name]


def hand(s: GameState, faction: str) -> list[str]:
    return [s.deckdef.card(c).name for c in s.factions[faction].hand]


# -- 1.2.1 Taking Hits; LoR 4.3.2 the defenseless extra hit; LoR 3.2.1 removal VP ---------------
def duchy(clearings: dict, swayed: tuple[str, ...] = (), traits: tuple[str, ...] = (), **extra: Any) -> GameState:
    d = {"duchy": {"burrow": 0, "swayed": list(swayed)}, "traits": list(traits), **extra.pop("duchy", {})}
    return position(clearings, seats=("marquise", "duchy"), humans=("marquise",), duchy=d, **extra)


def test_1_2_1_a_bot_hit_by_a_human_loses_its_tokens_before_its_buildings() -> None:
    s = duchy({5: {"warriors": {"marquise": 3, "duchy": 1}, "tokens": [TUNNEL], "buildings": [MARKET]}})
    g = table(s)
    with pytest.raises(LineRefused, match="the Law gives 1 duchy tunnel, 1 duchy warrior, the line records 1 duchy market, 1 duchy warrior"):
        apply_line(g, "C", "XD5(2,0)/Dw5->/Db_m5->")
    apply_line(g, "C", "XD5(2,0)/Dw5->/Dt5->/++")
    cl = s.clearings[5]
    assert cl.tokens == [] and cl.buildings == [("duchy", "market")] and cl.warriors == {"marquise": 3}
    assert s.factions["marquise"].vp == 1  # LoR 3.2.1: the tunnel; the written ++ is that point
    invariants.check(s)


@pytest.mark.parametrize(("written", "left"), [("Db_c5->", "market"), ("Db_m5->", "citadel")])
def test_1_2_1_the_random_building_and_the_defenseless_extra_hit_as_the_table_records(written: str, left: str) -> None:
    s = duchy({5: {"warriors": {"marquise": 2}, "buildings": [CITADEL, MARKET]}}, swayed=("captain",))
    g = table(s)
    apply_line(g, "C", f"XD5(0,0)/{written}")  # no hit rolled: only the extra hit, LoR 4.3.2
    assert s.clearings[5].buildings == [("duchy", left)] and s.factions["marquise"].vp == 1
    assert s.factions["duchy"].board.swayed == []  # 10.2.1 Cost of Errors: the crown comes off


def test_1_2_1_without_written_removals_the_engines_outcome_stands() -> None:
    s = duchy({5: {"warriors": {"marquise": 3, "duchy": 2}, "tokens": [TUNNEL]}})
    g = table(s)
    apply_line(g, "C", "XD5(3,1)")
    assert s.clearings[5].warriors == {"marquise": 2} and s.clearings[5].tokens == []
    assert s.factions["marquise"].vp == 1


# -- 2.8.1 Poor Manual Dexterity, 2.8.2 Hates Surprises ----------------------------------------
def test_2_8_1_a_card_a_human_gives_a_bot_is_discarded_and_the_bot_scores() -> None:
    s = position({}, humans=("marquise",), marquise={"hand": ["anvil", "cobbler"]})
    g = table(s)
    apply_line(g, "C", "F#C->E")
    assert hand(s, "marquise") == ["cobbler"] and s.discard[-1] == card(s, "anvil")
    assert s.factions["eyrie"].vp == 1
    with pytest.raises(LineRefused, match="no such card in the marquise hand"):
        apply_line(g, "C", "M#->E")
    invariants.check(s)


def test_2_8_1_a_human_taking_a_card_from_a_bot_draws_one_instead() -> None:
    s = position({}, humans=("marquise",), marquise={"hand": []})
    g = table(s, [("draw", "sappers")], deck="table")
    apply_line(g, "C", "#E->C")
    assert hand(s, "marquise") == ["sappers"] and s.factions["eyrie"].vp == 0
    assert any(e.rule == "2.8.1" for e in g.log)


def test_2_8_2_no_ambush_against_a_bot() -> None:
    s = duchy({5: {"warriors": {"marquise": 2, "duchy": 1}}})
    with pytest.raises(LineRefused, match="2.8.2"):
        apply_line(table(s), "C", "XD5B@(1,0)")


# -- 6.2.3 Automated Outrage; Outrage against a human Alliance (LoR 8.2.6, 2.8.1) ---------------
def alliance_bot(hand_: list[str]) -> GameState:
    return position({5: {"tokens": [["alliance", "sympathy"]], "warriors": {"marquise": 1}}},
                    seats=("marquise", "alliance"), humans=("marquise",), marquise={"hand": hand_})


def test_6_2_3_a_human_removing_sympathy_is_asked_which_matching_card_to_discard() -> None:
    q = asks(lambda: apply_line(table(alliance_bot(["anvil", "cobbler", "ambush_bird"])), "C", "At5->"))
    assert (q.ask, q.faction, q.options) == ("automated_outrage_discard", "marquise", ("cobbler", "ambush_bird"))
    s = alliance_bot(["anvil", "cobbler", "ambush_bird"])
    apply_line(table(s, [("automated_outrage_discard", "cobbler")]), "C", "At5->")
    assert hand(s, "marquise") == ["anvil", "ambush_bird"] and s.discard == [card(s, "cobbler")]
    assert s.factions["alliance"].vp == 0 and s.factions["marquise"].vp == 1  # LoR 3.2.1: the token


def test_6_2_3_without_a_matching_card_the_alliance_scores() -> None:
    s = alliance_bot(["anvil"])
    apply_line(table(s), "C", "At5->")
    assert hand(s, "marquise") == ["anvil"] and s.factions["alliance"].vp == 1


def test_6_2_3_answer_must_be_a_matching_card_of_the_hand() -> None:
    s = alliance_bot(["anvil", "cobbler"])
    with pytest.raises(BadAnswer, match="'anvil' is not a card marquise holds that fits here"):
        apply_line(table(s, [("automated_outrage_discard", "anvil")]), "C", "At5->")


def human_alliance() -> GameState:
    return position({5: {"tokens": [["alliance", "sympathy"]]}, 1: {"warriors": {"marquise": 1}}, 2: {"warriors": {"eyrie": 2}}},
                    seats=("marquise", "eyrie", "alliance"), humans=("marquise", "alliance"),
                    marquise={"hand": ["cobbler", "anvil"]}, alliance={"supporters": []})


def test_lor_8_2_6_a_human_moving_into_a_human_alliances_sympathy_gives_a_supporter() -> None:
    s = human_alliance()
    g = table(s, [("outrage_card", "cobbler")])
    apply_line(g, "C", "w1->5")
    assert hand(s, "marquise") == ["anvil"] and s.factions["alliance"].board.supporters == [card(s, "cobbler")]


def test_2_8_1_a_bot_moving_into_a_human_alliances_sympathy_the_alliance_draws() -> None:
    s = human_alliance()
    g = table(s, [("draw", "sappers")], deck="table")
    rules.move_warriors(g, "eyrie", 2, 5, 2, "test")
    assert s.factions["alliance"].board.supporters == [card(s, "sappers")]


# -- 7.5.3 Aid; 7.7.6 the Arbiter -----------------------------------------------------------------
def test_7_5_3_the_vagabot_aids_a_human_who_crafted_and_the_human_draws_at_the_table() -> None:
    s = vpos({7: {"warriors": {"marquise": 1}}}, humans=("marquise",), marquise_hand=["anvil"], items=items("boots", "torch"))
    g = table(s, [("draw", "sappers")], deck="table")
    apply_line(g, "C", "Zanvil")  # the human crafts: the hammer goes to the Crafted Items box
    assert s.factions["marquise"].items == ["hammer"] and hand(s, "marquise") == []
    vagabot.aid(g)
    assert s.factions["marquise"].items == [] and hand(s, "marquise") == ["sappers"]
    assert s.factions["vagabot"].vp == 1


def test_7_7_6_a_human_defender_is_asked_to_enlist_the_arbiter_before_the_roll() -> None:
    def arbiter() -> GameState:
        return vpos({7: {"warriors": {"marquise": 2, "eyrie": 1}}}, humans=("eyrie",), character="arbiter",
                    items=items("boots", "torch", "tea", "sword", "bag", "hammer track1"))

    q = asks(lambda: battle(table(arbiter()), "marquise", "eyrie", 7, "4.5.1"))
    assert (q.ask, q.faction) == ("enlist_arbiter", "eyrie")
    s = arbiter()
    result = battle(table(s, [("enlist_arbiter", True), ("roll", [3, 3])]), "marquise", "eyrie", 7, "4.5.1")
    assert result.defender_hits == 2 and s.factions["vagabot"].vp == 1
    s = arbiter()
    result = battle(table(s, [("enlist_arbiter", False), ("roll", [3, 3])]), "marquise", "eyrie", 7, "4.5.1")
    assert result.defender_hits == 1 and s.factions["vagabot"].vp == 0


# -- 8.2.2 Robot Revenge, 8.2.4 Lost Souls -----------------------------------------------------------
def lizards(clearings: dict, **extra: Any) -> GameState:
    return position(clearings, seats=("marquise", "lizards"), humans=("marquise",),
                    lizards={"lizards": {"acolytes": 0, "order": "mouse"}}, **extra)


def test_8_2_2_lizard_warriors_a_human_removes_in_battle_feed_robot_revenge() -> None:
    s = lizards({7: {"warriors": {"marquise": 3, "lizards": 2}}})
    apply_line(table(s), "C", "XL7(3,0)/2Lw7->")
    assert s.warriors("lizards", 7) == 0 and s.factions["lizards"].board.acolytes == 1


def test_8_2_4_a_humans_discards_and_gifts_land_in_lost_souls() -> None:
    s = lizards({}, marquise={"hand": ["anvil", "cobbler", "sappers"]})
    apply_line(table(s), "C", "F#C->/R#cobbler->L")
    assert [s.deckdef.card(c).name for c in s.factions["lizards"].board.lost_souls][-2:] == ["anvil", "cobbler"]
    assert s.discard == [] and hand(s, "marquise") == ["sappers"] and s.factions["lizards"].vp == 1


# -- 9.2.3 Services bought by a human -------------------------------------------------------------
def riverfolk(vp: int) -> GameState:
    s = position({3: {"warriors": {"marquise": 1}, "tokens": [["riverfolk", "trade_post"]]}},
                 seats=("riverfolk", "marquise"), humans=("marquise",), turn=1,
                 marquise={"vp": vp, "hand": []},
                 riverfolk={"market": ["cobbler", "sappers", "anvil"], "payments": {}, "protection": []})
    return s


@pytest.mark.parametrize(("vp", "price"), [(0, 2), (9, 2), (10, 3), (19, 3), (20, 4)])
def test_9_2_3_a_human_is_offered_services_at_the_start_of_birdsong_at_the_price_of_their_score(vp: int, price: int) -> None:
    q = asks(lambda: play_turn(table(riverfolk(vp))))
    assert (q.ask, q.faction) == ("buy_services", "marquise") and f"up to 2 Riverfolk service(s) at {price} each" in q.text
    s = riverfolk(vp)
    play_turn(table(s, [("buy_services", [["hand_card", "sappers"], ["riverboats", None]])]))
    assert hand(s, "marquise") == ["sappers"] and s.factions["riverfolk"].board.payments == {"marquise": 2 * price}
    assert s.factions["marquise"].supply["warrior"] == 25 - 1 - 2 * price


def test_9_2_3_II_riverboats_a_human_bought_let_their_line_move_along_the_river() -> None:
    def boats() -> GameState:
        return position({5: {"warriors": {"marquise": 1}, "tokens": [["riverfolk", "trade_post"]]}},
                        seats=("riverfolk", "marquise"), humans=("marquise",), turn=1, marquise={"hand": []},
                        riverfolk={"market": ["cobbler"], "payments": {}, "protection": []})

    with pytest.raises(ControllerRefused, match="no path this seat may use from 5 to 10"):
        play_turn(table(boats(), [("buy_services", [])], lines=[("marquise", "w5->10")]))
    s = boats()
    play_turn(table(s, [("buy_services", [["riverboats", None]])], lines=[("marquise", "w5->10")]))
    assert s.warriors("marquise", 10) == 1 and not s.services  # the boats last until the turn ends


def test_9_2_3_III_mercenaries_a_human_bought_count_for_rule_in_their_lines() -> None:
    def hired() -> GameState:
        return position({5: {"warriors": {"marquise": 1, "riverfolk": 2, "eyrie": 2}, "tokens": [["riverfolk", "trade_post"]]}},
                        seats=("riverfolk", "marquise", "eyrie"), humans=("marquise",), turn=1, marquise={"hand": []},
                        riverfolk={"market": ["cobbler"], "payments": {}, "protection": []})

    with pytest.raises(ControllerRefused, match="the marquise rule neither 5 nor 1"):
        play_turn(table(hired(), [("buy_services", [])], lines=[("marquise", "w5->1")]))
    s = hired()
    play_turn(table(s, [("buy_services", [["mercenaries", None]])], lines=[("marquise", "w5->1")]))
    assert s.warriors("marquise", 1) == 1


def test_9_2_3_more_services_than_the_allowance_is_a_bad_answer() -> None:
    s = riverfolk(0)
    three = [["riverboats", None], ["mercenaries", None], ["hand_card", "anvil"]]
    with pytest.raises(BadAnswer):
        play_turn(table(s, [("buy_services", three)]))


# -- 10.2.1 Cost of Errors and the Duchy's Investors, set off by a human ------------------------------
def test_10_2_1_and_investors_a_human_line_removing_a_market_costs_a_crown_and_a_card() -> None:
    def investors() -> GameState:
        return duchy({5: {"buildings": [MARKET], "warriors": {"marquise": 2}}}, swayed=("captain",), traits=("investors",),
                     duchy={"vp": 4}, marquise={"hand": ["anvil", "cobbler"]})

    q = asks(lambda: apply_line(table(investors()), "C", "XD5(2,0)"))
    assert (q.ask, q.options) == ("investors_discard", ("cobbler",))  # 5 is a rabbit clearing
    s = investors()
    apply_line(table(s, [("investors_discard", "cobbler")]), "C", "XD5(2,0)/Db_m5->/++")
    assert s.factions["duchy"].board.swayed == [] and s.factions["duchy"].vp == 3
    assert hand(s, "marquise") == ["anvil"] and s.factions["marquise"].vp == 1


# -- 11.7 plots against humans; the Gamble guess -------------------------------------------------------
def corvid_plot(kind: str, up: bool, traits: tuple[str, ...] = (), hand_: tuple[str, ...] = ()) -> GameState:
    s = position({1: {"warriors": {"marquise": 2}}}, seats=("marquise", "corvids"), humans=("marquise",),
                 corvids={"traits": list(traits)}, marquise={"hand": list(hand_)})
    fs = s.factions["corvids"]
    fs.supply["plot"] -= 1
    s.clearings[1].tokens.append(("corvids", "plot"))
    fs.board.plots[1] = (kind, up)
    return s


def test_11_7_2_a_face_up_snare_stops_a_humans_line() -> None:
    s = corvid_plot("snare", True)
    g = table(s)
    with pytest.raises(LineRefused, match="snare stands in 1: no placing there"):
        apply_line(g, "C", "w->1")
    with pytest.raises(LineRefused, match="snare stands in 1: no moving out"):
        apply_line(g, "C", "w1->5")
    assert s.warriors("marquise", 1) == 2


def test_11_7_3_extortion_a_human_there_discards_from_the_kept_hand() -> None:
    s = corvid_plot("extortion", False, hand_=("anvil", "cobbler"))
    g = table(s)
    apply_line(g, "C", "R#->")
    assert hand(s, "marquise") == ["anvil"]
    plots.flip(g, 1, "11.4.4")
    assert hand(s, "marquise") == [] and s.discard == [card(s, "cobbler"), card(s, "anvil")]


def test_gamble_the_human_with_most_pieces_is_asked_to_guess_the_plot() -> None:
    q = asks(lambda: corvids.flip_plots(table(corvid_plot("bomb", False, ("gamble",)))))
    assert (q.ask, q.faction, q.options) == ("guess_plot", "marquise", ("bomb", "snare", "extortion", "raid"))
    s = corvid_plot("bomb", False, ("gamble",))
    corvids.flip_plots(table(s, [("guess_plot", "bomb")]))
    assert s.warriors("marquise", 1) == 2 and 1 not in plots.plot_map(s) and s.factions["marquise"].vp == 1
    with pytest.raises(BadAnswer, match="not a plot"):
        corvids.flip_plots(table(corvid_plot("bomb", False, ("gamble",)), [("guess_plot", "trap")]))


# -- 3.4 the starting hands; 7.2.5 the Vagabot's damaged items in a human's battle --------------------
def test_3_4_at_the_table_each_human_draws_three_and_the_dominance_cards_leave(tmp_path: Path) -> None:
    seats = [TableSeat("marquise", "human", "Ann"), TableSeat("eyrie", "bot"), TableSeat("alliance", "human", "Bob")]
    st = Session(TableConfig(seats, "fall", None, 7), tmp_path / "g.json").play.game.state
    assert len(st.factions["marquise"].hand) == 3 and len(st.factions["alliance"].hand) == 3
    dominance = {c for c in range(len(st.deckdef.cards)) if st.deckdef.card(c).kind == "dominance"}
    assert dominance <= set(st.removed_cards) and not dominance & set(st.deck)


def test_7_2_5_a_humans_hits_on_the_vagabot_damage_his_items_and_never_remove_the_pawn() -> None:
    s = vpos({7: {"warriors": {"marquise": 3}}}, humans=("marquise",), items=items("boots exhausted", "torch", "tea", "sword", "bag"))
    apply_line(table(s), "C", "XV7(2,0)")
    damaged = [i for i in s.factions["vagabot"].board.items if i.damaged]
    assert len(damaged) == 2 and damaged[0].kind == "boots"  # exhausted items first
    assert s.factions["vagabot"].board.clearing == 7


# -- 6.2.2 Automated Ambush, 6.2.4 Crackdown: a human's battle and removals ------------------------
def test_6_2_2_the_alliance_defending_a_humans_battle_deals_an_extra_hit() -> None:
    s = position({5: {"warriors": {"marquise": 3, "alliance": 1}}}, seats=("marquise", "alliance"), humans=("marquise",), marquise={"hand": []})
    with pytest.raises(LineRefused, match="the Law gives 1 alliance warrior, 1 marquise warrior"):
        apply_line(table(s), "C", "XA5(2,0)/Aw5->")
    apply_line(table(s), "C", "XA5(2,0)/Aw5->/w5->")
    assert s.clearings[5].warriors == {"marquise": 2}


def test_6_2_4_a_human_removing_a_base_sets_off_the_crackdown() -> None:
    s = position({5: {"buildings": [["alliance", "base_rabbit"]], "warriors": {"marquise": 1}}, 4: {"tokens": [["alliance", "sympathy"]]},
                  6: {"tokens": [["alliance", "sympathy"]]}}, seats=("marquise", "alliance"), humans=("marquise",), marquise={"hand": []})
    apply_line(table(s), "C", "Ab_r5->")
    assert s.clearings[4].tokens == [] and s.clearings[6].tokens == [("alliance", "sympathy")]  # 4 is rabbit, 6 fox
    assert s.factions["marquise"].vp == 1 and s.factions["alliance"].vp == 0


# -- 7.7.1 Thief: the card comes out of the hand the companion keeps --------------------------------
def test_7_7_1_the_thief_takes_a_random_card_of_the_humans_kept_hand() -> None:
    s = vpos({7: {"warriors": {"marquise": 1}}}, humans=("marquise",), marquise_hand=["anvil"], marquise_vp=3)
    g = table(s)
    apply_line(g, "C", "#->C")
    drawn = s.factions["marquise"].hand[-1]
    vagabot.thief(g)
    assert len(s.factions["marquise"].hand) == 1 and set(s.factions["marquise"].hand) <= {card(s, "anvil"), drawn}
    assert s.factions["vagabot"].vp == 0  # 2.8.1 scores a card given to a bot, not one taken


# -- Fully Cooperative Play: the dominance cards leave whatever the number of humans ------------------
def test_coop_a_cooperative_table_removes_the_dominance_cards_with_three_humans(tmp_path: Path) -> None:
    seats = [TableSeat("marquise", "human", "Ann"), TableSeat("eyrie", "human", "Bob"), TableSeat("alliance", "human", "Cy"), TableSeat("vagabot", "bot")]
    st = Session(TableConfig(seats, "fall", None, 7, options={"cooperative": True}), tmp_path / "g.json").play.game.state
    dominance = {c for c in range(len(st.deckdef.cards)) if st.deckdef.card(c).kind == "dominance"}
    assert dominance <= set(st.removed_cards) and st.cooperative()


# -- BBP OO.7 at the table: a human buying from the Otter Overlords --------------------------------
def otters(vp: int = 0) -> GameState:
    return position({3: {"warriors": {"marquise": 1}, "tokens": [["riverfolk", "trade_post"]]}},
                    seats=("riverfolk", "marquise"), humans=("marquise",), turn=1, marquise={"vp": vp, "hand": []},
                    riverfolk={"rule_set": "bbp", "market": ["cobbler", "sappers", "anvil", "bake_sale"], "payments": {}, "export": 0})


def test_bbp_oo7_a_human_is_offered_the_otters_market_cards_and_a_service_is_asked_again() -> None:
    q = asks(lambda: play_turn(table(otters())))
    assert q.ask == "buy_services" and "of the Otter Overlords' market cards at 2 warriors each" in q.text
    assert "riverboats" not in q.text
    with pytest.raises(BadAnswer, match="the Otter Overlords sell only market cards, not 'riverboats'"):
        play_turn(table(otters(), [("buy_services", [["riverboats", None]])]))
    s = otters()
    play_turn(table(s, [("buy_services", [["hand_card", "sappers"]])]))
    assert hand(s, "marquise") == ["sappers"] and s.factions["riverfolk"].board.payments == {"marquise": 2}
    assert s.factions["riverfolk"].board.export == 0  # OO.5: a purchase keeps the marker still


# -- 9.7: a bot buys a Hand Card from a human Riverfolk Company, the table naming its cards ---------
def company_selling() -> GameState:
    s = position({}, seats=("marquise", "riverfolk"), humans=("riverfolk",), options={"riverfolk_services": "basic"},
                 riverfolk={"hand": ["anvil", "bake_sale"]})
    s.phase = "daylight"
    s.deck.remove(card(s, "sappers"))
    s.factions["marquise"].order = card(s, "sappers")
    return s


def test_9_7_the_table_names_the_human_riverfolks_cards_and_the_bot_buys_one() -> None:
    q = asks(lambda: rules.craft_order(table(company_selling()), "marquise", "4.4.2"))
    assert (q.ask, q.faction) == ("riverfolk_hand", "riverfolk") and q.options == ("anvil", "bake_sale")
    assert "marquise may buy a Hand Card from riverfolk" in q.text
    s = company_selling()
    rules.craft_order(table(s, [("riverfolk_hand", ["anvil", "bake_sale"])]), "marquise", "4.4.2")
    assert s.factions["marquise"].order == card(s, "bake_sale") and hand(s, "riverfolk") == ["anvil"]
    assert s.factions["marquise"].items == ["coins"]
    invariants.check(s)


def test_9_7_a_card_the_human_riverfolk_does_not_hold_is_a_bad_answer() -> None:
    with pytest.raises(BadAnswer, match="is not a card riverfolk holds"):
        rules.craft_order(table(company_selling(), [("riverfolk_hand", ["sappers"])]), "marquise", "4.4.2")


def test_9_7_the_cards_typed_at_the_table_are_recorded_by_name() -> None:
    from rootbotics.table.chance import parse_answer

    s = company_selling()
    q = Question("riverfolk_hand", "riverfolk", "which cards?", ("anvil", "bake_sale"))
    assert parse_answer(q, "anvil, bake sale", s.deckdef) == ["anvil", "bake_sale"]
    assert parse_answer(q, "none", s.deckdef) == []
