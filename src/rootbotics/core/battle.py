"""Battle (LoR 4.3) as changed for bots: no ambush against bots (2.8.2), bots take hits on
tokens before buildings and pick a building type at random (1.2.1). What a faction changes in a
battle (a pawn and its Battle Track, 7.2.4-7.2.5; an enlisted third party, 7.7.6; an ambush
of one's own, 6.2.2; hired warriors, 9.2.3 III; traits) comes through its hooks (``core/faction.py``)."""

from __future__ import annotations

from dataclasses import dataclass

from .context import EngineFailure, Game
from .faction import LAW, SHARED, overrides, rules_of
from .rules import discard, matches, one_removal, remove_piece, remove_warriors
from .state import GameState
from .battle_cards import after_roll, ambush_cards, may_ambush
from .variants import AMBUSH_HITS, ambush_allowed


@dataclass(slots=True)
class BattleResult:
    clearing: int
    attacker: str
    defender: str
    rolls: tuple[int, int]
    attacker_hits: int
    defender_hits: int
    warriors_removed: tuple[int, int] = (0, 0)  # by the attacker, by the defender


def can_battle(state: GameState, attacker: str, defender: str, c: int) -> bool:
    """The attacker has warriors (or its pawn) there and the defender has any piece there (LoR 4.3)."""
    cl = state.clearings[c]
    fights = cl.warriors.get(attacker, 0) > 0 or attacker in cl.pawns()
    return attacker != defender and fights and cl.pieces_of(defender) > 0


def battle(
    g: Game,
    attacker: str,
    defender: str,
    c: int,
    rule: str,
    extra_hits: int = 0,
    why=None,
    extra_why: str = "",
    instigator: str | None = None,
) -> BattleResult:
    """Resolve one battle. ``extra_hits`` come from the action (``extra_why`` says why, under ``rule``)
    and are not capped by warriors (LoR 4.3.3.I); an ``instigator`` (the Vagrant, 7.7.4) removes and scores for both."""
    s = g.state
    SHARED.services.bot_battling(g, attacker, c)  # 9.7: a bot may buy Mercenaries for it
    g.emit(attacker, rule, "battle", "battles {defender} in {c}", why, defender=defender, c=c)
    # Step 1, ambush (LoR 4.3.1): never against a bot (2.8.2) but with BBP 3.2's variant.
    spared: set[str] = set()  # sides that have ignored their first hit (LoR 14.7.7)
    if (ambushed := ambush(g, attacker, defender, c, spared)) is not None:
        return ambushed
    _before_roll(g, attacker, defender, c)
    arbiter = _enlist(g, attacker, defender, c)  # 7.7.6: before rolling
    a_roll, d_roll = _roll(g, attacker, defender)
    dfd = rules_of(defender)
    att_max, def_max = _maximum_hits(g, attacker, defender, c)
    att_hits = min(a_roll, att_max)
    def_hits = min(d_roll, def_max + arbiter)
    att_src, def_src = _max_sources(g, attacker, defender, c, att_max, def_max)
    att_extra: list[str] = []
    def_extra: list[str] = []
    if dfd.defenseless(s, defender, c) and not hired_warriors(s, defender, c, attacker) and not dfd.never_defenseless(g, defender):  # LoR 4.3.3.II
        att_hits += 1
        att_extra.append("1 as the defender is defenseless (LoR 4.3.3)")
        g.emit(attacker, "LoR 4.3.3", "extra_hit", "deals an extra hit: {defender} is defenseless in {c}", defender=defender, c=c)
    att_hits += _faction_extra_hits(g, attacker, att_extra)
    att_hits += _action_extra_hits(g, attacker, rule, extra_hits, extra_why, att_extra)
    d_extra, d_rule, d_why = dfd.defender_extra_hits(s, defender, c)
    if d_extra:
        def_hits += d_extra
        def_extra.append(f"{d_extra} extra ({d_rule})")
        g.emit(defender, d_rule, "extra_hit", "deals {n} extra hit{pl}: {reason}", n=d_extra, pl="s" if d_extra > 1 else "", reason=d_why)
    bots_only = s.factions[attacker].is_bot and s.factions[defender].is_bot
    if not bots_only:  # LoR 4.3.4: a human side's effects after the roll
        att_hits, def_hits = _battle_cards(g, attacker, defender, c, (att_hits, def_hits), (min(a_roll, att_max), min(d_roll, def_max + arbiter)), spared)
    sides = ((attacker, a_roll, att_max, 0, att_src, att_extra), (defender, d_roll, def_max, arbiter, def_src, def_extra))
    g.emit(
        None, "LoR 4.3.2", "hits", "{attacker} deals {ah} hit{apl}, {defender} deals {dh} hit{dpl}",
        lambda: "; ".join(_side_hits(*side) for side in sides),
        attacker=attacker, ah=att_hits, apl="" if att_hits == 1 else "s", defender=defender, dh=def_hits, dpl="" if def_hits == 1 else "s",
    )
    # Step 4 (LoR 4.3.4): both sides' hits were fixed above; now they are taken.
    held = None if bots_only else (_buildings_and_tokens(s, defender, c), _buildings_and_tokens(s, attacker, c))  # for LoR 7.8.4
    with one_removal(g):  # one battle's removals set off Cost of Errors once (10.2.1)
        by_attacker = take_hits(g, defender, c, att_hits, by=attacker, remover=instigator)
        by_defender = take_hits(g, attacker, c, def_hits, by=defender, remover=instigator)
    _defended(g, attacker, defender, c, by_attacker, by_defender)
    _removed_in_battle(g, attacker, defender, c, held, instigator)
    return BattleResult(c, attacker, defender, (a_roll, d_roll), att_hits, def_hits, (by_attacker, by_defender))


