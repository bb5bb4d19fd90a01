"""Abyss drawn with rich, from the JSON view alone.

Only the view dict is read (never the state), so anything that holds a view (a save
file's snapshot, a remote client) draws exactly what the player was shown, and a
seat's hidden hand or face-down tokens cannot leak: they are not in its view.

Reference first, the live situation last: the log, the Court and the Locations on
top; the Exploration track, Threat track and Council in the middle; the seats, the
viewer's hand and the status (who decides what, now) right above the move list.
Races are named in words as well as coloured, so no information rests on hue alone.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from rich import box
from rich.columns import Columns
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from cardboard.terminal import Even as _Even
from cardboard.terminal import Flow

TITLE = "Abyss"
RACES = ("squid", "shellfish", "crab", "seahorse", "jellyfish")  # the view's order of the Council
# Mid-tone 256-colour shades that read on dark and light terminal themes alike.
RACE_STYLE = {"squid": "dodger_blue2", "shellfish": "green4", "crab": "red3", "seahorse": "dark_goldenrod",
              "jellyfish": "magenta3"}
# Cards on the track: the race's colour as a background, so a revealed card stands out as a card.
CHIP = {"squid": "bold grey100 on dodger_blue3", "shellfish": "bold grey100 on green4",
        "crab": "bold grey100 on red3", "seahorse": "bold grey0 on gold3", "jellyfish": "bold grey100 on magenta3"}
MONSTER = "bold grey100 on grey30"  # no race colour: a Monster is not an Ally
GUILD_STYLE = {"military": "red3", "merchant": "green4", "mage": "magenta3", "politician": "dodger_blue2",
               "farmer": "dark_goldenrod", "ambassador": "bold"}
TURN = "bold dark_goldenrod"  # the seat that decides now
VIEWER = "deep_sky_blue3"  # the seat whose screen this is
WINNER = "bold green4"
WARN = "bold red3"
SEAT_W = 36  # the narrowest seat panel: three fit a 120-column terminal, two an 80-column one
POWER_W = 90  # a Lord's power text is cut to about this many characters

DOING = {"turn": "to plot at Court, take an action, use a power or end the turn",
         "keys": "to choose which keys take control of a Location",
         "where": "to take a face-up Location or draw 1-4 from the stack",
         "keep": "to keep one of the drawn Locations",
         "smokers": "to keep Black Smokers or swap it for a Location of the stack",
         "discard": "to discard an Ally from hand",
         "assassinate": "to choose an opponent's Lord to assassinate",
         "hunt": "to choose whom to steal a Monster token from",
         "take_stack": "to choose a Council stack to take",
         "illusion": "to swap a Location for a face-up one, or skip",
         "corrupt": "to recruit a second Lord for pearls, or skip",
         "betray": "to discard a free Lord for a Court Lord, or skip",
         "scheme": "to swap a free Lord for the Lord deck's top, or skip"}
ENDED_BY = {"seventh_lord": "a 7th Lord was recruited", "court": "the Court could not be refilled"}
# Generic cuts that keep a power's meaning: the texts are data (option `content`), not a fixed list.
SHORTER = [(r"\s*\([^)]*\)", ""), (r"^Your opponents\b", "Opponents"),
           (r"^Once in your turn you may ", "Once a turn: "), (r"^You may ", "May "),
           (r"Bears (\d+) Keys: controls a Location alone\. ", r"\1 keys, alone: "),
           (r"; the others? (is|are) placed face up", ""), (r" at the end of your exploration", ""),
           (r" of (their|your) choice", ""), (r"the top (Lord )?of the( Lord)? deck", "the Lord deck's top"),
           (r"^The Powers of your opponents' (\w+) Lords do not affect you",
            r"Immune to the powers of opponents' \1 Lords"),
           (r"it keeps its Influence but loses", "it loses"), (r"they discard the excess", "excess discarded"),
           (r"at the end of each of their turns", "after each of their turns"),
           (r"\b(Pearls?|Races?|Powers?|Keys)\b", lambda m: m.group(0).lower())]


# ---------------------------------------------------------------- small helpers
def _who(view: dict, seat: int | None) -> str:
    if seat is None:
        return "nobody"
    return f"seat {seat}" + (" (you)" if seat == view.get("viewer") else "")


def _commas(parts: list[Text]) -> list[Text]:
    """A comma after each part but the last (names hold spaces: "Master of Magic")."""
    return [p + "," if i < len(parts) - 1 else p for i, p in enumerate(parts)]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def card_text(card: dict | None) -> Text:
    """An Exploration card in words and its race's colour: "Crab 4", or "Monster"."""
    if not card:
        return Text("·", "dim")
    if card.get("monster"):
        return Text("Monster", "bold")
    race = card.get("race", "?")
    return Text(f"{race.capitalize()} {card.get('value', '?')}", f"bold {RACE_STYLE.get(race, '')}".strip())


