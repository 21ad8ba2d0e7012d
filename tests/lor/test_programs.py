"""Programs in human seats (issue 26 part 3): the built-in programs, a callable of one's own, the
seat's view, --programs on the command line, records and saved positions."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rootbotics.core import serial
from rootbotics.core.moves import IllegalMove, Move
from rootbotics.game import ConfigError, GameConfig, Seat, new_game, play
from rootbotics.programs import Greedy, ProgramController, RandomProgram, SeatView
from rootbotics.record import play_recorded, replay

from tests.cli_helpers import cli

README = Path(__file__).resolve().parents[2] / "README.md"


def seats() -> list[Seat]:
    return [Seat("marquise", "human"), Seat("eyrie"), Seat("alliance"), Seat("vagabot")]


def test_the_readme_library_example_runs() -> None:
    """The README's program of one's own, run as written."""
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(), re.S)
    example = next(b for b in blocks if "ProgramController" in b)
    namespace: dict[str, object] = {}
    exec(compile(example, "README", "exec"), namespace)  # noqa: S102 - our own README
    g = namespace["g"]
    assert g.state.winner  # type: ignore[attr-defined]


def test_the_same_seed_plays_the_same_game_with_programs() -> None:
    cfg = lambda: GameConfig(seats(), "winter", 5, options={"programs": {"marquise": "random"}})  # noqa: E731
    a, b = new_game(cfg()), new_game(cfg())
    play(a), play(b)
    assert a.log.signature() == b.log.signature()


def test_a_program_answering_an_illegal_move_is_refused_with_the_rule() -> None:
    with pytest.raises(IllegalMove, match=r"marquise: Move\('teleport', \(1,\)\) is not a legal move for setup.keep \(LoR 6.3.2\)"):
        new_game(GameConfig(seats(), "fall", 1), controllers={"marquise": ProgramController(lambda v, d: Move("teleport", (1,)))})


def test_the_view_holds_no_other_hand_nor_the_deck() -> None:
    seen: list[SeatView] = []

    def look(view: SeatView, d):  # type: ignore[no-untyped-def]
        seen.append(view)
        return d.moves[0]

    g = new_game(GameConfig([Seat("marquise", "human"), Seat("alliance", "human"), Seat("eyrie")], "fall", 2), controllers={"marquise": ProgramController(look), "alliance": ProgramController(RandomProgram(2))})
    play(g, turns=3)
    view = seen[-1]
    assert view.hand == tuple(g.state.factions["marquise"].hand)
    assert not hasattr(view, "deck") and not hasattr(view, "state")
    assert set(view.hand_sizes) == {"marquise", "alliance", "eyrie"}


def test_greedy_prefers_building_and_the_largest_count() -> None:
    from rootbotics.core.moves import Decision

    greedy = Greedy(1)
    assert greedy(None, Decision("marquise", "x", "", [Move("march"), Move("build"), Move("done")])).kind == "build"  # type: ignore[arg-type]
    assert greedy(None, Decision("marquise", "x", "", [Move("count", (1,)), Move("count", (3,))])).args == (3,)  # type: ignore[arg-type]


def test_greedy_ranks_the_corvids_hundreds_and_keepers_own_moves() -> None:
    """The greedy table for LoR 13-15: a plot before a move, no Exert (LoR 13.6.1), the Rowdy
    mood first (LoR 14.7.6), no Decamp after Encamp for the Keepers (LoR 15.4.2), while another
    faction's step of the same name keeps the plain table (the Corvids' Recruit, LoR 13.4.3)."""
    from rootbotics.core.moves import DONE, Decision

    greedy = Greedy(1)
    pick = lambda seat, step, moves: greedy(None, Decision(seat, step, "", moves))  # type: ignore[arg-type]  # noqa: E731
    assert pick("corvids", "daylight.action", [Move("move"), Move("trick"), Move("plot"), DONE]).kind == "plot"
    assert pick("corvids", "birdsong.flip", [Move("flip", (5,)), DONE]).kind == "flip"
    assert pick("corvids", "evening.exert", [Move("plot"), Move("battle"), DONE]) is DONE
    assert pick("hundreds", "birdsong.mood", [Move("mood", (k,)) for k in ("bitter", "wrathful", "rowdy", "jubilant")]).args == ("rowdy",)
    assert pick("hundreds", "craft.contempt", [Move("contempt", ("take",)), Move("contempt", ("score",))]).args == ("score",)
    assert pick("keepers", "birdsong.decamp", [Move("clearing", (3,)), DONE]) is DONE
    assert pick("keepers", "birdsong.recruit", [Move("clearing", (3,)), DONE]) is DONE
    assert pick("corvids", "birdsong.recruit", [Move("card", (3,)), DONE]).kind == "card"


@pytest.mark.parametrize("faction", ["corvids", "hundreds", "keepers"])
def test_greedy_outscores_random_in_its_own_factions_seat(faction: str) -> None:
    """Twenty seeded games on Fall beside the Marquise, Eyrie and Alliance bots: the greedy
    program in the seat scores more VP in all than the random one (measured over seeds
    1..100: Corvids 7.4 against 2.0 a game, Hundreds 19.2 against 10.7, Keepers 6.1 against 1.4)."""

    def total(program: str) -> int:
        vp = 0
        for seed in range(1, 21):
            cfg = GameConfig([Seat(faction, "human"), Seat("marquise"), Seat("eyrie"), Seat("alliance")], "fall", seed, options={"programs": {faction: program}})
            g = new_game(cfg)
            play(g)
            vp += g.state.factions[faction].vp
        return vp

    greedy, random = total("greedy"), total("random")
    assert greedy > 1.2 * random, (greedy, random)


def test_a_program_seat_must_be_a_human_seat_with_its_law_built() -> None:
    with pytest.raises(ConfigError, match="options.programs.eyrie: the eyrie is not a human seat"):
        new_game(GameConfig(seats(), "fall", 1, options={"programs": {"eyrie": "random"}}))
    with pytest.raises(ConfigError, match="'clever' is not a built-in program"):
        new_game(GameConfig(seats(), "fall", 1, options={"programs": {"marquise": "clever"}}))


def test_records_of_program_games_replay_exactly() -> None:
    g, record = play_recorded(GameConfig(seats(), "lake", 9, options={"programs": {"marquise": "greedy"}}))
    assert replay(record).log.signature() == g.log.signature()


def test_cli_play_with_programs(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, "play", "--programs", "marquise=greedy", "--bots", "eyrie,alliance", "--seed", "4", "--quiet")
    assert code == 0, err
    assert "Marquise de Cat (greedy program)" in out


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("marquise", "--programs: write seat=program"),
        ("marquise=clever", "'clever' is not a built-in program"),
        ("cats=random", "'cats' is not a faction a program can play"),
        ("marquise=random,marquise=greedy", "marquise is listed twice"),
    ],
)
def test_cli_bad_programs_get_one_line_and_exit_2(capsys: pytest.CaptureFixture[str], value: str, message: str) -> None:
    code, out, err = cli(capsys, "play", "--programs", value, "--bots", "eyrie,alliance")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and message in err, err


def test_cli_a_program_seat_also_among_the_bots_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(capsys, "play", "--programs", "marquise=random", "--bots", "marquise,eyrie")
    assert code == 2 and "a faction sits once" in err


def test_a_saved_position_with_a_program_seat_plays_on(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "p.json"
    code, _, err = cli(capsys, "play", "--programs", "marquise=random,alliance=greedy", "--seed", "6", "--turns", "4", "--save", str(path), "--quiet")
    assert code == 0, err
    assert serial.load(path).options["programs"] == {"marquise": "random", "alliance": "greedy"}
    code, out, err = cli(capsys, "play", "--from", str(path), "--quiet")
    assert code == 0, err
    assert "Winner" in out


def test_a_program_game_saved_between_turns_and_continued_plays_on_identically() -> None:
    """A built-in program starts its generator afresh at every turn (its seat's seed, the round,
    the turn), so a position saved between turns continues move for move as the game did."""
    from tests.lor.scripted import save_and_continue

    went_on, resumed = save_and_continue(GameConfig(seats(), "fall", 21, options={"programs": {"marquise": "random"}}), 6)
    assert resumed and resumed == went_on
