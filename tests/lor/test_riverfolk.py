"""The Riverfolk Company by the Law of Root (LoR 11), played by legal moves: its setup, Birdsong,
Daylight by funds and Evening; Swimmers, the public hand, Trade Disruption; the services other
human seats buy at the start of their Birdsong and what they do on the buyer's turn; random
programs in whole games beside bots and other program seats."""

from __future__ import annotations

import pytest

from rootbotics.core import invariants, serial
from rootbotics.core.battle import hired_warriors
from rootbotics.core.lor.battling import defenders
from rootbotics.core.lor.moving import destinations
from rootbotics.core.lor.turn import start_of_birdsong
from rootbotics.core.rules import remove_piece, ruler
from rootbotics.factions.riverfolk import lor as R
from rootbotics.factions.riverfolk import lor_services as LS
from rootbotics.factions.riverfolk import services as S
from rootbotics.factions.riverfolk.company import CompanyBoard
from rootbotics.game import GameConfig, Seat, new_game, play
from rootbotics.programs import ProgramController, SeatView, builtin

from helpers import game, position
from tests.lor.scripted import check_every_event, kinds, seat

PRICES = {"hand_card": 2, "riverboats": 1, "mercenaries": 3}


def cid(state, name: str) -> int:
    return state.deckdef.by_name[name]


def camp(funds: dict[str, int] | None = None, hand: tuple[str, ...] = ("a_visit_to_friends", "bake_sale", "ambush_mouse"), seats=("riverfolk", "eyrie", "marquise"), humans=("riverfolk",), **extra):
    """Fall. The Company: a trade post and two warriors in 4 (rabbit, on the river), two warriors
    beside one Eyrie warrior in 10 (rabbit, on the river); funds: two of its own and one Eyrie
    warrior (unless ``funds``). The Eyrie: two warriors in 7 (mouse, on the river). The Marquise:
    three warriors in 1 (fox)."""
    clearings = {
        4: {"warriors": {"riverfolk": 2}, "tokens": [["riverfolk", "trade_post"]]},
        10: {"warriors": {"riverfolk": 2, "eyrie": 1}},
        7: {"warriors": {"eyrie": 2}},
        1: {"warriors": {"marquise": 3}},
    }
    clearings.update(extra.pop("clearings", {}))
    company = {"payments": {}, "funds": dict(funds if funds is not None else {"riverfolk": 2, "eyrie": 1}), "prices": dict(PRICES)}
    company.update(extra.pop("company", {}))
    rf = {"hand": list(hand), "company": company}
    rf.update(extra.pop("riverfolk", {}))
    return position(clearings, seats=seats, humans=humans, riverfolk=rf, **extra)


def checked(g):
    g.log.listeners.append(lambda e: invariants.check(g.state))
    return g


def board(s) -> CompanyBoard:
    return s.factions["riverfolk"].board


# -- setup (LoR 11.3) -----------------------------------------------------------------------------------
def test_lor_11_3_setup_river_warriors_payments_and_prices() -> None:
    """Fall's river touches 4, 5, 7, 10 and 11: the four warriors go only there (five choices
    each time, two in one clearing allowed); three Riverfolk warriors in Payments; a price of 1
    to 4 on each Services track."""
    s = position({}, seats=("riverfolk", "eyrie"), humans=("riverfolk",))
    s.factions["riverfolk"].board = CompanyBoard()
    ctl, script = seat([
        ("setup.warrior", "clearing", (4,)), ("setup.warrior", "clearing", (4,)),
        ("setup.warrior", "clearing", (7,)), ("setup.warrior", "clearing", (11,)),
        ("setup.price", "price", ("hand_card", 3)), ("setup.price", "price", ("riverboats", 1)), ("setup.price", "price", ("mercenaries", 4)),
    ])
    g = checked(game(s, riverfolk=ctl))
    R.setup(g)
    assert [m.args[0] for m in script.moves_at("setup.warrior")] == [4, 5, 7, 10, 11]
    assert len(script.moves_at("setup.price")) == 4
    assert s.clearings[4].warriors["riverfolk"] == 2 and s.clearings[11].warriors["riverfolk"] == 1
    b = board(s)
    assert b.payments == {"riverfolk": 3} and b.prices == {"hand_card": 3, "riverboats": 1, "mercenaries": 4}
    assert s.factions["riverfolk"].supply["warrior"] == 15 - 4 - 3
    assert any(e.rule == "LoR 11.3.3" for e in g.log)


