"""The Lord of the Hundreds by the Law of Root (LoR 14), for a seat played by legal moves: setup
(LoR 14.3), Birdsong (raze, recruit, anoint, choose a mood; LoR 14.4), Daylight (craft with
strongholds, command the Hundreds, advance the warlord; LoR 14.5), Evening (incite, oppress,
draw; LoR 14.6) and the moods (LoR 14.7). What acts on other seats' turns (the warlord kept
outside battle, the moods in battle, Looters, Contempt for Trade) is in ``faction.py``'s hooks,
which call the functions here."""

from __future__ import annotations

from ...core.battle import battle
from ...core.context import Game
from ...core.lor.battling import battle_clearings, defenders
from ...core.lor.cards import ask_card, draw_and_discard, matching, spend
from ...core.lor.crafting import building_pieces, craft_while_wanted
from ...core.lor.effects import daylight_start, evening_start
from ...core.lor.offers import offer_between_steps, take_turn_offer, turn_offers
from ...core.lor.moving import ask_move, can_take_move, destinations
from ...core.lor.turn import apply_free_daylight, free_daylight_moves, play_turn
from ...core.maps import CLEARINGS
from ...core.moves import DONE, MOVE_TEXT, Move, ask, yes_no
from ...core.rules import may_place_in, move_warriors, one_removal, place_building, place_token, place_warriors, remove_piece, rules, score, snared
from ...core.setup_order import setup_rank
from ...core.state import GameState
from .board import FACTION, TRACK_SPACES, TRACKS, HoardItem, HundredsBoard, board_of, regular_supply, track_of, warlord_clearing

MOB_DIE: tuple[str, ...] = ("fox", "fox", "rabbit", "rabbit", "mouse", "mouse")  # ruling R-HUNDREDS-MOB-DIE
GARRISON_WARRIORS = 4  # LoR 14.3.2
OPPRESS_VP: tuple[int, ...] = (0, 1, 1, 2, 2, 3, 4)  # by clearings oppressed, six or more scoring 4 (LoR 14.6.2)
JUBILANT_ROLLS = 4  # LoR 14.7.3
LAVISH_WARRIORS = 2  # per item removed (LoR 14.7.4)


def board(g: Game) -> HundredsBoard:
    b = board_of(g.state)
    if b is None:
        b = HundredsBoard()
        g.state.factions[FACTION].board = b
    return b


def clearing_moves(cs: list[int] | set[int], rule: str) -> list[Move]:
    return [Move("clearing", (c,), rule) for c in sorted(cs)]


# -- setup (LoR 14.3) ------------------------------------------------------------------------------
def garrison_corners(state: GameState) -> list[int]:
    """LoR 14.3.2: a corner that is no other player's starting corner, diagonally opposite one
    if any such corner can be had."""
    taken = set(state.start_corners.values())
    free = [c for c in state.map.corners if c not in taken and may_place_in(state, FACTION, c) and state.free_slots(c) > 0]
    opposite = [c for c in free if state.map.opposite_corner[c] in taken]
    return opposite or free


def setup(g: Game) -> None:
    """LoR 14.3: the warlord, four warriors and a stronghold in a corner; the ruins' items; the
    Stubborn mood."""
    s = g.state
    b = board(g)
    corners = garrison_corners(s)
    if corners:
        c = ask(g, FACTION, "setup.corner", "LoR 14.3.2", clearing_moves(corners, "LoR 14.3.2"), "garrison which corner").args[0]
        s.start_corners[FACTION] = c
        b.warlord = c  # the warlord is the first warrior placed there (ruling R-HUNDREDS-WARLORD)
        place_warriors(g, FACTION, c, 1 + GARRISON_WARRIORS, "LoR 14.3.2", why=lambda: "the warlord and four warriors")
        place_building(g, FACTION, c, "stronghold", "LoR 14.3.2")
    else:  # five factions starting in corners (LoR 5): ruling R-HUNDREDS-NO-CORNER
        g.emit(FACTION, "LoR 14.3.2", "setup", "finds no corner to garrison: every corner is another player's or full")
    place_ruin_items(g)
    b.mood = "stubborn"
    g.emit(FACTION, "LoR 14.3.4", "mood", "lays the {mood} mood in its Mood Card slot", mood="Stubborn")


