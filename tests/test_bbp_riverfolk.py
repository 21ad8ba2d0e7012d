"""The Better Bot Project v5's Otter Overlords (``riverfolk@bbp``, factions/riverfolk/bbp.py and
bbp_market.py). Rule ids are docs/bbp-coverage.md's ("BBP OO.3")."""

from __future__ import annotations

import json

import pytest
from helpers import game, position
from test_bbp_marquise import checked
from test_examples import lines_of, load_game

from rootbotics.controllers import ScriptedHuman
from rootbotics.core import invariants, serial
from rootbotics.core import rules as R
from rootbotics.core.fields import StateError
from rootbotics.core.maps import MAP_NAMES
from rootbotics.factions.riverfolk.bbp import BetterOtters
from rootbotics.factions.riverfolk.bbp_market import OtterBoard, allowance, offer, offer_cards
from rootbotics.game import GameConfig, Seat, bot_of, new_game, play_turn

ME = "riverfolk"
BBP = {"rule_set": "bbp"}


def otter_position(clearings: dict, market: list[str] | None = None, export: int = 0, seats=(ME, "marquise", "eyrie"), **kw):
    me = dict(BBP, market=market if market is not None else ["cobbler", "codebreakers", "bake_sale", "sappers"], payments=kw.pop("payments", {}), export=export)
    me.update(kw.pop(ME, {}))
    return position(clearings, seats=seats, riverfolk=me, **kw)


def board(g) -> OtterBoard:
    b = g.state.factions[ME].board
    assert isinstance(b, OtterBoard)
    return b


# -- the example turn (BBP OO.2-OO.4) -------------------------------------------------------------
def test_bbp_oo_example_turn() -> None:
    """'Playing against the Otter Overlords', Example Turn, on a board of ours (the text's picture
    was lost, ruling R-BBP-OO-EXAMPLE): Root Tea (fox) becomes the order; a warrior in 7 makes it
    recruit in 8; 5 Payments warriors in a game of 2 opponents score 2 VP."""
    g = load_game("bbp_riverfolk_example_turn.json", [("draw", "root_tea_fox")] + [("roll", (1, 0))] * 4)
    s = g.state
    assert isinstance(bot_of(s, ME), BetterOtters)
    play_turn(g)
    rf = s.factions[ME]
    ids = s.deckdef.by_name
    # OO.2: the leftmost card is discarded, Root Tea added on the right is the order; its item for 1 VP, the card stays.
    assert s.discard == [ids["cobbler"]]
    assert board(g).market == [ids["codebreakers"], ids["bake_sale"], ids["sappers"], ids["root_tea_fox"]]
    assert rf.items == ["tea"] and rf.order is None
    assert any("always 1; the card lists 2" in t for t in lines_of(g, "BBP OO.2"))
    # OO.3: the trade post in the highest-priority fox clearing without one (1 has one).
    posts = [e for e in g.log if e.rule == "BBP OO.3" and e.kind == "place_token"]
    assert [e.data["c"] for e in posts] == [6] and "skipped 1 (has a trade post)" in posts[0].text
    # recruit: 6 (its new trade post) and 8 (next to its warrior in 7); never a third warrior in 1 or 12.
    recruits = [e.data["c"] for e in g.log if e.rule == "BBP OO.3" and e.kind == "place_warriors"]
    assert recruits == [6, 8]
    assert any("1, 12" in t for t in lines_of(g, "BBP OO.3"))
    # 2 recruited: battle in every fox clearing; defender by most pieces (8), then higher score (12).
    battles = g.log.of_kind("battle")
    assert [(e.data["c"], e.data["defender"]) for e in battles] == [(1, "marquise"), (6, "eyrie"), (8, "eyrie"), (12, "marquise")]
    assert "chose eyrie by most pieces there" in battles[2].text and "chose marquise by higher score" in battles[3].text
    # OO.4: 5 warriors, 2 opponents: 2 VP, and every warrior goes home.
    assert any("5 warriors in its Payments box: 2 set(s) of 2" in t for t in lines_of(g, "BBP OO.4"))
    assert board(g).payments == {} and rf.vp == 10 + 1 + 2
    assert board(g).export == 2  # its own turn moves no marker
    invariants.check(s)


