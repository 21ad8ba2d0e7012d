"""The Corvids' plot tokens (Law of Robotics 11.3.1, 11.7, 11.8): which kind each one is, face up
or down, placing, flipping and removing them.

A plot on the map is the token ``("corvids", "plot")`` in its clearing (so counting pieces,
battle hits and removals treat it as any token) plus an entry ``plots[clearing] = (kind, face
up)`` on the Corvids' board (``CorvidsBoard``). A face-down plot's kind is known to the engine and hidden
from humans: events never name it until it is flipped or removed. The supply's kinds are the
box's eight (two of each) minus those on the map, so they need no storage of their own.

A human Corvid Conspiracy's face-down plots are hidden from the engine too: the token stands in
its clearing with no entry on the board until the human flips it (``t5^t_b``); the board records
only the plots whose face the table has shown. Their supply's kinds are the table's.

A Corvid Conspiracy played by legal moves (``lor.py``: a program, or a person in the table's law
mode) chooses each plot's kind, so the engine keeps its face-down plots as a bot's
(``CorvidsBoard.known``); no other seat's view shows their kinds (``programs.SeatView``).
"""

from __future__ import annotations

from ...core.context import Game
from ...core.faction import Board
from ...core.maps import CLEARINGS
from ...core.rules import place_warriors, remove_all_enemy_pieces, remove_piece, score
from ...core.state import GameState

CORVIDS = "corvids"

PLOT_KINDS: tuple[str, ...] = ("bomb", "snare", "extortion", "raid")  # 11.7
PLOTS_EACH = 2  # Law data: two of each kind (shared/data/bot-cards.md §4)
BOMB_BOT_LOSSES = 2  # 11.8.1


class CorvidsBoard(Board):
    """The Corvids' plots on the map: clearing -> (kind, face up) (11.3.1)."""

    __slots__ = ("plots", "known")

    def __init__(self, plots: dict[int, tuple[str, bool]] | None = None, known: bool = False) -> None:
        self.plots: dict[int, tuple[str, bool]] = {} if plots is None else plots
        self.known = known  # a human seat played by legal moves: its face-down plots are recorded

    def clone(self) -> CorvidsBoard:
        return CorvidsBoard(dict(self.plots), self.known)


def named(kind: str) -> str:
    """``a bomb``, ``an extortion``."""
    return f"an {kind}" if kind[0] in "aeiou" else f"a {kind}"


def plot_map(state: GameState) -> dict[int, tuple[str, bool]]:
    fs = state.factions.get(CORVIDS)
    if fs is None or not isinstance(fs.board, CorvidsBoard):
        return {}
    return fs.board.plots


def has_plot(state: GameState, c: int) -> bool:
    return (CORVIDS, "plot") in state.clearings[c].tokens


def facedown_plot(state: GameState, c: int) -> bool:
    """A plot stands in ``c`` face down (a human's hidden plot has no entry: it is face down)."""
    p = plot_map(state).get(c)
    return has_plot(state, c) and (p is None or not p[1])


def hidden(state: GameState) -> bool:
    """The Corvids are a human at the table, whose face-down plots' kinds the engine does not
    know (a human seat played by legal moves records them: ``CorvidsBoard.known``)."""
    fs = state.factions.get(CORVIDS)
    return fs is not None and not fs.is_bot and not (isinstance(fs.board, CorvidsBoard) and fs.board.known)


def face_up(state: GameState, kind: str | None = None) -> int:
    """Face-up plots on the map (of one kind, if given)."""
    return sum(1 for k, up in plot_map(state).values() if up and (kind is None or k == kind))


def supply_kinds(state: GameState) -> list[str]:
    """The kinds of the plots in supply, sorted: the box minus the map."""
    on_map = [k for k, _ in plot_map(state).values()]
    return [k for k in PLOT_KINDS for _ in range(PLOTS_EACH - on_map.count(k))]


def draw_kind(g: Game, what: str) -> str | None:
    """A random plot from the supply (11.5.3, 11.7.1)."""
    kinds = supply_kinds(g.state)
    if not kinds:
        return None
    return g.chance.pick(kinds, what)


def place_plot(g: Game, c: int, rule: str, why=None) -> bool:
    """Place a random face-down plot from the supply in ``c`` (11.5.3, 11.5.4). The event does not
    name its kind (it is hidden). Returns False if the supply has none."""
    s = g.state
    fs = s.factions[CORVIDS]
    kind = draw_kind(g, f"which plot goes face down in {c}")
    if kind is None or fs.supply.get("plot", 0) <= 0:
        g.emit(CORVIDS, rule, "no_plot", "has no plot token left in supply to place in {c}", c=c)
        return False
    fs.supply["plot"] -= 1
    s.clearings[c].tokens.append((CORVIDS, "plot"))
    assert fs.board.plots is not None
    fs.board.plots[c] = (kind, False)
    g.emit(CORVIDS, rule, "place_plot", "places a facedown plot in {c}", why, c=c)
    return True


