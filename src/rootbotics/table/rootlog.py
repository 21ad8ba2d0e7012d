"""Rootlog V2.8 parser: one turn line (``parse_action``) or a whole game (``parse_file``).

Every refusal is a ``RootlogError`` naming the token, its column and what is wrong. The syntax
tree is in ``rootlog_ast``, the canonical writer in ``rootlog_format``; both are re-exported here.
"""

from __future__ import annotations

import re

from .rootlog_ast import (  # noqa: F401 (re-exported)
    FACTIONS, ITEMS, MAPS, DECKS, PIECES, SUITS, UNSUPPORTED, Action, Battle, Board, Card,
    Clearing, Counted, Craft, DiscardPile, Dominance, Exposure, Flip, Forest, Hand, Item,
    ItemPlace, Location, Move, Part, PathLoc, Piece, Quests, Record, RemovePath, Reveal,
    RootlogError, Score, SetMarker, Thing, Trick, Turn,
)
from .rootlog_format import format_action, format_actions, format_file, format_turn  # noqa: F401

_NUMBER = re.compile(r"\d+")
_CARD = re.compile(r"([BFMR]?)#(@|[a-z]+)?")
_PIECE = re.compile(r"([A-Z]|h_[A-Z]d?)?([wpbtf]|r(?!_))((?:_[a-z0-9](?:_[a-z])?)?)")  # r: the Ferry as Rootlog V2.7 wrote it (its raft)
_ITEM = re.compile(r"%(.)")
_NUMBERS = re.compile(r"\d+(?:_\d+)*")
_BOARD = re.compile(r"([A-Z]|h_[A-Z]d?)?\$(?:_([A-Za-z0-9]*))?")
_ITEM_PLACE = re.compile(r"([sdt]?)([re]?)")
_VALUE = re.compile(r"[A-Za-z0-9]*")
_BATTLE = re.compile(r"([A-Z]?)X([A-Z]?)(\d*)((?:[BFMR]@)*)(?:\((\d+),(\d+)\))?")
_SCORE = re.compile(r"([A-Z]?)(\+\+|--)(\d*)")
_PLOT_AT = re.compile(r"(P?)t(\d+)")
_PLOT_KIND = re.compile(r"t_([a-z])")
_SUIT_ONLY = re.compile(r"(\d*)([BFMR])(?=[+)])")  # a suit inside (2F+M)#
_GROUP_CARD = re.compile(r"#(@|[a-z]+)?")
_PATH_ALONE = re.compile(r"\d+_\d+(?![\d_])")


class _Cursor:
    """Reads one action; ``base`` is the action's 0-based offset in its line."""

    def __init__(self, text: str, base: int, faction: str | None) -> None:
        self.text, self.pos, self.base, self.faction = text, 0, base, faction

    def peek(self, n: int = 1) -> str:
        return self.text[self.pos : self.pos + n]

    def at_end(self) -> bool:
        return self.pos >= len(self.text)

    def take(self, pattern: re.Pattern[str]) -> re.Match[str] | None:
        m = pattern.match(self.text, self.pos)
        if m is not None and m.end() > self.pos:
            self.pos = m.end()
            return m
        return None

    def fail(self, token: str, problem: str, at: int | None = None) -> RootlogError:
        """A refusal of ``token``, found at ``at`` (default: where the cursor is)."""
        where = self.pos if at is None else at
        token = token or self.text
        skipped = len(token) - len(token.lstrip())
        return RootlogError(token.strip() or token, self.base + where + skipped + 1, problem)

    def rest(self) -> str:
        return self.text[self.pos :]


