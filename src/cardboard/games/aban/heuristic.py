"""A fast rule-of-thumb player for Aban!, written from the rulebook's strategy.

Every move is valued in victory points, as "what it is worth to me minus what it is worth to
the others":

* planting: the exact points the plant adds to its board now, plus the progress it makes toward
  the board's patterns still open in the garden (a pattern that needs r more plants is worth
  vp * RHO**r, and only if r plants fit in the rounds left), minus the progress it spoils for the
  other boards' patterns through that square;
* the Herbivorous Chayote: the left-over die feeds whoever eats its number, so the last picker
  leaves its own food and takes the others'; earlier pickers lean the same way;
* denial: a die the next player badly needs is worth part of what it would give them;
* Espinos and Rockys go where they hurt most (a square or plant the victim's patterns need),
  on the leader first; a shovel clears one's own when a die has nothing better to do;
* the expansion's powers are used when they turn a die into a clearly better face;
* solo (Ko'bachan's Mischief), where every square is the player's own and no one else takes a
  die, a plant is also judged by the turn it leaves: the best few moves get the mean, over the
  36 rolls of the next turn's two dice, of the best plant that roll would allow (its feed
  included). Enumerating the rolls reads nothing hidden; it is what a player weighs when
  keeping a square open for a pattern. Measured over 400 solo games (seeds 10200-10599): mean
  35.0 -> 36.0. A search's rollouts may use the cheaper form (`rollout_policy`).

All of Aban! is public but the future rolls, so the agent reads the state's public attributes
(the gardens and their squares, dice, feeds, food numbers, tokens, the start player, the last
round flag, the scores: all shown by `state.view(seat)`) and never reads a future roll. It is meant as
the rollout policy of tree searches, so the analysis of a garden is cached (gardens are tuples).
"""
from __future__ import annotations

from cardboard.games.aban import garden as G
from cardboard.games.aban.scoring import majority_rank_vp, rank_awards

from cardboard.agents.valued import ValuedHeuristic

RHO = 0.3  # chance-like discount per plant still missing from a pattern
START = 1.0  # weight of a pattern not yet begun
BLOCK = 0.5  # weight of the progress a square's other plants would spoil
SPREAD = 0.3  # weight of the other patterns through a square beside the best one
DENY = 0.4  # share of the next picker's loss counted when taking a die they want
LEAN = 0.8  # share of the chayote effect counted by a picker who is not the last
FEED_FUTURE = 0.6  # a feed mark is also worth something for the rounds to come
SQUARE = 0.0  # the worth of an empty square to its owner, beyond the patterns through it
TOKEN_PENALTY = 2.0
TOKEN_W = 1.0  # weight of the harm done by an Espino or Rocky
POWER_COST = 1.5  # a fertilizer token spent
LOOKAHEAD = 1.0  # solo: weight of the next turn's best move in a move's worth
LOOK_WIDTH = 8  # solo: how many of the best moves are looked ahead from
# The same two for a search's rollouts. Measured over 40 solo games of `hard:1`: rollouts
# without the look-ahead mean 37.1 (median 38), with it 3 moves wide 37.6 (median 36), within
# the noise, and those rollouts cost about three times as much: none by default.
ROLLOUT_LOOKAHEAD = 0.0
ROLLOUT_WIDTH = 3
CACHE_LIMIT = 10_000  # garden analyses kept (a few kB each)

_SIZE = G.SIZE
_EMPTY, _ESPINO, _RADISH, _ROCKY = G.EMPTY, G.ESPINO, G.RADISH, G.ROCKY
_OFF, _W = G.OFF, G.W


_SHAPES: dict = {}


def _shapes_of(board) -> list[tuple[int, tuple[int, ...], int]]:
    """A board's pattern placements as (mask, squares, vp); chains as their links, each worth
    what a further plant of the chain adds. Cached per board (plants are shared data)."""
    hit = _SHAPES.get(board)
    if hit is not None:
        return hit
    out = []
    if board.kind == "patterns":
        seen = set()
        for lst in board.by_cell:
            for mask, vp in lst:
                if mask not in seen:
                    seen.add(mask)
                    cells, m = [], mask
                    while m:
                        low = m & -m
                        cells.append(low.bit_length() - 1)
                        m ^= low
                    out.append((mask, tuple(cells), vp))
    elif board.kind == "chain":
        vp = board.plant.further_vp
        for i in range(_SIZE):
            for j in board.links[i]:
                if j > i:
                    out.append(((1 << i) | (1 << j), (i, j), vp))
    _SHAPES[board] = out
    return out


