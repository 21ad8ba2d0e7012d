"""A Rootlog file replayed to its final position (the saved-position format of
``docs/state-format.md``).

Every line is played as bookkeeping of pieces: a piece comes from its owner's supply (which must
hold it), leaves a place only if it stands there, and moves to where the line says (clearings,
the Duchy's Burrow ``0``, the Lizards' acolytes and the Riverfolk's Payments on their boards
``$``, a Vagabond's pawn in a clearing or forest, the Ferry); ``++``/``--`` change VP; plots
flip face up and swap with a Trick; a closed path is removed; items go under and come out of
ruins (the ruin is removed when its last item is taken, as the spec says; unwritten, a ruin
holds one item, two in a game of two Vagabonds, ruling R-TWO-VAGABONDS). A line that does not
hold is an ``ImportError_`` naming its line and token. Cards, items on boards, faction board
values, reveals, crafts and battles are the table's (they move no piece: the removals a battle
causes are written as removals).

Seats whose seat line's comment starts ``bot`` (as ``export`` writes them) are bot seats.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ..core.faction import LAW, SHARED, rules_of
from ..core.rules import WINNING_VP
from ..core.validity import score_violations
from ..core.state import GameState
from ..factions import REGISTRY, piece_totals
from ..factions.duchy.burrow import MINISTERS as BOARD_ORDER
from ..factions.duchy.ministers import RANK as MINISTER_RANK
from ..factions.riverfolk.company import PRICES, SERVICES, CompanyBoard
from ..factions.vagabot.human import SECOND as SECOND_VAGABOND
from ..factions.vagabot import raccoon_paths
from ..game import GameConfig, Seat, new_game
from .board import ENGINE_NAMES, KINDS, PATHS_COMMENT, PLOT_NAMES, RULE_SET_COMMENTS, SUIT_NAMES
from .rootlog import (
    Action, Battle, Board, Card, Clearing, Counted, Flip, Forest, Item, Move, Piece, Record, RemovePath,
    Score, SetMarker, Trick, format_action, parse_file, read_leniently,
)
from .rootlog_ast import ITEMS
from . import keepers_lines as K

ENGINE_ITEMS: dict[str, str] = {letter: name for letter, name in ITEMS.items()}
ENGINE_ITEMS.update({"f": "boots", "c": "coins"})
MINISTERS: dict[str, str] = {
    "captain": "captain", "marshal": "marshal", "foremole": "foremole", "brigadier": "brigadier",
    "banker": "banker", "mayor": "mayor", "earlofstone": "earl", "earl": "earl",
    "baronofdirt": "baron", "baron": "baron", "duchessofmud": "duchess", "duchess": "duchess",
}
PRICE_AREA = dict(zip(SERVICES, ("h", "r", "m"), strict=True))  # Rootlog_V2's price types (Set Prices)
AREA_PRICE = {v: k for k, v in PRICE_AREA.items()}
MAP_NAMES: dict[str, str] = {"Fall": "fall", "Winter": "winter", "Lake": "lake", "Mountain": "mountain"}


class ImportError_(ValueError):  # noqa: N801 (not the builtin ImportError)
    """A Rootlog line the position cannot take: ``line N: 'token': problem``."""

    def __init__(self, line: int, token: str, problem: str, missing: tuple[str, str, int] | None = None) -> None:
        super().__init__(f"line {line}: {token!r}: {problem}")
        self.line, self.token, self.problem = line, token, problem
        self.missing = missing  # (owner, kind, clearing): a piece taken from a clearing that holds none


@dataclass(frozen=True, slots=True)
class Repair:
    """What the lenient import did where the strict one stops: the line and token, what the
    strict import refuses, and what was done instead (``{n}``: how many times, for a count)."""

    line: int
    token: str
    problem: str
    done: str
    count: int = 1

    def __str__(self) -> str:
        return f"line {self.line}: {self.token!r}: {self.problem}: {self.done.format(n=self.count)}"


class _LeftOut(Exception):
    """One piece of a move left out after a repair (the lenient import goes on with the next)."""


@dataclass
class _Ctx:
    s: GameState
    letter: str  # whose line it is
    line: int
    token: str = ""
    fought: set[tuple[str, int]] = field(default_factory=set)  # (defender's letter, clearing) battled in this line
    humans: frozenset[str] = frozenset()  # the letters the file does not mark as bots (their rules apply)
    unlaid: dict[int, int] = field(default_factory=dict)  # clearing -> items taken from its ruin that the file never laid
    repairs: list[Repair] | None = None  # the lenient import's (None: strict, a repair is a refusal)

    def fail(self, problem: str, missing: tuple[str, str, int] | None = None) -> ImportError_:
        return ImportError_(self.line, self.token, problem, missing)

    def repair(self, problem: str, done: str, missing: tuple[str, str, int] | None = None) -> None:
        """Strict: the refusal. Lenient: the repair noted, counted with the same one just before."""
        if self.repairs is None:
            raise self.fail(problem, missing)
        last = self.repairs[-1] if self.repairs else None
        if last is not None and (last.line, last.token, last.problem, last.done) == (self.line, self.token, problem, done):
            self.repairs[-1] = Repair(last.line, last.token, problem, done, last.count + 1)
        else:
            self.repairs.append(Repair(self.line, self.token, problem, done))


# -- the seats and the start ---------------------------------------------------------------------
def bot_seats(text: str) -> set[str]:
    """The letters whose seat line's comment says they are bots (``E: ... // bot ...``)."""
    return {m.group(1) for m in re.finditer(r"(?m)^\s*([A-Z]): [^/\n]*//\s*bot\b", text)}


