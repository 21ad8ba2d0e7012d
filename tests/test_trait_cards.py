"""The difficulty and trait cards checked against their printed text (`shared/data/clockwork-cards.md`,
issue 31 part 2): a test per difference fixed, and the four traits of the Clockwork 2 box for the
Clockwork 1 bots (Overwhelming, Focused, Steadfast; Questing refused)."""

from __future__ import annotations

import pytest
from helpers import game, position, set_order

from rootbotics.cli.common import CliError, bot_traits
from rootbotics.cli.play import bot_cards_help
from rootbotics.core import serial
from rootbotics.core.battle import battle
from rootbotics.core.fields import StateError
from rootbotics.factions import REFUSED_TRAITS, TRAIT_TEXT
from rootbotics.factions.alliance import bot as A
from rootbotics.factions.eyrie import bot as E
from rootbotics.factions.marquise import bot as M
from rootbotics.game import ConfigError, GameConfig, Seat, new_game

SYM = ["alliance", "sympathy"]
THREE = ("marquise", "eyrie", "alliance")


def traits(*names: str) -> dict:
    return {"traits": list(names)}


# -- Garrison (Riverfolk): each of its trade posts adds one ------------------------------------------
@pytest.mark.parametrize(("posts_elsewhere", "hits"), [(0, 2), (2, 3)])
def test_3_3_2_garrison_counts_every_trade_post_on_the_map(posts_elsewhere: int, hits: int) -> None:
    """The Garrison card: "your trade posts each add one" to the defender's maximum rolled hits, not
    only the one in the battle clearing."""
    post = ["riverfolk", "trade_post"]
    clearings: dict[int, dict] = {6: {"warriors": {"marquise": 3, "riverfolk": 1}, "tokens": [post]}}
    for c in (2, 3)[:posts_elsewhere]:
        clearings[c] = {"tokens": [post]}
    s = position(clearings, seats=("marquise", "riverfolk"), riverfolk=traits("garrison"))
    g = game(s, [("roll", (3, 3))])
    result = battle(g, "marquise", "riverfolk", 6, "4.5.1")
    assert result.defender_hits == hits  # one warrior, plus one per trade post on the map
    (line,) = g.log.of_kind("garrison")
    assert line.text.startswith("by Garrison, its ")


# -- Overwhelming (Marquise) -----------------------------------------------------------------------
@pytest.mark.parametrize(("names", "vp"), [((), 0), (("overwhelming",), 2)])
def test_3_3_2_overwhelming_scores_for_warriors_with_no_clearing(names: tuple[str, ...], vp: int) -> None:
    s = position({2: {"warriors": {"marquise": 1}}}, marquise=traits(*names))  # it rules no fox clearing
    g = game(s)
    M.recruit(g, "fox")
    assert s.factions["marquise"].vp == vp
    if vp:
        (scored,) = g.log.of_kind("score")
        assert "Overwhelming" in scored.text and "4 warriors" in scored.text


def test_3_3_2_overwhelming_scores_for_warriors_an_empty_supply_lacks() -> None:
    # 24 of its 25 warriors are on the map: Recruit places one of four, and 3 unplaced score 1 VP.
    s = position({6: {"warriors": {"marquise": 1}}, 2: {"warriors": {"marquise": 23}}}, marquise=traits("overwhelming"))
    g = game(s)
    M.recruit(g, "fox")
    assert s.warriors("marquise", 6) == 2 and s.factions["marquise"].vp == 1


def test_3_3_2_overwhelming_counts_the_challenging_warriors_and_escalated_recruit() -> None:
    s = position({2: {"warriors": {"eyrie": 1}}}, marquise={"difficulty": "challenging", **traits("overwhelming", "iron-will")})
    g = game(s)
    M.escalated_recruit(g)  # it rules nothing: 8 (Iron Will) + 2 (challenging) unplaced
    assert s.factions["marquise"].vp == 5


@pytest.mark.parametrize(("names", "again"), [((), True), (("overwhelming",), False)])
def test_3_3_2_overwhelming_expands_once_a_turn(names: tuple[str, ...], again: bool) -> None:
    s = position({2: {"warriors": {"marquise": 1}}}, marquise=traits(*names))
    g = game(s)
    set_order(g, "marquise", "bake_sale")
    assert M.expand(g, False, 0)
    assert M.expand(g, False, 1) is again
    if not again:
        assert "Overwhelming" in g.log.of_kind("skip")[-1].text