# -- letters ------------------------------------------------------------------------------
def _faction(cur: _Cursor, letter: str, at: int) -> str:
    """A faction letter this parser supports, or a refusal naming it."""
    if letter.startswith("h_"):
        raise cur.fail(letter, "hirelings are not supported", at)
    if letter in UNSUPPORTED:
        raise cur.fail(letter, f"{UNSUPPORTED[letter]} ({letter}) are not supported", at)
    if letter in SUITS:
        raise cur.fail(letter, f"{letter} is a suit, not a faction: a card of that suit is written {letter}#", at)
    if letter not in FACTIONS:
        raise cur.fail(letter, "not a faction letter (C E A V G L O D P H K)", at)
    return letter


def _clearing(cur: _Cursor, digits: str, at: int, burrow: bool = False) -> int:
    n = int(digits)
    if not (0 if burrow else 1) <= n <= 12:
        raise cur.fail(digits, "no such clearing (1-12; 0 is the Duchy's Burrow)", at)
    return n


# -- things -------------------------------------------------------------------------------
def _thing(cur: _Cursor) -> Thing | None:
    at = cur.pos
    if (m := cur.take(_ITEM)) is not None:
        if m.group(1) not in ITEMS:
            raise cur.fail(m.group(0), "unknown item type (s b c x h t r f u _)", at)
        return Item(m.group(1))
    if (m := cur.take(_CARD)) is not None:
        return Card(m.group(1) or None, m.group(2))
    if (m := cur.take(_PIECE)) is not None:
        return _piece(cur, m, at)
    return None


def _piece(cur: _Cursor, m: re.Match[str], at: int) -> Piece:
    letter, kind, variant = m.group(1), m.group(2), m.group(3)[1:]
    owner = _faction(cur, letter, at) if letter else None
    if kind in ("f", "r"):
        if owner is not None or variant:
            raise cur.fail(m.group(0), "the Ferry (f, or r as Rootlog V2.7 wrote it) belongs to no faction and has no letter", at)
        return Piece(None, "f")  # V2.7's raft (r) is the Ferry too (the community parser reads only r)
    who = owner or cur.faction
    if who is not None:
        kinds = PIECES[who]
        if kind not in kinds:
            raise cur.fail(m.group(0), f"the {FACTIONS[who]} have no piece of type {kind!r}", at)
        if variant not in kinds[kind]:
            raise cur.fail(m.group(0), f"the {FACTIONS[who]} have no {kind}_{variant}", at)
    return Piece(owner, kind, variant)


# -- locations ----------------------------------------------------------------------------
def _numbers_location(cur: _Cursor, text: str, at: int) -> Location:
    nums = [int(x) for x in text.split("_")]
    if len(nums) == 1:
        return Clearing(_clearing(cur, text, at, burrow=True))
    for x in nums:
        _clearing(cur, str(x), at)
    if nums != sorted(set(nums)):
        raise cur.fail(text, "clearings of a path or forest go lowest first, each once", at)
    return PathLoc(nums[0], nums[1]) if len(nums) == 2 else Forest(tuple(nums))


def _location(cur: _Cursor, items: bool) -> Location | None:
    """A start or destination; ``items`` allows item states and Vagabond board areas."""
    at = cur.pos
    if (m := cur.take(_NUMBERS)) is not None:
        return _numbers_location(cur, m.group(0), at)
    if (m := cur.take(_BOARD)) is not None:
        owner = _faction(cur, m.group(1), at) if m.group(1) else None
        return Board(owner, m.group(2))
    ch = cur.peek()
    if ch == "*":
        cur.pos += 1
        return DiscardPile()
    if ch == "Q":
        cur.pos += 1
        return Quests()
    if ch.isupper() or cur.peek(2) == "h_":
        letter = cur.peek(2) if ch == "h" else ch
        cur.pos += len(letter)
        return Hand(_faction(cur, letter, at))
    if items and (m := cur.take(_ITEM_PLACE)) is not None:
        return ItemPlace(m.group(1) or None, m.group(2) or None)
    return None


