"""The Law of Robotics example turns, replayed from saved positions (tests/positions/).

Each test loads the position the example describes, scripts the cards and dice the example
names, plays the one turn, and checks the resulting position and the key log lines.
"""

from __future__ import annotations

import json
from pathlib import Path

from rootbotics.core import serial
from rootbotics.core.chance import ScriptedChance
from rootbotics.core.context import Game
from rootbotics.controllers import ScriptedHuman
from rootbotics.factions.eyrie.board import VIZIER
from rootbotics.game import play_turn

POSITIONS = Path(__file__).parent / "positions"


def load_game(name: str, script: list[tuple[str, object]], **controllers) -> Game:
    state = serial.load(POSITIONS / name)
    ids = state.deckdef.by_name
    resolved = [(kind, ids[v] if kind == "draw" else v) for kind, v in script]
    return Game(state, ScriptedChance(resolved), controllers)


def lines_of(g: Game, rule: str) -> list[str]:
    return [e.text for e in g.log if e.rule == rule]


def test_4_marquise_example_turn() -> None:
    """Law of Robotics, 'Mechanical Marquise 2.0 Example Turn' (4.4-4.6)."""
    g = load_game("marquise_example_turn.json", [("draw", "root_tea_fox")])
    s = g.state
    play_turn(g)
    mq = s.factions["marquise"]

    # 4.4.1/4.4.2: Root Tea is crafted without workshops; 1 VP instead of the listed 2 (1.1.2).
    assert mq.items == ["tea"] and s.item_supply["tea"] == 1
    assert any("crafts Root Tea (fox)" in t for t in lines_of(g, "4.4.2"))
    assert any("scores 1 VP for crafting an item (the card lists 2)" in t for t in lines_of(g, "1.1.2"))
    # 4.5.1: no fox clearing has an enemy piece, so no battle.
    assert not g.log.of_kind("battle")
    assert any("does not battle" in t for t in lines_of(g, "4.5.1"))
    # 4.5.2: one warrior in each of the four fox clearings it rules.
    recruits = [e for e in g.log if e.rule == "4.5.2" and e.kind == "place_warriors"]
    assert [(e.data["c"], e.data["n"]) for e in recruits] == [(1, 1), (6, 1), (8, 1), (12, 1)]
    assert [s.warriors("marquise", c) for c in (1, 6, 8, 12)] == [3, 2, 2, 2]
    # 4.5.3: clearing 1 is full and skipped; 6, 8 and 12 tie on two warriors; 6 has priority.
    build = [e for e in g.log if e.rule == "4.5.3" and e.kind == "place_building"]
    assert len(build) == 1 and build[0].data == {"kind": "sawmill", "c": 6}
    why = build[0].text
    assert "skipped 1 (no free building slot)" in why and "chose 6 by highest priority (2.1)" in why
    assert ("marquise", "sawmill") in s.clearings[6].buildings
    # 4.5.4 and 4.5.5: no clearing has more than three warriors; it built, so no expanding.
    assert not g.log.of_kind("move") and not g.log.of_kind("expand")
    # 4.6.1: fox order scores the sawmill track: two sawmills on the map, 1 VP. 4.6.2 discard.
    assert any("scores 1 VP from its sawmill track (fox order)" in t for t in lines_of(g, "4.6.1"))
    assert mq.vp == 2
    assert mq.order is None and s.discard == [s.deckdef.by_name["root_tea_fox"]]
    assert s.current == "eyrie"


