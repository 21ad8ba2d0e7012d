"""Issue 26 part 5: every completed action's Rootlog text reads back to the same move, for the
Eyrie Dynasties (LoR 7), the Woodland Alliance (LoR 8) and the Vagabond (LoR 9), as
``test_law_lines.py`` shows it for the Marquise.

A law-mode seat of the faction plays beside three bots at the table (``table/replay.Play``), its
moves chosen by the built-in ``random`` program (seeded). At each decision that begins an action
the chain of moves up to the next such decision is written as a Rootlog line (``chain_text``);
read back (``line_delta``) the line is the chain's change of the position, boards included
(``law_boards``: the Decree's columns, supporters, items and their faces, relationships, cards
by name), and answered with it the companion finds a chain with that change (``find_chain``)."""

from __future__ import annotations

import pytest

from collections.abc import Callable

from rootbotics.programs import SeatView, builtin
from rootbotics.table.chance import SHAPES, parse_answer
from rootbotics.table.law import encode
from rootbotics.table.law_lines import Chain, Reached, chain_text, delta, features, find_chain, line_delta, reach
from rootbotics.table.replay import Play
from rootbotics.table.session import TableConfig, TableSeat

PHASES = {"birdsong", "daylight", "evening", "turmoil", "setup", "assembly", "parliament", "sway"}  # (the Duchy's Daylight: LoR 12.5)
EYRIE_ACTIONS = {"decree.card", "decree.second", "decree.next", "decree.recruit", "decree.move.from", "decree.battle.clearing", "decree.build"}
ORDER = ("marquise", "eyrie", "alliance", "vagabot")


def begins_action(step: str) -> bool:
    """A decision that begins an action (or a step of a phase): a chain ends before it."""
    return step.split(".")[0] in PHASES or step in EYRIE_ACTIONS


def table(faction: str, seed: int, map_name: str) -> Play:
    """The seat beside three bots: in its place among the base four, or first (an expansion's)."""
    order = ORDER if faction in ORDER else (faction, *ORDER[:3])
    seats = [TableSeat(f, "human", "Ann", rules="law") if f == faction else TableSeat(f, "bot") for f in order]
    return Play(TableConfig(seats, map_name, None, seed))


def answer_other(play: Play) -> None:
    """Confirm the bots' steps; answer the table's other questions with their first option."""
    if play.unconfirmed:
        play.feed({"kind": "ok", "n": len(play.unconfirmed)})
        return
    q = play.pending
    assert q is not None and q.ask != "move"
    text = ", ".join(q.options[: q.pick or len(q.options)]) if SHAPES[q.ask] == "order" else (q.options[0] if q.options else "none")
    play.feed({"kind": "answer", "ask": q.ask, "value": parse_answer(q, text, play.game.state.deckdef)})


def play_chains(faction: str, seed: int, map_name: str, check: Callable[[Play, Chain, Reached], None], rounds: int = 12) -> int:
    """Play the game; ``check(play, chain, reached)`` for every chain of the seat's moves that
    begins an action, before its moves are entered. The number of chains checked."""
    play = table(faction, seed, map_name)
    program = builtin("random", seed, faction)
    n = 0
    while not play.over and (play.part.start is None or play.part.start.round <= rounds):
        q = play.pending
        if play.unconfirmed or q is None or q.ask != "move":
            answer_other(play)
            continue
        chain: Chain = ()
        d, state = q.decision, play.game.state
        while True:
            chain = (*chain, (d, program(SeatView(state, d.seat), d)))
            r = reach(play, chain)
            assert r is not None, chain
            if r.decision is None or begins_action(r.decision.step) or r.decision.seat != faction:
                break
            d, state = r.decision, r.state
        if q.decision.seat == faction and begins_action(q.decision.step) and not (play.part.start is None and r.decision is None):
            check(play, chain, r)
            n += 1
        for dd, mm in chain:
            play.feed({"kind": "answer", "ask": "move", "value": encode(dd, mm)})
            if play.unconfirmed or play.pending is None or play.pending.ask != "move":
                break  # (a bot's step to confirm, or another question, comes between)
    return n


class RoundTrip:
    """Each chain's text read back, and every ``find_every``-th one found again from its text."""

    def __init__(self, find_every: int) -> None:
        self.find_every = find_every
        self.texts: list[tuple[str, str]] = []  # (the chain's first step and move kind, its text)

    def __call__(self, play: Play, chain: Chain, r: Reached) -> None:
        start = play.game.state
        faction = chain[0][0].seat
        text = chain_text(play, chain)
        got = delta(features(start, boards=True), features(r.state, boards=True))
        self.texts.append((f"{chain[0][0].step}:{chain[0][1].kind}", text))
        if not text:  # a move there and back again changes nothing: Rootlog has no empty action
            assert got == {}, chain
            return
        assert line_delta(start, faction, text) == got, (chain, text)
        if len(self.texts) % self.find_every == 0:
            found = find_chain(play, text)
            again = reach(play, tuple(found))
            assert again is not None and delta(features(start, boards=True), features(again.state, boards=True)) == got, (chain, text, found)


# -- the three factions -----------------------------------------------------------------------------
def round_trip_texts(faction: str, games: tuple[tuple[int, str], ...], at_least: int) -> list[str]:
    """Every second chain of ``faction``'s program in ``games`` (seed, map) read back from its
    Rootlog text (``RoundTrip``); at least ``at_least`` chains played. Their texts."""
    rt = RoundTrip(find_every=2)
    n = sum(play_chains(faction, seed, m, rt) for seed, m in games)
    assert n >= at_least
    return [t for _, t in rt.texts]


