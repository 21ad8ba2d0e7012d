"""Who rules each clearing is kept as pieces move (core/pieces.py, issue 15): after every event of
seeded bot games, on every map and with every bot (the benchmarked line-ups, and soak games that
draw bots, rule sets, traits and maps at random), the kept answer of ``ruler`` and
``ruled_clearings`` must be what a full recount on a fresh copy of the position gives (LoR 2.5)."""

from __future__ import annotations

import pickle

import pytest

from rootbotics.core import rules as R
from rootbotics.core import serial
from rootbotics.core.maps import CLEARINGS
from rootbotics.core.pieces import STALE, Buildings, Warriors
from rootbotics.core.state import GameState
from rootbotics.game import GameConfig, new_game, play
from rootbotics.sim.lineups import lineup_studies
from rootbotics.soak import soak_config

STUDIES = lineup_studies()


def recounted(state: GameState) -> GameState:
    """The same position with nothing kept: every container built afresh from its contents."""
    fresh = state.clone()
    for c in CLEARINGS:
        assert fresh.clearings[c].warriors.rule is STALE
    return fresh


def check_kept_rule(state: GameState) -> None:
    fresh = recounted(state)
    for c in CLEARINGS:
        assert R.ruler(state, c) == R.ruler(fresh, c), f"clearing {c}"
    for f in state.turn_order:
        assert R.ruled_clearings(state, f) == [c for c in CLEARINGS if R.ruler(fresh, c) == f], f


def play_checked(config: GameConfig) -> int:
    """Play a whole game, checking the kept ruler after every event; the number of events."""
    g = new_game(config)
    events = [0]

    def after(_event: object) -> None:
        events[0] += 1
        check_kept_rule(g.state)

    g.log.listeners.append(after)
    play(g)
    return events[0]


@pytest.mark.parametrize("name", sorted(STUDIES))
def test_kept_ruler_matches_a_recount_after_every_event_lor_2_5(name: str) -> None:
    for seed in (1, 2):
        assert play_checked(STUDIES[name].config(seed)) > 100


@pytest.mark.parametrize("index", range(6))
def test_kept_ruler_matches_a_recount_in_soak_games_lor_2_5(index: int) -> None:
    assert play_checked(soak_config(15, index)) > 100


def test_kept_ruler_is_forgotten_on_every_kind_of_change_lor_2_5() -> None:
    state = GameState("fall", 0)
    cl = state.clearings[1]
    assert R.ruler(state, 1) is None
    cl.warriors["marquise"] = 2
    assert R.ruler(state, 1) == "marquise"
    cl.warriors.update(eyrie=3)
    assert R.ruler(state, 1) == "eyrie"
    del cl.warriors["eyrie"]
    assert R.ruler(state, 1) == "marquise"
    cl.buildings.append(("alliance", "base_fox"))
    cl.buildings += [("alliance", "base_fox"), ("alliance", "base_fox")]
    assert R.ruler(state, 1) == "alliance"
    cl.buildings.pop()
    assert R.ruler(state, 1) is None  # two against two, and the Eyrie (Lords of the Forest) has none here
    cl.warriors.pop("marquise")
    assert R.ruler(state, 1) == "alliance"
    cl.buildings.clear()
    assert R.ruler(state, 1) is None


def test_saved_loaded_cloned_and_pickled_positions_keep_the_tracking_containers() -> None:
    g = new_game(STUDIES["marquise,eyrie,alliance,vagabot@fall"].config(3))
    play(g)
    state = g.state
    for copy in (state.clone(), serial.loads(serial.dumps(state))):
        for c in CLEARINGS:
            cl = copy.clearings[c]
            assert type(cl.warriors) is Warriors and type(cl.buildings) is Buildings
            assert cl.warriors == state.clearings[c].warriors and cl.buildings == state.clearings[c].buildings
            assert R.ruler(copy, c) == R.ruler(state, c)
    for c in CLEARINGS:  # pickled (as a process pool would), the containers come back whole, nothing kept
        warriors, buildings = pickle.loads(pickle.dumps((state.clearings[c].warriors, state.clearings[c].buildings)))
        assert type(warriors) is Warriors and warriors == state.clearings[c].warriors and warriors.rule is STALE
        assert type(buildings) is Buildings and buildings == state.clearings[c].buildings and buildings.moved
