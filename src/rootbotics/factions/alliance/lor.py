"""The Woodland Alliance by the Law of Root (LoR 8), for a seat played by legal moves: its setup,
Birdsong (Revolt, then Spread Sympathy), Daylight (Craft with sympathy, Mobilize, Train, in any
order) and Evening (Military Operations up to its officers, then the draw). The Supporters stack,
officers and a lost base are in ``supporters.py``; Guerrilla War (LoR 8.2.2) and Outrage
(LoR 8.2.6) act through the faction's hooks in ``faction.py``, whoever's turn it is."""

from __future__ import annotations

from ...core.context import Game
from ...core.lor.battling import ask_battle, can_take_battle
from ...core.lor.cards import ask_card, draw_and_discard, matching, spend
from ...core.lor.crafting import CRAFT_SUITS, craft, craft_moves
from ...core.lor.effects import daylight_start, evening_start
from ...core.lor.offers import take_turn_offer, turn_offers
from ...core.lor.moving import ask_move, can_take_move
from ...core.lor.turn import apply_free_daylight, free_daylight_moves, play_turn
from ...core.maps import CLEARINGS
from ...core.moves import DONE, MOVE_TEXT, Move, ask
from ...core.rules import draw_card, may_place_in, place_building, place_token, place_warriors, remove_all_enemy_pieces, remove_warriors, score, snared
from ...core.state import GameState
from .board import BASES, FACTION
from .supporters import add_supporter, alliance_board, bases_on_map, matching_supporters, pay_supporters, train_officer

SYMPATHY = 10  # LoR 8.2.5
# The Sympathy track (the board): supporters to spend, and VP scored, for the n-th token placed
# (the space it uncovers). VP per ruling R-LOR-SYMPATHY-VP.
SPREAD_COST: tuple[int, ...] = (1, 1, 1, 2, 2, 2, 3, 3, 3, 3)
SYMPATHY_VP: tuple[int, ...] = (0, 1, 1, 1, 2, 2, 3, 4, 4, 4)
MARTIAL_LAW_WARRIORS = 3  # LoR 8.4.2.2.1
REVOLT_COST = 2  # LoR 8.4.1.2
SETUP_SUPPORTERS = 3  # LoR 8.3.4


# -- the board ----------------------------------------------------------------------------------
def placed(state: GameState) -> int:
    """Sympathy tokens off the track (those in the supply lie on it)."""
    return SYMPATHY - state.factions[FACTION].supply.get("sympathy", 0)


def sympathetic(state: GameState) -> list[int]:
    """LoR 8.2.5.2: the clearings with a sympathy token."""
    return [c for c in CLEARINGS if (FACTION, "sympathy") in state.clearings[c].tokens]


def linked(state: GameState, c: int) -> tuple[int, ...]:
    """Clearings joined to ``c`` by a path (LoR 2.2.1): a closed path on the Mountain is none
    until opened (LoR C.3.2)."""
    m = state.map
    if not m.closed_paths:
        return m.adjacent[c]
    extra = [b if a == c else a for a, b in state.opened_paths if c in (a, b)]
    return tuple(sorted(set(m.open_adjacent[c]).union(extra)))


def may_place_sympathy(state: GameState, c: int) -> bool:
    """An unsympathetic clearing where a token may be placed (LoR 8.2.5.1; the keep, 6.2.2; a
    snare, 11.7.2)."""
    return (FACTION, "sympathy") not in state.clearings[c].tokens and may_place_in(state, FACTION, c) and not snared(state, FACTION, c)


# -- setup (LoR 8.3) ------------------------------------------------------------------------------
def setup(g: Game) -> None:
    """LoR 8.3: the warriors, bases and sympathy start in the supply (on the faction board);
    three cards are drawn face down into the Supporters stack."""
    s = g.state
    fs = s.factions[FACTION]
    g.emit(FACTION, "LoR 8.3.1", "setup", "forms a supply of {w} warriors; its 3 bases fill the Bases box and its {t} sympathy tokens the Sympathy track (LoR 8.3.2-8.3.3)", w=fs.supply.get("warrior", 0), t=fs.supply.get("sympathy", 0))
    alliance_board(s)
    n = 0
    for _ in range(SETUP_SUPPORTERS):
        if not s.deck and not s.discard:
            break
        add_supporter(g, draw_card(g, FACTION))
        n += 1
    g.emit(FACTION, "LoR 8.3.4", "supporters", "draws {n} cards face down into its Supporters stack", n=n)


