"""``rootbotics show``: print a saved position (map pieces, turn, scores, the board clearing
by clearing, the Decree, the Vagabot, the Duchy's Burrow, the Lizards' board, the cards).

No ``from __future__ import annotations`` here: typer reads the annotations at run time.
"""

from collections import Counter
from collections.abc import Sequence
from typing import Annotated, Any

from .common import load_position
from .output import Out, card_label, card_name, seat_title, winner_line

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
        print_decree(out, state, f)
    for f in state.turn_order:
        vs = state.factions[f].vagabot
        if vs is not None:
            out.text()
            for line in vagabot_lines(state, vs):
                out.text(line)
    for f in state.turn_order:
        print_duchy_and_lizards(out, state, f)
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
    if fs.market is not None:  # the Riverfolk Robots (9.2.1, 9.2.3)
        row = ", ".join(card_label(state, c) for c in fs.market) or "empty"
        paid = ", ".join(f"{k} {n}" for k, n in sorted((fs.payments or {}).items())) or "empty"
        return f"Market (left to right): {row}; Payments: {paid}"
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
                plot_shown(state, c, pieces(cl.tokens)),
                str(state.free_slots(c)),
                "ruin" if cl.ruin else "-",
            ]
        )
    columns = [("clearing", "right"), ("suit", "left"), ("ruler", "left")]
    columns += [(f"{f} warriors", "right") for f in factions]
    columns += [("buildings", "left"), ("tokens", "left"), ("free slots", "right"), ("ruin", "left")]
    out.table("Board", columns, board)


def print_decree(out: Out, state: Any, f: str) -> None:
    """Faction ``f``'s Decree, if it has one: a table on a terminal, a line per column otherwise."""
    from ..core.state import DECREE_COLUMNS

    decree = state.factions[f].decree
    if decree is None:
        return
    out.text()
    if out.rich:
        depth = max([len(decree[col]) for col in DECREE_COLUMNS] + [1])
        rows = [
            [card_name(state, decree[col][i]) if i < len(decree[col]) else "" for col in DECREE_COLUMNS]
            for i in range(depth)
        ]
        out.table(f"{f.capitalize()} Decree", [(col, "left") for col in DECREE_COLUMNS], rows)
        return
    out.text(f"{f.capitalize()} Decree")
    width = max(len(col) for col in DECREE_COLUMNS) + 1
    for col in DECREE_COLUMNS:
        names = ", ".join(card_name(state, cid) for cid in decree[col]) or "-"
        out.text(f"  {(col + ':').ljust(width)} {names}")


def print_duchy_and_lizards(out: Out, state: Any, f: str) -> None:
    """The Duchy's Burrow and swayed ministers, the Lizards' board, if ``f`` is one of them."""
    ds = state.factions[f].duchy
    if ds is not None:
        from ..core.burrow import MINISTER_TITLE

        out.text()
        out.text(f"Drillbit Duchy: {ds.burrow} warrior{'' if ds.burrow == 1 else 's'} in the Burrow (not a clearing)")
        out.text("  Swayed ministers: " + (", ".join(MINISTER_TITLE[m] for m in ds.swayed) or "none"))
    lz = state.factions[f].lizards
    if lz is not None:
        out.text()
        for line in lizards_lines(state, lz):
            out.text(line)


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


def lizards_lines(state: Any, lz: Any) -> list[str]:
    """The Logical Lizards' board: acolytes, Conspiracy marker, Lost Souls (top first)."""
    from ..core.lizards import CONSPIRACIES

    souls = ", ".join(card_name(state, c) for c in reversed(lz.lost_souls)) or "-"
    lines = [
        "Lizards board",
        f"  acolytes: {lz.acolytes}; conspiracy marker on {CONSPIRACIES[lz.conspiracy]} (space {lz.conspiracy + 1}); order: {lz.order or 'none'}",
        f"  Lost Souls (top first): {souls}",
    ]
    if lz.revealed:
        lines.append("  revealed: " + ", ".join(card_name(state, c) for c in lz.revealed))
    return lines


def vagabot_lines(state: Any, vs: Any) -> list[str]:
    """The Vagabot's character, pawn, items and quest, for ``show``."""
    from ..core.items import CHARACTER_TITLES, quest_label, where

    def items(pick: Any) -> str:
        chosen = [i.kind for i in vs.items if pick(i)]
        return ", ".join(chosen) or "-"

    track = sorted((i for i in vs.items if i.track), key=lambda i: i.track)
    lines = [
        f"Vagabot: the {CHARACTER_TITLES[vs.character]}, in {where(state, vs)}",
        f"  face up: {items(lambda i: not i.track and not i.exhausted and not i.damaged)}",
        f"  exhausted: {items(lambda i: not i.track and i.exhausted and not i.damaged)}",
        f"  damaged: {items(lambda i: i.damaged)}",
        f"  Battle Track: {', '.join(i.kind for i in track) or '-'} (maximum rolled hits {vs.max_rolled_hits()}"
        + (", one extra hit as attacker)" if vs.attack_extra_hits() else ")"),
        f"  quest: {quest_label(vs.quest) if vs.quest is not None else 'none'}; {len(vs.quest_deck)} in the quest deck",
    ]
    ruins = [f"{c}: {', '.join(state.clearings[c].ruin_items)}" for c in range(1, 13) if state.clearings[c].ruin_items]
    if ruins:
        lines.append(f"  items under ruins: {'; '.join(ruins)}")
    slots = [f"{c}: {', '.join(state.clearings[c].slot_items)}" for c in range(1, 13) if state.clearings[c].slot_items]
    if slots:
        lines.append(f"  items covering slots: {'; '.join(slots)}")
    return lines


def pieces(pool: Sequence[tuple[str, str]]) -> str:
    """``[("marquise", "sawmill"), ("marquise", "sawmill")]`` -> ``"sawmill x2"``."""
    if not pool:
        return "-"
    counts = Counter(kind for _, kind in pool)
    return ", ".join(kind if n == 1 else f"{kind} x{n}" for kind, n in counts.items())


def plot_shown(state: Any, c: int, tokens: str) -> str:
    """A Corvid plot as people may see it: its kind once face up, never while face down (11.7)."""
    fs = state.factions.get("corvids")
    plot = None if fs is None or fs.plots is None else fs.plots.get(c)
    if plot is None:
        return tokens
    return tokens.replace("plot", f"plot ({plot[0]}, face up)" if plot[1] else "plot (face down)", 1)


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
