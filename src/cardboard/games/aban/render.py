"""Aban! drawn with rich, from the JSON view alone.

Only the view dict is read (never the state), so anything that holds a view (a
save file's snapshot, a remote client) draws exactly what the player was shown.
"""
from __future__ import annotations

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

DIE_FACES = "⚀⚁⚂⚃⚄⚅"
# Mid-tone 256-colour shades with a contrast ratio near 4 or more on both black and
# white, so they read on dark and light terminal themes alike (pure ANSI green/yellow don't).
FACE_COLOURS = {1: "red3", 2: "green4", 3: "dark_orange3", 4: "dodger_blue2",
                5: "medium_purple3", 6: "deep_pink3"}
TURN = "bold dark_goldenrod"  # the seat to move
VIEWER = "deep_sky_blue3"  # the seat whose screen this is
ESPINO = Text(" ✱ ", "bold red3")
RADISH = Text(" ◆ ", "bold")  # the default colour: legible on any theme
DIG = Text("░░░", "grey50")
EMPTY = Text(" · ", "dim")

TOKEN_SYMBOL = {"espino": ESPINO, "rocky": Text("●", "bold red3")}
COLEMO_VARIANTS = {"plus_minus_one": "+1 or -1", "plus_one_two": "+1 or +2", "minus_one_two": "-1 or -2"}


def die(value: int) -> Text:
    """A die as its face glyph plus the digit (the glyph alone is tiny in many fonts)."""
    return Text(f"{DIE_FACES[value - 1]} {value}", f"bold {FACE_COLOURS.get(value, '')}".strip())


def _plants(view: dict) -> dict[str, tuple[str, str]]:
    """plant id -> (3-letter symbol, colour). The 15 plants' ids differ in their first 3 letters."""
    return {b["id"]: (b["id"][:3].capitalize(), FACE_COLOURS[int(face)]) for face, b in view["boards"].items()}


def _who(view: dict, seat: int | None) -> str:
    if view["players"] == 1:
        return "you"
    return f"seat {seat}" + (" (you)" if seat == view.get("viewer") else "")


def render_header(view: dict) -> RenderableType:
    line = Text()
    phase = view["phase"]
    if phase == "over":
        line.append("game over", "bold")
    else:
        if view["round"]:
            line.append(f"{'turn' if view['players'] == 1 else 'round'} {view['round']}  ")
        else:
            line.append("set-up  ")
        turn = "to choose the chayote's food" if phase == "food" else "to move"
        line.append(f"{_who(view, view['current_player'])} {turn}", TURN)
        if view["players"] > 1:
            line.append(f"  start player: seat {view['start_player']}")
    if view.get("last_round") and phase != "over":
        line.append("  LAST ROUND ", "bold white on red3")
    dice = Text("dice: ")
    if view["dice"]:
        dice.append_text(Text("  ").join(die(d) for d in view["dice"]))
    else:
        dice.append("none rolled", "dim")
    if view.get("token_side"):
        dice.append(f"    token side: {view['token_side'].capitalize()}")
    else:
        dice.append("    solo: Ko'bachan's Mischief")
    return Group(line, dice)


def render_boards(view: dict) -> RenderableType:
    plants = _plants(view)
    table = Table(box=None, padding=(0, 1), show_header=False, expand=False)
    table.add_column("die", no_wrap=True)
    table.add_column("plant", no_wrap=True)
    table.add_column("sym", no_wrap=True)
    table.add_column("scoring")
    board = view.get("token_board")
    if board:
        table.add_row(die(1), board["name"], TOKEN_SYMBOL.get(view["token_side"], ""), Text(board["text"], "dim"))
    for face, board in sorted(view["boards"].items()):
        sym, colour = plants[board["id"]]
        table.add_row(die(int(face)), Text(board["name"], colour), Text(sym, f"bold {colour}"), board["text"])
    for sp in view.get("super_plants", []):
        text = sp["text"]
        if sp["id"] == "colemo":
            text += f" Variant: {COLEMO_VARIANTS.get(view.get('colemo_variant'), view.get('colemo_variant'))}."
        used = view.get("powers_used", {}).get(sp["id"])
        table.add_row(Text("★", "bold"), Text(sp["name"], "bold"), "", text + (" (used this turn)" if used else ""))
    return table


