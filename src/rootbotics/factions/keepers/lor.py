"""The Keepers in Iron by the Law of Root (LoR 15), for a seat played by legal moves: setup (relics
face down in the forests, two groups of four warriors, the Faithful Retainers), Birdsong (Encamp,
Decamp, Recruit), Daylight (crafting with waystations, then the Retinue's three columns: Move;
Battle then Delve; Move or Recover) and Evening (Live Off the Land, Gather Retinue, the draw).

A face-down relic's value is known to no seat: a choice among face-down relics names only the
forest and the type, and which of the like relics it is, is drawn by chance (``g.chance``); no
event names a value before the relic shows it. Prized Trophies (LoR 15.2.5) is
:func:`prized_trophy`, called by the faction's hook when another seat removes a relic."""

from __future__ import annotations

from ...core.context import Game
from ...core.lor.battling import defenders
from ...core.battle import battle
from ...core.lor.cards import ask_card, card_label, card_moves, draw_and_discard, matching, spend
from ...core.lor.crafting import CRAFT_SUITS, craft, craft_moves
from ...core.lor.effects import daylight_start, evening_start
from ...core.lor.offers import offer_between_steps
from ...core.lor.moving import ask_move, can_take_move
from ...core.lor.turn import apply_free_daylight, free_daylight_moves, play_turn
from ...core.cards import card_keys
from ...core.maps import CLEARINGS
from ...core.moves import DONE, MOVE_TEXT, Move, ask, yes_no
from ...core.rules import (
    discard, matches, may_place_in, place_building, place_warriors, remove_piece, remove_warriors, rules, ruled_clearings, score, snared,
)
from ...core.state import GameState
from .board import (
    COLUMNS, KEEPERS, RELIC_BOX, RELIC_KINDS, RETAINER, RETINUE_LIMIT, WAYSTATIONS, KeepersBoard, relic_type, relic_value,
)

FACTION = KEEPERS
SETUP_WARRIORS = 4  # LoR 15.3.3, twice
RECRUIT = 2  # LoR 15.4.3
CROWDED = 4  # LoR 15.6.1
FILLED_COLUMN_VP = 2  # LoR 15.5.2.3.2
DELVE_COLUMN, RECOVER_COLUMN = 1, 2  # the Retinue columns whose card a delve or a recovery may cost


def board(state: GameState) -> KeepersBoard:
    b = state.factions[FACTION].board
    assert isinstance(b, KeepersBoard), "the Keepers' board is missing"
    return b


def waystations_in(state: GameState, c: int) -> list[str]:
    return [k for f, k in state.clearings[c].buildings if f == FACTION and k in WAYSTATIONS]


def relics_in_clearing(state: GameState, c: int) -> list[str]:
    return [k for f, k in state.clearings[c].tokens if f == FACTION and k in RELIC_KINDS]


def card_suit(state: GameState, cid: int) -> str:
    """A Retinue card's suit; a Faithful Retainer is a bird card (ruling R-KEEPERS-RETAINERS)."""
    return "bird" if cid == RETAINER else state.deckdef.cards[cid].suit


def matching_clearings(state: GameState, cid: int) -> list[int]:
    suit = card_suit(state, cid)
    return [c for c in CLEARINGS if matches(suit, state.suits[c] or "")]


def shown(kind: str, up: bool) -> dict[str, object]:
    """What an event may say of a relic: its type, and its value only when it shows (LoR 15.2.1)."""
    if up:
        return {"relic": relic_type(kind), "value": relic_value(kind), "shown": f"worth {relic_value(kind)}"}
    return {"relic": relic_type(kind), "shown": "face down"}


def lay_in_forest(g: Game, forest: int, kind: str, up: bool, rule: str) -> None:
    """A relic into a forest: from the face-down pile in setup, else from the supply."""
    b = board(g.state)
    if not up and kind in b.pile:
        b.pile.remove(kind)
    else:
        g.state.factions[FACTION].supply[kind] -= 1
    b.relics_in(forest).append((kind, up))
    g.emit(FACTION, rule, "relic_forest", "lays a {relic} relic ({shown}) in forest {forest}", **shown(kind, up), forest=forest)


