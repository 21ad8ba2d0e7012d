"""``rootbotics play``: set up a game of bots (or continue a saved one), play it and explain
every step; --save, --record and --check.

No ``from __future__ import annotations`` here: typer reads the annotations at run time.
"""

import json
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Optional

from .common import (
    CliError,
    RunFailure,
    check_cult_seated,
    check_table_values_seated,
    table_value_options,
    table_values,
    check_max_rounds,
    check_save_target,
    config_problem,
    faction_options,
    load_position,
    one_line,
    option,
    parse_lineup,
    parse_programs,
    parse_difficulty,
    parse_map,
    parse_suits,
    parse_traits,
)
from .output import Out, score_table, turn_writer, winner_line

# Help texts: one line per paragraph (rich keeps line breaks as they are written).
HELP = (
    "Play a game of bots and explain every step.\n\n"
    "Sets up a new game (or continues a saved one), plays it to the end and prints the log: every step "
    "with its rule number, grouped by turn, and the reason for each decision. Then come the final scores "
    "and why the game ended.\n\n"
    "Exit codes: 0 done, 1 the engine failed (for example a game that stalls), 2 bad input."
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
    "Trait cards per bot: bot=trait+trait, bots separated by commas (e.g. eyrie=swoop,marquise=fortified). "
    "Each bot's traits are listed below. Default: none."
)


@dataclass
class PlayArgs:
    """The options of ``rootbotics play`` as given (None: not given)."""

    bots: Optional[str] = None
    map_name: Optional[str] = None
    seed: Optional[int] = None
    from_file: Optional[str] = None
    save: Optional[str] = None
    turns: Optional[int] = None
    max_rounds: Optional[int] = None
    quiet: bool = False
    as_json: bool = False
    suits: Optional[str] = None
    difficulty: Optional[str] = None
    traits: Optional[str] = None
    check: bool = False
    record: Optional[str] = None
    vagabot_character: Optional[str] = None
    riverfolk_services: Optional[str] = None
    short: bool = False
    cult_outcast_max: Optional[int] = None
    programs: Optional[str] = None
    deck_cards: Optional[str] = None
    raccoon_paths: Optional[str] = None
    otters_export: Optional[str] = None
    alliance_sympathy: Optional[str] = None
    marquise_cards: Optional[str] = None


# -- the work -----------------------------------------------------------------------------------
def run_play(a: PlayArgs) -> int:
    """Check every option, then play and print; bad input prints nothing on stdout."""
    from ..core.events import EventLog

    check_modes(a)
    options = faction_options(a.vagabot_character, a.riverfolk_services, a.from_file is not None, a.cult_outcast_max, a.deck_cards)
    options.update(table_value_options(table_values(a), a.from_file is not None))
    state = continued_position(a) if a.from_file is not None else None
    config = new_config(a, options) if a.from_file is None else None
    check_outputs(a)
    # Each event is written the moment it happens: its text may explain a decision from the
    # position as it is then, so it is never formatted later.
    out = Out()
    mode = "json" if a.as_json else "quiet" if a.quiet else "short" if a.short else "log"
    log = EventLog()
    game: list[Any] = []  # the Game, once set up
    writer = listen(out, mode, log, game)
    if mode in ("log", "short"):
        out.text(intro_line(a, state, config))
    try:
        g, over, played = play_game(a, log, game, state, config)
    finally:
        if writer is not None:
            writer.flush()  # the short log's last line, even when the game stops on an error
    if mode == "json":
        from ..stream import result_line

        out.raw(json.dumps(result_line(g.state, over)))
    else:
        print_outcome(out, mode, g.state, over, played)
    write_files(out, mode, a, g, config)
    return 0


def check_modes(a: PlayArgs) -> None:
    """--quiet, --short and --json exclude each other; --turns is not negative."""
    if a.quiet and a.as_json:
        raise CliError("--quiet and --json cannot be used together (--json prints only the events)")
    if a.short and (a.quiet or a.as_json):
        raise CliError(f"--short and {'--quiet' if a.quiet else '--json'} cannot be used together (--short prints a line per bot action)")
    if a.turns is not None and a.turns < 0:
        raise CliError(f"--turns: {a.turns} is not a number of turns (0 or more)")