class _Boards:
    """What the heuristic keeps per set of boards in play (per GardenScorer)."""

    __slots__ = ("faces", "kind", "board", "leftover", "first", "links", "by_squares", "rank_vp")

    def __init__(self, scorer, content, boards: dict[int, str]):
        self.faces = tuple(scorer.faces)
        self.board = dict(scorer.boards)
        self.kind = {f: scorer.boards[f].kind for f in self.faces}
        self.leftover = {f: scorer.boards[f].plant.leftover_vp for f in self.faces}
        self.first = {f: scorer.boards[f].plant.first_vp for f in self.faces}
        self.links = {f: scorer.boards[f].links for f in self.faces}
        self.rank_vp = {f: tuple(content.plant(boards[f]).rank_vp) for f in self.faces
                        if self.kind[f] == "majority"}
        self.by_squares: dict = {}

    def placements(self, squares: tuple) -> list[tuple[int, list]]:
        """Per face, the placements that fit in a sheet of these squares, each with what
        `_analyse` reads of it worked out once: (mask over the sheet's squares, mask over the
        field, the squares, (square, its bit in the sheet's mask) pairs, size, and by the
        number r of squares still empty: the gain of a begun one, of a fresh one, the block).
        The sheet's masks number its squares in the order given, 0 up: small ints, several
        times faster to test than masks over the 144-square field."""
        hit = self.by_squares.get(squares)
        if hit is None:
            hit = []
            rho = _RHO_POW
            pots_mask = sum(1 << i for i in set(squares))
            bit_of = {i: 1 << c for c, i in enumerate(squares)}
            for f in self.faces:
                shapes = []
                for mask, cells, vp in _shapes_of(self.board[f]):
                    if mask & pots_mask == mask:
                        size = len(cells)
                        begun = tuple(vp * rho[r - 1] for r in range(size + 1))
                        fresh = tuple(vp * rho[r - 1] * START for r in range(size + 1))
                        block = tuple(vp * rho[r] * BLOCK for r in range(size + 1))
                        shapes.append((sum(bit_of[j] for j in cells), mask, cells,
                                       tuple((j, bit_of[j]) for j in cells), size, begun, fresh, block))
                if shapes:
                    hit.append((f, shapes))
            if len(self.by_squares) > 2_000:  # Don maceta's extra pots make new sheets
                self.by_squares.clear()
            self.by_squares[squares] = hit
        return hit


_BOARDS: dict = {}
_ANALYSES: dict = {}


def _boards_of(cfg) -> _Boards:
    scorer = cfg.scorer
    info = _BOARDS.get(scorer)
    if info is None:
        info = _BOARDS[scorer] = _Boards(scorer, cfg.content, cfg.boards)
    return info


class _Garden:
    """One garden analysed: the patterns open in it, and (on demand, per face) what planting
    that face on each empty square is worth. Per-square numbers are kept in lists that run
    over the empty squares (`pos` maps a square to its place) to keep the cache small."""

    __slots__ = ("info", "empties", "pos", "masks", "wild", "gains", "completes", "block",
                 "block_of", "held", "_val", "_best")

    def value(self, f: int, i: int) -> float:
        """What planting face f on empty square i is worth."""
        vals = self._val.get(f)
        if vals is None:
            vals = self._values(f)
        return vals[self.pos[i]]

    def best(self, f: int) -> tuple[float, int]:
        """The best square for face f and its worth; (-inf, -1) without an empty square."""
        b = self._best.get(f)
        if b is None:
            self._values(f)
            b = self._best[f]
        return b

    def best_at(self, i: int) -> float:
        """The most any plant is worth on empty square i."""
        top = self._val.get(0)
        if top is None:
            lists = [self._val.get(f) or self._values(f) for f in self.info.faces]
            top = self._val[0] = [max(col) for col in zip(*lists)] if lists else [0.0] * len(self.empties)
        return top[self.pos[i]]

    def _values(self, f: int) -> list:
        info = self.info
        kind = info.kind.get(f)
        empties = self.empties
        vals = [0.0] * len(empties)
        if kind is None:
            self._val[f] = vals
            self._best[f] = (-1e9, -1)
            return vals
        board = info.board[f]
        m = self.masks[f]
        wild = self.wild
        gs, gm = self.gains.get(f, (None, None))
        bl = self.block_of.get(f)
        block = self.block
        keep, spread = 1 - SPREAD, SPREAD
        if kind == "patterns":
            done = self.completes.get(f, 0)
            base = board.score(m, wild) if done else 0
            lone = info.leftover[f]
        elif kind == "chain":
            base = board.score(m, wild)
            links = info.links[f]
            near = m | wild
            first = info.first[f]
        elif kind != "majority":
            base = board.score(m)
        b_best, b_cell = -1e9, -1
        for k, i in enumerate(empties):
            if kind == "patterns":
                x = board.score(m | (1 << i), wild) - base if done >> i & 1 else lone
            elif kind == "chain":
                if any(near >> j & 1 for j in links[i]):
                    x = board.score(m | (1 << i), wild) - base
                else:
                    x = first
            elif kind == "majority":
                x = 0.0  # counted at decision time: it depends on the other gardens
            else:
                x = board.score(m | (1 << i)) - base
            if gs is not None:
                x += keep * gm[k] + spread * gs[k]
            x -= block[k]
            if bl is not None:
                x += bl[k]
            vals[k] = x
            if x > b_best:
                b_best, b_cell = x, i
        self._val[f] = vals
        self._best[f] = (b_best, b_cell)
        return vals


