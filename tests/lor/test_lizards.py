"""The Lizard Cult by the Law of Root (LoR 10) for a seat played by legal moves
(``factions/lizards/lor.py``): scenario tests per rule, perft counts, the human board saved and
loaded, the Lost Souls catching every seat's cards, and random programs in whole games beside
bots and other program seats on the four maps, the invariants checked after every event."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from rootbotics.core import invariants, serial
from rootbotics.core.battle import battle
from rootbotics.core.fields import StateError
from rootbotics.core.lor.cards import spend
from rootbotics.core.lor.crafting import craft
from rootbotics.core.moves import DONE, Move
from rootbotics.core.rules import discard_order, remove_piece, ruler
from rootbotics.factions.lizards import lor
from rootbotics.factions.lizards.rules import CultBoard
from rootbotics.game import GameConfig, Seat, new_game, play
from rootbotics.programs import ProgramController, SeatView, builtin
from tests.helpers import game, position, set_order
from tests.lor.scripted import check_every_event

L = "lizards"


class Script:
    """A program answering from ``answers`` (step -> list of answers, each a Move or a function of
    the legal moves), else ``done`` when offered, else the first move. It records every decision."""

    def __init__(self, **answers: list[Move | Callable[[list[Move]], Move]]) -> None:
        self.answers = {k.replace("__", "."): list(v) for k, v in answers.items()}
        self.seen: list[tuple[str, list[Move]]] = []

    def __call__(self, view: SeatView, decision: Any) -> Move:
        moves = list(decision.moves)
        self.seen.append((decision.step, moves))
        queue = self.answers.get(decision.step)
        if queue:
            a = queue.pop(0)
            return a(moves) if callable(a) else a
        return DONE if DONE in moves else moves[0]

    def moves_at(self, step: str) -> list[list[Move]]:
        return [m for s, m in self.seen if s == step]


def cult(clearings: dict, hand: tuple[str, ...] = (), seats: tuple[str, ...] = ("marquise", L), humans: tuple[str, ...] = (L,), **board: Any) -> Any:
    """A Fall position with a human Lizard Cult (the Outcast fox unless ``board`` says otherwise)."""
    lz = {"acolytes": 0, "lost_souls": [], "outcast": "fox", **board}
    return position(clearings, seats=seats, humans=humans, lizards={"hand": list(hand), "lizards": lz})


def cult_game(state: Any, script: Script | None = None, chance: list | None = None, **others: Any) -> Any:
    ctl = ProgramController(script or Script())
    g = game(state, chance, lizards=ctl, **others) if chance is not None else game(state, lizards=ctl, **others)
    g.log.listeners.append(lambda e: invariants.check(g.state))
    return g


def card(state: Any, name: str) -> int:
    return state.deckdef.by_name[name]


def names(state: Any, cards: list[int]) -> list[str]:
    return [state.deckdef.card(c).name for c in cards]


def b(state: Any) -> CultBoard:
    board = state.factions[L].board
    assert isinstance(board, CultBoard)
    return board


def ritual(name: str) -> Move:
    return Move("ritual", (name,))


def conspiracy(name: str) -> Move:
    return Move("conspiracy", (name,))


def clearing(c: int) -> Move:
    return Move("clearing", (c,))


GARDEN_FOX, GARDEN_RABBIT, GARDEN_MOUSE = [L, "garden_fox"], [L, "garden_rabbit"], [L, "garden_mouse"]


# -- setup (LoR 10.3) ---------------------------------------------------------------------------------
def test_lor_10_3_1_to_10_3_4_setup_corner_opposite_another_start() -> None:
    """The Marquise starts in corner 1: only the corner diagonally opposite (3, rabbit) is
    offered (LoR 10.3.2). Four warriors and a rabbit garden there, one warrior in each of 6, 7
    and 11; the outcast marker on the suit chosen; fourteen gardens left on the tracks."""
    s = position({}, seats=("marquise", L), humans=(L,))
    s.start_corners["marquise"] = 1
    sc = Script(setup__outcast=[Move("suit", ("mouse",))])
    g = cult_game(s, sc)
    lor.setup(g)
    assert sc.moves_at("setup.corner") == [[clearing(3)]]
    assert s.clearings[3].warriors[L] == 4 and (L, "garden_rabbit") in s.clearings[3].buildings
    assert all(s.clearings[c].warriors[L] == 1 for c in (6, 7, 11))
    assert s.start_corners[L] == 3
    assert sc.moves_at("setup.outcast") == [[Move("suit", (x,)) for x in ("fox", "rabbit", "mouse")]]
    assert (b(s).outcast, b(s).hated) == ("mouse", False)
    supply = s.factions[L].supply
    assert supply["warrior"] == 25 - 7 and supply["garden_fox"] + supply["garden_rabbit"] + supply["garden_mouse"] == 14
    assert [e.rule for e in g.log.of_kind("setup")] == ["LoR 10.3.1", "LoR 10.3.4"]
    assert g.log.of_kind("setup")[0].data["n"] == 25


def test_lor_10_3_2_no_opposite_corner_free() -> None:
    """Start corners 1 and 3 taken: neither 2 nor 4 is opposite a starting corner, so both are
    offered (the 'if possible' of LoR 10.3.2); never a corner another seat started in."""
    s = position({}, seats=("marquise", "eyrie", L), humans=(L,))
    s.start_corners.update({"marquise": 1, "eyrie": 3})
    sc = Script()
    lor.setup(cult_game(s, sc))
    assert sc.moves_at("setup.corner") == [[clearing(2), clearing(4)]]


# -- Birdsong (LoR 10.4) --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("souls", "before", "after"),
    [
        (["anvil", "tax_collector", "cobbler", "ambush_bird", "royal_claim"], ("rabbit", False), ("fox", False)),  # the most: fox
        (["anvil", "tax_collector", "cobbler"], ("fox", False), ("fox", True)),  # fox again: Hated
        (["anvil", "cobbler"], ("mouse", False), ("mouse", True)),  # no one suit has the most
        ([], ("rabbit", True), ("rabbit", True)),  # none at all: it stays Hated
        (["cobbler"], ("fox", True), ("rabbit", False)),  # a new suit: the Outcast side again
        (["ambush_bird", "royal_claim", "armorers", "anvil"], ("mouse", False), ("fox", False)),  # birds ignored
    ],
)
def test_lor_10_4_1_adjust_outcast(souls: list[str], before: tuple[str, bool], after: tuple[str, bool]) -> None:
    s = cult({}, lost_souls=souls, outcast=before[0], hated=before[1])
    g = cult_game(s)
    lor.adjust_outcast(g)
    assert (b(s).outcast, b(s).hated) == after
    assert g.log.of_kind("outcast_marker")[-1].rule == "LoR 10.4.1"


def test_lor_10_4_2_discard_lost_souls_a_dominance_card_becomes_available() -> None:
    s = cult({}, lost_souls=["dominance_fox", "anvil"])
    g = cult_game(s)
    lor.discard_lost_souls(g)
    assert b(s).lost_souls == [] and s.discard == [card(s, "anvil")] and s.available_dominance == [card(s, "dominance_fox")]
    assert g.log.of_kind("lost_soul")[-1].rule == "LoR 10.4.2"


def test_lor_10_4_birdsong_steps_in_order() -> None:
    """LoR 10.4: the outcast is adjusted while the Lost Souls are there, then they are
    discarded, then the conspiracies are offered."""
    s = cult({1: {"warriors": {L: 2, "marquise": 1}}}, lost_souls=["cobbler", "command_warren"], acolytes=2)
    sc = Script()
    g = cult_game(s, sc)
    lor.birdsong(g)
    kinds = [e.kind for e in g.log if e.faction == L]
    assert kinds[:2] == ["outcast_marker", "lost_soul"]
    assert b(s).outcast == "rabbit" and s.discard == [card(s, "cobbler"), card(s, "command_warren")]
    assert sc.seen[-1][0] == "birdsong.conspiracy"  # rabbit clearings: nothing to do there but pass
    assert sc.seen[-1][1] == [DONE]


# -- conspiracies (LoR 10.4.3) ---------------------------------------------------------------------------
def conspiracy_position(acolytes: int, hated: bool = False) -> Any:
    """The Outcast fox (fox clearings 1, 6, 8, 12): the keep and a Marquise warrior in 1; in 12
    two Cult warriors and a Marquise warrior; in 6 a Marquise sawmill and warrior and a Cult
    warrior; 8 empty."""
    return cult(
        {
            1: {"warriors": {"marquise": 1}, "tokens": [["marquise", "keep"]]},
            12: {"warriors": {L: 2, "marquise": 1}},
            6: {"warriors": {L: 1, "marquise": 1}, "buildings": [["marquise", "sawmill"]]},
        },
        acolytes=acolytes,
        hated=hated,
    )


def test_lor_10_4_3_perft_conspiracies_and_the_hated_discount() -> None:
    """Two acolytes, the Outcast fox not Hated: Crusade (2: a battle in 6 or 12) and Convert (2:
    a Marquise warrior in 6 or 12; 1 holds the keep, where no Cult piece may go) but not Sanctify
    (3), so 2 conspiracies + done = 3 moves. Hated: each costs one fewer, so Sanctify (the
    sawmill in 6) is offered too: 4 moves."""
    sc = Script()
    lor.conspiracies(cult_game(conspiracy_position(2), sc))
    assert sc.moves_at("birdsong.conspiracy")[0] == [conspiracy("crusade"), conspiracy("convert"), DONE]
    sc = Script()
    lor.conspiracies(cult_game(conspiracy_position(2, hated=True), sc))
    assert sc.moves_at("birdsong.conspiracy")[0] == [conspiracy("crusade"), conspiracy("convert"), conspiracy("sanctify"), DONE]
    sc = Script()
    lor.conspiracies(cult_game(conspiracy_position(1), sc))
    assert sc.moves_at("birdsong.conspiracy")[0] == [DONE]


def test_lor_10_4_3_1_crusade_battle_in_an_outcast_clearing() -> None:
    """Crusade, battle: the clearings offered are the Outcast clearings where the Cult can battle
    (6 and 12); two acolytes go back to the supply; the Marquise loses its warrior in 12."""
    s = conspiracy_position(2)
    supply = s.factions[L].supply["warrior"]
    sc = Script(birdsong__conspiracy=[conspiracy("crusade")], crusade__mode=[Move("battle")], crusade__battle__clearing=[clearing(12)])
    g = cult_game(s, sc, chance=[("roll", (1, 0))])
    lor.conspiracies(g)
    assert sc.moves_at("crusade.mode")[0] == [Move("battle"), Move("move")]
    assert sc.moves_at("crusade.battle.clearing")[0] == [clearing(6), clearing(12)]
    assert b(s).acolytes == 0 and s.factions[L].supply["warrior"] == supply + 2
    assert "marquise" not in s.clearings[12].warriors and s.clearings[12].warriors[L] == 2
    assert [e.rule for e in g.log.of_kind("battle")] == ["LoR 10.4.3.1"]


def test_lor_10_4_3_1_crusade_move_then_battle_where_it_ended() -> None:
    """Crusade, move: from 12 (an Outcast clearing it rules) into 9, then a battle offered in 9
    only (or none)."""
    s = cult({12: {"warriors": {L: 3, "marquise": 1}}, 9: {"warriors": {"marquise": 1}}}, acolytes=2)
    sc = Script(
        birdsong__conspiracy=[conspiracy("crusade")],
        crusade__mode=[Move("move")],
        crusade__move__from=[Move("from", (12,))],
        crusade__move__to=[Move("to", (9,))],
        crusade__move__count=[Move("count", (2,))],
        crusade__battle__clearing=[clearing(9)],
    )
    g = cult_game(s, sc, chance=[("roll", (1, 0))])
    lor.conspiracies(g)
    assert sc.moves_at("crusade.move.from")[0] == [Move("from", (12,))]
    assert sc.moves_at("crusade.battle.clearing")[0] == [clearing(9), DONE]
    assert s.clearings[9].warriors == {L: 2} and s.clearings[12].warriors[L] == 1


def test_lor_10_4_3_2_convert_replaces_an_enemy_warrior() -> None:
    """Convert in 12: a Marquise warrior is removed (no VP) and a Cult warrior placed."""
    s = conspiracy_position(2)
    sc = Script(birdsong__conspiracy=[conspiracy("convert")], convert__clearing=[clearing(12)])
    g = cult_game(s, sc)
    lor.conspiracies(g)
    assert sc.moves_at("convert.clearing")[0] == [clearing(6), clearing(12)]
    assert sc.moves_at("convert.enemy")[0] == [Move("player", ("marquise",))]
    assert s.clearings[12].warriors == {L: 3} and s.factions[L].vp == 0
    assert [e.rule for e in g.log.of_kind("convert")] == ["LoR 10.4.3.2"]


def test_lor_10_4_3_3_sanctify_replaces_an_enemy_building_with_an_outcast_garden() -> None:
    """Sanctify in 6: the sawmill goes (1 VP, LoR 3.2.1) and a fox garden stands there."""
    s = conspiracy_position(3)
    sc = Script(birdsong__conspiracy=[conspiracy("sanctify")])
    g = cult_game(s, sc)
    lor.conspiracies(g)
    assert sc.moves_at("sanctify.clearing")[0] == [clearing(6)]
    assert sc.moves_at("sanctify.building")[0] == [Move("piece", ("marquise", "sawmill"))]
    assert s.clearings[6].buildings == [(L, "garden_fox")] and s.factions[L].vp == 1
    assert b(s).acolytes == 0


def test_lor_10_4_3_hated_sanctify_costs_two() -> None:
    s = conspiracy_position(2, hated=True)
    g = cult_game(s, Script(birdsong__conspiracy=[conspiracy("sanctify")]))
    lor.conspiracies(g)
    assert b(s).acolytes == 0 and (L, "garden_fox") in s.clearings[6].buildings
    assert g.log.of_kind("acolyte")[0].data["spent"] == 2


def test_lor_10_4_3_sanctify_needs_a_garden_of_the_outcast_on_its_track() -> None:
    """With no fox garden left on its track, no Sanctify: nothing could replace the building."""
    s = conspiracy_position(5)
    assert lor.sanctify_clearings(s) == [6]
    s.factions[L].supply["garden_fox"] = 0
    assert lor.sanctify_clearings(s) == []


# -- Daylight: rituals (LoR 10.5) -------------------------------------------------------------------------
def ritual_position(hand: tuple[str, ...]) -> Any:
    """The Cult rules 5 (a rabbit garden, a slot free), 9 (a warrior, mouse) and 10 (a warrior,
    rabbit); 1 holds its fox garden (no slot free); the Marquise rules 12 and has its keep in 4."""
    return cult(
        {
            1: {"buildings": [GARDEN_FOX]},
            5: {"buildings": [GARDEN_RABBIT]},
            9: {"warriors": {L: 1}},
            10: {"warriors": {L: 1}},
            12: {"warriors": {L: 1, "marquise": 2}},
            4: {"warriors": {"marquise": 1}, "tokens": [["marquise", "keep"]]},
        },
        hand=hand,
    )


def test_lor_10_5_perft_rituals_and_their_clearings() -> None:
    """Hand: a fox, a rabbit, a mouse and a bird card. Rituals: Build, Recruit, Score (fox and
    rabbit gardens are on the map), Sacrifice (a bird card), so 4 + done = 5 moves.
    Build: ruled clearings of a suit in hand with a free slot: 5 (rabbit), 9 (mouse), 10
    (rabbit); 1 is full, 12 is the Marquise's: 3. Recruit: every clearing but 4 (the keep): 11.
    Score: fox and rabbit (no mouse garden): 2."""
    s = ritual_position(("anvil", "cobbler", "codebreakers", "armorers"))
    assert lor.recruit_clearings(s) == [c for c in range(1, 13) if c != 4]
    assert lor.score_suits(s, set()) == ["fox", "rabbit"]
    sc = Script(daylight__ritual=[ritual("build")], build__clearing=[clearing(9)])
    lor.daylight(cult_game(s, sc))
    assert sc.moves_at("daylight.ritual")[0] == [ritual("build"), ritual("recruit"), ritual("score"), ritual("sacrifice"), DONE]
    assert sc.moves_at("build.clearing")[0] == [clearing(5), clearing(9), clearing(10)]
    assert (L, "garden_mouse") in s.clearings[9].buildings


def test_lor_10_5_1_build_a_garden_of_the_clearings_suit() -> None:
    s = ritual_position(("cobbler",))
    sc = Script(daylight__ritual=[ritual("build")], build__clearing=[clearing(10)])
    g = cult_game(s, sc)
    lor.daylight(g)
    assert (L, "garden_rabbit") in s.clearings[10].buildings
    assert s.factions[L].hand == [] and b(s).revealed == [card(s, "cobbler")]
    assert [e.rule for e in g.log.of_kind("reveal")] == ["LoR 10.5.1"]


def test_lor_10_5_2_recruit_in_a_clearing_matching_the_card() -> None:
    s = ritual_position(("tax_collector", "tax_collector#2"))
    sc = Script(daylight__ritual=[ritual("recruit")], recruit__clearing=[clearing(6)])
    lor.daylight(cult_game(s, sc))
    assert sc.moves_at("recruit.clearing")[0] == [clearing(c) for c in (1, 6, 8, 12)]  # the fox clearings
    assert s.clearings[6].warriors[L] == 1 and len(b(s).revealed) == 1
    assert sc.moves_at("ritual.card") == []  # two copies of one card: no choice to ask


def test_lor_10_5_3_score_once_per_suit_the_card_to_the_lost_souls() -> None:
    """Two rabbit gardens on the map: the rightmost empty space of the rabbit track shows 2 VP
    (ruling R-LOR-LIZ-TRACKS). The card is spent to the Lost Souls; rabbit cannot be scored
    again this turn though another rabbit card is in hand."""
    s = ritual_position(("cobbler", "command_warren"))
    s.clearings[10].buildings.append((L, "garden_rabbit"))
    s.factions[L].supply["garden_rabbit"] -= 1
    sc = Script(daylight__ritual=[ritual("score")])
    g = cult_game(s, sc)
    lor.daylight(g)
    assert s.factions[L].vp == 2
    assert names(s, b(s).lost_souls) == ["cobbler"] and b(s).revealed == []
    assert ritual("score") not in sc.moves_at("daylight.ritual")[1]
    assert [e.rule for e in g.log.of_kind("score")] == ["LoR 10.5.3"]


def test_lor_10_5_3_no_score_without_a_garden_of_the_suit() -> None:
    s = ritual_position(("codebreakers",))  # a mouse card; no mouse garden on the map
    assert lor.score_suits(s, set()) == []


@pytest.mark.parametrize(("n", "vp"), [(1, 0), (2, 2), (3, 2), (4, 3), (5, 4)])
def test_lor_10_5_3_the_gardens_track_values(n: int, vp: int) -> None:
    spots = [1, 8, 8, 6, 12][:n]  # 6 and 12 hold a ruin each
    clearings: dict[int, dict] = {}
    for c in spots:
        clearings.setdefault(c, {"buildings": []})["buildings"].append(GARDEN_FOX)
    s = cult(clearings, hand=("anvil",))
    lor.daylight(cult_game(s, Script(daylight__ritual=[ritual("score")])))
    assert s.factions[L].vp == vp


def test_lor_10_5_4_sacrifice_and_10_2_2_hatred_of_birds() -> None:
    """A hand of bird cards only: birds are not wild for rituals (LoR 10.2.2), so neither Build
    (the Cult rules 5, 9 and 10), Recruit nor Score is offered, only Sacrifice, which puts a
    warrior of the supply in the Acolytes box."""
    s = ritual_position(("armorers", "sappers"))
    supply = s.factions[L].supply["warrior"]
    sc = Script(daylight__ritual=[ritual("sacrifice")], ritual__card=[Move("card", (card(s, "sappers"),))])
    g = cult_game(s, sc)
    lor.daylight(g)
    assert sc.moves_at("daylight.ritual")[0] == [ritual("sacrifice"), DONE]
    assert sc.moves_at("ritual.card")[0] == [Move("card", (card(s, "armorers"),)), Move("card", (card(s, "sappers"),))]
    assert b(s).acolytes == 1 and s.factions[L].supply["warrior"] == supply - 1
    assert b(s).revealed == [card(s, "sappers")]
    assert [e.rule for e in g.log.of_kind("acolyte")] == ["LoR 10.5.4"]


def test_lor_10_5_revealed_cards_are_public_the_hand_is_not() -> None:
    s = ritual_position(("cobbler", "anvil"))
    lor.daylight(cult_game(s, Script(daylight__ritual=[ritual("build")], build__clearing=[clearing(10)])))
    view = SeatView(s, "marquise")
    assert view.public_cards(L) == {"lost_souls": (), "revealed": (card(s, "cobbler"),)}
    assert view.hand_sizes[L] == 1 and view.hand == ()


# -- Evening (LoR 10.6) ------------------------------------------------------------------------------------
def test_lor_10_6_1_revealed_cards_return_to_the_hand() -> None:
    s = cult({}, revealed=["cobbler", "anvil"])
    g = cult_game(s)
    lor.return_revealed(g)
    assert names(s, s.factions[L].hand) == ["cobbler", "anvil"] and b(s).revealed == []
    assert g.log.of_kind("return_revealed")[0].rule == "LoR 10.6.1"


def test_lor_10_6_2_and_10_2_1_craft_with_gardens_of_the_outcast_suit() -> None:
    """The Outcast fox: the fox garden in 1 is a crafting piece, the two rabbit gardens are not,
    so Anvil (fox) can be crafted and Cobbler (rabbit, rabbit) cannot. The crafted item's card
    goes to the Lost Souls (LoR 10.2.6)."""
    s = cult({1: {"buildings": [GARDEN_FOX]}, 5: {"buildings": [GARDEN_RABBIT, GARDEN_RABBIT]}}, hand=("anvil", "cobbler"))
    assert lor.garden_pieces(s) == {"fox": 1, "rabbit": 0, "mouse": 0}
    sc = Script(evening__craft=[Move("craft", (card(s, "anvil"),))])
    lor.crafting(cult_game(s, sc))
    assert sc.moves_at("evening.craft")[0] == [Move("craft", (card(s, "anvil"),)), DONE]
    assert s.factions[L].items == ["hammer"] and s.factions[L].vp == 2
    assert names(s, b(s).lost_souls) == ["anvil"]


@pytest.mark.parametrize(("rabbit_gardens", "drawn"), [(1, 1), (2, 2), (3, 2)])
def test_lor_10_6_3_draw_one_plus_the_uncovered_draw_bonuses(rabbit_gardens: int, drawn: int) -> None:
    """The second garden of a suit uncovers its track's draw bonus (ruling R-LOR-LIZ-TRACKS):
    one card, plus one for the rabbit track once two rabbit gardens are on the map."""
    s = cult({5: {"buildings": [GARDEN_RABBIT] * min(rabbit_gardens, 2)}, 10: {"buildings": [GARDEN_RABBIT] * max(rabbit_gardens - 2, 0)}})
    g = cult_game(s)
    lor.evening(g)
    assert len(s.factions[L].hand) == drawn
    assert g.log.of_kind("draw")[-1].rule == "LoR 10.6.3"


def test_lor_10_6_3_discard_down_to_five_into_the_lost_souls() -> None:
    hand = ("anvil", "cobbler", "codebreakers", "armorers", "sappers", "bake_sale")
    s = cult({}, hand=hand)
    lor.evening(cult_game(s))
    assert len(s.factions[L].hand) == 5 and len(b(s).lost_souls) == 2 and s.discard == []


def test_lor_10_6_evening_in_order_revealed_back_before_crafting() -> None:
    """LoR 10.6: a card revealed in Daylight is back in hand in time to be crafted."""
    s = cult({1: {"buildings": [GARDEN_FOX]}}, revealed=["anvil"])
    sc = Script(evening__craft=[lambda moves: moves[0]])
    lor.evening(cult_game(s, sc))
    assert s.factions[L].items == ["hammer"]


# -- the faction rules that act on anyone's turn (LoR 10.2) -------------------------------------------------
def test_lor_10_2_3_revenge_warriors_lost_defending_become_acolytes() -> None:
    s = cult({1: {"warriors": {L: 2, "marquise": 3}}})
    supply = s.factions[L].supply["warrior"]
    g = cult_game(s, chance=[("roll", (2, 0))])
    battle(g, "marquise", L, 1, "test")
    assert L not in s.clearings[1].warriors
    assert b(s).acolytes == 2 and s.factions[L].supply["warrior"] == supply
    assert [e.rule for e in g.log.of_kind("acolyte")] == ["LoR 10.2.3"]


def test_lor_10_2_4_pilgrims_gardens_rule_even_against_lords_of_the_forest() -> None:
    s = cult({12: {"warriors": {"marquise": 3}, "buildings": [GARDEN_FOX]}, 2: {"warriors": {"eyrie": 2}, "buildings": [["eyrie", "roost"], GARDEN_MOUSE]}}, seats=("marquise", "eyrie", L))
    assert ruler(s, 12) == L and ruler(s, 2) == L


def test_lor_10_2_5_fear_of_the_faithful_a_random_card_to_the_lost_souls() -> None:
    s = cult({1: {"warriors": {"marquise": 1}, "buildings": [GARDEN_FOX]}}, hand=("anvil", "cobbler"))
    g = cult_game(s, chance=[("pick", card(s, "cobbler"))])
    remove_piece(g, L, 1, "garden_fox", "LoR 4.3.4", by="marquise")
    assert names(s, s.factions[L].hand) == ["anvil"] and names(s, b(s).lost_souls) == ["cobbler"]
    assert [e.rule for e in g.log.of_kind("discard")] == ["LoR 10.2.5"]
    assert s.factions["marquise"].vp == 1


def test_lor_10_2_5_no_random_discard_for_a_seat_played_by_table_lines() -> None:
    """A Cult whose lines are written at the table (board mode, no controller that chooses):
    the table writes the discard itself; the engine leaves its hand alone."""
    s = cult({1: {"buildings": [GARDEN_FOX]}}, hand=("anvil",))
    g = game(s)
    remove_piece(g, L, 1, "garden_fox", "test", by="marquise")
    assert names(s, s.factions[L].hand) == ["anvil"] and b(s).lost_souls == []


def test_lor_10_2_6_the_lost_souls_catch_every_seats_spent_and_discarded_cards() -> None:
    """A human Marquise played by a program spends a card and crafts an item; a bot discards its
    order card; the Cult's own spent card: all go to the Lost Souls, none to the discard pile."""
    s = cult({}, hand=("cobbler",), seats=("marquise", "eyrie", L), humans=("marquise", L))
    s.factions["marquise"].hand.extend([card(s, "anvil"), card(s, "bake_sale")])
    s.deck.remove(card(s, "anvil"))
    s.deck.remove(card(s, "bake_sale"))
    g = cult_game(s, marquise=ProgramController(Script()))
    spend(g, "marquise", card(s, "bake_sale"), "LoR 6.5", "for a test")
    craft(g, "marquise", card(s, "anvil"), {"fox": 1}, "LoR 6.5.1")
    set_order(g, "eyrie", "root_tea_mouse")
    discard_order(g, "eyrie", "test")
    assert names(s, b(s).lost_souls) == ["bake_sale", "anvil", "root_tea_mouse"] and s.discard == []
    assert all(e.rule == "LoR 10.2.6" for e in g.log.of_kind("lost_soul"))


