"""The lizards faction."""
