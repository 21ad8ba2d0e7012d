"""Game state as plain data, with a cheap ``clone()`` (no deepcopy).

The JSON form is documented in ``docs/state-format.md``; ``serial.py`` reads and writes it.
Supplies are not stored there: they are what the box holds minus what is on the map and
what has left the game, so a saved position cannot contradict itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import BASE_DECK, Deck, load_deck
from .chance import Rng
from .faction import DIFFICULTIES, SHARED, Board, ensure_registered, piece_totals, rules_of  # noqa: F401 (DIFFICULTIES re-exported)
from .items import load_item_box
from .maps import CLEARINGS, Map, load_map
from .pieces import Buildings, Warriors

PHASES: tuple[str, ...] = ("setup", "birdsong", "daylight", "evening", "over")
DEFAULT_MAX_ROUNDS = 150  # a game still going after this many rounds has stalled (options.max_rounds)



# Steps of a turn that a later step of the same turn asks about: "public_pity" (6.4.4), after
# which a trait may forbid a later step that turn (ruling R-TRAIT-STEADFAST).
TURN_STEPS: tuple[str, ...] = ("public_pity", "no_order")

class Clearing:
    """What stands in one clearing."""

    __slots__ = ("warriors", "buildings", "tokens", "ruin", "pawn", "pawn2", "ruin_items", "slot_items")

    def __init__(self) -> None:
        self.warriors: dict[str, int] = Warriors()  # keeps who rules here until a count changes (core/pieces.py)
        self.buildings = Buildings()  # (faction, kind); its own type, so that mypyc's list fast paths (which skip its overrides) are not used
        self.tokens: list[tuple[str, str]] = []  # (faction, kind)
        self.ruin = False
        self.pawn: str | None = None  # a pawn (7.2.1), mirroring its faction's board
        self.pawn2: str | None = None  # a second pawn in the clearing (LoR: two pawns may stand together), only beside ``pawn``
        self.ruin_items: list[str] = []  # items under the ruin (7.3.4)
        self.slot_items: list[str] = []  # items covering building slots (Scoundrel, 7.7.5)

    def clone(self) -> Clearing:
        c = Clearing.__new__(Clearing)
        c.warriors = Warriors(self.warriors)
        c.buildings = Buildings(self.buildings)
        c.tokens = list(self.tokens)
        c.ruin = self.ruin
        c.pawn = self.pawn
        c.pawn2 = self.pawn2
        c.ruin_items = list(self.ruin_items)
        c.slot_items = list(self.slot_items)
        return c

    def pawns(self) -> tuple[str, ...]:
        """The pawns standing here (none, one or two)."""
        if self.pawn is None:
            return ()
        return (self.pawn,) if self.pawn2 is None else (self.pawn, self.pawn2)

    def add_pawn(self, faction: str) -> None:
        """A pawn arrives: the first fills ``pawn``, a second ``pawn2``."""
        if self.pawn is None:
            self.pawn = faction
        else:
            self.pawn2 = faction

    def remove_pawn(self, faction: str) -> None:
        """A pawn leaves; a second one left behind becomes ``pawn``."""
        if self.pawn2 == faction:
            self.pawn2 = None
        elif self.pawn == faction:
            self.pawn, self.pawn2 = self.pawn2, None

    def used_slots(self) -> int:
        return len(self.buildings) + (1 if self.ruin else 0) + len(self.slot_items)

    def buildings_of(self, faction: str) -> int:
        n = 0  # a plain loop: cheaper than sum() over a generator for the few pieces here
        for f, _ in self.buildings:
            if f == faction:
                n += 1
        return n

    def tokens_of(self, faction: str) -> int:
        n = 0
        for f, _ in self.tokens:
            if f == faction:
                n += 1
        return n

    def has(self, faction: str, kind: str) -> bool:
        return (faction, kind) in self.buildings or (faction, kind) in self.tokens

    def pieces_of(self, faction: str) -> int:
        """Warriors, buildings, tokens and pawn of one faction here (the pawn is a piece, 7.2.1)."""
        n = self.warriors.get(faction, 0) + self.buildings_of(faction) + self.tokens_of(faction)
        return n + 1 if self.pawn == faction or (self.pawn2 is not None and self.pawn2 == faction) else n

    def factions_present(self) -> set[str]:
        present = {f for f, n in self.warriors.items() if n > 0}
        present.update(f for f, _ in self.buildings)
        present.update(f for f, _ in self.tokens)
        if self.pawn is not None:
            present.add(self.pawn)
            if self.pawn2 is not None:
                present.add(self.pawn2)
        return present


@dataclass(slots=True)
class FactionState:
    """One seat: a bot or a human, its score, supply and cards."""

    faction: str
    seat: str  # "bot" | "human"
    vp: int = 0
    supply: dict[str, int] = field(default_factory=dict)
    removed: dict[str, int] = field(default_factory=dict)  # pieces out of the game
    items: list[str] = field(default_factory=list)  # Crafted Items box
    hand: list[int] = field(default_factory=list)  # humans only
    order: int | None = None  # the bot's current order card (2.7)
    difficulty: str = "default"
    traits: list[str] = field(default_factory=list)
    board: Board | None = None  # the faction's own board, a class of its faction (core/faction.py)
    rule_set: str = "law"  # a bot seat's rule set (core.faction.RULE_SETS); "law": the Law of Robotics
    play_area: list[int] = field(default_factory=list)  # a human's crafted persistent effects (LoR 2.1.4, 4.1.3)
    dominance: int | None = None  # a human's activated dominance card (LoR 3.3.1): it scores no more VP

    @property
    def is_bot(self) -> bool:
        return self.seat == "bot"

    def clone(self) -> FactionState:
        return FactionState(
            self.faction,
            self.seat,
            self.vp,
            dict(self.supply),
            dict(self.removed),
            list(self.items),
            list(self.hand),
            self.order,
            self.difficulty,
            list(self.traits),
            None if self.board is None else self.board.clone(),
            self.rule_set,
            list(self.play_area),
            self.dominance,
        )

    def off_map(self, kind: str) -> int:
        """Pieces in play but not in a clearing: warriors in a Burrow and crowns (10.2.2)."""
        return 0 if self.board is None else self.board.off_map(kind)

    def cards_held(self) -> list[int]:
        """Every deck card this seat holds: hand, order card, and the cards on its board."""
        held = list(self.hand)
        if self.order is not None:
            held.append(self.order)
        if self.play_area:
            held.extend(self.play_area)
        if self.dominance is not None:
            held.append(self.dominance)
        if self.board is not None:
            held.extend(self.board.cards())
        return held


class GameState:
    """The whole position. ``clearings[c]`` for c in 1..12 (index 0 unused)."""

    __slots__ = (
        "map",
        "deckdef",
        "suits",
        "clearings",
        "factions",
        "turn_order",
        "turn",
        "round",
        "phase",
        "deck",
        "discard",
        "removed_cards",
        "available_dominance",
        "item_supply",
        "item_box",
        "rng",
        "seed",
        "winner",
        "end_reason",
        "options",
        "start_corners",
        "ferry",
        "ferry_used",
        "opened_paths",
        "services",
        "turn_steps",
        "coffin",
    )

    def use_deck(self) -> None:
        """The shared deck named by ``options.deck`` (LoR 19.2; the base deck by default)."""
        self.deckdef = load_deck(str(self.options.get("deck", BASE_DECK)))

    def __init__(self, map_name: str = "fall", seed: int = 0) -> None:
        ensure_registered()  # the factions plug in before any seat is added
        self.map: Map = load_map(map_name)
        self.deckdef: Deck = load_deck()
        self.suits: list[str | None] = list(self.map.printed_suits)
        self.clearings: list[Clearing] = [Clearing() for _ in range(13)]
        for c in self.map.ruins:
            self.clearings[c].ruin = True
        self.factions: dict[str, FactionState] = {}
        self.turn_order: list[str] = []
        self.turn = 0  # index into turn_order of the player taking the current turn
        self.round = 1
        self.phase = "setup"
        self.deck: list[int] = []  # the top card is the last one
        self.discard: list[int] = []
        self.removed_cards: list[int] = []  # out of the game (dominance cards, 3.4)
        self.available_dominance: list[int] = []  # discarded dominance cards beside the map (LoR 3.3.3)
        self.item_supply: dict[str, int] = dict(self.deckdef.item_supply)
        self.item_box: dict[str, int] = load_item_box().outside_supply()  # item pieces not in play
        self.rng = Rng.from_seed(seed)
        self.seed = seed
        self.winner: list[str] | None = None
        self.end_reason: str | None = None
        self.options: dict[str, object] = {}
        self.start_corners: dict[str, int] = {}  # faction -> its starting corner clearing
        self.ferry: int | None = self.map.ferry_start  # Lake: the Ferry's clearing (LoR C.2.1)
        self.ferry_used = False  # Lake: the Ferry has sailed this turn (LoR C.2.5)
        self.opened_paths: set[tuple[int, int]] = set()  # Mountain: closed paths opened (LoR C.3.3)
        self.services: dict[str, list[str]] = {}  # services bought this turn, by buyer (9.2.3)
        self.turn_steps: list[str] = []  # steps the current player took this turn that a later step asks about (TURN_STEPS)
        self.coffin: dict[str, int] = {}  # warriors on Coffin Makers, by owner (the Exiles and Partisans deck)

    # -- seats -----------------------------------------------------------------
    def add_faction(self, faction: str, seat: str) -> FactionState:
        """Add a seat with its full box of pieces in supply (setup 3.2) and its fresh board."""
        rules = rules_of(faction)
        fs = FactionState(faction, seat, supply=dict(piece_totals(faction, seat)), board=rules.new_board(seat))
        for kind, n in rules.box_items.items():  # its own set of item pieces, not in play yet
            self.item_box[kind] += n
        self.factions[faction] = fs
        self.turn_order.append(faction)
        return fs

    @property
    def current(self) -> str:
        return self.turn_order[self.turn]

    # -- copies ----------------------------------------------------------------
    def clone(self) -> GameState:
        s = GameState.__new__(GameState)
        s.map = self.map
        s.deckdef = self.deckdef
        s.suits = list(self.suits)
        s.clearings = [c.clone() for c in self.clearings]
        s.factions = {k: v.clone() for k, v in self.factions.items()}
        s.turn_order = list(self.turn_order)
        s.turn = self.turn
        s.round = self.round
        s.phase = self.phase
        s.deck = list(self.deck)
        s.discard = list(self.discard)
        s.removed_cards = list(self.removed_cards)
        s.available_dominance = list(self.available_dominance)
        s.item_supply = dict(self.item_supply)
        s.item_box = dict(self.item_box)
        s.rng = self.rng.clone()
        s.seed = self.seed
        s.winner = None if self.winner is None else list(self.winner)
        s.end_reason = self.end_reason
        s.options = dict(self.options)
        s.start_corners = dict(self.start_corners)
        s.ferry = self.ferry
        s.ferry_used = self.ferry_used
        s.opened_paths = set(self.opened_paths)
        s.services = {k: list(v) for k, v in self.services.items()}
        s.turn_steps = list(self.turn_steps)
        s.coffin = dict(self.coffin)
        return s

    # -- counting --------------------------------------------------------------
    def suit(self, c: int) -> str:
        s = self.suits[c]
        assert s is not None
        return s

    def warriors(self, faction: str, c: int) -> int:
        return self.clearings[c].warriors.get(faction, 0)

    def cooperative(self) -> bool:
        """Fully Cooperative Play: the bots are a team against the humans."""
        return bool(self.options.get("cooperative"))

    def in_coalition(self, faction: str, other: str) -> bool:
        """``faction`` and ``other`` are in a coalition (LoR 9.2.8), one of them holding it."""
        for a, b in ((faction, other), (other, faction)):
            fs = self.factions.get(a)
            if fs is not None and fs.board is not None and fs.board.coalition_with() == b:
                return True
        return False

    def coalitions(self) -> bool:
        """Any seat is in a coalition (LoR 9.2.8)."""
        return any(fs.board is not None and fs.board.coalition_with() is not None for fs in self.factions.values())

    def is_enemy(self, faction: str, other: str) -> bool:
        """Whether ``other`` is an enemy of ``faction``: any other player but one it is in a
        coalition with (LoR 21.8, 9.2.8); in cooperative play bots are not each other's enemies
        when they target (Law of Robotics, Fully Cooperative Play)."""
        if other == faction or self.in_coalition(faction, other):
            return False
        if self.options.get("cooperative") and self.factions[faction].is_bot:
            return not self.factions[other].is_bot
        return True

    def enemy_pieces(self, faction: str, c: int) -> int:
        cl = self.clearings[c]
        if self.options.get("cooperative") or self.coalitions():
            return sum(cl.pieces_of(f) for f in cl.factions_present() if self.is_enemy(faction, f))
        warriors = cl.warriors
        n = sum(warriors.values()) - warriors.get(faction, 0)
        if cl.buildings:
            n += len(cl.buildings) - cl.buildings_of(faction)
        if cl.tokens:
            n += len(cl.tokens) - cl.tokens_of(faction)
        if cl.pawn is not None:
            n += sum(1 for p in cl.pawns() if p != faction)  # a pawn is a piece (7.2.1)
        return n

    def enemy_warriors(self, faction: str, c: int) -> int:
        warriors = self.clearings[c].warriors
        if not self.options.get("cooperative") and not self.coalitions():  # every other faction is an enemy
            return sum(warriors.values()) - warriors.get(faction, 0)
        return sum(v for f, v in warriors.items() if self.is_enemy(faction, f))

    def free_slots(self, c: int) -> int:
        return self.map.slots[c] - self.clearings[c].used_slots()

    def on_map(self, faction: str, kind: str) -> int:
        """How many pieces of one kind the faction has on the map."""
        clearings = self.clearings  # list comprehensions: cheaper than generators here
        if kind == "warrior":
            return sum([clearings[c].warriors.get(faction, 0) for c in CLEARINGS])
        piece = (faction, kind)
        if kind in SHARED.buildings:
            return sum([clearings[c].buildings.count(piece) for c in CLEARINGS])
        return sum([clearings[c].tokens.count(piece) for c in CLEARINGS])

    def held_on_boards(self, faction: str, kind: str) -> int:
        """Pieces of ``faction`` kept on a seat's board, its own or another's, neither in play nor
        in the supply (a Payments box, 9.2.3)."""
        n = 0
        for fs in self.factions.values():
            if fs.board is not None:
                n += fs.board.held(faction, kind)
        return n

    def has_service(self, faction: str, service: str) -> bool:
        """Whether ``faction`` bought this service (9.2.3) for the turn."""
        return bool(self.services) and service in self.services.get(faction, ())

    def all_cards_accounted(self) -> list[int]:
        """Every card id in every place a card can be; a complete game has each id once."""
        out = self.deck + self.discard + self.removed_cards + self.available_dominance
        for fs in self.factions.values():
            out.extend(fs.cards_held())
        return out