def bot_rule_sets(text: str) -> dict[str, str]:
    """The letters whose seat line's comment names another rule set than the Law's
    (``E: Electric Eyrie // bot (Better Bot Project v5), ...``, as ``export`` writes it)."""
    found = re.finditer(r"(?m)^\s*([A-Z]): [^/\n]*//\s*bot \(([^)]*)\)", text)
    by_comment = {comment.removeprefix("bot (").removesuffix(")"): rs for rs, comment in RULE_SET_COMMENTS.items()}
    return {m.group(1): by_comment[m.group(2)] for m in found if m.group(2) in by_comment}


def seat_options(text: str) -> dict[str, object]:
    """The game options a seat line's comment carries: a Robot Raccoon's paths
    (``V: Robot Raccoon // bot (Better Bot Project v5), difficulty default, raccoon paths stand-in``,
    as ``export`` writes it; ruling R-BBP-RR-PATHS)."""
    for number, raw in enumerate(text.splitlines(), 1):
        m = re.match(rf"\s*[A-Z]: [^/\n]*//.*\b{PATHS_COMMENT} (\S+)", raw)
        if m is None:
            continue
        try:
            return raccoon_paths.table_options(m.group(1))
        except raccoon_paths.PathsError as e:
            raise ImportError_(number, m.group(1), str(e)) from None
    return {}


def turn_lines(text: str) -> list[int]:
    """The line number of each turn line, in order (as ``parse_file`` tells seats from turns)."""
    seats: set[str] = set()
    out = []
    for number, raw in enumerate(text.splitlines(), 1):
        body = raw.partition("//")[0]
        m = re.match(r"\s*(\w+):(.?)", body)
        if not body.strip() or m is None or m.group(1) in ("Map", "Deck", "Clearings", "Landmarks", "Hirelings", "Pool", "Winner"):
            continue
        if len(m.group(1)) == 1 and m.group(2).isspace() and m.group(1) not in seats:
            seats.add(m.group(1))
            continue
        out.append(number)
    return out


def turn_order(record: Record) -> list[str]:
    """The seats in the order they play: the order of the seat lines (``export`` writes them in
    turn order; a file of a draft lists them in draft order)."""
    return [f for f, _ in record.seats]


def start_position(record: Record, bots: set[str], rule_sets: dict[str, str] | None = None, extra: dict[str, object] | None = None) -> GameState:
    """An empty map with every seat's pieces in supply, in the order the seats play. The bots'
    boards are those their setup gives (the Decree's viziers, the Vagabot's character and
    starting items), emptied of pieces: the file's setup lines place them."""
    order = turn_order(record)
    seats = []
    for letter in order:
        name = ENGINE_NAMES.get(letter)
        if name is None:
            raise ImportError_(1, letter, "not a faction of the engine")
        if letter in bots and "bot" not in REGISTRY[name].pieces:
            raise ImportError_(1, letter, f"the {REGISTRY[name].human_name} has no bot")
        problem = REGISTRY[name].rule_set_problem((rule_sets or {}).get(letter, LAW)) if letter in bots else None
        if problem:  # G: the Law has one Vagabot; the second Vagabond's bot is the Robot Raccoon #2 (R-BBP-RR2)
            raise ImportError_(1, letter, problem)
        # a faction the engine cannot seat as a human (V L O D P) sits as a bot: its pieces
        # are kept all the same, and a bot's board holds its Burrow, acolytes or Payments
        seat = "bot" if letter in bots or not REGISTRY[name].human_seat else "human"
        seats.append(Seat(name, seat, rule_set=(rule_sets or {}).get(letter, LAW) if seat == "bot" else LAW))
    suits = None if record.clearings is None else [SUIT_NAMES[x] for x in record.clearings]
    options: dict[str, object] = {"deck": "exiles-partisans"} if record.deck == "E&P" else {}  # the file's shared deck (LoR 19.2)
    options.update(extra or {})  # what the seat lines' comments carry (``seat_options``)
    s = new_game(GameConfig(seats, MAP_NAMES[record.map], 0, options=options, suits=suits)).state
    _empty_map(s)
    return s


