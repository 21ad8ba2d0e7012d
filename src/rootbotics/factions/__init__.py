"""Factions: one package each."""
