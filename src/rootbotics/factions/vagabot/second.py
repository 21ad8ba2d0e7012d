"""The second Vagabond (Law of Root: two Vagabonds in one game; Rootlog letter G): a human seat
only, since the Law of Robotics has one Vagabot. His board, his battles and what the bots' effects
do to him are the human Vagabond's (``human.py``), under his own faction name ``vagabond2``;
his pawn may share a clearing with the first Vagabond's (``Clearing.pawn2``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.faction import CardLedger
from ...core.fields import StateError
from ...core.items import load_item_box
from . import human
from .faction import Vagabot

if TYPE_CHECKING:
    from ...core.state import FactionState, GameState


class SecondVagabond(Vagabot):
    """The Vagabond's rules and board under a second name; no bot (the Law has one Vagabot)."""

    name = human.SECOND
    bot_name = "Second Vagabond"  # no bot: the name of the seat wherever a bot's is asked for
    human_name = "second Vagabond"
    pieces = {"human": {}}  # a pawn, kept on his board
    board_fields = ("vagabond",)
    board_items_path = "vagabond.items"
    difficulty_text = {}
    trait_text = {}
    rule_sets = ("law",)  # no bot of any rule set yet (the Robot Raccoon #2: ruling R-BBP-RR-PATHS)
    rule_set_bot_names = {}
    table_values = ()

    def bot(self, rule_set: str = "law") -> Any:
        return None

    def new_board(self, seat: str) -> human.VagabondBoard | None:
        return human.VagabondBoard() if seat == "human" else None

    def read_board(self, state: GameState, fs: FactionState, raw: dict[str, Any], path: str, cards: CardLedger) -> None:
        if fs.seat != "human":
            raise StateError(f"{path}.seat", "the second Vagabond is a human seat only (the Law has one Vagabot)")
        self._read_human(state, fs, raw, path)


def _second_set() -> dict[str, int]:
    """A second set of the Vagabond's item pieces (the four marked R and the seven marked S),
    which a game of two Vagabonds has (ruling R-TWO-VAGABONDS)."""
    box = load_item_box()
    out = dict(box.starting)
    for item in box.ruin:
        out[item] = out.get(item, 0) + 1
    return out


SecondVagabond.box_items = _second_set()