# -- the turn -------------------------------------------------------------------------------------
def turn(g: Game) -> None:
    """The seat's turn (LoR 1.4.1)."""
    play_turn(g, FACTION, birdsong, daylight, evening)


def birdsong(g: Game) -> None:
    """LoR 8.4: first Revolt any number of times, then Spread Sympathy any number of times."""
    while True:
        options = revolt_options(g.state)
        if not options:
            break
        m = ask(g, FACTION, "birdsong.revolt", "LoR 8.4.1", [*(Move("revolt", (c,), "LoR 8.4.1.1") for c in options), DONE], "revolt in which clearing?")
        if m is DONE:
            break
        revolt(g, m.args[0])
    while True:
        options = spread_options(g.state)
        if not options:
            return
        m = ask(g, FACTION, "birdsong.spread", "LoR 8.4.2", [*(Move("spread", (c,), "LoR 8.4.2.1") for c in options), DONE], "spread sympathy to which clearing?")
        if m is DONE:
            return
        spread(g, m.args[0])


def revolt_options(state: GameState) -> list[int]:
    """LoR 8.4.1.1-8.4.1.2: sympathetic clearings without a base, whose suit's base is still on
    the faction board, with two matching supporters to spend."""
    supply = state.factions[FACTION].supply
    out = []
    for c in sympathetic(state):
        suit = state.suit(c)
        if any(f == FACTION and k in BASES.values() for f, k in state.clearings[c].buildings):
            continue
        if supply.get(BASES[suit], 0) > 0 and len(matching_supporters(state, suit)) >= REVOLT_COST:
            out.append(c)
    return out


def revolt(g: Game, c: int) -> None:
    """LoR 8.4.1.2-8.4.1.3: spend two supporters, remove every enemy piece (scoring for
    buildings and tokens, LoR 3.2.1), place the base and a warrior per sympathetic clearing of
    its suit, then train one officer."""
    s = g.state
    suit = s.suit(c)
    pay_supporters(g, suit, REVOLT_COST, "LoR 8.4.1.2", f"to revolt in {c}")
    remove_all_enemy_pieces(g, FACTION, c, "LoR 8.4.1.3")
    if not place_building(g, FACTION, c, BASES[suit], "LoR 8.4.1.3"):
        g.emit(FACTION, "LoR 1.5.4", "no_room", "cannot place its {suit} base in {c}: no free slot", suit=suit, c=c)
    n = sum(1 for k in sympathetic(s) if s.suit(k) == suit)
    place_warriors(g, FACTION, c, n, "LoR 8.4.1.3", why=lambda: f"one per sympathetic {suit} clearing")
    train_officer(g, "LoR 8.4.1.3")


def martial_law(state: GameState, c: int) -> int:
    """LoR 8.4.2.2.1: one more supporter where another player has three or more warriors."""
    return 1 if any(state.warriors(f, c) >= MARTIAL_LAW_WARRIORS for f in state.turn_order if f != FACTION) else 0


def spread_cost(state: GameState, c: int) -> int:
    return SPREAD_COST[placed(state)] + martial_law(state, c)


def spread_targets(state: GameState) -> list[int]:
    """LoR 8.4.2.1: unsympathetic clearings next to a sympathetic one; any clearing when none is
    sympathetic. Only where a token may be placed."""
    have = sympathetic(state)
    if have:
        near = {b for a in have for b in linked(state, a)}
        return [c for c in CLEARINGS if c in near and may_place_sympathy(state, c)]
    return [c for c in CLEARINGS if may_place_sympathy(state, c)]


