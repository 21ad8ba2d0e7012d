"""The report on a study: win rates with 95% Wilson intervals (by faction, map, difficulty and
seat), game length, final scores, VP by round and failures, read from result files with DuckDB;
and three plots drawn with matplotlib.

Files of several shards (or runs) can be read together. A game (study and seed) found in more
than one file is counted once. Failed games are counted and listed, never scored.
"""

from __future__ import annotations

import glob
import json
import math
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import duckdb

from ..core.lost_values import option_text
from .compare import make_seat_rows
from .quantiles import quantile
from .rates import RATE_COLUMNS, Rate, ReportError, interval_text, pct, rate_data, rate_rows, rate_table, wilson
from .results import table_kind
from .storage import StorageError, UriFile, arrow_dataset, expand_uri, is_uri

MEMORY_LIMIT = "256MB"  # DuckDB's own cap; beyond it, it spills to a temporary folder

__all__ = ["RATE_COLUMNS", "Rate", "ReportError", "Results", "interval_text", "pct", "rate_data", "rate_rows", "rate_table", "wilson"]



# -- loading ------------------------------------------------------------------------------------
def expand(paths: Sequence[str]) -> list[Path | UriFile]:
    """Files named, folders (their ``*.parquet``) and glob patterns the shell left alone; each
    may be a URI pyarrow's filesystem layer opens (``sim.storage``)."""
    found: list[Path | UriFile] = []
    for text in paths:
        if is_uri(text):
            found.extend(uri_files(text))
            continue
        p = Path(text)
        if p.is_dir():
            found.extend(sorted(p.glob("*.parquet")))
        elif p.exists():
            found.append(p)
        elif any(ch in text for ch in "*?["):
            # A glob over a results folder also meets its manifests and failed-game positions:
            # only the Parquet files among the matches are results.
            matches = sorted(Path(m) for m in glob.glob(text) if m.endswith(".parquet"))
            if not matches:
                raise ReportError(f"{text}: no file matches")
            found.extend(matches)
        else:
            raise ReportError(f"{text}: no such file or folder")
    unique = list(dict.fromkeys(found))
    if not unique:
        raise ReportError("no result files given")
    return unique


def uri_files(text: str) -> list[UriFile]:
    """The result files a URI names; a ``ReportError`` for a URI that cannot be opened or names none."""
    try:
        files = expand_uri(text)
    except StorageError as e:
        raise ReportError(str(e)) from None
    except OSError as e:
        raise ReportError(f"{text}: {' '.join(str(e).split())}") from None
    if not files:
        raise ReportError(f"{text}: no such file or folder, or no Parquet file in it")
    return files


def sort_files(paths: list[Path | UriFile]) -> tuple[list[Path | UriFile], list[Path | UriFile]]:
    """The games files and the rounds files among ``paths`` (by each file's footer); a file
    that is neither is a ``ReportError``."""
    games_files: list[Path | UriFile] = []
    rounds_files: list[Path | UriFile] = []
    for path in paths:
        try:
            kind = table_kind(path)
        except Exception as e:  # pyarrow raises several kinds for a file that is not Parquet
            raise ReportError(f"{path}: not a Parquet file ({' '.join(str(e).split())})") from None
        if kind == "games":
            games_files.append(path)
        elif kind == "rounds":
            rounds_files.append(path)
        else:
            raise ReportError(f"{path}: not a rootbotics result file")
    if not games_files:
        raise ReportError("no games file among the files given (games-*.parquet)")
    return games_files, rounds_files


def literal(text: str) -> str:
    """``text`` as a SQL string literal (views take no parameters)."""
    return "'" + str(text).replace("'", "''") + "'"


