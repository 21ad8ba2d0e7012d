"""The Lizard Cult by the Law of Root (LoR 10), for a seat played by legal moves: its setup (a
garden and four warriors in a corner, a warrior next to it, the outcast marker), Birdsong (the
outcast adjusted from the Lost Souls, the Lost Souls discarded, conspiracies paid with
acolytes), Daylight (rituals, each by revealing a card) and Evening (the revealed cards back in
hand, crafting with gardens of the Outcast suit, the draw with the Gardens tracks' bonuses).

Revenge (LoR 10.2.3), Pilgrims (LoR 10.2.4), Fear of the Faithful (LoR 10.2.5) and the Lost
Souls catching every card spent or discarded (LoR 10.2.6) act whoever's turn it is, through the
faction's hooks in ``faction.py`` and the board in ``rules.py`` (``CultBoard``)."""

from __future__ import annotations

from typing import cast

from ...core.context import Game
from ...core.lor.battling import ask_battle, battle_clearings
from ...core.lor.cards import card_moves, draw_and_discard
from ...core.lor.crafting import CRAFT_SUITS, craft, craft_moves
from ...core.lor.effects import daylight_start, evening_start
from ...core.lor.offers import offer_between_steps, take_turn_offer, turn_offers
from ...core.lor.moving import ask_move, can_take_move
from ...core.lor.turn import apply_free_daylight, free_daylight_moves, play_turn
from ...core.maps import CLEARINGS
from ...core.moves import DONE, MOVE_TEXT, Move, ask
from ...core.rules import discard, may_place_in, place_building, place_warriors, remove_piece, remove_warriors, ruled_clearings, score, snared
from ...core.state import GameState
from .rules import FACTION, GARDEN_KINDS, GARDENS, OUTCAST_SUITS, CultBoard

START_WARRIORS = 4  # LoR 10.3.2
TRACK = 5  # gardens of each suit: the first placed at setup or later, the rest on its track (LoR 10.3.4)
# VP above the rightmost empty space of a Gardens track, by gardens of that suit on the map, 1 to 5
# (the board; ruling R-LOR-LIZ-TRACKS).
SCORE_VP: tuple[int, ...] = (0, 2, 2, 3, 4)
DRAW_BONUS_AT = 2  # the 2nd garden of a suit uncovers its track's draw bonus (ruling R-LOR-LIZ-TRACKS)
COST: dict[str, int] = {"crusade": 2, "convert": 2, "sanctify": 3}  # acolytes (LoR 10.4.3.1-10.4.3.3)
RULE_CONSPIRACY: dict[str, str] = {"crusade": "LoR 10.4.3.1", "convert": "LoR 10.4.3.2", "sanctify": "LoR 10.4.3.3"}
RITUALS: tuple[str, ...] = ("build", "recruit", "score", "sacrifice")
RULE_RITUAL: dict[str, str] = {"build": "LoR 10.5.1", "recruit": "LoR 10.5.2", "score": "LoR 10.5.3", "sacrifice": "LoR 10.5.4"}


def board(state: GameState) -> CultBoard:
    """The human Cult's board (a no-op cast for the compiled build)."""
    return cast(CultBoard, state.factions[FACTION].board)


def gardens_on_map(state: GameState, suit: str) -> int:
    """Gardens of ``suit`` off its track (those in the supply lie on the track, LoR 10.3.4)."""
    return TRACK - state.factions[FACTION].supply.get(GARDENS[suit], 0)


def can_place_garden(state: GameState, c: int, suit: str) -> bool:
    """A garden of ``suit`` may go in ``c``: one on its track, a free slot, placing allowed (no
    keep, no snare), and ``suit`` the clearing's suit (a garden's printed suit, LoR 10.5.1)."""
    fs = state.factions[FACTION]
    return (
        state.suits[c] == suit
        and fs.supply.get(GARDENS[suit], 0) > 0
        and state.free_slots(c) > 0
        and may_place_in(state, FACTION, c)
        and not snared(state, FACTION, c)
    )


def can_place_warrior(state: GameState, c: int) -> bool:
    return state.factions[FACTION].supply.get("warrior", 0) > 0 and may_place_in(state, FACTION, c) and not snared(state, FACTION, c)


