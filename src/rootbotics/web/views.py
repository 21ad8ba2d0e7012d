"""What the pages show, gathered from a session or a position: the status line, the steps,
the question, each bot's board (through its faction's ``describe_board``/``describe_cards``),
the VP track and the board picture."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ..core.faction import LAW, RULE_SETS, BoardTable, faction_title, rules_of
from ..core.state import FactionState, GameState
from ..table.session import Session
from ..table.text import status_lines, table_state
from .board import FILL, board_svg
from .compose import letter_of, supply_of
from .moves import answered_places, decision_key, law_view

WIN = 30  # the VP track runs to 30 (LoR 3.1)


@dataclass
class SeatView:
    """One seat beside the board: its name, VP, and (a bot) what lies on its board."""

    faction: str
    name: str
    colour: str
    vp: int
    bot: bool
    cards: str = ""
    parts: list[str | BoardTable] = field(default_factory=list)
    items: list[str] = field(default_factory=list)
    hand: int = 0
    traits: list[str] = field(default_factory=list)
    difficulty: str = "default"
    rule_set: str = ""  # a bot of another rule set than the Law: its name (core.faction.RULE_SETS)


def seat_views(state: GameState, players: dict[str, str]) -> list[SeatView]:
    """Every seat in turn order, bots with their boards described by their faction."""
    out = []
    for f in state.turn_order:
        fs = state.factions[f]
        name = players.get(f) or faction_title(f, fs.seat, fs.rule_set)
        view = SeatView(f, name, FILL.get(f, "#999"), fs.vp, fs.is_bot, items=list(fs.items), hand=len(fs.hand), traits=list(fs.traits), difficulty=fs.difficulty)
        if fs.is_bot:
            view.rule_set = "" if fs.rule_set == LAW else RULE_SETS.get(fs.rule_set, fs.rule_set)
            view.cards = _cards(state, fs)
            view.parts = [p if isinstance(p, BoardTable) else p.strip() for p in rules_of(f).describe_board(state, fs)]
        out.append(view)
    return out


def _cards(state: GameState, fs: FactionState) -> str:
    cards = rules_of(fs.faction).describe_cards(state, fs)
    if cards is not None:
        return cards
    return "order card: " + ("none" if fs.order is None else state.deckdef.card(fs.order).label())


def vp_track(state: GameState, players: dict[str, str]) -> list[dict[str, Any]]:
    """The score of each seat, highest first, with its share of the 30-VP track."""
    rows = sorted(state.factions.items(), key=lambda kv: -kv[1].vp)
    return [{"faction": f, "name": players.get(f) or faction_title(f, fs.seat, fs.rule_set), "vp": fs.vp, "colour": FILL.get(f, "#999"), "share": max(0, min(100, round(100 * fs.vp / WIN)))} for f, fs in rows]


def example_line(letter: str) -> str:
    """A line the box's hint shows: a move of the mover's own pieces, as Rootlog writes it."""
    return "p->7" if letter in ("V", "G") else "3w5->7"


def bad_column(text: str, error: str | None) -> dict[str, Any] | None:
    """The refused line cut at the column its refusal names (1-based): before, at, after."""
    found = re.search(r"\bcolumn (\d+)\b", error or "")
    if not text or found is None:
        return None
    col = max(1, min(int(found.group(1)), len(text)))
    return {"column": col, "before": text[: col - 1], "at": text[col - 1], "after": text[col:]}


def game_view(name: str, session: Session, error: str | None = None, told: list[str] | None = None, text: str = "") -> dict[str, Any]:
    """Everything the game page shows for a table session (``text``: a refused line, shown again
    in its box with the column the refusal names marked)."""
    play, cfg = session.play, session.config
    players = {s.faction: s.player for s in cfg.seats if s.seat == "human"}
    state = play.g.state if play.g is not None else None
    current = play.unconfirmed[0] if play.unconfirmed else None
    moving = play.open is not None and not play.unconfirmed and play.pending is None
    steps = play.steps if play.steps else play.previous
    law = law_view(session) if state is not None else None
    view: dict[str, Any] = {
        "name": name, "config": cfg, "error": error, "told": told or [], "play": play,
        "status": status_lines(session) if state is not None else [f"Question for the table: {play.pending.text}" if play.pending else "Setting up"],
        "steps": steps, "current": current, "confirmed": play.part.confirmed if play.steps else len(steps),
        "total": len(steps) if play.finished or not play.steps else None,  # a turn that waits on a question or a human may grow (issue 30 item 7)
        "board_at": "",
        "pending": play.pending, "moving": moving, "mover": cfg.player(play.open.faction) if moving and play.open else "",
        "entries": len(session.entries), "undone": len(session.undone),
        "can_back": bool(session.entries) and session.entries[-1].get("kind") == "ok",
        "svg": "", "seats": [], "track": [], "round": play.round, "supply": [], "letter": "", "example": "3w5->7", "law": law,
        "key": decision_key(session), "text": text.strip(), "bad": bad_column(text.strip(), error),
    }
    if law is not None:  # the decision is shown with its moves as buttons, not as text lines
        view["status"] = [f"{law['who']} ({law['faction']}, {law['stage']}): {law['prompt']}"]
    if state is not None:
        if current is not None:  # the board at the current step: once the step shown is carried out, as ``board`` at the terminal
            state = table_state(session)
            view["board_at"] = f"The board once step {current.number} is carried out" + (" (its clearings ringed)." if current.places else ".")
        view["svg"] = board_svg(state, current.places if current else answered_places(session), pickable=moving)
        view["seats"] = seat_views(state, players)
        if moving and play.open is not None:  # what the mover may place by clicks, and their letter
            view["supply"] = supply_of(state, play.open.faction)
            view["letter"] = letter_of(play.open.faction)
            view["example"] = example_line(view["letter"])
        view["track"] = vp_track(state, players)
    return view
