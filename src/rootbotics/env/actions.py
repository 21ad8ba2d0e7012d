"""The action encoding (issue 28): every move a seat can be offered, as one fixed index.

The legal-move API (``core/moves.py``) asks short decision steps, each a list of :class:`Move`
values ``(kind, args)``: an action (``march``), a clearing (``clearing 5``), a card (``card 17``),
a count (``count 3``), ``yes``/``no``/``done``... The encoding lists, per faction, every
``(kind, args)`` its steps can offer, from a catalogue of kinds (:data:`KINDS`) and the values
their arguments take (:func:`domains`): clearings 1..12, cards by id, counts up to
:data:`COUNT_CAP`, factions, items, pieces... The step being asked is in the observation
(``step``); the same index means the same move at every step (``clearing 5`` is clearing 5
whether the step is where to build or where to march from).

A move outside the table (a kind a new faction adds) raises :class:`UnknownMove` naming it: add
its kind to :data:`KINDS` (and the faction's list in :data:`FACTION_KINDS`).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any

from ..core.cards import ITEMS, load_deck
from ..core.context import EngineFailure
from ..core.faction import REGISTRY, ensure_registered, piece_totals
from ..core.maps import CLEARINGS
from ..core.moves import Move
from ..core.setup_order import FACTIONS

COUNT_CAP = 25  # the most warriors a faction has (the Marquise's 25): a count is 1..25
FOREST_CAP = 12  # the most forests a map has (the Mountain's 12), indexed 0..11
QUEST_VP_CAP = 6  # a quest scores 1 + the quests of its suit already done (five per suit at most)
ITEM_KINDS: tuple[str, ...] = (*ITEMS, "torch")
ITEM_STATES: tuple[str, ...] = ("", " exhausted", " damaged", " exhausted damaged")
CHARACTERS: tuple[str, ...] = ("thief", "tinker", "ranger", "vagrant", "scoundrel", "arbiter", "adventurer", "ronin", "harrier")
SUITS4: tuple[str, ...] = ("fox", "rabbit", "mouse", "bird")
COLUMNS: tuple[str, ...] = ("recruit", "move", "battle", "build")  # the Eyrie's Decree (LoR 7.5.2)
LEADERS: tuple[str, ...] = ("builder", "charismatic", "commander", "despot")  # LoR 7.8
PLOTS: tuple[str, ...] = ("bomb", "snare", "extortion", "raid")
MINISTERS: tuple[str, ...] = ("captain", "marshal", "foremole", "brigadier", "banker", "mayor", "earl", "baron", "duchess")  # LoR 12.5.2
SERVICES: tuple[str, ...] = ("riverboats", "mercenaries")
MOODS: tuple[str, ...] = ("bitter", "grandiose", "jubilant", "lavish", "relentless", "rowdy", "stubborn", "wrathful")  # LoR 14.7
HOARD_TRACKS: tuple[str, ...] = ("command", "prowess")  # LoR 14.2.4
RELIC_TYPES: tuple[str, ...] = ("figure", "tablet", "jewelry")  # the Keepers' relics (LoR 15.2.1)


def has_bot(faction: str) -> bool:
    """Whether the faction has a bot's pieces (the second Vagabond and the Hundreds are human seats only)."""
    ensure_registered()
    return "bot" in REGISTRY[faction].pieces


class UnknownMove(EngineFailure):
    """A legal move that the faction's action table has no index for."""


def _kinds_of_pieces() -> tuple[str, ...]:
    """Every building and token kind of every faction (warriors included), sorted."""
    kinds = {k for f in FACTIONS for k in piece_totals(f, "human")} | {k for f in FACTIONS if has_bot(f) for k in piece_totals(f, "bot")}
    return tuple(sorted(kinds))


