"""The command line: `rootbotics play` and `rootbotics show`, their output and their errors.

Expected scores and events come from running the engine directly with the same seed, so these
tests check the command line, not one particular game.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import same_but_clearings, cli, plain_output

from rootbotics.cli.common import NEED_EXTRA
from rootbotics.core import serial
from rootbotics.core.context import EngineFailure
from rootbotics.core.events import EventLog
from rootbotics.cli.common import bot_names
from rootbotics.core.serial import StateError
from rootbotics.game import GameConfig, Seat, final_scores, new_game, play

BOTS = "marquise,eyrie"
SEED = 7
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


@pytest.fixture(autouse=True)
def plain_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    plain_output(monkeypatch, 100)


def engine_game(bots: str = BOTS, seed: int = SEED, turns: int | None = None):
    """The same game played by the engine directly; each event recorded as it happens."""
    events: list[tuple] = []
    log = EventLog(listeners=[lambda e: events.append((e.round, e.faction, e.phase, e.rule, e.kind, e.text))])
    g = new_game(GameConfig([Seat(f) for f in bots.split(",")], "fall", seed), log=log)
    play(g, turns=turns)
    return g, events


def assert_one_error_line(err: str, out: str = "") -> str:
    assert "Traceback" not in err
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1, err
    assert out == ""
    return lines[0]


def score_line(rank: int, faction: str, vp: int, winner: bool) -> re.Pattern[str]:
    tail = r"\s+winner" if winner else ""
    return re.compile(rf"^\s+{rank}\s+{faction}\s+.*\(bot\)\s+{vp}{tail}$", re.M)


# -- play -----------------------------------------------------------------------------------------
def test_play_prints_the_explained_log_scores_and_end_reason(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, "play", "--bots", BOTS, "--map", "fall", "--seed", str(SEED))
    assert (code, err) == (0, "")
    assert not ANSI.search(out)
    g, events = engine_game()
    assert g.state.winner

    log_lines = [line for line in out.splitlines() if line.startswith("[")]
    # The log names clearings as a player reads them ("in clearing 2 (mouse)"); otherwise it is the
    # events' own text (cli/logtext.py).
    assert sum("in clearing " in line for line in log_lines) > 20
    assert [same_but_clearings(line) for line in log_lines] == [
        same_but_clearings(f"[{rule}] {who or 'game'}: {text}") for _, who, _, rule, _, text in events
    ]
    assert any(line.startswith("[4.4.1] marquise: ") for line in log_lines)
    assert any(line.startswith("[5.5.2] eyrie: ") for line in log_lines)

    headers = [line for line in out.splitlines() if line.startswith("— ")]
    assert headers[:3] == ["— Setup —", "— Round 1 · marquise —", "— Round 1 · eyrie —"]
    assert headers[3] == "— Round 2 · marquise —"

    assert f"Final scores after round {g.state.round}" in out
    for rank, (faction, vp) in enumerate(final_scores(g.state), start=1):
        assert score_line(rank, faction, vp, faction in g.state.winner).search(out), out[-600:]
    assert out.rstrip().endswith(f"Winner: {', '.join(g.state.winner)} ({g.state.end_reason})")


def test_the_first_bot_listed_plays_first(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "play", "--bots", "eyrie,marquise", "--turns", "1")
    assert code == 0
    assert "[LoR 5.1.1] game: eyrie takes the first turn" in out
    assert "— Round 1 · eyrie —" in out and "— Round 1 · marquise —" not in out
    assert "stopped after 1 turn: next is round 1, marquise to play" in out


def test_three_bots_with_the_alliance_play_save_and_show(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    saved = tmp_path / "three.json"
    code, out, err = cli(capsys, "play", "--bots", "marquise,eyrie,alliance", "--seed", "4", "--turns", "3", "--save", str(saved))
    assert (code, err) == (0, "")
    assert "— Round 1 · alliance —" in out and "[6.4.1] alliance: reveals" in out
    code, shown, _ = cli(capsys, "show", str(saved))
    assert code == 0 and "Automated Alliance (bot)" in shown and "sympathy" in shown
    code, out, err = cli(capsys, "play", "--from", str(saved), "--quiet")
    assert (code, err) == (0, "") and out.splitlines()[-1].startswith("Winner: ")


def test_quiet_prints_only_scores_and_end_reason(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, "play", "--bots", BOTS, "--seed", str(SEED), "--quiet")
    assert (code, err) == (0, "")
    g, _ = engine_game()
    assert not any(line.startswith(("[", "—")) for line in out.splitlines())
    assert out.splitlines()[0] == f"Final scores after round {g.state.round}"
    for rank, (faction, vp) in enumerate(final_scores(g.state), start=1):
        assert score_line(rank, faction, vp, faction in g.state.winner).search(out)
    assert out.splitlines()[-1] == f"Winner: {', '.join(g.state.winner)} ({g.state.end_reason})"
    assert len(out.splitlines()) == 3 + len(g.state.turn_order) + 1


def test_json_prints_one_event_per_line_and_nothing_else(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, "play", "--bots", BOTS, "--seed", str(SEED), "--json")
    assert (code, err) == (0, "")
    lines = [json.loads(line) for line in out.splitlines()]
    assert (lines[0]["kind"], lines[-1]["kind"]) == ("format", "result")  # docs/event-stream.md
    records = lines[1:-1]
    for r in records:
        assert {"seq", "rule", "faction", "text", "round", "phase", "kind", "data"} <= set(r)
    assert [r["seq"] for r in records] == list(range(len(records)))
    _, events = engine_game()
    assert [(r["round"], r["faction"], r["phase"], r["rule"], r["kind"], r["text"]) for r in records] == events


def test_save_show_and_continue_gives_the_uninterrupted_result(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, whole, _ = cli(capsys, "play", "--bots", BOTS, "--seed", str(SEED), "--quiet")
    assert code == 0

    code, out, err = cli(capsys, "play", "--bots", BOTS, "--seed", str(SEED), "--turns", "6", "--save", "position.json")
    assert (code, err) == (0, "")
    assert "stopped after 6 turns" in out
    assert "Final scores" not in out and "Winner" not in out
    assert "Saved the position to position.json" in out
    assert not [p.name for p in tmp_path.iterdir() if p.name != "position.json"]  # no temporary file left
    state = serial.load("position.json")
    assert state.winner is None and state.round == 4 and state.current == "marquise"
    assert (state.factions["marquise"].vp, state.factions["eyrie"].vp) == tuple(
        engine_game(turns=6)[0].state.factions[f].vp for f in ("marquise", "eyrie")
    )

    code, shown, err = cli(capsys, "show", "position.json")
    assert (code, err) == (0, "")
    assert "Map: fall" in shown
    assert f"Round {state.round}: {state.current} to play, birdsong" in shown
    board = re.findall(r"^\s+(\d+)\s+(fox|mouse|rabbit)\s+(marquise|eyrie|-)\s", shown, re.M)
    assert [int(c) for c, _, _ in board] == list(range(1, 13))
    from rootbotics.core.rules import ruler

    assert [r for _, _, r in board] == [ruler(state, c) or "-" for c in range(1, 13)]
    assert "Eyrie Decree" in shown and "Loyal Vizier" in shown
    assert f"Cards: {len(state.deck)} in the deck, {len(state.discard)} in the discard pile" in shown
    for f in state.turn_order:
        assert re.search(rf"^\s+{f}\s+.*\(bot\)\s+{state.factions[f].vp}\s", shown, re.M)

    code, rest, err = cli(capsys, "play", "--from", "position.json", "--quiet")
    assert (code, err) == (0, "")
    assert rest == whole

    # The log goes on where it stopped: the same events as in one uninterrupted game.
    code, first, _ = cli(capsys, "play", "--bots", BOTS, "--seed", str(SEED), "--turns", "6", "--json")
    code, second, _ = cli(capsys, "play", "--from", "position.json", "--json")
    assert code == 0
    keys = lambda r: (r["round"], r["faction"], r["phase"], r["rule"], r["kind"], r["text"])  # noqa: E731
    both = [keys(r) for r in map(json.loads, (first + second).splitlines()) if "seq" in r]
    assert both == engine_game()[1]


def test_continue_with_the_log_starts_at_the_saved_turn(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    saved = tmp_path / "p.json"
    assert cli(capsys, "play", "--bots", BOTS, "--turns", "3", "--save", str(saved), "--quiet")[0] == 0
    code, out, _ = cli(capsys, "play", "--from", str(saved), "--turns", "1")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == f"Continuing {saved}: round 2, eyrie to play"
    assert lines[1] == "— Round 2 · eyrie —"
    assert "stopped after 1 turn: next is round 3, marquise to play" in out


def test_a_finished_game_can_be_saved_shown_and_continued(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    saved = tmp_path / "final.json"
    code, out, _ = cli(capsys, "play", "--bots", BOTS, "--quiet", "--save", str(saved))
    assert code == 0
    state = serial.load(saved)
    assert state.winner
    code, shown, _ = cli(capsys, "show", str(saved))
    assert code == 0
    assert f"Winner: {', '.join(state.winner)} ({state.end_reason})" in shown
    code, again, _ = cli(capsys, "play", "--from", str(saved), "--quiet")
    assert (code, again) == (0, out)


def test_engine_failure_is_one_line_exit_1_and_saves_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    target = tmp_path / "never.json"
    g = new_game(GameConfig([Seat("marquise"), Seat("eyrie")], "fall", SEED, max_rounds=1))
    with pytest.raises(EngineFailure) as failure:
        play(g)
    code, out, err = cli(capsys, "play", "--bots", BOTS, "--seed", str(SEED), "--max-rounds", "1", "--save", str(target))
    assert code == 1
    assert "Traceback" not in err
    assert err.splitlines() == [f"rootbotics: engine failure: {failure.value}"]
    assert "— Round 1 · marquise —" in out  # the log up to the failure was printed
    assert list(tmp_path.iterdir()) == []


# -- bad input ------------------------------------------------------------------------------------
BAD_ARGS = [
    (["play", "--bogus"], "No such option: --bogus"),
    (["bogus"], "No such command 'bogus'"),
    (["play", "--bots", "cat,eyrie"], f"--bots: 'cat' is not a bot (choose from {bot_names()})"),
    (["play", "--bots", "marquise,otters"], f"--bots: 'otters' is not a bot (choose from {bot_names()})"),
    (["play", "--bots", "eyrie,eyrie"], "--bots: eyrie is listed twice"),
    (["play", "--bots", "eyrie"], "--bots: a game needs at least 2 bots"),
    (["play", "--bots", "marquise,,eyrie"], "--bots: give bot names separated by commas"),
    (["play"], "--bots: say which bots play"),
    (["play", "--bots"], "--bots"),
    (["play", "--bots", BOTS, "--map", "marsh"], "--map: 'marsh' is not a map (choose from fall, winter, lake, mountain)"),
    (["play", "--bots", BOTS, "--seed", "seven"], "--seed"),
    (["play", "--bots", BOTS, "--turns", "-1"], "--turns"),
    (["play", "--bots", BOTS, "--max-rounds", "0"], "--max-rounds: 0 must be at least 1"),  # a ConfigError, in the option's name
    (["play", "--bots", BOTS, "--quiet", "--json"], "--quiet and --json cannot be used together"),
    (["play", "--bots", BOTS, "--save", "no/such/folder/p.json"], "--save: the folder 'no/such/folder' does not exist"),
    (["play", "--bots", BOTS, "--save", "."], "--save: . is a folder"),
    (["play", "--from", "good.json", "--bots", BOTS], "--bots cannot be used with --from"),
    (["play", "--from", "good.json", "--map", "fall"], "--map cannot be used with --from"),
    (["play", "--from", "good.json", "--seed", "1"], "--seed cannot be used with --from"),
    (["play", "--from", "good.json", "--max-rounds", "0"], "--max-rounds: 0 must be at least 1"),
    (["play", "--from", "human.json"], "human.json: the alliance seat is human"),
    (["play", "--bots", BOTS, "--map", "lake", "--suits", "fox,fox"], "--suits: give 12 suits, one per clearing in priority order, not 2"),
    (["play", "--bots", BOTS, "--map", "lake", "--suits", ",".join(["fox"] * 12)], "--suits: the suit markers are 4 of each suit, not 12 fox, 0 rabbit, 0 mouse"),
    (["play", "--bots", BOTS, "--map", "lake", "--suits", ",".join(["cat"] * 12)], "--suits: clearing 1: 'cat' is not a suit"),
    (["play", "--bots", BOTS, "--suits", ",".join(["fox", "rabbit", "mouse"] * 4)], "--suits: the fall map prints its suits"),
    (["play", "--from", "good.json", "--suits", ",".join(["fox", "rabbit", "mouse"] * 4)], "--suits cannot be used with --from"),
    (["map", "--map", "marsh"], "--map: 'marsh' is not a map"),
    (["map", "--map", "winter", "--suits", "fox"], "--suits: give 12 suits"),
    (["map", "--out", "no/such/folder/m.svg"], "--out: the folder 'no/such/folder' does not exist"),
    (["show"], "Missing argument 'FILE'"),
    (["show", "good.json", "extra"], "unexpected extra argument"),
]


@pytest.fixture
def positions(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """good.json (mid-game), broken.json (not JSON), invalid.json, negative.json, human.json."""
    monkeypatch.chdir(tmp_path)
    g = new_game(GameConfig([Seat("marquise"), Seat("eyrie")], "fall", SEED))
    play(g, turns=2)
    serial.save(g.state, "good.json")
    data = serial.to_json(g.state)
    Path("broken.json").write_text('{"format": "rootbotics-position",')
    Path("invalid.json").write_text(json.dumps({"format": "rootbotics-position", "version": 1}))
    bad = json.loads(json.dumps(data))
    bad["clearings"]["5"]["warriors"]["marquise"] = -1
    Path("negative.json").write_text(json.dumps(bad))
    human = json.loads(json.dumps(data))
    human["turn_order"].append("alliance")
    human["factions"]["alliance"] = {"seat": "human", "vp": 0, "hand": []}
    Path("human.json").write_text(json.dumps(human))
    return tmp_path


@pytest.mark.parametrize(("args", "expected"), BAD_ARGS, ids=[" ".join(a) for a, _ in BAD_ARGS])
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], positions: Path, args: list[str], expected: str
) -> None:
    before = {p.name: p.read_bytes() for p in positions.iterdir()}
    code, out, err = cli(capsys, *args)
    assert code == 2
    line = assert_one_error_line(err, out)
    assert line.startswith("rootbotics: error: ")
    assert expected in line
    assert {p.name: p.read_bytes() for p in positions.iterdir()} == before


def test_unknown_bot_message_is_exact(capsys: pytest.CaptureFixture[str]) -> None:
    _, _, err = cli(capsys, "play", "--bots", "cat,eyrie")
    assert err == f"rootbotics: error: --bots: 'cat' is not a bot (choose from {bot_names()})\n"


@pytest.mark.parametrize("name", ["missing.json", "broken.json", "invalid.json", "negative.json"])
@pytest.mark.parametrize("command", ["show", "play"])
def test_unloadable_position_names_the_file_and_the_problem(
    capsys: pytest.CaptureFixture[str], positions: Path, name: str, command: str
) -> None:
    with pytest.raises(StateError) as problem:
        serial.load(name)
    Path("target.json").write_text("keep me\n")
    args = ["show", name] if command == "show" else ["play", "--from", name, "--save", "target.json"]
    code, out, err = cli(capsys, *args)
    assert code == 2
    assert assert_one_error_line(err, out) == f"rootbotics: error: {name}: {problem.value}"
    assert Path("target.json").read_text() == "keep me\n"  # --save never overwrites after a failed load


def test_negative_count_message(capsys: pytest.CaptureFixture[str], positions: Path) -> None:
    _, _, err = cli(capsys, "show", "negative.json")
    assert err == "rootbotics: error: negative.json: clearings.5.warriors.marquise: -1 is not a count\n"


def test_missing_cli_extra_is_one_line_exit_2(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "typer", None)  # `import typer` now fails
    code, out, err = cli(capsys, "play", "--bots", BOTS)
    assert (code, out, err) == (2, "", NEED_EXTRA + "\n")
    assert NEED_EXTRA.startswith("rootbotics: the command line needs the 'cli' extra: pip install -e '")  # from this clone
    assert NEED_EXTRA.endswith("[cli]'")


# -- help -----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--help"], ["play", "show", "map", "--version"]),
        ([], ["play", "show", "map"]),
        (["play", "--help"], ["--bots", "--map", "--seed", "--from", "--save", "--turns", "--max-rounds", "--quiet", "--json", "--suits"]),
        (["map", "--help"], ["--map", "--out", "--suits", "--no-forests", "SVG"]),
        (["play", "-h"], ["--bots"]),
        (["show", "--help"], ["FILE", "Decree"]),
    ],
)
def test_help_exits_0_and_describes_every_option(
    capsys: pytest.CaptureFixture[str], args: list[str], words: list[str]
) -> None:
    code, out, err = cli(capsys, *args)
    assert (code, err) == (0, "")
    text = ANSI.sub("", out)
    for word in words:
        assert word in text


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "--version")
    assert code == 0 and out.startswith("rootbotics ")


# -- through typer's test runner and a real process ----------------------------------------------
def test_cli_runner_output_is_plain_text() -> None:
    from typer.testing import CliRunner

    from rootbotics.cli.app import build_app

    result = CliRunner().invoke(build_app(), ["play", "--bots", BOTS, "--seed", str(SEED)])
    assert result.exit_code == 0, result.output
    assert "\x1b" not in result.output
    assert "[4.4.1] marquise: " in result.output and "Winner: " in result.output


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "TTY_COMPATIBLE", "PY_COLORS")}
    return subprocess.run(
        [sys.executable, "-m", "rootbotics", *args], capture_output=True, text=True, env=env, timeout=60
    )


def test_python_dash_m_bad_input_has_no_traceback() -> None:
    proc = _run("play", "--bots", "cat,eyrie")
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr == f"rootbotics: error: --bots: 'cat' is not a bot (choose from {bot_names()})\n"
    proc = _run("play", "--no-such-option")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert len(proc.stderr.splitlines()) == 1


def test_python_dash_m_plays_a_game() -> None:
    proc = _run("play", "--bots", BOTS, "--seed", str(SEED), "--quiet")
    assert (proc.returncode, proc.stderr) == (0, "")
    g, _ = engine_game()
    assert proc.stdout.splitlines()[-1] == f"Winner: {', '.join(g.state.winner)} ({g.state.end_reason})"
    assert "\x1b" not in proc.stdout


# -- map and --suits ------------------------------------------------------------------------------
def test_map_writes_the_svg_drawn_from_the_data(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from rootbotics.core.maps import load_map
    from rootbotics.mapsvg import render_svg

    target = tmp_path / "lake.svg"
    code, out, err = cli(capsys, "map", "--map", "lake", "--out", str(target))
    assert (code, err) == (0, "")
    assert out == f"Wrote the lake map to {target}\n"
    assert target.read_text(encoding="utf-8") == render_svg(load_map("lake"))
    code, out, err = cli(capsys, "map", "--map", "mountain", "--no-forests")
    assert (code, err) == (0, "")
    assert out == render_svg(load_map("mountain"), forests=False)


def test_play_with_suits_puts_those_suit_markers_in_the_clearings(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    suits = ["mouse", "fox", "rabbit"] * 4
    target = tmp_path / "p.json"
    code, _, err = cli(capsys, "play", "--bots", BOTS, "--map", "lake", "--suits", ",".join(suits), "--turns", "0", "--save", str(target), "-q")
    assert (code, err) == (0, "")
    state = serial.load(target)
    assert state.suits[1:] == suits and state.ferry == 1


def test_show_names_the_ferry_the_pass_and_closed_paths(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    for name, expected in (
        ("lake", "Ferry: in 1; coastal clearings 1, 10, 11, 12"),
        ("mountain", "Closed paths: 2-5, 3-7, 5-9, 6-11, 8-9, 11-12"),
    ):
        g = new_game(GameConfig([Seat("marquise"), Seat("eyrie")], name, SEED))
        serial.save(g.state, tmp_path / f"{name}.json")
        code, shown, err = cli(capsys, "show", str(tmp_path / f"{name}.json"))
        assert (code, err) == (0, "")
        assert expected in shown
        assert ("The Pass: 10" in shown) == (name == "mountain")


def test_show_hides_the_kind_of_a_facedown_corvid_plot(capsys: pytest.CaptureFixture[str]) -> None:
    position = Path(__file__).parent / "positions" / "corvids_example_turn.json"
    code, shown, _ = cli(capsys, "show", str(position))
    assert code == 0
    assert "plot (face down)" in shown and "plot (extortion, face up)" in shown and "bomb" not in shown
