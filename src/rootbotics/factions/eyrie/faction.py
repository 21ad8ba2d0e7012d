"""The Eyrie Dynasties and the Electric Eyrie (Law of Robotics section 5): what the faction is,
its Decree as a board of its own, Lords of the Forest (it rules tied clearings, LoR 7.2.1) and
the bot's War Tax (3.3.2), which other seats feel."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.events import piece_words
from ...core.context import Game
from ...core.faction import LAW, BoardTable, CardLedger, Faction
from ...core.fields import StateError, obj, only
from ...core.rules import lose_vp, score

if TYPE_CHECKING:
    from ...core.state import FactionState, GameState

from .board import DECREE_COLUMNS, FACTION, LEADERS, LOR_COLUMNS, VIZIER, VIZIER_NAME, DynastyBoard, EyrieBoard

class Eyrie(Faction):
    name = FACTION
    bot_name = "Electric Eyrie"
    human_name = "Eyrie Dynasties"
    pieces = {"bot": {"warrior": 20, "roost": 7}, "human": {"warrior": 20, "roost": 7}}
    buildings = frozenset({"roost"})
    crafting_pieces = frozenset({"roost"})  # LoR 7.2.1 (Tunnels, Exiles and Partisans deck)
    one_per_clearing = frozenset({"roost"})  # a roost is built only in a clearing with no roost (5.5.2, LoR 7.4)
    human_seat = True
    wins_ties = True  # Lords of the Forest (LoR 7.2.1; 5.2.1)
    board_fields = ("decree", "leader", "deposed_leaders")  # the bot's Decree; a human seat's Decree and leaders (LoR 7)
    card_extras = {VIZIER_NAME: (VIZIER, "in the bird column of the Eyrie's Decree")}
    difficulty_text = {
        "easy": "Only one Loyal Vizier goes into the Decree at setup.",
        "default": "As the Law says.",
        "challenging": "At setup, a bird Ambush card from the deck joins the bird column of the Decree.",
        "nightmare": "As challenging, and 1 VP at the end of each Evening.",
    }
    trait_text = {
        "focused": "The Decree's battles deal the extra hit also when their column is tied for the most cards.",
        "nobility": "It also falls into turmoil when it cannot place a warrior it must recruit; in turmoil it scores 1 VP per bird card instead of losing it.",
        "relentless": "After resolving the Decree, it removes every defenseless enemy building and token in each clearing with Eyrie warriors.",
        "swoop": "At the end of Daylight, it places 2 warriors in the highest-priority clearing with no Eyrie pieces.",
        "war-tax": "Whenever it removes an enemy building or token, that piece's owner loses 1 VP.",
    }

    rule_sets = (LAW, "bbp")  # the Law's bot (bot.py) and the Better Bot Project's (bbp.py)

    def bot(self, rule_set: str = LAW) -> Any:
        if rule_set == "bbp":
            from .bbp import BetterEyrie

            return BetterEyrie()
        from .bot import ElectricEyrie

        return ElectricEyrie()

    def new_board(self, seat: str) -> EyrieBoard | DynastyBoard | None:
        return EyrieBoard() if seat == "bot" else DynastyBoard()

    def lor(self) -> Any:
        from . import lor

        return lor

    def write_board(self, state: GameState, fs: FactionState) -> dict[str, Any]:
        board = fs.board
        if isinstance(board, DynastyBoard):
            return write_dynasty(state, board)
        if not isinstance(board, EyrieBoard) or board.decree is None:
            return {}
        name = lambda c: VIZIER_NAME if c == VIZIER else state.deckdef.card(c).name  # noqa: E731
        return {"decree": {col: [name(c) for c in board.decree[col]] for col in DECREE_COLUMNS}}

    def read_board(self, state: GameState, fs: FactionState, raw: dict[str, Any], path: str, cards: CardLedger) -> None:
        if fs.seat == "human":
            read_dynasty(state, fs, raw, path, cards)
            return
        for key in ("leader", "deposed_leaders"):
            if key in raw:
                raise StateError(f"{path}.{key}", "a human Eyrie's board has leaders (LoR 7.3.3); the Electric Eyrie has none")
        if "decree" not in raw:
            if fs.seat == "bot":
                raise StateError(f"{path}.decree", "is missing")
            return
        if fs.seat != "bot":
            raise StateError(f"{path}.decree", "the Decree is the Electric Eyrie bot's (5.3.3)")
        raw_decree = obj(raw["decree"], f"{path}.decree")
        only(raw_decree, DECREE_COLUMNS, f"{path}.decree", "the Decree (its columns)")
        decree: dict[str, list[int]] = {}
        for col in DECREE_COLUMNS:
            decree[col] = cards.many(raw_decree.get(col, []), f"{path}.decree.{col}", extra_ok=True)
            for i, cid in enumerate(decree[col]):
                suit = "bird" if cid == VIZIER else state.deckdef.card(cid).suit
                if suit != col:
                    name = VIZIER_NAME if cid == VIZIER else state.deckdef.card(cid).name
                    raise StateError(f"{path}.decree.{col}.{i}", f"{name} is a {suit} card: it belongs in the {suit} column")
        if sum(col.count(VIZIER) for col in decree.values()) > 2:
            raise StateError(f"{path}.decree.bird", "there are only two Loyal Viziers")
        fs.board = EyrieBoard(decree)

    def violations(self, state: GameState, fs: FactionState) -> list[str]:
        """The bot's Decree, once set up, holds its Loyal Viziers in the bird column: two, one on
        easy (5.3.3, 3.3.1); Purge keeps them (5.7.2). Before setup there is no Decree."""
        board = fs.board
        if isinstance(board, DynastyBoard):
            return dynasty_violations(board, f"factions.{fs.faction}")
        if not isinstance(board, EyrieBoard) or board.decree is None:
            return []  # before setup (a saved bot seat must give its Decree: read_board)
        path = f"factions.{fs.faction}.decree"
        want = 1 if fs.difficulty == "easy" else 2
        have = board.decree.get("bird", []).count(VIZIER)
        astray = sum(col.count(VIZIER) for name, col in board.decree.items() if name != "bird")
        if have != want or astray:
            return [f"{path}.bird: holds {have} Loyal Vizier(s), and the Decree keeps {want} there always (5.3.3, 5.7.2)"]
        return []

    def describe_board(self, state: GameState, fs: FactionState) -> list[str | BoardTable]:
        board = fs.board
        if isinstance(board, DynastyBoard):
            return describe_dynasty(state, fs, board)
        if not isinstance(board, EyrieBoard) or board.decree is None:
            return []
        decree = board.decree
        name = lambda c: "Loyal Vizier" if c == VIZIER else state.deckdef.card(c).title  # noqa: E731
        depth = max([len(decree[col]) for col in DECREE_COLUMNS] + [1])
        rows = tuple(tuple(name(decree[col][i]) if i < len(decree[col]) else "" for col in DECREE_COLUMNS) for i in range(depth))
        return [BoardTable(f"{fs.faction.capitalize()} Decree", DECREE_COLUMNS, rows)]

    def makes_lose_vp(self, state: GameState, faction: str) -> bool:
        """Humiliate (5.7.1) takes its own VP; its War Tax (3.3.2) anyone's."""
        fs = state.factions.get(FACTION)
        return faction == FACTION or (fs is not None and fs.is_bot and "war-tax" in fs.traits)

    def removed_enemy_piece(self, g: Game, owner: str, kind: str) -> None:
        fs = g.state.factions[FACTION]
        if fs.is_bot and "war-tax" in fs.traits:
            lose_vp(g, owner, 1, "3.3.2", f"to the Eyrie's War Tax for its {piece_words(kind)}")


    # -- a human seat (LoR 7) ------------------------------------------------------------------------
    def crafted_item_vp(self, state: GameState, faction: str, vp: int) -> int:
        """Disdain for Trade (LoR 7.2.3): one VP for an item, whatever it lists; the Builder
        ignores it (LoR 7.8.1)."""
        return vp if leader_of(state) == "builder" else 1

    def attack_extra_hits(self, state: GameState, faction: str) -> int:
        return 1 if leader_of(state) == "commander" else 0  # LoR 7.8.3

    def attack_extra_why(self, state: GameState, faction: str) -> tuple[str, str, str]:
        return "LoR 7.8.3", "its leader is the Commander", "the Commander"

    def removed_in_battle(self, g: Game, faction: str, c: int, n: int) -> None:
        """The Despot (LoR 7.8.4): one more VP for a battle in which it removed at least one
        enemy building or token (on top of the VP each, LoR 3.2.1)."""
        if leader_of(g.state) == "despot":
            score(g, FACTION, 1, "LoR 7.8.4", f"as the Despot, for removing enemy buildings or tokens in battle in {c}")