class Results:
    """Result files read by DuckDB through views (``games`` and, if any, ``rounds``): the rows
    stay in the Parquet files, every query streams them, and DuckDB's own memory is capped
    (``MEMORY_LIMIT``, spilling to a temporary folder), so a report of 10 million games needs no
    more memory than one of ten thousand."""

    def __init__(self, paths: Sequence[str]) -> None:
        games_files, rounds_files = sort_files(expand(paths))
        self.games_files = len(games_files)
        self.rounds_files = len(rounds_files)
        self._spill = tempfile.TemporaryDirectory(prefix="rootbotics-report-")
        self.db = duckdb.connect(config={"memory_limit": MEMORY_LIMIT, "temp_directory": self._spill.name, "preserve_insertion_order": False})
        self.rows, self.duplicates = self.read_files("games", games_files, ("study", "seed"))
        self._has_round_files = bool(rounds_files)
        if rounds_files:
            self.read_files("rounds", rounds_files, ("study", "seed", "round", "seat"))
        self.focus()

    def read_files(self, table: str, files: list[Path | UriFile], key: tuple[str, ...]) -> tuple[int, int]:
        """Make ``all_<table>`` a view over ``files`` and ``unique_<table>`` the same rows with
        each ``key`` once. Rows are copied (into DuckDB's spillable storage) only when some key is
        found twice, which a count against a count of distinct keys tells; returns the rows and
        the duplicates."""
        if all(isinstance(f, Path) for f in files):
            source = "read_parquet([" + ", ".join(literal(str(f)) for f in files) + "], union_by_name = true)"
        else:  # files DuckDB cannot open itself: through a pyarrow dataset, streamed the same way
            self.db.register(f"arrow_{table}", arrow_dataset(files))
            source = f"arrow_{table}"
        self.db.execute(f"CREATE VIEW all_{table} AS SELECT * FROM {source}")
        rows, distinct = self.db.execute(f"SELECT count(*), count(DISTINCT ({', '.join(key)})) FROM all_{table}").fetchone()
        if rows == distinct:
            self.db.execute(f"CREATE VIEW unique_{table} AS SELECT * FROM all_{table}")
        else:
            keys = ", ".join(key)
            self.db.execute(f"CREATE TABLE unique_{table} AS SELECT DISTINCT ON ({keys}) * FROM all_{table} ORDER BY {keys}")
        return int(rows), int(rows - distinct)

    def studies(self, where: dict[str, str] | None = None) -> list[str]:
        """The study keys (one per configuration) among the games ``where`` selects."""
        cond = where_sql(where or {})
        return [r[0] for r in self.all(f"SELECT DISTINCT study FROM unique_games WHERE {cond} ORDER BY 1")]

    def focus(self, studies: Sequence[str] | None = None, where: dict[str, str] | None = None) -> None:
        """Make ``games`` and ``rounds`` (views) the games of ``studies`` (all: None) that
        ``where`` selects; every query and table of the report reads those."""
        cond = where_sql(where or {})
        if studies is not None:
            cond += f" AND study IN ({', '.join(literal(s) for s in studies) or 'NULL'})"
        self.db.execute(f"CREATE OR REPLACE VIEW games AS SELECT * FROM unique_games WHERE {cond}")
        self.total, self.ok = (int(n) for n in self.all("SELECT count(*), count(*) FILTER (WHERE status = 'ok') FROM games")[0])
        self.failed = self.total - self.ok
        make_seat_rows(self.db)
        self.has_rounds = self._has_round_files
        if self.has_rounds:
            # Only games that finished: a curve of games cut short by a failure would mislead.
            self.db.execute(
                "CREATE OR REPLACE VIEW rounds AS SELECT * FROM unique_rounds "
                "WHERE (study, seed) IN (SELECT study, seed FROM games WHERE status = 'ok')"
            )
            self.has_rounds = self.scalar("SELECT count(*) FROM (SELECT 1 FROM rounds LIMIT 1)") > 0

    def scalar(self, sql: str, params: dict[str, Any] | None = None) -> Any:
        row = self.db.execute(sql, params or {}).fetchone()
        return None if row is None else row[0]

    def all(self, sql: str, params: dict[str, Any] | None = None) -> list[tuple[Any, ...]]:
        return self.db.execute(sql, params or {}).fetchall()

    def distinct(self, column: str) -> list[Any]:
        return [r[0] for r in self.all(f"SELECT DISTINCT {column} FROM games ORDER BY 1")]

    # -- queries ----------------------------------------------------------------------------
    def win_rates(self, *by: str, by_rate: bool = True) -> list[Rate]:
        """Win rates of finished games grouped by seat fields (``faction``, ``seat``,
        ``difficulty``) and game fields (``map``, ``lineup``). Within the leading groups, the
        last grouping goes best rate first (or in its own order, without ``by_rate``)."""
        cols = ", ".join(by)
        lead = "".join(f"{c}, " for c in by[:-1])
        last = f"sum(won::INT) / count(*) DESC, {by[-1]}" if by_rate else by[-1]
        rows = self.all(
            f"""
            SELECT {cols}, count(*) AS games, sum(won::INT) AS wins
            FROM (SELECT map, lineup, s.faction AS faction, s.seat AS seat, s.difficulty AS difficulty, s.won AS won
                  FROM (SELECT map, lineup, unnest(seats) AS s FROM games WHERE status = 'ok'))
            GROUP BY {cols}
            ORDER BY {lead}{last}
            """
        )
        return [Rate(tuple(r[: len(by)]), int(r[-2]), int(r[-1])) for r in rows]

    def length(self) -> dict[str, float]:
        mean, hist, low, high, turns, sd = self.all(
            """SELECT avg(rounds), histogram(rounds), min(rounds), max(rounds), avg(turns), stddev_samp(rounds)
               FROM games WHERE status = 'ok'"""
        )[0]
        row = (mean, quantile(hist, 0.5), low, high, turns, sd)
        keys = ("mean", "median", "min", "max", "turns", "sd")
        return {k: (math.nan if v is None else float(v)) for k, v in zip(keys, row)}

    def length_by_lineup(self) -> list[tuple[str, str, int, float, float]]:
        rows = self.all(
            """SELECT lineup, map, count(*), avg(rounds), histogram(rounds) FROM games WHERE status = 'ok'
               GROUP BY lineup, map ORDER BY lineup, map"""
        )
        return [(lineup, m, n, mean, quantile(h, 0.5)) for lineup, m, n, mean, h in rows]

    def rounds_histogram(self) -> list[tuple[int, str, int]]:
        """(rounds, first winner, games) for finished games."""
        return self.all(
            """SELECT rounds, winners[1] AS w, count(*) FROM games WHERE status = 'ok'
               GROUP BY rounds, w ORDER BY rounds, w"""
        )

    def final_scores(self) -> list[tuple[str, int, float, float]]:
        rows = self.all(
            """SELECT s.faction, count(*), avg(s.vp), histogram(s.vp)
               FROM (SELECT unnest(seats) AS s FROM games WHERE status = 'ok')
               GROUP BY s.faction ORDER BY avg(s.vp) DESC, s.faction"""
        )
        return [(f, n, mean, quantile(h, 0.5)) for f, n, mean, h in rows]

    def vp_sources(self) -> list[tuple[Any, ...]]:
        """Per faction over finished games: games, mean final VP, mean VP from tracks, removal,
        crafting and special scoring, mean VP lost, mean battles started and won, pieces removed
        (empty for result files written before these counts existed)."""
        try:
            return self.all(
                """SELECT s.faction, count(*), avg(s.vp), avg(s.vp_tracks), avg(s.vp_removal), avg(s.vp_crafting),
                          avg(s.vp_special), avg(s.vp_lost), avg(s.battles_started), avg(s.battles_won), avg(s.pieces_removed)
                   FROM (SELECT unnest(seats) AS s FROM games WHERE status = 'ok')
                   WHERE s.vp_tracks IS NOT NULL GROUP BY s.faction ORDER BY avg(s.vp) DESC"""
            )
        except duckdb.Error:
            return []

    def failures(self) -> list[tuple[str, int]]:
        return self.all(
            "SELECT error_type, count(*) FROM games WHERE status <> 'ok' GROUP BY 1 ORDER BY 2 DESC, 1"
        )

    def failed_games(self, limit: int = 10) -> list[tuple[Any, ...]]:
        return self.all(
            f"""SELECT seed, map, turn_order, max_rounds, error_type, error_message, rounds, failed_faction, study, seats, options
                FROM games WHERE status <> 'ok' ORDER BY study, seed LIMIT {int(limit)}"""
        )

    def vp_by_round(self) -> list[tuple[str, int, int, float, float, float]]:
        """(faction, round, games still going, mean, lower quartile, upper quartile) of VP at the
        end of each round, over finished games that reached that round."""
        if not self.has_rounds:
            return []
        rows = self.all(
            """SELECT faction, round, count(*), avg(vp), histogram(vp)
               FROM rounds GROUP BY faction, round ORDER BY faction, round"""
        )
        return [(f, rnd, n, mean, quantile(h, 0.25), quantile(h, 0.75)) for f, rnd, n, mean, h in rows]

    def games_by_round(self) -> dict[int, int]:
        """How many finished games reached each round (not how many rows a faction has)."""
        # A game has one row per seat in each round it reached: its first seat's stands for it.
        return dict(self.all("SELECT round, count(*) FILTER (WHERE seat = 1) FROM rounds GROUP BY round"))


