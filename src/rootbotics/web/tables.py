"""The table companion in the browser: the new-game form, the game page, entries (a Rootlog
line or an answer, ok, done), undo/redo, and session files downloaded and uploaded. Every entry
goes through ``table.session.Session``, exactly as at the terminal."""

from __future__ import annotations

import re
from typing import Any

from fastapi import APIRouter, Request, UploadFile
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import FileResponse, PlainTextResponse, Response

from ..table.chance import parse_answer
from ..table.law import secret
from ..table.replay import Refused
from ..table.session import Session, SessionError
from ..table.text import entries_said
from .forms import FormError, choices, table_config
from .moves import decision_key, decision_of
from .pages import go, is_htmx, keep_refusal, page, problem, refusal
from .store import BadName, Store
from .views import game_view

router = APIRouter()
MAX_LINE = 500  # characters of one Rootlog line (a whole turn is rarely a tenth of it)
MAX_LINE_ACTIONS = 40  # actions of one line
MAX_TURN_ACTIONS = 200  # actions of one human's setup or turn, over all its lines
STALE = "the game moved on since this page showed it; here it is now"


def store_of(request: Request) -> Store:
    return request.app.state.store


@router.get("/")
def index(request: Request) -> Response:
    store = store_of(request)
    return page(request, "index.html", {"sessions": store.names(), **choices(), "error": refusal(request.query_params.get("error"))[0] or "", "form": {}})


@router.post("/new")
async def new_game(request: Request) -> Response:
    form = await request.form()
    fields: dict[str, Any] = {k: (form.getlist(k) if k.startswith("traits_") or k == "variant" else form.get(k)) for k in form.keys()}
    store = store_of(request)
    try:
        name = await run_in_threadpool(_create, store, fields)
    except (FormError, SessionError, BadName) as e:
        return page(request, "index.html", {"sessions": store.names(), **choices(), "error": str(e), "form": fields}, 400)
    return go(f"/game/{name}")


def _create(store: Store, fields: dict[str, Any]) -> str:
    with store.lock:
        return store.create(table_config(fields), str(fields.get("name") or "").strip() or None)


@router.get("/game/{name}")
async def game_page(request: Request, name: str) -> Response:
    store = store_of(request)
    try:
        session = await run_in_threadpool(_read, store, name)
    except (BadName, SessionError) as e:
        return problem(request, str(e), 404 if isinstance(e, BadName) else 400)
    error, text = refusal(request.query_params.get("error"))
    return page(request, "game.html", game_view(name, session, error, None, text))


@router.get("/game/{name}/key")
async def game_key(request: Request, name: str) -> Response:
    """The key of what the game page shows now: an open page asks for it every few seconds and
    fetches the page again when it changed (another device, a terminal on the same file)."""
    store = store_of(request)
    try:
        key = await run_in_threadpool(lambda: decision_key(_read(store, name)))
    except (BadName, SessionError) as e:
        return PlainTextResponse(str(e), 404 if isinstance(e, BadName) else 400)
    return PlainTextResponse(key, headers={"cache-control": "no-store"})


def _read(store: Store, name: str) -> Session:
    with store.lock_of(name):
        return store.get(name)


def _after(request: Request, name: str, session: Session, error: str | None = None, told: list[str] | None = None, text: str = "") -> Response:
    """The game page again: rendered for htmx, a redirect for a plain form (nothing re-posts);
    a refused line comes back in its box."""
    if is_htmx(request):
        return page(request, "game.html", game_view(name, session, error, told, text))
    return go(f"/game/{name}" + (f"?error={keep_refusal(error, text)}" if error else ""))


async def _act(request: Request, name: str, what: str) -> Response:
    store = store_of(request)
    form = await request.form()
    text, key = str(form.get("text", "") or ""), str(form.get("key", "") or "")

    def run() -> tuple[Session, list[str] | str]:
        with store.lock_of(name):
            session = store.get(name)
            try:
                told = act(session, what, text, key)
            except (Refused, ValueError) as e:
                return session, str(e)
            store.saved(name, session)
            return session, told

    try:
        session, told = await run_in_threadpool(run)
    except (BadName, SessionError) as e:
        return problem(request, str(e), 404 if isinstance(e, BadName) else 400)
    if isinstance(told, str):  # refused: nothing changed; a line typed stays in its box (a secret answer does not)
        kept = text if what == "enter" and told != STALE and secret(decision_of(session)) is None else ""
        return _after(request, name, session, told, None, kept)
    return _after(request, name, session, None, told)


def act(session: Session, what: str, text: str, key: str = "") -> list[str]:
    """One thing done at the table; returns what a human line or move changed (``Refused``/
    ``ValueError`` with one line, nothing changed, when it does not fit). ``key`` is the key
    of what the page showed (``moves.decision_key``): every action from a page the game has
    moved on from (another device, an undo, a terminal) is refused before anything is done."""
    play = session.play
    if what != "move" and key != decision_key(session):
        raise Refused(STALE)
    if what == "enter":
        return enter(session, text)
    if what == "move":
        return move(session, text, key)
    if what in ("ok", "all"):
        if not play.unconfirmed:
            raise Refused("no bot step is waiting to be confirmed")
        session.enter({"kind": "ok", "n": len(play.unconfirmed) if what == "all" else 1})
    elif what == "back":
        if not session.entries or session.entries[-1].get("kind") != "ok":
            raise Refused("back: the last entry is not a confirmed bot step (use undo)")
        session.undo(1)
    elif what == "done":
        if play.open is None:
            raise Refused("done: no human is setting up or taking a turn now")
        session.enter({"kind": "done", "faction": play.open.faction})
    elif what == "undo":  # said as the terminal says it (issue 30 item 7)
        if not session.undo(1):
            raise Refused("nothing to undo")
        return [f"undid 1 entry: {entries_said(session, session.undone[:1])}"]
    elif what == "redo":
        if not session.redo(1):
            raise Refused("nothing to redo")
        return [f"redid 1 entry: {entries_said(session, session.entries[-1:])}"]
    return []


