"""Put a human seat's Rootlog line on an engine position, at board level.

The human keeps their own faction's rules; the engine keeps the board true: pieces are where
the line says, supplies hold out, moves follow a path this seat may use (the Lake's Ferry, the
Mountain's opened paths) from or to a clearing the mover rules (LoR 4.2.1), buildings find a
free slot, nobody but the Marquise places where the keep stands (4.2.1). Every change goes
through ``core/rules.py`` (and battles with a bot through ``core/battle.py``), so each is an
event with its rule number and the bots' reactions fire: Automated Outrage (6.2.3), Robot
Revenge (8.2.2), Cost of Errors (10.2.1), removal VP (LoR 3.2.1).

A line is played first on a copy of the game; only if all of it holds is it played on the
game itself, so a refused line changes nothing. The humans' cards are kept too
(``table/cards.py``); items on a Vagabond's board, reveals, board values and plots' faces are
kept at the table, not by the engine: ``untracked`` lists the actions of a line that are.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from ..core import battle as battles
from ..core import rules
from ..core.chance import ChanceExhausted, RngChance, ScriptedChance
from ..core.context import EngineFailure, Game, GameOver
from ..core.events import EventLog
from ..core.faction import SHARED
from ..core.paths import ferry_links, is_ferry_move, move_destinations
from ..core.state import GameState
from . import off_map, plot_lines, seat_lines
from .cards import apply_card_move, apply_craft, is_card_move
from .rootlog_format import format_location, format_thing
from .rootlog import (
    Action, Battle, Card, Clearing, Counted, Craft, Exposure, Flip, Hand, Move, Piece, RemovePath, Score,
    Trick, format_action, parse_action,
)

ENGINE_NAMES: dict[str, str] = {
    "C": "marquise", "E": "eyrie", "A": "alliance", "V": "vagabot", "L": "lizards",
    "O": "riverfolk", "D": "duchy", "P": "corvids", "G": "vagabond2", "H": "hundreds",
}
ENGINE_NAMES["K"] = "keepers"  # LoR 15 (its relics and waystations' faces: table/keepers_lines.py)
LETTERS: dict[str, str] = {v: k for k, v in ENGINE_NAMES.items()}
# (faction letter, piece type, letter) -> the engine's piece kind
KINDS: dict[tuple[str, str, str], str] = {
    ("C", "w", ""): "warrior", ("C", "b", "s"): "sawmill", ("C", "b", "w"): "workshop",
    ("C", "b", "r"): "recruiter", ("C", "t", "k"): "keep", ("C", "t", ""): "wood",
    ("E", "w", ""): "warrior", ("E", "b", ""): "roost",
    ("A", "w", ""): "warrior", ("A", "b", "f"): "base_fox", ("A", "b", "r"): "base_rabbit",
    ("A", "b", "m"): "base_mouse", ("A", "t", ""): "sympathy",
    ("L", "w", ""): "warrior", ("L", "b", "f"): "garden_fox", ("L", "b", "r"): "garden_rabbit",
    ("L", "b", "m"): "garden_mouse",
    ("O", "w", ""): "warrior", ("D", "w", ""): "warrior", ("D", "b", "c"): "citadel",
    ("D", "b", "m"): "market", ("D", "t", ""): "tunnel", ("P", "w", ""): "warrior",
    ("H", "w", ""): "warrior", ("H", "w", "w"): "warrior", ("H", "b", ""): "stronghold", ("H", "t", ""): "mob",  # R-HUNDREDS-ROOTLOG
}
KINDS.update({("O", "t", x): "trade_post" for x in ("", "f", "r", "m")})  # the engine keeps no suit
KINDS.update({("P", "t", x): "plot" for x in ("", "b", "s", "r", "e")})
# The Keepers in Iron (Rootlog_V2): a waystation by its side up and side down (b_f_t), a relic by
# value and type (t_3_f); a face-down relic (t_f) has no engine kind: its value is unknown.
WAYSTATION_SIDES: dict[str, tuple[str, str]] = {"waystation_ft": ("f", "t"), "waystation_tj": ("t", "j"), "waystation_jf": ("j", "f")}
KINDS.update({("K", "w", ""): "warrior", **{("K", "b", f"{a}_{b}"): k for k, (a, b) in WAYSTATION_SIDES.items()}})
KINDS.update({("K", "b", f"{b}_{a}"): k for k, (a, b) in WAYSTATION_SIDES.items()})  # the other side up
KINDS.update({("K", "t", f"{v}_{t[0]}"): f"relic_{t}_{v}" for t in ("figure", "tablet", "jewelry") for v in (1, 2, 3)})
LINES_UNREAD: frozenset[str] = frozenset()  # factions whose own lines the board mode cannot follow (none now: R-KEEPERS-TABLE)
PLOT_NAMES: dict[str, str] = {"b": "bomb", "s": "snare", "r": "raid", "e": "extortion"}
SUIT_NAMES: dict[str, str] = {"B": "bird", "F": "fox", "M": "mouse", "R": "rabbit"}
# a seat line's comment for a bot of another rule set than the Law (core.faction.RULE_SETS)
RULE_SET_COMMENTS: dict[str, str] = {"bbp": "bot (Better Bot Project v5)"}
PATHS_COMMENT = "raccoon paths"  # a Robot Raccoon seat's paths in its seat comment (R-BBP-RR-PATHS)


class LineRefused(ValueError):
    """A line the board cannot take; the message names the token and what is wrong."""

    def __init__(self, token: str, problem: str) -> None:
        self.token, self.problem = token, problem
        super().__init__(f"{token!r}: {problem}")


@dataclass
class _Line:
    """One line being played: the game, the seat, the actions, VP the engine already gave."""

    g: Game
    faction: str
    letter: str
    actions: list[Action]
    credit: int = 0  # VP the engine scored for this seat not yet matched by a written ++
    consumed: set[int] = field(default_factory=set)  # actions a battle or a path took as its own


# -- the public functions -------------------------------------------------------------------
def apply_line(g: Game, faction: str, text: str) -> None:
    """Parse one line of the seat's turn (``parse_action``) and apply it (``apply_actions``)."""
    letter = _seat(g.state, faction)[1]
    apply_actions(g, faction, parse_action(text, letter))


