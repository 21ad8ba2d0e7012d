"""Mechanical Marquise 2.0 of the Better Bot Project v5 (fan-made, ``marquise@bbp``).

A second rule set beside the Law's bot (``bot.py``); nothing here is shared with it. Rule
numbers are the paragraphs of the text as docs/bbp-coverage.md numbers them ("BBP MM.5" is the
Marquise's Recruit, "BBP 4.1" clearing priority); rulings ``R-BBP-...`` are in docs/rulings.md.
One order card a turn decides where it acts (BBP MM.1); a bird order makes each step stronger
(BBP MM.10-12); a turn that places no building may Escalate into a second Daylight (BBP MM.8).

Its setup, difficulty cards and trait cards were on the bot's board and cards, not in the text;
they are built from a third party's transcription of them (the public repository
Vagabottos/clockroot, ``src/app/models/marquise.ts`` at commits eef5c99 and 6c9f35e, January
2020; rulings R-BBP-MM-SETUP, R-BBP-MM-DIFFICULTY, R-BBP-MM-TRAITS). Events of the cards cite
"BBP MM.16", the coverage table's row for them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ...core import rules as R
from ...core.battle import battle, can_battle
from ...core.bot import difficulty, enemies_in, has_trait, pieces_there, victory_points
from ...core.context import Game
from ...core.maps import CLEARINGS
from ...core.state import GameState
from ...core.targeting import LOWEST, Choice, Criterion, choose_clearing, choose_player_bbp, in_priority_order, most
from . import bbp_cards as cards

FACTION = "marquise"
BUILDING_TYPES = ("sawmill", "workshop", "recruiter")
# Only fox -> sawmill is in the text; the other two are ruling R-BBP-MM-SUITS.
BUILDING_FOR_SUIT = {"fox": "sawmill", "rabbit": "workshop", "mouse": "recruiter"}
RECRUIT_WARRIORS = 4  # BBP MM.5
KEEP_BACK = 3  # BBP MM.7: only warriors in excess of three move
ESCALATE_BELOW = 4  # BBP MM.8, MM.14: fewer than four of the matching building on the map

# -- the cards, from the transcription (Vagabottos/clockroot src/app/models/marquise.ts) ----------
CARDS = "BBP MM.16"  # the coverage table's row of the setup, difficulty and trait cards
SOURCE = "Vagabottos/clockroot, src/app/models/marquise.ts"
KEEP_WARRIORS = 2  # eef5c99 setupRules: one extra warrior in the keep's clearing, 12 in all (R-BBP-MM-SETUP)
ESCALATES = {False: 1, True: 2}  # once a turn (R-BBP-MM-ESCALATE); Iron Will: twice (eef5c99, R-BBP-MM-TRAITS)
# The card values (6c9f35e's one fewer / one more, Nightmare's 1 VP per player; eef5c99's Iron Will
# twice, Hospitals 1 warrior after losing 2): bbp_cards.VALUES, which a table may replace.

DIFFICULTY_TEXT = {
    "easy": "Recruit places one warrior fewer; on a bird order, one fewer in the second-lowest-priority clearing (a transcription, ruling R-BBP-MM-DIFFICULTY).",
    "default": "As the text says.",
    "challenging": "Recruit places one warrior more; on a bird order, one more in the lowest-priority clearing (a transcription, ruling R-BBP-MM-DIFFICULTY).",
    "nightmare": "As challenging, and 1 VP per player (every seat, itself included) at the end of each of its Evenings (a transcription, ruling R-BBP-MM-DIFFICULTY).",
}
TRAIT_TEXT = {
    "blitz": "After its Move, from the highest-priority clearing it rules with no enemy pieces (and two or more of its warriors), all but one warrior move as Move's warriors do and battle there if an opponent is present (a transcription, ruling R-BBP-MM-TRAITS).",
    "fortified": "Opponents need two hits to remove each of its buildings; a single hit on a building does nothing (a transcription, ruling R-BBP-MM-TRAITS).",
    "iron-will": "Escalate may happen twice a turn (a transcription, ruling R-BBP-MM-TRAITS).",
    "hospitals": "After each battle it defended that cost it at least two warriors, it recruits one warrior in the keep's clearing (a transcription, ruling R-BBP-MM-TRAITS).",
}


class BetterMarquise:
    """The Better Bot Project's Mechanical Marquise 2.0: setup, Birdsong, Daylight, Evening."""

    faction = FACTION

    def setup(self, g: Game) -> None:
        """Ruling R-BBP-MM-SETUP: its board's setup as transcribed (BBP 2.1). Said first, so a
        record of the game (a Rootlog line) starts the bot's setup before its first piece."""
        g.emit(FACTION, "BBP 2.1", "setup", "sets up by its board as transcribed in " + SOURCE + " (ruling R-BBP-MM-SETUP)")
        keep = place_keep(g)
        garrison(g, keep)
        place_starting_buildings(g, keep)

    def birdsong(self, g: Game) -> None:
        """BBP MM.3: reveal the top card as the order card; craft the item it shows."""
        R.reveal_order(g, FACTION, "BBP MM.3")
        craft_shown_item(g)

    def daylight(self, g: Game) -> None:
        """BBP MM.4-8: battle, recruit, build, move; then Escalate at most once (R-BBP-MM-ESCALATE),
        twice with Iron Will (R-BBP-MM-TRAITS)."""
        built = daylight_steps(g)
        escalated = 0
        while escalate(g, built, escalated):
            escalated += 1
            built = daylight_steps(g)

    def evening(self, g: Game) -> None:
        """BBP MM.9: score the matching buildings on the map, then discard the order card; on
        nightmare, its points for the round (R-BBP-MM-DIFFICULTY)."""
        score_matching_buildings(g)
        R.discard_order(g, FACTION, "BBP MM.9")
        nightmare_points(g)


