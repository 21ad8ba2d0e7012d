"""The Robot Raccoon (Better Bot Project v5, ``vagabot@bbp``): the Vagabond's bot of the fan-made
rule set; the same turn plays the Robot Raccoon #2 (``vagabond2@bbp``, the second Vagabond's
seat): every step takes the seat's faction (``RobotRaccoon(faction)``; ruling R-BBP-RR2). Rule
numbers are the paragraphs of the text as docs/bbp-coverage.md numbers them (BBP RR.1-RR.10);
rulings ``R-BBP-RR-...`` are in docs/rulings.md.

What the text gives: the Combat Track (RR.2, ``items.RaccoonState``), Birdsong's craft and slip
(RR.3), the costs and effects of Explore, Quest, Aid and Battle (RR.5-RR.8), Evening (RR.9) and
the bird order's path (RR.4). What it lost, the other orders' paths and the character cards'
Special, comes from the table (``options.raccoon_paths``, ``raccoon_paths.py``) or from the
documented stand-in, said in the log. The pawn, the items and the other seats' battles against
him are the Vagabot's (``satchel.py``); his setup is the Law's (stand-in, R-BBP-RR-SETUP).
"""

from __future__ import annotations

from collections.abc import Callable

from ...core import rules as R
from ...core.battle import battle, can_battle
from ...core.bot import victory_points
from ...core.context import Game
from ...core.faction import SHARED
from ...core.maps import CLEARINGS
from ...core.state import GameState
from ...core.targeting import Choice, choose_clearing, choose_player_bbp, fewest, most
from . import bot as law
from . import quests as Q, satchel
from .items import CHARACTER_TITLES, CHARACTERS, VAGABOT, Item, RaccoonState, forest_name, put_pawn, quest_label, where
from .human import SECOND, taken_characters
from .raccoon_paths import CHARACTER_OPTIONS, OPTION, describe, is_stand_in, paths_of

FACTION = VAGABOT
NAMES: dict[str, str] = {VAGABOT: "the Robot Raccoon", SECOND: "the Robot Raccoon #2"}  # BBP 4.2: D and E
SLIP_AT = 2  # BBP RR.3: slip with 2 or fewer undamaged items
EXPLORE_COST = 1  # BBP RR.5
QUEST_COST = 2  # BBP RR.6
QUEST_VP = 2  # BBP RR.6
BATTLE_COST = 1  # BBP RR.8
REPEAT_BATTLE_COST = 2  # BBP RR.8
REFRESH = 4  # BBP RR.9
REFRESH_UNDAMAGED_BONUS = 2  # BBP RR.9: with no damaged item


class RobotRaccoon:
    """The Robot Raccoon's turn for either Vagabond seat: ``vagabot`` (the Robot Raccoon) or
    ``vagabond2`` (the Robot Raccoon #2, BBP 4.2 letter E; ruling R-BBP-RR2)."""

    def __init__(self, faction: str = FACTION) -> None:
        self.faction = faction

    def setup(self, g: Game) -> None:
        """BBP 2.1: its own steps were on its board (lost); the Law's Vagabot setup (7.3) stands
        in (ruling R-BBP-RR-SETUP); the Robot Raccoon #2 lays his own set of ruin items and
        takes his starting items from the second set (ruling R-BBP-RR2)."""
        f = self.faction
        g.emit(f, "BBP 2.1", "stand_in", "sets up as the Law's Vagabot does (7.3): the Robot Raccoon's own setup steps were on its board, lost from the text (stand-in, ruling R-BBP-RR-SETUP)")
        announce_paths(g, f)
        vs = choose_character(g, f)
        law.place_pawn(g, vs, f)
        law.get_quest(g, vs, f)
        law.populate_ruins(g, f)
        law.take_starting_items(g, vs, f)

    def birdsong(self, g: Game) -> None:
        R.reveal_order(g, self.faction, "BBP RR.3")
        craft_order(g, self.faction)
        slip(g, self.faction)

    def daylight(self, g: Game) -> None:
        if slipped(g.state, self.faction):
            g.emit(self.faction, "BBP RR.3", "skip", "skips Daylight: he slipped in Birdsong")
            return
        follow_path(g, self.faction)

    def evening(self, g: Game) -> None:
        rest(g, self.faction)
        repair(g, self.faction)
        R.discard_order(g, self.faction, "BBP RR.9")