def place_ruin_items(g: Game) -> None:
    """LoR 14.3.3: the four items marked R at random under the ruins, unless a ruin holds one."""
    s = g.state
    if any(s.clearings[c].ruin_items for c in CLEARINGS):
        g.emit(FACTION, "LoR 14.3.3", "skip", "finds the items marked R already under the ruins")
        return
    left = list(s.deckdef.ruin_items)
    for c in CLEARINGS:
        cl = s.clearings[c]
        kinds = [k for k in left if s.item_box.get(k, 0) > 0]
        if not cl.ruin or not kinds:
            continue
        item = kinds[0] if len(kinds) == 1 else g.chance.pick(kinds, f"the item under the ruin in {c} (LoR 14.3.3)")
        left.remove(item)
        s.item_box[item] -= 1
        cl.ruin_items.append(item)
        g.emit(FACTION, "LoR 14.3.3", "setup", "places an item under the ruin in {c}", c=c, item=item)


# -- the Hoard (LoR 14.2.4) --------------------------------------------------------------------------
def gain(g: Game, kind: str, why: str, ruin: bool = False) -> None:
    """LoR 14.2.4.1: the item (already taken from where it was) goes to the leftmost empty space
    of its track; on a full track the seat removes the gained item or one on the track for good
    and scores one VP."""
    s = g.state
    b = board(g)
    name = track_of(kind)
    track = b.track(name)
    item = HoardItem(kind, ruin)
    if len(track) < TRACK_SPACES:
        track.append(item)
        g.emit(FACTION, "LoR 14.2.4.1", "hoard", "puts the {item} on its {track} track {source}", item=kind, track=name, source=why)
        return
    options = [Move("hoard_remove", (name, -1), "LoR 14.2.4.1")] + [Move("hoard_remove", (name, i), "LoR 14.2.4.1") for i in range(len(track))]
    i = ask(g, FACTION, "hoard.full", "LoR 14.2.4.1", options, f"the {name} track is full ({', '.join(it.kind for it in track)}): remove the gained {kind} or which item for good").args[1]
    if i >= 0:
        gone = track.pop(i).kind
        track.append(item)
    else:
        gone = kind
    s.item_box[gone] = s.item_box.get(gone, 0) + 1
    g.emit(FACTION, "LoR 14.2.4.1", "hoard", "gains the {item} {source} on a full {track} track and removes the {gone} for good", item=kind, track=name, source=why, gone=gone)
    score(g, FACTION, 1, "LoR 14.2.4.1", "for an item removed from a full track")


def remove_from_hoard(g: Game, name: str, i: int, rule: str, why: str) -> str:
    """Take item ``i`` off a track for good (it returns to the box; the track shifts left)."""
    s = g.state
    kind = board(g).track(name).pop(i).kind
    s.item_box[kind] = s.item_box.get(kind, 0) + 1
    g.emit(FACTION, rule, "hoard", "removes the {item} from its {track} track for good {source}", item=kind, track=name, source=why)
    return kind


def contempt(g: Game, item: str) -> bool:
    """LoR 14.2.3: a crafted item is either taken (no VP) or removed for good (its VP). True:
    removed for its VP. The item has left the supply already."""
    s = g.state
    keep = ask(g, FACTION, "craft.contempt", "LoR 14.2.3", [Move("contempt", ("take",), "LoR 14.2.3"), Move("contempt", ("score",), "LoR 14.2.3")], f"take the {item} (no VP) or remove it for its VP").args[0] == "take"
    if keep:
        gain(g, item, "crafted (scoring nothing)")
        return False
    s.item_box[item] = s.item_box.get(item, 0) + 1
    g.emit(FACTION, "LoR 14.2.3", "hoard", "removes the crafted {item} for good to score its VP", item=item)
    return True


