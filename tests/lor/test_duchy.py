"""The Underground Duchy by the Law of Root (LoR 12), played by legal moves: scenario tests per rule
from small Fall positions, perft-style counts derived by hand, and random programs in whole games
beside bots and other program seats on the four maps with the invariants checked at every event."""

from __future__ import annotations

import pytest

from rootbotics import stream
from rootbotics.core import invariants, serial
from rootbotics.core.events import Event
from rootbotics.core.cards import load_deck
from rootbotics.core.lor.moving import destinations, origins
from rootbotics.core.rules import one_removal, remove_piece
from rootbotics.factions.duchy import lor as D
from rootbotics.factions.duchy.ministers import crowns_left, most_revealable, revealable_next, suit_room, swayable
from rootbotics.game import GameConfig, Seat, new_game, play
from rootbotics.programs import ProgramController, SeatView, builtin

from helpers import game, position
from tests.lor.scripted import check_every_event
from tests.lor.scripted import kinds, seat

DECK = load_deck()


def ID(name: str) -> int:
    return DECK.by_name[name]


def den(hand: tuple[str, ...] = ("anvil", "a_visit_to_friends", "armorers"), burrow: int = 3, swayed: tuple[str, ...] = (), **extra) -> object:
    """Fall. The Duchy: two warriors and a tunnel in 1 (fox, one slot), two warriors in 5 (rabbit,
    two slots) and in 10 (rabbit, one slot), one warrior beside two Eyrie warriors in 9 (mouse:
    the Eyrie rule it), ``burrow`` warriors in the Burrow. The Duchy rules 1, 5 and 10."""
    clearings = {
        1: {"warriors": {"duchy": 2}, "tokens": [["duchy", "tunnel"]]},
        5: {"warriors": {"duchy": 2}},
        9: {"warriors": {"duchy": 1, "eyrie": 2}},
        10: {"warriors": {"duchy": 2}},
    }
    clearings.update(extra.pop("clearings", {}))
    board = {"burrow": burrow, "swayed": list(swayed), **extra.pop("board", {})}
    return position(clearings, seats=("duchy", "eyrie"), humans=("duchy",), duchy={"hand": list(hand), "duchy": board, **extra})


def checked(g) -> None:
    g.log.listeners.append(lambda e: invariants.check(g.state))


# -- setup (LoR 12.3) ------------------------------------------------------------------------------------
def test_lor_12_3_3_surface_opposite_a_starting_corner_with_two_warriors_around() -> None:
    """The Marquise bot keeps its corner; the Duchy is offered only the corner diagonally opposite
    (one move), and surfaces there: two warriors and a tunnel, two warriors in each clearing next
    to it. Its supplies, ministers and crowns are set (LoR 12.3.1, 12.3.4-12.3.6)."""
    ctl, script = seat([("setup.corner", "clearing", None)], then=lambda d: d.moves[0])
    g = new_game(GameConfig([Seat("marquise"), Seat("duchy", "human")], "fall", 3), controllers={"duchy": ctl})
    s = g.state
    keep = s.start_corners["marquise"]
    corner = s.map.opposite_corner[keep]
    assert [m.args for m in script.moves_at("setup.corner")] == [(corner,)]
    assert s.start_corners["duchy"] == corner
    assert s.clearings[corner].tokens.count(("duchy", "tunnel")) == 1
    assert s.clearings[corner].warriors["duchy"] >= 2
    for a in s.map.adjacent[corner]:
        assert s.clearings[a].warriors.get("duchy", 0) == 2
    fs = s.factions["duchy"]
    assert fs.supply["tunnel"] == 2 and fs.supply["citadel"] == 3 and fs.supply["market"] == 3 and fs.supply["crown"] == 9
    assert {e.rule for e in g.log if e.faction == "duchy" and e.kind == "setup"} >= {"LoR 12.3.1", "LoR 12.3.2", "LoR 12.3.4", "LoR 12.3.5", "LoR 12.3.6"}
    invariants.check(s)


def test_lor_12_3_3_corner_choices_without_an_opposite_one() -> None:
    """With no starting corner yet, every corner may be chosen; a corner another player starts in
    never may."""
    s = den()
    s.start_corners.clear()
    assert D.corner_choices(s) == [1, 2, 3, 4]
    s.start_corners["eyrie"] = 2
    assert D.corner_choices(s) == [4]  # 4 is opposite 2


