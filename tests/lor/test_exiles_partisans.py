"""The Exiles and Partisans deck (LoR 19.2): the deck as a game option, and each card's effect
for a seat played by legal moves, at its time in the turn (issue 26)."""

from __future__ import annotations

import pytest

from rootbotics.core import invariants, serial
from rootbotics.core.battle import battle
from rootbotics.core.cards import DECK_SIZE, load_deck
from rootbotics.core.fields import StateError
from rootbotics.core.lor import crafting, effects
from rootbotics.core.lor.cards import card_label, card_moves, draw_and_discard
from rootbotics.core.lor.moving import destinations
from rootbotics.core.rules import craft_order, ruled_clearings, ruler
from rootbotics.game import ConfigError, GameConfig, Seat, new_game, play

from helpers import game, position, set_order
from tests.lor.scripted import kinds, seat

EP = {"deck": "exiles-partisans"}
DECK = load_deck("exiles-partisans")
ID = DECK.by_name.__getitem__


def ep(clearings: dict, humans: tuple[str, ...] = ("marquise",), seats: tuple[str, ...] = ("marquise", "eyrie"), **factions) -> object:
    """A Fall position played with the Exiles and Partisans deck."""
    return position(clearings, seats=seats, humans=humans, options=EP, **factions)


def mine(hand: tuple[str, ...] = (), play_area: tuple[str, ...] = (), **clearings_extra) -> object:
    """The Marquise (human) rules 2 (mouse) and 5 (rabbit) with two warriors each; three Eyrie
    warriors (a bot) in 10 (rabbit)."""
    clearings = {2: {"warriors": {"marquise": 2}}, 5: {"warriors": {"marquise": 2}}, 10: {"warriors": {"eyrie": 3}}}
    clearings.update(clearings_extra.pop("clearings", {}))
    return ep(clearings, marquise={"hand": list(hand), "play_area": list(play_area)})


# -- the deck as an option ----------------------------------------------------------------------
def test_lor_19_2_the_deck_has_54_cards_with_the_base_suit_split() -> None:
    suits = [c.suit for c in DECK.cards]
    assert len(DECK.cards) == DECK_SIZE
    assert (suits.count("bird"), suits.count("fox"), suits.count("rabbit"), suits.count("mouse")) == (14, 14, 13, 13)
    assert sum(c.kind == "ambush" for c in DECK.cards) == 5 and sum(c.kind == "dominance" for c in DECK.cards) == 4
    assert sum(c.kind == "item" for c in DECK.cards) == 20 and sum(c.kind == "effect" for c in DECK.cards) == 25
    assert not any(c.name.startswith("favor_of") for c in DECK.cards)  # E&P has no Favors


def test_lor_19_2_the_cards_both_decks_share_keep_their_ids() -> None:
    base = load_deck()
    for card in DECK.cards:
        if card.kind != "effect":
            assert base.by_name[card.name] == card.id


def test_lor_19_2_card_moves_and_events_name_the_games_own_deck() -> None:
    """The two decks number their effect cards differently (card 7: the base deck's Armorers,
    E&P's Saboteurs): a card move's words and a card's event come from the game's deck."""
    state = mine(hand=("saboteurs", "crossbow_bird"))
    cid = DECK.by_name["saboteurs"]
    assert load_deck().cards[cid].title != "Saboteurs"  # the base deck has another card there
    moves = card_moves(state, state.factions["marquise"].hand, "LoR 4.1")
    assert [m.text() for m in moves] == ["Saboteurs (bird) (LoR 4.1)", "Crossbow (bird) (LoR 4.1)"]
    assert card_label(cid, state) == "Saboteurs (bird)"


def test_lor_19_2_a_bad_deck_option_is_one_line_naming_the_field() -> None:
    with pytest.raises(ConfigError, match=r"^options\.deck: 'ep' is not a shared deck"):
        GameConfig([Seat("marquise"), Seat("eyrie")], "fall", 1, options={"deck": "ep"}).validate()
    data = serial.to_json(mine())
    data["options"]["deck"] = 7
    with pytest.raises(StateError, match="options.deck"):
        serial.from_json(data)


