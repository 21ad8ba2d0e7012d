"""Mechanical Marquise 2.0 (Law of Robotics section 4)."""

from __future__ import annotations

from ...core import rules as R
from ...core.battle import battle, can_battle
from ...core.context import Game
from ...core.faction import SHARED
from ...core.maps import CLEARINGS
from ...core.state import GameState
from ...core.bot import enemies_in, has_enemy_in, pieces_there, victory_points
from ...core.bot import at_least_challenging, difficulty, has_trait
from ...core.targeting import LOWEST, Choice, choose_clearing, choose_player, in_priority_order, most

FACTION = "marquise"
BUILDING_TYPES = ("sawmill", "workshop", "recruiter")
BUILDING_FOR_SUIT = {"fox": "sawmill", "rabbit": "workshop", "mouse": "recruiter"}
TRACK_VP = (0, 1, 2, 3, 4, 5)  # VP of each Buildings-track space, left to right (4.6.1)
RECRUIT_WARRIORS = 4  # 4.5.2 (2 on easy: 3.3.1)
CHALLENGING_WARRIORS = 2  # challenging and nightmare: two more with each Recruit (3.3.1)
MAX_EXPANSIONS = 54  # guard against an endless Expand loop (ruling R-EXPAND)


class MechanicalMarquise:
    faction = FACTION

    # -- 4.3 setup ---------------------------------------------------------------------------
    def setup(self, g: Game) -> None:
        gather_warriors(g)
        keep = place_keep(g)
        garrison(g, keep)
        place_starting_buildings(g, keep)
        fill_buildings_tracks(g)

    # -- 4.4 Birdsong ------------------------------------------------------------------------
    def birdsong(self, g: Game) -> None:
        R.reveal_order(g, FACTION, "4.4.1")
        R.craft_order(g, FACTION, "4.4.2")

    # -- 4.5 Daylight (4.7 on a bird order) -------------------------------------------------------
    def daylight(self, g: Game) -> None:
        built = False
        for expansions in range(MAX_EXPANSIONS):
            if R.order_suit(g.state, FACTION) == "bird":
                escalated_daylight(g)
                return
            suit = R.order_suit(g.state, FACTION)
            battle_ordered(g, suit)
            recruit(g, suit)
            built = build(g, suit) or built
            move(g, suit)
            blitz(g)
            if not expand(g, built, expansions):
                return
        g.emit(FACTION, "4.5.5", "expand_stopped", "stops expanding after {n} new order cards in one turn (ruling R-EXPAND)", n=MAX_EXPANSIONS)

    # -- 4.6 Evening -------------------------------------------------------------------------
    def evening(self, g: Game) -> None:
        score_buildings(g)
        R.discard_order(g, FACTION, "4.6.2")
        nightmare_point(g)


# -- setup steps ------------------------------------------------------------------------------
def gather_warriors(g: Game) -> None:
    """4.3.1: a supply of 25 warriors (the box; nothing to move)."""
    n = g.state.factions[FACTION].supply["warrior"]
    g.emit(FACTION, "4.3.1", "setup", "forms a supply of {n} warriors", n=n)


def place_keep(g: Game) -> int:
    """4.3.2: the keep goes in a random corner clearing."""
    corner = g.chance.pick(g.state.map.corners, "the keep's corner (4.3.2)")
    R.place_token(g, FACTION, corner, "keep", "4.3.2", why=lambda: "a random corner clearing")
    g.state.start_corners[FACTION] = corner
    return corner


def garrison(g: Game, keep: int) -> None:
    """4.3.3: a warrior everywhere but the opposite corner, and one more in the keep."""
    opposite = g.state.map.opposite_corner[keep]
    for c in CLEARINGS:
        if c != opposite:
            R.place_warriors(g, FACTION, c, 2 if c == keep else 1, "4.3.3")


