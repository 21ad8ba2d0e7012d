"""The second Vagabond (Law of Root: two Vagabonds in one game; Rootlog letter G): a human seat,
whose board, battles and what the bots' effects do to him are the human Vagabond's (``human.py``),
under his own faction name ``vagabond2``; his pawn may share a clearing with the first Vagabond's
(``Clearing.pawn2``).

A bot seat of his is the Better Bot Project's Robot Raccoon #2 (``vagabond2@bbp``, BBP 4.2 letter
E): the Robot Raccoon's turn (``bbp.py``) played for this faction, with his own board (``vagabot``,
a ``RaccoonState``), quests and character (``options.vagabot2_character``), the same paths option
as the first (``options.raccoon_paths``) and the second set of items (ruling R-BBP-RR2). The Law of
Robotics has one Vagabot, so there is no Law bot of his."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from ...core.faction import LAW, TableValue
from ...core.items import load_item_box
from . import human, raccoon_paths
from .faction import Vagabot
from .items import VAGABOT

BBP = "bbp"


class SecondVagabond(Vagabot):
    """The Vagabond's rules and board under a second name; his bot is the Robot Raccoon #2."""

    name = human.SECOND
    bot_name = "Second Vagabond"  # a seat of no rule set's bot: the Law has one Vagabot
    human_name = "second Vagabond"
    pieces = {"bot": {}, "human": {}}  # a pawn, kept on his board
    board_fields = ("vagabond", "vagabot")  # a human's board; the Robot Raccoon #2's
    board_items_path = "vagabond.items"
    difficulty_text = {}
    trait_text = {}
    rule_sets = (BBP,)  # the Robot Raccoon #2 (BBP 4.2 E); no Law bot (the Law has one Vagabot)
    rule_set_bot_names = {BBP: "Robot Raccoon #2"}
    table_values = (
        TableValue(raccoon_paths.OPTION, raccoon_paths.FLAG, human.SECOND, BBP, raccoon_paths.LABEL, "PATHS", raccoon_paths.HELP, raccoon_paths.table_options),
    )

    def seating_problem(self, seated: Collection[str]) -> str | None:
        """LoR 9.7: the second Vagabond is the other half of a game of two Vagabonds, so he sits
        only beside the first (``vagabot``, a bot or a human seat)."""
        if VAGABOT not in seated:
            return f"the second Vagabond ({human.SECOND}) plays only beside the first ({VAGABOT}): the game of two Vagabonds (LoR 9.7) needs both"
        return None

    def rule_set_problem(self, rule_set: str) -> str | None:
        """Only the Better Bot Project has a bot of the second Vagabond (ruling R-BBP-RR2)."""
        if rule_set == LAW:
            return "the Law of Robotics has one Vagabot: the second Vagabond's bot is the Better Bot Project's Robot Raccoon #2 (vagabond2@bbp)"
        return super().rule_set_problem(rule_set)

    def bot(self, rule_set: str = LAW) -> Any:
        return super().bot(rule_set) if rule_set == BBP else None


def _second_set() -> dict[str, int]:
    """A second set of the Vagabond's item pieces (the four marked R and the seven marked S),
    which a game of two Vagabonds has (ruling R-TWO-VAGABONDS)."""
    box = load_item_box()
    out = dict(box.starting)
    for item in box.ruin:
        out[item] = out.get(item, 0) + 1
    return out


SecondVagabond.box_items = _second_set()