# Game columns ``--where`` may select on (``key=value``; several keys all hold).
WHERE_COLUMNS: dict[str, str] = {
    "study": "study", "map": "map", "lineup": "lineup", "players": "CAST(players AS VARCHAR)",
    "max_rounds": "CAST(max_rounds AS VARCHAR)", "rotate_seats": "CAST(rotate_seats AS VARCHAR)",
    "difficulty": "EXISTS (SELECT 1 FROM (SELECT unnest(seats) AS s) WHERE s.difficulty = $w_difficulty)",
    "faction": "EXISTS (SELECT 1 FROM (SELECT unnest(seats) AS s) WHERE s.faction = $w_faction)",
}  # fmt: skip


def where_sql(where: dict[str, str]) -> str:
    """A SQL condition for ``--where`` (difficulty and faction: any seat), values as literals."""
    parts = ["TRUE"]
    for key, value in where.items():
        if key not in WHERE_COLUMNS:
            raise ReportError(f"--where: {key!r} is not a field to select on (choose from {', '.join(WHERE_COLUMNS)})")
        column = WHERE_COLUMNS[key]
        parts.append(column.replace(f"$w_{key}", literal(value)) if key in ("difficulty", "faction") else f"{column} = {literal(value)}")
    return " AND ".join(parts)


