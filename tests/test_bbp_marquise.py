"""The Better Bot Project v5's Mechanical Marquise 2.0 (``marquise@bbp``, factions/marquise/bbp.py)
and the rule-set mechanism that seats it. Rule ids are docs/bbp-coverage.md's ("BBP MM.5")."""

from __future__ import annotations

import json

import pytest
from helpers import game, position, set_order
from test_examples import POSITIONS, lines_of, load_game

from rootbotics import record
from rootbotics.core import invariants, serial
from rootbotics.core.battle import take_hits
from rootbotics.core.chance import ScriptedChance
from rootbotics.core.events import Event
from rootbotics.core.fields import StateError
from rootbotics.core.maps import MAP_NAMES
from rootbotics.factions import REGISTRY, bot_for
from rootbotics.factions.marquise.bbp import BetterMarquise
from rootbotics.factions.marquise.bot import MechanicalMarquise
from rootbotics.game import ConfigError, GameConfig, Seat, bot_of, new_game, play, play_turn

BBP = {"rule_set": "bbp"}


def bbp_position(clearings: dict, **kw) -> serial.GameState:
    return position(clearings, marquise=dict(BBP), **kw)


def placed(g, rule: str) -> list[tuple[int, int]]:
    return [(e.data["c"], e.data["n"]) for e in g.log if e.rule == rule and e.kind == "place_warriors"]


# -- the example turn (BBP MM.3-9) -------------------------------------------------------------------
def test_bbp_mm_example_turn() -> None:
    """'Playing against the Mechanical Marquise 2.0', Example Turn, on a board of ours (the text
    has no board for it, ruling R-BBP-MM-EXAMPLE): a fox Root Tea order."""
    g = load_game("bbp_marquise_example_turn.json", [("draw", "root_tea_fox"), ("roll", (1, 1))])
    s = g.state
    assert isinstance(bot_of(s, "marquise"), BetterMarquise)
    play_turn(g)
    mq = s.factions["marquise"]
    # MM.3, MM.13: Root Tea is gained for 1 VP, not the card's 2; the card stays until Evening.
    assert mq.items == ["tea"]
    assert any("always 1; the card lists 2" in t for t in lines_of(g, "BBP MM.13"))
    # MM.4: battle in the fox clearings: only 8 has an enemy; the Eyrie defends (most pieces).
    battles = g.log.of_kind("battle")
    assert [(e.data["c"], e.data["defender"]) for e in battles] == [(8, "eyrie")]
    # MM.5: it rules fox clearings 1, 6 and 8: one each, the fourth to 8 (most enemy pieces: the roost).
    assert sorted(placed(g, "BBP MM.5")) == [(1, 1), (6, 1), (8, 2)]
    # MM.6, MM.15: the sawmill goes to 5, the clearing with most of its warriors, not a fox clearing.
    build = [e for e in g.log if e.rule == "BBP MM.6" and e.kind == "place_building"]
    assert [(e.data["kind"], e.data["c"]) for e in build] == [("sawmill", 5)]
    # MM.7: warriors in excess of three leave 6 (to 3, most enemy pieces) and 8 (to 4: a tie, priority).
    moves = [(e.data["a"], e.data["b"], e.data["n"]) for e in g.log.of_kind("move")]
    assert moves == [(6, 3, 2), (8, 4, 1)]
    assert "chose 4 by highest priority (BBP 4.1)" in g.log.of_kind("move")[1].text
    # MM.8: it built, so no Escalate. MM.9: two sawmills on the map, 2 VP; the order is discarded.
    assert not g.log.of_kind("escalate")
    assert any("2 VP for 2 sawmills on the map (fox order)" in t for t in lines_of(g, "BBP MM.9"))
    assert mq.vp == 3 and mq.order is None
    invariants.check(s)


