"""Final scoring: plant patterns (best assignment, a plant in at most one pattern),
majorities, the Herbivorous Chayote, tokens and radishes.

Plants of different boards never share a pattern, so each board is solved on its
own; the only coupling is Rabamimo's wild radishes, handled by trying every way
of handing the (at most three) radishes to the boards.
"""
from __future__ import annotations

from functools import lru_cache

from .content import Content, Pattern, Plant, load_content
from .garden import (
    DIAGONAL, ESPINO, HORIZONTAL, NEIGHBOURS4, NEIGHBOURS_VERTICAL, RADISH, ROCKY, SIZE, VERTICAL,
    idx, in_field, rc,
)


def _transforms(cells, symmetry: str, horizontal: bool):
    shapes = [cells]
    if symmetry == "mirror":
        shapes.append([(r, -c) for r, c in cells])
    elif symmetry == "all":
        for k in range(4):
            rot = cells
            for _ in range(k):
                rot = [(c, -r) for r, c in rot]
            shapes.append(rot)
            shapes.append([(r, -c) for r, c in rot])
    if horizontal:
        shapes += [[(c, -r) for r, c in s] for s in list(shapes)]
    seen, out = set(), []
    for s in shapes:
        r0 = min(r for r, _ in s)
        c0 = min(c for _, c in s)
        norm = tuple(sorted((r - r0, c - c0) for r, c in s))
        if norm not in seen:
            seen.add(norm)
            out.append(norm)
    return out


def pattern_orientations(pattern: Pattern, horizontal_lines: bool = False):
    """Every distinct placement shape of a pattern, as normalised (row, col) offsets."""
    return _transforms(list(pattern.cells()), pattern.symmetry, horizontal_lines and pattern.horizontal_variant)


def placements_by_cell(plant: Plant, horizontal_lines: bool) -> list[list[tuple[int, int, str]]]:
    """Each square's placements of the board's patterns, best first: (mask of the squares it
    covers, its VP, the pattern's name)."""
    by_cell: list[list[tuple[int, int, str]]] = [[] for _ in range(SIZE)]
    for pattern in plant.patterns:
        for shape in pattern_orientations(pattern, horizontal_lines):
            for i in range(SIZE):
                r, c = rc(i)
                if all(in_field(r + dr, c + dc) for dr, dc in shape):
                    mask = 0
                    for dr, dc in shape:
                        mask |= 1 << idx(r + dr, c + dc)
                    for dr, dc in shape:
                        by_cell[idx(r + dr, c + dc)].append((mask, pattern.vp, pattern.name))
    for lst in by_cell:
        lst.sort(key=lambda m: -m[1])
    return by_cell


class BoardScorer:
    """Scores the plants of one board in a garden, given as bitmasks."""

    __slots__ = ("plant", "kind", "by_cell", "blockers", "links", "cache", "packed")

    def __init__(self, plant: Plant, horizontal_lines: bool):
        self.plant = plant
        self.kind = plant.scoring
        self.cache: dict = {}
        self.packed: dict = {}  # best packing of a set of plants (no radishes), shared by all scores
        self.by_cell: list[list[tuple[int, int]]] = [[] for _ in range(SIZE)]
        if self.kind == "patterns":
            self.by_cell = [[(mask, vp) for mask, vp, _ in cell]
                            for cell in placements_by_cell(plant, horizontal_lines)]
        self.blockers = []
        if self.kind == "isolated":  # the squares where another one spoils it
            offsets = VERTICAL + DIAGONAL + (HORIZONTAL if horizontal_lines else ())
            self.blockers = [
                sum(1 << idx(r + dr, c + dc) for dr, dc in offsets if in_field(r + dr, c + dc))
                for r, c in map(rc, range(SIZE))
            ]
        self.links = NEIGHBOURS_VERTICAL if plant.adjacency == "vertical" else NEIGHBOURS4

    def score(self, real: int, wild: int = 0) -> int:
        """Best points from plants `real` (bitmask) with radishes `wild` free to join."""
        key = (real, wild)
        hit = self.cache.get(key)
        if hit is not None:
            return hit
        kind = self.kind
        if kind == "each":
            value = self.plant.vp * real.bit_count()
        elif kind == "isolated":
            value = 0
            m = real
            while m:
                low = m & -m
                if not (self.blockers[low.bit_length() - 1] & real):
                    value += self.plant.vp
                m ^= low
        elif kind == "chain":
            value = self._chains(real, wild)
        elif kind == "patterns":
            if wild:  # radishes may join but score nothing alone: the packing depends on both
                value = self._pack(real | wild, real, {})
            else:  # every square is a plant: the best packing of a set depends on the set alone
                if len(self.packed) > 200_000:
                    self.packed.clear()
                value = self._pack(real, real, self.packed)
        else:  # majority: scored across players
            value = 0
        if len(self.cache) > 200_000:
            self.cache.clear()
        self.cache[key] = value
        return value

    def _chains(self, real: int, wild: int) -> int:
        cells = real | wild
        value = 0
        first, further, links = self.plant.first_vp, self.plant.further_vp, self.links
        while cells:
            low = cells & -cells
            stack = [low.bit_length() - 1]
            comp = low
            cells ^= low
            while stack:
                i = stack.pop()
                for j in links[i]:
                    bit = 1 << j
                    if cells & bit:
                        cells ^= bit
                        comp |= bit
                        stack.append(j)
            if comp & real:
                value += first + further * (comp.bit_count() - 1)
        return value

    def _pack(self, cells: int, real: int, memo: dict) -> int:
        # Decide the lowest remaining square: left out, or covered by a pattern through it.
        if not cells:
            return 0
        hit = memo.get(cells)
        if hit is not None:
            return hit
        low = cells & -cells
        rest = cells ^ low
        best = self._pack(rest, real, memo) + (self.plant.leftover_vp if low & real else 0)
        for mask, vp in self.by_cell[low.bit_length() - 1]:
            if mask & cells == mask and mask & real:
                value = vp + self._pack(cells ^ mask, real, memo)
                if value > best:
                    best = value
        memo[cells] = best
        return best


