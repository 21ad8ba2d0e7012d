"""The Vagabond by the Law of Root (LoR 9, characters LoR 26), for a seat played by legal moves:
setup (LoR 9.3), Birdsong (refresh, slip; LoR 9.4), Daylight (actions by exhausting items;
LoR 9.5) and Evening (rest, draw, hand limit, item capacity; LoR 9.6). His board, battles and what
others' effects do to him are ``human.py``'s (``VagabondBoard``); this module names the faction it
plays (``vagabot``, or ``vagabond2`` for a second Vagabond) and never imports ``faction.py``."""

from __future__ import annotations

from functools import cache

from ...core.battle import battle
from ...core.context import Game
from ...core.faction import rules_of
from ...core.lor.battling import defenders
from ...core.lor.cards import ask_card, card_label, move_card, discard_down, draw, evening_draw, matching, suit_matches
from ...core.lor.crafting import craft, craft_moves
from ...core.lor.dominance import ACTIVATE_VP
from ...core.lor.effects import daylight_start, evening_start
from ...core.lor.offers import offer_between_steps
from ...core.lor.moving import destinations
from ...core.lor.turn import apply_free_daylight, free_daylight_moves, start_of_birdsong
from ...core.maps import CLEARINGS
from ...core.moves import DONE, MOVE_TEXT, NO, Move, ask, yes_no
from ...core.paths import move_destinations
from ...core.rules import closed, give_card_to_bot, move_warriors, one_removal, remove_piece, remove_warriors, score, snared
from ...core.state import GameState
from .human import ALLIED, HOSTILE, OPTIONS, HUMAN_CHARACTERS, RELATION_NAMES, TRACKED, VagabondBoard, VagabondItem, board_of, place_pawn, taken_characters, where
from . import quests as Q
from .items import check_characters, forest_name, load_item_box, quest_label

FACTION = "vagabot"  # the first Vagabond's faction name (the second's is ``vagabond2``)
VAGABONDS = tuple(OPTIONS)  # the Vagabonds' faction names, human or bot: no relationship with each other
REFRESH, REFRESH_PER_TEA = 3, 2  # LoR 9.4.1
ITEM_LIMIT, LIMIT_PER_BAG = 6, 2  # LoR 9.6.4
QUESTS_FACE_UP = 3  # LoR 9.3.3
# LoR 9.2.9.1: Aids in one turn to reach the next space, and its VP (ruling R-VAGABOND-TRACK)
AID_COST: tuple[int, ...] = (1, 2, 3)
STEP_VP: tuple[int, ...] = (1, 2, 2)
ALLY_AID_VP = 2  # LoR 9.2.9.2.1
STARTING: dict[str, tuple[str, ...]] = {  # LoR 26.x.1
    "thief": ("boots", "torch", "tea", "sword"),
    "tinker": ("boots", "torch", "bag", "hammer"),
    "ranger": ("boots", "torch", "crossbow", "sword"),
    "vagrant": ("coins", "torch", "boots"),
    "arbiter": ("boots", "torch", "sword", "sword"),
    "scoundrel": ("boots", "boots", "torch", "crossbow"),
    "adventurer": ("boots", "torch", "hammer"),
    "harrier": ("coins", "torch", "sword", "crossbow"),
    "ronin": ("boots", "boots", "torch", "sword"),
}
SPECIAL_RULE: dict[str, str] = {  # the characters whose special action is a Daylight action (LoR 9.5.9)
    "thief": "LoR 26.1.2", "tinker": "LoR 26.2.2", "ranger": "LoR 26.3.2", "vagrant": "LoR 26.4.2",
    "scoundrel": "LoR 26.6.2", "harrier": "LoR 26.8.2",
}


def vboard(g: Game, f: str) -> VagabondBoard:
    vb = board_of(g.state, f)
    assert vb is not None, f"{f} has no Vagabond board"
    return vb


# -- items (LoR 9.2.5) -----------------------------------------------------------------------------
def ready(vb: VagabondBoard, kind: str) -> int:
    """Face-up undamaged items of ``kind``: those he may exhaust."""
    return sum(1 for i in vb.items if i.kind == kind and not i.exhausted and not i.damaged)


def ready_kinds(vb: VagabondBoard) -> list[str]:
    return sorted({i.kind for i in vb.items if not i.exhausted and not i.damaged})


def exhaust(g: Game, f: str, kind: str, rule: str, why: str, n: int = 1) -> None:
    vb = vboard(g, f)
    for _ in range(n):
        item = next(i for i in vb.items if i.kind == kind and not i.exhausted and not i.damaged)
        item.exhausted = True
        g.emit(f, rule, "exhaust", "exhausts {item:an item} {reason}", item=kind, reason=why)


def gain(g: Game, f: str, kind: str, rule: str, source: str) -> None:
    """A gained item goes face up to his Satchel or its track (LoR 9.2.5.1-9.2.5.2)."""
    vboard(g, f).items.append(VagabondItem(kind))
    where_to = "its track" if kind in TRACKED else "his Satchel"
    g.emit(f, rule, "gain_item", "takes {item:an item} {source}, face up in {place}", item=kind, source=source, place=where_to)


def ask_item(g: Game, f: str, step: str, rule: str, words: list[str], prompt: str) -> str:
    """Which item (by its kind and state) when items differ; one choice is not asked."""
    options = sorted(set(words))
    if len(options) == 1:
        return options[0]
    return ask(g, f, step, rule, [Move("item", (w,), rule) for w in options], prompt).args[0]


def find(vb: VagabondBoard, words: str) -> VagabondItem:
    return next(i for i in vb.items if i.words() == words)


