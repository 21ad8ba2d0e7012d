"""The published Rootlog games replayed through the legal moves (issue 26 part 5).

For each game, the lines of every human seat whose Law of Root is built (all ten factions, the
base game's and the expansions': issue 27) are played by the engine's legal moves; every other
line (a bot's) is played as the strict import plays it (bookkeeping of pieces,
``rootlog_import.play_actions``). The result is one of: every checked line legal; the
first line refused, with the rule it breaks (a craft no crafting pieces pay for, a bound of
``line_bounds.py``) or the rule of the decision no legal chain gets past; or "could not be
checked from line N" with why (an ambush, a battle against a seat whose rules are not built,
dice the engine cannot roll, the import's own stop, a search that gave up).

A line is split into its actions. From the turn's start, the chain of legal moves is extended
run by run: the shortest chain (breadth-first) whose change of the position is that of the
shortest run of the line's next actions (``law_lines._verdict``: every written change exactly,
nothing else of a kind the line writes), then the next run, until the line is used up and the
turn ends. A battle's dice are moves of the chain too: the file's ``(a,d)`` when it gives them,
else each possible roll. What the file does not say is chosen to fit: the hand holds the suits
the line spends (the file records suits, not cards; ``line_cards.py``), draws are seeded.

Nothing of the published games is stored here: they are read from a fetched git directory.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from itertools import islice, product
from typing import Any

from ..core.chance import Rng, RngChance
from ..core.context import EngineFailure, Game, GameOver
from ..core.events import EventLog
from ..core.faction import rules_of
from ..core.lor.crafting import can_pay
from ..core.moves import Decision, IllegalMove
from ..core.moves import Move as LegalMove
from ..core.state import GameState
from ..factions.eyrie.board import VIZIER
from ..factions.vagabot.human import VagabondBoard
from ..programs import ProgramController
from .board import ENGINE_NAMES, LETTERS
from .law import law_built
from .law_boards import COLUMN_AREA, prices
from .law_lines import (
    SUIT_OF,
    _card_changes,
    _progress,
    _verdict,
    delta,
    features,
    group,
)
from .line_bounds import broken_bound, items_gained
from .line_cards import (
    REVEALERS,
    Allowance,
    allowed_discards,
    allowed_reveals,
    discarded,
    fit_hand,
    fit_outrage,
    fit_ruins,
    fits,
    hold_card,
    revealed_birds,
    shown_suits,
    spent_suits,
    taken_from,
    turmoil,
)
from .rootlog import (
    Battle,
    Board,
    Card,
    Clearing,
    Craft,
    Hand,
    Move,
    RootlogError,
    format_action,
    parse_file,
)
from .rootlog_import import (
    ENGINE_ITEMS,
    ImportError_,
    bot_rule_sets,
    bot_seats,
    play_actions,
    seat_options,
    start_position,
    turn_lines,
)

MAX_DEPTH = 10  # decisions (and rolls) in one run's chain
MAX_TRIES = 4000  # chains played for one run
LINE_TRIES = 3  # runs' worth of plays for one line (all passes together)
SLACK = 4  # steps in a row a chain may take without coming closer to the line


@dataclass(frozen=True, slots=True)
class Pass:
    """How wide one pass of the search looks: a run's chain at most ``depth`` steps, ``slack``
    of them in a row without coming closer to the line, ``tries`` plays for one run, ``total``
    new plays for the whole line (the last pass: ``MAX_TRIES * LINE_TRIES``)."""

    depth: int
    slack: int
    tries: int
    total: int


# Narrow passes first: most lines follow by short chains, and a narrow pass that takes a wrong
# turn (a card spent as an extra action where the line overworks) gives it up after a few plays
# and tries the next; only the last, widest pass may end the search with a verdict.
PASSES = (Pass(6, 2, 150, 1500), Pass(8, 3, 800, 4000), Pass(MAX_DEPTH, SLACK, MAX_TRIES, MAX_TRIES * LINE_TRIES))


class _PassOver(Exception):
    """A narrow pass used its plays: the next, wider one begins."""


ROLLS = tuple((a, b) for a in range(4) for b in range(a + 1))  # (higher, lower)
SEED = 26
MAX_CRAFT_CARDS = 6  # cards tried for a line's crafts
AREA_COLUMN = {v: k for k, v in COLUMN_AREA.items()}  # Rootlog's Decree columns (``$_r``) to the engine's

Answer = Any  # a legal move, or a roll (a, b)
Chain = tuple[Answer, ...]


class Unchecked(Exception):
    """The line cannot be checked: why."""


class Refused(Exception):
    """No legal chain makes the line's change: the rule and why."""


class _Unheld(Unchecked):
    """A craft's card the hand cannot hold (the position has it elsewhere)."""


