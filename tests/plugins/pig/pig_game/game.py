"""Pig: on your turn roll a die as often as you like, adding each face to your turn total;
a 1 loses the turn total, holding banks it. The first to reach the target wins.

The rules, step by step, are the methods of PigState; RULES.md indexes each sentence."""
from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from cardboard.engine import Action, ConfigError, Game, Rng, State
from cardboard.engine.data import cons_to_list, read_toml, validate_options

ROLL = Action("roll")
HOLD = Action("hold")


class Content(BaseModel):
    model_config = ConfigDict(extra="forbid")
    target: int = Field(ge=1, le=1000)
    sides: int = Field(ge=2, le=20)
    bust_face: int = Field(ge=1)


class PigOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")
    content: str | None = None  # path to a TOML file replacing content.toml
    target: int | None = Field(default=None, ge=1, le=1000)  # [PG-5] a shorter or longer race


class PigState(State):
    __slots__ = ("banked", "turn_total", "seat", "last_roll", "winner", "log")

    def __init__(self, game: "PigGame", rng: Rng):
        super().__init__(game, rng)
        self.banked = (0,) * game.players   # [PG-1] everyone starts at 0
        self.turn_total = 0
        self.seat = 0
        self.last_roll = None
        self.winner = None
        self.log = None  # what happened, in words: a cons list (previous, line), shared by clones

    # the five hooks
    def _current_player(self):
        return None if self.winner is not None else self.seat

    def _legal_actions(self):
        return [ROLL, HOLD] if self.turn_total else [ROLL]  # [PG-4] hold only after a roll

    def _do(self, action):
        if action is ROLL or action.kind == "roll":
            self._roll()
        else:
            self._hold()

    def _scores(self):
        return self.banked

    def _view(self, seat):
        return {"target": self.game.content.target, "banked": list(self.banked), "to_move": self.seat,
                "turn_total": self.turn_total, "last_roll": self.last_roll, "winner": self.winner,
                "log": cons_to_list(self.log)}

    def _invariants(self):
        from .invariants import invariants
        return invariants(self)

    def _why_illegal(self, action):
        if action.kind == "hold" and not self.turn_total:
            return "[PG-4] roll at least once before you hold"
        return None

    # the steps of a turn
    def _roll(self):
        """[PG-2] Roll the die; [PG-3] a bust face loses the turn total and ends the turn."""
        c = self.game.content
        self.last_roll = face = self.rng.die(c.sides)
        if face == c.bust_face:
            self._say(f"seat {self.seat} rolls {face} and loses {self.turn_total} points")
            self.turn_total = 0
            self._next_seat()
            return
        self.turn_total += face
        self._say(f"seat {self.seat} rolls {face}: {self.turn_total} this turn")
        if self.banked[self.seat] + self.turn_total >= c.target:  # [PG-5] the race is won at once
            self._hold()

    def _hold(self):
        """[PG-4] Bank the turn total; [PG-5] reaching the target wins."""
        banked = list(self.banked)
        banked[self.seat] += self.turn_total
        self.banked = tuple(banked)
        self._say(f"seat {self.seat} banks {self.turn_total}, {banked[self.seat]} in all")
        self.turn_total = 0
        if banked[self.seat] >= self.game.content.target:
            self.winner = self.seat
        else:
            self._next_seat()

    def _say(self, line):
        self.log = (self.log, line)

    def _next_seat(self):
        self.seat = (self.seat + 1) % self.game.players  # [PG-6] play passes to the left


class PigGame(Game):
    id = "pig"
    name = "Pig"
    min_players = 2
    max_players = 4
    summary = "Push your luck with one die: roll to add up points, but a 1 loses the turn."
    playing_time = "5-10 min"
    setups = ((2, {}), (3, {"target": 30}), (4, {}))
    search_hints = {"score_scale": 20.0, "rollout_depth": 200}
    options_model = PigOptions

    def _configure(self, options):
        opts = validate_options(PigOptions, options, "Pig")
        raw = read_toml(Path(opts.content) if opts.content else Path(__file__).with_name("content.toml"), "content")
        content = validate_options(Content, raw, "Pig content")
        if not 1 <= content.bust_face <= content.sides:
            raise ConfigError(f"bust_face {content.bust_face} is not a face of a {content.sides}-sided die")
        if opts.target is not None:
            content = content.model_copy(update={"target": opts.target})
        self.content = content

    def _initial_state(self):
        return PigState(self, Rng(self.seed))
