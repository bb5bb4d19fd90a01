"""What actions, Items, Vantage Points and village spots do: the effect vocabulary of content.py,
resolved as tasks ("eff", seat, effect, ctx) with ctx = (bonus dice, Vantage Point index or -1, -1).
An effect that needs a choice asks the seat resolving it; `effect_possible` says whether an action's
first effect can do anything now (an action that cannot is not offered).
"""
from __future__ import annotations

from itertools import permutations

ALL = 99


class EffectsMixin:
    __slots__ = ()

    # ---------------------------------------------------------------- places and targets
    def within(self, space: int, steps: int) -> tuple[int, ...]:
        """The spaces at most `steps` from `space` (itself included), in map order (kept on the map)."""
        kept = self.cfg.reach
        out = kept.get((space, steps))
        if out is None:
            row = self.cfg.between[space]
            out = kept[space, steps] = tuple(s for s in range(len(row)) if 0 <= row[s] <= steps)
        return out

    def sight(self, seat: int) -> list[int]:
        """[AR-K-4] Sight: every space of your board; from the Village Center, every gate; Far Sight
        adds the boards next to yours."""
        cfg = self.cfg
        here = self.heroes[seat].space
        if here == 0:
            spaces = set(cfg.gates)
            boards = set()
        else:
            b = cfg.board_of[here]
            boards = {b}
            spaces = set()
        if self.has(seat, "wide_sight"):
            for b in list(boards) or [cfg.board_of[g] for g in cfg.gates]:
                boards |= {(b + 1) % 4, (b + 3) % 4}
        for b in boards:
            spaces |= set(cfg.board_spaces[b])
        return sorted(spaces)

    def attack_spaces(self, seat: int, eff) -> list[int]:
        here = self.heroes[seat].space
        if eff.kind == "melee":
            return [here]
        if eff.range == "sight":
            return self.sight(seat)
        bonus = sum(p.amount for p in self.passives(seat) if p.kind == "range_bonus")
        return self.within(here, eff.range + bonus)   # [AR-K-3]

    def piece_spaces(self) -> set[int]:
        """The spaces holding a monster or a shadow (where an attack has a target)."""
        out = {m[2] for m in self.monsters}
        for s in self.shadows:
            out.add(s[1])
        return out

    def targets_in(self, space: int) -> list[tuple]:
        """The pieces an attack may target in a space: monsters and shadows (never heroes or villagers)."""
        out = [("monster", m[0]) for m in self.monsters if m[2] == space]
        out += [("shadow", s[0]) for s in self.shadows if s[1] == space]
        return out

    def place_spaces(self, seat: int, at: str, ctx) -> list[int]:
        """Where a Fire (or a start) may go: never on Fire or Influence."""
        cfg = self.cfg
        here = self.heroes[seat].space if seat >= 0 else 0
        if at == "here":
            cand = [here]
        elif at == "adjacent":
            cand = [here, *cfg.adj[here]]
        elif at == "target":
            cand = [self.roll_target] if self.roll_target > 0 else []
        elif at == "gate":
            cand = list(cfg.gates)
        elif at in ("anywhere", "safe_space"):
            cand = list(range(1, len(cfg.names)))
        elif at == "vc_or_gate":
            return [0, *cfg.gates]
        elif at == "vp_board":
            cand = list(cfg.board_spaces[cfg.vps[ctx[1]][1]])
        elif at == "vp_board_near":
            b = cfg.vps[ctx[1]][1]
            cand = [s for bb in (b, (b + 1) % 4, (b + 3) % 4) for s in cfg.board_spaces[bb]]
        elif at == "vp_entries":
            cand = list(cfg.vps[ctx[1]][2])
        else:
            cand = []
        cand = [s for s in cand if s != 0 and s not in self.fire and s not in self.influence]
        if at == "safe_space":
            cand = [s for s in cand if self.safe(s)]
        return sorted(set(cand))

    def safe(self, space: int) -> bool:
        """[AR-K-9] A safe space has no enemies: no monster and no shadow."""
        return not any(m[2] == space for m in self.monsters) and not any(s[1] == space for s in self.shadows)

    def heroes_near(self, seat: int, steps: int) -> list[int]:
        here = self.heroes[seat].space
        return [k for k, h in enumerate(self.heroes) if self.cfg.between[here][h.space] <= steps]

    def hurt_heroes(self, who: str, seat: int, ctx) -> list[int]:
        cfg = self.cfg
        if who == "near":
            return self.heroes_near(seat, 1)
        if who == "board":
            b = cfg.vps[ctx[1]][1]
            return [k for k, h in enumerate(self.heroes) if cfg.board_of[h.space] == b]
        return [seat]

    def influence_scope(self, seat: int, at: str, ctx) -> list[int]:
        cfg = self.cfg
        if at == "adjacent":
            here = self.heroes[seat].space
            return [s for s in (here, *cfg.adj[here]) if s in self.influence]
        if at == "vp_board":
            return [s for s in cfg.board_spaces[cfg.vps[ctx[1]][1]] if s in self.influence]
        return sorted(self.influence)

    def free_spots(self) -> list[int]:
        """Open spots without a villager this round: the village's, and flipped Vantage Points'."""
        return [i for i, sp in enumerate(self.cfg.spots)
                if i not in self.manned and (sp[3] < 0 or self.vp_state[sp[3]] == 1)]

    # ---------------------------------------------------------------- is it worth doing
    def effect_possible(self, seat: int, e, ctx=(0, -1, -1)) -> bool:
        h = self.heroes[seat]
        k = e.kind
        if k in ("move", "move_then_melee"):
            return bool(self.step_targets(seat, False))
        if k == "heroes_move":
            return any(self.step_targets(o, False) for o in self.heroes_near(seat, e.within))
        if k in ("melee", "ranged"):
            pieces = self.piece_spaces()
            return bool(pieces) and not pieces.isdisjoint(self.attack_spaces(seat, e))
        if k == "trap":
            return h.traps > 0 and bool(self.trap_spaces(seat, e.within))
        if k == "spring_traps":
            return any(o == seat and any(m[2] == s for m in self.monsters) for s, o in self.traps)
        if k == "freeze":
            return bool(self.freeze_targets(seat, e.within))
        if k == "fire":
            return bool(self.place_spaces(seat, e.at, ctx)) and self.fire_left() > 0
        if k == "heal":
            return any(self.heroes[o].track > 0 for o in self.hurt_heroes(e.who or "you", seat, ctx)) \
                or e.who == "every"
        if k == "rest":
            return self.safe(h.space) and h.track > 0
        if k == "assign":
            return bool(self.free_spots()) and (self.pool > 0 or self.villagers[h.space] > 0)
        if k == "reveal":
            return any(self.cfg.between[h.space][s[1]] <= e.within for s in self.shadows)
        if k == "reveal_any":
            return bool(self.shadows)
        if k == "draw_chip":
            return bool(h.bag or h.discard)
        if k == "draw_item":
            return bool(self.item_deck or self.item_discard)
        if k == "remove_influence":
            return bool(self.influence_scope(seat, e.at, ctx))
        if k == "cleanse":
            return any("X" in self.heroes[o].discard or (e.pool == "bag_or_discard" and "X" in self.heroes[o].bag)
                       for o in self.hurt_heroes(e.who or "you", seat, ctx))
        if k == "remove_plague":
            return any(self.heroes[o].plague for o in self.hurt_heroes(e.who or "you", seat, ctx))
        if k == "pull":
            return bool(self.pull_targets(seat, e.within))
        if k == "shove":
            return bool(self.shove_moves(seat, e.within))
        if k == "repel":
            return any(self.cfg.board_of[m[2]] == self.cfg.board_of[h.space] for m in self.monsters)
        if k == "foresee":
            return bool(self.gb_deck)
        if k == "villagers_home":
            return any(self.villagers)
        if k == "one_of":
            return any(self.effect_possible(seat, o, ctx) for o in e.options)
        return True   # melee_bonus, gain_traps, gain_chip, gain_xp, shield, fortify, ...

    # ---------------------------------------------------------------- resolving
    def _task_eff(self, seat: int, e, ctx) -> None:
        getattr(self, "_eff_" + e.kind)(seat, e, ctx)

    def _eff_move(self, seat, e, ctx, melee=0) -> None:
        steps = self.stat(seat, e.steps)
        pen = sum(p.amount for p in self.passives(seat) if p.kind == "move_penalty")
        steps = max(1, steps - pen)
        given = getattr(e, "escort", None)
        self._now(("walk", seat, steps, bool(getattr(e, "pass_monsters", False)), self.escort_cap(seat, given), melee))

    def escort_cap(self, seat: int, given=None) -> int:
        """[design 2.5] Any hero move may bring 1 villager from its starting space; a move that says
        `escort N` (or all) may bring more; Gaping Maw forbids escorting."""
        if self.has(seat, "no_escort"):
            return 0
        if given == "all":
            return ALL
        return max(1, given or 0)

    def _eff_move_then_melee(self, seat, e, ctx) -> None:
        self._eff_move(seat, e, ctx, melee=self.stat(seat, e.dice) + ctx[0])

    def _eff_heroes_move(self, seat, e, ctx) -> None:
        tasks = []
        for o in self.heroes_near(seat, e.within):
            pen = sum(p.amount for p in self.passives(o) if p.kind == "move_penalty")
            tasks.append(("walk", o, max(1, e.steps - pen), False, self.escort_cap(o), 0))
        self._now(*tasks)

    def _eff_melee(self, seat, e, ctx) -> None:
        here = self.heroes[seat].space
        if self.targets_in(here):
            self._ask_target(seat, "melee", self.melee_dice(seat, self.stat(seat, e.dice) + ctx[0]), e, [here])

    def melee_dice(self, seat: int, base: int) -> int:
        """A melee attack's dice: its own, plus the next-melee bonus (Whetstone, used up by this
        attack) and standing melee dice (Protruding Bones). Every melee attack comes here, Press On's
        free one included."""
        h = self.heroes[seat]
        dice = base + h.melee_bonus
        dice += sum(p.amount for p in self.passives(seat) if p.kind == "melee_dice")
        if h.melee_bonus:
            self._me(seat).melee_bonus = 0
        return dice

    def _eff_ranged(self, seat, e, ctx) -> None:
        self._ask_target(seat, "ranged", self.stat(seat, e.dice) + ctx[0], e, self.attack_spaces(seat, e))

    def _ask_target(self, seat, kind, dice, e, spaces) -> None:
        spaces = tuple(s for s in spaces if self.targets_in(s))
        if not spaces:
            return
        armour = bool(e.ignore_armour) or bool(self.has(seat, "ignore_armour"))
        self.ask = ("target", seat, kind, dice, bool(e.area), bool(e.quick), armour, spaces)

    def _moves_target(self):
        _, seat, kind, dice, area, quick, armour, spaces = self.ask
        out = []
        for s in spaces:
            if area:
                out.append(self._act("target", space=self.cfg.names[s]))
            else:
                out += [self._act("target", space=self.cfg.names[s], **{what: uid}) for what, uid in self.targets_in(s)]
        return out

    def _do_target(self, a, ask) -> None:
        _, seat, kind, dice, area, quick, armour, spaces = ask
        piece = ("area",) if area else (("monster", a["monster"]) if a.get("monster") is not None
                                       else ("shadow", a["shadow"]))
        self._now(("attack", seat, kind, dice, self.cfg.index[a["space"]], piece, quick, armour))

    def _eff_melee_bonus(self, seat, e, ctx) -> None:
        self._me(seat).melee_bonus += e.dice

    def _eff_villager_attack(self, seat, e, ctx) -> None:
        """[AR-VL-3, AR-VL-4] A villager's ranged Sight attack at any space of the board, with the
        assigning hero's Command (Lantern Bearer: +1); never countered."""
        cfg = self.cfg
        board = cfg.vps[ctx[1]][1] if e.board == "this" else cfg.clockwise.index(e.board)
        dice = self.stat(seat, e.dice) + sum(p.amount for p in self.passives(seat) if p.kind == "command_bonus")
        spaces = tuple(s for s in cfg.board_spaces[board] if self.targets_in(s))
        if spaces:
            self.ask = ("target", seat, "villager", dice, False, True, False, spaces)

    # traps [AR-K-11]
    def trap_spaces(self, seat: int, within: int) -> list[int]:
        trapped = {s for s, _ in self.traps}
        return [s for s in self.within(self.heroes[seat].space, within)
                if s != 0 and s not in trapped and s not in self.influence]

    def _eff_trap(self, seat, e, ctx) -> None:
        spaces = self.trap_spaces(seat, e.within)
        if self.heroes[seat].traps and spaces:
            self.ask = ("place", seat, "trap", tuple(spaces), 1, ctx)

    def _eff_spring_traps(self, seat, e, ctx) -> None:
        self._now(*[("trap_fire", o, s, -1) for s, o in self.traps
                    if o == seat and any(m[2] == s for m in self.monsters)])

    def _eff_gain_traps(self, seat, e, ctx) -> None:
        self._me(seat).traps += e.count

    # freeze [AR-K-15]
    def freeze_targets(self, seat: int, within: int) -> list[int]:
        if sum(1 for m in self.monsters if m[4]) >= self.cfg.content.components.freeze_tokens:
            return []
        near = set(self.within(self.heroes[seat].space, within))
        return [m[0] for m in self.monsters if m[2] in near and not m[4]]

    def _eff_freeze(self, seat, e, ctx) -> None:
        cand = self.freeze_targets(seat, e.within)
        if cand:
            self.ask = ("pick_monster", seat, "freeze", tuple(cand), ())

    def fire_left(self) -> int:
        return self.cfg.content.components.fire_tokens - len(self.fire)

    def _eff_fire(self, seat, e, ctx) -> None:
        count = e.count or 1
        if e.at == "vp_entries":      # on each entry space: no choice
            for s in self.place_spaces(seat, e.at, ctx):
                self._place_fire(s)
            self._now(("reveals", seat))
            return
        spaces = self.place_spaces(seat, e.at, ctx)
        if spaces and self.fire_left() > 0:
            self.ask = ("place", seat, "fire", tuple(spaces), count, ctx)

    def _moves_place(self):
        return [self._act("place", space=self.cfg.names[s]) for s in self.ask[3]]

    def _do_place(self, a, ask) -> None:
        _, seat, what, spaces, count, ctx = ask
        s = self.cfg.index[a["space"]]
        if what == "trap":
            self._me(seat).traps -= 1
            self.traps += ((s, seat),)
        elif what == "fire":
            self._place_fire(s)
            if count > 1:
                self._now(("eff_more_fire", seat, count - 1, ctx, spaces))
        elif what == "start":
            self._me(seat).space = s
        self._now(("reveals", seat))

    def _task_eff_more_fire(self, seat, count, ctx, spaces) -> None:
        spaces = tuple(s for s in spaces if s not in self.fire and s not in self.influence)
        if spaces and self.fire_left() > 0:
            self.ask = ("place", seat, "fire", spaces, count, ctx)

    # healing [AR-CB-4]
    def _eff_heal(self, seat, e, ctx) -> None:
        who = e.who or "you"
        if who == "every":
            for o in range(self.cfg.players):
                self._heal(o, e.amount)
            return
        cand = [o for o in self.hurt_heroes(who, seat, ctx) if self.heroes[o].track > 0]
        if len(cand) == 1 or (cand and who == "you"):
            self._heal(cand[0], e.amount)
        elif cand:
            self.ask = ("pick_hero", seat, "heal", tuple(cand), e.amount)

    def _heal(self, seat: int, amount) -> None:
        h = self._me(seat)
        h.track = 0 if amount == "all" else max(0, h.track - amount)

    def _eff_rest(self, seat, e, ctx) -> None:
        if self.safe(self.heroes[seat].space):
            self._heal(seat, e.amount)

    def _moves_pick_hero(self):
        return [self._act("pick", hero=o) for o in self.ask[3]]

    def _do_pick(self, a, ask) -> None:
        _, seat, what, cand, amount = ask
        o = a["hero"]
        if what == "heal":
            self._heal(o, amount)
        elif what == "cleanse":
            self._cleanse(o, amount[0], amount[1])
        elif what == "plague":
            h = self._me(o)
            h.plague = max(0, h.plague - amount)

    # villagers [AR-K-10]
    def _eff_assign(self, seat, e, ctx) -> None:
        self._now(("assign", seat, e.count if isinstance(e.count, int) else ALL))

    def _task_assign(self, seat: int, left: int) -> None:
        h = self.heroes[seat]
        if left > 0 and self.free_spots() and (self.pool > 0 or (h.space and self.villagers[h.space] > 0)):
            self.ask = ("assign", seat, left)

    def _moves_assign(self):
        seat = self.ask[1]
        h = self.heroes[seat]
        srcs = (["pool"] if self.pool > 0 else []) + (["here"] if h.space and self.villagers[h.space] else [])
        out = [self._act("assign", spot=self.cfg.spots[i][0], source=src) for i in self.free_spots() for src in srcs]
        return out + [self._act("stop")]

    def _do_assign(self, a, ask) -> None:
        """[AR-K-10, AR-VL-8] The villager goes on the spot and its effect resolves at once."""
        seat, left = ask[1], ask[2]
        i = self.cfg.spot_index[a["spot"]]
        if a["source"] == "pool":
            self.pool -= 1
        else:
            sp = self.heroes[seat].space
            self.villagers = self.villagers[:sp] + (self.villagers[sp] - 1,) + self.villagers[sp + 1:]
            self.objective_event("villager_home")
        self.manned = self.manned | {i}
        vp = self.cfg.spots[i][3]
        self._say("assign", seat, a["spot"])
        self._now(*[("eff", seat, e, (0, vp, -1)) for e in self.cfg.spots[i][2]], ("assign", seat, left - 1),
                  ("reveals", seat))

    def _do_stop(self, a, ask) -> None:
        if ask[0] == "walk":
            self._walk_done(ask)
        elif ask[0] == "fortify":
            if not ask[2]:
                self._now(("eff", ask[1], _GATE_FIRE, (0, -1, -1)))

    # shadows
    def _eff_reveal(self, seat, e, ctx) -> None:
        here = self.heroes[seat].space
        for s in sorted(self.shadows):
            if self.cfg.between[here][s[1]] <= e.within:
                self._now(("reveal_one", s[0], True))

    def _eff_reveal_any(self, seat, e, ctx) -> None:
        if self.shadows:
            self.ask = ("pick_shadow", seat, tuple(s[0] for s in self.shadows), e.count)

    def _moves_pick_shadow(self):
        return [self._act("reveal", shadow=u) for u in self.ask[2]]

    def _do_reveal(self, a, ask) -> None:
        _, seat, cand, count = ask
        rest = tuple(u for u in cand if u != a["shadow"] and any(s[0] == u for s in self.shadows))
        self._now(("reveal_one", a["shadow"], True))
        if count > 1 and rest:
            self.ask = ("pick_shadow", seat, rest, count - 1)

    # chips, cards, Experience
    def _eff_draw_chip(self, seat, e, ctx) -> None:
        self._draw_chips(seat, e.count)

    def _eff_draw_item(self, seat, e, ctx) -> None:
        got = self._draw_items(seat, e.count)
        if e.keep and len(got) > e.keep:
            self.ask = ("keep", seat, got)

    def _moves_keep(self):
        return [self._act("keep", item=i) for i in sorted(set(self.ask[2]))]

    def _do_keep(self, a, ask) -> None:
        """Shopkeeper: keep one, the other goes to the bottom of the deck."""
        h = self._me(ask[1])
        rest = list(ask[2])
        rest.remove(a["item"])
        for i in rest:
            items = list(h.items)
            items.remove(i)
            h.items = tuple(items)
            self.item_deck += (i,)

    def _eff_remove_influence(self, seat, e, ctx) -> None:
        if e.at in ("one_board", "anywhere"):
            boards = sorted({self.cfg.board_of[s] for s in self.influence})
            if len(boards) > 1:
                self.ask = ("pick_board", seat, tuple(boards), e.count)
                return
            scope = sorted(self.influence)
        else:
            scope = self.influence_scope(seat, e.at, ctx)
        self._remove_influence(scope, e.count)

    def _moves_pick_board(self):
        return [self._act("board", board=self.cfg.clockwise[b]) for b in self.ask[2]]

    def _do_board(self, a, ask) -> None:
        b = self.cfg.clockwise.index(a["board"])
        self._remove_influence([s for s in self.cfg.board_spaces[b] if s in self.influence], ask[3])

    def _remove_influence(self, scope, count) -> None:
        """Remove Influence latest in path order first [design 2.7]."""
        cfg = self.cfg
        order = sorted(scope, key=lambda s: cfg.paths[cfg.board_of[s]].index(s), reverse=True)
        for s in order[:count]:
            self.influence = self.influence - {s}
            self.objective_event("influence_removed")

    def _eff_cleanse(self, seat, e, ctx) -> None:
        count = ALL if e.count == "all" else e.count
        cand = [o for o in self.hurt_heroes(e.who or "you", seat, ctx)
                if "X" in self.heroes[o].discard or (e.pool == "bag_or_discard" and "X" in self.heroes[o].bag)]
        if len(cand) == 1 or (cand and (e.who or "you") == "you"):
            self._cleanse(cand[0], count, e.pool)
        elif cand:
            self.ask = ("pick_hero", seat, "cleanse", tuple(cand), (count, e.pool))

    def _cleanse(self, seat: int, count: int, pool: str) -> None:
        h = self._me(seat)
        for _ in range(count):
            if "X" in h.discard:
                i = h.discard.index("X")
                h.discard = h.discard[:i] + h.discard[i + 1:]
            elif pool == "bag_or_discard" and "X" in h.bag:
                i = h.bag.index("X")
                h.bag = h.bag[:i] + h.bag[i + 1:]
            else:
                break
            self.x_supply += 1

    def _eff_gain_chip(self, seat, e, ctx) -> None:
        h = self._me(seat)
        for _ in range(e.count):
            if e.chip == "H":
                if self.h_supply <= 0:
                    break
                self.h_supply -= 1
            elif e.chip == "X":
                if self.x_supply <= 0:
                    break
                self.x_supply -= 1
            h.discard += (e.chip,)

    def _eff_remove_plague(self, seat, e, ctx) -> None:
        cand = [o for o in self.hurt_heroes(e.who or "you", seat, ctx) if self.heroes[o].plague]
        if len(cand) == 1 or (cand and (e.who or "you") == "you"):
            h = self._me(cand[0])
            h.plague = max(0, h.plague - e.count)
        elif cand:
            self.ask = ("pick_hero", seat, "plague", tuple(cand), e.count)

    def _eff_gain_xp(self, seat, e, ctx) -> None:
        for o in (range(self.cfg.players) if e.who == "every" else [seat]):
            self._me(o).xp += e.amount

    # moving monsters
    def pull_targets(self, seat: int, within: int) -> list[int]:
        here = self.heroes[seat].space
        if here == 0:
            return []
        return [m[0] for m in self.monsters if 0 < self.cfg.between[here][m[2]] <= within
                and "flying" not in self.keywords(m[1])]

    def _eff_pull(self, seat, e, ctx) -> None:
        cand = self.pull_targets(seat, e.within)
        if cand:
            self.ask = ("pick_monster", seat, "pull", tuple(cand), ())

    def shove_moves(self, seat: int, within: int) -> list[tuple[int, int]]:
        near = set(self.within(self.heroes[seat].space, within))
        out = []
        for m in self.monsters:
            if m[2] in near and "flying" not in self.keywords(m[1]):
                out += [(m[0], t) for t in self.cfg.adj[m[2]] if t != 0 and t not in self.influence]
        return out

    def _eff_shove(self, seat, e, ctx) -> None:
        cand = self.shove_moves(seat, e.within)
        if cand:
            self.ask = ("shove", seat, tuple(cand))

    def _moves_shove(self):
        return [self._act("shove", monster=u, to=self.cfg.names[t]) for u, t in self.ask[2]]

    def _do_shove(self, a, ask) -> None:
        self._monster_to(a["monster"], self.cfg.index[a["to"]])
        self._now(("trap_check", a["monster"]))

    def _moves_pick_monster(self):
        return [self._act("monster", monster=u) for u in self.ask[3]]

    def _do_monster(self, a, ask) -> None:
        _, seat, what, cand, extra = ask
        u = a["monster"]
        if what == "freeze":
            self._set_monster(u, frozen=True)
        elif what == "pull":
            self._monster_to(u, self.heroes[seat].space)
            self._now(("trap_check", u))
        elif what == "trap":
            self._now(("trap_roll", seat, extra[0], u))
        elif what == "victim":
            pass

    def _eff_repel(self, seat, e, ctx) -> None:
        cfg = self.cfg
        b = cfg.board_of[self.heroes[seat].space]
        moved = []
        for m in sorted(self.monsters):
            if cfg.board_of[m[2]] != b:
                continue
            away = [t for t in cfg.adj[m[2]] if t != 0 and t not in self.influence and cfg.dist[t] > cfg.dist[m[2]]]
            if away:
                self._monster_to(m[0], away[0])
                moved.append(("trap_check", m[0]))   # [AR-K-12] a monster entering a trap's space
        self._now(*moved)

    def _eff_shield(self, seat, e, ctx) -> None:
        self._me(seat).shield = e.amount

    # the Great Beast deck
    def _eff_foresee(self, seat, e, ctx) -> None:
        top = self.gb_deck[:e.count]
        if top:
            self.ask = ("foresee", seat, top, bool(e.bottom))

    def _moves_foresee(self):
        _, seat, top, bottom = self.ask
        out = []
        for perm in set(permutations(top)):
            for cut in (range(len(perm) + 1) if bottom else [len(perm)]):
                out.append(self._act("arrange", top=perm[:cut], bottom=perm[cut:]))
        return sorted(out, key=lambda a: (a["top"], a["bottom"]))

    def _do_arrange(self, a, ask) -> None:
        """The cards looked at go back: some on top, the rest (Scout) under the deck. The team knows
        both ends (RULES.md decision 16): the top ones, and the bottom ones below those seen before
        (minus any of those just picked up again)."""
        looked = len(ask[2])
        rest = self.gb_deck[looked:]
        picked_up = max(0, self.gb_bottom - len(rest))     # known bottom cards among those looked at
        self.gb_deck = tuple(a["top"]) + rest + tuple(a["bottom"])
        self.gb_known = len(a["top"]) + max(0, self.gb_known - looked)   # seen ones below stay seen
        self.gb_bottom = self.gb_bottom - picked_up + len(a["bottom"])

    def _eff_villagers_home(self, seat, e, ctx) -> None:
        for _ in range(e.steps):
            moved = list(self.villagers)
            for s in range(1, len(moved)):
                n = self.villagers[s]
                if not n:
                    continue
                t = self.toward(s)
                if t < 0:
                    continue
                moved[s] -= n
                if t == 0:
                    self.pool += n
                    for _ in range(n):
                        self.objective_event("villager_home")
                else:
                    moved[t] += n
            self.villagers = tuple(moved)
        self._now(("reveals", seat))

    # Vantage Points [AR-M-8, AR-M-10]
    def _eff_secure(self, seat, e, ctx) -> None:
        self._now(("turn", seat))

    def _eff_fortify(self, seat, e, ctx) -> None:
        self.ask = ("fortify", seat, False, -1)

    def _moves_fortify(self):
        """Fortify pays toward any one Vantage Point: the first chip chooses it, the rest go to it."""
        seat, chosen = self.ask[1], self.ask[3]
        standing = [k for k, st in enumerate(self.vp_state) if st == 0 and chosen in (-1, k)]
        return self._secure_moves(seat, standing) + [self._act("stop")]

    def _eff_one_of(self, seat, e, ctx) -> None:
        ok = [k for k, o in enumerate(e.options) if self.effect_possible(seat, o, ctx)]
        if len(ok) == 1:
            self._now(("eff", seat, e.options[ok[0]], ctx))
        elif ok:
            self.ask = ("one_of", seat, e, ctx, tuple(ok))

    def _moves_one_of(self):
        return [self._act("choose", option=k) for k in self.ask[4]]

    def _do_choose(self, a, ask) -> None:
        self._now(("eff", ask[1], ask[2].options[a["option"]], ask[3]))


class _GateFire:
    """Fortify paying nothing: a Fire on any gate (design §4)."""
    kind = "fire"
    at = "gate"
    count = 1


_GATE_FIRE = _GateFire()
