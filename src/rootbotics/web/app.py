"""The application: ``create_app(sessions, token, limit)`` gives the ASGI app that ``rootbotics
serve`` runs (FastAPI routes of ``tables`` and ``watch``, the package's static files, and the
``Guard`` in front: the token, the origin of writes, the host, each client's requests in flight
and the body limit)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from . import records, tables, watch
from .guard import Guard
from .pages import HERE, problem
from .store import Store

LIMIT = 2_000_000  # bytes of a request body (a long session file is well under this)


def create_app(sessions: Path, token: str | None = None, limit: int = LIMIT, hosts: tuple[str, ...] | None = None) -> Any:
    """The app over the sessions folder ``sessions``; with ``token``, every request needs it;
    with ``hosts``, a request sent to another name is refused (``serve`` on this machine)."""
    app = FastAPI(title="rootbotics", docs_url=None, redoc_url=None, openapi_url=None)
    app.state.store = Store(sessions)
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")
    app.include_router(tables.router)
    app.include_router(watch.router)
    app.include_router(records.router)
    app.add_exception_handler(HTTPException, _http_problem)  # type: ignore[arg-type]
    app.add_exception_handler(RequestValidationError, _bad_request)  # type: ignore[arg-type]
    app.add_exception_handler(Exception, _failure)
    return Guard(app, token, limit, hosts)


async def _http_problem(request: Request, exc: HTTPException) -> Response:
    return problem(request, f"{exc.status_code}: {exc.detail}", exc.status_code)


async def _bad_request(request: Request, exc: RequestValidationError) -> Response:
    first = exc.errors()[0] if exc.errors() else {}
    where = ".".join(str(x) for x in first.get("loc", ()) if x != "body") or "request"
    return problem(request, f"{where}: {first.get('msg', 'not valid')}", 400)


async def _failure(request: Request, exc: Exception) -> Response:
    """Anything unexpected: one line, never a traceback page."""
    return problem(request, f"the server could not do that: {type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"[:300], 500)