# -- setup (LoR 9.3) -------------------------------------------------------------------------------
def setup(g: Game, f: str = FACTION) -> None:
    """LoR 9.3: character, pawn in a forest, three quests, the ruins' items, starting items,
    every relationship Indifferent."""
    s = g.state
    vb = board_of(s, f)
    if vb is None:
        vb = VagabondBoard()
        s.factions[f].board = vb
    chosen = s.options.get("vagabond2_character" if f != FACTION else "vagabond_character")
    if chosen not in HUMAN_CHARACTERS:
        taken = taken_characters(s, f)  # beside another Vagabond, not his character (one card each, LoR 9.7)
        offer = [Move("character", (c,), "LoR 9.3.1") for c in HUMAN_CHARACTERS if c not in taken]
        chosen = ask(g, f, "setup.character", "LoR 9.3.1", offer, "choose a character").args[0]
    vb.character = str(chosen)
    g.emit(f, "LoR 9.3.1", "setup", "plays the {character}", character=vb.character.title())
    forests = range(len(s.map.forests))
    forest = ask(g, f, "setup.forest", "LoR 9.3.2", [Move("forest", (i,), "LoR 9.3.2") for i in forests], "place your pawn in which forest").args[0]
    place_pawn(s, f, vb, forest=forest)
    g.emit(f, "LoR 9.3.2", "setup", "places his pawn in {place}", place=where(s, vb))
    get_quests(g, f, vb)
    populate_ruins(g, f)
    starting_items_checked()
    for kind in STARTING[vb.character]:
        if s.item_box.get(kind, 0) <= 0:  # ruling R-VAGABOND-STARTING
            g.emit(f, "LoR 9.3.5", "skip", "finds no {item} marked S left in the box", item=kind)
            continue
        s.item_box[kind] -= 1
        gain(g, f, kind, "LoR 9.3.5", "from the box (a starting item)")
    vb.relations = {o: 0 for o in s.turn_order if o not in VAGABONDS}  # no marker for another Vagabond (LoR 9.3.6, 9.7)
    g.emit(f, "LoR 9.3.6", "setup", "is Indifferent to every non-Vagabond faction")


@cache
def starting_items_checked() -> None:
    """Once a process: every character's starting items are in the box (LoR 9.3.5, ruling
    R-VAGABOND-STARTING; ``ItemDataError`` if the data says otherwise)."""
    check_characters(STARTING, load_item_box())


def get_quests(g: Game, f: str, vb: VagabondBoard) -> None:
    """LoR 9.3.3: shuffle the quest deck, three quests face up. LoR 9.7.2: in a game of two
    Vagabonds the second to set up draws none: the two share the first's deck and three quests."""
    if Q.row_taken(g.state, f):
        g.emit(f, "LoR 9.7.2", "setup", "draws no quest: he shares the other Vagabond's quest deck and three face-up quests")
        return
    vb.quest_deck = list(range(len(g.state.deckdef.quests)))
    g.chance.shuffle(vb.quest_deck)
    for _ in range(QUESTS_FACE_UP):
        vb.quests.append(vb.quest_deck.pop())
    drawn = ", ".join(quest_label(q) for q in vb.quests)
    if Q.two_vagabonds(g.state):
        g.emit(f, "LoR 9.7.2", "setup", "draws the quests {quests}, face up and shared by both Vagabonds", quests=drawn)
        return
    g.emit(f, "LoR 9.3.3", "setup", "draws the quests {quests}", quests=drawn)


def populate_ruins(g: Game, f: str) -> None:
    """LoR 9.3.4: the items marked R, one at random under each ruin; a second Vagabond (or the
    Vagabot's setup before him) lays a second set, so a ruin holds one per Vagabond (LoR 9.7.1)."""
    s = g.state
    left = [k for k in s.deckdef.ruin_items]
    for c in CLEARINGS:
        cl = s.clearings[c]
        if not cl.ruin or not left:
            continue
        kinds = [k for k in left if s.item_box.get(k, 0) > 0]
        if not kinds:
            return
        item = kinds[0] if len(kinds) == 1 else g.chance.pick(kinds, f"the item under the ruin in {c} (LoR 9.3.4)")
        left.remove(item)
        s.item_box[item] -= 1
        cl.ruin_items.append(item)
        g.emit(f, "LoR 9.3.4", "setup", "places an item under the ruin in {c}", c=c, item=item)


# -- the turn ----------------------------------------------------------------------------------------
def turn(g: Game, f: str = FACTION) -> None:
    s = g.state
    vb = vboard(g, f)
    vb.aids = {}  # LoR 9.2.9.1.1: Aids count within one turn
    vb.improvised = False  # LoR 26.7.2: once a turn
    s.phase = "birdsong"
    start_of_birdsong(g, f)
    refresh(g, f)
    slip(g, f)
    offer_between_steps(g, f)  # after Birdsong's last step (LoR 13.2.4 with 1.4.3)
    s.phase = "daylight"
    daylight(g, f)
    s.phase = "evening"
    evening(g, f)


def refresh(g: Game, f: str) -> None:
    """LoR 9.4.1: three exhausted items face up, two more per face-up tea on its track (counted
    before the refresh); he picks which when more are exhausted."""
    vb = vboard(g, f)
    n = REFRESH + REFRESH_PER_TEA * vb.on_track("tea")
    for _ in range(n):
        tired = [i.words() for i in vb.items if i.exhausted]
        if not tired:
            return
        words = tired[0] if len(tired) <= n else ask_item(g, f, "birdsong.refresh", "LoR 9.4.1", tired, "refresh which item")
        find(vb, words).exhausted = False
        g.emit(f, "LoR 9.4.1", "refresh", "refreshes {item:an item}", item=words)


def slip_options(s: GameState, vb: VagabondBoard) -> list[Move]:
    """LoR 9.4.2: an adjacent clearing or forest (snares do not hold him)."""
    rule = "LoR 9.4.2"
    if vb.clearing is not None:
        near_c = list(s.map.adjacent[vb.clearing])
        near_f = list(s.map.forests_of(vb.clearing))
    else:
        fo = vb.forest
        near_c = list(s.map.forests[fo])
        near_f = sorted({b for a, b in s.map.forest_adjacency if a == fo} | {a for a, b in s.map.forest_adjacency if b == fo})
    near_c = [c for c in near_c if not closed(s, c)]  # LoR 26.6.2
    return [Move("to", (c,), rule) for c in near_c] + [Move("forest", (i,), rule) for i in near_f]


def slip(g: Game, f: str) -> None:
    s = g.state
    vb = vboard(g, f)
    m = ask(g, f, "birdsong.slip", "LoR 9.4.2", [*slip_options(s, vb), DONE], "slip?")
    if m is DONE:
        return
    before, origin = where(s, vb), vb.clearing
    if m.kind == "to":
        place_pawn(s, f, vb, clearing=m.arg)
    else:
        place_pawn(s, f, vb, forest=m.arg)
    g.emit(f, "LoR 9.4.2", "slip", "slips from {a} to {b}", a=before, b=where(s, vb))
    if origin is not None and m.kind == "to":  # ruling R-VAGABOND-ALLIES: the Slip is a move, not alone
        move_allies(g, f, origin, m.arg)


