"""The statistics that compare factions within the games a report reads, all computed in DuckDB
over one row per seat of a finished game (the ``seat_rows`` view): the final-VP distribution per
faction, the margin of victory, the head-to-head matrix (who finishes ahead of whom), and win
rates and final VP grouped by any field (``report --by FIELD``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import duckdb

from .quantiles import quantile
from .rates import Rate, ReportError, rate_table

if TYPE_CHECKING:
    from .report import Results

# One row per seat of each finished game, with the game's fields beside the seat's.
SEAT_ROWS_SQL = """
CREATE OR REPLACE VIEW seat_rows AS
SELECT study, seed, map, lineup, CAST(players AS VARCHAR) AS players, CAST(max_rounds AS VARCHAR) AS max_rounds,
       CAST(rotate_seats AS VARCHAR) AS rotate_seats, options, rounds, end_reason,
       s.faction AS faction, CAST(s.seat AS VARCHAR) AS seat, s.difficulty AS difficulty, {extra}
       array_to_string(s.traits, '+') AS traits, s.won AS won, s.vp AS vp
FROM (SELECT *, unnest(seats) AS s FROM games WHERE status = 'ok')
"""
SEAT_EXTRA = "s.character AS character, s.rule_set AS rule_set,"
OLD_EXTRA = "NULL::VARCHAR AS character, 'law' AS rule_set,"  # files written before these seat fields

# Fields ``--by`` may group on: the game's (study, map, ...) and the seat's (seat, difficulty, ...).
BY_FIELDS = (
    "study", "map", "lineup", "players", "max_rounds", "rotate_seats", "options",
    "seat", "difficulty", "character", "rule_set", "traits", "end_reason",
)  # fmt: skip
CLOSE_MARGIN = 3  # a win by this many VP or fewer counts as close


def make_seat_rows(db: duckdb.DuckDBPyConnection) -> None:
    """(Re)create the ``seat_rows`` view over the ``games`` table."""
    try:
        db.execute(SEAT_ROWS_SQL.format(extra=SEAT_EXTRA))
        db.execute("SELECT character, rule_set FROM seat_rows LIMIT 0")
    except duckdb.Error:
        db.execute(SEAT_ROWS_SQL.format(extra=OLD_EXTRA))


def check_by(field: str) -> None:
    """``--by FIELD`` names a field of the rows; else a ``ReportError`` naming the choices."""
    if field not in BY_FIELDS:
        raise ReportError(f"--by: {field!r} is not a field to group by (choose from {', '.join(BY_FIELDS)})")


def win_rates_by(res: Results, field: str) -> list[Rate]:
    """Win rates of each faction within each value of ``field`` (best rate first in a group)."""
    check_by(field)
    rows = res.all(
        f"""SELECT {field}, faction, count(*), sum(won::INT) FROM seat_rows
            GROUP BY ALL ORDER BY {field} NULLS FIRST, sum(won::INT) / count(*) DESC, faction"""
    )
    return [Rate((r[0], r[1]), int(r[2]), int(r[3])) for r in rows]


def final_vp_by(res: Results, field: str) -> list[tuple[Any, ...]]:
    """(value, faction, games, mean, median final VP) within each value of ``field``."""
    check_by(field)
    rows = res.all(
        f"""SELECT {field}, faction, count(*), avg(vp), histogram(vp) FROM seat_rows
            GROUP BY {field}, faction ORDER BY {field} NULLS FIRST, avg(vp) DESC, faction"""
    )
    return [(value, f, n, mean, quantile(h, 0.5)) for value, f, n, mean, h in rows]


def final_vp_distribution(res: Results) -> list[tuple[Any, ...]]:
    """Per faction: games, min, lower quartile, median, upper quartile, max, mean and sd of the
    final VP (best mean first)."""
    rows = res.all(
        """SELECT faction, count(*), min(vp), histogram(vp), max(vp), avg(vp), coalesce(stddev_samp(vp), 0)
           FROM seat_rows GROUP BY faction ORDER BY avg(vp) DESC, faction"""
    )
    return [(f, n, lo, quantile(h, 0.25), quantile(h, 0.5), quantile(h, 0.75), hi, mean, sd) for f, n, lo, h, hi, mean, sd in rows]


def final_vp_histograms(res: Results) -> dict[str, dict[int, int]]:
    """Each faction's final VP in finished games as a histogram (VP -> games), best mean first
    (for the box plot: a few dozen numbers per faction at any number of games)."""
    rows = res.all("SELECT faction, histogram(vp) FROM seat_rows GROUP BY faction ORDER BY avg(vp) DESC, faction")
    return {faction: dict(hist) for faction, hist in rows}


# Per finished game with one winner, from its own seats (no grouping over games, so it streams).
MARGINS_SQL = """
SELECT list_filter(seats, lambda s: s.won)[1].faction AS winner,
       list_max(list_transform(list_filter(seats, lambda s: s.won), lambda s: s.vp))
         - list_max(list_transform(list_filter(seats, lambda s: NOT s.won), lambda s: s.vp)) AS margin
