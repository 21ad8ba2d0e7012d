"""``rootbotics serve``: the table companion and watched bot games in the browser (``web/``).

No ``from __future__ import annotations`` here: typer reads the annotations at run time.
"""

import sys
from pathlib import Path
from typing import Annotated, Any

from .common import CliError

HELP = (
    "Play against the bots and watch bot games in a browser: a board you can see, on this machine.\n\n"
    "Starts a local web app on 127.0.0.1:8000 (needs the 'web' extra: pip install 'rootbotics[web]'). Table "
    "games are the same session files as 'rootbotics table', kept in --sessions. With --host 0.0.0.0 phones "
    "on the same network can join: then every request needs the random token printed with the address."
)
NEED_WEB = "the 'web' extra is needed: pip install 'rootbotics[web]'"
LOCAL = ("127.0.0.1", "localhost", "::1")
LOCAL_HOSTS = ("127.0.0.1", "localhost", "[::1]")  # the names a page on this machine reaches the app by
ANY = ("0.0.0.0", "::", "")


def address_of(host: str) -> str:
    """The address the token link names: the one given, else (listening on every address) this
    machine's address on its network, as another device reaches it (the interface a route out
    leaves by; nothing is sent), else its host name."""
    if host not in ANY:
        return f"[{host}]" if ":" in host else host
    import socket

    for family, probe in ((socket.AF_INET, "192.0.2.1"), (socket.AF_INET6, "2001:db8::1")):
        try:
            with socket.socket(family, socket.SOCK_DGRAM) as s:
                s.connect((probe, 9))
                found = s.getsockname()[0]
        except OSError:
            continue
        if not found.startswith(("127.", "0.")) and found not in ("::1", "::"):
            return f"[{found}]" if ":" in found else found
    return socket.gethostname() or "localhost"


def serve_plan(host: str, port: int, sessions: str) -> tuple[Path, str | None, list[str]]:
    """The sessions folder, the token (None on this machine only) and what to print first."""
    if not 1 <= port <= 65535:
        raise CliError(f"--port: {port} is not a port number (1-65535)")
    folder = Path(sessions)
    if folder.exists() and not folder.is_dir():
        raise CliError(f"--sessions: {sessions} is not a folder")
    if host in LOCAL:
        return folder, None, [f"rootbotics in the browser: http://{'127.0.0.1' if host != '::1' else '[::1]'}:{port}/  (sessions in {folder}; Ctrl-C stops)"]
    import secrets  # here, not at the top: every command's start-up would pay for OpenSSL (issue 15)

    token = secrets.token_urlsafe(18)
    return folder, token, [
        f"warning: listening on {host}, so other machines on the network can reach this app; only people with the token get in.",
        f"Open http://{address_of(host)}:{port}/?token={token}  (sessions in {folder}; Ctrl-C stops)",
    ]


def run_serve(host: str, port: int, sessions: str) -> int:
    folder, token, lines = serve_plan(host, port, sessions)
    try:
        import uvicorn

        from ..web.app import create_app
    except ImportError:
        raise CliError(NEED_WEB) from None
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise CliError(f"--sessions: cannot make {sessions}: {e.strerror or e}") from None
    for line in lines:
        print(line, file=sys.stderr if line.startswith("warning") else sys.stdout, flush=True)
    uvicorn.run(create_app(folder, token, hosts=LOCAL_HOSTS if token is None else None), host=host, port=port, log_level="warning")
    return 0


def register(app: Any) -> None:
    """Add ``rootbotics serve`` to ``app``."""
    import typer

    @app.command("serve", help=HELP)
    def serve_command(
        host: Annotated[str, typer.Option("--host", help="Address to listen on. Default 127.0.0.1 (this machine only); 0.0.0.0 for phones on the network (token required).")] = "127.0.0.1",
        port: Annotated[int, typer.Option("--port", help="Port. Default 8000.")] = 8000,
        sessions: Annotated[str, typer.Option("--sessions", metavar="DIR", help="Folder of the table sessions. Default: ./rootbotics-sessions.")] = "rootbotics-sessions",
    ) -> int:
        return run_serve(host, port, sessions)
