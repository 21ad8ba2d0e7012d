"""Shared helpers for the rule tests.

Positions are built by hand on an empty Fall map: ``fall_state`` seats the factions, and the
``put_*`` helpers move pieces from a faction's supply onto the map, so that supplies always
agree with what is on the board (what the engine itself assumes). ``make_game`` wraps a state
in a ``Game`` whose chance source is a ``ScriptedChance``: dice, draws and random picks come
from the script and nowhere else, so a test that asks for an outcome it did not script fails
loudly with ``ChanceExhausted``.

The helpers are plain functions (import them with ``from conftest import ...``) and are also
offered as fixtures of the same name for tests that prefer fixtures.
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from rootbotics.core.chance import Chance, ScriptedChance
from rootbotics.core.context import Game
from rootbotics.controllers import Controller, ScriptedHuman
from rootbotics.core.faction import SHARED
from rootbotics.core.state import GameState

Seat = tuple[str, str]  # (faction, "bot" | "human")


@pytest.fixture(scope="session", autouse=True)
def _no_training_library_imported() -> Iterable[None]:
    """make test never imports torch (issue 28 part 4: the train extra is make train's alone;
    rootbotics.env.train imports it only inside the functions that train or load a policy)."""
    yield
    import sys

    heavy = [m for m in ("torch", "stable_baselines3", "sb3_contrib") if m in sys.modules]
    assert not heavy, f"a test imported {', '.join(heavy)}: make test must not need the train extra"


def fall_state(*seats: Seat | str, seed: int = 0) -> GameState:
    """An empty Fall position (ruins in place, nothing else) with the given seats in turn order.

    A seat is ``("marquise", "bot")`` or just ``"marquise"`` (a bot). A human Woodland Alliance
    gets an empty Supporters stack, as it has in play.
    """
    state = GameState("fall", seed)
    for seat in seats:
        faction, kind = (seat, "bot") if isinstance(seat, str) else seat
        fs = state.add_faction(faction, kind)
        if faction == "alliance" and kind == "human":
            fs.board.supporters = []
    state.phase = "daylight"
    return state


def _take(state: GameState, faction: str, kind: str, n: int) -> None:
    supply = state.factions[faction].supply
    have = supply.get(kind, 0)
    assert have >= n, f"{faction} has only {have} {kind} in supply, the test wants {n}"
    supply[kind] = have - n


def put_warriors(state: GameState, faction: str, c: int, n: int) -> None:
    """Put ``n`` warriors of ``faction`` in clearing ``c``, taken from its supply."""
    _take(state, faction, "warrior", n)
    cl = state.clearings[c]
    cl.warriors[faction] = cl.warriors.get(faction, 0) + n


def put_building(state: GameState, faction: str, c: int, kind: str, n: int = 1) -> None:
    """Put ``n`` buildings of one kind in ``c`` (slots are the test's business, but checked)."""
    assert kind in SHARED.buildings, kind
    assert state.free_slots(c) >= n, f"clearing {c} has only {state.free_slots(c)} free slots"
    _take(state, faction, kind, n)
    state.clearings[c].buildings.extend([(faction, kind)] * n)


def put_token(state: GameState, faction: str, c: int, kind: str, n: int = 1) -> None:
    """Put ``n`` tokens of one kind (keep, wood, sympathy) in ``c``."""
    assert kind not in SHARED.buildings, kind
    _take(state, faction, kind, n)
    state.clearings[c].tokens.extend([(faction, kind)] * n)


def make_game(
    state: GameState,
    script: Iterable[tuple[str, object]] = (),
    controllers: dict[str, Controller] | None = None,
    fallback: Chance | None = None,
) -> Game:
    """A ``Game`` around ``state`` whose chance answers only from ``script``.

    Script entries: ``("roll", (a, b))``, ``("draw", card_id)``, ``("pick", value)``.
    """
    return Game(state, ScriptedChance(script, fallback=fallback), controllers)


def card_id(state: GameState, name: str) -> int:
    """The id of a card by its data name (``root_tea_fox``, ``ambush_bird#2``)."""
    return state.deckdef.by_name[name]


def events(g: Game, kind: str) -> list:
    return g.log.of_kind(kind)


def assert_supply_consistent(state: GameState) -> None:
    """Box = supply + map + removed, for every seat and piece kind."""
    from rootbotics.factions import piece_totals

    for faction, fs in state.factions.items():
        for kind, total in piece_totals(faction, fs.seat).items():
            accounted = fs.supply.get(kind, 0) + state.on_map(faction, kind) + fs.removed.get(kind, 0)
            assert accounted == total, f"{faction} {kind}: {accounted} accounted for, box holds {total}"


# -- the same helpers as fixtures ------------------------------------------------------------------
@pytest.fixture
def new_fall_state():
    return fall_state


@pytest.fixture
def game_of():
    return make_game


@pytest.fixture
def human():
    """A factory for scripted human controllers: ``human(preference=("keep", "sawmill"))``."""
    return ScriptedHuman
