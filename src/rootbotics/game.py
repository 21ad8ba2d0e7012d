"""Setup (Law of Robotics section 3 with the Law of Root's standard setup), turn order and the
game loop: Birdsong, Daylight and Evening for each seat until someone wins."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from typing import Any
from dataclasses import dataclass, field

from .core.bot import Bot
from .core.chance import Chance
from .core.context import CountingGame, EngineFailure, Game, GameOver, NoOrderCard
from .core.controllers import Controller
from .core.events import EventLog
from .core.faction import LAW, RULE_SETS, overrides, rules_of
from .core.maps import MAP_NAMES, SUIT_MARKERS_EACH, SUITS, load_map, suit_problem
from .core.rules import NO_ORDER as R_NO_ORDER, draw_card, score_the_pass
from .core.setup_order import FACTIONS, SETUP_DRAW_KEY, SETUP_DRAW_CHOICES, setup_rank
from .core.state import DEFAULT_MAX_ROUNDS, DIFFICULTIES, GameState
from .core.validity import MAX_ROUNDS_LIMIT, options_problem
from .core.variants import keeps_dominance
from .factions import HUMAN_FACTIONS, PLAYABLE_BOTS, REGISTRY, SEATABLE_BOTS, BotTable, faction_title
from .programs import ProgramController, builtin

# The Law of Robotics bot of each faction, and the bot each bot seat plays by. A researcher
# seats a bot of their own by putting any object with the ``core.bot.Bot`` protocol in BOTS
# (docs/design.md, "Your own bot in a seat").
# Each bot is built (and its module imported) the first time a seat asks for it (issue 15).
BOTS_BY_LAW: dict[str, Bot] = BotTable()
BOTS: dict[str, Bot] = BotTable(fallback=BOTS_BY_LAW)
# The bots of the other rule sets (the Better Bot Project, ...), by (faction, rule set).
BOTS_BY_RULE_SET: dict[tuple[str, str], Bot] = BotTable()
STARTING_HAND = 3  # 3.4


class ConfigError(ValueError):
    """A game configuration that cannot be played; the message names the field."""


@dataclass(slots=True)
class Seat:
    faction: str
    seat: str = "bot"  # "bot" | "human"
    difficulty: str = "default"
    traits: tuple[str, ...] = ()
    rule_set: str = LAW  # which bot plays the seat (core.faction.RULE_SETS): "law" or "bbp"


@dataclass(slots=True)
class GameConfig:
    """What a game is: seats in turn order (the first listed plays first), map and seed.
    ``options["vagabot_character"]`` picks the Vagabot's character (7.3.1; random if absent);
    ``options["riverfolk_services"]`` which Riverfolk Bot Services cards the bots buy by (9.7):
    ``none``, ``basic`` (the Basic cards, the default) or ``advanced`` (Basic and Advanced)."""

    seats: list[Seat]
    map: str = "fall"
    seed: int = 0
    max_rounds: int = DEFAULT_MAX_ROUNDS
    options: dict[str, object] = field(default_factory=dict)
    suits: list[str] | None = None  # the clearings' suits in priority order; None: printed or shuffled

    def validate(self) -> None:
        if self.map not in MAP_NAMES:
            raise ConfigError(f"map: {self.map!r} is not a map this engine has (choose from {', '.join(MAP_NAMES)})")
        if self.suits is not None:
            problem = suit_problem(load_map(self.map), self.suits)
            if problem:
                raise ConfigError(f"suits: {problem}")
        if not 2 <= len(self.seats) <= 8:
            raise ConfigError(f"seats: a game needs 2 to 8 players, not {len(self.seats)}")
        seen: set[str] = set()
        for i, seat in enumerate(self.seats):
            if seat.faction in seen and seat.faction in FACTIONS:
                raise ConfigError(f"seats.{i}.faction: {seat.faction} is seated twice")
            seen.add(seat.faction)
            seat_problem(f"seats.{i}", seat)
        for i, seat in enumerate(self.seats):  # a faction that plays only beside another (LoR 9.7)
            problem = REGISTRY[seat.faction].seating_problem(seen)
            if problem:
                raise ConfigError(f"seats.{i}.faction: {problem}")
        if self.max_rounds < 1:
            raise ConfigError(f"max_rounds: {self.max_rounds} must be at least 1")
        if self.max_rounds > MAX_ROUNDS_LIMIT:
            raise ConfigError(f"max_rounds: {self.max_rounds} is more than {MAX_ROUNDS_LIMIT}")
        problem = options_problem(self.options, any(seat.seat == "human" for seat in self.seats), [seat.rule_set for seat in self.seats if seat.seat == "bot"])
        if problem:  # the same checks a loaded position gets (core/validity.py)
            raise ConfigError(problem)
        problem = seats_need([(seat.faction, seat.rule_set) for seat in self.seats if seat.seat == "bot"], self.options)
        if problem:  # e.g. the Robot Raccoon's paths (R-BBP-RR-PATHS)
            raise ConfigError(problem)
        programs_seated(self)


def seats_need(bots: list[tuple[str, str]], options: dict[str, object]) -> str | None:
    """The first option a bot seat (faction, rule set) needs and lacks (``Faction.seat_needs``)."""
    for faction, rule_set in bots:
        problem = REGISTRY[faction].seat_needs(rule_set, options)
        if problem:
            return problem
    return None


def stand_ins(bots: list[tuple[str, str]], options: dict[str, object]) -> list[tuple[str, str, str]]:
    """The labelled stand-ins of a game's bot seats (faction, rule set) under its options: (the
    faction, the text's paragraph, the phrase); the log, the record and reports name them."""
    return [(faction, rule, phrase) for faction, rule_set in bots for rule, phrase in REGISTRY[faction].stand_ins(rule_set, options)]


