"""Every faction the engine knows, one folder each, registered here (the only place that lists
them): ``factions/<name>/faction.py`` says what the faction is and what its rules add to the
shared ones (``core/faction.py``); ``factions/<name>/bot.py`` is its Law of Robotics bot.

Importing this package plugs every faction into ``core``; the game, the command line and the
tests import it before setting up a game.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..core.faction import LAW, REGISTRY, Faction, faction_title, piece_totals, register
from ..core.setup_order import FACTIONS
from .alliance.faction import Alliance
from .corvids.faction import Corvids
from .duchy.faction import Duchy
from .eyrie.faction import Eyrie
from .hundreds.faction import Hundreds
from .keepers.faction import Keepers
from .lizards.faction import Lizards
from .marquise.faction import Marquise
from .riverfolk.faction import Riverfolk
from .vagabot.faction import Vagabot
from .vagabot.second import SecondVagabond

for _faction in (Marquise(), Eyrie(), Alliance(), Vagabot(), Lizards(), Riverfolk(), Duchy(), Corvids(), SecondVagabond(), Hundreds()):
    register(_faction)
register(Keepers())  # LoR 15, a human seat only

# Bots this version of the engine can play by the Law of Robotics, in setup order.
PLAYABLE_BOTS: tuple[str, ...] = tuple(f for f in FACTIONS if f in REGISTRY and "bot" in REGISTRY[f].pieces and LAW in REGISTRY[f].rule_sets)
# Bots of another rule set only, in setup order: the second Vagabond's, the Better Bot Project's
# Robot Raccoon #2 (``vagabond2@bbp``; ruling R-BBP-RR2). A bot seat of theirs names its rule set.
RULE_SET_ONLY_BOTS: tuple[str, ...] = tuple(f for f in FACTIONS if f in REGISTRY and "bot" in REGISTRY[f].pieces and LAW not in REGISTRY[f].rule_sets)
# Every faction a bot seat may take, by any rule set.
SEATABLE_BOTS: tuple[str, ...] = tuple(f for f in FACTIONS if f in PLAYABLE_BOTS or f in RULE_SET_ONLY_BOTS)
# Human factions whose pieces a position may hold (at the table, their turns are the people's).
HUMAN_FACTIONS: tuple[str, ...] = tuple(f for f in FACTIONS if f in REGISTRY and REGISTRY[f].human_seat)
DIFFICULTY_TEXT: dict[str, dict[str, str]] = {f: REGISTRY[f].difficulty_text for f in PLAYABLE_BOTS}
TRAIT_TEXT: dict[str, dict[str, str]] = {f: REGISTRY[f].trait_text for f in PLAYABLE_BOTS}
REFUSED_TRAITS: dict[str, dict[str, str]] = {f: REGISTRY[f].refused_traits for f in PLAYABLE_BOTS if REGISTRY[f].refused_traits}
# Values lost from a rule set's text that a table may give from its own board (issue 29), by flag.
# The first faction's value stands for a flag several seats take (--raccoon-paths: both Robot Raccoons).
TABLE_VALUES = {v.flag: v for f in reversed(SEATABLE_BOTS) for v in REGISTRY[f].table_values}


def takes_table_value(key: str, bots: Iterable[tuple[str, str]]) -> bool:
    """Whether one of the bot seats (faction, rule set) takes the table value ``key`` (both Robot
    Raccoons take ``raccoon_paths``)."""
    return any(v.key == key and v.rule_set == rule_set for faction, rule_set in bots for v in REGISTRY[faction].table_values)


def bot_for(faction: str, rule_set: str = LAW) -> object:
    """A new bot for the faction by the named rule set (an object with setup and the three
    phases); a faction with the Law's bot alone is asked without naming it."""
    rules = REGISTRY[faction]
    if rules.rule_set_problem(rule_set):
        raise KeyError(f"the {faction} has no bot of rule set {rule_set!r}")
    bot = rules.bot() if rule_set == LAW else rules.bot(rule_set=rule_set)
    if bot is None:
        raise KeyError(f"the {faction} has no bot")
    return bot


class BotTable(dict):  # type: ignore[type-arg]
    """The bots by faction (or by (faction, rule set)), each built the first time it is asked
    for, so a game imports only its seats' bots (issue 15). ``fallback`` is where a faction
    missing here is looked up instead of being built (``game.BOTS`` falls back on the Law's)."""

    def __init__(self, fallback: "BotTable | None" = None) -> None:
        super().__init__()
        self.fallback = fallback

    def __missing__(self, key: str | tuple[str, str]) -> object:
        if self.fallback is not None:
            bot = self.fallback[key]
        elif isinstance(key, tuple) and key[0] in SEATABLE_BOTS and key[1] != LAW:
            bot = bot_for(*key)
        elif key in PLAYABLE_BOTS:
            bot = bot_for(key)
        else:
            raise KeyError(key)
        self[key] = bot
        return bot


__all__ = [
    "DIFFICULTY_TEXT", "FACTIONS", "HUMAN_FACTIONS", "PLAYABLE_BOTS", "REFUSED_TRAITS", "REGISTRY", "RULE_SET_ONLY_BOTS", "SEATABLE_BOTS", "TABLE_VALUES", "TRAIT_TEXT",
    "takes_table_value",
    "BotTable", "Faction", "bot_for", "faction_title", "piece_totals", "register",
]
