"""The Mechanical Marquise 2.0's (Better Bot Project v5, ``marquise@bbp``) card values as a game
option: the numbers on its difficulty and trait cards, which the text lost (BBP 3.1). The engine
plays the values of a third party's transcription (rulings R-BBP-MM-DIFFICULTY, R-BBP-MM-TRAITS);
a table holding the printed cards reads each number off them and gives it here
(``options.marquise_cards``, ``--marquise-cards easy=-1,nightmare-vp=1``; issue 29). A value not
given keeps the transcription's."""

from __future__ import annotations

from collections.abc import Mapping

from ...core.state import GameState

OPTION = "marquise_cards"
FLAG = "--marquise-cards"
# card value -> (the transcription's number, lowest, highest, what it counts)
VALUES: dict[str, tuple[int, int, int, str]] = {
    "easy": (-1, -4, 0, "warriors Recruit places more (negative: fewer) on easy"),
    "challenging": (1, 0, 4, "warriors Recruit places more on challenging"),
    "nightmare": (1, 0, 4, "warriors Recruit places more on nightmare"),
    "nightmare-vp": (1, 0, 5, "VP per player each round on nightmare"),
    "iron-will": (2, 1, 5, "Escalates a turn with Iron Will"),
    "hospitals": (1, 0, 5, "warriors Hospitals recruits in the keep's clearing"),
    "hospitals-lost": (2, 1, 10, "warriors lost defending that set off Hospitals"),
}
HELP = (
    "The Mechanical Marquise's (marquise@bbp) card values read off your printed difficulty and trait cards, "
    "name=number separated by commas: " + "; ".join(f"{k} ({v[3]}, {v[1]} to {v[2]}; transcribed: {v[0]})" for k, v in VALUES.items())
    + ". Values not given keep the transcription's (rulings R-BBP-MM-DIFFICULTY, R-BBP-MM-TRAITS)."
)


def value(s: GameState, name: str) -> int:
    """The card value the table gave, else the transcription's."""
    given = s.options.get(OPTION)
    if isinstance(given, Mapping) and isinstance(given.get(name), int):
        return int(given[name])
    return VALUES[name][0]


def given(s: GameState, name: str) -> bool:
    given_values = s.options.get(OPTION)
    return isinstance(given_values, Mapping) and name in given_values


def cards_problem(raw: object) -> str | None:
    if not isinstance(raw, Mapping) or not raw:
        return f"expected name=number pairs (names: {', '.join(VALUES)}), got {raw!r}"
    for name, number in raw.items():
        if name not in VALUES:
            return f"{name!r} is not a card value of the Mechanical Marquise (names: {', '.join(VALUES)})"
        _, low, high, what = VALUES[name]
        if isinstance(number, bool) or not isinstance(number, int) or not low <= number <= high:
            return f"{name}={number!r}: the {what} must be a whole number from {low} to {high}"
    return None


def option_problem(options: Mapping[str, object]) -> str | None:
    if OPTION not in options:
        return None
    problem = cards_problem(options[OPTION])
    return f"options.{OPTION}: {problem}" if problem else None


def table_options(text: str) -> dict[str, object]:
    """``easy=-1,nightmare-vp=2`` -> the option, checked (``ValueError`` with one line)."""
    out: dict[str, int] = {}
    for part in (p.strip() for p in text.split(",") if p.strip()):
        name, eq, number = part.partition("=")
        name = name.strip().lower()
        try:
            out[name] = int(number.strip())
        except ValueError:
            raise ValueError(f"{part!r} is not name=number (e.g. easy=-1,nightmare-vp=1)") from None
        if not eq:
            raise ValueError(f"{part!r} is not name=number (e.g. easy=-1,nightmare-vp=1)")
    problem = cards_problem(out)
    if problem:
        raise ValueError(problem)
    return {OPTION: out}
