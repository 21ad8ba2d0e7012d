"""The Drillbit Duchy's faction rule that other players set off: Cost of Errors (10.2.1).

It lives in ``core`` because it happens where other factions remove Duchy buildings (battle,
removing all enemy pieces); ``rules.remove_piece`` calls it, once per removing effect
(``rules.one_removal``).
"""

from __future__ import annotations

from .burrow import DUCHY, MINISTER_SUIT, MINISTER_TITLE
from .context import Game


def cost_of_errors(g: Game, clearings: list[int]) -> None:
    """10.2.1: Duchy buildings were removed (in ``clearings``, by one effect): the crown comes off
    the bottom-most swayed minister and returns to the supply. With the Foundations trait (3.3.2)
    it is the bottom-most swayed minister of a suit matching one of those clearings, and none if
    no swayed minister matches (ruling R-DUCHY-FOUNDATIONS)."""
    s = g.state
    fs = s.factions[DUCHY]
    ds = fs.duchy
    if ds is None:
        return
    where = ", ".join(map(str, sorted(set(clearings))))
    pool = list(ds.swayed)
    rule = "10.2.1"
    if "foundations" in fs.traits:
        suits = {s.suit(c) for c in clearings}
        pool = [m for m in pool if MINISTER_SUIT[m] in suits]
        rule = "3.3.2"
    if not pool:
        g.emit(DUCHY, rule, "cost_of_errors", "Cost of Errors: buildings lost in {where}, but no swayed minister can lose its crown", where=where)
        return
    minister = pool[-1]  # kept in board order: the last is the closest to the bottom
    ds.swayed.remove(minister)
    fs.supply["crown"] = fs.supply.get("crown", 0) + 1
    g.emit(DUCHY, rule, "cost_of_errors", "Cost of Errors: buildings lost in {where}; the {minister} loses its crown", where=where, minister=MINISTER_TITLE[minister])
