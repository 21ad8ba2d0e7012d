"""Electric Eyrie (Law of Robotics section 5)."""

from __future__ import annotations

from typing import cast

from ...core import rules as R
from ...core.battle import battle
from ...core.context import Game
from ...core.faction import SHARED
from ...core.maps import CLEARINGS
from ...core.paths import river_links
from ...core.state import GameState
from .board import DECREE_COLUMNS, VIZIER, EyrieBoard
from ...core.bot import enemies_in, has_enemy_in, pieces_there, victory_points
from ...core.bot import at_least_challenging, difficulty, has_trait
from ...core.targeting import LOWEST, Choice, choose_clearing, choose_player, fewest, most

FACTION = "eyrie"
ROOST_VP = (0, 1, 2, 3, 4, 5, 6)  # VP of each Roosts-track space, left to right (5.6)
NEW_ROOST_WARRIORS = 4  # 5.4.4


class ElectricEyrie:
    faction = FACTION

    # -- 5.3 setup ---------------------------------------------------------------------------
    def setup(self, g: Game) -> None:
        gather_warriors(g)
        place_roost_and_warriors(g)
        tuck_viziers(g)
        fill_roosts_track(g)

    # -- 5.4 Birdsong ------------------------------------------------------------------------
    def birdsong(self, g: Game) -> None:
        R.reveal_order(g, FACTION, "5.4.1")
        R.craft_order(g, FACTION, "5.4.2")
        suit = add_to_decree(g)
        if not a_new_roost(g, suit):
            turmoil(g)  # 5.7: prompted to place a roost and unable, whatever the reason

    # -- 5.5 Daylight ------------------------------------------------------------------------
    def daylight(self, g: Game) -> None:
        if not roosts_on_map(g.state):
            # A New Roost (5.4.4) leaves a roost on the map unless it failed, and then the Eyrie
            # fell into turmoil in Birdsong and rests until Evening (5.7.3): no Daylight at all.
            g.emit(FACTION, "5.7.3", "rest", "skips Daylight: in turmoil since Birdsong")
            return
        if not resolve_decree(g):
            turmoil(g)  # Nobility: a warrior it could not place
        else:
            relentless(g)
            if not build(g):
                turmoil(g)
        swoop(g)

    # -- 5.6 Evening -------------------------------------------------------------------------
    def evening(self, g: Game) -> None:
        score_roosts(g)
        if difficulty(g.state, FACTION) == "nightmare":
            R.score(g, FACTION, 1, "3.3.1", "at the end of Evening (nightmare difficulty)")


def eyrie_board(s: GameState) -> EyrieBoard:
    """The bot Eyrie's board, its Decree (5.3.3), typed for the compiled build (a no-op cast)."""
    return cast(EyrieBoard, s.factions[FACTION].board)


# -- setup steps ------------------------------------------------------------------------------
def gather_warriors(g: Game) -> None:
    """5.3.1: a supply of 20 warriors."""
    g.emit(FACTION, "5.3.1", "setup", "forms a supply of {n} warriors", n=g.state.factions[FACTION].supply["warrior"])


def place_roost_and_warriors(g: Game) -> int | None:
    """5.3.2: a roost and six warriors in a random corner that is no other bot's starting
    corner and, if possible, is diagonally opposite a starting corner."""
    s = g.state
    taken = {c for f, c in s.start_corners.items() if f != FACTION and s.factions[f].is_bot}
    starts = set(s.start_corners.values())
    open_corners = [c for c in s.map.corners if c not in taken and R.can_place_building(s, FACTION, c, "roost")]
    opposite = [c for c in open_corners if s.map.opposite_corner[c] in starts]
    pool = opposite or open_corners
    if not pool:
        g.emit(FACTION, "5.3.2", "setup", "finds no corner where its roost can be placed")
        return None
    corner = pool[0] if len(pool) == 1 else g.chance.pick(pool, "the Eyrie's starting corner (5.3.2)")
    why = "the corner diagonally opposite a starting corner" if opposite else "a random free corner (none is opposite a starting corner)"
    R.place_building(g, FACTION, corner, "roost", "5.3.2", why=lambda: why)
    R.place_warriors(g, FACTION, corner, 6, "5.3.2")
    s.start_corners[FACTION] = corner
    return corner


