"""Riverfolk Robots (Law of Robotics section 9), rule by rule, with the services other bots buy
(9.2.3, 9.7; issue 5 part 6) and random games with the Clockwork 1 bots."""

from __future__ import annotations

import json

import pytest
from conftest import card_id, fall_state, make_game, put_building, put_warriors

from rootbotics.factions.eyrie.board import VIZIER
from rootbotics.factions.riverfolk import bot as RF
from rootbotics.core import invariants, serial
from rootbotics.factions.riverfolk import services
from rootbotics.core.battle import battle
from rootbotics.core.chance import RngChance, Rng
from rootbotics.core.context import EngineFailure
from rootbotics.controllers import ScriptedHuman
from rootbotics.core.events import Event
from rootbotics.core.paths import adjacent_for
from rootbotics.core.rules import remove_piece, ruler
from rootbotics.game import BOTS, GameConfig, Seat, bot_config, new_game, play, play_turn
from rootbotics.core.state import GameState
from rootbotics.factions.marquise.faction import keep_clearing


def rf_state(*seats, market: tuple[str, ...] = (), payments: dict[str, int] | None = None) -> GameState:
    """A Fall position with the Riverfolk Robots set up: Market (by card name) and Payments."""
    s = fall_state(*seats)
    rf = s.factions["riverfolk"]
    rf.board.market = [card_id(s, n) for n in market]
    for c in rf.board.market:
        s.deck.remove(c) if c in s.deck else None
    rf.board.payments = {}
    rf.board.protection = []
    for f, n in (payments or {}).items():
        s.factions[f].supply["warrior"] -= n
        rf.board.payments[f] = n
    return s


def with_deck(s: GameState) -> GameState:
    """Put every card not held anywhere into the deck, so that all 54 are accounted for."""
    s.deck = []
    held = set(s.all_cards_accounted())
    s.deck = [c for c in range(len(s.deckdef.cards)) if c not in held]
    return s


def put_post(s: GameState, c: int) -> None:
    s.factions["riverfolk"].supply["trade_post"] -= 1
    s.clearings[c].tokens.append(("riverfolk", "trade_post"))


def chance(seed: int = 1) -> RngChance:
    return RngChance(Rng.from_seed(seed))


# -- 9.2 faction rules ------------------------------------------------------------------------------
def test_9_2_1_market_keeps_its_order() -> None:
    """Taking a card from the middle closes the row up without reordering; discard is leftmost."""
    s = with_deck(rf_state("riverfolk", ("marquise", "human"), market=("cobbler", "codebreakers", "bake_sale", "armorers", "sappers")))
    s.turn = 1
    g = make_game(s, controllers={"marquise": ScriptedHuman()})
    services.take_hand_card(g, "marquise", card_id(s, "bake_sale"))
    names = [s.deckdef.card(c).name for c in s.factions["riverfolk"].board.market]
    assert names == ["cobbler", "codebreakers", "armorers", "sappers"]
    RF.discard(g)
    assert [s.deckdef.card(c).name for c in s.factions["riverfolk"].board.market] == ["codebreakers", "armorers", "sappers"]
    assert s.discard == [card_id(s, "cobbler")]


def test_9_2_2_removed_trade_post_returns_to_the_bot() -> None:
    s = with_deck(rf_state("riverfolk", "marquise"))
    put_post(s, 3)
    g = make_game(s)
    remove_piece(g, "riverfolk", 3, "trade_post", "LoR 4.3.4", by="marquise")
    assert s.factions["riverfolk"].supply["trade_post"] == 9 and not s.factions["riverfolk"].removed
    assert s.factions["marquise"].vp == 1
    invariants.check(s)


def test_9_2_3_price_by_the_buyers_score() -> None:
    assert [services.price(v) for v in (0, 9, 10, 19, 20, 29)] == [2, 2, 3, 3, 4, 4]


def test_9_2_3_one_service_plus_one_per_trade_post_clearing_with_the_buyers_pieces() -> None:
    s = rf_state("riverfolk", "marquise")
    put_post(s, 3)
    put_post(s, 5)
    put_post(s, 8)
    put_warriors(s, "marquise", 3, 1)
    put_building(s, "marquise", 5, "sawmill")
    assert services.allowance(s, "marquise") == 3  # 1 + clearings 3 and 5 (8 has no Marquise piece)


def test_9_2_3_a_faction_without_warriors_pays_with_riverfolk_warriors() -> None:
    s = rf_state("riverfolk", "vagabot", "marquise")
    assert services.payer(s, "vagabot") == "riverfolk"
    assert services.payer(s, "marquise") == "marquise"