# -- Birdsong (LoR 11.4) --------------------------------------------------------------------------------
def test_lor_11_4_1_protectionism_fills_an_empty_payments_box() -> None:
    s = camp(funds={})
    g = checked(game(s, riverfolk=seat([])[0]))
    R.birdsong(g)
    # two Riverfolk warriors placed in Payments, then gathered into the Funds (LoR 11.4.3)
    assert board(s).funds == {"riverfolk": 2} and not board(s).payments
    assert any(e.rule == "LoR 11.4.1" and e.kind == "board_warriors" for e in g.log)


def test_lor_11_4_2_dividends_one_vp_per_two_funds_only_with_a_trade_post() -> None:
    s = camp(funds={"riverfolk": 3, "eyrie": 2}, company={"payments": {"marquise": 4}, "committed": {"eyrie": 1}})
    g = checked(game(s, riverfolk=seat([])[0]))
    R.birdsong(g)
    assert s.factions["riverfolk"].vp == 2  # five funds: Payments and Committed do not count
    s2 = camp(funds={"riverfolk": 3, "eyrie": 2}, clearings={4: {"warriors": {"riverfolk": 2}}}, company={"payments": {"marquise": 1}})
    g2 = checked(game(s2, riverfolk=seat([])[0]))
    R.birdsong(g2)
    assert s2.factions["riverfolk"].vp == 0  # no trade post on the map


def test_lor_11_4_3_gather_funds_takes_every_warrior_on_the_board() -> None:
    s = camp(funds={"riverfolk": 1}, company={"payments": {"marquise": 2}, "committed": {"eyrie": 1}, "crafted": {"rabbit": {"riverfolk": 1}}})
    g = checked(game(s, riverfolk=seat([])[0]))
    R.birdsong(g)
    b = board(s)
    assert b.funds == {"riverfolk": 2, "marquise": 2, "eyrie": 1}
    assert not b.payments and not b.committed and not b.crafted


# -- Daylight (LoR 11.5) --------------------------------------------------------------------------------
def test_lor_11_5_daylight_offers_every_action_funds_can_pay_for() -> None:
    """Perft at the first Daylight decision, derived by hand from :func:`camp` (three funds): Move
    (the Company rules 4); Battle (the Eyrie warrior in 10); Craft and Export of A Visit to Friends
    (one rabbit space is empty, the rabbit trade post being on the map in 4; Bake Sale needs two,
    the ambush is no craft); Draw (the deck); Recruit (warriors in supply, river clearings); Trade
    Post (10 is ruled by the Company, which has two funds of its own; the Eyrie, ruling 7, has
    only one); done. 8 moves."""
    ctl, script = seat([])
    g = checked(game(camp(), riverfolk=ctl))
    R.daylight(g)
    moves = script.moves_at("daylight.action")
    assert kinds(moves) == ["move", "battle", "craft", "export", "draw", "recruit", "trade_post", "done"]
    assert [m.args for m in moves if m.kind == "craft"] == [(cid(g.state, "a_visit_to_friends"),)]


def test_lor_11_5_nothing_without_funds() -> None:
    ctl, script = seat([])
    g = game(camp(funds={}), riverfolk=ctl)
    R.daylight(g)
    assert kinds(script.moves_at("daylight.action")) == ["done"]


def test_lor_11_5_1_move_commits_a_fund_and_2_2_swims_without_rule() -> None:
    """From 4 the Company may go along its paths (8, 9, 12) and swim along the river to 7, which
    the Eyrie rule: LoR 11.2.2 needs no rule along a river."""
    ctl, script = seat([
        ("daylight.action", "move", ()), ("fund.owner", "fund", ("eyrie",)),
        ("move.from", "from", (4,)), ("move.to", "to", (7,)), ("move.count", "count", (2,)),
        ("daylight.action", "done", ()),
    ])
    s = camp()
    g = checked(game(s, riverfolk=ctl))
    assert 7 in destinations(s, "riverfolk", 4) and ruler(s, 7) == "eyrie"
    R.daylight(g)
    assert s.clearings[7].warriors["riverfolk"] == 2
    assert board(s).committed == {"eyrie": 1} and board(s).funds == {"riverfolk": 2}
    assert [m.args[0] for m in script.moves_at("move.to")] == [7, 8, 9, 12]


