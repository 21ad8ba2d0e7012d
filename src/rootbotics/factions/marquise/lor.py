"""The Marquise de Cat by the Law of Root (LoR 6), for a seat played by legal moves: its setup,
Birdsong, Daylight (crafting with workshops, then three actions and one more per bird card
spent) and Evening. Field Hospitals (LoR 6.2.3) and the keep (LoR 6.2.2) act through the
faction's hooks in ``faction.py``, whoever's turn it is."""

from __future__ import annotations

from ...core.context import Game
from ...core.lor.battling import ask_battle, can_take_battle
from ...core.lor.cards import ask_card, birds, draw_and_discard, matching, spend
from ...core.lor.crafting import building_pieces, craft_while_wanted
from ...core.lor.effects import daylight_start, evening_start
from ...core.lor.moving import ask_move, can_take_move
from ...core.lor.turn import apply_free_daylight, free_daylight_moves, play_turn
from ...core.maps import CLEARINGS
from ...core.moves import DONE, MOVE_TEXT, Move, ask
from ...core.rules import may_place_in, place_building, place_token, place_warriors, remove_piece, ruled_clearings, score
from ...core.state import GameState
FACTION = "marquise"

BUILDINGS: tuple[str, ...] = ("sawmill", "workshop", "recruiter")
TRACK = 6  # buildings of each kind; the first is placed at setup (LoR 6.3.4-6.3.5)
COST: tuple[int, ...] = (0, 1, 2, 3, 3, 4)  # wood for the n-th building of a kind (the board)
BUILD_VP: dict[str, tuple[int, ...]] = {  # VP uncovered by the n-th building (the board)
    "sawmill": (0, 1, 2, 3, 4, 5),
    "workshop": (0, 2, 2, 3, 4, 5),
    "recruiter": (0, 1, 2, 3, 3, 4),
}
DRAW_BONUS_AT = (3, 5)  # the 3rd and 5th recruiters uncover a draw bonus (the board)
ACTIONS = 3  # LoR 6.5


def placed(state: GameState, kind: str) -> int:
    """Buildings of ``kind`` off the track (those in the supply lie on the track)."""
    return TRACK - state.factions[FACTION].supply.get(kind, 0)


# -- setup (LoR 6.3) -------------------------------------------------------------------------------
def setup(g: Game) -> None:
    """LoR 6.3: the keep in a corner, a warrior everywhere but the opposite corner, then a
    sawmill, a workshop and a recruiter in the keep's clearing or next to it."""
    s = g.state
    corners = [c for c in s.map.corners if may_place_in(s, FACTION, c) and c not in s.start_corners.values()]
    keep = ask(g, FACTION, "setup.keep", "LoR 6.3.2", [Move("clearing", (c,), "LoR 6.3.2") for c in corners], "place the keep in which corner").args[0]
    place_token(g, FACTION, keep, "keep", "LoR 6.3.2")
    s.start_corners[FACTION] = keep
    far = s.map.opposite_corner[keep]
    for c in CLEARINGS:
        if c != far:
            place_warriors(g, FACTION, c, 1, "LoR 6.3.3")
    near = (keep, *s.map.adjacent[keep])
    for kind in BUILDINGS:
        room = [c for c in near if s.free_slots(c) > 0 and may_place_in(s, FACTION, c)]
        c = ask(g, FACTION, f"setup.{kind}", "LoR 6.3.4", [Move("clearing", (c,), "LoR 6.3.4") for c in room], f"place the starting {kind} where").args[0]
        place_building(g, FACTION, c, kind, "LoR 6.3.4")


# -- the turn ---------------------------------------------------------------------------------------
def turn(g: Game) -> None:
    """The seat's turn (LoR 1.4.1)."""
    play_turn(g, FACTION, birdsong, daylight, evening)


def birdsong(g: Game) -> None:
    """LoR 6.4: a wood at each sawmill; with too little wood, the seat picks where (LoR 1.5.4)."""
    s = g.state
    sawmills = [c for c in CLEARINGS for f, k in s.clearings[c].buildings if f == FACTION and k == "sawmill" and may_place_in(s, FACTION, c)]
    wood = s.factions[FACTION].supply.get("wood", 0)
    if len(sawmills) <= wood:
        for c in sawmills:
            place_token(g, FACTION, c, "wood", "LoR 6.4")
        return
    while wood > 0 and sawmills:
        c = ask(g, FACTION, "birdsong.wood", "LoR 1.5.4", [Move("clearing", (c,), "LoR 1.5.4") for c in sorted(set(sawmills))], "too little wood: which sawmill gets one").args[0]
        sawmills.remove(c)
        place_token(g, FACTION, c, "wood", "LoR 6.4")
        wood -= 1


def workshops(state: GameState) -> dict[str, int]:
    """Crafting pieces: a workshop counts for its clearing's suit (LoR 6.2.1)."""
    return building_pieces(state, FACTION, "workshop")


