"""What makes a position possible beyond the bookkeeping of ``invariants``: who is seated, whose
turn it is, scores and the winner, starting corners and the game's options.

Every problem is one line ``<field path>: <what is wrong> (<rule>)``, the path as in the saved
format (docs/state-format.md), so the loader can refuse a file with the same words the
invariants use. ``options_problem`` is also the check ``GameConfig.validate`` applies.
"""

from __future__ import annotations

from collections.abc import Collection

from .cards import BASE_DECK, deck_problem
from .faction import REGISTRY, SHARED, piece_totals, rules_of
from .maps import CLEARINGS
from .moves import PROGRAM_NAMES
from .rules import WINNING_VP
from .state import DEFAULT_MAX_ROUNDS, PHASES, GameState
from .variants import variants_problem

MAX_ROUNDS_LIMIT = 10_000  # no game is played this long; a larger max_rounds is a typo


def options_problem(options: dict[str, object], humans: bool, rule_sets: Collection[str] = ()) -> str | None:
    """The first thing wrong with a game's options (``options.x: ...``), or None: a round limit
    of at least 1, Fully Cooperative Play only with a human seat, each faction's own options,
    the Better Bot Project's variants (``rule_sets``: the bot seats')."""
    limit = options.get("max_rounds", DEFAULT_MAX_ROUNDS)
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_ROUNDS_LIMIT:
        return f"options.max_rounds: {limit!r} is not a number of rounds from 1 to {MAX_ROUNDS_LIMIT}"
    coop = options.get("cooperative", False)
    if not isinstance(coop, bool):
        return f"options.cooperative: expected true or false, got {coop!r}"
    if coop and not humans:
        return "options.cooperative: cooperative play needs at least one human seat (Fully Cooperative Play)"
    problem = programs_problem(options.get("programs", {})) or deck_problem(options.get("deck", BASE_DECK))
    if problem:
        return problem
    for rules in REGISTRY.values():  # each faction's own options (7.3.1, 9.7, ...)
        problem = rules.option_problem(options)
        if problem:
            return problem
    return variants_problem(options, humans, rule_sets)  # BBP 3.2-3.4


def programs_problem(programs: object) -> str | None:
    """``options.programs``: the built-in program playing each human seat by legal moves."""
    if not isinstance(programs, dict):
        return f"options.programs: expected an object of seat: program, got {programs!r}"
    for faction, name in programs.items():
        if name not in PROGRAM_NAMES:
            return f"options.programs.{faction}: {name!r} is not a built-in program (choose from {', '.join(PROGRAM_NAMES)})"
    return None


def position_violations(state: GameState) -> list[str]:
    """Every way the position is impossible (empty when it is possible)."""
    out = seating_violations(state)
    out.extend(turn_violations(state))
    out.extend(score_violations(state))
    out.extend(corner_violations(state))
    problem = options_problem(state.options, any(not fs.is_bot for fs in state.factions.values()), [fs.rule_set for fs in state.factions.values() if fs.is_bot])
    if problem:
        out.append(problem)
    for f, fs in state.factions.items():  # what a bot seat's rule set needs among the options (R-BBP-RR-PATHS)
        problem = rules_of(f).seat_needs(fs.rule_set, state.options) if fs.is_bot else None
        if problem:
            out.append(problem)
    return out


def seating_violations(state: GameState) -> list[str]:
    """Only seated factions have pieces on the map, each of a kind in its box (LoR 5.1); ruins
    only where the map prints one; a bot has no hand (2.8.1)."""
    out: list[str] = []
    boxes = {f: piece_totals(f, fs.seat) for f, fs in state.factions.items()}
    for c in CLEARINGS:
        cl = state.clearings[c]
        for f in cl.warriors:
            if f not in boxes:
                out.append(f"clearings.{c}.warriors.{f}: the {f} is not playing in this game")
        for label, pool, allowed in (("buildings", cl.buildings, SHARED.buildings), ("tokens", cl.tokens, SHARED.tokens)):
            for i, (f, kind) in enumerate(pool):
                box = boxes.get(f)
                if box is None:
                    out.append(f"clearings.{c}.{label}.{i}: the {f} is not playing in this game")
                elif kind not in allowed or kind not in box:
                    out.append(f"clearings.{c}.{label}.{i}: {kind!r} is not a {label[:-1]} of the {f}")
        if cl.ruin and c not in state.map.ruins:
            out.append(f"clearings.{c}.ruin: the {state.map.name} map has no ruin in clearing {c}")
    for f in state.turn_order:  # a faction that plays only beside another (LoR 9.7)
        problem = rules_of(f).seating_problem(state.turn_order)
        if problem:
            out.append(f"factions.{f}: {problem}")
    for f, fs in state.factions.items():
        if fs.is_bot and fs.hand:
            out.append(f"factions.{f}.hand: a bot holds no hand of cards (2.8.1)")
    return out


