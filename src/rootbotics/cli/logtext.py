"""The explained log as a player reads it: clearings named with their suit ("in clearing 2
(fox)", not "in 2"), a header per turn and per phase (Birdsong, Daylight, Evening), and a short
mode with one line per bot action and no explanations.

This is only how ``rootbotics play`` and ``replay`` print events. The events themselves, their
``text`` (the golden traces, the event stream) and the bots' templates are unchanged: the
sentence is formatted again here from the event's template and values, with each value that
is a clearing (known from the event stream's field names, ``rootbotics.stream``) written out.
"""

from collections.abc import Callable
from typing import Any, Optional

from ..core.events import format_template
from ..stream import field_for

# Public field names (docs/event-stream.md) whose values are clearings (or a forest, left as it is).
CLEARING_FIELDS = frozenset({"clearing", "from", "to", "at", "toward"})
NOT_ACTIONS = frozenset({"skip", "cannot_spread", "stall", "stop", "craft_skipped"})  # a step a bot could not take
PHASE_TITLES = {"birdsong": "Birdsong", "daylight": "Daylight", "evening": "Evening"}


class Suits:
    """The suit of each clearing, from the game once it is set up, or from the setup events
    (the map's printed suits, or the suit markers placed)."""

    def __init__(self, current: list[Any]) -> None:
        self.current = current
        self.learned: list[Optional[str]] = []

    def learn(self, e: Any) -> None:
        """Setup events that say the suits: the game's map, then the markers placed (LoR A.1)."""
        if e.kind == "game" and "map" in e.data:
            from ..core.maps import load_map

            self.learned = list(load_map(str(e.data["map"])).printed_suits)
        elif e.kind == "suits" and "suits" in e.data:
            self.learned = [None, *(part.split(" ")[1] for part in str(e.data["suits"]).split(", "))]

    def of(self, clearing: int) -> Optional[str]:
        if self.current:
            return self.current[0].state.suit(clearing)
        return self.learned[clearing] if clearing < len(self.learned) else None


def clearing_keys(e: Any) -> list[str]:
    """The keys of the event's values that are clearing numbers."""
    keys = []
    for key, value in e.data.items():
        try:
            spec = field_for(e.kind, e.rule, key)
        except KeyError:
            continue
        if spec is not None and spec[0] in CLEARING_FIELDS and (isinstance(value, int) or str(value).isdigit()):
            keys.append(key)
    return keys


def readable_text(e: Any, suit_of: Callable[[int], Optional[str]], explain: bool = True) -> str:
    """The event's sentence with each clearing as ``clearing 2 (fox)``; with ``explain``, the
    reason for a decision after it (as in ``Event.text``)."""
    data = dict(e.data)
    for key in clearing_keys(e):
        number = int(data[key])
        suit = suit_of(number)
        name = f"{number} ({suit})" if suit else str(number)
        said = f"clearing {{{key}}}" in e.template or f"clearings {{{key}}}" in e.template
        data[key] = name if said else f"clearing {name}"
    try:
        msg = format_template(e.template, data)
    except (ValueError, KeyError, IndexError):  # a format spec that wants a number: keep the engine's sentence
        msg = format_template(e.template, e.data)
    if explain and e.why is not None:
        msg = f"{msg} — {e.why()}"
    return msg


def is_action(e: Any) -> bool:
    """What the short log keeps: something a faction did (not a die roll, not a step it skipped)."""
    return e.faction is not None and e.phase != "setup" and not e.kind.startswith("no_") and e.kind not in NOT_ACTIONS


def log_writer(out: Any, current: list[Any], short: bool = False) -> Callable[[Any], None]:
    """A log listener: each event under a header per turn and a line per phase, clearings named
    with their suit; ``short``: one line per action (consecutive events of one kind and rule step joined),
    no explanations, setup and game events left out. ``current`` holds the Game once it is set up."""
    suits = Suits(current)
    last: dict[str, Any] = {"turn": None, "phase": None, "step": None, "parts": []}

    def flush() -> None:
        if last["parts"]:
            rule, _, faction = last["step"]
            out.text(f"  [{rule}] {faction}: {'; '.join(last['parts'])}")
            last["parts"] = []

    def write(e: Any) -> None:
        suits.learn(e)
        key, title = turn_of(current)
        if short and not is_action(e):
            return
        if key != last["turn"]:
            flush()
            last["turn"], last["phase"], last["step"] = key, None, None
            out.header(title) if not short else out.text(title)
        if e.phase != last["phase"] and e.phase in PHASE_TITLES and not short:
            last["phase"] = e.phase
            out.text(f"{PHASE_TITLES[e.phase]}:")
        text = readable_text(e, suits.of, explain=not short)
        if not short:
            out.event_text(e, text)
            return
        if (e.rule, e.kind, e.faction) != last["step"]:
            flush()
            last["step"] = (e.rule, e.kind, e.faction)
        last["parts"].append(text)

    write.flush = flush  # type: ignore[attr-defined]
    return write


def turn_of(current: list[Any]) -> tuple[Any, str]:
    """The turn an event belongs to, as a key and a header."""
    if not current:
        return (0, -1), "Setup"
    s = current[0].state
    return (s.round, s.turn), f"Round {s.round} · {s.current}"