def test_lor_11_2_2_a_bot_riverfolk_does_not_swim() -> None:
    s = position({4: {"warriors": {"riverfolk": 2}}}, seats=("riverfolk", "eyrie"))
    assert 7 not in destinations(s, "riverfolk", 4)


def test_lor_11_5_2_battle_commits_a_fund() -> None:
    ctl, _ = seat([
        ("daylight.action", "battle", ()), ("fund.owner", "fund", ("riverfolk",)),
        ("battle.clearing", "clearing", (10,)), ("battle.defender", "defender", ("eyrie",)),
        ("daylight.action", "done", ()),
    ])
    g = checked(game(camp(), [("roll", (1, 0))], riverfolk=ctl))
    R.daylight(g)
    s = g.state
    assert "eyrie" not in s.clearings[10].warriors
    assert board(s).committed == {"riverfolk": 1}


def test_lor_11_5_3_craft_fills_empty_trade_post_spaces() -> None:
    """A Visit to Friends costs one rabbit: the fund goes onto the rabbit track's empty space, the
    boots are crafted, 1 VP scored. Then no rabbit space is left: Bake Sale never was craftable,
    and A Visit to Friends is gone."""
    ctl, script = seat([
        ("daylight.action", "craft", None), ("fund.owner", "fund", ("eyrie",)),
        ("daylight.action", "done", ()),
    ])
    g = checked(game(camp(), riverfolk=ctl))
    R.daylight(g)
    s = g.state
    assert board(s).crafted == {"rabbit": {"eyrie": 1}}
    assert s.factions["riverfolk"].items == ["boots"] and s.factions["riverfolk"].vp == 1
    last = script.asked[-1]
    assert "craft" not in kinds(list(last.moves)) and "export" not in kinds(list(last.moves))


def test_lor_11_5_3_any_suit_cost_picks_the_track() -> None:
    """Royal Claim costs four of any suit: with a rabbit and a fox trade post placed elsewhere
    and a fox post out of the game, three spaces are empty (rabbit 1, fox 2): not enough; a
    mouse post in 7 makes four, and each icon asks which track when two have room."""
    extra = {12: {"tokens": [["riverfolk", "trade_post"]]}, 7: {"warriors": {"eyrie": 2}, "tokens": [["riverfolk", "trade_post"]]}}
    s = camp(funds={"riverfolk": 5}, hand=("royal_claim",), clearings=extra, company={"lost": {"fox": 1}}, riverfolk={"removed": {"trade_post": 1}})
    assert R.spaces(s) == {"fox": 2, "rabbit": 1, "mouse": 1}
    assert R.crafts(s) == [cid(s, "royal_claim")]
    ctl, _ = seat([("daylight.action", "craft", None)], then=lambda d: d.moves[0] if d.step != "daylight.action" else d.moves[-1])
    g = checked(game(s, riverfolk=ctl))
    R.daylight(g)
    assert board(s).crafted == {"fox": {"riverfolk": 2}, "rabbit": {"riverfolk": 1}, "mouse": {"riverfolk": 1}}
    assert cid(s, "royal_claim") in s.factions["riverfolk"].play_area


def test_lor_11_5_3_1_export_discards_for_a_warrior_in_payments() -> None:
    ctl, _ = seat([("daylight.action", "export", None), ("fund.owner", "fund", ("riverfolk",)), ("daylight.action", "done", ())])
    g = checked(game(camp(), riverfolk=ctl))
    s = g.state
    R.daylight(g)
    assert board(s).payments == {"riverfolk": 1} and board(s).crafted == {"rabbit": {"riverfolk": 1}}
    assert not s.factions["riverfolk"].items and cid(s, "a_visit_to_friends") in s.discard
    assert any(e.kind == "export" and e.rule == "LoR 11.5.3.1" for e in g.log)