# -- Birdsong (LoR 12.4) -------------------------------------------------------------------------------
def test_lor_12_4_birdsong_one_warrior_plus_the_citadel_icons() -> None:
    """Two citadels on the map uncover three warrior icons (R-LOR-DUCHY-BOARD): four warriors go
    into the Burrow."""
    s = den(clearings={5: {"warriors": {"duchy": 2}, "buildings": [["duchy", "citadel"], ["duchy", "citadel"]]}})
    g = game(s)
    D.birdsong(g)
    assert s.factions["duchy"].board.burrow == 3 + 4
    assert D.warrior_icons(s) == 3
    invariants.check(s)


# -- Assembly (LoR 12.5.1) -------------------------------------------------------------------------------
def test_lor_12_5_1_assembly_offers_every_action_with_a_legal_use() -> None:
    """Perft at the first Assembly decision of :func:`den`, by hand: Build (1, 5 and 10 are ruled
    with an open slot and the bird card matches them), Recruit (warriors in supply), Move, Battle
    (the Eyrie in 9), Dig (three warriors in the Burrow, matching clearings without a tunnel), and
    done; no dominance card, no closed path, no Daylight card: 6 moves."""
    ctl, script = seat([])
    g = game(den(), duchy=ctl)
    D.assembly(g, set())
    moves = script.moves_at("assembly.action")
    assert kinds(moves) == ["build", "recruit", "move", "battle", "dig", "done"]


def test_lor_12_5_1_two_assembly_actions_then_only_done() -> None:
    ctl, script = seat([("assembly.action", "recruit", ()), ("assembly.action", "recruit", ())])
    g = game(den(), duchy=ctl)
    D.assembly(g, set())
    assert g.state.factions["duchy"].board.burrow == 5
    assert kinds(list(script.asked[-1].moves)) == ["done"]


def test_lor_12_5_1_1_build_reveals_a_matching_card_in_a_ruled_clearing() -> None:
    """Build options of :func:`den` with only the fox card: 1 is the one fox clearing ruled with a
    slot: a citadel or a market (2 options). The card is revealed, not spent: out of the hand,
    beside the board, no VP scored."""
    s = den(hand=("anvil",))
    assert sorted(D.build_options(s, any_suit=False)) == [(1, "citadel"), (1, "market")]
    ctl, _ = seat([("assembly.action", "build", ()), ("build.clearing", "clearing", (1,)), ("build.building", "building", ("market",)), ("build.card", "card", (ID("anvil"),)), ("assembly.action", "done", ())])
    g = game(s, duchy=ctl)
    D.assembly(g, set())
    assert ("duchy", "market") in s.clearings[1].buildings
    assert s.factions["duchy"].hand == [] and s.factions["duchy"].board.revealed == [ID("anvil")]
    assert s.factions["duchy"].vp == 0
    assert any(e.kind == "reveal" and e.rule == "LoR 12.5.1.1" for e in g.log)
    invariants.check(s)


def test_lor_12_5_1_1_no_build_without_a_matching_card_or_an_open_slot() -> None:
    s = den(hand=("root_tea_mouse",))  # mouse: the Duchy rules no mouse clearing
    assert D.build_options(s, any_suit=False) == []
    assert D.build_options(s, any_suit=True) != []  # the Foremole reveals any card (LoR 12.5.2.1)


def test_lor_12_5_1_2_recruit_places_a_warrior_in_the_burrow() -> None:
    g = game(den())
    D.recruit(g)
    assert g.state.factions["duchy"].board.burrow == 4
    assert g.state.factions["duchy"].supply["warrior"] == 20 - 7 - 4


def test_lor_12_2_2_the_burrow_is_adjacent_to_each_tunnel_clearing() -> None:
    """Moves of :func:`den`: the Burrow (place 0) leads only to 1, where the tunnel is; from 1 the
    Duchy may go to 5 and 10 (ruled) and 9 (the Eyrie rule 9, the Duchy rules 1) and to the Burrow;
    from 5 (no tunnel) never to the Burrow."""
    s = den()
    assert destinations(s, "duchy", 0) == [1]
    assert sorted(destinations(s, "duchy", 1)) == [0, 5, 9, 10]
    assert 0 not in destinations(s, "duchy", 5)
    assert 0 in origins(s, "duchy")
    assert 0 not in origins(s, "duchy", among=(1, 5))  # a suit names no Burrow