def raccoon(s: GameState, faction: str = FACTION) -> RaccoonState:
    vs = s.factions[faction].board
    assert isinstance(vs, RaccoonState), f"{name(faction)} is not set up"
    return vs


def name(faction: str) -> str:
    """The bot as the log names him: the Robot Raccoon, or the Robot Raccoon #2 (BBP 4.2)."""
    return NAMES[faction]


# -- setup ---------------------------------------------------------------------------------------
def announce_paths(g: Game, faction: str = FACTION) -> None:
    """BBP RR.4: the paths this game plays, and where they come from."""
    s = g.state
    if is_stand_in(s.options):
        g.emit(faction, "BBP RR.4", "stand_in", "follows the bird path for every order: a stand-in, since the fox, rabbit and mouse paths were on its board, lost from the text (ruling R-BBP-RR-PATHS); paths: {paths}", paths=describe(s.options))
        return
    g.emit(faction, "BBP RR.4", "setup", "follows the paths of actions given from the table's board (options.{option}); paths: {paths}", option=OPTION, paths=describe(s.options))


def choose_character(g: Game, faction: str = FACTION) -> RaccoonState:
    """The character given (``options.vagabot_character``; the Robot Raccoon #2's
    ``options.vagabot2_character``), else one at random, as the Law's 7.3.1 (stand-in); his
    Special is that character's (ruling R-BBP-RR-SPECIAL)."""
    s = g.state
    given = s.options.get(CHARACTER_OPTIONS[faction])
    taken = taken_characters(s, faction)
    free = [c for c in CHARACTERS if c not in taken]
    if isinstance(given, str) and given in free:
        character, how = given, "as the game was set up"
    else:
        character = g.chance.pick(free, f"{name(faction)}'s character (7.3.1, stand-in)")
        how = f"at random from those the other Vagabond does not play ({', '.join(sorted(taken))} taken)" if taken else "at random"
    vs = RaccoonState(character)
    s.factions[faction].board = vs
    g.emit(faction, "7.3.1", "setup", "plays the {title}, chosen {how}", title=CHARACTER_TITLES[character], how=how, character=character)
    return vs


# -- Birdsong (BBP RR.3) -----------------------------------------------------------------------------
def craft_order(g: Game, faction: str = FACTION) -> bool:
    """BBP RR.3: the order shows an available item and he has an item he can exhaust: he exhausts
    it (all items are wildcards, RR.1), gains the card's item and 1 VP whatever the card lists;
    the card stays (ruling R-BBP-RR-CRAFT)."""
    s = g.state
    fs = s.factions[faction]
    if fs.order is None:
        return False
    card = s.deckdef.card(SHARED.services.bot_crafting(g, faction, fs.order))
    if card.kind != "item" or card.item is None:
        return False
    if s.item_supply.get(card.item, 0) <= 0:
        g.emit(faction, "BBP RR.3", "craft_skipped", "cannot craft {card}: no {item} left in the supply", card=card.label(), item=card.item)
        return False
    if not raccoon(s, faction).ready():
        g.emit(faction, "BBP RR.3", "craft_skipped", "cannot craft {card}: no item he can exhaust", card=card.label())
        return False
    satchel.exhaust(g, faction, 1, "BBP RR.3", f"to craft {card.label()}")
    s.item_supply[card.item] -= 1
    vs = raccoon(s, faction)
    vs.items.append(Item(card.item))
    moves = satchel.settle_track(vs)
    g.emit(faction, "BBP RR.3", "craft", "crafts {card}: the {item} goes face up into his Satchel ({n} items); the card stays his order", card=card.label(), item=card.item, n=len(vs.items))
    satchel.announce_track(g, faction, moves)
    R.score(g, faction, 1, "BBP RR.3", f"for crafting an item (the card lists {card.vp})")
    return True


