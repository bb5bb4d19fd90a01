"""A small learner on a Gymnasium solo environment (numpy only): REINFORCE with a linear softmax
policy over the legal choices, trained for a few minutes on `cardboard/AbanSolo-v0`, then
compared with the random policy on fresh games (mean final score, 95% interval of the gain).

    python examples/interop/learn_solo.py [--minutes 8] [--eval 300] [--png docs/learning-curve.png]
"""
import argparse
import math
import struct
import time
import zlib

import gymnasium as gym
import numpy as np

import cardboard.interop.gymnasium  # noqa: F401  registers the environments


class Policy:
    def __init__(self, n_actions: int, n_features: int, seed: int):
        self.w = np.zeros((n_actions, n_features), np.float32)
        self.b = np.zeros(n_actions, np.float32)
        self.rng = np.random.default_rng(seed)

    def probs(self, obs, legal):
        z = self.w[legal] @ obs + self.b[legal]
        z = np.exp(z - z.max())
        return z / z.sum()

    def act(self, obs, legal, greedy=False):
        p = self.probs(obs, legal)
        i = int(np.argmax(p)) if greedy else int(self.rng.choice(len(legal), p=p))
        return legal[i], p, i


def features(obs):
    return np.tanh(obs)  # bounded features for a linear policy


def episode(env, policy, seed, learn=False, greedy=False, random=False, rng=None):
    obs, info = env.reset(seed=seed)
    trace, reward, done = [], 0.0, False
    while not done:
        legal = np.flatnonzero(info["action_mask"])
        x = features(obs)
        if random:
            a = int(rng.choice(legal))
        else:
            a, p, i = policy.act(x, legal, greedy)
            if learn:
                trace.append((x, legal, p, i))
        obs, reward, term, trunc, info = env.step(a)
        done = term or trunc
    return reward, trace


def update(policy, trace, advantage, lr):
    for x, legal, p, i in trace:
        g = -p
        g[i] += 1.0                       # d log pi(a) / d logits
        policy.w[legal] += lr * advantage * np.outer(g, x)
        policy.b[legal] += lr * advantage * g


def write_png(path, curve, random_mean):
    """The learning curve as a PNG: matplotlib if installed, else a plain plot drawn here."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        fig, ax = plt.subplots(figsize=(7, 4))
        xs, ys = zip(*curve)
        ax.plot(xs, ys, label="learner (mean of the last 200 training games)")
        ax.axhline(random_mean, color="grey", linestyle="--", label="random policy (mean)")
        ax.set_xlabel("training games")
        ax.set_ylabel("final score")
        ax.set_title("REINFORCE, linear policy, on cardboard/AbanSolo-v0")
        ax.legend(loc="lower right")
        fig.tight_layout()
        fig.savefig(path, dpi=100)
        return
    except ImportError:
        pass
    w, h = 640, 360
    img = np.full((h, w, 3), 255, np.uint8)
    ys = [y for _, y in curve] + [random_mean]
    lo, hi = min(ys) - 1, max(ys) + 1
    def py(y): return int(h - 20 - (y - lo) / (hi - lo) * (h - 40))
    img[h - 20, 20:w - 10] = 0
    img[10:h - 20, 20] = 0
    img[py(random_mean), 20:w - 10:4] = (128, 128, 128)
    n = len(curve)
    for k in range(1, n):
        x0, x1 = 20 + (k - 1) * (w - 30) // max(1, n - 1), 20 + k * (w - 30) // max(1, n - 1)
        y0, y1 = py(curve[k - 1][1]), py(curve[k][1])
        for t in np.linspace(0, 1, max(2, x1 - x0 + abs(y1 - y0))):
            img[int(y0 + t * (y1 - y0)), int(x0 + t * (x1 - x0))] = (31, 119, 180)
    raw = b"".join(b"\x00" + img[r].tobytes() for r in range(h))
    def chunk(tag, data): return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--env", default="cardboard/AbanSolo-v0")
    parser.add_argument("--minutes", type=float, default=8.0, help="training time (CPU wall clock)")
    parser.add_argument("--episodes", type=int, default=10**9, help="at most this many training games")
    parser.add_argument("--eval", type=int, default=300, help="evaluation games for each policy")
    parser.add_argument("--lr", type=float, default=0.002)
    parser.add_argument("--png", default=None)
    args = parser.parse_args()
    env = gym.make(args.env)
    policy = Policy(env.action_space.n, env.observation_space.shape[0], 0)
    rng = np.random.default_rng(1)
    end = time.monotonic() + 60 * args.minutes
    baseline, scores, curve, games = None, [], [], 0
    while time.monotonic() < end and games < args.episodes:
        score, trace = episode(env, policy, seed=1_000_000 + games, learn=True)
        baseline = score if baseline is None else 0.99 * baseline + 0.01 * score
        update(policy, trace, (score - baseline) / 10.0, args.lr)
        scores.append(score)
        games += 1
        if games % 100 == 0:
            curve.append((games, float(np.mean(scores[-200:]))))
    learned = [episode(env, policy, seed=s, greedy=True)[0] for s in range(args.eval)]
    rand = [episode(env, None, seed=s, random=True, rng=rng)[0] for s in range(args.eval)]
    diff = np.array(learned) - np.array(rand)  # the same games (seeds), paired
    half = 1.96 * diff.std(ddof=1) / math.sqrt(len(diff))
    print(f"trained on {games} games; evaluation on {args.eval} games (seeds 0-{args.eval - 1}, paired):")
    print(f"  learner (greedy): mean {np.mean(learned):.2f}")
    print(f"  random policy:    mean {np.mean(rand):.2f}")
    print(f"  gain: {diff.mean():+.2f} (95% interval {diff.mean() - half:+.2f} to {diff.mean() + half:+.2f})")
    if args.png:
        write_png(args.png, curve or [(games, float(np.mean(scores or [0])))], float(np.mean(rand)))
        print(f"  learning curve: {args.png}")
    return diff.mean() - half


if __name__ == "__main__":
    main()
