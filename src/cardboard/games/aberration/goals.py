"""Winning and losing [AR-W-*] and the Objective cards [AR-OB-*]. The heroes win as soon as Survival
reaches the end of its track (with the scenario's extra goal met; otherwise Survival waits there);
they lose when Fear reaches the end of its track, a hero would gain a fourth Aberration card, or a
Great Beast card must be played from an empty deck. A loss found with a win in the same step wins out
over it (the loss applies).
"""
from __future__ import annotations


class GoalsMixin:
    __slots__ = ()

    def _task_setup_place(self, seat: int, kind: str, at: str) -> None:
        """[AR-PS-4] Set-up steps with a choice: a Fire on a gate or anywhere; a start space."""
        spaces = self.place_spaces(seat, at, (0, -1, -1)) if kind == "place_fire" else None
        if kind == "start_at":
            cand = self.place_spaces(-1, at, (0, -1, -1))
            spaces = sorted(set(cand) | ({0} if at == "vc_or_gate" else set()))
        if spaces:
            self.ask = ("place", seat, "fire" if kind == "place_fire" else "start", tuple(spaces), 1, (0, -1, -1))

    def _end(self, result: str, cause: str) -> None:
        if self.result == "loss":
            return
        self.result, self.cause = result, cause
        self.phase = "over"
        self.ask, self.todo = None, ()
        self._say("game_over", result, cause)

    def vps_unlocked(self) -> int:
        return sum(1 for st in self.vp_state if st == 1)

    def _check_state(self) -> None:
        cfg, sc = self.cfg, self.cfg.scenario
        if self.fear >= sc.fear_track:                        # [AR-W-6, AR-O-3]
            self.fear = sc.fear_track
            self._end("loss", "the Fear track reached its end [AR-W-6]")
            return
        if self.survival >= sc.survival_track:                # [AR-W-3, AR-O-2]
            self.survival = sc.survival_track
            goal = sc.extra_goal
            if goal is None or self.vps_unlocked() >= goal.count:   # [AR-W-2]
                self._end("win", "the Survival track reached its end [AR-W-3]")
                return
        if self.objective >= 0 and self.phase != "setup":
            self._objective_state()

    # ---------------------------------------------------------------- objectives
    def _objective_state(self) -> None:
        cfg = self.cfg
        req = cfg.objectives[self.objective].requirement
        k = req.kind
        if k == "villagers_in_vc":
            village = sum(1 for i in self.manned if cfg.spots[i][3] < 0)
            met = self.pool + village >= req.count
        elif k == "watchtowers_manned":
            met = sum(1 for i in self.manned if cfg.spots[i][0].startswith("watchtower")) >= req.count
        elif k == "fires_on_boards":    # only Fires placed during play count (decision 11)
            met = len({cfg.board_of[s] for s in self.fire & self.lit}) >= req.count
        elif k == "unlock_vp":
            b = cfg.clockwise.index(req.board)
            if not any(self.vp_state[v] == 0 and cfg.vps[v][1] == b for v in range(len(cfg.vps))):
                self._flip_objective()   # none can be unlocked any more: discarded
            return
        else:
            return
        if met:
            self._objective_met()

    def objective_event(self, kind: str, *info) -> None:
        """Something happened that an Objective card may ask for."""
        if self.objective < 0 or self.phase == "over":
            return
        cfg = self.cfg
        req = cfg.objectives[self.objective].requirement
        if req.kind != kind:
            return
        if kind == "kill":
            etype, level, by = info
            if req.enemy_type != "any" and req.enemy_type != etype:
                return
            if level < req.min_level or (req.by == "trap_or_villager" and by not in ("trap", "villager")):
                return
        elif kind == "unlock_vp":
            if self.cfg.clockwise.index(req.board) != info[0]:
                return
        elif kind == "board_cleared":
            if not any(not any(cfg.board_of[m[2]] == b for m in self.monsters)
                       and not any(cfg.board_of[s[1]] == b for s in self.shadows) for b in range(4)):
                return
        self._objective_met()

    def _objective_met(self) -> None:
        """[AR-OB-2..4] A simple card completes at once; a tokens card takes a token each time and
        completes at the player count's number (at least 2)."""
        cfg = self.cfg
        obj = cfg.objectives[self.objective]
        if obj.kind == "tokens":
            self.obj_marks += 1
            if self.obj_marks < cfg.obj_tokens:
                return
        self.survival += obj.survival            # [AR-W-4]
        self._say("objective", obj.id)
        seat = self.turn if self.turn >= 0 else self.first
        self.todo = tuple(("eff", seat, e, (0, -1, -1)) for e in obj.reward) + self.todo
        self._flip_objective()

    def _flip_objective(self) -> None:
        if self.obj_deck:
            self.objective, self.obj_deck = self.obj_deck[0], self.obj_deck[1:]
        else:
            self.objective = -1
        self.obj_marks = 0
