"""The optional mypyc build (``make bench-mypyc``; setup.py, docs/studying-the-bots.md): where
mypyc is installed, as in ``.venv-mypyc``, the modules that setup.py compiles must really be
compiled extension modules, so that the golden traces and study digests checked beside this test
(``make bench-mypyc`` runs them in that environment) check the compiled engine. Elsewhere (the
pure-Python ``.venv`` of ``make test``) this is skipped."""

from __future__ import annotations

import importlib
import importlib.machinery
import types
from pathlib import Path

import pytest

pytest.importorskip("mypyc", reason="mypyc is not installed: the pure-Python package is what runs here")

SETUP = Path(__file__).parent.parent / "setup.py"


def compiled_modules() -> list[str]:
    """The module names setup.py hands to mypyc, read from its MYPYC_MODULES list."""
    names = []
    for line in SETUP.read_text().splitlines():
        line = line.strip().strip(",").strip('"')
        if line.startswith("src/rootbotics/") and line.endswith(".py"):
            names.append(line.removeprefix("src/").removesuffix(".py").replace("/", "."))
    return names


def test_setup_names_the_hot_core_modules() -> None:
    assert "rootbotics.core.targeting" in compiled_modules()
    assert "rootbotics.core.rules" in compiled_modules()


BOTS = ("eyrie", "marquise", "vagabot", "alliance", "lizards", "riverfolk", "duchy", "corvids")


def test_setup_names_every_faction_bot() -> None:
    """Issue 15: the bots' own turns (the Eyrie's Decree, the Lizards' conspiracies, ...) are
    compiled too, not only the core they call."""
    assert [b for b in BOTS if f"rootbotics.factions.{b}.bot" not in compiled_modules()] == []


def test_targeting_builds_its_choices_natively() -> None:
    """A dataclass's generated ``__init__`` stays interpreted even in a compiled module: Criterion
    and Choice, built for every bot decision, write theirs out so that mypyc compiles it."""
    from rootbotics.core.targeting import Choice, Criterion

    for cls in (Criterion, Choice):
        assert not isinstance(cls.__init__, types.FunctionType), f"{cls.__name__}.__init__ is interpreted"


@pytest.mark.parametrize("name", compiled_modules())
def test_module_is_compiled_where_mypyc_is_installed(name: str) -> None:
    path = importlib.import_module(name).__file__ or ""
    assert path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)), f"{name} imported from {path}, not compiled"