def _before_roll(g: Game, attacker: str, defender: str, c: int) -> None:
    """A human side's own effect before the roll (the Bitter mood, LoR 14.7.1), attacker first."""
    hooked = overrides("before_roll")
    if not hooked:
        return
    for side, other in ((attacker, defender), (defender, attacker)):
        if side in hooked and not g.state.factions[side].is_bot:
            rules_of(side).before_roll(g, side, other, c, side == attacker)


def _first_hit_ignored(g: Game, taker: str, c: int, hits: int, spared: set[str]) -> int:
    """``hits`` less the first one when ``taker`` ignores the first hit it takes in a battle in
    ``c`` (the Stubborn mood, LoR 14.7.7), once per battle (an ambush may have used it)."""
    if hits <= 0 or taker in spared or taker not in overrides("ignores_first_hit"):
        return hits
    rule, why = rules_of(taker).ignores_first_hit(g.state, taker, c)
    if not rule:
        return hits
    spared.add(taker)
    g.emit(taker, rule, "ignore_hit", "ignores the first hit it takes in {c}: {reason}", c=c, reason=why)
    return hits - 1


def _faction_extra_hits(g: Game, attacker: str, att_extra: list[str]) -> int:
    """The attacker's faction's own extra hits (a Battle Track, 7.2.4; a leader, LoR 7.8.3)."""
    att = rules_of(attacker)
    track = att.attack_extra_hits(g.state, attacker)
    if track:
        track_rule, track_why, track_source = att.attack_extra_why(g.state, attacker)
        att_extra.append(f"{track} from {track_source} ({track_rule})")
        g.emit(attacker, track_rule, "extra_hit", "deals an extra hit: {reason}", reason=track_why)
    return track


def _removed_in_battle(g: Game, attacker: str, defender: str, c: int, held: tuple[int, int] | None, instigator: str | None) -> None:
    """Tell each side that removed at least one of the other's buildings or tokens (LoR 3.2.1)
    how many (its faction may score more for it, LoR 7.8.4). Not when an instigator removed them,
    nor between bots (no bot's rule asks)."""
    s = g.state
    if instigator is not None or held is None:
        return
    for side, enemy, before in ((attacker, defender, held[0]), (defender, attacker, held[1])):
        removed = before - _buildings_and_tokens(s, enemy, c)
        if removed > 0 and s.phase != "over" and s.is_enemy(side, enemy):
            rules_of(side).removed_in_battle(g, side, c, removed)


def _buildings_and_tokens(s: GameState, faction: str, c: int) -> int:
    cl = s.clearings[c]
    return sum(1 for f, _ in cl.buildings if f == faction) + sum(1 for f, _ in cl.tokens if f == faction)


def _defended(g: Game, attacker: str, defender: str, c: int, lost: int, removed: int) -> None:
    """The defender's hooks once the battle is over: its warriors ``lost``, the attacker's it ``removed``."""
    dfd = rules_of(defender)
    dfd.after_defending(g, defender, lost)
    if removed:
        dfd.removed_defending(g, defender, attacker, c, removed)


