"""The Underground Duchy and the Drillbit Duchy (Law of Robotics section 10): what the faction
is, its board (the Burrow and the swayed ministers, ``burrow.py``), and Cost of Errors (10.2.1)
with the bot's traits Foundations and Investors (3.3.2), which other seats set off. A human
Underground Duchy played by legal moves (``lor.py``, LoR 12) pays the Price of Failure when its
buildings are removed (LoR 12.2.3, ``ministers.py``) and moves through its tunnels into and out of
the Burrow in the shared moving code (LoR 12.2.2, ``tunnels.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.context import Game
from ...core.faction import CardLedger, Faction
from ...core.fields import StateError, integer, lst, obj, only, string
from ...core.faction import BoardTable
from .burrow import DUCHY, MINISTER_TITLE, MINISTERS, DuchyState
from .ministers import CROWNS_PER_RANK, RANK, RANKS, price_of_failure
from .rules import cost_of_errors
from .tunnels import BURROW, burrow_places, move_through_tunnel, tunnels

if TYPE_CHECKING:
    from ...core.state import FactionState, GameState

DUCHY_BUILDINGS: frozenset[str] = frozenset({"citadel", "market"})  # 10.3.4


class Duchy(Faction):
    name = DUCHY
    bot_name = "Drillbit Duchy"
    human_name = "Underground Duchy"
    # 10.3.1, 10.3.4: crowns are not map pieces; those not in supply sit on swayed ministers
    pieces = {
        "bot": {"warrior": 20, "tunnel": 3, "citadel": 3, "market": 3, "crown": 9},
        "human": {"warrior": 20, "tunnel": 3, "citadel": 3, "market": 3, "crown": 9},  # the Underground Duchy's box
    }
    human_seat = True  # its Burrow kept by the companion (table/off_map.py)
    buildings = DUCHY_BUILDINGS
    tokens = frozenset({"tunnel"})
    crafting_pieces = DUCHY_BUILDINGS  # LoR 12.2.1 (Tunnels, Exiles and Partisans deck)
    board_fields = ("duchy",)
    difficulty_text = {
        "easy": "Recruit puts 1 warrior (plus one per Mole icon showing) into the Burrow.",
        "default": "As the Law says: 2 warriors plus one per Mole icon showing.",
        "challenging": "Recruit puts 3 warriors (plus one per Mole icon showing) into the Burrow.",
        "nightmare": "As challenging, and 1 VP at the end of each Evening (ruling R-DUCHY-NIGHTMARE).",
    }
    trait_text = {
        "foundations": "Cost of Errors takes the crown from the bottom-most swayed minister whose suit matches a clearing where its building was removed (none if no swayed minister matches).",
        "investors": "When a human sets off Cost of Errors, they must discard a card matching a clearing where a Duchy building was removed and the Duchy loses 1 VP; with no such card, the Duchy sways a minister matching such a clearing as its Sway step would (the topmost of the order's suit, else the bottommost).",
        "invaders": "Dig targets the most enemy buildings, then the fewest enemy warriors; unable to build for want of an open slot, it battles in each clearing it rules instead of scoring.",
        "overwhelm": "It digs twice each Daylight, and a Dig needs and moves only 3 warriors.",
    }

    def bot(self) -> Any:
        from .bot import DrillbitDuchy

        return DrillbitDuchy()

    def lor(self) -> Any:
        from . import lor

        return lor

    def new_board(self, seat: str) -> DuchyState | None:
        return DuchyState() if seat == "human" else None  # the bot's comes with its setup (10.3.2)

    def write_board(self, state: GameState, fs: FactionState) -> dict[str, Any]:
        ds = fs.board
        if not isinstance(ds, DuchyState):
            return {}
        out: dict[str, Any] = {"burrow": ds.burrow, "swayed": list(ds.swayed)}
        if ds.ambushes:  # 9.7: the Advanced Services card's ambushes in front of the bot
            out["ambushes"] = [state.deckdef.card(c).name for c in ds.ambushes]
        if ds.revealed:  # LoR 12.5: a human Duchy's cards revealed this turn (mid-turn only)
            out["revealed"] = [state.deckdef.card(c).name for c in ds.revealed]
        if ds.lost_crowns:  # LoR 12.2.3: crowns Price of Failure took out of the game
            out["lost_crowns"] = sorted(ds.lost_crowns, key=RANKS.index)
        return {"duchy": out}

    def read_board(self, state: GameState, fs: FactionState, raw: dict[str, Any], path: str, cards: CardLedger) -> None:
        """The Burrow's warriors (10.2.2) and the swayed ministers (10.7); the supply of warriors
        and crowns is derived from them later."""
        if "duchy" not in raw:
            if fs.seat == "bot":
                raise StateError(f"{path}.duchy", "is missing")
            return
        bpath = f"{path}.duchy"
        entry = obj(raw["duchy"], bpath)
        only(entry, ("burrow", "swayed", "ambushes", "revealed", "lost_crowns"), bpath, "the Duchy's Burrow, ministers, ambushes in front of it, revealed cards and lost crowns")
        ds = DuchyState(integer(entry.get("burrow", 0), f"{bpath}.burrow", 0, 20))
        for i, m in enumerate(lst(entry.get("swayed", []), f"{bpath}.swayed")):
            name = string(m, f"{bpath}.swayed.{i}", MINISTERS)
            if name in ds.swayed:
                raise StateError(f"{bpath}.swayed.{i}", f"{name} is listed twice (a minister holds one crown)")
            ds.sway(name)
        ds.ambushes = cards.many(entry.get("ambushes", []), f"{bpath}.ambushes")
        for i, cid in enumerate(ds.ambushes):
            if state.deckdef.card(cid).kind != "ambush":
                raise StateError(f"{bpath}.ambushes.{i}", "is not an ambush card (9.7: only ambushes lie in front of the Duchy)")
        if ds.ambushes and fs.seat != "bot":
            raise StateError(f"{bpath}.ambushes", "only the Duchy bot keeps ambushes in front of it (9.7); a human holds them in hand")
        read_human_extras(ds, fs, entry, bpath, cards)
        fs.board = ds

    def describe_board(self, state: GameState, fs: FactionState) -> list[str | BoardTable]:
        ds = fs.board
        if not isinstance(ds, DuchyState):
            return []
        return [
            f"{self.bot_name if fs.is_bot else self.human_name}: {ds.burrow} warrior{'' if ds.burrow == 1 else 's'} in the Burrow (not a clearing)",
            "  Swayed ministers: " + (", ".join(MINISTER_TITLE[m] for m in ds.swayed) or "none"),
            *(["  Ambushes in front of it (Advanced Services): " + ", ".join(state.deckdef.card(c).label() for c in ds.ambushes)] if ds.ambushes else []),
            *(["  Revealed this turn: " + ", ".join(state.deckdef.card(c).label() for c in ds.revealed)] if ds.revealed else []),
            *(["  Crowns out of the game: " + ", ".join(ds.lost_crowns)] if ds.lost_crowns else []),
        ]

    def violations(self, state: GameState, fs: FactionState) -> list[str]:
        """A human Duchy's crowns: at most three of a rank swayed or out of the game (LoR 12.3.6)."""
        ds = fs.board
        if fs.is_bot or not isinstance(ds, DuchyState):
            return []
        out = []
        for rank in RANKS:
            used = ds.lost_crowns.count(rank) + sum(1 for m in ds.swayed if RANK[m] == rank)
            if used > CROWNS_PER_RANK:
                out.append(f"duchy: {used} {rank} crowns swayed or lost, the board has {CROWNS_PER_RANK}")
        return out

    def makes_lose_vp(self, state: GameState, faction: str) -> bool:
        """Investors (3.3.2) takes the Duchy's own VP."""
        return faction == DUCHY and "investors" in state.factions[DUCHY].traits

    # -- Cost of Errors (10.2.1) and Price of Failure (LoR 12.2.3), once per removing effect -------
    def removal_scored(self, g: Game, c: int, kind: str, by: str | None) -> None:
        if kind not in DUCHY_BUILDINGS or not (g.state.factions[DUCHY].is_bot or plays_by_legal_moves(g)):
            return
        if g.removal_batch is not None:
            g.removal_batch.append((DUCHY, c, by))
        else:
            self.removal_effect_over(g, [(c, by)])

    def removal_effect_over(self, g: Game, lost: list[tuple[int, str | None]]) -> None:
        if not g.state.factions[DUCHY].is_bot:
            price_of_failure(g, [c for c, _ in lost])
            return
        removers = [by for _, by in lost if by is not None]
        cost_of_errors(g, [c for c, _ in lost], removers[-1] if removers else None)

    # -- the Burrow in the shared moving code (LoR 12.2.2) ----------------------------------------
    def off_map_places(self, state: GameState, faction: str) -> dict[int, int]:
        return burrow_places(state)

    def off_map_links(self, state: GameState, faction: str, place: int) -> tuple[int, ...]:
        return tuple(tunnels(state)) if place == BURROW else ()

    def move_off_map(self, g: Game, faction: str, a: int, b: int, n: int, rule: str) -> None:
        move_through_tunnel(g, a, b, n, rule)


