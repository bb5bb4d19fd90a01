"""A fast rule-of-thumb player for Hideous Abomination, written from the rulebook's strategy.

It values everything in points, as "what it does to my score minus what it does to the
leading opponent's", from a summary of each abomination (colours, wilds, attribute and type
counts, open loose ends, size, bolts) and the score cards:

* consistency: tiles of its dominant colour (and wilds) are worth a point each;
* Grand Prizes and revealed Awards: a card is worth its points to whoever leads its measure,
  with a small slope so that closing in on a card counts before it flips; Awards still in the
  deck count at a fraction, since some will be revealed;
* loose ends: once the game can end (Awards revealed > players, or one reveal away) an agent
  that would be on top after "Done!" closes its loose ends and finishes; one that is behind
  does not hurry;
* a tile may go on any abomination: every play is valued as the change it makes (its own
  abomination's worth, or what it does to an opponent, less what the tile would have been
  worth to keep). So it blocks: hubs (nexus, crotch) and loose ends on a leader who is close
  to completing, most of all one who could finish on their next turn; it never closes a
  leader's last loose ends unless that ends the game with itself on top; and it lends a hand
  where that pays: a tile that does nothing for itself goes where it helps the leader least,
  rather than spoiling its own abomination;
* steals take from the leader what hurts the leader most (tiles of the leader's dominant
  colour, tiles that keep a card) and what helps itself; bolts protect its most valuable tiles,
  off the torso seams when it can; discards are the tiles it can use least, dropped on the pile
  whose top the next player wants most; draws take a buffet top that fits, else draw blind.

Honesty: it reads only what its seat may see, all of it shown by `state.view(seat)`: the
abominations (`slabs`) and their bolts, the revealed Awards and how many are left, the top tile
and size of each buffet pile, whose turn it is, and the components (`cfg`). Its own hand and the
pile it digs through reach it only through its legal moves. Building the full view costs more
than the whole decision (the view carries the game's log, which grows all game), so those
fields are read from the state's public slots; the tests check them against `state.view(seat)`
and check that a determinized copy of the state (hidden cards re-dealt) gets the same move.
"""
from __future__ import annotations


from cardboard.engine import State
from cardboard.games.hideous_abomination import slab as S
from cardboard.games.hideous_abomination.scoring import tally as _tally

from cardboard.agents.valued import ValuedHeuristic

SLOPE = 0.15  # share of a card's points earned per unit of lead in its measure (up to 3 units)
UNREVEALED = 0.1  # weight of an Award still in the deck
BLIND = 0.45  # what a blind draw from the deck is expected to be worth
DIG_SIZE = 0.35  # worth of each extra tile in a pile one digs through (up to four)
STEAL_GAIN = 0.8  # share of a stolen tile's worth in one's own hand
BOLT_GIFT = 0.6  # what the two bolts a steal hands its victim are worth to them
WL_BASE = 0.15  # cost of an open loose end of one's own, in the middle game
WL_CLOSE = 1.5  # ... when the game can end and one would be on top after finishing
WL_BEHIND = 0.05  # ... when the game can end and one would not
OPP_L = 0.7  # worth of each loose end added to an opponent who could finish
FINISH = 30.0  # ending the game on top (or not)
AWARD_LEAD = 1.0  # revealing an Award brings the end nearer: good for the leader
FIT = 0.4  # a tile in hand that fits one's own abomination now
HUB_KEEP = 0.3  # a hub in hand, to dump on a leader who is close to finishing
KEEP = 0.5  # share of a tile's worth in hand spent by playing it on another's abomination
BLOCK = 0.5  # share of the game's end (FINISH) that one turn's change to a finisher's odds is worth
P_FINISH = (1.0, 0.8, 0.15, 0.03)  # chance to finish next turn with 0, 1, 2, 3 open loose ends

_CACHE_LIMIT = 5_000  # abomination summaries kept
_CTX_LIMIT = 1_000  # decision contexts kept


class _Seat:
    """One abomination summed up: what the score cards measure."""

    __slots__ = ("slab", "bolts", "colours", "wilds", "n", "attrs", "types", "L", "cells",
                 "box", "bolted", "nbolts", "cons", "top", "_limb", "meas")

    def limb(self) -> int:
        if self._limb is None:
            self._limb = S.largest_limb(self.slab)
        return self._limb


