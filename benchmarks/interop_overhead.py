"""The research adapters' overhead: the PettingZoo env with random masked choices against the
engine's own random playout, side by side, per game.

    python benchmarks/interop_overhead.py [--games 20] [--game ID ...]          CPU time
    python benchmarks/interop_overhead.py --callgrind [--games 4] [--game ID]   instruction counts

What is compared, per game (its first set-up), on the same seeds 0..games-1:

engine    the engine's random playout as its search agents run it: `legal = state.legal_actions()`,
          a uniform pick with the engine's Rng, `state.apply_trusted(move)` (no second legality
          check: the env's table plays its moves the same way), a new game per seed, to the end of
          each game. Unit: a move.
env       the PettingZoo AEC env (`cardboard.interop.pettingzoo.env`, in its order-enforcing
          wrapper): `env.last(observe=False)`, the mask from `info["action_mask"]`, a uniform
          pick among `mask.nonzero()[0]` (`--pick flatnonzero`: `np.flatnonzero(mask)`, a
          Python-level numpy function that costs 4x as much) with the same Rng,
          `env.step(int(choice))`, to the end of each game (the dead steps of the end included).
          Unit: a step (one sub-choice; a move of several parts is several steps) and a move
          (the engine moves those steps made).
env+obs   the same with `env.last()`: the observation vector built every step.

The ratios: env steps/s / engine moves/s (the issue's "env steps/s ... at least 70% of the
engine's actions/s"), and env moves/s / engine moves/s (the same work, a whole move each side).
The env picks choice by choice, so its games are not the engine's: each side is measured per
its own unit over whole games.

CPU time is `time.process_time()` (the process's own CPU time: steadier than wall time on a
shared machine, still not immune). `--callgrind` runs each game once under valgrind's callgrind
(PYTHONHASHSEED=0) and counts instructions between markers (a call of zlib.adler32 dumps the
counters), after one warm-up game of each loop: repeatable on a loaded machine.
"""
from __future__ import annotations

import argparse
import glob
import os
import re
import subprocess
import sys
import tempfile
import time
import zlib

import numpy as np

import cardboard
from cardboard.engine import Rng, game_class
from cardboard.interop import pettingzoo as cz

WARM_SEED = 10_000
PICKS = ("nonzero", "flatnonzero")
FLAT = False   # --pick flatnonzero: the loop lists the legal choices with np.flatnonzero(mask)


def mark() -> None:
    """Under `--callgrind`, dumps the instruction counters (the run starts valgrind with
    --dump-before=zlib_adler32)."""
    zlib.adler32(b"")


