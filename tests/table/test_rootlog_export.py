"""Rootlog files: bot games exported (every event kind mapped), Rootlog files imported to a
position, and the round trip of bot games of every bot on every map."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from rootbotics import factions  # noqa: F401 (plugs the factions in)
from rootbotics.core import serial
from rootbotics.core.events import Event
from rootbotics.factions import PLAYABLE_BOTS
from rootbotics.game import bot_config, new_game, play
from rootbotics.record import digest
from rootbotics.table.export import EVENT_ACTIONS, BOT_COMMENT, ExportError, Recorder, Writer, export_bot_game, record_bot_game, rootlog_text, snapshot
from rootbotics.table.rootlog import parse_file
from rootbotics.table.rootlog_import import ImportError_, bot_seats, import_rootlog
from tests.cli_helpers import cli

SRC = Path(__file__).resolve().parents[2] / "src" / "rootbotics"


def emitted_kinds() -> set[str]:
    """Every event kind the engine's rules and bots emit (``g.emit(faction, rule, kind, ...)``)."""
    kinds: set[str] = set()
    for path in SRC.rglob("*.py"):
        if {"table", "cli"} & set(path.relative_to(SRC).parts):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "emit" and len(node.args) >= 3:
                assert isinstance(node.args[2], ast.Constant), f"{path}:{node.lineno}: an event kind that is not a literal"
                kinds.add(node.args[2].value)
    return kinds


def test_every_event_kind_the_bots_emit_has_a_rootlog_mapping() -> None:
    kinds = emitted_kinds()
    assert "place_warriors" in kinds and "battle" in kinds
    assert sorted(kinds - set(EVENT_ACTIONS)) == []


def test_an_event_kind_without_a_mapping_is_refused() -> None:
    g = new_game(bot_config(["marquise", "eyrie"], "fall", 1))
    rec = Recorder(Writer(g.state), snapshot(g.state))
    with pytest.raises(ExportError, match="'brand_new_kind'"):
        rec.hear(Event(0, 1, "eyrie", "birdsong", "1.1", "brand_new_kind", "", {}))


def games() -> list[tuple[str, list[str], int]]:
    """Every bot on every map, each with two other bots."""
    out = []
    for m in ("fall", "winter", "lake", "mountain"):
        for i, bot in enumerate(PLAYABLE_BOTS):
            others = [b for b in PLAYABLE_BOTS if b != bot]
            out.append((m, [bot, others[i % len(others)], others[(i + 3) % len(others)]], i))
    return out


@pytest.mark.parametrize(("map_name", "seats", "seed"), games(), ids=lambda x: str(x) if not isinstance(x, list) else "-".join(x))
def test_a_bot_game_exported_and_imported_gives_the_same_final_position(map_name: str, seats: list[str], seed: int) -> None:
    g, lines = record_bot_game(bot_config(seats, map_name, seed))
    text = rootlog_text(g.state, lines)
    s = import_rootlog(text)
    assert snapshot(s) == snapshot(g.state)  # pieces everywhere, pawn, Ferry, ruins, plots, paths, VP
    assert {f: fs.supply for f, fs in s.factions.items()} == {f: fs.supply for f, fs in g.state.factions.items()}
    assert s.winner == g.state.winner and s.turn_order == g.state.turn_order
    serial.loads(serial.dumps(s))  # a valid saved position


def test_recording_the_export_plays_the_same_game_as_play() -> None:
    config = bot_config(["marquise", "eyrie", "alliance", "vagabot"], "fall", 7)
    plain = new_game(config)
    play(plain)
    recorded, _ = record_bot_game(config)
    assert digest(recorded.log) == digest(plain.log)


def test_the_exported_file_follows_the_spec_layout() -> None:
    text = export_bot_game(bot_config(["duchy", "corvids", "lizards"], "winter", 2))
    record = parse_file(text)
    assert record.map == "Winter" and record.deck == "Standard" and record.clearings is not None
    assert [f for f, _ in record.seats] == ["D", "P", "L"]
    assert bot_seats(text) == {"D", "P", "L"} and f"// {BOT_COMMENT}" in text
    assert record.winner is not None and text.rstrip().splitlines()[-1].startswith("Winner: ")
    assert text == export_bot_game(bot_config(["duchy", "corvids", "lizards"], "winter", 2))  # the same every time


HUMAN_GAME = """Map: Fall
Deck: Standard
C: Ann
E: Clockwork Eyrie // bot (Law of Robotics)

C:t_k->1/w->1+2+3+4+5+6+7+8+9+10+11/b_s->1/b_w->5/b_r->10
E:b->3/6w->3
C:w1->2/b_s->2/++
E:2w3->7/Cw7->/E++2
"""


def test_a_rootlog_file_of_our_own_imports_to_its_position() -> None:
    s = import_rootlog(HUMAN_GAME)
    assert not s.factions["marquise"].is_bot and s.factions["eyrie"].is_bot
    assert s.clearings[2].warriors == {"marquise": 2} and ("marquise", "sawmill") in s.clearings[2].buildings
    assert s.clearings[7].warriors == {"eyrie": 2} and s.clearings[3].warriors == {"marquise": 1, "eyrie": 4}
    assert (s.factions["marquise"].vp, s.factions["eyrie"].vp) == (1, 2)
    assert s.factions["marquise"].supply["warrior"] == 25 - 11 + 1 and s.round == 2


@pytest.mark.parametrize(("line", "problem"), [
    ("E:7w3->9", "'7w3->9': the eyrie have no warrior in 3"),
    ("C:b_s->1", "'b_s->1': clearing 1 has no free building slot"),
    ("C:2t_k->4", "supply exhausted: the marquise have no keep left"),
    ("E:4_9->", "no closed path between 4 and 9"),
])
def test_a_line_the_position_cannot_take_names_its_line_and_token(line: str, problem: str) -> None:
    with pytest.raises(ImportError_) as e:
        import_rootlog(HUMAN_GAME.replace("E:2w3->7/Cw7->/E++2", line))
    assert e.value.line == 9 and problem in str(e.value)


def test_cli_rootlog_export_then_import(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out, pos = tmp_path / "g.rootlog", tmp_path / "pos.json"
    code, _, err = cli(capsys, "rootlog", "export", "--seed", "3", "--bots", "marquise,eyrie,duchy", "--map", "winter", "--out", str(out))
    assert code == 0, err
    code, _, err = cli(capsys, "rootlog", "import", str(out), "--out", str(pos))
    assert code == 0, err
    assert serial.load(pos).winner is not None
    bad = tmp_path / "bad.rootlog"
    bad.write_text(HUMAN_GAME.replace("E:2w3->7", "E:9w3->7"), encoding="utf-8")
    code, _, err = cli(capsys, "rootlog", "import", str(bad), "--out", str(tmp_path / "p2.json"))
    assert code == 2 and "line 9: '9w3->7'" in err and not (tmp_path / "p2.json").exists()