_SEATS: dict = {}


def _seat(cfg, geo, bolts) -> _Seat:
    """The summary of an abomination (its slab's Geo, as the rules keep it) with its bolts.
    The counts are the scoring's Tally of the slab (read only, never changed here)."""
    slab = geo.slab
    key = (id(slab), id(bolts))
    hit = _SEATS.get(key)
    if hit is not None and hit.slab is slab and hit.bolts is bolts:
        return hit
    tally = _tally(cfg, geo)
    colours = tally.colours
    s = _Seat()
    s.slab = slab
    s.bolts = bolts
    s.colours = colours
    s.wilds = tally.wilds
    s.n = tally.n
    s.attrs = tally.attrs
    s.types = tally.types
    s.L = geo.L
    s.cells = geo.cells
    s.box = tally.box
    bolted = set()
    for a, b in bolts:
        bolted.add(a)
        bolted.add(b)
    s.bolted = bolted
    s.nbolts = len(bolts)
    s.top = max(colours.values(), default=0)
    s.cons = max(1, s.top + s.wilds)
    s._limb = None
    s.meas = {}
    if len(_SEATS) > _CACHE_LIMIT:
        _SEATS.clear()
    _SEATS[key] = s
    return s


def _measure(seat: _Seat, card) -> int:
    m = card.measure
    if m == "colours":
        return len(seat.colours) + seat.wilds
    if m == "tiles":
        return seat.n
    if m == "attribute":
        return seat.attrs.get(card.param, 0)
    if m == "type":
        return seat.types.get(card.param, 0)
    if m == "types":
        return sum(seat.types.get(p, 0) for p in card.param)
    if m == "max_type":
        return max((v for k, v in seat.types.items() if k != "torso"), default=0)
    if m == "open_loose_ends":
        return seat.L
    if m == "long_limb":
        return seat.limb()
    if m == "towering":
        r0, r1, c0, c1 = seat.box
        return max(r1 - r0, c1 - c0) + 1
    if m == "bolts":
        return seat.nbolts
    return 0  # "done" is settled apart


def _g(x: int, best_other: int, most: bool, vp: float) -> float:
    """A card's worth to a seat measuring x against the best of the others."""
    if most:
        if x < 1 and best_other < 1:
            return 0.0
        d = x - best_other
    else:
        d = best_other - x
    step = vp if d > 0 else (0.0 if d == 0 else -vp)
    return step + vp * SLOPE * (3 if d > 3 else (-3 if d < -3 else d)) / 3


class _CardSet:
    """The cards in play for one set of revealed Awards, indexed by what changes them."""

    __slots__ = ("comps", "cards", "by_attr", "by_type", "general", "placed", "touched")

    def __init__(self, cfg, awards: tuple, more: bool):
        self.comps = cfg.comps
        revealed = [cfg.comps.awards[i] for i in awards]
        cards = []  # (card, weight, is_scored_now)
        if cfg.variant == "standard":
            for c in cfg.comps.grand_prizes:
                if c.measure != "done":
                    cards.append((c, 1.0, True))
            for c in revealed:
                cards.append((c, 1.0, True))
            if more:
                seen = {c.id for c in revealed}
                for c in cfg.comps.awards:
                    if c.id not in seen:
                        cards.append((c, UNREVEALED, False))
        self.cards = cards
        self.by_attr: dict = {}
        self.by_type: dict = {}
        self.general = []  # colours, tiles, max_type: touched by every tile
        self.placed = []  # open loose ends, height: touched by where a tile goes
        self.touched: dict = {}  # tile -> the cards it changes wherever it goes (tile_delta)
        for ci, (c, _, _) in enumerate(cards):
            m = c.measure
            if m == "attribute":
                self.by_attr.setdefault(c.param, []).append(ci)
            elif m == "type":
                self.by_type.setdefault(c.param, []).append(ci)
            elif m == "types":
                for q in c.param:
                    self.by_type.setdefault(q, []).append(ci)
            elif m in ("colours", "tiles", "max_type"):
                self.general.append(ci)
            elif m in ("open_loose_ends", "towering"):
                self.placed.append(ci)


