"""The report's plots, drawn with matplotlib from the games a report reads: win rate by faction,
final VP by faction (box plots), VP by round (one panel per line-up: the median of the games
still going and a few sample games), and game length. Each carries a caption naming the studies
it shows, and legends sit beside the axes, never over the data.
"""

from __future__ import annotations

import math
import textwrap
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .compare import final_vp_histograms, win_rates_by
from .quantiles import box_stats, quantile

if TYPE_CHECKING:
    from .report import Results

PLOT_FILES = ("winrate_by_faction.png", "final_vp.png", "vp_by_round.png", "game_length.png")
FACTION_COLOURS = {
    "marquise": "#e07b24",
    "eyrie": "#2f6fbf",
    "alliance": "#3f9d48",
    "vagabot": "#6d6d6d",
    "lizards": "#d4b21f",
    "riverfolk": "#2aa39a",
    "duchy": "#9a6a3a",
    "corvids": "#7a4fa8",
    "hundreds": "#a8262b",
}
SAMPLE_GAMES = 3  # sample games drawn thin in each panel of VP by round
PANEL_COLUMNS = 3


def colour(faction: str) -> str:
    return FACTION_COLOURS.get(faction, "#444444")


def write_plots(res: Results, folder: Path) -> tuple[list[Path], list[str]]:
    """Draw the plots into ``folder``; returns the files written and notes on plots skipped."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    folder.mkdir(parents=True, exist_ok=True)
    if res.ok == 0:
        return [], ["no finished games: no plots"]
    plt.rcParams.update({"figure.dpi": 110, "axes.spines.top": False, "axes.spines.right": False})
    note = caption(res)
    written = [plot_win_rates(res, folder / PLOT_FILES[0], plt, note), plot_final_vp(res, folder / PLOT_FILES[1], plt, note)]
    notes: list[str] = []
    if res.has_rounds:
        written.append(plot_vp_by_round(res, folder / PLOT_FILES[2], plt, note))
    else:
        notes.append(f"{PLOT_FILES[2]} skipped: no trajectory rows (run simulate with --vp-trajectory)")
    written.append(plot_game_length(res, folder / PLOT_FILES[3], plt, note))
    return written, notes


def write_heatmaps(res: Results, folder: Path, fields: list[str]) -> list[Path]:
    """For ``report --by FIELD --plots DIR``: a heat map of win rate by faction (rows) and each
    value of FIELD (columns), each cell its rate, its games and its 95% interval."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    folder.mkdir(parents=True, exist_ok=True)
    return [plot_heatmap(res, field, folder / f"winrate_by_faction_and_{field}.png", plt, caption(res)) for field in fields]


def plot_heatmap(res: Results, field: str, path: Path, plt: Any, note: str) -> Path:
    rates = win_rates_by(res, field)
    columns = sorted({str(r.group[0]) for r in rates})
    factions = sorted({r.group[1] for r in rates})
    cell = {(r.group[1], str(r.group[0])): r for r in rates}
    grid = [[100 * cell[(f, c)].rate if (f, c) in cell else math.nan for c in columns] for f in factions]
    fig, ax = plt.subplots(figsize=(max(5.0, 1.2 * len(columns) + 2.5), max(3.0, 0.6 * len(factions) + 1.8)))
    image = ax.imshow(grid, cmap="viridis", vmin=0, vmax=100, aspect="auto")
    ax.set_xticks(range(len(columns)), labels=columns, rotation=30 if len(columns) > 4 else 0, ha="right" if len(columns) > 4 else "center")
    ax.set_yticks(range(len(factions)), labels=factions)
    for i, f in enumerate(factions):
        for j, c in enumerate(columns):
            r = cell.get((f, c))
            if r is not None:
                lo, hi = r.interval
                ax.text(j, i, f"{100 * r.rate:.0f}%\n{100 * lo:.0f}–{100 * hi:.0f}\nn={r.games}", ha="center", va="center",
                        fontsize=7, color="white" if r.rate < 0.6 else "black")  # fmt: skip
    fig.colorbar(image, ax=ax, label="games won (%)")
    ax.set_xlabel(field)
    ax.set_title(f"Win rate by faction and {field}, 95% Wilson intervals")
    ax.spines[:].set_visible(False)
    return finish(fig, path, note, plt)


def caption(res: Results) -> str:
    """The studies a plot shows: each one's key and settings, and the games read."""
    from .report import study_settings

    studies = res.distinct("study")
    named = "; ".join(f"{key}: {study_settings(res, key)}" for key in studies)
    label = "Study" if len(studies) == 1 else f"{len(studies)} studies"
    return f"{label} ({res.ok} finished games) — {named}"


