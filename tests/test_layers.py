"""The layers of the package (docs/design.md): import-linter's contracts hold, ``core`` names no
faction in its code (only the registry of setup letters does), no function outside data tables
is longer than about 60 lines, and a faction plugs in through the registry alone."""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import rootbotics.factions as factions
from rootbotics.core.cards import DECK_FILES, load_deck
from rootbotics.core.faction import REGISTRY, Faction
from rootbotics.core.setup_order import FACTIONS

SRC = Path(__file__).resolve().parents[1] / "src" / "rootbotics"
ROOT = SRC.parents[1]
MAX_LINES = 60


def test_the_import_contracts_hold() -> None:
    lint = shutil.which("lint-imports") or str(Path(sys.executable).with_name("lint-imports"))
    if not Path(lint).exists():
        pytest.skip("import-linter is not installed (make test installs it)")
    done = subprocess.run([lint, "--no-cache"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-3000:]


CARD_NAMES = sorted({n for d in DECK_FILES for c in load_deck(d).cards for n in (c.name.split("#")[0], c.title)}, key=len, reverse=True)


@pytest.mark.parametrize("path", sorted(p.name for p in (SRC / "core").glob("*.py") if p.name != "setup_order.py"))
def test_core_names_no_faction(path: str) -> None:
    """Not in its code, its comments or its docstrings (ruling ids such as R-BOMB-VAGABOT aside,
    and the shared decks' card names such as Corvid Planners): only core/setup_order.py, the
    registry of setup letters, names factions."""
    text = re.sub(r"\bR-[A-Z0-9-]+", "", (SRC / "core" / path).read_text())
    text = re.sub("|".join(map(re.escape, CARD_NAMES)), "", text, flags=re.I)
    stems = ("marquise", "eyrie", "alliance", "vagab", "lizard", "riverfolk", "duchy", "corvid")
    found = [line.strip() for line in text.splitlines() if any(s in line.lower() for s in stems)]
    assert not found, f"core/{path} names a faction: {found[:3]}"


def test_no_function_is_longer_than_about_sixty_lines() -> None:
    long = []
    for path in SRC.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                n = (node.end_lineno or node.lineno) - node.lineno + 1
                if n > MAX_LINES:
                    long.append(f"{path.relative_to(SRC)}:{node.name} ({n} lines)")
    assert not long, long


def test_every_faction_is_registered_once_with_its_own_board_and_pieces() -> None:
    assert set(REGISTRY) == set(FACTIONS)
    for name, rules in REGISTRY.items():
        assert isinstance(rules, Faction) and rules.name == name
        assert rules.pieces, name
        assert rules.bot_name and rules.human_name
    # every faction has a bot but the second Vagabond (the Law has one Vagabot) and the Lord of
    # the Hundreds and the Keepers in Iron (the Law of Robotics has no section for them): human seats only
    assert factions.PLAYABLE_BOTS == tuple(f for f in FACTIONS if f not in ("vagabond2", "hundreds", "keepers"))


def test_a_researchers_bot_plugs_into_a_seat_through_the_bot_protocol() -> None:
    """The example of docs/design.md, "Your own bot in a seat": a Marquise that only reveals and
    discards its order card plays a whole game against the Law's Eyrie, and the seat is given
    back afterwards."""
    from rootbotics import game
    from rootbotics.core import rules as R

    class OrderOnly:
        faction = "marquise"

        def setup(self, g):
            game.BOTS_BY_LAW["marquise"].setup(g)

        def birdsong(self, g):
            R.reveal_order(g, "marquise", "4.4.1")

        def daylight(self, g):
            pass

        def evening(self, g):
            R.discard_order(g, "marquise", "4.6.2")

    game.BOTS["marquise"] = OrderOnly()
    try:
        g = game.new_game(game.bot_config(["marquise", "eyrie"], seed=7))
        game.play(g)
    finally:
        game.BOTS["marquise"] = game.BOTS_BY_LAW["marquise"]
    assert g.state.winner == ["eyrie"]
    own_turns = [e for e in g.log if e.faction == "marquise" and e.phase != "setup" and e.kind in ("battle", "place_building", "move")]
    assert own_turns == []  # it never battled, built or moved
    assert game.BOTS["marquise"] is game.BOTS_BY_LAW["marquise"]
