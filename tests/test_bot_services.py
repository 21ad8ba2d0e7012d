"""The Riverfolk Bot Services cards (Law of Robotics 9.7), a test per sentence (issue 31 part 1).
Positions are built in code from the Riverfolk tests' helpers; see the coverage table's
"Services B1-B3" and "Services A-<bot>" rows."""

from __future__ import annotations

import pytest
from conftest import card_id, make_game, put_warriors
from helpers import position
from test_riverfolk import chance, rf_state, with_deck

from rootbotics.controllers import ScriptedHuman
from rootbotics.core import invariants, serial
from rootbotics.core.fields import StateError
from rootbotics.factions.eyrie import bot as eyrie_bot
from rootbotics.factions.marquise import bot as marquise_bot
from rootbotics.factions.vagabot import bot as vagabot_bot
from rootbotics.core import rules as R
from rootbotics.core.battle import battle
from rootbotics.factions.riverfolk import bot_services as B


def game_at(level: str, *seats, market=(), vp=None, current="marquise"):
    s = with_deck(rf_state("riverfolk", *seats, market=market))
    s.options["riverfolk_services"] = level
    s.phase, s.turn = "birdsong", s.turn_order.index(current)
    for f, n in (vp or {}).items():
        s.factions[f].vp = n
    return s, make_game(s)


def order(s, faction, name):
    cid = card_id(s, name)
    s.deck.remove(cid)
    s.factions[faction].order = cid


def test_services_b1_none_means_no_purchase() -> None:
    s, g = game_at("none", "marquise", market=("bake_sale",))
    order(s, "marquise", "sappers")
    R.craft_order(g, "marquise", "4.4.2")
    assert s.factions["marquise"].order == card_id(s, "sappers") and not s.services


def test_services_b1_not_with_fewer_points_than_the_riverfolk() -> None:
    s, g = game_at("basic", "marquise", market=("bake_sale",), vp={"riverfolk": 3, "marquise": 2})
    order(s, "marquise", "sappers")
    R.craft_order(g, "marquise", "4.4.2")
    assert s.factions["marquise"].order == card_id(s, "sappers")
    assert "fewer points" in (B.refusal(s, "marquise") or "")


def test_services_b1_price_by_own_score_and_only_if_affordable() -> None:
    s, g = game_at("basic", "marquise", market=("bake_sale",), vp={"marquise": 12})
    s.factions["marquise"].supply["warrior"] = 2
    assert "3 needed" in (B.refusal(s, "marquise") or "")
    s.factions["marquise"].supply["warrior"] = 3
    assert B.refusal(s, "marquise") is None


def test_services_b2_hand_card_replaces_the_card_it_could_not_craft() -> None:
    s, g = game_at("basic", "marquise", market=("anvil", "bake_sale", "sappers#2"))
    order(s, "marquise", "sappers")
    R.craft_order(g, "marquise", "4.4.2")
    fs = s.factions["marquise"]
    assert fs.order == card_id(s, "bake_sale")  # the most listed points (3) of those with items
    assert card_id(s, "sappers") in s.discard and fs.items == ["coins"]
    assert s.factions["riverfolk"].board.payments == {"marquise": 2}
    assert "Basic Services 2" in [e for e in g.log if e.kind == "buy_service"][0].text
    invariants.check(s)


def test_services_b3_vagabot_and_alliance_pay_with_riverfolk_warriors() -> None:
    assert B.payer("vagabot") == B.payer("alliance") == "riverfolk" and B.payer("marquise") == "marquise"


def test_services_b3_lizards_never_buy_birds() -> None:
    s, g = game_at("basic", "lizards", market=("arms_trader",), current="lizards")
    assert B.hand_card_choice(g, "lizards", card_id(s, "sappers")) is None


