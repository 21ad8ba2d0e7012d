"""rootbotics.env in play (issue 28, part 2): a masked random soak (every chosen action legal, every
invariant after every event), hidden information that never reaches an observation, the drivers
leave nothing behind and an engine failure surfaces in step()."""

from __future__ import annotations

import threading

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import gymnasium  # noqa: E402

from rootbotics.core import invariants  # noqa: E402
from rootbotics.core.context import EngineFailure  # noqa: E402
from rootbotics.env import ENV_ID, aec_env  # noqa: E402
from rootbotics.env.observe import observe  # noqa: E402

pytestmark = pytest.mark.xdist_group("env")
MAPS = ("fall", "winter", "lake", "mountain")
LINEUPS = (
    (["marquise"], None),
    (["alliance"], None),
    (["vagabot"], ["marquise", "eyrie", "alliance"]),
    (["vagabond2"], ["marquise", "eyrie", "vagabot"]),
    (["marquise", "alliance"], ["eyrie", "vagabot"]),
    (["marquise", "alliance", "vagabot"], ["eyrie"]),
)


def play_masked(env, seed: int, rng) -> int:
    """One masked random episode; returns the agent steps. Checks each pick is legal."""
    env.reset(seed=seed)
    raw = env.unwrapped
    state = raw.session.game.state
    raw.session.game.log.listeners.append(lambda e: invariants.check(raw.session.game.state))
    steps = 0
    for agent in env.agent_iter(max_iter=20_000):
        obs, _, term, trunc, info = env.last()
        if term or trunc:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal) == len(info["legal_moves"]) == len(info["legal_actions"]) > 0
        assert sorted(info["legal_actions"]) == list(legal)
        a = int(rng.choice(legal))
        env.step(a)
        steps += 1
    assert raw.session.finished and raw.session.illegal_by is None
    invariants.check(state)
    return steps


@pytest.mark.parametrize("i", range(len(LINEUPS)))
def test_masked_random_soak(i):
    factions, bots = LINEUPS[i]
    rng = np.random.default_rng(i)
    for seed in range(1, 9):
        env = aec_env(factions, bots, map=MAPS[(seed + i) % 4], reward="vp", max_rounds=60)
        assert play_masked(env, seed, rng) > 0
        env.close()


def test_vp_rewards_add_up_to_the_final_margin():
    env = aec_env(["marquise"], reward="vp", max_rounds=60)
    env.reset(seed=5)
    total = 0.0
    rng = np.random.default_rng(5)
    for agent in env.agent_iter():
        obs, r, term, trunc, info = env.last()
        total += r
        env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    vp = info["vp"]
    assert total == vp["marquise"] - max(v for f, v in vp.items() if f != "marquise")


def test_win_reward_and_truncation():
    env = gymnasium.make(ENV_ID, faction="marquise", max_rounds=2)
    obs, info = env.reset(seed=2)
    rng = np.random.default_rng(2)
    done = False
    while not done:
        obs, r, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        done = term or trunc
    assert trunc and not term and r == 0.0 and info["truncated"]


def test_illegal_action_loses_or_raises():
    env = gymnasium.make(ENV_ID, faction="marquise")
    obs, _ = env.reset(seed=1)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, r, term, trunc, info = env.step(bad)
    assert term and r == -1.0 and info["illegal"]
    env = gymnasium.make(ENV_ID, faction="marquise", illegal="raise")
    obs, _ = env.reset(seed=1)
    with pytest.raises(ValueError, match="not legal"):
        env.step(bad)


def test_same_seed_same_game():
    def run(seed):
        env = gymnasium.make(ENV_ID, faction="alliance")
        obs, _ = env.reset(seed=seed)
        out = []
        for _ in range(200):
            a = int(np.flatnonzero(obs["action_mask"])[-1])
            obs, r, term, trunc, _ = env.step(a)
            out.append((a, r, int(obs["vp"].sum())))
            if term or trunc:
                break
        return out

    assert run(11) == run(11)
    assert run(11) != run(12)


def fingerprint(obs):
    return {k: v.tobytes() for k, v in obs.items()}


@pytest.mark.parametrize("me,other", [("marquise", "alliance"), ("alliance", "vagabot"), ("vagabot", "marquise")])
def test_hidden_information_never_reaches_the_observation(me, other):
    """Another human seat's hand and supporters, the deck's order and the Vagabond's quest deck
    changed (the same sizes): the agent's observation is the same array for array."""
    env = aec_env([me, other], ["eyrie"] if "vagabot" in (me, other) else ["eyrie", "vagabot"])
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    raw = env.unwrapped
    checked = 0
    for agent in env.agent_iter(max_iter=400):
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        s = raw.session.game.state
        before = fingerprint(raw.observe(me))
        saved = (list(s.deck), list(s.factions[other].hand))
        pool = s.deck + s.factions[other].hand
        rng.shuffle(pool)
        s.deck[:] = pool[: len(s.deck)]
        s.factions[other].hand[:] = pool[len(s.deck):]
        board = s.factions[other].board
        saved_quests = list(getattr(board, "quest_deck", []) or [])
        if saved_quests:
            board.quest_deck.reverse()
        assert fingerprint(raw.observe(me)) == before
        s.deck[:], s.factions[other].hand[:] = saved
        if saved_quests:
            board.quest_deck[:] = saved_quests
        checked += 1
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert checked > 50


def test_observation_shows_own_hand_and_not_anothers():
    env = aec_env(["marquise", "alliance"], ["eyrie", "vagabot"])
    env.reset(seed=4)
    s = env.unwrapped.session.game.state
    o = observe(s, "marquise", np.zeros(1, np.int8), None)
    assert set(np.flatnonzero(o["hand"])) == set(s.factions["marquise"].hand)
    assert o["hand_size"][2] == len(s.factions["alliance"].hand)


@pytest.mark.parametrize("driver", ["greenlet", "thread"])
def test_close_and_reset_leave_no_thread_or_greenlet(driver):
    if driver == "greenlet":
        pytest.importorskip("greenlet")
    before = threading.active_count()
    env = aec_env(["marquise"], driver=driver)
    for seed in range(5):
        env.reset(seed=seed)
        for _ in range(30):
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                break
            env.step(int(np.flatnonzero(obs["action_mask"])[-1]))
    env.close()
    assert threading.active_count() == before
    assert not env.unwrapped.session.driver.alive


@pytest.mark.parametrize("driver", ["greenlet", "thread"])
def test_an_engine_failure_surfaces_in_step(driver, monkeypatch):
    if driver == "greenlet":
        pytest.importorskip("greenlet")
    import rootbotics.game as game

    env = aec_env(["marquise"], driver=driver)
    env.reset(seed=1)
    real = game.play_turn
    monkeypatch.setattr(game, "play_turn", lambda g: (_ for _ in ()).throw(EngineFailure("boom in the game")) if g.state.round > 1 else real(g))
    with pytest.raises(EngineFailure, match="boom in the game"):
        for _ in range(2000):
            obs, *_ = env.last()
            env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert not env.unwrapped.session.driver.alive
    env.close()


def test_render_is_the_apps_svg_board():
    env = gymnasium.make(ENV_ID, faction="marquise", render_mode="svg")
    env.reset(seed=1)
    svg = env.render()
    assert svg.startswith("<svg") and "class=\"board\"" in svg
