"""Automated Alliance, rule by rule (Law of Robotics section 6).

Positions are built through the saved-position format (``helpers.position``); the Alliance is a
bot unless a test says otherwise. Order cards are given with ``set_order``; any die or draw a
test does not script fails loudly.
"""

from __future__ import annotations

import pytest
from helpers import game, position, set_order

from rootbotics.factions.alliance import bot as A
from rootbotics.core import rules as R
from rootbotics.core.battle import battle
from rootbotics.core.context import EngineFailure
from rootbotics.controllers import ScriptedHuman
from rootbotics.game import bot_config, new_game, play
from rootbotics.factions.marquise.faction import keep_clearing

ME = "alliance"
SYM = ["alliance", "sympathy"]
THREE = ("marquise", "eyrie", "alliance")


def sym(**extra) -> dict:
    """A clearing entry holding a sympathy token (plus any other fields)."""
    entry = {"tokens": [SYM]}
    entry.update(extra)
    return entry


def al(s):
    return s.factions[ME]


def sympathy_at(s) -> list[int]:
    return [c for c in range(1, 13) if A.sympathetic(s, c)]


def events(g, rule: str, kind: str | None = None) -> list:
    return [e for e in g.log if e.rule == rule and (kind is None or e.kind == kind)]


# -- 6.2.1 Sympathy tokens ---------------------------------------------------------------------
def test_6_2_1_ten_tokens_and_one_per_clearing() -> None:
    s = position({2: sym(), 5: {"warriors": {"marquise": 1}}}, seats=THREE)
    assert al(s).supply["sympathy"] == 9  # ten in the box, one on the map
    assert A.placement_blocked(s, 2) == "already sympathetic (6.2.1 I)"
    assert A.placement_blocked(s, 5) is None
    assert A.sympathetic(s, 2) and not A.sympathetic(s, 5)  # 6.2.1 II


# -- 6.2.2 Automated Ambush --------------------------------------------------------------------
def test_6_2_2_automated_ambush_one_extra_hit_defending_with_a_warrior() -> None:
    s = position({7: {"warriors": {"marquise": 3, ME: 1}}}, seats=THREE)
    g = game(s, [("roll", (2, 0))])
    battle(g, "marquise", ME, 7, "test")
    # The Alliance rolled 0 but deals 1 (Automated Ambush); the Marquise's 2 hits take its warrior.
    assert s.warriors("marquise", 7) == 2 and s.warriors(ME, 7) == 0
    (extra,) = [e for e in g.log.of_kind("extra_hit") if e.faction == ME]
    assert extra.rule == "6.2.2" and "Automated Ambush" in extra.text


def test_6_2_2_no_ambush_without_an_alliance_warrior_or_for_a_human_alliance() -> None:
    s = position({7: {"warriors": {"marquise": 2}, "tokens": [SYM]}}, seats=THREE)
    g = game(s, [("roll", (0, 0))])
    battle(g, "marquise", ME, 7, "test")
    assert s.warriors("marquise", 7) == 2 and not [e for e in g.log.of_kind("extra_hit") if e.faction == ME]
    human = position({7: {"warriors": {"marquise": 2, ME: 1}}}, seats=THREE, humans=(ME,), alliance={"supporters": []})
    g2 = game(human, [("roll", (1, 0))])  # Guerrilla War (LoR 8.2.2): the human Alliance defends with the 1
    battle(g2, "marquise", ME, 7, "test")
    assert human.warriors("marquise", 7) == 1 and not [e for e in g2.log.of_kind("extra_hit") if e.faction == ME]


# -- 6.2.3 Automated Outrage -------------------------------------------------------------------
def _outrage_position(hand: list[str]):
    return position(
        {4: sym(), 8: {"warriors": {"marquise": 3}}, 9: {"warriors": {"eyrie": 2}}},
        seats=THREE,
        humans=("marquise",),
        marquise={"hand": hand},
    )


