"""Watch a game record (``rootbotics replay FILE``'s file, format ``rootbotics-game``) sent from
the browser: checked as ``replay`` checks it (a broken file gets the one-line error naming the
field), played again with its human seats answering as recorded, and shown step by step like
any watched game; the event digest says whether the replay rebuilt the recorded game."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from fastapi import APIRouter, Request, UploadFile
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import Response

from ..core.events import EventLog
from ..core.serial import StateError
from ..record import ReplayController, check_record, digest
from .forms import choices
from .pages import go, page
from .watch import MAX_ROUNDS, Busy, Watched, computing, keep_record, watch_game

router = APIRouter()


class BadRecord(ValueError):
    """A file that is not a game record this engine reads: one line."""


def watch_record(data: bytes, filename: str, client: str = "") -> Watched:
    """The recorded game played again, each step kept (``BadRecord`` when the file is not one)."""
    try:
        raw: Any = json.loads(data.decode("utf-8"))
        config = check_record(raw)
    except UnicodeDecodeError:
        raise BadRecord("the file is not UTF-8 text") from None
    except (ValueError, RecursionError) as e:  # StateError is a ValueError naming the field
        raise BadRecord(str(e) if isinstance(e, StateError) else f"the file is not valid JSON ({e})") from None
    if config.max_rounds > MAX_ROUNDS:  # every step's position is kept: bound the work a file can ask
        raise BadRecord(f"config.max_rounds: {config.max_rounds} is more than the {MAX_ROUNDS} rounds the watch page plays")
    decisions = raw.get("decisions", [])
    humans = {s.faction: ReplayController(s.faction, decisions) for s in config.seats if s.seat == "human"}
    game = computing(client, lambda: watch_game(config, humans))  # type: ignore[arg-type]
    game.source = filename
    want = raw.get("result", {}).get("digest")
    got = digest(EventLog(list(game.log)))
    if want is not None and got != want and game.failure is None:
        game.failure = f"the replay's events differ from the record (digest {got[:12]} != {str(want)[:12]})"
    return game


@router.post("/watch/record")
async def upload_record(request: Request, file: UploadFile) -> Response:
    data = await file.read()
    name = "".join(ch for ch in (file.filename or "record.json") if ch.isalnum() or ch in "._-")[:60] or "record.json"
    try:
        game = await run_in_threadpool(watch_record, data, name, request.client.host if request.client else "")
    except (BadRecord, Busy) as e:
        return page(request, "watch.html", {**choices(), "game": None, "query": {}, "error": f"{name}: {e}"}, e.status if isinstance(e, Busy) else 400)
    key = hashlib.sha256(data).hexdigest()[:16]
    keep_record(key, game)
    return go(f"/watch?record={key}")
