"""Aberration balance: the heuristic team (or random/search) plays N games per scenario and player count.

    .venv/bin/python benchmarks/aberration_balance.py --games 500
    .venv/bin/python benchmarks/aberration_balance.py --games 40 --scenarios first_night --players 2,3
    .venv/bin/python benchmarks/aberration_balance.py --games 10 --agent random

Prints, and writes to benchmarks/aberration-balance.json (``--json`` to change, ``--no-json`` not
to): per (scenario, players) the games, the team's win rate with its 95% Wilson interval, the mean
rounds played, how the games were lost (Fear, a 4th Aberration card, an empty Great Beast deck) and
a few of the design's metrics (Fear by source, Aberration cards, Vantage Points unlocked and
corrupted, objectives completed). Game k of a cell uses seed ``derive_seed(<seeds>, scenario,
players, k)`` with ``--seeds`` a tag (default "aberration-balance"): the same command gives the same
figures, and tuning on one tag (``--seeds aberration-tune``) then reporting on another never seen
while tuning (``--seeds aberration-report``) keeps the reported figures honest. ``--set`` overrides
content numbers for a trial without editing the TOML, e.g. ``--set long_night.survival_track.1=7``
(scenario fields) or ``--set spawn_mod.1=0``. Run one at a time (2 cores).
"""
from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from cardboard.engine import derive_seed  # noqa: E402
from cardboard.games.aberration.game import AberrationGame  # noqa: E402

CAUSES = (("Fear", "Fear track"), ("4th Aberration card", "fourth Aberration card"),
          ("empty Great Beast deck", "Great Beast card must be played"))


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    d = 1 + z * z / n
    c = p + z * z / (2 * n)
    r = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return max(0.0, (c - r) / d), min(1.0, (c + r) / d)


def make_agents(kind: str, players: int, seed: int):
    if kind == "heuristic":
        from cardboard.games.aberration.heuristic import AberrationHeuristic
        return [AberrationHeuristic(derive_seed(seed, s)) for s in range(players)]
    if kind == "random":
        from cardboard.agents import RandomAgent
        return [RandomAgent(derive_seed(seed, s)) for s in range(players)]
    from cardboard.agents import make_agent
    return [make_agent(kind, derive_seed(seed, s), "aberration") for s in range(players)]


def play(scenario: str, players: int, k: int, agent: str, seeds: str = "aberration-balance") -> dict:
    seed = derive_seed(seeds, scenario, players, k)
    state = AberrationGame(players=players, seed=seed, options={"scenario": scenario}).new_initial_state()
    bots = make_agents(agent, players, seed)
    while not state.is_terminal():
        state.apply(bots[state.current_player].choose(state))
    cause = next((name for name, text in CAUSES if text in state.cause), state.cause) if state.result == "loss" else ""
    fear = Counter()
    log, events = state.log, []
    while log is not None:
        log, ev = log
        events.append(ev)
    for ev in events:
        kind = ev[2]
        if kind == "enters_village":
            fear["monster enters"] += 2 if ev[3] in ("IV", "V") else 1
        elif kind == "villager_dies":
            fear["villager dies"] += 1
        elif kind == "transform":
            fear["Aberration card"] += 1
        elif kind == "corrupted":
            fear["Point corrupted"] += 1
        elif kind == "influence_full":
            fear["paths full"] += 1
    return {"win": state.result == "win", "cause": cause, "rounds": state.round, "fear": dict(fear),
            "cards": sum(len(h.cards) for h in state.heroes) / players,
            "vps": state.vps_unlocked(), "corrupted": sum(1 for s in state.vp_state if s == 2),
            "objectives": sum(1 for ev in events if ev[2] == "objective"),
            "xp_left": sum(h.xp for h in state.heroes) / players}


