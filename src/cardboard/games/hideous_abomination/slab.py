"""An abomination on its slab: a dict {(row, col): (tile, rotation, loose-mask)}.

Dicts are shared between states and never changed in place: a move builds a new one.
Sides are bits N=1, E=2, S=4, W=8; "loose" sides are where the artwork meets the edge.
"""
from __future__ import annotations

# (d_row, d_col, this side's bit, the facing side's bit) for N, E, S, W
DIRS = ((-1, 0, 1, 4), (0, 1, 2, 8), (1, 0, 4, 1), (0, -1, 8, 2))
SIDE_NAMES = "NESW"
# The DIRS entries of a mask's loose sides, by mask: the scans below run on every move of a
# rollout, and looking at loose sides only skips the bit tests of the closed ones.
LOOSE_DIRS = tuple(tuple(d for d in DIRS if mask & d[2]) for mask in range(16))
LOOSE_EAST_SOUTH = tuple(tuple(d for d in DIRS[1:3] if mask & d[2]) for mask in range(16))


def cell_text(cell) -> str:
    """A cell as people read it in moves and the log: (row,col), no space, one word."""
    return f"({cell[0]},{cell[1]})"


def where(cell) -> str:
    """A cell as a reader finds it, counted from the torso: "2 above the torso", "1 below and
    1 left of the torso" (moves and the log; the terminal grid numbers rows and columns the same way)."""
    r, c = cell
    if r == 0 and c == 0:
        return "the torso's cell"
    parts = []
    if r:
        parts.append(f"{abs(r)} {'above' if r < 0 else 'below'}")
    if c:
        parts.append(f"{abs(c)} {'left' if c < 0 else 'right'}")
    return " and ".join(parts) + (" of the torso" if c else " the torso")


ICON_ONE = {"eyes": "eye", "teeth": "tooth", "ears": "ear", "noses": "nose", "horns": "horn", "digits": "digit",
            "spikes": "spike", "tentacles": "tentacle"}


def tile_name(tile) -> str:
    """A tile by what is printed on it: colour, texture, type, and its icons ("the red fur head
    (2 eyes, 4 teeth, 2 ears)"); tiles carry no printed id."""
    icons = ", ".join(f"{n} {ICON_ONE.get(k, k) if n == 1 else k}" for k, n in tile.attributes.items() if n)
    return f"the {tile.colour} {tile.texture} {tile.type}" + (f" ({icons})" if icons else "")


def sides_text(mask: int) -> str:
    return "".join(name for name, bit in zip(SIDE_NAMES, (1, 2, 4, 8)) if mask & bit)


def open_loose_ends(slab: dict) -> int:
    """L: loose sides facing an empty cell, over every tile (disconnected ones too) [HA-D-3]."""
    count = 0
    for (r, c), (_, _, mask) in slab.items():
        for dr, dc, _, _ in LOOSE_DIRS[mask]:
            if (r + dr, c + dc) not in slab:
                count += 1
    return count


def open_cells(slab: dict) -> dict:
    """Empty cells some loose end faces, each with what a tile there must match:
    (sides that must be loose, sides that must be closed) [HA-P-2]."""
    cells = {}
    for (r, c), (_, _, mask) in slab.items():
        for dr, dc, _, _ in LOOSE_DIRS[mask]:
            cell = (r + dr, c + dc)
            if cell not in slab and cell not in cells:
                cells[cell] = _needs(slab, cell)
    return cells


def _needs(slab: dict, cell) -> tuple[int, int]:
    r, c = cell
    loose = closed = 0
    for dr, dc, bit, facing in DIRS:
        neighbour = slab.get((r + dr, c + dc))
        if neighbour is not None:
            if neighbour[2] & facing:
                loose |= bit
            else:
                closed |= bit
    return loose, closed


