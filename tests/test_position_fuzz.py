"""A structure-aware fuzzer of saved positions (issue 18, "raise the bar"): hypothesis mutates
fields of valid positions of every faction (types, numbers, tokens, pieces, cards, missing keys)
and every mutated position is either refused with one line (a StateError naming a field, or the
broken invariant) or accepted, and then keeps every invariant, saves, loads back to the same
position and plays on for a few turns with the invariants checked after every event.

A short run is part of `make test`; the soak-marked run (`make soak`) tries many more."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rootbotics.core import invariants, serial
from rootbotics.core.context import Game
from rootbotics.core.maps import MAP_NAMES, SUITS
from rootbotics.core.serial import StateError
from rootbotics.core.state import PHASES
from rootbotics.factions import PLAYABLE_BOTS, piece_totals
from rootbotics.game import DEFAULT_MAX_ROUNDS, EngineFailure, GameConfig, Seat, new_game, play
from json_paths import copy_doc as _copy, get_at as _get, nodes as _nodes

POSITIONS = Path(__file__).parent / "positions"
QUICK = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
LONG = settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
PLAYED_ON = 4  # turns played from an accepted position


def _played(bots: list[str], map_name: str, seed: int, turns: int) -> dict[str, Any]:
    g = new_game(GameConfig([Seat(f) for f in bots], map_name, seed))
    play(g, turns=turns)
    return serial.to_json(g.state)


def _bases() -> list[dict[str, Any]]:
    """Valid positions holding every faction's board: each bot with two others after a few
    turns, on every map, and the worked examples (with human seats) of tests/positions."""
    out = []
    for i, f in enumerate(PLAYABLE_BOTS):
        others = [PLAYABLE_BOTS[(i + k) % len(PLAYABLE_BOTS)] for k in (1, 3)]
        out.append(_played([f, *others], MAP_NAMES[i % len(MAP_NAMES)], 11 + i, 4 + 2 * (i % 3)))
    out.extend(json.loads(p.read_text()) for p in sorted(POSITIONS.glob("*.json")))
    return out


BASES = _bases()
TOKENS = [*PLAYABLE_BOTS, *PHASES, *SUITS, *MAP_NAMES, "bird", "bot", "human", "law", "bbp", "warrior", "roost", "sympathy",
          "base_fox", "keep", "wood", "tea", "sword", "boot", "loyal_vizier", "ambush_bird", "dominance_fox", "", "x"]  # fmt: skip


def _of_type(doc: dict[str, Any], kind: type) -> list[tuple[Any, ...]]:
    return [p for p in _nodes(doc) if type(_get(doc, p)) is kind]


# -- mutations: each changes one thing of a document in place --------------------------------------
def retype(draw: st.DrawFn, doc: dict[str, Any]) -> None:
    """Any value becomes a value of another JSON type."""
    path = draw(st.sampled_from(_nodes(doc)))
    old = _get(doc, path)
    new = draw(st.sampled_from([None, "x", 3, -1, 1.5, True, [], ["fox"], {}, {"a": 1}]).filter(lambda v: type(v) is not type(old)))
    _get(doc, path[:-1])[path[-1]] = new


def renumber(draw: st.DrawFn, doc: dict[str, Any]) -> None:
    """A number becomes another: near the game's ranges or far outside them."""
    found = _of_type(doc, int)
    if not found:
        return
    path = draw(st.sampled_from(found))
    _get(doc, path[:-1])[path[-1]] = draw(st.integers(-2, 32) | st.sampled_from([-(2**63), 10**6, 2**64, 10**30]))


def retoken(draw: st.DrawFn, doc: dict[str, Any]) -> None:
    """A name (faction, phase, suit, piece, item, card) becomes another name of the game."""
    found = _of_type(doc, str)
    if not found:
        return
    path = draw(st.sampled_from(found))
    _get(doc, path[:-1])[path[-1]] = draw(st.sampled_from(TOKENS))


def drop(draw: st.DrawFn, doc: dict[str, Any]) -> None:
    """A key or a list element goes missing."""
    path = draw(st.sampled_from(_nodes(doc)))
    del _get(doc, path[:-1])[path[-1]]


