"""A trained baseline, honestly measured (issue 28, part 4): ``make train``.

MaskablePPO (sb3-contrib) learns the Marquise de Cat's seat against three Clockwork bots (Electric
Eyrie, Automated Alliance, Vagabot, default difficulty) on Fall, on one process and one torch
thread, for ``--steps`` agent steps. Then the policy, the ``random`` and ``greedy`` programs and the
Mechanical Marquise bot each take that same seat in the same 1,000 seeded games (seeds
``EVAL_SEED``.., never trained on): win rate with a 95% Wilson interval, mean VP with a 95%
interval, CPU time; a learning-curve plot; and an openskill (Plackett-Luce) ratings table of every
seat's occupant over all those games.

Needs the ``train`` extra (``pip install -e '.[rl,train]'``; torch is pinned to a CPU build). The
heavy libraries (torch, stable-baselines3, sb3-contrib, openskill, matplotlib) are imported only
inside the functions that use them: importing this module costs numpy and the environment alone
(``tests/env/test_train.py`` checks that ``make test`` never imports torch).

The policy sees a flat float32 vector (:class:`FlatObs`: every observation field, scaled to about
0..1, the decision step one-hot, the action mask included) and is rewarded by the change of its VP
margin over the best other seat, /10, plus 1 for a win at the end (:class:`Shaped`). When it plays
the evaluation games it is seated as a program (:class:`PolicyController`) in an ordinary game
(``game.new_game``), the same code path and the same 30-round cap as the other occupants of the
seat: a game with no winner after 30 rounds counts as not won.

Run: ``python -m rootbotics.env.train all --steps 200000`` (``--help``): ``train``, ``evaluate``
and ``all`` (both). Results go to ``--out`` (``results/train/``): ``policy.zip``, ``monitor.csv``
(every training episode), ``curve.csv`` (the argmax policy on held-out seeds at each checkpoint),
``eval.json``/``eval.md`` (the table), ``ratings.md``, ``learning_curve.png``.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import os
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np

from ..core.context import EngineFailure, Game
from ..core.moves import Decision, Move
from ..game import new_game, play
from ..programs import ProgramController, builtin
from .actions import action_table
from .observe import STEPS, observe, spec
from .session import Options

FACTION = "marquise"
BOTS = ["eyrie", "alliance", "vagabot"]  # Clockwork 1's other three, default difficulty
MAP = "fall"
MAX_ROUNDS = 30  # the environment's default truncation; the evaluation games use the same cap
EVAL_SEED = 1_000_000  # the 1,000 evaluation games: seeds 1,000,000..1,000,999
CURVE_SEED = 2_000_000  # the learning curve's checkpoint games: seeds 2,000,000..
OUT = Path("results/train")
VP_SCALE = 30.0
ROUND_SCALE = 30.0


# -- the policy's view: a flat vector ---------------------------------------------------------------
class Flattener:
    """Every field of an observation (``observe.spec``) in one float32 vector, each divided by its
    upper bound (VP and the round by 30), the decision step one-hot.

    ``layout`` (what ``layout()`` gave when a policy was trained, saved beside it as
    ``policy.observation.json``) rebuilds that policy's vector from today's observation: each
    field it knew, in its order and scale (a field since resized or gone reads as zeros), and the
    steps it knew (a step added since sets none)."""

    def __init__(self, n_actions: int, layout: dict[str, Any] | None = None) -> None:
        self.fields: list[tuple[str, int]] = []
        scales: list[np.ndarray] = []
        if layout is None:
            for name, (shape, _low, high) in spec(n_actions).items():
                if name == "step":
                    continue
                n = int(np.prod(shape))
                scale = VP_SCALE if name == "vp" else ROUND_SCALE if name == "round" else max(1.0, float(high))
                self.fields.append((name, n))
                scales.append(np.full(n, 1.0 / scale, np.float32))
            self.steps: tuple[str, ...] = STEPS
        else:
            for name, n, scale in layout["fields"]:
                self.fields.append((str(name), int(n)))
                scales.append(np.full(int(n), 1.0 / float(scale), np.float32))
            self.steps = tuple(layout["steps"])
        self.scale = np.concatenate(scales)
        self.size = len(self.scale) + len(self.steps)
        self.same = layout is None or (self.steps == STEPS and self.fields == Flattener(n_actions).fields)
        self.step_at = {name: i for i, name in enumerate(self.steps)}

    def layout(self) -> dict[str, Any]:
        """The fields (name, size, scale) and steps, for a policy to carry (``policy.observation.json``)."""
        at, out = 0, []
        for name, n in self.fields:
            out.append([name, n, float(round(1.0 / float(self.scale[at]), 6))])
            at += n
        return {"fields": out, "steps": list(self.steps)}

    def __call__(self, obs: dict[str, np.ndarray]) -> np.ndarray:
        step = np.zeros(len(self.steps), np.float32)
        if self.same:
            flat = np.concatenate([obs[name].ravel() for name, _ in self.fields]).astype(np.float32)
            step[int(obs["step"][0])] = 1.0
        else:
            flat = np.concatenate([obs[name].ravel() if name in obs and obs[name].size == n else np.zeros(n, np.int16) for name, n in self.fields]).astype(np.float32)
            i = self.step_at.get(STEPS[int(obs["step"][0])])
            if i is not None:
                step[i] = 1.0
        flat *= self.scale
        return np.concatenate([flat, step])


class FlatObs(gym.ObservationWrapper):
    def __init__(self, env: gym.Env) -> None:
        super().__init__(env)
        self.flatten = Flattener(int(env.action_space.n))  # type: ignore[attr-defined]
        self.observation_space = gym.spaces.Box(-2.0, 2.0, (self.flatten.size,), np.float32)

    def observation(self, observation: dict[str, np.ndarray]) -> np.ndarray:
        return self.flatten(observation)

    def action_masks(self) -> np.ndarray:
        return self.env.unwrapped.action_masks()  # type: ignore[attr-defined, no-any-return]


class Shaped(gym.Wrapper):
    """Reward: the environment's ``reward="vp"`` (the change of the seat's VP margin over the best
    other seat) /10, plus 1 at the end of a game the seat wins. Puts ``won``, ``vp`` and ``margin``
    in the last step's ``info`` (the Monitor logs them)."""

    def step(self, action: int) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        obs, reward, terminated, truncated, info = self.env.step(action)
        reward = float(reward) / 10.0
        if terminated or truncated:
            won = FACTION in info.get("winners", ())
            vp = info.get("vp", {})
            reward += 1.0 if won else 0.0
            info = {**info, "won": int(won), "vp_me": vp.get(FACTION, 0), "margin": vp.get(FACTION, 0) - max((v for f, v in vp.items() if f != FACTION), default=0)}
        return obs, reward, terminated, truncated, info


