"""The Law of Root's general rules for seats played by legal moves (LoR 2-4): cards, crafting,
dominance, battle with ambushes and battle cards, and the shared deck's persistent effects."""

from __future__ import annotations

import pytest

from rootbotics.core import invariants
from rootbotics.core.battle import battle
from rootbotics.core.cards import load_deck
from rootbotics.core.context import GameOver
from rootbotics.core.lor import crafting, dominance, effects
from rootbotics.core.lor.cards import discard_down, matching
from rootbotics.factions.marquise import lor as M

from helpers import game, position
from tests.lor.scripted import kinds, seat
from tests.lor.test_marquise import camp

ID = load_deck().by_name.__getitem__


def test_lor_2_1_1_a_bird_card_matches_every_suit() -> None:
    s = camp(hand=("armorers", "anvil", "crossbow_mouse"))
    assert matching(s, "marquise", "mouse") == [ID("armorers"), ID("crossbow_mouse")]
    assert matching(s, "marquise", "fox") == [ID("armorers"), ID("anvil")]


def test_lor_4_1_1_crafting_pieces_pay_by_suit_and_any() -> None:
    assert crafting.can_pay(("fox", "fox"), {"fox": 2})
    assert not crafting.can_pay(("fox", "fox"), {"fox": 1, "mouse": 3})
    assert crafting.can_pay(("any", "any", "any", "any"), {"fox": 1, "mouse": 2, "rabbit": 1})
    assert not crafting.can_pay(("fox", "any"), {"fox": 1})


def test_lor_2_1_2_and_2_1_3_ambush_and_dominance_cards_cannot_be_crafted() -> None:
    s = camp(hand=("ambush_mouse", "dominance_mouse", "mouse_in_a_sack"))
    assert crafting.craftable(s, "marquise", {"mouse": 3}) == [ID("mouse_in_a_sack")]


def test_lor_4_1_2_an_item_not_in_the_supply_cannot_be_crafted() -> None:
    s = camp(hand=("mouse_in_a_sack",))
    s.item_supply["bag"] = 0
    assert crafting.craftable(s, "marquise", {"mouse": 1}) == []


def test_lor_4_1_4_no_duplicate_persistent_effect() -> None:
    s = camp(hand=("armorers#2",), play_area=["armorers"])
    assert crafting.craftable(s, "marquise", {"fox": 1}) == []


def test_lor_4_1_2_and_3_2_2_crafting_an_item_takes_it_and_scores_the_card() -> None:
    """The workshop in mouse 2 crafts Mouse-in-a-Sack (mouse): the bag goes to the Crafted Items
    box and the card's 1 VP is scored; the card is discarded."""
    ctl, _ = seat([("daylight.craft", "craft", (ID("mouse_in_a_sack"),)), ("daylight.action", "done", ())])
    g = game(camp(hand=("mouse_in_a_sack",)), marquise=ctl)
    M.daylight(g)
    fs = g.state.factions["marquise"]
    assert fs.items == ["bag"] and fs.vp == 1 and ID("mouse_in_a_sack") in g.state.discard
    invariants.check(g.state)


def test_lor_4_1_3_a_persistent_effect_goes_to_the_play_area() -> None:
    s = camp(hand=("codebreakers",))
    ctl, _ = seat([("daylight.craft", "craft", (ID("codebreakers"),)), ("daylight.action", "done", ())])
    g = game(s, marquise=ctl)
    M.daylight(g)
    assert s.factions["marquise"].play_area == [ID("codebreakers")]
    invariants.check(s)


def test_lor_4_1_2_a_favor_removes_every_enemy_piece_in_its_suit() -> None:
    """Favor of the Mice, crafted with three mouse workshops: the Eyrie warriors in mouse 7 and
    9 go; the Marquise scores nothing for warriors."""
    s = camp(hand=("favor_of_the_mice",))
    s.clearings[7].warriors["eyrie"] = 2
    s.clearings[9].warriors["eyrie"] = 1
    s.factions["eyrie"].supply["warrior"] -= 3
    g = game(s, marquise=seat([])[0])
    crafting.craft(g, "marquise", ID("favor_of_the_mice"), {"mouse": 3}, "LoR 6.5")
    assert not s.clearings[7].warriors.get("eyrie") and not s.clearings[9].warriors.get("eyrie")
    assert ID("favor_of_the_mice") in s.discard
    invariants.check(s)


def test_lor_3_3_1_activate_at_ten_vp_then_score_no_more() -> None:
    s = camp(hand=("dominance_rabbit",), vp=10)
    s.removed_cards.clear()
    assert [m.kind for m in dominance.dominance_moves(s, "marquise")] == ["activate_dominance"]
    g = game(s, marquise=seat([])[0])
    dominance.activate(g, "marquise", ID("dominance_rabbit"))
    from rootbotics.core.rules import score

    score(g, "marquise", 3, "test", "for nothing")
    assert s.factions["marquise"].vp == 10 and s.factions["marquise"].dominance == ID("dominance_rabbit")
    invariants.check(s)


