"""The Logical Lizards' board, and their faction rules that other players set off (section 8.2);
a human Lizard Cult's board (``CultBoard``) and its rules set off on anyone's turn (LoR 10.2).

The Lizards' own turn is ``bot.py`` (a human Cult's, ``lor.py``). What lives here is what happens on anyone's turn, called
through the faction's hooks (``faction.py``): Pilgrims (8.2.1, read by ``rules.ruler``), Robot
Revenge (8.2.2, after ``rules.remove_warriors``), Gardens (8.2.3, after ``rules.remove_piece``)
and Lost Souls (8.2.4, from ``rules.discard``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ...core.faction import Board
from ...core.moves import plays_by_law

if TYPE_CHECKING:
    from ...core.context import Game
    from ...core.state import GameState

FACTION = "lizards"
# The Conspiracy track, left to right (8.4.2; shared/data/bot-cards.md section 4).
CONSPIRACIES: tuple[str, ...] = ("convert", "crusade", "convert", "crusade", "sanctify")
SANCTIFY_SPACE = 4  # 8.3.3: the outcast marker starts on Sanctify
GARDENS: dict[str, str] = {"fox": "garden_fox", "rabbit": "garden_rabbit", "mouse": "garden_mouse"}  # suit -> kind
GARDEN_SUIT: dict[str, str] = {kind: suit for suit, kind in GARDENS.items()}
GARDEN_KINDS: frozenset[str] = frozenset(GARDENS.values())


@dataclass(slots=True)
class LizardsState(Board):
    """The Lizards' faction board: Acolytes box, Conspiracy marker, Lost Souls and the cards
    revealed this Daylight. Card lists hold deck ids; the top of Lost Souls is the last one."""

    acolytes: int = 0
    conspiracy: int = SANCTIFY_SPACE  # index into CONSPIRACIES
    lost_souls: list[int] = field(default_factory=list)
    revealed: list[int] = field(default_factory=list)  # in the order revealed (8.5)
    order: str | None = None  # the suit set in Birdsong (8.4.1)

    def clone(self) -> LizardsState:
        return LizardsState(self.acolytes, self.conspiracy, list(self.lost_souls), list(self.revealed), self.order)

    def public_cards(self) -> dict[str, list[int]]:
        """The Lost Souls lie face up (8.2.4, LoR 10.2.6); revealed cards are shown (8.5, LoR 10.5)."""
        return {"lost_souls": list(self.lost_souls), "revealed": list(self.revealed)}

    def cards(self) -> list[int]:
        return self.lost_souls + self.revealed

    def out_of_play(self, kind: str) -> int:
        return self.acolytes if kind == "warrior" else 0  # the Acolytes box (8.2.2)


OUTCAST_SUITS: tuple[str, ...] = ("fox", "rabbit", "mouse")  # the Outcast box's spaces (LoR 10.3.3)


@dataclass(slots=True)
class CultBoard(LizardsState):
    """A human Lizard Cult's board (LoR 10): the Acolytes box and Lost Souls as the bot's, the
    cards revealed this Daylight (public, LoR 10.5; back in hand in Evening, LoR 10.6.1), and the
    outcast marker: its suit (None before setup chooses one, LoR 10.3.3) and its side, Hated or
    not (LoR 10.4.1). The Conspiracy track and the order are the bot's and stay unused."""

    outcast: str | None = None
    hated: bool = False

    def clone(self) -> CultBoard:
        return CultBoard(self.acolytes, self.conspiracy, list(self.lost_souls), list(self.revealed), self.order, self.outcast, self.hated)


def board(state: GameState) -> LizardsState | None:
    """The Logical Lizards bot's board, if that bot plays."""
    fs = state.factions.get(FACTION)
    if fs is None or not fs.is_bot or not isinstance(fs.board, LizardsState):
        return None
    return fs.board


def lost_souls_board(state: GameState) -> LizardsState | None:
    """The board whose Lost Souls catch discards: the bot's (8.2.4) or a human Lizard Cult's, whose
    Lost Souls take every discarded card in the Law of Root just as well (ruling R-TABLE-LOST-SOULS)."""
    fs = state.factions.get(FACTION)
    if fs is None or not isinstance(fs.board, LizardsState):
        return None
    return fs.board


# -- 8.2.1 Pilgrims ----------------------------------------------------------------------------
def is_garden(kind: str) -> bool:
    return kind in GARDEN_KINDS