class _Pending(Exception):
    def __init__(self, what: Decision | str) -> None:
        self.what = what


@dataclass(frozen=True, slots=True)
class Verdict:
    path: str
    status: str  # "legal", "refused" or "unchecked"
    line: int | None  # the line of the refusal or of the first line not checked
    why: str
    checked: int  # lines of the human seats played through the legal moves
    not_built: tuple[str, ...] = ()  # human seats in the game whose Law is not built (their lines unchecked)

    def text(self) -> str:
        aside = f" ({', '.join(self.not_built)}: Law of Root not built, lines not checked)" if self.not_built else ""
        if self.status == "legal":
            return f"every checked line legal ({self.checked} lines){aside}"
        head = "refused" if self.status == "refused" else "could not be checked from"
        return f"{head} line {self.line}: {self.why} ({self.checked} lines legal before){aside}"


# -- the engine, played from a position with answers given ------------------------------------------
class _Dice:
    """Rolls from the chain (a roll not given is a question, as a decision is); draws, shuffles
    and picks seeded (each replay the same)."""

    def __init__(self, rolls: Sequence[tuple[int, int]]) -> None:
        self.rolls = list(rolls)
        self.rest = RngChance(Rng.from_seed(SEED))

    def roll(self) -> tuple[int, int]:
        if not self.rolls:
            raise _Pending("roll")
        return self.rolls.pop(0)

    def shuffle(self, cards: list[int]) -> None:
        self.rest.shuffle(cards)

    def draw(self, deck: list[int]) -> int:
        return self.rest.draw(deck)

    def pick(self, options: Sequence[Any], what: str) -> Any:
        return self.rest.pick(options, what)


@dataclass(slots=True)
class Reached:
    state: GameState
    pending: Decision | str | None  # the next decision, "roll", or None: the part is over
    revealed: Counter[str] = field(default_factory=Counter)  # the seat's cards revealed, by suit


def revealed_suits(log: EventLog, faction: str, suit_of: dict[str, str]) -> Counter[str]:
    """The suits of the cards ``faction`` revealed in the events (LoR 10.5, 12.5); ``suit_of``
    the deck's cards by label (a Duchy's reveal names its card, a Lizards' its suit)."""
    out: Counter[str] = Counter()
    if faction not in REVEALERS:
        return out
    for e in log.events:
        if e.kind == "reveal" and e.faction == faction:
            suit = e.data.get("suit") or suit_of.get(str(e.data.get("card")))
            if suit:
                out[suit] += 1
    return out


def reach(s0: GameState, faction: str, part: str, chain: Chain, seats: set[str], suit_of: dict[str, str]) -> Reached | None:
    """Play ``faction``'s setup or turn from ``s0`` (a copy) with the chain's answers; None if the
    game refuses an answer."""
    moves = [a for a in chain if isinstance(a, LegalMove)]

    def program(view: Any, d: Decision) -> LegalMove:
        if not moves:
            raise _Pending(d)
        return moves.pop(0)

    ctl = ProgramController(program)
    g = Game(s0.clone(), _Dice([a for a in chain if isinstance(a, tuple)]), dict.fromkeys(seats, ctl), EventLog())
    try:
        if part == "setup":
            ctl.setup(g, faction)
        else:
            from ..game import play_turn

            g.state.turn = g.state.turn_order.index(faction)
            play_turn(g)
    except _Pending as p:
        return Reached(g.state, p.what, revealed_suits(g.log, faction, suit_of))
    except (IllegalMove, EngineFailure):  # (a battle with a seat that has no controller here)
        return None
    except GameOver:
        pass
    return Reached(g.state, None, revealed_suits(g.log, faction, suit_of))


# -- what is compared ------------------------------------------------------------------------------
def feats(s: GameState, seats: set[str]) -> Counter[Any]:
    """``law_lines.features`` with the hands of the checked seats by size only (the file writes
    suits, the engine holds cards), the Eyrie's leader and the Alliance's supporters."""
    out: Counter[Any] = Counter({k: v for k, v in features(s).items() if k[0] != "hand" or (len(k) == 2 and k[1] in seats)})
    for f in seats:
        fs = s.factions[f]
        out.update(prices(s, f))  # a human Company's (LoR 11.3.5)
        for item in fs.items:  # the Crafted Items box (LoR 4.1.2)
            out[("crafted", f, item)] += 1
        out[("played", f)] = len(fs.play_area)  # crafted cards of lasting effect (LoR 4.1.3)
        b = fs.board
        if getattr(b, "leader", None):
            out[("leader", b.leader)] = 1
        if hasattr(b, "supporters"):
            out[("supporters", f)] = len(b.supporters or ())
        if getattr(b, "character", None):
            out[("character", f, b.character)] = 1  # a Vagabond's (LoR 9.3.1)
        out.update(decree(s, f))
    return out


