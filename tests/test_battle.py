"""Battle (LoR 4.3) as the bots fight it: dice, caps, extra hits, the order hits are taken in
(LoR 4.3.4, 1.2.1), no ambush against bots (2.8.2) and Guerrilla War of a human Alliance.

All dice come from a ``ScriptedChance``: a battle that asks for anything not scripted fails."""

from __future__ import annotations

from conftest import assert_supply_consistent, card_id, fall_state, make_game, put_building, put_token, put_warriors
from helpers import game, position
from rootbotics.core.battle import battle, can_battle
from rootbotics.core.chance import ScriptedChance
from rootbotics.core.context import Game
from rootbotics.controllers import ScriptedHuman


def roll(a: int, b: int) -> tuple[str, tuple[int, int]]:
    return ("roll", (a, b))


class RecordingHuman(ScriptedHuman):
    """A scripted human that records every question the engine asks it."""

    def __init__(self, preference: tuple[str, ...] = ()) -> None:
        super().__init__(preference)
        self.asked: list[tuple] = []

    def assign_hits(self, g, faction, clearing, hits, removable):
        self.asked.append(("assign_hits", faction, clearing, hits, sorted(removable)))
        return super().assign_hits(g, faction, clearing, hits, removable)

    def outrage_card(self, g, faction, clearing):
        self.asked.append(("outrage_card", faction, clearing))
        return super().outrage_card(g, faction, clearing)

    def __getattr__(self, name):  # any other question (an ambush card, say) is a test failure
        raise AssertionError(f"the engine asked the human seat for {name!r}")


class RecordingChance(ScriptedChance):
    """A scripted chance source that also records what each random pick was for."""

    def __init__(self, script):
        super().__init__(script)
        self.picks: list[tuple[list, str]] = []

    def pick(self, options, what):
        self.picks.append((list(options), what))
        return super().pick(options, what)


def removed_kinds(g: Game, owner: str) -> list[str]:
    """What ``owner`` lost, in order: 'warrior' per warrior event (times n), else the piece kind."""
    out: list[str] = []
    for e in g.log.events:
        if e.faction != owner:
            continue
        if e.kind == "remove_warriors":
            out += ["warrior"] * e.data["n"]
        elif e.kind == "remove_piece":
            out.append(e.data["kind"])
    return out


# -- LoR 4.3 who may battle -------------------------------------------------------------------------
def test_lor_4_3_attacker_needs_warriors_defender_any_piece():
    """LoR 4.3: the attacker needs warriors there; the defender may have only buildings or tokens."""
    s = fall_state("marquise", "eyrie", ("alliance", "human"))
    put_warriors(s, "eyrie", 8, 1)
    put_building(s, "marquise", 8, "sawmill")
    put_token(s, "alliance", 8, "sympathy")
    assert can_battle(s, "eyrie", "marquise", 8)
    assert can_battle(s, "eyrie", "alliance", 8)
    assert not can_battle(s, "marquise", "eyrie", 8)  # a sawmill cannot attack
    assert not can_battle(s, "eyrie", "eyrie", 8)
    assert not can_battle(s, "eyrie", "marquise", 9)


# -- LoR 4.3.2 rolling ------------------------------------------------------------------------------
def test_lor_4_3_2_attacker_deals_the_higher_roll_defender_the_lower():
    """LoR 4.3.2: the attacker deals hits equal to the higher die, the defender the lower."""
    for dice in ((1, 3), (3, 1)):
        s = fall_state("marquise", "eyrie")
        put_warriors(s, "marquise", 8, 3)
        put_warriors(s, "eyrie", 8, 3)
        g = make_game(s, [roll(*dice)])
        r = battle(g, "marquise", "eyrie", 8, "test")
        assert r.rolls == (3, 1)
        assert (r.attacker_hits, r.defender_hits) == (3, 1)
        assert s.warriors("eyrie", 8) == 0 and s.warriors("marquise", 8) == 2
        ev = g.log.of_kind("roll")[0]
        assert ev.rule == "LoR 4.3.2" and (ev.data["hi"], ev.data["lo"]) == (3, 1)
        assert_supply_consistent(s)


