"""Clockwork Cult of the Better Bot Project v5 (fan-made, ``lizards@bbp``).

A second rule set beside the Law's bot (``bot.py``); nothing here is shared with it. Rule numbers
are the paragraphs of the text as docs/bbp-coverage.md numbers them ("BBP CC.3" is Birdsong's
conspiracies); rulings ``R-BBP-...`` are in docs/rulings.md. Its Outcast Pile, not an order card,
drives it (BBP CC.1): Birdsong spends acolytes on Crusade, Sanctify and Convert; Daylight resolves
the pile oldest to newest; Evening scores the suit with most gardens and, with the pile full,
discards its oldest card, crafting it. Its board and the rules other seats set off (the pile
catching discards, Revenge) are ``cult.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ...core import rules as R
from ...core.battle import battle, can_battle
from ...core.context import Game
from ...core.maps import CLEARINGS
from ...core.state import GameState
from ...core.targeting import Choice, Criterion, choose_clearing, choose_player_bbp, fewest, in_priority_order, most
from .cult import FACTION, OutcastPile, cult_board, outcast_max
from .rules import GARDENS

START_WARRIORS = 4  # the standard game's Lizard Cult setup (ruling R-BBP-CC-SETUP)
CRUSADE_COST, SANCTIFY_COST, CONVERT_COST = 1, 3, 2  # BBP CC.3
SUITS = ("fox", "rabbit", "mouse")


class ClockworkCult:
    """The Better Bot Project's Clockwork Cult: setup, Birdsong, Daylight, Evening."""

    faction = FACTION

    def setup(self, g: Game) -> None:
        """Ruling R-BBP-CC-SETUP: the standard game's Lizard Cult setup; an empty Outcast Pile."""
        fs = g.state.factions[FACTION]
        if not isinstance(fs.board, OutcastPile):
            fs.board = OutcastPile()  # a new seat has the Law's board (core's new_board knows no rule set)
        place_start(g)
        g.emit(FACTION, "BBP 2.1", "setup", "starts with an empty Outcast Pile (maximum {n}) and an empty Acolytes box", n=outcast_max(g.state))

    def birdsong(self, g: Game) -> None:
        """BBP CC.3: Crusade (1 acolyte), then Sanctify (3), then Convert for every 2 left."""
        crusade(g)
        sanctify(g)
        convert_all(g)

    def daylight(self, g: Game) -> None:
        """BBP CC.4: resolve the Outcast Pile, oldest to newest."""
        resolve_outcast_pile(g)

    def evening(self, g: Game) -> None:
        """BBP CC.5-7: score the suit with most gardens + 1; a full pile loses its oldest card."""
        score_gardens(g)
        discard_oldest(g)


def board(s: GameState) -> OutcastPile:
    found = cult_board(s)
    assert found is not None, "no Clockwork Cult seat"
    return found


def label(s: GameState, card: int) -> str:
    return s.deckdef.card(card).label()


def bbp_clearing(s: GameState, what: str, candidates: Iterable[int], criteria: list[Criterion[int]], legal: Callable[[int], str | None] | None = None) -> Choice[int]:
    """A clearing by the criteria, ties to the highest priority (BBP 4.1: 1 before 12)."""
    choice = choose_clearing(s, what, candidates, criteria, legal=legal)
    choice.tiebreak = choice.tiebreak.replace("(2.1)", "(BBP 4.1)")
    return choice


def bbp_player(s: GameState, what: str, candidates: Iterable[str], criteria: list[Criterion[str]], legal: Callable[[str], str | None] | None = None) -> Choice[str]:
    """A player by the criteria, ties to setup order (BBP 4.2: A before B)."""
    choice = choose_player_bbp(s, what, candidates, criteria, legal=legal)
    return choice


def opponents(s: GameState) -> list[str]:
    return [f for f in s.turn_order if f != FACTION and s.is_enemy(FACTION, f)]