def card_chip(card: dict) -> Text:
    """A card on the track: its words on its race's colour (grey for a Monster)."""
    if card.get("monster"):
        return Text(" MONSTER ", MONSTER)
    race = card.get("race", "?")
    return Text(f" {race.capitalize()} {card.get('value', '?')} ", CHIP.get(race, "reverse"))


def race_name(race: str, text: str | None = None) -> Text:
    return Text(text if text is not None else race.capitalize(), RACE_STYLE.get(race, "bold"))


def short_power(text: str, width: int = POWER_W) -> str:
    """A power in fewer words, cut at a word with "…" if still too long."""
    for pattern, repl in SHORTER:
        text = re.sub(pattern, repl, text)
    text = text.strip()
    if len(text) > width:
        text = text[:width - 1].rsplit(" ", 1)[0].rstrip(",;:") + "…"
    return text


def lord_short(name: str) -> str:
    """"The Jailer" -> "Jailer": seat panels list many Lords in little room."""
    return name[4:] if name.startswith("The ") else name


def cost_text(lord: dict) -> str:
    """A Lord's cost as "N races, required race, total": what a payment from hand must match."""
    req = lord.get("required_race", "?")
    races = lord.get("races", "?")
    return f"{races} race{'' if races == 1 else 's'}, {'any 5' if req == 'all' else req}, {lord.get('cost', '?')}"


@dataclass
class Shelf:
    """Renderables packed left to right into rows that fit the width (their measured widths)."""
    items: list[RenderableType]
    gap: int = 1

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        row: list[RenderableType] = []
        used = 0
        for item in self.items:
            width = Measurement.get(console, options, item).maximum
            if row and used + self.gap + width > options.max_width:
                yield Columns(row, padding=(0, self.gap))
                row, used = [], 0
            used += (self.gap if row else 0) + width
            row.append(item)
        if row:
            yield Columns(row, padding=(0, self.gap))


def Even(panels: list, min_width: int = SEAT_W) -> _Even:
    """Panels in rows of equal widths, this game's panel width at the least."""
    return _Even(panels, min_width)


# ---------------------------------------------------------------- the Court and the Locations
HEADERS = ("Lord", "guild", "cost: races, race, total", "IP", "keys", "power")


