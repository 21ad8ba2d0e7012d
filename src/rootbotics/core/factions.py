"""Factions, their setup priority and the pieces in their box.

Setup priority (Law of Root setup order; Law of Robotics 2.2 for targeting players):
Marquise A, Eyrie B, Alliance C, Vagabond D, Lizards E, Riverfolk F, Duchy G, Corvids H.
A bot and the human faction it replaces share the faction name and letter.
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
)
SETUP_LETTER: dict[str, str] = {f: "ABCDEFGH"[i] for i, f in enumerate(FACTIONS)}
SETUP_RANK: dict[str, int] = {f: i for i, f in enumerate(FACTIONS)}

BOT_NAMES: dict[str, str] = {
    "marquise": "Mechanical Marquise 2.0",
    "eyrie": "Electric Eyrie",
    "alliance": "Automated Alliance",
    "vagabot": "Vagabot",
    "lizards": "Logical Lizards",
    "riverfolk": "Riverfolk Robots",
    "duchy": "Drillbit Duchy",
    "corvids": "Cogwheel Corvids",
}
HUMAN_NAMES: dict[str, str] = {
    "marquise": "Marquise de Cat",
    "eyrie": "Eyrie Dynasties",
    "alliance": "Woodland Alliance",
    "vagabot": "Vagabond",
    "lizards": "Lizard Cult",
    "riverfolk": "Riverfolk Company",
    "duchy": "Underground Duchy",
    "corvids": "Corvid Conspiracy",
}

BUILDINGS: frozenset[str] = frozenset(
    {"sawmill", "workshop", "recruiter", "roost", "base_fox", "base_rabbit", "base_mouse", "citadel", "market"}
    | {"garden_fox", "garden_rabbit", "garden_mouse"}  # the Lizards' gardens (8.2.1)
)
TOKENS: frozenset[str] = frozenset({"keep", "wood", "sympathy", "tunnel", "plot", "trade_post"})  # plot: a Corvid plot token (11.3.1)
BASES: dict[str, str] = {"fox": "base_fox", "rabbit": "base_rabbit", "mouse": "base_mouse"}  # suit -> base

# Pieces in the box, by faction and seat kind. The bots use fewer kinds than the humans
# (the Mechanical Marquise has no wood, 4.3.1).
_PIECES: dict[tuple[str, str], dict[str, int]] = {
    ("marquise", "bot"): {"warrior": 25, "sawmill": 6, "workshop": 6, "recruiter": 6, "keep": 1},
    ("marquise", "human"): {
        "warrior": 25, "sawmill": 6, "workshop": 6, "recruiter": 6, "keep": 1, "wood": 8,
    },
    ("eyrie", "bot"): {"warrior": 20, "roost": 7},
    ("eyrie", "human"): {"warrior": 20, "roost": 7},
    ("vagabot", "bot"): {},  # a pawn, which is never removed (7.2.1): kept in VagabotState
    ("alliance", "human"): {
        "warrior": 10, "base_fox": 1, "base_rabbit": 1, "base_mouse": 1, "sympathy": 10,
    },
    ("alliance", "bot"): {  # 6.2.1, 6.3
        "warrior": 10, "base_fox": 1, "base_rabbit": 1, "base_mouse": 1, "sympathy": 10,
    },
    ("riverfolk", "bot"): {"warrior": 15, "trade_post": 9},  # 9.3.1, 9.3.3
    # 10.3.1, 10.3.4: crowns are not map pieces; those not in supply sit on swayed ministers
    ("duchy", "bot"): {"warrior": 20, "tunnel": 3, "citadel": 3, "market": 3, "crown": 9},
    ("corvids", "bot"): {"warrior": 15, "plot": 8},  # 11.3.1; the plots' kinds: core/plots.py
    ("lizards", "bot"): {  # 8.3.1, 8.3.4: 25 warriors, 15 gardens (5 per suit)
        "warrior": 25, "garden_fox": 5, "garden_rabbit": 5, "garden_mouse": 5,
    },
}

# Bots this version of the engine can play.
TRADE_POSTS_PER_SUIT = 3  # 9.3.3: the nine trade posts lie on three suited tracks, three each
PLAYABLE_BOTS: tuple[str, ...] = ("marquise", "eyrie", "alliance", "vagabot", "lizards", "riverfolk", "duchy", "corvids")
# Human factions whose pieces a position may hold (their turns are taken by a controller).
HUMAN_FACTIONS: tuple[str, ...] = ("marquise", "eyrie", "alliance")


def piece_totals(faction: str, seat: str) -> dict[str, int]:
    """How many of each piece the faction has in the box."""
    try:
        return _PIECES[(faction, seat)]
    except KeyError:
        raise KeyError(f"{faction} cannot be a {seat} seat yet") from None


def is_building(kind: str) -> bool:
    return kind in BUILDINGS


def faction_title(faction: str, seat: str) -> str:
    return (BOT_NAMES if seat == "bot" else HUMAN_NAMES)[faction]
