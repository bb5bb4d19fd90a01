"""OpenSpiel: every cardboard game as a pyspiel Python game.

    from cardboard.interop import openspiel as cs
    game = cs.load("<game id>", players=3)          # registers "cardboard_<id>" and loads it
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bot.step(state))

Its game type: sequential; chance *sampled stochastic* (cardboard rolls dice and shuffles inside
a move, so OpenSpiel sees no chance node: each state carries its own random stream, a clone the
same stream); information perfect for a game whose only secret is its future chance (its states
keep the engine's `determinize`, or its encoding.py says "information": "perfect"), else imperfect;
utility identical for a co-operative game, general-sum otherwise; rewards terminal. Its actions
are the game's choices (cardboard.interop.spec: a move with several parts is several actions by
the same player). Utilities: "win" (+1 each winner, -1 the others; co-operative: +1 all on a win,
-1 on a loss) or "score": the margin (alone or co-operative: the score) divided by the game's
`search_hints` score scale (a one-seat game's solo scale), clipped to [-1, 1].

Per player: observation tensors and strings (the seat's view alone, see observe.py) and
information-state strings (the view and the player's own choices so far); `resample_from_infostate`
re-deals what the player cannot see (the engine's `determinize`), so ISMCTS can run.
Parameters: players, seed (the game's seed), reward, options (JSON text).
"""
from __future__ import annotations

import json

import numpy as np
import pyspiel

from ..engine import game_class
from .core import Table, game_declaration, move_encoding, perfect_information, rewards
from .observe import Observer

MAX_GAME_LENGTH = 100_000
_registered: dict[str, str] = {}


def short_name(game_id: str) -> str:
    return "cardboard_" + game_id.replace("-", "_")


def register(game_id: str) -> str:
    """Register the game with OpenSpiel (once); its short name."""
    if game_id in _registered:
        return _registered[game_id]
    cls = game_class(game_id)
    players = cls.setups[0][0] if cls.setups else cls.min_players
    perfect = perfect_information(cls)
    game_type = pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"cardboard {cls.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=(pyspiel.GameType.Information.PERFECT_INFORMATION if perfect
                     else pyspiel.GameType.Information.IMPERFECT_INFORMATION),
        utility=(pyspiel.GameType.Utility.IDENTICAL if cls.cooperative
                 else pyspiel.GameType.Utility.GENERAL_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": players, "seed": 0, "reward": "win", "options": "{}"},
    )

    # OpenSpiel is given a class (as its own Python games do): a registered closure crashes the
    # interpreter's exit
    made = type(f"Cardboard_{short_name(game_id)}", (CardboardGame,), {"game_id": game_id, "game_type": game_type})
    pyspiel.register_game(game_type, made)
    _registered[game_id] = game_type.short_name
    return game_type.short_name


def load(game_id: str, players: int | None = None, seed: int = 0, reward: str = "win", **options):
    """The pyspiel game of a cardboard game (registering it first)."""
    name = register(game_id)
    params: dict = {"seed": seed, "reward": reward, "options": json.dumps(options)}
    if players is not None:
        params["players"] = players
    return pyspiel.load_game(name, params)


class CardboardGame(pyspiel.Game):
    game_id = ""
    game_type = None

    def __init__(self, params=None):
        params = dict(params or {})
        game_id = self.game_id
        game_type = self.game_type
        cls = game_class(game_id)
        self.players = int(params.get("players", cls.setups[0][0] if cls.setups else cls.min_players))
        self.seed = int(params.get("seed", 0))
        self.reward = str(params.get("reward", "win"))
        if self.reward not in ("win", "score"):
            raise ValueError(f"reward must be 'win' or 'score', not {self.reward!r}")
        self.options = json.loads(params.get("options", "{}") or "{}")
        cls(self.players, self.seed, dict(self.options))  # the game's own check of the set-up
        self.encoding = move_encoding(cls)
        self.observer = Observer(cls, self.encoding, game_declaration(cls))
        hints = cls.search_hints or {}
        scale = hints.get("solo_score_scale", hints.get("score_scale", 1.0)) if self.players == 1 \
            else hints.get("score_scale", 1.0)
        self.scale = float(scale) or 1.0
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.size,
            max_chance_outcomes=0,
            num_players=self.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(game_type, info, {"players": self.players, "seed": self.seed, "reward": self.reward,
                                           "options": json.dumps(self.options)})
        self._seeds = 0

    def new_initial_state(self):
        return CardboardState(self)  # its table is made on first use: a clone replaces it at once

    def new_table(self) -> Table:
        return Table(self.game_id, self.players, self.seed, self.options)

    def make_py_observer(self, iig_obs_type=None, params=None):
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return _Observer(self, recall)

    def utilities(self, state) -> list[float]:
        if self.reward == "win":
            return rewards(state, "win")
        return [max(-1.0, min(1.0, r / self.scale)) for r in rewards(state, "margin")]


class _Ref:
    """The game, held by a state: OpenSpiel clones a Python state by deep-copying its attributes,
    and the game is shared, not copied."""

    __slots__ = ("game",)

    def __init__(self, game):
        self.game = game

    def __deepcopy__(self, memo):
        return self


class CardboardState(pyspiel.State):
    def __init__(self, game: CardboardGame, table: Table | None = None):
        super().__init__(game)
        self._ref = _Ref(game)
        self._table = table

    @property
    def _game(self) -> CardboardGame:
        return self._ref.game

    @property
    def table(self) -> Table:
        if self._table is None:
            self._table = self._game.new_table()
        return self._table

    def current_player(self):
        seat = self.table.state.current_player
        return pyspiel.PlayerId.TERMINAL if seat is None else seat

    def _legal_actions(self, player):
        if player != self.table.state.current_player:
            return []
        return list(self.table.choices())

    def _apply_action(self, action):
        self.table.choose(int(action))

    def _action_to_string(self, player, action):
        return f"p{player}: {self._game.encoding.label(int(action))}"

    def is_terminal(self):
        return self.table.state.is_terminal()

    def returns(self):
        if not self.table.state.is_terminal():
            return [0.0] * self._game.players
        return self._game.utilities(self.table.state)

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state the player cannot tell from this one: what it cannot see re-dealt."""
        seed = int(probability_sampler() * 2**31) if callable(probability_sampler) else 0
        table = self.table.clone()
        table.replace_state(self.table.state.determinize(player_id, seed))
        new = self.clone()  # the same history (OpenSpiel's), the re-dealt table
        new._table = table
        return new

    def __str__(self):
        table = self.table
        text = json.dumps(table.state.view(None), sort_keys=True)
        if table.pending:
            text += " | chosen: " + ", ".join(table.encoding.label(c) for c in table.pending)
        return text


class _Observer:
    """OpenSpiel's observer interface: a tensor and a string per (state, player)."""

    def __init__(self, game: CardboardGame, recall: bool):
        self.game = game
        self.recall = recall
        self.tensor = np.zeros(game.observer.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: CardboardState, player: int):
        table = state.table
        pending = table.pending if table.state.current_player == player else ()
        self.game.observer.observe_state(table.state, player, pending, out=self.tensor)

    def string_from(self, state: CardboardState, player: int):
        table = state.table
        text = json.dumps(table.state.view(player), sort_keys=True)
        if table.state.current_player == player and table.pending:
            text += " | chosen: " + " ".join(map(str, table.pending))
        if self.recall:
            own = [str(a.action) for a in state.full_history() if a.player == player]
            text += " | mine: " + " ".join(own)
        return text