@cache
def domains() -> dict[str, tuple[tuple[Any, ...], ...]]:
    """The values each kind of argument takes, each value an ``args`` tuple."""
    ncards = len(load_deck().cards)
    nquests = len(load_deck().quests)
    items = tuple(k + st for k in ITEM_KINDS for st in ITEM_STATES)
    pieces = _kinds_of_pieces()
    return {
        "none": ((),),
        "clearing": tuple((c,) for c in CLEARINGS),
        "card": tuple((c,) for c in range(ncards)),
        "count": tuple((k,) for k in range(1, COUNT_CAP + 1)),
        "faction": tuple((f,) for f in FACTIONS),
        "forest": tuple((i,) for i in range(FOREST_CAP)),
        "path": tuple((a, b) for a in CLEARINGS for b in CLEARINGS if a < b),
        "item": tuple((w,) for w in items),
        "piece": tuple((k,) for k in (*pieces, *items)),  # a hit taken on one's own piece or item
        "enemy_piece": tuple((f, k) for f in FACTIONS for k in pieces),  # a strike (LoR 9.5.6)
        "character": tuple((c,) for c in CHARACTERS),
        "suit": tuple((s,) for s in SUITS4),
        "quest": tuple((q,) for q in range(nquests)),
        "quest_vp": tuple((v,) for v in range(1, QUEST_VP_CAP + 1)),
        "two": ((2,),),
        "column": tuple((c,) for c in COLUMNS),
        "decree_card": tuple((c, s) for c in COLUMNS for s in SUITS4),
        "leader": tuple((name,) for name in LEADERS),
        "plot": tuple((p,) for p in PLOTS),
        "service": (*((s,) for s in SERVICES), *(("hand_card", c) for c in range(ncards))),
        "effect": tuple((e,) for e in ("better_burrow_bank", "coffin_makers", "saboteurs", "charm_offensive", "cobbler")),  # LoR 1.1.3
        "faction_pair": tuple((a, b) for a in FACTIONS for b in FACTIONS if a != b),  # an instigated battle (LoR 26.4.2)
        "item_pair": tuple((a, b) for a in ITEM_KINDS for b in ITEM_KINDS if a != b),  # an improvised item (LoR 26.7.2)
        "faction_card": tuple((f, c) for f in FACTIONS for c in range(ncards)),  # an enemy's crafted card (Saboteurs)
        "faction_clearing": tuple((f, c) for f in FACTIONS for c in CLEARINGS),  # an enemy's warriors (False Orders)
        "place": ((0,),),  # a place off the map: the Burrow (LoR 12.2.2)
        "minister": tuple((m,) for m in MINISTERS),  # the Duchy's ministers (LoR 12.5)
        "ritual": (("build",), ("recruit",), ("score",), ("sacrifice",)),  # the Lizard Cult (LoR 10.5)
        "conspiracy": (("crusade",), ("convert",), ("sanctify",)),  # the Lizard Cult (LoR 10.4.3)
        "price": tuple((sv, n) for sv in ("hand_card", *SERVICES) for n in range(1, 5)),  # the Riverfolk's Services tracks (LoR 11.3.5)
        "league_use": (("move",), ("battle",)),  # League of Adventurous Mice; Relentless (LoR 14.7.5)
        "mood": tuple((m,) for m in MOODS),  # the Hundreds' mood cards (LoR 14.7)
        "hoard_slot": tuple((t, i) for t in HOARD_TRACKS for i in range(-1, 4)),  # a Hoard item; -1 the one gained (LoR 14.2.4.1)
        "contempt": (("take",), ("score",)),  # Contempt for Trade (LoR 14.2.3)
        "relic_type": tuple((t,) for t in RELIC_TYPES),  # LoR 15.2.1: a face-down relic, a waystation's side
        "retinue_card": tuple((col, cid) for col in range(3) for cid in (-1, *range(ncards))),  # LoR 15.5.2; -1 a Faithful Retainer
        "slot": ((0,), (1,), (2,)),  # a Retinue column (LoR 15.6.2)
    }


# Each kind of move and the argument domains it may take (one kind may take several shapes).
KINDS: dict[str, tuple[str, ...]] = {
    # answers
    "yes": ("none",), "no": ("none",), "done": ("none",),
    # shared Law of Root steps (core/lor, core/battle, programs.py)
    "clearing": ("clearing",), "from": ("clearing",), "to": ("clearing",), "count": ("count",),
    "defender": ("faction",), "player": ("faction",), "card": ("card",), "craft": ("none", "card"),
    "suit": ("suit",), "piece": ("piece", "enemy_piece"), "open_path": ("path",),
    "activate_dominance": ("card",), "take_dominance": ("card",), "royal_claim": ("card",),
    "stand_and_deliver": ("faction",), "tax_collector": ("clearing",), "codebreakers": ("faction",),
    "service": ("service",), "plot": ("plot", "none"), "effect": ("effect",), "battle": ("none",), "move": ("none",),
    "recruit": ("none",), "build": ("none",),
    # the Exiles and Partisans deck (LoR 19.2; core/lor/exiles.py)
    "saboteurs": ("faction_card",), "false_orders": ("faction_clearing",), "swap_meet": ("faction",),
    "propaganda_bureau": ("clearing",), "league": ("league_use",),
    # the Marquise de Cat (LoR 6)
    "march": ("none",), "overwork": ("none",), "extra_action": ("none",), "building": ("piece",),
    # the Eyrie Dynasties (LoR 7)
    "column": ("column",), "decree_card": ("decree_card",), "leader": ("leader",),
    # the Woodland Alliance (LoR 8)
    "revolt": ("clearing",), "spread": ("clearing",), "mobilize": ("none",), "train": ("none",),
    "organize": ("none",), "supporter": ("card",),
    # the Vagabond (LoR 9)
    "character": ("character",), "forest": ("forest",), "item": ("item",), "explore": ("none",),
    "aid": ("none",), "quest": ("none", "quest"), "quest_vp": ("quest_vp",), "quest_draw": ("two",),
    "strike": ("none",), "repair": ("none",), "special": ("none",), "hideout": ("none",),
    "steal": ("faction",), "instigate": ("faction_pair",), "scorch": ("none",), "improvise": ("item_pair",),
    "ally": ("faction",), "coalition": ("card",),
    # a Corvid plot exposed by another human seat (LoR 13.2.4), any faction's
    "expose": ("clearing",),
    # the Corvid Conspiracy (LoR 13)
    "flip": ("clearing",), "trick": ("none",), "recruit_in": ("suit",),
    # the Underground Duchy (LoR 12)
    "from_place": ("place",), "to_place": ("place",), "dig": ("none",), "minister": ("minister",),
    "ritual": ("ritual",), "conspiracy": ("conspiracy",),
    # the Riverfolk Company (LoR 11)
    "fund": ("faction",), "price": ("price",), "export": ("card",), "draw": ("none",), "trade_post": ("none",),
    # the Lord of the Hundreds (LoR 14)
    "mood": ("mood",), "hoard_remove": ("hoard_slot",), "contempt": ("contempt",), "advance": ("none",),
    "relentless": ("league_use",),
}
KINDS.update({  # the Keepers in Iron (LoR 15); a relic removed by any seat goes to a forest it picks (LoR 15.2.5)
    "retinue": ("retinue_card",), "face": ("relic_type",), "relic": ("relic_type",), "recover": ("clearing",),
    "add_retinue": ("none",), "shift_retinue": ("none",), "slot": ("slot",), "trophy_forest": ("forest",),
})