# -- the mob die and mobs (LoR 14.4.1, 14.6.1, 14.7.3) ---------------------------------------------
def mobs(state: GameState) -> list[int]:
    return [c for c in CLEARINGS if (FACTION, "mob") in state.clearings[c].tokens]


def mob_targets(state: GameState, suit: str) -> list[int]:
    """Clearings of ``suit`` with no mob next to a clearing with one (LoR 14.4.1)."""
    with_mob = set(mobs(state))
    return [
        c for c in CLEARINGS
        if state.suits[c] == suit and c not in with_mob and any(a in with_mob for a in state.map.adjacent[c])
        and may_place_in(state, FACTION, c) and not snared(state, FACTION, c)
    ]


def spread_mob(g: Game, rule: str) -> None:
    """Roll the mob die and place a mob in a matching clearing next to a mob, if there is one."""
    s = g.state
    if s.factions[FACTION].supply.get("mob", 0) <= 0:
        g.emit(FACTION, rule, "skip", "has no mob token left to spread")
        return
    suit = g.chance.pick(MOB_DIE, f"the mob die ({rule})")
    g.emit(FACTION, rule, "mob_roll", "rolls {suit} on the mob die", suit=suit)
    targets = mob_targets(s, suit)
    if not targets:
        g.emit(FACTION, rule, "skip", "has no {suit} clearing without a mob next to a mob", suit=suit)
        return
    c = targets[0] if len(targets) == 1 else ask(g, FACTION, "mob.where", rule, clearing_moves(targets, rule), f"place the mob in which {suit} clearing").args[0]
    place_token(g, FACTION, c, "mob", rule)


# -- Birdsong (LoR 14.4) -----------------------------------------------------------------------------
def turn(g: Game) -> None:
    """The seat's turn (LoR 1.4.1)."""
    play_turn(g, FACTION, birdsong, daylight, evening)


def birdsong(g: Game) -> None:
    """LoR 14.4: raze, recruit, anoint, choose a mood; Lavish acts at its end (LoR 14.7.4)."""
    raze(g)
    recruit(g)
    anoint(g)
    choose_mood(g)
    if board(g).mood == "lavish":
        lavish(g)


def raze(g: Game) -> None:
    """LoR 14.4.1: in each mob's clearing, every enemy building and token goes and the ruin
    yields an item; then one roll of the mob die spreads a mob."""
    s = g.state
    for c in mobs(s):
        cl = s.clearings[c]
        enemies = sorted({f for f, _ in [*cl.buildings, *cl.tokens] if f != FACTION and s.is_enemy(FACTION, f)}, key=setup_rank(s.options))
        if enemies:
            g.emit(FACTION, "LoR 14.4.1", "raze", "razes {c}", c=c)
        with one_removal(g):
            for enemy in enemies:
                for kind in [k for f, k in cl.buildings if f == enemy] + [k for f, k in cl.tokens if f == enemy]:
                    remove_piece(g, enemy, c, kind, "LoR 14.4.1", by=FACTION)
        if s.phase == "over":
            return
        loot_ruin(g, c)
    spread_mob(g, "LoR 14.4.1")


def ruin_choices(g: Game, c: int) -> list[str]:
    """LoR 9.7.3: the items under the ruin the Hundreds may take: none of a kind of which a
    piece marked R lies on their Hoard."""
    b = board(g)
    held = {i.kind for i in [*b.command, *b.prowess] if i.ruin}
    return [k for k in g.state.clearings[c].ruin_items if k not in held]


def loot_ruin(g: Game, c: int) -> None:
    """LoR 14.4.1, 9.7.3: one item from the ruin (the seat's pick of two), the ruin gone once empty."""
    s = g.state
    cl = s.clearings[c]
    if not cl.ruin or not cl.ruin_items:
        return
    choices = ruin_choices(g, c)
    if not choices:
        g.emit(FACTION, "LoR 9.7.3", "skip", "may take no item from the ruin in {c}: its Hoard holds their kinds marked R", c=c)
        return
    kind = choices[0] if len(set(choices)) == 1 else ask(g, FACTION, "raze.item", "LoR 9.7.3", [Move("item", (k,), "LoR 9.7.3") for k in sorted(set(choices))], f"take which item from the ruin in {c}").args[0]
    cl.ruin_items.remove(kind)
    gain(g, kind, f"from the ruin in {c}", ruin=True)
    if not cl.ruin_items:
        cl.ruin = False
        g.emit(FACTION, "LoR 14.4.1", "remove_ruin", "removes the emptied ruin in {c}", c=c)


