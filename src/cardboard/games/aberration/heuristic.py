"""A fast rule-of-thumb team for Aberration (cooperative tower defence), from the rulebook's strategy.

Everything is valued in *Fear points*: what a move saves the Village from Fear (or the loss) or
brings it toward Survival. The team plays each seat's decisions alike:

* **Threats.** A monster's threat is the Fear it brings on reaching the Village Center (1 a horde,
  2 a monstrosity), weighted by how soon it gets there (its route length around Influence over its
  MOVE, twice for Aggressive), plus the villagers it stands next to (a death is 1 Fear) and the
  heroes it would attack. A face-down shadow is a fraction of a threat (most tokens are monsters;
  some are Influence), more the nearer the Village it is.
* **Attacks** (melee, ranged, area, villagers' attacks from the watchtowers and the Hunter's Blind,
  traps) by the exact kill chance of their dice against the target's HP left (Armour, Flying,
  Stealthy and Thornlamm counted), the threat removed, partial damage when it sticks (no
  Regenerate), less the counter-attack it risks (non-quick, same space or Ranged).
* **Vantage Points** are the Survival the heroes control: a chip paid is the Point's worth (its
  Survival and reward) over its cost, more for the last chip, less where Influence will soon
  corrupt it; Fortify pays from the Village Center. In the standard scenario the four Points the
  win needs count double.
* **Moves** go toward the best space in reach: a Vantage Point entry whose owed colours the hand
  holds, a monster the hand can kill, a villager to escort home; escorting is taken toward the Village.
* **Fire and Influence.** A Fire is worth most on the next free space of a path (it negates the next
  Influence there), more on a board whose Vantage Points Influence threatens; Influence is removed
  where it blocks routes or nears a Point.
* **Villagers** go to the spot worth most now: a watchtower over a threatened board, Fortify when the
  hand can pay a Point, the Points' spots, Light a Fire, the Shopkeeper.
* **Experience** is spent as soon as it can be: Intellect first (more chips, more of everything),
  then the class's colours, the locks whose advanced action is strong, attunable Items held.
* **Items** are played when their effect is worth more than keeping them for their exploit; Block
  is used when the damage would transform a hero (a card is Fear and a step to the 4th-card loss),
  Lucky and Smite when they turn a miss or a survivor into a kill.
* **Fear avoidance**: the hero with most room on its Aberration track takes the hits, Catch Breath and
  heals near the top of the track.

Honesty: it reads only public slots (the table is open: heroes, hands, bags' contents, monsters,
shadows' places, Influence, Fire, villagers, Points, tracks, the face-up objective, the known top
Great Beast cards) and the pending resolution the rules show (the roll and its target); never a
face-down shadow token, a stack or a deck order.
"""
from __future__ import annotations

from functools import lru_cache

from cardboard.engine import State

from cardboard.agents.valued import ValuedHeuristic

STATS = ("INT", "STR", "SPD", "CMD")
COLOURS = ("B", "R", "G", "Y")
HIT = 4 / 6           # a die's chance of at least one damage (graze or Aberration icon)
SHADOW_THREAT = 0.8   # a face-down shadow, as a share of a horde's threat
SURVIVAL_V = 3.0      # one Survival point, in Fear points
KILL_W = 1.6          # a kill removes this many times the monster's threat
ITEM_KEEP = 0.25      # an Item kept for its exploit
SOLO_REDRAW = 1.0     # solo: what the second draw of a turn is worth
ESCORT_V = 0.3       # a villager brought a step nearer the Village (safe from monsters and Influence)
CHIP_OPP = 0.35      # what a chip could do elsewhere this turn (an action is worth its effect less this a chip)


@lru_cache(maxsize=4096)
def p_at_least(dice: int, need: int) -> float:
    """P(at least `need` hits among `dice` dice, each hitting with HIT)."""
    if need <= 0:
        return 1.0
    if dice < need:
        return 0.0
    from math import comb
    return sum(comb(dice, k) * HIT ** k * (1 - HIT) ** (dice - k) for k in range(need, dice + 1))