def tuck_viziers(g: Game) -> None:
    """5.3.3: the two Loyal Viziers start in the bird column of the Decree (one on easy;
    on challenging and nightmare a bird Ambush card from the deck joins them, 3.3.1)."""
    s = g.state
    board = eyrie_board(s)
    board.decree = {col: [] for col in DECREE_COLUMNS}
    if difficulty(s, FACTION) == "easy":
        board.decree["bird"] = [VIZIER]
        g.emit(FACTION, "3.3.1", "setup", "tucks one Loyal Vizier into the bird column of the Decree (easy difficulty)")
        return
    board.decree["bird"] = [VIZIER, VIZIER]
    g.emit(FACTION, "5.3.3", "setup", "tucks its two Loyal Viziers into the bird column of the Decree")
    if at_least_challenging(s, FACTION):
        ambush = next((c for c in s.deck if s.deckdef.card(c).name.startswith("ambush_bird")), None)
        if ambush is None:
            g.emit(FACTION, "3.3.1", "setup", "finds no bird Ambush card in the deck for its Decree")
            return
        s.deck.remove(ambush)
        board.decree["bird"].append(ambush)
        g.emit(FACTION, "3.3.1", "setup", "adds a bird Ambush card from the deck to the bird column ({d} difficulty)", d=difficulty(s, FACTION))


def fill_roosts_track(g: Game) -> None:
    """5.3.4: the other six roosts wait on the Roosts track (the supply)."""
    g.emit(FACTION, "5.3.4", "setup", "fills its Roosts track with {n} roosts", n=g.state.factions[FACTION].supply["roost"])


# -- Birdsong steps -----------------------------------------------------------------------------
def add_to_decree(g: Game) -> str:
    """5.4.3: the order card joins the Decree column of its suit."""
    fs = g.state.factions[FACTION]
    decree = eyrie_board(g.state).decree
    assert fs.order is not None and decree is not None
    card = g.state.deckdef.card(fs.order)
    decree[card.suit].append(fs.order)
    fs.order = None  # the card now lives in the Decree
    g.emit(FACTION, "5.4.3", "decree", "adds {card} to the {suit} column of the Decree", card=card.label(), suit=card.suit)
    return card.suit


def roosts_on_map(s: GameState) -> int:
    return s.on_map(FACTION, "roost")


def roost_blocked(s: GameState, c: int) -> str | None:
    """Why a roost cannot be placed in ``c`` (None if it can): none left on the Roosts track, the
    keep's clearing (4.2.1), or no free building slot."""
    if s.factions[FACTION].supply.get("roost", 0) <= 0:
        return "no roost left on the Roosts track"
    if not R.may_place_in(s, FACTION, c):
        return "the keep forbids placing there"
    if s.free_slots(c) <= 0:
        return "no free building slot"
    return None


def a_new_roost(g: Game, suit: str) -> bool:
    """5.4.4: with no roost on the map, a roost and four warriors go in the ordered clearing of
    highest priority where they can be placed. Returns False when a roost was due but none was
    placed (no such clearing, or a snare stopped it): 5.7 then sends the Eyrie into turmoil."""
    s = g.state
    if roosts_on_map(s):
        return True
    candidates = [c for c in CLEARINGS if R.matches(suit, s.suit(c))]
    choice = choose_clearing(
        s,
        "where A New Roost goes",
        candidates,
        legal=lambda c: roost_blocked(s, c),
    )
    if choice.target is None:
        g.emit(FACTION, "5.4.4", "skip", "has no roost on the map but no {suit} clearing can take one, so it falls into turmoil (5.7)", why=choice.explain, suit=suit)
        return False
    if R.place_building(g, FACTION, choice.target, "roost", "5.4.4", why=choice.explain):
        R.place_warriors(g, FACTION, choice.target, NEW_ROOST_WARRIORS, "5.4.4")
        return True
    # a Corvid snare was removed instead of the whole placement (11.8.2): no roost, so turmoil
    # as in 5.5.2 (ruling R-SNARE)
    return False


