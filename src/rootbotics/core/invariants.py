"""The bookkeeping every position must keep, checked in tests (and on demand by ``--check``).

Conservation: pieces on the map + in supply + out of the game = the box; the 54 cards are each
in exactly one place; every item piece is in the supply, a Crafted Items box, under a ruin, with
the Vagabot, covering a slot or still in the box, once; the Vagabot's pawn is in one place, his
Battle Track matches his undamaged items and each quest card is in one place; no clearing
holds more buildings than slots; scores stay at or above zero except where a rule lets a
faction lose VP (the Eyrie's Humiliate, 5.7.1).
"""

from __future__ import annotations

from collections import Counter

from . import items
from .factions import piece_totals
from .maps import CLEARINGS
from .state import GameState

CAN_LOSE_VP: frozenset[str] = frozenset({"eyrie"})


class InvariantError(AssertionError):
    """A position broke the rules' bookkeeping."""


def violations(state: GameState) -> list[str]:
    """Every broken invariant, as readable lines (empty when all is well)."""
    out: list[str] = []
    for f, fs in state.factions.items():
        for kind, total in piece_totals(f, fs.seat).items():
            on_map = state.on_map(f, kind)
            supply = fs.supply.get(kind, 0)
            gone = fs.removed.get(kind, 0)
            if supply < 0 or on_map + supply + gone != total:
                out.append(f"{f} {kind}: {on_map} on map + {supply} in supply + {gone} removed != {total}")
        if fs.vp < 0 and f not in CAN_LOSE_VP:
            out.append(f"{f} has {fs.vp} VP")
    cards = Counter(state.all_cards_accounted())
    expected = len(state.deckdef.cards)
    dupes = [state.deckdef.card(c).name for c, n in cards.items() if n > 1]
    if dupes:
        out.append(f"cards in two places: {', '.join(sorted(dupes))}")
    if sum(1 for _ in cards) != expected:
        missing = [state.deckdef.card(c).name for c in range(expected) if c not in cards]
        out.append(f"{len(missing)} card(s) missing: {', '.join(missing[:5])}")
    out.extend(items.violations(state))  # items, the Vagabot's pawn, Battle Track and quests
    keeps = 0
    for c in CLEARINGS:
        cl = state.clearings[c]
        if cl.used_slots() > state.map.slots[c]:
            out.append(f"clearing {c}: {cl.used_slots()} buildings and ruins in {state.map.slots[c]} slots")
        if any(n <= 0 for n in cl.warriors.values()):
            out.append(f"clearing {c}: a warrior count is not positive: {cl.warriors}")
        keeps += cl.tokens.count(("marquise", "keep"))
    if keeps > 1:
        out.append(f"{keeps} keeps on the map")
    return out


def check(state: GameState) -> None:
    """Raise ``InvariantError`` listing every broken invariant."""
    found = violations(state)
    if found:
        raise InvariantError("; ".join(found))
