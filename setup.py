"""Packaging is described in pyproject.toml; this file only adds the optional mypyc build.

With ``ROOTBOTICS_MYPYC=1`` in the environment (and mypy installed, built without build
isolation), the hot core modules below are compiled to C extension modules by mypyc; Python then
imports them instead of their ``.py`` files. Without it the package is pure Python, as always.
``make bench-mypyc`` builds it into its own virtual environment (``.venv-mypyc``) and compares;
see docs/studying-the-bots.md, "The optional mypyc build".
"""

from __future__ import annotations

import os

from setuptools import setup

# The modules compiled: targeting, rule (who rules, placing, moving, removing), the state, battle,
# the bots' shared checks, paths, events, maps and cards; every faction's bot (the Eyrie's Decree
# first); the Vagabot's satchel and the simulation's tally. Not compiled: modules with subclasses
# of built-in exceptions or containers (chance, context, pieces), classes that other modules
# subclass (faction, and the boards: a compiled class cannot derive from an interpreted one, so
# the modules defining boards stay pure too), and what pays nothing (docs/studying-the-bots.md,
# "The optional mypyc build").
MYPYC_MODULES = [
    "src/rootbotics/core/targeting.py",
    "src/rootbotics/core/rules.py",
    "src/rootbotics/core/state.py",
    "src/rootbotics/core/battle.py",
    "src/rootbotics/core/bot.py",
    "src/rootbotics/core/paths.py",
    "src/rootbotics/core/events.py",
    "src/rootbotics/core/maps.py",
    "src/rootbotics/core/cards.py",
    "src/rootbotics/factions/eyrie/bot.py",
    "src/rootbotics/factions/marquise/bot.py",
    "src/rootbotics/factions/vagabot/bot.py",
    "src/rootbotics/factions/alliance/bot.py",
    "src/rootbotics/factions/lizards/bot.py",
    "src/rootbotics/factions/duchy/bot.py",
    "src/rootbotics/factions/riverfolk/bot.py",
    "src/rootbotics/factions/corvids/bot.py",
    "src/rootbotics/factions/vagabot/satchel.py",
    "src/rootbotics/sim/tally.py",
]


def ext_modules() -> list:
    """The compiled modules when asked for, else none (the pure-Python package)."""
    if os.environ.get("ROOTBOTICS_MYPYC", "") != "1":
        return []
    from mypyc.build import mypycify  # only the mypyc build needs mypy

    # The bots import their factions' interpreted modules (boards, rules hooks, controllers):
    # mypy reads them for types but reports errors only in the compiled modules.
    return mypycify(["--follow-imports=silent", *MYPYC_MODULES], opt_level="3")


setup(ext_modules=ext_modules())
