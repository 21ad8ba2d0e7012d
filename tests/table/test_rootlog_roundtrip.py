"""Property: the canonical text of any action (and any game) parses back to the same tree."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rootbotics.table.rootlog import (
    FACTIONS, ITEMS, MAPS, PIECES, SUITS, Battle, Board, Card, Clearing, Counted, Craft,
    DiscardPile, Dominance, Exposure, Flip, Forest, Hand, Item, ItemPlace, Move, Part, PathLoc,
    Piece, Quests, Record, RemovePath, Reveal, Score, SetMarker, Trick, Turn, format_action,
    format_file, parse_action, parse_file,
)

LETTERS = sorted(FACTIONS)
CARD_NAMES = ["@", "dom", "sap", "favor", "brigadier", "despot", "tun"]
clearings = st.integers(1, 12)
forests = st.lists(clearings, min_size=3, max_size=5, unique=True).map(lambda xs: Forest(tuple(sorted(xs))))
paths = st.lists(clearings, min_size=2, max_size=2, unique=True).map(lambda xs: PathLoc(min(xs), max(xs)))
counts = st.integers(1, 12)
letters = st.sampled_from(LETTERS)
maybe_letter = st.none() | letters
boards = st.builds(Board, maybe_letter, st.none() | st.from_regex(r"[A-Za-z0-9]{0,2}", fullmatch=True))


@st.composite
def pieces(draw, current: str) -> Piece:
    owner = draw(maybe_letter)
    if set(PIECES[owner or current]) == {"p"}:  # a Vagabond has only his pawn
        owner = draw(st.sampled_from([f for f in LETTERS if f not in "VG"]))
    table = PIECES[owner or current]
    kind = draw(st.sampled_from(sorted(k for k in table if k != "p")))
    return Piece(owner, kind, draw(st.sampled_from(table[kind])))


def piece_moves(current: str):
    counted = st.builds(Counted, counts, pieces(current))
    part = st.builds(Part, st.lists(counted, min_size=1, max_size=3).map(tuple), st.none() | st.builds(Clearing, clearings) | forests)
    dest = st.builds(Clearing, clearings) | forests | paths | boards
    pawn = st.just(Part((Counted(1, Piece(None, "p")),))) if "p" in PIECES[current] else st.nothing()
    ferry = st.just(Part((Counted(1, Piece(None, "f")),), Clearing(3)))
    return st.builds(Move, st.lists(part | pawn | ferry, min_size=1, max_size=3).map(tuple), st.lists(dest, max_size=3).map(tuple))


cards = st.builds(Card, st.none() | st.sampled_from(sorted(SUITS)), st.none() | st.sampled_from(CARD_NAMES))
card_moves = st.builds(
    Move,
    st.lists(
        st.builds(Part, st.lists(st.builds(Counted, counts, cards), min_size=1, max_size=3).map(tuple),
                  st.none() | st.builds(Hand, letters) | boards | st.just(DiscardPile()) | st.just(Quests())),
        min_size=1, max_size=2,
    ).map(tuple),
    st.lists(st.builds(Hand, letters) | boards, max_size=2).map(tuple),
)
item_places = st.builds(ItemPlace, st.none() | st.sampled_from("sdt"), st.none() | st.sampled_from("re")).filter(lambda p: p.area or p.state)
item_moves = st.builds(
    Move,
    st.lists(
        st.builds(Part, st.lists(st.builds(Counted, counts, st.builds(Item, st.sampled_from(sorted(ITEMS)))), min_size=1, max_size=3).map(tuple),
                  st.none() | st.builds(Clearing, clearings) | boards | item_places),
        min_size=1, max_size=2,
    ).map(tuple),
    st.lists(item_places | boards, max_size=2).map(tuple),
)


@st.composite
def battles(draw, current: str) -> Battle:
    attacker, defender = draw(st.lists(letters, min_size=2, max_size=2, unique=True))
    rolls = draw(st.none() | st.tuples(st.integers(0, 3), st.integers(0, 3)))
    written = draw(st.sampled_from([None, attacker])) if defender != current else attacker
    return Battle(written, defender, draw(clearings), tuple(draw(st.lists(st.sampled_from("BFMR"), max_size=2))), rolls)


def actions(current: str):
    return st.one_of(
        piece_moves(current), card_moves, item_moves, battles(current),
        st.builds(SetMarker, st.lists(boards, min_size=1, max_size=3).map(tuple), st.from_regex(r"[A-Za-z0-9]{0,2}", fullmatch=True)),
        paths.map(lambda p: RemovePath(p.a, p.b)),
        st.builds(Score, maybe_letter, counts, st.booleans()),
        st.builds(Dominance, st.builds(Board, maybe_letter, st.none())),
        st.builds(Reveal, st.lists(st.builds(Counted, counts, cards), max_size=3).map(tuple), maybe_letter, maybe_letter),
        st.builds(Flip, st.sampled_from([None, "P"]), clearings, st.sampled_from("bsre")),
        st.lists(clearings, min_size=2, max_size=2, unique=True).map(lambda ab: Trick(*ab)),
        st.builds(Exposure, st.sampled_from("bsre"), clearings),
        st.builds(Craft, st.sampled_from("sbcxhtrfu")) | st.builds(lambda n: Craft(card=n), st.sampled_from(["cob", "sap", "tun"])),
    )


@given(st.data())
@settings(max_examples=400, deadline=None)
def test_parse_of_format_is_the_same_action(data) -> None:
    current = data.draw(letters)
    action = data.draw(actions(current))
    assert parse_action(format_action(action), current) == [action]


names = st.from_regex(r"[A-Za-z][A-Za-z0-9 _]{0,10}[A-Za-z0-9]", fullmatch=True)


@st.composite
def records(draw) -> Record:
    map_name = draw(st.sampled_from(MAPS))
    suits = None if map_name == "Fall" else tuple(draw(st.permutations("FFFFMMMMRRRR")))
    seated = draw(st.lists(letters, min_size=2, max_size=4, unique=True))
    turns = []
    for _ in range(draw(st.integers(0, 4))):
        f = draw(st.sampled_from(seated))
        turns.append(Turn(f, tuple(draw(st.lists(actions(f), min_size=1, max_size=3))), draw(st.none() | names)))
    return Record(
        map_name, draw(st.sampled_from(["Standard", "E&P"])), suits, (), "".join(seated),
        tuple((f, draw(names)) for f in seated), tuple(turns), draw(st.none() | st.just(tuple(seated[:1]))),
    )


@given(records())
@settings(max_examples=100, deadline=None)
def test_parse_of_format_is_the_same_game(record: Record) -> None:
    assert parse_file(format_file(record)) == record
