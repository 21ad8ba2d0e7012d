"""Bad input, fuzzed (issue 9 part 5): broken position files through `rootbotics show` and
`play --from`, and bad values of every option of `play` and `simulate`. Every case must end in
exactly one non-empty line on stderr that names the field or the option, exit code 2, no
traceback, nothing on stdout, and no file written or overwritten.

The command line runs in this process (``rootbotics.cli.main`` with its stdout and stderr
redirected), so a few hundred cases take seconds. The soak-marked test runs 1,000 bad files.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rootbotics.factions import TRAIT_TEXT
from rootbotics.factions.vagabot.items import CHARACTERS
from rootbotics.cli import main
from rootbotics.core import serial
from rootbotics.factions import PLAYABLE_BOTS, piece_totals
from rootbotics.core.maps import CLEARINGS, MAP_NAMES, SUITS, load_map
from rootbotics.core.serial import StateError
from rootbotics.core.state import DIFFICULTIES
from rootbotics.game import GameConfig, Seat, new_game, play
from json_paths import copy_doc as _copy, get_at as _get, nodes as _nodes

FIELDS = {
    "format", "version", "map", "suits", "seed", "rng", "round", "turn_order", "turn", "phase", "factions",
    "clearings", "start_corners", "deck", "discard", "removed_cards", "available_dominance", "winner",
    "end_reason", "options", "ferry", "ferry_used", "opened_paths",
}  # fmt: skip
KEEP = "keep me: this file must never be overwritten\n"
QUICK = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


def run_cli(*args: str) -> tuple[int, str, str]:
    """`rootbotics ARGS` in this process: (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main(list(args))
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else 0 if e.code is None else 1
        else:  # pragma: no cover - main always exits
            code = 0
    return code, out.getvalue(), err.getvalue()


def assert_one_clear_line(code: int, out: str, err: str, names: str | re.Pattern[str]) -> str:
    """Exit 2, nothing on stdout, one non-empty stderr line naming ``names``, no traceback."""
    assert "Traceback" not in err, err
    assert code == 2, (code, err)
    assert out == "", out
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].strip(), err
    line = lines[0]
    assert line.startswith("rootbotics: error: "), line
    if isinstance(names, str):
        assert names in line, (names, line)
    else:
        assert names.search(line), (names.pattern, line)
    return line


@pytest.fixture(autouse=True)
def plain_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE", "PY_COLORS", "CLICOLOR_FORCE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("COLUMNS", "100")


# -- bad position files ---------------------------------------------------------------------------
def _position(bots: list[str], map_name: str, seed: int, turns: int) -> dict[str, Any]:
    g = new_game(GameConfig([Seat(f) for f in bots], map_name, seed))
    play(g, turns=turns)
    return serial.to_json(g.state)


# Good positions to break: two and three bots, every map, early and later in the game.
BASES: list[dict[str, Any]] = [
    _position(["marquise", "eyrie"], "fall", 7, 4),
    _position(["marquise", "eyrie", "alliance"], "fall", 4, 7),
    _position(["eyrie", "alliance", "marquise"], "winter", 2, 5),
    _position(["marquise", "alliance"], "lake", 3, 6),
    _position(["alliance", "eyrie", "marquise"], "mountain", 5, 9),
]


def _set(doc: Any, path: tuple[Any, ...], value: Any) -> None:
    _get(doc, path[:-1])[path[-1]] = value


def _warrior_factions(doc: dict[str, Any]) -> list[str]:
    return [f for f in doc["turn_order"] if "warrior" in piece_totals(f, doc["factions"][f]["seat"])]


@st.composite
def truncated(draw: st.DrawFn) -> tuple[str, str]:
    """The text cut short anywhere before its last brace."""
    text = serial.dumps(serial.from_json(draw(st.sampled_from(BASES)))).rstrip()
    return "truncated JSON", text[: draw(st.integers(0, len(text) - 1))]


