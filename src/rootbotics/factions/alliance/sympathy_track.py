"""The Automated Alliance's sympathy track (Better Bot Project v5, BBP AA.6): the VP under each
token taken, an image lost from the text. A table reads it off its own board (``options.
alliance_sympathy``, issue 29); without it the Woodland Alliance's track stands in (ruling
R-BBP-AA-TRACK)."""

from __future__ import annotations

from ...core.lost_values import parse_vp_track, vp_track_problem
from ...core.state import GameState

# The Woodland Alliance's Sympathy track, VP under the 1st to 10th token taken: the stand-in
# for the bot's own track, an image lost from the text (ruling R-BBP-AA-TRACK).
SYMPATHY_VP = (0, 1, 1, 1, 2, 2, 3, 4, 4, 4)
TRACK_OPTION = "alliance_sympathy"  # the track read off the table's board (issue 29)
TRACK_FLAG = "--alliance-sympathy"
TRACK_WHAT = "the Automated Alliance's sympathy track"
TRACK_HELP = (
    "The Automated Alliance's (alliance@bbp) sympathy track read off its board: the VP under each of its 10 tokens, "
    "the first taken first, e.g. 0,1,1,1,2,2,3,4,4,4 (BBP AA.6; the track was an image). Default: the Woodland "
    "Alliance's track (those values), a stand-in named as such in the log, the record and reports (ruling R-BBP-AA-TRACK)."
)


def sympathy_track(s: GameState) -> tuple[int, ...]:
    """BBP AA.6: the track the table gave (``options.alliance_sympathy``), else the stand-in."""
    value = s.options.get(TRACK_OPTION)
    return tuple(value) if isinstance(value, (list, tuple)) else SYMPATHY_VP


def track_option_problem(options: dict[str, object]) -> str | None:
    if TRACK_OPTION not in options:
        return None
    problem = vp_track_problem(options[TRACK_OPTION], (len(SYMPATHY_VP), len(SYMPATHY_VP)), TRACK_WHAT)
    return f"options.{TRACK_OPTION}: {problem}" if problem else None


def track_table_options(text: str) -> dict[str, object]:
    return {TRACK_OPTION: parse_vp_track(text, (len(SYMPATHY_VP), len(SYMPATHY_VP)), TRACK_WHAT)}
