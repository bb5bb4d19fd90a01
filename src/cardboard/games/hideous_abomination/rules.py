"""Hideous Abomination as a state machine, in the rulebook's order: set-up, then turns of
1. Roll (Draw, Dig, Award, Steal, Go Mad!), 2. Play, 3. Discard, with stealing and bolting.
Rule ids in brackets point into RULES.md.
"""
from __future__ import annotations

from itertools import combinations

from cardboard.engine import Action, Rng, State

from . import slab as S
from .game import HAConfig, HideousAbominationGame
from .illegal import explain_illegal
from .scoring import final_scores, totals

# phases: who decides what
CHOOSE, DRAW, DIG_PILE, DIG_TAKE, DIG_TOP, STEAL, PLAY, DISCARD, BOLT, OVER = (
    "choose", "draw", "dig", "dig_take", "dig_top", "steal", "play", "discard", "bolt", "over")
DECK = "deck"
# What everyone knows of a tile (HAState.seen, per tile) [HA-H-2]: nothing (HIDDEN), that it is
# exactly where it is (PUBLIC), or that it is one of a Dig's tiles (a pool id from FIRST_POOL
# on): taken by the digger or put back in the pile, which only the digger knows.
HIDDEN, PUBLIC, FIRST_POOL = 0, 1, 2


class HAAction(Action):
    __slots__ = ()

    def label(self) -> str:
        cfg: HAConfig = self.ctx
        k = self.kind

        def tile(tid):
            return S.tile_name(cfg.tiles[cfg.index[tid]])

        if k == "choose":
            return f"Go Mad!: {self['action'].replace('_', ' ').capitalize()}"
        if k == "draw":
            src = self["source"]
            return "Draw blind from the deck" if src == DECK else f"Draw the top of pile {src + 1}"
        if k == "dig":
            return f"Dig through pile {self['pile'] + 1}"
        if k == "dig_take":
            return "Take " + " and ".join(tile(t) for t in self["tiles"])
        if k == "dig_top":
            return f"Put {tile(self['tile'])} back next (from the top down)"
        if k == "steal":
            return f"Steal the tile {S.where(self['at'])} on seat {self['seat']}'s abomination"
        if k == "play":
            turn = f", turned {self['rotation'] * 90}° clockwise" if self["rotation"] else ""
            return f"Play {tile(self['tile'])} on seat {self['seat']}'s abomination, {S.where(self['at'])}{turn}"
        if k == "forfeit":
            return "No tile fits anywhere: forfeit the play"
        if k == "discard":
            where = "the bottom of the deck" if self.get("pile") is None else f"pile {self['pile'] + 1}"
            return f"Discard {tile(self['tile'])} onto {where}"
        if k == "bolt":
            a, b = sorted(self["seam"], key=lambda x: (tuple(x) != (0, 0), tuple(x)))
            first = "the torso" if tuple(a) == (0, 0) else f"the part {S.where(a)}"
            return f"Bolt {first} to the part {S.where(b)}"
        return super().label()