# -- Daylight: 5.5.1 Resolve the Decree -----------------------------------------------------------
def column_size(g: Game, col: str) -> int:
    decree = eyrie_board(g.state).decree
    assert decree is not None
    return len(decree[col])


def active_columns(g: Game) -> list[str]:
    """Columns with at least one card, left to right."""
    return [col for col in DECREE_COLUMNS if column_size(g, col) > 0]


def resolve_decree(g: Game) -> bool:
    """5.5.1: recruit for each column left to right, then move the same way, then battle.
    Returns False if, with the Nobility trait, a recruit fell short (turmoil at once)."""
    cols = active_columns(g)
    for col in cols:
        if not decree_recruit(g, col) and has_trait(g.state, FACTION, "nobility"):
            g.emit(FACTION, "3.3.2", "nobility", "Nobility: it could not place every warrior for the {col} column", col=col)
            return False
    for col in cols:
        decree_move(g, col)
    for col in cols:
        decree_battle(g, col)
    return True


def _in_column(s: GameState, col: str, c: int) -> bool:
    return R.matches(col, s.suit(c))


def column_clearings(s: GameState, col: str) -> list[int]:
    """The clearings a Decree column orders: its suit, or all of them for birds (wild)."""
    if col == "bird":
        return list(CLEARINGS)
    suits = s.suits
    return [c for c in CLEARINGS if suits[c] == col]


def no_such_clearing(col: str, what: str) -> str:
    """The skip text for a column: "no fox clearing has ...", and for the bird column, which
    orders every clearing (birds are wild, 2.7), "no clearing has ... (any clearing)"."""
    if col == "bird":
        return f"no clearing has {what} (birds are wild: any clearing)"
    return f"no {col} clearing has {what}"


def has_roost(s: GameState, c: int) -> bool:
    return (FACTION, "roost") in s.clearings[c].buildings


def decree_recruit(g: Game, col: str) -> bool:
    """5.5.1 I: as many warriors as the column has cards, in a matching clearing with a roost.
    Returns whether every warrior was placed."""
    s = g.state
    n = column_size(g, col)
    choice = choose_clearing(
        s,
        f"where to recruit for the {col} column ({'any clearing' if col == 'bird' else col + ' clearings'} with a roost)",
        [c for c in column_clearings(s, col) if has_roost(s, c)],
        [
            most("most enemy pieces", lambda c: s.enemy_pieces(FACTION, c), "5.5.1 I a"),
            fewest("fewest Eyrie warriors", lambda c: s.warriors(FACTION, c), "5.5.1 I b"),
        ],
        priority=LOWEST,  # 5.5.1 I c
        legal=lambda c: None if R.may_place_in(s, FACTION, c) else "the keep forbids placing there",
    )
    if choice.target is None:
        g.emit(FACTION, "5.5.1 I", "skip", "cannot recruit for the {col} column: {none}", col=col, none=no_such_clearing(col, "a roost"))
        return False
    if s.factions[FACTION].supply.get("warrior", 0) and R.snare_stops(g, FACTION, choice.target, "place warriors", choice.explain):
        return True  # 11.8.2: the snare is removed instead; the recruit is not failed (ruling R-SNARE)
    return R.place_warriors(g, FACTION, choice.target, n, "5.5.1 I", why=choice.explain) == n


