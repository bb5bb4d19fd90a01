"""Engine throughput benchmarks: random playouts, clone(), legal_actions(), apply() and MCTS iterations.

A plain script (no pytest-benchmark). Every measurement runs for a fixed wall time
(`--seconds`, default 2 s), prints a rich table and writes the numbers as JSON
(`--json`, default benchmarks/results.json). See benchmarks/README.md.

    python benchmarks/run.py [--seconds 2] [--json PATH] [--seed 1]

Before and after on one machine: `--compare REV` extracts the tree at REV (`git archive` of its
`src/` and `benchmarks/` into a temporary directory) and measures it against this working tree in
alternating subprocesses (`PYTHONPATH=<tree>/src`, `PYTHONHASHSEED=0`), `--rounds` rounds (fixed
before the run; the order of the two trees alternates from round to round), in CPU seconds of each
subprocess (`time.process_time`), so other work on a shared machine matters less. Each tree's
random playouts are its own run.py's loop as it ran then (an older one with the cyclic collector
on); the MCTS column is this file's fixed work (the same code for both trees). It prints each
round's ratio and the median with its range, and writes them as JSON.

    python benchmarks/run.py --compare 3cd8602 --only Abyss --rounds 5 --seconds 1 [--preload]
"""
from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

import cardboard
from cardboard.engine import Rng

# (label, game id, players, options)
CONFIGS = [
    ("Aban! solo", "aban", 1, {}),
    ("Aban! 2p", "aban", 2, {}),
    ("Aban! 4p", "aban", 4, {}),
    ("Aban! 4p+exp", "aban", 4, {"expansion": True}),
    ("Hideous Abom. 2p", "hideous-abomination", 2, {}),
    ("Hideous Abom. 5p", "hideous-abomination", 5, {}),
    ("Abyss 2p", "abyss", 2, {}),
    ("Abyss 4p", "abyss", 4, {}),
    ("Abomination 2p", "abomination", 2, {}),
    ("Abomination 4p", "abomination", 4, {}),
    ("Aberration 1p", "aberration", 1, {}),
    ("Aberration 4p", "aberration", 4, {}),
    ("Aberration 4p long", "aberration", 4, {"scenario": "long_night"}),
]

POOL_GAMES = 24  # random games the mid-game states are taken from
POOL_PER_GAME = 4  # states taken from each of them
BATCH = 512  # calls between two looks at the clock (and states prepared per batch)
MCTS_DECISIONS = 12  # mid-game states the MCTS agent decides ...
MCTS_ITERATIONS = 50  # ... at this many iterations each

clock = time.perf_counter


def random_playouts(game_id: str, players: int, options: dict, seconds: float, rng: Rng) -> dict:
    """Whole games from set-up to the end, every move uniform over the legal ones: the full
    list is needed here (a uniform draw from it, so the same seeds play the same games before
    and after a change to how moves are listed), not the game's cheaper `sample_action`. Each
    game is played as the arena plays it, with the cyclic collector paused (`bulk_play`)."""
    from cardboard.engine.collector import bulk_play  # here: --compare runs this file on older trees

    games = actions = 0
    start = clock()
    deadline = start + seconds
    while True:
        with bulk_play():
            game = cardboard.load_game(game_id, players=players, seed=rng.next64(), options=options)
            state = game.new_initial_state()
            while not state.is_terminal():
                legal = state.legal_actions()
                state.apply(legal[rng.below(len(legal))])
                actions += 1
        games += 1
        if clock() >= deadline:
            break
    elapsed = clock() - start
    return {
        "games": games,
        "actions": actions,
        "elapsed_s": elapsed,
        "games_per_s": games / elapsed,
        "actions_per_s": actions / elapsed,
        "actions_per_game": actions / games,
    }


