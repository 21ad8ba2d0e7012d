"""The command line: ``rootbotics play`` plays the Clockwork bots against each other and
explains every step; ``show`` prints a saved position; ``map`` draws a map as SVG;
``simulate``, ``report`` and ``replay`` study many games; ``soak`` checks random games.

One module per command (``play``, ``show``, ``map``, ``simulate``, ``report``, ``replay``,
``soak``); ``common`` holds the errors and option checks, ``output`` what is printed, ``app``
the typer application and ``run``. Each command imports the engine only when it runs.

typer and rich are an optional extra (``pip install 'rootbotics[cli]'``), imported only when
the command line runs: without them, ``main()`` says what to install and exits 2.

Exit codes: 0 done, 1 the engine failed (or the position could not be written), 2 bad input.
Bad input always gives exactly one line on stderr, never a traceback.
"""

from .app import main, run

__all__ = ["main", "run"]
