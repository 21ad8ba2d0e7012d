"""The Better Bot Project's game modes and variants (BBP 1.1-1.3, 2.3, 3.2-3.4): the Ambush
variant (a human ambushes a Better Bot attacker, LoR 4.3.1), the Spy and new Dominance variants
refused for their missing card text, the dominance cards kept in competitive play of two humans
(BBP 2.3), and the bots as a team (BBP 1.2, the engine's cooperative option)."""

from __future__ import annotations

import pytest

from rootbotics.controllers import ScriptedHuman
from rootbotics.core import invariants
from rootbotics.core.battle import battle
from rootbotics.core.events import Event
from rootbotics.core.validity import position_violations
from rootbotics.game import ConfigError, GameConfig, Seat, new_game, play

from helpers import game, position

BBP = {"rule_set": "bbp"}
AMBUSH = {"bbp_variants": ["ambush"]}


def ambush_position(warriors: int, rule_set: str = "bbp", options: dict | None = None):
    """A bot Marquise (``rule_set``) with ``warriors`` in 1 attacks the human Eyrie, who holds a
    bird ambush; a Better Bot Alliance sits too (so the variant has its Better Bot)."""
    return position(
        {1: {"warriors": {"marquise": warriors, "eyrie": 1}}},
        seats=("marquise", "eyrie", "alliance"),
        humans=("eyrie",),
        turn=0,
        options=AMBUSH if options is None else options,
        marquise={"rule_set": rule_set},
        eyrie={"hand": ["ambush_bird"]},
        alliance=BBP,
    )


def test_bbp_3_2_an_ambush_that_leaves_no_attacker_ends_the_battle() -> None:
    s = ambush_position(2)
    g = game(s, eyrie=ScriptedHuman(ambush=True))
    result = battle(g, "marquise", "eyrie", 1, "BBP MM.4")
    assert s.warriors("marquise", 1) == 0 and s.warriors("eyrie", 1) == 1
    assert result.attacker_hits == 0 and result.defender_hits == 2
    assert s.factions["eyrie"].hand == [] and s.deckdef.card(s.discard[-1]).kind == "ambush"
    (ambush,) = g.log.of_kind("ambush")
    assert ambush.rule == "BBP 3.2" and "Ambush! (bird)" in ambush.text
    assert g.log.of_kind("ambush_ends_battle") and not g.log.of_kind("roll")
    assert not position_violations(s)


def test_bbp_3_2_an_ambush_that_leaves_attackers_lets_the_battle_go_on() -> None:
    s = ambush_position(4)
    g = game(s, [("roll", (3, 0))], eyrie=ScriptedHuman(ambush=True))
    battle(g, "marquise", "eyrie", 1, "BBP MM.4")
    assert g.log.of_kind("ambush") and g.log.of_kind("hits")
    assert s.warriors("marquise", 1) == 2 and s.warriors("eyrie", 1) == 0  # two by the ambush; the roll's hit on the Eyrie


@pytest.mark.parametrize("rule_set,options", [("law", AMBUSH), ("bbp", {})])
def test_bbp_3_2_no_ambush_against_the_law_s_bots_nor_without_the_variant(rule_set: str, options: dict) -> None:
    s = ambush_position(2, rule_set, options)
    g = game(s, [("roll", (1, 0))], eyrie=ScriptedHuman(ambush=True))
    battle(g, "marquise", "eyrie", 1, "4.5.1")
    assert not g.log.of_kind("ambush") and s.factions["eyrie"].hand  # Hates Surprises (2.8.2)


def test_bbp_3_2_the_human_may_keep_the_ambush_card() -> None:
    s = ambush_position(2)
    g = game(s, [("roll", (1, 0))], eyrie=ScriptedHuman(ambush=False))
    battle(g, "marquise", "eyrie", 1, "BBP MM.4")
    assert not g.log.of_kind("ambush") and g.log.of_kind("hits")


def seats(*bots: Seat, humans: tuple[str, ...] = ("eyrie",)) -> list[Seat]:
    return [*(Seat(h, "human") for h in humans), *bots]


@pytest.mark.parametrize("variants,message", [
    (["spy"], "options.bbp_variants: spy: the Spy cards' text (how many, their suits) is missing from the text (ruling R-BBP-SPY)"),
    (["dominance"], "options.bbp_variants: dominance: the new Dominance cards' victory conditions are missing from the text (ruling R-BBP-NEW-DOMINANCE)"),
    (["foo"], "options.bbp_variants: 'foo' is not a variant of the Better Bot Project (choose from ambush, spy, dominance)"),
    (["ambush", "ambush"], "options.bbp_variants: a variant is named twice"),
    ("ambush", "options.bbp_variants: expected a list of variant names"),
])
def test_bbp_3_3_and_3_4_variants_without_their_cards_text_are_refused(variants: object, message: str) -> None:
    config = GameConfig(seats(Seat("marquise", rule_set="bbp"), Seat("alliance")), options={"bbp_variants": variants})
    with pytest.raises(ConfigError) as e:
        config.validate()
    assert str(e.value).startswith(message) and "\n" not in str(e.value)


