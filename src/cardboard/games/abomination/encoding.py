"""How the research adapters (cardboard.interop) number Abomination's moves, from the default
content: spaces, cadavers, materials and dice faces by their ids; hand cards, slots, entries and
prices by number. A build names its slot, side and stage with its first choice and the animal
cubes (a triple) with a second; a reroll names its dice one by one (their faces follow)."""
from cardboard.interop.spec import each, step

from .content import load_content

_content = load_content()
SPACES = [space.id for loc in _content.locations for space in loc.spaces] + [s.id for s in _content.lab.spaces]
CADAVERS = [card.id for card in _content.cadavers]
MATERIALS = [m.id for m in _content.materials]
FACES = sorted({f"{die.colour} {face}" for die in _content.dice for face in die.faces})
STAGES = range(1, 5)
CARDS = range(64)     # a card's number in a hand, row or list
NUMBERS = range(41)   # francs, jars
ANIMAL = [[a, b, c] for a in range(4) for b in range(4) for c in range(4)]
TAKE = ["materials", "option"]

ENCODING = {"moves": {
    "decline": {}, "done": {}, "done_buying": {}, "let_be": {}, "pass": {}, "pay_police": {},
    "stay": {}, "hear": {}, "accept": {}, "no_switch": {},
    "place": {"space": SPACES, "meeple": ["assistant", "scientist"], "bump": [None, 0, 1, 2, 3]},
    "hire": {"slot": range(8)},
    "build": {"slot": range(8), "side": ["complete", "start"], "stage": STAGES, "animal": step(ANIMAL)},
    "preserve": {"material": MATERIALS, "stage": STAGES},
    "restore": {"material": MATERIALS, "stage": STAGES},
    "keep_fresh": {"material": MATERIALS, "stage": STAGES},
    "discard_cube": {"material": MATERIALS, "stage": STAGES},
    "draw_card": {"source": ["deck", "row"], "family": [None, "humanity", "research"], "slot": [None, 0, 1, 2, 3],
                  "discard": step(CARDS)},
    "resolve": {"card": CADAVERS, "take": TAKE},
    "take": {"card": CADAVERS, "take": TAKE},
    "play": {"family": ["humanity", "research"], "card": CARDS},
    "choose": {"entry": range(64), "choice": [0, 1]},
    "sell_bone": {"francs": NUMBERS},
    "buy": {"item": ["animal", "ice", "jar"]},
    "throw": {"jars": range(11)},
    "cancel": {"card": CARDS},
    "block": {"card": CARDS},
    "mark": {"slot": range(8)},
    "target": {"seat": range(4)},
    "research_dice": {"card": CARDS, "dice": each(range(16)), "faces": each(FACES)},
    "reroll": {"dice": each(range(16)), "faces": each(FACES)},
    "pay": {"francs": NUMBERS},
}}


# ---------------------------------------------------------------- observation (from view(seat) alone)
from cardboard.interop.features import Layout, index_of  # noqa: E402

from .game import STAGES as _STAGES, TRACKED  # noqa: E402

SEATS_MAX = 4
PHASES = ["event", "city", "lab", "reset", "over"]
ASKS = ["block", "build", "cadavers", "card", "dice", "entry", "hire", "marker", "market", "may_pay", "overflow",
        "preserve", "replace", "reset_cards", "restore", "sell_bone", "skip", "switch", "take_cadaver", "target",
        "turn", "vigil", "lab"]
LOCATIONS = [loc.id for loc in _content.locations]
DECKS = [d.id for d in _content.cadaver_decks]
CHARACTERS = [c.id for c in _content.characters]
EVENTS = [e.id for e in _content.events]
ENCOUNTERS = [e.id for e in _content.encounters]
OBJECTIVES = [o.id for o in _content.objectives]
FAMILIES = {"scoundrels": [c.id for c in _content.scoundrels], "research": [c.id for c in _content.research],
            "humanity": [c.id for c in _content.humanity]}
