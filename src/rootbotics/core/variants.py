"""The Better Bot Project v5's game modes and variants (BBP 1.1-1.3, 2.3, 3.2-3.4), as options
of a game with Better Bot seats (docs/bbp-coverage.md, rulings R-BBP-MODES, R-BBP-VARIANTS,
R-BBP-SPY, R-BBP-NEW-DOMINANCE).

- Modes: competitive is the plain game; "bots as team" is ``options["cooperative"]`` (ruling
  R-BBP-COOP); solo is a game with one human seat, in either. With only Better Bot seats among
  the bots, competitive play with two or more humans keeps the dominance cards (BBP 2.3).
- Variants, ``options["bbp_variants"]``: a list of names. ``ambush`` lets a human defender play
  an ambush card against a Better Bot attacker (BBP 3.2, the Law of Root's Step 1 of battle);
  ``spy`` and ``dominance`` are refused: their cards' text is missing from the text.
"""

from __future__ import annotations

from collections.abc import Collection

from .faction import LAW
from .state import GameState

OPTION = "bbp_variants"
BBP = "bbp"
AMBUSH = "ambush"
AMBUSH_HITS = 2  # LoR 4.3.1 II: two immediate hits
# variant -> why it cannot be played (None: it can)
VARIANTS: dict[str, str | None] = {
    AMBUSH: None,
    "spy": "the Spy cards' text (how many, their suits) is missing from the text (ruling R-BBP-SPY)",
    "dominance": "the new Dominance cards' victory conditions are missing from the text (ruling R-BBP-NEW-DOMINANCE)",
}


def variants_problem(options: dict[str, object], humans: bool, rule_sets: Collection[str]) -> str | None:
    """What is wrong with ``options.bbp_variants`` (one line), or None. ``rule_sets``: those of
    the bot seats. A variant needs a Better Bot seat and a human to use it (BBP 3.2-3.4)."""
    chosen = options.get(OPTION)
    if chosen is None:
        return None
    if not isinstance(chosen, list) or not all(isinstance(v, str) for v in chosen):
        return f"options.{OPTION}: expected a list of variant names, got {chosen!r}"
    for name in chosen:
        if name not in VARIANTS:
            return f"options.{OPTION}: {name!r} is not a variant of the Better Bot Project (choose from {', '.join(VARIANTS)})"
        if VARIANTS[name]:
            return f"options.{OPTION}: {name}: {VARIANTS[name]}"
    if len(set(chosen)) != len(chosen):
        return f"options.{OPTION}: a variant is named twice in {chosen!r}"
    if chosen and (BBP not in rule_sets or not humans):
        return f"options.{OPTION}: the variants are for a game of humans against Better Bot Project bots (BBP 3.2): seat a human and a bot of rule set bbp"
    return None


def variant_on(state: GameState, name: str) -> bool:
    """Is the variant ``name`` chosen for this game?"""
    chosen = state.options.get(OPTION)
    return isinstance(chosen, list) and name in chosen


def ambush_allowed(state: GameState, attacker: str, defender: str) -> bool:
    """BBP 3.2: with the Ambush variant, a human may ambush a Better Bot attacking it; "Hates
    Surprises" still protects the Law's bots (2.8.2, ruling R-BBP-VARIANTS)."""
    att, dfd = state.factions[attacker], state.factions[defender]
    return att.is_bot and att.rule_set == BBP and not dfd.is_bot and variant_on(state, AMBUSH)


def keeps_dominance(state: GameState, humans: int) -> bool:
    """BBP 2.3: in competitive play with two or more humans the dominance cards stay in the deck
    (the bots never use them) when every bot plays by the Better Bot Project; the Law removes
    them with one or two humans (3.4), and a table with a Law bot follows the Law (R-BBP-MODES)."""
    bots = [fs.rule_set for fs in state.factions.values() if fs.is_bot]
    return humans >= 2 and not state.cooperative() and bool(bots) and all(rs == BBP for rs in bots) and LAW not in bots