# -- setup (LoR 15.3) ------------------------------------------------------------------------------
def setup(g: Game) -> None:
    s = g.state
    b = board(s)
    supply = s.factions[FACTION].supply
    for k in RELIC_BOX:  # 15.3.1: all twelve, face down
        b.pile.extend([k] * supply.get(k, 0))
        supply[k] = 0
    g.emit(FACTION, "LoR 15.3.1", "setup", "shuffles its twelve relics face down")
    pool = b.pile
    for i in range(len(s.map.forests)):  # 15.3.1: one relic at random in each forest, face down
        if pool:
            kind = g.chance.pick(pool, f"which relic lies face down in forest {i} (LoR 15.3.1)")
            lay_in_forest(g, i, kind, False, "LoR 15.3.1")
    corner = setup_corner(g)
    place_warriors(g, FACTION, corner, SETUP_WARRIORS, "LoR 15.3.3")
    s.start_corners[FACTION] = corner
    edges = [c for c in s.map.adjacent[corner] if c in s.map.edge_loop and may_place_in(s, FACTION, c)]
    if edges:
        c = ask(g, FACTION, "setup.edge", "LoR 15.3.3", [Move("clearing", (c,), "LoR 15.3.3") for c in edges], "place four warriors in which edge clearing next to it").args[0]
        place_warriors(g, FACTION, c, SETUP_WARRIORS, "LoR 15.3.3")
    remaining_relics(g, pool)
    for col in b.retinue:  # 15.3.5
        col.append(RETAINER)
    g.emit(FACTION, "LoR 15.3.5", "retinue", "tucks a Faithful Retainer into each Retinue column")


def setup_corners(state: GameState) -> list[int]:
    """LoR 15.3.3: a corner no other seat starts in, diagonally opposite one that another starts in
    when any such is free."""
    taken = {c for f, c in state.start_corners.items() if f != FACTION}
    free = [c for c in state.map.corners if c not in taken and may_place_in(state, FACTION, c)]
    opposite = [c for c in free if any(state.map.opposite_corner.get(t) == c for t in taken)]
    return opposite or free or [c for c in state.map.corners if may_place_in(state, FACTION, c)]


def setup_corner(g: Game) -> int:
    options = setup_corners(g.state)
    return ask(g, FACTION, "setup.corner", "LoR 15.3.3", [Move("clearing", (c,), "LoR 15.3.3") for c in options], "place four warriors in which corner").args[0]


def remaining_relics(g: Game, pool: list[str]) -> None:
    """LoR 15.3.4: the other relics at random, as evenly as possible, in the forests next to no
    clearing with Keeper warriors (all forests if every one is next to one: ruling R-KEEPERS-SETUP)."""
    s = g.state
    b = board(s)
    far = [i for i, f in enumerate(s.map.forests) if not any(s.clearings[c].warriors.get(FACTION, 0) for c in f)]
    forests = far or list(range(len(s.map.forests)))
    while pool:
        fewest = min(len(b.relics_in(i)) for i in forests)
        forest = g.chance.pick([i for i in forests if len(b.relics_in(i)) == fewest], "which forest gets the next relic (LoR 15.3.4)")
        kind = g.chance.pick(pool, f"which relic lies face down in forest {forest} (LoR 15.3.4)")
        lay_in_forest(g, forest, kind, False, "LoR 15.3.4")


# -- the turn ----------------------------------------------------------------------------------------
def turn(g: Game) -> None:
    play_turn(g, FACTION, birdsong, daylight, evening)


def birdsong(g: Game) -> None:
    """LoR 15.4: Encamp, Decamp, Recruit, in that order."""
    encamp(g)
    decamp(g)
    recruit(g)


def placeable(state: GameState, c: int) -> bool:
    return may_place_in(state, FACTION, c) and not snared(state, FACTION, c)


def spare_waystations(state: GameState) -> list[str]:
    return [k for k in WAYSTATIONS if state.factions[FACTION].supply.get(k, 0) > 0]


