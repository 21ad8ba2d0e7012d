"""The new-game form's Clockwork Cult Outcast Pile maximum (BBP CC.2 "(default: 4)"): the field
``cult_outcast_max`` sets ``options.cult_outcast_max`` for a table with the Cult; empty keeps the
default; a bad value or a table without the Cult names the field and writes nothing."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")

from fastapi.testclient import TestClient  # noqa: E402

from .keyed import KeyedClient  # noqa: E402

from rootbotics.web.app import create_app  # noqa: E402

CULT = {"seat_eyrie": "human", "player_eyrie": "Ann", "seat_lizards": "bot", "rule_set_lizards": "bbp", "seat_marquise": "bot", "seed": "2"}


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return KeyedClient(create_app(tmp_path))


def test_bbp_cc2_the_form_offers_the_outcast_pile_maximum(client: TestClient, tmp_path: Path) -> None:
    assert re.search(r'<input name="cult_outcast_max" inputmode="numeric" size="3" placeholder="4"', client.get("/").text)
    r = client.post("/new", data={**CULT, "cult_outcast_max": "6"}, follow_redirects=False)
    assert r.status_code == 303
    assert json.loads((tmp_path / "game-1.json").read_text())["config"]["options"] == {"cult_outcast_max": 6}
    r = client.post("/new", data={**CULT, "cult_outcast_max": ""}, follow_redirects=False)
    assert r.status_code == 303 and json.loads((tmp_path / "game-2.json").read_text())["config"].get("options", {}) == {}


@pytest.mark.parametrize("change,problem", [
    ({"cult_outcast_max": "0"}, "cult_outcast_max: &#39;0&#39; is not a whole number from 1 to 20"),
    ({"cult_outcast_max": "many"}, "cult_outcast_max: &#39;many&#39; is not a whole number from 1 to 20"),
    ({"cult_outcast_max": "5", "rule_set_lizards": "law"}, "cult_outcast_max: no Clockwork Cult"),
])
def test_bbp_cc2_a_bad_outcast_pile_maximum_names_the_field(client: TestClient, tmp_path: Path, change: dict, problem: str) -> None:
    r = client.post("/new", data={**CULT, **change})
    error = re.search(r'id="form-error">(.*?)</p>', r.text).group(1)
    assert r.status_code == 400 and error.startswith(problem), error
    assert not list(tmp_path.glob("*.json"))
