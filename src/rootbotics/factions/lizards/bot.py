"""Logical Lizards (Law of Robotics section 8).

The faction rules that other players set off live in ``rules.py``: Pilgrims (8.2.1, read
by ``rules.ruler``), Robot Revenge (8.2.2), Gardens (8.2.3) and Lost Souls (8.2.4, which catches
``rules.discard``). This module is the bot's setup and turn: conspiracies, rituals, Evening.
"""

from __future__ import annotations

from typing import cast

from ...core import rules as R
from ...core.battle import battle, can_battle
from ...core.events import a_or_an, piece_words
from ...core.context import Game
from ...core.faction import SHARED
from .rules import CONSPIRACIES, FACTION, GARDENS, SANCTIFY_SPACE, LizardsState
from ...core.maps import CLEARINGS
from ...core.state import GameState
from ...core.bot import enemies_in, victory_points
from ...core.bot import difficulty, has_trait
from ...core.targeting import choose_clearing, choose_player, fewest, in_priority_order, most

SUPPLY_WARRIORS = 25  # 8.3.1
START_WARRIORS = 4  # 8.3.2
LOST_SOULS_AT_SETUP = 3  # 8.3.5
# VP above the rightmost empty Gardens-track space, by gardens of that suit on the map (8.6.1;
# 0, 2, 2, 3, 4 for the five spaces; no empty space, nothing).
GARDEN_VP = (0, 0, 2, 2, 3, 4)
RITUALS = {"easy": 3, "default": 4, "challenging": 5, "nightmare": 5}  # 8.5 by difficulty (3.3.1)
SUITS = ("fox", "rabbit", "mouse")
CARD_SUITS = ("bird", "fox", "rabbit", "mouse")
KEEP_FORBIDS = "the keep is there: only the Marquise may place pieces there, 4.2.1"


class LogicalLizards:
    faction = FACTION

    # -- 8.3 setup ---------------------------------------------------------------------------
    def setup(self, g: Game) -> None:
        gather_warriors(g)
        place_start(g)
        set_conspiracy(g)
        fill_gardens_tracks(g)
        draw_lost_souls(g)

    # -- 8.4 Birdsong ------------------------------------------------------------------------
    def birdsong(self, g: Game) -> None:
        set_order(g)
        perform_conspiracies(g)

    # -- 8.5 Daylight ------------------------------------------------------------------------
    def daylight(self, g: Game) -> None:
        rituals(g)

    # -- 8.6 Evening -------------------------------------------------------------------------
    def evening(self, g: Game) -> None:
        score_gardens(g)
        discard_lost_souls(g)
        return_revealed(g)
        craft(g)
        nightmare_point(g)
        erratic(g)


def lz(s: GameState) -> LizardsState:
    board = s.factions[FACTION].board
    assert board is not None, "the Lizards bot has no board"
    return cast(LizardsState, board)


def label(s: GameState, card: int) -> str:
    return s.deckdef.card(card).label()


# -- setup steps ------------------------------------------------------------------------------
def gather_warriors(g: Game) -> None:
    """8.3.1: a supply of 25 warriors."""
    g.emit(FACTION, "8.3.1", "setup", "forms a supply of {n} warriors", n=g.state.factions[FACTION].supply["warrior"])


def place_start(g: Game) -> int | None:
    """8.3.2: four warriors and a garden of its suit in a random corner that is no other bot's
    starting corner and, if possible, diagonally opposite a starting corner; then one warrior in
    each adjacent clearing."""
    s = g.state
    taken = {c for f, c in s.start_corners.items() if f != FACTION and s.factions[f].is_bot}
    starts = set(s.start_corners.values())
    open_corners = [c for c in s.map.corners if c not in taken and R.can_place_building(s, FACTION, c, GARDENS[s.suit(c)])]
    opposite = [c for c in open_corners if s.map.opposite_corner[c] in starts]
    pool = opposite or open_corners
    if not pool:
        g.emit(FACTION, "8.3.2", "setup", "finds no corner where its garden can be placed")
        return None
    corner = pool[0] if len(pool) == 1 else g.chance.pick(pool, "the Lizards' starting corner (8.3.2)")
    why = "the corner diagonally opposite a starting corner" if opposite else "a random free corner (none is opposite a starting corner)"
    R.place_warriors(g, FACTION, corner, START_WARRIORS, "8.3.2", why=lambda: why)
    R.place_building(g, FACTION, corner, GARDENS[s.suit(corner)], "8.3.2")
    for c in in_priority_order(s, R.adjacent_for(s, FACTION, corner)):
        R.place_warriors(g, FACTION, c, 1, "8.3.2", why=lambda: "one warrior in each clearing adjacent to its corner")
    s.start_corners[FACTION] = corner
    return corner


