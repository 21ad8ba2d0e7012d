"""The registry of setup letters: the one place in ``core`` that names factions.

Setup priority (Law of Root setup order; Law of Robotics 2.2 for targeting players):
Marquise A, Eyrie B, Alliance C, Vagabond D, Lizards E, Riverfolk F, Duchy G, Corvids H, and
the second Vagabond I, a human seat only (ruling R-LETTERS). A bot and the human faction it replaces share the faction name and letter.
Everything else about a faction is in its folder, ``factions/<name>/``.
"""

from __future__ import annotations

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
)
SETUP_LETTER: dict[str, str] = {f: "ABCDEFGHI"[i] for i, f in enumerate(FACTIONS)}
SETUP_RANK: dict[str, int] = {f: i for i, f in enumerate(FACTIONS)}