def _analyse(info: _Boards, garden: tuple, horizon: int, squares) -> _Garden:
    key = (info, garden, horizon)
    hit = _ANALYSES.get(key)
    if hit is not None:
        return hit
    squares = tuple(squares)
    masks = [0] * 7  # the plants of each face, over the field (for the boards' scorers)
    sheet = [0] * 7  # the same over the sheet's squares (bit c: squares[c])
    wild = emp = swild = 0
    empties = []
    bit = 1
    for i in squares:
        v = garden[i]
        if v == _EMPTY:
            empties.append(i)
            emp |= bit
        elif v <= 6:
            masks[v] |= 1 << i
            sheet[v] |= bit
        elif v == _RADISH:
            wild |= 1 << i
            swild |= bit
        bit <<= 1
    pots = bit - 1
    pos = {i: k for k, i in enumerate(empties)}
    ne = len(empties)
    gains: dict[int, tuple[list, list]] = {}
    completes: dict[int, int] = {}
    block = [0.0] * ne  # progress all boards lose if another plant fills the square
    block_of: dict[int, list] = {}
    held: dict[int, float] = {}  # progress a planted square carries (what a Rocky destroys)
    for f, shapes in info.placements(squares):
        own = sheet[f] | swild
        bad = pots & ~(own | emp)
        gs = gm = bl = None
        done = 0  # over the field
        # For each placement not spoilt by another plant or a token, with empty squares left and
        # no more than fit in the rounds left: its gain on those squares (sum and best), and if
        # begun, the block (the progress lost if another plant took a square) on every square.
        # Each sum is added to in the placements' order, so the numbers come out the same to
        # the last bit as with one pass per purpose.
        for shape in shapes:
            pm = shape[0]
            if pm & bad:
                continue
            if pm & own:
                e = pm & emp
                if not e:
                    continue
                r = e.bit_count()
                if r > horizon:
                    continue
                _, _, _, cellbits, _, begun, _, blocks = shape
                b = blocks[r]
                if bl is None:
                    bl = [0.0] * ne
                if r == 1:
                    for j, sbit in cellbits:
                        if e & sbit:
                            done |= 1 << j
                            bl[pos[j]] += b
                        else:
                            held[j] = held.get(j, 0.0) + b
                else:
                    g = begun[r]
                    if gs is None:
                        gs = [0.0] * ne
                        gm = [0.0] * ne
                    for j, sbit in cellbits:
                        if e & sbit:
                            k = pos[j]
                            gs[k] += g
                            if g > gm[k]:
                                gm[k] = g
                            bl[k] += b
                        else:
                            held[j] = held.get(j, 0.0) + b
            else:  # not begun: every square is empty
                _, field, cells, _, size, _, fresh, _ = shape
                if size > horizon:
                    continue
                if size == 1:
                    done |= field
                    continue
                g = fresh[size]
                if gs is None:
                    gs = [0.0] * ne
                    gm = [0.0] * ne
                for j in cells:
                    k = pos[j]
                    gs[k] += g
                    if g > gm[k]:
                        gm[k] = g
        if gs is not None:
            gains[f] = (gs, gm)
        if done:
            completes[f] = done
        if bl is not None:
            block_of[f] = bl
            for k in range(ne):
                block[k] += bl[k]
    out = _Garden()
    out.info = info
    out.empties = empties
    out.pos = pos
    out.masks = masks
    out.wild = wild
    out.gains = gains
    out.completes = completes
    out.block = block
    out.block_of = block_of
    out.held = held
    out._val = {}
    out._best = {}
    if len(_ANALYSES) > CACHE_LIMIT:
        _ANALYSES.clear()
    _ANALYSES[key] = out
    return out


