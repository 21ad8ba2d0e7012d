"""The Eyrie Dynasties by the Law of Root (LoR 7) for a seat played by legal moves
(``factions/eyrie/lor.py``): scenario tests per rule, perft counts, save and load of the human
board, and random programs in whole games on the four maps with the invariants after every event."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from rootbotics.core import invariants, serial
from rootbotics.core.moves import DONE, Move
from rootbotics.core.fields import StateError
from rootbotics.core.rules import ruler
from rootbotics.factions.eyrie import lor
from rootbotics.factions.eyrie.board import LEADERS, VIZIER, DynastyBoard
from rootbotics.game import GameConfig, Seat, new_game, play
from rootbotics.programs import ProgramController, builtin
from tests.helpers import game, position
from tests.lor.scripted import check_every_event

V = "loyal_vizier"
EMPTY = {"recruit": [], "move": [], "battle": [], "build": []}


def decree(**cols: list[str]) -> dict[str, list[str]]:
    return {**EMPTY, **cols}


def eyrie(leader: str = "builder", hand: tuple[str, ...] = (), deposed: tuple[str, ...] = (), **cols: list[str]) -> dict:
    """A human Eyrie's saved seat: the Viziers go where ``leader`` puts them, before ``cols``."""
    d = decree(**{k: list(v) for k, v in cols.items()})
    for col in LEADERS[leader]:
        d[col] = [V, *d[col]]
    return {"hand": list(hand), "decree": d, "leader": leader, "deposed_leaders": list(deposed)}


class Script:
    """A program answering from ``answers`` (step -> list of answers, each a Move or a function of
    the legal moves), else ``done`` when offered, else the first move. It records every decision."""

    def __init__(self, **answers: list[Move | Callable[[list[Move]], Move]]) -> None:
        self.answers = {k.replace("__", "."): list(v) for k, v in answers.items()}
        self.seen: list[tuple[str, list[Move]]] = []

    def __call__(self, view, decision) -> Move:
        moves = list(decision.moves)
        self.seen.append((decision.step, moves))
        queue = self.answers.get(decision.step)
        if queue:
            a = queue.pop(0)
            return a(moves) if callable(a) else a
        return DONE if DONE in moves else moves[0]

    def moves_at(self, step: str) -> list[list[Move]]:
        return [m for s, m in self.seen if s == step]


def eyrie_game(state, script: Script | None = None, chance=None):
    ctl = ProgramController(script or Script())
    g = game(state, chance, eyrie=ctl) if chance is not None else game(state, eyrie=ctl)
    g.log.listeners.append(lambda e: invariants.check(g.state))
    return g


def card(state, name: str) -> int:
    return state.deckdef.by_name[name]


def kinds(g) -> list[str]:
    return [e.kind for e in g.log if e.faction == "eyrie"]


# -- setup (LoR 7.3) ------------------------------------------------------------------------------------
def test_lor_7_3_2_setup_corner_opposite_another_start():
    """The Marquise starts in corner 1: only the corner diagonally opposite (3) is offered."""
    s = position({}, humans=("eyrie",))
    s.start_corners["marquise"] = 1
    sc = Script(setup__leader=[Move("leader", ("despot",))])
    g = eyrie_game(s, sc)
    lor.setup(g)
    assert sc.moves_at("setup.corner") == [[Move("clearing", (3,))]]
    cl = s.clearings[3]
    assert ("eyrie", "roost") in cl.buildings and cl.warriors["eyrie"] == 6
    assert s.start_corners["eyrie"] == 3
    b = s.factions["eyrie"].board
    assert b.leader == "despot" and b.decree == {"recruit": [], "move": [VIZIER], "battle": [], "build": [VIZIER]}
    assert s.factions["eyrie"].supply == {"warrior": 14, "roost": 6}


def test_lor_7_3_2_setup_no_opposite_corner_free():
    """Start corners 1 and 3 are taken; neither 2 nor 4 is opposite a starting corner, so both are
    offered (the 'if possible' of LoR 7.3.2)."""
    s = position({}, seats=("marquise", "eyrie", "alliance"), humans=("eyrie",))
    s.start_corners.update({"marquise": 1, "alliance": 3})
    sc = Script()
    lor.setup(eyrie_game(s, sc))
    assert sc.moves_at("setup.corner") == [[Move("clearing", (2,)), Move("clearing", (4,))]]