def _empty_map(s: GameState) -> None:
    """Every piece back in its supply, no VP, the boards' pieces gone (setup done again by the file)."""
    for c in range(1, 13):
        cl = s.clearings[c]
        cl.warriors, cl.buildings, cl.tokens, cl.pawn, cl.pawn2 = {}, [], [], None, None
        cl.ruin, cl.ruin_items = c in s.map.ruins, []
    for f, fs in s.factions.items():
        fs.supply, fs.vp = dict(piece_totals(f, fs.seat)), 0
        for name, empty in (("clearing", None), ("forest", None), ("burrow", 0), ("acolytes", 0), ("plots", {}), ("swayed", []), ("warlord", None)):
            if hasattr(fs.board, name):
                setattr(fs.board, name, empty)
        if isinstance(fs.board, K.KeepersBoard):  # relics in forests and recovered, waystations' faces
            fs.board.forests, fs.board.recovered, fs.board.faces, fs.board.pile = {}, {t: [] for t in K.TYPES}, {}, []
        if getattr(fs.board, "payments", None):
            fs.board.payments = {}  # type: ignore[union-attr]
    s.start_corners.clear()
    s.opened_paths.clear()
    s.ferry = s.map.ferry_start


def import_rootlog(text: str, repairs: list[Repair] | None = None) -> GameState:
    """The final position of a Rootlog file (``RootlogError`` or ``ImportError_`` naming the
    line and token where it cannot be read or played).

    Lenient when given a list (``rootlog import --lenient``): what the strict import refuses is
    repaired as little as lets it go on, and each repair is added to ``repairs`` in line order.
    An action that does not parse is left out; a piece taken from where it does not stand is
    placed there from its owner's supply first (so it comes from the supply); a piece the
    supply cannot give is left out (the count corrected); a building with no free slot goes
    back to the supply; any other action the position cannot take is left out."""
    lenient = repairs is not None
    found: list[Repair] = []
    if lenient:
        record, numbers, errors = read_leniently(text)
        found += [Repair(e.line or 0, e.token, e.problem, done) for e, done in errors]
    else:
        record, numbers = parse_file(text), turn_lines(text)
    bots = bot_seats(text)
    s = start_position(record, bots, bot_rule_sets(text), seat_options(text))
    humans = frozenset(f for f, _ in record.seats) - bots
    seen: set[str] = set()
    turns_played = 0
    unlaid: dict[int, int] = {}
    for turn, number in zip(record.turns, numbers):
        fought: set[tuple[str, int]] = set()
        for action in turn.actions:
            ctx = _Ctx(s, turn.faction, number, format_action(action), fought, humans, unlaid, found if lenient else None)
            try:
                apply_action(ctx, action)
            except ImportError_ as e:
                if not lenient:
                    raise
                found.append(Repair(e.line, e.token, e.problem, "left out"))
        if turn.faction in seen:
            turns_played += 1
        seen.add(turn.faction)
    n = len(s.turn_order)
    s.round, s.turn = 1 + turns_played // n, turns_played % n
    if record.winner:
        s.winner = [ENGINE_NAMES[w] for w in record.winner if w in ENGINE_NAMES]
        s.phase = "over"
        s.end_reason = "as the Rootlog file records"
        if lenient:
            _winner_short(s, record.winner, text, found)
    if repairs is not None:
        repairs += sorted(found, key=lambda r: r.line)
    return s


