"""Bot turns told as physical steps: each event that changes the board (or a bot's own board,
the deck, the dice) becomes one numbered instruction a person can carry out; ``why`` is the
engine's explained log line for it (rule, candidates, deciding tie-breaker)."""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from ..core.events import Event, format_template
from ..core.faction import LAW, REGISTRY, faction_title
from .places import clearing_name

COLOURS: dict[str, str] = {
    "marquise": "orange", "eyrie": "blue", "alliance": "green", "vagabot": "grey", "lizards": "yellow",
    "riverfolk": "teal", "duchy": "brown", "corvids": "purple", "vagabond2": "light grey",
    "hundreds": "red",
}
COLOURS["keepers"] = "steel blue"  # LoR 15


@dataclass(frozen=True, slots=True)
class Step:
    number: int
    faction: str | None
    text: str
    why: str  # the event's explained log line
    places: tuple[int, ...] = ()  # the clearings the step touches (a board picture rings them)
    seq: int = -1  # the event's place in the game's log (``Play.position_after`` replays up to it)


def seat_names(humans: dict[str, str], rule_sets: dict[str, str] | None = None) -> dict[str, str]:
    """How steps name each faction: a human by the player's name, a bot as ``the <bot>`` (its
    rule set's own name: a BBP bot is called as the Better Bot Project calls it)."""
    names = {f: "the " + faction_title(f, "bot", (rule_sets or {}).get(f, LAW)).split(" 2.0")[0] for f in REGISTRY}
    names.update(humans)
    return names


_NAMES: dict[str, str] = seat_names({})


def who(faction: str | None, names: dict[str, str] | None = None) -> str:
    if faction is None:
        return "the table"
    return (names or _NAMES).get(faction, faction)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _where(place: object, suits: Sequence[str | None], marks: Sequence[str] = (), known: set[int] | None = None) -> str:
    """``clearing 8 (fox, bottom edge, left of centre)``; ``clearing 8 (fox)`` when ``known``
    holds it (named just before, where the player has just found it), and from then on."""
    if isinstance(place, int) and not isinstance(place, bool) and 0 < place < len(suits):
        if known is not None and place in known:
            return clearing_name(place, suits[place])
        if known is not None:
            known.add(place)
        return clearing_name(place, suits[place], marks[place] if place < len(marks) else "")
    return str(place)


# Words of the engine a player should not read (issue 30 item 7): a faction's key, a piece's
# or an item's internal name, an absent card.
_SUITED = re.compile(r"\b(base|garden|trade_post)_(fox|mouse|rabbit)\b")
_SNAKE = re.compile(r"\b([a-z]+(?:_[a-z]+)+)\b")
_KEYS = re.compile(r"(?:\b([Tt])he )?(?<![\w'-])(" + "|".join(sorted(map(re.escape, REGISTRY), key=len, reverse=True)) + r")(?![\w-])")


def plain(text: str, names: dict[str, str] | None = None) -> str:
    """``text`` in a player's words: factions by their players' or bots' names (``marquise`` ->
    ``Ann``, ``eyrie`` -> ``the Electric Eyrie``), ``base_mouse`` -> ``mouse base``,
    ``gently_used_knapsack`` -> ``gently used knapsack``, ``card None`` -> ``no card``."""
    nm = names or _NAMES
    text = _KEYS.sub(lambda m: _article(m[1], who(m[2], nm)), text)
    text = _SUITED.sub(lambda m: f"{m[2]} {m[1].replace('_', ' ')}", text)
    text = _SNAKE.sub(lambda m: m[1].replace("_", " "), text)
    return re.sub(r"\bcard None\b", "no card", text)


_OWNER_HAVE = re.compile(r"\bthe (" + "|".join(sorted(map(re.escape, REGISTRY), key=len, reverse=True)) + r") have\b")


def owner_words(text: str, names: dict[str, str] | None = None) -> str:
    """A refusal's ``the marquise have 1 warrior in 5`` as ``Ann has 1 warrior in 5``."""
    return _OWNER_HAVE.sub(lambda m: f"{who(m[1], names or _NAMES)} has", text)


def _article(the: str | None, name: str) -> str:
    """A faction's name where the text had ``the <key>``: a bot keeps one article, a player none."""
    if name.startswith("the "):
        return f"{the or 't'}he {name[4:]}" if the else name
    return name


# A clearing the engine's words name by its number alone (``for a hit in 12.``, ``in 6:``).
# Not ``in 2 hits``: a count of something.
IN_CLEARING = re.compile(r"\b(in) (\d{1,2})\b(?! \()(?!\s*(?:hits?|cards?|warriors?|items?|VP|pieces?|steps?|rounds?|turns?|of|more|or)\b)")


