"""How the research adapters (cardboard.interop) number Abyss's moves: every kind with the domain
of each field, from the default content. A recruit is chosen as its Lord, then each Ally paid (in
the order the payment lists them), then DONE where a payment could stop or go on; a request
names its races one by one; Location and Lord swaps name what they take as a second choice."""
from cardboard.interop.spec import each, step

from .content import RACES, load_content

_content = load_content()
LORDS = [lord.id for lord in _content.lords]
LOCATIONS = [loc.id for loc in _content.locations]
ALLIES = [[race, value] for race in RACES for value in sorted(set(_content.setup.ally_values))]
GAINS = ["pearl", "token", "key"]
SEATS = range(4)

ENCODING = {"moves": {
    "explore": {}, "buy": {}, "decline": {}, "take": {}, "explore_on": {}, "plot": {}, "fight": {},
    "end_turn": {}, "pass": {}, "skip": {}, "keep_smokers": {},
    "request": {"races": each(RACES)},
    "recruit": {"lord": LORDS, "pay": each(ALLIES), "pearls": step(range(0, 41)), "affiliate": step(ALLIES)},
    "location": {"location": LOCATIONS},
    "draw": {"n": range(1, 5)},
    "keep": {"location": LOCATIONS},
    "smokers_swap": {"location": LOCATIONS},
    "reward": {"gains": each(GAINS)},
    "discard": {"ally": ALLIES},
    "sell": {"lord": LORDS, "ally": step(ALLIES)},
    "oracle": {"lord": LORDS, "race": step(RACES)},
    "opportunist": {"lord": LORDS, "court": step(LORDS)},
    "betray": {"give": LORDS, "take": step(LORDS)},
    "scheme": {"give": LORDS},
    "corrupt": {"lord": LORDS},
    "assassinate": {"lord": LORDS},
    "take_stack": {"race": RACES},
    "swap_location": {"give": LOCATIONS, "take": step(LOCATIONS)},
    "use_keys": {"tokens": range(0, 4), "lords": each(LORDS)},
    "hunt": {"seat": SEATS},
}}


# ---------------------------------------------------------------- observation (from view(seat) alone)
from cardboard.interop.features import Layout, index_of  # noqa: E402

from . import phases as _phases  # noqa: E402

PHASES = [v for k, v in vars(_phases).items() if k.isupper() and isinstance(v, str)]
VALUES = sorted(set(_content.setup.ally_values))
TOKEN_VALUES = sorted(set(_content.setup.monster_tokens))
CARD = len(RACES) * len(VALUES)   # an Ally as race x value
SEATS_MAX = 4
_PHASE = index_of(PHASES)
_RACE = index_of(RACES)
_VALUE = index_of(VALUES)
_LORD = index_of(LORDS)
_LOC = index_of(LOCATIONS)
_TOKEN = index_of(TOKEN_VALUES)
_ALLY_WORDS = f"counts of Allies by race x value ({len(RACES)} races [{', '.join(RACES)}] x values {VALUES})"
_LORD_WORDS = f"flags over the {len(LORDS)} Lords (in content order)"
_LOC_WORDS = f"flags over the {len(LOCATIONS)} Locations (in content order)"

L = Layout(max_players=SEATS_MAX)
O_PHASE = L.one_hot("phase", PHASES, "who decides what now")
O_TURN = L.field("to_move", SEATS_MAX, "one-hot of the seat to decide, counted from the observer (0 = the observer)")
O_ACTIVE = L.field("turn_player", SEATS_MAX, "one-hot of the active player, counted from the observer")
O_SEATED = L.field("seated", SEATS_MAX, "1 for each seat at the table, counted from the observer")
O_NUMS = L.field("table", 12, "turn number, action taken this turn (0/1), Threat track position, Threat spaces, "
                             "price of the revealed Ally, Allies bought this turn, Exploration deck size, discard "
                             "size, Lord deck size, Location deck size, Treasury pearls, Key supply")
O_MORE = L.field("table_more", 4, "Monster tokens in the pool, reward space (0 = none), extra turn (0/1), "
                                  "last round (0/1)")
O_BUYERS = L.field("buyers", SEATS_MAX, "1 for each seat that bought from this exploration, counted from the observer")
O_STILL = L.field("still_to_play", SEATS_MAX, "in the last round: 1 for each seat still to play, from the observer")
O_TRACK = L.field("track", 5 * (2 + len(RACES)),
                  "the exploration track, space by space (5): present, Monster, race one-hot "
                  f"[{', '.join(RACES)}] (5); the card's value goes in the 'track_values' field")
O_TRACKV = L.field("track_values", 5, "the value of the Ally on each track space (0: none or a Monster)")
O_COUNCIL = L.field("council", len(RACES), f"the Council stacks' sizes, by race [{', '.join(RACES)}]")
O_COURT = L.field("court", len(LORDS), f"the Lords in the Court: {_LORD_WORDS}")
O_LDISC = L.field("lord_discard", len(LORDS), f"the Lords discarded face up: {_LORD_WORDS}")
O_LOPEN = L.field("locations_open", len(LOCATIONS), f"the face-up Locations: {_LOC_WORDS}")
O_DRAWN = L.field("drawn", len(LOCATIONS) + 1, f"the Locations drawn: {_LOC_WORDS} when the observer is "
                                               "choosing one to keep, then their number")
O_LDECK = L.field("location_deck", len(LOCATIONS), "the Location stack when the observer may search it "
                                                   f"(Black Smokers): {_LOC_WORDS}")
O_HAND = L.field("hand", CARD, f"the observer's own hand: {_ALLY_WORDS}")
O_MYTOK = L.field("token_values", len(TOKEN_VALUES), "the observer's own Monster tokens: how many of each value "
                                                    f"{TOKEN_VALUES}")