ROLL = [(d.colour, f) for d in _content.dice for f in sorted(set(d.faces))]
PARTS = ("empty", "muscle", "skin", "alive")
SUPPLY = ("jars", "ice", "police", "alive", "damage")
SCORE = ("builds", "alive", "objectives", "reputation", "expertise", "humanity", "humanity_bonus", "total")
NUMBERS = ("francs", "humanity", "reputation", "expertise", "vp_track", "scientists", "assistants", "bone", "police",
           "kept_fresh", "research_count", "humanity_count", "held_encounters")
MEEPLES = ("assistant", "scientist")
_ASK = index_of(ASKS)
_PHASE = index_of(PHASES)
_SPACE = index_of(SPACES)
_LOC = index_of(LOCATIONS)
_CAD = index_of(CADAVERS)
_CHAR = index_of(CHARACTERS)
_EVENT = index_of(EVENTS)
_ENC = index_of(ENCOUNTERS)
_OBJ = index_of(OBJECTIVES)
_FAM = {k: index_of(v) for k, v in FAMILIES.items()}
_ROLL = index_of(ROLL)
_PART = index_of(PARTS)
NS = len(SPACES)
NC = len(CADAVERS)
_CAD_WORDS = f"flags over the {NC} cadaver cards (in content order)"

L = Layout(max_players=SEATS_MAX)
O_PHASE = L.one_hot("phase", PHASES, "the phase")
O_ASK = L.one_hot("deciding", ASKS, "what is being decided ('lab': another seat's lab turn)")
O_TURN = L.field("to_move", SEATS_MAX, "one-hot of the seat to decide, counted from the observer (0 = the observer)")
O_FIRST = L.field("first_player", SEATS_MAX, "one-hot of the first player, counted from the observer")
O_SEATED = L.field("seated", SEATS_MAX, "1 for each seat at the table, counted from the observer")
O_NUMS = L.field("table", 5, "round, captain (the story track's marker), story track length, event deck size, "
                             "game over (0/1)")
O_EVENT = L.field("event", len(EVENTS) + 2, f"the event card: one-hot over [{', '.join(EVENTS)}], then its side "
                                            "(early, late)")
O_OBJ = L.field("objectives", len(OBJECTIVES) * (1 + SEATS_MAX),
                f"each objective [{', '.join(OBJECTIVES)}]: in play, then who claimed it (seats counted from the "
                f"observer): {1 + SEATS_MAX} per objective")
O_SPACES = L.field("spaces", NS * (2 + 2 * SEATS_MAX),
                   f"each space [{', '.join(SPACES)}]: its cost, closed by the police (0/1), then each seat's "
                   f"assistants and scientists there (seats from the observer): {2 + 2 * SEATS_MAX} per space")
O_BUMP = L.field("bump_track", 2 * SEATS_MAX, "the meeples on the bump track: assistants and scientists of each "
                                              "seat, counted from the observer")
O_DECKS = L.field("cadaver_decks", len(DECKS), f"cards left in each cadaver deck [{', '.join(DECKS)}]")
O_TOPS = L.field("cadaver_tops", NC, f"the face-up tops of the cadaver decks: {_CAD_WORDS}")
O_DISPLAY = L.field("cadaver_display", NC, f"the cadavers on display: {_CAD_WORDS}")
O_DRAWN = L.field("cadavers_drawn", NC + 1, f"the cadavers drawn, when the observer drew them: {_CAD_WORDS}; "
                                            "then how many are drawn")
O_ROWS = {}
for _fam, _ids in FAMILIES.items():
    O_ROWS[_fam] = L.field(f"row_{_fam}", len(_ids) + 1, f"the face-up {_fam} row: flags over the {len(_ids)} "
                                                         "cards (content order), then its deck's size")
O_POLICE = L.field("police", len(LOCATIONS), f"locations closed by the police [{', '.join(LOCATIONS)}]")
O_MARKERS = L.field("event_markers", len(LOCATIONS), "event markers at each location (count)")
O_SUPPLY = L.field("supply", len(SUPPLY), f"what is left in the supply: {', '.join(SUPPLY)}")
O_DEC = L.field("decision", len(ROLL) + 5,
                "the observer's own decision: the dice rolled (how many of each colour x face "
                f"{['/'.join(x) for x in ROLL]}), cubes left, francs asked, cards left, markers left, candidates")