@st.composite
def wrong_type(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    """A value of another JSON type anywhere in the document (a null may mean 'none', so nulls stay)."""
    doc = _copy(draw(st.sampled_from(BASES)))
    path = draw(st.sampled_from([p for p in _nodes(doc) if _get(doc, p) is not None]))
    old = _get(doc, path)
    new = draw(st.sampled_from(["x", "", 7, -1, 1.5, 2.0, True, False, [], [1], {}, {"a": 1}]).filter(lambda v: type(v) is not type(old)))
    _set(doc, path, new)
    return "wrong type", doc


@st.composite
def unknown_faction(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    doc = _copy(draw(st.sampled_from(BASES)))
    who = draw(st.sampled_from(["cats", "Marquise", "", "lizard", "vagabot ", "duchy", "riverfolk"]))
    c = str(draw(st.sampled_from(CLEARINGS)))
    where = draw(st.sampled_from(["turn_order", "warriors", "building", "token", "factions", "start_corners", "winner"]))
    if where == "turn_order":
        doc["turn_order"].insert(draw(st.integers(0, len(doc["turn_order"]))), who)
    elif where == "warriors":
        doc["clearings"][c]["warriors"][who] = draw(st.integers(1, 3))
    elif where == "building":
        doc["clearings"][c]["buildings"].append([who, "roost"])
    elif where == "token":
        doc["clearings"][c]["tokens"].append([who, "sympathy"])
    elif where == "factions":
        doc["factions"][who] = {"seat": "bot", "vp": 0}
    elif where == "start_corners":
        doc["start_corners"][who] = load_map(doc["map"]).corners[0]
    else:
        doc["winner"] = [doc["turn_order"][0], who]
    return "unknown faction", doc


@st.composite
def unknown_clearing(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    doc = _copy(draw(st.sampled_from(BASES)))
    key = draw(st.sampled_from(["0", "13", "-1", "99", "twelve", "1.5", " 1", "01", ""]))
    number = draw(st.sampled_from([0, 13, -1, 99, 10**12]))
    where = draw(st.sampled_from(["clearings", "suits", "start_corners", "opened_paths", "ferry"]))
    if where == "clearings":
        doc["clearings"][key] = {"warriors": {}, "buildings": [], "tokens": []}
    elif where == "suits":
        doc["suits"] = doc.get("suits") or {str(c): s for c, s in enumerate(load_map(doc["map"]).printed_suits) if s}
        doc["suits"][key] = "fox"
    elif where == "start_corners":
        doc["start_corners"][doc["turn_order"][0]] = number
    elif where == "opened_paths":
        doc["opened_paths"] = [[1, number]]
    else:
        doc["ferry"] = number
    return "unknown clearing", doc


@st.composite
def bad_count(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    """Negative or huge numbers where counts, scores and turns go."""
    doc = _copy(draw(st.sampled_from(BASES)))
    huge = draw(st.sampled_from([10**3 + 1, 10**6, 2**63, 2**64 + 1, 10**30, 10**80]))
    negative = draw(st.sampled_from([-1, -2, -(2**63), -(10**30)]))
    value = draw(st.sampled_from([huge, negative]))
    c = str(draw(st.sampled_from(CLEARINGS)))
    f = draw(st.sampled_from(_warrior_factions(doc)))
    where = draw(st.sampled_from(["warriors", "vp", "removed", "turn", "rng", "max_rounds", "version"]))
    if where == "warriors":
        doc["clearings"][c]["warriors"][f] = value
    elif where == "vp":  # a score may go below zero, but stays within -1000..1000
        doc["factions"][f]["vp"] = value if value > 0 else min(value, -1001)
    elif where == "removed":
        doc["factions"][f]["removed"] = {"warrior": value}
    elif where == "turn":
        doc["turn"] = value
    elif where == "rng":
        doc["rng"] = value if value < 0 else 2**64 + huge
    elif where == "max_rounds":
        doc["options"]["max_rounds"] = min(value, 0)
    else:
        doc["version"] = value
    return "negative or huge count", doc


@st.composite
def over_totals(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    """More pieces on the map (and out of the game) than the box holds, more items than exist."""
    doc = _copy(draw(st.sampled_from(BASES)))
    f = draw(st.sampled_from(_warrior_factions(doc)))
    total = piece_totals(f, doc["factions"][f]["seat"])["warrior"]
    on_map = sum(cl["warriors"].get(f, 0) for cl in doc["clearings"].values())
    extra = draw(st.integers(1, 30))
    how = draw(st.sampled_from(["one clearing", "spread", "removed", "buildings", "items"]))
    if how == "one clearing":
        c = str(draw(st.sampled_from(CLEARINGS)))
        doc["clearings"][c]["warriors"][f] = total + extra
    elif how == "spread":
        for c in CLEARINGS:
            doc["clearings"][str(c)]["warriors"][f] = total // 12 + 1 + extra
    elif how == "removed":
        doc["factions"][f]["removed"] = {"warrior": total - on_map + extra}
    elif how == "buildings":
        kinds = {"marquise": "sawmill", "eyrie": "roost", "alliance": "base_fox"}
        g = draw(st.sampled_from(doc["turn_order"]))
        for c in CLEARINGS:
            doc["clearings"][str(c)]["buildings"] = [[g, kinds[g]]] * (1 + extra % 3)
    else:
        item = draw(st.sampled_from(["boots", "coins", "sword", "crossbow", "hammer", "tea", "bag", "torch"]))
        doc["factions"][f]["items"] = doc["factions"][f].get("items", []) + [item] * (4 + extra)
    return "pieces over their totals", doc


@st.composite
def unknown_item(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    doc = _copy(draw(st.sampled_from(BASES)))
    f = draw(st.sampled_from(doc["turn_order"]))
    name = draw(st.sampled_from(["laser", "Boots", "", "sword ", "coin", "loyal_vizier", "torch!"]) | st.text(min_size=1, max_size=8))
    if name in {"boots", "coins", "sword", "crossbow", "hammer", "tea", "bag", "torch"}:
        name += "?"
    items = doc["factions"][f].setdefault("items", [])
    items.insert(draw(st.integers(0, len(items))), name)
    return "unknown item", doc


@st.composite
def map_mismatch(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    """A map that cannot hold this position: another map's ruin, a Ferry off the Lake, an opened
    path where none is closed, the Ferry inland, a path opened that was never closed."""
    doc = _copy(draw(st.sampled_from(BASES)))
    how = draw(st.sampled_from(["other map", "ruin", "ferry", "opened path", "ferry inland", "not closed"]))
    if how == "other map":
        old = load_map(doc["map"])
        new = load_map(draw(st.sampled_from([m for m in MAP_NAMES if m != doc["map"]])))
        doc["map"] = new.name
        c = draw(st.sampled_from(sorted(old.ruins - new.ruins)))
        doc["clearings"][str(c)]["ruin"] = True
        doc["clearings"][str(c)]["buildings"] = []
    elif how == "ruin":
        m = load_map(doc["map"])
        c = draw(st.sampled_from([c for c in CLEARINGS if c not in m.ruins]))
        doc["clearings"][str(c)]["ruin"] = True
    elif how == "ferry":
        doc = _copy(draw(st.sampled_from([d for d in BASES if d["map"] != "lake"])))
        doc["ferry"] = draw(st.sampled_from(CLEARINGS))
    elif how == "opened path":
        doc = _copy(draw(st.sampled_from([d for d in BASES if d["map"] != "mountain"])))
        doc["opened_paths"] = [[2, 5]]
    elif how == "ferry inland":
        doc = _copy(next(d for d in BASES if d["map"] == "lake"))
        doc["ferry"] = draw(st.sampled_from([c for c in CLEARINGS if c not in load_map("lake").coastal]))
    else:
        doc = _copy(next(d for d in BASES if d["map"] == "mountain"))
        m = load_map("mountain")
        a = draw(st.sampled_from(CLEARINGS))
        b = draw(st.sampled_from([b for b in CLEARINGS if (min(a, b), max(a, b)) not in m.closed_paths and b != a]))
        doc["opened_paths"] = [[a, b]]
    return "map mismatch", doc


@st.composite
def unknown_card_or_trait(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    doc = _copy(draw(st.sampled_from(BASES)))
    f = draw(st.sampled_from(doc["turn_order"]))
    if draw(st.booleans()):
        doc["factions"][f]["traits"] = [draw(st.sampled_from(["laser", "Swoop", "", *[t for b, ts in TRAIT_TEXT.items() if b != f for t in ts]]))]
    else:
        doc[draw(st.sampled_from(["discard", "removed_cards"]))].append(draw(st.sampled_from(["joker", "ambush", "sappers#3", "dominance_bird#2"])))
    return "unknown card or trait", doc


BAD_POSITIONS = st.one_of(
    truncated(), wrong_type(), unknown_faction(), unknown_clearing(), bad_count(), over_totals(), unknown_item(), map_mismatch(), unknown_card_or_trait()
)


def _text(case: str | dict[str, Any]) -> str:
    return case if isinstance(case, str) else json.dumps(case, indent=1)


def check_bad_position(folder: Path, label: str, case: str | dict[str, Any]) -> None:
    """``show FILE`` and ``play --from FILE --save kept.json``: one clear line each, exit 2, and
    kept.json untouched."""
    bad, kept = folder / "bad.json", folder / "kept.json"
    bad.write_text(_text(case), encoding="utf-8")
    kept.write_text(KEEP)
    try:
        serial.load(bad)
    except StateError as e:
        problem = e
    else:
        raise AssertionError(f"{label}: the loader accepted a bad position")
    # The message names the field (a path into the document), unless the text is not JSON at all.
    if problem.path:
        assert problem.path.split(".")[0].strip('"') in FIELDS | set(case if isinstance(case, dict) else ()), (label, str(problem))
    else:
        assert str(problem).startswith(("not valid JSON", "the text is empty", "a position is one JSON object")), (label, str(problem))
    expected = f"rootbotics: error: {bad}: {problem}"
    for args in (["show", str(bad)], ["play", "--from", str(bad), "--save", str(kept)]):
        line = assert_one_clear_line(*run_cli(*args), str(bad))
        assert line == expected, (label, args[0], line)
    assert kept.read_text() == KEEP
    assert sorted(p.name for p in folder.iterdir()) == ["bad.json", "kept.json"]  # no temporary file either


@QUICK
@given(case=BAD_POSITIONS)
def test_fuzzed_bad_position_files_get_one_clear_line(tmp_path: Path, case: tuple[str, str | dict[str, Any]]) -> None:
    check_bad_position(tmp_path, *case)


@pytest.mark.soak
@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(case=BAD_POSITIONS)
def test_soak_1000_fuzzed_bad_position_files(tmp_path: Path, case: tuple[str, str | dict[str, Any]]) -> None:
    check_bad_position(tmp_path, *case)


# -- bad option values ----------------------------------------------------------------------------
def _is_int(text: str) -> bool:
    try:
        int(text)
    except ValueError:
        return False
    return True


def _bots_ok(text: str) -> bool:
    names = [n.strip().lower() for n in text.split(",")]
    return len(names) >= 2 and len(set(names)) == len(names) and all(n in PLAYABLE_BOTS for n in names)


def _difficulty_ok(text: str, bots: list[str]) -> bool:
    if "=" not in text:
        return text.strip().lower() in DIFFICULTIES
    named = []
    for part in text.split(","):
        bot, _, level = part.partition("=")
        named.append(bot.strip().lower())
        if named[-1] not in bots or level.strip().lower() not in DIFFICULTIES:
            return False
    return len(set(named)) == len(named)


def _traits_ok(text: str, bots: list[str]) -> bool:
    named = []
    for part in text.split(","):
        bot, sep, names = part.partition("=")
        bot = bot.strip().lower()
        chosen = [t.strip().lower() for t in names.split("+") if t.strip()]
        if not sep or bot not in bots or not set(chosen) <= set(TRAIT_TEXT.get(bot, {})) or len(set(chosen)) != len(chosen):
            return False
        named.append(bot)
    return len(set(named)) == len(named)


def _suits_ok(text: str) -> bool:
    names = [n.strip().lower() for n in text.split(",")]
    return len(names) == 12 and all(n in SUITS for n in names) and all(names.count(s) == 4 for s in SUITS)


def _shard_ok(text: str, games: int) -> bool:
    parts = text.split("/")
    if len(parts) != 2 or not all(_is_int(p) for p in parts):
        return False
    i, n = (int(p) for p in parts)
    return 1 <= i <= n <= games


WORDS = st.sampled_from(["", " ", "marquise", "eyrie", "alliance", "Eyrie", "cats", "vagabot", "fall", "lake", "easy", "nightmare", "swoop", "fortified", "fox", "1", "-1", "0", "="])
TEXT = st.text(max_size=20) | st.lists(WORDS, max_size=4).map(",".join) | st.lists(WORDS, max_size=4).map("=".join)
TWO = ["marquise", "eyrie"]

# option -> (strategy of bad values, the name the error must give)
BAD_VALUES: dict[str, tuple[st.SearchStrategy[str], str]] = {
    "--bots": (
        (TEXT | st.lists(st.sampled_from([*PLAYABLE_BOTS, "cats", "", "lizards", " eyrie"]), max_size=4).map(",".join)).filter(lambda t: not _bots_ok(t)),
        "--bots",
    ),
    "--map": (TEXT.filter(lambda t: t not in MAP_NAMES), "--map"),
    "--seed": (TEXT.filter(lambda t: not _is_int(t)), "--seed"),
    "--turns": ((TEXT.filter(lambda t: not _is_int(t)) | st.integers(max_value=-1).map(str)), "--turns"),
    "--max-rounds": ((TEXT.filter(lambda t: not _is_int(t)) | st.integers(max_value=0).map(str)), "--max-rounds"),
    "--difficulty": (
        (
            TEXT
            | st.lists(st.tuples(st.sampled_from([*TWO, "alliance", "cats", ""]), st.sampled_from([*DIFFICULTIES, "hard", ""])), min_size=1, max_size=3).map(
                lambda ps: ",".join(f"{b}={lv}" for b, lv in ps)
            )
        ).filter(lambda t: not _difficulty_ok(t, TWO)),
        "--difficulty",
    ),
    "--traits": (
        (
            TEXT
            | st.lists(
                st.tuples(st.sampled_from([*TWO, "alliance", "cats"]), st.lists(st.sampled_from([t for ts in TRAIT_TEXT.values() for t in ts] + ["laser"]), max_size=3)),
                min_size=1,
                max_size=3,
            ).map(lambda ps: ",".join(f"{b}={'+'.join(ts)}" for b, ts in ps))
        ).filter(lambda t: not _traits_ok(t, TWO)),
        "--traits",
    ),
    "--suits": (
        (TEXT | st.lists(st.sampled_from([*SUITS, "bird", "", "Fox "]), min_size=10, max_size=13).map(",".join)).filter(lambda t: not _suits_ok(t)),
        "--suits",
    ),
}


def play_args(option: str, value: str, kept: Path) -> list[str]:
    base = {"--bots": "marquise,eyrie", "--map": "lake"}  # lake: --suits is allowed there
    args = ["play", f"{option}={value}"]
    for name, default in base.items():
        if name != option:
            args.append(f"{name}={default}")
    return [*args, "--turns=1", "--save", str(kept)] if option != "--turns" else [*args, "--save", str(kept)]


@QUICK
@given(data=st.data(), option=st.sampled_from(sorted(BAD_VALUES)))
def test_fuzzed_bad_play_options_get_one_clear_line(tmp_path: Path, data: st.DataObject, option: str) -> None:
    strategy, name = BAD_VALUES[option]
    value = data.draw(strategy, label=option)
    kept = tmp_path / "kept.json"
    kept.write_text(KEEP)
    assert_one_clear_line(*run_cli(*play_args(option, value, kept)), name)
    assert kept.read_text() == KEEP
    assert [p.name for p in tmp_path.iterdir()] == ["kept.json"]


def _grid_cells_ok(text: str, ok: Callable[[str], bool]) -> bool:
    """simulate reads --map and a --difficulty without ``=`` as a list: every item must be good."""
    return ok(text) or ("=" not in text and all(ok(part) for part in text.split(",")))


SIMULATE_VALUES: dict[str, tuple[st.SearchStrategy[str], str]] = {
    **{k: v for k, v in BAD_VALUES.items() if k in ("--bots", "--seed", "--max-rounds", "--traits")},
    "--map": (BAD_VALUES["--map"][0].filter(lambda t: not _grid_cells_ok(t, lambda p: p.strip().lower() in MAP_NAMES)), "--map"),
    "--difficulty": (BAD_VALUES["--difficulty"][0].filter(lambda t: not _grid_cells_ok(t, lambda p: _difficulty_ok(p, TWO))), "--difficulty"),
    "--vagabot-character": (TEXT.filter(lambda t: t.strip().lower() not in CHARACTERS), "--vagabot-character"),
    "--shard": ((TEXT | st.tuples(st.integers(-3, 12), st.integers(-3, 12)).map(lambda p: f"{p[0]}/{p[1]}")).filter(lambda t: not _shard_ok(t, 8)), "--shard"),
    "--games": ((TEXT.filter(lambda t: not _is_int(t)) | st.integers(max_value=0).map(str)), "--games"),
    "--jobs": ((TEXT.filter(lambda t: not _is_int(t)) | st.integers(max_value=0).map(str)), "--jobs"),
}


@QUICK
@given(data=st.data(), option=st.sampled_from(sorted(SIMULATE_VALUES)))
def test_fuzzed_bad_simulate_options_get_one_clear_line(tmp_path: Path, data: st.DataObject, option: str) -> None:
    pytest.importorskip("pyarrow")
    pytest.importorskip("duckdb")
    strategy, name = SIMULATE_VALUES[option]
    value = data.draw(strategy, label=option)
    out_dir = tmp_path / "results"
    args = ["simulate", f"{option}={value}"]
    for other, default in (("--bots", "marquise,eyrie"), ("--games", "8")):
        if other != option:
            args.append(f"{other}={default}")
    assert_one_clear_line(*run_cli(*args, f"--out={out_dir}"), name)
    assert not out_dir.exists()


# -- a few exact messages, so that a regression in wording shows here -----------------------------
EXACT: list[tuple[Callable[[dict[str, Any]], None], str]] = [
    (lambda d: d["clearings"]["5"]["warriors"].update(marquise=-1), "clearings.5.warriors.marquise: -1 is not a count"),
    (lambda d: d["clearings"].update({"13": {}}), "clearings.13: is not a clearing (clearings are 1 to 12)"),
    (lambda d: d["factions"]["marquise"].update(items=["laser"]), "factions.marquise.items.0: \"laser\" is not one of"),
    (lambda d: d.update(map="winter"), "clearings"),
    (lambda d: d.update(ferry=0), "ferry: the fall map has no Ferry"),
    (lambda d: d["factions"]["eyrie"].update(traits=["swoop", "swoop"]), "factions.eyrie.traits.1: \"swoop\" is listed twice"),
    (lambda d: d["factions"]["marquise"].update(traits=["swoop"]), "factions.marquise.traits.0: \"swoop\" is not a trait of the Mechanical Marquise 2.0"),
]


@pytest.mark.parametrize(("change", "expected"), EXACT)
def test_exact_messages_for_bad_positions(tmp_path: Path, change: Callable[[dict[str, Any]], None], expected: str) -> None:
    doc = _copy(BASES[0])
    change(doc)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc))
    line = assert_one_clear_line(*run_cli("show", str(bad)), str(bad))
    assert line.startswith(f"rootbotics: error: {bad}: ") and expected in line, line
