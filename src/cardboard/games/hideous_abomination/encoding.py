"""How the research adapters (cardboard.interop) number Hideous Abomination's moves: a tile is
played as the tile, then the seat whose slab takes it, then the square, then the turn (each a
sub-choice masked to what is legal); squares are relative to a slab's first tile, within 15
either way; a bolt names its seam's two squares; a dig takes its tiles one by one."""
from cardboard.interop.spec import each, step

from .content import MAX_PLAYERS, load_components

TILES = [tile.id for tile in load_components().tiles]
REACH = 15
SQUARES = [[r, c] for r in range(-REACH, REACH + 1) for c in range(-REACH, REACH + 1)]
SEATS = range(MAX_PLAYERS)
PILES = range(3)

ENCODING = {"moves": {
    "draw": {"source": ["deck", 0, 1, 2]},
    "play": {"tile": TILES, "seat": step(SEATS), "at": step(SQUARES), "rotation": step(range(4))},
    "discard": {"tile": TILES, "pile": PILES},
    "dig": {"pile": PILES},
    "dig_take": {"tiles": each(TILES)},
    "dig_top": {"tile": TILES},
    "choose": {"action": ["award", "dig", "draw", "steal"]},
    "steal": {"seat": SEATS, "at": step(SQUARES)},
    "bolt": {"seam": each(SQUARES)},
    "forfeit": {},
}}


# ---------------------------------------------------------------- observation (from view(seat) alone)
from cardboard.interop.features import Layout, index_of  # noqa: E402

from . import rules as _rules  # noqa: E402

_comps = load_components()
PHASES = [_rules.CHOOSE, _rules.DRAW, _rules.DIG_PILE, _rules.DIG_TAKE, _rules.DIG_TOP, _rules.STEAL, _rules.PLAY,
          _rules.DISCARD, _rules.BOLT, _rules.OVER]
FACES = sorted(set(_comps.die.faces))
ACTIONS = ["award", "dig", "draw", "steal"]
VARIANTS = ["standard", "ages_6_7", "ages_4_5"]
TYPES = sorted({t.type for t in _comps.tiles})
COLOURS = sorted({t.colour for t in _comps.tiles})
TEXTURES = sorted({t.texture for t in _comps.tiles})
ATTRIBUTES = sorted({a for t in _comps.tiles for a in t.attributes})
AWARDS = [a.id for a in _comps.awards]
PRIZES = [g.id for g in _comps.grand_prizes]
WINDOW = 7                              # the slab's squares within 7 of its first tile, either way
SIDE = 2 * WINDOW + 1
SQ = SIDE * SIDE
CHANNELS = [f"type {t}" for t in TYPES] + [f"colour {c}" for c in COLOURS] + \
           ["loose end N", "loose end E", "loose end S", "loose end W", "bolted"]
NT = len(TILES)
_PHASE = index_of(PHASES)
_FACE = index_of(FACES)
_ACTION = index_of(ACTIONS)
_VARIANT = index_of(VARIANTS)
_TYPE = index_of(TYPES)
_COLOUR = index_of(COLOURS)
_TEXTURE = index_of(TEXTURES)
_ATTR = index_of(ATTRIBUTES)
_TILE = index_of(TILES)
_AWARD = index_of(AWARDS)
_PRIZE = index_of(PRIZES)
_LOOSE = {side: len(TYPES) + len(COLOURS) + i for i, side in enumerate("NESW")}
_TILE_WORDS = f"flags over the {NT} tiles (by id, in content order)"

L = Layout(max_players=MAX_PLAYERS)
O_PHASE = L.one_hot("phase", PHASES, "what is being decided")
O_DIE = L.one_hot("die", FACES + [None], "the die's face this turn")
O_ACTION = L.one_hot("action", ACTIONS + [None], "the action taken this turn")
O_VARIANT = L.one_hot("variant", VARIANTS, "the rules variant")
O_TURN = L.field("to_move", MAX_PLAYERS, "one-hot of the seat to decide, counted from the observer (0 = the observer)")
O_ACTIVE = L.field("turn_player", MAX_PLAYERS, "one-hot of the seat whose turn it is, counted from the observer")
O_SEATED = L.field("seated", MAX_PLAYERS, "1 for each seat at the table, counted from the observer")
O_NUMS = L.field("table", 5, "turn number, deck size, Awards left in their deck, bolts in the supply, "
                             "the threshold (players)")
O_AWARDS = L.field("awards", len(AWARDS), f"the Awards revealed: flags over [{', '.join(AWARDS)}]")
O_PRIZES = L.field("grand_prizes", len(PRIZES), f"the Grand Prizes in play: flags over [{', '.join(PRIZES)}]")
O_BUFFET = L.field("buffet_sizes", 3, "each buffet pile's size")
O_TOPS = L.field("buffet_tops", 3 * NT, f"each buffet pile's top tile (none while dug): {_TILE_WORDS}, pile by pile")
O_DIG = L.field("dig", 4, "a dig going on: one-hot of the pile dug (3), then the number of its tiles")
O_DIGT = L.field("dig_tiles", NT, f"the tiles of the dig still to take, when the observer digs: {_TILE_WORDS}")
O_DIGP = L.field("dig_placed", NT, f"the dig's tiles already taken, when the observer digs: {_TILE_WORDS}")
O_HAND = L.field("hand", NT, f"the observer's own hand: {_TILE_WORDS}")
L.per_seat("stock", 6, "hand size, bolts still to place, bolts placed, open loose ends, complete (0/1), "
                       "tiles outside the slab window below")
