"""Electric Eyrie of the Better Bot Project v5 (fan-made, ``eyrie@bbp``).

A second rule set beside the Law's bot (``bot.py``); nothing here is shared with it. Rule numbers
are the paragraphs of the text as docs/bbp-coverage.md numbers them ("BBP EE.4" is the Eyrie's
Move); rulings ``R-BBP-...`` are in docs/rulings.md. A Decree sorted by suit grows by one card a
turn and is resolved column by column (BBP EE.1); every step but Build breaks ties to the lowest
priority (BBP EE.8); a turn that builds no roost ends in Turmoil (BBP EE.7).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ...core import rules as R
from ...core.battle import battle, can_battle
from ...core.bot import enemies_in, pieces_there, victory_points
from ...core.context import Game
from ...core.maps import CLEARINGS
from ...core.state import GameState
from ...core.targeting import HIGHEST, LOWEST, Choice, Criterion, choose_clearing, choose_player_bbp, fewest, most
from .board import DECREE_COLUMNS, VIZIER, EyrieBoard

# Ruling R-BBP-EE-COLUMNS: the text resolves "left to right" and puts the fox column before the
# bird column; mouse and rabbit between them as on the Law's board, which has the same columns.
BBP_DECREE_COLUMNS: tuple[str, ...] = DECREE_COLUMNS

FACTION = "eyrie"
START_WARRIORS = 6  # the standard game's Eyrie setup (ruling R-BBP-EE-SETUP)
NEW_ROOST_WARRIORS = 4  # BBP EE.2


class BbpDecree(EyrieBoard):
    """The Decree of the BBP Eyrie, and whether it placed a roost this turn (BBP EE.7). The
    flag lives only within one turn (bot turns are whole, so a saved position never holds one
    half done); it is set False at each Birdsong."""

    __slots__ = ("roost_placed",)

    def __init__(self, decree: dict[str, list[int]] | None = None, roost_placed: bool = False) -> None:
        super().__init__(decree)
        self.roost_placed = roost_placed

    def clone(self) -> BbpDecree:
        return BbpDecree(None if self.decree is None else {k: list(v) for k, v in self.decree.items()}, self.roost_placed)


class BetterEyrie:
    """The Better Bot Project's Electric Eyrie: setup, Birdsong, Daylight, Evening."""

    faction = FACTION

    def setup(self, g: Game) -> None:
        """Ruling R-BBP-EE-SETUP: the standard game's Eyrie setup; the Viziers in the bird column.
        Said first, so a record of the game (a Rootlog line) starts the bot's setup before its roost."""
        g.emit(FACTION, "BBP 2.1", "setup", "sets up as the standard game's Eyrie does (ruling R-BBP-EE-SETUP)")
        place_start_roost(g)
        tuck_viziers(g)

    def birdsong(self, g: Game) -> None:
        """BBP EE.2: reveal the order, craft its item for 1 VP, add it to its Decree column;
        with no roost on the map, a roost and four warriors in a matching clearing."""
        board = decree_board(g.state)
        board.roost_placed = False
        R.reveal_order(g, FACTION, "BBP EE.2")
        craft_shown_item(g)
        suit = add_to_decree(g)
        new_roost(g, suit)

    def daylight(self, g: Game) -> None:
        """BBP EE.3-6: the Decree left to right for each action (ruling R-BBP-EE-COLUMNS), then Build."""
        cols = [col for col in BBP_DECREE_COLUMNS if column_size(g.state, col)]
        for col in cols:
            decree_recruit(g, col)
        for col in cols:
            decree_move(g, col)
        for col in cols:
            decree_battle(g, col)
        build(g)

    def evening(self, g: Game) -> None:
        """BBP EE.7: Turmoil if no roost was placed this turn, then 1 VP per roost."""
        if not decree_board(g.state).roost_placed and not R.has_no_order(g, FACTION, "BBP EE.7", "falls into no Turmoil (no Decree was resolved)"):
            turmoil(g)
        score_roosts(g)


# -- shared steps ---------------------------------------------------------------------------------
def decree_board(s: GameState) -> BbpDecree:
    """The seat's Decree as a BbpDecree (a loaded position gives a plain EyrieBoard)."""
    fs = s.factions[FACTION]
    board = fs.board
    if not isinstance(board, BbpDecree):
        assert isinstance(board, EyrieBoard)
        board = BbpDecree(board.decree)
        fs.board = board
    return board


def column_size(s: GameState, col: str) -> int:
    decree = decree_board(s).decree
    return len(decree[col]) if decree is not None else 0


