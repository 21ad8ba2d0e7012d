"""Core rules the bots rely on: rule, placing, moving, removing, scoring, cards, crafting.

Law of Root rule numbers are written "LoR x.y"; Law of Robotics numbers are bare.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import NoReturn

from . import exiles
from .events import a_or_an, piece_words
from .context import EngineFailure, Game, GameOver, NoOrderCard
from .faction import SHARED, overrides, rules_of
from .setup_order import setup_rank
from .maps import CLEARINGS
from .paths import adjacent_for, distance, is_ferry_move, move_destinations, river_links, swims  # noqa: F401 (re-exported for the bots)
from .pieces import STALE, Warriors
from .state import Clearing, GameState

WINNING_VP = 30  # LoR 3.1


# -- rule (LoR 2.5; 5.2.1 Lords of the Forest) ----------------------------------------------
def presence(state: GameState, faction: str, c: int) -> int:
    """Warriors plus buildings: what counts for rule (tokens and pawns do not)."""
    cl = state.clearings[c]
    return cl.warriors.get(faction, 0) + cl.buildings_of(faction)


def ruler(state: GameState, c: int) -> str | None:
    """Who rules a clearing: the most warriors plus buildings; a faction with Lords of the Forest
    also wins ties (LoR 7.2.1, 5.2.1)."""
    cl = state.clearings[c]
    if state.deckdef.exiles:  # Soup Kitchens (Exiles and Partisans deck): the holder's tokens count
        soup = exiles.holder(state, "soup_kitchens")
        if soup is not None:
            return ruler_counting(cl, soup, 2 * cl.tokens_of(soup))
    if state.services:  # Mercenaries (9.2.3 III): a seller's warriors count as the buyer's
        hired = SHARED.services.ruling_helper(state, c)
        if hired is not None:  # a human buyer's, no longer the seller's (LoR 11.2.7.3; ruling R-SERVICES-MERCENARIES)
            lender = None if state.factions[state.current].is_bot else SHARED.services.name
            return ruler_counting(cl, state.current, hired(state.current), lender)
    # Typed as a plain dict on Clearing: the mypyc build keeps its dict fast paths (which honour a subclass's setters).
    warriors: Warriors = cl.warriors  # type: ignore[assignment]
    buildings = cl.buildings
    if warriors.rule is not STALE and not buildings.moved:  # nothing moved since the last count
        return warriors.rule
    leader = count_ruler(cl)
    warriors.rule = leader
    buildings.moved = False
    return leader


def count_ruler(cl: Clearing) -> str | None:
    """``ruler`` counted afresh from a clearing's warriors and buildings (no Mercenaries)."""
    # Hot path (called tens of times per turn): no intermediate lists, one pass for the leader.
    buildings = cl.buildings
    if buildings:
        counts = dict(cl.warriors)
        for f, kind in buildings:
            if kind in SHARED.ruling_buildings:  # 8.2.1 Pilgrims: a garden's owner rules
                return f
            counts[f] = counts.get(f, 0) + 1
    else:
        counts = cl.warriors
        if not counts:
            return None
    best = max(counts.values())
    if best <= 0:  # nobody has a piece that counts
        return None
    leader = None
    for f, n in counts.items():
        if n == best:
            if leader is not None:  # a tie for most
                # Lords of the Forest: ties go to its holder, never an empty clearing
                tie = SHARED.tie_winner
                return tie if tie is not None and counts.get(tie, 0) == best else None
            leader = f
    return leader


def ruler_counting(cl: Clearing, faction: str, extra: int, lender: str | None = None) -> str | None:
    """``count_ruler`` with ``extra`` more counted for ``faction``: a buyer's hired warriors
    (Mercenaries, 9.2.3 III, which then count for their ``lender`` no more) or a Soup Kitchens
    holder's tokens counted twice (Exiles and Partisans). A ruling building (8.2.1 Pilgrims) still
    rules whatever the counts; ties go to Lords of the Forest (LoR 7.2.1, 5.2.1)."""
    counts = dict(cl.warriors)
    if extra and lender is not None:
        counts.pop(lender, None)
    for f, kind in cl.buildings:
        if kind in SHARED.ruling_buildings:
            return f
        counts[f] = counts.get(f, 0) + 1
    if extra:
        counts[faction] = counts.get(faction, 0) + extra
    best = max(counts.values(), default=0)
    if best <= 0:
        return None
    leaders = [f for f, n in counts.items() if n == best]
    if len(leaders) == 1:
        return leaders[0]
    return SHARED.tie_winner if SHARED.tie_winner in leaders else None