def decree(s: GameState, f: str) -> Counter[Any]:
    """The Eyrie's Decree by column and suit (LoR 7.4.2; the Loyal Viziers are no cards)."""
    out: Counter[Any] = Counter()
    for col, cards in (getattr(s.factions[f].board, "decree", None) or {}).items():
        for cid in cards:
            if cid != VIZIER:
                out[("decree", f, col, s.deckdef.card(cid).suit)] += 1
    return out


def _card_extras(s: GameState, letter: str, actions: Sequence[Any], seats: set[str], made: Sequence[int] = ()) -> Counter[Any]:
    """Hands (by size), leaders and supporters as the line's card moves change them; a craft's
    card (``made``: the card each craft of the line is tried with) out of the hand, its item
    into the Crafted Items box or the card before its crafter."""
    out: Counter[Any] = Counter({k: v for k, v in _card_changes(s, ENGINE_NAMES[letter], actions).items() if len(k) == 2 and k[1] in seats})
    crafts = iter(made)
    laid = decree(s, "eyrie") if "eyrie" in seats else Counter()  # the Decree as the line leaves it
    for act in actions:
        if isinstance(act, Craft):
            _crafted(s, ENGINE_NAMES[letter], next(crafts, None), seats, out)
        if "eyrie" in seats and turmoil(act, letter):
            out.subtract(laid)  # turmoil: the Decree discarded but its Viziers (LoR 7.7.2)
            laid.clear()
        if not isinstance(act, Move):
            continue
        for part in act.parts:
            for counted in part.things:
                card = counted.thing
                if not isinstance(card, Card):
                    continue
                for place, sign in [(part.start, -1), *((d, 1) for d in act.dests)]:
                    if not isinstance(place, Board):
                        continue
                    who = ENGINE_NAMES.get(place.faction or letter)
                    if who == "eyrie" and card.name and place.area is None and who in seats:
                        old = s.factions[who].board.leader  # type: ignore[union-attr]
                        if old and sign > 0:
                            out[("leader", old)] -= 1
                        out[("leader", card.name)] += sign
                    elif who == "alliance" and place.area is None and who in seats:
                        out[("supporters", who)] += sign * counted.count
                    elif card.name and place.area is None and who in seats and hasattr(s.factions[who].board, "character"):
                        out[("character", who, card.name)] += sign  # ``#tinker->$``: a Vagabond's character (LoR 9.3.1)
                    elif who == "eyrie" and place.area in AREA_COLUMN and who in seats and card.suit in SUIT_OF:
                        key = ("decree", who, AREA_COLUMN[place.area], SUIT_OF[card.suit])
                        out[key] += sign * counted.count
                        laid[key] += sign * counted.count
    return out


def _crafted(s: GameState, f: str, cid: int | None, seats: set[str], out: Counter[Any]) -> None:
    """LoR 4.1: the card leaves the hand; an item goes to the Crafted Items box (a Vagabond's to
    his board, LoR 9.2.1, not compared), another card stays before its crafter (LoR 4.1.3)."""
    if f not in seats or cid is None:
        return
    out[("hand", f)] -= 1
    card = s.deckdef.card(cid)
    if card.item is not None:
        if s.factions[f].board is None or not s.factions[f].board.has_pawn():
            out[("crafted", f, card.item)] += 1
    elif card.persistent:
        out[("played", f)] += 1


def targets(s0: GameState, letter: str, actions: Sequence[Any], seats: set[str], made: Sequence[int] = (), part: str = "turn") -> list[Counter[Any]]:
    """The compared position after each prefix of the line (an ImportError_ where the import
    stops), with what the notation leaves unwritten (``starting_funds``)."""
    base = feats(s0, seats)
    kept = {k: v for k, v in base.items() if k[0] in ("hand", "leader", "supporters", "crafted", "played", "decree", "character")}
    shadow, out = s0.clone(), [base]
    starting_funds(shadow, ENGINE_NAMES[letter], part, actions)
    fought: set[tuple[str, int]] = set()  # (Revenge: a Lizard warrior removed in a battle of the line, LoR 10.2.3)
    for k in range(1, len(actions) + 1):
        play_actions(shadow, letter, [actions[k - 1]], fought)
        t = Counter({key: v for key, v in features(shadow).items() if key[0] != "hand"})
        t.update(kept)
        for f in seats:
            t.update(prices(shadow, f))
        for key, v in _card_extras(s0, letter, actions[:k], seats, made).items():
            t[key] += v
        out.append(Counter({key: v for key, v in t.items() if v}))
    birds = revealed_birds(letter, actions) if part == "turn" and ENGINE_NAMES[letter] in seats else 0
    if birds:  # LoR 12.6.1: the Duchy's revealed birds are discarded in its Evening, unwritten
        out[-1][("hand", ENGINE_NAMES[letter])] -= birds
        out[-1] = Counter({key: v for key, v in out[-1].items() if v})
    return out


