"""Battle (LoR 4.3) as changed for bots: no ambush against bots (2.8.2), bots take hits on
tokens before buildings and pick a building type at random (1.2.1). The Vagabot fights with his
pawn: his Battle Track sets his maximum rolled hits and hits damage his items (7.2.4, 7.2.5); the
Arbiter may be enlisted by a defender (7.7.6)."""

from __future__ import annotations

from dataclasses import dataclass

from .context import Game
from . import plots, satchel, services
from .rules import one_removal, place_warriors, remove_piece, remove_warriors
from .state import GameState


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
    fights = cl.warriors.get(attacker, 0) > 0 or cl.pawn == attacker
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
    """Resolve one battle and return what happened. ``extra_hits`` come from the action
    (``extra_why`` says why, under ``rule``) and are not capped by warriors (LoR 4.3.3.I).
    An ``instigator`` (the Vagrant, 7.7.4) removes the pieces for both sides and scores for them."""
    s = g.state
    g.emit(attacker, rule, "battle", "battles {defender} in {c}", why, defender=defender, c=c)
    # Step 1, ambush (LoR 4.3.1): never against a bot (2.8.2). Humans do not ambush each
    # other through this engine, which only resolves battles that bots take part in.
    arbiter = satchel.enlist_arbiter(g, attacker, defender, c)  # 7.7.6: before rolling
    a_roll, d_roll = _roll(g, attacker, defender)
    # LoR 4.3.2: maximum rolled hits = warriors there; the Vagabot's Battle Track (7.2.4)
    att_max = satchel.max_rolled_hits(s, attacker, c) + services.mercenary_warriors(s, attacker, c, defender)
    def_max = satchel.max_rolled_hits(s, defender, c) + services.mercenary_warriors(s, defender, c, attacker)
    att_max, def_max = riverfolk_traits(g, attacker, defender, c, att_max, def_max)
    att_hits = min(a_roll, att_max)
    def_hits = min(d_roll, def_max + arbiter)
    att_src = _max_source(s, attacker, c, att_max)  # fixed now: the explanation is read later
    def_src = _max_source(s, defender, c, def_max)
    att_extra: list[str] = []
    def_extra: list[str] = []
    if satchel.defenseless(s, defender, c) and not services.mercenary_warriors(s, defender, c, attacker) and not _garrisoned(g, defender, c):  # LoR 4.3.3.II
        att_hits += 1
        att_extra.append("1 as the defender is defenseless (LoR 4.3.3)")
        g.emit(attacker, "LoR 4.3.3", "extra_hit", "deals an extra hit: {defender} is defenseless in {c}", defender=defender, c=c)
    track = satchel.attack_extra_hits(s, attacker)
    if track:
        att_hits += track
        att_extra.append(f"{track} from the Battle Track (7.2.4)")
        g.emit(attacker, "7.2.4", "extra_hit", "deals an extra hit: the third space of its Battle Track is filled")
    if extra_hits:
        att_hits += extra_hits
        att_extra.append(f"{extra_hits} extra ({rule})")
        g.emit(attacker, rule, "extra_hit", "deals {n} extra hit{pl}: {reason}", n=extra_hits, pl="s" if extra_hits > 1 else "", reason=extra_why)
    d_extra, d_rule, d_why = defender_extra_hits(s, defender, c)
    if d_extra:
        def_hits += d_extra
        def_extra.append(f"{d_extra} extra ({d_rule})")
        g.emit(defender, d_rule, "extra_hit", "deals {n} extra hit{pl}: {reason}", n=d_extra, pl="s" if d_extra > 1 else "", reason=d_why)
    sides = ((attacker, a_roll, att_max, 0, att_src, att_extra), (defender, d_roll, def_max, arbiter, def_src, def_extra))
    g.emit(
        None, "LoR 4.3.2", "hits", "{attacker} deals {ah} hit{apl}, {defender} deals {dh} hit{dpl}",
        lambda: "; ".join(_side_hits(*side) for side in sides),
        attacker=attacker, ah=att_hits, apl="" if att_hits == 1 else "s", defender=defender, dh=def_hits, dpl="" if def_hits == 1 else "s",
    )
    # Step 4 (LoR 4.3.4): both sides' hits were fixed above; now they are taken.
    with one_removal(g):  # one battle's removals set off Cost of Errors once (10.2.1)
        by_attacker = take_hits(g, defender, c, att_hits, by=attacker, remover=instigator)
        by_defender = take_hits(g, attacker, c, def_hits, by=defender, remover=instigator)
    _hospitals(g, defender, by_attacker)
    return BattleResult(c, attacker, defender, (a_roll, d_roll), att_hits, def_hits, (by_attacker, by_defender))


def riverfolk_traits(g: Game, attacker: str, defender: str, c: int, att_max: int, def_max: int) -> tuple[int, int]:
    """Riverfolk Robots traits (3.3.2): Ferocious, its maximum rolled hits attacking is 3;
    Garrison, defending, its trade post in the clearing adds 1."""
    if attacker == "riverfolk" and _has_trait(g, attacker, "ferocious"):
        att_max = 3
        g.emit(attacker, "3.3.2", "ferocious", "Ferocious: its maximum rolled hits is 3")
    if _garrisoned(g, defender, c) and ("riverfolk", "trade_post") in g.state.clearings[c].tokens:
        def_max += 1
        g.emit(defender, "3.3.2", "garrison", "Garrison: its trade post in {c} adds 1 to its maximum rolled hits", c=c)
    return att_max, def_max