def test_services_b3_mercenaries_when_battling_with_two_or_fewer() -> None:
    s, g = game_at("basic", "marquise", "eyrie")
    s.phase = "daylight"
    put_warriors(s, "marquise", 5, 2)
    put_warriors(s, "eyrie", 5, 1)
    put_warriors(s, "riverfolk", 5, 1)
    B.battling(g, "marquise", 5)
    assert s.services == {"marquise": ["mercenaries"]}
    assert "Basic Services 3" in [e for e in g.log if e.kind == "buy_service"][0].text


def test_services_b3_no_mercenaries_with_three_warriors() -> None:
    s, g = game_at("basic", "marquise", "eyrie")
    put_warriors(s, "marquise", 5, 3)
    put_warriors(s, "riverfolk", 5, 1)
    B.battling(g, "marquise", 5)
    assert not s.services


def test_services_a_marquise_buys_a_bird_of_several_with_items() -> None:
    s, g = game_at("advanced", "marquise", market=("bake_sale", "birdy_bindle"))
    order(s, "marquise", "sappers")
    R.craft_order(g, "marquise", "4.4.2")
    assert s.factions["marquise"].order == card_id(s, "birdy_bindle")


# -- from saved positions (tests/helpers.py: position) ------------------------------------------
def saved(clearings, seats, level="advanced", market=(), current=None, humans=(), **factions):
    """A saved Fall position with the Riverfolk bot's Market and the services level, in
    ``current``'s Daylight (the first seat's by default)."""
    rf = {"market": list(market), "payments": {}, **factions.pop("riverfolk", {})}
    if "eyrie" in seats and "eyrie" not in humans:
        factions.setdefault("eyrie", {"decree": {"fox": [], "rabbit": [], "mouse": [], "bird": ["loyal_vizier", "loyal_vizier"]}})
    s = position(clearings, seats=seats, humans=humans, turn=seats.index(current or seats[0]), options={"riverfolk_services": level}, riverfolk=rf, **factions)
    s.phase = "daylight"
    return s, make_game(s)


def bought(g) -> list[str]:
    return [e.text for e in g.log if e.kind == "buy_service"]


EYRIE_AT_5 = {
    5: {"warriors": {"eyrie": 4}, "buildings": [["eyrie", "roost"]]},
    1: {"warriors": {"marquise": 2}},
    2: {"warriors": {"marquise": 1}},
}


def eyrie_position(level: str):
    decree = {"fox": [], "rabbit": ["a_visit_to_friends"], "mouse": [], "bird": ["loyal_vizier", "loyal_vizier"]}
    return saved(EYRIE_AT_5, ("eyrie", "marquise", "riverfolk"), level, eyrie={"decree": decree})


def test_services_a_eyrie_riverboats_rivers_are_paths_for_its_move_and_it_buys_them() -> None:
    s, g = eyrie_position("advanced")
    eyrie_bot.decree_move(g, "rabbit")  # 5's paths lead to 1 and 2 (enemies); the river to 10 (none)
    assert s.clearings[10].warriors.get("eyrie") == 3 and s.clearings[5].warriors["eyrie"] == 1
    assert s.services == {"eyrie": ["riverboats"]}
    assert "Advanced Services for the Electric Eyrie, Riverboats" in bought(g)[0]
    assert s.factions["riverfolk"].board.payments == {"eyrie": 2}
    invariants.check(s)


def test_services_a_eyrie_riverboats_not_under_basic_nor_when_it_cannot_buy() -> None:
    s, g = eyrie_position("basic")
    eyrie_bot.decree_move(g, "rabbit")
    assert s.clearings[2].warriors.get("eyrie") == 3 and not s.services  # fewest enemies by path
    s, g = eyrie_position("advanced")
    s.factions["riverfolk"].vp = 3  # Basic 1: more points than the Eyrie, so no Riverboats to count on
    eyrie_bot.decree_move(g, "rabbit")
    assert s.clearings[2].warriors.get("eyrie") == 3 and not s.services


def vagabot_position(level: str, items=("boots", "boots", "sword", "torch")):
    return saved({}, ("vagabot", "riverfolk", "marquise"), level, vagabot={"vagabot": {"character": "thief", "location": 5, "items": list(items)}})


