"""What every command shares: the error types and how they are reported, checking options
(--bots, --map, --suits, --difficulty, --traits, a study's options), loading a position and
checking the files and folders a command will write.

Everything the engine provides is imported inside the function that needs it, so importing
this module costs nothing at start-up.
"""

import os
import sys
from pathlib import Path
from collections.abc import Sequence
from typing import Any, Optional

PROG = "rootbotics"


def install_advice(extra: str) -> str:
    """The pip command that installs an extra where this copy of rootbotics is: from its clone
    (a folder with its pyproject.toml) when it runs from one, else by the package's name."""
    root = Path(__file__).resolve().parents[3]
    if (root / "pyproject.toml").is_file() and (root / "src" / "rootbotics").is_dir():
        where = "." if root == Path.cwd().resolve() else str(root)
        return f"pip install -e '{where}[{extra}]'"
    return f"pip install 'rootbotics[{extra}]'"


NEED_EXTRA = f"{PROG}: the command line needs the 'cli' extra: {install_advice('cli')}"
NEED_SIM = f"the 'sim' extra is needed: {install_advice('sim')}"


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
    """``text`` with every run of white space (newlines too) made one space."""
    return " ".join(str(text).split())


def say_error(label: str, message: str) -> None:
    """The one line on stderr that reports an error."""
    print(f"{PROG}: {label}: {one_line(message)}", file=sys.stderr)


# -- options ------------------------------------------------------------------------------------
def parse_bots(text: str) -> list[str]:
    """``marquise,eyrie`` -> ``["marquise", "eyrie"]``, in seat order, checked (rule sets as
    :func:`parse_lineup` reads them, left out)."""
    return parse_lineup(text)[0]


# A program seat is named by the faction's human name; the engine's name where it differs.
PROGRAM_SEAT_ALIASES: dict[str, str] = {"vagabond": "vagabot"}


def parse_programs(text: str | None) -> dict[str, str]:
    """``marquise=random,vagabond=greedy`` -> each human seat played by a built-in program, in
    seat order (issue 26). Factions by their human names (``vagabond`` for the Vagabond)."""
    from ..core.moves import PROGRAM_NAMES
    from ..factions import HUMAN_FACTIONS, REGISTRY

    if text is None:
        return {}
    out: dict[str, str] = {}
    built = [("vagabond" if f == "vagabot" else f) for f in HUMAN_FACTIONS if REGISTRY[f].lor() is not None]
    for part in text.split(","):
        name, eq, program = (x.strip().lower() for x in part.partition("="))
        if not eq or not name or not program:
            raise CliError(f"--programs: write seat=program separated by commas, e.g. --programs marquise=random (got {part.strip()!r})")
        faction = PROGRAM_SEAT_ALIASES.get(name, name)
        if faction not in HUMAN_FACTIONS:
            raise CliError(f"--programs: {name!r} is not a faction a program can play (choose from {', '.join(built)})")
        if REGISTRY[faction].lor() is None:
            raise CliError(f"--programs: the {name}'s Law of Root is not built yet (programs can play: {', '.join(built)})")
        if program not in PROGRAM_NAMES:
            raise CliError(f"--programs: {program!r} is not a built-in program (choose from {', '.join(PROGRAM_NAMES)})")
        if faction in out:
            raise CliError(f"--programs: {name} is listed twice")
        out[faction] = program
    return out


def bot_names() -> str:
    """The bots a seat may name, for help and errors: the Law's bots, then those of another rule
    set only, with it (``vagabond2@bbp``, the Robot Raccoon #2; ruling R-BBP-RR2)."""
    from ..factions import PLAYABLE_BOTS, REGISTRY, RULE_SET_ONLY_BOTS

    return ", ".join([*PLAYABLE_BOTS, *(f"{f}@{REGISTRY[f].rule_sets[0]}" for f in RULE_SET_ONLY_BOTS)])