def test_9_2_3_human_buyer_is_asked_and_pays_into_payments() -> None:
    s = with_deck(rf_state("riverfolk", ("marquise", "human"), market=("cobbler", "codebreakers", "bake_sale", "armorers", "sappers")))
    put_post(s, 3)
    put_warriors(s, "marquise", 3, 1)
    s.factions["marquise"].vp = 12  # three warriors a service
    s.turn = 1
    g = make_game(s, controllers={"marquise": ScriptedHuman(services=("hand_card", "riverboats"))})
    services.offer_services(g, "marquise")
    assert s.factions["marquise"].hand == [card_id(s, "cobbler")]
    assert s.factions["riverfolk"].board.payments == {"marquise": 6}
    assert s.services == {"marquise": ["hand_card", "riverboats"]}
    invariants.check(s)
    services.end_of_turn(g, "marquise")
    assert not s.services


def test_9_2_3_more_services_than_allowed_is_an_engine_failure() -> None:
    s = with_deck(rf_state("riverfolk", ("marquise", "human"), market=("cobbler",)))
    g = make_game(s, controllers={"marquise": ScriptedHuman()})
    o = services.offer(s, "marquise")
    assert services.purchase_problem(s, o, [("riverboats", None), ("mercenaries", None)]) == "only 1 service(s) may be bought"
    assert "not in the Market" in (services.purchase_problem(s, o, [("hand_card", card_id(s, "sappers"))]) or "")

    class Greedy(ScriptedHuman):
        def buy_services(self, g, faction, offer):
            return [("riverboats", None), ("mercenaries", None)]

    g = make_game(s, controllers={"marquise": Greedy()})
    with pytest.raises(EngineFailure):
        services.offer_services(g, "marquise")
    assert s.factions["riverfolk"].board.payments == {}


def test_9_2_3_the_riverfolk_do_not_sell_to_themselves() -> None:
    s = rf_state("riverfolk", "marquise")
    assert services.refusal(s, "riverfolk") is not None
    assert services.refusal(s, "marquise") is None


def test_9_2_3_II_riverboats_make_rivers_paths() -> None:
    s = rf_state("riverfolk", "marquise")
    assert 10 not in adjacent_for(s, "marquise", 5)
    s.services["marquise"] = ["riverboats"]
    assert 10 in adjacent_for(s, "marquise", 5)  # the Fall river 5-10
    assert 10 not in adjacent_for(s, "riverfolk", 5)


def test_9_2_3_II_a_bot_with_riverboats_moves_along_the_river() -> None:
    from rootbotics.core.rules import can_move

    s = rf_state("riverfolk", "marquise")
    put_warriors(s, "marquise", 5, 2)
    s.turn = 1
    assert not can_move(s, "marquise", 5, 10)
    s.services["marquise"] = ["riverboats"]
    assert can_move(s, "marquise", 5, 10)
    invariants.check(with_deck(s))
    s.turn = 0  # the Marquise's turn is over: her Riverboats must be gone
    assert any("outlast their turn" in v for v in invariants.violations(s))


def test_9_2_3_III_mercenaries_count_for_rule_in_daylight_only_for_the_buyer() -> None:
    s = rf_state("riverfolk", "marquise", "eyrie")
    put_warriors(s, "marquise", 6, 1)
    put_warriors(s, "eyrie", 6, 2)
    put_warriors(s, "riverfolk", 6, 2)
    s.turn = 1  # the Marquise's turn
    s.phase = "daylight"
    assert ruler(s, 6) == "eyrie"  # eyrie 2, riverfolk 2, marquise 1: the Eyrie win the tie (5.2.1)
    s.services["marquise"] = ["mercenaries"]
    assert ruler(s, 6) == "marquise"  # 1 + 2 hired
    s.phase = "birdsong"
    assert ruler(s, 6) != "marquise"


def test_9_2_3_III_mercenaries_in_battle_add_rolled_hits_and_share_the_hits() -> None:
    s = with_deck(rf_state("riverfolk", "marquise", "eyrie"))
    put_warriors(s, "marquise", 6, 1)
    put_warriors(s, "riverfolk", 6, 2)
    put_warriors(s, "eyrie", 6, 3)
    s.turn, s.phase = 1, "daylight"
    s.services["marquise"] = ["mercenaries"]
    g = make_game(s, [("roll", (3, 2))])
    result = battle(g, "marquise", "eyrie", 6, "4.5.1")
    assert result.attacker_hits == 3  # max rolled hits 1 + 2 Riverfolk warriors
    assert s.warriors("eyrie", 6) == 0
    # two hits split: one Marquise warrior, then one Riverfolk warrior
    assert s.warriors("marquise", 6) == 0 and s.warriors("riverfolk", 6) == 1
    invariants.check(s)


