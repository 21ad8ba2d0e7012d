"""The command line: ``rootbotics play`` plays the Clockwork bots against each other and
explains every step; ``rootbotics show`` prints a saved position; ``rootbotics map`` draws a
map as SVG.

typer and rich are an optional extra (``pip install 'rootbotics[cli]'``), so this module
imports them only when it runs: without them, ``main()`` says what to install and exits 2.

Exit codes: 0 done, 1 the engine failed (or the position could not be written), 2 bad input.
Bad input always gives exactly one line on stderr, never a traceback.
"""

import json
import os
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any, Optional

PROG = "rootbotics"
NEED_EXTRA = f"{PROG}: the command line needs the 'cli' extra: pip install 'rootbotics[cli]'"

# Colours for faction names when stdout is a terminal.
FACTION_STYLES = {
    "marquise": "bold dark_orange",
    "eyrie": "bold dodger_blue2",
    "alliance": "bold green",
    "vagabot": "bold grey70",
    "duchy": "bold tan",
    "corvids": "bold purple",
    "lizards": "bold yellow3",
    "riverfolk": "bold cyan",
}


class CliError(Exception):
    """Bad input: ``rootbotics: error: <message>`` on stderr, exit code 2."""

    code = 2
    label = "error"


class RunFailure(CliError):
    """Something went wrong after the input was accepted: exit code 1."""

    code = 1

    def __init__(self, label: str, message: str) -> None:
        super().__init__(message)
        self.label = label


def one_line(text: str) -> str:
    return " ".join(str(text).split())


def say_error(label: str, message: str) -> None:
    print(f"{PROG}: {label}: {one_line(message)}", file=sys.stderr)


# -- checking the input --------------------------------------------------------------------------
def parse_bots(text: str) -> list[str]:
    """``marquise,eyrie`` -> ``["marquise", "eyrie"]``, in seat order, checked."""
    from .core.factions import FACTIONS, PLAYABLE_BOTS

    choices = ", ".join(PLAYABLE_BOTS)
    names = [n.strip().lower() for n in text.split(",")]
    if any(not n for n in names):
        raise CliError(f"--bots: give bot names separated by commas, e.g. --bots {','.join(PLAYABLE_BOTS)} (got {text!r})")
    seen: set[str] = set()
    for name in names:
        if name not in PLAYABLE_BOTS:
            if name in FACTIONS:
                raise CliError(f"--bots: the {name} bot is not built yet (choose from {choices})")
            raise CliError(f"--bots: {name!r} is not a bot (choose from {choices})")
        if name in seen:
            raise CliError(f"--bots: {name} is listed twice")
        seen.add(name)
    if len(names) < 2:
        raise CliError(f"--bots: a game needs at least 2 bots, got {len(names)} ({names[0]})")
    return names


def parse_map(name: str) -> str:
    from .core.maps import MAP_NAMES

    if name not in MAP_NAMES:
        raise CliError(f"--map: {name!r} is not a map (choose from {', '.join(MAP_NAMES)})")
    return name


def parse_suits(text: str, map_name: str) -> list[str]:
    """``fox,mouse,...`` -> twelve suits in priority order, four of each (LoR A.1); on Fall only
    its printed suits are accepted."""
    from .core.maps import load_map, suit_problem

    names = [n.strip().lower() for n in text.split(",")]
    problem = suit_problem(load_map(map_name), names)
    if problem:
        raise CliError(f"--suits: {problem}")
    return names


def parse_difficulty(text: Optional[str], bots: list[str]) -> tuple[str, ...]:
    """One level for every bot (``nightmare``) or per bot (``eyrie=easy,marquise=nightmare``);
    bots not named play at the default level (3.3)."""
    from .core.state import DIFFICULTIES

    if text is None:
        return ()
    levels = dict.fromkeys(bots, "default")
    if "=" not in text:
        pairs = [(b, text.strip().lower()) for b in bots]
    else:
        pairs = []
        for part in text.split(","):
            bot, _, level = part.partition("=")
            bot, level = bot.strip().lower(), level.strip().lower()
            if bot not in levels:
                raise CliError(f"--difficulty: {bot!r} is not one of the bots playing ({', '.join(bots)})")
            if bot in (b for b, _ in pairs):
                raise CliError(f"--difficulty: {bot} is listed twice")
            pairs.append((bot, level))
    for bot, level in pairs:
        if level not in DIFFICULTIES:
            raise CliError(f"--difficulty: {level!r} is not a difficulty (choose from {', '.join(DIFFICULTIES)})")
        levels[bot] = level
    return tuple(levels[b] for b in bots)


