"""Hideous Abomination drawn with rich, from the JSON view alone.

Only the view dict is read (never the state), so anything that holds a view (a
save file's snapshot, a remote client) draws exactly what the player was shown.

Each abomination is a grid of 7x3 tile blocks labelled with the same "(row, col)"
numbers as the move labels (torso at (0, 0), rows grow downward). A block shows
its loose ends as connectors on its edges, its type as 3 letters in its colour and
its colour as 2 letters in the top-left corner (never hue alone); a bolt is a ⊕ on
the seam it holds. Empty cells that face an open loose end (where a tile can go)
get a dim dot, and the grid grows by one cell to show them.
"""
from __future__ import annotations

from dataclasses import dataclass

from rich.columns import Columns
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

TITLE = "Hideous Abomination"
# Mid-tone 256-colour shades with a contrast ratio near 4 or more on both black and
# white (yellow: 3.3 on white), so they read on dark and light terminal themes alike.
COLOURS = {"red": "red3", "orange": "dark_orange3", "yellow": "dark_goldenrod", "green": "green4",
           "teal": "turquoise4", "blue": "dodger_blue2", "purple": "medium_purple3", "pink": "deep_pink3"}
WILD = "bold grey100 on dark_magenta"  # patchwork: a block of its own, not a ninth hue
TURN = "bold dark_goldenrod"  # the seat to move
VIEWER = "deep_sky_blue3"  # the seat whose screen this is
WINNER = "bold green4"
BOLT = "⊕"
SPOT = "·"  # an empty cell facing an open loose end
CELL_W = 7  # a tile block is CELL_W columns by 3 lines
CARD_W = 24  # a tile card (buffet, dig, hand): four fit a 100-column terminal
SEAT_W = 32  # the narrowest seat panel: three fit a 100-column terminal

DIE = {"draw": "Draw", "dig": "Dig", "award": "Award", "steal": "Steal", "go_mad": "Go Mad!"}
DOING = {"roll": "to roll", "choose": "to choose an action (Go Mad!)", "draw": "to draw",
         "dig": "to dig", "steal": "to steal a tile", "play": "to play a tile", "discard": "to discard",
         "dig_take": "to take two dug tiles", "dig_top": "to choose the pile's new top", "bolt": "to place bolts"}
ENDED_BY = {"completion": "an abomination is complete", "exhaustion": "the deck ran out",
            "safety": "the turn limit was reached"}
STEP = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
OPPOSITE = {"N": "S", "E": "W", "S": "N", "W": "E"}


# ---------------------------------------------------------------- small helpers
def colour_style(colour: str | None) -> str:
    if colour == "wild":
        return WILD
    return COLOURS.get(colour or "", "")


def colour_code(colour: str | None) -> str:
    """2 letters per colour; the first two letters are unique over the 9 colours."""
    return (colour or "??")[:2]


def abbr(tile: dict) -> str:
    return (tile.get("type") or "???")[:3].lower()


def colour_name(colour: str | None) -> Text:
    return Text(colour or "?", colour_style(colour))


def _who(view: dict, seat: int | None) -> str:
    if seat is None:
        return "nobody"
    return f"seat {seat}" + (" (you)" if seat == view.get("viewer") else "")


def _card_names(view: dict) -> dict[str, str]:
    return {c["id"]: c.get("name", c["id"]) for c in view.get("grand_prizes", []) + view.get("awards_revealed", [])}


def _flow(parts: list[Text], width: int, used: int = 0, sep: str = "  ") -> Text:
    """Join `parts` with `sep`, breaking lines only between parts; `used` is what the line already holds."""
    out = Text()
    for part in parts:
        if used and used + len(sep) + part.cell_len > width:
            out.append("\n")
            used = 0
        elif used:
            out.append(sep)
            used += len(sep)
        out.append_text(part)
        used += part.cell_len
    return out