# -- each step -----------------------------------------------------------------------------------
def test_bbp_mm5_recruit_short_scores_one_vp_per_two() -> None:
    """MM.5: ruling no fox clearing, none of the four warriors is recruited: 2 VP."""
    s = bbp_position({1: {"tokens": [["marquise", "keep"]], "warriors": {"eyrie": 1}}, 5: {"warriors": {"marquise": 2}}})
    g = game(s)
    set_order(g, "marquise", "root_tea_fox")
    from rootbotics.factions.marquise.bbp import recruit

    recruit(g, "fox")
    assert s.factions["marquise"].vp == 2
    assert any("4 warriors it could not recruit" in t for t in lines_of(g, "BBP MM.5"))


def test_bbp_mm5_recruit_one_clearing_gets_all_four() -> None:
    s = bbp_position({6: {"warriors": {"marquise": 1}}})
    g = game(s)
    from rootbotics.factions.marquise.bbp import recruit

    recruit(g, "fox")
    assert placed(g, "BBP MM.5") == [(6, 4)]


def test_bbp_mm8_escalate_replaces_the_order_and_repeats_daylight_once() -> None:
    """MM.8, MM.14: no sawmill could be placed (no free slot where it rules) and fewer than 4 on
    the map: a new order card, a second Daylight, and the Evening scores the new order; at most
    one Escalate a turn (R-BBP-MM-ESCALATE)."""
    s = bbp_position({1: {"warriors": {"marquise": 1}, "buildings": [["marquise", "sawmill"]], "tokens": [["marquise", "keep"]]}})
    g = game(s, [("draw", "root_tea_fox"), ("draw", "bake_sale")])
    play_turn(g)
    esc = g.log.of_kind("escalate")
    assert len(esc) == 1 and esc[0].rule == "BBP MM.8"
    orders = [e.data["card_id"] for e in g.log.of_kind("order")]
    assert orders == ["root_tea_fox", "bake_sale"]
    assert s.deckdef.by_name["root_tea_fox"] in s.discard and s.deckdef.by_name["bake_sale"] in s.discard
    bake = s.deckdef.card(s.deckdef.by_name["bake_sale"]).suit
    assert any(f"({bake} order)" in t for t in lines_of(g, "BBP MM.9"))


def test_bbp_mm14_no_escalate_with_four_matching_buildings() -> None:
    full = {c: {"warriors": {"marquise": 1}, "buildings": [["marquise", "sawmill"]]} for c in (3, 4)}
    full[1] = {"warriors": {"marquise": 1}, "buildings": [["marquise", "sawmill"]], "tokens": [["marquise", "keep"]]}
    full[2] = {"warriors": {"marquise": 1}, "buildings": [["marquise", "sawmill"], ["marquise", "workshop"]]}
    s = bbp_position(full)
    g = game(s, [("draw", "root_tea_fox")])
    play_turn(g)
    assert not g.log.of_kind("escalate")
    assert s.factions["marquise"].vp == 1 + 4  # the craft, four sawmills


def test_bbp_mm10_to_12_bird_order() -> None:
    """MM.10 battle in every clearing; MM.11 two warriors in each of the two lowest-priority
    clearings it rules; MM.12 move as usual, then battle where it moved."""
    s = bbp_position({
        1: {"warriors": {"marquise": 1}, "tokens": [["marquise", "keep"]]},
        2: {"warriors": {"marquise": 3, "eyrie": 1}},
        5: {"warriors": {"marquise": 6}},
        9: {"warriors": {"marquise": 1}},
        10: {"warriors": {"eyrie": 1}},
    })
    g = game(s, [("draw", "arms_trader"), ("roll", (0, 0)), ("roll", (0, 0)), ("roll", (0, 0))])
    play_turn(g)
    battles = [(e.rule, e.data["c"]) for e in g.log.of_kind("battle")]
    assert battles[0] == ("BBP MM.10", 2)
    assert placed(g, "BBP MM.11") == [(9, 2), (5, 2)]
    moves = [(e.data["a"], e.data["b"]) for e in g.log.of_kind("move")]
    assert (5, 2) in moves and all(e.rule == "BBP MM.12" for e in g.log.of_kind("move"))
    assert ("BBP MM.12", 2) in battles
    invariants.check(s)


