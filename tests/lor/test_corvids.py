"""The Corvid Conspiracy by the Law of Root (LoR 13), played by legal moves; Exposure by other
human seats (LoR 13.2.4); what the plots do to bots (Law of Robotics 11.8, 2.8.1)."""

from __future__ import annotations

from typing import Any

import pytest

from rootbotics.core import invariants, serial
from rootbotics.core.battle import battle
from rootbotics.core.lor.effects import birdsong_cards
from rootbotics.core.faction import rules_of
from rootbotics.core.moves import Move
from rootbotics.factions.corvids import lor as C
from rootbotics.factions.corvids import plots as P
from rootbotics.factions.vagabot import vagabond_lor as V
from rootbotics.game import GameConfig, Seat, new_game, play
from rootbotics.programs import ProgramController, SeatView, builtin

from helpers import game, position
from tests.lor.scripted import kinds, seat

ID = lambda name: __import__("rootbotics.core.cards", fromlist=["load_deck"]).load_deck().by_name[name]  # noqa: E731
ME = "corvids"
SEATS = ("corvids", "marquise", "eyrie")


def plots(**where: str) -> dict[str, Any]:
    """``plots(c1="bomb", c6="snare+")``: a plot in clearing 1 face down, in 6 face up."""
    out = {}
    for key, kind in where.items():
        out[key[1:]] = {"kind": kind.rstrip("+"), "face_up": kind.endswith("+")}
    return out


def nest(clearings: dict[int, dict[str, Any]], hand: tuple[str, ...] = (), humans: tuple[str, ...] = (ME,), marquise: dict[str, Any] | None = None, **where: str):
    """A Fall position with the Corvids played by legal moves: their plots (``where``) with a
    token each in its clearing, added to ``clearings``."""
    cl = {c: {k: (list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v) for k, v in e.items()} for c, e in clearings.items()}
    for key in where:
        c = int(key[1:])
        cl.setdefault(c, {}).setdefault("tokens", []).append([ME, "plot"])
    extra = {"marquise": marquise} if marquise is not None else {}
    return position(cl, seats=SEATS, humans=humans, corvids={"hand": list(hand), "plots": plots(**where), **({"plots_known": True} if ME in humans else {})}, **extra)


def test_lor_13_3_setup_scatters_a_warrior_in_a_clearing_of_each_suit() -> None:
    """Perft at the first scatter: Fall has four fox clearings (1, 6, 8, 12), none taken: 4."""
    ctl, script = seat([("setup.scatter", "clearing", (1,)), ("setup.scatter", "clearing", (3,)), ("setup.scatter", "clearing", (2,))], then=lambda d: d.moves[0])
    cfg = GameConfig([Seat("corvids", "human"), Seat("eyrie")], "fall", 5)
    g = new_game(cfg, controllers={"corvids": ctl})
    s = g.state
    assert [m.args for m in script.moves_at("setup.scatter")] == [(1,), (6,), (8,), (12,)]
    assert [s.warriors(ME, c) for c in (1, 3, 2)] == [1, 1, 1]
    fs = s.factions[ME]
    assert fs.supply["warrior"] == 12 and fs.supply["plot"] == 8  # LoR 13.3.1: 15 warriors, 8 plots
    assert P.supply_kinds(s) == ["bomb", "bomb", "snare", "snare", "extortion", "extortion", "raid", "raid"]  # LoR 13.2.2
    assert P.known(s)
    assert any(e.rule == "LoR 13.3.1" and e.kind == "setup" for e in g.log)


def test_lor_13_4_birdsong_crafts_then_flips_then_recruits() -> None:
    """LoR 13.4: the three steps in order; each is asked only when it has a legal use."""
    s = nest({1: {"warriors": {ME: 1}}}, hand=("anvil",), c1="raid")
    ctl, script = seat([])
    g = game(s, corvids=ctl)
    C.birdsong(g)
    assert [d.step for d in script.asked] == ["birdsong.craft", "birdsong.flip", "birdsong.recruit"]


