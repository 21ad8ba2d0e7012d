"""Issue 26 part 5: a Rootlog line answers a law-mode decision (``table/law_lines.py``): the chain
of legal moves whose change of the board is the line's is found and its moves entered as the
answers; a line no legal chain matches is refused with the decision's rule; every finished
chain's Rootlog text (``chain_text``) reads back to the same change."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.table.test_table_law import SETUP, law_session, step, typed

from rootbotics.table.law_lines import chain_text, delta, features, find_chain, line_delta, reach
from rootbotics.table.session import Session

SETUP_LINE = "t_k->1/w->1/w->2/w->4/w->5/w->6/w->7/w->8/w->9/w->10/w->11/w->12/b_s->1/b_w->5/b_r->5"


def answers(s: Session) -> list[dict]:
    return [e["value"] for e in s.entries if e["kind"] == "answer"]


def until_action(s: Session, capsys: pytest.CaptureFixture[str]) -> None:
    """Confirm the bots' steps and answer other questions with their first choice (or none),
    until Ann is asked for an action."""
    for _ in range(60):
        p = s.play
        if p.unconfirmed:
            typed(s, ["ok all"], capsys)
        elif p.pending.ask == "move" and p.pending.decision.step == "daylight.action":
            return
        else:
            typed(s, ["1" if p.pending.ask == "move" else "none"], capsys)
    raise AssertionError("Ann is never asked for an action")


def round_two(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Session:
    """Ann (seed 3) sets up, recruits, builds a sawmill in 9, ends her turn; the bots play; in
    round 2 her sawmills in 1 and 9 have each a wood."""
    s = law_session(tmp_path / "g.json")
    typed(s, ["ok all", SETUP_LINE, "ok all", "w->5", "b_s->9", "done"], capsys)
    until_action(s, capsys)
    return s


# -- a line as the answer -------------------------------------------------------------------------
def test_the_setup_line_answers_the_four_setup_decisions(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    by_line = law_session(tmp_path / "a.json")
    out = typed(by_line, ["ok all", SETUP_LINE], capsys)
    assert "error:" not in out
    by_words = law_session(tmp_path / "b.json")
    typed(by_words, SETUP, capsys)
    assert answers(by_line) == answers(by_words) == [
        {"step": f"setup.{k}", "kind": "clearing", "args": [c]} for k, c in (("keep", 1), ("sawmill", 1), ("workshop", 5), ("recruiter", 5))
    ]
    assert "  Take a recruiter from Ann's board and put it in clearing 5 (rabbit, top edge, right of centre)." in out
    typed(by_line, ["ok all"], capsys)  # the bots set up
    assert features(by_line.play.game.state) == features(by_words.play.game.state)


def test_a_march_line_answers_where_from_where_to_and_how_many(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    s = law_session(tmp_path / "g.json")
    typed(s, [*SETUP, "march"], capsys)
    assert step(s) == "march.from"
    out = typed(s, ["w1->5"], capsys)
    assert "error:" not in out
    assert answers(s)[-3:] == [
        {"step": "march.from", "kind": "from", "args": [1]},
        {"step": "march.to", "kind": "to", "args": [5]},
        {"step": "march.count", "kind": "count", "args": [1]},
    ]
    assert step(s) == "march.from"  # the March's second move, or done
    assert s.play.game.state.clearings[5].warriors["marquise"] == 2
    assert Session.load(tmp_path / "g.json").play.game.state.clearings[5].warriors["marquise"] == 2


def test_a_build_line_pays_its_wood_and_scores_as_the_law_says(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``b_s->9`` writes only the building: the chain that matches also removes the wood of 1
    (the only wood: LoR 6.5.4.2) and scores the track's space (LoR 6.5.4.3), kinds the line
    does not write. A written ``++`` must be the VP the Law gives."""
    s = law_session(tmp_path / "g.json")
    typed(s, SETUP, capsys)
    refused = typed(s, ["b_s->9/++2"], capsys)
    assert refused.strip().startswith("error: answer: LoR 6.5: 'b_s->9/++2' is not a legal move for take an action: no chain of legal moves")
    out = typed(s, ["b_s->9"], capsys)
    assert answers(s)[-3:] == [
        {"step": "daylight.action", "kind": "build", "args": []},
        {"step": "build.clearing", "kind": "clearing", "args": [9]},
        {"step": "build.building", "kind": "building", "args": ["sawmill"]},
    ]
    assert "  Remove Ann's wood from clearing 1 (fox, top-left corner) and put it back in its supply." in out
    assert "  Ann scores 1 VP for the sawmill track's uncovered space: move its marker to 1." in out
    assert s.play.game.state.factions["marquise"].vp == 1 and step(s) == "daylight.action"


