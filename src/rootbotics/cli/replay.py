"""``rootbotics replay``: play one game again and explain every step: a game of a study, a
saved position (a failing game's) or a game record written by ``play --record``.

No ``from __future__ import annotations`` here: typer reads the annotations at run time.
"""

import json
from pathlib import Path
from typing import Annotated, Any, Optional

from .common import CliError, RunFailure, check_max_rounds, faction_options, load_position, make_study, study_option_help, table_value_options
from .output import Out, final_scores_and_winner, print_traceback, turn_writer

HELP = (
    "Play one game again and explain every step: a game of a study (--seed, --bots, --map, --max-rounds, "
    "and --difficulty, --traits, --suits, --vagabot-character or --riverfolk-services if the study had them), a saved position FILE (a failing game's "
    "failed-*.json) or a game record FILE written by 'rootbotics play --record'.\n\n"
    "A game record is replayed from its setup and checked against the digest of its recorded log: a "
    "mismatch is one line and exit code 1. If a game fails again, the traceback is printed and the exit code is 1."
)


def run_replay(
    file: Optional[str],
    seed: Optional[int],
    bots: Optional[str],
    map_name: Optional[str],
    max_rounds: Optional[int],
    difficulty: Optional[str],
    traits: Optional[str],
    quiet: bool,
    settings: Optional[dict[str, Any]] = None,
) -> int:
    """Replay a game record, a saved position or a study's game, whichever the options name
    (``settings``: --suits, --vagabot-character, --riverfolk-services and --cult-outcast-max as given)."""
    extra = settings or {}
    if file is None:
        if seed is None or bots is None:
            raise CliError("replay: give a saved position FILE, or --seed and --bots (with --map and --max-rounds as in the study)")
        options = faction_options(extra.get("--vagabot-character"), extra.get("--riverfolk-services"), cult_outcast_max=extra.get("--cult-outcast-max"))
        options.update(table_value_options({flag: extra.get(flag) for flag in ("--raccoon-paths", "--otters-export", "--alliance-sympathy", "--marquise-cards")}))
        config = make_study(bots, map_name, max_rounds, difficulty, traits, options=options, suits=extra.get("--suits")).config(seed)
        return replay_game(None, config, None, quiet)
    fixed = (("--seed", seed), ("--bots", bots), ("--map", map_name), ("--difficulty", difficulty), ("--traits", traits), *extra.items())
    given = [o for o, v in fixed if v is not None]
    recorded = read_game_record(file)
    if recorded is not None:
        if max_rounds is not None:
            given.append("--max-rounds")
        if given:
            raise CliError(f"{' and '.join(given)} cannot be used with a game record FILE: it replays the game as recorded")
        return run_replay_record(file, recorded, quiet)
    if given:
        raise CliError(f"{' and '.join(given)} cannot be used with a position FILE: it already says how the game stands")
    state = load_position(file)
    check_max_rounds(state, max_rounds)
    humans = [f for f in state.turn_order if not state.factions[f].is_bot]
    if humans and state.winner is None:
        raise CliError(f"{file}: the {humans[0]} seat is human; replay plays bot seats only")
    return replay_game(file, None, state, quiet)


def replay_game(file: Optional[str], config: Any, state: Any, quiet: bool) -> int:
    """Play a study's game (``config``) or a saved position (``state``) to its end, explained."""
    from ..core.context import Game
    from ..core.events import EventLog
    from ..game import new_game, play

    out = Out()
    log = EventLog()
    current: list[Any] = []
    if not quiet:
        log.listeners.append(turn_writer(out, current))
    if config is not None:
        out.text(f"Replaying seed {config.seed}: {', '.join(s.faction for s in config.seats)} on {config.map}, at most {config.max_rounds} rounds")
    else:
        out.text(f"Replaying {file}: round {state.round}, {state.current} to play")
    g: Any = None
    try:
        g = new_game(config, log=log) if config is not None else Game(state, log=log)
        current.append(g)
        play(g)
    except Exception as exc:
        where = f" in round {g.state.round}, {g.state.current}'s {g.state.phase}" if g is not None and g.state.turn_order else " during setup"
        print_traceback(out, f"The game failed again{where}:", exc)
        raise RunFailure("engine failure", f"{type(exc).__name__}: {exc}") from None
    finally:
        log.listeners.clear()
    final_scores_and_winner(out, g.state)
    out.text("No failure: the game played to its end.")
    return 0


