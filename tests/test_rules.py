"""Core rules the bots rely on (core/rules.py): rule, moving, placing, removing, scoring,
order cards, crafting and Outrage. One small test per rule; the rule number is in the name."""

from __future__ import annotations

import pytest

from conftest import assert_supply_consistent, card_id, fall_state, make_game, put_building, put_token, put_warriors
from rootbotics.core import rules as R
from rootbotics.core.chance import RngChance
from rootbotics.core.context import EngineFailure, Game, GameOver
from rootbotics.controllers import ScriptedHuman
from rootbotics.factions.marquise.faction import keep_clearing


# -- LoR 2.5 rule; 5.2.1 Lords of the Forest -------------------------------------------------------
def test_lor_2_5_rule_by_most_warriors_plus_buildings():
    """LoR 2.5: the player with more warriors plus buildings than each other player rules."""
    s = fall_state("marquise", ("alliance", "human"))
    put_warriors(s, "alliance", 5, 2)
    put_warriors(s, "marquise", 5, 1)
    put_building(s, "marquise", 5, "sawmill")  # 1 warrior + 1 building = 2: a tie so far
    assert R.ruler(s, 5) is None
    put_building(s, "marquise", 5, "workshop")  # 3 against 2
    assert R.ruler(s, 5) == "marquise"
    assert R.rules(s, "marquise", 5) and not R.rules(s, "alliance", 5)
    # Buildings alone rule an otherwise empty clearing.
    put_building(s, "alliance", 2, "base_mouse")
    assert R.ruler(s, 2) == "alliance"
    assert R.ruled_clearings(s, "marquise") == [5]


def test_lor_2_5_tokens_do_not_count_for_rule():
    """LoR 2.5: tokens do not count; a clearing holding only tokens is ruled by nobody."""
    s = fall_state("marquise", ("alliance", "human"))
    put_token(s, "marquise", 1, "keep")
    assert R.ruler(s, 1) is None
    put_warriors(s, "alliance", 1, 1)
    assert R.ruler(s, 1) == "alliance"  # 1 warrior beats a lone keep token
    put_warriors(s, "marquise", 8, 1)
    put_token(s, "alliance", 8, "sympathy")
    put_warriors(s, "alliance", 8, 1)
    assert R.ruler(s, 8) is None  # 1 warrior each: the sympathy token does not break the tie
    assert R.presence(s, "alliance", 8) == 1


def test_lor_2_5_ties_rule_nobody():
    """LoR 2.5: on a tie for most, nobody rules (without the Eyrie)."""
    s = fall_state("marquise", ("alliance", "human"))
    put_warriors(s, "marquise", 9, 3)
    put_warriors(s, "alliance", 9, 3)
    assert R.ruler(s, 9) is None
    assert not R.rules(s, "marquise", 9) and not R.rules(s, "alliance", 9)
    assert R.ruler(s, 7) is None  # empty


def test_5_2_1_lords_of_the_forest_eyrie_rules_ties():
    """5.2.1 Lords of the Forest: the Eyrie rule a clearing when tied for most warriors plus buildings."""
    s = fall_state("marquise", "eyrie")
    put_warriors(s, "marquise", 3, 2)
    put_warriors(s, "eyrie", 3, 1)
    put_building(s, "eyrie", 3, "roost")
    assert R.ruler(s, 3) == "eyrie"
    put_warriors(s, "marquise", 3, 1)  # 3 against 2: no longer a tie
    assert R.ruler(s, 3) == "marquise"


