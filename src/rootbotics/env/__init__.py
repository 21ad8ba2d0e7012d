"""Root for reinforcement learning (issue 28): a PettingZoo AEC environment (:func:`aec_env`) and a
single-learner Gymnasium environment, ``gymnasium.make("rootbotics/Root-v0", faction=..., bots=...,
map=..., difficulty=..., reward=...)``, registered when this package is imported. Both play the
human factions' Law of Root through the legal-move API (``core/moves.py``) against the Clockwork
bots. Needs the ``rl`` extra (``pip install 'rootbotics[rl]'``). docs/rl.md describes the spaces,
the observation's fields, the rewards and the speed.
"""

from __future__ import annotations

import gymnasium

from .actions import ActionTable, UnknownMove, action_table
from .aec import RootAEC, aec_env
from .gym import RootEnv

ENV_ID = "rootbotics/Root-v0"
if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="rootbotics.env.gym:RootEnv", disable_env_checker=True)

__all__ = ["ENV_ID", "ActionTable", "RootAEC", "RootEnv", "UnknownMove", "action_table", "aec_env"]
