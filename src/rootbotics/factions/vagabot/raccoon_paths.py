"""The Robot Raccoon's paths of actions as a game option (Better Bot Project v5, ``vagabot@bbp``).

BBP RR.4 sends the bot along "the Path of actions" of its order card's suit; the table of paths
was an image of the bot's board, and only the bird order's survives in the text (Explore, Quest,
Aid, Battle). A table that owns the board gives the other three, with the text's action names
(``options.raccoon_paths``: ``{"fox": [...], "rabbit": [...], "mouse": [...]}``), or chooses
the documented stand-in, the bird path for every order (``"stand-in"``); without either, the
seat is refused (ruling R-BBP-RR-PATHS). This module only reads and checks the option; the bot
that follows the paths is ``bbp.py``.
"""

from __future__ import annotations

from collections.abc import Mapping

OPTION = "raccoon_paths"
FLAG = "--raccoon-paths"
STAND_IN = "stand-in"
# The text's names of the Robot Raccoon's actions: Explore, Quest, Aid, Battle (BBP RR.5-RR.8)
# and Special (RR.10).
ACTIONS: tuple[str, ...] = ("explore", "quest", "aid", "battle", "special")
BIRD_PATH: tuple[str, ...] = ("explore", "quest", "aid", "battle")  # BBP RR.4: the text's one path
ORDERS: tuple[str, ...] = ("fox", "rabbit", "mouse")  # the orders whose paths were lost
MAX_ACTIONS = 6
EXAMPLE = "fox=explore+battle+special,rabbit=battle+aid+special,mouse=quest+aid+battle"
CHARACTER_KEY = "character"
CHARACTER2_KEY = "character2"  # the Robot Raccoon #2's character (ruling R-BBP-RR2)
# Each Robot Raccoon's character option: the first's is the Vagabot's; the #2's his own.
CHARACTER_OPTIONS: dict[str, str] = {"vagabot": "vagabot_character", "vagabond2": "vagabot2_character"}


class PathsError(ValueError):
    """A paths text or option that cannot be played; the message says why, in one line."""


def parse(text: str) -> tuple[object, dict[str, str]]:
    """``fox=explore+battle,rabbit=...,mouse=...[,character=thief][,character2=ranger]`` or
    ``stand-in[,character=...][,character2=...]`` -> the option's value and the characters named, by key (``character``: the
    Robot Raccoon's, ``character2``: the Robot Raccoon #2's). One set of paths serves both: they
    are the same bot's board (ruling R-BBP-RR2)."""
    words = text.strip().lower()
    if words == STAND_IN:
        return STAND_IN, {}
    paths: dict[str, list[str]] = {}
    characters: dict[str, str] = {}
    parts = [p.strip() for p in words.split(",")]
    stand_in = parts[0] == STAND_IN  # ``stand-in,character=...``: the stand-in with characters given
    for part in parts[1:] if stand_in else parts:
        key, eq, value = part.partition("=")
        key, value = key.strip(), value.strip()
        if not eq or not value:
            raise PathsError(f"{part!r} is not ORDER=ACTION+ACTION... (e.g. {EXAMPLE}, or {STAND_IN})")
        if key in (CHARACTER_KEY, CHARACTER2_KEY):
            characters[key] = value
            continue
        if stand_in:
            raise PathsError(f"{part!r}: with {STAND_IN} only {CHARACTER_KEY}=NAME and {CHARACTER2_KEY}=NAME may follow")
        if key in paths:
            raise PathsError(f"the {key} path is given twice")
        paths[key] = [a.strip() for a in value.split("+")]
    if stand_in:
        return STAND_IN, characters
    problem = paths_problem(paths)
    if problem:
        raise PathsError(problem)
    return paths, characters