def test_lor_4_3_2_equal_rolls_deal_the_same():
    """LoR 4.3.2: on equal dice both sides deal the same number of hits."""
    s = fall_state("marquise", "eyrie")
    put_warriors(s, "marquise", 12, 3)
    put_warriors(s, "eyrie", 12, 3)
    g = make_game(s, [roll(2, 2)])
    r = battle(g, "eyrie", "marquise", 12, "test")
    assert (r.attacker_hits, r.defender_hits) == (2, 2)
    assert s.warriors("marquise", 12) == 1 and s.warriors("eyrie", 12) == 1


def test_lor_4_3_2_attacker_rolled_hits_capped_by_its_warriors():
    """LoR 4.3.2.I: maximum rolled hits = the attacker's warriors in the clearing."""
    s = fall_state("marquise", "eyrie")
    put_warriors(s, "marquise", 8, 1)
    put_warriors(s, "eyrie", 8, 3)
    g = make_game(s, [roll(3, 0)])
    r = battle(g, "marquise", "eyrie", 8, "test")
    assert r.attacker_hits == 1
    assert s.warriors("eyrie", 8) == 2


def test_lor_4_3_2_defender_rolled_hits_capped_by_its_warriors():
    """LoR 4.3.2.I: maximum rolled hits = the defender's warriors in the clearing."""
    s = fall_state("marquise", "eyrie")
    put_warriors(s, "marquise", 8, 3)
    put_warriors(s, "eyrie", 8, 1)
    put_building(s, "eyrie", 8, "roost")
    g = make_game(s, [roll(3, 3)])
    r = battle(g, "marquise", "eyrie", 8, "test")
    assert (r.attacker_hits, r.defender_hits) == (3, 1)
    assert s.warriors("marquise", 8) == 2
    assert s.clearings[8].pieces_of("eyrie") == 0


def test_lor_4_3_4_hits_are_fixed_before_either_side_takes_them():
    """LoR 4.3.2/4.3.4: the defender's cap counts its warriors before the attacker's hits land."""
    s = fall_state("marquise", "eyrie")
    put_warriors(s, "marquise", 8, 2)
    put_warriors(s, "eyrie", 8, 2)
    g = make_game(s, [roll(2, 2)])
    r = battle(g, "marquise", "eyrie", 8, "test")
    assert (r.attacker_hits, r.defender_hits) == (2, 2)
    assert s.clearings[8].warriors == {}


# -- LoR 4.3.3 extra hits ---------------------------------------------------------------------------
def test_lor_4_3_3_defenseless_defender_takes_one_extra_hit():
    """LoR 4.3.3.II: a defender with no warriors there takes one extra hit (not capped: it lands
    even on a roll of 0), and deals no rolled hits."""
    s = fall_state("marquise", "eyrie")
    put_warriors(s, "marquise", 8, 1)
    put_building(s, "eyrie", 8, "roost")
    g = make_game(s, [roll(0, 0)])
    r = battle(g, "marquise", "eyrie", 8, "test")
    assert (r.attacker_hits, r.defender_hits) == (1, 0)
    assert s.clearings[8].buildings == []
    assert s.factions["marquise"].vp == 1
    assert s.warriors("marquise", 8) == 1
    assert g.log.of_kind("extra_hit")[0].rule == "LoR 4.3.3"


def test_lor_4_3_3_defenseless_extra_hit_adds_to_the_rolled_hits():
    """LoR 4.3.3.II: rolled hits (capped by warriors) plus one for defenselessness."""
    s = fall_state("marquise", "eyrie")
    put_warriors(s, "marquise", 8, 1)
    put_building(s, "eyrie", 8, "roost", 2)
    g = make_game(s, [roll(3, 2)])
    r = battle(g, "marquise", "eyrie", 8, "test")
    assert r.attacker_hits == 2  # 1 rolled (capped at 1 warrior) + 1 extra
    assert s.clearings[8].buildings == []
    assert s.factions["marquise"].vp == 2


