"""The Underground Duchy by the Law of Root (LoR 12), for a seat played by legal moves: its setup
(surfacing in a corner), Birdsong (warriors into the Burrow), Daylight (Assembly: two of Build,
Recruit, Move, Battle and Dig; Parliament: each swayed minister once; Sway) and Evening (the
revealed cards back, crafting with citadels and markets, the draw). The Burrow (LoR 12.2.2) is a
place off the map numbered 0, which the shared moving code enters through the faction's hooks
(``tunnels.py``); the ministers, crowns and Price of Failure (LoR 12.2.3) are ``ministers.py``'s,
which other seats' removals set off through ``faction.py``."""

from __future__ import annotations

from ...core.context import Game
from ...core.lor.battling import ask_battle, can_take_battle
from ...core.lor.cards import ask_card, card_moves, draw_and_discard, matching, spend
from ...core.lor.crafting import CRAFT_SUITS, craft_while_wanted
from ...core.lor.effects import daylight_start, evening_start
from ...core.lor.offers import offer_between_steps
from ...core.lor.moving import ask_move, can_take_move
from ...core.lor.turn import apply_free_daylight, free_daylight_moves, play_turn
from ...core.maps import CLEARINGS
from ...core.moves import DONE, MOVE_TEXT, Move, ask
from ...core.paths import adjacent_for
from ...core.rules import may_place_in, place_building, place_token, place_warriors, ruled_clearings, score, snared
from ...core.state import GameState
from .burrow import DUCHY, MINISTER_TITLE
from .ministers import CARDS_TO_SWAY, RANK, SUITED, SWAY_VP, duchy_board, revealable_next, swayable
from .tunnels import BURROW, from_burrow, recruit_to_burrow, return_revealed, reveal, take_back_tunnel, tunnels

FACTION = DUCHY
SETUP_WARRIORS = 2  # LoR 12.3.3
BUILDINGS: tuple[str, ...] = ("citadel", "market")  # LoR 12.3.4
CITADEL_ICONS: tuple[int, ...] = (0, 1, 3, 5)  # warrior icons showing for 0-3 citadels on the map (R-LOR-DUCHY-BOARD)
ASSEMBLY_ACTIONS = 2  # LoR 12.5.1
DIG_MOST = 4  # LoR 12.5.1.5
TUNNELS = 3  # LoR 12.2.4
DUCHESS_VP = 2  # LoR 12.5.2.7


# -- setup (LoR 12.3) ----------------------------------------------------------------------------------
def setup(g: Game) -> None:
    s = g.state
    fs = s.factions[FACTION]
    g.emit(FACTION, "LoR 12.3.1", "setup", "forms supplies of {w} warriors and {n} tunnels", w=fs.supply.get("warrior", 0), n=fs.supply.get("tunnel", 0))
    duchy_board(s)  # the seat's board was made with it (new_board)
    g.emit(FACTION, "LoR 12.3.2", "setup", "places the Burrow beside the map")
    surface(g)
    g.emit(FACTION, "LoR 12.3.4", "setup", "fills its Buildings tracks with three citadels and three markets")
    g.emit(FACTION, "LoR 12.3.5", "setup", "lays its nine ministers face up in its Unswayed Ministers pile")
    g.emit(FACTION, "LoR 12.3.6", "setup", "puts its nine crowns on the crown spaces of its board")


def corner_choices(state: GameState) -> list[int]:
    """LoR 12.3.3: corners no other player starts in, and diagonally opposite a starting corner
    if any such is left; the keep's corner takes no Duchy piece (LoR 6.2.2)."""
    others = {c for f, c in state.start_corners.items() if f != FACTION}
    corners = [c for c in state.map.corners if c not in others and may_place_in(state, FACTION, c)]
    opposite = [c for c in corners if state.map.opposite_corner[c] in others]
    return opposite or corners