def rules(state: GameState, faction: str, c: int) -> bool:
    return ruler(state, c) == faction


def ruled_clearings(state: GameState, faction: str) -> list[int]:
    """The clearings ``faction`` rules, highest priority first. Same answer as asking
    ``ruler`` of each clearing, but with no call where the answer is kept (the common case):
    ``ruler``'s own steps, inlined, wherever no Mercenaries were bought."""
    out = []
    clearings = state.clearings
    if (state.services and SHARED.services.hired_now(state, state.current)) or (state.deckdef.exiles and exiles.holder(state, "soup_kitchens")):
        return [c for c in CLEARINGS if ruler(state, c) == faction]
    services = state.services  # bought Mercenaries may change who rules a clearing with buildings
    for c in CLEARINGS:
        cl = clearings[c]
        if services and cl.buildings:
            if ruler(state, c) == faction:
                out.append(c)
            continue
        warriors: Warriors = cl.warriors  # type: ignore[assignment]
        known = warriors.rule  # the kept answer of ``ruler``, else counted and kept here
        if known is STALE or cl.buildings.moved:
            known = warriors.rule = count_ruler(cl)
            cl.buildings.moved = False
        if known == faction:
            out.append(c)
    return out


def matches(card_suit: str, clearing_suit: str) -> bool:
    """Birds are wild (LoR 2.1.1): a bird order matches every clearing."""
    return card_suit == "bird" or card_suit == clearing_suit


# -- placing (4.2.1 The Keep; LoR 1.5.4 as many as possible) -------------------------------
def closed(state: GameState, c: int) -> bool:
    """No piece may be placed in or moved into ``c`` (a Scoundrel's torch there, LoR 26.6.2)."""
    if not state.clearings[c].slot_items:
        return False
    return any(rules_of(f).closes_clearing(state, f, c) for f in overrides("closes_clearing") if f in state.factions)


def may_place_in(state: GameState, faction: str, c: int) -> bool:
    """Only the keep's owner may place pieces where the keep stands (4.2.1); none where a
    Scoundrel's torch lies (LoR 26.6.2)."""
    if closed(state, c):
        return False
    tokens = state.clearings[c].tokens
    if not tokens:
        return True
    return not any(piece in SHARED.exclusive and piece[0] != faction for piece in tokens)


def place_warriors(g: Game, faction: str, c: int, n: int, rule: str, why=None) -> int:
    """Place up to ``n`` warriors from supply; returns how many were placed."""
    s = g.state
    if n <= 0 or not may_place_in(s, faction, c):
        return 0
    fs = s.factions[faction]
    n = min(n, fs.supply.get("warrior", 0))
    if n == 0:
        g.emit(faction, rule, "supply_empty", "has no warriors left in supply to place in {c} (LoR 1.5.4)", why, c=c)  # the step it stopped
        return 0
    if snare_stops(g, faction, c, "place warriors", why):
        return 0
    fs.supply["warrior"] -= n
    cl = s.clearings[c]
    cl.warriors[faction] = cl.warriors.get(faction, 0) + n
    g.emit(faction, rule, "place_warriors", "places {n} warrior{pl} in {c}", why, n=n, c=c, pl="s" if n > 1 else "")
    return n


def can_place_building(state: GameState, faction: str, c: int, kind: str) -> bool:
    return (
        state.factions[faction].supply.get(kind, 0) > 0
        and state.free_slots(c) > 0
        and may_place_in(state, faction, c)
    )


def place_building(g: Game, faction: str, c: int, kind: str, rule: str, why=None) -> bool:
    s = g.state
    if not can_place_building(s, faction, c, kind):
        return False
    if snare_stops(g, faction, c, f"place {a_or_an(piece_words(kind))}", why):
        return False
    s.factions[faction].supply[kind] -= 1
    s.clearings[c].buildings.append((faction, kind))
    g.emit(faction, rule, "place_building", "places {kind:a piece} in {c}", why, kind=kind, c=c)
    return True


def place_token(g: Game, faction: str, c: int, kind: str, rule: str, why=None) -> bool:
    s = g.state
    fs = s.factions[faction]
    if fs.supply.get(kind, 0) <= 0 or not may_place_in(s, faction, c):
        return False
    if snare_stops(g, faction, c, f"place {a_or_an(piece_words(kind))} token", why):
        return False
    fs.supply[kind] -= 1
    s.clearings[c].tokens.append((faction, kind))
    g.emit(faction, rule, "place_token", "places the {kind:piece} token in {c}", why, kind=kind, c=c)
    return True