# -- targeting with the text's own tie-breaks (BBP 4.1, 4.2) -------------------------------------
def bbp_clearing(s: GameState, what: str, candidates: Iterable[int], criteria: list[Criterion], priority: str = "highest", legal: Callable[[int], str | None] | None = None) -> Choice:
    """A clearing by the criteria, ties to clearing priority (BBP 4.1)."""
    choice = choose_clearing(s, what, candidates, criteria, priority, legal)
    choice.tiebreak = choice.tiebreak.replace("(2.1)", "(BBP 4.1)")
    return choice


def choose_defender(s: GameState, c: int, rule: str) -> Choice:
    """BBP MM.4: the opponent with the most pieces there, then the higher score, then setup
    order (BBP 4.2). In cooperative play other bots are no targets (BBP 1.2)."""
    choice = choose_player_bbp(
        s,
        f"defender in {c}",
        enemies_in(s, FACTION, c),
        [most("most pieces there", pieces_there(s, c), rule), most("higher score", victory_points(s), rule)],
    )
    return choice


def matching_building(s: GameState, suit: str) -> str:
    """The building an order matches (BBP MM.6): by suit (R-BBP-MM-SUITS); for a bird order the
    type with the most pieces on the map, ties to sawmill, workshop, recruiter (R-BBP-MM-BIRD-BUILD)."""
    if suit != "bird":
        return BUILDING_FOR_SUIT[suit]
    return max(BUILDING_TYPES, key=lambda k: (s.on_map(FACTION, k), -BUILDING_TYPES.index(k)))


def ordered_clearings(s: GameState, suit: str) -> list[int]:
    """The clearings an order acts in: its suit's; a bird order, every clearing (BBP MM.10)."""
    return [c for c in CLEARINGS if suit == "bird" or s.suit(c) == suit]


# -- setup (ruling R-BBP-MM-SETUP: the transcription's setupRules, eef5c99) ----------------------------
def place_keep(g: Game) -> int:
    """The keep in a random corner clearing."""
    corner = g.chance.pick(g.state.map.corners, "the keep's corner (R-BBP-MM-SETUP)")
    R.place_token(g, FACTION, corner, "keep", "BBP 2.1", why=lambda: "a random corner clearing (ruling R-BBP-MM-SETUP)")
    g.state.start_corners[FACTION] = corner
    return corner


