"""The duchy faction."""