def test_6_2_3_human_moving_into_sympathy_discards_a_matching_card() -> None:
    s = _outrage_position(["anvil", "cobbler"])  # 4 is a rabbit clearing
    g = game(s, marquise=ScriptedHuman())
    assert R.move_warriors(g, "marquise", 8, 4, 1, "test") == 1
    cobbler = s.deckdef.by_name["cobbler"]
    assert s.factions["marquise"].hand == [s.deckdef.by_name["anvil"]] and s.discard == [cobbler]
    (out,) = g.log.of_kind("outrage")
    assert out.rule == "6.2.3" and "marquise discards Cobbler (rabbit)" in out.text
    assert al(s).vp == 0  # discarded, not given: no Poor Manual Dexterity point (2.8.1)


def test_6_2_3_a_bird_card_matches_and_must_be_discarded() -> None:
    s = _outrage_position(["armorers"])
    g = game(s, marquise=ScriptedHuman())
    R.move_warriors(g, "marquise", 8, 4, 2, "test")
    assert s.factions["marquise"].hand == [] and al(s).vp == 0


def test_6_2_3_human_without_a_matching_card_gives_the_alliance_one_vp() -> None:
    s = _outrage_position(["anvil", "codebreakers"])
    g = game(s, marquise=ScriptedHuman())
    R.move_warriors(g, "marquise", 8, 4, 1, "test")
    assert len(s.factions["marquise"].hand) == 2 and al(s).vp == 1
    assert events(g, "6.2.3", "score")[0].data["n"] == 1


def test_6_2_3_human_removing_a_sympathy_token_causes_outrage() -> None:
    s = _outrage_position([])
    g = game(s, marquise=ScriptedHuman())
    assert R.remove_piece(g, ME, 4, "sympathy", "test", by="marquise")
    assert s.factions["marquise"].vp == 1  # LoR 3.2.1 for the token
    assert al(s).vp == 1  # 6.2.3: no card to discard
    assert [e.rule for e in g.log.of_kind("outrage")] == ["6.2.3"]


def test_6_2_3_a_bot_moving_into_sympathy_or_removing_it_causes_nothing() -> None:
    s = _outrage_position([])
    g = game(s)  # no controller, no chance: any question or draw would fail
    R.move_warriors(g, "eyrie", 9, 4, 2, "test")
    R.remove_piece(g, ME, 4, "sympathy", "test", by="eyrie")
    assert not g.log.of_kind("outrage") and al(s).vp == 0 and s.factions["eyrie"].vp == 1


def test_6_2_3_a_human_holding_a_matching_card_must_discard_it() -> None:
    class Refuses(ScriptedHuman):
        def automated_outrage_discard(self, g, faction, clearing):
            return s.deckdef.by_name["anvil"]  # a fox card for a rabbit clearing

    s = _outrage_position(["anvil", "cobbler"])
    g = game(s, marquise=Refuses())
    with pytest.raises(EngineFailure, match="must discard"):
        R.move_warriors(g, "marquise", 8, 4, 1, "test")


# -- 6.2.4 Crackdown ---------------------------------------------------------------------------
def test_6_2_4_crackdown_removes_sympathy_of_the_base_suit_and_nobody_scores_it() -> None:
    s = position(
        {
            5: sym(buildings=[["alliance", "base_rabbit"]]),
            4: sym(),
            10: sym(),
            2: sym(),
        },
        seats=THREE,
        humans=("marquise",),
        marquise={"hand": []},
    )
    g = game(s, marquise=ScriptedHuman())
    assert R.remove_piece(g, ME, 5, "base_rabbit", "test", by="marquise")
    assert sympathy_at(s) == [2]  # every rabbit clearing lost its token; the mouse clearing kept it
    assert s.factions["marquise"].vp == 1  # the base only (ruling R-CRACKDOWN)
    assert not g.log.of_kind("outrage") and al(s).vp == 0  # the Alliance removed its own tokens
    assert al(s).supply["sympathy"] == 9 and al(s).supply["base_rabbit"] == 1
    assert events(g, "6.2.4", "crackdown")[0].data["where"] == "4, 5, 10"


def test_6_2_4_crackdown_in_battle_after_hits_take_token_then_base() -> None:
    s = position({5: sym(buildings=[["alliance", "base_rabbit"]], warriors={"marquise": 2}), 3: sym()}, seats=THREE)
    g = game(s, [("roll", (1, 0))])
    battle(g, "marquise", ME, 5, "test")  # 1 rolled + 1 (defenseless): the token, then the base (1.2.1)
    assert [e.data["kind"] for e in g.log.of_kind("remove_piece")] == ["sympathy", "base_rabbit", "sympathy"]
    assert sympathy_at(s) == [] and s.factions["marquise"].vp == 2


