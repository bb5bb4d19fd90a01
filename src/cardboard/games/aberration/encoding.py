"""How the research adapters (cardboard.interop) number Aberration's moves, from the default
content: actions, spaces (board.space on four boards, and the Village Center), spots, Vantage
Points and chips by name; items, monsters, shadows and cards by number. An action with a chip
payment is chosen as the action, then each chip paid (then DONE where a payment could stop or go
on); a target names its space, then what is attacked there."""
from cardboard.interop.spec import each, step

from .content import VC, load_content

_content = load_content()
BOARDS = range(1, 5)
SPACES = sorted({f"{b}.{s}" for b in BOARDS for tile in _content.tiles for s in tile.spaces}) + [VC]
ACTIONS = sorted({a.id for cls in _content.classes for a in cls.actions} | {a.id for a in _content.general_actions})
COLOURS = ["B", "R", "G", "Y"]
CHIPS = COLOURS + ["H", "X"] + [f"{a}>{b}" for a in COLOURS + ["H", "X"] for b in COLOURS]
STATS = [a.id for a in _content.abilities]
SPOTS = [s.id for s in _content.spots] + [f"vp:{i}" for i in range(16)]  # a Vantage Point spot by number
VPS = [f"{b}{side}" for b in BOARDS for side in "AB"]
NUMBERS = range(64)   # items, monsters, shadows, cards by number
HEROES = range(4)

ENCODING = {"moves": {
    "stop": {}, "pass": {}, "draw": {}, "take": {},
    "use": {"action": ACTIONS, "pay": each(CHIPS)},
    "wield": {"item": NUMBERS, "pay": each(CHIPS)},
    "item": {"item": NUMBERS},
    "exploit": {"item": NUMBERS, "to": step(HEROES), "chip": step(CHIPS), "colour": step(COLOURS)},
    "end": {"hold": [""] + CHIPS},
    "step": {"to": SPACES, "escort": [None, 0, 1, 2, 3]},
    "target": {"space": SPACES, "monster": step(NUMBERS), "shadow": step(NUMBERS)},
    "smite": {"item": NUMBERS},
    "block": {"item": NUMBERS},
    "keep": {"item": NUMBERS},
    "attune": {"item": NUMBERS},
    "reroll": {"item": [None, *NUMBERS], "power": step(["coin", "streak"]), "dice": each(range(16))},
    "place": {"space": SPACES},
    "arrange": {"top": each(NUMBERS), "bottom": each(NUMBERS)},
    "upgrade": {"stat": STATS},
    "unlock": {"colour": COLOURS},
    "secure": {"vp": VPS, "chip": step(CHIPS)},
    "assign": {"spot": SPOTS, "source": ["here", "pool"]},
    "monster": {"monster": NUMBERS},
    "shove": {"monster": NUMBERS, "to": step(SPACES)},
    "reveal": {"shadow": NUMBERS},
    "redraw": {"chip": CHIPS},
    "pick": {"hero": HEROES},
    "victim": {"hero": HEROES},
    "board": {"board": ["N", "E", "S", "W"]},
    "choose": {"option": range(8)},
}}


# ---------------------------------------------------------------- observation (from view(seat) alone)
from cardboard.interop.features import Layout, index_of  # noqa: E402

from .game import SLOTS  # noqa: E402

SEATS_MAX = 4
PHASES = ["setup", "village", "hero", "beast", "over"]
ASKS = ["assign", "block", "foresee", "fortify", "keep", "one_of", "pick_board", "pick_hero", "pick_monster",
        "pick_shadow", "place", "predraw", "reroll", "shove", "smite", "support", "target", "turn", "victim", "walk"]
ASK_NUMBERS = ("attack", "dice", "area", "quick", "steps", "damage", "count", "current")
SCENARIOS = [s.id for s in _content.scenarios]
HERO_IDS = [h.id for h in _content.heroes]
CLASSES = [c.id for c in _content.classes]
ITEMS = [i.id for i in _content.items]
ABERRATIONS = [a.id for a in _content.aberrations]
BEAST = [g.id for g in _content.great_beast]
OBJECTIVES = [o.id for o in _content.objectives]
ENEMIES = [e.id for e in _content.enemies]
SPOT_IDS = [s.id for s in _content.spots]
SPACE_CHANNELS = ["Influence", "Fire", "villagers (count)", "face-down shadows (count)"] + \
                 [f"monsters of slot {s} (count)" for s in SLOTS] + \
                 ["damage on monsters (sum)", "frozen monsters (count)", "traps (count)"] + \
                 [f"hero of seat +{k} (from the observer)" for k in range(SEATS_MAX)]
_PHASE = index_of(PHASES)
_ASK = index_of(ASKS)
_SPACE = index_of(SPACES)
_HERO = index_of(HERO_IDS)
_CLASS = index_of(CLASSES)
_ITEM = index_of(ITEMS)
_ABER = index_of(ABERRATIONS)
_BEAST = index_of(BEAST)
_OBJ = index_of(OBJECTIVES)
_ENEMY = index_of(ENEMIES)
_SLOT = index_of(SLOTS)
_SPOT = index_of(SPOT_IDS)
_VP = index_of(VPS)
_CHIP = index_of(CHIPS)
_STAT = index_of(STATS)
_SCEN = index_of(SCENARIOS)
NSP = len(SPACES)
NCH = len(CHIPS)
_CHIP_WORDS = f"counts by chip [{', '.join(CHIPS)}] (a>b: a chip of colour a paying as b)"