def test_lor_4_3_3_extra_hits_from_an_action_are_not_capped():
    """LoR 4.3.3.I: extra hits (e.g. the Eyrie's largest Decree column, 5.5.1 III) are not capped
    by the attacker's warriors."""
    s = fall_state("marquise", "eyrie")
    put_warriors(s, "eyrie", 12, 1)
    put_warriors(s, "marquise", 12, 4)
    g = make_game(s, [roll(3, 0)])
    r = battle(g, "eyrie", "marquise", 12, "test", extra_hits=2)
    assert r.attacker_hits == 3  # 1 rolled (capped) + 2 extra
    assert s.warriors("marquise", 12) == 1


def test_lor_4_3_3_extra_hit_on_a_zero_roll():
    """LoR 4.3.3.I (Electric Eyrie example turn): rolling 0-0 with one extra hit still removes a warrior."""
    s = fall_state("marquise", "eyrie")
    put_warriors(s, "eyrie", 12, 1)
    put_warriors(s, "marquise", 12, 1)
    g = make_game(s, [roll(0, 0)])
    battle(g, "eyrie", "marquise", 12, "test", extra_hits=1)
    assert s.warriors("marquise", 12) == 0 and s.warriors("eyrie", 12) == 1


# -- LoR 4.3.4 taking hits; 1.2.1 bots taking hits ---------------------------------------------------
def test_lor_4_3_4_warriors_are_removed_before_buildings():
    """LoR 4.3.4: all the defender's warriors go before any building or token."""
    for dice, lost, left in (((1, 0), ["warrior"], [("eyrie", "roost")]), ((2, 0), ["warrior", "roost"], [])):
        s = fall_state("marquise", "eyrie")
        put_warriors(s, "marquise", 8, 3)
        put_warriors(s, "eyrie", 8, 1)
        put_building(s, "eyrie", 8, "roost")
        g = make_game(s, [roll(*dice)])
        battle(g, "marquise", "eyrie", 8, "test")
        assert removed_kinds(g, "eyrie") == lost
        assert s.clearings[8].buildings == left
        assert s.warriors("eyrie", 8) == 0
        assert s.factions["marquise"].vp == len(lost) - 1  # the warrior scores nothing (LoR 3.2.1)


def test_1_2_1_bot_removes_all_tokens_before_any_building():
    """1.2.1: a bot taking hits removes all its tokens there before any of its buildings."""
    s = fall_state("marquise", "eyrie")
    put_token(s, "marquise", 2, "keep")
    put_building(s, "marquise", 2, "sawmill")
    put_warriors(s, "eyrie", 2, 3)
    g = make_game(s, [roll(0, 0)])  # 0 rolled + 1 defenseless = 1 hit
    battle(g, "eyrie", "marquise", 2, "test")
    assert s.clearings[2].tokens == []
    assert s.clearings[2].buildings == [("marquise", "sawmill")]
    assert s.factions["marquise"].removed == {"keep": 1}  # 4.2.1: the keep leaves the game
    assert s.factions["eyrie"].vp == 1
    assert g.log.of_kind("remove_piece")[0].rule == "1.2.1"


def test_1_2_1_bot_picks_building_type_at_random_and_scores_remover():
    """1.2.1: with several building types, the bot picks which to remove at random (the script
    decides); the remover scores 1 VP per building or token (LoR 3.2.1)."""
    for picked, left in (("workshop", "sawmill"), ("sawmill", "workshop")):
        s = fall_state("marquise", "eyrie")
        put_token(s, "marquise", 2, "keep")
        put_building(s, "marquise", 2, "sawmill")
        put_building(s, "marquise", 2, "workshop")
        put_warriors(s, "eyrie", 2, 3)
        chance = RecordingChance([roll(1, 0), ("pick", picked)])  # 1 rolled + 1 defenseless = 2 hits
        g = Game(s, chance)
        battle(g, "eyrie", "marquise", 2, "test")
        assert removed_kinds(g, "marquise") == ["keep", picked]
        assert s.clearings[2].buildings == [("marquise", left)]
        assert s.factions["eyrie"].vp == 2
        assert chance.picks == [(["sawmill", "workshop"], chance.picks[0][1])]
        assert "1.2.1" in chance.picks[0][1]
        assert chance.pos == len(chance.script)
        assert_supply_consistent(s)