def surface(g: Game) -> None:
    """LoR 12.3.3: two warriors and a tunnel in the chosen corner, two warriors in each clearing
    next to it (never the Burrow, which is no clearing of the map)."""
    s = g.state
    pool = corner_choices(s)
    if not pool:
        g.emit(FACTION, "LoR 12.3.3", "setup", "finds no corner where it may surface")
        return
    c = ask(g, FACTION, "setup.corner", "LoR 12.3.3", [Move("clearing", (c,), "LoR 12.3.3") for c in pool], "surface in which corner").args[0]
    place_warriors(g, FACTION, c, SETUP_WARRIORS, "LoR 12.3.3")
    place_token(g, FACTION, c, "tunnel", "LoR 12.3.3")
    s.start_corners[FACTION] = c
    for a in adjacent_for(s, FACTION, c):
        place_warriors(g, FACTION, a, SETUP_WARRIORS, "LoR 12.3.3")


# -- the turn -------------------------------------------------------------------------------------------
def turn(g: Game) -> None:
    """The seat's turn (LoR 1.4.1)."""
    play_turn(g, FACTION, birdsong, daylight, evening)


def warrior_icons(state: GameState) -> int:
    """Warrior icons the citadels placed have uncovered on their track (R-LOR-DUCHY-BOARD)."""
    return CITADEL_ICONS[min(state.on_map(FACTION, "citadel"), len(CITADEL_ICONS) - 1)]


def birdsong(g: Game) -> None:
    """LoR 12.4: one warrior plus one per warrior icon showing, into the Burrow."""
    recruit_to_burrow(g, 1 + warrior_icons(g.state), "LoR 12.4")


def daylight(g: Game) -> None:
    """LoR 12.5: Assembly, then Parliament, then Sway. The free choices of Daylight (dominance,
    closed paths, once-in-Daylight cards) are offered beside Assembly's and Parliament's."""
    daylight_start(g, FACTION)
    used: set[str] = set()
    assembly(g, used)
    parliament(g, used)
    sway(g)


# -- Assembly (LoR 12.5.1) ----------------------------------------------------------------------------
def assembly_moves(state: GameState, left: int) -> list[Move]:
    """The Assembly actions the Duchy may take now, each with a legal way to finish."""
    if left <= 0:
        return []
    out: list[Move] = []
    if build_options(state, any_suit=False):
        out.append(Move("build", (), "LoR 12.5.1.1"))
    if state.factions[FACTION].supply.get("warrior", 0) > 0:
        out.append(Move("recruit", (), "LoR 12.5.1.2"))
    if can_take_move(state, FACTION):
        out.append(Move("move", (), "LoR 12.5.1.3"))
    if can_take_battle(state, FACTION):
        out.append(Move("battle", (), "LoR 12.5.1.4"))
    if dig_targets(state):
        out.append(Move("dig", (), "LoR 12.5.1.5"))
    return out


def assembly(g: Game, used: set[str]) -> None:
    """LoR 12.5.1: up to two actions, in any order and number."""
    s = g.state
    left = ASSEMBLY_ACTIONS
    while True:
        m = ask(g, FACTION, "assembly.action", "LoR 12.5.1", [*assembly_moves(s, left), *free_daylight_moves(s, FACTION, used), DONE], "take an Assembly action")
        if m is DONE:
            return
        if apply_free_daylight(g, FACTION, m, used):
            continue
        left -= 1
        ASSEMBLY[m.kind](g)


def build_options(state: GameState, any_suit: bool) -> list[tuple[int, str]]:
    """(clearing, building) pairs the Duchy may build: a clearing it rules with an open slot where
    it may place, a building of that kind on its track, and a card in hand to reveal that matches
    the clearing (LoR 12.5.1.1), or any card for the Foremole (LoR 12.5.2.1)."""
    fs = state.factions[FACTION]
    kinds = [k for k in BUILDINGS if fs.supply.get(k, 0) > 0]
    if not kinds or not fs.hand:
        return []
    out: list[tuple[int, str]] = []
    for c in ruled_clearings(state, FACTION):
        if state.free_slots(c) <= 0 or not may_place_in(state, FACTION, c) or snared(state, FACTION, c):
            continue
        if any_suit or matching(state, FACTION, state.suits[c] or ""):
            out.extend((c, k) for k in kinds)
    return out