# -- the search ------------------------------------------------------------------------------------
@dataclass(slots=True)
class _Line:
    """One line being matched: the position at its start, its actions and targets, the dice."""

    s0: GameState
    faction: str
    part: str
    actions: list[Any]
    targets: list[Counter[Any]]
    seats: set[str]
    dice: list[tuple[int, int] | None]  # each battle's rolls as the file gives them (None: not given)
    named: frozenset[tuple[str, str]] = frozenset()  # cards (title, suit) the line crafts or names
    discards: list[Allowance] = field(default_factory=list)  # the discards each prefix allows
    reveals: list[Allowance] = field(default_factory=list)  # the reveals each prefix allows
    tries: int = 0
    reached: dict[Chain, Reached | None] = field(default_factory=dict)
    width: Pass = PASSES[-1]
    discarded0: Counter[str] = field(init=False)  # the discards at the line's start
    suit_of: dict[str, str] = field(init=False)  # the deck's cards by label

    def __post_init__(self) -> None:
        self.discarded0 = discarded(self.s0)
        self.suit_of = {c.label(): c.suit for c in self.s0.deckdef.cards}

    @property
    def last_pass(self) -> bool:
        return self.width == PASSES[-1]

    def reach(self, chain: Chain) -> Reached | None:
        if chain not in self.reached:
            self.tries += 1
            if self.tries > self.width.total:
                if not self.last_pass:
                    raise _PassOver
                raise Unchecked(f"the search gave up after {self.tries} plays of the turn")
            self.reached[chain] = reach(self.s0, self.faction, self.part, chain, self.seats, self.suit_of)
        return self.reached[chain]

    def thrown(self, s: GameState) -> Counter[str]:
        """The cards discarded since the line's start, by suit (``discarded``)."""
        return discarded(s) - self.discarded0

    def answers(self, chain: Chain, r: Reached) -> list[Answer]:
        if isinstance(r.pending, Decision):
            return alike_cards_once(r.state, r.pending.moves, self.named)
        n = sum(1 for a in chain if isinstance(a, tuple))  # the battle's place among the line's
        given = self.dice[n] if n < len(self.dice) else None
        return [given] if given is not None else list(ROLLS)


def alike_cards_once(s: GameState, moves: Sequence[LegalMove], named: frozenset[tuple[str, str]]) -> list[Answer]:
    """The decision's moves with one card of each suit and kind among cards the line does not
    name: the file writes a card by its suit, so two such cards make the same line (the hand
    was fitted to the suits it spends, ``fit_hand``); a card it crafts or names stays apart."""
    out: list[Answer] = []
    seen: set[tuple[str, str, str]] = set()
    for m in moves:
        if m.kind == "card" and m.args and isinstance(m.args[0], int):
            card = s.deckdef.card(m.args[0])
            if (card.title, card.suit) not in named:
                key = (m.kind, card.suit, card.kind)
                if key in seen:
                    continue
                seen.add(key)
        out.append(m)
    return out


def _touched(line: _Line, pos: int, j: int) -> set[Any]:
    out: set[Any] = set()
    for k in range(pos + 1, j + 1):
        out |= set(delta(line.targets[pos], line.targets[k]))
    return out