def test_services_a_vagabot_riverboats_rivers_are_paths_for_any_action() -> None:
    s, g = vagabot_position("advanced")
    vs = s.factions["vagabot"].board
    assert vagabot_bot.nearest(g, "the nearest ruin", [6, 10, 11, 12], "7.5.1").target == 10  # 5-10 is a river
    s, g = vagabot_position("basic")
    assert vagabot_bot.moves_to(s, s.factions["vagabot"].board, 10) == 2 and vs is not None


def test_services_a_vagabot_riverboats_bought_and_no_item_exhausted_for_the_move() -> None:
    s, g = vagabot_position("advanced")
    vs = s.factions["vagabot"].board
    supply = s.factions["riverfolk"].supply["warrior"]
    assert vagabot_bot.travel(g, 10, "7.5.1", lambda: "to explore")
    assert vs.clearing == 10 and s.services == {"vagabot": ["riverboats"]}
    assert len(vs.ready()) == 3  # one exhausted to buy Riverboats (Basic 3), none for the move
    assert s.factions["riverfolk"].supply["warrior"] == supply - 2  # paid with Riverfolk warriors
    assert "no item exhausted" in [e for e in g.log if e.kind == "move_pawn"][0].text
    invariants.check(s)


def duchy_position(level="advanced", market=("ambush_fox", "bake_sale"), humans=("marquise",), **extra):
    clearings = {1: {"warriors": {"duchy": 2, "marquise": 2}, "buildings": [["duchy", "citadel"]]}}
    duchy = {"duchy": {"burrow": 0, "swayed": [], **extra}}
    return saved(clearings, ("duchy", "marquise", "riverfolk"), level, market, humans=humans, duchy=duchy)


def test_services_a_duchy_buys_an_ambush_at_the_start_of_its_turn_and_places_it_in_front() -> None:
    s, g = duchy_position()
    B.turn_start(g, "duchy")
    assert s.factions["duchy"].board.ambushes == [card_id(s, "ambush_fox")]
    assert s.factions["riverfolk"].board.market == [card_id(s, "bake_sale")]
    assert "Drillbit Duchy" in bought(g)[0]
    invariants.check(s)  # the card in front of it is among the 54
    s, g = duchy_position("basic")
    B.turn_start(g, "duchy")
    assert s.factions["duchy"].board.ambushes == []


def test_services_a_duchy_ambushes_in_front_are_saved_and_loaded() -> None:
    s, _ = duchy_position(market=(), ambushes=["ambush_bird", "ambush_fox"])
    data = serial.to_json(s)
    assert data["factions"]["duchy"]["duchy"]["ambushes"] == ["ambush_bird", "ambush_fox"]
    again = serial.from_json(data)
    assert again.factions["duchy"].board.ambushes == [card_id(s, "ambush_bird"), card_id(s, "ambush_fox")]
    invariants.check(again)
    data["factions"]["duchy"]["duchy"]["ambushes"] = ["bake_sale"]
    with pytest.raises(StateError, match="not an ambush card"):
        serial.from_json(data)


def test_services_a_duchy_as_defender_plays_the_matching_non_bird_ambush() -> None:
    s, g = duchy_position(market=(), ambushes=["ambush_bird", "ambush_fox"])  # clearing 1 is a fox clearing
    s.turn = s.turn_order.index("marquise")
    battle(g, "marquise", "duchy", 1, "LoR 4.3")
    assert s.factions["duchy"].board.ambushes == [card_id(s, "ambush_bird")]
    assert card_id(s, "ambush_fox") in s.discard
    assert [e for e in g.log if e.kind == "ambush"][0].rule == "9.7"
    invariants.check(s)


