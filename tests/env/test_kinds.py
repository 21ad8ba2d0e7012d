"""Every kind of legal move the Law of Root code can offer has a place in the environments' action
tables (a new kind without one would fail only when a game first offers it)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("numpy")

from rootbotics.env.actions import KINDS  # noqa: E402
from rootbotics.factions.vagabot import vagabond_lor  # noqa: E402

SRC = Path(__file__).resolve().parents[2] / "src" / "rootbotics"


def offered_kinds() -> set[str]:
    found: set[str] = set()
    for path in [*SRC.glob("core/**/*.py"), *SRC.glob("factions/**/*.py"), SRC / "programs.py"]:
        found.update(re.findall(r'Move\("([a-z_]+)"', path.read_text(encoding="utf-8")))
    return found | set(vagabond_lor.ACTIONS)  # the Vagabond's actions are moves named by this table


def test_every_kind_of_move_has_a_place_in_the_action_tables() -> None:
    kinds = offered_kinds()
    assert {"march", "revolt", "decree_card", "explore"} <= kinds
    assert sorted(kinds - set(KINDS)) == []