def programs_seated(config: GameConfig) -> None:
    """Each seat in ``options.programs`` is a human seat of the game whose faction's Law of Root
    is built (DESIGN 7)."""
    humans = {seat.faction for seat in config.seats if seat.seat == "human"}
    for faction in config.options.get("programs") or {}:  # type: ignore[union-attr]
        if faction not in humans:
            raise ConfigError(f"options.programs.{faction}: the {faction} is not a human seat of this game")
        if REGISTRY[faction].lor() is None:
            built = ", ".join(f for f in HUMAN_FACTIONS if REGISTRY[f].lor() is not None)
            raise ConfigError(f"options.programs.{faction}: the {faction}'s Law of Root is not built yet, so no program can play it (built: {built})")


def seat_problem(where: str, seat: Seat) -> None:
    """Raise ``ConfigError`` naming the seat's field when the seat cannot be played."""
    if seat.faction not in FACTIONS:
        raise ConfigError(f"{where}.faction: {seat.faction!r} is not a faction (choose from {', '.join(FACTIONS)})")
    if seat.seat not in ("bot", "human"):
        raise ConfigError(f"{where}.seat: {seat.seat!r} is neither 'bot' nor 'human'")
    if seat.seat == "human" and seat.faction not in HUMAN_FACTIONS:
        raise ConfigError(f"{where}.seat: the {seat.faction} has no human seat yet (human seats: {', '.join(HUMAN_FACTIONS)})")
    if seat.seat == "bot" and "bot" not in REGISTRY[seat.faction].pieces:  # the Hundreds, the Keepers
        raise ConfigError(f"{where}.seat: the {seat.faction} is a human seat only")
    if seat.seat == "bot" and seat.faction not in SEATABLE_BOTS:
        raise ConfigError(f"{where}.faction: the {seat.faction} bot is not built yet (bots: {', '.join(PLAYABLE_BOTS)})")
    if seat.seat == "human" and seat.rule_set != LAW:
        raise ConfigError(f"{where}.rule_set: a rule set is for bots, and {seat.faction} is a human seat")
    rules = REGISTRY[seat.faction]
    problem = rules.rule_set_problem(seat.rule_set) if seat.seat == "bot" else None  # a human seat plays the Law of Root
    if problem:
        raise ConfigError(f"{where}.rule_set: {problem}")
    if seat.difficulty not in DIFFICULTIES:
        raise ConfigError(f"{where}.difficulty: {seat.difficulty!r} is not one of {', '.join(DIFFICULTIES)}")
    if seat.seat == "human" and (seat.difficulty != "default" or seat.traits):
        raise ConfigError(f"{where}: difficulty and traits are for bots, and {seat.faction} is a human seat")
    levels = rules.rule_set_difficulties(seat.rule_set)
    if seat.difficulty not in levels:
        raise ConfigError(f"{where}.difficulty: the {seat.rule_set} rule set of the {faction_title(seat.faction, 'bot')} has no {seat.difficulty} difficulty (levels: {', '.join(levels)})")
    known = rules.rule_set_traits(seat.rule_set)
    for j, trait in enumerate(seat.traits):
        if trait not in known and rules.trait_refused(trait):
            raise ConfigError(f"{where}.traits.{j}: {rules.trait_refused(trait)}")
        if trait not in known:
            choices = ", ".join(known) or "none yet"
            raise ConfigError(f"{where}.traits.{j}: {trait!r} is not a trait of the {faction_title(seat.faction, 'bot')} (choose from {choices})")
    if len(set(seat.traits)) != len(seat.traits):
        raise ConfigError(f"{where}.traits: a trait is listed twice")


