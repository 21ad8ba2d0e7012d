"""What every request passes first (part 5 of the web issue): the access token when the app
listens beyond this machine, and a bound on the size of request bodies.

A plain ASGI middleware: it answers 403 without the token (given once as ``?token=`` in the
URL, then kept in a cookie) and 413 for a body over ``limit`` bytes, counted as it arrives.
"""

from __future__ import annotations

import hmac
from collections.abc import Awaitable, Callable, MutableMapping
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import parse_qs

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
COOKIE = "rootbotics_token"


class TooLarge(Exception):
    """The request body went over the limit."""


class Guard:
    """The token check and the body limit around the application."""

    def __init__(self, app: Callable[[Scope, Receive, Send], Awaitable[None]], token: str | None, limit: int) -> None:
        self.app, self.token, self.limit = app, token, limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        given = self._token_given(scope, headers)
        if self.token is not None and not (given and hmac.compare_digest(given, self.token)):
            await _answer(send, 403, "forbidden: open the link with the token that 'rootbotics serve' printed")
            return
        if int(headers.get("content-length", "0") or 0) > self.limit:
            await _answer(send, 413, f"request body too large (at most {self.limit} bytes)")
            return
        started = False
        seen = 0

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.limit:
                raise TooLarge
            return message

        async def sending(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                if self.token is not None and given and "token=" in scope.get("query_string", b"").decode("latin-1"):
                    message.setdefault("headers", [])
                    message["headers"] = [*message["headers"], (b"set-cookie", f"{COOKIE}={self.token}; HttpOnly; SameSite=Strict; Path=/".encode())]
            await send(message)

        try:
            await self.app(scope, counted, sending)
        except TooLarge:
            if not started:
                await _answer(send, 413, f"request body too large (at most {self.limit} bytes)")

    @staticmethod
    def _token_given(scope: Scope, headers: dict[str, str]) -> str | None:
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        if "token" in query:
            return query["token"][0]
        cookie = SimpleCookie(headers.get("cookie", ""))
        return cookie[COOKIE].value if COOKIE in cookie else None


async def _answer(send: Send, status: int, text: str) -> None:
    body = (text + "\n").encode()
    await send({"type": "http.response.start", "status": status, "headers": [(b"content-type", b"text/plain; charset=utf-8"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
