"""Issue 18, items 2 and 3: no impossible position is loaded, and each impossible state is an
invariant violation (docs/state-format.md, "What a valid position satisfies")."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from rootbotics.core import invariants
from rootbotics.core.serial import StateError, from_json, to_json
from rootbotics.game import bot_config, new_game, play

SEATS = ["marquise", "eyrie", "riverfolk", "lizards", "vagabot"]


def _base() -> dict[str, Any]:
    g = new_game(bot_config(SEATS, seed=12))
    play(g, turns=7)
    assert g.state.winner is None
    return to_json(g.state)


_BASE = _base()


def doc() -> dict[str, Any]:
    return copy.deepcopy(_BASE)


def _corner_of(d: dict[str, Any], f: str) -> str:
    return str(d["start_corners"][f])


def _two_roosts(d: dict[str, Any]) -> None:
    c = next(k for k, cl in d["clearings"].items() if ["eyrie", "roost"] in cl["buildings"])
    d["clearings"][c]["buildings"].append(["eyrie", "roost"])
    d["clearings"][c]["ruin"] = False


def _two_trade_posts(d: dict[str, Any]) -> None:
    c = next(k for k, cl in d["clearings"].items() if ["riverfolk", "trade_post"] in cl["tokens"])
    d["clearings"][c]["tokens"].append(["riverfolk", "trade_post"])


def _decree_without_viziers(d: dict[str, Any]) -> None:
    d["factions"]["eyrie"]["decree"]["bird"] = [c for c in d["factions"]["eyrie"]["decree"]["bird"] if c != "loyal_vizier"]


def _shared_corner(d: dict[str, Any]) -> None:
    d["start_corners"]["eyrie"] = d["start_corners"]["marquise"]


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    keys = path.split(".")

    def change(d: dict[str, Any]) -> None:
        node = d
        for k in keys[:-1]:
            node = node[k]
        node[keys[-1]] = value

    return change


def _lizards_order_in_daylight(d: dict[str, Any]) -> None:
    d["turn"] = d["turn_order"].index("lizards")
    d["phase"] = "daylight"
    d["factions"]["lizards"]["lizards"]["order"] = None


# (name, change, field path of the refusal, a word of the problem)
IMPOSSIBLE: list[tuple[str, Callable[[dict[str, Any]], None], str, str]] = [
    ("vp_31_no_winner", _set("factions.marquise.vp", 31), "factions.marquise.vp", "30"),
    ("vp_999_no_winner", _set("factions.eyrie.vp", 999), "factions.eyrie.vp", "30"),
    ("winner_with_5_vp", lambda d: (d.update(winner=["marquise"], phase="over", end_reason="a tale"), d["factions"]["marquise"].update(vp=5)), "winner", "30"),
    ("minus_5_vp", _set("factions.riverfolk.vp", -5), "factions.riverfolk.vp", "lose"),
    ("two_roosts", _two_roosts, "clearings", "roost"),
    ("decree_without_viziers", _decree_without_viziers, "factions.eyrie.decree.bird", "Vizier"),
    ("two_bots_one_corner", _shared_corner, "start_corners.eyrie", "corner"),
    ("two_trade_posts", _two_trade_posts, "clearings", "trade post"),
    ("bogus_services", _set("options.riverfolk_services", "bogus"), "options.riverfolk_services", "policy"),
    ("wizard", _set("options.vagabot_character", "wizard"), "options.vagabot_character", "character"),
    ("cooperative_without_humans", _set("options.cooperative", True), "options.cooperative", "human"),
    ("round_1e9", _set("round", 10**9), "round", "round"),
    ("lizards_order_in_daylight", _lizards_order_in_daylight, "factions.lizards.lizards.order", "8.4.1"),
]


@pytest.mark.parametrize("change,path,word", [x[1:] for x in IMPOSSIBLE], ids=[x[0] for x in IMPOSSIBLE])
def test_the_loader_refuses_an_impossible_position(change: Callable[[dict[str, Any]], None], path: str, word: str) -> None:
    d = doc()
    change(d)
    with pytest.raises(StateError) as err:
        from_json(d)
    assert err.value.path.startswith(path), str(err.value)
    assert word.lower() in str(err.value).lower()
    assert "\n" not in str(err.value)


def test_the_base_position_loads_and_holds() -> None:
    assert invariants.violations(from_json(doc())) == []


# -- item 3: each broken state is seen by violations() ---------------------------------------
def _loaded():
    return from_json(doc())


def _broken(change: Callable[[Any], None]) -> list[str]:
    s = _loaded()
    change(s)
    return invariants.violations(s)


def test_pieces_of_a_faction_not_seated() -> None:
    def forty_river_warriors(s: Any) -> None:
        s.clearings[3].warriors["corvids"] = 40

    assert any("corvids" in v and "not playing" in v for v in _broken(forty_river_warriors))


def test_a_building_of_an_unknown_faction() -> None:
    assert any("nobody" in v for v in _broken(lambda s: s.clearings[5].buildings.append(("nobody", "roost"))))


def test_a_ruin_where_the_map_has_none() -> None:
    s = _loaded()
    c = next(c for c in range(1, 13) if c not in s.map.ruins and not s.clearings[c].buildings)
    s.clearings[c].ruin = True
    assert any(v.startswith(f"clearings.{c}.ruin") for v in invariants.violations(s))


def test_2_8_1_a_bot_holds_no_cards() -> None:
    def deal(s: Any) -> None:
        s.factions["marquise"].hand.append(s.deck.pop())

    assert any("2.8.1" in v for v in _broken(deal))


@pytest.mark.parametrize("field,value", [("turn", 5), ("turn", -1), ("phase", "dusk"), ("round", 0), ("round", 10**9)])
def test_turn_phase_and_round_in_range(field: str, value: Any) -> None:
    assert any(v.startswith(field) for v in _broken(lambda s: setattr(s, field, value)))


def test_lor_3_1_thirty_vp_ends_the_game() -> None:
    assert any("factions.eyrie.vp" in v for v in _broken(lambda s: setattr(s.factions["eyrie"], "vp", 30)))


def test_lor_3_1_a_winner_below_thirty() -> None:
    def win(s: Any) -> None:
        s.winner, s.end_reason, s.phase = ["marquise"], "said so", "over"

    assert any(v.startswith("winner") for v in _broken(win))


def test_two_roosts_in_one_clearing() -> None:
    s = _loaded()
    c = next(c for c in range(1, 13) if ("eyrie", "roost") in s.clearings[c].buildings)
    s.clearings[c].buildings.append(("eyrie", "roost"))
    assert any("roost" in v for v in invariants.violations(s))


def test_5_3_3_a_decree_keeps_its_viziers() -> None:
    def purge(s: Any) -> None:
        s.factions["eyrie"].board.decree["bird"] = []

    assert any("Vizier" in v for v in _broken(purge))


def test_two_bots_on_one_corner() -> None:
    assert any("corner" in v for v in _broken(lambda s: s.start_corners.update(eyrie=s.start_corners["marquise"])))


@pytest.mark.parametrize("option,value", [("riverfolk_services", "bogus"), ("vagabot_character", "wizard"), ("cooperative", True), ("max_rounds", 0)])
def test_invalid_options(option: str, value: Any) -> None:
    assert any(v.startswith(f"options.{option}") for v in _broken(lambda s: s.options.update({option: value})))


def test_8_4_1_the_lizards_act_on_an_order() -> None:
    def no_order(s: Any) -> None:
        s.turn, s.phase = s.turn_order.index("lizards"), "evening"
        s.factions["lizards"].board.order = None

    assert any("8.4.1" in v for v in _broken(no_order))


@pytest.mark.parametrize("command", [["show"], ["play", "--from"]])
def test_show_and_play_from_refuse_an_impossible_position_in_one_line(tmp_path, command: list[str]) -> None:
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    d = doc()
    d["factions"]["marquise"]["vp"] = 31
    path = tmp_path / "p.json"
    path.write_text(json.dumps(d))
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1] / "src"))
    p = subprocess.run([sys.executable, "-m", "rootbotics", *command, str(path)], capture_output=True, text=True, env=env, timeout=120)
    assert p.returncode == 2 and p.stdout == ""
    assert p.stderr.strip().splitlines() == [f"rootbotics: error: {path}: factions.marquise.vp: 31 VP and no winner: reaching 30 VP wins at once (LoR 3.1)"]
