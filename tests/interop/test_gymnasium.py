"""Gymnasium: the registered environments pass Gymnasium's env_checker; a seat plays against
cardboard agents."""
from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import cardboard
from cardboard.engine import game_class
from cardboard.interop import gymnasium as cg


@pytest.mark.parametrize("game_id", cardboard.list_games())
def test_each_game_passes_the_env_checker(game_id):
    env = gym.make(f"cardboard/{cg.env_name(game_id)}-v0", opponents="random")
    check_env(env.unwrapped, skip_render_check=True)


def test_solo_environments_are_registered_for_games_one_can_play_alone():
    ids = cg.register()
    for game_id in cardboard.list_games():
        solo = f"cardboard/{cg.env_name(game_id)}Solo-v0"
        assert (solo in ids) == (game_class(game_id).min_players == 1)


def test_a_solo_episode_ends_with_the_score_and_illegal_choices_cost():
    solo = next(g for g in cardboard.list_games() if game_class(g).min_players == 1)
    env = gym.make(f"cardboard/{cg.env_name(solo)}Solo-v0")
    check_env(env.unwrapped, skip_render_check=True)
    obs, info = env.reset(seed=5)
    bad = int(np.flatnonzero(info["action_mask"] == 0)[0])
    obs2, r, term, trunc, info2 = env.step(bad)
    assert r == -1.0 and info2["illegal"] and np.array_equal(obs, obs2)
    done = False
    while not done:
        obs, r, term, trunc, info = env.step(env.action_space.sample(info["action_mask"]))
        done = term or trunc
    assert r == info["scores"][0]


def test_seated_agents_move_between_the_learners_turns():
    game_id = next(g for g in cardboard.list_games() if game_class(g).max_players >= 2 and not game_class(g).cooperative)
    env = cg.CardboardEnv(game_id, players=2, seat=1, opponents="easy")
    obs, info = env.reset(seed=2)
    assert env.table.state.current_player == 1
    with pytest.raises(cardboard.ConfigError):
        cg.CardboardEnv(game_id, players=2, opponents="no-such-level")
