"""Record the digests that ``tests/test_study_digests.py`` checks: for every benchmarked line-up
(``rootbotics.sim.lineups``), the result rows of seeds 1..1000 (with the VP trajectory), one
digest per block of BLOCK seeds. Run ``python tests/study_digests.py`` only after a deliberate
change of the games (review the golden traces' diff first); speed work must never need it."""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

from rootbotics.sim.digest import rows_digest
from rootbotics.sim.lineups import lineup_studies
from rootbotics.sim.runner import run_study
from rootbotics.sim.study import Study

DIGESTS = Path(__file__).parent / "digests" / "study-rows.json"
FIRST_SEED = 1
GAMES = 1000
BLOCK = 25


def blocks() -> list[tuple[int, int]]:
    return [(a, a + BLOCK - 1) for a in range(FIRST_SEED, FIRST_SEED + GAMES, BLOCK)]


def block_digest(study: Study, first: int, last: int) -> str:
    """Play seeds first..last of the study into a fresh folder and digest its rows."""
    with tempfile.TemporaryDirectory() as tmp:
        run_study(study, [(first, last)], Path(tmp), jobs=1, trajectory=True)
        return rows_digest(Path(tmp))


def main() -> int:
    data = {"first_seed": FIRST_SEED, "games": GAMES, "block": BLOCK, "lineups": {}}
    for name, study in lineup_studies().items():
        data["lineups"][name] = [block_digest(study, a, b) for a, b in blocks()]
        print(name, data["lineups"][name][0], flush=True)
    DIGESTS.parent.mkdir(exist_ok=True)
    DIGESTS.write_text(json.dumps(data, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