def in_clearings(text: str, at: Callable[[int], str]) -> str:
    """``in 12`` -> ``in clearing 12 (fox, ...)`` (``at`` names it)."""
    return IN_CLEARING.sub(lambda m: f"{m[1]} {at(int(m[2]))}" if 1 <= int(m[2]) <= 12 else m[0], text)


def named(e: Event, at: Callable[[object], str], nm: dict[str, str]) -> str:
    """The event's own words with its clearings named (``c``, or ``in N`` in its words) and its
    factions by name."""
    if not e.data:
        return plain(e.template, nm)
    data = {k: (at(v) if k == "c" else who(v, nm) if isinstance(v, str) and v in REGISTRY else v) for k, v in e.data.items()}
    return in_clearings(plain(format_template(e.template, data), nm), at)


def explained(e: Event, nm: dict[str, str]) -> str:
    """``why``: the event's explained log line, its factions named as the table names them."""
    return map_forests(plain(e.line(), nm))


def _warriors(f: str | None, n: int) -> str:
    return f"{n} {COLOURS.get(f or '', '')} warrior{'s' if n != 1 else ''}".replace("  ", " ")


def _them(e: Event) -> str:
    return "it" if e.data.get("n") == 1 else "them"


Say = Callable[[Event, Callable[[object], str], dict[str, str]], str | None]

# The events that change what lies on the map, or the score.
BOARD: dict[str, Say] = {
    "place_warriors": lambda e, at, nm: f"Take {_warriors(e.faction, e.data['n'])} from {who(e.faction, nm)}'s {e.data.get('source', 'supply')} and put {_them(e)} in {at(e.data['c'])}.",
    "remove_warriors": lambda e, at, nm: f"Remove {_warriors(e.faction, e.data['n'])} from {at(e.data['c'])} and put {_them(e)} back in {who(e.faction, nm)}'s supply.",
    "move": lambda e, at, nm: f"Move {_warriors(e.faction, e.data['n'])} from {at(e.data.get('a', 'the Burrow'))} to {at(e.data['b'] if 'b' in e.data else e.data['c'])}.",
    "place_building": lambda e, at, nm: f"Take a {e.data['kind']} from {who(e.faction, nm)}'s board and put it in {at(e.data['c'])}.",
    "remove_piece": lambda e, at, nm: f"Remove {who(e.faction, nm)}'s {e.data['kind']} from {at(e.data['c'])} and put it back in its supply.",
    "place_token": lambda e, at, nm: f"Put {who(e.faction, nm)}'s {e.data['kind']} token in {at(e.data['c'])}.",
    "place_plot": lambda e, at, nm: f"Put a face-down plot token of {who(e.faction, nm)} in {at(e.data['c'])} (do not look at it).",
    "take_tunnel": lambda e, at, nm: f"Take {who(e.faction, nm)}'s tunnel from {at(e.data['c'])} back to its supply.",
    "to_burrow": lambda e, at, nm: f"Move {_warriors(e.faction, e.data['n'])} from {at(e.data['c'])} into the Burrow.",
    "ritual": lambda e, at, nm: f"Take 1 {COLOURS.get(e.faction or '', '')} warrior from {at(e.data['c'])} and put it in {who(e.faction, nm)}'s Acolytes box.",
    "racketeering": lambda e, at, nm: f"Take {e.data['n']} warrior(s) from {at(e.data['c'])} and put them in {who(e.faction, nm)}'s Payments box.",
    "move_pawn": lambda e, at, nm: f"Move {who(e.faction, nm)}'s pawn from {at(e.data['a'])} to {at(e.data['b'])}.",
    "place_pawn": lambda e, at, nm: f"Put {who(e.faction, nm)}'s pawn in {at(e.data['b'])}.",
    "slip": lambda e, at, nm: f"Move {who(e.faction, nm)}'s pawn from {at(e.data['a'])} into {at(e.data['b'])}.",
    "gain_item": lambda e, at, nm: f"Give {who(e.faction, nm)} a {e.data['item']} {e.data['source']}: face up in the Satchel.",
    "remove_ruin": lambda e, at, nm: f"Remove the ruin from {at(e.data['c'])} and put it back in the box.",
    "cover_slot": lambda e, at, nm: f"Put the {e.data['item']} ({e.data['state']}) on a building slot of {at(e.data['c'])}.",
    "score": lambda e, at, nm: f"{_cap(who(e.faction, nm))} scores {e.data['n']} VP {e.data['reason']}: move its marker to {e.data['vp']}." if "vp" in e.data else None,
    "battle": lambda e, at, nm: f"{_cap(who(e.faction, nm))} battles {who(e.data.get('defender'), nm)} in {at(e.data['c'])}.",
    "revolt": lambda e, at, nm: f"{_cap(who(e.faction, nm))} revolts in {at(e.data['c'])}.",
    "lose_vp": lambda e, at, nm: f"{_cap(who(e.faction, nm))} loses {e.data['n']} VP {e.data['reason']}: move its marker to {e.data['vp']}.",
}

