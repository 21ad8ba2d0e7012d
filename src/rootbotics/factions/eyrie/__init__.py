"""The eyrie faction."""
