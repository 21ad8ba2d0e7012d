"""The table companion: what the humans at the table do, written down and put on the board."""
