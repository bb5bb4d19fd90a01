"""Play any cardboard game in the terminal: people and bots at one table, drawn with rich.

Plain line-by-line output and `input()` (no curses, no full-screen app), so it works
in any terminal, over ssh, and with piped stdin. Nothing here knows a game's rules:
boards are drawn by the game's `render.render_view(view)` (`Game.terminal_renderer`) when it has
one, and moves are listed by their labels.
"""
from __future__ import annotations

import time
from typing import Callable

from rich import box
from rich.console import Console, RenderableType
from rich.pretty import Pretty
from rich.table import Table
from rich.text import Text

from .agents import make_agent
from .engine import Action, ConfigError, Game, State, game_class

HELP = """\
[bold]How to choose a move[/bold]
  [cyan]<number>[/cyan]   play the move with that number (a move keeps its number while the list is filtered)
  [cyan]<words>[/cyan]    list only the moves whose text contains all the words, e.g. a name or a square like r2c3
  [cyan]l[/cyan], list    list all the moves again
  [cyan]b[/cyan], board   draw the board again
  [cyan]h[/cyan], help    this help
  [cyan]q[/cyan], quit    leave the game (Ctrl-D does too)"""

Renderer = Callable[[dict], RenderableType]


def renderer(game_id: str) -> Renderer:
    """The game's `render_view`, or a pretty-print of the view for a game that has none."""
    try:
        draw = game_class(game_id).terminal_renderer()
    except ConfigError:  # a game outside the registry
        return Pretty
    return draw or Pretty


def run_play(game: Game, humans: int, bot: str = "greedy", *, console: Console | None = None,
             input_fn: Callable[[str], str] = input, bot_delay: float = 0.4) -> int:
    """Seats 0..humans-1 are people, the rest `bot` agents. Returns an exit code (0)."""
    console = console or Console()
    if not 0 <= humans <= game.players:
        raise ConfigError(f"humans must be between 0 and {game.players}, not {humans}")
    names = bot.split(",") if isinstance(bot, str) else list(bot)
    bot_seats = range(humans, game.players)
    if len(names) == 1:
        names = names * len(bot_seats)
    if len(names) != len(bot_seats):
        raise ConfigError(f"{len(bot_seats)} bot seats but {len(names)} bot names: {', '.join(names)}")
    bots = {seat: make_agent(name.strip(), seed=game.seed + seat, game_id=game.id)
            for seat, name in zip(bot_seats, names)}
    draw = renderer(game.id)
    names = [_seat_name(seat, humans, seat in bots) for seat in range(game.players)]
    _intro(console, game, humans, bot)

    state = game.new_initial_state()
    while not state.is_terminal():
        seat = state.current_player
        if seat in bots:
            if not humans:  # a table of bots is watched move by move
                console.print(draw(state.view(None)))
            time.sleep(bot_delay)
            action = bots[seat].choose(state)
        else:
            console.print(draw(state.view(seat)))
            action = _ask_move(console, input_fn, state, seat, humans, draw)
            if action is None:
                return 0
        console.print(Text.assemble((names[seat], "bold"), " ", str(action)))
        state.apply(action)
    _final(console, game, state, draw, names, humans)
    return 0


def _seat_name(seat: int, humans: int, is_bot: bool) -> str:
    if is_bot:
        return f"seat {seat} (bot)"
    return f"seat {seat} (you)" if humans == 1 else f"seat {seat}"


def _intro(console: Console, game: Game, humans: int, bot: str) -> None:
    who = {0: "bots only", 1: "you are seat 0"}.get(humans, f"seats 0-{humans - 1} are people taking turns")
    bots = game.players - humans
    if humans and bots:
        who += f"; {bots} {bot} bot{'s' if bots > 1 else ''}"
    players = f"{game.players} player{'s' if game.players > 1 else ''}"
    console.print(Text.assemble((game.name, "bold"), f" for {players} (seed {game.seed}): {who}. ",
                                ("Type h for help." if humans else "", "dim")))