def engine_games(game_id: str, players: int, seeds) -> int:
    cls = game_class(game_id)
    moves = 0
    for seed in seeds:
        state = cls(players, seed, {}).new_initial_state()
        rng = Rng(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_trusted(legal[rng.below(len(legal))])
            moves += 1
    return moves


def replay_plan(game_id: str, players: int, histories) -> list:
    """For each env game, the index of each of its moves in `legal_actions()` (made untimed)."""
    cls = game_class(game_id)
    plan = []
    for seed, history in histories:
        state = cls(players, seed, {}).new_initial_state()
        picks = []
        for action in history:
            picks.append(state.legal_actions().index(action))
            state.apply_trusted(action)
        plan.append((seed, picks))
    return plan


def engine_replay(game_id: str, players: int, plan) -> int:
    """The engine's own work on the env's games: legal_actions(), a pick (the Rng drawn as the
    playout does), apply_trusted(the env's move), the same positions as the env met."""
    cls = game_class(game_id)
    moves = 0
    for seed, picks in plan:
        state = cls(players, seed, {}).new_initial_state()
        rng = Rng(seed & 0xFFFF)
        for i in picks:
            legal = state.legal_actions()
            rng.below(len(legal))
            state.apply_trusted(legal[i])
            moves += 1
    return moves


def env_games(env, seeds, observe: bool, histories: list | None = None) -> tuple[int, int]:
    steps = moves = 0
    for seed in seeds:
        env.reset(seed=seed)
        rng = Rng(seed)
        for _agent in env.agent_iter():
            _obs, _reward, term, trunc, info = env.last(observe=observe)
            if term or trunc:
                env.step(None)
            else:
                mask = info["action_mask"]
                legal = np.flatnonzero(mask) if FLAT else mask.nonzero()[0]
                env.step(int(legal[rng.below(len(legal))]))
            steps += 1
        moves += len(env.unwrapped.table.state)
        if histories is not None:
            histories.append((env.unwrapped.table.game.seed, list(env.unwrapped.table.state.history)))
    return steps, moves


def measure(game_id: str, games: int, marks: bool = False) -> dict:
    players = game_class(game_id).setups[0][0]
    env = cz.env(game_id, players=players)
    seeds = range(games)
    # warm-up: one game of each loop (imports, caches, the encoding)
    engine_games(game_id, players, [WARM_SEED])
    env_games(env, [WARM_SEED], False)
    env_games(env, [WARM_SEED], True)
    histories: list = []
    env_games(env, seeds, False, histories)   # the env's games, for the engine to replay
    plan = replay_plan(game_id, players, histories)
    engine_replay(game_id, players, plan[:1])
    out = {"game": game_id, "players": players, "games": games}
    for name, run in (("engine", lambda: engine_games(game_id, players, seeds)),
                      ("replay", lambda: engine_replay(game_id, players, plan)),
                      ("env", lambda: env_games(env, seeds, False)),
                      ("obs", lambda: env_games(env, seeds, True))):
        if marks:
            mark()
        start = time.process_time()
        found = run()
        out[name + "_cpu"] = time.process_time() - start
        out[name] = found
    if marks:
        mark()
    return out


def row(r: dict, engine_move: float, replay_move: float, env_step: float, env_move: float, obs_step: float,
        unit: str) -> str:
    """One table row from the costs per unit (seconds or instructions)."""
    es, emv = r["env"]
    return (f"| {r['game']} | {r['players']} | {r['games']} | {r['engine']:,} | {es:,} | {es / emv:.2f} "
            f"| {engine_move:,.{unit}} | {env_step:,.{unit}} | {engine_move / env_step:.0%} "
            f"| {replay_move:,.{unit}} | {env_move:,.{unit}} | {replay_move / env_move:.0%} "
            f"| {obs_step:,.{unit}} | {engine_move / obs_step:.0%} |")


HEADER = ("| game | players | games | engine moves | env steps | steps/move | engine {u}/move | env {u}/step "
          "| steps/s vs engine moves/s | replay {u}/move | env {u}/move | same games: env moves/s vs engine "
          "| with obs: {u}/step | with obs: steps/s vs engine |")


def report_cpu(r: dict) -> str:
    es, emv = r["env"]
    os_, _ = r["obs"]
    us = 1e6
    return row(r, r["engine_cpu"] / r["engine"] * us, r["replay_cpu"] / r["replay"] * us, r["env_cpu"] / es * us,
               r["env_cpu"] / emv * us, r["obs_cpu"] / os_ * us, "1f")


def callgrind(game_id: str, games: int, pick: str = "nonzero") -> str:
    """One run under callgrind: instructions per engine move, per env step and move."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "cg.out")
        cmd = ["valgrind", "--tool=callgrind", "--dump-before=zlib_adler32", f"--callgrind-out-file={out}",
               sys.executable, __file__, "--inner", "--game", game_id, "--games", str(games), "--pick", pick]
        done = subprocess.run(cmd, env=dict(os.environ, PYTHONHASHSEED="0"), capture_output=True, text=True,
                              check=True)
        counts = re.search(r"RESULT (.*)", done.stdout).group(1)
        r = eval(counts)  # noqa: S307 (our own repr)
        dumps = sorted(glob.glob(out + ".*"), key=lambda p: int(p.rsplit(".", 1)[1]))

        def total(path):
            with open(path) as f:
                return int(re.search(r"^summary: (\d+)", f.read(), re.M).group(1))
        irs = [total(p) for p in dumps]
        if len(irs) != 5:
            raise RuntimeError(f"{game_id}: {len(irs)} counter dumps, not 5: something else called zlib.adler32")
    # dumps: 1 = set-up and warm-up, 2 = engine, 3 = replay, 4 = env, 5 = env+obs
    eng, rep, env, obs = irs[1], irs[2], irs[3], irs[4]
    es, emv = r["env"]
    os_, _ = r["obs"]
    return row(r, eng / r["engine"], rep / r["replay"], env / es, env / emv, obs / os_, "0f")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20, help="games per loop (seeds 0..games-1)")
    parser.add_argument("--game", action="append", help="a game id (default: every game)")
    parser.add_argument("--callgrind", action="store_true", help="count instructions under valgrind instead")
    parser.add_argument("--pick", choices=PICKS, default="nonzero",
                        help="how the env loop lists the legal choices: mask.nonzero()[0] (default) or np.flatnonzero(mask)")
    parser.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    global FLAT
    FLAT = args.pick == "flatnonzero"
    ids = args.game or cardboard.list_games()
    if args.inner:
        print("RESULT", repr(measure(ids[0], args.games, marks=True)), flush=True)
        return
    if args.callgrind:
        print("Instructions (callgrind, PYTHONHASHSEED=0) per unit:")
        print(HEADER.format(u="Ir"))
    else:
        print("CPU time (time.process_time), microseconds per unit:")
        print(HEADER.format(u="us"))
    print("| --- " * 14 + "|")
    for game_id in ids:
        line = callgrind(game_id, args.games, args.pick) if args.callgrind else report_cpu(measure(game_id, args.games))
        print(line, flush=True)


if __name__ == "__main__":
    main()