def test_services_a_duchy_plays_a_bird_ambush_when_none_matches() -> None:
    s, g = duchy_position(market=(), ambushes=["ambush_mouse", "ambush_bird"])
    s.turn = s.turn_order.index("marquise")
    battle(g, "marquise", "duchy", 1, "LoR 4.3")
    assert s.factions["duchy"].board.ambushes == [card_id(s, "ambush_mouse")]


def test_services_a_duchy_never_ambushes_a_bot_attacker() -> None:
    s, g = duchy_position(market=(), humans=(), ambushes=["ambush_fox"])  # Hates Surprises (2.8.2) still protects it
    assert B.ambush_in_front(g, "duchy", "marquise", 1) is None
    assert s.factions["duchy"].board.ambushes == [card_id(s, "ambush_fox")]


# -- the remaining sentences, each from a saved position ----------------------------------------
def test_services_b1_only_on_its_own_turn() -> None:
    s, g = saved({}, ("marquise", "eyrie", "riverfolk"), "basic", current="eyrie")
    assert B.refusal(s, "marquise") == "not a bot on its turn"
    assert B.refusal(s, "eyrie") is None


def test_services_b1_any_number_from_the_riverfolk_bot() -> None:
    s, g = saved({}, ("marquise", "riverfolk"), "basic")
    s.services["marquise"] = ["hand_card", "mercenaries"]  # 9.2.3 would allow one
    assert B.refusal(s, "marquise") is None and B.refusal(s, "marquise", n=3) is None


def test_services_b1_the_normal_limit_from_a_human_riverfolk() -> None:
    s = position({}, seats=("marquise", "riverfolk"), humans=("riverfolk",), options={"riverfolk_services": "basic"})
    s.phase = "daylight"
    assert B.refusal(s, "marquise") is None
    s.services["marquise"] = ["mercenaries"]
    assert "sells it 1 service(s) a turn (9.2.3" in (B.refusal(s, "marquise") or "")


def test_services_b2_a_card_with_no_item_at_all_has_no_available_item() -> None:
    s, g = saved({}, ("marquise", "riverfolk"), "basic", market=("anvil",))
    order(s, "marquise", "ambush_fox")  # R-SERVICES-NO-ITEM
    R.craft_order(g, "marquise", "4.4.2")
    assert s.factions["marquise"].order == card_id(s, "anvil") and s.factions["marquise"].items == ["hammer"]
    assert card_id(s, "ambush_fox") in s.discard
    invariants.check(s)


def test_services_b2_the_bought_card_can_change_the_order_card() -> None:
    s, g = saved({}, ("marquise", "riverfolk"), "basic", market=("anvil",))
    order(s, "marquise", "sappers")
    assert R.order_suit(s, "marquise") == "bird"
    R.craft_order(g, "marquise", "4.4.2")
    assert R.order_suit(s, "marquise") == "fox"


def test_services_b2_bots_do_not_buy_riverboats() -> None:
    s, g = saved({}, ("eyrie", "marquise", "riverfolk"), "basic")
    assert not B.rivers_as_paths(s, "eyrie")
    s, g = saved({}, ("marquise", "riverfolk"), "advanced")
    assert not B.rivers_as_paths(s, "marquise")  # only the Eyrie's and the Vagabot's cards say otherwise


def test_services_b3_mercenaries_to_place_a_building_it_could_place_nowhere() -> None:
    clearings = {2: {"warriors": {"marquise": 1, "eyrie": 2, "riverfolk": 2}}}
    s, g = saved(clearings, ("marquise", "eyrie", "riverfolk"), "basic")
    assert marquise_bot.build_in_best_clearing(g, "sawmill", "4.5.3")
    assert s.services == {"marquise": ["mercenaries"]} and ("marquise", "sawmill") in s.clearings[2].buildings
    assert "it can place a sawmill nowhere" in bought(g)[0]
    invariants.check(s)


def test_services_b3_no_mercenaries_when_they_would_not_help_it_build() -> None:
    clearings = {2: {"warriors": {"marquise": 1, "eyrie": 4, "riverfolk": 2}}}
    s, g = saved(clearings, ("marquise", "eyrie", "riverfolk"), "basic")
    assert not marquise_bot.build_in_best_clearing(g, "sawmill", "4.5.3")
    assert not s.services


