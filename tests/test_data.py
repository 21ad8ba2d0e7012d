"""The packaged data: Fall map facts the Law of Robotics examples rely on (3.1 priority chart,
4.x / 5.x / 6.x example turns), the 54-card deck (LoR 2.1, App. B) and the item supply (LoR 5.1.5)."""

from __future__ import annotations

from collections import Counter, deque

from rootbotics.core.cards import DECK_SIZE, load_deck
from rootbotics.core.maps import CLEARINGS, load_map

FALL = load_map("fall")


def suit_of(c: int) -> str | None:
    return FALL.printed_suits[c]


# -- the Fall map (3.1 priority markers: clearings are named by priority 1..12) ---------------------
def test_3_1_fall_corner_1_is_fox_and_foxes_are_1_6_8_12():
    """3.1 / 4.x example turn: corner 1 is a fox clearing; the fox clearings are exactly 1, 6, 8, 12."""
    assert 1 in FALL.corners
    assert suit_of(1) == "fox"
    assert {c for c in CLEARINGS if suit_of(c) == "fox"} == {1, 6, 8, 12}


def test_3_1_fall_4_is_rabbit_corner_adjacent_to_8_9_12():
    """3.1 / 5.x example turn: the corner rabbit clearing 4 touches fox 8, mouse 9 and fox 12."""
    assert 4 in FALL.corners
    assert suit_of(4) == "rabbit"
    assert set(FALL.adjacent[4]) == {8, 9, 12}
    assert suit_of(8) == "fox" and suit_of(9) == "mouse" and suit_of(12) == "fox"


def test_3_1_fall_2_is_mouse_corner_adjacent_to_5_6_10():
    """3.1 / 6.x example turn: corner mouse 2 touches rabbit 5, fox 6 (and 10)."""
    assert 2 in FALL.corners
    assert suit_of(2) == "mouse"
    assert set(FALL.adjacent[2]) == {5, 6, 10}
    assert suit_of(5) == "rabbit" and suit_of(6) == "fox"


def test_3_1_fall_3_is_rabbit_corner_adjacent_to_6_7_11():
    """3.1 / 5.x example turn: corner rabbit 3 touches fox 6, mouse 7 and mouse 11."""
    assert 3 in FALL.corners
    assert suit_of(3) == "rabbit"
    assert set(FALL.adjacent[3]) == {6, 7, 11}
    assert suit_of(7) == "mouse" and suit_of(11) == "mouse"


def test_4_3_3_fall_opposite_corners_1_3_and_2_4():
    """4.3.3 / 5.3.2 diagonally opposite corners: 1<->3 and 2<->4, and corners are 1..4."""
    assert sorted(FALL.corners) == [1, 2, 3, 4]
    assert FALL.opposite_corner == {1: 3, 3: 1, 2: 4, 4: 2}
    for a, b in FALL.opposite_corner.items():
        assert not FALL.is_adjacent(a, b)


def test_lor_2_2_fall_has_four_clearings_of_each_suit():
    """LoR 2.2: each clearing has a suit; Fall has four of each."""
    assert Counter(suit_of(c) for c in CLEARINGS) == {"fox": 4, "rabbit": 4, "mouse": 4}


def test_lor_2_2_fall_slots_and_ruins():
    """LoR 2.2: building slots; slots marked R start with ruins (6, 10, 11, 12 on Fall)."""
    assert FALL.slots[1] == 1
    assert FALL.slots[6] == 2  # one of them holds the ruin
    assert FALL.ruins == frozenset({6, 10, 11, 12})
    assert sum(FALL.slots[1:]) == 22
    assert not FALL.ruins & set(FALL.corners)


def test_lor_2_2_fall_paths_are_symmetric_and_distances_match_bfs():
    """LoR 2.2 paths: adjacency is symmetric and the stored distances are shortest path lengths."""
    for a in CLEARINGS:
        for b in FALL.adjacent[a]:
            assert a in FALL.adjacent[b]
    for start in CLEARINGS:
        dist = {start: 0}
        queue = deque([start])
        while queue:
            c = queue.popleft()
            for n in FALL.adjacent[c]:
                if n not in dist:
                    dist[n] = dist[c] + 1
                    queue.append(n)
        assert set(dist) == set(CLEARINGS)
        for b in CLEARINGS:
            assert FALL.distance[start][b] == dist[b] == FALL.distance[b][start]