def parse_lineup(text: str, least: int = 2) -> tuple[list[str], tuple[str, ...]]:
    """``bbp:marquise,eyrie@law`` -> the bots in seat order and each one's rule set. A leading
    ``<rule set>:`` is every seat's rule set; ``<bot>@<rule set>`` names one seat's; absent,
    the Law of Robotics."""
    from ..core.faction import LAW, RULE_SETS
    from ..core.setup_order import FACTIONS
    from ..factions import PLAYABLE_BOTS, REGISTRY, RULE_SET_ONLY_BOTS

    choices = bot_names()
    default, colon, rest = text.partition(":")
    default, text = (default.strip().lower(), rest) if colon else (LAW, text)
    if default not in RULE_SETS:
        raise CliError(f"--bots: {default!r} is not a rule set (choose from {', '.join(RULE_SETS)})")
    seats = [n.strip().lower().partition("@") for n in text.split(",")]
    names = [name.strip() for name, _, _ in seats]
    rule_sets = tuple(rs.strip() if at else default for _, at, rs in seats)
    if any(not n for n in names):
        raise CliError(f"--bots: give bot names separated by commas, e.g. --bots {','.join(PLAYABLE_BOTS)} (got {text!r})")
    seen: set[str] = set()
    for name, rule_set in zip(names, rule_sets):
        if name not in PLAYABLE_BOTS and name not in RULE_SET_ONLY_BOTS:
            if name in FACTIONS:
                raise CliError(f"--bots: the {name} bot is not built yet (choose from {choices})")
            raise CliError(f"--bots: {name!r} is not a bot (choose from {choices})")
        if name in seen:
            raise CliError(f"--bots: {name} is listed twice")
        seen.add(name)
        problem = REGISTRY[name].rule_set_problem(rule_set)
        if problem:
            raise CliError(f"--bots: {name}@{rule_set}: {problem}")
    if len(names) < least:
        raise CliError(f"--bots: a game needs at least 2 bots, got {len(names)} ({names[0]})" if least == 2 else f"--bots: a game needs at least {least} more seat{'s' if least > 1 else ''}, got {len(names)}")
    return names, rule_sets


def parse_map(name: str) -> str:
    """A map's name, checked."""
    from ..core.maps import MAP_NAMES

    if name not in MAP_NAMES:
        raise CliError(f"--map: {name!r} is not a map (choose from {', '.join(MAP_NAMES)})")
    return name


def parse_suits(text: str, map_name: str) -> list[str]:
    """``fox,mouse,...`` -> twelve suits in priority order, four of each (LoR A.1); on Fall only
    its printed suits are accepted."""
    from ..core.maps import load_map, suit_problem

    names = [n.strip().lower() for n in text.split(",")]
    problem = suit_problem(load_map(map_name), names)
    if problem:
        raise CliError(f"--suits: {problem}")
    return names


def parse_difficulty(text: Optional[str], bots: list[str]) -> tuple[str, ...]:
    """One level for every bot (``nightmare``) or per bot (``eyrie=easy,marquise=nightmare``);
    bots not named play at the default level (3.3)."""
    from ..core.state import DIFFICULTIES

    if text is None:
        return ()
    levels = dict.fromkeys(bots, "default")
    pairs = [(b, text.strip().lower()) for b in bots] if "=" not in text else difficulty_pairs(text, bots)
    for bot, level in pairs:
        if level not in DIFFICULTIES:
            raise CliError(f"--difficulty: {level!r} is not a difficulty (choose from {', '.join(DIFFICULTIES)})")
        levels[bot] = level
    return tuple(levels[b] for b in bots)


def difficulty_pairs(text: str, bots: list[str]) -> list[tuple[str, str]]:
    """``eyrie=easy,marquise=nightmare`` -> ``[("eyrie", "easy"), ("marquise", "nightmare")]``,
    each bot one of those playing and named once (the levels are checked by the caller)."""
    pairs: list[tuple[str, str]] = []
    for part in text.split(","):
        bot, _, level = part.partition("=")
        bot, level = bot.strip().lower(), level.strip().lower()
        if bot not in bots:
            raise CliError(f"--difficulty: {bot!r} is not one of the bots playing ({', '.join(bots)})")
        if bot in (b for b, _ in pairs):
            raise CliError(f"--difficulty: {bot} is listed twice")
        pairs.append((bot, level))
    return pairs


