"""``python -m rootbotics.sim.bench_programs`` (in ``make bench``): every faction whose Law of
Root is built gets a line-up it may sit in, and the bench runs through all of them. Its figures
are speed, which no test checks."""

from __future__ import annotations

from rootbotics.factions import HUMAN_FACTIONS, REGISTRY
from rootbotics.game import GameConfig
from rootbotics.sim.bench_programs import lineup, main


def test_every_built_faction_has_a_valid_line_up_the_second_vagabond_beside_the_first() -> None:
    for faction in HUMAN_FACTIONS:
        if REGISTRY[faction].lor() is None:
            continue
        seats = lineup(faction)
        GameConfig(seats, "fall", 1).validate()
        assert seats[0].faction == faction and seats[0].seat == "human" and len(seats) == 4
        assert faction not in {s.faction for s in seats[1:]}
    assert "vagabot" in {s.faction for s in lineup("vagabond2")}  # LoR 9.7


def test_the_bench_prints_a_row_per_faction(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["--games", "1", "--chess", "0"]) == 0
    out = capsys.readouterr().out
    built = [f for f in HUMAN_FACTIONS if REGISTRY[f].lor() is not None]
    rows = [line.split()[0] for line in out.splitlines() if line.startswith("  ") and line.split() and line.split()[0] in built]
    assert rows == built and "python-chess yardstick: not run (--chess 0)" in out