def garrison(g: Game, keep: int) -> None:
    """A warrior in every clearing but the corner diagonally opposite the keep, and one more in
    the keep's clearing: 12 in all."""
    opposite = g.state.map.opposite_corner[keep]
    for c in CLEARINGS:
        if c != opposite:
            n = KEEP_WARRIORS if c == keep else 1
            R.place_warriors(g, FACTION, c, n, "BBP 2.1", why=lambda: "its board's garrison as transcribed: one a clearing, one more by the keep (ruling R-BBP-MM-SETUP)")


def place_starting_buildings(g: Game, keep: int) -> None:
    """A sawmill, a workshop and a recruiter at random among the clearings next to the keep (not
    the keep's own), one per clearing. Where fewer than three of them can take one (corners of
    the Lake and Mountain maps have two neighbours), the rest go in the keep's clearing, then in
    a neighbour already holding one, at random, as the standard setup allows (R-BBP-MM-SETUP)."""
    s = g.state
    taken: list[int] = []
    for kind in BUILDING_TYPES:
        tiers = (
            ([c for c in s.map.adjacent[keep] if c not in taken], "at random among the clearings next to the keep, one per clearing"),
            ([keep], "in the keep's clearing: no clearing next to it without one can take it"),
            (list(s.map.adjacent[keep]), "next to the keep, beside another: no other clearing by the keep can take it"),
        )
        for candidates, how in tiers:
            open_clearings = [c for c in candidates if R.can_place_building(s, FACTION, c, kind)]
            if open_clearings:
                break
        else:
            g.emit(FACTION, "BBP 2.1", "setup", "has no free slot left near the keep for its starting {kind}", kind=kind)
            continue
        c = open_clearings[0] if len(open_clearings) == 1 else g.chance.pick(open_clearings, f"where the starting {kind} goes (R-BBP-MM-SETUP)")
        taken.append(c)
        R.place_building(g, FACTION, c, kind, "BBP 2.1", why=lambda how=how: f"placed {how} (ruling R-BBP-MM-SETUP)")


# -- Birdsong -------------------------------------------------------------------------------------
def craft_shown_item(g: Game) -> bool:
    """BBP MM.3, MM.13: an item shown on the order card and left in the supply is gained, for
    1 VP whatever the card lists; the card stays the order card."""
    return R.craft_order(g, FACTION, "BBP MM.3", "BBP MM.3", "BBP MM.13", "; the card stays its order card", "always 1; the card lists")


# -- Daylight -------------------------------------------------------------------------------------
def daylight_steps(g: Game) -> bool:
    """One Daylight (BBP MM.4-7, on a bird order MM.10-12). Returns whether it built."""
    suit = R.order_suit(g.state, FACTION)
    if suit == "bird":
        g.emit(FACTION, "BBP MM.10", "bird_order", "a bird order: battle everywhere, recruit in the lowest-priority clearings, battle after moving")
    battle_ordered(g, suit)
    if suit == "bird":
        bird_recruit(g)
    else:
        recruit(g, suit)
    built = build(g, suit)
    moved_into = move(g, suit)
    if suit == "bird":
        for c in in_priority_order(g.state, set(moved_into)):  # BBP MM.12
            battle_in(g, c, "BBP MM.12")
    blitz(g)
    return built


def battle_in(g: Game, c: int, rule: str) -> None:
    """Battle in ``c`` against the defender of BBP MM.4, if there is one."""
    s = g.state
    if s.warriors(FACTION, c) == 0 or not enemies_in(s, FACTION, c):
        return
    choice = choose_defender(s, c, rule)
    if choice.target is not None and can_battle(s, FACTION, choice.target, c):
        battle(g, FACTION, choice.target, c, rule, why=choice.explain)


def battle_ordered(g: Game, suit: str) -> None:
    """BBP MM.4 (MM.10 on a bird order): battle in every ordered clearing, by priority (BBP 4.1)."""
    s = g.state
    rule = "BBP MM.10" if suit == "bird" else "BBP MM.4"
    targets = [c for c in ordered_clearings(s, suit) if s.warriors(FACTION, c) and enemies_in(s, FACTION, c)]
    if not targets:
        g.emit(FACTION, rule, "skip", "does not battle: no {suit} clearing has both its warriors and an enemy piece", suit="ordered" if suit == "bird" else suit)
    for c in in_priority_order(s, targets):
        battle_in(g, c, rule)