_RHO_POW = [RHO ** r for r in range(20)]
_FACES = (1, 2, 3, 4, 5, 6)


def _idx(at) -> int:
    return (at[0] + _OFF) * _W + at[1] + _OFF


class AbanHeuristic(ValuedHeuristic):
    """Plants toward the boards' patterns, feeds its chayote, hinders the leader."""

    name = "heuristic"

    def __init__(self, seed: int = 0, lookahead: float | None = None, width: int | None = None):
        super().__init__(seed)
        self.seed = seed
        self.lookahead = LOOKAHEAD if lookahead is None else lookahead
        self.width = LOOK_WIDTH if width is None else width

    def rollout_policy(self) -> "AbanHeuristic":
        """The player a search's rollouts use (ROLLOUT_LOOKAHEAD, ROLLOUT_WIDTH): by default the
        one-ply valuation, several times cheaper than the solo look-ahead."""
        return AbanHeuristic(self.seed, lookahead=ROLLOUT_LOOKAHEAD, width=ROLLOUT_WIDTH)

    def _values(self, state, legal) -> list[float]:
        if legal[0].kind == "food":
            return self._food(state, legal)
        return self._turn(state, legal)

    # ------------------------------------------------------------------ set-up
    def _food(self, state, legal) -> list[float]:
        """Eat the number most likely to be left over: the face of the board the table wants
        least (measured: the Espino/Rocky 1 is almost never left over)."""
        cfg = state.cfg
        values = []
        for a in legal:
            f = a["number"]
            v = _FOOD_PREF.get(cfg.boards.get(f, "token"), 0.0)
            if f == 1:
                v = _FOOD_PREF.get("token", 0.0) if not cfg.solo else -9
            values.append(v)
        return values

    # ------------------------------------------------------------------ a turn
    def _turn(self, state, legal) -> list[float]:
        cfg = state.cfg
        info = _boards_of(cfg)
        me = state.current_player
        n = cfg.players
        gardens = state.gardens
        dice = state.dice
        empties_by_seat = [len(e) for e in state.empty]
        # rounds left, this one included; beyond the longest pattern (4) it changes nothing
        horizon = 1 if state.last_round else max(1, min(5, min(empties_by_seat)))
        pots = state.pots
        mine = _analyse(info, gardens[me], horizon, pots[me])

        # with three or more players, hurting the leader counts most
        others = [s for s in range(n) if s != me]
        weight = {}
        if n > 2:
            totals = _standing(state)
            top = max(totals[s] for s in others)
            for s in others:  # hurting the leader counts fully, the others less
                weight[s] = 1.0 if totals[s] == top else 0.5
        else:
            for s in others:
                weight[s] = 1.0

        # majority boards: what one more plant of that face is worth, relative to the others
        maj = {}
        for f, rank_vp in info.rank_vp.items():
            counts = [_count(gardens[s], f) for s in range(n)]
            maj[f] = _majority_gain(counts, me, rank_vp)

        # per die: the chayote and the denial terms
        die_bonus = self._die_terms(state, info, me, dice, horizon)

        values = []
        token_cache = {}
        pos = mine.pos
        last_d = None  # the plants of one die come together: its numbers are looked up once
        for a in legal:
            k = a.kind
            if k == "plant":
                d = a.die
                if d != last_d:
                    last_d = d
                    vals = mine._val.get(d)
                    if vals is None:
                        vals = mine._values(d)
                    add = maj.get(d, 0.0)
                    bonus = die_bonus[d]
                v = vals[pos[a.sq]] + add + bonus
            elif k == "espino" or k == "rocky":
                grant = 0.0
                s = a.seat
                i = a.sq
                key = (k, s)
                an = token_cache.get(key)
                if an is None:
                    an = token_cache[key] = _analyse(info, gardens[s], horizon, pots[s])
                if k == "espino":
                    # the square is lost to them: its best plant, and the progress through it
                    dmg = TOKEN_PENALTY + SQUARE
                    bv = an.best_at(i)
                    if bv > 0:
                        dmg += bv
                    if empties_by_seat[s] == 1:  # it fills their garden: the last round
                        dmg += self._end_shift(state, me)
                else:  # a Rocky: on an empty square it takes the square, on a plant or radish it
                    # covers it, on a pile of Rockys it only adds its penalty
                    f = gardens[s][i]
                    dmg = TOKEN_PENALTY
                    if cfg.rocky_grants_placer and 2 <= G.under(f) <= 6:
                        grant = TOKEN_PENALTY  # the Rocky's 2 VP to its placer (option)
                    if f == _EMPTY:
                        bv = an.best_at(i)
                        dmg += SQUARE + (bv if bv > 0 else 0.0)
                        if empties_by_seat[s] == 1:
                            dmg += self._end_shift(state, me)
                    elif f < _ROCKY:
                        dmg += an.held.get(i, 0.0)
                        if f <= 6:
                            dmg += _plant_worth(info, an, f, i)
                            if f in info.rank_vp:
                                counts = [_count(gardens[t], f) for t in range(n)]
                                dmg += _majority_gain(counts, s, info.rank_vp[f])
                v = TOKEN_W * weight[s] * dmg + die_bonus[1] + grant
            elif k == "shovel":
                d = a.die
                i = a.sq
                code = gardens[me][i]
                v = TOKEN_PENALTY + die_bonus[d]
                if code == _ESPINO:
                    v += SQUARE
                elif code < 2 * _ROCKY:  # the last Rocky of the square: what it covered comes back
                    f = code - _ROCKY
                    v += SQUARE if f == _EMPTY else _plant_worth(info, mine, f, i, uncover=True)
            elif k == "pass":
                v = die_bonus[a.die]
            elif k == "radish":
                d = a.die
                i = a.sq
                bv = max((mine.value(f, i) for f in info.faces if info.kind[f] in ("patterns", "chain")),
                         default=0.0)
                v = bv - 1.0 - POWER_COST + die_bonus[d]
            elif k == "pot":
                d = a.die
                v = SQUARE - POWER_COST + die_bonus[d] - 0.5
            elif k == "colemo":
                v = self._colemo_value(state, mine, a, die_bonus, maj)
            elif k == "machonero":
                v = self._machonero_value(state, mine, a, die_bonus, maj)
            else:
                v = 0.0
            values.append(v)
        if cfg.solo and self.lookahead > 0 and len(legal) > 1:
            self._look_ahead(state, info, legal, values)
        return values

    # ------------------------------------------------------------------ solo look-ahead
    def _look_ahead(self, state, info, legal, values) -> None:
        """Solo: a plant is also judged by the next turn it leaves. For the best few moves, add
        `lookahead` times the worth of the best move of the next turn, averaged over the 36
        rolls of the two dice (only the public chances: the rolls are enumerated, never read)."""
        order = sorted(range(len(legal)), key=lambda k: -values[k])[:self.width]
        garden, pots = state.gardens[0], state.pots[0]
        later, worths = [], []
        for k in order:
            a = legal[k]
            if a.kind not in ("plant", "radish", "pot"):
                later.append(k)  # a power first (Colemo, Machonero): its square is chosen after
                continue
            i = a.sq
            code = a.die if a.kind == "plant" else _RADISH if a.kind == "radish" else _EMPTY
            after = G.with_cell(garden, i, code)
            squares = pots if a.kind != "pot" else tuple(sorted(pots + (i,)))
            worths.append(_next_turn_worth(state, info, after, squares))
            values[k] += self.lookahead * worths[-1]
        if worths:  # a power's plant comes after it: the next turn as the plants here leave it, on average
            for k in later:
                values[k] += self.lookahead * sum(worths) / len(worths)

    # ------------------------------------------------------------------ terms
    def _die_terms(self, state, info, me, dice, horizon) -> dict[int, float]:
        """For each die value: the chayote effect of taking it and the denial of the next picker."""
        cfg = state.cfg
        food = state.food
        feeds = state.feeds
        n = cfg.players
        out = dict.fromkeys(_FACES, 0.0)
        if cfg.solo:
            # two dice: the one not taken is left over
            for d in set(dice):
                rest = list(dice)
                rest.remove(d)
                if rest and rest[0] == food[0] and feeds[0] < cfg.content.setup.feed_boxes:
                    out[d] += cfg.content.solo.feed_vp
            return out
        feed_val = _feed_values(cfg, feeds, me)
        eaters = {food[s]: s for s in range(n)}
        last = len(dice) == 2
        for d in set(dice):
            rest = list(dice)
            rest.remove(d)
            if last:
                s = eaters.get(rest[0])
                if s is not None:
                    out[d] += feed_val[s]
            else:
                # taking the only copy of a food number: it can no longer be left over
                if d not in rest:
                    s = eaters.get(d)
                    if s is not None:
                        out[d] -= LEAN * feed_val[s]
        # denial: what the next picker loses when this die is gone
        if not last and len(dice) > 1:
            # the seat after me in this round (the round started with the start player)
            nxt = (state.start + (n + 1 - len(dice)) + 1) % n
            if nxt != me:
                their = _analyse(info, state.gardens[nxt], horizon, state.pots[nxt])
                worth = {}
                for d in set(dice):
                    if d == 1:
                        worth[d] = 2.5 if state.tokens[nxt] > 0 else 0.0
                    else:
                        b = their.best(d)
                        worth[d] = b[0] if b[1] >= 0 else 0.0
                        if d in info.rank_vp:
                            counts = [_count(state.gardens[s], d) for s in range(n)]
                            worth[d] += _majority_gain(counts, nxt, info.rank_vp[d])
                top = max(worth.values())
                for d in set(dice):
                    rest = list(dice)
                    rest.remove(d)
                    after = max((worth[x] for x in rest), default=0.0)
                    if after < top:
                        out[d] += DENY * (top - after)
        return out

    def _end_shift(self, state, me) -> float:
        """Ending the game sooner helps whoever is ahead."""
        totals = state.totals()  # the breakdown's totals, without its detail
        lead = totals[me] - max(t for s, t in enumerate(totals) if s != me)
        return max(-3.0, min(3.0, 0.3 * lead))

    def _best_use(self, mine, face, maj) -> float:
        if face == 1:
            return 2.5
        b = mine.best(face)
        if b[1] < 0:
            return 0.0
        return b[0] + maj.get(face, 0.0)

    def _colemo_value(self, state, mine, a, die_bonus, maj) -> float:
        d, change = a["die"], a["change"]
        now = max(self._best_use(mine, x, maj) + die_bonus[x] for x in set(state.dice))
        new = self._best_use(mine, d + change, maj)
        return new - now - POWER_COST

    def _machonero_value(self, state, mine, a, die_bonus, maj) -> float:
        chosen = list(a["dice"])
        kept = list(state.dice)
        for x in chosen:
            kept.remove(x)
        now = max(self._best_use(mine, x, maj) + die_bonus[x] for x in set(state.dice))
        keep_best = max((self._best_use(mine, x, maj) for x in kept), default=0.0)
        faces = sorted(self._best_use(mine, f, maj) for f in range(1, 7))
        # E[max(keep_best, best of k fresh dice)]
        k = len(chosen)
        exp = 0.0
        for rank, v in enumerate(faces):
            p = ((rank + 1) / 6) ** k - (rank / 6) ** k
            exp += p * max(v, keep_best)
        return exp - now - POWER_COST


