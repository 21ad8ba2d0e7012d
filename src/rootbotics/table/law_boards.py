"""What a law-mode seat keeps off the map, in Rootlog terms (issue 26 part 5): its cards by name
and pile, the Eyrie's Decree and leader, the Alliance's supporters, a Vagabond's items and
relationships, and every seat's crafted items.

``law_lines`` compares positions as counts (``features``); the map, the VP and the hands by suit
are counted there. This module adds the seats' own boards, so a chain of moves written as a
Rootlog line (``board_lines``) reads back (``line_changes``) to the same position, not only the
same map: which card went to which Decree column (LoR 7.4.2), which card was mobilized or spent
as a supporter (LoR 8.5.1, 8.4.1), which item was exhausted for which action (LoR 9.2.5) and
which item an Aid took (LoR 9.5.4). The notation is Rootlog V2.8's:

- a card as ``<suit>#<name>`` (the title in lower case without spaces; ``@`` an ambush, ``dom``
  a dominance card), in a hand ``E``, on the seat's board ``$`` (supporters), in a Decree column
  ``$_r $_m $_x $_b``; a new leader ``#despot->$``; a craft ``Z<name>``;
- an item ``%<letter>`` with its place on a Vagabond's board: ``s`` satchel, ``t`` track, ``d``
  damaged, and its face ``r`` (refreshed) or ``e`` (exhausted): ``%ssr->e`` exhausts a sword;
  ``%cC$->$`` an item taken from the Marquise's crafted items;
- a relationship ``$_C->h`` (``h 0 1 2 a``, LoR 9.2.9).

Loyal Viziers are no cards (LoR 7.3.4): they follow the leader, which the line names.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from ..core.state import GameState
from ..factions.eyrie.board import LEADERS, LOR_COLUMNS, VIZIER
from ..factions.riverfolk.company import SERVICES, CompanyBoard
from ..factions.vagabot.human import TRACKED, board_of
from .board import ENGINE_NAMES, LETTERS
from .cards import ITEM_NAMES, title
from .rootlog import (
    Action,
    Board,
    Card,
    Clearing,
    Counted,
    Craft,
    Hand,
    Item,
    ItemPlace,
    Move,
    Part,
    SetMarker,
)
from .rootlog_import import MINISTERS, PRICE_AREA, price_services

Key = tuple[Any, ...]
SUIT_LETTER = {"bird": "B", "fox": "F", "mouse": "M", "rabbit": "R"}
COLUMN_AREA = dict(zip(LOR_COLUMNS, ("r", "m", "x", "b"), strict=True))  # Rootlog's Decree columns
ITEM_LETTER = {v: k for k, v in ITEM_NAMES.items()}
RELATION_MARK = {-1: "h", 0: "0", 1: "1", 2: "2", 3: "a"}
MARK_RELATION = {v: k for k, v in RELATION_MARK.items()}
PLAYED = "Z"  # the pile of a seat's crafted persistent cards (LoR 4.1.3), written as a craft


def card_key(s: GameState, cid: int) -> str:
    """``B#sappers``: a card by suit and Rootlog name (two copies share it)."""
    return f"{SUIT_LETTER.get(s.deckdef.card(cid).suit, '')}#{title(s, cid)}"


def humans(s: GameState) -> list[str]:
    return [f for f, fs in s.factions.items() if not fs.is_bot]


# -- the boards as counts ---------------------------------------------------------------------------
def board_features(s: GameState) -> Counter[Key]:
    """The human seats' cards by pile and name, leaders, supporters, items and relationships;
    every seat's crafted items."""
    out: Counter[Key] = Counter()
    for f, fs in s.factions.items():
        for item in fs.items:
            out[("crafted", f, item)] += 1
        if fs.is_bot:
            continue
        piles: dict[str, Sequence[int]] = {"hand": fs.hand, PLAYED: fs.play_area}
        b = fs.board
        if getattr(b, "decree", None) is not None:
            piles.update({"$_" + COLUMN_AREA[col]: [c for c in cards if c != VIZIER] for col, cards in b.decree.items()})  # type: ignore[union-attr]
        if getattr(b, "leader", None):
            out[("leader", f, b.leader)] = 1  # type: ignore[union-attr]
        if hasattr(b, "supporters"):
            piles["$"] = b.supporters or []  # type: ignore[union-attr]
        if getattr(b, "retinue", None) is not None:  # the Keepers' Retinue, columns $_1 $_2 $_3 (Rootlog_V2; LoR 15.5.2)
            piles.update({f"$_{i}": [c for c in col if c >= 0] for i, col in enumerate(b.retinue, 1)})  # type: ignore[union-attr]
        for pile, cards in piles.items():
            for cid in cards:
                out[("card", f, pile, card_key(s, cid))] += 1
                if pile != "hand":
                    out[("cards", f, pile, s.deckdef.card(cid).suit)] += 1
        out.update(prices(s, f))
        vb = board_of(s, f)
        if vb is not None:
            for it in vb.items:
                out[("item", f, it.kind, _area(it.kind, it.damaged), "e" if it.exhausted else "r")] += 1
            for other, rel in vb.relations.items():
                out[("rel", f, other)] = rel + 10  # (never zero: a count of 0 is no key)
    return out