# -- printing -----------------------------------------------------------------------------------
def print_report(res: Results, out: Any) -> None:
    """Write the report through ``out`` (``sim.tables``: text on the terminal, or data for
    --json and --csv)."""
    studies = res.distinct("study")
    out.begin(studies[0] if len(studies) == 1 else "pooled", report_meta(res))
    print_summary(res, out)
    if res.ok == 0:
        out.text("No finished games: no win rates to show.")
    else:
        from .compare import print_comparisons

        print_win_rates(res, out)
        print_length_and_scores(res, out)
        print_comparisons(res, out)
        print_vp_curves(res, out)
    print_failures(res, out)


def report_meta(res: Results) -> dict[str, Any]:
    """What a report reads, for --json: its studies (each with its settings) and game counts."""
    studies = {key: study_settings(res, key) for key in res.distinct("study")}
    used = {key: study_stand_ins(res, key) for key in studies}
    meta: dict[str, Any] = {"studies": studies, "games": res.total, "finished": res.ok, "failed": res.failed, "duplicates": res.duplicates}
    if any(used.values()):  # the studies whose games played stand-ins for values lost from the text (issue 29)
        meta["stand_ins"] = {key: names for key, names in used.items() if names}
    return meta


def print_summary(res: Results, out: Any, how: str = "pooled (--pool)") -> None:
    """How many games from which files, which bots and maps, how seats were ordered."""
    out.header("Study report")
    studies = res.distinct("study")
    lineups = res.distinct("lineup")
    maps = res.distinct("map")
    versions = res.distinct("engine_version")
    files = f"{res.games_files} games file{'s' if res.games_files != 1 else ''}"
    if res.rounds_files:
        files += f" and {res.rounds_files} rounds file{'s' if res.rounds_files != 1 else ''}"
    out.text(f"Games: {res.total} ({res.ok} finished, {res.failed} failed), read from {files} given")
    if res.duplicates:
        out.text(f"Duplicates: {res.duplicates} games appear in more than one file and are counted once")
    out.text(f"Bots: {'; '.join(lineups)}    Maps: {', '.join(maps)}    Engine: {', '.join(versions)}")
    if len(studies) > 1:
        out.text(f"Studies: {len(studies)} configurations ({', '.join(studies)}) {how}")
    else:
        out.text(f"Study: {studies[0]} ({study_settings(res, studies[0])})")
    rotated = res.distinct("rotate_seats")
    seat_note = "rotated by seed" if rotated == [True] else "as listed" if rotated == [False] else "mixed"
    out.text(f"Seat order: {seat_note}")
    print_stand_ins(res, out, studies)
    out.text()


def print_stand_ins(res: Results, out: Any, studies: Sequence[str], label: str = "") -> None:
    """A line per study whose games played stand-ins for values lost from a rule set's text
    (ruling R-BBP-STAND-INS): every report that includes such games says so."""
    for study in studies:
        used = study_stand_ins(res, study)
        if used:
            games = res.scalar("SELECT count(*) FROM games WHERE study = $s", {"s": study})
            out.text(f"Stand-ins{label}: all {games} games of study {study} played with stand-ins for values lost from the text: {'; '.join(used)}")