# -- setup (LoR 10.3) ------------------------------------------------------------------------------
def setup(g: Game) -> None:
    """LoR 10.3: the supply, the starting clearing and its neighbours, the outcast marker, the
    Gardens tracks."""
    s = g.state
    g.emit(FACTION, "LoR 10.3.1", "setup", "forms a supply of {n} warriors", n=s.factions[FACTION].supply.get("warrior", 0))
    pool = start_corners(s)
    if pool:
        c = ask(g, FACTION, "setup.corner", "LoR 10.3.2", [Move("clearing", (c,), "LoR 10.3.2") for c in pool], "place four warriors and a garden in which corner").args[0]
        place_start(g, c)
    else:
        g.emit(FACTION, "LoR 10.3.2", "setup", "finds no corner where its garden can be placed")
    choose_outcast(g)
    left = sum(s.factions[FACTION].supply.get(k, 0) for k in GARDEN_KINDS)
    g.emit(FACTION, "LoR 10.3.4", "setup", "puts its {n} other gardens on its Gardens tracks", n=left)


def choose_outcast(g: Game) -> None:
    """LoR 10.3.3: the outcast marker on any suit, its Outcast side up."""
    suit = ask(g, FACTION, "setup.outcast", "LoR 10.3.3", [Move("suit", (x,), "LoR 10.3.3") for x in OUTCAST_SUITS], "place the outcast marker on which suit").args[0]
    b = board(g.state)
    b.outcast, b.hated = suit, False
    g.emit(FACTION, "LoR 10.3.3", "outcast_marker", "places its outcast marker on {suit}, its Outcast side up", suit=suit, side="outcast")


def start_corners(state: GameState) -> list[int]:
    """LoR 10.3.2: corners that are no other seat's starting corner and can take the garden,
    those diagonally opposite another seat's starting corner when there are any."""
    others = {c for f, c in state.start_corners.items() if f != FACTION}
    corners = [c for c in state.map.corners if c not in others and can_place_garden(state, c, state.suits[c] or "")]
    opposite = [c for c in corners if state.map.opposite_corner[c] in others]
    return opposite or corners


def place_start(g: Game, c: int) -> None:
    s = g.state
    place_warriors(g, FACTION, c, START_WARRIORS, "LoR 10.3.2")
    place_building(g, FACTION, c, GARDENS[s.suits[c] or ""], "LoR 10.3.2")
    s.start_corners[FACTION] = c
    for a in s.map.adjacent[c]:
        place_warriors(g, FACTION, a, 1, "LoR 10.3.2")


# -- the turn ----------------------------------------------------------------------------------------
def turn(g: Game) -> None:
    """The seat's turn (LoR 1.4.1)."""
    play_turn(g, FACTION, birdsong, daylight, evening)


def birdsong(g: Game) -> None:
    """LoR 10.4: adjust the outcast, discard the Lost Souls, perform conspiracies."""
    if board(g.state).outcast is None:  # a position saved with no marker (board mode): place it first
        choose_outcast(g)
    adjust_outcast(g)
    discard_lost_souls(g)
    conspiracies(g)


def lost_soul_counts(state: GameState) -> dict[str, int]:
    """The Lost Souls by suit, birds left out (LoR 10.4.1)."""
    deck = state.deckdef.cards
    counts = dict.fromkeys(OUTCAST_SUITS, 0)
    for cid in board(state).lost_souls:
        if deck[cid].suit in counts:
            counts[deck[cid].suit] += 1
    return counts


def adjust_outcast(g: Game) -> None:
    """LoR 10.4.1: the suit with the most Lost Souls becomes the Outcast; the same suit again,
    or no single suit with the most, turns the marker to its Hated side."""
    b = board(g.state)
    counts = lost_soul_counts(g.state)
    most = max(counts.values())
    leaders = [x for x in OUTCAST_SUITS if counts[x] == most]
    if len(leaders) == 1 and leaders[0] != b.outcast:
        b.outcast, b.hated = leaders[0], False
        why = "the most Lost Souls"
    else:
        b.hated = True
        why = "again the most Lost Souls" if len(leaders) == 1 else "no one suit has the most Lost Souls"
    side = "hated" if b.hated else "outcast"
    g.emit(FACTION, "LoR 10.4.1", "outcast_marker", "turns its outcast marker to {suit}, {side} side up ({reason})", suit=b.outcast or "", side=side, reason=why)