def _rocky_cell(square: dict, plants: dict) -> Text:
    """Rockys first (a number before the marker when several share the square), then what
    they cover, dimmed: a plant's symbol, a radish, or nothing on an empty square."""
    n = square.get("rockys", 1)
    mark = "●" if n == 1 else f"{n}●"
    plant = square.get("plant")
    if plant is not None:
        sym, colour = plants.get(plant, (plant[:3].capitalize(), ""))
        return Text.assemble((mark, "bold red3"), (sym[:3 - len(mark)], f"dim {colour}"))
    below = "◆" if square.get("radish") else " "
    if n == 1:
        return Text.assemble(" ", (mark, "bold red3"), (below, "dim"))
    return Text.assemble((mark, "bold red3"), (below, "dim"))


def _cell(square: dict, plants: dict) -> Text:
    token, plant = square.get("token"), square.get("plant")
    if token == "rocky":
        return _rocky_cell(square, plants)
    if plant is not None:
        sym, colour = plants.get(plant, (plant[:3].capitalize(), ""))
        return Text(sym, f"bold {colour}")
    if token == "espino":
        return ESPINO
    if token == "radish":
        return RADISH
    if token == "dig":
        return DIG
    if "number" in square:  # solo: the number Ko'bachan's dig dice must roll to hit this square
        return Text(f"{square['number']:>3}", "dim")
    return EMPTY


def render_garden(seat: dict, view: dict) -> Text:
    """The garden's bounding box (extra pots may lie outside rows/cols 0..3), labelled as moves are."""
    plants = _plants(view)
    squares = {tuple(sq["at"]): sq for sq in seat["garden"]}
    rows = range(min(r for r, _ in squares), max(r for r, _ in squares) + 1)
    cols = range(min(c for _, c in squares), max(c for _, c in squares) + 1)
    labels = [f"r{r + 1}" for r in rows]
    pad = max(len(x) for x in labels)
    out = Text(" " * pad)
    for c in cols:
        out.append(f" {f'c{c + 1}':>3}", "dim")
    for r, label in zip(rows, labels):
        out.append("\n")
        out.append(label.rjust(pad), "dim")
        for c in cols:
            out.append(" ")
            sq = squares.get((r, c))
            out.append_text(_cell(sq, plants) if sq else Text("   "))
    return out


def render_seat(seat: dict, view: dict) -> Panel:
    plants = _plants(view)
    solo = view["players"] == 1
    grid = render_garden(seat, view)
    # A fixed width lets the info flow under the grid and keeps gardens aligned in columns:
    # three 4x4 gardens side by side fit a 100-column terminal.
    width = max(30, _width(grid) + 4)
    info = Text()
    food = seat.get("food")
    info.append("chayote eats ")
    info.append_text(die(food) if food else Text("?", "dim"))
    info.append(f"  fed {seat['feeds']}")
    if not solo:
        side = (view.get("token_side") or "token").capitalize() + "s"
        parts = [Text(f"{side} {seat['tokens']}"), Text(f"shovels {seat['shovels']}")]
        if seat["shovel_marks"]:  # the dice drawn on the sheet's shovel spaces
            parts.append(Text(f"(used {','.join(map(str, seat['shovel_marks']))})", "dim"))
        info.append("\n")
        info.append_text(_flow(parts, width - 4))
    if view.get("super_plants"):  # fertilizer only pays for the expansion's powers
        info.append(f"\nfertilizer {seat['fertilizer']}")
    score = seat["score"]
    info.append("\n")
    info.append(f"{score['total']} VP", "bold")
    parts = [Text(f"{plants.get(p, (p[:3], ''))[0]} {v}", plants.get(p, ("", ""))[1])
             for p, v in score["plants"].items() if v]
    parts += [Text(f"{name} {score[key]}") for key, name in
              (("chayote", "chay"), ("tokens", "tok"), ("radishes", "rad")) if score.get(key)]
    info.append_text(_flow(parts, width - 4, used=len(f"{score['total']} VP")))
    title = Text(_who(view, seat["seat"]) if not solo else "your garden", "bold")
    style = "dim"
    if seat["seat"] == view.get("viewer"):
        style = VIEWER
    if seat["seat"] == view.get("current_player"):
        title = Text.assemble(("▶ ", TURN), title, ("" if solo else " to move", TURN))
        style = TURN
    return Panel(Group(grid, info), title=title, title_align="left", border_style=style, width=width)