# Events that change a bot's own board, the deck or the dice: told in the engine's words.
OWN_BOARD: frozenset[str] = frozenset({
    "setup", "suits", "order", "discard_order", "decree", "purge", "turmoil", "discard", "draw", "reshuffle",
    "dominance_available", "craft", "exhaust", "damage", "repair", "refresh", "track_on", "track_off",
    "conspiracy", "lost_soul", "outcast", "reveal", "acolyte", "stock_market", "discard_market", "payments",
    "return_payments", "buy_service", "hand_card", "recruit", "sway", "cost_of_errors", "new_quest",
    "quest", "explore", "flip", "swap", "plot_removed", "field_hospitals", "open_path", "ferry", "roll",
    "game_over", "outrage", "trade_post_gone", "board_warriors", "ambush", "ambush_ends_battle", "hits",
    "outcast_marker", "return_revealed",  # a Lizard Cult seat played by legal moves (LoR 10.4.1, 10.6.1)
})


_FOREST = re.compile(r"\bforest (\d+) \(by ")


def map_forests(text: str) -> str:
    """Forests as the map picture numbers them, F1 first (the engine counts them from 0):
    ``forest 2 (by 2, 6, ...)`` becomes ``forest F3 (by 2, 6, ...)``."""
    return _FOREST.sub(lambda m: f"forest F{int(m[1]) + 1} (by ", text)


Dealt = dict[int, tuple[str, ...]]  # event seq -> the cards that event's draws took (their labels)


def dealt_cards(events: Sequence[Event], drawn: Sequence[tuple[int, int]], humans: Collection[str], label: Callable[[int], str]) -> Dealt:
    """The cards each human's draw took from the deck (``drawn``: (log length, card) per draw,
    as ``TableChance`` records them): the draws just before the event, or before the reshuffles
    just before it. A card taken from a hand or the board is already named by its event."""
    out: Dealt = {}
    by_seq = {e.seq: e for e in events}
    for e in events:
        if e.faction not in humans or "card" in e.data or e.kind not in ("draw", "setup") or "draw" not in e.template:
            continue
        first = e.seq
        while (before := by_seq.get(first - 1)) is not None and before.kind == "reshuffle":
            first -= 1
        cards = tuple(label(card) for at, card in drawn if first <= at <= e.seq)
        if cards:
            out[e.seq] = cards
    return out


def instruction(e: Event, suits: Sequence[str | None], names: dict[str, str] | None = None, dealt: Dealt | None = None, marks: Sequence[str] = (), known: set[int] | None = None) -> str | None:
    """What a person does at the table for this event, or None when it changes nothing there
    (a human's draw names the cards the app dealt). ``marks``: each clearing's landmark, left
    out for the clearings in ``known`` (named just before); those named here join it."""
    nm = names or _NAMES

    def at(place: object) -> str:
        return _where(place, suits, marks, known)

    say = BOARD.get(e.kind)
    if say is not None:
        text = say(e, at, nm)  # None: "scores nothing"
        return None if text is None else map_forests(plain(_cap(text), nm))
    if e.kind in OWN_BOARD:
        cards = (dealt or {}).get(e.seq)
        return map_forests(f"{_cap(who(e.faction, nm))}: {named(e, at, nm)}" + (f": {', '.join(cards)}." if cards else "."))
    return None


Span = tuple[int, int, int]  # (entry index of a human line, first log index, end log index)


def _inside(seq: int, spans: Sequence[Span]) -> bool:
    return any(a <= seq < b for _, a, b in spans)


# What a battle's step tells with it (LoR 4.3): the extra hits, the roll and the hits dealt.
IN_BATTLE = frozenset({"extra_hit", "roll", "hits", "enlist", "arbiter"})


def battle_parts(events: Sequence[Event], i: int, breaks: Collection[int] = ()) -> list[Event]:
    """The events told with the battle at ``events[i]``: those that follow it up to its hits,
    none past a question the table was asked (``breaks``: log lengths when asked), so a step
    says the same whether or not the part stopped there."""
    out: list[Event] = []
    for e in events[i + 1 :]:
        if e.kind not in IN_BATTLE or e.seq in breaks:
            break
        out.append(e)
        if e.kind == "hits":
            break
    return out