def apply_actions(g: Game, faction: str, actions: list[Action] | tuple[Action, ...]) -> None:
    """Apply a human seat's actions; refuse the whole line (``LineRefused``) before any change
    if any part of it does not hold on the board. ``faction`` is a letter or an engine name.
    The rehearsal asks the seats' controllers too, so a controller that prompts a person is
    asked twice; a ``GameOver`` raised by a score propagates as from any rule."""
    name, letter = _seat(g.state, faction)
    actions = list(actions)
    _play(_Line(_shadow(g), name, letter, actions))  # raises before the real game is touched
    _play(_Line(g, name, letter, actions), rehearsed=True)


def untracked(actions: list[Action] | tuple[Action, ...], letter: str = "") -> list[Action]:
    """The actions the engine does not keep: items (but a human Vagabond's, ``letter`` V or G),
    reveals, board values, plots' faces."""
    return [a for a in actions if not _on_board(a) and not seat_lines.kept_for(letter, a)]


# -- seats and the rehearsal ----------------------------------------------------------------
def _seat(state: GameState, faction: str) -> tuple[str, str]:
    name = ENGINE_NAMES.get(faction, faction)
    if name not in LETTERS:
        raise LineRefused(faction, f"not a faction of the engine ({' '.join(ENGINE_NAMES)})")
    fs = state.factions.get(name)
    if fs is None:
        raise LineRefused(faction, f"the {name} are not at this table")
    if fs.is_bot:
        raise LineRefused(faction, f"the {name} are a bot: the engine plays its turns")
    return name, LETTERS[name]


def _shadow(g: Game) -> Game:
    """A copy of the game to rehearse the line on: cloned state, a chance source in the same
    place, the same controllers, an empty log."""
    state = g.state.clone()
    if isinstance(g.chance, RngChance):
        chance = RngChance(state.rng)
    else:
        chance = copy.deepcopy(g.chance)
    return Game(state, chance, dict(g.controllers), EventLog())


