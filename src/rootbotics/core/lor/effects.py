"""The persistent effects of the shared deck (base game) at their times in a human seat's turn:
the start of Birdsong (Better Burrow Bank), Birdsong (Royal Claim, Stand and Deliver!), the start
of Daylight (Command Warren), once in Daylight (Tax Collector, Codebreakers), the start of Evening
(Cobbler). Those used in battle are in ``core/battle_cards.py``. Where a card reaches a bot, the Law of
Robotics' 2.8.1 applies: a bot has no hand (ruling R-LOR-BOT-HANDS)."""

from __future__ import annotations

from collections.abc import Callable

from ..context import Game
from ..faction import rules_of
from ..maps import CLEARINGS
from ..moves import DONE, MOVE_TEXT, Move, ask
from ..rules import discard, draw_into_hand, remove_warriors, ruled_clearings, score
from ..state import GameState
from .battling import ask_battle, can_take_battle
from . import exiles
from .cards import card_label, draw, in_play
from .moving import ask_move, can_take_move
from .offers import take_turn_offer, turn_offers

RULE = "LoR 4.1.3"  # a persistent effect acts as its card says


def others(state: GameState, faction: str, humans_only: bool = False) -> list[str]:
    return [f for f in state.turn_order if f != faction and not (humans_only and state.factions[f].is_bot)]


# -- the start of Birdsong -----------------------------------------------------------------------
def in_chosen_order(g: Game, faction: str, step: str, effects: list[tuple[str, Callable[[Game, str], None]]]) -> None:
    """LoR 1.1.3: effects of the same moment (the start of a phase) resolve in the order the
    seat taking its turn chooses; it is asked only when two or more are in play."""
    s = g.state
    pending = [(name, run) for name, run in effects if in_play(s, faction, name) is not None]
    while pending:
        if len(pending) == 1:
            pending[0][1](g, faction)
            return
        moves = [Move("effect", (name,), "LoR 1.1.3") for name, _ in pending]
        first = ask(g, faction, step, "LoR 1.1.3", moves, "which effect resolves first").args[0]
        i = next(i for i, (name, _) in enumerate(pending) if name == first)
        pending.pop(i)[1](g, faction)


def birdsong_start(g: Game, faction: str) -> None:
    """The effects at the start of Birdsong, in the order the seat chooses (LoR 1.1.3)."""
    effects = [("better_burrow_bank", better_burrow_bank)]
    if g.state.deckdef.exiles:
        effects = [("coffin_makers", exiles.coffin_makers), ("saboteurs", exiles.saboteurs), *effects]
    in_chosen_order(g, faction, "birdsong.start", effects)


def better_burrow_bank(g: Game, faction: str) -> None:
    """Better Burrow Bank: the seat and another player of its choice each draw a card. A bot
    holds no cards (2.8.1), so only humans are offered; with none, the seat draws alone."""
    s = g.state
    if in_play(s, faction, "better_burrow_bank") is None:
        return
    draw(g, faction, 1, RULE, "for Better Burrow Bank")
    humans = others(s, faction, humans_only=True)
    if not humans:
        return
    other = ask(g, faction, "birdsong.better_burrow_bank", RULE, [Move("player", (f,), RULE) for f in humans], "who else draws a card").args[0]
    draw(g, other, 1, RULE, f"for {faction}'s Better Burrow Bank")


# -- Birdsong --------------------------------------------------------------------------------------
def birdsong_moves(state: GameState, faction: str, used: set[str]) -> list[Move]:
    """The Birdsong effects the seat may use now: Royal Claim (discarded to score), Stand and
    Deliver! (once per Birdsong)."""
    out = []
    claim = in_play(state, faction, "royal_claim")
    if claim is not None:
        out.append(Move("royal_claim", (claim,), RULE))
    if in_play(state, faction, "stand_and_deliver") is not None and "stand_and_deliver" not in used:
        out.extend(Move("stand_and_deliver", (f,), RULE) for f in others(state, faction) if state.factions[f].is_bot or state.factions[f].hand)
    if state.deckdef.exiles:
        out.extend(exiles.birdsong_moves(state, faction, used))
    return out


def birdsong_cards(g: Game, faction: str) -> None:
    """Offer the Birdsong effects (and other factions' offers, ``offers``) until the seat is
    done with them."""
    used: set[str] = set()
    while True:
        moves = birdsong_moves(g.state, faction, used) + turn_offers(g.state, faction)
        if not moves:
            return
        m = ask(g, faction, "birdsong.cards", RULE, [*moves, DONE], "use a card in Birdsong?")
        if m is DONE:
            return
        if take_turn_offer(g, faction, m):
            continue
        if m.kind == "royal_claim":
            royal_claim(g, faction, m.args[0])
        elif m.kind == "stand_and_deliver":
            used.add("stand_and_deliver")
            stand_and_deliver(g, faction, m.args[0])
        else:  # a card of the Exiles and Partisans deck
            exiles.apply_birdsong(g, faction, m, used)


