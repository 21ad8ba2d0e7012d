"""The choices a human side makes inside any battle the engine resolves (``core/battle.py``):
the ambush and its foil (LoR 4.3.1; never against a bot, 2.8.2) and the persistent effects of the
shared deck used after the roll (Armorers, Sappers, Brutal Tactics; LoR 4.3.4, attacker first)."""

from __future__ import annotations

from .context import Game
from .faction import rules_of
from .moves import yes_no
from .rules import discard, score
from .state import GameState
from .cards import in_play


# -- the ambush (LoR 4.3.1) ---------------------------------------------------
def may_ambush(state: GameState, attacker: str, defender: str) -> bool:
    """Between two humans, the defender may ambush (LoR 4.3.1); never a bot attacker (2.8.2),
    nor an attacker with Scouting Party (its card)."""
    att, dfd = state.factions[attacker], state.factions[defender]
    if att.is_bot or dfd.is_bot:
        return False
    return in_play(state, attacker, "scouting_party") is None


def ambush_cards(state: GameState, faction: str, c: int) -> list[int]:
    """Ambush cards in hand matching clearing ``c`` (a bird ambush matches any, LoR 2.1.1)."""
    deck = state.deckdef.cards
    suit = state.suit(c)
    return [cid for cid in state.factions[faction].hand if deck[cid].kind == "ambush" and deck[cid].suit in (suit, "bird")]


# -- inside a battle: effects after the roll (LoR 4.3.4) ------------------------------------------
def after_roll(g: Game, attacker: str, defender: str, c: int, att_rolled: int, def_rolled: int) -> tuple[int, int]:
    """A human side's own after-roll effect (a faction hook) and the battle cards of the shared
    deck in the human sides' play areas, attacker first (LoR 4.3.4). Returns the change to (attacker's hits, defender's hits)."""
    s = g.state
    att_change = def_change = 0
    for side, other in ((attacker, defender), (defender, attacker)):
        fs = s.factions[side]
        if fs.is_bot:
            continue
        attacking = side == attacker
        own = rules_of(side).after_roll_hits(g, side, other, c, attacking)  # a faction's own effect
        if attacking:
            att_change += own
        else:
            def_change += own
        if not fs.play_area:
            continue
        taken = def_rolled if attacking else att_rolled  # rolled hits this side would take
        armorers = in_play(s, side, "armorers")
        if armorers is not None and taken > 0 and yes_no(g, side, "battle.armorers", "LoR 4.3.4", "discard Armorers to ignore the rolled hits you take"):
            _discard_play_card(g, side, armorers, "ignores all rolled hits it takes")
            if attacking:
                def_change -= def_rolled
            else:
                att_change -= att_rolled
        if not attacking:
            sappers = in_play(s, side, "sappers")
            if sappers is not None and yes_no(g, side, "battle.sappers", "LoR 4.3.4", "discard Sappers to deal an extra hit"):
                _discard_play_card(g, side, sappers, "deals an extra hit")
                def_change += 1
        if attacking and in_play(s, side, "brutal_tactics") is not None and yes_no(g, side, "battle.brutal_tactics", "LoR 4.3.4", "use Brutal Tactics: an extra hit, and the defender scores one VP"):
            g.emit(side, "LoR 4.3.4", "extra_hit", "uses Brutal Tactics: deals an extra hit; {other} scores one VP", other=other)
            att_change += 1
            score(g, other, 1, "LoR 4.3.4", "for Brutal Tactics used against it")
        if s.deckdef.exiles and partisans(g, side, c):
            if attacking:
                att_change += 1
            else:
                def_change += 1
    return att_change, def_change


PARTISANS = {"fox": "fox_partisans", "rabbit": "rabbit_partisans", "mouse": "mouse_partisans"}


def partisans(g: Game, side: str, c: int) -> bool:
    """Fox, Rabbit and Mouse Partisans (Exiles and Partisans deck): in battle in a clearing of the
    card's suit, attacker or defender, the seat may deal an extra hit, then discards every card
    in hand but those of that suit; birds go too (LoR 2.1.1.1, ruling R-EP-PARTISANS)."""
    s = g.state
    suit = s.suit(c)
    key = PARTISANS.get(suit or "")
    if key is None or in_play(s, side, key) is None:
        return False
    if not yes_no(g, side, f"battle.{key}", "LoR 4.3.4", f"use {key.replace('_', ' ').title()}: an extra hit, then discard every card but {suit} cards"):
        return False
    g.emit(side, "LoR 4.3.4", "extra_hit", "uses {card}: deals an extra hit", card=key.replace("_", " ").title())
    fs = s.factions[side]
    for cid in [x for x in fs.hand if s.deckdef.cards[x].suit != suit]:
        card = s.deckdef.cards[cid]
        g.emit(side, "LoR 2.1.1.1", "discard", "discards {card} (Partisans)", card=card.label(), card_id=card.name)
        fs.hand.remove(cid)
        discard(g, cid)
    return True


def _discard_play_card(g: Game, faction: str, cid: int, what: str) -> None:
    s = g.state
    card = s.deckdef.cards[cid]
    g.emit(faction, "LoR 4.3.4", "battle_card", "discards {card} from its play area and {what}", card=card.label(), card_id=card.name, what=what)
    s.factions[faction].play_area.remove(cid)
    discard(g, cid)

