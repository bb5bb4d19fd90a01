"""The `cardboard` command: play, sim, rules."""
from __future__ import annotations

import argparse
import sys

from .engine import CardboardError, list_games, load_game


def _options(pairs: list[str]) -> dict:
    """--option key=value (JSON values: true, 3, "x", [..]) into a dict."""
    import json

    out = {}
    for pair in pairs or []:
        key, sep, raw = pair.partition("=")
        if not sep or not key:
            raise CardboardError(f"--option wants key=value, not '{pair}'")
        try:
            out[key] = json.loads(raw)
        except json.JSONDecodeError:
            out[key] = raw
    return out


def _cmd_play(args) -> int:
    if not 0 <= args.bots <= args.players:
        raise CardboardError(f"--bots must be between 0 and {args.players}")
    game = load_game(args.game, players=args.players, seed=args.seed, options=_options(args.option))
    from .play import run_play

    return run_play(game, humans=args.players - args.bots, bot=args.bot)


def _cmd_sim(args) -> int:
    from .sim import print_report, simulate

    from rich.progress import Progress

    agents = [a.strip() for a in args.agents.split(",") if a.strip()]
    with Progress(transient=True) as bar:
        task = bar.add_task(f"{args.game}: {' v '.join(agents)}", total=args.games)
        report = simulate(args.game, agents, games=args.games, players=args.players,
                          seed=args.seed, options=_options(args.option),
                          progress=lambda done: bar.update(task, completed=done))
    print_report(report)
    return 0


def _cmd_rules(args) -> int:
    from .rules_index import print_index

    return print_index(args.game, show_all=not args.summary)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="cardboard", description="Tabletop games, bots and a lab on one engine.")
    sub = p.add_subparsers(dest="command", required=True)

    play = sub.add_parser("play", help="play a game in the terminal against bots")
    play.add_argument("game", choices=list_games())
    play.add_argument("--players", type=int, default=2)
    play.add_argument("--bots", type=int, default=1, help="how many seats bots take (the last ones)")
    play.add_argument("--bot", default="greedy", help="the bots' agent (random, greedy)")
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--option", action="append", metavar="KEY=VALUE", help="a game option; repeatable")
    play.set_defaults(run=_cmd_play)

    sim = sub.add_parser("sim", help="play bots against each other and report")
    sim.add_argument("game", choices=list_games())
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--agents", default="random,greedy", help="comma-separated, one per seat (cycled)")
    sim.add_argument("--players", type=int, default=None, help="default: one seat per agent")
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--option", action="append", metavar="KEY=VALUE")
    sim.set_defaults(run=_cmd_sim)

    rules = sub.add_parser("rules", help="print a game's rules index with its coverage")
    rules.add_argument("game", choices=list_games())
    rules.add_argument("--summary", action="store_true", help="only the coverage line")
    rules.set_defaults(run=_cmd_rules)
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except CardboardError as exc:
        print(f"cardboard: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\ncardboard: stopped", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
