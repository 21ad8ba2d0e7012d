"""A TestClient that posts as the game page does: every write to a game carries the key of what
the page showed (issue 30 item 9), read just before from ``/game/<name>/key`` unless the test
gives one (a stale page's)."""

from __future__ import annotations

import re
from typing import Any

from fastapi.testclient import TestClient

WRITE = re.compile(r"^/game/([^/?]+)/(\w+)")


def key_of(client: Any, url: str) -> str | None:
    m = WRITE.match(url)
    if m is None or m.group(2) == "delete":
        return None
    r = client.get(f"/game/{m.group(1)}/key" + ("?" + url.split("?", 1)[1] if "?" in url else ""))
    return r.text if r.status_code == 200 else None


class KeyedClient(TestClient):
    def post(self, url: Any, *args: Any, data: Any = None, **kwargs: Any) -> Any:  # type: ignore[override]
        if isinstance(url, str) and (data is None or "key" not in data):
            key = key_of(self, url)
            if key is not None:
                data = {**(data or {}), "key": key}
        return super().post(url, *args, data=data, **kwargs)