def leader_of(state: GameState) -> str | None:
    """A human Eyrie's leader (LoR 7.3.3), or None (a bot, or before setup)."""
    fs = state.factions.get(FACTION)
    board = None if fs is None else fs.board
    return board.leader if isinstance(board, DynastyBoard) else None


def write_dynasty(state: GameState, board: DynastyBoard) -> dict[str, Any]:
    if board.decree is None:
        return {}
    name = lambda c: VIZIER_NAME if c == VIZIER else state.deckdef.card(c).name  # noqa: E731
    return {
        "decree": {col: [name(c) for c in board.decree[col]] for col in LOR_COLUMNS},
        "leader": board.leader,
        "deposed_leaders": list(board.deposed),
    }


def read_dynasty(state: GameState, fs: FactionState, raw: dict[str, Any], path: str, cards: CardLedger) -> None:
    """A human Eyrie's Decree by column (LoR 7.4.2: any card in any column), its leader and its
    deposed leaders (LoR 7.3.3, 7.7.3). All three or none (before setup)."""
    given = [k for k in ("decree", "leader") if k in raw]
    if not given:
        if "deposed_leaders" in raw:
            raise StateError(f"{path}.leader", "is missing (deposed leaders need a leader)")
        return
    for key in ("decree", "leader"):
        if key not in raw:
            raise StateError(f"{path}.{key}", "is missing (a human Eyrie's board has both a Decree and a leader)")
    leader = raw["leader"]
    if leader not in LEADERS:
        raise StateError(f"{path}.leader", f"{leader!r} is not a leader ({', '.join(LEADERS)})")
    deposed = raw.get("deposed_leaders", [])
    if not isinstance(deposed, list):
        raise StateError(f"{path}.deposed_leaders", "expected a list of leaders")
    for i, name in enumerate(deposed):
        if name not in LEADERS or name == leader or deposed.index(name) != i:
            raise StateError(f"{path}.deposed_leaders.{i}", f"{name!r} is not a leader other than the current one, listed once")
    raw_decree = obj(raw["decree"], f"{path}.decree")
    only(raw_decree, LOR_COLUMNS, f"{path}.decree", "a human Eyrie's Decree (its columns)")
    decree = {col: cards.many(raw_decree.get(col, []), f"{path}.decree.{col}", extra_ok=True) for col in LOR_COLUMNS}
    board = DynastyBoard(decree, leader, list(deposed))
    problems = dynasty_violations(board, path)
    if problems:
        raise StateError(f"{path}.decree", problems[0].split(": ", 1)[-1])
    fs.board = board