# -- Daylight (LoR 9.5) ------------------------------------------------------------------------------
def daylight(g: Game, f: str) -> None:
    s = g.state
    daylight_start(g, f)
    used: set[str] = set()
    while True:
        free = [m for m in free_daylight_moves(s, f, used) if m.kind != "activate_dominance"]  # LoR 9.2.8: a coalition instead
        m = ask(g, f, "daylight.action", "LoR 9.5", [*action_moves(s, f), *coalition_moves(s, f), *free, DONE], "take an action")
        if m is DONE:
            return
        if m.kind == "coalition":
            form_coalition(g, f, m.arg)
            continue
        if apply_free_daylight(g, f, m, used):
            continue
        if ACTIONS[m.kind](g, f) == "end_daylight":
            return


# -- coalitions (LoR 9.2.8, 9.2.9.3.4) ------------------------------------------------------------
COALITION_PLAYERS = 4  # LoR 9.2.8: four or more players


def in_coalition(s: GameState, o: str) -> bool:
    """A player in a coalition: a Vagabond who formed one, or the player he formed it with."""
    for p in s.turn_order:
        vb = board_of(s, p)
        if vb is not None and vb.coalition is not None and o in (p, vb.coalition):
            return True
    return False


def coalition_partners(s: GameState, f: str) -> list[str]:
    """LoR 9.2.8: the players with the fewest VP but him, not in a coalition; a player whose
    score marker is off the track (an activated dominance card) is none and is not compared
    (ruling R-VAGABOND-COALITION)."""
    scored = [o for o in s.turn_order if o != f and s.factions[o].dominance is None]
    if not scored:
        return []
    low = min(s.factions[o].vp for o in scored)
    return [o for o in scored if s.factions[o].vp == low and not in_coalition(s, o)]


def coalition_moves(s: GameState, f: str) -> list[Move]:
    """LoR 9.2.8 with 3.3.1 (ruling R-VAGABOND-COALITION): in Daylight, with four or more
    players, 10 VP or more and no card activated, a dominance card in hand activates to form a
    coalition, when a player may be his partner."""
    fs = s.factions[f]
    if len(s.turn_order) < COALITION_PLAYERS or fs.dominance is not None or fs.vp < ACTIVATE_VP or not coalition_partners(s, f):
        return []
    deck = s.deckdef.cards
    return [Move("coalition", (cid,), "LoR 9.2.8", card_label(cid, s)) for cid in dict.fromkeys(fs.hand) if deck[cid].kind == "dominance"]


def form_coalition(g: Game, f: str, cid: int) -> None:
    """LoR 9.2.8: the dominance card to his play area, his score marker to the partner's board
    (he scores no more, ``core/rules.py: score``); ties for fewest VP are his pick; a Hostile
    partner becomes Indifferent (LoR 9.2.9.3.4). He wins when his partner wins
    (``faction.py: Vagabot.wins_with``)."""
    s = g.state
    vb = vboard(g, f)
    o = ask(g, f, "coalition.player", "LoR 9.2.8", [Move("player", (p,), "LoR 9.2.8") for p in coalition_partners(s, f)], "form a coalition with whom").arg
    fs = s.factions[f]
    fs.hand.remove(cid)
    fs.dominance = cid
    vb.coalition = o
    g.emit(f, "LoR 9.2.8", "coalition", "activates {card} to form a coalition with the {other}: his score marker goes to their board", card=card_label(cid, g.state), other=o)
    if vb.hostile(o):
        vb.relations[o] = 0
        g.emit(f, "LoR 9.2.9.3.4", "relationship", "forms a coalition with the Hostile {other}: they are now Indifferent", other=o)


def action_moves(s: GameState, f: str) -> list[Move]:
    """The actions with at least one complete legal use now."""
    vb = board_of(s, f)
    assert vb is not None
    checks = (
        ("move", "LoR 9.5.1", move_targets), ("battle", "LoR 9.5.2", battle_targets), ("explore", "LoR 9.5.3", explore_targets),
        ("aid", "LoR 9.5.4", aid_targets), ("quest", "LoR 9.5.5", quest_targets), ("strike", "LoR 9.5.6", strike_targets),
        ("repair", "LoR 9.5.7", repair_targets), ("craft", "LoR 9.5.8", lambda s, f, vb: craft_moves(s, f, hammers(s, vb), "LoR 9.5.8")),
        ("special", SPECIAL_RULE.get(vb.character or "", "LoR 9.5.9"), special_targets),
    )
    return [Move(kind, (), rule) for kind, rule, targets in checks if targets(s, f, vb)]


def boots_needed(s: GameState, f: str, vb: VagabondBoard, c: int) -> int:
    """LoR 9.5.1 and 9.2.9.3.2: one boots, one more into a clearing with Hostile warriors."""
    hostile = any(n > 0 and vb.hostile(o) for o, n in s.clearings[c].warriors.items())
    return 2 if hostile else 1


def move_targets(s: GameState, f: str, vb: VagabondBoard) -> list[int]:
    """LoR 9.5.1, 9.2.3, 9.2.10: clearings only, along a path (or out of his forest); nimble."""
    if vb.clearing is not None:
        if snared(s, f, vb.clearing):
            return []
        near = list(move_destinations(s, f, vb.clearing))
    elif vb.forest is not None:
        near = list(s.map.forests[vb.forest])
    else:
        return []
    return [c for c in near if ready(vb, "boots") >= boots_needed(s, f, vb, c) and not closed(s, c)]


def move(g: Game, f: str) -> None:
    s = g.state
    vb = vboard(g, f)
    c = ask(g, f, "move.to", "LoR 9.5.1", [Move("to", (c,), "LoR 9.5.1") for c in move_targets(s, f, vb)], "move to which clearing").arg
    n = boots_needed(s, f, vb, c)
    exhaust(g, f, "boots", "LoR 9.5.1" if n == 1 else "LoR 9.2.9.3.2", f"to move into {c}", n)
    origin = vb.clearing
    before = origin if origin is not None else forest_name(s, vb.forest) if vb.forest is not None else None
    place_pawn(s, f, vb, clearing=c)
    # "move_pawn", as the bot's and a table line's pawn moves (the table tells it as a pawn move)
    g.emit(f, "LoR 9.5.1", "move_pawn", "moves from {a} to {b}", a=before, b=c)
    if origin is not None:
        move_allies(g, f, origin, c)


