"""A bot of another rule set against its official counterpart in the same line-up
(``rootbotics report --rule-sets``): the Better Bot Project's ``marquise@bbp`` in
``marquise@bbp,eyrie,alliance`` beside the Law's ``marquise`` in ``marquise,eyrie,alliance`` on
the same map with the same round limit. Win rates with 95% Wilson intervals, their difference
with Newcombe's interval, and VP per round (a seat's final VP over the game's rounds).

Read from the loaded results (``sim.report.Results``): nothing is written.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.faction import LAW
from .plots import colour
from .rates import Rate, difference_interval, interval_text, pct
from .report import Results

PLOT_FILE = "rule_sets.png"


@dataclass(frozen=True, slots=True)
class Arm:
    """One faction of one rule set in one line-up: its games, wins and VP."""

    lineup: str
    rule_set: str
    rate: Rate
    vp: float  # mean final VP
    vp_per_round: float  # mean over games of final VP / rounds


@dataclass(frozen=True, slots=True)
class Comparison:
    """A faction by another rule set (``other``) and by the Law (``law``), the rest of the
    line-up, the map and the round limit the same."""

    faction: str
    map: str
    max_rounds: int
    other: Arm
    law: Arm

    def difference(self) -> tuple[float, float, float]:
        """The other rule set's win rate minus the Law's, with Newcombe's hybrid Wilson 95% interval."""
        return difference_interval(self.other.rate, self.law.rate)


def arms(res: Results) -> dict[tuple[str, str, int, str, str], Arm]:
    """Every (line-up, map, round limit, faction, rule set) among the finished games."""
    rows = res.all(
        """SELECT lineup, map, max_rounds, s.faction, s.rule_set, count(*), sum(s.won::INT), avg(s.vp), avg(s.vp / rounds)
           FROM (SELECT lineup, map, max_rounds, rounds, unnest(seats) AS s FROM games WHERE status = 'ok' AND rounds > 0)
           GROUP BY ALL"""
    )
    found = {}
    for lineup, map_name, max_rounds, faction, rule_set, games, wins, vp, per_round in rows:
        rs = rule_set or LAW
        found[(lineup, map_name, int(max_rounds), faction, rs)] = Arm(lineup, rs, Rate((faction, rs), int(games), int(wins)), float(vp), float(per_round))
    return found


def counterpart(lineup: str, faction: str, rule_set: str) -> str:
    """The line-up with ``faction`` playing by the Law instead of ``rule_set``."""
    return ",".join(faction if seat == f"{faction}@{rule_set}" else seat for seat in lineup.split(","))


def comparisons(res: Results) -> list[Comparison]:
    """Each faction of another rule set whose official counterpart's line-up is loaded too."""
    found = arms(res)
    pairs = []
    for (lineup, map_name, max_rounds, faction, rule_set), arm in sorted(found.items()):
        if rule_set == LAW:
            continue
        law = found.get((counterpart(lineup, faction, rule_set), map_name, max_rounds, faction, LAW))
        if law is not None:
            pairs.append(Comparison(faction, map_name, max_rounds, arm, law))
    return pairs


COLUMNS = [
    ("faction", "left"), ("map", "left"), ("rule set", "left"), ("line-up", "left"), ("games", "right"), ("wins", "right"),
    ("win rate", "right"), ("95% CI (Wilson)", "right"), ("VP", "right"), ("VP/round", "right"),
]  # fmt: skip


def comparison_rows(pairs: list[Comparison]) -> list[list[str]]:
    rows = []
    for p in pairs:
        for arm in (p.other, p.law):
            r = arm.rate
            rows.append([p.faction, p.map, arm.rule_set, arm.lineup, str(r.games), str(r.wins), pct(r.rate), interval_text(r), f"{arm.vp:.1f}", f"{arm.vp_per_round:.2f}"])
    return rows


def print_rule_set_comparison(res: Results, out: Any) -> None:
    """The table of each pair, then one line per pair with the difference of win rates."""
    pairs = comparisons(res)
    if not pairs:
        out.text("No bot of another rule set has its official counterpart in the same line-up among these results")
        out.text("(simulate both, e.g. --bots marquise@bbp,eyrie and --bots marquise,eyrie, on the same map).")
        return
    out.table("Rule sets: each bot against its official counterpart in the same line-up", COLUMNS, comparison_rows(pairs))
    out.text()
    for p in pairs:
        d, lo, hi = p.difference()
        out.text(f"{p.faction} on {p.map}: {p.other.rule_set} minus law = {100 * d:+.1f} points of win rate (95% CI {100 * lo:+.1f} to {100 * hi:+.1f})")


def plot_rule_sets(pairs: list[Comparison], path: Path) -> Path:
    """Win rate of each pair side by side (the Law's bar pale, the other rule set's full), with
    95% Wilson intervals; one group per faction and map."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6.4, 4.0))
    labels = []
    for i, p in enumerate(pairs):
        for j, arm in enumerate((p.law, p.other)):
            r = arm.rate
            lo, hi = r.interval
            x = i + (j - 0.5) * 0.38
            ax.bar(x, 100 * r.rate, width=0.36, color=colour(p.faction), alpha=0.45 if arm.rule_set == LAW else 1.0,
                   yerr=[[100 * (r.rate - lo)], [100 * (hi - r.rate)]], capsize=5)
            ax.annotate(f"{arm.rule_set}\n{100 * r.rate:.1f}%", (x, 100 * hi), xytext=(0, 3), textcoords="offset points", ha="center", va="bottom", fontsize=8)
        labels.append(f"{p.faction}\n({p.map}, {p.law.rate.games}+{p.other.rate.games} games)")
    ax.set_xticks(range(len(pairs)), labels, fontsize=8)
    top = max(100 * a.rate.interval[1] for p in pairs for a in (p.law, p.other))
    ax.set_ylim(0, min(115.0, top + 15))  # room for the labels above the bars
    ax.set_yticks(range(0, 101, 20))
    ax.set_ylabel("games won (%)")
    ax.set_title("Each bot by the Law and by another rule set, same line-up (95% Wilson)", fontsize=10)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path)
    plt.close(fig)
    return path