def _battle_cards(g: Game, attacker: str, defender: str, c: int, hits: tuple[int, int], rolled: tuple[int, int], spared: set[str]) -> tuple[int, int]:
    """Hits changed by the human sides' battle cards used after the roll (LoR 4.3.4), then less
    a first hit a side ignores (LoR 14.7.7)."""
    more_att, more_def = after_roll(g, attacker, defender, c, rolled[0], rolled[1])
    att_hits = _first_hit_ignored(g, defender, c, max(0, hits[0] + more_att), spared)
    return att_hits, _first_hit_ignored(g, attacker, c, max(0, hits[1] + more_def), spared)


def _action_extra_hits(g: Game, attacker: str, rule: str, extra_hits: int, extra_why: str, att_extra: list[str]) -> int:
    """Extra hits the action itself gives (not capped by warriors, LoR 4.3.3.I)."""
    if extra_hits:
        att_extra.append(f"{extra_hits} extra ({rule})")
        g.emit(attacker, rule, "extra_hit", "deals {n} extra hit{pl}: {reason}", n=extra_hits, pl="s" if extra_hits > 1 else "", reason=extra_why)
    return extra_hits


def ambush(g: Game, attacker: str, defender: str, c: int, spared: set[str] | None = None) -> BattleResult | None:
    """BBP 3.2 with LoR 4.3.1: the human defender may play an ambush card matching the clearing
    (a bird one matches any); the bot never foils it (it uses no ambush cards). Two hits at once,
    the card discarded; the battle ends when no attacking warrior or pawn is left (returned),
    else it goes on (None). Humans do not ambush each other through this engine, which only
    resolves battles that bots take part in."""
    s = g.state
    if (front := SHARED.services.bot_ambush(g, defender, attacker, c)) is not None:
        return _ambush_from_front(g, attacker, defender, c, front, spared)
    between_humans = may_ambush(s, attacker, defender)  # LoR 4.3.1; never against a bot (2.8.2)
    if not between_humans and not ambush_allowed(s, attacker, defender):
        return None
    if between_humans and not ambush_cards(s, defender, c):
        return None
    card = g.controller(defender).ambush_card(g, defender, c, attacker)
    if card is None:
        return None
    fs = s.factions[defender]
    if card not in fs.hand or s.deckdef.card(card).kind != "ambush" or not matches(s.deckdef.card(card).suit, s.suit(c) or ""):
        raise EngineFailure(f"ambush: card {card} is not an ambush card matching clearing {c} in the {defender}'s hand")
    if between_humans:
        g.emit(defender, "LoR 4.3.1", "ambush", "plays {card} against {attacker} in {c}", card=s.deckdef.card(card).label(), suit=s.deckdef.card(card).suit, attacker=attacker, c=c)
        if _foiled(g, attacker, defender, c, card):
            return None
        fs.hand.remove(card)
    else:
        g.emit(defender, "BBP 3.2", "ambush", "plays {card} against {attacker} in {c}: two hits at once (LoR 4.3.1; the Ambush variant sets Hates Surprises aside)", card=s.deckdef.card(card).label(), suit=s.deckdef.card(card).suit, attacker=attacker, c=c)
        fs.hand.remove(card)
    return _ambush_hits(g, attacker, defender, c, card, spared)


def _ambush_from_front(g: Game, attacker: str, defender: str, c: int, card: int, spared: set[str] | None = None) -> BattleResult | None:
    """9.7: a bot defender plays an ambush card that lay in front of it (its seller's hook took it
    from there and told it); a human attacker may foil it (LoR 4.3.1.1)."""
    if _foiled(g, attacker, defender, c, card, in_hand=False):
        return None
    _take_from_board(g, defender, card)
    return _ambush_hits(g, attacker, defender, c, card, spared)


def _take_from_board(g: Game, faction: str, card: int) -> None:
    """The card a bot plays from in front of it leaves its board as it is discarded."""
    board = g.state.factions[faction].board
    if board is not None:
        board.take_card(card)


def _ambush_hits(g: Game, attacker: str, defender: str, c: int, card: int, spared: set[str] | None = None) -> BattleResult | None:
    """LoR 4.3.1: the ambush card is discarded and deals two hits at once; the battle ends when
    no attacking warrior or pawn is left (returned), else it goes on (None)."""
    s = g.state
    discard(g, card)
    hits = _first_hit_ignored(g, attacker, c, AMBUSH_HITS, set() if spared is None else spared)
    with one_removal(g):
        removed = take_hits(g, attacker, c, hits, by=defender)
    cl = s.clearings[c]
    if cl.warriors.get(attacker, 0) > 0 or attacker in cl.pawns():
        return None
    g.emit(None, "LoR 4.3.1", "ambush_ends_battle", "the battle in {c} ends: no attacking warrior of {attacker} is left", attacker=attacker, c=c)
    return BattleResult(c, attacker, defender, (0, 0), 0, AMBUSH_HITS, (0, removed))


