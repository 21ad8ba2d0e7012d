"""The Lizard Cult and the Logical Lizards (Law of Robotics section 8): what the faction is, its
board (Acolytes, Conspiracy track, Lost Souls, ``rules.py``), and its rules that act on anyone's
turn: Pilgrims (8.2.1), Robot Revenge (8.2.2), Gardens (8.2.3) and Lost Souls (8.2.4). A seat of
the Better Bot Project's Clockwork Cult (``lizards@bbp``, ``bbp.py``) has its own board instead,
the Outcast Pile (``cult.py``), which catches discards, and the Lizard Cult's Revenge."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.cards import CARD_SUITS
from ...core.context import Game
from ...core.faction import LAW, BoardTable, CardLedger, Faction
from ...core.fields import StateError, integer, obj, only, string
from . import cult
from .rules import CONSPIRACIES, FACTION, GARDEN_KINDS, GARDEN_SUIT, OUTCAST_SUITS, CultBoard, LizardsState, fear_of_the_faithful, garden_removed, human_revenge, lost_souls_board, robot_revenge, to_lost_souls

if TYPE_CHECKING:
    from ...core.state import FactionState, GameState

BOARD_FIELDS = ("acolytes", "conspiracy", "lost_souls", "revealed", "order")
HUMAN_FIELDS = ("acolytes", "lost_souls", "revealed", "outcast", "hated")  # a human Lizard Cult's board (LoR 10)


class Lizards(Faction):
    name = FACTION
    bot_name = "Logical Lizards"
    rule_set_bot_names = {"bbp": "Clockwork Cult"}  # BBP CC: the Better Bot Project names its bot so
    human_name = "Lizard Cult"
    pieces = {  # 8.3.1, 8.3.4; the Lizard Cult's box holds the same
        "bot": {"warrior": 25, "garden_fox": 5, "garden_rabbit": 5, "garden_mouse": 5},
        "human": {"warrior": 25, "garden_fox": 5, "garden_rabbit": 5, "garden_mouse": 5},
    }
    human_seat = True  # its Acolytes box and Lost Souls kept by the companion (table/off_map.py)
    buildings = GARDEN_KINDS
    ruling_buildings = GARDEN_KINDS  # Pilgrims: a garden's owner rules its clearing (8.2.1)
    suited_buildings = GARDEN_SUIT  # a garden stands only in a clearing of its suit (8.3.2, 8.5.1)
    board_fields = ("lizards", "cult")  # the Law's bot's board; the Clockwork Cult's (cult.py)
    difficulty_text = {
        "easy": "Daylight reveals 3 Lost Souls instead of 4.",
        "default": "As the Law says: Daylight reveals 4 Lost Souls.",
        "challenging": "Daylight reveals 5 Lost Souls.",
        "nightmare": "As challenging, and 1 VP at the end of each Evening.",
    }
    trait_text = {
        "erratic": "At the end of its turn, it draws a card onto the top of its Lost Souls.",
        "fanatics": "After each Convert, it battles in that clearing and deals 1 extra hit (defender: most defenseless buildings there, then most points).",
        "martyrs": "Each bird ritual also puts a warrior from its supply in the Acolytes box.",
        "spiteful": "Each Crusade that removed any enemy token scores 1 more VP.",
    }

    rule_sets = (LAW, "bbp")  # the Law's bot (bot.py) and the Better Bot Project's Clockwork Cult (bbp.py)

    def bot(self, rule_set: str = LAW) -> Any:
        if rule_set == "bbp":
            from .bbp import ClockworkCult

            return ClockworkCult()
        from .bot import LogicalLizards

        return LogicalLizards()

    def new_board(self, seat: str) -> LizardsState | None:
        return CultBoard() if seat == "human" else LizardsState()  # a human's: LoR 10 (rules.CultBoard)

    def lor(self) -> Any:
        from . import lor

        return lor

    def option_problem(self, options: dict[str, object]) -> str | None:
        return cult.option_problem(options)

    def write_board(self, state: GameState, fs: FactionState) -> dict[str, Any]:
        if isinstance(fs.board, cult.OutcastPile):
            return write_cult(state, fs.board)
        lz = fs.board
        if not isinstance(lz, LizardsState):
            return {}
        name = lambda c: state.deckdef.card(c).name  # noqa: E731
        if fs.seat == "human":
            return {"lizards": write_human(lz, name)}
        return {
            "lizards": {
                "acolytes": lz.acolytes,
                "conspiracy": lz.conspiracy,
                "lost_souls": [name(c) for c in lz.lost_souls],
                "revealed": [name(c) for c in lz.revealed],
                "order": lz.order,
            }
        }

    def read_board(self, state: GameState, fs: FactionState, raw: dict[str, Any], path: str, cards: CardLedger) -> None:
        """The Lizards' board (8.2.2, 8.3.3, 8.2.4, 8.5, 8.4.1); a fresh one when not given.
        A Clockwork Cult seat (rule set bbp) has its own board instead, ``cult``."""
        if fs.seat == "bot" and fs.rule_set == cult.RULE_SET:
            read_cult(state, fs, raw, path, cards)
            return
        if "cult" in raw:
            raise StateError(f"{path}.cult", "the Outcast Pile is the Clockwork Cult's (a seat with rule_set bbp)")
        if "lizards" in raw:
            bpath = f"{path}.lizards"
            entry = obj(raw["lizards"], bpath)
            if fs.seat == "bot":
                only(entry, BOARD_FIELDS, bpath, "the Lizards' board")
            else:
                only(entry, HUMAN_FIELDS, bpath, "the Lizard Cult's board (the Conspiracy track and order are the bot's)")
            lz = LizardsState() if fs.seat == "bot" else read_outcast(entry, bpath)
            lz.acolytes = integer(entry.get("acolytes", 0), f"{bpath}.acolytes", 0, self.pieces["bot"]["warrior"])
            lz.conspiracy = integer(entry.get("conspiracy", lz.conspiracy), f"{bpath}.conspiracy", 0, len(CONSPIRACIES) - 1)
            lz.lost_souls = cards.many(entry.get("lost_souls", []), f"{bpath}.lost_souls")
            lz.revealed = cards.many(entry.get("revealed", []), f"{bpath}.revealed")
            order = entry.get("order")
            lz.order = None if order is None else string(order, f"{bpath}.order", CARD_SUITS)
            fs.board = lz
        if fs.board is not None and fs.order is not None:
            raise StateError(f"{path}.order", "the Lizards draw no order card: their order is a suit, lizards.order (8.4.1)")

    def describe_board(self, state: GameState, fs: FactionState) -> list[str | BoardTable]:
        """Acolytes, the Conspiracy marker and Lost Souls (top first); the Cult's Outcast Pile."""
        if isinstance(fs.board, cult.OutcastPile):
            pile = ", ".join(state.deckdef.card(c).title for c in fs.board.pile) or "-"
            return ["Clockwork Cult board", f"  acolytes: {fs.board.acolytes}", f"  Outcast Pile (oldest first, {len(fs.board.pile)}/{cult.outcast_max(state)}): {pile}"]
        lz = fs.board
        if not isinstance(lz, LizardsState):
            return []
        name = lambda c: state.deckdef.card(c).title  # noqa: E731
        souls = ", ".join(name(c) for c in reversed(lz.lost_souls)) or "-"
        if fs.seat == "human":
            return describe_human(lz, souls, name)
        lines: list[str | BoardTable] = [
            "Lizards board",
            f"  acolytes: {lz.acolytes}; conspiracy marker on {CONSPIRACIES[lz.conspiracy]} (space {lz.conspiracy + 1}); order: {lz.order or 'none'}",
            f"  Lost Souls (top first): {souls}",
        ]
        if lz.revealed:
            lines.append("  revealed: " + ", ".join(name(c) for c in lz.revealed))
        return lines

    def violations(self, state: GameState, fs: FactionState) -> list[str]:
        if fs.rule_set == cult.RULE_SET or isinstance(fs.board, cult.OutcastPile):
            return cult_violations(state, fs)
        lz = fs.board
        if not isinstance(lz, LizardsState):
            return []
        if lz.acolytes < 0 or not 0 <= lz.conspiracy < len(CONSPIRACIES):
            return [f"the Lizards' board: {lz.acolytes} acolytes, marker on space {lz.conspiracy}"]
        if fs.seat == "human":  # the order and the Conspiracy track are the bot's
            return cult_board_violations(fs)
        path = f"factions.{fs.faction}.lizards.order"
        if lz.order is not None and lz.order not in CARD_SUITS:
            return [f"{path}: {lz.order!r} is not a suit (8.4.1)"]
        acting = state.phase in ("daylight", "evening") and state.turn_order[state.turn % len(state.turn_order)] == fs.faction
        if acting and lz.order is None:
            return [f"{path}: the Lizards act in Daylight and Evening on the order set in Birdsong (8.4.1)"]
        if state.phase == "setup" and lz.order is not None:
            return [f"{path}: no order is set before the Lizards' first Birdsong (8.4.1)"]
        return []

    # -- what other seats set off -------------------------------------------------------------
    def warriors_removed(self, g: Game, c: int, n: int) -> None:
        robot_revenge(g, c)  # 8.2.2

    def after_defending(self, g: Game, faction: str, warriors_lost: int) -> None:
        cult.revenge(g, warriors_lost)  # the Clockwork Cult only (ruling R-BBP-CC-FACTION)
        human_revenge(g, warriors_lost)  # a human Lizard Cult only (ruling R-TABLE-REVENGE)

    def piece_removed(self, g: Game, c: int, kind: str, by: str | None, memo: object) -> None:
        if kind in GARDEN_KINDS:
            garden_removed(g, c)  # 8.2.3 (the bot)
            fear_of_the_faithful(g, c)  # LoR 10.2.5 (a human Cult played by legal moves)

    def catches_discards(self, state: GameState) -> bool:
        return cult.cult_board(state) is not None or lost_souls_board(state) is not None  # BBP CC.2; 8.2.4; a human Cult's Lost Souls (LoR)

    def catches_dominance(self, state: GameState) -> bool:
        # 8.2.4 (the bot) and LoR 10.2.6 (a human Cult): every card, a dominance card included; it
        # goes beside the map only when the Lost Souls are discarded (8.6.2, LoR 10.4.2)
        return lost_souls_board(state) is not None

    def catch_discard(self, g: Game, card: int) -> None:
        if cult.cult_board(g.state) is not None:
            cult.to_outcast_pile(g, card)
        else:
            to_lost_souls(g, card)