class _Ctx:
    """Per-decision facts, computed once."""

    def __init__(self, state, seat):
        self.state, self.seat = state, seat
        cfg = state.cfg
        self.cfg = cfg
        self.route = state.route()
        self.h = state.heroes[seat] if seat is not None and seat >= 0 else None
        sc = cfg.scenario
        self.fear_room = max(1, sc.fear_track - state.fear)
        self.fear_w = 1.0 + 2.0 / self.fear_room
        need = max(1, sc.survival_track - state.survival)
        self.surv_w = SURVIVAL_V * (1.0 + 1.0 / need)
        goal = sc.extra_goal
        self.vp_need = goal.count if goal is not None else 0
        self.unlocked = state.vps_unlocked()
        self.rounds_left = len(state.gb_deck) + 1
        self._threat = {}
        # worked out once a decision (every move of a decision is valued on the same position): the
        # same numbers, computed the same way, so the values are exactly those worked out afresh
        self._fire, self._attack, self._standing, self._owed, self._chip = {}, {}, {}, {}, {}
        self._fights, self._pieces, self._free, self._spots = {}, None, {}, {}

    # ------------------------------------------------------------ threats
    def steps_to_vc(self, space: int) -> int:
        d = self.route[space]
        return d if d >= 0 else 12

    def threat(self, m) -> float:
        hit = self._threat.get(m[0])
        if hit is not None:
            return hit
        st, cfg = self.state, self.cfg
        slot, space = m[1], m[2]
        lvl = st.enemy_level(slot)
        fear = cfg.rules.fear_monstrosity if cfg.enemies[slot].type == "monstrosity" else cfg.rules.fear_horde
        move = 2 if "aggressive" in lvl.keywords else 1     # one space an activation [AR-G-4]
        d = self.steps_to_vc(space)
        turns = max(1, -(-d // move))
        if m[4]:
            turns += 1
        urgency = (1.0, 0.65, 0.4, 0.25, 0.15)[min(turns, 5) - 1]
        v = fear * urgency
        near = (space, *cfg.adj[space])
        vill = sum(st.villagers[s] for s in near if s)
        v += 0.45 * min(vill, 2) * (1.0 if st.villagers[space] else 0.5)
        heroes = sum(1 for h in st.heroes if h.space == space)
        v += 0.35 * heroes * lvl.dmg * HIT
        v *= (1.0 + 0.15 * (st.levels[slot] - 1)) * self.fear_w
        self._threat[m[0]] = v
        return v

    def paths(self) -> list:
        """Each monster's next Encroach: (monster, spaces it walks through, reaches the Village)."""
        hit = getattr(self, "_paths", None)
        if hit is not None:
            return hit
        st = self.state
        out = []
        for m in st.monsters:
            if m[4]:
                continue
            lvl = st.enemy_level(m[1])
            move = 2 if "aggressive" in lvl.keywords else 1
            here, walk, home = m[2], [], False
            for _ in range(move):
                t = st.toward(here)
                if t < 0:
                    break
                if t == 0:
                    home = True
                    break
                walk.append(t)
                if st.villagers[t] or any(h.space == t for h in st.heroes):
                    break
                here = t
            out.append((m, tuple(walk), home))
        self._paths = out
        return out

    def guard_value(self, seat, space: int) -> float:
        """Standing on a monster's way: it stops there to attack the hero instead of going on."""
        if space == 0:
            return 0.0
        v = 0.0
        for m, walk, home in self.paths():
            if space in walk and self.state.heroes[seat].space != space:
                gain = 0.55 if home else 0.15
                v += gain * self.threat(m) - self.state.enemy_level(m[1]).dmg * HIT * self.damage_cost(seat) * 0.7
        return max(0.0, v)

    def shadow_threat(self, s) -> float:
        d = self.steps_to_vc(s[1])
        v = SHADOW_THREAT * (1.0, 0.8, 0.5, 0.33, 0.22, 0.15)[min(d, 6) - 1 if d > 0 else 0] * self.fear_w
        if any(self.state.villagers[x] for x in (s[1], *self.cfg.adj[s[1]]) if x):
            v += 0.2
        return v

    # ------------------------------------------------------------ attacks
    def hp_left(self, m) -> int:
        return self.state.enemy_level(m[1]).hp - m[3]

    def attack_value(self, seat, kind, dice, m, quick, armour=False, space_of_attacker=None) -> float:
        st = self.state
        kw = st.keywords(m[1])
        if "flying" in kw and kind not in ("ranged", "villager"):
            return -0.05
        if "stealthy" in kw and kind != "melee":
            return -0.05
        need = self.hp_left(m)
        if "parasite" in kw and st.parasite[m[1]] > 0:
            need += 1
        if "armour" in kw and not armour:
            # at most 2 a roll
            if need > 2:
                pk = 0.0
                exp = min(2.0, dice * HIT)
            else:
                pk = p_at_least(dice, need)
                exp = min(2.0, dice * HIT)
        else:
            pk = p_at_least(dice, need)
            exp = dice * HIT
        t = self.threat(m)
        v = KILL_W * t * pk
        if "regenerate" not in kw:
            v += 0.8 * t * (1 - pk) * min(1.0, exp / max(1, need))
        if self.cfg.enemies[m[1]].type == "monstrosity":
            v += 0.35 * pk   # 2 XP and Slay the Beast
        v += self.objective_kill_bonus(m, kind) * pk
        # counter-attack risk
        if kind in ("melee", "ranged") and not quick and seat is not None:
            here = st.heroes[seat].space if space_of_attacker is None else space_of_attacker
            if m[2] == here or ("ranged" in kw and kind == "ranged" and m[2] in self.cfg.adj[here]):
                v -= (1 - pk) * st.enemy_level(m[1]).dmg * HIT * self.damage_cost(seat)
        return v

    def objective_kill_bonus(self, m, kind) -> float:
        st, cfg = self.state, self.cfg
        if st.objective < 0:
            return 0.0
        req = cfg.objectives[st.objective].requirement
        if req.kind != "kill":
            return 0.0
        etype = cfg.enemies[m[1]].type
        if req.enemy_type not in ("any", etype) or st.levels[m[1]] < req.min_level:
            return 0.0
        if req.by == "trap_or_villager" and kind not in ("trap", "villager"):
            return 0.0
        return 0.5

    def best_attack(self, seat, kind, dice, spaces, quick, area=False, armour=False) -> float:
        """The best target's value among the spaces (area: the sum over one space)."""
        key = (seat, kind, dice, tuple(spaces), quick, area, armour)
        hit = self._attack.get(key)
        if hit is None:
            hit = self._attack[key] = self._best_attack(seat, kind, dice, spaces, quick, area, armour)
        return hit

    def _best_attack(self, seat, kind, dice, spaces, quick, area, armour) -> float:
        pieces = self.pieces()
        best = 0.0
        for s in spaces:
            here = pieces.get(s)
            if here is None:     # nothing there: worth 0, and the best is never below 0
                continue
            ms, sh = here
            if area:
                v = sum(self.attack_value(seat, kind, dice, m, True, armour) for m in ms)
                v += sum(self.shadow_threat(x) * (1 - (1 - HIT) ** dice) for x in sh)
            else:
                v = max([self.attack_value(seat, kind, dice, m, quick, armour) for m in ms] +
                        [self.shadow_threat(x) * (1 - (1 - HIT) ** dice) for x in sh] + [0.0])
            best = max(best, v)
        return best

    def pieces(self) -> dict:
        """space -> (its monsters, its shadows), in map order, for the spaces holding any."""
        hit = self._pieces
        if hit is None:
            hit = self._pieces = {}
            for m in self.state.monsters:
                hit.setdefault(m[2], ([], []))[0].append(m)
            for x in self.state.shadows:
                hit.setdefault(x[1], ([], []))[1].append(x)
        return hit

    # ------------------------------------------------------------ damage to heroes
    def damage_cost(self, seat) -> float:
        """The cost of one damage to a hero: its share of the next transformation (Fear, and the 4th
        card loses), more the nearer the top of the track."""
        st = self.state
        h = st.heroes[seat]
        top = st.track_top(seat)
        room = max(1, top - h.track)
        card = 1.5 + (2.0 * len(h.cards)) ** 1.5
        if len(h.cards) >= 3:
            card = 50.0
        elif len(h.cards) == 2:
            card = 8.0
        return card / (room + 1.0)

    # ------------------------------------------------------------ Vantage Points
    def vp_worth(self, k: int) -> float:
        st, cfg = self.state, self.cfg
        vp = cfg.vps[k][0]
        w = self.surv_w * cfg.rules.survival_per_vp + 0.4
        if self.vp_need and self.unlocked < self.vp_need:
            w += 1.0
        # corruption risk: few free entry spaces left
        return w

    def owed(self, k: int) -> list:
        """The colours Point k still needs (`vp_owed`): read, never change."""
        hit = self._owed.get(k)
        if hit is None:
            hit = self._owed[k] = self.state.vp_owed(k)
        return hit

    def vp_chip_value(self, k: int, paying: int) -> float:
        """Value of paying `paying` chips toward Point k now."""
        key = (k, paying)
        hit = self._chip.get(key)
        if hit is None:
            hit = self._chip[key] = self._vp_chip_value(k, paying)
        return hit

    def _vp_chip_value(self, k: int, paying: int) -> float:
        owed = len(self.owed(k))
        if paying <= 0 or owed <= 0:
            return 0.0
        cost = len(self.cfg.vps[k][0].cost)
        w = self.vp_worth(k)
        v = w * paying / cost
        if paying >= owed:
            v += 0.4 * w
        return v

    def matching(self, hand, k: int) -> int:
        """How many chips of the hand pay toward Point k (H any colour, never X)."""
        owed = list(self.owed(k))
        n = 0
        rest = []
        for c in hand:
            e = c[-1]
            if e in owed:
                owed.remove(e)
                n += 1
            elif e == "H":
                rest.append(c)
        n += min(len(rest), len(owed))
        return n

    def best_fortify(self, hand) -> float:
        st = self.state
        best = 0.0
        for k, s in enumerate(st.vp_state):
            if s == 0:
                n = self.matching(hand, k)
                best = max(best, self.vp_chip_value(k, n) - CHIP_OPP * n)
        return best

    # ------------------------------------------------------------ Fire
    def fire_value(self, space: int) -> float:
        hit = self._fire.get(space)
        if hit is None:
            hit = self._fire[space] = self._fire_value(space)
        return hit

    def standing_at(self, space: int) -> tuple:
        """The standing Vantage Points that `space` is an entry space of, in Point order."""
        hit = self._standing.get(space)
        if hit is None:
            st = self.state
            hit = self._standing[space] = tuple(k for k, (vp, b, entries, _) in enumerate(self.cfg.vps)
                                                if st.vp_state[k] == 0 and space in entries)
        return hit

    def _fire_value(self, space: int) -> float:
        st, cfg = self.state, self.cfg
        if space == 0 or space in st.fire or space in st.influence:
            return 0.0
        v = 0.0
        b = cfg.board_of[space]
        pos = self.path_places(b).get(space)      # on the board's path (never Influence, see above)
        if pos is not None:
            v += (0.9, 0.55, 0.35, 0.2)[min(pos, 3)]
            # a board whose Points Influence threatens
            for j, (vp, bb, entries, _) in enumerate(cfg.vps):
                if bb == b and st.vp_state[j] != 2 and space in entries:
                    v += 0.3
        if space in self.pieces() and self.pieces()[space][1]:
            v += 0.15
        return v

    def path_places(self, b: int) -> dict:
        """The free (non-Influence) spaces of board b's path: space -> its place among them, less the
        Fires before it."""
        hit = self._free.get(b)
        if hit is None:
            st = self.state
            free = [s for s in self.cfg.paths[b] if s not in st.influence]
            hit = self._free[b] = {}
            ahead = 0
            for k, s in enumerate(free):
                hit[s] = k - ahead
                if s in st.fire:
                    ahead += 1
        return hit


def _sp(cfg, x) -> int:
    """A space argument of a move: its name (or, in older saves, its index)."""
    return cfg.index[x] if isinstance(x, str) else x


def _hand_after(hand, pay) -> list:
    rest = list(hand)
    for c in pay:
        if c in rest:
            rest.remove(c)
    return rest


class AberrationHeuristic(ValuedHeuristic):
    name = "heuristic"

    def _step(self, state, legal) -> str:
        return state.ask[0]

    def _context(self, state):
        return _Ctx(state, state.current_player)

    # ------------------------------------------------------------ the turn
    def _turn(self, state, ctx, legal) -> list[float]:
        return [self._turn_value(state, ctx, a) for a in legal]

    def _turn_value(self, state, ctx, a) -> float:
        seat = ctx.seat
        h = ctx.h
        cfg = ctx.cfg
        k = a.kind
        if k == "end":
            v = self._hold_value(ctx, a["hold"]) - CHIP_OPP * (len(h.hand) - (1 if a["hold"] else 0))
            if cfg.players == 1 and not h.drew_again and h.hand:
                v -= SOLO_REDRAW   # solo: an empty hand draws again [AR-SO-1]
            return v
        if k == "secure":
            vi = next(i for i, v in enumerate(cfg.vps) if v[3] == a["vp"])
            v = ctx.vp_chip_value(vi, 1) + 0.1 * ctx.matching(h.hand, vi) - CHIP_OPP
            if a["chip"][-1] == "H":
                v -= 0.15
            return v
        if k in ("upgrade", "unlock", "attune"):
            return self._xp_value(state, ctx, a) + 2.0
        if k == "redraw":
            c = a["chip"]
            return 0.15 if c[-1] == "X" else -1.0
        if k == "use":
            act = cfg.actions[a["action"]]
            rest = _hand_after(h.hand, a["pay"])
            return self._effects_value(state, ctx, act.effects, rest) - self._pay_cost(ctx, a["pay"])
        if k == "wield":
            act = cfg.items[a["item"]].action
            rest = _hand_after(h.hand, a["pay"])
            return self._effects_value(state, ctx, act.effects, rest) - self._pay_cost(ctx, a["pay"])
        if k == "item":
            it = cfg.items[a["item"]]
            return self._effects_value(state, ctx, it.effects, list(h.hand)) - ITEM_KEEP - 0.1
        if k == "exploit":
            it = cfg.items[a["item"]]
            if it.exploit == "act":
                return 0.2 - ITEM_KEEP
            return -1.0
        return -1.0

    def _pay_cost(self, ctx, pay) -> float:
        v = 0.0
        for c in pay:
            v += CHIP_OPP + (0.25 if c[-1] == "H" else 0.0) + (-0.1 if c[-1] == "X" else 0.0)
        return v

    def _hold_value(self, ctx, hold) -> float:
        if not hold:
            return 0.0
        e = hold[-1]
        return {"H": 0.06, "X": -0.05}.get(e, 0.03)

    def _effects_value(self, state, ctx, effects, rest) -> float:
        """The value of an action's effects (the first one mostly), with `rest` the hand after paying."""
        total = 0.0
        for i, e in enumerate(effects):
            total += self._effect_value(state, ctx, e, rest) * (1.0 if i == 0 else 0.8)
        return total

    def _effect_value(self, state, ctx, e, rest) -> float:
        seat, h, cfg = ctx.seat, ctx.h, ctx.cfg
        k = e.kind
        if k in ("move", "move_then_melee"):
            steps = state.stat(seat, e.steps)
            pen = sum(p.amount for p in state.passives(seat) if p.kind == "move_penalty")
            steps = max(1, steps - pen)
            melee = state.stat(seat, e.dice) if k == "move_then_melee" else 0
            cap = self._escort_cap(state, seat, getattr(e, "escort", None))
            n = min(cap, state.villagers[h.space]) if h.space else 0
            dests = self._dest_values(state, ctx, h.space, steps, rest, melee, bool(e.pass_monsters), n)
            return max(dests.values()) - dests[h.space]
        if k == "melee":
            dice = state.stat(seat, e.dice) + h.melee_bonus
            dice += sum(p.amount for p in state.passives(seat) if p.kind == "melee_dice")
            armour = bool(e.ignore_armour) or bool(state.has(seat, "ignore_armour"))
            return ctx.best_attack(seat, "melee", dice, [h.space], bool(e.quick), bool(e.area), armour)
        if k == "ranged":
            dice = state.stat(seat, e.dice)
            return ctx.best_attack(seat, "ranged", dice, state.attack_spaces(seat, e), bool(e.quick), bool(e.area))
        if k == "melee_bonus":
            here = [m for m in state.monsters if m[2] == h.space]
            if not here or not any(c[-1] in ("R", "H") for c in rest):
                return 0.0
            dice = state.stat(seat, "STR")
            return max(0.0, ctx.best_attack(seat, "melee", dice + e.dice, [h.space], False)
                       - ctx.best_attack(seat, "melee", dice, [h.space], False))
        if k == "trap":
            if not h.traps:
                return 0.0
            return max([self._trap_value(state, ctx, s) for s in state.trap_spaces(seat, e.within)] + [0.0])
        if k == "spring_traps":
            return sum(0.8 for s, o in state.traps if o == seat and any(m[2] == s for m in state.monsters))
        if k == "freeze":
            return max([0.55 * ctx.threat(state.monster(u)) for u in state.freeze_targets(seat, e.within)] + [0.0])
        if k == "fire":
            if e.at == "target":
                return 0.2
            if e.at == "vp_entries":
                return 0.5
            spaces = state.place_spaces(seat, e.at, (0, -1, -1))
            best = sorted((ctx.fire_value(s) for s in spaces), reverse=True)
            return sum(best[:e.count or 1])
        if k in ("heal", "rest"):
            who = getattr(e, "who", None) or "you"
            cand = state.hurt_heroes(who, seat, (0, -1, -1)) if who not in ("every", "board") else range(cfg.players)
            best = 0.0
            for o in cand:
                t = state.heroes[o].track
                amt = t if e.amount == "all" else min(t, e.amount)
                best = max(best, amt * ctx.damage_cost(o) * 0.8)
            if k == "rest" and not state.safe(h.space):
                return 0.0
            return best
        if k == "assign":
            if not state.free_spots() or not (state.pool > 0 or (h.space and state.villagers[h.space] > 0)):
                return 0.0
            count = e.count if isinstance(e.count, int) else 2
            vals = sorted((self._spot_value(state, ctx, i, rest) for i in state.free_spots()), reverse=True)
            return sum(v for v in vals[:count] if v > 0) + (0.3 if h.space and state.villagers[h.space] else 0.0)
        if k == "reveal":
            n = sum(1 for s in state.shadows if cfg.between[h.space][s[1]] <= e.within)
            return 0.12 * n
        if k == "reveal_any":
            return 0.1
        if k == "draw_chip":
            return 0.35 * e.count if (h.bag or h.discard) else 0.0
        if k == "draw_item":
            return 0.3 * e.count
        if k == "remove_influence":
            scope = state.influence_scope(seat, e.at, (0, -1, -1))
            return 0.5 * min(len(scope), e.count if isinstance(e.count, int) else 3)
        if k == "cleanse":
            return 0.3 if "X" in h.discard or "X" in h.bag else 0.0
        if k == "remove_plague":
            return 0.6 if h.plague else 0.0
        if k == "pull":
            here_melee = any(c[-1] in ("R", "H") for c in rest)
            best = 0.0
            for u in state.pull_targets(seat, e.within):
                m = state.monster(u)
                v = ctx.threat(m) * 0.3
                if here_melee:
                    pulled = (m[0], m[1], h.space, m[3], m[4])
                    v += 0.5 * ctx.attack_value(seat, "melee", state.stat(seat, "STR"), pulled, False)
                best = max(best, v)
            return best
        if k == "shove":
            best = 0.0
            for u, t in state.shove_moves(seat, e.within):
                m = state.monster(u)
                gain = ctx.steps_to_vc(t) - ctx.steps_to_vc(m[2])
                trap = any(s == t for s, _ in state.traps)
                best = max(best, 0.3 * gain * ctx.threat(m) + (0.5 if trap else 0.0))
            return best
        if k == "repel":
            b = cfg.board_of[h.space]
            return sum(0.25 * ctx.threat(m) for m in state.monsters if cfg.board_of[m[2]] == b)
        if k == "foresee":
            return 0.15
        if k == "villagers_home":
            return 0.25 * sum(state.villagers)
        if k == "heroes_move":
            return 0.1
        if k == "shield":
            here = sum(1 for m in state.monsters if m[2] == h.space or h.space in cfg.adj[m[2]])
            return 0.25 * here
        if k == "gain_chip":
            return 0.6 if e.chip == "H" else -0.3
        if k == "gain_xp":
            return 0.5 * e.amount
        if k == "gain_traps":
            return 0.3
        if k == "villager_attack":
            return 0.3
        if k == "fortify":
            return ctx.best_fortify(rest)
        if k == "one_of":
            return max(self._effect_value(state, ctx, o, rest) for o in e.options)
        return 0.05

    def _blocked(self, state, here, there) -> bool:
        """A monster on the way ends the move (approximation: on the shortest path's intermediate spaces)."""
        cfg = self.cfg_of(state)
        d = cfg.between[here][there]
        if d <= 1:
            return False
        for m in state.monsters:
            s = m[2]
            if s != there and cfg.between[here][s] + cfg.between[s][there] == d:
                return True
        return False

    @staticmethod
    def cfg_of(state):
        return state.cfg

    def _pos_value(self, state, ctx, space: int, hand, melee_dice: int) -> float:
        """What standing on `space` is worth with `hand` still to spend this turn."""
        seat = ctx.seat
        v = 0.0
        # Vantage Points
        for k in ctx.standing_at(space):
            n = ctx.matching(hand, k)
            v = max(v, ctx.vp_chip_value(k, n) - CHIP_OPP * n)
        # the rest depends on the hand only through whether it has a chip, a red and a green
        reds = greens = 0
        for c in hand:
            e = c[-1]
            if e == "R" or e == "H" or (e == "X" and "R" in state._x_pays(seat)):
                reds += 1
            if e == "G" or e == "H":
                greens += 1
        key = (space, melee_dice, 2 if reds else (1 if hand else 0), greens > 0)
        rest = ctx._fights.get(key)
        if rest is None:
            rest = ctx._fights[key] = self._fight_value(state, ctx, space, bool(hand), reds, greens, melee_dice)
        v += rest
        # shadows next to a hero are revealed (a risk when monsters; Eyes on the Enemy)
        # villagers to escort toward the Village
        if space and state.villagers[space]:
            v += 0.1
        # blocking: standing on the route of a monster near the Village (it stops and attacks us)
        return v

    def _fight_value(self, state, ctx, space, hand, reds, greens, melee_dice) -> float:
        """`_pos_value`'s fights (melee with red, or any chip: a scuffle; ranged with green) and
        guarding, less a chip."""
        seat = ctx.seat
        pieces = ctx.pieces()
        ms = pieces[space][0] if space in pieces else []
        fight = 0.0
        if ms and hand:
            dice = state.stat(seat, "STR") if reds else 1
            dice += sum(p.amount for p in state.passives(seat) if p.kind == "melee_dice")
            dice += melee_dice
            fight = max(ctx.attack_value(seat, "melee", dice, m, False, space_of_attacker=space) for m in ms)
        if melee_dice and ms:
            fight = max(fight, max(ctx.attack_value(seat, "melee", melee_dice, m, False, space_of_attacker=space)
                                   for m in ms))
        if greens and ctx.h is not None:
            reach = 2
            for s in state.within(space, reach):
                if s in pieces:
                    for m in pieces[s][0]:
                        fight = max(fight, 0.7 * ctx.attack_value(seat, "ranged", state.stat(seat, "SPD"), m, True))
        return max(0.0, fight - CHIP_OPP) + ctx.guard_value(seat, space)

    def _trap_value(self, state, ctx, space: int) -> float:
        v = 0.0
        for m in state.monsters:
            if "flying" in state.keywords(m[1]):
                continue
            nxt = state.toward(m[2])
            if nxt == space or m[2] == space:
                v = max(v, ctx.attack_value(None, "trap", state.heroes[ctx.seat].stats[0], m, True))
        for s in state.shadows:
            if state.toward(s[1]) == space:
                v = max(v, 0.1)
        return v

    def _spot_value(self, state, ctx, i: int, rest) -> float:
        cfg = ctx.cfg
        sid, name, effects, vp = cfg.spots[i]
        parts = ctx._spots.get(i)
        if parts is None:    # what does not depend on the hand, once a decision
            parts = ctx._spots[i] = [self._spot_part(state, ctx, e, vp) for e in effects]
        total = 0.0
        for e, part in zip(effects, parts):
            if part is not None:
                total += part
            elif e.kind == "fortify":
                f = ctx.best_fortify(rest)
                total += f if f > 0 else 0.25
            else:    # heal, one_of, remove_plague
                total += self._effect_value(state, ctx, e, rest)
        # the Safe Harbour objective
        if state.objective >= 0 and cfg.objectives[state.objective].requirement.kind == "villagers_in_vc":
            total -= 0.1
        if state.objective >= 0 and cfg.objectives[state.objective].requirement.kind == "watchtowers_manned" \
                and sid.startswith("watchtower"):
            total += 0.4
        return total

    def _spot_part(self, state, ctx, e, vp):
        """A spot effect's worth when it does not depend on the hand; None when it does."""
        cfg, seat = ctx.cfg, ctx.seat
        if e.kind == "villager_attack":
            board = cfg.vps[vp][1] if e.board == "this" else cfg.clockwise.index(e.board)
            dice = state.stat(seat, e.dice)
            dice += sum(p.amount for p in state.passives(seat) if p.kind == "command_bonus")
            return ctx.best_attack(seat, "villager", dice, cfg.board_spaces[board], True)
        if e.kind in ("fortify", "heal", "one_of", "remove_plague"):
            return None
        if e.kind == "fire":
            spaces = state.place_spaces(seat, e.at, (0, vp, -1))
            return max([ctx.fire_value(s) for s in spaces] + [0.0])
        if e.kind == "foresee":
            return 0.12
        if e.kind == "reveal_any":
            return 0.08
        if e.kind == "draw_item":
            return 0.35
        if e.kind == "gain_xp":
            return 0.45
        if e.kind == "remove_influence":
            return 0.5 if state.influence else 0.0
        if e.kind == "cleanse":
            return 0.3 if any("X" in h.discard or "X" in h.bag for h in state.heroes) else 0.0
        if e.kind == "villagers_home":
            return 0.25 * sum(state.villagers)
        return 0.05

    # ------------------------------------------------------------ Experience
    def _xp_value(self, state, ctx, a) -> float:
        cfg, h, seat = ctx.cfg, ctx.h, ctx.seat
        k = a.kind
        klass = cfg.classes[h.cls]
        if k == "upgrade":
            i = STATS.index(a["stat"])
            lvl = h.stats[i]
            colour = COLOURS[i]
            v = 0.0
            if a["stat"] == "INT":
                v = 1.2 - 0.15 * lvl
            elif colour in klass.colours:
                v = 0.9 - 0.1 * lvl
            else:
                v = 0.3 - 0.05 * lvl
            # cheap first: spend what we have
            return v - 0.05 * cfg.content.ability_board.upgrade_cost[lvl + 1]
        if k == "unlock":
            act = next(x for x in klass.actions if x.locked and x.section == a["colour"])
            if act.mode in ("unlock", "passive"):
                return 1.0
            return 0.6 if a["colour"] in klass.colours else 0.3
        if k == "attune":
            it = cfg.items[a["item"]]
            return 0.7 if it.action is not None and all(c in klass.colours for c in it.action.cost) else 0.5
        return 0.0

    def _predraw(self, state, ctx, legal) -> list[float]:
        return [2.0 if a.kind == "draw" else self._xp_value(state, ctx, a) + 2.0 for a in legal]

    # ------------------------------------------------------------ sub-decisions
    def _target(self, state, ctx, legal) -> list[float]:
        _, seat, kind, dice, area, quick, armour, spaces = state.ask
        out = []
        for a in legal:
            s = _sp(ctx.cfg, a["space"])
            if area:
                out.append(ctx.best_attack(seat, kind, dice, [s], quick, True, armour))
            elif a.get("monster") is not None:
                m = state.monster(a["monster"])
                out.append(ctx.attack_value(seat, kind, dice, m, quick, armour))
            else:
                sh = next(x for x in state.shadows if x[0] == a["shadow"])
                out.append(ctx.shadow_threat(sh) * (1 - (1 - HIT) ** dice))
        return out

    def _walk(self, state, ctx, legal) -> list[float]:
        _, seat, steps, pm, escort, escorted, moved, melee = state.ask
        cfg, h = ctx.cfg, ctx.h
        rest = list(h.hand)
        here = h.space
        n = escorted if moved else (min(escort, state.villagers[here]) if here else 0)
        dests = self._dest_values(state, ctx, here, steps, rest, melee, pm, n)
        best_s = max(dests, key=lambda x: (dests[x] - 1e-6 * cfg.between[here][x], -x))
        if dests[best_s] <= dests[here] + 1e-9:
            best_s = here
        homeward = ctx.steps_to_vc(best_s) < ctx.steps_to_vc(here)
        out = []
        for a in legal:
            if a.kind == "stop":
                out.append(0.0 if best_s == here else -0.5)
                continue
            t = _sp(cfg, a["to"])
            d0 = cfg.between[here][best_s]
            d1 = cfg.between[t][best_s]
            v = 0.3 * (d0 - d1) - (0.5 if best_s == here else 0.0)
            if best_s != here and d1 >= d0:
                v -= 0.2
            esc = a.get("escort") or 0
            v += (0.01 if homeward else -0.01) * esc
            out.append(v)
        return out

    @staticmethod
    def _escort_cap(state, seat, given) -> int:
        if hasattr(state, "escort_cap"):
            return state.escort_cap(seat, given)
        return 0 if not given else (9 if given == "all" else given)

    def _dest_values(self, state, ctx, here, steps, rest, melee, pm, escort_n) -> dict:
        """Where a move of `steps` may end, and what ending there is worth (with `escort_n`
        villagers brought along: worth more the nearer the Village they end)."""
        cfg = ctx.cfg
        out = {here: self._pos_value(state, ctx, here, rest, melee)}
        home = ctx.steps_to_vc(here)
        for s in state.within(here, steps):
            if s == here or s in state.influence:
                continue
            if not pm and self._blocked(state, here, s):
                continue
            v = self._pos_value(state, ctx, s, rest, melee) - 0.02 * cfg.between[here][s]
            if escort_n and here:
                closer = home - ctx.steps_to_vc(s)
                if closer > 0:
                    v += escort_n * ESCORT_V * (1.5 if s == 0 else min(1.0, 0.5 * closer))
            out[s] = v
        return out

    def _place(self, state, ctx, legal) -> list[float]:
        what = state.ask[2]
        seat = state.ask[1]
        out = []
        for a in legal:
            s = _sp(ctx.cfg, a["space"])
            if what == "fire":
                out.append(ctx.fire_value(s))
            elif what == "trap":
                out.append(self._trap_value(state, ctx, s))
            else:   # a start space: near the first threats
                out.append(-0.01 * ctx.cfg.dist[s] if s else 0.0)
        return out

    def _assign(self, state, ctx, legal) -> list[float]:
        h = ctx.h
        rest = list(h.hand)
        out = []
        for a in legal:
            if a.kind == "stop":
                out.append(0.0)
                continue
            v = self._spot_value(state, ctx, ctx.cfg.spot_index[a["spot"]], rest)
            if a["source"] == "here":
                v += 0.35
            out.append(v + 0.01)
        return out

    def _fortify(self, state, ctx, legal) -> list[float]:
        out = []
        for a in legal:
            if a.kind == "stop":
                out.append(0.0)
                continue
            vi = next(i for i, v in enumerate(ctx.cfg.vps) if v[3] == a["vp"])
            m = ctx.matching(ctx.h.hand, vi)
            owed = len(state.vp_owed(vi))
            v = ctx.vp_chip_value(vi, 1) + 0.1 * m + (0.2 if m >= owed else 0.0) - CHIP_OPP
            out.append(v)
        return out

    def _pick_hero(self, state, ctx, legal) -> list[float]:
        return [state.heroes[a["hero"]].track * ctx.damage_cost(a["hero"]) for a in legal]

    def _pick_shadow(self, state, ctx, legal) -> list[float]:
        out = []
        for a in legal:
            s = next(x for x in state.shadows if x[0] == a["shadow"])
            # reveal near the heroes (they can deal with it) and the Village
            near = min(ctx.cfg.between[h.space][s[1]] for h in state.heroes)
            out.append(-ctx.steps_to_vc(s[1]) * 0.1 - 0.05 * near)
        return out

    def _keep(self, state, ctx, legal) -> list[float]:
        return [self._item_worth(state, ctx, a["item"]) for a in legal]

    def _item_worth(self, state, ctx, i) -> float:
        it = ctx.cfg.items[i]
        return {"tonic": 0.9, "flask_of_oil": 0.8, "frost_salts": 0.7, "healing_draught": 0.7,
                "silvered_bolts": 0.7, "signal_horn": 0.5}.get(it.id, 0.4)

    def _pick_board(self, state, ctx, legal) -> list[float]:
        cfg = ctx.cfg
        out = []
        for a in legal:
            b = cfg.clockwise.index(a["board"])
            inf = sum(1 for s in cfg.board_spaces[b] if s in state.influence)
            vps = sum(1 for j, v in enumerate(cfg.vps) if v[1] == b and state.vp_state[j] == 0)
            out.append(inf + vps)
        return out

    def _shove(self, state, ctx, legal) -> list[float]:
        out = []
        for a in legal:
            m = state.monster(a["monster"])
            t = _sp(ctx.cfg, a["to"])
            gain = ctx.steps_to_vc(t) - ctx.steps_to_vc(m[2])
            trap = any(s == t for s, _ in state.traps)
            out.append(gain * ctx.threat(m) + (1.0 if trap else 0.0))
        return out

    def _pick_monster(self, state, ctx, legal) -> list[float]:
        what = state.ask[2]
        seat = state.ask[1]
        out = []
        for a in legal:
            m = state.monster(a["monster"])
            if what == "trap":
                out.append(ctx.attack_value(seat, "trap", state.heroes[seat].stats[0], m, True))
            else:
                out.append(ctx.threat(m))
        return out

    def _one_of(self, state, ctx, legal) -> list[float]:
        e = state.ask[2]
        return [self._effect_value(state, ctx, e.options[a["option"]], list(ctx.h.hand)) for a in legal]

    def _foresee(self, state, ctx, legal) -> list[float]:
        cfg = ctx.cfg

        def bad(i):
            c = cfg.gb_cards[i]
            return c.spawn + (1.0 if state.levels["I II III IV V".split().index(c.level_up)] >= 3 else 0.0) \
                + sum(1.0 for e in c.event if e.kind in ("influence", "peril", "shadows_advance", "activate_board",
                                                          "activate_levelled", "monstrosities_advance"))
        out = []
        for a in legal:
            top, bottom = a["top"], a["bottom"]
            # the best card first; the worst at the bottom (drawn last, or never)
            v = sum(-bad(i) * (0.5 ** k) for k, i in enumerate(top)) + sum(0.3 * bad(i) for i in bottom)
            out.append(v)
        return out

    def _reroll(self, state, ctx, legal) -> list[float]:
        _, seat, side, rest, roller = state.ask
        out = []
        pending = self._pending(state)
        for a in legal:
            if a.kind == "pass":
                out.append(0.0)
                continue
            worth = self._reroll_worth(state, ctx, side, pending, a["dice"])
            if a.get("item") is not None:
                out.append(worth - ITEM_KEEP)
            else:
                out.append(worth + 0.05 if worth > 0 else worth - 0.05)
        return out

    def _pending(self, state):
        for t in state.todo:
            if t[0] in ("strike", "mhit", "peril_hit"):
                return t
        return None

    def _reroll_worth(self, state, ctx, side, pending, dice) -> float:
        """What rerolling `dice` (blanks, grazes, icons) is worth against the roll as it stands."""
        if pending is None:
            return 0.0
        blanks, grazes, icons = dice
        n = blanks + grazes + icons
        roll = state.roll
        if side == "hero" and pending[0] == "strike":
            _, seat, kind, space, piece, quick, armour = pending
            if piece[0] != "monster":
                return 0.1 if blanks and not grazes + icons else -0.1
            m = state.monster(piece[1])
            if m is None:
                return 0.0
            hits = sum(1 for f in roll if f > 0)
            need = ctx.hp_left(m) - (hits - grazes - icons)
            now = 1.0 if hits >= ctx.hp_left(m) else 0.0
            return ctx.threat(m) * KILL_W * (p_at_least(n, need) - now)
        if side == "monster" and pending[0] == "mhit":
            _, uid, victim, counter = pending
            hits = sum(1 for f in roll if f > 0)
            kept = hits - grazes - icons
            if victim[0] == "villager":
                before = 1.0 if hits else 0.0
                after = 1.0 if kept else 1 - (1 - HIT) ** n
                return before - after
            return (hits - kept - n * HIT) * ctx.damage_cost(victim[1])
        if side == "peril" and pending[0] == "peril_hit":
            return (icons - n / 3) * ctx.damage_cost(pending[1])
        return 0.0

    def _smite(self, state, ctx, legal) -> list[float]:
        pending = self._pending(state)
        worth = 0.0
        if pending is not None and pending[0] == "strike" and pending[4][0] == "monster":
            m = state.monster(pending[4][1])
            if m is not None:
                hits = sum(1 for f in state.roll if f > 0) + state.smite
                if hits + 1 >= ctx.hp_left(m) > hits:
                    worth = ctx.threat(m) * KILL_W
        return [0.0 if a.kind == "pass" else worth - ITEM_KEEP for a in legal]

    def _victim(self, state, ctx, legal) -> list[float]:
        return [-ctx.damage_cost(a["hero"]) for a in legal]

    def _block(self, state, ctx, legal) -> list[float]:
        _, seat, n, src, plague = state.ask
        h = state.heroes[seat]
        transforms = h.track + n >= state.track_top(seat)
        out = []
        for a in legal:
            if a.kind == "take":
                out.append(0.0)
            else:
                out.append((ctx.damage_cost(seat) if transforms else 0.6 * ctx.damage_cost(seat)) - ITEM_KEEP)
        return out

    def _support(self, state, ctx, legal) -> list[float]:
        """An ally's Act or Alter: kept for now (the Item is worth more held for its own use)."""
        return [0.0 if a.kind == "pass" else -0.2 for a in legal]

    # ------------------------------------------------------------ leaf estimate for searches
    def evaluate(self, state: State, seat=None) -> list[float]:
        """Estimated team score (1 a win, 0 a loss) of a position: Survival against Fear, each as a
        share of what is left to go, with the threats on the map as Fear to come."""
        n = state.cfg.players
        if state.is_terminal():
            return list(state.scores())
        sc = state.cfg.scenario
        ctx = _Ctx(state, None)
        danger = sum(ctx.threat(m) for m in state.monsters) * 0.5
        danger += sum(ctx.shadow_threat(s) for s in state.shadows) * 0.3
        s_share = state.survival / sc.survival_track
        f_share = min(1.0, (state.fear + danger) / sc.fear_track)
        v = 0.5 + 0.45 * s_share - 0.45 * f_share
        v = min(0.98, max(0.02, v))
        return [v] * n


Heuristic = AberrationHeuristic  # the name the engine looks for (Game.heuristic)