def test_lor_11_5_3_1_no_export_of_an_uncraftable_card() -> None:
    """The FAQ on 11.5.3: a card whose item is gone from the supply cannot be exported either."""
    s = camp()
    s.item_supply["boots"] = 0
    assert R.crafts(s) == [] and "export" not in kinds(R.action_moves(s))


def test_lor_11_5_4_draw_commits_a_fund() -> None:
    ctl, _ = seat([("daylight.action", "draw", ()), ("fund.owner", "fund", ("eyrie",)), ("daylight.action", "done", ())])
    g = checked(game(camp(), riverfolk=ctl))
    R.daylight(g)
    assert len(g.state.factions["riverfolk"].hand) == 4 and board(g.state).committed == {"eyrie": 1}


def test_lor_11_5_5_recruit_spends_a_fund_into_a_river_clearing() -> None:
    ctl, script = seat([
        ("daylight.action", "recruit", ()), ("fund.owner", "fund", ("eyrie",)), ("recruit.clearing", "clearing", (5,)),
        ("daylight.action", "done", ()),
    ])
    g = checked(game(camp(), riverfolk=ctl))
    s = g.state
    eyrie_supply = s.factions["eyrie"].supply["warrior"]
    R.daylight(g)
    assert [m.args[0] for m in script.moves_at("recruit.clearing")] == [4, 5, 7, 10, 11]
    assert s.clearings[5].warriors["riverfolk"] == 1
    assert s.factions["eyrie"].supply["warrior"] == eyrie_supply + 1  # a spent fund goes home


def test_lor_11_5_5_recruit_with_an_empty_supply_spends_a_riverfolk_fund() -> None:
    """With no warrior in supply the spent fund must be the Company's own, which it places."""
    s = camp()
    s.factions["riverfolk"].supply["warrior"] = 0
    s.factions["riverfolk"].removed["warrior"] = 8  # as many as the supply held: the box stays whole
    ctl, script = seat([("daylight.action", "recruit", ()), ("recruit.clearing", "clearing", (11,)), ("daylight.action", "done", ())])
    g = game(s, riverfolk=ctl)
    R.daylight(g)
    assert s.clearings[11].warriors["riverfolk"] == 1 and board(s).funds == {"riverfolk": 1, "eyrie": 1}


def test_lor_11_5_6_trade_post_spends_the_rulers_funds_and_scores() -> None:
    """With two Eyrie funds the Eyrie's 7 (mouse) is offered beside the Company's 10 (rabbit); in 7
    two Eyrie warriors go back to their supply, a mouse trade post and a warrior are placed, and
    the uncovered space scores (ruling R-LOR-RIVERFOLK-POSTS)."""
    ctl, script = seat([
        ("daylight.action", "trade_post", ()), ("trade_post.clearing", "clearing", (7,)),
        ("daylight.action", "done", ()),
    ])
    g = checked(game(camp(funds={"riverfolk": 2, "eyrie": 2}), riverfolk=ctl))
    s = g.state
    R.daylight(g)
    assert [m.args[0] for m in script.moves_at("trade_post.clearing")] == [7, 10]
    assert ("riverfolk", "trade_post") in s.clearings[7].tokens and s.clearings[7].warriors["riverfolk"] == 1
    assert board(s).funds == {"riverfolk": 2} and s.factions["riverfolk"].vp == R.TRADE_POST_VP["mouse"][0]


def test_lor_11_5_6_1_no_trade_post_where_the_suits_track_is_empty() -> None:
    """Rabbit posts in 4 and 5 and one out of the game: the rabbit track is empty, so 10 is not
    offered."""
    s = camp(clearings={5: {"tokens": [["riverfolk", "trade_post"]]}}, company={"lost": {"rabbit": 1}}, riverfolk={"removed": {"trade_post": 1}})
    assert R.trade_post_clearings(s) == []


