"""The Marquise de Cat by the Law of Root (LoR 6), played by legal moves."""

from __future__ import annotations

from rootbotics.core import invariants
from rootbotics.core.battle import battle
from rootbotics.factions.marquise import lor as M
from rootbotics.game import GameConfig, Seat, new_game, play
from rootbotics.programs import ProgramController, builtin

from helpers import game, position
from tests.lor.scripted import kinds, seat

ID = lambda name: __import__("rootbotics.core.cards", fromlist=["load_deck"]).load_deck().by_name[name]  # noqa: E731


def camp(hand: tuple[str, ...] = ("crossbow_mouse", "armorers"), **extra) -> object:
    """The keep in 2 (mouse) with a sawmill and a workshop there; a recruiter and two wood in 5
    (rabbit); one warrior and one wood in 6 (fox); one Marquise warrior beside three Eyrie
    warriors in 10 (rabbit), which the Eyrie rule. The Marquise rules 2, 5 and 6."""
    clearings = {
        2: {"warriors": {"marquise": 2}, "buildings": [["marquise", "sawmill"], ["marquise", "workshop"]], "tokens": [["marquise", "keep"]]},
        5: {"warriors": {"marquise": 2}, "buildings": [["marquise", "recruiter"]], "tokens": [["marquise", "wood"], ["marquise", "wood"]]},
        6: {"warriors": {"marquise": 1}, "tokens": [["marquise", "wood"]], "ruin": True},
        10: {"warriors": {"marquise": 1, "eyrie": 3}, "ruin": True},
    }
    return position(clearings, humans=("marquise",), marquise={"hand": list(hand), **extra})


def test_lor_6_5_daylight_offers_every_action_with_a_legal_use() -> None:
    """Perft at the Daylight action step, derived by hand from :func:`camp`: no card can be
    crafted (the one workshop is in a mouse clearing; both cards cost fox), so the first decision
    is the action. Battle (the Eyrie in 10), March, Recruit (a recruiter in 5, warriors in
    supply), Build (6 and 5 have open slots and three connected wood), Overwork (a mouse card for
    the sawmill in mouse 2), an extra action for the bird card (Armorers), and done: 7 moves."""
    ctl, script = seat([])
    g = game(camp(), marquise=ctl)
    M.daylight(g)
    moves = script.moves_at("daylight.action")
    assert kinds(moves) == ["battle", "march", "recruit", "build", "overwork", "extra_action", "done"]
    assert len(moves) == 7


def test_lor_6_5_4_1_build_only_in_ruled_clearings_with_room() -> None:
    """Build offers 5 and 6 (ruled, an open slot), not 2 (full) nor 10 (the Eyrie rule it); each
    building costs one wood (the second of its track) and three wood are connected: 6 choices."""
    s = camp()
    assert sorted(M.build_options(s)) == [(5, "recruiter"), (5, "sawmill"), (5, "workshop"), (6, "recruiter"), (6, "sawmill"), (6, "workshop")]


def test_lor_6_5_4_build_pays_connected_wood_and_scores_the_uncovered_space() -> None:
    ctl, _ = seat([
        ("daylight.action", "build", ()),
        ("build.clearing", "clearing", (6,)),
        ("build.building", "building", ("sawmill",)),
        ("build.wood", "clearing", (5,)),  # wood may come from 5 through 2, both ruled (LoR 6.5.4.2)
        ("daylight.action", "done", ()),
    ])
    g = game(camp(), marquise=ctl)
    M.daylight(g)
    s = g.state
    assert ("marquise", "sawmill") in s.clearings[6].buildings
    assert s.clearings[5].tokens.count(("marquise", "wood")) == 1
    assert s.clearings[6].tokens.count(("marquise", "wood")) == 1
    assert s.factions["marquise"].vp == 1  # the second sawmill uncovers 1 VP
    assert any(e.rule == "LoR 6.5.4.3" and e.kind == "place_building" for e in g.log)
    invariants.check(s)


