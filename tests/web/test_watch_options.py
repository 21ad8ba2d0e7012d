"""Watching with ``play``'s per-bot options (difficulty, traits), Better Bot Project seats
(issue 17: ``?bots=marquise@bbp,eyrie`` or ``?bots=bbp:...`` seat them as ``play --bots`` does,
and the page says which rule set a bot plays by) and a game record file (``replay``'s file): the
link and the commands bring the same game back; bad options, rule sets and broken files get one
line naming what is wrong."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")

from fastapi.testclient import TestClient  # noqa: E402

from .keyed import KeyedClient  # noqa: E402

from rootbotics import record  # noqa: E402
from rootbotics.game import GameConfig, Seat  # noqa: E402
from rootbotics.web.app import create_app  # noqa: E402
from rootbotics.web.watch import watch_config, watch_game  # noqa: E402

STEP = re.compile(r'class="step-text">(.*?)</span>')


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return KeyedClient(create_app(tmp_path))


def assert_permalink_shows_the_same_step(client: TestClient, page: str) -> str:
    """The page's permalink brings the same step back; returns the link."""
    link = re.search(r'href="([^"]+)" id="permalink"', page).group(1).replace("&amp;", "&")
    assert STEP.search(client.get(link).text).group(1) == STEP.search(page).group(1)
    return link


def test_watch_with_per_bot_difficulty_and_traits_3_3(client: TestClient) -> None:
    url = "/watch?bots=marquise,eyrie&map=fall&seed=3&difficulty=eyrie%3Dnightmare&traits=marquise%3Dfortified%2Bhospitals&step=30"
    page = client.get(url).text
    assert "step 30/" in page
    assert "rootbotics play --bots marquise,eyrie --map fall --seed 3 --difficulty eyrie=nightmare --traits marquise=fortified+hospitals" in page
    assert re.search(r"Electric Eyrie.{0,200}nightmare", page, re.S)
    assert "traits=" in assert_permalink_shows_the_same_step(client, page)
    plain = client.get("/watch?bots=marquise,eyrie&map=fall&seed=3&step=30").text
    every = client.get("/watch?bots=marquise,eyrie&map=fall&seed=3&difficulty=easy&step=30").text
    assert "--difficulty marquise=easy,eyrie=easy" in every and "--difficulty" not in plain


@pytest.mark.parametrize("query,message", [
    ("bots=marquise,eyrie&difficulty=eyrie%3Dawful", "difficulty: eyrie: &#39;awful&#39; is not one of"),
    ("bots=marquise,eyrie&traits=marquise%3Dflying", "traits: marquise: &#39;flying&#39; is not a trait"),
    ("bots=marquise,eyrie&traits=swoop", "traits: write bot=trait+trait"),
    ("bots=marquise,eyrie&difficulty=duchy%3Deasy", "difficulty: &#39;duchy&#39; is not one of the bots playing"),
    # a bad rule set in the line-up (issue 17)
    ("bots=marquise%40bbp,vagabot%40bbp", "raccoon_paths: the Robot Raccoon&#39;s fox, rabbit and mouse paths"),  # R-BBP-RR-PATHS
    ("bots=marquise%40bbp,vagabot%40bbp&raccoon_paths=fox%3Drepair", "raccoon_paths: the fox path: &#39;repair&#39; is not an action of the Robot Raccoon"),
    ("bots=marquise%40fan,eyrie", "bots: marquise@fan: &#39;fan&#39; is not a rule set"),
    ("bots=fan:marquise,eyrie", "bots: &#39;fan&#39; is not a rule set"),
    ("bots=marquise%40bbp,marquise", "bots: marquise is seated twice"),
    ("bots=marquise%40bbp", "bots: a game needs 2 to 8 players, not 1"),
])
def test_a_bad_watch_option_or_rule_set_names_itself(client: TestClient, query: str, message: str) -> None:
    r = client.get(f"/watch?{query}&seed=3")
    assert r.status_code == 400 and message in r.text


