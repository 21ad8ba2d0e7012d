"""The Vagabond and the Vagabot (Law of Robotics section 7): what the faction is, his board (the
pawn, Satchel, Battle Track and quests, ``items.py``), and what other seats' battles and effects
do to him (``satchel.py``): Nimble (7.2.2), hits damage items (7.2.5), Full Removal (7.2.1 I),
the Battle Track (7.2.4) and the Arbiter (7.7.6)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.context import Game
from ...core.faction import LAW, BoardTable, CardLedger, Faction, TableValue, faction_title
from ...core.fields import StateError, obj
from . import human, quests, satchel
from . import raccoon_paths
from .items import CHARACTER_TITLES, CHARACTERS, VAGABOT, RaccoonState, VagabotState, check_starting_items, load_item_box, quest_label, violations, where
from .saved import deal_quest_decks, read_vagabot, vagabot_json

if TYPE_CHECKING:
    from ...core.state import FactionState, GameState


class Vagabot(Faction):
    name = VAGABOT
    bot_name = "Vagabot"
    human_name = "Vagabond"
    pieces = {"bot": {}, "human": {}}  # a pawn, which is never removed (7.2.1): kept on his board
    nimble = True  # 7.2.2
    human_seat = True  # the Law of Root Vagabond beside the bots (``human.py``)
    board_fields = ("vagabot", "vagabond")
    board_items_path = "vagabot.items"
    difficulty_text = {
        "easy": "Evening refreshes one item fewer (3 with a damaged item, else 5).",
        "default": "As the Law says.",
        "challenging": "Evening refreshes one item more (5 with a damaged item, else 7).",
        "nightmare": "As challenging, and 1 VP at the end of each Evening.",
    }
    trait_text = {
        "adventurer": "At most one battle a turn (no repeated battles); at the end of Daylight, he quests again as long as he can.",
        "berserker": "Battle goes to the nearest clearing with the most enemy pieces, against the player with the most pieces there; Evening repairs one more item.",
        "helper": "Each Aid scores him 1 more VP, and an aided human draws two cards for each one.",
        "marksman": "As attacker, he deals one immediate hit before rolling; a warrior it removes scores as usual.",
    }
    refused_traits = {
        "questing": "Questing is not offered: the list of updated Daylight actions on its card is an image that no source we have transcribes (ruling R-TRAIT-QUESTING).",
    }

    rule_sets = (LAW, "bbp")  # the Law's Vagabot (bot.py) and the Better Bot Project's Robot Raccoon (bbp.py)
    rule_set_bot_names = {"bbp": "Robot Raccoon"}
    table_values = (
        TableValue(raccoon_paths.OPTION, raccoon_paths.FLAG, VAGABOT, "bbp", raccoon_paths.LABEL, "PATHS", raccoon_paths.HELP, raccoon_paths.table_options),
    )

    def bot(self, rule_set: str = LAW) -> Any:
        check_starting_items(load_item_box())
        if rule_set == "bbp":
            from .bbp import RobotRaccoon

            return RobotRaccoon(self.name)
        from .bot import Vagabot as VagabotBot

        return VagabotBot()

    def seat_needs(self, rule_set: str, options: dict[str, object]) -> str | None:
        """The Robot Raccoon plays only with its paths given, or the stand-in chosen (ruling
        R-BBP-RR-PATHS)."""
        if rule_set == "bbp" and raccoon_paths.OPTION not in options:
            return f"options.{raccoon_paths.OPTION}: {raccoon_paths.missing_line()}"
        return None

    def stand_ins(self, rule_set: str, options: dict[str, object]) -> list[tuple[str, str]]:
        if rule_set == "bbp" and raccoon_paths.is_stand_in(options):
            return [("BBP RR.4", f"the {faction_title(self.name, 'bot', rule_set)}'s paths: the bird path for every order (stand-in, R-BBP-RR-PATHS)")]
        return []

    def option_problem(self, options: dict[str, object]) -> str | None:
        problem = raccoon_paths.option_problem(options)
        if problem:
            return problem
        for option in raccoon_paths.CHARACTER_OPTIONS.values():  # the Vagabot's, the Robot Raccoon #2's
            character = options.get(option)
            if character is not None and character not in CHARACTERS:
                return f"options.{option}: {character!r} is not a Vagabot character (choose from {', '.join(CHARACTERS)})"
        firsts = {options.get(raccoon_paths.CHARACTER_OPTIONS[VAGABOT]), options.get(human.OPTIONS[VAGABOT])} - {None}  # the Vagabot's, a human's
        for option, who in ((raccoon_paths.CHARACTER_OPTIONS[human.SECOND], "the Robot Raccoon #2"), (human.OPTIONS[human.SECOND], "the second Vagabond")):
            second = options.get(option)
            if second is not None and second in firsts:  # one card each (LoR 9.7; ruling R-BBP-RR2)
                return f"options.{option}: {who} cannot play the {second}, which the first Vagabond plays (one card each)"
        for option in human.OPTIONS.values():
            human_character = options.get(option)
            if human_character is not None and human_character not in human.HUMAN_CHARACTERS:
                return f"options.{option}: {human_character!r} is not a Vagabond character (choose from {', '.join(human.HUMAN_CHARACTERS)})"
        return None

    def new_board(self, seat: str) -> human.VagabondBoard | None:
        return human.VagabondBoard() if seat == "human" else None

    def write_board(self, state: GameState, fs: FactionState) -> dict[str, Any]:
        if isinstance(fs.board, human.VagabondBoard):
            return {"vagabond": human.board_json(fs.board)}
        return {"vagabot": vagabot_json(fs.board)} if isinstance(fs.board, VagabotState) else {}

    def read_board(self, state: GameState, fs: FactionState, raw: dict[str, Any], path: str, cards: CardLedger) -> None:
        if fs.seat == "human":
            self._read_human(state, fs, raw, path)
            return
        if "vagabond" in raw:
            raise StateError(f"{path}.vagabond", "only a human Vagabond has this board (the Vagabot's is vagabot)")
        if "vagabot" not in raw:
            if fs.seat == "bot":
                raise StateError(f"{path}.vagabot", "is missing")
            return
        board = RaccoonState if fs.rule_set == "bbp" else VagabotState  # BBP RR.2: the Robot Raccoon's Combat Track
        fs.board = read_vagabot(state, obj(raw["vagabot"], f"{path}.vagabot"), f"{path}.vagabot", board, fs.faction)
        if fs.items:
            raise StateError(f"{path}.items", "the Vagabot has no Crafted Items box: his items are in vagabot.items")

    def _read_human(self, state: GameState, fs: FactionState, raw: dict[str, Any], path: str) -> None:
        """A human Vagabond's pawn and items (``vagabond``; left out: not set up, no items)."""
        if "vagabot" in raw:
            raise StateError(f"{path}.vagabot", "a human Vagabond's board is vagabond (vagabot is the bot's)")
        if "vagabond" in raw:
            fs.board = human.read_board(state, fs.faction, raw["vagabond"], f"{path}.vagabond")
        if fs.items:
            raise StateError(f"{path}.items", "the Vagabond has no Crafted Items box: his items are in vagabond.items")

    def describe_board(self, state: GameState, fs: FactionState) -> list[str | BoardTable]:
        """His character, pawn, items and quest."""
        if isinstance(fs.board, human.VagabondBoard):
            lines = human.describe(state, fs.board, fs.faction)
            if quests.two_vagabonds(state):  # LoR 9.7.2: the row and deck are both Vagabonds'
                lines[-1] = f"  {quests.described(state, fs.faction)}; {len(fs.board.completed)} completed"
            return list(lines)
        vs = fs.board
        if not isinstance(vs, VagabotState):
            return []

        def items(pick: Any) -> str:
            return ", ".join(i.kind for i in vs.items if pick(i)) or "-"

        track = sorted((i for i in vs.items if i.track), key=lambda i: i.track)
        lines: list[str | BoardTable] = [
            f"{faction_title(fs.faction, 'bot', fs.rule_set) if isinstance(vs, RaccoonState) else 'Vagabot'}: the {CHARACTER_TITLES[vs.character]}, in {where(state, vs)}",
            f"  face up: {items(lambda i: not i.track and not i.exhausted and not i.damaged)}",
            f"  exhausted: {items(lambda i: not i.track and i.exhausted and not i.damaged)}",
            f"  damaged: {items(lambda i: i.damaged)}",
            f"  {vs.track_name}: {', '.join(i.kind for i in track) or '-'} (maximum rolled hits {vs.max_rolled_hits()}"
            + (", one extra hit as attacker)" if vs.attack_extra_hits() else ")"),
            f"  {quests.described(state, fs.faction)}" if quests.two_vagabonds(state)
            else f"  quest: {quest_label(vs.quests[0]) if vs.quests else 'none'}; {len(vs.quest_deck)} in the quest deck",
        ]
        return lines

    def check_position(self, state: GameState, data: dict[str, Any]) -> None:
        deal_quest_decks(state)

    def violations(self, state: GameState, fs: FactionState) -> list[str]:
        shared = quests.violations(state) if fs.faction == VAGABOT else []  # LoR 9.7.2: across both boards, checked once
        return shared + self._board_violations(state, fs)

    def _board_violations(self, state: GameState, fs: FactionState) -> list[str]:
        vs = fs.board
        if isinstance(vs, human.VagabondBoard):
            return human.violations(state, fs.faction, vs)
        if not isinstance(vs, VagabotState):
            return []
        out = violations(state, fs.faction, vs)
        if fs.items:
            out.append(f"{fs.faction}: items in a Crafted Items box ({fs.items}); the Vagabot keeps them in his Satchel")
        return out

    # -- what other seats set off -------------------------------------------------------------
    # A human Vagabond (``human.py``): his undamaged swords, his items damaged (LoR 9.2.2-9.2.7).
    def full_removal(self, g: Game, by: str, c: int) -> None:
        if human.board_of(g.state, self.name) is not None:
            human.full_removal(g, self.name, by, c)
            return
        satchel.full_removal(g, by, c)

    def max_rolled_hits(self, state: GameState, faction: str, c: int) -> int:
        vb = human.board_of(state, faction)
        return human.max_rolled_hits(state, vb, c) if vb is not None else satchel.max_rolled_hits(state, faction, c)

    def defenseless(self, state: GameState, faction: str, c: int) -> bool:
        vb = human.board_of(state, faction)
        return vb.swords() == 0 if vb is not None else satchel.defenseless(state, faction, c)

    def max_hits_source(self, state: GameState, faction: str) -> str:
        vb = human.board_of(state, faction)
        if vb is not None and vb.battle_ally is not None:
            return f"his undamaged swords and the {vb.battle_ally}'s warriors there (LoR 9.2.9.2.3)"
        if vb is not None:
            return "his undamaged swords (LoR 9.2.6)"
        vs = satchel.vagabot_state(state, faction)
        return f"his {vs.track_name} ({vs.track_rule})" if vs is not None else ""

    def attack_extra_hits(self, state: GameState, faction: str) -> int:
        return satchel.attack_extra_hits(state, faction)

    def attack_extra_why(self, state: GameState, faction: str) -> tuple[str, str, str]:
        vs = satchel.vagabot_state(state, faction)
        if isinstance(vs, RaccoonState):  # BBP RR.2: the 12th item
            return vs.track_rule, "the 12th item is on its Combat Track", "the Combat Track"
        return super().attack_extra_why(state, faction)

    def takes_hits_itself(self, state: GameState, faction: str) -> bool:
        return satchel.has_pawn(state, faction) or human.board_of(state, faction) is not None

    def take_hits(self, g: Game, faction: str, c: int, hits: int, by: str) -> None:
        if human.board_of(g.state, faction) is not None:
            human.take_hits(g, faction, c, hits, by)
            return
        satchel.take_hits(g, faction, c, hits, by)

    def wins_with(self, state: GameState, faction: str, winners: list[str]) -> bool:
        """LoR 9.2.8: a human Vagabond wins when the player he formed a coalition with wins."""
        vb = human.board_of(state, faction)
        return vb is not None and vb.coalition is not None and vb.coalition in winners

    # -- a human Vagabond played by legal moves (LoR 9; ``vagabond_lor.py``) -----------------------
    def lor(self) -> Any:
        from . import vagabond_lor

        return vagabond_lor if self.name == VAGABOT else vagabond_lor.Seat(self.name)

    def keep_crafted_item(self, g: Game, faction: str, item: str) -> None:
        """LoR 9.2.1: he takes an item he crafts face up, to his Satchel or its track."""
        if human.board_of(g.state, faction) is None:
            super().keep_crafted_item(g, faction, item)
            return
        from . import vagabond_lor

        vagabond_lor.gain(g, faction, item, "LoR 9.2.1", "he crafted")

    def closes_clearing(self, state: GameState, faction: str, c: int) -> bool:
        """LoR 26.6.2: a human Scoundrel's torch in ``c``."""
        vb = human.board_of(state, faction)
        return vb is not None and c in vb.scorched

    def removed_defending(self, g: Game, faction: str, attacker: str, c: int, warriors: int) -> None:
        """LoR 9.2.9.3: a human Vagabond who removes a warrior defending makes its faction Hostile."""
        if human.board_of(g.state, faction) is None:
            return
        from . import vagabond_lor

        vagabond_lor.removed(g, faction, attacker, warriors, 0, in_battle=g.state.current == faction)

    def after_roll_hits(self, g: Game, faction: str, other: str, c: int, attacking: bool) -> int:
        """LoR 26.9.2: a human Ronin may exhaust a sword for an extra hit after the roll."""
        if human.board_of(g.state, faction) is None:
            return 0
        from . import vagabond_lor

        return vagabond_lor.swift_strike(g, faction, other, c)

    def enlisted(self, g: Game, attacker: str, defender: str, c: int) -> int:
        return satchel.enlist_arbiter(g, self.name, attacker, defender, c)