def _winner_short(s: GameState, letters: tuple[str, ...], text: str, found: list[Repair]) -> None:
    """The lenient import's last repair: a winner the file names who, by its own lines, did
    not reach 30 VP (LoR 3.1; a VP the recorder left out) has its VP corrected to 30, so the
    position is one a game can end in. A coalition's partners are not counted (LoR 9.2.8)."""
    if not any(p.startswith("winner:") for p in score_violations(s)):
        return
    main = [w for w in s.winner or [] if not rules_of(w).wins_with(s, w, s.winner or [])]
    if len(main) != 1 or s.factions[main[0]].vp >= WINNING_VP:
        return
    fs = s.factions[main[0]]
    number = max((n for n, line in enumerate(text.splitlines(), 1) if line.lstrip().startswith("Winner:")), default=0)
    found.append(Repair(number, f"Winner: {''.join(letters)}", f"the {main[0]} have {fs.vp} VP by the file's lines, not {WINNING_VP} (LoR 3.1)",
                        f"their VP corrected to {WINNING_VP}"))
    fs.vp = WINNING_VP


# -- the actions ---------------------------------------------------------------------------------
def play_actions(s: GameState, letter: str, actions: list[Action], fought: set[tuple[str, int]] | None = None) -> None:
    """Play one line's actions on ``s`` as the import does (``ImportError_`` naming the token);
    ``fought`` carries the line's battles so far when it is played an action at a time."""
    fought = set() if fought is None else fought
    humans = frozenset(x for x, name in ENGINE_NAMES.items() if name in s.factions and not s.factions[name].is_bot)
    for action in actions:
        apply_action(_Ctx(s, letter, 0, format_action(action), fought, humans), action)


def apply_action(ctx: _Ctx, action: Action) -> None:
    if isinstance(action, Move):
        _move(ctx, action)
    elif isinstance(action, Battle):
        ctx.fought.add((action.defender, action.clearing))
    elif isinstance(action, Score):
        who = _name(ctx, action.faction or ctx.letter)
        ctx.s.factions[who].vp += -action.points if action.lose else action.points
    elif isinstance(action, Flip):
        _flip(ctx, action.clearing, PLOT_NAMES[action.plot])
    elif isinstance(action, Trick):
        _trick(ctx, action.a, action.b)
    elif isinstance(action, SetMarker):
        _set_prices(ctx, action)
    elif isinstance(action, RemovePath):
        if (action.a, action.b) not in ctx.s.map.closed_paths:
            raise ctx.fail(f"no closed path between {action.a} and {action.b} on this map")
        ctx.s.opened_paths.add((action.a, action.b))


def price_services(area: str | None) -> tuple[str, ...] | None:
    """The services a price marker's board area names (``$_`` all three), None if none."""
    if not area:
        return SERVICES
    return (AREA_PRICE[area],) if area in AREA_PRICE else None


def _set_prices(ctx: _Ctx, action: SetMarker) -> None:
    """``$_h->2`` (``$_->3``: every service) sets a human Company's prices (LoR 11.3.5, 11.6.2);
    a bot Company's prices are its own (9.2.2), and other markers are not kept."""
    for b in action.boards:
        if ENGINE_NAMES.get(b.faction or ctx.letter) != "riverfolk" or not action.value.isdigit():
            continue
        board, services = ctx.s.factions["riverfolk"].board if "riverfolk" in ctx.s.factions else None, price_services(b.area)
        if not isinstance(board, CompanyBoard) or services is None:
            continue
        if int(action.value) not in PRICES:
            raise ctx.fail(f"a price is one of {', '.join(map(str, PRICES))} (LoR 11.3.5)")
        board.prices.update(dict.fromkeys(services, int(action.value)))


def _name(ctx: _Ctx, letter: str) -> str:
    name = ENGINE_NAMES.get(letter)
    if name is None or name not in ctx.s.factions:
        raise ctx.fail(f"the faction {letter} has no seat in this game")
    return name


def _move(ctx: _Ctx, move: Move) -> None:
    for part in move.parts:
        for counted in part.things:
            if isinstance(counted.thing, Piece):
                for dest in move.dests or (None,):
                    _move_piece(ctx, counted, part.start, dest)
            elif isinstance(counted.thing, Item):
                for dest in move.dests or (None,):
                    _move_item(ctx, counted, part.start, dest)
            elif isinstance(counted.thing, Card) and counted.thing.name in MINISTERS:
                _sway(ctx, MINISTERS[counted.thing.name], part.start, move.dests)


