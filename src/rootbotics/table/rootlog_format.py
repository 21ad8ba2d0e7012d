"""Canonical Rootlog text for the syntax tree of ``rootlog_ast`` (Rootlog V2.8).

Canonical means: counts of one are left out, grouped things are written ``(2F#+M#)3`` with
their own ``#``, a whole file has its header in the spec's order and one turn per line.
"""

from __future__ import annotations

from .rootlog_ast import (
    Action, Battle, Board, Card, Clearing, Counted, Craft, DiscardPile, Dominance, Exposure,
    Flip, Forest, Hand, ItemPlace, Location, Move, PathLoc, Piece, Quests, Record,
    RemovePath, Reveal, Score, SetMarker, Thing, Trick, Turn,
)


def format_thing(thing: Thing) -> str:
    if isinstance(thing, Piece):
        variant = f"_{thing.variant}" if thing.variant else ""
        return f"{thing.faction or ''}{thing.kind}{variant}"
    if isinstance(thing, Card):
        return f"{thing.suit or ''}#{thing.name or ''}"
    return f"%{thing.kind}"


def format_counted(c: Counted) -> str:
    return (str(c.count) if c.count != 1 else "") + format_thing(c.thing)


def format_location(loc: Location | None) -> str:
    match loc:
        case None:
            return ""
        case Clearing(n):
            return str(n)
        case Forest(cs):
            return "_".join(map(str, cs))
        case PathLoc(a, b):
            return f"{a}_{b}"
        case Hand(f):
            return f
        case Board(f, area):
            return f"{f or ''}$" + ("" if area is None else f"_{area}")
        case DiscardPile():
            return "*"
        case Quests():
            return "Q"
        case ItemPlace(area, state):
            return f"{area or ''}{state or ''}"
    raise TypeError(f"not a Rootlog location: {loc!r}")


def _format_part(things: tuple[Counted, ...], start: Location | None) -> str:
    inner = "+".join(format_counted(c) for c in things)
    return (f"({inner})" if len(things) > 1 else inner) + format_location(start)


def format_action(action: Action) -> str:
    """One action as canonical Rootlog text."""
    match action:
        case Move(parts, dests):
            left = "+".join(_format_part(p.things, p.start) for p in parts)
            return f"{left}->" + "+".join(format_location(d) for d in dests)
        case SetMarker(boards, value):
            return "+".join(format_location(b) for b in boards) + f"->{value}"
        case RemovePath(a, b):
            return f"{a}_{b}->"
        case Battle(att, dfn, c, ambushes, rolls):
            roll = "" if rolls is None else f"({rolls[0]},{rolls[1]})"
            return f"{att or ''}X{dfn}{c}" + "".join(f"{s}@" for s in ambushes) + roll
        case Score(f, n, lose):
            return f"{f or ''}{'--' if lose else '++'}{n if n != 1 else ''}"
        case Dominance(board):
            return f"++->{format_location(board)}"
        case Reveal(cards, revealer, target):
            hand = Hand(revealer) if revealer else None
            left = _format_part(cards, hand) if cards else format_location(hand)
            return f"{left}^{target or ''}"
        case Flip(f, c, plot):
            return f"{f or ''}t{c}^t_{plot}"
        case Trick(a, b):
            return f"t{a}<->t{b}"
        case Exposure(plot, c):
            return f"?Pt_{plot}{c}"
        case Craft(item, card):
            return f"Z%{item}" if item is not None else f"Z{card}"
    raise TypeError(f"not a Rootlog action: {action!r}")


def format_actions(actions: tuple[Action, ...] | list[Action]) -> str:
    """The actions of one turn, ``/``-separated."""
    return "/".join(format_action(a) for a in actions)


def format_turn(turn: Turn) -> str:
    comment = f" // {turn.comment}" if turn.comment else ""
    return f"{turn.faction}:{format_actions(turn.actions)}{comment}"


def format_file(record: Record) -> str:
    """A whole game: header lines in the spec's order, the seats, one line per turn, the winner."""
    lines = [f"Map: {record.map}", f"Deck: {record.deck}"]
    if record.clearings is not None:
        lines.append("Clearings: " + ", ".join(f"{s}{i}" for i, s in enumerate(record.clearings, 1)))
    if record.landmarks:
        lines.append("Landmarks: " + "/".join(record.landmarks))
    if record.pool is not None:
        lines.append(f"Pool: {record.pool}")
    lines += [f"{f}: {name}" for f, name in record.seats]
    lines.append("")
    lines += [format_turn(t) for t in record.turns]
    if record.winner is not None:
        lines += ["", "Winner: " + "".join(record.winner)]
    return "\n".join(lines) + "\n"