def enough_to_rule(s: GameState, c: int) -> int:
    """The fewest Eyrie warriors that still rule ``c`` (ties rule, 5.2.1; never empty)."""
    cl = s.clearings[c]
    if not cl.buildings:  # warriors alone: the most warriors of any other faction
        need = max([n for f, n in cl.warriors.items() if f != FACTION], default=0)
        return need if need else 1
    own_buildings = cl.buildings_of(FACTION)
    others = {f: n for f, n in cl.warriors.items() if f != FACTION}  # presence (LoR 2.5) of the others
    for f, _ in cl.buildings:
        if f != FACTION:
            others[f] = others.get(f, 0) + 1
    need = max(max(others.values(), default=0) - own_buildings, 0)
    if need + own_buildings == 0:
        need = 1
    return need


def move_destination(g: Game, origin: int):
    """5.5.1 II: an adjacent clearing with no roost (with a roost only if all have one);
    fewest enemy pieces, then lowest priority. Closed paths and the Ferry count (12.1.1, 12.2.1)."""
    s = g.state
    adjacent, river = reachable(s, origin)
    no_roost = [d for d in adjacent if not has_roost(s, d)]
    among = "adjacent clearings without a roost" if no_roost else "adjacent clearings (all have a roost)"
    return choose_clearing(
        s,
        f"where to move from {origin} ({among})",
        no_roost or list(adjacent),
        [fewest("fewest enemy pieces", lambda d: s.enemy_pieces(FACTION, d), "5.5.1 II a")],
        priority=LOWEST,  # 5.5.1 II b
        legal=lambda d: None if may_move(s, origin, d, river) else "it rules neither end of the path (LoR 4.2.1)",
    )


def reachable(s: GameState, origin: int) -> tuple[tuple[int, ...], frozenset[int]]:
    """Where a move from ``origin`` may be aimed, and which of those only a river reaches: with
    the Advanced Services card rivers are paths when it targets clearings for its Move (9.7)."""
    near = R.move_destinations(s, FACTION, origin)
    if not SHARED.services.bot_rivers_as_paths(s, FACTION):
        return near, frozenset()
    river = frozenset(river_links(s, origin)) - set(near)
    return tuple(sorted(set(near) | river)), river


def may_move(s: GameState, origin: int, d: int, river: frozenset[int]) -> bool:
    if d not in river:
        return R.can_move(s, FACTION, origin, d)
    return not R.closed(s, d) and (R.rules(s, FACTION, origin) or R.rules(s, FACTION, d))


def decree_move(g: Game, col: str) -> None:
    """5.5.1 II: from the matching clearing it rules with the most Eyrie warriors, leaving enough
    to rule it or as many as the column has cards, whichever is more."""
    s = g.state
    n_cards = column_size(g, col)

    leaves: dict[int, int] = {}  # worked out once per clearing: nothing moves while choosing

    def leave(c: int) -> int:
        if c not in leaves:
            leaves[c] = max(enough_to_rule(s, c), n_cards)
        return leaves[c]

    dests = {}  # each origin's destination, worked out once: nothing moves while choosing

    def legal(c: int) -> str | None:
        need = leave(c)
        if s.warriors(FACTION, c) <= need:
            return f"it must leave {need} warrior{'s' if need != 1 else ''} there"
        dests[c] = move_destination(g, c)
        if dests[c].target is None:
            return "no adjacent clearing it may move to"
        return None

    candidates = [c for c in R.ruled_clearings(s, FACTION) if _in_column(s, col, c)]
    if not g.explains:  # skipped anyway for too few warriors (legal's first test): rank the others
        candidates = [c for c in candidates if s.warriors(FACTION, c) > leave(c)]
    origin = choose_clearing(
        s,
        f"where to move from for the {col} column ({'any clearing' if col == 'bird' else col + ' clearings'} it rules)",
        candidates,
        [most("most Eyrie warriors", lambda c: s.warriors(FACTION, c), "5.5.1 II")],
        legal=legal,
    )
    if origin.target is None:
        g.emit(FACTION, "5.5.1 II", "skip", "cannot move for the {col} column", why=origin.explain, col=col)
        return
    c = origin.target
    dest = dests[c]
    assert dest.target is not None
    left = leave(c)  # fixed now: explanations are formatted later, from the values kept here
    if dest.target in reachable(s, c)[1]:
        SHARED.services.bot_by_river(g, FACTION, c, dest.target)  # 9.7: it buys Riverboats
    n = s.warriors(FACTION, c) - left
    R.move_warriors(g, FACTION, c, dest.target, n, "5.5.1 II", why=lambda: f"{origin.explain()}; {dest.explain()}; leaves {left}")


