"""Aban! solo: an afterstate value learned by temporal-difference play (an n-tuple network).

An experiment toward issue #5's solo target, kept so that it can be re-run and taken further:

    python benchmarks/aban_solo_td.py train --games 150000 --out /tmp/aban-solo.ntv [--start FILE]
    python benchmarks/aban_solo_td.py eval --weights FILE [--games 200] [--lookahead 6]

The player values a move as its points now (the garden's score change and a feed) plus the
learned value V of the garden it leaves. V is a sum of table entries read through small
windows of the 4x4 sheet (rows, columns, 2x2 blocks, diagonals and triangles of 3; each window
shared by its mirror images), a window's entry indexed by the plants on its squares (by plant,
not by die face, so one network serves every draw of boards) and by how many squares are still
empty; and one entry per square for what it holds, the squares left and Ko'bachan's digs to
come (digs favour some squares: the dig dice's sum names the square). It reads only what the
sheet shows. Learning: the player plays greedily on its own values, and after each game every
visited afterstate moves toward its lambda-return (lambda 0.6), with temporal-coherence step
sizes (each entry's rate is |sum of its errors| / sum of |errors|), which learned about four
times faster than a fixed rate. Games are the engine's own (`load_game("aban", players=1)`),
so the rules are the game's.

Results on 2026-12-02 (benchmarks/README.md, "A learned value"): after 135,000 training games
(33 minutes of one core) the greedy player's mean on the 200 `solo` games is 35.6 (median 36),
the heuristic's level; a second run of this script had 34.7 (median 35) after 103,000. It gains
about a point each time the games triple. The value did not help the heuristic when added to
its move values, and a one-roll look-ahead on it adds about one point. Not an agent of the
package: it does not beat the heuristic.
"""
from __future__ import annotations

import argparse
import array
import json
import statistics
import sys
import time
import zlib

import cardboard
from cardboard.agents import make_agent
from cardboard.games.aban import garden as G

SQUARES = [G.idx(r, c) for r in range(4) for c in range(4)]  # the sheet, in reading order
CODES = 17  # a square: 0 empty, 1 dug, 2 + the plant's place in the content's plant list
WINDOWS = [  # (row, col) squares; each also read through its mirror images
    [(0, 0), (0, 1), (0, 2), (0, 3)], [(1, 0), (1, 1), (1, 2), (1, 3)],
    [(0, 0), (1, 0), (2, 0), (3, 0)], [(0, 1), (1, 1), (2, 1), (3, 1)],
    [(0, 0), (0, 1), (1, 0), (1, 1)], [(0, 1), (0, 2), (1, 1), (1, 2)],
    [(1, 0), (1, 1), (2, 0), (2, 1)], [(1, 1), (1, 2), (2, 1), (2, 2)],
    [(0, 0), (1, 1), (2, 2)], [(0, 1), (1, 2), (2, 3)], [(1, 0), (2, 1), (3, 2)],
    [(0, 0), (0, 2), (1, 1)], [(0, 1), (0, 3), (1, 2)], [(1, 0), (1, 2), (2, 1)], [(1, 1), (1, 3), (2, 2)],
    [(0, 0), (2, 0), (1, 1)], [(0, 1), (2, 1), (1, 2)], [(1, 0), (3, 0), (2, 1)], [(1, 1), (3, 1), (2, 2)],
]
# stage of a window's entry by empty squares left (0..16): coarse for 4 squares, finer for 3
STAGES = {4: (0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3), 3: (0, 1, 2, 3, 3, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 7)}
ROLLS = [((a, b), (1 if a == b else 2) / 36) for a in range(1, 7) for b in range(a, 7)]


def _mirror(k: int, how: int) -> int:
    r, c = divmod(k, 4)
    return (3 - r if how & 2 else r) * 4 + (3 - c if how & 1 else c)