def strongholds(state: GameState) -> list[int]:
    """One entry per stronghold on the map where a warrior may be placed."""
    return [c for c in CLEARINGS for f, k in state.clearings[c].buildings if f == FACTION and k == "stronghold" and may_place_in(state, FACTION, c) and not snared(state, FACTION, c)]


def recruit(g: Game) -> None:
    """LoR 14.4.2: Prowess warriors with the warlord, then one per stronghold; with too few
    warriors the seat picks which strongholds (LoR 1.5.4)."""
    s = g.state
    w = warlord_clearing(s)
    if w is not None:
        place_warriors(g, FACTION, w, min(board(g).prowess_value(), regular_supply(s)), "LoR 14.4.2", why=lambda: "as many as its Prowess, with the warlord")
    spots = strongholds(s)
    if len(spots) <= regular_supply(s):
        for c in spots:
            place_warriors(g, FACTION, c, 1, "LoR 14.4.2")
        return
    while regular_supply(s) > 0 and spots:
        c = ask(g, FACTION, "recruit.where", "LoR 1.5.4", clearing_moves(set(spots), "LoR 1.5.4"), "too few warriors: which stronghold").args[0]
        spots.remove(c)
        place_warriors(g, FACTION, c, 1, "LoR 14.4.2")


def anoint(g: Game) -> None:
    """LoR 14.4.3: with the warlord off the map, a Hundreds warrior becomes the warlord; with
    none on the map, the warlord is placed in any clearing."""
    s = g.state
    b = board(g)
    if warlord_clearing(s) is not None:
        return
    b.warlord = None
    own = [c for c in CLEARINGS if s.clearings[c].warriors.get(FACTION, 0) > 0]
    if own:
        c = ask(g, FACTION, "anoint.where", "LoR 14.4.3", clearing_moves(own, "LoR 14.4.3"), "replace which warrior with the warlord").args[0]
        b.warlord = c  # the warrior goes to the supply as the warlord leaves it: one for one
        g.emit(FACTION, "LoR 14.4.3", "warlord", "anoints a new warlord in {c}", c=c)
        return
    room = [c for c in CLEARINGS if may_place_in(s, FACTION, c) and not snared(s, FACTION, c)]
    if s.factions[FACTION].supply.get("warrior", 0) <= 0 or not room:
        g.emit(FACTION, "LoR 14.4.3", "skip", "cannot place the warlord")
        return
    c = ask(g, FACTION, "anoint.place", "LoR 14.4.3", clearing_moves(room, "LoR 14.4.3"), "place the warlord in which clearing").args[0]
    b.warlord = c
    if not place_warriors(g, FACTION, c, 1, "LoR 14.4.3", why=lambda: "the warlord"):
        b.warlord = None


def choose_mood(g: Game) -> None:
    """LoR 14.4.4: a different mood showing no item of the Hoard; Lavish stays when none is left."""
    b = board(g)
    options = [m for m in b.moods_open() if m != b.mood]
    if not options:
        g.emit(FACTION, "LoR 14.4.4", "mood", "stays {mood}: no other mood card can be chosen", mood=b.mood.title())
        return
    b.mood = ask(g, FACTION, "birdsong.mood", "LoR 14.4.4", [Move("mood", (m,), "LoR 14.4.4") for m in options], "choose a new mood").args[0]
    g.emit(FACTION, "LoR 14.4.4", "mood", "becomes {mood}", mood=b.mood.title())