# Gardens scored, kept per set of boards. A key is a whole garden (a 144-tuple, about 1.2 kB) and
# a search's playouts end in gardens seen once: 200,000 of them were about 300 MB per set of boards.
GARDEN_CACHE = 20_000


class GardenScorer:
    """Scores whole gardens for one set of boards; results cached by garden."""

    def __init__(self, content: Content, boards: dict[int, str], horizontal_lines: bool):
        self.content = content
        self.faces = tuple(sorted(boards))
        self.boards = {f: board_scorer(content.plant(boards[f]), horizontal_lines) for f in self.faces}
        self.majority_faces = tuple(f for f in self.faces if self.boards[f].kind == "majority")
        self.cache: dict = {}

    def garden(self, garden: tuple[int, ...], squares=None) -> tuple[tuple[int, ...], tuple[int, ...], int, int, int]:
        """(points by face 0..6, plant counts by face 0..6, espinos, rockys, radishes).

        `squares` (the garden's square indices) spares a scan of the whole field."""
        hit = self.cache.get(garden)
        if hit is not None:
            return hit
        masks = [0] * 7
        espinos = rockys = covered_radishes = 0
        wilds = []
        for i in range(len(garden)) if squares is None else squares:
            v = garden[i]
            if 2 <= v <= 6:
                masks[v] |= 1 << i
            elif v == ESPINO:
                espinos += 1
            elif v == RADISH:
                wilds.append(1 << i)
            elif v >= ROCKY:  # Rockys cover what they sit on: it leaves every pattern [AB-D-5]
                rockys += v // ROCKY
                if v % ROCKY == RADISH:
                    covered_radishes += 1  # still a radish drawn, for its penalty [AB-X-8]
        points = [0] * 7
        if not wilds:
            for f in self.faces:
                points[f] = self.boards[f].score(masks[f])
        else:
            points = self._with_wilds(masks, wilds)
        counts = tuple(m.bit_count() for m in masks)
        result = (tuple(points), counts, espinos, rockys, len(wilds) + covered_radishes)
        if len(self.cache) > GARDEN_CACHE:
            self.cache.clear()
        self.cache[garden] = result
        return result

    def _with_wilds(self, masks, wilds) -> list[int]:
        # table[f][subset] = points of face f using the radishes in `subset`.
        n = len(wilds)
        subsets = range(1 << n)
        wild_of = [sum(wilds[k] for k in range(n) if s >> k & 1) for s in subsets]
        takers = [f for f in self.faces if self.boards[f].kind in ("patterns", "chain") and masks[f]]
        table = {f: [self.boards[f].score(masks[f], wild_of[s]) for s in subsets] for f in takers}
        # best[used] over boards processed so far, with the assignment that got it
        best = {0: (0, {})}
        for f in takers:
            nxt = {}
            for used, (total, picks) in best.items():
                free = (~used) & ((1 << n) - 1)
                sub = free
                while True:
                    value = total + table[f][sub]
                    key = used | sub
                    if key not in nxt or value > nxt[key][0]:
                        nxt[key] = (value, {**picks, f: sub})
                    if sub == 0:
                        break
                    sub = (sub - 1) & free
            best = nxt
        _, picks = max(best.values(), key=lambda vp: vp[0])
        points = [0] * 7
        for f in self.faces:
            points[f] = table[f][picks[f]] if f in picks else self.boards[f].score(masks[f])
        return points


@lru_cache(maxsize=256)
def board_scorer(plant: Plant, horizontal_lines: bool) -> BoardScorer:
    """Boards are shared across games (plants are frozen data), and so are their caches."""
    return BoardScorer(plant, horizontal_lines)


@lru_cache(maxsize=512)
def garden_scorer(content_path: str | None, boards: tuple[tuple[int, str], ...],
                  horizontal_lines: bool) -> GardenScorer:
    """One scorer (and so one cache) per set of boards, shared by every game that uses it."""
    return GardenScorer(load_content(content_path), dict(boards), horizontal_lines)


def rank_awards(values, alone, tied) -> list[int]:
    """VP by standard competition ranking: rank = 1 + number of strictly larger values.

    A rank beyond the table, or a value of 0, earns nothing; tied players share a rank
    and each get its `tied` value.
    """
    out = []
    for v in values:
        if v <= 0:
            out.append(0)
            continue
        rank = sum(1 for w in values if w > v)
        shared = sum(1 for w in values if w == v) > 1
        out.append(0 if rank >= len(alone) else (tied[rank] if shared else alone[rank]))
    return out


def majority_rank_vp(counts, rank_vp) -> list[int]:
    """Romanis-style: VP per plant by rank, ties sharing the rank."""
    out = []
    for v in counts:
        rank = sum(1 for w in counts if w > v)
        out.append(v * rank_vp[rank] if v > 0 and rank < len(rank_vp) else 0)
    return out