_NEXT: dict = {}


def _next_turn_worth(state, info, garden, squares) -> float:
    """Solo: the mean, over the 36 rolls of two dice, of the best plant the roll allows in
    `garden` (what the heuristic would value it at), the chayote's feed included."""
    empties = sum(1 for i in squares if garden[i] == _EMPTY)
    if empties == 0:
        return 0.0
    cfg = state.cfg
    food = state.food[0]
    fed = state.feeds[0] < cfg.content.setup.feed_boxes
    key = (info, garden, food, fed)
    hit = _NEXT.get(key)
    if hit is not None:
        return hit
    an = _analyse(info, garden, max(1, min(5, empties)), squares)
    best = [0.0] * 7
    for f in info.faces:
        b = an.best(f)
        v = b[0] if b[1] >= 0 else 0.0
        if f in info.rank_vp:
            v += info.rank_vp[f][0]  # alone on a majority board: first place, each plant
        best[f] = v
    feed = cfg.content.solo.feed_vp if fed else 0.0
    total = 0.0
    for d1 in range(1, 7):
        for d2 in range(1, 7):
            top = None
            for x, y in ((d1, d2), (d2, d1)):
                if x >= 2 and x in cfg.boards:
                    v = best[x] + (feed if y == food else 0.0)
                    if top is None or v > top:
                        top = v
            total += top or 0.0
    out = total / 36
    if len(_NEXT) > CACHE_LIMIT:
        _NEXT.clear()
    _NEXT[key] = out
    return out