def place_starting_buildings(g: Game, keep: int) -> None:
    """4.3.4: a sawmill, a workshop and a recruiter at random among the keep and its
    neighbours, at most one building per clearing."""
    s = g.state
    open_clearings = [c for c in (keep, *R.adjacent_for(s, FACTION, keep)) if s.free_slots(c) > 0]
    for kind in BUILDING_TYPES:
        if not open_clearings:
            g.emit(FACTION, "4.3.4", "setup", "has no open clearing left for its starting {kind}", kind=kind)
            continue
        c = g.chance.pick(open_clearings, f"where the starting {kind} goes (4.3.4)")
        open_clearings.remove(c)
        R.place_building(g, FACTION, c, kind, "4.3.4", why=lambda: "placed at random")


def fill_buildings_tracks(g: Game) -> None:
    """4.3.5: the other five of each building wait on the Buildings tracks (the supply)."""
    sup = g.state.factions[FACTION].supply
    g.emit(FACTION, "4.3.5", "setup", "fills its Buildings tracks: {saw} sawmills, {work} workshops, {rec} recruiters", saw=sup["sawmill"], work=sup["workshop"], rec=sup["recruiter"])


# -- Daylight steps ---------------------------------------------------------------------------
def choose_defender(g: Game, c: int, rule: str):
    """The player with the most pieces there; first tie: the most VP (4.5.1 I / 4.7.1 I)."""
    s = g.state
    return choose_player(
        s,
        f"defender in {c}",
        enemies_in(s, FACTION, c),
        [most("most pieces there", pieces_there(s, c), rule), most("most VP", victory_points(s), f"{rule} I")],
    )


def battle_in(g: Game, c: int, rule: str, trait: str = "") -> None:
    """Battle in ``c`` the defender of 4.5.1 I; a ``trait``'s battle (Blitz, 3.3.2) says so."""
    s = g.state
    if s.warriors(FACTION, c) == 0 or not has_enemy_in(s, FACTION, c):
        return
    choice = choose_defender(g, c, "4.5.1" if trait else rule)
    if choice.target is not None and can_battle(s, FACTION, choice.target, c):
        battle(g, FACTION, choice.target, c, rule, why=(lambda: f"{trait}: {choice.explain()}") if trait else choice.explain)


def battle_ordered(g: Game, suit: str) -> None:
    """4.5.1: battle in each ordered clearing, highest priority first (2.4)."""
    s = g.state
    ordered = [c for c in CLEARINGS if s.suit(c) == suit]
    fought = False
    for c in in_priority_order(s, ordered):
        if s.warriors(FACTION, c) and has_enemy_in(s, FACTION, c):
            battle_in(g, c, "4.5.1")
            fought = True
    if not fought:
        g.emit(FACTION, "4.5.1", "skip", "does not battle: no {suit} clearing has both its warriors and an enemy piece", suit=suit)


def recruit(g: Game, suit: str) -> None:
    """4.5.2: four warriors spread evenly over the ordered clearings it rules; a remainder goes
    to the highest-priority ones (with three clearings, the fourth warrior)."""
    s = g.state
    ruled = in_priority_order(s, [c for c in CLEARINGS if s.suit(c) == suit and R.rules(s, FACTION, c)])
    if not ruled:
        g.emit(FACTION, "4.5.2", "skip", "does not recruit: it rules no {suit} clearing", suit=suit)
        overwhelming(g, recruit_due(s, RECRUIT_WARRIORS), f"it rules no {suit} clearing to place them in")
        return
    due = 2 if difficulty(s, FACTION) == "easy" else RECRUIT_WARRIORS
    supply = s.factions[FACTION].supply.get("warrior", 0)
    total = min(due, supply)  # what can be placed is spread (LoR 1.5.4)
    if total == 0:
        g.emit(FACTION, "4.5.2", "supply_empty", "does not recruit: no warriors left in supply")
    short = "" if total == due else f"; only {total} of its {due} warriors are in supply, so those are spread"
    each, extra = divmod(total, len(ruled))
    for i, c in enumerate(ruled):
        n = each + (1 if i < extra else 0)
        if n:
            R.place_warriors(g, FACTION, c, n, "4.5.2", why=lambda r=ruled: f"recruiting evenly among the {suit} clearings it rules: {', '.join(map(str, r))}{short}")
    challenging_recruit(g, ruled)
    overwhelming(g, recruit_due(s, RECRUIT_WARRIORS) - supply, "its supply of warriors ran out")


