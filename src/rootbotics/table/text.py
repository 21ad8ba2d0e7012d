"""What the table companion says: where the game stands and what to do next, the board, the score."""

from __future__ import annotations

import re

from typing import TYPE_CHECKING, Any

from ..core.faction import BoardTable, faction_title, rules_of
from ..core.moves import SECRET_STEPS
from .chance import card_choices
from .places import clearing_name, landmarks
from .steps import in_clearings, map_forests, plain, who

if TYPE_CHECKING:
    from ..core.state import FactionState, GameState
    from .session import Session


def status_lines(session: Session) -> list[str]:
    """The next thing to do: a bot step to carry out, a question, or a human's turn."""
    play, cfg = session.play, session.config
    state = play.game.state
    if play.unconfirmed:
        step = play.unconfirmed[0]
        return [f"Step {step_count(session, step.number)}: {step.text}  (ok when done)"]
    if play.pending is not None and play.pending.ask == "move":
        return move_lines(session)
    if play.pending is not None:
        q = play.pending
        who = f"{cfg.player(q.faction)}: " if q.faction else ""
        lines = [f"Question for {who or 'the table: '}{words(session, q.text)}"]
        if q.options and q.ask != "draw":  # a draw may be any card of the deck: not listed
            lines.append(f"  choose from: {plain(card_choices(q, state.deckdef), play.names)}")
        return lines
    if play.over:
        return [f"Game over: {plain(state.end_reason, play.names)}", *score_lines(session)]
    if play.open is not None:
        f = play.open.faction
        what = "set up" if play.open.stage == "setup" else f"take your turn (round {play.round})"
        return [f"{cfg.player(f)} ({faction_title(f, 'human')}): {what}; enter Rootlog lines, then done."]
    return []


def step_count(session: Session, number: int) -> str:
    """``11/13`` once the turn's steps are all known; ``11`` while the turn waits on a question
    or a human (its count would grow: issue 30 item 7)."""
    play = session.play
    return f"{number}/{len(play.steps)}" if play.finished else str(number)


def words(session: Session, text: str) -> str:
    """The engine's words for a player: names for factions and pieces, clearings with their
    suits and landmarks (``in 12`` -> ``in clearing 12 (fox, middle, lower left, ruin)``)."""
    state = session.play.game.state
    marks = landmarks(state.map.name)
    return map_forests(in_clearings(plain(text, session.play.names), lambda c: clearing_name(c, state.suit(c), marks[c])))


def move_lines(session: Session) -> list[str]:
    """A law-mode seat's decision: who, what, under which rule, and the numbered legal moves."""
    from .law import listing

    play, cfg = session.play, session.config
    d = play.pending.decision if play.pending is not None else None
    if d is None:
        return []
    state = play.game.state
    stage = "set up" if state.phase == "setup" else f"round {play.round}"
    named = [clearings_named(state, line) for line in listing(d)]
    return [f"{cfg.player(d.seat)} ({faction_title(d.seat, 'human')}, {stage}): {d.prompt or d.step} [{d.step}, {d.rule}]", *named]


CLEARING_WORD = re.compile(r"\bclearing (\d+)\b")  # a move's clearing, named as the table names clearings


def clearings_named(state: GameState, text: str) -> str:
    """``clearing 1`` in a move's words as the table names clearings: ``clearing 1 (fox,
    top-left corner)`` (the terminal's list and the web page's buttons alike)."""
    marks = landmarks(state.map.name)
    return CLEARING_WORD.sub(lambda m: clearing_name(int(m[1]), state.suit(int(m[1])), marks[int(m[1])]) if 1 <= int(m[1]) <= 12 else m[0], text)


def hand_lines(session: Session, name: str = "") -> list[str]:
    """The cards in a human's hand: the player named, else the one asked or playing now, else
    every human."""
    play, cfg = session.play, session.config
    state = play.game.state
    humans = [s.faction for s in cfg.seats if s.seat == "human"]
    if name:
        chosen = [f for f in humans if name.lower() in (cfg.player(f).lower(), f)]
        if not chosen:
            raise ValueError(f"{name!r} is not a human at this table ({', '.join(cfg.player(f) for f in humans) or 'none'})")
    elif play.pending is not None and play.pending.faction in humans:
        chosen = [play.pending.faction]
    elif play.open is not None and not play.unconfirmed:
        chosen = [play.open.faction]
    else:
        chosen = humans
    out = []
    for f in chosen:
        cards = [state.deckdef.card(c).label() for c in state.factions[f].hand]
        out.append(f"  {cfg.player(f)} holds {len(cards)} card(s): {', '.join(cards) or 'none'}")
    return out


def score_lines(session: Session, state: GameState | None = None) -> list[str]:
    state = state or table_state(session)
    rows = sorted(state.factions.items(), key=lambda kv: -kv[1].vp)
    return [f"  {fs.vp:>2} VP  {session.config.player(f) if fs.seat == 'human' else faction_title(f, 'bot', fs.rule_set)}" for f, fs in rows]