# -- the two sides of a move --------------------------------------------------------------
def _counted(cur: _Cursor) -> Counted:
    at = cur.pos
    m = cur.take(_NUMBER)
    count = int(m.group(0)) if m else 1
    if count < 1:
        raise cur.fail(m.group(0) if m else "", "a count must be at least 1", at)
    thing = _thing(cur)
    if thing is None:
        raise cur.fail(cur.rest()[:8], "expected a piece, card (#) or item (%)")
    if isinstance(thing, Piece) and thing.kind in "pf" and count != 1:
        raise cur.fail(cur.text[at : cur.pos], "there is only one of this piece", at)
    return Counted(count, thing)


def _group(cur: _Cursor) -> tuple[Counted, ...]:
    """``(a+b+...)``; suits alone, ``(2F+M)#name``, share the ``#`` and name after the bracket."""
    at = cur.pos
    cur.pos += 1
    suits: list[tuple[int, str]] = []
    out: list[Counted] = []
    while True:
        m = _SUIT_ONLY.match(cur.text, cur.pos)
        if m is not None:
            suits.append((int(m.group(1) or 1), m.group(2)))
            cur.pos = m.end()
        else:
            out.append(_counted(cur))
        if cur.peek() == ")":
            cur.pos += 1
            break
        if cur.peek() != "+":
            raise cur.fail(cur.text[at : cur.pos + 1], "a group is (thing+thing+...)start: one start after the bracket, none inside", at)
        cur.pos += 1
    if suits:
        card = cur.take(_GROUP_CARD)
        if card is None or out:
            raise cur.fail(cur.text[at : cur.pos], "a group of suits is (2F+M)# and holds only suits", at)
        out = [Counted(n, Card(s, card.group(1))) for n, s in suits]
    return tuple(out)


def _part(cur: _Cursor) -> Part:
    """Things and their start, or a board or path alone (``$_h``, ``8_9``)."""
    at = cur.pos
    if cur.peek() == "(":
        things = _group(cur)
    elif _BOARD.match(cur.text, cur.pos) or _PATH_ALONE.match(cur.text, cur.pos):
        return Part((), _location(cur, items=False))
    else:
        things = (_counted(cur),)
    items = any(isinstance(c.thing, Item) for c in things)
    start = _location(cur, items)
    if isinstance(start, ItemPlace) and not items:
        raise cur.fail(cur.text[at : cur.pos], "item states and board areas are for items", at)
    for c in things:
        if isinstance(c.thing, Piece) and c.thing.kind == "p" and start is not None:
            raise cur.fail(cur.text[at : cur.pos], "a pawn's start is always left out (it is where the pawn is)", at)
    return Part(things, start)


def _board_group(cur: _Cursor) -> list[Part]:
    """``($_h+$_m)``: boards set together, the same as ``$_h+$_m``."""
    at = cur.pos
    cur.pos += 1
    parts = [_part(cur)]
    while cur.peek() == "+":
        cur.pos += 1
        parts.append(_part(cur))
    if cur.peek() != ")" or any(p.things or not isinstance(p.start, Board) for p in parts):
        raise cur.fail(cur.text[at : cur.pos + 1], "a group of boards is ($_a+$_b) and holds only boards", at)
    cur.pos += 1
    return parts


def _side_element(cur: _Cursor) -> list[Part]:
    if cur.peek() == "(" and _BOARD.match(cur.text, cur.pos + 1):
        return _board_group(cur)
    return [_part(cur)]


def _parts(cur: _Cursor, stop: str) -> tuple[Part, ...]:
    parts = _side_element(cur)
    while cur.peek() == "+":
        cur.pos += 1
        parts += _side_element(cur)
    if not cur.text.startswith(stop, cur.pos):
        raise cur.fail(cur.rest()[:8], f"unexpected here (expected {stop!r} or '+')")
    cur.pos += len(stop)
    return tuple(parts)