FROM games WHERE status = 'ok' AND len(list_filter(seats, lambda s: s.won)) = 1
"""


def margins(res: Results) -> list[tuple[Any, ...]]:
    """The margin of victory by winner (games with one winner): the winner's final VP minus the
    best of the others' (negative when a dominance wins on fewer points). Per winner, then all:
    games, mean, median, min, max and the share won by at most ``CLOSE_MARGIN`` VP."""
    rows = res.all(
        f"""SELECT coalesce(winner, 'all'), count(*), avg(margin), histogram(margin), min(margin), max(margin),
                   avg((margin <= {CLOSE_MARGIN})::INT)
            FROM ({MARGINS_SQL}) GROUP BY GROUPING SETS ((winner), ())
            ORDER BY winner IS NULL, count(*) DESC, winner"""
    )
    return [(w, n, mean, quantile(h, 0.5), lo, hi, close) for w, n, mean, h, lo, hi, close in rows]


def head_to_head(res: Results) -> list[tuple[str, str, int, int, int]]:
    """(faction, opponent, games together, games it finished ahead, games tied) for every pair
    that met. Ahead: it won and the opponent did not, or neither (or both) won and it had more
    VP; tied: neither won (or both did) on equal VP."""
    # The pairs of each game come from its own seats, unnested twice (no join of games, so it streams).
    return res.all(
        """SELECT a.faction, b.faction, count(*),
                  sum(((a.won AND NOT b.won) OR (a.won = b.won AND a.vp > b.vp))::INT),
                  sum((a.won = b.won AND a.vp = b.vp)::INT)
           FROM (SELECT a, unnest(s) AS b
                 FROM (SELECT unnest(s) AS a, s
                       FROM (SELECT list_transform(seats, lambda x: struct_pack(faction := x.faction, won := x.won, vp := x.vp)) AS s
                             FROM games WHERE status = 'ok')))
           WHERE a.faction <> b.faction
           GROUP BY ALL ORDER BY ALL"""
    )


def head_to_head_matrix(pairs: list[tuple[str, str, int, int, int]]) -> tuple[list[str], dict[tuple[str, str], float]]:
    """The factions (in name order) and the share of games each row faction finished ahead of
    each column faction."""
    factions = sorted({p[0] for p in pairs})
    return factions, {(a, b): ahead / games for a, b, games, ahead, _ in pairs if games}


# -- printing -----------------------------------------------------------------------------------
def print_comparisons(res: Results, out: Any) -> None:
    """The distribution of final VP, the margins of victory and who finishes ahead of whom."""
    print_vp_distribution(res, out)
    print_margins(res, out)
    print_head_to_head(res, out)


def print_vp_distribution(res: Results, out: Any) -> None:
    rows = final_vp_distribution(res)
    names = ("games", "min", "q1", "median", "q3", "max", "mean", "sd")
    out.table(
        "Final VP distribution by faction (quartiles; the box plot is final_vp.png)",
        [("faction", "left"), *((n, "right") for n in names)],
        [[f, str(n), str(lo), f"{q1:g}", f"{med:g}", f"{q3:g}", str(hi), f"{mean:.1f}", f"{sd:.1f}"] for f, n, lo, q1, med, q3, hi, mean, sd in rows],
        name="final_vp_distribution",
        data=(["faction", *names], rows),
    )
    out.text()


def print_margins(res: Results, out: Any) -> None:
    rows = margins(res)
    if not rows:
        return
    names = ("games", "mean", "median", "min", "max", f"close (<= {CLOSE_MARGIN} VP)")
    out.table(
        "Margin of victory: the winner's final VP minus the best other's (games with one winner)",
        [("winner", "left"), *((n, "right") for n in names)],
        [[w, str(n), f"{mean:.1f}", f"{med:g}", str(lo), str(hi), f"{100 * close:.1f}%"] for w, n, mean, med, lo, hi, close in rows],
        name="margin_of_victory",
        data=(["winner", "games", "mean", "median", "min", "max", "close_share"], rows),
    )
    out.text()


def print_head_to_head(res: Results, out: Any) -> None:
    pairs = head_to_head(res)
    if not pairs:
        return
    factions, share = head_to_head_matrix(pairs)
    out.table(
        "Head to head: how often the row's faction finished ahead of the column's (won, or more VP when neither won)",
        [("faction", "left"), *((f"vs {f}", "right") for f in factions)],
        [[a, *(f"{100 * share[(a, b)]:.1f}%" if (a, b) in share else "-" for b in factions)] for a in factions],
        name="head_to_head",
        data=(["faction", "opponent", "games", "ahead", "tied"], pairs),
    )
    out.text()


def print_by(res: Results, out: Any, field: str) -> None:
    """``--by FIELD``: win rates and final VP of each faction within each value of the field."""
    rate_table(out, f"Win rate by {field} and faction", [(field, "left"), ("faction", "left")], win_rates_by(res, field))
    out.text()
    rows = final_vp_by(res, field)
    out.table(
        f"Final VP by {field} and faction",
        [(field, "left"), ("faction", "left"), ("games", "right"), ("mean VP", "right"), ("median VP", "right")],
        [["-" if v is None else str(v), f, str(n), f"{mean:.1f}", f"{med:g}"] for v, f, n, mean, med in rows],
        name=f"final_vp_by_{field}_and_faction",
        data=([field, "faction", "games", "mean_vp", "median_vp"], rows),
    )
    out.text()

