"""Watch a bot game step by step on the board: any seeded game (``rootbotics play``'s options)
or a study's game (``rootbotics replay --seed --bots --map --max-rounds``), its bots by either
rule set (``?bots=marquise@bbp,eyrie`` or ``?bots=bbp:marquise,eyrie``, as ``play --bots``). The game is played
once with a listener that keeps the position after each step a person would see (the events
``table/steps.py`` tells as instructions); the page shows one of them, its log, a round slider
and the link that brings the same game back."""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

from fastapi import APIRouter, Request
from fastapi.responses import Response

from ..core.chance import RngChance
from ..core.context import Game
from ..core.controllers import Controller
from ..core.events import Event, EventLog
from ..core.faction import LAW, RULE_SETS, rules_of
from ..core.lost_values import option_text
from ..factions import TABLE_VALUES
from ..core.maps import MAP_NAMES
from ..core.setup_order import FACTIONS
from ..core.state import GameState
from ..game import DEFAULT_MAX_ROUNDS, ConfigError, GameConfig, Seat, new_game, play
from ..table.steps import instruction, places_of
from .board import board_svg
from .forms import MAX_SEED, choices
from .pages import page
from .views import seat_views, vp_track

router = APIRouter()
KEEP = 4  # watched games kept in memory
MAX_ROUNDS = 200  # the longest game the watch page plays (each step's position is kept)
COMPUTING = 2  # watched games played at once, over all clients (each holds every step's position)


class Busy(Exception):
    """No watched game can be played now: ``status`` 503 (the server's bound) or 429 (this client's)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


_computing = threading.BoundedSemaphore(COMPUTING)
_clients: set[str] = set()
_clients_lock = threading.Lock()


def computing(client: str, work: Callable[[], Watched]) -> Watched:
    """``work`` (playing a game to watch) run under the bounds: at most ``COMPUTING`` games at
    once and one per client, so a flood of watch requests is refused at once (``Busy``) instead
    of queueing, stalling the table's requests and holding the positions of many games."""
    with _clients_lock:
        if client in _clients:
            raise Busy(429, "this device is already waiting for a game to watch; wait for it, then try again")
        _clients.add(client)
    try:
        if not _computing.acquire(timeout=0.5):
            raise Busy(503, f"the server is already playing {COMPUTING} games to watch; try again in a moment")
        try:
            return work()
        finally:
            _computing.release()
    finally:
        with _clients_lock:
            _clients.discard(client)


class WatchChance(RngChance):
    """The game's own seeded chance (as ``play`` uses), bound to the game so that the step
    listener can copy the position from the very first event of the setup."""

    __slots__ = ("game",)

    def __init__(self) -> None:
        self.game: Game | None = None

    def bind(self, g: Game) -> None:
        self.game, self.rng = g, g.state.rng


@dataclass(slots=True)
class Frame:
    """One step of a watched game: the event, what to do at a table, and the position after it."""

    event: Event
    text: str
    state: GameState


@dataclass(slots=True)
class Watched:
    config: GameConfig
    frames: list[Frame]
    log: list[Event]
    failure: str | None
    source: str = ""  # a game record's file name (empty: a seeded game)


def watch_config(query: dict[str, str]) -> GameConfig:
    """The game the query names (ConfigError naming the option when it cannot be played)."""
    bots, rule_sets = watch_lineup(query.get("bots", "marquise,eyrie,alliance,vagabot"))
    numbers = {}
    for key, default, high in (("seed", 0, MAX_SEED), ("max_rounds", DEFAULT_MAX_ROUNDS, MAX_ROUNDS)):
        raw = query.get(key, "") or str(default)
        if not raw.isdigit() or not 0 <= int(raw) <= high:
            raise ConfigError(f"{key}: {raw[:20]!r} is not a whole number from 0 to {high}")
        numbers[key] = int(raw)
    levels = per_bot(query.get("difficulty", ""), bots, "difficulty", "default")
    traits = per_bot(query.get("traits", ""), bots, "traits", "")
    map_name = query.get("map", "") or "fall"
    if map_name not in MAP_NAMES:
        raise ConfigError(f"map: {map_name[:20]!r} is not one of {', '.join(MAP_NAMES)}")
    seats = [Seat(b, "bot", levels[b], tuple(t for t in traits[b].split("+") if t), rs) for b, rs in zip(bots, rule_sets)]
    config = GameConfig(seats, map_name, numbers["seed"], numbers["max_rounds"], table_values_of(query))
    try:
        config.validate()
    except ConfigError as e:  # "seats.1.traits.0: ..." is about the traits option
        where, _, problem = str(e).partition(": ")
        parts = where.split(".")
        option = parts[2] if parts[0] == "seats" and len(parts) > 2 and parts[2] in ("difficulty", "traits") else None
        if parts[0] == "options" and len(parts) > 1:  # a value lost from the text: its field (R-BBP-RR-PATHS)
            raise ConfigError(f"{parts[1]}: {problem}") from None
        if option is None and parts[0] == "seats":  # the line-up itself: a seat twice, too few
            raise ConfigError(f"bots: {problem}") from None
        raise ConfigError(f"{option}: {bots[int(parts[1])]}: {problem}" if option else str(e)) from None
    return config