# -- the board saved -----------------------------------------------------------------------------------------
def test_cult_board_round_trip_and_cards() -> None:
    s = cult({}, hand=("anvil",), lost_souls=["cobbler"], revealed=["bake_sale"], outcast="mouse", hated=True, acolytes=3)
    board = b(s)
    assert (board.outcast, board.hated, names(s, board.revealed)) == ("mouse", True, ["bake_sale"])
    invariants.check(s)  # the 54 cards: revealed and Lost Souls counted
    data = serial.to_json(s)
    assert data["factions"][L]["lizards"] == {"acolytes": 3, "lost_souls": ["cobbler"], "revealed": ["bake_sale"], "outcast": "mouse", "hated": True}
    assert serial.to_json(serial.from_json(data)) == data
    c = board.clone()
    c.revealed.clear()
    c.hated = False
    assert board.revealed and board.hated


def test_cult_board_before_setup_writes_as_the_companion_did() -> None:
    """No marker, nothing revealed: the saved board is the one board mode has always written."""
    s = position({}, seats=("marquise", L), humans=(L,), lizards={"lizards": {"acolytes": 1, "lost_souls": []}})
    assert serial.to_json(s)["factions"][L]["lizards"] == {"acolytes": 1, "lost_souls": []}


@pytest.mark.parametrize(("board", "field"), [({"outcast": "bird"}, "lizards.outcast"), ({"hated": True}, "lizards.hated"), ({"hated": "yes", "outcast": "fox"}, "lizards.hated")])
def test_cult_board_errors_name_the_field(board: dict, field: str) -> None:
    with pytest.raises(StateError) as e:
        position({}, seats=("marquise", L), humans=(L,), lizards={"lizards": board})
    assert f"factions.{L}.{field}" in str(e.value)