def encamp_clearings(state: GameState, done: set[int]) -> list[int]:
    if not spare_waystations(state):
        return []
    return [c for c in CLEARINGS if c not in done and state.clearings[c].warriors.get(FACTION, 0) > 0 and state.free_slots(c) > 0 and placeable(state, c)]


def ask_waystation(g: Game, step: str, rule: str, c: int, kinds: list[str]) -> tuple[str, str]:
    """Which waystation, then which of its sides shows (LoR 15.4.1: face up or face down)."""
    kind = kinds[0] if len(kinds) == 1 else ask(g, FACTION, f"{step}.waystation", rule, [Move("building", (k,), rule) for k in kinds], f"which waystation in {c}").args[0]
    face = ask(g, FACTION, f"{step}.face", rule, [Move("face", (t,), rule) for t in WAYSTATIONS[kind]], f"which relic type shows on the waystation in {c}").args[0]
    return kind, face


def put_waystation(g: Game, c: int, kind: str, face: str, rule: str) -> None:
    faces = board(g.state).faces
    faces[kind] = face  # kept before the piece lands: the map never holds a waystation of no face
    if place_building(g, FACTION, c, kind, rule):
        g.emit(FACTION, rule, "waystation_face", "the waystation in {c} shows {face}", c=c, face=face)
    else:
        del faces[kind]


def encamp(g: Game) -> None:
    """LoR 15.4.1: once per clearing, a waystation instead of a Keeper warrior; with no warrior
    nor waystation in any clearing, a waystation and a warrior in an edge clearing instead."""
    s = g.state
    if not any(s.clearings[c].warriors.get(FACTION, 0) or waystations_in(s, c) for c in CLEARINGS):
        restart(g)
        return
    done: set[int] = set()
    while options := encamp_clearings(s, done):
        m = ask(g, FACTION, "birdsong.encamp", "LoR 15.4.1", [*(Move("clearing", (c,), "LoR 15.4.1") for c in options), DONE], "encamp: replace a warrior with a waystation where")
        if m is DONE:
            return
        c = m.args[0]
        done.add(c)
        kind, face = ask_waystation(g, "encamp", "LoR 15.4.1", c, spare_waystations(s))
        remove_warriors(g, FACTION, c, 1, "LoR 15.4.1")
        put_waystation(g, c, kind, face, "LoR 15.4.1")


def restart(g: Game) -> None:
    """LoR 15.4.1 with nothing in any clearing: a waystation and a warrior on the map's edge
    (either alone when the other cannot be placed, LoR 1.5.4)."""
    s = g.state
    spare = spare_waystations(s)
    warrior = s.factions[FACTION].supply.get("warrior", 0) > 0
    edges = [c for c in s.map.edge_loop if placeable(s, c) and ((spare and s.free_slots(c) > 0) or warrior)]
    if not edges or not (spare or warrior):
        return
    c = ask(g, FACTION, "birdsong.restart", "LoR 15.4.1", [Move("clearing", (c,), "LoR 15.4.1") for c in sorted(edges)], "place a waystation and a warrior in which edge clearing").args[0]
    if spare and s.free_slots(c) > 0:
        kind, face = ask_waystation(g, "restart", "LoR 15.4.1", c, spare)
        put_waystation(g, c, kind, face, "LoR 15.4.1")
    place_warriors(g, FACTION, c, 1, "LoR 15.4.1")


def decamp(g: Game) -> None:
    """LoR 15.4.2: once per clearing, a Keeper warrior instead of a waystation."""
    s = g.state
    done: set[int] = set()
    while True:
        options = [c for c in CLEARINGS if c not in done and waystations_in(s, c) and s.factions[FACTION].supply.get("warrior", 0) > 0 and placeable(s, c)]
        if not options:
            return
        m = ask(g, FACTION, "birdsong.decamp", "LoR 15.4.2", [*(Move("clearing", (c,), "LoR 15.4.2") for c in options), DONE], "decamp: replace a waystation with a warrior where")
        if m is DONE:
            return
        c = m.args[0]
        done.add(c)
        kinds = waystations_in(s, c)
        kind = kinds[0] if len(kinds) == 1 else ask(g, FACTION, "decamp.waystation", "LoR 15.4.2", [Move("building", (k,), "LoR 15.4.2") for k in kinds], f"which waystation in {c}").args[0]
        remove_piece(g, FACTION, c, kind, "LoR 15.4.2")
        place_warriors(g, FACTION, c, 1, "LoR 15.4.2")


