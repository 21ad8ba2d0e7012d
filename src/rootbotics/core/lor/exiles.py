"""The persistent effects of the Exiles and Partisans deck (LoR 19.2) at their times in a human
seat's turn, as legal moves: the start of Birdsong (Saboteurs), Birdsong (False Orders, Swap
Meet), the end of Birdsong (Eyrie Emigre), once in Daylight (Propaganda Bureau, League of
Adventurous Mice) and the start of Evening (Charm Offensive). The cards acting inside core's
rules are in ``core/exiles.py`` (Soup Kitchens, Corvid Planners, Boat Builders, Tunnels), those
of battle in ``core/battle_cards.py`` (the Partisans), of crafting in ``crafting.py`` (Master
Engravers) and ``core/rules.py`` (Murine Broker), of the Evening draw in ``cards.py``
(Informants). A bot has no hand (Law of Robotics 2.8.1, ruling R-EP-BOTS)."""

from __future__ import annotations

from .. import exiles as core_exiles
from ..context import Game
from ..faction import rules_of
from ..maps import CLEARINGS
from ..moves import DONE, MOVE_TEXT, Move, ask, yes_no
from ..paths import adjacent_for
from ..rules import discard, draw_into_hand, give_card_to_bot, matches, moved_into, place_warriors, remove_warriors, score, snared
from ..state import GameState
from .battling import ask_battle, battle_clearings
from .cards import ask_card, draw, in_play, spend
from .moving import ask_move, can_take_move

RULE = "LoR 4.1.3"  # a persistent effect acts as its card says


def _others(state: GameState, faction: str) -> list[str]:
    return [f for f in state.turn_order if f != faction]


def _discard_own(g: Game, faction: str, cid: int, what: str) -> None:
    card = g.state.deckdef.cards[cid]
    g.emit(faction, RULE, "discard_play_card", "discards {card} from its play area {what}", card=card.label(), card_id=card.name, what=what)
    g.state.factions[faction].play_area.remove(cid)
    discard(g, cid)


