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
