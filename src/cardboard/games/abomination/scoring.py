"""Bonus objectives [AM-Z-4] and the final scoring with its tie-breakers [AM-Z-2, AM-Z-3]."""
from __future__ import annotations

from operator import attrgetter

from .effects import PART_STATE
from .game import ALIVE


def _condition_test(cfg, c):
    """`holds(seat, c)` (effects.py, no location) as a function of (state, seat, Player), written
    out for the conditions a Player alone decides; any other kind asks `holds`."""
    k = c.kind
    if k == "attribute_at_least":
        if c.attribute.isidentifier() and type(c.amount) is int:   # written out: read on every task
            return eval(f"lambda s, seat, p: p.{c.attribute} >= {c.amount}")
        get, amount = attrgetter(c.attribute), c.amount
        return lambda s, seat, p: get(p) >= amount
    if k == "has_part":
        want = PART_STATE[c.state]
        slots = tuple(i for i, part in enumerate(cfg.slot_part) if part == c.part)
        if not slots:
            return lambda s, seat, p: False
        return eval("lambda s, seat, p: " + " or ".join(f"p.parts[{i}] >= {want}" for i in slots))
    if k == "parts_at_least":
        states, count = tuple(range(PART_STATE[c.state], ALIVE + 1)), c.count
        if len(states) == 1:
            state = states[0]
            return lambda s, seat, p: p.parts.count(state) >= count
        return lambda s, seat, p: sum(map(p.parts.count, states)) >= count
    return lambda s, seat, p: s.holds(seat, c)


class ScoringMixin:
    __slots__ = ()

    # ---------------------------------------------------------------- objectives
    def _claim_objectives(self) -> None:
        """A "first" objective goes to whoever meets it first; players meeting it at the same
        moment (one event's effects, one lab phase) all claim it. Then nobody else may."""
        claimed = self.claimed
        checks = self.game.tab.objective_checks.get(self.objectives)
        if checks is None:
            checks = self._objective_checks()
        for k, check, spec in checks:
            if claimed[k]:
                continue
            met = ()
            seat = 0
            for p in self.players:
                if check(self, seat, p):
                    met += (seat,)
                seat += 1
            if met:
                self.claimed = claimed = claimed[:k] + (met,) + claimed[k + 1:]
                self._say("objective", spec.id, met)

    def _objective_checks(self) -> tuple:
        """The "first" objectives in play: (their place, a test of a seat's Player, the card),
        made once per game and set of objectives."""
        checks = self.game.tab.objective_checks
        found = checks.get(self.objectives)
        if found is None:
            cfg = self.cfg
            found = checks[self.objectives] = tuple(
                (k, _condition_test(cfg, cfg.objectives[o].condition), cfg.objectives[o])
                for k, o in enumerate(self.objectives) if cfg.objectives[o].timing == "first")
        return found

    def _final_objectives(self) -> None:
        """"Most" objectives are judged at the end; ties all score; nobody scores with none."""
        cfg = self.cfg
        for k, o in enumerate(self.objectives):
            spec = cfg.objectives[o]
            if spec.timing != "most":
                continue
            values = [self.measure(s, spec.measure) for s in range(cfg.players)]
            best = max(values)
            if best > 0:
                self.claimed = self.claimed[:k] + (tuple(s for s in range(cfg.players) if values[s] == best),) \
                    + self.claimed[k + 1:]

    # ---------------------------------------------------------------- dials
    def dial_vp(self, seat: int, attribute: str) -> int:
        """The VP mark reached on a dial: the largest mark passed by the pointer (or, with
        dial_scoring "best", by the best position reached); Humanity can be negative."""
        p = self.players[seat]
        lo, hi, rep, exp = p.best
        best = self.cfg.dial_scoring == "best"
        cap = None
        ability = self._has_ability(seat, "cap_vp")
        if ability and ability.attribute == attribute:
            cap = ability.amount
        marks = [(at, vp) for at, icon, vp in self.cfg.dial_icons[attribute] if icon == "vp"]
        if attribute != "humanity":
            pos = (rep if attribute == "reputation" else exp) if best else getattr(p, attribute)
            return max((vp for at, vp in marks if pos >= at and (cap is None or at <= cap)), default=0)
        up = hi if best else p.humanity
        down = lo if best else p.humanity
        gain = max((vp for at, vp in marks if at > 0 and up >= at and (cap is None or at <= cap)), default=0)
        loss = min((vp for at, vp in marks if at < 0 and down <= at), default=0)
        if best:
            return gain if p.humanity >= 0 else loss
        return gain + loss

    # ---------------------------------------------------------------- totals
    def score_breakdown(self) -> list[dict]:
        cfg = self.cfg
        over = self.phase == "over"
        out = []
        best_humanity = max(p.humanity for p in self.players)
        for seat, p in enumerate(self.players):
            alive = sum(cfg.part_spec[part].alive_points
                        for part, state in zip(cfg.slot_part, p.parts) if state == ALIVE)
            objectives = cfg.content.scoring.objective_vp * sum(1 for claim in self.claimed if seat in claim)
            bonus = 0
            if over and self.ended_by_captain and best_humanity > 0 and p.humanity == best_humanity:
                bonus = cfg.content.scoring.humanity_bonus
            row = {"builds": p.vp, "alive": alive, "objectives": objectives,
                   "reputation": self.dial_vp(seat, "reputation"), "expertise": self.dial_vp(seat, "expertise"),
                   "humanity": self.dial_vp(seat, "humanity"), "humanity_bonus": bonus}
            row["total"] = sum(row.values())
            out.append(row)
        return out

    def _scores(self):
        return tuple(float(row["total"]) for row in self.score_breakdown())

    def ranking_key(self, seat: int, totals) -> tuple:
        """[AM-Z-3] most VP, then most alive parts, then most francs, then turn order from First
        Player (First Player, then the player to their left, ...)."""
        p = self.players[seat]
        keys = {"alive_parts": p.count_parts(ALIVE), "francs": p.francs,
                "turn_order": -((seat - self.first) % self.cfg.players)}
        return (totals[seat],) + tuple(keys[k] for k in self.cfg.content.scoring.tie_breaks)

    def winners(self) -> list[int]:
        return self._winners(self._scores())

    def outcome(self) -> tuple[list[float], list[int]]:
        totals = self._scores()
        return list(totals), self._winners(totals)

    def _winners(self, totals) -> list[int]:
        keys = [self.ranking_key(s, totals) for s in range(self.cfg.players)]
        best = max(keys)
        return [s for s, k in enumerate(keys) if k == best]
