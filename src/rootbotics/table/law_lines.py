"""A Rootlog line as the answer to a law-mode decision (issue 26 part 5).

In law mode (``table/law.py``) a human seat answers each decision with one of its legal moves.
A person at the table may instead type what they did as a Rootlog line (``w1->5`` while the
March asks where to move from, ``b_s->9`` for a Build, ``t_k->1/...`` at the setup). The line
is mapped to the *chain of legal moves* that changes the board as it does, and the chain's
moves are the answers.

The matching knows no faction: it compares positions. The line's change (the *target*) is what
``rootlog_import.play_actions`` does to a copy of the position at the decision (pieces, VP,
pawns, paths...), plus the hands for its card moves. A candidate chain is played on a copy of
the game from the current part's start with the part's recorded answers and the chain's moves
(as ``table/replay.py`` plays a part again), stopped at the next question; its change is compared
with the target. Chains are tried breadth-first, the shortest first, at most ``MAX_DEPTH``
decisions and ``MAX_TRIES`` plays. A chain *matches* when it makes every change the line writes,
exactly, and changes nothing else of a kind the line writes (same owner and piece kind, the same
hand, the same VP track): a Build written ``b_s->9`` matches the build that also pays its wood
and scores its VP, unless the line writes the wood (``b_s->9/t1->``) or the VP (``++``), which
must then be as written. Of several shortest matches, one that changes exactly what the line
writes is preferred; matches changing the board differently are refused as ambiguous, naming
what tells them apart.

``chain_text`` is the other way: the Rootlog line of what a finished chain of moves changed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.context import Game, GameOver
from ..core.events import EventLog
from ..core.state import GameState
from ..game import new_game, play_turn
from .board import ENGINE_NAMES, LETTERS
from .chance import Answers, BadAnswer, NeedInput, TableChance
from .controller import TableController, TurnOpen
from .export import Writer, snapshot
from .law import encode
from .law_boards import board_features, board_group, board_lines, line_changes
from .rootlog import Card, Hand, Move, RootlogError, format_actions, parse_action
from .rootlog_import import ImportError_, play_actions

if TYPE_CHECKING:
    from ..core.moves import Decision
    from ..core.moves import Move as LegalMove
    from .replay import Play

MAX_DEPTH = 8  # decisions in one chain
MAX_TRIES = 3000  # chains played for one line
SLACK = 4  # decisions in a row a chain may take without coming closer to the line's change
SUITS = ("bird", "fox", "mouse", "rabbit")
SUIT_OF = {"B": "bird", "F": "fox", "M": "mouse", "R": "rabbit"}

Key = tuple[Any, ...]
Delta = dict[Key, int]
Chain = tuple[tuple["Decision", "LegalMove"], ...]


# -- positions as counts ------------------------------------------------------------------------
def features(s: GameState, boards: bool = False) -> Counter[Key]:
    """What Rootlog can say about a position, as counts: pieces by place, pawns, the Ferry,
    ruin items, plots, opened paths, VP, swayed ministers, the human hands by suit; with
    ``boards``, the seats' boards as well (``law_boards``: cards by name and pile, leaders,
    supporters, items, relationships)."""
    snap = snapshot(s)
    out: Counter[Key] = Counter()
    for (place, owner, kind), n in snap.pieces.items():
        out[("piece", owner, kind, place)] += n
    for f, place in snap.pawns.items():
        out[("pawn", f, place)] = 1
    if snap.ferry is not None:
        out[("ferry", snap.ferry)] = 1
    for (c, item), n in snap.ruin_items.items():
        out[("ruin", item, c)] += n
    for c, (kind, up) in snap.faces.items():
        out[("plot", c, kind, up)] = 1
    for path in snap.opened:
        out[("opened", path)] = 1
    for f, vp in snap.vp.items():
        out[("vp", f)] = vp
    for m in snap.ministers:
        out[("minister", m)] = 1
    for f, fs in s.factions.items():
        if not fs.is_bot:
            out[("hand", f)] = len(fs.hand)
            for cid in fs.hand:
                out[("hand", f, s.deckdef.card(cid).suit)] += 1
    if boards:
        out.update(board_features(s))
    return out


def delta(a: Counter[Key], b: Counter[Key]) -> Delta:
    return {k: b[k] - a[k] for k in set(a) | set(b) if b[k] != a[k]}


def group(key: Key) -> Key:
    """The kind of thing a key counts: one owner's pieces of one kind, one seat's hand or VP,
    one pile of cards of a seat (``law_boards.board_group``)."""
    if key[0] == "ruin":  # the items under the ruins, one kind of thing (which item was taken matters)
        return key[:1]
    if key[0] == "piece" and key[2] == "warlord":  # the Hundreds' warlord is one of its warriors (LoR 14.2.2)
        return (*key[:2], "warrior")
    return board_group(key) or (key[:3] if key[0] == "piece" else key[:2])


def line_delta(s: GameState, faction: str, text: str) -> Delta:
    """The change the line makes to ``s`` (a ValueError naming the token if it cannot)."""
    letter = LETTERS[faction]
    actions = parse_action(text, letter)
    shadow = s.clone()
    try:
        play_actions(shadow, letter, actions)
    except ImportError_ as e:
        raise ValueError(f"{e.token!r}: {e.problem}") from None
    out = {k: v for k, v in delta(features(s), features(shadow)).items() if k[0] != "hand"}
    cards = _card_changes(s, faction, actions)
    cards.update(_boards(s, faction, actions))  # (update: ``+`` would drop the losses)
    for key, n in cards.items():
        if n:
            out[key] = out.get(key, 0) + n
    return {k: v for k, v in out.items() if v}


def _boards(s: GameState, faction: str, actions: Sequence[object]) -> Counter[Key]:
    """``law_boards.line_changes``, and a craft's card out of the hand (counted by suit there)."""
    try:
        return line_changes(s, faction, actions)  # type: ignore[arg-type]
    except ValueError as e:
        raise ValueError(str(e)) from None