def test_1_2_1_single_building_type_needs_no_random_pick():
    """1.2.1: with one building type there is nothing to choose (no random pick is made)."""
    s = fall_state("marquise", "eyrie")
    put_building(s, "eyrie", 8, "roost", 2)
    put_warriors(s, "marquise", 8, 3)
    g = make_game(s, [roll(2, 0)])  # no pick scripted: asking for one would fail
    battle(g, "marquise", "eyrie", 8, "test")
    assert s.clearings[8].buildings == []
    assert s.factions["marquise"].vp == 2


def test_lor_4_3_4_human_defender_chooses_order_of_buildings_and_tokens():
    """LoR 4.3.4: after its warriors, a human defender chooses the order of its buildings and
    tokens; the engine asks its controller."""
    for preference, expected_left in ((("sawmill", "wood", "keep"), [("marquise", "keep")]),
                                      (("keep", "wood", "sawmill"), [("marquise", "sawmill")])):
        s = fall_state(("marquise", "human"), "eyrie")
        put_warriors(s, "marquise", 2, 1)
        put_token(s, "marquise", 2, "keep")
        put_token(s, "marquise", 2, "wood")
        put_building(s, "marquise", 2, "sawmill")
        put_warriors(s, "eyrie", 2, 3)
        human = RecordingHuman(preference)
        g = make_game(s, [roll(3, 0)], controllers={"marquise": human})
        battle(g, "eyrie", "marquise", 2, "test")
        assert human.asked == [("assign_hits", "marquise", 2, 2, ["keep", "sawmill", "wood"])]
        assert removed_kinds(g, "marquise") == ["warrior", preference[0], preference[1]]
        left = s.clearings[2].tokens + s.clearings[2].buildings
        assert left == expected_left
        assert s.factions["eyrie"].vp == 2


# -- 2.8.2 Hates Surprises ----------------------------------------------------------------------------
def test_2_8_2_hates_surprises_no_ambush_against_a_bot():
    """2.8.2: ambush cards cannot be played against bots: a human defender holding a matching
    ambush is never asked for one, keeps it, and the battle resolves from the dice alone."""
    s = fall_state(("marquise", "human"), "eyrie")
    ambushes = [card_id(s, "ambush_fox"), card_id(s, "ambush_bird")]
    s.factions["marquise"].hand = list(ambushes)
    put_warriors(s, "marquise", 8, 3)  # fox clearing: both ambushes would match
    put_warriors(s, "eyrie", 8, 2)
    human = RecordingHuman()
    chance = ScriptedChance([roll(2, 1)])
    g = Game(s, chance, {"marquise": human})
    r = battle(g, "eyrie", "marquise", 8, "test")
    assert (r.attacker_hits, r.defender_hits) == (2, 1)
    assert s.warriors("marquise", 8) == 1 and s.warriors("eyrie", 8) == 1  # no 2 immediate ambush hits
    assert s.factions["marquise"].hand == ambushes
    assert s.discard == []
    assert human.asked == []
    assert chance.pos == 1  # one roll, nothing else
    assert not any("ambush" in e.kind or "ambush" in e.template.lower() for e in g.log.events)


