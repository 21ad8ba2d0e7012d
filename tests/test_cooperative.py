"""Fully Cooperative Play (Law of Robotics, after section 3): the bots are a team."""

from __future__ import annotations

import pytest

from helpers import game, position, set_order

from rootbotics.factions.alliance import bot as A
from rootbotics.factions.vagabot import bot as V
from rootbotics.factions.lizards import bot as L
from rootbotics.core import invariants
from rootbotics.core import rules as R
from rootbotics.core.context import GameOver
from rootbotics.controllers import ScriptedHuman
from rootbotics.game import ConfigError, GameConfig, Seat, new_game, play

BOTS = ("vagabot", "lizards", "riverfolk", "duchy", "corvids")


def coop_game(seed: int, bots: tuple[str, ...], humans: tuple[str, ...] = ("alliance",), cooperative: bool = True):
    seats = [Seat(f) for f in bots] + [Seat(h, "human") for h in humans]
    cfg = GameConfig(seats, seed=seed, options={"cooperative": True} if cooperative else {})
    return new_game(cfg, controllers={h: ScriptedHuman() for h in humans})


def test_coop_removes_the_dominance_cards_even_with_three_humans() -> None:
    g = coop_game(1, ("vagabot", "duchy"), ("marquise", "eyrie", "alliance"))
    assert {g.state.deckdef.card(c).kind for c in g.state.removed_cards} == {"dominance"}
    plain = coop_game(1, ("vagabot", "duchy"), ("marquise", "eyrie", "alliance"), cooperative=False)
    assert plain.state.removed_cards == []


def test_coop_needs_a_human() -> None:
    with pytest.raises(ConfigError, match="options.cooperative: cooperative play needs at least one human seat"):
        new_game(GameConfig([Seat("marquise"), Seat("eyrie")], options={"cooperative": True}))


def test_coop_bots_do_not_count_bot_pieces_as_enemies() -> None:
    g = coop_game(2, ("corvids", "duchy"))
    s = g.state
    c = next(c for c in range(1, 13) if s.warriors("corvids", c))
    s.clearings[c].warriors["duchy"] = 2
    s.factions["duchy"].supply["warrior"] -= 2
    s.clearings[c].tokens.append(("alliance", "sympathy"))
    s.factions["alliance"].supply["sympathy"] -= 1
    assert s.enemy_pieces("corvids", c) == 1 and s.enemy_warriors("corvids", c) == 0
    assert not s.is_enemy("corvids", "duchy") and s.is_enemy("corvids", "alliance")
    assert s.is_enemy("alliance", "corvids")  # the humans still face every bot


@pytest.mark.parametrize("seed", range(6))
def test_coop_bots_never_battle_each_other(seed: int) -> None:
    bots = BOTS[seed % 5 :] + BOTS[: seed % 5]
    g = coop_game(seed, bots[:3] + ("marquise",) if seed % 2 else bots[:4], ("alliance",))
    s = g.state
    g.log.listeners.append(lambda e: invariants.check(s))
    play(g)
    for e in g.log.of_kind("battle"):
        attacker, defender = e.faction, e.data["defender"]
        assert not (s.factions[attacker].is_bot and s.factions[defender].is_bot), e.line()
    assert s.winner is not None and all(s.factions[w].is_bot for w in s.winner)
    assert "cooperative play" in (s.end_reason or "")


def test_coop_humans_win_only_when_each_has_30() -> None:
    g = coop_game(3, ("vagabot",), ("marquise", "alliance"))
    s = g.state
    R.score(g, "marquise", 30, "test", "for the test")
    assert s.winner is None  # the Alliance has not got there yet
    with pytest.raises(GameOver):
        R.score(g, "alliance", 30, "test", "for the test")
    assert s.winner == ["marquise", "alliance"]


def test_coop_a_bot_at_30_wins_for_all_bots() -> None:
    g = coop_game(4, ("vagabot", "duchy"), ("alliance",))
    with pytest.raises(GameOver):
        R.score(g, "duchy", 30, "test", "for the test")
    assert g.state.winner == ["vagabot", "duchy"]


# -- scenarios from saved positions ------------------------------------------------------------
COOP = {"cooperative": True}