def parse_traits(text: Optional[str], bots: list[str]) -> tuple[tuple[str, ...], ...]:
    """Trait cards per bot (3.3): ``marquise=fortified+hospitals,eyrie=swoop``, each checked
    against the bot's own traits; bots not named play without traits."""
    from .bots.cards import TRAIT_TEXT
    from .core.factions import faction_title

    if text is None:
        return ()
    traits: dict[str, tuple[str, ...]] = dict.fromkeys(bots, ())
    named: set[str] = set()
    for part in text.split(","):
        bot, sep, names = part.partition("=")
        bot = bot.strip().lower()
        if not sep or bot not in traits:
            raise CliError(f"--traits: expected bot=trait+trait for the bots playing ({', '.join(bots)}), got {part!r}")
        if bot in named:
            raise CliError(f"--traits: {bot} is listed twice")
        named.add(bot)
        chosen = tuple(t.strip().lower() for t in names.split("+") if t.strip())
        known = TRAIT_TEXT.get(bot, {})
        for trait in chosen:
            if trait not in known:
                raise CliError(
                    f"--traits: {trait!r} is not a trait of the {faction_title(bot, 'bot')} (choose from {', '.join(known) or 'none yet'})"
                )
        if len(set(chosen)) != len(chosen):
            raise CliError(f"--traits: {bot} has a trait listed twice")
        traits[bot] = chosen
    return tuple(traits[b] for b in bots)


def load_position(path: str) -> Any:
    """A saved position, or ``CliError('<path>: <StateError message>')``."""
    from .core.serial import StateError, load

    try:
        return load(path)
    except StateError as e:
        raise CliError(f"{path}: {e}") from None


def check_save_target(path: str, option: str = "--save") -> None:
    """Refuse a --save target that cannot be written, before any game is played."""
    p = Path(path)
    if p.is_dir():
        raise CliError(f"{option}: {path} is a folder, not a file")
    folder = p.parent if str(p.parent) else Path(".")
    if not folder.is_dir():
        raise CliError(f"{option}: the folder {str(folder)!r} does not exist")
    if not os.access(folder, os.W_OK):
        raise CliError(f"{option}: cannot write in the folder {str(folder)!r}")


# -- output -------------------------------------------------------------------------------------
class Out:
    """Writes to stdout: with rich styles and tables on a terminal, plain text otherwise."""

    def __init__(self) -> None:
        from rich.console import Console

        self.console = Console(highlight=False, emoji=False)
        self.rich = self.console.is_terminal

    def text(self, line: str = "") -> None:
        if self.rich:
            self.console.print(line, markup=False)
        else:
            sys.stdout.write(line + "\n")

    def raw(self, line: str) -> None:
        """A line that must reach stdout untouched (JSON)."""
        if self.rich:
            self.console.file.write(line + "\n")
        else:
            sys.stdout.write(line + "\n")

    def header(self, title: str) -> None:
        if self.rich:
            from rich.text import Text

            self.console.rule(Text(title, style="bold"))
        else:
            sys.stdout.write(f"— {title} —\n")

    def event(self, e: Any) -> None:
        if self.rich:
            from rich.text import Text

            who = e.faction or "game"
            self.console.print(
                Text.assemble((f"[{e.rule}]", "cyan"), " ", (who, FACTION_STYLES.get(who, "bold")), ": ", e.text)
            )
        else:
            sys.stdout.write(e.line() + "\n")

    def table(self, title: str, columns: Sequence[tuple[str, str]], rows: Sequence[Sequence[str]]) -> None:
        """``columns`` are (name, "left" | "right")."""
        if self.rich:
            from rich.table import Table

            t = Table(title=title, title_justify="left", title_style="bold")
            for name, justify in columns:
                t.add_column(name, justify=justify)  # type: ignore[arg-type]
            for row in rows:
                t.add_row(*row)
            self.console.print(t)
            return
        sys.stdout.write(title + "\n")
        for line in plain_table(columns, rows):
            sys.stdout.write(line + "\n")


def plain_table(columns: Sequence[tuple[str, str]], rows: Sequence[Sequence[str]]) -> list[str]:
    """Aligned columns, two spaces apart, a dashed line under the header; no colour."""
    widths = [len(name) for name, _ in columns]
    for row in rows:
        for i, cell in enumerate(row):
            widths[i] = max(widths[i], len(cell))

    def fmt(cells: Sequence[str]) -> str:
        parts = [
            cell.rjust(widths[i]) if columns[i][1] == "right" else cell.ljust(widths[i])
            for i, cell in enumerate(cells)
        ]
        return ("  " + "  ".join(parts)).rstrip()

    lines = [fmt([name for name, _ in columns]), fmt(["-" * w for w in widths])]
    lines.extend(fmt(row) for row in rows)
    return lines


def card_name(state: Any, cid: int) -> str:
    from .core.state import VIZIER

    return "Loyal Vizier" if cid == VIZIER else state.deckdef.card(cid).title


def card_label(state: Any, cid: int) -> str:
    from .core.state import VIZIER

    return "Loyal Vizier (bird)" if cid == VIZIER else state.deckdef.card(cid).label()


def seat_title(state: Any, faction: str) -> str:
    from .core.factions import faction_title

    fs = state.factions[faction]
    return f"{faction_title(faction, fs.seat)} ({fs.seat})"


def winner_line(state: Any) -> str:
    names = ", ".join(state.winner or [])
    who = "Winners" if state.winner and len(state.winner) > 1 else "Winner"
    reason = f" ({state.end_reason})" if state.end_reason else ""
    return f"{who}: {names}{reason}"


def score_table(out: Out, state: Any, title: str) -> None:
    from .game import final_scores

    winners = set(state.winner or [])
    rows = [
        [str(i), f, seat_title(state, f), str(vp), "winner" if f in winners else ""]
        for i, (f, vp) in enumerate(final_scores(state), start=1)
    ]
    out.table(title, [("#", "right"), ("faction", "left"), ("seat", "left"), ("VP", "right"), ("result", "left")], rows)


