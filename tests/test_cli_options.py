"""The command line's setup and checking options: `play --difficulty/--traits` (3.3), `play --check`
(the invariants after every event), `play --record` with `replay FILE` for game records, and
`rootbotics soak`."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import same_but_clearings, cli, plain_output

from rootbotics import soak as S
from rootbotics.factions import DIFFICULTY_TEXT, TRAIT_TEXT
from rootbotics.factions.eyrie.bbp import BetterEyrie
from rootbotics.factions.eyrie.bot import ElectricEyrie
from rootbotics.cli import main
from rootbotics.cli.common import config_problem
from rootbotics.core import serial
from rootbotics.core.maps import CLEARINGS
from rootbotics.game import ConfigError, GameConfig, Seat, final_scores, new_game, play
from rootbotics.record import load_record, replay, save_record

BOTS = "marquise,eyrie"
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


@pytest.fixture(autouse=True)
def plain_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    plain_output(monkeypatch, 100)


def one_line(err: str) -> str:
    assert "Traceback" not in err
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1, err
    return lines[0]


def flat(text: str) -> str:
    return " ".join(ANSI.sub("", text).split())


# -- --difficulty and --traits --------------------------------------------------------------------
def test_play_help_lists_every_difficulty_and_trait_of_every_bot(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, "play", "--help")
    assert (code, err) == (0, "")
    text = flat(out)
    assert "--difficulty" in text and "--traits" in text
    for bot in {*DIFFICULTY_TEXT, *TRAIT_TEXT}:
        assert f"({bot})" in text
        for level, line in DIFFICULTY_TEXT.get(bot, {}).items():
            assert flat(f"difficulty {level}: {line}") in text, (bot, level)
        for trait, line in TRAIT_TEXT.get(bot, {}).items():
            assert flat(f"trait {trait}: {line}") in text, (bot, trait)


def test_the_help_follows_the_card_data(monkeypatch: pytest.MonkeyPatch) -> None:
    from rootbotics.cli.play import bot_cards_help

    monkeypatch.setitem(TRAIT_TEXT, "marquise", {**TRAIT_TEXT["marquise"], "new-trait": "Does [something] new."})
    text = bot_cards_help(markup=False)
    assert "  trait new-trait: Does [something] new." in text.splitlines()
    assert r"\[something]" in bot_cards_help()  # escaped for rich markup


def test_difficulty_and_traits_reach_the_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    saved = tmp_path / "p.json"
    code, out, err = cli(
        capsys, "play", "--bots", "marquise,eyrie,alliance", "--seed", "5", "--difficulty", "eyrie=nightmare,alliance=easy",
        "--traits", "marquise=fortified+hospitals,eyrie=swoop", "--turns", "0", "--save", str(saved),
    )  # fmt: skip
    assert (code, err) == (0, "")
    assert "[3.3] marquise: plays at default difficulty with traits: fortified, hospitals" in out
    assert "[3.3] eyrie: plays at nightmare difficulty with traits: swoop" in out
    assert "[3.3] alliance: plays at easy difficulty with traits: none" in out
    state = serial.load(saved)
    assert [(state.factions[f].difficulty, state.factions[f].traits) for f in state.turn_order] == [
        ("default", ["fortified", "hospitals"]),
        ("nightmare", ["swoop"]),
        ("easy", []),
    ]


def test_one_level_for_every_bot_plays_the_engines_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "play", "--bots", BOTS, "--seed", "3", "--difficulty", "Nightmare", "--traits", "eyrie=war-tax+relentless", "-q")
    assert code == 0
    g = new_game(GameConfig([Seat("marquise", difficulty="nightmare"), Seat("eyrie", difficulty="nightmare", traits=("war-tax", "relentless"))], seed=3))
    play(g)
    for faction, vp in final_scores(g.state):
        assert re.search(rf"^\s+\d\s+{faction}\s+.*\(bot\)\s+{vp}\b", out, re.M)
    assert out.splitlines()[-1] == f"Winner: {', '.join(g.state.winner)} ({g.state.end_reason})"


BAD_OPTIONS = [
    (["--traits", "marquise=swoop"], "--traits: 'swoop' is not a trait of the Mechanical Marquise 2.0 (choose from blitz, fortified, hospitals, iron-will, overwhelming)"),
    (["--traits", "eyrie=swoop+blitz"], "--traits: 'blitz' is not a trait of the Electric Eyrie (choose from focused, nobility, relentless, swoop, war-tax)"),
    (["--traits", "alliance=veterans"], "--traits: expected bot=trait+trait for the bots playing (marquise, eyrie), got 'alliance=veterans'"),
    (["--traits", "swoop"], "--traits: expected bot=trait+trait"),
    (["--traits", "eyrie=swoop,eyrie=nobility"], "--traits: eyrie is listed twice"),
    (["--traits", "eyrie=swoop+swoop"], "--traits: eyrie has a trait listed twice"),
    (["--difficulty", "hard"], "--difficulty: 'hard' is not a difficulty (choose from easy, default, challenging, nightmare)"),
    (["--difficulty", "eyrie=easy,cats=hard"], "--difficulty: 'cats' is not one of the bots playing (marquise, eyrie)"),
    (["--difficulty", "eyrie=easy,eyrie=nightmare"], "--difficulty: eyrie is listed twice"),
    (["--difficulty", "eyrie=impossible"], "--difficulty: 'impossible' is not a difficulty"),
]


@pytest.mark.parametrize(("args", "expected"), BAD_OPTIONS, ids=[" ".join(a) for a, _ in BAD_OPTIONS])
def test_bad_difficulty_or_traits_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str], args: list[str], expected: str) -> None:
    code, out, err = cli(capsys, "play", "--bots", BOTS, *args)
    assert (code, out) == (2, "")
    line = one_line(err)
    assert line.startswith(f"rootbotics: error: {expected}"), line


def test_a_foreign_trait_names_the_option_in_simulate_too(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = cli(capsys, "simulate", "--bots", BOTS, "--games", "2", "--out", str(tmp_path / "r"), "--traits", "marquise=swoop")
    assert (code, out) == (2, "")
    assert one_line(err).startswith("rootbotics: error: --traits: 'swoop' is not a trait of the Mechanical Marquise 2.0")


def test_configuration_errors_are_told_in_the_options_words() -> None:
    config = GameConfig([Seat("marquise", traits=("swoop",)), Seat("eyrie")])
    with pytest.raises(ConfigError) as e:
        config.validate()
    assert str(e.value).startswith("seats.0.traits.0: 'swoop' is not a trait of the Mechanical Marquise 2.0")
    assert str(config_problem(e.value)) == str(e.value).replace("seats.0.traits.0", "--traits", 1)
    assert str(config_problem(ConfigError("seats.1.difficulty: 'x' is not one of ..."))) == "--difficulty: 'x' is not one of ..."
    assert str(config_problem(ConfigError("max_rounds: 0 must be at least 1"))) == "--max-rounds: 0 must be at least 1"
    assert str(config_problem(ConfigError("something else"))) == "something else"


def test_difficulty_and_traits_cannot_change_a_saved_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    saved = tmp_path / "p.json"
    assert cli(capsys, "play", "--bots", BOTS, "--turns", "2", "--save", str(saved), "-q")[0] == 0
    for extra in (["--difficulty", "easy"], ["--traits", "eyrie=swoop"]):
        code, out, err = cli(capsys, "play", "--from", str(saved), *extra)
        assert (code, out) == (2, "")
        assert f"{extra[0]} cannot be used with --from" in one_line(err)


# -- --check --------------------------------------------------------------------------------------
def test_check_plays_the_same_game(capsys: pytest.CaptureFixture[str]) -> None:
    plain = cli(capsys, "play", "--bots", "marquise,eyrie,alliance", "--seed", "2", "--traits", "alliance=wildfire")
    checked = cli(capsys, "play", "--bots", "marquise,eyrie,alliance", "--seed", "2", "--traits", "alliance=wildfire", "--check")
    assert plain[0] == 0 and checked == plain


def drop_a_warrior(monkeypatch: pytest.MonkeyPatch) -> None:
    """An engine bug: an Eyrie bot's Evening (the Law's, or the Better Bot Project's, which the
    soak also seats) loses a warrior from the map without a trace, then says so."""
    for bot in (ElectricEyrie, BetterEyrie):
        monkeypatch.setattr(bot, "evening", dropping(bot.evening))


def dropping(evening: Any) -> Any:
    def buggy(self: Any, g: Any) -> None:
        evening(self, g)
        where = next(c for c in CLEARINGS if g.state.clearings[c].warriors.get("eyrie", 0) > 1)
        g.state.clearings[where].warriors["eyrie"] -= 1
        g.emit("eyrie", "5.7", "bug", "drops a warrior in {c}", c=where)

    return buggy


def test_check_stops_at_the_event_that_broke_an_invariant(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    drop_a_warrior(monkeypatch)
    target, record = tmp_path / "keep.json", tmp_path / "game.json"
    target.write_text("keep me\n")
    code, out, err = cli(capsys, "play", "--bots", BOTS, "--seed", "4", "--check", "--save", str(target), "--record", str(record))
    assert code == 1
    line = one_line(err)
    m = re.fullmatch(
        r"rootbotics: invariant broken after event (\d+) \(\[5\.7\] eyrie: drops a warrior in (\d+)\): "
        r"eyrie warrior: \d+ on map \+ \d+ in supply \+ 0 removed != 20",
        line,
    )
    assert m, line
    assert out.splitlines()[-1] == f"[5.7] eyrie: drops a warrior in {m[2]}"  # the log stops at that event
    assert target.read_text() == "keep me\n" and not record.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.json"]

    code, out, err = cli(capsys, "play", "--bots", BOTS, "--seed", "4", "--check", "--json")
    assert code == 1 and one_line(err) == line
    last = json.loads(out.splitlines()[-1])
    assert (last["seq"], last["kind"]) == (int(m[1]), "bug")


def test_without_check_the_same_bug_goes_unnoticed(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    drop_a_warrior(monkeypatch)
    code, _, err = cli(capsys, "play", "--bots", BOTS, "--seed", "4", "--turns", "4", "-q")
    assert (code, err) == (0, "")


def test_check_looks_at_the_position_once_setup_is_done(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    setup = ElectricEyrie.setup

    def buggy(self: ElectricEyrie, g) -> None:  # type: ignore[no-untyped-def]
        setup(self, g)
        g.state.factions["eyrie"].supply["warrior"] += 1

    monkeypatch.setattr(ElectricEyrie, "setup", buggy)
    code, out, err = cli(capsys, "play", "--bots", BOTS, "--check", "-q")
    assert (code, out) == (1, "")
    assert re.fullmatch(r"rootbotics: invariant broken after event \d+ \(\[LoR 5\.1\.1\] game: marquise takes the first turn\): eyrie warrior: .*", one_line(err))


# -- --record and replay FILE -----------------------------------------------------------------------
def test_record_writes_a_game_record_that_replays(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    code, out, err = cli(capsys, "play", "--bots", "eyrie,alliance,marquise", "--seed", "9", "--difficulty", "alliance=challenging", "--traits", "marquise=blitz", "--record", str(path))
    assert (code, err) == (0, "")
    assert f"Recorded the game in {path}" in out
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # written atomically: no temporary file left
    record = load_record(path)
    assert record["format"] == "rootbotics-game" and record["decisions"] == []
    assert [(s["faction"], s["difficulty"], s["traits"]) for s in record["config"]["seats"]] == [
        ("eyrie", "default", []),
        ("alliance", "challenging", []),
        ("marquise", "default", ["blitz"]),
    ]
    played = [line for line in out.splitlines() if line.startswith("[")]
    assert record["result"]["events"] == len(played)
    g = replay(record)
    assert [same_but_clearings(e.line()) for e in g.log] == [same_but_clearings(line) for line in played]

    code, again, err = cli(capsys, "replay", str(path))
    assert (code, err) == (0, "")
    assert [line for line in again.splitlines() if line.startswith("[")] == played
    assert again.splitlines()[0].startswith(f"Replaying the game recorded in {path}: eyrie, alliance (challenging), marquise [blitz]")
    assert f"The replay matched the record: {len(played)} events, digest {record['result']['digest'][:12]}." in again
    assert f"Winner: {', '.join(g.state.winner)}" in again


def test_a_record_keeps_the_suits_it_was_given(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    suits = ",".join(["mouse", "fox", "rabbit"] * 4)
    path = tmp_path / "lake.json"
    assert cli(capsys, "play", "--bots", BOTS, "--map", "lake", "--suits", suits, "--record", str(path), "-q")[0] == 0
    assert load_record(path)["config"]["suits"] == suits.split(",")
    code, out, err = cli(capsys, "replay", str(path), "-q")
    assert (code, err) == (0, "") and "The replay matched the record" in out


def test_a_record_that_does_not_replay_is_one_line_and_exit_1(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    assert cli(capsys, "play", "--bots", BOTS, "--seed", "2", "--record", str(path), "-q")[0] == 0
    record = load_record(path)
    record["config"]["seed"] = 3
    save_record(record, path)
    code, out, err = cli(capsys, "replay", str(path))
    assert code == 1
    assert re.fullmatch(
        rf"rootbotics: replay mismatch: {re.escape(str(path))}: the replay's events differ from the record \(digest \w+ != {record['result']['digest'][:12]}\)",
        one_line(err),
    )
    assert "The replay matched" not in out


def test_a_record_whose_replay_crashes_shows_the_traceback(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.json"
    assert cli(capsys, "play", "--bots", BOTS, "--record", str(path), "-q")[0] == 0

    def broken(self: ElectricEyrie, g) -> None:  # type: ignore[no-untyped-def]
        raise ValueError("deliberate failure")

    monkeypatch.setattr(ElectricEyrie, "evening", broken)
    code, out, err = cli(capsys, "replay", str(path), "-q")
    assert code == 1 and "The replay failed:" in out
    assert "Traceback" in err and err.splitlines()[-1] == "rootbotics: engine failure: ValueError: deliberate failure"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r["config"].update(seats=[{"faction": "cats"}, {"faction": "eyrie"}]), "config: seats.0.faction: 'cats' is not a faction"),
        (lambda r: r.update(version=7), "version: this engine reads version 1"),
        (lambda r: r.update(decisions=[5]), "decisions.0: expected an object"),
        (lambda r: r.update(result="won"), "result: expected an object"),
        (lambda r: r["config"]["seats"][0].update(traits=["swoop"]), "config: seats.0.traits.0: 'swoop' is not a trait"),
    ],
)
def test_a_bad_record_names_the_field(capsys: pytest.CaptureFixture[str], tmp_path: Path, change, message: str) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "game.json"
    assert cli(capsys, "play", "--bots", BOTS, "--record", str(path), "-q")[0] == 0
    record = load_record(path)
    change(record)
    path.write_text(json.dumps(record))
    code, out, err = cli(capsys, "replay", str(path))
    assert (code, out) == (2, "")
    assert one_line(err).startswith(f"rootbotics: error: {path}: {message}")


def test_replay_still_plays_a_saved_position(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    saved = tmp_path / "p.json"
    assert cli(capsys, "play", "--bots", BOTS, "--turns", "3", "--save", str(saved), "-q")[0] == 0
    code, out, err = cli(capsys, "replay", str(saved), "-q")
    assert (code, err) == (0, "")
    assert out.startswith(f"Replaying {saved}: round 2, eyrie to play") and "No failure" in out


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["play", "--from", "p.json", "--record", "r.json"], "--record cannot be used with --from"),
        (["play", "--bots", BOTS, "--turns", "3", "--record", "r.json"], "--record cannot be used with --turns"),
        (["play", "--bots", BOTS, "--save", "p.json", "--record", "./p.json"], "--record and --save name the same file"),
        (["play", "--bots", BOTS, "--record", "no/such/folder/r.json"], "--record: the folder 'no/such/folder' does not exist"),
        (["replay", "r.json", "--seed", "3"], "--seed cannot be used with a game record FILE"),
        (["replay", "r.json", "--max-rounds", "3"], "--max-rounds cannot be used with a game record FILE"),
    ],
)
def test_bad_record_options(capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], expected: str) -> None:
    monkeypatch.chdir(tmp_path)
    assert cli(capsys, "play", "--bots", BOTS, "--turns", "2", "--save", "p.json", "-q")[0] == 0
    assert cli(capsys, "play", "--bots", BOTS, "--record", "r.json", "-q")[0] == 0
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    code, out, err = cli(capsys, *args)
    assert (code, out) == (2, "")
    assert expected in one_line(err)
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


def test_a_failed_game_writes_no_record(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    code, _, err = cli(capsys, "play", "--bots", BOTS, "--max-rounds", "1", "--record", str(path), "-q")
    assert code == 1 and one_line(err).startswith("rootbotics: engine failure: stalled")
    assert list(tmp_path.iterdir()) == []


# -- rootbotics soak -----------------------------------------------------------------------------
def test_soak_configurations_draw_trait_sets_reproducibly() -> None:
    configs = [S.soak_config(5, i) for i in range(80)]
    assert [S.record_key(c) for c in configs] == [S.record_key(S.soak_config(5, i)) for i in range(80)]
    sets = [(s.faction, s.traits) for c in configs for s in c.seats]
    for faction, traits in sets:
        known = TRAIT_TEXT.get(faction, {})
        assert set(traits) <= set(known) and list(traits) == [t for t in known if t in traits]
    assert any(not t for _, t in sets) and any(len(t) >= 2 for _, t in sets)
    for faction in TRAIT_TEXT:  # every trait is drawn somewhere
        assert {t for f, ts in sets if f == faction for t in ts} == set(TRAIT_TEXT[faction])
    assert S.record_key(S.soak_config(5, 0)) != S.record_key(S.soak_config(6, 0))


def test_soak_command_prints_games_played_and_failures(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = cli(capsys, "soak", "--games", "12", "--jobs", "1", "--seed", "3", "--out", str(tmp_path / "f"))
    assert code == 0
    assert len(err.splitlines()) == 1 and err.startswith("soaking ") and " 12/12 " in err  # the progress bar alone, on stderr
    assert out.splitlines()[0] == f"soak: 12 games from seed 3 on 1 process, failures and progress saved in {tmp_path / 'f'}/"
    assert re.fullmatch(r"soak: 12 games played in [\d.]+s \([\d,]+ games/s\); of 12 games, 0 failed", out.splitlines()[1])
    assert [p.name for p in (tmp_path / "f").iterdir()] == ["soak-progress-3.json"]  # no failure files


def test_soak_command_lists_the_failing_seeds(capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    drop_a_warrior(monkeypatch)  # every game seating an Eyrie bot fails
    out_dir = tmp_path / "f"
    code, out, err = cli(capsys, "soak", "--games", "6", "--jobs", "1", "--seed", "3", "--out", str(out_dir))
    assert code == 1 and len(err.splitlines()) == 1 and " 1 failed " in err  # the progress bar counts the failure
    with_eyrie = [i for i in range(6) if any(s.faction == "eyrie" and s.seat == "bot" for s in S.soak_config(3, i).seats)]
    seeds = [S.soak_config(3, i).seed for i in with_eyrie]
    assert with_eyrie and f"{len(with_eyrie)} failed" in out
    assert f"failing seeds: {', '.join(map(str, seeds))}" in out
    first = seeds[0]
    position = out_dir / f"soak-failure-{first}.position.json"
    assert f"(seed {first}): InvariantError: eyrie warrior:" in out
    assert f"reproduce: rootbotics play --from {position} --check" in out
    # the saved position is the start of the failing turn: --check finds the same break in that turn
    code, _, err = cli(capsys, "play", "--from", str(position), "--check", "--turns", "1", "-q")
    assert code == 1 and "[5.7] eyrie: drops a warrior" in one_line(err)


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--games", "0"], "--games: 0 must be at least 1"),
        (["--games", str(10**9 + 1)], "--games: 1000000001 is more than one soak plays"),
        (["--jobs", "0"], "--jobs: 0 must be at least 1"),
        (["--out", "file.txt"], "--out: file.txt is a file, not a folder"),
        (["--seed", "x"], "--seed"),
    ],
)
def test_soak_bad_input(capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], expected: str) -> None:
    monkeypatch.chdir(tmp_path)
    Path("file.txt").write_text("keep\n")
    code, out, err = cli(capsys, "soak", "--games", "1", *args)
    assert (code, out) == (2, "")
    assert expected in one_line(err)
    assert [p.name for p in tmp_path.iterdir()] == ["file.txt"]


def test_python_dash_m_soak_still_works(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert S.main(["--games", "4", "--jobs", "1", "--seed", "9", "--out", str(tmp_path)]) == 0
    assert "soak: 4 games played" in capsys.readouterr().out