def scoundrel_in_7(items: list[str] | None = None) -> dict:
    return {"vagabot": {"character": "scoundrel", "location": 7, "items": items or ["boots", "torch", "tea", "sword", "bag"], "quest": "expel_bandits_mouse"}}


def test_coop_7_7_5_the_scoundrel_spares_a_teammate_s_sympathy() -> None:
    # Three human Marquise warriors and the bot Alliance's sympathy in 7: with bots as a team the
    # token is no enemy's, so 7 has no enemy building or token and Scoundrel is skipped.
    s = position(
        {7: {"warriors": {"marquise": 3}, "tokens": [["alliance", "sympathy"]]}},
        seats=("marquise", "alliance", "vagabot"),
        humans=("marquise",),
        turn=2,
        options=COOP,
        vagabot=scoundrel_in_7(),
    )
    g = game(s)
    V.scoundrel(g)
    assert s.clearings[7].tokens == [("alliance", "sympathy")] and s.warriors("marquise", 7) == 3
    assert s.factions["vagabot"].vp == 0 and not g.log.of_kind("score")
    (skip,) = g.log.of_kind("skip")
    assert "no enemy building or token in 7" in skip.text


def test_coop_7_7_5_the_scoundrel_removes_only_the_humans_pieces() -> None:
    s = position(
        {7: {"warriors": {"marquise": 2, "alliance": 1}, "buildings": [["marquise", "sawmill"]], "tokens": [["alliance", "sympathy"]]}},
        seats=("marquise", "alliance", "vagabot"),
        humans=("marquise",),
        turn=2,
        options=COOP,
        vagabot=scoundrel_in_7(),
    )
    g = game(s, marquise=ScriptedHuman())
    V.scoundrel(g)
    cl = s.clearings[7]
    assert cl.tokens == [("alliance", "sympathy")] and cl.warriors == {"alliance": 1} and cl.buildings == []
    assert s.factions["vagabot"].vp == 1 + 1  # the sawmill (LoR 3.2.1) and the special (7.7.5)


def test_coop_7_5_3_the_vagabot_aids_a_teammate_bot() -> None:
    # Aid targets a player, not an enemy: the Law says he can aid other bots, and cooperative
    # play only stops bots treating bot pieces as enemies. The bot Eyrie in 7 has a crafted item.
    s = position(
        {7: {"warriors": {"eyrie": 1}}},
        seats=("marquise", "eyrie", "vagabot"),
        humans=("marquise",),
        turn=2,
        options=COOP,
        eyrie={"items": ["crossbow"]},
        vagabot=scoundrel_in_7(),
    )
    g = game(s)
    V.aid(g)
    assert s.factions["eyrie"].items == [] and any(i.kind == "crossbow" for i in s.factions["vagabot"].board.items)
    assert s.factions["vagabot"].vp == 1 and s.factions["eyrie"].vp == 1  # the aided bot scores one (7.5.3)
    assert "aids eyrie in 7" in g.log.of_kind("aid")[0].text


def test_coop_lor_3_2_1_no_score_for_a_teammate_s_pieces_removed_by_a_revolt() -> None:
    # A revolt removes every piece but the Alliance's (6.4.3), the bot Eyrie's roost too; in
    # cooperative play that roost is a teammate's, so only the human's sawmill scores (R-COOP).
    s = position(
        {10: {"warriors": {"eyrie": 1, "marquise": 1}, "buildings": [["eyrie", "roost"], ["marquise", "sawmill"]], "tokens": [["alliance", "sympathy"]], "ruin": False}},
        seats=("marquise", "eyrie", "alliance"),
        humans=("marquise",),
        turn=2,
        options=COOP,
    )
    g = game(s, marquise=ScriptedHuman())
    set_order(g, "alliance", "cobbler")
    assert A.revolt(g)
    assert s.clearings[10].buildings == [("alliance", "base_rabbit")]
    assert s.factions["alliance"].vp == 1
    (score,) = g.log.of_kind("score")
    assert "sawmill" in score.text
    assert any("teammate" in e.text and "roost" in e.text for e in g.log.of_kind("no_score"))


