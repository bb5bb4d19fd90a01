"""A tiny game whose content can plant a known effect (a seat's bonus points), for the lab's
statistics tests. Loaded by import path: `game = "tests.lab.plant_game:PlantGame"`."""
from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from cardboard.engine import Action, Game, Rng, State
from cardboard.engine.data import read_toml, validate_options

ROLL, REROLL = Action("roll"), Action("reroll")


class Content(BaseModel):
    model_config = ConfigDict(extra="forbid")
    dice: int = Field(ge=1)
    rounds: int = Field(ge=1)
    bonus: list[int]


class Options(BaseModel):
    model_config = ConfigDict(extra="forbid")
    content: str | None = None


class PlantState(State):
    __slots__ = ("pips", "turn", "sixes")

    def __init__(self, game, rng: Rng):
        super().__init__(game, rng)
        self.pips = [0] * game.players
        self.sixes = [0] * game.players
        self.turn = 0

    def _current_player(self):
        return None if self.turn >= self.game.players * self.game.content.rounds else self.turn % self.game.players

    def _legal_actions(self):
        return [ROLL, REROLL]

    def _do(self, action):
        seat = self.turn % self.game.players
        roll = self.rng.roll(self.game.content.dice)
        if action.kind == "reroll":  # the same odds: a second decision that changes nothing
            roll = self.rng.roll(self.game.content.dice)
        self.pips[seat] += sum(roll)
        self.sixes[seat] += roll.count(6)
        self.turn += 1

    def _scores(self):
        bonus = self.game.content.bonus
        return tuple(p + bonus[s] for s, p in enumerate(self.pips))

    def _view(self, seat):
        return {"pips": list(self.pips), "turn": self.turn}

    def _why_illegal(self, action):
        return None

    def clone(self):
        new = super().clone()
        new.pips, new.sixes = list(self.pips), list(self.sixes)
        return new


class PlantGame(Game):
    id = "plant-test"
    name = "Plant test"
    min_players = 2
    max_players = 4
    setups = ((2, {}),)
    options_model = Options

    def _configure(self, options):
        opts = validate_options(Options, options, "Plant test")
        file = Path(opts.content) if opts.content else Path(__file__).with_name("plant_content.toml")
        self.content = validate_options(Content, read_toml(file, "content"), "Plant test content")

    def _initial_state(self):
        return PlantState(self, Rng(self.seed))

    @classmethod
    def folder(cls):
        return Path(__file__).parent

    @classmethod
    def features(cls, state):
        return [{"bonus": state.game.content.bonus[s], "sixes": state.sixes[s]} for s in range(state.game.players)]
