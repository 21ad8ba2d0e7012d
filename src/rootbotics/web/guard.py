"""What every request passes first: the access token when the app listens beyond this machine,
the origin of every write, the names this app answers to, a bound on each client's requests in
flight, and a bound on the size of request bodies (issue 30 item 10).

A plain ASGI middleware. It answers
- 403 without the token (given once as ``?token=`` in the URL, then kept in a cookie);
- 403 for a write (any method but GET, HEAD, OPTIONS) that a browser says came from another
  site: an ``Origin`` (or, without one, a ``Referer``) whose host is not the ``Host`` the request
  was sent to, ``Origin: null``, or ``Sec-Fetch-Site: cross-site``. In every mode: a page of
  another site open in the same browser cannot undo a move or make sessions;
- 403 for a ``Host`` not in ``hosts`` (on this machine only: a name that resolves here by DNS
  rebinding cannot read the pages);
- 429 when one client already has ``per_client`` requests in flight;
- 413 for a body over ``limit`` bytes, counted as it arrives.
"""

from __future__ import annotations

import hmac
from collections.abc import Awaitable, Callable, MutableMapping
from http.cookies import CookieError, SimpleCookie
from typing import Any
from urllib.parse import parse_qs, urlsplit

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
COOKIE = "rootbotics_token"
SAFE = ("GET", "HEAD", "OPTIONS")
PER_CLIENT = 12  # requests of one client in flight at once (a page, its polling, a few clicks)


class TooLarge(Exception):
    """The request body went over the limit."""


class Guard:
    """The token check, the origin and host checks, the per-client bound and the body limit."""

    def __init__(self, app: Callable[[Scope, Receive, Send], Awaitable[None]], token: str | None, limit: int,
                 hosts: tuple[str, ...] | None = None, per_client: int = PER_CLIENT) -> None:
        self.app, self.token, self.limit, self.hosts, self.per_client = app, token, limit, hosts, per_client
        self.in_flight: dict[str, int] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        refusal = self._refusal(scope, headers)
        if refusal is not None:
            await _answer(send, *refusal)
            return
        client = (scope.get("client") or ("?", 0))[0]
        if self.in_flight.get(client, 0) >= self.per_client:
            await _answer(send, 429, f"too many requests at once from this device (at most {self.per_client}); try again")
            return
        self.in_flight[client] = self.in_flight.get(client, 0) + 1
        try:
            await self._pass(scope, receive, send, headers)
        finally:
            self.in_flight[client] -= 1
            if not self.in_flight[client]:
                del self.in_flight[client]

    def _refusal(self, scope: Scope, headers: dict[str, str]) -> tuple[int, str] | None:
        """Why the request is refused before it reaches the app, or None."""
        host = headers.get("host", "")
        if self.hosts is not None and _hostname(host) not in self.hosts:
            return 403, f"forbidden: this app answers to {', '.join(self.hosts)}, not to {host[:60]!r}"
        if self.token is not None and not _same(self._token_given(scope, headers), self.token):
            return 403, "forbidden: open the link with the token that 'rootbotics serve' printed"
        if scope.get("method", "GET") not in SAFE and not _same_origin(headers):
            return 403, "forbidden: a write from another site (only this app's own pages may change a game)"
        try:
            length = int(headers.get("content-length", "0") or 0)
        except ValueError:
            return 400, "bad request: content-length is not a number"
        if length > self.limit:
            return 413, f"request body too large (at most {self.limit} bytes)"
        return None

    async def _pass(self, scope: Scope, receive: Receive, send: Send, headers: dict[str, str]) -> None:
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
                if self.token is not None and "token=" in scope.get("query_string", b"").decode("latin-1"):
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
        try:
            cookie = SimpleCookie(headers.get("cookie", ""))
        except CookieError:
            return None
        return cookie[COOKIE].value if COOKIE in cookie else None


def _same(given: str | None, token: str) -> bool:
    """The token compared in constant time (as bytes: a non-ASCII one is just wrong)."""
    return given is not None and hmac.compare_digest(given.encode("utf-8", "replace"), token.encode("utf-8"))


def _hostname(host: str) -> str:
    """``Host``'s name without the port (``[::1]:8000`` -> ``[::1]``)."""
    if host.startswith("["):
        return host[: host.find("]") + 1] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def _same_origin(headers: dict[str, str]) -> bool:
    """Whether a write came from this app's own pages, as far as the browser tells: its
    ``Origin`` (else ``Referer``) names the host the request was sent to. A request that names
    neither is not a browser's cross-site one (browsers send ``Origin`` on every cross-origin
    POST), so it passes: a script of one's own, the tests."""
    if headers.get("sec-fetch-site") in ("cross-site", "same-site"):
        return False
    source = headers.get("origin") or headers.get("referer")
    if source is None:
        return True
    if source == "null":
        return False
    try:
        netloc = urlsplit(source).netloc
    except ValueError:
        return False
    return netloc.lower() == headers.get("host", "").lower()


async def _answer(send: Send, status: int, text: str) -> None:
    body = (text + "\n").encode()
    await send({"type": "http.response.start", "status": status, "headers": [(b"content-type", b"text/plain; charset=utf-8"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