_CARDSETS: dict = {}


def _cardset(cfg, awards: tuple, more: bool) -> _CardSet:
    key = (id(cfg.comps), cfg.variant, awards, more)
    hit = _CARDSETS.get(key)
    if hit is None or hit.comps is not cfg.comps:
        if len(_CARDSETS) > _CACHE_LIMIT:
            _CARDSETS.clear()
        hit = _CARDSETS[key] = _CardSet(cfg, awards, more)
    return hit


def _measures(seat: _Seat, cs: _CardSet) -> list[int]:
    hit = seat.meas.get(id(cs))
    if hit is None or hit[0] is not cs:
        hit = seat.meas[id(cs)] = (cs, [_measure(seat, c) for c, _, _ in cs.cards])
    return hit[1]


class _Ctx:
    """Everything one decision needs, read from what the deciding seat may see."""

    def __init__(self, state: State, me: int):
        cfg = state.cfg
        self.cfg = cfg
        self.me = me
        self.n = n = cfg.players
        self.standard = cfg.variant == "standard"
        self.seats = [_seat(cfg, state._geo(s), state.bolts[s]) for s in range(n)]
        self.awards_revealed = len(state.awards)
        self.awards_left = len(state.awards_deck)
        cs = _cardset(cfg, state.awards, self.awards_left > 0)
        self.cards = cards = cs.cards
        self.by_attr = cs.by_attr
        self.by_type = cs.by_type
        self.general = cs.general
        self.placed = cs.placed
        # measures and the best of the others, per seat and card
        self.cs = cs
        self.M = [_measures(seat, cs) for seat in self.seats]
        if n == 2:  # the other seat's measure, most or fewest
            self.best_other = [list(self.M[1]), list(self.M[0])]
        else:
            self.best_other = []
            for s in range(n):
                row = []
                for ci, (c, _, _) in enumerate(cards):
                    vals = [self.M[o][ci] for o in range(n) if o != s]
                    row.append(max(vals) if c.goal == "most" else min(vals))
                self.best_other.append(row)
        # the score as if the game ended now (no Done!), and the card count for tie-breaks
        self.points = []
        self.wins = []
        for s in range(n):
            pts = self.seats[s].cons if self.standard else 0
            won = 0
            for ci, (c, w, scored) in enumerate(cards):
                if not scored:
                    continue
                x, ob = self.M[s][ci], self.best_other[s][ci]
                if c.goal == "most":
                    win = x >= ob and x >= 1
                else:
                    win = x <= ob
                if win:
                    pts += c.vp
                    won += 1
            self.points.append(pts)
            self.wins.append(won)
        others = [s for s in range(n) if s != me]
        self.others = others
        top = max(self.points[s] for s in others)
        self.lead = self.points[me] - top
        self.weight = {s: (1.0 if n == 2 or self.points[s] == top else 0.5) for s in others}
        self.can_end = (not self.standard) or self.awards_revealed > n
        near = self.can_end or (self.awards_revealed == n and self.awards_left > 0)
        self.near_end = near
        if not self.standard:
            self.wl = 1.0
        elif near and self.lead + 3 > 0:
            self.wl = WL_CLOSE
        elif near:
            self.wl = WL_BEHIND
        else:
            self.wl = WL_BASE
        self._tile_delta: dict = {}
        self._g0 = [None] * n  # per seat, each card's _g as things stand (see now)
        self._place: dict = {}
        self._keep: dict = {}
        self._block: dict = {}

    def now(self, s: int) -> list:
        """Each card's worth to seat s as things stand, the `_g(x, ...)` every delta subtracts:
        None until a delta asks (`_now`)."""
        row = self._g0[s]
        if row is None:
            row = self._g0[s] = [None] * len(self.cards)
        return row

    def _now(self, s: int, ci: int) -> float:
        c = self.cards[ci][0]
        g = self._g0[s][ci] = _g(self.M[s][ci], self.best_other[s][ci], c.goal == "most", c.vp)
        return g

    # ------------------------------------------------------------ seat values
    def tile_delta(self, s: int, t: int, count_tiles: bool = True) -> float:
        """What adding tile t to seat s's abomination does to s's own value (the cards that
        depend on where it goes, loose ends and height, aside)."""
        key = (s, t, count_tiles)
        hit = self._tile_delta.get(key)
        if hit is not None:
            return hit
        cfg = self.cfg
        seat = self.seats[s]
        if not self.standard:
            self._tile_delta[key] = 0.0
            return 0.0
        wild = cfg.wild[t]
        col = cfg.colour[t]
        typ = cfg.type[t]
        attrs = cfg.attrs[t]
        top = seat.top
        if wild:
            cons = max(1, top + seat.wilds + 1)
        else:
            cons = max(1, max(top, seat.colours.get(col, 0) + 1) + seat.wilds)
        delta = float(cons - seat.cons)
        ob = self.best_other[s]
        M = self.M[s]
        g0 = self.now(s)
        cards = self.cards
        touched = self.cs.touched.get(t)
        if touched is None:
            touched = list(self.general)
            for a in attrs:
                touched += self.by_attr.get(a, ())
            touched += self.by_type.get(typ, ())
            self.cs.touched[t] = touched
        for ci in touched:
            c, w, _ = cards[ci]
            m = c.measure
            x = M[ci]
            if m == "colours":
                nx = x + (1 if wild or col not in seat.colours else 0)
            elif m == "tiles":
                if not count_tiles:
                    continue
                nx = x + 1
            elif m == "attribute":
                nx = x + attrs[c.param]
            elif m == "max_type":
                nx = max(x, seat.types.get(typ, 0) + 1)
            else:  # type, types
                nx = x + 1
            if nx != x:
                g = g0[ci]
                if g is None:
                    g = self._now(s, ci)
                delta += w * (_g(nx, ob[ci], c.goal == "most", c.vp) - g)
        self._tile_delta[key] = delta
        return delta

    def place_delta(self, s: int, L_after: int, cell) -> float:
        """The placement-dependent cards (open loose ends, height) for seat s."""
        if not self.placed:
            return 0.0
        key = (s, L_after, cell)
        delta = self._place.get(key)
        if delta is not None:
            return delta
        seat = self.seats[s]
        delta = 0.0
        ob = self.best_other[s]
        M = self.M[s]
        g0 = self.now(s)
        for ci in self.placed:
            c, w, _ = self.cards[ci]
            if c.measure == "open_loose_ends":
                nx = L_after
            else:
                r0, r1, c0, c1 = seat.box
                r, q = cell
                nx = max(max(r1, r) - min(r0, r), max(c1, q) - min(c0, q)) + 1
            x = M[ci]
            if nx != x:
                g = g0[ci]
                if g is None:
                    g = self._now(s, ci)
                delta += w * (_g(nx, ob[ci], c.goal == "most", c.vp) - g)
        self._place[key] = delta
        return delta

    def remove_delta(self, s: int, cell) -> tuple[float, int]:
        """What losing the tile at `cell` does to seat s's value; and its loose ends after."""
        cfg = self.cfg
        seat = self.seats[s]
        t = seat.slab[cell][0]
        L_after = S.loose_after_removal(seat.slab, cell, seat.L)
        if not self.standard:
            return 0.0, L_after
        colours = seat.colours
        wild = cfg.wild[t]
        col = cfg.colour[t]
        typ = cfg.type[t]
        attrs = cfg.attrs[t]
        if wild:
            cons = max(1, max(colours.values(), default=0) + seat.wilds - 1)
        else:
            after = dict(colours)
            after[col] -= 1
            cons = max(1, max(after.values(), default=0) + seat.wilds)
        delta = float(cons - seat.cons)
        ob = self.best_other[s]
        M = self.M[s]
        g0 = self.now(s)
        for ci, (c, w, _) in enumerate(self.cards):
            m = c.measure
            x = M[ci]
            if m == "colours":
                nx = x - (1 if wild or colours.get(col, 0) == 1 else 0)
            elif m == "tiles":
                nx = x - 1
            elif m == "attribute":
                nx = x - attrs.get(c.param, 0)
            elif m == "type":
                nx = x - (typ == c.param)
            elif m == "types":
                nx = x - (typ in c.param)
            elif m == "max_type":
                counts = dict(seat.types)
                counts[typ] -= 1
                nx = max((v for k, v in counts.items() if k != "torso"), default=0)
            elif m == "open_loose_ends":
                nx = L_after
            else:
                continue
            if nx != x:
                g = g0[ci]
                if g is None:
                    g = self._now(s, ci)
                delta += w * (_g(nx, ob[ci], c.goal == "most", c.vp) - g)
        return delta, L_after

    # ------------------------------------------------------------ tiles in hand
    def fits(self, s: int, t: int) -> bool:
        cells = self.seats[s].cells
        for _, mask in self.cfg.shapes[t]:
            for need in cells.values():
                loose, closed = need
                if mask & loose == loose and not mask & closed:
                    return True
        return False

    def tile_value(self, s: int, t: int) -> float:
        """What tile t is worth in seat s's hand."""
        v = self.tile_delta(s, t, count_tiles=False)
        k = self.cfg.masks[t][0].bit_count()
        wl = self.wl if s == self.me else WL_BASE
        v -= 0.5 * wl * (k - 2)  # with one contact a tile changes the loose ends by k - 2
        if self.fits(s, t):
            v += FIT
        return v

    def keep_value(self, t: int) -> float:
        v = self._keep.get(t)
        if v is None:
            v = self._keep[t] = self._keep_value(t)
        return v

    def _keep_value(self, t: int) -> float:
        v = self.tile_value(self.me, t)
        if self.near_end and self.cfg.masks[t][0].bit_count() >= 3:
            # a hub is a weapon against a leader who is close to finishing
            for s in self.others:
                if self.seats[s].L <= 3:
                    v += HUB_KEEP
                    break
        return v

    def opponent_threat(self, s: int) -> float:
        """How much an opponent finishing soon would hurt: near the end, for a seat near
        completion and not behind me."""
        if not self.near_end:
            return 0.0
        L = self.seats[s].L
        w = 2.0 if L <= 3 else (1.0 if L <= 6 else 0.3)
        if self.standard and self.points[s] + 3 < self.points[self.me]:
            w *= 0.3
        return w * self.weight[s]

    def block_value(self, s: int, L_after: int) -> float:
        """Changing an opponent's open loose ends from L to L_after: near the end, more loose
        ends keep a threatening opponent from finishing; one who could close the rest with a
        tile or two next turn is to be stopped most."""
        key = (s, L_after)
        v = self._block.get(key)
        if v is None:
            v = self._block[key] = self._block_value(s, L_after)
        return v

    def _block_value(self, s: int, L_after: int) -> float:
        L = self.seats[s].L
        threat = self.opponent_threat(s)
        if not threat:
            return 0.0
        v = threat * OPP_L * (L_after - L)
        if self.can_end and L < len(P_FINISH) and self.finish_value(s, 0.0) < 0:
            # they could finish next turn and end the game with me not on top
            after = P_FINISH[L_after] if L_after < len(P_FINISH) else 0.0
            v += BLOCK * FINISH * (P_FINISH[L] - after)
        return v

    def finish_value(self, s: int, tile_gain: float) -> float:
        """Ending the game by completing seat s's abomination (s gets Done!)."""
        if not self.standard:
            return FINISH if s == self.me else -FINISH
        pts = list(self.points)
        pts[s] += 3 + max(0.0, tile_gain)
        me = self.me
        top = max(pts[o] for o in self.others)
        if pts[me] > top or (pts[me] == top and self.wins[me] + (s == me) > max(self.wins[o] for o in self.others)):
            return FINISH
        return -FINISH