def enemy_buildings(s: GameState, c: int) -> int:
    return sum(1 for f, _ in s.clearings[c].buildings if s.is_enemy(FACTION, f))


def keep_forbids(s: GameState, c: int) -> str | None:
    return None if R.may_place_in(s, FACTION, c) else "the keep forbids placing there"


# -- setup (ruling R-BBP-CC-SETUP) ------------------------------------------------------------------
def place_start(g: Game) -> int | None:
    """Four warriors and a garden of its suit in a corner no other seat started in, diagonally
    opposite a starting corner if one can be (random among several); a warrior in each adjacent
    clearing."""
    s = g.state
    taken = set(s.start_corners.values())
    free = [c for c in s.map.corners if c not in taken and R.can_place_building(s, FACTION, c, GARDENS[s.suit(c)])]
    opposite = [c for c in free if s.map.opposite_corner[c] in taken]
    pool = opposite or free
    if not pool:
        g.emit(FACTION, "BBP 2.1", "setup", "finds no corner where its garden can stand (ruling R-BBP-CC-SETUP)")
        return None
    corner = pool[0] if len(pool) == 1 else g.chance.pick(pool, "the Clockwork Cult's starting corner (ruling R-BBP-CC-SETUP)")
    why = "a corner diagonally opposite a starting corner" if opposite else "a free corner (none is opposite a starting corner)"
    R.place_warriors(g, FACTION, corner, START_WARRIORS, "BBP 2.1", why=lambda: f"{why} (ruling R-BBP-CC-SETUP)")
    R.place_building(g, FACTION, corner, GARDENS[s.suit(corner)], "BBP 2.1")
    for c in in_priority_order(s, R.adjacent_for(s, FACTION, corner)):
        R.place_warriors(g, FACTION, c, 1, "BBP 2.1", why=lambda: "one warrior in each clearing adjacent to its corner")
    s.start_corners[FACTION] = corner
    return corner


# -- Birdsong: conspiracies (BBP CC.3) --------------------------------------------------------------
def spend(g: Game, n: int, what: str) -> None:
    """Spent acolytes return to the Cult's supply."""
    s = g.state
    board(s).acolytes -= n
    s.factions[FACTION].supply["warrior"] += n
    g.emit(FACTION, "BBP CC.3", "acolyte", "spends {spent} acolyte(s) on {what} ({n} left)", spent=n, what=what, n=board(s).acolytes)


def crusade_defender(s: GameState, c: int) -> Choice[str]:
    """BBP CC.3: the opponent with the most buildings there, then setup order (ruling R-BBP-CC-CRUSADE)."""
    cl = s.clearings[c]
    owners = sorted({f for f, _ in cl.buildings if s.is_enemy(FACTION, f)})
    return bbp_player(s, f"whom to battle in {c} (opponents with buildings there)", owners, [most("most buildings", cl.buildings_of, "BBP CC.3")], legal=lambda f: None if can_battle(s, FACTION, f, c) else "cannot be battled there")


def crusade(g: Game) -> bool:
    """BBP CC.3: with an acolyte, spend it to battle where the Cult has most warriors among
    clearings with an enemy building (ties: priority)."""
    s = g.state
    if board(s).acolytes < CRUSADE_COST:
        g.emit(FACTION, "BBP CC.3", "no_crusade", "does not crusade: no acolyte")
        return False
    candidates = [c for c in CLEARINGS if s.warriors(FACTION, c) > 0 and enemy_buildings(s, c) > 0]
    where = bbp_clearing(s, "where to crusade (its warriors and an enemy building there)", candidates, [most("most Cult warriors", lambda c: s.warriors(FACTION, c), "BBP CC.3")], legal=lambda c: None if crusade_defender(s, c).target else "no opponent there can be battled")
    if where.target is None:
        g.emit(FACTION, "BBP CC.3", "no_crusade", "does not crusade: no clearing with its warriors and an enemy building it can battle (ruling R-BBP-CC-CRUSADE)", where.explain)
        return False
    c = where.target
    defender = crusade_defender(s, c)
    assert defender.target is not None
    spend(g, CRUSADE_COST, "Crusade")
    why_c, why_f = where.explain, defender.explain
    battle(g, FACTION, defender.target, c, "BBP CC.3", why=lambda: f"Crusade: {why_c()}; {why_f()}")
    return True