def test_9_2_3_III_mercenaries_never_against_the_riverfolk() -> None:
    s = with_deck(rf_state("riverfolk", "marquise"))
    put_warriors(s, "marquise", 6, 1)
    put_warriors(s, "riverfolk", 6, 3)
    s.turn, s.phase = 1, "daylight"
    s.services["marquise"] = ["mercenaries"]
    assert services.mercenary_warriors(s, "marquise", 6, "riverfolk") == 0


def test_9_2_4_shield_condition_battles_everywhere_and_discards_twice() -> None:
    s = with_deck(rf_state("riverfolk", "marquise", market=("cobbler", "codebreakers", "bake_sale", "armorers", "sappers")))
    put_warriors(s, "riverfolk", 6, 2)
    put_warriors(s, "marquise", 6, 1)
    put_warriors(s, "marquise", 1, 1)
    g = make_game(s, [("roll", (1, 0))])
    RF.organize(g)
    assert s.factions["riverfolk"].board.protection == ["shield"]
    assert s.factions["riverfolk"].vp == 1
    assert s.warriors("riverfolk", 6) == 4  # two more where its pieces face the most enemy pieces
    RF.battle_step(g)
    assert [e.data["c"] for e in g.log.of_kind("battle")] == [6]  # not ordered: the rabbit order is ignored
    RF.discard(g)
    assert len(s.factions["riverfolk"].board.market) == 3


def test_9_2_4_sword_condition_with_an_empty_supply() -> None:
    s = with_deck(rf_state("riverfolk", "marquise", payments={"marquise": 2}))
    put_warriors(s, "riverfolk", 6, 15)
    g = make_game(s)
    RF.check_protectionism(g)
    assert s.factions["riverfolk"].board.protection == ["sword"]


def test_9_2_4_no_condition_no_battle_no_racket() -> None:
    s = with_deck(rf_state("riverfolk", "marquise", market=("cobbler",), payments={"marquise": 2}))
    put_warriors(s, "riverfolk", 6, 5)
    put_warriors(s, "marquise", 6, 1)
    g = make_game(s)
    RF.organize(g)
    RF.battle_step(g)
    RF.racketeering(g)
    assert not g.log.of_kind("battle") and s.warriors("riverfolk", 6) == 5 and s.factions["riverfolk"].vp == 0


# -- 9.3 setup ----------------------------------------------------------------------------------------
def test_9_3_setup() -> None:
    g = new_game(bot_config(["marquise", "riverfolk", "eyrie"], "fall", 3))
    s = g.state
    rf = s.factions["riverfolk"]
    assert len(rf.board.market) == 5
    assert rf.board.payments == {"riverfolk": 1}
    river = sorted(s.map.river_clearings)
    assert river == [4, 5, 7, 10, 11]
    keep = keep_clearing(s)
    placed = [c for c in river if s.warriors("riverfolk", c) == 1]
    assert placed == [c for c in river if c != keep]
    assert rf.supply == {"warrior": 15 - len(placed) - 1, "trade_post": 9}
    invariants.check(s)


def test_9_3_2_lake_rivers_are_the_lake_links() -> None:
    g = new_game(bot_config(["riverfolk", "eyrie"], "lake", 3))
    s = g.state
    assert sorted(c for c in range(1, 13) if s.warriors("riverfolk", c)) == [1, 10, 11, 12]


def test_9_4_3_an_empty_market_after_the_craft_gives_no_order_and_the_turn_goes_on_to_evening() -> None:
    """Ruling R-BBP-OO-EMPTY-MARKET for the Law bot: an empty Market, the deck holding one card
    and the discard pile none (seats holding the rest). Birdsong draws that card (9.4.1), crafts
    it (9.4.2: discarded, so the Market is empty again), and Set Order finds no card (9.4.3): no
    order this turn, no Daylight; Evening scores the Payments as usual. Found by the soak (a
    six-seat game on the Lake, five of them programs)."""
    from rootbotics.factions.riverfolk.bot import market

    g = new_game(GameConfig([Seat("riverfolk"), Seat("eyrie")], "fall", 5))
    s = g.state
    while s.current != "riverfolk":
        play_turn(g)
    arms = card_id(s, "arms_trader")
    row = market(s)
    held = [c for c in [*s.deck, *s.discard, *row] if c != arms]
    s.removed_cards.extend(held)
    s.deck, s.discard = [arms], []
    row.clear()
    invariants.check(s)
    vp, before = s.factions["riverfolk"].vp, len(list(g.log))
    play_turn(g)
    kinds = [(e.rule, e.kind) for e in list(g.log)[before:] if e.faction == "riverfolk"]
    assert ("9.4.2", "craft") in kinds and ("9.4.3", "no_order") in kinds
    assert not any(rule.startswith("9.5") for rule, _ in kinds)  # no Daylight
    assert any(rule.startswith("9.6") for rule, _ in kinds)  # Evening
    assert s.factions["riverfolk"].vp >= vp + 1 and "sword" in s.factions["riverfolk"].items
    invariants.check(s)