def test_5_2_1_lords_of_the_forest_three_way_tie_and_never_empty():
    """5.2.1: the Eyrie win a tie among several players, but do not rule empty clearings."""
    s = fall_state("marquise", "eyrie", ("alliance", "human"))
    for f in ("marquise", "eyrie", "alliance"):
        put_warriors(s, f, 11, 2)
    assert R.ruler(s, 11) == "eyrie"
    assert R.ruler(s, 12) is None
    assert not R.rules(s, "eyrie", 12)
    # Tokens only (a sympathy token) is still "empty" for rule.
    put_token(s, "alliance", 12, "sympathy")
    assert not R.rules(s, "eyrie", 12)
    # A tie in which the Eyrie are not among the leaders is not theirs.
    put_warriors(s, "marquise", 10, 2)
    put_warriors(s, "alliance", 10, 2)
    put_warriors(s, "eyrie", 10, 1)
    assert R.ruler(s, 10) is None


# -- LoR 4.2.1 moving -----------------------------------------------------------------------------
def test_lor_4_2_1_move_needs_rule_of_origin_or_destination():
    """LoR 4.2.1: the mover must rule the origin, the destination, or both."""
    s = fall_state("marquise", ("alliance", "human"))
    put_warriors(s, "marquise", 5, 2)
    put_warriors(s, "alliance", 5, 3)  # the Alliance rules 5
    g = make_game(s)
    assert not R.can_move(s, "marquise", 5, 1)
    assert R.move_warriors(g, "marquise", 5, 1, 2, "test") == 0
    assert s.warriors("marquise", 5) == 2 and s.warriors("marquise", 1) == 0
    assert g.log.of_kind("move") == []
    # Ruling the destination is enough.
    put_warriors(s, "marquise", 1, 1)
    assert R.move_warriors(g, "marquise", 5, 1, 2, "test") == 2
    assert s.warriors("marquise", 5) == 0 and s.warriors("marquise", 1) == 3
    # Ruling the origin is enough too (1 -> 10, 10 is empty).
    assert R.move_warriors(g, "marquise", 1, 10, 1, "test") == 1
    assert s.warriors("marquise", 10) == 1
    assert [(e.data["a"], e.data["b"], e.data["n"]) for e in g.log.of_kind("move")] == [(5, 1, 2), (1, 10, 1)]
    assert_supply_consistent(s)


def test_lor_4_2_move_needs_adjacency():
    """LoR 4.2: a move goes to an adjacent clearing, even when the mover rules both; rivers are no paths."""
    s = fall_state("marquise")
    put_warriors(s, "marquise", 1, 3)
    put_warriors(s, "marquise", 3, 1)
    g = make_game(s)
    assert not s.map.is_adjacent(1, 3)
    assert R.move_warriors(g, "marquise", 1, 3, 3, "test") == 0
    put_warriors(s, "marquise", 4, 2)
    put_warriors(s, "marquise", 7, 1)
    assert R.move_warriors(g, "marquise", 4, 7, 1, "test") == 0  # 4-7 is a river link only (LoR 2.3)
    assert s.warriors("marquise", 1) == 3 and s.warriors("marquise", 3) == 1 and s.warriors("marquise", 4) == 2


def test_lor_4_2_move_takes_at_most_the_warriors_there():
    """LoR 4.2 with 1.5.4: moving more warriors than are there moves all of them."""
    s = fall_state("eyrie")
    put_warriors(s, "eyrie", 8, 2)
    g = make_game(s)
    assert R.move_warriors(g, "eyrie", 8, 4, 5, "test") == 2
    assert s.clearings[8].warriors == {} and s.warriors("eyrie", 4) == 2


# -- 4.2.1 The Keep ------------------------------------------------------------------------------
def test_4_2_1_only_the_marquise_places_pieces_in_the_keep_clearing():
    """4.2.1 The Keep: only the Marquise can place pieces in the keep's clearing."""
    s = fall_state("marquise", "eyrie", ("alliance", "human"))
    put_token(s, "marquise", 1, "keep")
    g = make_game(s)
    assert R.place_warriors(g, "eyrie", 1, 2, "test") == 0
    assert R.place_building(g, "eyrie", 1, "roost", "test") is False
    assert R.place_token(g, "alliance", 1, "sympathy", "test") is False
    assert R.place_warriors(g, "alliance", 1, 1, "test") == 0
    assert s.clearings[1].factions_present() == {"marquise"}
    assert s.factions["eyrie"].supply == {"warrior": 20, "roost": 7}
    # The Marquise herself may.
    assert R.place_warriors(g, "marquise", 1, 2, "test") == 2
    assert R.place_building(g, "marquise", 1, "sawmill", "test") is True
    assert s.warriors("marquise", 1) == 2 and ("marquise", "sawmill") in s.clearings[1].buildings
    assert_supply_consistent(s)


