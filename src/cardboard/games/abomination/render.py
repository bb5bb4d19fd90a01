"""Abomination drawn with rich, from the JSON view alone.

Only the view dict is read (never the state), so a save's snapshot or a remote client draws
exactly what the player was shown, and what a seat may not see (other hands, held encounters,
face-down decks, another player's lab work during the lab phase) cannot leak: it is not there.

Top to bottom: the round, the story track with the Captain and the event in play; the Paris
board by location (its spaces, who may go, the cost, the meeples by seat, police and event
markers), the Bribe & Bump track; the cadavers and the card rows; each player's laboratory;
the viewer's hand; the objectives and scores; last, the decision being taken now (a roll of
the shock dice, a story entry), right above the move list. Seats are told apart by a glyph and
a number as well as a colour, so nothing rests on hue alone.
"""
from __future__ import annotations


from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from cardboard.terminal import Even as _Even
from cardboard.terminal import Flow

TITLE = "Abomination: The Heir of Frankenstein"
ROMAN = ("", "I", "II", "III", "IV")
MATERIALS = ("muscle", "organ", "blood", "animal")
# Seats: the web table's glyphs, and mid-tone colours that read on dark and light terminals.
SEAT_GLYPH = ("●", "▲", "■", "◆", "★", "✚")
SEAT_STYLE = ("dodger_blue2", "dark_orange3", "green4", "magenta3", "purple", "grey50")
MATERIAL_STYLE = {"muscle": "orange4", "organ": "medium_purple3", "blood": "red3", "animal": "dark_orange",
                  "bone": "grey62"}
PART_STYLE = {"empty": "dim", "muscle": "orange4", "skin": "bold", "alive": "bold green4"}
TURN = "bold dark_goldenrod"
VIEWER = "deep_sky_blue3"
WINNER = "bold green4"
WARN = "bold red3"
SEAT_W = 50  # the narrowest lab panel: two fit a 101-column terminal, three a 152-column one

# The printed board's names for the location ids the view uses (the view names spaces, not
# locations); a location missing here (a user's content file) is named from its id.
LOCATIONS = {"cemetery": "Cemetery", "morgue": "Morgue", "hospital": "Hospital", "public_square": "Public Square",
             "docks": "Docks", "academy": "Academy of Science", "saint_roch": "Saint-Roch", "market": "Market",
             "dark_alley": "Dark Alley"}
ROWS = {"scoundrels": ("Scoundrels", "docks"), "research": ("Research", "academy"),
        "humanity": ("Humanity", "saint_roch")}
RULES = {"space_cost_change": "a location's spaces cost more or less",
         "market_price_change": "Market prices change",
         "location_bonus": "a location gives a bonus",
         "scientists_only": "only scientists may go to a location",
         "no_bumping": "no meeple may be bumped",
         "no_decay": "materials do not decompose at the reset",
         "extra_decay": "labs without ice decompose twice at the reset"}
ICONS = {"execution": "Execution (Public Square cadavers revealed)",
         "lightning_storm": "Lightning Storm (jars charged; jars bought now come charged)"}
SCORE_ROWS = (("builds", "Parts built"), ("alive", "Alive parts"), ("objectives", "Objectives"),
              ("reputation", "Reputation"), ("expertise", "Expertise"), ("humanity", "Humanity"),
              ("humanity_bonus", "Humanity bonus"))