# ---------------------------------------------------------------- choosing a move
def _ask_move(console: Console, input_fn, state: State, seat: int, humans: int, draw: Renderer) -> Action | None:
    """Ask until the person names a legal move; None when they quit or input ends."""
    legal = state.legal_actions()
    labels = [str(a) for a in legal]
    who = "Your move" if humans == 1 else f"Seat {seat}, your move"
    prompt = f"{who} [1-{len(legal)}, words to filter, h for help]: "
    _show_moves(console, labels, range(len(labels)))
    while True:
        try:
            raw = input_fn(prompt)
        except EOFError:
            console.print("\nInput ended: leaving the game.")
            return None
        text = raw.strip()
        word = text.lower()
        if word in ("q", "quit", "exit"):
            console.print("You left the game. Thanks for playing!")
            return None
        if word in ("h", "help", "?"):
            console.print(HELP)
        elif word in ("l", "list"):
            _show_moves(console, labels, range(len(labels)))
        elif word in ("b", "board"):
            console.print(draw(state.view(seat)))
            _show_moves(console, labels, range(len(labels)))
        elif not text:
            console.print(f"[red]Please type a move's number (1 to {len(legal)}), or words to filter the moves.[/red]")
        elif _is_int(text):
            n = int(text)
            if 1 <= n <= len(legal):
                return legal[n - 1]
            console.print(f"[red]There is no move {n}: choose a number from 1 to {len(legal)}.[/red]")
        else:
            words = word.split()
            found = [i for i, label in enumerate(labels) if all(w in label.lower() for w in words)]
            if found:
                _show_moves(console, labels, found, text)
            else:
                # Text, not markup: what a person types may contain "[" and must print as typed
                console.print(Text.assemble((f"No move matches '{text}'.", "red"),
                                            " Type l to list all moves, h for help."))


def _is_int(text: str) -> bool:
    try:
        int(text)
    except ValueError:
        return False
    return True