# -- rootbotics play ----------------------------------------------------------------------------
def check_out_folder(out: str) -> Path:
    p = Path(out)
    if p.exists() and not p.is_dir():
        raise CliError(f"--out: {out} is a file, not a folder")
    try:
        p.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise CliError(f"--out: cannot make the folder {out}: {e.strerror or e}") from None
    if not os.access(p, os.W_OK):
        raise CliError(f"--out: cannot write in the folder {out}")
    return p


def turn_writer(out: Out, current: list[Any]) -> Any:
    """A log listener printing each event under a header per turn (``current`` holds the Game
    once it is set up; until then events belong to setup)."""
    last: list[Any] = [None]

    def write_line(e: Any) -> None:
        if not current:
            key, title = (0, -1), "Setup"
        else:
            s = current[0].state
            key, title = (s.round, s.turn), f"Round {s.round} · {s.current}"
        if key != last[0]:
            last[0] = key
            out.header(title)
        out.event(e)

    return write_line


def run_play(
    bots: Optional[str],
    map_name: Optional[str],
    seed: Optional[int],
    from_file: Optional[str],
    save: Optional[str],
    turns: Optional[int],
    max_rounds: Optional[int],
    quiet: bool,
    as_json: bool,
    suits: Optional[str] = None,
    difficulty: Optional[str] = None,
    traits: Optional[str] = None,
    check: bool = False,
    record: Optional[str] = None,
    vagabot_character: Optional[str] = None,
    riverfolk_services: Optional[str] = None,
) -> int:
    from .core import serial
    from .core.context import EngineFailure, Game
    from .core.events import EventLog
    from .game import DEFAULT_MAX_ROUNDS, ConfigError, GameConfig, Seat, new_game, play

    if quiet and as_json:
        raise CliError("--quiet and --json cannot be used together (--json prints only the events)")
    if turns is not None and turns < 0:
        raise CliError(f"--turns: {turns} is not a number of turns (0 or more)")
    options: dict[str, object] = {}
    if vagabot_character is not None:
        from .core.items import CHARACTERS

        name = vagabot_character.strip().lower()
        if name not in CHARACTERS:
            raise CliError(f"--vagabot-character: {vagabot_character!r} is not a Vagabot character (choose from {', '.join(CHARACTERS)})")
        if from_file is not None:
            raise CliError("--vagabot-character cannot be used with --from: the saved position already has its Vagabot")
        options["vagabot_character"] = name
    if riverfolk_services is not None:
        from .core.services import OPTION, POLICIES

        policy = riverfolk_services.strip().lower()
        if policy not in POLICIES:
            raise CliError(f"--riverfolk-services: {riverfolk_services!r} is not a services policy (choose from {', '.join(POLICIES)})")
        if from_file is not None:
            raise CliError("--riverfolk-services cannot be used with --from: the saved position keeps its own options")
        options[OPTION] = policy

    # Everything is checked before the first line is printed, so bad input prints nothing on stdout.
    state: Any = None
    config: Any = None
    if from_file is not None:
        fixed = (("--bots", bots), ("--map", map_name), ("--seed", seed), ("--suits", suits), ("--difficulty", difficulty), ("--traits", traits))
        given = [opt for opt, value in fixed if value is not None]
        if given:
            raise CliError(
                f"{' and '.join(given)} cannot be used with --from: the saved position already has its bots, map, seed, suits, difficulties and traits"
            )
        if record is not None:
            raise CliError("--record cannot be used with --from: a game record holds a whole game from its setup")
        state = load_position(from_file)
        if max_rounds is not None:
            if max_rounds < 1:
                raise CliError(f"--max-rounds: {max_rounds} must be at least 1")
            state.options["max_rounds"] = max_rounds
        if state.winner is None:
            humans = [f for f in state.turn_order if not state.factions[f].is_bot]
            if humans:
                raise CliError(f"{from_file}: the {humans[0]} seat is human; the command line plays bot seats only")
    else:
        if bots is None:
            raise CliError("--bots: say which bots play, e.g. --bots marquise,eyrie (or continue a saved game with --from FILE)")
        factions = parse_bots(bots)
        chosen_map = parse_map(map_name if map_name is not None else "fall")
        levels = parse_difficulty(difficulty, factions) or ("default",) * len(factions)
        cards = parse_traits(traits, factions) or ((),) * len(factions)
        config = GameConfig(
            [Seat(f, difficulty=level, traits=chosen) for f, level, chosen in zip(factions, levels, cards)],
            chosen_map,
            seed if seed is not None else 0,
            max_rounds if max_rounds is not None else DEFAULT_MAX_ROUNDS,
            options,
            suits=parse_suits(suits, chosen_map) if suits is not None else None,
        )
        if "vagabot_character" in options and "vagabot" not in factions:
            raise CliError("--vagabot-character: the vagabot is not among the --bots")
        try:
            config.validate()
        except ConfigError as e:
            raise config_problem(e) from None
        if record is not None and turns is not None:
            raise CliError("--record cannot be used with --turns: a game record holds a whole game")
    if save is not None:
        check_save_target(save)
    if record is not None:
        check_save_target(record, "--record")
        if save is not None and Path(record).resolve() == Path(save).resolve():
            raise CliError("--record and --save name the same file")

    # Each event is written the moment it happens: its text may explain a decision from the
    # position as it is then, so it is never formatted later.
    out = Out()
    mode = "json" if as_json else "quiet" if quiet else "log"
    log = EventLog()
    game: list[Any] = []  # the Game, once set up

    def write_json(e: Any) -> None:
        out.raw(json.dumps(e.to_json(), default=str))

    if mode == "json":
        log.listeners.append(write_json)
    elif mode == "log":
        log.listeners.append(turn_writer(out, game))
        if config is not None:
            out.text(f"Root on the {config.map} map, seed {config.seed}: {', '.join(s.faction for s in config.seats)}")
        elif state.winner is not None:
            out.text(f"Continuing {from_file}: the game is already over")
        else:
            out.text(f"Continuing {from_file}: round {state.round}, {state.current} to play")

    played = [0]

    def count_turn(_: Any) -> None:
        played[0] += 1

    try:
        if config is not None:
            try:
                g = new_game(config, log=log)
            except ConfigError as e:  # pragma: no cover - validated above
                raise CliError(str(e)) from None
        else:
            g = Game(state, log=log)
        game.append(g)
        state = g.state
        if check:
            watch_invariants(g)
        over = play(g, turns=turns, on_turn=count_turn)
    except EngineFailure as e:
        raise RunFailure("engine failure", str(e)) from None
    except InvariantBroken as e:
        raise RunFailure(e.label, e.found) from None
    finally:
        log.listeners.clear()

    if mode != "json":
        if mode == "log":
            out.text()
        if over:
            score_table(out, state, f"Final scores after round {state.round}")
            out.text(winner_line(state))
        else:
            score_table(out, state, "Scores so far")
            n = played[0]
            out.text(f"stopped after {n} turn{'' if n == 1 else 's'}: next is round {state.round}, {state.current} to play")
    if save is not None:
        try:
            serial.save(state, save)
        except OSError as e:
            raise RunFailure("error", f"--save: cannot write {save}: {e.strerror or e}") from None
        if mode == "log":
            out.text(f"Saved the position to {save}")
    if record is not None:
        from .record import record_of, save_record

        try:
            save_record(record_of(config, g), record)
        except OSError as e:
            raise RunFailure("error", f"--record: cannot write {record}: {e.strerror or e}") from None
        if mode == "log":
            out.text(f"Recorded the game in {record} (replay it with 'rootbotics replay {record}')")
    return 0


