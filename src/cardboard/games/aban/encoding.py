"""How the research adapters (cardboard.interop) number Aban!'s moves: a die's use is chosen as its
kind and die, then the square (`at`, every square of the 12 x 12 field the garden can grow into);
an Espino names the target seat with its die; the Machonero's dice are chosen one by one."""
from cardboard.interop.spec import each, step

from .garden import OFF, W

DICE = range(1, 7)
SQUARES = [[r, c] for r in range(-OFF, W - OFF) for c in range(-OFF, W - OFF)]

ENCODING = {"moves": {
    "food": {"number": DICE},
    "pass": {"die": DICE},
    "plant": {"die": DICE, "at": step(SQUARES)},
    "pot": {"die": DICE, "at": step(SQUARES)},
    "radish": {"die": DICE, "at": step(SQUARES)},
    "shovel": {"die": DICE, "at": step(SQUARES)},
    "espino": {"die": DICE, "seat": range(5), "at": step(SQUARES)},
    "rocky": {"die": DICE, "seat": range(5), "at": step(SQUARES)},
    "colemo": {"die": DICE, "change": [-1, 1]},
    "machonero": {"dice": each(DICE)},
}}
