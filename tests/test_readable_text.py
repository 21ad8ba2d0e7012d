"""Explanations a player can read aloud (issue 31 part 4): the log lines of many seeded games,
every bot on every map (with random difficulties and traits, both levels of Riverfolk services,
and programs in some human seats), hold no internal names and none of the phrasings a reader
stumbles on. A card a discard sends elsewhere (the Lost Souls, 8.2.4; beside the map, LoR 3.3.3)
is told after the action that discarded it, and a dominance card beside the map is not also
told as discarded; a trait's effect names the trait (3.3.2), a difficulty's its level (3.3.1).
"""

from __future__ import annotations

import re

import pytest

from rootbotics.core.chance import Rng
from rootbotics.core.events import Event, a_or_an, format_template, piece_words
from rootbotics.core.maps import MAP_NAMES
from rootbotics.factions import PLAYABLE_BOTS, REFUSED_TRAITS, TRAIT_TEXT
from rootbotics.game import GameConfig, Seat, new_game, play

SNAKE = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")  # garden_fox, trade_post, any snake_case name
STUMBLES = {
    "a before a vowel": re.compile(r"\ba [AEIOUaeiou]\w*"),  # "a alliance", "a Eyrie"
    "nothing to discard": re.compile(r"\bdiscards its 0\b|\b0 Lost Souls\b"),
    "an article before boots, coins or tea": re.compile(r"\ba (boots|coins|tea)\b"),  # "gains a boots"
    "a plural of one": re.compile(r"\b1 items\b"),
}
TRAIT_NAMES = sorted({t.replace("-", " ") for bot in PLAYABLE_BOTS for t in TRAIT_TEXT[bot]})
LEVELS = re.compile(r"\b(easy|challenging|nightmare)\b")
PROGRAM_SEATS = ("marquise", "eyrie", "alliance", "vagabot")  # their Law of Root is built


def redirected(e: Event) -> bool:
    return e.kind == "dominance_available" or (e.kind == "lost_soul" and "instead" in e.template)


def seated_game(seed: int, bot: str, map_name: str) -> GameConfig:
    """``bot`` and two or three others, each with a random difficulty and traits; sometimes a
    program in a human seat (never ``bot``'s)."""
    rng = Rng.from_seed(seed)
    others = [b for b in PLAYABLE_BOTS if b != bot]
    rng.shuffle(others)
    seats = []
    programs = {}
    for i, faction in enumerate([bot, *others[: 2 + rng.below(2)]]):
        if i and faction in PROGRAM_SEATS and rng.below(3) == 0:
            seats.append(Seat(faction, seat="human"))
            programs[faction] = "random"
            continue
        traits = tuple(t for t in TRAIT_TEXT[faction] if t not in REFUSED_TRAITS.get(faction, {}) and rng.below(3) == 0)
        seats.append(Seat(faction, difficulty=("easy", "default", "challenging", "nightmare")[rng.below(4)], traits=traits))
    rng.shuffle(seats)
    options: dict[str, object] = {"riverfolk_services": ("basic", "advanced")[rng.below(2)]}
    if programs:
        options["programs"] = programs
    return GameConfig(seats, map=map_name, seed=seed, options=options)


def problems(events: list[Event]) -> list[str]:
    out: list[str] = []
    for i, e in enumerate(events):
        line = e.line()
        out += [f"internal name {m!r}: {line}" for m in SNAKE.findall(line)]
        out += [f"{what}: {line}" for what, pattern in STUMBLES.items() if pattern.search(line)]
        lower = line.lower()
        if (e.rule == "3.3.2" or "(3.3.2)" in line) and not any(name in lower for name in TRAIT_NAMES):
            out.append(f"a trait's effect without the trait's name: {line}")
        if e.rule == "3.3.1" and not LEVELS.search(line):
            out.append(f"a difficulty's effect without its level: {line}")
        if redirected(e) and "card" in e.data:
            card = str(e.data["card"])
            after = next((x for x in events[i + 1 :] if not redirected(x)), None)
            told = next((x for x in reversed(events[:i]) if not redirected(x)), None)
            if after is not None and card in after.text and (told is None or card not in told.text):
                out.append(f"{card} told as redirected before the action that discarded it: {line} / {after.line()}")
            before = events[i - 1] if i else None
            if e.kind == "dominance_available" and before is not None and card in before.text and "discards" in before.text:
                out.append(f"a dominance card beside the map also told as discarded: {before.line()} / {line}")
    return out


@pytest.mark.parametrize("map_name", MAP_NAMES)
@pytest.mark.parametrize("bot", PLAYABLE_BOTS)
def test_issue_31_log_lines_read_aloud(bot: str, map_name: str) -> None:
    found: list[str] = []
    for seed in range(3):
        g = new_game(seated_game(seed * 97 + MAP_NAMES.index(map_name), bot, map_name))
        play(g)
        found += problems(list(g.log))
    assert not found, f"{len(found)} lines, e.g.:\n" + "\n".join(found[:10])


def test_piece_words_and_articles() -> None:
    assert [piece_words(k) for k in ("garden_fox", "base_mouse", "trade_post", "sawmill")] == ["fox garden", "mouse base", "trade post", "sawmill"]
    assert [a_or_an(w) for w in ("alliance", "Eyrie", "fox garden")] == ["an alliance", "an Eyrie", "a fox garden"]
    data = {"kind": "garden_rabbit", "f": "eyrie"}
    assert format_template("places {kind:a piece}; {f:a} warrior; the {kind:piece}", data) == "places a rabbit garden; an eyrie warrior; the rabbit garden"
    assert data == {"kind": "garden_rabbit", "f": "eyrie"}  # the event's data keeps the internal names


def test_items_are_named_as_a_player_says_them() -> None:
    from rootbotics.core.events import format_template

    said = [format_template("exhausts {item:an item} ({n:items})", {"item": kind, "n": n}) for kind, n in (("boots", 1), ("sword", 2), ("tea", 3))]
    assert said == ["exhausts boots (1 item)", "exhausts a sword (2 items)", "exhausts tea (3 items)"]
