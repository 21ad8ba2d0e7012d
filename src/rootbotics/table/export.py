"""A bot game written as a Rootlog file (V2.8): header, seats, one line per setup and turn,
``Winner:``. Rootlog records the movement of pieces, so the writer watches the position: after
every event it compares what stands where (pieces in clearings, the Burrow and on boards, the
pawn, the Ferry, items under ruins, plots' faces, closed paths, VP) with the position before,
and writes the difference as moves; what the event itself says beyond the board (a battle and
its rolls, the order card, a decree card, a craft) comes from ``EVENT_ACTIONS``, the mapping of
every event kind the bots emit to its Rootlog actions. An event kind missing from it is an
``ExportError``: a new kind cannot slip into a file unwritten.

The bots sit under their faction's letter; their seat lines say in a comment that they are bots
(``E: Clockwork Eyrie // bot (Law of Robotics), difficulty default``), which ``rootlog_import``
reads back.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..core.context import Game
from ..core.faction import faction_title
from ..core.events import Event, EventLog
from ..core.state import GameState
from ..factions.hundreds.board import warlord_clearing
from ..factions.vagabot import raccoon_paths
from ..game import GameConfig, new_game, play
from .board import ENGINE_NAMES, KINDS, LETTERS, PATHS_COMMENT, PLOT_NAMES, RULE_SET_COMMENTS, WAYSTATION_SIDES
from .rootlog import (
    Action, Battle, Board, Card, Clearing, Counted, Craft, Flip, Forest, Hand, Item, Move, Part,
    Piece, RemovePath, Score, Trick, format_action,
)
from .rootlog_ast import ITEMS
from .rootlog_readers import for_readers

BOT_COMMENT = "bot (Law of Robotics)"
SUIT_LETTERS: dict[str, str] = {"bird": "B", "fox": "F", "mouse": "M", "rabbit": "R"}
ITEM_LETTERS: dict[str, str] = {name: letter for letter, name in ITEMS.items() if letter != "_"}
ITEM_LETTERS.update({"boots": "f", "coins": "c"})  # the engine's names of the boot and coin pieces
MINISTER_NAMES: dict[str, str] = {"earl": "earlofstone", "baron": "baronofdirt", "duchess": "duchessofmud"}
PLOT_LETTERS: dict[str, str] = {name: letter for letter, name in PLOT_NAMES.items()}
# engine kind -> (Rootlog piece type, letter); trade posts and plots take theirs from the position
PIECE_OF: dict[str, tuple[str, str]] = {}
for (_f, _t, _v), _kind in KINDS.items():
    PIECE_OF.setdefault(_kind, (_t, _v))
PIECE_OF.update({"trade_post": ("t", ""), "plot": ("t", "")})
PIECE_OF.update({f"relic_{t}": ("t", t[0]) for t in ("figure", "tablet", "jewelry")})  # a face-down relic (LoR 15.2.1)
PIECE_OF["warlord"] = ("w", "w")  # the Hundreds' warlord (LoR 14.2.2), counted apart from its warriors in a snapshot


class ExportError(ValueError):
    """A game that cannot be written as Rootlog (one line naming what)."""


# -- the position as Rootlog sees it -----------------------------------------------------------
Place = Any  # a clearing 1-12, 0 (the Burrow), ("$", faction) a board, ("forest", i)


@dataclass(frozen=True, slots=True)
class Snapshot:
    pieces: Counter[tuple[Place, str, str]]  # (place, owner, engine kind) -> count
    pawns: dict[str, Place]
    ferry: int | None
    ruin_items: Counter[tuple[int, str]]
    faces: dict[int, tuple[str, bool]]  # the Corvids' plots: clearing -> (kind, face up)
    opened: frozenset[tuple[int, int]]
    vp: dict[str, int]
    ministers: tuple[str, ...] = ()  # the Duchy's swayed ministers (a crown on each)


def snapshot(s: GameState) -> Snapshot:
    """What stands where, in the terms of Rootlog."""
    pieces: Counter[tuple[Place, str, str]] = Counter()
    ruin_items: Counter[tuple[int, str]] = Counter()
    for c in range(1, 13):
        cl = s.clearings[c]
        for f, n in cl.warriors.items():
            if n:
                pieces[(c, f, "warrior")] += n
        for f, k in (*cl.buildings, *cl.tokens):
            pieces[(c, f, k)] += 1
        for item in cl.ruin_items:
            ruin_items[(c, item)] += 1
    warlord = warlord_clearing(s)
    if warlord is not None:  # the Hundreds' warlord, its own piece in Rootlog (w_w, R-HUNDREDS-ROOTLOG)
        pieces[(warlord, "hundreds", "warlord")] += 1
        pieces[(warlord, "hundreds", "warrior")] -= 1
        if not pieces[(warlord, "hundreds", "warrior")]:
            del pieces[(warlord, "hundreds", "warrior")]
    pawns: dict[str, Place] = {}
    for f, fs in s.factions.items():
        _board_pieces(s, f, pieces)
        where = _pawn_place(fs.board)
        if where is not None:
            pawns[f] = where
    faces = dict(getattr(s.factions["corvids"].board, "plots", {})) if "corvids" in s.factions else {}
    vp = {f: fs.vp for f, fs in s.factions.items()}
    swayed = tuple(getattr(s.factions["duchy"].board, "swayed", ())) if "duchy" in s.factions else ()
    return Snapshot(pieces, pawns, s.ferry, ruin_items, faces, frozenset(s.opened_paths), vp, swayed)


def _board_pieces(s: GameState, f: str, pieces: Counter[tuple[Place, str, str]]) -> None:
    """Warriors off the map: the Burrow (clearing 0), a board's box or Payments (``$``); tokens in
    forests (the Keepers' relics, a face-down one by its type only: ``relic_figure``)."""
    board = s.factions[f].board
    if board is None:
        return
    for forest, lying in getattr(board, "forests", {}).items():
        for kind, up in lying:
            pieces[(("forest", forest), f, kind if up else kind.rsplit("_", 1)[0])] += 1
    for t, values in getattr(board, "recovered", {}).items():  # the Keepers' Relics spaces (LoR 15.5.2.3.1)
        for v in values:
            pieces[(("$", f), f, f"relic_{t}_{v}")] += 1
    if board.off_map("warrior"):
        pieces[(0, f, "warrior")] += board.off_map("warrior")
    if board.out_of_play("warrior"):
        pieces[(("$", f), f, "warrior")] += board.out_of_play("warrior")
    for owner in s.factions:
        if board.held(owner, "warrior"):
            pieces[(("$", f), owner, "warrior")] += board.held(owner, "warrior")


def _pawn_place(board: object) -> Place | None:
    if board is None or not board.has_pawn():  # type: ignore[attr-defined]
        return None
    clearing, forest = getattr(board, "clearing", None), getattr(board, "forest", None)
    return clearing if clearing is not None else (("forest", forest) if forest is not None else None)


# -- the difference of two positions as actions ---------------------------------------------------
@dataclass(slots=True)
class Writer:
    """Turns differences of positions into Rootlog actions for the line of ``current``."""

    state: GameState
    current: str = ""

    def letter(self, owner: str) -> str | None:
        return None if owner == self.current else LETTERS[owner]

    def piece(self, place: Place, owner: str, kind: str, faces: dict[int, tuple[str, bool]]) -> Piece:
        t, variant = PIECE_OF[kind]
        if kind == "trade_post" and isinstance(place, int) and place:
            variant = SUIT_LETTERS.get(self.state.suit(place) or "", "").lower()
        if kind == "plot" and isinstance(place, int) and place in faces:
            variant = PLOT_LETTERS.get(faces[place][0], "")
        if kind in WAYSTATION_SIDES:  # the side showing first (Rootlog b_t_f: tablets up)
            shown = getattr(self.state.factions[owner].board, "faces", {}).get(kind, "")[:1]
            variant = "_".join(sorted(WAYSTATION_SIDES[kind], key=lambda side: side != shown))
        return Piece(self.letter(owner), t, variant)

    def location(self, place: Place) -> Any:
        if place is None:
            return None
        if isinstance(place, int):
            return Clearing(place)
        if place[0] == "$":
            return Board(LETTERS[place[1]] if place[1] != self.current else None)
        return Forest(self.state.map.forests[place[1]])

    def diff(self, a: Snapshot, b: Snapshot) -> list[Action]:
        out = self._pieces(a, b)
        for f, where in b.pawns.items():
            if a.pawns.get(f) != where:
                out.append(Move((Part((Counted(1, Piece(self.letter(f), "p")),)),), (self.location(where),)))
        if a.ferry != b.ferry and a.ferry is not None and b.ferry is not None:
            out.append(Move((Part((Counted(1, Piece(None, "f")),), Clearing(a.ferry)),), (Clearing(b.ferry),)))
        out += self._ruin_items(a, b)
        out += self._plots(a, b)
        out += self._ministers(a, b)
        out += [RemovePath(x, y) for x, y in sorted(b.opened - a.opened)]
        for f in b.vp:
            n = b.vp[f] - a.vp.get(f, 0)
            if n:
                out.append(Score(self.letter(f), abs(n), n < 0))
        return out

    def _pieces(self, a: Snapshot, b: Snapshot) -> list[Action]:
        """Pieces gone from one place and come to another (same owner and kind) are a move;
        the rest go to or come from the supply."""
        gone: dict[tuple[str, str], list[list[Any]]] = {}
        came: dict[tuple[str, str], list[list[Any]]] = {}
        for key in sorted(set(a.pieces) | set(b.pieces), key=repr):
            n = b.pieces.get(key, 0) - a.pieces.get(key, 0)
            if n:
                place, owner, kind = key
                (came if n > 0 else gone).setdefault((owner, kind), []).append([place, abs(n)])
        out: list[Action] = []
        for (owner, kind), sources in gone.items():
            targets = came.get((owner, kind), [])
            for src in sources:
                while src[1] and targets:
                    n = min(src[1], targets[0][1])
                    out.append(self._move(src[0], targets[0][0], owner, kind, n, a, b))
                    src[1] -= n
                    targets[0][1] -= n
                    if not targets[0][1]:
                        targets.pop(0)
                if src[1]:
                    out.append(self._move(src[0], None, owner, kind, src[1], a, b))
        for (owner, kind), targets in came.items():
            out += [self._move(None, place, owner, kind, n, a, b) for place, n in targets if n]
        return out

    def _plots(self, a: Snapshot, b: Snapshot) -> list[Action]:
        """Two plots that changed places are a Trick (11.6.x); a face turned up is a flip."""
        out: list[Action] = []
        swapped = sorted(c for c in set(a.faces) & set(b.faces) if a.faces[c][0] != b.faces[c][0])
        for x, y in zip(swapped[::2], swapped[1::2]):
            out.append(Trick(x, y))
        for c, (kind, up) in sorted(b.faces.items()):
            if up and not (c in a.faces and a.faces[c][1] and a.faces[c][0] == kind):
                out.append(Flip(self.letter("corvids"), c, PLOT_LETTERS[kind]))
        return out

    def _ministers(self, a: Snapshot, b: Snapshot) -> list[Action]:
        """A minister swayed is ``#<minister>->$`` (10.7); one lost is ``#<minister>D$->``."""
        who = self.letter("duchy") if "duchy" in self.state.factions else None
        out: list[Action] = []
        for m in b.ministers:
            if m not in a.ministers:
                out.append(Move((Part((Counted(1, Card(None, MINISTER_NAMES.get(m, m))),)),), (Board(who),)))
        for m in a.ministers:
            if m not in b.ministers:
                out.append(Move((Part((Counted(1, Card(None, MINISTER_NAMES.get(m, m))),), Board(who)),)))
        return out

    def _move(self, src: Place, dest: Place, owner: str, kind: str, n: int, a: Snapshot, b: Snapshot) -> Move:
        faces = a.faces if dest is None else b.faces
        piece = self.piece(src if dest is None else dest, owner, kind, faces)
        dests = () if dest is None else (self.location(dest),)
        return Move((Part((Counted(n, piece),), self.location(src)),), dests)

    def _ruin_items(self, a: Snapshot, b: Snapshot) -> list[Action]:
        """Items laid under a ruin (from the supply, 7.3.4) or taken from it (``%s12->$``)."""
        out: list[Action] = []
        for (c, item), n in sorted((b.ruin_items - a.ruin_items).items()):
            out.append(Move((Part((Counted(n, Item(ITEM_LETTERS[item])),)),), (Clearing(c),)))
        for (c, item), n in sorted((a.ruin_items - b.ruin_items).items()):
            out.append(Move((Part((Counted(n, Item(ITEM_LETTERS[item])),), Clearing(c)),), (Board(None),)))
        return out


# -- what events say beyond the board -------------------------------------------------------------
Handler = Callable[[Event, "Recorder"], list[Action]]


def _nothing(e: Event, r: Recorder) -> list[Action]:
    """Decisions, skips and explanations: nothing moves that the position does not show."""
    return []


def _acolyte(e: Event, r: Recorder) -> list[Action]:
    """Acolytes change as the position shows, except a human Lizard Cult's Revenge (LoR 10.2.3):
    Rootlog leaves it unwritten (``XL9/Lw9->``: the removed warrior goes to the Acolytes box) and
    the import puts it there, so the move from its supply to its board is taken back out."""
    if e.rule == "LoR 10.2.3":
        for i in range(len(r.actions) - 1, -1, -1):
            a = r.actions[i]
            if isinstance(a, Move) and len(a.parts) == 1 and a.parts[0].start is None and a.dests and isinstance(a.dests[0], Board):
                del r.actions[i]
                break
    return []


def _battle(e: Event, r: Recorder) -> list[Action]:
    """LoR 4.3: ``[A]X<D><clearing>``; the rolls come with the next roll event."""
    attacker = e.faction or r.writer.current
    letter = None if attacker == r.writer.current else LETTERS[attacker]
    return [Battle(letter, LETTERS[e.data["defender"]], int(e.data["c"]))]


def _roll(e: Event, r: Recorder) -> list[Action]:
    """LoR 4.3.2: the attacker's and the defender's rolls go on the latest battle."""
    for i in range(len(r.actions) - 1, -1, -1):
        act = r.actions[i]
        if isinstance(act, Battle) and act.rolls is None:
            r.actions[i] = Battle(act.attacker, act.defender, act.clearing, act.ambushes, (int(e.data["hi"]), int(e.data["lo"])))
            break
    return []


def _ambush(e: Event, r: Recorder) -> list[Action]:
    """LoR 4.3.1 (BBP 3.2): the defender's ambush goes on the latest battle, ``X<D><c><suit>@``."""
    for i in range(len(r.actions) - 1, -1, -1):
        act = r.actions[i]
        if isinstance(act, Battle) and act.rolls is None:
            r.actions[i] = Battle(act.attacker, act.defender, act.clearing, (*act.ambushes, SUIT_LETTERS[e.data["suit"]]), act.rolls)
            break
    return []


def card_of(state: GameState, name: str) -> Card:
    """An engine card as Rootlog writes it: suit letter, ``#``, the title in lower case without
    spaces (``@`` for an ambush, ``dom`` for a dominance card)."""
    card = state.deckdef.card(state.deckdef.by_name[name])
    title = {"ambush": "@", "dominance": "dom"}.get(card.kind) or re.sub(r"[^a-z]", "", card.title.lower())
    return Card(SUIT_LETTERS[card.suit], title)


def _order(e: Event, r: Recorder) -> list[Action]:
    """2.7: the order card is drawn from the deck and shown: it goes to the bot's hand."""
    card = e.data.get("card_id")
    if not isinstance(card, str) or card not in r.writer.state.deckdef.by_name:
        return []  # the Lizards' and the Riverfolk's orders are a suit, not a card drawn
    who = e.faction or r.writer.current
    r.orders[who] = card
    return [Move((Part((Counted(1, card_of(r.writer.state, card)),)),), (Hand(LETTERS[who]),))]


def _discard_order(e: Event, r: Recorder) -> list[Action]:
    """The order card is discarded at the end of the turn."""
    who = e.faction or r.writer.current
    card = r.orders.pop(who, None)
    if card is None:
        return []
    return [Move((Part((Counted(1, card_of(r.writer.state, card)),), Hand(LETTERS[who])),))]


def _craft(e: Event, r: Recorder) -> list[Action]:
    """A craft: ``Z%<item>`` for an item, else ``Z<card>``."""
    item = e.data.get("item")
    if isinstance(item, str) and item in ITEM_LETTERS:
        return [Craft(item=ITEM_LETTERS[item])]
    card = e.data.get("card")
    if isinstance(card, str) and card in r.writer.state.deckdef.by_name:
        return [Craft(card=card_of(r.writer.state, card).name)]
    return []


_BOARD_ONLY = (
    # changes of the position only: the difference of positions writes them
    "place_warriors move place_building place_token remove_piece remove_warriors score lose_vp "
    "move_pawn ferry to_burrow take_tunnel convert sanctify swap flip plot_removed place_plot "
    "remove_ruin explore recruit revolt organize racketeering ritual snare supply_empty "
    "open_path payments return_payments gift buy_service lost_soul outcast expand stop garrison "
    "public_pity extra_hit hits salvage fortified extortion instigate marksman "
    # decisions, their explanations and the table's bookkeeping: nothing moves on the map
    "game suits setup skip rest no_battle no_build no_convert no_crusade no_dig no_garden "
    "no_revolt no_sanctify no_score no_sway no_swap no_quest battle_step escalate turmoil purge "
    "decree daylight_ends stall sequence stock_market protectionism crackdown reveal "
    "dominance_available discard_market discard draw reshuffle hand_card craft_skipped favor ambush_in_front "
    "arbiter_declined arbiter_hits enlist aid quest new_quest gain_item damage exhaust repair "
    "refresh track_on track_off cost_of_errors conspiracy sway slip invaders vendetta nobility "
    "adventurer investors human_turn field_hospitals outrage scorched_earth steal "
    "cover_slot gamble game_over cannot_spread damage_ignored expand_stopped ferocious no_crown no_order no_plot "
    "bird_order recruit_short trade_post_gone board_warriors place_pawn ambush_ends_battle "
    # a program seat's card plays (issue 26): the board difference writes what moved
    "battle_card codebreakers dominance foil royal_claim spend stand_and_deliver take_dominance "
    "base_lost discard_supporter martial_law mobilize no_room officer officers_lost spend_supporter supporters "
    "day_labor glide hideout relationship remove_item "
    "decree_add decree_empty_hand decree_fails depose leader new_clutch no_new_roost viziers "
    "coffin_makers coffin_return discard_play_card false_orders give informants league saboteurs swap_meet "
    "ally_battle ally_move coalition "
    "exert expose trick "
    "minister price_of_failure return_revealed "
    "outcast_marker "
    "export price trade_disruption "
    # the Robot Raccoon (BBP RR.7: an item traded moves by the board difference) and stand-ins said in the log (issue 29)
    "trade stand_in market_short "
    # the Lord of the Hundreds (LoR 14): its board and the mob die; the board difference writes the rest
    "hoard mood warlord raze mob_roll loot ignore_hit"
).split()
_BOARD_ONLY += "relic_forest relic_move delve recover retinue retinue_discard waystation_face ignore_hit".split()  # the Keepers in Iron (LoR 15)
EVENT_ACTIONS: dict[str, Handler] = {kind: _nothing for kind in _BOARD_ONLY}
EVENT_ACTIONS.update({
    "acolyte": _acolyte, "battle": _battle, "roll": _roll, "ambush": _ambush, "order": _order, "discard_order": _discard_order, "craft": _craft,
})


# -- recording a game ------------------------------------------------------------------------------
@dataclass(slots=True)
class Recorder:
    """Listens to a game's log and keeps its Rootlog lines: (faction, actions) in order."""

    writer: Writer
    before: Snapshot
    actions: list[Action] = field(default_factory=list)
    lines: list[tuple[str, list[Action]]] = field(default_factory=list)
    orders: dict[str, str] = field(default_factory=dict)  # each bot's order card, by name

    def hear(self, e: Event) -> None:
        handler = EVENT_ACTIONS.get(e.kind)
        if handler is None:
            raise ExportError(f"event kind {e.kind!r} ({e.rule}) has no Rootlog mapping in table/export.py")
        if self.writer.state.phase == "setup" and e.faction in self.writer.state.factions and e.faction != self.writer.current:
            self.flush(catch_up=False)  # the position already holds this event's change: the next seat's
            self.writer.current = e.faction
        self.catch_up()
        self.actions += handler(e, self)

    def catch_up(self) -> None:
        now = snapshot(self.writer.state)
        self.actions += self.writer.diff(self.before, now)
        self.before = now

    def flush(self, catch_up: bool = True) -> None:
        """End the current line (a setup or a turn), first with what changed since the last event."""
        if catch_up:
            self.catch_up()
        if self.writer.current and self.actions:
            self.lines.append((self.writer.current, self.actions))
        self.actions = []


class _BindingChance:
    """The game's own random source, reached through ``bind`` so the recorder sees the game
    from its first event (``new_game`` binds a chance source that asks for it)."""

    def __init__(self, on_bind: Callable[[Game], None]) -> None:
        self.on_bind, self.inner = on_bind, None

    def bind(self, g: Game) -> None:
        from ..core.chance import RngChance

        self.inner = RngChance(g.state.rng)
        self.on_bind(g)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def record_bot_game(config: GameConfig) -> tuple[Game, list[tuple[str, list[Action]]]]:
    """Play a game of bots from its configuration (the same game as ``play``) and return it
    with its Rootlog lines: each setup, then each turn, with the faction whose line it is."""
    log = EventLog()
    holder: list[Recorder] = []

    def start(g: Game) -> None:
        holder.append(Recorder(Writer(g.state), snapshot(g.state)))
        log.listeners.append(holder[0].hear)

    g = new_game(config, _BindingChance(start), log=log)  # type: ignore[arg-type]
    rec = holder[0]
    rec.flush()
    while g.state.winner is None:
        rec.writer.current = g.state.current
        over = play(g, turns=1)
        rec.flush()
        if over:
            break
    log.listeners.clear()
    return g, rec.lines


# -- the file ----------------------------------------------------------------------------------------
def seat_line(state: GameState, faction: str, player: str | None = None) -> str:
    """``E: Clockwork Eyrie // bot (Law of Robotics), difficulty default`` or ``C: Ann``; a bot
    of the Better Bot Project, ``E: Electric Eyrie // bot (Better Bot Project v5), ...``."""
    fs = state.factions[faction]
    if not fs.is_bot:
        return f"{LETTERS[faction]}: {player or faction}"
    traits = f", traits {'+'.join(fs.traits)}" if fs.traits else ""
    if fs.rule_set in RULE_SET_COMMENTS:
        paths = raccoon_paths.option_text(state.options) if faction in raccoon_paths.CHARACTER_OPTIONS else None
        more = f", {PATHS_COMMENT} {paths}" if paths else ""  # a Robot Raccoon's paths (R-BBP-RR-PATHS), read back by the import
        return f"{LETTERS[faction]}: {faction_title(faction, 'bot', fs.rule_set)} // {RULE_SET_COMMENTS[fs.rule_set]}, difficulty {fs.difficulty}{traits}{more}"
    return f"{LETTERS[faction]}: Clockwork {faction.capitalize()} // {BOT_COMMENT}, difficulty {fs.difficulty}{traits}"


def rootlog_text(state: GameState, lines: list[tuple[str, list[Action]]], players: dict[str, str] | None = None, comment: str = "") -> str:
    """A whole Rootlog file: header, seats in turn order, the lines, ``Winner:`` if the game ended."""
    out = [f"// {comment}"] if comment else []
    out += [f"Map: {state.map.name.capitalize()}", "Deck: Standard"]
    if state.map.name != "fall":
        out.append("Clearings: " + ", ".join(f"{SUIT_LETTERS[state.suit(c) or '']}{c}" for c in range(1, 13)))
    out += [seat_line(state, f, (players or {}).get(f)) for f in state.turn_order]
    out.append("")
    out += [turn_text(state, LETTERS[f], actions) for f, actions in lines]
    if state.winner:
        reason = f" // {state.end_reason}" if state.end_reason else ""
        out += ["", "Winner: " + "".join(LETTERS[f] for f in state.winner) + reason]
    return "\n".join(out) + "\n"


def turn_text(state: GameState, letter: str, actions: list[Action]) -> str:
    """One turn's line as the community's tools read it (``rootlog_readers``): its actions, and
    a comment naming what the notation leaves unnamed."""
    readable, notes = for_readers(state, letter, actions)
    comment = f" // {'; '.join(notes)}" if notes else ""
    return f"{letter}:" + "/".join(format_action(a) for a in readable) + comment


def export_bot_game(config: GameConfig) -> str:
    """The Rootlog file of a game of bots."""
    bots = [s.faction for s in config.seats if s.seat != "bot"]
    if bots:
        raise ExportError(f"the {bots[0]} seat is human: a bot game's record holds no human moves (export the table session)")
    g, lines = record_bot_game(config)
    return rootlog_text(g.state, lines, comment=f"rootbotics: seed {config.seed}, {len(g.log)} events")


__all__ = ["ENGINE_NAMES", "EVENT_ACTIONS", "ExportError", "export_bot_game", "record_bot_game", "rootlog_text", "snapshot"]