def ally_movers(s: GameState, f: str, a: int, b: int) -> list[str]:
    """LoR 9.2.9.2.2: Allied factions with warriors in ``a`` that could move them to ``b``
    themselves (forced, LoR 1.5.5: rule, snares and paths as for their own move; ruling
    R-VAGABOND-ALLIES)."""
    vb = board_of(s, f)
    assert vb is not None
    cl = s.clearings[a]
    return [o for o in s.turn_order if vb.allied(o) and cl.warriors.get(o, 0) > 0 and not snared(s, o, a) and b in destinations(s, o, a)]


def move_allies(g: Game, f: str, a: int, b: int) -> None:
    """LoR 9.2.9.2.2: after his move from ``a`` to ``b``, he may force warriors of one Allied
    faction there to move along with him: which faction, then how many."""
    s = g.state
    allies = ally_movers(s, f, a, b)
    if not allies:
        return
    rule = "LoR 9.2.9.2.2"
    m = ask(g, f, "move.ally", rule, [*(Move("ally", (o,), rule) for o in allies), NO], f"move Allied warriors with you from {a} to {b}?")
    if m is NO:
        return
    o = m.arg
    n = ask(g, f, "move.ally_count", rule, [Move("count", (k,), rule) for k in range(1, s.clearings[a].warriors[o] + 1)], f"move how many {o} warriors from {a} to {b}").arg
    g.emit(f, rule, "ally_move", "forces {n} Allied {other} warrior(s) to move with him from {a} to {b}", n=n, other=o, a=a, b=b)
    move_warriors(g, o, a, b, n, rule)


def battle_targets(s: GameState, f: str, vb: VagabondBoard) -> list[str]:
    """LoR 4.3, 9.5.2: an enemy in his clearing; his coalition partner is none (ruling
    R-VAGABOND-COALITION)."""
    if vb.clearing is None or not ready(vb, "sword"):
        return []
    return [o for o in defenders(s, f, vb.clearing) if o != vb.coalition]


def losses(s: GameState, o: str, c: int) -> tuple[int, int]:
    cl = s.clearings[c]
    return cl.warriors.get(o, 0), cl.buildings_of(o) + cl.tokens_of(o)


def vagabond_battle(g: Game, f: str) -> None:
    """LoR 9.5.2: exhaust a sword, battle an enemy in his clearing; then Hostility and Infamy
    for what he removed (LoR 9.2.9.3, 9.2.9.3.1)."""
    s = g.state
    vb = vboard(g, f)
    c = vb.clearing
    assert c is not None
    d = ask(g, f, "battle.defender", "LoR 9.5.2", [Move("defender", (o,), "LoR 9.5.2") for o in battle_targets(s, f, vb)], "battle whom").arg
    exhaust(g, f, "sword", "LoR 9.5.2", f"to battle the {d} in {c}")
    attack(g, f, d, c, "LoR 9.5.2")


def attack(g: Game, f: str, d: str, c: int, rule: str) -> None:
    """A battle he attacks in (LoR 9.5.2, or his own Instigate, LoR 26.4.2): at its start he may
    treat one Allied faction's warriors there as his own (LoR 9.2.9.2.3; never when attacking that
    faction); after it, the Hostility check of LoR 9.2.9.2.4 for that faction, then Hostility and
    Infamy for what he removed of the defender (LoR 9.2.9.3, 9.2.9.3.1)."""
    s = g.state
    vb = vboard(g, f)
    allies = [o for o in s.turn_order if o != d and vb.allied(o) and s.clearings[c].warriors.get(o, 0) > 0]
    ally = None
    if allies:
        m = ask(g, f, "battle.ally", "LoR 9.2.9.2.3", [*(Move("ally", (o,), "LoR 9.2.9.2.3") for o in allies), NO], f"treat an Allied faction's warriors in {c} as your own?")
        ally = None if m is NO else m.arg
    if ally is not None:
        g.emit(f, "LoR 9.2.9.2.3", "ally_battle", "treats the {other}'s warriors in {c} as his own in this battle", other=ally, c=c)
    w0, p0 = losses(s, d, c)
    vb.battle_ally, vb.ally_hits = ally, [0, 0]
    try:
        battle(g, f, d, c, rule)
    finally:
        vb.battle_ally = None
    w1, p1 = losses(s, d, c)
    by_warriors, by_items = vb.ally_hits
    if ally is not None and by_warriors > by_items and not vb.hostile(ally) and not s.winner:
        vb.relations[ally] = HOSTILE
        vb.aids.pop(ally, None)
        g.emit(f, "LoR 9.2.9.2.4", "relationship", "took {w} hit(s) with the {other}'s warriors and {i} with items: they are now Hostile", w=by_warriors, i=by_items, other=ally)
    removed(g, f, d, w0 - w1, p0 - p1, in_battle=True)


def removed(g: Game, f: str, o: str, warriors: int, others: int, in_battle: bool) -> None:
    """After he removed ``warriors`` warriors and ``others`` buildings or tokens of ``o``: a
    non-Hostile faction becomes Hostile for a warrior (LoR 9.2.9.3); in battle on his turn each
    Hostile piece scores one more VP, but the warrior that made it Hostile (LoR 9.2.9.3.1)."""
    vb = vboard(g, f)
    if o not in vb.relations or g.state.winner:
        return
    infamous = warriors + others
    if warriors > 0 and not vb.hostile(o):
        vb.relations[o] = HOSTILE
        vb.aids.pop(o, None)
        g.emit(f, "LoR 9.2.9.3", "relationship", "removed a warrior of the {other}: they are now Hostile", other=o)
        infamous -= 1
    if in_battle and infamous > 0:
        score(g, f, infamous, "LoR 9.2.9.3.1", f"for Infamy: {infamous} Hostile piece{'s' if infamous != 1 else ''} removed in battle")