def test_services_b3_the_vagabot_never_buys_mercenaries() -> None:
    s, g = vagabot_position("basic")
    s.clearings[5].warriors["riverfolk"] = 1
    s.factions["riverfolk"].supply["warrior"] -= 1
    B.battling(g, "vagabot", 5)
    assert not s.services


def test_services_a_introduction_the_advanced_card_wins_over_the_basic() -> None:
    market = ("bake_sale", "birdy_bindle")  # Basic 2: bake_sale lists 3 points; Advanced: a bird card
    for level, bought_card in (("basic", "bake_sale"), ("advanced", "birdy_bindle")):
        s, g = saved({}, ("marquise", "riverfolk"), level, market=market)
        order(s, "marquise", "sappers")
        R.craft_order(g, "marquise", "4.4.2")
        assert s.factions["marquise"].order == card_id(s, bought_card)


def test_services_a_marquise_no_card_with_an_item_and_a_non_bird_order_buys_a_bird() -> None:
    s, g = saved({}, ("marquise", "riverfolk"), "advanced", market=("favor_of_the_mice", "armorers"))
    order(s, "marquise", "ambush_fox")
    R.craft_order(g, "marquise", "4.4.2")
    assert s.factions["marquise"].order == card_id(s, "armorers")
    assert "Mechanical Marquise 2.0" in bought(g)[0]
    s, g = saved({}, ("marquise", "riverfolk"), "advanced", market=("favor_of_the_mice", "armorers"))
    order(s, "marquise", "sappers")  # a bird order: nothing to buy
    R.craft_order(g, "marquise", "4.4.2")
    assert s.factions["marquise"].order == card_id(s, "sappers") and not s.services


def test_services_a_alliance_as_the_marquise_a_bird_card_first() -> None:
    s, g = saved({}, ("alliance", "riverfolk"), "advanced", market=("bake_sale", "birdy_bindle"))
    choice = B.hand_card_choice(g, "alliance", card_id(s, "sappers"))
    assert choice is not None and choice[0] == card_id(s, "birdy_bindle") and "Automated Alliance" in choice[1]
    s, g = saved({}, ("alliance", "riverfolk"), "advanced", market=("favor_of_the_mice", "armorers"))
    choice = B.hand_card_choice(g, "alliance", card_id(s, "ambush_fox"))
    assert choice is not None and choice[0] == card_id(s, "armorers")


def test_services_a_eyrie_hand_card_a_suit_not_in_the_decree_replaces_its_order() -> None:
    decree = {"fox": ["anvil"], "rabbit": [], "mouse": [], "bird": ["loyal_vizier", "loyal_vizier"]}
    s, g = saved({}, ("eyrie", "riverfolk"), "advanced", market=("root_tea_fox", "bake_sale"), eyrie={"decree": decree})
    order(s, "eyrie", "foxfolk_steel")  # fox, with an item, but fox is in the Decree
    assert B.before_craft(g, "eyrie", card_id(s, "foxfolk_steel")) == card_id(s, "bake_sale")
    assert card_id(s, "foxfolk_steel") in s.discard and "Electric Eyrie" in bought(g)[0]


def test_services_a_eyrie_hand_card_otherwise_the_basic_rules() -> None:
    decree = {"fox": ["anvil"], "rabbit": [], "mouse": [], "bird": ["loyal_vizier", "loyal_vizier"]}
    s, g = saved({}, ("eyrie", "riverfolk"), "advanced", market=("root_tea_fox",), eyrie={"decree": decree})
    order(s, "eyrie", "foxfolk_steel")  # only fox cards in the Market, and its card has an item
    assert B.before_craft(g, "eyrie", card_id(s, "foxfolk_steel")) == card_id(s, "foxfolk_steel") and not s.services


