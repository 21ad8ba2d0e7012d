"""Vagabot (Law of Robotics section 7), all six characters (7.7).

The Vagabot's state is his board, ``FactionState.board`` (a ``VagabotState``, ``items.py``); the
item rules that other factions' battles also use (exhausting, damaging, the Battle Track, the
Arbiter) are in ``satchel.py``, reached by the shared rules through his hooks (``faction.py``). This module is his turn: setup (7.3), Birdsong (7.4), the Daylight action
sequences (7.5) and Evening (7.6), and the characters' special actions (7.7).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...core import rules as R
from . import quests as Q, satchel
from .human import taken_characters
from ...core.battle import battle, take_hits
from ...core.context import Game
from ...core.faction import SHARED
from .items import CHARACTER_TITLES, CHARACTERS, STARTING_ITEMS, TINKER_STARTING_ITEMS, VAGABOT, Item, VagabotState, forest_name, put_pawn, quest_label, ruin_choices, where
from ...core.maps import CLEARINGS
from ...core.paths import adjacent_for, distance_table, river_distance_table, riverboat_adjacent
from ...core.state import GameState
from ...core.bot import enemies_in, pieces_there, victory_points
from ...core.bot import difficulty, has_trait
from ...core.targeting import HIGHEST, Choice, Criterion, choose_clearing, choose_player, clearing_priority_key, fewest, most

FACTION = VAGABOT
full_removal = satchel.full_removal  # 7.2.1 I, for other bots' "remove all enemy pieces" effects

# 7.5 I-IV: the Daylight actions for each order suit, in order.
SEQUENCES: dict[str, tuple[str, ...]] = {
    "bird": ("explore", "quest", "aid", "battle"),
    "fox": ("explore", "battle", "special"),
    "rabbit": ("battle", "repair", "special"),
    "mouse": ("quest", "aid", "battle", "repair"),
}
SEQUENCE_RULE: dict[str, str] = {"bird": "7.5 I", "fox": "7.5 II", "rabbit": "7.5 III", "mouse": "7.5 IV"}
SLIP_AT = 2  # 7.4.3: slip with this many undamaged items or fewer
REFRESH_WITH_DAMAGE = 4  # 7.6.1
REFRESH_WITHOUT_DAMAGE = 6  # 7.6.1
QUEST_COST = 2  # 7.5.2
REPEAT_BATTLE_COST = 2  # 7.5.4
RANGER_DAMAGED = 3  # 7.7.3
SCOUNDREL_PIECES = 3  # 7.7.5


class Vagabot:
    faction = FACTION

    # -- 7.3 setup ---------------------------------------------------------------------------
    def setup(self, g: Game) -> None:
        vs = choose_character(g)
        place_pawn(g, vs)
        get_quest(g, vs)
        populate_ruins(g)
        take_starting_items(g, vs)

    # -- 7.4 Birdsong ------------------------------------------------------------------------
    def birdsong(self, g: Game) -> None:
        R.reveal_order(g, FACTION, "7.4.1")
        craft_order(g)
        slip(g)

    # -- 7.5 Daylight ------------------------------------------------------------------------
    def daylight(self, g: Game) -> None:
        if slipped(g.state):
            g.emit(FACTION, "7.4.3", "skip", "skips Daylight: he slipped in Birdsong")
            return
        take_actions(g)

    # -- 7.6 Evening -------------------------------------------------------------------------
    def evening(self, g: Game) -> None:
        evening_refresh(g)
        evening_repair(g)
        R.discard_order(g, FACTION, "7.6.3")
        if difficulty(g.state, FACTION) == "nightmare":
            R.score(g, FACTION, 1, "3.3.1", "at the end of Evening (nightmare difficulty)")


def vagabot(s: GameState, faction: str = FACTION) -> VagabotState:
    vs = s.factions[faction].board
    assert isinstance(vs, VagabotState), "the Vagabot is not set up"
    return vs


# -- setup steps (7.3) --------------------------------------------------------------------------
def choose_character(g: Game) -> VagabotState:
    """7.3.1: the character given at setup (``options["vagabot_character"]``), else a random one;
    beside a second Vagabond, one he does not play (a character is one card, LoR 9.7; ruling
    R-BBP-RR2). Without him the draw is among all six, as always."""
    s = g.state
    given = s.options.get("vagabot_character")
    taken = taken_characters(s, FACTION)
    free = tuple(c for c in CHARACTERS if c not in taken)
    if isinstance(given, str) and given in free:
        character, how = given, "as the game was set up"
    else:
        character = g.chance.pick(free, "the Vagabot's character (7.3.1)")
        how = f"at random from those the other Vagabond does not play ({', '.join(sorted(taken))} taken)" if taken else "at random"
    vs = VagabotState(character)
    s.factions[FACTION].board = vs
    g.emit(FACTION, "7.3.1", "setup", "plays the {title}, chosen {how}", title=CHARACTER_TITLES[character], how=how, character=character)
    return vs


def place_pawn(g: Game, vs: VagabotState, faction: str = FACTION) -> int:
    """7.3.2: the pawn goes in the forest touching the most clearings, at random among ties."""
    s = g.state
    forests = s.map.forests
    best = max(len(f) for f in forests)
    tied = [i for i, f in enumerate(forests) if len(f) == best]
    forest = tied[0] if len(tied) == 1 else g.chance.pick(tied, "the Vagabot's starting forest (7.3.2)")
    put_pawn(s, vs, forest=forest, faction=faction)
    how = "the only one" if len(tied) == 1 else f"at random among {len(tied)}"
    g.emit(faction, "7.3.2", "setup", "places his pawn in {forest}: it touches {n} clearings, the most ({how})", forest=forest_name(s, forest), n=best, how=how)
    return forest


def get_quest(g: Game, vs: VagabotState, faction: str = FACTION) -> None:
    """7.3.3: shuffle the quest deck and draw one quest, face up. In a game of two Vagabonds
    the two share one deck and three face-up quests (LoR 9.7.2, ruling R-TWO-VAGABONDS-QUESTS):
    the first to set up draws the three, the second none."""
    if Q.row_taken(g.state, faction):
        g.emit(faction, "LoR 9.7.2", "setup", "draws no quest: he shares the other Vagabond's quest deck and three face-up quests")
        return
    vs.quest_deck = list(range(len(g.state.deckdef.quests)))
    g.chance.shuffle(vs.quest_deck)
    if Q.two_vagabonds(g.state):
        vs.quests = [g.chance.draw(vs.quest_deck) for _ in range(Q.SHARED_FACE_UP)]
        g.emit(faction, "LoR 9.7.2", "setup", "draws the quests {quests}, face up and shared by both Vagabonds", quests=", ".join(quest_label(q) for q in vs.quests))
        return
    vs.quests = [g.chance.draw(vs.quest_deck)]
    g.emit(faction, "7.3.3", "setup", "draws the quest {quest}", quest=quest_label(vs.quests[0]))


def quest_clearings(s: GameState, faction: str, word: str) -> tuple[str, list[int]]:
    """7.5.2, BBP RR.6: what his quest move looks for (``word``: "nearest" or "closest") and the
    clearings of the face-up quest's suit; with a shared row (LoR 9.7.2), of any face-up quest's
    suit (ruling R-TWO-VAGABONDS-QUESTS)."""
    row = Q.face_up(s, faction)
    suits = {s.deckdef.quests[q].suit for q in row}
    if len(row) == 1:
        return f"the {word} {s.deckdef.quests[row[0]].suit} clearing for the quest {quest_label(row[0])}", [c for c in CLEARINGS if s.suit(c) in suits]
    labels = ", ".join(quest_label(q) for q in row)
    return f"the {word} clearing of a face-up quest's suit ({labels}; shared, LoR 9.7.2)", [c for c in CLEARINGS if s.suit(c) in suits]


def quest_in(s: GameState, faction: str, c: int) -> int:
    """The face-up quest he completes in ``c``: the first of the row of its suit (ruling
    R-TWO-VAGABONDS-QUESTS; with one face-up quest, that one)."""
    return next(q for q in Q.face_up(s, faction) if s.deckdef.quests[q].suit == s.suit(c))


def complete_quest(g: Game, faction: str, q: int) -> None:
    """7.5.2, BBP RR.6: the quest leaves the face-up row for his discard."""
    vs = g.state.factions[faction].board
    assert isinstance(vs, VagabotState)
    Q.face_up(g.state, faction).remove(q)
    vs.quest_discard.append(q)


def draw_quest(g: Game, faction: str, rule: str) -> None:
    """7.5.2, BBP RR.6: a new quest, face up, from the quest deck (the shared one in a game of
    two, LoR 9.7.2); none once it is spent (ruling R-VAGABOT-QUESTS)."""
    deck = Q.deck(g.state, faction)
    if not deck:
        g.emit(faction, rule, "no_quest", "draws no new quest: the quest deck is spent")
        return
    row = Q.face_up(g.state, faction)
    row.append(g.chance.draw(deck))
    g.emit(faction, rule, "new_quest", "draws the quest {quest}", quest=quest_label(row[-1]))


def populate_ruins(g: Game, faction: str = FACTION) -> None:
    """7.3.4: the four items marked R, one at random under each ruin."""
    s = g.state
    left = list(s.deckdef.ruin_items)
    for c in CLEARINGS:
        cl = s.clearings[c]
        if not cl.ruin or not left:
            continue
        item = left[0] if len(left) == 1 else g.chance.pick(left, f"the item under the ruin in {c} (7.3.4)")
        left.remove(item)
        s.item_box[item] -= 1
        cl.ruin_items.append(item)
        g.emit(faction, "7.3.4", "setup", "places an item under the ruin in {c}", c=c, item=item)


def take_starting_items(g: Game, vs: VagabotState, faction: str = FACTION) -> None:
    """7.3.5: four items marked S in the Satchel, three for the Tinker (ruling R-VAGABOT-ITEMS)."""
    s = g.state
    n = TINKER_STARTING_ITEMS if vs.character == "tinker" else len(STARTING_ITEMS)
    for kind in STARTING_ITEMS[:n]:
        if s.item_box.get(kind, 0) <= 0:  # a human Vagabond who set up first took it (LoR 9.7.1, 1.5.4)
            g.emit(faction, "7.3.5", "skip", "finds no {item} left in the box (LoR 1.5.4)", item=kind)
            continue
        s.item_box[kind] -= 1
        satchel.gain(g, faction, kind, "7.3.5", "from the box")


# -- Birdsong (7.4) -------------------------------------------------------------------------------
def craft_item(g: Game, cid: int, rule: str, faction: str = FACTION) -> bool:
    """Craft a card's item without crafting pieces (1.1.1): it goes face up into the Satchel
    (7.2.3), and scores one VP (1.1.2)."""
    s = g.state
    card = s.deckdef.card(cid)
    if card.kind != "item" or card.item is None:  # 1.1.3: items only, no persistent effects
        return False
    if s.item_supply.get(card.item, 0) <= 0:
        g.emit(faction, "1.1.1", "craft_skipped", "cannot craft {card}: no {item} left in the supply", card=card.label(), item=card.item)
        return False
    s.item_supply[card.item] -= 1
    vs = vagabot(s, faction)
    vs.items.append(Item(card.item))
    moves = satchel.settle_track(vs)
    g.emit(faction, rule, "craft", "crafts {card}: the {item} goes face up into his Satchel (no crafting pieces needed, 1.1.1)", card=card.label(), item=card.item)
    satchel.announce_track(g, faction, moves)
    R.score(g, faction, 1, "1.1.2", f"for crafting an item (the card lists {card.vp})")
    return True


def craft_order(g: Game) -> bool:
    """7.4.2: craft the order card's item if the supply has one."""
    fs = g.state.factions[FACTION]
    if fs.order is None:
        return False
    return craft_item(g, SHARED.services.bot_crafting(g, FACTION, fs.order), "7.4.2")  # 9.7: a Hand Card may replace it