def continued_position(a: PlayArgs) -> Any:
    """--from FILE: the saved position, with no option that would contradict it."""
    fixed = (("--bots", a.bots), ("--map", a.map_name), ("--seed", a.seed), ("--suits", a.suits), ("--difficulty", a.difficulty), ("--traits", a.traits))
    given = [opt for opt, value in fixed if value is not None]
    if given:
        raise CliError(
            f"{' and '.join(given)} cannot be used with --from: the saved position already has its bots, map, seed, suits, difficulties and traits"
        )
    if a.record is not None:
        raise CliError("--record cannot be used with --from: a game record holds a whole game from its setup")
    state = load_position(str(a.from_file))
    check_max_rounds(state, a.max_rounds)
    if a.programs is not None:
        raise CliError("--programs cannot be used with --from: the saved position already says which programs play (options.programs)")
    if state.winner is None:
        played = state.options.get("programs") or {}
        humans = [f for f in state.turn_order if not state.factions[f].is_bot and f not in played]
        if humans:
            raise CliError(f"{a.from_file}: the {humans[0]} seat is human and no program plays it; the command line plays bot and program seats only")
    return state


def new_config(a: PlayArgs, options: dict[str, object]) -> Any:
    """A new game's configuration from --bots, --map, --seed, --suits, --difficulty, --traits."""
    from ..game import DEFAULT_MAX_ROUNDS, ConfigError, GameConfig, Seat

    programs = parse_programs(a.programs)
    if a.bots is None and len(programs) < 2:
        raise CliError("--bots: say which bots play, e.g. --bots marquise,eyrie (or continue a saved game with --from FILE)")
    factions, rule_sets = parse_lineup(a.bots, least=max(0, 2 - len(programs))) if a.bots is not None else ([], ())
    for f in factions:
        if f in programs:
            raise CliError(f"--programs: the {f} is also among the --bots; a faction sits once")
    if programs:
        options = {**options, "programs": programs}
    chosen_map = parse_map(a.map_name if a.map_name is not None else "fall")
    levels = parse_difficulty(a.difficulty, factions) or ("default",) * len(factions)
    cards = parse_traits(a.traits, factions) or ((),) * len(factions)
    config = GameConfig(
        [Seat(f, "human") for f in programs]  # program seats first, in the order given
        + [Seat(f, difficulty=level, traits=chosen, rule_set=rs) for f, level, chosen, rs in zip(factions, levels, cards, rule_sets)],
        chosen_map,
        a.seed if a.seed is not None else 0,
        a.max_rounds if a.max_rounds is not None else DEFAULT_MAX_ROUNDS,
        options,
        suits=parse_suits(a.suits, chosen_map) if a.suits is not None else None,
    )
    if "vagabot_character" in options and "vagabot" not in factions:
        raise CliError("--vagabot-character: the vagabot is not among the --bots")
    check_cult_seated(options, factions, rule_sets)
    check_table_values_seated(options, factions, rule_sets)
    try:
        config.validate()
    except ConfigError as e:
        raise config_problem(e) from None
    if a.record is not None and a.turns is not None:
        raise CliError("--record cannot be used with --turns: a game record holds a whole game")
    return config


def check_outputs(a: PlayArgs) -> None:
    """--save and --record name files that can be written, and not the same one."""
    if a.save is not None:
        check_save_target(a.save)
    if a.record is not None:
        check_save_target(a.record, "--record")
        if a.save is not None and Path(a.record).resolve() == Path(a.save).resolve():
            raise CliError("--record and --save name the same file")


def listen(out: Out, mode: str, log: Any, game: list[Any]) -> Any:
    """Print each event as it happens: as the public event stream (docs/event-stream.md), under turn headers, or not at all."""

    if mode == "json":
        from ..stream import event_line, format_line

        out.raw(json.dumps(format_line()))
        log.listeners.append(lambda e: out.raw(json.dumps(event_line(e))))
    elif mode in ("log", "short"):
        writer = turn_writer(out, game, short=mode == "short")
        log.listeners.append(writer)
        return writer
    return None