class Seeds(gym.Wrapper):
    """Each of ``stride`` copies of the environment plays its own seeds: ``first``,
    ``first + stride``, ... (an explicit ``reset(seed=s)`` restarts the sequence at ``s``)."""

    def __init__(self, env: gym.Env, first: int, stride: int) -> None:
        super().__init__(env)
        self.next, self.stride = first, stride

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> Any:
        if seed is not None:
            self.next = int(seed)
        seed, self.next = self.next, self.next + self.stride
        return self.env.reset(seed=seed, options=options)


class EngineErrors(gym.Wrapper):
    """An exception raised by the game during ``step`` (an engine bug the policy walked into) ends
    the episode as truncated instead of ending the training run; each is appended to ``log``
    (a JSON line: the game's seed, the decision number, the error) to be reported and fixed."""

    def __init__(self, env: gym.Env, log: Path | None = None) -> None:
        super().__init__(env)
        self.log = log
        self.last_obs: Any = None
        self.steps = 0
        self.errors = 0

    def reset(self, **kw: Any) -> Any:
        obs, info = self.env.reset(**kw)
        self.last_obs, self.steps = obs, 0
        return obs, info

    def step(self, action: int) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        self.steps += 1
        try:
            obs, reward, terminated, truncated, info = self.env.step(action)
        except Exception as e:  # noqa: BLE001 - logged and counted, never silent
            self.errors += 1
            session = self.env.unwrapped.session  # type: ignore[attr-defined]
            record = {"seed": session.seed if session else None, "decision": self.steps, "error": f"{type(e).__name__}: {e}"}
            import traceback

            record["where"] = traceback.format_exception(e)[-3:]
            if self.log is not None:
                with self.log.open("a") as f:
                    f.write(json.dumps(record) + "\n")
            print(f"[train] engine error, episode cut: {record['error']} (seed {record['seed']}, decision {self.steps})", flush=True)
            return self.last_obs, 0.0, False, True, {"engine_error": record["error"], "winners": [], "vp": {}}
        self.last_obs = obs
        return obs, reward, terminated, truncated, info