def set_conspiracy(g: Game) -> None:
    """8.3.3: the outcast marker starts on the Sanctify space."""
    lz(g.state).conspiracy = SANCTIFY_SPACE
    g.emit(FACTION, "8.3.3", "setup", "places its outcast marker on the Sanctify space of the Conspiracy track")


def fill_gardens_tracks(g: Game) -> None:
    """8.3.4: the other fourteen gardens wait on the Gardens tracks (the supply)."""
    n = sum(g.state.factions[FACTION].supply[k] for k in GARDENS.values())
    g.emit(FACTION, "8.3.4", "setup", "fills its Gardens tracks with {n} gardens", n=n)


def draw_lost_souls(g: Game) -> None:
    """8.3.5: three cards, face up, into the Lost Souls in the order drawn (the last on top)."""
    s = g.state
    for _ in range(LOST_SOULS_AT_SETUP):
        card = R.draw_card(g, FACTION)
        lz(s).lost_souls.append(card)
        g.emit(FACTION, "8.3.5", "lost_soul", "draws {card} into its Lost Souls", card=label(s, card))


# -- 8.4 Birdsong ---------------------------------------------------------------------------------
def suit_counts(s: GameState, cards: list[int]) -> dict[str, int]:
    counts = {suit: 0 for suit in CARD_SUITS}
    for card in cards:
        counts[s.deckdef.card(card).suit] += 1
    return counts


def set_order(g: Game) -> str:
    """8.4.1: the order is the most common suit in the Lost Souls; on a tie, bird."""
    s = g.state
    counts = suit_counts(s, lz(s).lost_souls)
    best = max(counts.values())
    leaders = [suit for suit in CARD_SUITS if counts[suit] == best]
    order = leaders[0] if len(leaders) == 1 else "bird"
    lz(s).order = order
    shown = ", ".join(f"{counts[suit]} {suit}" for suit in CARD_SUITS)
    tie = " (a tie, so bird)" if len(leaders) > 1 else ""
    g.emit(FACTION, "8.4.1", "order", "its order is {suit}: its Lost Souls hold {shown}{tie}", suit=order, shown=shown, tie=tie)
    return order


def order_of(s: GameState) -> str:
    order = lz(s).order
    assert order is not None, "the Lizards have no order yet"
    return order


def ordered(s: GameState, c: int) -> bool:
    order = order_of(s)
    return order == "bird" or s.suits[c] == order  # R.matches: birds are wild (LoR 2.1.1); asked for every clearing


def perform_conspiracies(g: Game) -> None:
    """8.4.2: while it has acolytes, move the marker one space right (wrapping), perform that
    conspiracy if able and, if it did, remove an acolyte. A full lap of the track with nothing
    performed ends the step (ruling R-LIZ-STALL)."""
    s = g.state
    board = lz(s)
    if board.acolytes == 0:
        g.emit(FACTION, "8.4.2", "skip", "performs no conspiracy: its Acolytes box is empty")
        return
    failed = 0
    while board.acolytes > 0:
        if failed == len(CONSPIRACIES):
            g.emit(FACTION, "8.4.2", "stall", "stops its conspiracies: none of the five could be performed (ruling R-LIZ-STALL); it keeps its {n} acolyte{pl}", n=board.acolytes, pl="" if board.acolytes == 1 else "s")
            return
        board.conspiracy = (board.conspiracy + 1) % len(CONSPIRACIES)
        name = CONSPIRACIES[board.conspiracy]
        g.emit(FACTION, "8.4.2", "conspiracy", "moves its marker to {name} (space {i} of the Conspiracy track)", name=name.capitalize(), i=board.conspiracy + 1)
        done = {"convert": convert, "crusade": crusade, "sanctify": sanctify}[name](g)
        if done:
            failed = 0
            board.acolytes -= 1
            s.factions[FACTION].supply["warrior"] += 1
            g.emit(FACTION, "8.4.2", "acolyte", "performed {name}, so an acolyte returns to its supply ({n} left)", name=name.capitalize(), n=board.acolytes)
        else:
            failed += 1