def _play(line: _Line, rehearsed: bool = False) -> None:
    """Every action in order; engine refusals become a ``LineRefused`` naming the action."""
    for i, action in enumerate(line.actions):
        if i in line.consumed:
            continue
        try:
            _apply(line, i, action)
        except GameOver:
            if rehearsed:
                raise
            return  # the game ends here; the rest of the line cannot matter
        except (EngineFailure, ChanceExhausted) as e:
            raise LineRefused(format_action(action), str(e)) from None
        except seat_lines.SeatRefused as e:
            raise LineRefused(e.token, e.problem) from None


def _apply(line: _Line, i: int, action: Action) -> None:
    before = line.g.state.factions[line.faction].vp
    if isinstance(action, Move) and seat_lines.handles(line.g.state, line.faction, action):
        seat_lines.apply(line.g, line.faction, action, ENGINE_NAMES)  # pawns, items, boards (seat_lines.py)
    elif isinstance(action, Move) and _has_pieces(action):
        _move(line, action)
        seat_lines.moved(line.g, line.faction, action)  # a board keeping where a piece is (the warlord)
    elif isinstance(action, Battle):
        _battle(line, i, action)
    elif isinstance(action, Score):
        _score(line, action)
        return
    elif isinstance(action, RemovePath):
        _open_path(line, i, action)
    elif isinstance(action, Move) and (minister := off_map.minister_move(line.faction, action)):
        if problem := off_map.sway(line.g, line.faction, minister, action):  # the human Duchy's ministers
            raise LineRefused(format_action(action), problem)
    elif isinstance(action, Move) and is_card_move(action):
        if not _path_card(line, i):  # a card spent on a closed path goes with the path
            apply_card_move(line.g, line.faction, _letters(line.g.state), action)
    elif isinstance(action, Craft):
        apply_craft(line.g, line.faction, action)
    elif isinstance(action, (Flip, Trick, Exposure)):  # the Corvids' plots: table/plot_lines.py
        problem = plot_lines.apply(line.g, line.faction, action, line.actions[i + 1:])
        if problem:
            raise LineRefused(format_action(action), problem)
    line.credit += max(0, line.g.state.factions[line.faction].vp - before)


def _on_board(action: Action) -> bool:
    """Moves of pieces and cards, battles, scores, closed paths and crafts are the engine's;
    the rest the table's."""
    if isinstance(action, Move):
        return is_card_move(action) or _has_pieces(action)
    return isinstance(action, (Battle, Score, RemovePath, Craft, Flip, Trick, Exposure))


def _has_pieces(move: Move) -> bool:
    return any(isinstance(c.thing, Piece) for p in move.parts for c in p.things)


def _letters(state: GameState) -> dict[str, str]:
    """Rootlog letter -> engine name, for the seats at this table."""
    return {k: v for k, v in ENGINE_NAMES.items() if v in state.factions}


def _path_card(line: _Line, i: int) -> bool:
    """Action ``i`` is the card written just before a closed path is removed (its cost)."""
    return i + 1 < len(line.actions) and isinstance(line.actions[i + 1], RemovePath)


# -- pieces ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class _Pieces:
    """``count`` pieces of one engine kind of ``owner``, as written in ``token``."""

    owner: str
    kind: str
    count: int
    token: str


def _owner(line: _Line, piece: Piece, token: str) -> str:
    letter = piece.faction or line.letter
    name = ENGINE_NAMES.get(letter)
    if name is None:
        raise LineRefused(token, f"{letter} is not a faction of the engine ({' '.join(ENGINE_NAMES)})")
    if name not in line.g.state.factions:
        raise LineRefused(token, f"the {name} are not at this table")
    return name


def _pieces(line: _Line, counted: Counted, where: int | None, token: str) -> _Pieces:
    """The engine kind of a written piece; an unlettered building is the one kind there."""
    piece = counted.thing
    assert isinstance(piece, Piece)
    owner = _owner(line, piece, token)
    letter = LETTERS[owner]
    if piece.kind == "p":
        raise LineRefused(token, "pawns are not taken from lines: a human Vagabond is not kept by the engine, the Vagabot's pawn is never removed (7.2.1)")
    kind = KINDS.get((letter, piece.kind, piece.variant))
    if kind is None and piece.kind == "b" and not piece.variant and where is not None:
        kinds = sorted({k for f, k in line.g.state.clearings[where].buildings if f == owner})
        if len(kinds) > 1:
            raise LineRefused(token, f"which building? the {owner} have {', '.join(kinds)} in {where}")
        kind = kinds[0] if kinds else None
    if kind is None:
        raise LineRefused(token, f"the {owner} have no such piece here")
    if kind == "plot" and piece.variant and where is not None:
        _check_plot_face(line, where, piece.variant, token)
    return _Pieces(owner, kind, counted.count, token)


