"""``rootbotics show``: print a saved position (map pieces, turn, scores, the board clearing
by clearing, the Decree, the Vagabot, the Duchy's Burrow, the Lizards' board, the cards).

No ``from __future__ import annotations`` here: typer reads the annotations at run time.
"""

from collections import Counter
from collections.abc import Sequence
from typing import Annotated, Any

from .common import load_position
from .output import Out, card_label, seat_title, winner_line

HELP = (
    "Print a position saved with --save.\n\n"
    "Shows the map (with the Ferry, the Pass and closed paths where the map has them), the round, whose turn "
    "it is and in which phase, the scores and any winner, then the "
    "board clearing by clearing (suit, ruler, warriors of each faction, buildings, tokens, free building "
    "slots, ruins), the Eyrie Decree, the bots' order cards, crafted items and how many cards are in the "
    "deck and the discard pile."
)


def run_show(path: str) -> int:
    """Print the position saved in ``path``, part by part."""
    state = load_position(path)
    out = Out()
    print_heading(out, state, path)
    print_scores(out, state)
    out.text()
    print_board(out, state)
    for f in state.turn_order:
        print_faction_board(out, state, f)
    print_items_on_the_map(out, state)
    out.text()
    out.text(
        f"Cards: {len(state.deck)} in the deck, {len(state.discard)} in the discard pile, "
        f"{len(state.removed_cards)} out of the game"
    )
    return 0


def print_heading(out: Out, state: Any, path: str) -> None:
    """The file, map and seed, the map's own pieces, the round and whose turn (or the winner)."""
    out.header(f"Position {path}")
    out.text(f"Map: {state.map.name}    Seed: {state.seed}")
    for line in map_pieces(state):
        out.text(line)
    if state.winner is not None:
        out.text(f"Round {state.round}: the game is over")
        out.text(winner_line(state))
    else:
        out.text(f"Round {state.round}: {state.current} to play, {state.phase}")
        if state.end_reason:
            out.text(f"End reason: {state.end_reason}")
    out.text()


def print_scores(out: Out, state: Any) -> None:
    """A row per faction in turn order: seat, VP, cards, crafted items, result."""
    winners = set(state.winner or [])
    rows = []
    for f in state.turn_order:
        fs = state.factions[f]
        items = ", ".join(fs.items) if fs.items else "-"
        rows.append([f, seat_title(state, f), str(fs.vp), cards_shown(state, fs), items, "winner" if f in winners else ""])
    out.table(
        "Scores (in turn order)",
        [("faction", "left"), ("seat", "left"), ("VP", "right"), ("cards", "left"), ("crafted items", "left"), ("result", "left")],
        rows,
    )


def cards_shown(state: Any, fs: Any) -> str:
    """A bot's order card (the Riverfolk's Market and Payments), a human's hand size."""
    if not fs.is_bot:
        return f"hand: {len(fs.hand)} card{'' if len(fs.hand) == 1 else 's'}"
    from ..core.faction import rules_of

    shown = rules_of(fs.faction).describe_cards(state, fs)  # the Riverfolk's Market (9.2.1, 9.2.3)
    if shown is not None:
        return shown
    return f"order: {card_label(state, fs.order)}" if fs.order is not None else "order: none"


def print_board(out: Out, state: Any) -> None:
    """A row per clearing: suit, ruler, warriors by faction, buildings, tokens, slots, ruin."""
    from ..core.maps import CLEARINGS
    from ..core.rules import ruler

    factions = list(state.turn_order)
    board = []
    for c in CLEARINGS:
        cl = state.clearings[c]
        warriors = [str(cl.warriors.get(f, 0) or "-") for f in factions]
        board.append(
            [
                str(c),
                state.suits[c] or "?",
                ruler(state, c) or "-",
                *warriors,
                pieces(cl.buildings),
                tokens_shown(state, c),
                str(state.free_slots(c)),
                "ruin" if cl.ruin else "-",
            ]
        )
    columns = [("clearing", "right"), ("suit", "left"), ("ruler", "left")]
    columns += [(f"{f} warriors", "right") for f in factions]
    columns += [("buildings", "left"), ("tokens", "left"), ("free slots", "right"), ("ruin", "left")]
    out.table("Board", columns, board)