def _garrisoned(g: Game, faction: str, c: int) -> bool:
    """Riverfolk trait Garrison (3.3.2): as defender it is never defenseless."""
    return faction == "riverfolk" and _has_trait(g, faction, "garrison")


def _has_trait(g: Game, faction: str, trait: str) -> bool:
    fs = g.state.factions[faction]
    return fs.is_bot and trait in fs.traits


def _hospitals(g: Game, defender: str, warriors_lost: int) -> None:
    """Marquise trait Hospitals: after a battle it defended and lost two or more warriors in,
    two warriors go to the keep's clearing (3.3.2)."""
    if defender != "marquise" or warriors_lost < 2 or not _has_trait(g, defender, "hospitals"):
        return
    keep = g.state.keep_clearing()
    if keep is not None:
        place_warriors(g, "marquise", keep, 2, "3.3.2", why=lambda: f"Hospitals: it lost {warriors_lost} warriors defending")


def defender_extra_hits(state: GameState, defender: str, c: int) -> tuple[int, str, str]:
    """Extra hits the defender's own abilities deal (LoR 4.3.3), as (hits, rule, reason).

    Automated Ambush (6.2.2): the Alliance bot defending with at least one warrior there; with
    the Informants trait (3.3.2), also with none there but a sympathy token. Embedded Agents
    (11.2.2): the Corvids defending where they have a facedown plot, even defenseless.
    """
    fs = state.factions[defender]
    if defender == "alliance" and fs.is_bot:
        if state.warriors(defender, c) > 0:
            return 1, "6.2.2", f"Automated Ambush, defending {c} with Alliance warriors"
        if "informants" in fs.traits and ("alliance", "sympathy") in state.clearings[c].tokens:
            return 1, "3.3.2", f"Automated Ambush for its defenseless sympathy in {c} (Informants)"
    if defender == "corvids" and fs.is_bot and plots.facedown_plot(state, c):
        return 1, "11.2.2", f"Embedded Agents, a facedown plot in {c}"
    return 0, "", ""


def _max_source(s: GameState, faction: str, c: int, cap: int) -> str:
    """What sets a side's maximum rolled hits (LoR 4.3.2), in words."""
    if satchel.has_pawn(s, faction):
        return "his Battle Track (7.2.4)"
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
    s = g.state
    note = ""
    if defender == "alliance" and s.factions["alliance"].seat == "human":
        hi, lo = lo, hi  # Guerrilla War (LoR 8.2.2): the Alliance defends with the higher roll
        note = " (Guerrilla War, LoR 8.2.2)"
    elif defender == "alliance" and _has_trait(g, defender, "veterans"):
        hi, lo = lo, hi
        note = " (the Alliance's Veterans: Guerrilla War, 3.3.2)"
    g.emit(None, "LoR 4.3.2", "roll", "dice roll {r1}-{r2}: {attacker} rolls {hi}, {defender} rolls {lo}{note}", r1=r1, r2=r2, attacker=attacker, defender=defender, hi=hi, lo=lo, note=note)
    return hi, lo


def take_hits(g: Game, owner: str, c: int, hits: int, by: str, remover: str | None = None) -> int:
    """Remove ``hits`` pieces of ``owner``: warriors first (LoR 4.3.4), then the rest. The Vagabot
    damages items instead (7.2.5). A ``remover`` other than the owner (the Vagrant, 7.7.4) picks
    the pieces as a bot would (1.2.1) and scores for them. Returns the warriors removed."""
    if hits <= 0:
        return 0
    s = g.state
    if satchel.has_pawn(s, owner):
        satchel.take_hits(g, owner, c, hits, by)
        return 0
    scorer = by if remover is None else remover
    if services.mercenary_warriors(s, owner, c, by):  # 9.2.3 III: hits split with the Riverfolk
        hits, hired = services.split_hits(s, owner, c, hits)
        remove_warriors(g, "riverfolk", c, hired, "9.2.3 III", by=scorer)
    lost = remove_warriors(g, owner, c, hits, "LoR 4.3.4", by=scorer)
    hits -= lost
    if hits <= 0:
        return lost
    fs = s.factions[owner]
    if fs.is_bot or remover is not None:
        _bot_takes_hits(g, owner, c, hits, scorer)
        return lost
    cl = s.clearings[c]
    removable = [k for f, k in cl.tokens if f == owner] + [k for f, k in cl.buildings if f == owner]
    if not removable:
        return lost
    order = g.controller(owner).assign_hits(g, owner, c, hits, removable)
    for kind in order[:hits]:
        remove_piece(g, owner, c, kind, "LoR 4.3.4", by=by)
    return lost


def _bot_takes_hits(g: Game, owner: str, c: int, hits: int, by: str) -> None:
    """Tokens before buildings; among several building (or token) types, at random (1.2.1)."""
    cl = g.state.clearings[c]
    fortified = owner == "marquise" and _has_trait(g, owner, "fortified")
    for pool in (cl.tokens, cl.buildings):
        cost = 2 if fortified and pool is cl.buildings else 1  # Fortified: two hits a building
        while hits > 0:
            kinds = sorted({k for f, k in pool if f == owner})
            if not kinds:
                break
            if hits < cost:
                g.emit(owner, "3.3.2", "fortified", "Fortified: a single hit on a building in {c} does nothing", c=c)
                break
            kind = kinds[0] if len(kinds) == 1 else g.chance.pick(kinds, f"which {owner} piece type to remove in {c} (1.2.1)")
            remove_piece(g, owner, c, kind, "1.2.1", by=by)
            hits -= cost