def make_env(first_seed: int = 0, stride: int = 1, errors: Path | None = None) -> gym.Env:
    from . import ENV_ID

    env = gym.make(ENV_ID, faction=FACTION, bots=BOTS, map=MAP, reward="vp", max_rounds=MAX_ROUNDS)
    return FlatObs(Shaped(EngineErrors(Seeds(env, first_seed, stride), errors)))


# -- one game with a given occupant of the seat ------------------------------------------------------
Act = Callable[[np.ndarray, np.ndarray], int]  # (flat observation, mask as booleans) -> action


def action_keys(faction: str = FACTION) -> list[str]:
    """The faction's action table as one JSON text per action (``[kind, args]``), the form saved
    beside a policy (``policy.actions.json``)."""
    return [json.dumps([kind, args]) for kind, args in action_table(faction).moves]


def layout_path(policy: Path) -> Path:
    """Where the observation layout a policy was trained on is saved: ``policy.observation.json``."""
    return policy.with_name(policy.stem + ".observation.json")


def actions_path(policy: Path) -> Path:
    """Where the action table a policy was trained on is saved: ``policy.zip`` → ``policy.actions.json``."""
    return policy.with_name(policy.stem + ".actions.json")


class PolicyController(ProgramController):
    """The seat played by a policy: each decision observed as the environment would, the
    policy's action mapped back to its legal move.

    ``trained_on`` is the action table the policy learned (``action_keys`` at training time).
    When the faction's table has changed since (kinds of moves added, as new factions and cards
    bring), the policy keeps its own numbering: it sees the mask of the legal moves it knows, its
    action is mapped to today's move, and a decision whose legal moves are all new to it takes the
    first of them (counted in ``unseen``). ``layout`` is the observation it learned
    (``Flattener.layout``): its vector is rebuilt in that shape."""

    def __init__(self, act: Act, faction: str = FACTION, trained_on: list[str] | None = None, layout: dict[str, Any] | None = None) -> None:
        super().__init__(self._never)
        self.act = act
        self.table = action_table(faction)
        self.unseen = 0
        now = action_keys(faction) if trained_on is not None else []
        self.remap: np.ndarray | None = None
        if trained_on is not None and trained_on != now:
            where = {key: i for i, key in enumerate(now)}
            self.remap = np.array([where.get(key, -1) for key in trained_on], np.int64)  # policy's index -> today's
        self.flatten = Flattener(len(self.remap) if self.remap is not None else len(self.table), layout)

    @staticmethod
    def _never(view: Any, decision: Decision) -> Move:  # pragma: no cover - choose is overridden
        raise EngineFailure("a policy's seat has no program")

    def choose(self, g: Game, decision: Decision) -> Move:
        self.decisions += 1
        legal = self.table.indexes(decision.moves)
        if self.remap is None:
            mask = np.zeros(len(self.table), np.int8)
            mask[legal] = 1
        else:
            mask = np.isin(self.remap, legal).astype(np.int8)
            if not mask.any():  # every legal move is of a kind the policy never saw
                self.unseen += 1
                return decision.moves[0]
        obs = self.flatten(observe(g.state, decision.seat, mask, decision.step))
        a = int(self.act(obs, mask.astype(bool)))
        now = a if self.remap is None or not 0 <= a < len(self.remap) else int(self.remap[a])
        try:
            return decision.moves[legal.index(now)]
        except ValueError:  # a masked policy never does this
            raise EngineFailure(f"the policy chose action {a}, not legal at {decision.step}") from None