def _standing(state) -> list[float]:
    """A quick estimate of each seat's score, to tell the leader: the boards' points (cached
    per garden by the game's scorer), the token penalties and the chayote marks."""
    scorer = state.cfg.scorer
    out = []
    for g, sq, fed in zip(state.gardens, state.pots, state.feeds):
        points, _, espinos, rockys, radishes = scorer.garden(g, sq)
        out.append(sum(points) - TOKEN_PENALTY * (espinos + rockys) - radishes + fed)
    return out


_FEEDS: dict = {}


def _feed_values(cfg, feeds: tuple, me: int) -> dict[int, float]:
    """What one more feed mark for each seat is worth to `me`, relative to the others."""
    n = cfg.players
    row = cfg.content.chayote[n]
    cap = cfg.content.setup.feed_boxes
    key = (feeds, me, row.alone, row.tied, cap)
    hit = _FEEDS.get(key)
    if hit is not None:
        return hit
    now = _rel(rank_awards(feeds, row.alone, row.tied), me)
    out = {}
    for s in range(n):
        if feeds[s] >= cap:
            out[s] = 0.0
            continue
        after = list(feeds)
        after[s] += 1
        v = _rel(rank_awards(after, row.alone, row.tied), me) - now
        out[s] = v + (FEED_FUTURE if s == me else -FEED_FUTURE / (n - 1))
    if len(_FEEDS) > CACHE_LIMIT:
        _FEEDS.clear()
    _FEEDS[key] = out
    return out