# -- Evening (LoR 11.6) -----------------------------------------------------------------------------------
def test_lor_11_6_discard_to_five_then_set_prices() -> None:
    hand = ("a_visit_to_friends", "bake_sale", "ambush_mouse", "anvil", "investments", "codebreakers", "sappers")
    ctl, script = seat([
        ("evening.discard", "card", None), ("evening.discard", "card", None),
        ("evening.price", "price", ("hand_card", 4)), ("evening.price", "price", ("riverboats", 2)), ("evening.price", "price", ("mercenaries", 1)),
    ])
    g = checked(game(camp(hand=hand), riverfolk=ctl))
    R.evening(g)
    assert len(g.state.factions["riverfolk"].hand) == 5
    assert board(g.state).prices == {"hand_card": 4, "riverboats": 2, "mercenaries": 1}


# -- Trade Disruption, the public hand (LoR 11.2.3, 11.2.5.1) ----------------------------------------------
def test_lor_11_2_5_1_trade_disruption_half_the_funds_rounded_up() -> None:
    """Five funds: three go back to their owners, the Company choosing; the post leaves the game."""
    ctl, script = seat([("disruption.fund", "fund", ("eyrie",)), ("disruption.fund", "fund", ("eyrie",)), ("disruption.fund", "fund", ("riverfolk",))])
    g = checked(game(camp(funds={"riverfolk": 3, "eyrie": 2}), riverfolk=ctl))
    s = g.state
    remove_piece(g, "riverfolk", 4, "trade_post", "LoR 4.3.4", by="marquise")
    assert board(s).funds == {"riverfolk": 2} and board(s).lost == {"rabbit": 1}
    assert s.factions["riverfolk"].removed["trade_post"] == 1
    assert R.spaces(s)["rabbit"] == 1  # the space stays empty: still a crafting space


def test_lor_11_2_3_the_company_hand_is_public() -> None:
    s = camp(seats=("riverfolk", "marquise", "eyrie"), humans=("riverfolk", "marquise"), marquise={"hand": ["anvil"]})
    view = SeatView(s, "marquise")
    assert view.hand_of("riverfolk") == tuple(s.factions["riverfolk"].hand)
    assert SeatView(s, "riverfolk").hand_of("marquise") is None


def test_lor_11_2_4_the_company_funds_and_prices_are_in_every_seats_view() -> None:
    """Funds, Payments, Committed, the warriors on the Trade Posts tracks and the three prices lie
    face up on the faction board (LoR 11.2.4, 11.5, 11.6.2): every seat's view shows them, the
    Company's own and a bot's alike; a change shows at once."""
    s = camp(seats=("riverfolk", "marquise", "eyrie"), humans=("riverfolk", "marquise"), company={"committed": {"riverfolk": 1}, "crafted": {"rabbit": {"eyrie": 1}}})
    expected = {"payments": {}, "funds": {"riverfolk": 2, "eyrie": 1}, "committed": {"riverfolk": 1}, "crafted_rabbit": {"eyrie": 1}, "prices": PRICES}
    for viewer in ("riverfolk", "marquise", "eyrie"):
        assert SeatView(s, viewer).public_counts("riverfolk") == expected
    assert SeatView(s, "marquise").public_counts("eyrie") == {}
    board(s).prices["riverboats"] = 4
    board(s).put("payments", "marquise", 2)
    seen = SeatView(s, "eyrie").public_counts("riverfolk")
    assert seen["prices"]["riverboats"] == 4 and seen["payments"] == {"marquise": 2}
    seen["funds"]["eyrie"] = 9  # a copy: the view changes nothing
    assert board(s).funds == {"riverfolk": 2, "eyrie": 1}


def test_the_riverfolk_bots_payments_are_in_every_seats_view() -> None:
    s = position({}, seats=("riverfolk", "marquise"), humans=("marquise",), riverfolk={"market": [], "payments": {"marquise": 3}})
    assert SeatView(s, "marquise").public_counts("riverfolk") == {"payments": {"marquise": 3}}