# -- 6.2.5 Martial Law -------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("warriors", "on_map", "vp"),
    [
        ({"marquise": 3}, 1, 0),  # the 2nd token scores 1, one fewer
        ({"marquise": 2, "eyrie": 2}, 1, 1),  # three or more of the same enemy only
        ({"eyrie": 4}, 5, 1),  # the 6th token scores 2, one fewer
        ({"marquise": 3}, 0, 0),  # the 1st token scores 0: never below zero
    ],
)
def test_6_2_5_martial_law_scores_one_fewer_never_below_zero(warriors: dict, on_map: int, vp: int) -> None:
    clearings: dict[int, dict] = {c: sym() for c in (2, 3, 4, 7, 9)[:on_map]}
    clearings[12] = {"warriors": warriors}
    s = position(clearings, seats=THREE)
    g = game(s)
    assert R.place_token(g, ME, 12, "sympathy", "test")
    A.score_sympathy(g, 12)
    assert al(s).vp == vp
    if any(n >= 3 for n in warriors.values()):
        assert "Martial Law" in events(g, "6.5.1")[-1].text


# -- 6.3 setup -----------------------------------------------------------------------------------
def test_6_3_setup_supplies_and_nothing_on_the_map() -> None:
    g = new_game(bot_config(["marquise", "eyrie", "alliance"], seed=5))
    s = g.state
    sup = al(s).supply
    assert (sup["warrior"], sup["base_fox"], sup["base_rabbit"], sup["base_mouse"], sup["sympathy"]) == (10, 1, 1, 1, 10)
    assert all(s.clearings[c].pieces_of(ME) == 0 for c in range(1, 13))
    assert [e.rule for e in g.log if e.faction == ME and e.kind == "setup"][1:] == ["6.3.1", "6.3.2", "6.3.3"]


# -- 6.4 Birdsong --------------------------------------------------------------------------------
def test_6_4_1_and_6_4_2_reveal_and_craft_the_order() -> None:
    s = position({}, seats=THREE, turn=2)
    g = game(s, [("draw", "smugglers_trail")])
    A.AutomatedAlliance().birdsong(g)  # rabbit order, no sympathy: no revolt, Public Pity
    assert al(s).order == s.deckdef.by_name["smugglers_trail"] and al(s).items == ["bag"]
    assert events(g, "6.4.1", "order") and events(g, "1.1.2", "score")


def test_6_4_3_revolt_in_the_ordered_sympathetic_clearing_with_most_enemy_pieces() -> None:
    s = position(
        {
            4: sym(warriors={"marquise": 2}),  # rabbit: two enemy pieces
            10: sym(warriors={"marquise": 1, "eyrie": 1}, buildings=[["marquise", "sawmill"]]),  # rabbit: three
            3: sym(warriors={"eyrie": 5}),  # rabbit: five
            6: sym(warriors={"eyrie": 9}),  # fox: not ordered
        },
        seats=THREE,
    )
    g = game(s)
    set_order(g, ME, "cobbler")  # rabbit
    assert A.revolt(g)
    (revolt,) = g.log.of_kind("revolt")
    assert revolt.data["c"] == 3 and "chose 3 by most enemy pieces (6.4.3)" in revolt.text
    assert s.clearings[3].warriors == {} and s.clearings[3].buildings == [("alliance", "base_rabbit")]
    assert A.sympathetic(s, 3) and al(s).vp == 0  # warriors score nothing


def test_6_4_3_revolt_removes_all_enemy_pieces_and_scores_buildings_and_tokens() -> None:
    s = position(
        {10: sym(warriors={"marquise": 2, "eyrie": 1}, buildings=[["marquise", "sawmill"], ["eyrie", "roost"]], ruin=False)},
        seats=THREE,
    )
    g = game(s)
    set_order(g, ME, "cobbler")
    assert A.revolt(g)
    cl = s.clearings[10]
    assert cl.warriors == {} and cl.buildings == [("alliance", "base_rabbit")] and cl.tokens == [("alliance", "sympathy")]
    assert al(s).vp == 2
    assert s.factions["marquise"].supply["sawmill"] == 6 and s.factions["eyrie"].supply["roost"] == 7


