"""The new-game form: what it offers (seats, maps, difficulties and traits with their text) and
how its fields become a ``TableConfig`` (one-line errors naming the field)."""

from __future__ import annotations

from typing import Any

from ..core.faction import LAW, RULE_SETS, faction_title, rules_of
from ..core.maps import MAP_NAMES
from ..core.setup_order import FACTIONS, SETUP_RANK
from ..core.state import DIFFICULTIES
from ..core.variants import OPTION as VARIANTS_OPTION
from ..core.variants import VARIANTS
from ..factions.lizards.cult import OPTION as CULT_OPTION
from ..factions.lizards.cult import OPTION_RANGE as CULT_RANGE
from ..table.law import BOARD, RULES, law_built
from ..table.law import LAW as LAW_RULES
from ..factions import TABLE_VALUES, takes_table_value
from ..table.session import TableConfig, TableSeat

MAX_SEED = 2**63 - 1


# the game modes (BBP 1.1-1.3; team: Fully Cooperative Play) and the Better Bot Project's
# variants: name -> None when playable, else why not (core.variants)
MODES: dict[str, str] = {"competitive": "competitive: every seat for itself", "team": "the bots as one team against the humans (cooperative play)"}
# how the form names each rule set (core.faction.RULE_SETS)
RULE_SET_LABELS: dict[str, str] = {LAW: "Law of Robotics (official)", "bbp": "Better Bot Project v5 (fan-made)"}
# how a human seat plays (``TableSeat.rules``, as ``rootbotics table --rules``)
RULES_LABELS: dict[str, str] = {
    LAW_RULES: "by legal moves (where built)",
    BOARD: "by Rootlog lines, unchecked (house rules)",
}


class FormError(ValueError):
    """A field of a form that cannot be used: ``field: problem``."""


def choices() -> dict[str, Any]:
    """What the new-game and watch forms offer."""
    factions = []
    for f in FACTIONS:
        rules = rules_of(f)
        cards = {rs: rule_set_cards(f, rs) for rs in rules.rule_sets}
        first = rules.rule_sets[0]  # the Law's; the second Vagabond's bot is the Better Bot Project's (R-BBP-RR2)
        factions.append({
            "name": f, "bot": faction_title(f, "bot", first), "human": faction_title(f, "human") if rules.human_seat else None,
            "has_bot": "bot" in rules.pieces,  # the Hundreds and the Keepers are human seats only
            "difficulty": cards[first]["difficulty"], "traits": cards[first]["traits"],
            "cards": {RULE_SET_LABELS.get(rs, rs): c for rs, c in cards.items()},  # each rule set's own texts
            "trait_names": list(dict.fromkeys(t for c in cards.values() for t in c["traits"])),
            "rule_sets": {rs: RULE_SET_LABELS.get(rs, rs) for rs in rules.rule_sets},
            "law": bool(rules.human_seat) and law_built(f),  # a human seat of it can play by legal moves
        })
    values = [{"key": v.key, "label": v.label, "help": v.help} for v in TABLE_VALUES.values()]
    return {"factions": factions, "maps": MAP_NAMES, "difficulties": DIFFICULTIES, "modes": MODES, "variants": VARIANTS, "rules": RULES_LABELS, "table_values": values}


def rule_set_cards(faction: str, rule_set: str) -> dict[str, dict[str, str]]:
    """The difficulty and trait texts of the faction's bot by ``rule_set``: the Law's cards, or
    the Better Bot Project's where they are known (the Marquise's, from a transcription); a BBP
    bot whose cards are lost offers its default difficulty only (ruling R-BBP-CARDS)."""
    rules = rules_of(faction)
    if rule_set == LAW:
        return {"difficulty": dict(rules.difficulty_text), "traits": dict(rules.trait_text)}
    texts = rules.rule_set_difficulty_text(rule_set)
    levels = {d: texts.get(d, "the text's bot, unchanged" if d == "default" else "") for d in rules.rule_set_difficulties(rule_set)}
    return {"difficulty": levels, "traits": dict(rules.rule_set_traits(rule_set))}


def _int(form: dict[str, Any], key: str, default: int, low: int = 0, high: int = MAX_SEED) -> int:
    raw = str(form.get(key, "") or "").strip()
    if not raw:
        return default
    if not raw.isdigit() or not low <= int(raw) <= high:
        raise FormError(f"{key}: {raw[:20]!r} is not a whole number from {low} to {high}")
    return int(raw)


