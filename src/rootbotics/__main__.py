"""``python -m rootbotics``: the same as the ``rootbotics`` command."""

from .cli import main

if __name__ == "__main__":
    main()
