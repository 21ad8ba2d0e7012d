"""The web app's new-game form offers each bot seat its rule sets (issue 17, BBP 1.1): the Law
of Robotics or, where the faction has one, the Better Bot Project v5; the game page says which
rule set a bot plays by. Through FastAPI's TestClient."""

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

NEW = {"seat_marquise": "human", "player_marquise": "Ann", "seat_eyrie": "bot", "rule_set_eyrie": "bbp", "seat_alliance": "bot", "rule_set_alliance": "bbp", "seat_vagabot": "bot", "seed": "3"}


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return KeyedClient(create_app(tmp_path))


def test_bbp_1_1_the_form_offers_a_rule_set_where_the_faction_has_two(client: TestClient) -> None:
    page = client.get("/").text
    for f in ("marquise", "eyrie", "alliance", "vagabot"):
        select = re.search(rf'<select name="rule_set_{f}"[^>]*>(.*?)</select>', page, re.S)
        assert select is not None, f
        assert re.findall(r'value="(\w+)"', select.group(1)) == ["law", "bbp"]
        assert "Better Bot Project v5" in select.group(1)
    # the Robot Raccoon #2 (R-BBP-RR2): a bot of the Better Bot Project only, its one rule set shown
    second = re.search(r'<div class="seat-choice" data-faction="vagabond2">(.*?)</div>', page, re.S)
    assert second is not None and "<b>Robot Raccoon #2</b>" in second.group(1) and '<option value="bot"' in second.group(1)
    select = re.search(r'<select name="rule_set_vagabond2"[^>]*>(.*?)</select>', page, re.S)
    assert select is not None and re.findall(r'value="(\w+)"', select.group(1)) == ["bbp"]


def test_bbp_1_1_a_game_from_the_form_seats_the_better_bots(client: TestClient, tmp_path: Path) -> None:
    r = client.post("/new", data=NEW, follow_redirects=False)
    assert r.status_code == 303
    seats = json.loads((tmp_path / "game-1.json").read_text())["config"]["seats"]
    assert {s["faction"]: s.get("rule_set", "law") for s in seats} == {"marquise": "law", "eyrie": "bbp", "alliance": "bbp", "vagabot": "law"}
    page = client.post("/game/game-1/all", headers={"hx-request": "true"}).text
    eyrie = re.search(r'<section class="seat" data-faction="eyrie".*?</section>', page, re.S).group(0)
    vagabot = re.search(r'<section class="seat" data-faction="vagabot".*?</section>', page, re.S).group(0)
    assert "plays by the Better Bot Project v5" in eyrie and "plays by" not in vagabot


@pytest.mark.parametrize("field,value,problem", [
    ("rule_set_vagabot", "bbp", "raccoon_paths: the Robot Raccoon's fox, rabbit and mouse paths"),  # R-BBP-RR-PATHS
    ("rule_set_eyrie", "xyz", "rule_set_eyrie: &#39;xyz&#39; is not a rule set"),
    ("difficulty_eyrie", "nightmare", "difficulty: the bbp rule set"),  # R-BBP-CARDS: no card text
])
def test_bbp_1_1_a_bad_rule_set_in_the_form_names_the_field(client: TestClient, tmp_path: Path, field: str, value: str, problem: str) -> None:
    r = client.post("/new", data={**NEW, field: value})
    error = re.search(r'id="form-error">(.*?)</p>', r.text).group(1)
    assert r.status_code == 400 and problem.replace("'", "&#39;") in error, error
    assert not list(tmp_path.glob("*.json"))


def test_bbp_1_2_and_3_2_the_form_offers_the_modes_and_the_playable_variants(client: TestClient, tmp_path: Path) -> None:
    page = client.get("/").text
    assert re.findall(r'<option value="(\w+)"', re.search(r'<select name="mode".*?</select>', page, re.S).group(0)) == ["competitive", "team"]
    assert re.search(r'<input type="checkbox" name="variant" value="ambush" >', page)
    for missing in ("spy", "dominance"):  # their cards' text is lost: shown, not offered
        assert re.search(rf'<input type="checkbox" name="variant" value="{missing}" disabled', page)
    r = client.post("/new", data={**NEW, "mode": "team", "variant": "ambush"}, follow_redirects=False)
    assert r.status_code == 303
    assert json.loads((tmp_path / "game-1.json").read_text())["config"]["options"] == {"cooperative": True, "bbp_variants": ["ambush"]}


@pytest.mark.parametrize("field,value,problem", [
    ("variant", "spy", "config.options.bbp_variants: spy: the Spy cards"),
    ("mode", "solo", "mode: &#39;solo&#39; is not a mode"),
])
def test_bbp_a_bad_mode_or_variant_names_the_field(client: TestClient, tmp_path: Path, field: str, value: str, problem: str) -> None:
    r = client.post("/new", data={**NEW, field: value})
    error = re.search(r'id="form-error">(.*?)</p>', r.text).group(1)
    assert r.status_code == 400 and error.startswith(problem), error
    assert not list(tmp_path.glob("*.json"))