def _dests(cur: _Cursor, items: bool) -> tuple[Location, ...]:
    out: list[Location] = []
    if cur.at_end():
        return ()
    while True:
        at = cur.pos
        loc = _location(cur, items)
        if loc is None:
            raise cur.fail(cur.rest()[:8], "not a destination")
        if isinstance(loc, DiscardPile):
            raise cur.fail("*", "the discard pile (*) is only a start; leave the destination out to discard", at)
        out.append(loc)
        if cur.peek() != "+":
            break
        cur.pos += 1
    if not cur.at_end():
        raise cur.fail(cur.rest(), "unexpected after the destination")
    return tuple(out)


# -- actions ------------------------------------------------------------------------------
def _move(cur: _Cursor) -> Action:
    parts = _parts(cur, "->")
    bare = [p for p in parts if not p.things]
    if bare and len(bare) != len(parts):
        raise cur.fail(cur.text, "a board or path cannot be moved together with pieces, cards or items", 0)
    if bare:
        return _marker(cur, parts)
    items = any(isinstance(c.thing, Item) for p in parts for c in p.things)
    dests = _dests(cur, items)
    _check_move(cur, parts, dests)
    return Move(parts, dests)


def _marker(cur: _Cursor, parts: tuple[Part, ...]) -> Action:
    """Boards alone set a value (prices, funds, outcast, relationship); a path alone is a
    closed path removed."""
    if len(parts) == 1 and isinstance(parts[0].start, PathLoc):
        if not cur.at_end():
            raise cur.fail(cur.rest(), "a closed path can only be removed (nothing after '->')")
        return RemovePath(parts[0].start.a, parts[0].start.b)
    boards = tuple(p.start for p in parts)
    if not all(isinstance(b, Board) for b in boards):
        raise cur.fail(cur.text, "only boards can be set to a value; a lone clearing cannot move", 0)
    value = cur.take(_VALUE)
    if not cur.at_end():
        raise cur.fail(cur.rest(), "a board is set to a number, suit or relationship letter")
    return SetMarker(boards, value.group(0) if value else "")  # type: ignore[arg-type]


def _check_move(cur: _Cursor, parts: tuple[Part, ...], dests: tuple[Location, ...]) -> None:
    """What the grammar allows but no game can mean."""
    things = [c.thing for p in parts for c in p.things]
    places = [p.start for p in parts] + list(dests)
    if any(isinstance(t, Card) for t in things) and any(isinstance(d, (Clearing, Forest, PathLoc)) for d in dests):
        raise cur.fail(cur.text, "cards do not go to clearings", 0)
    if any(isinstance(t, Piece) for t in things) and any(isinstance(d, (Hand, ItemPlace, Quests)) for d in dests):
        raise cur.fail(cur.text, "pieces do not go to a hand, an item state or the quests", 0)
    if Clearing(0) in places:
        owners = {t.faction or cur.faction for t in things if isinstance(t, Piece)}
        if owners and owners != {"D"}:
            raise cur.fail("0", "clearing 0 is the Duchy's Burrow: only Duchy pieces go there", 0)


def _battle(cur: _Cursor) -> Battle:
    m = _BATTLE.fullmatch(cur.text)
    if m is None or not m.group(2) or not m.group(3):
        raise cur.fail(cur.text, "a battle is [A]X<D><clearing>[suit@][(a,d)]", 0)
    attacker = _faction(cur, m.group(1), 0) if m.group(1) else None
    defender = _faction(cur, m.group(2), m.start(2))
    clearing = _clearing(cur, m.group(3), m.start(3))
    ambushes = tuple(m.group(4)[i] for i in range(0, len(m.group(4)), 2))
    if len(ambushes) > 2:
        raise cur.fail(m.group(4), "at most two ambushes: the defender's, then the attacker's", m.start(4))
    if (attacker or cur.faction) == defender:
        raise cur.fail(cur.text, "a faction cannot battle itself", 0)
    rolls = None
    if m.group(5) is not None:
        rolls = (int(m.group(5)), int(m.group(6)))
        if max(rolls) > 3:
            raise cur.fail(m.group(0)[m.start(5) - 1 :], "a battle die shows 0 to 3", m.start(5) - 1)
    return Battle(attacker, defender, clearing, ambushes, rolls)