# -- moving (LoR 4.2) ------------------------------------------------------------------------
def can_move(state: GameState, faction: str, a: int, b: int) -> bool:
    """Adjacent (for this seat: closed paths for bots, 12.2.1; the Ferry's links, 12.1.1), and
    the mover rules the origin or the destination (LoR 4.2.1)."""
    if b not in move_destinations(state, faction, a) or closed(state, b):  # LoR 26.6.2
        return False
    if faction in SHARED.nimble:  # 7.2.2; 11.2.1
        return True
    if faction in SHARED.swimmers and swims(state, faction) and b in river_links(state, a):  # LoR 11.2.2: along a river, no rule needed
        return True
    if state.deckdef.exiles and exiles.ignores_rule(state, faction):  # Corvid Planners
        return True
    return rules(state, faction, a) or rules(state, faction, b)


def move_warriors(g: Game, faction: str, a: int, b: int, n: int, rule: str, why=None) -> int:
    s = g.state
    have = s.warriors(faction, a)
    n = min(n, have)
    if n <= 0 or not can_move(s, faction, a, b):
        return 0
    if snare_stops(g, faction, a, f"move {n} warrior{'s' if n > 1 else ''} toward {b} out of", why):
        return 0
    by_ferry = is_ferry_move(s, faction, a, b)
    src = s.clearings[a].warriors
    if have == n:
        del src[faction]
    else:
        src[faction] = have - n
    dst = s.clearings[b].warriors
    dst[faction] = dst.get(faction, 0) + n
    g.emit(faction, rule, "move", "moves {n} warrior{pl} from {a} to {b}", why, n=n, a=a, b=b, pl="s" if n > 1 else "")
    moved_into(g, faction, b)
    if by_ferry:
        sail_the_ferry(g, faction, a, b)
    return n


# -- snares (11.7.2; 11.8.2) ------------------------------------------------------------------
def snared(state: GameState, faction: str, c: int) -> bool:
    """A face-up snare stands in ``c`` and ``faction`` is its enemy (11.7.2). Bots never
    ask this when targeting (11.8.2): only the placing and moving functions here do."""
    if not state.clearings[c].tokens or SHARED.snare_owner is None or faction == SHARED.snare_owner:
        return False
    return SHARED.snares.snared(state, faction, c)


def snare_stops(g: Game, faction: str, c: int, what: str, why=None) -> bool:
    """Whether a snare stops ``faction`` doing ``what`` in ``c``. A bot removes the snare instead
    of doing that part of its action (11.8.2), scoring for it as for any enemy token (LoR 3.2.1,
    ruling R-SNARE); a human simply cannot (11.7.2). Every placing and moving function calls this,
    so no bot needs its own snare code."""
    if not snared(g.state, faction, c):
        return False
    if g.state.factions[faction].is_bot:
        # ``why``: the decision whose placement or move the snare cancels, kept in the log
        g.emit(faction, "11.8.2", "snare", "would {what} {c}, where a face-up snare stands: it removes the snare instead", why, what=what if what.endswith(" of") else f"{what} in", c=c)
        SHARED.snares.spring_snare(g, faction, c)
    else:
        g.emit(faction, "11.7.2", "snare", "cannot {what} {c}: a face-up snare stands there", why, what=what if what.endswith(" of") else f"{what} in", c=c)
    return True


# -- the Lake's Ferry (LoR C.2.5; 12.1.1) and the Mountain (LoR C.3.3, C.3.4) ---------------
def sail_the_ferry(g: Game, faction: str, a: int, b: int) -> None:
    """The Ferry carried the move from ``a`` to ``b``: it goes along, it is used for this turn,
    and the mover draws a card; a bot scores one VP instead (12.1.1, 2.8.1). Ruling R-FERRY."""
    s = g.state
    s.ferry = b
    s.ferry_used = True
    g.emit(faction, "LoR C.2.5", "ferry", "the Ferry carries the move from {a} to {b} across the lake and stays in {b}", a=a, b=b)
    fs = s.factions[faction]
    if fs.is_bot:
        score(g, faction, 1, "12.1.1", "for using the Ferry (a bot scores instead of drawing)")
    elif not s.deck and not s.discard:  # every card is held somewhere (LoR 1.5.4)
        g.emit(faction, "LoR C.2.5", "draw", "draws no card for using the Ferry: the deck and the discard pile are empty")
    else:
        fs.hand.append(draw_card(g, faction))
        g.emit(faction, "LoR C.2.5", "draw", "draws a card for using the Ferry")