def battle_text(battle: Event, parts: Sequence[Event], at: Callable[[object], str], nm: dict[str, str]) -> str:
    """``The Electric Eyrie battles Ann in clearing 8 (fox, ...): the dice roll 3-2; 2 hits to
    Ann, 1 to the Electric Eyrie.``"""
    att, dfd = battle.faction, battle.data.get("defender")
    text = f"{_cap(who(att, nm))} battles {who(dfd, nm)} in {at(battle.data.get('c'))}"
    tail = []
    for e in parts:
        if e.kind == "roll":
            tail.append(f"the dice roll {e.data['r1']}-{e.data['r2']}" + plain(str(e.data.get("note") or ""), nm))
        elif e.kind == "hits":
            ah, dh = e.data["ah"], e.data["dh"]
            tail.append(f"{ah} hit{'s' if ah != 1 else ''} to {who(dfd, nm)}, {dh} to {who(att, nm)}")
    return map_forests(text + (": " + "; ".join(tail) if tail else "") + ".")


GONE = " and put it out of the game: a human Riverfolk's removed trade post does not go back to its board (LoR 9.2.2)."


def posts_gone(events: Sequence[Event]) -> dict[int, int]:
    """A human Riverfolk's trade post removals (their seq) paired with the event saying the
    post leaves the game (its seq): the removal is told with where the post really goes."""
    out: dict[int, int] = {}
    last: int | None = None
    for e in events:
        if e.kind == "remove_piece" and str(e.data.get("kind", "")).startswith("trade_post"):
            last = e.seq
        elif e.kind == "trade_post_gone" and last is not None:
            out[last], last = e.seq, None
    return out


def told_text(e: Event, suits: Sequence[str | None], names: dict[str, str] | None, dealt: Dealt | None, marks: Sequence[str], gone: dict[int, int], known: set[int] | None = None) -> str | None:
    """``instruction``, but a human Riverfolk's removed trade post is told where it goes, once."""
    if e.seq in gone.values():
        return None
    text = instruction(e, suits, names, dealt, marks, known)
    if text is not None and e.seq in gone:
        text = text.replace(" and put it back in its supply.", GONE)
    return text


def steps_of(events: Sequence[Event], spans: Sequence[Span], suits: Sequence[str | None], names: dict[str, str] | None = None, dealt: Dealt | None = None, marks: Sequence[str] = (), breaks: Collection[int] = ()) -> list[Step]:
    """The numbered steps of a part of the game, leaving out what human lines did (``spans``:
    log index ranges of those lines). A battle is one step with its roll and hits, its ``why``
    the battle's (why that clearing, why that defender), the roll's and the hits'."""
    out: list[Step] = []
    nm = names or _NAMES
    taken: set[int] = set()
    gone = posts_gone(events)
    for i, e in enumerate(events):
        if _inside(e.seq, spans) or e.seq in taken:
            continue
        known = set(out[-1].places) if out else set()  # the step just before named these in full
        if e.kind == "battle":
            parts = battle_parts(events, i, breaks)
            taken.update(p.seq for p in parts)
            why = "\n    ".join(explained(x, nm) for x in (e, *parts) if x.kind != "extra_hit")
            text = battle_text(e, parts, lambda p: _where(p, suits, marks, known), nm)
            out.append(Step(len(out) + 1, e.faction, text, why, places_of(e), (parts[-1] if parts else e).seq))
            continue
        text = told_text(e, suits, names, dealt, marks, gone, known)
        if text is not None:
            out.append(Step(len(out) + 1, e.faction, text, explained(e, nm), places_of(e), e.seq))
    return out


def places_of(e: Event) -> tuple[int, ...]:
    """The clearings an event names (``c``, and a move's ``a`` and ``b``), in that order."""
    return tuple(v for k in ("a", "b", "c") if isinstance(v := e.data.get(k), int) and not isinstance(v, bool) and 1 <= v <= 12)


def told_of(events: Sequence[Event], spans: Sequence[Span], suits: Sequence[str | None], names: dict[str, str] | None = None, dealt: Dealt | None = None, marks: Sequence[str] = ()) -> list[str]:
    """What human lines (``spans``) changed on the board, in the engine's order."""
    gone = posts_gone(events)
    known: set[int] = set()  # told together: a clearing's landmark the first time only
    nm = names or _NAMES
    out: list[str] = []
    taken: set[int] = set()
    for i, e in enumerate(events):
        if not _inside(e.seq, spans) or e.seq in taken:
            continue
        if e.kind == "battle":  # one line with its roll and hits, as a bot's battle step
            parts = battle_parts(events, i)
            taken.update(p.seq for p in parts)
            out.append(battle_text(e, parts, lambda p: _where(p, suits, marks, known), nm))
        elif (t := told_text(e, suits, names, dealt, marks, gone, known)) is not None:
            out.append(t)
    return out