def test_6_4_3_no_revolt_where_the_scoundrel_s_item_covers_the_only_slot() -> None:
    # 3 (rabbit, one slot) is sympathetic but the Scoundrel's boots cover its slot (7.7.5): no base
    # can be placed, so 3 is not a legal target (2.3, ruling R-REVOLT), nobody is removed, and
    # with no revolt Public Pity follows (6.4.4).
    scoundrel = {"character": "scoundrel", "location": 7, "items": ["torch", "tea", "sword", "bag"], "quest": "expel_bandits_mouse"}
    s = position({3: sym(warriors={"marquise": 2}, slot_items=["boots"])}, seats=(*THREE, "vagabot"), vagabot={"vagabot": scoundrel})
    g = game(s, [("draw", "cobbler")])
    A.AutomatedAlliance().birdsong(g)
    assert s.warriors("marquise", 3) == 2 and not g.log.of_kind("revolt")
    (no,) = g.log.of_kind("no_revolt")
    assert "no sympathetic rabbit clearing can take its rabbit base" in no.text
    assert "skipped 3 (its building slot is covered by the Vagabot's boots)" in no.text
    assert g.log.of_kind("public_pity")


def test_6_4_3_revolt_removes_the_keep_for_good() -> None:
    s = position(
        {1: sym(warriors={"marquise": 2}, tokens=[["marquise", "keep"], SYM])},
        seats=THREE,
        humans=("marquise",),
        marquise={"hand": ["anvil"]},
    )
    g = game(s, marquise=ScriptedHuman(hospitals=True))
    set_order(g, ME, "foxfolk_steel")
    assert A.revolt(g)
    assert keep_clearing(s) is None and s.factions["marquise"].removed == {"keep": 1}
    # The keep went first, so Field Hospitals had nowhere to send the warriors (LoR 6.2.3).
    assert s.factions["marquise"].hand == [s.deckdef.by_name["anvil"]] and s.warriors("marquise", 1) == 0
    assert s.clearings[1].buildings == [("alliance", "base_fox")] and al(s).vp == 1


@pytest.mark.parametrize(
    ("order", "board", "reason"),
    [
        ("armorers", {5: sym(warriors={"marquise": 2})}, "does not revolt: the order card is a bird"),
        ("cobbler", {5: sym(buildings=[["alliance", "base_rabbit"]]), 4: sym()}, "does not revolt: its rabbit base is already on the map"),
        ("cobbler", {2: sym(warriors={"marquise": 2})}, "does not revolt: no rabbit clearing is sympathetic"),
    ],
    ids=["bird order", "base on the map", "no sympathetic match"],
)
def test_6_4_3_what_can_stop_a_revolt_then_public_pity(order: str, board: dict, reason: str) -> None:
    s = position(board, seats=THREE)
    g = game(s)
    set_order(g, ME, order)
    before = len(sympathy_at(s))
    assert not A.revolt(g)
    assert [e.text for e in g.log.of_kind("no_revolt")] == [reason]
    A.public_pity(g)  # what Birdsong does next (6.4.4)
    assert len(sympathy_at(s)) == before + 2


@pytest.mark.parametrize(("on_map", "spreads"), [(0, 2), (4, 2), (5, 1), (9, 1)])
def test_6_4_4_public_pity_twice_with_up_to_four_tokens_once_with_five(on_map: int, spreads: int) -> None:
    spots = (2, 5, 6, 10, 3, 7, 11, 12, 9)[:on_map]
    s = position({c: sym() for c in spots}, seats=THREE)
    g = game(s)
    set_order(g, ME, "armorers")
    A.public_pity(g)
    assert len(sympathy_at(s)) == on_map + spreads
    assert ("twice" if spreads == 2 else "once") in g.log.of_kind("public_pity")[0].text