def prices(s: GameState, f: str) -> Counter[Key]:
    """A human Riverfolk Company's three service prices (LoR 11.3.5, 11.6.2), one key each."""
    b = s.factions[f].board
    if s.factions[f].is_bot or not isinstance(b, CompanyBoard):
        return Counter()
    return Counter({("price", f, service): b.price(service) for service in SERVICES})


def _area(kind: str, damaged: bool) -> str:
    return "d" if damaged else "t" if kind in TRACKED else "s"


def board_group(key: Key) -> Key | None:
    """The kind of thing a board key counts (one pile of one seat...), None for other keys."""
    if key[0] in ("card", "cards", "rel"):
        return key[:3]
    if key[0] in ("leader", "item", "crafted", "price"):
        return key[:2]
    return None


# -- a change of the boards as Rootlog actions ---------------------------------------------------------
def board_lines(before: GameState, after: GameState, faction: str) -> list[Action]:
    """The Rootlog actions of what changed on the seats' boards from ``before`` to ``after``, as
    ``faction`` writes them: cards (crafts included), leaders, items, relationships."""
    a, b = board_features(before), board_features(after)
    change = Counter({k: b[k] - a[k] for k in set(a) | set(b) if b[k] != a[k]})
    ruins = Counter(i for c in range(1, 13) for i in before.clearings[c].ruin_items)
    ruins.subtract(Counter(i for c in range(1, 13) for i in after.clearings[c].ruin_items))
    w = _BoardWriter(after, faction, change, ruins)
    return [*w.cards(), *w.leaders(), *w.items(), *w.relations(), *w.prices()]


