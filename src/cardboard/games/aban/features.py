"""What the lab measures of a finished Aban! game, per seat: the boards in play (`in.<plant>`,
0/1 for every plant of the content), the points each board in play scored (`board.<plant>`,
absent when the board is not in play), which patterns scored on the pattern boards
(`pattern.<plant>.<pattern>`, how many times), the super plants in play (`super.<id>`), plants grown, the Chayote, tokens and radishes."""
from __future__ import annotations

import re

from .garden import RADISH
from .scoring import placements_by_cell

_placements: dict = {}


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def _by_cell(plant, horizontal: bool):
    """Each square's placements of the board's patterns: (mask, vp, pattern name), best first."""
    key = (plant.id, id(plant), horizontal)
    hit = _placements.get(key)
    if hit is None:
        hit = _placements[key] = placements_by_cell(plant, horizontal)
    return hit


def patterns_scored(plant, horizontal: bool, real: int, wild: int) -> dict[str, int]:
    """The patterns of one best packing of a board's plants (radishes may join, as in scoring)."""
    by_cell = _by_cell(plant, horizontal)
    memo: dict = {}

    def best(cells: int):
        if not cells:
            return 0, ()
        hit = memo.get(cells)
        if hit is not None:
            return hit
        low = cells & -cells
        value, picks = best(cells ^ low)
        value += plant.leftover_vp if low & real else 0
        choice = (value, picks)
        for mask, vp, name in by_cell[low.bit_length() - 1]:
            if mask & cells == mask and mask & real:
                v, p = best(cells ^ mask)
                if v + vp > choice[0]:
                    choice = (v + vp, p + (name,))
        memo[cells] = choice
        return choice

    counts: dict[str, int] = {}
    for name in best(real | wild)[1]:
        counts[name] = counts.get(name, 0) + 1
    return counts


def features(state) -> list[dict]:
    cfg = state.cfg
    content = cfg.content
    points = state.score_breakdown()
    in_play = set(cfg.boards.values())
    out = []
    for seat in range(cfg.players):
        garden = state.gardens[seat]
        b = points[seat]
        doc = {"chayote": b["chayote"], "token_points": b["tokens"], "radish_points": b["radishes"],
               "feeds": state.feeds[seat], "plants": sum(1 for v in garden if 2 <= v <= 6)}
        doc.update({f"in.{plant.id}": int(plant.id in in_play) for plant in content.plants})
        doc.update({f"super.{sp.id}": int(sp.id in cfg.supers) for sp in content.super_plants})
        wild = 0
        for i, v in enumerate(garden):
            if v == RADISH:
                wild |= 1 << i
        for face, pid in sorted(cfg.boards.items()):
            doc[f"board.{pid}"] = b["plants"].get(pid, 0)
            plant = content.plant(pid)
            if plant.scoring == "patterns":
                real = 0
                for i, v in enumerate(garden):
                    if v == face:
                        real |= 1 << i
                for pattern in plant.patterns:
                    doc[f"pattern.{pid}.{_slug(pattern.name)}"] = 0
                for name, count in patterns_scored(plant, cfg.horizontal_lines, real, wild).items():
                    doc[f"pattern.{pid}.{_slug(name)}"] = count
        out.append(doc)
    return out