def _sway(ctx: _Ctx, minister: str, start: Any, dests: tuple[Any, ...]) -> None:
    """The Duchy's ministers: swayed (``#brigadier->$``, a crown from the supply) or lost
    (``#brigadierD$->``): a human's crown leaves the game (Price of Failure, LoR 12.2.3,
    ``lost_crowns``), the bot's goes back to the supply (Cost of Errors, 10.2.1)."""
    if "duchy" not in ctx.s.factions:
        raise ctx.fail("no Duchy in this game")
    fs = ctx.s.factions["duchy"]
    swayed = getattr(fs.board, "swayed", None)
    if swayed is None:
        return  # a human Duchy's board is the table's
    if any(isinstance(d, Board) for d in dests):
        if minister in swayed or fs.supply.get("crown", 0) < 1:
            raise ctx.fail(f"the {minister} is swayed already, or no crown is left")
        swayed.append(minister)
        swayed.sort(key=BOARD_ORDER.index)  # kept in the board's order, top first
        fs.supply["crown"] -= 1
    elif isinstance(start, Board):
        if minister not in swayed:
            raise ctx.fail(f"the {minister} is not swayed")
        swayed.remove(minister)
        if fs.is_bot:
            fs.supply["crown"] = fs.supply.get("crown", 0) + 1
        else:
            fs.board.lost_crowns.append(MINISTER_RANK[minister])


def _move_item(ctx: _Ctx, counted: Counted, start: Any, dest: Any) -> None:
    """Items under ruins: laid there (``%s->12``) or taken (``%s12->$``); others are the table's."""
    kind = ENGINE_ITEMS.get(counted.thing.kind, counted.thing.kind)  # type: ignore[union-attr]
    if isinstance(dest, Clearing) and dest.number:
        cl = ctx.s.clearings[dest.number]
        if not cl.ruin:
            raise ctx.fail(f"no ruin in {dest.number} to lay an item under")
        cl.ruin_items += [kind] * counted.count
    if isinstance(start, Clearing) and start.number:
        cl = ctx.s.clearings[start.number]
        if not cl.ruin:
            raise ctx.fail(f"no ruin in {start.number} to take an item from")
        for _ in range(counted.count):
            if kind in cl.ruin_items:
                cl.ruin_items.remove(kind)
            else:
                ctx.unlaid[start.number] = ctx.unlaid.get(start.number, 0) + 1
        if not cl.ruin_items and ctx.unlaid.get(start.number, 0) % _unlaid_per_ruin(ctx.s) == 0:
            cl.ruin = False


def _unlaid_per_ruin(s: GameState) -> int:
    """How many items a ruin holds when the file never says which: one (LoR 9.3.4), two in a
    game of two Vagabonds (each lays the four items marked R, one under each ruin)."""
    return 2 if SECOND_VAGABOND in s.factions else 1


# -- pieces ----------------------------------------------------------------------------------------
def _kind(ctx: _Ctx, piece: Piece, owner: str) -> str:
    letter = {v: k for k, v in ENGINE_NAMES.items()}[owner]
    kind = KINDS.get((letter, piece.kind, piece.variant))
    if kind is None and piece.kind == "b" and not piece.variant:
        kinds = sorted({k for (f, t, v), k in KINDS.items() if f == letter and t == "b" and v})
        kind = kinds[0] if len(kinds) == 1 else None
    if kind is None:
        raise ctx.fail(f"the {owner} have no such piece (write the building's letter)")
    return kind


def _move_piece(ctx: _Ctx, counted: Counted, start: Any, dest: Any) -> None:
    piece = counted.thing
    assert isinstance(piece, Piece)
    if piece.kind == "f":
        if not isinstance(dest, Clearing) or ctx.s.map.ferry_start is None:
            raise ctx.fail("the Ferry sails on the Lake map, from clearing to clearing")
        ctx.s.ferry = dest.number
        return
    owner = _name(ctx, piece.faction or ctx.letter)
    if piece.kind == "p":
        _pawn(ctx, owner, dest)
        return
    if owner == "keepers" and piece.kind == "t":
        _relics(ctx, piece, counted.count, start, dest)
        return
    kind = _kind(ctx, piece, owner)
    for _ in range(counted.count):
        if _funds_spent(ctx, owner, kind, start, dest):
            continue
        try:
            _take(ctx, owner, kind, start)
        except _LeftOut:
            continue
        _put(ctx, owner, kind, _revenge(ctx, owner, kind, start, dest))
    if owner == "hundreds" and piece.kind == "w" and piece.variant == "w":
        _warlord(ctx, start, dest)
    if owner == "keepers" and piece.kind == "b":
        _waystation(ctx, kind, piece.variant, dest)