crafting_pieces = workshops  # what a Rootlog line's craft can be paid with (table/published_law.py)


def daylight(g: Game) -> None:
    """LoR 6.5: first craft with workshops, then up to three actions plus one per bird card
    spent, in any order (recruit once)."""
    daylight_start(g, FACTION)
    craft_while_wanted(g, FACTION, workshops(g.state), "daylight.craft", "LoR 6.5", "craft a card with your workshops?")
    actions(g)


def action_moves(state: GameState, left: int, used: set[str]) -> list[Move]:
    """The actions the Marquise may take now (each with a legal way to finish)."""
    out: list[Move] = []
    if left > 0:
        if can_take_battle(state, FACTION):
            out.append(Move("battle", (), "LoR 6.5.1"))
        if can_take_move(state, FACTION):
            out.append(Move("march", (), "LoR 6.5.2"))
        if "recruit" not in used and recruiters(state) and state.factions[FACTION].supply.get("warrior", 0) > 0:
            out.append(Move("recruit", (), "LoR 6.5.3"))
        if build_options(state):
            out.append(Move("build", (), "LoR 6.5.4"))
        if overwork_options(state):
            out.append(Move("overwork", (), "LoR 6.5.5"))
    if birds(state, FACTION):
        out.append(Move("extra_action", (), "LoR 6.5"))
    return out


def actions(g: Game) -> None:
    s = g.state
    left = ACTIONS
    used: set[str] = set()
    while True:
        m = ask(g, FACTION, "daylight.action", "LoR 6.5", [*action_moves(s, left, used), *free_daylight_moves(s, FACTION, used), DONE], "take an action")
        if m is DONE:
            return
        if apply_free_daylight(g, FACTION, m, used):
            continue
        if m.kind == "extra_action":
            card = ask_card(g, FACTION, "extra_action.card", "LoR 6.5", birds(s, FACTION), "spend which bird card")
            spend(g, FACTION, card, "LoR 6.5", "for an extra action")
            left += 1
            continue
        left -= 1
        ACTION[m.kind](g, used)


def battle(g: Game, used: set[str]) -> None:
    ask_battle(g, FACTION, "LoR 6.5.1")


def march(g: Game, used: set[str]) -> None:
    """LoR 6.5.2: up to two moves (the first is taken once March is chosen)."""
    ask_move(g, FACTION, "LoR 6.5.2", step="march")
    if can_take_move(g.state, FACTION):
        ask_move(g, FACTION, "LoR 6.5.2", optional=True, step="march")


def recruiters(state: GameState) -> list[int]:
    """One entry per recruiter on the map where a warrior may be placed."""
    return [c for c in CLEARINGS for f, k in state.clearings[c].buildings if f == FACTION and k == "recruiter" and may_place_in(state, FACTION, c)]


def recruit(g: Game, used: set[str]) -> None:
    """LoR 6.5.3: a warrior at each recruiter, once per turn; with too few warriors, the seat
    picks which recruiters (LoR 1.5.4)."""
    used.add("recruit")
    s = g.state
    spots = recruiters(s)
    supply = s.factions[FACTION].supply.get("warrior", 0)
    if len(spots) <= supply:
        for c in spots:
            place_warriors(g, FACTION, c, 1, "LoR 6.5.3")
        return
    while supply > 0 and spots:
        c = ask(g, FACTION, "recruit.where", "LoR 1.5.4", [Move("clearing", (c,), "LoR 1.5.4") for c in sorted(set(spots))], "too few warriors: which recruiter").args[0]
        spots.remove(c)
        place_warriors(g, FACTION, c, 1, "LoR 6.5.3")
        supply -= 1


def ruled_connected(state: GameState, c: int, ruled: set[int]) -> set[int]:
    """``c`` and the clearings connected to it through clearings the Marquise rules."""
    seen = {c}
    frontier = [c]
    while frontier:
        nxt = []
        for a in frontier:
            for b in state.map.adjacent[a]:
                if b in ruled and b not in seen:
                    seen.add(b)
                    nxt.append(b)
        frontier = nxt
    return seen


def wood_in(state: GameState, clearings: set[int] | list[int]) -> int:
    return sum(state.clearings[a].tokens.count((FACTION, "wood")) for a in clearings)


def wood_sources(state: GameState, c: int) -> list[int]:
    """LoR 6.5.4.2: ``c`` and the clearings connected to it through clearings the Marquise
    rules (``c`` is ruled), with wood in them."""
    near = ruled_connected(state, c, set(ruled_clearings(state, FACTION)))
    return sorted(a for a in near if (FACTION, "wood") in state.clearings[a].tokens)


def wood_near(state: GameState, c: int) -> int:
    return wood_in(state, wood_sources(state, c))


