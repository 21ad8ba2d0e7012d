"""Difficulty (3.3.1) and traits (3.3.2) of the Marquise and the Eyrie: each changes what the
bot does in a position where it matters, and the log names it as the reason."""

from __future__ import annotations

import pytest
from helpers import game, position, set_order

from rootbotics.factions.eyrie import bot as E
from rootbotics.factions.marquise import bot as M
from rootbotics.factions import DIFFICULTY_TEXT, TRAIT_TEXT
from rootbotics.core import invariants
from rootbotics.core.battle import battle
from rootbotics.core.chance import ScriptedChance
from rootbotics.factions.eyrie.board import VIZIER
from rootbotics.game import ConfigError, GameConfig, Seat, new_game, play


def bot(difficulty: str = "default", traits: tuple[str, ...] = ()) -> dict:
    return {"difficulty": difficulty, "traits": list(traits)}


def eyrie_bot(difficulty: str = "default", traits: tuple[str, ...] = (), **decree) -> dict:
    base = {"fox": [], "mouse": [], "rabbit": [], "bird": ["loyal_vizier", "loyal_vizier"]}
    base.update(decree)
    return {**bot(difficulty, traits), "decree": base}


# -- Marquise difficulty -------------------------------------------------------------------------
@pytest.mark.parametrize(("level", "placed"), [("easy", {6: 1, 8: 1}), ("default", {6: 2, 8: 2}), ("challenging", {6: 4, 8: 2})])
def test_3_3_1_marquise_recruit_by_difficulty(level: str, placed: dict[int, int]) -> None:
    s = position({6: {"warriors": {"marquise": 1}}, 8: {"warriors": {"marquise": 1}}}, marquise=bot(level))
    g = game(s)
    M.recruit(g, "fox")
    assert {c: s.warriors("marquise", c) - 1 for c in (6, 8)} == placed
    if level == "challenging":
        assert [e.rule for e in g.log.of_kind("place_warriors")][-1] == "3.3.1"
        assert "challenging difficulty" in g.log.of_kind("place_warriors")[-1].text


def test_3_3_1_marquise_easy_escalated_recruit_places_two() -> None:
    s = position({2: {"warriors": {"marquise": 1}}, 7: {"warriors": {"marquise": 1}}, 11: {"warriors": {"marquise": 1}}}, marquise=bot("easy"))
    M.escalated_recruit(game(s))
    assert [s.warriors("marquise", c) for c in (2, 7, 11)] == [1, 2, 2]


@pytest.mark.parametrize(("level", "vp"), [("default", 1), ("nightmare", 2)])
def test_3_3_1_marquise_nightmare_scores_one_at_the_end_of_evening(level: str, vp: int) -> None:
    s = position({1: {"warriors": {"marquise": 1}, "buildings": [["marquise", "sawmill"], ]}, 5: {"buildings": [["marquise", "sawmill"]]}}, marquise=bot(level))
    g = game(s)
    set_order(g, "marquise", "anvil")
    M.MechanicalMarquise().evening(g)
    assert s.factions["marquise"].vp == vp
    if level == "nightmare":
        assert g.log.events[-1].rule == "3.3.1" and "nightmare" in g.log.events[-1].text


# -- Marquise traits -----------------------------------------------------------------------------
@pytest.mark.parametrize("traits", [(), ("blitz",)])
def test_3_3_2_marquise_blitz(traits: tuple[str, ...]) -> None:
    s = position({5: {"warriors": {"marquise": 4}}, 2: {"warriors": {"eyrie": 1}}, 10: {"warriors": {"marquise": 1}}}, marquise=bot(traits=traits))
    g = game(s, [("roll", (0, 0))])
    M.blitz(g)
    if traits:
        # 5 is the highest-priority ruled clearing without enemies; 2 has the most enemies.
        assert s.warriors("marquise", 5) == 1 and s.warriors("marquise", 2) == 3
        assert g.log.of_kind("battle")[0].data["c"] == 2 and "Blitz" in g.log.of_kind("move")[0].text
    else:
        assert not g.log.of_kind("move") and s.warriors("marquise", 5) == 4


def test_3_3_2_marquise_blitz_says_blitz_once() -> None:
    s = position({5: {"warriors": {"marquise": 4}}, 2: {"warriors": {"eyrie": 1}}}, marquise=bot(traits=("blitz",)))
    g = game(s, [("roll", (0, 0))])
    M.blitz(g)
    (move,) = g.log.of_kind("move")
    assert move.text.count("Blitz") == 1 and "Blitz: Blitz:" not in move.text


