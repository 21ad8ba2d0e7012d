"""The table session: a record replayed into a position; undo, redo, resume, table chance."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rootbotics.table.chance import Question, parse_answer
from rootbotics.table.replay import Refused
from rootbotics.table.session import Session, SessionError, TableConfig, TableSeat


def config(dice: str = "app", deck: str = "app", seed: int = 7) -> TableConfig:
    seats = [TableSeat("marquise", "human", "Ann"), TableSeat("eyrie", "bot"), TableSeat("alliance", "human", "Bob"), TableSeat("vagabot", "bot")]
    return TableConfig(seats, "fall", None, seed, dice, deck)


def drive(session: Session, entries: int) -> None:
    """Play on as a table would: confirm steps, answer with fixed rolls/cards, end human turns."""
    for i in range(entries):
        play = session.play
        if play.over:
            return
        if play.unconfirmed:
            session.enter({"kind": "ok", "n": len(play.unconfirmed)})
        elif play.pending is not None:
            q = play.pending
            value = {"roll": [i % 4, (3 * i) % 4], "draw": q.options[i % len(q.options)] if q.options else None}.get(q.ask)
            if q.ask in ("assign_hits",):
                value = list(q.options)
            session.enter({"kind": "answer", "ask": q.ask, "value": value})
        else:
            assert play.open is not None
            session.enter({"kind": "done", "faction": play.open.faction})


def lines(session: Session) -> list[str]:
    return [e.line() for e in session.play.log]


@pytest.mark.parametrize("dice,deck", [("app", "app"), ("table", "table")])
def test_same_entries_give_same_position_and_log(tmp_path: Path, dice: str, deck: str) -> None:
    s = Session(config(dice, deck), tmp_path / "a.json")
    drive(s, 40)
    again = Session.load(tmp_path / "a.json")
    assert lines(again) == lines(s)
    assert again.play.game.state.turn_order == s.play.game.state.turn_order
    assert {f: fs.vp for f, fs in again.play.game.state.factions.items()} == {f: fs.vp for f, fs in s.play.game.state.factions.items()}


def test_undo_across_bot_turns_and_redo(tmp_path: Path) -> None:
    s = Session(config(), tmp_path / "a.json")
    drive(s, 12)
    before, entries = lines(s), list(s.entries)
    assert s.undo(7) == 7
    assert len(s.entries) == len(entries) - 7
    shorter = Session(config(), tmp_path / "b.json", entries[:-7])
    assert lines(s) == lines(shorter)
    assert s.redo(7) == 7
    assert lines(s) == before and s.entries == entries
    assert Session.load(tmp_path / "a.json").entries == entries  # saved after undo and redo


def test_undo_then_new_entry_clears_redo(tmp_path: Path) -> None:
    s = Session(config(), tmp_path / "a.json")
    drive(s, 6)
    s.undo(1)
    assert s.undone
    drive(s, 1)
    assert not s.undone and s.redo() == 0


def test_refused_entry_changes_nothing(tmp_path: Path) -> None:
    s = Session(config(), tmp_path / "a.json")
    drive(s, 3)
    before = lines(s)
    while s.play.open is None or s.play.unconfirmed:
        drive(s, 1)
    other = "alliance" if s.play.open.faction == "marquise" else "marquise"
    before = lines(s)
    with pytest.raises(Refused, match=f"not {other}'s"):
        s.enter({"kind": "done", "faction": other})
    with pytest.raises(Refused):
        s.enter({"kind": "answer", "ask": "roll", "value": [1, 1]})
    assert lines(s) == before


def test_table_dice_ask_and_a_bad_roll_is_refused(tmp_path: Path) -> None:
    s = Session(config("table", "app", seed=3), tmp_path / "a.json")
    for _ in range(200):
        if s.play.pending is not None and s.play.pending.ask == "roll" and not s.play.unconfirmed:
            break
        drive(s, 1)
    assert s.play.pending is not None and s.play.pending.ask == "roll"
    with pytest.raises(Refused, match="not a roll"):
        s.enter({"kind": "answer", "ask": "roll", "value": [4, 0]})
    s.enter({"kind": "answer", "ask": "roll", "value": [3, 2]})
    rolls = s.play.log.of_kind("roll")
    assert (rolls[-1].data["r1"], rolls[-1].data["r2"]) == (3, 2)


def test_table_deck_names_the_card_and_checks_it_can_be_in_the_deck(tmp_path: Path) -> None:
    s = Session(config("app", "table"), tmp_path / "a.json")
    s.enter({"kind": "ok", "n": len(s.play.unconfirmed)})
    q = s.play.pending
    assert q is not None and q.ask == "draw"  # Ann's starting hand
    deck = s.play.game.state.deckdef
    assert parse_answer(q, "Ambush! (bird)", deck) in ("ambush_bird", "ambush_bird#2")
    s.enter({"kind": "answer", "ask": "draw", "value": "ambush_bird"})
    hand = s.play.game.state.factions["marquise"].hand
    assert [deck.cards[c].name for c in hand] == ["ambush_bird"]
    with pytest.raises(Refused, match="dominance_bird.*cannot be in the deck"):
        s.enter({"kind": "answer", "ask": "draw", "value": "dominance_bird"})  # removed with one or two humans


def test_parse_answer_names_what_is_wrong() -> None:
    from rootbotics.core.cards import load_deck

    deck = load_deck()
    with pytest.raises(ValueError, match="two dice of 0 to 3"):
        parse_answer(Question("roll", None, "roll"), "5 1", deck)
    assert parse_answer(Question("roll", None, "roll"), "2-1", deck) == [2, 1]
    assert parse_answer(Question("enlist_arbiter", "eyrie", "?"), "yes", deck) is True
    assert parse_answer(Question("outrage_card", "eyrie", "?", ("cobbler",)), "none", deck) is None
    with pytest.raises(ValueError, match="name 2 of sawmill, keep"):
        parse_answer(Question("assign_hits", "marquise", "?", ("sawmill", "keep")), "sawmill", deck)
    assert parse_answer(Question("assign_hits", "marquise", "?", ("sawmill", "keep"), 1), "keep", deck) == ["keep"]


def test_an_order_of_items_takes_their_words_and_only_as_many_as_there_are_hits() -> None:
    """A Vagabond's items are several words (``boots exhausted``): split on commas, or read
    greedily from spaces; a first word that names one kind left is enough; the whole list
    printed is accepted too, its first items taken."""
    from rootbotics.core.cards import load_deck

    deck = load_deck()
    q = Question("assign_hits", "vagabot", "?", ("boots exhausted", "sword", "sword", "torch"), 2)
    assert parse_answer(q, "boots exhausted, torch", deck) == ["boots exhausted", "torch"]
    assert parse_answer(q, "sword sword", deck) == ["sword", "sword"]
    assert parse_answer(q, "boots torch", deck) == ["boots exhausted", "torch"]
    assert parse_answer(q, "boots exhausted, sword, sword, torch", deck) == ["boots exhausted", "sword"]
    with pytest.raises(ValueError, match="name 2 of"):
        parse_answer(q, "torch", deck)
    with pytest.raises(ValueError, match="'torch' is not one of"):
        parse_answer(q, "torch torch", deck)


def test_a_card_answer_takes_any_name_that_fits_one_card() -> None:
    from rootbotics.core.cards import load_deck

    deck = load_deck()
    q = Question("automated_outrage_discard", "marquise", "?", ("crossbow_mouse", "ambush_mouse", "ambush_bird", "sword_mouse"))
    assert parse_answer(q, "crossbow", deck) == "crossbow_mouse"
    assert parse_answer(q, "Ambush! (bird)", deck) == "ambush_bird"
    assert parse_answer(q, "ambush m", deck) == "ambush_mouse"
    with pytest.raises(ValueError, match="could be Ambush! \\(bird\\) or Ambush! \\(mouse\\)"):
        parse_answer(q, "ambush", deck)
    assert parse_answer(Question("outrage_card", "marquise", "?", ("crossbow_mouse", "ambush_mouse")), "ambush", deck) == "ambush_mouse"


def test_file_is_versioned_json_and_loading_names_the_bad_field(tmp_path: Path) -> None:
    s = Session(config(), tmp_path / "a.json")
    drive(s, 5)
    data = json.loads((tmp_path / "a.json").read_text())
    assert data["format"] == "rootbotics-table-session" and data["version"] == 1
    cases = {
        "config.dice": lambda d: d["config"].update(dice="cup"),
        "config.seats.0.player": lambda d: d["config"]["seats"][0].update(player=""),
        "entries.2.kind": lambda d: d["entries"][2].update(kind="dance"),
        "entries.0.n": lambda d: d["entries"][0].update(n=0),
        "entries.1": lambda d: d["entries"].insert(1, {"kind": "answer", "ask": "roll", "value": [1, 1]}),
        "version": lambda d: d.update(version=9),
    }
    for field, spoil in cases.items():
        bad = json.loads(json.dumps(data))
        spoil(bad)
        path = tmp_path / "bad.json"
        path.write_text(json.dumps(bad))
        with pytest.raises(SessionError) as e:
            Session.load(path)
        assert str(e.value).startswith(field + ":"), str(e.value)
        assert "\n" not in str(e.value)


def test_the_game_ends_its_last_steps_can_be_confirmed_and_nothing_else_is_taken(tmp_path: Path) -> None:
    s = Session(config(), tmp_path / "a.json")
    for _ in range(400):
        if s.play.over:
            break
        drive(s, 1)
    assert s.play.over and s.play.game.state.winner
    if s.play.unconfirmed:
        s.enter({"kind": "ok", "n": len(s.play.unconfirmed)})
    assert any(step.text.startswith("The table: game over") for step in s.play.steps)
    with pytest.raises(Refused, match="the game is over"):
        s.enter({"kind": "done", "faction": "marquise"})
    assert Session.load(tmp_path / "a.json").play.over
