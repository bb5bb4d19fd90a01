"""Helpers to set up exact Aban! positions for rule tests."""
from __future__ import annotations

import cardboard
from cardboard.engine import Rng
from cardboard.games.aban import garden as G

# Drawing legend: a digit 2-6 is that face's plant; others are tokens.
LEGEND = {".": G.EMPTY, "#": G.NO_POT, "E": G.ESPINO, "W": G.RADISH, "K": G.DIG,
          "R": G.ROCKY + G.EMPTY, "w": G.ROCKY + G.RADISH}  # a Rocky on an empty square, on a radish


def make(players=2, seed=1, **options):
    game = cardboard.load_game("aban", players=players, seed=seed, options=options)
    return game, game.new_initial_state()


def garden(drawing: str, origin=(0, 0)) -> tuple[int, ...]:
    """A garden from rows of symbols; r<digit> is a Rocky on that plant ("R5" is not needed:
    use lowercase letters a-e for a Rocky on faces 2-6)."""
    g = [G.NO_POT] * G.SIZE
    rows = [row.split() if " " in row.strip() else list(row.strip()) for row in drawing.strip().splitlines()]
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch in LEGEND:
                code = LEGEND[ch]
            elif ch.isdigit():
                code = int(ch)
            elif ch in "abcde":
                code = G.ROCKY + 2 + "abcde".index(ch)
            else:
                raise ValueError(ch)
            g[G.idx(r + origin[0], c + origin[1])] = code
    return tuple(g)


def points(game, drawing: str, face: int) -> int:
    return game.cfg.scorer.garden(garden(drawing))[0][face]


def choose_foods(state, numbers):
    for n in numbers:
        state.apply_json({"kind": "food", "number": n})


def set_dice(state, dice):
    state.dice = tuple(sorted(dice))
    state._legal = None


def set_garden(state, seat, drawing):
    gs = list(state.gardens)
    gs[seat] = garden(drawing)
    set_gardens(state, *gs)


def set_gardens(state, *gardens):
    """Replace every garden (drawings or garden tuples), keeping the state's lists of squares
    (every square, the empty ones, the ones with tokens) in step."""
    gs = tuple(garden(g) if isinstance(g, str) else g for g in gardens)
    state.gardens = gs
    state.refresh_squares()


class ScriptedRng(Rng):
    """An Rng whose dice come from a script (then from the seed): for exact chance in tests."""

    __slots__ = ("script",)

    def __init__(self, script, seed=0):
        super().__init__(seed)
        self.script = list(script)

    def copy(self):
        new = ScriptedRng(self.script, self.state)
        return new

    def roll(self, count, sides=6):
        out = []
        for _ in range(count):
            out.append(self.script.pop(0) if self.script else 1 + self.below(sides))
        return tuple(out)


def kinds(state):
    return {a.kind for a in state.legal_actions()}