def occupant_config(occupant: str, seed: int) -> Any:
    """The game's seats for an occupant of the Marquise's seat: a program or the policy plays a
    human seat, ``bot`` seats the Mechanical Marquise; always Marquise first, then the three bots
    (the environment's order)."""
    if occupant == "bot":
        opts = Options([], [FACTION, *BOTS], max_rounds=MAX_ROUNDS)
    else:
        opts = Options([], BOTS, {FACTION: "random"}, max_rounds=MAX_ROUNDS)
    return opts.config(seed)


def play_one(occupant: str, seed: int, act: Act | None = None, trained_on: list[str] | None = None, layout: dict[str, Any] | None = None) -> dict[str, Any]:
    """One evaluation game: ``occupant`` is ``bot``, a built-in program's name, or any name with
    ``act`` (a policy, trained on the action table ``trained_on`` and the observation ``layout``
    when given)."""
    config = occupant_config(occupant, seed)
    ctls: dict[str, Any] = {}
    if occupant != "bot":
        ctls[FACTION] = PolicyController(act, trained_on=trained_on, layout=layout) if act is not None else ProgramController(builtin(occupant, seed, FACTION))
    g = new_game(config, controllers=ctls, count_only=True)
    truncated, error = False, None
    try:
        play(g)
    except EngineFailure as e:
        if g.state.winner is not None or not (g.state.end_reason or "").startswith("stalled"):
            error = f"{type(e).__name__}: {e}"
        truncated = True
    except Exception as e:  # noqa: BLE001 - an engine bug: the game counts as not won, and is listed
        error, truncated = f"{type(e).__name__}: {e}", True
    s = g.state
    vp = {f: fs.vp for f, fs in s.factions.items()}
    winners = [] if error else list(s.winner or ())
    unseen = getattr(ctls.get(FACTION), "unseen", 0)
    return {"seed": seed, "winners": winners, "vp": vp, "rounds": s.round, "truncated": truncated, "error": error, "unseen": unseen}


# -- statistics -------------------------------------------------------------------------------------
def wilson(wins: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, mid - half), min(1.0, mid + half))


def mean_ci(xs: list[float], z: float = 1.959964) -> tuple[float, float]:
    """(mean, half-width of its 95% normal interval)."""
    n = len(xs)
    if n == 0:
        return (0.0, 0.0)
    m = sum(xs) / n
    if n == 1:
        return (m, 0.0)
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return (m, z * math.sqrt(var / n))


def summarize(games: list[dict[str, Any]]) -> dict[str, Any]:
    n = len(games)
    wins = sum(FACTION in g["winners"] for g in games)
    lo, hi = wilson(wins, n)
    vp, vp_ci = mean_ci([g["vp"][FACTION] for g in games])
    won_by: dict[str, int] = {}
    for g in games:
        for w in g["winners"]:
            won_by[w] = won_by.get(w, 0) + 1
    return {
        "games": n, "wins": wins, "win_rate": wins / n if n else 0.0, "ci95": [lo, hi], "mean_vp": vp, "vp_ci95": vp_ci,
        "truncated": sum(g["truncated"] for g in games), "errors": [[g["seed"], g["error"]] for g in games if g.get("error")], "mean_rounds": sum(g["rounds"] for g in games) / max(1, n), "won_by": won_by,
        "unseen_decisions": sum(g.get("unseen", 0) for g in games),
    }


# -- training ---------------------------------------------------------------------------------------
def load_policy(path: Path, deterministic: bool = True) -> Act:
    from sb3_contrib import MaskablePPO

    model = MaskablePPO.load(str(path), device="cpu")

    def act(obs: np.ndarray, mask: np.ndarray) -> int:
        a, _ = model.predict(obs, action_masks=mask, deterministic=deterministic)
        return int(a)

    return act


def curve_point(model: Any, games: int, first_seed: int) -> dict[str, float]:
    def act(obs: np.ndarray, mask: np.ndarray) -> int:
        a, _ = model.predict(obs, action_masks=mask, deterministic=True)
        return int(a)

    results = [play_one("policy", first_seed + i, act) for i in range(games)]
    s = summarize(results)
    return {"win_rate": s["win_rate"], "lo": s["ci95"][0], "hi": s["ci95"][1], "mean_vp": s["mean_vp"]}


