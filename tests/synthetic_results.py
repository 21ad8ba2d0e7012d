"""A synthetic results folder of any size, written by DuckDB from ``range()`` (10 million games
rows in well under a minute): games files shaped exactly like ``simulate``'s (the games schema,
one file per chunk of seeds, named as ``sim.results`` names them), with plausible values (a
four-bot line-up, one winner at 30 VP, the others below), so the report has something to read.
Also usable by hand: ``python tests/synthetic_results.py OUT ROWS``.
"""

from __future__ import annotations

import sys
from pathlib import Path

STUDY = "synthetic0000"
FACTIONS = ("marquise", "eyrie", "alliance", "vagabot")
COUNTS = (
    "battles_started", "battles_won", "pieces_removed", "buildings_placed", "tokens_placed", "cards_crafted",
    "vp_tracks", "vp_removal", "vp_crafting", "vp_special", "vp_lost",
)  # fmt: skip


def seat_sql(i: int) -> str:
    """Seat ``i`` (0-based) of game ``seed``: the winner (``seed % 4``) at 30 VP, the others at a
    value hashed from the seed."""
    vp = f"CASE WHEN seed % 4 = {i} THEN 30 ELSE CAST(hash(seed * 4 + {i}) % 30 AS INTEGER) END"
    counts = ", ".join(f"'{c}': CAST(hash(seed + {i + 7 * k}) % 9 AS INTEGER)" for k, c in enumerate(COUNTS))
    return (
        f"{{'seat': CAST({i + 1} AS TINYINT), 'faction': '{FACTIONS[i]}', 'difficulty': 'default', "
        f"'traits': CAST([] AS VARCHAR[]), 'vp': {vp}, 'won': seed % 4 = {i}, 'rule_set': 'law', "
        f"'character': {'NULL::VARCHAR' if FACTIONS[i] != 'vagabot' else repr('thief')}, {counts}}}"
    )


def games_sql(first: int, last: int) -> str:
    """The games rows of seeds ``first`` to ``last`` as one SELECT."""
    seats = ", ".join(seat_sql(i) for i in range(4))
    winner = "CASE seed % 4 " + " ".join(f"WHEN {i} THEN '{f}'" for i, f in enumerate(FACTIONS)) + " END"
    return f"""
    SELECT '{STUDY}' AS study, seed, '{",".join(FACTIONS)}' AS lineup, CAST(4 AS TINYINT) AS players, 'fall' AS map,
           CAST(30 AS INTEGER) AS max_rounds, false AS rotate_seats, '{{}}' AS options,
           {list(FACTIONS)!r} AS turn_order, [{seats}] AS seats, 'ok' AS status, {winner} AS winner,
           [{winner}] AS winners, CAST(5 + hash(seed) % 6 AS INTEGER) AS rounds, CAST(30 + hash(seed) % 20 AS INTEGER) AS turns,
           CAST(900 + hash(seed) % 400 AS INTEGER) AS events, 'victory' AS end_reason,
           NULL::VARCHAR AS error_type, NULL::VARCHAR AS error_message, NULL::VARCHAR AS failed_faction,
           NULL::VARCHAR AS failed_phase, NULL::VARCHAR AS position, 'synthetic' AS engine_version
    FROM range({first}, {last + 1}) t(seed)"""


def write_synthetic(out: Path, rows: int, per_file: int = 250_000) -> list[Path]:
    """Write ``rows`` games rows (seeds 1 to ``rows``) into ``out`` in files of ``per_file``."""
    import duckdb

    out.mkdir(parents=True, exist_ok=True)
    con = duckdb.connect()
    con.execute("SET preserve_insertion_order = false")
    written = []
    for first in range(1, rows + 1, per_file):
        last = min(first + per_file, rows + 1) - 1
        path = out / f"games-{STUDY}-{first}-{last}.parquet"
        con.execute(f"COPY ({games_sql(first, last)}) TO '{path}' (FORMAT parquet, COMPRESSION zstd, KV_METADATA {{'rootbotics.table': 'games'}})")
        written.append(path)
    con.close()
    return written


if __name__ == "__main__":
    write_synthetic(Path(sys.argv[1]), int(sys.argv[2]))