def test_4_2_1_others_may_move_into_the_keep_clearing():
    """4.2.1 The Keep: pieces may be moved into the keep's clearing."""
    s = fall_state("marquise", "eyrie")
    put_token(s, "marquise", 1, "keep")
    put_warriors(s, "eyrie", 9, 3)
    g = make_game(s)
    assert R.move_warriors(g, "eyrie", 9, 1, 3, "test") == 3
    assert s.warriors("eyrie", 1) == 3
    assert R.ruler(s, 1) == "eyrie"


def test_4_2_1_a_removed_keep_leaves_the_game():
    """4.2.1: a removed keep is out of the game for good (counted in ``removed``, not supply);
    the remover scores 1 VP for it (LoR 3.2.1), and others may then place there."""
    s = fall_state("marquise", "eyrie")
    put_token(s, "marquise", 1, "keep")
    put_warriors(s, "eyrie", 1, 1)
    g = make_game(s)
    assert R.remove_piece(g, "marquise", 1, "keep", "test", by="eyrie") is True
    m = s.factions["marquise"]
    assert m.removed == {"keep": 1}
    assert m.supply["keep"] == 0
    assert keep_clearing(s) is None
    assert s.factions["eyrie"].vp == 1
    assert R.place_token(g, "marquise", 1, "keep", "test") is False  # it never comes back
    assert R.place_warriors(g, "eyrie", 1, 1, "test") == 1  # no keep, no restriction
    assert_supply_consistent(s)


# -- LoR 1.5.4 as much as possible ---------------------------------------------------------------
def test_lor_1_5_4_place_as_many_warriors_as_possible():
    """LoR 1.5.4: when the supply runs short, place as many as possible."""
    s = fall_state("eyrie")
    put_warriors(s, "eyrie", 3, 17)  # 3 left in supply
    g = make_game(s)
    assert R.place_warriors(g, "eyrie", 7, 4, "test") == 3
    assert s.warriors("eyrie", 7) == 3
    assert s.factions["eyrie"].supply["warrior"] == 0
    assert g.log.of_kind("place_warriors")[-1].data["n"] == 3
    assert R.place_warriors(g, "eyrie", 7, 4, "test") == 0
    assert s.warriors("eyrie", 7) == 3
    empty = g.log.of_kind("supply_empty")[-1]
    assert empty.rule == "test" and "(LoR 1.5.4)" in empty.text  # the step that stopped, and why
    assert_supply_consistent(s)


def test_lor_1_5_4_no_building_placed_from_an_empty_supply_or_without_a_slot():
    """LoR 1.5.4 / LoR 2.2: a building needs one in supply and a free slot."""
    s = fall_state("eyrie")
    for c in (2, 5, 7, 8, 9, 11, 12):  # 7 roosts on the map, none left
        put_building(s, "eyrie", c, "roost")
    g = make_game(s)
    assert s.factions["eyrie"].supply["roost"] == 0
    assert R.place_building(g, "eyrie", 9, "roost", "test") is False
    assert s.clearings[9].buildings_of("eyrie") == 1
    s2 = fall_state("marquise")
    put_building(s2, "marquise", 1, "sawmill")  # clearing 1 has one slot
    g2 = make_game(s2)
    assert R.place_building(g2, "marquise", 1, "workshop", "test") is False
    assert R.place_building(g2, "marquise", 6, "workshop", "test") is True  # 2 slots, 1 ruin
    assert R.place_building(g2, "marquise", 6, "workshop", "test") is False


