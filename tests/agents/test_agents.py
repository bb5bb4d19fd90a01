"""Agents: they return legal moves, deterministically for a seed; greedy takes the best move."""
import pytest

import cardboard
from cardboard.agents import GreedyAgent, RandomAgent, make_agent

from tests.games.aban.helpers import choose_foods, make, set_dice, set_garden


def test_random_agent_plays_legal_moves_reproducibly():
    def game_log(seed):
        _, s = make(3, seed=seed)
        agent = RandomAgent(seed)
        while not s.is_terminal():
            a = agent.choose(s)
            assert a in s.legal_actions()
            s.apply(a)
        return [a.to_json() for a in s.history]

    assert game_log(4) == game_log(4)
    assert game_log(4) != game_log(5)


def test_greedy_completes_the_best_pattern():
    _, s = make(2, seed=1, boards={5: "brocool", 3: "chichaforo"})
    choose_foods(s, [1, 2])
    me = s.current_player
    set_garden(s, me, "3...\n3...\n....\n.5..")
    set_dice(s, [3, 5, 6])
    a = GreedyAgent(0).choose(s)
    assert a.to_json() == {"kind": "plant", "die": 3, "at": [2, 0]}  # the line of 3: 9 VP


def test_greedy_prefers_hurting_the_leader_when_nothing_scores():
    _, s = make(2, seed=1, boards={5: "brocool"}, token_side="rocky")
    choose_foods(s, [1, 2])
    me = s.current_player
    set_garden(s, 1 - me, "55..\n....\n....\n....")
    set_dice(s, [1, 6, 6])
    a = GreedyAgent(0).choose(s)
    assert a.kind == "rocky" and a["seat"] == 1 - me  # breaking the pair costs them 5 + 2


def test_make_agent_names():
    assert isinstance(make_agent("greedy"), GreedyAgent)
    with pytest.raises(cardboard.ConfigError, match="unknown agent 'alphazero'"):
        make_agent("alphazero")