O_HAND = {}
for _fam in ("research", "humanity"):
    O_HAND[_fam] = L.field(f"hand_{_fam}", len(FAMILIES[_fam]), f"the observer's own {_fam} cards (flags, content order)")
O_HELD = L.field("held", len(ENCOUNTERS), "the observer's own held encounters (flags, content order)")
L.per_seat("character", len(CHARACTERS), f"the seat's character: one-hot of [{', '.join(CHARACTERS)}]")
L.per_seat("numbers", len(NUMBERS) + 6, f"{', '.join(NUMBERS)}, scientists and assistants on the card, "
                                        "preserved muscle, preserved organ, jars charged, jars uncharged")
L.per_seat("lab_spaces", 6, "the study, then the generator: one-hot of (empty, assistant, scientist)")
L.per_seat("ice", 3, "the ice block: one-hot of (none, half-melted, solid)")
L.per_seat("track", len(TRACKED) * _STAGES, f"material cubes on the track, by material [{', '.join(TRACKED)}] "
                                            f"then stage 1..{_STAGES}")
L.per_seat("table_parts", 6 * (len(PARTS) + 1), "the six body parts on the table, each: one-hot of "
                                                f"({', '.join(PARTS)}), then its damage")
L.per_seat("cards_seen", len(FAMILIES["research"]) + len(FAMILIES["humanity"]),
           "research then humanity cards known to be in the seat's hand (all of the observer's own)")
L.per_seat("score", len(SCORE) + 1, f"the score ({', '.join(SCORE)}), then 1 if shown (hidden during "
                                    "others' lab turns)")