# -- LoR 8.2.2 Guerrilla War ----------------------------------------------------------------------------
def test_lor_8_2_2_guerrilla_war_human_alliance_defends_with_the_higher_roll():
    """LoR 8.2.2 Guerrilla War: a human Alliance defending deals the higher roll, the attacker the lower."""
    s = fall_state("eyrie", ("alliance", "human"))
    put_warriors(s, "eyrie", 9, 3)
    put_warriors(s, "alliance", 9, 3)
    g = make_game(s, [roll(1, 3)], controllers={"alliance": ScriptedHuman()})
    r = battle(g, "eyrie", "alliance", 9, "test")
    assert (r.attacker_hits, r.defender_hits) == (1, 3)
    assert s.warriors("eyrie", 9) == 0 and s.warriors("alliance", 9) == 2
    ev = g.log.of_kind("roll")[0]
    assert (ev.data["hi"], ev.data["lo"]) == (1, 3)  # the attacker's roll, then the defender's


def test_lor_8_2_2_guerrilla_war_only_when_the_alliance_defends():
    """LoR 8.2.2: another human defender (the Marquise) still gets the lower roll."""
    s = fall_state(("marquise", "human"), "eyrie")
    put_warriors(s, "eyrie", 9, 3)
    put_warriors(s, "marquise", 9, 3)
    g = make_game(s, [roll(1, 3)], controllers={"marquise": ScriptedHuman()})
    r = battle(g, "eyrie", "marquise", 9, "test")
    assert (r.attacker_hits, r.defender_hits) == (3, 1)


def test_lor_6_2_3_field_hospitals_human_marquise_may_save_removed_warriors():
    """LoR 6.2.3: a human Marquise, asked through her controller, spends a card matching the
    clearing to put the warriors a bot removed into the keep's clearing."""
    s = fall_state("eyrie", ("marquise", "human"))
    put_token(s, "marquise", 1, "keep")
    put_warriors(s, "marquise", 6, 2)
    put_warriors(s, "eyrie", 6, 3)
    fox = card_id(s, "anvil")  # the deck is empty in this position: the card is only in hand
    s.factions["marquise"].hand = [fox]
    g = make_game(s, [roll(3, 0)], {"marquise": ScriptedHuman(hospitals=True)})
    battle(g, "eyrie", "marquise", 6, "test")
    assert s.warriors("marquise", 6) == 0 and s.warriors("marquise", 1) == 2
    assert s.factions["marquise"].hand == [] and s.discard == [fox]
    assert [e.rule for e in g.log.of_kind("field_hospitals")] == ["LoR 6.2.3"]
    assert_supply_consistent(s)


def test_lor_6_2_3_no_field_hospitals_without_the_keep_or_when_declined():
    s = fall_state("eyrie", ("marquise", "human"))
    put_warriors(s, "marquise", 6, 2)
    put_warriors(s, "eyrie", 6, 3)
    s.factions["marquise"].hand = [card_id(s, "anvil")]
    g = make_game(s, [roll(3, 0)], {"marquise": ScriptedHuman(hospitals=True)})
    battle(g, "eyrie", "marquise", 6, "test")  # no keep on the map: nobody is asked
    assert s.factions["marquise"].supply["warrior"] == 25 and not g.log.of_kind("field_hospitals")


def test_lor_4_3_2_a_capped_roll_says_the_hits_dealt_and_why() -> None:
    # The Vagabot (no item on his Battle Track: at most 1 rolled hit, 7.2.4) rolls 3 against the
    # Marquise's lone warrior, who rolls 1: one hit each, and the log says why not three.
    vb = {"character": "thief", "location": 7, "items": ["boots", "torch", "tea", "sword", "bag"], "quest": "expel_bandits_mouse"}
    s = position({7: {"warriors": {"marquise": 1}}}, seats=("marquise", "vagabot"), turn=1, vagabot={"vagabot": vb})
    g = game(s, [("roll", (3, 1))])
    battle(g, "vagabot", "marquise", 7, "7.5.4")
    (hits,) = g.log.of_kind("hits")
    assert hits.text == (
        "vagabot deals 1 hit, marquise deals 1 hit — vagabot rolled 3, capped at 1 by his Battle Track (7.2.4); "
        "marquise rolled 1"
    )