def _relics(ctx: _Ctx, piece: Piece, n: int, start: Any, dest: Any) -> None:
    """The Keepers' relics into and out of forests, their board and face down (``keepers_lines``)."""
    for _ in range(n):
        try:
            K.move_relic(ctx.s, piece.variant, start, dest)
        except K.RelicRefused as e:
            raise ctx.fail(str(e)) from None


def _waystation(ctx: _Ctx, kind: str, variant: str, dest: Any) -> None:
    """A waystation placed shows the side written first (``b_t_f``, LoR 15.2.2); one gone shows none."""
    faces = ctx.s.factions["keepers"].board.faces  # type: ignore[union-attr]
    face = K.waystation_face(ctx.s, variant)
    if isinstance(dest, Clearing) and dest.number and face is not None:
        faces[face[0]] = face[1]
    elif dest is None and not any(kind in (k for _, k in ctx.s.clearings[c].buildings) for c in range(1, 13)):
        faces.pop(kind, None)


# -- moves the notation leaves to a faction's rules ----------------------------------------------
def _warlord(ctx: _Ctx, start: Any, dest: Any) -> None:
    """``Hw_w`` is the Hundreds' warlord (LoR 14.2.2, R-HUNDREDS-ROOTLOG): one of its warriors,
    whose clearing its board keeps (placed, moved, or gone: None)."""
    board = ctx.s.factions["hundreds"].board
    if hasattr(board, "warlord"):
        board.warlord = dest.number if isinstance(dest, Clearing) and dest.number else None


def _revenge(ctx: _Ctx, owner: str, kind: str, start: Any, dest: Any) -> Any:
    """Revenge (LoR 10.2.3): a Lizard Cult warrior removed while defending goes to the Acolytes
    box, which Rootlog leaves unwritten (``XL9/Lw9->``): removed from a clearing where this
    line's player battled the Lizards, it goes to their board (``$``) instead of their supply.
    Not for a Lizards seat the file marks as a bot: Robot Revenge (8.2.2) keeps only one, and
    the export writes it."""
    if owner != "lizards" or kind != "warrior" or dest is not None or "L" not in ctx.humans or ctx.letter == "L":
        return dest
    if not isinstance(start, Clearing) or ("L", start.number) not in ctx.fought:
        return dest
    return Board("L", None) if hasattr(ctx.s.factions[owner].board, "acolytes") else dest


def _funds_spent(ctx: _Ctx, owner: str, kind: str, start: Any, dest: Any) -> bool:
    """The Riverfolk spend funds from their board, written as their own warriors (``2w$->``):
    Rootlog notates no funds, which are the warriors in Payments, any seat's (the Riverfolk
    Company's Payments and funds, Law of Root); so when none of their own is left there, another
    seat's warrior in Payments goes back to its owner's supply. False: an ordinary move."""
    if owner != "riverfolk" or kind != "warrior" or dest is not None or not isinstance(start, Board):
        return False
    if start.area is not None or _name(ctx, start.faction or ctx.letter) != "riverfolk":
        return False
    board = ctx.s.factions["riverfolk"].board
    pay = dict(getattr(board, "payments", None) or {})
    other = next((f for f in ctx.s.turn_order if f != "riverfolk" and pay.get(f, 0) > 0), None)
    if pay.get("riverfolk", 0) > 0 or other is None:
        return False
    pay[other] -= 1
    board.payments = {k: v for k, v in pay.items() if v}  # type: ignore[union-attr]
    supply = ctx.s.factions[other].supply
    supply["warrior"] = supply.get("warrior", 0) + 1
    return True


def _take(ctx: _Ctx, owner: str, kind: str, start: Any) -> None:
    s = ctx.s
    if start is None:
        if s.factions[owner].supply.get(kind, 0) < 1:
            ctx.repair(f"supply exhausted: the {owner} have no {kind} left", "{n} not placed (the count corrected)")
            raise _LeftOut
        s.factions[owner].supply[kind] -= 1
    elif isinstance(start, Clearing) and start.number:
        cl = s.clearings[start.number]
        if not _remove_from(cl, owner, kind):
            _from_supply_instead(ctx, owner, kind, f"the {owner} have no {kind} in {start.number}", (owner, kind, start.number))
        elif kind == "plot":
            _plots(ctx).pop(start.number, None)
    else:
        _board_count(ctx, owner, start, -1)