def explore_targets(s: GameState, f: str, vb: VagabondBoard) -> list[str]:
    if vb.clearing is None or not ready(vb, "torch"):
        return []
    return list(s.clearings[vb.clearing].ruin_items)


def ruin_choices(vb: VagabondBoard, under: list[str]) -> list[str]:
    """LoR 9.7.3: the items under a ruin he may take: none of a kind whose R item he holds."""
    held = {i.kind for i in vb.items if i.ruin}
    return [k for k in under if k not in held]


def explore(g: Game, f: str) -> None:
    """LoR 9.5.3; LoR 9.7.3: of two items his pick, never an R item of a kind he holds marked R
    (exploring then takes nothing and scores nothing, the torch still exhausted)."""
    s = g.state
    vb = vboard(g, f)
    c = vb.clearing
    assert c is not None
    cl = s.clearings[c]
    choices = ruin_choices(vb, list(cl.ruin_items))
    kind = ask_item(g, f, "explore.item", "LoR 9.7.3", choices, f"take which item from the ruin in {c}") if choices else None
    exhaust(g, f, "torch", "LoR 9.5.3", f"to explore the ruin in {c}")
    if kind is None:
        g.emit(f, "LoR 9.7.3", "explore", "explores the ruin in {c} but may take none of its items: he holds their kinds marked R", c=c)
        return
    cl.ruin_items.remove(kind)
    gain(g, f, kind, "LoR 9.5.3", f"from under the ruin in {c}")
    vb.items[-1].ruin = True
    if not cl.ruin_items:
        cl.ruin = False
        g.emit(f, "LoR 9.5.3", "remove_ruin", "removes the emptied ruin in {c}", c=c)
    score(g, f, 1, "LoR 9.5.3", "for exploring a ruin")


def aid_targets(s: GameState, f: str, vb: VagabondBoard) -> list[str]:
    """Players with pieces in his clearing, when he has an item to exhaust and a matching card."""
    c = vb.clearing
    if c is None or not ready_kinds(vb) or not matching(s, f, s.suits[c] or ""):
        return []
    return [o for o in s.turn_order if o != f and s.clearings[c].pieces_of(o) > 0]


def aid(g: Game, f: str) -> None:
    """LoR 9.5.4: an item, a matching card to a player there, maybe one of their crafted items;
    then the relationship (LoR 9.2.9.1-9.2.9.2.1). A bot keeps no card: it is discarded and the
    bot scores one VP (Law of Robotics 2.8.1)."""
    s = g.state
    vb = vboard(g, f)
    c = vb.clearing
    assert c is not None
    o = ask(g, f, "aid.player", "LoR 9.5.4", [Move("player", (p,), "LoR 9.5.4") for p in aid_targets(s, f, vb)], "aid whom").arg
    kind = ask_item(g, f, "aid.item", "LoR 9.5.4", ready_kinds(vb), "exhaust which item")
    card = ask_card(g, f, "aid.card", "LoR 9.5.4", matching(s, f, s.suits[c] or ""), f"give the {o} which card")
    exhaust(g, f, kind, "LoR 9.5.4", f"to aid the {o}")
    if s.factions[o].is_bot:
        give_card_to_bot(g, f, o, card, "LoR 9.5.4")
    else:
        s.factions[f].hand.remove(card)
        s.factions[o].hand.append(card)
        g.emit(f, "LoR 9.5.4", "aid", "gives {card} to the {other}", card=card_label(card, g.state), other=o)
    crafted = sorted(set(s.factions[o].items))
    if crafted:
        m = ask(g, f, "aid.take", "LoR 9.5.4", [*(Move("item", (k,), "LoR 9.5.4") for k in crafted), NO], f"take an item from the {o}'s Crafted Items box?")
        if m is not NO:
            s.factions[o].items.remove(m.arg)
            gain(g, f, m.arg, "LoR 9.5.4", f"from the {o}'s Crafted Items box")
    improve(g, f, o)


def improve(g: Game, f: str, o: str) -> None:
    vb = vboard(g, f)
    if o not in vb.relations:  # another Vagabond: no relationship (LoR 9.2.9, 9.3.6)
        return
    rel = vb.relations[o]
    if rel == HOSTILE or g.state.winner:  # LoR 9.2.9.3.3
        return
    if rel == ALLIED:
        score(g, f, ALLY_AID_VP, "LoR 9.2.9.2.1", f"for aiding his ally the {o}")
        return
    vb.aids[o] = vb.aids.get(o, 0) + 1
    if vb.aids[o] < AID_COST[rel]:
        return
    vb.aids[o] = 0
    vb.relations[o] = rel + 1
    g.emit(f, "LoR 9.2.9.1.2", "relationship", "improves his relationship with the {other} to {space}", other=o, space=RELATION_NAMES[rel + 1])
    score(g, f, STEP_VP[rel], "LoR 9.2.9.1.2", f"for the new space on the {o}'s relationship")


def exact(vb: VagabondBoard, items: tuple[str, str]) -> bool:
    a, b = items
    return ready(vb, a) >= 1 + (a == b) and ready(vb, b) >= 1


def improvisations(vb: VagabondBoard, items: tuple[str, str]) -> list[Move]:
    """LoR 26.7.2: the Adventurer, once a turn, lets one face-up item stand for one the quest
    names: (the item used, the item it stands for)."""
    if vb.character != "adventurer" or vb.improvised:
        return []
    out = set()
    for i, stand_for in enumerate(items):
        other = items[1 - i]
        for k in ready_kinds(vb):
            if k != stand_for and ready(vb, other) >= 1 + (k == other):
                out.add(Move("improvise", (k, stand_for), "LoR 26.7.2"))
    return sorted(out, key=lambda m: m.args)


def quest_targets(s: GameState, f: str, vb: VagabondBoard) -> list[int]:
    c = vb.clearing
    if c is None:
        return []
    out = []
    for q in Q.face_up(s, f):  # LoR 9.7.2: the shared row in a game of two
        quest = s.deckdef.quests[q]
        if quest.suit == s.suits[c] and (exact(vb, quest.items) or improvisations(vb, quest.items)):
            out.append(q)
    return out