def parse_traits(text: Optional[str], bots: list[str]) -> tuple[tuple[str, ...], ...]:
    """Trait cards per bot (3.3): ``marquise=fortified+hospitals,eyrie=swoop``, each checked
    against the bot's own traits; bots not named play without traits."""
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
        traits[bot] = bot_traits(bot, names)
    return tuple(traits[b] for b in bots)


def bot_traits(bot: str, names: str) -> tuple[str, ...]:
    """``fortified+hospitals`` for ``bot`` -> its traits, each one of the bot's, none twice."""
    from ..factions import REFUSED_TRAITS, TRAIT_TEXT
    from ..factions import faction_title

    chosen = tuple(t.strip().lower() for t in names.split("+") if t.strip())
    known = TRAIT_TEXT.get(bot, {})
    for trait in chosen:
        if trait in REFUSED_TRAITS.get(bot, {}):
            raise CliError(f"--traits: {REFUSED_TRAITS[bot][trait]}")
        if trait not in known:
            raise CliError(
                f"--traits: {trait!r} is not a trait of the {faction_title(bot, 'bot')} (choose from {', '.join(known) or 'none yet'})"
            )
    if len(set(chosen)) != len(chosen):
        raise CliError(f"--traits: {bot} has a trait listed twice")
    return chosen


def faction_options(
    vagabot_character: Optional[str],
    riverfolk_services: Optional[str],
    continued: bool = False,
    cult_outcast_max: Optional[int] = None,
    deck_cards: Optional[str] = None,
) -> dict[str, object]:
    """The game options of --vagabot-character, --riverfolk-services, --cult-outcast-max and
    --deck-cards, checked (``continued``: a saved position is continued, which keeps its own)."""
    options: dict[str, object] = cult_options(cult_outcast_max, continued)
    if deck_cards is not None:
        options["deck"] = deck_option(deck_cards, continued)
    if vagabot_character is not None:
        from ..factions.vagabot.items import CHARACTERS

        name = vagabot_character.strip().lower()
        if name not in CHARACTERS:
            raise CliError(f"--vagabot-character: {vagabot_character!r} is not a Vagabot character (choose from {', '.join(CHARACTERS)})")
        if continued:
            raise CliError("--vagabot-character cannot be used with --from: the saved position already has its Vagabot")
        options["vagabot_character"] = name
    if riverfolk_services is not None:
        from ..factions.riverfolk.services import OPTION, POLICIES

        policy = riverfolk_services.strip().lower()
        if policy not in POLICIES:
            raise CliError(f"--riverfolk-services: {riverfolk_services!r} is not a services policy (choose from {', '.join(POLICIES)})")
        if continued:
            raise CliError("--riverfolk-services cannot be used with --from: the saved position keeps its own options")
        options[OPTION] = policy
    return options


DECK_NAMES = {"base": "base", "exiles": "exiles-partisans", "exiles-partisans": "exiles-partisans", "ep": "exiles-partisans"}


def deck_option(text: str, continued: bool = False) -> str:
    """--deck-cards: the shared deck (LoR 19.2), ``options.deck``."""
    name = text.strip().lower()
    if name not in DECK_NAMES:
        raise CliError(f"--deck-cards: {text!r} is not a shared deck (choose from base, exiles)")
    if continued:
        raise CliError("--deck-cards cannot be used with --from: the saved position keeps its own deck (options.deck)")
    return DECK_NAMES[name]


CULT_FLAG = "--cult-outcast-max"


def cult_options(maximum: Optional[int], continued: bool = False) -> dict[str, object]:
    """--cult-outcast-max: the Clockwork Cult's Outcast Pile maximum (BBP CC.2, 1 to 20)."""
    if maximum is None:
        return {}
    from ..factions.lizards.cult import OPTION, option_problem

    problem = option_problem({OPTION: maximum})
    if problem:
        raise CliError(f"{CULT_FLAG}: {problem.partition(': ')[2]}")
    if continued:
        raise CliError(f"{CULT_FLAG} cannot be used with --from: the saved position keeps its own options")
    return {OPTION: maximum}


