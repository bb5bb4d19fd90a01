"""Aberration drawn with rich, from the JSON view alone.

Only the view dict is read (never the state), so what a seat may not see (what a face-down shadow
is, the order of the decks) cannot be drawn: it is not there. A shadow on the map is drawn only as
"shadow (face down)".

Top to bottom: the scenario, round and phase with the Survival and Fear tracks; a short recent log;
the map (the four boards around the Village Center, each as its trunk, fork and two branches down to
the Village, with what stands on every space); the Village (pool, spots, Vantage Points); the Great
Beast (deck, known cards, the five enemies with their level, HP and keywords, the objective); each
hero's boards; last, the decision being taken now and whose it is, right above the move list.
Seats are told apart by a glyph and a number as well as a colour, so nothing rests on hue alone.
"""
from __future__ import annotations

from dataclasses import dataclass

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from cardboard.terminal import Even as _Even
from cardboard.terminal import Flow

TITLE = "Aberration"
SEAT_GLYPH = ("●", "▲", "■", "◆")
SEAT_STYLE = ("dodger_blue2", "dark_orange3", "green4", "magenta3")
CHIP_STYLE = {"B": "bold dodger_blue2", "R": "bold red3", "G": "bold green4", "Y": "bold dark_goldenrod",
              "H": "bold grey100 on grey35", "X": "bold purple"}
CHIP_NAME = {"B": "INT", "R": "STR", "G": "SPD", "Y": "CMD", "H": "Hero", "X": "Aberration"}
TURN = "bold dark_goldenrod"
WARN = "bold red3"
GOOD = "bold green4"
MONSTER = "bold red3"
FIRE = "bold orange3"
INFLUENCE = "bold purple"
PANEL_W = 38  # the narrowest board panel: three fit a 116-column terminal
FACE = ("blank", "graze", "HIT")
DOING = {
    "turn": "spend chips on actions, play Items, pay toward Vantage Points, or end the turn",
    "predraw": "spend XP before drawing, or draw the chips",
    "walk": "where to step",
    "target": "what to attack",
    "place": "which space",
    "assign": "where to assign a villager",
    "pick_monster": "which monster",
    "pick_hero": "which hero",
    "pick_shadow": "which shadow to reveal",
    "pick_board": "which board",
    "block": "block with an Item, or take the damage",
    "reroll": "reroll with a Lucky Item, or pass",
    "smite": "add damage with a Smite Item, or pass",
    "support": "help the hero on turn with an Item, or pass",
    "keep": "which Item to keep",
    "shove": "where to move a monster",
    "foresee": "how to arrange the top Great Beast cards",
    "one_of": "which option",
    "fortify": "what to pay toward a Vantage Point (Fortify)",
    "victim": "which hero the monster attacks",
}
PHASE = {"setup": "Set-up", "village": "Village phase", "hero": "Hero phase", "beast": "Great Beast phase",
         "over": "Game over"}
KEYWORDS = {
    "herald": "revealed: levels up", "incite": "revealed: a Monstrosity advances",
    "leap": "revealed: advances 2", "spawn": "revealed: spawns III here",
    "aggressive": "activates twice", "parasite": "banks Thornlamm", "regenerate": "heals when activated",
    "armour": "max 2 damage an attack", "flying": "only Ranged hurts it", "ranged": "counters Ranged",
    "stealthy": "only Melee hurts it", "plague": "Plague on transform",
}


# ---------------------------------------------------------------- small helpers
def seat_mark(seat: int | None) -> Text:
    if seat is None:
        return Text("nobody", "dim")
    return Text(f"{SEAT_GLYPH[seat % len(SEAT_GLYPH)]}{seat}", f"bold {SEAT_STYLE[seat % len(SEAT_STYLE)]}")


def hero_of(view: dict, seat: int | None) -> dict | None:
    heroes = view.get("heroes", [])
    return heroes[seat] if seat is not None and 0 <= seat < len(heroes) else None


def who(view: dict, seat: int | None) -> str:
    if seat is None:
        return "nobody"
    h = hero_of(view, seat)
    name = h.get("name", h.get("hero", "?")) if h else "?"
    return f"{name} (seat {seat}{', you' if seat == view.get('viewer') else ''})"


def who_text(view: dict, seat: int | None) -> Text:
    return Text.assemble(seat_mark(seat), " ", who(view, seat))


def chip(c: str) -> Text:
    """A chip by its letter (an altered one "R>B" pays as its second colour)."""
    base = c.split(">")[-1]
    return Text(c.replace(">", "→"), CHIP_STYLE.get(base, "bold"))