def quest(g: Game, f: str) -> None:
    """LoR 9.5.5: a quest matching his clearing, its two items exhausted (the Adventurer may
    improvise one, LoR 26.7.2); score one VP per completed quest of its suit or draw two cards;
    a new quest from his deck."""
    s = g.state
    vb = vboard(g, f)
    q = ask(g, f, "quest.card", "LoR 9.5.5", [Move("quest", (q,), "LoR 9.5.5") for q in quest_targets(s, f, vb)], "complete which quest").arg
    quest_card = s.deckdef.quests[q]
    used = list(quest_card.items)
    options = improvisations(vb, quest_card.items)
    if options:
        m = ask(g, f, "quest.improvise", "LoR 26.7.2", [*options, NO] if exact(vb, quest_card.items) else options, "improvise an item?")
        if m is not NO:
            k, stand_for = m.args
            used.remove(stand_for)
            vb.improvised = True
            exhaust(g, f, k, "LoR 26.7.2", f"improvised as a {stand_for} for the quest {quest_label(q)}")
            item = next(i for i in vb.items if i.kind == k and i.exhausted and not i.damaged)
            item.damaged = True
            g.emit(f, "LoR 26.7.2", "damage", "damages his improvised {item}", item=k)
    for kind in used:
        exhaust(g, f, kind, "LoR 9.5.5", f"for the quest {quest_label(q)}")
    Q.face_up(s, f).remove(q)
    vb.completed.append(q)
    g.emit(f, "LoR 9.5.5", "quest", "completes the quest {quest}", quest=quest_label(q))
    quest_reward(g, f, quest_card.suit)


def quest_reward(g: Game, f: str, suit: str) -> None:
    s = g.state
    vb = vboard(g, f)
    vp = sum(1 for d in vb.completed if s.deckdef.quests[d].suit == suit)
    reward = ask(g, f, "quest.reward", "LoR 9.5.5", [Move("quest_vp", (vp,), "LoR 9.5.5"), Move("quest_draw", (2,), "LoR 9.5.5")], "score or draw")
    if reward.kind == "quest_vp":
        score(g, f, vp, "LoR 9.5.5", f"for {vp} completed {suit} quest{'s' if vp != 1 else ''}")
    else:
        draw(g, f, 2, "LoR 9.5.5", "for a quest")
    deck, row = Q.deck(s, f), Q.face_up(s, f)  # LoR 9.7.2: the shared deck and row in a game of two
    if deck and not s.winner:
        row.append(deck.pop())
        g.emit(f, "LoR 9.5.5", "quest", "draws the new quest {quest}", quest=quest_label(row[-1]))


def strike_pieces(s: GameState, f: str, vb: VagabondBoard) -> list[tuple[str, str]]:
    """LoR 9.5.6: (enemy, piece) he may remove: a warrior, or a building or token of an enemy
    with no warriors there."""
    c = vb.clearing
    if c is None or not ready(vb, "crossbow"):
        return []
    cl = s.clearings[c]
    out: list[tuple[str, str]] = []
    for o in s.turn_order:
        if o in (f, vb.coalition):  # an enemy only (ruling R-VAGABOND-COALITION)
            continue
        if cl.warriors.get(o, 0) > 0:
            if cl.warriors[o] > rules_of(o).kept_warriors(s, c, "LoR 9.5.6"):  # not a warlord alone (LoR 14.2.2)
                out.append((o, "warrior"))
        else:
            out.extend(sorted({(p, k) for p, k in [*cl.buildings, *cl.tokens] if p == o}))
    return out


def strike_targets(s: GameState, f: str, vb: VagabondBoard) -> list[tuple[str, str]]:
    return strike_pieces(s, f, vb)


def strike(g: Game, f: str) -> None:
    s = g.state
    vb = vboard(g, f)
    c = vb.clearing
    assert c is not None
    o, kind = ask(g, f, "strike.piece", "LoR 9.5.6", [Move("piece", t, "LoR 9.5.6") for t in strike_pieces(s, f, vb)], "strike which piece").args
    exhaust(g, f, "crossbow", "LoR 9.5.6", f"to strike the {o} in {c}")
    if kind == "warrior":
        remove_warriors(g, o, c, 1, "LoR 9.5.6", by=f)
        removed(g, f, o, 1, 0, in_battle=False)
    else:
        remove_piece(g, o, c, kind, "LoR 9.5.6", by=f)


def repair_targets(s: GameState, f: str, vb: VagabondBoard) -> list[str]:
    return [i.words() for i in vb.items if i.damaged] if ready(vb, "hammer") else []


def repair(g: Game, f: str) -> None:
    """LoR 9.5.7: a damaged item back to the Satchel, on the side it was."""
    vb = vboard(g, f)
    words = ask_item(g, f, "repair.item", "LoR 9.5.7", repair_targets(g.state, f, vb), "repair which item")
    exhaust(g, f, "hammer", "LoR 9.5.7", "to repair")
    find(vb, words).damaged = False
    g.emit(f, "LoR 9.5.7", "repair", "repairs {item:an item}", item=words)


def hammers(s: GameState, vb: VagabondBoard) -> dict[str, int]:
    """LoR 9.2.1, 9.5.8: each face-up hammer is a crafting piece of his clearing's suit."""
    c = vb.clearing
    if c is None or not s.suits[c]:
        return {}
    return {s.suits[c] or "": ready(vb, "hammer")}


def crafting_pieces(s: GameState, f: str = FACTION) -> dict[str, int]:
    """LoR 9.2.1, 9.5.8: the most he could craft with in his clearing, every hammer counted
    (exhausted or damaged ones too: a bound for a Rootlog line's craft, table/published_law.py)."""
    vb = board_of(s, f)
    c = vb.clearing if vb is not None else None
    if c is None or not s.suits[c]:
        return {}
    return {s.suits[c] or "": sum(1 for i in vb.items if i.kind == "hammer")}


def vagabond_craft(g: Game, f: str) -> None:
    s = g.state
    vb = vboard(g, f)
    pieces = hammers(s, vb)
    before = sum(pieces.values())
    cid = ask(g, f, "craft.card", "LoR 9.5.8", craft_moves(s, f, pieces, "LoR 9.5.8"), "craft which card").arg
    craft(g, f, cid, pieces, "LoR 9.5.8")
    exhaust(g, f, "hammer", "LoR 9.5.8", f"to craft {card_label(cid, g.state)}", before - sum(pieces.values()))


