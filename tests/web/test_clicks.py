"""Human moves by clicking, through FastAPI's TestClient: every piece on the board carries its
clearing and its Rootlog name, the supply its pieces, and the lines the page composes from them
(``static/table.js``: the piece's name without the mover's letter, its clearing, ``->``, the
clearing clicked; ``X`` + the defender's letter + clearing + the dice for a battle) are taken
by the table. Also the board of a bot step is the position after that step (not the turn)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")

from fastapi.testclient import TestClient  # noqa: E402

from .keyed import KeyedClient  # noqa: E402

from rootbotics.table.session import Session  # noqa: E402
from rootbotics.web.app import create_app  # noqa: E402

HX = {"hx-request": "true"}
SETUP = "t_k->1/w->1/w->2/w->4/w->5/w->6/w->7/w->8/w->9/w->10/w->11/w->12/b_s->1/b_w->5/b_r->9"


def at_ann_s_turn(client: TestClient) -> str:
    """Ann's Marquise against the Eyrie and the Vagabot, seed 7: the Eyrie sets up in 3."""
    client.post("/new", data={"seat_marquise": "human", "player_marquise": "Ann", "seat_eyrie": "bot", "seat_vagabot": "bot", "seed": "7", "name": "g", "rules": "board"})
    page = client.post("/game/g/all", headers=HX).text
    page = client.post("/game/g/enter", data={"text": SETUP}, headers=HX).text
    page = client.post("/game/g/done", headers=HX).text
    for _ in range(10):
        if 'value="all"' not in page:
            break
        page = client.post("/game/g/all", headers=HX).text
    assert "take your turn" in page
    return page


def warriors(page: str, faction: str, c: int) -> int:
    found = re.search(rf'class="warriors" data-faction="{faction}" data-count="(\d+)" data-clearing="{c}"', page)
    return int(found.group(1)) if found else 0


def test_every_piece_and_the_supply_carry_what_a_click_composes_a_line_from(tmp_path: Path) -> None:
    page = at_ann_s_turn(KeyedClient(create_app(tmp_path)))
    assert 'id="composer" class="composer" data-letter="C"' in page and 'class="board pickable"' in page
    assert warriors(page, "marquise", 6) == 1 and warriors(page, "eyrie", 3) == 6
    assert re.search(r'class="building" data-faction="eyrie" data-kind="roost" data-clearing="3" data-rootlog="Eb"', page)
    assert re.search(r'class="token" data-faction="marquise" data-kind="keep" data-face="" data-clearing="1" data-rootlog="Ct_k"', page)
    supply = dict(re.findall(r'class="supply-piece" data-rootlog="(\w+)" data-count="(\d+)"', page))
    assert supply["Cw"] == "14" and supply["Cb_s"] == "5" and "Ct" in supply


def test_lines_composed_by_clicks_move_place_remove_and_battle_with_the_dice(tmp_path: Path) -> None:
    client = KeyedClient(create_app(tmp_path))
    at_ann_s_turn(client)
    # warriors in 6, clearing 3 (a move, LoR 4.2); the Eyrie's warriors in 3, battle, dice 3 and 0 (LoR 4.3)
    page = client.post("/game/g/enter", data={"text": "w6->3/XE3(3,0)"}, headers=HX).text
    assert 'id="refused"' not in page
    assert warriors(page, "marquise", 6) == 0 and warriors(page, "marquise", 3) == 1 and warriors(page, "eyrie", 3) == 5
    # a warrior from the supply, clearing 2 (LoR 1.5.4); the Eyrie's warriors in 3, "remove it" (LoR 3.2.1)
    page = client.post("/game/g/enter", data={"text": "w->2/Ew3->"}, headers=HX).text
    assert 'id="refused"' not in page and warriors(page, "marquise", 2) == 2 and warriors(page, "eyrie", 3) == 4
    refused = client.post("/game/g/enter", data={"text": "XE3(0,3)"}, headers=HX).text  # the attacker takes the higher roll
    assert "higher roll" in re.search(r'id="refused">(.*?)</p>', refused).group(1)


def test_the_board_of_a_bot_step_is_the_position_after_that_step(tmp_path: Path) -> None:
    client = KeyedClient(create_app(tmp_path))
    client.post("/new", data={"seat_marquise": "bot", "seat_eyrie": "bot", "seed": "3", "name": "b"})
    total = lambda page: sum(int(n) for n in re.findall(r'class="warriors" data-faction="\w+" data-count="(\d+)"', page))  # noqa: E731
    first = client.get("/game/b").text
    play = Session.load(tmp_path / "b.json").play
    assert total(first) == sum(n for c in range(1, 13) for n in play.position_after(1).clearings[c].warriors.values())
    assert total(first) < sum(n for c in range(1, 13) for n in play.game.state.clearings[c].warriors.values())
    counts = [total(first)]
    for _ in range(len(play.steps) - 1):
        counts.append(total(client.post("/game/b/ok", headers=HX).text))
    assert counts == sorted(counts) and counts[-1] > counts[0]  # the setup's warriors come step by step
