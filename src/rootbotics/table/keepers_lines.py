"""The Keepers in Iron's own Rootlog lines (``K``, Rootlog_V2; ruling R-KEEPERS-TABLE), read by the
table's board mode (``seat_lines.py``) and by ``rootbotics rootlog import`` (``rootlog_import.py``).

Rootlog_V2 writes a relic face up by value and type (``t_2_t``: a tablet worth 2) and face down
by its type only (``t_t``), in a clearing, in a forest (``t_t1_2_5_10``: the forest between
clearings 1, 2, 5 and 10), or on the Keepers' board (``$``: a recovered relic on its Relics
spaces, LoR 15.5.2.3.1); a waystation by the side up, then the side down (``b_t_f``).

The engine keeps a relic's value with its piece (``relic_tablet_2``), so a face-down relic read
from a line takes a value: any the Keepers still have of that type (no seat can tell them apart,
LoR 15.2.1). When a line later shows the relic's value (a delve, ``t_t1_2_5_10->/t_2_t->2``, or
a face-up relic taken from a forest), the values of the face-down relics of that type are swapped
so that the one shown is the one taken: what the line says is all that is known of them.
"""

from __future__ import annotations

from typing import Any

from ..core.context import Game
from ..core.state import GameState
from ..factions.keepers.board import (
    KEEPERS,
    RELIC_KINDS,
    TYPES,
    WAYSTATIONS,
    KeepersBoard,
    relic_kind,
)
from .rootlog import Board, Clearing, Forest, Move, Piece, format_action

__all__ = ["TYPES", "TYPE_OF", "KeepersBoard", "RelicRefused", "is_relic_move", "move_relic", "note_waystations", "waystation_face"]

LETTER = "K"
TYPE_OF: dict[str, str] = {t[0]: t for t in TYPES}  # Rootlog's f t j


class RelicRefused(ValueError):
    """A relic move the position cannot take: why."""


def is_keepers_piece(piece: object, letter: str) -> bool:
    return isinstance(piece, Piece) and (piece.faction or letter) == LETTER


def is_relic_move(move: Move, letter: str) -> bool:
    """A move of the Keepers' relics only (into and out of forests, their board, the supply,
    clearings; face up or face down)."""
    relics = [c.thing for p in move.parts for c in p.things if is_keepers_piece(c.thing, letter) and c.thing.kind == "t"]  # type: ignore[union-attr]
    return bool(relics) and len(relics) == sum(len(p.things) for p in move.parts)


def relic_of(variant: str) -> tuple[str, str | None]:
    """(type, engine kind or None for a face-down relic) of a written relic (``3_f``, ``f``)."""
    if variant in TYPE_OF:
        return TYPE_OF[variant], None
    value, _, letter = variant.partition("_")
    if letter not in TYPE_OF or not value.isdigit() or relic_kind(TYPE_OF[letter], int(value)) not in RELIC_KINDS:
        raise RelicRefused(f"no relic t_{variant} (t_<value>_<f|t|j>, or t_<f|t|j> face down)")
    return TYPE_OF[letter], relic_kind(TYPE_OF[letter], int(value))


def board(state: GameState) -> KeepersBoard:
    fs = state.factions.get(KEEPERS)
    if fs is None or not isinstance(fs.board, KeepersBoard):
        raise RelicRefused("no Keepers in Iron at this table")
    return fs.board


def forest_index(state: GameState, loc: Forest) -> int:
    try:
        return state.map.forests.index(loc.clearings)
    except ValueError:
        raise RelicRefused(f"no forest between clearings {', '.join(map(str, loc.clearings))} on this map") from None


def move_relic(state: GameState, variant: str, start: Any, dest: Any) -> tuple[str, bool]:
    """Carry one written relic from ``start`` to ``dest`` (None: the supply). The relic's kind
    and whether it lies face up after the move; a RelicRefused says why not."""
    kind_type, kind = relic_of(variant)
    taken = _take(state, kind_type, kind, start)
    up = kind is not None
    _put(state, taken, up, dest)
    return taken, up