def mid_game_states(game_id: str, players: int, options: dict, rng: Rng) -> list:
    """States from the second and third quarters of random games, legal moves not yet listed."""
    pool = []
    for _ in range(POOL_GAMES):
        game = cardboard.load_game(game_id, players=players, seed=rng.next64(), options=options)
        state = game.new_initial_state()
        trail = [state.clone()]
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
            trail.append(state.clone())  # cloned right after apply: its legal-move cache is empty
        middle = trail[len(trail) // 4: max(len(trail) // 4 + 1, 3 * len(trail) // 4)]
        middle = [s for s in middle if not s.is_terminal()]
        for _ in range(min(POOL_PER_GAME, len(middle))):
            pool.append(middle[rng.below(len(middle))])
    return pool


def _rate(calls: int, elapsed: float) -> dict:
    return {"calls": calls, "elapsed_s": elapsed, "per_s": calls / elapsed if elapsed else 0.0,
            "us_per_call": 1e6 * elapsed / calls if calls else 0.0}


def bench_clone(pool: list, seconds: float) -> dict:
    calls = 0
    elapsed = 0.0
    n = len(pool)
    while elapsed < seconds:
        t0 = clock()
        for i in range(BATCH):
            pool[i % n].clone()
        elapsed += clock() - t0
        calls += BATCH
    return _rate(calls, elapsed)


def bench_legal_actions(pool: list, seconds: float) -> dict:
    """legal_actions() on states that have not listed their moves yet (the cache is empty)."""
    calls = 0
    elapsed = 0.0
    n = len(pool)
    moves = 0
    while elapsed < seconds:
        fresh = [pool[(calls + i) % n].clone() for i in range(BATCH)]  # not timed
        t0 = clock()
        for state in fresh:
            state.legal_actions()
        elapsed += clock() - t0
        moves += sum(len(s.legal_actions()) for s in fresh)
        calls += BATCH
    out = _rate(calls, elapsed)
    out["mean_legal_moves"] = moves / calls
    return out


def bench_apply(pool: list, seconds: float, rng: Rng) -> dict:
    """apply() of a random legal move; the moves were listed beforehand (not timed)."""
    calls = 0
    elapsed = 0.0
    n = len(pool)
    while elapsed < seconds:
        batch = []
        for i in range(BATCH):  # not timed
            state = pool[(calls + i) % n].clone()
            legal = state.legal_actions()
            batch.append((state, legal[rng.below(len(legal))]))
        t0 = clock()
        for state, action in batch:
            state.apply(action)
        elapsed += clock() - t0
        calls += BATCH
    return _rate(calls, elapsed)


def bench_mcts(pool: list, decisions: int = MCTS_DECISIONS, iterations: int = MCTS_ITERATIONS) -> dict:
    """The plain `MCTSAgent` (random rollouts: the game's `sample_action`, UCT tree) deciding
    `decisions` of the mid-game states at a fixed number of iterations each: fixed work, timed in
    wall seconds (and CPU seconds: on a shared machine they are the fairer figure); `fingerprint`
    hashes the moves chosen, so two checkouts can be seen to search alike."""
    from cardboard.agents import MCTSAgent

    digest = hashlib.sha1()
    its = 0
    elapsed = cpu = 0.0
    made = 0
    for i, state in enumerate(pool):
        if made == decisions:
            break
        state = state.clone()
        if len(state.legal_actions()) < 2:
            continue
        agent = MCTSAgent(i, iterations=iterations)
        t0, c0 = clock(), time.process_time()
        move = agent.choose(state)
        elapsed += clock() - t0
        cpu += time.process_time() - c0
        its += agent.last_iterations
        made += 1
        digest.update(str(move).encode())
    return {"decisions": made, "iterations": its, "elapsed_s": elapsed, "cpu_s": cpu,
            "iterations_per_s": its / elapsed if elapsed else 0.0,
            "iterations_per_cpu_s": its / cpu if cpu else 0.0, "fingerprint": digest.hexdigest()[:12]}


def warm_up(game_id: str, players: int, options: dict) -> None:
    """Import the game's modules and fill its caches before anything is timed."""
    rng = Rng(0)
    for _ in range(3):
        game = cardboard.load_game(game_id, players=players, seed=rng.next64(), options=options)
        state = game.new_initial_state()
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])