# -- 8.4.2 I Convert ------------------------------------------------------------------------------
def convert_blocked(s: GameState, c: int) -> str | None:
    if not R.may_place_in(s, FACTION, c):
        return KEEP_FORBIDS
    return None


def enemy_buildings(s: GameState, c: int) -> int:
    """Enemy buildings in a clearing, for the ties of 8.4.2 I b and 8.5.1 I: in cooperative play a
    teammate bot's buildings are not counted (Fully Cooperative Play, after 3.4)."""
    return sum(1 for o, _ in s.clearings[c].buildings if s.is_enemy(FACTION, o))


def convert(g: Game) -> bool:
    """8.4.2 I: in an ordered clearing, replace an enemy warrior with a Lizard warrior. The
    player first (most points), then the clearing (most enemy buildings), then priority. Needs a
    Lizard warrior in supply (ruling R-LIZ-CONVERT). A snare in the clearing stops the whole
    replacement before the enemy warrior is removed (11.8.2), and no Fanatics battle follows."""
    s = g.state
    if s.factions[FACTION].supply.get("warrior", 0) == 0:
        g.emit(FACTION, "8.4.2 I", "no_convert", "cannot convert: no Lizard warrior in supply to replace an enemy warrior with")
        return False
    where = [c for c in CLEARINGS if ordered(s, c) and convert_blocked(s, c) is None]
    # only enemies: in cooperative play the bots are a team (Fully Cooperative Play, after 3.4)
    victims = {f for c in where for f, n in s.clearings[c].warriors.items() if n > 0 and s.is_enemy(FACTION, f)}
    player = choose_player(s, "whose warrior to convert (enemies with warriors in ordered clearings)", victims, [most("most points", victory_points(s), "8.4.2 I a")])
    if player.target is None:
        g.emit(FACTION, "8.4.2 I", "no_convert", "cannot convert: no enemy warrior in an ordered clearing it may place in")
        return False
    f = player.target
    clearing = choose_clearing(
        s,
        f"where to convert {a_or_an(f)} warrior (ordered clearings with one)",
        [c for c in CLEARINGS if ordered(s, c) and s.warriors(f, c) > 0],
        [most("most enemy buildings", lambda c: enemy_buildings(s, c), "8.4.2 I b")],
        legal=lambda c: convert_blocked(s, c),
    )
    c = clearing.target
    assert c is not None
    why_player, why_clearing = player.explain, clearing.explain
    why = lambda: f"{why_player()}; {why_clearing()}"  # noqa: E731
    if R.snare_stops(g, FACTION, c, f"convert {a_or_an(f)} warrior", why):
        return True  # 11.8.2: the snare's removal replaced the whole replacement (ruling R-SNARE)
    g.emit(FACTION, "8.4.2 I", "convert", "converts a warrior of the {f} in {c}", why, f=f, c=c)
    R.remove_warriors(g, f, c, 1, "8.4.2 I", by=FACTION)
    R.place_warriors(g, FACTION, c, 1, "8.4.2 I")
    fanatics(g, c)
    return True


def fanatics(g: Game, c: int) -> None:
    """Fanatics (3.3.2): after each Convert, battle in that clearing with one extra hit; the
    defender has the most defenseless buildings there, then the most points (ruling R-TRAIT-LIZARDS)."""
    if not has_trait(g.state, FACTION, "fanatics"):
        return
    s = g.state
    cl = s.clearings[c]

    def defenseless_buildings(f: str) -> int:
        return 0 if cl.warriors.get(f, 0) > 0 else cl.buildings_of(f)

    choice = choose_player(
        s,
        f"whom to battle in {c} (Fanatics)",
        enemies_in(s, FACTION, c),
        [most("most defenseless buildings", defenseless_buildings, "Fanatics, 3.3.2"), most("most points", victory_points(s), "Fanatics, 3.3.2")],
        legal=lambda f: None if can_battle(s, FACTION, f, c) else "cannot be battled there",
    )
    if choice.target is None:
        g.emit(FACTION, "3.3.2", "skip", "Fanatics: nobody to battle in {c}", choice.explain, c=c)
        return
    battle(g, FACTION, choice.target, c, "3.3.2", extra_hits=1, why=lambda: f"Fanatics: {choice.explain()}", extra_why="Fanatics")