def adjacent_forests(s: GameState, vs: VagabotState) -> list[int]:
    """The forests next to the pawn: those a clearing touches, or those bordering his forest."""
    if vs.clearing is not None:
        return list(s.map.forests_of(vs.clearing))
    out = {b for a, b in s.map.forest_adjacency if a == vs.forest} | {a for a, b in s.map.forest_adjacency if b == vs.forest}
    return sorted(out)


def slip_into_forest(g: Game, rule: str, reason: str, faction: str = FACTION) -> int | None:
    """Move the pawn into a random adjacent forest (7.4.3, 7.7.3); no item is exhausted."""
    s = g.state
    vs = vagabot(s, faction)
    if vs.clearing is not None and R.snare_stops(g, faction, vs.clearing, "slip out of"):
        return None  # 11.8.2: the snare is removed instead of this move
    options = adjacent_forests(s, vs)
    forest = options[0] if len(options) == 1 else g.chance.pick(options, f"the forest the Vagabot slips into ({rule})")
    origin = where(s, vs)
    put_pawn(s, vs, forest=forest, faction=faction)
    g.emit(faction, rule, "slip", "slips from {a} into {b} {reason}", a=origin, b=forest_name(s, forest), reason=reason, forest=forest)
    return forest


def slipped(s: GameState) -> bool:
    """7.4.3: the Slip condition. Nothing changes his items between Slip and Daylight, so Daylight
    asks the same question to know whether he slipped."""
    return vagabot(s).undamaged() <= SLIP_AT