SHARED_KINDS: tuple[str, ...] = (
    "yes", "no", "done", "clearing", "from", "to", "count", "defender", "player", "card", "craft", "suit",
    "piece", "open_path", "activate_dominance", "take_dominance", "royal_claim", "stand_and_deliver",
    "tax_collector", "codebreakers", "service", "plot", "effect", "battle", "move", "recruit", "build",
    "saboteurs", "false_orders", "swap_meet", "propaganda_bureau", "league", "expose",
)
SHARED_KINDS += ("trophy_forest",)  # LoR 15.2.5: any seat removing a Keepers relic
VAGABOND_KINDS = (
    "character", "forest", "item", "explore", "aid", "quest", "quest_vp", "quest_draw", "strike", "repair", "special", "hideout",
    "steal", "instigate", "scorch", "improvise", "ally", "coalition",
)
FACTION_KINDS: dict[str, tuple[str, ...]] = {
    "marquise": ("march", "overwork", "extra_action", "building"),
    "eyrie": ("column", "decree_card", "leader"),
    "alliance": ("revolt", "spread", "mobilize", "train", "organize", "supporter"),
    "duchy": ("from_place", "to_place", "dig", "minister", "building"),
    "vagabot": VAGABOND_KINDS,
    "vagabond2": VAGABOND_KINDS,
    "corvids": ("flip", "trick", "recruit_in"),
    "lizards": ("ritual", "conspiracy"),
    "riverfolk": ("fund", "price", "export", "draw", "trade_post"),
    "hundreds": ("item", "mood", "hoard_remove", "contempt", "advance", "relentless"),
}
FACTION_KINDS["keepers"] = ("building", "retinue", "face", "relic", "recover", "add_retinue", "shift_retinue", "slot", "forest")  # LoR 15


class ActionTable:
    """One faction's fixed enumeration: ``moves[i]`` is action ``i`` (a ``(kind, args)`` pair);
    ``index((kind, args))`` its number."""

    __slots__ = ("faction", "moves", "_index")

    def __init__(self, faction: str, kinds: Iterable[str]) -> None:
        self.faction = faction
        dom = domains()
        self.moves: list[tuple[str, tuple[Any, ...]]] = []
        for kind in kinds:
            for shape in KINDS[kind]:
                self.moves.extend((kind, args) for args in dom[shape])
        self._index = {key: i for i, key in enumerate(self.moves)}

    def __len__(self) -> int:
        return len(self.moves)

    def index(self, move: Move) -> int:
        i = self._index.get((move.kind, move.args))
        if i is None:
            raise UnknownMove(f"the {self.faction}'s action table has no index for {move!r}: add its kind to rootbotics.env.actions.KINDS")
        return i

    def indexes(self, moves: Iterable[Move]) -> list[int]:
        get = self._index.get
        out = []
        for m in moves:
            i = get((m.kind, m.args))
            if i is None:
                self.index(m)  # raises, naming the move
            out.append(i)
        return out  # type: ignore[return-value]

    def name(self, i: int) -> str:
        kind, args = self.moves[i]
        return " ".join([kind, *map(str, args)])


@cache
def action_table(faction: str) -> ActionTable:
    """The faction's table: the shared kinds, then its own (every kind for a faction not listed)."""
    own = FACTION_KINDS.get(faction)
    kinds = [*SHARED_KINDS, *own] if own is not None else list(KINDS)
    return ActionTable(faction, kinds)
