"""Invariants are tests: random seeded games never raise, always end, and keep conservation."""

from __future__ import annotations

from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rootbotics.core import invariants
from rootbotics.core.context import Game
from rootbotics.core.events import Event
from rootbotics.core.maps import MAP_NAMES
from rootbotics.game import bot_config, new_game, play

LINEUPS = (["marquise", "eyrie"], ["eyrie", "marquise"])
THREE_BOTS = tuple(list(p) for p in permutations(["marquise", "eyrie", "alliance"]))  # every seat order


def checked_game(seed: int, lineup: list[str], every_event: bool, map_name: str = "fall") -> Game:
    """Play a whole game, checking the invariants after every event (or every turn).

    With ``every_event``, each explanation is also formatted as it happens and compared with
    the same text formatted after the game: lazy text must not depend on when it is read.
    """
    g = new_game(bot_config(lineup, map_name, seed))
    invariants.check(g.state)
    live: list[str] = []
    if every_event:

        def after_event(event: Event) -> None:
            live.append(event.text)
            invariants.check(g.state)

        g.log.listeners.append(after_event)
    play(g, on_turn=lambda g: invariants.check(g.state))
    if every_event:
        assert [e.text for e in g.log][-len(live) :] == live
    return g


@pytest.mark.parametrize("seed", range(40))
def test_games_keep_conservation_after_every_event(seed: int) -> None:
    g = checked_game(seed, LINEUPS[seed % 2], every_event=True)
    s = g.state
    assert s.winner is not None and s.factions[s.winner[0]].vp >= 30
    assert s.phase == "over"
    assert all(e.rule for e in g.log), "every event cites a rule"


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**63), first=st.sampled_from(LINEUPS))
def test_random_seeded_games_end_with_a_winner(seed: int, first: list[str]) -> None:
    g = checked_game(seed, first, every_event=False)
    assert g.state.winner is not None
    for e in g.log:
        assert e.to_json()["text"]


@pytest.mark.soak
@pytest.mark.parametrize("block", range(20))
def test_soak_many_games(block: int) -> None:
    for seed in range(block * 100, block * 100 + 100):
        checked_game(seed, LINEUPS[seed % 2], every_event=True)


@pytest.mark.parametrize("lineup", THREE_BOTS, ids="-".join)
@pytest.mark.parametrize("seed", range(4))
def test_three_bot_games_keep_conservation_after_every_event(seed: int, lineup: list[str]) -> None:
    g = checked_game(seed, lineup, every_event=True)
    s = g.state
    assert s.winner is not None and s.factions[s.winner[0]].vp >= 30
    assert all(e.rule for e in g.log), "every event cites a rule"


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**63), lineup=st.sampled_from(THREE_BOTS))
def test_random_seeded_three_bot_games_end_with_a_winner(seed: int, lineup: list[str]) -> None:
    g = checked_game(seed, lineup, every_event=False)
    assert g.state.winner is not None


@pytest.mark.soak
@pytest.mark.parametrize("block", range(5))
def test_soak_three_bot_games(block: int) -> None:
    """500 games of the Marquise, the Eyrie and the Alliance, every seat order."""
    for seed in range(block * 100, block * 100 + 100):
        checked_game(seed, THREE_BOTS[seed % len(THREE_BOTS)], every_event=True)
@pytest.mark.parametrize("map_name", MAP_NAMES)
@pytest.mark.parametrize("seed", range(20))
def test_games_on_every_map_keep_the_invariants_after_every_event(map_name: str, seed: int) -> None:
    g = checked_game(seed, LINEUPS[seed % 2], every_event=True, map_name=map_name)
    s = g.state
    assert s.winner is not None and s.factions[s.winner[0]].vp >= 30
    assert s.map.name == map_name


@pytest.mark.soak
@pytest.mark.parametrize("map_name", MAP_NAMES)
@pytest.mark.parametrize("block", range(5))
def test_soak_games_over_the_four_maps(map_name: str, block: int) -> None:
    """1,000 games: 250 per map, in blocks of 50."""
    for seed in range(block * 50, block * 50 + 50):
        checked_game(seed, LINEUPS[seed % 2], every_event=True, map_name=map_name)


FOUR_BOTS = ["marquise", "eyrie", "alliance", "vagabot"]
CHARACTERS = ("thief", "tinker", "ranger", "vagrant", "scoundrel", "arbiter")


def four_bot_game(seed: int) -> Game:
    """A four-bot game of the Clockwork 1 bots: seats rotated, the Vagabot's character by seed."""
    from rootbotics.game import GameConfig, Seat

    order = FOUR_BOTS[seed % 4 :] + FOUR_BOTS[: seed % 4]
    cfg = GameConfig([Seat(f) for f in order], seed=seed, options={"vagabot_character": CHARACTERS[seed % 6]})
    g = new_game(cfg)
    g.log.listeners.append(lambda e: invariants.check(g.state))
    play(g)
    return g


@pytest.mark.parametrize("seed", range(12))
def test_four_bot_games_with_every_character_keep_the_invariants(seed: int) -> None:
    g = four_bot_game(seed)
    assert g.state.winner is not None and len(g.state.turn_order) == 4


@pytest.mark.soak
@pytest.mark.parametrize("block", range(10))
def test_soak_a_thousand_four_bot_games(block: int) -> None:
    """Issue 4's bar: 1,000 seeded four-bot games, mixed characters, no exception or break."""
    for seed in range(block * 100, block * 100 + 100):
        assert four_bot_game(seed).state.winner is not None