def pieces(draw: st.DrawFn, doc: dict[str, Any]) -> None:
    """Warriors of a seated faction added or taken in a clearing, or one of its pieces placed
    (nothing when an earlier mutation broke the structure this needs)."""
    order, clearings, factions = doc.get("turn_order"), doc.get("clearings"), doc.get("factions")
    if not (isinstance(order, list) and isinstance(clearings, dict) and clearings and isinstance(factions, dict)):
        return
    seated = [f for f in order if f in PLAYABLE_BOTS and isinstance(factions.get(f), dict) and factions[f].get("seat") in ("bot", "human")]
    clearing = clearings[draw(st.sampled_from(sorted(clearings)))]
    if not seated or not isinstance(clearing, dict):
        return
    f = draw(st.sampled_from(seated))
    kinds = [k for k in piece_totals(f, factions[f]["seat"]) if k != "warrior"]
    what = draw(st.sampled_from(["warriors", "buildings", "tokens"] if kinds else ["warriors"]))
    there = clearing.setdefault(what, {} if what == "warriors" else [])
    if isinstance(there, dict):
        there[f] = draw(st.integers(0, 8))
    elif isinstance(there, list):
        there.append([f, draw(st.sampled_from(kinds))])


def cards(draw: st.DrawFn, doc: dict[str, Any]) -> None:
    """A card moved between the deck, the discard pile, the removed cards and a hand, or copied."""
    piles = [p for p in _nodes(doc) if isinstance(_get(doc, p), list) and p[-1] in ("deck", "discard", "removed_cards", "hand")]
    source = draw(st.sampled_from([p for p in piles if _get(doc, p)] or [None]))
    if source is None:
        return
    card = draw(st.sampled_from(_get(doc, source)))
    if draw(st.booleans()):
        _get(doc, source).remove(card)
    _get(doc, draw(st.sampled_from(piles))).append(card)


MUTATIONS = [retype, renumber, retoken, drop, pieces, cards]


@st.composite
def mutated(draw: st.DrawFn) -> dict[str, Any]:
    """A valid position with one to three mutations."""
    doc = _copy(draw(st.sampled_from(BASES)))
    for _ in range(draw(st.integers(1, 3))):
        if not _nodes(doc):
            break
        draw(st.sampled_from(MUTATIONS))(draw, doc)
    return doc


# -- the property ---------------------------------------------------------------------------------
def refused_or_sound(doc: dict[str, Any]) -> None:
    """Refused with one line naming a field (or the broken invariant), or accepted and sound:
    invariants hold, it saves and loads back the same, and plays on with every invariant."""
    try:
        state = serial.from_json(doc)
    except StateError as e:
        message = str(e)
        assert message and "\n" not in message, message
        assert e.path or message.startswith("an impossible position: "), message
        return
    assert invariants.violations(state) == []
    again = serial.loads(serial.dumps(state))
    assert serial.to_json(again) == serial.to_json(state)
    if state.winner is None and all(fs.is_bot for fs in state.factions.values()):
        g = Game(again)
        g.log.listeners.append(lambda e: invariants.check(g.state))
        try:
            play(g, turns=PLAYED_ON)
        except EngineFailure:  # the position's own round limit (options.max_rounds) was reached
            assert g.state.round > int(g.state.options.get("max_rounds", DEFAULT_MAX_ROUNDS))  # type: ignore[arg-type]
        invariants.check(g.state)


def test_the_bases_are_accepted_and_sound() -> None:
    assert {f for doc in BASES for f in doc["turn_order"]} >= set(PLAYABLE_BOTS)
    for doc in BASES:
        refused_or_sound(_copy(doc))


@QUICK
@given(mutated())
def test_a_mutated_position_is_refused_in_one_line_or_sound(doc: dict[str, Any]) -> None:
    refused_or_sound(doc)


@pytest.mark.soak
@LONG
@given(mutated())
def test_many_mutated_positions_are_refused_in_one_line_or_sound(doc: dict[str, Any]) -> None:
    refused_or_sound(doc)
