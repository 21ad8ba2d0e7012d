"""What an agent observes (issue 28; the fields are listed in docs/rl.md, "Observations").

A dict of numpy arrays built from one seat's view of the state: the map (suits, paths, ruins,
the Ferry), every piece on it, every seat's public board (VP, supply, crafted items, play area,
hand size, a bot's order card, the human Vagabonds' items, relationships and quests, the Alliance's
number of supporters and officers), whose turn, the phase and the decision step; and the seat's
own hand (and, for the Alliance, its own supporters). Never another seat's hand or face-down
cards, nor the deck's order (only its size): ``tests/env/test_hidden.py`` changes them and
checks the observation does not move.

Faction axes (``F``) follow ``core.setup_order.FACTIONS``; card axes (``NC``) the deck's card ids;
piece columns (``P``) :data:`PIECES`.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import numpy as np

from ..core.cards import load_deck
from ..core.faction import piece_totals
from ..core.maps import CLEARINGS
from ..core.setup_order import FACTIONS
from ..core.state import PHASES, GameState
from .actions import CHARACTERS, FOREST_CAP, ITEM_KINDS, ITEM_STATES, MOODS, PLOTS, has_bot

F = len(FACTIONS)
C = len(CLEARINGS)
FI = {f: i for i, f in enumerate(FACTIONS)}
SUIT_COLS = ("fox", "rabbit", "mouse")
NC = len(load_deck().cards)
NQ = len(load_deck().quests)
NI = len(ITEM_KINDS)
II = {k: i for i, k in enumerate(ITEM_KINDS)}
VAGABONDS = ("vagabot", "vagabond2")  # the human Vagabond seats (LoR 9), in this order
# Every (faction, building or token kind): the columns of ``pieces`` and ``supply``.
PIECES: tuple[tuple[str, str], ...] = tuple(
    (f, k) for f in FACTIONS for k in sorted(set(piece_totals(f, "human")) | (set(piece_totals(f, "bot")) if has_bot(f) else set())) if k != "warrior"
)
PI = {key: i for i, key in enumerate(PIECES)}
P = len(PIECES)
# The decision steps (``Decision.step``) an observation names by number; 0 is any other step.
STEPS: tuple[str, ...] = (
    "other", "setup.keep", "setup.sawmill", "setup.workshop", "setup.recruiter", "setup.character", "setup.forest",
    "setup.corner", "setup.leader", "birdsong.wood", "birdsong.revolt", "birdsong.spread", "birdsong.refresh",
    "birdsong.slip", "birdsong.new_roost", "daylight.action", "daylight.craft", "craft.card", "craft.any_suit",
    "march.from", "march.to", "march.count", "move.to", "battle.clearing", "battle.defender", "battle.ambush",
    "battle.foil", "battle.armorers", "battle.sappers", "battle.enlist", "build.clearing", "build.building",
    "build.wood", "recruit.where", "organize.where", "overwork.clearing", "overwork.card", "extra_action.card",
    "hits.piece", "outrage.card", "field_hospitals.card", "automated_outrage.card", "mobilize.card", "train.card",
    "supporters.spend", "supporters.discard", "evening.discard", "evening.operation", "evening.capacity",
    "operation.move.from", "operation.move.to", "operation.move.count", "operation.battle.clearing",
    "operation.battle.defender", "cobbler.from", "cobbler.to", "cobbler.count", "open_path.card", "aid.player",
    "aid.card", "aid.item", "aid.take", "quest.card", "quest.reward", "strike.piece", "repair.item", "hideout.item",
    "special.target", "decree.column", "decree.card", "decree.next", "decree.recruit", "decree.move.from",
    "decree.move.to", "decree.move.count", "decree.battle.clearing", "decree.battle.defender", "decree.build",
    "turmoil.leader", "services.buy", "gamble.guess", "investors.card",
    "setup.scatter", "birdsong.flip", "birdsong.recruit", "recruit.suit", "plot.clearing", "plot.kind",
    "trick.first", "trick.second", "evening.exert", "raid.where", "expose.card", "expose.guess",
    # the Lord of the Hundreds (LoR 14)
    "birdsong.mood", "lavish.item", "anoint.where", "anoint.place", "mob.where", "raze.item",
    "hoard.full", "craft.contempt", "daylight.command", "move.from", "move.count", "move.warlord", "build.card",
    "battle.loot", "loot.item", "battle.bitter", "daylight.advance", "advance.to", "advance.count",
    "advance.relentless", "evening.incite", "incite.card", "incite.jubilant",
)
STEPS += tuple("setup.edge birdsong.encamp encamp.waystation encamp.face birdsong.restart restart.waystation restart.face birdsong.decamp decamp.waystation recruit.card daylight.move daylight.battle_delve daylight.move_recover retinue.move.from retinue.move.to retinue.move.count retinue.move.relic retinue.move_recover.from retinue.move_recover.to retinue.move_recover.count retinue.move_recover.relic delve.clearing delve.defender delve.delve delve.forest delve.relic recover.action recover.relic recover.again evening.retinue retinue.card retinue.column retinue.shift retinue.to trophy.forest".split())  # the Keepers in Iron (LoR 15)
STEP_ID = {s: i for i, s in enumerate(STEPS)}
# A Corvid plot token in a clearing: face down, face up, then its kind where this seat may know
# it: face up, or its own face-down plot (LoR 13.2.2.1). Another seat's face-down kind: never.
PLOT_COLS: tuple[str, ...] = ("face_down", "face_up", *PLOTS)


# The Keepers in Iron's board (LoR 15), all of it public but a face-down relic's value: relics in
# forests, face down by type (the first three columns) or face up by type and value; the Retinue's
# cards by column (the last column counts Faithful Retainers); the recovered relics' values per
# type, left first; each waystation's side showing (by waystation and relic type).
RELIC_TYPES_OBS: tuple[str, ...] = ("figure", "tablet", "jewelry")
RELIC_COLS: tuple[str, ...] = (*RELIC_TYPES_OBS, *(f"relic_{t}_{v}" for t in RELIC_TYPES_OBS for v in (1, 2, 3)))
WAYSTATION_KINDS: tuple[str, ...] = ("waystation_ft", "waystation_tj", "waystation_jf")
KEEPERS_SPEC: dict[str, tuple[tuple[int, ...], int, int]] = {
    "forest_relics": ((FOREST_CAP, len(RELIC_COLS)), 0, 12),
    "retinue": ((3, NC + 1), 0, 3),
    "relics_recovered": ((len(RELIC_TYPES_OBS), 4), 0, 3),
    "waystation_faces": ((len(WAYSTATION_KINDS), len(RELIC_TYPES_OBS)), 0, 1),
}


@cache
def spec(n_actions: int) -> dict[str, tuple[tuple[int, ...], int, int]]:
    """Each field: (shape, low, high). All arrays are int16 but ``action_mask`` (int8)."""
    big = 32767
    return {
        "action_mask": ((n_actions,), 0, 1),
        "me": ((F,), 0, 1),
        "seats": ((F,), 0, 2),
        "turn_order": ((F,), 0, F),
        "current": ((F,), 0, 1),
        "phase": ((len(PHASES),), 0, 1),
        "round": ((1,), 0, big),
        "step": ((1,), 0, len(STEPS) - 1),
        "suits": ((C, len(SUIT_COLS)), 0, 1),
        "adjacency": ((C, C), 0, 1),
        "ruins": ((C,), 0, 1),
        "ferry": ((C,), 0, 1),
        "warriors": ((C, F), 0, 25),
        "pieces": ((C, P), 0, 10),
        "pawns": ((C, F), 0, 1),
        "vp": ((F,), -big, big),
        "hand_size": ((F,), 0, NC),
        "supply_warriors": ((F,), 0, 25),
        "supply": ((P,), 0, 10),
        "crafted_items": ((F, NI), 0, 10),
        "play_area": ((F, NC), 0, 1),
        "dominance": ((F,), 0, NC),
        "order": ((F,), 0, NC),
        "available_dominance": ((NC,), 0, 1),
        "discard": ((NC,), 0, 1),
        "deck_size": ((1,), 0, NC),
        "hand": ((NC,), 0, 1),
        "vagabond_items": ((len(VAGABONDS), NI, len(ITEM_STATES)), 0, 20),
        "vagabond_where": ((len(VAGABONDS), C + FOREST_CAP), 0, 1),
        "vagabond_character": ((len(VAGABONDS), len(CHARACTERS)), 0, 1),
        "vagabond_relations": ((len(VAGABONDS), F), -1, 3),
        "vagabond_quests": ((len(VAGABONDS), NQ), 0, 1),
        "vagabond_completed": ((len(VAGABONDS), NQ), 0, 1),
        "alliance": ((2,), 0, NC),  # supporters held (how many), officers
        "supporters": ((NC,), 0, 1),  # the Alliance's own supporters, for the Alliance only
        "plots": ((C, len(PLOT_COLS)), 0, 1),  # the Corvids' plots (PLOT_COLS)
        "warlord": ((C,), 0, 1),  # the Hundreds' warlord's clearing (LoR 14.2.2)
        "mood": ((len(MOODS),), 0, 1),  # the Hundreds' mood card (LoR 14.7)
        "hoard": ((NI,), 0, 8),  # the items on the Hundreds' Hoard, by kind (LoR 14.2.4)
        **KEEPERS_SPEC,
    }


@cache
def _layout() -> tuple[int, tuple[tuple[str, int, int, tuple[int, ...]], ...]]:
    """One flat int16 buffer per observation, cut into each field (a view each): one allocation."""
    out, at = [], 0
    for name, (shape, _, _) in spec(1).items():
        if name == "action_mask":
            continue
        n = int(np.prod(shape))
        out.append((name, at, at + n, shape))
        at += n
    return at, tuple(out)


def _fields(mask: np.ndarray) -> dict[str, np.ndarray]:
    total, layout = _layout()
    buf = np.zeros(total, np.int16)
    o = {name: buf[a:b].reshape(shape) for name, a, b, shape in layout}
    o["action_mask"] = mask
    return o


_SUITS: dict[tuple[str | None, ...], np.ndarray] = {}
_ADJ: dict[tuple[str, frozenset[tuple[int, int]]], np.ndarray] = {}


def _adjacency(state_map: Any, opened: frozenset[tuple[int, int]]) -> np.ndarray:
    """The paths a seat may use (LoR C.3.2: the Mountain's closed paths until opened), cached."""
    key = (state_map.name, opened)
    a = _ADJ.get(key)
    if a is not None:
        return a
    a = np.zeros((C, C), np.int16)
    for c in CLEARINGS:
        for d in state_map.open_adjacent[c]:
            a[c - 1, d - 1] = 1
    for x, y in opened:
        a[x - 1, y - 1] = a[y - 1, x - 1] = 1
    a.flags.writeable = False
    _ADJ[key] = a
    return a


def _suits(s: GameState) -> np.ndarray:
    key = tuple(s.suits)
    out = _SUITS.get(key)
    if out is None:
        out = _SUITS[key] = np.zeros((C, len(SUIT_COLS)), np.int16)
        for c in CLEARINGS:
            suit = s.suits[c]
            if suit in SUIT_COLS:
                out[c - 1, SUIT_COLS.index(suit)] = 1
    return out


def _map(s: GameState, o: dict[str, np.ndarray]) -> None:
    o["suits"][:] = _suits(s)
    o["adjacency"][:] = _adjacency(s.map, frozenset(s.opened_paths))
    ruins, warriors, pieces, pawns, ferry = o["ruins"], o["warriors"], o["pieces"], o["pawns"], o["ferry"]
    for c in CLEARINGS:
        cl = s.clearings[c]
        i = c - 1
        if cl.ruin:
            ruins[i] = 1
        for f, n in cl.warriors.items():
            if n:
                warriors[i, FI[f]] = n
        for key in (*cl.buildings, *cl.tokens):
            pieces[i, PI[key]] += 1
        for f in cl.pawns():
            pawns[i, FI[f]] = 1
    if s.ferry is not None:
        ferry[s.ferry - 1] = 1


def _seats(s: GameState, o: dict[str, np.ndarray]) -> None:
    seats, order, vp, hand, sw, supply = o["seats"], o["turn_order"], o["vp"], o["hand_size"], o["supply_warriors"], o["supply"]
    items, play, dom, orders = o["crafted_items"], o["play_area"], o["dominance"], o["order"]
    for pos, f in enumerate(s.turn_order):
        fs = s.factions[f]
        i = FI[f]
        seats[i] = 1 if fs.is_bot else 2
        order[i] = pos + 1
        vp[i] = fs.vp
        hand[i] = len(fs.hand)
        for k, n in fs.supply.items():
            if k == "warrior":
                sw[i] = n
            elif (f, k) in PI:
                supply[PI[(f, k)]] = n
        for it in fs.items:
            if it in II:
                items[i, II[it]] += 1
        for cid in fs.play_area:
            play[i, cid] = 1
        if fs.dominance is not None:
            dom[i] = fs.dominance + 1
        if fs.order is not None:
            orders[i] = fs.order + 1


def _vagabonds(s: GameState, o: dict[str, np.ndarray]) -> None:
    """The human Vagabonds' boards: all face up (LoR 9.2), but the quest deck's order."""
    items, where, char, rel = o["vagabond_items"], o["vagabond_where"], o["vagabond_character"], o["vagabond_relations"]
    quests, done = o["vagabond_quests"], o["vagabond_completed"]
    for v, f in enumerate(VAGABONDS):
        fs = s.factions.get(f)
        if fs is None or fs.is_bot or fs.board is None:
            continue
        vb: Any = fs.board
        for it in vb.items:
            if it.kind in II:
                items[v, II[it.kind], it.exhausted + 2 * it.damaged] += 1
        if vb.clearing is not None:
            where[v, vb.clearing - 1] = 1
        elif vb.forest is not None:
            where[v, C + vb.forest] = 1
        if vb.character in CHARACTERS:
            char[v, CHARACTERS.index(vb.character)] = 1
        for other, r in vb.relations.items():
            rel[v, FI[other]] = r
        for q in _face_up(s, f, vb):
            quests[v, q] = 1
        for q in vb.completed:
            done[v, q] = 1


def _face_up(s: GameState, f: str, vb: Any) -> list[int]:
    """The face-up quests he may complete: his own, or in a game of two Vagabonds the shared row
    on whichever of the two boards holds it (LoR 9.7.2; ``factions/vagabot/quests.py``)."""
    if vb.quests or not all(v in s.factions for v in VAGABONDS):
        return list(vb.quests)
    other = s.factions[VAGABONDS[1 - VAGABONDS.index(f)]].board
    return list(getattr(other, "quests", None) or [])


def _plots(s: GameState, me: str, o: dict[str, np.ndarray]) -> None:
    """The Corvids' plot tokens, face up or down; a kind only where ``me`` may know it."""
    fs = s.factions.get("corvids")
    if fs is None or fs.board is None:
        return
    recorded: dict[int, tuple[str, bool]] = getattr(fs.board, "plots", None) or {}
    plots = o["plots"]
    for c in CLEARINGS:
        if ("corvids", "plot") not in s.clearings[c].tokens:
            continue
        kind, up = recorded.get(c, ("", False))
        plots[c - 1, 1 if up else 0] = 1
        if kind in PLOTS and (up or me == "corvids"):
            plots[c - 1, 2 + PLOTS.index(kind)] = 1


def _hundreds(s: GameState, o: dict[str, np.ndarray]) -> None:
    """The Lord of the Hundreds' board, all face up: the warlord, the mood, the Hoard (LoR 14)."""
    fs = s.factions.get("hundreds")
    b: Any = None if fs is None else fs.board
    if b is None or not hasattr(b, "mood"):
        return
    w = b.warlord
    if w is not None and s.clearings[w].warriors.get("hundreds", 0) > 0:
        o["warlord"][w - 1] = 1
    if b.mood in MOODS:
        o["mood"][MOODS.index(b.mood)] = 1
    for kind in b.item_pieces():
        if kind in II:
            o["hoard"][II[kind]] += 1
def _keepers(s: GameState, o: dict[str, np.ndarray]) -> None:
    """The Keepers in Iron's board (KEEPERS_SPEC): a face-down relic by its type only (LoR 15.2.1)."""
    fs = s.factions.get("keepers")
    b: Any = None if fs is None else fs.board
    if b is None or not hasattr(b, "forests"):
        return
    relics = o["forest_relics"]
    for forest, lying in b.forests.items():
        for kind, up in lying:
            relics[forest, RELIC_COLS.index(kind if up else kind.split("_")[1])] += 1
    for col, cards in enumerate(b.retinue):
        for cid in cards:
            o["retinue"][col, NC if cid < 0 else cid] += 1
    for t, values in enumerate(RELIC_TYPES_OBS):
        o["relics_recovered"][t, : len(b.recovered[values])] = b.recovered[values]
    for k, face in b.faces.items():
        o["waystation_faces"][WAYSTATION_KINDS.index(k), RELIC_TYPES_OBS.index(face)] = 1


def observe(s: GameState, me: str, mask: np.ndarray, step: str | None) -> dict[str, np.ndarray]:
    """The observation of seat ``me``; ``mask`` its action mask (zeros when it is not asked)."""
    o = _fields(mask)
    o["me"][FI[me]] = 1
    if s.turn_order:
        o["current"][FI[s.current]] = 1
    o["phase"][PHASES.index(s.phase)] = 1
    o["round"][0] = min(s.round, 32767)
    o["step"][0] = STEP_ID.get(step or "", 0)
    _map(s, o)
    _seats(s, o)
    _vagabonds(s, o)
    _plots(s, me, o)
    _hundreds(s, o)
    _keepers(s, o)
    o["available_dominance"][s.available_dominance] = 1
    o["discard"][s.discard] = 1
    o["hand"][s.factions[me].hand] = 1
    o["deck_size"][0] = len(s.deck)
    alliance, own = o["alliance"], o["supporters"]
    al = s.factions.get("alliance")
    if al is not None and not al.is_bot and al.board is not None:
        b: Any = al.board
        alliance[:] = (len(b.supporters or ()), b.officers)
        if me == "alliance":
            own[list(b.supporters or ())] = 1
    return o