class MoveTables:
    """The game's short moves by what they are made of, handed out without building their
    keys (`ActionCache` wants the kind and the argument pairs): a listing asks for them by the
    dozen. Filled on first use; kept on the game beside its ActionCache.

    Plays and discards are kept here only, not in the ActionCache: a random game makes a few
    thousand plays, and building and hashing the cache's nested key (twice: the miss, then
    the store) was a fifth of a 5-player listing. Plays live in `rows`, one small table per
    seat and cell by `tile << 2 | rotation`, so a listing finds each with one int lookup;
    discards by tile in `discard`. Still one object per move: every play comes from
    `play_in`, every discard from `discards`."""

    __slots__ = ("moves", "ids", "turns", "draw", "dig", "choose", "discard", "rows", "steals", "bolts", "pairs",
                 "seat_order")

    def __init__(self, moves, cfg):
        self.moves = moves
        self.ids = tuple(t.id for t in cfg.tiles)
        # each tile's distinct turns: (tile, rotation, loose-side mask, loose sides)
        self.turns = tuple(tuple((t, rot, mask, mask.bit_count()) for rot, mask in shapes)
                           for t, shapes in enumerate(cfg.shapes))
        self.rows = tuple({} for _ in range(cfg.players))  # per seat: cell -> {tile << 2 | rotation: the play}
        # a play's argument pairs but its cell, made once: ("tile", id) by tile, ("seat", s) by
        # seat, ("rotation", r) by rotation (a new play then builds two tuples, not five)
        self.pairs = (tuple(("tile", i) for i in self.ids), tuple(("seat", s) for s in range(cfg.players)),
                      tuple(("rotation", r) for r in range(4)))
        self.draw: dict = {}
        self.dig: dict = {}
        self.choose: dict = {}
        self.discard: dict = {}  # (tile, piles) -> the discards of that tile onto each pile
        self.steals = tuple({} for _ in range(cfg.players))  # per seat robbed: cell -> the steal
        n = cfg.players
        self.seat_order = tuple(tuple((me + k) % n for k in range(n)) for me in range(n))  # see _play_seats
        self.bolts: dict = {}  # seam -> the bolt

    def row(self, seat: int, cell) -> dict:
        """The plays made so far on `seat`'s abomination at `cell`, by tile << 2 | rotation."""
        rows = self.rows[seat]
        got = rows.get(cell)
        if got is None:
            got = rows[cell] = {}
        return got

    def play_in(self, row: dict, t: int, seat: int, cell, rot: int) -> Action:
        """The play of tile t turned `rot` on `seat`'s abomination at `cell`, whose row is `row`."""
        a = row.get(t << 2 | rot)
        if a is None:
            moves = self.moves
            tile, seats, rotation = self.pairs
            a = row[t << 2 | rot] = moves.make("play", (tile[t], seats[seat], ("at", cell), rotation[rot]), moves.ctx)
        return a

    def play(self, t: int, seat: int, cell, rot: int) -> Action:
        return self.play_in(self.row(seat, cell), t, seat, cell, rot)

    def steal(self, seat: int, cell) -> Action:
        a = self.steals[seat].get(cell)
        if a is None:
            a = self.steals[seat][cell] = self.moves["steal", (("seat", seat), ("at", cell))]
        return a

    def bolt(self, seam) -> Action:
        a = self.bolts.get(seam)
        if a is None:
            a = self.bolts[seam] = self.moves["bolt", (("seam", seam),)]
        return a

    def draw_from(self, source) -> Action:
        a = self.draw.get(source)
        if a is None:
            a = self.draw[source] = self.moves["draw", (("source", source),)]
        return a

    def dig_in(self, pile: int) -> Action:
        a = self.dig.get(pile)
        if a is None:
            a = self.dig[pile] = self.moves["dig", (("pile", pile),)]
        return a

    def choice(self, option: str) -> Action:
        a = self.choose.get(option)
        if a is None:
            a = self.choose[option] = self.moves["choose", (("action", option),)]
        return a

    def discards(self, t: int, piles: int) -> tuple:
        key = (t, piles)
        out = self.discard.get(key)
        if out is None:  # kept here only, as plays are (one object a move: made here alone)
            make, ctx, tile = self.moves.make, self.moves.ctx, self.pairs[0][t]
            if piles:
                out = tuple(make("discard", (tile, ("pile", p)), ctx) for p in range(piles))
            else:  # ages 4-5: no buffet, discards go under the deck [HA-D-17]
                out = (make("discard", (tile,), ctx),)
            self.discard[key] = out
        return out


def _set(tup: tuple, i: int, value) -> tuple:
    """`tup` with item i replaced (one list copy: faster than joining two slices around it)."""
    out = list(tup)
    out[i] = value
    return tuple(out)


PLAY_DRAWS = 32  # missed draws before a rollout's play comes from the full list


def _is_play(mask: int, need: tuple[int, int], loose_before: int, may_complete: bool) -> bool:
    """A tile turned to `mask` on a cell needing `need` [HA-P-2], on a slab with `loose_before`
    open loose ends: it fits, and does not complete the abomination too soon [HA-P-3]."""
    if not S.fits(mask, need):
        return False
    covered = need[0].bit_count()  # loose ends it closes; its own other loose sides stay open
    return may_complete or loose_before - covered + (mask.bit_count() - covered) != 0