def slipped(s: GameState, faction: str = FACTION) -> bool:
    """BBP RR.3's condition; nothing changes his items between the slip and Daylight."""
    return raccoon(s, faction).undamaged() <= SLIP_AT


def forest_rank(s: GameState, forest: int) -> tuple[int, ...]:
    """The forests' letters (A before B) were on the map images, lost: a forest ranks by the
    priorities of the clearings it touches, highest first (stand-in, ruling R-BBP-RR-SLIP)."""
    return tuple(sorted(s.map.forests[forest]))


def slip(g: Game, faction: str = FACTION) -> bool:
    """BBP RR.3: with 2 or fewer undamaged items, slip into the highest-priority forest next to
    him and skip Daylight."""
    s = g.state
    vs = raccoon(s, faction)
    u = vs.undamaged()
    if u > SLIP_AT:
        return False
    if vs.clearing is not None and R.snare_stops(g, faction, vs.clearing, "slip out of"):
        return True  # 11.8.2: the snare is removed instead of this move; Daylight is still skipped
    forests = law.adjacent_forests(s, vs)
    forest = min(forests, key=lambda f: forest_rank(s, f))
    origin = where(s, vs)
    put_pawn(s, vs, forest=forest, faction=faction)
    g.emit(
        faction, "BBP RR.3", "slip", "slips from {a} into {b} with only {u} undamaged item{pl}",
        lambda: f"the highest-priority forest next to him of {len(forests)}, ranked by the clearings each touches (the forests' letters are lost: stand-in, ruling R-BBP-RR-SLIP)",
        a=origin, b=forest_name(s, forest), u=u, pl="" if u == 1 else "s", forest=forest,
    )
    return True


# -- Daylight (BBP RR.4): the path of actions -------------------------------------------------------
def follow_path(g: Game, faction: str = FACTION) -> None:
    """BBP RR.4: the order suit's path, action by action; an action that cannot be completed in
    full is skipped and the next one is tried."""
    s = g.state
    suit = R.order_suit(s, faction)
    path = paths_of(s.options)[suit]
    source = "the text's" if suit == "bird" else ("stand-in: the bird path" if is_stand_in(s.options) else "given from the table's board")
    g.emit(faction, "BBP RR.4", "sequence", "{suit} order: {actions} ({source})", suit=suit, actions=", ".join(a.capitalize() for a in path), source=source)
    for action in path:
        ACTIONS[action](g, faction)


def cost_to(s: GameState, c: int, faction: str = FACTION) -> int:
    """BBP RR.5-RR.8: 1 item per move (0 if he is there)."""
    return law.moves_to(s, raccoon(s, faction), c, faction)


def closest(g: Game, what: str, candidates: list[int], rule: str, *tiebreaks: object, faction: str = FACTION) -> Choice:
    """The closest clearing (fewest moves), then the action's tie-breakers, then highest priority
    (BBP 4.1)."""
    s = g.state
    choice = choose_clearing(s, what, candidates, [fewest("fewest moves", lambda c: cost_to(s, c, faction), rule), *tiebreaks])  # type: ignore[list-item]
    choice.tiebreak = choice.tiebreak.replace("(2.1)", "(BBP 4.1)")
    return choice


def can_pay(g: Game, cost: int, action: str, where_to: str, faction: str = FACTION) -> bool:
    """BBP RR.4: an action he cannot pay in full is skipped."""
    ready = len(raccoon(g.state, faction).ready())
    if ready >= cost:
        return True
    g.emit(faction, "BBP RR.4", "skip", "skips {action}: it costs {cost} item{pl} ({where}) and he has {n} to exhaust", action=action, cost=cost, pl="" if cost == 1 else "s", where=where_to, n=ready)
    return False


def go(g: Game, c: int, rule: str, why: Callable[[], str], faction: str = FACTION) -> bool:
    """Move to ``c``, one exhausted item per move (the Vagabot's way, which snares and rivers also
    follow). Whether he got there."""
    return law.travel(g, c, rule, why, faction)