def slip(g: Game) -> bool:
    """7.4.3: with two or fewer undamaged items, slip into a random adjacent forest and skip
    Daylight."""
    vs = vagabot(g.state)
    u = vs.undamaged()
    if u > SLIP_AT:
        return False
    slip_into_forest(g, "7.4.3", f"with only {u} undamaged item{'' if u == 1 else 's'}")
    return True


# -- Daylight (7.5): moving to the nearest clearing ------------------------------------------------------
def neighbours(s: GameState, vs: VagabotState, faction: str = FACTION) -> tuple[int, ...]:
    """Clearings one move away: along paths from a clearing, or any clearing of his forest."""
    if vs.forest is not None:
        return s.map.forests[vs.forest]
    assert vs.clearing is not None
    if rivers(s, faction):  # Riverboats (9.2.3 II), or the Advanced Services card (9.7): rivers are paths
        return riverboat_adjacent(s, faction, vs.clearing)
    if s.services:
        return adjacent_for(s, faction, vs.clearing)
    return s.map.adjacent[vs.clearing]


def rivers(s: GameState, faction: str = FACTION) -> bool:
    """Rivers are paths for him as he targets clearings for any action: Riverboats bought, or
    the Advanced Services card while he could buy them (9.7)."""
    return (bool(s.services) and s.has_service(faction, "riverboats")) or SHARED.services.bot_rivers_as_paths(s, faction)


def distances(s: GameState, faction: str = FACTION) -> Sequence[Sequence[int]]:
    if rivers(s, faction):
        return river_distance_table(s)
    return distance_table(s, faction) if s.services else s.map.distance


def moves_to(s: GameState, vs: VagabotState, c: int, faction: str = FACTION) -> int:
    """7.5: moves needed to reach ``c`` (one per path; from a forest, one into a clearing of it)."""
    dist = distances(s, faction)
    if vs.forest is not None:
        return 1 + min(dist[a][c] for a in s.map.forests[vs.forest])
    assert vs.clearing is not None
    return dist[vs.clearing][c]


def nearest(g: Game, what: str, candidates: list[int], rule: str, *tiebreaks: Criterion) -> Choice:
    """7.5 "nearest": fewest moves, then the action's tie-breakers, then highest priority (2.1)."""
    s = g.state
    vs = vagabot(s)
    return choose_clearing(
        s,
        what,
        candidates,
        [fewest("fewest moves", lambda c: moves_to(s, vs, c), rule), *tiebreaks],
    )