def test_lor_12_5_1_3_move_out_of_and_into_the_burrow() -> None:
    ctl, script = seat([
        ("assembly.action", "move", ()), ("move.from", "from_place", (0,)), ("move.to", "to", (1,)), ("move.count", "count", (3,)),
        ("assembly.action", "move", ()), ("move.from", "from", (1,)), ("move.to", "to_place", (0,)), ("move.count", "count", (5,)),
        ("assembly.action", "done", ()),
    ])
    g = game(den(), duchy=ctl)
    checked(g)
    D.assembly(g, set())
    s = g.state
    assert s.factions["duchy"].board.burrow == 5 and "duchy" not in s.clearings[1].warriors
    assert [e.kind for e in g.log if e.faction == "duchy" and e.kind in ("move", "to_burrow")] == ["move", "to_burrow"]
    tos = [d for d in script.asked if d.step == "move.to"][1]
    assert {(m.kind, m.args) for m in tos.moves} == {("to", (5,)), ("to", (9,)), ("to", (10,)), ("to_place", (0,))}


def test_lor_12_5_1_4_battle() -> None:
    ctl, _ = seat([("assembly.action", "battle", ()), ("battle.clearing", "clearing", (9,)), ("battle.defender", "defender", ("eyrie",)), ("assembly.action", "done", ())])
    g = game(den(), [("roll", (1, 0))], duchy=ctl)
    D.assembly(g, set())
    assert g.state.clearings[9].warriors.get("eyrie", 0) == 1


def test_lor_12_5_1_5_dig_spends_a_card_places_a_tunnel_and_moves_up_to_four() -> None:
    """Dig targets of :func:`den` with only the fox card: fox clearings without a tunnel (6, 8, 12;
    1 has one). Four of five Burrow warriors may move: counts 1 to 4."""
    s = den(hand=("anvil",), burrow=5)
    assert D.dig_targets(s) == [6, 8, 12]
    ctl, script = seat([("assembly.action", "dig", ()), ("dig.clearing", "clearing", (12,)), ("dig.card", "card", (ID("anvil"),)), ("dig.count", "count", (4,)), ("assembly.action", "done", ())])
    g = game(s, duchy=ctl)
    D.assembly(g, set())
    assert [m.args[0] for m in script.moves_at("dig.count")] == [1, 2, 3, 4]
    assert ("duchy", "tunnel") in s.clearings[12].tokens and s.clearings[12].warriors["duchy"] == 4
    assert s.factions["duchy"].board.burrow == 1 and ID("anvil") in s.discard
    invariants.check(s)


def test_lor_12_5_1_5_no_dig_with_an_empty_burrow() -> None:
    """Ruling R-LOR-DUCHY-DIG: at least one warrior moves, so an empty Burrow digs nowhere."""
    assert D.dig_targets(den(burrow=0)) == []


def test_lor_12_2_4_all_three_tunnels_out_one_comes_off_first() -> None:
    tunnels = {5: {"warriors": {"duchy": 2}, "tokens": [["duchy", "tunnel"]]}, 10: {"warriors": {"duchy": 2}, "tokens": [["duchy", "tunnel"]]}}
    s = den(hand=("anvil",), clearings=tunnels)
    ctl, script = seat([("assembly.action", "dig", ()), ("dig.clearing", "clearing", (8,)), ("dig.card", "card", (ID("anvil"),)), ("dig.tunnel", "clearing", (10,)), ("dig.count", "count", (1,)), ("assembly.action", "done", ())])
    g = game(s, duchy=ctl)
    D.assembly(g, set())
    assert [m.args for m in script.moves_at("dig.tunnel")] == [(1,), (5,), (10,)]
    assert ("duchy", "tunnel") not in s.clearings[10].tokens and ("duchy", "tunnel") in s.clearings[8].tokens
    assert any(e.kind == "take_tunnel" and e.rule == "LoR 12.2.4" for e in g.log)
    invariants.check(s)