def explore(g: Game, faction: str = FACTION) -> None:
    """BBP RR.5: to the closest ruin (ties: highest priority), 1 per move + 1 to explore; he takes
    an item from under it (at random if it holds two). The ruin goes once empty."""
    s = g.state
    ruins = law.explorable(s, faction, limited=False)  # RR.5's note: he takes all eight (R-BBP-RR2)
    if not ruins:
        g.emit(faction, "BBP RR.5", "skip", "skips Explore: no ruin with an item is left")
        return
    choice = closest(g, "the closest ruin", ruins, "BBP RR.5", faction=faction)
    c = choice.target
    assert c is not None
    moves = cost_to(s, c, faction)
    if not can_pay(g, moves + EXPLORE_COST, "Explore", f"{moves} to move to {c}, {EXPLORE_COST} to explore", faction) or not go(g, c, "BBP RR.5", choice.explain, faction):
        return
    satchel.exhaust(g, faction, EXPLORE_COST, "BBP RR.5", f"to explore the ruin in {c}")
    law.explore_ruin(g, faction, c, "BBP RR.5", choice.explain, limited=False)  # BBP RR.5's note: any of the items


def quest(g: Game, faction: str = FACTION) -> None:
    """BBP RR.6: to the closest clearing of the active quest's suit, 1 per move + 2; 2 VP; the
    quest is discarded and a new one drawn."""
    s = g.state
    if not Q.face_up(s, faction):
        g.emit(faction, "BBP RR.6", "skip", "skips Quest: the quest deck is spent (ruling R-VAGABOT-QUESTS)")
        return
    choice = closest(g, *law.quest_clearings(s, faction, "closest"), "BBP RR.6", faction=faction)
    c = choice.target
    assert c is not None
    label = quest_label(law.quest_in(s, faction, c))
    moves = cost_to(s, c, faction)
    if not can_pay(g, moves + QUEST_COST, "Quest", f"{moves} to move to {c}, {QUEST_COST} to complete {label}", faction) or not go(g, c, "BBP RR.6", choice.explain, faction):
        return
    satchel.exhaust(g, faction, QUEST_COST, "BBP RR.6", f"to complete {label}")
    law.complete_quest(g, faction, law.quest_in(s, faction, c))
    g.emit(faction, "BBP RR.6", "quest", "completes the quest {quest} in {c}", choice.explain, quest=label, c=c)
    R.score(g, faction, QUEST_VP, "BBP RR.6", "for completing a quest")
    law.draw_quest(g, faction, "BBP RR.6")


def rewarded(g: Game, who: str, why: str) -> None:
    """BBP RR.7: a human draws a card, a bot scores 1 VP."""
    if g.state.factions[who].is_bot:
        R.score(g, who, 1, "BBP RR.7", why + " (a bot scores instead of drawing)")
    elif R.draw_into_hand(g, who):  # LoR 1.5.4: none when nothing is left to draw
        g.emit(who, "BBP RR.7", "draw", "draws a card {reason}", reason=why)


def aid(g: Game, faction: str = FACTION) -> None:
    """BBP RR.7: in his clearing, (1) he trades for every crafted item of each opponent there,
    one item exhausted per trade (the one he gains can pay for the next); each trade gives the
    opponent a card (a bot 1 VP) and him 1 VP; (2) if the player with the fewest VP has a piece
    there, they draw a card (a bot 1 VP) and he scores 1 VP (ruling R-BBP-RR-AID)."""
    s = g.state
    vs = raccoon(s, faction)
    if vs.clearing is None:
        g.emit(faction, "BBP RR.7", "skip", "skips Aid: he is in a forest")
        return
    c = vs.clearing
    partners = [f for f in sorted(s.clearings[c].factions_present()) if f != faction and s.is_enemy(faction, f) and s.factions[f].items]
    trades = 0
    for partner in choose_order(s, partners):
        trades += trade_all(g, partner, c, faction)
    lowest = lowest_player(g, c, faction)
    if not trades and lowest is None:
        g.emit(faction, "BBP RR.7", "skip", "skips Aid: no opponent in {c} has a crafted item, and the player with the fewest VP has no piece there", c=c)
        return
    if lowest is not None:
        g.emit(faction, "BBP RR.7", "aid", "aids {who} in {c}: the player with the fewest VP ({vp}) has a piece there", who=lowest, c=c, vp=s.factions[lowest].vp)
        rewarded(g, lowest, f"for {name(faction)}'s aid")
        R.score(g, faction, 1, "BBP RR.7", f"for aiding {lowest}, the player with the fewest VP")