class InvariantBroken(Exception):
    """--check found the rules' bookkeeping broken right after an event."""

    def __init__(self, event: Any, found: list[str]) -> None:
        self.label = f"invariant broken after event {event.seq} ({one_line(event.line())})"
        self.found = "; ".join(found)
        super().__init__(f"{self.label}: {self.found}")


def watch_invariants(g: Any) -> None:
    """--check: the invariants of ``core.invariants`` hold once setup is done (or in the loaded
    position) and again after every event; the first break stops the game."""
    from .core.invariants import violations

    def check_after(e: Any) -> None:
        found = violations(g.state)
        if found:
            raise InvariantBroken(e, found)

    last = g.log.events[-1] if len(g.log) else None
    found = violations(g.state)
    if found:
        if last is None:
            raise CliError(f"--check: the position breaks the invariants: {'; '.join(found)}")
        raise InvariantBroken(last, found)
    g.log.listeners.append(check_after)


def config_problem(e: Exception) -> CliError:
    """A configuration error in the command line's words: ``seats.0.traits.1: ...`` is about
    --traits, ``max_rounds: ...`` about --max-rounds."""
    text = str(e)
    field, sep, problem = text.partition(": ")
    parts = field.split(".")
    option = {"map": "--map", "suits": "--suits", "max_rounds": "--max-rounds", "seats": "--bots"}.get(parts[0])
    if parts[0] == "seats" and len(parts) >= 3:
        option = {"traits": "--traits", "difficulty": "--difficulty"}.get(parts[2], "--bots")
    return CliError(f"{option}: {problem}" if option and sep else text)