def build(g: Game, rule: str = "LoR 12.5.1.1", any_suit: bool = False, step: str = "build") -> None:
    """Reveal a card to place a citadel or a market: the clearing, the building, the card."""
    s = g.state
    options = build_options(s, any_suit)
    c = ask(g, FACTION, f"{step}.clearing", rule, [Move("clearing", (c,), rule) for c in sorted({c for c, _ in options})], "build where").args[0]
    kind = ask(g, FACTION, f"{step}.building", rule, [Move("building", (k,), rule) for cc, k in options if cc == c], f"build what in {c}").args[0]
    cards = s.factions[FACTION].hand if any_suit else matching(s, FACTION, s.suits[c] or "")
    cid = ask_card(g, FACTION, f"{step}.card", rule, cards, f"reveal which card to build in {c}")
    reveal(g, cid, rule, f"to build a {kind} in {c}")
    place_building(g, FACTION, c, kind, rule)


def recruit(g: Game) -> None:
    """LoR 12.5.1.2: one warrior into the Burrow."""
    recruit_to_burrow(g, 1, "LoR 12.5.1.2")


def move(g: Game, rule: str = "LoR 12.5.1.3") -> None:
    ask_move(g, FACTION, rule)


def battle(g: Game, rule: str = "LoR 12.5.1.4") -> None:
    ask_battle(g, FACTION, rule)


def dig_targets(state: GameState) -> list[int]:
    """LoR 12.5.1.5: clearings with no tunnel, matching a card in hand, where a tunnel may be
    placed, while the Burrow holds a warrior to move there (at least one, ruling R-LOR-DUCHY-DIG)
    and a tunnel is in supply or on the map to be moved (LoR 12.2.4)."""
    fs = state.factions[FACTION]
    if duchy_board(state).burrow <= 0 or not fs.hand:
        return []
    if fs.supply.get("tunnel", 0) <= 0 and not tunnels(state):
        return []
    out = []
    for c in CLEARINGS:
        if (FACTION, "tunnel") in state.clearings[c].tokens or not may_place_in(state, FACTION, c) or snared(state, FACTION, c):
            continue
        if matching(state, FACTION, state.suits[c] or ""):
            out.append(c)
    return out


def dig(g: Game) -> None:
    """LoR 12.5.1.5: spend a matching card, place a tunnel (all three on the map: one is taken
    off first, LoR 12.2.4), then move one to four warriors from the Burrow there."""
    s = g.state
    rule = "LoR 12.5.1.5"
    c = ask(g, FACTION, "dig.clearing", rule, [Move("clearing", (c,), rule) for c in dig_targets(s)], "dig a tunnel where").args[0]
    cid = ask_card(g, FACTION, "dig.card", rule, matching(s, FACTION, s.suits[c] or ""), f"spend which card to dig in {c}")
    spend(g, FACTION, cid, rule, f"to dig a tunnel in {c}")
    if s.factions[FACTION].supply.get("tunnel", 0) <= 0:
        src = ask(g, FACTION, "dig.tunnel", "LoR 12.2.4", [Move("clearing", (a,), "LoR 12.2.4") for a in tunnels(s)], "all three tunnels are on the map: take which one off first").args[0]
        take_back_tunnel(g, src)
    place_token(g, FACTION, c, "tunnel", rule)
    most = min(DIG_MOST, duchy_board(s).burrow)
    n = ask(g, FACTION, "dig.count", rule, [Move("count", (k,), rule) for k in range(1, most + 1)], f"move how many warriors from the Burrow to {c}").args[0]
    from_burrow(g, c, n, rule)


ASSEMBLY = {"build": lambda g: build(g), "recruit": recruit, "move": lambda g: move(g), "battle": lambda g: battle(g), "dig": dig}


# -- Parliament (LoR 12.5.2) ----------------------------------------------------------------------------
MINISTER_RULE: dict[str, str] = {
    "foremole": "LoR 12.5.2.1", "captain": "LoR 12.5.2.2", "marshal": "LoR 12.5.2.3",
    "brigadier": "LoR 12.5.2.4", "banker": "LoR 12.5.2.5", "mayor": "LoR 12.5.2.6",
    "duchess": "LoR 12.5.2.7", "baron": "LoR 12.5.2.8", "earl": "LoR 12.5.2.9",
}


def all_tunnels_out(state: GameState) -> bool:
    return state.on_map(FACTION, "tunnel") >= TUNNELS