def recruit_due(s: GameState, warriors: int) -> int:
    """How many warriors a Recruit of ``warriors`` (by the Law) places at this bot's difficulty:
    half on easy, two more on challenging and nightmare (3.3.1)."""
    due = warriors // 2 if difficulty(s, FACTION) == "easy" else warriors
    return due + (CHALLENGING_WARRIORS if at_least_challenging(s, FACTION) else 0)


def challenging_recruit(g: Game, ordered_ruled: list[int]) -> None:
    """Challenging and nightmare (3.3.1): each Recruit also places two warriors in the
    highest-priority ordered clearing it rules (ruling R-DIFF-MARQUISE)."""
    if not at_least_challenging(g.state, FACTION) or not ordered_ruled:
        return
    c = in_priority_order(g.state, ordered_ruled)[0]
    R.place_warriors(g, FACTION, c, CHALLENGING_WARRIORS, "3.3.1", why=lambda: f"{difficulty(g.state, FACTION)} difficulty: two more in the highest-priority ordered clearing it rules")


def _build_legal(s: GameState, kind: str):
    def legal(c: int) -> str | None:
        if s.free_slots(c) <= 0:
            return "no free building slot"
        if s.factions[FACTION].supply.get(kind, 0) <= 0:
            return f"no {kind} left on its track"
        return None

    return legal


def build_in_best_clearing(g: Game, kind: str, rule: str) -> bool:
    """Place ``kind`` in the clearing it rules with the most Marquise warriors (2.1, 2.3)."""
    s = g.state

    def where() -> Choice:
        return choose_clearing(
            s,
            f"where to build a {kind} (clearings it rules)",
            R.ruled_clearings(s, FACTION),
            [most("most Marquise warriors", lambda c: s.warriors(FACTION, c), rule)],
            legal=_build_legal(s, kind),
        )

    choice = where()
    if choice.target is None and SHARED.services.bot_cannot_build(g, FACTION, lambda: where().target is not None, f"a {kind}"):
        choice = where()  # 9.7: with Mercenaries bought
    if choice.target is None:
        g.emit(FACTION, rule, "skip", "cannot build a {kind}", why=choice.explain, kind=kind)
        return False
    return R.place_building(g, FACTION, choice.target, kind, rule, why=choice.explain)


def build(g: Game, suit: str) -> bool:
    """4.5.3: the order's suit picks the building type, not the clearing."""
    return build_in_best_clearing(g, BUILDING_FOR_SUIT[suit], "4.5.3")


def move_out(g: Game, origins: list[int], rule: str) -> list[int]:
    """Move all but three warriors from each origin (by origin priority, 2.4) to the adjacent
    clearing with the most enemy pieces (closed paths and the Ferry count, 12.1.1, 12.2.1).
    Returns the destinations moved into."""
    s = g.state
    moved_into: list[int] = []
    for c in in_priority_order(s, origins):
        n = s.warriors(FACTION, c) - 3
        if n <= 0:
            continue

        def path_ruled(d: int, c: int = c) -> str | None:
            return None if R.can_move(s, FACTION, c, d) else "it rules neither end of the path (LoR 4.2.1)"

        choice = choose_clearing(
            s,
            f"where to move from {c} (adjacent clearings)",
            R.move_destinations(s, FACTION, c),
            [most("most enemy pieces", lambda d: s.enemy_pieces(FACTION, d), rule)],
            legal=path_ruled,
        )
        if choice.target is not None and R.move_warriors(g, FACTION, c, choice.target, n, rule, why=choice.explain):
            moved_into.append(choice.target)
    return moved_into


