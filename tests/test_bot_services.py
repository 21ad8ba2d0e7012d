"""The Riverfolk Bot Services cards (Law of Robotics 9.7), a test per sentence (issue 31 part 1).
Positions are built in code from the Riverfolk tests' helpers; see the coverage table's
"Services B1-B3" and "Services A-<bot>" rows."""

from __future__ import annotations

from conftest import card_id, make_game, put_warriors
from test_riverfolk import rf_state, with_deck

from rootbotics.core import invariants
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
