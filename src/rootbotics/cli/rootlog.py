"""``rootbotics rootlog``: write a game as a Rootlog file (``export``), or replay a Rootlog file to
its final position (``import``). See docs/rootlog.md.
"""

from pathlib import Path
from typing import Annotated, Any, Optional

from .common import CliError

HELP = "Rootlog files: export a game (a table session, a game record or a study's game) as Rootlog; import a Rootlog file to a saved position."


def command() -> Any:
    """The ``rootlog`` group with its ``export`` and ``import`` commands, as a click command."""
    import typer.main

    return typer.main.get_command(build_rootlog_app())


def export_config(game: Optional[str], seed: Optional[int], bots: Optional[str], map_name: Optional[str], max_rounds: Optional[int], difficulty: Optional[str], traits: Optional[str]) -> Any:
    """The configuration of the game to export: a game record FILE, or a study's game."""
    from ..core.serial import StateError
    from ..record import check_record
    from .common import make_study
    from .replay import read_game_record

    if game is None:
        if seed is None or bots is None:
            raise CliError("rootlog export: give a game record GAME (rootbotics play --record), or --seed and --bots as for replay")
        return make_study(bots, map_name, max_rounds, difficulty, traits).config(seed)
    given = [o for o, v in (("--seed", seed), ("--bots", bots), ("--map", map_name), ("--difficulty", difficulty), ("--traits", traits)) if v is not None]
    if given:
        raise CliError(f"{' and '.join(given)} cannot be used with a game record GAME")
    recorded = read_game_record(game)
    if recorded is None:
        raise CliError(f"GAME: {game} is not a game record written by 'rootbotics play --record' nor a table session")
    try:
        return check_record(recorded)
    except StateError as e:
        raise CliError(f"{game}: {e}") from None


def table_session(game: Optional[str]) -> Any:
    """The table session in GAME (``rootbotics table new --file``), or None if GAME is none."""
    import json

    if game is None:
        return None
    try:
        data = json.loads(Path(game).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        return None
    from ..table.session import FORMAT, Session, SessionError

    if not (isinstance(data, dict) and data.get("format") == FORMAT):
        return None
    try:
        return Session.load(game)
    except SessionError as e:
        raise CliError(f"{game}: {e}") from None


def run_export(game: Optional[str], out: str, seed: Optional[int], bots: Optional[str], map_name: Optional[str], max_rounds: Optional[int], difficulty: Optional[str], traits: Optional[str]) -> int:
    from ..core.serial import write_atomic
    from ..table.export import ExportError, export_bot_game

    session = table_session(game)
    try:
        if session is not None:
            from ..table.session_export import export_session

            if any(v is not None for v in (seed, bots, map_name, difficulty, traits)):
                raise CliError("--seed, --bots, --map, --difficulty and --traits cannot be used with a table session GAME")
            text = export_session(session)
        else:
            text = export_bot_game(export_config(game, seed, bots, map_name, max_rounds, difficulty, traits))
    except ExportError as e:
        raise CliError(f"GAME: {e}") from None
    write_atomic(Path(out), text)
    print(f"wrote {out}: {text.count(chr(10))} lines")
    return 0


def run_import(file: str, out: str, lenient: bool = False) -> int:
    """The file's final position; lenient, with every repair made to reach it listed first
    (``line N: 'token': what the strict import refuses: what was done``)."""
    from ..core.serial import StateError, dumps, loads, save
    from ..table.rootlog import RootlogError
    from ..table.rootlog_import import ImportError_, Repair, import_rootlog

    try:
        text = Path(file).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise CliError(f"FILE: cannot read {file}: {e}") from None
    repairs: list[Repair] | None = [] if lenient else None
    try:
        state = import_rootlog(text, repairs)
        loads(dumps(state))  # a position a game can be in, or the one line saying why not
    except (RootlogError, ImportError_) as e:
        raise CliError(f"{file}: {e}") from None
    except StateError as e:
        raise CliError(f"{file}: the final position is not one a game can reach: {e}") from None
    for repair in repairs or ():
        print(f"{file}: repaired {repair}")
    save(state, out)
    scores = ", ".join(f"{f} {fs.vp}" for f, fs in state.factions.items())
    told = f", {len(repairs)} repair(s)" if repairs is not None else ""
    print(f"wrote {out}: round {state.round}, {scores}{told}")
    return 0


def run_check(files: list[str]) -> int:
    """Each Rootlog file's lines of its human seats played through the Law of Root's legal
    moves (table/published_law.py): legal, refused with the rule, or where the check stops. Exit 1
    when a line is refused."""
    from .. import factions  # noqa: F401 (the factions plug in: which Law of Root is built)
    from ..table.published_law import check_game

    refused = False
    for file in files:
        try:
            text = Path(file).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            raise CliError(f"FILE: cannot read {file}: {e}") from None
        verdict = check_game(text, file)
        refused = refused or verdict.status == "refused"
        print(f"{file}: {verdict.text()}")
    return 1 if refused else 0


def build_rootlog_app() -> Any:
    import typer

    app = typer.Typer(help=HELP, no_args_is_help=True, add_completion=False)

    @app.command("export", help="Write a game as a Rootlog file: a table session or a game record GAME, or a study's game by --seed and --bots.")
    def export_command(
        out: Annotated[str, typer.Option("--out", help="The Rootlog file to write.")],
        game: Annotated[Optional[str], typer.Argument(metavar="[GAME]", help="A table session (rootbotics table new --file) or a game record (rootbotics play --record).", show_default=False)] = None,
        seed: Annotated[Optional[int], typer.Option("--seed", help="The study game's seed.")] = None,
        bots: Annotated[Optional[str], typer.Option("--bots", help="The bots in turn order, comma-separated.")] = None,
        map_name: Annotated[Optional[str], typer.Option("--map", help="fall, winter, lake or mountain.")] = None,
        max_rounds: Annotated[Optional[int], typer.Option("--max-rounds", help="The study's round limit.")] = None,
        difficulty: Annotated[Optional[str], typer.Option("--difficulty", help="As in the study.")] = None,
        traits: Annotated[Optional[str], typer.Option("--traits", help="As in the study.")] = None,
    ) -> int:
        return run_export(game, out, seed, bots, map_name, max_rounds, difficulty, traits)

    @app.command("import", help="Replay a Rootlog file to its final position (saved-position format); --lenient repairs the recorder's slips to reach the Winner: line and lists each repair.")
    def import_command(
        file: Annotated[str, typer.Argument(help="The Rootlog file.")],
        out: Annotated[str, typer.Option("--out", help="The position file to write.")],
        lenient: Annotated[bool, typer.Option("--lenient", help="Go on past lines the position cannot take (a piece removed that was never placed: placed first; more than the supply holds: the count corrected; an action that does not parse: left out) and list every repair with its line and reason.")] = False,
    ) -> int:
        return run_import(file, out, lenient)

    @app.command("check", help="Check each Rootlog file's lines of its human seats (every faction's Law of Root is built) against the Law of Root's legal moves; exit 1 when a line is refused.")
    def check_command(
        files: Annotated[list[str], typer.Argument(metavar="FILE...", help="Rootlog files.")],
    ) -> int:
        return run_check(files)

    return app
