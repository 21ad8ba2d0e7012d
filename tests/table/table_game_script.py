"""Writes the stdin script of a whole table game (tests/table/golden/whole_game_fall.script).

Two humans, Ann (Marquise) and Bob (Alliance), play against the Electric Eyrie and the Vagabot on
Fall (seed 7) until someone wins. The humans are simple players of our own: every line they type
is legal on the board (pieces from the supply, moves along paths from or to a clearing they rule,
buildings in free slots, battles with written rolls) and keeps the main lines of their faction's
rules (Marquise: recruit at recruiters, march, battle the Eyrie, build and score by the building
tracks, draw; Alliance: spread sympathy and score it, found bases, recruit, battle, draw). Wood,
crafting and card costs are left out: the companion leaves a human's economy to the table.
Questions the game asks are answered simply (no Field Hospitals, dice from a fixed cycle).

The script is made by typing each line into a real ``Session`` through the terminal's own
handler, so it is exactly what ``rootbotics table`` reads. In the middle the table undoes back
across a bot turn (Ann forgot to recruit) and plays on; the line ``KILL`` marks where
test_table_cli.py kills the process (kill -9) and resumes it. Regenerate after a deliberate change:

    .venv/bin/python tests/table/table_game_script.py
"""

from __future__ import annotations

import contextlib
import io
import sys
import tempfile
from pathlib import Path
from collections.abc import Callable
from typing import Any

from rootbotics.core.paths import adjacent_for
from rootbotics.core.rules import rules
from rootbotics.table.chance import SHAPES
from rootbotics.table.session import Session, TableConfig, TableSeat
from rootbotics.table.terminal import handle

SCRIPT = Path(__file__).parent / "golden" / "whole_game_fall.script"
KILL = "KILL"  # not typed: where the test kills the companion and resumes it
SEATS = [TableSeat("marquise", "human", "Ann"), TableSeat("eyrie", "bot"), TableSeat("alliance", "human", "Bob"), TableSeat("vagabot", "bot")]
SETUP = "t_k->1/w->1/w->2/w->4/w->5/w->6/w->7/w->8/w->9/w->10/w->11/w->12/b_s->1/b_w->5/b_r->9"
BUILDINGS = {"s": ("sawmill", (0, 1, 2, 3, 4, 5)), "w": ("workshop", (0, 2, 2, 3, 4, 5)), "r": ("recruiter", (0, 1, 2, 3, 3, 4))}
SYMPATHY_VP = (1, 1, 1, 2, 2, 3, 4, 4, 4, 4)  # the n-th token placed (the board art, shared/data/law-of-root-notes.md)
BASES = {"fox": "f", "mouse": "m", "rabbit": "r"}
DICE = [(3, 1), (2, 2), (1, 0), (2, 1), (3, 2), (0, 1), (2, 0), (1, 1)]
UNDO_ROUND, KILL_ROUND = 3, 5
EXTRAS = {  # what is typed at the start of a human's turn in a round beside the moves; refused?
    (1, "marquise"): [("3w5->9", True)],  # she has fewer warriors there
    (2, "alliance"): [("board", False), ("why", False), ("frobnicate", True), ("undo x", True), ("why 99", True), ("score", False)],
    (KILL_ROUND + 1, "marquise"): [("why 2", False), ("score", False)],
}


class Table:
    """A session typed line by line, the lines kept as the script."""

    def __init__(self, path: Path) -> None:
        self.session = Session(TableConfig(list(SEATS), "fall", seed=7), path)
        self.lines: list[str] = []
        self.dice = 0

    @property
    def state(self) -> Any:
        return self.session.play.game.state

    def type(self, text: str, refused: bool = False) -> None:
        """Type ``text``; only the lines meant to be refused may be (else the generator is wrong)."""
        self.lines.append(text)
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            handle(self.session, text)
        if ("error: " in out.getvalue()) != refused:
            raise AssertionError(f"{text!r} (round {self.session.play.round}): {out.getvalue()}")

    def roll(self) -> tuple[int, int]:
        self.dice += 1
        return DICE[self.dice % len(DICE)]


# -- answers ------------------------------------------------------------------------------------
def answer(t: Table) -> str:
    """The simple answer to the open question."""
    q = t.session.play.pending
    shape = SHAPES[q.ask]
    if shape == "roll":
        a, b = t.roll()
        return f"{a} {b}"
    if q.ask == "outrage_card" and q.options:  # a matching card must be given (LoR 8.2.6)
        return q.options[0]
    if shape == "card_or_none" or shape == "services":  # no Field Hospitals, no services
        return "none"
    if shape == "yes_no":
        return "no"
    if shape == "order":  # as many as there are hits, the first that came
        return ", ".join(q.options[: q.pick or len(q.options)])
    return q.options[0]


def answer_all(t: Table) -> None:
    while t.session.play.pending is not None:
        t.type(answer(t))


# -- Ann, the Marquise ----------------------------------------------------------------------------
def marquise_turn(t: Table) -> list[Callable[[], str]]:
    return [lambda: recruit(t, "marquise", "recruiter"), lambda: battle(t, "marquise"), lambda: march(t, "marquise"), lambda: build(t), lambda: draw(t, "C"), lambda: discard(t, "C")]


def recruit(t: Table, faction: str, building: str) -> str:
    s = t.state
    places = [c for c in range(1, 13) for f, k in s.clearings[c].buildings if f == faction and k.startswith(building)]
    places = places[: s.factions[faction].supply.get("warrior", 0)]
    return "/".join(f"w->{c}" for c in places)