def test_6_4_4_no_public_pity_after_a_revolt() -> None:
    s = position({5: sym(warriors={"marquise": 1})}, seats=THREE)
    g = game(s, [("draw", "cobbler")])
    A.AutomatedAlliance().birdsong(g)
    assert g.log.of_kind("revolt") and not g.log.of_kind("public_pity") and sympathy_at(s) == [5]


# -- 6.5.1 Spread Sympathy -------------------------------------------------------------------------
def test_6_5_1_ordered_clearing_next_to_sympathy_with_fewest_enemy_warriors() -> None:
    s = position(
        {
            4: sym(),
            9: sym(),
            1: {"warriors": {"marquise": 2}},
            8: {"warriors": {"eyrie": 2}},
            12: {"warriors": {"eyrie": 1}, "buildings": [["marquise", "sawmill"], ["eyrie", "roost"]], "ruin": False},
        },
        seats=THREE,
    )
    g = game(s)
    set_order(g, ME, "anvil")  # fox: 1, 8 and 12 are fox clearings next to 4 or 9
    assert A.spread_sympathy(g, "test") == 12
    (placed,) = g.log.of_kind("place_token")
    assert placed.rule == "6.5.1" and "12 (1); 1, 8 (2); chose 12 by fewest enemy warriors (6.5.1)" in placed.text


def test_6_5_1_ties_go_to_highest_priority() -> None:
    s = position({2: sym()}, seats=THREE)
    g = game(s)
    set_order(g, ME, "cobbler")  # rabbit: 5 and 10 are next to 2
    assert A.spread_sympathy(g, "test") == 5


@pytest.mark.parametrize(("placed", "vp"), [(1, 0), (2, 1), (5, 1), (6, 2), (7, 2), (8, 3), (9, 3), (10, 4)])
def test_6_5_1_scores_the_revealed_space_of_the_sympathy_track(placed: int, vp: int) -> None:
    spots = [c for c in range(1, 13) if c != 8][: placed - 1]
    s = position({c: sym() for c in spots}, seats=THREE)
    g = game(s)
    set_order(g, ME, "armorers")
    assert A.spread_sympathy(g, "test") is not None
    assert len(sympathy_at(s)) == placed and al(s).vp == vp


def test_6_5_1_I_no_such_clearing_fewest_enemy_pieces_of_any_suit() -> None:
    board: dict[int, dict] = {c: {"warriors": {"marquise": 1}} for c in range(1, 13) if c != 7}
    board[2]["tokens"] = [SYM]
    board[6]["tokens"] = [SYM]  # next to 2 and 6 lie 3, 5, 10 and 11: no fox clearing
    s = position(board, seats=THREE)
    g = game(s)
    set_order(g, ME, "anvil")
    assert A.spread_sympathy(g, "test") == 7  # the only clearing with no enemy piece, a mouse one
    (placed,) = g.log.of_kind("place_token")
    assert placed.rule == "6.5.1 I" and "no candidates; no such clearing" in placed.text
    assert "chose 7 by fewest enemy pieces (6.5.1 I)" in placed.text


def test_6_5_1_I_when_every_such_clearing_holds_the_keep() -> None:
    s = position({5: sym(), 1: {"tokens": [["marquise", "keep"]]}, 9: {"warriors": {"eyrie": 3}}}, seats=THREE)
    g = game(s)
    set_order(g, ME, "anvil")  # fox: next to 5 are 1 (the keep) and 2 (mouse)
    assert A.spread_sympathy(g, "test") == 2  # 6.5.1 I: no enemy piece, highest priority
    text = g.log.of_kind("place_token")[0].text
    assert "skipped 1 (the keep is there" in text and "6.5.1 I" in text


def test_6_5_1_II_an_empty_sympathy_track_scores_five() -> None:
    s = position({c: sym() for c in range(1, 11)}, seats=THREE)  # all ten tokens on the map
    g = game(s)
    set_order(g, ME, "armorers")
    assert A.spread_sympathy(g, "test") is None and al(s).vp == 5
    (cannot,) = g.log.of_kind("cannot_spread")
    assert cannot.rule == "6.5.1 II" and "its Sympathy track is empty" in cannot.text