# -- services bought by another human seat (LoR 11.2.6, 11.2.7) --------------------------------------------
def market_seats(**extra):
    """The Marquise (a program seat) with a warrior in 4, where the Company's trade post is: she
    may buy two services (LoR 11.2.6.2)."""
    clearings = {4: {"warriors": {"riverfolk": 2, "marquise": 1}, "tokens": [["riverfolk", "trade_post"]]}, 5: {"warriors": {"marquise": 2}}}
    clearings.update(extra.pop("clearings", {}))
    return camp(seats=("marquise", "riverfolk", "eyrie"), humans=("riverfolk", "marquise"), clearings=clearings, **extra)


def test_lor_11_2_6_a_human_seat_buys_at_the_start_of_its_birdsong() -> None:
    """Perft at the first purchase, by hand: a Hand Card for each of the Company's three cards,
    Riverboats, Mercenaries, done: 6. She buys a Hand Card (price 2) and Mercenaries (price 3):
    five Marquise warriors in Payments; the allowance of two is then used up."""
    s = market_seats()
    visit = cid(s, "a_visit_to_friends")
    ctl, script = seat([("services.buy", "service", ("hand_card", visit)), ("services.buy", "service", ("mercenaries",))])
    g = checked(game(s, marquise=ctl, riverfolk=seat([])[0]))
    s.phase = "birdsong"
    start_of_birdsong(g, "marquise")
    assert len(script.moves_at("services.buy")) == 6
    assert sum(1 for d in script.asked if d.step == "services.buy") == 2
    assert visit in s.factions["marquise"].hand and visit not in s.factions["riverfolk"].hand
    assert board(s).payments == {"marquise": 5} and s.services["marquise"] == ["hand_card", "mercenaries"]


def test_lor_11_2_6_1_a_service_the_buyer_cannot_pay_for_is_not_offered() -> None:
    s = market_seats()
    s.factions["marquise"].supply["warrior"] = 1  # Riverboats cost 1, a Hand Card 2, Mercenaries 3
    assert kinds(LS.offers(s, "marquise", [])) == ["service"] and LS.offers(s, "marquise", [])[0].args == ("riverboats",)


def test_lor_11_2_6_3_the_vagabond_pays_with_items_and_no_mercenaries() -> None:
    """The Vagabond in 4 exhausts an item per warrior of the price; the Company puts its own
    warriors in Payments; Mercenaries are never offered to him (LoR 11.2.7.3.2)."""
    s = camp(seats=("vagabot", "riverfolk", "eyrie"), humans=("riverfolk", "vagabot"), clearings={1: {}}, vagabot={"vagabond": {"location": 4, "items": ["sword", "boots", "torch"]}})
    ctl, script = seat([("services.buy", "service", ("riverboats",)), ("services.item", "item", ("torch",)), ("services.buy", "done", ())])
    g = checked(game(s, vagabot=ctl, riverfolk=seat([])[0]))
    s.phase = "birdsong"
    start_of_birdsong(g, "vagabot")
    offered = script.moves_at("services.buy")
    assert ("mercenaries",) not in [m.args for m in offered]
    assert board(s).payments == {"riverfolk": 1}
    assert [i.kind for i in s.factions["vagabot"].board.items if i.exhausted] == ["torch"]


def test_lor_11_2_7_2_riverboats_make_rivers_paths_for_the_turn() -> None:
    """The Marquise in 5 (she rules it) may move to 10 along the river only with Riverboats."""
    s = market_seats()
    assert 10 not in destinations(s, "marquise", 5)
    s.services["marquise"] = ["riverboats"]
    assert 10 in destinations(s, "marquise", 5)


def test_lor_11_2_7_3_mercenaries_rule_and_battle_but_not_against_the_company() -> None:
    """With Mercenaries, in her Daylight, the Company's two warriors in 10 are hers: she rules 10
    (two to the Eyrie's one) and may battle the Eyrie there with no warrior of her own (the FAQ),
    never the Company. Hits she takes there fall on them, she has no warrior (LoR 11.2.7.3.1)."""
    s = market_seats()
    s.turn = 0
    s.services["marquise"] = ["mercenaries"]
    s.phase = "daylight"
    assert s.current == "marquise"
    assert ruler(s, 10) == "marquise"
    assert defenders(s, "marquise", 10) == ["eyrie"]
    assert defenders(s, "marquise", 4) == ["riverfolk"]  # her own warrior there may battle the Company...
    assert hired_warriors(s, "marquise", 4, "riverfolk") == 0  # ...with no Mercenaries on her side
    assert hired_warriors(s, "marquise", 10, "eyrie") == 2
    assert S.split_hits(s, "marquise", 4, 3) == (1, 2)  # her one warrior takes the first; with none left, the Company's take the third