def discard_lost_souls(g: Game) -> None:
    """LoR 10.4.2: every Lost Soul goes to the discard pile (a dominance card beside the map,
    available, LoR 3.3.3)."""
    b = board(g.state)
    if not b.lost_souls:
        return
    cards = list(b.lost_souls)
    while b.lost_souls:  # one at a time: every event sees each card somewhere
        discard(g, b.lost_souls.pop(0), lost_souls=False)
    names = ", ".join(g.state.deckdef.card(c).name for c in cards)
    g.emit(FACTION, "LoR 10.4.2", "lost_soul", "discards its Lost Souls to the discard pile: {cards}", cards=names)


# -- conspiracies (LoR 10.4.3) ---------------------------------------------------------------------
def cost(state: GameState, name: str) -> int:
    """Acolytes a conspiracy costs: one fewer while the Outcast is Hated (LoR 10.4.3)."""
    return COST[name] - (1 if board(state).hated else 0)


def outcast_clearings(state: GameState) -> list[int]:
    outcast = board(state).outcast
    return [c for c in CLEARINGS if state.suits[c] == outcast]


def crusade_modes(state: GameState) -> list[Move]:
    """LoR 10.4.3.1: a battle in an Outcast clearing, or a move out of one (then a battle where
    it ends, if the seat wishes)."""
    among = outcast_clearings(state)
    rule = RULE_CONSPIRACY["crusade"]
    out = []
    if battle_clearings(state, FACTION, among):
        out.append(Move("battle", (), rule))
    if can_take_move(state, FACTION, among):
        out.append(Move("move", (), rule))
    return out


def enemies_with_warriors(state: GameState, c: int) -> list[str]:
    warriors = state.clearings[c].warriors
    return [f for f in state.turn_order if state.is_enemy(FACTION, f) and warriors.get(f, 0) > 0]


def enemy_buildings(state: GameState, c: int) -> list[tuple[str, str]]:
    """The enemy buildings in ``c``, each (owner, kind) once."""
    return sorted({(f, k) for f, k in state.clearings[c].buildings if state.is_enemy(FACTION, f)})


def convert_clearings(state: GameState) -> list[int]:
    """LoR 10.4.3.2: Outcast clearings with an enemy warrior where a Cult warrior may be placed
    (the spent acolytes return to the supply first, so one is there)."""
    return [c for c in outcast_clearings(state) if enemies_with_warriors(state, c) and may_place_in(state, FACTION, c) and not snared(state, FACTION, c)]


def sanctify_clearings(state: GameState) -> list[int]:
    """LoR 10.4.3.3: Outcast clearings with an enemy building where a garden of the Outcast suit
    may replace it (one on its track; the building's slot frees the room)."""
    outcast = board(state).outcast or ""
    if state.factions[FACTION].supply.get(GARDENS.get(outcast, ""), 0) <= 0:
        return []
    return [c for c in outcast_clearings(state) if enemy_buildings(state, c) and may_place_in(state, FACTION, c) and not snared(state, FACTION, c)]


def conspiracy_moves(state: GameState) -> list[Move]:
    """The conspiracies the seat can pay for and complete now."""
    acolytes = board(state).acolytes
    usable = {"crusade": bool(crusade_modes(state)), "convert": bool(convert_clearings(state)), "sanctify": bool(sanctify_clearings(state))}
    return [Move("conspiracy", (name,), RULE_CONSPIRACY[name]) for name in COST if usable[name] and acolytes >= cost(state, name)]


def conspiracies(g: Game) -> None:
    """LoR 10.4.3: any number, in any order, while the seat wishes and can pay."""
    while True:
        m = ask(g, FACTION, "birdsong.conspiracy", "LoR 10.4.3", [*conspiracy_moves(g.state), DONE], "perform a conspiracy?")
        if m is DONE:
            return
        name = m.args[0]
        pay(g, name)
        CONSPIRE[name](g)


def pay(g: Game, name: str) -> None:
    """Spend the conspiracy's acolytes: they return to the supply (LoR 10.4.3)."""
    s = g.state
    b = board(s)
    n = cost(s, name)
    b.acolytes -= n
    supply = s.factions[FACTION].supply
    supply["warrior"] = supply.get("warrior", 0) + n
    g.emit(FACTION, "LoR 10.4.3", "acolyte", "spends {spent} acolyte(s) to {name}{note}; {n} left in the Acolytes box", spent=n, name=name, n=b.acolytes, note=" (the Outcast is Hated)" if b.hated else "")