_CTX: dict = {}


def _context(state: State, me: int) -> _Ctx:
    """The decision context, shared by the decisions of a turn that leave the abominations
    and the Awards as they were (the draws, the discards)."""
    slabs, bolts = state.slabs, state.bolts
    key = (me, tuple(map(id, slabs)), tuple(map(id, bolts)), state.awards, len(state.awards_deck), state.cfg)
    ctx = _CTX.get(key)
    if ctx is not None and ctx.cfg is state.cfg and all(seat.slab is slab and seat.bolts is b
                               for seat, slab, b in zip(ctx.seats, slabs, bolts)):
        return ctx
    ctx = _Ctx(state, me)
    if len(_CTX) > _CTX_LIMIT:
        _CTX.clear()
    _CTX[key] = ctx
    return ctx


class HAHeuristic(ValuedHeuristic):
    """Builds one colour, chases the cards it can win, finishes when it would be on top."""

    name = "heuristic"

    def _step(self, state, legal) -> str:
        return legal[0].kind

    def _context(self, state):
        return _context(state, state.current_player)

    # ------------------------------------------------------------ 1. roll
    def _choose(self, state, ctx, legal) -> list[float]:
        """Go Mad!: the option worth most."""
        tops = self._top_values(state, ctx)
        ranked = sorted(tops, reverse=True) + [BLIND, BLIND]
        draw = max(ranked[0], BLIND) + max(ranked[1], BLIND)
        values = []
        for a in legal:
            o = a["action"]
            if o == "draw":
                v = draw
            elif o == "award":
                v = draw + self._award_value(ctx)
            elif o == "dig":
                v = max(self._dig_values(state, ctx), default=0.0) + BLIND
            else:  # steal
                v = max(self._steal_values(state, ctx, self._targets(ctx)), default=-9.0)
            values.append(v)
        return values

    def _award_value(self, ctx) -> float:
        """Revealing an Award: the expected worth of the card to me, and the end drawing near."""
        if not ctx.awards_left or not ctx.standard:
            return 0.0
        me = ctx.me
        total, k = 0.0, 0
        for ci, (c, w, scored) in enumerate(ctx.cards):
            if scored:
                continue
            total += _g(ctx.M[me][ci], ctx.best_other[me][ci], c.goal == "most", c.vp)
            k += 1
        v = (1 - UNREVEALED) * total / k if k else 0.0
        if ctx.awards_revealed <= ctx.n:
            v += AWARD_LEAD if ctx.lead > 0 else (-AWARD_LEAD if ctx.lead < -2 else 0.0)
        return v

    def _top_values(self, state, ctx) -> list[float]:
        return [ctx.tile_value(ctx.me, pile[-1]) for pile in state.buffet if pile]

    # ------------------------------------------------------------ draw and dig
    def _draw(self, state, ctx, legal) -> list[float]:
        values = []
        for a in legal:
            src = a["source"]
            if src == "deck":
                values.append(BLIND)
            else:
                values.append(ctx.tile_value(ctx.me, state.buffet[src][-1]))
        return values

    def _dig_values(self, state, ctx) -> list[float]:
        out = []
        for pile in state.buffet:
            if pile:
                out.append(ctx.tile_value(ctx.me, pile[-1]) + DIG_SIZE * min(len(pile) - 1, 4)
                           + (BLIND if len(pile) == 1 else 0.0))
        return out

    def _dig(self, state, ctx, legal) -> list[float]:
        values = []
        for a in legal:
            pile = state.buffet[a["pile"]]
            values.append(ctx.tile_value(ctx.me, pile[-1]) + DIG_SIZE * min(len(pile) - 1, 4)
                          + (BLIND if len(pile) == 1 else 0.0))
        return values

    def _dig_take(self, state, ctx, legal) -> list[float]:
        index = ctx.cfg.index
        values = [sum(ctx.tile_value(ctx.me, index[tid]) for tid in a["tiles"]) for a in legal]
        return values

    def _dig_top(self, state, ctx, legal) -> list[float]:
        """Leave on top the tile the next player wants least."""
        index = ctx.cfg.index
        nxt = (state.player + 1) % ctx.n
        values = [-ctx.tile_value(nxt, index[a["tile"]]) for a in legal]
        return values

    # ------------------------------------------------------------ steal and bolt
    def _targets(self, ctx) -> list:
        """What may be stolen: others' tiles but torsos and bolted ones, never leaving an
        abomination complete (the rules' own test, from public information)."""
        torso = ctx.cfg.torso
        out = []
        for s in ctx.others:
            seat = ctx.seats[s]
            for cell, (t, _, _) in seat.slab.items():
                if torso[t] or cell in seat.bolted:
                    continue
                if S.loose_after_removal(seat.slab, cell, seat.L) > 0:
                    out.append((s, cell))
        return out

    def _steal_values(self, state, ctx, targets) -> list[float]:
        out = []
        for seat, cell in targets:
            out.append(self._steal_value(ctx, seat, cell))
        return out

    def _steal_value(self, ctx, seat, cell) -> float:
        t = ctx.seats[seat].slab[cell][0]
        loss, L_after = ctx.remove_delta(seat, cell)
        v = -ctx.weight[seat] * (loss - BOLT_GIFT)
        v += STEAL_GAIN * ctx.tile_value(ctx.me, t)
        v += ctx.block_value(seat, L_after) if L_after else 0.0
        return v

    def _steal(self, state, ctx, legal) -> list[float]:
        values = [self._steal_value(ctx, a["seat"], tuple(a["at"])) for a in legal]
        return values

    def _bolt(self, state, ctx, legal) -> list[float]:
        """Bolt the seam that secures the most valuable unsecured tiles (torso seams secure one)."""
        me = ctx.me
        seat = ctx.seats[me]
        cfg = ctx.cfg
        worth: dict = {}
        values = []
        for a in legal:
            v = 0.0
            for cell in a["seam"]:
                cell = tuple(cell)
                if cell in seat.bolted:
                    continue
                t = seat.slab[cell][0]
                if cfg.torso[t]:
                    continue
                w = worth.get(cell)
                if w is None:
                    w = worth[cell] = 0.5 - ctx.remove_delta(me, cell)[0]
                v += w
            values.append(v)
        return values

    # ------------------------------------------------------------ 2. play
    def _play(self, state, ctx, legal) -> list[float]:
        cfg = ctx.cfg
        index = cfg.index
        masks = cfg.masks
        me = ctx.me
        deltas = ctx._tile_delta  # tile_delta's and place_delta's memos, read here first
        placed = ctx._place if ctx.placed else None
        values = []
        for a in legal:
            if a.kind != "play":
                values.append(-1e6)
                continue
            (_, tid), (_, s), (_, cell), (_, rot) = a.args  # as the rules make every play
            t = index[tid]
            seat = ctx.seats[s]
            need = seat.cells.get(cell)
            k = masks[t][rot].bit_count()
            c = need[0].bit_count() if need else 1
            L_after = seat.L + k - 2 * c
            d = deltas.get((s, t, True))
            if d is None:
                d = ctx.tile_delta(s, t)
            p = 0.0 if placed is None else placed.get((s, L_after, cell))
            if p is None:
                p = ctx.place_delta(s, L_after, cell)
            gain = d + p
            if L_after == 0:
                v = ctx.finish_value(s, gain)
            elif s == me:
                v = gain - ctx.wl * (L_after - seat.L)
            else:  # [HA-P-1] on another's: what it does to them, and the tile given away
                v = -ctx.weight[s] * gain + ctx.block_value(s, L_after) - KEEP * max(0.0, ctx.keep_value(t))
            values.append(v)
        return values

    # ------------------------------------------------------------ 3. discard
    def _discard(self, state, ctx, legal) -> list[float]:
        """Drop the tile least worth keeping, on the pile whose top the next player wants most."""
        index = ctx.cfg.index
        nxt = (state.player + 1) % ctx.n
        keep: dict = {}
        cover: dict = {}
        values = []
        for a in legal:
            tid = a["tile"]
            k = keep.get(tid)
            if k is None:
                k = keep[tid] = ctx.keep_value(index[tid])
            v = -k
            p = a.get("pile")
            if p is not None:
                cv = cover.get(p)
                if cv is None:
                    pile = state.buffet[p]
                    cv = cover[p] = (0.2 * ctx.tile_value(nxt, pile[-1]) if pile and nxt != ctx.me else 0.0)
                v += cv
            values.append(v)
        return values


Heuristic = HAHeuristic  # the name the engine looks for (Game.heuristic)