def _take(state: GameState, t: str, kind: str | None, start: Any) -> str:
    """The relic's kind, off its place: one of that value, or for a face-down one any value."""
    b, supply = board(state), state.factions[KEEPERS].supply
    if isinstance(start, Forest):
        lying = b.relics_in(forest_index(state, start))
        pick = _in_forest(state, lying, t, kind)
        lying.remove(pick)
        return pick[0]
    if isinstance(start, Clearing) and start.number:
        tokens = state.clearings[start.number].tokens
        have = [k for f, k in tokens if f == KEEPERS and k in RELIC_KINDS and RELIC_KINDS[k][0] == t and kind in (None, k)]
        if not have:
            raise RelicRefused(f"the keepers have no such {t} relic in {start.number}")
        tokens.remove((KEEPERS, have[0]))
        return have[0]
    if isinstance(start, Board):
        values = b.recovered.get(t, [])
        value = RELIC_KINDS[kind][1] if kind else (values[-1] if values else 0)
        if value not in values:
            raise RelicRefused(f"no {t} relic{f' worth {value}' if kind else ''} on the Keepers' Relics spaces")
        values.remove(value)
        return relic_kind(t, value)
    if start is not None:
        raise RelicRefused("a relic lies in a clearing, a forest, the Keepers' board ($) or the supply")
    if kind is None:
        kind = next((k for k in sorted(RELIC_KINDS) if RELIC_KINDS[k][0] == t and supply.get(k, 0) > 0), None)
        if kind is None:
            raise RelicRefused(f"no {t} relic left in the supply")
    elif supply.get(kind, 0) < 1:
        _swap_hidden(state, kind)
    supply[kind] -= 1
    return kind


def _in_forest(state: GameState, lying: list[tuple[str, bool]], t: str, kind: str | None) -> tuple[str, bool]:
    """The relic a line takes from a forest: face up as written, else a face-down one of its
    type, whose value becomes the written one (swapped with another hidden relic's, module doc)."""
    up = next((r for r in lying if r == (kind, True)), None)
    if up is not None:
        return up
    down = next((r for r in lying if not r[1] and RELIC_KINDS[r[0]][0] == t), None)
    if down is None:
        raise RelicRefused(f"no {'face-down ' if kind is None else ''}{t} relic{'' if kind is None else ' worth ' + str(RELIC_KINDS[kind][1])} in that forest")
    if kind is None or down[0] == kind:
        return down
    supply = state.factions[KEEPERS].supply
    if supply.get(kind, 0) > 0:  # the hidden one was this value; the supply's, the other
        supply[kind] -= 1
        supply[down[0]] = supply.get(down[0], 0) + 1
    else:
        _swap_hidden(state, kind, down[0])
    lying[lying.index(down)] = (kind, False)
    return (kind, False)


def _swap_hidden(state: GameState, kind: str, other: str | None = None) -> None:
    """Make ``kind`` available where the line takes it: a face-down relic of that kind in a forest
    becomes ``other`` (or a value of its type the supply holds, which goes there)."""
    b, supply = board(state), state.factions[KEEPERS].supply
    t = RELIC_KINDS[kind][0]
    if other is None:
        other = next((k for k in sorted(RELIC_KINDS) if RELIC_KINDS[k][0] == t and k != kind and supply.get(k, 0) > 0), None)
        if other is None:
            raise RelicRefused(f"no {t} relic worth {RELIC_KINDS[kind][1]} left in the supply")
        supply[other] -= 1
        supply[kind] = supply.get(kind, 0) + 1
    for lying in b.forests.values():
        for i, (k, up) in enumerate(lying):
            if k == kind and not up:
                lying[i] = (other, False)
                return
    raise RelicRefused(f"no {t} relic worth {RELIC_KINDS[kind][1]} is hidden or in the supply")


def _put(state: GameState, kind: str, up: bool, dest: Any) -> None:
    b = board(state)
    t, value = RELIC_KINDS[kind]
    if dest is None:
        supply = state.factions[KEEPERS].supply
        supply[kind] = supply.get(kind, 0) + 1
    elif isinstance(dest, Forest):
        b.relics_in(forest_index(state, dest)).append((kind, up))
    elif isinstance(dest, Clearing) and dest.number:
        if not up:
            raise RelicRefused(f"a relic in a clearing shows its value (LoR 15.2.1): write t_<value>_{t[0]}")
        state.clearings[dest.number].tokens.append((KEEPERS, kind))
    elif isinstance(dest, Board) and dest.faction in (None, LETTER) and not dest.area:
        b.recovered.setdefault(t, []).append(value)  # its type's Relics spaces (LoR 15.5.2.3.1)
    else:
        raise RelicRefused("a relic goes to a clearing, a forest, the Keepers' board ($) or the supply")


