"""Issue 26 part 4 on the web: a human seat played by the Law of Root's legal moves (law mode,
``table/law.py``). The game page shows the decision (who, the step's prompt, its rule) and every
legal move as a button; a click answers it as the terminal's typed number does (the same entry
in the session file), a refused or stale click changes nothing and says why in one line, undo
and redo walk back and forth over the answers, and the new-game form makes law sessions."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")

from fastapi.testclient import TestClient  # noqa: E402

from .keyed import KeyedClient  # noqa: E402

from rootbotics.table.law import law_built  # noqa: E402
from rootbotics.table.session import Session  # noqa: E402
from rootbotics.table.terminal import handle  # noqa: E402
from rootbotics.web.app import create_app  # noqa: E402

HX = {"hx-request": "true"}
# Ann's Marquise beside the Eyrie and the Alliance (bots), seed 3: the game of tests/table/test_table_law.py
NEW = {"seat_marquise": "human", "player_marquise": "Ann", "seat_eyrie": "bot", "seat_alliance": "bot", "seed": "3", "name": "g"}
# her setup (keep, sawmill, workshop, recruiter) by the moves' words, as the terminal test types them
SETUP = ["clearing 1", "clearing 1", "clearing 5", "clearing 5"]


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return KeyedClient(create_app(tmp_path))


def status(page: str) -> list[str]:
    return [html.unescape(s) for s in re.findall(r'<p class="status">(.*?)</p>', page)]


def buttons(page: str) -> dict[str, int]:
    """The legal moves' buttons: their words -> the number each posts."""
    found = re.findall(r'<button type="submit" name="text" value="(\d+)"[^>]*><span class="n">\d+\.</span> <span class="words">(.*?)</span>', page)
    return {html.unescape(w): int(n) for n, w in found}


def moves(page: str) -> dict[str, int]:
    """The buttons by their words without the clearings' suit and landmark (``clearing 1``)."""
    return {re.sub(r"(clearing \d+) \([^)]*\)", r"\1", w): n for w, n in buttons(page).items()}


def key(page: str) -> str:
    return re.search(r'<input type="hidden" name="key" value="(\w+)">', page).group(1)


def refused(page: str) -> str:
    m = re.search(r'id="refused">(.*?)</p>', page)
    return html.unescape(m.group(1)) if m else ""


def click(client: TestClient, page: str, words: str, name: str = "g") -> str:
    """Press the button of the move ``words`` on ``page`` (as htmx posts it)."""
    return client.post(f"/game/{name}/move", data={"text": str(moves(page)[words]), "key": key(page)}, headers=HX).text


def ringed(page: str) -> list[int]:
    return [int(c) for c in re.findall(r'class="highlight" data-clearing="(\d+)"', page)]


def at_setup(client: TestClient) -> str:
    assert client.post("/new", data=NEW, follow_redirects=False).status_code == 303
    return client.post("/game/g/all", headers=HX).text  # the bots' setup steps done: Ann is asked


def at_daylight(client: TestClient) -> str:
    page = at_setup(client)
    for words in SETUP:
        page = click(client, page, words)
    return client.post("/game/g/all", headers=HX).text  # the bots' setups; then her Birdsong is the engine's


def entries(tmp_path: Path, name: str = "g") -> list[dict]:
    return json.loads((tmp_path / f"{name}.json").read_text())["entries"]


# -- the form ----------------------------------------------------------------------------------
def test_the_form_makes_a_law_session_by_default_and_a_board_one_for_house_rules(client: TestClient, tmp_path: Path) -> None:
    form = client.get("/").text
    assert '<select name="rules"' in form and "by legal moves (where built)" in form and "house rules" in form
    assert re.search(r"By legal moves \(the Law of Root, each decision clicked\): [^<]*Marquise de Cat", form)
    unbuilt = next((f for f in ("riverfolk", "duchy", "corvids") if not law_built(f)), None)  # built one by one
    client.post("/new", data={**NEW, "seat_lizards": "human", "player_lizards": "Cy", **({f"seat_{unbuilt}": "human", f"player_{unbuilt}": "Dee"} if unbuilt else {})})
    seats = {s["faction"]: s for s in json.loads((tmp_path / "g.json").read_text())["config"]["seats"]}
    assert seats["marquise"] == {"faction": "marquise", "seat": "human", "player": "Ann", "rules": "law"}
    assert seats["lizards"]["rules"] == "law"  # the Lizard Cult's Law of Root is built (LoR 10)
    if unbuilt is not None:
        assert "rules" not in seats[unbuilt]  # a faction whose Law of Root is not built: Rootlog lines
    client.post("/new", data={**NEW, "name": "h", "rules": "board"})
    assert "rules" not in json.loads((tmp_path / "h.json").read_text())["config"]["seats"][0]  # as files of before
    r = client.post("/new", data={**NEW, "name": "x", "rules": "house"})
    assert r.status_code == 400 and "rules: &#39;house&#39; is not a mode (choose from law, board)" in r.text
    assert not (tmp_path / "x.json").exists()