def bbp_clearing(s: GameState, what: str, candidates: Iterable[int], criteria: list[Criterion], priority: str = LOWEST, legal: Callable[[int], str | None] | None = None) -> Choice:
    """A clearing by the criteria, ties to the lowest priority (BBP EE.8) or, for Build, the highest (BBP 4.1)."""
    choice = choose_clearing(s, what, candidates, criteria, priority, legal)
    choice.tiebreak = choice.tiebreak.replace("(2.1)", "(BBP EE.8)" if priority == LOWEST else "(BBP 4.1)")
    return choice


def column_clearings(s: GameState, col: str) -> list[int]:
    """The clearings a column orders: its suit's; the bird column, every clearing."""
    return [c for c in CLEARINGS if col == "bird" or s.suit(c) == col]


def has_roost(s: GameState, c: int) -> bool:
    return (FACTION, "roost") in s.clearings[c].buildings


def roost_blocked(s: GameState, c: int) -> str | None:
    """Why a roost cannot go in ``c``: none left, the keep, no free slot, a roost there."""
    if s.factions[FACTION].supply.get("roost", 0) <= 0:
        return "no roost left in its supply"
    if has_roost(s, c):
        return "a roost is there already"
    if s.free_slots(c) <= 0:
        return "no free building slot"
    return None if R.can_place_building(s, FACTION, c, "roost") else "it may not place there"


def place_roost(g: Game, c: int, rule: str, why: Callable[[], str]) -> bool:
    placed = R.place_building(g, FACTION, c, "roost", rule, why=why)
    if placed:
        decree_board(g.state).roost_placed = True
    return placed


# -- setup (ruling R-BBP-EE-SETUP) ----------------------------------------------------------------
def place_start_roost(g: Game) -> None:
    """A roost and six warriors in the corner diagonally opposite the keep; with no keep, a corner
    picked at random among those no other seat started in."""
    s = g.state
    keep = next((c for c in CLEARINGS for f, k in s.clearings[c].tokens if k == "keep"), None)
    taken = set(s.start_corners.values())
    if keep is not None and not roost_blocked(s, s.map.opposite_corner[keep]):
        corner, why = s.map.opposite_corner[keep], "the corner diagonally opposite the keep (ruling R-BBP-EE-SETUP)"
    else:
        pool = [c for c in s.map.corners if c not in taken and not roost_blocked(s, c)]
        if not pool:
            g.emit(FACTION, "BBP 2.1", "setup", "finds no corner where its roost can be placed")
            return
        corner, why = g.chance.pick(pool, "the Eyrie's starting corner (R-BBP-EE-SETUP)"), "a random free corner (ruling R-BBP-EE-SETUP)"
    R.place_building(g, FACTION, corner, "roost", "BBP 2.1", why=lambda: why)
    R.place_warriors(g, FACTION, corner, START_WARRIORS, "BBP 2.1", why=lambda: why)
    s.start_corners[FACTION] = corner


def tuck_viziers(g: Game) -> None:
    """The two Loyal Viziers start in the bird column (the text's example turn has them there)."""
    fs = g.state.factions[FACTION]
    fs.board = BbpDecree({col: [] for col in DECREE_COLUMNS})
    assert fs.board.decree is not None
    fs.board.decree["bird"] = [VIZIER, VIZIER]
    g.emit(FACTION, "BBP 2.1", "setup", "tucks its two Loyal Viziers into the bird column of the Decree")


# -- Birdsong (BBP EE.2) --------------------------------------------------------------------------
def craft_shown_item(g: Game) -> bool:
    """BBP EE.2: an item the order card shows, left in the supply, is gained for 1 VP whatever the card lists."""
    return R.craft_order(g, FACTION, "BBP EE.2", "BBP EE.2", "BBP EE.2", "; the card goes into the Decree", "always 1; the card lists")


def add_to_decree(g: Game) -> str:
    """BBP EE.1-2: the order card joins the Decree column of its suit (it is not discarded)."""
    fs = g.state.factions[FACTION]
    decree = decree_board(g.state).decree
    assert fs.order is not None and decree is not None
    card = g.state.deckdef.card(fs.order)
    decree[card.suit].append(fs.order)
    fs.order = None
    g.emit(FACTION, "BBP EE.2", "decree", "adds {card} to the {suit} column of the Decree", card=card.label(), suit=card.suit)
    return card.suit