def test_5_eyrie_example_turn() -> None:
    """Law of Robotics, 'Electric Eyrie Example Turn' (5.4-5.7) with a human Alliance."""
    script = [
        ("draw", "root_tea_rabbit"),  # 5.4.1 the order card
        ("draw", "favor_of_the_mice"),  # Outrage: the Eyrie moves into sympathetic 4
        ("roll", (0, 0)),  # fox column battle in 12
        ("roll", (1, 0)),  # rabbit column battle in 4
        ("draw", "bake_sale"),  # Outrage: the Eyrie removes the sympathy token
        ("roll", (0, 0)),  # bird column battle in 12
    ]
    g = load_game("eyrie_example_turn.json", script, alliance=ScriptedHuman())
    s = g.state
    play_turn(g)
    ey = s.factions["eyrie"]
    assert ey.board.decree is not None
    w = lambda c: s.warriors("eyrie", c)  # noqa: E731

    # 5.4.2: no teapot left in the supply, so Root Tea is not crafted; 5.4.3 it joins the rabbit column.
    assert not g.log.of_kind("craft") and g.log.of_kind("craft_skipped")
    assert ey.board.decree["rabbit"] == [s.deckdef.by_name["root_tea_rabbit"]]
    assert ey.board.decree["bird"] == [VIZIER, VIZIER]

    # 5.5.1 I: fox -> 8, rabbit -> 3, bird (two cards) -> 8, which has more enemy pieces than 3 and 7.
    recruits = [(e.data["c"], e.data["n"]) for e in g.log if e.rule == "5.5.1 I" and e.kind == "place_warriors"]
    assert recruits == [(8, 1), (3, 1), (8, 2)]
    bird_recruit = [e for e in g.log if e.rule == "5.5.1 I" and e.kind == "place_warriors"][2]
    assert "chose 8 by most enemy pieces (5.5.1 I a)" in bird_recruit.text

    # 5.5.1 II: 8 -> 4 (three warriors, leaving one), 3 -> 6, then 4 -> 12 (one, leaving two).
    moves = [(e.data["a"], e.data["b"], e.data["n"]) for e in g.log.of_kind("move")]
    assert moves == [(8, 4, 3), (3, 6, 3), (4, 12, 1)]
    fox_move, rabbit_move, bird_move = g.log.of_kind("move")
    assert "leaves 1" in fox_move.text
    assert "chose 3 by most Eyrie warriors (5.5.1 II)" in rabbit_move.text
    assert "chose 6 by fewest enemy pieces (5.5.1 II a)" in rabbit_move.text
    assert "chose 4 by highest priority (2.1)" in bird_move.text  # tied with 6 on warriors
    assert "chose 12 by fewest enemy pieces (5.5.1 II a)" in bird_move.text and "leaves 2" in bird_move.text

    # A human Alliance suffers Outrage twice; the bot has no hand, so the Alliance draws (2.8.1).
    outrages = g.log.of_kind("outrage")
    assert [e.data["c"] for e in outrages] == [4, 4]
    assert len(s.factions["alliance"].board.supporters or []) == 2

    # 5.5.1 III: fox battle in 12 (no roost, lowest priority), rabbit in 4, bird in 12 again.
    battles = [(e.data["c"], e.data["defender"]) for e in g.log.of_kind("battle")]
    assert battles == [(12, "marquise"), (4, "alliance"), (12, "marquise")]
    fox_battle = g.log.of_kind("battle")[0]
    assert "chose 12 by lowest priority (2.1)" in fox_battle.text
    # The sympathy token in 4 is removed (defenseless, 1 VP); the bird column's extra hit kills
    # the Marquise warrior in 12.
    assert ("alliance", "sympathy") not in s.clearings[4].tokens
    extra = [e for e in g.log.of_kind("extra_hit") if e.rule == "5.5.1 III"]
    assert len(extra) == 1 and "bird column" in extra[0].text
    assert s.warriors("marquise", 12) == 0

    # 5.5.2: a roost in 4, the highest-priority clearing it rules without one. 5.6: four roosts, 3 VP.
    assert ("eyrie", "roost") in s.clearings[4].buildings
    assert any("scores 3 VP for 4 roosts on the map" in t for t in lines_of(g, "5.6"))
    assert ey.vp == 8 + 1 + 3  # one for the sympathy token, three for the roosts
    assert [w(c) for c in (3, 4, 6, 7, 8, 12)] == [1, 2, 3, 2, 1, 1]
    assert not g.log.of_kind("turmoil")