L = Layout(max_players=SEATS_MAX)
O_PHASE = L.one_hot("phase", PHASES, "the phase")
O_SCEN = L.one_hot("scenario", SCENARIOS, "the scenario")
O_ASK = L.one_hot("asked", ASKS + [None], "what is being decided")
O_ASKER = L.field("asked_seat", SEATS_MAX, "one-hot of the seat deciding, counted from the observer (0 = the observer)")
O_ASKN = L.field("asked_numbers", len(ASK_NUMBERS), f"numbers of the decision where given: {', '.join(ASK_NUMBERS)}")
O_FIRST = L.field("first_player", SEATS_MAX, "one-hot of the first player, counted from the observer")
O_SEATED = L.field("seated", SEATS_MAX, "1 for each seat at the table, counted from the observer")
O_NUMS = L.field("table", 11, "round, turn, Fear, Fear track length, Survival, Survival track length, villagers in "
                              "the pool, Objectives left, Items left, shadow stack, shadow discard")
O_RESULT = L.one_hot("result", [None, "win", "loss"], "the result")
O_ROLL = L.field("roll", 6, "the dice just rolled: how many show 0, 1, ... 5")
O_ITEMD = L.field("item_discard", len(ITEMS), "the Item discard pile: counts by Item (content order)")
O_OBJ = L.field("objective", len(OBJECTIVES) + 3, "the current Objective: one-hot (content order), then its "
                                                  "tokens, tokens needed, Survival it gives")
O_GB = L.field("great_beast", 3 + 2 * len(BEAST), "the Great Beast deck: cards left, known top cards, known "
                                                  "bottom cards, then flags over its cards (content order): known "
                                                  "on top, then known at the bottom")
O_ENEMY = L.field("enemies", len(SLOTS) * (len(ENEMIES) + 7),
                  f"each enemy slot {list(SLOTS)}: the enemy (one-hot, [{', '.join(ENEMIES)}]), level, Thornlamm, "
                  "figures on the map, hp, damage, acts, max level")
O_VPS = L.field("vantage_points", len(VPS) * 4, f"each Vantage Point {VPS}: standing, secured, corrupted (one-hot), "
                                              "then the chips paid")
O_SPOTS = L.field("village_spots", 2 * len(SPOT_IDS), f"each village spot [{', '.join(SPOT_IDS)}]: open, manned")
O_MAP = L.field("map", len(SPACE_CHANNELS) * NSP,
                f"the map, channel by channel, each a row over the {NSP} spaces (the move table's order: VC last): "
                f"{'; '.join(SPACE_CHANNELS)}")
L.per_seat("hero", len(HERO_IDS) + len(CLASSES) + len(STATS),
           f"the hero (one-hot [{', '.join(HERO_IDS)}]), class (one-hot [{', '.join(CLASSES)}]), level of each "
           f"ability [{', '.join(STATS)}]")
L.per_seat("chips", 4 * NCH + 1, f"the bag, the hand, the discard: {_CHIP_WORDS} each; then the chip held "
                                       "(one-hot, or none)")
L.per_seat("numbers", 7, "XP, Aberration track, its top, hp, plague, shield, traps")
L.per_seat("items", 2 * len(ITEMS), "Items held, then Items attuned: flags (content order)")
L.per_seat("unlocked", len(COLOURS), f"advanced actions unlocked, by colour [{', '.join(COLOURS)}]")
L.per_seat("aberrations", len(ABERRATIONS), "transformations (Aberration cards) taken: flags (content order)")


def _num(x) -> float:
    return float(x) if isinstance(x, (int, float)) else 0.0