def chips(cs, empty: str = "none") -> Text:
    if not cs:
        return Text(empty, "dim")
    return Text(" ").join([chip(c) for c in cs])


def counted(bag: dict) -> Text:
    if not bag:
        return Text("empty", "dim")
    return Text(" ").join([Text.assemble(chip(c), f"×{n}") for c, n in bag.items()])


def track(label: str, at: int, end: int, style: str) -> Text:
    """A track as boxes: the marker's space filled, the end marked."""
    out = Text(f"{label} ", "bold")
    for k in range(0, end + 1):
        if k == at:
            out.append(f"[{k}]", f"reverse {style}")
        elif k < at:
            out.append("■", style)
        else:
            out.append("·", "dim")
    out.append(f" {at}/{end}", style)
    return out


def short(space: str) -> str:
    return space.split(".", 1)[-1] if "." in space else space


def Even(panels: list, min_width: int = PANEL_W) -> _Even:
    """Panels in rows of equal widths, this game's panel width at the least."""
    return _Even(panels, min_width)


# ---------------------------------------------------------------- the map
def occupants(view: dict, space: str) -> list[Text]:
    """What stands on a space: heroes, monsters (HP, keywords, frozen), face-down shadows, villagers,
    Fire, Influence, traps."""
    out: list[Text] = []
    for h in view.get("heroes", []):
        if h.get("space") == space:
            out.append(Text.assemble(seat_mark(h.get("seat")), " ", (h.get("name", h.get("hero", "?")), "bold")))
    for m in view.get("monsters", []):
        if m.get("space") == space:
            t = Text(f"{m.get('name', m.get('enemy', '?'))} {m.get('slot', '')}", MONSTER)
            t.append(f" {m.get('hp', '?')}/{m.get('max_hp', '?')}HP")
            t.append(f" #{m.get('id')}", "dim")
            if m.get("frozen"):
                t.append(" frozen", "bold cyan")
            out.append(t)
    ids = [f"#{s.get('id')}" for s in view.get("shadows", []) if s.get("space") == space]
    if ids:
        out.append(Text(f"shadow{'s' if len(ids) > 1 else ''} {' '.join(ids)}"
                        + (" (face down)" if view.get("phase") != "over" else ""), "bold grey70"))
    v = view.get("villagers", {}).get(space, 0)
    if v:
        out.append(Text(f"{v} villager{'s' if v > 1 else ''}", GOOD))
    if space in view.get("fire", []):
        out.append(Text("Fire", FIRE))
    if space in view.get("influence", []):
        out.append(Text("Influence", INFLUENCE))
    for t in view.get("traps", []):
        if t.get("space") == space:
            out.append(Text.assemble("trap ", seat_mark(t.get("owner"))))
    return out


def vp_marks(view: dict) -> dict[str, list[Text]]:
    """Per entry space: the Vantage Points it reaches."""
    out: dict[str, list[Text]] = {}
    for vp in view.get("vantage_points", []):
        if vp.get("state") == "corrupted":
            continue
        style = GOOD if vp.get("state") == "secured" else "bold cyan"
        for e in vp.get("entries", []):
            out.setdefault(e, []).append(Text(f"VP {vp.get('spot')}", style))
    return out


def space_line(view: dict, space: str, prefix: str, tail: str, marks: dict, cross: dict) -> Flow:
    """A space and what stands on it, broken only between things (never inside "Gnashers I 2/2HP")."""
    head = Text(prefix, "dim")
    head.append(space, "bold")
    things = occupants(view, space) + marks.get(space, [])
    if space in cross:
        things.append(Text("↔ " + ", ".join(cross[space]), "dim"))
    if tail:
        things.append(Text(tail, "dim"))
    parts = [head + " " + things[0] if things else head] + things[1:]
    return Flow(parts, sep=" · ", indent=len(prefix) + 3)


def render_board(view: dict, board: dict, marks: dict, cross: dict) -> Panel:
    lines: list[RenderableType] = []
    spawn = board.get("spawn")
    for s in board.get("trunk", []):
        lines.append(space_line(view, s, "", "spawn" if s == spawn else "", marks, cross))
    for side, head, bar in (("left", "├ left", "│ "), ("right", "└ right", "  ")):
        branch = board.get(side, [])
        lines.append(Text(head, "dim"))
        for i, s in enumerate(branch):
            lines.append(space_line(view, s, bar, "→ Village" if i == len(branch) - 1 else "", marks, cross))
    for g in board.get("glades", []):
        links = ", ".join(short(x) for x in board.get("glade_links", {}).get(g, []))
        lines.append(space_line(view, g, "", f"glade, off {links}", marks, cross))
    for link in board.get("extra_links", []):
        a, _, b = link.partition("-")
        lines.append(Text(f"link {short(a)}–{short(b)}", "dim"))
    title = Text.assemble((board.get("compass", "?"), "bold"), f" · {board.get('tile', '?')} ",
                          (board.get("name", ""), "italic"))
    return Panel(Group(*lines), title=title, title_align="left", border_style="dim")