def dynasty_violations(board: DynastyBoard, path: str) -> list[str]:
    """Once set up, the two Loyal Viziers lie one in each column the leader names (LoR 7.3.4,
    7.7.3), and Purge keeps them (LoR 7.7.2)."""
    if board.decree is None or board.leader is None:
        return []
    want = LEADERS[board.leader]
    have = tuple(col for col in LOR_COLUMNS for c in board.decree[col] if c == VIZIER)
    if have != tuple(col for col in LOR_COLUMNS if col in want):
        return [f"{path}.decree: the Loyal Viziers lie in {', '.join(have) or 'no column'}, and the {board.leader} puts one in each of {', '.join(want)} (LoR 7.3.4, 7.7.3)"]
    return []


def describe_dynasty(state: GameState, fs: FactionState, board: DynastyBoard) -> list[str | BoardTable]:
    if board.decree is None:
        return []
    decree = board.decree
    name = lambda c: "Loyal Vizier" if c == VIZIER else state.deckdef.card(c).title  # noqa: E731
    depth = max([len(decree[col]) for col in LOR_COLUMNS] + [1])
    rows = tuple(tuple(name(decree[col][i]) if i < len(decree[col]) else "" for col in LOR_COLUMNS) for i in range(depth))
    lines: list[str | BoardTable] = [f"Leader: {board.leader}; face down: {', '.join(board.deposed) or 'none'}; face up: {', '.join(board.face_up()) or 'none'}"]
    lines.append(BoardTable(f"{fs.faction.capitalize()} Decree", LOR_COLUMNS, rows))
    return lines
