"""Round robins between agents: win rates with 95% intervals, scores, seat advantage, speed."""
from __future__ import annotations

import math
import statistics
import time
from itertools import permutations

from cardboard.engine import ConfigError, derive_seed, load_game
from cardboard.engine.collector import bulk_play


def wilson(share_sum: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (win shares count as fractional wins)."""
    if n == 0:
        return 0.0, 1.0
    p = share_sum / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def lineups(agents: list[str], players: int) -> list[tuple[str, ...]]:
    """Every ordered seating of distinct agents (so each meets each in every seat);
    with fewer agents than seats the list of agents is cycled."""
    pool = agents if len(agents) >= players else (agents * players)[:players]
    seatings = sorted(set(permutations(pool, players)))
    return seatings


def play_game(game, bots, clock=time.perf_counter) -> tuple:
    """One game, one agent per seat: the final state and, per seat, seconds spent choosing
    (by `clock`) and moves made. Played with the cyclic collector paused (engine/collector.py)."""
    seconds = [0.0] * game.players
    moves = [0] * game.players
    with bulk_play():
        state = game.new_initial_state()
        while not state.is_terminal():
            seat = state.current_player
            started = clock()
            action = bots[seat].choose(state)
            seconds[seat] += clock() - started
            moves[seat] += 1
            state.apply(action)
    return state, seconds, moves


def record(stats: dict, seating, state) -> list[float]:
    """Add a finished game to per-agent stats (seats, scores, win shares); returns each
    seat's win share."""
    scores, winners = state.scores(), state.winners()
    if state.game.cooperative:  # the team wins or loses as one: a win counts whole for every seat
        shares = [1.0 if s in winners else 0.0 for s in range(len(seating))]
    else:
        shares = [1 / len(winners) if s in winners else 0.0 for s in range(len(seating))]
    for s, name in enumerate(seating):
        entry = stats[name]
        entry["seats"] += 1
        entry["scores"].append(scores[s])
        entry["wins"] += shares[s]
    return shares


def arena(game_id: str, agents: list[str], games: int, players: int = 2, seed: int = 0,
          options: dict | None = None, progress=None, first: int = 0, cpu_time: bool = False) -> dict:
    """Games `first` to `first + games - 1` of the seed's sequence: game k has the same deal,
    seating and agent seeds however a run is split, so runs of consecutive ranges (in parallel
    processes, or one after another) pool into one run; `played` lists each game's result.
    `cpu_time`: the agents' time budgets, and the seconds a move reported, are CPU seconds of
    this process, so that a run measures the same agents however busy the machine is."""
    from . import make_agent

    if len(agents) < 1 or games < 1:
        raise ConfigError("an arena needs at least one agent and one game")
    if first < 0:
        raise ConfigError(f"the first game is numbered 0 or more, not {first}")
    tables = lineups(agents, players)
    stats = {a: {"seats": 0, "wins": 0.0, "scores": [], "time": 0.0, "moves": 0} for a in agents}
    seat_wins = [0.0] * players
    played = []
    for k in range(first, first + games):
        seating = tables[k % len(tables)]
        game = load_game(game_id, players=players, seed=derive_seed(seed, "arena", k), options=options)
        bots = [make_agent(name, seed=derive_seed(seed, k, s), game_id=game_id, cpu_time=cpu_time)
                for s, name in enumerate(seating)]
        state, seconds, moves = play_game(game, bots, time.process_time if cpu_time else time.perf_counter)
        for s, name in enumerate(seating):
            stats[name]["time"] += seconds[s]
            stats[name]["moves"] += moves[s]
        shares = record(stats, seating, state)
        for s, share in enumerate(shares):
            seat_wins[s] += share
        played.append({"game": k, "seating": list(seating), "scores": state.scores(), "shares": shares})
        if progress:
            progress(k + 1 - first)
    results = {}
    for name, e in stats.items():
        lo, hi = wilson(e["wins"], e["seats"])
        results[name] = {
            "seats": e["seats"],
            "win_rate": e["wins"] / e["seats"] if e["seats"] else 0.0,
            "ci95": [lo, hi],
            "mean_score": statistics.fmean(e["scores"]) if e["scores"] else 0.0,
            "sec_per_move": e["time"] / e["moves"] if e["moves"] else 0.0,
        }
    return {"game": game_id, "games": games, "first_game": first, "players": players, "agents": agents,
            "seed": seed, "clock": "cpu" if cpu_time else "wall", "results": results,
            "seat_win_rate": [w / games for w in seat_wins], "played": played}


def print_arena(report: dict, console=None) -> None:
    from rich.console import Console
    from rich.table import Table

    console = console or Console()
    first = report.get("first_game", 0)
    which = f" ({first}–{first + report['games'] - 1} of seed {report.get('seed', 0)})" if first else ""
    table = Table(title=f"{report['game']}: {report['games']} games{which}, {report['players']} seats, seats rotated")
    per_move = "CPU s/move" if report.get("clock") == "cpu" else "s/move"
    for col in ("agent", "seats", "win rate", "95% CI", "mean score", per_move):
        table.add_column(col, justify="left" if col == "agent" else "right")
    for name, r in report["results"].items():
        lo, hi = r["ci95"]
        table.add_row(name, str(r["seats"]), f"{r['win_rate']:.1%}", f"{lo:.1%} – {hi:.1%}",
                      f"{r['mean_score']:.1f}", f"{r['sec_per_move']:.4f}")
    console.print(table)
    fair = 1 / report["players"]
    seats = ", ".join(f"seat {i}: {w:.1%}" for i, w in enumerate(report["seat_win_rate"]))
    console.print(f"wins by seat (fair {fair:.0%}): {seats}")