# -- special actions (LoR 9.5.9, 26) -------------------------------------------------------------
def special_targets(s: GameState, f: str, vb: VagabondBoard) -> list[Move]:
    """The character's special action, when built (the others are open in the coverage table)."""
    ch = vb.character or ""
    rule = SPECIAL_RULE.get(ch, "")
    if not rule or not ready(vb, "torch"):
        return []
    c = vb.clearing
    if ch == "thief" and c is not None:
        return [Move("steal", (o,), rule) for o in s.turn_order if o != f and s.clearings[c].pieces_of(o) > 0 and (s.factions[o].is_bot or s.factions[o].hand)]
    if ch == "tinker" and c is not None:
        suit = s.suits[c] or ""
        return [Move("card", (cid,), rule, card_label(cid, s)) for cid in dict.fromkeys(s.discard) if suit_matches(s.deckdef.cards[cid].suit, suit)]
    if ch == "ranger":
        return [Move("hideout", (), rule)]
    if ch == "harrier":
        return [Move("to", (k,), rule) for k in CLEARINGS if k != c and not closed(s, k)]
    if ch == "vagrant" and c is not None:
        return [Move("instigate", (a, d), rule) for a in s.turn_order for d in defenders(s, a, c) if (a, d) != (f, vb.coalition)]  # never his partner
    if ch == "scoundrel" and c is not None and scorch_room(s, c):
        return [Move("scorch", (), rule)]
    return []


def special(g: Game, f: str) -> str | None:
    s = g.state
    vb = vboard(g, f)
    ch = vb.character or ""
    rule = SPECIAL_RULE[ch]
    m = ask(g, f, "special.target", rule, special_targets(s, f, vb), f"the {ch.title()}'s special action")
    exhaust(g, f, "torch", rule, f"for the {ch.title()}'s special action")
    if m.kind == "steal":
        steal(g, f, m.arg)
    elif m.kind == "card":
        s.discard.remove(m.arg)
        s.factions[f].hand.append(m.arg)
        g.emit(f, rule, "day_labor", "takes {card} from the discard pile", card=card_label(m.arg, g.state))
    elif m.kind == "instigate":
        instigate(g, f, *m.args)
    elif m.kind == "scorch":
        scorched_earth(g, f)
    elif m.kind == "to":
        before = where(s, vb)
        place_pawn(s, f, vb, clearing=m.arg)
        g.emit(f, rule, "glide", "glides from {a} to {b}", a=before, b=where(s, vb))
    else:
        for _ in range(3):
            damaged = [i.words() for i in vb.items if i.damaged]
            if damaged:
                words = ask_item(g, f, "hideout.item", rule, damaged, "repair which item")
                find(vb, words).damaged = False
                g.emit(f, rule, "repair", "repairs {item:an item} in his hideout", item=words)
        g.emit(f, rule, "hideout", "ends Daylight in his hideout")
        return "end_daylight"
    return None


def steal(g: Game, f: str, o: str) -> None:
    """LoR 26.1.2: a random card of the player's; a bot holds none, so he draws (2.8.1)."""
    s = g.state
    if s.factions[o].is_bot:
        draw(g, f, 1, "2.8.1", f"instead of stealing from the {o}, a bot with no hand")
        return
    cid = g.chance.pick(list(s.factions[o].hand), f"the card the {f} steals from the {o} (LoR 26.1.2)")
    s.factions[o].hand.remove(cid)
    s.factions[f].hand.append(cid)
    g.emit(f, "LoR 26.1.2", "steal", "steals a random card from the {other}", other=o)


def instigate(g: Game, f: str, a: str, d: str) -> None:
    """LoR 26.4.2: the attacker ``a`` (maybe himself) battles ``d`` in his clearing; the buildings
    and tokens removed count as his removals (he scores them, and Infamy for Hostile ones, LoR
    9.2.9.3.1). Warriors removed are the two sides' own removals: no Hostility for them, unless he is
    the attacker, when it is his own battle (no sword exhausted)."""
    s = g.state
    c = vboard(g, f).clearing
    assert c is not None
    g.emit(f, "LoR 26.4.2", "instigate", "instigates a battle in {c}: the {a} attacks the {d}", c=c, a=a, d=d)
    if a == f:
        attack(g, f, d, c, "LoR 26.4.2")
        return
    before = {o: losses(s, o, c)[1] for o in (a, d)}
    battle(g, a, d, c, "LoR 26.4.2", instigator=f)
    for o in (a, d):
        if o != f:
            removed(g, f, o, 0, before[o] - losses(s, o, c)[1], in_battle=True)


def scorched_earth(g: Game, f: str) -> None:
    """LoR 26.6.2: the exhausted torch goes into his clearing (``Clearing.slot_items``, as the
    Vagabot's Scoundrel's item, 7.7.5) and every enemy piece there is removed (he scores for
    buildings and tokens, LoR 3.2.1; Hostility for warriors, LoR 9.2.9.3; no Infamy: not in battle).
    The torch stays in the clearing for the rest of the game."""
    s = g.state
    vb = vboard(g, f)
    c = vb.clearing
    assert c is not None
    cl = s.clearings[c]
    torch = next(i for i in vb.items if i.kind == "torch" and i.exhausted and not i.damaged)
    g.emit(f, "LoR 26.6.2", "scorched_earth", "places his torch in {c} and removes all enemy pieces there", c=c)
    remove_all_but_his(g, f, c)
    vb.items.remove(torch)  # once the enemy pieces are gone, so the torch's slot is free
    cl.slot_items.append("torch")
    vb.scorched.append(c)


def scorch_room(s: GameState, c: int) -> bool:
    """Room for the torch once every enemy piece is gone: a slot neither a ruin nor an item
    covers (ruling R-VAGABOND-SCORCHED)."""
    cl = s.clearings[c]
    return s.map.slots[c] - (1 if cl.ruin else 0) - len(cl.slot_items) > 0


