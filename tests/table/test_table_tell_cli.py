"""Issue 30 items 4-7, "Tell the table what happened", typed at ``rootbotics table``: a bot's
battle is one step with its roll, its hits and its why; ``board`` shows the table at the current
step (once the step waiting is carried out, as the web page draws it); clearings are named with their suit and a landmark;
``board --svg`` rings the step's clearings; the words a player reads name players, not
factions; ``ok`` during a question repeats it; ``undo``/``redo`` say what they took back; ``why
SEAT N`` reaches an earlier turn of the round; ``quit`` leaves."""

from __future__ import annotations

import re
from pathlib import Path

from rootbotics.core.maps import load_map
from rootbotics.table.places import landmarks
from rootbotics.table.session import Session, TableConfig, TableSeat
from rootbotics.table.steps import plain, seat_names
from table.table_script import run

NEW = ["table", "new", "--humans", "marquise:Ann", "--bots", "alliance,eyrie", "--map", "fall", "--seed", "10", "--rules", "board"]
SETUP = "t_k->1/w->1/w->2/w->4/w->5/w->6/w->7/w->8/w->9/w->10/w->11/w->12/b_s->1/b_w->5/b_r->9"


def test_every_map_names_its_twelve_clearings_by_twelve_different_landmarks() -> None:
    for name in ("fall", "winter", "lake", "mountain"):
        marks = landmarks(name)[1:]
        assert len(set(marks)) == 12, name
        m = load_map(name)
        assert all(marks[c - 1].endswith("corner") for c in m.corners)
        assert all(marks[c - 1].endswith("ruin") for c in m.ruins)


def test_plain_words_name_players_and_pieces() -> None:
    names = seat_names({"marquise": "Ann", "vagabot": "Cy", "riverfolk": "Bob"})
    assert plain("marquise discards a card", names) == "Ann discards a card"
    assert plain("the vagabot's pawn", names) == "Cy's pawn"
    assert plain("eyrie 2w, alliance base_mouse, duchy garden_mouse", names) == "the Electric Eyrie 2w, the Automated Alliance mouse base, the Drillbit Duchy mouse garden"
    assert plain("riverfolk trade_post_fox; gently_used_knapsack; card None", names) == "Bob fox trade post; gently used knapsack; no card"


def test_a_battle_is_one_step_with_its_why_and_its_clearing_found(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    lines = ["ok all", SETUP, "done", "ok all", "done", "ok all", "ok all", "done"]
    s = Session(TableConfig([TableSeat("marquise", "human", "Ann"), TableSeat("eyrie", "bot"), TableSeat("alliance", "bot")], "fall", seed=10), path)
    from rootbotics.table.terminal import handle

    for line in lines:
        if line.startswith("ok") and not s.play.unconfirmed:
            continue
        handle(s, line)
    battles = []
    for _ in range(12):  # play on until a bot battles
        battles = [st for st in s.play.steps if " battles " in st.text]
        if battles or s.play.over:
            break
        if s.play.unconfirmed:
            handle(s, "ok all")
        elif s.play.pending is not None:
            handle(s, "none" if s.play.pending.ask != "assign_hits" else ", ".join(s.play.pending.options[: max(1, s.play.pending.pick)]))
        elif s.play.open is not None:
            handle(s, "done")
    assert battles, [st.text for st in s.play.steps]
    step = battles[0]
    assert re.fullmatch(r"The [A-Z][a-z]+ [A-Z][a-z]+ battles (Ann|the [A-Z][a-z]+ [A-Z][a-z]+) in clearing \d+ \((fox|mouse|rabbit)(, [a-z ,-]+)?\): the dice roll \d-\d; \d+ hits? to .+, \d+ to .+\.", step.text), step.text
    before = s.play.steps[step.number - 2] if step.number > 1 else None  # named just before: the short form
    assert (", " in step.text.split(")")[0]) == (before is None or step.places[0] not in before.places), (before, step)
    assert "battles" in step.why and "dice roll" in step.why and "deals" in step.why
    assert not any(st.text.startswith("The table: dice roll") for st in s.play.steps)


def test_the_terminal_tells_what_it_took_back_repeats_a_question_and_leaves(tmp_path: Path) -> None:
    path, svg = tmp_path / "g.json", tmp_path / "board.svg"
    lines = ["ok 3", "board", f"board --svg {svg}", "ok all", SETUP, "done", "ok all", "done", "ok all", "ok all",
             "w2->6", "ok", "undo", "redo", "why eyrie 1", "why 99", "help", "quit", "board"]
    r = run([*NEW, "--file", str(path)], lines)
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert "The table once step 4 is carried out." in out
    assert "   1 (fox): -" in out  # nothing on the map yet: the engine's setup is ahead of the table
    assert svg.exists() and "<svg" in svg.read_text()
    assert "Question for Ann: Automated Outrage in clearing 6 (fox, right edge, lower half, ruin): which matching card does Ann discard?" in out
    assert "[round 2 Ann] table> ok\n  (no bot step waits: the question first)\nQuestion for Ann: Automated Outrage" in out
    assert "undid 1 entry: the answer" not in out and "undid 1 entry: Ann's line w2->6" in out
    assert "redid 1 entry: Ann's line w2->6" in out
    assert "  step 1 of the Electric Eyrie's turn: [" in out  # a turn before Ann's, reached by its seat
    assert "; the last round: the setup (" in out and "the Electric Eyrie's turn (" in out and "(why SEAT N)" in out
    assert "  quit " in out and "exit too" in out
    assert out.rstrip().endswith(f"Saved in {path}. Carry on with: rootbotics table resume {path}")
    assert "marquise" not in out.replace("--humans marquise", "")  # the player, never the faction's key
