"""The Corvids' plots in a human's Rootlog line: a human Corvid Conspiracy's flips and tricks,
and anyone's exposure guesses (``?Pt_b9``) at a plot of the Cogwheel Corvids bot.

``table/board.py`` hands these actions to :func:`apply`, which checks each and returns what is
wrong (a sentence), or does it and returns None. A human's face-down plots are hidden from the
engine (``factions/corvids/plots.py``): a flip is when the table tells their kind.

- Flip ``t5^t_b`` (a human Corvids' own): the plot turns face up; they score one VP per face-up
  plot on the map (as normal, 11.4.4; a written ``++`` is matched against it). A bomb removes
  every enemy piece there, each bot only two, warriors first (11.8.1: "whether played by a human
  or bot"), the Vagabot suffering Full Removal (7.2.1 I); the human then removes the bomb with a
  line of theirs (``Pt5->``). The other kinds' effects on humans are the table's (an extortion's
  cards come with the line: a card taken from a bot is drawn instead, 2.8.1).
- Trick ``t3<->t5``: the two plots swap clearings; both must be face up or both face down
  (LoR 13.5.4), a mixed pair is refused.
- Exposure ``?Pt_b9`` at the bot's face-down plot: right, the plot is removed by the guesser (who
  scores for it, LoR 3.2.1) and its effect is ignored: a raid places no warriors (LoR 13.2.4,
  13.7.4; a Backup Plans trait still places its warrior, 3.3.2); wrong, the card shown goes to
  the Corvids: the line must give it (``F#->P``), and a bot discards it and scores (2.8.1).
  Exposure of a human Corvids' hidden plot is the table's: a right guess writes the plot's
  removal; a Corvids seat played by legal moves is answered as the bot's (its kinds are known).
"""

from __future__ import annotations

from ..core.context import Game
from ..factions.corvids import plots as P
from ..factions.corvids.plots import CORVIDS, PLOT_KINDS, PLOTS_EACH
from ..core import rules
from .rootlog_ast import Action, Card, Exposure, Flip, Hand, Move, Trick

PLOT_LETTERS: dict[str, str] = {"b": "bomb", "s": "snare", "r": "raid", "e": "extortion"}


def apply(g: Game, seat: str, action: Flip | Trick | Exposure, rest: list[Action]) -> str | None:
    """Play one plot action of ``seat``'s line; ``rest``: the actions after it in the line."""
    if isinstance(action, Exposure):
        return _exposure(g, seat, action, rest)
    if seat != CORVIDS:
        return "only the Corvids flip and trick their plots"
    if isinstance(action, Flip):
        return _flip(g, action)
    return _trick(g, action)


def _flip(g: Game, flip: Flip) -> str | None:
    s, c = g.state, flip.clearing
    kind = PLOT_LETTERS.get(flip.plot)
    if kind is None:
        return "say which plot turns face up: t_b, t_s, t_r or t_e"
    if not P.facedown_plot(s, c):
        return f"no face-down Corvid plot in {c}"
    shown = [k for k, up in P.plot_map(s).values() if up]
    if shown.count(kind) >= PLOTS_EACH:
        return f"both {kind} plots are already face up (the box has {PLOTS_EACH})"
    P.plot_map(s)[c] = (kind, True)
    g.emit(CORVIDS, "11.4.4", "flip", "flips the plot in {c}: {what}", c=c, what=P.named(kind), kind=kind)
    up = P.face_up(s)
    rules.score(g, CORVIDS, up, "11.4.4", f"for flipping a plot: {up} face-up plot{'s' if up != 1 else ''} on the map")
    if kind == "bomb":
        P.blast(g, c)  # 11.8.1: each bot loses two pieces, warriors first
    return None


def _trick(g: Game, trick: Trick) -> str | None:
    s = g.state
    for c in (trick.a, trick.b):
        if not P.has_plot(s, c):
            return f"no Corvid plot in {c} to swap"
    if P.facedown_plot(s, trick.a) != P.facedown_plot(s, trick.b):
        return f"cannot swap the plots in {trick.a} and {trick.b}: one face up and one face down (a Trick swaps two plots with the same face, LoR 13.5.4)"
    plots = P.plot_map(s)
    a, b = plots.pop(trick.a, None), plots.pop(trick.b, None)
    if b is not None:
        plots[trick.a] = b
    if a is not None:
        plots[trick.b] = a
    g.emit(CORVIDS, "LoR 13.5.4", "swap", "swaps its plots in {c} and {how}", c=trick.a, how=trick.b)
    return None


def _exposure(g: Game, seat: str, guess: Exposure, rest: list[Action]) -> str | None:
    s, c = g.state, guess.clearing
    corvids = s.factions.get(CORVIDS)
    if corvids is None:
        return "the Corvids are not at this table"
    if seat == CORVIDS:
        return "the Corvids do not guess their own plots"
    kind = PLOT_LETTERS.get(guess.plot)
    if kind not in PLOT_KINDS:
        return "guess a kind: Pt_b, Pt_s, Pt_r or Pt_e"
    if not P.facedown_plot(s, c):
        return f"no face-down Corvid plot in {c} to guess at"
    if P.hidden(s):
        return None  # the table's: a right guess writes the plot's removal after it
    # the engine knows the kind (a bot's plot, or a human Corvids played by legal moves, R-LOR-CORVIDS-KNOWN)
    given = _card_to_corvids(rest)
    actual = P.plot_map(s)[c][0]
    if actual != kind:
        if not given:
            return f"wrong: the plot in {c} is not {P.named(kind)}; the card shown goes to the Corvids: write it, as F#->P (2.8.1)"
        g.emit(seat, "LoR 13.2.4", "gamble", "guesses the plot in {c} is {what}: wrong", c=c, what=P.named(kind), guess=kind)
        return None
    if given:
        return f"right: the plot in {c} is {P.named(kind)}, so the card shown stays in the hand"
    g.emit(seat, "LoR 13.2.4", "gamble", "guesses the plot in {c} is {what}: right, and removes it, ignoring its effect", c=c, what=P.named(kind), guess=kind)
    P.expose(g, seat, c)
    return None


def _card_to_corvids(rest: list[Action]) -> bool:
    """The line gives a card to the Corvids right after the guess (``F#->P``)."""
    if not rest or not isinstance(rest[0], Move):
        return False
    move = rest[0]
    return (move.dests == (Hand("P"),) and all(isinstance(k.thing, Card) for p in move.parts for k in p.things))