def enter(session: Session, text: str) -> list[str]:
    """An answer to the open question, or a Rootlog line of the human whose turn it is."""
    play = session.play
    text = text.strip()
    if not text:
        raise Refused("line: type a Rootlog line (or the answer asked for)")
    if len(text) > MAX_LINE:
        raise Refused(f"line: {len(text)} characters; at most {MAX_LINE} in one line (send the turn in several)")
    if play.pending is not None:
        deck = play.game.state.deckdef if play.g is not None else None
        try:
            value = parse_answer(play.pending, text, deck)  # type: ignore[arg-type]
        except ValueError as e:
            raise Refused(f"answer: {e}") from None
        ask, seen = play.pending.ask, len(play.told)
        session.enter({"kind": "answer", "ask": ask, "value": value})
        if ask == "move":
            return list(session.play.law_told)  # what the move did
        return list(session.play.told[seen:])  # what the line asked about did, once answered (as the terminal tells it)
    if play.open is None or play.unconfirmed:
        raise Refused("line: nobody is entering moves now (carry out the bot's steps first)")
    actions = len(_actions(text))
    if actions > MAX_LINE_ACTIONS:
        raise Refused(f"line: {actions} actions; at most {MAX_LINE_ACTIONS} in one line (send the turn in several)")
    if actions + turn_actions(session) > MAX_TURN_ACTIONS:
        raise Refused(f"line: this {play.open.stage} would have more than {MAX_TURN_ACTIONS} actions")
    session.enter({"kind": "line", "faction": play.open.faction, "text": text})
    return list(session.play.told)


def _actions(text: str) -> list[str]:
    """The actions of a line (``/`` or ``;`` between them, a ``//`` comment left out)."""
    body = text.split("//", 1)[0]
    return [a for a in re.split(r"[/;]", body) if a.strip()]


def turn_actions(session: Session) -> int:
    """The actions the open setup or turn has had so far: its lines since the last other entry."""
    play = session.play
    if play.open is None:
        return 0
    n = 0
    for entry in reversed(session.entries):
        if entry.get("kind") != "line" or entry.get("faction") != play.open.faction:
            break
        n += len(_actions(str(entry.get("text", ""))))
    return n


def move(session: Session, number: str, key: str) -> list[str]:
    """A legal move clicked on the page: its number in the list the page showed (``key``: that
    decision). Answered as the terminal's typed number is (``enter``); refused, with nothing
    changed, when the game has moved on since the page showed it."""
    if decision_of(session) is None:
        raise Refused("move: the game moved on, no seat is asked for a legal move now; here it is now")
    if key != decision_key(session):
        raise Refused("move: the game moved on since this page showed the decision; here it is now, choose again")
    hidden = secret(decision_of(session))
    if hidden is not None:  # the answer's word (LoR 13.2.2.1); one not left is refused unnamed
        if number.strip() not in hidden:
            raise Refused(f"move: choose one of {', '.join(hidden)}")
        return enter(session, number.strip())
    if not number.strip().isdigit():
        raise Refused(f"move: {number.strip()[:20]!r} is not the number of a move")
    return enter(session, number.strip())


for _what in ("enter", "ok", "all", "back", "done", "undo", "redo", "move"):
    async def _route(request: Request, name: str, _what: str = _what) -> Response:
        return await _act(request, name, _what)

    router.add_api_route(f"/game/{{name}}/{_what}", _route, methods=["POST"], name=f"game_{_what}")


@router.get("/game/{name}/download")
def download(request: Request, name: str) -> Response:
    try:
        path = store_of(request).path(name)
    except BadName as e:
        return problem(request, str(e), 404)
    if not path.exists():
        return problem(request, f"no session named {name!r}", 404)
    return FileResponse(path, media_type="application/json", filename=f"{name}.json")


@router.post("/upload")
async def upload(request: Request, file: UploadFile) -> Response:
    store = store_of(request)
    data = await file.read()

    def run() -> str:
        with store.lock:
            return store.upload(data)

    try:
        name = await run_in_threadpool(run)
    except (SessionError, BadName) as e:
        where = f"{(file.filename or 'upload')[:60]}: "
        return page(request, "index.html", {"sessions": store.names(), **choices(), "error": where + str(e), "form": {}}, 400)
    return go(f"/game/{name}")


@router.post("/game/{name}/delete")
async def delete(request: Request, name: str) -> Response:
    """A session deleted from the list of table games (its file too: download it first to keep it)."""
    store = store_of(request)
    try:
        await run_in_threadpool(store.delete, name)
    except BadName as e:
        return problem(request, str(e), 404)
    return go("/")