# -- 9.4 Birdsong -------------------------------------------------------------------------------------
def test_9_4_2_crafts_the_first_added_card_showing_an_available_item() -> None:
    s = with_deck(rf_state("riverfolk", "marquise", market=("cobbler", "codebreakers", "bake_sale")))
    s.item_supply["boots"] = 0
    g = make_game(s, [("draw", card_id(s, "travel_gear_mouse")), ("draw", card_id(s, "arms_trader"))])
    added = RF.stock_market(g, "9.4.1")
    RF.craft(g, added)
    rf = s.factions["riverfolk"]
    assert rf.items == ["sword"] and rf.vp == 1  # boots unavailable: the second card is crafted
    assert [s.deckdef.card(c).name for c in rf.board.market] == ["cobbler", "codebreakers", "bake_sale", "travel_gear_mouse"]
    assert RF.order_suit(s) == "mouse"


# -- 9.5 Daylight -------------------------------------------------------------------------------------
@pytest.mark.parametrize(("level", "garrison"), [("easy", 0), ("default", 1), ("challenging", 2), ("nightmare", 2)])
def test_9_5_1_build_and_garrison_by_difficulty(level: str, garrison: int) -> None:
    s = with_deck(rf_state("riverfolk", "marquise", "eyrie", market=("cobbler",), payments={"eyrie": 3, "marquise": 2}))
    s.factions["riverfolk"].difficulty = level
    put_warriors(s, "marquise", 4, 1)  # rabbit
    put_warriors(s, "eyrie", 10, 1)  # rabbit, the top payer's piece
    g = make_game(s)
    RF.build_and_garrison(g)
    assert ("riverfolk", "trade_post") in s.clearings[10].tokens  # the 9.5.1 I tie beats priority 3
    assert s.warriors("riverfolk", 10) == garrison


def test_9_5_1_I_the_top_payer_may_be_the_riverfolk_themselves() -> None:
    """Ruling R-RIVERFOLK-PAYMENTS: "most warriors in Payments" counts the Riverfolk's own
    warriors there in 9.5.1 I as in 9.6.1, so with the most of them the tie goes to a clearing
    with Riverfolk pieces."""
    s = with_deck(rf_state("riverfolk", "marquise", market=("cobbler",), payments={"riverfolk": 3, "marquise": 2}))
    put_warriors(s, "marquise", 4, 1)  # rabbit
    put_warriors(s, "riverfolk", 10, 1)  # rabbit
    g = make_game(s)
    RF.build_and_garrison(g)
    assert ("riverfolk", "trade_post") in s.clearings[10].tokens
    (post,) = g.log.of_kind("place_token")
    assert "has pieces of riverfolk" in post.text


def test_9_6_1_and_9_5_1_I_read_most_warriors_in_payments_alike() -> None:
    """One reading for both (ruling R-RIVERFOLK-PAYMENTS): the player whose warriors 9.6.1 scores
    is the player whose pieces 9.5.1 I looks for."""
    s = with_deck(rf_state("riverfolk", "marquise", "eyrie", payments={"riverfolk": 4, "marquise": 3, "eyrie": 1}))
    assert RF.top_payer(s) == "riverfolk"
    g = make_game(s)
    RF.score_payments(g)
    assert s.factions["riverfolk"].vp == 4 and s.factions["riverfolk"].board.payments == {"marquise": 3, "eyrie": 1}
    assert RF.top_payer(s) == "marquise"