def _foiled(g: Game, attacker: str, defender: str, c: int, card: int, in_hand: bool = True) -> bool:
    """LoR 4.3.1.1: a human attacker may foil the ambush with an ambush card of its own matching
    the clearing; both cards are discarded and the ambush deals no hits."""
    s = g.state
    if not ambush_cards(s, attacker, c):
        return False
    foil = getattr(g.controller(attacker), "foil_ambush", None)
    answer = None if foil is None else foil(g, attacker, c, defender)
    if answer is None:
        return False
    if answer not in ambush_cards(s, attacker, c):
        raise EngineFailure(f"foil: card {answer} is not an ambush card matching clearing {c} in the {attacker}'s hand")
    g.emit(attacker, "LoR 4.3.1.1", "foil", "foils the ambush with {card}: both ambush cards are discarded", card=s.deckdef.card(answer).label())
    s.factions[attacker].hand.remove(answer)
    discard(g, answer)  # each card leaves its place as it is discarded: a Lost Souls event sees both placed
    if in_hand:
        s.factions[defender].hand.remove(card)
    else:
        _take_from_board(g, defender, card)
    discard(g, card)
    return True


def _maximum_hits(g: Game, attacker: str, defender: str, c: int) -> tuple[int, int]:
    """LoR 4.3.2: each side's maximum rolled hits, its warriors there (a Battle Track,
    7.2.4; hired warriors, 9.2.3 III), as the factions' traits change them."""
    s = g.state
    att, dfd = rules_of(attacker), rules_of(defender)
    att_max = att.max_rolled_hits(s, attacker, c) + hired_warriors(s, attacker, c, defender)
    def_max = dfd.max_rolled_hits(s, defender, c) + hired_warriors(s, defender, c, attacker)
    att_max, def_max = att.adjust_maximum_hits(g, attacker, defender, c, att_max, def_max)
    if dfd is not att:
        att_max, def_max = dfd.adjust_maximum_hits(g, attacker, defender, c, att_max, def_max)
    return att_max, def_max


def hired_warriors(s: GameState, faction: str, c: int, opponent: str) -> int:
    """The seller's warriors in ``c`` that fight as ``faction``'s against ``opponent`` (9.2.3 III,
    asked of the seller of services); none without a warrior of the seller there."""
    seller = SHARED.services
    if not s.clearings[c].warriors.get(seller.name):
        return 0
    return seller.hired_warriors(s, faction, c, opponent)


def _enlist(g: Game, attacker: str, defender: str, c: int) -> int:
    """A third party's pawn in the battle clearing may be enlisted by the defender (the Arbiter,
    7.7.6): the hits it adds to the defender's maximum."""
    cl = g.state.clearings[c]
    if cl.pawn is None:  # no pawn, nobody to enlist: the common case
        return 0
    return sum(rules_of(pawn).enlisted(g, attacker, defender, c) for pawn in cl.pawns() if pawn not in (attacker, defender))


def _max_sources(g: Game, attacker: str, defender: str, c: int, att_max: int, def_max: int) -> tuple[str, str]:
    """Both sides' ``_max_source``, fixed now as the explanation is read later; nothing when
    nobody reads it (a simulation)."""
    if not g.explains:
        return "", ""
    s = g.state
    return _max_source(s, attacker, c, att_max), _max_source(s, defender, c, def_max)


def _max_source(s: GameState, faction: str, c: int, cap: int) -> str:
    """What sets a side's maximum rolled hits (LoR 4.3.2), in words."""
    own = rules_of(faction).max_hits_source(s, faction)  # a Battle Track instead (7.2.4)
    if own:
        return own
    w = s.warriors(faction, c)
    if w == cap == 0:
        return "having no warriors there (LoR 4.3.2)"
    if w == cap:
        return f"its {w} warrior{'' if w == 1 else 's'} there (LoR 4.3.2)"
    return f"its maximum rolled hits ({w} warrior{'' if w == 1 else 's'} there, changed by services or traits)"


