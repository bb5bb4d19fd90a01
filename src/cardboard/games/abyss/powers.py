"""Lord powers ([AY-P-*]): one method per power kind of content.py, mixed into AbyssState.

A power works only while its Lord is free and not assassinated [AY-P-0]; once-powers fire when
the Lord comes into play, passive ones are read where they matter (costs, limits, rewards),
turn powers are moves of the owner's turn, once each per turn [AY-D-7]. Military powers do not
touch a player whose Shaman is free [AY-P-14].
"""
from __future__ import annotations

from .content import RACES
from .phases import ASSASSINATE, BETRAY, CORRUPT, DISCARD, HUNT, IDLE, ILLUSION, SCHEME, TAKE_STACK


# the powers used as moves of the owner's turn, and the pseudo-kind naming them all in `_powers`
TURN_KINDS = frozenset({"sell_ally", "discard_council", "replace_court_lord"})
TURN_POWER = "turn power"
# and the pseudo-kind holding the number of keys those Lords bear (an int, not Lords)
LORD_KEYS = "lord keys"
# the powers of a seat without free Lords (never written to)
NO_POWERS = {LORD_KEYS: 0}


def _set(tup: tuple, i: int, value) -> tuple:
    return tup[:i] + (value,) + tup[i + 1:]


class PowersMixin:
    __slots__ = ()  # the state's slots `_free`, `_disabled` and `powers` are read here

    # ---------------------------------------------------------------- who has what
    # `free` and `disabled` are properties: setting either re-reads each seat's powers into
    # `powers` (a dict per seat, shared through the config's cache), so `_active`, read several
    # times a move, is two lookups. Whoever sets them (rules, tests) keeps `powers` true.
    @property
    def free(self) -> tuple[tuple[int, ...], ...]:
        """Each seat's free Lords (not under a Location), in the order they came."""
        return self._free

    @free.setter
    def free(self, value: tuple[tuple[int, ...], ...]) -> None:
        self._free = value
        self._read_powers()

    @property
    def disabled(self) -> frozenset[int]:
        """The Lords an Assassin disabled [AY-P-4]."""
        return self._disabled

    @disabled.setter
    def disabled(self, value: frozenset[int]) -> None:
        self._disabled = value
        self._read_powers()

    def _read_powers(self) -> None:
        self.powers = tuple(self._powers(free) if free else NO_POWERS for free in self._free)

    def _active(self, seat: int, kind: str) -> tuple[int, ...]:
        """[AY-P-0] `seat`'s free, unassassinated Lords with a power of `kind`."""
        return self.powers[seat].get(kind, ())

    def _powers(self, free: tuple[int, ...]) -> dict[str, tuple[int, ...]]:
        """{power kind: Lords} among `free` Lords not assassinated, plus TURN_POWER: those whose
        power is a move of the owner's turn, and LORD_KEYS: their keys [AY-R-11, AY-P-4]. The
        same Lords recur across a game and a search: cached on the config."""
        key = (free, self._disabled)
        cache = self.cfg.powers_cache
        kinds = cache.get(key)
        if kinds is None:
            if len(cache) > 50_000:  # bounded: a long search must not grow it forever
                cache.clear()
            pkind = self.cfg.pkind
            lkeys = self.cfg.lkeys
            kinds = {LORD_KEYS: 0}
            for lord in free:
                if lord not in self._disabled:
                    kinds[LORD_KEYS] += lkeys[lord]
                    kinds[pkind[lord]] = kinds.get(pkind[lord], ()) + (lord,)
                    if pkind[lord] in TURN_KINDS:
                        kinds[TURN_POWER] = kinds.get(TURN_POWER, ()) + (lord,)
            cache[key] = kinds
        return kinds

    def _shielded(self, lord: int, victim: int) -> bool:
        """[AY-P-14] the Shaman's owner ignores Military Lords' powers."""
        return self.cfg.guild[lord] == "military" and bool(self._active(victim, "military_immunity"))

    def _victims(self, lord: int) -> list[int]:
        return [s for s in self.opponents(self.player) if not self._shielded(lord, s)]

    def hand_limit(self, seat: int) -> int | None:
        """[AY-P-5] the Commander's limit on opponents' hands (None: no limit)."""
        limit = None
        for other in self.cfg.others[seat]:  # read at every turn's end: loops, not a list
            for lord in self.powers[other].get("opponents_hand_limit", ()):
                if not self._shielded(lord, seat):
                    amount = self.cfg.pamount[lord]
                    if limit is None or amount < limit:
                        limit = amount
        return limit

    def _threat_lowered(self, seat: int) -> bool:
        """[AY-P-6] an opponent's Tamer lowers `seat`'s Threat reward by one space."""
        return any(not self._shielded(lord, seat) for other in self.opponents(seat)
                   for lord in self._active(other, "opponents_threat_down"))

    def key_lords(self, seat: int) -> list[int]:
        """Free Lords whose keys count: an assassinated Lord's keys are lost [AY-P-4]."""
        lkeys = self.cfg.lkeys
        return [lord for lord in self.free[seat] if lkeys[lord] and lord not in self.disabled]

    def key_count(self, seat: int) -> int:
        """Key tokens plus the keys of key_lords(seat): it is read after every move [AY-L-1]."""
        return self.keys[seat] + self.powers[seat][LORD_KEYS]

    # ---------------------------------------------------------------- turn powers
    def _turn_power_choices(self) -> list:
        """[AY-P-12] Slaver, [AY-P-17] Oracle, [AY-P-21] Opportunist: at a moment of the owner's choosing."""
        me = self.player
        if TURN_POWER not in self.powers[me]:  # most of the time: one lookup, not three
            return []
        cfg = self.cfg
        out = []
        for lord in self._active(me, "sell_ally"):
            if lord not in self.used:
                lid = cfg.lords[lord].id
                out += [self._act("sell", (("lord", lid), ("ally", (RACES[r], v)))) for r, v in self.ally_kinds(me)]
        for lord in self._active(me, "discard_council"):
            if lord not in self.used:
                lid = cfg.lords[lord].id
                out += [self._act("oracle", (("lord", lid), ("race", RACES[r])))
                        for r, st in enumerate(self.council) if st]
        for lord in self._active(me, "replace_court_lord"):
            if lord not in self.used and self.lord_deck:
                lid = cfg.lords[lord].id
                out += [self._act("opportunist", (("lord", lid), ("court", cfg.lords[x].id))) for x in self.court]
        return out

    def _turn_powers(self) -> bool:
        """Whether `_turn_power_choices()` has a move, without making them (asked after every
        action of a seat with a turn power): a Slaver with an Ally in hand, an Oracle with a
        Council stack, an Opportunist with a Lord in the deck and one in the Court."""
        me = self.player
        powers = self.powers[me]
        if TURN_POWER not in powers:
            return False
        used = self.used
        for lord in powers.get("sell_ally", ()):
            if lord not in used and self.hands[me]:
                return True
        for lord in powers.get("discard_council", ()):
            if lord not in used and any(self.council):
                return True
        for lord in powers.get("replace_court_lord", ()):
            if lord not in used and self.lord_deck and self.court:
                return True
        return False

    def _do_sell(self, a) -> None:
        me = self.player
        lord = self.cfg.lord_index[a["lord"]]
        race, value = a["ally"]
        card = self._from_hand(me, RACES.index(race), value)
        self.discard = self.discard + (card,)
        got = self._gain(me, self.cfg.pamount[lord])
        self.used = self.used | {lord}
        self._say("sell", me, card, got)
        self.phase = IDLE

    def _do_oracle(self, a) -> None:
        me = self.player
        lord = self.cfg.lord_index[a["lord"]]
        race = RACES.index(a["race"])
        stack = self.council[race]
        self.council = _set(self.council, race, ())
        self.discard = self.discard + stack
        self.used = self.used | {lord}
        self._say("oracle", me, race, len(stack))
        self.phase = IDLE

    def _do_opportunist(self, a) -> None:
        me = self.player
        cfg = self.cfg
        lord = cfg.lord_index[a["lord"]]
        gone = cfg.lord_index[a["court"]]
        new = self.lord_deck[-1]
        self.lord_deck = self.lord_deck[:-1]
        self.court = tuple(new if x == gone else x for x in self.court)
        self.lord_discard = self.lord_discard + (gone,)
        self.used = self.used | {lord}
        self._say("opportunist", me, gone, new)
        self.phase = IDLE

    # ---------------------------------------------------------------- once powers
    def _task_power(self, lord: int) -> None:
        """[AY-R-9] a Lord's power on arriving: once-powers act, income pays its first pearl,
        the Commander's limit bites at once."""
        if lord not in self.free[self.player] or lord in self.disabled:
            return
        getattr(self, "_power_" + self.cfg.pkind[lord])(lord)

    def _power_none(self, lord):
        pass

    # passive powers that only matter later
    _power_opponents_cost = _power_own_cost = _power_opponents_threat_down = _power_none
    _power_council_income = _power_military_immunity = _power_request_stacks = _power_none
    _power_choose_affiliate = _power_any_races = _power_none
    _power_sell_ally = _power_discard_council = _power_replace_court_lord = _power_none

    def _power_gain_pearls(self, lord):
        """[AY-P-9] Trader 3, [AY-P-10] Peddler 2, [AY-P-13] Shopkeeper 1."""
        got = self._gain(self.player, self.cfg.pamount[lord])
        self._say("power_pearls", self.player, lord, got)

    def _power_income(self, lord):
        """[AY-P-11] the Landlord's first pearl comes at once."""
        got = self._gain(self.player, self.cfg.pamount[lord])
        self._say("income", self.player, lord, got)

    def _power_opponents_lose_pearls(self, lord):
        """[AY-P-3] the Seeker: each opponent returns pearls (as many as they have)."""
        for s in self._victims(lord):
            lost = self._pay(s, self.cfg.pamount[lord])
            self._say("lose_pearls", s, lord, lost)

    def _power_opponents_discard(self, lord):
        """[AY-P-2] the Jailer: each opponent, clockwise, discards an Ally of their choice."""
        n = self.cfg.pamount[lord]
        self.todo = tuple(("discard", s, n, "jailer") for s in self._victims(lord)) + self.todo

    def _power_opponents_hand_limit(self, lord):
        """[AY-P-5] the Commander: opponents over the limit discard the excess at once."""
        limit = self.cfg.pamount[lord]
        self.todo = tuple(("discard", s, len(self.hands[s]) - limit, "commander")
                          for s in self._victims(lord) if len(self.hands[s]) > limit) + self.todo

    def _task_discard(self, seat: int, n: int, reason: str) -> None:
        n = min(n, len(self.hands[seat]))
        if n <= 0:
            return
        kinds = self.ally_kinds(seat)
        if len(kinds) == 1:  # no choice: discard without asking
            for _ in range(n):
                self._discard_ally(seat, *kinds[0], reason)
            return
        self.phase = DISCARD
        self.decider = seat
        self.to_discard = n

    def _choices_discard(self):
        return [self._act("discard", (("ally", (RACES[r], v)),)) for r, v in self.ally_kinds(self.decider)]

    def _do_discard(self, a) -> None:
        seat = self.decider
        race, value = a["ally"]
        self._discard_ally(seat, RACES.index(race), value, "choice")
        self.to_discard -= 1
        if self.to_discard > 0 and self.hands[seat]:
            return
        self.to_discard = 0
        self.phase = IDLE
        self.decider = self.player

    def _discard_ally(self, seat: int, race: int, value: int, reason: str) -> None:
        card = self._from_hand(seat, race, value)
        self.discard = self.discard + (card,)
        self._say("discard", seat, card)

    def _power_disable_lord(self, lord):
        """[AY-P-4] the Assassin: one free Lord of each opponent loses its power and keys."""
        victims = [s for s in self._victims(lord) if any(x not in self.disabled for x in self.free[s])]
        self.todo = tuple(("assassinate", s) for s in victims) + self.todo

    def _task_assassinate(self, seat: int) -> None:
        if any(x not in self.disabled for x in self.free[seat]):
            self.phase = ASSASSINATE
            self.decider = self.player
            self.target = seat

    def _choices_assassinate(self):
        seat = self.target
        return [self._act("assassinate", (("lord", self.cfg.lords[x].id),))
                for x in self.free[seat] if x not in self.disabled]

    def _do_assassinate(self, a) -> None:
        lord = self.cfg.lord_index[a["lord"]]
        self.disabled = self.disabled | {lord}
        self._say("assassinate", self.player, self.target, lord)
        self.target = None
        self.phase = IDLE

    def _power_steal_token(self, lord):
        """[AY-P-7] the Hunter: a random Monster token of an opponent of your choice."""
        if any(self.tokens[s] for s in self._victims(lord)):
            self.phase = HUNT
            self.decider = self.player
            self.target = lord

    def _choices_hunt(self):
        return [self._act("hunt", (("seat", s),)) for s in self._victims(self.target) if self.tokens[s]]

    def _do_hunt(self, a) -> None:
        me, seat = self.player, a["seat"]
        theirs = self.tokens[seat]
        i = self.rng.below(len(theirs))
        token = theirs[i]
        self.tokens = _set(_set(self.tokens, seat, theirs[:i] + theirs[i + 1:]), me, self.tokens[me] + (token,))
        self._say("hunt", me, seat)
        self.target = None
        self.phase = IDLE

    def _power_extra_turn(self, lord):
        """[AY-P-15] the Invoker: another turn after this one."""
        self.extra = True
        self._say("power_extra", self.player, lord)

    def _power_take_council(self, lord):
        """[AY-P-16] the Apprentice: a Council stack into your hand."""
        self.todo = (("take_stack",),) * self.cfg.pamount[lord] + self.todo

    def _task_take_stack(self) -> None:
        if any(self.council):
            self.phase = TAKE_STACK
            self.decider = self.player

    def _choices_take_stack(self):
        return [self._act("take_stack", (("race", RACES[r]),)) for r, st in enumerate(self.council) if st]

    def _do_take_stack(self, a) -> None:
        self._take_stack(self.player, RACES.index(a["race"]))
        self.phase = IDLE

    def _power_swap_location(self, lord):
        """[AY-P-19] the Illusionist: you may swap one of your Locations for a face-up one."""
        if self.locations[self.player] and self.loc_open:
            self.phase = ILLUSION
            self.decider = self.player

    def _choices_illusion(self):
        locs = self.cfg.locations
        return [self._act("swap_location", (("give", locs[mine].id), ("take", locs[theirs].id)))
                for mine, _ in self.locations[self.player] for theirs in self.loc_open] + [self._act("skip")]

    def _do_swap_location(self, a) -> None:
        cfg = self.cfg
        me = self.player
        give, take = cfg.loc_index[a["give"]], cfg.loc_index[a["take"]]
        mine = list(self.locations[me])
        i = next(k for k, (loc, _) in enumerate(mine) if loc == give)
        under = mine[i][1]
        mine[i] = (take, under)  # the Lords stay under, now under the new Location
        self.locations = _set(self.locations, me, tuple(mine))
        self.loc_open = tuple(give if x == take else x for x in self.loc_open)
        self._say("illusion", me, give, take)
        self.phase = IDLE
        self._took_location(take)

    def _do_skip(self, a) -> None:
        self._say("skip", self.player, self.phase)
        self.phase = IDLE

    def _power_second_recruit(self, lord):
        """[AY-P-22] the Corruptor: you may recruit a second Court Lord for pearls alone."""
        if self.court and self.pearls[self.player] >= self.cfg.pamount[lord]:
            self.phase = CORRUPT
            self.decider = self.player
            self.target = lord

    def _choices_corrupt(self):
        return [self._act("corrupt", (("lord", self.cfg.lords[x].id),)) for x in self.court] + [self._act("skip")]

    def _do_corrupt(self, a) -> None:
        me = self.player
        lord = self.cfg.lord_index[a["lord"]]
        paid = self._pay(me, self.cfg.pamount[self.target])
        self.target = None
        self._say("corrupt", me, lord, paid)
        self.court = tuple(x for x in self.court if x != lord)
        self._join(me, lord)  # its power next; the Court is refilled after both [AY-D-8]
        self.phase = IDLE

    def _power_swap_with_court(self, lord):
        """[AY-P-23] the Traitor: you may discard another of your free Lords and take a Court Lord."""
        if self.court and any(x != lord for x in self.free[self.player]):
            self.phase = BETRAY
            self.decider = self.player
            self.target = lord

    def _choices_betray(self):
        cfg = self.cfg
        mine = [x for x in self.free[self.player] if x != self.target]
        return [self._act("betray", (("give", cfg.lords[m].id), ("take", cfg.lords[t].id)))
                for m in mine for t in self.court] + [self._act("skip")]

    def _do_betray(self, a) -> None:
        cfg = self.cfg
        me = self.player
        give, take = cfg.lord_index[a["give"]], cfg.lord_index[a["take"]]
        # [AY-D-13] the Lord given is discarded, face up out of the game (the rulebook: such Lords
        # "can be discarded by the effects of the Traitor or of the Schemer"); the rest of the
        # Court slides away from the deck, the refill comes after [AY-D-8]
        self.court = tuple(x for x in self.court if x != take)
        self.lord_discard = self.lord_discard + (give,)
        self.disabled = self.disabled - {give, take}  # [AY-P-4] the newcomer is whole again
        self.free = _set(self.free, me, tuple(x for x in self.free[me] if x != give))
        self._say("betray", me, give, take)
        self.target = None
        self.phase = IDLE
        self._join(me, take)  # its power works at once [AY-P-23]

    def _power_swap_with_deck(self, lord):
        """[AY-P-26] the Schemer: you may discard another free Lord for the Lord deck's top."""
        if self.lord_deck and any(x != lord for x in self.free[self.player]):
            self.phase = SCHEME
            self.decider = self.player
            self.target = lord

    def _choices_scheme(self):
        cfg = self.cfg
        return [self._act("scheme", (("give", cfg.lords[m].id),))
                for m in self.free[self.player] if m != self.target] + [self._act("skip")]

    def _do_scheme(self, a) -> None:
        cfg = self.cfg
        me = self.player
        give = cfg.lord_index[a["give"]]
        take = self.lord_deck[-1]
        self.lord_deck = self.lord_deck[:-1]
        self.lord_discard = self.lord_discard + (give,)
        self.disabled = self.disabled - {give}
        self.free = _set(self.free, me, tuple(x for x in self.free[me] if x != give))
        self._say("scheme", me, give, take)
        self.target = None
        self.phase = IDLE
        self._join(me, take)

    def _power_control_location(self, lord):
        """[AY-P-33] an Ambassador bears 3 keys: it controls a Location alone, drawn as its card says."""
        self._control_with((lord,), 0, draw=self.cfg.pamount[lord])