# -- 8.4.2 II Crusade -----------------------------------------------------------------------------
CRUSADERS = 2  # 8.4.2 II: two or more Lizard warriors


def crusade(g: Game) -> bool:
    """8.4.2 II: battle in each ordered clearing with two or more Lizard warriors, in priority
    order (2.4), against the player there with the most points. Performed if any battle was
    fought (ruling R-LIZ-CRUSADE)."""
    s = g.state
    places = in_priority_order(s, [c for c in CLEARINGS if ordered(s, c) and s.warriors(FACTION, c) >= CRUSADERS])
    fought = False
    tokens_removed = 0
    for c in places:
        if s.warriors(FACTION, c) < CRUSADERS:
            continue  # still two there? (battles elsewhere cannot change it; ruling R-LIZ-CRUSADE)

        def battleable(f: str, c: int = c) -> str | None:
            return None if can_battle(s, FACTION, f, c) else "cannot be battled there"

        choice = choose_player(
            s,
            f"whom to battle in {c} (players there)",
            enemies_in(s, FACTION, c),
            [most("most points", victory_points(s), "8.4.2 II a")],
            legal=battleable,
        )
        if choice.target is None:
            continue
        before = enemy_tokens(s, c)
        battle(g, FACTION, choice.target, c, "8.4.2 II", why=choice.explain)
        tokens_removed += before - enemy_tokens(s, c)
        fought = True
    if not fought:
        g.emit(FACTION, "8.4.2 II", "no_crusade", "cannot crusade: no ordered clearing has {n} or more Lizard warriors and an enemy piece", n=CRUSADERS)
        return False
    spiteful(g, tokens_removed)
    return True


def enemy_tokens(s: GameState, c: int) -> int:
    return sum(1 for f, _ in s.clearings[c].tokens if f != FACTION)


def spiteful(g: Game, tokens_removed: int) -> None:
    """Spiteful (3.3.2): a Crusade that removed any enemy token scores one more VP
    (ruling R-TRAIT-LIZARDS)."""
    if tokens_removed and has_trait(g.state, FACTION, "spiteful"):
        R.score(g, FACTION, 1, "3.3.2", f"for Spiteful (its Crusade removed {tokens_removed} token{'s' if tokens_removed != 1 else ''})")


# -- 8.4.2 III Sanctify ---------------------------------------------------------------------------
def sanctify_blocked(s: GameState, c: int) -> str | None:
    if not R.may_place_in(s, FACTION, c):
        return KEEP_FORBIDS
    if s.factions[FACTION].supply.get(GARDENS[s.suit(c)], 0) == 0:
        return f"no {s.suit(c)} garden left on its Gardens track"
    return None