def test_lor_13_2_1_plots_face_up_or_down_are_crafting_pieces() -> None:
    """Perft: a face-down plot in fox 1 and a face-up one in fox 12 are two fox pieces: Anvil
    (fox) and Arms Trader (fox, fox) can be crafted, Sword (fox, fox) too; Investments (rabbit,
    rabbit) cannot. Three craft moves and done."""
    s = nest({1: {"warriors": {ME: 1}}}, hand=("anvil", "arms_trader", "sword_mouse", "investments"), c1="raid", c12="snare+")
    assert C.plot_pieces(s) == {"fox": 2, "rabbit": 0, "mouse": 0}
    ctl, script = seat([("birdsong.craft", "craft", (ID("arms_trader"),))])
    g = game(s, corvids=ctl)
    C.craft_step(g)
    assert kinds(script.moves_at("birdsong.craft")) == ["craft", "craft", "craft", "done"]
    assert len(s.factions[ME].items) == 1  # the item crafted (LoR 4.1.2)
    assert ID("arms_trader") not in s.factions[ME].hand
    assert len(script.asked) == 1  # both fox pieces activated: nothing more to craft


def test_lor_13_4_2_flip_needs_a_corvid_warrior_and_scores_each_face_up_plot() -> None:
    """The raid in 1 (a Corvid warrior there) may flip, the snare in 9 (none there) may not. With
    the face-up snare in 12 the flip scores two VP."""
    s = nest({1: {"warriors": {ME: 1}}}, c1="raid", c9="snare", c12="snare+")
    ctl, script = seat([("birdsong.flip", "flip", (1,))])
    g = game(s, corvids=ctl)
    C.flip_step(g)
    assert [m.args for m in script.moves_at("birdsong.flip")] == [(1,), ()]
    assert P.plot_map(s)[1] == ("raid", True)
    assert s.factions[ME].vp == 2
    assert any(e.kind == "flip" and e.data["kind"] == "raid" for e in g.log)
    invariants.check(s)


def test_lor_13_7_1_a_flipped_bomb_removes_every_enemy_piece_then_itself() -> None:
    """A human Marquise loses all: two warriors, a sawmill (one VP to the Corvids) and a wood; the
    Eyrie bot only two pieces, warriors first (11.8.1): two of its three warriors, not its roost.
    The bomb then leaves the map; the flip scored one VP (one face-up plot then)."""
    s = nest(
        {8: {"warriors": {ME: 1, "marquise": 2, "eyrie": 3}, "buildings": [["marquise", "sawmill"], ["eyrie", "roost"]], "tokens": [["marquise", "wood"]]}},
        humans=(ME, "marquise"),
        c8="bomb",
    )
    g = game(s, corvids=seat([])[0], marquise=seat([])[0])
    C.flip(g, 8)
    cl = s.clearings[8]
    assert cl.warriors == {ME: 1, "eyrie": 1}
    assert cl.buildings == [("eyrie", "roost")]
    assert not P.has_plot(s, 8) and 8 not in P.plot_map(s)
    assert s.factions[ME].vp == 1 + 2  # the flip, the sawmill and the wood
    assert s.factions[ME].supply["plot"] == 8
    invariants.check(s)


def test_lor_13_7_3_extortion_takes_a_random_card_from_a_human_and_draws_for_a_bot() -> None:
    """The human Marquise loses one random card to the Corvids; from the Eyrie bot, which has no
    hand, the Corvids draw (2.8.1)."""
    s = nest({2: {"warriors": {ME: 1, "marquise": 1, "eyrie": 1}}}, humans=(ME, "marquise"), marquise={"hand": ["anvil"]}, c2="extortion")
    g = game(s, [("pick", ID("anvil")), ("draw", "sappers")], corvids=seat([])[0], marquise=seat([])[0])
    C.flip(g, 2)
    assert s.factions["marquise"].hand == []
    assert ID("anvil") in s.factions[ME].hand and len(s.factions[ME].hand) == 2
    assert [e.data.get("victim") for e in g.log if e.kind == "extortion"] == ["marquise", "eyrie"]