# ---------------------------------------------------------------- a tile block
def tile_block(tile: dict, loose: str | None = None, bolt_e: bool = False, bolt_s: bool = False) -> list[Text]:
    """Three lines of CELL_W cells: N connector and colour code, W/E connectors around the type, S connector.

    `loose` are the sides as placed (after rotation); the printed sides when None.
    A bolt on the seam to the east or south replaces that connector with ⊕.
    """
    sides = set(tile.get("sides", "") if loose is None else loose)
    style = colour_style(tile.get("colour"))
    code_style = COLOURS.get(tile.get("colour"), "bold")  # the wild code: plain bold, no block
    mid = CELL_W // 2
    top = Text.assemble((colour_code(tile.get("colour")), code_style), " " * (mid - 2),
                        "│" if "N" in sides else " ", " " * (CELL_W - mid - 1))
    middle = Text.assemble("─" if "W" in sides else " ", " ", (abbr(tile), f"bold {style}".strip()), " ",
                           (BOLT, "bold") if bolt_e else ("─" if "E" in sides else " "))
    bottom = Text.assemble(" " * mid, (BOLT, "bold") if bolt_s else ("│" if "S" in sides else " "),
                           " " * (CELL_W - mid - 1))
    return [top, middle, bottom]


def _empty_block(spot: bool) -> list[Text]:
    mid = CELL_W // 2
    middle = Text.assemble(" " * mid, (SPOT, "dim") if spot else " ", " " * (CELL_W - mid - 1))
    return [Text(" " * CELL_W), middle, Text(" " * CELL_W)]