def cell(scenario: str, players: int, games: int, agent: str, seeds: str = "aberration-balance") -> dict:
    t0 = time.process_time()
    results = [play(scenario, players, k, agent, seeds) for k in range(games)]
    wins = sum(r["win"] for r in results)
    lo, hi = wilson(wins, games)
    losses = Counter(r["cause"] for r in results if not r["win"])
    fear = Counter()
    for r in results:
        fear.update(r["fear"])
    mean = lambda key: round(sum(r[key] for r in results) / games, 2)  # noqa: E731
    rounds = sorted(r["rounds"] for r in results)
    return {"scenario": scenario, "players": players, "agent": agent, "games": games, "wins": wins,
            "win_rate": round(wins / games, 3), "ci95": [round(lo, 3), round(hi, 3)],
            "mean_rounds": mean("rounds"), "median_rounds": rounds[len(rounds) // 2],
            "losses": dict(losses.most_common()),
            "loss_shares": {k: round(v / max(1, games - wins), 3) for k, v in losses.most_common()},
            "fear_by_source": {k: round(v / games, 2) for k, v in fear.most_common()},
            "aberration_cards_per_hero": mean("cards"), "vps_unlocked": mean("vps"),
            "vps_corrupted": mean("corrupted"), "objectives": mean("objectives"), "xp_left": mean("xp_left"),
            "cpu_seconds": round(time.process_time() - t0, 1), "seeds": seeds}


def override(spec: str) -> None:
    """--set KEY=VALUE on the loaded content (a trial, not saved): `<scenario>.<field>[.<players>]`
    or `spawn_mod.<players>` / `items_each.<players>`."""
    from cardboard.games.aberration.content import load_content
    key, _, value = spec.partition("=")
    parts = key.split(".")
    c = load_content()
    val = json.loads(value)
    if parts[0] in ("spawn_mod", "items_each", "objective_tokens"):
        getattr(c.player_count, parts[0])[int(parts[1])] = val
        return
    sc = c.get("scenarios", parts[0])
    field = parts[1]
    if len(parts) == 3:
        cur = getattr(sc, field)
        cur = dict(cur) if isinstance(cur, dict) else {n: cur for n in (1, 2, 3, 4)}
        cur[int(parts[2])] = val
        object.__setattr__(sc, field, cur)
    else:
        object.__setattr__(sc, field, val)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--scenarios", default="first_night,long_night")
    ap.add_argument("--players", default="1,2,3,4")
    ap.add_argument("--agent", default="heuristic")
    ap.add_argument("--seeds", default="aberration-balance", help="seed tag: tune on one, report on another")
    ap.add_argument("--set", action="append", default=[], help="content override for a trial, KEY=VALUE")
    ap.add_argument("--json", default=str(ROOT / "benchmarks" / "aberration-balance.json"))
    ap.add_argument("--no-json", action="store_true")
    args = ap.parse_args(argv)
    for spec in args.set:
        override(spec)
    rows = []
    print(f"{'scenario':12} {'p':>2} {'games':>6} {'win':>6} {'95% CI':>13} {'rounds':>6}  losses")
    for scenario in args.scenarios.split(","):
        for players in [int(x) for x in args.players.split(",")]:
            r = cell(scenario, players, args.games, args.agent, args.seeds)
            rows.append(r)
            losses = ", ".join(f"{k} {v}" for k, v in r["losses"].items()) or "-"
            print(f"{scenario:12} {players:>2} {r['games']:>6} {r['win_rate']:>6.1%} "
                  f"{r['ci95'][0]:>6.1%}-{r['ci95'][1]:<6.1%} {r['mean_rounds']:>6}  {losses}"
                  f"  | fear {r['fear_by_source']} cards {r['aberration_cards_per_hero']} vps {r['vps_unlocked']}"
                  f" corrupted {r['vps_corrupted']} obj {r['objectives']} xp_left {r['xp_left']} ({r['cpu_seconds']}s)",
                  flush=True)
    if not args.no_json:
        Path(args.json).write_text(json.dumps({"agent": args.agent, "seeds": args.seeds, "set": args.set,
                                               "cells": rows}, indent=1) + "\n")


if __name__ == "__main__":
    main()