def test_lor_6_5_4_2_wood_is_not_taken_across_a_clearing_the_marquise_does_not_rule() -> None:
    """Wood in 6 is cut off from 1 when the way runs only through an unruled clearing: a
    Marquise alone in 1 (fox) next to 5 would reach 5 (ruled) but not wood beyond the Eyrie's 10."""
    s = camp()
    assert M.wood_sources(s, 6) == [5, 6]
    s.clearings[2].warriors["eyrie"] = 5  # the Eyrie now rule 2, the only link between 5 and 6
    s.clearings[2].warriors["marquise"] = 2
    assert M.wood_sources(s, 6) == [6]


def test_lor_6_5_3_recruit_once_per_turn() -> None:
    ctl, script = seat([("daylight.action", "recruit", ()), ("daylight.action", "done", ())])
    g = game(camp(), marquise=ctl)
    M.daylight(g)
    assert g.state.clearings[5].warriors["marquise"] == 3
    second = [d for d in script.asked if d.step == "daylight.action"][1]
    assert "recruit" not in kinds(list(second.moves))


def test_lor_6_5_an_extra_action_per_bird_card_spent() -> None:
    """Three actions, then a bird card spent for a fourth (LoR 6.5); after four, only free
    choices remain."""
    ctl, script = seat([
        ("daylight.action", "extra_action", ()),
        ("extra_action.card", "card", (ID("armorers"),)),
        ("daylight.action", "recruit", ()),
        ("daylight.action", "march", ()),
        ("march.from", "from", (5,)),
        ("march.to", "to", (2,)),
        ("march.count", "count", (1,)),
        ("march.from", "done", ()),
        ("daylight.action", "march", ()),
        ("march.from", "from", (2,)),
        ("march.to", "to", (5,)),
        ("march.count", "count", (1,)),
        ("march.from", "done", ()),
        ("daylight.action", "march", ()),
        ("march.from", "from", (5,)),
        ("march.to", "to", (1,)),
        ("march.count", "count", (1,)),
        ("march.from", "done", ()),
    ])
    g = game(camp(), marquise=ctl)
    M.daylight(g)
    last = script.asked[-1]
    assert last.step == "daylight.action" and kinds(list(last.moves)) == ["done"]
    assert ID("armorers") in g.state.discard


def test_lor_4_2_1_a_move_needs_rule_of_origin_or_destination() -> None:
    """From 10 (the Eyrie rule it) the Marquise warrior may go to 2 (hers), not to 1 or 12
    (ruled by nobody)."""
    from rootbotics.core.lor.moving import destinations

    s = camp()
    assert destinations(s, "marquise", 10) == [2]
    assert destinations(s, "marquise", 5) == [1, 2]


def test_lor_6_5_5_overwork_spends_a_card_matching_a_sawmill() -> None:
    ctl, _ = seat([
        ("daylight.action", "overwork", ()),
        ("overwork.clearing", "clearing", (2,)),
        ("overwork.card", "card", (ID("crossbow_mouse"),)),
        ("daylight.action", "done", ()),
    ])
    g = game(camp(), marquise=ctl)
    M.daylight(g)
    assert ("marquise", "wood") in g.state.clearings[2].tokens
    assert ID("crossbow_mouse") in g.state.discard


def test_lor_6_4_birdsong_places_a_wood_at_each_sawmill() -> None:
    s = camp()
    s.clearings[6].buildings.append(("marquise", "sawmill"))
    s.factions["marquise"].supply["sawmill"] -= 1
    g = game(s, marquise=seat([])[0])
    M.birdsong(g)
    assert s.clearings[2].tokens.count(("marquise", "wood")) == 1
    assert s.clearings[6].tokens.count(("marquise", "wood")) == 2


def test_lor_1_5_4_too_little_wood_the_marquise_picks_which_sawmills() -> None:
    s = camp()
    s.clearings[6].buildings.append(("marquise", "sawmill"))
    s.factions["marquise"].supply["sawmill"] -= 1
    s.factions["marquise"].supply["wood"] = 1
    ctl, script = seat([("birdsong.wood", "clearing", (6,))])
    g = game(s, marquise=ctl)
    M.birdsong(g)
    assert [m.args for m in script.moves_at("birdsong.wood")] == [(2,), (6,)]
    assert not any(t == ("marquise", "wood") for t in s.clearings[2].tokens)