def run(seconds: float, seed: int, console: Console, only: str | None = None) -> list[dict]:
    results = []
    for label, game_id, players, options in CONFIGS:
        if only and only.lower() not in label.lower():
            continue
        console.print(f"[dim]measuring {label} ...[/dim]")
        warm_up(game_id, players, options)
        rng = Rng(seed)
        playout = random_playouts(game_id, players, options, seconds, rng)
        # the states come from their own seed: how many playouts fit in the time varies, and the
        # MCTS fingerprint must be of the same positions every run
        pool = mid_game_states(game_id, players, options, Rng(seed + 0x9E3779B9))
        results.append({
            "label": label,
            "game": game_id,
            "players": players,
            "options": options,
            "playout": playout,
            "mid_game_states": len(pool),
            "clone": bench_clone(pool, seconds),
            "legal_actions": bench_legal_actions(pool, seconds),
            "apply": bench_apply(pool, seconds, rng),
            "mcts": bench_mcts(pool),
        })
    return results


def table(results: list[dict], seconds: float) -> Table:
    t = Table(title=f"cardboard engine throughput ({seconds:g} s per measurement, "
                    f"Python {platform.python_version()})",
              caption="per second of wall time, one core; see benchmarks/README.md")
    t.add_column("configuration", no_wrap=True)
    t.add_column("games/s", justify="right")
    t.add_column("actions/s", justify="right")
    t.add_column("act/game", justify="right")
    t.add_column("clone/s", justify="right")
    t.add_column("legal/s", justify="right")
    t.add_column("moves", justify="right")
    t.add_column("apply/s", justify="right")
    t.add_column("MCTS it/s", justify="right")
    t.add_column("MCTS moves", justify="right")
    for r in results:
        t.add_row(
            r["label"],
            f"{r['playout']['games_per_s']:,.1f}",
            f"{r['playout']['actions_per_s']:,.0f}",
            f"{r['playout']['actions_per_game']:,.1f}",
            f"{r['clone']['per_s']:,.0f}",
            f"{r['legal_actions']['per_s']:,.0f}",
            f"{r['legal_actions']['mean_legal_moves']:,.1f}",
            f"{r['apply']['per_s']:,.0f}",
            f"{r['mcts']['iterations_per_s']:,.0f}" if "mcts" in r else "",
            r["mcts"]["fingerprint"] if "mcts" in r else "",
        )
    return t