def _runs(line: _Line, chain: Chain, pos: int) -> Iterator[tuple[Chain, int, Reached]]:
    """The extensions of ``chain`` after which the line's change from its start is that of its
    first ``j > pos`` actions (at ``pos == len``: that end the part, changing nothing written
    further), shortest first, then the fewest actions, exact ones first. Changes are compared
    from the line's start, so the engine may make them in another order than the line writes
    them (a setup's buildings); a match changes nothing else of a kind the line writes."""
    n = len(line.actions)
    root = line.reach(chain)
    assert root is not None
    start = line.targets[0]
    whole = delta(start, line.targets[n])
    passed = _touched(line, 0, n)
    mentioned = {group(k) for k in passed}
    runs = [(j, delta(start, line.targets[j])) for j in range(pos + 1, n + 1)]
    ahead_of = [delta(start, line.targets[j]) for j in range(pos, n + 1)]
    level: list[tuple[Chain, Reached, int, int]] = [((), root, 0, -1)]
    tries = 0
    width = line.width
    seen: set[Any] = set()
    for _ in range(width.depth + 1):
        found, ahead = [], []
        for ext, r, astray, before in level:
            thrown = line.thrown(r.state)
            if not fits(thrown, line.discards[n]) or not fits(r.revealed, line.reveals[n]):
                continue  # a card of a suit the line never discards or reveals
            got = delta(start, feats(r.state, line.seats))
            key = _position_key(r, got, thrown, line.faction, _order_free(ext))
            if key in seen:
                continue  # reached already by another order of the same steps (the shorter kept)
            seen.add(key)
            if pos == n and r.pending is None and _verdict(whole, got, mentioned, passed) in ("match", "exact"):
                found.append((n, False, ext, r))
            for j, target in runs:
                if fits(thrown, line.discards[j]) and fits(r.revealed, line.reveals[j]) and _verdict(target, got, mentioned, passed) in ("match", "exact"):
                    found.append((j, _verdict(target, got, mentioned, passed) != "exact", ext, r))
            if r.pending is None or all(_verdict(t, got, mentioned, passed) == "off" for t in ahead_of):
                continue  # (a hand may go down and up again: off from every later prefix)
            now = _progress(whole, got)
            away = 0 if now > before else astray + (0 if ext and _declines(ext[-1]) else 1)
            if away > width.slack:
                continue
            for a in line.answers((*chain, *ext), r):
                tries += 1
                if tries > width.tries:
                    if not line.last_pass:
                        return  # a narrow pass gives this run up; a wider one may find it
                    raise Unchecked(f"no chain found within {width.tries} plays for {_words(line, pos)}")
                nr = line.reach((*chain, *ext, a))
                if nr is not None:
                    ahead.append(((*ext, a), nr, away, max(now, before)))
        yield from ((ext, j, r) for j, _, ext, r in sorted(found, key=lambda x: (x[0], x[1])))
        if not ahead:
            return
        level = ahead


def _kinds(chain: Chain) -> frozenset[tuple[str, int]]:
    """A chain's steps counted by kind (``build``, ``march``, a roll): chains that reach one
    position at one place in the line by as many steps of each kind are one for the search
    (rolls of the dice that remove the same pieces; a card of one suit or another)."""
    counts = Counter(a.kind if isinstance(a, LegalMove) else "roll" for a in chain)
    return frozenset(counts.items())


DECLINES = frozenset({"done", "no"})


def _declines(a: Answer) -> bool:
    """A step that takes nothing up (ends an action's choices, passes on an offer): the turn
    moves on, so it does not count against ``SLACK`` (a Field Hospitals declined, then the
    Daylight's craft, before a building)."""
    return isinstance(a, LegalMove) and a.kind in DECLINES


def _order_free(ext: Chain) -> tuple[str, ...]:
    """A run's steps as a multiset: the same steps in another order are equal."""
    return tuple(sorted(repr((a.kind, a.args)) if isinstance(a, LegalMove) else repr(a) for a in ext))


def _position_key(r: Reached, got: dict[Any, int], thrown: Counter[str], faction: str, steps: Any) -> Any:
    """Two chains of the same steps in another order (a recruit then a build, a build then a
    recruit) that reach the same position and decision are one for the rest of the search:
    the steps as a multiset (what the turn remembers in its counts: actions left, rituals
    scored, cards used), the compared change, the seat's cards, what it discarded and revealed,
    and the decision asked with its moves."""
    d = r.pending
    asked = (d.step, d.rule, d.prompt, tuple((m.kind, m.args) for m in d.moves)) if isinstance(d, Decision) else d
    fs = r.state.factions[faction]
    return (steps, frozenset(got.items()), tuple(sorted(fs.hand)), frozenset(thrown.items()), frozenset(r.revealed.items()), asked)


def _words(line: _Line, pos: int) -> str:
    rest = "/".join(format_action(a) for a in line.actions[pos:])
    return f"{rest!r}" if rest else "the end of the turn"


def _refusal(line: _Line, root: Reached, pos: int) -> str:
    d = root.pending
    if isinstance(d, Decision):
        return f"{d.rule}: no chain of legal moves from {d.prompt or d.step} makes {_words(line, pos)}"
    if d == "roll":
        return f"LoR 4.3.2: no roll of the dice gives {_words(line, pos)}"
    return f"the {line.part} is over; the line goes on: {_words(line, pos)}"


