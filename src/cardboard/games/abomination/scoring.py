"""Bonus objectives [AM-Z-4] and the final scoring with its tie-breakers [AM-Z-2, AM-Z-3]."""
from __future__ import annotations

from .effects import condition_expression, condition_test
from .game import ALIVE


def objective_checks(cfg, objectives: tuple) -> tuple:
    """The "first" objectives in play: ((their place, a test of (state, seat, Player), the card),
    ...), and a quick test of (players, claimed) that is False when no player meets any objective
    still unclaimed (None when a condition needs more than a Player to decide)."""
    checks = tuple((k, condition_test(cfg, (cfg.objectives[o].condition,)), cfg.objectives[o])
                   for k, o in enumerate(objectives) if cfg.objectives[o].timing == "first")
    codes = [(k, condition_expression(cfg, spec.condition)) for k, _check, spec in checks]
    quick = None
    if codes and all(code is not None for _k, code in codes):
        test = " or ".join(f"(not cl[{k}] and ({code}))" for k, code in codes)
        namespace: dict = {}
        exec(f"def quick(ps, cl):\n    for p in ps:\n        if {test}:\n            return True\n    return False\n",
             namespace)
        quick = namespace.pop("quick")   # not left in its own globals: no reference cycle
    return checks, quick


class ScoringMixin:
    __slots__ = ()

    # ---------------------------------------------------------------- objectives
    def _claim_objectives(self) -> None:
        """A "first" objective goes to whoever meets it first; players meeting it at the same
        moment (one event's effects, one lab phase) all claim it. Then nobody else may."""
        claimed = self.claimed
        found = self.game.tab.objective_checks.get(self.objectives)
        if found is None:
            found = self._objective_checks()
        checks, quick = found
        if quick is not None and not quick(self.players, claimed):
            return
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
        """`objective_checks` for the objectives in play, made once per game."""
        found = self.game.tab.objective_checks[self.objectives] = objective_checks(self.cfg, self.objectives)
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