def check_cult_seated(options: dict[str, object], factions: Sequence[str], rule_sets: Sequence[str]) -> None:
    """--cult-outcast-max only where the Clockwork Cult (``lizards@bbp``) plays."""
    from ..factions.lizards.cult import OPTION

    if OPTION in options and ("lizards", "bbp") not in zip(factions, rule_sets):
        raise CliError(f"{CULT_FLAG}: no Clockwork Cult (lizards@bbp) among the bots ({','.join(factions)})")


def table_values(a: Any) -> dict[str, Optional[str]]:
    """The flags of values lost from the text that the table gives (issue 29), as typed on
    ``play`` or ``simulate`` (``a``: their parsed arguments)."""
    from ..factions import TABLE_VALUES

    return {flag: getattr(a, flag[2:].replace("-", "_"), None) for flag in TABLE_VALUES}


def table_value_options(given: dict[str, Optional[str]], continued: bool = False) -> dict[str, object]:
    """The options of the flags for values lost from a rule set's text that the table gives from
    its own board (``--raccoon-paths``, ``--otters-export``, ...; issue 29), each checked, as
    ``{flag: text}`` (None: not given)."""
    from ..factions import TABLE_VALUES

    options: dict[str, object] = {}
    for flag, text in given.items():
        if text is None:
            continue
        if continued:
            raise CliError(f"{flag} cannot be used with --from: the saved position keeps its own options")
        try:
            options.update(TABLE_VALUES[flag].parse(text))
        except ValueError as e:
            raise CliError(f"{flag}: {e}") from None
    return options


def check_table_values_seated(options: dict[str, object], factions: Sequence[str], rule_sets: Sequence[str]) -> None:
    """Each such option only where its bot plays (``--raccoon-paths`` with ``vagabot@bbp``)."""
    from ..core.faction import faction_title
    from ..factions import TABLE_VALUES, takes_table_value

    for value in TABLE_VALUES.values():
        if value.key in options and not takes_table_value(value.key, zip(factions, rule_sets)):  # both Robot Raccoons take the paths
            who = faction_title(value.faction, "bot", value.rule_set)
            raise CliError(f"{value.flag}: no {who} ({value.faction}@{value.rule_set}) among the bots ({','.join(factions)})")


def option_flag(key: str) -> Optional[str]:
    """The flag that sets ``options.<key>``, if one does."""
    from ..factions import TABLE_VALUES

    return next((v.flag for v in TABLE_VALUES.values() if v.key == key), None)


def config_problem(e: Exception) -> CliError:
    """A configuration error in the command line's words: ``seats.0.traits.1: ...`` is about
    --traits, ``max_rounds: ...`` about --max-rounds."""
    text = str(e)
    field, sep, problem = text.partition(": ")
    parts = field.split(".")
    option = {"map": "--map", "suits": "--suits", "max_rounds": "--max-rounds", "seats": "--bots"}.get(parts[0])
    if parts[0] == "seats" and len(parts) >= 3:
        option = {"traits": "--traits", "difficulty": "--difficulty"}.get(parts[2], "--bots")
    if parts[0] == "options" and len(parts) >= 2:
        option = option_flag(parts[1])
    return CliError(f"{option}: {problem}" if option and sep else text)


def check_max_rounds(state: Any, max_rounds: Optional[int]) -> None:
    """--max-rounds on a loaded position: at least 1, kept in its options."""
    if max_rounds is not None:
        if max_rounds < 1:
            raise CliError(f"--max-rounds: {max_rounds} must be at least 1")
        state.options["max_rounds"] = max_rounds


def option(kind: Any, *decls: str, **settings: Any) -> Any:
    """``Annotated[kind, typer.Option(*decls, **settings)]``: an option's declaration, to be
    used as a command parameter's annotation."""
    from typing import Annotated

    import typer

    return Annotated[kind, typer.Option(*decls, **settings)]


