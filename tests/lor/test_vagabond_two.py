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


# -- LoR 9.7.2: one quest deck and three face-up quests, shared ----------------------------------------
COMBOS = [
    (("vagabot", "human", "law"), ("vagabond2", "human", "law")),  # two program seats by legal moves
    (("vagabot", "bot", "law"), ("vagabond2", "human", "law")),  # the Law Vagabot and a human second
    (("vagabot", "bot", "bbp"), ("vagabond2", "bot", "bbp")),  # Robot Raccoon and Robot Raccoon #2
    (("vagabot", "human", "law"), ("vagabond2", "bot", "bbp")),  # a human and the Robot Raccoon #2
]


def _game(first: tuple[str, str, str], second: tuple[str, str, str], seed: int, map_name: str = "fall"):  # type: ignore[no-untyped-def]
    from rootbotics.game import new_game

    seats = [Seat("marquise"), Seat(first[0], first[1], rule_set=first[2]), Seat("eyrie"), Seat(second[0], second[1], rule_set=second[2])]
    options: dict[str, object] = {"raccoon_paths": "stand-in", "programs": {f: "random" for f, seat, _ in (first, second) if seat == "human"}}
    return new_game(GameConfig(seats, map_name, seed, options=options))


def _places(s) -> list[int]:  # type: ignore[no-untyped-def]
    from rootbotics.factions.vagabot import quests as Q

    out: list[int] = []
    for f in Q.PAIR:
        b = s.factions[f].board
        out += list(b.quests) + list(b.quest_deck) + Q.completed(b)
    return out


@pytest.mark.parametrize("first,second", COMBOS)
def test_lor_9_7_2_two_vagabonds_share_one_deck_and_three_face_up_quests(first: tuple[str, str, str], second: tuple[str, str, str]) -> None:
    from rootbotics.core import invariants
    from rootbotics.factions.vagabot import quests as Q
    from rootbotics.game import play

    g = _game(first, second, 4)
    s = g.state
    holders = [f for f in Q.PAIR if Q.holds_row(s.factions[f].board)]
    assert len(holders) == 1 and len(s.factions[holders[0]].board.quests) == 3 and len(s.factions[holders[0]].board.quest_deck) == 12
    assert holders[0] == s.options["first_vagabond"]  # the first to set up draws them (LoR 9.7.1)
    assert Q.face_up(s, "vagabot") is Q.face_up(s, "vagabond2")  # one row for both
    assert sum(1 for e in g.log if e.rule == "LoR 9.7.2" and "draws no quest" in e.line()) == 1  # no extra quests at setup
    assert sorted(_places(s)) == list(range(15)) and not invariants.violations(s)
    completed: dict[str, int] = {}
    g.log.listeners.append(lambda e: invariants.check(g.state))
    g.log.listeners.append(lambda e: completed.update({e.faction: completed.get(e.faction, 0) + 1}) if e.kind == "quest" and "completes" in e.line() else None)
    play(g)
    assert sorted(_places(s)) == list(range(15))  # every quest card in one place (LoR 9.7.2)
    assert len(Q.face_up(s, "vagabot")) <= 3 and sum(completed.values()) > 0, completed


@pytest.mark.parametrize("first,second", COMBOS)
def test_lor_9_7_2_a_shared_game_saves_and_loads_the_one_row(first: tuple[str, str, str], second: tuple[str, str, str]) -> None:
    from rootbotics.factions.vagabot import quests as Q

    g = _game(first, second, 6)
    s = g.state
    again = serial.loads(serial.dumps(s))
    assert serial.dumps(again) == serial.dumps(s)
    assert Q.face_up(again, "vagabond2") == Q.face_up(s, "vagabot") and len(Q.face_up(again, "vagabot")) == 3