def bot_config(factions: list[str], map_name: str = "fall", seed: int = 0) -> GameConfig:
    return GameConfig([Seat(f) for f in factions], map_name, seed)


# -- setup ------------------------------------------------------------------------------------
def draw_first_vagabond(g: Game) -> None:
    """LoR 9.7.1: with two Vagabonds, which sets up first is drawn at random; both are D, so the
    draw also orders them for the bots' setup-priority ties (2.2; rulings R-LETTERS,
    R-TWO-VAGABONDS). Kept in the options, so a saved game keeps it."""
    s = g.state
    if not all(v in s.factions for v in SETUP_DRAW_CHOICES) or SETUP_DRAW_KEY in s.options:
        return
    first = g.chance.pick(SETUP_DRAW_CHOICES, "which Vagabond sets up first (LoR 9.7.1)")
    s.options[SETUP_DRAW_KEY] = first
    g.emit(None, "LoR 9.7.1", "setup", "two Vagabonds: {first} sets up first, drawn at random, and comes first of the two in setup priority (2.2)", first=first)


def new_game(
    config: GameConfig,
    chance: Chance | None = None,
    controllers: dict[str, Controller] | None = None,
    log: EventLog | None = None,
    count_only: bool = False,
    watch: dict[str, Any] | None = None,
) -> Game:
    """Set up a game ready for the first player's Birdsong. ``count_only``: events are counted,
    not kept (a simulation's game; ``Game.emitted`` says how many), and those of the kinds in
    ``watch`` are handed to its handlers as (faction, rule, data)."""
    config.validate()
    state = GameState(config.map, config.seed)
    state.options = dict(config.options)
    state.options["max_rounds"] = config.max_rounds
    state.use_deck()  # LoR 19.2
    controllers = program_controllers(state, controllers)
    g = CountingGame(state, chance, controllers, log, watch=watch) if count_only else Game(state, chance, controllers, log)
    if hasattr(g.chance, "bind"):  # a chance source that reads the game (the table's)
        g.chance.bind(g)
    seats = ", ".join(f"{seat.faction} ({seat.seat})" for seat in config.seats)
    g.emit(None, "LoR 5.1", "game", "a game of Root on the {map} map, seed {seed}; seats in turn order: {seats}", map=config.map, seed=config.seed, seats=seats)
    if state.deckdef.exiles:
        g.emit(None, "LoR 19.2", "setup", "the shared deck is the Exiles and Partisans deck")
    place_suit_markers(g, config)  # LoR A.1
    assign_seats(g, config)  # LoR 5.1.1 with 3.2
    choose_difficulty_and_traits(g, config)  # 3.3
    announce_stand_ins(g, config)  # values lost from the Better Bot Project's text
    draw_starting_hands(g)  # 3.4
    g.emit(None, "3.1", "setup", "priority markers: each clearing is named by its priority number, 1 highest")
    draw_first_vagabond(g)  # LoR 9.7.1
    for faction in sorted(state.turn_order, key=setup_rank(state.options)):  # LoR 5.1.7: A, B, C...
        fs = state.factions[faction]
        if fs.is_bot:
            bot_of(state, faction).setup(g)
        elif hasattr(g.controllers.get(faction), "setup"):  # a human sets up in turn (the table)
            g.controllers[faction].setup(g, faction)
    state.phase = "birdsong"
    g.emit(None, "LoR 5.1.1", "setup", "{first} takes the first turn", first=state.current)
    return g


