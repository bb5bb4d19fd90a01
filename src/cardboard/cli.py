"""The `cardboard` command: serve, play, sim, arena, rules, lab."""
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
    # --bots is a count (all playing --bot) or a list of agents/levels, one per bot seat
    if args.bots.isdigit():
        count, names = int(args.bots), [args.bot]
    else:
        names = [n.strip() for n in args.bots.split(",") if n.strip()]
        count = len(names)
    if not 0 <= count <= args.players:
        raise CardboardError(f"--bots must be between 0 and {args.players} bots")
    game = load_game(args.game, players=args.players, seed=args.seed, options=_options(args.option))
    from .play import run_play

    return run_play(game, humans=args.players - count, bot=names)


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


def _cmd_arena(args) -> int:
    import json

    from rich.progress import Progress

    from .agents.arena import arena, print_arena

    agents = [a.strip() for a in args.agents.split(",") if a.strip()]
    with Progress(transient=True) as bar:
        task = bar.add_task(f"{args.game}: {' v '.join(agents)}", total=args.games)
        report = arena(args.game, agents, games=args.games, players=args.players, seed=args.seed,
                       options=_options(args.option), progress=lambda k: bar.update(task, completed=k),
                       first=args.first, cpu_time=args.cpu_time)
    print_arena(report)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(report, f, indent=2)
    return 0


def _cmd_serve(args) -> int:
    try:
        import uvicorn
    except ImportError:
        raise CardboardError("the web table needs its server packages: pip install 'cardboard[web]'") from None
    import logging

    from pydantic import ValidationError

    from .server.app import create_app
    from .server.serving import uvicorn_config
    from .server.settings import ServerSettings

    fields = {name: getattr(args, name) for name in ServerSettings.model_fields
              if name not in ("allowed_hosts", "allowed_origins") and getattr(args, name, None) is not None}
    fields["allowed_hosts"] = ServerSettings.hosts_for(args.host) + tuple(args.allow_host or ())
    fields["allowed_origins"] = tuple(args.allow_origin or ())
    try:
        settings = ServerSettings(**fields)
    except ValidationError as exc:
        problems = "; ".join(f"--{'-'.join(map(str, e['loc'])).replace('_', '-')}: {e['msg']}" for e in exc.errors())
        raise CardboardError(problems) from None
    logging.basicConfig(format="%(asctime)s %(name)s %(levelname)s %(message)s")
    logging.getLogger("cardboard.server").setLevel(args.log_level.upper())
    app = create_app(settings=settings)
    host = "localhost" if args.host in ("127.0.0.1", "::1") else args.host
    print(f"cardboard: the web table is at http://{host}:{args.port}/  (tables kept in {settings.db}; Ctrl+C stops)",
          flush=True)
    uvicorn.Server(uvicorn_config(app, settings, args.host, args.port)).run()
    return 0


def _serve_flags(serve: argparse.ArgumentParser) -> None:
    """One flag per field of the server's settings (--max-body, --send-timeout, ...)."""
    import typing

    from .server.settings import ServerSettings

    limits = serve.add_argument_group("limits (see the server's PROTOCOL.md)")
    for name, f in ServerSettings.model_fields.items():
        if name in ("db", "bot_delay", "allowed_hosts", "allowed_origins"):
            continue
        default = f.get_default(call_default_factory=True)
        choices = typing.get_args(f.annotation) if typing.get_origin(f.annotation) is typing.Literal else None
        kind = type(default) if not choices else str
        limits.add_argument("--" + name.replace("_", "-"), dest=name, type=kind, choices=choices, default=None,
                            metavar=None if choices else kind.__name__.upper(),
                            help=f"{f.description} (default {default})")
    serve.add_argument("--allow-host", action="append", metavar="NAME",
                       help="a Host name the server answers to besides the one it listens on (repeatable; '*' any)")
    serve.add_argument("--allow-origin", action="append", metavar="URL",
                       help="a page origin allowed to post and open websockets besides the server's own (repeatable)")
    serve.add_argument("--log-level", default="warning", choices=["debug", "info", "warning", "error"],
                       help="of the server's own log lines (one a refusal)")


def _cmd_rules(args) -> int:
    from .rules_index import print_index

    return print_index(args.game, show_all=not args.summary)


def _cmd_lab_run(args) -> int:
    from rich.console import Console

    from .lab.campaign import load_campaign
    from .lab.run import default_store, run_campaign

    campaign = load_campaign(args.campaign)
    store = args.store or default_store(args.campaign, campaign)
    console = Console(stderr=True)
    summary = run_campaign(campaign, store, backend=args.backend, workers=args.workers, address=args.address,
                           batch_seconds=args.batch_seconds, console=console)
    done = summary["played"]
    if not summary["planned"]:
        console.print(f"{campaign.name}: all {summary['stored']} games are in {store} already"
                      + (f"; {summary['leading']}" if summary["leading"] else ""))
        return 0
    console.print(f"{campaign.name}: {done} games played ({summary['stored']} in {store}) on {summary['backend']}"
                  f" with {summary['workers']} workers in {summary['seconds']:.1f} s"
                  + (f"; {summary['errors']} stopped with an error" if summary["errors"] else "")
                  + (f"; {summary['leading']}" if summary["leading"] else ""))
    return 0


