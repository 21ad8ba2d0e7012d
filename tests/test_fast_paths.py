"""The engine's hot paths were rewritten for speed (issue 8); each must give exactly the answers
of the plain version it replaced. The plain versions are kept here as the reference and the two
are compared on random clearings, including empty ones, ties and zero counts."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rootbotics.factions.eyrie import bot as eyrie
from rootbotics.core.bot import enemies_in, has_enemy_in
from rootbotics.core.targeting import HIGHEST, LOWEST, choose_clearing, fewest, most
from rootbotics.core import rules as R
from rootbotics.core.maps import CLEARINGS
from rootbotics.core.state import GameState

FACTIONS = ("marquise", "eyrie", "alliance")
BUILDING_KINDS = {"marquise": ("sawmill", "workshop"), "eyrie": ("roost",), "alliance": ("base_fox",)}
TOKEN_KINDS = {"marquise": ("keep", "wood"), "eyrie": (), "alliance": ("sympathy",)}


# -- the plain versions -------------------------------------------------------------------------
def plain_ruler(state: GameState, c: int) -> str | None:
    cl = state.clearings[c]
    counts: dict[str, int] = {}
    for f, n in cl.warriors.items():
        if n:
            counts[f] = n
    for f, _ in cl.buildings:
        counts[f] = counts.get(f, 0) + 1
    if not counts:
        return None
    best = max(counts.values())
    leaders = [f for f, n in counts.items() if n == best]
    if len(leaders) == 1:
        return leaders[0]
    return "eyrie" if "eyrie" in leaders else None


def plain_enemy_pieces(state: GameState, faction: str, c: int) -> int:
    cl = state.clearings[c]
    n = sum(v for f, v in cl.warriors.items() if f != faction)
    n += sum(1 for f, _ in cl.buildings if f != faction)
    n += sum(1 for f, _ in cl.tokens if f != faction)
    return n


def plain_on_map(state: GameState, faction: str, kind: str) -> int:
    n = 0
    for c in CLEARINGS:
        cl = state.clearings[c]
        if kind == "warrior":
            n += cl.warriors.get(faction, 0)
        else:
            pool = cl.buildings if kind in ("sawmill", "workshop", "roost", "base_fox") else cl.tokens
            n += sum(1 for f, k in pool if f == faction and k == kind)
    return n


def plain_enough_to_rule(state: GameState, c: int) -> int:
    cl = state.clearings[c]
    own = cl.buildings_of("eyrie")
    others = [R.presence(state, f, c) for f in cl.factions_present() if f != "eyrie"]
    need = max(max(others, default=0) - own, 0)
    return 1 if need + own == 0 else need


def plain_rank(state: GameState, candidates, criteria, priority: str) -> list[int]:
    values = {t: tuple(-c.key(t) if c.most else c.key(t) for c in criteria) for t in candidates}
    return sorted(values, key=lambda t: (values[t], t if priority == HIGHEST else -t))


# -- random positions ---------------------------------------------------------------------------
clearing_contents = st.fixed_dictionaries(
    {
        "warriors": st.dictionaries(st.sampled_from(FACTIONS), st.integers(0, 4), max_size=3),
        "buildings": st.lists(st.sampled_from(FACTIONS), max_size=3),
        "tokens": st.lists(st.sampled_from(FACTIONS), max_size=2),
    }
)


def position(contents: list[dict]) -> GameState:
    state = GameState("fall", 0)
    for c, spec in zip(CLEARINGS, contents):
        cl = state.clearings[c]
        cl.warriors.update(spec["warriors"])  # zero counts included on purpose
        cl.buildings.extend((f, BUILDING_KINDS[f][i % len(BUILDING_KINDS[f])]) for i, f in enumerate(spec["buildings"]))
        cl.tokens = [(f, TOKEN_KINDS[f][i % len(TOKEN_KINDS[f])]) for i, f in enumerate(spec["tokens"]) if TOKEN_KINDS[f]]
    return state


positions = st.lists(clearing_contents, min_size=12, max_size=12).map(position)


@settings(max_examples=150, deadline=None)
@given(state=positions)
def test_rule_and_counting_match_the_plain_versions(state: GameState) -> None:
    for c in CLEARINGS:
        assert R.ruler(state, c) == plain_ruler(state, c)
        assert eyrie.enough_to_rule(state, c) == plain_enough_to_rule(state, c)
        for f in FACTIONS:
            assert state.enemy_pieces(f, c) == plain_enemy_pieces(state, f, c)
            cl = state.clearings[c]
            present = sorted(x for x in cl.factions_present() if x != f)
            assert enemies_in(state, f, c) == present
            assert has_enemy_in(state, f, c) == bool(present)
    for f in FACTIONS:
        assert R.ruled_clearings(state, f) == [c for c in CLEARINGS if plain_ruler(state, c) == f]
        for kind in ("warrior", "sawmill", "roost", "keep", "sympathy"):
            assert state.on_map(f, kind) == plain_on_map(state, f, kind)


@settings(max_examples=100, deadline=None)
@given(
    state=positions,
    candidates=st.lists(st.sampled_from(CLEARINGS), max_size=14),
    shape=st.integers(0, 3),
    priority=st.sampled_from((HIGHEST, LOWEST)),
)
def test_ranking_matches_the_plain_version(state: GameState, candidates: list[int], shape: int, priority: str) -> None:
    criteria = [
        most("most enemy pieces", lambda c: state.enemy_pieces("eyrie", c)),
        fewest("fewest Eyrie warriors", lambda c: state.warriors("eyrie", c)),
        most("most buildings", lambda c: len(state.clearings[c].buildings)),
    ][:shape]
    choice = choose_clearing(state, "test", candidates, criteria, priority=priority)
    assert choice.ranked == plain_rank(state, candidates, criteria, priority)