FACE = {"eye": "◉ eye", "bolt": "ϟ bolt", "blank": "□ blank"}
DOING = {"turn": "to place a meeple (or pass)",
         "replace": "to place the bumped meeple again, or leave it on the track",
         "block": "to let a placement stand or send it back with a humanity card",
         "vigil": "to hear an encounter or cancel it with a card",
         "entry": "to choose in a story entry",
         "target": "to choose the target (as First Player)",
         "may_pay": "to pay or decline",
         "restore": "to make cubes fresher",
         "skip": "to keep cubes fresh through the next decomposition",
         "cadavers": "to resolve the cadavers drawn",
         "take_cadaver": "to take a face-up cadaver",
         "card": "to take a card or decline",
         "hire": "to hire a scoundrel or decline",
         "market": "to buy at the Market",
         "sell_bone": "to sell bone",
         "build": "to build monster parts in the lab",
         "switch": "to throw the switch or not",
         "dice": "to accept the shock dice or reroll",
         "marker": "to choose a part of the operating table for a marker",
         "preserve": "to preserve materials",
         "overflow": "to discard cubes from a decomposition space holding more than 15",
         "lab": "to work in the lab",
         "reset_cards": "to play cards before the reset"}


# ---------------------------------------------------------------- small helpers
def location_name(loc: str) -> str:
    return LOCATIONS.get(loc) or loc.replace("_", " ").title()


def viewer(view: dict) -> int | None:
    """The seat whose view this is (None for a spectator); views without the field: the one
    shown its own hand (nobody's once the game is over, when every hand is face up)."""
    if "viewer" in view:
        return view["viewer"]
    if view.get("over"):
        return None
    mine = [p.get("seat") for p in view.get("players", []) if "research" in p]
    return mine[0] if len(mine) == 1 else None


def seat_mark(seat: int | None) -> Text:
    if seat is None:
        return Text("nobody", "dim")
    return Text(f"{SEAT_GLYPH[seat % len(SEAT_GLYPH)]}{seat}", f"bold {SEAT_STYLE[seat % len(SEAT_STYLE)]}")


def who(view: dict, seat: int | None) -> str:
    if seat is None:
        return "nobody"
    return f"seat {seat}" + (" (you)" if seat == viewer(view) else "")


def who_text(view: dict, seat: int | None) -> Text:
    if seat is None:
        return Text("nobody", "dim")
    return Text.assemble(seat_mark(seat), " ", who(view, seat))


def meeple(m: dict) -> Text:
    kind = "sci" if m.get("meeple") == "scientist" else "asst"
    return Text.assemble(seat_mark(m.get("seat")), f" {kind}")


def plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def cadaver_text(c: dict, full: bool = True) -> Text:
    """A cadaver: name, cost, then its attribute option OR its materials."""
    out = Text(c.get("name", "?"), "bold")
    if not full:
        return out
    cost = c.get("cost") or {}
    parts = []
    if cost.get("humanity"):
        parts.append(f"-{cost['humanity']} Humanity")
    if cost.get("francs"):
        parts.append(plural(cost["francs"], "franc"))
    out.append(f" (cost {', '.join(parts) if parts else 'none'}; ", "dim")
    opt = c.get("option") or {}
    out.append(f"option {signed(opt.get('amount', 0))} {str(opt.get('attribute', '?')).capitalize()}", "")
    mats = [f"{m.get('count', 0)} {m.get('material')}" + (f" {ROMAN[m['stage']]}" if m.get("stage") else "")
            for m in c.get("materials", [])]
    out.append(" or " + ", ".join(mats) if mats else "", "")
    out.append(")", "dim")
    return out


def Even(panels: list, min_width: int = SEAT_W) -> _Even:
    """Panels in rows of equal widths, this game's panel width at the least."""
    return _Even(panels, min_width)


# ---------------------------------------------------------------- round, story track, event
def render_story(view: dict) -> Text:
    """The story track, the Captain's space marked; the skull (last space) ends the game."""
    last, at = view.get("story_track", 13), view.get("captain", 1)
    line = Text("Story track ", "bold")
    for space in range(1, last + 1):
        if space > 1:
            line.append("─", "dim")
        label = "☠" if space == last else str(space)
        if space == at:
            line.append(f"[{label} Captain]", "bold grey100 on dark_red")
        else:
            line.append(label, "bold" if space == last else "dim")
    return line