def test_11_8_2_and_9_5_1_a_snared_trade_post_takes_its_garrison_with_it() -> None:
    """11.8.2: the snare replaces the whole placement of Build and Garrison (9.5.1), the trade
    post and its warrior alike: the bot removes the snare and places neither."""
    s = with_deck(rf_state("riverfolk", "marquise", "corvids", market=("cobbler",)))
    s.factions["riverfolk"].difficulty = "challenging"  # a garrison of two
    fs = s.factions["corvids"]
    fs.supply["plot"] -= 1
    s.clearings[3].tokens.append(("corvids", "plot"))
    fs.board.plots[3] = ("snare", True)  # 3: the rabbit clearing of highest priority
    g = make_game(s)
    RF.build_and_garrison(g)
    assert ("riverfolk", "trade_post") not in s.clearings[3].tokens and s.warriors("riverfolk", 3) == 0
    assert 3 not in fs.board.plots and s.factions["riverfolk"].vp == 1  # it removed the snare
    assert not [e for e in g.log if "trade post" in e.text and "garrison" in e.text]
    assert any("11.8.2" in e.rule for e in g.log.of_kind("snare"))
    invariants.check(s)


def test_9_5_2_recruit_in_ordered_clearings_highest_priority_first_when_short() -> None:
    s = with_deck(rf_state("riverfolk", "marquise", market=("cobbler",)))
    put_warriors(s, "riverfolk", 6, 13)
    g = make_game(s)
    RF.recruit(g)  # rabbit: 3, 4, 5, 10; only two warriors left
    assert [c for c in (3, 4, 5, 10) if s.warriors("riverfolk", c)] == [3, 4]


def test_9_5_4_defender_is_the_enemy_with_fewest_warriors_in_payments() -> None:
    s = with_deck(rf_state("riverfolk", "marquise", "eyrie", market=("cobbler",), payments={"marquise": 1, "eyrie": 4}))
    s.factions["riverfolk"].board.protection = ["sword"]
    for f in ("riverfolk", "marquise", "eyrie"):
        put_warriors(s, f, 3, 1)
    g = make_game(s, [("roll", (0, 0))])
    RF.battle_step(g)
    assert g.log.of_kind("battle")[0].data["defender"] == "marquise"


# -- 9.6 Evening --------------------------------------------------------------------------------------
def test_9_6_1_scores_the_top_payer_and_returns_their_warriors() -> None:
    s = with_deck(rf_state("riverfolk", "marquise", "eyrie", payments={"marquise": 3, "eyrie": 3, "riverfolk": 1}))
    g = make_game(s)
    RF.score_payments(g)
    assert s.factions["riverfolk"].vp == 3 and s.factions["riverfolk"].board.payments == {"eyrie": 3, "riverfolk": 1}
    assert s.factions["marquise"].supply["warrior"] == 25  # setup priority breaks the tie
    invariants.check(s)


def test_9_6_2_racketeering_leaves_two_warriors_per_clearing() -> None:
    s = with_deck(rf_state("riverfolk", "marquise"))
    s.factions["riverfolk"].board.protection = ["sword"]
    put_warriors(s, "riverfolk", 3, 4)
    put_warriors(s, "riverfolk", 12, 2)
    g = make_game(s)
    RF.racketeering(g)
    assert s.warriors("riverfolk", 3) == 2 and s.warriors("riverfolk", 12) == 2
    assert s.factions["riverfolk"].board.payments == {"riverfolk": 2}
    invariants.check(s)


def test_3_3_1_nightmare_scores_a_flat_point_as_its_card_says() -> None:
    """The Riverfolk Nightmare card: 1 VP at the end of Evening, however many players."""
    s = with_deck(rf_state("riverfolk", "marquise", "eyrie"))
    s.factions["riverfolk"].difficulty = "nightmare"
    g = make_game(s)
    RF.nightmare_points(g)
    assert s.factions["riverfolk"].vp == 1


# -- traits (3.3.2) -----------------------------------------------------------------------------------
def test_3_3_2_greedy_scores_when_the_leader_buys() -> None:
    s = with_deck(rf_state("riverfolk", ("marquise", "human"), market=("cobbler",)))
    s.factions["riverfolk"].traits = ["greedy"]
    s.factions["marquise"].vp = 5
    g = make_game(s, controllers={"marquise": ScriptedHuman(services=("riverboats",))})
    services.offer_services(g, "marquise")
    assert s.factions["riverfolk"].vp == 1


def test_3_3_2_ferocious_attacks_with_three_maximum_hits() -> None:
    s = with_deck(rf_state("riverfolk", "marquise"))
    s.factions["riverfolk"].traits = ["ferocious"]
    put_warriors(s, "riverfolk", 6, 1)
    put_warriors(s, "marquise", 6, 3)
    g = make_game(s, [("roll", (3, 0))])
    assert battle(g, "riverfolk", "marquise", 6, "9.5.4").attacker_hits == 3