def _score(cur: _Cursor, m: re.Match[str]) -> Score:
    who = _faction(cur, m.group(1), 0) if m.group(1) else None
    points = int(m.group(3) or 1)
    if points < 1:
        raise cur.fail(cur.text, "points scored or lost are at least 1", 0)
    return Score(who, points, m.group(2) == "--")


def _dominance(cur: _Cursor) -> Dominance:
    cur.pos = 4
    board = _location(cur, items=False)
    if not isinstance(board, Board) or board.area is not None or not cur.at_end():
        raise cur.fail(cur.text[4:], "the VP marker goes to a faction board ([F]$)", 4)
    return Dominance(board)


def _reveal(cur: _Cursor) -> Action:
    left, _, right = cur.text.partition("^")
    if _PLOT_KIND.fullmatch(right):
        return _flip(cur, left, right)
    target = _faction(cur, right, len(left) + 1) if right else None
    if not left:
        return Reveal((), None, target)
    if len(left) == 1 and left.isupper():
        return Reveal((), _faction(cur, left, 0), target)
    parts = _parts(cur, "^")
    cards = tuple(c for p in parts for c in p.things)
    start = parts[-1].start  # M#+2R#C^: the hand written last is every card's
    if not all(isinstance(c.thing, Card) for c in cards) or any(p.start is not None for p in parts[:-1]):
        raise cur.fail(left, "a reveal shows cards from one hand: [cards][F]^[T]", 0)
    if start is not None and not isinstance(start, Hand):
        raise cur.fail(left, "cards are revealed from a hand", 0)
    return Reveal(cards, start.faction if start else None, target)


def _flip(cur: _Cursor, left: str, right: str) -> Flip:
    m = _PLOT_AT.fullmatch(left)
    kind = right[2]
    if m is None:
        raise cur.fail(left, "a flipped plot is [P]t<clearing>^t_<kind>", 0)
    if kind not in PIECES["P"]["t"] or not kind:
        raise cur.fail(right, "a plot is t_b, t_s, t_r or t_e", len(left) + 1)
    return Flip(m.group(1) or None, _clearing(cur, m.group(2), m.start(2)), kind)


def _exposure(cur: _Cursor) -> Exposure:
    text = cur.text
    m = re.fullmatch(r"\?Pt_([a-z])(\d+)", text) or re.fullmatch(r"\?Pt(\d+)\^t_([a-z])", text)
    if m is None:
        raise cur.fail(text, "an Exposure guess is ?Pt_<kind><clearing>", 0)
    kind, digits = (m.group(1), m.group(2)) if text[3] == "_" else (m.group(2), m.group(1))
    if kind not in ("b", "s", "r", "e"):
        raise cur.fail(f"t_{kind}", "a plot is t_b, t_s, t_r or t_e", 0)
    return Exposure(kind, _clearing(cur, digits, 0))


def _trick(cur: _Cursor) -> Trick:
    m = re.fullmatch(r"t(\d+)<->t(\d+)", cur.text)
    if m is None:
        raise cur.fail(cur.text, "a Trick is t<clearing><->t<clearing>", 0)
    a, b = _clearing(cur, m.group(1), 1), _clearing(cur, m.group(2), m.start(2))
    if a == b:
        raise cur.fail(cur.text, "a Trick swaps plots in two different clearings", 0)
    return Trick(a, b)


def _craft(cur: _Cursor) -> Craft:
    body = cur.text[1:]
    if re.fullmatch(r"%?[sbcxhtrfu]", body):
        return Craft(item=body[-1])
    if re.fullmatch(r"[a-z]+", body):
        return Craft(card=body)
    raise cur.fail(cur.text, "a craft is Z%<item> or Z<card name in lower case>", 0)


