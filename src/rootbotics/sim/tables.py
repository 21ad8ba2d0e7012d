"""Where the report's tables go: to the terminal as text (``TextTables``), or kept as data
(``DataTables``) and written as one JSON document (``report --json``) or as one CSV file per
table (``report --csv DIR``).

Each table has a name (``win_rate_by_faction``), a title and, besides the rows as printed, its
data: column names and typed values (a win rate as a fraction with its interval's two ends,
not ``"45.3%"``), so a program reads numbers.
"""

from __future__ import annotations

import csv
import io
import json
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

FORMAT = 1  # the version of the JSON document's layout

Data = tuple[Sequence[str], Sequence[Sequence[Any]]]


class TextTables:
    """The report as text: ``out`` (``cli.output.Out``) prints; a table's data is not needed."""

    def __init__(self, out: Any) -> None:
        self.out = out

    def begin(self, report_id: str, meta: dict[str, Any]) -> None:
        """A new report starts (nothing to do on a terminal: its header says it)."""

    def text(self, line: str = "") -> None:
        self.out.text(line)

    def header(self, title: str) -> None:
        self.out.header(title)

    def table(self, title: str, columns: Sequence[tuple[str, str]], rows: Sequence[Sequence[str]], name: str = "", data: Data | None = None) -> None:
        self.out.table(title, columns, rows)

    def data(self, name: str, title: str, data: Data) -> None:
        """A table only programs read (the text says it in a sentence)."""


class DataTables:
    """The report's tables kept as data, a list of tables per report; text lines are dropped."""

    def __init__(self) -> None:
        self.reports: list[dict[str, Any]] = []

    def begin(self, report_id: str, meta: dict[str, Any]) -> None:
        self.reports.append({"id": report_id, **meta, "tables": []})

    def text(self, line: str = "") -> None:
        pass

    def header(self, title: str) -> None:
        pass

    def table(self, title: str, columns: Sequence[tuple[str, str]], rows: Sequence[Sequence[str]], name: str = "", data: Data | None = None) -> None:
        names, values = data if data is not None else ([c for c, _ in columns], rows)
        self.reports[-1]["tables"].append(
            {"name": name or slug(title), "title": title, "columns": list(names), "rows": [[plain(v) for v in row] for row in values]}
        )

    def data(self, name: str, title: str, data: Data) -> None:
        """A table only programs read (the text report says it in a sentence)."""
        self.table(title, [], [], name, data)

    def document(self) -> dict[str, Any]:
        """Everything as one JSON-ready document."""
        return {"format": FORMAT, "reports": self.reports}

    def write_json(self, stream: TextIO) -> None:
        json.dump(self.document(), stream, allow_nan=False)
        stream.write("\n")

    def write_csv(self, folder: Path) -> list[Path]:
        """One CSV file per table of each report, ``<report id>-<table name>.csv``, each written
        whole or not at all; returns the files written."""
        from ..core.serial import write_atomic

        folder.mkdir(parents=True, exist_ok=True)
        written = []
        for report in self.reports:
            for t in report["tables"]:
                buf = io.StringIO()
                writer = csv.writer(buf, lineterminator="\n")
                writer.writerow(t["columns"])
                writer.writerows([["" if v is None else json.dumps(v) if isinstance(v, list) else v for v in row] for row in t["rows"]])
                path = folder / f"{report['id']}-{t['name']}.csv"
                write_atomic(path, buf.getvalue())
                written.append(path)
        return written


def slug(title: str) -> str:
    """``"Win rate by faction"`` -> ``"win_rate_by_faction"``."""
    words = "".join(ch.lower() if ch.isalnum() else " " for ch in title.split("(")[0]).split()
    return "_".join(words)


def plain(value: Any) -> Any:
    """A value JSON can hold: NaN as null, numbers from DuckDB as Python numbers, tuples as lists."""
    if isinstance(value, float):
        return None if math.isnan(value) else round(value, 6)
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if value is None or isinstance(value, (bool, int, str)):
        return value
    try:
        return float(value)
    except (TypeError, ValueError):
        return str(value)
