"""Every event of the bots that changes the board is told as a physical step."""

from __future__ import annotations

from rootbotics.factions import PLAYABLE_BOTS
from rootbotics.core.maps import MAP_NAMES
from rootbotics.core.state import GameState
from rootbotics.game import GameConfig, Seat, new_game, play
from rootbotics.table.steps import instruction, steps_of


def board(s: GameState) -> tuple:
    """What lies on the map, and the score."""
    cls = tuple(
        (tuple(sorted(cl.warriors.items())), tuple(sorted(cl.buildings)), tuple(sorted(cl.tokens)), cl.ruin, cl.pawn, tuple(cl.ruin_items), tuple(cl.slot_items))
        for cl in s.clearings[1:]
    )
    return cls, tuple((f, fs.vp) for f, fs in s.factions.items())


def test_every_board_changing_event_kind_has_an_instruction() -> None:
    changing: set[str] = set()
    for i, map_name in enumerate(MAP_NAMES * 2):
        bots = list(PLAYABLE_BOTS) if i % 2 == 0 else [PLAYABLE_BOTS[(i + k) % 8] for k in range(4)]
        g = new_game(GameConfig([Seat(f) for f in bots], map_name, 100 + i))
        last = [board(g.state)]

        def watch(e, g=g, last=last) -> None:
            told = instruction(e, g.state.suits)  # every event can be asked about
            now = board(g.state)
            if now != last[0]:
                changing.add(e.kind)
                assert told is not None, f"{e.kind}: {e.line()}"
            last[0] = now

        g.log.listeners.append(watch)
        play(g)
    assert {"place_warriors", "move", "remove_warriors", "score"} <= changing  # the games did play


def test_steps_read_as_physical_instructions_with_their_why() -> None:
    g = new_game(GameConfig([Seat("marquise"), Seat("eyrie")], "fall", 5))
    start = len(g.log)
    play(g, turns=2)
    steps = steps_of(g.log.events[start:], [], g.state.suits)
    assert [s.number for s in steps] == list(range(1, len(steps) + 1))
    texts = " ".join(s.text for s in steps)
    assert "orange warrior" in texts and "clearing" in texts
    assert all(s.why.startswith("[") for s in steps)
    moved = next(s for s in steps if s.text.startswith("Move "))
    assert " from clearing " in moved.text and ") to clearing " in moved.text


def test_a_step_names_the_clearings_it_touches() -> None:
    """A move names where it leaves and where it goes; a placement its clearing (the web rings them)."""
    from rootbotics.core.events import Event
    from rootbotics.table.steps import places_of

    move = Event(0, 1, "eyrie", "daylight", "5.4.2", "move", "moves {n} from {a} to {b}", {"n": 2, "a": 3, "b": 7})
    place = Event(1, 1, "eyrie", "daylight", "5.4.3", "place_warriors", "places {n} in {c}", {"n": 1, "c": 12})
    assert places_of(move) == (3, 7)
    assert places_of(place) == (12,)
    g = new_game(GameConfig([Seat("marquise"), Seat("eyrie")], "fall", 3))
    steps = steps_of(g.log.events, [], [None, *(g.state.suit(c) for c in range(1, 13))])
    placed = [s for s in steps if "put" in s.text.lower() and "clearing" in s.text]
    assert placed and all(s.places and f"clearing {s.places[0]}" in s.text for s in placed)