def lavish(g: Game) -> None:
    """LoR 14.7.4: items off the Hoard for good, two warriors with the warlord for each; the
    tracks shift left (they are kept packed)."""
    b = board(g)
    while True:
        options = [Move("hoard_remove", (name, i), "LoR 14.7.4") for name in TRACKS for i in range(len(b.track(name)))]
        if not options:
            return
        m = ask(g, FACTION, "lavish.item", "LoR 14.7.4", [*options, DONE], "Lavish: remove an item for two warriors?")
        if m is DONE:
            return
        remove_from_hoard(g, m.args[0], m.args[1], "LoR 14.7.4", "(Lavish)")
        w = warlord_clearing(g.state)
        if w is not None:
            place_warriors(g, FACTION, w, min(LAVISH_WARRIORS, regular_supply(g.state)), "LoR 14.7.4", why=lambda: "Lavish")


# -- Daylight (LoR 14.5) ------------------------------------------------------------------------------
def stronghold_pieces(state: GameState) -> dict[str, int]:
    """Crafting pieces: a stronghold counts for its clearing's suit (LoR 14.2.1)."""
    return building_pieces(state, FACTION, "stronghold")


def daylight(g: Game) -> None:
    """LoR 14.5: craft, then command the Hundreds, then advance the warlord (reversed when
    Grandiose, LoR 14.7.2)."""
    daylight_start(g, FACTION)
    craft_while_wanted(g, FACTION, stronghold_pieces(g.state), "daylight.craft", "LoR 14.5.1", "craft a card with your strongholds?")
    used: set[str] = set()
    steps = (advance_the_warlord, command) if board(g).mood == "grandiose" else (command, advance_the_warlord)
    if board(g).mood == "grandiose":
        g.emit(FACTION, "LoR 14.7.2", "mood", "is Grandiose: advances the warlord before commanding the Hundreds")
    for step in steps:
        if g.state.phase == "over":
            return
        step(g, used)


def command_moves(state: GameState, left: int) -> list[Move]:
    """The actions of LoR 14.5.2 with a legal way to finish."""
    if left <= 0:
        return []
    out: list[Move] = []
    if can_take_move(state, FACTION):
        out.append(Move("move", (), "LoR 14.5.2.1"))
    if battle_clearings(state, FACTION):
        out.append(Move("battle", (), "LoR 14.5.2.2"))
    if build_options(state):
        out.append(Move("build", (), "LoR 14.5.2.3"))
    return out


def command(g: Game, used: set[str]) -> None:
    """LoR 14.5.2: move, battle and build, in any order, as many times in all as the Command."""
    s = g.state
    left = board(g).command_value()
    while s.phase != "over":
        m = ask(g, FACTION, "daylight.command", "LoR 14.5.2", [*command_moves(s, left), *free_daylight_moves(s, FACTION, used), DONE], f"command the Hundreds ({left} left)")
        if m is DONE:
            return
        if apply_free_daylight(g, FACTION, m, used):
            continue
        left -= 1
        if m.kind == "move":
            ask_move(g, FACTION, "LoR 14.5.2.1")
        elif m.kind == "battle":
            ask_hundreds_battle(g, "LoR 14.5.2.2", battle_clearings(s, FACTION))
        else:
            build(g)


def build_options(state: GameState) -> list[int]:
    """LoR 14.5.2.3: ruled clearings with room, a stronghold left and a matching card."""
    if state.factions[FACTION].supply.get("stronghold", 0) <= 0:
        return []
    return [
        c for c in CLEARINGS
        if state.free_slots(c) > 0 and may_place_in(state, FACTION, c) and not snared(state, FACTION, c)
        and rules(state, FACTION, c) and matching(state, FACTION, state.suits[c] or "")
    ]


def build(g: Game) -> None:
    s = g.state
    c = ask(g, FACTION, "build.clearing", "LoR 14.5.2.3", clearing_moves(build_options(s), "LoR 14.5.2.3"), "build a stronghold where").args[0]
    card = ask_card(g, FACTION, "build.card", "LoR 14.5.2.3", matching(s, FACTION, s.suits[c] or ""), f"spend which card matching {c}")
    spend(g, FACTION, card, "LoR 14.5.2.3", f"to build a stronghold in {c}")
    place_building(g, FACTION, c, "stronghold", "LoR 14.5.2.3")