def test_lor_13_6_2_draw_one_plus_one_per_face_up_extortion() -> None:
    s = nest({}, c2="extortion+", c3="extortion+", c12="raid")
    ctl, script = seat([])
    g = game(s, corvids=ctl)
    C.evening(g, C.TurnState())
    assert len(s.factions[ME].hand) == 3
    assert kinds(script.moves_at("evening.exert")) == ["trick", "done"]  # two face-up plots; no warrior to move or plot
    assert any(e.kind == "draw" and e.data["n"] == 3 for e in g.log)


def test_lor_13_4_3_recruit_spends_a_card_for_a_warrior_in_each_matching_clearing() -> None:
    """A rabbit card: a warrior in 3, 4, 5 and 10, the rabbit clearings of Fall."""
    s = nest({}, hand=("a_visit_to_friends",))
    ctl, script = seat([("birdsong.recruit", "card", (ID("a_visit_to_friends"),))])
    g = game(s, corvids=ctl)
    C.recruit(g)
    assert [s.warriors(ME, c) for c in (3, 4, 5, 10)] == [1, 1, 1, 1]
    assert ID("a_visit_to_friends") in s.discard


def test_lor_13_4_3_a_bird_card_recruits_in_the_suit_the_seat_names() -> None:
    s = nest({}, hand=("armorers",))
    ctl, script = seat([("birdsong.recruit", "card", (ID("armorers"),)), ("recruit.suit", "recruit_in", ("mouse",))])
    g = game(s, corvids=ctl)
    C.recruit(g)
    assert [m.args for m in script.moves_at("recruit.suit")] == [("fox",), ("rabbit",), ("mouse",)]
    assert [s.warriors(ME, c) for c in (2, 7, 9, 11)] == [1, 1, 1, 1]


def test_lor_1_5_4_recruit_with_too_few_warriors_the_seat_picks_where() -> None:
    s = nest({5: {"warriors": {ME: 13}}}, hand=("a_visit_to_friends",))
    ctl, script = seat([("birdsong.recruit", "card", None), ("recruit.where", "clearing", (10,)), ("recruit.where", "clearing", (3,))])
    g = game(s, corvids=ctl)
    C.recruit(g)
    assert [m.args for m in script.moves_at("recruit.where")] == [(3,), (4,), (5,), (10,)]
    assert s.warriors(ME, 10) == 1 and s.warriors(ME, 3) == 1 and s.warriors(ME, 4) == 0


def test_lor_13_5_daylight_perft_three_actions() -> None:
    """Perft at the first Daylight action, derived by hand: the Corvids have two warriors in 5
    (next to a lone Marquise warrior in 1) and face-down plots in 6 and 9. Move (from 5), Plot
    (5 has no plot and a warrior), Battle (none: no enemy in 5), Trick (6 and 9, both face
    down), and done: 4 moves. After three actions only done remains."""
    s = nest({5: {"warriors": {ME: 2}}, 1: {"warriors": {"marquise": 1}}}, c6="raid", c9="snare")
    ctl, script = seat([
        ("daylight.action", "trick", ()), ("trick.first", "clearing", (6,)), ("trick.second", "clearing", (9,)),
        ("daylight.action", "trick", ()), ("trick.first", "clearing", (6,)), ("trick.second", "clearing", (9,)),
        ("daylight.action", "move", ()), ("move.from", "from", (5,)), ("move.to", "to", (1,)), ("move.count", "count", (1,)),
    ])
    g = game(s, corvids=ctl)
    C.daylight(g, C.TurnState())
    assert kinds(script.moves_at("daylight.action")) == ["move", "plot", "trick", "done"]
    assert kinds(list(script.asked[-1].moves)) == ["done"]
    assert P.plot_map(s)[6] == ("raid", False) and P.plot_map(s)[9] == ("snare", False)  # swapped twice