def path_to(s: GameState, vs: VagabotState, target: int, faction: str = FACTION) -> list[int]:
    """A shortest way to ``target``: at each step the highest-priority clearing that is still on a
    shortest path (ruling R-VAGABOT-PATH)."""
    dist = distances(s, faction)
    path: list[int] = []
    here = VagabotState(vs.character, vs.clearing, vs.forest)
    while here.clearing != target:
        left = moves_to(s, here, target, faction)
        on_way = [c for c in neighbours(s, here, faction) if dist[c][target] == left - 1]
        step = min(on_way, key=lambda c: clearing_priority_key(s, c, HIGHEST))
        path.append(step)
        here.clearing, here.forest = step, None
    return path


def travel(g: Game, target: int, rule: str, why: Callable[[], str], faction: str = FACTION) -> bool:
    """7.5: stay if already there; else move along a shortest path, exhausting one item per move.
    He stops where he is when no face-up item is left (ruling R-VAGABOT-SHORT). Returns whether he
    reached ``target``."""
    s = g.state
    vs = vagabot(s, faction)
    path = path_to(s, vs, target, faction)
    if not path:
        return True
    route = " → ".join([where(s, vs), *map(str, path)])
    for step in path:
        river = vs.clearing is not None and step not in s.map.adjacent[vs.clearing]  # 9.7: along a river
        if not river and not vs.ready():  # no item to exhaust: no move, so nothing for a snare to cancel
            g.emit(faction, rule, "stop", "stops in {c}: no face-up item left to move on toward {target}", c=where(s, vs), target=target)
            return False
        if vs.clearing is not None and R.snare_stops(g, faction, vs.clearing, f"move toward {target} out of", why):
            return False  # 11.8.2: the snare is removed instead of this move (no item spent, R-SNARE)
        if river and not SHARED.services.bot_by_river(g, faction, vs.clearing, step):
            g.emit(faction, rule, "stop", "stops in {c}: it cannot buy Riverboats to go on along the river toward {target}", c=where(s, vs), target=target)
            return False
        if not river:
            satchel.exhaust(g, faction, 1, rule, f"to move to {step}")
        origin = where(s, vs)
        put_pawn(s, vs, clearing=step, faction=faction)
        # No Outrage: it follows warriors moving into sympathy (LoR 8.2.6), and the pawn is none (7.2.1).
        how = "; along a river with Riverboats, no item exhausted (Advanced Services for the Vagabot)" if river else ""
        g.emit(faction, rule, "move_pawn", "moves from {a} to {b}", lambda how=how: f"{why()}; way: {route}{how}", a=origin, b=step)
    return True


def take_actions(g: Game) -> None:
    """7.5: the order card's actions in turn, until they are done or no face-up item is left."""
    s = g.state
    suit = R.order_suit(s, FACTION)
    actions = SEQUENCES[suit]
    g.emit(FACTION, SEQUENCE_RULE[suit], "sequence", "{suit} order: {actions}", suit=suit, actions=", ".join(a.capitalize() for a in actions))
    for action in actions:
        if not vagabot(s).ready():
            g.emit(FACTION, "7.5", "daylight_ends", "has no face-up item left: Daylight ends before {action}", action=action.capitalize())
            break
        ACTIONS[action](g)
    adventurer_quests(g)


def adventurer_quests(g: Game) -> None:
    """Trait Adventurer: at the end of Daylight, Quest again as long as a quest gets completed."""
    s = g.state
    vs = vagabot(s)
    if not has_trait(s, FACTION, "adventurer"):
        return
    while Q.face_up(s, FACTION) and len(vs.ready()) >= QUEST_COST:
        done = len(vs.quest_discard)
        g.emit(FACTION, "3.3.2", "adventurer", "Adventurer: quests again at the end of Daylight")
        quest(g)
        if len(vs.quest_discard) == done:
            return


def explorable(s: GameState, faction: str, limited: bool = True) -> list[int]:
    """7.5.1, BBP RR.5: the ruins with an item he may take (LoR 9.7.3: not an R item of a kind he
    holds marked R; ruling R-TWO-VAGABONDS-RUINS). ``limited`` False: the Robot Raccoon, whose
    RR.5 takes every item (ruling R-BBP-RR2)."""
    vs = s.factions[faction].board
    return [c for c in CLEARINGS if s.clearings[c].ruin and (ruin_choices(vs, list(s.clearings[c].ruin_items)) if limited else s.clearings[c].ruin_items)]


def take_from_ruin(g: Game, faction: str, c: int, rule: str, limited: bool = True) -> str:
    """The item he takes from the ruin in ``c``: of two he may take, one at random, since the bot
    holds all items alike (7.2.3) and 7.5.1 takes a random one (LoR 9.7.3 lets the explorer
    choose; ruling R-TWO-VAGABONDS-RUINS)."""
    under = list(g.state.clearings[c].ruin_items)
    choices = ruin_choices(g.state.factions[faction].board, under) if limited else under
    return choices[0] if len(choices) == 1 else g.chance.pick(choices, f"the item taken from the ruin in {c} ({rule})")


