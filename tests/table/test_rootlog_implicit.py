"""Rootlog import: what the notation keeps on faction boards (a human Alliance's officers) and
the moves it leaves to a faction's rules (the Lizard Cult's Revenge, LoR 10.2.3; the Riverfolk
spending funds that are other seats' warriors). Our own small files; the published games of the
Rootlog repository are checked in test_rootlog_file.py when a copy is fetched."""

from __future__ import annotations

import json

import pytest

from rootbotics.core import serial
from rootbotics.core.invariants import piece_violations
from rootbotics.table.export import snapshot
from rootbotics.table.rootlog_import import ImportError_, import_rootlog

OFFICERS = """Map: Fall
Deck: Standard
C: Ann
A: Bob

C:t_k->1/w->1+2+3+4+5+6+7+8+9+10+11/b_s->1/b_w->5/b_r->10
A:t->12
C:w1->2
A:w->$/w->$/b_f->12/w->12
C:w2->6
A:w$->12/++
"""


def test_alliance_officers_go_to_the_board_and_come_back() -> None:
    """``w->$`` trains an officer (LoR 8.5.3): a warrior from the supply onto the board."""
    s = import_rootlog(OFFICERS)
    fs = s.factions["alliance"]
    assert fs.board.officers == 1 and fs.board.out_of_play("warrior") == 1  # type: ignore[union-attr]
    assert s.clearings[12].warriors == {"alliance": 2} and fs.supply["warrior"] == 10 - 3
    assert piece_violations(s) == []


def test_alliance_officers_are_saved_and_loaded_with_the_position() -> None:
    s = import_rootlog(OFFICERS)
    data = json.loads(serial.dumps(s))
    assert data["factions"]["alliance"]["officers"] == 1
    again = serial.loads(json.dumps(data))
    assert again.factions["alliance"].board.officers == 1  # type: ignore[union-attr]
    assert again.factions["alliance"].supply == s.factions["alliance"].supply


def test_a_bot_alliance_keeps_no_officers() -> None:
    data = json.loads(serial.dumps(import_rootlog(OFFICERS)))
    data["factions"]["alliance"]["seat"] = "bot"
    data["factions"]["alliance"].pop("hand", None)
    with pytest.raises(serial.StateError, match="factions.alliance.officers"):
        serial.loads(json.dumps(data))
    bot = OFFICERS.replace("A: Bob", "A: Automated Alliance // bot (Law of Robotics)")
    with pytest.raises(ImportError_) as e:
        import_rootlog(bot)
    assert e.value.line == 9 and e.value.token == "w->$" and "keeps no" in e.value.problem


def test_officers_are_exported_as_warriors_to_the_board() -> None:
    """The export's position comparison writes officers as the Alliance's board (``w->$``)."""
    snap = snapshot(import_rootlog(OFFICERS))
    assert snap.pieces[(("$", "alliance"), "alliance", "warrior")] == 1


REVENGE = """Map: Fall
Deck: Standard
C: Ann
L: Lizard Cult

C:t_k->1/w->1+2+3+4+5+6+7+8+9+10+11/b_s->1/b_w->5/b_r->10
L:4w+b_f->12/w->6+11
C:w2->6/XL6(2,1)/Lw6->/w6->
L:w12->11
C:XL11/Lw11->/Lw11->
C:Lw12->
L:w12->
"""


def test_10_2_3_lizard_warriors_removed_defending_go_to_the_acolytes() -> None:
    """Revenge: removed after the Marquise battled them there, unwritten as ``Lw6->L$``."""
    s = import_rootlog(REVENGE)
    lizards = s.factions["lizards"]
    assert lizards.board.acolytes == 3  # type: ignore[union-attr]  # 6 once, 11 twice
    assert s.clearings[12].warriors == {"lizards": 1}  # Lw12-> without a battle, w12-> on their own line: to the supply
    assert piece_violations(s) == []


def test_10_2_3_revenge_only_where_the_battle_was() -> None:
    s = import_rootlog(REVENGE.replace("C:XL11/Lw11->/Lw11->", "C:XL11/Lw12->"))
    assert s.factions["lizards"].board.acolytes == 1  # type: ignore[union-attr]


FUNDS = """Map: Lake
Deck: Standard
Clearings: M1, F2, M3, R4, F5, M6, R7, F8, M9, R10, F11, R12
C: Ann
O: Riverfolk

C:t_k->1/w->1+2+3+4+5+6+7+8+9+10+11/b_s->1/b_w->5/b_r->10
O:w->2+5
C:3w->O$
O:2w$->/t_f->2/++2
"""


def test_riverfolk_funds_written_as_their_own_warriors_are_the_buyers_warriors() -> None:
    """``2w$->`` on the Riverfolk's line with only Marquise warriors in Payments: two of those
    go back to the Marquise's supply (Rootlog notates no funds)."""
    s = import_rootlog(FUNDS)
    assert s.factions["riverfolk"].board.payments == {"marquise": 1}  # type: ignore[union-attr]
    assert s.factions["marquise"].supply["warrior"] == 25 - 11 - 3 + 2
    assert piece_violations(s) == []


def test_riverfolk_spend_their_own_warriors_first_and_no_more_than_there_are() -> None:
    own = import_rootlog(FUNDS.replace("C:3w->O$", "C:3w->O$/Ow->O$"))
    assert own.factions["riverfolk"].board.payments == {"marquise": 2}  # type: ignore[union-attr]
    with pytest.raises(ImportError_) as e:
        import_rootlog(FUNDS.replace("O:2w$->", "O:4w$->"))
    assert e.value.line == 10 and "Payments hold no riverfolk warrior" in e.value.problem


def test_8_2_2_a_lizards_bot_gets_no_unwritten_revenge() -> None:
    """A file that marks the Lizards as a bot writes Robot Revenge's one acolyte itself."""
    s = import_rootlog(REVENGE.replace("L: Lizard Cult", "L: Logical Lizards // bot (Law of Robotics)"))
    assert s.factions["lizards"].board.acolytes == 0  # type: ignore[union-attr]


DUCHY_MINISTERS = """Map: Fall
Deck: Standard
C: Ann
D: Dee

C:t_k->1/w->1+2+3+4+5+6+7+8+9+10+11/b_s->1/b_w->5/b_r->10
D:2w->3/t->3
D:#brigadier->$/#captain->$
D:#brigadierD$->
"""


def test_a_human_duchys_lost_minister_takes_its_crown_out_of_the_game() -> None:
    """LoR 12.2.3 (Price of Failure): the crown leaves the game, not back to the supply; saved as
    ``lost_crowns``. The Drillbit Duchy bot's crown goes back (Cost of Errors, 10.2.1)."""
    s = import_rootlog(DUCHY_MINISTERS)
    fs = s.factions["duchy"]
    assert fs.board.swayed == ["captain"] and fs.board.lost_crowns == ["noble"]  # type: ignore[union-attr]
    assert fs.supply["crown"] == 7 and piece_violations(s) == []
    assert serial.loads(serial.dumps(s)).factions["duchy"].board.lost_crowns == ["noble"]  # type: ignore[union-attr]
    bot = import_rootlog(DUCHY_MINISTERS.replace("D: Dee", "D: Drillbit Duchy // bot (Law of Robotics)"))
    assert bot.factions["duchy"].supply["crown"] == 8 and bot.factions["duchy"].board.swayed == ["captain"]  # type: ignore[union-attr]