def match_line(line: _Line) -> GameState:
    """The position after the line's chain of legal moves (Refused or Unchecked if none): the
    runs are tried depth first; the first that lets the rest of the line follow is kept. The
    search is made in ``PASSES``, narrow to wide, the plays of the turn kept between them; only
    the widest refuses."""
    far: list[tuple[int, Chain]] = [(0, ())]
    failed: set[Any] = set()  # (place in the line, position) followed to no end in this pass

    def follow(chain: Chain, pos: int) -> GameState | None:
        if pos > far[0][0]:
            far[0] = (pos, chain)
        r = line.reach(chain)
        assert r is not None
        key = (pos, _position_key(r, delta(line.targets[0], feats(r.state, line.seats)), line.thrown(r.state), line.faction, _kinds(chain)))
        if key in failed:
            return None  # another chain reached this position at this place in the line and failed
        for ext, j, r in _runs(line, chain, pos):
            if j == len(line.actions) and r.pending is None:
                return r.state
            if j > pos:
                done = follow((*chain, *ext), j)
                if done is not None:
                    return done
        failed.add(key)
        return None

    try:
        for width in PASSES:
            line.width = width
            line.tries = 0
            failed.clear()
            try:
                done = follow((), 0)
            except _PassOver:
                done = None
            if done is not None:
                break
    except Unchecked as e:  # where the search got to, so the verdict says what it followed
        pos = far[0][0]
        followed = "/".join(format_action(a) for a in line.actions[:pos])
        raise Unchecked(f"{e} (followed: {followed!r}; not: {_words(line, pos)})" if followed else str(e)) from None
    if done is None:
        pos, chain = far[0]
        root = line.reach(chain)
        assert root is not None
        raise Refused(_refusal(line, root, pos))
    return done


# -- what the search cannot follow ---------------------------------------------------------------
def unfollowable(actions: Sequence[Any], letter: str, s: GameState, seats: set[str]) -> str | None:
    """Why the line cannot be checked before any search, or None."""
    for act in actions:
        other = _unbuilt_party(act, letter, s, seats)
        if other:
            return f"a trade with the {other} ({format_action(act)}: cards or pieces to or from its hand or board), a seat not played by legal moves here (its services are no legal moves)"
        if not isinstance(act, Battle):
            continue
        defender = ENGINE_NAMES.get(act.defender)
        attacker = ENGINE_NAMES.get(act.attacker or letter)
        if act.ambushes:
            return f"an ambush ({format_action(act)}): which card, from a hand the file does not record"
        for side in (defender, attacker):
            if side not in seats:
                return f"a battle with the {side} ({format_action(act)}), a seat not played by legal moves here: its choices are no legal moves"
        if act.rolls is not None and act.rolls[0] < act.rolls[1] and defender != "alliance":
            return f"the dice {act.rolls} of {format_action(act)} are not the engine's (the attacker takes the higher roll, LoR 4.3.2)"
    return None


def _unbuilt_party(act: Any, letter: str, s: GameState, seats: set[str]) -> str | None:
    """A human seat whose Law is not built, whose hand or board the move takes from or gives to
    (``R#O->V``, ``2Ow->O$``: a Riverfolk's services bought)."""
    if not isinstance(act, Move):
        return None
    for place in [p.start for p in act.parts] + list(act.dests):
        who = getattr(place, "faction", None) if isinstance(place, (Hand, Board)) else None
        name = ENGINE_NAMES.get(who or "")
        if who and who != letter and name in s.factions and name not in seats and not s.factions[name].is_bot:
            return name
    return None


def starting_funds(s: GameState, faction: str, part: str, actions: Sequence[Any]) -> None:
    """The Company's setup line need not write its Starting Funds (LoR 11.3.4: three warriors in
    Payments; Rootlog_V2's own example omits them): the position at the line's start holds them
    in Payments as the line begins (``targets``), as the engine's setup places them.""" 
    if faction != "riverfolk" or part != "setup" or any(isinstance(d, Board) for a in actions if isinstance(a, Move) for d in a.dests):
        return
    board = s.factions[faction].board
    n = min(3, s.factions[faction].supply.get("warrior", 0))
    s.factions[faction].supply["warrior"] -= n
    board.payments[faction] = board.payments.get(faction, 0) + n  # type: ignore[union-attr]


def apply_unchecked(s: GameState, letter: str, actions: list[Any], seats: set[str]) -> None:
    """A line of a seat not checked, as the import plays it; its cards into and out of the
    checked seats' hands and the Alliance's supporters are kept by size and suit."""
    play_actions(s, letter, actions)
    for key, n in _card_extras(s, letter, actions, seats).items():
        if key[0] == "hand":
            _cards(s, s.factions[key[1]].hand, n)
        elif key[0] == "supporters":
            board = s.factions[key[1]].board
            board.supporters = list(board.supporters or ())  # type: ignore[union-attr]
            _cards(s, board.supporters, n)  # type: ignore[union-attr]


def _cards(s: GameState, pile: list[int], n: int) -> None:
    for _ in range(n):
        if s.deck:
            pile.append(s.deck.pop())
    for _ in range(-n):
        if pile:
            s.discard.append(pile.pop())