def program_controllers(state: GameState, controllers: dict[str, Controller] | None = None) -> dict[str, Controller]:
    """The controllers of a game: those given, and for each seat in ``options.programs`` its
    built-in program (DESIGN 7), seeded by the game's seed and the seat."""
    programs: dict[str, str] = state.options.get("programs") or {}  # type: ignore[assignment]
    out = dict(controllers or {})
    for faction, name in programs.items():
        if faction not in out:
            out[faction] = ProgramController(builtin(name, state.seed, faction))
    return out


def place_suit_markers(g: Game, config: GameConfig) -> None:
    """LoR A.1: a map without printed suits takes the 12 suit markers, four of each suit,
    shuffled face down, one per clearing; or the suits the user gives (a real table's).
    Fall keeps its printed suits. Ruling R-SUITS."""
    s = g.state
    if config.suits is not None:
        s.suits = [None, *config.suits]
        how = "as given" if not s.map.has_printed_suits else "as printed"
    elif s.map.has_printed_suits:
        return
    else:
        markers = [i for i in range(len(SUITS)) for _ in range(SUIT_MARKERS_EACH)]
        g.chance.shuffle(markers)  # indexes into SUITS: the chance source shuffles ids
        s.suits = [None, *(SUITS[i] for i in markers)]
        how = "shuffled"
    shown = ", ".join(f"{c} {s.suits[c]}" for c in range(1, 13))
    g.emit(None, "LoR A.1", "suits", "suit markers ({how}): {suits}", how=how, suits=shown)


def bot_of(state: GameState, faction: str) -> Bot:
    """The bot playing a bot seat: by the Law, ``BOTS`` (where a researcher may seat their own);
    by another rule set, that rule set's bot of the faction."""
    rule_set = state.factions[faction].rule_set
    return BOTS[faction] if rule_set == LAW else BOTS_BY_RULE_SET[(faction, rule_set)]


def assign_seats(g: Game, config: GameConfig) -> None:
    for seat in config.seats:
        g.state.add_faction(seat.faction, seat.seat)
        g.state.factions[seat.faction].rule_set = seat.rule_set
        if seat.rule_set != LAW:
            g.emit(seat.faction, "3.2", "setup", "sits as the {title} ({seat}) of {rules}", title=faction_title(seat.faction, seat.seat, seat.rule_set), seat=seat.seat, rules=RULE_SETS[seat.rule_set])
            continue
        g.emit(seat.faction, "3.2", "setup", "sits as the {title} ({seat})", title=faction_title(seat.faction, seat.seat), seat=seat.seat)


def choose_difficulty_and_traits(g: Game, config: GameConfig) -> None:
    """3.3: carried in the state; what each level and trait changes comes with issue #7."""
    for seat in config.seats:
        if seat.seat != "bot":
            continue
        fs = g.state.factions[seat.faction]
        fs.difficulty = seat.difficulty
        fs.traits = list(seat.traits)
        if seat.difficulty != "default" or seat.traits:
            g.emit(seat.faction, "3.3", "setup", "plays at {d} difficulty with traits: {t}", d=seat.difficulty, t=", ".join(seat.traits) or "none")


def announce_stand_ins(g: Game, config: GameConfig) -> None:
    """Each stand-in the game plays with for a value lost from a rule set's text, named in the
    log as such (the table did not give the value from its own board)."""
    bots = [(seat.faction, seat.rule_set) for seat in config.seats if seat.seat == "bot"]
    for faction, rule, phrase in stand_ins(bots, config.options):
        g.emit(faction, rule, "stand_in", "plays with a stand-in for a value lost from the text: {what}", what=phrase)