def ask_hundreds_battle(g: Game, rule: str, among: list[int], optional: bool = False) -> bool:
    """A battle (LoR 4.3): clearing, defender, then whether to loot (LoR 14.2.5). False when
    the seat passed (``optional``)."""
    s = g.state
    moves = clearing_moves(battle_clearings(s, FACTION, among), rule)
    if optional:
        moves.append(DONE)
    m = ask(g, FACTION, "battle.clearing", rule, moves, "battle in which clearing")
    if m is DONE:
        return False
    c = m.args[0]
    d = ask(g, FACTION, "battle.defender", rule, [Move("defender", (f,), rule) for f in defenders(s, FACTION, c)], f"battle whom in {c}").args[0]
    looting = can_loot(s, d) and yes_no(g, FACTION, "battle.loot", "LoR 14.2.5", f"loot the {d}: deal no rolled hits, take an item if you rule {c} after")
    b = board(g)
    if looting:
        g.emit(FACTION, "LoR 14.2.5", "loot", "declares it loots the {defender}: it deals no rolled hits", defender=d)
    b.looting = looting
    try:
        battle(g, FACTION, d, c, rule)
    finally:
        b.looting = False
    if looting and s.phase != "over":
        take_loot(g, d, c)
    return True


def can_loot(state: GameState, defender: str) -> bool:
    """LoR 14.2.5: the defender has an item in its Crafted Items box (never a pawn's faction)."""
    fs = state.factions[defender]
    return bool(fs.items) and not (fs.board is not None and fs.board.has_pawn())


def take_loot(g: Game, defender: str, c: int) -> None:
    """LoR 14.2.5: ruling the clearing at the battle's end, take one item of the defender's."""
    s = g.state
    items = s.factions[defender].items
    if not rules(s, FACTION, c) or not items:
        g.emit(FACTION, "LoR 14.2.5", "skip", "takes no loot: it does not rule {c} or the {defender} has no item left", c=c, defender=defender)
        return
    kinds = sorted(set(items))
    kind = kinds[0] if len(kinds) == 1 else ask(g, FACTION, "loot.item", "LoR 14.2.5", [Move("item", (k,), "LoR 14.2.5") for k in kinds], f"take which item of the {defender}").args[0]
    items.remove(kind)
    gain(g, kind, f"looted from the {defender}")


def warlord_destinations(state: GameState) -> list[int]:
    w = warlord_clearing(state)
    if w is None or snared(state, FACTION, w):
        return []
    return destinations(state, FACTION, w)


def can_advance(state: GameState) -> bool:
    w = warlord_clearing(state)
    return w is not None and (bool(warlord_destinations(state)) or bool(battle_clearings(state, FACTION, [w])))


def advance_the_warlord(g: Game, used: set[str]) -> None:
    """LoR 14.5.3: up to Prowess times, move the warlord (with any warriors), then battle in
    its clearing; Relentless adds a move or a battle after both (LoR 14.7.5)."""
    s = g.state
    left = board(g).prowess_value()
    while left > 0 and s.phase != "over" and can_advance(s):
        m = ask(g, FACTION, "daylight.advance", "LoR 14.5.3", [Move("advance", (), "LoR 14.5.3"), DONE], f"advance the warlord ({left} left)")
        if m is DONE:
            return
        left -= 1
        moved = warlord_move(g, optional=True)
        w = warlord_clearing(s)
        fought = w is not None and s.phase != "over" and bool(battle_clearings(s, FACTION, [w])) and ask_hundreds_battle(g, "LoR 14.5.3", [w], optional=True)
        if moved and fought and board(g).mood == "relentless" and s.phase != "over":
            relentless(g)