@pytest.mark.parametrize("leader", list(LEADERS))
def test_lor_7_3_4_viziers_in_the_leaders_columns(leader):
    s = position({}, humans=("eyrie",))
    sc = Script(setup__leader=[Move("leader", (leader,))])
    g = eyrie_game(s, sc)
    lor.setup(g)
    assert len(sc.moves_at("setup.leader")[0]) == 4  # LoR 7.3.3: any of the four
    d = s.factions["eyrie"].board.decree
    assert [col for col in d if d[col] == [VIZIER]] == [c for c in ("recruit", "move", "battle", "build") if c in LEADERS[leader]]


# -- Birdsong (LoR 7.4) -----------------------------------------------------------------------------------
def test_lor_7_4_1_emergency_orders_draw_when_hand_empty():
    s = position({1: {"warriors": {"eyrie": 2}, "buildings": [["eyrie", "roost"]]}}, humans=("eyrie",), eyrie=eyrie())
    g = eyrie_game(s, chance=None)
    lor.birdsong(g)
    assert [e.rule for e in g.log.of_kind("draw")] == ["LoR 7.4.1"]
    assert s.factions["eyrie"].hand == []  # the drawn card went straight into the Decree
    assert len(s.factions["eyrie"].board.cards()) == 1


def perft(build: Callable[[], object], act: Callable[[object], object]) -> int:
    """Every complete sequence of decisions of ``act`` on a fresh position from ``build``,
    counted by replaying the decisions taken so far and branching on the next one."""
    class Stop(Exception):
        pass

    def run(prefix: list[int]) -> int | None:
        picks = iter(prefix)
        width: list[int] = []

        def program(view, decision):
            k = next(picks, None)
            if k is None:
                width.append(len(decision.moves))
                raise Stop
            return decision.moves[k]
        try:
            act(game(build(), eyrie=ProgramController(program)))
        except Stop:
            return width[0]
        return None

    def count(prefix: list[int]) -> int:
        width = run(prefix)
        return 1 if width is None else sum(count([*prefix, k]) for k in range(width))
    return count([])


def add_sequences(hand: tuple[str, ...]) -> int:
    return perft(lambda: position({}, humans=("eyrie",), eyrie=eyrie(hand=hand)), lor.add_to_decree)


def test_lor_7_4_2_perft_add_to_the_decree():
    """Hand: Anvil (fox), Ambush (bird), Armorers (bird). By hand: the first card is any of the 3,
    into any of 4 columns. After the Anvil, a second card may be either bird or none (3 choices);
    after a bird, only the Anvil or none (2: at most one bird, LoR 7.4.2). Sequences of cards:
    Anvil then Ambush, Anvil then Armorers, Ambush then Anvil, Armorers then Anvil (4 with two
    cards, 4 x 4 columns each = 64) and each card alone (3 x 4 = 12): 76."""
    assert add_sequences(("anvil", "ambush_bird", "armorers")) == 76


def test_lor_7_4_2_at_most_one_bird():
    s = position({}, humans=("eyrie",), eyrie=eyrie(hand=("ambush_bird", "armorers")))
    sc = Script(decree__card=[lambda ms: ms[0]], decree__column=[Move("column", ("battle",))])
    g = eyrie_game(s, sc)
    lor.add_to_decree(g)
    assert sc.moves_at("decree.second") == []  # the other card is a bird: no second card
    assert s.factions["eyrie"].board.decree["battle"] == [card(s, "ambush_bird")]


def test_lor_7_4_3_a_new_roost_in_a_clearing_with_fewest_warriors():
    """No roost on the map: the roost and three warriors go to a clearing with the fewest warriors
    where they can be placed. Clearings 1 and 3 (one slot each) are full; 2 holds a warrior;
    every other clearing with room holds none."""
    clearings = {
        1: {"buildings": [["marquise", "sawmill"]]},
        3: {"buildings": [["marquise", "workshop"]]},
        2: {"warriors": {"marquise": 1}},
        4: {"warriors": {"marquise": 2, "eyrie": 1}},
    }
    clearings.update({c: {"warriors": {"marquise": 1}} for c in (5, 6, 7, 8, 9, 10, 11)})
    s = position(clearings, humans=("eyrie",), eyrie=eyrie())
    sc = Script()
    g = eyrie_game(s, sc)
    lor.a_new_roost(g)
    assert sc.moves_at("birdsong.new_roost") == [[Move("clearing", (12,))]]
    assert ("eyrie", "roost") in s.clearings[12].buildings and s.clearings[12].warriors["eyrie"] == 3


