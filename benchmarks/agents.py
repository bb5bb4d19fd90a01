"""How strong and how fast the agents are: the figures issue #5 asks for.

    python benchmarks/agents.py match aban --vs heuristic --games 40 [--agent hard:1] [--players 2] [--seed S] [--first K] [--cpu-time]
    python benchmarks/agents.py solo --games 200 [--agent hard:1] [--first K] [--clairvoyant] [--cpu-time]
    python benchmarks/agents.py speed [--seconds 0.5 | --iterations 150] [--only abyss]
    python benchmarks/agents.py team aberration --vs heuristic --games 20 [--agent hard:1] [--players 1] [--options JSON] [--cpu-time]

`match` plays the agent against an opponent with seats rotated (the arena), `team` plays a
co-operative game with the agent in every seat and, on the same deals, the opponent's team (a paired
comparison: the deal is the only thing the two runs share), `solo` gives the
distribution of Aban! solo scores with the rulebook's bands, `speed` measures MCTS iterations per
second (random rollouts, from the positions of random games); `match --hints JSON` tries other
search settings than the game's. Each run merges its entry into
`benchmarks/agents-results.json` under its label, so runs can go in parallel processes.
"""
from __future__ import annotations

import argparse
import fcntl
import json
import platform
import random
import statistics
import sys
import time
from pathlib import Path

from rich.console import Console

import cardboard
from cardboard.agents import make_agent
from cardboard.agents.arena import arena, print_arena
from cardboard.engine import game_class

OUT = Path(__file__).with_name("agents-results.json")
BANDS = [(1, "You'll do better"), (15, "Not bad!"), (30, "Goddess Ixchel will like it!"),
         (43, "Awesome"), (54, "Aban-tastic!"), (71, "No words... Great!")]


