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


# -- one character card each (LoR 9.7; ruling R-BBP-RR2) -------------------------------------------------
def _character(s, f: str) -> str:  # type: ignore[no-untyped-def]
    return str(s.factions[f].board.character)


@pytest.mark.parametrize("first,second", [(("vagabot", "bot", "law"), ("vagabond2", "bot", "bbp")), (("vagabot", "bot", "bbp"), ("vagabond2", "bot", "bbp")),
                                          (("vagabot", "bot", "bbp"), ("vagabond2", "human", "law")), (("vagabot", "bot", "law"), ("vagabond2", "human", "law"))])
def test_lor_9_7_two_vagabonds_never_draw_one_character(first: tuple[str, str, str], second: tuple[str, str, str]) -> None:
    from rootbotics.game import new_game

    for seed in range(12):
        seats = [Seat("marquise"), Seat(first[0], first[1], rule_set=first[2]), Seat(second[0], second[1], rule_set=second[2])]
        options: dict[str, object] = {"raccoon_paths": "stand-in", "programs": {f: "random" for f, seat, _ in (first, second) if seat == "human"}}
        s = new_game(GameConfig(seats, "fall", seed, options=options)).state
        assert _character(s, "vagabot") != _character(s, "vagabond2"), seed


def test_lor_9_7_a_human_second_vagabond_is_not_offered_the_vagabot_s_character() -> None:
    from rootbotics.core.moves import Decision, Move
    from rootbotics.game import new_game
    from rootbotics.programs import ProgramController

    seen: list[Decision] = []

    def first(view: object, d: Decision) -> Move:
        seen.append(d)
        return d.moves[0]

    cfg = GameConfig([Seat("marquise"), Seat("vagabot"), Seat("vagabond2", "human")], "fall", 1, options={"vagabot_character": "thief"})
    s = new_game(cfg, controllers={"vagabond2": ProgramController(first)}).state
    offered = [m.args[0] for d in seen if d.step == "setup.character" for m in d.moves]
    assert offered and "thief" not in offered and _character(s, "vagabond2") == offered[0] != "thief"


def test_lor_9_7_both_vagabonds_given_one_character_is_refused() -> None:
    cfg = GameConfig([Seat("marquise"), Seat("vagabot"), Seat("vagabond2", "human")], "fall", 1, options={"vagabot_character": "ranger", "vagabond2_character": "ranger"})
    with pytest.raises(ConfigError, match=r"^options\.vagabond2_character: the second Vagabond cannot play the ranger, which the first Vagabond plays \(one card each\)$"):
        cfg.validate()
