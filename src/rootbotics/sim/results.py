"""Result files: Parquet tables of games (one row per game) and rounds (one row per player per
round: the VP trajectory), written one chunk of seeds per file, atomically.

File names say what a file holds and are unique per study and seed range, so the files of
several shards (or several studies) can be copied into one folder and read together::

    games-<study key>-<first seed>-<last seed>.parquet
    rounds-<study key>-<first seed>-<last seed>.parquet
    failed-<study key>-<seed>.json          (the saved position of a failing game)

Rows hold nothing that depends on when or where they were made: the same study and seed always
give the same row. Wall-clock times go in the run manifest (``runner.py``).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from .. import __version__
from .storage import UriFile, UriFolder, open_input, write_bytes
from .study import GameRecord, Study
from .tally import COUNTS

TABLE_KEY = b"rootbotics.table"  # Parquet metadata: which table a file holds

SEAT = pa.struct(
    [
        ("seat", pa.int8()),  # 1 plays first
        ("faction", pa.string()),
        ("difficulty", pa.string()),
        ("traits", pa.list_(pa.string())),
        ("vp", pa.int32()),
        ("won", pa.bool_()),
        ("rule_set", pa.string()),  # "law" or "bbp" (core.faction.RULE_SETS)
        ("character", pa.string()),  # the Vagabot's character (7.3.1); null for other factions
        *((name, pa.int32()) for name in COUNTS),  # what the seat did in the game (sim/tally.py)
    ]
)

GAMES_SCHEMA = pa.schema(
    [
        ("study", pa.string()),
        ("seed", pa.int64()),
        ("lineup", pa.string()),
        ("players", pa.int8()),
        ("map", pa.string()),
        ("max_rounds", pa.int32()),
        ("rotate_seats", pa.bool_()),
        ("options", pa.string()),
        ("turn_order", pa.list_(pa.string())),
        ("seats", pa.list_(SEAT)),
        ("status", pa.string()),
        ("winner", pa.string()),
        ("winners", pa.list_(pa.string())),
        ("rounds", pa.int32()),
        ("turns", pa.int32()),
        ("events", pa.int32()),
        ("end_reason", pa.string()),
        ("error_type", pa.string()),
        ("error_message", pa.string()),
        ("failed_faction", pa.string()),
        ("failed_phase", pa.string()),
        ("position", pa.string()),
        ("engine_version", pa.string()),
    ],
    metadata={TABLE_KEY: b"games"},
)

ROUNDS_SCHEMA = pa.schema(
    [
        ("study", pa.string()),
        ("seed", pa.int64()),
        ("lineup", pa.string()),
        ("map", pa.string()),
        ("round", pa.int32()),
        ("seat", pa.int8()),
        ("faction", pa.string()),
        ("difficulty", pa.string()),
        ("vp", pa.int32()),
        ("rule_set", pa.string()),
    ],
    metadata={TABLE_KEY: b"rounds"},
)


def chunk_stem(study: Study, first: int, last: int) -> str:
    return f"{study.key()}-{first}-{last}"


def games_path(out: Path | UriFolder, study: Study, first: int, last: int) -> Path | UriFile:
    return out / f"games-{chunk_stem(study, first, last)}.parquet"


def rounds_path(out: Path | UriFolder, study: Study, first: int, last: int) -> Path | UriFile:
    return out / f"rounds-{chunk_stem(study, first, last)}.parquet"


def failure_path(out: Path | UriFolder, study: Study, seed: int) -> Path | UriFile:
    return out / f"failed-{study.key()}-{seed}.json"


def game_row(study: Study, r: GameRecord) -> dict[str, Any]:
    won = set(r.winners)
    seats = [
        {
            "seat": i + 1,
            "faction": f,
            "difficulty": study.difficulty_of(f),
            "traits": list(study.traits_of(f)),
            "vp": r.vp[i] if i < len(r.vp) else None,
            "won": f in won,
            "rule_set": study.rule_set_of(f),
            "character": r.characters[i] if i < len(r.characters) else None,
            **(r.counts[i] if i < len(r.counts) else dict.fromkeys(COUNTS)),
        }
        for i, f in enumerate(r.turn_order)
    ]
    return {
        "study": study.key(),
        "seed": r.seed,
        "lineup": study.lineup,
        "players": len(r.turn_order),
        "map": study.map,
        "max_rounds": study.max_rounds,
        "rotate_seats": study.rotate_seats,
        "options": study.options_json(),
        "turn_order": list(r.turn_order),
        "seats": seats,
        "status": r.status,
        "winner": ",".join(r.winners) if r.status == "ok" else None,
        "winners": list(r.winners),
        "rounds": r.rounds,
        "turns": r.turns,
        "events": r.events,
        "end_reason": r.end_reason,
        "error_type": r.error_type,
        "error_message": r.error_message,
        "failed_faction": r.failed_faction,
        "failed_phase": r.failed_phase,
        "position": r.position,
        "engine_version": __version__,
    }


def round_rows(study: Study, r: GameRecord) -> list[dict[str, Any]]:
    rows = []
    for rnd, vps in r.trajectory or ():
        for i, f in enumerate(r.turn_order):
            rows.append(
                {
                    "study": study.key(),
                    "seed": r.seed,
                    "lineup": study.lineup,
                    "map": study.map,
                    "round": rnd,
                    "seat": i + 1,
                    "faction": f,
                    "difficulty": study.difficulty_of(f),
                    "vp": vps[i],
                    "rule_set": study.rule_set_of(f),
                }
            )
    return rows


def write_table(path: Path | UriFile, rows: list[dict[str, Any]], schema: pa.Schema) -> None:
    """Write rows as one Parquet file: a temporary file in the same folder, then a rename, so a
    file with the final name is always complete (in a URI folder: ``storage.write_bytes``)."""
    table = pa.Table.from_pylist(rows, schema=schema)
    if isinstance(path, UriFile):
        write_bytes(path, lambda stream: pq.write_table(table, stream, compression="zstd"))
        return
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.close(fd)
    try:
        pq.write_table(table, tmp, compression="zstd")
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def parquet_rows(path: Path | UriFile) -> int | None:
    """The row count in a Parquet file's footer; None for a missing, empty, truncated or
    otherwise unreadable file (only the footer is read)."""
    try:
        return pq.ParquetFile(open_input(path)).metadata.num_rows
    except (OSError, pa.ArrowException):
        return None


def table_kind(path: str | Path | UriFile) -> str | None:
    """``"games"`` or ``"rounds"`` for a result file, None for any other Parquet file."""
    schema = pq.read_schema(open_input(path))
    kind = (schema.metadata or {}).get(TABLE_KEY)
    if kind is not None:
        return kind.decode()
    names = set(schema.names)
    if {"seed", "seats", "status"} <= names:
        return "games"
    if {"seed", "round", "faction", "vp"} <= names:
        return "rounds"
    return None