def test_lor_13_2_3_nimble_moves_without_ruling_either_clearing() -> None:
    """The Marquise rule 1 and 5 (more warriors); the Corvids may still move between them."""
    from rootbotics.core.lor.moving import destinations

    s = nest({5: {"warriors": {ME: 1, "marquise": 2}}, 1: {"warriors": {"marquise": 2}}})
    assert 1 in destinations(s, ME, 5)


def test_lor_13_5_2_each_plot_in_a_turn_costs_one_more_warrior() -> None:
    """The first plot costs one warrior, the second two: the second Plot is offered only where
    two warriors stand (1 and 5, not 10, plotted). The kind is the seat's, from the supply: with
    both bombs on the map, no bomb is offered."""
    s = nest({5: {"warriors": {ME: 2}}, 10: {"warriors": {ME: 1}}, 1: {"warriors": {ME: 3}}}, c6="bomb", c9="bomb")
    ctl, script = seat([
        ("daylight.action", "plot", ()), ("plot.clearing", "clearing", (10,)), ("plot.kind", "plot", ("snare",)),
        ("daylight.action", "plot", ()), ("plot.clearing", "clearing", (1,)), ("plot.kind", "plot", ("raid",)),
    ])
    g = game(s, corvids=ctl)
    C.daylight(g, C.TurnState())
    assert [m.args for m in script.moves_at("plot.clearing")] == [(1,), (5,), (10,)]
    second = [d for d in script.asked if d.step == "plot.clearing"][1]
    assert [m.args for m in second.moves] == [(1,), (5,)]  # 10 is plotted; two warriors needed now
    assert [m.args for m in script.moves_at("plot.kind")] == [("snare",), ("extortion",), ("raid",)]
    assert s.warriors(ME, 10) == 0 and s.warriors(ME, 1) == 1
    assert P.plot_map(s)[10] == ("snare", False) and P.plot_map(s)[1] == ("raid", False)
    places = [e for e in g.log if e.kind == "place_plot"]
    assert len(places) == 2 and all("kind" not in e.data and "snare" not in e.text and "raid" not in e.text for e in places)
    invariants.check(s)


def test_lor_13_2_2_2_one_plot_per_clearing() -> None:
    s = nest({5: {"warriors": {ME: 2}}, 6: {"warriors": {ME: 2}}}, c6="bomb")
    assert C.plot_clearings(s, C.TurnState()) == [5]


def test_lor_13_5_4_trick_swaps_only_plots_of_the_same_face() -> None:
    """Face down in 6 and 9, face up in 12: only 6 and 9 can swap (LoR 13.5.4)."""
    s = nest({}, c6="raid", c9="snare", c12="bomb+")
    assert C.trick_groups(s) == [[6, 9]]
    s2 = nest({}, c6="raid", c12="bomb+")
    assert C.trick_groups(s2) == []


def test_lor_13_5_3_battle_as_an_action() -> None:
    s = nest({5: {"warriors": {ME: 2, "marquise": 1}}})
    ctl, script = seat([("daylight.action", "battle", ()), ("battle.clearing", "clearing", (5,)), ("battle.defender", "defender", ("marquise",))])
    g = game(s, [("roll", (2, 0))], corvids=ctl)
    C.daylight(g, C.TurnState())
    assert s.warriors("marquise", 5) == 0


def test_lor_13_6_1_exert_takes_one_action_instead_of_the_draw() -> None:
    """Perft at Exert: Move and Plot (warriors in 5), done: 3. Plotting, the seat draws nothing."""
    s = nest({5: {"warriors": {ME: 2}}}, hand=("anvil",))
    ctl, script = seat([("evening.exert", "plot", ()), ("plot.clearing", "clearing", (5,)), ("plot.kind", "plot", ("bomb",))])
    g = game(s, corvids=ctl)
    C.evening(g, C.TurnState())
    assert kinds(script.moves_at("evening.exert")) == ["move", "plot", "done"]
    assert s.factions[ME].hand == [ID("anvil")]
    assert P.plot_map(s)[5] == ("bomb", False)
    assert any(e.kind == "exert" for e in g.log) and not any(e.kind == "draw" for e in g.log)


