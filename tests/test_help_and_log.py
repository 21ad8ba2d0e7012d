"""Help and log polish (issue 21, item 8): help without a ``<bool>`` placeholder on flags and
with examples that fit 80 columns; the explained log names clearings with their suit and has a
line per phase (Birdsong, Daylight, Evening); ``play --short`` gives one line per bot action;
``soak`` shows its progress. The events' own text (golden traces, the event stream) is unchanged."""

from __future__ import annotations

import re

import pytest
from cli_helpers import cli, plain_output, same_but_clearings

from rootbotics.cli.logtext import readable_text
from rootbotics.core.events import EventLog
from rootbotics.core.maps import load_map
from rootbotics.game import GameConfig, Seat, new_game, play

COMMANDS = [["play"], ["show"], ["simulate"], ["report"], ["replay"], ["soak"], ["map"], ["rootlog"], ["serve"], ["table", "new"], ["table", "resume"], []]
BOTS = "marquise,eyrie,vagabot"


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c) or "root")
def test_help_shows_no_bool_placeholder_and_cuts_no_example_at_80_columns(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, command: list[str]
) -> None:
    plain_output(monkeypatch, 80)
    code, out, _ = cli(capsys, *command, "--help")
    assert code == 0 and "--help" in out
    assert "<bool>" not in out
    assert "…" not in out, [line for line in out.splitlines() if "…" in line]
    assert max(len(line) for line in out.splitlines()) <= 80


def fall_game(seed: int) -> tuple[list, list[str]]:
    """A game's events and their text read the way the log writer reads them, as they happen."""
    suits = load_map("fall").printed_suits
    said: list[str] = []
    log = EventLog(listeners=[lambda e: said.append(readable_text(e, suits.__getitem__))])
    g = new_game(GameConfig([Seat(f) for f in BOTS.split(",")], "fall", seed), log=log)
    play(g)
    return list(g.log), said


def test_readable_text_names_clearings_and_leaves_the_event_text_alone() -> None:
    events, said = fall_game(5)
    moves = [(e, text) for e, text in zip(events, said) if e.kind == "move" and e.faction == "marquise"]
    assert moves
    e, text = moves[0]
    suits = load_map("fall").printed_suits
    assert f"from clearing {e.data['a']} ({suits[e.data['a']]}) to clearing {e.data['b']} ({suits[e.data['b']]})" in text
    assert " to clearing " not in e.text  # the event's own sentence (golden traces, the stream) is as before
    assert [same_but_clearings(t) for t in said] == [same_but_clearings(e.text) for e in events]


def test_the_log_has_a_line_per_phase_in_rule_order(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    plain_output(monkeypatch, 100)
    code, out, err = cli(capsys, "play", "--bots", BOTS, "--seed", "5")
    assert (code, err) == (0, "")
    turns = out.split("— Round ")[1:]
    assert len(turns) > 6
    for turn in turns[:-1]:  # the last turn ends the game part-way
        phases = [line for line in turn.splitlines() if line in ("Birdsong:", "Daylight:", "Evening:")]
        assert phases == ["Birdsong:", "Daylight:", "Evening:"], turn[:300]
    assert re.search(r"\] marquise: places \d warriors? in clearing \d+ \((fox|rabbit|mouse)\)", out)


def test_short_prints_one_line_per_bot_action(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    plain_output(monkeypatch, 100)
    code, full, _ = cli(capsys, "play", "--bots", BOTS, "--seed", "5")
    code, short, err = cli(capsys, "play", "--bots", BOTS, "--seed", "5", "--short")
    assert (code, err) == (0, "")
    actions = [line for line in short.splitlines() if line.startswith("  [")]
    assert 0 < len(actions) < 0.8 * sum(line.startswith("[") for line in full.splitlines())
    assert not any(" — " in line for line in actions)  # no reasons
    assert not any(": cannot " in line or ": does not " in line for line in actions)  # steps not taken are left out
    assert "— Setup —" not in short and "Setup" not in short.splitlines()[1]
    assert short.splitlines()[1] == "Round 1 · marquise"
    assert short.rstrip().endswith(full.rstrip().splitlines()[-1])  # the same final line (the winner)
    recruit = next(line for line in actions if "[4.5.2] marquise:" in line)
    assert recruit.count("places ") >= 2  # the warriors of one recruit step on one line


@pytest.mark.parametrize("other", ["--quiet", "--json"])
def test_short_and_quiet_or_json_exclude_each_other(capsys: pytest.CaptureFixture[str], other: str) -> None:
    code, out, err = cli(capsys, "play", "--bots", BOTS, "--short", other)
    assert code == 2 and out == "" and f"--short and {other} cannot be used together" in err


def test_soak_shows_its_progress(capsys: pytest.CaptureFixture[str], tmp_path) -> None:
    code, out, err = cli(capsys, "soak", "--games", "4", "--jobs", "1", "--out", str(tmp_path))
    assert code == 0, err
    assert "soaking" in err and "4/4" in err
    assert "soak: 4 games played" in out


def test_on_a_map_with_shuffled_suits_the_log_names_the_markers_placed(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    plain_output(monkeypatch, 100)
    code, out, err = cli(capsys, "play", "--bots", BOTS, "--map", "winter", "--seed", "4", "--turns", "6")
    assert (code, err) == (0, "")
    g = new_game(GameConfig([Seat(f) for f in BOTS.split(",")], "winter", 4))
    named = re.findall(r"clearing (\d+) \((fox|rabbit|mouse)\)", out)
    setup = re.findall(r"clearing (\d+) \((fox|rabbit|mouse)\)", out.split("— Round 1")[0])
    assert setup and len(named) > len(setup)
    assert {(int(c), suit) for c, suit in named} <= {(c, g.state.suit(c)) for c in range(1, 13)}