class _BoardWriter:
    def __init__(self, s: GameState, faction: str, change: Counter[Key], ruins: Counter[str]) -> None:
        self.s, self.faction, self.change, self.ruins = s, faction, change, ruins
        self.used: Counter[Key] = Counter()  # item gains a craft or an aid explains

    def place(self, f: str, pile: str) -> Any:
        who = None if f == self.faction else LETTERS[f]
        if pile == "hand":
            return Hand(LETTERS[f])
        return Board(who, pile[2:] or None)

    def cards(self) -> list[Action]:
        gone: dict[str, list[tuple[str, str]]] = {}
        came: dict[str, list[tuple[str, str]]] = {}
        for k, n in sorted(self.change.items(), key=repr):
            if k[0] == "card":
                (came if n > 0 else gone).setdefault(k[3], []).extend([(k[1], k[2])] * abs(n))
        out: list[Action] = []
        for name, sources in gone.items():
            suit, _, word = name.partition("#")
            card = Card(suit or None, word)
            targets = came.get(name, [])
            for f, pile in sources:
                to = next((t for t in targets if t[1] == PLAYED), None) or (targets[0] if targets else None)
                if to is not None:
                    targets.remove(to)
                if to is not None and to[1] == PLAYED or to is None and pile == "hand" and self._crafted_item(f, name):
                    out += [Craft(card=word)] if not self._twin(f, name) else self._craft_with_suit(f, name)
                    continue
                dests = () if to is None else (self.place(*to),)
                out.append(Move((Part((Counted(1, card),), self.place(f, pile)),), dests))
        for name, targets in came.items():
            suit, _, word = name.partition("#")
            out += [Move((Part((Counted(1, Card(suit or None, word)),)),), (self.place(f, pile),)) for f, pile in targets]
        return out

    def _twin(self, f: str, name: str) -> bool:
        """Another card of this name but of another suit was in the hand (two crossbows): a
        craft token names no suit (Rootlog's ``Z<card name>``, ruling R-ROOTLOG-CRAFT-SUIT)."""
        word = name.partition("#")[2]
        hand = [card_key(self.s, c) for c in self.s.factions[f].hand] + [k[3] for k in self.change if k[0] == "card" and k[1:3] == (f, "hand")]
        return any(k != name and k.partition("#")[2] == word for k in hand)

    def _craft_with_suit(self, f: str, name: str) -> list[Action]:
        """The card to the discard pile by suit and name, and the item crafted: ``M#crossbowA->/Z%x``."""
        suit, _, word = name.partition("#")
        cid = self.s.deckdef.by_name[_engine_name(self.s, name)]
        item = self.s.deckdef.card(cid).item or ""
        return [Move((Part((Counted(1, Card(suit, word)),), Hand(LETTERS[f])),)), Craft(item=ITEM_LETTER.get(item, item))]

    def _crafted_item(self, f: str, name: str) -> bool:
        """The card was crafted for an item that ``f`` gained (LoR 4.1.2; a Vagabond's, LoR 9.2.1)."""
        cid = self.s.deckdef.by_name.get(_engine_name(self.s, name))
        item = None if cid is None else self.s.deckdef.card(cid).item
        if item is None:
            return False
        net = sum(n for k, n in self.change.items() if k[0] in ("crafted", "item") and k[1:3] == (f, item))
        if net - self.used[("net", f, item)] <= 0:
            return False
        self.used[("net", f, item)] += 1
        k = next(k for k, n in sorted(self.change.items(), key=repr) if k[0] in ("crafted", "item") and k[1:3] == (f, item) and n > self.used[k])
        self.used[k] += 1
        return True

    def leaders(self) -> list[Action]:
        return [Move((Part((Counted(1, Card(None, k[2])),)),), (Board(None if k[1] == self.faction else LETTERS[k[1]]),)) for k, n in self.change.items() if k[0] == "leader" and n > 0]

    def items(self) -> list[Action]:
        vb = board_of(self.s, self.faction)
        if vb is None:
            return []
        out: list[Action] = []
        kinds = sorted({k[2] for k in self.change if k[0] == "item" and k[1] == self.faction})
        for kind in kinds:
            gone = [(k[3], k[4]) for k, n in sorted(self.change.items(), key=repr) if k[:3] == ("item", self.faction, kind) and n < 0 for _ in range(-n)]
            came = [(k[3], k[4]) for k, n in sorted(self.change.items(), key=repr) if k[:3] == ("item", self.faction, kind) and n > 0 for _ in range(n - self.used[k])]
            letter = Item(ITEM_LETTER[kind])
            while gone and came:
                (area0, state0), (area1, state1) = gone.pop(0), came.pop(0)
                dests = ([ItemPlace(area1, None)] if area1 != area0 else []) + ([ItemPlace(None, state1)] if state1 != state0 else [])
                out.append(Move((Part((Counted(1, letter),), ItemPlace(area0, state0)),), tuple(dests)))
            for area, state in gone:
                out.append(Move((Part((Counted(1, letter),), ItemPlace(area, state)),), ()))
            for area, state in came:
                out += self._gained(kind, letter, area, state)
        return out

    def _gained(self, kind: str, letter: Item, area: str, state: str) -> list[Action]:
        """An item gained: from another seat's crafted items (an Aid, LoR 9.5.4), from a ruin
        (the map's difference writes it), or from the supply; then exhausted if it is."""
        flip = [Move((Part((Counted(1, letter),), ItemPlace(area, "r")),), (ItemPlace(None, "e"),))] if state == "e" else []
        for k, n in self.change.items():
            if k[0] == "crafted" and k[2] == kind and n < 0 and self.used[k] < -n:
                self.used[k] += 1
                return [Move((Part((Counted(1, letter),), Board(LETTERS[k[1]])),), (Board(None),)), *flip]
        if self.ruins[kind] > 0:
            self.ruins[kind] -= 1
            return flip
        return [Move((Part((Counted(1, letter),)),), (ItemPlace(area, None),)), *flip]

    def prices(self) -> list[Action]:
        """Prices set (``$_h->2``; all three alike ``$_->3``, Rootlog_V2's Set Prices)."""
        new = {k[2]: self.s.factions[k[1]].board.price(k[2]) for k in sorted(self.change) if k[0] == "price"}  # type: ignore[union-attr]
        if not new:
            return []
        whose = None if self.faction == "riverfolk" else "O"
        if len(new) == len(SERVICES) and len(set(new.values())) == 1:
            return [SetMarker((Board(whose, ""),), str(next(iter(new.values()))))]
        return [SetMarker((Board(whose, PRICE_AREA[service]),), str(n)) for service, n in new.items()]

    def relations(self) -> list[Action]:
        vb = board_of(self.s, self.faction)
        if vb is None:
            return []
        return [SetMarker((Board(None, LETTERS[k[2]]),), RELATION_MARK[vb.relations.get(k[2], 0)]) for k in sorted(self.change) if k[0] == "rel" and k[1] == self.faction]


