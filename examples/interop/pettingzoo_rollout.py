"""A PettingZoo random rollout of every cardboard game (masked random choices).

    python examples/interop/pettingzoo_rollout.py [--games N]
"""
import argparse

import numpy as np

import cardboard
from cardboard.interop import pettingzoo as cz


def rollout(game_id: str, seed: int) -> tuple[int, dict]:
    env = cz.env(game_id)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps, totals = 0, {}
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        totals[agent] = totals.get(agent, 0.0) + reward
        action = None if termination or truncation else int(rng.choice(np.flatnonzero(obs["action_mask"])))
        env.step(action)
        steps += 1
    return steps, totals


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=1, help="games per cardboard game")
    args = parser.parse_args()
    for game_id in cardboard.list_games():
        for seed in range(args.games):
            steps, totals = rollout(game_id, seed)
            print(f"{game_id:22s} seed {seed}: {steps} steps, rewards {totals}")