@pytest.mark.parametrize("config_seats", [
    [Seat("marquise"), Seat("alliance"), Seat("eyrie", "human")],  # no Better Bot
    [Seat("marquise", rule_set="bbp"), Seat("alliance", rule_set="bbp")],  # no human
])
def test_bbp_3_2_the_ambush_variant_needs_a_human_and_a_better_bot(config_seats: list[Seat]) -> None:
    with pytest.raises(ConfigError, match="options.bbp_variants: the variants are for a game of humans against Better Bot Project bots"):
        GameConfig(config_seats, options=AMBUSH).validate()


def dominance_in_deck(config: GameConfig) -> int:
    g = new_game(config, controllers={s.faction: ScriptedHuman() for s in config.seats if s.seat == "human"})
    s = g.state
    return sum(1 for c in s.deck if s.deckdef.card(c).kind == "dominance")


def test_bbp_2_3_two_humans_against_better_bots_keep_the_dominance_cards() -> None:
    two = ("eyrie", "marquise")
    assert dominance_in_deck(GameConfig(seats(Seat("alliance", rule_set="bbp"), humans=two), seed=1)) == 4
    # a Law bot at the table: the Law's 3.4 (one or two humans: the cards leave the game)
    assert dominance_in_deck(GameConfig(seats(Seat("alliance", rule_set="bbp"), Seat("vagabot"), humans=two), seed=1)) == 0
    # solo (BBP 1.3) and the bots as team (BBP 1.2): no effect, out of the deck
    assert dominance_in_deck(GameConfig(seats(Seat("alliance", rule_set="bbp"), Seat("marquise", rule_set="bbp")), seed=1)) == 0
    assert dominance_in_deck(GameConfig(seats(Seat("alliance", rule_set="bbp"), humans=two), seed=1, options={"cooperative": True})) == 0


def test_bbp_2_3_the_kept_cards_are_said_with_the_text_s_paragraph() -> None:
    g = new_game(GameConfig(seats(Seat("alliance", rule_set="bbp"), humans=("eyrie", "marquise")), seed=1), controllers={"eyrie": ScriptedHuman(), "marquise": ScriptedHuman()})
    (kept,) = [e for e in g.log if e.rule == "BBP 2.3"]
    assert "keeps the dominance cards" in kept.text


def played(config: GameConfig, human: str) -> list[Event]:
    """A whole game; the human (who takes no actions) starts with a warrior in every clearing
    and the five ambush cards in hand, so the bots battle it and it can ambush them."""
    g = new_game(config, controllers={human: ScriptedHuman(ambush=True)})
    s = g.state
    for c in range(1, 13):
        s.clearings[c].warriors[human] = s.clearings[c].warriors.get(human, 0) + 1
    s.factions[human].supply["warrior"] -= 12
    ambushes = [c for c in s.deck if s.deckdef.card(c).kind == "ambush"]
    s.deck = [c for c in s.deck if c not in ambushes]
    s.factions[human].hand += ambushes
    invariants.check(s)
    g.log.listeners.append(lambda e: invariants.check(g.state))
    play(g)
    assert s.winner
    return list(g.log)


@pytest.mark.parametrize("seed", range(6))
def test_bbp_1_2_and_3_2_games_of_a_human_against_better_bots_keep_every_invariant(seed: int) -> None:
    """Solo (BBP 1.3) against the Better Bot Marquise and Alliance, hostile or as a team (BBP
    1.2), the human Eyrie ambushing whenever it can (BBP 3.2)."""
    options: dict[str, object] = {"bbp_variants": ["ambush"], "cooperative": seed % 2 == 1}
    config = GameConfig([Seat("eyrie", "human"), Seat("marquise", rule_set="bbp"), Seat("alliance", rule_set="bbp")], seed=seed, options=options)
    log = played(config, "eyrie")
    ambushes = [e for e in log if e.kind == "ambush"]
    assert ambushes and all(e.faction == "eyrie" and e.data["attacker"] == "marquise" for e in ambushes)
    if seed % 2:  # bots as a team: they battle only the human (BBP 1.2)
        assert all(e.data["defender"] == "eyrie" for e in log if e.kind == "battle")