def test_bbp_3_2_the_game_page_asks_for_the_ambush_and_takes_the_card_typed(client: TestClient, tmp_path: Path) -> None:
    from tests.table.test_bbp_table import until_ambush_asked

    until_ambush_asked(tmp_path / "amb.json", {"bbp_variants": ["ambush"]})
    page = client.get("/game/amb").text
    assert "play an ambush card against it (Ambush variant), or none?" in page
    page = client.post("/game/amb/enter", data={"text": "ambush_bird"}, headers={"hx-request": "true"}).text
    assert "Ann: plays Ambush! (bird) against the Electric Eyrie in clearing 11 (mouse" in page
    saved = json.loads((tmp_path / "amb.json").read_text())["entries"]
    assert saved[-1] == {"kind": "answer", "ask": "ambush_card", "value": "ambush_bird"}


def test_issue_29_the_form_shows_each_rule_set_s_own_cards(client: TestClient) -> None:
    """The BBP Marquise's transcribed cards (R-BBP-MM-DIFFICULTY, -TRAITS), not the Law's, under its rule set."""
    page = client.get("/").text
    marquise = page.split('name="rule_set_marquise"')[1].split('name="seat_eyrie"')[0]
    bbp = marquise.split("Better Bot Project v5 (fan-made):")[1]
    assert "Recruit places one warrior fewer" in bbp and "trait overwhelming" not in bbp
    assert "Recruit places 2 warriors instead of 4" in marquise.split("Better Bot Project v5 (fan-made):")[0]
    assert "none: its cards are lost from the text (ruling R-BBP-CARDS)" in page


def test_issue_29_the_robot_raccoon_s_paths_from_the_form(client: TestClient, tmp_path: Path) -> None:
    form = {**NEW, "rule_set_vagabot": "bbp", "raccoon_paths": "fox=explore+battle,rabbit=aid,mouse=quest,character=ranger", "name": "rr"}
    r = client.post("/new", data=form, follow_redirects=False)
    assert r.status_code == 303, r.text
    options = json.loads((tmp_path / "rr.json").read_text())["config"]["options"]
    assert options == {"raccoon_paths": {"fox": ["explore", "battle"], "rabbit": ["aid"], "mouse": ["quest"]}, "vagabot_character": "ranger"}
    r = client.post("/new", data={**NEW, "raccoon_paths": "stand-in", "name": "x"})
    error = re.search(r'id="form-error">(.*?)</p>', r.text).group(1)
    assert r.status_code == 400 and error.startswith("raccoon_paths: no Robot Raccoon"), error
    r = client.post("/new", data={**NEW, "seat_riverfolk": "bot", "rule_set_riverfolk": "bbp", "otters_export": "1,2,x", "name": "y"})
    error = re.search(r'id="form-error">(.*?)</p>', r.text).group(1)
    assert r.status_code == 400 and error.startswith("otters_export: "), error


def test_issue_29_the_watch_page_plays_the_robot_raccoon_with_its_paths(client: TestClient) -> None:
    page = client.get("/watch", params={"bots": "vagabot@bbp,marquise@bbp,eyrie", "seed": "3"})
    error = re.search(r'class="error"[^>]*>(.*?)<', page.text)
    assert page.status_code == 400 and "raccoon_paths: the Robot Raccoon" in page.text
    page = client.get("/watch", params={"bots": "vagabot@bbp,marquise@bbp,eyrie", "seed": "3", "raccoon_paths": "stand-in"})
    assert page.status_code == 200, error
    assert "--raccoon-paths &#39;stand-in&#39;" in page.text or "--raccoon-paths 'stand-in'" in page.text
    assert "Recruit places one warrior fewer" in client.get("/watch").text  # the BBP Marquise's own card


@pytest.mark.parametrize("first", [{"seat_vagabot": "bot", "rule_set_vagabot": "bbp"}, {"seat_vagabot": "human", "player_vagabot": "Bob"}])
def test_bbp_rr2_a_game_from_the_form_seats_the_robot_raccoon_2(client: TestClient, tmp_path: Path, first: dict[str, str]) -> None:
    """The second Vagabond's bot seat takes his one rule set (ruling R-BBP-RR2), with the paths
    field both Robot Raccoons follow (beside the first Robot Raccoon or a human Vagabond)."""
    data = {"seat_marquise": "human", "player_marquise": "Ann", **first, "seat_vagabond2": "bot", "raccoon_paths": "stand-in", "seed": "3"}
    r = client.post("/new", data=data, follow_redirects=False)
    assert r.status_code == 303, r.text
    seats = json.loads((tmp_path / "game-1.json").read_text())["config"]["seats"]
    assert {s["faction"]: s.get("rule_set", "law") for s in seats} == {"marquise": "law", "vagabot": first.get("rule_set_vagabot", "law"), "vagabond2": "bbp"}
    page = client.post("/game/game-1/all", headers={"hx-request": "true"}).text
    second = re.search(r'<section class="seat" data-faction="vagabond2".*?</section>', page, re.S).group(0)
    assert "Robot Raccoon #2" in second and "plays by the Better Bot Project v5" in second