def test_bbp_4_3_hits_pick_one_building_at_random() -> None:
    """BBP 4.3: warriors, then tokens, then a building picked at random among the pieces."""
    s = bbp_position({5: {"warriors": {"marquise": 1}, "buildings": [["marquise", "sawmill"], ["marquise", "sawmill"]]}, 1: {"tokens": [["marquise", "keep"]]}})
    g = game(s)
    g.chance = ScriptedChance([("pick", "sawmill")])
    take_hits(g, "marquise", 5, 2, "eyrie")
    assert s.warriors("marquise", 5) == 0 and s.clearings[5].buildings == [("marquise", "sawmill")]


# -- the mechanism ---------------------------------------------------------------------------------
def test_rule_set_bots_come_from_the_faction() -> None:
    assert REGISTRY["marquise"].rule_sets == ("law", "bbp")
    assert isinstance(bot_for("marquise"), MechanicalMarquise)
    assert isinstance(bot_for("marquise", "bbp"), BetterMarquise)
    with pytest.raises(KeyError):
        bot_for("duchy", "bbp")  # the text has no Duchy: no bot


@pytest.mark.parametrize(
    ("seat", "message"),
    [
        (Seat("duchy", rule_set="bbp"), "seats.1.rule_set: the Drillbit Duchy has no bot of rule set 'bbp' (its rule sets: law)"),
        (Seat("eyrie", rule_set="fan"), "seats.1.rule_set: 'fan' is not a rule set"),
        (Seat("eyrie", difficulty="easy", rule_set="law"), None),
    ],
)
def test_a_seat_names_its_rule_set(seat: Seat, message: str | None) -> None:
    config = GameConfig([Seat("marquise", rule_set="bbp"), seat])
    if message is None:
        config.validate()
        return
    with pytest.raises(ConfigError) as e:
        config.validate()
    assert str(e.value).startswith(message) and "\n" not in str(e.value)


@pytest.mark.parametrize(
    ("seat", "field"),
    [
        (Seat("eyrie", difficulty="easy", rule_set="bbp"), "seats.0.difficulty: the bbp rule set of the Electric Eyrie has no easy difficulty"),
        (Seat("eyrie", traits=("blitz",), rule_set="bbp"), "seats.0.traits.0: 'blitz' is not a trait"),
        (Seat("marquise", traits=("overwhelming",), rule_set="bbp"), "seats.0.traits.0: 'overwhelming' is not a trait of the Mechanical Marquise 2.0"),
    ],
)
def test_bbp_cards_missing_from_the_text_are_refused(seat: Seat, field: str) -> None:
    """Ruling R-BBP-CARDS: the difficulty and trait cards' text is not in the text; only the
    Marquise's are built, from a transcription (R-BBP-MM-DIFFICULTY, R-BBP-MM-TRAITS), and the
    Law's fifth Marquise trait is not one of them."""
    with pytest.raises(ConfigError, match=field):
        GameConfig([seat, Seat("eyrie")]).validate()


def test_saved_positions_carry_the_rule_set() -> None:
    g = new_game(GameConfig([Seat("marquise", rule_set="bbp"), Seat("eyrie")], seed=3))
    play(g, turns=4)
    data = serial.to_json(g.state)
    assert data["factions"]["marquise"]["rule_set"] == "bbp"
    assert "rule_set" not in data["factions"]["eyrie"]  # the Law: left out, as in older files
    again = serial.loads(serial.dumps(g.state))
    assert again.factions["marquise"].rule_set == "bbp" and again.factions["eyrie"].rule_set == "law"
    assert again.clone().factions["marquise"].rule_set == "bbp"


def test_old_positions_load_as_the_law() -> None:
    state = serial.load(POSITIONS / "marquise_example_turn.json")
    assert state.factions["marquise"].rule_set == "law"