def progress_callback(base: Any, curve_path: Path, every: int, curve_games: int) -> Any:
    """A Stable-Baselines3 callback (``base`` its BaseCallback) that writes a learning-curve point
    every ``every`` steps: the greedy policy on ``curve_games`` held-out games."""

    class Progress(base):  # type: ignore[misc, valid-type]
        def __init__(self) -> None:
            super().__init__()
            self.next_point = 0
            self.start = time.time()
            self.cpu0 = time.process_time()
            self.rows: list[dict[str, float]] = []
            self.eval_cpu = 0.0

        def _point(self) -> None:
            t0 = time.process_time()
            p = curve_point(self.model, curve_games, CURVE_SEED)
            self.eval_cpu += time.process_time() - t0
            row = {"timesteps": self.num_timesteps, **p, "wall_s": time.time() - self.start}
            self.rows.append(row)
            with curve_path.open("w", newline="") as f:
                w = csv.DictWriter(f, list(row))
                w.writeheader()
                w.writerows(self.rows)
            print(f"[train] {self.num_timesteps:>9,} steps  {row['wall_s']:7.0f} s  argmax policy on {curve_games} held-out games: "
                  f"win {p['win_rate']:.1%} [{p['lo']:.1%}, {p['hi']:.1%}], mean VP {p['mean_vp']:.1f}", flush=True)

        def _on_training_start(self) -> None:
            self._point()
            self.next_point = every

        def _on_step(self) -> bool:
            if self.num_timesteps >= self.next_point:
                self._point()
                self.next_point += every
            return True

    return Progress()


def write_meta(out: Path, model: Any, venv: Any, wall: float, cpu: float, eval_cpu: float, n_envs: int, seed: int, threads: int, torch_version: str) -> int:
    """``train.json``: what was trained, how, at what cost. Returns the games played."""
    episodes = sum(1 for _ in _monitor_rows(out))
    meta = {
        "steps": int(model.num_timesteps), "episodes": episodes, "wall_s": wall, "cpu_s": cpu, "curve_eval_cpu_s": eval_cpu,
        "n_envs": n_envs, "seed": seed, "torch_threads": threads, "torch": torch_version, "algo": "MaskablePPO",
        "hyper": {"lr": 3e-4, "n_steps": 256, "batch_size": 256, "n_epochs": 4, "gamma": 0.995, "gae_lambda": 0.95, "ent_coef": 0.01, "net_arch": [256, 256]},
        "obs_size": int(venv.observation_space.shape[0]),
        "steps_per_s": model.num_timesteps / wall,
    }
    (out / "train.json").write_text(json.dumps(meta, indent=2) + "\n")
    return episodes