def render_event(view: dict) -> Panel:
    event = view.get("event")
    lines: list[RenderableType] = []
    if event:
        lines.append(Text.assemble((event.get("name", "?"), "bold"), (f"  ({event.get('side', '?')} side)", "dim")))
        if event.get("text"):
            lines.append(Text(event["text"], "italic"))
        for icon in event.get("icons", []):
            lines.append(Text.assemble(("icon: ", "dim"), ICONS.get(icon, icon)))
        rules = event.get("rules", [])
        if rules:
            lines.append(Text.assemble(("This round: ", "bold"),
                                       "; ".join(RULES.get(r, r.replace("_", " ")) for r in rules)))
    else:
        lines.append(Text("no event in play", "dim"))
    board = view.get("board", {})
    marks = [location_name(x) for x in board.get("event_markers", [])]
    if marks:
        lines.append(Text.assemble(("Event markers: ", "bold"), ", ".join(marks)))
    closed = [location_name(x) for x in board.get("police", [])]
    if closed:
        lines.append(Text.assemble(("Closed by police this round: ", WARN), ", ".join(closed)))
    title = Text.assemble(("Event", "bold"), ("  deck ", "dim"), str(view.get("event_deck", 0)))
    return Panel(Group(*lines), title=title, title_align="left", border_style="dim")


# ---------------------------------------------------------------- the Paris board
def locations_in_order(spaces: list[dict]) -> list[str]:
    out: list[str] = []
    for s in spaces:
        if s.get("location") not in out:
            out.append(s.get("location"))
    return out


def render_paris(view: dict) -> Panel:
    """Every space by location: who may go, the cost now, the room, the meeples, closures.
    Lines of text in fixed columns (a rich Table of 14 rows is slow to measure)."""
    board = view.get("board", {})
    spaces = board.get("spaces", [])
    markers = set(board.get("event_markers", []))
    locs = locations_in_order(spaces)
    loc_w = max([len(location_name(x)) + (2 if x in markers else 0) for x in locs] + [8])
    space_w = max([len(s.get("name", "?")) for s in spaces] + [5])
    out = Text.assemble((f"{'location':<{loc_w}}  {'space':<{space_w}}  who  cost  meeples (· free room)", "bold"))
    for loc in locs:
        here = [s for s in spaces if s.get("location") == loc]
        for k, s in enumerate(here):
            out.append("\n")
            name = Text()
            if k == 0:
                name.append(location_name(loc), "bold")
                if loc in markers:
                    name.append(" ⚑", TURN)
            out.append_text(name)
            out.append(" " * (loc_w - name.cell_len + 2))
            out.append(f"{s.get('name', '?'):<{space_w}}  ")
            sci = s.get("who") == "scientist"
            out.append("sci" if sci else "any", "bold" if sci else "dim")
            cost = s.get("cost", 0)
            out.append(f"  {str(cost) + ' fr' if cost else '—':>4}  ", "" if cost else "dim")
            men = s.get("meeples", [])
            out.append_text(Text(", ").join([meeple(m) for m in men]))
            free = s.get("slots", 1) - len(men)
            if free > 0:
                out.append((" " if men else "") + "·" * free, "dim")
            if s.get("closed"):
                out.append("  CLOSED (police)", WARN)
    title = Text.assemble(("Paris", "bold"), ("  ⚑ event marker · sci: scientists only", "dim"))
    return Panel(Group(out, render_bump(view)), title=title, title_align="left", border_style="dim")


def render_bump(view: dict) -> Text:
    """The Bribe & Bump track: its spaces' costs, filled from the first, with the bumped meeples."""
    bump = view.get("board", {}).get("bump_track", {})
    line = Text("Bribe & Bump track: ", "bold")
    men = bump.get("meeples", [])
    for i, cost in enumerate(bump.get("costs", [])):
        if i:
            line.append("  ")
        line.append(f"[{cost} fr: ", "dim")
        if i < len(men):
            line.append_text(meeple(men[i]))
        else:
            line.append("free", "dim")
        line.append("]", "dim")
    return line


