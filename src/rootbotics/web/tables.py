"""The table companion in the browser: the new-game form, the game page, entries (a Rootlog
line or an answer, ok, done), undo/redo, and session files downloaded and uploaded. Every entry
goes through ``table.session.Session``, exactly as at the terminal."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from fastapi import APIRouter, Request, UploadFile
from fastapi.responses import FileResponse, Response

from ..table.chance import parse_answer
from ..table.replay import Refused
from ..table.session import Session, SessionError
from .forms import FormError, choices, table_config
from .moves import decision_key, decision_of
from .pages import go, is_htmx, page, problem
from .store import BadName, Store
from .views import game_view

router = APIRouter()


def store_of(request: Request) -> Store:
    return request.app.state.store


@router.get("/")
def index(request: Request) -> Response:
    store = store_of(request)
    return page(request, "index.html", {"sessions": store.names(), **choices(), "error": request.query_params.get("error", "")[:300], "form": {}})


@router.post("/new")
async def new_game(request: Request) -> Response:
    form = await request.form()
    fields: dict[str, Any] = {k: (form.getlist(k) if k.startswith("traits_") or k == "variant" else form.get(k)) for k in form.keys()}
    store = store_of(request)
    try:
        with store.lock:
            name = store.create(table_config(fields), str(fields.get("name") or "").strip() or None)
    except (FormError, SessionError, BadName) as e:
        return page(request, "index.html", {"sessions": store.names(), **choices(), "error": str(e), "form": fields}, 400)
    return go(f"/game/{name}")


@router.get("/game/{name}")
def game_page(request: Request, name: str) -> Response:
    try:
        session = store_of(request).get(name)
    except (BadName, SessionError) as e:
        return problem(request, str(e), 404 if isinstance(e, BadName) else 400)
    return page(request, "game.html", game_view(name, session, request.query_params.get("error", "")[:300] or None))


def _after(request: Request, name: str, session: Session, error: str | None = None, told: list[str] | None = None) -> Response:
    """The game page again: rendered for htmx, a redirect for a plain form (nothing re-posts)."""
    if is_htmx(request):
        return page(request, "game.html", game_view(name, session, error, told))
    return go(f"/game/{name}" + (f"?error={quote(error)}" if error else ""))


async def _act(request: Request, name: str, what: str) -> Response:
    store = store_of(request)
    form = await request.form()
    try:
        with store.lock:
            session = store.get(name)
            told = act(session, what, str(form.get("text", "") or ""), str(form.get("key", "") or ""))
            store.saved(name, session)
    except (BadName, SessionError) as e:
        return problem(request, str(e), 404 if isinstance(e, BadName) else 400)
    except (Refused, ValueError) as e:
        return _after(request, name, session, str(e))
    return _after(request, name, session, None, told)


def act(session: Session, what: str, text: str, key: str = "") -> list[str]:
    """One thing done at the table; returns what a human line or move changed (``Refused``/
    ``ValueError`` with one line, nothing changed, when it does not fit)."""
    play = session.play
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
    elif what == "undo":
        if not session.undo(1):
            raise Refused("nothing to undo")
    elif what == "redo":
        if not session.redo(1):
            raise Refused("nothing to redo")
    return []


def enter(session: Session, text: str) -> list[str]:
    """An answer to the open question, or a Rootlog line of the human whose turn it is."""
    play = session.play
    text = text.strip()
    if not text:
        raise Refused("line: type a Rootlog line (or the answer asked for)")
    if play.pending is not None:
        deck = play.game.state.deckdef if play.g is not None else None
        try:
            value = parse_answer(play.pending, text, deck)  # type: ignore[arg-type]
        except ValueError as e:
            raise Refused(f"answer: {e}") from None
        ask = play.pending.ask
        session.enter({"kind": "answer", "ask": ask, "value": value})
        return list(session.play.law_told) if ask == "move" else []  # what the move did
    if play.open is None or play.unconfirmed:
        raise Refused("line: nobody is entering moves now (carry out the bot's steps first)")
    session.enter({"kind": "line", "faction": play.open.faction, "text": text})
    return list(session.play.told)


def move(session: Session, number: str, key: str) -> list[str]:
    """A legal move clicked on the page: its number in the list the page showed (``key``: that
    decision). Answered as the terminal's typed number is (``enter``); refused, with nothing
    changed, when the game has moved on since the page showed it."""
    if decision_of(session) is None:
        raise Refused("move: the game moved on, no seat is asked for a legal move now; here it is now")
    if key != decision_key(session):
        raise Refused("move: the game moved on since this page showed the decision; here it is now, choose again")
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
    try:
        with store.lock:
            name = store.upload(data)
    except (SessionError, BadName) as e:
        where = f"{(file.filename or 'upload')[:60]}: "
        return page(request, "index.html", {"sessions": store.names(), **choices(), "error": where + str(e), "form": {}}, 400)
    return go(f"/game/{name}")
