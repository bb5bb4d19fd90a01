"""Aberration as a state machine: set-up, then rounds of 1. Village phase (not in round 1), 2. Hero
phase (each seat's turn: draw, act, resolve), 3. Great Beast phase (Encroach, Manifest), until the
heroes win (the Survival track's end) or lose (Fear's end, a 4th Aberration card, no Great Beast card).

Work waits in `todo` (tasks run in order); `_resume` runs it until a seat must decide, which is in
`ask` = (kind, seat, ...). Every decision, in turn or out of turn (a Block, a Lucky reroll, which hero
a monster attacks), is an ordinary move of the seat `current_player` names. The phases and parts live
in heroes.py (the Hero phase), effects.py (what actions and cards do), combat.py (attacks, dice,
damage), mapping.py (shadows, Influence, Fire, villagers, Vantage Points), beast.py (the Great Beast
phase) and goals.py (objectives, winning and losing). Rule ids in brackets point into RULES.md.
"""
from __future__ import annotations

from cardboard.engine import Action, Rng, State

from .beast import BeastMixin
from .combat import CombatMixin
from .effects import EffectsMixin
from .game import COLOURS, STATS, AberrationConfig, AberrationGame
from .goals import GoalsMixin
from .heroes import Hero, HeroesMixin
from .illegal import explain_illegal
from .labels import NAMED_ASKS, named_monsters
from .mapping import MapMixin
from .view import ViewMixin

VILLAGE, HERO, BEAST, OVER, SETUP = "village", "hero", "beast", "over", "setup"
_REVEALING = frozenset({"reveals", "reveal_one"})   # tasks that reveal: no reveal check before them


def tset(tup: tuple, i: int, value) -> tuple:
    return tup[:i] + (value,) + tup[i + 1:]


class AberrationAction(Action):
    __slots__ = ()

    def label(self) -> str:
        from .labels import action_label

        return action_label(self.ctx, self)

    def __str__(self) -> str:
        return self.label()


class NamedAction(AberrationAction):
    """A move whose label the state wrote (it names the monster the move's number stands for, which
    only the state knows): equal to the plain move; its ctx is (the config, the label); it pickles
    as the plain move."""
    __slots__ = ()

    def label(self) -> str:
        return self.ctx[1]

    def __reduce__(self):
        return AberrationAction, (self.kind, self.args, self.ctx[0])