def sanctify_blocked(s: GameState, c: int) -> str | None:
    if not R.may_place_in(s, FACTION, c):
        return "the keep forbids placing there"
    if s.factions[FACTION].supply.get(GARDENS.get(s.suit(c), ""), 0) <= 0:
        return f"no {s.suit(c)} garden left in its supply"
    return None


def sanctify(g: Game) -> bool:
    """BBP CC.3: with 3 acolytes, spend them: the opponent with most VP and a building, where
    they have fewest warriors (ties: priority); their building becomes a garden of the suit."""
    s = g.state
    if board(s).acolytes < SANCTIFY_COST:
        g.emit(FACTION, "BBP CC.3", "no_sanctify", "does not sanctify: fewer than {n} acolytes", n=SANCTIFY_COST)
        return False
    where_of = lambda f: [c for c in CLEARINGS if s.clearings[c].buildings_of(f) > 0 and sanctify_blocked(s, c) is None]  # noqa: E731
    builders = [f for f in opponents(s) if any(s.clearings[c].buildings_of(f) for c in CLEARINGS)]
    player = bbp_player(s, "whose building to sanctify (opponents with a building in play)", builders, [most("most VP", lambda f: s.factions[f].vp, "BBP CC.3")], legal=lambda f: None if where_of(f) else "none of its buildings can become a garden (ruling R-BBP-CC-SANCTIFY)")
    if player.target is None:
        g.emit(FACTION, "BBP CC.3", "no_sanctify", "does not sanctify: no opponent's building can become a garden", player.explain)
        return False
    f = player.target
    where = bbp_clearing(s, f"where to sanctify a building of the {f}", where_of(f), [fewest(f"fewest {f} warriors", lambda c: s.warriors(f, c), "BBP CC.3")])
    c = where.target
    assert c is not None
    kinds = sorted({k for o, k in s.clearings[c].buildings if o == f})
    kind = kinds[0] if len(kinds) == 1 else g.chance.pick(kinds, f"which {f} building to sanctify in {c} (ruling R-BBP-CC-SANCTIFY)")
    spend(g, SANCTIFY_COST, "Sanctify")
    why_f, why_c = player.explain, where.explain
    g.emit(FACTION, "BBP CC.3", "sanctify", "sanctifies the {f} {kind} in {c}", lambda: f"{why_f()}; {why_c()}", f=f, kind=kind, c=c)
    R.remove_piece(g, f, c, kind, "BBP CC.3", by=FACTION)
    R.place_building(g, FACTION, c, GARDENS[s.suit(c)], "BBP CC.3")
    return True


def convert_all(g: Game) -> int:
    """BBP CC.3: for every two acolytes left, spend two and convert once."""
    done = 0
    while board(g.state).acolytes >= CONVERT_COST and convert(g):
        done += 1
    if board(g.state).acolytes < CONVERT_COST and not done:
        g.emit(FACTION, "BBP CC.3", "no_convert", "does not convert: fewer than {n} acolytes left", n=CONVERT_COST)
    return done


