"""The Marquise de Cat and the Mechanical Marquise 2.0 (Law of Robotics section 4): what the
faction is, and its rules that other seats set off: the keep (4.2.1), Field Hospitals for a
human Marquise (LoR 6.2.3) and the bot's traits Fortified and Hospitals (3.3.2)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.context import EngineFailure, Game
from ...core.faction import LAW, Faction, TableValue
from . import bbp_cards
from ...core.maps import CLEARINGS
from ...core.rules import discard, matches, place_warriors, snared, told_after

if TYPE_CHECKING:
    from ...core.state import FactionState, GameState

FACTION = "marquise"


def keep_clearing(state: GameState) -> int | None:
    """The clearing of the keep, or None once it is gone (4.2.1)."""
    for c in CLEARINGS:
        if (FACTION, "keep") in state.clearings[c].tokens:
            return c
    return None


class Marquise(Faction):
    name = FACTION
    bot_name = "Mechanical Marquise 2.0"
    human_name = "Marquise de Cat"
    # The bot has no wood (4.3.1).
    pieces = {
        "bot": {"warrior": 25, "sawmill": 6, "workshop": 6, "recruiter": 6, "keep": 1},
        "human": {"warrior": 25, "sawmill": 6, "workshop": 6, "recruiter": 6, "keep": 1, "wood": 8},
    }
    buildings = frozenset({"sawmill", "workshop", "recruiter"})
    tokens = frozenset({"keep", "wood"})
    crafting_pieces = frozenset({"workshop"})  # LoR 6.2.1 (Tunnels, Exiles and Partisans deck)
    human_seat = True
    exclusive_tokens = frozenset({"keep"})  # only the Marquise places where the keep stands (4.2.1)
    leaves_game = frozenset({"keep"})  # a removed keep is gone for good (4.2.1)
    one_on_map = frozenset({"keep"})
    difficulty_text = {
        "easy": "Recruit places 2 warriors instead of 4 (Escalated: 1 in each of the two clearings).",
        "default": "As the Law says.",
        "challenging": "Each Recruit also places 2 warriors in the highest-priority ordered clearing it rules.",
        "nightmare": "As challenging, and 1 VP at the end of each Evening.",
    }
    trait_text = {
        "blitz": "After moving, from the highest-priority clearing it rules with no enemy pieces, move all but one warrior to the adjacent clearing with the most enemy pieces and battle there.",
        "fortified": "Each Marquise building takes two hits to remove; a single hit on a building does nothing.",
        "hospitals": "After a battle it defended in which it lost two or more warriors, it places two warriors in the keep's clearing.",
        "iron-will": "Escalated Daylight's Recruit places twice as many warriors.",
        "overwhelming": "Each Recruit scores 1 VP per two warriors it cannot place (empty supply or no clearing to place them); Expand happens at most once a turn.",
    }

    rule_sets = (LAW, "bbp")  # the Law's bot (bot.py) and the Better Bot Project's (bbp.py)
    table_values = (
        TableValue(bbp_cards.OPTION, bbp_cards.FLAG, FACTION, "bbp", "Mechanical Marquise's card values (name=number)", "VALUES", bbp_cards.HELP, bbp_cards.table_options),
    )

    def option_problem(self, options: dict[str, object]) -> str | None:
        return bbp_cards.option_problem(options)

    def rule_set_difficulties(self, rule_set: str) -> tuple[str, ...]:
        """The BBP Marquise's cards are built from a transcription (ruling R-BBP-MM-DIFFICULTY)."""
        if rule_set == "bbp":
            from .bbp import DIFFICULTY_TEXT

            return tuple(DIFFICULTY_TEXT)
        return super().rule_set_difficulties(rule_set)

    def rule_set_difficulty_text(self, rule_set: str) -> dict[str, str]:
        """The BBP Marquise's difficulty cards, from a transcription (ruling R-BBP-MM-DIFFICULTY)."""
        if rule_set == "bbp":
            from .bbp import DIFFICULTY_TEXT

            return dict(DIFFICULTY_TEXT)
        return super().rule_set_difficulty_text(rule_set)

    def rule_set_traits(self, rule_set: str) -> dict[str, str]:
        """The BBP Marquise's four trait cards, from a transcription (ruling R-BBP-MM-TRAITS)."""
        if rule_set == "bbp":
            from .bbp import TRAIT_TEXT

            return dict(TRAIT_TEXT)
        return super().rule_set_traits(rule_set)

    def bot(self, rule_set: str = LAW) -> Any:
        if rule_set == "bbp":
            from .bbp import BetterMarquise

            return BetterMarquise()
        from .bot import MechanicalMarquise

        return MechanicalMarquise()

    def lor(self) -> Any:
        from . import lor

        return lor

    def violations(self, state: GameState, fs: FactionState) -> list[str]:
        keep = keep_clearing(state)
        if keep is not None and keep not in state.map.corners:  # placed in a corner (4.3.2), never moved
            return [f"the keep is in clearing {keep}, not a corner"]
        return []

    def warriors_removed(self, g: Game, c: int, n: int) -> None:
        if not g.state.factions[FACTION].is_bot:
            field_hospitals(g, c, n)

    def hits_per_building(self, g: Game, faction: str) -> int:
        fs = g.state.factions[faction]
        return 2 if fs.is_bot and "fortified" in fs.traits else 1  # Fortified (3.3.2)

    def building_withstands(self, g: Game, faction: str, c: int) -> None:
        bbp = g.state.factions[faction].rule_set == "bbp"  # the BBP card's, as transcribed (ruling R-BBP-MM-TRAITS)
        g.emit(faction, "BBP MM.16" if bbp else "3.3.2", "fortified", "Fortified: a single hit on a building in {c} does nothing", c=c)

    def after_defending(self, g: Game, faction: str, warriors_lost: int) -> None:
        """Trait Hospitals: after a battle it defended and lost two or more warriors in, two
        warriors go to the keep's clearing (3.3.2); the BBP card's one (R-BBP-MM-TRAITS)."""
        fs = g.state.factions[faction]
        if fs.is_bot and fs.rule_set == "bbp":
            from .bbp import hospitals

            hospitals(g, warriors_lost)
            return
        if warriors_lost < 2 or not fs.is_bot or "hospitals" not in fs.traits:
            return
        keep = keep_clearing(g.state)
        if keep is not None:
            place_warriors(g, FACTION, keep, 2, "3.3.2", why=lambda: f"Hospitals: it lost {warriors_lost} warriors defending")


