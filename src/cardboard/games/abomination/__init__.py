"""Abomination: The Heir of Frankenstein. The components as data (content.toml, content.py); the rules come next."""