def _count(garden, f) -> int:
    return garden.count(f)


_MAJORITY: dict = {}


def _majority_gain(counts, seat, rank_vp) -> float:
    """What one more plant on a majority board is worth to `seat`, relative to the others
    (cached: a few counts recur all game long)."""
    key = (tuple(counts), seat, rank_vp)
    hit = _MAJORITY.get(key)
    if hit is None:
        if len(_MAJORITY) > CACHE_LIMIT:
            _MAJORITY.clear()
        hit = _MAJORITY[key] = _majority_gain_of(counts, seat, rank_vp)
    return hit


def _majority_gain_of(counts, seat, rank_vp) -> float:
    before = majority_rank_vp(counts, rank_vp)
    after_counts = list(counts)
    after_counts[seat] += 1
    after = majority_rank_vp(after_counts, rank_vp)
    return _rel(after, seat) - _rel(before, seat)


def _rel(points, seat) -> float:
    if len(points) == 1:
        return float(points[0])
    return points[seat] - max(p for s, p in enumerate(points) if s != seat)


def _plant_worth(info, an, f, i, uncover=False) -> float:
    """The exact points the plant of face f on square i brings its board."""
    board = info.board.get(f)
    if board is None or info.kind[f] == "majority":
        return 0.0
    m = an.masks[f]
    bit = 1 << i
    wild = an.wild if info.kind[f] in ("patterns", "chain") else 0
    if uncover:
        return board.score(m | bit, wild) - board.score(m, wild)
    return board.score(m, wild) - board.score(m & ~bit, wild)


# How often each board's face is the die left over in a round (heuristic self-play, 2 to 4
# players, 150-300 games each): the higher, the better a food number. "token" is the face-1
# Espino/Rocky board.
_FOOD_PREF: dict[str, float] = {
    "sadahoria": 0.30, "ranongo": 0.28, "champisopa": 0.25, "chichaforo": 0.23, "tomatillo": 0.22,
    "costelon": 0.21, "apizza": 0.19, "paperdida": 0.19, "cebolluga": 0.14, "brocool": 0.14,
    "ajochechon": 0.12, "elotoche": 0.12, "fuebas": 0.11, "romanis": 0.11, "coliflow": 0.09,
    "token": 0.05,
}


Heuristic = AbanHeuristic  # the name the engine looks for (Game.heuristic)