def finish(fig: Any, path: Path, note: str, plt: Any, right: float = 1.0) -> Path:
    """Put the caption under the axes, lay the figure out, save it and close it."""
    lines = textwrap.wrap(note, width=int(fig.get_figwidth() * 16))
    fig.text(0.01, 0.01, "\n".join(lines), ha="left", va="bottom", fontsize=7, color="#555555")
    bottom = (0.12 + 0.125 * len(lines)) / fig.get_figheight()  # a 7-point line is about 1/8 inch
    fig.tight_layout(rect=(0, bottom, right, 1))
    fig.savefig(path)
    plt.close(fig)
    return path


def plot_win_rates(res: Results, path: Path, plt: Any, note: str) -> Path:
    rates = res.win_rates("faction")
    fig, ax = plt.subplots(figsize=(6.4, 4.4))
    names = [r.group[0] for r in rates]
    values = [100 * r.rate for r in rates]
    lows = [max(0.0, 100 * (r.rate - r.interval[0])) for r in rates]  # never below 0 by rounding
    highs = [max(0.0, 100 * (r.interval[1] - r.rate)) for r in rates]
    bars = ax.bar(names, values, color=[colour(n) for n in names], yerr=[lows, highs], capsize=6, width=0.6)
    for bar, r in zip(bars, rates):
        ax.annotate(
            f"{100 * r.rate:.1f}%\n{r.wins}/{r.games}", (bar.get_x() + bar.get_width() / 2, 100 * r.interval[1]),
            xytext=(0, 4), textcoords="offset points", ha="center", va="bottom", fontsize=9,
        )  # fmt: skip
    players = res.distinct("players")
    if len(players) == 1:
        ax.axhline(100 / players[0], color="#888888", linestyle="--", linewidth=1)
        ax.annotate(f"even share (1/{players[0]})", (1.0, 100 / players[0]), xycoords=("axes fraction", "data"),
                    xytext=(-4, 3), textcoords="offset points", ha="right", fontsize=8, color="#666666")  # fmt: skip
    top = max(100 * r.interval[1] for r in rates)
    ax.set_ylim(0, top + max(12.0, 0.2 * top))  # room for the labels above the bars
    ax.set_yticks([t for t in range(0, 101, 10 if top > 40 else 5) if t <= top + 5])
    ax.set_ylabel("games won (%)")
    ax.set_title("Win rate by faction, 95% Wilson intervals")
    return finish(fig, path, note, plt)


def plot_final_vp(res: Results, path: Path, plt: Any, note: str) -> Path:
    """Box plots of each faction's final VP (box: middle half; whiskers: 1.5 IQR; dots beyond),
    drawn from each faction's histogram of final VP (the values beyond the whiskers once each)."""
    hists = final_vp_histograms(res)
    order = list(hists)
    fig, ax = plt.subplots(figsize=(6.4, 4.4))
    boxes = ax.bxp([box_stats(hists[f], f) for f in order], patch_artist=True, widths=0.55, showmeans=True,
                       meanprops={"marker": "D", "markerfacecolor": "white", "markeredgecolor": "#333333", "markersize": 5},
                       medianprops={"color": "#222222"}, flierprops={"markersize": 3, "alpha": 0.5})  # fmt: skip
    for patch, f in zip(boxes["boxes"], order):
        patch.set_facecolor(colour(f))
        patch.set_alpha(0.7)
    ax.set_xticks(range(1, len(order) + 1), order)
    ax.axhline(30, color="#888888", linestyle="--", linewidth=1)
    ax.set_ylabel("final VP")
    ax.set_title("Final VP by faction (box: middle half; line: median; diamond: mean)")
    return finish(fig, path, note, plt)


def vp_panels(res: Results) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    """The median and quartiles of VP by line-up, faction and round, and the trajectories of a
    few sample games of each line-up (its lowest seeds)."""
    rows = res.all(
        """SELECT lineup, faction, round, count(*), histogram(vp)
           FROM rounds GROUP BY lineup, faction, round ORDER BY lineup, faction, round"""
    )
    medians = [(lu, f, rnd, n, quantile(h, 0.5), quantile(h, 0.25), quantile(h, 0.75)) for lu, f, rnd, n, h in rows]
    # The sample games: per line-up the lowest seeds (one row per game: its first round's first seat).
    samples = res.all(
        f"""SELECT r.lineup, r.study, r.seed, r.faction, r.round, r.vp FROM rounds r
            SEMI JOIN (SELECT lineup, unnest(min_by(struct_pack(study := study, seed := seed), (seed, study), {SAMPLE_GAMES}), recursive := true)
                       FROM rounds WHERE round = 1 AND seat = 1 GROUP BY lineup) k
              ON r.lineup = k.lineup AND r.study = k.study AND r.seed = k.seed
            ORDER BY r.lineup, r.study, r.seed, r.faction, r.round"""
    )
    return medians, samples