def test_lor_1_5_4_remove_as_many_warriors_as_possible():
    """LoR 1.5.4: removing more warriors than are there removes all of them, back to supply."""
    s = fall_state("marquise")
    put_warriors(s, "marquise", 4, 2)
    g = make_game(s)
    assert R.remove_warriors(g, "marquise", 4, 5, "test", by=None) == 2
    assert s.clearings[4].warriors == {}
    assert s.factions["marquise"].supply["warrior"] == 25


# -- LoR 3.2.1 scoring for removal; LoR 3.1 victory --------------------------------------------------
def test_lor_3_2_1_removing_enemy_building_or_token_scores_one():
    """LoR 3.2.1: removing an enemy building or token scores 1 VP each."""
    s = fall_state("marquise", "eyrie", ("alliance", "human"))
    put_building(s, "marquise", 8, "sawmill")
    put_token(s, "alliance", 8, "sympathy")
    g = make_game(s, [("draw", 0)])  # the sympathy removal causes Outrage (2.8.1)
    s.deck = [0, 1, 2]
    assert R.remove_piece(g, "marquise", 8, "sawmill", "test", by="eyrie")
    assert s.factions["eyrie"].vp == 1
    assert R.remove_piece(g, "alliance", 8, "sympathy", "test", by="eyrie")
    assert s.factions["eyrie"].vp == 2
    assert [e.rule for e in g.log.of_kind("score")] == ["LoR 3.2.1", "LoR 3.2.1"]
    assert s.factions["marquise"].supply["sawmill"] == 6
    assert_supply_consistent(s)


def test_lor_3_2_1_removing_warriors_or_own_pieces_scores_nothing():
    """LoR 3.2.1: removing warriors scores nothing; neither does removing your own piece."""
    s = fall_state("marquise", "eyrie")
    put_warriors(s, "marquise", 8, 3)
    put_building(s, "eyrie", 8, "roost")
    g = make_game(s)
    assert R.remove_warriors(g, "marquise", 8, 3, "test", by="eyrie") == 3
    assert R.remove_piece(g, "eyrie", 8, "roost", "test", by="eyrie")
    assert s.factions["eyrie"].vp == 0 and s.factions["marquise"].vp == 0
    assert g.log.of_kind("score") == []


def test_lor_3_2_1_removing_a_missing_piece_does_nothing():
    """LoR 3.2.1: no piece removed, no point scored."""
    s = fall_state("marquise", "eyrie")
    g = make_game(s)
    assert R.remove_piece(g, "marquise", 8, "sawmill", "test", by="eyrie") is False
    assert s.factions["eyrie"].vp == 0


def test_lor_3_1_reaching_30_vp_ends_the_game_at_once():
    """LoR 3.1: the first player to reach 30 VP wins immediately (``score`` raises GameOver)."""
    s = fall_state("marquise", "eyrie")
    s.factions["eyrie"].vp = 28
    g = make_game(s)
    R.score(g, "eyrie", 1, "test", "for testing")
    assert s.winner is None
    with pytest.raises(GameOver):
        R.score(g, "eyrie", 2, "test", "for testing")
    assert s.winner == ["eyrie"]
    assert s.factions["eyrie"].vp == 31
    assert s.phase == "over"
    assert "30" in (s.end_reason or "")
    assert g.log.events[-1].kind == "game_over" and g.log.events[-1].rule == "LoR 3.1"


def test_lor_3_1_victory_by_removal_mid_action():
    """LoR 3.1 with 3.2.1: the point for removing a building at 29 VP ends the game at once."""
    s = fall_state("marquise", "eyrie")
    put_building(s, "marquise", 8, "sawmill")
    put_building(s, "marquise", 8, "workshop")
    s.factions["eyrie"].vp = 29
    g = make_game(s)
    with pytest.raises(GameOver):
        R.remove_piece(g, "marquise", 8, "sawmill", "test", by="eyrie")
    assert s.winner == ["eyrie"]
    assert ("marquise", "workshop") in s.clearings[8].buildings  # nothing after the win happens


