"""Ruling R-NO-ORDER-CARD: a bot that must reveal an order card when the deck and the discard
pile are both empty (every card held, crafted or set aside: found by the program soak with five
seats holding cards) has no orders that turn: it skips the rest of its Birdsong and its Daylight,
and in Evening takes only the steps that need no order."""

from __future__ import annotations

import pytest

from rootbotics.core import invariants
from rootbotics.core import rules as R
from rootbotics.game import GameConfig, Seat, new_game, play_turn

# (faction, rule set, the rule of its order reveal)
ORDER_BOTS = [
    ("marquise", "law", "4.4.1"),
    ("eyrie", "law", "5.4.1"),
    ("alliance", "law", "6.4.1"),
    ("vagabot", "law", "7.4.1"),
    ("duchy", "law", "10.4.1"),
    ("corvids", "law", "11.4.1"),
    ("marquise", "bbp", "BBP MM.3"),
    ("eyrie", "bbp", "BBP EE.2"),
    ("alliance", "bbp", "BBP AA.2"),
    ("vagabot", "bbp", "BBP RR.3"),
]


def emptied_deck_game(faction: str, rule_set: str):
    """A fresh game with the bot to play and no card in the deck nor the discard pile (the
    cards set aside as removed, so that the 54 are still all somewhere)."""
    other = "eyrie" if faction != "eyrie" else "marquise"
    options = {"raccoon_paths": "stand-in"} if (faction, rule_set) == ("vagabot", "bbp") else {}
    g = new_game(GameConfig([Seat(faction, rule_set=rule_set), Seat(other, "human")], "fall", 7, options=options))
    s = g.state
    s.removed_cards.extend([*s.deck, *s.discard])
    s.deck, s.discard = [], []
    s.turn = s.turn_order.index(faction)
    g.log.listeners.append(lambda e: invariants.check(s))
    return g


@pytest.mark.parametrize(("faction", "rule_set", "rule"), ORDER_BOTS, ids=[f"{f}@{r}" for f, r, _ in ORDER_BOTS])
def test_r_no_order_card_the_bot_goes_on_to_evening(faction: str, rule_set: str, rule: str) -> None:
    g = emptied_deck_game(faction, rule_set)
    s = g.state
    before = len(g.log)
    play_turn(g)
    turn = list(g.log)[before:]
    no_order = [e for e in turn if e.kind == "no_order"]
    assert len(no_order) == 1 and no_order[0].faction == faction and no_order[0].rule == rule
    assert "R-NO-ORDER-CARD" in no_order[0].text
    after = turn[turn.index(no_order[0]) + 1 :]
    assert not any(e.kind in ("order", "battle", "move", "craft", "recruit") and e.faction == faction for e in after)
    assert s.factions[faction].order is None
    assert s.current != faction and s.turn_steps == []  # the turn passed on, its memory cleared
    invariants.check(s)


def test_r_no_order_card_marquise_scores_no_track_but_keeps_its_nightmare_point() -> None:
    """4.6.1 scores the ordered track: with no order there is none; the nightmare point (3.3.1)
    needs no order and is still scored."""
    g = emptied_deck_game("marquise", "law")
    g.state.factions["marquise"].difficulty = "nightmare"
    vp = g.state.factions["marquise"].vp
    play_turn(g)
    skipped = [e.line() for e in g.log if e.kind == "skip" and e.rule == "4.6.1"]
    assert skipped and skipped[0].endswith("scores no Buildings track: it has no order this turn (ruling R-NO-ORDER-CARD)")
    assert g.state.factions["marquise"].vp == vp + 1


def test_r_no_order_card_eyrie_still_scores_its_roosts() -> None:
    """5.6's roost score needs no order: a turn without one still scores it."""
    g = emptied_deck_game("eyrie", "law")
    vp = g.state.factions["eyrie"].vp
    play_turn(g)
    assert any(e.rule == "5.6" and e.kind == "score" for e in g.log)
    assert g.state.factions["eyrie"].vp >= vp


def test_r_no_order_card_mid_turn_expansion() -> None:
    """4.5.5: the Marquise expands by discarding its order and revealing a new one; when the
    discarded order is a dominance card it goes beside the map (LoR 3.3.3), leaving nothing to
    reveal: the rest of Daylight is skipped and Evening comes."""
    g = emptied_deck_game("marquise", "law")
    s = g.state
    dominance = next(c for c in s.removed_cards if s.deckdef.card(c).kind == "dominance")
    s.removed_cards.remove(dominance)
    s.factions["marquise"].order = dominance
    s.phase = "daylight"
    R.discard_order(g, "marquise", "4.5.5")
    with pytest.raises(R.NoOrderCard):
        R.reveal_order(g, "marquise", "4.5.5")
    assert dominance in s.available_dominance and R.NO_ORDER in s.turn_steps
    assert [e.kind for e in list(g.log)[-2:]] == ["discard_order", "no_order"]


def test_r_no_order_card_the_cults_evening_craft_reveals_nothing() -> None:
    """8.6.4 reveals the deck's top card to craft: with none to reveal the step is skipped and
    the Lizards' turn goes on (their order is a suit from the Lost Souls, 8.4.1, not a card)."""
    g = emptied_deck_game("lizards", "law")
    vp = g.state.factions["lizards"].vp
    play_turn(g)
    skipped = [e.line() for e in g.log if e.kind == "craft_skipped" and e.rule == "8.6.4"]
    assert skipped == ["[8.6.4] lizards: reveals no card to craft: the deck and the discard pile are both empty (ruling R-NO-ORDER-CARD)"]
    assert g.state.factions["lizards"].vp >= vp and not any(e.kind == "no_order" for e in g.log)
