"""The sessions folder: table sessions by name, each the same file ``rootbotics table`` writes.

A name is letters, digits, ``-`` and ``_`` (at most 64), so no request can name a file outside
the folder; the file is ``<folder>/<name>.json``. Open sessions are kept in memory and read
again when their file changed on disk (a terminal playing the same game, a server restart).
"""

from __future__ import annotations

import json
import re
import threading
from pathlib import Path
from typing import Any

from ..table.session import Session, SessionError, TableConfig, read_session

NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")


class BadName(ValueError):
    """A session name that is not letters, digits, - and _ (or names no session)."""


class Store:
    """The table sessions kept in one folder."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder).resolve()
        self.folder.mkdir(parents=True, exist_ok=True)
        self.lock = threading.RLock()  # names: making, uploading, deleting a session
        self._locks: dict[str, threading.RLock] = {}  # one entry at a time in each session
        self._open: dict[str, tuple[float, Session]] = {}

    def lock_of(self, name: str) -> threading.RLock:
        """The lock of session ``name``: entries of one game wait for each other, not for other games."""
        with self.lock:
            return self._locks.setdefault(name, threading.RLock())

    def path(self, name: str) -> Path:
        """The file of session ``name``; ``BadName`` unless the name is safe."""
        if not NAME.fullmatch(name):
            raise BadName(f"session name {name[:40]!r}: use letters, digits, - and _ (at most 64)")
        path = self.folder / f"{name}.json"
        if path.resolve().parent != self.folder:  # a symbolic link out of the folder
            raise BadName(f"session name {name!r}: its file is not in the sessions folder")
        return path

    def names(self) -> list[str]:
        """The sessions in the folder, newest first."""
        files = [p for p in self.folder.glob("*.json") if NAME.fullmatch(p.stem)]
        return [p.stem for p in sorted(files, key=lambda p: p.stat().st_mtime, reverse=True)]

    def free_name(self, stem: str = "game") -> str:
        n = 1
        while (self.folder / f"{stem}-{n}.json").exists():
            n += 1
        return f"{stem}-{n}"

    def get(self, name: str) -> Session:
        """Session ``name``, read again if its file changed (``SessionError``, ``BadName``)."""
        path = self.path(name)
        if not path.exists():
            raise BadName(f"no session named {name!r} in the sessions folder")
        mtime = path.stat().st_mtime
        cached = self._open.get(name)
        if cached is not None and cached[0] == mtime:
            return cached[1]
        session = Session.load(path)
        self._open[name] = (mtime, session)
        return session

    def saved(self, name: str, session: Session) -> None:
        """Remember ``session`` as written just now."""
        self._open[name] = (self.path(name).stat().st_mtime, session)

    def create(self, config: TableConfig, name: str | None = None) -> str:
        """A new session (``SessionError`` for a bad configuration, ``BadName`` if taken)."""
        name = name or self.free_name()
        path = self.path(name)
        if path.exists():
            raise BadName(f"session name {name!r}: a session of that name exists")
        session = Session(config, path)
        session.save()
        self.saved(name, session)
        return name

    def delete(self, name: str) -> None:
        """Session ``name`` deleted, its file and what is kept of it (``BadName`` if none)."""
        path = self.path(name)
        with self.lock, self.lock_of(name):
            if not path.exists():
                raise BadName(f"no session named {name!r} in the sessions folder")
            path.unlink()
            self._open.pop(name, None)

    def upload(self, data: bytes, name: str | None = None) -> str:
        """A session file sent by a browser, checked as ``table resume`` checks it, then kept."""
        try:
            raw: Any = json.loads(data.decode("utf-8"))
            config, entries, undone = read_session(raw)
        except UnicodeDecodeError:
            raise SessionError("", "the file is not UTF-8 text") from None
        except SessionError:
            raise
        except RecursionError:
            raise SessionError("", "the file is nested too deeply to be a session") from None
        except ValueError as e:
            raise SessionError("", f"the file is not valid JSON ({e})") from None
        name = name or self.free_name("upload")
        path = self.path(name)
        if path.exists():
            raise BadName(f"session name {name!r}: a session of that name exists")
        session = Session(config, path, entries, undone)
        session.save()
        self.saved(name, session)
        return name
