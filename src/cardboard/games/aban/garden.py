"""The garden sheet as a flat tuple of ints: geometry and cell codes.

The 4x4 sheet sits inside a 12x12 field so that Don maceta's extra pots have
room to grow; squares are addressed (row, col) with the sheet at 0..3 and
extra pots at -3..-1 or 4..6. A garden is a 144-tuple of cell codes.
"""
from __future__ import annotations

W = 12
OFF = 4
SIZE = W * W
POT_MIN, POT_MAX = -3, 6  # where an extra pot may be drawn (keeps a margin round the field)

# cell codes
NO_POT = -1
EMPTY = 0
# 2..6: the plant of that die face's board
ESPINO = 7
RADISH = 8
DIG = 9
ROCKY = 10  # n * ROCKY + under: n >= 1 Rockys on top of `under` (EMPTY, a plant 2..6 or RADISH)

CODE_NAMES = {NO_POT: "none", EMPTY: "empty", ESPINO: "espino", RADISH: "radish", DIG: "dig"}


def idx(r: int, c: int) -> int:
    return (r + OFF) * W + (c + OFF)


def rc(i: int) -> tuple[int, int]:
    return i // W - OFF, i % W - OFF


def in_field(r: int, c: int) -> bool:
    return -OFF <= r < W - OFF and -OFF <= c < W - OFF


def words(r: int, c: int) -> str:
    """A square as a reader counts it on the sheet: "row 2, column 3" (extra pots off the sheet
    continue the count: row 0 is above row 1, column 5 right of column 4)."""
    return f"row {r + 1}, column {c + 1}"


def label(i: int) -> str:
    return words(*rc(i))


def new_garden(rows: int, cols: int) -> tuple[int, ...]:
    g = [NO_POT] * SIZE
    for r in range(rows):
        for c in range(cols):
            g[idx(r, c)] = EMPTY
    return tuple(g)


def _neighbours(offsets) -> tuple[tuple[int, ...], ...]:
    out = []
    for i in range(SIZE):
        r, c = rc(i)
        out.append(tuple(idx(r + dr, c + dc) for dr, dc in offsets if in_field(r + dr, c + dc)))
    return tuple(out)


ORTHOGONAL = ((-1, 0), (1, 0), (0, -1), (0, 1))
VERTICAL = ((-1, 0), (1, 0))
DIAGONAL = ((-1, -1), (-1, 1), (1, -1), (1, 1))
HORIZONTAL = ((0, -1), (0, 1))

NEIGHBOURS4 = _neighbours(ORTHOGONAL)
NEIGHBOURS_VERTICAL = _neighbours(VERTICAL)
NEIGHBOURS_VERT_DIAG = _neighbours(VERTICAL + DIAGONAL)
NEIGHBOURS8 = _neighbours(ORTHOGONAL + DIAGONAL)

POT_ZONE = frozenset(
    idx(r, c) for r in range(POT_MIN, POT_MAX + 1) for c in range(POT_MIN, POT_MAX + 1)
)


def pot_sites(garden: tuple[int, ...], squares) -> list[int]:
    """Where Don maceta may add a pot: off the sheet, orthogonally next to one of `squares`."""
    return sorted({
        j for i in squares for j in NEIGHBOURS4[i] if garden[j] == NO_POT and j in POT_ZONE
    })


def with_cell(garden: tuple[int, ...], i: int, code: int) -> tuple[int, ...]:
    g = list(garden)
    g[i] = code
    return tuple(g)


def rockys(code: int) -> int:
    """How many Rockys a square holds."""
    return code // ROCKY if code >= ROCKY else 0


def under(code: int) -> int:
    """What a square holds beneath its Rockys (the code itself when it has none)."""
    return code % ROCKY if code >= ROCKY else code