def _engine_name(s: GameState, name: str) -> str:
    """The engine's name of a card written ``B#sappers``."""
    suit, _, word = name.partition("#")
    for cid in range(len(s.deckdef.cards)):
        c = s.deckdef.card(cid)
        if title(s, cid) == word and (not suit or SUIT_LETTER.get(c.suit) == suit):
            return c.name
    return ""


# -- what a line says of the boards --------------------------------------------------------------------
def line_changes(s: GameState, faction: str, actions: Sequence[Action]) -> Counter[Key]:
    """The change of ``board_features`` the line writes (a ValueError naming what it cannot
    follow). Cards from or to a hand change the hands' counts in ``law_lines`` as well."""
    r = _LineReader(s, faction)
    for act in actions:
        if isinstance(act, Move):
            r.move(act)
        elif isinstance(act, Craft):
            r.craft(act)
        elif isinstance(act, SetMarker):
            r.marker(act)
    return Counter({k: v for k, v in r.change.items() if v})


class _LineReader:
    def __init__(self, s: GameState, faction: str) -> None:
        self.s, self.faction, self.letter = s, faction, LETTERS[faction]
        self.now = board_features(s)
        self.change: Counter[Key] = Counter()

    def add(self, key: Key, n: int) -> None:
        self.now[key] += n
        self.change[key] += n

    def owner(self, letter: str | None) -> str:
        return ENGINE_NAMES.get(letter or self.letter, "")

    def pile(self, loc: object) -> tuple[str, str] | None:
        """(seat, pile) of a card's place; None: the deck or the discard pile."""
        if isinstance(loc, Hand):
            return self.owner(loc.faction), "hand"
        if isinstance(loc, Board):
            who = self.owner(loc.faction)
            if not loc.area and who in self.s.factions and not hasattr(self.s.factions[who].board, "supporters"):
                return who, PLAYED  # a crafted card of lasting effect spent from before its crafter (Armorers, LoR 4.1.3)
            return who, "$" + (f"_{loc.area}" if loc.area else "")
        return None

    def move(self, act: Move) -> None:
        for part in act.parts:
            for counted in part.things:
                if isinstance(counted.thing, Card):
                    self.cards(counted, part.start, act.dests)
                elif isinstance(counted.thing, Item):
                    self.items(counted, part.start, act.dests)

    def cards(self, counted: Counted, start: object, dests: tuple[object, ...]) -> None:
        card = counted.thing
        assert isinstance(card, Card)
        if card.name in MINISTERS:
            return  # a Duchy minister swayed or lost (``#brigadier->$``): a crown, counted on the map's side (``law_lines``)
        if card.name in LEADERS and len(dests) == 1 and isinstance(dests[0], Board):
            who = self.owner(dests[0].faction)
            for k in [k for k in self.now if k[:2] == ("leader", who) and self.now[k]]:
                self.add(k, -1)
            self.add(("leader", who, card.name), 1)
            return
        src = self.pile(start)
        if src is None and not dests and start is None:
            src = (self.faction, "hand")  # ``F#->`` at the table: one of one's own discarded
        for _ in range(counted.count):
            name = self.name_of(card, src)
            for place, sign in [(src, -1), *((self.pile(d), 1) for d in dests)]:
                if place is None or place[0] not in humans(self.s):
                    continue
                if name:
                    self.add(("card", *place, name), sign)
                if place[1] != "hand" and card.suit:
                    self.add(("cards", *place, {v: k for k, v in SUIT_LETTER.items()}[card.suit]), sign)

    def name_of(self, card: Card, src: tuple[str, str] | None) -> str:
        """The card's key (``B#sappers``) where the line names it: the first such in its pile,
        or in the deck's list of cards."""
        if not card.name:
            return ""
        want = (card.suit or "") + "#"
        if src is not None:
            for k, n in self.now.items():
                if k[0] == "card" and k[1:3] == src and n > 0 and k[3].partition("#")[2].startswith(card.name) and k[3].startswith(want if card.suit else ""):
                    return k[3]
        for cid in range(len(self.s.deckdef.cards)):
            key = card_key(self.s, cid)
            if key.partition("#")[2].startswith(card.name) and (not card.suit or key.startswith(want)):
                return key
        raise ValueError(f"no card named {card.name!r}")

    def craft(self, act: Craft) -> None:
        if act.card is None:
            if act.item is not None:
                self.gain(ITEM_NAMES.get(act.item, act.item), "r")
            return
        name = self.name_of(Card(None, act.card), (self.faction, "hand"))
        suit = {v: k for k, v in SUIT_LETTER.items()}.get(name.partition("#")[0], "")
        self.add(("card", self.faction, "hand", name), -1)
        self.add(("hand", self.faction), -1)
        if suit:
            self.add(("hand", self.faction, suit), -1)
        cid = self.s.deckdef.by_name.get(_engine_name(self.s, name))
        item = None if cid is None else self.s.deckdef.card(cid).item
        if item is not None:
            self.gain(item, "r")
        else:  # a card of lasting effect stays before him (LoR 4.1.3)
            self.add(("card", self.faction, PLAYED, name), 1)
            if suit:
                self.add(("cards", self.faction, PLAYED, suit), 1)

    def gain(self, item: str, state: str, area: str | None = None) -> None:
        if board_of(self.s, self.faction) is None:
            self.add(("crafted", self.faction, item), 1)
        else:
            self.add(("item", self.faction, item, area or _area(item, False), state), 1)

    def items(self, counted: Counted, start: object, dests: tuple[object, ...]) -> None:
        item = counted.thing
        assert isinstance(item, Item)
        kind = ITEM_NAMES.get(item.kind, item.kind)
        for _ in range(counted.count):
            if isinstance(start, Board) and start.faction not in (None, self.letter):
                self.add(("crafted", self.owner(start.faction), kind), -1)  # an Aid's item (LoR 9.5.4)
                self.gain(kind, "r")
            elif isinstance(start, Clearing):
                self.gain(kind, "r")  # explored from a ruin (LoR 9.5.3): the map counts the ruin
            elif start is None and dests and all(isinstance(d, ItemPlace) and d.state is None for d in dests) and dests[0].area:  # type: ignore[union-attr]
                self.gain(kind, "r", dests[0].area)  # type: ignore[union-attr]
            elif board_of(self.s, self.faction) is not None and not any(isinstance(d, (Clearing, Board)) for d in dests):
                self.flip(kind, start, dests)

    def flip(self, kind: str, start: object, dests: tuple[object, ...]) -> None:
        """An item of his board changes place or face, or leaves the game (no destination)."""
        area = start.area if isinstance(start, ItemPlace) else None
        state = start.state if isinstance(start, ItemPlace) else None
        to_area = next((d.area for d in dests if isinstance(d, ItemPlace) and d.area), None)
        to_state = next((d.state for d in dests if isinstance(d, ItemPlace) and d.state), None)
        pool = [k for k, n in sorted(self.now.items(), key=repr) if k[:3] == ("item", self.faction, kind) and n > 0
                and (area is None or k[3] == area) and (state is None or k[4] == state)]
        want = [k for k in pool if (to_state is None or k[4] != to_state) and (to_area is None or (k[3] == "d") != (to_area == "d"))]
        if not (want or pool):
            raise ValueError(f"no {kind} on the board to change")
        k = (want or pool)[0]
        self.add(k, -1)
        if dests:
            self.add(("item", self.faction, kind, _area(kind, to_area == "d") if to_area else k[3], to_state or k[4]), 1)

    def marker(self, act: SetMarker) -> None:
        if self.price(act):
            return
        if act.value not in MARK_RELATION:
            return
        for b in act.boards:
            who = self.owner(b.faction)
            other = self.owner(b.area)
            key = ("rel", who, other)
            if board_of(self.s, who) is not None and other:
                self.add(key, MARK_RELATION[act.value] + 10 - self.now[key])

    def price(self, act: SetMarker) -> bool:
        """``$_h->2`` (``$_->3``: every service) on a human Riverfolk Company's board."""
        done = False
        for b in act.boards:
            who = self.owner(b.faction)
            services = price_services(b.area)
            if who != "riverfolk" or services is None or not act.value.isdigit():
                continue
            done = True
            for service in services:
                self.add(("price", who, service), int(act.value) - self.now[("price", who, service)])
        return done

