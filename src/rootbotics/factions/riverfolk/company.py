"""The human Riverfolk Company's board beside the bots (LoR 11): warriors by owner (they stay
their owners' pieces) in the Payments box, the Funds and the Committed box, and on the empty spaces
of the Trade Posts tracks where crafting put them (LoR 11.5.3); the trade posts gone from the game
by suit (LoR 11.2.5.1: a removed trade post never returns to its track, unlike the bot's, Law of
Robotics 9.2.2); and the three service prices (LoR 11.3.5, 11.6.2). Its hand is face up (LoR
11.2.3): ``hand_is_public``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.context import Game
from ...core.faction import Board
from ...core.fields import StateError, at, count, integer, obj, only, show, string
from ...core.maps import SUITS

if TYPE_CHECKING:
    from ...core.state import GameState

FACTION = "riverfolk"
AREAS = ("payments", "funds", "committed")
SERVICES = ("hand_card", "riverboats", "mercenaries")  # the three Services tracks (LoR 11.2.7)
PRICES = (1, 2, 3, 4)  # the spaces of each Services track (the faction board)
DEFAULT_PRICE = 1  # a price not recorded (files from before prices were saved): the first space
KEYS = ("payments", "funds", "committed", "crafted", "lost", "prices")


class CompanyBoard(Board):
    """Warriors by owner in the Payments box, the Funds, the Committed box and on the Trade Posts
    tracks (by suit); trade posts out of the game by suit; the price of each service."""

    __slots__ = ("payments", "funds", "committed", "crafted", "lost", "prices")

    def __init__(
        self,
        payments: dict[str, int] | None = None,
        funds: dict[str, int] | None = None,
        committed: dict[str, int] | None = None,
        crafted: dict[str, dict[str, int]] | None = None,
        lost: dict[str, int] | None = None,
        prices: dict[str, int] | None = None,
    ) -> None:
        self.payments: dict[str, int] = dict(payments or {})
        self.funds: dict[str, int] = dict(funds or {})
        self.committed: dict[str, int] = dict(committed or {})
        self.crafted: dict[str, dict[str, int]] = {k: dict(v) for k, v in (crafted or {}).items() if v}
        self.lost: dict[str, int] = {k: n for k, n in (lost or {}).items() if n}
        self.prices: dict[str, int] = dict(prices or {})

    def clone(self) -> CompanyBoard:
        return CompanyBoard(self.payments, self.funds, self.committed, self.crafted, self.lost, self.prices)

    def held(self, owner: str, kind: str) -> int:
        if kind != "warrior":
            return 0
        on_tracks = sum(box.get(owner, 0) for box in self.crafted.values())
        return self.payments.get(owner, 0) + self.funds.get(owner, 0) + self.committed.get(owner, 0) + on_tracks

    def area(self, name: str) -> dict[str, int]:
        return self.payments if name == "payments" else self.committed if name == "committed" else self.funds

    def put(self, name: str, owner: str, n: int) -> None:
        _add(self.area(name), owner, n)

    def on_track(self, suit: str, owner: str, n: int) -> None:
        """``n`` warriors of ``owner`` onto (or, negative, off) the ``suit`` Trade Posts track."""
        box = self.crafted.setdefault(suit, {})
        _add(box, owner, n)
        if not box:
            del self.crafted[suit]

    def price(self, service: str) -> int:
        return self.prices.get(service, DEFAULT_PRICE)

    def public_counts(self) -> dict[str, dict[str, int]]:
        """All of it lies face up on the faction board (LoR 11.2.4, 11.5, 11.6.2): the Payments,
        Funds and Committed boxes by owner, the warriors on each Trade Posts track (``crafted_<suit>``)
        and each service's price."""
        out = {name: dict(self.area(name)) for name in AREAS}
        out.update({f"crafted_{suit}": dict(box) for suit, box in self.crafted.items()})
        out["prices"] = {s: self.price(s) for s in SERVICES}
        return out

    def total(self, name: str) -> int:
        return sum(self.area(name).values())


def _add(box: dict[str, int], owner: str, n: int) -> None:
    box[owner] = box.get(owner, 0) + n
    if box[owner] == 0:
        del box[owner]


def company_of(state: GameState) -> CompanyBoard | None:
    fs = state.factions.get(FACTION)
    return fs.board if fs is not None and isinstance(fs.board, CompanyBoard) else None


def trade_post_leaving(state: GameState, c: int) -> None:
    """LoR 11.2.5.1: a human Company's removed trade post leaves the game, its suit's track space
    staying empty (the bot's goes back, Law of Robotics 9.2.2). Done before the removal is told,
    so every event sees a whole board."""
    fs = state.factions[FACTION]
    fs.supply["trade_post"] -= 1
    fs.removed["trade_post"] = fs.removed.get("trade_post", 0) + 1
    b = company_of(state)
    suit = state.suits[c] or ""
    if b is not None and suit:
        b.lost[suit] = b.lost.get(suit, 0) + 1


def trade_post_removed(g: Game) -> None:
    g.emit(FACTION, "LoR 11.2.5.1", "trade_post_gone", "the removed trade post leaves the game (a human Riverfolk's does not go back to its board)")