def _action(text: str, base: int, faction: str | None) -> Action:
    """One action (between ``/`` separators)."""
    cur = _Cursor(text, base, faction)
    if not text:
        raise cur.fail("/", "empty action between separators")
    if text.startswith("?"):
        return _exposure(cur)
    if "<->" in text:
        return _trick(cur)
    if text.startswith("Z"):
        return _craft(cur)
    if (m := _SCORE.fullmatch(text)) is not None:
        return _score(cur, m)
    if text.startswith("++->"):
        return _dominance(cur)
    if re.match(r"[A-Z]?X", text):
        return _battle(cur)
    if "->" in text:
        return _move(cur)
    if "^" in text:
        return _reveal(cur)
    raise cur.fail(text, "not an action: no '->', '^', X battle, ++/-- score, Z craft, ? guess or <-> trick")


# -- lines and files ----------------------------------------------------------------------
def _split_comment(text: str) -> tuple[str, str | None]:
    body, sep, comment = text.partition("//")
    return body, (comment.strip() or None) if sep else None


def _turn_prefix(text: str, faction: str | None) -> tuple[str | None, int]:
    """The ``F:`` that starts a turn line, if present: (faction, where the actions begin)."""
    m = re.match(r"\s*([A-Z]|h_[A-Z]d?):", text)
    if m is None:
        return faction, 0
    cur = _Cursor(text, 0, None)
    letter = _faction(cur, m.group(1), m.start(1))
    if faction is not None and faction != letter:
        raise cur.fail(m.group(0).strip(), f"this line is the {FACTIONS[letter]}'s turn, not the {FACTIONS[faction]}'s", m.start(1))
    return letter, m.end()


def parse_action(text: str, faction: str | None = None) -> list[Action]:
    """Parse one line of a turn (``/`` or ``;`` between actions, ``//`` comment at the end).

    ``faction`` is the current player's letter; a leading ``F:`` on the line gives it too."""
    if faction is not None and faction not in FACTIONS:
        raise RootlogError(faction, 1, "not a supported faction letter (C E A V G L O D P H K)")
    body, _ = _split_comment(text)
    faction, start = _turn_prefix(body, faction)
    if not body[start:].strip():
        raise RootlogError(body.strip() or text, 1, "no action on this line")
    actions: list[Action] = []
    pos = start
    for piece in re.split(r"[/;]", body[start:]):
        offset = pos + (len(piece) - len(piece.lstrip()))
        actions.append(_action(piece.strip(), offset, faction))
        pos += len(piece) + 1
    return actions


_HEADER = ("Map", "Deck", "Clearings", "Landmarks", "Hirelings", "Pool")


def _header_value(key: str, value: str, line: int) -> object:
    """The value of one header line, checked."""
    if key == "Map" and value not in MAPS:
        raise RootlogError(value, 6, f"unknown map (one of {', '.join(MAPS)})", line)
    if key == "Deck" and value not in DECKS:
        raise RootlogError(value, 7, "unknown deck (Standard or E&P)", line)
    if key == "Clearings":
        return _clearing_suits(value, line)
    if key == "Landmarks":
        marks = tuple(x.strip() for x in value.split("/"))
        for mark in marks:
            if not re.fullmatch(r"(ferry|f|tower)->\d+", mark):
                raise RootlogError(mark, 12, "only the Ferry and the Tower are supported as landmarks", line)
        return marks
    if key == "Hirelings":
        raise RootlogError(value, 12, "hirelings are not supported", line)
    if key == "Pool":
        for i, letter in enumerate(value):
            if letter not in FACTIONS:
                problem = f"{UNSUPPORTED[letter]} are not supported" if letter in UNSUPPORTED else "not a faction letter"
                raise RootlogError(letter, 7 + i, problem, line)
    return value


