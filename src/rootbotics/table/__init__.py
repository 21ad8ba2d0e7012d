"""The table companion: a real game at a physical table, human moves entered, bot turns told
as physical steps, with undo and resume (see docs/session-format.md)."""