def seats_of(form: dict[str, Any]) -> list[TableSeat]:
    """The seated factions, humans with their players' names, bots with difficulty and traits."""
    seats = []
    rules = rules_of_form(form)
    for f in FACTIONS:
        seat = str(form.get(f"seat_{f}", "") or "")
        if seat not in ("", "bot", "human"):
            raise FormError(f"seat_{f}: {seat[:20]!r} is not bot, human or empty")
        if seat == "human":
            plays = LAW_RULES if rules == LAW_RULES and law_built(f) else BOARD
            seats.append(TableSeat(f, "human", str(form.get(f"player_{f}", "") or "").strip()[:40], rules=plays))
        elif seat == "bot":
            traits = form.get(f"traits_{f}", [])
            traits = [traits] if isinstance(traits, str) else list(traits)
            seats.append(TableSeat(f, "bot", difficulty=str(form.get(f"difficulty_{f}", "default") or "default"), traits=tuple(traits), rule_set=rule_set_of(form, f)))
    if len(seats) < 2:
        raise FormError("seats: seat at least two factions")
    order = [x.strip().lower() for x in str(form.get("order", "") or "").split(",") if x.strip()]
    if not order:
        return sorted(seats, key=lambda s: SETUP_RANK[s.faction])
    if sorted(order) != sorted(s.faction for s in seats):
        raise FormError("order: name every seated faction once, in turn order")
    return [next(s for s in seats if s.faction == f) for f in order]


def rules_of_form(form: dict[str, Any]) -> str:
    """How the human seats play (``rules``; absent, the Law of Root's legal moves where the
    faction's Law is built, the others by Rootlog lines), as ``rootbotics table --rules``."""
    rules = str(form.get("rules", "") or LAW_RULES)
    if rules not in RULES:
        raise FormError(f"rules: {rules[:20]!r} is not a mode (choose from {', '.join(RULES)})")
    return rules


def rule_set_of(form: dict[str, Any], faction: str) -> str:
    """The bot seat's rule set (``rule_set_<faction>``; absent, the Law of Robotics, or the one
    rule set of a faction without a Law bot: the Robot Raccoon #2's), checked."""
    rule_sets = rules_of(faction).rule_sets
    rule_set = str(form.get(f"rule_set_{faction}", "") or (LAW if LAW in rule_sets else rule_sets[0]))
    problem = rules_of(faction).rule_set_problem(rule_set) if rule_set in RULE_SETS else f"{rule_set[:20]!r} is not a rule set (choose from {', '.join(RULE_SETS)})"
    if problem:
        raise FormError(f"rule_set_{faction}: {problem}")
    return rule_set


def table_config(form: dict[str, Any]) -> TableConfig:
    """The configuration of a table game from the new-game form (validated by the session)."""
    suits_text = str(form.get("suits", "") or "").strip()
    suits = [s.strip().lower() for s in suits_text.split(",")] if suits_text else None
    mode = {k: str(form.get(k, "app") or "app") for k in ("dice", "deck")}
    seats = seats_of(form)
    options = {**options_of(form), **cult_option(form, seats), **table_value_options(form, seats)}
    return TableConfig(seats, str(form.get("map", "fall") or "fall"), suits, _int(form, "seed", 0), mode["dice"], mode["deck"], options)


def cult_option(form: dict[str, Any], seats: list[TableSeat]) -> dict[str, Any]:
    """``cult_outcast_max``: the Clockwork Cult's Outcast Pile maximum (BBP CC.2; empty: its
    default, 4), for a table with that bot (``lizards`` seated as a bbp bot)."""
    if not str(form.get(CULT_OPTION, "") or "").strip():
        return {}
    low, high = CULT_RANGE
    value = _int(form, CULT_OPTION, 0, low, high)
    if not any(s.faction == "lizards" and s.seat == "bot" and s.rule_set == "bbp" for s in seats):
        raise FormError(f"{CULT_OPTION}: no Clockwork Cult (the lizards as a Better Bot Project bot) is seated")
    return {CULT_OPTION: value}


def table_value_options(form: dict[str, Any], seats: list[TableSeat]) -> dict[str, Any]:
    """Values lost from the Better Bot Project's text that the table reads off its own board
    (``raccoon_paths``, ``otters_export``, ``alliance_sympathy``; empty: not given), each for a
    table with its bot (issue 29)."""
    options: dict[str, Any] = {}
    for value in TABLE_VALUES.values():
        text = str(form.get(value.key, "") or "").strip()
        if not text:
            continue
        if not takes_table_value(value.key, [(s.faction, s.rule_set) for s in seats if s.seat == "bot"]):  # both Robot Raccoons take the paths
            raise FormError(f"{value.key}: no {faction_title(value.faction, 'bot', value.rule_set)} (the {value.faction} as a Better Bot Project bot) is seated")
        try:
            options.update(value.parse(text[:400]))
        except ValueError as e:
            raise FormError(f"{value.key}: {e}") from None
    return options


def options_of(form: dict[str, Any]) -> dict[str, Any]:
    """The game mode (``mode``) and the Better Bot Project's variants (``variant``, a list) as
    game options; the variants are checked by the session (``options.bbp_variants: ...``)."""
    mode = str(form.get("mode", "") or "competitive")
    if mode not in MODES:
        raise FormError(f"mode: {mode[:20]!r} is not a mode (choose from {', '.join(MODES)})")
    options: dict[str, Any] = {"cooperative": True} if mode == "team" else {}
    variants = form.get("variant", [])
    variants = [variants] if isinstance(variants, str) else [str(v) for v in variants]
    if variants:
        options[VARIANTS_OPTION] = variants
    return options