def plot_vp_by_round(res: Results, path: Path, plt: Any, note: str) -> Path:
    """VP at the end of each round, one panel per line-up: the median of the games still going
    (shaded: the middle half) and a few sample games as thin lines."""
    medians, samples = vp_panels(res)
    lineups = sorted({m[0] for m in medians})
    cols = min(len(lineups), PANEL_COLUMNS)
    rows = math.ceil(len(lineups) / cols)
    fig, axes = plt.subplots(rows, cols, figsize=(max(7.0, 4.4 * cols + 1.6), 3.4 * rows + 1.0), sharey=True, squeeze=False)
    floor = max(5, res.ok // 100)
    factions: dict[str, Any] = {}
    for ax, lineup in zip(axes.flat, lineups):
        draw_panel(ax, lineup, [m for m in medians if m[0] == lineup], [s for s in samples if s[0] == lineup], floor, factions)
    for ax in list(axes.flat)[len(lineups):]:
        ax.set_visible(False)
    handles = [*factions.values(), plt.Line2D([], [], color="#555555", linewidth=0.8, alpha=0.6, label=f"{SAMPLE_GAMES} games")]
    fig.legend(handles=handles, loc="upper left", bbox_to_anchor=(1 - 1.5 / fig.get_figwidth(), 0.9), frameon=False, fontsize=8)
    fig.suptitle("VP at the end of each round: median of the games still going (shaded: middle half)", fontsize=10)
    note = f"A panel per line-up; rounds with fewer than {floor} games left are not drawn. {note}"
    return finish(fig, path, note, plt, right=1 - 1.6 / fig.get_figwidth())


def draw_panel(ax: Any, lineup: str, medians: list[tuple[Any, ...]], samples: list[tuple[Any, ...]], floor: int, handles: dict[str, Any]) -> None:
    """One line-up's panel: each faction's median and middle half, and its sample games."""
    for faction in sorted({m[1] for m in medians}):
        pts = [m for m in medians if m[1] == faction and (m[3] >= floor or m[2] == 1)]
        rounds = [m[2] for m in pts]
        (line,) = ax.plot(rounds, [m[4] for m in pts], color=colour(faction), linewidth=2, label=faction)
        handles.setdefault(faction, line)
        ax.fill_between(rounds, [m[5] for m in pts], [m[6] for m in pts], color=colour(faction), alpha=0.15, linewidth=0)
        for game in sorted({(s[1], s[2]) for s in samples}):
            traj = [s for s in samples if (s[1], s[2]) == game and s[3] == faction]
            ax.plot([s[4] for s in traj], [s[5] for s in traj], color=colour(faction), linewidth=0.7, alpha=0.55)
    ax.axhline(30, color="#888888", linestyle="--", linewidth=0.8)
    ax.set_title(lineup, fontsize=9)
    ax.set_xlabel("round")
    ax.set_ylabel("VP")
    ax.set_ylim(bottom=min(0, ax.get_ylim()[0]), top=max(34, ax.get_ylim()[1]))


def plot_game_length(res: Results, path: Path, plt: Any, note: str) -> Path:
    hist = res.rounds_histogram()
    rounds = list(range(min(h[0] for h in hist), max(h[0] for h in hist) + 1))
    winners = sorted({h[1] for h in hist})
    counts = {(r, w): n for r, w, n in hist}
    fig, ax = plt.subplots(figsize=(7.4, 4.4))
    bottom = [0] * len(rounds)
    for w in winners:
        heights = [counts.get((r, w), 0) for r in rounds]
        ax.bar(rounds, heights, bottom=bottom, color=colour(w), label=f"won by {w}", width=0.85)
        bottom = [b + h for b, h in zip(bottom, heights)]
    ln = res.length()
    ax.axvline(ln["mean"], color="#333333", linestyle="--", linewidth=1)
    ax.set_ylim(0, max(bottom) * 1.15)
    ax.annotate(f"mean {ln['mean']:.2f} rounds", (ln["mean"], 1.0), xycoords=("data", "axes fraction"), xytext=(4, -10),
                textcoords="offset points", fontsize=8, backgroundcolor="white")  # fmt: skip
    ax.set_xticks(rounds if len(rounds) <= 25 else rounds[:: math.ceil(len(rounds) / 25)])
    ax.set_xlabel("rounds played")
    ax.set_ylabel("games")
    ax.set_title("Game length")
    ax.legend(frameon=False, fontsize=9, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    return finish(fig, path, note, plt)