# ---------------------------------------------------------------- cadavers and the card rows
def render_cards(view: dict) -> Panel:
    board = view.get("board", {})
    lines: list[RenderableType] = []
    decks = board.get("cadavers", {})
    for deck_id, deck in decks.items():
        head = Text.assemble((f"{location_name(deck_id)} cadavers", "bold"), (f"  deck {deck.get('cards', 0)}", "dim"))
        top = deck.get("top")
        if top:
            lines.append(Text.assemble(head, ("  top card face up: ", "dim"), cadaver_text(top)))
        else:
            lines.append(head)
        shown = deck.get("display", [])
        for i, c in enumerate(shown):
            tag = "top of the stack" if deck_id == "hospital" and i == 0 else "face up"
            lines.append(Text.assemble(("  ▸ ", "dim"), cadaver_text(c), (f"  [{tag}]", "dim")))
    drawn = board.get("drawn")
    if isinstance(drawn, list) and drawn and view.get("decision"):  # the drawer's: listed with the decision
        lines.append(Text(f"You drew {plural(len(drawn), 'cadaver')} (below, with your decision)", TURN))
    elif isinstance(drawn, list) and drawn:
        lines.append(Text("Drawn: ", "bold") + Text(", ").join([cadaver_text(c) for c in drawn]))
    elif isinstance(drawn, int) and drawn:
        lines.append(Text(f"{who(view, view.get('to_move'))} drew {plural(drawn, 'cadaver')} (face down to you)", TURN))
    rows = board.get("rows", {})
    for key, (title, loc) in ROWS.items():
        row = rows.get(key)
        if row is None:
            continue
        lines.append(Text.assemble((f"{title} at {location_name(loc)}", "bold"),
                                   (f"  deck {row.get('deck', 0)}", "dim")))
        for i, card in enumerate(row.get("slots", [])):
            if card is None:
                lines.append(Text(f"  {i + 1} (empty)", "dim"))
            else:
                lines.append(Text.assemble(f"  {i + 1} ", (card.get("name", "?"), "bold"), ": ", card.get("text", "")))
    return Panel(Group(*lines), title=Text("Cadavers and cards", "bold"), title_align="left", border_style="dim")


# ---------------------------------------------------------------- the laboratories
TRACK_W = 23  # "animal" and four stage columns


def track_table(p: dict) -> Text:
    """The decomposition track: material by stage I-IV (stage I the freshest), as lines of text
    (a rich Table per lab is slow to measure, and the columns never change)."""
    out = Text(f"{'':<7}" + "".join(f"{st:>4}" for st in ROMAN[1:]), "bold")
    track = p.get("track", {})
    for m in MATERIALS:
        out.append("\n")
        out.append(f"{m:<7}", MATERIAL_STYLE.get(m, ""))
        for n in track.get(m, [0, 0, 0, 0]):
            out.append(f"{n:>4}" if n else f"{'·':>4}", "bold" if n else "dim")
    return out


def beside(left: Text, right: list[Text], width: int = TRACK_W, gap: int = 2) -> Text:
    """Two columns of lines as one Text: `left` padded to `width`, then the `right` lines."""
    lines = left.split("\n")
    out = Text()
    for i in range(max(len(lines), len(right))):
        if i:
            out.append("\n")
        line = lines[i] if i < len(lines) else Text("")
        out.append_text(line)
        if i < len(right):
            out.append(" " * (width - line.cell_len + gap))
            out.append_text(right[i])
    return out


def operating_table(p: dict) -> Flow:
    parts = [Text("Operating table:", "bold")]
    for slot in p.get("table", []):
        state = slot.get("state", "empty")
        word = {"empty": "—", "alive": "ALIVE"}.get(state, state)
        t = Text.assemble((slot.get("part", "?"), ""), " ", (word, PART_STYLE.get(state, "")))
        if slot.get("damage"):
            t.append(f" ✖{slot['damage']} damage", WARN)
        parts.append(t)
    return Flow([parts[0]] + [p_ + "," if i < len(parts) - 2 else p_ for i, p_ in enumerate(parts[1:])], sep=" ",
                indent=2)