def observe(view: dict, seat, out) -> None:
    """Abomination's features (see observation_fields), written into `out` (zeroed) from the view alone."""
    players = view["players"]
    n = len(players)
    me = seat or 0
    out[O_PHASE + _PHASE[view["phase"]]] = 1
    deciding = view["deciding"]
    if deciding is not None:
        out[O_ASK + _ASK[deciding]] = 1
    if view["to_move"] is not None:
        out[O_TURN + (view["to_move"] - me) % n] = 1
    out[O_FIRST + (view["first_player"] - me) % n] = 1
    for k in range(n):
        out[O_SEATED + k] = 1
    out[O_NUMS] = view["round"]
    out[O_NUMS + 1] = view["captain"]
    out[O_NUMS + 2] = view["story_track"]
    out[O_NUMS + 3] = view["event_deck"]
    out[O_NUMS + 4] = 1 if view["over"] else 0
    event = view["event"]
    if event is not None:
        out[O_EVENT + _EVENT[event["id"]]] = 1
        out[O_EVENT + len(EVENTS) + (0 if event["side"] == "early" else 1)] = 1
    for obj in view["objectives"]:
        base = O_OBJ + _OBJ[obj["id"]] * (1 + SEATS_MAX)
        out[base] = 1
        for s in obj["claimed_by"]:
            out[base + 1 + (s - me) % n] = 1
    board = view["board"]
    stride = 2 + 2 * SEATS_MAX
    for space in board["spaces"]:
        i = _SPACE.get(space["id"])
        if i is None:
            continue
        base = O_SPACES + i * stride
        out[base] = space["cost"]
        out[base + 1] = 1 if space["closed"] else 0
        for m in space["meeples"]:
            out[base + 2 + 2 * ((m["seat"] - me) % n) + (m["meeple"] == "scientist")] += 1
    for m in board["bump_track"]["meeples"]:
        out[O_BUMP + 2 * ((m["seat"] - me) % n) + (m["meeple"] == "scientist")] += 1
    for d, deck_id in enumerate(DECKS):
        deck = board["cadavers"].get(deck_id)
        if deck is None:
            continue
        out[O_DECKS + d] = deck["cards"]
        if deck["top"] is not None:
            out[O_TOPS + _CAD[deck["top"]["id"]]] = 1
        for card in deck["display"]:
            out[O_DISPLAY + _CAD[card["id"]]] = 1
    drawn = board["drawn"]
    if isinstance(drawn, list):
        for card in drawn:
            out[O_DRAWN + _CAD[card["id"]]] = 1
        out[O_DRAWN + NC] = len(drawn)
    else:
        out[O_DRAWN + NC] = drawn
    for fam, row in board["rows"].items():
        base = O_ROWS[fam]
        index = _FAM[fam]
        for card in row["slots"]:
            if card is not None:
                out[base + index[card["id"]]] = 1
        out[base + len(index)] = row["deck"]
    for loc in board["police"]:
        out[O_POLICE + _LOC[loc]] = 1
    for loc in board["event_markers"]:
        i = _LOC.get(loc)
        if i is not None:
            out[O_MARKERS + i] += 1
    for j, key in enumerate(SUPPLY):
        out[O_SUPPLY + j] = board["supply"][key]
    decision = view.get("decision")
    if decision is not None:
        for die in decision.get("roll", ()):
            out[O_DEC + _ROLL[die["colour"], die["face"]]] += 1
        base = O_DEC + len(ROLL)
        out[base] = decision.get("cubes_left", 0)
        out[base + 1] = decision.get("francs", 0)
        out[base + 2] = decision.get("cards_left", 0)
        out[base + 3] = decision.get("markers_left", 0)
        out[base + 4] = len(decision.get("candidates", ()))
    if seat is not None:
        mine = players[seat]
        for fam, key in (("research", "research"), ("humanity", "humanity_cards")):
            for card in mine.get(key, ()):
                out[O_HAND[fam] + _FAM[fam][card["id"]]] = 1
        for enc in mine.get("held", ()):
            out[O_HELD + _ENC[enc["id"]]] = 1
    nr = len(FAMILIES["research"])
    scores = view["scores"]
    for s, base in L.seats("character", seat, n):
        k = (s - me) % n
        p = players[s]
        out[base + _CHAR[p["character"]]] = 1
        b = L.offsets["numbers"] + k * (len(NUMBERS) + 6)
        for j, key in enumerate(NUMBERS):
            out[b + j] = p[key]
        b += len(NUMBERS)
        out[b] = p["on_card"]["scientists"]
        out[b + 1] = p["on_card"]["assistants"]
        out[b + 2] = p["preserved"]["muscle"]
        out[b + 3] = p["preserved"]["organ"]
        out[b + 4] = p["jars"]["charged"]
        out[b + 5] = p["jars"]["uncharged"]
        b = L.offsets["lab_spaces"] + k * 6
        for j, key in enumerate(("study", "generator")):
            out[b + 3 * j + ("", "assistant", "scientist").index(p["lab_spaces"][key])] = 1
        out[L.offsets["ice"] + k * 3 + ("none", "half-melted", "solid").index(p["ice"])] = 1
        b = L.offsets["track"] + k * len(TRACKED) * _STAGES
        for j, material in enumerate(TRACKED):
            for st, x in enumerate(p["track"][material]):
                out[b + j * _STAGES + st] = x
        b = L.offsets["table_parts"] + k * 6 * (len(PARTS) + 1)
        for j, part in enumerate(p["table"][:6]):
            out[b + j * (len(PARTS) + 1) + _PART[part["state"]]] = 1
            out[b + j * (len(PARTS) + 1) + len(PARTS)] = part["damage"]
        b = L.offsets["cards_seen"] + k * (nr + len(FAMILIES["humanity"]))
        for key, fam, shift in (("research", "research", 0), ("research_seen", "research", 0),
                                ("humanity_cards", "humanity", nr), ("humanity_seen", "humanity", nr)):
            for card in p.get(key, ()):
                out[b + shift + _FAM[fam][card["id"]]] = 1
        row = scores[s]
        if row is not None:
            b = L.offsets["score"] + k * (len(SCORE) + 1)
            for j, key in enumerate(SCORE):
                out[b + j] = row[key]
            out[b + len(SCORE)] = 1


L.order("Spaces", SPACES)
L.order("Cadavers", CADAVERS)
L.order("Scoundrels", FAMILIES["scoundrels"])
L.order("Research cards", FAMILIES["research"])
L.order("Humanity cards", FAMILIES["humanity"])
L.order("Encounters", ENCOUNTERS)
ENCODING["observe"] = observe
ENCODING["observation_legend"] = L.legend
ENCODING["observation_size"] = L.size
ENCODING["observation_fields"] = L.fields
