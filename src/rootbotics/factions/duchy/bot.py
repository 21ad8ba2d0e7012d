"""Drillbit Duchy (Law of Robotics section 10).

The Burrow (10.2.2) is ``FactionState.board.burrow``: a count of Duchy warriors off the twelve
clearings, so other bots' targeting never sees it. Cost of Errors (10.2.1), which other players
set off, is in ``rules.py`` (called through ``faction.py``). This module is the bot's own turn: setup, Birdsong
(order, craft, recruit into the Burrow), Daylight (Dig, battle, build, ministers), Evening
(Rally, score, Sway, discard).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from ...core import rules as R
from ...core.battle import battle, can_battle
from .burrow import DUCHY, MINISTER_SUIT, MINISTER_TITLE, MINISTERS, DuchyState
from ...core.context import Game
from ...core.faction import SHARED
from ...core.maps import CLEARINGS
from ...core.paths import adjacent_for
from ...core.state import GameState
from ...core.bot import enemies_in, has_enemy_in, pieces_there, victory_points
from ...core.bot import difficulty, has_trait
from ...core.targeting import Choice, choose_clearing, choose_player, fewest, in_priority_order, most

FACTION = DUCHY
RECRUIT_BASE = {"easy": 1, "default": 2, "challenging": 3, "nightmare": 3}  # 10.4.3 by difficulty (3.3.1)
MOLES_BY_CITADELS = (0, 1, 2, 4)  # Mole icons showing for 0-3 citadels on the map (faction board)
DIG_WARRIORS = 4  # 10.5.1
BRIGADIER_WARRIORS = 3  # 10.7.4
OVERWHELM_WARRIORS = 3  # trait Overwhelm (3.3.2)
CITADEL_SUPPLY = 9  # 10.5.3: a citadel with nine or more warriors in supply
RALLY_KEEP = 4  # 10.6.1: all but four warriors return to the Burrow
SETUP_WARRIORS = 2  # 10.3.3
SETUP_CARDS = 2  # 10.3.5
DUCHESS_VP = 2  # 10.7.9
KEEP_FORBIDS = "the keep is there: only the Marquise may place pieces there, 4.2.1"


class DrillbitDuchy:
    faction = FACTION

    # -- 10.3 setup ----------------------------------------------------------------------------
    def setup(self, g: Game) -> None:
        gather_pieces(g)
        prepare_burrow(g)
        surface(g)
        fill_buildings_tracks(g)
        sway_starting_ministers(g)

    # -- 10.4 Birdsong ---------------------------------------------------------------------------
    def birdsong(self, g: Game) -> None:
        R.reveal_order(g, FACTION, "10.4.1")
        R.craft_order(g, FACTION, "10.4.2")
        recruit(g)

    # -- 10.5 Daylight ---------------------------------------------------------------------------
    def daylight(self, g: Game) -> None:
        for i in range(2 if has_trait(g.state, FACTION, "overwhelm") else 1):
            dig(g, "10.5.1")
        battle_step(g)
        build(g, "10.5.3")
        act_with_ministers(g)

    # -- 10.6 Evening ----------------------------------------------------------------------------
    def evening(self, g: Game) -> None:
        rally(g)
        score_markets(g)
        sway(g)
        R.discard_order(g, FACTION, "10.6.4")
        nightmare_point(g)


# -- state look-ups --------------------------------------------------------------------------------
def duchy_state(s: GameState) -> DuchyState:
    ds = s.factions[FACTION].board
    assert ds is not None, "the Duchy bot has no Burrow"
    return cast(DuchyState, ds)


def has_tunnel(s: GameState, c: int) -> bool:
    return (FACTION, "tunnel") in s.clearings[c].tokens


def duchy_buildings(s: GameState, c: int) -> int:
    return s.clearings[c].buildings_of(FACTION)


def tunnels(s: GameState) -> list[int]:
    """The clearings the Burrow is adjacent to (10.2.2)."""
    return [c for c in CLEARINGS if has_tunnel(s, c)]


def swayed(s: GameState, minister: str) -> bool:
    return duchy_state(s).has(minister)


def moles_showing(s: GameState) -> int:
    """Mole icons showing on the faction board: one each uncovered by the first two citadels, two
    by the third (0, 1, 2, 4); the Foremole adds one (10.7.3)."""
    n = MOLES_BY_CITADELS[min(s.on_map(FACTION, "citadel"), 3)]
    return n + (1 if swayed(s, "foremole") else 0)


def enemy_buildings_and_tokens(s: GameState, c: int) -> int:
    cl = s.clearings[c]
    return sum(1 for f, _ in cl.buildings if f != FACTION) + sum(1 for f, _ in cl.tokens if f != FACTION)


def all_warriors(s: GameState, c: int) -> int:
    return sum(s.clearings[c].warriors.values())


def placement_blocked(s: GameState, c: int) -> str | None:
    return None if R.may_place_in(s, FACTION, c) else KEEP_FORBIDS


# -- setup (10.3) ------------------------------------------------------------------------------------
def gather_pieces(g: Game) -> None:
    """10.3.1: 20 warriors, 3 tunnels and 9 crowns."""
    fs = g.state.factions[FACTION]
    if fs.board is None:
        fs.board = DuchyState()
    g.emit(FACTION, "10.3.1", "setup", "forms supplies of {w} warriors, {t} tunnels and {c} crowns", w=fs.supply["warrior"], t=fs.supply["tunnel"], c=fs.supply["crown"])


def prepare_burrow(g: Game) -> None:
    """10.3.2: the Burrow board goes beside the map (empty)."""
    g.emit(FACTION, "10.3.2", "setup", "places the Burrow beside the map")


def surface(g: Game) -> int | None:
    """10.3.3: two warriors and a tunnel in a corner that is no other bot's starting corner and,
    if possible, diagonally opposite a starting corner; among several, the highest priority (2.1:
    unlike 5.3.2, 10.3.3 does not say random; ruling R-DUCHY-SURFACE). Then two warriors in each
    clearing adjacent to it (never the Burrow, which is not a clearing)."""
    s = g.state
    taken = {c for f, c in s.start_corners.items() if f != FACTION and s.factions[f].is_bot}
    starts = set(s.start_corners.values())
    open_corners = [c for c in s.map.corners if c not in taken and R.may_place_in(s, FACTION, c)]
    opposite = [c for c in open_corners if s.map.opposite_corner[c] in starts]
    pool = opposite or open_corners
    if not pool:
        g.emit(FACTION, "10.3.3", "setup", "finds no corner where it may surface")
        return None
    among = "corners diagonally opposite a starting corner" if opposite else "free corners, none being opposite a starting corner"
    choice = choose_clearing(s, f"where to surface ({among})", pool)
    corner = choice.target
    assert corner is not None  # every corner in the pool may take the Duchy's pieces
    R.place_warriors(g, FACTION, corner, SETUP_WARRIORS, "10.3.3", why=choice.explain)
    R.place_token(g, FACTION, corner, "tunnel", "10.3.3")
    s.start_corners[FACTION] = corner
    for c in adjacent_for(s, FACTION, corner):
        R.place_warriors(g, FACTION, c, SETUP_WARRIORS, "10.3.3", why=lambda: "adjacent to its corner")
    return corner


def fill_buildings_tracks(g: Game) -> None:
    """10.3.4: three citadels and three markets on their Buildings tracks (the supply)."""
    fs = g.state.factions[FACTION]
    g.emit(FACTION, "10.3.4", "setup", "fills its Buildings tracks with {c} citadels and {m} markets", c=fs.supply["citadel"], m=fs.supply["market"])


def sway_starting_ministers(g: Game) -> None:
    """10.3.5: draw two cards and discard them; for each, crown the topmost unswayed minister of
    its suit (a bird card matches every minister, ruling R-DUCHY-SETUP-BIRD)."""
    s = g.state
    for _ in range(SETUP_CARDS):
        cid = R.draw_card(g, FACTION)
        card = s.deckdef.card(cid)
        with R.told_after(g):
            if R.discard(g, cid, told=True) == R.BESIDE_THE_MAP:
                g.emit(FACTION, "10.3.5", "setup", "draws {card} to sway a starting minister and places it beside the map (a dominance card, LoR 3.3.3)", card=card.label())
            else:
                g.emit(FACTION, "10.3.5", "setup", "draws and discards {card} to sway a starting minister", card=card.label())
        minister = topmost_unswayed(s, card.suit)
        if minister is None:
            g.emit(FACTION, "10.3.5", "setup", "no unswayed {suit} minister is left to sway", suit=card.suit)
            continue
        place_crown(g, minister, "10.3.5", f"the topmost unswayed minister matching {card.label()}")


# -- ministers and crowns (10.6.3, 10.7) ------------------------------------------------------------
def topmost_unswayed(s: GameState, suit: str) -> str | None:
    ds = duchy_state(s)
    for m in MINISTERS:
        if not ds.has(m) and R.matches(suit, MINISTER_SUIT[m]):
            return m
    return None


def place_crown(g: Game, minister: str, rule: str, why: str) -> bool:
    s = g.state
    fs = s.factions[FACTION]
    if fs.supply.get("crown", 0) <= 0:
        g.emit(FACTION, rule, "no_crown", "has no crown left in supply to sway the {m}", m=MINISTER_TITLE[minister])
        return False
    fs.supply["crown"] -= 1
    duchy_state(s).sway(minister)
    g.emit(FACTION, rule, "sway", "places a crown on the {m}", lambda: why, m=MINISTER_TITLE[minister])
    return True


# -- Birdsong (10.4) ----------------------------------------------------------------------------------
def recruit(g: Game) -> int:
    """10.4.3: two warriors (by difficulty: 1, 2, 3, 3; 3.3.1) plus one per Mole icon showing, into
    the Burrow. Returns how many were placed."""
    s = g.state
    level = difficulty(s, FACTION)
    base = RECRUIT_BASE[level]
    moles = moles_showing(s)
    want = base + moles
    fs = s.factions[FACTION]
    n = min(want, fs.supply.get("warrior", 0))
    if n <= 0:
        g.emit(FACTION, "10.4.3", "supply_empty", "has no warriors left in supply to recruit into the Burrow (LoR 1.5.4)")
        return 0
    fs.supply["warrior"] -= n
    duchy_state(s).burrow += n
    note = "" if level == "default" else f" at {level} difficulty (3.3.1)"
    g.emit(FACTION, "10.4.3", "recruit", "places {n} warrior{pl} in the Burrow ({base}{note}, plus {moles} for the Mole icons showing)", n=n, pl="s" if n > 1 else "", base=base, note=note, moles=moles)
    return n


# -- Daylight: Dig (10.5.1, 10.7.4) ---------------------------------------------------------------------
def dig_target(s: GameState, suit: str, bird_tie: bool, brigadier: bool = False) -> Choice:
    """10.5.1 I: an ordered clearing with no tunnel and no Duchy buildings. Not a bird order: the
    most empty building slots, then the fewest warriors; a bird order (or the Brigadier, 10.7.4):
    the most enemy buildings and tokens. Trait Invaders (3.3.2), except for the Brigadier's own
    tie: the most enemy buildings, then the fewest enemy warriors (ruling R-DUCHY-INVADERS). Then
    highest priority (2.1), skipping where it may not place (the keep)."""
    candidates = [c for c in CLEARINGS if R.matches(suit, s.suit(c)) and not has_tunnel(s, c) and duchy_buildings(s, c) == 0]
    if has_trait(s, FACTION, "invaders") and not brigadier:
        criteria = [
            most("most enemy buildings", lambda c: sum(1 for f, _ in s.clearings[c].buildings if f != FACTION), "Invaders, 3.3.2"),
            fewest("fewest enemy warriors", lambda c: s.enemy_warriors(FACTION, c), "Invaders, 3.3.2"),
        ]
    elif bird_tie:
        criteria = [most("most enemy buildings and tokens", lambda c: enemy_buildings_and_tokens(s, c), "10.5.1 I")]
    else:
        criteria = [
            most("most empty building slots", lambda c: s.free_slots(c), "10.5.1 I"),
            fewest("fewest warriors", lambda c: all_warriors(s, c), "10.5.1 I"),
        ]
    among = "any suit, the order is a bird" if suit == "bird" else suit
    return choose_clearing(s, f"where to dig (clearings with no tunnel and no Duchy building; {among})", candidates, criteria, legal=lambda c: placement_blocked(s, c))


def tunnel_to_take(s: GameState) -> Choice:
    """10.5.1 II: with no tunnel in supply, take one from the tunnel clearing with the fewest
    Duchy warriors (highest priority on ties)."""
    return choose_clearing(s, "which tunnel to take (no tunnel in supply)", tunnels(s), [fewest("fewest Duchy warriors", lambda c: s.warriors(FACTION, c), "10.5.1 II")])


def dig(g: Game, rule: str, need: int = DIG_WARRIORS, bird_tie: bool = False) -> int | None:
    """10.5.1: with ``need`` or more warriors in the Burrow, place a tunnel in the target clearing
    and move up to four warriors from the Burrow there (the Brigadier, 10.7.4, needs three; the
    Overwhelm trait needs and moves three). Returns the clearing dug into."""
    s = g.state
    ds = duchy_state(s)
    overwhelm = has_trait(s, FACTION, "overwhelm")
    if overwhelm:
        need = OVERWHELM_WARRIORS
    moving = OVERWHELM_WARRIORS if overwhelm else DIG_WARRIORS
    if ds.burrow < need:
        g.emit(FACTION, rule, "no_dig", "does not dig: the Burrow has {n} warrior{pl}, fewer than {need}", n=ds.burrow, pl="" if ds.burrow == 1 else "s", need=need)
        return None
    suit = R.order_suit(s, FACTION)
    choice = dig_target(s, suit, bird_tie or suit == "bird", brigadier=bird_tie)
    target = choice.target
    if target is None:
        g.emit(FACTION, rule, "no_dig", "does not dig: no ordered clearing without a tunnel or Duchy building can take one", why=choice.explain)
        return None
    fs = s.factions[FACTION]
    if R.snare_stops(g, FACTION, target, "place a tunnel token", choice.explain):
        return target  # 11.8.2 cancels the tunnel before any is taken from the map (10.5.1 II, R-DUCHY-SNARE)
    if fs.supply.get("tunnel", 0) <= 0:
        take = tunnel_to_take(s)
        assert take.target is not None  # all three tunnels are on the map
        src = take.target
        s.clearings[src].tokens.remove((FACTION, "tunnel"))
        fs.supply["tunnel"] += 1
        g.emit(FACTION, "10.5.1 II", "take_tunnel", "takes the tunnel from {c} (none left in supply)", take.explain, c=src)
    R.place_token(g, FACTION, target, "tunnel", rule, why=choice.explain)
    burrow_to(g, target, min(moving, ds.burrow), rule)
    return target


def burrow_to(g: Game, c: int, n: int, rule: str) -> int:
    """Move ``n`` warriors from the Burrow to ``c``, which has a tunnel, so it is adjacent; the
    Duchy rules the Burrow, so the move is allowed (10.2.2, LoR 4.2.1)."""
    s = g.state
    ds = duchy_state(s)
    n = min(n, ds.burrow)
    if n <= 0 or not has_tunnel(s, c):
        return 0
    ds.burrow -= n
    cl = s.clearings[c]
    cl.warriors[FACTION] = cl.warriors.get(FACTION, 0) + n
    g.emit(FACTION, rule, "move", "moves {n} warrior{pl} from the Burrow to {c}", n=n, c=c, pl="s" if n > 1 else "")
    R.moved_into(g, FACTION, c)  # other seats react (moving into sympathy angers a human Alliance, LoR 8.2.6)
    return n


def to_burrow(g: Game, c: int, n: int, rule: str, why: Callable[[], str] | None = None) -> int:
    """Take ``n`` Duchy warriors from ``c`` and place them in the Burrow (10.6.1): taken and placed,
    not moved, so no tunnel is needed. A face-up snare there holds them: the bot removes the snare
    instead (11.8.2, ruling R-DUCHY-SNARE)."""
    s = g.state
    cl = s.clearings[c]
    have = cl.warriors.get(FACTION, 0)
    n = min(n, have)
    if n <= 0 or R.snare_stops(g, FACTION, c, "take warriors into the Burrow out of"):  # ruling R-DUCHY-SNARE
        return 0
    if n == have:
        del cl.warriors[FACTION]
    else:
        cl.warriors[FACTION] = have - n
    duchy_state(s).burrow += n
    g.emit(FACTION, "10.6.1", "to_burrow", "takes {n} warrior{pl} from {c} into the Burrow", why, n=n, c=c, pl="s" if n > 1 else "")
    return n


# -- Daylight: battle (10.5.2, 10.7.1) -----------------------------------------------------------------
def defender_in(s: GameState, c: int) -> Choice:
    """10.5.2 I: the enemy with the most buildings there, then the most pieces, then the most VP;
    then setup priority (2.2)."""
    return choose_player(
        s,
        f"whom to battle in {c}",
        enemies_in(s, FACTION, c),
        [
            most("most buildings there", lambda f: s.clearings[c].buildings_of(f), "10.5.2 I"),
            most("most pieces there", pieces_there(s, c), "10.5.2 I"),
            most("most VP", victory_points(s), "10.5.2 I"),
        ],
        legal=lambda f: None if can_battle(s, FACTION, f, c) else "cannot be battled",
    )


def captain_hit(s: GameState, c: int) -> int:
    """10.7.1: with the Captain swayed, one extra hit attacking where there is a tunnel."""
    return 1 if swayed(s, "captain") and has_tunnel(s, c) else 0


def battle_step(g: Game) -> None:
    """10.5.2: battle in each ordered clearing (highest priority first, 2.4) where it has warriors
    and an enemy has a piece. The Captain (10.7.1) deals an extra hit where there is a tunnel."""
    s = g.state
    suit = R.order_suit(s, FACTION)
    fought = False
    for c in in_priority_order(s, [c for c in CLEARINGS if R.matches(suit, s.suit(c))]):
        if s.warriors(FACTION, c) <= 0 or not has_enemy_in(s, FACTION, c):
            continue
        choice = defender_in(s, c)
        if choice.target is None:
            continue
        fought = True
        battle(g, FACTION, choice.target, c, "10.5.2", extra_hits=captain_hit(s, c), why=choice.explain, extra_why=f"the Captain is swayed and {c} has a tunnel", extra_rule="10.7.1")
    if not fought:
        g.emit(FACTION, "10.5.2", "no_battle", "does not battle: no ordered clearing holds its warriors and an enemy piece")


# -- Daylight: build (10.5.3, 10.7.5) ----------------------------------------------------------------------
def build(g: Game, rule: str) -> bool:
    """10.5.3: in the clearing it rules with the most Duchy warriors (highest priority on ties,
    skipping clearings where the building cannot go), a citadel with nine or more warriors in
    supply, else a market. Unable to place one while buildings remain on its board: 1 VP
    (ruling R-DUCHY-BUILD)."""
    s = g.state
    fs = s.factions[FACTION]
    kind = "citadel" if fs.supply.get("warrior", 0) >= CITADEL_SUPPLY else "market"
    reason = f"{fs.supply.get('warrior', 0)} warriors in supply: {'nine or more, a citadel' if kind == 'citadel' else 'fewer than nine, a market'}"

    def blocked(c: int) -> str | None:
        if fs.supply.get(kind, 0) <= 0:
            return f"no {kind} left on its board"
        if s.free_slots(c) <= 0:
            return "no free building slot"
        return placement_blocked(s, c)

    def where() -> Choice:
        return choose_clearing(
            s,
            f"where to build a {kind} (clearings it rules)",
            R.ruled_clearings(s, FACTION),
            [most("most Duchy warriors", lambda c: s.warriors(FACTION, c), "10.5.3")],
            legal=blocked,
        )

    choice = where()
    if choice.target is None and SHARED.services.bot_cannot_build(g, FACTION, lambda: where().target is not None, f"a {kind}"):
        choice = where()  # 9.7: with Mercenaries bought
    if choice.target is not None:
        R.place_building(g, FACTION, choice.target, kind, rule, why=lambda: f"{reason}; {choice.explain()}")
        return True
    left = fs.supply.get("citadel", 0) + fs.supply.get("market", 0)
    g.emit(FACTION, rule, "no_build", "cannot place a {kind}", choice.explain, kind=kind)
    no_slot = bool(choice.skipped) and all(why == "no free building slot" for _, why in choice.skipped)
    if has_trait(s, FACTION, "invaders") and no_slot:
        invaders_battle(g, choice.ranked)  # no building slot was open: battle instead of scoring
        return False
    if left:
        R.score(g, FACTION, 1, "10.5.3", "for being unable to build with buildings left on its board")
    return False


def invaders_battle(g: Game, clearings: list[int]) -> None:
    """Trait Invaders (3.3.2): unable to build for want of an open building slot, it battles in
    each clearing it rules instead (highest priority first, 2.4; defender by 10.5.2 I; ruling
    R-DUCHY-INVADERS)."""
    s = g.state
    g.emit(FACTION, "3.3.2", "invaders", "Invaders: no building slot is open where it rules, so it battles in each clearing it rules instead")
    for c in in_priority_order(s, clearings):
        if s.warriors(FACTION, c) <= 0 or not has_enemy_in(s, FACTION, c):
            continue
        choice = defender_in(s, c)
        if choice.target is not None:
            battle(g, FACTION, choice.target, c, "3.3.2", extra_hits=captain_hit(s, c), why=lambda choice=choice: f"Invaders: {choice.explain()}", extra_why=f"the Captain is swayed and {c} has a tunnel", extra_rule="10.7.1")


# -- Daylight: ministers (10.5.4, 10.7) -------------------------------------------------------------------
def act_with_ministers(g: Game) -> None:
    """10.5.4: the actions of every swayed minister, top to bottom; the Captain and Foremole are
    abilities and take no action."""
    s = g.state
    actions: dict[str, Callable[[Game], None]] = {
        "marshal": marshal, "brigadier": brigadier, "banker": banker, "mayor": mayor,
        "earl": earl_of_stone, "baron": baron_of_dirt, "duchess": duchess_of_mud,
    }
    for m in MINISTERS:
        if m in actions and swayed(s, m):  # checked as each comes up: a crown may be lost on the way
            actions[m](g)


def marshal(g: Game) -> None:
    """10.7.2: a warrior in the clearing with the fewest Duchy warriors and a Duchy building."""
    s = g.state
    choice = choose_clearing(
        s,
        "where the Marshal places a warrior (clearings with a Duchy building)",
        [c for c in CLEARINGS if duchy_buildings(s, c) > 0],
        [fewest("fewest Duchy warriors", lambda c: s.warriors(FACTION, c), "10.7.2")],
        legal=lambda c: placement_blocked(s, c),
    )
    if choice.target is None:
        g.emit(FACTION, "10.7.2", "skip", "Marshal: no clearing with a Duchy building can take a warrior", why=choice.explain)
        return
    R.place_warriors(g, FACTION, choice.target, 1, "10.7.2", why=choice.explain)


def brigadier(g: Game) -> None:
    """10.7.4: with three or more warriors in the Burrow, Dig, targeting the most enemy buildings
    and tokens."""
    dig(g, "10.7.4", need=BRIGADIER_WARRIORS, bird_tie=True)


def banker(g: Game) -> None:
    """10.7.5: take the Build action."""
    build(g, "10.7.5")


def mayor(g: Game) -> None:
    """10.7.6: remove a Duchy warrior from the clearing it rules with the most Duchy warriors
    (not the Burrow, ruling R-DUCHY-MAYOR); if it does, 1 VP."""
    s = g.state
    choice = choose_clearing(
        s,
        "where the Mayor removes a Duchy warrior (clearings it rules)",
        [c for c in R.ruled_clearings(s, FACTION) if s.warriors(FACTION, c) > 0],
        [most("most Duchy warriors", lambda c: s.warriors(FACTION, c), "10.7.6")],
    )
    if choice.target is None:
        g.emit(FACTION, "10.7.6", "skip", "Mayor: it rules no clearing with its warriors")
        return
    R.remove_warriors(g, FACTION, choice.target, 1, "10.7.6")
    R.score(g, FACTION, 1, "10.7.6", f"for the Mayor's removal in {choice.target}")


def earl_of_stone(g: Game) -> None:
    """10.7.7: 1 VP per citadel on the map."""
    n = g.state.on_map(FACTION, "citadel")
    if n:
        R.score(g, FACTION, n, "10.7.7", f"from the Earl of Stone ({n} citadel{'s' if n > 1 else ''} on the map)")
    else:
        g.emit(FACTION, "10.7.7", "score", "scores nothing from the Earl of Stone: no citadel on the map")


def baron_of_dirt(g: Game) -> None:
    """10.7.8: 1 VP per market on the map."""
    n = g.state.on_map(FACTION, "market")
    if n:
        R.score(g, FACTION, n, "10.7.8", f"from the Baron of Dirt ({n} market{'s' if n > 1 else ''} on the map)")
    else:
        g.emit(FACTION, "10.7.8", "score", "scores nothing from the Baron of Dirt: no market on the map")


def duchess_of_mud(g: Game) -> None:
    """10.7.9: 2 VP if all three tunnels are on the map."""
    s = g.state
    n = s.on_map(FACTION, "tunnel")
    if n > 0 and s.factions[FACTION].supply.get("tunnel", 0) == 0:
        R.score(g, FACTION, DUCHESS_VP, "10.7.9", "from the Duchess of Mud (all tunnels on the map)")
    else:
        g.emit(FACTION, "10.7.9", "score", "scores nothing from the Duchess of Mud: {n} of its tunnels on the map", n=n)


# -- Evening (10.6) ----------------------------------------------------------------------------------------
def rally_destination(s: GameState, c: int) -> Choice:
    """10.6.1 I: an adjacent clearing with a Duchy building (closed paths and the Ferry count,
    12.1.1, 12.2.1), the fewest Duchy warriors first, then highest priority; skipping one it may
    not move to (rule, LoR 4.2.1)."""
    return choose_clearing(
        s,
        f"where to rally from {c} (adjacent clearings with a Duchy building)",
        [d for d in R.move_destinations(s, FACTION, c) if duchy_buildings(s, d) > 0],
        [fewest("fewest Duchy warriors", lambda d: s.warriors(FACTION, d), "10.6.1 I")],
        legal=lambda d: None if R.can_move(s, FACTION, c, d) else "it rules neither clearing (LoR 4.2.1)",
    )


def rally(g: Game) -> None:
    """10.6.1: from each ordered clearing with no Duchy building and one or two Duchy warriors,
    all of them move to an adjacent clearing with a Duchy building, or (10.6.1 II, none) go to the
    Burrow; then, in each clearing it rules, all but four Duchy warriors go to the Burrow."""
    s = g.state
    ordered = [] if R.has_no_order(g, FACTION, "10.6.1", "rallies from no ordered clearing") else [c for c in CLEARINGS if R.matches(R.order_suit(s, FACTION), s.suit(c))]
    for c in in_priority_order(s, ordered):
        n = s.warriors(FACTION, c)
        if n <= 0 or n > 2 or duchy_buildings(s, c) > 0:
            continue
        choice = rally_destination(s, c)
        if choice.target is not None:
            R.move_warriors(g, FACTION, c, choice.target, n, "10.6.1", why=choice.explain)
        else:

            def no_rally(c: int = c, explain: Callable[[], str] = choice.explain) -> str:
                return f"10.6.1 II: no adjacent clearing with a Duchy building to rally to from {c} ({explain()})"

            to_burrow(g, c, n, "10.6.1", why=no_rally)
    for c in R.ruled_clearings(s, FACTION):
        extra = s.warriors(FACTION, c) - RALLY_KEEP
        if extra > 0:

            def all_but_four(c: int = c) -> str:
                return f"all but four of its warriors in {c}, which it rules"

            to_burrow(g, c, extra, "10.6.1", why=all_but_four)


def score_markets(g: Game) -> None:
    """10.6.2: 1 VP per market on the map."""
    n = g.state.on_map(FACTION, "market")
    if n:
        R.score(g, FACTION, n, "10.6.2", f"for {n} market{'s' if n > 1 else ''} on the map")
    else:
        g.emit(FACTION, "10.6.2", "score", "scores nothing: no market on the map")


def sway(g: Game) -> None:
    """10.6.3: crown the topmost ordered minister with no crown; with none (or a bird order), the
    bottommost minister with no crown."""
    s = g.state
    if R.has_no_order(g, FACTION, "10.6.3", "sways no minister"):
        return
    suit = R.order_suit(s, FACTION)
    ds = duchy_state(s)
    minister = None if suit == "bird" else next((m for m in MINISTERS if MINISTER_SUIT[m] == suit and not ds.has(m)), None)
    if minister is not None:
        place_crown(g, minister, "10.6.3", f"the topmost unswayed {suit} minister")
        return
    rest = [m for m in MINISTERS if not ds.has(m)]
    if not rest:
        g.emit(FACTION, "10.6.3", "no_sway", "every minister is already swayed")
        return
    why = "the order is a bird" if suit == "bird" else f"no {suit} minister is left unswayed"
    place_crown(g, rest[-1], "10.6.3", f"{why}, so the bottommost unswayed minister")


def nightmare_point(g: Game) -> None:
    """Nightmare (3.3.1): 1 VP at the end of Evening (ruling R-DUCHY-NIGHTMARE)."""
    if difficulty(g.state, FACTION) == "nightmare":
        R.score(g, FACTION, 1, "3.3.1", "at the end of Evening (nightmare difficulty)")