# -- each step --------------------------------------------------------------------------------------
def test_bbp_oo_setup() -> None:
    """Ruling R-BBP-OO-SETUP: four warriors dealt round the river clearings by priority, trade
    posts off the map, the market filled with four cards, empty Payments, the marker at the start."""
    for name in MAP_NAMES:
        g = new_game(GameConfig([Seat(ME, rule_set="bbp"), Seat("marquise", rule_set="bbp")], name, 3))
        s = g.state
        b = board(g)
        river = [c for c in range(1, 13) if c in s.map.river_clearings]
        placed = [c for c in range(1, 13) if s.warriors(ME, c)]
        assert sum(s.warriors(ME, c) for c in placed) == 4 and set(placed) <= set(river), name
        free = [c for c in river if R.may_place_in(s, ME, c)]
        assert placed == free[:4], name  # one each by priority (the Mountain's three: one gets two)
        assert len(b.market or []) == 4 and b.payments == {} and b.export == 0
        assert s.factions[ME].supply["trade_post"] == 9
        invariants.check(s)


def test_bbp_oo3_rivers_count_as_paths_for_recruit() -> None:
    """BBP OO.3: clearing 11 (a warrior there) joins 7 by a river on Fall, so a mouse order recruits in 7."""
    g = game(otter_position({11: {"warriors": {ME: 1}}, 3: {"tokens": [["marquise", "keep"]]}}, market=["cobbler", "codebreakers", "bake_sale", "root_tea_mouse"]))
    BetterOtters().daylight(g)  # Fall's mouse clearings: 2 (takes the trade post), 7, 9, 11
    recruits = sorted(e.data["c"] for e in g.log if e.rule == "BBP OO.3" and e.kind == "place_warriors")
    assert recruits == [2, 7, 11]


def test_bbp_oo3_no_battle_after_three_recruits() -> None:
    """BBP OO.3: with 3 warriors recruited it does not battle."""
    g = game(otter_position({1: {"warriors": {ME: 1, "marquise": 1}}, 7: {"warriors": {ME: 1}}, 3: {"tokens": [["marquise", "keep"]]}}, market=["cobbler", "codebreakers", "bake_sale", "root_tea_fox"]))
    BetterOtters().daylight(g)
    assert [e.data["c"] for e in g.log if e.kind == "place_warriors"] == [1, 8, 12]
    assert not g.log.of_kind("battle")
    assert any("recruited more than 2" in t for t in lines_of(g, "BBP OO.3"))


def test_bbp_oo3_bird_order_is_wild() -> None:
    """Ruling R-BBP-OO-BIRD: a bird order acts in every clearing (trade post in 1, recruit wherever near)."""
    g = game(otter_position({5: {"warriors": {ME: 2, "eyrie": 1}}, 3: {"tokens": [["marquise", "keep"]]}}, market=["cobbler", "codebreakers", "bake_sale", "sappers"]))
    BetterOtters().daylight(g)
    s = g.state
    assert (ME, "trade_post") in s.clearings[1].tokens
    assert sorted(e.data["c"] for e in g.log if e.kind == "place_warriors") == [1, 2, 9, 10]  # 5 is full; 1 holds the post
    assert not g.log.of_kind("battle")  # 4 recruited


def test_bbp_oo3_defender_ties_go_to_setup_order() -> None:
    """BBP OO.3, 4.2: equal pieces and score: the Marquise (A) before the Eyrie (B)."""
    g = game(otter_position({1: {"warriors": {ME: 2, "marquise": 1, "eyrie": 1}}, 3: {"tokens": [["marquise", "keep"]]}}, market=["cobbler", "codebreakers", "bake_sale", "root_tea_fox"]), [("roll", (0, 0))])
    for f in ("marquise", "eyrie"):
        g.state.factions[f].vp = 4
    BetterOtters().daylight(g)
    battle = g.log.of_kind("battle")[0]
    assert battle.data["defender"] == "marquise" and "setup order (BBP 4.2)" in battle.text


