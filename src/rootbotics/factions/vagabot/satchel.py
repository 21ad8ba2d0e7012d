"""The Vagabot's items in play (Law of Robotics 7.2.1-7.2.5, 7.7.6): gaining, exhausting,
damaging, repairing and refreshing items, the Battle Track, and what other factions' battles and
effects do to him (taking hits, Full Removal, enlisting the Arbiter).

Other seats reach the Vagabot only through this module, by way of his faction's hooks
(``faction.py``) that the shared rules call.
"""

from __future__ import annotations

from typing import Any

from ...core.context import Game
from . import human
from .items import VAGABOT, Item, VagabotState, track_spaces
from ...core.rules import score
from ...core.state import GameState

FULL_REMOVAL_DAMAGE = 3  # 7.2.1 I


def vagabot_state(state: GameState, faction: str = VAGABOT) -> VagabotState | None:
    fs = state.factions.get(faction)
    return fs.board if fs is not None and isinstance(fs.board, VagabotState) else None


def has_pawn(state: GameState, faction: str) -> bool:
    """Whether the faction fights with a pawn and items instead of warriors (7.2.1)."""
    return vagabot_state(state, faction) is not None


def _vs(g: Game, faction: str) -> VagabotState:
    vs = vagabot_state(g.state, faction)
    assert vs is not None, f"{faction} has no pawn"
    return vs


def _kinds(items: list[Item]) -> str:
    return ", ".join(i.kind for i in items)


# -- 7.2.3 items -------------------------------------------------------------------------------
def gain(g: Game, faction: str, kind: str, rule: str, source: str, ruin: bool = False) -> None:
    """A gained item goes face up into the Satchel (7.2.3); the Battle Track may take it (7.2.4).
    ``ruin``: an R item from a ruin in a game of two Vagabonds, marked for LoR 9.7.3."""
    vs = _vs(g, faction)
    vs.items.append(Item(kind, ruin=ruin))
    moves = settle_track(vs)
    g.emit(faction, rule, "gain_item", "gains {item:an item} {source}: face up in the Satchel ({n:items})", item=kind, source=source, n=len(vs.items))
    announce_track(g, faction, moves)


def exhaust(g: Game, faction: str, n: int, rule: str, reason: str) -> int:
    """Exhaust up to ``n`` undamaged face-up Satchel items (7.2.3); returns how many."""
    vs = _vs(g, faction)
    ready = vs.ready()[:n]
    for item in ready:
        item.exhausted = True
    if ready:
        left = len(vs.ready())
        g.emit(faction, rule, "exhaust", "exhausts {n} item{pl} {reason} ({left} ready left)", n=len(ready), pl="s" if len(ready) > 1 else "", reason=reason, left=left, items=_kinds(ready))
    return len(ready)


def refresh(g: Game, faction: str, n: int, rule: str) -> int:
    """Turn up to ``n`` exhausted undamaged items face up, Satchel items first (7.6.1)."""
    vs = _vs(g, faction)
    pool = [i for i in vs.items if i.exhausted and not i.damaged]
    pool.sort(key=lambda i: i.track)  # Satchel (0) before the Battle Track
    chosen = pool[:n]
    for item in chosen:
        item.exhausted = False
    g.emit(faction, rule, "refresh", "refreshes {n} item{pl} (up to {want})", n=len(chosen), pl="" if len(chosen) == 1 else "s", want=n)
    return len(chosen)


def repair(g: Game, faction: str, n: int, rule: str, reason: str) -> int:
    """Repair up to ``n`` damaged items, face-up ones before exhausted ones (7.5.5, 7.6.2). A
    repaired item stays face down if it was (7.5.5)."""
    vs = _vs(g, faction)
    pool = [i for i in vs.items if i.damaged and not i.exhausted] + [i for i in vs.items if i.damaged and i.exhausted]
    chosen = pool[:n]
    for item in chosen:
        item.damaged = False
    if chosen:
        moves = settle_track(vs)
        g.emit(faction, rule, "repair", "repairs {n} item{pl} {reason} ({d} damaged left)", n=len(chosen), pl="s" if len(chosen) > 1 else "", reason=reason, d=vs.damaged(), items=_kinds(chosen))
        announce_track(g, faction, moves)
    return len(chosen)


# -- 7.2.4 the Battle Track ---------------------------------------------------------------------
TrackMove = tuple[str, str, str, int, int, int]  # (on|off, item, was, space, undamaged, max hits)


