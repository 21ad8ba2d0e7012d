"""``rootbotics map``: draw a map as SVG from the engine's map data.

No ``from __future__ import annotations`` here: typer reads the annotations at run time.
"""

import sys
from pathlib import Path
from typing import Annotated, Any, Optional

from .common import RunFailure, check_save_target, parse_map, parse_suits

HELP = (
    "Draw a map as an SVG picture, from the engine's map data.\n\n"
    "Shows every clearing with its priority number, suit, building slots and ruins, the paths (closed paths "
    "marked), rivers, the Lake and its Ferry, the Mountain's Pass, the forests and the diagonally opposite "
    "corners, so that you can compare the data with the board in front of you."
)


def run_map(map_name: Optional[str], out_file: Optional[str], suits: Optional[str], forests: bool) -> int:
    """Draw the map; print the SVG, or write it to ``out_file`` safely."""
    from ..core.maps import load_map
    from ..core.serial import write_atomic
    from ..mapsvg import render_svg

    chosen = parse_map(map_name if map_name is not None else "fall")
    given = parse_suits(suits, chosen) if suits is not None else None
    if out_file is not None and out_file != "-":
        check_save_target(out_file, "--out")
    svg = render_svg(load_map(chosen), None if given is None else [None, *given], forests=forests)
    if out_file is None or out_file == "-":
        sys.stdout.write(svg)
        return 0
    try:
        write_atomic(Path(out_file), svg)
    except OSError as e:
        raise RunFailure("error", f"--out: cannot write {out_file}: {e.strerror or e}") from None
    print(f"Wrote the {chosen} map to {out_file}")
    return 0


def register(app: Any) -> None:
    """Add ``rootbotics map`` to ``app``."""
    import typer

    from ..core.maps import MAP_NAMES

    @app.command("map", help=HELP)
    def map_command(
        map_name: Annotated[
            Optional[str],
            typer.Option("--map", metavar="MAP", help=f"The map to draw. Maps: {', '.join(MAP_NAMES)}. Default: fall."),
        ] = None,
        out_file: Annotated[
            Optional[str],
            typer.Option("--out", metavar="FILE", help="Write the SVG to FILE. Default: print it."),
        ] = None,
        suits: Annotated[
            Optional[str],
            typer.Option(
                "--suits",
                metavar="SUITS",
                help="Colour the clearings with these suits: 12 names separated by commas in priority order, 4 each "
                "of fox, rabbit and mouse. Default: Fall's printed suits; '?' on the maps whose suit markers are "
                "shuffled at setup.",
            ),
        ] = None,
        forests: Annotated[
            bool,
            typer.Option("--forests/--no-forests", help="Mark the forests (default) or leave them out."),
        ] = True,
    ) -> int:
        return run_map(map_name, out_file, suits, forests)