def choose_order(s: GameState, players: list[str]) -> list[str]:
    """Players one after the other by setup order (BBP 4.2)."""
    out: list[str] = []
    left = list(players)
    while left:
        pick = choose_player_bbp(s, "whom to trade with next", left).target
        assert pick is not None
        out.append(pick)
        left.remove(pick)
    return out


def trade_all(g: Game, partner: str, c: int, faction: str = FACTION) -> int:
    """BBP RR.7 (1): every crafted item of ``partner``, oldest first, while he has an item to
    exhaust. Returns the trades made."""
    s = g.state
    vs = raccoon(s, faction)
    pfs = s.factions[partner]
    done = 0
    while pfs.items:
        if not vs.ready():
            g.emit(faction, "BBP RR.7", "stop", "stops trading with {who}: no item left to exhaust", who=partner)
            break
        kind = pfs.items[0]
        satchel.exhaust(g, faction, 1, "BBP RR.7", f"to trade with {partner}")
        pfs.items.remove(kind)
        vs.items.append(Item(kind))
        moves = satchel.settle_track(vs)
        g.emit(faction, "BBP RR.7", "trade", "trades with {who} in {c} for their {item}: face up in his Satchel ({n} items)", who=partner, c=c, item=kind, n=len(vs.items))
        satchel.announce_track(g, faction, moves)
        rewarded(g, partner, f"for the {kind} traded to {name(faction)}")
        R.score(g, faction, 1, "BBP RR.7", f"for trading with {partner}")
        done += 1
    return done


def lowest_player(g: Game, c: int, faction: str = FACTION) -> str | None:
    """BBP RR.7 (2): the player with the fewest VP, if they have a piece in ``c``; of several tied
    there, the first in setup order (BBP 4.2)."""
    s = g.state
    others = [f for f in s.turn_order if f != faction]
    if not others:
        return None
    low = min(s.factions[f].vp for f in others)
    there = [f for f in others if s.factions[f].vp == low and s.clearings[c].pieces_of(f)]
    return choose_player_bbp(s, "the player with the fewest VP", there).target if there else None


def battle_target(g: Game, faction: str = FACTION) -> Choice:
    """BBP RR.1, RR.8: the opponent with the highest score (ties: setup order, BBP 4.2) who has a
    piece on the map."""
    s = g.state
    return choose_player_bbp(
        s,
        "whom to battle",
        [f for f in s.turn_order if f != faction and s.is_enemy(faction, f)],
        [most("most VP", victory_points(s), "BBP RR.8")],
        legal=lambda f: None if any(s.clearings[c].pieces_of(f) for c in CLEARINGS) else "no pieces on the map",
    )


def battle_action(g: Game, faction: str = FACTION) -> None:
    """BBP RR.8: the battle, then again as many times as he can pay, each time for 2 to battle."""
    cost = BATTLE_COST
    while battle_once(g, cost, faction):
        cost = REPEAT_BATTLE_COST


