"""Issue 30 items 4-7 on the game page, through FastAPI's TestClient: a bot's battle is one step
with its roll, hits and why; the board is the table at the current step (once the step shown is
carried out, its clearings ringed, as ``board`` says it at the terminal) and says so; a
clearing is named with its suit and a landmark; the words name players, not factions; the step
count has no total while the turn waits on a question; undo and redo say what they took back."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")

from .keyed import KeyedClient  # noqa: E402

from rootbotics.table.session import Session, TableConfig, TableSeat  # noqa: E402
from rootbotics.table.terminal import handle  # noqa: E402
from rootbotics.table.text import board_lines, table_state  # noqa: E402
from rootbotics.web.app import create_app  # noqa: E402

HX = {"hx-request": "true"}
SETUP = "t_k->1/w->1/w->2/w->4/w->5/w->6/w->7/w->8/w->9/w->10/w->11/w->12/b_s->1/b_w->5/b_r->9"


def seats() -> TableConfig:
    return TableConfig([TableSeat("marquise", "human", "Ann"), TableSeat("eyrie", "bot"), TableSeat("alliance", "bot")], "fall", seed=10)


def until_a_battle_waits(s: Session) -> None:
    """Play on (Ann passes, answers none or the first pieces asked) until a bot's battle is the
    step waiting."""
    for line in ["ok all", SETUP, "done"]:
        handle(s, line)
    for _ in range(400):
        play = s.play
        if play.unconfirmed and " battles " in play.unconfirmed[0].text:
            return
        assert not play.over
        if play.unconfirmed:
            handle(s, "ok")
        elif play.pending is not None:
            handle(s, "none" if play.pending.ask != "assign_hits" else ", ".join(play.pending.options[: max(1, play.pending.pick)]))
        elif play.open is not None:
            handle(s, "done")
    raise AssertionError("no bot battled")


def texts(page: str, cls: str) -> list[str]:
    return [html.unescape(re.sub(r"<[^>]+>", "", t)) for t in re.findall(rf'<span class="{cls}">(.*?)</span>', page, re.S)]


def test_a_bot_battle_on_the_page_is_one_step_with_its_why_and_the_board_at_that_step(tmp_path: Path) -> None:
    s = Session(seats(), tmp_path / "t.json")
    until_a_battle_waits(s)
    step = s.play.unconfirmed[0]
    page = KeyedClient(create_app(tmp_path)).get("/game/t").text
    (shown,) = texts(page, "step-text")
    assert shown == step.text and re.fullmatch(r"The [A-Z]\w+ [A-Z]\w+ battles (Ann|the [A-Z]\w+ [A-Z]\w+) in clearing (\d+) \((fox|mouse|rabbit)(, [a-z ,-]+)?\): the dice roll \d-\d; \d+ hits? to .+, \d+ to .+\.", shown), shown
    why = html.unescape(re.search(r'id="current-step".*?<details class="why"><summary>why</summary><p>(.*?)</p>', page, re.S).group(1))
    assert "battles" in why and "dice roll" in why and "deals" in why
    # the board: the table once this step is carried out, its clearing ringed, as the terminal's board says it
    assert [int(c) for c in re.findall(r'class="highlight" data-clearing="(\d+)"', page)] == list(step.places)
    assert f'id="board-at">The board once step {step.number} is carried out (its clearings ringed).</p>' in page
    state = table_state(s)
    drawn = sum(int(n) for n in re.findall(r'class="warriors" data-faction="\w+" data-count="(\d+)"', page))
    assert drawn == sum(n for c in range(1, 13) for n in state.clearings[c].warriors.values())
    assert f"The table once step {step.number} is carried out." in board_lines(s)[0]
    # the count: a total only once the turn's steps are all known
    total = re.search(rf'<p class="status">Step {step.number}(/\d+)?: ', page)
    assert total is not None and (total.group(1) is not None) == s.play.finished
    listed = " ".join(html.unescape(t) for t in re.findall(r"<li class=\"[a-z]*\">(.*?)<details", page, re.S))
    assert "marquise" not in listed and "eyrie" not in listed.replace("Eyrie", "")  # players and bots by name


def test_a_question_names_the_player_and_the_clearing_and_undo_says_what_it_took_back(tmp_path: Path) -> None:
    s = Session(seats(), tmp_path / "q.json")
    for line in ["ok all", SETUP, "done", "ok all", "done", "ok all", "ok all"]:
        handle(s, line)
    client = KeyedClient(create_app(tmp_path))
    page = client.post("/game/q/enter", data={"text": "w2->6"}, headers=HX).text  # into the Alliance's sympathy: Outrage
    assert "Automated Outrage in clearing 6 (fox, right edge, lower half, ruin): which matching card does Ann discard?" in html.unescape(page)
    page = client.post("/game/q/enter", data={"text": "racket"}, headers=HX).text
    told = [html.unescape(t) for t in re.findall(r"<ul class=\"told\"><li>(.*?)</ul>", page, re.S)]
    assert told and "Move 1 orange warrior from clearing 2 (mouse, top-right corner) to clearing 6 (fox, right edge, lower half, ruin)." in told[0]
    assert "The Automated Alliance: Automated Outrage in clearing 6 (fox): Ann discards Protection Racket (fox)." in told[0]
    page = html.unescape(client.post("/game/q/undo", headers=HX).text)
    assert "undid 1 entry: the answer protection racket (automated outrage discard)" in page  # the card in words
    assert "which matching card does Ann discard?" in page  # asked again
    page = html.unescape(client.post("/game/q/redo", headers=HX).text)
    assert "redid 1 entry: the answer protection racket (automated outrage discard)" in page
