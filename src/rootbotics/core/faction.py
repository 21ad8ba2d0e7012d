"""How a faction plugs into the rules all factions share.

``core`` knows no faction by name. Each faction (``factions/<name>/``) describes itself with a
subclass of :class:`Faction`: its pieces, its board, its part of the saved-position format and of
the invariants, and the hooks through which the shared rules (rule of a clearing, placing, moving,
removing, battle, discarding) let its own rules act when *other* seats set them off. The hooks
here do nothing special: a faction overrides only the ones its rules need.

The registry (:data:`REGISTRY`) is filled by ``rootbotics.factions`` when it is imported. The
game and the command line import it; ``core`` itself asks for it by name (:func:`ensure_registered`,
called when a position is made) so that a position built from ``core`` alone plays the same.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

if TYPE_CHECKING:
    from collections.abc import Callable, Collection

    from .context import Game
    from .state import FactionState, GameState


DIFFICULTIES: tuple[str, ...] = ("easy", "default", "challenging", "nightmare")  # 3.3.1
LAW = "law"  # the official rule set: the Law of Robotics
# The rule sets a bot seat may play by (a seat names one; absent means the Law). A faction offers
# those of :attr:`Faction.rule_sets`; each rule set's bot is a module of its own in the faction's
# folder (``bot.py`` for the Law, ``bbp.py`` for the Better Bot Project), never mixed.
RULE_SETS: dict[str, str] = {
    LAW: "the Law of Robotics (the official Clockwork bots)",
    "bbp": "the Better Bot Project v5 (fan-made, docs/bbp-coverage.md)",
}


@dataclass(frozen=True)
class TableValue:
    """A value lost from a rule set's text that a table owning the bot's board can read off it
    and give as a game option (issue 29): its option ``key``, the command-line ``flag`` (also the
    table companion's; the web form's field is ``key``), the seat it is for (``faction`` played
    by ``rule_set``), and ``parse``, which turns the text typed into the options it sets (raising
    ``ValueError`` with one line). Without it, the seat plays the stand-in its ruling names, said
    in the log (:meth:`Faction.stand_ins`)."""

    key: str
    flag: str
    faction: str
    rule_set: str
    label: str  # the web form's words for it
    metavar: str
    help: str
    parse: Callable[[str], dict[str, object]]


class Board:
    """A faction's own board (a Decree, a Satchel, ...): plain data that
    the shared rules only count. A faction's board class subclasses this."""

    __slots__ = ()

    def clone(self) -> Board:
        raise NotImplementedError(f"{type(self).__name__} must say how it is copied")

    def cards(self) -> list[int]:
        """Deck cards lying on the board (they count among the 54)."""
        return []

    def public_cards(self) -> dict[str, list[int]]:
        """Cards on the board every seat may see, by the board's name for them (a pile of
        discards kept face up, cards revealed for actions: LoR 10.2.6, 10.5);
        ``programs.SeatView`` shows them."""
        return {}

    def public_counts(self) -> dict[str, dict[str, int]]:
        """Counts on the board every seat may see, by the board's name for them (a Company's
        funds by owner and its prices, LoR 11.2.4, 11.6.2); ``programs.SeatView`` shows them."""
        return {}

    def off_map(self, kind: str) -> int:
        """Pieces in play that stand on no clearing (a Burrow, crowns on ministers: 10.2.2)."""
        return 0

    def out_of_play(self, kind: str) -> int:
        """Pieces neither in the supply nor in play (an Acolytes box, 8.2.2)."""
        return 0

    def held(self, owner: str, kind: str) -> int:
        """Pieces of a seat (this one or another) kept on this board (a Payments box, 9.2.3)."""
        return 0

    def take_card(self, cid: int) -> bool:
        """Take a card lying on the board off it, as it is played (an ambush in front of a bot,
        9.7); False when it does not lie here."""
        return False

    def item_pieces(self) -> list[str]:
        """Item pieces lying on the board (a Satchel, 7.2.3)."""
        return []

    def has_pawn(self) -> bool:
        """The faction fights with a pawn on the map (7.2.1)."""
        return False

    def coalition_with(self) -> str | None:
        """The player this seat is in a coalition with (LoR 9.2.8), if any."""
        return None