def can_act(state: GameState, minister: str) -> bool:
    """Whether the minister's action has a legal use now (none offered without one)."""
    if minister == "foremole":
        return bool(build_options(state, any_suit=True))
    if minister == "captain":
        return can_take_battle(state, FACTION)
    if minister == "marshal":
        return can_take_move(state, FACTION)
    if minister == "brigadier":
        return can_take_move(state, FACTION) or can_take_battle(state, FACTION)
    if minister == "banker":
        return bool(state.factions[FACTION].hand)
    if minister == "mayor":
        return bool(mayor_choices(state))
    if minister == "duchess":
        return all_tunnels_out(state)
    return state.on_map(FACTION, "market" if minister == "baron" else "citadel") > 0


def mayor_choices(state: GameState) -> list[str]:
    """LoR 12.5.2.6: the swayed nobles and squires the Mayor may act as (not the Mayor himself,
    ruling R-LOR-DUCHY-MAYOR), each with a legal use now."""
    return [m for m in duchy_board(state).swayed if RANK[m] != "lord" and m != "mayor" and can_act(state, m)]


def parliament(g: Game, used: set[str]) -> None:
    """LoR 12.5.2: each swayed minister's action once, in any order."""
    s = g.state
    acted: set[str] = set()
    while True:
        ministers = [Move("minister", (m,), MINISTER_RULE[m]) for m in duchy_board(s).swayed if m not in acted and can_act(s, m)]
        m = ask(g, FACTION, "parliament.minister", "LoR 12.5.2", [*ministers, *free_daylight_moves(s, FACTION, used), DONE], "which swayed minister acts")
        if m is DONE:
            return
        if apply_free_daylight(g, FACTION, m, used):
            continue
        acted.add(m.args[0])
        act(g, m.args[0], MINISTER_RULE[m.args[0]])


def act(g: Game, minister: str, rule: str) -> None:
    """One minister's action, under ``rule`` (its own, or the Mayor's)."""
    g.emit(FACTION, rule, "minister", "the {m} acts", m=MINISTER_TITLE[minister])
    if minister == "foremole":
        build(g, rule, any_suit=True, step="foremole")
    elif minister == "captain":
        battle(g, rule)
    elif minister == "marshal":
        move(g, rule)
    elif minister == "brigadier":
        brigadier(g, rule)
    elif minister == "banker":
        banker(g, rule)
    elif minister == "mayor":
        choices = [Move("minister", (x,), rule) for x in mayor_choices(g.state)]
        other = ask(g, FACTION, "mayor.minister", rule, choices, "the Mayor takes the action of which minister").args[0]
        act(g, other, rule)
    else:
        score_lord(g, minister, rule)


def brigadier(g: Game, rule: str) -> None:
    """LoR 12.5.2.4: up to two moves or up to two battles (the first taken once chosen)."""
    s = g.state
    what = [Move("move", (), rule)] if can_take_move(s, FACTION) else []
    if can_take_battle(s, FACTION):
        what.append(Move("battle", (), rule))
    kind = ask(g, FACTION, "brigadier.what", rule, what, "two moves or two battles").kind
    if kind == "move":
        ask_move(g, FACTION, rule, step="brigadier.move")
        if can_take_move(s, FACTION):
            ask_move(g, FACTION, rule, optional=True, step="brigadier.move")
        return
    ask_battle(g, FACTION, rule, step="brigadier.battle")
    if can_take_battle(s, FACTION):
        ask_battle(g, FACTION, rule, optional=True, step="brigadier.battle")


def banker(g: Game, rule: str) -> None:
    """LoR 12.5.2.5: spend one or more cards of one suit (birds count as any, LoR 2.1.1) and score
    one VP per card."""
    s = g.state
    suits = [Move("suit", (x,), rule) for x in SUITED if matching(s, FACTION, x)]
    suit = ask(g, FACTION, "banker.suit", rule, suits, "spend cards of which suit").args[0]
    spent = 0
    while True:
        cards = matching(s, FACTION, suit)
        if not cards:
            break
        if spent:
            m = ask(g, FACTION, "banker.card", rule, [*card_moves(s, cards, rule), DONE], f"spend another {suit} card?")
            if m is DONE:
                break
            cid = m.args[0]
        else:
            cid = ask_card(g, FACTION, "banker.card", rule, cards, f"spend which {suit} card")
        spend(g, FACTION, cid, rule, "for the Banker")
        spent += 1
    score(g, FACTION, spent, rule, f"for the Banker: {spent} {suit} card{'s' if spent > 1 else ''} spent")


