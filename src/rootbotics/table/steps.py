"""Bot turns told as physical steps: each event that changes the board (or a bot's own board,
the deck, the dice) becomes one numbered instruction a person can carry out; ``why`` is the
engine's explained log line for it (rule, candidates, deciding tie-breaker)."""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from ..core.events import Event
from ..core.faction import LAW, REGISTRY, faction_title

COLOURS: dict[str, str] = {
    "marquise": "orange", "eyrie": "blue", "alliance": "green", "vagabot": "grey", "lizards": "yellow",
    "riverfolk": "teal", "duchy": "brown", "corvids": "purple", "vagabond2": "light grey",
}


@dataclass(frozen=True, slots=True)
class Step:
    number: int
    faction: str | None
    text: str
    why: str  # the event's explained log line
    places: tuple[int, ...] = ()  # the clearings the step touches (a board picture rings them)
    seq: int = -1  # the event's place in the game's log (``Play.position_after`` replays up to it)


def seat_names(humans: dict[str, str], rule_sets: dict[str, str] | None = None) -> dict[str, str]:
    """How steps name each faction: a human by the player's name, a bot as ``the <bot>`` (its
    rule set's own name: a BBP bot is called as the Better Bot Project calls it)."""
    names = {f: "the " + faction_title(f, "bot", (rule_sets or {}).get(f, LAW)).split(" 2.0")[0] for f in REGISTRY}
    names.update(humans)
    return names


_NAMES: dict[str, str] = seat_names({})


def who(faction: str | None, names: dict[str, str] | None = None) -> str:
    if faction is None:
        return "the table"
    return (names or _NAMES).get(faction, faction)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _where(place: object, suits: Sequence[str | None]) -> str:
    if isinstance(place, int) and 0 < place < len(suits):
        return f"clearing {place} ({suits[place]})"
    return str(place)


def _warriors(f: str | None, n: int) -> str:
    return f"{n} {COLOURS.get(f or '', '')} warrior{'s' if n != 1 else ''}".replace("  ", " ")


def _them(e: Event) -> str:
    return "it" if e.data.get("n") == 1 else "them"


Say = Callable[[Event, Callable[[object], str], dict[str, str]], str | None]

# The events that change what lies on the map, or the score.
BOARD: dict[str, Say] = {
    "place_warriors": lambda e, at, nm: f"Take {_warriors(e.faction, e.data['n'])} from {who(e.faction, nm)}'s supply and put {_them(e)} in {at(e.data['c'])}.",
    "remove_warriors": lambda e, at, nm: f"Remove {_warriors(e.faction, e.data['n'])} from {at(e.data['c'])} and put {_them(e)} back in {who(e.faction, nm)}'s supply.",
    "move": lambda e, at, nm: f"Move {_warriors(e.faction, e.data['n'])} from {at(e.data.get('a', 'the Burrow'))} to {at(e.data['b'] if 'b' in e.data else e.data['c'])}.",
    "place_building": lambda e, at, nm: f"Take a {e.data['kind']} from {who(e.faction, nm)}'s board and put it in {at(e.data['c'])}.",
    "remove_piece": lambda e, at, nm: f"Remove {who(e.faction, nm)}'s {e.data['kind']} from {at(e.data['c'])} and put it back in its supply.",
    "place_token": lambda e, at, nm: f"Put {who(e.faction, nm)}'s {e.data['kind']} token in {at(e.data['c'])}.",
    "place_plot": lambda e, at, nm: f"Put a face-down plot token of {who(e.faction, nm)} in {at(e.data['c'])} (do not look at it).",
    "take_tunnel": lambda e, at, nm: f"Take {who(e.faction, nm)}'s tunnel from {at(e.data['c'])} back to its supply.",
    "to_burrow": lambda e, at, nm: f"Move {_warriors(e.faction, e.data['n'])} from {at(e.data['c'])} into the Burrow.",
    "ritual": lambda e, at, nm: f"Take 1 {COLOURS.get(e.faction or '', '')} warrior from {at(e.data['c'])} and put it in {who(e.faction, nm)}'s Acolytes box.",
    "racketeering": lambda e, at, nm: f"Take {e.data['n']} warrior(s) from {at(e.data['c'])} and put them in {who(e.faction, nm)}'s Payments box.",
    "move_pawn": lambda e, at, nm: f"Move {who(e.faction, nm)}'s pawn from {at(e.data['a'])} to {at(e.data['b'])}.",
    "place_pawn": lambda e, at, nm: f"Put {who(e.faction, nm)}'s pawn in {at(e.data['b'])}.",
    "slip": lambda e, at, nm: f"Move {who(e.faction, nm)}'s pawn from {at(e.data['a'])} into {at(e.data['b'])}.",
    "gain_item": lambda e, at, nm: f"Give {who(e.faction, nm)} a {e.data['item']} {e.data['source']}: face up in the Satchel.",
    "remove_ruin": lambda e, at, nm: f"Remove the ruin from {at(e.data['c'])} and put it back in the box.",
    "cover_slot": lambda e, at, nm: f"Put the {e.data['item']} ({e.data['state']}) on a building slot of {at(e.data['c'])}.",
    "score": lambda e, at, nm: f"{_cap(who(e.faction, nm))} scores {e.data['n']} VP {e.data['reason']}: move its marker to {e.data['vp']}." if "vp" in e.data else None,
    "lose_vp": lambda e, at, nm: f"{_cap(who(e.faction, nm))} loses {e.data['n']} VP {e.data['reason']}: move its marker to {e.data['vp']}.",
}