# -- a whole game ----------------------------------------------------------------------------------
def check_game(text: str, path: str = "") -> Verdict:
    """Every line of the game: the human seats' through the legal moves, the others' as the
    import plays them."""
    try:
        record = parse_file(text)
    except RootlogError as e:  # the lines before it are checked all the same
        before = check_game("\n".join(text.splitlines()[: e.line - 1]), path) if e.line and e.line > 1 else None
        if before is not None and before.status != "legal":
            return before
        return Verdict(path, "unchecked", e.line, f"the parser stops: {e}", before.checked if before else 0, before.not_built if before else ())
    bots = bot_seats(text)
    try:
        s = start_position(record, bots, bot_rule_sets(text), seat_options(text))
    except ImportError_ as e:
        return Verdict(path, "unchecked", e.line, str(e), 0)
    names = {letter: ENGINE_NAMES[letter] for letter, _ in record.seats}
    seats = {n for n in names.values() if not s.factions[n].is_bot and law_built(n)}
    not_built = tuple(sorted(letter for letter, n in names.items() if not s.factions[n].is_bot and n not in seats))
    seen: set[str] = set()
    checked = 0
    engines = True  # every line so far played by the legal moves: the pieces are the engine's
    for turn, number in zip(record.turns, turn_lines(text)):
        part = "turn" if turn.faction in seen else "setup"
        seen.add(turn.faction)
        faction = names.get(turn.faction)
        actions = list(turn.actions)
        try:
            if faction not in seats:
                apply_unchecked(s, turn.faction, actions, seats)
                engines = False
                continue
            s = check_line(s, faction, turn.faction, part, actions, seats)
            checked += 1
        except ImportError_ as e:
            why = moved_from_nowhere(e, faction, actions) if engines else None
            if why:
                return Verdict(path, "refused", number, why, checked, not_built)
            return Verdict(path, "unchecked", number, f"the strict import stops at {e.token!r}: {e.problem}", checked, not_built)
        except Unchecked as e:
            return Verdict(path, "unchecked", number, str(e), checked, not_built)
        except Refused as e:
            return Verdict(path, "refused", number, str(e), checked, not_built)
    return Verdict(path, "legal", None, "", checked, not_built)


def moved_from_nowhere(e: ImportError_, faction: str | None, actions: Sequence[Any]) -> str | None:
    """LoR 4.2.1: a seat's line that moves its own warriors out of a clearing where it has none,
    every line before it played by the legal moves (so the position is the engine's, not a
    bookkeeping of the file's): refused with the rule. None for any other stop of the import."""
    if e.missing is None or e.missing[0] != faction:
        return None
    moves = [a for a in actions if isinstance(a, Move) and format_action(a) == e.token]
    if not moves or not all(isinstance(d, Clearing) for a in moves for d in a.dests) or not moves[0].dests:
        return None
    owner, kind, c = e.missing
    return f"LoR 4.2.1: {e.token!r} moves the {owner}'s {kind}s out of {c}, where it has none"


def check_line(s: GameState, faction: str, letter: str, part: str, actions: list[Any], seats: set[str]) -> GameState:
    """The position after the line played by the legal moves. A craft names its item or card,
    not which copy (``Z%x``: the bird or the mouse Crossbow): each card of the game's deck that
    could have made it is tried in the hand (LoR 4.1), the first that lets the line follow kept."""
    why = unfollowable(actions, letter, s, seats)
    if why:
        raise Unchecked(why)
    crafts = [a for a in actions if isinstance(a, Craft)]
    options = [craft_cards(s, c) for c in crafts]
    for craft, cards in zip(crafts, options, strict=True):
        if not cards:
            raise Refused(f"LoR 4.1: no card of the deck crafts {format_action(craft)}")
    for k, act in enumerate(actions):
        why = unpayable(s, faction, letter, actions[:k], act) if isinstance(act, Craft) else None
        if why:
            raise Refused(why)
    why = broken_bound(s, faction, letter, part, actions)
    if why:
        raise Refused(why)
    failed: Refused | Unchecked | None = None
    unheld: Unchecked | None = None  # a card the hand could not hold (another hand has it)
    for made in islice(product(*options), MAX_CRAFT_CARDS):
        try:
            return _check_with(s, faction, letter, part, actions, seats, list(made))
        except _Unheld as e:
            unheld = unheld or e
        except (Refused, Unchecked) as e:
            if failed is None or isinstance(e, Refused):
                failed = e
    failed = failed or unheld
    assert failed is not None
    if crafts and isinstance(failed, Refused):
        raise Refused(f"{failed} (with each card that could have made {', '.join(format_action(c) for c in crafts)})")
    raise failed