def new_roost(g: Game, suit: str) -> None:
    """BBP EE.2: no roost on the map: a roost and four warriors in the highest-priority clearing
    of the order's suit (any clearing for a bird) that can take one."""
    s = g.state
    if s.on_map(FACTION, "roost"):
        return
    choice = bbp_clearing(s, f"where a new roost goes ({suit} clearings)", column_clearings(s, suit), [], HIGHEST, legal=lambda c: roost_blocked(s, c))
    if choice.target is None:
        g.emit(FACTION, "BBP EE.2", "skip", "has no roost on the map, and no {suit} clearing can take one", why=choice.explain, suit=suit)
        return
    if place_roost(g, choice.target, "BBP EE.2", choice.explain):
        R.place_warriors(g, FACTION, choice.target, NEW_ROOST_WARRIORS, "BBP EE.2", why=choice.explain)


# -- Daylight: the Decree (BBP EE.3-5) ------------------------------------------------------------
def decree_recruit(g: Game, col: str) -> None:
    """BBP EE.3: as many warriors as the column has cards (R-BBP-EE-RECRUIT) in a clearing of
    the column with a roost: most enemy pieces, fewest Eyrie warriors, lowest priority."""
    s = g.state
    n = column_size(s, col)
    choice = bbp_clearing(
        s,
        f"where to recruit for the {col} column ({'any clearing' if col == 'bird' else col + ' clearings'} with a roost)",
        [c for c in column_clearings(s, col) if has_roost(s, c)],
        [most("most enemy pieces", lambda c: s.enemy_pieces(FACTION, c), "BBP EE.3"), fewest("fewest Eyrie warriors", lambda c: s.warriors(FACTION, c), "BBP EE.3")],
        legal=lambda c: None if R.may_place_in(s, FACTION, c) else "the keep forbids placing there",
    )
    if choice.target is None:
        g.emit(FACTION, "BBP EE.3", "skip", "recruits nothing for the {col} column: no roost in a {col} clearing", col=col)
        return
    R.place_warriors(g, FACTION, choice.target, n, "BBP EE.3", why=choice.explain)


def enough_to_rule(s: GameState, c: int) -> int:
    """The fewest Eyrie warriors that still rule ``c`` (Lords of the Forest: ties rule; never none)."""
    cl = s.clearings[c]
    own = cl.buildings_of(FACTION)
    others: dict[str, int] = {f: n for f, n in cl.warriors.items() if f != FACTION}
    for f, _ in cl.buildings:
        if f != FACTION:
            others[f] = others.get(f, 0) + 1
    need = max(max(others.values(), default=0) - own, 0)
    return need if need + own else 1


def move_destination(s: GameState, origin: int) -> Choice:
    """BBP EE.4: an adjacent clearing with no roost first, then fewest enemy pieces, then lowest priority."""
    return bbp_clearing(
        s,
        f"where to move from {origin} (adjacent clearings)",
        R.move_destinations(s, FACTION, origin),
        [most("no roost", lambda d: 0 if has_roost(s, d) else 1, "BBP EE.4", words=("has a roost", "no roost")), fewest("fewest enemy pieces", lambda d: s.enemy_pieces(FACTION, d), "BBP EE.4")],
        legal=lambda d: None if R.can_move(s, FACTION, origin, d) else "it rules neither end of the path (LoR 4.2.1)",
    )


def decree_move(g: Game, col: str) -> None:
    """BBP EE.4, EE.8: from the column's clearing with the most Eyrie warriors (lowest priority on
    a tie), all but enough to rule it and at least as many as the column has cards; maybe none."""
    s = g.state
    n_cards = column_size(s, col)
    origin = bbp_clearing(
        s,
        f"where to move from for the {col} column (clearings with Eyrie warriors)",
        [c for c in column_clearings(s, col) if s.warriors(FACTION, c)],
        [most("most Eyrie warriors", lambda c: s.warriors(FACTION, c), "BBP EE.4")],
    )
    if origin.target is None:
        g.emit(FACTION, "BBP EE.4", "skip", "moves nobody for the {col} column: no Eyrie warriors there", col=col)
        return
    c = origin.target
    left = max(enough_to_rule(s, c), n_cards)
    n = s.warriors(FACTION, c) - left
    if n <= 0:
        g.emit(FACTION, "BBP EE.8", "skip", "moves nobody for the {col} column: {c} has the most Eyrie warriors but must keep {n}", why=origin.explain, col=col, c=c, n=left)
        return
    dest = move_destination(s, c)
    if dest.target is None:
        g.emit(FACTION, "BBP EE.4", "skip", "moves nobody for the {col} column: no clearing next to {c} it may move to", why=dest.explain, col=col, c=c)
        return
    R.move_warriors(g, FACTION, c, dest.target, n, "BBP EE.4", why=lambda: f"{origin.explain()}; {dest.explain()}; leaves {left}")