def recruit(g: Game) -> None:
    """LoR 15.4.3: any number of times, a card for two warriors at a waystation of its suit."""
    s = g.state
    while True:
        if s.factions[FACTION].supply.get("warrior", 0) <= 0:
            return
        options = sorted({c for c in CLEARINGS if waystations_in(s, c) and placeable(s, c) and matching(s, FACTION, s.suits[c] or "")})
        if not options:
            return
        m = ask(g, FACTION, "birdsong.recruit", "LoR 15.4.3", [*(Move("clearing", (c,), "LoR 15.4.3") for c in options), DONE], "recruit at which waystation")
        if m is DONE:
            return
        c = m.args[0]
        card = ask_card(g, FACTION, "recruit.card", "LoR 15.4.3", matching(s, FACTION, s.suits[c] or ""), f"spend which card matching {c}")
        spend(g, FACTION, card, "LoR 15.4.3", f"to recruit at the waystation in {c}")
        place_warriors(g, FACTION, c, RECRUIT, "LoR 15.4.3")


# -- Daylight (LoR 15.5) -------------------------------------------------------------------------------
def waystation_pieces(state: GameState) -> dict[str, int]:
    """Crafting pieces: each waystation counts for its clearing's suit (LoR 15.2.3)."""
    pieces = dict.fromkeys(CRAFT_SUITS, 0)
    for c in CLEARINGS:
        n = len(waystations_in(state, c))
        if n:
            suit = state.suits[c] or ""
            pieces[suit] = pieces.get(suit, 0) + n
    return pieces


def daylight(g: Game) -> None:
    daylight_start(g, FACTION)
    pieces = waystation_pieces(g.state)
    while moves := craft_moves(g.state, FACTION, pieces, "LoR 15.5.1"):
        m = ask(g, FACTION, "daylight.craft", "LoR 15.5.1", [*moves, DONE], "craft a card with your waystations?")
        if m is DONE:
            break
        craft(g, FACTION, m.args[0], pieces, "LoR 15.5.1")
    used: set[str] = set()
    for col in range(len(COLUMNS)):
        act_column(g, col, used)


def act_column(g: Game, col: int, used: set[str]) -> None:
    """LoR 15.5.2: the column's action once for each of its cards, in any order (or not)."""
    s = g.state
    pending = list(board(s).retinue[col])
    rule = COLUMN_RULE[col]
    while True:
        usable = [cid for cid in dict.fromkeys(pending) if COLUMN_ABLE[col](s, cid)]
        options = _distinct(s, usable, col, rule)
        m = ask(g, FACTION, f"daylight.{COLUMNS[col]}", rule, [*options, *free_daylight_moves(s, FACTION, used), DONE], f"Retinue, {COLUMNS[col].replace('_', ' ')}: act with which card")
        if m is DONE:
            return
        if apply_free_daylight(g, FACTION, m, used):
            continue
        cid = m.args[1]
        pending.remove(cid)
        COLUMN_ACT[col](g, cid)


def _distinct(state: GameState, cards: list[int], col: int, rule: str) -> list[Move]:
    """One move per distinct card (two copies act alike); a Faithful Retainer once."""
    keys = card_keys(state.deckdef)
    seen: set[str] = set()
    out = []
    for cid in cards:
        key = "retainer" if cid == RETAINER else keys[cid]
        if key not in seen:
            seen.add(key)
            out.append(Move("retinue", (col, cid), rule, "" if cid == RETAINER else card_label(cid, state)))
    return out