def _check_plot_face(line: _Line, c: int, variant: str, token: str) -> None:
    plots = line.g.state.factions["corvids"].plots or {}
    plot = plots.get(c)
    if plot is not None and plot[1] and plot[0] != PLOT_NAMES[variant]:
        raise LineRefused(token, f"the plot in {c} is a face-up {plot[0]}, not a {PLOT_NAMES[variant]}")


def _count_there(state: GameState, p: _Pieces, c: int) -> int:
    cl = state.clearings[c]
    if p.kind == "warrior":
        return cl.warriors.get(p.owner, 0)
    pool = cl.buildings if p.kind in SHARED.buildings else cl.tokens
    return pool.count((p.owner, p.kind))


def _need_there(line: _Line, p: _Pieces, c: int) -> None:
    have = _count_there(line.g.state, p, c)
    if have < p.count:
        raise LineRefused(p.token, f"the {p.owner} have {have} {p.kind}{'s' if have != 1 else ''} in {c}, not {p.count}")


# -- moves: place, remove, move --------------------------------------------------------------
def _move(line: _Line, move: Move) -> None:
    things = [(c, part.start) for part in move.parts for c in part.things]
    for counted, _ in things:
        if not isinstance(counted.thing, Piece):
            raise LineRefused(format_action(move), "pieces cannot move in one action with cards or items")
    ferried = [start for c, start in things if isinstance(c.thing, Piece) and c.thing.kind == "f"]
    for dest in move.dests or (None,):
        for start in ferried:
            _check_ferry(line, start, dest, move)
        for counted, start in things:
            if isinstance(counted.thing, Piece) and counted.thing.kind != "f":
                _move_pieces(line, counted, start, dest)


def _clearing_of(loc: object, token: str) -> int | None:
    if loc is None:
        return None
    if isinstance(loc, Clearing):
        if loc.number == 0:
            raise LineRefused(token, "the Duchy's Burrow (0) is not taken from lines")
        return loc.number
    raise LineRefused(token, f"pieces in {format_location(loc)!r} are not kept by the engine (clearings and supply only)")


def _move_pieces(line: _Line, counted: Counted, start: object, dest: object) -> None:
    token = (str(counted.count) if counted.count > 1 else "") + format_thing(counted.thing) + format_location(start) + "->" + format_location(dest)  # type: ignore[arg-type]
    if off_map.is_off_map(start) or off_map.is_off_map(dest):  # the Acolytes box, the Burrow
        p = _pieces(line, counted, None, token)
        problem = off_map.move(line.g, line.faction, p.owner, p.kind, p.count, start, dest)
        if problem:
            raise LineRefused(token, problem)
        return
    a, b = _clearing_of(start, token), _clearing_of(dest, token)
    p = _pieces(line, counted, a, token)
    if a is None and b is None:
        raise LineRefused(token, "from the supply to the supply: nothing moves")
    if a is None:
        _place(line, p, b)  # type: ignore[arg-type]
    elif b is None:
        _remove(line, p, a)
    else:
        _march(line, p, a, b)


