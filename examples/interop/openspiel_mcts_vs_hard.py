"""An arena through the OpenSpiel adapter: OpenSpiel's MCTSBot against cardboard's `hard` bot.

    python examples/interop/openspiel_mcts_vs_hard.py [--game abyss] [--games 2] [--simulations 20]

Seat 0 is OpenSpiel's MCTSBot (random-rollout evaluator) playing the game's choices; seat 1 is
cardboard's `hard` agent, which plays whole moves on the engine state inside the adapter.
"""
import argparse

import numpy as np
from open_spiel.python.algorithms import mcts

from cardboard.agents import make_agent
from cardboard.interop import openspiel as cs


def play(game_id: str, seed: int, simulations: int, hard: str, rollout: int) -> list[float]:
    game = cs.load(game_id, players=2, seed=seed, reward="win")
    rng = np.random.RandomState(seed)
    bot = mcts.MCTSBot(game, 1.4, simulations, mcts.RandomRolloutEvaluator(1, rng, max_length=rollout),
                       random_state=rng)
    other = make_agent(hard, seed, game_id)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.current_player() == 0:
            state.apply_action(bot.step(state))
        else:
            table = state.table
            table.apply_move(other.choose(table.state))  # a whole cardboard move at once
    return state.returns()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="abyss")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--simulations", type=int, default=20)
    parser.add_argument("--rollout", type=int, default=60, help="choices in a random rollout before judging")
    parser.add_argument("--hard", default="hard", help="the cardboard agent (hard, hard:0.2, heuristic ...)")
    args = parser.parse_args()
    wins = 0
    for seed in range(args.games):
        returns = play(args.game, seed, args.simulations, args.hard, args.rollout)
        wins += returns[0] > 0
        print(f"game {seed}: OpenSpiel MCTS {returns[0]:+.0f}, cardboard {args.hard} {returns[1]:+.0f}")
    print(f"OpenSpiel MCTS won {wins} of {args.games}")