def crusade(g: Game) -> None:
    """LoR 10.4.3.1: battle in an Outcast clearing, or move out of one and then, if the seat
    wishes, battle in the clearing it moved into."""
    s = g.state
    rule = RULE_CONSPIRACY["crusade"]
    among = outcast_clearings(s)
    mode = ask(g, FACTION, "crusade.mode", rule, crusade_modes(s), "Crusade: battle, or move (then battle)?")
    if mode.kind == "battle":
        ask_battle(g, FACTION, rule, among=among, step="crusade.battle")
        return
    taken = ask_move(g, FACTION, rule, among=among, step="crusade.move")
    if taken is not None and battle_clearings(s, FACTION, (taken[1],)):
        ask_battle(g, FACTION, rule, among=(taken[1],), optional=True, step="crusade.battle")


def convert(g: Game) -> None:
    """LoR 10.4.3.2: an enemy warrior in an Outcast clearing is removed and a Cult warrior
    placed in its stead."""
    s = g.state
    rule = RULE_CONSPIRACY["convert"]
    c = ask(g, FACTION, "convert.clearing", rule, [Move("clearing", (c,), rule) for c in convert_clearings(s)], "Convert in which clearing").args[0]
    enemy = ask(g, FACTION, "convert.enemy", rule, [Move("player", (f,), rule) for f in enemies_with_warriors(s, c)], f"convert whose warrior in {c}").args[0]
    g.emit(FACTION, rule, "convert", "converts a warrior of the {f} in {c}", f=enemy, c=c)
    remove_warriors(g, enemy, c, 1, rule, by=FACTION)
    place_warriors(g, FACTION, c, 1, rule)


def sanctify(g: Game) -> None:
    """LoR 10.4.3.3: an enemy building in an Outcast clearing is removed (LoR 3.2.1 scores it)
    and a garden of the Outcast suit placed in its stead."""
    s = g.state
    rule = RULE_CONSPIRACY["sanctify"]
    c = ask(g, FACTION, "sanctify.clearing", rule, [Move("clearing", (c,), rule) for c in sanctify_clearings(s)], "Sanctify in which clearing").args[0]
    owner, kind = ask(g, FACTION, "sanctify.building", rule, [Move("piece", piece, rule) for piece in enemy_buildings(s, c)], f"replace which building in {c}").args
    g.emit(FACTION, rule, "sanctify", "sanctifies the {kind} of the {f} in {c}", f=owner, kind=kind, c=c)
    if remove_piece(g, owner, c, kind, rule, by=FACTION):  # a removal reaching 30 VP ends the game here (GameOver)
        place_building(g, FACTION, c, GARDENS[board(s).outcast or ""], rule)


CONSPIRE = {"crusade": crusade, "convert": convert, "sanctify": sanctify}


# -- Daylight: rituals (LoR 10.5) ----------------------------------------------------------------------
def exact(state: GameState, suit: str) -> list[int]:
    """Cards in hand of exactly ``suit``: birds are not wild for rituals (LoR 10.2.2)."""
    deck = state.deckdef.cards
    return [cid for cid in state.factions[FACTION].hand if deck[cid].suit == suit]


def build_clearings(state: GameState) -> list[int]:
    """LoR 10.5.1: ruled clearings with a card of their suit in hand and room for its garden."""
    return [c for c in ruled_clearings(state, FACTION) if exact(state, state.suits[c] or "") and can_place_garden(state, c, state.suits[c] or "")]


def recruit_clearings(state: GameState) -> list[int]:
    """LoR 10.5.2: clearings with a card of their suit in hand where a warrior may be placed."""
    return [c for c in CLEARINGS if exact(state, state.suits[c] or "") and can_place_warrior(state, c)]


def score_suits(state: GameState, scored: set[str]) -> list[str]:
    """LoR 10.5.3: suits with a card in hand and a garden on the map, not yet scored this turn."""
    return [x for x in OUTCAST_SUITS if x not in scored and exact(state, x) and gardens_on_map(state, x) > 0]