# -- the start of Birdsong: Coffin Makers --------------------------------------------------------
def coffin_makers(g: Game, faction: str) -> None:
    """Coffin Makers: one VP per five warriors on the card, then they all return to their
    supplies."""
    s = g.state
    if in_play(s, faction, "coffin_makers") is None or not s.coffin:
        return
    n = sum(s.coffin.values())
    core_exiles.empty_coffin(g)
    score(g, faction, n // 5, RULE, f"for Coffin Makers ({n} warriors on it)")


# -- the start of Birdsong: Saboteurs ------------------------------------------------------------
def saboteurs(g: Game, faction: str) -> None:
    """Saboteurs: the seat may discard it to discard a card an enemy crafted (in its play area).
    A bot crafts no persistent effect (Law of Robotics 1.1.3), so only humans' cards are targets."""
    s = g.state
    own = in_play(s, faction, "saboteurs")
    if own is None:
        return
    targets = [Move("saboteurs", (f, cid), RULE) for f in _others(s, faction) if s.is_enemy(faction, f) for cid in s.factions[f].play_area]
    if not targets:
        return
    m = ask(g, faction, "birdsong.saboteurs", RULE, [*targets, DONE], "discard Saboteurs to discard an enemy's crafted card?")
    if m is DONE:
        return
    enemy, cid = m.args
    _discard_own(g, faction, own, "to use it")
    card = s.deckdef.cards[cid]
    g.emit(faction, RULE, "saboteurs", "uses Saboteurs: the {enemy} discards {card} from its play area", enemy=enemy, card=card.label(), card_id=card.name)
    s.factions[enemy].play_area.remove(cid)
    discard(g, cid)
    if card.name == "coffin_makers":  # what lay on the card returns to the supplies (ruling R-EP-COFFIN)
        core_exiles.empty_coffin(g)


# -- Birdsong: False Orders, Swap Meet -----------------------------------------------------------
def false_orders_origins(state: GameState, faction: str) -> list[Move]:
    """Where False Orders can move an enemy's warriors: a clearing with its warriors, a path out
    (the enemy's paths), no snare holding them (11.7.2)."""
    out = []
    for f in _others(state, faction):
        if not state.is_enemy(faction, f):
            continue
        for c in CLEARINGS:
            if state.clearings[c].warriors.get(f, 0) > 0 and adjacent_for(state, f, c) and not snared(state, f, c):
                out.append(Move("false_orders", (f, c), RULE))
    return out


def birdsong_moves(state: GameState, faction: str, used: set[str]) -> list[Move]:
    """False Orders (discarded to move an enemy), Swap Meet (once in Birdsong)."""
    out: list[Move] = []
    if in_play(state, faction, "false_orders") is not None:
        out.extend(false_orders_origins(state, faction))
    if "swap_meet" not in used and in_play(state, faction, "swap_meet") is not None:
        out.extend(Move("swap_meet", (f,), RULE) for f in _others(state, faction) if state.factions[f].is_bot or state.factions[f].hand)
    return out


def apply_birdsong(g: Game, faction: str, m: Move, used: set[str]) -> bool:
    if m.kind == "false_orders":
        false_orders(g, faction, *m.args)
    elif m.kind == "swap_meet":
        used.add("swap_meet")
        swap_meet(g, faction, m.args[0])
    else:
        return False
    return True


def false_orders(g: Game, faction: str, enemy: str, a: int) -> None:
    """False Orders (with its errata): the seat discards it and moves half, rounded up, of the
    enemy's warriors in ``a`` to an adjacent clearing of its choice, ignoring rule."""
    s = g.state
    own = in_play(s, faction, "false_orders")
    assert own is not None, "False Orders is offered only from the play area"
    _discard_own(g, faction, own, "to use it")
    b = ask(g, faction, "false_orders.to", RULE, [Move("to", (b,), RULE) for b in adjacent_for(s, enemy, a)], f"move the {enemy}'s warriors from {a} to which clearing").args[0]
    have = s.clearings[a].warriors[enemy]
    n = (have + 1) // 2
    src, dst = s.clearings[a].warriors, s.clearings[b].warriors
    if have == n:
        del src[enemy]
    else:
        src[enemy] = have - n
    dst[enemy] = dst.get(enemy, 0) + n
    g.emit(faction, RULE, "false_orders", "uses False Orders: moves {n} of the {enemy}'s warriors from {a} to {b}, ignoring rule", n=n, enemy=enemy, a=a, b=b)
    moved_into(g, enemy, b)


def swap_meet(g: Game, faction: str, other: str) -> None:
    """Swap Meet: take a random card of ``other``, then give it a card. From a bot the seat
    draws instead, and a card given to a bot is discarded for one VP to the bot (2.8.1)."""
    s = g.state
    fs, ofs = s.factions[faction], s.factions[other]
    if ofs.is_bot:
        draw_into_hand(g, faction)
        g.emit(faction, "2.8.1", "swap_meet", "uses Swap Meet on {other}, a bot with no hand: draws a card instead", other=other)
    else:
        cid = g.chance.pick(list(ofs.hand), f"which card {faction} takes from {other} (Swap Meet)")
        ofs.hand.remove(cid)
        fs.hand.append(cid)
        g.emit(faction, RULE, "swap_meet", "uses Swap Meet: takes a random card from {other}", other=other)
    gift = ask_card(g, faction, "swap_meet.give", RULE, fs.hand, f"give which card to the {other}")
    if ofs.is_bot:
        give_card_to_bot(g, faction, other, gift, "Swap Meet")
        return
    fs.hand.remove(gift)
    ofs.hand.append(gift)
    g.emit(faction, RULE, "give", "gives a card to {other} (Swap Meet)", other=other)


# -- the end of Birdsong: Eyrie Emigre -----------------------------------------------------------
def eyrie_emigre(g: Game, faction: str) -> None:
    """Eyrie Emigre: a move, then a battle in the clearing moved into; if the seat did not do
    both, it discards the card (ruling R-EP-EMIGRE)."""
    s = g.state
    cid = in_play(s, faction, "eyrie_emigre")
    if cid is None:
        return
    taken = ask_move(g, faction, RULE, step="eyrie_emigre") if can_take_move(s, faction) else None
    if taken is not None and battle_clearings(s, faction, (taken[1],)):
        ask_battle(g, faction, RULE, among=(taken[1],), step="eyrie_emigre")
        return
    _discard_own(g, faction, cid, "(Eyrie Emigre: it did not both move and battle)")


# -- once in Daylight: Propaganda Bureau, League of Adventurous Mice ----------------------------
def daylight_moves(state: GameState, faction: str, used: set[str]) -> list[Move]:
    out: list[Move] = []
    fs = state.factions[faction]
    if "propaganda_bureau" not in used and fs.hand and in_play(state, faction, "propaganda_bureau") is not None:
        deck = state.deckdef.cards
        for c in CLEARINGS:
            suit = state.suits[c] or ""
            if bureau_enemies(state, faction, c) and any(matches(deck[cid].suit, suit) for cid in fs.hand):
                out.append(Move("propaganda_bureau", (c,), RULE))
    if "league" not in used and fs.items and in_play(state, faction, "league_of_adventurous_mice") is not None:
        if can_take_move(state, faction):
            out.append(Move("league", ("move",), RULE))
        if battle_clearings(state, faction):
            out.append(Move("league", ("battle",), RULE))
    return out


def apply_daylight(g: Game, faction: str, m: Move, used: set[str]) -> bool:
    if m.kind == "propaganda_bureau":
        used.add("propaganda_bureau")
        propaganda_bureau(g, faction, m.args[0])
    elif m.kind == "league":
        used.add("league")
        item = g.state.factions[faction].items[0]
        g.emit(faction, RULE, "league", "exhausts {item:an item} in its Crafted Items box (League of Adventurous Mice) to {what}", item=item, what=m.args[0])
        if m.args[0] == "move":
            ask_move(g, faction, RULE, step="league")
        else:
            ask_battle(g, faction, RULE, step="league")
    else:
        return False
    return True


def bureau_enemies(state: GameState, faction: str, c: int) -> list[str]:
    """Enemies with a warrior in ``c`` that may be removed (not a warlord alone, LoR 14.2.2)."""
    cl = state.clearings[c]
    return [f for f in state.turn_order if f != faction and state.is_enemy(faction, f) and cl.warriors.get(f, 0) > rules_of(f).kept_warriors(state, c, RULE)]


def propaganda_bureau(g: Game, faction: str, c: int) -> None:
    """Spend a card matching ``c`` to remove an enemy warrior there and place one of the seat's."""
    s = g.state
    deck = s.deckdef.cards
    suit = s.suits[c] or ""
    cid = ask_card(g, faction, "propaganda_bureau.card", RULE, [x for x in s.factions[faction].hand if matches(deck[x].suit, suit)], f"spend which card for clearing {c}")
    enemies = bureau_enemies(s, faction, c)
    enemy = enemies[0] if len(enemies) == 1 else ask(g, faction, "propaganda_bureau.enemy", RULE, [Move("player", (f,), RULE) for f in enemies], "whose warrior").args[0]
    spend(g, faction, cid, RULE, "for Propaganda Bureau")
    remove_warriors(g, enemy, c, 1, RULE, by=faction)
    place_warriors(g, faction, c, 1, RULE)


# -- the start of Evening: Charm Offensive -------------------------------------------------------
def charm_offensive(g: Game, faction: str) -> None:
    """Charm Offensive: the seat may draw a card; another player of its choice then scores one VP."""
    s = g.state
    if in_play(s, faction, "charm_offensive") is None or not (s.deck or s.discard):
        return
    if not yes_no(g, faction, "evening.charm_offensive", RULE, "Charm Offensive: draw a card, and another player scores one VP?"):
        return
    draw(g, faction, 1, RULE, "for Charm Offensive")
    other = ask(g, faction, "charm_offensive.player", RULE, [Move("player", (f,), RULE) for f in _others(s, faction)], "who scores one VP").args[0]
    score(g, other, 1, RULE, f"for {faction}'s Charm Offensive")


MOVE_TEXT["saboteurs"] = lambda m: f"Saboteurs: make the {m.args[0]} discard its crafted card {m.args[1]}"
MOVE_TEXT["false_orders"] = lambda m: f"False Orders: move half the {m.args[0]}'s warriors out of clearing {m.args[1]}"
MOVE_TEXT["swap_meet"] = lambda m: f"Swap Meet with the {m.args[0]}"
MOVE_TEXT["propaganda_bureau"] = lambda m: f"Propaganda Bureau in clearing {m.args[0]}"
MOVE_TEXT["league"] = lambda m: f"League of Adventurous Mice: exhaust an item to {m.args[0]}"