def test_lor_3_3_1_below_ten_vp_no_activation() -> None:
    s = camp(hand=("dominance_rabbit",), vp=9)
    assert dominance.dominance_moves(s, "marquise") == []


def test_lor_3_3_1_1_three_ruled_clearings_of_the_suit_win_at_the_start_of_birdsong() -> None:
    s = camp(dominance="dominance_rabbit")
    s.clearings[3].warriors["marquise"] = 1  # 3, 5 and 10 are rabbit; the Eyrie rule 10
    g = game(s, marquise=seat([])[0])
    assert not dominance.dominance_won(s, "marquise")
    s.clearings[10].warriors["marquise"] = 4
    assert dominance.dominance_won(s, "marquise")
    with pytest.raises(GameOver):
        dominance.check_dominance_victory(g, "marquise")
    assert s.winner == ["marquise"]


def test_lor_3_3_4_take_an_available_dominance_card_by_spending_a_matching_card() -> None:
    s = camp(hand=("anvil",))
    s.deck.remove(ID("dominance_fox"))
    s.available_dominance.append(ID("dominance_fox"))
    ctl, _ = seat([("dominance.pay", "card", (ID("anvil"),))])
    g = game(s, marquise=ctl)
    assert [m.kind for m in dominance.dominance_moves(s, "marquise")] == ["take_dominance"]
    dominance.take(g, "marquise", ID("dominance_fox"))
    assert s.factions["marquise"].hand == [ID("dominance_fox")] and ID("anvil") in s.discard
    invariants.check(s)


def two_humans(hand_m: tuple[str, ...], hand_e: tuple[str, ...]) -> object:
    """A human Marquise (3 warriors) and a human Eyrie (3 warriors and a roost) in mouse 7."""
    return position(
        {7: {"warriors": {"marquise": 3, "eyrie": 3}, "buildings": [["eyrie", "roost"]]}},
        humans=("marquise", "eyrie"),
        marquise={"hand": list(hand_m)},
        eyrie={"hand": list(hand_e)},
    )


def test_lor_4_3_1_2_the_defender_ambushes_for_two_hits() -> None:
    s = two_humans((), ("ambush_mouse",))
    eyrie, _ = seat([("battle.ambush", "card", (ID("ambush_mouse"),))], then=lambda d: d.moves[0])
    g = game(s, [("roll", (0, 0))], marquise=seat([], then=lambda d: d.moves[0])[0], eyrie=eyrie)
    battle(g, "marquise", "eyrie", 7, "test")
    assert s.clearings[7].warriors["marquise"] == 1
    assert ID("ambush_mouse") in s.discard
    invariants.check(s)


def test_lor_4_3_1_1_the_attacker_foils_the_ambush() -> None:
    s = two_humans(("ambush_bird",), ("ambush_mouse",))
    eyrie, _ = seat([("battle.ambush", "card", (ID("ambush_mouse"),))], then=lambda d: d.moves[0])
    marquise, _ = seat([("battle.foil", "card", (ID("ambush_bird"),))], then=lambda d: d.moves[0])
    g = game(s, [("roll", (0, 0))], marquise=marquise, eyrie=eyrie)
    battle(g, "marquise", "eyrie", 7, "test")
    assert s.clearings[7].warriors["marquise"] == 3
    assert {ID("ambush_mouse"), ID("ambush_bird")} <= set(s.discard)
    invariants.check(s)


def test_2_8_2_no_ambush_against_a_bot() -> None:
    s = position({7: {"warriors": {"marquise": 3, "eyrie": 3}}}, humans=("marquise",), marquise={"hand": ["ambush_mouse"]})
    g = game(s, [("roll", (1, 1))], marquise=seat([])[0])
    battle(g, "eyrie", "marquise", 7, "test")  # the Marquise is never asked (the script would fail)
    assert ID("ambush_mouse") in s.factions["marquise"].hand


def test_lor_4_3_4_armorers_ignores_the_rolled_hits_taken() -> None:
    s = two_humans((), ())
    s.factions["marquise"].play_area.append(ID("armorers"))
    s.deck.remove(ID("armorers"))
    marquise, _ = seat([("battle.armorers", "yes", ()), ("battle.brutal_tactics", "no", ())], then=lambda d: d.moves[0])
    g = game(s, [("roll", (3, 2))], marquise=marquise, eyrie=seat([], then=lambda d: d.moves[0])[0])
    battle(g, "marquise", "eyrie", 7, "test")
    assert s.clearings[7].warriors["marquise"] == 3  # the Eyrie's 2 rolled hits are ignored
    assert s.clearings[7].warriors.get("eyrie", 0) == 0
    assert ID("armorers") in s.discard
    invariants.check(s)