def open_closed_path(g: Game, faction: str, a: int, b: int, card: int) -> None:
    """A human spends a card to remove the closed-path marker between ``a`` and ``b`` for good
    and scores one VP; they need a piece in ``a`` or ``b`` (LoR C.3.3). Bots ignore this rule
    (12.2.1). Once per turn in Daylight is the controller's to respect (ruling R-CLOSED-PATHS)."""
    s = g.state
    link = (min(a, b), max(a, b))
    fs = s.factions[faction]
    if fs.is_bot:
        raise EngineFailure(f"{faction} is a bot: bots ignore the rules for opening closed paths (12.2.1)")
    if link not in s.map.closed_paths or link in s.opened_paths:
        raise EngineFailure(f"{a}-{b} is not a closed path on the {s.map.name} map")
    if not (s.clearings[a].pieces_of(faction) or s.clearings[b].pieces_of(faction)):
        raise EngineFailure(f"{faction} has no piece in {link[0]} or {link[1]} to open the path between them")
    if card not in fs.hand:
        raise EngineFailure(f"card {card} is not in the {faction} hand")
    fs.hand.remove(card)
    with told_after(g):
        discard(g, card)
        s.opened_paths.add(link)
        g.emit(faction, "LoR C.3.3", "open_path", "spends {card} to remove the closed path between {a} and {b}", card=s.deckdef.card(card).label(), a=link[0], b=link[1])
    score(g, faction, 1, "LoR C.3.3", "for removing a closed path")


def score_the_pass(g: Game, faction: str) -> None:
    """At the end of a player's Evening, ruling the Pass scores one VP (LoR C.3.4)."""
    s = g.state
    c = s.map.pass_clearing
    if c is not None and rules(s, faction, c):
        score(g, faction, 1, "LoR C.3.4", f"for ruling the Pass ({c}) at the end of Evening")


def moved_into(g: Game, mover: str, c: int) -> None:
    """Warriors moved into ``c``: the other seated factions' rules may react (Outrage)."""
    hooked = overrides("moved_into")
    for f in g.state.turn_order:
        if f != mover and f in hooked:
            rules_of(f).moved_into(g, mover, c)


# -- removing (LoR 3.2.1; 1.2.1; 4.2.1) ------------------------------------------------------
def remove_warriors(g: Game, owner: str, c: int, n: int, rule: str, by: str | None = None) -> int:
    s = g.state
    cl = s.clearings[c]
    have = cl.warriors.get(owner, 0)
    n = min(n, have)
    if n > 0 and owner in overrides("kept_warriors"):  # a warlord outside battle (LoR 14.2.2)
        n = min(n, have - rules_of(owner).kept_warriors(s, c, rule))
    if n <= 0:
        return 0
    if have == n:
        del cl.warriors[owner]
    else:
        cl.warriors[owner] = have - n
    s.factions[owner].supply["warrior"] = s.factions[owner].supply.get("warrior", 0) + n
    g.emit(owner, rule, "remove_warriors", "loses {n} warrior{pl} in {c}", n=n, c=c, by=by, pl="s" if n > 1 else "")
    if g.removal_batch is not None and not s.factions[owner].is_bot:  # LoR 1.5.4: after every piece of the effect is removed
        g.after_removal.append((owner, c, n))
        return n
    warriors_removed(g, owner, c, n)
    return n


def warriors_removed(g: Game, owner: str, c: int, n: int) -> None:
    """``n`` warriors of ``owner`` removed from ``c`` have reached its supply: its rules react
    (Robot Revenge, 8.2.2; Field Hospitals, LoR 6.2.3), then Coffin Makers takes those still
    there (the Exiles and Partisans deck, ruling R-EP-COFFIN)."""
    supply = g.state.factions[owner].supply
    before = supply.get("warrior", 0)
    rules_of(owner).warriors_removed(g, c, n)
    if g.state.deckdef.exiles:
        exiles.to_coffin(g, owner, n - max(0, before - supply.get("warrior", 0)))