# -- Parliament (LoR 12.5.2) -------------------------------------------------------------------------
def test_lor_12_5_2_each_swayed_minister_once_with_a_legal_use() -> None:
    """Swayed: Captain, Marshal, Banker, Earl. No citadel is on the map, so the Earl is not
    offered; the others are, each once: after the Captain acts, it is not offered again."""
    ctl, script = seat([
        ("parliament.minister", "minister", ("captain",)), ("battle.clearing", "clearing", (9,)), ("battle.defender", "defender", ("eyrie",)),
        ("parliament.minister", "done", ()),
    ])
    g = game(den(swayed=("captain", "marshal", "banker", "earl")), [("roll", (0, 0))], duchy=ctl)
    D.parliament(g, set())
    first, second = [d for d in script.asked if d.step == "parliament.minister"]
    assert [m.args for m in first.moves if m.kind == "minister"] == [("captain",), ("marshal",), ("banker",)]
    assert [m.args for m in second.moves if m.kind == "minister"] == [("marshal",), ("banker",)]
    assert any(e.kind == "minister" and e.rule == "LoR 12.5.2.2" for e in g.log)


def test_lor_12_5_2_1_foremole_builds_in_any_ruled_clearing_revealing_any_card() -> None:
    s = den(hand=("root_tea_mouse",), swayed=("foremole",))
    ctl, _ = seat([("parliament.minister", "minister", ("foremole",)), ("foremole.clearing", "clearing", (5,)), ("foremole.building", "building", ("citadel",)), ("foremole.card", "card", (ID("root_tea_mouse"),)), ("parliament.minister", "done", ())])
    g = game(s, duchy=ctl)
    D.parliament(g, set())
    assert ("duchy", "citadel") in s.clearings[5].buildings and s.factions["duchy"].board.revealed == [ID("root_tea_mouse")]


def test_lor_12_5_2_3_marshal_moves() -> None:
    ctl, _ = seat([("parliament.minister", "minister", ("marshal",)), ("move.from", "from", (5,)), ("move.to", "to", (1,)), ("move.count", "count", (2,)), ("parliament.minister", "done", ())])
    g = game(den(swayed=("marshal",)), duchy=ctl)
    D.parliament(g, set())
    assert g.state.clearings[1].warriors["duchy"] == 4


def test_lor_12_5_2_4_brigadier_two_moves() -> None:
    ctl, script = seat([
        ("parliament.minister", "minister", ("brigadier",)), ("brigadier.what", "move", ()),
        ("brigadier.move.from", "from", (5,)), ("brigadier.move.to", "to", (1,)), ("brigadier.move.count", "count", (2,)),
        ("brigadier.move.from", "from", (1,)), ("brigadier.move.to", "to", (9,)), ("brigadier.move.count", "count", (4,)),
        ("parliament.minister", "done", ()),
    ])
    g = game(den(swayed=("brigadier",)), duchy=ctl)
    D.parliament(g, set())
    assert kinds(script.moves_at("brigadier.what")) == ["move", "battle"]
    assert g.state.clearings[9].warriors["duchy"] == 5


def test_lor_12_5_2_5_banker_spends_cards_of_one_suit_for_as_many_vp() -> None:
    """Hand: fox, rabbit, bird. Suits offered: each (the bird matches any). Spending fox then the
    bird (as a fox) scores 2."""
    ctl, script = seat([
        ("parliament.minister", "minister", ("banker",)), ("banker.suit", "suit", ("fox",)),
        ("banker.card", "card", (ID("anvil"),)), ("banker.card", "card", (ID("armorers"),)),
        ("parliament.minister", "done", ()),
    ])
    g = game(den(swayed=("banker",)), duchy=ctl)
    D.parliament(g, set())
    assert [m.args for m in script.moves_at("banker.suit")] == [("fox",), ("rabbit",), ("mouse",)]
    s = g.state
    assert s.factions["duchy"].vp == 2 and s.factions["duchy"].hand == [ID("a_visit_to_friends")]


def test_lor_12_5_2_6_mayor_acts_as_a_swayed_noble_or_squire() -> None:
    """Swayed: Mayor, Captain, Earl. The Mayor may act as the Captain (not the Earl, a lord, nor
    himself); the Captain may still act in his own turn after."""
    ctl, script = seat([
        ("parliament.minister", "minister", ("mayor",)), ("mayor.minister", "minister", ("captain",)),
        ("battle.clearing", "clearing", (9,)), ("battle.defender", "defender", ("eyrie",)),
        ("parliament.minister", "done", ()),
    ])
    g = game(den(swayed=("mayor", "captain", "earl")), [("roll", (0, 0))], duchy=ctl)
    D.parliament(g, set())
    assert [m.args for m in script.moves_at("mayor.minister")] == [("captain",)]
    after = [d for d in script.asked if d.step == "parliament.minister"][1]
    assert [m.args for m in after.moves if m.kind == "minister"] == [("captain",)]