def _clearing_suits(value: str, line: int) -> tuple[str, ...]:
    entries = [x.strip() for x in value.split(",")]
    suits: list[str] = []
    for i, entry in enumerate(entries, 1):
        m = re.fullmatch(r"([FMR])(\d+)", entry)
        if m is None or int(m.group(2)) != i:
            raise RootlogError(entry, 12, f"expected clearing {i} as <F|M|R>{i}", line)
        suits.append(m.group(1))
    if len(suits) != 12 or any(suits.count(s) != 4 for s in "FMR"):
        raise RootlogError(value, 12, "twelve clearings, four of each suit", line)
    return tuple(suits)


def parse_file(text: str) -> Record:
    """A whole game: header, seats, turns (a faction's first is its setup), ``Winner:``."""
    header: dict[str, object] = {}
    seats: list[tuple[str, str]] = []
    turns: list[Turn] = []
    winner: tuple[str, ...] | None = None
    for number, raw in enumerate(text.splitlines(), 1):
        body, comment = _split_comment(raw)
        if not body.strip():
            continue
        try:
            winner = _file_line(body, comment, number, header, seats, turns, winner)
        except RootlogError as e:
            raise e if e.line is not None else e.at_line(number) from None
    if "Map" not in header or "Deck" not in header:
        raise RootlogError(text[:20], 1, "a game starts with Map: and Deck: lines", 1)
    clearings = header.get("Clearings")
    return Record(
        str(header["Map"]), str(header["Deck"]), clearings, header.get("Landmarks", ()),  # type: ignore[arg-type]
        header.get("Pool"), tuple(seats), tuple(turns), winner,  # type: ignore[arg-type]
    )


def read_leniently(text: str) -> tuple[Record, list[int], list[tuple[RootlogError, str]]]:
    """``parse_file`` going on past what it refuses (``rootlog import --lenient``): an action that
    does not parse is left out of its turn (a group with its start inside, ``(t+w0)->5``, is read
    as the spec writes it, ``t+w0->5``), a line that is no header, seat or turn line is left out.
    Returns the record, the line number of each turn, and each error (its line number set) with
    what was done. The header's ``Map:`` and ``Deck:`` are still needed."""
    header: dict[str, object] = {}
    seats: list[tuple[str, str]] = []
    turns: list[Turn] = []
    numbers: list[int] = []
    errors: list[tuple[RootlogError, str]] = []
    winner: tuple[str, ...] | None = None
    for number, raw in enumerate(text.splitlines(), 1):
        body, comment = _split_comment(raw)
        if not body.strip():
            continue
        read = len(turns)
        try:
            found = _file_line(body, comment, number, header, seats, turns, winner)
            winner = found if found is not None else winner
        except RootlogError as e:
            if "Map" not in header or "Deck" not in header:
                raise e if e.line is not None else e.at_line(number) from None
            if winner is not None:  # nothing follows the Winner: line
                errors.append((e if e.line is not None else e.at_line(number), LEFT_OUT))
                continue
            _lenient_turn(body, comment, number, seats, turns, errors, e)
        numbers += [number] * (len(turns) - read)
    if "Map" not in header or "Deck" not in header:
        raise RootlogError(text[:20], 1, "a game starts with Map: and Deck: lines", 1)
    record = Record(
        str(header["Map"]), str(header["Deck"]), header.get("Clearings"), header.get("Landmarks", ()),  # type: ignore[arg-type]
        header.get("Pool"), tuple(seats), tuple(turns), winner,  # type: ignore[arg-type]
    )
    return record, numbers, errors


LEFT_OUT = "left out (the line read without it)"