# -- 1.1 bot crafting ----------------------------------------------------------------------------
def _with_order(name: str, *seats):
    s = fall_state(*(seats or ("marquise",)))
    cid = card_id(s, name)
    s.factions[s.turn_order[0]].order = cid
    return s, make_game(s)


def test_1_1_1_1_1_2_bot_crafts_order_item_from_supply_for_one_vp():
    """1.1.1: a bot crafts the order card's item with no crafting pieces, taking it from the supply;
    1.1.2: it scores exactly 1 VP although Root Tea lists 2."""
    s, g = _with_order("root_tea_fox")
    assert s.deckdef.card(s.factions["marquise"].order).vp == 2
    assert R.craft_order(g, "marquise", "4.4.2") is True
    assert s.item_supply["tea"] == 1
    assert s.factions["marquise"].items == ["tea"]
    assert s.factions["marquise"].vp == 1
    assert [e.rule for e in g.log.of_kind("score")] == ["1.1.2"]


def test_1_1_2_three_vp_item_still_scores_one():
    """1.1.2: coins (Protection Racket lists 3 VP) score the bot only 1 VP."""
    s, g = _with_order("protection_racket", "eyrie")
    assert R.craft_order(g, "eyrie", "5.4.2") is True
    assert s.factions["eyrie"].vp == 1
    assert s.item_supply["coins"] == 1


def test_1_1_1_nothing_crafted_when_the_item_is_not_in_the_supply():
    """1.1.1: the item must still be in the supply (Electric Eyrie example turn: no teapots left)."""
    s, g = _with_order("root_tea_rabbit", "eyrie")
    s.item_supply["tea"] = 0
    assert R.craft_order(g, "eyrie", "5.4.2") is False
    assert s.factions["eyrie"].items == [] and s.factions["eyrie"].vp == 0
    assert s.item_supply["tea"] == 0
    assert g.log.of_kind("craft_skipped")[0].rule == "1.1.1"


def test_1_1_3_persistent_effect_cards_are_never_crafted():
    """1.1.3: bots cannot craft cards with persistent effects (nor ambush or dominance cards)."""
    for name in ("stand_and_deliver", "tax_collector", "armorers", "scouting_party", "ambush_bird", "dominance_fox"):
        s, g = _with_order(name)
        supply = dict(s.item_supply)
        assert R.craft_order(g, "marquise", "4.4.2") is False, name
        assert s.factions["marquise"].items == [] and s.factions["marquise"].vp == 0
        assert s.item_supply == supply
        assert g.log.of_kind("craft") == []


def test_1_1_1_last_item_of_a_kind_is_crafted_once():
    """1.1.1: one hammer in the supply: the first Anvil crafts it, a second attempt finds none."""
    s, g = _with_order("anvil", "marquise", "eyrie")
    assert R.craft_order(g, "marquise", "4.4.2") is True
    s.factions["eyrie"].order = card_id(s, "anvil")
    assert R.craft_order(g, "eyrie", "5.4.2") is False
    assert s.item_supply["hammer"] == 0
    assert s.factions["marquise"].items == ["hammer"] and s.factions["eyrie"].items == []


# -- 2.7 order cards; LoR 2.1 the deck ------------------------------------------------------------
def test_2_7_reveal_order_draws_the_top_card_and_discard_order_discards_it():
    """2.7: the bot draws and reveals the top card as its order card; discarding puts it on the pile."""
    s = fall_state("marquise")
    s.deck = [5, 9, 17]  # the top card is the last one
    g = Game(s, RngChance(s.rng))
    assert R.reveal_order(g, "marquise", "4.4.1") == 17
    assert s.factions["marquise"].order == 17
    assert s.deck == [5, 9]
    ev = g.log.of_kind("order")[-1]
    assert ev.rule == "4.4.1" and ev.data["card_id"] == s.deckdef.card(17).name
    assert R.order_suit(s, "marquise") == s.deckdef.card(17).suit
    R.discard_order(g, "marquise", "4.6.2")
    assert s.factions["marquise"].order is None
    assert s.discard == [17]
    assert g.log.of_kind("discard_order")[-1].rule == "4.6.2"
    R.discard_order(g, "marquise", "4.6.2")  # nothing to discard: nothing happens
    assert s.discard == [17]