# -- Daylight (LoR 7.5) -----------------------------------------------------------------------------------
def test_lor_7_5_1_craft_with_roosts_and_disdain_for_trade():
    """A roost in fox clearing 1 crafts the Anvil (fox): one VP, not two (LoR 7.2.3)."""
    s = position({1: {"warriors": {"eyrie": 1}, "buildings": [["eyrie", "roost"]]}}, humans=("eyrie",), eyrie=eyrie("charismatic", hand=("anvil",)))
    sc = Script(daylight__craft=[lambda ms: next(m for m in ms if m.kind == "craft")])
    g = eyrie_game(s, sc)
    lor.daylight(g)
    assert s.factions["eyrie"].items == ["hammer"]
    assert [e.data["n"] for e in g.log.of_kind("score") if e.rule == "LoR 3.2.2"] == [1]


def test_lor_7_8_1_builder_ignores_disdain_for_trade():
    s = position({1: {"warriors": {"eyrie": 1}, "buildings": [["eyrie", "roost"]]}}, humans=("eyrie",), eyrie=eyrie("builder", hand=("anvil",)))
    sc = Script(daylight__craft=[lambda ms: next(m for m in ms if m.kind == "craft")])
    g = eyrie_game(s, sc)
    lor.daylight(g)
    assert [e.data["n"] for e in g.log.of_kind("score") if e.rule == "LoR 3.2.2"] == [2]


def test_lor_7_5_2_columns_left_to_right():
    """Builder: Viziers in Recruit and Move. A fox card in Build. Recruit (clearing 1's roost),
    then Move, then Build in ruled fox clearing 12... in that order."""
    clearings = {1: {"warriors": {"eyrie": 3}, "buildings": [["eyrie", "roost"]]}, 12: {"warriors": {"eyrie": 1}}}
    s = position(clearings, humans=("eyrie",), eyrie=eyrie("builder", build=["anvil"]))
    g = eyrie_game(s, Script(decree__move__from=[Move("from", (1,))], decree__move__to=[Move("to", (10,))]))
    assert lor.resolve_decree(g)
    rules_seen = [e.rule for e in g.log if e.kind in ("place_warriors", "move", "place_building")]
    assert rules_seen == ["LoR 7.5.2.1", "LoR 7.5.2.2", "LoR 7.5.2.4"]
    assert ("eyrie", "roost") in s.clearings[12].buildings


def test_lor_7_5_2_perft_order_within_a_column():
    """Builder: Recruit holds a Vizier (bird), the Anvil and Foxfolk Steel (fox) and A Visit to
    Friends (rabbit); roosts in fox 1 and rabbit 3. By hand: the cards are taken one suit at a
    time, so the orders are those of the multiset {bird, fox, fox, rabbit}: 4!/2! = 12. A fox card
    can only recruit in 1, the rabbit in 3, the bird in either (2): 12 x 2 = 24. Only the Recruit
    column is resolved here: the other columns are emptied first."""
    def build():
        clearings = {1: {"warriors": {"eyrie": 10}, "buildings": [["eyrie", "roost"]]}, 3: {"warriors": {"eyrie": 6}, "buildings": [["eyrie", "roost"]]}}
        return position(clearings, humans=("eyrie",), eyrie=eyrie("builder", recruit=["anvil", "foxfolk_steel", "a_visit_to_friends"]))

    def act(g):
        d = g.state.factions["eyrie"].board.decree
        g.state.factions["eyrie"].board.decree = {"recruit": d["recruit"], "move": [], "battle": [], "build": []}
        assert lor.resolve_decree(g)
    assert perft(build, act) == 24


def test_lor_7_5_2_1_recruit_only_in_matching_roost_clearings():
    """A fox card in Recruit: roosts in fox 1 and rabbit 3; only 1 is offered (perft 1). The
    Vizier (bird) is offered both."""
    clearings = {1: {"buildings": [["eyrie", "roost"]]}, 3: {"buildings": [["eyrie", "roost"]]}}
    s = position(clearings, humans=("eyrie",), eyrie=eyrie("charismatic", recruit=["anvil"]))
    sc = Script(decree__next=[Move("decree_card", ("recruit", "fox"))])
    g = eyrie_game(s, sc)
    lor.recruit(g, "fox")
    assert sc.moves_at("decree.recruit") == [[Move("clearing", (1,))]]
    assert s.clearings[1].warriors["eyrie"] == 2  # the Charismatic places two (LoR 7.8.2)
    lor.recruit(g, "bird")
    assert sc.moves_at("decree.recruit")[1] == [Move("clearing", (1,)), Move("clearing", (3,))]