def test_3_3_2_garrison_never_defenseless_and_trade_post_adds_a_hit() -> None:
    s = with_deck(rf_state("riverfolk", "marquise"))
    s.factions["riverfolk"].traits = ["garrison"]
    put_post(s, 6)
    put_warriors(s, "marquise", 6, 3)
    g = make_game(s, [("roll", (1, 1))])
    result = battle(g, "marquise", "riverfolk", 6, "4.5.1")
    assert result.attacker_hits == 1  # no extra hit: never defenseless
    assert result.defender_hits == 1  # 0 warriors + 1 for the trade post


# -- cross-bot: services the Clockwork 1 bots buy (issue 5 part 6) -------------------------------
def buyer_game(buyer: str, policy: str, *others: str):
    s = with_deck(rf_state("riverfolk", buyer, *others, market=("cobbler", "codebreakers", "arms_trader", "bake_sale", "sappers")))
    s.options["riverfolk_services"] = policy
    s.turn = 1
    s.phase = "birdsong"
    return s


def test_cross_bots_are_offered_nothing_at_birdsong_they_buy_by_the_cards() -> None:
    """9.7: the Services cards say when a bot buys (tests/test_bot_services.py); the start of
    Birdsong's offer (9.2.3) is a human's only (R-SERVICES-BOTS retired)."""
    s = buyer_game("marquise", "advanced")
    g = make_game(s)
    services.offer_services(g, "marquise")
    assert not s.services and s.factions["riverfolk"].board.payments == {}


# -- saved positions ----------------------------------------------------------------------------------
def test_state_round_trip_and_validation() -> None:
    s = with_deck(rf_state("riverfolk", "marquise", market=("cobbler", "sappers"), payments={"marquise": 3, "riverfolk": 1}))
    s.factions["riverfolk"].board.protection = ["sword"]
    put_post(s, 3)
    s.turn = 1  # the Marquise's turn, in which she bought Riverboats
    s.services["marquise"] = ["riverboats"]
    back = serial.loads(serial.dumps(s))
    assert serial.dumps(back) == serial.dumps(s)
    assert back.factions["riverfolk"].board.payments == {"marquise": 3, "riverfolk": 1}
    assert back.factions["marquise"].supply["warrior"] == 22
    invariants.check(back)
    data = serial.to_json(s)
    data["factions"]["riverfolk"]["payments"]["marquise"] = 26
    with pytest.raises(serial.StateError) as err:
        serial.from_json(json.loads(json.dumps(data)))
    assert err.value.path == "factions.riverfolk.payments.marquise"
    data = serial.to_json(s)
    data["factions"]["marquise"]["market"] = []
    with pytest.raises(serial.StateError, match="only the Riverfolk"):
        serial.from_json(data)
    data = serial.to_json(s)
    data["services"] = {"marquise": ["teleport"]}
    with pytest.raises(serial.StateError) as err:
        serial.from_json(data)
    assert err.value.path == "services.marquise.0"


def test_clone_is_independent() -> None:
    s = with_deck(rf_state("riverfolk", "marquise", market=("cobbler",), payments={"marquise": 3}))
    s.services["marquise"] = ["riverboats"]
    t = s.clone()
    t.factions["riverfolk"].board.market.clear()
    t.factions["riverfolk"].board.payments["marquise"] = 1
    t.services["marquise"].append("mercenaries")
    assert s.factions["riverfolk"].board.market and s.factions["riverfolk"].board.payments["marquise"] == 3
    assert s.services == {"marquise": ["riverboats"]}


def test_invariants_count_payments() -> None:
    s = with_deck(rf_state("riverfolk", "marquise", payments={"marquise": 3}))
    invariants.check(s)
    s.factions["riverfolk"].board.payments["marquise"] = 4
    assert any("marquise warrior" in v for v in invariants.violations(s))


# -- random games ---------------------------------------------------------------------------------
def checked(config: GameConfig) -> None:
    g = new_game(config)
    invariants.check(g.state)
    live: list[str] = []

    def after_event(event: Event) -> None:
        live.append(event.text)  # explanations read now must read the same after the game
        invariants.check(g.state)

    g.log.listeners.append(after_event)
    play(g)
    assert g.state.winner is not None
    assert [e.text for e in g.log][-len(live) :] == live


LINEUPS = (
    ["riverfolk", "marquise", "eyrie"],
    ["marquise", "riverfolk", "alliance", "vagabot"],
    ["eyrie", "vagabot", "alliance", "riverfolk", "marquise"],
    ["corvids", "riverfolk", "vagabot", "eyrie", "alliance", "marquise"],
)
MAPS = ("fall", "winter", "lake", "mountain")


@pytest.mark.parametrize("seed", range(12))
def test_random_games_with_riverfolk(seed: int) -> None:
    config = bot_config(LINEUPS[seed % 4], MAPS[seed % 4], seed)
    config.options["riverfolk_services"] = services.POLICIES[seed % 3]
    checked(config)