def can_sacrifice(state: GameState) -> bool:
    """LoR 10.5.4: a bird card in hand and a warrior in the supply."""
    return bool(exact(state, "bird")) and state.factions[FACTION].supply.get("warrior", 0) > 0


def ritual_moves(state: GameState, scored: set[str]) -> list[Move]:
    usable = {"build": bool(build_clearings(state)), "recruit": bool(recruit_clearings(state)), "score": bool(score_suits(state, scored)), "sacrifice": can_sacrifice(state)}
    return [Move("ritual", (name,), RULE_RITUAL[name]) for name in RITUALS if usable[name]]


def daylight(g: Game) -> None:
    """LoR 10.5: rituals, one per card revealed, in any order and number; the free choices of
    Daylight (dominance, once-a-turn cards, closed paths) among them."""
    daylight_start(g, FACTION)
    scored: set[str] = set()
    used: set[str] = set()
    while True:
        s = g.state
        m = ask(g, FACTION, "daylight.ritual", "LoR 10.5", [*ritual_moves(s, scored), *free_daylight_moves(s, FACTION, used), DONE], "perform a ritual by revealing a card?")
        if m is DONE:
            return
        if not apply_free_daylight(g, FACTION, m, used):
            PERFORM[m.args[0]](g, scored)


def reveal(g: Game, cards: list[int], rule: str, what: str) -> int:
    """Reveal one of ``cards`` (asked when they differ) from hand into the play area (LoR 10.5)."""
    s = g.state
    options = card_moves(s, cards, rule)
    cid = options[0].args[0] if len(options) == 1 else ask(g, FACTION, "ritual.card", rule, options, f"reveal which card to {what}").args[0]
    s.factions[FACTION].hand.remove(cid)
    board(s).revealed.append(cid)
    card = s.deckdef.cards[cid]
    g.emit(FACTION, rule, "reveal", "reveals {card} to {what}", card=card.label(), card_id=card.name, suit=card.suit, what=what)
    return cid


def ritual_build(g: Game, scored: set[str]) -> None:
    """LoR 10.5.1: a garden of the clearing's suit in a ruled clearing matching the card."""
    s = g.state
    rule = RULE_RITUAL["build"]
    c = ask(g, FACTION, "build.clearing", rule, [Move("clearing", (c,), rule) for c in build_clearings(s)], "Build a garden in which clearing").args[0]
    suit = s.suits[c] or ""
    reveal(g, exact(s, suit), rule, f"build in {c}")
    place_building(g, FACTION, c, GARDENS[suit], rule)


def ritual_recruit(g: Game, scored: set[str]) -> None:
    """LoR 10.5.2: a warrior in a clearing matching the card."""
    s = g.state
    rule = RULE_RITUAL["recruit"]
    c = ask(g, FACTION, "recruit.clearing", rule, [Move("clearing", (c,), rule) for c in recruit_clearings(s)], "Recruit in which clearing").args[0]
    reveal(g, exact(s, s.suits[c] or ""), rule, f"recruit in {c}")
    place_warriors(g, FACTION, c, 1, rule)


def ritual_score(g: Game, scored: set[str]) -> None:
    """LoR 10.5.3: the revealed card is spent (to the Lost Souls); the seat scores the VP above
    the rightmost empty space of that suit's Gardens track. Once per suit a turn."""
    s = g.state
    rule = RULE_RITUAL["score"]
    suit = ask(g, FACTION, "score.suit", rule, [Move("suit", (x,), rule) for x in score_suits(s, scored)], "Score which suit").args[0]
    cid = reveal(g, exact(s, suit), rule, f"score its {suit} gardens")
    scored.add(suit)
    card = s.deckdef.cards[cid]
    g.emit(FACTION, rule, "spend", "spends {card} {what}", card=card.label(), card_id=card.name, what="to score (it goes to the Lost Souls)")
    board(s).revealed.remove(cid)
    discard(g, cid)
    n = gardens_on_map(s, suit)
    score(g, FACTION, SCORE_VP[n - 1], rule, f"from its {suit} Gardens track ({n} {suit} garden{'s' if n != 1 else ''} on the map)")