def sanctify(g: Game) -> bool:
    """8.4.2 III: in an ordered clearing, replace an enemy building with a garden of the
    clearing's suit. The player first (most points), then the clearing (fewest enemy warriors),
    then priority; among the player's building types there, one at random (ruling R-LIZ-SANCTIFY).
    A snare in the clearing stops the whole replacement before the building is removed (11.8.2)."""
    s = g.state
    where = [c for c in CLEARINGS if ordered(s, c) and sanctify_blocked(s, c) is None]
    # the player is chosen first, so a teammate bot's building is never a target in cooperative
    # play (Fully Cooperative Play, after 3.4; ruling R-COOP)
    owners = {f for c in where for f, _ in s.clearings[c].buildings if s.is_enemy(FACTION, f)}
    player = choose_player(s, "whose building to sanctify (enemies with buildings in ordered clearings)", owners, [most("most points", victory_points(s), "8.4.2 III a")])
    if player.target is None:
        g.emit(FACTION, "8.4.2 III", "no_sanctify", "cannot sanctify: no enemy building in an ordered clearing where a garden can replace it")
        return False
    f = player.target
    clearing = choose_clearing(
        s,
        f"where to sanctify {a_or_an(f)} building (ordered clearings with one)",
        [c for c in CLEARINGS if ordered(s, c) and s.clearings[c].buildings_of(f) > 0],
        [fewest("fewest enemy warriors", lambda c: s.enemy_warriors(FACTION, c), "8.4.2 III b")],
        legal=lambda c: sanctify_blocked(s, c),
    )
    c = clearing.target
    assert c is not None
    kinds = sorted({k for o, k in s.clearings[c].buildings if o == f})
    kind = kinds[0] if len(kinds) == 1 else g.chance.pick(kinds, f"which {f} building to sanctify in {c} (ruling R-LIZ-SANCTIFY)")
    why_player, why_clearing = player.explain, clearing.explain
    why = lambda: f"{why_player()}; {why_clearing()}"  # noqa: E731
    if R.snare_stops(g, FACTION, c, f"sanctify the {f} {piece_words(kind)}", why):
        return True  # 11.8.2: the snare's removal replaced the whole replacement (ruling R-SNARE)
    g.emit(FACTION, "8.4.2 III", "sanctify", "sanctifies the {f} {kind:piece} in {c}", why, f=f, kind=kind, c=c)
    R.remove_piece(g, f, c, kind, "8.4.2 III", by=FACTION)
    R.place_building(g, FACTION, c, GARDENS[s.suit(c)], "8.4.2 III")
    return True


# -- 8.5 Daylight ---------------------------------------------------------------------------------
def rituals(g: Game) -> None:
    """8.5: reveal the top four Lost Souls (three on easy, five on challenging and nightmare,
    3.3.1) one at a time, each performing the ritual of its suit."""
    s = g.state
    board = lz(s)
    n = RITUALS[difficulty(s, FACTION)]
    if not board.lost_souls:
        g.emit(FACTION, "8.5", "skip", "performs no ritual: its Lost Souls are empty")
        return
    for _ in range(n):
        if not board.lost_souls:
            g.emit(FACTION, "8.5", "skip", "has no more Lost Souls to reveal")
            return
        card = board.lost_souls.pop()
        board.revealed.append(card)
        suit = s.deckdef.card(card).suit
        g.emit(FACTION, "8.5", "reveal", "reveals {card} from its Lost Souls", card=label(s, card), suit=suit)
        if suit == "bird":
            bird_ritual(g, card)
        else:
            suit_ritual(g, suit)


def ritual_blocked(s: GameState, c: int) -> str | None:
    if not R.may_place_in(s, FACTION, c):
        return KEEP_FORBIDS
    return None


def suit_ritual(g: Game, suit: str) -> int | None:
    """8.5.1: a warrior in a clearing of the card's suit (ties: free building slots, then most
    enemy buildings, then priority); then a garden of that suit there if it rules it."""
    s = g.state
    choice = choose_clearing(
        s,
        f"where to place a warrior ({suit} clearings)",
        [c for c in CLEARINGS if s.suit(c) == suit],
        [
            most("free building slots", lambda c: 1 if s.free_slots(c) > 0 else 0, "8.5.1 I", words=("no free slot", "a free slot")),
            most("most enemy buildings", lambda c: enemy_buildings(s, c), "8.5.1 I"),
        ],
        legal=lambda c: ritual_blocked(s, c),
    )
    c = choice.target
    if c is None:
        g.emit(FACTION, "8.5.1", "skip", "cannot place a warrior in any {suit} clearing", choice.explain, suit=suit)
        return None
    R.place_warriors(g, FACTION, c, 1, "8.5.1", why=choice.explain)
    if not R.rules(s, FACTION, c) and R.can_place_building(s, FACTION, c, GARDENS[suit]):
        SHARED.services.bot_cannot_build(g, FACTION, lambda: R.rules(s, FACTION, c), f"a {suit} garden")  # 9.7: Mercenaries
    if not R.rules(s, FACTION, c):
        g.emit(FACTION, "8.5.1", "no_garden", "places no garden in {c}: it does not rule it", c=c)
    elif not R.place_building(g, FACTION, c, GARDENS[suit], "8.5.1", why=lambda: f"it rules {c}"):
        g.emit(FACTION, "8.5.1", "no_garden", "rules {c} but cannot place a {suit} garden there (no free slot or none left on its track)", c=c, suit=suit)
    return c