@pytest.mark.soak
@pytest.mark.parametrize("seed", range(300))
def test_soak_random_games_with_riverfolk(seed: int) -> None:
    config = bot_config(LINEUPS[seed % 4], MAPS[(seed // 4) % 4], 1000 + seed)
    config.options["riverfolk_services"] = services.POLICIES[(seed // 12) % 3]
    checked(config)


# -- the Law's example turn ---------------------------------------------------------------------------
def test_9_riverfolk_example_turn() -> None:
    """Law of Robotics, 'Riverfolk Robots Example Turn', on the Fall map (ruling
    R-RIVERFOLK-EXAMPLE: the example's clearings are renumbered to Fall's river, 4 and 5 for its
    2 and 5; the Organize point the example leaves out is scored, as 9.5.3 says)."""
    from test_examples import load_game

    g = load_game("riverfolk_example_turn.json", [("draw", "travel_gear_mouse"), ("draw", "armorers"), ("roll", (2, 1))])
    s = g.state
    play_turn(g)
    rf = s.factions["riverfolk"]
    text = [e.text for e in g.log]
    # Birdsong: two cards drawn, the boot card crafted and discarded, the bird card is the order.
    assert any("crafts Travel Gear (mouse) from its Market" in t for t in text)
    assert rf.items == ["boots"] and card_id(s, "travel_gear_mouse") in s.discard
    assert any("its order is bird: the rightmost Market card is Armorers (bird)" in t for t in text)
    # Build and garrison in 1: the Marquise, top payer, has pieces there.
    build = [e for e in g.log if e.rule == "9.5.1" and e.kind == "place_token"][0]
    assert build.data["c"] == 1 and "has pieces of marquise" in build.text
    # Recruit along the river: only two warriors left, highest priority first.
    assert [e.data["c"] for e in g.log if e.rule == "9.5.2"] == [4, 5] and rf.supply["warrior"] == 1
    # Protectionism: shield not fulfilled, sword fulfilled; battle the Eyrie (fewer in Payments) in 1.
    assert any("shield condition not fulfilled" in t and "sword condition fulfilled" in t for t in text)
    battles = g.log.of_kind("battle")
    assert [(e.data["c"], e.data["defender"]) for e in battles] == [(1, "eyrie")]
    assert "chose eyrie by fewest warriors in Payments" in battles[0].text
    # Evening: 4 VP for the Marquise's four warriors, which go home; racketeering from 3 and 12.
    assert any("scores 4 VP for the 4 marquise warriors" in t for t in text)
    assert "marquise" not in rf.board.payments and rf.board.payments == {"eyrie": 1, "riverfolk": 3}
    assert s.warriors("riverfolk", 3) == 2 and s.warriors("riverfolk", 12) == 2
    assert rf.vp == 10 + 1 + 1 + 4
    assert [s.deckdef.card(c).name for c in rf.board.market] == ["codebreakers", "bake_sale", "armorers"]
    invariants.check(s)


@pytest.mark.parametrize(("traits", "eyrie_max"), [((), 1), (("involved",), 3)])
def test_3_3_2_involved_hires_the_riverfolk_for_a_humans_enemies(traits, eyrie_max) -> None:
    s = with_deck(rf_state("riverfolk", ("marquise", "human"), "eyrie"))
    s.factions["riverfolk"].traits = list(traits)
    put_warriors(s, "marquise", 6, 3)
    put_warriors(s, "eyrie", 6, 1)
    put_warriors(s, "riverfolk", 6, 2)
    s.turn, s.phase = 1, "daylight"  # the human Marquise's turn; she bought no Mercenaries
    g = make_game(s, [("roll", (3, 3))], controllers={"marquise": ScriptedHuman()})
    assert battle(g, "marquise", "eyrie", 6, "LoR 4.3").defender_hits == eyrie_max


def test_9_2_3_a_human_buyers_answers_are_recorded_and_replayed() -> None:
    from rootbotics.record import play_recorded, replay

    cfg = GameConfig([Seat("riverfolk"), Seat("eyrie", "human"), Seat("marquise")], seed=8, max_rounds=12)
    g, record = play_recorded(cfg, controllers={"eyrie": ScriptedHuman(services=("hand_card", "riverboats"))})
    asks = [d for d in record["decisions"] if d["ask"] == "buy_services"]
    assert asks and asks[0]["answer"][0][0] == "hand_card"
    assert g.log.of_kind("buy_service")
    again = replay(json.loads(json.dumps(record)))
    assert again.log.signature() == g.log.signature()
    assert serial.to_json(again.state) == serial.to_json(g.state)


def run_cli(capsys, *args: str) -> tuple[int, str, str]:
    from rootbotics.cli import main

    with pytest.raises(SystemExit) as exc:
        main(list(args))
    out, err = capsys.readouterr()
    return (exc.value.code if isinstance(exc.value.code, int) else 0), out, err


def test_cli_plays_with_a_services_policy_and_shows_the_market(capsys, tmp_path) -> None:
    saved = tmp_path / "rf.json"
    code, _, _ = run_cli(capsys, "play", "--bots", "riverfolk,marquise,eyrie", "--riverfolk-services", "advanced", "--turns", "3", "--save", str(saved), "-q")
    assert code == 0 and serial.load(saved).options["riverfolk_services"] == "advanced"
    code, out, _ = run_cli(capsys, "show", str(saved))
    assert code == 0 and "Market (left to right):" in out
    code, _, err = run_cli(capsys, "play", "--bots", "riverfolk,marquise", "--riverfolk-services", "lots", "-q")
    assert code == 2 and "--riverfolk-services: 'lots' is not a services policy" in err


# -- 9.3.3 / 9.5.1 / 9.2.2: trade posts lie on suited tracks ------------------------------------------
FOX_POSTS = {c: {"tokens": [["riverfolk", "trade_post"]]} for c in (1, 6, 8)}


def riverfolk_position(clearings: dict, **extra):
    from helpers import position

    rf = {"market": ["cobbler", "root_tea_fox"], "payments": {}, "protection": [], **extra}
    return position(clearings, seats=("riverfolk", "marquise"), riverfolk=rf)


def test_9_3_3_and_9_5_1_no_fox_trade_post_left_means_no_fox_build() -> None:
    # Three fox posts on the map (1, 6, 8): the fox track is empty, so on a fox order 12 cannot
    # take one though six posts of other suits wait on their tracks.
    s = riverfolk_position(FOX_POSTS)
    assert RF.order_suit(s) == "fox" and s.factions["riverfolk"].supply["trade_post"] == 6
    g = make_game(s)
    RF.build_and_garrison(g)
    assert (("riverfolk", "trade_post") not in s.clearings[12].tokens) and s.warriors("riverfolk", 12) == 0
    (skip,) = g.log.of_kind("skip")
    assert "skipped 12 (no fox trade post left on its tracks)" in skip.text


def test_9_2_2_a_removed_trade_post_returns_to_its_own_suit_s_track() -> None:
    s = riverfolk_position(FOX_POSTS)
    g = make_game(s)
    remove_piece(g, "riverfolk", 6, "trade_post", "test", by="marquise")
    RF.build_and_garrison(g)  # the fox post is back on the fox track: 6 takes it again
    assert ("riverfolk", "trade_post") in s.clearings[6].tokens


def test_9_3_3_the_trade_posts_suits_are_saved_and_checked() -> None:
    s = riverfolk_position(FOX_POSTS)
    saved = serial.to_json(s)
    assert saved["factions"]["riverfolk"]["trade_posts"] == {"1": "fox", "6": "fox", "8": "fox"}
    assert serial.from_json(saved).clearings[6].tokens == [("riverfolk", "trade_post")]
    del saved["factions"]["riverfolk"]["trade_posts"]  # a file from before suits were saved
    assert serial.from_json(saved).factions["riverfolk"].supply["trade_post"] == 6
    saved["clearings"]["12"] = {"tokens": [["riverfolk", "trade_post"]]}
    with pytest.raises(serial.StateError, match="fox"):
        serial.from_json(saved)  # a fourth fox trade post


def test_the_market_takes_only_what_can_be_drawn() -> None:
    """Ruling R-BBP-OO-EMPTY-MARKET for the Law bot's Market (9.3.5; LoR 1.5.4): with the deck and
    the discard pile empty the restock stops short instead of failing."""
    from rootbotics.factions.riverfolk.bot import market, stock_market
    from rootbotics.game import GameConfig, Seat, new_game

    g = new_game(GameConfig([Seat("riverfolk"), Seat("eyrie")], "fall", 5))
    s = g.state
    row = market(s)
    s.removed_cards.extend([*s.deck[1:], *s.discard, *row[2:]])  # one card left to draw
    s.deck, s.discard = s.deck[:1], []
    del row[2:]
    invariants.check(s)
    added = stock_market(g, "9.3.5")
    invariants.check(s)
    assert len(added) == 1 and len(row) == 3
    assert [e.kind for e in g.log][-2:] == ["market_short", "stock_market"]