@dataclass(frozen=True, slots=True)
class BoardTable:
    """Part of a board shown as a table (``rootbotics show`` draws it; plain output lists it)."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


class CardLedger(Protocol):
    """What a position loader hands a board reader to take cards by name, each once."""

    def take(self, value: Any, path: str) -> int: ...


class Faction:
    """One faction: what it is, and what its rules add to the shared ones."""

    name: ClassVar[str] = ""
    bot_name: ClassVar[str] = ""
    human_name: ClassVar[str] = ""
    pieces: ClassVar[dict[str, dict[str, int]]] = {}  # seat ("bot"/"human") -> kind -> count in the box
    buildings: ClassVar[frozenset[str]] = frozenset()
    tokens: ClassVar[frozenset[str]] = frozenset()
    difficulty_text: ClassVar[dict[str, str]] = {}
    trait_text: ClassVar[dict[str, str]] = {}
    refused_traits: ClassVar[dict[str, str]] = {}  # trait cards of the box it does not play: name -> the one line why
    human_seat: ClassVar[bool] = False  # a position may hold a human seat of this faction
    board_fields: ClassVar[tuple[str, ...]] = ()  # its keys in a seat of the saved position
    nimble: ClassVar[bool] = False  # moves without ruling either clearing (7.2.2, 11.2.1)
    swims: ClassVar[bool] = False  # a human seat of it treats rivers as paths, moving along one needing no rule (LoR 11.2.2)
    wins_ties: ClassVar[bool] = False  # rules tied clearings (Lords of the Forest, LoR 7.2.1)
    ruling_buildings: ClassVar[frozenset[str]] = frozenset()  # its owner rules where one stands
    crafting_pieces: ClassVar[frozenset[str]] = frozenset()  # building or token kinds that are its crafting pieces on the map (LoR 4.1.1; Tunnels)
    exclusive_tokens: ClassVar[frozenset[str]] = frozenset()  # no other seat places where one stands
    leaves_game: ClassVar[frozenset[str]] = frozenset()  # kinds that leave the game when removed
    suited_buildings: ClassVar[dict[str, str]] = {}  # building -> the only suit of clearing it stands in
    one_per_clearing: ClassVar[frozenset[str]] = frozenset()  # token or building kinds a clearing holds at most one of
    one_on_map: ClassVar[frozenset[str]] = frozenset()  # token kinds of which the map holds at most one
    sells_services: ClassVar[bool] = False  # answers the questions about hired warriors (9.2.3)
    service_names: ClassVar[tuple[str, ...]] = ()  # (a seller of services) what can be bought
    card_extras: ClassVar[dict[str, tuple[int, str]]] = {}  # card-like pieces by saved name: (id, where they may lie)
    board_items_path: ClassVar[str] = ""  # where its board's item pieces are in its saved seat
    sets_snares: ClassVar[bool] = False  # answers the snare question (11.7.2, 11.8.2)
    box_items: ClassVar[dict[str, int]] = {}  # item pieces its seat adds to the box (a second set)
    rule_sets: ClassVar[tuple[str, ...]] = (LAW,)  # the rule sets whose bot it has (RULE_SETS)
    rule_set_bot_names: ClassVar[dict[str, str]] = {}  # a rule set's own name for the bot, where it differs
    table_values: ClassVar[tuple[TableValue, ...]] = ()  # values lost from a rule set's text a table may give

    # -- the seat ------------------------------------------------------------------------------
    def bot(self, rule_set: str = LAW) -> Any:
        """Its bot by the named rule set (an object with setup/birdsong/daylight/evening), or
        None. Only rule sets in :attr:`rule_sets` are asked for; a faction with the Law's bot
        alone may leave out the argument."""
        return None

    def rule_set_difficulties(self, rule_set: str) -> tuple[str, ...]:
        """The difficulty levels a seat of this rule set may choose (the Law: all four, 3.3.1)."""
        return DIFFICULTIES if rule_set == LAW else ("default",)

    def rule_set_difficulty_text(self, rule_set: str) -> dict[str, str]:
        """What each difficulty level of ``rule_set``'s bot changes, where its text is known."""
        return dict(self.difficulty_text) if rule_set == LAW else {}

    def rule_set_traits(self, rule_set: str) -> dict[str, str]:
        """The trait cards a seat of this rule set may choose, name -> what it does (3.3.2)."""
        return self.trait_text if rule_set == LAW else {}

    def trait_refused(self, trait: str) -> str | None:
        """The one line why a trait card of the box is not offered, or None (3.3.2)."""
        return self.refused_traits.get(trait)

    def rule_set_problem(self, rule_set: str) -> str | None:
        """Why this faction's bot cannot play by ``rule_set`` (None: it can)."""
        if rule_set not in RULE_SETS:
            return f"{rule_set!r} is not a rule set (choose from {', '.join(RULE_SETS)})"
        if rule_set not in self.rule_sets:
            return f"the {self.bot_name} has no bot of rule set {rule_set!r} (its rule sets: {', '.join(self.rule_sets)})"
        return None

    def seating_problem(self, seated: Collection[str]) -> str | None:
        """Why this faction cannot sit at a table of the factions ``seated`` (None: it can): a
        faction that plays only beside another names it."""
        return None

    def seat_needs(self, rule_set: str, options: dict[str, object]) -> str | None:
        """Why a bot seat of ``rule_set`` cannot play with these game options: an option of
        values lost from its rule set's text that the table must give or choose a stand-in for
        (``options.<key>: ...``), or None."""
        return None

    def stand_ins(self, rule_set: str, options: dict[str, object]) -> list[tuple[str, str]]:
        """The labelled stand-ins a bot seat of ``rule_set`` plays with under these options
        (values lost from its text that the table did not give): (the text's paragraph, a short
        phrase naming its ruling) each; a game's log, record and reports name them."""
        return []

    def new_board(self, seat: str) -> Board | None:
        """The board a new seat of this faction starts with (None: no board of its own)."""
        return None

    def option_problem(self, options: dict[str, object]) -> str | None:
        """What is wrong with its options in a game's configuration ("options.x: ..."), or None."""
        return None

    def turn_starting(self, g: Game, faction: str) -> None:
        """``faction``'s turn begins (its Birdsong)."""

    def lor_birdsong_starting(self, g: Game, faction: str) -> None:
        """The Birdsong of ``faction``, another seat played by the Law of Root, starts (after its
        dominance check, LoR 3.3.1): e.g. a human seller's services offered to it
        (LoR 11.2.6). Asked of every other seated faction, in turn order."""

    def hand_is_public(self, state: GameState, faction: str) -> bool:
        """Whether every seat may see this seat's hand (a public hand, LoR 11.2.3)."""
        return False

    # -- saved positions -----------------------------------------------------------------------
    def write_board(self, state: GameState, fs: FactionState) -> dict[str, Any]:
        """Its board's keys in the seat's JSON object."""
        return {}

    def read_board(self, state: GameState, fs: FactionState, raw: dict[str, Any], path: str, cards: CardLedger) -> None:
        """Read its board's keys of a seat's JSON object into ``fs`` (raise ``StateError``)."""

    def held_path(self, state: GameState, owner: str, kind: str) -> str:
        """The saved field holding ``owner``'s pieces on its board ("" when it holds none)."""
        return ""

    def check_position(self, state: GameState, data: dict[str, Any]) -> None:
        """Checks of a loaded position that span the board and the map (raise ``StateError``)."""

    def makes_lose_vp(self, state: GameState, faction: str) -> bool:
        """Whether its rules (or, seated, its traits) can take ``faction`` below zero VP (R-VP)."""
        return False

    def violations(self, state: GameState, fs: FactionState) -> list[str]:
        """Broken bookkeeping of its own board, as sentences (empty: none)."""
        return []

    # -- how people see it (``rootbotics show``, the table companion) ----------------------------
    def describe_board(self, state: GameState, fs: FactionState) -> list[str | BoardTable]:
        """Its board for people: lines of text and tables (empty: nothing to show)."""
        return []

    def describe_cards(self, state: GameState, fs: FactionState) -> str | None:
        """What a bot seat's cards are, when more than its order card (a Market, 9.2.1)."""
        return None

    def describe_token(self, state: GameState, c: int, kind: str) -> str:
        """One of its tokens in ``c`` as people may see it (a plot's face, 11.7)."""
        return kind

    def describe_own_token(self, state: GameState, c: int, kind: str) -> str:
        """One of its tokens in ``c`` as its own seat sees it (a face-down plot's kind, LoR 13.2.2.1)."""
        return self.describe_token(state, c, kind)

    # -- removing (LoR 3.2.1) --------------------------------------------------------------------
    def warriors_removed(self, g: Game, c: int, n: int) -> None:
        """Some of its warriors in ``c`` were just removed."""

    def kept_warriors(self, state: GameState, c: int, rule: str) -> int:
        """Its warriors in ``c`` that a removal under ``rule`` cannot take (a warlord is removed
        only by a battle's hits, LoR 14.2.2)."""
        return 0

    def piece_removing(self, state: GameState, c: int, kind: str) -> object:
        """One of its pieces leaves ``c``; what is returned goes to :meth:`piece_removed`."""
        return None

    def piece_removed(self, g: Game, c: int, kind: str, by: str | None, memo: object) -> None:
        """One of its pieces was removed from ``c`` (before the remover scores)."""

    def remover_scores(self, g: Game, by: str, kind: str) -> bool:
        """Whether removing this piece of its scores (the faction may say why not)."""
        return True

    def removed_enemy_piece(self, g: Game, owner: str, kind: str) -> None:
        """It removed an enemy building or token (before scoring for it)."""

    def removal_scored(self, g: Game, c: int, kind: str, by: str | None) -> None:
        """One of its pieces was removed and the remover has scored."""

    def removal_effect_over(self, g: Game, lost: list[tuple[int, str | None]]) -> None:
        """One effect removing several pieces is over: ``lost`` are the (clearing, remover) that
        :meth:`removal_scored` put in ``g.removal_batch``."""

    def full_removal(self, g: Game, by: str, c: int) -> None:
        """An effect removes all enemy pieces from ``c``, where its pawn stands (7.2.1 I)."""

    # -- moving ----------------------------------------------------------------------------------
    def moved_into(self, g: Game, mover: str, c: int) -> None:
        """Another seat moved warriors into ``c``."""

    def warriors_moving(self, g: Game, faction: str, a: int, b: int, n: int) -> None:
        """A human seat played by legal moves is about to move ``n`` of its warriors from ``a``
        to ``b`` (``core/lor/moving.py``): its rules may ask which go (a warlord, LoR 14.2.2)."""

    # -- battle (LoR 4.3) --------------------------------------------------------------------------
    def max_rolled_hits(self, state: GameState, faction: str, c: int) -> int:
        return state.warriors(faction, c)

    def defenseless(self, state: GameState, faction: str, c: int) -> bool:
        return state.warriors(faction, c) == 0

    def max_hits_source(self, state: GameState, faction: str) -> str:
        """What sets its maximum rolled hits instead of its warriors, in words ("" for warriors)."""
        return ""

    def attack_extra_hits(self, state: GameState, faction: str) -> int:
        return 0

    def attack_extra_why(self, state: GameState, faction: str) -> tuple[str, str, str]:
        """The rule, the reason and the source of :meth:`attack_extra_hits`, for the log."""
        return "7.2.4", "the third space of its Battle Track is filled", "the Battle Track"

    def removed_in_battle(self, g: Game, faction: str, c: int, n: int) -> None:
        """It removed ``n`` (at least one) enemy buildings or tokens in one battle in ``c``, after
        both sides' hits were taken (a leader's extra VP for it, LoR 7.8.4)."""

    def adjust_maximum_hits(self, g: Game, attacker: str, defender: str, c: int, att_max: int, def_max: int) -> tuple[int, int]:
        """Its traits that change either side's maximum rolled hits."""
        return att_max, def_max

    def never_defenseless(self, g: Game, faction: str) -> bool:
        return False

    def defender_extra_hits(self, state: GameState, faction: str, c: int) -> tuple[int, str, str]:
        """Extra hits it deals defending, as (hits, rule, reason)."""
        return 0, "", ""

    def defends_with_higher_roll(self, g: Game, faction: str) -> str:
        """A note saying why it takes the higher roll defending, or "" (it takes the lower)."""
        return ""

    def takes_hits_itself(self, state: GameState, faction: str) -> bool:
        """Hits on it do not remove pieces (items take them, 7.2.5)."""
        return False

    def take_hits(self, g: Game, faction: str, c: int, hits: int, by: str) -> None:
        """Take hits its own way (asked only when :meth:`takes_hits_itself`)."""

    def hits_per_building(self, g: Game, faction: str) -> int:
        return 1

    def building_withstands(self, g: Game, faction: str, c: int) -> None:
        """Too few hits are left to remove one of its buildings (say why)."""

    def after_defending(self, g: Game, faction: str, warriors_lost: int) -> None:
        """A battle it defended is over."""

    def before_roll(self, g: Game, faction: str, other: str, c: int, attacking: bool) -> None:
        """A human side's own effect in a battle before the roll (LoR 4.3.2; the Bitter mood,
        LoR 14.7.1), asked after any ambush."""

    def ignores_first_hit(self, state: GameState, faction: str, c: int) -> tuple[str, str]:
        """The rule and the reason by which it ignores the first hit it takes in a battle in
        ``c`` (the Stubborn mood, LoR 14.7.7), or ("", "") when it does not."""
        return "", ""

    def closes_clearing(self, state: GameState, faction: str, c: int) -> bool:
        """An item of its lies in ``c`` that lets no piece be placed in or moved into it (the
        Scoundrel's torch, LoR 26.6.2); asked only when ``c`` holds items (``slot_items``)."""
        return False

    def after_roll_hits(self, g: Game, faction: str, other: str, c: int, attacking: bool) -> int:
        """A human side's own battle effect after the roll (LoR 4.3.4; the Ronin's Swift Strike,
        LoR 26.9.2): the extra hits it deals, asked before its play-area cards."""
        return 0

    def removed_defending(self, g: Game, faction: str, attacker: str, c: int, warriors: int) -> None:
        """A battle it defended is over, in which it removed ``warriors`` of the attacker's
        warriors (a relationship turned Hostile, LoR 9.2.9.3)."""

    def enlisted(self, g: Game, attacker: str, defender: str, c: int) -> int:
        """Its pawn stands in a battle it takes no side in: hits it adds to the defender's
        maximum (the Arbiter, 7.7.6)."""
        return 0

    # -- winning (LoR 3.1) ------------------------------------------------------------------------
    def wins_with(self, state: GameState, faction: str, winners: list[str]) -> bool:
        """``faction`` wins too when ``winners`` win (a coalition, LoR 9.2.8)."""
        return False

    # -- services and other seats' effects -------------------------------------------------------------
    def hired_warriors(self, state: GameState, faction: str, c: int, opponent: str | None = None) -> int:
        """(:attr:`sells_services`) its warriors in ``c`` counting as ``faction``'s in battle."""
        return 0

    def split_hits(self, state: GameState, faction: str, c: int, hits: int) -> tuple[int, int]:
        return hits, 0

    def ruling_helper(self, state: GameState, c: int) -> Any:
        """(:attr:`sells_services`) who counts its warriors for rule in ``c`` now, as a function
        faction -> warriors, or None."""
        return None

    def hired_now(self, state: GameState, faction: str) -> bool:
        return False

    def bot_crafting(self, g: Game, faction: str, card: int) -> int:
        """(:attr:`sells_services`) a bot is about to craft ``card``: the card it crafts, which a
        bought service may have replaced (9.7)."""
        return card

    def bot_battling(self, g: Game, attacker: str, c: int) -> None:
        """(:attr:`sells_services`) a bot starts a battle in ``c`` (it may buy a service, 9.7)."""

    def bot_cannot_build(self, g: Game, faction: str, able: Callable[[], bool], what: str) -> bool:
        """(:attr:`sells_services`) a bot can place ``what`` nowhere: True if it bought a service
        with which ``able()`` is true (9.7)."""
        return False

    def bot_rivers_as_paths(self, state: GameState, faction: str) -> bool:
        """(:attr:`sells_services`) whether the bot treats rivers as paths when it targets
        clearings now (it would buy Riverboats to move along one, 9.7)."""
        return False

    def bot_by_river(self, g: Game, faction: str, a: int, b: int) -> bool:
        """(:attr:`sells_services`) the bot moves from ``a`` to ``b`` along a river: it buys
        Riverboats if it has not; True if the move then costs it no item (9.7)."""
        return False

    def bot_ambush(self, g: Game, defender: str, attacker: str, c: int) -> int | None:
        """(:attr:`sells_services`) a card lying in front of the bot ``defender`` that it plays as
        an ambush against ``attacker`` in ``c`` (taken from where it lay), or None (9.7)."""
        return None

    def order_card_bought(self, state: GameState, faction: str) -> bool:
        """(:attr:`sells_services`) the bot's order card this turn was bought, not drawn."""
        return False

    def reveal_bought_order(self, g: Game, faction: str, rule: str) -> None:
        """Say that the bot reveals the card it bought as its order card (2.7 with 9.2.3 I)."""

    def catches_discards(self, state: GameState) -> bool:
        """Discarded cards go to it instead of the discard pile while it plays."""
        return False

    def catch_discard(self, g: Game, card: int) -> None:
        """Take a discarded card (asked only when :meth:`catches_discards`)."""

    def catches_dominance(self, state: GameState) -> bool:
        """(:meth:`catches_discards`) a spent or discarded dominance card goes to it too, not
        beside the map."""
        return False

    def snared(self, state: GameState, faction: str, c: int) -> bool:
        """(:attr:`sets_snares`) a snare of its stops ``faction`` in ``c``."""
        return False

    def spring_snare(self, g: Game, faction: str, c: int) -> None:
        """(:attr:`sets_snares`) a bot removes the snare instead of acting (11.8.2)."""

    # -- a human seat's Law of Root (DESIGN 7; core/lor/, factions/<name>/lor.py) ---------------
    def turn_offers(self, state: GameState, seat: str) -> list[Any]:
        """Moves its rules let another human seat, ``seat``, take on that seat's own turn (a
        face-down plot exposed with a matching card, LoR 13.2.4), each with a legal way to finish."""
        return []

    def take_turn_offer(self, g: Game, seat: str, move: Any) -> bool:
        """Carry out one of :meth:`turn_offers` chosen by ``seat``; False for any other move."""
        return False

    def lor(self) -> Any:
        """The module with this faction's Law of Root turn for a human seat played by legal
        moves (``setup(g)`` and ``turn(g)``), or None while its rules are not built."""
        return None

    def crafted_item_vp(self, state: GameState, faction: str, vp: int) -> int:
        """The VP a human seat scores for crafting an item listing ``vp`` (LoR 3.2.2; a faction
        may score otherwise, LoR 7.2.3)."""
        return vp

    def off_map_places(self, state: GameState, faction: str) -> dict[int, int]:
        """(a human seat played by legal moves) its places off the map that its warriors move into
        and out of like clearings, numbered outside 1-12, with its warriors in each (a Burrow,
        LoR 12.2.2). Empty for every seat without one."""
        return {}

    def off_map_links(self, state: GameState, faction: str, place: int) -> tuple[int, ...]:
        """The clearings adjacent to its place off the map ``place``."""
        return ()

    def move_off_map(self, g: Game, faction: str, a: int, b: int, n: int, rule: str) -> None:
        """Move ``n`` of its warriors from ``a`` to ``b``, one of them a place off the map (asked only
        of a seat with :meth:`off_map_places`)."""
        raise RuntimeError(f"the {faction} has no place off the map to move {n} warrior(s) from {a} to {b}")

    def keep_crafted_item(self, g: Game, faction: str, item: str) -> None:
        """Where a human seat's crafted item goes: its Crafted Items box (LoR 4.1.2), unless its
        faction keeps items elsewhere (LoR 9.2.1)."""
        g.state.factions[faction].items.append(item)