# -- the Logical Lizards in cooperative play (Fully Cooperative Play after 3.4; ruling R-COOP) -----
def coop_lizards(clearings: dict, **factions) -> object:
    """A cooperative Fall position: a bot Marquise, a human Eyrie and the bot Lizards (mouse order)."""
    factions.setdefault("lizards", {"lizards": {"acolytes": 0, "order": "mouse"}})
    return position(clearings, seats=("marquise", "eyrie", "lizards"), humans=("eyrie",), turn=2, options=COOP, **factions)


def test_coop_8_4_2_I_convert_only_a_human_warrior() -> None:
    # The bot Marquise has more points, but it is a teammate: Convert targets a player (8.4.2 I a),
    # and in cooperative play only the human is an enemy.
    s = coop_lizards({2: {"warriors": {"marquise": 1}}, 9: {"warriors": {"eyrie": 1}}}, eyrie={"vp": 2}, marquise={"vp": 9})
    g = game(s, eyrie=ScriptedHuman())
    assert L.convert(g)
    assert s.warriors("marquise", 2) == 1 and s.warriors("eyrie", 9) == 0 and s.warriors("lizards", 9) == 1


def test_coop_8_4_2_I_no_convert_with_only_teammate_warriors() -> None:
    s = coop_lizards({2: {"warriors": {"marquise": 1}}})
    g = game(s)
    assert not L.convert(g)
    assert s.warriors("marquise", 2) == 1 and g.log.of_kind("no_convert")


def test_coop_8_4_2_I_b_a_teammate_s_buildings_are_not_enemy_buildings() -> None:
    # 2 has the human's roost, 9 two buildings of the bot Marquise: only 2 has an enemy building.
    s = coop_lizards(
        {
            2: {"warriors": {"eyrie": 1}, "buildings": [["eyrie", "roost"]]},
            9: {"warriors": {"eyrie": 1}, "buildings": [["marquise", "sawmill"], ["marquise", "workshop"]]},
        }
    )
    g = game(s, eyrie=ScriptedHuman())
    assert L.convert(g)
    assert s.warriors("lizards", 2) == 1 and s.warriors("eyrie", 9) == 1
    assert "chose 2 by most enemy buildings (8.4.2 I b)" in g.log.of_kind("convert")[0].text


def test_coop_8_4_2_III_sanctify_only_a_human_building() -> None:
    # Sanctify chooses its player first (8.4.2 III a), so the building is a target, not
    # collateral: the richer bot Marquise's sawmill is spared and the human's roost replaced.
    s = coop_lizards({2: {"buildings": [["marquise", "sawmill"]]}, 9: {"buildings": [["eyrie", "roost"]]}}, eyrie={"vp": 2}, marquise={"vp": 9})
    g = game(s, eyrie=ScriptedHuman())
    assert L.sanctify(g)
    assert s.clearings[2].buildings == [("marquise", "sawmill")]
    assert s.clearings[9].buildings == [("lizards", "garden_mouse")]
    assert s.factions["lizards"].vp == 1  # the human's roost scores (LoR 3.2.1)


def test_coop_8_4_2_III_no_sanctify_with_only_teammate_buildings() -> None:
    s = coop_lizards({2: {"buildings": [["marquise", "sawmill"]]}})
    g = game(s)
    assert not L.sanctify(g)
    assert s.clearings[2].buildings == [("marquise", "sawmill")] and g.log.of_kind("no_sanctify")


def test_coop_8_5_1_I_a_teammate_s_buildings_are_not_enemy_buildings() -> None:
    # Mouse clearings with a free slot: 7 has the human's roost, 11 (no ruin) two buildings of the
    # bot Marquise. Only the roost is an enemy building, so the ritual's warrior goes to 7.
    s = coop_lizards(
        {
            7: {"buildings": [["eyrie", "roost"]]},
            11: {"buildings": [["marquise", "sawmill"], ["marquise", "workshop"]], "ruin": False},
        }
    )
    g = game(s, eyrie=ScriptedHuman())
    assert L.suit_ritual(g, "mouse") == 7
    assert "chose 7 by most enemy buildings (8.5.1 I)" in g.log.of_kind("place_warriors")[0].text