def test_lor_4_3_4_sappers_and_brutal_tactics() -> None:
    s = two_humans((), ())
    for f, card in (("eyrie", "sappers"), ("marquise", "brutal_tactics")):
        s.factions[f].play_area.append(ID(card))
        s.deck.remove(ID(card))
    marquise, _ = seat([("battle.brutal_tactics", "yes", ())])
    eyrie, _ = seat([("battle.sappers", "yes", ())], then=lambda d: d.moves[0])
    g = game(s, [("roll", (1, 1))], marquise=marquise, eyrie=eyrie)
    battle(g, "marquise", "eyrie", 7, "test")
    assert s.clearings[7].warriors["marquise"] == 1  # 1 rolled + 1 Sappers
    assert s.clearings[7].warriors["eyrie"] == 1  # 1 rolled + 1 Brutal Tactics
    assert s.factions["eyrie"].vp == 1  # Brutal Tactics gives the defender a VP
    invariants.check(s)


def test_lor_6_6_discard_down_to_five_asks_one_card_at_a_time() -> None:
    s = camp(hand=("anvil", "armorers", "sappers", "cobbler", "codebreakers", "bake_sale", "investments"))
    ctl, script = seat([], then=lambda d: d.moves[-1])
    g = game(s, marquise=ctl)
    discard_down(g, "marquise", "LoR 6.6")
    assert len(s.factions["marquise"].hand) == 5 and len(script.asked) == 2


def test_card_tax_collector_removes_a_warrior_to_draw() -> None:
    s = camp(play_area=["tax_collector"])
    used: set[str] = set()
    moves = effects.daylight_moves(s, "marquise", used)
    assert sorted(m.args[0] for m in moves) == [2, 5, 6, 10]
    g = game(s, marquise=seat([])[0])
    effects.apply_daylight_move(g, "marquise", moves[0], used)
    assert s.clearings[2].warriors["marquise"] == 1 and len(s.factions["marquise"].hand) == 3
    assert effects.daylight_moves(s, "marquise", used) == []  # once in Daylight


def test_card_royal_claim_scores_a_vp_per_ruled_clearing() -> None:
    s = camp(play_area=["royal_claim"])
    ctl, _ = seat([("birdsong.cards", "royal_claim", None), ("birdsong.cards", "done", ())])
    g = game(s, marquise=ctl)
    effects.birdsong_cards(g, "marquise")
    assert s.factions["marquise"].vp == 3 and ID("royal_claim") in s.discard


def test_card_stand_and_deliver_from_a_bot_draws_instead() -> None:
    """A bot has no hand (2.8.1): the thief draws a card, and the bot still scores its VP."""
    s = camp(play_area=["stand_and_deliver"])
    ctl, _ = seat([("birdsong.cards", "stand_and_deliver", ("eyrie",))])
    g = game(s, marquise=ctl)
    effects.birdsong_cards(g, "marquise")
    assert len(s.factions["marquise"].hand) == 3 and s.factions["eyrie"].vp == 1


def test_card_better_burrow_bank_with_only_bots_draws_alone() -> None:
    s = camp(play_area=["better_burrow_bank"])
    g = game(s, marquise=seat([])[0])
    effects.birdsong_start(g, "marquise")
    assert len(s.factions["marquise"].hand) == 3


def test_card_cobbler_offers_a_move_at_the_start_of_evening() -> None:
    s = camp(play_area=["cobbler"])
    ctl, script = seat([("cobbler.from", "from", (6,)), ("cobbler.to", "to", (2,)), ("cobbler.count", "count", (1,))])
    g = game(s, marquise=ctl)
    effects.evening_start(g, "marquise")
    assert s.clearings[2].warriors["marquise"] == 3
    assert "done" in kinds(script.moves_at("cobbler.from"))


def test_card_command_warren_offers_a_battle_at_the_start_of_daylight() -> None:
    s = camp(play_area=["command_warren"])
    ctl, script = seat([("command_warren.clearing", "done", ())])
    g = game(s, marquise=ctl)
    effects.daylight_start(g, "marquise")
    assert [m.args for m in script.moves_at("command_warren.clearing") if m.kind == "clearing"] == [(10,)]


def test_lor_3_3_1_2_bird_dominance_two_ruled_opposite_corners() -> None:
    """Fall's corners 1 and 3 are diagonally opposite (as are 2 and 4)."""
    s = camp(dominance="dominance_bird")
    assert not dominance.dominance_won(s, "marquise")  # it rules 2, 5 and 6: no corner pair
    s.clearings[4].warriors["marquise"] = 1
    s.factions["marquise"].supply["warrior"] -= 1
    assert dominance.dominance_won(s, "marquise")  # 2 and 4


