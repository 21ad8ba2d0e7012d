"""The 54-card shared decks (the base deck, the Exiles and Partisans deck) and the item supply,
as data loaded once.

Every physical card has a small integer id (0..53) used in game state; its name in saved
positions is the card's data id, with ``#2``, ``#3`` for further copies (``tax_collector#3``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

CARD_SUITS: tuple[str, ...] = ("bird", "fox", "rabbit", "mouse")
ITEMS: tuple[str, ...] = ("boots", "bag", "crossbow", "hammer", "sword", "tea", "coins")
DECK_SIZE = 54
QUEST_DECK_SIZE = 15


class CardDataError(ValueError):
    """The packaged card data is inconsistent."""


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card of the deck."""

    id: int
    name: str  # unique per physical card, e.g. "root_tea_fox", "ambush_bird#2"
    title: str  # printed title, e.g. "Root Tea"
    suit: str
    cost: tuple[str, ...]
    kind: str  # item | effect | ambush | dominance
    item: str | None
    vp: int
    persistent: bool

    @property
    def is_bird(self) -> bool:
        return self.suit == "bird"

    def label(self) -> str:
        """How a player names the card at the table: title and suit."""
        return f"{self.title} ({self.suit})"


@dataclass(frozen=True, slots=True)
class Quest:
    """One card of the quest deck (7.3.3)."""

    id: int
    name: str
    suit: str
    items: tuple[str, str]


# The shared decks a game may play with (LoR 19.2, ``options.deck``). The Exiles and Partisans file
# lists its cards so that the item, ambush and dominance cards both decks share keep their ids.
DECK_FILES: dict[str, str] = {"base": "deck.json", "exiles-partisans": "deck-exiles-partisans.json"}
BASE_DECK = "base"


@dataclass(frozen=True, slots=True)
class Deck:
    cards: tuple[Card, ...]
    by_name: dict[str, int]
    item_supply: dict[str, int]
    quests: tuple[Quest, ...]
    ruin_items: tuple[str, ...]
    name: str = BASE_DECK  # which shared deck (LoR 19.2): ``DECK_FILES``' keys
    # The Exiles and Partisans deck, whose cards act inside core's rules (rule, paths): a field,
    # not a property, as the hot paths read it on every call.
    exiles: bool = False

    def card(self, cid: int) -> Card:
        return self.cards[cid]


@cache
def load_deck(name: str = BASE_DECK) -> Deck:
    """Load, validate and cache a shared deck (the base deck, or another of ``DECK_FILES``,
    LoR 19.2) and the item supply."""
    data = resources.files("rootbotics.data")
    raw = json.loads(data.joinpath(DECK_FILES[name]).read_text())
    cards: list[Card] = []
    for entry in raw:
        craft = entry["craft"]
        for copy in range(1, entry["copies"] + 1):
            card_name = entry["id"] if copy == 1 else f"{entry['id']}#{copy}"
            cards.append(
                Card(
                    id=len(cards),
                    name=card_name,
                    title=entry["name"],
                    suit=entry["suit"],
                    cost=tuple(entry["cost"]),
                    kind=craft["kind"],
                    item=craft.get("item"),
                    vp=craft.get("vp", 0) or 0,
                    persistent=bool(craft.get("persistent", False)),
                )
            )
    if len(cards) != DECK_SIZE:
        raise CardDataError(f"deck has {len(cards)} cards, expected {DECK_SIZE}")
    for c in cards:
        if c.suit not in CARD_SUITS:
            raise CardDataError(f"card {c.name}: unknown suit {c.suit!r}")
        if c.kind == "item" and c.item not in ITEMS:
            raise CardDataError(f"card {c.name}: unknown item {c.item!r}")
    item_data = json.loads(data.joinpath("items.json").read_text())
    items = item_data["item_supply_base_game"]
    supply = {item: int(items[item]) for item in ITEMS}
    if sum(supply.values()) != int(items["total"]):
        raise CardDataError("item supply does not add up to its total")
    quests = tuple(
        Quest(i, q["name"], q["suit"], (q["items"][0], q["items"][1])) for i, q in enumerate(item_data["quests"])
    )
    if len(quests) != QUEST_DECK_SIZE:
        raise CardDataError(f"quest deck has {len(quests)} cards, expected {QUEST_DECK_SIZE}")
    for q in quests:
        if q.suit not in CARD_SUITS[1:] or any(it not in ITEMS + ("torch",) for it in q.items):
            raise CardDataError(f"quest {q.name!r} ({q.suit}): bad suit or items {q.items}")
    ruin_items = tuple(item_data["ruin_items"]["items"])
    if len(ruin_items) != 4:
        raise CardDataError("there must be four ruin items")
    return Deck(tuple(cards), {c.name: c.id for c in cards}, supply, quests, ruin_items, name, name == "exiles-partisans")


def deck_problem(deck: object) -> str | None:
    """``options.deck``: the shared deck the game plays with (LoR 19.2)."""
    if not isinstance(deck, str) or deck not in DECK_FILES:
        return f"options.deck: {deck!r} is not a shared deck (choose from {', '.join(DECK_FILES)})"
    return None



# -- cards by name (a human seat's play area, LoR 2.1.4) ----------------------------------------
_KEYS: dict[int, tuple[str, ...]] = {}


def card_keys(deck: Deck) -> tuple[str, ...]:
    """Each card's data id without its copy number (``"armorers"`` for ``armorers#2``); decks
    are loaded once, so this is worked out once per deck."""
    keys = _KEYS.get(id(deck))
    if keys is None:
        keys = _KEYS[id(deck)] = tuple(c.name.split("#")[0] for c in deck.cards)
    return keys


def in_play(state: Any, faction: str, name: str) -> int | None:
    """The card named ``name`` (its data id) in the seat's play area, or None (LoR 2.1.4)."""
    keys = card_keys(state.deckdef)
    for cid in state.factions[faction].play_area:
        if keys[cid] == name:
            return cid
    return None
