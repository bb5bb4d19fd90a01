"""Bots against bots: win rates, scores and game length, seats rotated between games."""
from __future__ import annotations

import statistics
import time

from .agents import make_agent
from .agents.arena import play_game, record
from .engine import ConfigError, derive_seed, load_game


def simulate(game_id: str, agents: list[str], games: int = 100, players: int | None = None,
             seed: int = 0, options: dict | None = None, progress=None) -> dict:
    """Play `games` bot games; `progress(done)` is called after each one (for a progress bar)."""
    if not agents:
        raise ConfigError("name at least one agent, e.g. --agents random,greedy")
    if games < 1:
        raise ConfigError("--games must be at least 1")
    players = players or len(agents)
    stats = {name: {"seats": 0, "wins": 0.0, "scores": []} for name in agents}
    lengths, started = [], time.perf_counter()
    for k in range(games):
        game = load_game(game_id, players=players, seed=derive_seed(seed, k), options=options)
        # Rotate seats so every agent sits everywhere equally often.
        seating = [agents[(s + k) % len(agents)] for s in range(players)]
        bots = [make_agent(name, seed=derive_seed(seed, k, s), game_id=game_id) for s, name in enumerate(seating)]
        state, _, _ = play_game(game, bots)
        lengths.append(len(state))
        record(stats, seating, state)
        if progress is not None:
            progress(k + 1)
    elapsed = time.perf_counter() - started
    results = {}
    for name, e in stats.items():
        sc = e["scores"]
        results[name] = {
            "seats": e["seats"],
            "win_rate": e["wins"] / e["seats"] if e["seats"] else 0.0,
            "mean_score": statistics.fmean(sc) if sc else 0.0,
            "stdev_score": statistics.pstdev(sc) if len(sc) > 1 else 0.0,
            "min_score": min(sc) if sc else 0.0,
            "max_score": max(sc) if sc else 0.0,
        }
    return {
        "game": game_id, "games": games, "players": players, "agents": agents,
        "results": results,
        "mean_length": statistics.fmean(lengths), "max_length": max(lengths),
        "seconds": elapsed,
    }


def print_report(report: dict, console=None) -> None:
    from rich.console import Console
    from rich.table import Table

    console = console or Console()
    table = Table(title=f"{report['game']}: {report['games']} games, {report['players']} seats")
    for col in ("agent", "seats", "win rate", "mean score", "spread (sd)", "min", "max"):
        table.add_column(col, justify="left" if col == "agent" else "right")
    for name, r in report["results"].items():
        table.add_row(name, str(r["seats"]), f"{r['win_rate']:.1%}", f"{r['mean_score']:.1f}",
                      f"{r['stdev_score']:.1f}", f"{r['min_score']:g}", f"{r['max_score']:g}")
    console.print(table)
    console.print(f"game length: mean {report['mean_length']:.1f} moves, longest {report['max_length']}; "
                  f"{report['games'] / report['seconds']:.1f} games/s")