def test_lor_2_3_fall_river_is_not_a_path():
    """LoR 2.3: rivers are not paths; 4-7 and 10-11 are river links only on Fall."""
    assert (4, 7) in FALL.river_paths
    assert not FALL.is_adjacent(4, 7)
    assert not FALL.is_adjacent(10, 11)


def test_map_is_loaded_once_and_shared():
    """Maps are data shared by every game: loading twice gives the very same object."""
    assert load_map("fall") is load_map("fall")


# -- the deck (LoR 2.1, 2.1.2, 2.1.3) and the item supply (LoR 5.1.5) -------------------------------
DECK = load_deck()


def test_lor_2_1_deck_has_54_cards_by_suit():
    """LoR 2.1 / App. B: 54 cards; bird 14, fox 14, rabbit 13, mouse 13."""
    assert DECK_SIZE == 54
    assert len(DECK.cards) == 54
    assert Counter(c.suit for c in DECK.cards) == {"bird": 14, "fox": 14, "rabbit": 13, "mouse": 13}
    assert [c.id for c in DECK.cards] == list(range(54))


def test_lor_2_1_deck_kinds_items_ambushes_dominance():
    """LoR 2.1.2 five ambushes (two bird), 2.1.3 four dominance (one per suit), 20 item cards."""
    kinds = Counter(c.kind for c in DECK.cards)
    assert kinds["item"] == 20
    assert kinds["ambush"] == 5
    assert kinds["dominance"] == 4
    assert Counter(c.suit for c in DECK.cards if c.kind == "ambush") == {"bird": 2, "fox": 1, "rabbit": 1, "mouse": 1}
    assert sorted(c.suit for c in DECK.cards if c.kind == "dominance") == ["bird", "fox", "mouse", "rabbit"]


def test_deck_card_names_are_unique():
    """Every physical card has its own name (saved positions name cards)."""
    names = [c.name for c in DECK.cards]
    assert len(set(names)) == 54
    assert DECK.by_name == {c.name: c.id for c in DECK.cards}
    assert "ambush_bird#2" in DECK.by_name


def test_deck_root_tea_in_fox_rabbit_mouse():
    """4.x / 5.x example turns: Root Tea is an item card (tea, 2 VP) in fox, rabbit and mouse."""
    teas = [c for c in DECK.cards if c.title == "Root Tea"]
    assert sorted(c.suit for c in teas) == ["fox", "mouse", "rabbit"]
    for c in teas:
        assert c.kind == "item" and c.item == "tea" and c.vp == 2


def test_lor_5_1_5_item_supply():
    """LoR 5.1.5: 2 boots, 2 bags, 1 crossbow, 1 hammer, 2 swords, 2 tea, 2 coins (12)."""
    assert DECK.item_supply == {
        "boots": 2, "bag": 2, "crossbow": 1, "hammer": 1, "sword": 2, "tea": 2, "coins": 2,
    }
    assert sum(DECK.item_supply.values()) == 12


def test_1_1_3_persistent_cards_are_effects_not_items():
    """1.1.3: the cards bots may not craft (persistent effects) are never item cards."""
    persistent = [c for c in DECK.cards if c.persistent]
    assert persistent
    assert all(c.kind == "effect" and c.item is None for c in persistent)
    assert all(not c.persistent for c in DECK.cards if c.kind == "item")


def test_quest_deck_has_fifteen_quests_five_per_suit():
    """The quest deck (Vagabot setup 7.3.3 draws from it): 15 quests, 5 of each suit, two items each."""
    quests = load_deck().quests
    assert len(quests) == 15
    assert Counter(q.suit for q in quests) == {"fox": 5, "rabbit": 5, "mouse": 5}
    assert all(len(q.items) == 2 for q in quests)
    assert {"Expel Bandits", "Escort", "Errand"} <= {q.name for q in quests}
    assert sorted(load_deck().ruin_items) == ["bag", "boots", "hammer", "sword"]
