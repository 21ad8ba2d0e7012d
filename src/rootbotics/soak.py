"""The soak: many random seeded games with every invariant checked after every event.

Each game's configuration (which bots, how many, seat order, map, difficulties, trait sets) is
drawn from the soak's own seeded RNG, so game ``i`` of a soak with seed ``s`` is always the same
game. A failing game is saved as the position at the start of the failing turn plus its
configuration (``soak-failure-SEED.json``), and as a plain position file
(``soak-failure-SEED.position.json``) that ``rootbotics play --from FILE --check`` plays on from
that turn. Run: ``rootbotics soak --games 10000 --jobs 2`` or ``python -m rootbotics.soak ...``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
import traceback
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from .factions import TRAIT_TEXT
from .core import invariants, serial
from .core.chance import Rng
from .core.context import Game, GameOver
from .factions import PLAYABLE_BOTS, REGISTRY
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


def soak_config(soak_seed: int, index: int) -> GameConfig:
    """The configuration of game ``index`` of a soak: 2 to 6 of the playable bots in a random
    seat order, a random map, for each bot a random difficulty and a random set of its traits
    (any subset, each trait in or out with even odds), the Vagabot's character and, with the
    Riverfolk seated, how the bots buy its services."""
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
    return config


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


def run_one(soak_seed: int, index: int, out_dir: str | None) -> SoakResult:
    """Play one soak game with every invariant checked after every event."""
    config = soak_config(soak_seed, index)
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


def _run_chunk(args: tuple[int, int, int, str | None]) -> list[SoakResult]:
    soak_seed, start, stop, out_dir = args
    return [run_one(soak_seed, i, out_dir) for i in range(start, stop)]


def soak(
    games: int, jobs: int = 1, seed: int = 1, out_dir: str | None = None, chunk: int = 50,
    on_chunk: Callable[[list[SoakResult]], None] | None = None,
) -> list[SoakResult]:
    """Run ``games`` soak games over ``jobs`` processes; returns one result per game.
    ``on_chunk`` sees each chunk's results as it is done (in order), for a progress bar."""
    if out_dir is not None:
        Path(out_dir).mkdir(parents=True, exist_ok=True)
    tasks = [(seed, i, min(i + chunk, games), out_dir) for i in range(0, games, chunk)]
    if jobs <= 1:
        return _collect(map(_run_chunk, tasks), on_chunk)
    with ProcessPoolExecutor(max_workers=jobs, initializer=die_with_parent, initargs=(os.getpid(),)) as pool:  # no orphans
        return _collect(pool.map(_run_chunk, tasks), on_chunk)


def _collect(chunks: Iterable[list[SoakResult]], on_chunk: Callable[[list[SoakResult]], None] | None) -> list[SoakResult]:
    results: list[SoakResult] = []
    for rs in chunks:
        results.extend(rs)
        if on_chunk is not None:
            on_chunk(rs)
    return results


def summary(results: list[SoakResult], seconds: float, shown: int = 50) -> list[str]:
    """What a soak prints: games played, failures, and the failing seeds with their files."""
    failed = [r for r in results if not r.ok]
    rate = f" ({len(results) / seconds:,.0f} games/s)" if seconds > 0 else ""
    lines = [f"soak: {len(results)} games played in {seconds:.1f}s{rate}, {len(failed)} failed"]
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
    parser.add_argument("--out", default="soak-failures", help="folder for failure files (default soak-failures/)")
    args = parser.parse_args(argv)
    if args.games < 1 or args.jobs < 1:
        parser.error("--games and --jobs must be at least 1")
    start = time.perf_counter()
    results = soak(args.games, args.jobs, args.seed, args.out)
    for line in summary(results, time.perf_counter() - start):
        print(line)
    return 1 if any(not r.ok for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