# -- rootbotics show ----------------------------------------------------------------------------
def run_show(path: str) -> int:
    from .core.maps import CLEARINGS
    from .core.rules import ruler
    from .core.state import DECREE_COLUMNS

    state = load_position(path)
    out = Out()
    out.header(f"Position {path}")
    out.text(f"Map: {state.map.name}    Seed: {state.seed}")
    for line in map_pieces(state):
        out.text(line)
    if state.winner is not None:
        out.text(f"Round {state.round}: the game is over")
        out.text(winner_line(state))
    else:
        out.text(f"Round {state.round}: {state.current} to play, {state.phase}")
        if state.end_reason:
            out.text(f"End reason: {state.end_reason}")
    out.text()

    winners = set(state.winner or [])
    rows = []
    for f in state.turn_order:
        fs = state.factions[f]
        if fs.is_bot:
            cards = f"order: {card_label(state, fs.order)}" if fs.order is not None else "order: none"
            if fs.market is not None:  # the Riverfolk Robots (9.2.1, 9.2.3)
                row = ", ".join(card_label(state, c) for c in fs.market) or "empty"
                paid = ", ".join(f"{k} {n}" for k, n in sorted((fs.payments or {}).items())) or "empty"
                cards = f"Market (left to right): {row}; Payments: {paid}"
        else:
            cards = f"hand: {len(fs.hand)} card{'' if len(fs.hand) == 1 else 's'}"
        items = ", ".join(fs.items) if fs.items else "-"
        rows.append([f, seat_title(state, f), str(fs.vp), cards, items, "winner" if f in winners else ""])
    out.table(
        "Scores (in turn order)",
        [("faction", "left"), ("seat", "left"), ("VP", "right"), ("cards", "left"), ("crafted items", "left"), ("result", "left")],
        rows,
    )
    out.text()

    factions = list(state.turn_order)
    board = []
    for c in CLEARINGS:
        cl = state.clearings[c]
        warriors = [str(cl.warriors.get(f, 0) or "-") for f in factions]
        board.append(
            [
                str(c),
                state.suits[c] or "?",
                ruler(state, c) or "-",
                *warriors,
                pieces(cl.buildings),
                plot_shown(state, c, pieces(cl.tokens)),
                str(state.free_slots(c)),
                "ruin" if cl.ruin else "-",
            ]
        )
    columns = [("clearing", "right"), ("suit", "left"), ("ruler", "left")]
    columns += [(f"{f} warriors", "right") for f in factions]
    columns += [("buildings", "left"), ("tokens", "left"), ("free slots", "right"), ("ruin", "left")]
    out.table("Board", columns, board)

    for f in factions:
        decree = state.factions[f].decree
        if decree is None:
            continue
        out.text()
        if out.rich:
            depth = max([len(decree[col]) for col in DECREE_COLUMNS] + [1])
            rows = [
                [card_name(state, decree[col][i]) if i < len(decree[col]) else "" for col in DECREE_COLUMNS]
                for i in range(depth)
            ]
            out.table(f"{f.capitalize()} Decree", [(col, "left") for col in DECREE_COLUMNS], rows)
        else:
            out.text(f"{f.capitalize()} Decree")
            width = max(len(col) for col in DECREE_COLUMNS) + 1
            for col in DECREE_COLUMNS:
                names = ", ".join(card_name(state, cid) for cid in decree[col]) or "-"
                out.text(f"  {(col + ':').ljust(width)} {names}")
    for f in factions:
        vs = state.factions[f].vagabot
        if vs is not None:
            out.text()
            for line in vagabot_lines(state, vs):
                out.text(line)
    for f in factions:
        ds = state.factions[f].duchy
        if ds is not None:
            from .core.burrow import MINISTER_TITLE

            out.text()
            out.text(f"Drillbit Duchy: {ds.burrow} warrior{'' if ds.burrow == 1 else 's'} in the Burrow (not a clearing)")
            out.text("  Swayed ministers: " + (", ".join(MINISTER_TITLE[m] for m in ds.swayed) or "none"))
        lz = state.factions[f].lizards
        if lz is not None:
            out.text()
            for line in lizards_lines(state, lz):
                out.text(line)
    out.text()
    out.text(
        f"Cards: {len(state.deck)} in the deck, {len(state.discard)} in the discard pile, "
        f"{len(state.removed_cards)} out of the game"
    )
    return 0


# -- rootbotics map ----------------------------------------------------------------------------
def run_map(map_name: Optional[str], out_file: Optional[str], suits: Optional[str], forests: bool) -> int:
    from .core.maps import load_map
    from .core.serial import write_atomic
    from .mapsvg import render_svg

    chosen = parse_map(map_name if map_name is not None else "fall")
    given = parse_suits(suits, chosen) if suits is not None else None
    if out_file is not None and out_file != "-":
        check_save_target(out_file, "--out")
    svg = render_svg(load_map(chosen), None if given is None else [None, *given], forests=forests)
    if out_file is None or out_file == "-":
        sys.stdout.write(svg)
        return 0
    try:
        write_atomic(Path(out_file), svg)
    except OSError as e:
        raise RunFailure("error", f"--out: cannot write {out_file}: {e.strerror or e}") from None
    print(f"Wrote the {chosen} map to {out_file}")
    return 0


def map_pieces(state: Any) -> list[str]:
    """The Lake's Ferry and the Mountain's Pass and closed paths, as they stand."""
    m = state.map
    lines = []
    if state.ferry is not None:
        used = " (it has sailed this turn)" if state.ferry_used else ""
        lines.append(f"Ferry: in {state.ferry}{used}; coastal clearings {', '.join(map(str, sorted(m.coastal)))}")
    if m.pass_clearing is not None:
        lines.append(f"The Pass: {m.pass_clearing}")
    if m.closed_paths:
        closed = [f"{a}-{b}" for a, b in sorted(m.closed_paths) if (a, b) not in state.opened_paths]
        opened = [f"{a}-{b}" for a, b in sorted(state.opened_paths)]
        lines.append(f"Closed paths: {', '.join(closed) or 'none'}" + (f"; opened: {', '.join(opened)}" if opened else ""))
    return lines