@dataclass
class Court:
    """The Court's Lords: one row each with the power beside them when there is room, else
    the power on a line of its own under the Lord (an 80-column terminal)."""
    view: dict
    wide: int = 110  # below this inner width the powers go on their own lines

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        court = self.view.get("court", [])
        if not court:
            yield Text("empty", "dim")
            return
        rows = []
        for lord in court:
            guild = lord.get("guild", "?")
            rows.append((Text(lord.get("name", lord.get("id", "?")), "bold"), Text(guild, GUILD_STYLE.get(guild, "")),
                         Text(cost_text(lord)), Text(str(lord.get("influence", "?"))),
                         Text(str(lord.get("keys")) if lord.get("keys") else ""),
                         Text(short_power(lord.get("power", "")), "dim" if lord.get("power_kind") == "none" else "")))
        if options.max_width >= self.wide:
            table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), collapse_padding=True, pad_edge=False, expand=True,
                          show_edge=False)
            for header in HEADERS:
                table.add_column(header, no_wrap=header != "power", ratio=1 if header == "power" else None,
                                 justify="right" if header in ("IP", "keys") else "left")
            for row in rows:
                table.add_row(*row)
            yield table
            return
        # Narrow: the same columns but the power, padded by hand, and the power on a line of its own.
        widths = [max(len(HEADERS[i]), *(row[i].cell_len for row in rows)) for i in range(5)]
        head = Text("  ".join(h.rjust(w) if h in ("IP", "keys") else h.ljust(w) for h, w in zip(HEADERS, widths)),
                    "bold")
        head.append("\n  power", "bold")
        yield head
        for row in rows:
            line = Text()
            for i, (cell, w) in enumerate(zip(row[:5], widths)):
                pad = " " * (w - cell.cell_len)
                line.append_text(Text.assemble(pad, cell) if HEADERS[i] in ("IP", "keys") else cell + pad)
                line.append("  ")
            line.rstrip()
            yield line
            words = list(row[5].split(" "))
            yield Flow([Text("  ") + words[0]] + words[1:], sep=" ", indent=2)


def render_court(view: dict) -> Panel:
    court = view.get("court", [])
    title = Text.assemble(("Court", "bold"), f" {len(court)}/{view.get('court_size', len(court))}",
                          ("  Lord deck ", "dim"), str(view.get("lord_deck_size", 0)))
    gone = view.get("lord_discard", [])
    if gone:
        title.append(f"  out of the game: {len(gone)}", "dim")
    return Panel(Court(view), title=title, title_align="left", border_style="dim")


def render_locations(view: dict) -> Panel:
    """Face-up Locations (anyone may take one), the stack's size, and what the viewer drew or searches."""
    lines: list[Text] = []
    for loc in view.get("locations_open", []):
        lines.append(Text.assemble((loc.get("name", "?"), "bold"), "  ", (loc.get("formula", ""), "dim")))
    if not lines:
        lines.append(Text("no Location face up", "dim"))
    drawn = view.get("drawn")
    if isinstance(drawn, list) and drawn:
        lines.append(Text("you drew, keep one (the others go face up):", TURN))
        for loc in drawn:
            lines.append(Text.assemble(("  ▸ ", TURN), (loc.get("name", "?"), "bold"), "  ", loc.get("formula", "")))
    elif isinstance(drawn, int) and drawn:
        lines.append(Text(f"{_who(view, view.get('turn_player'))} drew {_plural(drawn, 'Location')} "
                          "and is choosing one", TURN))
    stack = view.get("location_deck")
    if stack:
        lines.append(Text("the stack, to swap Black Smokers for:", TURN))
        for loc in stack:
            lines.append(Text.assemble(("  ▸ ", TURN), (loc.get("name", "?"), "bold"), "  ", loc.get("formula", "")))
    title = Text.assemble(("Locations", "bold"), ("  stack ", "dim"), str(view.get("location_deck_size", 0)))
    return Panel(Group(*lines), title=title, title_align="left", border_style="dim")


# ---------------------------------------------------------------- the board: track, Threat, Council
LIVE = ("offer", "ally", "monster")  # phases about the track's last card
CHIP_W = 13  # " Shellfish 4 "


def render_track(view: dict) -> Panel:
    """The five spaces, numbered as the log numbers them, the card being decided on marked;
    under them the Council, where the Allies left on the track go."""
    size = view.get("track_size", 5)
    track = view.get("track", [])
    table = Table.grid(padding=(0, 1))
    for i in range(size):
        table.add_column(justify="center", no_wrap=True, min_width=CHIP_W)
    table.add_row(*[Text(f"{i + 1}" + (" (last)" if i == size - 1 else ""), "dim") for i in range(size)])
    table.add_row(*[card_chip(c) for c in track], *[Text("·", "dim")] * (size - len(track)))
    if track and view.get("phase") in LIVE:
        marks = [Text("")] * size
        marks[len(track) - 1] = Text("▲ now", TURN)
        table.add_row(*marks)
    title = Text.assemble(("Exploration", "bold"), ("  deck ", "dim"), str(view.get("deck_size", 0)),
                          ("  discard ", "dim"), str(view.get("discard_size", 0)))
    return Panel(Group(table, council_line(view)), title=title, title_align="left", border_style="dim",
                 expand=False)


