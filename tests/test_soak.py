"""The soak runner: random configurations, every invariant after every event, failures saved."""

from __future__ import annotations

import json

import pytest

from rootbotics import soak as S
from rootbotics.core import serial
from rootbotics.factions import PLAYABLE_BOTS
from rootbotics.record import play_recorded, replay


def test_soak_configurations_are_reproducible_and_varied() -> None:
    configs = [S.soak_config(1, i) for i in range(60)]
    assert [S.record_key(c) for c in configs] == [S.record_key(S.soak_config(1, i)) for i in range(60)]
    sizes = {len(c.seats) for c in configs}
    assert min(sizes) >= 2 and max(sizes) <= min(len(PLAYABLE_BOTS), S.MAX_SEATS)
    assert len({tuple(s.faction for s in c.seats) for c in configs}) > 1
    assert len({s.difficulty for c in configs for s in c.seats}) > 1


def test_every_game_of_a_program_soak_seats_programs_beside_a_bot() -> None:
    """``--programs every`` (issue 26's soak): each game seats one or more built-in programs in
    human factions whose Law of Root is built, and keeps at least one bot; over a few hundred
    games every built faction is played by a program, alone and with others."""
    from rootbotics.factions import HUMAN_FACTIONS, REGISTRY

    built = {f for f in HUMAN_FACTIONS if REGISTRY[f].lor() is not None}
    seen: set[str] = set()
    sizes: set[int] = set()
    for i in range(300):
        config = S.soak_config(1, i, "every")
        programs = config.options["programs"]
        assert programs and set(programs) <= built
        assert all(any(s.faction == f and s.seat == "human" for s in config.seats) for f in programs)
        assert any(s.seat != "human" for s in config.seats)
        seen |= set(programs)
        sizes.add(len(programs))
    assert seen == built and min(sizes) == 1 and max(sizes) > 2


def test_a_program_soak_keeps_its_own_progress(tmp_path) -> None:
    report = S.soak(20, jobs=1, seed=7, out_dir=str(tmp_path), programs="every")
    assert (report.played, report.failures) == (20, [])
    assert [p.name for p in tmp_path.iterdir()] == ["soak-progress-7-programs-every.json"]


def test_a_few_hundred_soak_games_pass(tmp_path) -> None:
    report = S.soak(200, jobs=2, seed=7, out_dir=str(tmp_path))
    assert (report.games, report.played) == (200, 200)
    assert report.failures == []
    assert [p.name for p in tmp_path.iterdir()] == [S.progress_path(str(tmp_path), 7).name]  # no failure files


def test_a_failing_soak_game_is_saved_with_its_position(tmp_path, monkeypatch) -> None:
    from rootbotics.factions.eyrie import bot as eyrie

    def broken(g):
        raise ValueError("deliberate failure\nsecond line")

    monkeypatch.setattr(eyrie.ElectricEyrie, "evening", lambda self, g: broken(g))
    index = next(i for i in range(100) if "eyrie" in [s.faction for s in S.soak_config(1, i).seats])
    result = S.run_one(1, index, str(tmp_path))
    assert not result.ok and result.error == "ValueError: deliberate failure"
    saved = json.loads(open(result.failure_file).read())
    position = serial.from_json(saved["position_at_turn_start"])
    assert position.current == "eyrie"
    assert saved["config"]["seed"] == result.seed


@pytest.mark.parametrize("index", range(8))
def test_soak_games_replay_exactly_from_their_records(index: int) -> None:
    g, record = play_recorded(S.soak_config(3, index))
    assert replay(record).log.signature() == g.log.signature()