REGISTRY: dict[str, Faction] = {}
PLAIN = Faction()  # the hooks' defaults, for a seat whose faction plugs in nothing


class Shared:
    """What the shared rules look up on every call, kept ready as factions register."""

    tie_winner: str | None = None
    ruling_buildings: frozenset[str] = frozenset()
    nimble: frozenset[str] = frozenset()
    swimmers: frozenset[str] = frozenset()
    exclusive: frozenset[tuple[str, str]] = frozenset()
    leaves_game: frozenset[tuple[str, str]] = frozenset()
    suited: dict[tuple[str, str], str] = {}
    one_per_clearing: frozenset[tuple[str, str]] = frozenset()
    one_on_map: frozenset[tuple[str, str]] = frozenset()
    buildings: frozenset[str] = frozenset()
    tokens: frozenset[str] = frozenset()
    services: Faction = PLAIN
    snares: Faction = PLAIN
    snare_owner: str | None = None
    discard_catchers: tuple[Faction, ...] = ()


SHARED = Shared()


def register(faction: Faction) -> None:
    """Plug a faction in (``rootbotics.factions`` does this for every faction it holds)."""
    name = faction.name
    REGISTRY[name] = faction
    _OVERRIDES.clear()
    if faction.wins_ties:
        SHARED.tie_winner = name
    SHARED.ruling_buildings |= faction.ruling_buildings
    if faction.nimble:
        SHARED.nimble |= {name}
    if faction.swims:
        SHARED.swimmers |= {name}
    SHARED.exclusive |= {(name, k) for k in faction.exclusive_tokens}
    SHARED.leaves_game |= {(name, k) for k in faction.leaves_game}
    SHARED.suited = {**SHARED.suited, **{(name, k): s for k, s in faction.suited_buildings.items()}}
    SHARED.one_per_clearing |= {(name, k) for k in faction.one_per_clearing}
    SHARED.one_on_map |= {(name, k) for k in faction.one_on_map}
    SHARED.buildings |= faction.buildings
    SHARED.tokens |= faction.tokens
    if faction.sells_services:
        SHARED.services = faction
    if faction.sets_snares:
        SHARED.snares = faction
        SHARED.snare_owner = name
    if type(faction).catches_discards is not Faction.catches_discards:
        SHARED.discard_catchers += (faction,)