def _from_supply_instead(ctx: _Ctx, owner: str, kind: str, problem: str, missing: tuple[str, str, int] | None = None) -> None:
    """A piece taken from where it does not stand: strict, the refusal; lenient, it is placed
    there from its owner's supply first (so it comes from the supply), or, with none in the
    supply either, left out."""
    supply = ctx.s.factions[owner].supply
    if ctx.repairs is not None and supply.get(kind, 0) > 0:
        ctx.repair(problem, "{n} placed there from the supply first")
        supply[kind] -= 1
        return
    ctx.repair(problem, "none there nor in the supply: {n} left out (the count corrected)", missing)
    raise _LeftOut


def _put(ctx: _Ctx, owner: str, kind: str, dest: Any) -> None:
    s = ctx.s
    if dest is None:
        pile = s.factions[owner].removed if (owner, kind) in SHARED.leaves_game else s.factions[owner].supply
        pile[kind] = pile.get(kind, 0) + 1  # the keep leaves the game (4.2.1)
    elif isinstance(dest, Clearing) and dest.number:
        cl = s.clearings[dest.number]
        if kind == "warrior":
            cl.warriors[owner] = cl.warriors.get(owner, 0) + 1
            return
        problem = _cannot_stand(s, owner, kind, dest.number)
        if problem:
            ctx.repair(problem, "{n} not placed: back to the supply")
            s.factions[owner].supply[kind] = s.factions[owner].supply.get(kind, 0) + 1
            return
        if kind in REGISTRY[owner].buildings:
            cl.buildings.append((owner, kind))
        else:
            cl.tokens.append((owner, kind))
        face = re.search(r"t_([bsre])", ctx.token) if kind == "plot" else None
        if kind == "plot" and s.factions[owner].is_bot:  # a human's face-down plot stays hidden (R-TABLE-HIDDEN-PLOTS)
            _plots(ctx)[dest.number] = (PLOT_NAMES[face.group(1)] if face else "unknown", False)
        elif face and getattr(s.factions[owner].board, "known", False):  # a seat played by legal moves (R-LOR-CORVIDS-KNOWN)
            _plots(ctx)[dest.number] = (PLOT_NAMES[face.group(1)], False)
    else:
        _board_count(ctx, owner, dest, 1)


def _cannot_stand(s: GameState, owner: str, kind: str, c: int) -> str | None:
    """Why a building or token cannot be put in clearing ``c`` (as a saved position checks):
    a free slot for a building, its suit for a base or garden, one sympathy, trade post or plot
    a clearing, one keep on the map."""
    piece, cl = (owner, kind), s.clearings[c]
    if kind in REGISTRY[owner].buildings and s.free_slots(c) < 1:
        return f"clearing {c} has no free building slot"
    suit = SHARED.suited.get(piece)
    if suit is not None and suit != s.suits[c]:
        return f"a {kind.replace('_', ' ')} stands only in a {suit} clearing; {c} is {s.suits[c]}"
    if piece in SHARED.one_per_clearing and (piece in cl.tokens or piece in cl.buildings):
        return f"clearing {c} holds a {kind.replace('_', ' ')} already: one at most"
    if piece in SHARED.one_on_map and any(piece in s.clearings[x].tokens or piece in s.clearings[x].buildings for x in range(1, 13)):
        return f"the {owner}'s {kind.replace('_', ' ')} is on the map already: there is one"
    return None


def _remove_from(cl: Any, owner: str, kind: str) -> bool:
    if kind == "warrior":
        if cl.warriors.get(owner, 0) < 1:
            return False
        cl.warriors[owner] -= 1
        if not cl.warriors[owner]:
            del cl.warriors[owner]
        return True
    for pool in (cl.buildings, cl.tokens):
        if (owner, kind) in pool:
            pool.remove((owner, kind))
            return True
    return False