class AberrationState(HeroesMixin, EffectsMixin, CombatMixin, MapMixin, BeastMixin, GoalsMixin, ViewMixin, State):
    __slots__ = (
        "cfg", "phase", "round", "turn", "first", "ask", "todo", "heroes", "_edited",
        "monsters",      # ((uid, slot, space, damage, frozen), ...) figures on the map
        "shadows",       # ((uid, space, token), ...) face-down shadow tokens on the map (token hidden)
        "uid",           # the next piece id
        "stack", "shadow_discard",   # shadow tokens: the face-down stacks (top first) and revealed ones
        "influence", "fire",         # frozensets of spaces
        "lit",           # frozenset of spaces where a Fire was placed during play (Ring of Fire)
        "villagers",     # per space: villager meeples on the map (index 0 unused)
        "pool",          # villagers in the Village Center pool
        "manned",        # frozenset of spot indices holding a villager this round
        "traps",         # ((space, owner seat), ...) trap tokens on the map
        "vp_state",      # per Vantage Point: 0 standing, 1 secured (flipped), 2 corrupted (removed)
        "vp_paid",       # per Vantage Point: the colours paid so far (a string)
        "levels",        # per slot I..V: the enemy's level (1..3)
        "parasite",      # per slot: Thornlamm tokens on the enemy card
        "fear", "survival",
        "gb_deck", "gb_known",       # Great Beast deck (top first) and how many top cards the team has seen
        "gb_bottom",     # how many bottom cards of the Great Beast deck the team has seen (Scout)
        "item_deck", "item_discard",
        "obj_deck", "objective", "obj_marks",   # objective deck, the face-up one (-1: none), its tokens
        "ab_deck",       # Aberration cards, top first
        "h_supply", "x_supply",     # Hero and Aberration chips left in the supply
        "damaged",       # ((monster uid, seat), ...) this Hero phase, for Coordinated Attack
        "roll",          # the dice just rolled: faces 0 blank, 1 graze, 2 aberration
        "smite",         # damage added to the attack being resolved (Smite exploits)
        "roll_target",   # the space last attacked (Flask of Oil's Fire)
        "result", "cause",          # "win"/"loss" and why, at the end
        "log",
    )

    # ---------------------------------------------------------------- set-up [AR-S-*, AR-PS-*]
    @classmethod
    def initial(cls, game: AberrationGame) -> "AberrationState":
        cfg: AberrationConfig = game.cfg
        c, sc, n = cfg.content, cfg.scenario, cfg.players
        s = cls(game, Rng(game.seed))
        rng = s.rng
        s.cfg, s._edited, s.log = cfg, frozenset(), None
        s.phase, s.round, s.turn, s.first = SETUP, 0, -1, cfg.first_player
        s.ask, s.todo, s.roll, s.result, s.cause = None, (), (), None, ""
        s.smite, s.roll_target = 0, -1
        s.damaged = ()
        s.uid = 0
        # [AR-S-7] the shadow tokens shuffled face down; [AR-S-8] one on each shadow icon
        stack = list(range(len(cfg.shadow_pool)))
        rng.shuffle(stack)
        s.stack, s.shadow_discard, s.shadows, s.monsters = tuple(stack), (), (), ()
        s.influence, s.fire, s.traps, s.lit = frozenset(), frozenset(), (), frozenset()
        villagers = [0] * len(cfg.names)
        tiles = {t.id: t for t in c.tiles}
        fires = set()
        for b in range(4):
            t = tiles[cfg.tile_of_board[b]]
            for sp in t.shadow:
                s._put_shadow(cfg.index[f"{t.id}.{sp}"])
            for sp in t.villager:   # [AR-S-21]
                villagers[cfg.index[f"{t.id}.{sp}"]] += 1
            for sp in t.fire:       # [AR-S-23]
                fires.add(cfg.index[f"{t.id}.{sp}"])
        s.villagers, s.fire = tuple(villagers), frozenset(fires)
        s.manned = frozenset()
        s.vp_state, s.vp_paid = (0,) * len(cfg.vps), ("",) * len(cfg.vps)
        # [AR-S-11, AR-S-12] the enemies at the scenario's levels for the player count
        s.levels, s.parasite = tuple(sc.start_level[n]), (0,) * 5
        s.fear = s.survival = 0   # [AR-S-17]
        # [AR-S-10, AR-S-14, AR-S-15] the Great Beast deck: the scenario's length of shuffled cards
        gb = list(range(len(cfg.gb_cards)))
        rng.shuffle(gb)
        s.gb_deck, s.gb_known, s.gb_bottom = tuple(gb[:sc.length]), 0, 0
        # [AR-S-18] Items shuffled; [AR-S-19, AR-S-20] Objectives: the length, the top one face up
        items = list(range(len(cfg.items)))
        rng.shuffle(items)
        s.item_deck, s.item_discard = tuple(items), ()
        objs = list(range(len(cfg.objectives)))
        rng.shuffle(objs)
        objs = objs[:sc.length]
        s.objective, s.obj_deck, s.obj_marks = objs[0], tuple(objs[1:]), 0
        ab = list(range(len(cfg.aberrations)))   # [AR-S-10] Aberration cards shuffled
        rng.shuffle(ab)
        s.ab_deck = tuple(ab)
        s.h_supply, s.x_supply = c.components.hero_chips, c.components.aberration_chips
        # [AR-PS-1..6] heroes: a hero and a class each, bags seeded, Items dealt
        heroes = cfg.hero_choice or tuple(rng.sample(range(len(cfg.heroes)), n))
        classes = cfg.class_choice or tuple(rng.sample(range(len(cfg.classes)), n))
        s.heroes = tuple(s._new_hero(heroes[i], classes[i]) for i in range(n))
        s.pool = sc.villagers_in_vc
        s.todo = ()
        for seat in range(n):
            s._hero_setup(seat)
        s.todo += (("reveals", -1), ("round",))
        s._resume()
        s._edited = frozenset()
        return s

    def _new_hero(self, hero: int, klass: int) -> Hero:
        cfg = self.cfg
        h = Hero()
        spec = cfg.heroes[hero]
        h.hero, h.cls, h.space = hero, klass, 0
        h.stats = tuple(spec.levels[st] for st in STATS)
        bag = list(spec.start_chips)
        for st, colour in zip(STATS, COLOURS):          # [AR-PS-3] chips up to the starting level
            bag += [colour] * spec.levels[st]
        h.bag = tuple(sorted(bag))
        h.hand, h.discard, h.held = (), (), ""
        h.xp = h.track = h.plague = h.traps = h.melee_bonus = h.shield = 0   # [AR-PS-5]
        h.cards, h.items, h.attuned, h.locks = (), (), (), frozenset()
        h.redrawn = h.drew_again = h.reduced = h.coin_used = h.pip_used = False
        h.pcache = None
        return h

    def _hero_setup(self, seat: int) -> None:
        cfg = self.cfg
        h = self.heroes[seat]
        extra = 0
        for step in (*cfg.heroes[h.hero].setup, *cfg.classes[h.cls].setup):   # [AR-PS-4]
            if step.kind == "extra_items":
                extra += step.count
            elif step.kind == "pool_villagers":
                self.pool += step.count
            elif step.kind == "trap_tokens":
                self._me(seat).traps += step.count
            elif step.kind in ("place_fire", "start_at"):
                self.todo += (("setup_place", seat, step.kind, step.at),)
        self._draw_items(seat, cfg.items_each + extra)   # [AR-PS-6]

    # ---------------------------------------------------------------- protocol
    def _current_player(self):
        return None if self.phase == OVER else self.ask[1]

    def _legal_actions(self) -> list[Action]:
        kind = self.ask[0]
        moves = getattr(self, "_moves_" + kind)()
        if kind in NAMED_ASKS:       # labels that name the monster (issue #23); the same moves
            return named_monsters(self, moves)
        return moves

    def _do(self, a: Action) -> None:
        self._edited = frozenset()
        ask, self.ask = self.ask, None
        getattr(self, "_do_" + a.kind)(a, ask)
        self._resume()

    def _invariants(self) -> list[str]:
        from .invariants import invariants  # for the fuzzer and tests only
        return invariants(self)

    def _why_illegal(self, a: Action) -> str | None:
        return explain_illegal(self, a.kind, dict(a.args))

    def _why_illegal_json(self, doc: dict) -> str | None:
        return explain_illegal(self, doc.get("kind"), doc)

    def _scores(self):
        """Cooperative [AR-O-1]: every seat has the team's score, 1 for a win and 0 for a loss;
        before the end, how far Survival is ahead of Fear (between 0 and 1)."""
        n = self.cfg.players
        if self.result == "win":
            return (1.0,) * n
        if self.result == "loss":
            return (0.0,) * n
        sc = self.cfg.scenario
        v = 0.5 + 0.4 * self.survival / sc.survival_track - 0.4 * self.fear / sc.fear_track
        return (v,) * n

    def winners(self) -> list[int]:
        """[AR-O-1] everyone wins or loses together: every seat on a win, no seat on a loss."""
        return list(range(self.cfg.players)) if self.result == "win" else []

    def _act(self, kind: str, **args) -> Action:
        return self.game.moves[kind, tuple(args.items())]

    def _resume(self) -> None:
        """Run waiting work until a seat must decide or the game is over."""
        pending, check = self.reveal_pending, self._check_state
        while True:
            while self.ask is None and self.phase != OVER:
                todo = self.todo
                if not todo:
                    raise AssertionError("no work and no decision: the round structure is broken")
                # [AR-SH-3] a change that made a reveal due is followed by the reveals before anything
                # else happens (unless they are already next)
                task = todo[0]
                if task[0] not in _REVEALING and pending():
                    task = ("reveals", -1)      # first; everything waiting stays
                else:
                    todo = todo[1:]
                self.todo = todo
                getattr(self, "_task_" + task[0])(*task[1:])
                if self.phase != OVER:
                    check()
            # [AR-SH-3] no seat decides while a shadow that must be face up is still face down (a
            # decision made in the same step as the change that made the reveal due: it waits)
            if self.phase == OVER or not self.reveal_pending():
                break
            self._now(("reveals", -1), ("ask_again", self.ask))
            self.ask = None
        if self.phase == OVER:
            self.ask, self.todo = None, ()

    def _task_ask_again(self, ask) -> None:
        """The decision that waited for reveals (the moves are worked out from the state now)."""
        self.ask = ask

    def _now(self, *tasks) -> None:
        """Tasks to run before anything already waiting (in the order given)."""
        self.todo = tasks + self.todo

    def _say(self, *event) -> None:
        self.log = (self.log, (self.round, self.phase) + event)

    def clone(self) -> "AberrationState":
        """The engine's slot copy: every slot holds ints, strings, tuples, frozensets or Heroes copied
        on write. Both sides forget which Heroes they copied, so neither writes into a shared one."""
        new = super().clone()
        self._edited = new._edited = frozenset()
        return new

    def _me(self, seat: int) -> Hero:
        """The seat's Hero, copied on its first edit in this move (clones share the old one)."""
        if seat not in self._edited:
            self._edited = self._edited | {seat}   # never changed in place: clones share it
            self.heroes = tset(self.heroes, seat, self.heroes[seat].copy())
        return self.heroes[seat]

    def order_from(self, seat: int) -> list[int]:
        n = self.cfg.players
        return [(seat + i) % n for i in range(n)]

    # ---------------------------------------------------------------- the round [AR-R-1, AR-R-2]
    def _task_round(self) -> None:
        self.round += 1
        tasks = []
        if self.round > 1:      # [AR-V-3] round 1 has no Village phase
            tasks.append(("village",))
        tasks += [("hero_turn", seat) for seat in self.order_from(self.first)]   # [AR-H-1]
        tasks += [("beast",), ("round",)]
        self._now(*tasks)

    def _task_village(self) -> None:
        """[AR-V-1, AR-V-2, AR-VL-1, AR-VL-2] Villagers on Village and Vantage Point spots return to the
        pool; villagers on the map stay. Once-a-round powers are ready again."""
        self.phase = VILLAGE
        self.pool += len(self.manned)
        self.manned = frozenset()
        for seat in range(self.cfg.players):
            h = self.heroes[seat]
            if h.reduced or h.pip_used:
                me = self._me(seat)
                me.reduced = me.pip_used = False
        self._say("village")
