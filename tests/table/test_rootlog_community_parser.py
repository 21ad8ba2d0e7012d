"""Our Rootlog exports read by the community's parser (issue 30 item 11): ``@seiyria/rootlog-parser``
1.4.0 from the npm registry, pinned by ``tools/rootlog-parser/package-lock.json`` and installed
there by ``npm ci`` (once; again only when the lock changes), reads the export of a bot game of
every bot on every map and of table sessions of every human faction; a line it refuses is named
with its file, number, text and the parser's words. Without node and npm the parser cannot run
and these tests skip, saying so. What the export writes for the parser's sake is
``table/rootlog_readers.py``; each export is also imported back to its position."""

from __future__ import annotations

import contextlib
import hashlib
import json
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from rootbotics.factions import PLAYABLE_BOTS
from rootbotics.core.maps import MAP_NAMES
from rootbotics.game import GameConfig, Seat, bot_config
from rootbotics.table.chance import SHAPES
from rootbotics.table.export import export_bot_game, record_bot_game, rootlog_text, snapshot
from rootbotics.table.law import encode
from rootbotics.table.rootlog import parse_action
from rootbotics.table.rootlog_import import import_rootlog
from rootbotics.table.rootlog_readers import for_readers
from rootbotics.table.session import Session, TableConfig, TableSeat
from rootbotics.table.session_export import export_session
from tests.table.test_rootlog_export import games

TOOLS = Path(__file__).resolve().parents[2] / "tools" / "rootlog-parser"
Read = Callable[[list[Path]], dict[str, list[dict[str, Any]]]]