def render_village_center(view: dict) -> Panel:
    lines: list[Text] = []
    here = occupants(view, "VC")
    if here:
        lines.append(Text(" · ").join(here))
    lines.append(Text.assemble(("Pool: ", "bold"), f"{view.get('pool', 0)} villagers"))
    spots = view.get("village_spots", [])
    if spots:
        lines.append(Text("Spots (☺ manned this round):", "bold"))
        for s in spots:
            lines.append(Text(f"{'☺' if s.get('manned') else '·'} {s.get('name', s.get('id'))}",
                              GOOD if s.get("manned") else ""))
    return Panel(Group(*lines), title=Text("Village Center", "bold"), title_align="left", border_style="dim")


@dataclass
class Compass:
    """N on top, W left, the Village Center in the middle, E right, S below when three panels fit;
    otherwise the panels one under the other."""
    boards: dict[str, RenderableType]
    centre: RenderableType

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        b = self.boards
        if options.max_width >= 3 * PANEL_W + 2:
            grid = Table.grid(expand=True, padding=(0, 1))
            for _ in range(3):
                grid.add_column(ratio=1)
            grid.add_row("", b.get("N", ""), "")
            grid.add_row(b.get("W", ""), self.centre, b.get("E", ""))
            grid.add_row("", b.get("S", ""), "")
            yield grid
        else:
            yield Even([b[k] for k in ("N", "E", "S", "W") if k in b] + [self.centre])


def render_map(view: dict) -> RenderableType:
    m = view.get("map") or {}
    marks = vp_marks(view)
    cross: dict[str, list[str]] = {}
    board_of = {s: b.get("compass") for b in m.get("boards", []) for s in
                (*b.get("trunk", []), *b.get("left", []), *b.get("right", []), *b.get("glades", []))}
    for a, b in m.get("cross", []):
        cross.setdefault(a, []).append(f"{b} ({board_of.get(b, '?')})")
        cross.setdefault(b, []).append(f"{a} ({board_of.get(a, '?')})")
    boards = {b.get("compass"): render_board(view, b, marks, cross) for b in m.get("boards", [])}
    return Group(Text.assemble(("Map", "bold"), ("  each board from its edge (spawn) down to the Village · "
                                                "↔ link to a next board · VP: entry of a Vantage Point", "dim")),
                 Compass(boards, render_village_center(view)))


def render_vantage_points(view: dict) -> Panel:
    lines = []
    for vp in view.get("vantage_points", []):
        state = vp.get("state", "standing")
        line = Text.assemble((f"VP {vp.get('spot')} ", "bold"), (vp.get("name", vp.get("id", "?")), "bold"),
                             f" ({vp.get('board', '?')} board) ")
        if state == "secured":
            line.append("SECURED", GOOD)
            line.append(f" · opens {vp.get('spot_name', '?')}", "dim")
        elif state == "corrupted":
            line.append("CORRUPTED (removed)", WARN)
        else:
            cost, paid = vp.get("cost", ""), vp.get("paid", "")
            line.append("cost ")
            line.append_text(chips(list(cost)))
            line.append("  paid ")
            line.append_text(chips(list(paid)))
            line.append(f"  from {', '.join(short(e) for e in vp.get('entries', []))}", "dim")
            if vp.get("reward"):
                line.append(f"  reward: {vp['reward']}", "dim")
        lines.append(line)
    return Panel(Group(*lines), title=Text("Vantage Points", "bold"), title_align="left", border_style="dim")


