"""2. City phase [AM-Y-*]: meeples placed one a turn from First Player clockwise, bumping,
the encounters held at a location, humanity cards that block a placement, and what a player may
do on a city turn besides placing (return a police marker, play a card)."""
from __future__ import annotations


class CityMixin:
    __slots__ = ()

    # ---------------------------------------------------------------- the phase
    def _task_city_phase(self) -> None:
        self.phase = "city"
        self.passes = 0
        self._now(("city_turn", self.first))

    def _task_city_turn(self, seat: int) -> None:
        """[AM-Y-1, AM-Y-2] the seat places, or passes when it has no meeple or no valid space."""
        if self._can_place(seat) or self._free_actions(seat):
            self.ask = ("turn", seat)
            return
        self._say("pass", seat)
        self.passes += 1
        self._task_city_next(seat)

    def _task_city_next(self, seat: int) -> None:
        if self.passes < self.cfg.players:
            self._now(("city_turn", (seat + 1) % self.cfg.players))

    def _moves_turn(self):
        seat = self.ask[1]
        places = self._placements(seat)
        moves = places + self._free_actions(seat)
        if not places:
            moves.append(self._act("pass"))
        return moves

    def _do_pass(self, a, ask) -> None:
        seat = ask[1]
        self._say("pass", seat)
        self.passes += 1
        self._task_city_next(seat)

    # ---------------------------------------------------------------- where a meeple may go
    def space_cost(self, i: int) -> int:
        """[AM-Y-3] the francs a space costs now, with this round's changes (never below 0)."""
        cost = self.cfg.spaces[i].cost
        loc = self.cfg.space_loc[i]
        for rule in self.rules:
            if rule.kind == "space_cost_change" and rule.location == loc:
                cost += rule.amount
        return max(0, cost)

    def bump_cost(self, replacing: bool = False) -> int | None:
        """[AM-Y-4] what bumping costs now (None: the track is full or bumping is off this round).
        A meeple being placed again (Prisha) leaves the track first."""
        on_track = len(self.bump) - (1 if replacing else 0)
        if on_track >= len(self.cfg.bump_costs) or (self.rules and self._space_terms()[2]):
            return None
        return self.cfg.bump_costs[on_track]

    def scientists_only(self, i: int) -> bool:
        if self.cfg.spaces[i].who == "scientist":
            return True
        loc = self.cfg.space_loc[i]
        return any(r.kind == "scientists_only" and r.location == loc for r in self.rules)

    def _space_terms(self) -> tuple:
        """Every space's cost now, whether it takes scientists only, and whether bumping is off,
        with this round's rule changes (`space_cost` and `scientists_only` for all spaces at
        once); worked out once per game for each round's rules (an event side's)."""
        tab = self.game.tab
        rules = self.rules
        if not rules:
            return tab.base_costs, tab.sci_only, False
        found = tab.terms.get(id(rules))
        if found is None or found[0] is not rules:
            if len(tab.terms) >= 256:   # only a test's hand-made rules could fill it
                tab.terms.clear()
            n = len(tab.spaces)
            found = tab.terms[id(rules)] = (rules, (
                tuple(self.space_cost(i) for i in range(n)), tuple(self.scientists_only(i) for i in range(n)),
                any(r.kind == "no_bumping" for r in rules)))
        return found[1]

    def _kinds(self, p, only: bool | None, bumped: bool) -> tuple:
        """The meeple kinds a placement may use, scientist first (True scientist, False assistant)."""
        if bumped:
            return (only,)
        if only is None:
            if p.free_sci:
                return (True, False) if p.free_asst else (True,)
            return (False,) if p.free_asst else ()
        return (only,) if (p.free_sci if only else p.free_asst) else ()

    def _placements(self, seat: int, only: bool | None = None, bumped: bool = False) -> list:
        """Every legal placement: (space, meeple) and, on a full space, which meeple to bump.
        `only` restricts the meeple kind (True scientist, False assistant); `bumped`: the meeple
        is the one just bumped to the track, not one on the character card. In the spaces' order,
        scientist before assistant, then the lab's private spaces (tests/games/abomination/
        test_listing.py holds the plain listing it must match)."""
        p = self.players[seat]
        kinds = self._kinds(p, only, bumped)
        if not kinds:
            return []
        tab = self.game.tab
        out = []
        bump_cost = self.bump_cost(replacing=bumped)
        francs = p.francs
        closed = self.closed
        occupied = self.spaces
        costs, sci_only, _ = self._space_terms()
        for i, (loc_i, requires, loc, slots, free, bumps) in enumerate(tab.spaces):
            cost = costs[i]
            if francs < cost or loc_i in closed:
                continue  # too dear, or a police marker closes the location this round
            if requires is not None and not requires(self, seat, p):
                continue
            occ = occupied[i]
            if len(occ) < slots:
                for sci in kinds:
                    if sci or not sci_only[i]:
                        out.append(free[sci])
            elif bump_cost is not None and francs >= cost + bump_cost:
                # [AM-Y-4] bump another player's meeple (never your own: decision in RULES.md)
                for sci in kinds:
                    if sci or not sci_only[i]:
                        acts = bumps[sci]
                        for j, (owner, _) in enumerate(occ):
                            if owner != seat:
                                out.append(acts[j] if j < len(acts) else self._act(
                                    "place", space=self.cfg.spaces[i].id, meeple="scientist" if sci else "assistant", bump=j))
        for name, acts in tab.lab_places:  # the lab's private spaces: never bumped
            if not (p.generator if name == "generator" else p.study):
                for sci in kinds:
                    out.append(acts[sci])
        return out

    def _can_place(self, seat: int) -> bool:
        """Whether the seat has any placement (`bool(self._placements(seat))`, without listing)."""
        p = self.players[seat]
        kinds = self._kinds(p, None, False)
        if not kinds:
            return False
        if not p.study or not p.generator:
            return True
        bump_cost = self.bump_cost()
        francs = p.francs
        closed = self.closed
        occupied = self.spaces
        costs, sci_only, _ = self._space_terms()
        for i, (loc_i, requires, loc, slots, _free, _bumps) in enumerate(self.game.tab.spaces):
            cost = costs[i]
            if francs < cost or loc_i in closed:
                continue
            if sci_only[i] and True not in kinds:
                continue
            occ = occupied[i]
            if len(occ) >= slots and (bump_cost is None or francs < cost + bump_cost
                                      or all(owner == seat for owner, _ in occ)):
                continue
            if requires is not None and not requires(self, seat, p):
                continue
            return True
        return False

    # ---------------------------------------------------------------- placing
    def _do_place(self, a, ask) -> None:
        seat = ask[1]
        cfg = self.cfg
        sci = a["meeple"] == "scientist"
        again = ask[0] == "replace"
        if again:  # Prisha's bumped meeple leaves the track and is placed again at once
            self._take_from_track(seat, sci)
        p = self._me(seat)
        if sci:
            p.free_sci -= 1
        else:
            p.free_asst -= 1
        self.passes = 0
        name = a["space"]
        self._say("place", seat, name, a["meeple"])
        follow = () if again else (("city_next", seat),)
        if name in ("study", "generator"):
            setattr(p, name, 2 if sci else 1)
            space = next(s for s in cfg.lab_spaces if s.id == name)
            effects = space.effects + (space.scientist_bonus if sci else ())
            self._now(("effects", seat, effects, "lab"), *follow)
            return
        i = cfg.space_index[name]
        bumped = None
        if a.get("bump") is not None:   # the bumped meeple moves before the placement; its cost waits
            j = a["bump"]
            bumped = (j,) + self.spaces[i][j] + (self._bump(i, j),)
        self.spaces = self.spaces[:i] + (self.spaces[i] + ((seat, sci),),) + self.spaces[i + 1:]
        # [AM-E-4, AM-D-1] a held encounter is read before any cost is paid or effect resolved
        self._now(("encounters_at", seat, cfg.space_loc[i]), ("costs", seat, i, sci, bumped), *follow)

    def _bump(self, i: int, j: int) -> int:
        """[AM-Y-4] the meeple goes to the track's first free space; returns that space's cost,
        which the bumper pays its owner with the placement's other costs (`_task_costs`)."""
        owner, sci = self.spaces[i][j]
        cost = self.cfg.bump_costs[len(self.bump)]
        occ = self.spaces[i]
        self.spaces = self.spaces[:i] + (occ[:j] + occ[j + 1:],) + self.spaces[i + 1:]
        self.bump = self.bump + ((owner, sci),)
        return cost

    def _task_costs(self, seat: int, i: int, sci: bool, bumped) -> None:
        """[AM-Y-3, AM-Y-4, AM-D-1] after the encounter: the bump's cost to the bumped meeple's
        owner and the space's cost to the supply; then answers and the space's effects. Costs the
        encounter has left the player unable to pay undo the placement: the meeple goes back to
        the card, a bumped meeple back to its space, nothing is paid or resolved."""
        if (seat, sci) not in self.spaces[i]:
            return   # the meeple has left (lost to a dial icon): nothing to pay or resolve
        cost = self.space_cost(i)
        bump_cost = bumped[3] if bumped is not None else 0
        if self.players[seat].francs < cost + bump_cost:
            self._unplace(seat, i, sci)
            if bumped is not None:
                j, owner, owner_sci = bumped[:3]
                k = len(self.bump) - 1 - self.bump[::-1].index((owner, owner_sci)) \
                    if (owner, owner_sci) in self.bump else None
                if k is not None:
                    self.bump = self.bump[:k] + self.bump[k + 1:]
                    occ = self.spaces[i]
                    self.spaces = self.spaces[:i] + (occ[:j] + ((owner, owner_sci),) + occ[j:],) + self.spaces[i + 1:]
            self._say("unpaid", seat, self.cfg.spaces[i].id, cost + bump_cost)
            return
        tasks = [("block_window", seat, i, sci), ("space_effects", seat, i, sci)]
        if bumped is not None:
            owner = bumped[1]
            if bump_cost:
                self._pay(seat, bump_cost)
                self._gain_francs(owner, bump_cost)
            self._say("bump", seat, owner, bump_cost)
            if self._has_ability(owner, "place_again_when_bumped"):
                tasks.insert(0, ("offer_replace", owner, bumped[2]))
        if cost:
            self._pay(seat, cost)
        self._now(*tasks)

    def _unplace(self, seat: int, i: int, sci: bool) -> None:
        """The meeple leaves space i for its owner's card (blocked, or its costs unpaid)."""
        occ = list(self.spaces[i])
        occ.remove((seat, sci))
        self.spaces = self.spaces[:i] + (tuple(occ),) + self.spaces[i + 1:]
        p = self._me(seat)
        if sci:
            p.free_sci += 1
        else:
            p.free_asst += 1

    def _take_from_track(self, seat: int, sci: bool) -> None:
        for k in range(len(self.bump) - 1, -1, -1):
            if self.bump[k] == (seat, sci):
                self.bump = self.bump[:k] + self.bump[k + 1:]
                break
        p = self._me(seat)
        if sci:
            p.free_sci += 1
        else:
            p.free_asst += 1

    # Prisha Chatwal: when bumped, she may place the meeple again at once
    def _task_offer_replace(self, seat: int, sci: bool) -> None:
        if (seat, sci) in self.bump and self._placements_for_replace(seat, sci):
            self.ask = ("replace", seat, sci)

    def _placements_for_replace(self, seat: int, sci: bool) -> list:
        return self._placements(seat, only=sci, bumped=True)

    def _moves_replace(self):
        _, seat, sci = self.ask
        return [self._act("stay")] + self._placements_for_replace(seat, sci)

    def _do_stay(self, a, ask) -> None:
        self._say("stay", ask[1])

    def _task_space_effects(self, seat: int, i: int, sci: bool) -> None:
        """[AM-Y-5] the space's effect, a scientist's bonus, and this round's location bonus."""
        cfg = self.cfg
        space = cfg.spaces[i]
        loc = cfg.space_loc[i]
        effects = space.effects + (space.scientist_bonus if sci else ())
        for rule in self.rules:
            if rule.kind == "location_bonus" and rule.location == loc:
                effects += rule.then
        self._now(("effects", seat, effects, loc))

    # ---------------------------------------------------------------- answers to a placement
    def _task_block_window(self, seat: int, i: int, sci: bool) -> None:
        """Humanity cards that send an immoral placement back (Sanctuary, Night Watch). Every other
        player holding any humanity card is asked, so being asked tells nobody what you hold."""
        cfg = self.cfg
        loc = cfg.space_loc[i]
        if not cfg.spaces[i].immoral or loc not in cfg.blockers:
            return
        askers = [s for s in self.order_from(seat)[1:] if self.players[s].humanity_cards]
        if askers:
            self._now(("block_ask", askers, seat, i, sci))

    def _task_block_ask(self, askers: list, seat: int, i: int, sci: bool) -> None:
        if (seat, sci) not in self.spaces[i]:
            return  # the meeple has left (lost to a dial icon): nothing to block
        self.ask = ("block", askers[0], seat, i, sci)
        if len(askers) > 1:
            self._now(("block_ask", askers[1:], seat, i, sci))

    def _moves_block(self):
        _, who, seat, i, sci = self.ask
        loc = self.cfg.space_loc[i]
        blockers = self.cfg.blockers.get(loc, frozenset())
        cards = self._distinct("humanity", [c for c in self.players[who].humanity_cards if c in blockers])
        return [self._act("let_be")] + [self._act("block", card=c) for c in cards]

    def _do_let_be(self, a, ask) -> None:
        pass

    def _do_block(self, a, ask) -> None:
        _, who, seat, i, sci = ask
        card = a["card"]
        self._discard_card(who, "humanity", card)
        # the meeple goes back to its owner's card, unresolved; nobody else needs to answer
        self._unplace(seat, i, sci)
        placement = (seat, i, sci)
        self.todo = tuple(t for t in self.todo if not (
            (t[0] == "space_effects" and t[1:] == placement) or (t[0] == "block_ask" and t[2:] == placement)))
        self._say("blocked", who, seat, self.cfg.humanity[card].id)
        self._now(("effects", who, self.cfg.humanity[card].icons, None))

    # ---------------------------------------------------------------- besides placing
    def _free_actions(self, seat: int) -> list:
        """A city turn's extras: return a police marker for francs, play a city-turn card."""
        p = self.players[seat]
        out = []
        pay = self.cfg.content.police.pay_off
        if p.police and p.francs >= pay:
            out.append(self._act("pay_police"))
        out += self._playable(seat, ("city_turn", "any_time"))
        return out

    def _do_pay_police(self, a, ask) -> None:
        seat = ask[1]
        p = self._me(seat)
        p.police -= 1
        p.francs -= self.cfg.content.police.pay_off
        self._say("pay_police", seat)
        self._now(("city_turn", seat))