def test_lor_13_2_5_embedded_agents_a_facedown_plot_deals_a_hit_even_defenseless() -> None:
    """The Eyrie bot battles in 6, where the Corvids have only a face-down plot: rolls 2-0 give
    the Eyrie two hits, the Corvids' one extra hit removes an Eyrie warrior."""
    s = nest({6: {"warriors": {"eyrie": 2}}}, c6="snare")
    g = game(s, [("roll", (2, 0))], corvids=seat([])[0])
    battle(g, "eyrie", ME, 6, "test")
    assert s.warriors("eyrie", 6) == 1
    assert any(e.rule == "11.2.2" for e in g.log)


def test_lor_13_7_2_a_face_up_snare_holds_enemies_and_a_bot_springs_it() -> None:
    """A human Marquise cannot move out of 6 (no origin offered); a bot placing there removes
    the snare instead (11.8.2)."""
    from rootbotics.core.lor.moving import origins
    from rootbotics.core.rules import place_warriors

    s = nest({6: {"warriors": {"marquise": 2}}, 2: {"warriors": {"marquise": 1}}}, humans=(ME, "marquise"), c6="snare+")
    assert origins(s, "marquise") == [2]
    assert origins(s, ME) == []
    g = game(s, corvids=seat([])[0], marquise=seat([])[0])
    assert place_warriors(g, "eyrie", 6, 1, "test") == 0
    assert not P.has_plot(s, 6)
    invariants.check(s)


def test_lor_13_7_4_a_raid_removed_in_battle_places_a_warrior_in_each_adjacent_clearing() -> None:
    """The Eyrie bot removes the face-down raid in 5 (next to 1 and 2): a warrior in each."""
    s = nest({5: {"warriors": {"eyrie": 3}}}, c5="raid")
    g = game(s, [("roll", (2, 0))], corvids=seat([])[0])
    battle(g, "eyrie", ME, 5, "test")
    assert not P.has_plot(s, 5)
    assert s.warriors(ME, 1) == 1 and s.warriors(ME, 2) == 1
    invariants.check(s)


def test_lor_1_5_4_a_raid_with_one_warrior_left_the_seat_picks_the_clearing() -> None:
    s = nest({12: {"warriors": {ME: 14}}}, c5="raid")
    ctl, script = seat([("raid.where", "clearing", (2,))])
    g = game(s, [("roll", (2, 0))], corvids=ctl)
    s.clearings[5].warriors["eyrie"] = 3
    battle(g, "eyrie", ME, 5, "test")
    assert [m.args for m in script.moves_at("raid.where")] == [(1,), (2,)]
    assert s.warriors(ME, 2) == 1 and s.warriors(ME, 1) == 0


# -- Exposure (LoR 13.2.4) -----------------------------------------------------------------------
def exposure_position(corvids_seat: str = "human"):
    """A human Marquise with warriors in 5 (rabbit, a face-down raid) and 6 (fox, a face-down
    bomb) and in 2 (mouse, no plot); her hand: a rabbit card, a bird card."""
    humans = (ME, "marquise") if corvids_seat == "human" else ("marquise",)
    clearings = {5: {"warriors": {"marquise": 1}}, 6: {"warriors": {"marquise": 1}}, 2: {"warriors": {"marquise": 1}}}
    s = nest(clearings, humans=humans, marquise={"hand": ["a_visit_to_friends", "armorers"]}, c5="raid", c6="bomb", c9="snare")
    return s


def test_lor_13_2_4_exposure_perft_for_another_human_seat() -> None:
    """Perft: 5 (rabbit card or bird) and 6 (the bird card) are exposable; 9 has no Marquise
    piece; 2 no plot. Two moves; the guess offers the four kinds."""
    s = exposure_position()
    moves = P_moves(s, "marquise")
    assert moves == [Move("expose", (5,)), Move("expose", (6,))]
    assert P_moves(s, ME) == []  # the Corvids expose no plot of their own


