"""The public event stream (docs/event-stream.md): every event kind the engine emits has named,
typed fields; every line of random games of all eight bots on all four maps fits the published
JSON Schema; the stream opens with its format line and ends with the result; rewording a
sentence changes no data."""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path

import jsonschema
import pytest
from cli_helpers import cli

from rootbotics import stream
from rootbotics.core.maps import MAP_NAMES
from rootbotics.factions import PLAYABLE_BOTS
from rootbotics.game import GameConfig, Seat, new_game, play

SRC = Path(__file__).resolve().parents[1] / "src" / "rootbotics"
DOCS = Path(__file__).resolve().parents[1] / "docs"


def emitted() -> dict[str, set[tuple[str, str | None]]]:
    """Every event kind the engine's code emits, with the values it passes: (value, rule or None
    when the rule is not a literal)."""
    kinds: dict[str, set[tuple[str, str | None]]] = {}
    for path in SRC.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "emit"):
                continue
            assert len(node.args) >= 3 and isinstance(node.args[2], ast.Constant), f"{path}:{node.lineno}: the kind is not a literal"
            rule = node.args[1].value if isinstance(node.args[1], ast.Constant) else None
            keys = {(k.arg, rule) for k in node.keywords if k.arg not in (None, "why")}
            kinds.setdefault(node.args[2].value, set()).update(keys)
    return kinds


EMITTED = emitted()


SCHEMA = json.loads((DOCS / "event-stream.schema.json").read_text())
jsonschema.Draft202012Validator.check_schema(SCHEMA)
WHOLE = jsonschema.Draft202012Validator(SCHEMA)


def part(name: str) -> jsonschema.Draft202012Validator:
    """A validator for one definition of the published schema."""
    return jsonschema.Draft202012Validator({"$ref": f"#/$defs/{name}", "$defs": SCHEMA["$defs"]})


class Checker:
    """Checks lines against the published schema: each kind's first line against the whole
    schema (its dispatch on ``kind`` included), every line against the envelope and its kind's
    data (the same definitions, without trying the other 120 kinds first: much faster)."""

    def __init__(self) -> None:
        self.envelope = jsonschema.Draft202012Validator({**SCHEMA["$defs"]["event"], "allOf": []})
        self.data: dict[str, jsonschema.Draft202012Validator] = {}

    def check(self, line: dict[str, object]) -> None:
        kind = str(line["kind"])
        if kind in ("format", "result") or kind not in self.data:
            WHOLE.validate(line)
            if kind in ("format", "result"):
                return
            self.data[kind] = part(f"data.{kind}")
        self.envelope.validate(line)
        self.data[kind].validate(line["data"])


def test_the_engine_emits_many_kinds_and_the_scan_finds_them() -> None:
    assert {"move", "battle", "score", "game", "game_over", "setup"} <= set(EMITTED)
    assert len(EMITTED) > 100


@pytest.mark.parametrize("kind", sorted(EMITTED))
def test_every_emitted_kind_has_a_mapping_for_each_of_its_values(kind: str) -> None:
    assert kind in stream.FIELDS, f"event kind {kind!r} has no mapping in stream.FIELDS"
    for key, rule in EMITTED[kind]:
        stream.field_for(kind, rule or "", key)  # KeyError: a value with no public name


def test_the_mapping_names_no_kind_the_engine_does_not_emit() -> None:
    assert sorted(set(stream.FIELDS) - set(EMITTED)) == []


def test_the_published_schema_is_the_one_the_code_builds() -> None:
    assert json.loads((DOCS / "event-stream.schema.json").read_text()) == stream.json_schema()


def random_games(n: int, seed: int) -> list[object]:
    """A game of all eight bots on each map, then ``n`` games of random line-ups and maps."""
    rng = random.Random(seed)
    configs = [GameConfig([Seat(b) for b in PLAYABLE_BOTS], m, i) for i, m in enumerate(MAP_NAMES)]
    for i in range(n):
        bots = rng.sample(PLAYABLE_BOTS, rng.randint(2, 5))
        configs.append(GameConfig([Seat(b) for b in bots], rng.choice(MAP_NAMES), 100 + i))
    games = []
    for config in configs:
        g = new_game(config)
        play(g)
        games.append(g)
    return games


def test_every_line_of_random_games_of_all_bots_on_all_maps_fits_the_schema() -> None:
    checker = Checker()
    seen: set[str] = set()
    for g in random_games(16, seed=21):
        lines = [stream.format_line(), *(stream.event_line(e) for e in g.log), stream.result_line(g.state, True)]
        for line in lines:
            checker.check(line)
        seen |= {e.kind for e in g.log}
    assert {"move", "battle", "score", "craft", "game_over"} <= seen
    assert seen <= set(stream.FIELDS)


def test_data_has_lists_as_lists_and_no_sentence_parts() -> None:
    g = random_games(0, seed=1)[0]
    lines = [stream.event_line(e) for e in g.log]
    game = lines[0]["data"]
    assert game["seats"] == [{"faction": f, "seat": "bot"} for f in PLAYABLE_BOTS]
    over = next(line for line in lines if line["kind"] == "game_over")
    assert over["data"]["winners"] == list(g.state.winner)
    moves = [line["data"] for line in lines if line["kind"] == "move" and "from" in line["data"]]
    assert moves and all(isinstance(d["from"], int) and isinstance(d["to"], int) and d["count"] >= 1 for d in moves)
    for line in lines:
        assert not {"pl", "apl", "dpl", "reason", "note", "n", "c", "a", "b"} & set(line["data"]), line


def test_the_vp_of_score_events_add_up_to_the_final_scores_by_source() -> None:
    for g in random_games(4, seed=5):
        total = {f: 0 for f in g.state.turn_order}
        for e in g.log:
            d = stream.public_data(e)
            if e.kind == "score" and "count" in d:
                assert d["source"] in stream.VP_SOURCES
                total[e.faction] += d["count"]
            elif e.kind == "lose_vp":
                total[e.faction] -= d["count"]
        assert total == {f: g.state.factions[f].vp for f in g.state.turn_order}


def test_rewording_a_sentence_changes_no_data() -> None:
    g = random_games(0, seed=2)[1]
    before = [stream.public_data(e) for e in g.log]
    for e in g.log:
        e.template = "something else entirely"
        e.why = lambda: "another explanation"
    assert [stream.public_data(e) for e in g.log] == before


def test_play_json_is_the_stream_format_events_result(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, "play", "--bots", "marquise,eyrie,vagabot", "--seed", "3", "--json")
    assert (code, err) == (0, "")
    lines = [json.loads(line) for line in out.splitlines()]
    checker = Checker()
    for line in lines:
        checker.check(line)
    assert lines[0] == {"kind": "format", "format": stream.FORMAT, "version": stream.VERSION}
    result = lines[-1]
    assert result["kind"] == "result" and result["over"] is True
    assert [s["faction"] for s in result["scores"]] == ["marquise", "eyrie", "vagabot"]
    assert result["winners"] == lines[-2]["data"]["winners"]
    assert [s["faction"] for s in result["scores"] if s["won"]] == result["winners"]
    assert [line["seq"] for line in lines[1:-1]] == list(range(len(lines) - 2))


def test_a_game_stopped_part_way_says_so_in_its_result(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "play", "--bots", "marquise,eyrie", "--seed", "3", "--turns", "4", "--json")
    assert code == 0
    result = json.loads(out.splitlines()[-1])
    assert (result["kind"], result["over"], result["winners"], result["round"]) == ("result", False, [], 3)
