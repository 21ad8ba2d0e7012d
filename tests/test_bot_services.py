"""The Riverfolk Bot Services cards (Law of Robotics 9.7), a test per sentence (issue 31 part 1).
Positions are built in code from the Riverfolk tests' helpers; see the coverage table's
"Services B1-B3" and "Services A-<bot>" rows."""

from __future__ import annotations

import pytest
from conftest import card_id, make_game, put_warriors
from helpers import position
from test_riverfolk import rf_state, with_deck

from rootbotics.core import invariants, serial
from rootbotics.core.fields import StateError
from rootbotics.factions.eyrie import bot as eyrie_bot
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