def _alliance_example(marquise_bot: bool = False) -> Game:
    """The Alliance example's position (see tests/positions/alliance_example_turn.json).

    The example speaks of the first turn of the game; 1 (the keep) ties with 6 on enemy
    warriors, so the Marquise there has one warrior: a human Marquise's garrison (LoR 6.3.3).
    With ``marquise_bot`` the same board has the Mechanical Marquise 2.0 instead, whose keep
    clearing holds an extra warrior (4.3.3).
    """
    data = json.loads((POSITIONS / "alliance_example_turn.json").read_text())
    if marquise_bot:
        data["factions"]["marquise"] = {"seat": "bot", "vp": 0, "order": None, "items": []}
        data["clearings"]["1"]["warriors"]["marquise"] = 2
        data["removed_cards"] = []  # no human: the dominance cards stay in the deck (3.4)
    state = serial.from_json(data)
    script = ScriptedChance([("draw", state.deckdef.by_name["birdy_bindle"])])  # 6.4.1, and nothing else
    return Game(state, script, {} if marquise_bot else {"marquise": ScriptedHuman()})


def test_6_alliance_example_turn() -> None:
    """Law of Robotics, 'Automated Alliance Example Turn' (6.4-6.6): a bird order on the first turn."""
    g = _alliance_example()
    s = g.state
    play_turn(g)
    al = s.factions["alliance"]

    # 6.4.1/6.4.2: Birdy Bindle is crafted: the bag, 1 VP.
    assert al.items == ["bag"] and any("crafts Birdy Bindle (bird)" in t for t in lines_of(g, "6.4.2"))
    # 6.4.3: a bird order stops the revolt; 6.4.4 Public Pity spreads twice (no sympathy yet).
    assert lines_of(g, "6.4.3") == ["does not revolt: the order card is a bird"]
    assert any("0 sympathy tokens on the map, so it spreads sympathy twice" in t for t in lines_of(g, "6.4.4"))
    placed = [e for e in g.log.of_kind("place_token")]
    assert [(e.rule, e.data["c"]) for e in placed] == [("6.5.1 I", 2), ("6.5.1", 5), ("6.5.1", 6)]
    first, second, daylight = (e.text for e in placed)
    # First: no sympathy on the map, so the fewest enemy pieces (6.5.1 I); many have one; 2 has priority.
    assert "no such clearing" in first and "2, 4, 6, 7, 8, 10, 11, 12 (1)" in first
    assert "chose 2 by highest priority (2.1)" in first
    # Second: next to 2 are 5, 6 and 10, all ordered (bird), one enemy warrior each; 5 by priority.
    assert "ranked by fewest enemy warriors: 5, 6, 10 (1); chose 5 by highest priority (2.1)" in second
    # Daylight: 1 outranks 6 but holds the keep (4.2.1), so 6 (2.3).
    assert "1, 6, 10 (1); skipped 1 (the keep is there" in daylight and "chose 6 by highest priority (2.1)" in daylight
    assert [s.clearings[c].tokens.count(("alliance", "sympathy")) for c in (2, 5, 6)] == [1, 1, 1]
    # Scoring the Sympathy track: nothing for the first token, one each for the second and third.
    sympathy_scores = [e.data.get("n", 0) for e in g.log if e.rule == "6.5.1" and e.kind == "score"]
    assert sympathy_scores == [0, 1, 1]
    # 6.5.2: the surprise revolt in 5 (most enemy pieces) removes the Marquise warrior and workshop
    # (1 VP for the workshop) and places the rabbit base.
    (revolt,) = g.log.of_kind("revolt")
    assert revolt.rule == "6.5.2" and revolt.data["c"] == 5 and "chose 5 by most enemy pieces (6.5.2)" in revolt.text
    assert [(e.faction, e.data.get("kind", "warrior")) for e in g.log if e.rule == "6.5.2" and e.kind in ("remove_piece", "remove_warriors")] == [
        ("marquise", "workshop"),
        ("marquise", "warrior"),
    ]
    assert s.clearings[5].buildings == [("alliance", "base_rabbit")]
    # 6.6.2: a warrior in 5, the clearing with the base; 6.6.1 organizes nothing (one warrior).
    assert s.clearings[5].warriors == {"alliance": 1} and not g.log.of_kind("organize")
    # 6.6.3 discard, and four VP in all: the bag, the workshop, the second and third tokens.
    assert al.order is None and s.discard == [s.deckdef.by_name["birdy_bindle"]]
    assert al.vp == 4
    assert [e.rule for e in g.log.of_kind("score") if e.data.get("n")] == ["1.1.2", "6.5.1", "6.5.1", "LoR 3.2.1"]
    assert s.current == "marquise"