def explore_ruin(g: Game, faction: str, c: int, rule: str, explain: Callable[[], str], limited: bool = True) -> None:
    """Take an item from the ruin in ``c`` (:func:`take_from_ruin`), reveal and gain it; the ruin
    goes once its last item is taken (7.5.1; the Robot Raccoon's BBP RR.5 the same way)."""
    s = g.state
    cl = s.clearings[c]
    item = take_from_ruin(g, faction, c, rule, limited)
    g.emit(faction, rule, "explore", "explores the ruin in {c} and reveals {item:an item}", explain, c=c, item=item)
    cl.ruin_items.remove(item)
    satchel.gain(g, faction, item, rule, f"from the ruin in {c}", ruin=Q.two_vagabonds(s))
    if not cl.ruin_items:
        cl.ruin = False
        g.emit(faction, rule, "remove_ruin", "removes the ruin in {c}: its last item is taken", c=c)


# -- 7.5.1 Explore -----------------------------------------------------------------------------------------
def explore(g: Game) -> None:
    """7.5.1: move to the nearest ruin, exhaust an item, take a random item from under it; the
    ruin goes once empty. No VP."""
    s = g.state
    ruins = explorable(s, FACTION)
    if not ruins:
        if any(s.clearings[c].ruin_items for c in CLEARINGS):  # only with two Vagabonds (LoR 9.7.3)
            g.emit(FACTION, "7.5.1", "skip", "does not explore: the ruins left hold only items of kinds he holds marked R (LoR 9.7.3)")
        else:
            g.emit(FACTION, "7.5.1", "skip", "does not explore: no ruin with an item is left")
        return
    choice = nearest(g, "the nearest ruin", ruins, "7.5.1")
    c = choice.target
    assert c is not None
    if not travel(g, c, "7.5.1", choice.explain):
        return
    if satchel.exhaust(g, FACTION, 1, "7.5.1", f"to explore the ruin in {c}") == 0:
        g.emit(FACTION, "7.5.1", "skip", "cannot explore in {c}: no face-up item left", c=c)
        return
    explore_ruin(g, FACTION, c, "7.5.1", choice.explain)


# -- 7.5.2 Quest -------------------------------------------------------------------------------------------
def quest(g: Game) -> None:
    """7.5.2: move to the nearest clearing of the quest's suit, exhaust two items (any), discard
    the quest, score one VP, draw a new quest."""
    s = g.state
    vs = vagabot(s)
    if not Q.face_up(s, FACTION):
        g.emit(FACTION, "7.5.2", "skip", "does not quest: the quest deck is spent (ruling R-VAGABOT-QUESTS)")
        return
    choice = nearest(g, *quest_clearings(s, FACTION, "nearest"), "7.5.2")
    c = choice.target
    assert c is not None
    if not travel(g, c, "7.5.2", choice.explain):
        return
    q = quest_in(s, FACTION, c)
    label = quest_label(q)
    ready = len(vs.ready())
    if ready < QUEST_COST:
        g.emit(FACTION, "7.5.2", "skip", "cannot complete {quest} in {c}: it takes two face-up items and he has {n}", quest=label, c=c, n=ready)
        return
    satchel.exhaust(g, FACTION, QUEST_COST, "7.5.2", f"to complete {label}")
    complete_quest(g, FACTION, q)
    g.emit(FACTION, "7.5.2", "quest", "completes the quest {quest} in {c} (its items and text are ignored)", choice.explain, quest=label, c=c)
    R.score(g, FACTION, 1, "7.5.2", "for completing a quest")
    draw_quest(g, FACTION, "7.5.2")


# -- 7.5.3 Aid ---------------------------------------------------------------------------------------------
def aid(g: Game) -> None:
    """7.5.3: aid the player in his clearing with crafted items and the fewest VP: exhaust up to
    that many items, take as many, score as many; a human draws as many cards, a bot scores one VP
    (2.8.1; ruling R-VAGABOT-AID)."""
    s = g.state
    vs = vagabot(s)
    if vs.clearing is None:
        g.emit(FACTION, "7.5.3", "skip", "does not aid: he is in a forest")
        return
    c = vs.clearing
    choice = choose_player(
        s,
        f"whom to aid in {c} (players there with crafted items)",
        # a player, not an enemy: he aids bots too, teammates in cooperative play included (7.5.3)
        [f for f in sorted(s.clearings[c].factions_present()) if f != FACTION and s.factions[f].items],
        [fewest("fewest VP", victory_points(s), "7.5.3")],
    )
    target = choice.target
    if target is None:
        g.emit(FACTION, "7.5.3", "skip", "does not aid: nobody in {c} has a crafted item", c=c)
        return
    if not vs.ready():
        g.emit(FACTION, "7.5.3", "skip", "cannot aid {target}: no face-up item left", target=target)
        return
    tfs = s.factions[target]
    n = satchel.exhaust(g, FACTION, len(tfs.items), "7.5.3", f"to aid {target}")
    taken = tfs.items[:n]  # the oldest crafted first (ruling R-VAGABOT-AID)
    g.emit(FACTION, "7.5.3", "aid", "aids {target} in {c} and takes {n} item{pl}: {items}", choice.explain, target=target, c=c, n=n, pl="s" if n > 1 else "", items=", ".join(taken))
    for kind in taken:
        tfs.items.remove(kind)
        satchel.gain(g, FACTION, kind, "7.5.3", f"from {target}'s Crafted Items box")
    R.score(g, FACTION, n, "7.5.3", f"for aiding {target} with {n} item{'s' if n > 1 else ''}")
    helper = has_trait(s, FACTION, "helper")
    if helper:
        R.score(g, FACTION, 1, "3.3.2", "for the aid (Helper)")
    if tfs.is_bot:
        R.score(g, target, 1, "7.5.3", "for being aided (a bot draws no cards, 2.8.1)")
        return
    cards = 2 * n if helper else n  # Helper: two cards for each one (ruling R-TRAIT-VAGABOT)
    cards = sum(1 for _ in range(cards) if R.draw_into_hand(g, target))  # LoR 1.5.4
    g.emit(target, "7.5.3", "draw", "draws {n} card{pl} for being aided", n=cards, pl="s" if cards > 1 else "")


