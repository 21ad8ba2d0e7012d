"""Fidelity fixes to the Better Bot Project v5 bots (issue 29, part 4): the text's own setup
order (BBP 4.2), the bots' own names, the Otters' removed trade posts, the Cult's recruit
(BBP CC.4, 4.1) and the Electric Eyrie's Decree columns. Rule ids are docs/bbp-coverage.md's."""

from __future__ import annotations

from helpers import game, position
from test_examples import lines_of

from rootbotics.core import rules as R
from rootbotics.factions.lizards import bbp as cult

VAGABONDS = ("lizards", "vagabot", "vagabond2", "riverfolk")


def vagabonds_position(first: str):
    return position(
        {}, seats=VAGABONDS, humans=("vagabot", "vagabond2"),
        options={"first_vagabond": first}, lizards={"rule_set": "bbp"}, riverfolk={"rule_set": "bbp"},
    )


# -- BBP 4.2: the text's setup order, A to G -------------------------------------------------------
def test_bbp_4_2_the_second_vagabond_is_e_whatever_the_law_s_draw() -> None:
    """BBP 4.2: Vagabond D, Vagabond #2 E, Cult F, Otters G. The Law draws which Vagabond sets
    up first (LoR 9.7.1) and its bots follow the draw; a BBP bot follows the printed letters
    (ruling R-BBP-LETTERS)."""
    from rootbotics.core.targeting import choose_player

    for first in ("vagabond2", "vagabot"):
        s = vagabonds_position(first)
        choice = cult.bbp_player(s, "a tie", ["riverfolk", "vagabond2", "vagabot"], [])
        assert choice.target == "vagabot", first
        assert choice.ranked == ["vagabot", "vagabond2", "riverfolk"]
        assert choice.decided_by() == "setup order (BBP 4.2)"
        assert cult.bbp_player(s, "a tie", ["riverfolk", "vagabond2"], []).target == "vagabond2"
    # the Law's bots keep the draw (LoR 9.7.1, ruling R-TWO-VAGABONDS)
    assert choose_player(vagabonds_position("vagabond2"), "a tie", ["vagabot", "vagabond2"]).target == "vagabond2"


def test_bbp_4_2_letters_a_to_g() -> None:
    from rootbotics.core.setup_order import BBP_SETUP_LETTER, SETUP_LETTER

    assert [BBP_SETUP_LETTER[f] for f in ("marquise", "eyrie", "alliance", "vagabot", "vagabond2", "lizards", "riverfolk")] == list("ABCDEFG")
    assert SETUP_LETTER["vagabond2"] == "D"  # the Law's letter is unchanged


# -- the BBP bots by their own names ---------------------------------------------------------------
def test_bbp_cc_the_seat_is_named_clockwork_cult_everywhere() -> None:
    """The Better Bot Project's Lizard bot is the Clockwork Cult, not the Law's Logical Lizards:
    when it sits, on the score track, on its board line and in the table's steps."""
    from rootbotics.core.faction import faction_title
    from rootbotics.game import GameConfig, Seat, new_game
    from rootbotics.table.steps import seat_names
    from rootbotics.web.views import seat_views, vp_track

    assert faction_title("lizards", "bot", "bbp") == "Clockwork Cult" and faction_title("lizards", "bot") == "Logical Lizards"
    g = new_game(GameConfig([Seat("lizards", rule_set="bbp"), Seat("marquise", rule_set="bbp"), Seat("riverfolk", rule_set="bbp")], seed=1))
    sat = [e.text for e in g.log if e.kind == "setup" and "sits as" in e.text]
    assert any("sits as the Clockwork Cult (bot)" in t for t in sat) and any("sits as the Otter Overlords (bot)" in t for t in sat)
    assert not any("Logical Lizards" in e.text or "Riverfolk Robots" in e.text for e in g.log)
    names = {row["faction"]: row["name"] for row in vp_track(g.state, {})}
    assert names["lizards"] == "Clockwork Cult" and names["riverfolk"] == "Otter Overlords"
    assert {v.faction: v.name for v in seat_views(g.state, {})}["lizards"] == "Clockwork Cult"
    assert seat_names({}, {"lizards": "bbp", "riverfolk": "bbp"})["lizards"] == "the Clockwork Cult"
    assert seat_names({}, {"riverfolk": "bbp"})["riverfolk"] == "the Otter Overlords"
    assert seat_names({})["lizards"] == "the Logical Lizards"


def test_bbp_oo9_a_bot_s_purchase_is_from_the_otter_overlords_market() -> None:
    """A bot that bought its order card from the Otters reveals it as bought from the Otter
    Overlords' market, not the Law's Riverfolk's Market."""
    from test_bbp_riverfolk import otter_position

    from rootbotics.game import play_turn

    g = game(otter_position({3: {"tokens": [["marquise", "keep"]], "warriors": {"marquise": 1}}}, market=["cobbler", "codebreakers", "bake_sale", "root_tea_fox"], turn=1))
    play_turn(g)
    revealed = [e.text for e in g.log if e.faction == "marquise" and e.kind == "order"]
    assert any("bought from the Otter Overlords' market" in t for t in revealed), revealed
    assert not any("Riverfolk's Market" in e.text for e in g.log)


# -- BBP CC.4 and 4.1: the Cult's recruit -----------------------------------------------------------
def test_bbp_cc4_a_free_slot_then_priority_enemy_buildings_only_when_none_is_free() -> None:
    """CC.4: the clearing should have a free building slot; most enemy buildings decide only when
    no clearing has one; among free clearings the default tie-break, priority (BBP 4.1), decides
    (ruling R-BBP-CC-RECRUIT). Fox clearings of Fall: 1, 6, 8, 12."""
    # every fox clearing has a free slot, 8 holds an enemy building: priority takes 1.
    s = position({8: {"buildings": [["marquise", "sawmill"]]}}, seats=("lizards", "marquise"), lizards={"rule_set": "bbp"})
    g = game(s)
    assert cult.recruit(g, "fox") == 1
    assert "chose 1 by highest priority (BBP 4.1)" in g.log.of_kind("place_warriors")[-1].why()
    # no free slot in any fox clearing: most enemy buildings (8, with two), then priority.
    full = {1: ["sawmill"], 6: ["sawmill"], 8: ["sawmill", "workshop"], 12: ["workshop"]}
    s = position({c: {"buildings": [["marquise", k] for k in ks]} for c, ks in full.items()}, seats=("lizards", "marquise"), lizards={"rule_set": "bbp"})
    assert not any(s.free_slots(c) for c in full)
    g = game(s)
    assert cult.recruit(g, "fox") == 8
    assert "most enemy buildings" in g.log.of_kind("place_warriors")[-1].why()


# -- BBP EE.3-5: the Decree's columns, left to right -----------------------------------------------
def test_bbp_ee_decree_columns_fox_before_bird() -> None:
    """The text resolves the fox column before the bird column; mouse and rabbit between them,
    mouse first (ruling R-BBP-EE-COLUMNS, which names what is ours)."""
    from pathlib import Path

    from rootbotics.factions.eyrie import bbp as eyrie

    cols = eyrie.BBP_DECREE_COLUMNS
    assert cols.index("fox") < cols.index("bird") and cols == ("fox", "mouse", "rabbit", "bird")
    rulings = (Path(__file__).parents[1] / "docs" / "rulings.md").read_text()
    assert 'id="R-BBP-EE-COLUMNS"' in rulings and "fox column before the bird column" in rulings
