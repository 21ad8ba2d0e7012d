"""Games with the Better Bot Project's Eyrie and Alliance exported to Rootlog and imported back
give the same final position (the table companion's record of a game)."""

from __future__ import annotations

import pytest

from rootbotics.core.maps import MAP_NAMES
from rootbotics.game import GameConfig, Seat
from rootbotics.table.export import record_bot_game, rootlog_text, snapshot
from rootbotics.table.rootlog_import import import_rootlog


@pytest.mark.parametrize("seed", range(4))
def test_bbp_eyrie_and_alliance_games_round_trip_through_rootlog(seed: int) -> None:
    seats = [Seat("eyrie", rule_set="bbp"), Seat("alliance", rule_set="bbp"), Seat("marquise", rule_set="bbp" if seed % 2 else "law")]
    g, lines = record_bot_game(GameConfig(seats, MAP_NAMES[seed], seed))
    s = import_rootlog(rootlog_text(g.state, lines))
    assert snapshot(s) == snapshot(g.state)
    # the seat lines name each bot's rule set, and the import seats it so (issue 17)
    assert {f: fs.rule_set for f, fs in s.factions.items()} == {f: fs.rule_set for f, fs in g.state.factions.items()}
    assert s.winner == g.state.winner


PATHS = {"fox": ["explore", "battle"], "rabbit": ["aid", "battle", "special"], "mouse": ["quest"]}


@pytest.mark.parametrize(("paths", "seed"), [("stand-in", 1), (PATHS, 2)])
def test_r_bbp_rr_paths_robot_raccoons_round_trip_with_their_paths_in_the_seat_comment(paths: object, seed: int) -> None:
    """The Robot Raccoons' paths (an option the seat needs, R-BBP-RR-PATHS, one for both, R-BBP-RR2)
    travel in their seat lines' comments, so an exported game imports back."""
    seats = [Seat("vagabot", rule_set="bbp"), Seat("vagabond2", rule_set="bbp"), Seat("marquise", rule_set="bbp")]
    g, lines = record_bot_game(GameConfig(seats, MAP_NAMES[seed], seed, options={"raccoon_paths": paths}))
    text = rootlog_text(g.state, lines)
    written = "stand-in" if paths == "stand-in" else "fox=explore+battle,rabbit=aid+battle+special,mouse=quest"
    assert f"V: Robot Raccoon // bot (Better Bot Project v5), difficulty default, raccoon paths {written}" in text.splitlines()
    s = import_rootlog(text)
    assert s.options["raccoon_paths"] == paths
    assert snapshot(s) == snapshot(g.state) and s.winner == g.state.winner


def test_r_bbp_rr_paths_a_bad_paths_comment_is_refused_naming_its_line() -> None:
    from rootbotics.table.rootlog_import import ImportError_

    seats = [Seat("vagabot", rule_set="bbp"), Seat("marquise", rule_set="bbp")]
    g, lines = record_bot_game(GameConfig(seats, "fall", 3, options={"raccoon_paths": "stand-in"}))
    text = rootlog_text(g.state, lines).replace("raccoon paths stand-in", "raccoon paths fox=fly")
    with pytest.raises(ImportError_) as e:
        import_rootlog(text)
    assert str(e.value).startswith("line 3: 'fox=fly': ") and "'fly' is not an action of the Robot Raccoon" in str(e.value)