# -- 7.5.4 Battle ------------------------------------------------------------------------------------------
def has_pieces(s: GameState, f: str) -> bool:
    return any(s.clearings[c].pieces_of(f) for c in CLEARINGS)


def battle_target(g: Game) -> Choice:
    """7.5.4: the player with the most VP (who has a piece on the map, 2.3)."""
    s = g.state
    return choose_player(
        s,
        "whom to battle",
        [f for f in s.turn_order if s.is_enemy(FACTION, f)],  # cooperative play: never another bot
        [most("most VP", victory_points(s), "7.5.4")],
        legal=lambda f: None if has_pieces(s, f) else "no pieces on the map",
    )


def battle_action(g: Game) -> None:
    """7.5.4: move to the nearest clearing with that player's pieces (ties: most of its buildings
    and tokens, I; fewest of its warriors, II), exhaust an item and battle it; while any of its
    pieces remain there, battle again for two items each. One VP per enemy warrior removed."""
    s = g.state
    vs = vagabot(s)
    defender: str | None  # typed for the compiled build: None when no one has a piece on the map
    if has_trait(s, FACTION, "berserker"):
        berserker_target = berserker_battle_target(g)
        if berserker_target is None:
            return
        target, defender, choice = berserker_target
    else:
        target = battle_target(g)
        defender = target.target
        if defender is None:
            g.emit(FACTION, "7.5.4", "skip", "does not battle: no other player has a piece on the map")
            return
        cands = [c for c in CLEARINGS if s.clearings[c].pieces_of(defender)]
        choice = nearest(
            g,
            f"the nearest clearing with pieces of {defender}",
            cands,
            "7.5.4",
            most(f"most {defender} buildings and tokens", lambda c: s.clearings[c].buildings_of(defender) + s.clearings[c].tokens_of(defender), "7.5.4 I"),
            fewest(f"fewest {defender} warriors", lambda c: s.warriors(defender, c), "7.5.4 II"),
        )
    c = choice.target
    assert c is not None
    why = lambda: f"{target.explain()}; {choice.explain()}"  # noqa: E731
    if not travel(g, c, "7.5.4", why):
        return
    cost = 1
    while True:
        if len(vs.ready()) < cost:
            g.emit(FACTION, "7.5.4", "stop", "does not battle {again}in {c}: it takes {cost} face-up item{pl} and he has {n}", again="again " if cost > 1 else "", c=c, cost=cost, pl="s" if cost > 1 else "", n=len(vs.ready()))
            return
        satchel.exhaust(g, FACTION, cost, "7.5.4", f"to battle {defender}" + (" again" if cost > 1 else ""))
        if not marksman_shot(g, defender, c):
            return
        result = battle(g, FACTION, defender, c, "7.5.4", why=why if cost == 1 else None)
        removed = result.warriors_removed[0]
        if removed:
            R.score(g, FACTION, removed, "7.5.4", f"for removing {removed} enemy warrior{'s' if removed > 1 else ''}")
        if not s.clearings[c].pieces_of(defender):
            return
        if has_trait(s, FACTION, "adventurer"):
            g.emit(FACTION, "3.3.2", "stop", "battles no more this turn (Adventurer: one battle a turn)")
            return
        cost = REPEAT_BATTLE_COST


def berserker_battle_target(g: Game) -> tuple[Choice, str, Choice] | None:
    """Trait Berserker: the nearest clearing with the most pieces (of other players), against the
    player with the most pieces there (ruling R-TRAIT-VAGABOT)."""
    s = g.state
    cands = [c for c in CLEARINGS if s.enemy_pieces(FACTION, c)]
    if not cands:
        g.emit(FACTION, "3.3.2", "skip", "does not battle: no other player has a piece on the map (Berserker)")
        return None
    top = max(s.enemy_pieces(FACTION, c) for c in cands)
    choice = nearest(g, "Berserker: the nearest clearing with the most enemy pieces", [c for c in cands if s.enemy_pieces(FACTION, c) == top], "Berserker, 3.3.2")
    c = choice.target
    assert c is not None
    target = choose_player(s, f"Berserker: whom to battle in {c}", enemies_in(s, FACTION, c), [most("most pieces there", pieces_there(s, c), "Berserker, 3.3.2")])
    assert target.target is not None
    return target, target.target, choice


def marksman_shot(g: Game, defender: str, c: int) -> bool:
    """Trait Marksman: as attacker, one immediate hit before rolling; a warrior it removes scores
    as in 7.5.4. Returns whether the defender still has pieces there to battle."""
    s = g.state
    if not has_trait(s, FACTION, "marksman"):
        return True
    g.emit(FACTION, "3.3.2", "marksman", "Marksman: deals an immediate hit to {defender} in {c} before rolling", defender=defender, c=c)
    if take_hits(g, defender, c, 1, by=FACTION):
        R.score(g, FACTION, 1, "7.5.4", "for removing an enemy warrior (Marksman)")
    return bool(s.clearings[c].pieces_of(defender))