def warlord_move(g: Game, optional: bool) -> bool:
    """Move the warlord and as many of the Hundreds' warriors there as the seat likes."""
    s = g.state
    a = warlord_clearing(s)
    targets = warlord_destinations(s)
    if a is None or not targets:
        return False
    moves = clearing_moves(targets, "LoR 14.5.3")
    if optional:
        moves.append(DONE)
    m = ask(g, FACTION, "advance.to", "LoR 14.5.3", moves, f"move the warlord from {a} to which clearing")
    if m is DONE:
        return False
    b = m.args[0]
    have = s.clearings[a].warriors.get(FACTION, 0)
    n = ask(g, FACTION, "advance.count", "LoR 14.5.3", [Move("count", (k,), "LoR 14.5.3") for k in range(1, have + 1)], f"move how many warriors, the warlord among them, to {b}").args[0]
    board(g).warlord = b
    if not move_warriors(g, FACTION, a, b, n, "LoR 14.5.3", why=lambda: "the warlord advances"):
        board(g).warlord = a
        return False
    return True


def relentless(g: Game) -> None:
    """LoR 14.7.5: after moving and battling, one more move of the warlord or battle there."""
    s = g.state
    w = warlord_clearing(s)
    options = []
    if warlord_destinations(s):
        options.append(Move("relentless", ("move",), "LoR 14.7.5"))
    if w is not None and battle_clearings(s, FACTION, [w]):
        options.append(Move("relentless", ("battle",), "LoR 14.7.5"))
    if not options:
        return
    m = ask(g, FACTION, "advance.relentless", "LoR 14.7.5", [*options, DONE], "Relentless: move or battle once more?")
    if m is DONE:
        return
    if m.args[0] == "move":
        warlord_move(g, optional=False)
    elif w is not None:
        ask_hundreds_battle(g, "LoR 14.7.5", [w])


# -- Evening (LoR 14.6) -------------------------------------------------------------------------------
def evening(g: Game) -> None:
    """LoR 14.6: incite, oppress, draw and discard."""
    evening_start(g, FACTION)
    incite(g)  # the other factions' offers before and between incites (LoR 1.4.3)
    if g.state.phase == "over":
        return
    offer_between_steps(g, FACTION)
    oppress(g)
    if g.state.phase == "over":
        return
    offer_between_steps(g, FACTION)
    draw_and_discard(g, FACTION, evening_draw(g.state), "LoR 14.6.3")


def incite_options(state: GameState) -> list[int]:
    """LoR 14.6.1: clearings with a Hundreds warrior and no mob, and a card matching them."""
    if state.factions[FACTION].supply.get("mob", 0) <= 0:
        return []
    with_mob = set(mobs(state))
    return [
        c for c in CLEARINGS
        if c not in with_mob and state.clearings[c].warriors.get(FACTION, 0) > 0
        and may_place_in(state, FACTION, c) and not snared(state, FACTION, c) and matching(state, FACTION, state.suits[c] or "")
    ]


def incite(g: Game) -> None:
    s = g.state
    while True:
        options = incite_options(s)
        offers = turn_offers(s, FACTION)
        if not options and not offers:
            return
        m = ask(g, FACTION, "evening.incite", "LoR 14.6.1", [*clearing_moves(options, "LoR 14.6.1"), *offers, DONE], "incite a mob where?")
        if m is DONE:
            return
        if take_turn_offer(g, FACTION, m):
            continue
        c = m.args[0]
        card = ask_card(g, FACTION, "incite.card", "LoR 14.6.1", matching(s, FACTION, s.suits[c] or ""), f"spend which card matching {c}")
        spend(g, FACTION, card, "LoR 14.6.1", f"to incite a mob in {c}")
        place_token(g, FACTION, c, "mob", "LoR 14.6.1")
        if board(g).mood == "jubilant" and c == warlord_clearing(s):
            jubilant(g)


def jubilant(g: Game) -> None:
    """LoR 14.7.3: up to four rolls of the mob die after inciting in the warlord's clearing."""
    for _ in range(JUBILANT_ROLLS):
        if g.state.factions[FACTION].supply.get("mob", 0) <= 0:
            return
        if not yes_no(g, FACTION, "incite.jubilant", "LoR 14.7.3", "Jubilant: roll the mob die to spread a mob?"):
            return
        spread_mob(g, "LoR 14.7.3")