def spread_options(state: GameState) -> list[int]:
    """Targets the seat can pay for (LoR 8.4.2.2), while tokens are left on the track."""
    if placed(state) >= SYMPATHY:
        return []
    return [c for c in spread_targets(state) if len(matching_supporters(state, state.suit(c))) >= spread_cost(state, c)]


def spread(g: Game, c: int) -> None:
    s = g.state
    cost = spread_cost(s, c)
    if martial_law(s, c):
        g.emit(FACTION, "LoR 8.4.2.2.1", "martial_law", "Martial Law: another player has three or more warriors in {c}, one more supporter", c=c)
    pay_supporters(g, s.suit(c), cost, "LoR 8.4.2.2", f"to spread sympathy to {c}")
    place_sympathy(g, c, "LoR 8.4.2.3")


def place_sympathy(g: Game, c: int, rule: str) -> None:
    """Place a token and score the space it uncovers (LoR 8.4.2.3, 8.6.1.4)."""
    n = placed(g.state)
    if place_token(g, FACTION, c, "sympathy", rule):
        score(g, FACTION, SYMPATHY_VP[n], rule, "for the Sympathy track's uncovered space")


# -- Daylight (LoR 8.5) ------------------------------------------------------------------------------
def sympathy_pieces(state: GameState) -> dict[str, int]:
    """Crafting pieces: a sympathy token counts for its clearing's suit (LoR 8.2.1)."""
    pieces = dict.fromkeys(CRAFT_SUITS, 0)
    for c in sympathetic(state):
        pieces[state.suit(c)] += 1
    return pieces


crafting_pieces = sympathy_pieces  # what a Rootlog line's craft can be paid with (table/published_law.py)


def train_cards(state: GameState) -> list[int]:
    """LoR 8.5.3: hand cards matching the clearing of a base on the map (birds too), while a
    warrior is left to become an officer."""
    if state.factions[FACTION].supply.get("warrior", 0) <= 0:
        return []
    suits = {state.suit(c) for c in bases_on_map(state)}
    return sorted({cid for suit in suits for cid in matching(state, FACTION, suit)}, key=state.factions[FACTION].hand.index)


def daylight_moves(state: GameState, pieces: dict[str, int], used: set[str]) -> list[Move]:
    out = list(craft_moves(state, FACTION, pieces, "LoR 8.5.1"))
    if state.factions[FACTION].hand:
        out.append(Move("mobilize", (), "LoR 8.5.2"))
    if train_cards(state):
        out.append(Move("train", (), "LoR 8.5.3"))
    return [*out, *free_daylight_moves(state, FACTION, used)]


def daylight(g: Game) -> None:
    """LoR 8.5: craft, mobilize and train in any order and number."""
    daylight_start(g, FACTION)
    s = g.state
    pieces = sympathy_pieces(s)
    used: set[str] = set()
    while True:
        m = ask(g, FACTION, "daylight.action", "LoR 8.5", [*daylight_moves(s, pieces, used), DONE], "craft, mobilize or train?")
        if m is DONE:
            return
        if apply_free_daylight(g, FACTION, m, used):
            continue
        if m.kind == "craft":
            craft(g, FACTION, m.args[0], pieces, "LoR 8.5.1")
        elif m.kind == "mobilize":
            cid = ask_card(g, FACTION, "mobilize.card", "LoR 8.5.2", s.factions[FACTION].hand, "add which card to your Supporters")
            s.factions[FACTION].hand.remove(cid)
            add_supporter(g, cid)
            g.emit(FACTION, "LoR 8.5.2", "mobilize", "adds a card from its hand to its Supporters")
        else:
            cid = ask_card(g, FACTION, "train.card", "LoR 8.5.3", train_cards(s), "spend which card matching a base")
            spend(g, FACTION, cid, "LoR 8.5.3", "to train an officer")
            train_officer(g, "LoR 8.5.3")


