"""The vagabot faction."""