class Network:
    """The tables, and their temporal-coherence sums (errors and absolute errors)."""

    def __init__(self):
        self.reads = []  # (table, squares, offset by empties)
        self.tables = []
        for window in WINDOWS:
            n = len(window)
            size = CODES ** n
            table = array.array("d", bytes(8 * size * (max(STAGES[n]) + 1)))
            self.tables.append(table)
            offsets = tuple(s * size for s in STAGES[n])
            seen = set()
            for how in range(4):
                squares = tuple(_mirror(r * 4 + c, how) for r, c in window)
                if squares not in seen:
                    seen.add(squares)
                    self.reads.append((table, squares, offsets))
        self.cells = array.array("d", bytes(8 * 16 * CODES * 17 * 3))  # (square, code, empties, digs)
        self.tables.append(self.cells)
        self.entries_read = len(self.reads) + 16  # by one value: a learning rate is shared among them
        self.errors = {id(t): array.array("d", bytes(8 * len(t))) for t in self.tables}
        self.spread = {id(t): array.array("d", bytes(8 * len(t))) for t in self.tables}

    def _slots(self, codes, empties: int, digs: int):
        out = []
        for table, squares, offsets in self.reads:
            x = 0
            for k in squares:
                x = x * CODES + codes[k]
            out.append((table, offsets[empties] + x))
        base = empties * 3 + digs
        out += [(self.cells, (k * CODES + codes[k]) * 51 + base) for k in range(16)]
        return out

    def value(self, codes, empties: int, digs: int) -> float:
        return sum(t[x] for t, x in self._slots(codes, empties, digs))

    def learn(self, codes, empties: int, digs: int, target: float, rate: float) -> None:
        slots = self._slots(codes, empties, digs)
        delta = target - sum(t[x] for t, x in slots)
        size = abs(delta)
        for t, x in slots:
            errors, spread = self.errors[id(t)], self.spread[id(t)]
            s = spread[x]
            t[x] += rate * (abs(errors[x]) / s if s > 0 else 1.0) * delta
            errors[x] += delta
            spread[x] += size

    def save(self, path: str) -> None:
        parts = [array.array("f", t).tobytes() for t in self.tables]
        with open(path, "wb") as fh:
            fh.write(zlib.compress(b"".join(parts), 6))

    def load(self, path: str) -> None:
        with open(path, "rb") as fh:
            data = zlib.decompress(fh.read())
        at = 0
        for t in self.tables:
            n = 4 * len(t)
            t[:] = array.array("d", array.array("f", data[at:at + n]))
            at += n
        if at != len(data):
            raise SystemExit(f"{path}: not weights of this network ({len(data)} bytes, expected {at})")


class Sheet:
    """One game's reading of the sheet: plant codes, points and Ko'bachan's digs to come."""

    def __init__(self, state):
        cfg = state.cfg
        ids = [p.id for p in cfg.content.plants]
        self.code = {face: 2 + ids.index(pid) for face, pid in cfg.boards.items()}
        scorer = cfg.scorer
        self.scorer = scorer
        self.majority = {f: cfg.content.plant(cfg.boards[f]).rank_vp[0] for f in scorer.majority_faces}
        self.dig_steps = tuple(cfg.content.solo.dig_steps)

    def points(self, garden, pots) -> int:
        """The garden's plant points, alone at the table (a majority board pays its top rank)."""
        pts, counts, *_ = self.scorer.garden(garden, pots)
        return sum(counts[f] * self.majority[f] if f in self.majority else pts[f] for f in self.scorer.faces)

    def codes(self, garden) -> list[int]:
        return [0 if garden[i] == G.EMPTY else 1 if garden[i] == G.DIG else self.code[garden[i]] for i in SQUARES]

    def digs_left(self, ko: int) -> int:
        return sum(1 for s in self.dig_steps if s > ko)


def afterstates(sheet: Sheet, net: Network, garden, pots, codes, dice, food, digs):
    """Each planting of this roll: (points now + V, points now, die, square, garden, codes)."""
    base = sheet.points(garden, pots)
    empties = codes.count(0) - 1
    out = []
    for die in set(dice):
        if die < 2:  # [AB-D-15] a 1 is never planted in solo
            continue
        other = list(dice)
        other.remove(die)
        fed = sum(1 for d in other if d == food)
        for k in range(16):
            if codes[k]:
                continue
            after = G.with_cell(garden, SQUARES[k], die)
            now = sheet.points(after, pots) - base + fed
            c2 = codes[:]
            c2[k] = sheet.code[die]
            out.append((now + net.value(c2, empties, digs), now, die, k, after, c2))
    return out