def lizards_lines(state: Any, lz: Any) -> list[str]:
    """The Logical Lizards' board: acolytes, Conspiracy marker, Lost Souls (top first)."""
    from .core.lizards import CONSPIRACIES

    souls = ", ".join(card_name(state, c) for c in reversed(lz.lost_souls)) or "-"
    lines = [
        "Lizards board",
        f"  acolytes: {lz.acolytes}; conspiracy marker on {CONSPIRACIES[lz.conspiracy]} (space {lz.conspiracy + 1}); order: {lz.order or 'none'}",
        f"  Lost Souls (top first): {souls}",
    ]
    if lz.revealed:
        lines.append("  revealed: " + ", ".join(card_name(state, c) for c in lz.revealed))
    return lines


def vagabot_lines(state: Any, vs: Any) -> list[str]:
    """The Vagabot's character, pawn, items and quest, for ``show``."""
    from .core.items import CHARACTER_TITLES, quest_label, where

    def items(pick: Any) -> str:
        chosen = [i.kind for i in vs.items if pick(i)]
        return ", ".join(chosen) or "-"

    track = sorted((i for i in vs.items if i.track), key=lambda i: i.track)
    lines = [
        f"Vagabot: the {CHARACTER_TITLES[vs.character]}, in {where(state, vs)}",
        f"  face up: {items(lambda i: not i.track and not i.exhausted and not i.damaged)}",
        f"  exhausted: {items(lambda i: not i.track and i.exhausted and not i.damaged)}",
        f"  damaged: {items(lambda i: i.damaged)}",
        f"  Battle Track: {', '.join(i.kind for i in track) or '-'} (maximum rolled hits {vs.max_rolled_hits()}"
        + (", one extra hit as attacker)" if vs.attack_extra_hits() else ")"),
        f"  quest: {quest_label(vs.quest) if vs.quest is not None else 'none'}; {len(vs.quest_deck)} in the quest deck",
    ]
    ruins = [f"{c}: {', '.join(state.clearings[c].ruin_items)}" for c in range(1, 13) if state.clearings[c].ruin_items]
    if ruins:
        lines.append(f"  items under ruins: {'; '.join(ruins)}")
    slots = [f"{c}: {', '.join(state.clearings[c].slot_items)}" for c in range(1, 13) if state.clearings[c].slot_items]
    if slots:
        lines.append(f"  items covering slots: {'; '.join(slots)}")
    return lines


def pieces(pool: Sequence[tuple[str, str]]) -> str:
    """``[("marquise", "sawmill"), ("marquise", "sawmill")]`` -> ``"sawmill x2"``."""
    if not pool:
        return "-"
    counts = Counter(kind for _, kind in pool)
    return ", ".join(kind if n == 1 else f"{kind} x{n}" for kind, n in counts.items())


def plot_shown(state: Any, c: int, tokens: str) -> str:
    """A Corvid plot as people may see it: its kind once face up, never while face down (11.7)."""
    fs = state.factions.get("corvids")
    plot = None if fs is None or fs.plots is None else fs.plots.get(c)
    if plot is None:
        return tokens
    return tokens.replace("plot", f"plot ({plot[0]}, face up)" if plot[1] else "plot (face down)", 1)


# -- the typer application ----------------------------------------------------------------------
# Help texts: one line per paragraph (rich keeps line breaks as they are written).
ROOT_HELP = (
    "Play Root with the Clockwork bots (the Law of Robotics) and explain every step.\n\n"
    "Use 'rootbotics play' to play a game, 'rootbotics show' to look at a saved position and "
    "'rootbotics map' to draw a map; 'rootbotics simulate' plays many games for a study, "
    "'rootbotics report' sums them up and 'rootbotics replay' plays one of them (or a recorded game) again; "
    "'rootbotics soak' plays random games with every invariant checked. "
    "Add --help after a command to see its options."
)
PLAY_HELP = (
    "Play a game of bots and explain every step.\n\n"
    "Sets up a new game (or continues a saved one), plays it to the end and prints the log: every step "
    "with its rule number, grouped by turn, and the reason for each decision. Then come the final scores "
    "and why the game ended.\n\n"
    "Exit codes: 0 done, 1 the engine failed (for example a game that stalls), 2 bad input."
)
SHOW_HELP = (
    "Print a position saved with --save.\n\n"
    "Shows the map (with the Ferry, the Pass and closed paths where the map has them), the round, whose turn "
    "it is and in which phase, the scores and any winner, then the "
    "board clearing by clearing (suit, ruler, warriors of each faction, buildings, tokens, free building "
    "slots, ruins), the Eyrie Decree, the bots' order cards, crafted items and how many cards are in the "
    "deck and the discard pile."
)

SUITS_HELP = (
    "The clearings' suits, 12 names separated by commas in priority order (1 first), 4 each of fox, rabbit "
    "and mouse, as the suit markers lie on your table. Default: Fall's printed suits; on the other maps the "
    "markers are shuffled with the seed."
)
DIFFICULTY_HELP = (
    "Difficulty of every bot (e.g. nightmare) or per bot (e.g. eyrie=easy,marquise=nightmare); bots not named "
    "play at default. What each level does for each bot is listed below. Default: default."
)
TRAITS_HELP = (
    "Trait cards per bot: bot=trait+trait, bots separated by commas (e.g. marquise=fortified+hospitals,eyrie=swoop). "
    "Each bot's traits are listed below. Default: none."
)