# Events that change a bot's own board, the deck or the dice: told in the engine's words.
OWN_BOARD: frozenset[str] = frozenset({
    "setup", "suits", "order", "discard_order", "decree", "purge", "turmoil", "discard", "draw", "reshuffle",
    "dominance_available", "craft", "exhaust", "damage", "repair", "refresh", "track_on", "track_off",
    "conspiracy", "lost_soul", "outcast", "reveal", "acolyte", "stock_market", "discard_market", "payments",
    "return_payments", "buy_service", "hand_card", "recruit", "sway", "cost_of_errors", "new_quest",
    "quest", "explore", "flip", "swap", "plot_removed", "field_hospitals", "open_path", "ferry", "roll",
    "game_over", "outrage", "trade_post_gone", "board_warriors", "ambush", "ambush_ends_battle",
})


_FOREST = re.compile(r"\bforest (\d+) \(by ")


def map_forests(text: str) -> str:
    """Forests as the map picture numbers them, F1 first (the engine counts them from 0):
    ``forest 2 (by 2, 6, ...)`` becomes ``forest F3 (by 2, 6, ...)``."""
    return _FOREST.sub(lambda m: f"forest F{int(m[1]) + 1} (by ", text)


Dealt = dict[int, tuple[str, ...]]  # event seq -> the cards that event's draws took (their labels)


def dealt_cards(events: Sequence[Event], drawn: Sequence[tuple[int, int]], humans: Collection[str], label: Callable[[int], str]) -> Dealt:
    """The cards each human's draw took from the deck (``drawn``: (log length, card) per draw,
    as ``TableChance`` records them): the draws just before the event, or before the reshuffles
    just before it. A card taken from a hand or the board is already named by its event."""
    out: Dealt = {}
    by_seq = {e.seq: e for e in events}
    for e in events:
        if e.faction not in humans or "card" in e.data or e.kind not in ("draw", "setup") or "draw" not in e.template:
            continue
        first = e.seq
        while (before := by_seq.get(first - 1)) is not None and before.kind == "reshuffle":
            first -= 1
        cards = tuple(label(card) for at, card in drawn if first <= at <= e.seq)
        if cards:
            out[e.seq] = cards
    return out


def instruction(e: Event, suits: Sequence[str | None], names: dict[str, str] | None = None, dealt: Dealt | None = None) -> str | None:
    """What a person does at the table for this event, or None when it changes nothing there
    (a human's draw names the cards the app dealt)."""
    nm = names or _NAMES
    say = BOARD.get(e.kind)
    if say is not None:
        text = say(e, lambda place: _where(place, suits), nm)  # None: "scores nothing"
        return None if text is None else map_forests(_cap(text))
    if e.kind in OWN_BOARD:
        text = e.template.format(**e.data) if e.data else e.template
        cards = (dealt or {}).get(e.seq)
        return map_forests(f"{_cap(who(e.faction, nm))}: {text}" + (f": {', '.join(cards)}." if cards else "."))
    return None


Span = tuple[int, int, int]  # (entry index of a human line, first log index, end log index)


def _inside(seq: int, spans: Sequence[Span]) -> bool:
    return any(a <= seq < b for _, a, b in spans)


def steps_of(events: Sequence[Event], spans: Sequence[Span], suits: Sequence[str | None], names: dict[str, str] | None = None, dealt: Dealt | None = None) -> list[Step]:
    """The numbered steps of a part of the game, leaving out what human lines did (``spans``:
    log index ranges of those lines)."""
    out: list[Step] = []
    for e in events:
        if _inside(e.seq, spans):
            continue
        text = instruction(e, suits, names, dealt)
        if text is not None:
            out.append(Step(len(out) + 1, e.faction, text, map_forests(e.line()), places_of(e), e.seq))
    return out


def places_of(e: Event) -> tuple[int, ...]:
    """The clearings an event names (``c``, and a move's ``a`` and ``b``), in that order."""
    return tuple(v for k in ("a", "b", "c") if isinstance(v := e.data.get(k), int) and not isinstance(v, bool) and 1 <= v <= 12)


def told_of(events: Sequence[Event], spans: Sequence[Span], suits: Sequence[str | None], names: dict[str, str] | None = None, dealt: Dealt | None = None) -> list[str]:
    """What human lines (``spans``) changed on the board, in the engine's order."""
    return [t for e in events if _inside(e.seq, spans) and (t := instruction(e, suits, names, dealt)) is not None]