def place_chosen(g: Game, c: int, kind: str, rule: str) -> None:
    """Place a face-down plot of ``kind``, chosen by a seat played by legal moves (LoR 13.5.2),
    from the supply in ``c``. The event does not name its kind (it is hidden, LoR 13.2.2.1)."""
    s = g.state
    fs = s.factions[CORVIDS]
    assert kind in supply_kinds(s) and fs.supply.get("plot", 0) > 0, f"no {kind} plot in supply"
    fs.supply["plot"] -= 1
    s.clearings[c].tokens.append((CORVIDS, "plot"))
    assert fs.board.plots is not None
    fs.board.plots[c] = (kind, False)
    g.emit(CORVIDS, rule, "place_plot", "places a facedown plot in {c}", c=c)


def forget(state: GameState, c: int) -> tuple[str, bool] | None:
    """``rules.remove_piece`` took the plot token off ``c``: its record goes too, and its kind is
    back among the supply's (None: a human's hidden plot, whose kind the table keeps)."""
    plots = state.factions[CORVIDS].board.plots
    assert plots is not None
    return plots.pop(c, None)


def expose(g: Game, seat: str, c: int) -> None:
    """Exposure guessed right (LoR 13.2.4): ``seat`` removes the bot's plot in ``c`` and scores for
    it (LoR 3.2.1), and the plot's effect is ignored: a raid places no warriors (LoR 13.7.4)."""
    plot = forget(g.state, c)  # the record goes first, so that the removal sets nothing off
    assert plot is not None
    remove_piece(g, CORVIDS, c, "plot", "LoR 13.2.4", by=seat)
    plot_removed(g, c, plot, exposed=True)


def plot_removed(g: Game, c: int, plot: tuple[str, bool], exposed: bool = False) -> None:
    """What follows a plot's removal from ``c``: it is revealed; a raid places one Corvid warrior
    in each adjacent clearing, face up or down (11.7.4, ruling R-RAID), unless Exposure removed
    it (LoR 13.7.4); the Backup Plans trait places a warrior where it was (3.3.2)."""
    s = g.state
    fs = s.factions[CORVIDS]
    kind, up = plot
    g.emit(CORVIDS, "11.7", "plot_removed", "its {state} plot in {c} was {what}", state="face-up" if up else "facedown", c=c, what=named(kind), kind=kind)
    if kind == "raid" and not exposed and known(s):
        raid_by_choice(g, c)
    elif kind == "raid" and not exposed:
        from ...core.targeting import in_priority_order  # the bots' one order of clearings (2.4, 12.2.2)

        order = in_priority_order(s, s.map.adjacent[c])
        why = f"the raid removed from {c}"
        if fs.supply.get("warrior", 0) < len(order):  # not enough for all: the order decides who gets one
            first = "the Pass (12.2.2), then " if order[0] == s.map.pass_clearing else ""
            why += f"; too few warriors for every adjacent clearing, so {first}highest priority first (2.1): {', '.join(map(str, order))}"
        for d in order:
            place_warriors(g, CORVIDS, d, 1, "11.7.4", why=lambda why=why: why)
    if fs.is_bot and "backup-plans" in fs.traits:
        place_warriors(g, CORVIDS, c, 1, "3.3.2", why=lambda: "Backup Plans: a plot token was removed here")


def known(state: GameState) -> bool:
    """The Corvids are a human seat played by legal moves (``lor.py``), which the engine asks."""
    fs = state.factions.get(CORVIDS)
    return fs is not None and not fs.is_bot and isinstance(fs.board, CorvidsBoard) and fs.board.known


def raid_by_choice(g: Game, c: int) -> None:
    """LoR 13.7.4 for a seat played by legal moves: a warrior in each clearing adjacent to ``c``
    (by the paths it may use, LoR C.3.2); with too few warriors in supply, the seat picks which
    clearings get one (LoR 1.5.4)."""
    from ...core.moves import Move, ask
    from ...core.paths import adjacent_for
    from ...core.rules import may_place_in

    s = g.state
    supply = s.factions[CORVIDS].supply
    spots = [d for d in adjacent_for(s, CORVIDS, c) if may_place_in(s, CORVIDS, d)]
    while spots and supply.get("warrior", 0) > 0:
        if supply["warrior"] >= len(spots):
            for d in spots:
                place_warriors(g, CORVIDS, d, 1, "LoR 13.7.4")
            return
        moves = [Move("clearing", (d,), "LoR 1.5.4") for d in spots]
        d = ask(g, CORVIDS, "raid.where", "LoR 1.5.4", moves, f"the raid removed from {c}: too few warriors, which clearing gets one").args[0]
        spots.remove(d)
        place_warriors(g, CORVIDS, d, 1, "LoR 13.7.4")