def remove_piece(g: Game, owner: str, c: int, kind: str, rule: str, by: str | None = None, why: Callable[[], str] | None = None) -> bool:
    """Remove one building or token; the remover scores 1 VP if it is an enemy (LoR 3.2.1).
    ``why``: what removed it, when a trait did (its name, 3.3.2)."""
    s = g.state
    cl = s.clearings[c]
    try:  # two calls, not one on either list: compiled by mypyc, a call on a plain list would
        if kind in SHARED.buildings:  # skip Buildings.remove, which forgets who rules (core/pieces.py)
            cl.buildings.remove((owner, kind))
        else:
            cl.tokens.remove((owner, kind))
    except ValueError:
        return False
    fs = s.factions[owner]
    if (owner, kind) in SHARED.leaves_game:  # the keep leaves the game for good (4.2.1)
        fs.removed[kind] = fs.removed.get(kind, 0) + 1
    else:
        fs.supply[kind] = fs.supply.get(kind, 0) + 1
    hooks = rules_of(owner)
    memo = hooks.piece_removing(s, c, kind)  # before any event (a plot's record goes with it)
    g.emit(owner, rule, "remove_piece", "loses its {kind:piece} in {c}", why, kind=kind, c=c, by=by)
    hooks.piece_removed(g, c, kind, by, memo)  # before any scoring, which may end the game
    if by is not None and by != owner and not s.is_enemy(by, owner):
        # cooperative play: a bot's collateral removal of a teammate bot's piece scores nothing (R-COOP)
        g.emit(by, "LoR 3.2.1", "no_score", "scores nothing for the {kind:piece}: {owner} is a teammate (cooperative play)", kind=kind, owner=owner)
    elif by is not None and by != owner:
        rules_of(by).removed_enemy_piece(g, owner, kind)
        if hooks.remover_scores(g, by, kind):
            score(g, by, 1, "LoR 3.2.1", f"for removing an enemy {piece_words(kind)}")
    hooks.removal_scored(g, c, kind, by)
    return True


class one_removal:  # noqa: N801 (used as ``with one_removal(g):``, like a function)
    """Pieces removed inside this block are removed by one effect (a battle's hits, a removal of
    all enemy pieces): a rule set off per effect (Cost of Errors, 10.2.1) acts once
    for all of them. ``g.removal_batch`` collects (owner, clearing, remover). A small class, not
    ``contextlib.contextmanager``: every battle enters one, and a generator costs more."""

    __slots__ = ("g", "outer")

    def __init__(self, g: Game) -> None:
        self.g = g
        self.outer = False  # inside another effect already: that one acts when it ends

    def __enter__(self) -> None:
        g = self.g
        self.outer = g.removal_batch is not None
        if not self.outer:
            g.removal_batch = []

    def __exit__(self, kind: object, exc: object, tb: object) -> None:
        if self.outer:
            return
        g = self.g
        lost, g.removal_batch = g.removal_batch, None
        waiting = g.after_removal
        if waiting:  # a new list only when a human seat's warriors waited (bot battles allocate none)
            g.after_removal = []
        if kind is not None or lost is None:  # an exception is on its way out: no effect is over
            return
        for owner, c, n in waiting:  # a human seat's warriors removed by this effect (LoR 1.5.4)
            warriors_removed(g, owner, c, n)
        owners: dict[str, list[tuple[int, str | None]]] = {}
        for owner, c, by in lost:
            owners.setdefault(owner, []).append((c, by))
        for owner, where in owners.items():
            rules_of(owner).removal_effect_over(g, where)


def remove_all_enemy_pieces(g: Game, faction: str, c: int, rule: str, bots_lose: int | None = None) -> int:
    """Remove every enemy piece in ``c``; ``faction`` scores 1 VP per building and token
    (LoR 3.2.1). Returns how many pieces were removed.

    The removal is one event of the rules, so its parts are ordered to act as if at once:
    enemies in setup order, each losing its buildings and tokens before its warriors (a keep
    removed here cannot then take in those warriors by Field Hospitals, LoR 6.2.3). Every effect
    that says it removes all enemy pieces from a clearing (revolts, 6.4.3 and
    6.5.2) goes through this function: rules about such effects (Full Removal,
    7.2.1 I) belong here. With ``bots_lose`` (a bomb, 11.8.1) each bot loses only that
    many pieces, warriors first; a pawn still suffers Full Removal (ruling R-BOMB-VAGABOT).
    """
    cl = g.state.clearings[c]
    removed = 0
    with one_removal(g):
        partners = {f for f in cl.factions_present() if g.state.in_coalition(faction, f)}  # no enemies (LoR 21.8, 9.2.8)
        for enemy in sorted(cl.factions_present() - {faction} - partners, key=setup_rank(g.state.options)):
            if enemy in cl.pawns():
                rules_of(enemy).full_removal(g, faction, c)  # 7.2.1 I: his pawn stays; items are damaged
            if bots_lose is not None and g.state.factions[enemy].is_bot:
                removed += remove_some_pieces(g, enemy, c, bots_lose, rule, by=faction)
                continue
            for kind in [k for f, k in cl.buildings if f == enemy] + [k for f, k in cl.tokens if f == enemy]:
                removed += remove_piece(g, enemy, c, kind, rule, by=faction)
            if not hired_by(g.state, faction, enemy):
                removed += remove_warriors(g, enemy, c, cl.warriors.get(enemy, 0), rule, by=faction)
    return removed