def lizards_position(level: str, souls: list[str], market: tuple[str, ...]):
    return saved({}, ("lizards", "riverfolk"), level, market=market, riverfolk={}, lizards={"lizards": {"lost_souls": souls}})


def test_services_a_lizards_buy_non_bird_cards_until_five_lost_souls_even_behind_the_riverfolk() -> None:
    s, g = lizards_position("advanced", ["anvil", "bake_sale"], ("armorers", "root_tea_fox", "smugglers_trail", "travel_gear_fox"))
    s.factions["riverfolk"].vp = 5
    s.phase = "birdsong"  # the start of its turn (R-SERVICES-ANY-TIME)
    g = make_game(s, fallback=chance())  # at random of the non-bird cards
    B.turn_start(g, "lizards")
    pile = s.factions["lizards"].board.lost_souls
    assert len(pile) == 5 and card_id(s, "armorers") not in pile
    assert card_id(s, "armorers") in s.factions["riverfolk"].board.market  # never a bird card (Basic 3)
    assert len(bought(g)) == 3
    invariants.check(s)


def test_services_a_lizards_no_purchase_with_five_lost_souls_or_under_basic() -> None:
    souls = ["anvil", "bake_sale", "foxfolk_steel", "gently_used_knapsack", "protection_racket"]
    s, g = lizards_position("advanced", souls, ("root_tea_fox",))
    B.turn_start(g, "lizards")
    assert not s.services
    s, g = lizards_position("basic", ["anvil"], ("root_tea_fox",))
    B.turn_start(g, "lizards")
    assert not s.services


def test_services_a_corvids_buy_a_favor_card_at_the_start_of_their_turn_and_resolve_it() -> None:
    clearings = {1: {"warriors": {"marquise": 2, "corvids": 1}}, 2: {"warriors": {"marquise": 1}}}
    s, g = saved(clearings, ("corvids", "marquise", "riverfolk"), "advanced", market=("favor_of_the_foxes", "anvil"))
    B.turn_start(g, "corvids")
    assert "marquise" not in s.clearings[1].warriors and s.clearings[1].warriors["corvids"] == 1  # 1 is a fox clearing
    assert s.clearings[2].warriors["marquise"] == 1
    assert card_id(s, "favor_of_the_foxes") in s.discard and "Cogwheel Corvids" in bought(g)[0]
    invariants.check(s)


# -- bots buying from a human Riverfolk (the table companion's request ``riverfolk_hand``) --------
def human_company(controller):
    s = position({}, seats=("marquise", "riverfolk"), humans=("riverfolk",), options={"riverfolk_services": "basic"},
                 riverfolk={"hand": ["anvil", "bake_sale"]})
    s.phase = "daylight"
    order(s, "marquise", "sappers")
    return s, make_game(s, controllers={"riverfolk": controller})


def test_services_b2_a_bot_buys_a_hand_card_from_a_human_riverfolk_scripted_human() -> None:
    s, g = human_company(ScriptedHuman())
    R.craft_order(g, "marquise", "4.4.2")
    assert s.factions["marquise"].order == card_id(s, "bake_sale") and s.factions["riverfolk"].hand == [card_id(s, "anvil")]
    assert s.factions["riverfolk"].board.area("payments") == {"marquise": 2}
    invariants.check(s)
    s, g = human_company(ScriptedHuman(shows=("anvil",)))  # a scripted Company showing only some
    R.craft_order(g, "marquise", "4.4.2")
    assert s.factions["marquise"].order == card_id(s, "anvil")


def test_services_b2_a_bot_buys_from_a_program_riverfolk_after_its_decision() -> None:
    from lor.scripted import seat

    ctl, script = seat([("services.show_hand", "done", ())])
    s, g = human_company(ctl)
    R.craft_order(g, "marquise", "4.4.2")
    assert [d.step for d in script.asked] == ["services.show_hand"]
    assert s.factions["marquise"].order == card_id(s, "bake_sale")
