"""A digest of a study's result rows that ignores everything but the games themselves.

The rows of the games (and rounds) Parquet files, without the study key and the engine version
(they name the configuration, not what happened), sorted by seed, one canonical JSON line each,
hashed with SHA-256. Equal digests mean equal games; ``tests/test_study_digests.py`` keeps the
line-ups' games from changing while the engine is made faster.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

NOT_GAME_COLUMNS = ("study", "engine_version")


def table_lines(paths: Iterable[Path]) -> list[str]:
    """The rows of these files (one table kind) as canonical JSON lines, sorted by seed."""
    tables = [pq.read_table(p) for p in sorted(paths)]
    if not tables:
        return []
    table = pa.concat_tables(tables)
    table = table.drop_columns([c for c in NOT_GAME_COLUMNS if c in table.column_names])
    keys = [("seed", "ascending")] + ([("round", "ascending"), ("seat", "ascending")] if "round" in table.column_names else [])
    table = table.sort_by(keys)
    return [json.dumps(row, sort_keys=True, separators=(",", ":")) for row in table.to_pylist()]


def rows_digest(folder: Path) -> str:
    """SHA-256 of the games rows, then the rounds rows, of every result file in ``folder``."""
    h = hashlib.sha256()
    for kind in ("games", "rounds"):
        for line in table_lines(folder.glob(f"{kind}-*.parquet")):
            h.update(line.encode())
            h.update(b"\n")
    return h.hexdigest()