def convert(g: Game) -> bool:
    """BBP CC.3: the opponent with most VP and a warrior in play, where they have most warriors
    (ties: priority): their warrior is replaced by a Cult warrior. Skipped with none in supply."""
    s = g.state
    if s.factions[FACTION].supply.get("warrior", 0) <= 0:
        g.emit(FACTION, "BBP CC.3", "no_convert", "does not convert: no warrior in its supply")
        return False
    where_of = lambda f: [c for c in CLEARINGS if s.warriors(f, c) > 0 and keep_forbids(s, c) is None]  # noqa: E731
    holders = [f for f in opponents(s) if any(s.warriors(f, c) for c in CLEARINGS)]
    player = bbp_player(s, "whose warrior to convert (opponents with a warrior in play)", holders, [most("most VP", lambda f: s.factions[f].vp, "BBP CC.3")], legal=lambda f: None if where_of(f) else "its warriors stand only where it may not place")
    if player.target is None:
        g.emit(FACTION, "BBP CC.3", "no_convert", "does not convert: no opponent's warrior it can replace", player.explain)
        return False
    f = player.target
    where = bbp_clearing(s, f"where to convert a warrior of the {f}", [c for c in CLEARINGS if s.warriors(f, c) > 0], [most(f"most {f} warriors", lambda c: s.warriors(f, c), "BBP CC.3")], legal=lambda c: keep_forbids(s, c))
    c = where.target
    assert c is not None
    spend(g, CONVERT_COST, "Convert")
    why_f, why_c = player.explain, where.explain
    g.emit(FACTION, "BBP CC.3", "convert", "converts a warrior of the {f} in {c}", lambda: f"{why_f()}; {why_c()}", f=f, c=c)
    R.remove_warriors(g, f, c, 1, "BBP CC.3", by=FACTION)
    R.place_warriors(g, FACTION, c, 1, "BBP CC.3")
    return True


# -- Daylight: the Outcast Pile (BBP CC.4) ----------------------------------------------------------
def resolve_outcast_pile(g: Game) -> None:
    """BBP CC.4: flip the pile face up and resolve each card, oldest to newest: a suited card
    recruits and goes back face down; a bird card makes an acolyte and is discarded."""
    s = g.state
    pile = board(s).pile
    if not pile:
        g.emit(FACTION, "BBP CC.4", "skip", "resolves nothing: its Outcast Pile is empty")
        return
    g.emit(FACTION, "BBP CC.4", "outcast", "flips its Outcast Pile face up, oldest to newest: {cards}", cards=", ".join(label(s, c) for c in pile))
    for card in list(pile):
        suit = s.deckdef.card(card).suit
        g.emit(FACTION, "BBP CC.4", "reveal", "resolves {card}", card=label(s, card), suit=suit)
        if suit == "bird":
            make_acolyte(g)
            pile.remove(card)
            R.discard(g, card, lost_souls=False)
            g.emit(FACTION, "BBP CC.4", "discard", "discards {card} from its Outcast Pile", card=label(s, card))
        else:
            recruit(g, suit)
    if pile:
        g.emit(FACTION, "BBP CC.4", "outcast", "returns {n} card(s) face down to its Outcast Pile, order kept", n=len(pile))


def recruit(g: Game, suit: str) -> int | None:
    """BBP CC.4: a warrior in a clearing of the card's suit with a free building slot, by
    priority (BBP 4.1); only if none has one, the clearing with most enemy buildings, then
    priority (ruling R-BBP-CC-RECRUIT); a garden too if it rules there."""
    s = g.state
    if s.factions[FACTION].supply.get("warrior", 0) <= 0:
        g.emit(FACTION, "BBP CC.4", "skip", "recruits nothing for the {suit} card: no warrior in its supply", suit=suit)
        return None
    suited = [c for c in CLEARINGS if s.suit(c) == suit]
    open_slot = [c for c in suited if s.free_slots(c) > 0 and keep_forbids(s, c) is None]
    if open_slot:
        choice = bbp_clearing(s, f"where to recruit ({suit} clearings with a free building slot)", suited, [], legal=lambda c: keep_forbids(s, c) or (None if s.free_slots(c) > 0 else "no free building slot"))
    else:
        choice = bbp_clearing(
            s,
            f"where to recruit (no {suit} clearing has a free building slot)",
            suited,
            [most("most enemy buildings", lambda c: enemy_buildings(s, c), "BBP CC.4")],
            legal=lambda c: keep_forbids(s, c),
        )
    c = choice.target
    if c is None:
        g.emit(FACTION, "BBP CC.4", "skip", "cannot recruit in any {suit} clearing", choice.explain, suit=suit)
        return None
    R.place_warriors(g, FACTION, c, 1, "BBP CC.4", why=choice.explain)
    if not R.rules(s, FACTION, c):
        g.emit(FACTION, "BBP CC.4", "no_garden", "places no garden in {c}: it does not rule it", c=c)
    elif not R.place_building(g, FACTION, c, GARDENS[suit], "BBP CC.4", why=lambda: f"it rules {c}"):
        g.emit(FACTION, "BBP CC.4", "no_garden", "rules {c} but cannot place a {suit} garden there (no free slot or none left)", c=c, suit=suit)
    return c


