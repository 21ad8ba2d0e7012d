"""The single-learner Gymnasium environment (issue 28, part 1): ``gymnasium.make("rootbotics/Root-v0",
faction=..., bots=..., map=..., difficulty=..., reward=...)``. One seat is the learner; the bots
(and any ``programs`` seats) play inside ``step``. The observation, the action space and the
rewards are the AEC environment's for that seat (``aec.py``); ``info["legal_moves"]`` and
``info["legal_actions"]`` name the legal moves, ``observation["action_mask"]`` marks them.
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np

from .actions import action_table
from .aec import REWARDS, margin, obs_space
from .observe import observe
from .session import Options, Session


class RootEnv(gym.Env):
    metadata = {"render_modes": ["svg"]}

    def __init__(
        self,
        faction: str = "marquise",
        bots: list[str] | None = None,
        map: str = "fall",
        difficulty: str = "default",
        reward: str = "win",
        programs: dict[str, str] | None = None,
        traits: dict[str, list[str]] | None = None,
        max_rounds: int = 30,
        max_decisions: int = 5000,
        render_mode: str | None = None,
        driver: str | None = None,
        illegal: str = "lose",
    ) -> None:
        if reward not in REWARDS:
            raise ValueError(f"reward: {reward!r} is not one of {', '.join(REWARDS)}")
        if bots is None:
            bots = [b for b in ("marquise", "eyrie", "alliance", "vagabot") if b != faction and b not in (programs or {})][:3]
        self.opts = Options([faction], list(bots), dict(programs or {}), map, difficulty, dict(traits or {}), None, max_rounds, max_decisions, driver, illegal)
        self.opts.config(0).validate()
        self.faction = faction
        self.reward_kind = reward
        self.render_mode = render_mode
        self.table = action_table(faction)
        self.action_space = gym.spaces.Discrete(len(self.table))
        self.observation_space = obs_space(len(self.table))
        self.session: Session | None = None
        self._seed = 0
        self._margin = 0

    def _obs(self) -> dict[str, np.ndarray]:
        s = self.session
        assert s is not None and s.game is not None
        d = s.decision
        return observe(s.game.state, self.faction, s.mask(self.faction), d.step if d is not None else None)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._seed = int(seed)
        elif self.session is not None:
            self._seed += 1
        self.close()
        self.session = Session(self.opts, self._seed)
        self._margin = 0
        return self._obs(), self.session.info()

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        s = self.session
        assert s is not None, "reset() first"
        s.advance(int(action))
        reward = 0.0
        if self.reward_kind == "vp":
            m = margin(s.vp(), self.faction)
            reward, self._margin = float(m - self._margin), m
        if not s.finished:
            return self._obs(), reward, False, False, s.info()
        winners = s.winners()
        if s.illegal_by is not None:  # illegal="lose": an action that is not legal loses the game
            reward = -1.0
        elif self.reward_kind == "win" and not s.truncated:
            reward = 1.0 if self.faction in winners else -1.0
        info = {"winners": winners, "vp": s.vp(), "truncated": s.truncated, "illegal": s.illegal_by is not None}
        return self._obs(), reward, not s.truncated, s.truncated, info

    def action_masks(self) -> np.ndarray:
        """The legal actions as booleans (sb3-contrib's MaskablePPO reads this)."""
        assert self.session is not None
        return self.session.mask(self.faction).astype(bool)

    def render(self) -> str | None:
        if self.render_mode is None or self.session is None:
            return None
        return self.session.board_svg()

    def close(self) -> None:
        if self.session is not None:
            self.session.close()