def study_stand_ins(res: Results, study: str) -> list[str]:
    """The stand-ins a study's games played with (every game of a study has the same seats'
    rule sets and options): values lost from a rule set's text the study did not give (issue 29)."""
    from ..game import stand_ins

    row = res.all("SELECT seats, options FROM games WHERE study = $s LIMIT 1", {"s": study})
    if not row:
        return []
    seats, options = row[0]
    given = {k: v for k, v in (json.loads(options) if options else {}).items() if k != "suits"}
    bots = [(s["faction"], s.get("rule_set") or "law") for s in seats]  # a program's seat is the Law's: no stand-in
    return [f"{faction}: {phrase}" for faction, _, phrase in stand_ins(bots, given)]


def study_settings(res: Results, study: str) -> str:
    """One study's configuration in a few words: line-up, map, difficulties, options."""
    row = res.all("SELECT lineup, map, seats, options, max_rounds FROM games WHERE study = $s LIMIT 1", {"s": study})
    if not row:
        return "no games"
    lineup, map_name, seats, options, max_rounds = row[0]
    levels = ", ".join(f"{s['faction']}={s['difficulty']}" for s in seats if s["difficulty"] != "default") or "default difficulty"
    traits = ", ".join(f"{s['faction']}={'+'.join(s['traits'])}" for s in seats if s["traits"])
    extra = "" if options in (None, "{}") else f"; options {options}"
    return f"{lineup} on {map_name}; {levels}{'; traits ' + traits if traits else ''}{extra}; up to {max_rounds} rounds"


def print_win_rates(res: Results, out: Any) -> None:
    """Win rates by faction, map, difficulty, seat and line-up, with their intervals."""
    maps = res.distinct("map")
    lineups = res.distinct("lineup")
    rate_table(out, "Win rate by faction", [("faction", "left")], res.win_rates("faction"))
    out.text()
    if len(maps) > 1:
        rate_table(out, "Win rate by map", [("map", "left"), ("faction", "left")], res.win_rates("map", "faction"))
    else:
        out.text(f"By map: every game on {maps[0]}")
    out.text()
    difficulties = [r[0] for r in res.all("SELECT DISTINCT s.difficulty FROM (SELECT unnest(seats) AS s FROM games) ORDER BY 1")]
    if len(difficulties) > 1:
        rate_table(out, "Win rate by difficulty", [("difficulty", "left"), ("faction", "left")], res.win_rates("difficulty", "faction"))
    else:
        out.text(f"By difficulty: every bot at {difficulties[0]}")
    out.text()
    rate_table(out, "Win rate by seat (1 plays first)", [("seat", "right")], res.win_rates("seat", by_rate=False))
    out.text()
    rate_table(out, "Win rate by seat and faction", [("seat", "right"), ("faction", "left")], res.win_rates("seat", "faction"))
    out.text()
    if len(lineups) > 1:
        rate_table(out, "Win rate by lineup", [("lineup", "left"), ("faction", "left")], res.win_rates("lineup", "faction"))
        out.text()


def print_length_and_scores(res: Results, out: Any) -> None:
    """Game length overall and by line-up and map; final scores by faction."""
    ln = res.length()
    out.text(
        f"Game length: {ln['mean']:.2f} rounds on average (sd {ln['sd']:.2f}, median {ln['median']:g}, "
        f"{ln['min']:g} to {ln['max']:g}); {ln['turns']:.1f} turns"
    )
    out.data("game_length", "Game length (rounds)", (["mean", "sd", "median", "min", "max", "mean_turns"], [[ln[k] for k in ("mean", "sd", "median", "min", "max", "turns")]]))
    by_lineup = res.length_by_lineup()
    if len(by_lineup) > 1:
        out.table(
            "Game length by lineup and map",
            [("lineup", "left"), ("map", "left"), ("games", "right"), ("mean rounds", "right"), ("median", "right")],
            [[lu, m, str(n), f"{mean:.2f}", f"{med:g}"] for lu, m, n, mean, med in by_lineup],
            name="game_length_by_lineup_and_map",
            data=(["lineup", "map", "games", "mean_rounds", "median_rounds"], by_lineup),
        )
    out.text()
    scores = res.final_scores()
    out.table(
        "Final score by faction",
        [("faction", "left"), ("games", "right"), ("mean VP", "right"), ("median VP", "right")],
        [[f, str(n), f"{mean:.1f}", f"{med:g}"] for f, n, mean, med in scores],
        name="final_score_by_faction",
        data=(["faction", "games", "mean_vp", "median_vp"], scores),
    )
    out.text()
    print_vp_sources(res, out)