# -- 7.5.5 Repair, 7.5.6 Special --------------------------------------------------------------------------
def repair_action(g: Game) -> None:
    """7.5.5: with a damaged item, exhaust one item to repair one, face-up damaged items first."""
    vs = vagabot(g.state)
    if not vs.damaged():
        g.emit(FACTION, "7.5.5", "skip", "does not repair: no item is damaged")
        return
    if not vs.ready():
        g.emit(FACTION, "7.5.5", "skip", "cannot repair: no face-up item left")
        return
    satchel.exhaust(g, FACTION, 1, "7.5.5", "to repair")
    satchel.repair(g, FACTION, 1, "7.5.5", "(face-up damaged items first)")


def special(g: Game, faction: str = FACTION) -> None:
    """7.5.6: exhaust one item for the character's action; skipped if it would do nothing."""
    vs = vagabot(g.state, faction)
    if not vs.ready():
        g.emit(faction, "7.5.6", "skip", "cannot take his special action: no face-up item left")
        return
    SPECIALS[vs.character](g, faction)


def _pay_special(g: Game, title: str, faction: str = FACTION) -> None:
    satchel.exhaust(g, faction, 1, "7.5.6", f"for his special action ({title})")


def thief(g: Game, faction: str = FACTION) -> None:
    """7.7.1: a random card from the enemy here with the most VP (tie: most pieces here). Only a
    player with cards can lose one (2.3); a bot holds no card, so the stolen card is discarded, and
    he scores nothing: 2.8.1 scores a card given to a bot, not one it takes (ruling R-VAGABOT-THIEF)."""
    s = g.state
    vs = vagabot(s, faction)
    if vs.clearing is None:
        g.emit(faction, "7.7.1", "skip", "skips his special action: he is in a forest")
        return
    c = vs.clearing
    choice = choose_player(
        s,
        f"whom to steal from in {c}",
        enemies_in(s, faction, c),
        [most("most VP", victory_points(s), "7.7.1"), most("most pieces there", pieces_there(s, c), "7.7.1")],
        legal=lambda f: None if s.factions[f].hand else "no cards in hand",
    )
    victim = choice.target
    if victim is None:
        g.emit(faction, "7.7.1", "skip", "skips his special action: nobody in {c} has a card to steal", choice.explain, c=c)
        return
    _pay_special(g, "Thief", faction)
    hand = s.factions[victim].hand
    card = g.chance.pick(list(hand), f"the card the Thief takes from {victim} (7.7.1)")
    hand.remove(card)
    with R.told_after(g):
        R.discard(g, card)
        g.emit(faction, "7.7.1", "steal", "takes {card} from {victim} at random; a bot keeps no card, so it is discarded, and he scores nothing: 2.8.1 scores a card given to a bot, not one taken", choice.explain, card=s.deckdef.card(card).label(), victim=victim)


def tinker(g: Game, faction: str = FACTION) -> None:
    """7.7.2: craft the topmost card of the discard pile that shows an available item (one VP)."""
    s = g.state
    for cid in reversed(s.discard):
        card = s.deckdef.card(cid)
        if card.kind == "item" and card.item is not None and s.item_supply.get(card.item, 0) > 0:
            _pay_special(g, "Tinker", faction)
            g.emit(faction, "7.7.2", "salvage", "finds {card} in the discard pile: the topmost card with an available item", card=card.label())
            craft_item(g, cid, "7.7.2", faction)
            return
    g.emit(faction, "7.7.2", "skip", "skips his special action: no card in the discard pile shows an available item")


def ranger(g: Game, faction: str = FACTION) -> None:
    """7.7.3: with three or more damaged items, slip into a random adjacent forest."""
    vs = vagabot(g.state, faction)
    d = vs.damaged()
    if d < RANGER_DAMAGED:
        g.emit(faction, "7.7.3", "skip", "skips his special action: only {d} damaged item{pl}", d=d, pl="" if d == 1 else "s")
        return
    _pay_special(g, "Ranger", faction)
    slip_into_forest(g, "7.7.3", f"with {d} damaged items", faction)


def vagrant(g: Game, faction: str = FACTION) -> None:
    """7.7.4: start a battle in his clearing between two other players, the attacker and then the
    defender chosen by setup priority (2.2); he removes the pieces for both sides (ruling
    R-VAGRANT)."""
    s = g.state
    vs = vagabot(s, faction)
    if vs.clearing is None:
        g.emit(faction, "7.7.4", "skip", "skips his special action: he is in a forest")
        return
    c = vs.clearing
    others = enemies_in(s, faction, c)
    attacker = choose_player(
        s,
        f"the attacker in {c}",
        others,
        legal=lambda f: None if s.warriors(f, c) and any(d != f for d in others) else "no warriors there or nobody to attack",
    )
    if attacker.target is None:
        g.emit(faction, "7.7.4", "skip", "skips his special action: no battle can be started in {c}", attacker.explain, c=c)
        return
    a = attacker.target
    # Cooperative play: bots do not fight each other, so a bot attacker gets a human defender.
    defenders = [f for f in others if f != a and (not s.cooperative() or s.is_enemy(a, f))]
    defender = choose_player(s, f"the defender in {c}", defenders)
    d = defender.target
    if d is None:
        g.emit(faction, "7.7.4", "skip", "skips his special action: no defender for {a} in {c} (cooperative play)", a=a, c=c)
        return
    _pay_special(g, "Vagrant", faction)
    g.emit(faction, "7.7.4", "instigate", "starts a battle in {c}: {a} attacks {d}", lambda: f"{attacker.explain()}; {defender.explain()}", c=c, a=a, d=d)
    battle(g, a, d, c, "7.7.4", instigator=faction)


