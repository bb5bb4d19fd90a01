"""How the research adapters (cardboard.interop) number Hideous Abomination's moves: a tile is
played as the tile, then the seat whose slab takes it, then the square, then the turn (each a
sub-choice masked to what is legal); squares are relative to a slab's first tile, within 15
either way; a bolt names its seam's two squares; a dig takes its tiles one by one."""
from cardboard.interop.spec import each, step

from .content import MAX_PLAYERS, load_components

TILES = [tile.id for tile in load_components().tiles]
REACH = 15
SQUARES = [[r, c] for r in range(-REACH, REACH + 1) for c in range(-REACH, REACH + 1)]
SEATS = range(MAX_PLAYERS)
PILES = range(3)

ENCODING = {"moves": {
    "draw": {"source": ["deck", 0, 1, 2]},
    "play": {"tile": TILES, "seat": step(SEATS), "at": step(SQUARES), "rotation": step(range(4))},
    "discard": {"tile": TILES, "pile": PILES},
    "dig": {"pile": PILES},
    "dig_take": {"tiles": each(TILES)},
    "dig_top": {"tile": TILES},
    "choose": {"action": ["award", "dig", "draw", "steal"]},
    "steal": {"seat": SEATS, "at": step(SQUARES)},
    "bolt": {"seam": each(SQUARES)},
    "forfeit": {},
}}