def observe(view: dict, seat, out) -> None:
    """Aberration's features (see observation_fields), written into `out` (zeroed) from the view alone."""
    heroes = view["heroes"]
    n = len(heroes)
    me = seat or 0
    out[O_PHASE + _PHASE[view["phase"]]] = 1
    out[O_SCEN + _SCEN[view["scenario"]]] = 1
    asked = view["asked"]
    if asked is None:
        out[O_ASK + len(ASKS)] = 1
    else:
        out[O_ASK + _ASK[asked["kind"]]] = 1
        if asked.get("seat") is not None:
            out[O_ASKER + (asked["seat"] - me) % n] = 1
        for j, key in enumerate(ASK_NUMBERS):
            if key in asked:
                out[O_ASKN + j] = _num(asked[key])
    out[O_FIRST + (view["first_player"] - me) % n] = 1
    for k in range(n):
        out[O_SEATED + k] = 1
    for j, key in enumerate(("round", "turn", "fear", "fear_track", "survival", "survival_track", "pool",
                             "objectives_left", "items_left", "shadow_stack", "shadow_discard")):
        out[O_NUMS + j] = view[key]
    out[O_RESULT + (1 if view["result"] == "win" else 2 if view["result"] == "loss" else 0)] = 1
    for x in view["roll"]:
        if isinstance(x, int) and 0 <= x < 6:
            out[O_ROLL + x] += 1
    for item in view["item_discard"]:
        out[O_ITEMD + _ITEM[item]] += 1
    obj = view["objective"]
    if obj is not None:
        out[O_OBJ + _OBJ[obj["id"]]] = 1
        out[O_OBJ + len(OBJECTIVES)] = obj["tokens"]
        out[O_OBJ + len(OBJECTIVES) + 1] = obj["needed"]
        out[O_OBJ + len(OBJECTIVES) + 2] = obj["survival"]
    gb = view["great_beast"]
    out[O_GB] = gb["left"]
    out[O_GB + 1] = len(gb["known_top"])
    out[O_GB + 2] = len(gb["known_bottom"])
    for card in gb["known_top"]:
        out[O_GB + 3 + _BEAST[card]] = 1
    for card in gb["known_bottom"]:
        out[O_GB + 3 + len(BEAST) + _BEAST[card]] = 1
    stride = len(ENEMIES) + 7
    for enemy in view["enemies"]:
        base = O_ENEMY + _SLOT[enemy["slot"]] * stride
        out[base + _ENEMY[enemy["id"]]] = 1
        for j, key in enumerate(("level", "thornlamm", "on_map", "hp", "dmg", "acts", "max_level")):
            out[base + len(ENEMIES) + j] = enemy[key]
    for vp in view["vantage_points"]:
        base = O_VPS + _VP[vp["spot"]] * 4
        out[base + ("standing", "secured", "corrupted").index(vp["state"])] = 1
        out[base + 3] = len(vp["paid"])
    for spot in view["village_spots"]:
        i = _SPOT.get(spot["id"])
        if i is not None:
            out[O_SPOTS + 2 * i] = 1
            out[O_SPOTS + 2 * i + 1] = 1 if spot["manned"] else 0
    for space in view["influence"]:
        out[O_MAP + _SPACE[space]] = 1
    for space in view["fire"]:
        out[O_MAP + NSP + _SPACE[space]] = 1
    for space, count in view["villagers"].items():
        out[O_MAP + 2 * NSP + _SPACE[space]] = count
    for shadow in view["shadows"]:
        out[O_MAP + 3 * NSP + _SPACE[shadow["space"]]] += 1
    ns = len(SLOTS)
    for m in view["monsters"]:
        i = O_MAP + _SPACE[m["space"]]
        out[i + (4 + _SLOT[m["slot"]]) * NSP] += 1
        out[i + (4 + ns) * NSP] += m["damage"]
        if m["frozen"]:
            out[i + (5 + ns) * NSP] += 1
    for trap in view["traps"]:
        out[O_MAP + (6 + ns) * NSP + _SPACE[trap["space"]]] += 1
    o = L.offsets
    for s, base in L.seats("hero", seat, n):
        k = (s - me) % n
        h = heroes[s]
        out[O_MAP + (7 + ns + k) * NSP + _SPACE[h["space"]]] = 1
        out[base + _HERO[h["hero"]]] = 1
        out[base + len(HERO_IDS) + _CLASS[h["class"]]] = 1
        for stat, level in h["levels"].items():
            out[base + len(HERO_IDS) + len(CLASSES) + _STAT[stat]] = level
        b = o["chips"] + k * (4 * NCH + 1)
        for chip, count in h["bag"].items():
            out[b + _CHIP[chip]] = count
        for chip in h["hand"]:
            out[b + NCH + _CHIP[chip]] += 1
        for chip in h["discard"]:
            out[b + 2 * NCH + _CHIP[chip]] += 1
        held = h["held"]
        out[b + 3 * NCH + (_CHIP[held] if held in _CHIP else NCH)] = 1
        b = o["numbers"] + k * 7
        for j, key in enumerate(("xp", "aberration_track", "track_top", "hp", "plague", "shield", "traps")):
            out[b + j] = h[key]
        b = o["items"] + k * 2 * len(ITEMS)
        for item in h["items"]:
            out[b + _ITEM[item]] = 1
        for item in h["attuned"]:
            out[b + len(ITEMS) + _ITEM[item]] = 1
        b = o["unlocked"] + k * len(COLOURS)
        for colour in h["unlocked"]:
            out[b + COLOURS.index(colour)] = 1
        b = o["aberrations"] + k * len(ABERRATIONS)
        for card in h["aberration_cards"]:
            out[b + _ABER[card]] = 1


L.order("Spaces", SPACES)
L.order("Items", ITEMS)
L.order("Aberration cards", ABERRATIONS)
L.order("Great Beast cards", BEAST)
L.order("Objectives", OBJECTIVES)
ENCODING["observe"] = observe
ENCODING["observation_legend"] = L.legend
ENCODING["observation_size"] = L.size
ENCODING["observation_fields"] = L.fields