def _card_changes(s: GameState, faction: str, actions: Sequence[object]) -> Counter[Key]:
    """Cards into and out of the human hands: ``#->C`` draws, ``F#C->`` (or, at the table,
    ``F#->``) discards one of one's own, ``R#C->A`` gives one."""
    out: Counter[Key] = Counter()
    for act in actions:
        if not isinstance(act, Move):
            continue
        into = [ENGINE_NAMES.get(d.faction) for d in act.dests if isinstance(d, Hand)]
        for part in act.parts:
            for counted in part.things:
                card = counted.thing
                if not isinstance(card, Card):
                    continue
                suit = SUIT_OF.get(card.suit or "")
                source = ENGINE_NAMES.get(part.start.faction) if isinstance(part.start, Hand) else (faction if part.start is None and not act.dests else None)
                for who, sign in [(source, -1), *((f, 1) for f in into)]:
                    if who is None or who not in s.factions or s.factions[who].is_bot:
                        continue
                    out[("hand", who)] += sign * counted.count
                    if suit:
                        out[("hand", who, suit)] += sign * counted.count
    return out


# -- playing a chain on a copy --------------------------------------------------------------------
@dataclass(slots=True)
class Reached:
    """Where a chain leads: the position, and the next decision of a law-mode seat (None when
    the part is played out or waits for another kind of question)."""

    state: GameState
    decision: Decision | None


def reach(play: Play, chain: Chain) -> Reached | None:
    """Play the current part from its start with its answers and the chain's moves, on a copy;
    None if the game cannot take the chain."""
    part, cfg = play.part, play.config
    base = 1 << 30  # entry numbers no real entry has
    answers = Answers([*part.answers, *((base + i, "move", encode(d, m)) for i, (d, m) in enumerate(chain))])
    ctl = TableController(answers, part.humans, law=cfg.law_factions())
    controllers = {seat.faction: ctl for seat in cfg.seats if seat.seat == "human"}
    chance = TableChance(answers, cfg.dice, cfg.deck)
    log = EventLog(list(play.log.events[: part.log_at]))
    decision = None
    try:
        if part.start is None:
            new_game(cfg.game_config(), chance, controllers, log)
        else:
            g = Game(part.start.clone(), chance, controllers, log)
            chance.bind(g)
            play_turn(g)
    except NeedInput as e:
        decision = e.question.decision if e.question.ask == "move" else None
    except (TurnOpen, GameOver):
        pass
    except BadAnswer:
        return None
    if chance.game is None:
        return None
    return Reached(chance.game.state, decision)


# -- the search -------------------------------------------------------------------------------------
def touched(s: GameState, faction: str, text: str) -> set[Key]:
    """What any beginning of the line changes (``w1->5/w5->9`` passes through 5)."""
    letter = LETTERS[faction]
    actions = parse_action(text, letter)
    out: set[Key] = set()
    shadow, base = s.clone(), features(s)
    for i, action in enumerate(actions):
        try:
            play_actions(shadow, letter, [action])
        except ImportError_:
            break
        out |= set(delta(base, features(shadow))) | set(_card_changes(s, faction, actions[: i + 1]))
        try:
            out |= set(line_changes(s, faction, actions[: i + 1]))
        except ValueError:
            break
    return out