L.per_seat("stock", 7, "Pearls, hand size, hand limit, key tokens, keys, Monster tokens, Lords recruited")
L.per_seat("hand_seen", CARD + 1, f"the Allies seen going into the hand: {_ALLY_WORDS}, then Monsters")
L.per_seat("hand_from_council", len(RACES), "Allies taken from Council stacks and not seen: counts by race")
L.per_seat("affiliated", CARD, f"affiliated Allies: {_ALLY_WORDS}")
L.per_seat("lords", len(LORDS), f"the seat's free Lords (2 if its power is disabled): {_LORD_WORDS}")
L.per_seat("lords_at_locations", len(LORDS), f"the seat's Lords locked under its Locations: {_LORD_WORDS}")
L.per_seat("locations", len(LOCATIONS), f"the seat's Locations: {_LOC_WORDS}")
L.per_seat("score", 5, "Influence shown: Locations, Lords, affiliated Allies, Monster tokens "
                       "(the observer's own, else 0), total (the observer's own, else without tokens)")


def _ally(card: dict) -> int:
    return _RACE[card["race"]] * len(VALUES) + _VALUE[card["value"]]


def observe(view: dict, seat, out) -> None:
    """Abyss's features (see observation_fields), written into `out` (zeroed) from the view alone."""
    n = view["players"]
    me = seat or 0
    out[O_PHASE + _PHASE[view["phase"]]] = 1
    for key, base in (("current_player", O_TURN), ("turn_player", O_ACTIVE)):
        s = view[key]
        if s is not None:
            out[base + (s - me) % n] = 1
    for k in range(n):
        out[O_SEATED + k] = 1
    for j, key in enumerate(("turn", "action_taken", "threat", "threat_spaces", "price", "bought_this_turn",
                             "deck_size", "discard_size", "lord_deck_size", "location_deck_size", "treasury",
                             "key_supply")):
        out[O_NUMS + j] = view[key] or 0
    out[O_MORE] = view["token_pool"]
    out[O_MORE + 1] = view["reward_space"] or 0
    out[O_MORE + 2] = 1 if view["extra_turn"] else 0
    last = view["last_round"]
    if last:
        out[O_MORE + 3] = 1
        for s in last["still_to_play"]:
            out[O_STILL + (s - me) % n] = 1
    for s in view["buyers"]:
        out[O_BUYERS + (s - me) % n] = 1
    for i, card in enumerate(view["track"][:5]):
        base = O_TRACK + i * (2 + len(RACES))
        out[base] = 1
        if card.get("monster"):
            out[base + 1] = 1
        else:
            out[base + 2 + _RACE[card["race"]]] = 1
            out[O_TRACKV + i] = card["value"]
    for i, stack in enumerate(view["council"]):
        out[O_COUNCIL + _RACE[stack["race"]]] = stack["size"]
    for lord in view["court"]:
        out[O_COURT + _LORD[lord["id"]]] = 1
    for lord in view["lord_discard"]:
        out[O_LDISC + _LORD[lord["id"]]] = 1
    for loc in view["locations_open"]:
        out[O_LOPEN + _LOC[loc["id"]]] = 1
    drawn = view["drawn"]
    if isinstance(drawn, list):
        for loc in drawn:
            out[O_DRAWN + _LOC[loc["id"]]] = 1
        out[O_DRAWN + len(LOCATIONS)] = len(drawn)
    else:
        out[O_DRAWN + len(LOCATIONS)] = drawn
    for loc in view.get("location_deck", ()):
        out[O_LDECK + _LOC[loc["id"]]] = 1
    seats = view["seats"]
    if seat is not None:
        mine = seats[seat]
        for card in mine.get("hand", ()):
            if not card.get("monster"):
                out[O_HAND + _ally(card)] += 1
        for v in mine.get("token_values", ()):
            out[O_MYTOK + _TOKEN[v]] += 1
    for s, base in L.seats("stock", seat, n):
        p = seats[s]
        for j, key in enumerate(("pearls", "hand_size", "hand_limit", "key_tokens", "keys", "monster_tokens",
                                 "lords_recruited")):
            out[base + j] = p[key] or 0
    for s, base in L.seats("hand_seen", seat, n):
        for card in seats[s]["hand_seen"]:
            out[base + (CARD if card.get("monster") else _ally(card))] += 1
    for s, base in L.seats("hand_from_council", seat, n):
        for entry in seats[s]["hand_from_council"]:
            out[base + _RACE[entry["race"]]] = entry["count"]
    for s, base in L.seats("affiliated", seat, n):
        for card in seats[s]["affiliated"]:
            out[base + _ally(card)] += 1
    for s, base in L.seats("lords", seat, n):
        for lord in seats[s]["lords"]:
            out[base + _LORD[lord["id"]]] = 2 if lord["disabled"] else 1
    for s, base in L.seats("lords_at_locations", seat, n):
        for loc in seats[s]["locations"]:
            for lord in loc["lords"]:
                out[base + _LORD[lord["id"]]] = 1
    for s, base in L.seats("locations", seat, n):
        for loc in seats[s]["locations"]:
            out[base + _LOC[loc["location"]["id"]]] = 1
    for s, base in L.seats("score", seat, n):
        score = seats[s]["score"]
        out[base] = score["locations"]
        out[base + 1] = score["lords"]
        out[base + 2] = score["allies"]
        out[base + 3] = score["tokens"] or 0
        out[base + 4] = score["total"] if score["total"] is not None else score.get("visible_total", 0)


L.order("Lords", LORDS)
L.order("Locations", LOCATIONS)
ENCODING["observe"] = observe
ENCODING["observation_legend"] = L.legend
ENCODING["observation_size"] = L.size
ENCODING["observation_fields"] = L.fields