def _lenient_turn(body: str, comment: str | None, number: int, seats: list[tuple[str, str]], turns: list[Turn],
                  errors: list[tuple[RootlogError, str]], error: RootlogError) -> None:
    """A line ``_file_line`` refused: a turn line keeps the actions that parse; any other line
    is left out. Each refusal goes to ``errors`` with what was done."""
    m = re.match(r"\s*([A-Z]):", body)
    is_seat = m is not None and body[m.end() : m.end() + 1].isspace() and m.group(1) not in dict(seats)
    if m is None or is_seat or m.group(1) not in FACTIONS:
        errors.append((error if error.line is not None else error.at_line(number), LEFT_OUT))
        return
    actions: list[Action] = []
    pos = m.end()
    for piece in re.split(r"[/;]", body[m.end() :]):
        offset = pos + (len(piece) - len(piece.lstrip()))
        pos += len(piece) + 1
        if not piece.strip():
            continue
        try:
            actions.append(_action(piece.strip(), offset, m.group(1)))
        except RootlogError as e:
            ungrouped = re.fullmatch(r"\(([^()]*)\)(->.*)", piece.strip())
            try:
                if ungrouped is None:
                    raise e
                actions.append(_action(ungrouped.group(1) + ungrouped.group(2), offset, m.group(1)))
                errors.append((e.at_line(number), f"read as {ungrouped.group(1) + ungrouped.group(2)!r}"))
            except RootlogError:
                errors.append((e.at_line(number), LEFT_OUT))
    turns.append(Turn(m.group(1), tuple(actions), comment))


def _file_line(body: str, comment: str | None, number: int, header: dict[str, object],
               seats: list[tuple[str, str]], turns: list[Turn], winner: tuple[str, ...] | None) -> tuple[str, ...] | None:
    """Read one line into the header, seats or turns; returns the winner so far."""
    m = re.match(r"\s*(\w+):\s*(.*?)\s*$", body)
    key = m.group(1) if m else ""
    if winner is not None:
        raise RootlogError(body.strip(), 1, "nothing may follow the Winner: line", number)
    if key in _HEADER:
        _header_line(key, m.group(2), number, header, bool(seats or turns))  # type: ignore[union-attr]
        return None
    if key == "Winner":
        return _winner(m.group(2), number)  # type: ignore[union-attr]
    if "Map" not in header or "Deck" not in header:
        raise RootlogError(body.strip()[:20], 1, "a game starts with Map: and Deck: lines", number)
    if header["Map"] != "Fall" and "Clearings" not in header:
        raise RootlogError(body.strip()[:20], 1, f"the {header['Map']} map needs a Clearings: line before the seats", number)
    if m is not None and len(key) == 1 and body[m.end(1) + 1 : m.end(1) + 2].isspace() and key not in dict(seats):
        _faction(_Cursor(body, 0, None), key, m.start(1))
        seats.append((key, m.group(2)))
        return None
    letter, _ = _turn_prefix(body, None)
    if letter is None:
        raise RootlogError(body.strip()[:12], 1, "a turn line starts with its faction, as C:", number)
    turns.append(Turn(letter, tuple(parse_action(body)), comment))
    return None


def _header_line(key: str, value: str, number: int, header: dict[str, object], late: bool) -> None:
    order = [k for k in _HEADER if k in header]
    if late or key in header or (order and _HEADER.index(key) < _HEADER.index(order[-1])):
        raise RootlogError(f"{key}:", 1, "header lines come first, once each, in the order Map, Deck, Clearings, Landmarks, Hirelings, Pool", number)
    if key != "Map" and "Map" not in header:
        raise RootlogError(f"{key}:", 1, "the first line is Map:", number)
    header[key] = _header_value(key, value, number)


def _winner(value: str, number: int) -> tuple[str, ...]:
    letters = tuple(x for x in value if not x.isspace() and x != ",")
    if not letters:
        raise RootlogError("Winner:", 1, "name the winning faction(s)", number)
    for i, letter in enumerate(letters):
        if letter not in FACTIONS:
            raise RootlogError(letter, 9 + i, "not a faction letter", number)
    return letters