def piece_totals(faction: str, seat: str) -> dict[str, int]:
    """How many of each piece the faction has in the box for a seat of this kind."""
    ensure_registered()
    try:
        return REGISTRY[faction].pieces[seat]
    except KeyError:
        raise KeyError(f"{faction} cannot be a {seat} seat yet") from None


def faction_title(faction: str, seat: str, rule_set: str = LAW) -> str:
    """The faction's name on its board: the bot's (its rule set's, if that names it otherwise)
    or the human faction's."""
    ensure_registered()
    rules = REGISTRY[faction]
    if seat != "bot":
        return rules.human_name
    return rules.rule_set_bot_names.get(rule_set, rules.bot_name)


PLUGINS = "rootbotics.factions"  # the package that registers every faction when imported


def ensure_registered() -> None:
    """Import the factions' package once, if nobody has yet (it registers them all)."""
    if not REGISTRY:
        importlib.import_module(PLUGINS)


_OVERRIDES: dict[str, frozenset[str]] = {}  # hook name -> factions overriding it; cleared by register


def overrides(hook: str) -> frozenset[str]:
    """The registered factions whose rules override ``hook`` of :class:`Faction`. A hot path
    (once per turn, once per move) asks only these: the others' hook does nothing."""
    found = _OVERRIDES.get(hook)
    if found is None:
        base = getattr(Faction, hook)
        found = _OVERRIDES[hook] = frozenset(n for n, f in REGISTRY.items() if getattr(type(f), hook) is not base)
    return found


def rules_of(faction: str) -> Faction:
    """The registered faction (the plain defaults for a name nobody registered)."""
    return REGISTRY.get(faction, PLAIN)