def defenseless_buildings(s: GameState, c: int) -> int:
    """Enemy buildings in ``c`` whose owner has no warriors there."""
    cl = s.clearings[c]
    return sum(1 for f, _ in cl.buildings if f != FACTION and cl.warriors.get(f, 0) == 0)


def extra_hit(g: Game, col: str) -> tuple[bool, str]:
    """5.5.1 III: one extra hit if this column has more cards than each other; with Focused
    (3.3.2), also if it is tied for the most. Returns whether, and why."""
    n = column_size(g, col)
    others = [column_size(g, other) for other in DECREE_COLUMNS if other != col]
    if all(n > m for m in others):
        return True, f"the {col} column has more cards than each other column"
    if has_trait(g.state, FACTION, "focused") and all(n >= m for m in others):
        return True, f"by Focused, the {col} column is tied for the most cards"
    return False, ""


def decree_battle(g: Game, col: str) -> None:
    """5.5.1 III: battle in a matching clearing; one extra hit if this column is the longest."""
    s = g.state

    def legal(c: int) -> str | None:
        if s.warriors(FACTION, c) == 0:
            return "no Eyrie warriors"
        if not has_enemy_in(s, FACTION, c):
            return "no enemy pieces"
        return None

    candidates = column_clearings(s, col)
    if not g.explains:  # nobody reads the skipped ones: rank only the legal, the same first target
        clearings = s.clearings
        candidates = [c for c in candidates if clearings[c].warriors.get(FACTION) and has_enemy_in(s, FACTION, c)]
    where = choose_clearing(
        s,
        f"where to battle for the {col} column",
        candidates,
        [
            most("no roost", lambda c: 0 if has_roost(s, c) else 1, "5.5.1 III a", words=("has a roost", "no roost")),
            most("most defenseless buildings", lambda c: defenseless_buildings(s, c), "5.5.1 III b"),
        ],
        priority=LOWEST,  # 5.5.1 III c
        legal=legal,
    )
    if where.target is None:
        g.emit(FACTION, "5.5.1 III", "skip", "cannot battle for the {col} column: {none}", col=col, none=no_such_clearing(col, "both its warriors and an enemy"))
        return
    c = where.target
    cl = s.clearings[c]
    longest, extra_why = extra_hit(g, col)
    enemies = enemies_in(s, FACTION, c)
    if len(enemies) == 1 and not g.explains:  # a lone enemy: nothing to rank, nobody reads why
        battle(g, FACTION, enemies[0], c, "5.5.1 III", extra_hits=1 if longest else 0, extra_why=extra_why)
        return
    defender = choose_player(
        s,
        f"defender in {c}",
        enemies,
        [
            most("most buildings there", lambda f: cl.buildings_of(f), "5.5.1 III"),
            most("most pieces there", pieces_there(s, c), "5.5.1 III d"),
            most("most VP", victory_points(s), "5.5.1 III e"),
        ],
    )
    assert defender.target is not None
    battle(
        g,
        FACTION,
        defender.target,
        c,
        "5.5.1 III",
        extra_hits=1 if longest else 0,
        why=lambda: f"{where.explain()}; {defender.explain()}",
        extra_why=extra_why,
    )