def test_bbp_oo3_no_trade_post_when_its_suit_is_used_up() -> None:
    """BBP OO.3 'if available': three fox trade posts on the map: none is placed."""
    posts = {c: {"tokens": [[ME, "trade_post"]]} for c in (1, 6, 8)}
    g = game(otter_position({**posts, 3: {"tokens": [["marquise", "keep"]]}}, market=["cobbler", "codebreakers", "bake_sale", "root_tea_fox"]))
    BetterOtters().daylight(g)
    assert not [e for e in g.log if e.kind == "place_token"]
    assert any("places no trade post" in t and "no fox trade post is left" in t for t in lines_of(g, "BBP OO.3"))


def test_bbp_oo4_payments_round_down() -> None:
    """BBP OO.4: 5 warriors with 3 opponents score 1; all go back to their owners."""
    g = game(otter_position({3: {"tokens": [["marquise", "keep"]]}}, seats=(ME, "marquise", "eyrie", "alliance"), payments={"marquise": 3, "alliance": 2}))
    before = g.state.factions["marquise"].supply["warrior"]
    BetterOtters().evening(g)
    assert g.state.factions[ME].vp == 1 and board(g).payments == {}
    assert g.state.factions["marquise"].supply["warrior"] == before + 3


# -- buying from the market, the export track (BBP OO.5) --------------------------------------------
@pytest.mark.parametrize(("vp", "cost"), [(0, 2), (9, 2), (10, 3), (19, 3), (20, 4), (29, 4)])
def test_bbp_oo5_price_by_the_buyers_score(vp: int, cost: int) -> None:
    g = game(otter_position({3: {"tokens": [["marquise", "keep"]]}}, marquise={"vp": vp}))
    assert offer(g.state, "marquise", board(g)).price == cost


def test_bbp_oo5_players_may_buy_one_plus_trade_posts_bots_any() -> None:
    """A human: 1 + trade posts in clearings where they have a piece; a bot: any number."""
    clearings = {1: {"tokens": [[ME, "trade_post"]], "warriors": {"marquise": 1}}, 6: {"tokens": [[ME, "trade_post"]]}, 8: {"tokens": [[ME, "trade_post"]], "warriors": {"marquise": 1}}}
    g = game(otter_position(clearings, humans=("marquise",), marquise={"hand": []}))
    assert allowance(g.state, "marquise") == 3
    assert allowance(g.state, "eyrie") == 4


def test_bbp_oo5_a_human_buys_cards_into_hand_and_the_marker_stays() -> None:
    human = ScriptedHuman(services=("hand_card", "hand_card"))
    g = game(otter_position({1: {"tokens": [[ME, "trade_post"]], "warriors": {"marquise": 1}}}, humans=("marquise",), marquise={"hand": []}, turn=1), marquise=human)
    s = g.state
    ids = s.deckdef.by_name
    supply = s.factions["marquise"].supply["warrior"]
    play_turn(g)
    assert s.factions["marquise"].hand == [ids["cobbler"], ids["codebreakers"]]
    assert board(g).market == [ids["bake_sale"], ids["sappers"]]
    assert board(g).payments == {"marquise": 4} and s.factions["marquise"].supply["warrior"] == supply - 4
    assert board(g).export == 0 and s.factions[ME].vp == 0


def test_bbp_oo5_buying_nothing_moves_the_export_track_and_scores() -> None:
    """A seat that buys nothing: the marker moves one step and the Otters score it (R-BBP-OO-EXPORT)."""
    g = game(otter_position({3: {"tokens": [["marquise", "keep"]]}}, export=3, turn=1, options={"riverfolk_services": "none"}))
    play_turn(g)
    assert board(g).export == 4 and g.state.factions[ME].vp == 1
    assert any("marker moves to step 4" in t for t in lines_of(g, "BBP OO.5"))


