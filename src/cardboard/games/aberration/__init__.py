"""Aberration: the cooperative village defence. The components as data (content/, content.py); the rules come next."""