def read_game_record(file: str) -> Optional[dict[str, Any]]:
    """The JSON of ``file`` if it is a game record (format rootbotics-game), else None (then it
    is read as a saved position, whose loader names any problem)."""
    from ..record import FORMAT

    try:
        data = json.loads(Path(file).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        return None
    return data if isinstance(data, dict) and data.get("format") == FORMAT else None


def run_replay_record(file: str, recorded: dict[str, Any], quiet: bool) -> int:
    """Replay a game record (record.py): print the explained log, then say whether the replay
    rebuilt the recorded game (its event digest); a mismatch is one line and exit code 1."""
    from ..core.context import EngineFailure
    from ..core.events import EventLog
    from ..core.serial import StateError
    from ..record import ReplayMismatch, check_record, replay

    try:
        config = check_record(recorded)
    except StateError as e:
        raise CliError(f"{file}: {e}") from None
    out = Out()
    log = EventLog()
    current: list[Any] = []
    if not quiet:
        log.listeners.append(turn_writer(out, current))
    out.text(f"Replaying the game recorded in {file}: {lineup(config)} on {config.map}, seed {config.seed}")
    try:
        g = replay(recorded, on_start=current.append, log=log)
    except ReplayMismatch as e:
        raise RunFailure("replay mismatch", f"{file}: {e}") from None
    except EngineFailure as e:
        raise RunFailure("replay mismatch", f"{file}: the recorded game ended but the replay failed: {e}") from None
    except Exception as exc:  # an engine bug: show where, as a failing position's replay does
        print_traceback(out, "The replay failed:", exc)
        raise RunFailure("engine failure", f"{type(exc).__name__}: {exc}") from None
    finally:
        log.listeners.clear()
    result = recorded.get("result", {})
    final_scores_and_winner(out, g.state)
    if "digest" in result:
        out.text(f"The replay matched the record: {len(g.log)} events, digest {str(result['digest'])[:12]}.")
    else:
        out.text("The record holds no digest, so the replay could not be checked against it.")
    return 0


def lineup(config: Any) -> str:
    """``marquise (hard), eyrie [swoop]``: each seat with its difficulty and traits if not plain."""
    return ", ".join(
        f"{s.faction}"
        + (f" ({s.difficulty})" if s.difficulty != "default" else "")
        + (f" [{'+'.join(s.traits)}]" if s.traits else "")
        for s in config.seats
    )


def register(app: Any) -> None:
    """Add ``rootbotics replay`` to ``app``."""
    import typer

    from .play import game_options

    shared = study_option_help()
    game = game_options()

    @app.command("replay", help=HELP)
    def replay_command(
        file: Annotated[
            Optional[str],
            typer.Argument(
                metavar="[FILE]",
                help="A saved position (a failing game's failed-*.json) or a game record (rootbotics play --record FILE).",
                show_default=False,
            ),
        ] = None,
        seed: Annotated[Optional[int], typer.Option("--seed", metavar="N", help="The game's seed.")] = None,
        bots: Annotated[
            Optional[str],
            typer.Option("--bots", metavar="NAMES", help="The bots in the game's turn order (a result row's turn_order), separated by commas."),
        ] = None,
        map_name: Annotated[Optional[str], typer.Option("--map", metavar="MAP", help=shared["map"])] = None,
        max_rounds: Annotated[
            Optional[int],
            typer.Option("--max-rounds", metavar="N", help="The study's round limit: no winner after N rounds is an engine failure. Default: 150."),
        ] = None,
        difficulty: Annotated[Optional[str], typer.Option("--difficulty", metavar="LEVELS", help=shared["difficulty"])] = None,
        traits: Annotated[Optional[str], typer.Option("--traits", metavar="TRAITS", help=shared["traits"])] = None,
        quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print only the outcome, not the log.")] = False,
        suits: game.suits = None,
        vagabot_character: game.vagabot_character = None,
        riverfolk_services: game.riverfolk_services = None,
        cult_outcast_max: game.cult_outcast_max = None,
        raccoon_paths: game.raccoon_paths = None,
        otters_export: game.otters_export = None,
        alliance_sympathy: game.alliance_sympathy = None,
        marquise_cards: game.marquise_cards = None,
    ) -> int:
        settings = {
            "--suits": suits, "--vagabot-character": vagabot_character, "--riverfolk-services": riverfolk_services, "--cult-outcast-max": cult_outcast_max,
            "--raccoon-paths": raccoon_paths, "--otters-export": otters_export, "--alliance-sympathy": alliance_sympathy, "--marquise-cards": marquise_cards,
        }  # fmt: skip
        return run_replay(file, seed, bots, map_name, max_rounds, difficulty, traits, quiet, settings)