# ---------------------------------------------------------------------- before and after (--compare)
def _compare_worker(tree: Path, label: str, seconds: float, seed: int, preload: bool = False) -> dict:
    """One measurement of one row in this process, whose `cardboard` is `tree`'s (PYTHONPATH):
    the tree's own playout loop (its run.py, timed in CPU seconds), then this file's MCTS work.
    `preload`: first warm up every row listed before it, as a whole run of the tree's run.py has
    them loaded (their content and caches are what a full collection walks, when it runs)."""
    spec = importlib.util.spec_from_file_location("_compared_run", tree / "benchmarks" / "run.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    src = Path(cardboard.__file__).resolve()
    if not src.is_relative_to((tree / "src").resolve()):
        raise SystemExit(f"the worker for {tree} imported cardboard from {src}")
    mod.clock = time.process_time  # every figure in CPU seconds of this process
    rows = {c[0]: c for c in mod.CONFIGS}
    if label not in rows:
        raise SystemExit(f"{tree} has no row {label!r}")
    _, game_id, players, options = rows[label]
    for other in mod.CONFIGS if preload else ():
        if other[0] == label:
            break
        mod.warm_up(*other[1:])
    mod.warm_up(game_id, players, options)
    playout = mod.random_playouts(game_id, players, options, seconds, Rng(seed))
    pool = mid_game_states(game_id, players, options, Rng(seed + 0x9E3779B9))
    mcts = bench_mcts(pool)
    return {"playout_actions_per_cpu_s": playout["actions_per_s"],
            "playout_actions_per_game": playout["actions_per_game"], "playout_cpu_s": playout["elapsed_s"],
            "mcts_iterations_per_cpu_s": mcts["iterations_per_cpu_s"], "mcts_iterations": mcts["iterations"],
            "mcts_cpu_s": mcts["cpu_s"], "mcts_fingerprint": mcts["fingerprint"],
            "process_cpu_s": time.process_time()}


def _spread(values: list[float]) -> dict:
    return {"median": statistics.median(values), "min": min(values), "max": max(values), "each": values}


def compare(rev: str, rounds: int, seconds: float, seed: int, console: Console, only: str | None,
            after: str | None = None, preload: bool = False) -> dict:
    """`rev`'s tree against this working tree (or the tree at `after`), in alternating
    subprocesses, `rounds` rounds."""
    root = Path(__file__).resolve().parent.parent
    labels = [c[0] for c in CONFIGS if not only or only.lower() in c[0].lower()]
    if not labels:
        raise SystemExit(f"--only {only!r} matches no row; rows: {', '.join(c[0] for c in CONFIGS)}")
    git = ["git", "-C", str(root)]
    sha = subprocess.run(git + ["rev-parse", "--verify", rev + "^{commit}"], capture_output=True,
                         text=True, check=True).stdout.strip()
    head = subprocess.run(git + ["rev-parse", "--verify", (after or "HEAD") + "^{commit}"], capture_output=True,
                          text=True, check=True).stdout.strip()
    dirty = after is None and bool(subprocess.run(git + ["status", "--porcelain", "--", "src", "benchmarks/run.py"],
                                                  capture_output=True, text=True, check=True).stdout.strip())
    runs: dict[str, dict[str, list[dict]]] = {label: {"before": [], "after": []} for label in labels}
    with tempfile.TemporaryDirectory(prefix="cardboard-compare-") as tmp:
        trees = {"before": Path(tmp) / "before", "after": root if after is None else Path(tmp) / "after"}
        for side, rev_ in (("before", sha), ("after", head if after else None)):
            if rev_ is None:
                continue
            trees[side].mkdir()
            archive = subprocess.run(git + ["archive", rev_, "src", "benchmarks"], capture_output=True, check=True).stdout
            subprocess.run(["tar", "-x", "-C", str(trees[side])], input=archive, check=True)
        for r in range(rounds):
            order = ("before", "after") if r % 2 == 0 else ("after", "before")
            for label in labels:
                for side in order:
                    env = dict(os.environ, PYTHONPATH=str(trees[side] / "src"), PYTHONHASHSEED="0")
                    done = subprocess.run(
                        [sys.executable, str(Path(__file__).resolve()), "--compare-worker", str(trees[side]),
                         "--config", label, "--seconds", str(seconds), "--seed", str(seed)]
                        + (["--preload"] if preload else []),
                        env=env, capture_output=True, text=True, cwd=tmp)
                    if done.returncode:
                        raise SystemExit(f"{side} {label} failed:\n{done.stderr}")
                    got = json.loads(done.stdout.strip().splitlines()[-1])
                    runs[label][side].append(got)
                    console.print(f"[dim]round {r + 1}/{rounds} {label} {side}: "
                                  f"{got['playout_actions_per_cpu_s']:,.0f} actions/CPU-s, "
                                  f"{got['mcts_iterations_per_cpu_s']:,.0f} MCTS it/CPU-s "
                                  f"({got['mcts_fingerprint']})[/dim]")
    summary = []
    for label in labels:
        b, a = runs[label]["before"], runs[label]["after"]
        entry = {"label": label}
        for key in ("playout_actions_per_cpu_s", "mcts_iterations_per_cpu_s"):
            entry[key] = {"before": _spread([x[key] for x in b]), "after": _spread([x[key] for x in a]),
                          "ratio": _spread([y[key] / x[key] for x, y in zip(b, a)])}
        entry["fingerprints"] = {"before": sorted({x["mcts_fingerprint"] for x in b}),
                                 "after": sorted({x["mcts_fingerprint"] for x in a})}
        entry["actions_per_game"] = {"before": statistics.mean(x["playout_actions_per_game"] for x in b),
                                     "after": statistics.mean(x["playout_actions_per_game"] for x in a)}
        summary.append(entry)
    return {"before": sha, "after": head + (" + uncommitted changes" if dirty else ""), "rounds": rounds,
            "seconds_per_playout_measurement": seconds, "seed": seed,
            "preload": preload, "summary": summary, "runs": runs,
            "cpu_s_in_workers": sum(x["process_cpu_s"] for v in runs.values() for side in v.values() for x in side)}


def compare_table(doc: dict) -> Table:
    t = Table(title=f"before {doc['before'][:10]} / after {doc['after'][:10]}{' (+ uncommitted)' if 'uncommitted' in doc['after'] else ''}: "
                    f"{doc['rounds']} rounds, CPU seconds of each subprocess",
              caption="ratio: after/before paired by round, median \\[min-max]")
    for col in ("configuration", "actions/CPU-s before", "after", "ratio", "MCTS it/CPU-s before", "after",
                "ratio", "MCTS moves before", "after"):
        t.add_column(col, justify="left" if col == "configuration" else "right", no_wrap=True)
    for e in doc["summary"]:
        p, m = e["playout_actions_per_cpu_s"], e["mcts_iterations_per_cpu_s"]
        t.add_row(e["label"], f"{p['before']['median']:,.0f}", f"{p['after']['median']:,.0f}",
                  f"{p['ratio']['median']:.2f} [{p['ratio']['min']:.2f}-{p['ratio']['max']:.2f}]",
                  f"{m['before']['median']:,.0f}", f"{m['after']['median']:,.0f}",
                  f"{m['ratio']['median']:.2f} [{m['ratio']['min']:.2f}-{m['ratio']['max']:.2f}]",
                  " ".join(e["fingerprints"]["before"]), " ".join(e["fingerprints"]["after"]))
    return t


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="wall time per measurement (default 2)")
    parser.add_argument("--json", type=Path, default=None,
                        help="where to write the numbers (default benchmarks/results.json; "
                             "with --compare, benchmarks/compare.json)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the benchmark's own random choices")
    parser.add_argument("--only", help="measure only the rows whose label contains this text; their "
                                       "entries replace the same rows in the JSON file, the others stay")
    parser.add_argument("--compare", metavar="REV",
                        help="measure the tree at REV against this working tree (see the module's docstring)")
    parser.add_argument("--after", metavar="REV", help="with --compare: the tree at REV instead of this working tree")
    parser.add_argument("--rounds", type=int, default=5, help="with --compare: rounds of both trees (default 5)")
    parser.add_argument("--preload", action="store_true",
                        help="with --compare: each subprocess first warms up the rows listed before its "
                             "own, as a whole run has them loaded")
    parser.add_argument("--compare-worker", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--config", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.seconds <= 0:
        parser.error("--seconds must be positive")
    if args.compare_worker:
        print(json.dumps(_compare_worker(args.compare_worker, args.config, args.seconds, args.seed, args.preload)))
        return 0
    here = Path(__file__).resolve().parent
    if args.compare:
        if args.rounds < 1:
            parser.error("--rounds must be at least 1")
        console = Console(width=160)
        doc = compare(args.compare, args.rounds, args.seconds, args.seed, console, args.only, args.after, args.preload)
        console.print(compare_table(doc))
        out = args.json or here / "compare.json"
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(doc, indent=2) + "\n")
        console.print(f"[dim]numbers written to {out}; {doc['cpu_s_in_workers']:.0f} CPU seconds in the workers[/dim]")
        return 0
    args.json = args.json or here / "results.json"

    console = Console()
    if not console.is_terminal or console.width < 130:
        console = Console(width=140)  # the table needs about 130 columns; pipes get 80 by default
    results = run(args.seconds, args.seed, console, args.only)
    if not results:
        parser.error(f"--only {args.only!r} matches no row; rows: {', '.join(c[0] for c in CONFIGS)}")
    console.print(table(results, args.seconds))
    if args.only and args.json.exists():   # keep the rows not measured this time, in CONFIGS order
        fresh = {r["label"]: r for r in results}
        kept = {r["label"]: r for r in json.loads(args.json.read_text()).get("results", [])}
        kept.update(fresh)
        order = [c[0] for c in CONFIGS]
        results = sorted(kept.values(), key=lambda r: order.index(r["label"]) if r["label"] in order else len(order))

    doc = {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "cardboard": cardboard.__version__,
        "seconds_per_measurement": args.seconds,
        "seed": args.seed,
        "results": results,
    }
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(doc, indent=2) + "\n")
    console.print(f"[dim]numbers written to {args.json}[/dim]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