class HAState(State):
    __slots__ = ("cfg", "phase", "player", "decider", "turn_no", "started", "die", "action",
                 "draws_left", "deck", "buffet", "hands", "slabs", "bolts", "pending", "supply",
                 "awards_deck", "awards", "dig", "resume", "done_by", "ended_by", "log", "seen", "pools",
                 "geo")

    # ---------------------------------------------------------------- set-up
    @classmethod
    def initial(cls, game: HideousAbominationGame) -> "HAState":
        cfg: HAConfig = game.cfg
        n = cfg.players
        s = cls(game, Rng(game.seed))
        s.cfg = cfg
        rng = s.rng
        awards = list(range(len(cfg.award_ids)))
        deck = list(range(cfg.n_parts))
        torsos = list(range(cfg.n_parts, len(cfg.tiles)))
        rng.shuffle(awards)  # [HA-S-1] the Awards deck beside the Grand Prizes
        rng.shuffle(deck)
        rng.shuffle(torsos)
        standard = cfg.variant == "standard"
        s.awards_deck = tuple(awards) if standard else ()
        s.awards = ()
        # [HA-S-2] three face-up piles of the buffet (none for ages 4-5 [HA-V-2])
        piles = cfg.piles if cfg.variant != "ages_4_5" else 0
        s.buffet = tuple((deck.pop(),) for _ in range(piles))
        # [HA-S-3] a torso each, at the centre of the slab; [HA-S-4] three tiles each
        s.slabs = tuple({(0, 0): (t, 0, cfg.masks[t][0])} for t in torsos[:n])
        s.geo = tuple(S.Geo(slab) for slab in s.slabs)
        s.hands = tuple(tuple(sorted(deck.pop() for _ in range(cfg.hand_size))) for _ in range(n))
        s.deck = tuple(deck)  # the top is the end
        # [HA-H-2] what everyone has seen: the buffet's face-up tiles and the torsos are public
        seen = [HIDDEN] * len(cfg.tiles)
        for t in [p[-1] for p in s.buffet] + [t for slab in s.slabs for t, _, _ in slab.values()]:
            seen[t] = PUBLIC
        s.seen = tuple(seen)
        s.pools = ()
        s.bolts = (frozenset(),) * n  # [HA-S-5] bolts within reach
        s.pending = (0,) * n
        s.supply = cfg.bolts
        s.started = (False,) * n
        s.turn_no = 0
        s.die = s.action = None
        s.draws_left = 0
        s.dig = None
        s.resume = None
        s.done_by = s.ended_by = None
        s.log = None
        s.decider = None
        s._start_turn(cfg.first_player)  # [HA-S-7]
        return s

    # ---------------------------------------------------------------- protocol
    def _current_player(self):
        return None if self.phase == OVER else self.decider

    def _legal_actions(self) -> list[Action]:
        return _CHOICES[self.phase](self)

    def _do(self, a: Action) -> None:
        _DO[a.kind](self, a)

    def _act(self, kind: str, args: tuple) -> Action:
        return self.game.moves[kind, args]

    def _say(self, *event) -> None:
        self.log = (self.log, event)

    # ---------------------------------------------------------------- 1. Roll
    def _start_turn(self, seat: int) -> None:
        cfg = self.cfg
        self.turn_no += 1
        if self.turn_no > cfg.max_turns:  # [HA-D-16]
            return self._end("safety")
        self.player = self.decider = seat
        self.die = self.action = None
        self._say("turn", seat)
        if cfg.variant == "ages_4_5":  # [HA-V-2] no die: take the top of the pile
            if not self.deck:
                return self._end("exhaustion")
            self._to_hand(seat, self._pop_deck())
            self._say("draw", seat, DECK)
            return self._enter_play()
        if not self.started[seat]:  # [HA-T-1] a first turn is a Draw
            self.started = _set(self.started, seat, True)
            return self._begin("draw")
        self._roll()

    def _roll(self) -> None:
        """[HA-R-1] roll the die and do what it says; Steal with nothing to steal re-rolls [HA-R-6]."""
        face = self.rng.choice(self.cfg.faces)
        self._say("roll", self.player, face)
        if face == "steal" and not self._can_steal():
            while face == "steal":
                face = self.rng.choice(self.cfg.faces)
                self._say("reroll", self.player, face)
        self.die = face
        if face == "go_mad":  # [HA-R-8]
            self.phase = CHOOSE
            return
        self._begin(face)

    def _begin(self, action: str) -> None:
        self.action = action
        if action == "award":
            return self._award()
        if action == "draw":
            self.draws_left = self.cfg.draws
            self.phase = DRAW
            return self._check_can_draw()
        if action == "dig":
            self.phase = DIG_PILE
            return
        self.phase = STEAL

    def _choose_options(self) -> tuple:
        return ("draw", "dig", "award", "steal") if self._can_steal() else ("draw", "dig", "award")

    def _choices_choose(self):
        choice = self.game.tables.choice
        return [choice(o) for o in self._choose_options()]

    def _do_choose(self, a):
        self._say("choose", self.player, a["action"])
        self._begin(a["action"])

    def _award(self) -> None:
        """[HA-R-5] reveal an Award (if any remain), then Draw. Ages 6-7: just Draw [HA-V-1]."""
        if self.awards_deck:
            card = self.awards_deck[-1]
            self.awards_deck = self.awards_deck[:-1]
            self.awards = self.awards + (card,)
            self._say("award", self.player, card)
        self.action = "draw"
        self.draws_left = self.cfg.draws
        self.phase = DRAW
        self._check_can_draw()

    # ---------------------------------------------------------------- Draw
    def _check_can_draw(self) -> None:
        if not self.deck and not any(self.buffet):
            self._end("exhaustion")  # [HA-E-2]

    def _draw_sources(self) -> list:
        out = [i for i, pile in enumerate(self.buffet) if pile]
        if self.deck:  # [HA-D-12] blind from an empty deck cannot be chosen
            out.append(DECK)
        return out

    def _choices_draw(self):
        draw = self.game.tables.draw_from
        return [draw(src) for src in self._draw_sources()]

    def _do_draw(self, a):
        """[HA-R-2] two tiles, each the top of a buffet pile or blind from the deck; a tile
        revealed by the first may be the second [HA-R-2]."""
        src = a["source"]
        me = self.player
        if src == DECK:
            self._to_hand(me, self._pop_deck())
            self._say("draw", me, DECK)
        else:
            pile = self.buffet[src]
            self._to_hand(me, pile[-1])
            self.buffet = _set(self.buffet, src, pile[:-1])
            if len(pile) > 1:
                self._show(pile[-2])  # the tile under it is face up now
            self._say("draw", me, src, self.cfg.tiles[pile[-1]].id)  # it was face up: public
        if self._refill():
            return
        self.draws_left -= 1
        if self.draws_left == 0:
            return self._enter_play()
        self._check_can_draw()

    # ---------------------------------------------------------------- Dig
    def _choices_dig(self):
        dig = self.game.tables.dig_in
        return [dig(i) for i, pile in enumerate(self.buffet) if pile]

    def _do_dig(self, a):
        """[HA-R-3] take a pile and choose two of its tiles; a one-tile pile gives it and one blind."""
        i = a["pile"]
        pile = self.buffet[i]
        me = self.player
        self._say("dig", me, i)
        if len(pile) == 1:  # [HA-R-4]
            self._to_hand(me, pile[0])
            self.buffet = _set(self.buffet, i, ())
            if not self.deck:
                return self._end("exhaustion")
            self._to_hand(me, self._pop_deck())
            if self._refill():
                return
            return self._enter_play()
        self._pool(pile)  # in the digger's hands: it alone sees them all [HA-H-2]
        self.dig = (i, pile, ())
        self.phase = DIG_TAKE

    def _choices_dig_take(self):
        ids = sorted(self.cfg.tiles[t].id for t in self.dig[1])
        return [self._act("dig_take", (("tiles", pair),)) for pair in combinations(ids, self.cfg.dig_takes)]

    def _do_dig_take(self, a):
        i, pile, _ = self.dig
        taken = {self.cfg.index[t] for t in a["tiles"]}
        for t in taken:
            self._to_hand(self.player, t)
        rest = tuple(t for t in pile if t not in taken)
        self.buffet = _set(self.buffet, i, rest)
        if len(rest) >= 2:  # [HA-R-4] the rest go back in any order, chosen top first [HA-D-10]
            self.dig = (i, rest, ())
            self.phase = DIG_TOP
            return
        for t in pile:  # everyone knows where each went: nothing or one tile goes back [HA-H-2]
            self._show(t)
        self.dig = None
        if self._refill():
            return
        self._enter_play()

    def _choices_dig_top(self):
        ids = sorted({self.cfg.tiles[t].id for t in self.dig[1]})
        return [self._act("dig_top", (("tile", t),)) for t in ids]

    def _do_dig_top(self, a):
        """[HA-R-4] [HA-D-10] the digger puts the returned tiles back one by one from the top
        down: the chosen tile goes under those already chosen; the last one left goes at the
        bottom. The pile holds them all the while: the unchosen ones under the chosen ones."""
        i, rest, placed = self.dig
        t = self.cfg.index[a["tile"]]
        rest = tuple(x for x in rest if x != t)
        placed = placed + (t,)
        self.buffet = _set(self.buffet, i, rest + placed[::-1])
        if len(rest) > 1:
            self.dig = (i, rest, placed)
            return
        self._show(placed[0])  # the new top is face up [HA-H-2]
        self.dig = None
        self._enter_play()

    # ---------------------------------------------------------------- what is known [HA-H-2]
    def _show(self, t: int) -> None:
        """Tile t is seen by everyone where it is now."""
        if self.seen[t] != PUBLIC:
            self.seen = _set(self.seen, t, PUBLIC)

    def _pool(self, tiles: tuple) -> None:
        """A Dig: the digger sees the whole pile; everyone else knows only that `tiles` are
        among the two it takes and the ones it puts back. Tiles of an earlier pool dug again
        join the new pool with every other tile of that earlier pool (for the new digger, who
        sees which of them are in the pile, that is exact; for the third seats it forgets that
        the earlier digger kept exactly two of the earlier pool)."""
        seen = list(self.seen)
        code = FIRST_POOL + len(self.pools)
        merge = {seen[t] for t in tiles if seen[t] >= FIRST_POOL}
        if merge:
            for t, c in enumerate(seen):
                if c in merge:
                    seen[t] = code
        for t in tiles:
            seen[t] = code
        self.seen = tuple(seen)
        self.pools = self.pools + (self.player,)

    # ---------------------------------------------------------------- Steal and bolts
    def _steal_targets(self) -> list[tuple[int, tuple[int, int]]]:
        """[HA-R-7] any other player's tile but torsos and bolted tiles; never one whose loss
        would leave that abomination complete [HA-D-11]."""
        torso = self.cfg.torso
        out = []
        for seat in range(len(self.slabs)):
            if seat == self.player:
                continue
            cells = self._geo(seat).steal_cells(torso)
            if self.bolts[seat]:
                bolted = self._bolted(seat)
                out += [(seat, cell) for cell in cells if cell not in bolted]
            else:
                out += [(seat, cell) for cell in cells]
        return out

    def _can_steal(self) -> bool:
        """bool(self._steal_targets()), stopping at the first tile a thief may take."""
        torso = self.cfg.torso
        for seat in range(len(self.slabs)):
            if seat != self.player and self._geo(seat).can_steal(torso, self._bolted(seat) if self.bolts[seat] else ()):
                return True
        return False

    def _geo(self, seat: int) -> S.Geo:
        """The slab's Geo; worked out again if the slab was replaced some other way (tests)."""
        g = self.geo[seat]
        slab = self.slabs[seat]
        if g.slab is not slab:
            g = S.Geo(slab)
            self.geo = _set(self.geo, seat, g)
        return g

    def _choices_steal(self):
        steal = self.game.tables.steal
        return [steal(seat, cell) for seat, cell in sorted(self._steal_targets())]

    def _do_steal(self, a):
        """[HA-R-7] the tile goes to your hand; its owner gets two bolts and bolts at once [HA-B-1]."""
        seat, cell = a["seat"], tuple(a["at"])
        before = self._geo(seat)
        slab = dict(self.slabs[seat])
        t = slab.pop(cell)[0]  # [HA-R-9] the gap stays: other tiles do not move
        self.slabs = _set(self.slabs, seat, slab)
        self.geo = _set(self.geo, seat, before.after_removal(slab, cell))
        self._to_hand(self.player, t)
        self._show(t)  # everyone saw where it went
        given = min(self.cfg.bolts_per_steal, self.supply)  # [HA-D-14]
        self.supply -= given
        self.pending = _set(self.pending, seat, self.pending[seat] + given)
        self._say("steal", self.player, seat, cell, self.cfg.tiles[t].id, given)
        self.resume = PLAY
        if not self._start_bolting(seat):
            self._enter_play()

    def _bolted(self, seat: int) -> set:
        cells = set()
        for a, b in self.bolts[seat]:
            cells.add(a)
            cells.add(b)
        return cells

    def _bolt_seams(self, seat: int) -> list:
        """[HA-B-2] [HA-B-3] seams where tiles meet loose to loose, not yet bolted, that secure
        at least one unbolted body part (not the torso). Kept with the slab's Geo for the
        seat's bolts as they are (both change seldom; a seat with bolts waiting asks after
        every play on its abomination)."""
        geo = self._geo(seat)
        done = self.bolts[seat]
        hit = geo.bolt_seams
        if hit is not None and hit[0] is done:
            return hit[1]
        slab = geo.slab
        torso = self.cfg.torso
        bolted = self._bolted(seat)
        out = []
        for a, b in geo.seam_list():
            if (a, b) in done:
                continue
            if (a not in bolted and not torso[slab[a][0]]) or (b not in bolted and not torso[slab[b][0]]):
                out.append((a, b))
        geo.bolt_seams = (done, out)
        return out

    def _bolt_seams_after_play(self, seat: int, before: S.Geo, geo: S.Geo, cell) -> None:
        """Keep on `geo` the seams a bolt may go on, when the slab before the play at `cell` had
        none for the same bolts (as when bolts wait [HA-B-1]; each play on that abomination then
        asks): only the new tile's seams can be new, and nothing else changed. They are put in
        `seams`'s order: tile by tile in the slab's order (the new tile is the last), each
        tile's east side, then its south; so the seams of the tiles west and north of it come
        first, in their slab order. Otherwise `_bolt_seams` counts them as it does."""
        done = self.bolts[seat]
        hit = before.bolt_seams
        if hit is None or hit[0] is not done or hit[1]:
            return
        slab = geo.slab
        mask = slab[cell][2]
        r, c = cell
        found = []
        west, north = (r, c - 1), (r - 1, c)
        if mask & 8 and west in slab and slab[west][2] & 2:
            found.append((west, cell))
        if mask & 1 and north in slab and slab[north][2] & 4:
            found.append((north, cell))
        if len(found) == 2 and next(x for x in slab if x == west or x == north) == north:
            found.reverse()
        for dr, dc, _, facing in S.LOOSE_EAST_SOUTH[mask]:
            nb = (r + dr, c + dc)
            other = slab.get(nb)
            if other is not None and other[2] & facing:
                found.append((cell, nb))
        torso = self.cfg.torso
        bolted = self._bolted(seat)
        geo.bolt_seams = (done, [(a, b) for a, b in found if (a, b) not in done and (
            (a not in bolted and not torso[slab[a][0]]) or (b not in bolted and not torso[slab[b][0]]))])

    def _start_bolting(self, seat: int) -> bool:
        """[HA-B-1] received bolts go on at once while an unsecured tile has a seam; the rest wait."""
        if self.pending[seat] and self._bolt_seams(seat):
            self.phase = BOLT
            self.decider = seat
            return True
        return False

    def _choices_bolt(self):
        bolt = self.game.tables.bolt
        return [bolt(seam) for seam in self._bolt_seams(self.decider)]

    def _do_bolt(self, a):
        seat = self.decider
        seam = tuple(tuple(c) for c in a["seam"])
        self.bolts = _set(self.bolts, seat, self.bolts[seat] | {seam})
        self.pending = _set(self.pending, seat, self.pending[seat] - 1)
        self._say("bolt", seat, seam)
        if self.pending[seat] and self._bolt_seams(seat):
            return
        self.decider = self.player
        if self.resume == PLAY:
            self._enter_play()
        else:
            self._enter_discard()

    # ---------------------------------------------------------------- 2. Play
    def _enter_play(self) -> None:
        self.phase = PLAY
        self.decider = self.player

    def _plays_on(self, seat: int, may_complete: bool) -> list[Action]:
        """The plays of the hand's tiles on `seat`'s abomination: each tile in each of its
        turns on each open cell, in that order. A tile's plays on a slab are worked out once
        and kept with the slab's Geo (slabs never change; a tile stays in hand for turns)."""
        geo = self._geo(seat)
        table = geo.plays
        if table is None:
            table = geo.plays = {}
        by_tile = table.get((seat, may_complete))
        if by_tile is None:
            by_tile = table[seat, may_complete] = {}
        out = []
        for t in self.hands[self.player]:
            plays = by_tile.get(t)
            if plays is None:
                plays = by_tile[t] = self._tile_plays(geo, seat, t, may_complete)
            out += plays
        return out

    def _tile_plays(self, geo: S.Geo, seat: int, t: int, may_complete: bool) -> tuple:
        """Tile t in each of its turns on each open cell where it is a play (`_is_play`)."""
        tables = self.game.tables
        kept = geo.fit_rows
        if kept is None or kept[0] != seat:  # a Geo serves one seat: anything else starts over
            self._keep_rows(geo, seat)
        spots_by_mask = geo.play_spots
        out = []
        for _, rot, mask, k in tables.turns[t]:
            spots = spots_by_mask.get(mask)
            if spots is None:
                spots = self._play_spots(geo, mask)
            code = t << 2 | rot
            for cell, base, row in spots:
                if may_complete or base + k != 0:
                    play = row.get(code)
                    out.append(tables.play_in(row, t, seat, cell, rot) if play is None else play)
        return tuple(out)

    def _keep_rows(self, geo: S.Geo, seat: int) -> None:
        """Pair the slab's open cells (`Geo.fit_list`) with their rows of plays on `seat`'s
        abomination (`MoveTables.row`), once a slab."""
        row = self.game.tables.row
        geo.fit_rows = (seat, [(cell, fitting, base, row(seat, cell)) for cell, fitting, base in geo.fit_list()])
        geo.play_spots = {}

    @staticmethod
    def _play_spots(geo: S.Geo, mask: int) -> list:
        """[(cell, base, row)]: the open cells a tile turned to `mask` fits [HA-P-2], each with
        its row of plays; looked for once a slab and mask (a hand's tiles share the sixteen)."""
        got = geo.play_spots[mask] = [(cell, base, row) for cell, fitting, base, row in geo.fit_rows[1]
                                      if fitting >> mask & 1]
        return got

    def _play(self, t: int, seat: int, cell, rot: int) -> Action:
        return self.game.tables.play(t, seat, cell, rot)

    def _sample_action(self, rng: Rng) -> Action | None:
        """A rollout's random move: a play drawn without listing them all (the Play step's list,
        every tile in every turn on every open cell of every abomination, is what rollouts spent
        most on). A draw, a discard and Go Mad!'s choice are the very move a uniform pick from
        the step's list would be, with the same one random number (`legal[rng.below(len(legal))]`),
        found without making the list, and so are a steal and a bolt (their lists are made of
        the targets and seams in order, one move each); the Dig's lists are short."""
        phase = self.phase
        if phase == PLAY:
            return self._sample_play(rng)
        if phase == DRAW:
            sources = self._draw_sources()
            return self.game.tables.draw_from(sources[rng.below(len(sources))]) if sources else None
        if phase == DISCARD:
            tables = self.game.tables
            hand = sorted(self.hands[self.player], key=tables.ids.__getitem__)
            piles = len(self.buffet)
            if not piles:
                return tables.discards(hand[rng.below(len(hand))], 0)[0]
            i, p = divmod(rng.below(len(hand) * piles), piles)
            return tables.discards(hand[i], piles)[p]
        if phase == CHOOSE:
            options = self._choose_options()
            return self.game.tables.choice(options[rng.below(len(options))])
        if phase == BOLT:
            seams = self._bolt_seams(self.decider)
            return self.game.tables.bolt(seams[rng.below(len(seams))]) if seams else None
        if phase == STEAL:
            targets = sorted(self._steal_targets())
            return self.game.tables.steal(*targets[rng.below(len(targets))]) if targets else None
        return None

    def _play_seats(self) -> tuple:
        """[HA-P-1] any abomination, one's own listed first; ages 4-5 only one's own [HA-V-2]."""
        if self.cfg.variant == "ages_4_5":
            return (self.player,)
        return self.game.tables.seat_order[self.player]

    def _sample_play(self, rng: Rng) -> Action | None:
        """One of the plays `_choices_play` lists, each as likely as in that list: (tile turn,
        abomination's open cell) pairs drawn evenly until one is a play. None when the draws keep
        missing (as when nothing fits anywhere): the full list then decides [HA-P-4]."""
        tables = self.game.tables
        turns = []
        for t in self.hands[self.player]:
            turns += tables.turns[t]
        if not turns:
            return None
        cells = []
        for seat in self._play_seats():
            cells += self._geo(seat).open_spots(seat)
        if not cells:
            return None
        may_complete = self._may_complete()
        below = rng.below
        n = len(cells)
        space = len(turns) * n
        for _ in range(PLAY_DRAWS):
            i, j = divmod(below(space), n)
            t, rot, mask, k = turns[i]
            seat, cell, fitting, base = cells[j]
            if fitting >> mask & 1 and (may_complete or base + k != 0):  # _is_play
                return tables.play(t, seat, cell, rot)
        return None

    def _may_complete(self) -> bool:
        if self.cfg.variant != "standard":
            return True  # [HA-D-15] the simplified games are won by completing
        return len(self.awards) > self.cfg.players  # [HA-P-3]

    def _choices_play(self):
        """[HA-P-1] a tile on ANY abomination, one's own or another's, freely; [HA-P-4] playing
        is compulsory while any play exists, else the play is forfeited. Ages 4-5: only on
        one's own [HA-V-2]."""
        may_complete = self._may_complete()
        plays = []
        for seat in self._play_seats():
            plays += self._plays_on(seat, may_complete)
        return plays or [self._act("forfeit", ())]

    def _do_forfeit(self, a):
        self._say("forfeit", self.player)
        self._enter_discard()

    def _do_play(self, a):
        """[HA-P-1] [HA-P-2] place the tile; [HA-E-1] completing after the threshold ends the game."""
        cfg = self.cfg
        (_, tid), (_, seat), (_, cell), (_, rot) = a.args  # as MoveTables.play_in makes every play
        t = cfg.index[tid]
        me = self.player
        hand = list(self.hands[me])
        hand.remove(t)
        self.hands = _set(self.hands, me, tuple(hand))
        slab = dict(self.slabs[seat])
        mask = cfg.masks[t][rot]
        slab[cell] = (t, rot, mask)
        before = self._geo(seat)
        self.slabs = _set(self.slabs, seat, slab)
        geo = before.after_play(slab, cell, mask)
        self.geo = _set(self.geo, seat, geo)
        if self.pending[seat]:
            self._bolt_seams_after_play(seat, before, geo, cell)
        self._show(t)
        self._say("play", me, tid, seat, cell, rot)
        if geo.L == 0:
            self.done_by = seat
            return self._end("completion")
        self.resume = DISCARD
        if not self._start_bolting(seat):  # [HA-B-4] waiting bolts go on the new tile
            self._enter_discard()

    # ---------------------------------------------------------------- 3. Discard
    def _enter_discard(self) -> None:
        self.decider = self.player
        if len(self.hands[self.player]) > self.cfg.hand_size:
            self.phase = DISCARD
        else:
            self._next_turn()

    def _choices_discard(self):
        """[HA-DC-1] discard down to three, each onto a buffet pile of your choice (ages 4-5:
        no buffet, discards go under the deck [HA-D-17]); by tile id, then pile."""
        tables = self.game.tables
        piles = len(self.buffet)
        out = []
        for t in sorted(self.hands[self.player], key=tables.ids.__getitem__):
            out += tables.discards(t, piles)
        return out

    def _do_discard(self, a):
        cfg = self.cfg
        me = self.player
        t = cfg.index[a["tile"]]
        hand = list(self.hands[me])
        hand.remove(t)
        self.hands = _set(self.hands, me, tuple(hand))
        p = a.get("pile")
        self._show(t)  # face up, onto a pile or under the deck [HA-DC-1]
        if p is None:
            self.deck = (t,) + self.deck
        else:
            self.buffet = _set(self.buffet, p, self.buffet[p] + (t,))
        self._say("discard", me, a["tile"], p)
        if len(hand) <= cfg.hand_size:
            self._next_turn()

    def _next_turn(self) -> None:
        self._start_turn((self.player + 1) % self.cfg.players)  # [HA-T-2] clockwise

    # ---------------------------------------------------------------- cards and tiles
    def _pop_deck(self) -> int:
        t = self.deck[-1]
        self.deck = self.deck[:-1]
        return t

    def _to_hand(self, seat: int, t: int) -> None:
        self.hands = _set(self.hands, seat, tuple(sorted(self.hands[seat] + (t,))))

    def _refill(self) -> bool:
        """[HA-R-10] an empty buffet pile is refilled from the deck at once; True if the deck
        ran out doing so, which ends the game [HA-E-2]."""
        for i, pile in enumerate(self.buffet):
            if not pile:
                if not self.deck:
                    self._end("exhaustion")
                    return True
                t = self._pop_deck()
                self.buffet = _set(self.buffet, i, (t,))
                self._show(t)
        return False

    def _end(self, how: str) -> None:
        self.ended_by = how
        self.phase = OVER
        self.decider = None
        self.dig = None
        self._say("over", how, self.done_by)

    # ---------------------------------------------------------------- scoring and views
    def score_breakdown(self) -> list[dict]:
        return final_scores(self)

    def _scores(self):
        return tuple(b["total"] for b in self.score_breakdown())  # whole points: ints

    def winners(self) -> list[int]:
        return self._winners(self.score_breakdown())

    def outcome(self) -> tuple[list[float], list[int]]:
        """The totals and the winners [HA-E-5], counted without the breakdown's detail (a
        search asks at the end of every playout)."""
        points, won = totals(self)
        best = max(zip(points, won))
        return points, [seat for seat, key in enumerate(zip(points, won)) if key == best]

    @staticmethod
    def _winners(b: list[dict]) -> list[int]:
        """[HA-E-5] highest score; tied, the most Grand Prizes and Awards; still tied, shared."""
        best = max((x["total"], len(x["cards"])) for x in b)
        return [seat for seat, x in enumerate(b) if (x["total"], len(x["cards"])) == best]

    def _view(self, seat):
        from .view import view

        return view(self, seat)

    def _dump(self) -> dict:
        from .view import dump

        return dump(self)

    def _why_illegal(self, a: Action) -> str | None:
        return explain_illegal(self, a.kind, dict(a.args))

    def _why_illegal_json(self, doc: dict) -> str | None:
        return explain_illegal(self, doc.get("kind"), doc)

    def _invariants(self) -> list[str]:
        from .invariants import invariants  # for the fuzzer and tests only
        return invariants(self)

    def determinize(self, seat: int, seed: int) -> "HAState":
        """Re-deal what `seat` cannot know [HA-H-2], keeping every size and everything it has
        seen where it is: a tile everyone saw go somewhere (`seen` PUBLIC: on a buffet pile,
        taken from a pile's top, stolen, discarded) stays; so do its own hand and the tiles of
        its own Digs. The tiles of another seat's Dig are dealt again among the places they may
        be (the pile they went back to, the digger's hand); the hidden rest (the deck, the tiles
        drawn blind) among theirs. Only which tiles are where is dealt, never a real order."""
        new = self.clone()
        rng = Rng(seed)
        seen, pools = self.seen, self.pools
        # every place a tile may be re-dealt to, end to end: the deck, the piles, the other hands
        flat = list(self.deck)
        ends = [len(flat)]
        for pile in self.buffet:
            flat += pile
            ends.append(len(flat))
        others = [s for s in range(len(self.hands)) if s != seat]
        for s in others:
            flat += self.hands[s]
            ends.append(len(flat))
        codes = [seen[t] for t in flat]
        # each group of tiles no better known than "one of these" (hidden, or a Dig's pool
        # that is not the seat's own) is dealt again among the places its tiles are in
        for c in sorted(set(codes)):
            if c == PUBLIC or (c >= FIRST_POOL and pools[c - FIRST_POOL] == seat):
                continue
            head = ends[0] if codes[:ends[0]].count(c) == ends[0] else 0  # often the whole deck
            rest = [i for i in range(head, len(codes)) if codes[i] == c]
            tiles = flat[:head] + [flat[i] for i in rest]
            tiles.sort()
            rng.shuffle(tiles)
            flat[:head] = tiles[:head]
            for i, t in zip(rest, tiles[head:]):
                flat[i] = t
        start = ends[0]
        new.deck = tuple(flat[:start])
        piles = []
        for end in ends[1:1 + len(self.buffet)]:
            piles.append(tuple(flat[start:end]))
            start = end
        new.buffet = tuple(piles)
        hands = list(self.hands)
        for s, end in zip(others, ends[1 + len(self.buffet):]):
            hands[s] = tuple(sorted(flat[start:end]))
            start = end
        new.hands = tuple(hands)
        awards = sorted(new.awards_deck)
        rng.shuffle(awards)
        new.awards_deck = tuple(awards)
        if new.dig is not None:  # the tiles in the digger's hands: the pile's, as dealt
            i, rest, _ = new.dig
            pile = new.buffet[i]
            new.dig = (i, pile[:len(rest)], pile[len(rest):][::-1])
        new.rng = Rng(rng.next64())
        new._legal = None
        return new


# The step's listing and the move's rules, looked up by name once (not with getattr on every call)
_CHOICES = {phase: getattr(HAState, "_choices_" + phase)
            for phase in (CHOOSE, DRAW, DIG_PILE, DIG_TAKE, DIG_TOP, STEAL, PLAY, DISCARD, BOLT)}
_DO = {kind: getattr(HAState, "_do_" + kind)
       for kind in ("choose", "draw", "dig", "dig_take", "dig_top", "steal", "play", "forfeit", "discard", "bolt")}
