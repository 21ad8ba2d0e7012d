"""Issue 27 part 2: the Keepers in Iron's `K` lines (Rootlog_V2; ruling R-KEEPERS-TABLE) read by
the table's board mode and by `rootbotics rootlog import` (``table/keepers_lines.py``), and the
Lord of the Hundreds' warlord exported as its own piece, ``w_w`` (R-HUNDREDS-ROOTLOG): games of a
program in the seat beside three bots, exported and imported back to the same position."""

from __future__ import annotations

import pytest
from helpers import position

from rootbotics.core import invariants, serial
from rootbotics.game import GameConfig, Seat
from rootbotics.table.board import LineRefused, apply_line
from rootbotics.table.export import record_bot_game, rootlog_text, snapshot
from rootbotics.table.rootlog import format_actions, parse_action
from rootbotics.table.rootlog_import import import_rootlog
from table.test_law_for_humans import table

FOREST_1 = "1_2_5_10"  # the Fall map's forests, by the clearings around them
FOREST_2 = "3_7_11_12"


@pytest.mark.parametrize("line", ["t_t1_2_5_10->/t_2_t->2", "b_f_t->9/w9->", "t_f->1_2_5_10", "b_t_f9->/w->9", "t_3_j4->$", "2w->4"])
def test_keepers_pieces_parse_and_print_back(line: str) -> None:
    """A waystation by the side up then down (``b_t_f``), a relic face up by value and type
    (``t_3_j``), face down by type in a forest (``t_f1_2_5_10``), recovered to the board (``$``)."""
    assert format_actions(parse_action(line, "K")) == line


def test_lor_15_the_board_mode_reads_relics_in_forests_waystations_faces_and_recoveries() -> None:
    s = position({}, seats=("marquise", "keepers"), humans=("keepers",))
    g, b = table(s), s.factions["keepers"].board
    apply_line(g, "K", f"t_f->{FOREST_1}/t_t->{FOREST_1}/t_j->{FOREST_2}/4w->2")  # LoR 15.3: face down, by type
    assert sorted(r[0].rsplit("_", 1)[0] for r in b.forests[0]) == ["relic_figure", "relic_tablet"] and not any(up for _, up in b.forests[0])
    apply_line(g, "K", "w2->/b_t_f->2")  # LoR 15.4.1 encamp; the tablet side up (LoR 15.2.2)
    assert b.faces == {"waystation_ft": "tablet"} and ("keepers", "waystation_ft") in s.clearings[2].buildings
    apply_line(g, "K", f"t_t{FOREST_1}->/t_2_t->2")  # a delve shows the relic's value (LoR 15.5.2.2.1)
    assert ("keepers", "relic_tablet_2") in s.clearings[2].tokens and [k for k, _ in b.forests[0]] == ["relic_figure_1"]
    apply_line(g, "K", "t_2_t2->$/++2")  # recovered to its Relics spaces (LoR 15.5.2.3.1)
    assert b.recovered["tablet"] == [2] and s.factions["keepers"].vp == 2
    invariants.check(s)
    for line, problem in [("t_t->2", "shows its value"), (f"t_j{FOREST_1}->", "no face-down jewelry relic"), (f"t_3_f{FOREST_2}->2", "no figure relic worth 3")]:
        with pytest.raises(LineRefused, match=problem):
            apply_line(g, "K", line)


def program_game(faction: str, seed: int, map_name: str) -> tuple[object, str]:
    seats = [Seat(faction, "human"), Seat("marquise"), Seat("eyrie"), Seat("alliance")]
    g, lines = record_bot_game(GameConfig(seats, map_name, seed, options={"programs": {faction: "random"}}))
    return g, rootlog_text(g.state, lines)


@pytest.mark.parametrize(("seed", "map_name"), [(3, "fall"), (4, "winter")])
def test_lor_15_a_keepers_game_exported_and_imported_gives_the_same_position(seed: int, map_name: str) -> None:
    """The import reads `K` lines: relics face down in forests (a value any relic of the type
    could have: none is known, LoR 15.2.1), delves, waystations and their faces."""
    g, text = program_game("keepers", seed, map_name)
    assert "\nK:" in text and "t_f->" in text and "b_" in text
    s = import_rootlog(text)
    assert snapshot(s) == snapshot(g.state)  # face-down relics by type, face-up ones by value
    assert s.factions["keepers"].board.faces.keys() <= g.state.factions["keepers"].board.faces.keys()
    serial.loads(serial.dumps(s))


@pytest.mark.parametrize(("seed", "map_name"), [(3, "fall"), (2, "winter")])
def test_lor_14_2_2_the_hundreds_warlord_is_exported_as_w_w_and_imported_where_it_stands(seed: int, map_name: str) -> None:
    g, text = program_game("hundreds", seed, map_name)
    assert "w_w->" in text
    s = import_rootlog(text)
    assert snapshot(s) == snapshot(g.state)
    assert s.factions["hundreds"].board.warlord == g.state.factions["hundreds"].board.warlord  # type: ignore[union-attr]
    serial.loads(serial.dumps(s))
