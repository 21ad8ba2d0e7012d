"""Golden traces: a few seeded games kept as readable text in tests/golden/.

Any change in bot behaviour shows up as a reviewable diff of these files. After a deliberate
change, regenerate them with ``python tests/golden_traces.py`` and review the diff.
"""

from __future__ import annotations

import sys
from pathlib import Path

from rootbotics.core import serial
from rootbotics.game import bot_config, final_scores, new_game, play

GOLDEN = Path(__file__).parent / "golden"

# name -> (seats in turn order, map, seed)
GAMES: dict[str, tuple[tuple[str, ...], str, int]] = {
    "marquise-eyrie-fall-7": (("marquise", "eyrie"), "fall", 7),
    "eyrie-marquise-fall-12": (("eyrie", "marquise"), "fall", 12),
    "marquise-eyrie-fall-108-marquise-wins": (("marquise", "eyrie"), "fall", 108),
    "clockwork1-four-bots-fall-7": (("marquise", "eyrie", "alliance", "vagabot"), "fall", 7),
    "alliance-vagabot-marquise-lake-5": (("alliance", "vagabot", "marquise"), "lake", 5),
    "vagabot-eyrie-alliance-mountain-9": (("vagabot", "eyrie", "alliance"), "mountain", 9),
    "eyrie-alliance-winter-4": (("eyrie", "alliance"), "winter", 4),
    "riverfolk-marquise-eyrie-vagabot-fall-3": (("riverfolk", "marquise", "eyrie", "vagabot"), "fall", 3),
    "duchy-marquise-eyrie-alliance-vagabot-fall-5": (("duchy", "marquise", "eyrie", "alliance", "vagabot"), "fall", 5),
    "corvids-marquise-eyrie-alliance-vagabot-fall-3": (("corvids", "marquise", "eyrie", "alliance", "vagabot"), "fall", 3),
    "lizards-marquise-eyrie-alliance-vagabot-fall-5": (("lizards", "marquise", "eyrie", "alliance", "vagabot"), "fall", 5),
}


def trace(name: str) -> str:
    """The explained log of one golden game, then its final scores and position."""
    seats, map_name, seed = GAMES[name]
    g = new_game(bot_config(list(seats), map_name, seed))
    play(g)
    lines = [e.line() for e in g.log]
    lines.append("")
    lines.append("final scores: " + ", ".join(f"{f} {vp}" for f, vp in final_scores(g.state)))
    lines.append(f"winner: {g.state.winner}; {g.state.end_reason}; round {g.state.round}")
    lines.append("final position:")
    lines.append(serial.dumps(g.state))
    return "\n".join(lines) + "\n"


def path(name: str) -> Path:
    return GOLDEN / f"{name}.txt"


def main() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for name in GAMES:
        path(name).write_text(trace(name))
        print(f"wrote {path(name)}")


if __name__ == "__main__":
    sys.exit(main())
