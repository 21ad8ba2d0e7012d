"""The corvids faction."""