def paths_problem(value: object) -> str | None:
    """Why ``value`` is no Robot Raccoon paths option (None: it is one)."""
    if value == STAND_IN:
        return None
    if not isinstance(value, Mapping):
        return f"expected {STAND_IN!r} or a path for each of {', '.join(ORDERS)}, got {value!r}"
    for key in value:
        if key not in ORDERS:
            extra = " (the bird path is the text's: Explore, Quest, Aid, Battle)" if key == "bird" else ""
            return f"{key!r} is not an order whose path is asked for (give {', '.join(ORDERS)}){extra}"
    for order in ORDERS:
        if order not in value:
            return f"the {order} path is missing (give {', '.join(ORDERS)}, e.g. {EXAMPLE}, or {STAND_IN})"
        path = value[order]
        if not isinstance(path, (list, tuple)) or not 1 <= len(path) <= MAX_ACTIONS:
            return f"the {order} path must list 1 to {MAX_ACTIONS} actions, got {path!r}"
        for action in path:
            if action not in ACTIONS:
                return f"the {order} path: {action!r} is not an action of the Robot Raccoon (the text's: {', '.join(ACTIONS)})"
    return None


def option_problem(options: Mapping[str, object]) -> str | None:
    """``options.raccoon_paths``, when present."""
    if OPTION not in options:
        return None
    problem = paths_problem(options[OPTION])
    return f"options.{OPTION}: {problem}" if problem else None


def paths_of(options: Mapping[str, object]) -> dict[str, tuple[str, ...]]:
    """Each order suit's path: the text's for bird; the table's for the others, or the stand-in
    (the bird path) for all of them."""
    value = options.get(OPTION, STAND_IN)
    out = {"bird": BIRD_PATH}
    for order in ORDERS:
        out[order] = BIRD_PATH if value == STAND_IN or not isinstance(value, Mapping) else tuple(value[order])
    return out


def is_stand_in(options: Mapping[str, object]) -> bool:
    return options.get(OPTION) == STAND_IN


def describe(options: Mapping[str, object]) -> str:
    """The paths in words, for the log: ``fox: Explore, Battle; ...``."""
    paths = paths_of(options)
    return "; ".join(f"{suit}: {', '.join(a.capitalize() for a in paths[suit])}" for suit in ("bird", *ORDERS))


def missing_line() -> str:
    """The one line that refuses a Robot Raccoon seat without its paths."""
    return (
        f"the Robot Raccoon's fox, rabbit and mouse paths of actions are not in the text (its board was an image; "
        f"ruling R-BBP-RR-PATHS): give them from your board with {FLAG} {EXAMPLE} (actions: {', '.join(ACTIONS)}; "
        f"optionally ,character=NAME and ,character2=NAME for the Robot Raccoon #2), or play the stand-in, the bird path for every order, with {FLAG} {STAND_IN}"
    )


def option_text(options: Mapping[str, object]) -> str | None:
    """``options.raccoon_paths`` as ``--raccoon-paths`` takes it (``stand-in`` or
    ``fox=explore+battle,rabbit=...,mouse=...``; no spaces, so a Rootlog seat comment carries it);
    None when the option is not set."""
    value = options.get(OPTION)
    if value is None:
        return None
    if value == STAND_IN or not isinstance(value, Mapping):
        return STAND_IN
    return ",".join(f"{order}={'+'.join(value[order])}" for order in ORDERS)


def table_options(text: str) -> dict[str, object]:
    """The options ``--raccoon-paths TEXT`` sets: the paths, and each Robot Raccoon's character
    if named."""
    from .items import CHARACTERS

    value, characters = parse(text)
    out: dict[str, object] = {OPTION: value}
    for key, character in characters.items():
        if character not in CHARACTERS:
            raise PathsError(f"{key}={character!r} is not a character (choose from {', '.join(CHARACTERS)})")
        out[CHARACTER_OPTIONS["vagabot" if key == CHARACTER_KEY else "vagabond2"]] = character
    return out


LABEL = "Robot Raccoons' paths (fox, rabbit, mouse; ,character=NAME; ,character2=NAME for the Robot Raccoon #2)"
HELP = (
    "The Robot Raccoon's (vagabot@bbp) paths of actions for the fox, rabbit and mouse orders, read off its board "
    f"(BBP RR.4; the text keeps only the bird path): e.g. '{EXAMPLE.replace(',', ', ')}', with the actions {', '.join(ACTIONS)}; "
    "add ,character=NAME for its character, whose ability its Special uses (else random), and ,character2=NAME for "
    "the Robot Raccoon #2's (vagabond2@bbp), who follows the same paths. "
    f"'{STAND_IN}' plays the bird path for every order, a stand-in named as such in the log, the record and reports. "
    "Needed whenever a Robot Raccoon plays (rulings R-BBP-RR-PATHS, R-BBP-RR2)."
)