def bot_cards_help(markup: bool = True) -> str:
    """Every bot's difficulty levels and traits with their one line (3.3), from bots/cards.py,
    as the help's epilog: a paragraph per bot, a line per level and trait."""
    from .bots.cards import DIFFICULTY_TEXT, TRAIT_TEXT
    from .core.factions import faction_title

    paragraphs = ["Difficulty levels and traits of each bot (Law of Robotics 3.3), for --difficulty and --traits:"]
    for bot in dict.fromkeys([*DIFFICULTY_TEXT, *TRAIT_TEXT]):
        lines = [f"{faction_title(bot, 'bot')} ({bot})"]
        lines += [f"  difficulty {level}: {text}" for level, text in DIFFICULTY_TEXT.get(bot, {}).items()]
        lines += [f"  trait {trait}: {text}" for trait, text in TRAIT_TEXT.get(bot, {}).items()]
        paragraphs.append("\n".join(lines))
    text = "\n\n".join(paragraphs)
    if markup:
        from rich.markup import escape

        text = escape(text)
    return text


MAP_HELP = (
    "Draw a map as an SVG picture, from the engine's map data.\n\n"
    "Shows every clearing with its priority number, suit, building slots and ruins, the paths (closed paths "
    "marked), rivers, the Lake and its Ferry, the Mountain's Pass, the forests and the diagonally opposite "
    "corners, so that you can compare the data with the board in front of you."
)


def build_app() -> Any:
    import typer

    from .core.factions import PLAYABLE_BOTS
    from .core.maps import MAP_NAMES

    app = typer.Typer(
        name=PROG,
        add_completion=False,
        no_args_is_help=True,
        pretty_exceptions_enable=False,
        context_settings={"help_option_names": ["-h", "--help"]},
    )

    def show_version(value: bool) -> None:
        if value:
            from importlib.metadata import PackageNotFoundError, version

            try:
                v = version("rootbotics")
            except PackageNotFoundError:  # pragma: no cover - running from a source tree
                v = "unknown"
            print(f"{PROG} {v}")
            raise typer.Exit(0)

    @app.callback(help=ROOT_HELP)
    def root(
        version: Annotated[
            bool,
            typer.Option("--version", help="Print the version and exit.", is_eager=True, callback=show_version),
        ] = False,
    ) -> None:
        pass

    @app.command("play", help=PLAY_HELP, epilog=bot_cards_help())
    def play_command(
        bots: Annotated[
            Optional[str],
            typer.Option(
                "--bots",
                metavar="NAMES",
                help="The bots that play, separated by commas, in seat order: the first one plays first. "
                f"Bots: {', '.join(PLAYABLE_BOTS)}. Example: --bots {','.join(PLAYABLE_BOTS)}. "
                "Needed unless --from is given.",
            ),
        ] = None,
        map_name: Annotated[
            Optional[str],
            typer.Option("--map", metavar="MAP", help=f"The map to play on. Maps: {', '.join(MAP_NAMES)}. Default: fall."),
        ] = None,
        seed: Annotated[
            Optional[int],
            typer.Option(
                "--seed",
                metavar="N",
                help="The number that decides every die roll and shuffle: the same seed plays the same game. Default: 0.",
            ),
        ] = None,
        from_file: Annotated[
            Optional[str],
            typer.Option(
                "--from",
                metavar="FILE",
                help="Continue the position saved in FILE instead of setting up a new game. "
                "Cannot be used with --bots, --map or --seed.",
            ),
        ] = None,
        save: Annotated[
            Optional[str],
            typer.Option(
                "--save",
                metavar="FILE",
                help="After playing, write the position to FILE (safely: a half-written file is never left). "
                "Nothing is written if the game cannot be set up or loaded, or if the engine fails.",
            ),
        ] = None,
        turns: Annotated[
            Optional[int],
            typer.Option(
                "--turns",
                metavar="N",
                help="Play at most N more turns, then stop (the game need not be over). Use with --save to keep "
                "a game in the middle. Default: play to the end.",
            ),
        ] = None,
        max_rounds: Annotated[
            Optional[int],
            typer.Option(
                "--max-rounds",
                metavar="N",
                help="Give up with an engine failure (exit code 1) if nobody has won after N rounds. Default: 150 "
                "for a new game, or what the saved position says.",
            ),
        ] = None,
        quiet: Annotated[
            bool,
            typer.Option("--quiet", "-q", help="Print only the final scores and why the game ended, not the log."),
        ] = False,
        as_json: Annotated[
            bool,
            typer.Option(
                "--json",
                help="Print the log as JSON, one event per line (seq, round, faction, phase, rule, kind, data, "
                "text), and nothing else.",
            ),
        ] = False,
        suits: Annotated[
            Optional[str],
            typer.Option("--suits", metavar="SUITS", help=SUITS_HELP),
        ] = None,
        difficulty: Annotated[Optional[str], typer.Option("--difficulty", metavar="LEVELS", help=DIFFICULTY_HELP)] = None,
        traits: Annotated[Optional[str], typer.Option("--traits", metavar="TRAITS", help=TRAITS_HELP)] = None,
        check: Annotated[
            bool,
            typer.Option(
                "--check",
                help="Check the rules' bookkeeping (pieces, cards, items, slots, scores) after every event; a break "
                "stops the game with one line naming the event (exit code 1) and nothing is saved.",
            ),
        ] = False,
        record: Annotated[
            Optional[str],
            typer.Option(
                "--record",
                metavar="FILE",
                help="At the end of a new game, write its game record to FILE (configuration, seed and a digest of "
                "the log; 'rootbotics replay FILE' plays it again and checks it). Not with --from or --turns.",
            ),
        ] = None,
        vagabot_character: Annotated[
            Optional[str],
            typer.Option(
                "--vagabot-character",
                metavar="NAME",
                help="The Vagabot's character: thief, tinker, ranger, vagrant, scoundrel or arbiter. "
                "Default: chosen at random (by the seed).",
            ),
        ] = None,
        riverfolk_services: Annotated[
            Optional[str],
            typer.Option(
                "--riverfolk-services",
                metavar="POLICY",
                help="How bots buy the Riverfolk Robots' services (9.7): none, basic or advanced (stand-ins for the "
                "Services cards, ruling R-SERVICES-BOTS). Default: basic.",
            ),
        ] = None,
    ) -> int:
        return run_play(
            bots, map_name, seed, from_file, save, turns, max_rounds, quiet, as_json, suits, difficulty, traits, check, record,
            vagabot_character, riverfolk_services,
        )

    @app.command("show", help=SHOW_HELP)
    def show_command(
        file: Annotated[
            str,
            typer.Argument(metavar="FILE", help="A position saved with 'rootbotics play --save FILE'.", show_default=False),
        ],
    ) -> int:
        return run_show(file)

    from .sim.commands import register as register_sim_commands  # simulate, report, replay

    register_sim_commands(app)
    from .soak_command import register as register_soak_command

    register_soak_command(app)
    @app.command("map", help=MAP_HELP)
    def map_command(
        map_name: Annotated[
            Optional[str],
            typer.Option("--map", metavar="MAP", help=f"The map to draw. Maps: {', '.join(MAP_NAMES)}. Default: fall."),
        ] = None,
        out_file: Annotated[
            Optional[str],
            typer.Option("--out", metavar="FILE", help="Write the SVG to FILE. Default: print it."),
        ] = None,
        suits: Annotated[
            Optional[str],
            typer.Option(
                "--suits",
                metavar="SUITS",
                help="Colour the clearings with these suits: 12 names separated by commas in priority order, 4 each "
                "of fox, rabbit and mouse. Default: Fall's printed suits; '?' on the maps whose suit markers are "
                "shuffled at setup.",
            ),
        ] = None,
        forests: Annotated[
            bool,
            typer.Option("--forests/--no-forests", help="Mark the forests (default) or leave them out."),
        ] = True,
    ) -> int:
        return run_map(map_name, out_file, suits, forests)

    from .table.cli import build_table_app  # the table companion: rootbotics table new|resume

    app.add_typer(build_table_app(), name="table")
    return app