def _place(line: _Line, p: _Pieces, c: int) -> None:
    """Place from the seat's own supply (LoR 1.5.4), never where the keep stands (4.2.1), never in
    a snare's clearing (11.7.2), buildings only in free slots (ruins fill one)."""
    g, s = line.g, line.g.state
    if p.owner != line.faction:
        raise LineRefused(p.token, f"the {line.faction} place only their own pieces, not the {p.owner}'s")
    have = s.factions[p.owner].supply.get(p.kind, 0)
    if have < p.count:
        raise LineRefused(p.token, f"supply exhausted: the {p.owner} have {have} {p.kind}{'s' if have != 1 else ''} left, not {p.count}")
    if not rules.may_place_in(s, p.owner, c):
        raise LineRefused(p.token, f"the keep stands in {c}: only the Marquise may place pieces there (4.2.1)")
    if rules.snared(s, p.owner, c):
        raise LineRefused(p.token, f"a face-up snare stands in {c}: no placing there (11.7.2)")
    suit = SHARED.suited.get((p.owner, p.kind))  # a base, a garden: only in a clearing of its suit
    if suit is not None and s.suit(c) != suit:
        raise LineRefused(p.token, f"a {p.kind} stands only in a {suit} clearing; {c} is {s.suit(c)}")
    if p.kind in SHARED.buildings and s.free_slots(c) < p.count:
        raise LineRefused(p.token, f"clearing {c} has {max(s.free_slots(c), 0)} free building slot(s) (ruins fill slots), not {p.count}")
    if p.kind == "warrior":
        rules.place_warriors(g, p.owner, c, p.count, "LoR 1.5.4")
        return
    for _ in range(p.count):
        place = rules.place_building if p.kind in SHARED.buildings else rules.place_token
        if not place(g, p.owner, c, p.kind, "LoR 1.5.4"):
            raise LineRefused(p.token, f"the engine would not place the {p.kind} in {c}")


def _remove(line: _Line, p: _Pieces, c: int) -> None:
    """Remove pieces; the remover scores for enemy buildings and tokens (LoR 3.2.1) and the bots'
    reactions fire (Outrage 6.2.3, Robot Revenge 8.2.2, Cost of Errors 10.2.1)."""
    _need_there(line, p, c)
    g = line.g
    rule = "LoR 3.2.1" if p.owner != line.faction else "LoR 1.5.4"
    if p.kind == "warrior":
        rules.remove_warriors(g, p.owner, c, p.count, rule, by=line.faction)
        return
    with rules.one_removal(g):
        for _ in range(p.count):
            rules.remove_piece(g, p.owner, c, p.kind, rule, by=line.faction)


def _march(line: _Line, p: _Pieces, a: int, b: int) -> None:
    """Move warriors along a path this seat may use, ruling ``a`` or ``b`` (LoR 4.2.1)."""
    s = line.g.state
    if p.kind != "warrior":
        raise LineRefused(p.token, f"a {p.kind} does not move between clearings")
    if p.owner != line.faction:
        raise LineRefused(p.token, f"the {line.faction} move only their own warriors")
    _need_there(line, p, a)
    if b not in move_destinations(s, p.owner, a):
        raise LineRefused(p.token, f"no path this seat may use from {a} to {b}")
    if p.owner not in SHARED.nimble and not (rules.rules(s, p.owner, a) or rules.rules(s, p.owner, b)):  # Nimble (11.2.1)
        raise LineRefused(p.token, f"the {p.owner} rule neither {a} nor {b} (LoR 4.2.1)")
    if rules.snared(s, p.owner, a):
        raise LineRefused(p.token, f"a face-up snare stands in {a}: no moving out (11.7.2)")
    rules.move_warriors(line.g, p.owner, a, b, p.count, "LoR 4.2")


def _check_ferry(line: _Line, start: object, dest: object, move: Move) -> None:
    """The Ferry (f) goes with a move from its clearing to another coastal one (LoR C.2.5)."""
    s = line.g.state
    token = format_action(move)
    if s.ferry is None:
        raise LineRefused(token, f"there is no Ferry on the {s.map.name} map")
    if not isinstance(start, Clearing) or start.number != s.ferry:
        raise LineRefused(token, f"the Ferry is in {s.ferry}")
    if not isinstance(dest, Clearing) or dest.number not in ferry_links(s, start.number):
        raise LineRefused(token, "the Ferry sails once a turn, to another coastal clearing (LoR C.2.5)")
    if not is_ferry_move(s, line.faction, start.number, dest.number):
        raise LineRefused(token, f"a path leads from {start.number} to {dest.number}: the engine sails the Ferry only where none does (ruling R-FERRY)")


