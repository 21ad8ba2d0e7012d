"""PettingZoo's and Gymnasium's own checks of rootbotics.env (issue 28, part 2); skipped without the
rl extra (pip install -e '.[rl]')."""

from __future__ import annotations

import pytest

pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import gymnasium  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from rootbotics.env import ENV_ID, aec_env  # noqa: E402
from rootbotics.env.driver import default_driver  # noqa: E402

pytestmark = pytest.mark.xdist_group("env")


def test_api_test_one_agent_beside_three_bots():
    api_test(aec_env(["marquise"]), num_cycles=300)


def test_api_test_two_agents_and_two_bots_on_winter():
    api_test(aec_env(["alliance", "vagabot"], ["marquise", "eyrie"], map="winter", reward="vp"), num_cycles=300)


def test_seed_test():
    seed_test(lambda: aec_env(["marquise", "alliance"], ["eyrie", "vagabot"]), num_cycles=300)


@pytest.mark.parametrize("driver", ["greenlet", "thread"])
def test_both_drivers_pass_the_api_test(driver):
    if driver == "greenlet":
        pytest.importorskip("greenlet")
    api_test(aec_env(["vagabond2"], ["marquise", "eyrie", "vagabot"], map="lake", driver=driver), num_cycles=200)


def test_gymnasium_check_env():
    env = gymnasium.make(ENV_ID, faction="marquise", bots=["eyrie", "alliance", "vagabot"], map="fall", difficulty="default", reward="win")
    check_env(env.unwrapped, skip_render_check=True)
    env.close()


def test_gymnasium_check_env_vp_reward_mountain():
    env = gymnasium.make(ENV_ID, faction="alliance", map="mountain", reward="vp")
    check_env(env.unwrapped, skip_render_check=True)


def test_default_driver_is_greenlet_when_installed():
    try:
        import greenlet  # noqa: F401
    except ImportError:
        assert default_driver() == "thread"
    else:
        assert default_driver() == "greenlet"
