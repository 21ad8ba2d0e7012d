"""Issue 30 items 9 and 10 through FastAPI's TestClient: every write carries the key of what the
page showed and is refused when the game moved on; writes from another origin get 403 in every
mode, as does a request sent to a name the app does not answer to; a non-ASCII token and a
deeply nested upload get a 4xx; watch computations and each client's requests are bounded; one
lock per session; a Rootlog line and a turn have a cap; sessions can be deleted; ``?error=``
carries no free text; the token link names a real address."""

from __future__ import annotations

import re
import threading
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")

from fastapi.testclient import TestClient  # noqa: E402

from rootbotics.web import watch  # noqa: E402
from rootbotics.web.app import create_app  # noqa: E402
from rootbotics.web.tables import MAX_LINE, MAX_LINE_ACTIONS, STALE  # noqa: E402

from .keyed import KeyedClient  # noqa: E402

HX = {"hx-request": "true"}
NEW = {"seat_marquise": "human", "player_marquise": "Ann", "seat_eyrie": "bot", "seat_alliance": "bot", "seed": "3", "rules": "board"}


def refused(html: str) -> str:
    m = re.search(r'id="refused">(.*?)</p>', html)
    return m.group(1) if m else ""


def key_of(html: str) -> str:
    return re.search(r'id="game"[^>]*data-key="([0-9a-f]+)"', html).group(1)


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(tmp_path))


def test_every_write_carries_the_step_the_page_showed_and_a_stale_one_is_refused(client: TestClient, tmp_path: Path) -> None:
    client.post("/new", data=NEW)
    phone = client.get("/game/game-1").text
    laptop = client.get("/game/game-1").text
    assert key_of(phone) == key_of(laptop) == client.get("/game/game-1/key").text
    assert phone.count('name="key" value="' + key_of(phone) + '"') >= 3  # undo, redo, next, back, all
    after_ok = client.post("/game/game-1/ok", data={"key": key_of(laptop)}, headers=HX).text
    assert refused(after_ok) == "" and key_of(after_ok) != key_of(laptop)
    saved = (tmp_path / "game-1.json").read_text()
    for what in ("ok", "all", "undo", "back", "enter"):  # the phone's page is behind now
        stale = client.post(f"/game/game-1/{what}", data={"key": key_of(phone), "text": "w->1"}, headers=HX).text
        assert refused(stale) == STALE == "the game moved on since this page showed it; here it is now", what
        assert (tmp_path / "game-1.json").read_text() == saved and key_of(stale) == key_of(after_ok)  # here it is now
    assert refused(client.post("/game/game-1/ok", headers=HX).text) == STALE  # no key: not from a page of now
    assert client.get("/game/game-1/key").text == key_of(after_ok)  # what an open page polls to follow the game


def test_a_write_from_another_origin_is_refused_in_every_mode(tmp_path: Path) -> None:
    for token in (None, "sesame"):
        c = KeyedClient(create_app(tmp_path / str(token), token=token), base_url="http://127.0.0.1:8000")
        q = "?token=sesame" if token else ""
        assert c.post(f"/new{q}", data=NEW, follow_redirects=False).status_code == 303
        for headers in ({"origin": "http://evil.example"}, {"origin": "null"}, {"referer": "http://evil.example/page"}, {"sec-fetch-site": "cross-site"}):
            for url in (f"/new{q}", f"/game/game-1/undo{q}", f"/game/game-1/delete{q}"):
                r = c.post(url, data=NEW, headers=headers)
                assert r.status_code == 403 and "another site" in r.text, (token, headers, url)
        same = c.post(f"/game/game-1/all{q}", headers={"origin": "http://127.0.0.1:8000", "sec-fetch-site": "same-origin", **HX})
        assert same.status_code == 200 and refused(same.text) == ""
        assert c.get(f"/{q}", headers={"origin": "http://evil.example"}).status_code == 200  # a read changes nothing


def test_on_this_machine_the_app_answers_only_to_this_machine_s_names(tmp_path: Path) -> None:
    app = create_app(tmp_path, hosts=("127.0.0.1", "localhost", "[::1]"))
    assert TestClient(app, base_url="http://127.0.0.1:8000").get("/").status_code == 200
    assert TestClient(app, base_url="http://localhost:8000").get("/").status_code == 200
    assert TestClient(app, base_url="http://rebound.example:8000").get("/").status_code == 403  # DNS rebinding


def test_a_non_ascii_token_and_a_deeply_nested_upload_get_a_4xx_not_a_500(tmp_path: Path) -> None:
    guarded = TestClient(create_app(tmp_path, token="sesame"), raise_server_exceptions=False)
    for url in ("/?token=%C3%A9t%C3%A9", "/?token=\u00e9"):
        assert guarded.get(url).status_code == 403
    assert guarded.get("/", headers={"cookie": "rootbotics_token=\u00e9t\u00e9".encode()}).status_code == 403
    c = TestClient(create_app(tmp_path / "open"), raise_server_exceptions=False)
    for data in (b"[" * 100_000 + b"]" * 100_000, b'{"config":' * 50_000 + b"1" + b"}" * 50_000):
        for url in ("/upload", "/watch/record"):
            r = c.post(url, files={"file": ("deep.json", data, "application/json")})
            assert 400 <= r.status_code < 500 and "Traceback" not in r.text, url