def build_options(state: GameState) -> list[tuple[int, str]]:
    """(clearing, building) pairs the Marquise can build now (LoR 6.5.4.1): a ruled clearing
    with an open slot, a building left on its track, and enough connected wood. The wood is
    counted once per group of connected ruled clearings (they share it, LoR 6.5.4.2)."""
    out: list[tuple[int, str]] = []
    supply = state.factions[FACTION].supply
    kinds = [k for k in BUILDINGS if supply.get(k, 0) > 0]
    if not kinds:
        return out
    ruled = ruled_clearings(state, FACTION)
    ruled_set = set(ruled)
    wood_of: dict[int, int] = {}
    for c in ruled:
        if state.free_slots(c) <= 0 or not may_place_in(state, FACTION, c):
            continue
        if c not in wood_of:
            group = ruled_connected(state, c, ruled_set)
            wood_of.update(dict.fromkeys(group, wood_in(state, group)))
        out.extend((c, k) for k in kinds if COST[placed(state, k)] <= wood_of[c])
    return out


def build(g: Game, used: set[str]) -> None:
    """LoR 6.5.4: a clearing, a building, its wood, then place it and score the space it
    uncovers."""
    s = g.state
    options = build_options(s)
    c = ask(g, FACTION, "build.clearing", "LoR 6.5.4.1", [Move("clearing", (c,), "LoR 6.5.4.1") for c in sorted({c for c, _ in options})], "build where").args[0]
    kind = ask(g, FACTION, "build.building", "LoR 6.5.4.1", [Move("building", (k,), "LoR 6.5.4.1") for cc, k in options if cc == c], f"build what in {c}").args[0]
    n = placed(s, kind)
    pay_wood(g, c, COST[n])
    place_building(g, FACTION, c, kind, "LoR 6.5.4.3")
    score(g, FACTION, BUILD_VP[kind][n], "LoR 6.5.4.3", f"for the {kind} track's uncovered space")


def pay_wood(g: Game, c: int, cost: int) -> None:
    """LoR 6.5.4.2: remove ``cost`` wood from ``c`` and connected ruled clearings; the seat picks
    whose wood when there is a choice."""
    s = g.state
    for _ in range(cost):
        sources = wood_sources(s, c)
        if len(sources) > 1 and wood_near(s, c) > cost:
            a = ask(g, FACTION, "build.wood", "LoR 6.5.4.2", [Move("clearing", (a,), "LoR 6.5.4.2") for a in sources], "take wood from which clearing").args[0]
        else:
            a = sources[0]
        remove_piece(g, FACTION, a, "wood", "LoR 6.5.4.2")
        cost -= 1
        if cost == 0:
            return


def overwork_options(state: GameState) -> list[int]:
    """Sawmill clearings where the Marquise may place a wood for a matching card (LoR 6.5.5)."""
    if state.factions[FACTION].supply.get("wood", 0) <= 0:
        return []
    out = []
    for c in CLEARINGS:
        if (FACTION, "sawmill") in state.clearings[c].buildings and may_place_in(state, FACTION, c) and matching(state, FACTION, state.suits[c] or ""):
            out.append(c)
    return out


def overwork(g: Game, used: set[str]) -> None:
    s = g.state
    c = ask(g, FACTION, "overwork.clearing", "LoR 6.5.5", [Move("clearing", (c,), "LoR 6.5.5") for c in overwork_options(s)], "overwork at which sawmill").args[0]
    card = ask_card(g, FACTION, "overwork.card", "LoR 6.5.5", matching(s, FACTION, s.suits[c] or ""), f"spend which card matching {c}")
    spend(g, FACTION, card, "LoR 6.5.5", f"to overwork the sawmill in {c}")
    place_token(g, FACTION, c, "wood", "LoR 6.5.5")


ACTION = {"battle": battle, "march": march, "recruit": recruit, "build": build, "overwork": overwork}


def evening(g: Game) -> None:
    """LoR 6.6: draw one card plus one per uncovered draw bonus, then discard down to five."""
    evening_start(g, FACTION)
    bonus = sum(1 for n in DRAW_BONUS_AT if placed(g.state, "recruiter") >= n)
    draw_and_discard(g, FACTION, 1 + bonus, "LoR 6.6")


MOVE_TEXT["battle"] = lambda m: "Battle"
MOVE_TEXT["march"] = lambda m: "March: up to two moves"
MOVE_TEXT["recruit"] = lambda m: "Recruit: a warrior at each recruiter"
MOVE_TEXT["build"] = lambda m: "Build"
MOVE_TEXT["overwork"] = lambda m: "Overwork: spend a card matching a sawmill's clearing for a wood"
MOVE_TEXT["extra_action"] = lambda m: "spend a bird card for an extra action"
MOVE_TEXT["building"] = lambda m: f"a {m.args[0]}"