def _board_count(ctx: _Ctx, owner: str, place: Any, n: int) -> None:
    """Warriors in the Burrow (0), on the Lizards' board (acolytes), the Riverfolk's (Payments)
    or a human Alliance's (officers): the places off the map the engine keeps."""
    s = ctx.s
    if isinstance(place, Clearing):  # 0, the Burrow
        board, field = s.factions["duchy"].board if "duchy" in s.factions else None, "burrow"
    elif isinstance(place, Board) and place.area is None:
        holder = _name(ctx, place.faction or ctx.letter)
        board = s.factions[holder].board
        field = next((f for f in ("payments", "officers", "acolytes") if hasattr(board, f)), f"warriors on the {holder} board")
        if field in ("officers", "acolytes") and owner != holder:
            raise ctx.fail(f"the {holder}'s {field} are its own warriors, not the {owner}'s")
    elif isinstance(place, Board) and place.area == "f" and _name(ctx, place.faction or ctx.letter) == "riverfolk":
        board = s.factions["riverfolk"].board
        field = "funds" if hasattr(board, "funds") else "payments"  # a bot Company keeps one box (9.2.3)
    else:
        raise ctx.fail("pieces are kept in clearings, the Burrow (0) and on boards ($, the Riverfolk's Funds $_f) only")
    if board is None or not hasattr(board, field):
        raise ctx.fail(f"the engine keeps no {field} for this seat")
    if field in ("payments", "funds"):
        field = _funds_instead(board, field, owner, n)
        pay = dict(getattr(board, field) or {})
        if pay.get(owner, 0) + n < 0:
            _from_supply_instead(ctx, owner, "warrior", f"the Riverfolk's {field.capitalize()} hold no {owner} warrior")
            return
        pay[owner] = pay.get(owner, 0) + n
        setattr(board, field, {k: v for k, v in pay.items() if v})
        return
    if getattr(board, field) + n < 0:
        _from_supply_instead(ctx, owner, "warrior", f"no {owner} warrior in the {field}")
        return
    setattr(board, field, getattr(board, field) + n)


def _funds_instead(board: Any, field: str, owner: str, n: int) -> str:
    """A warrior taken off a human Company's board (``w$->4``) comes from its Payments, or from
    its Funds when the Payments hold none of that owner's: the export writes a warrior spent
    from the Funds as leaving the board (the community's parser reads no ``$_f`` start), and the
    Company's own Birdsong moves what Payments hold into the Funds (LoR 11.4.3) unwritten."""
    if field != "payments" or n >= 0 or not hasattr(board, "funds"):
        return field
    if board.payments.get(owner, 0) + n < 0 and board.funds.get(owner, 0) + n >= 0:
        return "funds"
    return field


def _pawn(ctx: _Ctx, owner: str, dest: Any) -> None:
    board = ctx.s.factions[owner].board
    if board is None or not hasattr(board, "clearing"):
        raise ctx.fail(f"the engine keeps no pawn for the {owner}")
    if board.clearing is not None:
        ctx.s.clearings[board.clearing].remove_pawn(owner)
    board.clearing = board.forest = None
    if isinstance(dest, Clearing) and dest.number:
        board.clearing = dest.number
        ctx.s.clearings[dest.number].add_pawn(owner)
    elif isinstance(dest, Forest) and dest.clearings in ctx.s.map.forests:
        board.forest = ctx.s.map.forests.index(dest.clearings)
    else:
        raise ctx.fail("a pawn goes to a clearing or a forest of this map")


def _trick(ctx: _Ctx, a: int, b: int) -> None:
    """Two plots swap clearings; a human's hidden plot has no record to carry (R-TABLE-HIDDEN-PLOTS)."""
    plots = _plots(ctx)
    human = "corvids" in ctx.s.factions and not ctx.s.factions["corvids"].is_bot
    unknown = None if human else ("unknown", False)
    pa, pb = plots.pop(a, unknown), plots.pop(b, unknown)
    for c, p in ((a, pb), (b, pa)):
        if p is not None:
            plots[c] = p


def _plots(ctx: _Ctx) -> dict[int, tuple[str, bool]]:
    board = ctx.s.factions["corvids"].board if "corvids" in ctx.s.factions else None
    plots = getattr(board, "plots", None)
    return plots if plots is not None else {}


def _flip(ctx: _Ctx, c: int, kind: str) -> None:
    if ("corvids", "plot") not in ctx.s.clearings[c].tokens:
        try:
            _from_supply_instead(ctx, "corvids", "plot", f"no plot in {c} to flip")
        except _LeftOut:
            return
        ctx.s.clearings[c].tokens.append(("corvids", "plot"))
    _plots(ctx)[c] = (kind, True)