# -- battle (LoR 4.3; 1.2.1; 2.8.2) -----------------------------------------------------------
def _battle(line: _Line, i: int, b: Battle) -> None:
    """A battle with a bot is resolved by the engine with the rolls written; the removals written
    right after it are its recorded outcome and must be what the Law gives. A battle between
    humans is the table's: the removals written after it are applied as they stand."""
    token, s = format_action(b), line.g.state
    if b.attacker is not None and b.attacker != line.letter:
        raise LineRefused(token, "a line's battles are its own seat's (battles others start are not taken)")
    defender = ENGINE_NAMES.get(b.defender)
    if defender is None or defender not in s.factions:
        raise LineRefused(token, f"the defender {b.defender} is not at this table")
    if not battles.can_battle(s, line.faction, defender, b.clearing):
        raise LineRefused(token, f"no battle: the {line.faction} need warriors and the {defender} a piece in {b.clearing} (LoR 4.3)")
    if not s.factions[defender].is_bot:
        line.g.emit(line.faction, "LoR 4.3", "battle", "battles {defender} in {c}, resolved at the table", defender=defender, c=b.clearing)
        return
    if b.ambushes:
        raise LineRefused(token, "no ambush card in a battle with a bot (2.8.2)")
    if b.rolls is None:
        raise LineRefused(token, "give the rolls, as (3,1): the engine resolves a battle with a bot")
    outcome = _recorded_outcome(line, i, b.clearing, {line.faction, defender})
    own = [p.kind for p in outcome if p.owner == line.faction and p.kind != "warrior"]
    items = seat_lines.recorded_damage(s, line.faction, line.actions, i, line.consumed)  # a human Vagabond's
    first = len(line.g.log)
    done = _resolve(line, defender, b, _roll_script(line, defender, b, outcome), own + items)
    if outcome and done != _tally(outcome):
        raise LineRefused(token, f"the Law gives {_show(done)}, the line records {_show(_tally(outcome))}")
    damaged = sum(1 for e in line.g.log.events[first:] if e.kind == "damage" and e.faction == line.faction)
    problem = seat_lines.damage_problem(s, line.faction, items, damaged)
    if problem:
        raise LineRefused(token, problem)


def _recorded_outcome(line: _Line, i: int, c: int, sides: set[str]) -> list[_Pieces]:
    """The removals from ``c`` written right after the battle, as the battle's outcome."""
    out: list[_Pieces] = []
    for j in range(i + 1, len(line.actions)):
        act = line.actions[j]
        if not (isinstance(act, Move) and not act.dests and all(p.start == Clearing(c) for p in act.parts)):
            break
        found = [_pieces(line, k, c, format_action(act)) for p in act.parts for k in p.things if isinstance(k.thing, Piece)]
        if len(found) != sum(len(p.things) for p in act.parts) or any(x.owner not in sides for x in found):
            break
        out += found
        line.consumed.add(j)
    return out


def _roll_script(line: _Line, defender: str, b: Battle, outcome: list[_Pieces]) -> list[tuple[str, object]]:
    """The written rolls as the dice (the attacker takes the higher, LoR 4.3.2, unless the
    defender fights a Guerrilla War), then the bot's building or token types as written (1.2.1)."""
    a, d = b.rolls  # type: ignore[misc]
    fs = line.g.state.factions[defender]
    guerrilla = defender == "alliance" and "veterans" in fs.traits
    if (a < d and not guerrilla) or (a > d and guerrilla):
        who = "defender" if guerrilla else "attacker"
        raise LineRefused(format_action(b), f"the {who} takes the higher roll (LoR 4.3.2; LoR 8.2.2 Guerrilla War)")
    picks = [("pick", p.kind) for p in outcome if p.owner == defender and p.kind != "warrior" for _ in range(p.count)]
    return [("roll", (a, d)), *picks]


