"""The alliance faction."""