def test_lor_7_8_2_charismatic_with_one_warrior_left_falls_into_turmoil():
    """Ruling R-LOR-EYRIE-CHARISMATIC: the last warrior is placed, and the action was not fully
    taken."""
    s = position({1: {"warriors": {"eyrie": 19}, "buildings": [["eyrie", "roost"]]}}, humans=("eyrie",), eyrie=eyrie("charismatic"))
    g = eyrie_game(s)
    assert not lor.recruit(g, "fox")
    assert s.clearings[1].warriors["eyrie"] == 20


def test_lor_7_5_2_1_recruit_with_no_warriors_in_supply_is_turmoil():
    s = position({1: {"warriors": {"eyrie": 20}, "buildings": [["eyrie", "roost"]]}}, humans=("eyrie",), eyrie=eyrie("builder", recruit=["anvil"]))
    g = eyrie_game(s)
    lor.daylight(g)
    assert "turmoil" in kinds(g)


def test_lor_7_5_2_2_move_from_a_matching_clearing_perft():
    """A rabbit Move card. Warriors: 2 in rabbit clearing 5, 1 in fox clearing 1. By hand: the
    origin must be rabbit: 5 only. From 5 the Eyrie may go to 1 or 2 (it rules 5): 2 choices, each
    with 1 or 2 warriors: 4 complete moves."""
    s = position({5: {"warriors": {"eyrie": 2}}, 1: {"warriors": {"eyrie": 1}}}, humans=("eyrie",), eyrie=eyrie())
    sc = Script()
    g = eyrie_game(s, sc)
    assert lor.move(g, "rabbit")
    assert sc.moves_at("decree.move.from") == [[Move("from", (5,))]]
    assert sc.moves_at("decree.move.to") == [[Move("to", (1,)), Move("to", (2,))]]
    assert len(sc.moves_at("decree.move.count")[0]) == 2


def test_lor_7_5_2_2_no_matching_warriors_is_turmoil():
    s = position({1: {"warriors": {"eyrie": 3}, "buildings": [["eyrie", "roost"]]}}, humans=("eyrie",), eyrie=eyrie("despot", move=["a_visit_to_friends"]))
    g = eyrie_game(s)
    assert not lor.move(g, "rabbit")


def test_lor_7_5_2_3_battle_in_a_matching_clearing():
    clearings = {1: {"warriors": {"eyrie": 2, "marquise": 1}}, 3: {"warriors": {"eyrie": 2, "marquise": 1}}}
    s = position(clearings, humans=("eyrie",), eyrie=eyrie())
    sc = Script()
    g = eyrie_game(s, sc, chance=[("roll", (1, 0))])
    assert lor.battle(g, "rabbit")
    assert sc.moves_at("decree.battle.clearing") == [[Move("clearing", (3,))]]
    assert s.clearings[3].warriors.get("marquise", 0) == 0
    assert not lor.battle(g, "rabbit")  # nobody left to battle in a rabbit clearing


def test_lor_7_5_2_4_build_in_a_ruled_matching_clearing_with_no_roost():
    """Fox clearings: 1 (roost already), 6 (ruled by the Marquise), 8 (ruled by the Eyrie), 12
    (tied: Lords of the Forest, LoR 7.2.2, give it to the Eyrie)."""
    clearings = {
        1: {"warriors": {"eyrie": 1}, "buildings": [["eyrie", "roost"]]},
        6: {"warriors": {"eyrie": 1, "marquise": 2}},
        8: {"warriors": {"eyrie": 1}},
        12: {"warriors": {"eyrie": 1, "marquise": 1}},
    }
    s = position(clearings, humans=("eyrie",), eyrie=eyrie())
    sc = Script()
    g = eyrie_game(s, sc)
    assert lor.build(g, "fox")
    assert sc.moves_at("decree.build") == [[Move("clearing", (8,)), Move("clearing", (12,))]]


