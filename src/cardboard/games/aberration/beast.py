"""The Great Beast phase [AR-G-*, AR-GB-*]: Encroach (every monster and shadow activates once, boards
N, E, S, W, nearest the Village Center first, monsters by slot then shadows), then Manifest (draw the
Great Beast card: level up its enemy, play its event, spawn shadows clockwise from its compass point).
"""
from __future__ import annotations

from .game import SLOTS


class BeastMixin:
    __slots__ = ()

    def _task_beast(self) -> None:
        """[AR-G-1..3, AR-GB-2] Encroach: the order is fixed when the step begins; pieces revealed
        during it do not activate in it."""
        self.phase, self.turn = "beast", -1
        self.damaged = ()
        cfg = self.cfg
        key = lambda sp: (cfg.board_of[sp], cfg.dist[sp], sp)   # noqa: E731
        pieces = [(key(m[2]), 0, m[1], m[0]) for m in self.monsters]
        pieces += [(key(s[1]), 1, 0, s[0]) for s in self.shadows]
        tasks = []
        for _, is_shadow, _, uid in sorted(pieces):
            tasks.append(("shadow_step", uid) if is_shadow else ("activate", uid, True))
        self._say("encroach")
        self._now(*tasks, ("reveals", -1), ("manifest",))

    # ---------------------------------------------------------------- monsters activate
    def _activate_all(self, slot: int) -> None:
        self._now(*[("activate", m[0], True) for m in sorted(self.monsters) if m[1] == slot])

    def _task_activate(self, uid: int, first: bool) -> None:
        """[AR-K-15, AR-KW-6..8] Freeze skips it; Regenerate heals it; Parasite adds a token; then it
        attacks whoever shares its space, or moves and attacks."""
        m = self.monster(uid)
        if m is None:
            return
        slot = m[1]
        kw = self.keywords(slot)
        if first and "aggressive" in kw:      # the whole activation happens twice
            self._now(("activate", uid, False), ("activate", uid, False))
            return
        if m[4]:
            self._set_monster(uid, frozen=False)
            return
        if "regenerate" in kw and m[3]:
            self._set_monster(uid, damage=0)
        if "parasite" in kw:
            total = sum(self.parasite)
            box = self.cfg.content.components.parasite_tokens
            if self.parasite[slot] < self.cfg.rules.parasite_cap and total < box:
                self.parasite = self.parasite[:slot] + (self.parasite[slot] + 1,) + self.parasite[slot + 1:]
        if self._has_victim(m[2]):            # [AR-G-4] it can attack: it does not move
            self._now(("mstrike", uid))
        else:
            self._now(("mmove", uid, 1))      # [AR-G-4] "it moves one space towards the Village Center"

    def _has_victim(self, space: int) -> bool:
        return space != 0 and (self.villagers[space] > 0 or any(h.space == space for h in self.heroes))

    def _task_mmove(self, uid: int, left: int) -> None:
        """One step along the monster route; it stops entering a space with a hero, a villager or a
        trap (the trap fires); entering the Village Center gives Fear and removes it."""
        m = self.monster(uid)
        if m is None:
            return
        t = self.toward(m[2])
        if t < 0 or left <= 0:
            self._now(("mstrike", uid))
            return
        if t == 0:
            self._enter_village(uid)
            return
        self._monster_to(uid, t)
        self._say("monster_moves", SLOTS[m[1]], t)
        trapped = any(s == t for s, _ in self.traps) and "flying" not in self.keywords(m[1])
        if trapped:
            self._now(("trap_check", uid), ("mstrike", uid))
        elif self._has_victim(t):
            self._now(("mstrike", uid))
        else:
            self._now(("mmove", uid, left - 1))

    def _task_mstrike(self, uid: int) -> None:
        """[AR-G-5, AR-G-6] One target in its own space: a hero (the players choose which), else a villager."""
        m = self.monster(uid)
        if m is None:
            return
        here = [k for k, h in enumerate(self.heroes) if h.space == m[2]]
        if len(here) > 1:
            self.ask = ("victim", here[0], uid, tuple(here))
        elif here:
            self._now(("mattack", uid, ("hero", here[0]), False))
        elif m[2] and self.villagers[m[2]] > 0:
            self._now(("mattack", uid, ("villager", m[2]), False))

    def _task_shadow_step(self, uid: int) -> None:
        """Shadows move one step along the monster route and never attack; one that would enter the
        Village Center is revealed in place."""
        s = next((x for x in self.shadows if x[0] == uid), None)
        if s is None:
            return
        t = self.toward(s[1])
        if t == 0:
            self._now(("reveal_one", uid, False))
        elif t > 0:
            self.shadows = tuple((x[0], t, x[2]) if x[0] == uid else x for x in self.shadows)
            self._now(("reveals", -1))

    def _task_advance(self, uid: int, steps: int, leap: bool) -> None:
        """Advance: toward the Village Center without attacking; only traps stop it. Leap passes
        heroes, villagers and traps and stops next to the Village [AR-KW-4]."""
        for _ in range(steps):
            m = self.monster(uid)
            if m is None:
                return
            t = self.toward(m[2])
            if t < 0 or (leap and t == 0):
                return
            if t == 0:
                self._enter_village(uid)
                return
            self._monster_to(uid, t)
            self._say("monster_moves", SLOTS[m[1]], t)
            if not leap and any(s == t for s, _ in self.traps) and "flying" not in self.keywords(m[1]):
                self._now(("trap_check", uid))
                return

    def _task_incite(self, uid: int) -> None:
        """[AR-KW-3] The monstrosity nearest the Village Center advances 1 (ties: slot IV); with none on
        the map, this monster advances."""
        cfg = self.cfg
        big = [(cfg.dist[m[2]], m[1], m[0]) for m in self.monsters if cfg.enemies[m[1]].type == "monstrosity"]
        self._now(("advance", min(big)[2] if big else uid, 1, False))

    def _task_level_up(self, slot: int) -> None:
        """Level up; above the top level every monster of that enemy activates instead."""
        if self.levels[slot] < self.cfg.content.slots.levels:
            self.levels = self.levels[:slot] + (self.levels[slot] + 1,) + self.levels[slot + 1:]
            self._say("level_up", SLOTS[slot])
        else:
            self._activate_all(slot)

    # ---------------------------------------------------------------- Manifest [AR-G-8..10, AR-GB-3]
    def _task_manifest(self) -> None:
        if not self.gb_deck:
            self._end("loss", "a Great Beast card must be played and none is left [AR-W-12]")
            return
        card_i, self.gb_deck = self.gb_deck[0], self.gb_deck[1:]
        self.gb_known = max(0, self.gb_known - 1)
        self.gb_bottom = min(self.gb_bottom, len(self.gb_deck))
        card = self.cfg.gb_cards[card_i]
        self._say("great_beast", card.id)
        slot = SLOTS.index(card.level_up)
        point = self.cfg.clockwise.index(card.point)
        self._now(("level_up", slot), *[("event", e, point, slot) for e in card.event],
                  ("spawn", point, card.spawn + self.cfg.spawn_mod), ("reveals", -1))

    def _task_spawn(self, point: int, count: int) -> None:
        """One shadow a board clockwise from P, on its spawn space or the first path space without
        Influence; a full path is skipped."""
        cfg = self.cfg
        b, placed_round = point, 0
        for k in range(count + 8):
            if count <= 0:
                break
            free = next((s for s in (cfg.spawn[b], *cfg.paths[b]) if s not in self.influence), -1)
            if free >= 0 and self._put_shadow(free):
                count -= 1
                placed_round += 1
            b = (b + 1) % 4
            if b == point:
                if not placed_round:
                    break
                placed_round = 0

    def _task_event(self, e, point: int, slot: int) -> None:
        getattr(self, "_ev_" + e.kind)(e, point, slot)

    def _ev_influence(self, e, point, slot) -> None:
        b = point if e.board == "point" else (point + 1) % 4
        self._now(*[("influence", b, 0)] * e.count)

    def _ev_activate_levelled(self, e, point, slot) -> None:
        self._activate_all(slot)

    def _ev_activate_board(self, e, point, slot) -> None:
        self._now(*[("activate", m[0], True) for m in sorted(self.monsters) if self.cfg.board_of[m[2]] == point])

    def _ev_parasite_tokens(self, e, point, slot) -> None:
        cap = self.cfg.rules.parasite_cap
        for k in range(5):
            if "parasite" in self.keywords(k):
                room = min(cap - self.parasite[k], self.cfg.content.components.parasite_tokens - sum(self.parasite))
                add = max(0, min(e.count, room))
                self.parasite = self.parasite[:k] + (self.parasite[k] + add,) + self.parasite[k + 1:]

    def _ev_douse(self, e, point, slot) -> None:
        cfg = self.cfg
        fires = sorted((cfg.dist[s], s) for s in self.fire if cfg.board_of[s] == point)
        if fires:
            self.fire = self.fire - {fires[0][1]}
        else:
            self._now(("influence", point, 0))

    def _ev_whispers(self, e, point, slot) -> None:
        cfg = self.cfg
        boards = {cfg.board_of[s] for s in self.influence}
        for k, h in enumerate(self.heroes):
            if h.space and cfg.board_of[h.space] in boards and self.x_supply > 0:
                self.x_supply -= 1
                self._me(k).discard += ("X",)

    def _ev_taken(self, e, point, slot) -> None:
        cfg = self.cfg
        cand = [(-cfg.dist[s], cfg.board_of[s], s) for s in range(1, len(self.villagers)) if self.villagers[s]]
        if cand:
            s = min(cand)[2]
            self._add_villager(s, -1)
            self._put_shadow(s)

    def _ev_reveal_board(self, e, point, slot) -> None:
        self._now(*[("reveal_one", s[0], False) for s in sorted(self.shadows) if self.cfg.board_of[s[1]] == point])

    def _ev_ambush(self, e, point, slot) -> None:
        tasks = []
        for m in sorted(self.monsters):
            near = [t for t in self.cfg.adj[m[2]] if t and self.villagers[t] and t not in self.influence]
            if near and not self._has_victim(m[2]):
                self._monster_to(m[0], near[0])
                tasks += [("trap_check", m[0]), ("mstrike", m[0])]   # a trap there fires first [AR-K-12]
        self._now(*tasks)

    def _ev_monstrosities_advance(self, e, point, slot) -> None:
        self._now(*[("advance", m[0], e.steps, False) for m in sorted(self.monsters)
                    if self.cfg.enemies[m[1]].type == "monstrosity"])

    def _ev_peril(self, e, point, slot) -> None:
        """Wingbeats: each hero outside the Village Center rolls, 1 damage per Aberration icon. Each
        roll is a roll like any other: Lucky rerolls are offered on it [AR-IT-12]."""
        self._now(*[("peril", k, e.dice) for k, h in enumerate(self.heroes) if h.space])

    def _task_peril(self, seat: int, dice: int) -> None:
        if not self.heroes[seat].space:
            return
        self._roll(dice)
        self._say("roll", seat, "peril", self.roll)
        self._now(("rerolls", "peril", tuple(self.order_from(seat)), seat), ("peril_hit", seat))

    def _task_peril_hit(self, seat: int) -> None:
        n = sum(1 for f in self.roll if f == 2)
        if n:
            self._now(("damage", seat, n, -1, False))

    def _ev_drop_held(self, e, point, slot) -> None:
        for k, h in enumerate(self.heroes):
            if h.held:
                me = self._me(k)
                me.discard, me.held = me.discard + (me.held,), ""

    def _ev_shadows_advance(self, e, point, slot) -> None:
        self._now(*[("shadow_step", s[0]) for s in sorted(self.shadows) for _ in range(e.steps)])