def oppressed(state: GameState) -> list[int]:
    """LoR 14.6.2: ruled clearings with a Hundreds piece and no enemy piece."""
    out = []
    for c in CLEARINGS:
        cl = state.clearings[c]
        if cl.pieces_of(FACTION) and rules(state, FACTION, c) and not any(state.is_enemy(FACTION, f) for f in cl.factions_present() if f != FACTION):
            out.append(c)
    return out


def oppress(g: Game) -> None:
    n = len(oppressed(g.state))
    vp = OPPRESS_VP[min(n, len(OPPRESS_VP) - 1)]
    score(g, FACTION, vp, "LoR 14.6.2", f"for oppressing {n} clearing{'' if n == 1 else 's'}")


def enemy_pieces(state: GameState, c: int) -> int:
    cl = state.clearings[c]
    return sum(cl.pieces_of(f) for f in cl.factions_present() if f != FACTION and state.is_enemy(FACTION, f))


def evening_draw(state: GameState) -> int:
    """LoR 14.6.3 and Rowdy (LoR 14.7.6): one card; Rowdy one more, or two more when the
    warlord's clearing holds three or more enemy pieces."""
    b = board_of(state)
    if b is None or b.mood != "rowdy":
        return 1
    w = warlord_clearing(state)
    return 3 if w is not None and enemy_pieces(state, w) >= 3 else 2


# -- the moods in battle (LoR 14.7.1, 14.7.7, 14.7.8), through the faction's hooks -----------------------
def bitter(g: Game, c: int) -> None:
    """LoR 14.7.1: before the roll in the warlord's clearing, mobs there and next to it may go,
    a warrior with the warlord for each."""
    s = g.state
    if board(g).mood != "bitter" or warlord_clearing(s) != c:
        return
    near = {c, *s.map.adjacent[c]}
    removed = 0
    while True:
        options = [m for m in mobs(s) if m in near]
        if not options:
            break
        m = ask(g, FACTION, "battle.bitter", "LoR 14.7.1", [*clearing_moves(options, "LoR 14.7.1"), DONE], "Bitter: remove a mob for a warrior?")
        if m is DONE:
            break
        remove_piece(g, FACTION, m.args[0], "mob", "LoR 14.7.1", by=FACTION)
        removed += 1
    if removed:
        place_warriors(g, FACTION, c, min(removed, regular_supply(s)), "LoR 14.7.1", why=lambda: "Bitter")


def moves_warlord(g: Game, a: int, b: int, n: int) -> None:
    """A move of ``n`` warriors out of the warlord's clearing (LoR 14.5.2.1 and cards' moves):
    all of them take the warlord along; fewer, the seat says whether it goes."""
    if warlord_clearing(g.state) != a:
        return
    have = g.state.clearings[a].warriors.get(FACTION, 0)
    if n >= have or yes_no(g, FACTION, "move.warlord", "LoR 14.2.2", f"does the warlord go with them to {b}?"):
        board(g).warlord = b


MOVE_TEXT["hoard_remove"] = lambda m: "remove the gained item for good" if m.args[1] == -1 else f"remove item {m.args[1] + 1} of the {m.args[0]} track for good"
MOVE_TEXT["contempt"] = lambda m: "take the item, scoring nothing" if m.args[0] == "take" else "remove the item for good and score its VP"
MOVE_TEXT["mood"] = lambda m: f"become {m.args[0].title()}"
MOVE_TEXT["advance"] = lambda m: "Advance the warlord: move it, then battle where it stands"
MOVE_TEXT["relentless"] = lambda m: f"Relentless: {m.args[0]} once more"
MOVE_TEXT.setdefault("move", lambda m: "Move")  # shared kinds: another faction's words stand where it set them
MOVE_TEXT.setdefault("battle", lambda m: "Battle")
MOVE_TEXT.setdefault("build", lambda m: "Build")
MOVE_TEXT.setdefault("item", lambda m: f"the {m.args[0]}")