def move(g: Game, suit: str) -> None:
    """4.5.4: from each ordered clearing."""
    s = g.state
    ordered = [c for c in CLEARINGS if s.suit(c) == suit]
    if not move_out(g, ordered, "4.5.4"):
        g.emit(FACTION, "4.5.4", "skip", "does not move: no {suit} clearing has more than three Marquise warriors it can move", suit=suit)


def buildings_on_map(s: GameState) -> int:
    return sum(s.on_map(FACTION, k) for k in BUILDING_TYPES)


def expand(g: Game, built: bool, expansions: int = 0) -> bool:
    """4.5.5: no building placed this turn and five or fewer on the map: discard the order,
    reveal a new one (no crafting) and start Daylight again. Returns True to start again.
    With Overwhelming, only once a turn (``expansions``: how many it made this turn)."""
    s = g.state
    n = buildings_on_map(s)
    if built or n > 5:
        return False
    if expansions and has_trait(s, FACTION, "overwhelming"):
        g.emit(FACTION, "3.3.2", "skip", "does not expand again: Overwhelming lets it expand only once a turn")
        return False
    R.discard_order(g, FACTION, "4.5.5")
    g.emit(FACTION, "4.5.5", "expand", "expands: it placed no building this turn and has {n} on the map", n=n)
    R.reveal_order(g, FACTION, "4.5.5")
    return True


# -- Escalated Daylight (4.7) -------------------------------------------------------------------
def escalated_daylight(g: Game) -> bool:
    s = g.state
    g.emit(FACTION, "4.7", "escalate", "resolves Escalated Daylight: the order card is a bird")
    for c in in_priority_order(s, CLEARINGS):  # 4.7.1: every clearing
        battle_in(g, c, "4.7.1")
    escalated_recruit(g)
    built = escalated_build(g)
    escalated_move(g)
    return built


def escalated_recruit(g: Game) -> None:
    """4.7.2: two warriors in each of the two lowest-priority clearings it rules; four if it
    rules only one."""
    s = g.state
    ruled = in_priority_order(s, R.ruled_clearings(s, FACTION), LOWEST)[:2]
    iron_will = has_trait(s, FACTION, "iron-will")
    due = recruit_due(s, RECRUIT_WARRIORS * (2 if iron_will else 1))
    if not ruled:
        g.emit(FACTION, "4.7.2", "skip", "does not recruit: it rules no clearing")
        overwhelming(g, due, "it rules no clearing to place them in")
        return
    supply = s.factions[FACTION].supply.get("warrior", 0)
    per = 4 if len(ruled) == 1 else 2
    if difficulty(s, FACTION) == "easy":
        per //= 2  # easy: two warriors in all (3.3.1)
    if iron_will:
        per *= 2  # Iron Will: twice the warriors in Escalated Daylight
    why_base = f"the lowest-priority clearings it rules: {', '.join(map(str, ruled))}" + ("; Iron Will doubles them" if iron_will else "")
    for c in in_priority_order(s, ruled):
        R.place_warriors(g, FACTION, c, per, "4.7.2", why=lambda: why_base)
    challenging_recruit(g, R.ruled_clearings(s, FACTION))  # a bird order: every clearing is ordered
    overwhelming(g, due - supply, "its supply of warriors ran out")


def escalated_building_type(s: GameState) -> str:
    """4.7.3: the type with the most pieces on the map; sawmill wins any tie, then recruiter."""
    counts = {k: s.on_map(FACTION, k) for k in BUILDING_TYPES}
    best = max(counts.values())
    tied = [k for k in BUILDING_TYPES if counts[k] == best]
    if "sawmill" in tied:
        return "sawmill"
    return "recruiter" if "recruiter" in tied else tied[0]


def escalated_build(g: Game) -> bool:
    kind = escalated_building_type(g.state)
    return build_in_best_clearing(g, kind, "4.7.3")