def test_lor_3_3_3_discarded_dominance_order_card_becomes_available_not_discarded():
    """LoR 3.3.3 with 2.7: a bot's dominance order card, when discarded, goes beside the map."""
    s = fall_state("marquise", "eyrie")
    dom = card_id(s, "dominance_fox")
    s.factions["marquise"].order = dom
    g = make_game(s)
    R.discard_order(g, "marquise", "4.6.2")
    assert dom not in s.discard
    assert s.available_dominance == [dom]
    assert dom in s.all_cards_accounted()
    # Issue 31 part 4: told once, by the discard of the order card, and not as "discards".
    (told,) = g.log.of_kind("discard_order")
    assert "beside the map" in told.text and "LoR 3.3.3" in told.text and "discards" not in told.text
    assert not g.log.of_kind("dominance_available")


def test_2_7_birds_are_wild_for_ordered_clearings():
    """2.7 'ordered' with LoR 2.1.1: a bird order matches every clearing; others match their suit."""
    assert R.matches("bird", "fox") and R.matches("bird", "mouse")
    assert R.matches("fox", "fox") and not R.matches("fox", "rabbit")


def test_lor_2_1_empty_deck_reshuffles_the_discard_pile():
    """LoR 2.1: when the deck is empty, the discard pile is shuffled into a new deck at once."""
    s = fall_state("marquise")
    s.deck = []
    s.discard = [3, 4, 5, 6]
    g = Game(s, RngChance(s.rng))
    card = R.draw_card(g, "marquise")
    assert card in {3, 4, 5, 6}
    assert s.discard == []
    assert sorted(s.deck + [card]) == [3, 4, 5, 6]
    ev = g.log.of_kind("reshuffle")
    assert len(ev) == 1 and ev[0].rule == "LoR 2.1" and ev[0].data["n"] == 4


def test_lor_2_1_reveal_order_reshuffles_when_the_deck_is_empty():
    """LoR 2.1 with 2.7: a bot revealing an order from an empty deck gets a card of the old discard pile."""
    s = fall_state("eyrie")
    s.deck = []
    s.discard = [10, 20]
    g = make_game(s, [("draw", 20)])
    assert R.reveal_order(g, "eyrie", "5.4.1") == 20
    assert s.deck == [10] and s.discard == []


def test_lor_2_1_no_card_anywhere_is_an_engine_failure():
    """LoR 2.1: with deck and discard pile both empty, drawing is impossible and never silent."""
    s = fall_state("marquise")
    g = make_game(s)
    with pytest.raises(EngineFailure):
        R.draw_card(g, "marquise")


# -- 2.8.1 Poor Manual Dexterity and the human Alliance's Outrage -----------------------------------
def _outrage_position():
    s = fall_state("eyrie", ("alliance", "human"))
    put_token(s, "alliance", 4, "sympathy")
    put_warriors(s, "eyrie", 8, 3)
    s.deck = [30, 31, 32]
    return s


def test_2_8_1_bot_moving_into_sympathy_makes_the_alliance_draw_a_supporter():
    """2.8.1 with LoR 8.2.6: a bot has no hand, so when it moves into a sympathetic clearing
    the human Alliance draws a card into its Supporters."""
    s = _outrage_position()
    g = make_game(s, [("draw", 31)])
    assert R.move_warriors(g, "eyrie", 8, 4, 3, "test") == 3
    assert s.factions["alliance"].board.supporters == [31]
    assert s.deck == [30, 32]
    out = g.log.of_kind("outrage")
    assert len(out) == 1 and out[0].rule == "2.8.1" and out[0].data == {"c": 4, "culprit": "eyrie"}
    assert s.factions["eyrie"].vp == 0 and s.factions["alliance"].vp == 0