def intro_line(a: PlayArgs, state: Any, config: Any) -> str:
    """The log's first line: the new game, or the position it continues."""
    if config is not None:
        programs = config.options.get("programs") or {}
        seats = [f"{s.faction} ({programs[s.faction]} program)" if s.faction in programs else s.faction for s in config.seats]
        return f"Root on the {config.map} map, seed {config.seed}: {', '.join(seats)}"
    if state.winner is not None:
        return f"Continuing {a.from_file}: the game is already over"
    return f"Continuing {a.from_file}: round {state.round}, {state.current} to play"


def play_game(a: PlayArgs, log: Any, game: list[Any], state: Any, config: Any) -> tuple[Any, bool, int]:
    """Set up (or load) the game and play it: (the Game, whether it is over, turns played)."""
    from ..core.context import EngineFailure, Game
    from ..game import ConfigError, new_game, play, program_controllers

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
            g = Game(state, controllers=program_controllers(state), log=log)
        game.append(g)
        if a.check:
            watch_invariants(g)
        over = play(g, turns=a.turns, on_turn=count_turn)
    except EngineFailure as e:
        raise RunFailure("engine failure", str(e)) from None
    except InvariantBroken as e:
        raise RunFailure(e.label, e.found) from None
    finally:
        log.listeners.clear()
    return g, over, played[0]


def print_outcome(out: Out, mode: str, state: Any, over: bool, played: int) -> None:
    """The final scores and winner, or the scores so far and who plays next."""
    if mode in ("log", "short"):
        out.text()
    if over:
        score_table(out, state, f"Final scores after round {state.round}")
        out.text(winner_line(state))
    else:
        score_table(out, state, "Scores so far")
        out.text(f"stopped after {played} turn{'' if played == 1 else 's'}: next is round {state.round}, {state.current} to play")


def write_files(out: Out, mode: str, a: PlayArgs, g: Any, config: Any) -> None:
    """--save the position and --record the game."""
    from ..core import serial

    if a.save is not None:
        try:
            serial.save(g.state, a.save)
        except OSError as e:
            raise RunFailure("error", f"--save: cannot write {a.save}: {e.strerror or e}") from None
        if mode == "log":
            out.text(f"Saved the position to {a.save}")
    if a.record is not None:
        from ..record import record_of, save_record

        try:
            save_record(record_of(config, g), a.record)
        except OSError as e:
            raise RunFailure("error", f"--record: cannot write {a.record}: {e.strerror or e}") from None
        if mode == "log":
            out.text(f"Recorded the game in {a.record} (replay it with 'rootbotics replay {a.record}')")


# -- --check ------------------------------------------------------------------------------------
class InvariantBroken(Exception):
    """--check found the rules' bookkeeping broken right after an event."""

    def __init__(self, event: Any, found: list[str]) -> None:
        self.label = f"invariant broken after event {event.seq} ({one_line(event.line())})"
        self.found = "; ".join(found)
        super().__init__(f"{self.label}: {self.found}")


def watch_invariants(g: Any) -> None:
    """--check: the invariants of ``core.invariants`` hold once setup is done (or in the loaded
    position) and again after every event; the first break stops the game."""
    from ..core.invariants import violations

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


# -- the typer command --------------------------------------------------------------------------
def bot_cards_help(markup: bool = True) -> str:
    """Every bot's difficulty levels and traits with their one line (3.3), from each faction's faction.py,
    as the help's epilog: a paragraph per bot, a line per level and trait."""
    from ..factions import DIFFICULTY_TEXT, REFUSED_TRAITS, REGISTRY, RULE_SET_ONLY_BOTS, TRAIT_TEXT
    from ..factions import faction_title

    paragraphs = ["Difficulty levels and traits of each bot (Law of Robotics 3.3; the Better Bot Project's BBP 3.1), for --difficulty and --traits:"]
    for bot in dict.fromkeys([*DIFFICULTY_TEXT, *TRAIT_TEXT]):
        lines = [f"{faction_title(bot, 'bot')} ({bot})"]
        lines += [f"  difficulty {level}: {text}" for level, text in DIFFICULTY_TEXT.get(bot, {}).items()]
        lines += [f"  trait {trait}: {text}" for trait, text in TRAIT_TEXT.get(bot, {}).items()]
        lines += [f"  trait {trait}: not offered. {text}" for trait, text in REFUSED_TRAITS.get(bot, {}).items()]
        paragraphs.append("\n".join(lines))
        for rule_set in REGISTRY[bot].rule_sets[1:]:  # the other rule sets' own cards (the BBP Marquise's)
            paragraphs.append("\n".join(rule_set_cards_lines(bot, rule_set)))
    for bot in RULE_SET_ONLY_BOTS:  # the Robot Raccoon #2 (vagabond2@bbp)
        for rule_set in REGISTRY[bot].rule_sets:
            paragraphs.append("\n".join(rule_set_cards_lines(bot, rule_set)))
    text = "\n\n".join(paragraphs)
    if markup:
        from rich.markup import escape

        text = escape(text)
    return text