def P_moves(s, seat: str) -> list[Move]:
    from rootbotics.core.lor.offers import turn_offers

    return turn_offers(s, seat)


def test_lor_13_2_4_a_right_guess_removes_the_plot_scores_and_a_raid_places_nothing() -> None:
    s = exposure_position()
    s.phase = "birdsong"
    mctl, mscript = seat([("birdsong.cards", "expose", (5,)), ("expose.card", "card", (ID("a_visit_to_friends"),)), ("expose.guess", "plot", ("raid",))])
    g = game(s, corvids=seat([])[0], marquise=mctl)
    birdsong_cards(g, "marquise")
    assert [m.args for m in mscript.moves_at("expose.guess")] == [("bomb",), ("snare",), ("extortion",), ("raid",)]
    assert not P.has_plot(s, 5)
    assert s.factions["marquise"].vp == 1
    assert s.warriors(ME, 1) == 0 and s.warriors(ME, 2) == 0  # LoR 13.7.4: no warriors from an exposed raid
    assert ID("a_visit_to_friends") in s.factions["marquise"].hand  # a right guess keeps the card
    invariants.check(s)


def test_lor_13_2_4_a_wrong_guess_gives_the_card_to_the_corvids() -> None:
    s = exposure_position()
    s.phase = "daylight"
    from rootbotics.core.lor.turn import apply_free_daylight, free_daylight_moves

    assert Move("expose", (6,)) in free_daylight_moves(s, "marquise", set())
    mctl, _ = seat([("expose.card", "card", (ID("armorers"),)), ("expose.guess", "plot", ("snare",))])
    g = game(s, corvids=seat([])[0], marquise=mctl)
    assert apply_free_daylight(g, "marquise", Move("expose", (6,)), set())
    assert P.plot_map(s)[6] == ("bomb", False)
    assert ID("armorers") in s.factions[ME].hand and ID("armorers") not in s.factions["marquise"].hand
    e = next(e for e in g.log if e.kind == "expose")
    assert e.data["right"] is False and "bomb" not in e.text


def test_lor_13_2_4_exposing_the_bot_a_wrong_guess_is_discarded_and_the_bot_scores() -> None:
    """Against the Cogwheel Corvids: a card given to a bot is discarded, the bot scores 1 (2.8.1)."""
    s = exposure_position("bot")
    s.phase = "daylight"
    mctl, _ = seat([("expose.card", "card", (ID("a_visit_to_friends"),)), ("expose.guess", "plot", ("bomb",))])
    g = game(s, marquise=mctl)
    from rootbotics.core.lor.offers import take_turn_offer

    assert take_turn_offer(g, "marquise", Move("expose", (5,)))
    assert ID("a_visit_to_friends") in s.discard and s.factions[ME].vp == 1
    assert P.plot_map(s)[5] == ("raid", False)


# -- Exposure in Evening: until the last step begins (LoR 13.2.4 with 1.4.3) --------------------
RABBIT = "a_visit_to_friends"
EVENING_OFFERS = {  # where each seat's Evening offers Exposure; none in its last step (R-LOR-CORVIDS-EXPOSURE)
    "marquise": [],  # LoR 6.6: one unnumbered step, her last
    "eyrie": ["turn.offers", "turn.offers"],  # before 7.6.1 and 7.6.2
    "alliance": ["evening.operation"],  # among (here: instead of) Military Operations, LoR 8.6.1
    "lizards": ["turn.offers", "turn.offers", "turn.offers"],  # before 10.6.1, 10.6.2, 10.6.3
    "riverfolk": ["turn.offers", "turn.offers"],  # before 11.6.1 and 11.6.2
    "duchy": ["turn.offers", "turn.offers", "turn.offers"],  # before 12.6.1, 12.6.2, 12.6.3
    "keepers": ["turn.offers", "turn.offers", "turn.offers"],  # before 15.6.1, 15.6.2, 15.6.3
    "hundreds": ["evening.incite", "turn.offers", "turn.offers"],  # with Incite, before 14.6.2 and 14.6.3
    "vagabot": ["turn.offers", "turn.offers", "turn.offers"],  # before 9.6.2, 9.6.3, 9.6.4 (in a clearing: no 9.6.1 rest)
}