def test_lor_9_7_2_a_bot_completes_any_face_up_quest_and_the_row_refills_from_the_shared_deck() -> None:
    from rootbotics.factions.vagabot import bot as law, quests as Q
    from rootbotics.factions.vagabot.items import quest_names

    g = _game(("vagabot", "bot", "bbp"), ("vagabond2", "bot", "bbp"), 4)
    s = g.state
    row, deck = Q.face_up(s, "vagabot"), Q.deck(s, "vagabot")
    q = row[-1]  # not the first of the row: any face-up quest may be completed
    c = next(c for c in range(1, 13) if s.suit(c) == s.deckdef.quests[q].suit and all(s.deckdef.quests[r].suit != s.suit(c) for r in row[:-1])) if len({s.deckdef.quests[r].suit for r in row}) == 3 else None
    if c is None:
        pytest.skip("seed 4's row repeats a suit")
    assert law.quest_in(s, "vagabond2", c) == q
    top = deck[-1]
    law.complete_quest(g, "vagabond2", q)
    law.draw_quest(g, "vagabond2", "BBP RR.6")
    assert q not in row and s.factions["vagabond2"].board.quest_discard == [q] and q in [quest_names().index(n) for n in [quest_names()[q]]]
    assert len(row) == 3 and row[-1] == top and len(deck) == 11 and Q.face_up(s, "vagabot") is row


def test_lor_9_7_2_old_saves_with_a_quest_deck_on_each_board_are_refused_naming_the_field() -> None:
    g = _game(("vagabot", "bot", "bbp"), ("vagabond2", "bot", "bbp"), 4)
    data = json.loads(serial.dumps(g.state))
    for f in ("vagabot", "vagabond2"):  # as saved before LoR 9.7.2: each his own quest and deck of 15
        board = data["factions"][f]["vagabot"]
        board.pop("quests", None)
        board.update({"quest": "errand_fox", "quest_discard": []})
        board.pop("quest_deck", None)
    with pytest.raises(StateError) as e:
        serial.from_json(data)
    assert str(e.value).startswith("factions.vagabond2.vagabot.quests: the two Vagabonds share one quest deck and three face-up quests (LoR 9.7.2)"), str(e.value)
    assert "\n" not in str(e.value)


def test_lor_9_7_2_the_board_picture_and_the_observation_show_the_shared_row() -> None:
    from rootbotics.factions import REGISTRY
    from rootbotics.factions.vagabot import quests as Q

    g = _game(("vagabot", "bot", "law"), ("vagabond2", "human", "law"), 4)
    s = g.state
    for f in Q.PAIR:
        text = "\n".join(str(x) for x in REGISTRY[f].describe_board(s, s.factions[f]))
        assert "shared face-up quests (LoR 9.7.2): " in text and "12 in the shared quest deck" in text, text
    np = pytest.importorskip("numpy")
    from rootbotics.env.observe import observe

    o = observe(s, "vagabond2", np.zeros(1, np.int8), None)
    assert sorted(int(q) for q in o["vagabond_quests"][1].nonzero()[0]) == sorted(Q.face_up(s, "vagabond2"))


# -- LoR 9.7.3: of two items under a ruin, never an R item of a kind he holds marked R ---------------------
def test_lor_9_7_3_a_bot_vagabond_takes_no_second_r_item_of_a_kind_and_picks_among_the_rest() -> None:
    from rootbotics.factions.vagabot import bot as law

    g = _game(("vagabot", "bot", "law"), ("vagabond2", "bot", "bbp"), 4)  # the Law Vagabot (the Robot Raccoon takes all eight, R-BBP-RR2)
    s = g.state
    vs = s.factions["vagabot"].board
    vs.items[0].ruin = True  # as if taken from a ruin (saved with the word R)
    k = vs.items[0].kind
    again = serial.loads(serial.dumps(s))
    assert again.factions["vagabot"].board.items[0].ruin and serial.dumps(again) == serial.dumps(s)
    other = "sword" if k != "sword" else "hammer"
    ruins = [c for c in s.map.ruins if s.clearings[c].ruin]
    a, b = ruins[0], ruins[1]
    s.clearings[a].ruin_items[:] = [k, other]
    s.clearings[b].ruin_items[:] = [k, k]
    assert law.take_from_ruin(g, "vagabot", a, "7.5.1") == other  # his kind is barred: no draw
    assert b not in law.explorable(s, "vagabot") and a in law.explorable(s, "vagabot")
    assert b in law.explorable(s, "vagabond2", limited=False)  # the Robot Raccoon #2 takes any (BBP RR.5)
    for c in ruins:  # every ruin left holds only his kind: he does not explore, and says why
        s.clearings[c].ruin_items[:] = [k]
    law.explore(g)
    last = list(g.log)[-1]
    assert (last.rule, last.kind) == ("7.5.1", "skip") and "the ruins left hold only items of kinds he holds marked R (LoR 9.7.3)" in last.text