def draw_starting_hands(g: Game) -> None:
    """3.4: with one or two humans, the dominance cards leave the game; shuffle; each human
    draws three cards (bots draw none)."""
    s = g.state
    deck = list(range(len(s.deckdef.cards)))
    humans = [f for f in s.turn_order if not s.factions[f].is_bot]
    if keeps_dominance(s, len(humans)):
        g.emit(None, "BBP 2.3", "setup", "keeps the dominance cards in the deck: competitive play of {n} humans against Better Bot Project bots, which never use them", n=len(humans))
    elif 1 <= len(humans) <= 2 or s.cooperative():
        dominance = [c for c in deck if s.deckdef.card(c).kind == "dominance"]
        s.removed_cards.extend(dominance)
        deck = [c for c in deck if c not in dominance]
        reason = "cooperative play" if s.cooperative() else "one or two humans"
        g.emit(None, "3.4", "setup", "removes the four dominance cards ({reason})", reason=reason)
    s.deck = deck
    g.chance.shuffle(s.deck)
    for f in humans:
        for _ in range(STARTING_HAND):
            s.factions[f].hand.append(draw_card(g, f))
        g.emit(f, "3.4", "setup", "draws {n} cards", n=STARTING_HAND)


# -- the loop ---------------------------------------------------------------------------------
def play_turn(g: Game) -> None:
    """One whole turn of the current player, then play passes on (LoR 1.4)."""
    s = g.state
    faction = s.current
    fs = s.factions[faction]
    s.ferry_used = False  # LoR C.2.5: the Ferry sails once per turn
    s.phase = "birdsong"
    for ctl in g.controllers.values():  # a program seat's generator starts afresh each turn (programs.py)
        start = getattr(ctl, "turn_starting", None)
        if start is not None:
            start(g)
    hooked = overrides("turn_starting")
    for other in s.turn_order:  # e.g. the Riverfolk's services, offered at the start of Birdsong (9.2.3)
        if other in hooked:
            rules_of(other).turn_starting(g, faction)
    if fs.is_bot:
        bot = bot_of(s, faction)
        for phase, step in (("birdsong", bot.birdsong), ("daylight", bot.daylight), ("evening", bot.evening)):
            if phase != "evening" and R_NO_ORDER in s.turn_steps:
                continue  # no orders: no more Birdsong, no Daylight (ruling R-NO-ORDER-CARD)
            s.phase = phase
            with suppress(NoOrderCard):
                step(g)
    else:
        g.controller(faction).take_turn(g, faction)
    score_the_pass(g, faction)  # LoR C.3.4, at the end of Evening
    s.services.pop(faction, None)  # 9.2.3: services last until the end of the buyer's turn
    s.turn_steps.clear()  # what a step of this turn remembers ends with it
    s.phase = "birdsong"
    s.turn += 1
    if s.turn == len(s.turn_order):
        s.turn = 0
        s.round += 1


def play(g: Game, turns: int | None = None, on_turn: Callable[[Game], None] | None = None) -> bool:
    """Play until the game ends (or ``turns`` more turns). Returns True once the game is over.

    A game still going after ``max_rounds`` rounds is an engine failure, never a silent draw.
    """
    s = g.state
    max_rounds = int(s.options.get("max_rounds", DEFAULT_MAX_ROUNDS))  # type: ignore[arg-type]
    played = 0
    while s.winner is None:
        if turns is not None and played >= turns:
            return False
        if s.round > max_rounds:
            s.end_reason = f"stalled: no winner after {max_rounds} rounds"
            raise EngineFailure(s.end_reason)
        try:
            play_turn(g)
        except GameOver:
            return True
        played += 1
        if on_turn is not None:
            on_turn(g)
    return True


def final_scores(state: GameState) -> list[tuple[str, int]]:
    return sorted(((f, fs.vp) for f, fs in state.factions.items()), key=lambda x: -x[1])
