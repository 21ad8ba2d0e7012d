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