def write_human(lz: LizardsState, name: Any) -> dict[str, Any]:
    """A human Cult's board: the Acolytes box and Lost Souls; the revealed cards, the outcast
    suit and its Hated side only when there are (so board-mode files read as before)."""
    out: dict[str, Any] = {"acolytes": lz.acolytes, "lost_souls": [name(c) for c in lz.lost_souls]}
    if lz.revealed:
        out["revealed"] = [name(c) for c in lz.revealed]
    if isinstance(lz, CultBoard) and lz.outcast is not None:
        out["outcast"] = lz.outcast
        if lz.hated:
            out["hated"] = True
    return out


def read_outcast(entry: dict[str, Any], bpath: str) -> CultBoard:
    """A human Cult's outcast marker (LoR 10.3.3, 10.4.1): a suit, and ``hated`` only with one."""
    lz = CultBoard()
    raw = entry.get("outcast")
    lz.outcast = None if raw is None else string(raw, f"{bpath}.outcast", OUTCAST_SUITS)
    hated = entry.get("hated", False)
    if not isinstance(hated, bool):
        raise StateError(f"{bpath}.hated", f"{hated!r} is not true or false (the outcast marker's Hated side, LoR 10.4.1)")
    if hated and lz.outcast is None:
        raise StateError(f"{bpath}.hated", "the marker is Hated on no suit: give lizards.outcast (LoR 10.3.3)")
    lz.hated = hated
    return lz


