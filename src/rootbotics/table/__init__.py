"""The table companion: a real game at a physical table. What the humans do is written down
(Rootlog lines) and put on the board; bot turns are told as physical steps; a session with
undo and resume keeps it all (see docs/session-format.md)."""
