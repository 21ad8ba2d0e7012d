"""Not one game may change (issue 15): the result rows of every benchmarked line-up, seeds
1..1000, must give the digests recorded before the engine was made faster
(``tests/study_digests.py`` wrote them). The first block of each line-up runs with the suite;
the whole 1,000-game slice runs with ``make soak``."""

from __future__ import annotations

import json

import pytest

from study_digests import DIGESTS, blocks, block_digest
from rootbotics.sim.lineups import lineup_studies

STORED = json.loads(DIGESTS.read_text())
STUDIES = lineup_studies()


def test_every_lineup_has_stored_digests_for_the_whole_slice() -> None:
    assert set(STORED["lineups"]) == set(STUDIES)
    assert all(len(d) == len(blocks()) for d in STORED["lineups"].values())


@pytest.mark.parametrize("name", sorted(STUDIES))
def test_first_block_of_each_lineup_gives_the_same_rows(name: str) -> None:
    first, last = blocks()[0]
    assert block_digest(STUDIES[name], first, last) == STORED["lineups"][name][0]


@pytest.mark.soak
@pytest.mark.parametrize("name", sorted(STUDIES))
def test_the_1000_game_slice_of_each_lineup_gives_the_same_rows(name: str) -> None:
    for i, (first, last) in enumerate(blocks()):
        assert block_digest(STUDIES[name], first, last) == STORED["lineups"][name][i], f"seeds {first}..{last}"