def _width(text: Text) -> int:
    return max(line.cell_len for line in text.split())


def _flow(parts: list[Text], width: int, used: int = 0) -> Text:
    """Join `parts` with two spaces, breaking lines only between parts (never inside "Ajo 15").

    `used` is how much of the current line is already taken.
    """
    out = Text()
    for part in parts:
        if used and used + 2 + part.cell_len > width:
            out.append("\n")
            used = 0
        elif used:
            out.append("  ")
            used += 2
        out.append_text(part)
        used += part.cell_len
    return out


def render_legend(view: dict) -> Text:
    items = [(EMPTY, "empty")]
    if view.get("token_side") == "espino":
        items.append((ESPINO, "Espino"))
    elif view.get("token_side") == "rocky":
        items.append((Text.assemble(("●", "bold red3"), ("xx", "dim")), "Rocky on a plant"))
        items.append((Text.assemble(("2●", "bold red3"), ("x", "dim")), "two Rockys"))
    if "rabamimo" in [sp["id"] for sp in view.get("super_plants", [])]:
        items.append((RADISH, "radish (wild)"))
    if view.get("kobachan"):
        items = [(Text("  7", "dim"), "empty (dig number)"), (DIG, "Ko'bachan's dig")]
    return Text("   ").join(Text.assemble(sym, " ", (what, "dim")) for sym, what in items)


def render_kobachan(ko: dict) -> Text:
    """The track: start ▶, dig steps ⊗, the end ✖; Ko'bachan's token ● where he stands."""
    out = Text("Ko'bachan: ", "bold")
    for i in range(ko["track_length"] + 1):
        if i == ko["step"]:
            out.append("●", TURN)
        elif i == 0:
            out.append("▶", "green4")
        elif i == ko["track_length"]:
            out.append("✖", "bold green4")
        elif i in ko["dig_steps"]:
            out.append("⊗", "bold red3")
        else:
            out.append("·", "dim")
        out.append(" ")
    digs = ", ".join(map(str, ko["dig_steps"]))
    out.append(f" step {ko['step']} of {ko['track_length']} (digs at {digs}; the game ends at {ko['track_length']})",
               "dim")
    return out


def render_view(view: dict) -> RenderableType:
    # Reference first, the live situation last: the status line with the dice ends up
    # right above the move list a player reads next.
    parts: list[RenderableType] = [Rule(Text("Aban!", "bold green4"), style="green4"), render_boards(view)]
    log = view.get("log") or []
    if log:
        parts.append(Panel(Text("\n".join(log[-8:]), "dim"), title="recent", title_align="left",
                           border_style="dim"))
    if view.get("kobachan"):
        parts.append(render_kobachan(view["kobachan"]))
    seats = [render_seat(s, view) for s in view["seats"]]
    parts.append(Columns(seats, padding=(0, 1)))
    parts.append(render_legend(view))
    parts.append(Panel(render_header(view), border_style=TURN if view["phase"] != "over" else "dim",
                       expand=False))
    return Group(*parts)
