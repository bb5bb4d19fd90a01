"""Move labels, and the words every table uses for spaces, chips and abilities.

Every move names a space by its id as the map content names it (`"VC"`, `"<tile>.<space>"`, e.g.
`"1.r3"`): `step` (`to`), `target` (`space`), `place` (`space`) and `shove` (`to`), so moves read the
same on the wire. A label, a log line and the board say the space in words instead (`space_words`):
the board's name (the rulebook: "The map is made up of four connected map tiles, called boards") and
where on it the space lies: its path up to the fork, the fork, the fork's left or right branch ("If
the path forks, Influence tokens are placed from left to right"), a glade off the path, or the
Village Center. Chips and abilities are named as the rulebook names them ("Ability Chips (Intellect,
Strength, Speed, Command, Aberration and Hero.)"). The labels of the other moves are
`view.action_label`'s.
"""
from __future__ import annotations

# a chip's colour letter (and an Alter's "<original>><colour>") in the rulebook's words
CHIP_WORDS = {"B": "Intellect", "R": "Strength", "G": "Speed", "Y": "Command", "H": "Hero", "X": "Aberration"}
STAT_WORDS = {"INT": "Intellect", "STR": "Strength", "SPD": "Speed", "CMD": "Command"}
COLOUR_STAT = {"B": "Intellect", "R": "Strength", "G": "Speed", "Y": "Command"}

_TILE_NAMES: dict = {}


def _tile_name(cfg, tile: str) -> str:
    key = id(cfg.content)
    names = _TILE_NAMES.get(key)
    if names is None:
        if len(_TILE_NAMES) > 32:
            _TILE_NAMES.clear()
        names = _TILE_NAMES[key] = {str(t.id): t.name for t in cfg.content.tiles}
    return names.get(tile, f"board {tile}")


def spot_words(part: str) -> str:
    """Where on its board a space lies, without the board: "path 1", "fork", "left branch 2",
    "right branch 1", "glade" (the board draws these under its own title)."""
    kind, num = part.rstrip("0123456789"), part[len(part.rstrip("0123456789")):]
    if kind == "fk":
        return "fork"
    if kind == "g":
        return "glade" + (f" {num}" if num else "")
    if kind == "a":
        return f"path {num}"
    if kind == "l":
        return f"left branch {num}"
    if kind == "r":
        return f"right branch {num}"
    return part


def space_words(cfg, space) -> str:
    """A space in words, from its index or its id: "the Village Center", "the Hollowroot Wood fork",
    "Hollowroot Wood path 1", "Hollowroot Wood left branch 2", "the Hollowroot Wood glade"."""
    if isinstance(space, int) and 0 <= space < len(cfg.names):
        space = cfg.names[space]
    space = str(space)
    if space == "VC":
        return "the Village Center"
    tile, _, part = space.partition(".")
    if not part:
        return space
    board = _tile_name(cfg, tile)
    where = spot_words(part)
    return f"the {board} {where}" if where in ("fork", "glade") else f"{board} {where}"


def chip_words(chip: str) -> str:
    """One chip: "Intellect", or an Altered chip "Hero chip paying as Strength"."""
    chip = str(chip)
    if ">" in chip:
        first, _, then = chip.partition(">")
        return f"{CHIP_WORDS.get(first, first)} (paying as {CHIP_WORDS.get(then, then)})"
    return CHIP_WORDS.get(chip, chip)


def chips_words(chips) -> str:
    """A payment in words: "1 Intellect chip", "2 Speed chips and 1 Hero chip", "nothing"."""
    counts: dict = {}
    for c in chips:
        counts[c] = counts.get(c, 0) + 1
    if not counts:
        return "nothing"
    parts = [f"{n} {chip_words(c)} chip{'' if n == 1 else 's'}" for c, n in counts.items()]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def action_label(cfg, a) -> str:
    k = a.kind
    g = a.get
    if k == "target":
        where = space_words(cfg, g("space"))
        if g("monster") is not None:
            return f"Attack monster {g('monster')} at {where}"
        if g("shadow") is not None:
            return f"Attack face-down shadow {g('shadow')} at {where}"
        return f"Attack the whole space (area) at {where}"
    if k == "place":
        return f"Place at {space_words(cfg, g('space'))}"
    if k == "shove":
        return f"Move monster {g('monster')} to {space_words(cfg, g('to'))}"
    from .view import action_label as others

    return others(cfg, a)


def monster_words(state, uid) -> str | None:
    """A monster on the map as the board shows it: "the Gnashers (monster 9, 2 of 3 HP)"."""
    for m in state.monsters:
        if m[0] == uid:
            e = state.cfg.enemies[m[1]]
            lv = e.levels[min(state.levels[m[1]], len(e.levels)) - 1]
            return f"the {e.name} (monster {uid}, {max(0, lv.hp - m[3])} of {lv.hp} HP)"
    return None


# the decisions whose moves name a monster by its number: their labels name it as the board does
NAMED_ASKS = frozenset({"target", "pick_monster", "shove"})


def named_monsters(state, moves: list) -> list:
    """The moves with each monster named in its label (the moves themselves unchanged: equal, same
    hash, pickled as the plain move)."""
    from .rules import NamedAction

    cfg = state.cfg
    out = []
    for a in moves:
        uid = a.get("monster")
        words = monster_words(state, uid) if uid is not None else None
        if words is None:
            out.append(a)
            continue
        if a.kind == "target":
            label = f"Attack {words} at {space_words(cfg, a.get('space'))}"
        elif a.kind == "shove":
            label = f"Move {words} to {space_words(cfg, a.get('to'))}"
        else:
            label = f"Choose {words}"
        out.append(NamedAction(a.kind, a.args, (cfg, label)))
    return out