def evening_seat(faction: str) -> tuple[Any, list[Any]]:
    """``faction`` played by legal moves beside the Cogwheel Corvids, who have a face-down raid
    in 5 (rabbit), where the seat has a piece and a rabbit card in hand; its Evening is played
    with ``done`` (or the first move) at each decision. The decisions asked, in order."""
    tokens = [["corvids", "plot"]]
    extra: dict[str, Any] = {"hand": [RABBIT]}
    if faction == "vagabot":
        extra["vagabond"] = {"character": "thief", "location": 5, "items": ["boots"], "relationships": {"corvids": "indifferent"}}
        cl = {5: {"tokens": tokens}}
    else:
        cl = {5: {"warriors": {faction: 1}, "tokens": tokens}}
    s = position(cl, seats=(faction, ME), humans=(faction,), corvids={"plots": plots(c5="raid")}, **{faction: extra})
    s.phase = "evening"
    asked: list[Any] = []

    def answer(view: SeatView, d: Any) -> Move:
        asked.append(d)
        return next((m for m in d.moves if m.kind in ("done", "no")), d.moves[0])

    g = game(s, **{faction: ProgramController(answer)})
    lor = rules_of(faction).lor()
    if faction == "vagabot":
        lor.evening(g, faction)
    else:
        lor.evening(g)
    return g, asked


@pytest.mark.parametrize("faction", sorted(EVENING_OFFERS))
def test_lor_13_2_4_exposure_in_evening_before_each_step_but_the_last(faction: str) -> None:
    """LoR 13.2.4: any number of times on the seat's turn; LoR 1.4.3: not once its last step (the
    Evening's last numbered step) has begun. The draw and the discard of that step offer none."""
    _, asked = evening_seat(faction)
    offered = [d.step for d in asked if Move("expose", (5,)) in d.moves]
    assert offered == EVENING_OFFERS[faction]
    last = [d for d in asked if d.step in ("evening.discard", "evening.price", "evening.capacity")]
    assert all(m.kind != "expose" for d in last for m in d.moves)


def test_lor_13_2_4_exposure_in_evening_a_card_just_drawn_before_the_discard() -> None:
    """The Vagabond's draw (9.6.2) and discard (9.6.3) are two steps before his last (9.6.4):
    a matching card he has just drawn may be shown to expose before he discards (a right guess)."""
    s = position({5: {"tokens": [["corvids", "plot"]]}}, seats=("vagabot", ME), humans=("vagabot",), corvids={"plots": plots(c5="raid")},
                 vagabot={"vagabond": {"character": "thief", "location": 5, "items": ["boots"], "relationships": {"corvids": "indifferent"}}})
    s.phase = "evening"
    vctl, script = seat([("turn.offers", "expose", (5,)), ("expose.card", "card", (ID(RABBIT),)), ("expose.guess", "plot", ("raid",))])
    g = game(s, [("draw", RABBIT)], vagabot=vctl)
    V.evening(g, "vagabot")
    assert not P.has_plot(s, 5) and s.factions["vagabot"].vp == 1
    assert ID(RABBIT) in s.factions["vagabot"].hand


# -- hidden information (LoR 13.2.2.1) --------------------------------------------------------------
def seen(view: SeatView) -> Any:
    """Everything a seat's view shows."""
    return (
        view.round, view.phase, view.current, view.hand, view.vp, view.hand_sizes, view.seats, view.discard, view.item_supply,
        [(c, dict(view.clearing(c).warriors), list(view.clearing(c).buildings), view.tokens(c)) for c in range(1, 13)],
        [(f, view.supply(f), view.play_area(f)) for f in view.seats],
    )


