"""Random seeded games of the Marquise, the Eyrie and the Vagabot, with all six characters in
every seat order: no exception, every game ends, and conservation holds (pieces, cards, items,
the pawn, the Battle Track, the quests) after every event."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rootbotics.core import invariants
from rootbotics.core.context import Game
from rootbotics.core.events import Event
from rootbotics.factions.vagabot.items import CHARACTERS
from rootbotics.game import GameConfig, Seat, new_game, play

ORDERS = list(itertools.permutations(("marquise", "eyrie", "vagabot")))


def vagabot_game(seed: int, order: tuple[str, ...], character: str, every_event: bool) -> Game:
    """Play a whole game, checking the invariants after every event (or every turn); with
    ``every_event`` each text is also read live and compared with the text read afterwards."""
    g = new_game(GameConfig([Seat(f) for f in order], seed=seed, options={"vagabot_character": character}))
    invariants.check(g.state)
    live: list[str] = []
    if every_event:

        def after_event(event: Event) -> None:
            live.append(event.text)
            invariants.check(g.state)

        g.log.listeners.append(after_event)
    play(g, on_turn=lambda g: invariants.check(g.state))
    invariants.check(g.state)
    if every_event:
        assert [e.text for e in g.log][-len(live) :] == live
    return g


@pytest.mark.parametrize("order", ORDERS, ids="-".join)
@pytest.mark.parametrize("character", CHARACTERS)
def test_every_character_in_every_seat_order_keeps_conservation(order: tuple[str, ...], character: str) -> None:
    seed = ORDERS.index(order) * 7 + CHARACTERS.index(character)
    g = vagabot_game(seed, order, character, every_event=True)
    s = g.state
    assert s.winner is not None and s.factions[s.winner[0]].vp >= 30 and s.phase == "over"
    assert all(e.rule for e in g.log)
    assert s.factions["vagabot"].board is not None and s.factions["vagabot"].board.character == character


@settings(max_examples=120, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**63),
    order=st.sampled_from(ORDERS),
    character=st.sampled_from(CHARACTERS),
)
def test_random_seeded_vagabot_games_end_with_a_winner(seed: int, order: tuple[str, ...], character: str) -> None:
    g = vagabot_game(seed, order, character, every_event=False)
    assert g.state.winner is not None
    for e in g.log:
        assert e.to_json()["text"]


def test_the_characters_act() -> None:
    """Over a few dozen games every character's special action (or the Arbiter's enlisting) and
    every Daylight action happens at least once."""
    kinds: set[tuple[str, str]] = set()
    for seed in range(60):
        character = CHARACTERS[seed % 6]
        g = vagabot_game(seed, ORDERS[seed % 6], character, every_event=False)
        kinds.update((e.rule, e.kind) for e in g.log)
    for wanted in [
        ("7.5.1", "explore"), ("7.5.2", "quest"), ("7.5.3", "aid"), ("7.5.4", "battle"), ("7.5.5", "repair"),
        ("7.4.3", "slip"), ("7.7.2", "craft"), ("7.7.3", "slip"), ("7.7.5", "scorched_earth"), ("7.7.6", "enlist"),
        ("7.2.5", "damage"), ("7.2.4", "track_on"), ("7.2.4", "track_off"),
    ]:
        assert wanted in kinds, wanted


@pytest.mark.soak
@pytest.mark.parametrize("block", range(5))
def test_soak_vagabot_games(block: int) -> None:
    """500 games, invariants after every event (``make soak``)."""
    for seed in range(block * 100, block * 100 + 100):
        vagabot_game(10_000 + seed, ORDERS[seed % 6], CHARACTERS[(seed // 6) % 6], every_event=True)
