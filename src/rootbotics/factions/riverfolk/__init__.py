"""The riverfolk faction."""