def test_lor_11_2_7_3_1_odd_hits_on_owned_warriors() -> None:
    s = market_seats(clearings={4: {"warriors": {"riverfolk": 2, "marquise": 3}, "tokens": [["riverfolk", "trade_post"]]}})
    s.services["marquise"] = ["mercenaries"]
    assert S.split_hits(s, "marquise", 4, 3) == (2, 1)  # first and third on hers, second on the Company's


# -- the Law of Robotics: a human buying from the Riverfolk bot ----------------------------------------------
def test_robots_refuse_a_buyer_with_a_dominance_card() -> None:
    s = position({}, seats=("marquise", "riverfolk"), humans=("marquise",), riverfolk={"market": [], "payments": {}})
    assert S.refusal(s, "marquise") is None
    s.factions["marquise"].dominance = cid(s, "dominance_fox")
    assert S.refusal(s, "marquise") is not None


# -- saved positions ---------------------------------------------------------------------------------------
def test_company_board_round_trips() -> None:
    s = camp(company={"committed": {"eyrie": 1}, "crafted": {"rabbit": {"riverfolk": 1}}})
    data = serial.to_json(s)
    assert data["factions"]["riverfolk"]["company"]["prices"] == PRICES
    assert serial.to_json(serial.from_json(data)) == data


# -- random programs in whole games -------------------------------------------------------------------------
SEATINGS = (
    ("riverfolk", "eyrie", "alliance", "vagabot"),
    ("riverfolk", "marquise", "eyrie", "vagabot"),
    ("marquise", "riverfolk", "alliance", "lizards"),
)


@pytest.mark.parametrize("seed", range(12))
def test_random_riverfolk_seat_plays_whole_games(seed: int) -> None:
    """A random (or greedy) Company beside bots and beside other program seats (which buy its
    services), on the four maps: the invariants after every event, the game ends."""
    maps = ("fall", "winter", "lake", "mountain")
    names = SEATINGS[seed % 3]
    humans = {"riverfolk"} | ({"marquise", "eyrie", "vagabot"} if seed % 3 == 1 else set()) | ({"alliance"} if seed % 3 == 2 else set())
    seats = [Seat(f, "human" if f in humans else "bot") for f in names]
    program = "greedy" if seed % 4 == 0 and seed % 3 != 1 else "random"
    controllers = {f: ProgramController(builtin(program, seed, f)) for f in humans}
    g = new_game(GameConfig(seats, maps[seed % 4], seed), controllers=controllers)
    check_every_event(g, ("price", "trade_disruption"))
    play(g)
    assert g.state.winner
    assert any(e.faction == "riverfolk" and e.kind == "price" for e in g.log)


def test_lor_11_2_7_3_2_mercenaries_removed_by_the_vagabond_make_no_hostility() -> None:
    """The Marquise, with Mercenaries, battles the Vagabond in 10 with the Company's two warriors
    only; his two hits remove both of them, and he stays Indifferent to the Company."""
    s = camp(seats=("marquise", "riverfolk", "eyrie", "vagabot"), humans=("riverfolk", "marquise", "vagabot"), clearings={10: {"warriors": {"riverfolk": 2}}},
             vagabot={"vagabond": {"location": 10, "items": ["sword", "sword", "torch"], "relationships": {"riverfolk": "indifferent", "marquise": "indifferent", "eyrie": "indifferent"}}})
    s.services["marquise"] = ["mercenaries"]
    s.phase = "daylight"
    assert defenders(s, "marquise", 10) == ["vagabot"]
    from rootbotics.core.battle import battle

    g = checked(game(s, [("roll", (2, 2))], marquise=seat([])[0], vagabot=seat([], then=lambda d: d.moves[0])[0], riverfolk=seat([])[0]))
    battle(g, "marquise", "vagabot", 10, "LoR 6.5.1")
    assert "riverfolk" not in s.clearings[10].warriors
    assert "riverfolk" in s.factions["vagabot"].board.relations and not s.factions["vagabot"].board.hostile("riverfolk")