def score_lord(g: Game, minister: str, rule: str) -> None:
    """LoR 12.5.2.7-12.5.2.9: the Duchess (all three tunnels on the map), the Baron (per market),
    the Earl (per citadel)."""
    s = g.state
    if minister == "duchess":
        score(g, FACTION, DUCHESS_VP, rule, "for the Duchess of Mud: all three tunnels are on the map")
        return
    kind = "market" if minister == "baron" else "citadel"
    n = s.on_map(FACTION, kind)
    score(g, FACTION, n, rule, f"for the {MINISTER_TITLE[minister]}: {n} {kind}{'s' if n > 1 else ''} on the map")


# -- Sway (LoR 12.5.3) ------------------------------------------------------------------------------------
def sway(g: Game) -> None:
    """LoR 12.5.3: choose an unswayed minister with a crown of its rank left, reveal its number of
    cards (each matching its own clearing with a Duchy piece), crown it and score the space."""
    s = g.state
    options = swayable(s)
    if not options:
        return
    m = ask(g, FACTION, "sway.minister", "LoR 12.5.3.1", [*(Move("minister", (x,), "LoR 12.5.3.1") for x in options), DONE], "sway a minister?")
    if m is DONE:
        return
    minister = m.args[0]
    rank = RANK[minister]
    cost = CARDS_TO_SWAY[rank]
    chosen: list[int] = []
    for i in range(cost):
        chosen.append(ask_card(g, FACTION, "sway.card", "LoR 12.5.3.2", revealable_next(s, chosen), f"reveal which card for the {MINISTER_TITLE[minister]} ({i + 1} of {cost})"))
    for cid in chosen:
        reveal(g, cid, "LoR 12.5.3.2", f"to sway the {MINISTER_TITLE[minister]}")
    s.factions[FACTION].supply["crown"] -= 1
    duchy_board(s).sway(minister)
    g.emit(FACTION, "LoR 12.5.3.3", "sway", "sways the {m}, placing a {rank}'s crown on it", m=MINISTER_TITLE[minister], rank=rank)
    score(g, FACTION, SWAY_VP[rank], "LoR 12.5.3.3", f"for the crown space the {MINISTER_TITLE[minister]} uncovers")


# -- Evening (LoR 12.6) -----------------------------------------------------------------------------------
def crafting_pieces(state: GameState) -> dict[str, int]:
    """LoR 12.2.1, 12.6.2: each citadel and market counts for its clearing's suit."""
    pieces = dict.fromkeys(CRAFT_SUITS, 0)
    for c in CLEARINGS:
        n = sum(1 for f, k in state.clearings[c].buildings if f == FACTION and k in BUILDINGS)
        suit = state.suits[c] or ""
        if n and suit in pieces:
            pieces[suit] += n
    return pieces


def evening(g: Game) -> None:
    """LoR 12.6: the revealed cards back (birds discarded), craft, then draw one card plus one per
    market on the map and discard down to five."""
    evening_start(g, FACTION)
    offer_between_steps(g, FACTION)  # before 12.6.1, 12.6.2 (and between crafts) and 12.6.3 (LoR 1.4.3)
    return_revealed(g, "LoR 12.6.1")
    offer_between_steps(g, FACTION)
    craft_while_wanted(g, FACTION, crafting_pieces(g.state), "evening.craft", "LoR 12.6.2", "craft a card with your citadels and markets?")
    offer_between_steps(g, FACTION)
    draw_and_discard(g, FACTION, 1 + g.state.on_map(FACTION, "market"), "LoR 12.6.3")


MOVE_TEXT["dig"] = lambda m: "Dig: spend a card for a tunnel, then warriors from the Burrow"
MOVE_TEXT["from_place"] = lambda m: "from the Burrow" if m.args[0] == BURROW else f"from place {m.args[0]} off the map"
MOVE_TEXT["to_place"] = lambda m: "to the Burrow" if m.args[0] == BURROW else f"to place {m.args[0]} off the map"