# -- Focused (Eyrie) -------------------------------------------------------------------------------
@pytest.mark.parametrize(("names", "left"), [((), 3), (("focused",), 2)])
def test_3_3_2_focused_deals_the_extra_hit_on_a_tied_column(names: tuple[str, ...], left: int) -> None:
    decree = {"fox": [], "mouse": [], "rabbit": ["bake_sale", "smugglers_trail"], "bird": ["loyal_vizier", "loyal_vizier"]}
    s = position({4: {"warriors": {"eyrie": 2, "marquise": 3}}}, eyrie={**traits(*names), "decree": decree})
    g = game(s, [("roll", (0, 0))])
    E.decree_battle(g, "rabbit")  # rabbit and bird both hold two cards
    assert s.warriors("marquise", 4) == left
    if names:
        assert "by Focused" in g.log.of_kind("extra_hit")[0].text


# -- Steadfast (Alliance) ----------------------------------------------------------------------------
@pytest.mark.parametrize("names", [(), ("steadfast",)])
def test_3_3_2_steadfast_skips_public_pity_when_a_surprise_revolt_will_come(names: tuple[str, ...]) -> None:
    s = position({2: {"tokens": [SYM], "warriors": {"marquise": 2}}}, seats=THREE, alliance=traits(*names))
    g = game(s, [("draw", "arms_trader")])  # a bird order: a Surprise Revolt in 2 comes in Daylight
    A.AutomatedAlliance().birdsong(g)
    assert bool(g.log.of_kind("public_pity")) is not bool(names)
    if names:
        assert "Steadfast" in g.log.of_kind("skip")[-1].text and s.turn_steps == []
        A.AutomatedAlliance().daylight(g)
        assert g.log.of_kind("revolt")


def test_3_3_2_steadfast_takes_one_of_public_pity_and_surprise_revolt() -> None:
    s = position({}, seats=THREE, alliance=traits("steadfast"))
    g = game(s, [("draw", "arms_trader")])  # no sympathy yet: no revolt foreseen, so Public Pity
    bot = A.AutomatedAlliance()
    bot.birdsong(g)
    assert g.log.of_kind("public_pity") and s.turn_steps == ["public_pity"]
    assert serial.from_json(serial.to_json(s)).turn_steps == ["public_pity"]  # a saved position keeps it
    bot.daylight(g)
    assert not g.log.of_kind("revolt")
    assert "Steadfast" in g.log.events[-1].text


@pytest.mark.parametrize(("names", "vp"), [((), 0), (("steadfast",), 1)])
def test_3_3_2_steadfast_ignores_martial_law(names: tuple[str, ...], vp: int) -> None:
    s = position({2: {"tokens": [SYM]}, 12: {"warriors": {"marquise": 3}, "tokens": [SYM]}}, seats=THREE, alliance=traits(*names))
    A.score_sympathy(game(s), 12)  # the second token's space scores 1; Martial Law would take it
    assert s.factions["alliance"].vp == vp


# -- Questing (Vagabot): refused with one line ------------------------------------------------------
def test_3_3_2_questing_is_refused_naming_the_missing_list() -> None:
    line = REFUSED_TRAITS["vagabot"]["questing"]
    assert "Daylight actions" in line and "questing" not in TRAIT_TEXT["vagabot"]
    with pytest.raises(CliError, match="Questing is not offered"):
        bot_traits("vagabot", "questing")
    with pytest.raises(ConfigError, match="Questing is not offered"):
        new_game(GameConfig([Seat("marquise"), Seat("vagabot", "bot", "default", ("questing",))]))
    with pytest.raises(StateError, match="Questing is not offered"):
        position({}, seats=("marquise", "vagabot"), vagabot=traits("questing"))
    assert "trait questing: not offered." in bot_cards_help(markup=False)


def test_3_3_2_the_new_traits_are_offered_everywhere() -> None:
    from rootbotics.web.forms import choices

    offered = {f["name"]: f["traits"] for f in choices()["factions"]}
    help_text = bot_cards_help(markup=False)
    for bot, trait in (("marquise", "overwhelming"), ("eyrie", "focused"), ("alliance", "steadfast")):
        assert trait in TRAIT_TEXT[bot] and trait in offered[bot]
        assert f"trait {trait}: " in help_text