def rule_set_cards_lines(bot: str, rule_set: str) -> list[str]:
    """A bot of another rule set than the Law: its own difficulty and trait texts (where known;
    the Better Bot Project's lost cards leave only its default, ruling R-BBP-CARDS)."""
    from ..factions import REGISTRY, faction_title

    rules = REGISTRY[bot]
    texts = rules.rule_set_difficulty_text(rule_set)
    lines = [f"{faction_title(bot, 'bot', rule_set)} ({bot}@{rule_set})"]
    levels = rules.rule_set_difficulties(rule_set)
    if levels == ("default",) and not texts:
        lines.append("  difficulty default only, no traits: its cards are lost from the text (ruling R-BBP-CARDS)")
        return lines
    lines += [f"  difficulty {level}: {texts.get(level, '')}" for level in levels]
    lines += [f"  trait {trait}: {text}" for trait, text in rules.rule_set_traits(rule_set).items()]
    return lines


def play_command_class() -> Any:
    """typer's command class for ``play`` with the bots' cards (:func:`bot_cards_help`) as the
    help's epilog, built only when the help is shown: playing never imports rich's markup or
    reads every faction's cards (issue 15)."""
    from typer.core import TyperCommand

    class PlayCommand(TyperCommand):
        """``rootbotics play``, its epilog written when its help is."""

        def format_help(self, ctx: Any, formatter: Any) -> None:
            if self.epilog is None:
                self.epilog = bot_cards_help()
            super().format_help(ctx, formatter)

    return PlayCommand


def game_options() -> SimpleNamespace:
    """The options that say which game is played: bots, map, seed, position, suits, cards."""
    from ..core.maps import MAP_NAMES
    from .common import bot_names

    return SimpleNamespace(
        bots=option(
            Optional[str], "--bots", metavar="NAMES",
            help="The bots that play, separated by commas, in seat order: the first one plays first. "
            f"Bots: {bot_names()}. Example: --bots marquise,eyrie,vagabot. "
            "A seat may name its rule set, marquise@bbp (the Better Bot Project v5), or the list "
            "all of theirs, bbp:marquise,eyrie; without one, the Law of Robotics. Needed unless --from is given.",
        ),
        map=option(Optional[str], "--map", metavar="MAP", help=f"The map to play on. Maps: {', '.join(MAP_NAMES)}. Default: fall."),
        seed=option(
            Optional[int], "--seed", metavar="N",
            help="The number that decides every die roll and shuffle: the same seed plays the same game. Default: 0.",
        ),
        from_file=option(
            Optional[str], "--from", metavar="FILE",
            help="Continue the position saved in FILE instead of setting up a new game. "
            "Cannot be used with --bots, --map or --seed.",
        ),
        suits=option(Optional[str], "--suits", metavar="SUITS", help=SUITS_HELP),
        difficulty=option(Optional[str], "--difficulty", metavar="LEVELS", help=DIFFICULTY_HELP),
        traits=option(Optional[str], "--traits", metavar="TRAITS", help=TRAITS_HELP),
        vagabot_character=option(
            Optional[str], "--vagabot-character", metavar="NAME",
            help="The Vagabot's character: thief, tinker, ranger, vagrant, scoundrel or arbiter. "
            "Default: chosen at random (by the seed).",
        ),
        riverfolk_services=option(
            Optional[str], "--riverfolk-services", metavar="POLICY",
            help="Which Riverfolk Bot Services cards the bots buy by (9.7): none (bots never buy), basic (the three "
            "Basic Services cards) or advanced (the Basic cards and each bot's Advanced Services card, which wins "
            "where they differ). From a Riverfolk bot or a human Riverfolk. Default: basic.",
        ),
        programs=option(
            Optional[str], "--programs", metavar="SEATS",
            help="Human seats played by a built-in program choosing among the Law of Root's legal moves: "
            "seat=program separated by commas (e.g. --programs marquise=random). Programs: random (uniform), "
            "greedy (a one-step heuristic). These seats play first, in the order given, then the --bots.",
        ),
        deck_cards=option(
            Optional[str], "--deck-cards", metavar="DECK",
            help="The shared deck (LoR 19.2): base (the default) or exiles (the Exiles and Partisans deck). "
            "Saved in positions and records as options.deck.",
        ),
        cult_outcast_max=option(
            Optional[int], "--cult-outcast-max", metavar="N",
            help="The Clockwork Cult's (lizards@bbp) Outcast Pile maximum, 1 to 20 cards (BBP CC.2). Default: 4.",
        ),
        **table_value_declarations(),
    )  # fmt: skip