L.per_seat("score", 4, "score so far: consistency, prizes, total, Award and Grand Prize cards held")
L.per_seat("dominant", len(COLOURS) + 1, "the dominant colour: one-hot of the colours, then none")
L.per_seat("cards", len(AWARDS) + len(PRIZES), "the Awards, then Grand Prizes, the seat holds now (flags)")
L.per_seat("counts", len(TYPES) + len(COLOURS) + len(TEXTURES) + len(ATTRIBUTES),
           f"the abomination's tiles: how many of each type [{', '.join(TYPES)}], colour [{', '.join(COLOURS)}], "
           f"texture [{', '.join(TEXTURES)}], then the total of each attribute [{', '.join(ATTRIBUTES)}]")
L.per_seat("slab", len(CHANNELS) * SQ,
           f"the abomination, channel by channel, each a {SIDE} x {SIDE} plane of squares (row then column, "
           f"-{WINDOW}..{WINDOW}, the first tile at 0, 0): {'; '.join(CHANNELS)}")


def observe(view: dict, seat, out) -> None:
    """Hideous Abomination's features (see observation_fields), into `out` (zeroed), from the view alone."""
    n = view["players"]
    me = seat or 0
    out[O_PHASE + _PHASE[view["phase"]]] = 1
    die = view.get("die")
    out[O_DIE + _FACE.get(die, len(FACES))] = 1
    out[O_ACTION + _ACTION.get(view.get("action"), len(ACTIONS))] = 1
    out[O_VARIANT + _VARIANT[view["variant"]]] = 1
    for key, base in (("current_player", O_TURN), ("turn_player", O_ACTIVE)):
        s = view[key]
        if s is not None:
            out[base + (s - me) % n] = 1
    for k in range(n):
        out[O_SEATED + k] = 1
    out[O_NUMS] = view["turn"]
    out[O_NUMS + 1] = view["deck_size"]
    out[O_NUMS + 2] = view["awards_left"]
    out[O_NUMS + 3] = view["bolt_supply"]
    out[O_NUMS + 4] = view["threshold"]
    for card in view["awards_revealed"]:
        out[O_AWARDS + _AWARD[card["id"]]] = 1
    for card in view["grand_prizes"]:
        out[O_PRIZES + _PRIZE[card["id"]]] = 1
    for i, pile in enumerate(view["buffet"]):
        out[O_BUFFET + i] = pile["size"]
        if pile["top"] is not None:
            out[O_TOPS + i * NT + _TILE[pile["top"]["id"]]] = 1
    dig = view["dig"]
    if dig is not None:
        out[O_DIG + dig["pile"]] = 1
        if "tiles" in dig:
            out[O_DIG + 3] = len(dig["tiles"]) + len(dig["placed"])
            for tile in dig["tiles"]:
                out[O_DIGT + _TILE[tile["id"]]] = 1
            for tile in dig["placed"]:
                out[O_DIGP + _TILE[tile["id"]]] = 1
        else:
            out[O_DIG + 3] = dig["size"]
    seats = view["seats"]
    if seat is not None:
        for tile in seats[seat].get("hand", ()):
            out[O_HAND + _TILE[tile["id"]]] = 1
    score_base = L.offsets["score"]
    dom_base = L.offsets["dominant"]
    cards_base = L.offsets["cards"]
    counts_base = L.offsets["counts"]
    slab_base = L.offsets["slab"]
    stride = len(CHANNELS) * SQ
    nc = len(TYPES) + len(COLOURS)
    nct = nc + len(TEXTURES)
    for s, base in L.seats("stock", seat, n):
        k = (s - me) % n
        p = seats[s]
        out[base] = p["hand_size"]
        out[base + 1] = p["pending_bolts"]
        out[base + 2] = p["bolts_placed"]
        out[base + 3] = p["open_loose_ends"]
        out[base + 4] = 1 if p["complete"] else 0
        score = p["score"]
        sb = score_base + 4 * k
        out[sb] = score["consistency"]
        out[sb + 1] = score["prizes"]
        out[sb + 2] = score["total"]
        out[sb + 3] = len(score["cards"])
        dominant = score["dominant"]
        out[dom_base + k * (len(COLOURS) + 1) + _COLOUR.get(dominant, len(COLOURS))] = 1
        cb = cards_base + k * (len(AWARDS) + len(PRIZES))
        for card in score["cards"]:
            i = _AWARD.get(card)
            out[cb + (i if i is not None else len(AWARDS) + _PRIZE[card])] = 1
        nb = counts_base + k * (nct + len(ATTRIBUTES))
        sl = slab_base + k * stride
        outside = 0
        for square in p["abomination"]:
            tile = square["tile"]
            t, c = _TYPE[tile["type"]], _COLOUR[tile["colour"]]
            out[nb + t] += 1
            out[nb + len(TYPES) + c] += 1
            out[nb + nc + _TEXTURE[tile["texture"]]] += 1
            for attr, x in tile["attributes"].items():
                out[nb + nct + _ATTR[attr]] += x
            r, col = square["at"]
            if -WINDOW <= r <= WINDOW and -WINDOW <= col <= WINDOW:
                i = sl + (r + WINDOW) * SIDE + col + WINDOW
                out[i + t * SQ] = 1
                out[i + (len(TYPES) + c) * SQ] = 1
                for side in square["loose"]:
                    out[i + _LOOSE[side] * SQ] = 1
                if square["bolted"]:
                    out[i + (len(CHANNELS) - 1) * SQ] = 1
            else:
                outside += 1
        out[base + 5] = outside


L.order("Tiles", TILES)
ENCODING["observe"] = observe
ENCODING["observation_legend"] = L.legend
ENCODING["observation_size"] = L.size
ENCODING["observation_fields"] = L.fields