def test_lor_12_5_2_7_to_9_the_lords_score() -> None:
    """The Duchess scores 2 with all three tunnels out; the Baron one per market, the Earl one per
    citadel."""
    built = {
        5: {"warriors": {"duchy": 2}, "tokens": [["duchy", "tunnel"]], "buildings": [["duchy", "market"], ["duchy", "citadel"]]},
        10: {"warriors": {"duchy": 2}, "tokens": [["duchy", "tunnel"]], "buildings": [["duchy", "market"]]},
    }
    ctl, _ = seat([("parliament.minister", "minister", ("earl",)), ("parliament.minister", "minister", ("baron",)), ("parliament.minister", "minister", ("duchess",)), ("parliament.minister", "done", ())])
    g = game(den(swayed=("duchess", "baron", "earl"), clearings=built), duchy=ctl)
    D.parliament(g, set())
    assert g.state.factions["duchy"].vp == 1 + 2 + 2
    assert not D.can_act(den(swayed=("duchess",)), "duchess")  # one tunnel out


# -- Sway (LoR 12.5.3) -----------------------------------------------------------------------------
def test_lor_12_5_3_sway_reveals_cards_matching_distinct_clearings_and_scores() -> None:
    """:func:`den`: the Duchy has pieces in fox 1, rabbit 5 and 10, mouse 9: room for one fox, two
    rabbit, one mouse card. Hand: fox, rabbit, bird: all three fit (a squire or a noble: two or
    three cards), not a lord (four). Swaying the Brigadier (a noble) reveals all three and scores 2."""
    s = den()
    assert suit_room(s) == {"fox": 1, "rabbit": 2, "mouse": 1}
    assert most_revealable(s, s.factions["duchy"].hand, suit_room(s)) == 3
    assert swayable(s) == ["captain", "marshal", "foremole", "brigadier", "banker", "mayor"]
    ctl, _ = seat([("sway.minister", "minister", ("brigadier",)), ("sway.card", "card", (ID("anvil"),)), ("sway.card", "card", (ID("armorers"),)), ("sway.card", "card", (ID("a_visit_to_friends"),))])
    g = game(s, duchy=ctl)
    D.sway(g)
    fs = s.factions["duchy"]
    assert fs.board.swayed == ["brigadier"] and fs.vp == 2 and fs.supply["crown"] == 8
    assert sorted(fs.board.revealed) == sorted([ID("anvil"), ID("armorers"), ID("a_visit_to_friends")]) and fs.hand == []
    assert crowns_left(s, "noble") == 2
    invariants.check(s)


def test_lor_12_5_3_2_each_clearing_lets_one_matching_card() -> None:
    """Two fox cards but one fox clearing with a Duchy piece: once one fox card is chosen, the
    other fox card may not join it (perft: after the fox card, only the rabbit and the bird)."""
    s = den(hand=("anvil", "foxfolk_steel", "a_visit_to_friends", "armorers"))
    first = revealable_next(s, [])
    assert sorted(first) == sorted(ID(n) for n in ("anvil", "foxfolk_steel", "a_visit_to_friends", "armorers"))
    assert sorted(revealable_next(s, [ID("anvil")])) == sorted([ID("a_visit_to_friends"), ID("armorers")])


def test_lor_12_5_3_1_no_crown_of_the_rank_left_no_sway() -> None:
    s = den(board={"lost_crowns": ["squire", "squire"]}, swayed=("captain",))
    assert crowns_left(s, "squire") == 0
    assert [m for m in swayable(s) if m in ("marshal", "foremole")] == []