# -- the page and a click ----------------------------------------------------------------------
def test_the_page_shows_the_decision_with_every_legal_move_as_a_button(client: TestClient, tmp_path: Path) -> None:
    page = at_setup(client)
    assert status(page) == ["Ann (Marquise de Cat, setting up): place the keep in which corner"]
    assert re.search(r'<p class="decision-rule">LoR 6\.3\.2 <small>\(setup\.keep\)</small>: choose one of 4 legal moves</p>', page)
    assert moves(page) == {f"clearing {c}": c for c in (1, 2, 3, 4)}  # the four corners (LoR 6.3.2)
    assert page.count('<small class="rule">LoR 6.3.2</small>') == 4
    session = Session.load(Path(tmp_path) / "g.json")
    assert [m.text() for m in session.play.pending.decision.moves] == [f"clearing {c} (LoR 6.3.2)" for c in (1, 2, 3, 4)]
    assert 'id="line"' in page and "autofocus" not in page  # typing stays possible; no keyboard jumps up on a phone


def test_a_click_answers_the_decision_and_the_next_one_appears_with_the_clearing_ringed(client: TestClient, tmp_path: Path) -> None:
    page = click(client, at_setup(client), "clearing 1")
    assert refused(page) == ""
    assert entries(tmp_path)[-1] == {"kind": "answer", "ask": "move", "value": {"step": "setup.keep", "kind": "clearing", "args": [1]}}
    assert status(page) == ["Ann (Marquise de Cat, setting up): place the starting sawmill where"]
    assert "clearing 1" in moves(page) and "clearing 3" not in moves(page)  # the keep's clearing or next to it (LoR 6.3.3)
    assert "clearing 1 (fox, top-left corner)" in buttons(page)  # named as the terminal names it
    assert ringed(page) == [1]  # the clearing the move named (not the warriors placed everywhere with the keep)
    assert "Put Ann&#39;s keep token in clearing 1 (fox, top-left corner)." in page  # what the move did, told as the terminal tells it
    page = click(client, page, "clearing 1")
    assert ringed(page) == [1] and "Take a sawmill from Ann&#39;s board and put it in clearing 1 (fox, top-left corner)." in page


