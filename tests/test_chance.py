"""Chance: the seeded SplitMix64 generator, the chance sources (LoR 4.3.2 dice, LoR 2.1 draws,
1.2.1 random picks) and reproducibility of whole games (same seed, same game; no global state)."""

from __future__ import annotations

from collections import Counter

import pytest

from rootbotics.core.chance import ChanceExhausted, Rng, RngChance, ScriptedChance
from rootbotics.game import bot_config, new_game, play

# SplitMix64 as written in core/chance.py, computed once: a change to the generator (constants,
# seeding, output function) changes every saved game and every seeded test, so it must be seen.
SEED_1_FIRST_FIVE = [
    3047811371739217279,
    18215591310788271736,
    10655362870870243545,
    5282519108430934328,
    9927628286684861746,
]


# -- Rng ---------------------------------------------------------------------------------------------
def test_rng_same_seed_same_sequence():
    """A seed gives the same numbers every time (and a clone continues the same stream)."""
    a, b = Rng.from_seed(42), Rng.from_seed(42)
    seq = [a.next64() for _ in range(100)]
    assert seq == [b.next64() for _ in range(100)]
    assert all(0 <= x < 2**64 for x in seq)
    c = a.clone()
    assert [a.next64() for _ in range(10)] == [c.next64() for _ in range(10)]
    assert [Rng.from_seed(43).next64() for _ in range(3)] != seq[:3]


def test_rng_first_values_of_seed_1_are_pinned():
    """The generator is SplitMix64 and must stay exactly so (saved seeds replay the same games)."""
    r = Rng.from_seed(1)
    assert [r.next64() for _ in range(5)] == SEED_1_FIRST_FIVE


def test_rng_matches_the_splitmix64_reference_vectors():
    """The core is standard SplitMix64: the published outputs for raw states 0 and 1234567."""
    r = Rng(0)
    assert [r.next64() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]
    r = Rng(1234567)
    assert [r.next64() for _ in range(5)] == [
        6457827717110365317, 3203168211198807973, 9817491932198370423,
        4593380528125082431, 16408922859458223821,
    ]


def test_rng_state_is_one_64_bit_integer():
    """The whole RNG state is one integer: restoring it restores the stream."""
    r = Rng.from_seed(7)
    r.next64()
    saved = r.state
    assert 0 <= saved < 2**64
    ahead = [r.next64() for _ in range(5)]
    r2 = Rng(saved)
    assert [r2.next64() for _ in range(5)] == ahead


def test_rng_below_stays_in_range_and_is_roughly_uniform():
    """below(n) is uniform over range(n): for n = 4 each value gets about a quarter of 20,000 draws."""
    r = Rng.from_seed(2024)
    draws = [r.below(4) for _ in range(20_000)]
    counts = Counter(draws)
    assert set(counts) == {0, 1, 2, 3}
    for v in range(4):
        assert 4_700 <= counts[v] <= 5_300, counts
    for n in (1, 2, 3, 5, 7, 12, 54):
        assert all(0 <= r.below(n) < n for _ in range(500))
    with pytest.raises(ValueError):
        r.below(0)


def test_rng_shuffle_is_a_deterministic_permutation():
    """shuffle permutes in place, the same way for the same seed."""
    base = list(range(54))
    a, b = list(base), list(base)
    Rng.from_seed(5).shuffle(a)
    Rng.from_seed(5).shuffle(b)
    assert a == b
    assert sorted(a) == base
    assert a != base
    c = list(base)
    Rng.from_seed(6).shuffle(c)
    assert c != a


# -- RngChance -----------------------------------------------------------------------------------------
def test_lor_4_3_2_rng_chance_rolls_two_dice_of_0_to_3():
    """LoR 4.3.2: each die shows 0-3; all sixteen pairs occur."""
    chance = RngChance(Rng.from_seed(3))
    rolls = [chance.roll() for _ in range(2_000)]
    assert all(len(r) == 2 and 0 <= r[0] <= 3 and 0 <= r[1] <= 3 for r in rolls)
    assert len(set(rolls)) == 16


def test_lor_2_1_rng_chance_draws_the_top_card_and_picks_among_options():
    """LoR 2.1: a draw takes the top card (the end of the list); a pick is one of the options."""
    chance = RngChance(Rng.from_seed(3))
    deck = [4, 8, 15]
    assert chance.draw(deck) == 15 and deck == [4, 8]
    options = ("sawmill", "workshop", "recruiter")
    picks = {chance.pick(options, "test") for _ in range(200)}
    assert picks == set(options)