def field_hospitals(g: Game, c: int, n: int) -> None:
    """A human Marquise may spend a card matching the clearing to put the removed warriors in
    the keep's clearing (LoR 6.2.3, Field Hospitals). Her controller is asked."""
    s = g.state
    keep = keep_clearing(s)
    if keep is None:
        return
    fs = s.factions[FACTION]
    if snared(s, FACTION, keep):  # 11.7.2: no placing in a snare's clearing
        g.emit(FACTION, "11.7.2", "snare", "cannot use Field Hospitals: a face-up snare stands in the keep's clearing {keep}", keep=keep)
        return
    card = g.controller(FACTION).field_hospitals(g, FACTION, c, n)
    if card is None:
        return
    if card not in fs.hand or not matches(s.deckdef.card(card).suit, s.suit(c)):
        raise EngineFailure(f"Field Hospitals: card {card} is not a card matching clearing {c} in the Marquise's hand")
    fs.hand.remove(card)
    with told_after(g):
        discard(g, card)
        fs.supply["warrior"] -= n
        kc = s.clearings[keep]
        kc.warriors[FACTION] = kc.warriors.get(FACTION, 0) + n
        g.emit(FACTION, "LoR 6.2.3", "field_hospitals", "spends {card} to put {n} removed warrior{pl} in the keep's clearing {keep}", card=s.deckdef.card(card).label(), n=n, keep=keep, pl="" if n == 1 else "s")