def test_a_line_no_legal_chain_gives_is_refused_with_the_rule_and_changes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    s = law_session(tmp_path / "g.json")
    typed(s, SETUP, capsys)
    entries = list(s.entries)
    out = typed(s, ["w1->3", "2w1->5", "w->1"], capsys)
    lines = out.strip().splitlines()
    assert len(lines) == 3 and all(x.startswith("error: answer: LoR 6.5: ") for x in lines)
    assert "'w1->3' is not a legal move for take an action: no chain of legal moves" in lines[0]  # 3 is not adjacent to 1
    assert "'2w1->5': Ann has" in lines[1]  # the line's own bookkeeping fails
    assert "'w->1' is not a legal move" in lines[2]  # no recruiter in 1
    assert s.entries == entries and step(s) == "daylight.action"
    assert json.loads((tmp_path / "g.json").read_text())["entries"] == entries


def test_an_ambiguous_line_names_what_tells_the_chains_apart(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Round 2: wood in 1 and in 9, both connected to 10 through ruled clearings. A workshop in
    10 costs one wood: ``b_w->10`` could take either; writing the wood chooses."""
    s = round_two(tmp_path, capsys)
    n = len(s.entries)
    out = typed(s, ["b_w->10"], capsys)
    assert out.strip() == "error: answer: LoR 6.5: 'b_w->10' could be t1->/b_w->10/++2 or t9->/b_w->10/++2: write what tells them apart"
    assert len(s.entries) == n
    out = typed(s, ["b_w->10/t9->"], capsys)
    assert "error:" not in out
    assert {"step": "build.wood", "kind": "clearing", "args": [9]} in [e["value"] for e in s.entries[n:]]
    state = s.play.game.state
    assert ("marquise", "wood") in state.clearings[1].tokens and ("marquise", "wood") not in state.clearings[9].tokens


def test_undo_takes_back_a_line_answer_by_its_moves(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    s = law_session(tmp_path / "g.json")
    typed(s, SETUP, capsys)
    n = len(s.entries)
    typed(s, ["w1->5"], capsys)
    assert len(s.entries) == n + 4  # march, from, to, count: one answer each
    typed(s, ["undo 4"], capsys)
    assert len(s.entries) == n and step(s) == "daylight.action"


# -- a finished chain's Rootlog text ---------------------------------------------------------------
def completed_chains(s: Session, limit: int = 80) -> list[tuple]:
    """Chains from the decision asked now that end when Ann is asked for an action again (an
    action completed), breadth-first, at most ``limit``."""
    play = s.play
    d0 = play.pending.decision
    level, out = [((), d0)], []
    while level and len(out) < limit:
        nxt = []
        for chain, d in level:
            for m in d.moves:
                if m.kind == "done" and d.step == "daylight.action":  # the end of Daylight: no action
                    continue
                longer = (*chain, (d, m))
                r = reach(play, longer)
                if r is None or r.decision is None:
                    continue
                if r.decision.step == "daylight.action":
                    out.append(longer)
                elif len(longer) < 7:
                    nxt.append((longer, r.decision))
        level = nxt
    return out[:limit]


def test_every_completed_action_has_a_rootlog_text_that_reads_back_to_its_change(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Round 2 (battle, march, recruit, build, overwork are all legal): each chain of moves that
    completes an action is written as a Rootlog line; read back (``line_delta``) the line is the
    chain's change of the board, and answered with it, the companion finds a chain with that
    change."""
    s = round_two(tmp_path, capsys)
    start = s.play.game.state
    chains = completed_chains(s)
    assert len(chains) >= 20
    kinds = {c[0][1].kind for c in chains}
    assert {"march", "recruit", "build", "overwork"} <= kinds  # a battle stops at a question of the defender or the dice
    for chain in chains:
        text = chain_text(s.play, chain)
        r = reach(s.play, chain)
        if not text:  # a March there and back again changes nothing: Rootlog has no empty action
            assert delta(features(start, boards=True), features(r.state, boards=True)) == {}
            continue
        assert line_delta(start, "marquise", text) == delta(features(start, boards=True), features(r.state, boards=True)), (chain, text)
    for chain in chains[::7]:  # a few found again from their text (each search plays many chains)
        text = chain_text(s.play, chain)
        if not text:
            continue
        found = find_chain(s.play, text)
        assert delta(features(start, boards=True), features(reach(s.play, tuple(found)).state, boards=True)) == line_delta(start, "marquise", text)