def test_lor_13_2_2_1_a_facedown_plots_kind_is_in_no_other_seats_view() -> None:
    """Changing a face-down plot's kind changes nothing another seat sees; a face-up one shows."""
    s = exposure_position()
    before = seen(SeatView(s, "marquise"))
    s.factions[ME].board.plots[5] = ("extortion", False)
    assert seen(SeatView(s, "marquise")) == before
    assert SeatView(s, "marquise").tokens(5) == ("corvids plot (face down)",)
    assert SeatView(s, ME).tokens(5) == ("corvids plot (extortion, face down)",)  # the Corvids may look (LoR 13.2.2.1)
    s.factions[ME].board.plots[5] = ("extortion", True)
    assert seen(SeatView(s, "marquise")) != before


def test_lor_13_2_2_1_a_facedown_plots_kind_is_not_in_another_seats_observation() -> None:
    np = pytest.importorskip("numpy")
    from rootbotics.env.observe import observe

    s = exposure_position()
    mask = np.zeros(4, np.int8)
    before = observe(s, "marquise", mask, "daylight.action")
    s.factions[ME].board.plots[5] = ("extortion", False)
    after = observe(s, "marquise", mask, "daylight.action")
    assert all(np.array_equal(before[k], after[k]) for k in before)
    assert list(after["plots"][4]) == [1, 0, 0, 0, 0, 0]  # a face-down plot in 5, kind unknown
    assert list(observe(s, ME, mask, None)["plots"][4]) == [1, 0, 0, 0, 1, 0]  # the Corvids know it: an extortion
    s.factions[ME].board.plots[5] = ("extortion", True)
    assert list(observe(s, "marquise", mask, None)["plots"][4]) == [0, 1, 0, 0, 1, 0]


def test_the_plots_known_survive_a_saved_position() -> None:
    s = exposure_position()
    again = serial.from_json(serial.to_json(s))
    assert P.known(again) and P.plot_map(again) == P.plot_map(s)


# -- whole games -------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(12))
def test_random_corvid_games_beside_bots_and_other_program_seats(seed: int) -> None:
    """A program in the Corvids seat beside bots, or beside the four base factions' program
    seats (who may expose its plots), on every map: every invariant after every event, an end."""
    map_name = ("fall", "winter", "lake", "mountain")[seed % 4]
    if seed % 2:
        seats = [Seat(ME, "human"), Seat("eyrie"), Seat("alliance"), Seat("vagabot")]
    else:
        seats = [Seat(ME, "human"), Seat("marquise", "human"), Seat("eyrie", "human"), Seat("alliance", "human"), Seat("vagabot", "human")]
    ctl = {x.faction: ProgramController(builtin("random" if (seed + i) % 3 else "greedy", seed, x.faction)) for i, x in enumerate(seats) if x.seat == "human"}
    g = new_game(GameConfig(seats, map_name, seed), controllers=ctl)
    g.log.listeners.append(lambda e, g=g: invariants.check(g.state))
    play(g)
    assert g.state.winner


def test_lor_13_2_4_a_rootlog_guess_at_a_seat_played_by_moves_is_answered_by_the_engine() -> None:
    """At the table a person writing lines (``?Pt_r5``) exposes the plot of a Corvids seat played
    by legal moves: its kind is known, so the engine answers as for the bot (ruling
    R-LOR-CORVIDS-KNOWN): right, the raid goes and places nothing."""
    from rootbotics.table import plot_lines
    from rootbotics.table.rootlog_ast import Exposure

    s = exposure_position()
    g = game(s, corvids=seat([])[0])
    assert plot_lines.apply(g, "marquise", Exposure("r", 5), []) is None
    assert not P.has_plot(s, 5) and s.factions["marquise"].vp == 1
    assert s.warriors(ME, 1) == 0 and s.warriors(ME, 2) == 0
    assert "wrong" in (plot_lines.apply(g, "marquise", Exposure("s", 6), []) or "")  # a bomb: the card must be written
