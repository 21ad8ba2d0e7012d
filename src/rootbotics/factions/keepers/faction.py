"""The Keepers in Iron (Marauder expansion; LoR 15): a human seat only (the Law of Robotics has
no Keepers bot), played by legal moves (``lor.py``). What the faction is, its board
(``board.py``: relics in forests, the Retinue, the Relics spaces, the waystations' faces), how
it is saved and checked, and the rules other seats set off: Prized Trophies (LoR 15.2.5) when an
enemy removes a relic, and Devout Knights (LoR 15.2.4) in battle."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.context import Game
from ...core.faction import BoardTable, CardLedger, Faction
from ...core.fields import StateError, integer, lst, obj, only, string
from .board import (
    COLUMNS, KEEPERS, RELIC_BOX, RELIC_KINDS, RELICS_PER_TYPE, RETAINER, RETAINERS, RETINUE_LIMIT, TYPES, VALUES,
    WAYSTATIONS, KeepersBoard, relic_type,
)

if TYPE_CHECKING:
    from ...core.state import FactionState, GameState

RETAINER_NAME = "faithful_retainer"  # a Faithful Retainer in a saved Retinue


class Keepers(Faction):
    name = KEEPERS
    bot_name = "Keepers in Iron"  # no bot: the seat's name wherever a bot's is asked for
    human_name = "Keepers in Iron"
    # LoR 20.4.2-20.4.3 and 15.3: 15 warriors, 3 waystations, 12 relics (values 1, 2, 3, 3 per type)
    pieces = {"human": {"warrior": 15, **dict.fromkeys(WAYSTATIONS, 1), **RELIC_BOX}}
    human_seat = True
    buildings = frozenset(WAYSTATIONS)
    tokens = frozenset(RELIC_KINDS)
    crafting_pieces = frozenset(WAYSTATIONS)  # LoR 15.2.3
    board_fields = ("keepers",)

    def lor(self) -> Any:
        from . import lor

        return lor

    def new_board(self, seat: str) -> KeepersBoard | None:
        return KeepersBoard() if seat == "human" else None

    # -- saved positions (docs/state-format.md) ------------------------------------------------
    def write_board(self, state: GameState, fs: FactionState) -> dict[str, Any]:
        b = fs.board
        if not isinstance(b, KeepersBoard):
            return {}
        forests = {str(i): [{"relic": k, "face_up": up} for k, up in relics] for i, relics in sorted(b.forests.items()) if relics}
        retinue = [[RETAINER_NAME if cid == RETAINER else state.deckdef.card(cid).name for cid in col] for col in b.retinue]
        out: dict[str, Any] = {"forests": forests, "retinue": dict(zip(COLUMNS, retinue)), "relics": {t: list(v) for t, v in b.recovered.items()}}
        if b.faces:
            out["waystations"] = dict(sorted(b.faces.items()))
        if b.pile:  # LoR 15.3.1: in setup only
            out["pile"] = list(b.pile)
        return {"keepers": out}

    def read_board(self, state: GameState, fs: FactionState, raw: dict[str, Any], path: str, cards: CardLedger) -> None:
        if "keepers" not in raw:
            return
        if fs.seat != "human":
            raise StateError(f"{path}.keepers", "the Keepers in Iron are a human seat only (the Law of Robotics has no Keepers bot)")
        bpath = f"{path}.keepers"
        entry = obj(raw["keepers"], bpath)
        only(entry, ("forests", "retinue", "relics", "waystations", "pile"), bpath, "the relics in forests, the Retinue, the recovered relics, the waystations' faces and the relics not yet placed")
        b = KeepersBoard()
        _read_forests(state, b, entry.get("forests", {}), f"{bpath}.forests")
        _read_retinue(b, entry.get("retinue", {}), f"{bpath}.retinue", cards)
        _read_relics(b, entry.get("relics", {}), f"{bpath}.relics")
        b.pile = [string(k, f"{bpath}.pile.{j}", tuple(RELIC_KINDS)) for j, k in enumerate(lst(entry.get("pile", []), f"{bpath}.pile"))]
        for k, face in obj(entry.get("waystations", {}), f"{bpath}.waystations").items():
            string(k, f"{bpath}.waystations", tuple(WAYSTATIONS))
            b.faces[k] = string(face, f"{bpath}.waystations.{k}", WAYSTATIONS[k])
        fs.board = b

    def check_position(self, state: GameState, data: dict[str, Any]) -> None:
        fs = state.factions.get(KEEPERS)
        if fs is None or not isinstance(fs.board, KeepersBoard):
            return
        for k in WAYSTATIONS:
            on_map = state.on_map(KEEPERS, k) > 0
            if on_map and k not in fs.board.faces:
                raise StateError(f"factions.{KEEPERS}.keepers.waystations", f"the {k} stands on the map: say which relic type shows ({' or '.join(WAYSTATIONS[k])})")

    def violations(self, state: GameState, fs: FactionState) -> list[str]:
        b = fs.board
        if not isinstance(b, KeepersBoard):
            return []
        out = []
        if b.retinue_size() > RETINUE_LIMIT:
            out.append(f"keepers: {b.retinue_size()} cards in the Retinue, more than {RETINUE_LIMIT} (LoR 15.6.2)")
        retainers = sum(col.count(RETAINER) for col in b.retinue)
        if retainers > RETAINERS:
            out.append(f"keepers: {retainers} Faithful Retainers, but there are {RETAINERS}")
        for k in WAYSTATIONS:
            if (state.on_map(KEEPERS, k) > 0) != (k in b.faces):
                out.append(f"keepers: the {k} {'stands on the map with no face kept' if k not in b.faces else 'keeps a face but is not on the map'}")
        for i, relics in b.forests.items():
            if not 0 <= i < len(state.map.forests):
                out.append(f"keepers: relics in forest {i}, which the {state.map.name} map does not have")
        return out

    def describe_board(self, state: GameState, fs: FactionState) -> list[str | BoardTable]:
        b = fs.board
        if not isinstance(b, KeepersBoard):
            return []
        lines: list[str | BoardTable] = ["Keepers in Iron board"]
        for name, col in zip(COLUMNS, b.retinue):
            lines.append(f"  Retinue, {name.replace('_', ' ')}: " + (", ".join("Faithful Retainer" if c == RETAINER else state.deckdef.card(c).label() for c in col) or "empty"))
        lines.append("  Relics recovered: " + "; ".join(f"{t} {b.recovered[t]}" for t in TYPES))
        if b.faces:
            lines.append("  Waystations showing: " + ", ".join(f"{k} {face}" for k, face in sorted(b.faces.items())))
        for i, relics in sorted(b.forests.items()):
            if relics:
                lines.append(f"  Forest {i} (clearings {', '.join(map(str, state.map.forests[i]))}): " + ", ".join(_shown(k, up) for k, up in relics))
        return lines

    # -- what other seats set off ----------------------------------------------------------------
    def piece_removing(self, state: GameState, c: int, kind: str) -> object:
        """A waystation leaving the map shows no side any more (before any event)."""
        b = state.factions[KEEPERS].board
        if kind in WAYSTATIONS and isinstance(b, KeepersBoard):
            return b.faces.pop(kind, None)
        return None

    def piece_removed(self, g: Game, c: int, kind: str, by: str | None, memo: object) -> None:
        b = g.state.factions[KEEPERS].board
        if not isinstance(b, KeepersBoard):
            return
        if kind in RELIC_KINDS and by != KEEPERS:
            from .lor import prized_trophy

            prized_trophy(g, c, kind, by)

    def ignores_first_hit(self, state: GameState, faction: str, c: int) -> tuple[str, str]:
        """Devout Knights (LoR 15.2.4): a relic and a Keeper warrior in the clearing of battle."""
        cl = state.clearings[c]
        if faction == KEEPERS and cl.warriors.get(KEEPERS, 0) > 0 and any(f == KEEPERS and k in RELIC_KINDS for f, k in cl.tokens):
            return "LoR 15.2.4", "Devout Knights: a relic and a Keeper warrior are in the clearing"
        return "", ""


def _shown(kind: str, up: bool) -> str:
    return kind.removeprefix("relic_").replace("_", " ") if up else f"{relic_type(kind)} (face down)"


def _read_forests(state: GameState, b: KeepersBoard, raw: Any, path: str) -> None:
    for key, relics in obj(raw, path).items():
        if not str(key).isdigit():
            raise StateError(f"{path}.{key}", "is not a forest's number (0 up)")
        i = integer(int(key), f"{path}.{key}", 0, len(state.map.forests) - 1)
        for j, r in enumerate(lst(relics, f"{path}.{key}")):
            rp = f"{path}.{key}.{j}"
            entry = obj(r, rp)
            only(entry, ("relic", "face_up"), rp, "a relic's kind and whether its value shows")
            kind = string(entry.get("relic"), f"{rp}.relic", tuple(RELIC_KINDS))
            up = entry.get("face_up", False)
            if not isinstance(up, bool):
                raise StateError(f"{rp}.face_up", f"{up!r} is not true or false")
            b.relics_in(i).append((kind, up))


def _read_retinue(b: KeepersBoard, raw: Any, path: str, cards: CardLedger) -> None:
    entry = obj(raw, path)
    only(entry, COLUMNS, path, "the Retinue's three columns")
    for n, name in enumerate(COLUMNS):
        for j, value in enumerate(lst(entry.get(name, []), f"{path}.{name}")):
            b.retinue[n].append(RETAINER if value == RETAINER_NAME else cards.many([value], f"{path}.{name}.{j}")[0])
    if b.retinue_size() > RETINUE_LIMIT:
        raise StateError(path, f"{b.retinue_size()} cards, but the Retinue holds at most {RETINUE_LIMIT} (LoR 15.6.2)")
    if sum(col.count(RETAINER) for col in b.retinue) > RETAINERS:
        raise StateError(path, f"more than {RETAINERS} Faithful Retainers")


def _read_relics(b: KeepersBoard, raw: Any, path: str) -> None:
    entry = obj(raw, path)
    only(entry, TYPES, path, "the recovered relics' values per type")
    for t in TYPES:
        values = [integer(v, f"{path}.{t}.{j}", 1, 3) for j, v in enumerate(lst(entry.get(t, []), f"{path}.{t}"))]
        if len(values) > RELICS_PER_TYPE or any(values.count(v) > VALUES.count(v) for v in set(values)):
            raise StateError(f"{path}.{t}", f"{values} are not values of the four {t} relics {list(VALUES)}")
        b.recovered[t] = values
