"""Aberration: the cooperative village defence, 1 to 4 heroes against the Great Beast (rules.py; content in content/)."""