# -- 8.2.2 Robot Revenge -------------------------------------------------------------------------
def robot_revenge(g: Game, c: int) -> None:
    """Some Lizard warriors were just removed (to supply): one of them goes to the Acolytes box."""
    lz = board(g.state)
    if lz is None:
        return
    supply = g.state.factions[FACTION].supply
    supply["warrior"] -= 1
    lz.acolytes += 1
    g.emit(FACTION, "8.2.2", "acolyte", "Robot Revenge: one of the warriors lost in {c} becomes an acolyte ({n} in the Acolytes box)", c=c, n=lz.acolytes)


def human_revenge(g: Game, warriors_lost: int) -> None:
    """A human Lizard Cult's Revenge (Law of Root): every warrior it lost defending in a battle
    the engine resolved goes to its Acolytes box, not its supply (ruling R-TABLE-REVENGE)."""
    fs = g.state.factions.get(FACTION)
    if fs is None or fs.is_bot or not isinstance(fs.board, LizardsState) or warriors_lost <= 0:
        return
    n = min(warriors_lost, fs.supply.get("warrior", 0))
    fs.supply["warrior"] -= n
    fs.board.acolytes += n
    g.emit(FACTION, "LoR 10.2.3", "acolyte", "Revenge: its {lost} warrior(s) lost defending become acolytes ({n} in the Acolytes box)", lost=n, n=fs.board.acolytes)


# -- 8.2.3 Gardens -------------------------------------------------------------------------------
def garden_removed(g: Game, c: int) -> None:
    """A garden left the map: the top card of Lost Souls goes to the discard pile."""
    lz = board(g.state)
    if lz is None:
        return
    if not lz.lost_souls:
        g.emit(FACTION, "8.2.3", "lost_soul", "its garden in {c} is gone, but its Lost Souls are empty", c=c)
        return
    from ...core.rules import BESIDE_THE_MAP, discard  # rules imports this module

    card = lz.lost_souls.pop()
    where = "beside the map (a dominance card, LoR 3.3.3)" if discard(g, card, lost_souls=False, told=True) == BESIDE_THE_MAP else "to the discard pile"
    g.emit(FACTION, "8.2.3", "lost_soul", "its garden in {c} is gone: the top Lost Soul, {card}, goes {what}", c=c, card=g.state.deckdef.card(card).label(), what=where)


def fear_of_the_faithful(g: Game, c: int) -> None:
    """LoR 10.2.5: a human Cult's garden was removed: it discards a card of its hand at random
    (to its Lost Souls, LoR 10.2.6). Only for a seat whose rules the engine plays (a program, or
    law mode at the table); in board mode the table's own lines say what it discarded."""
    fs = g.state.factions.get(FACTION)
    if fs is None or fs.is_bot or not isinstance(fs.board, CultBoard) or not plays_by_law(g, FACTION):
        return
    if not fs.hand:
        g.emit(FACTION, "LoR 10.2.5", "no_garden", "Fear of the Faithful: its garden in {c} is gone, but it holds no card to discard", c=c)
        return
    from ...core.rules import discard  # rules imports this module

    cid = g.chance.pick(list(fs.hand), f"the card {FACTION} discards at random (Fear of the Faithful)")
    card = g.state.deckdef.card(cid)
    g.emit(FACTION, "LoR 10.2.5", "discard", "discards {card} at random: Fear of the Faithful, its garden in {c} is gone", card=card.label(), card_id=card.name, c=c)
    fs.hand.remove(cid)
    discard(g, cid)


# -- 8.2.4 Lost Souls ----------------------------------------------------------------------------
def catches_discards(state: GameState) -> bool:
    """While the Lizards play (bot or human), spent and discarded cards go to their Lost Souls."""
    return lost_souls_board(state) is not None


def human_lost_souls(state: GameState) -> LizardsState | None:
    """A human Lizard Cult's board, whose Lost Souls take every card spent or discarded, even a
    dominance card (LoR 10.2.6, ruling R-TABLE-LOST-SOULS); None when no human Cult plays."""
    fs = state.factions.get(FACTION)
    if fs is None or fs.is_bot or not isinstance(fs.board, LizardsState):
        return None
    return fs.board


def to_lost_souls(g: Game, card: int) -> None:
    """8.2.4 (the bot), LoR 10.2.6 (a human Cult): the card goes face up on top of the Lost Souls."""
    lz = lost_souls_board(g.state)
    assert lz is not None
    lz.lost_souls.append(card)
    rule = "LoR 10.2.6" if lz is human_lost_souls(g.state) else "8.2.4"
    g.emit(FACTION, rule, "lost_soul", "{card} goes on top of its Lost Souls instead of the discard pile", card=g.state.deckdef.card(card).label())