# -- studies (simulate, replay) -----------------------------------------------------------------
def make_study(
    bots: str,
    map_name: Optional[str],
    max_rounds: Optional[int],
    difficulty: Optional[str],
    traits: Optional[str],
    rotate_seats: bool = False,
    options: Optional[dict[str, object]] = None,
    suits: Optional[str] = None,
    programs: Optional[dict[str, str]] = None,
) -> Any:
    """The ``sim.study.Study`` the options describe (``options``: those of
    :func:`faction_options`; ``programs``: human seats played by built-in programs, seated
    first), checked as a game configuration."""
    from ..game import DEFAULT_MAX_ROUNDS, ConfigError
    from ..sim.study import Study

    programs = programs or {}
    factions, rule_sets = parse_lineup(bots, least=max(0, 2 - len(programs)))
    options = options or {}
    if "vagabot_character" in options and "vagabot" not in factions:
        raise CliError(f"--vagabot-character: the vagabot is not among the bots ({','.join(factions)})")
    check_cult_seated(options, factions, rule_sets)
    check_table_values_seated(options, factions, rule_sets)
    for f in factions:
        if f in programs:
            raise CliError(f"--programs: the {f} is also among the --bots; a faction sits once")
    levels, cards = parse_difficulty(difficulty, factions), parse_traits(traits, factions)
    seated = [*programs, *factions]  # program seats first (issue 26)
    if programs:
        options = {**options, "programs": tuple(programs.items())}
        rule_sets = ("law",) * len(programs) + tuple(rule_sets)
        levels = ("default",) * len(programs) + levels if levels else levels
        cards = ((),) * len(programs) + cards if cards else cards
    study = Study(
        bots=tuple(seated),
        rule_sets=rule_sets if any(rs != "law" for rs in rule_sets) else (),
        map=parse_map(map_name if map_name is not None else "fall"),
        max_rounds=max_rounds if max_rounds is not None else DEFAULT_MAX_ROUNDS,
        difficulty=levels,
        traits=cards,
        rotate_seats=rotate_seats,
        options=tuple(sorted(options.items())),
        suits=tuple(parse_suits(suits, map_name or "fall")) if suits is not None else (),
    )
    try:
        study.config(0).validate()
    except ConfigError as e:
        raise config_problem(e) from None
    return study


def need_sim_extra() -> None:
    """Refuse to go on without the 'sim' extra (pyarrow and DuckDB)."""
    try:
        import duckdb  # noqa: F401
        import pyarrow  # noqa: F401
    except ImportError:
        raise CliError(NEED_SIM) from None


def study_option_help() -> dict[str, str]:
    """Help texts of the options that simulate and replay share: map, difficulty, traits."""
    from ..core.maps import MAP_NAMES
    from ..core.state import DIFFICULTIES

    return {
        "map": f"The map. Maps: {', '.join(MAP_NAMES)}. Default: fall.",
        "difficulty": (
            f"Difficulty of every bot (e.g. nightmare) or per bot (e.g. eyrie=easy,marquise=nightmare). "
            f"Levels: {', '.join(DIFFICULTIES)}. Default: default."
        ),
        "traits": "Traits per bot, bots separated by commas, e.g. eyrie=swoop,marquise=fortified ('rootbotics play --help' lists them). Default: none.",
    }


# -- files --------------------------------------------------------------------------------------
def load_position(path: str) -> Any:
    """A saved position, or ``CliError('<path>: <StateError message>')``."""
    from ..core.serial import StateError, load

    try:
        return load(path)
    except StateError as e:
        raise CliError(f"{path}: {e}") from None


def check_save_target(path: str, option: str = "--save") -> None:
    """Refuse a --save target that cannot be written, before any game is played."""
    from ..core.serial import write_target

    p = Path(path)
    if p.is_dir():
        raise CliError(f"{option}: {path} is a folder, not a file")
    try:
        write_target(p)  # writes go through a symlink; never over a device or a pipe
    except OSError as e:
        raise CliError(f"{option}: {e.strerror or e}") from None
    folder = p.parent if str(p.parent) else Path(".")
    if not folder.is_dir():
        raise CliError(f"{option}: the folder {str(folder)!r} does not exist")
    if not os.access(folder, os.W_OK):
        raise CliError(f"{option}: cannot write in the folder {str(folder)!r}")


def check_out_folder(out: str) -> Path:
    """The --out folder, made if missing; refused if it is a file or cannot be written."""
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
