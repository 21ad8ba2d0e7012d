"""The Woodland Alliance and the Automated Alliance (Law of Robotics section 6): what the faction
is, and its rules that other seats set off: Outrage against a human Alliance (LoR 8.2.6 with
2.8.1), Automated Outrage (6.2.3), Automated Ambush (6.2.2), Crackdown (6.2.4), Guerrilla War
(LoR 8.2.2) and the bot's traits Informants, Popularity and Veterans (3.3.2)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.context import EngineFailure, Game
from ...core.faction import LAW, BoardTable, CardLedger, Faction, TableValue
from ...core.fields import StateError, integer
from ...core.maps import CLEARINGS
from ...core.rules import discard, draw_card, matches, remove_piece, score, told_after

if TYPE_CHECKING:
    from ...core.state import FactionState, GameState

from . import sympathy_track
from .board import BASE_SUIT, BASES, FACTION, AllianceBoard
from .supporters import SUPPORTERS_CAP_WITHOUT_BASES, add_supporter, base_removed  # noqa: F401 (re-exported)


class Alliance(Faction):
    name = FACTION
    bot_name = "Automated Alliance"
    human_name = "Woodland Alliance"
    pieces = {  # 6.2.1, 6.3
        "bot": {"warrior": 10, "base_fox": 1, "base_rabbit": 1, "base_mouse": 1, "sympathy": 10},
        "human": {"warrior": 10, "base_fox": 1, "base_rabbit": 1, "base_mouse": 1, "sympathy": 10},
    }
    buildings = frozenset(BASES.values())
    tokens = frozenset({"sympathy"})
    crafting_pieces = frozenset({"sympathy"})  # LoR 8.2.1 (Tunnels, Exiles and Partisans deck)
    human_seat = True
    suited_buildings = BASE_SUIT  # a base stands only in a clearing of its suit (6.4.3, 6.5.2)
    one_per_clearing = frozenset({"sympathy"})  # 6.2.1 I
    board_fields = ("supporters", "officers")
    difficulty_text = {
        "easy": "Organize only where a base has four or more Alliance warriors.",
        "default": "As the Law says.",
        "challenging": "Organize where a base has two or more Alliance warriors.",
        "nightmare": "As challenging, and 1 VP at the end of each Evening.",
    }
    trait_text = {
        "informants": "Automated Ambush also deals its extra hit where the Alliance defends a sympathy token with no warriors.",
        "popularity": "Enemies score nothing for removing its sympathy tokens.",
        "steadfast": "Public Pity and Surprise Revolt: only one a turn (no Public Pity when a Surprise Revolt will come); Martial Law is ignored.",
        "veterans": "Guerrilla War: as defender it deals the higher roll and the attacker the lower.",
        "wildfire": "After recruiting in Evening, it spreads sympathy once more, scoring nothing for it.",
    }

    rule_sets = (LAW, "bbp")  # the Law's bot (bot.py) and the Better Bot Project's (bbp.py)
    table_values = (
        TableValue(sympathy_track.TRACK_OPTION, sympathy_track.TRACK_FLAG, FACTION, "bbp", "Automated Alliance's sympathy track (10 VP values)", "VPS", sympathy_track.TRACK_HELP, sympathy_track.track_table_options),
    )

    def stand_ins(self, rule_set: str, options: dict[str, object]) -> list[tuple[str, str]]:
        if rule_set == "bbp" and sympathy_track.TRACK_OPTION not in options:
            return [("BBP AA.6", "the Automated Alliance's sympathy track: the Woodland Alliance's, 0,1,1,1,2,2,3,4,4,4 (stand-in, R-BBP-AA-TRACK)")]
        return []

    def option_problem(self, options: dict[str, object]) -> str | None:
        return sympathy_track.track_option_problem(options)

    def bot(self, rule_set: str = LAW) -> Any:
        if rule_set == "bbp":
            from .bbp import BetterAlliance

            return BetterAlliance()
        from .bot import AutomatedAlliance

        return AutomatedAlliance()

    def new_board(self, seat: str) -> AllianceBoard | None:
        return AllianceBoard() if seat == "human" else None

    def write_board(self, state: GameState, fs: FactionState) -> dict[str, Any]:
        board = fs.board
        if not isinstance(board, AllianceBoard):
            return {}
        out: dict[str, Any] = {} if board.supporters is None else {"supporters": [state.deckdef.card(c).name for c in board.supporters]}
        if board.officers:
            out["officers"] = board.officers
        return out

    def read_board(self, state: GameState, fs: FactionState, raw: dict[str, Any], path: str, cards: CardLedger) -> None:
        """A human Alliance's Supporters and officers; the Automated Alliance has neither (2.8.1, 6.2)."""
        for key, what in (("supporters", "no Supporters (it holds no cards, 2.8.1)"), ("officers", "no officers (it does not Train)")):
            if key in raw and fs.seat == "bot":
                raise StateError(f"{path}.{key}", f"the Automated Alliance has {what}")
        if "supporters" not in raw and "officers" not in raw:
            return
        supporters = cards.many(raw["supporters"], f"{path}.supporters") if "supporters" in raw else None
        officers = integer(raw.get("officers", 0), f"{path}.officers", 0, self.pieces["human"]["warrior"])
        fs.board = AllianceBoard(supporters, officers)

    def describe_board(self, state: GameState, fs: FactionState) -> list[str | BoardTable]:
        """A human Alliance's board: how many Supporters (face down) and officers (LoR 8.5.3)."""
        board = fs.board
        if not isinstance(board, AllianceBoard):
            return []
        return ["Woodland Alliance board", f"  supporters: {len(board.supporters or ())} card(s)", f"  officers: {board.officers}"]

    # -- what other seats set off -------------------------------------------------------------
    def lor(self) -> Any:
        from . import lor

        return lor

    def piece_removed(self, g: Game, c: int, kind: str, by: str | None, memo: object) -> None:
        if kind == "sympathy" and by is not None and by != FACTION:
            _outrage_at(g, by, c)
        elif kind in BASE_SUIT and plays_by_legal_moves(g):
            base_removed(g, c, kind)  # LoR 8.2.4

    def remover_scores(self, g: Game, by: str, kind: str) -> bool:
        fs = g.state.factions[FACTION]
        if kind == "sympathy" and fs.is_bot and "popularity" in fs.traits:
            g.emit(by, "3.3.2", "no_score", "scores nothing for the sympathy token: the Alliance's Popularity")
            return False
        return True

    def removal_scored(self, g: Game, c: int, kind: str, by: str | None) -> None:
        fs = g.state.factions[FACTION]
        if fs.is_bot and fs.rule_set == LAW and kind in BASE_SUIT:  # the BBP text has no Crackdown
            crackdown(g, BASE_SUIT[kind])

    def moved_into(self, g: Game, mover: str, c: int) -> None:
        if (FACTION, "sympathy") in g.state.clearings[c].tokens:
            _outrage_at(g, mover, c)

    def defender_extra_hits(self, state: GameState, faction: str, c: int) -> tuple[int, str, str]:
        """Automated Ambush (6.2.2): the bot defending with at least one warrior there; with the
        Informants trait (3.3.2), also with none there but a sympathy token."""
        fs = state.factions[faction]
        if fs.is_bot:
            if state.warriors(faction, c) > 0:
                return 1, "6.2.2" if fs.rule_set == LAW else "BBP AA.3", f"Automated Ambush, defending {c} with Alliance warriors"
            if "informants" in fs.traits and (FACTION, "sympathy") in state.clearings[c].tokens:
                return 1, "3.3.2", f"Automated Ambush for its defenseless sympathy in {c} (Informants)"
        return 0, "", ""

    def defends_with_higher_roll(self, g: Game, faction: str) -> str:
        fs = g.state.factions[faction]
        if fs.seat == "human":
            return " (Guerrilla War, LoR 8.2.2)"
        if "veterans" in fs.traits:
            return " (the Alliance's Veterans: Guerrilla War, 3.3.2)"
        return ""