def describe_human(lz: LizardsState, souls: str, name: Any) -> list[str | BoardTable]:
    lines: list[str | BoardTable] = ["Lizard Cult board", f"  acolytes: {lz.acolytes}", f"  Lost Souls (top first): {souls}"]
    if isinstance(lz, CultBoard) and lz.outcast is not None:
        lines.append(f"  outcast: {lz.outcast}{' (Hated)' if lz.hated else ''}")
    if lz.revealed:
        lines.append("  revealed: " + ", ".join(name(c) for c in lz.revealed))
    return lines


def cult_board_violations(fs: FactionState) -> list[str]:
    """A human Cult's marker: Hated only on a suit (LoR 10.4.1)."""
    lz = fs.board
    if isinstance(lz, CultBoard) and lz.hated and lz.outcast is None:
        return [f"factions.{fs.faction}.lizards.hated: the outcast marker is Hated on no suit (LoR 10.4.1)"]
    return []


CULT_FIELDS = ("acolytes", "outcast_pile")


def write_cult(state: GameState, b: cult.OutcastPile) -> dict[str, Any]:
    return {"cult": {"acolytes": b.acolytes, "outcast_pile": [state.deckdef.card(c).name for c in b.pile]}}


def read_cult(state: GameState, fs: FactionState, raw: dict[str, Any], path: str, cards: CardLedger) -> None:
    """The Clockwork Cult's board (BBP CC.2): acolytes and the Outcast Pile, oldest first."""
    if "lizards" in raw:
        raise StateError(f"{path}.lizards", "the Law's Lizards board: a Clockwork Cult seat (rule_set bbp) has a cult board instead")
    b = cult.OutcastPile()
    if "cult" in raw:
        bpath = f"{path}.cult"
        entry = obj(raw["cult"], bpath)
        only(entry, CULT_FIELDS, bpath, "the Clockwork Cult's board")
        b.acolytes = integer(entry.get("acolytes", 0), f"{bpath}.acolytes", 0, Lizards.pieces["bot"]["warrior"])
        b.pile = cards.many(entry.get("outcast_pile", []), f"{bpath}.outcast_pile")
    fs.board = b


def cult_violations(state: GameState, fs: FactionState) -> list[str]:
    """The Clockwork Cult's board: its own once set up; the pile within its maximum (BBP CC.2)."""
    b = fs.board
    path = f"factions.{fs.faction}.cult"
    if not isinstance(b, cult.OutcastPile):
        return [] if state.phase == "setup" else [f"{path}: a Clockwork Cult seat has no Outcast Pile"]
    if fs.rule_set != cult.RULE_SET:
        return [f"{path}: only a Clockwork Cult seat (rule_set bbp) has an Outcast Pile"]
    if b.acolytes < 0:
        return [f"{path}.acolytes: {b.acolytes} is negative"]
    if len(b.pile) > cult.outcast_max(state):
        return [f"{path}.outcast_pile: {len(b.pile)} cards, above its maximum {cult.outcast_max(state)} (BBP CC.2)"]
    if fs.order is not None:
        return [f"factions.{fs.faction}.order: the Clockwork Cult has no order card (BBP CC.1)"]
    return []