def test_lor_19_2_the_deck_is_saved_and_read_back_with_its_cards() -> None:
    s = mine(hand=("saboteurs", "anvil"), play_area=("tunnels",))
    back = serial.loads(serial.dumps(s))
    assert back.deckdef.exiles and back.options["deck"] == "exiles-partisans"
    assert back.factions["marquise"].hand == [ID("saboteurs"), ID("anvil")]
    assert back.factions["marquise"].play_area == [ID("tunnels")]


def test_lor_19_2_bots_play_a_whole_game_with_the_exiles_deck() -> None:
    """The bots use order cards by suit and item: they need nothing of the deck's effect cards."""
    g = new_game(GameConfig([Seat("marquise"), Seat("eyrie"), Seat("alliance"), Seat("vagabot")], "winter", 5, options=EP))
    g.log.listeners.append(lambda e: invariants.check(g.state))
    play(g)
    assert g.state.winner and g.state.deckdef.exiles


@pytest.mark.parametrize("map_name", ["fall", "winter", "lake", "mountain"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_programs_with_the_exiles_deck_beside_bots_keep_every_invariant(map_name: str, seed: int) -> None:
    humans = ("marquise", "alliance", "vagabot") if seed == 3 else ("marquise", "alliance")
    seats = [Seat(f, "human") for f in humans] + [Seat(f) for f in ("eyrie", "vagabot", "alliance", "marquise") if f not in humans][: 4 - len(humans)]
    options = {**EP, "programs": {f: "random" for f in humans}}
    g = new_game(GameConfig(seats, map_name, seed, options=options))
    g.log.listeners.append(lambda e: invariants.check(g.state))
    play(g)
    assert g.state.winner
    held = sum(len(fs.hand) + len(fs.play_area) + (fs.order is not None) + (fs.dominance is not None) for fs in g.state.factions.values())
    s = g.state
    assert held + len(s.deck) + len(s.discard) + len(s.removed_cards) + len(s.available_dominance) <= DECK_SIZE  # the rest on faction boards


# -- the start of Birdsong --------------------------------------------------------------------------
def test_ep_saboteurs_discards_itself_and_an_enemys_crafted_card() -> None:
    """Perft: the one enemy card (Tunnels in the human Eyrie's play area) and done: 2 moves."""
    s = ep({2: {"warriors": {"marquise": 1}}}, humans=("marquise", "eyrie"), marquise={"play_area": ["saboteurs"]}, eyrie={"play_area": ["tunnels"]})
    ctl, script = seat([("birdsong.saboteurs", "saboteurs", ("eyrie", ID("tunnels")))])
    g = game(s, marquise=ctl)
    effects.birdsong_start(g, "marquise")
    assert len(script.moves_at("birdsong.saboteurs")) == 2
    assert s.factions["marquise"].play_area == [] and s.factions["eyrie"].play_area == []
    assert ID("saboteurs") in s.discard and ID("tunnels") in s.discard
    invariants.check(s)


# -- Birdsong -----------------------------------------------------------------------------------------
def test_ep_false_orders_moves_half_an_enemys_warriors_rounded_up_ignoring_rule() -> None:
    """Three Eyrie warriors in 10, where the Marquise rules (4 warriors): two go to 1, which
    nobody rules; the Eyrie rule neither clearing, and False Orders ignores rule."""
    s = ep({10: {"warriors": {"marquise": 4, "eyrie": 3}}}, marquise={"play_area": ["false_orders"]})
    ctl, _ = seat([("birdsong.cards", "false_orders", ("eyrie", 10)), ("false_orders.to", "to", (1,))])
    g = game(s, marquise=ctl)
    effects.birdsong_cards(g, "marquise")
    assert s.clearings[10].warriors["eyrie"] == 1 and s.clearings[1].warriors["eyrie"] == 2
    assert ID("false_orders") in s.discard and s.factions["marquise"].play_area == []
    invariants.check(s)


def test_ep_swap_meet_with_a_human_takes_a_random_card_and_gives_one() -> None:
    s = ep({2: {"warriors": {"marquise": 1}}}, humans=("marquise", "eyrie"), marquise={"hand": ["anvil"], "play_area": ["swap_meet"]}, eyrie={"hand": ["bake_sale"]})
    ctl, script = seat([("birdsong.cards", "swap_meet", ("eyrie",)), ("swap_meet.give", "card", (ID("anvil"),))])
    g = game(s, marquise=ctl)
    effects.birdsong_cards(g, "marquise")
    assert s.factions["marquise"].hand == [ID("bake_sale")] and s.factions["eyrie"].hand == [ID("anvil")]
    assert "swap_meet" not in kinds(script.asked[-1].moves)  # once in Birdsong
    invariants.check(s)


def test_ep_swap_meet_with_a_bot_draws_and_the_gift_is_discarded_for_a_vp() -> None:
    """Law of Robotics 2.8.1: a bot has no hand; taking from it is a draw, giving it a card
    discards the card and the bot scores one VP (ruling R-EP-BOTS)."""
    s = mine(hand=("anvil",), play_area=("swap_meet",))
    ctl, _ = seat([("birdsong.cards", "swap_meet", ("eyrie",)), ("swap_meet.give", "card", (ID("anvil"),))])
    g = game(s, marquise=ctl)
    effects.birdsong_cards(g, "marquise")
    assert len(s.factions["marquise"].hand) == 1 and ID("anvil") in s.discard
    assert s.factions["eyrie"].vp == 1 and s.factions["eyrie"].hand == []
    invariants.check(s)


# -- the end of Birdsong ------------------------------------------------------------------------------
def test_ep_eyrie_emigre_moves_then_battles_where_it_moved() -> None:
    s = mine(play_area=("eyrie_emigre",), clearings={6: {"warriors": {"eyrie": 1}}})
    ctl, script = seat([
        ("eyrie_emigre.from", "from", (2,)), ("eyrie_emigre.to", "to", (6,)), ("eyrie_emigre.count", "count", (2,)),
        ("eyrie_emigre.clearing", "clearing", (6,)), ("eyrie_emigre.defender", "defender", ("eyrie",)),
    ], then=lambda d: d.moves[0])
    g = game(s, [("roll", (2, 0))], marquise=ctl)
    effects.daylight_start(g, "marquise")
    assert "done" not in kinds(script.moves_at("eyrie_emigre.from"))  # the card makes the move
    assert s.clearings[6].warriors.get("eyrie", 0) == 0 and s.clearings[6].warriors["marquise"] == 2
    assert s.factions["marquise"].play_area == [ID("eyrie_emigre")]
    invariants.check(s)


def test_ep_eyrie_emigre_without_a_battle_is_discarded() -> None:
    s = mine(play_area=("eyrie_emigre",))
    ctl, _ = seat([("eyrie_emigre.from", "from", (2,)), ("eyrie_emigre.to", "to", (6,)), ("eyrie_emigre.count", "count", (1,))])
    g = game(s, marquise=ctl)
    effects.daylight_start(g, "marquise")
    assert s.factions["marquise"].play_area == [] and ID("eyrie_emigre") in s.discard
    invariants.check(s)


# -- Daylight -----------------------------------------------------------------------------------------
def test_ep_propaganda_bureau_swaps_an_enemy_warrior_for_one_of_the_seats() -> None:
    """Perft: the Eyrie stand only in rabbit 10, and the hand holds a rabbit card: one move."""
    s = mine(hand=("bake_sale",), play_area=("propaganda_bureau",))
    used: set[str] = set()
    moves = [m for m in effects.daylight_moves(s, "marquise", used) if m.kind == "propaganda_bureau"]
    assert [m.args for m in moves] == [(10,)]
    ctl, _ = seat([("propaganda_bureau.card", "card", (ID("bake_sale"),))])
    g = game(s, marquise=ctl)
    effects.apply_daylight_move(g, "marquise", moves[0], used)
    assert s.clearings[10].warriors == {"eyrie": 2, "marquise": 1}
    assert ID("bake_sale") in s.discard and not [m for m in effects.daylight_moves(s, "marquise", used) if m.kind == "propaganda_bureau"]
    invariants.check(s)


def test_ep_league_of_adventurous_mice_exhausts_an_item_for_a_move() -> None:
    s = mine(play_area=("league_of_adventurous_mice",), clearings={5: {"warriors": {"marquise": 2, "eyrie": 1}}})
    assert [m for m in effects.daylight_moves(s, "marquise", set()) if m.kind == "league"] == []  # no crafted item
    s.factions["marquise"].items.append("sword")
    s.item_supply["sword"] -= 1
    used: set[str] = set()
    moves = [m for m in effects.daylight_moves(s, "marquise", used) if m.kind == "league"]
    assert [m.args for m in moves] == [("move",), ("battle",)]
    ctl, _ = seat([("league.from", "from", (2,)), ("league.to", "to", (6,)), ("league.count", "count", (1,))])
    g = game(s, marquise=ctl)
    effects.apply_daylight_move(g, "marquise", moves[0], used)
    assert s.clearings[6].warriors["marquise"] == 1 and s.factions["marquise"].items == ["sword"]
    assert not [m for m in effects.daylight_moves(s, "marquise", used) if m.kind == "league"]  # once in Daylight


# -- the start of Evening and the Evening draw -------------------------------------------------------
def test_ep_charm_offensive_draws_and_another_player_scores() -> None:
    s = mine(play_area=("charm_offensive",))
    ctl, _ = seat([("evening.charm_offensive", "yes", ()), ("charm_offensive.player", "player", ("eyrie",))])
    g = game(s, marquise=ctl)
    effects.evening_start(g, "marquise")
    assert len(s.factions["marquise"].hand) == 1 and s.factions["eyrie"].vp == 1


def test_ep_informants_takes_an_ambush_from_the_discard_pile_instead_of_drawing() -> None:
    s = mine(play_area=("informants",))
    s.deck.remove(ID("ambush_fox"))
    s.discard.append(ID("ambush_fox"))
    ctl, _ = seat([("evening.informants", "yes", ())])
    g = game(s, marquise=ctl)
    draw_and_discard(g, "marquise", 2, "LoR 6.6")
    assert s.factions["marquise"].hand == [ID("ambush_fox")] and s.discard == []
    invariants.check(s)


# -- battle: the Partisans ----------------------------------------------------------------------------
@pytest.mark.parametrize(("card", "c", "kept"), [("fox_partisans", 6, "anvil"), ("rabbit_partisans", 10, "bake_sale"), ("mouse_partisans", 7, "investments")])
def test_ep_partisans_an_extra_hit_then_every_other_suit_is_discarded(card: str, c: int, kept: str) -> None:
    """The hand keeps only cards of the card's suit; a bird card goes too (LoR 2.1.1.1, ruling
    R-EP-PARTISANS)."""
    hand = ["anvil", "bake_sale", "investments", "saboteurs"]
    s = ep({c: {"warriors": {"marquise": 3, "eyrie": 3}}}, marquise={"hand": hand, "play_area": [card]})
    ctl, _ = seat([(f"battle.{card}", "yes", ())])
    g = game(s, [("roll", (1, 0))], marquise=ctl)
    battle(g, "marquise", "eyrie", c, "test")
    assert s.clearings[c].warriors["eyrie"] == 1  # one rolled hit and one extra
    assert s.factions["marquise"].hand == [ID(kept)]
    invariants.check(s)


def test_ep_partisans_are_not_offered_in_a_clearing_of_another_suit() -> None:
    s = ep({6: {"warriors": {"marquise": 3, "eyrie": 3}}}, marquise={"play_area": ["mouse_partisans"]})
    ctl, script = seat([])
    g = game(s, [("roll", (1, 0))], marquise=ctl)
    battle(g, "marquise", "eyrie", 6, "test")
    assert not script.asked and s.clearings[6].warriors["eyrie"] == 2


# -- rule, moving and paths -----------------------------------------------------------------------------
def test_ep_soup_kitchens_tokens_count_twice_for_rule() -> None:
    """One Marquise warrior and one wood beside two Eyrie warriors: the Eyrie rule, unless the
    Marquise hold Soup Kitchens (1 + 2 for the wood = 3 > 2)."""
    clearings = {10: {"warriors": {"marquise": 1, "eyrie": 2}, "tokens": [["marquise", "wood"]]}}
    assert ruler(ep(clearings), 10) == "eyrie"
    s = ep(clearings, marquise={"play_area": ["soup_kitchens"]})
    assert ruler(s, 10) == "marquise" and 10 in ruled_clearings(s, "marquise")
    assert ruler(position(clearings, humans=("marquise",)), 10) == "eyrie"  # the base deck: no such card


def test_ep_corvid_planners_move_ignoring_rule() -> None:
    clearings = {10: {"warriors": {"marquise": 1, "eyrie": 3}}}
    assert destinations(ep(clearings), "marquise", 10) == []  # the Eyrie rule 10; nobody rules 1, 2, 12
    assert destinations(ep(clearings, marquise={"play_area": ["corvid_planners"]}), "marquise", 10) == [1, 2, 12]


def test_ep_boat_builders_rivers_are_paths() -> None:
    clearings = {5: {"warriors": {"marquise": 2}}}
    assert destinations(ep(clearings), "marquise", 5) == [1, 2]
    assert destinations(ep(clearings, marquise={"play_area": ["boat_builders"]}), "marquise", 5) == [1, 2, 10]  # the river 5-10


def test_ep_tunnels_clearings_with_crafting_pieces_are_adjacent() -> None:
    clearings = {2: {"warriors": {"marquise": 2}, "buildings": [["marquise", "workshop"]]}, 11: {"buildings": [["marquise", "workshop"]]}}
    assert destinations(ep(clearings), "marquise", 2) == [5, 6, 10]
    assert destinations(ep(clearings, marquise={"play_area": ["tunnels"]}), "marquise", 2) == [5, 6, 10, 11]


# -- crafting -------------------------------------------------------------------------------------------
def test_ep_master_engravers_one_more_vp_per_item_crafted() -> None:
    s = mine(hand=("anvil",), play_area=("master_engravers",))
    g = game(s, marquise=seat([])[0])
    crafting.craft_item(g, "marquise", ID("anvil"), "LoR 4.1.2")
    assert s.factions["marquise"].vp == 3  # Anvil's 2 and one more


def test_ep_murine_broker_draws_when_another_player_crafts_an_item() -> None:
    """A bot crafting its order card's item counts (Law of Robotics 1.1); the holder's own
    crafts do not."""
    s = mine(hand=("bake_sale",), play_area=("murine_broker",))
    g = game(s, marquise=seat([])[0])
    set_order(g, "eyrie", "anvil")
    assert craft_order(g, "eyrie", "1.1")
    assert len(s.factions["marquise"].hand) == 2
    crafting.craft_item(g, "marquise", ID("bake_sale"), "LoR 4.1.2")
    assert len(s.factions["marquise"].hand) == 1
    invariants.check(s)


# -- Coffin Makers ---------------------------------------------------------------------------------------
def test_ep_coffin_makers_removed_warriors_lie_on_the_card_then_score_per_five() -> None:
    """Battle removes Eyrie warriors: they go on the card, not the supply, and a saved position
    keeps them; at the start of the holder's Birdsong, one VP per five, then all go home."""
    s = ep({7: {"warriors": {"marquise": 6, "eyrie": 6}}}, marquise={"play_area": ["coffin_makers"]})
    eyrie_supply = s.factions["eyrie"].supply["warrior"]
    g = game(s, [("roll", (3, 3))], marquise=seat([], then=lambda d: d.moves[0])[0])
    battle(g, "marquise", "eyrie", 7, "test")
    assert s.coffin == {"eyrie": 3, "marquise": 3} and s.factions["eyrie"].supply["warrior"] == eyrie_supply
    invariants.check(s)
    back = serial.loads(serial.dumps(s))
    assert back.coffin == s.coffin
    effects.birdsong_start(g, "marquise")
    assert s.factions["marquise"].vp == 1 and s.coffin == {} and s.factions["eyrie"].supply["warrior"] == eyrie_supply + 3
    invariants.check(s)


def test_ep_coffin_makers_warriors_need_the_card_in_a_saved_position() -> None:
    data = serial.to_json(mine())
    data["coffin_makers"] = {"eyrie": 2}
    with pytest.raises(StateError, match="coffin_makers"):
        serial.from_json(data)


def test_lor_3_3_1_a_dominance_victory_keeps_the_invariants() -> None:
    """A random Marquise wins by dominance with 10 VP on the Mountain (seed 346): the invariants
    take an activated dominance card as a way to win (LoR 3.3.1), not only 30 VP."""
    humans = ("marquise", "alliance", "vagabot")
    g = new_game(GameConfig([*(Seat(f, "human") for f in humans), Seat("eyrie")], "mountain", 346, options={**EP, "programs": {f: "random" for f in humans}}))
    g.log.listeners.append(lambda e: invariants.check(g.state))
    play(g)
    assert g.state.winner == ["marquise"] and g.state.factions["marquise"].dominance is not None