def council_line(view: dict) -> Flow:
    """Five face-down stacks: their sizes only."""
    parts = [Text("Council:", "bold")]
    for st in view.get("council", []):
        size = st.get("size", 0)
        parts.append(Text.assemble(race_name(st.get("race", "?")), (f" {size}", "bold" if size else "dim")))
    return Flow(parts, sep="  ", indent=9)


def render_threat(view: dict) -> Panel:
    """The six spaces with the token; while a reward is chosen, the space it comes from."""
    n, at = view.get("threat_spaces", 6), view.get("threat", 1)
    reward = view.get("reward_space") if view.get("phase") == "reward" else None
    line = Text()
    for space in range(1, n + 1):
        if space > 1:
            line.append("─", "dim")
        if space == at:
            line.append(f"[{space}]", "bold grey100 on red3")
        else:
            line.append(f" {space} ", "bold" if space == reward else "dim")
    below = Text(f"token on {at} of {n}", "bold")
    if reward:
        below.append(f"\nreward of space {reward}", TURN)
    title = Text("Threat", "bold")
    return Panel(Group(line, below), title=title, title_align="left", border_style="dim", expand=False)


# ---------------------------------------------------------------- the seats
def seat_title(view: dict, seat: dict) -> tuple[Text, str]:
    """The panel's title and border: the viewer's own, the one deciding now, or a winner."""
    s = seat.get("seat")
    title = Text(_who(view, s), "bold")
    style = VIEWER if s == view.get("viewer") else "dim"
    if view.get("phase") == "over":
        if s in view.get("winners", []):
            title = Text.assemble(("★ ", WINNER), title, (" wins", WINNER))
            style = WINNER
    elif s == view.get("current_player"):
        title = Text.assemble(("▶ ", TURN), title, (" decides", TURN))
        style = TURN
    elif s == view.get("turn_player"):
        title = Text.assemble(("▷ ", TURN), title, ("'s turn", TURN))
    return title, style


def score_text(score: dict | None) -> Flow:
    """The Influence so far and its parts; another seat's face-down tokens make it a lower bound."""
    score = score or {}
    known = score.get("total") is not None
    head = Text(f"Influence {score['total']}" if known else f"Influence {score.get('visible_total', 0)} + ?", "bold")
    parts = [Text(f"{k} {score.get(k.lower(), 0)}", "dim") for k in ("Lords", "Locations", "Allies")]
    parts.append(Text(f"tokens {score.get('tokens', 0)}" if known else "tokens ?", "dim"))
    parts[0] = Text("(", "dim") + parts[0]
    parts[-1].append(")")
    return Flow([head] + _commas(parts), sep=" ", indent=0)


def key_text(seat: dict) -> Text:
    """All the keys that count toward a Location, and where they are (tokens or free Lords)."""
    keys, tokens = seat.get("keys", 0), seat.get("key_tokens", 0)
    out = Text(f"keys {keys}")
    if keys and tokens and keys != tokens:
        out.append(f" ({tokens} token{'' if tokens == 1 else 's'} + {keys - tokens} on Lords)", "dim")
    elif keys and keys != tokens:
        out.append(" (on Lords)", "dim")
    return out


