"""Rendering pages: the Jinja2 templates of the package, and the one-line error page."""

from __future__ import annotations

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