def settle_track(vs: VagabotState) -> list[TrackMove]:
    """7.2.4: with at least 6, 9 or 12 undamaged items, 1, 2 or 3 of them sit on the Battle Track,
    filled left to right, exhausted items before face-up ones (the newest first among equals).
    Items leave the track from the right when the count drops (7.2.5). Returns the moves made, for
    ``announce_track`` (so that events come after the state is whole again)."""
    moves: list[TrackMove] = []
    for space, item in enumerate(sorted((i for i in vs.items if i.track), key=lambda i: i.track), start=1):
        item.track = space  # a damaged item has left its space: the ones to its right close up
    want = track_spaces(vs.track_count())
    while vs.on_track() > want:
        item = max((i for i in vs.items if i.track), key=lambda i: i.track)
        space, item.track = item.track, 0
        moves.append(("off", item.kind, "exhausted" if item.exhausted else "face up", space, vs.track_count(), vs.max_rolled_hits()))
    while vs.on_track() < want:
        item = vs.next_for_track()
        item.track = vs.on_track() + 1
        moves.append(("on", item.kind, "exhausted" if item.exhausted else "face up", item.track, vs.track_count(), vs.max_rolled_hits()))
    return moves


def announce_track(g: Game, faction: str, moves: list[TrackMove]) -> None:
    """The track's moves in the log: the Law's Battle Track (7.2.4, by undamaged items) or the
    Robot Raccoon's Combat Track (BBP RR.2, by every item)."""
    vs = _vs(g, faction)
    rule, name = vs.track_rule, vs.track_name
    counted = "undamaged items" if vs.damaged_leave_track else "items"
    for way, kind, was, space, u, m in moves:
        if way == "off":
            g.emit(faction, rule, "track_off", "moves the {item} off space {space} of the {track} into the Satchel ({u} {counted}: maximum rolled hits {m})", item=kind, space=space, track=name, u=u, counted=counted, m=m)
        else:
            bonus = "one extra hit as attacker" if space == 3 else f"maximum rolled hits {m}"
            g.emit(faction, rule, "track_on", "places the {item} ({was}) on space {space} of the {track} ({u} {counted}: {bonus})", item=kind, was=was, space=space, track=name, u=u, counted=counted, bonus=bonus)


def rebalance_track(g: Game, faction: str) -> None:
    announce_track(g, faction, settle_track(_vs(g, faction)))


# -- 7.2.5 taking hits, 7.2.1 I Full Removal -----------------------------------------------------
def damage(g: Game, faction: str, n: int, rule: str, reason: str) -> int:
    """Damage up to ``n`` undamaged items, one at a time: exhausted ones first, then face-up ones
    (7.2.5), a Satchel item before a Battle Track item of the same face; the track follows each
    one (7.2.4). Hits beyond his undamaged items do nothing. Returns how many were damaged."""
    vs = _vs(g, faction)
    done = 0
    for _ in range(n):
        pool = [i for i in vs.items if not i.damaged]
        if not pool:
            break
        item = min(pool, key=lambda i: (not i.exhausted, i.track > 0, -i.track))
        was = "exhausted" if item.exhausted else "face up"
        item.damaged = True
        if vs.damaged_leave_track:  # 7.2.5; the Robot Raccoon's Combat Track keeps it (R-BBP-RR-TRACK)
            item.track = 0
        done += 1
        moves = settle_track(vs)
        g.emit(faction, rule, "damage", "damages {item:an item} ({was}) {reason} ({u} undamaged left)", item=item.kind, was=was, reason=reason, u=vs.undamaged())
        announce_track(g, faction, moves)
    if done < n:
        g.emit(faction, rule, "damage_ignored", "has no undamaged item left: {k} more hit{pl} do nothing", k=n - done, pl="s" if n - done > 1 else "")
    return done


def take_hits(g: Game, faction: str, c: int, hits: int, by: str) -> int:
    """The Vagabot in battle: each hit damages an item (7.2.5); nothing is removed. The Robot
    Raccoon's hits damage his items in the same order (ruling R-BBP-RR-TRACK)."""
    if _vs(g, faction).damaged_leave_track:
        return damage(g, faction, hits, "7.2.5", f"for a hit from {by} in {c}")
    return damage(g, faction, hits, "BBP RR.2", f"for a hit from {by} in {c} (the Law's order, ruling R-BBP-RR-TRACK)")


