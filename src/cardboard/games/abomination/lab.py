"""3. Lab phase [AM-L-*]: build monster parts, throw the switch once, preserve materials.

The phase is simultaneous at the table. Here the players take it one after another from First
Player, and nothing one does can reach another: labs are private, the supplies never run short
of what six parts need, and "first to" objectives met during the phase are judged at its end
(all who meet one then claim it). While the phase runs, each view shows the other labs as the
phase began (`lab_start`), and a search's re-deal puts the players who went before back to that
start (view.py), so no choice can depend on what another player did or rolled.
"""
from __future__ import annotations

from itertools import combinations

from .game import ALIVE, EMPTY, MUSCLE, SKIN, STAGED, STAGES, TRACKED
from .knowledge import HUMANITY, RESEARCH
from .player import cube


class LabMixin:
    __slots__ = ()

    def _task_lab_phase(self) -> None:
        self.phase = "lab"
        self.lab_start = self.players
        self.lab_order = tuple(self.order_from(self.first))
        self._now(*(("lab_turn", seat) for seat in self.lab_order), ("lab_end",))

    def _task_lab_turn(self, seat: int) -> None:
        self.ask = ("build", seat)

    def _task_lab_end(self) -> None:
        for seat, p in enumerate(self.players):
            if p.lower or p.switched or p.rerolled:
                p = self._me(seat)
                p.lower, p.switched, p.rerolled = 0, False, False
            # the cards played in the lab, under their decks, are seen now [AM-H-1]
            start = self.lab_start[seat]
            self._reveal(RESEARCH, [c for c in start.research if c not in p.research])
            self._reveal(HUMANITY, [c for c in start.humanity_cards if c not in p.humanity_cards])
        self.lab_start = ()
        self.roll = ()
        self._claim_objectives()   # met during the phase: judged together, at its end
        # [AM-Z-1] a monster alive (every part alive) at the end of a lab phase ends the game
        if any(p.count_parts(ALIVE) == len(self.cfg.slot_part) for p in self.players):
            self._end_game(by_captain=False)

    # ---------------------------------------------------------------- build [AM-L-1, AM-L-2, AM-L-4]
    def _moves_build(self):
        seat = self.ask[1]
        return self.builds(seat) + self._playable(seat, ("lab_phase", "any_time")) + [self._act("done")]

    def builds(self, seat: int) -> list:
        """Every build: a part, a side, the most decayed stage spent and the animal cubes standing
        in for muscle, organ and blood. For each such choice the cubes spent are the most decayed
        ones that fit: any other build of the same part, stage and animal use spends fresher cubes
        and scores the same, so it is never better (RULES.md decision)."""
        cfg = self.cfg
        tab = self.game.tab
        moves = tab.moves
        p = self.players[seat]
        parts, damage = p.parts, p.damage
        expertise = p.expertise + p.lower
        out, seen = [], set()
        for slot, part in enumerate(cfg.slot_part):
            state = parts[slot]
            if state == EMPTY:
                side = "start"
            elif state == MUSCLE:
                side = "complete"
            else:
                continue
            key = (part, state, damage[slot])
            if key in seen:
                continue   # the second arm or leg slot in the same state is the same choice
            if state == EMPTY and self._tokens_left(part) <= 0:
                continue
            seen.add(key)
            _spec, need_exp, need_bone, wants = tab.sides[part, side]
            if need_exp > expertise or need_bone > p.bone:
                continue
            for stage, animal in self._plans(p.track, wants):
                out.append(moves["build", (("slot", slot), ("side", side), ("stage", stage), ("animal", animal))])
        return out

    def _tokens_left(self, part: str) -> int:
        """`supply_left(part)`: the part tokens no operating table holds."""
        slots = self.game.tab.part_slots[part]
        return self.cfg.tokens[part] - sum(1 for p in self.players for i in slots if p.parts[i])

    def _material_plans(self, p, needs: dict) -> list:
        return list(self._plans(p.track, tuple(needs.get(m, 0) for m in STAGED)))

    def _plans(self, track: tuple, wants: tuple) -> tuple:
        """The (stage, animal) choices of a build needing `wants` (muscle, organ, blood) from
        `track`: each animal use (muscle, organ, blood cubes it stands in for) and each stage where
        spending the oldest cubes that fit (`_spend`) reaches that stage as its most decayed.
        Worked out once per track and needs (a bounded cache)."""
        cache = self.game.tab.plans
        key = (track, wants)
        plans = cache.get(key)
        if plans is None:
            if len(cache) >= self.game.tab.PLANS_LIMIT:
                cache.clear()
            plans = cache[key] = self._work_out_plans(track, wants)
        return plans

    def _work_out_plans(self, track: tuple, wants: tuple) -> tuple:
        """`_plans` without the cache: `_spend` followed step by step, with the same results, for
        every animal use and stage (animal uses a material may not take, or more cubes than
        the lab holds, are skipped without trying them)."""
        tab = self.game.tab
        ok, limits = tab.animal_ok, tab.animal_limit
        w0, w1, w2 = wants
        animal_at = track[3 * STAGES:4 * STAGES]
        animals = sum(animal_at)
        have = (sum(track[0:STAGES]), sum(track[STAGES:2 * STAGES]), sum(track[2 * STAGES:3 * STAGES]))
        plans = []
        for a0 in range(w0 + 1 if ok[0] else 1):
            if w0 - a0 > have[0]:
                continue
            for a1 in range(w1 + 1 if ok[1] else 1):
                if w1 - a1 > have[1]:
                    continue
                for a2 in range(w2 + 1 if ok[2] else 1):
                    if w2 - a2 > have[2] or a0 + a1 + a2 > animals:
                        continue
                    animal = (a0, a1, a2)
                    for stage in range(1, STAGES + 1):
                        if _reaches(track, wants, animal, stage, animal_at, limits):
                            plans.append((stage, animal))
        return tuple(plans)

    def _spend(self, p, wants: tuple, animal: tuple, cap: int):
        """The cubes a build takes (a 16-count tuple), or None if the lab lacks them: oldest first
        at or below stage `cap`; animal cubes for blood only at stage I-II [AM-L-2]."""
        rules = self.cfg.content.anatomy.animal
        track = list(p.track)
        spent = [0] * len(track)

        def take(material: str, n: int, limit: int) -> bool:
            m = TRACKED.index(material)
            for stage in range(min(cap, limit), 0, -1):
                i = m * STAGES + stage - 1
                k = min(n, track[i])
                track[i] -= k
                spent[i] += k
                n -= k
            return n == 0

        # animal for blood first: it has the narrowest choice of stages
        order = (2, 0, 1)
        for k in order:
            material = STAGED[k]
            if animal[k]:
                if material not in rules.replaces:
                    return None
                if not take("animal", animal[k], rules.max_stage.get(material, STAGES)):
                    return None
        for k, material in enumerate(STAGED):
            need = wants[k] - animal[k]
            if need and not take(material, need, STAGES):
                return None
        return tuple(spent)

    @staticmethod
    def _worst(spent: tuple) -> int:
        worst = 0
        for i, n in enumerate(spent):
            if n:
                worst = max(worst, i % STAGES + 1)
        return worst

    def _do_build(self, a, ask) -> None:
        """[AM-L-4] check, discard materials, place or flip the token (damage kept), +1 Expertise,
        VP by the most decayed stage used, less the animal penalty."""
        seat = ask[1]
        cfg = self.cfg
        slot, side, stage, animal = a["slot"], a["side"], a["stage"], tuple(a["animal"])
        part = cfg.slot_part[slot]
        spec = getattr(cfg.part_spec[part], side)
        p = self._me(seat)
        if spec.expertise > p.expertise:   # the card lowering the requirement is used up
            p.lower = 0
        wants = tuple(spec.materials.get(m, 0) for m in STAGED)
        spent = self._spend(p, wants, animal, stage)
        p.track = tuple(t - s for t, s in zip(p.track, spent))
        p.skip = tuple(min(k, t) for k, t in zip(p.skip, p.track))
        p.bone -= spec.materials.get("bone", 0)
        p.parts = p.parts[:slot] + ((MUSCLE if side == "start" else SKIN),) + p.parts[slot + 1:]
        vp = spec.vp[stage - 1]
        if any(animal):
            vp -= cfg.part_spec[part].animal_penalty
        vp = max(cfg.content.anatomy.vp_floor, vp)
        p.vp += vp
        self._say("build", seat, part, side, stage, vp)
        self._turn_dial(seat, "expertise", cfg.content.anatomy.expertise_per_build)
        self.ask = ("build", seat)

    # ---------------------------------------------------------------- throw the switch [AM-L-5..7]
    def _task_switch_step(self, seat: int) -> None:
        p = self.players[seat]
        if not p.switched and p.charged and self.has_completed_part(seat):
            self.ask = ("switch", seat)
        else:
            self._now(("preserve_step", seat))

    def _moves_switch(self):
        seat = self.ask[1]
        most = min(self.cfg.content.switch.max_jars, self.players[seat].charged)
        return [self._act("throw", jars=k) for k in range(1, most + 1)] + [self._act("no_switch")]

    def _do_no_switch(self, a, ask) -> None:
        self._now(("preserve_step", ask[1]))

    def blue_dice(self, seat: int, dice: int) -> int:
        """Blue dice replace gray ones: one per blue-die icon passed on Expertise, plus this round's
        upgrades, as many as the box holds. Always taken: a blue die is better on every face."""
        p = self.players[seat]
        icons = sum(1 for at, icon, _ in self.cfg.dial_icons["expertise"] if icon == "blue_die" and p.expertise >= at)
        return min(dice, icons + p.blue_bonus, self.cfg.blue.count)

    def _do_throw(self, a, ask) -> None:
        seat = ask[1]
        k = a["jars"]
        p = self._me(seat)
        p.charged -= k
        p.empty += k
        p.switched = True
        dice = k * self.cfg.content.switch.dice_per_jar
        blue = self.blue_dice(seat, dice)
        roll = [("blue", self._face("blue")) for _ in range(blue)]
        roll += [("gray", self._face("gray")) for _ in range(dice - blue)]
        self.roll = tuple(sorted(roll))
        self._say("throw", seat, k, self.roll)
        self.ask = ("dice", seat)

    def _face(self, colour: str) -> str:
        die = self.cfg.blue if colour == "blue" else self.cfg.gray
        return die.faces[self.rng.below(len(die.faces))]

    def _moves_dice(self):
        """After the roll: accept it, or play research cards for their dice option [AM-K-4], or use
        a character's reroll. Eyes are never rerolled (no face is better)."""
        seat = self.ask[1]
        out = [self._act("accept")]
        cfg = self.cfg
        for c in self._distinct("research", self.players[seat].research):
            for e in cfg.research[c].dice:
                if e.kind == "reroll_dice":
                    out += [self._act("research_dice", card=c, dice=d, faces=self._faces(d))
                            for d in self._reroll_sets(e.count)]
                elif any(face == "bolt" for _, face in self.roll):
                    out.append(self._act("research_dice", card=c))
        ability = self._has_ability(seat, "reroll_each_lab")
        if ability and not self.players[seat].rerolled:
            out += [self._act("reroll", dice=d, faces=self._faces(d)) for d in self._reroll_sets(ability.count)]
        return out

    def _faces(self, dice: tuple) -> tuple:
        """The dice at those positions in words ("gray bolt"), so that a move says what it rerolls."""
        return tuple(f"{self.roll[i][0]} {self.roll[i][1]}" for i in dice)

    def _reroll_sets(self, most: int) -> list:
        """Sets of die positions (one per distinct set of dice) of up to `most` non-eye dice."""
        idle = [i for i, (_, face) in enumerate(self.roll) if face != "eye"]
        out, seen = [], set()
        for n in range(1, most + 1):
            for pick in combinations(idle, n):
                key = tuple(self.roll[i] for i in pick)
                if key not in seen:
                    seen.add(key)
                    out.append(pick)
        return out

    def _reroll(self, dice: tuple) -> None:
        roll = list(self.roll)
        for i in dice:
            roll[i] = (roll[i][0], self._face(roll[i][0]))
        self.roll = tuple(sorted(roll))

    def _do_research_dice(self, a, ask) -> None:
        seat = ask[1]
        card = a["card"]
        spec = self.cfg.research[card]
        self._discard_card(seat, "research", card)   # instead of its effects and icons (CONTENT.md 9)
        for e in spec.dice:
            if e.kind == "reroll_dice":
                self._reroll(tuple(a["dice"]))
            else:   # bolt_to_blank: always as many as it may (a blank is never worse than a bolt)
                left = e.count
                roll = list(self.roll)
                for i, (colour, face) in enumerate(roll):
                    if face == "bolt" and left:
                        roll[i] = (colour, "blank")
                        left -= 1
                self.roll = tuple(sorted(roll))
        self._say("research_dice", seat, spec.id, self.roll)
        self.ask = ("dice", seat)

    def _do_reroll(self, a, ask) -> None:
        seat = ask[1]
        self._me(seat).rerolled = True
        self._reroll(tuple(a["dice"]))
        self._say("reroll", seat, self.roll)
        self.ask = ("dice", seat)

    def _do_accept(self, a, ask) -> None:
        """[AM-L-6, AM-L-7] damage one at a time, then the Expertise for a bolt, then alive markers."""
        seat = ask[1]
        bolts = sum(1 for _, face in self.roll if face == "bolt")
        eyes = sum(1 for _, face in self.roll if face == "eye")
        self._now(("markers", seat, "damage", bolts), ("bolt_expertise", seat, bolts),
                  ("markers", seat, "alive", eyes), ("preserve_step", seat))

    def _task_bolt_expertise(self, seat: int, bolts: int) -> None:
        if bolts:
            self._turn_dial(seat, "expertise", self.cfg.content.switch.bolt_expertise)
        self.roll = ()

    # ---------------------------------------------------------------- preserve [AM-L-8]
    def preservable(self, seat: int) -> list:
        lab = self.cfg.content.lab
        p = self.players[seat]
        if sum(p.preserved) >= lab.preservation_limit:
            return []
        return [(m, s) for m in lab.preservable for s in range(1, STAGES + 1) if p.track[cube(m, s)]]

    def _task_preserve_step(self, seat: int) -> None:
        if self.preservable(seat):
            self.ask = ("preserve", seat)

    def _moves_preserve(self):
        return [self._act("preserve", material=m, stage=s) for m, s in self.preservable(self.ask[1])] + \
            [self._act("done")]

    def _do_preserve(self, a, ask) -> None:
        seat = ask[1]
        p = self._me(seat)
        i = cube(a["material"], a["stage"])
        p.track = p.track[:i] + (p.track[i] - 1,) + p.track[i + 1:]
        p.skip = tuple(min(k, t) for k, t in zip(p.skip, p.track))
        k = 0 if a["material"] == "muscle" else 1
        p.preserved = p.preserved[:k] + (p.preserved[k] + 1,) + p.preserved[k + 1:]
        self._task_preserve_step(seat)


def _reaches(track: tuple, wants: tuple, animal: tuple, cap: int, animal_at: tuple, limits: tuple) -> bool:
    """Whether `LabMixin._spend` at `cap` succeeds and its most decayed cube is at stage `cap`:
    animal cubes first (for blood, then muscle, then organ), oldest first at or below each one's
    stage limit, then each material's own cubes oldest first at or below `cap`."""
    worst = 0
    if animal[0] or animal[1] or animal[2]:
        left = list(animal_at)
        for k in (2, 0, 1):
            n = animal[k]
            if n:
                for stage in range(min(cap, limits[k]), 0, -1):
                    have = left[stage - 1]
                    if have:
                        take = n if n < have else have
                        left[stage - 1] = have - take
                        n -= take
                        if stage > worst:
                            worst = stage
                        if not n:
                            break
                if n:
                    return False
    for k in range(3):
        n = wants[k] - animal[k]
        if n:
            base = k * STAGES - 1
            for stage in range(cap, 0, -1):
                have = track[base + stage]
                if have:
                    n -= have if have < n else n
                    if stage > worst:
                        worst = stage
                    if not n:
                        break
            if n:
                return False
    return worst == cap
