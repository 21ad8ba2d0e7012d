"""Watching a seeded game with Better Bot Project seats (issue 17): ``?bots=marquise@bbp,eyrie``
or ``?bots=bbp:...`` seats them as ``play --bots`` does; the page says which rule set a bot
plays by, and its commands and link bring the same game back; a bad rule set gets one line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")

from fastapi.testclient import TestClient  # noqa: E402

from rootbotics.web.app import create_app  # noqa: E402
from rootbotics.web.watch import watch_config, watch_game  # noqa: E402

STEP = re.compile(r'class="step-text">(.*?)</span>')


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(tmp_path))


def test_bbp_1_1_watch_a_seeded_game_with_a_better_bot_seat(client: TestClient) -> None:
    r = client.get("/watch?bots=marquise%40bbp,eyrie&map=fall&seed=3&step=20")
    assert r.status_code == 200 and "step 20/" in r.text
    marquise = re.search(r'<section class="seat" data-faction="marquise".*?</section>', r.text, re.S).group(0)
    eyrie = re.search(r'<section class="seat" data-faction="eyrie".*?</section>', r.text, re.S).group(0)
    assert "plays by the Better Bot Project v5" in marquise and "plays by" not in eyrie
    assert "rootbotics play --bots marquise@bbp,eyrie --map fall --seed 3" in r.text
    assert "rootbotics replay --seed 3 --bots marquise@bbp,eyrie --map fall" in r.text
    link = re.search(r'href="([^"]+)" id="permalink"', r.text).group(1).replace("&amp;", "&")
    assert STEP.search(client.get(link).text).group(1) == STEP.search(r.text).group(1)


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


@pytest.mark.parametrize("bots,message", [
    ("marquise%40bbp,vagabot%40bbp", "bots: vagabot@bbp: the Vagabot has no bot of rule set &#39;bbp&#39;"),
    ("marquise%40fan,eyrie", "bots: marquise@fan: &#39;fan&#39; is not a rule set"),
    ("fan:marquise,eyrie", "bots: &#39;fan&#39; is not a rule set"),
    ("marquise%40bbp,marquise", "bots: marquise is seated twice"),
    ("marquise%40bbp", "bots: a game needs 2 to 8 players, not 1"),
])
def test_a_bad_rule_set_in_a_watch_line_up_names_itself(client: TestClient, bots: str, message: str) -> None:
    r = client.get(f"/watch?bots={bots}&seed=3")
    assert r.status_code == 400 and message in r.text