def test_lor_2_1_1_2_an_available_bird_dominance_is_taken_only_with_a_bird_card() -> None:
    s = camp(hand=("anvil", "armorers"))
    s.deck.remove(ID("dominance_bird"))
    s.available_dominance.append(ID("dominance_bird"))
    assert dominance.payers(s, "marquise", ID("dominance_bird")) == [ID("armorers")]


def test_lor_2_1_1_1_a_bird_card_must_serve_as_the_prompted_suit() -> None:
    """Outrage asks for a card matching the clearing: with only a bird card in hand, the bird is
    offered (and must be given); a mouse card alone is not offered for a fox clearing."""
    from rootbotics.programs import ProgramController

    s = camp(hand=("armorers", "crossbow_mouse"))
    ctl, script = seat([], then=lambda d: d.moves[0])
    g = game(s, marquise=ctl)
    assert ctl.outrage_card(g, "marquise", 6) == ID("armorers")  # 6 is fox
    assert [m.args for m in script.moves_at("outrage.card")] == [(ID("armorers"),)]
    assert isinstance(ctl, ProgramController)


def test_lor_4_3_6_the_side_taking_hits_picks_its_buildings_and_tokens() -> None:
    """The Eyrie bot deals three hits in 5 (two Marquise warriors, a recruiter, two wood): the
    warriors go first (forced), then the Marquise picks the last piece among the recruiter and
    wood."""
    s = camp()
    s.clearings[5].warriors["eyrie"] = 3
    s.factions["eyrie"].supply["warrior"] -= 3
    ctl, script = seat([("hits.piece", "piece", ("wood",)), ("field_hospitals.card", "no", ())])
    g = game(s, [("roll", (3, 0))], marquise=ctl)
    battle(g, "eyrie", "marquise", 5, "test")
    assert [m.args for m in script.moves_at("hits.piece")] == [("recruiter",), ("wood",)]
    assert ("marquise", "recruiter") in s.clearings[5].buildings
    assert s.clearings[5].tokens.count(("marquise", "wood")) == 1
    invariants.check(s)


def test_lor_1_1_3_the_seat_taking_its_turn_orders_effects_of_the_same_moment() -> None:
    """Charm Offensive and Cobbler both act at the start of Evening (an Exiles and Partisans game):
    the Marquise is asked which first; with one of them only, she is not asked."""
    s = camp(play_area=["cobbler"])
    ctl, script = seat([("cobbler.from", "done", ())])
    effects.evening_start(game(s, marquise=ctl), "marquise")
    assert [d.step for d in script.asked] == ["cobbler.from"]
    both = effects.in_chosen_order
    order: list[str] = []
    s = camp(play_area=["cobbler", "codebreakers"])
    ctl, script = seat([("evening.start", "effect", ("codebreakers",))])
    g = game(s, marquise=ctl)
    both(g, "marquise", "evening.start", [("cobbler", lambda g, f: order.append("cobbler")), ("codebreakers", lambda g, f: order.append("codebreakers"))])
    assert [m.args for m in script.moves_at("evening.start")] == [("cobbler",), ("codebreakers",)]
    assert order == ["codebreakers", "cobbler"]


def test_lor_1_5_5_1_a_forced_side_makes_its_own_choices_in_the_battle() -> None:
    """A human Vagrant instigates the Eyrie bot's battle against a human Marquise in 5 (three
    hits): she still picks which of her pieces goes after her warriors, and the Vagrant scores
    for it (LoR 26.4.2); the Vagabot's own Instigate removes for both sides instead (7.7.4)."""
    s = position(
        {5: {"warriors": {"marquise": 2, "eyrie": 3}, "buildings": [["marquise", "recruiter"]], "tokens": [["marquise", "wood"], ["marquise", "wood"]]},
         2: {"tokens": [["marquise", "keep"]]}},
        seats=("marquise", "eyrie", "vagabot"), humans=("marquise", "vagabot"), marquise={"hand": []},
    )
    ctl, script = seat([("hits.piece", "piece", ("recruiter",))])
    g = game(s, [("roll", (3, 0))], marquise=ctl)
    battle(g, "eyrie", "marquise", 5, "LoR 26.4.2", instigator="vagabot")
    assert [m.args for m in script.moves_at("hits.piece")] == [("recruiter",), ("wood",)]
    assert ("marquise", "recruiter") not in s.clearings[5].buildings
    assert s.factions["vagabot"].vp == 1 and s.factions["eyrie"].vp == 0
