"""The Lord of the Hundreds (Marauder expansion; LoR 14; Rootlog letter H): a human seat only,
since the Law of Robotics has no bot of it. Its turn is ``lor.py``; here are what it is, its
board in the saved position, and its rules that act whenever they are set off: the warlord
removed only in battle and carried by a move (LoR 14.2.2), Contempt for Trade (LoR 14.2.3),
Looters (LoR 14.2.5) and the moods in battle (Bitter, Stubborn, Wrathful; LoR 14.7)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.faction import BoardTable, CardLedger, Faction
from ...core.fields import StateError, lst, obj, only, string
from ...core.maps import CLEARINGS
from .board import COMMAND_ITEMS, FACTION, MOODS, PROWESS_ITEMS, RUIN_MARK, TRACK_SPACES, TRACKS, HoardItem, HundredsBoard, board_of, warlord_clearing

if TYPE_CHECKING:
    from ...core.context import Game
    from ...core.state import FactionState, GameState

BATTLE_HITS = "LoR 4.3.4"  # the rule under which a battle's hits remove warriors (core/battle.py)
TRACK_ITEMS: dict[str, tuple[str, ...]] = {"command": COMMAND_ITEMS, "prowess": PROWESS_ITEMS}


class Hundreds(Faction):
    name = FACTION
    bot_name = "Lord of the Hundreds"  # no bot: the name of the seat wherever a bot's is asked for
    human_name = "Lord of the Hundreds"
    # LoR 14.3.1, 20.4.2-20.4.3: 20 warriors and the warlord (a warrior, ruling R-HUNDREDS-WARLORD),
    # 6 strongholds, 5 mob tokens.
    pieces = {"human": {"warrior": 21, "stronghold": 6, "mob": 5}}
    buildings = frozenset({"stronghold"})
    tokens = frozenset({"mob"})
    crafting_pieces = frozenset({"stronghold"})  # LoR 14.2.1
    one_per_clearing = frozenset({"mob"})  # a mob goes only where none is (LoR 14.4.1, 14.6.1)
    human_seat = True
    board_fields = ("hoard", "mood", "warlord")
    board_items_path = "hoard"

    def new_board(self, seat: str) -> HundredsBoard | None:
        return HundredsBoard() if seat == "human" else None

    def lor(self) -> Any:
        from . import lor

        return lor

    # -- the saved position (docs/state-format.md) --------------------------------------------------
    def write_board(self, state: GameState, fs: FactionState) -> dict[str, Any]:
        b = fs.board
        if not isinstance(b, HundredsBoard):
            return {}
        return {"hoard": {name: [i.saved() for i in b.track(name)] for name in TRACKS}, "mood": b.mood, "warlord": b.warlord}

    def read_board(self, state: GameState, fs: FactionState, raw: dict[str, Any], path: str, cards: CardLedger) -> None:
        if fs.seat != "human":
            raise StateError(f"{path}.seat", "the Lord of the Hundreds is a human seat only (the Law of Robotics has no bot of it)")
        b = HundredsBoard()
        if "hoard" in raw:
            hoard = obj(raw["hoard"], f"{path}.hoard")
            only(hoard, TRACKS, f"{path}.hoard", "the Hoard")
            for name in TRACKS:
                b.track(name).extend(read_item(v, f"{path}.hoard.{name}[{i}]", name) for i, v in enumerate(lst(hoard.get(name, []), f"{path}.hoard.{name}")))
        if "mood" in raw:
            b.mood = string(raw["mood"], f"{path}.mood", MOODS)
        if raw.get("warlord") is not None:
            w = raw["warlord"]
            if not isinstance(w, int) or isinstance(w, bool) or w not in CLEARINGS:
                raise StateError(f"{path}.warlord", f"{w!r} is not a clearing (1-12) or null")
            b.warlord = w
        for problem in board_violations(b, path):
            field, _, why = problem.partition(": ")
            raise StateError(field, why)
        fs.board = b

    def check_position(self, state: GameState, data: dict[str, Any]) -> None:
        """The warlord stands among the Hundreds' warriors (LoR 14.2.2)."""
        b = board_of(state)
        if b is not None and b.warlord is not None and state.clearings[b.warlord].warriors.get(FACTION, 0) <= 0:
            raise StateError(f"factions.{FACTION}.warlord", f"clearing {b.warlord} holds no Hundreds warrior to be the warlord")

    def violations(self, state: GameState, fs: FactionState) -> list[str]:
        b = fs.board
        if not isinstance(b, HundredsBoard):
            return []
        return board_violations(b, f"factions.{fs.faction}")

    def describe_board(self, state: GameState, fs: FactionState) -> list[str | BoardTable]:
        b = fs.board
        if not isinstance(b, HundredsBoard):
            return []
        w = warlord_clearing(state)
        rows = tuple((name, ", ".join(i.saved() for i in b.track(name)) or "-", str(b.command_value() if name == "command" else b.prowess_value())) for name in TRACKS)
        return [f"Mood: {b.mood.title()}; warlord: {'in ' + str(w) if w is not None else 'off the map'}", BoardTable("Hoard", ("track", "items", "value"), rows)]

    # -- the warlord (LoR 14.2.2) ------------------------------------------------------------------
    def kept_warriors(self, state: GameState, c: int, rule: str) -> int:
        return 1 if rule != BATTLE_HITS and warlord_clearing(state) == c else 0

    def warriors_removed(self, g: Game, c: int, n: int) -> None:
        """A battle's hits took the last Hundreds warrior where the warlord stood: it was the warlord."""
        b = board_of(g.state)
        if b is not None and b.warlord == c and g.state.clearings[c].warriors.get(FACTION, 0) <= 0:
            b.warlord = None
            g.emit(FACTION, "LoR 14.2.2", "warlord", "loses its warlord in {c}", c=c)

    def warriors_moving(self, g: Game, faction: str, a: int, b: int, n: int) -> None:
        from .lor import moves_warlord

        moves_warlord(g, a, b, n)

    # -- Contempt for Trade (LoR 14.2.3) -------------------------------------------------------------
    def keep_crafted_item(self, g: Game, faction: str, item: str) -> None:
        from .lor import contempt

        b = board_of(g.state)
        scores = contempt(g, item)
        if b is not None:
            b.craft_scores = scores

    def crafted_item_vp(self, state: GameState, faction: str, vp: int) -> int:
        b = board_of(state)
        if b is None or not b.craft_scores:
            return 0
        b.craft_scores = False
        return vp

    # -- battle: Looters (LoR 14.2.5) and the moods (LoR 14.7) -----------------------------------------
    def adjust_maximum_hits(self, g: Game, attacker: str, defender: str, c: int, att_max: int, def_max: int) -> tuple[int, int]:
        b = board_of(g.state)
        if attacker == FACTION and b is not None and b.looting:
            return 0, def_max  # LoR 14.2.5: looting, it deals no rolled hits
        return att_max, def_max

    def before_roll(self, g: Game, faction: str, other: str, c: int, attacking: bool) -> None:
        if getattr(g.controllers.get(faction), "choose", None) is None:
            return  # a seat played at the table decides Bitter there (board mode)
        from .lor import bitter

        bitter(g, c)

    def ignores_first_hit(self, state: GameState, faction: str, c: int) -> tuple[str, str]:
        b = board_of(state)
        if b is not None and b.mood == "stubborn" and warlord_clearing(state) == c:
            return "LoR 14.7.7", "it is Stubborn and its warlord stands here"
        return "", ""

    def after_roll_hits(self, g: Game, faction: str, other: str, c: int, attacking: bool) -> int:
        b = board_of(g.state)
        if attacking and b is not None and b.mood == "wrathful" and warlord_clearing(g.state) == c:
            g.emit(faction, "LoR 14.7.8", "extra_hit", "deals an extra hit: it is Wrathful and attacks where its warlord stands", other=other)
            return 1
        return 0


def read_item(value: Any, path: str, track: str) -> HoardItem:
    text = string(value, path)
    kind, ruin = (text[: -len(RUIN_MARK)], True) if text.endswith(RUIN_MARK) else (text, False)
    if kind not in TRACK_ITEMS[track]:
        raise StateError(path, f"{kind!r} does not go on the {track} track (it holds {', '.join(TRACK_ITEMS[track])}; LoR 14.2.4)")
    return HoardItem(kind, ruin)


def board_violations(b: HundredsBoard, path: str) -> list[str]:
    out: list[str] = []
    for name in TRACKS:
        track = b.track(name)
        if len(track) > TRACK_SPACES:
            out.append(f"{path}.hoard.{name}: {len(track)} items on a track of {TRACK_SPACES} spaces (LoR 14.2.4)")
        stray = [i.kind for i in track if i.kind not in TRACK_ITEMS[name]]
        if stray:
            out.append(f"{path}.hoard.{name}: {', '.join(stray)} cannot go on the {name} track (LoR 14.2.4)")
    if b.mood not in MOODS:
        out.append(f"{path}.mood: {b.mood!r} is not a mood card (LoR 14.7)")
    return out
