"""Rootlog as the community's tools read it: what the export writes where our canonical form
(Rootlog V2.8) and the community parser (``@seiyria/rootlog-parser`` 1.4.0, the reader of
RootViz and the other Vagabottos tools; ``make test`` runs it over our exports,
``tools/rootlog-parser``) part ways. Each choice is one the spec allows and our own import
reads back:

- **card names**: the parser knows a closed list of names. The Tax Collector is written by the
  spec's abbreviation ``tax`` (the parser reads ``tax`` and ``taxcollectors``, not the spec's
  ``taxcollector``); a card it knows under no name (A Visit to Friends) is written by its suit
  alone (``R#``, "it doesn't matter which", as the spec allows) and named in the line's comment
  (``// R# = A Visit to Friends``); a craft of it is the craft of its item (``Z%f``);
- **the Ferry**: ``r`` (Rootlog V2.7's raft, the letter the parser reads; V2.8 renamed it ``f``,
  which our parser reads too);
- **the Riverfolk's funds**: the spec notates no funds moving (the Company's faction board is
  its Funds and Payments): a warrior spent from the Funds (``Ew$_f->``) leaves the board
  (``Ew$->``), one moved between Payments and Funds is not written, and the Company's own line
  ends with the spec's ``$_f->N``, the funds left on its board.
"""

from __future__ import annotations

import re
from dataclasses import replace

from ..core.state import GameState
from .rootlog_ast import ITEMS, Action, Board, Card, Counted, Craft, Move, Part, Piece, Reveal, SetMarker

# The names the community parser knows of the Standard deck's cards (its RootCardName), and the
# spec's abbreviation to write where it does not know the spec's own name.
READ_NAMES: frozenset[str] = frozenset(
    "@ ambush dom dominance anvil armstrader bakesale birdybindle crossbow foxfolksteel gentlyusedknapsack "
    "investments mouseinasack protectionracket roottea smugglerstrail sword travelgear woodlandrunners "
    "armor armorers bank betterburrowbank brutal brutaltactics command commandwarren cob cobbler codeb "
    "codebreakers ffavor favorofthefoxes mfavor favorofthemice rfavor favoroftherabbits favor royal "
    "royalclaim sap sappers scout scoutingparty stand standanddeliver tax taxcollectors".split()
)
ABBREVIATIONS: dict[str, str] = {"taxcollector": "tax"}
ITEM_LETTERS: dict[str, str] = {name: letter for letter, name in ITEMS.items() if letter != "_"} | {"boots": "f", "coins": "c"}  # the engine's item names
FERRY = "r"  # Rootlog V2.7's raft


def card_titles(state: GameState) -> dict[str, tuple[str, str | None]]:
    """Each card of the deck by its Rootlog name (the title in lower case without spaces):
    its printed title and the item it crafts, if any."""
    out: dict[str, tuple[str, str | None]] = {}
    for c in state.deckdef.cards:
        name = re.sub(r"[^a-z]", "", c.title.lower())
        out.setdefault(name, (c.title, getattr(c, "item", None) or None))
    return out


def _known(state: GameState, name: str) -> str | None:
    """The deck's full name for a written name (the name itself or the one prefix of a title),
    or None when it names no card of the deck (a minister, a leader, a character)."""
    titles = card_titles(state)
    if name in titles:
        return name
    found = [t for t in titles if t.startswith(name)]
    return found[0] if len(found) == 1 else None


def _card(state: GameState, card: Card, notes: list[str]) -> Card:
    if card.name is None or card.name in READ_NAMES:
        return card
    full = _known(state, card.name)
    if full is None:
        return card
    if full in READ_NAMES or full in ABBREVIATIONS:
        return replace(card, name=ABBREVIATIONS.get(full, full))
    note = f"{card.suit or ''}# = {card_titles(state)[full][0]}"
    if note not in notes:
        notes.append(note)
    return replace(card, name=None)


def _thing(state: GameState, c: Counted, notes: list[str]) -> Counted:
    thing = c.thing
    if isinstance(thing, Card):
        return replace(c, thing=_card(state, thing, notes))
    if isinstance(thing, Piece) and thing.kind == "f":
        return replace(c, thing=replace(thing, kind=FERRY))
    return c


def _funds(board: object, own: bool) -> object:
    """``$_f`` (the Riverfolk's Funds) is the faction board itself (``$``); in another seat's line, ``O$``."""
    if isinstance(board, Board) and board.area == "f" and (board.faction == "O" or (board.faction is None and own)):
        return Board(board.faction, None)
    return board


def funds_as_board(letter: str, actions: list[Action]) -> list[Action]:
    """The Riverfolk's Funds written as the spec does: a move from or to them is one from or to
    the Company's board, and one between its Payments and Funds is not written."""
    own = letter == "O"
    out: list[Action] = []
    for a in actions:
        if isinstance(a, Move):
            parts = tuple(Part(p.things, _funds(p.start, own)) for p in a.parts)  # type: ignore[arg-type]
            dests = tuple(_funds(d, own) for d in a.dests)  # type: ignore[misc]
            if (parts, dests) != (a.parts, a.dests) and len(set(dests)) == 1 and all(p.start == dests[0] for p in parts):
                continue  # between Payments and Funds: the same board
            a = Move(parts, dests)
        out.append(a)
    return out


def for_readers(state: GameState, letter: str, actions: list[Action]) -> tuple[list[Action], list[str]]:
    """A line's actions as the community parser reads them (for the text only: the Ferry is
    then a piece of kind ``r``), and the notes for the line's comment."""
    notes: list[str] = []
    out: list[Action] = []
    for a in funds_as_board(letter, actions):
        if isinstance(a, Move):
            out.append(Move(tuple(Part(tuple(_thing(state, c, notes) for c in p.things), p.start) for p in a.parts), a.dests))
        elif isinstance(a, Reveal):
            out.append(replace(a, cards=tuple(_thing(state, c, notes) for c in a.cards)))
        elif isinstance(a, Craft) and a.card is not None:
            out.append(_craft(state, a, notes))
        else:
            out.append(a)
    return out, notes


def _craft(state: GameState, craft: Craft, notes: list[str]) -> Craft:
    full = _known(state, craft.card or "")
    if full is None or full in READ_NAMES or full in ABBREVIATIONS:
        return craft if full is None else Craft(card=ABBREVIATIONS.get(full, full))
    title, item = card_titles(state)[full]
    if item in ITEM_LETTERS:
        notes.append(f"Z%{ITEM_LETTERS[item]} = {title}")
        return Craft(item=ITEM_LETTERS[item])
    return craft


def funds_left(state: GameState) -> SetMarker | None:
    """``$_f->N`` at the end of a human Company's line: the warriors in its Funds."""
    board = state.factions["riverfolk"].board if "riverfolk" in state.factions else None
    funds = getattr(board, "funds", None)
    if funds is None:
        return None
    return SetMarker((Board(None, "f"),), str(sum(funds.values())))