def render_seat(view: dict, seat: dict) -> Panel:
    lines: list[RenderableType] = []
    hand = Text(f"hand {seat.get('hand_size', 0)}")
    if seat.get("hand_limit") is not None and view.get("phase") != "over":
        hand.append(f" (limit {seat['hand_limit']})", WARN if seat.get("hand_size", 0) > seat["hand_limit"] else "dim")
    n = seat.get("monster_tokens", 0)
    monsters = Text(f"Monster tokens {n}")
    if n:
        values = seat.get("token_values")
        monsters.append(f": {' '.join(str(v) for v in values)}" if values is not None else " (face down)", "dim")
    lines.append(Flow([Text(f"pearls {seat.get('pearls', 0)}", "bold"), hand, key_text(seat), monsters], sep=" · ",
                      indent=0))
    allies = by_race(seat.get("affiliated", []))
    lines.append(Flow([Text("Allies:")] + _commas(allies or [Text("none", "dim")]), sep=" "))
    seen = by_race(seat.get("hand_seen", []))
    if seen and view.get("viewer") != seat.get("seat"):  # [AY-D-20] the rest of that hand is face down
        lines.append(Flow([Text("Seen going into the hand:", "dim")] + _commas(seen), sep=" "))
    council = seat.get("hand_from_council", [])
    if council and view.get("viewer") != seat.get("seat"):  # [AY-D-21] their races, not their values
        lines.append(Flow([Text("From the Council, values unseen:", "dim")]
                          + _commas([race_name(e["race"], f"{e['race'].capitalize()} ×{e['count']}") for e in council]),
                          sep=" "))
    lords = seat.get("lords", [])
    names = []
    for lord in lords:
        name = Text(lord_short(lord.get("name", "?")), "strike" if lord.get("disabled") else "")
        if lord.get("disabled"):
            name.append(" ✗assassinated", WARN)
        names.append(name)
    head = Text(f"Lords {seat.get('lords_recruited', len(lords))}:")
    lines.append(Flow([head] + _commas(names or [Text("none free", "dim")]), sep=" "))
    points = {d.get("location"): d.get("points") for d in (seat.get("score") or {}).get("location_detail", [])}
    for entry in seat.get("locations", []):
        loc = entry.get("location", {})
        parts = [Text.assemble(("⌂ ", "bold"), (loc.get("name", "?"), "bold"))]
        if points.get(loc.get("id")) is not None:
            parts.append(Text(f"{points[loc['id']]} IP"))
        under = [lord_short(x.get("name", "?")) for x in entry.get("lords", [])]
        if under:
            parts.append(Text("← " + ", ".join(under), "dim"))
        lines.append(Flow(parts, sep=" "))
    lines.append(score_text(seat.get("score")))
    title, style = seat_title(view, seat)
    return Panel(Group(*lines), title=title, title_align="left", border_style=style)


def by_race(cards: list[dict], sums: bool = False) -> list[Text]:
    """"Crab 1 4"-like groups, one per race in the Council's order, values rising; Monsters apart."""
    groups = []
    for race in RACES:
        values = sorted(c.get("value", 0) for c in cards if c.get("race") == race)
        if values:
            part = race_name(race, f"{race.capitalize()} {' '.join(map(str, values))}")
            if sums and len(values) > 1:
                part.append(f" ({sum(values)})", "dim")
            groups.append(part)
    monsters = sum(1 for c in cards if c.get("monster"))
    if monsters:
        groups.append(Text(_plural(monsters, "Monster"), "bold"))
    return groups


def render_hand(view: dict) -> RenderableType | None:
    """The viewer's hand by race, lowest value first, with each race's sum (what recruiting pays)."""
    viewer = view.get("viewer")
    seat = next((s for s in view.get("seats", []) if s.get("seat") == viewer), None)
    if seat is None or "hand" not in seat:
        return None
    hand = seat["hand"]
    title = Text(f"Your hand: {len(hand)} All{'y' if len(hand) == 1 else 'ies'}", f"bold {VIEWER}")
    if seat.get("hand_limit") is not None and view.get("phase") != "over":
        title.append(f" (limit {seat['hand_limit']})", WARN if len(hand) > seat["hand_limit"] else "dim")
    if not hand:
        return title.append(" (empty)", "dim")
    return Group(title, Flow(by_race(hand, sums=True), sep="   ", indent=0))