@pytest.mark.parametrize(
    ("value", "message"),
    [("fan", "factions.duchy.rule_set: 'fan' is not a rule set"), ("bbp", "factions.duchy.rule_set: the Drillbit Duchy has no bot of rule set 'bbp'"), (3, "factions.duchy.rule_set: expected a string")],
)
def test_bad_rule_set_in_a_position_names_the_field(value: object, message: str) -> None:
    data = json.loads((POSITIONS / "duchy_example_turn.json").read_text())
    data["factions"]["duchy"]["rule_set"] = value
    with pytest.raises(StateError) as e:
        serial.from_json(data)
    assert str(e.value).startswith(message)


def test_game_records_carry_the_rule_set() -> None:
    config = GameConfig([Seat("eyrie"), Seat("marquise", rule_set="bbp")], seed=5)
    data = record.config_to_json(config)
    assert data["seats"][1]["rule_set"] == "bbp" and "rule_set" not in data["seats"][0]
    back = record.config_from_json(data)
    assert [s.rule_set for s in back.seats] == ["law", "bbp"]


# -- random games: every invariant after every event (BBP with official bots, all maps) -------------
def checked(config: GameConfig) -> None:
    g = new_game(config)
    live: list[str] = []

    def after(event: Event) -> None:
        live.append(event.text)
        invariants.check(g.state)

    g.log.listeners.append(after)
    play(g)
    s = g.state
    assert s.winner is not None and s.phase == "over"
    assert [e.text for e in g.log][-len(live):] == live
    assert all(e.rule for e in g.log)


LINEUPS = (("eyrie",), ("alliance", "vagabot"), ("lizards", "riverfolk", "duchy"), ("corvids", "eyrie"))