def test_lor_7_2_2_lords_of_the_forest_for_a_human_seat():
    s = position({12: {"warriors": {"eyrie": 1, "marquise": 1}}, 9: {"warriors": {"marquise": 1}, "buildings": [["eyrie", "roost"]]}}, humans=("eyrie",), eyrie=eyrie())
    assert ruler(s, 12) == "eyrie" and ruler(s, 9) == "eyrie"


# -- Turmoil (LoR 7.7) ------------------------------------------------------------------------------------
def test_lor_7_7_turmoil_humiliate_purge_depose_rest():
    """Commander (Viziers in Move and Battle). Recruit: a fox card with no fox roost. Decree birds:
    2 Viziers + the Ambush in Build = 3 VP lost; every card but the Viziers purged; the Commander
    face down; the Despot chosen from the 3 face up; Viziers in Move and Build; no Move or Battle
    is taken (Daylight ends)."""
    clearings = {3: {"warriors": {"eyrie": 3, "marquise": 1}, "buildings": [["eyrie", "roost"]]}}
    s = position(clearings, humans=("eyrie",), eyrie=eyrie("commander", recruit=["anvil"], build=["ambush_bird"]), marquise={"vp": 0})
    s.factions["eyrie"].vp = 5
    sc = Script(turmoil__leader=[Move("leader", ("despot",))])
    g = eyrie_game(s, sc)
    lor.daylight(g)
    assert sc.moves_at("turmoil.leader") == [[Move("leader", (name,)) for name in ("builder", "charismatic", "despot")]]
    b = s.factions["eyrie"].board
    assert s.factions["eyrie"].vp == 2
    assert b.leader == "despot" and b.deposed == ["commander"]
    assert b.decree == {"recruit": [], "move": [VIZIER], "battle": [], "build": [VIZIER]}
    assert card(s, "anvil") in s.discard and card(s, "ambush_bird") in s.discard
    assert [k for k in kinds(g) if k in ("turmoil", "lose_vp", "purge", "depose", "leader", "viziers", "rest")] == [
        "turmoil", "lose_vp", "purge", "purge", "depose", "leader", "viziers", "rest"]
    assert "battle" not in kinds(g) and "move" not in kinds(g)


def test_lor_7_7_3_1_a_new_clutch():
    s = position({}, humans=("eyrie",), eyrie=eyrie("despot", deposed=("builder", "charismatic", "commander"), build=["anvil"]))
    sc = Script(turmoil__leader=[Move("leader", ("despot",))])
    g = eyrie_game(s, sc)
    lor.daylight(g)
    assert sc.moves_at("turmoil.leader") == [[Move("leader", (name,)) for name in LEADERS]]
    assert "new_clutch" in kinds(g)
    b = s.factions["eyrie"].board
    assert b.leader == "despot" and b.deposed == []


# -- Evening (LoR 7.6) ------------------------------------------------------------------------------------
def test_lor_7_6_roost_track_score_and_draw_bonus():
    """Three roosts on the map: the third space scores 2 VP and uncovers a draw bonus (1 + 1)."""
    clearings = {c: {"buildings": [["eyrie", "roost"]]} for c in (1, 2, 3)}
    s = position(clearings, humans=("eyrie",), eyrie=eyrie())
    g = eyrie_game(s)
    lor.evening(g)
    assert s.factions["eyrie"].vp == 2
    assert len(s.factions["eyrie"].hand) == 2


def test_lor_7_6_2_discard_down_to_five():
    s = position({1: {"buildings": [["eyrie", "roost"]]}}, humans=("eyrie",), eyrie=eyrie(hand=("anvil", "cobbler", "sappers", "armorers", "bake_sale")))
    g = eyrie_game(s)
    lor.evening(g)
    assert len(s.factions["eyrie"].hand) == 5 and s.factions["eyrie"].vp == 0


# -- leaders in battle (LoR 7.8) ------------------------------------------------------------------------------
def test_lor_7_8_3_commander_deals_an_extra_hit_as_attacker():
    s = position({1: {"warriors": {"eyrie": 1, "marquise": 3}}}, humans=("eyrie",), eyrie=eyrie("commander", battle=["anvil"]))
    g = eyrie_game(s, chance=[("roll", (1, 0))])
    assert lor.battle(g, "fox")
    assert s.clearings[1].warriors["marquise"] == 1
    assert any(e.rule == "LoR 7.8.3" for e in g.log.of_kind("extra_hit"))