# -- the saved-position format (docs/state-format.md, "The human Riverfolk") --------------------
def company_json(b: CompanyBoard) -> dict[str, Any]:
    out: dict[str, Any] = {name: {k: n for k, n in sorted(b.area(name).items()) if n} for name in ("payments", "funds")}
    if b.committed:
        out["committed"] = dict(sorted(b.committed.items()))
    if b.crafted:
        out["crafted"] = {suit: dict(sorted(box.items())) for suit, box in sorted(b.crafted.items())}
    if b.lost:
        out["lost"] = dict(sorted(b.lost.items()))
    if b.prices:
        out["prices"] = {s: b.prices[s] for s in SERVICES if s in b.prices}
    return out


def read_company(state: GameState, raw: Any, path: str) -> CompanyBoard:
    """``{"payments": {"eyrie": 2}, "funds": {"riverfolk": 1}, "committed": {...}, "crafted":
    {"fox": {"riverfolk": 1}}, "lost": {"fox": 1}, "prices": {"hand_card": 2, ...}}``: owners
    are checked once every seat is read (``check_company``)."""
    only(obj(raw, path), KEYS, path, "the Riverfolk Company's board")
    b = CompanyBoard()
    for name in AREAS:
        apath = f"{path}.{name}"
        for owner, n in obj(raw.get(name, {}), apath).items():
            b.put(name, owner, count(n, at(apath, owner)))
    cpath = f"{path}.crafted"
    for suit, box in obj(raw.get("crafted", {}), cpath).items():
        string(suit, at(cpath, suit), SUITS)
        for owner, n in obj(box, at(cpath, suit)).items():
            b.on_track(suit, owner, count(n, at(at(cpath, suit), owner)))
    lpath = f"{path}.lost"
    for suit, n in obj(raw.get("lost", {}), lpath).items():
        string(suit, at(lpath, suit), SUITS)
        if count(n, at(lpath, suit)):
            b.lost[suit] = n
    ppath = f"{path}.prices"
    for service, n in obj(raw.get("prices", {}), ppath).items():
        string(service, at(ppath, service), SERVICES)
        b.prices[service] = integer(n, at(ppath, service), PRICES[0], PRICES[-1])
    return b


def owners(b: CompanyBoard) -> list[tuple[str, str]]:
    """(saved field, owner) for every owner of warriors on the board."""
    out = [(name, owner) for name in AREAS for owner in b.area(name)]
    out += [(f"crafted.{suit}", owner) for suit, box in b.crafted.items() for owner in box]
    return out


def check_company(state: GameState, b: CompanyBoard) -> None:
    """Warriors held belong to seated factions that have warriors; the trade posts lost and
    the warriors on the tracks fit the tracks (``track_problems``)."""
    from ...core.faction import piece_totals

    for name, owner in owners(b):
        opath = at(f"factions.{FACTION}.company.{name}", owner)
        if owner not in state.factions:
            raise StateError(opath, f"{show(owner)} is not playing in this game")
        if "warrior" not in piece_totals(owner, state.factions[owner].seat):
            raise StateError(opath, f"the {owner} has no warriors")
    problems = track_problems(state, b)
    if problems:
        raise StateError(f"factions.{FACTION}.company", problems[0])


def empty_spaces(state: GameState, b: CompanyBoard, suit: str) -> int:
    """Spaces of the ``suit`` Trade Posts track its trade posts have left (on the map, or out of
    the game), less those crafting has filled this turn (LoR 11.2.1, 11.5.3)."""
    from .board import trade_posts_placed

    return trade_posts_placed(state, suit) + b.lost.get(suit, 0) - sum(b.crafted.get(suit, {}).values())


def track_problems(state: GameState, b: CompanyBoard) -> list[str]:
    """Three trade posts a suit, on the map, out of the game or on the track (LoR 11.3.3); the
    trade posts out of the game are ``removed.trade_post``; warriors fill only empty spaces."""
    from .board import TRADE_POSTS_PER_SUIT, trade_posts_placed

    out = []
    gone = state.factions[FACTION].removed.get("trade_post", 0)
    if sum(b.lost.values()) != gone:
        out.append(f"lists {sum(b.lost.values())} trade post(s) out of the game by suit (lost), but removed.trade_post says {gone}")
    for suit in SUITS:
        if trade_posts_placed(state, suit) + b.lost.get(suit, 0) > TRADE_POSTS_PER_SUIT:
            out.append(f"{suit}: {trade_posts_placed(state, suit)} trade post(s) on the map and {b.lost.get(suit, 0)} out of the game, but a track holds {TRADE_POSTS_PER_SUIT} (LoR 11.3.3)")
        if empty_spaces(state, b, suit) < 0:
            out.append(f"crafted.{suit}: more warriors than empty spaces on the {suit} Trade Posts track (LoR 11.5.3)")
    return out


def held_path(state: GameState, owner: str) -> str:
    b = company_of(state)
    if b is None:
        return ""
    name = next((n for n, o in owners(b) if o == owner), "")
    return at(f"factions.{FACTION}.company.{name}", owner) if name else ""


def describe(b: CompanyBoard) -> str:
    def row(box: dict[str, int]) -> str:
        return ", ".join(f"{k} {n}" for k, n in sorted(box.items())) or "empty"

    text = f"Payments: {row(b.payments)}; Funds: {row(b.funds)}"
    if b.committed:
        text += f"; Committed: {row(b.committed)}"
    for suit, box in sorted(b.crafted.items()):
        text += f"; on the {suit} track: {row(box)}"
    if b.lost:
        text += f"; trade posts out of the game: {row(b.lost)}"
    if b.prices:
        text += "; prices: " + ", ".join(f"{s.replace('_', ' ')} {b.price(s)}" for s in SERVICES)
    return text