def flip(g: Game, c: int, rule: str) -> None:
    """Flip the face-down plot in ``c`` (11.4.4): score one VP per face-up plot on the map, then
    resolve its flip effect. Vendetta (3.3.2) adds the bomb's effect to every flip."""
    s = g.state
    fs = s.factions[CORVIDS]
    assert fs.board.plots is not None
    kind, _ = fs.board.plots[c]
    fs.board.plots[c] = (kind, True)
    g.emit(CORVIDS, rule, "flip", "flips the plot in {c}: {what}", c=c, what=named(kind), kind=kind)
    up = face_up(s)
    score(g, CORVIDS, up, rule, f"for flipping a plot: {up} face-up plot{'s' if up != 1 else ''} on the map")
    if kind == "bomb":
        bomb(g, c)
    elif kind == "extortion":
        extortion(g, c)
    elif kind == "snare":
        g.emit(CORVIDS, "11.7.2", "snare", "the snare in {c} is set: enemies cannot place pieces there or move out of it", c=c)
    if kind != "bomb" and fs.is_bot and "vendetta" in fs.traits:
        g.emit(CORVIDS, "3.3.2", "vendetta", "Vendetta: the {kind} also explodes as a bomb would", kind=kind)
        blast(g, c)


def blast(g: Game, c: int) -> int:
    """The bomb's removal: every enemy piece in ``c``; each bot loses only two pieces, warriors
    first (11.8.1); the Vagabot suffers Full Removal (7.2.1 I, ruling R-BOMB-VAGABOT)."""
    return remove_all_enemy_pieces(g, CORVIDS, c, "11.7.1", bots_lose=BOMB_BOT_LOSSES)


def bomb(g: Game, c: int) -> None:
    """11.7.1: remove the enemy pieces, then swap the bomb for a random plot from the supply,
    placed face up without effect. It may be the other bomb (ruling R-BOMB-SWAP)."""
    blast(g, c)
    s = g.state
    fs = s.factions[CORVIDS]
    assert fs.board.plots is not None
    if fs.board.plots.get(c) != ("bomb", True):  # the bomb itself cannot be removed by its own blast
        return
    kinds = supply_kinds(s)
    if not kinds:
        g.emit(CORVIDS, "11.7.1", "no_swap", "has no plot in supply to swap for the bomb in {c}: the bomb stays", c=c)
        return
    new = g.chance.pick(kinds, f"which plot from the supply replaces the bomb in {c}")
    fs.board.plots[c] = (new, True)
    g.emit(CORVIDS, "11.7.1", "swap", "swaps the bomb in {c} for a random plot from its supply, face up: {what} (it does not trigger)", c=c, what=named(new), kind=new)


def extortion(g: Game, c: int) -> None:
    """11.7.3: each player with a piece in ``c`` discards a random card. Bots hold no cards
    (2.8.1), so only humans discard (ruling R-EXTORTION)."""
    from ...core.rules import discard, told_after

    s = g.state
    for f in sorted(s.clearings[c].factions_present()):
        fs = s.factions[f]
        if fs.is_bot or not fs.hand:
            continue
        card = g.chance.pick(sorted(fs.hand), f"which card {f} discards to the extortion in {c}")
        fs.hand.remove(card)
        with told_after(g):
            discard(g, card)
            g.emit(f, "11.7.3", "extortion", "discards {card} at random to the extortion in {c}", card=s.deckdef.card(card).label(), c=c)


def snared(state: GameState, c: int) -> bool:
    """A face-up snare stands in ``c`` (11.7.2)."""
    return (CORVIDS, "plot") in state.clearings[c].tokens and plot_map(state).get(c) == ("snare", True)


def violations(state: GameState) -> list[str]:
    """Each plot token on the map has one recorded kind and face, and each recorded plot a token;
    two of each kind in all (face up, face down and supply); one plot per clearing."""
    fs = state.factions.get(CORVIDS)
    if fs is None:
        return []
    out: list[str] = []
    plots = fs.board.plots or {}
    for c in CLEARINGS:
        tokens = state.clearings[c].tokens.count((CORVIDS, "plot"))
        if tokens > 1:
            out.append(f"clearing {c}: {tokens} plot tokens")
        if tokens != (1 if c in plots else 0) and not (hidden(state) and tokens):
            out.append(f"clearing {c}: {tokens} plot token(s) but {'a' if c in plots else 'no'} recorded plot")
    for c, (kind, up) in plots.items():
        if kind not in PLOT_KINDS or not isinstance(up, bool):
            out.append(f"clearing {c}: the plot {kind!r} (face up {up!r}) is not a plot")
    if hidden(state):  # a human's face-down plots stand unrecorded; their supply's kinds are the table's
        return out + [f"clearing {c}: a human's plot is recorded face down; its kind is hidden until flipped" for c, (_, up) in plots.items() if not up]
    kinds = [k for k, _ in plots.values()]
    for k in PLOT_KINDS:
        if kinds.count(k) > PLOTS_EACH:
            out.append(f"{kinds.count(k)} {k} plots on the map; the box has {PLOTS_EACH}")
    if fs.supply.get("plot", 0) != len(supply_kinds(state)):
        out.append(f"corvids: {fs.supply.get('plot', 0)} plots in supply, but the kinds left are {supply_kinds(state)}")
    return out