def bird_ritual(g: Game, card: int) -> None:
    """8.5.2: a Lizard warrior from the clearing with the most of them goes to the Acolytes box
    (highest priority on ties); the card goes to the discard pile, not the Lost Souls."""
    s = g.state
    choice = choose_clearing(
        s,
        "where to take an acolyte from (clearings with Lizard warriors)",
        [c for c in CLEARINGS if s.warriors(FACTION, c) > 0],
        [most("most Lizard warriors", lambda c: s.warriors(FACTION, c), "8.5.2")],
    )
    if choice.target is None:
        g.emit(FACTION, "8.5.2", "skip", "has no warrior on the map to make an acolyte")
    else:
        take_acolyte(g, choice.target, choice.explain)
    lz(s).revealed.remove(card)
    if R.discard(g, card, lost_souls=False, told=True) == R.BESIDE_THE_MAP:
        g.emit(FACTION, "8.5.2", "discard", "puts {card} beside the map (a dominance card, LoR 3.3.3)", card=label(s, card))
    else:
        g.emit(FACTION, "8.5.2", "discard", "puts {card} in the discard pile", card=label(s, card))
    martyrs(g)


def take_acolyte(g: Game, c: int, why) -> None:
    """8.5.2: one Lizard warrior leaves ``c`` for the Acolytes box, not the supply. (It is the
    one warrior Robot Revenge, 8.2.2, would send there too, so that rule adds nothing.)"""
    s = g.state
    warriors = s.clearings[c].warriors
    warriors[FACTION] -= 1
    if warriors[FACTION] == 0:
        del warriors[FACTION]
    lz(s).acolytes += 1
    g.emit(FACTION, "8.5.2", "ritual", "bird ritual: a warrior in {c} becomes an acolyte ({n} in the Acolytes box)", why, c=c, n=lz(s).acolytes)


def martyrs(g: Game) -> None:
    """Martyrs (3.3.2): each bird ritual also puts a warrior from supply in the Acolytes box."""
    s = g.state
    if not has_trait(s, FACTION, "martyrs"):
        return
    fs = s.factions[FACTION]
    if fs.supply.get("warrior", 0) == 0:
        g.emit(FACTION, "3.3.2", "skip", "Martyrs: no warrior in supply to make an acolyte")
        return
    fs.supply["warrior"] -= 1
    lz(s).acolytes += 1
    g.emit(FACTION, "3.3.2", "acolyte", "Martyrs: a warrior from its supply becomes an acolyte ({n} in the box)", n=lz(s).acolytes)


# -- 8.6 Evening ----------------------------------------------------------------------------------
def gardens_on_map(s: GameState, suit: str) -> int:
    return s.on_map(FACTION, GARDENS[suit])


def score_gardens(g: Game) -> None:
    """8.6.1: score the VP above the rightmost empty space of the ordered Gardens track; on a
    bird order, the track with the fewest gardens left on it (most on the map)."""
    s = g.state
    order = order_of(s)
    if order == "bird":
        suit = max(SUITS, key=lambda t: gardens_on_map(s, t))  # ties: fox, rabbit, mouse (same VP)
        note = f"bird order: the {suit} track has the fewest gardens left"
    else:
        suit, note = order, f"{order} order"
    placed = gardens_on_map(s, suit)
    vp = GARDEN_VP[placed]
    reason = f"from its {suit} Gardens track ({note}; {placed} {suit} garden{'s' if placed != 1 else ''} on the map)"
    if vp:
        R.score(g, FACTION, vp, "8.6.1", reason)
    else:
        g.emit(FACTION, "8.6.1", "score", "scores nothing {reason}", reason=reason)


