"""The research adapters' overhead: env steps/s with random masked actions against the engine's
own random-playout actions/s, side by side, per game.

    python benchmarks/interop_overhead.py [--seconds 4]

engine:   state.legal_actions(), a uniform pick, state.apply(move)   (moves/s)
adapter:  the PettingZoo AEC env: env.last(observe=False), a uniform pick among info["action_mask"],
          env.step(choice)  (steps/s: every choice of a many-part move is a step, dead steps of the
          end included) and the same in moves/s (the engine moves those steps made).
with obs: the same loop with env.last() (the observation vector built every step).
Each runs for --seconds of wall time per game (a new game, seeded, whenever one ends).
"""
import argparse
import time

import numpy as np

import cardboard
from cardboard.engine import Rng, game_class
from cardboard.interop import pettingzoo as cz


def engine_rate(game_id, players, seconds):
    cls = game_class(game_id)
    moves, seed, end = 0, 0, time.perf_counter() + seconds
    while time.perf_counter() < end:
        state = cls(players, seed, {}).new_initial_state()
        rng = Rng(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
            moves += 1
        seed += 1
    return moves / (seconds + (time.perf_counter() - end))


def env_rate(game_id, players, seconds, observe):
    env = cz.env(game_id, players=players)
    rng = np.random.default_rng(0)
    steps, moves, seed = 0, 0, 0
    start = time.perf_counter()
    end = start + seconds
    while time.perf_counter() < end:
        env.reset(seed=seed)
        for agent in env.agent_iter():
            obs, reward, term, trunc, info = env.last(observe=observe)
            if term or trunc:
                env.step(None)
            else:
                env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
            steps += 1
        moves += len(env.unwrapped.table.state)
        seed += 1
    took = time.perf_counter() - start
    return steps / took, moves / took


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=4.0)
    args = parser.parse_args()
    print(f"| game | players | engine moves/s | env steps/s | env moves/s | steps/s vs engine | with obs: steps/s |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for game_id in cardboard.list_games():
        players = game_class(game_id).setups[0][0]
        engine = engine_rate(game_id, players, args.seconds)
        steps, moves = env_rate(game_id, players, args.seconds, observe=False)
        obs_steps, _ = env_rate(game_id, players, args.seconds, observe=True)
        print(f"| {game_id} | {players} | {engine:,.0f} | {steps:,.0f} | {moves:,.0f} | {steps / engine:.0%} "
              f"| {obs_steps:,.0f} |", flush=True)


if __name__ == "__main__":
    main()