# ---------------------------------------------------------------- status, log, the end
def doing(view: dict) -> str:
    phase = view.get("phase")
    if phase == "offer":
        track = view.get("track") or [None]
        card = card_text(track[-1]).plain
        price = view.get("price")
        return f"to buy the {card} for {_plural(price, 'pearl') if price else '?'} or decline"
    if phase == "ally":
        track = view.get("track") or [None]
        return f"to take the unbought {card_text(track[-1]).plain} (ends the turn) or keep exploring"
    if phase == "monster":
        return (f"to fight the Monster (Threat token on {view.get('threat')}) "
                "or keep exploring (the Threat rises)")
    if phase == "reward":
        return f"to choose the reward of Threat space {view.get('reward_space') or view.get('threat')}"
    return DOING.get(phase, "to move")


def render_status(view: dict) -> Text:
    lines = []
    phase = view.get("phase")
    line = Text()
    if phase == "over":
        line.append("Game over", "bold")
        line.append(f" after {view.get('turn', 0)} turns")
        ended = ENDED_BY.get(view.get("ended_by"), view.get("ended_by"))
        if ended:
            line.append(f" ({ended})")
        winners = view.get("winners", [])
        totals = {s.get("seat"): (s.get("score") or {}).get("total") for s in view.get("seats", [])}
        if winners:
            line.append("   winner" + ("s: " if len(winners) > 1 else ": "), "bold")
            won = [Text.assemble((_who(view, w), WINNER), f" ({totals.get(w)} IP)" if totals.get(w) is not None else "")
                   for w in winners]
            line.append_text(Text(", ").join(won))
    else:
        turn_player, current = view.get("turn_player"), view.get("current_player")
        line.append(f"turn {view.get('turn', 0)}  ")
        if current != turn_player:
            line.append(f"{_who(view, turn_player)}'s turn; ")
        you = current is not None and current == view.get("viewer")
        line.append(f"{'▶ ' if you else ''}{_who(view, current)} {doing(view)}", TURN)
    if view.get("viewer") is None:
        line.append("  (spectating)", "dim")
    lines.append(line)
    last = view.get("last_round")
    if last and phase != "over":
        why = ENDED_BY.get(last.get("reason"), last.get("reason") or "")
        rest = last.get("still_to_play", [])
        after = ("still to play: " + ", ".join(_who(view, s) for s in rest)) if rest else "this is the very last turn"
        lines.append(Text(f"LAST ROUND ({why}): {after}", WARN))
    if view.get("extra_turn") and phase != "over":
        lines.append(Text(f"{_who(view, view.get('turn_player'))} takes another turn after this one", TURN))
    supply = Text(f"Treasury {view.get('treasury', 0)} pearls · key pile {view.get('key_supply', 0)} · "
                  f"Monster tokens left {view.get('token_pool', 0)}")
    if phase != "over":
        price, bought = view.get("price"), view.get("bought_this_turn", 0)
        supply.append(" · next Ally bought: " + (_plural(price, "pearl") if price else "none (3 bought)"), "dim")
        if bought and price:
            supply.append(f" ({bought} bought)", "dim")
    lines.append(supply)
    return Text("\n").join(lines)


def render_log(view: dict) -> Panel | None:
    log = view.get("log") or []
    if not log:
        return None
    return Panel(Text("\n".join(log[-8:]), "dim"), title="recent", title_align="left", border_style="dim")


def render_view(view: dict) -> RenderableType:
    """The whole table for one seat (or a spectator when the view's viewer is None)."""
    parts: list[RenderableType] = [Rule(Text(TITLE, "bold dodger_blue2"), style="dodger_blue2")]
    log = render_log(view)
    if log is not None:
        parts.append(log)
    parts.append(render_court(view))
    parts.append(render_locations(view))
    parts.append(Shelf([render_track(view), render_threat(view)]))
    parts.append(Even([render_seat(view, s) for s in view.get("seats", [])]))
    hand = render_hand(view)
    if hand is not None:
        parts.append(hand)
    over = view.get("phase") == "over"
    parts.append(Panel(render_status(view), border_style="dim" if over else TURN, expand=False))
    return Group(*parts)
