"""Programs in human seats (DESIGN 7): a seat of the Law of Root played by code choosing among the
legal moves the engine lists.

A *program* is any callable ``program(view, decision) -> Move`` given the seat's :class:`SeatView`
(what that seat may see: never another hand, nor the deck's order) and the :class:`Decision`
with its legal ``moves``; it returns one of them. Two are built in:

- ``random``: uniform over the legal moves, from a generator seeded by the game's seed and the
  seat and started afresh at every turn, so the same seed plays the same game, and a game saved
  between turns continues move for move;
- ``greedy``: a one-step heuristic (:class:`Greedy`): the move whose kind ranks first in a fixed
  table (win by dominance, craft, build, score...; a few kinds ranked by their first argument or
  at one step), ties broken at random as ``random`` does.

:class:`ProgramController` seats a program: it plays the seat's setup and turns by its faction's
Law of Root (``factions/<name>/lor.py``) and answers every request another seat's action makes
of it (hits to take, an ambush, Outrage, Field Hospitals, ...) with a decision of legal moves.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from .core.chance import Rng
from .core.context import EngineFailure
from .core.faction import rules_of
from .core.lor.cards import card_moves, matching
from .core.battle_cards import ambush_cards
from .core.moves import DONE, NO, YES, Decision, Move, ask

if TYPE_CHECKING:
    from .core.context import Game
    from .core.state import Clearing, GameState
    from .factions.riverfolk.services import Offer, Purchase

Program = Callable[["SeatView", Decision], Move]


class SeatView:
    """What one seat may see (LoR 1.2): the map and every piece on it, scores, the discard pile,
    the available dominance cards, every play area and crafted item, the cards revealed face up
    (the Cult's and the Duchy's, LoR 10.5, 12.5), the counts on a board that lie face up (the
    Riverfolk Company's funds and prices, LoR 11), how many cards each seat holds, and its own hand.
    Never another hand (but one the rules make public, LoR 11.2.3) nor the deck's order."""

    __slots__ = ("_state", "faction")

    def __init__(self, state: GameState, faction: str) -> None:
        self._state = state
        self.faction = faction

    @property
    def round(self) -> int:
        return self._state.round

    @property
    def phase(self) -> str:
        return self._state.phase

    @property
    def current(self) -> str:
        return self._state.current

    @property
    def map(self) -> Any:
        return self._state.map

    def suit(self, c: int) -> str:
        return self._state.suit(c)

    def clearing(self, c: int) -> Clearing:
        """The pieces in clearing ``c`` (read them; changing them is not a move)."""
        return self._state.clearings[c]

    def tokens(self, c: int) -> tuple[str, ...]:
        """The tokens in ``c`` as this seat sees them, ``"<owner> <token>"``: another seat's plot
        shows its kind only once face up; the seat's own, always (LoR 13.2.2.1)."""
        s = self._state
        return tuple(
            f"{owner} {rules_of(owner).describe_own_token(s, c, kind) if owner == self.faction else rules_of(owner).describe_token(s, c, kind)}"
            for owner, kind in s.clearings[c].tokens
        )

    def forest_tokens(self) -> dict[int, tuple[str, ...]]:
        """Tokens lying in forests (indexes of ``map.forests``) as every seat sees them,
        ``"<owner> <token>"``: a Keepers relic face down shows only its type (LoR 15.2.1)."""
        out: dict[int, tuple[str, ...]] = {}
        for f, fs in self._state.factions.items():
            shown = getattr(fs.board, "forest_tokens", None)
            for forest, tokens in (shown() if shown is not None else {}).items():
                out[forest] = out.get(forest, ()) + tuple(f"{f} {text}" for _, text, _ in tokens)
        return out

    @property
    def hand(self) -> tuple[int, ...]:
        return tuple(self._state.factions[self.faction].hand)

    def hand_of(self, faction: str) -> tuple[int, ...] | None:
        """Another seat's hand when the rules show it to all (the Riverfolk Company's, LoR
        11.2.3), this seat's own; None for a hand hidden from this seat (LoR 1.2.1)."""
        fs = self._state.factions[faction]
        if faction == self.faction or rules_of(faction).hand_is_public(self._state, faction):
            return tuple(fs.hand)
        return None

    def card(self, cid: int) -> Any:
        return self._state.deckdef.cards[cid]

    @property
    def vp(self) -> dict[str, int]:
        return {f: fs.vp for f, fs in self._state.factions.items()}

    @property
    def hand_sizes(self) -> dict[str, int]:
        return {f: len(fs.hand) for f, fs in self._state.factions.items()}

    @property
    def seats(self) -> tuple[str, ...]:
        return tuple(self._state.turn_order)

    def is_bot(self, faction: str) -> bool:
        return self._state.factions[faction].is_bot

    def supply(self, faction: str) -> dict[str, int]:
        return dict(self._state.factions[faction].supply)

    def play_area(self, faction: str) -> tuple[int, ...]:
        return tuple(self._state.factions[faction].play_area)

    def public_cards(self, faction: str) -> dict[str, tuple[int, ...]]:
        """Cards on a seat's board that every seat may see (a Lizard Cult's Lost Souls and the
        cards it revealed, LoR 10.2.6, 10.5; the Duchy's revealed cards, LoR 12.5), by the board's
        name for them."""
        board = self._state.factions[faction].board
        return {} if board is None else {k: tuple(v) for k, v in board.public_cards().items()}

    def public_counts(self, faction: str) -> dict[str, dict[str, int]]:
        """Counts on a seat's board every seat may see, by the board's name for them: the
        Riverfolk Company's Payments, Funds and Committed warriors by owner and its service prices
        (LoR 11.2.4, 11.6.2), a Riverfolk bot's Payments (9.2.3)."""
        board = self._state.factions[faction].board
        return {} if board is None else {k: dict(v) for k, v in board.public_counts().items()}

    @property
    def discard(self) -> tuple[int, ...]:
        return tuple(self._state.discard)

    @property
    def item_supply(self) -> dict[str, int]:
        return dict(self._state.item_supply)


# -- the built-in programs -------------------------------------------------------------------------
class RandomProgram:
    """Uniform over the legal moves, seeded (never Python's global ``random``)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.rng = Rng.from_seed(seed)

    def __call__(self, view: SeatView, decision: Decision) -> Move:
        moves = decision.moves
        return moves[0] if len(moves) == 1 else moves[self.rng.below(len(moves))]

    def turn_starting(self, round_: int, turn: int) -> None:
        """A fresh generator at every turn of the game, from the seat's seed, the round and the
        turn: a game saved between turns and continued plays on exactly as without the stop."""
        self.rng = Rng.from_seed((self.seed * 1_000_003 + round_ * 64 + turn) & 0xFFFFFFFFFFFFFFFF)


# How much the greedy program likes each kind of move; unlisted kinds rank 0, ``done`` and
# ``no`` below every action so that it acts whenever it can.
GREEDY_RANK: dict[str, int] = {
    "activate_dominance": 9,
    "craft": 8,
    "build": 7,
    "trade_post": 7,  # the Riverfolk Company's building (LoR 11.5.6)
    "recruit": 6,
    "battle": 5,
    "overwork": 4,
    "march": 3,
    "take_dominance": 2,
    "yes": 1,
    "done": -2,
    "no": -1,
}


# The Corvid Conspiracy (LoR 13), the Lord of the Hundreds (LoR 14) and the Keepers in Iron (LoR 15):
GREEDY_RANK.update({
    "flip": 8,  # a face-down plot turned up scores one VP per face-up plot (LoR 13.4.2)
    "plot": 6,  # a plot placed is a flip (and a crafting piece) next Birdsong (LoR 13.5.2)
    "trick": -1,  # a swap scores nothing: only when nothing else is left but done
    "recover": 8,  # the Keepers' recovery scores the relic at once (LoR 15.5.2.3.2)
    "add_retinue": 2,  # more Retinue cards, more actions next Daylight (LoR 15.6.2)
    "contempt:score": 3,  # a crafted item removed scores its VP now (LoR 14.2.3) ...
    "contempt:take": 2,  # ... rather than growing the hoard
    "relentless:battle": 2,  # LoR 14.7.5: the battle (which may score) before the move
    "relentless:move": 1,
    "mood:rowdy": 4,  # the Hundreds' mood (LoR 14.4.4): more cards in Evening (LoR 14.7.6),
    "mood:jubilant": 3,  # more mobs (LoR 14.7.3), an extra hit (LoR 14.7.8); the rest alike
    "mood:wrathful": 2,
})
# Where a kind means something else at one faction's step: ``{faction: {step: {kind: rank}}}``,
# read before the table (step names are the faction's own: two factions may share one).
GREEDY_STEP_RANK: dict[str, dict[str, dict[str, int]]] = {
    "corvids": {"evening.exert": {"done": 9}},  # Exert costs the Evening's draw (LoR 13.6.1): draw
    "keepers": {
        "birdsong.decamp": {"done": 1},  # LoR 15.4.2 undoes Encamp: keep the waystations (crafting, recovery)
        "birdsong.recruit": {"done": 1},  # the cards go to the Retinue, not to recruits (LoR 15.4.3)
    },
}


def greedy_rank(decision: Decision, m: Move) -> int:
    """How much the greedy program likes ``m`` in ``decision``: :data:`GREEDY_STEP_RANK` for the
    seat's step, then :data:`GREEDY_RANK`, each by ``"kind:first argument"`` (a word) before
    ``kind``; else 0."""
    keys = (f"{m.kind}:{m.args[0]}", m.kind) if m.args and isinstance(m.args[0], str) else (m.kind,)
    for table in (GREEDY_STEP_RANK.get(decision.seat, {}).get(decision.step, {}), GREEDY_RANK):
        for key in keys:
            if key in table:
                return table[key]
    return 0


class Greedy(RandomProgram):
    """A one-step heuristic: the best-ranked move (:func:`greedy_rank`); among equals, the most
    (a count: move or recruit as many as it may), then at random."""

    def __call__(self, view: SeatView, decision: Decision) -> Move:
        moves = decision.moves
        if len(moves) == 1:
            return moves[0]
        ranks = [greedy_rank(decision, m) for m in moves]
        best = max(ranks)
        top = [m for m, r in zip(moves, ranks) if r == best]
        if top[0].kind == "count":
            return max(top, key=lambda m: m.args[0])
        return top[0] if len(top) == 1 else top[self.rng.below(len(top))]


PROGRAMS: dict[str, type[RandomProgram]] = {"random": RandomProgram, "greedy": Greedy}


def seat_seed(game_seed: int, faction: str) -> int:
    """A program's own seed: the game's, mixed with the seat (stable across Python versions)."""
    mix = 0
    for ch in faction:
        mix = (mix * 131 + ord(ch)) & 0xFFFFFFFF
    return (game_seed * 1_000_003 + mix) & 0xFFFFFFFFFFFFFFFF


def builtin(name: str, game_seed: int, faction: str) -> Program:
    try:
        return PROGRAMS[name](seat_seed(game_seed, faction))
    except KeyError:
        raise ValueError(f"{name!r} is not a built-in program (choose from {', '.join(PROGRAMS)})") from None


# -- the controller --------------------------------------------------------------------------------
class ProgramController:
    """A human seat played by a program through legal moves."""

    def __init__(self, program: Program) -> None:
        self.program = program
        self.decisions = 0  # how many decisions it answered (make bench counts them)

    def turn_starting(self, g: Game) -> None:
        """Every turn begins: a built-in program reseeds itself (``RandomProgram.turn_starting``)."""
        start = getattr(self.program, "turn_starting", None)
        if start is not None:
            start(g.state.round, g.state.turn)

    def choose(self, g: Game, decision: Decision) -> Move:
        self.decisions += 1
        return self.program(SeatView(g.state, decision.seat), decision)

    def _law(self, faction: str) -> Any:
        law = rules_of(faction).lor()
        if law is None:
            raise EngineFailure(f"the {faction}'s Law of Root is not built yet: a program cannot play it")
        return law

    def setup(self, g: Game, faction: str) -> None:
        self._law(faction).setup(g)

    def take_turn(self, g: Game, faction: str) -> None:
        self._law(faction).turn(g)

    # -- requests of other seats' actions (controllers.HumanController) ----------------------------
    def assign_hits(self, g: Game, faction: str, clearing: int, hits: int, removable: list[str]) -> list[str]:
        """LoR 4.3.6: the side taking hits picks which of its buildings and tokens go, one by one."""
        left = list(removable)
        order: list[str] = []
        for _ in range(min(hits, len(left))):
            kinds = sorted(set(left))
            kind = kinds[0] if len(kinds) == 1 else ask(g, faction, "hits.piece", "LoR 4.3.6", [Move("piece", (k,), "LoR 4.3.6") for k in kinds], f"which piece in {clearing} takes the hit").args[0]
            left.remove(kind)
            order.append(kind)
        return order

    def _card_or_none(self, g: Game, faction: str, step: str, rule: str, cards: Sequence[int], prompt: str) -> int | None:
        if not cards:
            return None
        m = ask(g, faction, step, rule, [*card_moves(g.state, cards, rule), NO], prompt)
        return None if m is NO else m.args[0]

    def _must_card(self, g: Game, faction: str, step: str, rule: str, cards: Sequence[int], prompt: str) -> int | None:
        if not cards:
            return None
        return ask(g, faction, step, rule, card_moves(g.state, cards, rule), prompt).args[0]

    def ambush_card(self, g: Game, faction: str, clearing: int, attacker: str) -> int | None:
        return self._card_or_none(g, faction, "battle.ambush", "LoR 4.3.1", ambush_cards(g.state, faction, clearing), f"ambush {attacker} in {clearing}?")

    def foil_ambush(self, g: Game, faction: str, clearing: int, defender: str) -> int | None:
        return self._card_or_none(g, faction, "battle.foil", "LoR 4.3.1.1", ambush_cards(g.state, faction, clearing), f"foil {defender}'s ambush in {clearing}?")

    def outrage_card(self, g: Game, faction: str, clearing: int) -> int | None:
        return self._must_card(g, faction, "outrage.card", "LoR 8.2.6", matching(g.state, faction, g.state.suit(clearing)), f"which card matching {clearing} goes to the Alliance's Supporters")

    def field_hospitals(self, g: Game, faction: str, clearing: int, warriors: int) -> int | None:
        return self._card_or_none(g, faction, "field_hospitals.card", "LoR 6.2.3", matching(g.state, faction, g.state.suit(clearing)), f"spend a card matching {clearing} to bring {warriors} warrior(s) to the keep?")

    def automated_outrage_discard(self, g: Game, faction: str, clearing: int) -> int:
        card = self._must_card(g, faction, "automated_outrage.card", "6.2.3", matching(g.state, faction, g.state.suit(clearing)), f"which card matching {clearing} to discard")
        if card is None:
            raise EngineFailure("Automated Outrage asked of a hand with no matching card")
        return card

    def enlist_arbiter(self, g: Game, faction: str, clearing: int, attacker: str) -> bool:
        return ask(g, faction, "battle.enlist", "7.7.6", (YES, NO), f"enlist the Arbiter against {attacker} in {clearing}?") is YES

    def riverfolk_hand(self, g: Game, faction: str, buyer: str) -> list[int]:
        """9.7: the bot ``buyer`` may buy a Hand Card from this Riverfolk Company, whose hand is
        face up: the seat's one legal move is to show it all (nothing is hidden, so nothing to
        choose); the decision is asked so that every request of a program seat is a decision."""
        hand = list(g.state.factions[faction].hand)
        if hand:
            ask(g, faction, "services.show_hand", "9.7", (DONE,), f"{buyer} may buy a Hand Card from your hand: show it")
        return hand

    def buy_services(self, g: Game, faction: str, offer: Offer) -> list[Purchase]:
        """9.2.3: the seat picks services one at a time, within what it can afford; never
        Mercenaries for a faction with no warriors (the Vagabond; LoR 11.2.7.3.2, "as normal")."""
        from .factions.riverfolk.services import HAND_CARD, MERCENARIES, SERVICES

        out: list[Purchase] = []
        market = list(offer.market)
        bought: set[str] = set()
        cards_only = _sells_cards_only(g)
        for _ in range(offer.affordable(g.state)):
            moves = [] if cards_only else [Move("service", (s,), "9.2.3") for s in SERVICES if s not in bought and s != HAND_CARD and not (s == MERCENARIES and offer.payer != faction)]
            moves += [Move("service", (HAND_CARD, c), "9.2.3") for c in market]
            if not moves:
                break
            m = ask(g, faction, "services.buy", "9.2.3", [*moves, NO], "buy a Riverfolk service?")
            if m is NO:
                break
            if m.args[0] == HAND_CARD:
                market.remove(m.args[1])
                out.append((HAND_CARD, m.args[1]))
            else:
                bought.add(m.args[0])
                out.append((m.args[0], None))
        return out

    def investors_discard(self, g: Game, faction: str, clearings: list[int]) -> int:
        cards = sorted({c for k in clearings for c in matching(g.state, faction, g.state.suit(k))})
        card = self._must_card(g, faction, "investors.card", "3.3.2", cards, "which matching card to discard")
        if card is None:
            raise EngineFailure("Investors asked of a hand with no matching card")
        return card

    def guess_plot(self, g: Game, faction: str, clearing: int) -> str:
        kinds = ("bomb", "snare", "extortion", "raid")
        return ask(g, faction, "gamble.guess", "3.3.2", [Move("plot", (k,), "3.3.2") for k in kinds], f"which plot lies face down in {clearing}?").args[0]


def _sells_cards_only(g: Game) -> bool:
    """The Better Bot Project's Otters sell Market cards only (BBP; their bbp_market)."""
    seller = next((fs for fs in g.state.factions.values() if rules_of(fs.faction).sells_services), None)
    return seller is not None and seller.is_bot and seller.rule_set != "law"