def royal_claim(g: Game, faction: str, cid: int) -> None:
    s = g.state
    n = len(ruled_clearings(s, faction))
    g.emit(faction, RULE, "royal_claim", "discards Royal Claim: it rules {n} clearing{pl}", n=n, pl="" if n == 1 else "s")
    s.factions[faction].play_area.remove(cid)
    discard(g, cid)
    score(g, faction, n, RULE, "for Royal Claim")


def stand_and_deliver(g: Game, faction: str, victim: str) -> None:
    """Take a random card from ``victim``, who scores one VP; from a bot, draw instead (2.8.1)."""
    s = g.state
    vfs = s.factions[victim]
    if vfs.is_bot:
        draw_into_hand(g, faction)
        g.emit(faction, "2.8.1", "stand_and_deliver", "uses Stand and Deliver! on {victim}, a bot with no hand: draws a card instead", victim=victim)
    else:
        cid = g.chance.pick(list(vfs.hand), f"which card {faction} takes from {victim} (Stand and Deliver!)")
        g.emit(faction, RULE, "stand_and_deliver", "uses Stand and Deliver!: takes a random card from {victim}", victim=victim)
        vfs.hand.remove(cid)
        s.factions[faction].hand.append(cid)
    score(g, victim, 1, RULE, f"for {faction}'s Stand and Deliver!")


# -- Daylight --------------------------------------------------------------------------------------
def daylight_start(g: Game, faction: str) -> None:
    """Eyrie Emigre at the end of Birdsong, just before (ruling R-EP-EMIGRE); Command Warren: at
    the start of Daylight the seat may battle."""
    if g.state.deckdef.exiles:
        exiles.eyrie_emigre(g, faction)
    if in_play(g.state, faction, "command_warren") is not None and can_take_battle(g.state, faction):
        ask_battle(g, faction, RULE, optional=True, step="command_warren")


def daylight_moves(state: GameState, faction: str, used: set[str]) -> list[Move]:
    """The once-in-Daylight effects not yet used: Tax Collector (a warrior of its own off the map
    to draw a card), Codebreakers (look at a hand)."""
    out = []
    if "tax_collector" not in used and in_play(state, faction, "tax_collector") is not None:
        kept = rules_of(faction).kept_warriors  # a warlord is no warrior it may remove (LoR 14.2.2)
        out.extend(Move("tax_collector", (c,), RULE) for c in CLEARINGS if state.clearings[c].warriors.get(faction, 0) > kept(state, c, RULE))
    if "codebreakers" not in used and in_play(state, faction, "codebreakers") is not None:
        out.extend(Move("codebreakers", (f,), RULE) for f in others(state, faction, humans_only=True))
    if state.deckdef.exiles:
        out.extend(exiles.daylight_moves(state, faction, used))
    return out


def apply_daylight_move(g: Game, faction: str, m: Move, used: set[str]) -> bool:
    """Carry out a move of :func:`daylight_moves`; False for any other move."""
    if m.kind == "tax_collector":
        used.add("tax_collector")
        remove_warriors(g, faction, m.args[0], 1, RULE)
        draw(g, faction, 1, RULE, "for Tax Collector")
    elif m.kind == "codebreakers":
        used.add("codebreakers")
        seen = [card_label(c, g.state) for c in g.state.factions[m.args[0]].hand]
        g.emit(faction, RULE, "codebreakers", "looks at the hand of {other} with Codebreakers: {cards}", other=m.args[0], cards=", ".join(seen) or "no cards")
    else:
        return exiles.apply_daylight(g, faction, m, used)
    return True


# -- the start of Evening ------------------------------------------------------------------------
def evening_start(g: Game, faction: str) -> None:
    """The effects at the start of Evening, in the order the seat chooses (LoR 1.1.3)."""
    effects = [("cobbler", cobbler)]
    if g.state.deckdef.exiles:
        effects.insert(0, ("charm_offensive", exiles.charm_offensive))
    in_chosen_order(g, faction, "evening.start", effects)


def cobbler(g: Game, faction: str) -> None:
    """Cobbler: at the start of Evening the seat may take a move."""
    if in_play(g.state, faction, "cobbler") is not None and can_take_move(g.state, faction):
        ask_move(g, faction, RULE, optional=True, step="cobbler")


MOVE_TEXT["effect"] = lambda m: m.args[0].replace("_", " ").title()
MOVE_TEXT["royal_claim"] = lambda m: "discard Royal Claim to score one VP per clearing you rule"
MOVE_TEXT["stand_and_deliver"] = lambda m: f"Stand and Deliver! on the {m.args[0]}"
MOVE_TEXT["tax_collector"] = lambda m: f"Tax Collector: remove a warrior of yours in clearing {m.args[0]} to draw a card"
MOVE_TEXT["codebreakers"] = lambda m: f"Codebreakers: look at the {m.args[0]}'s hand"
MOVE_TEXT["player"] = lambda m: f"the {m.args[0]}"