def scoundrel_can(s: GameState, c: int, faction: str = FACTION) -> str | None:
    """7.7.5's condition: three or more enemy pieces, one a building or token, and a slot the
    item can cover once they are gone (ruling R-SCOUNDREL). None if it holds, else why not."""
    cl = s.clearings[c]
    if s.enemy_pieces(faction, c) < SCOUNDREL_PIECES:
        return f"only {s.enemy_pieces(faction, c)} enemy pieces in {c}"
    if not any(s.is_enemy(faction, f) for f, _ in cl.buildings + cl.tokens):  # teammates are no enemies (cooperative play)
        return f"no enemy building or token in {c}"
    if s.map.slots[c] - (1 if cl.ruin else 0) - len(cl.slot_items) <= 0:
        return f"no building slot in {c} for his item"
    return None


def scoundrel_item(vs: VagabotState) -> Item:
    """Which item covers the slot (7.7.5 "any one"): a damaged one if he has one, else an exhausted
    one, else a face-up one; Satchel before Battle Track (ruling R-SCOUNDREL)."""
    return min(vs.items, key=lambda i: (i.track > 0, not i.damaged, not i.exhausted))


def scoundrel(g: Game, faction: str = FACTION) -> None:
    """7.7.5: with three or more enemy pieces here, one a building or token, remove all of them,
    cover a building slot with one of his items and score one VP."""
    s = g.state
    vs = vagabot(s, faction)
    if vs.clearing is None:
        g.emit(faction, "7.7.5", "skip", "skips his special action: he is in a forest")
        return
    c = vs.clearing
    why_not = scoundrel_can(s, c, faction)
    if why_not is not None:
        g.emit(faction, "7.7.5", "skip", "skips his special action: {reason}", reason=why_not)
        return
    _pay_special(g, "Scoundrel", faction)
    cl = s.clearings[c]
    g.emit(faction, "7.7.5", "scorched_earth", "removes all enemy pieces in {c}", c=c)
    for f in sorted(f for f in cl.factions_present() if s.is_enemy(faction, f)):
        R.remove_warriors(g, f, c, cl.warriors.get(f, 0), "7.7.5", by=faction)
        for kind in [k for o, k in cl.tokens + cl.buildings if o == f]:
            R.remove_piece(g, f, c, kind, "7.7.5", by=faction)
    item = scoundrel_item(vs)
    vs.items.remove(item)
    cl.slot_items.append(item.kind)
    moves = satchel.settle_track(vs)
    g.emit(faction, "7.7.5", "cover_slot", "places {item:an item} ({state}) in {c}, covering a building slot", item=item.kind, state=item.state_words(), c=c)
    satchel.announce_track(g, faction, moves)
    R.score(g, faction, 1, "7.7.5", "for his special action (Scoundrel)")


def arbiter(g: Game, faction: str = FACTION) -> None:
    """7.7.6: the Arbiter's card gives a battle ability and no action, so his Special does nothing
    and is skipped (7.5.6; ruling R-ARBITER-SPECIAL)."""
    g.emit(faction, "7.7.6", "skip", "skips his special action: the Arbiter's card has no action, only enlisting in battle")


# -- Evening (7.6) ------------------------------------------------------------------------------------------
def evening_refresh(g: Game) -> None:
    """7.6.1: refresh four undamaged items with any damaged item, six with none."""
    vs = vagabot(g.state)
    n = REFRESH_WITH_DAMAGE if vs.damaged() else REFRESH_WITHOUT_DAMAGE
    n += {"easy": -1, "challenging": 1, "nightmare": 1}.get(difficulty(g.state, FACTION), 0)  # 3.3.1
    satchel.refresh(g, FACTION, n, "7.6.1")


def evening_repair(g: Game) -> None:
    """7.6.2: repair everything in a forest, else one item; face-up items before exhausted ones."""
    vs = vagabot(g.state)
    if not vs.damaged():
        return
    if vs.forest is not None:
        satchel.repair(g, FACTION, vs.damaged(), "7.6.2", "in a forest")
    elif has_trait(g.state, FACTION, "berserker"):
        satchel.repair(g, FACTION, 2, "3.3.2", f"in clearing {vs.clearing} (Berserker: one more)")
    else:
        satchel.repair(g, FACTION, 1, "7.6.2", f"in clearing {vs.clearing}")


ACTIONS: dict[str, Callable[[Game], None]] = {
    "explore": explore,
    "quest": quest,
    "aid": aid,
    "battle": battle_action,
    "repair": repair_action,
    "special": special,
}
SPECIALS: dict[str, Callable[[Game, str], None]] = {  # each takes the Vagabond seat playing it
    "thief": thief,
    "tinker": tinker,
    "ranger": ranger,
    "vagrant": vagrant,
    "scoundrel": scoundrel,
    "arbiter": arbiter,
}
