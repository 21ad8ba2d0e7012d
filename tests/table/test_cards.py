"""The human hand at the table (table/cards.py): the card actions of a Rootlog line keep the
engine's hand the real one; a card the hand cannot hold refuses the line, changing nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import position
from .test_law_for_humans import hand, table

from rootbotics.core import invariants, serial
from rootbotics.core.state import GameState
from rootbotics.table.board import LineRefused, apply_line
from rootbotics.table.chance import NeedInput
from rootbotics.table.session import Session, TableConfig, TableSeat


def two_humans(marquise: list[str], alliance: list[str] | None = None) -> GameState:
    return position({}, seats=("marquise", "eyrie", "alliance"), humans=("marquise", "alliance"),
                    marquise={"hand": marquise}, alliance={"hand": alliance or [], "supporters": []})


def refused(state: GameState, text: str, words: str) -> None:
    before = serial.dumps(state)
    with pytest.raises(LineRefused, match=words):
        apply_line(table(state), "C", text)
    assert serial.dumps(state) == before


def test_lor_2_1_draws_come_from_the_deck_in_app_mode_and_are_named_in_table_mode() -> None:
    s = two_humans([])
    top, left = s.deck[-2:], len(s.deck)
    apply_line(table(s), "C", "2#->C")
    assert s.factions["marquise"].hand == top[::-1] and len(s.deck) == left - 2
    s = two_humans([])
    with pytest.raises(NeedInput) as asked:
        apply_line(table(s, deck="table"), "C", "#->C")
    assert asked.value.question.ask == "draw"
    apply_line(table(s, [("draw", "anvil")], deck="table"), "C", "#->C")
    assert hand(s, "marquise") == ["anvil"]
    invariants.check(s)


def test_a_named_draw_takes_that_card_if_it_can_be_in_the_deck() -> None:
    s = two_humans(["cobbler"])
    apply_line(table(s), "C", "F#anvil->C")
    assert hand(s, "marquise") == ["cobbler", "anvil"] and s.deckdef.by_name["anvil"] not in s.deck
    refused(s, "F#anvil->C", "no such card in the deck")


def test_discards_by_suit_or_name_go_to_the_discard_pile() -> None:
    s = two_humans(["cobbler", "root_tea_fox", "root_tea_rabbit", "ambush_bird"])
    apply_line(table(s), "C", "R#roottea->/B#@->/F#C->")
    assert hand(s, "marquise") == ["cobbler"]
    assert [s.deckdef.card(c).name for c in s.discard] == ["root_tea_rabbit", "ambush_bird", "root_tea_fox"]


def test_a_card_the_hand_does_not_hold_refuses_the_whole_line() -> None:
    s = two_humans(["cobbler", "anvil"])
    refused(s, "R#C->/M#C->", "'M#C->': no such card in the marquise hand .the engine keeps anvil.")
    refused(s, "#->", "which card\\? the marquise hand holds 2")


def test_cards_between_human_hands_and_to_a_human_alliances_supporters() -> None:
    s = two_humans(["cobbler", "anvil"], ["sappers"])
    g = table(s)
    apply_line(g, "C", "R#C->A/F#->A$/B#A->C")
    assert hand(s, "marquise") == ["sappers"] and hand(s, "alliance") == ["cobbler"]
    assert [e.rule for e in g.log.of_kind("gift")] == ["LoR 1.3.2", "LoR 1.3.2"]  # given as an effect says
    assert s.factions["alliance"].board.supporters == [s.deckdef.by_name["anvil"]]
    invariants.check(s)


def test_cards_on_a_humans_board_leave_the_hand_and_come_back_from_it() -> None:
    s = position({}, seats=("eyrie", "marquise"), humans=("eyrie",), eyrie={"hand": ["anvil", "cobbler", "sappers"]})
    apply_line(table(s), "E", "F#->$_f/R#->$_r")  # Decree cards: before the player, out of the hand
    assert hand(s, "eyrie") == ["sappers"] and s.deckdef.by_name["anvil"] in s.removed_cards
    apply_line(table(s), "E", "F#$_f->/R#$->E")  # turmoil discards one; one comes back to the hand
    assert hand(s, "eyrie") == ["sappers", "cobbler"] and s.discard == [s.deckdef.by_name["anvil"]]
    invariants.check(s)
    s2 = two_humans(["cobbler"])
    apply_line(table(s2), "C", "R#->A$")
    apply_line(table(s2), "A", "R#$->")  # a human Alliance spends a supporter
    assert s2.factions["alliance"].board.supporters == [] and s2.discard == [s2.deckdef.by_name["cobbler"]]


def test_a_card_from_the_discard_pile() -> None:
    s = two_humans(["anvil"])
    apply_line(table(s), "C", "F#C->")
    apply_line(table(s), "C", "F#anvil*->C")
    assert hand(s, "marquise") == ["anvil"] and s.discard == []
    refused(s, "F#*->C", "no such card in the discard pile")


def test_lor_4_1_crafting_an_item_card_or_an_item_and_a_lasting_effect() -> None:
    s = two_humans(["anvil", "cobbler"])
    apply_line(table(s), "C", "Zanvil/Z%b/Zcobbler")
    assert s.factions["marquise"].items == ["hammer", "bag"] and hand(s, "marquise") == []
    assert s.discard == [s.deckdef.by_name["anvil"]] and s.deckdef.by_name["cobbler"] in s.removed_cards
    assert s.item_supply["hammer"] == 0
    invariants.check(s)
    s.factions["marquise"].hand.append(s.deck.pop(s.deck.index(s.deckdef.by_name["foxfolk_steel"])))
    s.item_supply["sword"] = 0
    refused(s, "Zfoxfolk", "no sword left in the item supply")


def test_a_card_spent_on_a_closed_path_goes_with_the_path_once() -> None:
    s = position({2: {"warriors": {"marquise": 1}}}, seats=("marquise", "eyrie"), humans=("marquise",), map_name="mountain",
                 suits={c: ("fox", "rabbit", "mouse")[c % 3] for c in range(1, 13)}, marquise={"hand": ["anvil", "cobbler"]})
    assert (2, 5) in s.map.closed_paths
    apply_line(table(s), "C", "F#C->/2_5->")
    assert hand(s, "marquise") == ["cobbler"] and (2, 5) in s.opened_paths and s.discard == [s.deckdef.by_name["anvil"]]


def test_a_sessions_card_lines_survive_undo_and_resume(tmp_path: Path) -> None:
    seats = [TableSeat("marquise", "human", "Ann"), TableSeat("eyrie", "bot")]
    s = Session(TableConfig(seats, "fall", None, 7), tmp_path / "g.json")
    s.enter({"kind": "ok", "n": len(s.play.unconfirmed)})
    setup = "t_k->1/w->1/w->2/w->4/w->5/w->6/w->7/w->8/w->9/w->10/w->11/w->12/b_s->1/b_w->5/b_r->9"
    s.enter({"kind": "line", "faction": "marquise", "text": setup})
    s.enter({"kind": "done", "faction": "marquise"})
    while s.play.unconfirmed:
        s.enter({"kind": "ok", "n": len(s.play.unconfirmed)})
    cards = list(s.play.game.state.factions["marquise"].hand)
    s.enter({"kind": "line", "faction": "marquise", "text": "#->C"})
    assert len(s.play.game.state.factions["marquise"].hand) == len(cards) + 1
    again = Session.load(s.path)
    assert again.play.game.state.factions["marquise"].hand == s.play.game.state.factions["marquise"].hand
    s.undo()
    assert s.play.game.state.factions["marquise"].hand == cards