def discard_lost_souls(g: Game) -> None:
    """8.6.2: every card left in the Lost Souls goes to the discard pile."""
    s = g.state
    board = lz(s)
    n = len(board.lost_souls)
    if n == 0:
        g.emit(FACTION, "8.6.2", "discard", "has no Lost Souls to discard", n=n, pl="s")
        return
    beside: list[str] = []
    while board.lost_souls:  # from the top down; a dominance card goes beside the map (LoR 3.3.3)
        card = board.lost_souls.pop()
        if R.discard(g, card, lost_souls=False, told=True) == R.BESIDE_THE_MAP:
            beside.append(label(s, card))
    piled = n - len(beside)
    if piled:
        g.emit(FACTION, "8.6.2", "discard", "discards its {n} Lost Soul{pl}", n=piled, pl="" if piled == 1 else "s")
    if beside:
        g.emit(FACTION, "8.6.2", "discard", "places {card} from its Lost Souls beside the map (dominance cards, LoR 3.3.3)", card=", ".join(beside), n=len(beside), pl="")


def return_revealed(g: Game) -> None:
    """8.6.3: the revealed cards go back to the Lost Souls, the first revealed on top."""
    s = g.state
    board = lz(s)
    cards, board.revealed = board.revealed, []
    board.lost_souls.extend(reversed(cards))
    if cards:
        g.emit(FACTION, "8.6.3", "lost_soul", "returns its revealed cards to its Lost Souls, top to bottom: {cards}", cards=", ".join(label(s, c) for c in cards))


def craft(g: Game) -> None:
    """8.6.4: reveal the top card of the deck; craft it for one VP if it shows an available item
    (1.1); then it goes on top of the Lost Souls either way."""
    s = g.state
    if not s.deck and not s.discard:  # nothing to reveal (ruling R-NO-ORDER-CARD)
        g.emit(FACTION, "8.6.4", "craft_skipped", "reveals no card to craft: the deck and the discard pile are both empty (ruling R-NO-ORDER-CARD)")
        return
    cid = R.draw_card(g, FACTION)
    lz(s).lost_souls.append(cid)  # its place once revealed (logged below, after the craft)
    g.emit(FACTION, "8.6.4", "reveal", "reveals {card} from the deck", card=s.deckdef.card(cid).label())
    cid = SHARED.services.bot_crafting(g, FACTION, cid)  # 9.7: a Hand Card may replace it (on the pile too)
    card = s.deckdef.card(cid)
    if card.kind != "item" or card.item is None:
        g.emit(FACTION, "8.6.4", "craft_skipped", "does not craft {card}: it shows no item", card=card.label())
    elif s.item_supply.get(card.item, 0) <= 0:
        g.emit(FACTION, "1.1.1", "craft_skipped", "cannot craft {card}: no {item} left in the supply", card=card.label(), item=card.item)
    else:
        s.item_supply[card.item] -= 1
        s.factions[FACTION].items.append(card.item)
        g.emit(FACTION, "8.6.4", "craft", "crafts {card} and takes the {item} (no crafting pieces needed, 1.1.1)", card=card.label(), item=card.item)
        R.score(g, FACTION, 1, "1.1.2", f"for crafting an item (the card lists {card.vp})")
    g.emit(FACTION, "8.6.4", "lost_soul", "adds {card} to the top of its Lost Souls", card=card.label())


# -- difficulty and traits (3.3) ------------------------------------------------------------------
def nightmare_point(g: Game) -> None:
    """Nightmare (3.3.1): one VP at the end of Evening (ruling R-DIFF-LIZARDS)."""
    if difficulty(g.state, FACTION) == "nightmare":
        R.score(g, FACTION, 1, "3.3.1", "at the end of Evening (nightmare difficulty)")


def erratic(g: Game) -> None:
    """Erratic (3.3.2): at the end of its turn, draw a card onto the Lost Souls
    (ruling R-TRAIT-LIZARDS)."""
    s = g.state
    if not has_trait(s, FACTION, "erratic"):
        return
    if not s.deck and not s.discard:  # nothing to draw (ruling R-NO-ORDER-CARD)
        g.emit(FACTION, "3.3.2", "skip", "Erratic: no card to draw onto its Lost Souls (the deck and the discard pile are both empty)")
        return
    cid = R.draw_card(g, FACTION)
    lz(s).lost_souls.append(cid)
    g.emit(FACTION, "3.3.2", "lost_soul", "Erratic: draws {card} onto its Lost Souls", card=label(s, cid))
