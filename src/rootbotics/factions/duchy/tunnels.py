"""The human Underground Duchy's Burrow, tunnels and revealed cards (LoR 12.2.2, 12.2.4, 12.6.1),
shared by its Law of Root turn (``lor.py``) and the hooks through which the shared moving code
enters the Burrow (``faction.py``).

The Burrow is a clearing of no suit off the map, adjacent to each clearing with a Duchy tunnel;
only Duchy pieces go there and the Duchy always rules it (LoR 12.2.2). In moves it is place 0
(Rootlog's number for it); its warriors are ``DuchyState.burrow``. A move into or out of it needs
a tunnel in the clearing at the other end, and the Duchy's rule of the Burrow makes it legal
(LoR 4.2.1); a face-up snare still holds warriors in its clearing (11.7.2)."""

from __future__ import annotations

from ...core.context import Game
from ...core.lor.cards import card_label
from ...core.maps import CLEARINGS
from ...core.rules import discard, moved_into
from ...core.state import GameState
from .burrow import DUCHY
from .ministers import duchy_board

BURROW = 0  # the Burrow's number as a place off the map (Rootlog's clearing 0)


def tunnels(state: GameState) -> list[int]:
    """The clearings holding a Duchy tunnel: those the Burrow is adjacent to (LoR 12.2.2)."""
    return [c for c in CLEARINGS if (DUCHY, "tunnel") in state.clearings[c].tokens]


def burrow_places(state: GameState) -> dict[int, int]:
    """The Burrow as a place off the map, with the warriors in it, for a human Duchy."""
    fs = state.factions[DUCHY]
    if fs.is_bot or fs.board is None:
        return {}
    return {BURROW: duchy_board(state).burrow}


def from_burrow(g: Game, c: int, n: int, rule: str) -> None:
    """Move ``n`` warriors from the Burrow to ``c``, where a tunnel stands (a move: the other
    seats' rules react as to any move into ``c``, e.g. Outrage)."""
    s = g.state
    duchy_board(s).burrow -= n
    cl = s.clearings[c]
    cl.warriors[DUCHY] = cl.warriors.get(DUCHY, 0) + n
    g.emit(DUCHY, rule, "move", "moves {n} warrior{pl} from the Burrow to {c}", n=n, c=c, pl="s" if n > 1 else "")
    moved_into(g, DUCHY, c)


def into_burrow(g: Game, c: int, n: int, rule: str) -> None:
    """Move ``n`` warriors from ``c``, where a tunnel stands, into the Burrow."""
    s = g.state
    cl = s.clearings[c]
    have = cl.warriors.get(DUCHY, 0)
    if n >= have:
        del cl.warriors[DUCHY]
    else:
        cl.warriors[DUCHY] = have - n
    duchy_board(s).burrow += n
    g.emit(DUCHY, rule, "to_burrow", "moves {n} warrior{pl} from {c} into the Burrow", n=n, c=c, pl="s" if n > 1 else "")


def move_through_tunnel(g: Game, a: int, b: int, n: int, rule: str) -> None:
    """A move with one end in the Burrow (the shared moving code's hook)."""
    if a == BURROW:
        from_burrow(g, b, n, rule)
    else:
        into_burrow(g, a, n, rule)


def recruit_to_burrow(g: Game, n: int, rule: str) -> int:
    """Place up to ``n`` warriors from the supply in the Burrow (fewer when the supply runs out,
    LoR 1.5.4). Returns how many."""
    s = g.state
    fs = s.factions[DUCHY]
    n = min(n, fs.supply.get("warrior", 0))
    if n <= 0:
        g.emit(DUCHY, rule, "supply_empty", "has no warriors left in supply to place in the Burrow (LoR 1.5.4)")
        return 0
    fs.supply["warrior"] -= n
    ds = duchy_board(s)
    ds.burrow += n
    g.emit(DUCHY, rule, "recruit", "places {n} warrior{pl} in the Burrow ({note} there now)", n=n, pl="s" if n > 1 else "", note=ds.burrow)
    return n


def take_back_tunnel(g: Game, c: int) -> None:
    """LoR 12.2.4: all three tunnels are on the map, so the Duchy takes the one in ``c`` off first."""
    s = g.state
    s.clearings[c].tokens.remove((DUCHY, "tunnel"))
    s.factions[DUCHY].supply["tunnel"] = s.factions[DUCHY].supply.get("tunnel", 0) + 1
    g.emit(DUCHY, "LoR 12.2.4", "take_tunnel", "takes its tunnel off {c}: all three were on the map", c=c)


# -- revealed cards (LoR 12.5.1.1, 12.5.2.1, 12.5.3.2, 12.6.1) ------------------------------------
def reveal(g: Game, cid: int, rule: str, what: str) -> None:
    """Reveal a card from hand: it lies face up beside the board, out of the hand, until Evening."""
    s = g.state
    s.factions[DUCHY].hand.remove(cid)
    duchy_board(s).revealed.append(cid)
    g.emit(DUCHY, rule, "reveal", "reveals {card} {what}", card=card_label(cid, s), what=what)


def return_revealed(g: Game, rule: str) -> None:
    """LoR 12.6.1: the bird cards revealed this turn are discarded, the others go back to hand."""
    s = g.state
    ds = duchy_board(s)
    deck = s.deckdef.cards
    back = [cid for cid in ds.revealed if deck[cid].suit != "bird"]
    for cid in [cid for cid in ds.revealed if deck[cid].suit == "bird"]:
        g.emit(DUCHY, rule, "discard", "discards {card}, a bird card it revealed this turn", card=card_label(cid, s), card_id=deck[cid].name)
        ds.revealed.remove(cid)
        discard(g, cid)
    if back:
        ds.revealed.clear()
        s.factions[DUCHY].hand.extend(back)
        g.emit(DUCHY, rule, "return_revealed", "takes back into its hand the {n} card{pl} it revealed this turn", n=len(back), pl="s" if len(back) > 1 else "")