def robots_market(buyer: str, **extra):
    s = position({4: {"warriors": {"riverfolk": 1}, "tokens": [["riverfolk", "trade_post"]]}}, seats=(buyer, "riverfolk", "eyrie"), humans=(buyer,),
                 riverfolk={"market": ["anvil", "bake_sale"], "payments": {}}, **extra)
    return s


def test_robots_sell_to_a_program_seat_at_the_start_of_its_birdsong() -> None:
    """Law of Robotics 9.2.3 for a base human seat played by a program: a Market card for two
    warriors at 0 VP (the price by the buyer's score, not a track), into the Robots' Payments."""
    s = robots_market("marquise")
    anvil = cid(s, "anvil")
    ctl, script = seat([("services.buy", "service", ("hand_card", anvil))])
    g = checked(game(s, marquise=ctl))
    S.offer_services(g, "marquise")
    assert ("mercenaries",) in [m.args for m in script.moves_at("services.buy")]
    assert anvil in s.factions["marquise"].hand and s.factions["riverfolk"].board.payments == {"marquise": 2}


def test_robots_sell_the_vagabond_no_mercenaries_and_take_riverfolk_warriors() -> None:
    s = robots_market("vagabot", vagabot={"vagabond": {"location": 4, "items": ["sword", "boots", "torch"]}})
    ctl, script = seat([("services.buy", "service", ("riverboats",))])
    g = checked(game(s, vagabot=ctl))
    S.offer_services(g, "vagabot")
    assert ("mercenaries",) not in [m.args for m in script.moves_at("services.buy")]
    assert s.factions["riverfolk"].board.payments == {"riverfolk": 2} and s.services["vagabot"] == ["riverboats"]


def test_lor_11_2_7_3_hired_warriors_are_no_enemy_pieces() -> None:
    """A Favor's removal of every enemy piece, by a Marquise with Mercenaries in her Daylight,
    takes the Company's trade post in 4 but not its warriors, which are hers now."""
    from rootbotics.core.rules import remove_all_enemy_pieces

    s = market_seats()
    s.services["marquise"] = ["mercenaries"]
    s.phase = "daylight"
    g = checked(game(s, marquise=seat([])[0], riverfolk=seat([], then=lambda d: d.moves[0])[0]))
    remove_all_enemy_pieces(g, "marquise", 4, "LoR 4.1.2")
    assert ("riverfolk", "trade_post") not in s.clearings[4].tokens and s.clearings[4].warriors["riverfolk"] == 2


def test_bots_buy_from_a_program_company_by_the_services_cards() -> None:
    """Law of Robotics 9.7 with the Company played by a program: the bots buy Hand Cards from its
    face-up hand (the card leaves the Company's hand, their warriors go to its Payments)."""
    seats = [Seat("riverfolk", "human"), Seat("eyrie"), Seat("alliance"), Seat("vagabot")]
    g = new_game(GameConfig(seats, "fall", 0), controllers={"riverfolk": ProgramController(builtin("random", 0, "riverfolk"))})
    g.log.listeners.append(lambda e: invariants.check(g.state))
    play(g)
    bought = [e for e in g.log if e.kind == "hand_card" and e.rule == "9.7"]
    assert bought and {e.faction for e in bought} <= {"eyrie", "alliance"}


def test_company_board_errors_name_the_field() -> None:
    """Trade posts out of the game must match ``removed``; warriors fill only empty spaces; a
    price is 1 to 4 (LoR 11.3.3, 11.5.3, 11.3.5)."""
    from rootbotics.core.fields import StateError

    with pytest.raises(StateError, match="lost"):
        camp(company={"lost": {"fox": 1}})
    with pytest.raises(StateError, match="crafted.mouse"):
        camp(company={"crafted": {"mouse": {"riverfolk": 1}}})
    with pytest.raises(StateError, match="prices.riverboats"):
        camp(company={"prices": {"riverboats": 5}})