def test_lor_1_5_4_an_empty_supply_names_the_step_it_stopped() -> None:
    # 22 warriors on the map and 3 in supply: Recruit (4.5.2) places three, and the Marquise's
    # challenging bonus (3.3.1) then finds none: the line says which step it was.
    s = position({1: {"warriors": {"marquise": 22}}}, marquise=bot("challenging"))
    g = game(s)
    M.recruit(g, "fox")
    (empty,) = g.log.of_kind("supply_empty")
    assert empty.rule == "3.3.1" and empty.text.startswith("has no warriors left in supply to place in 1 (LoR 1.5.4)")
    assert "challenging difficulty" in empty.text  # the level it came from (issue 31 part 4)


@pytest.mark.parametrize(("traits", "left"), [((), 0), (("fortified",), 1)])
def test_3_3_2_marquise_fortified_buildings_take_two_hits(traits, left) -> None:
    s = position({9: {"warriors": {"eyrie": 2}, "buildings": [["marquise", "sawmill"], ["marquise", "workshop"]]}}, marquise=bot(traits=traits), turn=1)
    g = game(s, [("roll", (2, 0)), ("pick", "sawmill")])
    battle(g, "eyrie", "marquise", 9, "test")  # 2 rolled + 1 defenseless = 3 hits
    assert s.clearings[9].buildings_of("marquise") == left
    if traits:
        assert g.log.of_kind("fortified")[0].rule == "3.3.2"


@pytest.mark.parametrize(("traits", "keep_warriors"), [((), 1), (("hospitals",), 3)])
def test_3_3_2_marquise_hospitals(traits, keep_warriors) -> None:
    s = position(
        {1: {"warriors": {"marquise": 1}, "tokens": [["marquise", "keep"]]}, 9: {"warriors": {"marquise": 2, "eyrie": 3}}},
        marquise=bot(traits=traits),
        turn=1,
    )
    g = game(s, [("roll", (3, 0))])
    battle(g, "eyrie", "marquise", 9, "test")
    assert s.warriors("marquise", 9) == 0 and s.warriors("marquise", 1) == keep_warriors
    invariants.check(s)


@pytest.mark.parametrize(("traits", "each"), [((), 2), (("iron-will",), 4)])
def test_3_3_2_marquise_iron_will_doubles_escalated_recruit(traits, each) -> None:
    s = position({7: {"warriors": {"marquise": 1}}, 11: {"warriors": {"marquise": 1}}}, marquise=bot(traits=traits))
    g = game(s)
    M.escalated_recruit(g)
    assert [s.warriors("marquise", c) for c in (7, 11)] == [1 + each, 1 + each]
    if traits:
        assert "Iron Will" in g.log.of_kind("place_warriors")[0].text


# -- Eyrie difficulty ---------------------------------------------------------------------------
@pytest.mark.parametrize(("level", "bird"), [("easy", 1), ("default", 2), ("challenging", 3), ("nightmare", 3)])
def test_3_3_1_eyrie_setup_decree_by_difficulty(level: str, bird: int) -> None:
    g = new_game(GameConfig([Seat("marquise"), Seat("eyrie", difficulty=level)], seed=4))
    decree = g.state.factions["eyrie"].board.decree
    assert decree is not None and len(decree["bird"]) == bird
    assert decree["bird"].count(VIZIER) == (1 if level == "easy" else 2)
    if bird == 3:
        assert g.state.deckdef.card(decree["bird"][2]).name.startswith("ambush_bird")
    invariants.check(g.state)


def test_3_3_1_eyrie_nightmare_scores_one_at_the_end_of_evening() -> None:
    s = position({3: {"buildings": [["eyrie", "roost"], ]}, 7: {"buildings": [["eyrie", "roost"]]}}, eyrie=eyrie_bot("nightmare"))
    g = game(s)
    E.ElectricEyrie().evening(g)
    assert s.factions["eyrie"].vp == 1 + 1


# -- Eyrie traits --------------------------------------------------------------------------------
@pytest.mark.parametrize(("traits", "vp"), [((), 5), (("nobility",), 5 + 3)])
def test_3_3_2_eyrie_nobility_turmoil_scores_instead_of_losing(traits, vp) -> None:
    # The fox column must recruit, but the Eyrie has no fox clearing with a roost.
    s = position({7: {"warriors": {"eyrie": 2}, "buildings": [["eyrie", "roost"]]}}, eyrie={**eyrie_bot(traits=traits, fox=["anvil"], bird=["loyal_vizier", "loyal_vizier", "armorers"]), "vp": 5})
    g = game(s)
    E.ElectricEyrie().daylight(g)
    assert s.factions["eyrie"].vp == vp
    if traits:
        assert g.log.of_kind("nobility") and not g.log.of_kind("move")  # turmoil at once
        assert [e.rule for e in g.log.of_kind("score")] == ["3.3.2"]
    else:  # without Nobility the missing fox recruit is simply skipped, and it builds
        assert not g.log.of_kind("turmoil") and g.log.of_kind("move")


