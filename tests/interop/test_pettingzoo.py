"""PettingZoo: the AEC environment of every game passes PettingZoo's api_test and seed_test at
every player count the game supports; rewards come at the end."""
from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import cardboard
from cardboard.engine import game_class
from cardboard.interop import pettingzoo as cz

CASES = [(g, n) for g in cardboard.list_games()
         for n in range(game_class(g).min_players, game_class(g).max_players + 1)]


@pytest.mark.parametrize("game_id,players", CASES)
def test_pettingzoo_api_and_seed_tests_pass(game_id, players):
    api_test(cz.env(game_id, players=players), num_cycles=8)
    seed_test(lambda: cz.env(game_id, players=players), num_cycles=8)


@pytest.mark.parametrize("reward", ["win", "margin"])
def test_a_random_rollout_ends_with_the_rewards_asked_for(reward):
    game_id = "pig" if "pig" in cardboard.list_games() else cardboard.list_games()[0]
    env = cz.env(game_id, players=2, reward=reward)
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    totals = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, r, term, trunc, info = env.last()
        totals[agent] += r
        assert np.array_equal(obs["action_mask"], info["action_mask"])
        env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    scores = env.unwrapped.table.state.scores()
    if reward == "win":
        assert sorted(totals.values()) in ([-1.0, 1.0], [1.0, 1.0])
    else:
        assert totals["player_0"] == scores[0] - scores[1] == -totals["player_1"]


def test_an_illegal_choice_is_refused():
    env = cz.env(cardboard.list_games()[0])
    env.reset(seed=1)
    mask = env.unwrapped.observe(env.agent_selection)["action_mask"]
    with pytest.raises(ValueError, match="not legal"):
        env.step(int(np.flatnonzero(mask == 0)[0]))
