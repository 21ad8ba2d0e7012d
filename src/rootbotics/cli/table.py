"""``rootbotics table``: play against the bots at a real table (``table/terminal.py``).

``table new`` sets up a game and writes its session file; ``table resume FILE`` carries on.
"""

from typing import Annotated, Any, Optional

HELP = "Play against the bots at a real table: human moves entered, bot turns told as steps."


def command() -> Any:
    """The ``table`` group with its ``new`` and ``resume`` commands, as a click command."""
    import typer.main

    return typer.main.get_command(build_table_app())


def build_table_app() -> Any:
    import typer

    from ..factions import TABLE_VALUES
    from ..table.terminal import PICTURE, run_new, run_resume
    from ..web.board import board_svg

    PICTURE[:] = [board_svg]  # board --svg: the pieces drawn as on the web page

    app = typer.Typer(help=HELP, no_args_is_help=True, add_completion=False)

    @app.command("new", help="Set up a table game, write its session file and start.")
    def new_command(
        file: Annotated[str, typer.Option("--file", help="The session file to write (must not exist).")],
        humans: Annotated[str, typer.Option("--humans", help="Human seats: faction:player, comma-separated (vagabond@arbiter:Ann names his character).")] = "",
        bots: Annotated[str, typer.Option("--bots", help="Bot seats, comma-separated; eyrie@bbp seats a bot of the Better Bot Project v5, bbp:eyrie,marquise seats them all so.")] = "",
        map_name: Annotated[str, typer.Option("--map", help="fall, winter, lake or mountain.")] = "fall",
        order: Annotated[Optional[str], typer.Option("--order", help="Turn order (default: setup order).")] = None,
        difficulty: Annotated[Optional[str], typer.Option("--difficulty", help="A level for every bot, or bot:level pairs.")] = None,
        traits: Annotated[Optional[str], typer.Option("--traits", help="bot:trait+trait, comma-separated.")] = None,
        suits: Annotated[Optional[str], typer.Option("--suits", help="The clearings' suits in priority order.")] = None,
        seed: Annotated[int, typer.Option("--seed", help="Seed of the app's dice, deck and random picks.")] = 0,
        dice: Annotated[str, typer.Option("--dice", help="app: the app rolls; table: you type the rolls.")] = "app",
        deck: Annotated[str, typer.Option("--deck", help="app: the app draws; table: you name the cards drawn.")] = "app",
        mode: Annotated[str, typer.Option("--mode", help="competitive: every seat for itself; team: the bots play as one team against the humans (cooperative play).")] = "competitive",
        variant: Annotated[str, typer.Option("--variant", help="Better Bot Project variants, comma-separated: ambush (humans may ambush its bots).")] = "",
        rules: Annotated[str, typer.Option("--rules", help="law: a human seat whose faction's Law of Root is built plays by legal moves (illegal ones refused with their rule; 'moves' lists them); board: Rootlog lines applied with no rule checks, for house rules.")] = "law",
        cult_outcast_max: Annotated[Optional[int], typer.Option("--cult-outcast-max", metavar="N", help="The Clockwork Cult's (lizards@bbp) Outcast Pile maximum, 1 to 20 cards (BBP CC.2). Default: 4.")] = None,
        raccoon_paths: Annotated[Optional[str], typer.Option("--raccoon-paths", metavar="PATHS", help=TABLE_VALUES["--raccoon-paths"].help)] = None,
        otters_export: Annotated[Optional[str], typer.Option("--otters-export", metavar="VPS", help=TABLE_VALUES["--otters-export"].help)] = None,
        alliance_sympathy: Annotated[Optional[str], typer.Option("--alliance-sympathy", metavar="VPS", help=TABLE_VALUES["--alliance-sympathy"].help)] = None,
        marquise_cards: Annotated[Optional[str], typer.Option("--marquise-cards", metavar="VALUES", help=TABLE_VALUES["--marquise-cards"].help)] = None,
    ) -> int:
        return run_new(
            file=file, humans=humans, bots=bots, map=map_name, order=order, difficulty=difficulty, traits=traits, suits=suits, seed=seed, dice=dice, deck=deck,
            mode=mode, variant=variant, cult_outcast_max=cult_outcast_max, rules=rules, raccoon_paths=raccoon_paths, otters_export=otters_export, alliance_sympathy=alliance_sympathy,
            marquise_cards=marquise_cards,
        )  # fmt: skip

    @app.command("resume", help="Carry on a table game from its session file.")
    def resume_command(file: Annotated[str, typer.Argument(help="The session file.")]) -> int:
        return run_resume(file)

    return app