def place_recruits(g: Game, plan: list[tuple[int, int]], due: int, rule: str, why: Callable[[], str]) -> None:
    """Place the planned warriors (clearing, count); 1 VP for every two of ``due`` that could
    not be recruited (BBP MM.5)."""
    placed = sum(R.place_warriors(g, FACTION, c, n, rule, why=why) for c, n in plan)
    short = due - placed
    if short >= 2:
        R.score(g, FACTION, short // 2, rule, f"for {short} warriors it could not recruit (1 VP for every 2)")
    elif short:
        g.emit(FACTION, rule, "recruit_short", "could not recruit 1 warrior, which scores nothing (1 VP for every 2)")


def recruit(g: Game, suit: str) -> None:
    """BBP MM.5: four warriors spread evenly over the ordered clearings it rules; the rest (and,
    with more than four, which ones) by most enemy pieces, then priority (R-BBP-MM-RECRUIT)."""
    s = g.state
    ruled = [c for c in ordered_clearings(s, suit) if R.rules(s, FACTION, c)]
    choice = bbp_clearing(s, f"where to recruit ({suit} clearings it rules)", ruled, [most("most enemy pieces", lambda c: s.enemy_pieces(FACTION, c), "BBP MM.5")])
    if not ruled:
        g.emit(FACTION, "BBP MM.5", "skip", "rules no {suit} clearing to recruit in", suit=suit)
    due = recruit_due(s)
    can = min(due, s.factions[FACTION].supply.get("warrior", 0))
    counts: dict[int, int] = {}
    for i in range(can if ruled else 0):
        c = choice.ranked[i % len(choice.ranked)]
        counts[c] = counts.get(c, 0) + 1
    plan = [(c, counts[c]) for c in choice.ranked if c in counts]
    ranking = "; ".join(f"{c} ({-choice.values[c][0]})" for c in choice.ranked)
    why = f"{due} spread evenly over the {suit} clearings it rules, ranked by most enemy pieces, then priority: {ranking}{difficulty_note(s)}"
    place_recruits(g, plan, due, "BBP MM.5", lambda: why)


def recruit_due(s: GameState) -> int:
    """BBP MM.5's four warriors, one fewer on easy, one more on challenging and nightmare
    (ruling R-BBP-MM-DIFFICULTY)."""
    return RECRUIT_WARRIORS + difficulty_change(s)


def difficulty_change(s: GameState) -> int:
    """The warriors Recruit places more (or fewer) at its difficulty: the transcription's, or the
    number the table read off its card (``options.marquise_cards``, issue 29)."""
    level = difficulty(s, FACTION)
    return cards.value(s, level) if level != "default" else 0


def difficulty_note(s: GameState) -> str:
    level = difficulty(s, FACTION)
    source = "its card's value as the table gave it" if level != "default" and cards.given(s, level) else "ruling R-BBP-MM-DIFFICULTY"
    return f" ({level} difficulty, {source})" if difficulty_change(s) else ""


def bird_recruit(g: Game) -> None:
    """BBP MM.11: two warriors in each of the two lowest-priority clearings it rules; all four
    in the one it rules if only one (R-BBP-MM-BIRD-RECRUIT). Easy: one fewer in the
    second-lowest-priority of them; challenging and nightmare: one more in the lowest-priority
    (ruling R-BBP-MM-DIFFICULTY; with one clearing, that one)."""
    s = g.state
    lowest = in_priority_order(s, R.ruled_clearings(s, FACTION), LOWEST)[:2]
    if not lowest:
        g.emit(FACTION, "BBP MM.11", "skip", "rules no clearing to recruit in")
    change = difficulty_change(s)
    due = RECRUIT_WARRIORS + change
    supply = s.factions[FACTION].supply.get("warrior", 0)
    per = RECRUIT_WARRIORS // len(lowest) if lowest else 0
    counts = {c: per for c in lowest}
    if lowest and change:
        counts[lowest[-1] if change < 0 else lowest[0]] += change  # easy: the second-lowest; harder: the lowest
    plan = []
    for c in lowest:
        n = max(0, min(counts[c], supply))
        supply -= n
        plan.append((c, n))
    shown = ", ".join(map(str, lowest))
    note = difficulty_note(s)
    place_recruits(g, plan, due, "BBP MM.11", lambda: f"bird order: the lowest-priority clearings it rules: {shown}{note}")


def build_legal(s: GameState, kind: str) -> Callable[[int], str | None]:
    def legal(c: int) -> str | None:
        if s.factions[FACTION].supply.get(kind, 0) <= 0:
            return f"no {kind} left in its supply"
        if s.free_slots(c) <= 0:
            return "no free building slot"
        return None if R.can_place_building(s, FACTION, c, kind) else "it may not place there"

    return legal


def build(g: Game, suit: str) -> bool:
    """BBP MM.6, MM.15: the matching building in the clearing it rules with the most of its
    warriors, then priority; any clearing, whatever its suit. Returns whether it built."""
    s = g.state
    kind = matching_building(s, suit)
    choice = bbp_clearing(
        s,
        f"where to build a {kind} (clearings it rules)",
        R.ruled_clearings(s, FACTION),
        [most("most Marquise warriors", lambda c: s.warriors(FACTION, c), "BBP MM.6")],
        legal=build_legal(s, kind),
    )
    if choice.target is None:
        g.emit(FACTION, "BBP MM.6", "skip", "cannot build a {kind}", why=choice.explain, kind=kind)
        return False
    return R.place_building(g, FACTION, choice.target, kind, "BBP MM.6", why=choice.explain)


def move(g: Game, suit: str) -> list[int]:
    """BBP MM.7 (MM.12): from each ordered clearing, by priority (BBP 4.1), the warriors in
    excess of three go to the adjacent clearing with the most enemy pieces, then priority.
    Returns the clearings moved into."""
    s = g.state
    rule = "BBP MM.12" if suit == "bird" else "BBP MM.7"
    moved_into: list[int] = []
    for c in in_priority_order(s, ordered_clearings(s, suit)):
        n = s.warriors(FACTION, c) - KEEP_BACK
        if n <= 0:
            continue
        choice = bbp_clearing(
            s,
            f"where to move the {n} warrior(s) in excess of three from {c} (adjacent clearings)",
            R.move_destinations(s, FACTION, c),
            [most("most enemy pieces", lambda d: s.enemy_pieces(FACTION, d), rule)],
            legal=lambda d, c=c: None if R.can_move(s, FACTION, c, d) else "it rules neither end of the path (LoR 4.2.1)",
        )
        if choice.target is not None and R.move_warriors(g, FACTION, c, choice.target, n, rule, why=choice.explain):
            moved_into.append(choice.target)
    if not moved_into:
        g.emit(FACTION, rule, "skip", "does not move: no ordered clearing has warriors in excess of three it can move")
    return moved_into


def escalate(g: Game, built: bool, escalated: int = 0) -> bool:
    """BBP MM.8, MM.14: no building placed and fewer than four of the matching type on the map:
    a new order card replaces this one and Daylight is repeated in full (once a turn, ruling
    R-BBP-MM-ESCALATE; twice with Iron Will, R-BBP-MM-TRAITS). ``escalated``: how many times it
    has this turn. Returns True to repeat Daylight."""
    s = g.state
    iron_will = has_trait(s, FACTION, "iron-will")
    if escalated >= (cards.value(s, "iron-will") if iron_will else ESCALATES[False]):
        return False
    kind = matching_building(s, R.order_suit(s, FACTION))
    n = s.on_map(FACTION, kind)
    if built or n >= ESCALATE_BELOW:
        return False
    again = " a second time this turn, by Iron Will (ruling R-BBP-MM-TRAITS)" if escalated else ""
    g.emit(FACTION, "BBP MM.8", "escalate", "escalates{again}: it placed no {kind} and has {n} on the map (fewer than 4)", kind=kind, n=n, again=again)
    R.discard_order(g, FACTION, "BBP MM.8")
    R.reveal_order(g, FACTION, "BBP MM.8")
    return True


# -- Evening --------------------------------------------------------------------------------------
def score_matching_buildings(g: Game) -> None:
    """BBP MM.9: 1 VP per building of the order's type on the map (after Escalate, the new order's)."""
    s = g.state
    if R.has_no_order(g, FACTION, "BBP MM.9", "scores no buildings"):
        return
    suit = R.order_suit(s, FACTION)
    kind = matching_building(s, suit)
    n = s.on_map(FACTION, kind)
    if n:
        R.score(g, FACTION, n, "BBP MM.9", f"for {n} {kind}{'s' if n > 1 else ''} on the map ({suit} order)")
    else:
        g.emit(FACTION, "BBP MM.9", "score", "scores nothing: no {kind} on the map ({suit} order)", kind=kind, suit=suit)


# -- the difficulty and trait cards (BBP 3.1, MM.16; rulings R-BBP-MM-DIFFICULTY, R-BBP-MM-TRAITS) --
def nightmare_points(g: Game) -> None:
    """Nightmare: each round, 1 VP per player, at the end of its Evening (every seat, itself
    included, as BBP OO.4's "3 player game with 2 opponents" counts)."""
    s = g.state
    if difficulty(s, FACTION) != "nightmare":
        return
    n = len(s.turn_order)
    per = cards.value(s, "nightmare-vp")
    R.score(g, FACTION, per * n, CARDS, f"for this round: {per} per player, {n} players (nightmare difficulty, ruling R-BBP-MM-DIFFICULTY)")


def blitz(g: Game) -> None:
    """Blitz: after its Move, from the highest-priority clearing it rules with no enemy pieces
    (one with at most one warrior moves nobody, so is passed over), all but one warrior go where
    Move sends warriors (BBP MM.7: the adjacent clearing with most enemy pieces, then priority)
    and battle there if an opponent is present (MM.4's defender)."""
    s = g.state
    if not has_trait(s, FACTION, "blitz"):
        return
    origin = bbp_clearing(
        s,
        "Blitz: where to move from (clearings it rules with no enemy pieces)",
        [c for c in R.ruled_clearings(s, FACTION) if s.enemy_pieces(FACTION, c) == 0],
        [],
        legal=lambda c: None if s.warriors(FACTION, c) > 1 else "it has at most one warrior there",
    )
    if origin.target is None:
        g.emit(FACTION, CARDS, "skip", "Blitz: no clearing to move from", why=origin.explain)
        return
    c = origin.target
    dest = bbp_clearing(
        s,
        f"Blitz: where to move to from {c} (adjacent clearings)",
        R.move_destinations(s, FACTION, c),
        [most("most enemy pieces", lambda d: s.enemy_pieces(FACTION, d), CARDS)],
        legal=lambda d: None if R.can_move(s, FACTION, c, d) else "it rules neither end of the path (LoR 4.2.1)",
    )
    if dest.target is None:
        g.emit(FACTION, CARDS, "skip", "Blitz: no adjacent clearing to move to from {c}", why=dest.explain, c=c)
        return
    o_why, d_why = origin.explain, dest.explain
    if R.move_warriors(g, FACTION, c, dest.target, s.warriors(FACTION, c) - 1, CARDS, why=lambda: f"Blitz (ruling R-BBP-MM-TRAITS): {o_why()}; {d_why()}"):
        battle_in(g, dest.target, CARDS)


def hospitals(g: Game, warriors_lost: int) -> None:
    """Hospitals: after each battle it defended that cost it at least two warriors, it recruits
    one warrior in the keep's clearing (none once the keep is gone)."""
    s = g.state
    if warriors_lost < cards.value(s, "hospitals-lost") or not has_trait(s, FACTION, "hospitals") or cards.value(s, "hospitals") == 0:
        return
    keep = next((c for c in CLEARINGS if (FACTION, "keep") in s.clearings[c].tokens), None)
    if keep is None:
        g.emit(FACTION, CARDS, "skip", "Hospitals: no keep on the map to recruit by")
        return
    R.place_warriors(g, FACTION, keep, cards.value(s, "hospitals"), CARDS, why=lambda: f"Hospitals: it lost {warriors_lost} warriors defending (ruling R-BBP-MM-TRAITS)")
