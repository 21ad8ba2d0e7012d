"""Rendering pages: the Jinja2 templates of the package, and the one-line error page."""

from __future__ import annotations

import secrets
from collections import OrderedDict
from pathlib import Path
from typing import Any

from fastapi import Request
from fastapi.responses import HTMLResponse, RedirectResponse
from fastapi.templating import Jinja2Templates

HERE = Path(__file__).resolve().parent
templates = Jinja2Templates(directory=str(HERE / "templates"))


def page(request: Request, template: str, context: dict[str, Any], status: int = 200) -> HTMLResponse:
    return templates.TemplateResponse(request, template, context, status_code=status)


def problem(request: Request, message: str, status: int = 400) -> HTMLResponse:
    """A one-line error as a page (never a traceback)."""
    return page(request, "problem.html", {"message": message}, status)


def is_htmx(request: Request) -> bool:
    return request.headers.get("hx-request") == "true"


def go(url: str) -> RedirectResponse:
    return RedirectResponse(url, status_code=303)


# Refusals carried over a redirect (a plain form post): the address names one by a random id,
# never by its text, so a link cannot put words of its own on the page (issue 30 item 10).
KEPT = 64
_refusals: OrderedDict[str, tuple[str, str]] = OrderedDict()


def keep_refusal(message: str, text: str = "") -> str:
    """The id under which a refusal (and the line refused) is kept for the page after a redirect."""
    ref = secrets.token_hex(6)
    _refusals[ref] = (message[:300], text[:MAX_SHOWN])
    while len(_refusals) > KEPT:
        _refusals.popitem(last=False)
    return ref


def refusal(ref: str | None) -> tuple[str | None, str]:
    """The refusal kept under ``ref`` (none: an unknown id, free text, or nothing)."""
    message, text = _refusals.get(ref or "", (None, ""))
    return message, text


MAX_SHOWN = 2000