def full_removal(g: Game, by: str, c: int) -> bool:
    """7.2.1 I: an enemy effect that removes all enemy pieces from the Vagabot's clearing damages
    three of his items instead (his pawn is never removed). Other bots call this whenever such an
    effect resolves in ``c``; returns whether the Vagabot was there."""
    s = g.state
    pawn = next((p for p in s.clearings[c].pawns() if vagabot_state(s, p) is not None), None)
    if pawn is None or pawn == by:
        return False
    damage(g, pawn, FULL_REMOVAL_DAMAGE, "7.2.1 I", f"as {by} removes all enemy pieces from {c} (Full Removal)")
    return True


# -- battle numbers (7.2.4; LoR 4.3.2, 4.3.3) ------------------------------------------------------
def max_rolled_hits(state: GameState, faction: str, c: int) -> int:
    """Warriors in the clearing (LoR 4.3.2); the Vagabot's Battle Track instead (7.2.4)."""
    vs = vagabot_state(state, faction)
    if vs is not None:
        return vs.max_rolled_hits()
    return state.warriors(faction, c)


def defenseless(state: GameState, faction: str, c: int) -> bool:
    """LoR 4.3.3 II: no warriors there. The Vagabot never is: his pawn fights with his Battle Track,
    whose maximum rolled hits is never below one (7.2.4; ruling R-VAGABOT-DEFENSELESS)."""
    if has_pawn(state, faction):
        return False
    return state.warriors(faction, c) == 0


def attack_extra_hits(state: GameState, faction: str) -> int:
    vs = vagabot_state(state, faction)
    return 0 if vs is None else vs.attack_extra_hits()


# -- 7.7.6 the Arbiter ---------------------------------------------------------------------------
def _is_arbiter(state: GameState, pawn: str) -> bool:
    """Whether the pawn's Vagabond (the Vagabot or a human) plays the Arbiter."""
    vs = vagabot_state(state, pawn)
    if vs is not None:
        return vs.character == "arbiter"
    vb = human.board_of(state, pawn)  # a human Arbiter: bots enlist him the same way (7.7.6)
    return vb is not None and human.character(state, vb, pawn) == "arbiter"


def enlist_arbiter(g: Game, pawn: str, attacker: str, defender: str, c: int) -> int:
    """7.7.6: before the roll, the defender may enlist the Arbiter standing in the clearing. He
    scores one VP and adds his Battle Track items to the defender's maximum rolled hits. A bot
    defender enlists him when its maximum rolled hits is below three (I) and below the enemy
    pieces in the battle (II), and it has more VP than he (III). A human defender is asked.
    ``pawn``: the Vagabond asked about (of two, each is asked). Returns the hits added."""
    s = g.state
    if pawn in (attacker, defender) or pawn not in s.clearings[c].pawns() or not _is_arbiter(s, pawn):
        return 0
    arbiter = pawn
    fs = s.factions[defender]
    if fs.is_bot:
        own = max_rolled_hits(s, defender, c)
        enemies = s.clearings[c].pieces_of(attacker)
        vp, arb_vp = fs.vp, s.factions[arbiter].vp
        checks = [
            (own < 3, f"its maximum rolled hits {own} {'<' if own < 3 else '>='} 3 (I)"),
            (own < enemies, f"{own} {'<' if own < enemies else '>='} {enemies} enemy pieces in the battle (II)"),
            (vp > arb_vp, f"its {vp} VP {'>' if vp > arb_vp else '<='} the Arbiter's {arb_vp} (III)"),
        ]
        yes = all(ok for ok, _ in checks)
        reasons = "; ".join(text for _, text in checks)
        if not yes:
            g.emit(defender, "7.7.6", "arbiter_declined", "does not enlist the Arbiter in {c}", lambda: reasons, c=c)
            return 0
        g.emit(defender, "7.7.6", "enlist", "enlists the Arbiter in {c}", lambda: reasons, c=c)
    else:
        controller: Any = g.controller(defender)  # a human's: it answers the Vagabond's requests
        if not controller.enlist_arbiter(g, defender, c, attacker):
            g.emit(defender, "7.7.6", "arbiter_declined", "does not enlist the Arbiter in {c}", c=c)
            return 0
        g.emit(defender, "7.7.6", "enlist", "enlists the Arbiter in {c}", c=c)
    vb = human.board_of(s, arbiter)
    added = vb.swords() if vb is not None else _vs(g, arbiter).on_track()
    source = "his undamaged swords, LoR 9.2.6" if vb is not None else "his Battle Track items"
    score(g, arbiter, 1, "7.7.6", f"for being enlisted by {defender}")
    g.emit(arbiter, "7.7.6", "arbiter_hits", "adds {n} to {defender}'s maximum rolled hits ({source})", n=added, defender=defender, source=source)
    return added
