"""make train's code without its libraries (issue 28, part 4): importing ``rootbotics.env.train``
never imports torch, stable-baselines3 or openskill (``make test`` never needs the train extra); the
flat observation, the seeded evaluation games (a program, the bot, a policy seated as a program),
the seed wrapper and the interval arithmetic."""

from __future__ import annotations

import subprocess
import sys

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from rootbotics.env import train  # noqa: E402
from rootbotics.env.actions import action_table  # noqa: E402

pytestmark = pytest.mark.xdist_group("env")
HEAVY = ("torch", "stable_baselines3", "sb3_contrib", "openskill")


def test_importing_the_training_module_imports_no_training_library() -> None:
    code = (
        "import sys, rootbotics.env, rootbotics.env.train as t\n"
        "t.play_one('random', 3)\n"
        f"print(','.join(m for m in {HEAVY!r} if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "", f"imported on import of rootbotics.env.train: {out}"


def test_no_test_in_this_run_imported_torch() -> None:
    assert "torch" not in sys.modules


def test_wilson_interval() -> None:
    lo, hi = train.wilson(0, 1000)
    assert lo == pytest.approx(0.0, abs=1e-12) and 0.003 < hi < 0.004  # about the rule of three, 3/n
    lo, hi = train.wilson(500, 1000)
    assert lo == pytest.approx(0.469, abs=1e-3) and hi == pytest.approx(0.531, abs=1e-3)
    m, half = train.mean_ci([1.0, 2.0, 3.0])
    assert m == 2.0 and half == pytest.approx(1.959964 / 3**0.5, rel=1e-6)


def test_the_flat_observation_is_the_environments_scaled() -> None:
    env = train.make_env(first_seed=5)
    obs, _ = env.reset()
    assert obs.dtype == np.float32 and obs.shape == env.observation_space.shape
    assert env.observation_space.contains(obs)
    mask = env.action_masks()
    assert mask.dtype == bool and mask.any()
    legal = np.flatnonzero(mask)
    obs, *_ = env.step(int(legal[0]))
    assert env.observation_space.contains(obs)
    env.close()


def test_the_seed_wrapper_strides() -> None:
    env = train.make_env(first_seed=2, stride=8)
    env.reset()
    assert env.unwrapped.session.seed == 2
    env.reset()
    assert env.unwrapped.session.seed == 10
    env.reset(seed=100)
    assert env.unwrapped.session.seed == 100
    env.close()


@pytest.mark.parametrize("occupant", ["random", "greedy", "bot"])
def test_evaluation_games_are_seeded(occupant: str) -> None:
    a, b = train.play_one(occupant, 1_000_000), train.play_one(occupant, 1_000_000)
    assert a == b
    assert set(a["vp"]) == {"marquise", "eyrie", "alliance", "vagabot"}
    assert a["winners"] or a["truncated"]


def test_a_policy_plays_the_seat_through_its_mask() -> None:
    rng = np.random.default_rng(0)
    seen = []

    def act(obs: np.ndarray, mask: np.ndarray) -> int:
        seen.append(obs.shape)
        return int(rng.choice(np.flatnonzero(mask)))

    g = train.play_one("policy", 1_000_001, act)
    assert g["winners"] or g["truncated"]
    assert len(seen) > 10 and set(seen) == {(train.Flattener(len(action_table("marquise"))).size,)}


def test_a_policy_keeps_its_own_numbering_when_the_table_grows() -> None:
    """A policy saved with the action table it learned (``policy.actions.json``) plays on after
    kinds of moves are added: it sees only the legal moves it knows, by its own numbers, and its
    choice is mapped to today's move. Here the policy's table is today's with the ``pass`` kinds
    removed and the rest reversed, so every number differs."""
    keys = train.action_keys()
    old = [k for k in keys if not k.startswith('["done"')][::-1]
    rng = np.random.default_rng(1)
    shapes, chosen = set(), []

    def act(obs: np.ndarray, mask: np.ndarray) -> int:
        shapes.add(obs.shape)
        a = int(rng.choice(np.flatnonzero(mask)))
        chosen.append(old[a])
        return a

    g = train.play_one("policy", 1_000_003, act, trained_on=old)
    assert g["winners"] or g["truncated"]
    assert shapes == {(train.Flattener(len(old)).size,)}
    assert chosen and all(k in keys for k in chosen)
    assert g["unseen"] > 0  # decisions where only "done" was legal: the policy never learned it


def test_a_policy_on_todays_table_is_not_remapped() -> None:
    ctl = train.PolicyController(lambda obs, mask: 0, trained_on=train.action_keys())
    assert ctl.remap is None and ctl.flatten.size == train.Flattener(len(action_table("marquise"))).size


def test_a_policy_sees_the_observation_it_learned() -> None:
    """The observation layout saved beside a policy rebuilds its vector from today's observation:
    here a layout with one field gone since (``hand``), one added since (``retired``, zeros) and
    the steps it knew without ``setup.keep`` (a step added since: no step set)."""
    n = len(action_table("marquise"))
    today = train.Flattener(n)
    assert train.Flattener(n, today.layout()).same  # today's own layout: the fast path
    old = today.layout()
    old["fields"] = [f for f in old["fields"] if f[0] != "hand"] + [["retired", 3, 1.0]]
    old["steps"] = [s for s in old["steps"] if s != "setup.keep"]
    flat = train.Flattener(n, old)
    assert not flat.same and flat.size == today.size - 54 + 3 - 1
    seen = []
    rng = np.random.default_rng(2)

    def act(obs: np.ndarray, mask: np.ndarray) -> int:
        seen.append(obs)
        return int(rng.choice(np.flatnonzero(mask)))

    g = train.play_one("policy", 1_000_004, act, layout=old)
    assert g["winners"] or g["truncated"]
    assert {o.shape for o in seen} == {(flat.size,)}
    retired = slice(flat.size - len(old["steps"]) - 3, flat.size - len(old["steps"]))
    assert all(not o[retired].any() for o in seen)
    assert not seen[0][-len(old["steps"]):].any()  # the keep's step, new to this policy


def test_the_summary_counts_wins_and_vp() -> None:
    games = [
        {"winners": ["marquise"], "vp": {"marquise": 30, "eyrie": 20}, "truncated": False, "rounds": 8},
        {"winners": ["eyrie"], "vp": {"marquise": 10, "eyrie": 30}, "truncated": False, "rounds": 9},
    ]
    s = train.summarize(games)
    assert s["wins"] == 1 and s["win_rate"] == 0.5 and s["mean_vp"] == 20.0 and s["won_by"] == {"marquise": 1, "eyrie": 1}


def test_a_favor_crafted_is_not_the_card_its_outrage_takes() -> None:
    """Found by make train's evaluation: the greedy Marquise crafts Favor of the Mice, removes a
    sympathy token, and the Automated Outrage (6.2.3) discarded the Favor itself from her hand."""
    g = train.play_one("greedy", 78)
    assert g["error"] is None and (g["winners"] or g["truncated"])
