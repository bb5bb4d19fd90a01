"""Attacks, dice and damage [AR-K-*, AR-DI-*, AR-KW-9..13, AR-CB-5, AR-CB-6]: a hero's melee, ranged
and area attacks, villager attacks and traps against monsters and shadows; monsters' attacks and
counter-attacks against heroes and villagers; the Lucky, Smite and Block exploits as decisions of
the seats that hold them; transformation into an Aberration.

A monster is (uid, slot, space, damage, frozen); `roll` holds the faces just rolled (0 blank,
1 graze, 2 Aberration icon).
"""
from __future__ import annotations

from .game import SLOTS


class CombatMixin:
    __slots__ = ()

    # ---------------------------------------------------------------- monsters
    def monster(self, uid: int):
        return next((m for m in self.monsters if m[0] == uid), None)

    def enemy_level(self, slot: int):
        return self.cfg.enemies[slot].levels[self.levels[slot] - 1]

    def keywords(self, slot: int) -> tuple:
        return self.enemy_level(slot).keywords

    def _set_monster(self, uid: int, space=None, damage=None, frozen=None) -> None:
        out = []
        for m in self.monsters:
            if m[0] == uid:
                m = (uid, m[1], m[2] if space is None else space, m[3] if damage is None else damage,
                     m[4] if frozen is None else frozen)
            out.append(m)
        self.monsters = tuple(out)

    def _remove_monster(self, uid: int) -> None:
        self.monsters = tuple(m for m in self.monsters if m[0] != uid)

    def _roll(self, dice: int) -> None:
        """[AR-DI-1] Each die: blank, graze or Aberration icon (dice pools above the box's 6 roll them all)."""
        faces = self.cfg.faces
        self.roll = tuple(faces[self.rng.below(len(faces))] for _ in range(max(0, dice)))

    # ---------------------------------------------------------------- heroes attack
    def _task_attack(self, seat, kind, dice, space, piece, quick, armour) -> None:
        self.roll_target = space
        self._roll(dice)
        self.smite = 0
        order = tuple(self.order_from(self.turn if self.turn >= 0 else 0))
        tasks = [("rerolls", "hero", order, seat)]
        if kind != "trap":
            tasks.append(("smites", order))
        tasks.append(("strike", seat, kind, space, piece, quick, armour))
        self._now(*tasks)
        self._say("roll", seat, kind, self.roll)

    def _reroll_sources(self, seat: int, side: str, roller: int) -> list[tuple]:
        if not self._bad_dice(side):
            return []
        cfg, h = self.cfg, self.heroes[seat]
        out = [("item", i) for i in self.distinct_items(seat, "lucky")]   # [AR-IT-12]
        for p in self.passives(seat):
            if p.kind == "reroll" and p.whose == "any" and not h.pip_used:
                out.append(("power", "streak"))
            if p.kind == "reroll" and p.whose == "own" and side != "monster" and roller == seat and not h.coin_used:
                out.append(("power", "coin"))
        return sorted(set(out))

    def _bad_dice(self, side: str) -> list[int]:
        """The dice of the roll that went wrong for the heroes, which a Lucky reroll rerolls: the
        blanks of a hero's attack ("hero"), the hits of a monster's attack ("monster"), the
        Aberration icons of a Wingbeats roll ("peril", where only they hurt)."""
        if side == "hero":
            return [k for k, f in enumerate(self.roll) if f == 0]
        if side == "peril":
            return [k for k, f in enumerate(self.roll) if f == 2]
        return [k for k, f in enumerate(self.roll) if f > 0]

    def _task_rerolls(self, side: str, seats: tuple, roller: int) -> None:
        for k, seat in enumerate(seats):
            if self._reroll_sources(seat, side, roller):
                self.ask = ("reroll", seat, side, seats[k + 1:], roller)
                return

    def _moves_reroll(self):
        """[AR-IT-12] "Reroll any number of dice": the player chooses how many dice of each face
        (dice showing the same face are alike), at least one; the Lucky Coin rerolls one die."""
        _, seat, side, rest, roller = self.ask
        have = [sum(1 for f in self.roll if f == face) for face in range(3)]
        out = []
        for what, v in self._reroll_sources(seat, side, roller):
            most = 1 if v == "coin" else len(self.roll)
            for dice in _face_counts(have, most):
                out.append(self._act("reroll", dice=dice, **{what: v}))
        return out + [self._act("pass")]

    def _do_reroll(self, a, ask) -> None:
        """Reroll the dice chosen: `dice` = how many blanks, grazes and Aberration icons (the first
        dice showing each face)."""
        _, seat, side, rest, roller = ask
        h = self._me(seat)
        if a.get("item") is not None:
            h.items = tuple(x for k, x in enumerate(h.items) if k != h.items.index(a["item"]))
            self.item_discard += (a["item"],)
        elif a["power"] == "streak":
            h.pip_used = True
        else:
            h.coin_used = True
        chosen = []
        for face, n in enumerate(a["dice"]):
            chosen += [k for k, f in enumerate(self.roll) if f == face][:n]
        faces = self.cfg.faces
        roll = list(self.roll)
        for k in sorted(chosen):
            roll[k] = faces[self.rng.below(len(faces))]
        self.roll = tuple(roll)
        self._now(("rerolls", side, (seat,) + rest, roller))

    def _task_smites(self, seats: tuple) -> None:
        """[AR-IT-13] Whenever a player's attack deals damage, a seat holding a Smite Item may add 1."""
        if not any(f > 0 for f in self.roll) and not self.smite:
            return
        for k, seat in enumerate(seats):
            if any(self.cfg.items[i].exploit == "smite" for i in self.heroes[seat].items):
                self.ask = ("smite", seat, seats[k + 1:])
                return

    def _moves_smite(self):
        return [self._act("smite", item=i) for i in self.distinct_items(self.ask[1], "smite")] + [self._act("pass")]

    def _do_smite(self, a, ask) -> None:
        h = self._me(ask[1])
        i = h.items.index(a["item"])
        h.items = h.items[:i] + h.items[i + 1:]
        self.item_discard += (a["item"],)
        self.smite += 1
        self._now(("smites", (ask[1],) + ask[2]))

    def _task_strike(self, seat, kind, space, piece, quick, armour) -> None:
        hits = sum(1 for f in self.roll if f > 0) + self.smite   # [AR-DI-2..4]
        self.smite = 0
        if piece[0] == "area":       # [AR-K-7] every monster and shadow there, never heroes or villagers
            pieces = self.targets_in(space)
        else:
            pieces = [piece]
        for what, uid in pieces:
            if what == "shadow":
                if hits >= 1 and any(s[0] == uid for s in self.shadows):   # destroyed unrevealed
                    tok = next(s[2] for s in self.shadows if s[0] == uid)
                    self.shadows = tuple(s for s in self.shadows if s[0] != uid)
                    self.shadow_discard += (tok,)
            elif self.monster(uid) is not None:
                self._hurt_monster(uid, hits, seat, kind, armour, quick)

    def _hurt_monster(self, uid, hits, seat, kind, armour, quick) -> None:
        m = self.monster(uid)
        slot = m[1]
        kw = self.keywords(slot)
        dmg = hits
        if "flying" in kw and kind not in ("ranged", "villager"):   # [AR-KW-10]
            dmg = 0
        if "stealthy" in kw and kind != "melee":                     # [AR-KW-12]
            dmg = 0
        if "armour" in kw and not armour:                             # [AR-KW-9]
            dmg = min(dmg, 2)
        if dmg >= 1 and "parasite" in kw and self.parasite[slot] > 0:   # [AR-KW-7] a token spent: -1 taken
            dmg -= 1
            self.parasite = self.parasite[:slot] + (self.parasite[slot] - 1,) + self.parasite[slot + 1:]
        if dmg >= 1 and self.phase == "hero" and kind in ("melee", "ranged") and seat >= 0:
            if (uid, seat) not in self.damaged:
                self.damaged += ((uid, seat),)
            if len({s for u, s in self.damaged if u == uid}) >= 2:
                self.objective_event("shared_target")
        total = m[3] + dmg
        if total >= self.enemy_level(slot).hp:
            self._kill(uid, seat, kind)
            return
        self._set_monster(uid, damage=total)
        if kind == "trap" and seat >= 0 and self.has(seat, "trap_freezes") and not m[4] \
                and sum(1 for x in self.monsters if x[4]) < self.cfg.content.components.freeze_tokens:
            self._set_monster(uid, frozen=True)
        # [AR-K-2, AR-K-5, AR-K-6, AR-K-8] a survivor counter-attacks a non-quick hero attack in range
        if kind in ("melee", "ranged") and not quick and seat >= 0:
            here = self.heroes[seat].space
            if m[2] == here or ("ranged" in kw and kind == "ranged" and m[2] in self.cfg.adj[here]):
                self._now(("mattack", uid, ("hero", seat), True))

    def _kill(self, uid, seat, kind) -> None:
        """A killed figure returns to its card; 2 XP to whoever killed a monstrosity."""
        m = self.monster(uid)
        slot = m[1]
        self._remove_monster(uid)
        enemy = self.cfg.enemies[slot]
        self._say("kill", seat, SLOTS[slot], kind)
        if seat >= 0:
            if enemy.type == "monstrosity":
                self._me(seat).xp += self.cfg.rules.xp_monstrosity_kill
            relentless = self.has(seat, "move_after_kill")
            if relentless and kind in ("melee", "ranged"):
                self._now(("walk", seat, relentless.steps, False, self.escort_cap(seat), 0))
            if kind == "melee":
                heal = sum(p.amount for p in self.passives(seat) if p.kind == "heal_on_melee_kill")
                if heal:
                    self._heal(seat, heal)
        self.objective_event("kill", enemy.type, self.levels[slot], kind)

    # ---------------------------------------------------------------- traps [AR-K-12..14]
    def _task_trap_check(self, uid: int) -> None:
        m = self.monster(uid)
        if m is None or "flying" in self.keywords(m[1]):   # Flying monsters ignore traps
            return
        for s, owner in self.traps:
            if s == m[2]:
                self._now(("trap_fire", owner, s, uid))
                return

    def _task_trap_fire(self, owner: int, space: int, uid: int) -> None:
        cand = [m[0] for m in self.monsters if m[2] == space and "flying" not in self.keywords(m[1])]
        if not cand or (space, owner) not in self.traps:
            return
        if len(cand) > 1:             # [AR-K-13] the hero chooses the target
            self.ask = ("pick_monster", owner, "trap", tuple(cand), (space,))
        else:
            self._now(("trap_roll", owner, space, cand[0]))

    def _task_trap_roll(self, owner: int, space: int, uid: int) -> None:
        traps = list(self.traps)
        traps.remove((space, owner))
        self.traps = tuple(traps)
        self._me(owner).traps += 1     # [AR-K-14] the trap returns to its hero
        dice = self.heroes[owner].stats[0]   # [AR-A-2] Intellect dice
        self._now(("attack", owner, "trap", dice, space, ("monster", uid), True, False))

    # ---------------------------------------------------------------- monsters attack [AR-G-5, AR-G-6]
    def _task_mattack(self, uid: int, victim: tuple, counter: bool) -> None:
        m = self.monster(uid)
        if m is None:
            return
        self._roll(self.enemy_level(m[1]).dmg)
        self._now(("rerolls", "monster", tuple(self.order_from(self.turn if self.turn >= 0 else 0)), -1),
                  ("mhit", uid, victim, counter))

    def _task_mhit(self, uid: int, victim: tuple, counter: bool) -> None:
        m = self.monster(uid)
        if m is None:
            return
        slot = m[1]
        kw = self.keywords(slot)
        ignore = False
        if victim[0] == "hero":
            for p in self.passives(victim[1]):
                if p.kind == "ignore_grazes" and (p.against == "monsters" or counter):
                    ignore = True
        dmg = sum(1 for f in self.roll if f == 2 or (f == 1 and not ignore))   # [AR-DI-3]
        if dmg >= 1 and "parasite" in kw and self.parasite[slot] > 0:   # [AR-KW-7] a token spent: +1 dealt
            dmg += 1
            self.parasite = self.parasite[:slot] + (self.parasite[slot] - 1,) + self.parasite[slot + 1:]
        # Shield Wall guards the heroes and villagers in its space: the victim's (a Ranged monster's
        # counter-attack comes from the next space)
        space = self.heroes[victim[1]].space if victim[0] == "hero" else victim[1]
        dmg -= max((h.shield for h in self.heroes if h.space == space), default=0)
        if victim[0] == "hero":
            seat = victim[1]
            red = self.has(seat, "attack_reduction")
            if red and not self.heroes[seat].reduced:
                self._me(seat).reduced = True
                dmg -= red.amount
            thorns = sum(p.amount for p in self.passives(seat) if p.kind == "thorns")
            if thorns:
                self._now(("thorns", uid, thorns, seat))
            if dmg > 0:
                self._now(("damage", seat, dmg, uid, "plague" in kw))
            self._say("monster_attack", SLOTS[slot], "hero", seat, dmg)
        else:
            if dmg > 0 and not any(h.space == space and self.has(k, "guard_villagers")
                                   for k, h in enumerate(self.heroes)):
                self._villager_dies(space)   # [AR-M-7]
            self._say("monster_attack", SLOTS[slot], "villager", space, dmg)

    def _task_thorns(self, uid: int, amount: int, seat: int) -> None:
        m = self.monster(uid)
        if m is None:
            return
        if m[3] + amount >= self.enemy_level(m[1]).hp:
            self._kill(uid, seat, "thorns")
        else:
            self._set_monster(uid, damage=m[3] + amount)

    def _villager_dies(self, space: int) -> None:
        """[AR-M-7, AR-W-7] A villager dies: off the map, Fear up one."""
        if self.villagers[space] > 0:
            self.villagers = self.villagers[:space] + (self.villagers[space] - 1,) + self.villagers[space + 1:]
            self.fear += self.cfg.rules.fear_villager
            self._say("villager_dies", space)

    def _moves_victim(self):
        return [self._act("victim", hero=o) for o in self.ask[3]]

    def _do_victim(self, a, ask) -> None:
        self._now(("mattack", ask[2], ("hero", a["hero"]), False))

    # ---------------------------------------------------------------- heroes take damage
    def _task_damage(self, seat: int, n: int, src: int, plague: bool) -> None:
        """[AR-IT-11] A hero about to take damage may discard Block Items, 1 damage each."""
        if n <= 0:
            return
        if any(self.cfg.items[i].exploit == "block" for i in self.heroes[seat].items):
            self.ask = ("block", seat, n, src, plague)
        else:
            self._take_damage(seat, n, plague)

    def _moves_block(self):
        return [self._act("block", item=i) for i in self.distinct_items(self.ask[1], "block")] + [self._act("take")]

    def _do_block(self, a, ask) -> None:
        _, seat, n, src, plague = ask
        h = self._me(seat)
        i = h.items.index(a["item"])
        h.items = h.items[:i] + h.items[i + 1:]
        self.item_discard += (a["item"],)
        self._now(("damage", seat, n - 1, src, plague))

    def _do_take(self, a, ask) -> None:
        self._take_damage(ask[1], ask[2], ask[4])

    def _take_damage(self, seat: int, n: int, plague: bool) -> None:
        """[AR-CB-5, AR-CB-6] Each damage moves the marker up; at the top the hero transforms and the
        marker goes back to the start (extra damage is lost)."""
        h = self._me(seat)
        h.track += n
        if h.track >= self.track_top(seat):
            self._transform(seat, plague)

    def _transform(self, seat: int, plague: bool) -> None:
        """[AR-AC-2, AR-W-8, AR-W-11, AR-KW-13] Draw an Aberration card (a 4th loses), gain its Fear,
        add an Aberration chip to the discard pool; Plague adds a Plague token."""
        cfg = self.cfg
        h = self._me(seat)
        h.track = 0
        if len(h.cards) + 1 >= cfg.rules.aberration_cards_lose:
            self._end("loss", f"seat {seat}'s hero would gain a fourth Aberration card [AR-W-11]")
            return
        card, self.ab_deck = self.ab_deck[0], self.ab_deck[1:]
        h.cards += (card,)
        self.fear += cfg.aberrations[card].fear
        if self.x_supply > 0:
            self.x_supply -= 1
            h.discard += ("X",)
        if plague and h.plague < cfg.rules.plague_cap:
            h.plague += 1
        self._say("transform", seat, cfg.aberrations[card].id)


def _face_counts(have, most: int) -> list[tuple[int, int, int]]:
    """Every choice of dice to reroll, as (blanks, grazes, icons): at least 1 and at most `most`."""
    return [(b, g, i) for b in range(have[0] + 1) for g in range(have[1] + 1) for i in range(have[2] + 1)
            if 1 <= b + g + i <= most]