# -- the parser, installed from the lock -------------------------------------------------------
@contextlib.contextmanager
def _install_lock() -> Iterator[None]:
    try:
        import fcntl
    except ImportError:  # no flock here: one process installs at a time anyway
        yield
        return
    with open(Path(tempfile.gettempdir()) / "rootbotics-rootlog-parser.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


@pytest.fixture(scope="session")
def community_parser() -> Read:
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        pytest.skip("node and npm are not installed here: the community Rootlog parser (tools/rootlog-parser) cannot run")
    lock = hashlib.sha256((TOOLS / "package-lock.json").read_bytes()).hexdigest()
    stamp = TOOLS / "node_modules" / ".rootbotics-installed"
    with _install_lock():
        if not stamp.is_file() or stamp.read_text(encoding="utf-8") != lock:
            r = subprocess.run([npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"],
                               cwd=TOOLS, capture_output=True, text=True, timeout=600)
            if r.returncode != 0:
                said = (r.stderr.strip().splitlines() or ["(nothing on stderr)"])[-1]
                pytest.fail(f"npm ci in tools/rootlog-parser failed (exit {r.returncode}): {said}")
            stamp.write_text(lock, encoding="utf-8")

    def read(paths: list[Path]) -> dict[str, list[dict[str, Any]]]:
        r = subprocess.run([node, str(TOOLS / "check.js"), *map(str, paths)], cwd=TOOLS, capture_output=True, text=True, timeout=120)
        assert r.returncode == 0, r.stderr
        return json.loads(r.stdout)

    return read


# -- table sessions of every human faction --------------------------------------------------------
def answer(s: Session) -> None:
    """Every bot step confirmed, every question answered: the first legal move, hits in the order
    offered, no cards shown, no services bought, yes to the Arbiter."""
    while True:
        while s.play.unconfirmed:
            s.enter({"kind": "ok", "n": len(s.play.unconfirmed)})
        q = s.play.pending
        if q is None:
            return
        shape = SHAPES[q.ask]
        if shape == "move":
            value: Any = encode(q.decision, q.decision.moves[0])
        elif shape == "order":
            value = list(q.options[: q.pick or None])
        elif shape in ("cards", "services"):
            value = []
        else:
            value = True if shape == "yes_no" else q.options[0] if q.options else None
        s.enter({"kind": "answer", "ask": q.ask, "value": value})


def session(path: Path, seats: list[TableSeat], lines: dict[str, list[list[str]]], map_name: str = "fall",
            seed: int = 7, turns: int = 3, options: dict[str, Any] | None = None) -> Session:
    """A session in which each human types its lines for its setup and first turns (then only
    ``done``), ``turns`` parts of each human seat in all."""
    s = Session(TableConfig(seats, map_name, None, seed, options=options or {}), path)
    played: dict[str, int] = {}
    while True:
        answer(s)
        if s.play.over or s.play.open is None:
            return s
        who = s.play.open.faction
        n = played[who] = played.get(who, 0) + 1
        if n > turns:
            return s
        for text in (lines.get(who, []) + [[]] * turns)[n - 1]:
            s.enter({"kind": "line", "faction": who, "text": text})
        s.enter({"kind": "done", "faction": who})


def human(faction: str, player: str, rules: str = "board") -> TableSeat:
    return TableSeat(faction, "human", player, rules=rules)


def bot(faction: str) -> TableSeat:
    return TableSeat(faction, "bot")


def marquise(path: Path) -> Session:
    from tests.table.test_session_export import played

    return played(path)  # four rounds beside the Eyrie and the Lizards, battles written with their rolls


def whole_game(path: Path) -> Session:
    from tests.table.table_game_script import play_game

    return play_game(path).session  # the golden transcript's game: a human Marquise and Alliance


def _session(seats: list[TableSeat], lines: dict[str, list[list[str]]], map_name: str = "fall", seed: int = 7, turns: int = 3,
             options: dict[str, Any] | None = None) -> Callable[[Path], Session]:
    return lambda path: session(path, seats, lines, map_name, seed, turns, options)


SESSIONS: dict[str, Callable[[Path], Session]] = {
    "marquise": marquise,
    "marquise-and-alliance": whole_game,
    "marquise-by-legal-moves-on-lake": _session([human("marquise", "Ann", "law"), bot("eyrie"), bot("riverfolk")], {}, "lake", 4, turns=2),
    "eyrie": _session([bot("marquise"), human("eyrie", "Ann"), bot("alliance")],
                      {"eyrie": [["b->12/6w->12"], ["#->E/F#E->$_x/w->12/2w12->7"], ["#->E"]]}),
    "alliance": _session([bot("marquise"), bot("eyrie"), human("alliance", "Bob")],
                         {"alliance": [["t->3/t->4"], ["#->A/F#A->$/w->$/F#$->/t->5"], ["#->A/w->$"]]}),
    "vagabond-and-riverfolk": _session(
        [bot("marquise"), bot("eyrie"), human("vagabot", "Ann"), human("riverfolk", "Bob")],
        {"vagabot": [["p->2_6_10_11_12/%s->s/%s->s/%f->s/%r->s"], ["p->10/%f->e"], ["%fe->r/p->2_6_10_11_12"]],
         "riverfolk": [["w->5/w->3/t_r->3"], ["2w->O$"], ["2w$->$_f/w$_f->/w->9"], ["w$_f->"]]},
        turns=4, options={"vagabond_character": "arbiter"}),
    "two-vagabonds": _session(
        [bot("marquise"), human("vagabot", "Ann"), human("vagabond2", "Bob")],
        {"vagabot": [["p->2_6_10_11_12/%s->s/%f->s/%r->s"], ["p->10"]], "vagabond2": [["p->1_2_5_10/%s->s/%f->s/%x->s"], ["p->10/%f->e"]]},
        options={"vagabond_character": "arbiter", "vagabond2_character": "thief"}),
    "lizards-duchy-corvids": _session(
        [human("lizards", "Ann"), human("duchy", "Bob"), human("corvids", "Cid"), bot("marquise"), bot("eyrie")],
        {"lizards": [["4w->4/b_r->4/w->8+9+12"], ["w->$/w4->9"], ["$_o->F"]], "duchy": [["2w->2/t->2/2w->5+6+10"], ["w->0/w0->2"], ["#brigadier->$/b_m->2"]],
         "corvids": [["w->5+9+12"], ["w5->/t->5"], ["t5^t_b"]]}),
}


def bot_game_name(map_name: str, seats: list[str]) -> str:
    return f"{map_name}-{'-'.join(seats)}"


HUMAN_FACTIONS = {"marquise", "eyrie", "alliance", "vagabot", "vagabond2", "lizards", "riverfolk", "duchy", "corvids"}


def test_the_community_parser_reads_every_line_of_our_exports(community_parser: Read, tmp_path: Path) -> None:
    """Every export written, read by the parser in one run, and imported back to its position."""
    states: dict[str, Any] = {}
    for map_name, seats, seed in games():
        g, lines = record_bot_game(bot_config(seats, map_name, seed))
        name = bot_game_name(map_name, seats)
        (tmp_path / f"{name}.rootlog").write_text(rootlog_text(g.state, lines), encoding="utf-8")
        states[name] = g.state
    humans: set[str] = set()
    for seed, map_name in enumerate(MAP_NAMES):  # the Better Bot Project's Eyrie, Alliance and Marquise (issue 17)
        seats = [Seat("eyrie", rule_set="bbp"), Seat("alliance", rule_set="bbp"), Seat("marquise", rule_set="bbp" if seed % 2 else "law")]
        g, lines = record_bot_game(GameConfig(seats, map_name, seed))
        (tmp_path / f"bbp-{map_name}.rootlog").write_text(rootlog_text(g.state, lines), encoding="utf-8")
        states[f"bbp-{map_name}"] = g.state
    raccoons = [Seat("vagabot", rule_set="bbp"), Seat("vagabond2", rule_set="bbp"), Seat("marquise", rule_set="bbp")]  # their paths in the seat comments
    g, lines = record_bot_game(GameConfig(raccoons, "winter", 2, options={"raccoon_paths": {"fox": ["explore", "battle"], "rabbit": ["aid", "special"], "mouse": ["quest"]}}))
    (tmp_path / "bbp-raccoons.rootlog").write_text(rootlog_text(g.state, lines), encoding="utf-8")
    states["bbp-raccoons"] = g.state
    for name, make in SESSIONS.items():
        s = make(tmp_path / f"{name}.json")
        (tmp_path / f"session-{name}.rootlog").write_text(export_session(s), encoding="utf-8")
        states[f"session-{name}"] = s.play.game.state
        humans |= {seat.faction for seat in s.config.seats if seat.seat == "human"}
    assert humans == HUMAN_FACTIONS, f"no session of a human {', '.join(sorted(HUMAN_FACTIONS - humans))}"
    paths = [tmp_path / f"{name}.rootlog" for name in states]
    refused = [f"{Path(path).name} line {r['line']}: {r['text']!r}: {r['error']}"
               for path, refusals in community_parser(paths).items() for r in refusals]
    assert not refused, "the community parser refuses:\n" + "\n".join(refused)
    for name, state in states.items():
        text = (tmp_path / f"{name}.rootlog").read_text(encoding="utf-8")
        assert snapshot(import_rootlog(text)) == snapshot(state), f"{name}: the export no longer imports to its position"


def test_the_bot_games_are_every_bot_on_every_map() -> None:
    assert {m for m, _, _ in games()} == {"fall", "winter", "lake", "mountain"}
    for m in ("fall", "winter", "lake", "mountain"):
        assert {b for mm, seats, _ in games() if mm == m for b in seats} == set(PLAYABLE_BOTS)


def test_the_checker_names_the_line_the_parser_refuses(community_parser: Read, tmp_path: Path) -> None:
    bad = tmp_path / "bad.rootlog"
    bad.write_text("Map: Fall\nDeck: Standard\nC: Ann\n\nC:t_k->1/w->1\nC:R#avisittofriends->C\nC:f1->10\n", encoding="utf-8")
    refused = community_parser([bad])[str(bad)]
    assert [(r["line"], r["text"]) for r in refused] == [(6, "C:R#avisittofriends->C"), (7, "C:f1->10")]
    assert "avisittofriends" in refused[0]["error"]


# -- what the export writes for the parser (no node needed) -------------------------------------
def _readable(line: str, letter: str = "C") -> str:
    from rootbotics.game import new_game
    from rootbotics.table.rootlog import format_action

    state = new_game(bot_config(["marquise", "eyrie"], "fall", 1)).state
    actions, notes = for_readers(state, letter, parse_action(line, letter))
    return "/".join(format_action(a) for a in actions) + (f" // {'; '.join(notes)}" if notes else "")


@pytest.mark.parametrize(("line", "written"), [
    ("F#taxcollector->C/F#taxcollectorC->", "F#tax->C/F#taxC->"),  # the spec's abbreviation
    ("F#tax->C/F#anvilC->/B#@C->/R#dom->C", "F#tax->C/F#anvilC->/B#@C->/R#dom->C"),  # names the parser knows stay
    ("R#avisittofriends->C/R#avisittofriendsC->", "R#->C/R#C-> // R# = A Visit to Friends"),  # no name the parser reads
    ("Zavisittofriends", "Z%f // Z%f = A Visit to Friends"),
    ("(2w+f)1->12/f12->1", "(2w+r)1->12/r12->1"),  # the Ferry as Rootlog V2.7's raft
    ("#brigadier->$", "#brigadier->$"),  # not a card of the deck: as written
])
def test_lines_are_written_with_what_the_community_parser_reads(line: str, written: str) -> None:
    assert _readable(line) == written


def test_the_riverfolks_funds_are_their_board_and_a_count() -> None:
    assert _readable("2Ew$->$_f/Ew$_f->/w->$_f/w$->", "O") == "Ew$->/w->$/w$->"  # Payments to Funds unwritten; spent from the board
    assert _readable("OwO$_f->/w->O$_f", "E") == "OwO$->/w->O$"


def test_the_ferry_written_as_v2_7s_raft_is_the_ferry() -> None:
    assert parse_action("r1->10", "C") == parse_action("f1->10", "C")
    assert parse_action("(2w+r)1->12", "C") == parse_action("(2w+f)1->12", "C")


def test_a_lake_game_exported_with_the_raft_imports_to_its_ferry() -> None:
    config = bot_config(["marquise", "eyrie", "lizards"], "lake", 0)
    text = export_bot_game(config)
    g, _ = record_bot_game(config)
    assert "/r1->10" in text and import_rootlog(text).ferry == g.state.ferry