def hired_by(state: GameState, faction: str, owner: str) -> bool:
    """``owner``'s warriors are the human ``faction``'s hired Mercenaries now, so no enemy pieces
    to it (LoR 11.2.7.3; ruling R-SERVICES-MERCENARIES)."""
    if not state.services or owner != SHARED.services.name or state.factions[faction].is_bot:
        return False
    return SHARED.services.hired_now(state, faction)


def remove_some_pieces(g: Game, owner: str, c: int, n: int, rule: str, by: str) -> int:
    """Remove ``n`` pieces of a bot in ``c``: warriors first, then tokens before buildings, a
    random type among several (1.2.1). The remover scores for buildings and tokens (LoR 3.2.1)."""
    cl = g.state.clearings[c]
    removed = remove_warriors(g, owner, c, n, rule, by=by)
    for pool in (cl.tokens, cl.buildings):
        while removed < n:
            kinds = sorted({k for f, k in pool if f == owner})
            if not kinds:
                break
            kind = kinds[0] if len(kinds) == 1 else g.chance.pick(kinds, f"which {owner} piece type to remove in {c} (1.2.1)")
            removed += remove_piece(g, owner, c, kind, rule, by=by)
    return removed


# -- scoring (LoR 3.1, 3.2) ------------------------------------------------------------------
def score(g: Game, faction: str, n: int, rule: str, reason: str) -> None:
    """Score VP and check the 30-VP victory at once (LoR 3.1): the winner is known as the
    score is recorded, so no position ever shows 30 VP without one."""
    if n <= 0:
        return
    s = g.state
    fs = s.factions[faction]
    if fs.dominance is not None:  # LoR 3.3.1: an activated dominance card takes the score marker off the track
        return
    fs.vp += n
    won = _victory(s, faction) if fs.vp >= WINNING_VP and s.winner is None else None
    if won is not None:
        won = (with_partners(s, won[0]), won[1])
        s.winner, s.end_reason = won
    g.emit(faction, rule, "score", "scores {n} VP {reason} (now {vp})", n=n, reason=reason, vp=fs.vp)
    if won is not None:
        declare_winner(g, *won)


def _victory(s: GameState, faction: str) -> tuple[list[str], str] | None:
    """Who wins now that ``faction`` has 30 VP. Fully Cooperative Play: the humans win when each
    has 30 VP before any bot does; a bot reaching 30 first wins for the bots."""
    if not s.cooperative():
        return [faction], f"{faction} reached {WINNING_VP} VP"
    bots = [f for f in s.turn_order if s.factions[f].is_bot]
    humans = [f for f in s.turn_order if not s.factions[f].is_bot]
    if s.factions[faction].is_bot:
        return bots, f"{faction} reached {WINNING_VP} VP before every human did (cooperative play)"
    if all(s.factions[h].vp >= WINNING_VP for h in humans):
        return humans, f"every human reached {WINNING_VP} VP before any bot (cooperative play)"
    return None


def lose_vp(g: Game, faction: str, n: int, rule: str, reason: str) -> None:
    """Lose VP. A score may go below zero (ruling R-VP in docs/rulings.md)."""
    if n <= 0:
        return
    fs = g.state.factions[faction]
    fs.vp -= n
    g.emit(faction, rule, "lose_vp", "loses {n} VP {reason} (now {vp})", n=n, reason=reason, vp=fs.vp)


def with_partners(s: GameState, winners: list[str]) -> list[str]:
    """The winners and whoever wins with them (a coalition partner, LoR 9.2.8): asked only
    of the factions that override ``wins_with``."""
    partners = [f for f in s.turn_order if f not in winners and f in overrides("wins_with") and rules_of(f).wins_with(s, f, winners)]
    return winners + partners if partners else winners


def declare_winner(g: Game, winners: list[str], reason: str) -> None:
    s = g.state
    s.winner = with_partners(s, winners)
    s.end_reason = reason
    s.phase = "over"
    g.emit(None, "LoR 3.1", "game_over", "game over: {winners} win — {reason}", winners=", ".join(s.winner), reason=reason)
    raise GameOver(reason)