# ---------------------------------------------------------------- an abomination
@dataclass
class Abomination:
    """One seat's tiles as a labelled grid; too wide for the space given, it splits into column bands."""
    cells: dict[tuple[int, int], dict]
    bolts: set[tuple[tuple[int, int], str]]  # (upper or left cell, "S" or "E")
    spots: set[tuple[int, int]]
    rows: range
    cols: range

    @classmethod
    def from_seat(cls, seat: dict) -> "Abomination":
        cells = {(int(p["at"][0]), int(p["at"][1])): p for p in seat.get("abomination", [])}
        bolts = set()
        for a, b in seat.get("bolts", []):
            a, b = sorted([(int(a[0]), int(a[1])), (int(b[0]), int(b[1]))])
            bolts.add((a, "E" if a[0] == b[0] else "S"))
        spots = set()
        for (r, c), placed in cells.items():
            for side in placed.get("loose", ""):
                dr, dc = STEP[side]
                if (r + dr, c + dc) not in cells:
                    spots.add((r + dr, c + dc))
        every = set(cells) | spots or {(0, 0)}
        rows = range(min(r for r, _ in every), max(r for r, _ in every) + 1)
        cols = range(min(c for _, c in every), max(c for _, c in every) + 1)
        return cls(cells, bolts, spots, rows, cols)

    @property
    def label_width(self) -> int:
        return max(3, *(len(str(r)) for r in self.rows))

    @property
    def width(self) -> int:
        return self.label_width + 1 + CELL_W * len(self.cols)

    def band(self, cols: range) -> Text:
        pad = self.label_width
        out = Text()  # Text(..., style) would dim everything appended after it
        out.append("r\\c".rjust(pad), "dim")
        out.append(" ")
        for c in cols:
            out.append(str(c).center(CELL_W).rstrip().ljust(CELL_W), "dim")
        for r in self.rows:
            lines = [Text(), Text(), Text()]
            for c in cols:
                placed = self.cells.get((r, c))
                if placed:
                    block = tile_block(placed.get("tile", {}), placed.get("loose", ""),
                                       ((r, c), "E") in self.bolts, ((r, c), "S") in self.bolts)
                else:
                    block = _empty_block((r, c) in self.spots)
                for line, part in zip(lines, block):
                    line.append_text(part)
            for i, line in enumerate(lines):
                out.append("\n")
                out.append(str(r).rjust(pad) if i == 1 else " " * pad, "dim")
                out.append(" ")
                out.append_text(line)
        out.rstrip()
        return out

    def text(self, max_width: int | None = None) -> Text:
        """The grid as one Text, in bands of columns that fit `max_width` (all at once when None)."""
        per_band = len(self.cols)
        if max_width is not None:
            per_band = max(1, (max_width - self.label_width - 1) // CELL_W)
        bands = [self.cols[i:i + per_band] for i in range(0, len(self.cols), per_band)]
        return Text("\n\n").join(self.band(cols) for cols in bands)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.text(options.max_width)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(self.label_width + 1 + CELL_W, self.width)


def disconnected(seat: dict) -> list[tuple[int, int]]:
    """Cells not joined to the torso (0, 0) through loose-to-loose seams, i.e. left behind by steals."""
    cells = {(int(p["at"][0]), int(p["at"][1])): set(p.get("loose", "")) for p in seat.get("abomination", [])}
    if (0, 0) not in cells:
        return []
    seen, todo = {(0, 0)}, [(0, 0)]
    while todo:
        r, c = todo.pop()
        for side in cells[(r, c)]:
            dr, dc = STEP[side]
            nxt = (r + dr, c + dc)
            if nxt in cells and nxt not in seen and OPPOSITE[side] in cells[nxt]:
                seen.add(nxt)
                todo.append(nxt)
    return sorted(set(cells) - seen)


def render_seat(seat: dict, view: dict) -> Panel:
    grid = Abomination.from_seat(seat)
    width = max(SEAT_W, grid.width + 4)
    inner = width - 4
    info = Text()
    ends = seat.get("open_loose_ends", 0)
    if seat.get("complete"):
        info.append("COMPLETE", "bold green4")
        info.append(" (no open loose ends)")
    else:
        info.append(f"open loose ends {ends}")
    info.append("\n")
    bolts = [Text(f"bolts {seat.get('bolts_placed', 0)} placed")]
    if seat.get("pending_bolts"):
        bolts.append(Text(f"{seat['pending_bolts']} pending", "bold red3"))
    bolts.append(Text(f"hand {seat.get('hand_size', 0)}"))
    info.append_text(_flow(bolts, inner, sep=" · "))
    lost = disconnected(seat)
    if lost:
        info.append("\n")
        info.append_text(_flow([Text("disconnected:")] + [Text(f"({r}, {c})") for r, c in lost], inner, sep=" "))
    score = seat.get("score")
    if score and view.get("variant", "standard") == "standard":
        info.append("\n")
        consistency = Text(f"= consistency {score.get('consistency', 0)}")
        if score.get("dominant"):
            consistency.append_text(Text.assemble(" (", colour_name(score["dominant"]), ")"))
        info.append_text(_flow([Text(f"{score.get('total', 0)} VP", "bold"), consistency,
                                Text(f"+ cards {score.get('prizes', 0)}")], inner, sep=" "))
        names = _card_names(view)
        won = [names.get(c, c) for c in score.get("cards", [])]
        if won:  # names have spaces ("Horned Menace"): commas between them, lines broken only after one
            cards = [Text(name + ("," if i < len(won) - 1 else "")) for i, name in enumerate(won)]
            info.append("\n")
            info.append_text(_flow([Text("won:")] + cards, inner, sep=" "))
    title = Text(_who(view, seat["seat"]), "bold")
    style = "dim"
    if seat["seat"] == view.get("viewer"):
        style = VIEWER
    if view.get("phase") == "over":
        if seat["seat"] in view.get("winners", []):
            title = Text.assemble(("★ ", WINNER), title, (" wins", WINNER))
            style = WINNER
    elif seat["seat"] == view.get("current_player"):
        title = Text.assemble(("▶ ", TURN), title, (" " + DOING.get(view.get("phase"), "to move"), TURN))
        style = TURN
    elif seat["seat"] == view.get("turn_player"):
        title = Text.assemble(("▷ ", TURN), title, ("'s turn", TURN))
    width = max(width, title.cell_len + 6)  # a title never gets cut
    return Panel(Group(grid, info), title=title, title_align="left", border_style=style, width=width)


@dataclass
class Shelf:
    """Fixed-width panels packed left to right into rows that fit the width given.

    Unlike one Columns of them all, a single wide abomination doesn't force every
    other seat onto a row of its own.
    """
    panels: list[Panel]
    gap: int = 1

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        row: list[Panel] = []
        used = 0
        for panel in self.panels:
            width = panel.width or options.max_width
            if row and used + self.gap + width > options.max_width:
                yield Columns(row, padding=(0, self.gap))
                row, used = [], 0
            used += (self.gap if row else 0) + width
            row.append(panel)
        if row:
            yield Columns(row, padding=(0, self.gap))


# ---------------------------------------------------------------- tiles off the slabs
def tile_card(tile: dict | None, title: str | Text | None = None, style: str = "dim") -> Panel:
    """A tile as printed (before any rotation): block, id, type, colour, loose sides, attributes."""
    if tile is None:
        body: RenderableType = Text("empty", "dim")
    else:
        block = tile_block(tile)
        side = [Text(tile.get("id", "?"), "bold"), Text(tile.get("type", "?")),
                colour_name(tile.get("colour"))]
        lines = [Text.assemble(b, "  ", s) for b, s in zip(block, side)]
        lines.append(Text(f"loose {' '.join(tile.get('sides', '')) or 'none'}"))
        attrs = [Text(f"{k} {v}") for k, v in (tile.get("attributes") or {}).items() if v]
        if attrs:
            lines.append(_flow(attrs, CARD_W - 4))
        body = Group(*lines)
    return Panel(body, title=title, title_align="left", border_style=style, width=CARD_W)


def render_buffet(view: dict) -> RenderableType:
    cards = []
    for i, pile in enumerate(view.get("buffet", [])):
        size = pile.get("size", 0)
        # numbered from 1, as the move labels and the log number them
        cards.append(tile_card(pile.get("top"), Text(f"pile {i + 1} · {size} tile{'' if size == 1 else 's'}", "bold")))
    parts: list[RenderableType] = [Columns(cards, padding=(0, 1))]
    dig = view.get("dig")
    if dig:
        digger = view.get("turn_player")
        if "tiles" in dig:
            parts.append(Text(f"{_who(view, digger)} digging through pile {dig['pile'] + 1}: "
                              f"{len(dig['tiles'])} tile{'' if len(dig['tiles']) == 1 else 's'}", TURN))
            parts.append(Columns([tile_card(t, style=TURN) for t in dig["tiles"]], padding=(0, 1)))
            if dig.get("placed"):
                parts.append(Text("put back so far, from the top: " + ", ".join(t["id"] for t in dig["placed"]), TURN))
        else:
            parts.append(Text(f"{_who(view, digger)} is digging through pile {dig['pile'] + 1} "
                              f"({dig.get('size', '?')} tiles)", TURN))
    return Group(*parts)


def render_hand(view: dict) -> RenderableType | None:
    viewer = view.get("viewer")
    seat = next((s for s in view.get("seats", []) if s.get("seat") == viewer), None)
    if seat is None or "hand" not in seat:
        return None
    hand = seat["hand"]
    title = Text(f"your hand: {len(hand)} tile{'' if len(hand) == 1 else 's'}", f"bold {VIEWER}")
    if not hand:
        return Group(title, Text("empty", "dim"))
    return Group(title, Columns([tile_card(t, style=VIEWER) for t in hand], padding=(0, 1)))


# ---------------------------------------------------------------- cards, status, legend
def render_cards(view: dict) -> RenderableType | None:
    prizes, awards = view.get("grand_prizes", []), view.get("awards_revealed", [])
    left = view.get("awards_left", 0)
    if not prizes and not awards and not left:
        return None
    holders: dict[str, list[str]] = {}
    for seat in view.get("seats", []):
        for card in (seat.get("score") or {}).get("cards", []):
            holders.setdefault(card, []).append(str(seat["seat"]))
    table = Table(box=None, padding=(0, 1), show_header=False, expand=False)
    table.add_column("kind", no_wrap=True)
    table.add_column("name", no_wrap=True)
    table.add_column("vp", no_wrap=True, justify="right")
    table.add_column("text")
    table.add_column("now", no_wrap=True)
    for card in prizes + awards:
        grand = card.get("kind") == "grand_prize"
        who = holders.get(card["id"])
        verb = "won by" if view.get("phase") == "over" else "now:"
        now = Text(f"{verb} seat{'' if len(who) == 1 else 's'} " + ", ".join(who), "dim") if who else Text("")
        table.add_row(Text("★" if grand else "◆", "bold" if grand else ""), Text(card.get("name", card["id"]), "bold"),
                      f"{card.get('vp', 0)} VP", card.get("text", ""), now)
    caption = Text.assemble(("★ Grand Prize  ◆ Award", "dim"),
                            f"   {left} Award{'' if left == 1 else 's'} left in the deck")
    return Group(table, caption)


def threshold_line(view: dict) -> Text:
    shown, need = len(view.get("awards_revealed", [])), view.get("threshold", view.get("players", 0))
    if view.get("variant", "standard") != "standard":
        return Text("first to complete an abomination wins")
    if shown > need:
        return Text.assemble(f"Awards {shown} / more than {need}: ", ("completing an abomination ends the game",
                                                                         "bold"))
    return Text(f"Awards {shown} / need more than {need} to finish")


def render_status(view: dict) -> Text:
    line = Text()
    phase = view.get("phase")
    turn_player, current = view.get("turn_player"), view.get("current_player")
    if phase == "over":
        line.append("game over", "bold")
        line.append(f" after {view.get('turn', 0)} turns")
        ended = ENDED_BY.get(view.get("ended_by"), view.get("ended_by"))
        if ended:
            line.append(f" ({ended})")
        winners = view.get("winners", [])
        if winners:
            totals = {s["seat"]: (s.get("score") or {}).get("total") for s in view.get("seats", [])}
            line.append("  winner" + ("s: " if len(winners) > 1 else ": "))
            won = []
            for w in winners:
                part = Text(_who(view, w), WINNER)
                if totals.get(w) is not None and view.get("variant", "standard") == "standard":
                    part.append(f" ({totals[w]} VP)")
                won.append(part)
            line.append_text(Text(", ").join(won))
    else:
        line.append(f"turn {view.get('turn', 0)}  ")
        if current is not None and current != turn_player:
            line.append(f"{_who(view, turn_player)}'s turn; ")
        line.append(f"{_who(view, current)} {DOING.get(phase, 'to move')}", TURN)
    if view.get("viewer") is None:
        line.append("  (spectating)", "dim")
    supplies = f"deck {view.get('deck_size', 0)}    bolts in supply {view.get('bolt_supply', 0)}"
    if phase == "over":
        scores = [f"{_who(view, s['seat'])} {s['score']['total']} VP" for s in view.get("seats", [])
                  if (s.get("score") or {}).get("total") is not None]
        if scores and view.get("variant", "standard") == "standard":
            return Text("\n").join([line, Text("final scores: " + ", ".join(scores)), Text(supplies)])
        return Text("\n").join([line, Text(supplies)])
    die = Text("die: ")
    rolled, action = view.get("die"), view.get("action")
    if view.get("variant") == "ages_4_5":  # no die: every turn draws from the deck
        die = Text("no die: draw from the deck")
    elif rolled:
        die.append(DIE.get(rolled, rolled), "bold")
        if action and action != rolled:
            die.append(f" → {DIE.get(action, action)}", "bold")
    elif phase == "roll":
        die.append("not rolled yet", "dim")
    elif action:
        die.append(f"first turn: {DIE.get(action, action)} (no roll)")
    else:
        die.append("none", "dim")
    die.append(f"    {supplies}")
    return Text("\n").join([line, die, threshold_line(view)])


def render_legend(view: dict) -> Text:
    out = Text()
    for name in list(COLOURS) + ["wild"]:
        out.append(colour_code(name), COLOURS.get(name, "bold"))
        out.append(" ")
        out.append(name, colour_style(name) if name == "wild" else COLOURS[name])
        out.append("  ")
    out.append("\n")
    out.append("│ ─ loose end   ", "dim")
    out.append(BOLT, "bold")
    out.append(" bolt   ", "dim")
    out.append(SPOT, "dim")
    out.append(" free cell by a loose end   cells are (row,col)", "dim")
    return out


def render_view(view: dict) -> RenderableType:
    # Reference first, the live situation last: the status ends up right above the move list.
    parts: list[RenderableType] = [Rule(Text(TITLE, "bold deep_pink3"), style="deep_pink3")]
    cards = render_cards(view)
    if cards is not None:
        parts.append(cards)
    log = view.get("log") or []
    if log:
        parts.append(Panel(Text("\n".join(log[-8:]), "dim"), title="recent", title_align="left", border_style="dim"))
    parts.append(Shelf([render_seat(s, view) for s in view.get("seats", [])]))
    parts.append(render_legend(view))
    if view.get("buffet"):
        parts.append(render_buffet(view))
    hand = render_hand(view)
    if hand is not None:
        parts.append(hand)
    parts.append(Panel(render_status(view), border_style=TURN if view.get("phase") != "over" else "dim",
                       expand=False))
    return Group(*parts)