def test_watch_computations_are_bounded_and_a_client_waits_for_its_own(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    c = TestClient(create_app(tmp_path))
    release = threading.Event()
    started = threading.Event()
    real = watch.watch_game

    def slow(config, controllers=None):  # type: ignore[no-untyped-def]
        started.set()
        release.wait(20)
        return real(config, controllers)

    monkeypatch.setattr(watch, "watch_game", slow)
    results: list[int] = []
    first = threading.Thread(target=lambda: results.append(c.get("/watch?bots=marquise,eyrie&seed=901&max_rounds=2").status_code))
    first.start()
    assert started.wait(20)
    assert c.get("/watch?bots=marquise,eyrie&seed=902&max_rounds=2").status_code == 429  # the same client: one at a time
    with watch._computing:  # the server's bound taken by other clients' games
        r = TestClient(create_app(tmp_path), client=("10.0.0.9", 5000)).get("/watch?bots=marquise,eyrie&seed=903&max_rounds=2")
        assert r.status_code == 503 and "try again" in r.text
    assert c.get("/").status_code == 200  # the table is not stalled meanwhile
    release.set()
    first.join(30)
    assert results == [200]


def test_one_client_s_requests_in_flight_are_bounded(tmp_path: Path) -> None:
    from rootbotics.web.guard import Guard

    guard = create_app(tmp_path)
    assert isinstance(guard, Guard)
    guard.in_flight["testclient"] = guard.per_client  # as if that many were still running
    assert TestClient(guard).get("/").status_code == 429
    assert TestClient(guard, client=("10.0.0.2", 1)).get("/").status_code == 200  # another device is not held up
    guard.in_flight.clear()
    assert TestClient(guard).get("/").status_code == 200 and not guard.in_flight


def test_each_session_has_its_own_lock(tmp_path: Path) -> None:
    c = KeyedClient(create_app(tmp_path))
    c.post("/new", data={**NEW, "name": "one"})
    c.post("/new", data={**NEW, "name": "two"})
    store = c.app.app.state.store  # type: ignore[attr-defined]
    assert store.lock_of("one") is store.lock_of("one") and store.lock_of("one") is not store.lock_of("two")
    done: list[int] = []
    with store.lock_of("one"):  # a long entry in game one does not hold up game two
        t = threading.Thread(target=lambda: done.append(c.post("/game/two/all", headers=HX).status_code))
        t.start()
        t.join(30)
    assert done == [200]


def test_a_line_and_a_turn_have_a_cap(tmp_path: Path) -> None:
    c = KeyedClient(create_app(tmp_path))
    c.post("/new", data=NEW)
    c.post("/game/game-1/all", headers=HX)
    saved = (tmp_path / "game-1.json").read_text()
    long = c.post("/game/game-1/enter", data={"text": "w->1/" * 200}, headers=HX).text
    assert refused(long).startswith(f"line: 1000 characters; at most {MAX_LINE}")
    many = c.post("/game/game-1/enter", data={"text": "/".join(["w->1"] * (MAX_LINE_ACTIONS + 1))}, headers=HX).text
    assert refused(many).startswith(f"line: {MAX_LINE_ACTIONS + 1} actions; at most {MAX_LINE_ACTIONS}")
    assert (tmp_path / "game-1.json").read_text() == saved


def test_a_session_is_deleted_from_the_page(tmp_path: Path) -> None:
    c = KeyedClient(create_app(tmp_path))
    c.post("/new", data={**NEW, "name": "gone"})
    c.post("/new", data={**NEW, "name": "kept"})
    index = c.get("/").text
    assert 'action="/game/gone/delete"' in index and "confirm(" in index
    r = c.post("/game/gone/delete", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/"
    assert not (tmp_path / "gone.json").exists() and (tmp_path / "kept.json").exists()
    assert c.get("/game/gone").status_code == 404 and c.post("/game/gone/delete").status_code == 404
    assert "gone" not in c.get("/").text


def test_error_in_the_address_carries_no_free_text(tmp_path: Path) -> None:
    c = KeyedClient(create_app(tmp_path))
    c.post("/new", data=NEW)
    for url in ("/game/game-1?error=Your+game+is+lost%3A+visit+evil.example", "/?error=Your+game+is+lost"):
        assert "evil" not in c.get(url).text and "Your game is lost" not in c.get(url).text
    c.post("/game/game-1/all", headers=HX)
    r = c.post("/game/game-1/enter", data={"text": "w->1/Xw1"}, follow_redirects=False)
    assert r.status_code == 303 and re.fullmatch(r"/game/game-1\?error=[0-9a-f]{12}", r.headers["location"])
    page = c.get(r.headers["location"]).text
    assert refused(page) and 'value="w-&gt;1/Xw1"' in page  # the refusal and the line come back by their id


def test_the_token_link_prints_a_real_address() -> None:
    from rootbotics.cli.serve import address_of, serve_plan

    _, token, lines = serve_plan("0.0.0.0", 8000, "s")
    link = re.search(r"Open (http://\S+)", lines[1]).group(1)
    assert "<" not in link and link.endswith(f":8000/?token={token}")
    assert re.fullmatch(r"http://[^/:<>\s]+(:\d+)/\?token=\S+|http://\[[0-9a-f:]+\](:\d+)/\?token=\S+", link)
    assert address_of("192.168.1.20") == "192.168.1.20" and address_of("fe80::1") == "[fe80::1]"