@pytest.mark.parametrize("seed", range(16))
def test_bbp_games_keep_every_invariant(seed: int) -> None:
    others = LINEUPS[seed % len(LINEUPS)]
    seats = [Seat("marquise", rule_set="bbp"), *(Seat(f, rule_set="bbp" if (f == "riverfolk" and seed // 4 % 2 == 0 or f == "lizards" and seed // 4 % 2 == 1) else "law") for f in others)]  # the Otter Overlords and the Clockwork Cult in half
    if seed % 3 == 1:
        seats.reverse()
    checked(GameConfig(seats, MAP_NAMES[seed % len(MAP_NAMES)], seed))


def test_soak_seats_bbp_bots_and_their_games_pass() -> None:
    """The soak draws each seat's rule set; its BBP games keep every invariant after every event."""
    from rootbotics import soak as S

    bbp = [i for i in range(80) if any(s.rule_set == "bbp" for s in S.soak_config(5, i).seats)]
    law = [i for i in range(80) if any(s.faction == "marquise" and s.rule_set == "law" for s in S.soak_config(5, i).seats)]
    assert bbp and law
    for i in bbp[:6]:
        config = S.soak_config(5, i)
        for s in config.seats:  # the Marquise's cards are built (R-BBP-MM-DIFFICULTY, R-BBP-MM-TRAITS); the others' not
            if s.rule_set == "bbp":
                rules = REGISTRY[s.faction]
                assert s.difficulty in rules.rule_set_difficulties("bbp") and set(s.traits) <= set(rules.rule_set_traits("bbp"))
                assert s.faction == "marquise" or (s.difficulty == "default" and not s.traits)
        assert S.run_one(5, i, None).ok


def test_bbp_mm_setup() -> None:
    """Ruling R-BBP-MM-SETUP: its board's setup as transcribed (BBP 2.1): a warrior in every
    clearing but the opposite corner, one more by the keep, 12 in all; three buildings next to
    the keep, one per clearing (tests/test_bbp_marquise_cards.py has every map)."""
    for seed in range(6):
        g = new_game(GameConfig([Seat("marquise", rule_set="bbp"), Seat("eyrie")], seed=seed))
        s = g.state
        keep = s.start_corners["marquise"]
        opposite = s.map.opposite_corner[keep]
        assert keep in s.map.corners and ("marquise", "keep") in s.clearings[keep].tokens
        setup = [e for e in g.log if e.faction == "marquise" and e.kind == "place_warriors"]
        assert sorted(e.data["c"] for e in setup) == [c for c in range(1, 13) if c != opposite]
        assert all(e.data["n"] == (2 if e.data["c"] == keep else 1) and e.rule == "BBP 2.1" for e in setup)
        assert s.on_map("marquise", "warrior") == 12
        where = [c for c in range(1, 13) for f, _ in s.clearings[c].buildings if f == "marquise"]
        assert len(where) == 3 == len(set(where)) and set(where) <= set(s.map.adjacent[keep])


def test_bbp_mm4_defender_ties() -> None:
    """MM.4: most pieces, then the higher score, then setup order (BBP 4.2)."""
    from rootbotics.factions.marquise.bbp import choose_defender

    clearing = {6: {"warriors": {"marquise": 3, "eyrie": 2}, "tokens": [["alliance", "sympathy"]], "buildings": [["alliance", "base_fox"]]}}
    seats = ("marquise", "eyrie", "alliance")
    s = position(clearing, seats=seats, marquise=dict(BBP))
    assert choose_defender(s, 6, "BBP MM.4").target == "eyrie"  # tied on pieces and score: B before C
    s = position(clearing, seats=seats, marquise=dict(BBP), alliance={"vp": 3})
    choice = choose_defender(s, 6, "BBP MM.4")
    assert choice.target == "alliance" and "higher score" in choice.explain()


def test_bbp_cooperative_bots_ignore_each_other() -> None:
    """BBP 1.2: bots as team do not battle each other nor count each other's pieces."""
    from rootbotics.factions.marquise.bbp import battle_ordered

    clearing = {6: {"warriors": {"marquise": 3, "eyrie": 2}}, 8: {"warriors": {"marquise": 2, "alliance": 1}}}
    s = position(clearing, seats=("marquise", "eyrie", "alliance"), humans=("alliance",), options={"cooperative": True}, marquise=dict(BBP))
    g = game(s, [("roll", (0, 0))])
    battle_ordered(g, "fox")
    assert [(e.data["c"], e.data["defender"]) for e in g.log.of_kind("battle")] == [(8, "alliance")]
    assert s.enemy_pieces("marquise", 6) == 0


def test_bbp_coverage_table_is_true() -> None:
    """docs/bbp-coverage.md: every paragraph id once; named code, tests and rulings exist."""
    import importlib
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    rulings = (root / "docs" / "rulings.md").read_text()
    tests_dir = Path(__file__).parent
    ids = []
    for line in (root / "docs" / "bbp-coverage.md").read_text().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 5 or not re.match(r"^(BBP \d|[A-Z]{2}\.\d)", cells[0]):
            continue
        pid, _, code, tests, ruling = cells
        ids.append(pid)
        if ":" in code and not code.startswith("—"):
            module, _, attr = code.partition(":")
            obj = importlib.import_module(f"rootbotics.{module}")
            for part in attr.split("."):
                obj = getattr(obj, part)
        for t in filter(None, (x.strip() for x in tests.split(","))):
            file, _, name = t.partition("::")
            assert f"def {name}(" in (tests_dir / file).read_text(), t
        for r in filter(None, (x.strip() for x in ruling.split(","))):
            assert f'id="{r}"' in rulings, r
    assert len(ids) == len(set(ids))
    mm = [i for i in ids if i.startswith("MM.")]
    assert mm == [f"MM.{n}" for n in range(1, 17)]
    assert all(f"BBP {n}" in ids for n in ("1.1", "1.2", "1.3", "2.1", "2.2", "2.3", "3.1", "3.2", "3.3", "3.4", "4.1", "4.2", "4.3"))