def test_2_8_1_bot_moving_into_unsympathetic_clearing_causes_no_outrage():
    """LoR 8.2.6: no sympathy token there, no Outrage."""
    s = _outrage_position()
    g = make_game(s)  # any draw would exhaust the script
    assert R.move_warriors(g, "eyrie", 8, 7, 2, "test") == 2
    assert s.factions["alliance"].board.supporters == []
    assert g.log.of_kind("outrage") == []


def test_2_8_1_bot_removing_sympathy_makes_the_alliance_draw_a_supporter():
    """2.8.1 with LoR 8.2.6: a bot removing a sympathy token causes Outrage (the Alliance draws),
    and scores 1 VP for the token (LoR 3.2.1), as in the Electric Eyrie example turn."""
    s = _outrage_position()
    g = make_game(s, [("draw", 30)])
    assert R.remove_piece(g, "alliance", 4, "sympathy", "test", by="eyrie")
    assert s.factions["alliance"].board.supporters == [30]
    assert s.factions["eyrie"].vp == 1
    assert g.log.of_kind("outrage")[0].rule == "2.8.1"
    assert s.factions["alliance"].supply["sympathy"] == 10


def test_2_8_1_card_given_to_a_bot_is_discarded_and_the_bot_scores_one():
    """2.8.1 Poor Manual Dexterity: a card a human would give to a bot is discarded, and the bot
    scores one victory point."""
    give = getattr(R, "give_card_to_bot", None)
    if give is None:
        pytest.skip("the engine has no give_card_to_bot yet")
    s = fall_state(("marquise", "human"), "eyrie")
    cid = card_id(s, "anvil")
    s.factions["marquise"].hand = [cid, 3]
    g = make_game(s)
    give(g, "marquise", "eyrie", cid, "test")
    assert s.factions["marquise"].hand == [3]
    assert s.discard == [cid]
    assert s.factions["eyrie"].vp == 1
    assert s.factions["eyrie"].hand == []
    assert "2.8.1" in [e.rule for e in g.log.of_kind("score")]


def test_lor_8_2_6_human_culprit_gives_a_matching_card():
    """LoR 8.2.6: a human moving into a sympathetic clearing gives a matching card from hand;
    with none, the Alliance draws instead."""
    s = fall_state(("marquise", "human"), ("alliance", "human"))
    put_token(s, "alliance", 8, "sympathy")  # fox clearing
    put_token(s, "alliance", 9, "sympathy")  # mouse clearing
    put_warriors(s, "marquise", 4, 4)
    fox_card = card_id(s, "anvil")
    rabbit_card = card_id(s, "bake_sale")
    s.factions["marquise"].hand = [rabbit_card, fox_card]
    s.deck = [40, 41]
    g = make_game(s, [("draw", 41)], controllers={"marquise": ScriptedHuman(), "alliance": ScriptedHuman()})
    R.move_warriors(g, "marquise", 4, 8, 1, "test")
    assert s.factions["alliance"].board.supporters == [fox_card]
    assert s.factions["marquise"].hand == [rabbit_card]
    R.move_warriors(g, "marquise", 4, 9, 1, "test")  # no mouse or bird card in hand
    assert s.factions["alliance"].board.supporters == [fox_card, 41]
    assert s.factions["marquise"].hand == [rabbit_card]


def test_lor_8_2_3_supporters_capped_at_five_without_bases():
    """LoR 8.2.3: with no bases on the map, Outrage cannot push the Supporters past five cards."""
    s = _outrage_position()
    s.factions["alliance"].board.supporters = [1, 2, 3, 4, 5]
    g = make_game(s, [("draw", 31)])
    R.move_warriors(g, "eyrie", 8, 4, 3, "test")
    assert len(s.factions["alliance"].board.supporters) == 5
    assert 31 in s.discard