# -- cards (LoR 2.1; 2.7 order cards; 2.8.1) -------------------------------------------------
def draw_card(g: Game, who: str | None) -> int:
    """Draw the top card, reshuffling the discard pile first if the deck is empty (LoR 2.1)."""
    s = g.state
    if not s.deck:
        if not s.discard:
            raise EngineFailure("the deck and the discard pile are both empty: no card can be drawn")
        s.deck = s.discard
        s.discard = []
        g.chance.shuffle(s.deck)
        g.emit(None, "LoR 2.1", "reshuffle", "the discard pile is shuffled into a new deck ({n} cards)", n=len(s.deck))
    card = g.chance.draw(s.deck)
    return card


def draw_into_hand(g: Game, who: str) -> bool:
    """A seat draws a card into its hand if there is one to draw; with the deck and the discard
    pile both empty it draws none (LoR 1.5.4: as many as possible). Whether it drew."""
    s = g.state
    if not s.deck and not s.discard:
        return False
    s.factions[who].hand.append(draw_card(g, who))
    return True


PILE, BESIDE_THE_MAP, CAUGHT = "discard pile", "beside the map", "caught"  # where ``discard`` put a card


def discard(g: Game, card: int, lost_souls: bool = True, told: bool = False) -> str:
    """Put a card on the discard pile; a dominance card goes beside the map instead, where
    players may take it (LoR 3.3.3). Bots never take one (1.3). While a faction that catches discards plays,
    every other discarded or spent card goes on its Lost Souls (8.2.4, ruling R-LIZ-LOST-SOULS),
    a dominance card too when its pile takes them (8.2.4; LoR 10.2.6, ruling R-TABLE-LOST-SOULS);
    that faction's own discards (8.2.3, 8.5.2, 8.6.2) pass ``lost_souls=False``.
    Returns where the card went (``PILE``, ``BESIDE_THE_MAP`` or ``CAUGHT``). Inside ``told_after``
    the events saying where it went wait for the discarding action's own event; with ``told``
    the caller's event says that a dominance card went beside the map, so none other does."""
    s = g.state
    dominance = s.deckdef.card(card).kind == "dominance"
    held, g.held = g.held, g.told_after if g.told_after is not None else g.held
    try:
        if lost_souls:
            for catcher in SHARED.discard_catchers:  # Lost Souls (8.2.4; a dominance card too, LoR 10.2.6)
                if catcher.catches_dominance(s) if dominance else catcher.catches_discards(s):
                    catcher.catch_discard(g, card)
                    return CAUGHT
        if dominance:
            s.available_dominance.append(card)
            if not told:
                g.emit(None, "LoR 3.3.3", "dominance_available", "{card} is placed beside the map, available", card=s.deckdef.card(card).label())
            return BESIDE_THE_MAP
        s.discard.append(card)
        return PILE
    finally:
        g.held = held


@contextmanager
def told_after(g: Game) -> Iterator[None]:
    """Inside it, a discarded card redirected (to the Lost Souls, 8.2.4; beside the map, LoR
    3.3.3) is told after the event of the action that discarded it, emitted inside too: the card
    is in its new place at once (every card in one place at each event), only its telling waits."""
    outer, g.told_after = g.told_after, []
    try:
        yield
    finally:
        waiting, g.told_after = g.told_after, outer
        g.tell(waiting)


def discard_words(where: str, card: str) -> str:
    """How an action's event names the discard of ``card`` that went ``where``."""
    return f"places {card} beside the map (a dominance card, LoR 3.3.3)" if where == BESIDE_THE_MAP else f"discards {card}"


def reveal_order(g: Game, faction: str, rule: str) -> int:
    """Draw and reveal the bot's order card (2.7); a card the Otter Overlords sold it this turn
    is revealed instead of drawing (BBP OO.5, ruling R-BBP-OO-BOTS-BUY)."""
    fs = g.state.factions[faction]
    if fs.order is not None and g.state.services and SHARED.services.order_card_bought(g.state, faction):
        SHARED.services.reveal_bought_order(g, faction, rule)
        return fs.order
    if not g.state.deck and not g.state.discard:
        no_order_card(g, faction, rule)
    card = draw_card(g, faction)
    g.state.factions[faction].order = card
    c = g.state.deckdef.card(card)
    g.emit(faction, rule, "order", "reveals {card} as its order card", card=c.label(), card_id=c.name, suit=c.suit)
    return card


NO_ORDER = "no_order"  # in ``turn_steps``: the bot found no card to reveal as its order this turn