def _resolve(line: _Line, defender: str, b: Battle, script: list[tuple[str, object]], order: list[str]) -> dict[tuple[str, str], int]:
    """Run ``core/battle.py`` with the scripted dice, the seat's buildings and tokens taking hits
    in the written ``order``; return what it removed, by owner and kind."""
    g = line.g
    first = len(g.log)
    table, seat = g.chance, g.controllers.get(line.faction)
    g.chance = ScriptedChance(script, fallback=table)
    g.controllers[line.faction] = _Recorded(seat, order)  # type: ignore[assignment]
    try:
        battles.battle(g, line.faction, defender, b.clearing, "LoR 4.3")
    finally:
        g.chance = table
        if seat is None:
            del g.controllers[line.faction]
        else:
            g.controllers[line.faction] = seat
    done: dict[tuple[str, str], int] = {}
    for e in g.log.events[first:]:
        if e.kind in ("remove_warriors", "remove_piece") and e.data.get("c") == b.clearing:
            key = (e.faction or "", e.data.get("kind", "warrior"))
            done[key] = done.get(key, 0) + e.data.get("n", 1)
    return done


class _Recorded:
    """The seat's controller, except that its buildings and tokens take a battle's hits in the
    order the line records them (LoR 4.3.4: the owner chooses)."""

    def __init__(self, seat: object | None, order: list[str]) -> None:
        self.seat, self.order = seat, order

    def assign_hits(self, g: Game, faction: str, clearing: int, hits: int, removable: list[str]) -> list[str]:
        rank = {k: i for i, k in enumerate(self.order)}
        return sorted(removable, key=lambda k: rank.get(k, len(rank)))

    def __getattr__(self, name: str) -> object:
        if self.seat is None:
            raise EngineFailure(f"the human seat has no controller to ask ({name})")
        return getattr(self.seat, name)


def _tally(pieces: list[_Pieces]) -> dict[tuple[str, str], int]:
    out: dict[tuple[str, str], int] = {}
    for p in pieces:
        out[(p.owner, p.kind)] = out.get((p.owner, p.kind), 0) + p.count
    return out


def _show(tally: dict[tuple[str, str], int]) -> str:
    if not tally:
        return "no removal"
    return ", ".join(f"{n} {owner} {kind}{'s' if n != 1 else ''}" for (owner, kind), n in sorted(tally.items()))


# -- scores and closed paths ------------------------------------------------------------------
def _score(line: _Line, sc: Score) -> None:
    """A written ``++`` first covers VP the engine already scored for this line's removals
    (LoR 3.2.1); the rest is scored as the line says. ``--`` loses VP."""
    who = ENGINE_NAMES.get(sc.faction or line.letter)
    if who is None or who not in line.g.state.factions:
        raise LineRefused(format_action(sc), f"{sc.faction} is not at this table")
    if sc.lose:
        rules.lose_vp(line.g, who, sc.points, "LoR 3.2", "as the table records")
        return
    covered = min(line.credit, sc.points) if who == line.faction else 0
    line.credit -= covered
    rules.score(line.g, who, sc.points - covered, "LoR 3.2", "as the table records")


def _open_path(line: _Line, i: int, rp: RemovePath) -> None:
    """A closed path removed (LoR C.3.3): the card spent is the one the line discards next to it."""
    token, s = format_action(rp), line.g.state
    if (rp.a, rp.b) not in s.map.closed_paths or (rp.a, rp.b) in s.opened_paths:
        raise LineRefused(token, f"no closed path between {rp.a} and {rp.b} on the {s.map.name} map")
    j, card = _spent_card(line, i)
    rules.open_closed_path(line.g, line.faction, rp.a, rp.b, card)
    line.consumed.add(j)


def _spent_card(line: _Line, i: int) -> tuple[int, int]:
    """The card of the hand discarded right before or after action ``i``: (its index, card id)."""
    s = line.g.state
    hand = s.factions[line.faction].hand
    for j in (i - 1, i + 1):
        act = line.actions[j] if 0 <= j < len(line.actions) else None
        if isinstance(act, Move) and not act.dests and len(act.parts) == 1 and len(act.parts[0].things) == 1:
            card = act.parts[0].things[0].thing
            if isinstance(card, Card) and act.parts[0].start == Hand(line.letter):
                for cid in hand:
                    c = s.deckdef.card(cid)
                    if card.suit is None or c.suit == SUIT_NAMES[card.suit]:
                        return j, cid
                raise LineRefused(format_action(act), "no such card in the hand the engine keeps")
    raise LineRefused(format_action(line.actions[i]), "write the card spent beside it, as F#C->")