def table_values_of(query: dict[str, str]) -> dict[str, object]:
    """Values lost from the Better Bot Project's text, read off a board (``raccoon_paths``,
    ``otters_export``, ...; issue 29): ConfigError naming the field when one cannot be read."""
    options: dict[str, object] = {}
    for value in TABLE_VALUES.values():
        text = query.get(value.key, "").strip()
        if text:
            try:
                options.update(value.parse(text))
            except ValueError as e:
                raise ConfigError(f"{value.key}: {e}") from None
    return options


def watch_lineup(text: str) -> tuple[list[str], list[str]]:
    """``play --bots``'s line-up: the bots in seat order and each one's rule set, a seat's own
    (``marquise@bbp,eyrie``) or every seat's (``bbp:marquise,eyrie``); absent, the Law of
    Robotics. ConfigError naming ``bots`` when a name or rule set is not one."""
    default, colon, rest = text.partition(":")
    default, text = (default.strip().lower(), rest) if colon else (LAW, text)
    if default not in RULE_SETS:
        raise ConfigError(f"bots: {default[:20]!r} is not a rule set (choose from {', '.join(RULE_SETS)})")
    bots, rule_sets = [], []
    for part in filter(None, (p.strip().lower() for p in text.split(","))):
        bot, at, rule_set = (x.strip() for x in part.partition("@"))
        if bot not in FACTIONS:
            raise ConfigError(f"bots: {bot[:20]!r} is not a bot (choose from {', '.join(FACTIONS)})")
        rule_set = rule_set if at else default
        problem = rules_of(bot).rule_set_problem(rule_set)
        if problem:
            raise ConfigError(f"bots: {bot}@{rule_set[:20]}: {problem}")
        bots.append(bot)
        rule_sets.append(rule_set)
    return bots, rule_sets


def per_bot(text: str, bots: list[str], option: str, default: str) -> dict[str, str]:
    """``play``'s per-bot option: one value for every bot (``hard``; not for traits) or
    ``eyrie=easy,marquise=hard`` (traits joined by ``+``); bots not named get ``default``."""
    text = text.strip().lower()
    out = dict.fromkeys(bots, default)
    if text and "=" not in text:
        if option == "traits":
            raise ConfigError(f"traits: write bot=trait+trait for the bots playing ({', '.join(bots)})")
        return dict.fromkeys(bots, text)
    for part in filter(None, (p.strip() for p in text.split(","))):
        bot, _, value = (x.strip() for x in part.partition("="))
        if bot not in out:
            raise ConfigError(f"{option}: {bot[:20]!r} is not one of the bots playing ({', '.join(bots)})")
        out[bot] = value
    return out


def watch_game(config: GameConfig, controllers: dict[str, Controller] | None = None) -> Watched:
    """Play the game once, keeping the position after every step a person would see
    (``controllers``: a recorded game's human seats, answering as they did)."""
    chance, log, frames = WatchChance(), EventLog(), []

    def keep(e: Event) -> None:
        g = chance.game
        if g is None:
            return
        text = instruction(e, [None, *(g.state.suits[c] for c in range(1, 13))])  # None until the markers are laid (maps but Fall)
        if text is not None:
            frames.append(Frame(e, text, g.state.clone()))

    log.listeners.append(keep)
    failure = None
    try:
        play(new_game(config, chance, controllers, log))
    except Exception as exc:  # a stalled or failing game is shown up to where it stopped
        failure = f"{type(exc).__name__}: {exc}"
    return Watched(config, frames, log.events, failure)