def lab_title(view: dict, p: dict) -> tuple[Text, str]:
    s = p.get("seat")
    title = Text.assemble(seat_mark(s), " ", (who(view, s), "bold"), "  ", (p.get("character_name", "?"), "italic"))
    if p.get("first_player"):
        title.append(" ♛", "bold")
    style = VIEWER if s == viewer(view) else "dim"
    if view.get("over"):
        if s in view.get("winners", []):
            title = Text.assemble(("★ ", WINNER), title, (" wins", WINNER))
            style = WINNER
    elif s == view.get("to_move"):
        title = Text.assemble(("▶ ", TURN), title, (" decides", TURN))
        style = TURN
    return title, style


def hand_names(cards: list[dict]) -> str:
    return ", ".join(c.get("name", "?") for c in cards) or "none"


def lab_extras(p: dict) -> list[Text]:
    """Beside the track: bone, preserved cubes, jars, ice and police markers."""
    pres = p.get("preserved", {})
    jars = p.get("jars", {})
    police = p.get("police", 0)
    out = [Text(f"bone {p.get('bone', 0)}", MATERIAL_STYLE["bone"]),
           Text(f"preserved {pres.get('muscle', 0)} muscle, {pres.get('organ', 0)} organ"),
           Text(f"jars {jars.get('charged', 0)} charged, {jars.get('uncharged', 0)} empty"),
           Text(f"ice {p.get('ice', 'none')}"),
           Text(f"police markers {police}", WARN if police else "")]
    if p.get("kept_fresh"):
        out.append(Text(f"kept fresh {p['kept_fresh']}"))
    return out


def render_lab(view: dict, p: dict, score: dict | None) -> Panel:
    lines: list[RenderableType] = []
    lines.append(Flow([Text(f"francs {p.get('francs', 0)}", "bold"),
                       Text.assemble((f"score {score['total']}" if score else "score ?", "bold"),
                                     (f" (builds {p.get('vp_track', 0)})", "dim")),
                       Text(f"Humanity {signed(p.get('humanity', 0))}"), Text(f"Reputation {p.get('reputation', 0)}"),
                       Text(f"Expertise {p.get('expertise', 0)}")], sep=" · ", indent=0))
    on = p.get("on_card", {})
    lab = p.get("lab_spaces", {})
    spaces = [Text(f"{k.capitalize()} {'(' + v + ')' if v else 'free'}", "dim") for k, v in lab.items()]
    lines.append(Flow([Text(f"meeples {plural(p.get('scientists', 0), 'scientist')}, "
                            f"{plural(p.get('assistants', 0), 'assistant')}"),
                       Text(f"on the card {plural(on.get('scientists', 0), 'scientist')}, "
                            f"{plural(on.get('assistants', 0), 'assistant')}"),
                       *spaces], sep=" · ", indent=2))
    lines.append(beside(track_table(p), lab_extras(p)))
    lines.append(operating_table(p))
    hand = Text(f"hand {p.get('research_count', 0)} research, {p.get('humanity_count', 0)} humanity")
    if p.get("held_encounters"):
        hand.append(f" · {plural(p['held_encounters'], 'encounter')} held secretly")
    lines.append(hand)
    seen = p.get("research_seen", []) + p.get("humanity_seen", [])
    if seen:   # taken from a face-up row in everyone's sight [AM-D-14]
        lines.append(Text(f"seen going into the hand: {hand_names(seen)}", "dim"))
    s = p.get("seat")
    if "research" in p and s != viewer(view):  # the end of the game: every hand face up
        lines.append(Text(f"research: {hand_names(p['research'])}", "dim"))
        lines.append(Text(f"humanity: {hand_names(p.get('humanity_cards', []))}", "dim"))
        if p.get("held"):
            lines.append(Text(f"encounters: {hand_names(p['held'])}", "dim"))
    if view.get("phase") == "lab" and score is None and not view.get("over"):
        lines.append(Text("lab work hidden until the lab phase ends: shown as it began", "dim"))
    title, style = lab_title(view, p)
    return Panel(Group(*lines), title=title, title_align="left", border_style=style)