def waystation_face(state: GameState, variant: str) -> tuple[str, str] | None:
    """The waystation written ``b_t_f`` and its side up (``tablet``), None for no waystation."""
    up, _, down = variant.partition("_")
    for kind, sides in WAYSTATIONS.items():
        if {up, down} == {s[0] for s in sides} and up in TYPE_OF:
            return kind, TYPE_OF[up]
    return None


def note_waystations(state: GameState, move: Move, letter: str) -> list[tuple[str, str, int]]:
    """After a line placed or moved a waystation into a clearing: the side it shows (LoR 15.2.2).
    The (kind, face, clearing) of each noted."""
    out = []
    dest = move.dests[0] if len(move.dests) == 1 else None
    if not isinstance(dest, Clearing) or KEEPERS not in state.factions:
        return out
    for part in move.parts:
        for counted in part.things:
            piece = counted.thing
            face = waystation_face(state, piece.variant) if is_keepers_piece(piece, letter) and piece.kind == "b" else None  # type: ignore[union-attr]
            if face is not None:
                board(state).faces[face[0]] = face[1]
                out.append((face[0], face[1], dest.number))
    return out


# -- the table's board mode ------------------------------------------------------------------------
def apply_move(g: Game, faction: str, move: Move) -> None:
    """A Keepers' line moving its relics (``seat_lines``): each as ``move_relic``, told as an event."""
    from .seat_errors import SeatRefused

    letter = LETTER if faction == KEEPERS else ""
    if faction != KEEPERS:
        raise SeatRefused(format_action(move), "only the Keepers in Iron move their relics")
    for part in move.parts:
        for counted in part.things:
            piece = counted.thing
            assert isinstance(piece, Piece) and is_keepers_piece(piece, letter)
            for dest in move.dests or (None,):
                for _ in range(counted.count):
                    try:
                        kind, up = move_relic(g.state, piece.variant, part.start, dest)
                    except RelicRefused as e:
                        raise SeatRefused(format_action(move), str(e)) from None
                    _tell(g, kind, up, part.start, dest)


def _tell(g: Game, kind: str, up: bool, start: Any, dest: Any) -> None:
    t, value = RELIC_KINDS[kind]
    shown = {"relic": t, "value": value, "shown": f"worth {value}"} if up else {"relic": t, "shown": "face down"}
    if isinstance(dest, Forest):
        g.emit(KEEPERS, "LoR 15.3.1", "relic_forest", "lays a {relic} relic ({shown}) in forest {forest}", **shown, forest=forest_index(g.state, dest))
    elif isinstance(dest, Board):
        g.emit(KEEPERS, "LoR 15.5.2.3.1", "recover", "recovers a {relic} relic ({shown})", **shown)
    elif isinstance(start, Forest) and isinstance(dest, Clearing):
        g.emit(KEEPERS, "LoR 15.5.2.2.1", "delve", "delves a {relic} relic ({shown}) out of forest {forest} into {c}", **shown, forest=forest_index(g.state, start), c=dest.number)
    else:
        ends = {k: loc.number for k, loc in (("a", start), ("b", dest)) if isinstance(loc, Clearing)}
        note = f"from {_where(start)} to {_where(dest)}"
        g.emit(KEEPERS, "LoR 15.2.4", "relic_move", "carries a {relic} relic ({shown}) {note}", **shown, **ends, note=note)


def _where(loc: Any) -> str:
    if isinstance(loc, Clearing):
        return f"clearing {loc.number}"
    if isinstance(loc, Forest):
        return "the forest " + "_".join(map(str, loc.clearings))
    return "the supply"


def note_waystation_faces(g: Game, faction: str, move: Move) -> None:
    """After a Keepers' line placed a waystation (``b_t_f->6``): the side it shows (LoR 15.2.2)."""
    if faction != KEEPERS:
        return
    for kind, face, c in note_waystations(g.state, move, LETTER):
        g.emit(KEEPERS, "LoR 15.2.2", "waystation_face", "the waystation in {c} shows {face}", c=c, face=face, kind=kind)