_games: OrderedDict[str, Watched] = OrderedDict()


def watched(config: GameConfig, key: str, client: str = "") -> Watched:
    if key in _games:
        _games.move_to_end(key)
        return _games[key]
    game = computing(client, lambda: watch_game(config))
    _games[key] = game
    while len(_games) > KEEP:
        _games.popitem(last=False)
    return game


# Game records uploaded to watch (``records.py``), by the start of their file's SHA-256.
records: OrderedDict[str, Watched] = OrderedDict()


def keep_record(key: str, game: Watched) -> None:
    records[key] = game
    records.move_to_end(key)
    while len(records) > KEEP:
        records.popitem(last=False)


@router.get("/watch")
def watch_page(request: Request) -> Response:
    query = {k: v[:200] for k, v in request.query_params.items() if k != "token"}
    if "record" in query:
        game = records.get(query["record"])
        if game is None:
            error = "record: this server no longer holds that game record (it keeps the last few): upload the file again"
            return page(request, "watch.html", {**choices(), "game": None, "query": {}, "error": error}, 404)
        return page(request, "watch.html", watch_view(game, query, {"record": query["record"]}))
    if "bots" not in query:
        return page(request, "watch.html", {**choices(), "game": None, "query": query, "error": ""})
    try:
        config = watch_config(query)
    except ConfigError as e:
        return page(request, "watch.html", {**choices(), "game": None, "query": query, "error": str(e)}, 400)
    same = {k: query[k] for k in ("bots", "map", "seed", "max_rounds", "difficulty", "traits", *(v.key for v in TABLE_VALUES.values())) if query.get(k)}
    try:
        game = watched(config, urlencode(sorted(same.items())), request.client.host if request.client else "")
    except Busy as e:
        return page(request, "watch.html", {**choices(), "game": None, "query": query, "error": str(e)}, e.status)
    return page(request, "watch.html", watch_view(game, query, same))


def watch_view(game: Watched, query: dict[str, str], same: dict[str, str]) -> dict[str, Any]:
    """The page of one step of a watched game (``step`` from 1; ``round`` jumps to its first)."""
    frames = game.frames
    n = len(frames)
    step = int(query["step"]) if query.get("step", "").isdigit() else 1
    rounds = sorted({f.event.round for f in frames}) or [1]
    if query.get("round", "").isdigit():
        wanted = int(query["round"])
        step = next((i + 1 for i, f in enumerate(frames) if f.event.round >= wanted), n)
    step = max(1, min(step, n)) if n else 0
    frame = frames[step - 1] if n else None
    cfg = game.config
    link = "/watch?" + urlencode(same)
    view: dict[str, Any] = {
        **choices(), "game": game, "query": query, "error": game.failure or "", "step": step, "steps": n, "frame": frame,
        "link": link, "step_link": f"{link}&step={step}", "rounds": rounds,
        "commands": ([f"rootbotics replay {game.source}"] if game.source else []) + (commands(cfg) if all(s.seat == "bot" for s in cfg.seats) else []),
    }
    if frame is not None:
        seq = frame.event.seq
        view["log"] = [e.line() for e in game.log[max(0, seq - 40) : seq + 1]]
        view["svg"] = board_svg(frame.state, places_of(frame.event))
        view["seats"] = seat_views(frame.state, {})
        view["track"] = vp_track(frame.state, {})
        view["round"] = frame.event.round
    return view


def commands(cfg: GameConfig) -> list[str]:
    """``rootbotics play`` and ``replay`` lines that give the same game."""
    bots = ",".join(s.faction if s.rule_set == LAW else f"{s.faction}@{s.rule_set}" for s in cfg.seats)
    levels = ",".join(f"{s.faction}={s.difficulty}" for s in cfg.seats if s.difficulty != "default")
    traits = ",".join(f"{s.faction}={'+'.join(s.traits)}" for s in cfg.seats if s.traits)
    options = (f" --difficulty {levels}" if levels else "") + (f" --traits {traits}" if traits else "")
    options += "".join(f" {v.flag} '{option_text(cfg.options[v.key])}'" for v in TABLE_VALUES.values() if v.key in cfg.options)
    return [f"rootbotics play --bots {bots} --map {cfg.map} --seed {cfg.seed}{options}",
            f"rootbotics replay --seed {cfg.seed} --bots {bots} --map {cfg.map} --max-rounds {cfg.max_rounds}{options}"]
