"""The typer application: the root command (--version, --help) and its commands, each loaded
from its own module only when it runs or shows its own help, and ``run``, which turns every
error into one line on stderr and an exit code.

Listing the commands (``rootbotics --help``) reads only each module's help text, so neither
--help nor --version imports the engine, the simulator or pyarrow.
"""

import importlib
import sys
from collections.abc import Sequence
from typing import Annotated, Any, Optional

from .common import NEED_EXTRA, PROG, CliError, one_line, say_error
from .helpfmt import quiet_flag_types

# The commands in the order the help lists them; each is the module ``cli.<name>``.
COMMANDS = ("play", "show", "table", "serve", "rootlog", "simulate", "report", "replay", "soak", "map")

# One line per paragraph (rich keeps line breaks as they are written).
ROOT_HELP = (
    "Play Root with the Clockwork bots (the Law of Robotics) and explain every step.\n\n"
    "Use 'rootbotics table new' to play against the bots at a real table (or 'rootbotics serve' in a browser), "
    "'rootbotics play' to watch a game of bots, 'rootbotics show' to look at a saved position and "
    "'rootbotics map' to draw a map; 'rootbotics simulate' plays many games for a study, "
    "'rootbotics report' sums them up and 'rootbotics replay' plays one of them (or a recorded game) again; "
    "'rootbotics soak' plays random games with every invariant checked. "
    "Add --help after a command to see its options."
)


def command_module(name: str) -> Any:
    """The module of command ``name`` (``rootbotics.cli.<name>``)."""
    return importlib.import_module(f"{__package__}.{name}")


def load_command(name: str) -> Any:
    """Command ``name`` with all its options, as a click command."""
    import typer
    import typer.main

    quiet_flag_types()
    module = command_module(name)
    if hasattr(module, "command"):  # a group of commands (``table new``, ``table resume``)
        return module.command()
    app = typer.Typer(add_completion=False)
    module.register(app)
    return typer.main.get_command(app)


def lazy_group() -> Any:
    """A typer group whose commands are listed from their help texts and built only when one
    of them is chosen."""
    from typer.core import TyperGroup

    class LazyCommands(TyperGroup):
        """Holds a listing entry per command; resolving a command builds the real one."""

        def resolve_command(self, ctx: Any, args: list[str]) -> tuple[Optional[str], Any, list[str]]:
            name, command, rest = super().resolve_command(ctx, args)
            if name is not None and command is not None:
                command = load_command(name)
            return name, command, rest

    return LazyCommands


def show_version(value: bool) -> None:
    """--version: print the installed version and stop."""
    if value:
        import typer
        from importlib.metadata import PackageNotFoundError, version

        try:
            v = version("rootbotics")
        except PackageNotFoundError:  # pragma: no cover - running from a source tree
            v = "unknown"
        print(f"{PROG} {v}")
        raise typer.Exit(0)


def build_app() -> Any:
    """The typer application: the root options and a listing entry per command."""
    import typer

    quiet_flag_types()
    app = typer.Typer(
        name=PROG,
        cls=lazy_group(),
        add_completion=False,
        no_args_is_help=True,
        pretty_exceptions_enable=False,
        context_settings={"help_option_names": ["-h", "--help"]},
    )

    @app.callback(help=ROOT_HELP)
    def root(
        version: Annotated[
            bool,
            typer.Option("--version", help="Print the version and exit.", is_eager=True, callback=show_version),
        ] = False,
    ) -> None:
        pass

    for name in COMMANDS:
        app.command(name, help=command_module(name).HELP)(listing_entry)
    return app


def listing_entry() -> None:
    """What the root group holds for each command until it is chosen (``load_command``
    replaces it before it could run)."""
    raise RuntimeError("a command's listing entry was run instead of the command")  # pragma: no cover


def click_exceptions() -> Any:
    """The click exceptions typer uses (its own copy of click, or click itself)."""
    try:
        from typer._click import exceptions  # typer >= 0.2x carries its own click
    except ImportError:  # pragma: no cover - older typer on top of click
        from click import exceptions  # type: ignore[no-redef]
    return exceptions


def run(argv: Optional[Sequence[str]] = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit code."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args == ["--version"]:  # answered without building the typer app (issue 15: under 80 ms)
        from .. import __version__

        print(f"{PROG} {__version__}")
        return 0
    try:
        import rich  # noqa: F401
        import typer
        import typer.main
    except ImportError:
        print(NEED_EXTRA, file=sys.stderr)
        return 2
    errors = click_exceptions()
    command = typer.main.get_command(build_app())
    # typer's own Abort/Exit, plus click's when typer runs on top of click.
    aborts = tuple({typer.Abort, getattr(errors, "Abort", typer.Abort)})
    exits = tuple({typer.Exit, getattr(errors, "Exit", typer.Exit)})
    try:
        rv = command.main(args=args, prog_name=PROG, standalone_mode=False)
    except CliError as e:
        say_error(e.label, str(e))
        return e.code
    except errors.UsageError as e:
        return usage_error(e, getattr(errors, "NoArgsIsHelpError", None))
    except errors.ClickException as e:
        say_error("error", e.format_message())
        return e.exit_code or 2
    except aborts:
        say_error("error", "aborted")
        return 1
    except exits as e:  # pragma: no cover - typer returns the code instead
        return int(getattr(e, "exit_code", 0) or 0)
    return rv if isinstance(rv, int) else 0


def usage_error(e: Any, no_args: Any) -> int:
    """A usage error as one line (exit code 2); bare ``rootbotics`` shows the help (exit 0)."""
    if no_args is not None and isinstance(e, no_args):
        # Bare `rootbotics`: show the help (rich has already printed it) and succeed.
        text = e.format_message()
        if text.strip():
            print(text)
        return 0
    message = one_line(e.format_message())
    if e.ctx is not None:
        message += f" (see '{e.ctx.command_path} --help')"
    say_error("error", message)
    return 2


def main(argv: Optional[Sequence[str]] = None) -> None:
    """The ``rootbotics`` console script."""
    sys.exit(run(argv))