# -- Evening (LoR 8.6) -------------------------------------------------------------------------------
def recruit_options(state: GameState) -> list[int]:
    """LoR 8.6.1.3: base clearings where a warrior may be placed."""
    if state.factions[FACTION].supply.get("warrior", 0) <= 0:
        return []
    return [c for c in bases_on_map(state) if may_place_in(state, FACTION, c) and not snared(state, FACTION, c)]


def organize_options(state: GameState) -> list[int]:
    """LoR 8.6.1.4: unsympathetic clearings with an Alliance warrior, while tokens are left."""
    if placed(state) >= SYMPATHY:
        return []
    return [c for c in CLEARINGS if state.warriors(FACTION, c) > 0 and may_place_sympathy(state, c)]


def operation_moves(state: GameState) -> list[Move]:
    out = []
    if can_take_move(state, FACTION):
        out.append(Move("move", (), "LoR 8.6.1.1"))
    if can_take_battle(state, FACTION):
        out.append(Move("battle", (), "LoR 8.6.1.2"))
    if recruit_options(state):
        out.append(Move("recruit", (), "LoR 8.6.1.3"))
    if organize_options(state):
        out.append(Move("organize", (), "LoR 8.6.1.4"))
    return out


def operations(g: Game) -> None:
    """LoR 8.6.1: actions up to the number of officers (officers lost meanwhile, LoR 8.2.4, cut
    what is left); before, between and after them, the other factions' offers (LoR 13.2.4, until
    8.6.2 begins, LoR 1.4.3)."""
    s = g.state
    done = 0
    while True:
        moves = operation_moves(s) if done < alliance_board(s).officers else []
        offers = turn_offers(s, FACTION)
        if not moves and not offers:
            return
        m = ask(g, FACTION, "evening.operation", "LoR 8.6.1", [*moves, *offers, DONE], f"military operation {done + 1} of {alliance_board(s).officers}" if moves else "before drawing: anything the other factions allow?")
        if m is DONE:
            return
        if take_turn_offer(g, FACTION, m):
            continue
        done += 1
        if m.kind == "move":
            ask_move(g, FACTION, "LoR 8.6.1.1", step="operation.move")
        elif m.kind == "battle":
            ask_battle(g, FACTION, "LoR 8.6.1.2", step="operation.battle")
        elif m.kind == "recruit":
            c = ask(g, FACTION, "recruit.where", "LoR 8.6.1.3", [Move("clearing", (c,), "LoR 8.6.1.3") for c in recruit_options(s)], "recruit at which base").args[0]
            place_warriors(g, FACTION, c, 1, "LoR 8.6.1.3")
        else:
            c = ask(g, FACTION, "organize.where", "LoR 8.6.1.4", [Move("clearing", (c,), "LoR 8.6.1.4") for c in organize_options(s)], "organize in which clearing").args[0]
            remove_warriors(g, FACTION, c, 1, "LoR 8.6.1.4", by=FACTION)
            place_sympathy(g, c, "LoR 8.6.1.4")


def evening(g: Game) -> None:
    """LoR 8.6: Military Operations, then draw one card plus one per uncovered draw bonus (one
    under each base on the map) and discard down to five."""
    evening_start(g, FACTION)
    operations(g)
    draw_and_discard(g, FACTION, 1 + len(bases_on_map(g.state)), "LoR 8.6.2")


MOVE_TEXT["revolt"] = lambda m: f"Revolt in clearing {m.args[0]}"
MOVE_TEXT["spread"] = lambda m: f"Spread Sympathy to clearing {m.args[0]}"
MOVE_TEXT["mobilize"] = lambda m: "Mobilize: add a card from your hand to the Supporters"
MOVE_TEXT["train"] = lambda m: "Train: spend a card matching a base for an officer"
MOVE_TEXT["move"] = lambda m: "Move"
MOVE_TEXT["organize"] = lambda m: "Organize: a warrior becomes a sympathy token"
MOVE_TEXT.setdefault("battle", lambda m: "Battle")
MOVE_TEXT.setdefault("recruit", lambda m: "Recruit: a warrior at a base")