def test_6_alliance_example_turn_with_the_marquise_bot() -> None:
    """The same turn against the Mechanical Marquise 2.0: its keep clearing holds two warriors, so
    Daylight's 6 wins on fewest enemy warriors instead of by skipping the keep; the rest is equal."""
    g = _alliance_example(marquise_bot=True)
    s = g.state
    play_turn(g)
    daylight = g.log.of_kind("place_token")[2]
    assert daylight.data["c"] == 6 and "6, 10 (1); 1 (2)" in daylight.text and "skipped" not in daylight.text
    assert s.factions["alliance"].vp == 4
    assert s.clearings[5].buildings == [("alliance", "base_rabbit")] and s.clearings[5].warriors == {"alliance": 1}


def test_11_corvids_example_turn() -> None:
    """Law of Robotics, 'Cogwheel Corvids Example Turn' (11.4-11.6), easy difficulty, on the Lake
    map with the example's suits (fox 1 3 6 10, mouse 2 4 8 11, rabbit 5 7 9 12)."""
    script = [
        ("draw", "ambush_fox"),  # 11.4.1: fox, no item to craft
        ("pick", "snare"),  # The Plot Thickens in 4, during the recruit
        ("pick", "bomb"),  # the bomb in 1 is swapped for the other bomb
        ("roll", (1, 1)),  # the battle against the Eyrie in 10
        ("pick", "raid"),  # 11.5.3 plot in 3
        ("pick", "extortion"),  # 11.5.4 The Plot Thickens in 12
    ]
    g = load_game("corvids_example_turn.json", script)
    s = g.state
    play_turn(g)
    cv = s.factions["corvids"]
    assert cv.items == [] and not lines_of(g, "11.4.2")
    # 11.4.3: one warrior in 3 (no plot); the supply is empty, so the plot thickens in 4 (the most
    # warriors, no plot), then one warrior in 10 (most warriors among the fox clearings with plots).
    recruits = [(e.data["c"], e.data["n"]) for e in g.log if e.rule == "11.4.3" and e.kind == "place_warriors"]
    assert recruits == [(3, 1), (10, 1)]
    assert any("The Plot Thickens at once" in t for t in lines_of(g, "11.4.3 II"))
    assert [e.data["c"] for e in g.log if e.kind == "place_plot"] == [4, 3, 12]
    # 11.4.4: the bomb in 1 first (the sawmill goes: 1 VP; three face-up plots: 3 VP), swapped for
    # the other bomb face up, which does not trigger; then the snare in 4 (four face up: 4 VP).
    assert [(e.data["c"], e.data["kind"]) for e in g.log if e.kind == "flip"] == [(1, "bomb"), (4, "snare")]
    assert any("scores 3 VP for flipping a plot" in t for t in lines_of(g, "11.4.4"))
    assert any("scores 4 VP for flipping a plot" in t for t in lines_of(g, "11.4.4"))
    assert any("for removing an enemy sawmill" in t for t in lines_of(g, "LoR 3.2.1"))
    assert any("a bomb (it does not trigger)" in t for t in lines_of(g, "11.7.1"))
    assert s.clearings[1].buildings == []
    # 11.5.1: only 10 has two or more Corvid warriors; the Eyrie has the only building there.
    fights = g.log.of_kind("battle")
    assert [(e.data["defender"], e.data["c"]) for e in fights] == [("eyrie", 10)]
    # 11.5.2: all but two leave 10, into 8 (no plot, the most Corvid warriors).
    moves = g.log.of_kind("move")
    assert [(e.data["a"], e.data["b"], e.data["n"]) for e in moves] == [(10, 8, 1)]
    # 11.5.3 and 11.5.4: plots in 3 (the only fox clearing without one) and 12.
    assert cv.board.plots == {
        1: ("bomb", True), 3: ("raid", False), 4: ("snare", True), 6: ("extortion", True),
        10: ("raid", True), 12: ("extortion", False),
    }
    assert [s.warriors("corvids", c) for c in (3, 4, 8, 10, 12)] == [0, 3, 2, 2, 2]
    # 11.6: one face-up extortion: 1 VP. Total 1 + 3 + 4 + 1.
    assert any("scores 1 VP for 1 face-up extortion plot" in t for t in lines_of(g, "11.6.1"))
    assert cv.vp == 9 and cv.order is None
    assert s.current == "marquise"