def _check_with(s: GameState, faction: str, letter: str, part: str, actions: list[Any], seats: set[str], made: list[int]) -> GameState:
    """The line checked with the crafts made by the cards ``made`` (put in the hand)."""
    s = s.clone()
    want = spent_suits(actions, letter)
    why = fit_hand(s, faction, want) or fit_outrage(s, faction, letter, actions, want)
    supporters = getattr(s.factions[faction].board, "supporters", None)
    if not why and supporters is not None:
        why = fit_hand(s, faction, spent_suits(actions, letter, Board), supporters)
    for other in sorted(seats - {faction}):  # a checked seat's hand the line takes from
        why = why or fit_hand(s, other, taken_from(actions, letter, LETTERS[other]))
    why = why or fit_ruins(s, actions)
    if why:
        raise Unchecked(why)
    shown = shown_suits(actions, letter) if letter in REVEALERS.values() else Counter()
    for cid in made:
        suit = s.deckdef.card(cid).suit
        if shown[suit] > 0:  # a card revealed in Daylight is back in the hand to craft in Evening (LoR 10.6, 12.6)
            shown[suit] -= 1
            held = hold_card(s, faction, cid, want - Counter({suit: 1}))
        else:
            held = hold_card(s, faction, cid, want)
            want[suit] += 1
        if held:
            raise _Unheld(held)
    try:
        t = targets(s, letter, actions, seats, made, part)
    except ImportError_ as e:
        raise ImportError_(0, e.token, e.problem, e.missing) from None
    dice = [a.rolls for a in actions if isinstance(a, Battle)]
    allowed = [allowed_discards(s, letter, actions[:k], made) for k in range(len(actions) + 1)]
    reveals = [allowed_reveals(letter, actions[:k]) for k in range(len(actions) + 1)]
    return match_line(_Line(s, faction, part, actions, t, seats, dice, named_cards(s, actions, made), allowed, reveals))


def named_cards(s: GameState, actions: Sequence[Any], made: Sequence[int]) -> frozenset[tuple[str, str]]:
    """The cards (title, suit) the line crafts (``made``) or writes by name (``#marshal``,
    ``#gentlyusedknapsackO->D``): the search keeps them apart from other cards of their suit."""
    names = {c.thing.name for a in actions if isinstance(a, Move) for p in a.parts for c in p.things if isinstance(c.thing, Card) and c.thing.name}
    names |= {a.card for a in actions if isinstance(a, Craft) and a.card}
    out = {(s.deckdef.card(cid).title, s.deckdef.card(cid).suit) for cid in made}
    for card in s.deckdef.cards:
        if any(abbreviates(n, re.findall(r"[a-z]+", card.title.lower())) for n in names):
            out.add((card.title, card.suit))
    return frozenset(out)


# -- crafts ------------------------------------------------------------------------------------------
def unpayable(s: GameState, faction: str, letter: str, before: list[Any], craft: Craft) -> str | None:
    """LoR 4.1.1: why no card that makes ``craft`` can be paid with the crafter's crafting pieces
    as the line's earlier actions leave the map (all of them unused: a bound, so a line refused
    here no chain of legal moves could make); None when one can be, or when the seat's Law module
    names no ``crafting_pieces`` (the search decides)."""
    law = rules_of(faction).lor()
    pieces_of = getattr(law, "crafting_pieces", None)
    if pieces_of is None:
        return None
    shadow = s.clone()
    try:
        play_actions(shadow, letter, list(before))
    except ImportError_:
        return None
    pieces = dict(pieces_of(shadow))
    if isinstance(shadow.factions[faction].board, VagabondBoard):  # his items are the table's in the import
        for suit in pieces:
            pieces[suit] += items_gained(before, letter, "h")
    if any(can_pay(s.deckdef.card(cid).cost, pieces) for cid in craft_cards(s, craft)):
        return None
    have = ", ".join(f"{n} {suit}" for suit, n in sorted(pieces.items()) if n) or "none"
    return f"LoR 4.1.1: no card that makes {format_action(craft)} can be paid with the crafting pieces on the map ({have})"


def craft_cards(s: GameState, craft: Craft) -> list[int]:
    """One card of each title and suit in the game's deck that could have made the craft: those
    crafting its item (``Z%x``), or those its name or abbreviation names (``Zrpart``)."""
    out: dict[tuple[str, str], int] = {}
    for cid in range(len(s.deckdef.cards)):
        c = s.deckdef.card(cid)
        if craft.item is not None:
            fits = c.item is not None and c.item == ENGINE_ITEMS.get(craft.item, craft.item)
        else:
            fits = c.kind not in ("ambush", "dominance") and abbreviates(craft.card or "", re.findall(r"[a-z]+", c.title.lower()))
        if fits:
            out.setdefault((c.title, c.suit), cid)
    return list(out.values())


def abbreviates(short: str, words: list[str]) -> bool:
    """``short`` is made of beginnings of the title's words, in order (``rpart``: Rabbit
    Partisans; ``false``: False Orders; ``taxcollector``)."""
    if not short:
        return True
    return any(words[j].startswith(short[:k]) and abbreviates(short[k:], words[j + 1 :]) for j in range(len(words)) for k in range(len(short), 0, -1))