# FIT[loose | closed << 4]: the loose-side masks that fit a cell of that need, as bits 1 << mask
FIT = tuple(sum(1 << m for m in range(16) if m & (code & 15) == code & 15 and not m & (code >> 4))
            for code in range(256))


def fits(mask: int, need: tuple[int, int]) -> bool:
    loose, closed = need
    return mask & loose == loose and not mask & closed


def seams(slab: dict) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Pairs of neighbouring tiles that meet loose to loose: where a bolt may go [HA-B-3]."""
    out = []
    for (r, c), (_, _, mask) in slab.items():
        for dr, dc, _, facing in LOOSE_EAST_SOUTH[mask]:  # E and S: each seam once
            other = slab.get((r + dr, c + dc))
            if other is not None and other[2] & facing:
                out.append(((r, c), (r + dr, c + dc)))
    return out


def loose_after_removal(slab: dict, cell, loose_now: int | None = None) -> int:
    """L once the tile at `cell` is taken away (its neighbours' loose ends open up);
    pass the slab's current L as `loose_now` when asking for many cells."""
    r, c = cell
    mask = slab[cell][2]
    delta = 0
    for dr, dc, bit, facing in DIRS:
        neighbour = slab.get((r + dr, c + dc))
        if mask & bit and neighbour is None:
            delta -= 1  # its own open end goes with it
        if neighbour is not None and neighbour[2] & facing:
            delta += 1  # the neighbour's loose end is open again
    return (open_loose_ends(slab) if loose_now is None else loose_now) + delta


def bounding_box(slab: dict) -> tuple[int, int]:
    rows = [r for r, _ in slab]
    cols = [c for _, c in slab]
    return max(rows) - min(rows) + 1, max(cols) - min(cols) + 1


def largest_limb(slab: dict) -> int:
    """Tiles in the largest group of two-loose-end tiles joined loose to loose."""
    two = {cell for cell, (_, _, m) in slab.items() if bin(m).count("1") == 2}
    best, seen = 0, set()
    for start in two:
        if start in seen:
            continue
        size, stack = 0, [start]
        seen.add(start)
        while stack:
            r, c = stack.pop()
            size += 1
            mask = slab[(r, c)][2]
            for dr, dc, bit, facing in DIRS:
                cell = (r + dr, c + dc)
                if cell in two and cell not in seen and mask & bit and slab[cell][2] & facing:
                    seen.add(cell)
                    stack.append(cell)
        best = max(best, size)
    return best


class Geo:
    """What the rules ask of one slab again and again, worked out once: a slab never changes,
    so this is kept beside it (HAState.geo) and a placed tile's is derived from the slab's
    before it (`after_play`) instead of scanning every tile again. The lazy parts (seams, the
    tiles a steal may take, plays by tile) are filled on first use."""

    __slots__ = ("slab", "L", "cells", "spots", "fit", "fit_rows", "play_spots", "seams", "stealable", "plays", "bolt_seams",
                 "tally")

    def __init__(self, slab: dict, L: int | None = None, cells: dict | None = None):
        self.slab = slab
        self.L = open_loose_ends(slab) if L is None else L
        self.cells = open_cells(slab) if cells is None else cells
        self.spots = None  # (seat, [(seat, cell, fitting, base)]): the open cells listed, for a rollout's draws
        self.fit = None  # [(cell, fitting, base)]: see fit_list
        self.fit_rows = None  # (seat, fit_list with each cell's row of plays on that seat), filled by the rules
        self.play_spots: dict = {}  # loose-side mask -> [(cell, base, row of plays)], filled by the rules
        self.seams = None
        self.stealable = None
        self.plays = None  # {(seat, may_complete): {tile: (plays, ...)}}, filled by the rules
        self.bolt_seams = None  # (bolts, [seams a bolt may go on]), filled by the rules
        self.tally = None  # scoring.Tally: what the score cards count, filled by scoring

    def after_play(self, slab: dict, cell, mask: int) -> "Geo":
        """The Geo of `slab`, which is this slab with a tile of loose sides `mask` placed on
        the open cell `cell` (fitting: its sides facing tiles are exactly the loose ends
        facing it). The open cells keep open_cells' order: the cells the new tile opens come
        last, in DIRS order."""
        cells = dict(self.cells)
        need = cells.pop(cell, None)
        if need is None:  # not an open cell: no shortcut
            return Geo(slab)
        covered = need[0].bit_count()
        r, c = cell
        for dr, dc, bit, facing in DIRS:
            nb = (r + dr, c + dc)
            if nb in slab:
                continue
            got = cells.get(nb)
            if got is not None:
                cells[nb] = (got[0] | facing, got[1]) if mask & bit else (got[0], got[1] | facing)
            elif mask & bit:
                cells[nb] = _needs(slab, nb)
        return Geo(slab, self.L - covered + (mask.bit_count() - covered), cells)

    def after_removal(self, slab: dict, cell) -> "Geo":
        """The Geo of `slab`, which is this slab less the tile at `cell` (a steal): L from the
        tile's sides, the open cells listed as `open_cells` lists them, each cell's needs read
        from before but for the cells beside the gap and the gap itself (only their
        neighbours changed); the seams, if counted before, less the tile's."""
        L = loose_after_removal(self.slab, cell, self.L)
        before = self.cells
        r, c = cell
        changed = {cell, (r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)}
        cells = {}
        for (tr, tc), (_, _, mask) in slab.items():
            for dr, dc, _, _ in LOOSE_DIRS[mask]:
                nb = (tr + dr, tc + dc)
                if nb not in slab and nb not in cells:
                    cells[nb] = _needs(slab, nb) if nb in changed else before[nb]
        geo = Geo(slab, L, cells)
        if self.seams is not None:  # the tile's own seams go; the others keep their order
            geo.seams = [seam for seam in self.seams if cell not in seam]
        return geo

    def fit_list(self) -> list:
        """[(cell, fitting, base)] for each open cell, in order: `fitting` has bit 1 << mask set
        for each loose-side mask that fits there [HA-P-2]; a tile of k loose sides placed there
        leaves base + k open loose ends (base = L less twice the loose ends it closes)."""
        if self.fit is None:
            L = self.L
            self.fit = [(cell, FIT[loose | closed << 4], L - 2 * loose.bit_count())
                        for cell, (loose, closed) in self.cells.items()]
        return self.fit

    def open_spots(self, seat: int) -> list:
        """fit_list with the seat in front: what a rollout's play draws from."""
        spots = self.spots
        if spots is None or spots[0] != seat:
            spots = self.spots = (seat, [(seat,) + spot for spot in self.fit_list()])
        return spots[1]

    def seam_list(self) -> list:
        if self.seams is None:
            self.seams = seams(self.slab)
        return self.seams

    def steal_cells(self, torso) -> list:
        """Cells whose tile a thief may take but for bolts: not a torso, and not one whose
        loss leaves the abomination complete [HA-R-7] [HA-D-11]; in the slab's order."""
        if self.stealable is None:
            self.stealable = list(self._stealable(torso))
        return self.stealable

    def can_steal(self, torso, bolted) -> bool:
        """Whether a cell of `steal_cells` is not in `bolted`; stops at the first one when the
        cells are not listed yet (the die's Steal face and Go Mad! only ask whether there is one)."""
        cells = self.stealable if self.stealable is not None else self._stealable(torso)
        for cell in cells:
            if cell not in bolted:
                return True
        return False

    def _stealable(self, torso):
        slab, L = self.slab, self.L
        for cell, (t, _, mask) in slab.items():
            # a tile's removal takes away at most its own loose ends: with more open elsewhere
            # the abomination stays incomplete without counting
            if not torso[t] and (L > mask.bit_count() or loose_after_removal(slab, cell, L) > 0):
                yield cell