def no_order_card(g: Game, faction: str, rule: str, why: str = "the deck and the discard pile are both empty", ruling: str = "R-NO-ORDER-CARD") -> NoReturn:
    """No card to reveal as the order (by default the deck and the discard pile both empty:
    every card is held, crafted or set aside; ``why`` says otherwise): the bot has no orders this
    turn, so it skips the rest of its Birdsong and its Daylight, and in Evening only the steps
    that need no order are taken (ruling R-NO-ORDER-CARD). Raises ``NoOrderCard``, which the
    turn loop catches."""
    g.state.factions[faction].order = None
    g.state.turn_steps.append(NO_ORDER)
    g.emit(faction, rule, "no_order", f"has no order card to reveal ({why}): no orders this turn, so it goes on to Evening (ruling {ruling})")
    raise NoOrderCard(faction)


def has_no_order(g: Game, faction: str, rule: str, step: str) -> bool:
    """Whether this turn has no order (R-NO-ORDER-CARD); if so, says that ``step``, which
    needs the order, is skipped."""
    if NO_ORDER not in g.state.turn_steps:
        return False
    g.emit(faction, rule, "skip", "{step}: it has no order this turn (ruling R-NO-ORDER-CARD)", step=step)
    return True


def discard_order(g: Game, faction: str, rule: str) -> None:
    fs = g.state.factions[faction]
    if fs.order is None:
        return
    cid, fs.order = fs.order, None
    card = g.state.deckdef.card(cid)
    with told_after(g):
        if discard(g, cid, told=True) == BESIDE_THE_MAP:
            g.emit(faction, rule, "discard_order", "places its order card {card} beside the map (a dominance card, LoR 3.3.3)", card=card.label())
        else:
            g.emit(faction, rule, "discard_order", "discards its order card {card}", card=card.label())


def order_suit(state: GameState, faction: str) -> str:
    fs = state.factions[faction]
    assert fs.order is not None, "no order card"
    return state.deckdef.card(fs.order).suit


# -- crafting (1.1) --------------------------------------------------------------------------
def craft_order(
    g: Game,
    faction: str,
    rule: str,
    skip_rule: str = "1.1.1",
    score_rule: str = "1.1.2",
    after: str = " (no crafting pieces needed, 1.1.1)",
    scored: str = "the card lists",
) -> bool:
    """A bot crafts the item shown on its order card if the supply has one, for 1 VP (1.1.1-1.1.3).
    Another rule set's bot (the Better Bot Project's) names its own rules: ``skip_rule`` when the
    supply has none, ``score_rule`` for the VP, and the words ``after`` the craft and before the
    VP the card lists (``scored``)."""
    s = g.state
    fs = s.factions[faction]
    if fs.order is None:
        return False
    card = s.deckdef.card(SHARED.services.bot_crafting(g, faction, fs.order))  # 9.7: a Hand Card may replace it
    if card.kind != "item" or card.item is None:  # 1.1.3: only items; no persistent effects
        return False
    if s.item_supply.get(card.item, 0) <= 0:
        g.emit(faction, skip_rule, "craft_skipped", "cannot craft {card}: no {item} left in the supply", card=card.label(), item=card.item)
        return False
    s.item_supply[card.item] -= 1
    fs.items.append(card.item)
    g.emit(faction, rule, "craft", "crafts {card} and takes the {item}" + after, card=card.label(), item=card.item)
    score(g, faction, 1, score_rule, f"for crafting an item ({scored} {card.vp})")
    if s.deckdef.exiles:
        murine_broker(g, faction)
    return True


def murine_broker(g: Game, crafter: str) -> None:
    """Murine Broker (Exiles and Partisans deck): whenever another player crafts an item, its
    holder draws a card."""
    s = g.state
    broker = exiles.holder(s, "murine_broker")
    if broker is None or broker == crafter or not (s.deck or s.discard):
        return
    s.factions[broker].hand.append(draw_card(g, broker))
    g.emit(broker, "LoR 4.1.3", "draw", "draws a card with Murine Broker: the {crafter} crafted an item", crafter=crafter)


def give_card_to_bot(g: Game, giver: str, bot: str, card: int, rule: str) -> None:
    """A human gives a bot a card: the card is discarded and the bot scores 1 VP (2.8.1)."""
    fs = g.state.factions[giver]
    fs.hand.remove(card)
    with told_after(g):
        discard(g, card)
        g.emit(bot, "2.8.1", "gift", "is given {card} by {giver}: a bot keeps no cards, so it is discarded", card=g.state.deckdef.card(card).label(), giver=giver)
    score(g, bot, 1, "2.8.1", f"for the card {giver} gave it ({rule})")