def _show_moves(console: Console, labels: list[str], indices, query: str | None = None) -> None:
    """List moves numbered by their place in the full legal list, grouped (see `_group`).

    Each row's shared words sit in a left column and its moves in aligned columns to
    the right; a row whose shared words are too long for the column gets a line of its own.
    """
    indices = list(indices)
    rows = _group(labels, indices)
    digits = len(str(len(labels)))
    fitting = [len(head) + 1 for head, _ in rows if len(head) + 1 <= console.width // 3]
    head_width = max(fitting, default=0)
    item_width = max(20, console.width - head_width - 2)
    out = Text()
    for head, items in rows:
        if len(head) + 1 > head_width:
            out.append(head + ":\n", "bold")
            out.append(" " * (head_width + 2))
        else:
            out.append(f"{head + ':':<{head_width}}  ", "bold")
        grid = _grid([_item(i, tail, digits) for i, tail in items], item_width)
        out.append_text(_indent(grid, head_width + 2))
        out.append("\n")
    title = (f"Moves matching '{query}' ({len(indices)} of {len(labels)}):" if query
             else f"Your {len(labels)} possible moves:")
    console.print(Text(title, "bold underline"))
    out.rstrip()
    console.print(out)


def _indent(text: Text, n: int) -> Text:
    """Indent every line of `text` but the first by n spaces."""
    return Text("\n" + " " * n).join(text.split("\n"))


def _group(labels: list[str], indices: list[int]) -> list[tuple[str, list[tuple[int, str]]]]:
    """(shared words, [(index, the rest)]) rows, so ~100 moves fit on a screen.

    Games label moves in words, and most moves are one kind of move on many squares
    or numbers; so, first, labels that differ only in their last word share a row
    ("Plant Romanis (die 2) at: 1 r1c1  2 r1c2 ..."). Then three or more of the rest
    with the same first word share a row under their common words, a common
    "(...)" remark at the end included ("Machonero: re-roll … (1 fertilizer): 2  2, 3").
    What is left is listed whole under "other moves".
    """
    by_head: dict[str, list[tuple[int, str]]] = {}
    for i in indices:
        head, _, tail = labels[i].rpartition(" ")
        by_head.setdefault(head, []).append((i, tail))
    rows = [(head, items) for head, items in by_head.items() if len(items) > 1 and head]
    rest = [i for head, items in by_head.items() if len(items) == 1 or not head for i, _ in items]
    by_first: dict[str, list[int]] = {}
    for i in rest:
        by_first.setdefault(labels[i].split(" ", 1)[0], []).append(i)
    others = []
    for idx in by_first.values():
        if len(idx) < 3:
            others += idx
            continue
        words = [labels[i].split(" ") for i in idx]
        shortest = min(len(w) for w in words)
        p = 1
        while p < shortest - 1 and len({tuple(w[:p + 1]) for w in words}) == 1:
            p += 1
        s = 0
        while p + s < shortest - 1 and len({tuple(w[len(w) - s - 1:]) for w in words}) == 1:
            s += 1
        while s and not words[0][-s].startswith("("):  # keep only a whole "(...)" remark
            s -= 1
        head = " ".join(words[0][:p]) + (" … " + " ".join(words[0][-s:]) if s else "")
        rows.append((head, [(i, " ".join(w[p:len(w) - s])) for i, w in zip(idx, words)]))
    rows.sort(key=lambda row: row[1][0][0])  # in the game's own order
    if others:
        rows.append(("other moves" if rows else "moves", [(i, labels[i]) for i in sorted(others)]))
    return rows


def _item(i: int, tail: str, digits: int) -> Text:
    return Text.assemble((f"{i + 1:>{digits}}", "bold cyan"), " ", tail)


def _grid(items: list[Text], width: int) -> Text:
    """Items in aligned columns, wrapped only between items (a number never leaves its move)."""
    cell = max(t.cell_len for t in items)
    per_line = max(1, (width + 2) // (cell + 2))
    lines = -(-len(items) // per_line)
    per_line = -(-len(items) // lines)  # balance the lines: 16 squares as 8 + 8, not 9 + 7
    out = Text()
    for n, item in enumerate(items):
        if n:
            out.append("\n" if n % per_line == 0 else "  ")
        if (n + 1) % per_line and n + 1 < len(items):
            item = item + " " * (cell - item.cell_len)  # pad all but a line's last item
        out.append_text(item)
    return out


# ---------------------------------------------------------------- the end
def _final(console: Console, game: Game, state: State, draw: Renderer, names: list[str], humans: int) -> None:
    view = state.view(0 if humans == 1 else None)
    console.print(draw(view))
    console.print(_score_table(state, view, names))
    winners = state.winners()
    if game.cooperative:
        won = bool(winners)
        console.print(Text.assemble(("The team wins" if won else "The team loses", "bold green4" if won else "bold red")))
        return
    best = _num(state.scores()[winners[0]])
    if game.players == 1:
        console.print(Text.assemble("Final score: ", (f"{best}", "bold")))
        if state.view(0).get("result"):
            console.print(Text.assemble("Result: ", (state.view(0)["result"], "bold green4")))
    elif len(winners) == 1:
        console.print(Text.assemble(("Winner: ", "bold"), (names[winners[0]], "bold green4"), f" with {best} points"))
    else:
        tied = ", ".join(names[s] for s in winners)
        console.print(Text.assemble(("Shared win: ", "bold"), (tied, "bold green4"), f" with {best} points each"))


def _score_table(state: State, view: dict, names: list[str]) -> Table:
    """One column per seat, one row per part of the `score` dict each seat has in the view
    (parts that are 0 for everyone left out), and the total from `state.scores()`.
    Seats as columns keep it narrow however many parts a game scores."""
    seats = view.get("seats") if isinstance(view.get("seats"), list) else []
    parts = [_flatten(s.get("score")) if isinstance(s, dict) else {} for s in seats]
    keys: list[str] = []
    for p in parts:
        keys += [k for k in p if k not in keys and k != "total"]
    keys = [k for k in keys if any(p.get(k, 0) for p in parts)]
    winners = state.winners() if len(names) > 1 else []
    table = Table(title="Final scores", title_style="bold", title_justify="left", box=box.HORIZONTALS)
    table.add_column("")
    for seat, name in enumerate(names):
        won = seat in winners
        table.add_column(name + (" ★" if won else ""), justify="right", header_style="bold green4" if won else "bold")
    for k in keys:
        table.add_row(k.replace("_", " ").capitalize(),
                      *[_num(p[k]) if k in p else "" for p in parts + [{}] * (len(names) - len(parts))])
    if keys:
        table.add_section()
    table.add_row(Text("Total", "bold"), *[Text(_num(t), "bold") for t in state.scores()])
    return table


def _flatten(score) -> dict:
    """{"plants": {"romanis": 6}, "chayote": 5} -> {"romanis": 6, "chayote": 5}. A "seat" number
    is not a score, and a "*_detail" part only repeats a part already counted: both are left out."""
    out = {}
    if isinstance(score, dict):
        for key, value in score.items():
            if key == "seat" or key.endswith("_detail"):
                continue
            if isinstance(value, dict):
                out.update(_flatten(value))
            elif isinstance(value, (int, float)):
                out[key] = value
    return out


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"
