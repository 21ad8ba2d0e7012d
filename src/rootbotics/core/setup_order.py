"""The registry of setup letters: the one place in ``core`` that names factions.

Setup priority (Law of Root setup order; Law of Robotics 2.2 for targeting players):
Marquise A, Eyrie B, Alliance C, Vagabond D, Lizards E, Riverfolk F, Duchy G, Corvids H, the
Lord of the Hundreds I and the Keepers in Iron J (human seats only; rulings R-HUNDREDS-LETTER,
R-KEEPERS-LETTER). The
second Vagabond (a human seat only) is a Vagabond too, so D: the two set up side by side, in an
order drawn at setup (LoR 9.7.1) and kept in the game's options (rulings R-LETTERS,
R-TWO-VAGABONDS). A bot and the human faction it replaces share the faction name and letter.
Everything else about a faction is in its folder, ``factions/<name>/``.

The Better Bot Project v5 (a separate rule set) prints its own setup order (BBP 4.2): A to G,
the second Vagabond being E, after the first (D) and before the Cult (F) and the Otters (G),
whatever the Law's draw; the Duchy and the Corvids, which it does not list, follow G in the
Law's order (ruling R-BBP-LETTERS). A BBP bot breaks its ties between players by that order.
"""

from __future__ import annotations

from collections.abc import Callable

FACTIONS: tuple[str, ...] = (
    "marquise",
    "eyrie",
    "alliance",
    "vagabot",
    "lizards",
    "riverfolk",
    "duchy",
    "corvids",
    "vagabond2",
    "hundreds",
    "keepers",
)
_SETUP: tuple[str, ...] = ("marquise", "eyrie", "alliance", "vagabot", "vagabond2", "lizards", "riverfolk", "duchy", "corvids", "hundreds", "keepers")
SETUP_LETTER: dict[str, str] = {f: "ABCDDEFGHIJ"[i] for i, f in enumerate(_SETUP)}
SETUP_RANK: dict[str, int] = {f: i for i, f in enumerate(_SETUP)}  # the first Vagabond first
_SECOND_DRAWN_FIRST: dict[str, int] = {**SETUP_RANK, "vagabot": SETUP_RANK["vagabond2"], "vagabond2": SETUP_RANK["vagabot"]}

SETUP_DRAW_KEY = "first_vagabond"  # the options key: which Vagabond sets up first (LoR 9.7.1)
SETUP_DRAW_CHOICES: tuple[str, str] = ("vagabot", "vagabond2")


_BBP_SETUP: tuple[str, ...] = _SETUP  # the same sequence, without the draw; its own letters
BBP_SETUP_LETTER: dict[str, str] = {f: "ABCDEFG"[i] if i < 7 else "after G" for i, f in enumerate(_BBP_SETUP)}
BBP_SETUP_RANK: dict[str, int] = {f: i for i, f in enumerate(_BBP_SETUP)}


def bbp_setup_rank(faction: str) -> int:
    """A faction's place in the Better Bot Project's setup order (BBP 4.2: A before B; the
    second Vagabond E, never drawn; ruling R-BBP-LETTERS)."""
    return BBP_SETUP_RANK[faction]


def setup_rank(options: dict[str, object]) -> Callable[[str], int]:
    """A faction's setup priority (2.2) in a game with these options: the order of the two
    Vagabonds is the one drawn at setup (LoR 9.7.1), the first Vagabond's when none was drawn."""
    if options.get(SETUP_DRAW_KEY) == "vagabond2":
        return _SECOND_DRAWN_FIRST.__getitem__
    return SETUP_RANK.__getitem__