@pytest.mark.parametrize("traits", [(), ("relentless",)])
def test_3_3_2_eyrie_relentless(traits) -> None:
    s = position(
        {3: {"warriors": {"eyrie": 1}, "buildings": [["marquise", "workshop"]], "tokens": [["marquise", "keep"]]}, 1: {}},  # the keep in a corner (4.3.2)
        eyrie=eyrie_bot(traits=traits),
    )
    g = game(s)
    E.relentless(g)
    if traits:
        assert not s.clearings[3].buildings and not s.clearings[3].tokens and s.factions["eyrie"].vp == 2
    else:
        assert len(s.clearings[3].buildings) == 1


@pytest.mark.parametrize("traits", [(), ("swoop",)])
def test_3_3_2_eyrie_swoop(traits) -> None:
    s = position({1: {"warriors": {"eyrie": 1}}, 2: {"warriors": {"marquise": 1}, "tokens": [["marquise", "keep"]]}}, eyrie=eyrie_bot(traits=traits))
    g = game(s)
    E.swoop(g)
    # 1 has an Eyrie piece and 2 holds the keep: the warriors go to 3.
    assert s.warriors("eyrie", 3) == (2 if traits else 0)


@pytest.mark.parametrize(("traits", "marquise_vp"), [((), 4), (("war-tax",), 3)])
def test_3_3_2_eyrie_war_tax(traits, marquise_vp) -> None:
    s = position({9: {"warriors": {"eyrie": 2}, "buildings": [["marquise", "workshop"]]}}, eyrie=eyrie_bot(traits=traits), marquise={"vp": 4}, turn=1)
    g = game(s, [("roll", (0, 0))])
    battle(g, "eyrie", "marquise", 9, "test")
    assert s.factions["marquise"].vp == marquise_vp and s.factions["eyrie"].vp == 1


# -- configuration -------------------------------------------------------------------------------
def test_every_bot_lists_four_difficulties_and_its_traits() -> None:
    for faction in ("marquise", "eyrie"):
        assert list(DIFFICULTY_TEXT[faction]) == ["easy", "default", "challenging", "nightmare"]
        assert len(TRAIT_TEXT[faction]) == 5  # four of the Clockwork 1 box, one of the Clockwork 2 box


def test_a_trait_of_another_bot_is_refused_with_one_line() -> None:
    with pytest.raises(ConfigError, match=r"seats.0.traits.0: 'swoop' is not a trait of the Mechanical Marquise 2.0"):
        new_game(GameConfig([Seat("marquise", traits=("swoop",)), Seat("eyrie")]))