def print_faction_board(out: Out, state: Any, f: str) -> None:
    """Faction ``f``'s own board, as its faction describes it (the Decree, the Satchel, ...):
    tables drawn on a terminal, listed a line per row otherwise."""
    from ..core.faction import BoardTable, rules_of

    parts = rules_of(f).describe_board(state, state.factions[f])
    if parts:
        out.text()
    for part in parts:
        if not isinstance(part, BoardTable):
            out.text(part)
        elif out.rich:
            out.table(part.title, [(col, "left") for col in part.columns], [list(row) for row in part.rows])
        else:
            out.text(part.title)
            width = max(len(col) for col in part.columns) + 1
            for k, col in enumerate(part.columns):
                names = ", ".join(row[k] for row in part.rows if row[k]) or "-"
                out.text(f"  {(col + ':').ljust(width)} {names}")


def print_items_on_the_map(out: Out, state: Any) -> None:
    """Items under ruins (7.3.4, LoR 3.3.2) and items covering building slots (7.7.5)."""
    for label, pool in (("under ruins", "ruin_items"), ("covering slots", "slot_items")):
        where = [f"{c}: {', '.join(getattr(state.clearings[c], pool))}" for c in range(1, 13) if getattr(state.clearings[c], pool)]
        if where:
            out.text(f"  items {label}: {'; '.join(where)}")


def map_pieces(state: Any) -> list[str]:
    """The Lake's Ferry and the Mountain's Pass and closed paths, as they stand."""
    m = state.map
    lines = []
    if state.ferry is not None:
        used = " (it has sailed this turn)" if state.ferry_used else ""
        lines.append(f"Ferry: in {state.ferry}{used}; coastal clearings {', '.join(map(str, sorted(m.coastal)))}")
    if m.pass_clearing is not None:
        lines.append(f"The Pass: {m.pass_clearing}")
    if m.closed_paths:
        closed = [f"{a}-{b}" for a, b in sorted(m.closed_paths) if (a, b) not in state.opened_paths]
        opened = [f"{a}-{b}" for a, b in sorted(state.opened_paths)]
        lines.append(f"Closed paths: {', '.join(closed) or 'none'}" + (f"; opened: {', '.join(opened)}" if opened else ""))
    return lines


def pieces(pool: Sequence[tuple[str, str]]) -> str:
    """``[("marquise", "sawmill"), ("marquise", "sawmill")]`` -> ``"sawmill x2"``."""
    if not pool:
        return "-"
    counts = Counter(kind for _, kind in pool)
    return ", ".join(kind if n == 1 else f"{kind} x{n}" for kind, n in counts.items())


def tokens_shown(state: Any, c: int) -> str:
    """The tokens in ``c`` as people may see them (a face-down Corvid plot hides its kind, 11.7)."""
    from ..core.faction import rules_of

    tokens = state.clearings[c].tokens
    if not tokens:
        return "-"
    counts = Counter((f, kind) for f, kind in tokens)
    shown = [rules_of(f).describe_token(state, c, kind) for f, kind in counts]
    return ", ".join(s if n == 1 else f"{s} x{n}" for s, n in zip(shown, counts.values()))


def register(app: Any) -> None:
    """Add ``rootbotics show`` to ``app``."""
    import typer

    @app.command("show", help=HELP)
    def show_command(
        file: Annotated[
            str,
            typer.Argument(metavar="FILE", help="A position saved with 'rootbotics play --save FILE'.", show_default=False),
        ],
    ) -> int:
        return run_show(file)
