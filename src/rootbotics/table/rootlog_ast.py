"""Rootlog V2.8 notation: the typed syntax tree and the notation's alphabets.

Rootlog records a game of Root by the movement of pieces, cards and items (see
``docs/rootlog.md``). ``rootlog.py`` parses, ``rootlog_format.py`` writes, ``board.py`` puts
parsed actions on an engine position. Supported: the base game and the Riverfolk and Underworld
expansions (factions C E A V G L O D P) and the Marauders' Lord of the Hundreds (H: its pieces;
ruling R-HUNDREDS-ROOTLOG) and Keepers in Iron (K: waystations, relics face up and face down in
forests; R-KEEPERS-TABLE). Hirelings and landmarks other than the Ferry and Tower are refused
with a message saying so.
"""

from __future__ import annotations

from dataclasses import dataclass, field

FACTIONS: dict[str, str] = {
    "C": "Marquise de Cat", "E": "Eyrie Dynasties", "A": "Woodland Alliance", "V": "Vagabond",
    "G": "second Vagabond", "L": "Lizard Cult", "O": "Riverfolk Company", "D": "Underground Duchy",
    "P": "Corvid Conspiracy", "H": "Lord of the Hundreds", "K": "Keepers in Iron",
}
UNSUPPORTED: dict[str, str] = {}
SUITS: dict[str, str] = {"B": "bird", "F": "fox", "M": "mouse", "R": "rabbit"}
ITEMS: dict[str, str] = {
    "s": "sword", "b": "bag", "c": "coin", "x": "crossbow", "h": "hammer", "t": "tea",
    "r": "torch", "f": "boot", "u": "club", "_": "every item there",
}
MAPS: tuple[str, ...] = ("Fall", "Winter", "Lake", "Mountain")
DECKS: tuple[str, ...] = ("Standard", "E&P")
# Piece kinds and their specifying letters, by faction (Rootlog "Special Faction Syntax").
# "" is the piece without a letter (the Marquise's wood, the Eyrie's roost, a facedown plot...).
PIECES: dict[str, dict[str, tuple[str, ...]]] = {
    "C": {"w": ("",), "b": ("", "s", "w", "r"), "t": ("", "k")},
    "E": {"w": ("",), "b": ("",)},
    "A": {"w": ("",), "b": ("", "f", "r", "m"), "t": ("",)},
    "V": {"p": ("",)},
    "G": {"p": ("",)},
    "L": {"w": ("",), "b": ("", "f", "r", "m")},
    "O": {"w": ("",), "t": ("", "f", "r", "m")},
    "D": {"w": ("",), "b": ("", "c", "m"), "t": ("",)},
    "P": {"w": ("",), "t": ("", "b", "s", "r", "e")},
    "H": {"w": ("", "w"), "b": ("",), "t": ("",)},  # w_w the warlord; a stronghold, a mob (R-HUNDREDS-ROOTLOG)
    # a waystation by the side up, then the side down (b_f_t); a relic face up by value and type
    # (t_3_f), face down in a forest by its type only (t_f), Rootlog_V2 (R-KEEPERS-TABLE)
    "K": {
        "w": ("",),
        "b": ("", "f_t", "t_f", "t_j", "j_t", "j_f", "f_j"),
        "t": ("f", "t", "j", *(f"{v}_{x}" for v in (1, 2, 3) for x in "ftj")),
    },
}
FACTION_LETTERS = "".join(FACTIONS) + "".join(UNSUPPORTED)


class RootlogError(ValueError):
    """A line that is not Rootlog, or not Rootlog this parser supports. The message names the
    token, its column (1-based) and, in a file, its line."""

    def __init__(self, token: str, column: int, problem: str, line: int | None = None) -> None:
        self.token, self.column, self.problem, self.line = token, column, problem, line
        where = f"line {line}, column {column}" if line is not None else f"column {column}"
        super().__init__(f"{where}: {token!r}: {problem}")

    def at_line(self, line: int) -> RootlogError:
        return RootlogError(self.token, self.column, self.problem, line)


# -- the syntax tree: things ----------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Piece:
    """``[Faction]<w|p|b|t|f>[_letter]``; faction None means the current player's."""

    faction: str | None
    kind: str  # w warrior, p pawn, b building, t token, f the Ferry
    variant: str = ""


@dataclass(frozen=True, slots=True)
class Card:
    """``[Suit]#[name]``: a card of a suit (None: any or unknown), by name or abbreviation."""

    suit: str | None = None
    name: str | None = None


@dataclass(frozen=True, slots=True)
class Item:
    """``%<type>``; type ``_`` means every item in the place."""

    kind: str


Thing = Piece | Card | Item