def remove_all_but_his(g: Game, f: str, c: int) -> None:
    """Scorched Earth's removal (LoR 26.6.2): every enemy piece in ``c``, another Vagabond's
    items damaged instead (LoR 9.2.2.1)."""
    s = g.state
    cl = s.clearings[c]
    with one_removal(g):  # removed together (LoR 1.5.4)
        for o in [o for o in s.turn_order if o != f and cl.pieces_of(o) > 0]:
            w = cl.warriors.get(o, 0)
            if w:
                w = remove_warriors(g, o, c, w, "LoR 26.6.2", by=f)  # a warlord stays (LoR 14.2.2)
            for kind in [k for p, k in [*cl.tokens, *cl.buildings] if p == o]:
                remove_piece(g, o, c, kind, "LoR 26.6.2", by=f)
            removed(g, f, o, w, 0, in_battle=False)
    for pawn in [p for p in cl.pawns() if p != f]:  # another Vagabond: Full Removal (LoR 9.2.2.1)
        rules_of(pawn).full_removal(g, f, c)


def swift_strike(g: Game, f: str, other: str, c: int) -> int:
    """LoR 26.9.2: in a battle, after the roll, the Ronin may exhaust a face-up sword to deal one
    extra hit (once a battle, ruling R-VAGABOND-SWIFT-STRIKE). Returns the extra hits."""
    vb = vboard(g, f)
    if vb.character != "ronin" or not ready(vb, "sword"):
        return 0
    if not yes_no(g, f, "battle.swift_strike", "LoR 26.9.2", f"exhaust a sword for an extra hit against the {other} in {c}?"):
        return 0
    exhaust(g, f, "sword", "LoR 26.9.2", "for Swift Strike")
    g.emit(f, "LoR 26.9.2", "extra_hit", "deals an extra hit with Swift Strike in {c}", c=c)
    return 1


ACTIONS = {
    "move": move, "battle": vagabond_battle, "explore": explore, "aid": aid, "quest": quest,
    "strike": strike, "repair": repair, "craft": vagabond_craft, "special": special,
}


# -- Evening (LoR 9.6) -------------------------------------------------------------------------------
def evening(g: Game, f: str) -> None:
    vb = vboard(g, f)
    evening_start(g, f)
    offer_between_steps(g, f)  # before 9.6.1, 9.6.2, 9.6.3 and 9.6.4, the last (LoR 1.4.3)
    if vb.forest is not None:  # LoR 9.6.1
        for item in vb.items:
            if item.damaged:
                item.damaged, item.exhausted = False, False
                g.emit(f, "LoR 9.6.1", "repair", "rests in the forest: repairs {item:an item}", item=item.kind)
        offer_between_steps(g, f)
    evening_draw(g, f, 1 + vb.on_track("coins"), "LoR 9.6.2")  # Informants may take an ambush instead
    offer_between_steps(g, f)
    discard_down(g, f, "LoR 9.6.3")
    offer_between_steps(g, f)
    capacity(g, f)


def capacity(g: Game, f: str) -> None:
    """LoR 9.6.4: items beyond six plus two per face-up bag leave the game (back to the box,
    ruling R-VAGABOND-REMOVED-ITEMS); he picks which of his Satchel and Damaged box."""
    vb = vboard(g, f)
    while vb.satchel_and_damaged() > ITEM_LIMIT + LIMIT_PER_BAG * vb.on_track("bag"):
        words = ask_item(g, f, "evening.capacity", "LoR 9.6.4", satchel_words(vb), "remove which item from the game")
        item = find(vb, words)
        vb.items.remove(item)
        g.state.item_box[item.kind] = g.state.item_box.get(item.kind, 0) + 1
        g.emit(f, "LoR 9.6.4", "remove_item", "is over his item limit: the {item} leaves the game", item=words)


def satchel_words(vb: VagabondBoard) -> list[str]:
    """His items in the Satchel or Damaged box (not those on the tracks, LoR 9.2.5.1)."""
    skip = {k: vb.on_track(k) for k in TRACKED}
    out = []
    for i in vb.items:
        if i.kind in skip and skip[i.kind] > 0 and not i.exhausted and not i.damaged:
            skip[i.kind] -= 1
            continue
        out.append(i.words())
    return out


class Seat:
    """The Law of Root module's ``setup``/``turn`` for another Vagabond's faction name."""

    def __init__(self, faction: str) -> None:
        self.faction = faction

    def setup(self, g: Game) -> None:
        setup(g, self.faction)

    def turn(self, g: Game) -> None:
        turn(g, self.faction)

    def crafting_pieces(self, s: GameState) -> dict[str, int]:
        return crafting_pieces(s, self.faction)


for _kind, _say in {
    "move": "Move (exhaust boots)", "battle": "Battle (exhaust a sword)", "explore": "Explore a ruin (exhaust a torch)",
    "aid": "Aid (exhaust an item, give a matching card)", "quest": "Quest", "strike": "Strike (exhaust a crossbow)",
    "repair": "Repair (exhaust a hammer)", "craft": "Craft (exhaust hammers)", "special": "the character's special action",
}.items():
    MOVE_TEXT.setdefault(_kind, lambda m, _say=_say: _say)
_CRAFT_CARD = MOVE_TEXT["craft"]  # (core's words of a card crafted; his action has no card)
MOVE_TEXT["craft"] = lambda m: _CRAFT_CARD(m) if m.args else "Craft (exhaust hammers)"
MOVE_TEXT["character"] = lambda m: f"the {m.args[0].title()}"
MOVE_TEXT["forest"] = lambda m: f"forest {m.args[0]}"
MOVE_TEXT["item"] = lambda m: f"the {m.args[0]}"
MOVE_TEXT["quest"] = lambda m: quest_label(m.args[0]) if m.args else "Quest"  # the card, or the action
MOVE_TEXT["quest_vp"] = lambda m: f"score {m.args[0]} VP"
MOVE_TEXT["quest_draw"] = lambda m: "draw two cards"
MOVE_TEXT["steal"] = lambda m: f"steal a card from the {m.args[0]}"
MOVE_TEXT["instigate"] = lambda m: f"Instigate: the {m.args[0]} battles the {m.args[1]}"
MOVE_TEXT["scorch"] = lambda m: "Scorched Earth: place the torch here and remove all enemy pieces"
MOVE_TEXT["improvise"] = lambda m: f"Improvise: the {m.args[0]} as a {m.args[1]} (it is damaged)"
MOVE_TEXT["hideout"] = lambda m: "Hideout: repair three items and end Daylight"
MOVE_TEXT["coalition"] = lambda m: f"activate {move_card(m)} to form a coalition"
MOVE_TEXT["ally"] = lambda m: f"with the {m.args[0]}'s warriors"
