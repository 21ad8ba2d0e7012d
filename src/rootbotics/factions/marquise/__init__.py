"""The marquise faction."""
