"""The human Riverfolk Company's board beside the bots (Law of Root, the Riverfolk): the Payments
box and the Funds, each holding warriors by owner (they stay their owners' pieces), and its
trade posts, which leave the game when removed (the Law's 9.2.2 says only the bot's go back to
its board). Prices, the Commitments and the hand shown to all are kept at the table."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.context import Game
from ...core.faction import Board
from ...core.fields import StateError, at, count, obj, only, show

if TYPE_CHECKING:
    from ...core.state import GameState

FACTION = "riverfolk"
AREAS = ("payments", "funds")


class CompanyBoard(Board):
    """Warriors by owner in the Payments box and in the Funds."""

    __slots__ = ("payments", "funds")

    def __init__(self, payments: dict[str, int] | None = None, funds: dict[str, int] | None = None) -> None:
        self.payments: dict[str, int] = dict(payments or {})
        self.funds: dict[str, int] = dict(funds or {})

    def clone(self) -> CompanyBoard:
        return CompanyBoard(self.payments, self.funds)

    def held(self, owner: str, kind: str) -> int:
        return self.payments.get(owner, 0) + self.funds.get(owner, 0) if kind == "warrior" else 0

    def area(self, name: str) -> dict[str, int]:
        return self.payments if name == "payments" else self.funds

    def put(self, name: str, owner: str, n: int) -> None:
        box = self.area(name)
        box[owner] = box.get(owner, 0) + n
        if box[owner] == 0:
            del box[owner]


def company_of(state: GameState) -> CompanyBoard | None:
    fs = state.factions.get(FACTION)
    return fs.board if fs is not None and isinstance(fs.board, CompanyBoard) else None


def trade_post_removed(g: Game) -> None:
    """A human Company's removed trade post leaves the game (9.2.2, by contrast with the bot)."""
    fs = g.state.factions[FACTION]
    fs.supply["trade_post"] -= 1
    fs.removed["trade_post"] = fs.removed.get("trade_post", 0) + 1
    g.emit(FACTION, "9.2.2", "trade_post_gone", "the removed trade post leaves the game (a human Riverfolk's does not go back to its board)")


# -- the saved-position format (docs/state-format.md, "The human Riverfolk") --------------------
def company_json(b: CompanyBoard) -> dict[str, Any]:
    return {name: {k: n for k, n in sorted(b.area(name).items()) if n} for name in AREAS}


def read_company(state: GameState, raw: Any, path: str) -> CompanyBoard:
    """``{"payments": {"eyrie": 2}, "funds": {"riverfolk": 1}}``: owners are checked once every
    seat is read (``check_company``)."""
    only(obj(raw, path), AREAS, path, "the Riverfolk Company's board")
    b = CompanyBoard()
    for name in AREAS:
        apath = f"{path}.{name}"
        for owner, n in obj(raw.get(name, {}), apath).items():
            b.put(name, owner, count(n, at(apath, owner)))
    return b


def check_company(state: GameState, b: CompanyBoard) -> None:
    """Warriors held belong to seated factions that have warriors."""
    from ...core.faction import piece_totals

    for name in AREAS:
        for owner in b.area(name):
            opath = at(f"factions.{FACTION}.company.{name}", owner)
            if owner not in state.factions:
                raise StateError(opath, f"{show(owner)} is not playing in this game")
            if "warrior" not in piece_totals(owner, state.factions[owner].seat):
                raise StateError(opath, f"the {owner} has no warriors")


def held_path(state: GameState, owner: str) -> str:
    b = company_of(state)
    if b is None:
        return ""
    name = next((n for n in AREAS if b.area(n).get(owner)), "")
    return at(f"factions.{FACTION}.company.{name}", owner) if name else ""


def describe(b: CompanyBoard) -> str:
    def row(box: dict[str, int]) -> str:
        return ", ".join(f"{k} {n}" for k, n in sorted(box.items())) or "empty"

    return f"Payments: {row(b.payments)}; Funds: {row(b.funds)}"