def test_bbp_oo5_a_bot_buys_an_item_card_as_its_order() -> None:
    """Ruling R-BBP-OO-BOTS-BUY: a bot with no fewer VP than the Otters buys one item card and reveals it."""
    g = game(otter_position({3: {"tokens": [["marquise", "keep"]], "warriors": {"marquise": 1}}}, market=["cobbler", "codebreakers", "bake_sale", "root_tea_fox"], turn=1))
    s = g.state
    play_turn(g)
    bought = g.log.of_kind("buy_service")
    assert len(bought) == 1 and bought[0].faction == "marquise"
    assert board(g).payments == {"marquise": 2} and len(board(g).market or []) == 3
    assert len(s.factions["marquise"].items) == 1 and board(g).export == 0
    assert any("will be its order card" in t for t in lines_of(g, "BBP OO.9"))


def test_bbp_oo5_no_warriors_no_purchase() -> None:
    """Ruling R-BBP-OO-PAY: the Vagabot has no warriors to pay with, so it buys nothing (and the marker moves)."""
    vagabot = {"character": "thief", "location": 7, "items": ["boots", "torch", "tea", "sword", "bag"], "quest": "expel_bandits_mouse"}
    g = game(otter_position({3: {"tokens": [["marquise", "keep"]]}}, seats=(ME, "marquise", "vagabot"), turn=2, vagabot={"vagabot": vagabot}))
    offer_cards(g, "vagabot")
    assert not g.log.of_kind("buy_service") and board(g).export == 1 and len(board(g).market or []) == 4


def test_bbp_oo5_a_removed_trade_post_moves_the_marker_back() -> None:
    g = game(otter_position({1: {"tokens": [[ME, "trade_post"]], "warriors": {"marquise": 2}}, 6: {"tokens": [[ME, "trade_post"]]}}, export=1))
    R.remove_piece(g, ME, 1, "trade_post", "LoR 4.3.4", by="marquise")
    assert board(g).export == 0
    R.remove_piece(g, ME, 6, "trade_post", "LoR 4.3.4", by="marquise")
    assert board(g).export == 0 and g.state.factions[ME].vp == 0
    assert any("goes back to step 0" in t for t in lines_of(g, "BBP OO.6"))


# -- saved positions --------------------------------------------------------------------------------
def test_bbp_oo_board_round_trips() -> None:
    s = serial.load(__import__("pathlib").Path(__file__).parent / "positions" / "bbp_riverfolk_example_turn.json")
    text = serial.dumps(s)
    again = serial.loads(text)
    b = again.factions[ME].board
    assert isinstance(b, OtterBoard) and b.export == 2 and len(b.market or []) == 4
    assert serial.dumps(again) == text
    raw = json.loads(text)["factions"][ME]
    assert raw["export"] == 2 and "protection" not in raw


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"export": -1}, "factions.riverfolk.export"),
        ({"protection": []}, "factions.riverfolk.protection"),
        ({"market": ["cobbler", "codebreakers", "bake_sale", "sappers", "anvil"]}, "factions.riverfolk.market"),
    ],
)
def test_bbp_oo_bad_boards_name_the_field(change: dict, field: str) -> None:
    path = __import__("pathlib").Path(__file__).parent / "positions" / "bbp_riverfolk_example_turn.json"
    data = json.loads(path.read_text())
    data["factions"][ME].update(change)
    with pytest.raises(StateError) as err:
        serial.from_json(data)
    assert str(err.value).startswith(field)


def test_bbp_oo_export_is_only_the_otters() -> None:
    path = __import__("pathlib").Path(__file__).parent / "positions" / "riverfolk_example_turn.json"
    data = json.loads(path.read_text())
    data["factions"][ME]["export"] = 1
    with pytest.raises(StateError, match="only the Otter Overlords"):
        serial.from_json(data)


def test_bbp_oo_invariants_see_a_market_of_five() -> None:
    g = game(otter_position({3: {"tokens": [["marquise", "keep"]]}}))
    board(g).market.append(g.state.deck.pop())  # type: ignore[union-attr]
    with pytest.raises(invariants.InvariantError, match="more than 4"):
        invariants.check(g.state)


# -- random games: alone with BBP bots, and mixed with official bots, on every map -------------------
LINEUPS = ((), ("vagabot",), ("lizards", "alliance"), ("corvids", "duchy"))


