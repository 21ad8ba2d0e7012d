"""The PettingZoo AEC environment (issue 28, part 1): every human seat not given to a program is an
agent; bots (and programs) play their turns inside ``step``, between the agents' decisions.

``agent_selection`` is the seat whose decision is pending: usually the seat taking its turn, but
also a seat asked during another's turn (hits to take, an ambush, Outrage...). Rewards
(``reward=``): ``"win"`` gives +1 to each winner and -1 to every other agent when the game ends (0
to all when it is truncated); ``"vp"`` gives after every step the change of the agent's margin
(its VP minus the best other seat's), so an episode's rewards add up to the final margin.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from .actions import action_table
from .observe import observe, spec
from .session import Options, Session

REWARDS = ("win", "vp")
ILLEGAL = ("lose", "raise")


def margin(vp: dict[str, int], f: str) -> int:
    others = [v for g, v in vp.items() if g != f]
    return vp.get(f, 0) - (max(others) if others else 0)


def obs_space(n_actions: int) -> spaces.Dict:
    fields = {}
    for name, (shape, low, high) in spec(n_actions).items():
        dtype = np.int8 if name == "action_mask" else np.int16
        fields[name] = spaces.Box(low, high, shape, dtype)
    return spaces.Dict(fields)


class RootAEC(AECEnv):
    """Root by the Law of Root for the agents' seats, the Clockwork bots in the others."""

    metadata = {"render_modes": ["svg"], "name": "rootbotics_root_v0", "is_parallelizable": False}

    def __init__(self, opts: Options, reward: str = "win", render_mode: str | None = None) -> None:
        super().__init__()
        if reward not in REWARDS:
            raise ValueError(f"reward: {reward!r} is not one of {', '.join(REWARDS)}")
        if opts.illegal not in ILLEGAL:
            raise ValueError(f"illegal: {opts.illegal!r} is not one of {', '.join(ILLEGAL)}")
        if render_mode not in (None, "svg"):
            raise ValueError(f"render_mode: {render_mode!r} (only 'svg')")
        if not opts.factions:
            raise ValueError("factions: at least one seat must be an agent")
        opts.config(0).validate()  # the seats can be played (raises ConfigError naming the field)
        self.opts = opts
        self.reward_kind = reward
        self.render_mode = render_mode
        self.possible_agents = list(opts.factions)
        self._tables = {f: action_table(f) for f in self.possible_agents}
        self._action_spaces = {f: spaces.Discrete(len(t)) for f, t in self._tables.items()}
        self._obs_spaces = {f: obs_space(len(t)) for f, t in self._tables.items()}
        self.session: Session | None = None
        self._seed = 0
        self._margins: dict[str, int] = {}

    def observation_space(self, agent: str) -> spaces.Space:
        return self._obs_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_spaces[agent]

    # -- episode -------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seed = int(seed)
        elif self.session is not None:
            self._seed += 1  # a fresh game each reset without a seed, deterministic from the first
        self.close()
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._margins = {a: 0 for a in self.agents}
        self.session = Session(self.opts, self._seed)
        self._after_step()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        s = self.session
        assert s is not None and s.game is not None, "reset() first"
        d = s.decision
        return observe(s.game.state, agent, s.mask(agent), d.step if d is not None and d.seat == agent else None)

    def step(self, action: int | None) -> None:
        a = self.agent_selection
        if self.terminations[a] or self.truncations[a]:
            self._was_dead_step(action)
            return
        s = self.session
        assert s is not None
        self._cumulative_rewards[a] = 0.0
        s.advance(int(action))  # type: ignore[arg-type]
        self._after_step()

    def _after_step(self) -> None:
        s = self.session
        assert s is not None
        for a in self.agents:
            self.rewards[a] = 0.0
        if self.reward_kind == "vp":
            vp = s.vp()
            for a in self.agents:
                m = margin(vp, a)
                self.rewards[a] = float(m - self._margins[a])
                self._margins[a] = m
        if s.finished:
            winners = s.winners()
            for a in self.agents:
                if s.illegal_by is not None:  # the seat that broke the rules loses; the others get nothing
                    self.rewards[a] = -1.0 if a == s.illegal_by else 0.0
                elif self.reward_kind == "win" and not s.truncated:
                    self.rewards[a] = 1.0 if a in winners else -1.0
                self.terminations[a] = not s.truncated
                self.truncations[a] = s.truncated
                self.infos[a] = {"winners": winners, "vp": s.vp(), "truncated": s.truncated, "illegal_by": s.illegal_by}
            self.agent_selection = self.agents[0]
        else:
            seat = s.agent
            assert seat is not None
            for a in self.agents:
                self.infos[a] = {}
            self.infos[seat] = s.info()
            self.agent_selection = seat
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The board as the web app draws it (SVG text)."""
        if self.render_mode is None or self.session is None:
            return None
        return self.session.board_svg()

    def close(self) -> None:
        if self.session is not None:
            self.session.close()

    def state(self) -> Any:
        """The whole position (every hand and the deck): for tests and tools, never an agent."""
        return None if self.session is None or self.session.game is None else self.session.game.state


def aec_env(
    factions: list[str],
    bots: list[str] | None = None,
    map: str = "fall",
    *,
    programs: dict[str, str] | None = None,
    difficulty: str = "default",
    traits: dict[str, list[str]] | None = None,
    order: list[str] | None = None,
    reward: str = "win",
    max_rounds: int = 30,
    max_decisions: int = 5000,
    render_mode: str | None = None,
    driver: str | None = None,
    illegal: str = "lose",
    wrap: bool = True,
) -> AECEnv:
    """A PettingZoo AEC environment: ``factions`` are the agents' seats, ``bots`` the Clockwork
    bots' (default: the base bots not among the factions, to four seats), ``programs`` other human
    seats played by a built-in program. ``illegal``: an action that is not legal ends the game
    with -1 to its seat (``"lose"``) or raises ValueError (``"raise"``). ``wrap``: PettingZoo's order-enforcing wrapper."""
    if bots is None:
        base = ("marquise", "eyrie", "alliance", "vagabot")
        taken = set(factions) | set(programs or {})
        bots = [b for b in base if b not in taken][: max(0, 4 - len(taken))]
    opts = Options(list(factions), list(bots), dict(programs or {}), map, difficulty, dict(traits or {}), order, max_rounds, max_decisions, driver, illegal)
    env: AECEnv = RootAEC(opts, reward, render_mode)
    if wrap:
        from pettingzoo.utils import wrappers

        env = wrappers.OrderEnforcingWrapper(env)
    return env
