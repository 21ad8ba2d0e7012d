"""Golden traces (tests/golden/) must match the engine exactly; see tests/golden_traces.py."""

from __future__ import annotations

import difflib

import pytest
from golden_traces import GAMES, path, trace


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_trace_is_unchanged(name: str) -> None:
    expected = path(name).read_text()
    actual = trace(name)
    if actual != expected:
        diff = "".join(list(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True), "golden", "now"))[:60])
        pytest.fail(f"the {name} game changed; if on purpose, run `python tests/golden_traces.py` and review:\n{diff}")