# ---------------------------------------------------------------- the Great Beast
def render_beast(view: dict) -> Panel:
    gb = view.get("great_beast", {})
    lines: list[RenderableType] = []
    head = Text.assemble(("Great Beast deck: ", "bold"), f"{gb.get('left', 0)} cards left (face down)")
    head.append(f"   shadow stack {view.get('shadow_stack', 0)} · revealed {view.get('shadow_discard', 0)}", "dim")
    head.append(f"   Items {view.get('items_left', 0)} · Objectives {view.get('objectives_left', 0)}", "dim")
    lines.append(head)
    for k, c in enumerate(gb.get("known_cards", [])):
        lines.append(Text.assemble(("  known top " if k == 0 else f"  then #{k + 1} ", "dim"), (c.get("name", "?"), "bold"),
                                   f" (levels up {c.get('level_up', '?')}, spawns from {c.get('point', '?')}): ",
                                   c.get("text", "")))
    bottom = gb.get("known_bottom_cards", [])
    for k, c in enumerate(bottom):
        lines.append(Text.assemble(("  known bottom " if k == len(bottom) - 1 else f"  {len(bottom) - k} from the bottom ",
                                    "dim"), (c.get("name", "?"), "bold"),
                                   f" (levels up {c.get('level_up', '?')}, spawns from {c.get('point', '?')})"))
    table = Text(f"{'slot':<5}{'enemy':<14}{'type':<12}{'lvl':<5}{'HP':<4}{'dmg':<5}{'acts':<5}{'map':<5}keywords",
                 "bold")
    for e in view.get("enemies", []):
        table.append("\n")
        table.append(f"{e.get('slot', '?'):<5}")
        table.append(f"{e.get('name', e.get('id', '?')):<14}", MONSTER)
        table.append(f"{e.get('type', '?'):<12}{e.get('level', '?')}/{e.get('max_level', 3):<3}"
                     f"{e.get('hp', '?'):<4}{e.get('dmg', '?'):<5}{e.get('acts', '?'):<5}{e.get('on_map', 0):<5}")
        kws = e.get("keywords", [])
        table.append(", ".join(f"{k.title()} ({KEYWORDS.get(k, '')})" if KEYWORDS.get(k) else k.title() for k in kws)
                     or "—")
        if e.get("thornlamm"):
            table.append(f"  Thornlamm {e['thornlamm']}", WARN)
    lines.append(table)
    obj = view.get("objective")
    if obj:
        line = Text.assemble(("Objective: ", "bold"), (obj.get("name", obj.get("id", "?")), "bold"), " — ",
                             obj.get("text", ""))
        if obj.get("kind") == "tokens":
            line.append(f"  tokens {obj.get('tokens', 0)}/{obj.get('needed', '?')}", TURN)
        lines.append(line)
    if view.get("extra_goal"):
        lines.append(Text.assemble(("Scenario: ", "bold"), view["extra_goal"]))
    return Panel(Group(*lines), title=Text("The Great Beast", "bold"), title_align="left", border_style="dim")


# ---------------------------------------------------------------- the heroes
def render_hero(view: dict, h: dict) -> Panel:
    s = h.get("seat")
    lines: list[RenderableType] = []
    lines.append(Text.assemble((h.get("name", h.get("hero", "?")), "bold"), f" ({h.get('species', '')}) · ",
                               (h.get("class_name", h.get("class", "?")), "italic"), " · at ",
                               (h.get("space", "?"), "bold")))
    top, at = h.get("track_top", 0), h.get("aberration_track", 0)
    lines.append(Text.assemble((f"HP {h.get('hp', top - at)}", GOOD if h.get("hp", 1) > 2 else WARN),
                               f" (Aberration track {at}/{top})",
                               f"  XP {h.get('xp', 0)}", f"  shield {h['shield']}" if h.get("shield") else "",
                               (f"  Plague {h['plague']}", WARN) if h.get("plague") else ""))
    levels = h.get("levels", {})
    unlocked = h.get("unlocked", [])
    parts = []
    for stat, colour in zip(("INT", "STR", "SPD", "CMD"), ("B", "R", "G", "Y")):
        t = Text.assemble((f"{stat} {levels.get(stat, '?')}", CHIP_STYLE[colour]))
        t.append(" unlocked" if colour in unlocked else "", "dim")
        parts.append(t)
    lines.append(Flow(parts, sep=" · "))
    lines.append(Text.assemble(("Hand ", "bold"), chips(h.get("hand", [])), "   held ", chips([h["held"]] if h.get("held") else [])))
    lines.append(Text.assemble(("Bag ", "bold"), counted(h.get("bag", {})), f" ({sum(h.get('bag', {}).values())})",
                               ("   discard ", "bold"), f"{len(h.get('discard', []))}"))
    sp = h.get("special")
    if sp:
        lines.append(Text.assemble((f"{sp.get('name', '')}: ", "bold"), (sp.get("text", ""), "dim")))
    cards = h.get("item_cards")
    if cards is None:
        cards = [{"name": i} for i in h.get("items", [])]
    if cards:
        lines.append(Text("Items:", "bold"))
        for c in cards:
            lines.append(Text.assemble("  ", (c.get("name", "?"), "bold"),
                                       (" ATTUNED" if c.get("attuned") else "", GOOD),
                                       (f" ({c.get('type', '')}, exploit {c.get('exploit', '')}) {c.get('text', '')}",
                                        "dim")))
    else:
        lines.append(Text("Items: none", "dim"))
    if h.get("traps"):
        lines.append(Text(f"Trap tokens {h['traps']}"))
    for t in h.get("transformations", []):
        lines.append(Text.assemble(("Aberration card: ", WARN), (t.get("name", "?"), "bold"), f" {t.get('text', '')}"))
    title = Text.assemble(seat_mark(s), " ", (who(view, s), "bold"))
    style = "dim"
    asked = view.get("asked") or {}
    if s == asked.get("seat") and view.get("phase") != "over":
        title = Text.assemble(("▶ ", TURN), title, (" decides", TURN))
        style = TURN
    elif s == view.get("turn") and view.get("phase") == "hero":
        title.append(" (on turn)", "dim")
    if s == view.get("first_player"):
        title.append(" ♛first", "dim")
    return Panel(Group(*lines), title=title, title_align="left", border_style=style)