def print_vp_sources(res: Results, out: Any) -> None:
    """Where each faction's VP came from, and how much it fought (means per game)."""
    rows = res.vp_sources()
    if not rows:
        return
    names = ("VP", "tracks", "removal", "crafting", "special", "lost", "battles", "won", "removed")
    out.table(
        "Where the VP come from (mean per game; battles started and won, enemy pieces removed)",
        [("faction", "left"), ("games", "right"), *((n, "right") for n in names)],
        [[f, str(n), *(f"{v:.1f}" for v in vals)] for f, n, *vals in rows],
        name="vp_sources",
        data=(["faction", "games", "mean_vp", "vp_tracks", "vp_removal", "vp_crafting", "vp_special", "vp_lost",
               "battles_started", "battles_won", "pieces_removed"], rows),
    )
    out.text()


def print_vp_curves(res: Results, out: Any) -> None:
    curves = res.vp_by_round()
    if not curves:
        out.text("VP by round: no trajectory rows (run simulate with --vp-trajectory)")
        out.text()
        return
    factions = sorted({f for f, *_ in curves})
    table: dict[int, dict[str, tuple[int, float]]] = {}
    for f, rnd, n, mean, _lo, _hi in curves:
        table.setdefault(rnd, {})[f] = (n, mean)
    rows = []
    games = res.games_by_round()
    for rnd in sorted(table):
        going = games.get(rnd, 0)
        if going < max(5, res.ok // 100) and rnd > 1:  # too few games left to say much
            break
        rows.append([str(rnd), str(going), *(f"{table[rnd][f][1]:.1f}" if f in table[rnd] else "-" for f in factions)])
    data = [[rnd, n, f, mean, lo, hi] for f, rnd, n, mean, lo, hi in curves]
    out.table(
        "Mean VP at the end of each round (games still going)",
        [("round", "right"), ("games", "right"), *((f, "right") for f in factions)],
        rows,
        name="vp_by_round",
        data=(["round", "games", "faction", "mean_vp", "q1_vp", "q3_vp"], data),
    )
    out.text()


def print_failures(res: Results, out: Any) -> None:
    if res.failed == 0:
        out.text("Failures: none")
        return
    out.data("failures", "Failures by kind", (["error_type", "games"], res.failures()))
    kinds = ", ".join(f"{kind}: {n}" for kind, n in res.failures())
    out.text(f"Failures: {res.failed} of {res.total} games ({kinds})")
    for seed, map_name, order, max_rounds, kind, message, rounds, who, study, seats, options in res.failed_games():
        out.text(f"  seed {seed} ({','.join(order)} on {map_name}, round {rounds}, {who or 'setup'}): {kind}: {message}")
        out.text(f"    replay: {replay_command(seed, seats, map_name, max_rounds, options)}")
    if res.failed > 10:
        out.text(f"  ... and {res.failed - 10} more (SELECT * FROM games WHERE status <> 'ok')")


def replay_command(seed: int, seats: Sequence[dict[str, Any]], map_name: str, max_rounds: int, options: str | None = None) -> str:
    """The command that plays a study's game again, with every setting that shaped it: the
    seats (in turn order, with rule sets, difficulties and traits), map, round limit, options."""
    bots = ",".join(s["faction"] if s.get("rule_set", "law") in ("law", None) else f"{s['faction']}@{s['rule_set']}" for s in seats)
    parts = [f"rootbotics replay --seed {seed} --bots {bots} --map {map_name} --max-rounds {max_rounds}"]
    levels = ",".join(f"{s['faction']}={s['difficulty']}" for s in seats if s.get("difficulty", "default") != "default")
    traits = ",".join(f"{s['faction']}={'+'.join(s['traits'])}" for s in seats if s.get("traits"))
    parts += [f"--difficulty {levels}"] if levels else []
    parts += [f"--traits {traits}"] if traits else []
    given = json.loads(options) if options else {}
    parts += [f"--{key.replace('_', '-')} {option_text(value)}" for key, value in sorted(given.items()) if key != "suits"]
    parts += [f"--suits {','.join(given['suits'])}"] if "suits" in given else []
    return " ".join(parts)


def print_by_report(res: Results, out: Any, fields: list[str]) -> None:
    """One report comparing the games selected by the values of each of ``fields`` (--by)."""
    from .compare import print_by

    out.begin(f"by-{'-'.join(fields)}", report_meta(res))
    print_summary(res, out, f"compared by {', '.join(fields)} (--by)")
    if res.ok == 0:
        out.text("No finished games: no win rates to show.")
        return
    for field in fields:
        print_by(res, out, field)