def test_watch_a_game_record_file_step_by_step(client: TestClient, tmp_path: Path) -> None:
    config = GameConfig([Seat("marquise"), Seat("eyrie", "bot", "challenging", ("swoop",))], "fall", 5, 40)
    _, rec = record.play_recorded(config)
    data = json.dumps(rec).encode()
    r = client.post("/watch/record", files={"file": ("game 5.json", data, "application/json")}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].startswith("/watch?record=")
    page = client.get(r.headers["location"] + "&step=12").text
    assert "step 12/" in page and "rootbotics replay game5.json" in page and 'role="alert"' not in page
    seeded = client.get("/watch?bots=marquise,eyrie&seed=5&max_rounds=40&difficulty=eyrie%3Dchallenging&traits=eyrie%3Dswoop&step=12").text
    assert STEP.search(page).group(1) == STEP.search(seeded).group(1)  # the record is that seeded game
    slider = client.get(r.headers["location"] + "&round=2").text
    assert "Round 2 · step" in slider


def test_a_broken_or_forgotten_record_gets_one_line(client: TestClient) -> None:
    bad = {"format": "rootbotics-game", "version": 1, "config": {"seats": "all"}}
    r = client.post("/watch/record", files={"file": ("bad.json", json.dumps(bad).encode(), "application/json")})
    assert r.status_code == 400 and "bad.json: config.seats: expected a list of seats" in r.text
    r = client.post("/watch/record", files={"file": ("x.json", b"\xff\xfe", "application/json")})
    assert r.status_code == 400 and "not UTF-8" in r.text
    long = {"format": "rootbotics-game", "version": 1, "config": {"seats": [{"faction": "marquise"}, {"faction": "eyrie"}], "max_rounds": 5000}}
    r = client.post("/watch/record", files={"file": ("long.json", json.dumps(long).encode(), "application/json")})
    assert r.status_code == 400 and "long.json: config.max_rounds: 5000 is more than the 200 rounds" in r.text
    r = client.get("/watch?record=0123456789abcdef")
    assert r.status_code == 404 and "upload the file again" in r.text


# -- Better Bot Project seats (issue 17) --------------------------------------------------------
def test_bbp_1_1_watch_a_seeded_game_with_a_better_bot_seat(client: TestClient) -> None:
    r = client.get("/watch?bots=marquise%40bbp,eyrie&map=fall&seed=3&step=20")
    assert r.status_code == 200 and "step 20/" in r.text
    marquise = re.search(r'<section class="seat" data-faction="marquise".*?</section>', r.text, re.S).group(0)
    eyrie = re.search(r'<section class="seat" data-faction="eyrie".*?</section>', r.text, re.S).group(0)
    assert "plays by the Better Bot Project v5" in marquise and "plays by" not in eyrie
    assert "rootbotics play --bots marquise@bbp,eyrie --map fall --seed 3" in r.text
    assert "rootbotics replay --seed 3 --bots marquise@bbp,eyrie --map fall" in r.text
    assert_permalink_shows_the_same_step(client, r.text)


def test_bbp_1_1_a_watch_line_up_names_its_rule_sets_as_play_does() -> None:
    every = watch_config({"bots": "bbp:marquise,eyrie@law,alliance", "seed": "2"})
    assert [(s.faction, s.rule_set) for s in every.seats] == [("marquise", "bbp"), ("eyrie", "law"), ("alliance", "bbp")]
    one = watch_config({"bots": "marquise@bbp,eyrie"})
    assert [s.rule_set for s in one.seats] == ["bbp", "law"]


@pytest.mark.parametrize("map_name", ["winter", "lake", "mountain"])
def test_bbp_1_1_better_bots_and_an_official_bot_play_a_whole_watched_game(client: TestClient, map_name: str) -> None:
    """Also on a map whose suit markers are laid during setup (its first events have no suits)."""
    game = watch_game(watch_config({"bots": "marquise@bbp,eyrie@bbp,alliance", "map": map_name, "seed": "5"}))
    assert game.failure is None and game.log[-1].kind == "game_over" and game.frames
    page = client.get(f"/watch?bots=marquise%40bbp,eyrie%40bbp,alliance&map={map_name}&seed=5&round=999").text
    assert f"step {len(game.frames)}/{len(game.frames)}" in page and 'class="error"' not in page
