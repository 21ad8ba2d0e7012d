"""``rootbotics table new --humans marquise:Ann --bots alliance,eyrie`` with the app drawing the
cards (``--deck app``, the default; issue 30 item 2): the draw step names the cards the app dealt
Ann, ``hand`` lists them by name, and the Automated Alliance's Outrage question lists her matching
cards and takes a short name that fits one of them (``racket``)."""

from __future__ import annotations

from pathlib import Path

from rootbotics.table.session import Session
from table.table_script import play, run

NEW = ["table", "new", "--humans", "marquise:Ann", "--bots", "alliance,eyrie", "--map", "fall", "--seed", "10", "--rules", "board"]
SETUP = "t_k->1/w->1/w->2/w->4/w->5/w->6/w->7/w->8/w->9/w->10/w->11/w->12/b_s->1/b_w->5/b_r->9"
DEALT = "Command Warren (rabbit), Protection Racket (fox), Anvil (fox)"
LINES = [
    "hand", "ok 4", "ok all", SETUP, "done", "ok all",  # Ann's hand; her draw step; her setup; the bots'
    "done", "ok all", "ok all",  # round 1: Ann passes, the bots play
    "w2->6",  # round 2: into a sympathetic clearing, the Automated Alliance's Outrage (LoR 8.2.6)
    "hand", "racket", "hand Ann",
]


def test_hand_names_the_dealt_cards_and_a_card_question_lists_its_choices(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    out = play(NEW, LINES, path)
    assert f"Step 5: Ann: draws 3 cards: {DEALT}." in out
    assert out.count(f"  Ann holds 3 card(s): {DEALT}\n") == 2  # before her setup, and when asked
    assert "Question for Ann: Automated Outrage in clearing 6 (fox, right edge, lower half, ruin): which matching card does Ann discard?\n  choose from: Protection Racket (fox), Anvil (fox)\n" in out
    assert "The Automated Alliance: Automated Outrage in clearing 6 (fox): Ann discards Protection Racket (fox)." in out
    assert "  Ann holds 2 card(s): Command Warren (rabbit), Anvil (fox)\n" in out
    state = Session.load(path).play.game.state
    assert [state.deckdef.card(c).label() for c in state.factions["marquise"].hand] == ["Command Warren (rabbit)", "Anvil (fox)"]


def test_hand_of_someone_not_at_the_table_is_refused_and_help_lists_hand(tmp_path: Path) -> None:
    r = run([*NEW, "--file", str(tmp_path / "g.json")], ["hand Bob", "help"])
    assert r.returncode == 0, r.stderr
    assert "error: hand: 'Bob' is not a human at this table (Ann)" in r.stdout
    assert "  hand [NAME]        the cards in a human's hand" in r.stdout