def test_lor_6_6_evening_draws_one_plus_bonuses_then_discards_to_five() -> None:
    """Three recruiters placed uncover one draw bonus: two cards; seven in hand, two go."""
    s = camp(hand=("crossbow_mouse", "armorers", "anvil", "sappers", "cobbler"))
    s.factions["marquise"].supply["recruiter"] = 3
    ctl, script = seat([], then=lambda d: d.moves[0])
    g = game(s, marquise=ctl)
    M.evening(g)
    assert len(s.factions["marquise"].hand) == 5
    assert [d.step for d in script.asked] == ["evening.discard", "evening.discard"]
    assert any(e.kind == "draw" and e.data["n"] == 2 for e in g.log)


def test_lor_6_2_3_field_hospitals_asked_of_a_program_seat() -> None:
    """The Eyrie bot battles the Marquise in 5 (three hits): both her warriors and a wood of her
    choice go; only then (LoR 1.5.4: every piece removed before effects) is she asked, spends a
    rabbit card, and the two warriors go to the keep's clearing instead of her supply."""
    s = camp(hand=("a_visit_to_friends",))
    s.clearings[5].warriors["eyrie"] = 3
    ctl, _ = seat([("hits.piece", "piece", ("wood",)), ("field_hospitals.card", "card", (ID("a_visit_to_friends"),))])
    g = game(s, [("roll", (3, 0))], marquise=ctl)
    battle(g, "eyrie", "marquise", 5, "test")
    assert s.clearings[5].warriors.get("marquise", 0) == 0
    assert s.clearings[2].warriors["marquise"] == 4
    assert any(e.rule == "LoR 6.2.3" for e in g.log)


def test_lor_6_3_setup_keep_in_a_corner_garrison_and_three_buildings() -> None:
    """Perft at the keep: the Marquise sets up first (A) and may take any of Fall's four corners."""
    ctl, script = seat([
        ("setup.keep", "clearing", (1,)),
        ("setup.sawmill", "clearing", (1,)),
        ("setup.workshop", "clearing", (5,)),
        ("setup.recruiter", "clearing", (10,)),
    ], then=lambda d: d.moves[0])
    cfg = GameConfig([Seat("marquise", "human"), Seat("eyrie")], "fall", 4)
    g = new_game(cfg, controllers={"marquise": ctl})
    s = g.state
    assert [m.args for m in script.moves_at("setup.keep")] == [(1,), (2,), (3,), (4,)]
    assert ("marquise", "keep") in s.clearings[1].tokens
    assert s.clearings[3].warriors.get("marquise", 0) == 0  # the diagonally opposite corner
    assert sum(s.clearings[c].warriors.get("marquise", 0) for c in range(1, 13)) == 11
    assert ("marquise", "sawmill") in s.clearings[1].buildings
    assert [m.args for m in script.moves_at("setup.workshop")] == [(5,), (9,), (10,)]  # 1 is full now
    assert s.start_corners["marquise"] == 1
    assert s.start_corners["eyrie"] == 3  # the Eyrie bot takes the opposite corner


def test_random_marquise_games_beside_three_bots_keep_every_invariant() -> None:
    """Random programs in the Marquise seat beside bots on every map: no exception, every
    invariant after every event, a winner."""
    for seed in range(8):
        map_name = ("fall", "winter", "lake", "mountain")[seed % 4]
        cfg = GameConfig([Seat("marquise", "human"), Seat("eyrie"), Seat("alliance"), Seat("vagabot")], map_name, seed)
        g = new_game(cfg, controllers={"marquise": ProgramController(builtin("random" if seed % 2 else "greedy", seed, "marquise"))})
        g.log.listeners.append(lambda e, g=g: invariants.check(g.state))
        play(g)
        assert g.state.winner