# -- 5.5.2 Build, 5.7 Turmoil, 5.6 Evening --------------------------------------------------------
def build(g: Game) -> bool:
    """5.5.2: a roost in the highest-priority clearing it rules that has no roost."""
    s = g.state

    def where() -> Choice:
        return choose_clearing(
            s,
            "where to build a roost (clearings it rules without a roost)",
            [c for c in R.ruled_clearings(s, FACTION) if not has_roost(s, c)],
            legal=lambda c: roost_blocked(s, c),
        )

    choice = where()
    if choice.target is None and SHARED.services.bot_cannot_build(g, FACTION, lambda: where().target is not None, "a roost"):
        choice = where()  # 9.7: with Mercenaries bought
    if choice.target is None:
        g.emit(FACTION, "5.5.2", "skip", "cannot place a roost", why=choice.explain)
        return False
    return R.place_building(g, FACTION, choice.target, "roost", "5.5.2", why=choice.explain)


def turmoil(g: Game) -> None:
    """5.7: humiliate (lose 1 VP per bird card, Viziers too), purge all but the Viziers, rest."""
    s = g.state
    decree = eyrie_board(s).decree
    assert decree is not None
    g.emit(FACTION, "5.7", "turmoil", "falls into turmoil")
    birds = len(decree["bird"])
    if has_trait(s, FACTION, "nobility"):
        R.score(g, FACTION, birds, "3.3.2", f"for the {birds} bird card{'s' if birds != 1 else ''} in the Decree (Nobility: no humiliation)")
    else:
        R.lose_vp(g, FACTION, birds, "5.7.1", f"for the {birds} bird card{'s' if birds != 1 else ''} in the Decree")
    purged = 0
    with R.told_after(g):
        for col in DECREE_COLUMNS:
            column = decree[col]
            for card in [c for c in column if c != VIZIER]:
                column.remove(card)  # one card at a time: each is always in exactly one place
                R.discard(g, card)
                purged += 1
        g.emit(FACTION, "5.7.2", "purge", "discards {n} card{pl} from the Decree, keeping the Loyal Viziers", n=purged, pl="" if purged == 1 else "s")
    g.emit(FACTION, "5.7.3", "rest", "rests: on to Evening")


def relentless(g: Game) -> None:
    """Trait Relentless: after the Decree, every defenseless enemy building and token in a
    clearing with Eyrie warriors is removed (defenseless: its owner has no warriors there)."""
    s = g.state
    if not has_trait(s, FACTION, "relentless"):
        return
    for c in CLEARINGS:
        cl = s.clearings[c]
        if not cl.warriors.get(FACTION):
            continue
        doomed = [(f, k) for f, k in cl.tokens + cl.buildings if f != FACTION and not cl.warriors.get(f)]
        with R.one_removal(g):  # one removal per clearing: the Duchy's Cost of Errors once (10.2.1)
            for owner, kind in doomed:
                R.remove_piece(g, owner, c, kind, "3.3.2", by=FACTION, why=lambda c=c: f"Relentless: defenseless where Eyrie warriors stand in {c}")


def swoop(g: Game) -> None:
    """Trait Swoop: at the end of Daylight, two warriors in the highest-priority clearing with
    no Eyrie pieces (where it may place them)."""
    s = g.state
    if not has_trait(s, FACTION, "swoop"):
        return
    choice = choose_clearing(
        s,
        "Swoop: where to place two warriors (clearings with no Eyrie pieces)",
        [c for c in CLEARINGS if s.clearings[c].pieces_of(FACTION) == 0],
        legal=lambda c: None if R.may_place_in(s, FACTION, c) else "the keep forbids placing there",
    )
    if choice.target is not None:
        R.place_warriors(g, FACTION, choice.target, 2, "3.3.2", why=choice.explain)


def roost_score(s: GameState) -> int:
    placed = 7 - s.factions[FACTION].supply.get("roost", 0)
    return ROOST_VP[placed - 1] if placed >= 1 else 0


def score_roosts(g: Game) -> None:
    """5.6: the VP on the rightmost empty space of the Roosts track."""
    vp = roost_score(g.state)
    if vp:
        R.score(g, FACTION, vp, "5.6", f"for {roosts_on_map(g.state)} roosts on the map")
    else:
        g.emit(FACTION, "5.6", "score", "scores nothing for its roosts")