def test_6_5_1_II_no_clearing_can_take_a_token_scores_five(monkeypatch: pytest.MonkeyPatch) -> None:
    # On Fall two clearings always lack a token and only one can hold the keep, so this needs a
    # rule that forbids placing everywhere (a snare, say); here every clearing refuses.
    monkeypatch.setattr(A, "placement_blocked", lambda s, c: "refused for the test")
    s = position({2: sym()}, seats=THREE)
    g = game(s)
    set_order(g, ME, "armorers")
    assert A.spread_sympathy(g, "test") is None and al(s).vp == 5
    assert "no clearing can take a sympathy token" in g.log.of_kind("cannot_spread")[0].text


# -- 6.5.2 Surprise Revolt ---------------------------------------------------------------------------
def test_6_5_2_surprise_revolt_where_most_enemy_pieces_match_a_base_in_the_box() -> None:
    s = position(
        {
            5: sym(buildings=[["alliance", "base_rabbit"]]),
            4: sym(warriors={"eyrie": 4}),  # rabbit: its base is already on the map
            2: sym(warriors={"marquise": 2}),
            9: sym(warriors={"marquise": 1}, buildings=[["marquise", "workshop"]]),
        },
        seats=THREE,
    )
    g = game(s)
    set_order(g, ME, "armorers")
    assert A.surprise_revolt(g)
    (revolt,) = g.log.of_kind("revolt")
    assert revolt.rule == "6.5.2" and revolt.data["c"] == 2  # 2 and 9 tie on two; 2 has priority
    assert "matching a base in its box: fox, mouse" in revolt.text
    assert s.clearings[2].buildings == [("alliance", "base_mouse")] and s.warriors("marquise", 2) == 0


def test_6_5_2_no_surprise_revolt_on_a_suited_order_or_without_a_match() -> None:
    s = position({2: sym(warriors={"marquise": 2})}, seats=THREE)
    g = game(s)
    set_order(g, ME, "codebreakers")
    assert not A.surprise_revolt(g) and not g.log.of_kind("revolt")
    s2 = position({2: sym(), 7: {"buildings": [["alliance", "base_mouse"]]}}, seats=THREE)
    g2 = game(s2)
    set_order(g2, ME, "armorers")
    assert not A.surprise_revolt(g2)
    assert "no sympathetic clearing matches a base in its box" in g2.log.of_kind("no_revolt")[0].text


def test_6_5_daylight_spreads_then_revolts_by_surprise() -> None:
    s = position({2: sym(warriors={"marquise": 1})}, seats=THREE)
    g = game(s)
    set_order(g, ME, "armorers")
    A.AutomatedAlliance().daylight(g)
    assert [e.kind for e in g.log if e.kind in ("place_token", "revolt")] == ["place_token", "revolt"]


# -- 6.6 Evening -----------------------------------------------------------------------------------
def test_6_6_1_organize_where_a_base_has_three_or_more_warriors() -> None:
    s = position(
        {
            5: sym(buildings=[["alliance", "base_rabbit"]], warriors={ME: 3}),
            7: sym(buildings=[["alliance", "base_mouse"]], warriors={ME: 2}),
            1: {"warriors": {ME: 4}},  # no base: no organizing
        },
        seats=THREE,
    )
    g = game(s)
    set_order(g, ME, "armorers")
    A.organize(g)
    assert s.warriors(ME, 5) == 0 and s.warriors(ME, 7) == 2 and s.warriors(ME, 1) == 4
    assert [e.data["c"] for e in g.log.of_kind("organize")] == [5]
    assert len(g.log.of_kind("place_token")) == 1 and "Organize in 5 (6.6.1)" in g.log.of_kind("place_token")[0].text
    assert al(s).supply["warrior"] == 10 - 6


def test_6_6_1_organize_in_priority_order() -> None:
    s = position(
        {
            7: sym(buildings=[["alliance", "base_mouse"]], warriors={ME: 3}),
            5: sym(buildings=[["alliance", "base_rabbit"]], warriors={ME: 3}),
        },
        seats=THREE,
    )
    g = game(s)
    set_order(g, ME, "armorers")
    A.organize(g)
    assert [e.data["c"] for e in g.log.of_kind("organize")] == [5, 7]