def battle_once(g: Game, cost: int, faction: str = FACTION) -> bool:
    """BBP RR.8: to the closest clearing with the target's pieces (ties: most of its buildings and
    tokens, fewest of its warriors, highest priority), 1 per move + ``cost``; 1 VP per piece of
    his he removes as attacker (ruling R-BBP-RR-BATTLE). Whether he battled."""
    s = g.state
    target = battle_target(g, faction)
    defender = target.target
    again = " again" if cost > BATTLE_COST else ""
    if defender is None:
        g.emit(faction, "BBP RR.8", "skip", "skips Battle{again}: no opponent has a piece on the map", again=again)
        return False
    choice = closest(
        g,
        f"the closest clearing with pieces of {defender}",
        [c for c in CLEARINGS if s.clearings[c].pieces_of(defender)],
        "BBP RR.8",
        most(f"most {defender} buildings and tokens", lambda c: s.clearings[c].buildings_of(defender) + s.clearings[c].tokens_of(defender), "BBP RR.8"),
        fewest(f"fewest {defender} warriors", lambda c: s.warriors(defender, c), "BBP RR.8"),
        faction=faction,
    )
    c = choice.target
    assert c is not None
    moves = cost_to(s, c, faction)
    why = lambda: f"{target.explain()}; {choice.explain()}"  # noqa: E731
    if not can_pay(g, moves + cost, f"Battle{again}", f"{moves} to move to {c}, {cost} to battle", faction) or not go(g, c, "BBP RR.8", why, faction):
        return False
    if not can_battle(s, faction, defender, c):
        return False
    satchel.exhaust(g, faction, cost, "BBP RR.8", f"to battle {defender}{again}")
    before = pieces_but_pawn(s, defender, c)
    battle(g, faction, defender, c, "BBP RR.8", why=why)
    removed = before - pieces_but_pawn(s, defender, c)
    if removed > 0 and s.winner is None:
        R.score(g, faction, removed, "BBP RR.8", f"for removing {removed} piece{'s' if removed > 1 else ''} of {defender} as attacker")
    return True


def pieces_but_pawn(s: GameState, faction: str, c: int) -> int:
    cl = s.clearings[c]
    return cl.warriors.get(faction, 0) + cl.buildings_of(faction) + cl.tokens_of(faction)


def special(g: Game, faction: str = FACTION) -> None:
    """BBP RR.10: the character's ability, used only by this action. The character cards' text
    for this bot is lost: the Law's Vagabot's action of the same character stands in (7.7, its
    cost one item, 7.5.6; ruling R-BBP-RR-SPECIAL)."""
    vs = raccoon(g.state, faction)
    title = CHARACTER_TITLES[vs.character]
    g.emit(faction, "BBP RR.10", "stand_in", "Special: the {title}'s ability as the Law's Vagabot takes it (7.7), standing in for the lost character card (ruling R-BBP-RR-SPECIAL)", title=title)
    law.special(g, faction)


# -- Evening (BBP RR.9) --------------------------------------------------------------------------------
def rest(g: Game, faction: str = FACTION) -> None:
    """BBP RR.9: refresh 4 items, 2 more with no damaged item."""
    vs = raccoon(g.state, faction)
    n = REFRESH + (0 if vs.damaged() else REFRESH_UNDAMAGED_BONUS)
    satchel.refresh(g, faction, n, "BBP RR.9")


def repair(g: Game, faction: str = FACTION) -> None:
    """BBP RR.9: repair and refresh one item, or all of them in a forest (exhausted ones first,
    so the refresh counts)."""
    s = g.state
    vs = raccoon(s, faction)
    damaged = sorted((i for i in vs.items if i.damaged), key=lambda i: not i.exhausted)
    if not damaged:
        return
    chosen: list[Item] = damaged if vs.forest is not None else damaged[:1]
    for item in chosen:
        item.damaged = False
        item.exhausted = False
    moves = satchel.settle_track(vs)
    place = "in a forest: all of them" if vs.forest is not None else f"in clearing {vs.clearing}: one"
    g.emit(faction, "BBP RR.9", "repair", "repairs and refreshes {n} item{pl} ({place}; {d} damaged left)", n=len(chosen), pl="" if len(chosen) == 1 else "s", place=place, d=vs.damaged(), items=", ".join(i.kind for i in chosen))
    satchel.announce_track(g, faction, moves)


ACTIONS: dict[str, Callable[[Game, str], None]] = {  # each takes the seat playing it
    "explore": explore,
    "quest": quest,
    "aid": aid,
    "battle": battle_action,
    "special": special,
}