def test_cult_board_described() -> None:
    from rootbotics.core.faction import rules_of

    s = cult({}, lost_souls=["cobbler"], revealed=["anvil"], outcast="rabbit", hated=True)
    shown = rules_of(L).describe_board(s, s.factions[L])
    assert "  outcast: rabbit (Hated)" in shown and "  revealed: Anvil" in shown


# -- random programs in whole games ----------------------------------------------------------------------------
OTHERS = (("marquise", "eyrie", "vagabot"), ("eyrie", "alliance", "riverfolk"), ("marquise", "duchy", "corvids"), ("alliance", "vagabot", "riverfolk"))


@pytest.mark.parametrize("seed", range(24))
def test_random_cult_seat_plays_whole_games(seed: int) -> None:
    maps = ("fall", "winter", "lake", "mountain")
    others = OTHERS[(seed // 4) % len(OTHERS)]
    seats = [Seat(f) for f in others] + [Seat(L, "human")]
    if seed % 3 == 2 and others[0] in ("marquise", "eyrie", "alliance"):
        seats[0] = Seat(others[0], "human")  # another seat played by a program beside it
    controllers = {x.faction: ProgramController(builtin("random" if seed % 2 else "greedy", seed, x.faction)) for x in seats if x.seat == "human"}
    g = new_game(GameConfig(seats, maps[seed % 4], seed), controllers=controllers)
    check_every_event(g, ("outcast_marker", "return_revealed"))
    play(g)
    assert g.state.winner
    assert any(e.faction == L and e.kind == "reveal" for e in g.log)


@pytest.mark.parametrize("seed", range(6))
def test_random_cult_beside_other_program_seats_with_the_exiles_deck_or_cooperative(seed: int) -> None:
    """Three seats played by programs (Marquise, Eyrie, Cult) and the Vagabot: with the Exiles and
    Partisans deck (its cards spent and discarded go to the Lost Souls too), or in Fully
    Cooperative Play."""
    maps = ("fall", "winter", "lake", "mountain")
    seats = [Seat("marquise", "human"), Seat("eyrie", "human"), Seat(L, "human"), Seat("vagabot")]
    controllers = {x.faction: ProgramController(builtin("random" if seed % 3 else "greedy", seed, x.faction)) for x in seats if x.seat == "human"}
    options = {"deck": "exiles-partisans"} if seed % 2 else {"cooperative": True}
    g = new_game(GameConfig(seats, maps[seed % 4], seed, options=options), controllers=controllers)
    g.log.listeners.append(lambda e: invariants.check(g.state))
    play(g)
    assert g.state.winner and any(e.faction == L and e.kind == "outcast_marker" for e in g.log)


# -- at the table, in law mode ---------------------------------------------------------------------------------
def test_a_law_mode_cult_at_the_table_sets_up_and_conspires_by_moves(tmp_path: Any) -> None:
    """``rootbotics table`` with the Cult played by legal moves beside two bots (Fall, seed 7):
    its corner (1 or 3, the others' corners taken), its outcast marker, then its first Birdsong
    turns the marker to the suit of the Lost Souls (the Marquise's discarded order card, LoR
    10.2.6) and offers the conspiracies its acolytes (Revenge, LoR 10.2.3) pay for. A reload
    replays the answers to the same question."""
    from rootbotics.table.session import Session, TableConfig, TableSeat
    from rootbotics.table.terminal import handle

    path = tmp_path / "g.json"
    seats = [TableSeat("marquise", "bot"), TableSeat("eyrie", "bot"), TableSeat(L, "human", "Ann", rules="law")]
    session = Session(TableConfig(seats, "fall", None, 7), path)
    handle(session, "ok all")
    assert session.play.pending is not None and session.play.pending.decision.moves == [clearing(1), clearing(3)]
    for line in ["clearing 3", "rabbit", "ok all", "ok all", "ok all"]:
        handle(session, line)
    q = session.play.pending
    assert q is not None and q.decision.step == "birdsong.conspiracy" and conspiracy("convert") in q.decision.moves
    s = session.play.g.state
    assert (L, "garden_rabbit") in s.clearings[3].buildings and b(s).outcast == "mouse" and b(s).acolytes >= 2
    again = Session.load(path)
    assert again.play.pending is not None and again.play.pending.decision.step == "birdsong.conspiracy"