@pytest.mark.parametrize("seed", range(16))
def test_bbp_riverfolk_games_keep_every_invariant(seed: int) -> None:
    others = LINEUPS[seed % len(LINEUPS)]
    seats = [Seat(ME, rule_set="bbp"), Seat("marquise", rule_set="bbp"), Seat("eyrie", rule_set="bbp" if seed % 2 else "law")]
    seats += [Seat(f) for f in others]
    if seed % 3 == 1:
        seats.reverse()
    checked(GameConfig(seats, MAP_NAMES[seed // len(LINEUPS) % len(MAP_NAMES)], seed, options={"riverfolk_services": ("basic", "none", "advanced")[seed % 3]}))


def test_bbp_riverfolk_alone_with_bbp_bots() -> None:
    for seed in range(4):
        seats = [Seat("alliance", rule_set="bbp"), Seat(ME, rule_set="bbp"), Seat("eyrie", rule_set="bbp")]
        checked(GameConfig(seats, MAP_NAMES[seed], seed))


def test_bbp_coverage_rows_of_the_otters_name_code() -> None:
    """docs/bbp-coverage.md: every Otter Overlords paragraph maps to code and a test."""
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "docs" / "bbp-coverage.md").read_text()
    rows = [[c.strip() for c in line.strip().strip("|").split("|")] for line in text.splitlines() if line.startswith("| OO.")]
    assert [r[0] for r in rows] == [f"OO.{n}" for n in range(1, 13)]
    assert all(":" in r[2] and r[3] for r in rows)


def test_bbp_oo_the_seat_is_named_otter_overlords() -> None:
    """The rule set names its bot: the Otter Overlords, not the Law's Riverfolk Robots."""
    from rootbotics.core.faction import faction_title

    assert faction_title(ME, "bot", "bbp") == "Otter Overlords" and faction_title(ME, "bot") == "Riverfolk Robots"
    g = new_game(GameConfig([Seat(ME, rule_set="bbp"), Seat("marquise")], seed=1))
    assert any("sits as the Otter Overlords (bot) of the Better Bot Project" in e.text for e in g.log if e.faction == ME)


def test_bbp_oo4_cooperative_counts_only_human_opponents() -> None:
    """Ruling R-BBP-OO-OPPONENTS: bots as a team (BBP 1.2): one human opponent, so each of the
    3 Payments warriors is a set of one."""
    g = game(otter_position({3: {"tokens": [["marquise", "keep"]]}}, humans=("alliance",), seats=(ME, "marquise", "alliance"), options={"cooperative": True}, alliance={"hand": []}, payments={"marquise": 2, "alliance": 1}))
    BetterOtters().evening(g)
    assert g.state.factions[ME].vp == 3
    assert any("3 set(s) of 1" in t for t in lines_of(g, "BBP OO.4"))


def test_an_empty_deck_and_discard_leave_the_market_short_and_the_otters_without_an_order() -> None:
    """Ruling R-BBP-OO-EMPTY-MARKET (LoR 1.5.4): with no card left to draw the market stays short;
    with no card in it at all the Otters have no order that turn and take no Daylight actions."""
    g = new_game(GameConfig([Seat("riverfolk", rule_set="bbp"), Seat("eyrie")], "fall", 5))
    s = g.state
    s.removed_cards.extend([*s.deck, *s.discard])
    s.deck, s.discard = [], []
    otters = bot_of(s, "riverfolk")
    market = s.factions["riverfolk"].board.market
    s.removed_cards.extend(market)
    del market[:]  # an empty market, and nothing left to draw
    g.log.listeners.append(lambda e: invariants.check(s))
    before = len(g.log)
    otters.birdsong(g)
    otters.daylight(g)
    kinds = [e.kind for e in list(g.log)[before:]]
    assert "market_short" in kinds and market == []
    assert [e.line() for e in list(g.log)[before:] if e.kind == "skip"][-1].endswith("takes no Daylight actions: it has no order card (ruling R-BBP-OO-EMPTY-MARKET)")