def render_hand(view: dict) -> RenderableType | None:
    me = viewer(view)
    p = next((x for x in view.get("players", []) if x.get("seat") == me), None)
    if p is None or "research" not in p:
        return None
    lines: list[RenderableType] = [Text(f"Your hand: {len(p['research'])} research, "
                                        f"{len(p.get('humanity_cards', []))} humanity (at most 3 of each)",
                                        f"bold {VIEWER}")]
    for family, cards in (("research", p["research"]), ("humanity", p.get("humanity_cards", []))):
        for c in cards:
            lines.append(Text.assemble(f"  {family}: ", (c.get("name", "?"), "bold"), ": ", c.get("text", "")))
    for e in p.get("held", []):
        trigger = e.get("trigger")
        where = "now" if trigger == "now" else f"when another player goes to {location_name(str(trigger))}"
        lines.append(Text.assemble("  encounter held secretly: ", (e.get("name", "?"), "bold"), f" (triggers {where})"))
    return Group(*lines)


# ---------------------------------------------------------------- objectives, scores
def render_objectives(view: dict) -> Flow:
    parts = [Text("Objectives (10 VP):", "bold")]
    for o in view.get("objectives", []):
        t = Text(o.get("name", "?"), "bold")
        t.append(" (first to it)" if o.get("timing") == "first" else " (most, at the end)", "dim")
        claimed = o.get("claimed_by", [])
        if claimed:
            t.append(" claimed by ", "dim")
            t.append_text(Text(", ").join([seat_mark(s) for s in claimed]))
        parts.append(t)
    return Flow(parts, sep="   ", indent=2)


def render_scores(view: dict) -> Table:
    """One column per seat, one row per part of the score; '?' where the view hides it."""
    scores = view.get("scores", [])
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), collapse_padding=True, pad_edge=False, show_edge=False,
                  title="Scores so far" if not view.get("over") else "Final scores", title_justify="left",
                  title_style="bold")
    table.add_column("")
    for s in range(len(scores)):
        table.add_column(Text.assemble(seat_mark(s), " (you)" if s == viewer(view) else ""), justify="right")
    for key, label in SCORE_ROWS + (("total", "Total"),):
        cells = [Text("?", "dim") if row is None else Text(str(row.get(key, 0)), "bold" if key == "total" else "")
                 for row in scores]
        table.add_row(Text(label, "bold" if key == "total" else ""), *cells)
    return table