def _verdict(target: Delta, got: Delta, mentioned: set[Key], passed: set[Key] = frozenset()) -> str:  # type: ignore[assignment]
    """``match``, ``exact`` (a match changing nothing else), ``on`` (may still become one) or
    ``off`` (a change the line writes went too far or the wrong way, or a change of a kind the
    line writes where no step of the line passes)."""
    if any(got[k] and group(k) in mentioned and k not in passed and k not in target for k in got):
        return "off"
    for k, want in target.items():
        have = got.get(k, 0)
        if k[0] == "hand":
            continue  # a hand's size and suits may go down before they go up (cards laid, then the Evening's draw)
        if have and (have * want < 0 or abs(have) > abs(want)):
            return "off"
    if any(got.get(k, 0) != want for k, want in target.items()):
        return "on"
    extra = [k for k in got if k not in target]
    if not extra:
        return "exact"
    return "on" if any(group(k) in mentioned for k in extra) else "match"


def _progress(target: Delta, got: Delta) -> int:
    """How much of the line's change the chain has made. An action's first steps (the action,
    its clearing, a wood paid before the building) make none: a chain may take ``SLACK``
    decisions in a row that make none."""
    return sum(min(abs(got.get(k, 0)), abs(want)) for k, want in target.items() if got.get(k, 0) * want > 0)


def find_chain(play: Play, text: str) -> list[tuple[Decision, LegalMove]]:
    """The legal moves that answer the pending decision and those after it so that the board
    changes as ``text`` says. A ValueError, one line naming the decision's rule, if none does."""
    q = play.pending
    assert q is not None and q.ask == "move"
    d0: Decision = q.decision
    start = play.game.state
    asked = f"{d0.rule}: {text.strip()!r} is not a legal move for {d0.prompt or d0.step}"
    try:
        target = line_delta(start, d0.seat, text)
    except (RootlogError, ValueError) as e:
        raise ValueError(f"{asked}: {e}") from None
    if not target:
        raise ValueError(f"{asked}: the line changes nothing on the board")
    base = features(start, boards=True)
    mentioned = {group(k) for k in target}
    passed = touched(start, d0.seat, text)
    level: list[tuple[Chain, Decision, int]] = [((), d0, 0)]
    before: dict[Chain, Delta] = {}
    tries = 0
    for _ in range(MAX_DEPTH):
        found: list[tuple[Chain, Delta, GameState, bool]] = []
        ahead: list[tuple[Chain, Decision, int]] = []
        for chain, d, astray in level:
            for m in d.moves:
                tries += 1
                if tries > MAX_TRIES:
                    raise ValueError(f"{asked}: no chain of legal moves found within {MAX_TRIES} tries that changes the board as the line does")
                longer = (*chain, (d, m))
                r = reach(play, longer)
                if r is None:
                    continue
                got = delta(base, features(r.state, boards=True))
                verdict = _verdict(target, got, mentioned, passed)
                if verdict in ("match", "exact"):
                    found.append((longer, got, r.state, verdict == "exact"))
                elif verdict == "on" and r.decision is not None:  # (no merging of equal positions:
                    now = _progress(target, got)  # what a step chose may matter later)
                    away = 0 if now > _progress(target, before.get(chain, {})) else astray + 1
                    before[longer] = got
                    if away <= SLACK:
                        ahead.append((longer, r.decision, away))
        if found:
            return _one(found, start, d0, text)
        if not ahead:
            break
        level = ahead
    raise ValueError(f"{asked}: no chain of legal moves from here changes the board as the line does")


def _one(found: list[tuple[Chain, Delta, GameState, bool]], start: GameState, d0: Decision, text: str) -> list[tuple[Decision, LegalMove]]:
    """The chain, if the shortest matches all change the board alike (exact ones preferred)."""
    pool = [x for x in found if x[3]] or found
    kinds: dict[frozenset[tuple[Key, int]], tuple[Chain, GameState]] = {}
    for chain, got, state, _ in pool:
        kinds.setdefault(frozenset(got.items()), (chain, state))
    if len(kinds) == 1:
        return list(pool[0][0])
    options = " or ".join(board_text(start, state, d0.seat) for _, state in list(kinds.values())[:4])
    raise ValueError(f"{d0.rule}: {text.strip()!r} could be {options}: write what tells them apart")


# -- a chain's Rootlog text -----------------------------------------------------------------------------
def board_text(before: GameState, after: GameState, faction: str) -> str:
    """The Rootlog actions (no faction prefix) of what changed from ``before`` to ``after``, as
    the seat ``faction`` would write them: pieces, pawns, VP (the export's comparison), and the
    seats' boards (``law_boards``: cards by name, crafts, leaders, items, relationships)."""
    actions = [*Writer(after, faction).diff(snapshot(before), snapshot(after)), *board_lines(before, after, faction)]
    return format_actions(actions) if actions else ""


def chain_text(play: Play, chain: Chain) -> str:
    """The Rootlog line of what ``chain`` (moves answering the pending decision and those after
    it) changes on the board; empty if it changes nothing."""
    r = reach(play, chain)
    if r is None:
        raise ValueError("the game cannot take this chain of moves")
    assert play.pending is not None
    return board_text(play.game.state, r.state, play.pending.decision.seat)