def read_human_extras(ds: DuchyState, fs: FactionState, entry: dict[str, Any], bpath: str, cards: CardLedger) -> None:
    """A human Duchy's revealed cards (LoR 12.5, back in hand each Evening) and the ranks of its
    crowns out of the game (LoR 12.2.3): at most three crowns of a rank, swayed ones included."""
    for key in ("revealed", "lost_crowns"):
        if key in entry and fs.seat == "bot":
            raise StateError(f"{bpath}.{key}", "only a human Underground Duchy reveals cards and loses crowns (LoR 12); the bot has neither")
    ds.revealed = cards.many(entry.get("revealed", []), f"{bpath}.revealed")
    for i, rank in enumerate(lst(entry.get("lost_crowns", []), f"{bpath}.lost_crowns")):
        ds.lost_crowns.append(string(rank, f"{bpath}.lost_crowns.{i}", RANKS))
    for rank in RANKS:
        used = ds.lost_crowns.count(rank) + sum(1 for m in ds.swayed if RANK[m] == rank)
        if used > CROWNS_PER_RANK:
            raise StateError(f"{bpath}.lost_crowns", f"{used} {rank} crowns are swayed or lost, but the board has {CROWNS_PER_RANK}")


def plays_by_legal_moves(g: Game) -> bool:
    """A human Duchy whose controller chooses among legal moves (DESIGN 7): the engine then pays
    its Price of Failure (LoR 12.2.3). At the table the person records the minister lost
    (``#brigadier$->``) and the card discarded themselves (ruling R-LOR-DUCHY-FAILURE)."""
    fs = g.state.factions[DUCHY]
    controller = g.controllers.get(DUCHY)
    if fs.seat != "human" or not isinstance(fs.board, DuchyState) or not hasattr(controller, "choose"):
        return False
    law = getattr(controller, "law", None)  # the table companion plays by legal moves only the seats in law mode
    return law is None or DUCHY in law