# ---------------------------------------------------------------- the decision
def decision_text(view: dict) -> Text:
    asked = view.get("asked") or {}
    k = asked.get("kind")
    seat = asked.get("seat")
    you = seat is not None and seat == view.get("viewer")
    line = Text(f"{'▶ ' if you else ''}", TURN)
    line.append_text(who_text(view, seat))
    line.append(f" decides{' now' if you else ''}: ", TURN)
    line.append(DOING.get(k, (k or "?").replace("_", " ")), TURN)
    extra = []
    if k == "walk":
        extra.append(f"{asked.get('steps', '?')} step(s) left")
    elif k == "target":
        extra.append(f"{asked.get('attack', '?')} attack, {asked.get('dice', '?')} dice"
                     + (", area" if asked.get("area") else "") + (", quick" if asked.get("quick") else ""))
    elif k == "block":
        extra.append(f"{asked.get('damage', '?')} damage incoming")
    elif k == "place":
        extra.append({"start": "the hero's starting space", "fire": "placing a Fire", "trap": "placing a trap"}
                     .get(asked.get("what"), f"placing {asked.get('what', '?')}"))
    elif k in ("pick_monster", "pick_hero"):
        extra.append(f"for {asked.get('what', '?')}")
    elif k == "support" and asked.get("current") is not None:
        extra.append(f"for {who(view, asked['current'])}")
    if extra:
        line.append(f" ({'; '.join(extra)})", "dim")
    return line


def render_status(view: dict) -> Group:
    lines: list[RenderableType] = []
    if view.get("phase") == "over" or view.get("result"):
        won = view.get("result") == "win"
        lines.append(Text.assemble(("Game over: ", "bold"), ("VICTORY" if won else "DEFEAT", GOOD if won else WARN),
                                   f" — {view.get('cause', '')}"))
    else:
        lines.append(decision_text(view))
    roll = view.get("roll") or []
    if roll:
        lines.append(Text.assemble(("Last dice rolled: ", "bold"),
                                   Text(", ").join([Text(FACE[f] if 0 <= f < 3 else str(f),
                                                         "bold" if f else "dim") for f in roll])))
    if view.get("viewer") is None and view.get("phase") != "over":
        lines.append(Text("(spectating)", "dim"))
    return Group(*lines)


def render_view(view: dict) -> RenderableType:
    """The whole table; the table is open, so every seat and a spectator see the same but for "you"."""
    parts: list[RenderableType] = [Rule(Text(f"{TITLE}: {view.get('scenario_name', view.get('scenario', ''))}",
                                             "bold dark_red"), style="dark_red")]
    head = Text.assemble((f"Round {view.get('round', '?')}", "bold"), " · ",
                         PHASE.get(view.get("phase"), str(view.get("phase"))))
    if view.get("first_player") is not None:
        head.append("   ♛ first player ")
        head.append_text(seat_mark(view["first_player"]))
    parts.append(head)
    parts.append(Flow([track("Survival", view.get("survival", 0), view.get("survival_track", 0), GOOD),
                       track("Fear", view.get("fear", 0), view.get("fear_track", 0), WARN)], sep="    "))
    log = view.get("log") or []
    if log:
        parts.append(Panel(Text("\n".join(log[-8:]), "dim"), title="recent", title_align="left", border_style="dim"))
    parts.append(render_map(view))
    parts.append(render_vantage_points(view))
    parts.append(render_beast(view))
    parts.append(Even([render_hero(view, h) for h in view.get("heroes", [])], min_width=56))
    over = view.get("phase") == "over"
    parts.append(Panel(render_status(view), border_style="dim" if over else TURN, expand=False))
    return Group(*parts)