def lose_retinue_card(g: Game, col: int, cid: int, rule: str, why: str) -> None:
    """Discard a Retinue card: a deck card to the discard pile, a Faithful Retainer out of the
    game (ruling R-KEEPERS-RETAINERS). The event is told while the card still lies there."""
    s = g.state
    if cid == RETAINER:
        g.emit(FACTION, rule, "retinue_discard", "discards a Faithful Retainer from its Retinue {reason}: it leaves the game", card="Faithful Retainer", reason=why)
    else:
        card = s.deckdef.cards[cid]
        g.emit(FACTION, rule, "retinue_discard", "discards {card} from its Retinue {reason}", card=card.label(), card_id=card.name, reason=why)
    board(s).retinue[col].remove(cid)  # the card of this column that acted
    if cid != RETAINER:
        discard(g, cid)


# LoR 15.5.2.1: Move
def can_move_with(state: GameState, cid: int) -> bool:
    return can_take_move(state, FACTION, matching_clearings(state, cid))


def move_with(g: Game, cid: int) -> None:
    keeper_move(g, "LoR 15.5.2.1", matching_clearings(g.state, cid), "retinue.move")


def keeper_move(g: Game, rule: str, among: list[int], step: str) -> None:
    """A move (LoR 4.2), then one relic along with each warrior moved, as the seat likes
    (Devout Knights, LoR 15.2.4)."""
    s = g.state
    before = {c: s.clearings[c].warriors.get(FACTION, 0) for c in CLEARINGS}
    moved = ask_move(g, FACTION, rule, among, step=step)
    if moved is None:
        return
    a, b, _ = moved
    n = s.clearings[b].warriors.get(FACTION, 0) - before[b]  # none when a snare held them (LoR 13.3.2)
    for _ in range(n):
        relics = sorted(set(relics_in_clearing(s, a)))
        if not relics:
            return
        m = ask(g, FACTION, f"{step}.relic", "LoR 15.2.4", [*(Move("piece", (k,), "LoR 15.2.4") for k in relics), DONE], f"carry a relic from {a} to {b}?")
        if m is DONE:
            return
        s.clearings[a].tokens.remove((FACTION, m.args[0]))
        s.clearings[b].tokens.append((FACTION, m.args[0]))
        g.emit(FACTION, "LoR 15.2.4", "relic_move", "carries a {relic} relic ({shown}) from {a} to {b}", **shown(m.args[0], True), a=a, b=b)


# LoR 15.5.2.2: Battle then Delve
def delve_forests(state: GameState, c: int) -> list[int]:
    """Forests next to ``c`` with a relic, when the Keepers rule ``c`` with a warrior there."""
    if state.clearings[c].warriors.get(FACTION, 0) <= 0 or not rules(state, FACTION, c):
        return []
    b = board(state)
    return [i for i in state.map.forests_of(c) if b.relics_in(i)]


def battle_delve_clearings(state: GameState, cid: int) -> list[int]:
    return [c for c in matching_clearings(state, cid) if defenders(state, FACTION, c) or delve_forests(state, c)]


def can_battle_delve(state: GameState, cid: int) -> bool:
    return bool(battle_delve_clearings(state, cid))


def battle_delve(g: Game, cid: int) -> None:
    """LoR 15.5.2.2: a battle if any enemy there can be battled, then a delve if the seat rules
    the clearing with a warrior there."""
    s = g.state
    rule = "LoR 15.5.2.2"
    c = ask(g, FACTION, "delve.clearing", rule, [Move("clearing", (c,), rule) for c in battle_delve_clearings(s, cid)], "battle then delve in which clearing").args[0]
    foes = defenders(s, FACTION, c)
    if foes:
        d = foes[0] if len(foes) == 1 else ask(g, FACTION, "delve.defender", rule, [Move("defender", (f,), rule) for f in foes], f"battle whom in {c}").args[0]
        battle(g, FACTION, d, c, rule)
    if delve_forests(s, c) and yes_no(g, FACTION, "delve.delve", rule, f"delve from a forest next to {c}?"):
        delve(g, cid, c)


