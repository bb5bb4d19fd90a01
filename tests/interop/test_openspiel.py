"""OpenSpiel: every game passes OpenSpiel's random simulation test, its MCTSBot plays a full game
of each, and ISMCTS (which re-deals what the player cannot see) runs."""
from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import cardboard
from cardboard.engine import game_class
from cardboard.interop import openspiel as cs

GAMES = cardboard.list_games()


def smallest(game_id):
    return min(n for n, _ in game_class(game_id).setups)


@pytest.mark.parametrize("game_id", GAMES)
def test_random_simulation_and_a_full_game_of_mcts(game_id):
    game = cs.load(game_id, players=smallest(game_id), seed=1)
    gt = game.get_type()
    assert gt.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert gt.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert gt.utility == (pyspiel.GameType.Utility.IDENTICAL if game_class(game_id).cooperative
                          else pyspiel.GameType.Utility.GENERAL_SUM)
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, 1.4, 2, mcts.RandomRolloutEvaluator(1, rng, max_length=4), random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bot.step(state))
    assert all(-1.0 <= r <= 1.0 for r in state.returns())
    assert state.observation_tensor(0) and state.information_state_string(0)


def test_ismcts_runs_on_an_imperfect_information_game():
    game_id = next(g for g in GAMES if game_class(g).min_players >= 2 and not game_class(g).cooperative
                   and g != "pig") if len(GAMES) > 1 else GAMES[0]
    game = cs.load(game_id, players=smallest(game_id), seed=2)
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    rng = np.random.RandomState(1)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng, max_length=4), 1.4, 4, random_state=rng)
    state = game.new_initial_state()
    for _ in range(12):
        state.apply_action(bot.step(state))


def test_a_resampled_state_keeps_the_players_view():
    game_id = next(g for g in GAMES if game_class(g).min_players >= 2 and g != "pig")
    game = cs.load(game_id, players=smallest(game_id), seed=3)
    state = game.new_initial_state()
    for _ in range(10):
        state.apply_action(state.legal_actions()[0])
    player = state.current_player()
    again = state.resample_from_infostate(player, lambda: 0.25)
    assert again.information_state_string(player) == state.information_state_string(player)
    assert again.observation_tensor(player) == state.observation_tensor(player)


def test_games_whose_only_secret_is_future_chance_are_perfect_information():
    """[issue #26] Aban! (nothing hidden but the rolls) and the plugin Pig (no encoding.py: the
    generic rule, states keeping the engine's own determinize) are perfect information in
    OpenSpiel's sense; games with hands or face-down decks are not."""
    perfect = pyspiel.GameType.Information.PERFECT_INFORMATION
    expected = {"aban": True, "pig": True, "abyss": False, "abomination": False, "aberration": False,
                "hideous-abomination": False}
    for game_id in GAMES:
        if game_id in expected:
            info = cs.load(game_id, players=smallest(game_id)).get_type().information
            assert (info == perfect) == expected[game_id], game_id