def test_lor_7_8_4_despot_scores_one_more_for_a_battle_removing_buildings():
    """Two hits on a Marquise with one warrior and a sawmill: 1 VP for the sawmill (LoR 3.2.1)
    and 1 more as the Despot."""
    s = position({1: {"warriors": {"eyrie": 2, "marquise": 1}, "buildings": [["marquise", "sawmill"]]}}, humans=("eyrie",), eyrie=eyrie("despot"))
    g = eyrie_game(s, chance=[("roll", (2, 0))])
    assert lor.battle(g, "fox")
    assert s.factions["eyrie"].vp == 2
    assert [e.rule for e in g.log.of_kind("score")] == ["LoR 3.2.1", "LoR 7.8.4"]


def test_lor_7_8_4_no_despot_bonus_for_warriors_only():
    s = position({1: {"warriors": {"eyrie": 2, "marquise": 2}}}, humans=("eyrie",), eyrie=eyrie("despot"))
    g = eyrie_game(s, chance=[("roll", (2, 0))])
    lor.battle(g, "fox")
    assert s.factions["eyrie"].vp == 0


# -- the board saved ------------------------------------------------------------------------------------------
def test_dynasty_board_round_trip_and_cards():
    s = position({}, humans=("eyrie",), eyrie=eyrie("commander", hand=("cobbler",), deposed=("builder",), recruit=["anvil"], build=["ambush_bird"]))
    b = s.factions["eyrie"].board
    assert isinstance(b, DynastyBoard) and sorted(b.cards()) == sorted([card(s, "anvil"), card(s, "ambush_bird")])
    invariants.check(s)  # the 54 cards: the Decree's two are counted, the Viziers are not cards
    data = serial.to_json(s)
    assert data["factions"]["eyrie"]["decree"]["move"] == [V] and data["factions"]["eyrie"]["leader"] == "commander"
    assert serial.to_json(serial.from_json(data)) == data
    c = b.clone()
    c.decree["recruit"].clear()
    c.deposed.append("despot")
    assert b.decree["recruit"] and b.deposed == ["builder"]


def test_dynasty_board_errors_name_the_field():
    raw = eyrie("commander")
    raw["decree"]["move"] = []
    raw["decree"]["recruit"] = [V]
    with pytest.raises(StateError) as e:
        position({}, humans=("eyrie",), eyrie=raw)
    assert "factions.eyrie.decree" in str(e.value)
    with pytest.raises(StateError) as e:
        position({}, humans=("eyrie",), eyrie={**eyrie("despot"), "deposed_leaders": ["despot"]})
    assert "deposed_leaders" in str(e.value)


# -- random programs in whole games -----------------------------------------------------------------------------
def test_dynasty_board_described_and_refused_on_a_bot():
    from rootbotics.core.faction import rules_of

    s = position({}, humans=("eyrie",), eyrie=eyrie("commander", deposed=("builder",), recruit=["anvil"]))
    shown = rules_of("eyrie").describe_board(s, s.factions["eyrie"])
    assert shown[0] == "Leader: commander; face down: builder; face up: charismatic, despot"
    assert shown[1].columns == ("recruit", "move", "battle", "build") and shown[1].rows[0] == ("Anvil", "Loyal Vizier", "Loyal Vizier", "")
    with pytest.raises(StateError) as e:
        position({}, eyrie={"leader": "despot"})
    assert "factions.eyrie.leader" in str(e.value)


@pytest.mark.parametrize("seed", range(24))
def test_random_eyrie_seat_plays_whole_games(seed):
    maps = ("fall", "winter", "lake", "mountain")
    seats = [Seat("marquise"), Seat("eyrie", "human"), Seat("alliance"), Seat("vagabot")]
    if seed % 3 == 2:
        seats[0] = Seat("marquise", "human")
    controllers = {s.faction: ProgramController(builtin("random" if seed % 2 else "greedy", seed, s.faction)) for s in seats if s.seat == "human"}
    g = new_game(GameConfig(seats, maps[seed % 4], seed), controllers=controllers)
    check_every_event(g, ("depose", "decree_add"))
    play(g)
    assert g.state.winner
    assert any(e.faction == "eyrie" and e.kind == "decree_add" for e in g.log)