def battle(t: Table, faction: str) -> str:
    """A battle against the Eyrie where we have two warriors or more and it has pieces."""
    s = t.state
    for c in range(1, 13):
        here = s.clearings[c]
        if here.warriors.get(faction, 0) >= 2 and "eyrie" in here.factions_present():
            a, d = t.roll()
            return f"XE{c}({a},{d})"
    return ""


def march(t: Table, faction: str) -> str:
    """Half the warriors of our biggest group go to a neighbour with no warrior of ours."""
    s = t.state
    groups = sorted(((s.clearings[c].warriors.get(faction, 0), c) for c in range(1, 13)), reverse=True)
    n, c = groups[0]
    if n < 3:
        return ""
    for d in adjacent_for(s, faction, c):
        if not s.clearings[d].warriors.get(faction) and (rules(s, faction, c) or rules(s, faction, d)):
            return f"{n // 2}w{c}->{d}"
    return ""


def build(t: Table) -> str:
    """The building with the most left on the board, in a clearing we rule with a free slot."""
    s, fs = t.state, t.state.factions["marquise"]
    letter = max(BUILDINGS, key=lambda k: (fs.supply.get(BUILDINGS[k][0], 0), k))
    kind, track = BUILDINGS[letter]
    left = fs.supply.get(kind, 0)
    for c in range(1, 13):
        if left and rules(s, "marquise", c) and s.free_slots(c) > 0:
            vp = track[6 - left]
            return f"b_{letter}->{c}" + (f"/++{vp}" if vp else "")
    return ""


def draw(t: Table, letter: str) -> str:
    """Evening: draw a card."""
    return f"#->{letter}"


def discard(t: Table, letter: str) -> str:
    """Over five cards, the first of the hand is discarded."""
    s = t.state
    cards = s.factions[{"C": "marquise", "A": "alliance"}[letter]].hand
    if len(cards) <= 5:
        return ""
    return f"{s.deckdef.card(cards[0]).suit[0].upper()}#{letter}->"


# -- Bob, the Alliance ----------------------------------------------------------------------------
def alliance_turn(t: Table) -> list[Callable[[], str]]:
    return [lambda: sympathy(t), lambda: base(t), lambda: recruit(t, "alliance", "base"), lambda: battle(t, "alliance"), lambda: draw(t, "A"), lambda: discard(t, "A")]


def sympathy(t: Table) -> str:
    """One sympathy token next to our sympathy (anywhere at first), scored by the track."""
    s, fs = t.state, t.state.factions["alliance"]
    if not fs.supply.get("sympathy", 0):
        return ""
    have = [c for c in range(1, 13) if s.clearings[c].has("alliance", "sympathy")]
    near = sorted({d for c in have for d in s.map.adjacent[c]} - set(have)) if have else [12]
    for c in near:
        vp = SYMPATHY_VP[len(have)]
        return f"t->{c}" + (f"/++{vp}" if vp else "")
    return ""


def base(t: Table) -> str:
    """A base (with two warriors) in a sympathetic clearing of its suit with no enemy in it."""
    s, fs = t.state, t.state.factions["alliance"]
    for c in range(1, 13):
        here, suit = s.clearings[c], s.suit(c)
        kind = f"base_{suit}"
        free = here.factions_present() <= {"alliance"} and s.free_slots(c) > 0
        if here.has("alliance", "sympathy") and free and fs.supply.get(kind, 0) and fs.supply.get("warrior", 0) >= 2:
            return f"b_{BASES[suit]}->{c}/2w->{c}"
    return ""


TURNS = {"marquise": marquise_turn, "alliance": alliance_turn}


# -- the game -------------------------------------------------------------------------------------
def step(t: Table, undo_mark: list[int]) -> None:
    """Type what the table types next."""
    play = t.session.play
    if play.unconfirmed:
        return t.type("ok all")
    if play.pending is not None:
        return t.type(answer(t))
    faction = play.open.faction
    if play.open.stage == "setup":
        for line in [SETUP] if faction == "marquise" else []:
            t.type(line)
        return t.type("done")
    round_ = play.round
    if faction == "alliance" and round_ == UNDO_ROUND and undo_mark and len(undo_mark) == 1:
        t.type(f"undo {len(t.session.entries) - undo_mark[0] + 1}")  # into Ann's turn, across the Eyrie's
        t.type("redo 1")  # one too many: her last line comes back
        undo_mark.append(0)
        t.type(recruit(t, "marquise", "recruiter") or "w->1")  # what she forgot
        return t.type("done")
    for line, refused in EXTRAS.get((round_, faction), []):
        t.type(line, refused)
    for make in TURNS[faction](t):
        answer_all(t)
        line = make()
        if line:
            t.type(line)
    answer_all(t)
    if faction == "marquise" and round_ == UNDO_ROUND and not undo_mark:
        undo_mark.append(len(t.session.entries))
    if faction == "marquise" and round_ == KILL_ROUND and KILL not in t.lines:
        t.lines.append(KILL)
    t.type("done")


def play_game(path: Path) -> Table:
    """The whole game typed into a session kept in ``path``."""
    t = Table(path)
    for line in ("help", "ok", "why", "ok 2"):
        t.type(line)
    undo_mark: list[int] = []
    while not t.session.play.over:
        step(t, undo_mark)
    while t.session.play.unconfirmed:
        t.type("ok all")
    t.type("score")
    t.type("board")
    return t


def script() -> list[str]:
    with tempfile.TemporaryDirectory() as tmp:
        return play_game(Path(tmp) / "game.json").lines


if __name__ == "__main__":
    lines = script()
    SCRIPT.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    print(f"{SCRIPT}: {len(lines)} lines", file=sys.stderr)