def make_acolyte(g: Game) -> int | None:
    """BBP CC.4: a Cult warrior from the clearing with most of them (ties: priority) goes to
    the Acolytes box."""
    s = g.state
    choice = bbp_clearing(s, "where to take an acolyte from (clearings with Cult warriors)", [c for c in CLEARINGS if s.warriors(FACTION, c) > 0], [most("most Cult warriors", lambda c: s.warriors(FACTION, c), "BBP CC.4")])
    c = choice.target
    if c is None:
        g.emit(FACTION, "BBP CC.4", "skip", "has no warrior on the map to make an acolyte")
        return None
    warriors = s.clearings[c].warriors
    warriors[FACTION] -= 1
    if warriors[FACTION] == 0:
        del warriors[FACTION]
    board(s).acolytes += 1
    g.emit(FACTION, "BBP CC.4", "ritual", "a warrior in {c} becomes an acolyte ({n} in the Acolytes box)", choice.explain, c=c, n=board(s).acolytes)
    return c


# -- Evening (BBP CC.5-7) -------------------------------------------------------------------------
def gardens_in_play(s: GameState) -> dict[str, int]:
    return {suit: s.on_map(FACTION, GARDENS[suit]) for suit in SUITS}


def score_gardens(g: Game) -> int:
    """BBP CC.5, CC.7: VP equal to the gardens of the suit with most of them, plus 1; none in
    play, no VP."""
    s = g.state
    counts = gardens_in_play(s)
    best = max(counts.values())
    shown = ", ".join(f"{n} {suit}" for suit, n in counts.items())
    if best == 0:
        g.emit(FACTION, "BBP CC.7", "score", "scores nothing: no garden in play")
        return 0
    R.score(g, FACTION, best + 1, "BBP CC.5", f"for gardens: the most of one suit is {best}, plus 1 ({shown})")
    return best + 1


def discard_oldest(g: Game) -> bool:
    """BBP CC.6: a full Outcast Pile discards its oldest card; an available item it shows is
    crafted for 1 VP, whatever the card lists."""
    s = g.state
    pile = board(s).pile
    limit = outcast_max(s)
    if len(pile) < limit:
        g.emit(FACTION, "BBP CC.6", "outcast", "keeps its Outcast Pile: {n}/{limit} cards, not full", n=len(pile), limit=limit)
        return False
    cid = pile.pop(0)
    card = s.deckdef.card(cid)
    R.discard(g, cid, lost_souls=False)
    g.emit(FACTION, "BBP CC.6", "discard", "discards {card}, the oldest card of its full Outcast Pile", card=card.label())
    if card.kind != "item" or card.item is None:
        g.emit(FACTION, "BBP CC.6", "craft_skipped", "does not craft {card}: it shows no item", card=card.label())
    elif s.item_supply.get(card.item, 0) <= 0:
        g.emit(FACTION, "BBP CC.6", "craft_skipped", "cannot craft {card}: no {item} left in the supply", card=card.label(), item=card.item)
    else:
        s.item_supply[card.item] -= 1
        s.factions[FACTION].items.append(card.item)
        g.emit(FACTION, "BBP CC.6", "craft", "crafts {card} and takes the {item}", card=card.label(), item=card.item)
        R.score(g, FACTION, 1, "BBP CC.6", f"for crafting an item (always 1; the card lists {card.vp})")
    return True
