"""Plain words (issue #23): no move label, log line or refusal of Hideous Abomination reads like an internal id
("(-2,0)", "loose NEW", "red-01"); a cell is named from the torso ("2 above the torso"), a tile by what is printed on it."""
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
TILE_ID = re.compile(r"\b(?:red|orange|yellow|green|teal|blue|purple|pink|wild|torso)-\d+\b")


@pytest.mark.parametrize("players,options", [(2, {}), (3, {}), (5, {}), (2, {"variant": "ages_6_7"}),
                                             (2, {"variant": "ages_4_5"})])
def test_labels_and_log_lines_are_plain_words(players, options):
    for seed in range(3):
        game, s = make(players=players, seed=seed, **options)
        rnd = random.Random(seed)
        while not s.is_terminal():
            legal = s.legal_actions()
            for a in legal:
                assert not codes_in(a.label()) and not TILE_ID.search(a.label()), a.label()
            s.apply(rnd.choice(legal))
        for line in s.view(0)["log"]:
            assert not codes_in(line) and not TILE_ID.search(line), line


def test_a_cell_is_named_from_the_torso():
    from cardboard.games.hideous_abomination import slab as S
    assert S.where((0, 0)) == "the torso's cell"
    assert S.where((-2, 0)) == "2 above the torso"
    assert S.where((1, -1)) == "1 below and 1 left of the torso"
    assert S.where((0, 3)) == "3 right of the torso"


def test_a_tile_is_named_by_its_colour_texture_type_and_icons():
    game, s = make(players=2, seed=1)
    cfg = s.cfg
    assert S_name(cfg, "red-01") == "the red fur head (2 eyes, 4 teeth, 2 ears)"
    assert S_name(cfg, "red-11") == "the red fur arm"


def S_name(cfg, tid):
    from cardboard.games.hideous_abomination import slab as S
    return S.tile_name(cfg.tiles[cfg.index[tid]])