def test_lor_7_4_2_every_eyrie_action_reads_back_from_its_rootlog_text() -> None:
    """The Eyrie (LoR 7): a card added to the Decree is written with its column
    (``B#sappersE->$_b``, LoR 7.4.2), a new leader as ``#despot->$`` (LoR 7.7.3), the Decree's
    cards discarded in turmoil from their columns; read back, each finds its chain."""
    texts = round_trip_texts("eyrie", ((1, "fall"), (4, "winter")), at_least=60)
    assert any("E->$_" in t for t in texts) and any(t.endswith("->$") and "#" in t for t in texts)


def test_lor_8_5_1_every_alliance_action_reads_back_from_its_rootlog_text() -> None:
    """The Woodland Alliance (LoR 8): a mobilized card is written ``F#taxcollectorA->$``
    (LoR 8.5.1), a supporter spent ``F#roottea$->`` (LoR 8.4.1, 8.4.2), a craft ``Z<card>``
    (LoR 4.1); read back, each finds its chain."""
    texts = round_trip_texts("alliance", ((1, "fall"), (2, "lake")), at_least=40)
    assert any("A->$" in t for t in texts) and any("$->" in t for t in texts)


def test_lor_9_2_5_every_vagabond_action_reads_back_from_its_rootlog_text() -> None:
    """The Vagabond (LoR 9): the item each action exhausts is written with its place and face
    (``%fsr->e`` for a move's boots, LoR 9.5.1; ``%xsr->e`` for a strike's crossbow, LoR
    9.5.6, so a strike does not read back as a battle), an Aid's card and the item taken
    (``%cC$->$``, LoR 9.5.4), relationships (``$_C->1``, LoR 9.2.9); read back, each finds its chain."""
    texts = round_trip_texts("vagabot", ((1, "fall"), (3, "mountain")), at_least=30)
    assert any("%fsr->e" in t for t in texts) and any("$_" in t for t in texts)


# -- the expansion factions (issue 27 part 2): each beside three bots ---------------------------------
def test_lor_11_riverfolk_actions_read_back_from_their_rootlog_text() -> None:
    """The Riverfolk Company (LoR 11): its prices written ``$_h->2`` (LoR 11.3.5, 11.6.2), its
    Starting Funds ``3w->$`` (LoR 11.3.4), a fund spent ``Cw$->`` or ``w$->4`` (a recruit from the
    Funds, LoR 11.5.4: read from the Funds when Payments hold none), trade posts by suit
    (``t_f->7``, LoR 11.5.5); read back, each finds its chain."""
    texts = round_trip_texts("riverfolk", ((3, "lake"),), at_least=40)
    assert any("$_h->" in t for t in texts) and any("3w->$" in t for t in texts) and any("w$->" in t for t in texts)


def test_lor_10_lizard_actions_read_back_from_their_rootlog_text() -> None:
    """The Lizard Cult (LoR 10): acolytes ``w->$`` and spent ``2w$->`` in a conspiracy
    (LoR 10.6), gardens by suit ``b_r->4``, cards into Lost Souls written as discards; read back,
    each finds its chain."""
    texts = round_trip_texts("lizards", ((1, "fall"), (2, "winter")), at_least=40)
    assert any("w$->" in t for t in texts) and any("b_r->" in t for t in texts)


def test_lor_12_duchy_actions_read_back_from_their_rootlog_text() -> None:
    """The Underground Duchy (LoR 12): the Burrow ``w->0``, ``2w0->11`` (LoR 12.2.2, 12.4.1), a
    minister swayed ``#brigadier->$`` (a crown, counted on the map's side, LoR 12.5.3), citadels
    and markets ``b_c->12``; read back, each finds its chain."""
    texts = round_trip_texts("duchy", ((1, "fall"), (3, "lake")), at_least=40)
    assert any("w->0" in t for t in texts) and any("#brigadier->$" in t for t in texts) and any("w0->" in t for t in texts)


def test_lor_13_corvid_actions_read_back_from_their_rootlog_text() -> None:
    """The Corvid Conspiracy (LoR 13): a plot placed with its kind, ``t_b->10`` (a seat played
    by legal moves records it, R-LOR-CORVIDS-KNOWN, LoR 13.5.2), a trick ``t5<->t10``
    (LoR 13.5.4); read back, each finds its chain."""
    texts = round_trip_texts("corvids", ((1, "fall"), (2, "winter")), at_least=40)
    assert any("t_b->" in t for t in texts) and any("<->" in t for t in texts)


def test_lor_14_hundreds_actions_read_back_from_their_rootlog_text() -> None:
    """The Lord of the Hundreds (LoR 14): the warlord as its own piece, ``w_w12->9`` (LoR 14.2.2,
    R-HUNDREDS-ROOTLOG), strongholds ``b->8`` and mobs ``t->3``; read back, each finds its chain."""
    texts = round_trip_texts("hundreds", ((1, "fall"), (2, "winter")), at_least=40)
    assert any("w_w" in t for t in texts) and any("b->" in t for t in texts)


def test_lor_15_keepers_actions_read_back_from_their_rootlog_text() -> None:
    """The Keepers in Iron (LoR 15): cards into the Retinue's columns ``M#swordK->$_1`` (LoR
    15.5.2, Rootlog_V2's ``$_1 $_2 $_3``), waystations by the side up ``b_t_j->1``, a delve
    ``t_f1_9_10_12->/t_1_f->1`` (the face-down relic out of its forest, the relic worth its value
    into the clearing); read back, each finds its chain. (Four cards laid in one Evening make a
    chain longer than the search's depth: those seeds are not played here.)"""
    texts = round_trip_texts("keepers", ((1, "fall"), (3, "lake")), at_least=60)
    assert any("K->$_" in t for t in texts) and any("b_" in t for t in texts) and any(f"t_{v}_" in t for t in texts for v in (1, 2, 3))