# -- Price of Failure (LoR 12.2.3) -------------------------------------------------------------------------
def test_lor_12_2_3_price_of_failure_once_per_removal_effect() -> None:
    """Two Duchy buildings removed by one effect: the swayed minister of highest rank (the lord)
    returns, its crown leaves the game, and one random card is discarded, once."""
    built = {5: {"warriors": {"duchy": 2}, "buildings": [["duchy", "market"], ["duchy", "citadel"]]}}
    s = den(swayed=("captain", "brigadier", "earl"), clearings=built)
    g = game(s, [("pick", ID("anvil"))], duchy=seat([])[0])
    with one_removal(g):
        remove_piece(g, "duchy", 5, "market", "LoR 4.3", by="eyrie")
        remove_piece(g, "duchy", 5, "citadel", "LoR 4.3", by="eyrie")
    fs = s.factions["duchy"]
    assert fs.board.swayed == ["captain", "brigadier"] and fs.board.lost_crowns == ["lord"]
    assert ID("anvil") in s.discard and len(fs.hand) == 2
    assert [e.kind for e in g.log].count("price_of_failure") == 1
    assert crowns_left(s, "lord") == 2
    invariants.check(s)
    data = serial.to_json(s)
    assert data["factions"]["duchy"]["duchy"]["lost_crowns"] == ["lord"]
    assert serial.to_json(serial.from_json(data)) == data


def test_lor_12_2_3_the_duchy_chooses_among_ministers_of_highest_rank() -> None:
    built = {5: {"warriors": {"duchy": 2}, "buildings": [["duchy", "citadel"]]}}
    ctl, script = seat([("price_of_failure.minister", "minister", ("banker",))])
    s = den(swayed=("captain", "brigadier", "banker"), clearings=built)
    g = game(s, [("pick", ID("anvil"))], duchy=ctl)
    remove_piece(g, "duchy", 5, "citadel", "LoR 4.3", by="eyrie")
    assert [m.args for m in script.moves_at("price_of_failure.minister")] == [("brigadier",), ("banker",)]
    assert s.factions["duchy"].board.swayed == ["captain", "brigadier"]


def test_lor_12_2_3_not_for_a_tunnel_nor_at_the_table() -> None:
    """A tunnel is a token, no building; a Duchy seat at the table (no legal-move controller)
    records its own Price of Failure (ruling R-LOR-DUCHY-FAILURE)."""
    s = den(swayed=("captain",))
    g = game(s, duchy=seat([])[0])
    remove_piece(g, "duchy", 1, "tunnel", "LoR 4.3", by="eyrie")
    assert s.factions["duchy"].board.swayed == ["captain"]
    built = {5: {"warriors": {"duchy": 2}, "buildings": [["duchy", "citadel"]]}}
    s = den(swayed=("captain",), clearings=built)
    g = game(s)
    remove_piece(g, "duchy", 5, "citadel", "LoR 4.3", by="eyrie")
    assert s.factions["duchy"].board.swayed == ["captain"]


# -- Evening (LoR 12.6) -------------------------------------------------------------------------------
def test_lor_12_6_evening_returns_revealed_cards_crafts_and_draws() -> None:
    """Revealed: the bird card (discarded) and the rabbit card (back in hand). A market in rabbit 5
    crafts A Visit to Friends (boots, 1 VP). Then one card plus one per market is drawn."""
    built = {5: {"warriors": {"duchy": 2}, "buildings": [["duchy", "market"]]}}
    s = den(hand=("anvil",), clearings=built, board={"revealed": ["armorers", "a_visit_to_friends"]})
    ctl, _ = seat([("evening.craft", "craft", (ID("a_visit_to_friends"),))])
    g = game(s, [("draw", "sappers"), ("draw", "cobbler")], duchy=ctl)
    D.evening(g)
    fs = s.factions["duchy"]
    assert ID("armorers") in s.discard and fs.board.revealed == []
    assert fs.items == ["boots"] and fs.vp == 1
    assert sorted(fs.hand) == sorted([ID("anvil"), ID("sappers"), ID("cobbler")])
    invariants.check(s)


def test_lor_12_6_3_discard_down_to_five() -> None:
    s = den(hand=("anvil", "foxfolk_steel", "a_visit_to_friends", "armorers", "sappers"))
    g = game(s, [("draw", "cobbler")], duchy=seat([], then=lambda d: d.moves[0])[0])
    D.evening(g)
    assert len(s.factions["duchy"].hand) == 5