# -- ScriptedChance --------------------------------------------------------------------------------------
def test_scripted_chance_answers_in_order():
    """ScriptedChance gives the scripted rolls, draws and picks, in order."""
    chance = ScriptedChance([("roll", (3, 1)), ("draw", 8), ("pick", "workshop"), ("pick", [2, 3]), ("roll", (0, 2))])
    assert chance.roll() == (3, 1)
    deck = [4, 8, 15]
    assert chance.draw(deck) == 8 and deck == [4, 15]  # the named card, wherever it is
    assert chance.pick(["sawmill", "workshop"], "test") == "workshop"
    assert chance.pick([(1, 2), (2, 3)], "test") == (2, 3)
    assert chance.roll() == (0, 2)
    deck2 = [1, 2, 3]
    chance.shuffle(deck2)
    assert deck2 == [1, 2, 3]  # a shuffle changes nothing without a fallback


def test_scripted_chance_wrong_kind_raises():
    """ScriptedChance: asking for a roll when a draw is scripted is an error, not a guess."""
    chance = ScriptedChance([("draw", 3)])
    with pytest.raises(ChanceExhausted, match="expected a draw"):
        chance.roll()
    chance = ScriptedChance([("pick", "keep")])
    with pytest.raises(ChanceExhausted):
        chance.pick(["sawmill", "workshop"], "test")  # not among the options
    chance = ScriptedChance([("draw", 99)])
    with pytest.raises(ChanceExhausted):
        chance.draw([1, 2, 3])  # not in the deck


def test_scripted_chance_exhausted_without_fallback_raises():
    """ScriptedChance: running out of script without a fallback is an error."""
    chance = ScriptedChance([("roll", (1, 1))])
    chance.roll()
    with pytest.raises(ChanceExhausted):
        chance.roll()
    with pytest.raises(ChanceExhausted):
        chance.draw([1])
    with pytest.raises(ChanceExhausted):
        chance.pick([1], "test")


def test_scripted_chance_uses_fallback_when_exhausted():
    """ScriptedChance: once the script runs out, the fallback answers (and shuffles)."""
    fallback_rng = Rng.from_seed(11)
    reference = RngChance(Rng.from_seed(11))
    chance = ScriptedChance([("roll", (2, 2))], fallback=RngChance(fallback_rng))
    assert chance.roll() == (2, 2)
    assert chance.roll() == reference.roll()
    assert chance.draw([5, 6]) == 6  # the fallback draws the top card
    reference_pick = reference.pick(["a", "b", "c"], "x")
    assert chance.pick(["a", "b", "c"], "x") == reference_pick
    deck, ref_deck = list(range(10)), list(range(10))
    chance.shuffle(deck)
    reference.shuffle(ref_deck)
    assert deck == ref_deck != list(range(10))


# -- whole games -------------------------------------------------------------------------------------------
def _run(seed: int):
    g = new_game(bot_config(["marquise", "eyrie"], seed=seed))
    play(g)
    return g


def _outcome(g):
    return g.log.signature(), {f: fs.vp for f, fs in g.state.factions.items()}, g.state.winner


def test_same_seed_same_game():
    """Same seed, same game: identical event signature, final VP and winner."""
    a, b = _run(7), _run(7)
    assert a.state.winner is not None
    assert _outcome(a) == _outcome(b)
    assert a.log.lines() == b.log.lines()
    assert a.state.rng.state == b.state.rng.state


def test_different_seeds_different_games():
    """Different seeds give different games."""
    sigs = {repr(_run(s).log.signature()) for s in (1, 2, 3)}
    assert len(sigs) == 3


def test_interleaved_games_match_games_run_alone():
    """No global state: two games played turn by turn in alternation (one with the seats the other
    way round) give the same logs as each run alone."""
    g1_alone = _outcome(_run(4))
    g1 = new_game(bot_config(["marquise", "eyrie"], seed=4))
    g2 = new_game(bot_config(["eyrie", "marquise"], seed=5))
    g2_alone = new_game(bot_config(["eyrie", "marquise"], seed=5))
    play(g2_alone)
    done1 = done2 = False
    for _ in range(1_000):
        if not done1:
            done1 = play(g1, turns=1) or g1.state.winner is not None
        if not done2:
            done2 = play(g2, turns=1) or g2.state.winner is not None
        if done1 and done2:
            break
    assert done1 and done2
    assert _outcome(g1) == g1_alone
    assert _outcome(g2) == _outcome(g2_alone)