# ---------------------------------------------------------------- the decision, the status
def render_decision(view: dict) -> list[RenderableType]:
    """What the viewer decides now, in full: the dice rolled, the story entry, the encounter."""
    d = view.get("decision")
    if not d:
        return []
    out: list[RenderableType] = []
    kind = d.get("kind")
    if kind == "dice":
        roll = d.get("roll", [])
        line = Text("Shock dice: ", "bold")
        line.append_text(Text("  ").join([Text(f"{r.get('colour')} {FACE.get(r.get('face'), r.get('face'))}",
                                               "bold dodger_blue2" if r.get("colour") == "blue" else "bold")
                                          for r in roll]))
        eyes = sum(1 for r in roll if r.get("face") == "eye")
        bolts = sum(1 for r in roll if r.get("face") == "bolt")
        line.append(f"   ({plural(eyes, 'eye')}: alive markers; {plural(bolts, 'bolt')}: damage)", "dim")
        out.append(line)
    elif kind == "entry":
        e = d.get("entry", {})
        out.append(Text.assemble((f"Story entry {e.get('number', '?')}: {e.get('title', '')}", "bold")))
        if e.get("text"):
            out.append(Text(e["text"], "italic"))
        for i, ch in enumerate(e.get("choices", [])):
            out.append(Text(f"  {chr(ord('a') + i)}) {ch}"))
    elif kind == "vigil":
        out.append(Text.assemble("Encounter: ", (d.get("encounter", "?"), "bold"),
                                 " (hear it, or cancel it with a card)"))
    elif kind == "cadavers" and isinstance(view.get("board", {}).get("drawn"), list):
        out.append(Text("You drew (resolve any you may, each for its option OR its materials; "
                        "the rest go back under the deck):", "bold"))
        for c in view["board"]["drawn"]:
            out.append(Text.assemble(("  ▸ ", TURN), cadaver_text(c)))
    elif kind == "overflow":
        out.append(Text(f"Stage {ROMAN[d.get('stage', 0)] if d.get('stage') in (1, 2, 3, 4) else '?'} holds "
                        f"{d.get('cubes', '?')} cubes, {d.get('limit', 15)} at most: choose the cubes to discard, "
                        "one at a time.", "bold"))
    elif kind == "target":
        out.append(Text.assemble("Candidates: ", Text(", ").join([who_text(view, s) for s in d.get("candidates", [])])))
    return out


def render_status(view: dict) -> Group:
    lines: list[RenderableType] = []
    line = Text()
    if view.get("over"):
        line.append("Game over", "bold")
        line.append(f" in round {view.get('round', '?')}")
        winners = view.get("winners", [])
        scores = view.get("scores", [])
        if winners:
            line.append("   winner" + ("s: " if len(winners) > 1 else ": "), "bold")
            line.append_text(Text(", ").join([
                Text.assemble(seat_mark(w), (f" {who(view, w)}", WINNER),
                              f" ({scores[w]['total']} VP)" if w < len(scores) and scores[w] else "")
                for w in winners]))
    else:
        line.append(f"Round {view.get('round', '?')} · {view.get('phase', '?')} phase · ")
        current = view.get("to_move")
        you = current is not None and current == viewer(view)
        line.append(f"{'▶ ' if you else ''}{who(view, current)} {DOING.get(view.get('deciding'), 'to move')}", TURN)
    if viewer(view) is None and not view.get("over"):
        line.append("  (spectating)", "dim")
    lines.append(line)
    lines += render_decision(view)
    supply = view.get("board", {}).get("supply", {})
    if supply:
        lines.append(Text("Supply: " + " · ".join(f"{k} {v}" for k, v in supply.items()), "dim"))
    return Group(*lines)


def render_view(view: dict) -> RenderableType:
    """The whole table for one seat (or a spectator, whose view shows no hand)."""
    parts: list[RenderableType] = [Rule(Text(TITLE, "bold dark_red"), style="dark_red")]
    head = Text.assemble((f"Round {view.get('round', '?')}", "bold"), f" · {view.get('phase', '?')} phase   ")
    head.append_text(render_story(view))
    first = view.get("first_player")
    if first is not None:
        head.append("   ♛ First Player ", "dim")
        head.append_text(seat_mark(first))
    parts.append(head)
    log = view.get("log") or []
    if log:   # reference first, the live situation last: the last few things that happened
        parts.append(Panel(Text("\n".join(log[-8:]), "dim"), title="recent", title_align="left",
                           border_style="dim"))
    parts.append(render_event(view))
    parts.append(render_paris(view))
    parts.append(render_cards(view))
    scores = view.get("scores", [])
    labs = [render_lab(view, p, scores[i] if i < len(scores) else None) for i, p in enumerate(view.get("players", []))]
    parts.append(Even(labs))
    hand = render_hand(view)
    if hand is not None:
        parts.append(hand)
    parts.append(render_objectives(view))
    parts.append(render_scores(view))
    over = view.get("over")
    parts.append(Panel(render_status(view), border_style="dim" if over else TURN, expand=False))
    return Group(*parts)
