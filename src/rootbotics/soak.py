"""The soak: many random seeded games with every invariant checked after every event.

Each game's configuration (which bots, how many, seat order, map, difficulties, trait sets) is
drawn from the soak's own seeded RNG, so game ``i`` of a soak with seed ``s`` is always the same
game. A failing game is saved as the position at the start of the failing turn plus its
configuration (``soak-failure-SEED.json``), and as a plain position file
(``soak-failure-SEED.position.json``) that ``rootbotics play --from FILE --check`` plays on from
that turn. The progress (games done, failures) is written as the soak goes
(``soak-progress-SEED.json``), so a killed soak run again plays only the games not done.
Run: ``rootbotics soak --games 10000 --jobs 2`` or ``python -m rootbotics.soak ...``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
import traceback
from collections.abc import Callable, Iterable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass, field
from pathlib import Path

from .factions import TRAIT_TEXT
from .core import invariants, serial
from .core.chance import Rng
from .core.context import Game, GameOver
from .core.faction import LAW
from .core.moves import PROGRAM_NAMES
from .factions import HUMAN_FACTIONS, PLAYABLE_BOTS, REGISTRY
from .factions.vagabot.items import CHARACTERS
from .core.maps import MAP_NAMES
from .factions.riverfolk.services import POLICIES
from .core.state import DIFFICULTIES
from .core.workers import die_with_parent
from .game import GameConfig, Seat, new_game, play_turn
from .record import config_to_json

MAX_SEATS = 6


@dataclass(slots=True)
class SoakResult:
    index: int
    seed: int
    ok: bool
    rounds: int = 0
    error: str = ""
    failure_file: str = ""


PROGRAM_MODES = ("half", "every")  # how often a soak game seats programs (--programs)


def soak_config(soak_seed: int, index: int, programs: str = "half") -> GameConfig:
    """The configuration of game ``index`` of a soak: 2 to 6 of the playable bots in a random
    seat order, a random map, for each bot a random difficulty and a random set of its traits
    (any subset, each trait in or out with even odds), the Vagabot's character and, with the
    Riverfolk seated, how the bots buy its services; then the programs (``programs``: in half the
    games one, or in every game one or more beside at least one bot)."""
    rng = Rng.from_seed(soak_seed * 1_000_003 + index)
    bots = list(PLAYABLE_BOTS)
    rng.shuffle(bots)
    count = 2 + rng.below(min(len(bots), MAX_SEATS) - 1)
    seats = []
    for f in bots[:count]:
        level = DIFFICULTIES[rng.below(len(DIFFICULTIES))]
        traits = tuple(t for t in TRAIT_TEXT.get(f, {}) if rng.below(2))
        seats.append(Seat(f, difficulty=level, traits=traits))
    options: dict[str, object] = {}
    if any(seat.faction == "vagabot" for seat in seats):
        options["vagabot_character"] = CHARACTERS[rng.below(len(CHARACTERS))]
    config = GameConfig(seats, MAP_NAMES[rng.below(len(MAP_NAMES))], seed=soak_seed * 1_000_003 + index, options=options)
    if "riverfolk" in bots[:count]:  # how the other bots buy its services (9.7), drawn last
        config.options["riverfolk_services"] = POLICIES[rng.below(len(POLICIES))]
    draw_rule_sets(rng, seats)
    if programs == "every":
        draw_programs(rng, config)
    else:
        draw_program(rng, config)
    pair_second_vagabond(config)
    draw_second_raccoon(rng, config)
    draw_raccoon_paths(rng, config)
    return config


def pair_second_vagabond(config: GameConfig) -> None:
    """A second Vagabond plays only beside the first (LoR 9.7): a program drawn for him with no
    Vagabond seated brings the first in as a program too while there is room (the same program),
    else he leaves the game."""
    seats = config.seats
    second = next((s for s in seats if s.faction == "vagabond2"), None)
    if second is None or any(s.faction == "vagabot" for s in seats):
        return
    chosen = config.options.get("programs")
    assert isinstance(chosen, dict)
    if len(seats) < MAX_SEATS:
        seats.insert(seats.index(second), Seat("vagabot", "human"))
        chosen["vagabot"] = chosen["vagabond2"]
    else:
        seats.remove(second)
        del chosen["vagabond2"]
        if not chosen:
            del config.options["programs"]


def draw_second_raccoon(rng: Rng, config: GameConfig) -> None:
    """Half the games with a Robot Raccoon bot and a free seat seat the Robot Raccoon #2 beside
    him (``vagabond2@bbp``, ruling R-BBP-RR2), at a random place. Drawn after the programs."""
    seats = config.seats
    if len(seats) >= MAX_SEATS or any(s.faction == "vagabond2" for s in seats):
        return
    if not any(s.faction == "vagabot" and s.seat == "bot" and s.rule_set == "bbp" for s in seats):
        return
    if rng.below(2):
        seats.insert(rng.below(len(seats) + 1), Seat("vagabond2", rule_set="bbp"))


def draw_raccoon_paths(rng: Rng, config: GameConfig) -> None:
    """A Robot Raccoon (``vagabot@bbp``) plays with its paths (ruling R-BBP-RR-PATHS): half the
    time the stand-in, else a random path of 1 to 4 of the text's actions for each lost order.
    Drawn last."""
    from .factions.vagabot.raccoon_paths import ACTIONS, OPTION, ORDERS, STAND_IN

    if not any(s.faction == "vagabot" and s.seat == "bot" and s.rule_set == "bbp" for s in config.seats):
        return
    if rng.below(2) == 0:
        config.options[OPTION] = STAND_IN
        return
    config.options[OPTION] = {order: [ACTIONS[rng.below(len(ACTIONS))] for _ in range(1 + rng.below(4))] for order in ORDERS}


def draw_program(rng: Rng, config: GameConfig) -> None:
    """Half the games seat a built-in program (random or greedy) in one human faction whose Law
    of Root is built (issue 26): its bot's seat if that bot plays, else a new seat at a random
    place. Drawn after everything else."""
    built = [f for f in HUMAN_FACTIONS if REGISTRY[f].lor() is not None]
    if len(config.seats) >= MAX_SEATS:  # no room for a new seat: only a seated bot may turn program
        built = [f for f in built if any(s.faction == f for s in config.seats)]
    if not built or rng.below(2) == 0:
        return
    faction = built[rng.below(len(built))]
    program = PROGRAM_NAMES[rng.below(len(PROGRAM_NAMES))]
    seat = next((s for s in config.seats if s.faction == faction), None)
    if seat is None:
        config.seats.insert(rng.below(len(config.seats) + 1), Seat(faction, "human"))
    else:
        seat.seat, seat.difficulty, seat.traits, seat.rule_set = "human", "default", (), LAW
        if faction == "vagabot":  # the bot's character option goes with the bot
            config.options.pop("vagabot_character", None)
    config.options["programs"] = {faction: program}


def draw_programs(rng: Rng, config: GameConfig) -> None:
    """Every game seats built-in programs (random or greedy) in one or more of the human factions
    whose Law of Root is built (issue 26's soak of programs in every seat): each takes its bot's
    seat if that bot plays, else a new seat at a random place while there is room; at least one
    bot always stays, so the game has a player that is not a program."""
    built = [f for f in HUMAN_FACTIONS if REGISTRY[f].lor() is not None]
    rng.shuffle(built)
    chosen: dict[str, str] = {}
    wanted = 1 + rng.below(len(built))
    for faction in built:
        if len(chosen) == wanted:
            break
        seat = next((s for s in config.seats if s.faction == faction), None)
        bots = sum(1 for s in config.seats if s.seat != "human")
        if seat is None and len(config.seats) < MAX_SEATS:
            config.seats.insert(rng.below(len(config.seats) + 1), Seat(faction, "human"))
        elif seat is not None and bots > 1:
            seat.seat, seat.difficulty, seat.traits, seat.rule_set = "human", "default", (), LAW
            if faction == "vagabot":  # the bot's character option goes with the bot
                config.options.pop("vagabot_character", None)
        else:
            continue
        chosen[faction] = PROGRAM_NAMES[rng.below(len(PROGRAM_NAMES))]
    if chosen:
        config.options["programs"] = chosen


def draw_rule_sets(rng: Rng, seats: list[Seat]) -> None:
    """Each bot with more than one rule set plays by one at random, drawn after everything else
    (so earlier soaks keep their games); another rule set than the Law keeps only the
    difficulty and traits it has (core.faction.Faction.rule_set_difficulties)."""
    for seat in seats:
        rules = REGISTRY[seat.faction]
        if len(rules.rule_sets) < 2:
            continue
        seat.rule_set = rules.rule_sets[rng.below(len(rules.rule_sets))]
        if seat.difficulty not in rules.rule_set_difficulties(seat.rule_set):
            seat.difficulty = "default"
        seat.traits = tuple(t for t in seat.traits if t in rules.rule_set_traits(seat.rule_set))


def record_key(config: GameConfig) -> str:
    """The configuration as canonical JSON (to compare configurations)."""
    return json.dumps(config_to_json(config), sort_keys=True)


def run_one(soak_seed: int, index: int, out_dir: str | None, programs: str = "half") -> SoakResult:
    """Play one soak game with every invariant checked after every event."""
    config = soak_config(soak_seed, index, programs)
    g: Game | None = None
    turn_start = None
    try:
        g = new_game(config)
        game = g
        game.log.listeners.append(lambda e: invariants.check(game.state))
        invariants.check(g.state)
        max_rounds = config.max_rounds
        while g.state.winner is None:
            if g.state.round > max_rounds:
                raise RuntimeError(f"stalled: no winner after {max_rounds} rounds")
            turn_start = g.state.clone()
            try:
                play_turn(g)
            except GameOver:
                break
        return SoakResult(index, config.seed, True, g.state.round)
    except Exception as exc:  # a failing game is a result, not a crash
        message = f"{type(exc).__name__}: {exc}".splitlines()[0]
        saved = ""
        if out_dir is not None:
            path = Path(out_dir) / f"soak-failure-{config.seed}.json"
            payload = {
                "error": message,
                "traceback": traceback.format_exc(),
                "config": config_to_json(config),
                "position_at_turn_start": None if turn_start is None else serial.to_json(turn_start),
            }
            serial.write_atomic(path, json.dumps(payload, indent=1) + "\n")
            saved = str(path)
            if turn_start is not None:
                try:
                    serial.save(turn_start, position_path(out_dir, config.seed))
                except (OSError, serial.StateError, ValueError):  # the failure file above still has it
                    pass
        return SoakResult(index, config.seed, False, g.state.round if g else 0, message, saved)


def position_path(out_dir: str, seed: int) -> Path:
    """The plain position file of a failing game: ``rootbotics play --from FILE --check``."""
    return Path(out_dir) / f"soak-failure-{seed}.position.json"


def _run_chunk(args: tuple[int, int, int, str | None, str]) -> tuple[int, int, list[SoakResult]]:
    soak_seed, start, stop, out_dir, programs = args
    return start, stop, [run_one(soak_seed, i, out_dir, programs) for i in range(start, stop)]


MAX_GAMES = 10**9  # more would not finish in a lifetime on one machine
PROGRESS_EVERY = 100  # games finished between two writes of the progress file
PROGRESS_FORMAT = "rootbotics-soak-progress"


class SoakProgressError(ValueError):
    """A progress file that cannot be resumed from (one line, naming the file)."""


@dataclass(slots=True)
class SoakReport:
    """What a soak did: its games, those played now, those found done by an earlier run
    (its progress file), and every failure among them."""

    games: int
    played: int = 0
    skipped: int = 0
    failures: list[SoakResult] = field(default_factory=list)


def progress_path(out_dir: str, seed: int, programs: str = "half") -> Path:
    """The soak's progress beside its failure files: which games are done, which failed (a soak
    seating programs in every game keeps its own file)."""
    return Path(out_dir) / (f"soak-progress-{seed}.json" if programs == "half" else f"soak-progress-{seed}-programs-{programs}.json")


@dataclass(slots=True)
class Progress:
    """Games done as sorted, disjoint [start, stop) ranges of game indices, and the failures."""

    seed: int
    done: list[list[int]] = field(default_factory=list)
    failures: list[SoakResult] = field(default_factory=list)

    def add(self, start: int, stop: int, results: list[SoakResult]) -> None:
        """Record games start..stop-1 as done (merging ranges) with their failures."""
        merged: list[list[int]] = []
        for a, b in sorted([*self.done, [start, stop]]):
            if merged and a <= merged[-1][1]:
                merged[-1][1] = max(merged[-1][1], b)
            else:
                merged.append([a, b])
        self.done = merged
        self.failures.extend(r for r in results if not r.ok)

    def missing(self, start: int, stop: int) -> list[tuple[int, int]]:
        """The ranges of games start..stop-1 not done yet."""
        gaps, at = [], start
        for a, b in self.done:
            if b <= at or a >= stop:
                continue
            if a > at:
                gaps.append((at, a))
            at = max(at, b)
        return [*gaps, (at, stop)] if at < stop else gaps

    def to_json(self) -> str:
        failures = [asdict(r) for r in sorted(self.failures, key=lambda r: r.index)]
        return json.dumps({"format": PROGRESS_FORMAT, "seed": self.seed, "done": self.done, "failures": failures}, indent=1) + "\n"


def load_progress(out_dir: str | None, seed: int, programs: str = "half") -> Progress:
    """The progress an earlier run of this soak left (none: a fresh start)."""
    if out_dir is None or not progress_path(out_dir, seed, programs).exists():
        return Progress(seed)
    path = progress_path(out_dir, seed, programs)
    try:
        data = json.loads(path.read_text())
        if not isinstance(data, dict) or data.get("format") != PROGRESS_FORMAT or data.get("seed") != seed:
            raise ValueError(f"not the progress of a soak with seed {seed}")
        progress = Progress(seed)
        for a, b in data["done"]:
            if not (isinstance(a, int) and isinstance(b, int) and 0 <= a < b):
                raise ValueError(f"done: {[a, b]} is not a range of games")
            progress.add(a, b, [])
        progress.failures = [SoakResult(**f) for f in data["failures"]]
    except (OSError, ValueError, TypeError, KeyError) as e:
        raise SoakProgressError(f"{path}: cannot resume from it ({str(e).splitlines()[0] if str(e) else type(e).__name__}); remove it to play the soak afresh") from None
    return progress


def soak(
    games: int, jobs: int = 1, seed: int = 1, out_dir: str | None = None, chunk: int = 50, every: int = PROGRESS_EVERY,
    on_chunk: Callable[[list[SoakResult]], None] | None = None, programs: str = "half",
) -> SoakReport:
    """Run the ``games`` soak games not yet done over ``jobs`` processes. With ``out_dir``, the
    progress (games done, failures) is written there atomically at least every ``every`` games
    and at the end, so a killed soak run again plays only the games it had not finished.
    ``on_chunk`` sees each chunk's results as it is done, for a progress bar. ``programs`` is one
    of :data:`PROGRAM_MODES`."""
    if out_dir is not None:
        Path(out_dir).mkdir(parents=True, exist_ok=True)
    progress = load_progress(out_dir, seed, programs)
    report = SoakReport(games, skipped=games - sum(b - a for a, b in progress.missing(0, games)))
    tasks = ((seed, a, b, out_dir, programs) for i in range(0, games, chunk) for a, b in progress.missing(i, min(i + chunk, games)))
    unsaved = [0]

    def finished(start: int, stop: int, results: list[SoakResult]) -> None:
        if on_chunk is not None:
            on_chunk(results)
        progress.add(start, stop, results)
        report.played += stop - start
        unsaved[0] += stop - start
        if out_dir is not None and unsaved[0] >= every:
            serial.write_atomic(progress_path(out_dir, seed, programs), progress.to_json())
            unsaved[0] = 0

    try:
        if jobs <= 1:
            for t in tasks:
                finished(*_run_chunk(t))
        else:
            _run_pool(tasks, jobs, finished)
    finally:
        if out_dir is not None and unsaved[0]:
            serial.write_atomic(progress_path(out_dir, seed, programs), progress.to_json())
    report.failures = [r for r in sorted(progress.failures, key=lambda r: r.index) if r.index < games]
    return report


def _run_pool(tasks: Iterable[tuple[int, int, int, str | None, str]], jobs: int, finished: Callable[..., None]) -> None:
    """Hand the chunks to ``jobs`` workers, at most two each at a time (never the whole list)."""
    pending: set[Future[tuple[int, int, list[SoakResult]]]] = set()

    def collect() -> None:
        nonlocal pending
        done, pending = wait(pending, return_when=FIRST_COMPLETED)
        for fut in done:
            finished(*fut.result())

    with ProcessPoolExecutor(max_workers=jobs, initializer=die_with_parent, initargs=(os.getpid(),)) as pool:  # no orphans
        for t in tasks:
            pending.add(pool.submit(_run_chunk, t))
            if len(pending) >= 2 * jobs:
                collect()
        while pending:
            collect()


def summary(report: SoakReport, seconds: float, shown: int = 50) -> list[str]:
    """What a soak prints: games played, failures, and the failing seeds with their files."""
    failed = report.failures
    rate = f" ({report.played / seconds:,.0f} games/s)" if seconds > 0 and report.played else ""
    done = f", {report.skipped} already done" if report.skipped else ""
    lines = [f"soak: {report.played} games played in {seconds:.1f}s{rate}{done}; of {report.games} games, {len(failed)} failed"]
    if failed:
        lines.append(f"failing seeds: {', '.join(str(r.seed) for r in failed)}")
    for r in failed[:shown]:
        lines.append(f"  game {r.index} (seed {r.seed}): {r.error}" + (f" -> {r.failure_file}" if r.failure_file else ""))
        if r.failure_file:
            position = Path(r.failure_file).with_suffix(".position.json")
            if position.exists():
                lines.append(f"    reproduce: rootbotics play --from {position} --check")
    if len(failed) > shown:
        lines.append(f"  ... and {len(failed) - shown} more")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rootbotics.soak", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="how many games (default 10000)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--seed", type=int, default=1, help="the soak's seed (default 1)")
    parser.add_argument("--out", default="soak-failures", help="folder for failure and progress files (default soak-failures/)")
    parser.add_argument("--chunk", type=int, default=50, help="games per task handed to a worker (default 50)")
    parser.add_argument("--every", type=int, default=PROGRESS_EVERY, help=f"games between two writes of the progress file (default {PROGRESS_EVERY})")
    parser.add_argument("--programs", choices=PROGRAM_MODES, default="half",
                        help="seat built-in programs in half the games (one program) or in every game (one or more, beside at least one bot); default half")
    args = parser.parse_args(argv)
    if not 1 <= args.games <= MAX_GAMES or min(args.jobs, args.chunk, args.every) < 1:
        parser.error(f"--games must be 1 to {MAX_GAMES:,}; --jobs, --chunk and --every at least 1")
    start = time.perf_counter()
    try:
        report = soak(args.games, args.jobs, args.seed, args.out, args.chunk, args.every, programs=args.programs)
    except SoakProgressError as e:
        parser.exit(2, f"{parser.prog}: error: {e}\n")
    for line in summary(report, time.perf_counter() - start):
        print(line)
    return 1 if report.failures else 0


if __name__ == "__main__":
    sys.exit(main())