def ritual_sacrifice(g: Game, scored: set[str]) -> None:
    """LoR 10.5.4: a bird card revealed puts a warrior of the supply in the Acolytes box."""
    s = g.state
    rule = RULE_RITUAL["sacrifice"]
    reveal(g, exact(s, "bird"), rule, "sacrifice a warrior")
    s.factions[FACTION].supply["warrior"] -= 1
    b = board(s)
    b.acolytes += 1
    g.emit(FACTION, rule, "acolyte", "Sacrifice: a warrior of its supply goes to the Acolytes box ({n} there)", n=b.acolytes)


PERFORM = {"build": ritual_build, "recruit": ritual_recruit, "score": ritual_score, "sacrifice": ritual_sacrifice}


# -- Evening (LoR 10.6) --------------------------------------------------------------------------------
def evening(g: Game) -> None:
    """LoR 10.6: the revealed cards back in hand, crafting with gardens of the Outcast suit, then
    the draw (one, plus a card per uncovered draw bonus) and the hand limit."""
    evening_start(g, FACTION)
    offer_between_steps(g, FACTION)  # before 10.6.1, 10.6.2 (and between crafts) and 10.6.3 (LoR 1.4.3)
    return_revealed(g)
    offer_between_steps(g, FACTION)
    crafting(g)
    offer_between_steps(g, FACTION)
    draw_and_discard(g, FACTION, 1 + draw_bonuses(g.state), "LoR 10.6.3")


def return_revealed(g: Game) -> None:
    """LoR 10.6.1: every card revealed this turn (and not spent) returns to the hand."""
    s = g.state
    b = board(s)
    if not b.revealed:
        return
    cards, b.revealed = b.revealed, []
    s.factions[FACTION].hand.extend(cards)
    g.emit(FACTION, "LoR 10.6.1", "return_revealed", "takes its {n} revealed card(s) back into its hand: {cards}", n=len(cards), cards=", ".join(s.deckdef.card(c).name for c in cards))


def garden_pieces(state: GameState) -> dict[str, int]:
    """Crafting pieces (LoR 10.2.1): each garden of the Outcast's printed suit, counting for the
    suit of its clearing."""
    kind = GARDENS.get(board(state).outcast or "")
    pieces = dict.fromkeys(CRAFT_SUITS, 0)
    for c in CLEARINGS:
        n = state.clearings[c].buildings.count((FACTION, kind)) if kind else 0
        if n:
            pieces[state.suits[c] or ""] = pieces.get(state.suits[c] or "", 0) + n
    return pieces


def crafting(g: Game) -> None:
    """LoR 10.6.2: craft with the gardens of the Outcast suit, each activated once (other
    factions' offers between crafts, LoR 13.2.4)."""
    pieces = garden_pieces(g.state)
    while True:
        crafts = craft_moves(g.state, FACTION, pieces, "LoR 10.6.2")
        m = ask(g, FACTION, "evening.craft", "LoR 10.6.2", [*crafts, *(turn_offers(g.state, FACTION) if crafts else ()), DONE], "craft with your gardens of the Outcast suit?")
        if m is DONE:
            return
        if not take_turn_offer(g, FACTION, m):
            craft(g, FACTION, m.args[0], pieces, "LoR 10.6.2")


def draw_bonuses(state: GameState) -> int:
    """One card per Gardens track whose draw bonus is uncovered (ruling R-LOR-LIZ-TRACKS)."""
    return sum(1 for x in OUTCAST_SUITS if gardens_on_map(state, x) >= DRAW_BONUS_AT)


MOVE_TEXT["ritual"] = lambda m: {"build": "Build: a garden", "recruit": "Recruit: a warrior", "score": "Score: a Gardens track", "sacrifice": "Sacrifice: a warrior to the Acolytes box"}[m.args[0]]
MOVE_TEXT["conspiracy"] = lambda m: {"crusade": "Crusade: battle, or move then battle", "convert": "Convert: an enemy warrior", "sanctify": "Sanctify: an enemy building"}[m.args[0]]
MOVE_TEXT["move"] = lambda m: "Move"
_CRAFT_SUIT_TEXT = MOVE_TEXT["suit"]  # a crafting piece's suit (core/lor/crafting.py)
MOVE_TEXT["suit"] = lambda m: f"{m.args[0]}" if m.rule.startswith("LoR 10.") else _CRAFT_SUIT_TEXT(m)