def defenseless_building(s: GameState, c: int) -> int:
    """1 if an enemy building in ``c`` has no warrior of its owner there."""
    cl = s.clearings[c]
    return int(any(f != FACTION and s.is_enemy(FACTION, f) and not cl.warriors.get(f) for f, _ in cl.buildings))


def choose_defender(s: GameState, c: int) -> Choice:
    """Ruling R-BBP-EE-DEFENDER: most pieces there, then the higher score, then setup order (BBP 4.2)."""
    choice = choose_player_bbp(s, f"defender in {c}", enemies_in(s, FACTION, c), [most("most pieces there", pieces_there(s, c), "BBP EE.5"), most("higher score", victory_points(s), "BBP EE.5")])
    return choice


def decree_battle(g: Game, col: str) -> None:
    """BBP EE.5: battle in one clearing of the column (R-BBP-EE-BATTLE): no roost first, then a
    defenseless building, then lowest priority; the columns with the most cards deal an extra hit."""
    s = g.state
    where = bbp_clearing(
        s,
        f"where to battle for the {col} column",
        [c for c in column_clearings(s, col) if s.warriors(FACTION, c) and enemies_in(s, FACTION, c)],
        [most("no roost", lambda c: 0 if has_roost(s, c) else 1, "BBP EE.5", words=("has a roost", "no roost")), most("a defenseless building", lambda c: defenseless_building(s, c), "BBP EE.5")],
    )
    if where.target is None:
        g.emit(FACTION, "BBP EE.5", "skip", "battles nowhere for the {col} column: no such clearing has both its warriors and an enemy", col=col)
        return
    c = where.target
    defender = choose_defender(s, c)
    if defender.target is None or not can_battle(s, FACTION, defender.target, c):
        return
    sizes = [column_size(s, other) for other in DECREE_COLUMNS]
    longest = column_size(s, col) == max(sizes)
    battle(g, FACTION, defender.target, c, "BBP EE.5", extra_hits=int(longest), why=lambda: f"{where.explain()}; {defender.explain()}", extra_why=f"the {col} column has the most cards (shared ties count)")


# -- Build, Turmoil, Evening (BBP EE.6, EE.7) -----------------------------------------------------
def build(g: Game) -> bool:
    """BBP EE.6: a roost in the highest-priority clearing it rules with a free slot and no roost."""
    s = g.state
    choice = bbp_clearing(s, "where to build a roost (clearings it rules without a roost)", R.ruled_clearings(s, FACTION), [], HIGHEST, legal=lambda c: roost_blocked(s, c))
    if choice.target is None:
        g.emit(FACTION, "BBP EE.6", "skip", "cannot place a roost", why=choice.explain)
        return False
    return place_roost(g, choice.target, "BBP EE.6", choice.explain)


def turmoil(g: Game) -> None:
    """BBP EE.7, EE.8: lose 1 VP per bird card in the Decree (the Viziers count), then discard
    every card of the Decree but the Viziers."""
    s = g.state
    decree = decree_board(s).decree
    assert decree is not None
    g.emit(FACTION, "BBP EE.7", "turmoil", "falls into turmoil: it placed no roost this turn")
    birds = len(decree["bird"])
    R.lose_vp(g, FACTION, birds, "BBP EE.7", f"for the {birds} bird card{'s' if birds != 1 else ''} in the Decree, Viziers included")
    purged = 0
    for col in DECREE_COLUMNS:
        for card in [c for c in decree[col] if c != VIZIER]:
            decree[col].remove(card)
            R.discard(g, card)
            purged += 1
    g.emit(FACTION, "BBP EE.7", "purge", "discards {n} card{pl} from the Decree, keeping the Loyal Viziers", n=purged, pl="" if purged == 1 else "s")


def score_roosts(g: Game) -> None:
    """BBP EE.7: 1 VP for each roost on the map."""
    n = g.state.on_map(FACTION, "roost")
    if n:
        R.score(g, FACTION, n, "BBP EE.7", f"for {n} roost{'s' if n > 1 else ''} on the map")
    else:
        g.emit(FACTION, "BBP EE.7", "score", "scores nothing: no roost on the map")
