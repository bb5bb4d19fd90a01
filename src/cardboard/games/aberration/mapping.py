"""The map [AR-M-*, AR-SH-*, AR-I-*]: shadows (placed face down, revealed by Fire or a hero or villager
in or next to their space), what a reveal brings (a monster, a villager, Influence), Influence along
each board's path (forks left first, negated by Fire, pushing what stands there toward the Village
Center), Vantage Points (secured with chips, corrupted by Influence), heroes' movement and escorts.
"""
from __future__ import annotations

from .game import SLOTS, bfs

ROUTES_KEPT = 4096   # Influence layouts whose routes a config keeps (a long search meets more)


_VILLAGERS = [((), frozenset())]   # the last villagers tuple met, and its spaces holding villagers


def villager_spaces(villagers: tuple) -> frozenset:
    """The map's spaces (not the Village Center) holding villagers: worked out again only when the
    tuple is another one than last time (tuples are never changed in place; the pair is kept and
    replaced in one step, so another thread never sees one tuple with another's spaces)."""
    last = _VILLAGERS[0]
    if last[0] is villagers:
        return last[1]
    spaces = frozenset(i for i in range(1, len(villagers)) if villagers[i] > 0)
    _VILLAGERS[0] = (villagers, spaces)
    return spaces


_WATCH = [((), None, None, False, frozenset())]   # the last (shadows, fire, villagers) met, and _watch's answer


def _watch(shadows: tuple, fire: frozenset, villagers: tuple, near: tuple) -> tuple[bool, frozenset]:
    """What the people on the map do not change in `reveal_pending`: (a shadow is in a Fire or next to
    villagers, the spaces where a person would reveal a shadow). Kept for the last shadows, Fire and
    villagers met (the same objects: clones share them, and they are replaced, never changed), the
    entry replaced in one step so that another thread never reads a mixed one."""
    vil = villager_spaces(villagers)
    due = False
    watch: set = set()
    for s in shadows:
        space = s[1]
        if space in fire or not vil.isdisjoint(near[space]):
            due = True
        watch.update(near[space])
    out = (due, frozenset(watch))
    _WATCH[0] = (shadows, fire, villagers) + out
    return out


def _routes_for(adj, influence) -> tuple:
    dist = bfs(adj, 0, influence)
    steps = []
    for space in range(len(adj)):
        here = dist[space] if space not in influence else 1 << 30
        best = -1
        for t in adj[space]:
            if t in influence or dist[t] < 0:
                continue
            if dist[t] < here and (best < 0 or dist[t] < dist[best]):
                best = t
        steps.append(best)
    return dist, tuple(steps)


