"""Plain words (issue #23): no move label, log line or refusal of Aban! reads like an internal id
("r1c1", "plus_minus_one", "[1, 2]"); squares are named "row 2, column 3" as a reader counts them."""
from __future__ import annotations

import random
import re

import pytest

from .helpers import make

# the internal-id patterns of tests/engine/test_plain_words.py (the shared test of issue #23)
CODES = [re.compile(p) for p in (
    r"\b[a-z]+_[a-z_]+\b", r"\b\w+=", r"\b\d+\.[a-z][a-z0-9]*\b", r"\br\d+c\d+\b", r"\(\s*-?\d+\s*,\s*-?\d+\s*\)",
    r"#\d+", r"\b[A-Z]{3,}\b", r"\b[A-Z][a-z]?/[A-Z][a-z]?\b", r"\b\d+[A-Za-z]\+\d+[A-Za-z]\b", r"\b\d+/\d+/\d+\b",
    r"\[\s*-?\d+\s*(,\s*-?\d+\s*)*\]")]  # and Python's lists of numbers ("[1, 2]")


def codes_in(text: str) -> list[str]:
    return [m.group(0) for p in CODES for m in p.finditer(text)]


@pytest.mark.parametrize("players,options", [(2, {}), (3, {"token_side": "rocky"}), (4, {"expansion": True}),
                                             (1, {})])
def test_labels_and_log_lines_are_plain_words(players, options):
    for seed in range(3):
        try:
            game, s = make(players=players, seed=seed, **options)
        except Exception:  # an option this version does not have: play without it
            game, s = make(players=players, seed=seed)
        rnd = random.Random(seed)
        while not s.is_terminal():
            legal = s.legal_actions()
            for a in legal:
                assert not codes_in(a.label()), a.label()
            s.apply(rnd.choice(legal))
        for line in s.view(0)["log"]:
            assert not codes_in(line), line


def test_a_square_is_named_by_its_row_and_column():
    game, s = make(players=2, seed=1)
    while s.phase == "food":
        s.apply(s.legal_actions()[0])
    plant = next(a for a in s.legal_actions() if a.kind == "plant" and tuple(a["at"]) == (1, 2))
    assert plant.label().endswith("in row 2, column 3")
    espino = next(a for a in s.legal_actions() if a.kind == "espino")
    r, c = espino["at"]
    assert f"seat {espino['seat']}'s garden, row {r + 1}, column {c + 1}" in espino.label()