def _side_hits(faction: str, rolled: int, cap: int, arbiter: int, source: str, extras: list[str]) -> str:
    """One side's hits explained: the roll, the cap and what set it, the Arbiter, the extra hits."""
    text = f"{faction} rolled {rolled}"
    arbiter_note = f"the Arbiter's {arbiter} (7.7.6)" if arbiter else ""
    if rolled > cap + arbiter:
        text += f", capped at {cap + arbiter} by {source}" + (f" and {arbiter_note}" if arbiter else "")
    elif arbiter:
        text += f", its maximum raised by {arbiter_note}"
    if extras:
        text += ", plus " + ", ".join(extras)
    return text


def _roll(g: Game, attacker: str, defender: str) -> tuple[int, int]:
    """Roll both dice: the attacker takes the higher, the defender the lower (LoR 4.3.2)."""
    r1, r2 = g.chance.roll()
    hi, lo = max(r1, r2), min(r1, r2)
    note = rules_of(defender).defends_with_higher_roll(g, defender)  # Guerrilla War (LoR 8.2.2)
    if note:
        hi, lo = lo, hi
    g.emit(None, "LoR 4.3.2", "roll", "dice roll {r1}-{r2}: {attacker} rolls {hi}, {defender} rolls {lo}{note}", r1=r1, r2=r2, attacker=attacker, defender=defender, hi=hi, lo=lo, note=note)
    return hi, lo


def take_hits(g: Game, owner: str, c: int, hits: int, by: str, remover: str | None = None) -> int:
    """Remove ``hits`` pieces of ``owner``: warriors first (LoR 4.3.4), then the rest. A pawn's faction
    damages items instead (7.2.5). A ``remover`` other than the owner scores for them: a bot
    remover picks the pieces as a bot would (7.7.4, 1.2.1); a human remover's forced sides pick
    their own (LoR 1.5.5.1). Returns the warriors removed."""
    if hits <= 0:
        return 0
    s = g.state
    hooks = rules_of(owner)
    if hooks.takes_hits_itself(s, owner):  # items take the hits instead (7.2.5)
        hooks.take_hits(g, owner, c, hits, by)
        return 0
    scorer = by if remover is None else remover
    seller = SHARED.services
    if hired_warriors(s, owner, c, by):  # 9.2.3 III: hits split with the seller's warriors
        hits, hired = seller.split_hits(s, owner, c, hits)
        remove_warriors(g, seller.name, c, hired, "9.2.3 III", by=scorer)
    lost = remove_warriors(g, owner, c, hits, "LoR 4.3.4", by=scorer)
    hits -= lost
    if hits <= 0:
        return lost
    fs = s.factions[owner]
    if fs.is_bot or (remover is not None and s.factions[remover].is_bot):  # a bot remover removes for both sides (7.7.4)
        _bot_takes_hits(g, owner, c, hits, scorer)
        return lost
    cl = s.clearings[c]
    removable = [k for f, k in cl.tokens if f == owner] + [k for f, k in cl.buildings if f == owner]
    if not removable:
        return lost
    order = g.controller(owner).assign_hits(g, owner, c, hits, removable)  # a forced battle too (LoR 1.5.5.1)
    for kind in order[:hits]:
        remove_piece(g, owner, c, kind, "LoR 4.3.4", by=scorer)
    return lost


def _bot_takes_hits(g: Game, owner: str, c: int, hits: int, by: str) -> None:
    """Tokens before buildings; among several building (or token) types, at random (1.2.1).
    A Better Bot Project seat picks one piece at random, not one type (BBP 4.3, R-BBP-HITS)."""
    cl = g.state.clearings[c]
    per_building = rules_of(owner).hits_per_building(g, owner)  # a trait may make it two (3.3.2)
    by_piece = g.state.factions[owner].rule_set != LAW
    rule = "BBP 4.3" if by_piece else "1.2.1"
    for pool in (cl.tokens, cl.buildings):
        cost = per_building if pool is cl.buildings else 1
        while hits > 0 and pool:
            kinds = sorted(k for f, k in pool if f == owner) if by_piece else sorted({k for f, k in pool if f == owner})
            if not kinds:
                break
            if hits < cost:
                rules_of(owner).building_withstands(g, owner, c)
                break
            one = kinds[0] == kinds[-1]
            kind = kinds[0] if one else g.chance.pick(kinds, f"which {owner} piece{'' if by_piece else ' type'} to remove in {c} ({rule})")
            remove_piece(g, owner, c, kind, rule, by=by)
            hits -= cost