def turn_violations(state: GameState) -> list[str]:
    """The turn is a seat's; the phase one of the turn's; the round from 1 to one past the
    round limit (a game still going then is stalled)."""
    out: list[str] = []
    if not 0 <= state.turn < len(state.turn_order):
        out.append(f"turn: {state.turn} is not a seat (0 to {len(state.turn_order) - 1})")
    if state.phase not in PHASES:
        out.append(f"phase: {state.phase!r} is not one of {', '.join(PHASES)}")
    limit = state.options.get("max_rounds", DEFAULT_MAX_ROUNDS)
    top = limit + 1 if isinstance(limit, int) and not isinstance(limit, bool) else DEFAULT_MAX_ROUNDS + 1
    if not 1 <= state.round <= top:
        out.append(f"round: {state.round} is not a round of this game (1 to {top}, one past options.max_rounds)")
    return out


def score_violations(state: GameState) -> list[str]:
    """LoR 3.1: reaching 30 VP ends the game at once, so a game with no winner has nobody at 30
    (in cooperative play, humans wait for each other); a winner has reached 30 (the bots' team
    through one bot), the game is over and says why; scores go below zero only by a rule that
    takes VP (ruling R-VP)."""
    out: list[str] = []
    coop = bool(state.options.get("cooperative"))
    for f, fs in state.factions.items():
        if state.winner is None and fs.vp >= WINNING_VP and (fs.is_bot or not coop):
            out.append(f"factions.{f}.vp: {fs.vp} VP and no winner: reaching {WINNING_VP} VP wins at once (LoR 3.1)")
        if fs.vp < 0 and not any(rules_of(o).makes_lose_vp(state, f) for o in state.turn_order):
            out.append(f"factions.{f}.vp: {fs.vp} VP, but no rule in this game makes the {f} lose VP (R-VP)")
    if state.winner is None:
        if state.phase == "over":
            out.append("phase: the game is over but has no winner")
        return out
    return out + _winner_violations(state, coop)


def _winner_violations(state: GameState, coop: bool) -> list[str]:
    """A declared winner: seated, once, over 30 VP by the rule of the game (LoR 3.1; Fully
    Cooperative Play: the bots win together when one of them reaches 30, the humans when each has)."""
    winners = state.winner or []
    if not winners or any(w not in state.factions for w in winners) or len(set(winners)) != len(winners):
        return [f"winner: {winners} are not seated players, each once"]
    out: list[str] = []
    if not state.end_reason:
        out.append("end_reason: a game with a winner says why it ended")
    # 30 VP, or an activated dominance card (LoR 3.3.1: its holder wins by it, with no score marker)
    reached = [w for w in winners if state.factions[w].vp >= WINNING_VP or state.factions[w].dominance is not None]
    bots = [f for f in state.turn_order if state.factions[f].is_bot]
    partners = [w for w in winners if rules_of(w).wins_with(state, w, winners)]  # a coalition on a board (LoR 9.2.8)
    main = [w for w in winners if w not in partners]
    if not coop and (len(main) != 1 or main[0] not in reached) and not _coalition(state, winners, reached):
        out.append(f"winner: {', '.join(winners)} did not reach {WINNING_VP} VP (LoR 3.1)")
    elif coop and sorted(winners) == sorted(bots) and not reached:
        out.append(f"winner: no bot reached {WINNING_VP} VP (Fully Cooperative Play)")
    elif coop and sorted(winners) != sorted(bots) and (sorted(winners) != sorted(set(state.turn_order) - set(bots)) or len(reached) != len(winners)):
        out.append(f"winner: the humans win together when each has {WINNING_VP} VP (Fully Cooperative Play)")
    return out


def _coalition(state: GameState, winners: list[str], reached: list[str]) -> bool:
    """Human seats with a pawn in a coalition win with the one player who reached 30 VP (the Law
    of Root's coalition, formed with a dominance card; a file's ``Winner:`` line names them)."""
    partners = [w for w in winners if w not in reached]
    return len(reached) == 1 and bool(partners) and all(_human_pawn(state, w) for w in partners)


def _human_pawn(state: GameState, faction: str) -> bool:
    fs = state.factions[faction]
    return not fs.is_bot and fs.board is not None and fs.board.has_pawn()


def corner_violations(state: GameState) -> list[str]:
    """Starting corners are the map's corners of seated factions, and no two bots share one
    (a bot starts in a corner that is not another bot's: 5.3.2, 8.3.2, 10.3.3)."""
    out: list[str] = []
    seen: dict[int, str] = {}
    for f, c in state.start_corners.items():
        if f not in state.factions or c not in state.map.corners:
            out.append(f"start_corners.{f}: {c} is not a corner of a seated faction")
            continue
        if state.factions[f].is_bot and c in seen:
            out.append(f"start_corners.{f}: clearing {c} is already the {seen[c]} bot's starting corner (5.3.2)")
        if state.factions[f].is_bot:
            seen.setdefault(c, f)
    return out
