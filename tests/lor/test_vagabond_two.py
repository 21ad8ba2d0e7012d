"""The game of two Vagabonds (LoR 9.7; rulings R-TWO-VAGABONDS, R-BBP-RR2, R-TWO-VAGABONDS-QUESTS):
the second Vagabond (``vagabond2``) sits only beside the first (``vagabot``); the two never play
one character; they share one quest deck and three face-up quests (LoR 9.7.2); a ruin with two
items gives the explorer his pick, never an R item of a kind he holds (LoR 9.7.3)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from rootbotics.core import serial
from rootbotics.core.fields import StateError
from rootbotics.game import ConfigError, GameConfig, Seat

ALONE = "the second Vagabond (vagabond2) plays only beside the first (vagabot): the game of two Vagabonds (LoR 9.7) needs both"


def cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rootbotics", *args], capture_output=True, text=True, timeout=300, input=stdin)


# -- LoR 9.7: no second Vagabond without the first ---------------------------------------------------
@pytest.mark.parametrize("seats", [
    [Seat("vagabond2", rule_set="bbp"), Seat("marquise")],
    [Seat("vagabond2", "human"), Seat("marquise"), Seat("eyrie")],
])
def test_lor_9_7_a_second_vagabond_without_the_first_is_refused_in_one_line(seats: list[Seat]) -> None:
    config = GameConfig(seats, "fall", 1, options={"raccoon_paths": "stand-in"})
    with pytest.raises(ConfigError, match=r"^seats\.0\.faction: " + re.escape(ALONE) + "$"):
        config.validate()
    GameConfig([Seat("vagabot"), *seats], "fall", 1, options={"raccoon_paths": "stand-in"}).validate()  # beside the first: seated


@pytest.mark.parametrize("command", [["play"], ["simulate", "--games", "1"]])
def test_lor_9_7_play_and_simulate_refuse_a_lone_second_vagabond(command: list[str]) -> None:
    out = cli(*command, "--bots", "marquise,vagabond2@bbp", "--raccoon-paths", "stand-in")
    assert out.returncode == 2 and out.stderr.count("\n") == 1 and ALONE in out.stderr, out.stderr


def test_lor_9_7_the_table_refuses_a_lone_second_vagabond(tmp_path: Path) -> None:
    out = cli("table", "new", "--humans", "vagabond2@thief:Bob", "--bots", "marquise,eyrie", "--file", str(tmp_path / "t.json"))
    assert out.returncode == 2 and ALONE in out.stderr and out.stderr.count("\n") == 1, out.stderr + out.stdout
    assert not (tmp_path / "t.json").exists()


def test_lor_9_7_a_position_file_with_a_lone_second_vagabond_is_refused() -> None:
    data = json.loads(serial.dumps(_two_vagabond_state()))
    data["turn_order"].remove("vagabot")
    del data["factions"]["vagabot"]
    data["turn"] = 0
    with pytest.raises(StateError) as e:
        serial.from_json(data)
    assert str(e.value) == f"factions.vagabond2: {ALONE}"


def test_lor_9_7_the_web_form_refuses_a_lone_second_vagabond(tmp_path: Path) -> None:
    pytest.importorskip("fastapi")
    pytest.importorskip("httpx")
    from rootbotics.web.app import create_app
    from tests.web.keyed import KeyedClient

    client = KeyedClient(create_app(tmp_path))
    r = client.post("/new", data={"seat_marquise": "bot", "seat_eyrie": "bot", "seat_vagabond2": "human", "player_vagabond2": "Bob", "seed": "3"})
    error = re.search(r'id="form-error">(.*?)</p>', r.text)
    assert r.status_code == 400 and error is not None and "plays only beside the first (vagabot)" in error.group(1), r.text[:500]
    assert not list(tmp_path.glob("*.json"))


def _two_vagabond_state():  # type: ignore[no-untyped-def]
    from rootbotics.game import new_game

    return new_game(GameConfig([Seat("marquise"), Seat("vagabot", rule_set="bbp"), Seat("vagabond2", rule_set="bbp")], "fall", 5, options={"raccoon_paths": "stand-in"})).state