def _cmd_lab_report(args) -> int:
    from .lab.report import write_report

    a = write_report(args.store, args.out)
    print(f"{a['out']}/report.html and report.md: {a['games']} games, {len(a['figures'])} figures"
          + (f"; {a['lead']}" if a["lead"] else ""))
    return 0


def _cmd_lab_export(args) -> int:
    from .lab.store import export

    if not (args.parquet or args.csv):
        raise CardboardError("lab export: give --parquet FILE or --csv FILE")
    for fmt, path in (("parquet", args.parquet), ("csv", args.csv)):
        if path:
            n = export(args.store, path, fmt)
            print(f"{path}: {n} rows (one a seat of a game)")
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="cardboard", description="Tabletop games, bots and a lab on one engine.")
    sub = p.add_subparsers(dest="command", required=True)

    play = sub.add_parser("play", help="play a game in the terminal against bots")
    play.add_argument("game", choices=list_games())
    play.add_argument("--players", type=int, default=2)
    play.add_argument("--bots", default="1",
                      help="how many seats bots take (the last ones), or their agents/levels: hard,medium")
    play.add_argument("--bot", default="medium", help="the bots' agent when --bots is a count: "
                      "random, greedy, heuristic, mcts, search, easy, medium, hard (name:seconds for a time budget)")
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

    arena = sub.add_parser("arena", help="round robins between agents, with confidence intervals")
    arena.add_argument("game", choices=list_games())
    arena.add_argument("--agents", default="mcts,heuristic,random", help="comma-separated agents")
    arena.add_argument("--games", type=int, default=20)
    arena.add_argument("--players", type=int, default=2)
    arena.add_argument("--seed", type=int, default=0)
    arena.add_argument("--first", type=int, default=0, metavar="K",
                       help="start at game K of the seed's sequence (split a long run, then pool: each game is the same)")
    arena.add_argument("--option", action="append", metavar="KEY=VALUE")
    arena.add_argument("--json", metavar="FILE", help="also write the results as JSON")
    arena.add_argument("--cpu-time", action="store_true",
                       help="time budgets (mcts:1, hard:2) in CPU seconds of this process, not wall seconds: "
                            "the same thinking whatever else the machine runs")
    arena.set_defaults(run=_cmd_arena)

    serve = sub.add_parser("serve", help="run the web table (lobby, tables, bots) on this machine")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--db", default="cardboard.sqlite", help="SQLite file keeping every table (default cardboard.sqlite)")
    serve.add_argument("--bot-delay", type=float, default=0.6, help="seconds a bot waits before its move")
    _serve_flags(serve)
    serve.set_defaults(run=_cmd_serve)

    rules = sub.add_parser("rules", help="print a game's rules index with its coverage")
    rules.add_argument("game", choices=list_games())
    rules.add_argument("--summary", action="store_true", help="only the coverage line")
    rules.set_defaults(run=_cmd_rules)

    lab = sub.add_parser("lab", help="balance campaigns: run thousands of games, report with intervals")
    labs = lab.add_subparsers(dest="lab_command", required=True)
    run = labs.add_parser("run", help="play a campaign's games (again: resume where it stopped)")
    run.add_argument("campaign", help="the campaign's TOML file")
    run.add_argument("--store", help="the SQLite store (default: <name>.sqlite beside the campaign)")
    run.add_argument("--backend", choices=["local", "ray"], default="local")
    run.add_argument("--workers", type=int, default=None, help="processes (local; default all cores; 0 plays "
                     "in this process) or at most this many tasks at once (ray)")
    run.add_argument("--address", default=None, help="the Ray cluster: auto, HOST:PORT or ray://HOST:10001")
    run.add_argument("--batch-seconds", type=float, default=1.0,
                     help="about how long a batch of games runs on one worker (default 1)")
    run.set_defaults(run=_cmd_lab_run)
    report = labs.add_parser("report", help="write report.html and report.md of a store")
    report.add_argument("store")
    report.add_argument("--out", help="folder (default: <name>-report beside the store)")
    report.set_defaults(run=_cmd_lab_report)
    export = labs.add_parser("export", help="a store's games as a table, one row a seat")
    export.add_argument("store")
    export.add_argument("--parquet", metavar="FILE")
    export.add_argument("--csv", metavar="FILE")
    export.set_defaults(run=_cmd_lab_export)
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