def escalated_move(g: Game) -> None:
    """4.7.4: move from every clearing, then battle in each clearing moved into."""
    s = g.state
    dests = move_out(g, list(CLEARINGS), "4.7.4")
    for c in in_priority_order(s, set(dests)):
        battle_in(g, c, "4.7.4")
    blitz(g)


# -- traits and difficulty (3.3) ------------------------------------------------------------------
def blitz(g: Game) -> None:
    """Trait Blitz: after the Move step, from the highest-priority clearing it rules with no
    enemy pieces, move all but one warrior to the adjacent clearing with the most enemy pieces,
    then battle there (ruling R-TRAIT-BLITZ)."""
    s = g.state
    if not has_trait(s, FACTION, "blitz"):
        return
    origin = choose_clearing(
        s,
        "where to move from (clearings it rules with no enemy pieces)",
        [c for c in R.ruled_clearings(s, FACTION) if s.enemy_pieces(FACTION, c) == 0],
        legal=lambda c: None if s.warriors(FACTION, c) > 1 else "it has at most one warrior there",
    )
    if origin.target is None:
        g.emit(FACTION, "3.3.2", "skip", "Blitz: no clearing to move from", why=origin.explain)
        return
    c = origin.target
    dest = choose_clearing(
        s,
        f"where to move to from {c} (adjacent clearings)",
        s.map.adjacent[c],
        [most("most enemy pieces", lambda d: s.enemy_pieces(FACTION, d), "3.3.2")],
        legal=lambda d: None if R.can_move(s, FACTION, c, d) else "it rules neither end of the path (LoR 4.2.1)",
    )
    if dest.target is None:
        g.emit(FACTION, "3.3.2", "skip", "Blitz: no adjacent clearing to move to from {c}", why=dest.explain, c=c)
        return
    R.move_warriors(g, FACTION, c, dest.target, s.warriors(FACTION, c) - 1, "3.3.2", why=lambda: f"Blitz: {origin.explain()}; {dest.explain()}")
    battle_in(g, dest.target, "3.3.2", trait="Blitz")


def overwhelming(g: Game, unplaced: int, reason: str) -> None:
    """Trait Overwhelming (3.3.2): a Recruit scores 1 VP per two warriors it could not place, for
    an empty supply or no clearing to place them in (ruling R-TRAIT-OVERWHELMING)."""
    if unplaced < 2 or not has_trait(g.state, FACTION, "overwhelming"):
        return
    R.score(g, FACTION, unplaced // 2, "3.3.2", f"by Overwhelming: {unplaced} warriors of its Recruit could not be placed ({reason})")


def nightmare_point(g: Game) -> None:
    """Nightmare (3.3.1): one VP at the end of Evening."""
    if difficulty(g.state, FACTION) == "nightmare":
        R.score(g, FACTION, 1, "3.3.1", "at the end of Evening (nightmare difficulty)")


# -- Evening ---------------------------------------------------------------------------------
def track_score(s: GameState, kind: str) -> int:
    """VP on the rightmost empty space of a Buildings track (0 if no space is empty)."""
    placed = 6 - s.factions[FACTION].supply.get(kind, 0)
    return TRACK_VP[placed - 1] if placed >= 1 else 0


def score_buildings(g: Game) -> None:
    """4.6.1: score the ordered track; on a bird order, the track that scores most."""
    s = g.state
    if R.has_no_order(g, FACTION, "4.6.1", "scores no Buildings track"):
        return
    suit = R.order_suit(s, FACTION)
    if suit == "bird":
        kind = max(BUILDING_TYPES, key=lambda k: track_score(s, k))
        why = "bird order: the track that scores most"
    else:
        kind = BUILDING_FOR_SUIT[suit]
        why = f"{suit} order"
    vp = track_score(s, kind)
    if vp:
        R.score(g, FACTION, vp, "4.6.1", f"from its {kind} track ({why})")
    else:
        g.emit(FACTION, "4.6.1", "score", "scores nothing from its {kind} track ({reason})", kind=kind, reason=why)