def train(steps: int, out: Path, n_envs: int = 8, seed: int = 0, curve_points: int = 10, curve_games: int = 100, threads: int = 1) -> Path:
    import torch
    from torch.distributions import Distribution
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.monitor import Monitor
    from stable_baselines3.common.vec_env import DummyVecEnv

    torch.set_num_threads(threads)
    Distribution.set_default_validate_args(False)  # the masked distribution is checked by construction; validating costs time
    out.mkdir(parents=True, exist_ok=True)
    monitor = out / "monitor"
    for old in [*out.glob("monitor*.csv"), out / "engine_errors.jsonl"]:
        old.unlink(missing_ok=True)

    def factory(i: int) -> Callable[[], gym.Env]:
        def make() -> gym.Env:
            return Monitor(make_env(seed + i, n_envs, out / "engine_errors.jsonl"), str(monitor) + f"-{i}", info_keywords=("won", "vp_me", "margin"))

        return make

    venv = DummyVecEnv([factory(i) for i in range(n_envs)])
    model = MaskablePPO(
        "MlpPolicy", venv, learning_rate=3e-4, n_steps=256, batch_size=256, n_epochs=4, gamma=0.995, gae_lambda=0.95,
        ent_coef=0.01, clip_range=0.2, policy_kwargs={"net_arch": [256, 256]}, seed=seed, device="cpu", verbose=0,
    )
    every = max(1, steps // max(1, curve_points))
    cb = progress_callback(BaseCallback, out / "curve.csv", every, curve_games)
    t0, c0 = time.time(), time.process_time()
    model.learn(total_timesteps=steps, callback=cb)
    if not cb.rows or cb.rows[-1]["timesteps"] < model.num_timesteps:
        cb._point()
    wall, cpu = time.time() - t0, time.process_time() - c0
    path = out / "policy.zip"
    model.save(str(path))
    actions_path(path).write_text(json.dumps(action_keys(), indent=0) + "\n")  # what its actions mean
    layout_path(path).write_text(json.dumps(Flattener(len(action_table(FACTION))).layout()) + "\n")  # what it sees
    episodes = write_meta(out, model, venv, wall, cpu, cb.eval_cpu, n_envs, seed, threads, torch.__version__)
    print(f"[train] {model.num_timesteps:,} steps, {episodes:,} games in {wall:.0f} s wall, {cpu:.0f} s CPU "
          f"({model.num_timesteps / wall:.0f} steps/s; curve games {cb.eval_cpu:.0f} s CPU): {path}", flush=True)
    venv.close()
    return path


def _monitor_rows(out: Path) -> list[dict[str, float]]:
    """Every training episode from the Monitor files, in the order they ended (by wall time)."""
    rows = []
    for p in sorted(out.glob("monitor-*.monitor.csv")):
        with p.open() as f:
            next(f)  # the Monitor's JSON header line
            for r in csv.DictReader(f):
                rows.append({k: float(v) for k, v in r.items()})
    rows.sort(key=lambda r: r["t"])
    return rows


# -- evaluation -------------------------------------------------------------------------------------
OCCUPANTS = ("policy", "policy (sampled)", "random", "greedy", "bot")
LABEL = {
    "policy": "MaskablePPO policy (argmax)", "policy (sampled)": "MaskablePPO policy (sampled)", "random": "random program",
    "greedy": "greedy program", "bot": "Mechanical Marquise (bot)",
}


def trained_actions(policy: Path) -> list[str] | None:
    """The action table saved beside a policy, or None for a policy saved without one (it must
    then fit today's table exactly)."""
    path = actions_path(policy)
    if not path.exists():
        return None
    keys = json.loads(path.read_text())
    if not isinstance(keys, list) or not all(isinstance(k, str) for k in keys):
        raise ValueError(f"{path}: not a list of actions")
    return keys


def trained_layout(policy: Path) -> dict[str, Any] | None:
    """The observation layout saved beside a policy (``Flattener.layout``), or None for a policy
    saved without one (it must then fit today's observation exactly)."""
    path = layout_path(policy)
    if not path.exists():
        return None
    layout = json.loads(path.read_text())
    if not isinstance(layout, dict) or not isinstance(layout.get("fields"), list) or not isinstance(layout.get("steps"), list):
        raise ValueError(f"{path}: not an observation layout (fields and steps)")
    return layout


def evaluate(policy: Path | None, games: int, out: Path, occupants: tuple[str, ...] = OCCUPANTS) -> dict[str, Any]:
    out.mkdir(parents=True, exist_ok=True)
    results: dict[str, Any] = {}
    per_game: dict[str, list[dict[str, Any]]] = {}
    for occ in occupants:
        act = None
        if occ.startswith("policy"):
            if policy is None or not policy.exists():
                print(f"[eval] {occ}: no policy at {policy}, skipped", flush=True)
                continue
            act = load_policy(policy, deterministic=occ == "policy")
        trained_on = trained_actions(policy) if act is not None and policy is not None else None
        layout = trained_layout(policy) if act is not None and policy is not None else None
        t0, c0 = time.time(), time.process_time()
        played = [play_one(occ, EVAL_SEED + i, act, trained_on, layout) for i in range(games)]
        wall, cpu = time.time() - t0, time.process_time() - c0
        s = summarize(played)
        s.update(wall_s=wall, cpu_s=cpu, games_per_cpu_s=games / cpu if cpu else 0.0)
        results[occ] = s
        per_game[occ] = played
        print(f"[eval] {LABEL[occ]:<30} win {s['win_rate']:6.1%} [{s['ci95'][0]:.1%}, {s['ci95'][1]:.1%}]  "
              f"VP {s['mean_vp']:5.1f} ±{s['vp_ci95']:.1f}  {cpu:6.1f} s CPU ({s['games_per_cpu_s']:.0f} games/s)", flush=True)
    ratings = rate(per_game)
    report = {"games": games, "first_seed": EVAL_SEED, "max_rounds": MAX_ROUNDS, "map": MAP, "bots": BOTS, "results": results, "ratings": ratings}
    (out / "eval.json").write_text(json.dumps(report, indent=2) + "\n")
    (out / "eval.md").write_text(eval_table(report))
    (out / "ratings.md").write_text(ratings_table(ratings))
    with (out / "games.csv").open("w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["occupant", "seed", "winners", "rounds", "truncated", *[FACTION, *BOTS]])
        for occ, played in per_game.items():
            for g in played:
                w.writerow([occ, g["seed"], "+".join(g["winners"]), g["rounds"], int(g["truncated"]), *[g["vp"].get(f, 0) for f in [FACTION, *BOTS]]])
    return report


def rate(per_game: dict[str, list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """openskill's Plackett-Luce model over every evaluation game: four one-player teams, the
    winners ranked first, the others by VP (equal VP ties). The Marquise's seat is rated per
    occupant; each bot opponent is one player across all the games. Games are fed seed by seed,
    the occupants in turn, so no occupant's games all come last."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    players: dict[str, Any] = {}
    counts: dict[str, int] = {}

    def player(name: str) -> Any:
        if name not in players:
            players[name] = model.rating(name=name)
            counts[name] = 0
        return players[name]

    occs = list(per_game)
    n = max((len(v) for v in per_game.values()), default=0)
    bot_names = {"eyrie": "Electric Eyrie (bot)", "alliance": "Automated Alliance (bot)", "vagabot": "Vagabot (bot)"}
    for i in range(n):
        for occ in occs:
            g = per_game[occ][i]
            names = [LABEL[occ], *(bot_names[b] for b in BOTS)]
            factions = [FACTION, *BOTS]
            score = [(1 if f in g["winners"] else 0, g["vp"].get(f, 0)) for f in factions]
            order = sorted(set(score), reverse=True)
            ranks = [order.index(sc) + 1 for sc in score]
            teams = [[player(nm)] for nm in names]
            new = model.rate(teams, ranks=ranks)
            for nm, team in zip(names, new):
                players[nm] = team[0]
                counts[nm] += 1
    rows = [{"name": nm, "mu": r.mu, "sigma": r.sigma, "ordinal": r.ordinal(), "games": counts[nm]} for nm, r in players.items()]
    rows.sort(key=lambda r: -r["ordinal"])
    return rows


def eval_table(report: dict[str, Any]) -> str:
    lines = [
        f"{report['games']:,} games per occupant of the Marquise's seat, seeds {report['first_seed']:,}.. on {report['map'].title()}, "
        f"against {', '.join(report['bots'])} (default bots), {report['max_rounds']}-round cap.",
        "",
        "| Marquise played by | win rate | 95% interval | mean VP (±95%) | no winner (engine error) | won by eyrie / alliance / vagabot | CPU s (games/s) |",
        "|---|---|---|---|---|---|---|",
    ]
    for occ, s in report["results"].items():
        wb = s["won_by"]
        lines.append(
            f"| {LABEL[occ]} | {s['win_rate']:.1%} | {s['ci95'][0]:.1%}–{s['ci95'][1]:.1%} | {s['mean_vp']:.1f} (±{s['vp_ci95']:.1f}) | "
            f"{s['truncated']} ({len(s['errors'])}) | {wb.get('eyrie', 0)} / {wb.get('alliance', 0)} / {wb.get('vagabot', 0)} | {s['cpu_s']:.0f} ({s['games_per_cpu_s']:.0f}) |"
        )
    unseen = {LABEL[occ]: s.get("unseen_decisions", 0) for occ, s in report["results"].items() if s.get("unseen_decisions")}
    if unseen:
        lines += ["", "Decisions whose legal moves were all of kinds added to the action table after the policy was trained "
                  "(the first legal move taken): " + ", ".join(f"{k}: {v:,}" for k, v in unseen.items()) + "."]
    return "\n".join(lines) + "\n"


def ratings_table(rows: list[dict[str, Any]]) -> str:
    lines = ["| player | mu | sigma | ordinal (mu − 3σ) | games |", "|---|---|---|---|---|"]
    for r in rows:
        lines.append(f"| {r['name']} | {r['mu']:.2f} | {r['sigma']:.2f} | {r['ordinal']:.2f} | {r['games']:,} |")
    return "\n".join(lines) + "\n"


def plot(out: Path, window: int = 500) -> Path | None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = _monitor_rows(out)
    curve = []
    if (out / "curve.csv").exists():
        with (out / "curve.csv").open() as f:
            curve = [{k: float(v) for k, v in r.items()} for r in csv.DictReader(f)]
    report = json.loads((out / "eval.json").read_text()) if (out / "eval.json").exists() else None
    if not rows and not curve:
        return None
    fig, (ax_w, ax_v) = plt.subplots(1, 2, figsize=(12, 4.5))
    if rows:
        steps = np.cumsum([r["l"] for r in rows])
        won = np.array([r["won"] for r in rows])
        vp = np.array([r["vp_me"] for r in rows])
        w = min(window, len(rows))
        k = np.ones(w) / w
        ax_w.plot(steps[w - 1:], np.convolve(won, k, "valid"), color="tab:blue", lw=1, label=f"training games (sampled, last {w})")
        ax_v.plot(steps[w - 1:], np.convolve(vp, k, "valid"), color="tab:blue", lw=1, label=f"training games (sampled, last {w})")
    if curve:
        x = [c["timesteps"] for c in curve]
        ax_w.errorbar(x, [c["win_rate"] for c in curve], yerr=[[c["win_rate"] - c["lo"] for c in curve], [c["hi"] - c["win_rate"] for c in curve]],
                      fmt="o-", color="tab:orange", ms=4, capsize=2, label="argmax policy, held-out seeds")
        ax_v.plot(x, [c["mean_vp"] for c in curve], "o-", color="tab:orange", ms=4, label="argmax policy, held-out seeds")
    if report:
        for occ, color in (("random", "tab:gray"), ("greedy", "tab:green"), ("bot", "tab:red")):
            s = report["results"].get(occ)
            if s:
                ax_w.axhline(s["win_rate"], ls="--", color=color, lw=1, label=f"{LABEL[occ]} ({report['games']:,} games)")
                ax_v.axhline(s["mean_vp"], ls="--", color=color, lw=1, label=LABEL[occ])
    ax_w.set(xlabel="agent steps", ylabel="Marquise win rate", title="Win rate vs Eyrie, Alliance, Vagabot (Fall)")
    ax_v.set(xlabel="agent steps", ylabel="Marquise final VP", title="Mean final VP")
    ax_w.set_ylim(bottom=0)
    for ax in (ax_w, ax_v):
        ax.grid(alpha=0.3)
        ax.legend(fontsize=7)
    fig.tight_layout()
    path = out / "learning_curve.png"
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m rootbotics.env.train", description=__doc__.split("\n\n")[0])
    ap.add_argument("what", choices=("train", "evaluate", "all"))
    ap.add_argument("--steps", type=int, default=int(os.environ.get("TRAIN_STEPS", 200_000)), help="agent steps to train (default 200,000)")
    ap.add_argument("--games", type=int, default=1000, help="evaluation games per occupant (default 1,000)")
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--envs", type=int, default=8, help="environments stepped together (one process)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--curve-points", type=int, default=10)
    ap.add_argument("--curve-games", type=int, default=100)
    ap.add_argument("--threads", type=int, default=1, help="torch threads (default 1: the machine is shared)")
    ap.add_argument("--occupants", default=",".join(OCCUPANTS))
    a = ap.parse_args(argv)
    random.seed(a.seed)
    policy = a.out / "policy.zip"
    if a.what in ("train", "all"):
        policy = train(a.steps, a.out, a.envs, a.seed, a.curve_points, a.curve_games, a.threads)
    if a.what in ("evaluate", "all"):
        evaluate(policy, a.games, a.out, tuple(o for o in a.occupants.split(",") if o))
        print((a.out / "eval.md").read_text())
        print((a.out / "ratings.md").read_text())
    p = plot(a.out)
    if p:
        print(f"[plot] {p}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
