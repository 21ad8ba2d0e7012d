"""What the table companion says: where the game stands and what to do next, the board, the score."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.factions import faction_title

if TYPE_CHECKING:
    from ..core.state import FactionState, GameState
    from .session import Session


def status_lines(session: Session) -> list[str]:
    """The next thing to do: a bot step to carry out, a question, or a human's turn."""
    play, cfg = session.play, session.config
    state = play.game.state
    if play.unconfirmed:
        step = play.unconfirmed[0]
        return [f"Step {step.number}/{len(play.steps)}: {step.text}  (ok when done)"]
    if play.pending is not None:
        q = play.pending
        who = f"{cfg.player(q.faction)}: " if q.faction else ""
        return [f"Question for {who or 'the table: '}{q.text}"]
    if play.over:
        return [f"Game over: {state.end_reason}", *score_lines(session)]
    if play.open is not None:
        f = play.open.faction
        what = "set up" if play.open.stage == "setup" else f"take your turn (round {play.round})"
        return [f"{cfg.player(f)} ({faction_title(f, 'human')}): {what}; enter Rootlog lines, then done."]
    return []


def score_lines(session: Session) -> list[str]:
    state = session.play.game.state
    rows = sorted(state.factions.items(), key=lambda kv: -kv[1].vp)
    return [f"  {fs.vp:>2} VP  {session.config.player(f) if fs.seat == 'human' else faction_title(f, 'bot')}" for f, fs in rows]


def board_lines(session: Session) -> list[str]:
    """Pieces per clearing, then the score and each bot's order card and Decree."""
    state = session.play.game.state
    out = [f"Round {state.round}, {state.current} to play ({state.phase})."]
    for c in range(1, 13):
        cl = state.clearings[c]
        parts = [f"{f} {n}w" for f, n in sorted(cl.warriors.items()) if n]
        parts += [f"{f} {k}" for f, k in cl.buildings] + [f"{f} {k}" for f, k in cl.tokens]
        if cl.pawn:
            parts.append(f"{cl.pawn} pawn")
        if cl.ruin:
            parts.append("ruin")
        out.append(f"  {c:>2} ({state.suit(c)}): {', '.join(parts) or '-'}")
    out += score_lines(session)
    for f, fs in state.factions.items():
        if not fs.is_bot:
            out.append(f"  {session.config.player(f)} holds {len(fs.hand)} card(s)")
            continue
        out.append(f"  {faction_title(f, 'bot')}: " + "; ".join(bot_board(state, fs)))
    return out


def bot_board(state: GameState, fs: FactionState) -> list[str]:
    """What lies on a bot's own board that the table can check."""
    label = lambda c: state.deckdef.card(c).label()  # noqa: E731
    parts = [f"order card {'none' if fs.order is None else label(fs.order)}"]
    if fs.decree is not None:
        parts.append("Decree " + ", ".join(f"{col} {len(cards)}" for col, cards in fs.decree.items()))
    if fs.supporters is not None:
        parts.append(f"{len(fs.supporters)} supporter(s)")
    if fs.vagabot is not None:
        vs = fs.vagabot
        where = f"clearing {vs.clearing}" if vs.clearing is not None else f"forest {vs.forest}"
        items = ", ".join(f"{i.kind} ({i.state_words()})" for i in vs.items) or "no items"
        parts.append(f"{vs.character} in {where}; {items}")
    if fs.market is not None:
        parts.append(f"Market {', '.join(map(label, fs.market)) or 'empty'}; Payments {dict(fs.payments or {})}")
    if fs.duchy is not None:
        parts.append(f"Burrow {fs.duchy.burrow}; swayed {', '.join(fs.duchy.swayed) or 'none'}")
    if fs.lizards is not None:
        parts.append(f"{fs.lizards.acolytes} acolyte(s); Lost Souls {len(fs.lizards.lost_souls)}")
    if fs.plots is not None:
        parts.append(f"{sum(1 for _, up in fs.plots.values() if not up)} face-down plot(s) on the map")
    return parts
