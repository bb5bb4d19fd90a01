"""Controlling Locations ([AY-L-*]), mixed into AbyssState: three keys at once, a face-up
Location or 1-4 drawn, the Lords used slid under it; Black Smokers' swap."""
from __future__ import annotations

from itertools import combinations

from .phases import IDLE, KEEP, KEYS, SMOKERS, WHERE


def _set(tup: tuple, i: int, value) -> tuple:
    return tup[:i] + (value,) + tup[i + 1:]


class LocationsMixin:
    __slots__ = ()

    def _must_control(self) -> bool:
        """[AY-L-1] three keys gathered, and a Location left to take [AY-D-9]."""
        return (self.key_count(self.player) >= self.cfg.setup.keys_to_control
                and bool(self.loc_deck or self.loc_open))

    def key_options(self, seat: int) -> list[tuple[tuple[int, ...], int]]:
        """[AY-L-5] which keys to use when there are more than enough: (Lords, key tokens),
        never a Lord whose keys are not needed."""
        need = self.cfg.setup.keys_to_control
        lkeys = self.cfg.lkeys
        lords = self.key_lords(seat)
        out = []
        for r in range(len(lords) + 1):
            for combo in combinations(lords, r):
                total = sum(lkeys[x] for x in combo)
                if combo and total - min(lkeys[x] for x in combo) >= need:
                    continue
                tokens = max(0, need - total)
                if tokens <= self.keys[seat]:
                    out.append((combo, tokens))
        return out

    def _start_control(self) -> None:
        options = self.key_options(self.player)
        if len(options) == 1:
            return self._control_with(*options[0])
        self.phase = KEYS
        self.decider = self.player

    def _choices_keys(self):
        cfg = self.cfg
        return [self._act("use_keys", (("lords", tuple(cfg.lords[x].id for x in combo)), ("tokens", t)))
                for combo, t in self.key_options(self.player)]

    def _do_use_keys(self, a) -> None:
        lords = tuple(self.cfg.lord_index[x] for x in a["lords"])
        self._control_with(lords, a["tokens"])

    def _control_with(self, lords: tuple[int, ...], tokens: int, draw: int | None = None) -> None:
        """[AY-L-2] take a face-up Location or draw 1-4 and keep one; an Ambassador draws as its
        card says [AY-P-33]."""
        self.control = (lords, tokens)
        self.decider = self.player
        if draw is None:
            self.phase = WHERE
            return
        n = min(draw, len(self.loc_deck))
        if n == 0:
            if self.loc_open:
                self.phase = WHERE  # [AY-D-10] nothing to draw: a face-up one
                return
            self.control = None
            self.phase = IDLE
            return
        self._draw_locations(n)

    def _choices_where(self):
        cfg = self.cfg
        out = [self._act("location", (("location", cfg.locations[x].id),)) for x in self.loc_open]
        out += [self._act("draw", (("n", n),)) for n in range(1, min(4, len(self.loc_deck)) + 1)]
        return out

    def _do_location(self, a) -> None:
        loc = self.cfg.loc_index[a["location"]]
        self.loc_open = tuple(x for x in self.loc_open if x != loc)
        self._take_location(loc)

    def _do_draw(self, a) -> None:
        self._draw_locations(a["n"])

    def _draw_locations(self, n: int) -> None:
        self.drawn = tuple(reversed(self.loc_deck[-n:]))
        self.loc_deck = self.loc_deck[:-n]
        self._say("draw_locations", self.player, n)
        if n == 1:
            loc, self.drawn = self.drawn[0], ()
            return self._take_location(loc)
        self.phase = KEEP
        self.decider = self.player

    def _choices_keep(self):
        return [self._act("keep", (("location", self.cfg.locations[x].id),)) for x in self.drawn]

    def _do_keep(self, a) -> None:
        """[AY-L-3] the others go face up beside the board, for anyone later."""
        loc = self.cfg.loc_index[a["location"]]
        self.loc_open = self.loc_open + tuple(x for x in self.drawn if x != loc)
        self.drawn = ()
        self._take_location(loc)

    def _take_location(self, loc: int) -> None:
        """[AY-L-4] the Lords used slide under it (no longer free, powers hidden, Influence kept);
        key tokens used go back to the pile."""
        me = self.player
        lords, tokens = self.control
        self.control = None
        self.free = _set(self.free, me, tuple(x for x in self.free[me] if x not in lords))
        self.keys = _set(self.keys, me, self.keys[me] - tokens)
        self.key_supply += tokens
        self.locations = _set(self.locations, me, self.locations[me] + ((loc, lords),))
        self._say("control", me, loc, lords, tokens)
        self.phase = IDLE
        self._took_location(loc)

    def _took_location(self, loc: int) -> None:
        """[AY-L-6] Black Smokers may at once be swapped for any Location of the stack."""
        if self.cfg.locations[loc].special == "smokers" and self.loc_deck:
            self.phase = SMOKERS
            self.decider = self.player
            self.target = loc

    def _choices_smokers(self):
        locs = self.cfg.locations
        return [self._act("keep_smokers")] + [self._act("smokers_swap", (("location", locs[x].id),))
                                              for x in sorted(self.loc_deck)]

    def _do_keep_smokers(self, a) -> None:
        self.target = None
        self.phase = IDLE

    def _do_smokers_swap(self, a) -> None:
        me = self.player
        smokers, new = self.target, self.cfg.loc_index[a["location"]]
        self.locations = _set(self.locations, me, tuple((new if loc == smokers else loc, under)
                                                        for loc, under in self.locations[me]))
        self.loc_out = self.loc_out + (smokers,)
        deck = sorted(x for x in self.loc_deck if x != new)
        self.rng.shuffle(deck)  # the stack was searched: shuffle it again
        self.loc_deck = tuple(deck)
        self._say("smokers", me, new)
        self.target = None
        self.phase = IDLE