def test_6_6_2_recruit_one_warrior_per_base_as_supply_allows() -> None:
    s = position(
        {
            5: {"buildings": [["alliance", "base_rabbit"]], "warriors": {ME: 1}},
            7: {"buildings": [["alliance", "base_mouse"]]},
            12: {"buildings": [["alliance", "base_fox"]], "warriors": {ME: 8}},
        },
        seats=THREE,
    )
    g = game(s)
    A.recruit(g)
    assert [s.warriors(ME, c) for c in (5, 7, 12)] == [2, 0, 8]  # one left in supply: 5 first (2.4)
    assert g.log.of_kind("supply_empty")


def test_6_6_3_evening_discards_the_order() -> None:
    s = position({}, seats=THREE)
    g = game(s)
    set_order(g, ME, "cobbler")
    A.AutomatedAlliance().evening(g)
    assert al(s).order is None and s.discard == [s.deckdef.by_name["cobbler"]]
    assert events(g, "6.6.2", "skip")


# -- a whole game ------------------------------------------------------------------------------------
def test_6_the_alliance_plays_whole_games_in_any_seat() -> None:
    for seed, lineup in enumerate((["alliance", "marquise"], ["eyrie", "alliance"], ["marquise", "alliance", "eyrie"])):
        g = new_game(bot_config(lineup, seed=seed))
        play(g)
        assert g.state.winner is not None
        assert g.log.of_kind("public_pity") or g.log.of_kind("revolt")


# -- difficulty and traits (3.3) ---------------------------------------------------------------------
def _three_bases(level: str) -> tuple:
    s = position(
        {
            5: {"buildings": [["alliance", "base_rabbit"]], "warriors": {ME: 3}},
            7: {"buildings": [["alliance", "base_mouse"]], "warriors": {ME: 2}},
            12: {"buildings": [["alliance", "base_fox"]], "warriors": {ME: 4}},
            2: sym(),
        },
        seats=THREE,
        alliance={"difficulty": level},
    )
    g = game(s)
    set_order(g, ME, "armorers")
    return s, g


@pytest.mark.parametrize(("level", "organized"), [("easy", [12]), ("default", [5, 12]), ("challenging", [5, 7, 12]), ("nightmare", [5, 7, 12])])
def test_3_3_1_alliance_organize_threshold_by_difficulty(level: str, organized: list[int]) -> None:
    s, g = _three_bases(level)
    A.organize(g)
    assert [e.data["c"] for e in g.log.of_kind("organize")] == organized
    if level != "default":
        assert f"({level} difficulty" in g.log.of_kind("organize")[0].text


@pytest.mark.parametrize(("level", "point"), [("default", 0), ("challenging", 0), ("nightmare", 1)])
def test_3_3_1_alliance_nightmare_scores_one_at_the_end_of_evening(level: str, point: int) -> None:
    s, g = _three_bases(level)
    A.AutomatedAlliance().evening(g)
    spreads = sum(e.data.get("n", 0) for e in g.log if e.kind == "score" and e.rule == "6.5.1")
    assert al(s).vp == spreads + point
    if point:
        assert g.log.events[-1].rule == "3.3.1" and al(s).order is None  # after the discard


@pytest.mark.parametrize(("traits", "marquise_left"), [((), 2), (("informants",), 1)])
def test_3_3_2_alliance_informants(traits: tuple[str, ...], marquise_left: int) -> None:
    s = position({7: {"warriors": {"marquise": 2}, "tokens": [SYM]}}, seats=THREE, alliance={"traits": list(traits)})
    g = game(s, [("roll", (0, 0))])
    battle(g, "marquise", ME, 7, "test")
    assert s.warriors("marquise", 7) == marquise_left
    assert not A.sympathetic(s, 7)  # the defenseless extra hit still takes the token


@pytest.mark.parametrize(("traits", "marquise_vp"), [((), 1), (("popularity",), 0)])
def test_3_3_2_alliance_popularity(traits: tuple[str, ...], marquise_vp: int) -> None:
    s = position({7: sym(), 5: {"buildings": [["alliance", "base_rabbit"]]}}, seats=THREE, alliance={"traits": list(traits)})
    g = game(s)
    R.remove_piece(g, ME, 7, "sympathy", "test", by="marquise")
    assert s.factions["marquise"].vp == marquise_vp
    R.remove_piece(g, ME, 5, "base_rabbit", "test", by="marquise")  # bases still score
    assert s.factions["marquise"].vp == marquise_vp + 1


