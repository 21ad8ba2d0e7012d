"""``rootbotics table`` with a human Lizard Cult, Underground Duchy and Corvid Conspiracy beside
the Marquise and Eyrie bots, from a script on stdin: setups, a round of lines for each (an acolyte,
the Burrow, a hidden plot), an undo across a bot turn and a redo, the process killed with kill -9
and resumed, then a flip. What the session's position holds is checked after each part."""

from __future__ import annotations

import subprocess
from pathlib import Path

from table.test_table_cli import DEADLINE, _env, command, run_until_prompts

from rootbotics.core.context import Game
from rootbotics.factions.corvids import plots
from rootbotics.table.session import Session

NEW = ["table", "new", "--humans", "lizards:Ann,duchy:Bob,corvids:Cid", "--bots", "marquise,eyrie", "--map", "fall", "--seed", "7", "--rules", "board"]  # Rootlog lines: the board-only mode
# Fall, seed 7: the keep is in 3 and the Eyrie's first roost in 1, so the humans set up in 4 and 2.
SETUPS = [
    "ok all",  # the Marquise's and the Eyrie's setups
    "4w->4/b_r->4/w->8+9+12", "done",  # Ann: the Lizard Cult in the rabbit corner
    "2w->2/t->2/2w->5+6+10", "done",  # Bob: the Duchy surfaces in the mouse corner
    "w->5+9+12", "done",  # Cid: a Corvid warrior in a clearing of each suit
    "ok all",  # the first turn is the Marquise's
]
ROUND_1 = [
    "ok all", "ok all",  # the Marquise, the Eyrie
    "w->$/w4->9", "done",  # Ann: a warrior to the Acolytes box, one marches
    "w->0/w0->2", "done",  # Bob: recruits into the Burrow, comes out through the tunnel
    "w5->/t->5", "done",  # Cid: a warrior makes way for a face-down plot
    "ok all", "undo 2", "redo", "ok all",  # round 2: the Marquise; undo back to Cid's turn, redo, the Marquise again
]
ROUND_2 = ["ok all", "w$->9", "done", "w->0", "done", "t5^t_s/++", "done", "ok all"]


def revenge(g: Game) -> int:
    """Warriors the human Lizard Cult lost defending against the bots: the engine's Revenge put
    them in its Acolytes box (LoR 10.2.3, ruling R-TABLE-REVENGE)."""
    return sum(e.data["lost"] for e in g.log if e.rule == "LoR 10.2.3")


def test_lizards_duchy_and_corvids_at_the_table_survive_undo_kill_and_resume(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    first = run_until_prompts([*NEW, "--file", str(path)], SETUPS + ROUND_1)
    assert "error:" not in first, first
    assert "undid 2 entries" in first and "redid 1 entry" in first
    g = Session.load(path).play.g
    s = g.state
    assert revenge(g) > 0 and s.factions["lizards"].board.acolytes == 1 + revenge(g)  # Ann's, and Revenge's (LoR 10.2.3)
    assert s.factions["duchy"].board.burrow == 0 and s.warriors("duchy", 2) >= 1
    assert plots.facedown_plot(s, 5) and plots.plot_map(s) == {}  # Cid's plot: hidden from the engine
    done = subprocess.run(command("table", "resume", str(path)), input="".join(f"{x}\n" for x in ROUND_2),
                          capture_output=True, text=True, env=_env(), timeout=DEADLINE)
    assert done.returncode == 0, done.stderr
    assert "error:" not in done.stdout, done.stdout
    g = Session.load(path).play.g
    s = g.state
    assert s.factions["lizards"].board.acolytes == revenge(g) and s.factions["duchy"].board.burrow == 1  # one spent
    assert plots.plot_map(s).get(5) in (("snare", True), None)  # face up, unless a bot sprang it (11.8.2)
