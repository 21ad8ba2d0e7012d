"""Random seeded games of the Cogwheel Corvids with the four Clockwork 1 bots (3, 4 and 5 players,
every map, random difficulties and traits): no exception, every game ends, and conservation holds
after every event (pieces, the 54 cards, items, and the plots face up, face down and in supply)."""

from __future__ import annotations

import pytest

from rootbotics.factions import TRAIT_TEXT
from rootbotics.core import invariants
from rootbotics.factions.corvids import plots
from rootbotics.core.chance import Rng
from rootbotics.core.context import Game
from rootbotics.core.events import Event
from rootbotics.core.maps import MAP_NAMES
from rootbotics.game import GameConfig, Seat, new_game, play

CLOCKWORK_1 = ("marquise", "eyrie", "alliance", "vagabot")
LEVELS = ("easy", "default", "challenging", "nightmare")


def lineup(seed: int) -> GameConfig:
    """3 to 5 bots, the Corvids among them, in a random seat order, map, difficulty and traits."""
    rng = Rng.from_seed(seed)
    others = list(CLOCKWORK_1)
    rng.shuffle(others)
    seats = ["corvids", *others[: 2 + rng.below(3)]]
    rng.shuffle(seats)
    traits = tuple(t for t in TRAIT_TEXT["corvids"] if rng.below(2))
    config = [Seat(f, difficulty=LEVELS[rng.below(4)], traits=traits if f == "corvids" else ()) for f in seats]
    return GameConfig(config, map=MAP_NAMES[rng.below(len(MAP_NAMES))], seed=seed)


def corvids_game(seed: int) -> Game:
    g = new_game(lineup(seed))
    invariants.check(g.state)
    live: list[str] = []

    def after_event(event: Event) -> None:
        live.append(event.text)
        invariants.check(g.state)

    g.log.listeners.append(after_event)
    play(g)
    invariants.check(g.state)
    assert [e.text for e in g.log][-len(live) :] == live  # explanations read the same later
    s = g.state
    assert s.winner is not None and s.phase == "over"
    total = len(plots.plot_map(s)) + s.factions["corvids"].supply["plot"]
    assert total == 8
    return g


@pytest.mark.parametrize("seed", range(10))
def test_random_corvid_games_end_and_keep_conservation(seed: int) -> None:
    corvids_game(seed)


def test_the_plots_all_happen() -> None:
    """Over a few games every plot flips, snares stop bots and bombs hit them."""
    kinds: set[tuple[str, str]] = set()
    for seed in range(10, 22):
        g = corvids_game(seed)
        kinds.update((e.rule, e.kind) for e in g.log)
        kinds.update(("flip", e.data["kind"]) for e in g.log if e.kind == "flip")
    for wanted in [("flip", "bomb"), ("flip", "snare"), ("flip", "extortion"), ("flip", "raid"), ("11.8.2", "snare"), ("11.7.1", "swap"), ("11.7.4", "place_warriors"), ("11.2.2", "extra_hit"), ("11.5.2", "move")]:
        assert wanted in kinds, wanted


@pytest.mark.soak
@pytest.mark.parametrize("seed", range(1000, 1300))
def test_soak_corvid_games(seed: int) -> None:
    corvids_game(seed)