def forest_relic_moves(state: GameState, forest: int, rule: str) -> list[Move]:
    """A face-down relic is told apart from another only by its type; a face-up one by its value."""
    out: list[Move] = []
    for kind, up in board(state).relics_in(forest):
        m = Move("piece", (kind,), rule) if up else Move("relic", (relic_type(kind),), rule)
        if m not in out:
            out.append(m)
    return out


def delve(g: Game, cid: int, c: int) -> None:
    """LoR 15.5.2.2.1-2: flip a relic of a forest next to ``c`` and bring it in; discard the card
    when the seat rules fewer clearings around that forest than the relic is worth."""
    s = g.state
    b = board(s)
    forests = delve_forests(s, c)
    forest = forests[0] if len(forests) == 1 else ask(g, FACTION, "delve.forest", "LoR 15.5.2.2.1", [Move("forest", (i,), "LoR 15.5.2.2.1") for i in forests], "delve from which forest").args[0]
    options = forest_relic_moves(s, forest, "LoR 15.5.2.2.1")
    pick = options[0] if len(options) == 1 else ask(g, FACTION, "delve.relic", "LoR 15.5.2.2.1", options, f"which relic of forest {forest}")
    relics = b.relics_in(forest)
    if pick.kind == "piece":
        relic = (pick.args[0], True)
    else:  # which of the like face-down relics it is: nobody knows (LoR 15.3.1)
        alike = [r for r in relics if not r[1] and relic_type(r[0]) == pick.args[0]]
        relic = alike[0] if len({r[0] for r in alike}) == 1 else g.chance.pick(alike, f"which face-down {pick.args[0]} relic of forest {forest} (LoR 15.3.1)")
    relics.remove(relic)
    kind = relic[0]
    s.clearings[c].tokens.append((FACTION, kind))
    g.emit(FACTION, "LoR 15.5.2.2.1", "delve", "delves a {relic} relic ({shown}) out of forest {forest} into {c}", **shown(kind, True), forest=forest, c=c)
    ruled = sum(1 for x in s.map.forests[forest] if rules(s, FACTION, x))
    if ruled < relic_value(kind):  # 15.5.2.2.2
        lose_retinue_card(g, DELVE_COLUMN, cid, "LoR 15.5.2.2.2", f"(it rules {ruled} clearing{'s' if ruled != 1 else ''} around the forest, fewer than {relic_value(kind)})")


# LoR 15.5.2.3: Move or Recover
def recoverable(state: GameState, c: int) -> list[str]:
    """Relics in ``c`` of a type a waystation there shows (LoR 15.5.2.3.1)."""
    faces = {board(state).faces.get(k) for k in waystations_in(state, c)}
    return sorted({k for k in relics_in_clearing(state, c) if relic_type(k) in faces})


def recover_clearings(state: GameState, cid: int) -> list[int]:
    return [c for c in matching_clearings(state, cid) if recoverable(state, c)]


def can_move_or_recover(state: GameState, cid: int) -> bool:
    return can_move_with(state, cid) or bool(recover_clearings(state, cid))


def move_or_recover(g: Game, cid: int) -> None:
    s = g.state
    rule = "LoR 15.5.2.3"
    options = [Move("move", (), rule)] if can_move_with(s, cid) else []
    options += [Move("recover", (c,), rule) for c in recover_clearings(s, cid)]
    m = ask(g, FACTION, "recover.action", rule, options, "move, or recover relics from which clearing")
    if m.kind == "move":
        keeper_move(g, rule, matching_clearings(s, cid), "retinue.move_recover")
    else:
        recover(g, cid, m.args[0])