@pytest.mark.parametrize("seed", range(30))
def test_random_difficulties_and_traits_play_out(seed: int) -> None:
    levels = ("easy", "default", "challenging", "nightmare")
    m_traits = tuple(t for i, t in enumerate(TRAIT_TEXT["marquise"]) if (seed >> i) & 1)
    e_traits = tuple(t for i, t in enumerate(TRAIT_TEXT["eyrie"]) if (seed >> (i + 1)) & 1)
    cfg = GameConfig([Seat("marquise", difficulty=levels[seed % 4], traits=m_traits), Seat("eyrie", difficulty=levels[(seed // 4) % 4], traits=e_traits)], seed=seed)
    g = new_game(cfg)
    g.log.listeners.append(lambda e: invariants.check(g.state))
    assert play(g) and g.state.winner


def test_the_docs_list_every_difficulty_and_trait_with_its_line() -> None:
    from pathlib import Path

    doc = (Path(__file__).resolve().parent.parent / "docs" / "difficulty-and-traits.md").read_text()
    for table in (DIFFICULTY_TEXT, TRAIT_TEXT):
        for faction, entries in table.items():
            for name, text in entries.items():
                assert f"| {name} | {text} |" in doc, f"{faction} {name} is missing or differs in the docs"


# -- Vagabot difficulty and traits ----------------------------------------------------------------
def vagabot_game(seed: int = 3, difficulty: str = "default", traits: tuple[str, ...] = (), character: str = "thief"):
    cfg = GameConfig([Seat("vagabot", difficulty=difficulty, traits=traits), Seat("marquise"), Seat("eyrie")], seed=seed, options={"vagabot_character": character})
    return new_game(cfg)


@pytest.mark.parametrize(("level", "refreshed"), [("easy", 5), ("default", 6), ("challenging", 7)])
def test_3_3_1_vagabot_refresh_by_difficulty(level: str, refreshed: int) -> None:
    from rootbotics.factions.vagabot import bot as V
    from rootbotics.factions.vagabot.items import Item

    g = vagabot_game(difficulty=level)
    vs = g.state.factions["vagabot"].board
    vs.items = [Item("boots", exhausted=True) for _ in range(8)]
    V.evening_refresh(g)
    assert sum(1 for i in vs.items if not i.exhausted) == refreshed


def test_3_3_1_vagabot_nightmare_scores_at_the_end_of_evening() -> None:
    from rootbotics.factions.vagabot.bot import Vagabot

    g = vagabot_game(difficulty="nightmare")
    cid = g.state.deck[-1]
    g.state.deck.remove(cid)
    g.state.factions["vagabot"].order = cid
    before = g.state.factions["vagabot"].vp
    Vagabot().evening(g)
    assert g.state.factions["vagabot"].vp == before + 1 and g.log.events[-1].rule == "3.3.1"
    assert g.state.factions["vagabot"].order is None  # 7.6.3 discarded it first


@pytest.mark.parametrize("traits", [(), ("marksman",)])
def test_3_3_2_vagabot_marksman_hits_before_rolling(traits) -> None:
    from rootbotics.factions.vagabot import bot as V
    from rootbotics.factions.vagabot.items import Item, put_pawn

    g = vagabot_game(traits=traits)
    s = g.state
    vs = s.factions["vagabot"].board
    vs.items = [Item("sword"), Item("boots"), Item("tea")]
    put_pawn(s, vs, clearing=9)
    s.factions["marquise"].vp = 20  # the battle target
    g.chance = ScriptedChance([("roll", (0, 0))] * 4)
    marquise_before = s.warriors("marquise", 9)
    V.battle_action(g)
    lost = marquise_before - s.warriors("marquise", 9)
    assert lost == (1 if traits else 0)
    assert bool(g.log.of_kind("marksman")) == bool(traits)


@pytest.mark.parametrize("traits", [(), ("helper",)])
def test_3_3_2_vagabot_helper_scores_one_more_per_aid(traits) -> None:
    from rootbotics.factions.vagabot import bot as V
    from rootbotics.factions.vagabot.items import Item, put_pawn

    g = vagabot_game(traits=traits)
    s = g.state
    vs = s.factions["vagabot"].board
    vs.items = [Item("sword"), Item("boots")]
    c = next(c for c in range(1, 13) if s.warriors("marquise", c))
    put_pawn(s, vs, clearing=c)
    s.factions["marquise"].items = ["bag"]
    s.item_supply["bag"] -= 1
    before = s.factions["vagabot"].vp
    V.aid(g)
    assert s.factions["vagabot"].vp == before + 1 + (1 if traits else 0)


@pytest.mark.parametrize("traits", [(), ("berserker",)])
def test_3_3_2_vagabot_berserker_repairs_one_more_in_a_clearing(traits) -> None:
    from rootbotics.factions.vagabot import bot as V
    from rootbotics.factions.vagabot.items import Item, put_pawn

    g = vagabot_game(traits=traits)
    s = g.state
    vs = s.factions["vagabot"].board
    vs.items = [Item("sword", damaged=True), Item("boots", damaged=True), Item("tea", damaged=True)]
    put_pawn(s, vs, clearing=5)
    V.evening_repair(g)
    assert sum(1 for i in vs.items if i.damaged) == (1 if traits else 2)


def test_3_3_2_vagabot_berserker_battles_where_most_enemy_pieces_stand() -> None:
    from rootbotics.factions.vagabot import bot as V
    from rootbotics.factions.vagabot.items import Item, put_pawn

    g = vagabot_game(traits=("berserker",))
    s = g.state
    vs = s.factions["vagabot"].board
    vs.items = [Item("sword"), Item("boots"), Item("tea"), Item("bag")]
    put_pawn(s, vs, clearing=5)
    best = max(range(1, 13), key=lambda c: (s.enemy_pieces("vagabot", c), -s.map.distance[5][c], -c))
    g.chance = ScriptedChance([("roll", (0, 0))] * 4)
    picked = V.berserker_battle_target(g)
    assert picked is not None and s.enemy_pieces("vagabot", picked[2].target) == s.enemy_pieces("vagabot", best)


@pytest.mark.parametrize("traits", [(), ("adventurer",)])
def test_3_3_2_vagabot_adventurer_quests_again_at_the_end_of_daylight(traits) -> None:
    from rootbotics.factions.vagabot import bot as V
    from rootbotics.factions.vagabot.items import Item, put_pawn

    g = vagabot_game(traits=traits)
    s = g.state
    vs = s.factions["vagabot"].board
    vs.items = [Item("boots") for _ in range(6)]
    q = s.deckdef.quests[vs.quests[0]]
    c = next(c for c in range(1, 13) if s.suit(c) == q.suit)
    put_pawn(s, vs, clearing=c)
    done = len(vs.quest_discard)
    V.adventurer_quests(g)
    assert (len(vs.quest_discard) > done) == bool(traits)
