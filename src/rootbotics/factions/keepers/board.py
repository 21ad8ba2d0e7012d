"""The Keepers in Iron's board and the pieces they own off the map (LoR 15), as plain data.

- **Relics** (LoR 15.2.1): twelve tokens, four of each type (figures, tablets, jewelry) worth
  1, 2, 3 and 3. A relic's piece kind names its type and value (``relic_tablet_2``), so the box
  counts each (the pieces conserved per kind). On the map a relic lies in a clearing (a token
  there, always face up: only a delve or a removal brings one out of a forest, and both show its
  value) or in a **forest**: forests are no clearings, so the relics in them are kept here, per
  forest, face down (value hidden from every seat) or face up.
- **Retinue** (LoR 15.5.2): three columns of cards (Move; Battle then Delve; Move or Recover),
  deck cards by id and the three Faithful Retainers as :data:`RETAINER`.
- **Relics spaces** (LoR 15.5.2.3.1): the values of the recovered relics per type, left first;
  the n-th space of each type forms the n-th column (ruling R-KEEPERS-RELIC-COLUMNS).
- **Waystations** (LoR 15.2.2): three buildings, each with a relic type on either side; the
  side showing of each one on the map is kept in ``faces``.
- **The pile** (LoR 15.3.1): in setup, the relics shuffled face down and not yet placed; kept off
  the supply, whose counts per kind every seat sees, so no count tells which values were placed.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...core.faction import Board

KEEPERS = "keepers"
TYPES: tuple[str, ...] = ("figure", "tablet", "jewelry")  # LoR 15.2.1
VALUES: tuple[int, ...] = (1, 2, 3, 3)  # the backs of the four relics of a type (LoR 15.2.1)
RELICS_PER_TYPE = len(VALUES)


def relic_kind(kind: str, value: int) -> str:
    """The piece kind of a relic of relic type ``kind`` worth ``value``."""
    return f"relic_{kind}_{value}"


RELIC_KINDS: dict[str, tuple[str, int]] = {relic_kind(t, v): (t, v) for t in TYPES for v in sorted(set(VALUES))}
RELIC_BOX: dict[str, int] = {relic_kind(t, v): VALUES.count(v) for t in TYPES for v in sorted(set(VALUES))}
# LoR 15.2.2: one relic type on each side (the Rootlog's b_f_t, b_t_j, b_j_f name the pairs)
WAYSTATIONS: dict[str, tuple[str, str]] = {
    "waystation_ft": ("figure", "tablet"),
    "waystation_tj": ("tablet", "jewelry"),
    "waystation_jf": ("jewelry", "figure"),
}
RETAINER = -1  # a Faithful Retainer in the Retinue (not a card of the deck; LoR 15.3.5)
RETAINERS = 3
COLUMNS: tuple[str, ...] = ("move", "battle_delve", "move_recover")  # LoR 15.5.2.1-15.5.2.3, left first
RETINUE_LIMIT = 10  # LoR 15.6.2

Relic = tuple[str, bool]  # (piece kind, face up)


def relic_type(kind: str) -> str:
    return RELIC_KINDS[kind][0]


def relic_value(kind: str) -> int:
    return RELIC_KINDS[kind][1]


@dataclass(slots=True)
class KeepersBoard(Board):
    """The relics in each forest (by forest index), the Retinue's three columns, the recovered
    relics' values per type, and the side showing of each waystation on the map."""

    forests: dict[int, list[Relic]] = field(default_factory=dict)
    retinue: list[list[int]] = field(default_factory=lambda: [[], [], []])
    recovered: dict[str, list[int]] = field(default_factory=lambda: {t: [] for t in TYPES})
    faces: dict[str, str] = field(default_factory=dict)
    pile: list[str] = field(default_factory=list)  # shuffled face down, not yet placed (setup only)

    def clone(self) -> KeepersBoard:
        return KeepersBoard(
            {i: list(r) for i, r in self.forests.items()},
            [list(col) for col in self.retinue],
            {t: list(v) for t, v in self.recovered.items()},
            dict(self.faces),
            list(self.pile),
        )

    def cards(self) -> list[int]:
        """Deck cards in the Retinue (the Faithful Retainers are no deck cards)."""
        return [cid for col in self.retinue for cid in col if cid != RETAINER]

    def off_map(self, kind: str) -> int:
        """Relics lying in forests are on the map, but in no clearing."""
        if kind not in RELIC_KINDS:
            return 0
        return sum(1 for relics in self.forests.values() for k, _ in relics if k == kind)

    def out_of_play(self, kind: str) -> int:
        """Recovered relics lie in the Relics spaces of the faction board; in setup, the relics
        not yet placed lie in a face-down pile (not the supply, whose counts every seat sees)."""
        if kind not in RELIC_KINDS:
            return 0
        t, v = RELIC_KINDS[kind]
        return self.recovered.get(t, []).count(v) + self.pile.count(kind)

    def retinue_size(self) -> int:
        return sum(len(col) for col in self.retinue)

    def relics_in(self, forest: int) -> list[Relic]:
        return self.forests.setdefault(forest, [])

    def forest_tokens(self) -> dict[int, list[tuple[str, str, bool]]]:
        """The relics in each forest as every seat sees them (the board picture): a short label,
        words, and whether face up; a face-down relic shows only its type (LoR 15.2.1)."""
        out: dict[int, list[tuple[str, str, bool]]] = {}
        for i, relics in self.forests.items():
            for kind, up in relics:
                t, v = RELIC_KINDS[kind]
                seen = (f"{t[0].upper()}{v}", f"{t} relic worth {v}", True) if up else (t[0].upper(), f"{t} relic (face down)", False)
                out.setdefault(i, []).append(seen)
        return out

    def filled_columns(self) -> int:
        """Relics columns with a relic of every type (LoR 15.5.2.3.2)."""
        return min(len(self.recovered.get(t, [])) for t in TYPES)