def recover(g: Game, cid: int, c: int) -> None:
    """LoR 15.5.2.3.1-3: take relics one at a time, scoring each; stop and discard the card when
    the seat rules fewer clearings of ``c``'s suit than the relic is worth."""
    s = g.state
    while True:
        kinds = recoverable(s, c)
        kind = kinds[0] if len(kinds) == 1 else ask(g, FACTION, "recover.relic", "LoR 15.5.2.3.1", [Move("piece", (k,), "LoR 15.5.2.3.1") for k in kinds], f"recover which relic in {c}").args[0]
        take_relic(g, c, kind)
        ruled = sum(1 for x in ruled_clearings(s, FACTION) if s.suits[x] == s.suits[c])
        if ruled < relic_value(kind):  # 15.5.2.3.3
            lose_retinue_card(g, RECOVER_COLUMN, cid, "LoR 15.5.2.3.3", f"(it rules {ruled} {s.suits[c]} clearing{'s' if ruled != 1 else ''}, fewer than {relic_value(kind)})")
            return
        if not recoverable(s, c) or not yes_no(g, FACTION, "recover.again", "LoR 15.5.2.3.3", f"recover another relic in {c}?"):
            return


def take_relic(g: Game, c: int, kind: str) -> None:
    """LoR 15.5.2.3.1-2: the relic to its type's leftmost empty Relics space; its value in VP,
    and two more when that fills a Relics column."""
    s = g.state
    b = board(s)
    before = b.filled_columns()
    s.clearings[c].tokens.remove((FACTION, kind))
    b.recovered[relic_type(kind)].append(relic_value(kind))
    g.emit(FACTION, "LoR 15.5.2.3.1", "recover", "recovers a {relic} relic ({shown}) from {c}", **shown(kind, True), c=c)
    score(g, FACTION, relic_value(kind), "LoR 15.5.2.3.2", f"for recovering a {relic_type(kind)} relic")
    if b.filled_columns() > before:
        score(g, FACTION, FILLED_COLUMN_VP, "LoR 15.5.2.3.2", "for filling a Relics column")


COLUMN_RULE = ("LoR 15.5.2.1", "LoR 15.5.2.2", "LoR 15.5.2.3")
COLUMN_ABLE = (can_move_with, can_battle_delve, can_move_or_recover)
COLUMN_ACT = (move_with, battle_delve, move_or_recover)


# -- Evening (LoR 15.6) ---------------------------------------------------------------------------------
def evening(g: Game) -> None:
    evening_start(g, FACTION)
    offer_between_steps(g, FACTION)  # before 15.6.1, 15.6.2 and 15.6.3, the last (LoR 1.4.3)
    live_off_the_land(g)
    offer_between_steps(g, FACTION)
    gather_retinue(g)
    offer_between_steps(g, FACTION)
    waystations = sum(len(waystations_in(g.state, c)) for c in CLEARINGS)
    draw_and_discard(g, FACTION, 1 + waystations, "LoR 15.6.3")


def live_off_the_land(g: Game) -> None:
    """LoR 15.6.1: one warrior fewer in each clearing with four or more."""
    s = g.state
    for c in CLEARINGS:
        if s.clearings[c].warriors.get(FACTION, 0) >= CROWDED:
            remove_warriors(g, FACTION, c, 1, "LoR 15.6.1")


def gather_retinue(g: Game) -> None:
    """LoR 15.6.2: add cards from hand to any columns, or shift one Retinue card to another."""
    s = g.state
    b = board(s)
    options = []
    if s.factions[FACTION].hand and b.retinue_size() < RETINUE_LIMIT:
        options.append(Move("add_retinue", (), "LoR 15.6.2"))
    if b.retinue_size():
        options.append(Move("shift_retinue", (), "LoR 15.6.2"))
    if not options:
        return
    m = ask(g, FACTION, "evening.retinue", "LoR 15.6.2", [*options, DONE], "add cards to the Retinue, or shift one card?")
    if m is DONE:
        return
    if m.kind == "add_retinue":
        add_to_retinue(g)
    else:
        shift_in_retinue(g)


def ask_column(g: Game, step: str, prompt: str, but: int | None = None) -> int:
    return ask(g, FACTION, step, "LoR 15.6.2", [Move("slot", (n,), "LoR 15.6.2") for n in range(len(COLUMNS)) if n != but], prompt).args[0]