def run(argv: Optional[Sequence[str]] = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit code."""
    try:
        import rich  # noqa: F401
        import typer
        import typer.main
    except ImportError:
        print(NEED_EXTRA, file=sys.stderr)
        return 2
    try:
        from typer._click import exceptions as click_exceptions  # typer >= 0.2x carries its own click
    except ImportError:  # pragma: no cover - older typer on top of click
        from click import exceptions as click_exceptions  # type: ignore[no-redef]

    command = typer.main.get_command(build_app())
    args = list(sys.argv[1:] if argv is None else argv)
    no_args = getattr(click_exceptions, "NoArgsIsHelpError", None)
    # typer's own Abort/Exit, plus click's when typer runs on top of click.
    aborts = tuple({typer.Abort, getattr(click_exceptions, "Abort", typer.Abort)})
    exits = tuple({typer.Exit, getattr(click_exceptions, "Exit", typer.Exit)})
    try:
        rv = command.main(args=args, prog_name=PROG, standalone_mode=False)
    except CliError as e:
        say_error(e.label, str(e))
        return e.code
    except click_exceptions.UsageError as e:
        if no_args is not None and isinstance(e, no_args):
            # Bare `rootbotics`: show the help (rich has already printed it) and succeed.
            text = e.format_message()
            if text.strip():
                print(text)
            return 0
        message = one_line(e.format_message())
        if e.ctx is not None:
            message += f" (see '{e.ctx.command_path} --help')"
        say_error("error", message)
        return 2
    except click_exceptions.ClickException as e:
        say_error("error", e.format_message())
        return e.exit_code or 2
    except aborts:
        say_error("error", "aborted")
        return 1
    except exits as e:  # pragma: no cover - typer returns the code instead
        return int(getattr(e, "exit_code", 0) or 0)
    return rv if isinstance(rv, int) else 0


def main(argv: Optional[Sequence[str]] = None) -> None:
    """The ``rootbotics`` console script."""
    sys.exit(run(argv))


if __name__ == "__main__":  # pragma: no cover
    main()