def plays_by_legal_moves(g: Game) -> bool:
    """A human Alliance whose controller chooses among legal moves (DESIGN 7): the engine then
    carries out what its rules make it do when a base is lost (LoR 8.2.4). At the table the
    person records those discards themselves (ruling R-LOR-BASE-REMOVED)."""
    fs = g.state.factions[FACTION]
    return fs.seat == "human" and isinstance(fs.board, AllianceBoard) and hasattr(g.controllers.get(FACTION), "choose")


def _draw_supporter(g: Game, rule: str, template: str, c: int, culprit: str) -> None:
    """The Alliance draws a card into its Supporters for Outrage; with no card in the deck nor
    the discard pile, nothing is drawn (LoR 1.5.4)."""
    s = g.state
    if not s.deck and not s.discard:
        g.emit(FACTION, rule, "outrage", "Outrage in {c}: no card is left to draw into the Supporters (LoR 1.5.4)", c=c, culprit=culprit)
        return
    add_supporter(g, draw_card(g, FACTION))
    g.emit(FACTION, rule, "outrage", template, c=c, culprit=culprit)


def _outrage_at(g: Game, culprit: str, c: int) -> None:
    """Someone moved into sympathy or removed it: Outrage against a human Alliance, Automated
    Outrage if the bot's culprit is a human (6.2.3); a bot angering the bot does nothing."""
    fs = g.state.factions[FACTION]
    if fs.seat == "human":
        _outrage(g, culprit, c)
    elif not g.state.factions[culprit].is_bot:
        automated_outrage(g, culprit, c)