def test_clicks_make_the_same_entries_as_numbers_typed_at_the_terminal(client: TestClient, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    page = at_setup(client)
    typed = ["ok all"]
    for words in SETUP:
        typed.append(str(moves(page)[words]))
        page = click(client, page, words)
    page = client.post("/game/g/all", headers=HX).text
    typed.append("ok all")
    assert status(page) == ["Ann (Marquise de Cat, round 1): take an action"]
    for words in ["Recruit: a warrior at each recruiter", "Build", "clearing 9", "a sawmill"]:
        typed.append(str(moves(page)[words]))
        page = click(client, page, words)
        assert refused(page) == "", refused(page)
    client.post("/new", data={**NEW, "name": "t"})  # the same game, typed at the terminal
    terminal = Session.load(tmp_path / "t.json")
    for line in typed:
        handle(terminal, line)
    assert "error:" not in capsys.readouterr().out
    assert entries(tmp_path, "t") == entries(tmp_path, "g")  # entry for entry, answers by step, kind and args
    state = Session.load(tmp_path / "g.json").play.game.state
    assert ("marquise", "sawmill") in state.clearings[9].buildings and state.clearings[5].warriors["marquise"] == 2
    assert sorted(ringed(page)) == [1, 9]  # the sawmill built in 9, paid with the wood of 1 (LoR 6.5.4)


def test_a_refused_or_stale_click_says_why_in_one_line_and_changes_nothing(client: TestClient, tmp_path: Path) -> None:
    page = at_setup(client)
    before = (tmp_path / "g.json").read_text()
    wrong = client.post("/game/g/move", data={"text": "9", "key": key(page)}, headers=HX).text
    assert refused(wrong).startswith("answer: LoR 6.3.2: '9' is not a legal move for place the keep in which corner; legal: 1. clearing 1;")
    assert refused(wrong).endswith("(number 1 to 4)") and "\n" not in refused(wrong)
    assert (tmp_path / "g.json").read_text() == before and moves(wrong) == moves(page)
    junk = client.post("/game/g/move", data={"text": "keep", "key": key(page)}, headers=HX).text
    assert refused(junk) == "move: 'keep' is not the number of a move"
    answered = click(client, page, "clearing 2")
    after = (tmp_path / "g.json").read_text()
    stale = client.post("/game/g/move", data={"text": "1", "key": key(page)}, headers=HX).text  # a second device's old page
    assert refused(stale) == "move: the game moved on since this page showed the decision; here it is now, choose again"
    assert (tmp_path / "g.json").read_text() == after and status(stale) == status(answered)
    plain = client.post("/game/g/move", data={"text": "1", "key": key(page)}, follow_redirects=False)  # without htmx
    assert plain.status_code == 303 and re.fullmatch(r"/game/g\?error=[0-9a-f]{12}", plain.headers["location"])  # an id, no free text
    assert "the game moved on" in refused(client.get(plain.headers["location"]).text)
    waiting = client.post("/game/g/undo", headers=HX).text
    client.post("/game/g/undo", headers=HX)  # back to the bots' setup steps: no decision is asked
    gone = client.post("/game/g/move", data={"text": "1", "key": key(waiting)}, headers=HX).text
    assert refused(gone).startswith("move: the game moved on, no seat is asked for a legal move now")


def test_undo_and_redo_walk_over_clicked_answers(client: TestClient, tmp_path: Path) -> None:
    first = at_setup(client)
    page = click(client, first, "clearing 1")
    back = client.post("/game/g/undo", headers=HX).text
    assert status(back) == status(first) and key(back) == key(first) and moves(back) == moves(first)
    again = client.post("/game/g/redo", headers=HX).text
    assert status(again) == status(page) and key(again) == key(page)
    assert KeyedClient(create_app(tmp_path)).get("/game/g").text.count('name="text" value=') == again.count('name="text" value=')  # a restart: the same decision


def test_words_typed_in_the_box_answer_as_at_the_terminal(client: TestClient, tmp_path: Path) -> None:
    page = at_daylight(client)
    page = client.post("/game/g/enter", data={"text": "rec"}, headers=HX).text  # a prefix of one move's words
    assert refused(page) == "" and entries(tmp_path)[-1]["value"] == {"step": "daylight.action", "kind": "recruit", "args": []}
    page = client.post("/game/g/enter", data={"text": "recruit"}, headers=HX).text  # once per turn (LoR 6.5.3)
    assert refused(page).startswith("answer: LoR 6.5: 'recruit' is not a legal move for take an action")


def test_a_move_needs_the_token_like_every_write(tmp_path: Path) -> None:
    open_app = KeyedClient(create_app(tmp_path))
    page = at_setup(open_app)
    guarded = KeyedClient(create_app(tmp_path, token="sesame"))
    before = (tmp_path / "g.json").read_text()
    assert guarded.post("/game/g/move", data={"text": "1", "key": key(page)}).status_code == 403
    assert (tmp_path / "g.json").read_text() == before
    r = guarded.post("/game/g/move?token=sesame", data={"text": "1", "key": key(page)}, headers=HX)
    assert r.status_code == 200 and entries(tmp_path)[-1]["value"]["step"] == "setup.keep"


# -- a secret choice on a shared screen (LoR 13.2.2.1) ------------------------------------------------
def test_lor_13_2_2_1_a_plots_kind_is_offered_whole_and_the_answer_never_shown(tmp_path: Path) -> None:
    """The page offers every kind a plot can have (never the kinds left: plots in the supply are
    face down, LoR 13.2.2.1), posts the kind's word, and shows neither it nor a refused one; the
    engine has the kind (R-LOR-CORVIDS-KNOWN). As the shared terminal does
    (tests/table/test_table_law.py)."""
    from rootbotics.factions.corvids import plots as P
    from tests.table.test_table_law import corvids_at_the_plot_kind

    corvids_at_the_plot_kind(tmp_path / "c.json")
    client = KeyedClient(create_app(tmp_path))
    page = client.get("/game/c").text
    offered = re.findall(r'<button type="submit" name="text" value="(\w+)"[^>]*><span class="words">(\w+)</span>', page)
    assert offered == [(k, k) for k in ("bomb", "snare", "extortion", "raid")]
    assert "a secret choice: every kind is offered" in page
    assert re.search(r'<input id="line" name="text" type="password"', page)  # typed hidden, as at the terminal
    junk = client.post("/game/c/move", data={"text": "1"}, headers=HX).text
    assert refused(junk) == "move: choose one of bomb, snare, extortion, raid"
    wrong = client.post("/game/c/enter", data={"text": "snares"}, headers=HX).text  # refused, and not kept in the box
    assert "not a choice you can make now; type one of bomb, snare, extortion, raid" in refused(wrong) and "snares" not in wrong
    typed = client.post("/game/c/enter", data={"text": "snare"}, headers=HX).text
    assert refused(typed) == "" and 'value="snare"' not in typed.split('id="line"')[1].split(">")[0]
    state = Session.load(tmp_path / "c.json").play.game.state
    assert P.plot_map(state)[1] == ("snare", False)
    assert "snare" not in re.sub(r"<[^>]+>", " ", typed).replace("bomb, snare, extortion, raid", "").lower()