# -- whole turns and games ---------------------------------------------------------------------------
def test_a_saved_position_mid_turn_keeps_the_revealed_cards() -> None:
    s = den(hand=("anvil",), board={"revealed": ["armorers"]})
    data = serial.to_json(s)
    assert data["factions"]["duchy"]["duchy"]["revealed"] == ["armorers"]
    assert serial.to_json(serial.from_json(data)) == data
    assert SeatView(s, "eyrie").public_cards("duchy") == {"revealed": (ID("armorers"),)}


@pytest.mark.parametrize("seed", range(16))
def test_random_duchy_seat_plays_whole_games(seed: int) -> None:
    maps = ("fall", "winter", "lake", "mountain")
    lineups = (
        [Seat("duchy", "human"), Seat("eyrie"), Seat("alliance"), Seat("vagabot")],
        [Seat("duchy", "human"), Seat("riverfolk"), Seat("corvids"), Seat("lizards")],
        [Seat("duchy", "human"), Seat("marquise", "human"), Seat("eyrie", "human"), Seat("corvids")],
        [Seat("duchy", "human"), Seat("marquise"), Seat("alliance", "human"), Seat("riverfolk")],
    )
    seats = lineups[seed % 4]
    controllers = {x.faction: ProgramController(builtin("random" if seed // 4 % 2 else "greedy", seed, x.faction)) for x in seats if x.seat == "human"}
    g = new_game(GameConfig(seats, maps[(seed // 4) % 4], seed), controllers=controllers)

    def public_fields(e: Event) -> None:
        if e.faction == "duchy":  # every value of its events has a public field (stream.FIELDS)
            for key in e.data:
                stream.field_for(e.kind, e.rule, key)

    check_every_event(g, ("sway", "price_of_failure"))
    g.log.listeners.append(public_fields)
    play(g)
    assert g.state.winner
    assert any(e.faction == "duchy" and e.rule.startswith("LoR 12.5") for e in g.log)


def test_a_human_duchy_at_the_table_plays_by_legal_moves_and_exports_to_rootlog(tmp_path) -> None:
    """Law mode at the table (the default once the Duchy's law is built): the companion asks the
    corner, then the Assembly, names the Burrow as a place to move from, and the session exports
    to Rootlog with the Burrow as clearing 0."""
    from rootbotics.table.session import Session, TableConfig, TableSeat
    from rootbotics.table.session_export import export_session
    from rootbotics.table.terminal import handle

    seats = [TableSeat("eyrie", "bot"), TableSeat("duchy", "human", "Bob", rules="law"), TableSeat("alliance", "bot")]
    session = Session(TableConfig(seats, "fall", None, 3), tmp_path / "g.json")
    handle(session, "ok all")
    assert session.play.pending is not None and session.play.pending.decision.step == "setup.corner"
    for line in ["1", "ok all", "ok all", "recruit", "move", "from the burrow"]:
        handle(session, line)
    q = session.play.pending
    assert q is not None and q.decision.step == "move.to"
    for line in ["1", "1", "done", "done", "done"]:
        handle(session, line)
    s = session.play.g.state
    assert s.factions["duchy"].board.burrow == 1 and s.factions["duchy"].vp >= 0
    text = export_session(session)
    assert "w->0" in text and "w0->" in text


def test_lor_12_2_3_a_bot_battling_the_program_duchy_sets_off_price_of_failure_once() -> None:
    """The Eyrie bot battles the Duchy's market and citadel in 5 (no Duchy warriors there): both go
    in one battle, the Eyrie scores for each, the Duchy pays once (the Marshal, its only swayed
    minister, and a random card)."""
    from rootbotics.core.battle import battle

    built = {5: {"warriors": {"eyrie": 3}, "buildings": [["duchy", "market"], ["duchy", "citadel"]]}}
    ctl, script = seat([("hits.piece", "piece", ("market",))])
    s = den(swayed=("marshal",), clearings=built)
    g = game(s, [("roll", (2, 0)), ("pick", ID("armorers"))], duchy=ctl)
    checked(g)
    battle(g, "eyrie", "duchy", 5, "test")
    fs = s.factions["duchy"]
    assert s.clearings[5].buildings == [] and s.factions["eyrie"].vp == 2
    assert fs.board.swayed == [] and fs.board.lost_crowns == ["squire"] and ID("armorers") in s.discard
    assert [e.kind for e in g.log].count("price_of_failure") == 1
    assert not script.answers  # the Duchy ordered its hits (LoR 4.3.6)