@dataclass(frozen=True, slots=True)
class Counted:
    count: int
    thing: Thing


# -- the syntax tree: locations --------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Clearing:
    number: int  # 1-12; 0 is the Duchy's Burrow


@dataclass(frozen=True, slots=True)
class Forest:
    clearings: tuple[int, ...]  # the clearings around it, lowest first


@dataclass(frozen=True, slots=True)
class PathLoc:
    a: int  # lower clearing
    b: int  # higher clearing


@dataclass(frozen=True, slots=True)
class Hand:
    faction: str


@dataclass(frozen=True, slots=True)
class Board:
    """``[Faction]$[_area]``: a faction board; ``area`` None is the board itself, "" is ``$_``
    (the Eyrie's whole Decree, the Riverfolk's prices), else a named part (decree column,
    price, funds, outcast, retinue column, a Vagabond's relationship with a faction)."""

    faction: str | None = None
    area: str | None = None


@dataclass(frozen=True, slots=True)
class DiscardPile:
    """``*``: drawing from the discard pile (a start only)."""


@dataclass(frozen=True, slots=True)
class Quests:
    """``Q``: the available quests."""


@dataclass(frozen=True, slots=True)
class ItemPlace:
    """An item state (``r``/``e``) and/or a Vagabond board area (``s``/``d``/``t``)."""

    area: str | None = None
    state: str | None = None


Location = Clearing | Forest | PathLoc | Hand | Board | DiscardPile | Quests | ItemPlace


@dataclass(frozen=True, slots=True)
class Part:
    """One side of a move: things (several are written grouped) and where they start."""

    things: tuple[Counted, ...]
    start: Location | None = None


# -- the syntax tree: actions -----------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Move:
    """Parts ``+``-joined, ``->``, destinations ``+``-joined (none: the default place)."""

    parts: tuple[Part, ...]
    dests: tuple[Location, ...] = ()


@dataclass(frozen=True, slots=True)
class SetMarker:
    """Boards set to a value: prices, funds, outcast suits, relationships; ``$_->`` with no
    value discards the Eyrie's Decree."""

    boards: tuple[Board, ...]
    value: str = ""


@dataclass(frozen=True, slots=True)
class RemovePath:
    """``a_b->``: a closed path removed (the Mountain)."""

    a: int
    b: int


@dataclass(frozen=True, slots=True)
class Battle:
    """``[A]X<D><clearing>[<suit>@[<suit>@]][(a,d)]``: ambushes are the defender's then the
    attacker's; rolls are the attacker's and the defender's, without extra hits."""

    attacker: str | None
    defender: str
    clearing: int
    ambushes: tuple[str, ...] = ()
    rolls: tuple[int, int] | None = None


@dataclass(frozen=True, slots=True)
class Score:
    """``[F]++[n]`` or ``[F]--[n]``."""

    faction: str | None
    points: int
    lose: bool = False


@dataclass(frozen=True, slots=True)
class Dominance:
    """``++-><board>``: the VP marker goes to a faction board (dominance or coalition)."""

    board: Board


@dataclass(frozen=True, slots=True)
class Reveal:
    """``[cards][F]^[T]``: no cards is the whole hand; no target is the whole table."""

    cards: tuple[Counted, ...] = ()
    revealer: str | None = None
    target: str | None = None


@dataclass(frozen=True, slots=True)
class Flip:
    """``[P]t<clearing>^t_<kind>``: a plot flipped face up."""

    faction: str | None
    clearing: int
    plot: str


@dataclass(frozen=True, slots=True)
class Trick:
    """``t<a><->t<b>``: two plots swap clearings."""

    a: int
    b: int


@dataclass(frozen=True, slots=True)
class Exposure:
    """``?Pt_<kind><clearing>``: a guess at a Corvid plot."""

    plot: str
    clearing: int


@dataclass(frozen=True, slots=True)
class Craft:
    """``Z%<item>`` or ``Z<card name>``."""

    item: str | None = None
    card: str | None = None


Action = Move | SetMarker | RemovePath | Battle | Score | Dominance | Reveal | Flip | Trick | Exposure | Craft


@dataclass(frozen=True, slots=True)
class Turn:
    faction: str
    actions: tuple[Action, ...]
    comment: str | None = None


@dataclass(frozen=True, slots=True)
class Record:
    """A whole game: header, seats in draft order, turns (each faction's first is its setup)."""

    map: str
    deck: str
    clearings: tuple[str, ...] | None = None  # suit letter of clearings 1..12
    landmarks: tuple[str, ...] = ()
    pool: str | None = None
    seats: tuple[tuple[str, str], ...] = ()
    turns: tuple[Turn, ...] = field(default=())
    winner: tuple[str, ...] | None = None