def table_value_declarations() -> dict[str, Any]:
    """--raccoon-paths, --otters-export, --alliance-sympathy: values lost from the Better Bot
    Project's text that a table reads off its own board (issue 29)."""
    from ..factions import TABLE_VALUES

    return {v.flag[2:].replace("-", "_"): option(Optional[str], v.flag, metavar=v.metavar, help=v.help) for v in TABLE_VALUES.values()}


def run_options() -> SimpleNamespace:
    """The options that say how the game is played and what is kept of it."""
    return SimpleNamespace(
        save=option(
            Optional[str], "--save", metavar="FILE",
            help="After playing, write the position to FILE (safely: a half-written file is never left). "
            "Nothing is written if the game cannot be set up or loaded, or if the engine fails.",
        ),
        turns=option(
            Optional[int], "--turns", metavar="N",
            help="Play at most N more turns, then stop (the game need not be over). Use with --save to keep "
            "a game in the middle. Default: play to the end.",
        ),
        max_rounds=option(
            Optional[int], "--max-rounds", metavar="N",
            help="Give up with an engine failure (exit code 1) if nobody has won after N rounds. Default: 150 "
            "for a new game, or what the saved position says.",
        ),
        quiet=option(bool, "--quiet", "-q", help="Print only the final scores and why the game ended, not the log."),
        short=option(
            bool, "--short", "-s",
            help="Print the gist: one line per bot action (like steps of one rule joined), without the reasons, "
            "then the final scores.",
        ),
        as_json=option(
            bool, "--json",
            help="Print the log as JSON, one event per line (seq, round, faction, phase, rule, kind, data, "
            "text), and nothing else.",
        ),
        check=option(
            bool, "--check",
            help="Check the rules' bookkeeping (pieces, cards, items, slots, scores) after every event; a break "
            "stops the game with one line naming the event (exit code 1) and nothing is saved.",
        ),
        record=option(
            Optional[str], "--record", metavar="FILE",
            help="At the end of a new game, write its game record to FILE (configuration, seed and a digest of "
            "the log; 'rootbotics replay FILE' plays it again and checks it). Not with --from or --turns.",
        ),
    )  # fmt: skip


def register(app: Any) -> None:
    """Add ``rootbotics play`` to ``app`` (options in the order the help lists them)."""
    g, r = game_options(), run_options()

    @app.command("play", help=HELP, cls=play_command_class())
    def play_command(
        bots: g.bots = None,
        map_name: g.map = None,
        seed: g.seed = None,
        from_file: g.from_file = None,
        save: r.save = None,
        turns: r.turns = None,
        max_rounds: r.max_rounds = None,
        quiet: r.quiet = False,
        short: r.short = False,
        as_json: r.as_json = False,
        suits: g.suits = None,
        difficulty: g.difficulty = None,
        traits: g.traits = None,
        check: r.check = False,
        record: r.record = None,
        vagabot_character: g.vagabot_character = None,
        riverfolk_services: g.riverfolk_services = None,
        cult_outcast_max: g.cult_outcast_max = None,
        programs: g.programs = None,
        deck_cards: g.deck_cards = None,
        raccoon_paths: g.raccoon_paths = None,
        otters_export: g.otters_export = None,
        alliance_sympathy: g.alliance_sympathy = None,
        marquise_cards: g.marquise_cards = None,
    ) -> int:
        return run_play(PlayArgs(**locals()))