class MapMixin:
    __slots__ = ()

    # ---------------------------------------------------------------- shadows [AR-SH-1, AR-SH-2]
    def _draw_shadow(self) -> int:
        if not self.stack and self.shadow_discard:   # revealed tokens reshuffle when the stacks run out
            pile = list(self.shadow_discard)
            self.rng.shuffle(pile)
            self.stack, self.shadow_discard = tuple(pile), ()
        if not self.stack:
            return -1
        tok, self.stack = self.stack[0], self.stack[1:]
        return tok

    def _put_shadow(self, space: int) -> bool:
        tok = self._draw_shadow()
        if tok < 0:
            return False
        self.shadows += ((self.uid, space, tok),)
        self.uid += 1
        return True

    def occupied_by_people(self, space: int) -> bool:
        if space == 0:
            return self.pool > 0 or bool(self.manned) or any(h.space == 0 for h in self.heroes)
        return self.villagers[space] > 0 or any(h.space == space for h in self.heroes)

    def _reveal_due(self, s) -> tuple[bool, bool]:
        """(revealed now?, by a hero?) [AR-SH-3, AR-M-5]: in a Fire's space, or in or next to a
        space holding a hero or villager (the Village Center counts if it holds anyone), or within
        a hero's reveal aura. The rule for one shadow; `reveal_pending` and `_task_reveals` work it
        out for every shadow at once (test_speed.py holds them to it, shadow by shadow)."""
        cfg = self.cfg
        space = s[1]
        near = cfg.near[space]        # the space and its neighbours
        heroes = self.heroes
        for h in heroes:
            if h.space in near:
                return True, True
        for k, h in enumerate(heroes):
            aura = self.has(k, "reveal_aura")
            if aura and cfg.between[h.space][space] <= aura.within:
                return True, True
        return space in self.fire or any(self.occupied_by_people(x) for x in near), False

    def occupied(self) -> frozenset:
        """The spaces holding someone [AR-SH-3]: heroes, villagers on the map, and the Village Center
        when a villager waits in its pool or on a spot (`occupied_by_people` for every space at once)."""
        at = {h.space for h in self.heroes}
        if self.pool > 0 or self.manned:
            at.add(0)
        return villager_spaces(self.villagers) | at

    def _auras(self) -> list:
        """(steps from the hero to every space, reach) of each hero's reveal aura (Lantern Bearer,
        Extra Eyes)."""
        between = self.cfg.between
        out = []
        for h in self.heroes:    # `has(seat, "reveal_aura")` written out: asked before every task
            pc = h.pcache
            if pc is None or pc[2] is not h.locks or pc[3] is not h.attuned or pc[4] is not h.cards \
                    or pc[0] != h.hero or pc[1] != h.cls:
                pc = h.pcache = self._passives_of(h)
            if pc[7] >= 0:
                out.append((between[h.space], pc[7]))
        return out

    def reveal_pending(self) -> bool:
        """Is some face-down shadow due to be revealed now [AR-SH-3, AR-M-5]? Asked after every
        task and before every decision; the same test as `_reveal_due`, for all shadows at once:
        a shadow in a Fire or next to villagers, or a person (a hero; the Village Center's pool and
        spots) in a space next to a shadow, or a shadow in a hero's reveal aura."""
        shadows = self.shadows
        if not shadows:
            return False
        fire, villagers = self.fire, self.villagers
        last = _WATCH[0]
        if last[0] is shadows and last[1] is fire and last[2] is villagers:
            due, watch = last[3], last[4]
        else:
            due, watch = _watch(shadows, fire, villagers, self.cfg.near)
        if due:
            return True
        heroes = self.heroes
        for h in heroes:
            if h.space in watch:
                return True
        if (self.pool > 0 or self.manned) and 0 in watch:
            return True
        for h in heroes:      # Lantern Bearer, Extra Eyes (`has`, written out)
            pc = h.pcache
            if pc is None or pc[2] is not h.locks or pc[3] is not h.attuned or pc[4] is not h.cards \
                    or pc[0] != h.hero or pc[1] != h.cls:
                pc = h.pcache = self._passives_of(h)
            within = pc[7]
            if within >= 0:
                row = self.cfg.between[h.space]
                for s in shadows:
                    if row[s[1]] <= within:
                        return True
        return False

    def _task_reveals(self, cause: int) -> None:
        """The first shadow (in map order) due to be revealed is revealed, then this again. The test is
        `_reveal_due`'s, worked out for the whole map once instead of once a shadow."""
        shadows = self.shadows
        if not shadows:
            return
        near, fire = self.cfg.near, self.fire
        at = {h.space for h in self.heroes}
        occupied, auras = self.occupied(), self._auras()
        for s in shadows:
            space = s[1]
            by_hero = not at.isdisjoint(near[space]) or any(row[space] <= within for row, within in auras)
            if by_hero or space in fire or not occupied.isdisjoint(near[space]):
                self._now(("reveal_one", s[0], by_hero or cause >= 0), ("reveals", cause))
                return

    def _task_reveal_one(self, uid: int, by_hero: bool) -> None:
        """[AR-SH-4..11] Flip the token: a monster (its figure, or all its monsters activate when none
        is left; then its On Reveal power), a villager, or Influence on the board's path."""
        s = next((x for x in self.shadows if x[0] == uid), None)
        if s is None:
            return
        cfg = self.cfg
        self.shadows = tuple(x for x in self.shadows if x[0] != uid)
        _, space, tok = s
        self.shadow_discard += (tok,)
        kind = cfg.shadow_pool[tok]
        self._say("reveal", space, kind)
        if by_hero:
            self.objective_event("hero_reveal")
        if kind == "v":
            if self.villager_supply() > 0:
                self._add_villager(space, 1)
                self._now(("reveals", -1))     # the villager reveals the shadows next to it [AR-SH-3]
        elif kind == "i":
            self._now(("influence", cfg.board_of[space], 0))
        else:
            slot = SLOTS.index(kind)
            if not self._place_figure(slot, space):
                self._activate_all(slot)          # [AR-SH-7]
            else:
                self._on_reveal(self.uid - 1, slot)   # [AR-SH-8]

    def figures_left(self, slot: int) -> int:
        return self.cfg.enemies[slot].figures - sum(1 for m in self.monsters if m[1] == slot)

    def _place_figure(self, slot: int, space: int) -> bool:
        if self.figures_left(slot) <= 0:
            return False
        self.monsters += ((self.uid, slot, space, 0, False),)
        self.uid += 1
        return True

    def _on_reveal(self, uid: int, slot: int) -> None:
        """[AR-KW-2..5] Herald, Incite, Leap, Spawn."""
        kw = self.keywords(slot)
        tasks = []
        if "herald" in kw:
            tasks.append(("level_up", slot))
        if "incite" in kw:
            tasks.append(("incite", uid))
        if "leap" in kw:
            tasks.append(("advance", uid, 2, True))
        if "spawn" in kw:
            tasks.append(("spawn_iii", uid))
        self._now(*tasks)

    def _task_spawn_iii(self, uid: int) -> None:
        m = self.monster(uid)
        if m is None:
            return
        three = SLOTS.index(self.cfg.content.slots.spawn)
        if not self._place_figure(three, m[2]):   # none left: every slot-III monster activates
            self._activate_all(three)

    def villager_supply(self) -> int:
        return self.cfg.content.components.villagers - sum(self.villagers) - self.pool - len(self.manned)

    def _add_villager(self, space: int, n: int) -> None:
        self.villagers = self.villagers[:space] + (self.villagers[space] + n,) + self.villagers[space + 1:]

    # ---------------------------------------------------------------- routes [AR-G-4]
    def route(self) -> tuple[int, ...]:
        """Steps to the Village Center going around Influence (-1: cut off)."""
        return self._routes()[0]

    def toward(self, space: int) -> int:
        """The next step toward the Village Center: the adjacent non-Influence space nearest it
        (around Influence), ties to the first in tile order; -1 if none is nearer."""
        return self._routes()[1][space]

    def _routes(self) -> tuple:
        """(`route()`, `toward` of every space) for the Influence on the map now: worked out once for
        each Influence layout a game meets, kept on the config (at most ROUTES_KEPT layouts)."""
        routes = self.cfg.routes
        r = routes.get(self.influence)
        if r is None:
            if len(routes) >= ROUTES_KEPT:
                routes.clear()
            r = routes[self.influence] = _routes_for(self.cfg.adj, self.influence)
        return r

    def _monster_to(self, uid: int, space: int) -> None:
        self._set_monster(uid, space=space)

    # ---------------------------------------------------------------- Influence [AR-I-*]
    def _task_influence(self, board: int, tries: int) -> None:
        cfg = self.cfg
        supply = cfg.content.components.influence_tokens - len(self.influence)
        target = next((s for s in cfg.paths[board] if s not in self.influence), -1)   # [AR-I-2..4]
        if target < 0 or supply <= 0:
            if target < 0 and tries < 3:     # a full path: the next board clockwise
                self._now(("influence", (board + 1) % 4, tries + 1))
                return
            self.fear += cfg.rules.fear_full_paths   # every path full (or no token left): Fear instead
            self._say("influence_full")
            return
        if target in self.fire:          # [AR-I-5] negated: both tokens leave the board
            self.fire = self.fire - {target}
            self._say("influence_negated", target)
            self.objective_event("influence_removed")
            return
        self.influence = self.influence | {target}
        self._say("influence", target)
        self._push_out(target)           # [AR-I-6..8]
        self._corrupt()
        self._now(("reveals", -1))

    def _push_out(self, space: int) -> None:
        """Everything in the space moves one step toward the Village Center; heroes and villagers
        moved so take 1 damage (a villager dies)."""
        t = self.toward(space)
        if t < 0:
            t = 0
        # Guardian: villagers in a guarding Warden's space cannot be damaged; they move on with her
        guarded = any(h.space == space and self.has(k, "guard_villagers") for k, h in enumerate(self.heroes))
        for k, h in enumerate(self.heroes):
            if h.space == space:
                self._me(k).space = t
                self._now(("damage", k, 1, -1, False))
        n = self.villagers[space]
        if n:
            self.villagers = self.villagers[:space] + (0,) + self.villagers[space + 1:]
            if not guarded:
                self.fear += n * self.cfg.rules.fear_villager     # 1 damage: each dies [AR-M-7]
            elif t == 0:
                self.pool += n
                for _ in range(n):
                    self.objective_event("villager_home")
            else:
                self._add_villager(t, n)
        for m in [m for m in self.monsters if m[2] == space]:
            if t == 0:
                self._enter_village(m[0])
            else:
                self._monster_to(m[0], t)
                self._now(("trap_check", m[0]))   # [AR-K-12] it enters the next space: a trap there fires
        for s in [s for s in self.shadows if s[1] == space]:
            if t == 0:     # a shadow that would enter the Village Center is revealed instead
                self._now(("reveal_one", s[0], False))
            else:
                self.shadows = tuple((x[0], t, x[2]) if x[0] == s[0] else x for x in self.shadows)
        for s, owner in [x for x in self.traps if x[0] == space]:
            self.traps = tuple(x for x in self.traps if x != (s, owner))
            self._me(owner).traps += 1

    def _corrupt(self) -> None:
        """[AR-W-10] A Vantage Point whose entry spaces all hold Influence is corrupted: removed, Fear."""
        for k, (vp, board, entries, key) in enumerate(self.cfg.vps):
            if self.vp_state[k] != 2 and all(s in self.influence for s in entries):
                self.vp_state = self.vp_state[:k] + (2,) + self.vp_state[k + 1:]
                self.fear += self.cfg.rules.fear_corrupted_vp
                spot = self.cfg.spot_index[f"vp:{k}"]
                if spot in self.manned:
                    self.manned = self.manned - {spot}
                    self.pool += 1
                self._say("corrupted", vp.id)

    def _enter_village(self, uid: int) -> None:
        """[AR-G-7, AR-W-9] A monster entering the Village Center: Fear 1 (horde) or 2 (monstrosity)."""
        m = self.monster(uid)
        rules = self.cfg.rules
        self.fear += rules.fear_monstrosity if self.cfg.enemies[m[1]].type == "monstrosity" else rules.fear_horde
        self._remove_monster(uid)
        self._say("enters_village", SLOTS[m[1]])

    # ---------------------------------------------------------------- Fire
    def _place_fire(self, space: int) -> None:
        """A Fire token from the supply; one placed during play (not at set-up, the heroes' set-up
        Fires included) counts toward Ring of Fire (RULES.md decision 11)."""
        if self.fire_left() > 0 and space not in self.fire and space not in self.influence and space != 0:
            self.fire = self.fire | {space}
            if self.phase != "setup":
                self.lit = self.lit | {space}

    # ---------------------------------------------------------------- heroes move
    def step_targets(self, seat: int, pass_monsters: bool) -> list[int]:
        """Heroes never enter Influence [AR-I-6]; the Village Center is a hub next to every gate."""
        here = self.heroes[seat].space
        return [t for t in self.cfg.adj[here] if t not in self.influence]

    def _task_walk(self, seat, steps, pm, escort, melee, escorted=0, moved=False) -> None:
        if steps > 0 and self.step_targets(seat, pm):
            self.ask = ("walk", seat, steps, pm, escort, escorted, moved, melee)
        else:
            self._walk_done(("walk", seat, steps, pm, escort, escorted, moved, melee))

    def _moves_walk(self):
        _, seat, steps, pm, escort, escorted, moved, melee = self.ask
        here = self.heroes[seat].space
        out = []
        cap = min(escort, self.villagers[here]) if (not moved and here) else 0
        for t in self.step_targets(seat, pm):
            if cap:
                out += [self._act("step", to=self.cfg.names[t], escort=k) for k in range(cap + 1)]
            else:
                out.append(self._act("step", to=self.cfg.names[t]))
        return out + [self._act("stop")]

    def _do_step(self, a, ask) -> None:
        _, seat, steps, pm, escort, escorted, moved, melee = ask
        cfg = self.cfg
        here = self.heroes[seat].space
        t = cfg.index[a["to"]]
        if not moved:
            escorted = a.get("escort", 0)
        self._say("step", seat, t, escorted)
        if escorted:       # escorted villagers come along
            self._add_villager(here, -escorted)
            if t == 0:
                self.pool += escorted
                for _ in range(escorted):
                    self.objective_event("villager_home")
                escorted = 0
            else:
                self._add_villager(t, escorted)
        self._me(seat).space = t
        stopped = not pm and any(m[2] == t for m in self.monsters)   # entering a monster's space ends the move
        self._now(("reveals", seat), ("walk", seat, 0 if stopped else steps - 1, pm, escort, melee, escorted, True))

    def _walk_done(self, ask) -> None:
        _, seat, steps, pm, escort, escorted, moved, melee = ask
        here = self.heroes[seat].space
        if melee and moved and any(m[2] == here for m in self.monsters):   # Press On
            self._ask_target(seat, "melee", self.melee_dice(seat, melee), _Melee, [here])

    # ---------------------------------------------------------------- Vantage Points [AR-M-8..10]
    def _entry_vps(self, seat: int) -> list[int]:
        """The standing Vantage Points whose entry spaces include the hero's, in Point order."""
        vp_state = self.vp_state
        return [k for k in self.cfg.entry_vps[self.heroes[seat].space] if vp_state[k] == 0]

    def vp_owed(self, k: int) -> list[str]:
        owed = list(self.cfg.vps[k][0].cost)
        for c in self.vp_paid[k]:
            owed.remove(c)
        return owed

    def _secure_moves(self, seat: int, vps) -> list:
        hand = self.heroes[seat].hand
        out = []
        for k in vps:
            owed = set(self.vp_owed(k))
            for c in sorted(set(hand)):
                e = c[-1]
                if e in owed or (e == "H" and owed):    # H pays any colour, X never
                    out.append(self._act("secure", vp=self.cfg.vps[k][3], chip=c))
        return out

    def _do_secure(self, a, ask) -> None:
        seat = ask[1]
        k = next(i for i, v in enumerate(self.cfg.vps) if v[3] == a["vp"])
        c = a["chip"]
        self._spend(seat, (c,))
        owed = self.vp_owed(k)
        colour = c[-1] if c[-1] in owed else owed[0]
        self.vp_paid = self.vp_paid[:k] + (self.vp_paid[k] + colour,) + self.vp_paid[k + 1:]
        if ask[0] == "fortify":
            self._now(("fortify_again", seat, k))
        else:
            self._now(("turn", seat))
        if not self.vp_owed(k):
            self._secure(k, seat)

    def _task_fortify_again(self, seat: int, k: int) -> None:
        if self.vp_state[k] == 0:      # still standing: more chips may go to the same Point
            self.ask = ("fortify", seat, True, k)

    def _secure(self, k: int, seat: int) -> None:
        """The last chip: +1 Survival, the payer's reward, the Point flips and its spot opens."""
        vp = self.cfg.vps[k][0]
        self.vp_state = self.vp_state[:k] + (1,) + self.vp_state[k + 1:]
        self.survival += self.cfg.rules.survival_per_vp    # [AR-W-5]
        self._say("secured", seat, vp.id)
        self.objective_event("unlock_vp", self.cfg.vps[k][1])
        self._now(*[("eff", seat, e, (0, k, -1)) for e in vp.reward])


class _Melee:
    kind = "melee"
    area = False
    quick = False
    ignore_armour = False
