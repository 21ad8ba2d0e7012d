"""How the help looks: a flag (an option that takes no value) shows no type placeholder.

Recent typer versions print ``<bool>`` in the type column of every flag (``--quiet <bool>``),
which reads as if the flag took a value. ``quiet_flag_types`` makes flags show nothing there;
options that take a value keep their metavar. It changes only how help is drawn.
"""

from typing import Any

_DONE: list[bool] = []


def quiet_flag_types() -> None:
    """Make typer's options show no type in the help when they are flags (once per process)."""
    if _DONE:
        return
    _DONE.append(True)
    try:
        from typer.core import TyperOption
    except ImportError:  # pragma: no cover - an older typer built on click shows no placeholder
        return
    shown = getattr(TyperOption, "display_type_rich", None)
    if shown is None:  # pragma: no cover - older typer versions draw flags without a type
        return

    def display_type_rich(self: Any, ctx: Any) -> Any:
        if getattr(self, "is_flag", False) and self.metavar is None:
            return None
        return shown(self, ctx)

    TyperOption.display_type_rich = display_type_rich  # type: ignore[method-assign]
