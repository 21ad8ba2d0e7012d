"""Human Rootlog lines in a session: applied through table/board.py, refused lines change
nothing, a decision a line sets off is asked and answered, the setup registers the keep."""

from __future__ import annotations

from pathlib import Path

import pytest

from rootbotics.core import rules
from rootbotics.core.paths import move_destinations
from rootbotics.table.replay import Refused
from rootbotics.table.session import Session, TableConfig, TableSeat

MARQUISE_SETUP = "t_k->1/w->1/w->2/w->4/w->5/w->6/w->7/w->8/w->9/w->10/w->11/w->12/b_s->1/b_w->5/b_r->9"


def session(path: Path, seed: int = 7, bots: tuple[str, ...] = ("eyrie", "vagabot")) -> Session:
    seats = [TableSeat("marquise", "human", "Ann"), *(TableSeat(b, "bot") for b in bots)]
    s = Session(TableConfig(seats, "fall", None, seed), path)
    s.enter({"kind": "ok", "n": len(s.play.unconfirmed)})
    s.enter({"kind": "line", "faction": "marquise", "text": MARQUISE_SETUP})
    s.enter({"kind": "done", "faction": "marquise"})
    return s


def confirm(s: Session) -> None:
    while s.play.unconfirmed:
        s.enter({"kind": "ok", "n": len(s.play.unconfirmed)})


def test_setup_line_is_applied_and_the_eyrie_takes_the_opposite_corner(tmp_path: Path) -> None:
    s = session(tmp_path / "g.json")
    state = s.play.game.state
    assert ("marquise", "keep") in state.clearings[1].tokens
    assert sum(cl.warriors.get("marquise", 0) for cl in state.clearings[1:]) == 11
    assert state.start_corners["marquise"] == 1
    assert ("eyrie", "roost") in state.clearings[3].buildings  # 5.3.2: opposite a starting corner


def test_a_refused_line_changes_nothing_and_names_the_token(tmp_path: Path) -> None:
    s = session(tmp_path / "g.json")
    confirm(s)
    assert s.play.open is not None and s.play.open.faction == "marquise"
    entries, log = list(s.entries), [e.line() for e in s.play.log]
    with pytest.raises(Refused, match="'2w5->9': "):
        s.enter({"kind": "line", "faction": "marquise", "text": "2w5->9"})
    assert s.entries == entries and [e.line() for e in s.play.log] == log
    s.enter({"kind": "line", "faction": "marquise", "text": "w1->5"})
    assert s.play.told == ["Move 1 orange warrior from clearing 1 (fox, top-left corner) to clearing 5 (rabbit, top edge, right of centre)."]
    assert s.undo() == 1 and s.play.game.state.clearings[1].warriors["marquise"] == 1


def outrage_chance(s: Session) -> tuple[int, int] | None:
    """A move of Ann's that enters a sympathetic clearing while her hand holds a matching card."""
    st = s.play.game.state
    hand = st.factions["marquise"].hand
    for c in range(1, 13):
        if ("alliance", "sympathy") in st.clearings[c].tokens and any(st.deckdef.card(h).suit in (st.suit(c), "bird") for h in hand):
            for a in range(1, 13):
                if st.clearings[a].warriors.get("marquise", 0) and c in move_destinations(st, "marquise", a) and "marquise" in (rules.ruler(st, a), rules.ruler(st, c)):
                    return a, c
    return None


def test_a_line_that_sets_off_automated_outrage_asks_which_card_to_discard(tmp_path: Path) -> None:
    for seed in range(30):
        s = session(tmp_path / f"g{seed}.json", seed, ("alliance", "eyrie"))
        for _ in range(12):
            confirm(s)
            if s.play.over or s.play.pending is not None or (move := outrage_chance(s)) is not None:
                break
            s.enter({"kind": "done", "faction": "marquise"})
        if not s.play.over and s.play.pending is None and move is not None:
            break
    else:
        pytest.fail("no game gave Ann a move into sympathy with a matching card")
    a, c = move
    s.enter({"kind": "line", "faction": "marquise", "text": f"w{a}->{c}"})
    q = s.play.pending
    assert q is not None and q.ask == "automated_outrage_discard" and q.faction == "marquise"
    hand = list(s.play.game.state.factions["marquise"].hand)
    s.enter({"kind": "answer", "ask": q.ask, "value": q.options[0]})
    state = s.play.game.state
    assert s.play.pending is None and len(state.factions["marquise"].hand) == len(hand) - 1
    assert any(t.startswith("Move 1 orange warrior") for t in s.play.told)
    again = Session.load(s.path)
    assert [e.line() for e in again.play.log] == [e.line() for e in s.play.log]