@pytest.mark.parametrize(("traits", "alliance_left", "marquise_left"), [((), 0, 1), (("veterans",), 1, 0)])
def test_3_3_2_alliance_veterans(traits: tuple[str, ...], alliance_left: int, marquise_left: int) -> None:
    s = position({7: {"warriors": {"marquise": 3, ME: 2}}}, seats=THREE, alliance={"traits": list(traits)})
    g = game(s, [("roll", (3, 1))])
    battle(g, "marquise", ME, 7, "test")
    # Without Veterans: the Marquise deals 3, the Alliance 1 + 1 (Automated Ambush).
    # With it the dice swap: the Marquise deals 1, the Alliance 2 (its two warriors) + 1.
    assert (s.warriors(ME, 7), s.warriors("marquise", 7)) == (alliance_left, marquise_left)
    assert ("Veterans" in g.log.of_kind("roll")[0].text) == bool(traits)


@pytest.mark.parametrize("traits", [(), ("wildfire",)])
def test_3_3_2_alliance_wildfire(traits: tuple[str, ...]) -> None:
    s = position({2: sym(), 5: {"buildings": [["alliance", "base_rabbit"]]}}, seats=THREE, alliance={"traits": list(traits)})
    g = game(s)
    set_order(g, ME, "cobbler")
    A.AutomatedAlliance().evening(g)
    assert sympathy_at(s) == ([2, 5] if traits else [2])  # rabbit order: 5, next to 2, has no enemy warrior
    assert al(s).vp == 0
    full = position({c: sym() for c in range(1, 11)} | {12: {"buildings": [["alliance", "base_fox"]]}}, seats=THREE, alliance={"traits": ["wildfire"]})
    g2 = game(full)
    set_order(g2, ME, "anvil")
    A.AutomatedAlliance().evening(g2)
    assert al(full).vp == 0 and g2.log.of_kind("cannot_spread")  # no 5 VP either (ruling R-TRAIT-WILDFIRE)


@pytest.mark.parametrize("seed", range(16))
def test_3_3_alliance_random_difficulties_and_traits_play_out(seed: int) -> None:
    from rootbotics.factions import TRAIT_TEXT
    from rootbotics.core import invariants
    from rootbotics.game import GameConfig, Seat

    levels = ("easy", "default", "challenging", "nightmare")
    traits = tuple(t for i, t in enumerate(TRAIT_TEXT[ME]) if (seed >> i) & 1)
    seats = [Seat("marquise"), Seat("eyrie"), Seat(ME, difficulty=levels[seed % 4], traits=traits)]
    g = new_game(GameConfig(seats[seed % 3 :] + seats[: seed % 3], seed=seed))
    g.log.listeners.append(lambda e: invariants.check(g.state))
    assert play(g) and g.state.winner


def test_7_2_1_I_a_revolt_where_the_vagabot_stands_damages_three_items() -> None:
    """Full Removal (7.2.1 I) meets a revolt (6.4.3): the pawn stays, three items are damaged."""
    from rootbotics.core import invariants, rules
    from rootbotics.factions.vagabot.items import put_pawn
    from rootbotics.game import GameConfig, Seat, new_game

    g = new_game(GameConfig([Seat("alliance"), Seat("vagabot"), Seat("marquise")], seed=3))
    s = g.state
    vs = s.factions["vagabot"].board
    assert vs is not None
    c = next(c for c in range(1, 13) if s.warriors("marquise", c) and not s.clearings[c].buildings and c != keep_clearing(s))
    put_pawn(s, vs, clearing=c)
    undamaged = sum(1 for i in vs.items if not i.damaged)
    rules.remove_all_enemy_pieces(g, "alliance", c, "6.4.3")
    assert s.clearings[c].pawn == "vagabot" and s.warriors("marquise", c) == 0
    assert sum(1 for i in vs.items if not i.damaged) == undamaged - 3
    assert [e.rule for e in g.log if e.rule == "7.2.1 I"]
    invariants.check(s)
