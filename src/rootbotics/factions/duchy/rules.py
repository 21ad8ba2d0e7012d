"""The Drillbit Duchy's faction rule that other players set off: Cost of Errors (10.2.1), with
its traits Foundations and Investors (3.3.2).

It happens where other factions remove Duchy buildings (battle, removing all enemy pieces):
``core.rules.remove_piece`` calls it through the faction's hooks (``faction.py``), once per
removing effect (``core.rules.one_removal``).
"""

from __future__ import annotations

from .burrow import DUCHY, MINISTER_SUIT, MINISTER_TITLE, MINISTERS
from ...core.context import EngineFailure, Game


def cost_of_errors(g: Game, clearings: list[int], by: str | None = None) -> None:
    """10.2.1: Duchy buildings were removed (in ``clearings``, by one effect of ``by``): the crown
    comes off the bottom-most swayed minister and returns to the supply. With the Foundations
    trait (3.3.2) it is the bottom-most swayed minister of a suit matching one of those clearings,
    and none if no swayed minister matches (ruling R-DUCHY-FOUNDATIONS). With Investors, a human
    remover then pays (``investors``)."""
    s = g.state
    fs = s.factions[DUCHY]
    ds = fs.board
    if ds is None:
        return
    where = ", ".join(map(str, sorted(set(clearings))))
    pool = list(ds.swayed)
    rule, why = "10.2.1", None
    if "foundations" in fs.traits:
        suits = {s.suit(c) for c in clearings}
        pool = [m for m in pool if MINISTER_SUIT[m] in suits]
        named = " or ".join(sorted(suits))
        rule, why = "3.3.2", lambda: f"Foundations: only a swayed {named} minister, matching a clearing of removal"
    if not pool:
        g.emit(DUCHY, rule, "cost_of_errors", "Cost of Errors: buildings lost in {where}, but no swayed minister can lose its crown", why, where=where)
    else:
        minister = pool[-1]  # kept in board order: the last is the closest to the bottom
        ds.swayed.remove(minister)
        fs.supply["crown"] = fs.supply.get("crown", 0) + 1
        g.emit(DUCHY, rule, "cost_of_errors", "Cost of Errors: buildings lost in {where}; the {minister} loses its crown", why, where=where, minister=MINISTER_TITLE[minister])
    if "investors" in fs.traits and by is not None and by in s.factions and not s.factions[by].is_bot:
        investors(g, sorted(set(clearings)), by)


def investors(g: Game, clearings: list[int], human: str) -> None:
    """Trait Investors (3.3.2): the human who set off Cost of Errors must discard a card matching
    a clearing where a Duchy building was removed (a bird matches any); if it does, the Duchy
    loses 1 VP; if it cannot, the Duchy sways a minister matching such a clearing as the Sway
    action would (``investors_minister``; ruling R-DUCHY-INVESTORS)."""
    from ...core.rules import discard, lose_vp, told_after

    s = g.state
    hs = s.factions[human]
    suits = {s.suit(c) for c in clearings}
    holds = [cid for cid in hs.hand if s.deckdef.card(cid).suit == "bird" or s.deckdef.card(cid).suit in suits]
    if holds:
        card = g.controller(human).investors_discard(g, human, clearings)
        suit = s.deckdef.card(card).suit if card in hs.hand else None
        if suit is None or (suit != "bird" and suit not in suits):
            raise EngineFailure(f"Investors: card {card} is not a card in the {human} hand matching {', '.join(map(str, clearings))}")
        hs.hand.remove(card)
        with told_after(g):
            discard(g, card)
            g.emit(human, "3.3.2", "investors", "discards {card} to the Duchy's Investors", card=s.deckdef.card(card).label())
        lose_vp(g, DUCHY, 1, "3.3.2", f"to Investors ({human} discarded a matching card)")
        return
    fs = s.factions[DUCHY]
    ds = fs.board
    assert ds is not None
    minister, why = investors_minister(g, suits)
    if minister is None or fs.supply.get("crown", 0) <= 0:
        g.emit(DUCHY, "3.3.2", "investors", "Investors: {human} holds no matching card, but no matching minister can be swayed", human=human)
        return
    fs.supply["crown"] -= 1
    ds.sway(minister)
    g.emit(DUCHY, "3.3.2", "sway", "Investors: {human} holds no matching card, so it places a crown on the {m}", lambda: why, human=human, m=MINISTER_TITLE[minister])


def investors_minister(g: Game, suits: set[str]) -> tuple[str | None, str]:
    """The minister Investors sways (3.3.2), as the Sway action (10.6.3) picks one, among the
    unswayed ministers matching a clearing of removal: the topmost whose suit is the order's,
    else (no such minister, a bird order, or no order card in another player's turn) the
    bottommost (ruling R-DUCHY-INVESTORS). Returns it (None if none) and why."""
    s = g.state
    fs = s.factions[DUCHY]
    ds = fs.board
    assert ds is not None
    order = None if fs.order is None else s.deckdef.card(fs.order).suit
    matching = [m for m in MINISTERS if not ds.has(m) and MINISTER_SUIT[m] in suits]
    ordered = [m for m in matching if MINISTER_SUIT[m] == order]
    if ordered:
        return ordered[0], f"the topmost unswayed {order} minister, as in Sway (10.6.3)"
    if not matching:
        return None, ""
    named = " or ".join(sorted(suits))
    reason = "it has no order card" if order is None else "the order is a bird" if order == "bird" else f"no {order} minister matches"
    return matching[-1], f"{reason}, so the bottommost unswayed {named} minister, as in Sway (10.6.3)"