def choose(state, sheet: Sheet, net: Network, lookahead: int = 0):
    """The best planting (greedy on V, or the best `lookahead` by a one-roll expectimax)."""
    garden, pots, food = state.gardens[0], state.pots[0], state.food[0]
    codes = sheet.codes(garden)
    digs = sheet.digs_left(state.ko)
    moves = afterstates(sheet, net, garden, pots, codes, state.dice, food, digs)
    if not moves:
        return state.legal_actions()[0], None
    moves.sort(key=lambda m: -m[0])
    best = moves[0]
    if lookahead:
        def worth(m):
            if 0 not in m[5]:
                return m[1]
            stay = net.value(m[5], m[5].count(0), digs)  # a roll of two 1s plants nothing
            return m[1] + sum(p * max((r[0] for r in afterstates(sheet, net, m[4], pots, m[5], roll, food, digs)),
                                      default=stay) for roll, p in ROLLS)
        best = max(moves[:lookahead], key=worth)
    at = divmod(best[3], 4)
    action = next(a for a in state.legal_actions() if a.kind == "plant" and a["die"] == best[2] and tuple(a["at"]) == at)
    return action, best


def play(seed: int, net: Network, learn: float = 0.0, lam: float = 0.6, lookahead: int = 0) -> float:
    """One solo game (food by the heuristic); with `learn` > 0, a learning step on its afterstates."""
    state = cardboard.load_game("aban", players=1, seed=seed).new_initial_state()
    food = make_agent("heuristic", seed=seed, game_id="aban")
    while state.legal_actions()[0].kind == "food":
        state.apply(food.choose(state))
    sheet = Sheet(state)
    path = []  # (codes, empties, digs, points now, value)
    while not state.is_terminal():
        digs = sheet.digs_left(state.ko)
        action, move = choose(state, sheet, net, lookahead)
        if move is None:  # no planting: the sheet stays as it is
            codes = sheet.codes(state.gardens[0])
            path.append((codes, codes.count(0), digs, 0, net.value(codes, codes.count(0), digs)))
        else:
            path.append((move[5], move[5].count(0), digs, move[1], move[0] - move[1]))
        state.apply(action)
    if learn:
        rate = learn / net.entries_read
        ret = 0.0  # the lambda-return after each afterstate, built from the end
        for t in range(len(path) - 1, -1, -1):
            if t < len(path) - 1:
                nxt = path[t + 1]
                ret = nxt[3] + (1 - lam) * nxt[4] + lam * ret
            net.learn(path[t][0], path[t][1], path[t][2], ret, rate)
    return state.scores()[0]


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    t = sub.add_parser("train")
    t.add_argument("--games", type=int, default=150_000)
    t.add_argument("--out", required=True)
    t.add_argument("--start")
    t.add_argument("--rate", type=float, default=1.0)
    e = sub.add_parser("eval")
    e.add_argument("--weights", required=True)
    e.add_argument("--games", type=int, default=200)
    e.add_argument("--lookahead", type=int, default=0)
    args = p.parse_args()
    net = Network()
    if args.cmd == "train":
        if args.start:
            net.load(args.start)
        started, recent = time.time(), []
        for k in range(args.games):
            recent.append(play(1_000_000 + k, net, learn=args.rate))  # seeds apart from `solo`'s
            if (k + 1) % 1000 == 0:
                print(f"{k + 1} games, {time.time() - started:.0f} s, mean of the last 1000 {statistics.fmean(recent):.2f}",
                      flush=True)
                recent = []
                net.save(args.out)
        net.save(args.out)
    else:
        net.load(args.weights)
        scores = [play(10_000 + k, net, lookahead=args.lookahead) for k in range(args.games)]  # `solo`'s games
        print(json.dumps({"games": len(scores), "median": statistics.median(scores),
                          "mean": round(statistics.fmean(scores), 2), "quartiles": statistics.quantiles(scores, n=4),
                          "awesome": sum(s >= 43 for s in scores)}))


if __name__ == "__main__":
    sys.exit(main())