def _outrage(g: Game, culprit: str, c: int) -> None:
    """The culprit owes a matching card to the Supporters stack. A bot has no hand, so the
    Alliance draws a card instead (2.8.1 Poor Manual Dexterity). A human culprit is asked."""
    s = g.state
    if s.factions[culprit].is_bot:
        _draw_supporter(g, "2.8.1", "Outrage in {c}: {culprit} is a bot with no hand, so the Alliance draws a card into its Supporters", c, culprit)
        return
    card = g.controller(culprit).outrage_card(g, culprit, c)
    if card is None:
        _draw_supporter(g, "LoR 8.2.6", "Outrage in {c}: {culprit} has no matching card, so the Alliance draws one into its Supporters", c, culprit)
    else:
        s.factions[culprit].hand.remove(card)
        add_supporter(g, card)
        g.emit(FACTION, "LoR 8.2.6", "outrage", "Outrage in {c}: {culprit} adds a card to the Supporters", c=c, culprit=culprit)


def automated_outrage(g: Game, culprit: str, c: int) -> None:
    """6.2.3 Automated Outrage: the human culprit must discard a card matching ``c``; its
    controller says which. With no matching card in hand, the Alliance scores 1 VP. The card is
    discarded, not given, so Poor Manual Dexterity (2.8.1) scores nothing. A Better Bot Project
    seat has the same rule as BBP AA.4."""
    s = g.state
    rule = "6.2.3" if s.factions[FACTION].rule_set == LAW else "BBP AA.4"
    hand = s.factions[culprit].hand
    suit = s.suit(c)
    if not any(matches(s.deckdef.card(card).suit, suit) for card in hand):
        g.emit(FACTION, rule, "outrage", "Automated Outrage in {c}: {culprit} has no {suit} or bird card to discard", c=c, culprit=culprit, suit=suit)
        score(g, FACTION, 1, rule, f"for Automated Outrage ({culprit} could not discard)")
        return
    card = g.controller(culprit).automated_outrage_discard(g, culprit, c)
    if card not in hand or not matches(s.deckdef.card(card).suit, suit):
        raise EngineFailure(f"Automated Outrage: {culprit} holds a card matching clearing {c} and must discard one, not {card!r}")
    hand.remove(card)
    with told_after(g):
        discard(g, card)
        g.emit(FACTION, rule, "outrage", "Automated Outrage in {c}: {culprit} discards {card}", c=c, culprit=culprit, card=s.deckdef.card(card).label())


def crackdown(g: Game, suit: str) -> None:
    """6.2.4 Crackdown: with a base gone, the Alliance bot removes every sympathy token in
    clearings of the base's suit. Nobody scores for them and no Outrage follows: the Alliance
    removes its own tokens (ruling R-CRACKDOWN)."""
    s = g.state
    where = [c for c in CLEARINGS if s.suit(c) == suit and (FACTION, "sympathy") in s.clearings[c].tokens]
    if not where:
        g.emit(FACTION, "6.2.4", "crackdown", "Crackdown: its {suit} base is gone, but no {suit} clearing holds sympathy", suit=suit)
        return
    g.emit(FACTION, "6.2.4", "crackdown", "Crackdown: its {suit} base is gone, so it removes the sympathy in {where}", suit=suit, where=", ".join(map(str, where)))
    for c in where:
        remove_piece(g, FACTION, c, "sympathy", "6.2.4")