def add_to_retinue(g: Game) -> None:
    s = g.state
    b = board(s)
    fs = s.factions[FACTION]
    while fs.hand and b.retinue_size() < RETINUE_LIMIT:
        m = ask(g, FACTION, "retinue.card", "LoR 15.6.2", [*card_moves(s, fs.hand, "LoR 15.6.2"), DONE], "add which card to the Retinue")
        if m is DONE:
            return
        cid = m.args[0]
        col = ask_column(g, "retinue.column", "into which Retinue column")
        fs.hand.remove(cid)
        b.retinue[col].append(cid)
        card = s.deckdef.cards[cid]
        g.emit(FACTION, "LoR 15.6.2", "retinue", "adds {card} to its Retinue ({column})", card=card.label(), card_id=card.name, column=COLUMNS[col])


def shift_in_retinue(g: Game) -> None:
    s = g.state
    b = board(s)
    options: list[Move] = []
    for col in range(len(COLUMNS)):
        options += _distinct(s, b.retinue[col], col, "LoR 15.6.2")
    m = ask(g, FACTION, "retinue.shift", "LoR 15.6.2", options, "shift which Retinue card")
    col, cid = m.args
    to = ask_column(g, "retinue.to", "into which other column", but=col)
    b.retinue[col].remove(cid)
    b.retinue[to].append(cid)
    name = "a Faithful Retainer" if cid == RETAINER else s.deckdef.cards[cid].label()
    g.emit(FACTION, "LoR 15.6.2", "retinue", "shifts {card} in its Retinue to {column}", card=name, column=COLUMNS[to])


# -- Prized Trophies (LoR 15.2.5), set off by another seat --------------------------------------------------
def prized_trophy(g: Game, c: int, kind: str, by: str | None) -> None:
    """A relic removed from ``c`` (already back in the supply) goes face up into a forest the
    remover picks (a bot's, or one with no remover: at random among the forests around ``c``,
    ruling R-KEEPERS-TROPHY); an enemy remover scores one more VP."""
    s = g.state
    forests = list(range(len(s.map.forests)))
    if by is not None and by in s.factions and _asks(g, by):
        forest = ask(g, by, "trophy.forest", "LoR 15.2.5", [Move("trophy_forest", (i,), "LoR 15.2.5") for i in forests], f"place the relic removed from {c} in which forest").args[0]
    else:
        forest = g.chance.pick(list(s.map.forests_of(c)) or forests, f"which forest the relic removed from {c} goes to (ruling R-KEEPERS-TROPHY)")
    lay_in_forest(g, forest, kind, True, "LoR 15.2.5")
    if by is not None and by != FACTION and by in s.factions and s.is_enemy(by, FACTION):
        score(g, by, 1, "LoR 15.2.5", "more for removing a relic (Prized Trophies)")


def _asks(g: Game, seat: str) -> bool:
    """A human seat whose controller answers legal moves (a program, or law mode at the table)."""
    if g.state.factions[seat].is_bot:
        return False
    controller = g.controllers.get(seat)
    if not hasattr(controller, "choose"):
        return False
    law = getattr(controller, "law", None)
    return law is None or seat in law


MOVE_TEXT["retinue"] = lambda m: f"{'a Faithful Retainer' if m.args[1] == RETAINER else _label(m)} in the {COLUMNS[m.args[0]].replace('_', ' ')} column"
MOVE_TEXT["face"] = lambda m: f"the {m.args[0]} side up"
MOVE_TEXT["relic"] = lambda m: f"a face-down {m.args[0]} relic"
MOVE_TEXT["recover"] = lambda m: f"recover relics in {m.args[0]}"
MOVE_TEXT["add_retinue"] = lambda m: "add cards from hand to the Retinue"
MOVE_TEXT["shift_retinue"] = lambda m: "shift one Retinue card to another column"
MOVE_TEXT["slot"] = lambda m: f"the {COLUMNS[m.args[0]].replace('_', ' ')} column"
MOVE_TEXT["trophy_forest"] = lambda m: f"forest {m.args[0]}"


def _label(m: Move) -> str:
    return m.card or f"card {m.args[1]}"