def table_state(session: Session) -> GameState:
    """The position at the current step (issue 30 item 5): with a bot step waiting, the table
    once that step is carried out (as the web page's board shows it, the step's clearings
    ringed), not where the engine has already played to; else where the engine stands."""
    play = session.play
    if play.unconfirmed:
        return play.position_after(play.unconfirmed[0].number)
    return play.game.state


def clearing_row(state: GameState, c: int, names: dict[str, str]) -> str:
    """``Mechanical Marquise 1w, workshop; Ann pawn; ruin``: a clearing's pieces by owner."""
    cl = state.clearings[c]
    owned: dict[str, list[str]] = {}
    for f, n in sorted(cl.warriors.items()):
        if n:
            owned.setdefault(f, []).append(f"{n}w")
    for f, k in cl.buildings:
        owned.setdefault(f, []).append(k)
    for f, k in cl.tokens:
        owned.setdefault(f, []).append(rules_of(f).describe_token(state, c, k))
    for f in cl.pawns():
        owned.setdefault(f, []).append("pawn")
    parts = [f"{who(f, names).removeprefix('the ')} {', '.join(plain(p, names) for p in pieces)}" for f, pieces in owned.items()]
    return "; ".join(parts + (["ruin"] if cl.ruin else [])) or "-"


def board_lines(session: Session) -> list[str]:
    """Pieces per clearing at the current step (its suit: the steps and questions say where a
    clearing lies), then the score and each bot's order card and Decree."""
    play = session.play
    state = table_state(session)
    out = [f"Round {state.round}, {plain(state.current, play.names)} to play ({state.phase})."]
    if play.unconfirmed:
        out[0] += f" The table once step {play.unconfirmed[0].number} is carried out."
    for c in range(1, 13):
        out.append(f"  {c:>2} ({state.suit(c)}): {clearing_row(state, c, play.names)}")
    out += score_lines(session, state)
    for f, fs in state.factions.items():
        if not fs.is_bot:
            kept = human_board(state, fs)  # a human Vagabond's pawn and items, the Company's Payments
            out.append(f"  {session.config.player(f)} holds {len(fs.hand)} card(s)" + seat_words(state, f"; {'; '.join(kept)}" if kept else "", play.names))
            continue
        out.append(f"  {faction_title(f, 'bot', fs.rule_set)}: " + seat_words(state, "; ".join(bot_board(state, fs)), play.names))
    return [map_forests(line) for line in out]


def seat_words(state: GameState, text: str, names: dict[str, str]) -> str:
    """A seat's board in a player's words, a clearing by number and suit (``in clearing 3 (rabbit)``)."""
    return in_clearings(plain(text, names), lambda c: clearing_name(c, state.suit(c)))


def human_board(state: GameState, fs: FactionState) -> list[str]:
    """What the engine keeps on a human seat's board beyond its hand (its faction says)."""
    rules = rules_of(fs.faction)
    cards = rules.describe_cards(state, fs)
    lines = [p.strip() for p in rules.describe_board(state, fs) if isinstance(p, str)]
    return ([cards] if cards else []) + lines


def bot_board(state: GameState, fs: FactionState) -> list[str]:
    """What lies on a bot's own board that the table can check: its order card (or what its
    faction shows instead, the Riverfolk's Market), then its faction's board in a line each."""
    rules = rules_of(fs.faction)
    cards = rules.describe_cards(state, fs)
    if cards is None:
        cards = f"order card {'none' if fs.order is None else state.deckdef.card(fs.order).label()}"
    parts = [cards]
    for part in rules.describe_board(state, fs):
        if isinstance(part, BoardTable):
            columns = ", ".join(f"{col} " + ("/".join(row[k] for row in part.rows if row[k]) or "-") for k, col in enumerate(part.columns))
            parts.append(f"{part.title}: {columns}")
        else:
            parts.append(part.strip())
    return parts


def entry_said(session: Session, entry: dict[str, Any]) -> str:
    """An entry in a few words: ``Ann's line w->9``, ``ok of 3 steps``, ``the answer none``."""
    kind = entry.get("kind")
    player = session.config.player(entry.get("faction", "")) if entry.get("faction") else ""
    if kind == "line":
        return f"{player}'s line {entry['text']}"
    if kind == "done":
        return f"{player}'s done"
    if kind == "ok":
        n = int(entry.get("n", 1))
        return f"ok of {n} bot step{'s' if n != 1 else ''}"
    value = entry.get("value")
    if entry.get("ask") == "move" and isinstance(value, dict) and value.get("step") in SECRET_STEPS:
        return f"a secret answer ({value['step']})"  # a face-down plot's kind (LoR 13.2.2.1)
    shown = " ".join(map(str, value)) if isinstance(value, (list, tuple)) else str(value)
    return f"the answer {'none' if value is None else plain(shown, session.play.names)} ({str(entry.get('ask', '')).replace('_', ' ')})"


def entries_said(session: Session, entries: list[dict[str, Any]]) -> str:
    """Entries in a few words each, in the order they were typed."""
    return "; ".join(entry_said(session, e) for e in entries)