def save(label: str, entry: dict, path: Path = OUT) -> None:
    with open(path.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        doc = json.loads(path.read_text()) if path.exists() else {}
        doc.setdefault("machine", {"python": platform.python_version(), "platform": platform.platform()})
        doc.setdefault("runs", {})[label] = {**entry, "date": time.strftime("%Y-%m-%d")}
        path.write_text(json.dumps(doc, indent=1, sort_keys=True) + "\n")


def match(args) -> None:
    started = time.time()
    label = f"{args.game} {args.players}p {args.agent} vs {args.vs}"
    if args.hints:  # this run's search settings instead of the game's (the label says which)
        cls = game_class(args.game)
        try:
            hints = json.loads(args.hints)
        except ValueError as exc:
            raise SystemExit(f"--hints must be JSON: {exc}") from None
        if not isinstance(hints, dict) or not isinstance(hints.get("search", {}), dict):
            raise SystemExit('--hints must be a JSON object, e.g. \'{"search": {"width": 6}}\'')
        cls.search_hints = {**cls.search_hints, **hints,
                            "search": {**cls.search_hints.get("search", {}), **hints.get("search", {})}}
        label += f" hints {json.dumps(hints, sort_keys=True)}"
    report = arena(args.game, [args.agent, args.vs], games=args.games, players=args.players, seed=args.seed,
                   progress=lambda k: print(f"\r{k}/{args.games}", end="", file=sys.stderr, flush=True),
                   first=args.first, cpu_time=args.cpu_time)
    print(file=sys.stderr)
    print_arena(report, Console())
    report["wall_s"] = round(time.time() - started)
    # runs of other seeds (other games) keep their own entries, to be pooled
    label += f" seed {args.seed}" if args.seed else ""
    label += f" games {args.first}-{args.first + args.games - 1}" if args.first else ""
    label += " cpu time" if args.cpu_time else ""
    save(label, report)


def team(args) -> None:
    """Co-operative games have no opponent at the table: each agent's team plays the same deals
    (game k of the seed's sequence), so the difference is the agents' alone."""
    from cardboard.agents.arena import wilson

    started = time.time()
    try:
        options = json.loads(args.options) if args.options else None
    except ValueError as exc:
        raise SystemExit(f"--options must be JSON: {exc}") from None
    if not game_class(args.game).cooperative:
        raise SystemExit(f"{args.game} is not a co-operative game: use `match`")
    runs = {}
    for name in (args.agent, args.vs):
        runs[name] = arena(args.game, [name], games=args.games, players=args.players, seed=args.seed,
                           options=options, first=args.first, cpu_time=args.cpu_time,
                           progress=lambda k, n=name: print(f"\r{n} {k}/{args.games}", end="", file=sys.stderr,
                                                            flush=True))
        print(file=sys.stderr)
    won = {name: [p["shares"][0] == 1.0 for p in r["played"]] for name, r in runs.items()}
    a, b = won[args.agent], won[args.vs]
    entry = {"game": args.game, "players": args.players, "options": options or {}, "games": args.games,
             "seed": args.seed, "first_game": args.first, "clock": "cpu" if args.cpu_time else "wall",
             "teams": {name: {"wins": sum(w), "win_rate": sum(w) / len(w), "ci95": list(wilson(sum(w), len(w))),
                              "sec_per_move": r["results"][name]["sec_per_move"]}
                       for (name, r), w in zip(runs.items(), (a, b))},
             # the discordant deals: what a paired (McNemar) comparison reads
             "only_agent_won": sum(x and not y for x, y in zip(a, b)),
             "only_vs_won": sum(y and not x for x, y in zip(a, b)),
             "wall_s": round(time.time() - started)}
    print(json.dumps(entry, indent=1))
    label = f"{args.game} {args.players}p team {args.agent} vs team {args.vs}"
    label += f" {json.dumps(options, sort_keys=True)}" if options else ""
    label += f" seed {args.seed}" if args.seed else ""
    label += f" games {args.first}-{args.first + args.games - 1}" if args.first else ""
    label += " cpu time" if args.cpu_time else ""
    save(label, entry)


def band(score: float) -> str:
    name = BANDS[0][1]
    for low, label in BANDS:
        if score >= low:
            name = label
    return name


def solo_game(name: str, k: int, seed: int, clairvoyant: bool = False, cpu_time: bool = False) -> float:
    state = cardboard.load_game("aban", players=1, seed=10_000 + seed * 1000 + k).new_initial_state()
    agent = make_agent(name, seed=k, game_id="aban", cpu_time=cpu_time)
    while not state.is_terminal():
        state.apply(agent.choose(_Clairvoyant(state) if clairvoyant else state))
    return state.scores()[0]


class _Clairvoyant:
    """A diagnostic, not a fair player: the state as a search sees it, except that every
    determinization is the true game, future dice included (a clone keeps the game's RNG).
    What a search scores with it bounds what better guessing of the dice could give it."""

    def __init__(self, state):
        self._state = state

    def determinize(self, seat, seed):
        return self._state.clone()

    def __getattr__(self, name):
        return getattr(self._state, name)


def summary(scores: list[float]) -> dict:
    scores = sorted(scores)
    q = statistics.quantiles(scores, n=4)
    return {"games": len(scores), "median": statistics.median(scores), "mean": round(statistics.fmean(scores), 2),
            "q1": q[0], "q3": q[2], "min": scores[0], "max": scores[-1],
            "bands": {label: sum(1 for s in scores if band(s) == label) for _, label in BANDS}}


def solo(args) -> None:
    scores, base = [], []
    for k in range(args.first, args.first + args.games):
        scores.append(solo_game(args.agent, k, args.seed, args.clairvoyant, args.cpu_time))
        base.append(solo_game("heuristic", k, args.seed))  # the same gardens and dice: a paired baseline
        print(f"\r{len(scores)}/{args.games} median so far {statistics.median(scores)}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    diffs = [a - b for a, b in zip(scores, base)]
    entry = {"agent": args.agent, **summary(scores), "heuristic_same_games": summary(base), "scores": scores,
             "mean_gain_over_heuristic": round(statistics.fmean(diffs), 2),
             "gain_stdev": round(statistics.stdev(diffs), 2) if len(diffs) > 1 else 0.0}
    print(json.dumps(entry, indent=1))
    label = f"aban solo {args.agent}" + (" clairvoyant (diagnostic)" if args.clairvoyant else "")
    label += " cpu time" if args.cpu_time else ""
    whole = args.first == 0 and args.games == 200
    save(label + ("" if whole else f" games {args.first}-{args.first + args.games - 1}"), entry)


def speed(args) -> None:
    """MCTS iterations per second with random rollouts, at every 7th decision of seeded random games.
    With --iterations the work is fixed and timed in CPU seconds: on a shared machine two checkouts
    compare fairly, and the decisions' fingerprint says whether they searched alike."""
    import hashlib

    from cardboard.agents import MCTSAgent
    clock = time.process_time if args.iterations else time.perf_counter
    rows = {}
    for game_id in args.only or ("aban", "abyss", "hideous-abomination"):
        its = spent = 0.0
        start_its = start_spent = 0.0
        decisions = hashlib.sha1()
        for seed in range(3):
            state = cardboard.load_game(game_id, players=2, seed=seed).new_initial_state()
            r = random.Random(seed)
            if args.iterations:
                agent = MCTSAgent(seed, iterations=args.iterations)
            else:
                agent = MCTSAgent(seed, iterations=None, seconds=args.seconds)
            step = 0
            while not state.is_terminal():
                if step % 7 == 0 and len(state.legal_actions()) > 1:
                    t = clock()
                    decisions.update(str(agent.choose(state)).encode())
                    dt = clock() - t
                    its += agent.last_iterations
                    spent += dt
                    if step == 0 or start_spent == 0:
                        start_its += agent.last_iterations
                        start_spent += dt
                state.apply(r.choice(state.legal_actions()))
                step += 1
        rows[game_id] = {"sims_per_s_over_game": round(its / spent), "sims_per_s_first_decision": round(start_its / start_spent)}
        if args.iterations:
            rows[game_id]["decisions"] = decisions.hexdigest()[:12]
        print(game_id, rows[game_id])
    label = "mcts speed 2p (random rollouts)"
    if args.iterations:
        label += f" {args.iterations} iterations, cpu time"
    label += f" {args.label}" if args.label else ""
    save(label, {**rows, "cardboard_source": cardboard.__file__})


CPU_HELP = ("time budgets in CPU seconds of the process, not wall seconds: the same search whatever else "
             "the machine runs, but for what sharing the processor's caches costs")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    m = sub.add_parser("match")
    m.add_argument("game")
    m.add_argument("--vs", default="heuristic")
    m.add_argument("--agent", default="hard:1")
    m.add_argument("--games", type=int, default=40)
    m.add_argument("--players", type=int, default=2)
    m.add_argument("--seed", type=int, default=0)
    m.add_argument("--first", type=int, default=0, help="start at game K of the seed's sequence (runs of other ranges pool)")
    m.add_argument("--hints", default="", help='search hints for this run, JSON, e.g. \'{"search": {"width": 6}}\'')
    m.add_argument("--cpu-time", action="store_true", help=CPU_HELP)
    t = sub.add_parser("team")
    t.add_argument("game")
    t.add_argument("--vs", default="heuristic")
    t.add_argument("--agent", default="hard:1")
    t.add_argument("--games", type=int, default=20)
    t.add_argument("--players", type=int, default=1)
    t.add_argument("--seed", type=int, default=0)
    t.add_argument("--first", type=int, default=0)
    t.add_argument("--options", default="", help='the game\'s options, JSON, e.g. \'{"scenario": "long_night"}\'')
    t.add_argument("--cpu-time", action="store_true", help=CPU_HELP)
    s = sub.add_parser("solo")
    s.add_argument("--agent", default="hard:1")
    s.add_argument("--games", type=int, default=200)
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--first", type=int, default=0, help="start at game K (runs of other ranges pool)")
    s.add_argument("--clairvoyant", action="store_true",
                   help="diagnostic: the search's determinizations are the true future (not a fair player)")
    s.add_argument("--cpu-time", action="store_true", help=CPU_HELP)
    sp = sub.add_parser("speed")
    sp.add_argument("--seconds", type=float, default=0.5)
    sp.add_argument("--iterations", type=int, default=0,
                    help="a fixed number of iterations a decision, timed in CPU seconds (compare checkouts on a busy machine)")
    sp.add_argument("--only", nargs="*", metavar="GAME", help="game ids (default: aban abyss hideous-abomination)")
    sp.add_argument("--label", default="", help="added to the entry's label, e.g. 'before' (with PYTHONPATH at an older checkout)")
    args = p.parse_args()
    {"match": match, "team": team, "solo": solo, "speed": speed}[args.cmd](args)


if __name__ == "__main__":
    main()
