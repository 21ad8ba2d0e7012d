"""The Corvid Conspiracy and the Cogwheel Corvids (Law of Robotics section 11): what the faction
is, its board (which plot is where, face up or down, ``plots.py``), and its rules that other
seats meet: Nimble (11.2.1), Embedded Agents (11.2.2), snares (11.7.2, 11.8.2) and what a
removed plot does (11.7, with the Backup Plans trait, 3.3.2)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.context import Game
from ...core.faction import CardLedger, Faction
from ...core.fields import StateError, at, obj, only, require, string, kind_of
from ...core.maps import CLEARINGS
from ...core.rules import remove_piece
from . import plots as P
from .plots import CORVIDS, PLOT_KINDS, PLOTS_EACH, CorvidsBoard

if TYPE_CHECKING:
    from ...core.state import FactionState, GameState

_CLEARING_KEYS = frozenset(str(c) for c in CLEARINGS)


class Corvids(Faction):
    name = CORVIDS
    bot_name = "Cogwheel Corvids"
    human_name = "Corvid Conspiracy"
    pieces = {"bot": {"warrior": 15, "plot": 8}, "human": {"warrior": 15, "plot": 8}}  # 11.3.1; the plots' kinds: plots.py
    human_seat = True  # its face-down plots hidden from the engine (plots.py); lines: table/plot_lines.py
    tokens = frozenset({"plot"})
    one_per_clearing = frozenset({"plot"})
    nimble = True  # 11.2.1
    sets_snares = True
    board_fields = ("plots", "plots_known")
    difficulty_text = {
        "easy": "Recruit places 1 warrior in each of the two clearings instead of 2.",
        "default": "As the Law says.",
        "challenging": "Recruit places 3 warriors in each of the two clearings.",
        "nightmare": "As challenging, and 1 VP at the end of each Evening.",
    }
    trait_text = {
        "backup-plans": "Whenever one of its plot tokens is removed, it places a warrior in the clearing the plot left.",
        "gamble": "Before a plot flips, the human with the most pieces there guesses its kind: right, it flips and scores without effect and the guesser removes it; wrong, the Corvids score 1 VP.",
        "mastermind": "The Plot step of Daylight happens twice.",
        "vendetta": "Every plot flip also sets off the bomb's removal in its clearing.",
    }

    def lor(self) -> Any:
        from . import lor

        return lor

    def bot(self) -> Any:
        from .bot import CogwheelCorvids

        return CogwheelCorvids()

    def new_board(self, seat: str) -> CorvidsBoard:
        return CorvidsBoard()  # no plot on the map yet (11.3.1)

    # -- saved positions ------------------------------------------------------------------------
    def write_board(self, state: GameState, fs: FactionState) -> dict[str, Any]:
        plots = P.plot_map(state)
        out: dict[str, Any] = {"plots": {str(c): {"kind": k, "face_up": up} for c, (k, up) in sorted(plots.items())}}
        if P.known(state):
            out["plots_known"] = True
        return out

    def read_board(self, state: GameState, fs: FactionState, raw: dict[str, Any], path: str, cards: CardLedger) -> None:
        """``{"<clearing>": {"kind": "bomb", "face_up": false}}``: each plot on the map (11.3.1).
        A human's face-down plots are hidden: only its face-up plots are listed, unless
        ``plots_known`` (a seat played by legal moves, LoR 13) lists them all."""
        ppath = f"{path}.plots"
        out: dict[int, tuple[str, bool]] = {}
        known = raw.get("plots_known", False)
        if not isinstance(known, bool) or (known and fs.seat != "human"):
            raise StateError(f"{path}.plots_known", "is true only for a human seat played by legal moves (its face-down plots recorded), else left out")
        for key, entry in obj(raw.get("plots", {}), ppath).items():
            kpath = at(ppath, key)
            if key not in _CLEARING_KEYS:
                raise StateError(kpath, "is not a clearing (clearings are 1 to 12)")
            entry = obj(entry, kpath)
            only(entry, ("kind", "face_up"), kpath, "a plot")
            kind = string(require(entry, "kind", kpath), f"{kpath}.kind", PLOT_KINDS)
            up = require(entry, "face_up", kpath)
            if not isinstance(up, bool):
                raise StateError(f"{kpath}.face_up", f"expected true or false, got {kind_of(up)}")
            if up is False and fs.seat == "human" and not known:
                raise StateError(f"{kpath}.face_up", "a human's face-down plot is hidden: list only face-up plots (the token in the clearing is enough)")
            out[int(key)] = (kind, up)
        for kind in PLOT_KINDS:
            if sum(1 for k, _ in out.values() if k == kind) > PLOTS_EACH:
                raise StateError(ppath, f"more than {PLOTS_EACH} {kind} plots: the box has {PLOTS_EACH} of each kind")
        fs.board = CorvidsBoard(out, known)

    def check_position(self, state: GameState, data: dict[str, Any]) -> None:
        """Each plot token in a clearing has its entry in ``plots`` and each entry its token."""
        plots = P.plot_map(state)
        for c in CLEARINGS:
            tokens = state.clearings[c].tokens.count((CORVIDS, "plot"))
            if tokens and c not in plots and not P.hidden(state):
                raise StateError(f"factions.{CORVIDS}.plots.{c}", f"is missing: clearing {c} has a plot token; give its kind and face")
            if c in plots and not tokens:
                raise StateError(f"factions.{CORVIDS}.plots.{c}", f"clearing {c} has no [\"{CORVIDS}\", \"plot\"] token")

    def describe_token(self, state: GameState, c: int, kind: str) -> str:
        """A plot as people may see it: its kind once face up, never while face down (11.7)."""
        plot = P.plot_map(state).get(c) if kind == "plot" else None
        if plot is None:
            return kind
        return f"plot ({plot[0]}, face up)" if plot[1] else "plot (face down)"

    def describe_own_token(self, state: GameState, c: int, kind: str) -> str:
        """The Corvids may look at their face-down plots at any time (LoR 13.2.2.1)."""
        plot = P.plot_map(state).get(c) if kind == "plot" else None
        if plot is None or plot[1]:
            return self.describe_token(state, c, kind)
        return f"plot ({plot[0]}, face down)"

    def violations(self, state: GameState, fs: FactionState) -> list[str]:
        return P.violations(state)

    # -- what other seats meet --------------------------------------------------------------------
    def snared(self, state: GameState, faction: str, c: int) -> bool:
        return P.snared(state, c)

    def spring_snare(self, g: Game, faction: str, c: int) -> None:
        remove_piece(g, CORVIDS, c, "plot", "11.8.2", by=faction)

    def piece_removing(self, state: GameState, c: int, kind: str) -> object:
        return P.forget(state, c) if kind == "plot" else None  # the record goes with the token

    def piece_removed(self, g: Game, c: int, kind: str, by: str | None, memo: object) -> None:
        if isinstance(memo, tuple):
            P.plot_removed(g, c, memo)
        elif kind == "plot" and P.hidden(g.state):  # a human's hidden plot: the table says what it was and resolves it
            g.emit(CORVIDS, "11.7", "plot_removed", "its facedown plot in {c} was removed; its kind is the table's (a raid's warriors come with the Corvids' next line)", c=c, state="facedown")

    def turn_offers(self, state: GameState, seat: str) -> list[Any]:
        """Exposure (LoR 13.2.4): what another human seat may guess on its turn."""
        from .exposure import exposure_moves

        return exposure_moves(state, seat)

    def take_turn_offer(self, g: Game, seat: str, move: Any) -> bool:
        from .exposure import expose

        return expose(g, seat, move)

    def defender_extra_hits(self, state: GameState, faction: str, c: int) -> tuple[int, str, str]:
        """Embedded Agents (11.2.2): defending where it has a facedown plot, even defenseless; a
        human Corvid Conspiracy's plots have it as normal (LoR), so a bot's battle deals it too."""
        if P.facedown_plot(state, c):
            return 1, "11.2.2", f"Embedded Agents, a facedown plot in {c}"
        return 0, "", ""
